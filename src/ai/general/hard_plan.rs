//! `hard`'s plan for the turn: at the start of its main phase it plays a few whole-turn
//! policies ([`Knobs`]: how dear a unit is, what odds a storm needs, how much of the army sits
//! in garrisons, which objective the army goes for) several rounds on, with `normal` playing
//! every other seat on determinized hands, and plays the turn by the one that comes out best.
//!
//! Each candidate is played on the same deals and dice (common random numbers) and compared
//! with `normal`'s own plan seed by seed; a candidate replaces it only when its paired gain
//! clears the [`Gate`](super::search::Gate). The budget is fixed in play-outs, never in seconds,
//! so a game stays a pure function of its seed.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::search::{departure, score, Gate};
use super::{hard_playout, Ctx, Work};

/// How a `normal`-style bot weighs its war for a turn: the switches `hard`'s plan search turns.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(in crate::ai) struct Knobs {
    /// Multiplies what losing a unit costs in every assault's odds (below 1: bolder).
    pub loss_scale: f64,
    /// Least chance of taking a settlement for the army to move in and storm it.
    pub storm_p: f64,
    /// Share of the units that may sit in garrisons.
    pub garrison_share: f64,
    /// Objectives passed over, best first (0: the best one, as `normal`).
    pub objective_skip: usize,
}

impl Knobs {
    /// `normal`'s own play.
    pub const NORMAL: Knobs = Knobs {
        loss_scale: 1.0,
        storm_p: 0.5,
        garrison_share: super::GARRISON_SHARE,
        objective_skip: 0,
    };
}

/// The plans weighed, `normal`'s first.
fn candidates() -> Vec<Knobs> {
    let n = Knobs::NORMAL;
    vec![
        n,
        Knobs {
            loss_scale: 0.6,
            storm_p: 0.4,
            ..n
        },
        Knobs {
            loss_scale: 1.5,
            storm_p: 0.65,
            garrison_share: 0.55,
            ..n
        },
        Knobs {
            objective_skip: 1,
            ..n
        },
        Knobs {
            garrison_share: 0.2,
            ..n
        },
        Knobs {
            loss_scale: 0.6,
            storm_p: 0.4,
            objective_skip: 1,
            ..n
        },
        Knobs {
            objective_skip: 2,
            ..n
        },
        Knobs {
            garrison_share: 0.55,
            ..n
        },
    ]
}

/// Play-outs per plan.
const SEEDS: usize = 6;

/// The gate a plan must clear to replace `normal`'s.
const GATE: Gate = Gate {
    sigmas: 1.0,
    least: 0.5,
};

/// The plan for this turn, weighed from the start of the main phase.
pub(super) fn choose(ctx: &Ctx, rng: &mut ChaCha8Rng, work: &mut Work) -> Knobs {
    let plans = candidates();
    let seeds: Vec<u64> = (0..SEEDS).map(|_| rng.next_u64()).collect();
    let seats = ctx.state.active_players().len();
    // Two rounds where a round is two turns; with more seats one round costs as much.
    let rounds = if seats <= 2 { 2 } else { 1 };
    let scores: Vec<Option<Vec<f64>>> = plans
        .iter()
        .map(|k| {
            Some(
                seeds
                    .iter()
                    .map(|&seed| {
                        let mut deal = ChaCha8Rng::seed_from_u64(seed);
                        let mut state = ctx.view.determinize(&mut deal);
                        work.playouts += 1;
                        work.commands += hard_playout::with_plan(
                            ctx.board,
                            &mut state,
                            ctx.me,
                            *k,
                            seed ^ 0x91a4,
                            rounds,
                        );
                        score(ctx, &state, ctx.me)
                    })
                    .collect(),
            )
        })
        .collect();
    let pick = departure(&scores, GATE).unwrap_or(0);
    if std::env::var_os("OMMS_AI_DEBUG").is_some() {
        let means: Vec<String> = scores
            .iter()
            .flatten()
            .map(|s| format!("{:.2}", s.iter().sum::<f64>() / s.len() as f64))
            .collect();
        eprintln!(
            "PLAN t{} p{} means [{}] pick {pick}",
            ctx.state.turn(),
            ctx.me.0,
            means.join(" ")
        );
    }
    plans[pick]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::general::Level;
    use crate::map::PlaceId;
    use crate::rules::testkit::{setup, valley};
    use crate::rules::{Phase, PlayerId, Scenario, SeatView};

    /// With no unit on the map every plan plays the same turn, so `normal`'s plan stands; the
    /// search spends exactly its budget and, from the same seed, weighs the same.
    #[test]
    fn where_every_plan_plays_alike_normals_stands_and_the_budget_is_kept() {
        let board = valley();
        let mut sc = Scenario::new(setup(&["Red", "Blue"]), 1);
        sc.settlement(PlayerId(0), PlaceId(0), true, true);
        sc.settlement(PlayerId(1), PlaceId(5), true, true);
        sc.turn(PlayerId(0), Phase::Main, 3);
        let state = sc.build(&board).unwrap();
        let view = SeatView::of(&state, PlayerId(0));
        let ctx = Ctx::new(&view, &board, Level::Hard);
        let run = || {
            let mut work = Work::default();
            let k = choose(&ctx, &mut ChaCha8Rng::seed_from_u64(5), &mut work);
            (k, work)
        };
        let (k, work) = run();
        assert_eq!(k, Knobs::NORMAL);
        assert_eq!(work.playouts, (candidates().len() * SEEDS) as u64);
        assert!(work.commands > 0);
        assert_eq!(run(), (k, work));
    }
}
