//! What a 6+ player asks for, one block at a time.

use serde::{Deserialize, Serialize};

use super::state::{Formation, UnitId};
use crate::tactical::table::TablePoint;

/// What a player asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum SixCommand {
    /// Move a block: it pivots on its centre to face `to`, goes straight there, and pivots to
    /// `facing` (compass degrees). `to` equal to where it stands is a pivot on the spot.
    Move {
        /// The block.
        unit: UnitId,
        /// Where its centre ends.
        to: TablePoint,
        /// Its facing at the end.
        facing: f64,
    },
    /// Charge with cavalry: turn to `facing` (at most 45°), then ride straight ahead into
    /// contact with `target`, at most 6 cm away.
    Charge {
        /// The charging cavalry.
        unit: UnitId,
        /// The enemy block.
        target: UnitId,
        /// Its facing after the one turn.
        facing: f64,
    },
    /// Load instead of moving.
    Reload {
        /// The block.
        unit: UnitId,
    },
    /// Change formation instead of moving.
    Form {
        /// The block.
        unit: UnitId,
        /// The new formation.
        formation: Formation,
    },
    /// End the movement phase.
    EndMove,
    /// (Optional General) take up to six hits off the General or a friend in base contact.
    Rally {
        /// The General.
        general: UnitId,
        /// The block rallied.
        unit: UnitId,
    },
    /// Shoot at an enemy block.
    Shoot {
        /// The shooter.
        unit: UnitId,
        /// The target.
        target: UnitId,
    },
    /// End shooting: hand-to-hand is fought, the destroyed are eliminated, the turn passes.
    EndShooting,
}
