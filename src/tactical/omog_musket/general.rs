//! OMOG Musket's stronger bot, [`BotLevel::General`] (issue 15): it looks ahead where the
//! Captain only scores, when the defender chooses his shots. For the next man it takes the
//! Captain's few best commands, tries each on copies of the battle whose dice are its own
//! ([`reseeded`]: the engine's odds, never the battle's own rolls), plays the rest of the turn
//! out with the Captain on both sides — the other men's volleys, the hits falling and the hand to
//! hand — and keeps the command that leaves the best position when the turn is over. Every
//! candidate is seen on the same dice, so what differs between them is the command, not the
//! luck. Where it moves, and whenever it attacks, it plays as the Captain (see [`choose`]).

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::ai;
use super::command::MusketCommand;
use super::execute::execute;
use super::state::{MusketState, Phase};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::omog::Dice;
use crate::tactical::ruleset::{BotLevel, Side};
use crate::tactical::table::{distance, inches};

/// How many of the Captain's best commands are looked at.
const WIDTH: usize = 3;
/// Rolls of the dice each is tried on. With two, the pick among close shots was mostly the
/// dice's: `tools/bench-bots 4 maps/andorra omog-musket`, the General defending on its shots
/// alone, held 58.2% with four against 55.5% with two (the Captain 55.2%).
const SAMPLES: usize = 4;
/// Orders a look-ahead plays at most (a turn of two full forces takes about a hundred).
const STEPS: usize = 400;

/// A copy of the battle whose dice from now on come from `seed`.
pub fn reseeded(state: &MusketState, seed: u64) -> MusketState {
    let mut s = state.clone();
    s.dice = Dice::new(seed);
    s
}

/// The General's command for the side to act (the battle is not over).
pub fn choose(field: &Battlefield, state: &MusketState, rng: &mut ChaCha8Rng) -> MusketCommand {
    let ranked = match ai::ranked(field, state) {
        Ok(v) => v,
        Err(end) => return end,
    };
    let captain = ai::pick(state, &ranked);
    let side = match state.phase() {
        Phase::Move(s) | Phase::Fire(s) => s,
        Phase::Over => return captain,
    };
    // Measured (tools/bench-bots 4 maps/liechtenstein omog-musket): the turn's look-ahead makes
    // an attacker timid — it sees the fire an advance draws, not the objective it leads to — and
    // won 8.4 points less than the Captain. So the General attacks as the Captain does and
    // thinks only when it defends. And only over its shots: looking ahead over its moves, the
    // defender held 10.9 points less than the Captain on Andorra (`tools/bench-bots 8
    // maps/andorra omog-musket`, 2026-12-07 (20)); on its shots alone, 1.7 points more
    // (Liechtenstein 0.4 less, Malta 1.7 less: level with the Captain, not shown stronger).
    if side == Side::Attacker || matches!(state.phase(), Phase::Move(_)) {
        return captain;
    }
    let mut cands = vec![captain];
    for (_, c) in &ranked {
        if cands.len() >= WIDTH {
            break;
        }
        if !cands.contains(c) {
            cands.push(c.clone());
        }
    }
    if cands.len() == 1 {
        return cands.remove(0);
    }
    let seeds: Vec<u64> = (0..SAMPLES).map(|_| rng.next_u64()).collect();
    let turn = state.turn();
    let mut best: Option<(f64, MusketCommand)> = None;
    for c in cands {
        let mut total = 0.0;
        for &s in &seeds {
            let mut look = reseeded(state, s);
            if execute(field, &mut look, &c).is_err() {
                total = f64::NEG_INFINITY;
                break;
            }
            play_out_turn(field, &mut look, turn);
            total += value(field, &look, side);
        }
        // The Captain's pick, first, stands unless another is better.
        if best.as_ref().is_none_or(|b| total > b.0 + 1e-9) {
            best = Some((total, c));
        }
    }
    best.expect("at least one candidate").1
}

/// Play the battle on with the Captain on both sides until turn `turn` is over.
fn play_out_turn(field: &Battlefield, state: &mut MusketState, turn: u32) {
    // The Captain draws nothing from its generator; it is there for the signature.
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for _ in 0..STEPS {
        if state.phase() == Phase::Over || state.turn() > turn {
            return;
        }
        let Some(c) = ai::choose(BotLevel::Captain, field, state, &mut rng) else {
            return;
        };
        if execute(field, state, &c).is_err() {
            return;
        }
    }
}

/// How good a position is for `side`, in figures: losses each way, hits still to fall, who
/// holds the objective and how close the attack has come; a finished battle outweighs it all.
pub fn value(field: &Battlefield, state: &MusketState, side: Side) -> f64 {
    if let Some(o) = state.outcome() {
        return match o.winner() {
            Some(w) if w == side => 100.0,
            Some(_) => -100.0,
            None => 0.0,
        };
    }
    let sign = |s: Side| if s == side { 1.0 } else { -1.0 };
    let l = state.losses();
    let mut v = f64::from(l[side.other().index()]) - f64::from(l[side.index()]);
    for id in state.pending_hits() {
        if let Some(f) = state.figure(*id) {
            v -= 0.9 * sign(f.side());
        }
    }
    if let Some((h, n)) = state.clock().holder() {
        v += sign(h) * (1.0 + f64::from(n));
    }
    // The attack must come on: each attacking man's inches from the objective cost a little
    // (less than a man: no charge into certain loss for ground).
    let inches_off: f64 = state
        .living(Side::Attacker)
        .map(|f| distance(f.pos(), field.objective) / inches(1.0))
        .sum();
    v -= sign(Side::Attacker) * 0.03 * inches_off;
    v
}
