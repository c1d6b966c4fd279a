//! `hard`'s attack phase: `normal`'s choice, overruled only where play-outs show a better one.
//!
//! The candidates are the few best attack-phase commands the `normal` rule ranks, and ending
//! the turn. Each is played out [`ROLLOUTS`] times: the other hands and the pile dealt at random
//! from the cards this seat cannot see ([`SeatView::determinize`](crate::rules::SeatView)), fresh
//! dice, the engine's own `execute` for every command, then the rest of the attack phase by the
//! `normal` rule (decisions owed along the way answered as the bots answer them), and each end
//! position is scored ([`score`]).
//!
//! Every candidate is played on the same deals and dice (common random numbers), so what is
//! compared is, seed by seed, each candidate's score less the score of `normal`'s own first
//! choice. A candidate replaces it only when that paired gain is clearly beyond its own noise
//! ([`Gate`]), and then only if the same holds once the opponents' replies are played too
//! ([`hard_playout`](super::hard_playout)): a town taken at the end of my phase and lost in the
//! reply is not a gain. Before this gate `hard` took the plain best mean of eight play-outs and
//! lost to `normal` 41–57 over 100 games: with four noisy means the best is mostly the luckiest.
//!
//! The budget is fixed in play-outs, not in seconds, so a game stays a pure function of its
//! seed; `benches/ai_games.rs` reports what it costs per turn.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{attack, decide, hard_playout, settlement_value, unit_value, Ctx, Work};
use crate::rules::{execute, Command, EndTurn, Location, Phase, PlayerId, State};

/// Play-outs per candidate in the first, cheap look (to the end of my attack phase).
pub(super) const ROLLOUTS: usize = 8;
/// Play-outs per side when a departure from `normal` is checked through the replies.
const REPLY_ROLLOUTS: usize = 8;
/// Candidates weighed besides ending the turn.
const CANDIDATES: usize = 3;
/// Commands a play-out may take before it is scored where it stands.
const PLAYOUT_COMMANDS: usize = 24;

/// When a paired gain counts as real.
#[derive(Debug, Clone, Copy)]
pub(super) struct Gate {
    /// Standard errors the mean gain must clear.
    pub sigmas: f64,
    /// Least mean gain, in unit values.
    pub least: f64,
}

/// `hard`'s gate: two standard errors and half a Scout. At one standard error and 0.3, the
/// cheap look proposed twice as many departures and the replies confirmed three times as many,
/// for no better result (normal 19–20 hard over 40 games, against 21–18 here).
const GATE: Gate = Gate {
    sigmas: 2.0,
    least: 0.5,
};

/// The attack-phase command to make, or `None` to end the turn.
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
    let scores: Vec<Option<Vec<f64>>> = candidates
        .iter()
        .map(|cmd| scores_of(ctx, cmd, &seeds, work, Leaf::MyPhase))
        .collect();
    let pick = departure(&scores, GATE);
    let mut chosen = 0;
    let mut gain = f64::NAN;
    if let Some(pick) = pick {
        // The reply check has seeds of its own: the first look's luck must not vouch for itself.
        let seeds: Vec<u64> = (0..REPLY_ROLLOUTS).map(|_| rng.next_u64()).collect();
        let pair = [
            scores_of(ctx, &candidates[0], &seeds, work, Leaf::Reply),
            scores_of(ctx, &candidates[pick], &seeds, work, Leaf::Reply),
        ];
        if let [Some(a), Some(b)] = &pair {
            gain = mean(b) - mean(a);
        }
        if departure(&pair, GATE).is_some() {
            chosen = pick;
        }
    }
    if std::env::var_os("OMMS_AI_DEBUG").is_some() {
        let means: Vec<String> = scores
            .iter()
            .map(|s| s.as_ref().map_or("x".into(), |s| format!("{:.2}", mean(s))))
            .collect();
        eprintln!(
            "HARD t{} p{} cands {} means [{}] pick {:?} chosen {} kinds {} gain {:.2}",
            ctx.state.turn(),
            ctx.me.0,
            candidates.len(),
            means.join(" "),
            pick,
            chosen,
            candidates.iter().map(kind).collect::<Vec<_>>().join(","),
            gain
        );
    }
    let cmd = candidates.swap_remove(chosen);
    (!matches!(cmd, Command::EndTurn(_))).then_some(cmd)
}

/// A command's kind, for the debug line.
fn kind(c: &Command) -> &'static str {
    match c {
        Command::Attack(a) => match a.target {
            crate::rules::Target::Settlement(_) => "AS",
            crate::rules::Target::Unit(_) => "AU",
        },
        Command::BuyAttackDie(_) => "D",
        Command::EndTurn(_) => "E",
        _ => "?",
    }
}

/// Where a play-out stops to be scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leaf {
    /// The end of my attack phase.
    MyPhase,
    /// The start of my next turn, every opponent's reply played by `normal`.
    Reply,
}

/// The score of `cmd` on every seed, or `None` if the rules refuse it.
fn scores_of(
    ctx: &Ctx,
    cmd: &Command,
    seeds: &[u64],
    work: &mut Work,
    leaf: Leaf,
) -> Option<Vec<f64>> {
    let mut out = Vec::with_capacity(seeds.len());
    for &seed in seeds {
        let mut deal = ChaCha8Rng::seed_from_u64(seed);
        let mut state = ctx.view.determinize(&mut deal);
        execute(&mut state, ctx.board, cmd).ok()?;
        work.playouts += 1;
        work.commands += 1 + match leaf {
            Leaf::MyPhase => play_out(ctx, &mut state),
            Leaf::Reply => {
                hard_playout::through_replies(ctx.board, &mut state, ctx.me, seed ^ 0x5eed, 1)
            }
        };
        out.push(score(ctx, &state, ctx.me));
    }
    Some(out)
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len().max(1) as f64
}

/// The candidate (by index, never 0) whose paired gain over candidate 0 passes the gate, the
/// one with the best lower bound if several do.
pub(super) fn departure(scores: &[Option<Vec<f64>>], gate: Gate) -> Option<usize> {
    let base = scores.first()?.as_ref()?;
    let mut best: Option<(f64, usize)> = None;
    for (i, s) in scores.iter().enumerate().skip(1) {
        let Some(s) = s else { continue };
        let d: Vec<f64> = s.iter().zip(base).map(|(a, b)| a - b).collect();
        let n = d.len() as f64;
        if n < 2.0 {
            continue;
        }
        let m = mean(&d);
        let var = d.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0);
        let lower = m - gate.sigmas * (var / n).sqrt();
        if m >= gate.least && lower > 0.0 && best.is_none_or(|(b, _)| lower > b) {
            best = Some((lower, i));
        }
    }
    best.map(|(_, i)| i)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// The same luck shared seed by seed is taken out: a candidate a steady point ahead of
    /// `normal`'s choice on every deal wins, however wild the deals themselves.
    #[test]
    fn a_steady_paired_gain_overrules_normal() {
        let normal: Vec<f64> = vec![-9.0, 4.0, 12.0, -3.0, 0.0, 7.0, -15.0, 2.0];
        let better: Vec<f64> = normal.iter().map(|x| x + 1.0).collect();
        let worse: Vec<f64> = normal.iter().map(|x| x - 1.0).collect();
        let scores = vec![Some(normal), Some(worse), Some(better), None];
        assert_eq!(departure(&scores, GATE), Some(2));
    }

    /// A better mean that rests on one lucky deal, or a gain too small to matter, leaves
    /// `normal`'s choice standing.
    #[test]
    fn a_lucky_or_slight_gain_does_not() {
        let normal = vec![0.0; 8];
        let lucky = vec![0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 24.0];
        let slight = vec![0.2; 8];
        let scores = vec![Some(normal), Some(lucky), Some(slight)];
        assert_eq!(departure(&scores, GATE), None);
        assert_eq!(departure(&[None, Some(vec![5.0; 8])], GATE), None);
    }
}
