//! Why 6+ refuses an order. The `Display` is the message the player reads.

use super::ground::Blocker;

/// A refused 6+ order.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// The battle is over.
    #[error("The battle is over.")]
    Over,
    /// The chance card drawn this turn forbids it.
    #[error("The chance card {0:?} forbids that this turn.")]
    Card(&'static str),
    /// No such block, or it has been eliminated.
    #[error("There is no such block on the table.")]
    NoUnit,
    /// The block is the other side's.
    #[error("That block is not yours.")]
    NotYours,
    /// The order belongs to the other phase.
    #[error("That is done in the {0} phase.")]
    WrongPhase(&'static str),
    /// The block has already moved, loaded, charged or changed formation this turn.
    #[error("The {0} has already used its movement phase this turn.")]
    AlreadyActed(String),
    /// A move longer than the allowance.
    #[error("The {what} moves at most {max:.0} mm this turn; that is {asked:.0} mm.")]
    TooFar {
        /// The block.
        what: String,
        /// Its allowance (with the road bonus if the whole move is on road).
        max: f64,
        /// The distance asked.
        asked: f64,
    },
    /// Ground the block may not enter.
    #[error("The {what} cannot go there: {why}.")]
    Ground {
        /// The block.
        what: String,
        /// What is in the way.
        why: &'static str,
    },
    /// The way is blocked by another block.
    #[error("The {what} cannot pass through the {other}: only skirmishers pass through blocks or are passed through.")]
    Through {
        /// The mover.
        what: String,
        /// The block in the way.
        other: String,
    },
    /// It would end on top of another block.
    #[error("The {what} would end on top of the {other}.")]
    Overlap {
        /// The mover.
        what: String,
        /// The block it would overlap.
        other: String,
    },
    /// Infantry in square stays put.
    #[error("A square cannot move or shoot; form line or column first.")]
    InSquare,
    /// A formation this block cannot take.
    #[error("The {0} cannot take that formation.")]
    BadFormation(String),
    /// Only cavalry charges.
    #[error("Only cavalry charges; the {0} may only move.")]
    NotCavalry(String),
    /// A charge turning more than 45°.
    #[error("A charging block turns at most 45° at the start; that is {0:.0}°.")]
    ChargeTurn(f64),
    /// The target is not straight ahead within 6 cm, or someone else is in the way.
    #[error("Riding straight ahead, the {what} would not reach the {target} within 6 cm.")]
    ChargeMiss {
        /// The charger.
        what: String,
        /// Its target.
        target: String,
    },
    /// The target is already charged this turn.
    #[error("The {0} is already charged this turn: one charger per block.")]
    AlreadyCharged(String),
    /// The target is in square.
    #[error("Cavalry cannot charge infantry in square.")]
    Square,
    /// The charge would end in a town, where cavalry may not end a move.
    #[error("Cavalry may not end a move in a town, and a charge that destroys its target ends in contact.")]
    ChargeIntoTown,
    /// This block does not shoot.
    #[error("The {0} does not shoot.")]
    NoFire(String),
    /// It has fired and not loaded since.
    #[error("The {0} is not loaded: a block loads instead of moving.")]
    NotLoaded(String),
    /// Loading a loaded block.
    #[error("The {0} is already loaded.")]
    Loaded(String),
    /// It moved, and is not skirmishers.
    #[error("The {0} moved this turn: only skirmishers shoot after moving.")]
    Moved(String),
    /// It has shot this turn.
    #[error("The {0} has already shot this turn.")]
    AlreadyShot(String),
    /// The target is in hand-to-hand.
    #[error("The {0} is in hand-to-hand: shooting into the mêlée would hit friends as well.")]
    Engaged(String),
    /// The target is already destroyed (it leaves in the eliminating phase).
    #[error("The {0} already has twelve hits.")]
    Destroyed(String),
    /// Outside the front arc.
    #[error("The {0} is outside the shooter's 90° field of fire.")]
    Arc(String),
    /// Too far.
    #[error("The {target} is {dist:.0} mm away; the range is {range:.0} mm.")]
    Range {
        /// The target.
        target: String,
        /// Distance.
        dist: f64,
        /// Range.
        range: f64,
    },
    /// Something on the ground blocks the view.
    #[error("The {target} cannot be seen: {by:?} in the way.")]
    Sight {
        /// The target.
        target: String,
        /// What blocks it.
        by: Blocker,
    },
    /// Another block is in the line of fire and the shooter is not artillery.
    #[error("The {0} is in the line of fire: only artillery fires over other blocks.")]
    Screened(String),
    /// The rally order is wrong.
    #[error("{0}")]
    Rally(&'static str),
}
