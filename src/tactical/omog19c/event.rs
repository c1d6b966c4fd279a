//! What happens in an OMOG 19C battle. Events are the only way a battle changes: `execute`
//! writes them, `apply` makes them so, and the table screen tells them.

use serde::{Deserialize, Serialize};

use super::state::{FigureId, HeavyKind, Phase, TeamId};
use super::tables::{Mount, ShotModifier};
use crate::tactical::omog::TurnEvent;
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::TablePoint;
use crate::tactical::template::Template;

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum OmogEvent {
    /// A figure moved.
    Moved {
        /// Who.
        figure: FigureId,
        /// Where to.
        to: TablePoint,
        /// The share of its move used.
        used: f64,
        /// Whether it charged.
        charge: bool,
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
    /// A figure stood for the phase: he neither moves (move phase) nor shoots (fire phase).
    Held {
        /// Who.
        figure: FigureId,
    },
    /// The guns of a team moved with it (and must set up again).
    GunMoved {
        /// The team.
        team: TeamId,
        /// Where to.
        to: TablePoint,
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
    /// A small-arms shot.
    Shot {
        /// The shooter.
        figure: FigureId,
        /// The target.
        target: FigureId,
        /// The roll needed.
        need: u8,
        /// Modifiers applied.
        modifiers: Vec<ShotModifier>,
        /// The die.
        roll: u8,
        /// Whether it hit.
        hit: bool,
    },
    /// A heavy weapon fired; `template` is where its disc, cone or diamond landed (none for a
    /// dud or a misfire).
    HeavyFired {
        /// The team.
        team: TeamId,
        /// Fieldpiece or Gatling.
        kind: HeavyKind,
        /// The die.
        roll: u8,
        /// Where the template lies.
        template: Option<Template>,
    },
    /// A figure under a heavy weapon's template rolled for its cover.
    CoverSave {
        /// Who.
        figure: FigureId,
        /// The roll needed.
        need: u8,
        /// The die.
        roll: u8,
        /// Whether it survived.
        saved: bool,
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

impl OmogEvent {
    /// Dice the event carries (the battle's dice advance by as many when it is applied).
    pub fn dice(&self) -> u64 {
        match self {
            OmogEvent::Shot { .. } | OmogEvent::HeavyFired { .. } | OmogEvent::CoverSave { .. } => {
                1
            }
            OmogEvent::Melee { opponents, .. } => {
                1 + opponents.iter().filter(|(_, t)| t.is_some()).count() as u64
            }
            _ => 0,
        }
    }

    /// The OMOG core's turn event this is, if it is one.
    pub fn as_turn(&self) -> Option<TurnEvent> {
        Some(match *self {
            OmogEvent::PhaseBegan { turn, phase } => TurnEvent::PhaseBegan { turn, phase },
            OmogEvent::TurnBegan { turn, first } => TurnEvent::TurnBegan { turn, first },
            OmogEvent::ObjectiveHeld { side, turns } => TurnEvent::ObjectiveHeld { side, turns },
            OmogEvent::ObjectiveOpen => TurnEvent::ObjectiveOpen,
            OmogEvent::BattleOver { outcome } => TurnEvent::BattleOver { outcome },
            _ => return None,
        })
    }
}

impl From<TurnEvent> for OmogEvent {
    fn from(e: TurnEvent) -> OmogEvent {
        match e {
            TurnEvent::PhaseBegan { turn, phase } => OmogEvent::PhaseBegan { turn, phase },
            TurnEvent::TurnBegan { turn, first } => OmogEvent::TurnBegan { turn, first },
            TurnEvent::ObjectiveHeld { side, turns } => OmogEvent::ObjectiveHeld { side, turns },
            TurnEvent::ObjectiveOpen => OmogEvent::ObjectiveOpen,
            TurnEvent::BattleOver { outcome } => OmogEvent::BattleOver { outcome },
        }
    }
}
