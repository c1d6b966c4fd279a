//! What an OMOG 19C player asks for: the orders of the move and fire phases.

use serde::{Deserialize, Serialize};

use super::state::{FigureId, TeamId};
use crate::tactical::table::TablePoint;

/// What a player asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum OmogCommand {
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
    /// his place). Three men facing a charging horseman can repel him.
    Face {
        /// The figure.
        figure: FigureId,
        /// The point he turns to face.
        toward: TablePoint,
    },
    /// Let a figure stand this phase: it neither moves (move phase) nor shoots (fire phase).
    Hold {
        /// The figure.
        figure: FigureId,
    },
    /// End this side's move.
    EndMove,
    /// Shoot a small arm at an enemy figure.
    Shoot {
        /// The shooter.
        figure: FigureId,
        /// The target.
        target: FigureId,
    },
    /// Fire a team's fieldpiece: a shell at a point 6″–24″ away, or canister towards a point
    /// under 6″ away.
    FireGun {
        /// The team serving it.
        team: TeamId,
        /// The aiming point.
        at: TablePoint,
    },
    /// Fire a burst from a team's Gatling towards a point.
    FireGatling {
        /// The team serving it.
        team: TeamId,
        /// The aiming point.
        at: TablePoint,
    },
    /// End this side's fire.
    EndFire,
}
crate::move_orders_into!(OmogCommand);
