//! One army's objective for the turn: the target [`objective`] picks, tried against the
//! engine (who can really get within striking distance, and attack once moved), stormed when
//! the odds say so, passed over when enemy coins shut every road to it.

use super::moves::{afield, best_move, strike, Goal, Options};
use super::war::{in_striking_range, objective, storms, Objective};
use super::Ctx;
use crate::rules::{execute, Command, MapPoint, Move, Target, UnitId};

/// Objectives tried in a turn before the army falls back on the nearest enemy.
const OBJECTIVE_TRIES: usize = 3;

/// One army's objective this turn, and whether it storms it now: the units that storm leave
/// `free` and their moves join `moves`.
pub(super) fn campaign(
    ctx: &Ctx,
    free: &mut Vec<UnitId>,
    options: &mut Options,
    moves: &mut Vec<Move>,
) -> (Option<Objective>, bool) {
    let mut storm = false;
    // Objectives the army stands before but cannot get at (enemy coins shut every road in):
    // waiting there is the stall of issue 14, so the next best is taken instead.
    let mut blocked: Vec<MapPoint> = Vec::new();
    while blocked.len() < OBJECTIVE_TRIES {
        let Some(t) = objective(ctx, free, &blocked) else {
            break;
        };
        // Who can really get within striking distance: the moves are tried, not guessed.
        let near = in_striking_range(ctx, t.at, free);
        let mut close: Vec<UnitId> = Vec::new();
        let mut strike_moves: Vec<(UnitId, Option<Move>)> = Vec::new();
        let afield = afield(ctx, &t);
        for &u in &near {
            let goal = Goal {
                afield,
                ..strike(ctx, t.at)
            };
            let mv = best_move(ctx, u, goal, options);
            let end = mv.as_ref().map_or(ctx.state.unit_pos(u), |m| Some(m.to));
            if end.is_some_and(|p| p.distance_m(t.at) <= ctx.breadth * 0.95) {
                close.push(u);
                strike_moves.push((u, mv));
            }
        }
        // The units the engine lets attack once moved storm on their own odds when they can;
        // otherwise the whole close army still goes in, to fight whatever stands in its way
        // (left out, `normal` walked away from every blocked target and fell to 10–9 against
        // `easy` on the Andorra ladder).
        let reached = can_attack_after(ctx, &strike_moves, t.target);
        let ready = if storms(ctx, &t, &reached) {
            strike_moves.retain(|(u, _)| reached.contains(u));
            reached
        } else {
            close.clone()
        };
        if storms(ctx, &t, &ready) {
            storm = true;
            free.retain(|x| !ready.contains(x));
            moves.extend(strike_moves.into_iter().filter_map(|(_, m)| m));
        } else if storms(ctx, &t, &near) {
            blocked.push(t.at);
            continue;
        }
        if std::env::var_os("OMMS_AI_DEBUG").is_some() {
            eprintln!(
                "[{}] objective near {} close {} ready {} blocked {}",
                ctx.me.0,
                near.len(),
                close.len(),
                ready.len(),
                blocked.len()
            );
        }
        return (Some(t), storm);
    }
    (None, false)
}

/// Which of `moves`' units could really attack `target` once every one of those moves is made:
/// the moves are played on a copy of the position and the engine asked. Standing within a card
/// breadth is not enough: an enemy stack on the road, or a road that does not join, keeps the
/// target out of reach (issue 14's North Bayreuth armies stood thirty strong before a settlement
/// only one of them could attack, and called it a storm turn after turn).
fn can_attack_after(ctx: &Ctx, moves: &[(UnitId, Option<Move>)], target: Target) -> Vec<UnitId> {
    if moves.is_empty() {
        return Vec::new();
    }
    let mut trial = ctx.state.clone();
    for mv in moves.iter().filter_map(|(_, m)| m.as_ref()) {
        // A move the plan cannot make leaves its unit where it is; the engine judges from there.
        let _ = execute(&mut trial, ctx.board, &Command::Move(mv.clone()));
    }
    moves
        .iter()
        .map(|(u, _)| *u)
        .filter(|u| ctx.board.check_attack_reach(&trial, *u, target).is_ok())
        .collect()
}
