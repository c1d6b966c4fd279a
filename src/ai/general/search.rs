//! `hard`'s attack phase: Monte Carlo play-outs instead of a fixed rule.
//!
//! The candidates are the few best attack-phase commands the `normal` rule ranks, and ending
//! the turn. Each is played out [`ROLLOUTS`] times: the other hands and the pile dealt at random
//! from the cards this seat cannot see ([`SeatView::determinize`](crate::rules::SeatView)), fresh
//! dice, the engine's own `execute` for every command, then the rest of the attack phase by the
//! `normal` rule (decisions owed along the way answered as the bots answer them). Each end
//! position is scored ([`score`]) and the candidate with the best mean is played.
//!
//! The budget is fixed in play-outs, not in seconds, so a game stays a pure function of its
//! seed; `benches/ai_games.rs` reports what it costs per turn.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{attack, decide, settlement_value, unit_value, Ctx, Work};
use crate::rules::{execute, Command, EndTurn, Location, Phase, PlayerId, State};

/// Play-outs per candidate.
pub(super) const ROLLOUTS: usize = 8;
/// Candidates weighed besides ending the turn.
const CANDIDATES: usize = 3;
/// Commands a play-out may take before it is scored where it stands.
const PLAYOUT_COMMANDS: usize = 24;

/// The attack-phase command with the best mean score over the play-outs, or `None` to end the
/// turn. Every candidate is played out on the same deals and dice (common random numbers), so
/// the candidates are compared on the luck they share, not on luck of their own; `normal`'s own
/// first choice wins ties and must be beaten by [`MARGIN`].
pub(super) fn attack_phase(ctx: &Ctx, rng: &mut ChaCha8Rng, work: &mut Work) -> Option<Command> {
    let ranked = attack::ranked(ctx);
    if ranked.is_empty() {
        return None;
    }
    let mut candidates: Vec<Command> = Vec::new();
    for (_, c) in ranked {
        if candidates.len() < CANDIDATES && !candidates.contains(&c) {
            candidates.push(c);
        }
    }
    candidates.push(Command::EndTurn(EndTurn));
    let seeds: Vec<u64> = (0..ROLLOUTS).map(|_| rng.next_u64()).collect();
    let mut means: Vec<f64> = Vec::with_capacity(candidates.len());
    for cmd in &candidates {
        let mut total = 0.0;
        for &seed in &seeds {
            let mut deal = ChaCha8Rng::seed_from_u64(seed);
            let mut state = ctx.view.determinize(&mut deal);
            if execute(&mut state, ctx.board, cmd).is_err() {
                total = f64::NEG_INFINITY;
                break;
            }
            work.playouts += 1;
            work.commands += 1 + play_out(ctx, &mut state);
            total += score(ctx, &state, ctx.me);
        }
        means.push(total / ROLLOUTS as f64);
    }
    let mut pick = 0;
    for (i, m) in means.iter().enumerate().skip(1) {
        if *m > means[pick] + if pick == 0 { MARGIN } else { 0.0 } {
            pick = i;
        }
    }
    let cmd = candidates.swap_remove(pick);
    (!matches!(cmd, Command::EndTurn(_))).then_some(cmd)
}

/// How much better (in unit values, on the mean of the play-outs) another choice must score to
/// overrule `normal`'s first. Zero: with common random numbers the plain best mean plays best —
/// a margin of 0.3 let `normal`'s rule stand so often that `hard` lost to `normal` 8–11 (round
/// robin, Andorra, 20 games a pair); at zero it wins 12–8.
const MARGIN: f64 = 0.0;

/// The rest of my attack phase by the `normal` rule, answering whatever is owed on the way;
/// returns the commands executed.
fn play_out(ctx: &Ctx, state: &mut State) -> u64 {
    for n in 0..PLAYOUT_COMMANDS as u64 {
        if state.winner().is_some() || state.current_player() != ctx.me {
            return n;
        }
        let seen: &State = state;
        let next = if let Some(p) = seen.pending().first() {
            decide::answer(&ctx.on(seen, p.player()), p)
        } else if seen.phase() == Phase::Attack {
            match attack::next_attack(&ctx.on(seen, ctx.me)) {
                Some(c) => c,
                None => return n,
            }
        } else {
            return n;
        };
        if execute(state, ctx.board, &next).is_err() {
            return n;
        }
    }
    PLAYOUT_COMMANDS as u64
}

/// How good a position is for `me`: my settlements and units against the average opponent's,
/// the strongest one counting most, with the game's end outweighing everything; units left on
/// open road within an enemy's striking distance count at half.
pub(super) fn score(ctx: &Ctx, state: &State, me: PlayerId) -> f64 {
    if let Some(w) = state.winner() {
        return if w == me { 1000.0 } else { -1000.0 };
    }
    let look = ctx.on(state, me);
    let material = |p: PlayerId| -> f64 {
        let settlements: f64 = state
            .settlements()
            .filter(|s| s.owner() == p)
            .map(|s| settlement_value(state, s))
            .sum();
        let units: f64 = state
            .units()
            .filter(|u| u.owner() == p)
            .map(|u| {
                let exposed = p == me
                    && !matches!(u.at(), Location::Settlement(_))
                    && state
                        .unit_pos(u.id())
                        .is_some_and(|pos| look.threat(pos) > u32::from(u.kind().defence().0));
                unit_value(u.kind()) * if exposed { 0.5 } else { 1.0 }
            })
            .sum();
        settlements + units
    };
    let mine = material(me);
    let others: Vec<f64> = state
        .active_players()
        .into_iter()
        .filter(|p| *p != me)
        .map(material)
        .collect();
    let out = state.players().len() - state.active_players().len();
    let strongest = others.iter().copied().fold(0.0, f64::max);
    let mean = others.iter().sum::<f64>() / others.len().max(1) as f64;
    mine - 0.5 * strongest - 0.5 * mean + 10.0 * out as f64
}
