//! The bot's written orders and its order changes, through the commands a player uses
//! (`WriteOrder` before the battle, `ChangeOrder` and its 2+ roll at the start of a part).
//!
//! Before the battle, deployment's orders (attack the objective, hold it) are the starting point:
//! - a side's first battalion keeps them: the objective decides the battle;
//! - an attacker's later battalions attack first the covered feature (a house or wood) on the
//!   attacker's side of the objective where most of the defender's companies stand off the
//!   objective: a flank post left alone shoots into the side of the attack on the objective;
//! - a defender's later battalion standing most in the open moves to the covered feature on the
//!   attacker's way in (out beyond the objective's hold radius): a forward post that makes the
//!   attack deploy early.
//! - any attack waits for its own side's fire plan: where a barrage is planned on the place it
//!   attacks, its start turn is put back so that its companies, coming on at a full move a turn,
//!   reach the barrage's beaten zone no sooner than the last shells land (`after_barrage`).
//!
//! At the start of its part, before anything moves (one try a battalion a turn):
//! - a battalion that has taken (or found empty) the flank post it attacked asks to attack the
//!   objective;
//! - an attack that has failed asks to hold the named feature nearest its companies: none of its
//!   companies can reach the objective in the turns left (the attack only bleeds), or more than
//!   half of them are pinned when it has lost a third of its figures (the next losses shake it,
//!   and a shaken side concedes); once its companies have all rallied and there is time, it asks
//!   to attack again (an attacker holding a feature other than the objective is taken to be one
//!   that called its attack off);
//! - a defender's forward battalion that faces nothing (no enemy within 24″ of its post) while
//!   the enemy closes on the objective (within 24″ of it) asks to move back to the objective.

use super::super::check::{attack_companies, check};
use super::super::command::DfCommand;
use super::super::movement::cover_ground;
use super::super::state::{DfState, Phase, TURN_LIMIT};
use super::super::tables::{allowance, Ground};
use super::super::unit::{Action, BattalionId, Order};
use super::plan::{reckoned, zone};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::Side;
use crate::tactical::table::{compass_bearing, distance, inches, TablePoint};

/// The objective is always the first named feature.
const OBJECTIVE: u16 = 0;

/// How far from a feature an enemy company counts as holding it.
fn post() -> f64 {
    inches(6.0)
}

/// How near the enemy must come for a post to be facing something.
fn facing_reach() -> f64 {
    inches(24.0)
}

/// Whether `at` lies on the attacker's side of the objective (within 90° of the bearing to the
/// attacker's edge).
fn attackers_side(field: &Battlefield, at: TablePoint) -> bool {
    let b = compass_bearing(field.objective, at);
    let d = (b - field.attacker_bearing()).rem_euclid(360.0);
    d.min(360.0 - d) < 90.0
}

/// The side's battalions, first to last.
fn battalions(s: &DfState, side: Side) -> Vec<BattalionId> {
    s.battalions()
        .iter()
        .filter(|b| b.side == side)
        .map(|b| b.id)
        .collect()
}

/// The flank posts the attacker sees before the battle, best first: covered features off the
/// objective (8″–24″ from it) on its side, with the defender's fighting companies standing at
/// them that are not at the objective too.
fn flank_posts(field: &Battlefield, s: &DfState, side: Side) -> Vec<u16> {
    let obj = field.objective;
    let mut posts: Vec<(usize, f64, u16)> = s
        .features()
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, f)| {
            let d = distance(f.at, obj);
            (inches(8.0)..=inches(24.0)).contains(&d)
                && cover_ground(field, f.at)
                && attackers_side(field, f.at)
        })
        .filter_map(|(i, f)| {
            let held = s
                .living(side.other())
                .filter(|u| !u.staff())
                .filter(|u| distance(u.at, f.at) <= post() && distance(u.at, obj) > post())
                .count();
            (held > 0).then_some((held, distance(f.at, obj), i as u16))
        })
        .collect();
    posts.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.total_cmp(&b.1)));
    posts.into_iter().map(|p| p.2).collect()
}

/// The defender's forward post: the covered feature on the attacker's side beyond the
/// objective's hold radius (15″–30″ out) nearest the straight way in.
fn forward_post(field: &Battlefield, s: &DfState) -> Option<u16> {
    let obj = field.objective;
    s.features()
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, f)| {
            let d = distance(f.at, obj);
            (inches(15.0)..=inches(30.0)).contains(&d)
                && cover_ground(field, f.at)
                && attackers_side(field, f.at)
        })
        .min_by(|(_, a), (_, b)| {
            let off = |at| {
                let d = (compass_bearing(obj, at) - field.attacker_bearing()).rem_euclid(360.0);
                d.min(360.0 - d)
            };
            off(a.at).total_cmp(&off(b.at))
        })
        .map(|(i, _)| i as u16)
}

/// The orders the bot wants its battalions to start with (battalions not named keep theirs).
fn wanted(field: &Battlefield, s: &DfState, side: Side) -> Vec<(BattalionId, Order)> {
    let bs = battalions(s, side);
    let order = |action, feature| Order {
        action,
        feature,
        start_turn: 1,
    };
    match side {
        Side::Attacker => {
            let posts = flank_posts(field, s, side);
            let mut out: Vec<(BattalionId, Order)> = bs
                .iter()
                .skip(1)
                .zip(posts)
                .map(|(&b, p)| (b, order(Action::Attack, p)))
                .collect();
            // Every attack, the first battalion's too, goes in behind its own barrages.
            for &b in &bs {
                let written = s.battalion(b).and_then(|x| x.order);
                let Some(o) = out.iter().find(|x| x.0 == b).map(|x| x.1).or(written) else {
                    continue;
                };
                if o.action != Action::Attack {
                    continue;
                }
                let timed = Order {
                    start_turn: after_barrage(s, side, b, o.feature),
                    ..o
                };
                match out.iter_mut().find(|x| x.0 == b) {
                    Some(x) => x.1 = timed,
                    None if Some(timed) != written => out.push((b, timed)),
                    None => {}
                }
            }
            out
        }
        Side::Defender => {
            if bs.len() < 2 {
                return Vec::new();
            }
            let Some(p) = forward_post(field, s) else {
                return Vec::new();
            };
            // The battalion with fewest companies under cover has least to leave.
            let in_open = |b: BattalionId| {
                s.members(b)
                    .filter(|u| !u.staff() && !cover_ground(field, u.at))
                    .count()
            };
            bs.iter()
                .skip(1)
                .copied()
                .max_by(|&a, &b| in_open(a).cmp(&in_open(b)).then(b.0.cmp(&a.0)))
                .map(|b| (b, order(Action::MoveTo, p)))
                .into_iter()
                .collect()
        }
    }
}

/// The turn an attack on feature `f` by battalion `b` should start: the first from which its
/// quickest company, coming on at a full move a turn, enters the beaten zone there no sooner than
/// the turn of its own side's last planned barrage on it (the barrage lands at the start of the
/// side's part, before its move). Turn 1 when nothing is planned there, or when a company stands
/// in that zone already (waiting would keep it under the shells).
fn after_barrage(s: &DfState, side: Side, b: BattalionId, f: u16) -> u32 {
    let last = s
        .batteries()
        .iter()
        .filter(|x| x.side == side)
        .flat_map(|x| x.plan.iter())
        .filter(|p| p.feature == f)
        .map(|p| p.turn)
        .max();
    let (Some(last), Some(at)) = (last, s.features().get(f as usize).map(|x| x.at)) else {
        return 1;
    };
    let cs = attack_companies(s, b);
    if cs.iter().any(|u| distance(u.at, at) <= zone()) {
        return 1;
    }
    let moves = cs
        .iter()
        .filter_map(|u| (1..=TURN_LIMIT).find(|&m| distance(reckoned(u, at, m, 1.0), at) <= zone()))
        .min();
    moves.map_or(1, |n| (last + 1).saturating_sub(n).clamp(1, TURN_LIMIT))
}

/// The next order the bot writes before the battle, if any differs from what it wants.
pub(super) fn write(field: &Battlefield, s: &DfState, side: Side) -> Option<DfCommand> {
    wanted(field, s, side)
        .into_iter()
        .find(|(b, o)| s.battalion(*b).and_then(|x| x.order) != Some(*o))
        .map(|(battalion, order)| DfCommand::WriteOrder { battalion, order })
        .filter(|c| check(field, s, c).is_ok())
}

/// Whether none of the battalion's companies can get within 6″ of `at` in the moves left
/// (this part's and each later turn's, at its road pace).
fn out_of_time(s: &DfState, b: BattalionId, at: TablePoint) -> bool {
    let moves = (TURN_LIMIT + 1).saturating_sub(s.turn().max(1)) as f64;
    let cs = attack_companies(s, b);
    !cs.is_empty()
        && cs.iter().all(|u| {
            let pace = allowance(u.movement(), Ground::Road).unwrap_or(0.0);
            distance(u.at, at) - post() > moves * pace
        })
}

/// Whether the battalion has lost a third of its figures and more than half its companies
/// are pinned.
fn pinned_down(s: &DfState, b: BattalionId) -> bool {
    let (lost, start) = s
        .units()
        .iter()
        .filter(|u| u.battalion == Some(b))
        .fold((0, 0), |(l, st), u| (l + u.lost(), st + u.start as u32));
    let cs = attack_companies(s, b);
    let pinned = cs.iter().filter(|u| u.pinned).count();
    3 * lost >= start && 2 * pinned > cs.len()
}

/// The named feature nearest the middle of the battalion's companies, the objective only if
/// there is no other.
fn nearest_feature(s: &DfState, b: BattalionId) -> u16 {
    let cs = attack_companies(s, b);
    if cs.is_empty() {
        return OBJECTIVE;
    }
    let n = cs.len() as f64;
    let mid = [
        cs.iter().map(|u| u.at[0]).sum::<f64>() / n,
        cs.iter().map(|u| u.at[1]).sum::<f64>() / n,
    ];
    s.features()
        .iter()
        .enumerate()
        .skip(1)
        .min_by(|a, b| distance(a.1.at, mid).total_cmp(&distance(b.1.at, mid)))
        .map_or(OBJECTIVE, |(i, _)| i as u16)
}

/// The order change battalion `b` should ask for now, if any.
fn change_for(field: &Battlefield, s: &DfState, side: Side, b: BattalionId) -> Option<Order> {
    let bat = s.battalion(b)?;
    let order = bat.order?;
    if bat.shaken || s.turn() < order.start_turn {
        return None;
    }
    let place = s.features().get(order.feature as usize)?.at;
    let obj = field.objective;
    let fighting = |side: Side| s.living(side).filter(|u| !u.staff());
    let new = |action, feature| Order {
        action,
        feature,
        start_turn: s.turn(),
    };
    match order.action {
        Action::Attack => {
            if out_of_time(s, b, obj) || pinned_down(s, b) {
                return Some(new(Action::Hold, nearest_feature(s, b)));
            }
            let cleared = !fighting(side.other()).any(|u| distance(u.at, place) <= post());
            (order.feature != OBJECTIVE && (s.reached(b, place) || cleared))
                .then(|| new(Action::Attack, OBJECTIVE))
        }
        // An attacker holding a feature off the objective has called its attack off (the bot's
        // only way to one; a hold on the objective is a player's or a position's, kept): it
        // goes again once its companies are all fit to and there is time.
        Action::Hold if side == Side::Attacker && order.feature != OBJECTIVE => {
            let fit = attack_companies(s, b).iter().all(|u| !u.pinned);
            (fit && !out_of_time(s, b, obj)).then(|| new(Action::Attack, OBJECTIVE))
        }
        Action::Hold | Action::MoveTo if side == Side::Defender && order.feature != OBJECTIVE => {
            let near = |at| fighting(side.other()).any(|u| distance(u.at, at) <= facing_reach());
            (!near(place) && near(obj)).then(|| new(Action::MoveTo, OBJECTIVE))
        }
        _ => None,
    }
}

/// At the start of `side`'s part, before anything moves: the first order change it asks for.
pub(super) fn change(field: &Battlefield, s: &DfState, side: Side) -> Option<DfCommand> {
    if s.phase() != Phase::Move(side) || s.pending().is_some() || s.living(side).any(|u| u.moved) {
        return None;
    }
    battalions(s, side).into_iter().find_map(|b| {
        let order = change_for(field, s, side, b)?;
        let cmd = DfCommand::ChangeOrder {
            battalion: b,
            order,
        };
        check(field, s, &cmd).is_ok().then_some(cmd)
    })
}
