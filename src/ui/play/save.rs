//! The game on screen and its save files: what a save records beyond the engine's game (who plays
//! each seat, the table battle being fought), the autosave every turn into the game's own file,
//! the log rebuilt when a save is loaded, and the Save dialog (in [`dialog`]).

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::log::{unit_names, Line, Log};
use super::{recap, Play, Seat};
use crate::ai::Level;
use crate::map::GameMap;
use crate::rules::{Command, Event, Game, PlayerId, ReplayWatch, State, UnitId};
use crate::save::library::autosave_path;
use crate::save::{GameId, SavedGame, SeatPlay};

mod dialog;

pub use dialog::Dialog;

/// The log's first line, in a new game and a loaded one alike.
pub const LOG_START: &str = "The game begins: place your bases in turn order.";

/// Where the game on screen saves: its saves folder and its own id (its autosave is named after
/// it), and the Save dialog while it is open.
pub struct Slot {
    /// The saves folder.
    pub dir: PathBuf,
    /// The game's id.
    pub game_id: GameId,
    /// The name the player last saved it under, offered again by the dialog.
    pub name: Option<String>,
    /// The Save dialog, while open.
    pub dialog: Option<Dialog>,
}

impl Slot {
    /// The slot of a game in `dir`.
    pub fn new(dir: PathBuf, game_id: GameId, name: Option<String>) -> Slot {
        Slot {
            dir,
            game_id,
            name,
            dialog: None,
        }
    }

    /// This game's autosave.
    pub fn autosave(&self) -> PathBuf {
        autosave_path(&self.dir, &self.game_id)
    }
}

impl From<Seat> for SeatPlay {
    fn from(seat: Seat) -> SeatPlay {
        match seat {
            Seat::Human => SeatPlay::Human,
            Seat::Ai(level) => SeatPlay::Ai {
                bot: level.name().into(),
            },
        }
    }
}

/// The game screen's seat for a saved one: a bot named by its level plays at that level; any
/// other (saves from before the levels name "general") at the normal level.
pub fn seat_of(play: &SeatPlay) -> Seat {
    match play {
        SeatPlay::Human => Seat::Human,
        SeatPlay::Ai { bot } => Seat::Ai(Level::from_name(bot).unwrap_or(Level::Normal)),
    }
}

/// A save of `game` with these seats, as the game screen writes it (for tools and tests that set
/// up a position without a window).
pub fn save_json(game: &Game, seats: &[Seat]) -> String {
    let plain = SavedGame::from_game(game.clone());
    let id = plain.game_id().clone();
    SavedGame::new(
        game.clone(),
        id,
        seats.iter().map(|s| (*s).into()).collect(),
    )
    .unwrap_or(plain)
    .to_json()
}

impl Play {
    /// The game as a save: seats, and the table battle in progress with the commands given so
    /// far (the engine's part still owes the battle, so a loaded game fights it on from there).
    pub fn saved(&self, name: Option<String>) -> SavedGame {
        let seats = self.seats.iter().map(|s| (*s).into()).collect();
        let battle = self.table.as_ref().map(|t| t.log());
        let game = self.game.clone();
        let plain = SavedGame::from_game(game.clone());
        SavedGame::new(game, self.slot.game_id.clone(), seats)
            .and_then(|s| s.with_battle(battle))
            .unwrap_or(plain)
            .with_name(name)
    }

    /// The game as a save file's text (what the Save button writes, unnamed).
    pub fn save_json(&self) -> String {
        self.saved(self.slot.name.clone()).to_json()
    }

    /// Write this game's autosave (at the start of every turn); a failure, for the log.
    pub(super) fn autosave(&self) -> Option<String> {
        let path = self.slot.autosave();
        crate::save::write(&path, &self.saved(None))
            .err()
            .map(|e| format!("Autosave failed: {e}"))
    }

    /// Go on with a loaded save: its log of events rebuilt by the replay that proved it, and its
    /// table battle resumed when the battle's screen opens.
    pub fn resume(&mut self, saved: &SavedGame, watch: LogWatch) {
        let mut log = watch.log;
        if log.records.is_empty() && self.game.state().turn() > 0 {
            // A position set up without a history (a scenario): its rounds are counted from
            // its turn number, and the log says why it starts here.
            log.note("(A position set up without a history: the log starts here.)".into());
            log.assume_round(self.game.state());
        }
        self.seen = recap::last_seen(&log, self.seats.len());
        self.log = log;
        self.resume_table = saved.battle_in_progress().map(|b| b.commands.clone());
    }

    /// Whether the screen wants every typed character (a name is being typed).
    pub fn wants_text(&self) -> bool {
        self.slot.dialog.is_some()
    }
}

/// Rebuilds the game screen's log while a save's command log is replayed: the same lines, rounds
/// and places the screen writes as the game is played (see [`Log::record`]).
pub struct LogWatch<'m> {
    map: &'m GameMap,
    names_before: BTreeMap<UnitId, String>,
    actor: PlayerId,
    log: Log,
}

impl<'m> LogWatch<'m> {
    /// A log that so far says only [`LOG_START`], for a game on `map`.
    pub fn new(map: &'m GameMap) -> LogWatch<'m> {
        LogWatch {
            map,
            names_before: BTreeMap::new(),
            actor: PlayerId(0),
            log: Log::started(),
        }
    }

    /// The log's lines so far, oldest first.
    pub fn lines(&self) -> Vec<String> {
        self.log.lines.iter().map(|l| l.text.clone()).collect()
    }
}

impl ReplayWatch for LogWatch<'_> {
    fn before(&mut self, state: &State, _command: &Command) {
        // Units a command destroys are named as they were just before it.
        self.names_before = unit_names(state);
        self.actor = state.actor();
    }

    fn after(&mut self, state: &State, events: &[Event]) {
        self.log
            .record(state, self.map, &self.names_before, self.actor, events);
    }
}

impl Log {
    /// A new game's log: its first line.
    pub(super) fn started() -> Log {
        let mut log = Log::default();
        log.lines.push(Line {
            round: 0,
            text: LOG_START.into(),
            at: None,
        });
        log
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::setup;

    #[test]
    fn seats_survive_a_save_and_a_save_without_them_opens_with_every_seat_human() {
        let game = Game::new(setup(&["Ann", "Bot"]), 5).unwrap();
        let text = save_json(&game, &[Seat::Human, Seat::Ai(Level::Hard)]);
        assert!(text.starts_with("{\n  \"format_version\": 2,"), "{text}");
        let saved = SavedGame::from_json(&text).unwrap();
        let seats: Vec<Seat> = saved.seats().iter().map(seat_of).collect();
        assert_eq!(seats, [Seat::Human, Seat::Ai(Level::Hard)]);
        assert_eq!(saved.seats()[1], SeatPlay::Ai { bot: "hard".into() });
        let before_levels = SeatPlay::Ai {
            bot: "general".into(),
        };
        assert_eq!(
            seat_of(&before_levels),
            Seat::Ai(Level::Normal),
            "a save from before the levels plays its AI at the normal level"
        );
        assert_eq!(saved.game(), &game);
        let plain = SavedGame::from_json(&game.to_json()).unwrap();
        assert_eq!(plain.seats(), [SeatPlay::Human, SeatPlay::Human]);
    }
}
