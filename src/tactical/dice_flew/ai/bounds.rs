//! The attack's bounds, as the text's players fight it: a rifle company does not walk into the
//! reach of every defending company at once. Each one it comes on under rolls its dice during
//! the move and again at the end of it, and any loss pins; three defending companies against
//! two attacking ones win that firefight three dice to two (`omms battle --png … --after-turns
//! 3` at Mauren). So a company bound for the objective picks, among the moves it could make
//! (straight on, either side, and round a flank when its battalion's attack order leaves it
//! free), the one that leaves it under the fewest unpinned enemy companies whose fire would
//! roll dice there, then one from which it has a shot of its own (fire is concentrated on the
//! one company it faces, beyond the others' reach), then the ground gained, then cover. Where
//! every way on walks it under two or more, it stays and fires, or waits out of sight, until
//! the others are pinned; from turn 8 everyone goes for the objective regardless.

use super::super::check::check;
use super::super::command::DfCommand;
use super::super::fire::{closest_target, sees, shot_dice};
use super::super::movement::cover_ground;
use super::super::state::{DfState, TURN_LIMIT};
use super::super::unit::Unit;
use super::command::clear_path;
use crate::tactical::battlefield::Battlefield;
use crate::tactical::table::{compass_bearing, distance, inches, step, Facing, TablePoint};

/// The unpinned enemy companies whose fire would roll dice at `u` standing at `p`, seen.
fn threats(field: &Battlefield, s: &DfState, u: &Unit, p: TablePoint) -> usize {
    s.living(u.side.other())
        .filter(|e| !e.staff() && !e.pinned)
        .filter(|e| shot_dice(s, e, u, p) > 0 && sees(field, e.at, p))
        .count()
}

/// Whether `u` standing at `p` facing `bearing` would have a shot that rolls dice.
fn has_shot(field: &Battlefield, s: &DfState, u: &Unit, p: TablePoint, bearing: f64) -> bool {
    let mut there = u.clone();
    there.at = p;
    there.facing = Facing(bearing);
    closest_target(field, s, &there, None).is_some_and(|(t, at)| {
        s.unit(t)
            .is_some_and(|t| !t.staff() && shot_dice(s, &there, t, at) > 0)
    })
}

/// A spot's worth to an attacking company: fewest threats first, then a shot of its own, then
/// ground gained, then cover (compared as a tuple, greatest best).
type Worth = (i64, bool, i64, bool);

fn worth(
    field: &Battlefield,
    s: &DfState,
    u: &Unit,
    place: TablePoint,
    p: TablePoint,
    bearing: f64,
) -> Worth {
    // One threat is the firefight the company has come for; more is the trap.
    let t = threats(field, s, u, p).max(1) as i64;
    let gained = distance(u.at, place) - distance(p, place);
    (
        -t,
        has_shot(field, s, u, p, bearing),
        // In steps of 3″: a shorter move that is safer is not lost to a fraction of ground.
        (gained / inches(3.0)).floor() as i64,
        cover_ground(field, p),
    )
}

/// The bound an attacking rifle company makes towards `place`, `Some(None)` to stay where it
/// is, or `None` when bounds do not apply (late in the battle, or nothing to weigh) and the
/// plain advance decides. `most` is its longest move; `held` says whether a spot is beyond
/// its HQ's leash; `route` the points along the battlefield's best route it could move to
/// (round rivers and over bridges), tried beside the straight bearings.
pub(super) fn bound(
    field: &Battlefield,
    s: &DfState,
    u: &Unit,
    place: TablePoint,
    most: f64,
    route: &[TablePoint],
    held: &dyn Fn(TablePoint) -> bool,
) -> Option<Option<DfCommand>> {
    if s.turn() + 2 >= TURN_LIMIT {
        return None;
    }
    let ahead = compass_bearing(u.at, place);
    let here = worth(field, s, u, place, u.at, u.facing.0);
    let mut best: Option<(Worth, DfCommand)> = None;
    let consider = |to: TablePoint, best: &mut Option<(Worth, DfCommand)>| {
        if distance(u.at, to) < inches(1.0) || held(to) {
            return None;
        }
        let cmd = DfCommand::Move { unit: u.id, to };
        if !clear_path(s, u, to) || check(field, s, &cmd).is_err() {
            return None;
        }
        let w = worth(field, s, u, place, to, compass_bearing(u.at, to));
        if best.as_ref().is_none_or(|(b, _)| w > *b) {
            *best = Some((w, cmd));
        }
        Some(w)
    };
    for &to in route {
        consider(to, &mut best);
    }
    for turn in [0.0, 25.0, -25.0, 50.0, -50.0, 80.0, -80.0] {
        for k in [1.0, 0.66, 0.33] {
            // The longest legal move on a bearing is enough unless it walks into fire.
            let w = consider(step(u.at, ahead + turn, most * k), &mut best);
            if w.is_some_and(|w| w.0 >= -1) {
                break;
            }
        }
    }
    let (w, cmd) = best?;
    // Move only to somewhere better than here: no more fire, or as much with more gained.
    Some((w > here).then_some(cmd))
}
