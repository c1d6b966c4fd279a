//! Bots that play OMMS through the same door as a human: every command they choose is submitted
//! with [`Game::submit`](crate::rules::Game::submit), which checks it, so a bot can be clumsy but
//! never cheat the rules.
//!
//! A [`Bot`] is asked for one command at a time by the [`driver`](play_game) whenever the game
//! waits for its seat. It sees the state, the board, the commands already played in this turn,
//! and a random stream derived from the game's seed, its seat and the length of the command log
//! ([`bot_rng`]). Bots keep no memory between calls, so a game continued from a save plays on
//! exactly as if it had never stopped: same seed, same game.
//!
//! ```
//! use omms::ai::{bot_by_name, play_game, Limits};
//! use omms::rules::testkit::{setup, TableBoard};
//! use omms::rules::Game;
//!
//! let board = TableBoard::grid(5, 5, 1500.0);
//! let mut game = Game::new(setup(&["Red", "Blue"]), 7).unwrap();
//! let mut bots = vec![bot_by_name("general").unwrap(), bot_by_name("random").unwrap()];
//! let report = play_game(&mut game, &board, &mut bots, Limits::turns(40), |_| {}).unwrap();
//! assert!(report.turns <= 40);
//! ```

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::{Board, Command, State};

mod driver;
mod general;
mod random;

pub use driver::{fallback, play_game, step, DriverError, GameReport, Limits, Step};
pub use general::General;
pub use random::RandomBot;

/// A player played by the computer.
pub trait Bot {
    /// The bot's name, as `omms sim --ai` spells it.
    fn name(&self) -> &'static str;

    /// The command this bot wants for [`State::actor`] now. `this_turn` holds the commands
    /// already accepted since the current turn began (for example, so a bot offers one trade a
    /// turn rather than the same one forever). All randomness must come from `rng`.
    ///
    /// The command need not be legal: the driver submits it and, if the rules refuse it, plays a
    /// safe legal command instead ([`fallback`]).
    fn choose(
        &mut self,
        state: &State,
        board: &dyn Board,
        this_turn: &[Command],
        rng: &mut ChaCha8Rng,
    ) -> Command;
}

/// The names [`bot_by_name`] knows.
pub const BOT_NAMES: [&str; 2] = ["general", "random"];

/// A fresh bot by name: `general` (plays to win) or `random` (uniform over legal commands).
pub fn bot_by_name(name: &str) -> Option<Box<dyn Bot>> {
    match name {
        "general" => Some(Box::new(General)),
        "random" => Some(Box::new(RandomBot)),
        _ => None,
    }
}

/// The random stream a bot gets for one decision: a pure function of the game's seed, the seat
/// deciding and how many commands the log holds, so that decisions never depend on how the game
/// was run (in one go, or continued from a save).
pub fn bot_rng(seed: u64, seat: u8, commands: usize) -> ChaCha8Rng {
    let mut mix = ChaCha8Rng::seed_from_u64(seed ^ 0x6f6d_6d73_2062_6f74);
    let k = mix.next_u64();
    ChaCha8Rng::seed_from_u64(
        k ^ (u64::from(seat) << 56) ^ (commands as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
    )
}

/// A uniform integer in `0..n` (`n > 0`): the engine's own unbiased draw (`dice`), so
/// a bot's choices stay the same across `rand` releases just as the dice do.
pub(crate) fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    let n = u32::try_from(n).expect("fewer than 2^32 choices");
    crate::dice::below(rng, n) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_streams_differ_by_seat_and_position_but_repeat() {
        let a = bot_rng(1, 0, 10).next_u64();
        assert_eq!(a, bot_rng(1, 0, 10).next_u64());
        assert_ne!(a, bot_rng(1, 1, 10).next_u64());
        assert_ne!(a, bot_rng(1, 0, 11).next_u64());
        assert_ne!(a, bot_rng(2, 0, 10).next_u64());
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = [0u32; 5];
        for _ in 0..1000 {
            seen[below(&mut rng, 5)] += 1;
        }
        assert!(seen.iter().all(|&k| k > 150), "{seen:?}");
    }

    #[test]
    fn names_round_trip() {
        for name in BOT_NAMES {
            assert_eq!(bot_by_name(name).unwrap().name(), name);
        }
        assert!(bot_by_name("skynet").is_none());
    }
}
