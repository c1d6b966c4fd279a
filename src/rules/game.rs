//! A game in progress with its history: the one place commands are submitted, so that every
//! accepted command is logged and every turn's state hash recorded for replays.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::command::Command;
use super::error::RuleError;
use super::event::Event;
use super::execute::execute;
use super::hash::{state_hash, StateHash};
use super::options::{GameSetup, SetupError};
use super::state::State;

/// The state hash when a turn began.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnHash {
    /// The turn number ([`State::turn`]).
    pub turn: u32,
    /// How many commands had been carried out when it began.
    pub after_commands: usize,
    /// The hash of the state then.
    pub hash: StateHash,
}

/// A game: its setup and seed, the commands accepted so far, and the current state.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    pub(super) setup: GameSetup,
    pub(super) seed: u64,
    pub(super) commands: Vec<Command>,
    pub(super) turn_hashes: Vec<TurnHash>,
    pub(super) state: State,
}

impl Game {
    /// A new game at setup.
    pub fn new(setup: GameSetup, seed: u64) -> Result<Game, SetupError> {
        let state = State::new(&setup, seed)?;
        Ok(Game {
            setup,
            seed,
            commands: Vec::new(),
            turn_hashes: Vec::new(),
            state,
        })
    }

    /// A new game on `board`: as [`Game::new`], and refused when the map has no room for a
    /// base for every seat under the rules chosen (RULINGS §8), so no seat is ever left at
    /// setup without a legal base.
    pub fn start(setup: GameSetup, seed: u64, board: &dyn Board) -> Result<Game, SetupError> {
        setup.validate()?;
        super::bases::check_room(&setup, board)?;
        Game::new(setup, seed)
    }

    /// Carry out a command for [`State::actor`]. Accepted commands join the log; refused ones
    /// leave no trace.
    pub fn submit(&mut self, board: &dyn Board, cmd: Command) -> Result<Vec<Event>, RuleError> {
        let turn_before = self.state.turn();
        let events = execute(&mut self.state, board, &cmd)?;
        self.commands.push(cmd);
        if self.state.turn() != turn_before {
            self.turn_hashes.push(TurnHash {
                turn: self.state.turn(),
                after_commands: self.commands.len(),
                hash: state_hash(&self.state),
            });
        }
        Ok(events)
    }

    /// The setup.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }
    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Commands accepted so far, in order.
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }
    /// The state hash at the start of every turn so far.
    pub fn turn_hashes(&self) -> &[TurnHash] {
        &self.turn_hashes
    }
    /// The current state.
    pub fn state(&self) -> &State {
        &self.state
    }
}
