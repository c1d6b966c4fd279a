//! Moving a unit: its allowance pro-rated over the ground it crosses, what it may not cross,
//! room on the table, and the 2d6″ retreat.

use super::state::DfState;
use super::tables::{allowance, ground, Ground, Movement};
use super::unit::{footprint, Unit, UnitId};
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::sight::Crossed;
use crate::tactical::table::{compass_bearing, distance, inches, step, TablePoint};

/// Why a unit may not take a path.
#[derive(Debug, Clone, PartialEq)]
pub enum Blocked {
    /// The ground itself (off the table, water, a river away from a crossing).
    Ground(String),
    /// Ground its kind may not enter.
    Kind(&'static str),
}

/// A ford or stream waded counts as this much difficult ground.
pub fn ford_cost() -> f64 {
    inches(1.0)
}

/// The share of one move the straight path `from`→`to` takes (at most 1 to be legal).
pub fn move_fraction(
    field: &Battlefield,
    m: Movement,
    from: TablePoint,
    to: TablePoint,
) -> Result<f64, Blocked> {
    let survey = field
        .survey(&[from, to])
        .map_err(|e| Blocked::Ground(e.to_string()))?;
    let mut used = 0.0;
    for leg in &survey.legs {
        let g = ground(&leg.footing);
        let a = allowance(m, g).ok_or(Blocked::Kind(match g {
            Ground::Difficult => "it may not enter difficult ground",
            _ => "it may not leave the road through broken ground",
        }))?;
        used += leg.len / a;
    }
    for (_, c) in &survey.crossed {
        match c {
            Crossed::Ford => {
                let a = allowance(m, Ground::Difficult)
                    .ok_or(Blocked::Kind("it may not ford a river or stream"))?;
                used += ford_cost() / a;
            }
            Crossed::Wall(_) if m == Movement::Towed => {
                return Err(Blocked::Kind("guns and headquarters cannot cross walls"))
            }
            _ => {}
        }
    }
    Ok(used)
}

/// Whether a unit of `side` may stand at `at` without overlapping another living unit.
pub fn room(state: &DfState, who: UnitId, at: TablePoint) -> bool {
    state
        .units()
        .iter()
        .filter(|u| u.alive() && u.id != who)
        .all(|u| distance(u.at, at) >= 2.0 * footprint() - 1e-6)
}

/// Whether `at` is in cover ground (a house or a wood): a retreat stops there.
pub fn cover_ground(field: &Battlefield, at: TablePoint) -> bool {
    field
        .area_kinds_at(at)
        .iter()
        .any(|k| matches!(k, AreaKind::House | AreaKind::Woods))
}

/// Where a unit falling back `dist` straight away from `from` stops: at the first cover it
/// reaches, or short of anything it may not cross, another unit or the table's edge.
pub fn retreat_to(
    field: &Battlefield,
    state: &DfState,
    u: &Unit,
    from: TablePoint,
    dist: f64,
) -> TablePoint {
    let bearing = if from == u.at {
        u.facing.0 + 180.0
    } else {
        compass_bearing(from, u.at)
    };
    let m = u.movement();
    let step_len = inches(0.5);
    let mut at = u.at;
    let mut gone = 0.0;
    while gone + step_len <= dist + 1e-9 {
        let next = step(at, bearing, step_len);
        let ok = field.spec.contains(next)
            && move_fraction(field, m, at, next).is_ok()
            && room(state, u.id, next);
        if !ok {
            break;
        }
        at = next;
        gone += step_len;
        if cover_ground(field, at) && !cover_ground(field, u.at) {
            break;
        }
    }
    at
}
