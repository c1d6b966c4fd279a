//! Saved games: the one module that owns every byte of a save file.
//!
//! A save is JSON, `format_version` first:
//!
//! | field | what it holds |
//! | --- | --- |
//! | `format_version` | [`FORMAT_VERSION`]; older files are upgraded one version at a time ([`upgrade`]) |
//! | `game_id` | which game this is, so each game keeps its own autosave ([`GameId`]) |
//! | `name` | the name a player gave the save, or `null` for an autosave |
//! | `saved_at` | when it was written (UTC, ISO 8601), or `null` when unknown |
//! | `seed`, `setup` | with the command log, these are the game |
//! | `seats` | who plays each seat: `{"plays": "human"}` or `{"plays": "ai", "bot": "general"}` |
//! | `commands` | every accepted command, in order |
//! | `turn_hashes` | the state hash at the start of every turn, checked on replay |
//! | `battle_in_progress` | a table battle being fought when the game was saved: `{"ruleset", "commands"}`, or `null` |
//! | `snapshot` | the state now, so a game resumes without re-running the log |
//!
//! The game's log of events is not stored: it is rebuilt from the command log when a save is
//! loaded, because loading replays the log anyway to prove it reproduces the snapshot.
//!
//! [`file`] writes saves so that the file is in place at every instant (the previous one is kept
//! as `FILE.prev`), refuses a second writer, and cleans what a killed writer left; [`library`]
//! lists a saves folder for the Load screen; [`fit`] refuses a save that does not fit the map it
//! is loaded on. The rules engine never touches files: it gets a [`Game`](crate::rules::Game).

pub mod file;
pub mod fit;
mod format;
pub mod library;
pub mod upgrade;

pub use file::{read, write, write_atomically, SaveFileError, SaveLock};
pub use fit::{check_fits, MapMismatch};
pub use format::{GameId, SaveError, SavedGame, SeatPlay, FORMAT_VERSION};
