//! What a round of fire would bring before its dice are rolled, for the table screen's hover and
//! prompt: the same reckoning `execute` rolls against (range, cover, fire points and dice, or
//! anti-tank values against the defence that would meet them).

use super::fire::{anti_tank_dice, defence, range, soft_fire, SoftFire};
use super::state::DfState;
use super::unit::UnitId;
use crate::tactical::battlefield::Battlefield;
use crate::tactical::table::TablePoint;

/// A round of fire, before the dice.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotPreview {
    /// Edge-to-edge range, mm.
    pub range: f64,
    /// The target counts as in cover (behind something, or gone to ground).
    pub cover: bool,
    /// Against a soft target: points and dice.
    pub soft: Option<SoftFire>,
    /// Against armour: each anti-tank die's added value, and the defence it must beat.
    pub anti_tank: Option<(Vec<i32>, i32)>,
}

/// The fire `shooter` would bring against `target` standing at `at` (where a move has brought
/// it); `None` if either is not on the table.
pub fn shot_preview(
    field: &Battlefield,
    s: &DfState,
    shooter: UnitId,
    target: UnitId,
    at: TablePoint,
) -> Option<ShotPreview> {
    let sh = s.unit(shooter)?;
    let t = s.unit(target)?;
    let dist = range(sh.at, at);
    // As `execute::fire` reckons it.
    let cover = t.to_ground || field.cover(at, sh.at).is_some();
    let mut placed = t.clone();
    placed.at = at;
    Some(if t.kind.armour().is_some() {
        ShotPreview {
            range: dist,
            cover,
            soft: None,
            anti_tank: Some((
                anti_tank_dice(sh, dist, cover, false),
                defence(&placed, sh.at, false),
            )),
        }
    } else {
        ShotPreview {
            range: dist,
            cover,
            soft: Some(soft_fire(sh, dist, cover)),
            anti_tank: None,
        }
    })
}
