//! The bot's fire plan, written before the battle (it cannot be changed once the battle starts).
//!
//! Both sides reckon where the enemy's companies will stand turn by turn and shell the named
//! feature that catches most of them, never one where their own companies stand or will stand:
//! a barrage strikes friends and enemies alike.
//!
//! - The attacker shells the feature that holds most of the defender's units (the garrison and
//!   the companies in front of the objective) in the turns before its own companies, coming on
//!   at a full move a turn, could reach its beaten zone.
//! - The defender shells the features on the attacker's way in, on the turn the attacker's
//!   companies and HQs should be crossing them (a whole move in the first turn, then half a
//!   move a turn, the pace of an HQ keeping its companies in command), but none within its own
//!   hold radius and the beaten zone of the objective (where its companies and outposts may
//!   stand) nor near any of its units.
//!
//! Neither side shells a feature its own men may have reached by then: each unit is reckoned
//! along the way its battalion's written order sends it (a forward post going out to its wood,
//! a flank attack closing on its post), from its start turn, and a line is refused where that
//! way passes within the barrage's reach of the feature.
//!
//! A turn with nothing worth shelling is left to the observer, who calls fire on what he sees.

use super::super::artillery::{beaten_zone, PlannedShot};
use super::super::check::hold_radius;
use super::super::command::DfCommand;
use super::super::state::{DfState, TURN_LIMIT};
use super::super::tables::{allowance, Ground};
use super::super::unit::{footprint, Action, Unit};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::raster::dist_to_segment;
use crate::tactical::ruleset::Side;
use crate::tactical::table::{compass_bearing, distance, inches, step, TablePoint};

/// How far from a feature a unit must stand to be counted in its beaten zone (its base edge
/// within 3″ of the point).
pub(super) fn zone() -> f64 {
    beaten_zone() + footprint()
}

/// Where `u` should stand after `moves` moves straight at `goal`, at `pace` of its open-ground
/// move a turn (the first move a whole one: the companies start in command and go as far as
/// they may; after it they keep to their HQ's pace).
pub(crate) fn reckoned(u: &Unit, goal: TablePoint, moves: u32, pace: f64) -> TablePoint {
    let per = allowance(u.movement(), Ground::Open).unwrap_or(0.0);
    let d = distance(u.at, goal);
    let far = if moves == 0 {
        0.0
    } else {
        per + per * pace * (moves - 1) as f64
    };
    let go = far.min((d - inches(3.0)).max(0.0));
    step(u.at, compass_bearing(u.at, goal), go)
}

/// How many of `units`, reckoned at `moves` moves towards the objective, a barrage on `at`
/// should catch: a whole one inside the zone, half of one within 3″ beyond it, a quarter within
/// 6″ (the reckoning is rough).
fn caught<'a>(
    units: impl Iterator<Item = &'a Unit>,
    objective: TablePoint,
    at: TablePoint,
    moves: u32,
    pace: f64,
) -> f64 {
    units
        .map(|u| {
            let d = distance(reckoned(u, objective, moves, pace), at);
            if d <= zone() {
                1.0
            } else if d <= zone() + inches(3.0) {
                0.5
            } else if d <= zone() + inches(6.0) {
                0.25
            } else {
                0.0
            }
        })
        .sum()
}

/// Whether a barrage on `at` at the start of `side`'s part in `turn` could strike one of its own
/// units, reckoned from its own written orders: a unit whose battalion moves or attacks may
/// stand anywhere on its way to the place, from where it is now to where a full move a turn
/// since the start turn brings it (companies cannot all walk one line, so a base's width to
/// either side of it counts too); any other unit (holding, waiting for its start turn, the CO)
/// stays where it is.
fn own_men_near(s: &DfState, side: Side, at: TablePoint, turn: u32) -> bool {
    s.living(side).any(|u| {
        let order = u
            .battalion
            .or_else(|| s.battalion_led_by(u.id))
            .and_then(|b| s.battalion(b)?.order)
            .filter(|o| o.action != Action::Hold);
        let Some((o, place)) =
            order.and_then(|o| Some((o, s.features().get(o.feature as usize)?.at)))
        else {
            return distance(u.at, at) <= zone();
        };
        let far = reckoned(u, place, turn.saturating_sub(o.start_turn), 1.0);
        dist_to_segment(at, u.at, far) <= zone() + inches(3.0)
    })
}

/// The next line of `side`'s fire plan, if it has one to write.
pub fn plan_line(field: &Battlefield, s: &DfState, side: Side) -> Option<DfCommand> {
    let objective = field.objective;
    let fighting = |side: Side| s.living(side).filter(|u| !u.staff());
    let mut written: Vec<PlannedShot> = Vec::new();
    for b in s.batteries().iter().filter(|b| b.side == side) {
        for turn in 1..=TURN_LIMIT {
            if b.planned(turn).is_some() {
                written.push(PlannedShot {
                    turn,
                    feature: b.planned(turn).unwrap_or(0),
                });
                continue;
            }
            let best = s
                .features()
                .iter()
                .enumerate()
                .filter(|(i, _)| {
                    // Two batteries on one spot in one turn: spread them.
                    !written
                        .iter()
                        .any(|w| w.turn == turn && w.feature as usize == *i)
                })
                .filter_map(|(i, f)| {
                    let score = match side {
                        Side::Attacker => {
                            // Its own companies, at a full move a turn, must not yet be there
                            // (it lands at the start of the attacker's part, before its move).
                            let near = caught(fighting(side), objective, f.at, turn - 1, 1.0);
                            if near > 0.0 || own_men_near(s, side, f.at, turn) {
                                return None;
                            }
                            fighting(side.other())
                                .filter(|u| distance(u.at, f.at) <= zone())
                                .count() as f64
                        }
                        Side::Defender => {
                            let own_ground = distance(f.at, objective) <= hold_radius() + zone()
                                || fighting(side).any(|u| distance(u.at, f.at) <= zone() * 2.0)
                                || own_men_near(s, side, f.at, turn);
                            if own_ground {
                                return None;
                            }
                            // The attacker moves first every turn (its bot goes first, and ours
                            // goes second), so by our part it has made `turn` moves. Its HQs and
                            // CO count too.
                            caught(s.living(side.other()), objective, f.at, turn, 0.5)
                        }
                    };
                    (score >= 0.5).then_some((i, score))
                })
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
            if let Some((i, _)) = best {
                return Some(DfCommand::PlanFire {
                    battery: b.id,
                    shot: PlannedShot {
                        turn,
                        feature: i as u16,
                    },
                });
            }
        }
    }
    None
}
