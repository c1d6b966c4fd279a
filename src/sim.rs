//! `omms sim`: whole games played by bots without a window, for testing the rules and the AI and
//! for measuring them.
//!
//! One game prints a JSON summary as its last line ([`Summary`]); `--games N` plays a series of
//! seeds with the seats rotating, one summary per line and a tally ([`Tally`]) last. `--save FILE`
//! keeps an autosave, rewritten atomically after every turn; `--load FILE` proves a save replays
//! to the same state hash at every turn and plays it on to the end.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use crate::ai::{bot_by_name, play_game, Bot, DriverError, GameReport, Limits, BOT_NAMES};
use crate::map::GameMap;
use crate::map::Scale;
use crate::rules::{
    state_hash, Board, Game, GameSetup, MapBoard, Options, PlayerSetup, ReplayError, SetupError,
    State, MAX_PLAYERS,
};

mod options;
mod save_file;
mod tournament;

pub use options::GameFlags;
pub use save_file::{read_save, write_atomically, SaveFileError};
pub use tournament::{round_robin, Pairing, RoundRobin, Standing};

/// Options of `omms sim`.
#[derive(clap::Args, Debug, Clone)]
pub struct SimArgs {
    /// Map package folder (default: the shipped Andorra map).
    #[arg(long, value_name = "DIR")]
    pub map: Option<PathBuf>,
    /// Number of players (2–8).
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Seed of the game (with `--games`, of the first game).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Bots by seat, comma-separated: `easy`, `normal` (also `general`), `hard` or `random`.
    /// One name plays every seat.
    #[arg(long, value_delimiter = ',', default_value = "normal")]
    pub ai: Vec<String>,
    /// Stop after this many turns without a winner.
    #[arg(long, default_value_t = 400)]
    pub turn_limit: u32,
    /// Autosave to this file after every turn (written atomically; the one before is kept as
    /// FILE.prev).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Continue the game saved in this file, after proving its command log replays to the same
    /// state hash at every turn.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["games", "seed", "players"])]
    pub load: Option<PathBuf>,
    /// Play this many games (seeds SEED, SEED+1, …), rotating the bots round the seats.
    #[arg(long, value_name = "N", conflicts_with = "save")]
    pub games: Option<u32>,
    /// The rules (a loaded save keeps its own).
    #[command(flatten)]
    pub game: GameFlags,
    /// With `--games N`: a round robin of the `--ai` bots instead, every pair playing N
    /// two-seat games (seats swapped every game, in parallel); the last line rates them (win
    /// rates, each pair's score, Elo with its error).
    #[arg(long, requires = "games", conflicts_with_all = ["load", "save", "players"])]
    pub round_robin: bool,
    /// Print one line per round to stderr: each seat's settlements, units (in settlements /
    /// in the field) and food, and the attacks and captures of the round.
    #[arg(long)]
    pub trace: bool,
}

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
}

/// The last line of `--games N`.
#[derive(Debug, Clone, Serialize)]
pub struct Tally {
    /// The map's name.
    pub map: String,
    /// Games played.
    pub games: u32,
    /// Seeds played: `first..=last`.
    pub seeds: [u64; 2],
    /// Wins per bot name, in name order.
    pub wins: std::collections::BTreeMap<String, u32>,
    /// Games stopped at the turn limit.
    pub undecided: u32,
    /// Turns played in all games.
    pub turns: u64,
}

/// Run `omms sim` and print its output; the exit code is 2 on bad input.
pub fn run_cli(args: SimArgs, default_map: PathBuf) -> ExitCode {
    let mut out = std::io::stdout();
    match run(args, default_map, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Run `omms sim`, writing its lines to `out`.
pub fn run(
    args: SimArgs,
    default_map: PathBuf,
    out: &mut dyn std::io::Write,
) -> Result<(), SimError> {
    let dir = args.map.clone().unwrap_or(default_map);
    let map = GameMap::load(&dir)?;
    let scale = args.game.scale.map_or(map.meta().scale, Scale);
    let board = MapBoard::new(&map, scale);
    let name = map.meta().name.clone();
    let mut say = |line: String| {
        // A closed stdout (e.g. `| head`) is not the simulation's failure.
        let _ = writeln!(out, "{line}");
    };
    if let Some(path) = &args.load {
        let game = read_save(path)?;
        // A save is played on at its own scale, whatever the flags say.
        let board = MapBoard::new(&map, game.setup().scale);
        game.verify(&board).map_err(|error| SimError::Replay {
            path: path.clone(),
            error,
        })?;
        let seats = game.setup().players.len();
        let names = bot_names(&args.ai, seats)?;
        let summary = play_on(
            game,
            &board,
            &names,
            args.turn_limit,
            args.save.as_deref(),
            args.trace,
        )?;
        say(json(&summary));
        return Ok(());
    }
    if args.round_robin {
        let games = args.games.unwrap_or(1);
        if args.ai.len() < 2 {
            return Err(SimError::BadOption(
                "--round-robin needs two or more bots in --ai".into(),
            ));
        }
        let names = bot_names(&args.ai, args.ai.len())?;
        let setup = setup_with(&name, scale, 2, args.game.options());
        let result = round_robin(&names, &setup, &board, args.seed, games, args.turn_limit)
            .map_err(|error| SimError::Setup {
                dir: dir.clone(),
                error,
            })?;
        say(json(&result));
        return Ok(());
    }
    let names = bot_names(&args.ai, args.players)?;
    let setup = setup_with(&name, scale, args.players, args.game.options());
    let start = |seed: u64| {
        Game::start(setup.clone(), seed, &board).map_err(|error| SimError::Setup {
            dir: dir.clone(),
            error,
        })
    };
    let Some(games) = args.games else {
        let game = start(args.seed)?;
        let summary = play_on(
            game,
            &board,
            &names,
            args.turn_limit,
            args.save.as_deref(),
            args.trace,
        )?;
        say(json(&summary));
        return Ok(());
    };
    let mut tally = Tally {
        map: name,
        games,
        seeds: [args.seed, args.seed + u64::from(games.max(1)) - 1],
        wins: names.iter().map(|n| (n.clone(), 0)).collect(),
        undecided: 0,
        turns: 0,
    };
    for k in 0..games {
        let mut seats = names.clone();
        seats.rotate_left(k as usize % names.len());
        let game = start(args.seed + u64::from(k))?;
        let summary = play_on(game, &board, &seats, args.turn_limit, None, args.trace)?;
        tally.turns += u64::from(summary.turns);
        match &summary.winner_ai {
            Some(ai) => *tally.wins.entry(ai.clone()).or_insert(0) += 1,
            None => tally.undecided += 1,
        }
        say(json(&summary));
    }
    say(json(&tally));
    Ok(())
}

/// The board games are played on: the map at its own scale.
pub fn board_for(map: &GameMap) -> MapBoard<'_> {
    MapBoard::new(map, map.meta().scale)
}

fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// Bot names per seat: one name for every seat, or exactly one per seat.
pub fn bot_names(ai: &[String], seats: usize) -> Result<Vec<String>, SimError> {
    let names: Vec<String> = match ai {
        [one] => vec![one.clone(); seats],
        many if many.len() == seats => many.to_vec(),
        many => {
            return Err(SimError::BadOption(format!(
                "--ai names {} bots for {seats} players; give one name, or one per player",
                many.len()
            )))
        }
    };
    if let Some(bad) = names.iter().find(|n| bot_by_name(n).is_none()) {
        return Err(SimError::BadOption(format!(
            "--ai {bad:?}: no such bot (try {})",
            BOT_NAMES.join(", ")
        )));
    }
    Ok(names)
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

/// Play `game` on to a winner or the turn limit with these bots, autosaving to `save` after every
/// turn, and sum it up.
pub fn play_on(
    mut game: Game,
    board: &dyn Board,
    names: &[String],
    turn_limit: u32,
    save: Option<&Path>,
    trace: bool,
) -> Result<Summary, SimError> {
    let mut bots: Vec<Box<dyn Bot>> = names.iter().filter_map(|n| bot_by_name(n)).collect();
    let mut save_error = None;
    let mut traced = 0;
    let report = play_game(
        &mut game,
        board,
        &mut bots,
        Limits::turns(turn_limit),
        |g| {
            if let (Some(path), None) = (save, &save_error) {
                save_error = write_atomically(path, g.to_json().as_bytes()).err();
            }
            if trace && g.state().turn() % g.state().players().len() as u32 == 1 {
                eprintln!("{}", trace_line(g, &mut traced));
            }
        },
    )?;
    if let Some(path) = save {
        if let Some(e) = save_error {
            return Err(e.into());
        }
        write_atomically(path, game.to_json().as_bytes())?;
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
        line += &format!(
            " | {} s{}/{}p u{}+{} f{} c{}",
            &p.name()[..1],
            state.settlements_of(seat).len(),
            state.points(seat).0,
            inside,
            units.len() - inside,
            p.food().0,
            p.hand().len()
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
    }
}
