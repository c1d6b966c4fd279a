//! The stronger 6+ bot ([`BotLevel::General`](crate::tactical::ruleset::BotLevel)), for playing
//! against. Auto-resolve's captain weighs each order by what the block could do next and what
//! the enemy could shoot at it from where he stands; the general takes the captain's few best
//! orders and plays each out — the rest of his own turn, the enemy's whole reply and his own next
//! player turn, both sides as the captain would play them — and gives the one that leaves his
//! army best off: hits and blocks on both sides, ground to the objective by the way each block
//! can walk, and the battle won or lost. Nothing is random, so each playing out is exact.

use rand_chacha::ChaCha8Rng;

use super::ai::{after, objective_weight, pick, plan_fire, scored_moves};
use super::command::SixCommand;
use super::execute::execute;
use super::state::{Phase, SixState, HITS_TO_ELIMINATE};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::Side;

/// How many of the captain's best orders are played out.
const TRIED: usize = 4;
/// A block on the table is worth this much over its hits left (losing one costs more than its
/// last hits).
const ALIVE: f64 = 6.0;

/// Farther than any way across the table, mm.
const FAR: f64 = 700.0;

/// The general's order in the movement phase.
pub fn plan_move(field: &Battlefield, s: &SixState, rng: &mut ChaCha8Rng) -> SixCommand {
    let side = s.actor();
    let mut tried = scored_moves(field, s, true);
    tried.sort_by(|a, b| b.0.total_cmp(&a.0));
    tried.truncate(TRIED);
    tried.push((0.0, SixCommand::EndMove));
    let played: Vec<(f64, SixCommand)> = tried
        .into_iter()
        .filter_map(|(_, c)| {
            let t = after(field, s, &c)?;
            // Through the enemy's reply and on to the end of his own next player turn: judged
            // at the reply, the block that steps into range always looks worse off, because
            // the volley it gives back is never seen (issue 15: the general was no better than
            // the captain attacking, −1.0 points; see docs/rules/six_plus.md, "The bot").
            let next = play_on(field, play_out(field, t, side), side);
            Some((value(field, &next, side), c))
        })
        .collect();
    pick(&played, Some(rng)).map_or(SixCommand::EndMove, |(_, c)| c)
}

/// Play `s` on as the captains would, without a stream (their first best every time), to the
/// end of `side`'s enemy's next player turn.
fn play_out(field: &Battlefield, s: SixState, side: Side) -> SixState {
    let mut enemy_seen = false;
    play_while(field, s, |s| {
        enemy_seen |= s.actor() != side;
        !(enemy_seen && s.actor() == side)
    })
}

/// Play `s` on as the captains would to the end of `side`'s player turn (unchanged when it is
/// the enemy's).
fn play_on(field: &Battlefield, s: SixState, side: Side) -> SixState {
    play_while(field, s, |s| s.actor() == side)
}

/// Play `s` on as the captains would while `go` says so and the battle lasts.
fn play_while(
    field: &Battlefield,
    mut s: SixState,
    mut go: impl FnMut(&SixState) -> bool,
) -> SixState {
    for _ in 0..400 {
        if s.phase() == Phase::Over || !go(&s) {
            break;
        }
        let c = match s.phase() {
            Phase::Move => super::ai::plan_move(field, &s, true, None),
            _ => plan_fire(field, &s, None),
        };
        if execute(field, &mut s, &c).is_err() {
            break;
        }
    }
    s
}

/// How well off `side` is in `s`: blocks and hits left on both sides, ground to the objective,
/// and the battle's result if it is over.
fn value(field: &Battlefield, s: &SixState, side: Side) -> f64 {
    if let Some(o) = s.outcome() {
        match o.winner() {
            Some(w) if w == side => return 1000.0,
            Some(_) => return -1000.0,
            None => {}
        }
    }
    s.living()
        .map(|u| {
            let left = f64::from(HITS_TO_ELIMINATE.saturating_sub(u.hits));
            let to_go = s.ground().to_objective(field, u.kind, u.at);
            // Measured as ground covered from beyond the table's far corner, so a block lost
            // never counts for more than one still marching.
            let v = ALIVE + left + objective_weight(u.side) * (FAR - to_go).max(0.0);
            if u.side == side {
                v
            } else {
                -v
            }
        })
        .sum()
}
