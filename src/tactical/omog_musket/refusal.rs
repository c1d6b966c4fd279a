//! Why OMOG Musket refuses an order: the OMOG core's reasons and the muzzle-loader's. The
//! `Display` is the message the player reads.

use crate::tactical::omog;

/// A refused OMOG Musket order.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// A reason every OMOG ruleset shares (moving, cohesion, charges, sight, range).
    #[error(transparent)]
    Omog(#[from] omog::Refusal),
    /// A shot from an empty weapon.
    #[error(
        "The {0} has not loaded since he last fired: a man loads by staying in place for a move."
    )]
    NotLoaded(String),
    /// The target could not fire back at the shooter where they stand.
    #[error("The {target} could not fire at the {shooter} from where he stands ({what}): you may only shoot at a man who could shoot at you.")]
    CannotFireBack {
        /// The shooter.
        shooter: String,
        /// The target.
        target: String,
        /// What keeps the target from firing back.
        what: &'static str,
    },
}
