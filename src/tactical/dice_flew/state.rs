//! A Dice Flew battle's whole state: units, battalions and their orders, the named features,
//! the turn and its phase, the decision a move is waiting on, and the battle's dice. Private
//! fields, read through methods; changed only by [`super::apply`].

use serde::{Deserialize, Serialize};

use super::artillery::{Battery, BatteryId};
use super::features::Feature;
use super::unit::{Action, Battalion, BattalionId, Order, Unit, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::omog::Dice;
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::{distance, inches, TablePoint};

/// Turns in a battle: at the end of the last, the objective decides.
pub const TURN_LIMIT: u32 = 10;

/// Where a battle stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", content = "side", rename_all = "snake_case")]
pub enum Phase {
    /// Before the battle: the side writes its battalions' orders.
    Orders(Side),
    /// The side that won the initiative roll chooses to go first or second.
    Initiative(Side),
    /// The side's part of the turn: order changes, then movement (the enemy may shoot into it).
    Move(Side),
    /// At the end of the other side's movement, this side's eligible companies may fire.
    Fire(Side),
    /// The battle is over.
    Over,
}

/// A decision that interrupts a move part-way (the strategic engine's `Pending`, here).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "pending", rename_all = "snake_case")]
pub enum Pending {
    /// The mover has come into the sights of these enemy companies: the enemy fires one of them
    /// or passes.
    Interrupt {
        /// The moving unit.
        mover: UnitId,
        /// Where its move is going.
        dest: TablePoint,
        /// The companies that may fire at it now.
        shooters: Vec<UnitId>,
    },
    /// A company fires at the mover: its owner goes to ground (and stops) or pushes on.
    React {
        /// The moving unit.
        mover: UnitId,
        /// Where its move is going.
        dest: TablePoint,
        /// The company firing.
        shooter: UnitId,
    },
}

/// The battle.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DfState {
    pub(super) units: Vec<Unit>,
    pub(super) battalions: Vec<Battalion>,
    pub(super) features: Vec<Feature>,
    pub(super) turn: u32,
    pub(super) phase: Phase,
    pub(super) first: Side,
    pub(super) pending: Option<Pending>,
    /// Shooters that passed on the move in progress.
    pub(super) declined: Vec<UnitId>,
    /// Who fired at whom in the current part.
    pub(super) fired: Vec<(UnitId, UnitId)>,
    pub(super) outcome: Option<BattleOutcome>,
    pub(super) dice: Dice,
    /// Off-table batteries.
    #[serde(default)]
    pub(super) batteries: Vec<Battery>,
    /// On-table guns and mortars that bombarded since their side's part began.
    #[serde(default)]
    pub(super) bombarded: Vec<UnitId>,
    /// Each battery's last fire-plan change tried, with its turn (one try a turn).
    #[serde(default)]
    pub(super) plans_tried: Vec<(BatteryId, u32)>,
}

impl DfState {
    /// A battle from its pieces: for deployment and hand-made positions.
    pub fn new(
        units: Vec<Unit>,
        battalions: Vec<Battalion>,
        features: Vec<Feature>,
        seed: u64,
    ) -> DfState {
        DfState {
            units,
            battalions,
            features,
            turn: 0,
            phase: Phase::Orders(Side::Attacker),
            first: Side::Attacker,
            pending: None,
            declined: Vec::new(),
            fired: Vec::new(),
            outcome: None,
            dice: Dice::new(seed),
            batteries: Vec::new(),
            bombarded: Vec::new(),
            plans_tried: Vec::new(),
        }
    }

    /// Whether an on-table gun or mortar company has bombarded since its side's part began
    /// (it may not shoot until its next part).
    pub fn has_bombarded(&self, id: UnitId) -> bool {
        self.bombarded.contains(&id)
    }

    /// Whether a change to the battery's fire plan has been tried this turn.
    pub fn plan_tried(&self, b: BatteryId) -> bool {
        self.plans_tried.contains(&(b, self.turn))
    }

    /// Off-table batteries of both sides.
    pub fn batteries(&self) -> &[Battery] {
        &self.batteries
    }

    /// A battery.
    pub fn battery(&self, id: BatteryId) -> Option<&Battery> {
        self.batteries.get(id.0 as usize)
    }

    /// Whether a patrol is within half a move of its company, and so part of it; beyond that
    /// it counts as a company of its own. `None` for a unit that is not a patrol (or whose
    /// company is gone).
    pub fn with_company(&self, patrol: UnitId) -> Option<bool> {
        let p = self.unit(patrol)?;
        let c = self.unit(p.parent?).filter(|c| c.alive())?;
        let half = super::tables::allowance(p.movement(), super::tables::Ground::Open)? / 2.0;
        Some(p.gap(c) <= half + 1e-9)
    }

    /// Every unit, living or not, by id.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// A unit.
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.get(id.0 as usize)
    }

    /// Living units of `side`.
    pub fn living(&self, side: Side) -> impl Iterator<Item = &Unit> + '_ {
        self.units
            .iter()
            .filter(move |u| u.side == side && u.alive())
    }

    /// Every battalion.
    pub fn battalions(&self) -> &[Battalion] {
        &self.battalions
    }

    /// A battalion.
    pub fn battalion(&self, id: BattalionId) -> Option<&Battalion> {
        self.battalions.get(id.0 as usize)
    }

    /// The named features orders refer to.
    pub fn features(&self) -> &[Feature] {
        &self.features
    }

    /// The turn, from 1 (0 while orders are written).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The side moving first this turn.
    pub fn first(&self) -> Side {
        self.first
    }

    /// The decision a move is waiting on.
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// How the battle ended.
    pub fn outcome(&self) -> Option<BattleOutcome> {
        self.outcome
    }

    /// The battle's dice.
    pub fn dice(&self) -> &Dice {
        &self.dice
    }

    /// Whether `shooter` has fired at `target` in this part.
    pub fn has_fired_at(&self, shooter: UnitId, target: UnitId) -> bool {
        self.fired.contains(&(shooter, target))
    }

    /// Whether `shooter` passed on the move in progress.
    pub fn declined(&self, shooter: UnitId) -> bool {
        self.declined.contains(&shooter)
    }

    /// The army commander of `side`, if alive.
    pub fn co(&self, side: Side) -> Option<&Unit> {
        self.living(side).find(|u| u.kind == super::unit::Kind::Co)
    }

    /// The battalion's HQ, if alive.
    pub fn hq(&self, b: BattalionId) -> Option<&Unit> {
        let hq = self.battalion(b)?.hq;
        self.unit(hq).filter(|u| u.alive())
    }

    /// The battalion unit `id` heads: a battalion HQ's, or the detached company's of a CO who
    /// commands one himself (a side of a single company).
    pub fn battalion_led_by(&self, id: UnitId) -> Option<BattalionId> {
        self.battalions.iter().find(|b| b.hq == id).map(|b| b.id)
    }

    /// The living units of a battalion, its HQ included.
    pub fn members(&self, b: BattalionId) -> impl Iterator<Item = &Unit> + '_ {
        self.units
            .iter()
            .filter(move |u| u.battalion == Some(b) && u.alive())
    }

    /// The order a battalion acts under now: hold where its HQ stands while it awaits its start
    /// turn, hold the place once it has got there, otherwise its written order.
    pub fn effective_order(&self, b: BattalionId) -> Option<(Action, TablePoint)> {
        let bat = self.battalion(b)?;
        let order: Order = bat.order?;
        let at = self.features.get(order.feature as usize)?.at;
        if self.turn < order.start_turn {
            let here = self.hq(b).map(|u| u.at).unwrap_or(at);
            return Some((Action::Hold, here));
        }
        if order.action != Action::Hold && self.reached(b, at) {
            return Some((Action::Hold, at));
        }
        Some((order.action, at))
    }

    /// Whether half or more of a battalion's units stand within 6″ of `at`.
    pub fn reached(&self, b: BattalionId, at: TablePoint) -> bool {
        let (n, there) = self.members(b).fold((0, 0), |(n, t), u| {
            (n + 1, t + (distance(u.at, at) <= inches(6.0)) as u32)
        });
        n > 0 && 2 * there >= n
    }

    /// Figures lost, `[attacker, defender]`.
    pub fn losses(&self) -> [u32; 2] {
        let mut l = [0, 0];
        for u in &self.units {
            l[u.side.index()] += u.lost();
        }
        l
    }
}

/// After the last turn: the attacker wins if it holds the objective — a unit of its own within
/// 6″ and none of the defender's — otherwise it is a stand-off.
pub fn objective_outcome(s: &DfState, field: &Battlefield) -> BattleOutcome {
    let near = |side, pinned_too: bool| {
        s.living(side).any(|u| {
            (pinned_too || !u.pinned) && distance(u.at, field.objective) <= inches(6.0) + 1e-9
        })
    };
    if near(Side::Attacker, false) && !near(Side::Defender, true) {
        BattleOutcome::AttackerWins
    } else {
        BattleOutcome::StandOff
    }
}
