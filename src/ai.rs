//! Bots that play OMMS through the same door as a human: every command they choose is submitted
//! with [`Game::submit`](crate::rules::Game::submit), which checks it, so a bot can be clumsy but
//! never cheat the rules. Nor can it peek: a bot is handed its seat's [`SeatView`] — its own
//! hand, the map, the cards played face up — never the other hands, the pile or the dice to come.
//!
//! A [`Bot`] is asked for one command at a time by the [`driver`](play_game) whenever the game
//! waits for its seat. It sees its view, the board, the commands already played in this turn
//! (as its seat saw them), and a random stream derived from the game's seed, its seat and the
//! length of the command log ([`bot_rng`]). What a bot remembers lasts one turn at most and only
//! spares it work, so a game continued from a save plays on exactly as if it had never stopped.
//!
//! Three named levels play to win ([`Level`]): `easy` fights only where the odds of the fight in
//! front of it are good, `normal` gathers its units against one settlement at a time and storms
//! it when the exact odds of the whole assault say so, and `hard` weighs its choices by playing
//! them out (Monte Carlo, on hands dealt at random from the cards it cannot see). `random` is the
//! yardstick.
//!
//! ```
//! use omms::ai::{bot_by_name, play_game, Limits};
//! use omms::rules::testkit::{setup, TableBoard};
//! use omms::rules::Game;
//!
//! let board = TableBoard::grid(5, 5, 1500.0);
//! let mut game = Game::new(setup(&["Red", "Blue"]), 7).unwrap();
//! let mut bots = vec![bot_by_name("normal").unwrap(), bot_by_name("random").unwrap()];
//! let report = play_game(&mut game, &board, &mut bots, Limits::turns(40), |_| {}).unwrap();
//! assert!(report.turns <= 40);
//! ```

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::{Board, Command, SeatView};

mod driver;
mod general;
mod random;

pub use driver::{fallback, play_game, step, DriverError, GameReport, Limits, Step};
pub use general::{General, Level, Work};
pub use random::RandomBot;

/// A player played by the computer.
pub trait Bot {
    /// The bot's name, as `omms sim --ai` spells it.
    fn name(&self) -> &'static str;

    /// The command this bot wants for its seat now. `view` is all the seat may see;
    /// `this_turn` holds the commands already accepted since the current turn began, as the
    /// seat saw them (for example, so a bot offers one trade a turn rather than the same one
    /// forever). All randomness must come from `rng`.
    ///
    /// The command need not be legal: the driver submits it and, if the rules refuse it, plays a
    /// safe legal command instead ([`fallback`]).
    fn choose(
        &mut self,
        view: &SeatView,
        board: &dyn Board,
        this_turn: &[Command],
        rng: &mut ChaCha8Rng,
    ) -> Command;
}

/// The names [`bot_by_name`] knows, weakest first.
pub const BOT_NAMES: [&str; 4] = ["random", "easy", "normal", "hard"];

/// A fresh bot by name: a [`Level`] (`easy`, `normal`, `hard`), `general` (the normal level,
/// its name before there were levels) or `random` (uniform over legal commands).
pub fn bot_by_name(name: &str) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(RandomBot)),
        "general" => Some(Box::new(General::new(Level::Normal))),
        other => Level::from_name(other).map(|l| Box::new(General::new(l)) as Box<dyn Bot>),
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
        assert_eq!(bot_by_name("general").unwrap().name(), "normal");
        assert!(bot_by_name("skynet").is_none());
    }
}
