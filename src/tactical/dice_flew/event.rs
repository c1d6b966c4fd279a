//! What happens in a Dice Flew battle. Events are the only way a battle changes: `execute`
//! writes them, `apply` makes them so, and they carry the dice they rolled.

use serde::{Deserialize, Serialize};

use super::artillery::{BatteryId, PlannedShot};
use super::state::Pending;
use super::unit::{BattalionId, Kind, Order, UnitId};
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::TablePoint;

/// Figures taken from a unit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Losses {
    /// Officers.
    pub officers: u8,
    /// NCOs.
    pub ncos: u8,
    /// Other figures or vehicles by weapon.
    pub kit: [u8; 9],
}

impl Losses {
    /// Figures in all.
    pub fn total(&self) -> u32 {
        self.officers as u32 + self.ncos as u32 + self.kit.iter().map(|&n| n as u32).sum::<u32>()
    }
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum DfEvent {
    /// A battalion's order was written.
    OrderWritten {
        /// Which.
        battalion: BattalionId,
        /// The order.
        order: Order,
    },
    /// A side equipped a die's company as the other thing its die may be (before the battle);
    /// it stands at `at`, the nearest ground its new kind may stand on.
    Equipped {
        /// Which company.
        unit: UnitId,
        /// What it now is.
        kind: Kind,
        /// Where it stands.
        at: TablePoint,
    },
    /// A line of a battery's fire plan was written.
    FirePlanned {
        /// Which battery.
        battery: BatteryId,
        /// When and where.
        shot: PlannedShot,
    },
    /// A side finished writing orders.
    OrdersDone {
        /// Which.
        side: Side,
    },
    /// A turn began with both sides' initiative dice `[attacker, defender]`; the higher chooses,
    /// a tie keeps last turn's order (`chooser` none).
    Initiative {
        /// The turn.
        turn: u32,
        /// The dice.
        dice: [u8; 2],
        /// Who chooses.
        chooser: Option<Side>,
    },
    /// The order of play this turn.
    FirstIs {
        /// The side going first.
        side: Side,
    },
    /// A side's part of the turn began: its units may act again.
    PartBegan {
        /// Whose.
        side: Side,
    },
    /// A pinned unit tried to rally: a die per officer and NCO.
    Rally {
        /// Which.
        unit: UnitId,
        /// The dice.
        dice: Vec<u8>,
        /// Whether the pin lifted.
        ok: bool,
    },
    /// An order change was tried.
    OrderChange {
        /// Which battalion.
        battalion: BattalionId,
        /// The order asked for.
        order: Order,
        /// The die.
        die: u8,
        /// Its modifier.
        modifier: i32,
        /// Whether it succeeded.
        ok: bool,
    },
    /// A forward observer called for fire: the order-change roll.
    CallForFire {
        /// Which battery.
        battery: BatteryId,
        /// The unit to be shelled.
        target: UnitId,
        /// The die.
        die: u8,
        /// Its modifier.
        modifier: i32,
        /// Whether the guns answer.
        ok: bool,
    },
    /// A battery's shells fall on a point (planned) or on the observed target.
    Bombardment {
        /// Which battery.
        battery: BatteryId,
        /// Where.
        at: TablePoint,
        /// From the fire plan (or called by the observer).
        planned: bool,
    },
    /// A barrage's dice against one unit it struck.
    Barrage {
        /// Which battery.
        battery: BatteryId,
        /// The unit struck.
        target: UnitId,
        /// The dice.
        dice: Vec<u8>,
        /// Hits (soft targets) or vehicles destroyed (armour).
        hits: u32,
        /// The armour's defence the dice met (none for soft targets).
        defence: Option<i32>,
        /// Figures lost.
        losses: Losses,
    },
    /// A patrol was detached from its company.
    Detached {
        /// The company.
        unit: UnitId,
        /// The new patrol's id (the next free one).
        patrol: UnitId,
        /// Riflemen sent.
        men: u8,
        /// Where it stands.
        at: TablePoint,
    },
    /// A patrol rejoined its company.
    Rejoined {
        /// The patrol.
        patrol: UnitId,
        /// The company.
        unit: UnitId,
    },
    /// A unit out of command rolled to move.
    CommandRoll {
        /// Which.
        unit: UnitId,
        /// The die.
        die: u8,
        /// Whether it may move.
        ok: bool,
    },
    /// A unit moved (all the way, or to where its move was interrupted).
    Advanced {
        /// Which.
        unit: UnitId,
        /// Where it now stands.
        to: TablePoint,
        /// Which way it faces.
        facing: f64,
    },
    /// A move stopped for a decision.
    Paused {
        /// The decision.
        pending: Pending,
    },
    /// The enemy let the move go on.
    Passed,
    /// The mover went to ground and stopped.
    WentToGround {
        /// Which.
        unit: UnitId,
    },
    /// A move ended.
    MoveEnded {
        /// Which.
        unit: UnitId,
    },
    /// Direct fire at a soft target.
    Fired {
        /// Who fired.
        shooter: UnitId,
        /// At whom.
        target: UnitId,
        /// The dice.
        dice: Vec<u8>,
        /// The hits.
        hits: u32,
        /// Figures lost.
        losses: Losses,
    },
    /// Anti-tank fire: a die per weapon (or per 5 points of small arms).
    AntiTank {
        /// Who fired.
        shooter: UnitId,
        /// At whom.
        target: UnitId,
        /// The dice.
        dice: Vec<u8>,
        /// Each die's total with its attack value and modifiers.
        totals: Vec<i32>,
        /// The defence they met.
        defence: i32,
        /// Vehicles destroyed.
        losses: Losses,
    },
    /// A unit fell back 2d6″.
    Retreated {
        /// Which.
        unit: UnitId,
        /// The two dice.
        dice: [u8; 2],
        /// Where it stopped.
        to: TablePoint,
    },
    /// A melee: every unit of both sides within 3″ of each other.
    Melee {
        /// The units, `[attacker's, defender's]`.
        units: [Vec<UnitId>; 2],
        /// Each side's dice.
        dice: [Vec<u8>; 2],
        /// Hits each side scored.
        hits: [u32; 2],
        /// Figures each unit lost.
        losses: Vec<(UnitId, Losses)>,
        /// The side that must retreat (none on a tie).
        loser: Option<Side>,
    },
    /// The side's movement ended.
    MovementEnded {
        /// Whose.
        side: Side,
    },
    /// The end-of-movement fire ended.
    FireEnded {
        /// Whose fire.
        side: Side,
    },
    /// A battalion lost enough to be shaken.
    Shaken {
        /// Which.
        battalion: BattalionId,
    },
    /// Every battalion of a side is shaken: its commander concedes.
    Conceded {
        /// Who.
        side: Side,
    },
    /// The battle is over.
    Ended {
        /// How.
        outcome: BattleOutcome,
    },
    /// An on-table gun or mortar company bombards an enemy unit (and may not shoot until its
    /// side's next part).
    Bombarded {
        /// The guns or mortars.
        unit: UnitId,
        /// The unit shelled.
        target: UnitId,
        /// Where the shells fall: the target's ground.
        at: TablePoint,
    },
    /// An on-table bombardment's dice against its target, reckoned as a barrage.
    Shelled {
        /// The guns or mortars.
        unit: UnitId,
        /// The unit struck.
        target: UnitId,
        /// The dice.
        dice: Vec<u8>,
        /// Hits (soft targets) or vehicles destroyed (armour).
        hits: u32,
        /// The armour's defence the dice met (none for soft targets).
        defence: Option<i32>,
        /// Figures lost.
        losses: Losses,
    },
    /// A telephone line was laid back to the CO (for the CO: his exchange was set up).
    LineLaid {
        /// The unit on the new line.
        unit: UnitId,
    },
    /// A unit's telephone line was cut: by an enemy crossing its wire, or by shells on it.
    LineCut {
        /// The unit whose line it was.
        unit: UnitId,
        /// The enemy unit that crossed the wire (none: shellfire).
        by: Option<UnitId>,
    },
    /// A try to change a coming turn's line of a battery's fire plan: the order-change roll.
    PlanChange {
        /// Which battery.
        battery: BatteryId,
        /// The turn of the line.
        turn: u32,
        /// The feature asked for (none: strike the line out).
        feature: Option<u16>,
        /// The die.
        die: u8,
        /// Its modifier.
        modifier: i32,
        /// Whether it went through.
        ok: bool,
    },
}

impl DfEvent {
    /// Dice the event carries.
    pub fn dice(&self) -> u64 {
        match self {
            DfEvent::Initiative { .. } => 2,
            DfEvent::Rally { dice, .. }
            | DfEvent::Fired { dice, .. }
            | DfEvent::AntiTank { dice, .. } => dice.len() as u64,
            DfEvent::OrderChange { .. }
            | DfEvent::CommandRoll { .. }
            | DfEvent::CallForFire { .. } => 1,
            DfEvent::Barrage { dice, .. } | DfEvent::Shelled { dice, .. } => dice.len() as u64,
            DfEvent::PlanChange { .. } => 1,
            DfEvent::Retreated { .. } => 2,
            DfEvent::Melee { dice, .. } => (dice[0].len() + dice[1].len()) as u64,
            _ => 0,
        }
    }
}
