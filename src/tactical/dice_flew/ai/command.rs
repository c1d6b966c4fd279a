//! Keeping a battalion in command: its HQ follows its companies, and its companies do not run
//! beyond where the HQ can keep them in command, unless getting there pays.
//!
//! A company beyond its HQ's command radius rolls 2+ for every move and stands still on a 1. An
//! HQ moves like a gun (6″ in the open, 18″ on a road, never through woods, houses or hills), a
//! company 12″ anywhere, so left alone the companies outrun it. So:
//! - the HQ moves first in its side's part, to the spot within its reach that leaves the fewest
//!   of its companies out of command, and among those the nearest to 4″ behind their middle;
//!   it tries the battlefield's best route to the objective (its roads) and straight lines on
//!   bearings round the way it wants;
//! - a company in command ends its move within its command radius of the HQ, plus the HQ's own
//!   move beyond it if the HQ moved this part and is not pinned, so that the HQ, moving first
//!   next part, has it in command again;
//! - the leash is dropped in the last four turns for a company that can get within 6″ of its
//!   place in this move: taking the objective pays for a 2+ roll.

use super::super::check::check;
use super::super::command::DfCommand;
use super::super::state::{DfState, TURN_LIMIT};
use super::super::tables::{allowance, command_radius, Ground};
use super::super::unit::{footprint, Kind, Unit};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::route::Routes;
use crate::tactical::table::{compass_bearing, distance, inches, step, TablePoint};

/// Whether `u`'s straight move to `to` passes clear of every other unit's base: a move the enemy
/// interrupts stops part-way, and must not stop on top of anyone.
pub(super) fn clear_path(s: &DfState, u: &Unit, to: TablePoint) -> bool {
    let (a, d) = (u.at, [to[0] - u.at[0], to[1] - u.at[1]]);
    let len2 = d[0] * d[0] + d[1] * d[1];
    s.units()
        .iter()
        .filter(|v| v.id != u.id && v.alive())
        .all(|v| {
            let t = if len2 > 0.0 {
                (((v.at[0] - a[0]) * d[0] + (v.at[1] - a[1]) * d[1]) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let p = [a[0] + t * d[0], a[1] + t * d[1]];
            // A unit already touching the start is left behind, not crossed.
            distance(p, v.at) >= 2.0 * footprint() || distance(a, v.at) < 2.0 * footprint()
        })
}

/// The distance at which a company counts as at its order's place.
fn arrived() -> f64 {
    inches(6.0)
}

/// The companies an HQ commands (patrols out on their own have no officer to command).
fn commanded<'a>(s: &'a DfState, hq: &'a Unit) -> Vec<&'a Unit> {
    let Some(b) = hq.battalion.or_else(|| s.battalion_led_by(hq.id)) else {
        return Vec::new();
    };
    s.members(b)
        .filter(|c| !c.staff() && c.kind != Kind::Patrol && c.id != hq.id)
        .collect()
}

/// Companies of `cs` that an HQ standing at `at` would leave beyond its command radius.
fn out_of_command(hq: &Unit, cs: &[&Unit], at: TablePoint) -> usize {
    cs.iter()
        .filter(|c| distance(at, c.at) > command_radius(c.radio && hq.radio) - inches(0.5))
        .count()
}

/// 4″ behind the middle of `cs`, on the side away from the place they make for (None if there
/// are none).
pub(super) fn behind(cs: &[&Unit], place: TablePoint) -> Option<TablePoint> {
    if cs.is_empty() {
        return None;
    }
    let n = cs.len() as f64;
    let mid = [
        cs.iter().map(|c| c.at[0]).sum::<f64>() / n,
        cs.iter().map(|c| c.at[1]).sum::<f64>() / n,
    ];
    Some(step(mid, compass_bearing(place, mid), inches(4.0)))
}

/// The HQ's move: up behind its companies, where it leaves fewest of them out of command.
pub(super) fn hq_move(
    field: &Battlefield,
    s: &DfState,
    hq: &Unit,
    place: TablePoint,
) -> Option<DfCommand> {
    let cs = commanded(s, hq);
    let behind = behind(&cs, place)?;
    let score = |at: TablePoint| (out_of_command(hq, &cs, at), distance(at, behind));
    let here = score(hq.at);
    if here.0 == 0 && here.1 < inches(2.0) {
        return None;
    }
    let most = allowance(hq.movement(), Ground::Road).unwrap_or(0.0);
    let want = distance(hq.at, behind).min(most);
    let bearing = compass_bearing(hq.at, behind);
    let mut best: Option<((usize, f64), DfCommand)> = None;
    // Whether a move to `to` is better than staying and than the best so far: if so, it is kept.
    let consider = |to: TablePoint, best: &mut Option<((usize, f64), DfCommand)>| {
        let sc = score(to);
        let better = sc.0 < here.0 || (sc.0 == here.0 && sc.1 < here.1 - inches(0.5));
        if better && best.as_ref().is_none_or(|(b, _)| sc < *b) {
            let cmd = DfCommand::Move { unit: hq.id, to };
            if clear_path(s, hq, to) && check(field, s, &cmd).is_ok() {
                *best = Some((sc, cmd));
                return true;
            }
        }
        false
    };
    // Along the battlefield's best route first (its roads), where a straight line would leave
    // the road an HQ may not.
    if distance(place, field.objective) < inches(1.0) {
        let routes = Routes::of(field);
        for k in [1.0, 0.6, 0.3] {
            if let Some(to) = routes.waypoint(hq.at, most * k) {
                consider(to, &mut best);
            }
        }
    }
    // The straight way first; the ways round only when it leaves a company out of command.
    for (k, turn) in [0.0, 20.0, -20.0, 45.0, -45.0, 70.0, -70.0, 100.0, -100.0]
        .into_iter()
        .enumerate()
    {
        if k == 5 && best.as_ref().is_some_and(|(sc, _)| sc.0 == 0) {
            break;
        }
        let mut len = want;
        while len >= inches(1.0) {
            // The longest legal move on this bearing: shorter ones are no nearer.
            if consider(step(hq.at, bearing + turn, len), &mut best) {
                break;
            }
            len *= 0.7;
        }
    }
    best.map(|(_, c)| c)
}

/// Where a company in command may end its move: within this distance of its HQ. None when it
/// is free to go where it likes: staff, a company already out of command (it rolls anyway), and
/// in the last four turns a company that can reach its place in this move.
pub(super) fn leash(s: &DfState, u: &Unit, place: TablePoint) -> Option<(TablePoint, f64)> {
    if u.staff() {
        return None;
    }
    let most = allowance(u.movement(), Ground::Road).unwrap_or(0.0);
    if s.turn() + 4 >= TURN_LIMIT && distance(u.at, place) <= most + arrived() {
        return None;
    }
    let hq = s.hq(u.battalion?)?;
    // An HQ that did not move this part although its companies are not round it could not
    // follow (boxed in a wood, off its road): it holds nobody back, since a 2+ roll a move is
    // cheaper than an attack that never comes on. It moves first, so by now it has moved if
    // it could.
    if !hq.moved && !hq.pinned {
        let cs = commanded(s, hq);
        let fine = behind(&cs, place).is_some_and(|want| {
            out_of_command(hq, &cs, hq.at) == 0 && distance(hq.at, want) < inches(2.0)
        });
        if !fine {
            return None;
        }
    }
    let r = command_radius(u.radio && hq.radio);
    if distance(hq.at, u.at) > r {
        return None;
    }
    // The HQ's move in the open, if it is free to make it next part: it moved this part (an
    // HQ that did not is stuck, or had no need) and is not pinned.
    let catch_up = if hq.moved && !hq.pinned {
        allowance(hq.movement(), Ground::Open).unwrap_or(0.0)
    } else {
        0.0
    };
    Some((hq.at, r + catch_up))
}
