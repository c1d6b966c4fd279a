//! A game in progress with its history: the one place commands are submitted, so that every
//! accepted command is logged and every turn's state hash recorded for replays.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::command::Command;
use super::error::RuleError;
use super::event::Event;
use super::execute::execute;
use super::hash::{state_hash, StateHash};
use super::ids::{CardId, PlayerId};
use super::options::{GameSetup, SetupError};
use super::state::{Pending, State};

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

/// A trade offer that was declined. That it was declined is public (every seat saw the
/// answer); its cards are known only to the two who traded ([`SeatView`](super::SeatView)
/// hides them from the rest).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclinedTrade {
    /// The turn it was offered in ([`State::turn`]).
    pub turn: u32,
    /// Who offered.
    pub from: PlayerId,
    /// Who declined.
    pub with: PlayerId,
    /// Cards offered.
    pub give: Vec<CardId>,
    /// Cards asked for (named by face).
    pub take: Vec<CardId>,
}

/// The declined trades of a game, worked out from its log: empty for a game restored from a
/// save until the log is replayed (by [`Game::verify`] or [`Game::declined_trades`], whichever
/// comes first, so a verified save is replayed once). Derived from the commands, so two games
/// equal in every other part are equal whatever this holds.
#[derive(Debug, Clone, Default)]
pub(super) struct Declined(pub(super) OnceLock<Vec<DeclinedTrade>>);

impl Declined {
    pub(super) fn known(record: Vec<DeclinedTrade>) -> Declined {
        Declined(OnceLock::from(record))
    }

    /// Learn the record from a replay of the whole log (a record already known stays).
    pub(super) fn learn(&self, replayed: Declined) {
        if let Some(record) = replayed.0.into_inner() {
            let _ = self.0.set(record);
        }
    }
}

impl PartialEq for Declined {
    fn eq(&self, _: &Declined) -> bool {
        true
    }
}

/// A game: its setup and seed, the commands accepted so far, and the current state.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    pub(super) setup: GameSetup,
    pub(super) seed: u64,
    pub(super) commands: Vec<Command>,
    pub(super) turn_hashes: Vec<TurnHash>,
    pub(super) state: State,
    pub(super) declined: Declined,
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
            declined: Declined::known(Vec::new()),
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
        let offer = match (&cmd, self.state.pending().first()) {
            (
                Command::RespondTrade(_),
                Some(Pending::Trade {
                    from,
                    with,
                    give,
                    take,
                }),
            ) => Some(DeclinedTrade {
                turn: turn_before,
                from: *from,
                with: *with,
                give: give.clone(),
                take: take.clone(),
            }),
            _ => None,
        };
        let events = execute(&mut self.state, board, &cmd)?;
        let declined = events
            .iter()
            .any(|e| matches!(e, Event::TradeDeclined { .. }));
        if let (Some(offer), true, Some(record)) = (offer, declined, self.declined.0.get_mut()) {
            record.push(offer);
        }
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

    /// Every trade offer declined so far, oldest first. A game restored from a save learns them
    /// by replaying its log on `board` the first time it is asked (the save holds only the log),
    /// so a game played on from a save sees the same record as one never stopped; `None` if the
    /// log does not replay.
    pub fn declined_trades(&self, board: &dyn Board) -> Option<&[DeclinedTrade]> {
        if self.declined.0.get().is_none() {
            let replayed = super::replay::replay(
                &self.setup,
                self.seed,
                &self.commands,
                &self.turn_hashes,
                board,
            )
            .ok()?;
            self.declined.learn(replayed.declined);
        }
        self.declined.0.get().map(Vec::as_slice)
    }
}
