//! What happens in an OMOG Musket battle. Events are the only way a battle changes: `execute`
//! writes them, `apply` makes them so, and the table screen tells them. The events every OMOG
//! ruleset shares come from [`omog_events!`](crate::omog_events); these are Musket's own.

use super::state::FigureId;
use super::tables::ShotModifier;
use crate::tactical::table::TablePoint;

crate::omog_events! {
    /// What happened.
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
        /// A man who stayed in place loaded his weapon at the end of his side's move.
        Reloaded {
            /// Who.
            figure: FigureId,
        },
        /// A shot: the weapon is empty after it.
        Shot {
            /// The shooter.
            figure: FigureId,
            /// The target.
            target: FigureId,
            /// The range it was taken at, mm (half the distance for a man charging the
            /// shooter).
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
    }
}

impl MusketEvent {
    /// Dice the event carries (the battle's dice advance by as many when it is applied).
    pub fn dice(&self) -> u64 {
        match self {
            MusketEvent::Shot { .. } => 1,
            e => e.melee_dice(),
        }
    }
}
