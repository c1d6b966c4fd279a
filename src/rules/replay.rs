//! Saved games and replays.
//!
//! A save is JSON: `{format_version, seed, setup, commands, turn_hashes, snapshot}`. The command
//! log with the setup and seed is the game; the snapshot lets a game resume without re-running
//! it; the turn hashes let a replay prove the log still produces the same game, turn by turn.
//! Writing files (atomically, with autosaves) is the binary's business, not the rules'.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::command::Command;
use super::error::RuleError;
use super::game::{Game, TurnHash};
use super::hash::{state_hash, StateHash};
use super::options::{GameSetup, SetupError};
use super::state::State;

/// The save format this build writes and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct SaveFile {
    format_version: u32,
    seed: u64,
    setup: GameSetup,
    commands: Vec<Command>,
    turn_hashes: Vec<TurnHash>,
    snapshot: State,
}

/// Why a save cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    /// Not JSON, or JSON without a `format_version`.
    #[error("This is not an OMMS saved game: {0}")]
    NotASave(String),
    /// Written by a newer OMMS.
    #[error("This game was saved by a newer version of OMMS (save format {found}); this version reads formats up to {supported}. Please update OMMS.")]
    Newer {
        /// The file's version.
        found: u32,
        /// [`FORMAT_VERSION`].
        supported: u32,
    },
    /// A version this build has no upgrade path from.
    #[error("Save format {0} is not one OMMS ever wrote.")]
    Unknown(u32),
    /// The right version, but the content does not fit it.
    #[error("The saved game is damaged: {0}")]
    Damaged(String),
}

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

impl Game {
    /// The game as a save file's text.
    pub fn to_json(&self) -> String {
        let file = SaveFile {
            format_version: FORMAT_VERSION,
            seed: self.seed,
            setup: self.setup.clone(),
            commands: self.commands.clone(),
            turn_hashes: self.turn_hashes.clone(),
            snapshot: self.state.clone(),
        };
        // Plain data always serialises.
        serde_json::to_string_pretty(&file).unwrap_or_default()
    }

    /// Read a save file's text. The game resumes from the snapshot; call [`Game::verify`] to
    /// prove the log reproduces it.
    pub fn from_json(text: &str) -> Result<Game, SaveError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| SaveError::NotASave(e.to_string()))?;
        let version = value
            .get("format_version")
            .and_then(serde_json::Value::as_u64)
            .ok_or_else(|| SaveError::NotASave("it has no format_version".into()))?;
        let version = u32::try_from(version).unwrap_or(u32::MAX);
        if version > FORMAT_VERSION {
            return Err(SaveError::Newer {
                found: version,
                supported: FORMAT_VERSION,
            });
        }
        // Older formats would be upgraded here one version at a time; version 1 is the first.
        if version < 1 {
            return Err(SaveError::Unknown(version));
        }
        let file: SaveFile =
            serde_json::from_value(value).map_err(|e| SaveError::Damaged(e.to_string()))?;
        if file.snapshot.players().len() != file.setup.players.len() {
            return Err(SaveError::Damaged(
                "the snapshot and the setup disagree on the players".into(),
            ));
        }
        if let Some(problem) = file.snapshot.consistency_problem() {
            return Err(SaveError::Damaged(problem));
        }
        Ok(Game {
            setup: file.setup,
            seed: file.seed,
            commands: file.commands,
            turn_hashes: file.turn_hashes,
            state: file.snapshot,
        })
    }

    /// Replay this game's log from its setup and seed, comparing the state hash at the start of
    /// every turn and at the end with the recorded ones.
    pub fn verify(&self, board: &dyn Board) -> Result<(), ReplayError> {
        let replayed = replay(
            &self.setup,
            self.seed,
            &self.commands,
            &self.turn_hashes,
            board,
        )?;
        let (expected, got) = (state_hash(&self.state), state_hash(&replayed.state));
        if expected != got {
            return Err(ReplayError::Snapshot { expected, got });
        }
        Ok(())
    }
}

/// Re-run `commands` from `setup` and `seed`, checking each turn's starting hash against
/// `expected` (pass an empty slice to skip the comparison). Returns the rebuilt game.
pub fn replay(
    setup: &GameSetup,
    seed: u64,
    commands: &[Command],
    expected: &[TurnHash],
    board: &dyn Board,
) -> Result<Game, ReplayError> {
    let mut game = Game::new(setup.clone(), seed)?;
    for (index, cmd) in commands.iter().enumerate() {
        game.submit(board, cmd.clone())
            .map_err(|error| ReplayError::Refused { index, error })?;
        let done = game.turn_hashes.len();
        if done > 0 && !expected.is_empty() {
            let got = game.turn_hashes[done - 1];
            if got.after_commands == index + 1 {
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
                    None => {
                        return Err(ReplayError::TurnCount {
                            expected: expected.len(),
                            got: done,
                        })
                    }
                }
            }
        }
    }
    if !expected.is_empty() && game.turn_hashes.len() != expected.len() {
        return Err(ReplayError::TurnCount {
            expected: expected.len(),
            got: game.turn_hashes.len(),
        });
    }
    Ok(game)
}
