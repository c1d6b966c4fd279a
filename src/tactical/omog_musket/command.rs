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
    /// Move one figure along a path, then mount (a man on foot who has a horse) or dismount
    /// (a horseman): a HALF move on top of the path. Not in a swamp, at a ford or over a wall.
    Remount {
        /// The figure.
        figure: FigureId,
        /// The path, starting at the figure (two equal points to stay where he is).
        path: Vec<TablePoint>,
    },
    /// Move one figure along a path into a house and up onto its roof, a high place: climbing,
    /// so a SHORT move at most. Any move from a roof climbs down the same way.
    Climb {
        /// The figure.
        figure: FigureId,
        /// The path, starting at the figure, ending in a house.
        path: Vec<TablePoint>,
    },
    /// Turn a figure in place to face a point: his order of the move phase (he does not change
    /// his place, so he may still load). Three men facing a charging horseman can repel him.
    Face {
        /// The figure.
        figure: FigureId,
        /// The point he turns to face.
        toward: TablePoint,
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
crate::move_orders_into!(MusketCommand);
