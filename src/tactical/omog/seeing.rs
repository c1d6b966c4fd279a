//! Who can fire at whom, the same in 19C and Musket: a house, hill or wood between them hides a
//! man, and a man deep in a wood is hidden from anyone outside that wood — both ways, since if
//! he cannot be hit he cannot fire back.

use super::movement::woods_sight_depth;
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::sight::Sight;
use crate::tactical::table::TablePoint;

/// Why a man cannot be fired at from a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unseen {
    /// Something stands between them.
    Blocked(AreaKind),
    /// The target is more than 2″ inside a wood the shooter is not in.
    DeepInWoods,
    /// The shooter is more than 2″ inside a wood the target is not in.
    ShooterDeepInWoods,
}

impl Unseen {
    /// What blocks the line, in words ("a house").
    pub fn what(self) -> &'static str {
        match self {
            Unseen::Blocked(AreaKind::House) => "a house",
            Unseen::Blocked(AreaKind::Woods) | Unseen::DeepInWoods | Unseen::ShooterDeepInWoods => {
                "woods"
            }
            Unseen::Blocked(AreaKind::Hill) => "a hill",
            Unseen::Blocked(AreaKind::Water | AreaKind::Swamp) => "terrain",
        }
    }
}

/// Whether a man at `from` may fire directly at a man at `to`: nothing between them, and
/// neither more than 2″ (measured along the line) inside a wood the other is not in. Two men in
/// the same wood see each other whatever the depth.
pub fn line_of_fire(field: &Battlefield, from: TablePoint, to: TablePoint) -> Result<(), Unseen> {
    match field.sight(from, to) {
        Sight::Blocked { by, .. } => Err(Unseen::Blocked(by)),
        Sight::Clear {
            woods_depth_at: [at_from, at_to],
            ..
        } => {
            let deep = |d: f64| d > woods_sight_depth() + 1e-9;
            if deep(at_to) {
                Err(Unseen::DeepInWoods)
            } else if deep(at_from) {
                Err(Unseen::ShooterDeepInWoods)
            } else {
                Ok(())
            }
        }
    }
}
