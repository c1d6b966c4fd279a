//! The save file's fields, and reading and writing them as JSON text.

use serde::{Deserialize, Serialize};

use super::upgrade;
use crate::rules::{BattleLog, Command, Game, GameSetup, Pending, State, TurnHash};

/// The save format this build writes and the newest it reads.
pub const FORMAT_VERSION: u32 = 2;

/// Which game a save belongs to: the same for every save of one game, different for two games
/// even with the same map, seats and seed. Each game's autosave is named after it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GameId(String);

impl GameId {
    /// A new id for a game starting now: the time and the process make it unique on a machine.
    pub fn fresh() -> GameId {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        let salt =
            crate::rules::fnv1a(format!("{}:{}", now.as_nanos(), std::process::id()).as_bytes());
        // 2026-05-12T10:15:30Z → 20260512-101530, then the salt.
        let stamp: String = super::file::utc_stamp(now.as_secs())
            .chars()
            .filter_map(|c| match c {
                'T' => Some('-'),
                c if c.is_ascii_digit() => Some(c),
                _ => None,
            })
            .collect();
        GameId(format!("{stamp}-{:04x}", salt & 0xffff))
    }

    /// The id of a game that never had one (saved before ids existed): a hash of what fixes the
    /// game's start, so every save of that game gets the same id.
    pub fn derived(seed: u64, setup: &GameSetup, opening: &[Command]) -> GameId {
        let text = serde_json::to_string(&(seed, setup, opening)).unwrap_or_default();
        GameId(format!("g{:016x}", crate::rules::fnv1a(text.as_bytes())))
    }

    /// The id as written, safe in a file name (letters, digits, `-`).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    fn is_valid(&self) -> bool {
        !self.0.is_empty()
            && self.0.len() <= 64
            && self
                .0
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-')
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Who plays a seat. The engine never asks (a command is a command), so this lives in the save,
/// not in the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "plays", rename_all = "snake_case")]
pub enum SeatPlay {
    /// A person at the screen.
    Human,
    /// A bot, by its name (see [`crate::ai::BOT_NAMES`]).
    Ai {
        /// The bot's name.
        bot: String,
    },
}

/// Why a save's text cannot be read.
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

/// A saved game: the engine's game and what the screens around it need to go on.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedGame {
    game: Game,
    game_id: GameId,
    name: Option<String>,
    saved_at: Option<String>,
    seats: Vec<SeatPlay>,
    battle_in_progress: Option<BattleLog>,
}

/// The file as written (borrowing, so an autosave copies nothing).
#[derive(Serialize)]
struct FileOut<'a> {
    format_version: u32,
    game_id: &'a GameId,
    name: &'a Option<String>,
    saved_at: Option<&'a str>,
    seed: u64,
    setup: &'a GameSetup,
    seats: &'a [SeatPlay],
    commands: &'a [Command],
    turn_hashes: &'a [TurnHash],
    battle_in_progress: &'a Option<BattleLog>,
    snapshot: &'a State,
}

/// The file as read, once upgraded to [`FORMAT_VERSION`]. Every field is required: the upgrade
/// steps fill in what older versions lacked.
#[derive(Deserialize)]
struct FileIn {
    #[allow(dead_code)]
    format_version: u32,
    game_id: GameId,
    name: Option<String>,
    saved_at: Option<String>,
    seed: u64,
    setup: GameSetup,
    seats: Vec<SeatPlay>,
    commands: Vec<Command>,
    turn_hashes: Vec<TurnHash>,
    battle_in_progress: Option<BattleLog>,
    snapshot: State,
}

impl SavedGame {
    /// A save of `game` with these seats (one per player).
    pub fn new(game: Game, game_id: GameId, seats: Vec<SeatPlay>) -> Result<SavedGame, SaveError> {
        let saved = SavedGame {
            game,
            game_id,
            name: None,
            saved_at: None,
            seats,
            battle_in_progress: None,
        };
        saved.check()?;
        Ok(saved)
    }

    /// With the table battle being fought now (the engine waits for it), so a loaded game goes
    /// on where the table was left.
    pub fn with_battle(mut self, battle: Option<BattleLog>) -> Result<SavedGame, SaveError> {
        self.battle_in_progress = battle;
        self.check()?;
        Ok(self)
    }

    /// With the name a player gave it (`None`: an autosave).
    pub fn with_name(mut self, name: Option<String>) -> SavedGame {
        self.name = name.filter(|n| !n.trim().is_empty());
        self
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }
    /// The game, taken out.
    pub fn into_game(self) -> Game {
        self.game
    }
    /// Which game this is.
    pub fn game_id(&self) -> &GameId {
        &self.game_id
    }
    /// The name a player gave the save; `None` for an autosave.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
    /// When it was written (UTC, `YYYY-MM-DDTHH:MM:SSZ`), when known.
    pub fn saved_at(&self) -> Option<&str> {
        self.saved_at.as_deref()
    }
    /// Who plays each seat, in seat order.
    pub fn seats(&self) -> &[SeatPlay] {
        &self.seats
    }
    /// The table battle in progress, if the game was saved during one.
    pub fn battle_in_progress(&self) -> Option<&BattleLog> {
        self.battle_in_progress.as_ref()
    }

    /// The save's text, stamped with `saved_at` (or the stamp it already has).
    pub fn to_json_at(&self, saved_at: Option<&str>) -> String {
        let g = &self.game;
        let file = FileOut {
            format_version: FORMAT_VERSION,
            game_id: &self.game_id,
            name: &self.name,
            saved_at: saved_at.or(self.saved_at.as_deref()),
            seed: g.seed(),
            setup: g.setup(),
            seats: &self.seats,
            commands: g.commands(),
            turn_hashes: g.turn_hashes(),
            battle_in_progress: &self.battle_in_progress,
            snapshot: g.state(),
        };
        // Plain data always serialises.
        let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
        text.push('\n');
        text
    }

    /// The save's text.
    pub fn to_json(&self) -> String {
        self.to_json_at(None)
    }

    /// Read a save's text, upgrading an older format. The game resumes from the snapshot; call
    /// [`Game::verify`] (after [`check_fits`](super::check_fits)) to prove the log reproduces it.
    pub fn from_json(text: &str) -> Result<SavedGame, SaveError> {
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
        let value = upgrade::to_current(value, version)?;
        let file: FileIn =
            serde_json::from_value(value).map_err(|e| SaveError::Damaged(e.to_string()))?;
        let game = Game::restore(
            file.setup,
            file.seed,
            file.commands,
            file.turn_hashes,
            file.snapshot,
        )
        .map_err(SaveError::Damaged)?;
        let saved = SavedGame {
            game,
            game_id: file.game_id,
            name: file.name,
            saved_at: file.saved_at,
            seats: file.seats,
            battle_in_progress: file.battle_in_progress,
        };
        saved.check()?;
        Ok(saved)
    }

    /// What must hold between the fields.
    fn check(&self) -> Result<(), SaveError> {
        let damaged = |m: String| Err(SaveError::Damaged(m));
        if !self.game_id.is_valid() {
            return damaged(format!(
                "game_id {:?} must be 1 to 64 letters, digits or dashes",
                self.game_id.0
            ));
        }
        let players = self.game.setup().players.len();
        if self.seats.len() != players {
            return damaged(format!("{} seats for {players} players", self.seats.len()));
        }
        if let Some(battle) = &self.battle_in_progress {
            let owed = self.game.state().pending().iter().find_map(|p| match p {
                Pending::Battle { request, .. } => Some(request.ruleset),
                _ => None,
            });
            match owed {
                None => {
                    return damaged("a battle is in progress but the game waits for none".into())
                }
                Some(r) if r != battle.ruleset => {
                    return damaged(format!(
                    "the battle in progress is fought under {}, the game waits for one under {r}",
                    battle.ruleset
                ))
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

/// The game alone, for tools and tests that have no seats to record: every seat human, an id
/// derived from the game's start.
impl Game {
    /// This game as a save's text, every seat human.
    pub fn to_json(&self) -> String {
        SavedGame::from_game(self.clone()).to_json()
    }

    /// The game in a save's text (any version this build reads); seats and a battle in progress
    /// are dropped.
    pub fn from_json(text: &str) -> Result<Game, SaveError> {
        SavedGame::from_json(text).map(SavedGame::into_game)
    }
}

impl SavedGame {
    /// A save of `game` with every seat human and an id derived from its start.
    pub fn from_game(game: Game) -> SavedGame {
        let players = game.setup().players.len();
        let opening = &game.commands()[..players.min(game.commands().len())];
        SavedGame {
            game_id: GameId::derived(game.seed(), game.setup(), opening),
            game,
            name: None,
            saved_at: None,
            seats: vec![SeatPlay::Human; players],
            battle_in_progress: None,
        }
    }
}
