//! `omms sim`: whole games played by bots, headless. One game prints a JSON summary as its
//! last line ([`Summary`](crate::sim::Summary)); `--games N` plays a series of seeds with the
//! seats rotating, one summary per line and a tally ([`Tally`]) last; `--round-robin` rates the
//! bots against each other. `--save FILE` keeps an autosave, rewritten atomically after every
//! turn; `--load FILE` proves a save replays to the same state hash at every turn and plays it on
//! to the end. The game's rules are flags ([`GameFlags`]), as the new-game screen offers them.

use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use crate::ai::{bot_by_name, BOT_NAMES};
use crate::map::{GameMap, Scale};
use crate::rules::{Game, MapBoard};
use crate::save::{GameId, SaveLock};
use crate::sim::{play_on, round_robin, setup_with, SimError};

mod options;

pub use options::GameFlags;

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
    /// two-seat games (each seed from both seats, in parallel); the last line rates them (win
    /// rates, each pair's score, Elo with its error).
    #[arg(long, requires = "games", conflicts_with_all = ["load", "save", "players"])]
    pub round_robin: bool,
    /// Print one line per round to stderr: each seat's settlements, units (in settlements /
    /// in the field) and food, and the attacks and captures of the round.
    #[arg(long)]
    pub trace: bool,
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
pub fn run(args: SimArgs, default_map: PathBuf) -> ExitCode {
    let mut out = std::io::stdout();
    match run_to(args, default_map, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Run `omms sim`, writing its lines to `out`.
pub fn run_to(
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
    // Taken before any work, so a second process saving to the same file is refused at once.
    let lock = args.save.as_deref().map(SaveLock::acquire).transpose()?;
    if let Some(path) = &args.load {
        let saved = crate::save::read(path)?;
        let id = saved.game_id().clone();
        let game = saved.into_game();
        // A save is played on at its own scale, whatever the flags say.
        let board = MapBoard::new(&map, game.setup().scale);
        crate::save::check_fits(&game, &board).map_err(|error| SimError::Mismatch {
            path: path.clone(),
            error,
        })?;
        game.verify(&board).map_err(|error| SimError::Replay {
            path: path.clone(),
            error,
        })?;
        let names = bot_names(&args.ai, game.setup().players.len())?;
        let save = lock.as_ref().map(|l| (l, id));
        say(json(&play_one(&args, game, &board, &names, save)?));
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
        let save = lock.as_ref().map(|l| (l, GameId::fresh()));
        say(json(&play_one(
            &args,
            start(args.seed)?,
            &board,
            &names,
            save,
        )?));
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

/// One game played on to its end as the flags say (turn limit, autosave, trace).
fn play_one(
    args: &SimArgs,
    game: Game,
    board: &MapBoard,
    names: &[String],
    save: Option<(&SaveLock, GameId)>,
) -> Result<crate::sim::Summary, SimError> {
    play_on(game, board, names, args.turn_limit, save, args.trace)
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
