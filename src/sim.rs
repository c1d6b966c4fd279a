//! Whole games played by bots without a window, for testing the rules and the AI and for
//! measuring them: the seats and rules of a game ([`setup_with`]), a game played on to its end
//! with autosaves ([`play_on`]) and summed up ([`Summary`]), round robins of the bots
//! ([`round_robin`]), and the atomic save file every writer shares. The `omms sim` front-end
//! that reads the flags and prints the lines is [`crate::cli::sim`].

use std::path::PathBuf;

use serde::Serialize;

use crate::ai::{bot_by_name, play_game, Bot, DriverError, GameReport, Limits};
use crate::map::GameMap;
use crate::map::Scale;
use crate::rules::{
    state_hash, Board, Game, GameSetup, MapBoard, Options, PlayerSetup, ReplayError, SetupError,
    State, MAX_PLAYERS,
};

mod tournament;

pub use crate::save::{write_atomically, SaveFileError};
use crate::save::{GameId, SaveLock, SavedGame, SeatPlay};

/// The game in a save file (seats and a battle in progress left out; [`crate::save::read`]
/// has them).
pub fn read_save(path: &std::path::Path) -> Result<Game, SaveFileError> {
    crate::save::read(path).map(SavedGame::into_game)
}
pub use tournament::{round_robin, Pairing, RoundRobin, Standing};

/// Why a simulation could not run. Every message names the file at fault when there is one.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// The map would not load.
    #[error("{0}")]
    Map(#[from] crate::map::LoadError),
    /// A bad option.
    #[error("{0}")]
    BadOption(String),
    /// The seats cannot start a game on this map.
    #[error("{}: {error}", .dir.display())]
    Setup {
        /// The map package.
        dir: PathBuf,
        /// Why not.
        error: SetupError,
    },
    /// The save file is missing, unreadable, damaged or from a newer version.
    #[error("{0}")]
    Save(#[from] SaveFileError),
    /// The save names places the map does not have (the map changed since).
    #[error("{path}: {error}")]
    Mismatch {
        /// The save.
        path: PathBuf,
        /// The places at fault.
        error: crate::save::MapMismatch,
    },
    /// The save's command log does not reproduce its game on this map.
    #[error("{path}: {error}")]
    Replay {
        /// The save.
        path: PathBuf,
        /// What differs.
        error: ReplayError,
    },
    /// The bots could not go on (a bug, never expected).
    #[error("{0}")]
    Driver(#[from] DriverError),
}

/// One seat in a summary.
#[derive(Debug, Clone, Serialize)]
pub struct SeatSummary {
    /// Player name.
    pub name: String,
    /// The bot playing it.
    pub ai: String,
    /// Settlements held at the end.
    pub settlements: usize,
    /// Settlement points at the end.
    pub points: u32,
    /// Units on the map at the end.
    pub units: usize,
    /// Whether the player was knocked out.
    pub out: bool,
}

/// The JSON line printed after a game.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// The map's name.
    pub map: String,
    /// The game's seed.
    pub seed: u64,
    /// The winner's name, or `null` when the turn limit came first.
    pub winner: Option<String>,
    /// The winner's seat.
    pub winner_seat: Option<u8>,
    /// The bot that won.
    pub winner_ai: Option<String>,
    /// Turns played.
    pub turns: u32,
    /// Settlements per seat, in seat order.
    pub settlements: Vec<usize>,
    /// Every seat in detail.
    pub players: Vec<SeatSummary>,
    /// Commands in the log.
    pub commands: usize,
    /// Bot commands the rules refused (each replaced by a safe legal one).
    pub refusals: usize,
    /// Hash of the final state (16 hex digits).
    pub hash: String,
    /// What happened at sea, in a game with the seafaring option; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seafaring: Option<SeaSummary>,
    /// The optional rules the game was played with, as its save spells them: whoever reads a
    /// summary can tell a game of `--tanks --draw-one` from one without.
    pub options: crate::rules::Options,
}

/// Ships in a summary (seafaring games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SeaSummary {
    /// Ships built.
    pub ships_built: usize,
    /// Units that went ashore from a Ship.
    pub landings: usize,
    /// Ships lost: sunk in a fight, or beaten off with no port to go home to.
    pub ships_sunk: usize,
    /// Ships afloat at the end.
    pub ships_afloat: usize,
}

impl SeaSummary {
    /// Count from a game's log: every accepted `BuildShip` built one Ship and every `Land` put a
    /// unit ashore; a Ship leaves the game only by being lost at sea, so the built ones not
    /// afloat at the end were sunk.
    pub fn of(game: &Game) -> SeaSummary {
        use crate::rules::{Command, UnitType};
        let count = |f: fn(&Command) -> bool| game.commands().iter().filter(|c| f(c)).count();
        let ships_built = count(|c| matches!(c, Command::BuildShip(_)));
        let landings = count(|c| matches!(c, Command::Land(_)));
        let ships_afloat = game
            .state()
            .units()
            .filter(|u| u.kind() == UnitType::Ship)
            .count();
        SeaSummary {
            ships_built,
            landings,
            ships_sunk: ships_built.saturating_sub(ships_afloat),
            ships_afloat,
        }
    }
}

/// The board games are played on: the map at its own scale.
pub fn board_for(map: &GameMap) -> MapBoard<'_> {
    MapBoard::new(map, map.meta().scale)
}

/// Seats named after their colours, default options, at the map's scale.
pub fn setup_for(map: &str, scale: Scale, players: usize) -> GameSetup {
    setup_with(map, scale, players, Options::default())
}

/// Seats named after their colours, with these options.
pub fn setup_with(map: &str, scale: Scale, players: usize, options: Options) -> GameSetup {
    const COLOURS: [&str; MAX_PLAYERS] = [
        "Red", "Blue", "Green", "Yellow", "Black", "White", "Orange", "Purple",
    ];
    GameSetup {
        map: map.to_string(),
        scale,
        players: (0..players)
            .map(|i| PlayerSetup {
                name: COLOURS.get(i).copied().unwrap_or("Grey").to_string(),
                colour: COLOURS.get(i).map_or("grey", |c| c).to_lowercase(),
            })
            .collect(),
        options,
    }
}

/// Play `game` on to a winner or the turn limit with these bots, autosaving through `save` (the
/// locked file and the game's id) after every turn, and sum it up.
pub fn play_on(
    mut game: Game,
    board: &dyn Board,
    names: &[String],
    turn_limit: u32,
    save: Option<(&SaveLock, GameId)>,
    trace: bool,
) -> Result<Summary, SimError> {
    let mut bots: Vec<Box<dyn Bot>> = names.iter().filter_map(|n| bot_by_name(n)).collect();
    let mut save_error = None;
    let mut traced = 0;
    let write = |g: &Game, (lock, id): (&SaveLock, GameId)| -> Result<(), SimError> {
        let seats = names
            .iter()
            .map(|bot| SeatPlay::Ai { bot: bot.clone() })
            .collect();
        let saved =
            SavedGame::new(g.clone(), id, seats).map_err(|error| SaveFileError::Format {
                path: lock.path().to_path_buf(),
                error,
            })?;
        let stamp = crate::save::file::utc_now();
        Ok(lock.write(saved.to_json_at(Some(&stamp)).as_bytes())?)
    };
    let report = play_game(
        &mut game,
        board,
        &mut bots,
        Limits::turns(turn_limit),
        |g| {
            if let (Some((lock, id)), None) = (&save, &save_error) {
                save_error = write(g, (lock, id.clone())).err();
            }
            if trace && g.state().turn() % g.state().players().len() as u32 == 1 {
                eprintln!("{}", trace_line(g, &mut traced));
            }
        },
    )?;
    if let Some(save) = save {
        if let Some(e) = save_error {
            return Err(e);
        }
        write(&game, save)?;
    }
    Ok(summarise(&game, names, &report))
}

/// One round of a game in a line: turn, then per seat settlements/points, units inside and
/// outside settlements, food and cards; then the round's attacks and captures.
fn trace_line(game: &Game, since: &mut usize) -> String {
    let state = game.state();
    let mut line = format!("turn {:>3}:", state.turn());
    for (i, p) in state.players().iter().enumerate() {
        let seat = crate::rules::PlayerId(i as u8);
        let units = state.units_of(seat);
        let inside = units
            .iter()
            .filter(|u| {
                matches!(
                    state.unit(**u).map(|u| u.at()),
                    Some(crate::rules::Location::Settlement(_))
                )
            })
            .count();
        // The hand by suit (clubs, diamonds, hearts, spades): a hoard shows what it cannot buy.
        let suits: Vec<usize> = crate::rules::Suit::ALL
            .iter()
            .map(|s| {
                p.hand()
                    .iter()
                    .filter(|c| crate::rules::Card::from_id(**c).suit() == Some(*s))
                    .count()
            })
            .collect();
        line += &format!(
            " | {} s{}/{}p u{}+{} f{} c{}={}C{}D{}H{}S",
            &p.name()[..1],
            state.settlements_of(seat).len(),
            state.points(seat).0,
            inside,
            units.len() - inside,
            p.food().0,
            p.hand().len(),
            suits[0],
            suits[1],
            suits[2],
            suits[3]
        );
    }
    let new = &game.commands()[(*since).min(game.commands().len())..];
    let attacks = new
        .iter()
        .filter(|c| matches!(c, crate::rules::Command::Attack(_)))
        .count();
    *since = game.commands().len();
    format!("{line} | attacks {attacks} sieges {}", state.sieges().len())
}

/// The summary of a finished (or stopped) game.
pub fn summarise(game: &Game, names: &[String], report: &GameReport) -> Summary {
    let state: &State = game.state();
    let players: Vec<SeatSummary> = state
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = crate::rules::PlayerId(i as u8);
            SeatSummary {
                name: p.name().to_string(),
                ai: names.get(i).cloned().unwrap_or_default(),
                settlements: state.settlements_of(seat).len(),
                points: state.points(seat).0,
                units: state.units_of(seat).len(),
                out: p.is_out(),
            }
        })
        .collect();
    let winner = report.winner;
    Summary {
        map: game.setup().map.clone(),
        seed: game.seed(),
        winner: winner.map(|w| state.player(w).name().to_string()),
        winner_seat: winner.map(|w| w.0),
        winner_ai: winner.and_then(|w| names.get(w.index()).cloned()),
        turns: report.turns,
        settlements: players.iter().map(|p| p.settlements).collect(),
        players,
        commands: game.commands().len(),
        refusals: report.refusals,
        hash: state_hash(state).to_string(),
        seafaring: state.options().seafaring.then(|| SeaSummary::of(game)),
        options: *state.options(),
    }
}
