//! What happens in an OMOG 19C battle. Events are the only way a battle changes: `execute`
//! writes them, `apply` makes them so, and the table screen tells them. The events every OMOG
//! ruleset shares come from [`omog_events!`](crate::omog_events); these are 19C's own.

use super::state::{FigureId, HeavyKind, TeamId};
use super::tables::ShotModifier;
use crate::tactical::table::TablePoint;
use crate::tactical::template::Template;

crate::omog_events! {
    /// What happened.
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
        /// The guns of a team moved with it (and must set up again).
        GunMoved {
            /// The team.
            team: TeamId,
            /// Where to.
            to: TablePoint,
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
        /// A heavy weapon fired; `template` is where its disc, cone or diamond landed (none for
        /// a dud or a misfire).
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
    }
}

impl OmogEvent {
    /// Dice the event carries (the battle's dice advance by as many when it is applied).
    pub fn dice(&self) -> u64 {
        match self {
            OmogEvent::Shot { .. } | OmogEvent::HeavyFired { .. } | OmogEvent::CoverSave { .. } => {
                1
            }
            e => e.melee_dice(),
        }
    }
}
