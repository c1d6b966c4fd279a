//! Who can fire at whom, the same in 19C and Musket: a house, hill or wood between them hides a
//! man, and a man deep in a wood is hidden from fire from outside it.

use super::movement::woods_sight_depth;
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::sight::Sight;
use crate::tactical::table::TablePoint;

/// Why a man cannot be fired at from a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unseen {
    /// Something stands between them.
    Blocked(AreaKind),
    /// He is more than 2″ inside a wood.
    DeepInWoods,
}

impl Unseen {
    /// What blocks the line, in words ("a house").
    pub fn what(self) -> &'static str {
        match self {
            Unseen::Blocked(AreaKind::House) => "a house",
            Unseen::Blocked(AreaKind::Woods) | Unseen::DeepInWoods => "woods",
            Unseen::Blocked(AreaKind::Hill) => "a hill",
            Unseen::Blocked(AreaKind::Water | AreaKind::Swamp) => "terrain",
        }
    }
}

/// Whether a man at `from` may fire directly at a man at `to`.
pub fn line_of_fire(field: &Battlefield, from: TablePoint, to: TablePoint) -> Result<(), Unseen> {
    match field.sight(from, to) {
        Sight::Blocked { by, .. } => Err(Unseen::Blocked(by)),
        Sight::Clear { woods_depth_mm } => {
            let from_in_woods = field.area_kinds_at(from).contains(&AreaKind::Woods);
            if !from_in_woods && woods_depth_mm > woods_sight_depth() + 1e-9 {
                Err(Unseen::DeepInWoods)
            } else {
                Ok(())
            }
        }
    }
}
