//! The battle's dice, and the one way they advance.
//!
//! **Decision.** Die number `n` of a battle is the first d6 of ChaCha8 stream `n` of the
//! battle's seed. The state keeps only the seed and how many dice have been drawn ([`Dice`]);
//! `execute` reads the next numbers without changing anything, and `apply` counts the dice each
//! event carries. So events are the only path by which a battle changes — its dice included —
//! a preview (a check, the bot, the table screen's odds) can never move the dice on, and a
//! battle replays from its seed and commands alone.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Where a battle's dice stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dice {
    seed: u64,
    drawn: u64,
}

impl Dice {
    /// A battle's dice from its seed, none drawn.
    pub fn new(seed: u64) -> Dice {
        Dice { seed, drawn: 0 }
    }

    /// The battle's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Dice drawn so far.
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// Die number `n` of the battle (from 0).
    pub fn die(&self, n: u64) -> u8 {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(n);
        crate::dice::d6(&mut rng)
    }

    /// Count `n` more dice as drawn: `apply`'s business only.
    pub(in crate::tactical) fn advance(&mut self, n: u64) {
        self.drawn += n;
    }
}

/// A ruleset state that changes only by applying events.
pub trait Journal {
    /// The ruleset's event.
    type Event;
    /// The one function that changes the state; it counts the event's dice.
    fn apply(&mut self, e: &Self::Event);
    /// The state's dice.
    fn dice(&self) -> &Dice;
    /// Dice an event carries.
    fn dice_in(e: &Self::Event) -> u64;
}

/// `execute`'s pen: it rolls the next dice and writes events, each applied as it is written, so
/// what follows is worked out on the position the earlier events made.
pub struct Emitter<'a, S: Journal> {
    state: &'a mut S,
    events: Vec<S::Event>,
    rolled: u64,
}

impl<'a, S: Journal> Emitter<'a, S> {
    /// Start writing events for `state`.
    pub fn new(state: &'a mut S) -> Emitter<'a, S> {
        Emitter {
            state,
            events: Vec::new(),
            rolled: 0,
        }
    }

    /// The position as the events so far left it.
    pub fn state(&self) -> &S {
        self.state
    }

    /// The next die: carried by an event still to be written.
    pub fn roll(&mut self) -> u8 {
        let d = self.state.dice();
        let die = d.die(d.drawn() + self.rolled);
        self.rolled += 1;
        die
    }

    /// The next `n` dice, not yet taken: for a step that needs an unknown number of them
    /// (a hand-to-hand fight); say how many it took with [`Emitter::took`].
    pub fn peek(&self, n: u64) -> Vec<u8> {
        let d = self.state.dice();
        (0..n).map(|k| d.die(d.drawn() + self.rolled + k)).collect()
    }

    /// Take `n` of the dice [`Emitter::peek`] showed.
    pub fn took(&mut self, n: u64) {
        self.rolled += n;
    }

    /// Write an event and apply it.
    pub fn emit(&mut self, e: S::Event) {
        let n = S::dice_in(&e);
        debug_assert!(n <= self.rolled, "an event carries dice never rolled");
        self.rolled -= n.min(self.rolled);
        self.state.apply(&e);
        self.events.push(e);
    }

    /// The events written.
    pub fn finish(self) -> Vec<S::Event> {
        debug_assert_eq!(self.rolled, 0, "dice rolled but carried by no event");
        self.events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_dice_and_each_die_is_fair() {
        let a = Dice::new(9);
        let b = Dice::new(9);
        assert_eq!(
            (0..50).map(|n| a.die(n)).collect::<Vec<_>>(),
            (0..50).map(|n| b.die(n)).collect::<Vec<_>>()
        );
        let mut seen = [0u32; 7];
        for n in 0..6000 {
            seen[a.die(n) as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(
            seen[1..].iter().all(|&c| (850..1150).contains(&c)),
            "{seen:?}"
        );
        assert_ne!(
            (0..20).map(|n| Dice::new(1).die(n)).collect::<Vec<_>>(),
            (0..20).map(|n| Dice::new(2).die(n)).collect::<Vec<_>>()
        );
    }
}
