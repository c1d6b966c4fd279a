//! What an OMOG Musket player asks for. There is no order to reload: a man whose musket is
//! empty loads it whenever his side ends a move in which he did not change his place.

use serde::{Deserialize, Serialize};

use super::state::FigureId;
use crate::tactical::table::TablePoint;

/// What a player asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum MusketCommand {
    /// Move one figure along a path (its first point is where it stands). `charge` declares a
    /// cavalry or bayonet charge into contact with an enemy.
    Move {
        /// The figure.
        figure: FigureId,
        /// The path, starting at the figure.
        path: Vec<TablePoint>,
        /// Whether it charges.
        #[serde(default)]
        charge: bool,
    },
    /// Let a figure stand this phase: he neither moves (and so may load) nor shoots.
    Hold {
        /// The figure.
        figure: FigureId,
    },
    /// End this side's move: every empty weapon of a man who stayed in place is loaded.
    EndMove,
    /// Fire a loaded weapon at an enemy figure.
    Shoot {
        /// The shooter.
        figure: FigureId,
        /// The target.
        target: FigureId,
    },
    /// End this side's fire.
    EndFire,
}
