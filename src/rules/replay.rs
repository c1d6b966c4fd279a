//! Replays: a game is its setup, seed and command log, and re-running the log must reproduce the
//! state hash recorded at the start of every turn and the final state.
//!
//! Reading and writing save files is not the rules' business: [`crate::save`] owns every byte of
//! a save and hands the engine a [`Game`] rebuilt with [`Game::restore`].

use super::board::Board;
use super::command::Command;
use super::error::RuleError;
use super::event::Event;
use super::game::{Game, TurnHash};
use super::hash::{state_hash, StateHash};
use super::options::{GameSetup, SetupError};
use super::state::State;

/// Why a replay does not reproduce the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The setup cannot start a game.
    #[error("The saved setup is invalid: {0}")]
    Setup(#[from] SetupError),
    /// A logged command is refused on replay.
    #[error("Command {index} of the log is refused on replay: {error}")]
    Refused {
        /// Its position in the log.
        index: usize,
        /// Why.
        error: RuleError,
    },
    /// A turn began with a different state than recorded.
    #[error("The replay diverged at turn {turn} (after {after_commands} commands): expected state {expected}, got {got}.")]
    Diverged {
        /// The turn.
        turn: u32,
        /// Commands replayed by then.
        after_commands: usize,
        /// Recorded hash.
        expected: StateHash,
        /// Replayed hash.
        got: StateHash,
    },
    /// The log began turns but the save recorded no hash for any of them: without them the
    /// log cannot be checked turn by turn, so this is refused rather than waved through.
    #[error("The save records no turn hashes, but its log begins {turns} turns: it cannot be checked turn by turn.")]
    NoTurnHashes {
        /// Turns the replay began.
        turns: usize,
    },
    /// The replay began a different number of turns than recorded.
    #[error("The replay began {got} turns; the save recorded {expected}.")]
    TurnCount {
        /// Recorded.
        expected: usize,
        /// Replayed.
        got: usize,
    },
    /// The end of the replay differs from the snapshot.
    #[error("The replay ends in state {got}, but the snapshot is {expected}.")]
    Snapshot {
        /// Snapshot hash.
        expected: StateHash,
        /// Replayed hash.
        got: StateHash,
    },
}

/// Something that follows a replay command by command, e.g. to rebuild a game's log of events.
pub trait ReplayWatch {
    /// Just before `command` is carried out on `state`.
    fn before(&mut self, state: &State, command: &Command) {
        let _ = (state, command);
    }
    /// Just after, with the state it led to and what happened.
    fn after(&mut self, state: &State, events: &[Event]) {
        let _ = (state, events);
    }
}

/// A watch that looks at nothing.
struct Blind;
impl ReplayWatch for Blind {}

impl Game {
    /// A game from the parts a save holds. The snapshot must be consistent and agree with the
    /// setup on the players; whether the log reproduces it is [`Game::verify`]'s question.
    pub fn restore(
        setup: GameSetup,
        seed: u64,
        commands: Vec<Command>,
        turn_hashes: Vec<TurnHash>,
        snapshot: State,
    ) -> Result<Game, String> {
        if snapshot.players().len() != setup.players.len() {
            return Err("the snapshot and the setup disagree on the players".into());
        }
        if let Some(problem) = snapshot.consistency_problem() {
            return Err(problem);
        }
        Ok(Game {
            setup,
            seed,
            declined: if commands.is_empty() {
                super::game::Declined::known(Vec::new())
            } else {
                super::game::Declined::default()
            },
            commands,
            turn_hashes,
            state: snapshot,
        })
    }

    /// Replay this game's log from its setup and seed, comparing the state hash at the start of
    /// every turn and at the end with the recorded ones.
    pub fn verify(&self, board: &dyn Board) -> Result<(), ReplayError> {
        self.verify_watched(board, &mut Blind)
    }

    /// [`Game::verify`], showing every replayed command to `watch`.
    pub fn verify_watched(
        &self,
        board: &dyn Board,
        watch: &mut dyn ReplayWatch,
    ) -> Result<(), ReplayError> {
        let replayed = replay_watched(
            &self.setup,
            self.seed,
            &self.commands,
            &self.turn_hashes,
            board,
            watch,
        )?;
        let (expected, got) = (state_hash(&self.state), state_hash(&replayed.state));
        if expected != got {
            return Err(ReplayError::Snapshot { expected, got });
        }
        self.declined.learn(replayed.declined);
        Ok(())
    }
}

/// Re-run `commands` from `setup` and `seed`, checking each turn's starting hash against
/// `expected`: every turn the log begins must have its recorded hash, so an empty list passes
/// only a log that never finished a turn. Returns the rebuilt game.
pub fn replay(
    setup: &GameSetup,
    seed: u64,
    commands: &[Command],
    expected: &[TurnHash],
    board: &dyn Board,
) -> Result<Game, ReplayError> {
    replay_watched(setup, seed, commands, expected, board, &mut Blind)
}

fn replay_watched(
    setup: &GameSetup,
    seed: u64,
    commands: &[Command],
    expected: &[TurnHash],
    board: &dyn Board,
    watch: &mut dyn ReplayWatch,
) -> Result<Game, ReplayError> {
    let mut game = Game::new(setup.clone(), seed)?;
    for (index, cmd) in commands.iter().enumerate() {
        watch.before(&game.state, cmd);
        let events = game
            .submit(board, cmd.clone())
            .map_err(|error| ReplayError::Refused { index, error })?;
        watch.after(&game.state, &events);
        let done = game.turn_hashes.len();
        let Some(got) = game.turn_hashes.last().copied() else {
            continue;
        };
        if got.after_commands != index + 1 {
            continue;
        }
        match expected.get(done - 1) {
            Some(want) if *want == got => {}
            Some(want) => {
                return Err(ReplayError::Diverged {
                    turn: want.turn,
                    after_commands: want.after_commands,
                    expected: want.hash,
                    got: got.hash,
                })
            }
            None if expected.is_empty() => {
                // Counted to the end, so the message says how many turns went unchecked.
                let turns = replay_turns(&mut game, board, &commands[index + 1..]);
                return Err(ReplayError::NoTurnHashes {
                    turns: done + turns,
                });
            }
            None => {
                return Err(ReplayError::TurnCount {
                    expected: expected.len(),
                    got: done,
                })
            }
        }
    }
    if game.turn_hashes.len() != expected.len() {
        return Err(ReplayError::TurnCount {
            expected: expected.len(),
            got: game.turn_hashes.len(),
        });
    }
    Ok(game)
}

/// How many more turns `rest` begins (stopping at a refusal, which the caller reports anyway).
fn replay_turns(game: &mut Game, board: &dyn Board, rest: &[Command]) -> usize {
    let before = game.turn_hashes.len();
    for cmd in rest {
        if game.submit(board, cmd.clone()).is_err() {
            break;
        }
    }
    game.turn_hashes.len() - before
}
