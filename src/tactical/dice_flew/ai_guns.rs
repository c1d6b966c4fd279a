//! The bot's use of on-table guns, telephone lines and fire-plan changes, and the same commands
//! in the legal-command listing the screen and the random bot read. In the bombardment step a
//! gun or mortar company with no enemy in its own sights shells the nearest enemy its side sees
//! (a gun with a direct target keeps its fire for the enemy's move); a coming line of the fire
//! plan that would fall within a move of any of the side's own units is struck out; and a holding
//! battalion's HQ, or an observer with an enemy in sight, beyond 2 ft of the CO and with no radio
//! link, lays a line (the CO first sets up his exchange: the bot never moves him).

use super::ai::reckoned;
use super::artillery::{beaten_zone, observed_target};
use super::bombard::bombard_target;
use super::check::check;
use super::command::DfCommand;
use super::fire::closest_target;
use super::state::{DfState, Phase, TURN_LIMIT};
use super::tables::{allowance, order_change_reach, Ground};
use super::telephone::wire_reach;
use super::unit::{footprint, Action, Kind, Unit};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::Side;
use crate::tactical::table::distance;

/// Whether nothing of `side` has moved yet this part: the bombardment step.
fn before_moving(s: &DfState, side: Side) -> bool {
    !s.living(side).any(|u| u.moved)
}

/// A gun or mortar company's bombardment, if it has no direct target and something to shell.
fn bombard(field: &Battlefield, s: &DfState, u: &Unit) -> Option<DfCommand> {
    if !matches!(u.kind, Kind::FieldGuns | Kind::Mortars) || u.pinned || s.has_bombarded(u.id) {
        return None;
    }
    if closest_target(field, s, u, None).is_some() {
        return None;
    }
    let target = bombard_target(field, s, u)?;
    Some(DfCommand::Bombard { unit: u.id, target })
}

/// Change next turn's line of a battery: strike it out when its shells could fall on one of
/// the side's own units after its next move; move it when the enemy is not where the plan
/// expected him (no fighting enemy unit in its beaten zone now, nor one move on towards the
/// objective) onto the named feature that catches most of them, clear of its own companies.
fn replan(field: &Battlefield, s: &DfState, side: Side) -> Option<DfCommand> {
    let turn = s.turn() + 1;
    if turn > TURN_LIMIT {
        return None;
    }
    // Within the shells' reach (the engine's: the beaten zone and a base) of a move of any of
    // its own units, HQs and observers too: they may all stand there when the line lands.
    let own_near = |at| {
        s.living(side).any(|u| {
            let go = allowance(u.movement(), Ground::Open).unwrap_or(0.0);
            distance(u.at, at) <= beaten_zone() + footprint() + go
        })
    };
    // An enemy unit counts where it stands and where one move towards the objective takes it
    // (a holding company stays, an attacking one comes on).
    let caught = |at| {
        s.living(side.other())
            .filter(|u| !u.staff())
            .filter(|u| {
                let on = reckoned(u, field.objective, 1, 1.0);
                [u.at, on]
                    .iter()
                    .any(|&p| distance(p, at) <= beaten_zone() + footprint())
            })
            .count()
    };
    s.batteries()
        .iter()
        .filter(|b| b.side == side && !s.plan_tried(b.id))
        .find_map(|b| {
            let planned = b.planned(turn)?;
            let at = s.features().get(planned as usize)?.at;
            let change = |feature| DfCommand::ChangePlan {
                battery: b.id,
                turn,
                feature,
            };
            if own_near(at) {
                return Some(change(None));
            }
            if caught(at) > 0 {
                return None;
            }
            let (best, n) = s
                .features()
                .iter()
                .enumerate()
                .filter(|(_, f)| !own_near(f.at))
                .map(|(i, f)| (i, caught(f.at)))
                .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))?;
            (n > 0).then(|| change(Some(best as u16)))
        })
}

/// Whether a line from the CO would help `u`: beyond 2 ft of him, within the wire, with no
/// radio link, and with a reason to stand still: its battalion holds, or (an observer) it sees
/// an enemy to call fire on next part without the −1.
fn wants_line(field: &Battlefield, s: &DfState, co: &Unit, u: &Unit) -> bool {
    let d = distance(co.at, u.at);
    if !matches!(u.kind, Kind::Hq | Kind::Observer)
        || u.phone
        || (co.radio && u.radio)
        || d <= order_change_reach()
        || d > wire_reach()
    {
        return false;
    }
    let holds = u
        .battalion
        .and_then(|b| s.effective_order(b))
        .is_some_and(|(a, _)| a == Action::Hold);
    holds || (u.kind == Kind::Observer && observed_target(field, s, u).is_some())
}

/// A line to lay: the CO's exchange first, then the HQ or observer that wants one.
fn lay(field: &Battlefield, s: &DfState, side: Side) -> Option<DfCommand> {
    let co = s.co(side)?;
    let first = s
        .living(side)
        .filter(|u| !u.moved && !u.pinned)
        .find(|u| wants_line(field, s, co, u))?;
    let unit = if co.phone { first.id } else { co.id };
    Some(DfCommand::LayLine { unit })
}

/// The bot's gun, line or plan command for `side` in its movement, if any: checked legal.
pub fn choose(field: &Battlefield, s: &DfState, side: Side) -> Option<DfCommand> {
    let mut cmd = None;
    if before_moving(s, side) {
        cmd = replan(field, s, side).or_else(|| {
            s.living(side)
                .filter(|u| !u.staff())
                .find_map(|u| bombard(field, s, u))
        });
    }
    cmd.or_else(|| lay(field, s, side))
        .filter(|c| check(field, s, c).is_ok())
}

/// The legal-command listing: the bot's candidates with every bombardment, line and plan
/// change open to the side now.
pub fn legal(field: &Battlefield, s: &DfState) -> Vec<DfCommand> {
    let mut out = super::ai::candidates(field, s);
    let (Phase::Move(side), None) = (s.phase(), s.pending()) else {
        return out;
    };
    let mut more = Vec::new();
    for u in s.living(side) {
        let guns = matches!(u.kind, Kind::FieldGuns | Kind::Mortars);
        if let Some(target) = guns.then(|| bombard_target(field, s, u)).flatten() {
            more.push(DfCommand::Bombard { unit: u.id, target });
        }
        more.push(DfCommand::LayLine { unit: u.id });
    }
    for b in s.batteries().iter().filter(|b| b.side == side) {
        for p in b.plan.iter().filter(|p| p.turn > s.turn()) {
            more.push(DfCommand::ChangePlan {
                battery: b.id,
                turn: p.turn,
                feature: None,
            });
        }
    }
    more.retain(|c| !out.contains(c) && check(field, s, c).is_ok());
    out.extend(more);
    out
}
