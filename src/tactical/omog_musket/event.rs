//! What happens in an OMOG Musket battle. Events are the only way a battle changes: `execute`
//! writes them, `apply` makes them so, and the table screen tells them.

use serde::{Deserialize, Serialize};

use super::state::{FigureId, Phase};
use super::tables::{Mount, ShotModifier};
use crate::tactical::omog::TurnEvent;
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::TablePoint;

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum MusketEvent {
    /// A figure moved.
    Moved {
        /// Who.
        figure: FigureId,
        /// Where to.
        to: TablePoint,
        /// The share of its move used.
        used: f64,
        /// The man it charged, if it charged.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        charged: Option<FigureId>,
    },
    /// A figure mounted or dismounted where he stands.
    Remounted {
        /// Who.
        figure: FigureId,
        /// On foot or mounted now.
        mount: Mount,
    },
    /// A figure climbed onto the roof of the house he stands in.
    Climbed {
        /// Who.
        figure: FigureId,
    },
    /// A figure turned in place (his move order).
    Faced {
        /// Who.
        figure: FigureId,
        /// The compass bearing he faces now.
        bearing: f64,
    },
    /// A figure stood for the phase.
    Held {
        /// Who.
        figure: FigureId,
    },
    /// A man who stayed in place loaded his weapon at the end of his side's move.
    Reloaded {
        /// Who.
        figure: FigureId,
    },
    /// A phase began.
    PhaseBegan {
        /// Turn number.
        turn: u32,
        /// The phase.
        phase: Phase,
    },
    /// A new turn began: every figure may act again.
    TurnBegan {
        /// Turn number.
        turn: u32,
        /// The side moving first.
        first: Side,
    },
    /// A shot: the weapon is empty after it.
    Shot {
        /// The shooter.
        figure: FigureId,
        /// The target.
        target: FigureId,
        /// The range it was taken at, mm (half the distance for a man charging the shooter).
        range: f64,
        /// The roll needed.
        need: u8,
        /// Modifiers applied.
        modifiers: Vec<ShotModifier>,
        /// The die.
        roll: u8,
        /// Whether it hit.
        hit: bool,
    },
    /// A figure was hit and will fall when both sides have fired.
    Hit {
        /// Who.
        figure: FigureId,
    },
    /// A figure is out of the fight.
    Down {
        /// Who.
        figure: FigureId,
    },
    /// A hand-to-hand fight between `lone` and the enemies in contact with him.
    Melee {
        /// The figure fighting alone.
        lone: FigureId,
        /// His total.
        lone_total: i8,
        /// Each opponent and his total (`None` for the third of three, who needs no roll).
        opponents: Vec<(FigureId, Option<i8>)>,
        /// Who fell.
        fallen: Vec<FigureId>,
    },
    /// A side held the objective at the end of a turn.
    ObjectiveHeld {
        /// Who.
        side: Side,
        /// Turn ends in a row.
        turns: u32,
    },
    /// Nobody held the objective at the end of a turn.
    ObjectiveOpen,
    /// The battle is over.
    BattleOver {
        /// How it ended.
        outcome: BattleOutcome,
    },
}

impl MusketEvent {
    /// Dice the event carries (the battle's dice advance by as many when it is applied).
    pub fn dice(&self) -> u64 {
        match self {
            MusketEvent::Shot { .. } => 1,
            MusketEvent::Melee { opponents, .. } => {
                1 + opponents.iter().filter(|(_, t)| t.is_some()).count() as u64
            }
            _ => 0,
        }
    }

    /// The OMOG core's turn event this is, if it is one.
    pub fn as_turn(&self) -> Option<TurnEvent> {
        Some(match *self {
            MusketEvent::PhaseBegan { turn, phase } => TurnEvent::PhaseBegan { turn, phase },
            MusketEvent::TurnBegan { turn, first } => TurnEvent::TurnBegan { turn, first },
            MusketEvent::ObjectiveHeld { side, turns } => TurnEvent::ObjectiveHeld { side, turns },
            MusketEvent::ObjectiveOpen => TurnEvent::ObjectiveOpen,
            MusketEvent::BattleOver { outcome } => TurnEvent::BattleOver { outcome },
            _ => return None,
        })
    }
}

impl From<TurnEvent> for MusketEvent {
    fn from(e: TurnEvent) -> MusketEvent {
        match e {
            TurnEvent::PhaseBegan { turn, phase } => MusketEvent::PhaseBegan { turn, phase },
            TurnEvent::TurnBegan { turn, first } => MusketEvent::TurnBegan { turn, first },
            TurnEvent::ObjectiveHeld { side, turns } => MusketEvent::ObjectiveHeld { side, turns },
            TurnEvent::ObjectiveOpen => MusketEvent::ObjectiveOpen,
            TurnEvent::BattleOver { outcome } => MusketEvent::BattleOver { outcome },
        }
    }
}
