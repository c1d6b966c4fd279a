//! How the Musket bots read a place to stand in a firefight (issue 15): the chance a man has of
//! hitting someone from there, and the hits he can expect to take there from every enemy who
//! can fire at him, each worked out by the engine's own [`shot_odds`] as if he stood there. A
//! musket line that stands fires every turn; one that walks fires every other turn at best, so
//! where a man ends his move is worth as much as how far he gets.

use super::check::shot_odds;
use super::state::{Figure, MusketState};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::table::{distance, TablePoint};

/// The chance of hitting with a roll of `need` or more on a d6.
pub fn chance(need: u8) -> f64 {
    f64::from(7u8.saturating_sub(need.clamp(1, 7))) / 6.0
}

/// `f` moved to `at` (a copy: the state is untouched).
fn standing_at(f: &Figure, at: TablePoint) -> Figure {
    let mut me = f.clone();
    me.set_pos(at);
    me
}

/// The best chance `f` would have of hitting anyone from `at` (0 with nobody in range and
/// sight).
pub fn best_shot(field: &Battlefield, state: &MusketState, f: &Figure, at: TablePoint) -> f64 {
    let me = standing_at(f, at);
    let reach = f.kit().max_range();
    state
        .living(f.side().other())
        .filter(|e| distance(e.pos(), at) <= reach)
        .filter_map(|e| shot_odds(field, state, &me, e).ok())
        .map(|o| chance(o.need))
        .fold(0.0, f64::max)
}

/// The hits `f` could expect at `at` from the enemies able to fire at him there (an enemy
/// who is not loaded now counts half: he loads only if he stands), each enemy's one shot shared
/// among `f`'s side: he is one of their targets, not all of their fire.
pub fn exposure(field: &Battlefield, state: &MusketState, f: &Figure, at: TablePoint) -> f64 {
    let me = standing_at(f, at);
    // (Counting every enemy's shot as aimed at him alone made every man fear the whole enemy
    // line: Liechtenstein, 8 battles, gap 30.1 points against 22.3.)
    let share = 1.0 / state.living(f.side()).count().max(1) as f64;
    share
        * state
            .living(f.side().other())
            .filter(|e| distance(e.pos(), at) <= e.kit().max_range())
            .filter_map(|e| {
                let o = shot_odds(field, state, e, &me).ok()?;
                let ready = if state.loaded(e.id()) { 1.0 } else { 0.5 };
                Some(ready * chance(o.need))
            })
            .sum::<f64>()
}
