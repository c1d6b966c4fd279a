//! Whole bot games, measured (issue 14's figures): for every shipped map and 2, 3 and 4 seats,
//! games of `normal` bots from setup to a winner or the turn limit — the share decided, the
//! median turns to a decision, and wall time per game (median and slowest; the target is a
//! four-seat Andorra game under 2 s). Then the `hard` level's cost per turn: four-seat Andorra
//! games with one `hard` seat among `normal` ones, timing every call to the hard bot and
//! counting the play-outs its search ran (its budget is counted in play-outs, never in time).
//!
//! North Bayreuth has room for only two bases out of one another's first-turn reach (safe
//! bases, RULINGS §8), so its three- and four-seat games are played under the bare base rule,
//! as the setup screen would require; the line says so.
//!
//! Times are this thread's CPU time (Linux `/proc/thread-self/schedstat`), with wall time
//! beside it: on a machine shared by several builds the wall clock measures the neighbours.
//!
//! Not a test: `cargo bench --bench ai_games` (`-- --games N` per map and seat count, default
//! 10, 0 for none; `--turn-limit T`, default 400; `--hard-games N`, default 3; `--maps a,b`,
//! default every shipped map). `tools/bench-ai-games --baseline BIN` plays the same series with another build
//! beside this one, for before/after figures from one run.

use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

use omms::ai::{bot_by_name, play_game, Bot, General, Level, Limits};
use omms::map::GameMap;
use omms::rules::{seat_capacity, Board, Command, Game, MapBoard, Options, SeatView};
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let num = |name: &str, default: u64| arg(name).and_then(|v| v.parse().ok()).unwrap_or(default);
    let games = num("--games", 10);
    let turn_limit = num("--turn-limit", 400) as u32;
    let hard_games = num("--hard-games", 3);
    let maps: Vec<String> = arg("--maps").map_or_else(
        || {
            // Every shipped map: each folder of maps/ with a map.toml.
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
            let mut names: Vec<String> = std::fs::read_dir(dir)
                .expect("maps/ lists")
                .filter_map(|e| e.ok())
                .filter(|e| e.path().join("map.toml").is_file())
                .filter_map(|e| e.file_name().into_string().ok())
                .collect();
            names.sort();
            names
        },
        |m| m.split(',').map(str::to_string).collect(),
    );
    println!(
        "ai_games: normal bots, {games} games per map and seat count, turn limit {turn_limit}"
    );
    // `--games 0` skips the whole-game series (say, to measure only the hard level's budget).
    for name in maps.iter().filter(|_| games > 0) {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps")
            .join(name);
        let map = GameMap::load(&dir).expect("a shipped map loads");
        let board = MapBoard::new(&map, map.meta().scale);
        let room = seat_capacity(&board, map.meta().scale);
        for seats in 2..=4usize {
            let safe = seats <= room.safe;
            let options = Options {
                safe_bases: safe,
                ..Options::default()
            };
            let setup = omms::sim::setup_with(&map.meta().name, map.meta().scale, seats, options);
            let (mut times, mut cpu, mut decided_turns) = (Vec::new(), Vec::new(), Vec::new());
            for seed in 0..games {
                let t = Instant::now();
                let c = cpu_now();
                let mut game =
                    Game::start(setup.clone(), seed, &board).expect("room for the seats");
                let mut bots: Vec<Box<dyn Bot>> =
                    (0..seats).filter_map(|_| bot_by_name("normal")).collect();
                let report = play_game(
                    &mut game,
                    &board,
                    &mut bots,
                    Limits::turns(turn_limit),
                    |_| {},
                )
                .expect("bots never get stuck");
                times.push(t.elapsed());
                cpu.push(cpu_now() - c);
                if report.winner.is_some() {
                    decided_turns.push(report.turns);
                }
            }
            times.sort();
            cpu.sort();
            decided_turns.sort_unstable();
            let median_turns = decided_turns
                .get(decided_turns.len() / 2)
                .map_or("-".to_string(), |t| t.to_string());
            println!(
                "{:<15} {seats} seats{}: decided {:>3}/{games} ({:>3.0}%), median {median_turns} turns to a \
                 decision; per game CPU median {:>6.0} ms, slowest {:>6.0} ms (wall median {:>6.0} ms)",
                map.meta().name,
                if safe { "" } else { " (bare base rule)" },
                decided_turns.len(),
                100.0 * decided_turns.len() as f64 / games as f64,
                ms(cpu[cpu.len() / 2]),
                ms(cpu[cpu.len() - 1]),
                ms(times[times.len() / 2]),
            );
        }
    }
    if hard_games > 0 {
        hard_budget(hard_games, turn_limit);
    }
}

/// CPU time this thread has run, from the scheduler's own count; the wall clock if the kernel
/// does not say.
fn cpu_now() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| START.with(|t| t.elapsed()), Duration::from_nanos)
}

thread_local! {
    static START: Instant = Instant::now();
}

/// One turn of a timed bot: its CPU time and the search work it did.
#[derive(Default, Clone, Copy)]
struct Turn {
    cpu: Duration,
    playouts: u64,
    commands: u64,
}

/// A bot that times every call of the bot inside it, per turn, into a shared log, with the
/// play-outs (and engine commands in them) its search ran: the budget is counted in those.
struct Timed {
    inner: General,
    turn: u32,
    log: Rc<RefCell<Vec<Turn>>>,
}

impl Bot for Timed {
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn choose(
        &mut self,
        view: &SeatView,
        board: &dyn Board,
        this_turn: &[Command],
        rng: &mut ChaCha8Rng,
    ) -> Command {
        let t = cpu_now();
        let before = self.inner.work();
        let cmd = self.inner.choose(view, board, this_turn, rng);
        let spent = cpu_now() - t;
        let after = self.inner.work();
        let mut log = self.log.borrow_mut();
        // Only its own turns: a decision owed in another seat's turn is a moment's work.
        if view.state().current_player() != view.seat() {
            return cmd;
        }
        if view.state().turn() != self.turn {
            self.turn = view.state().turn();
            log.push(Turn::default());
        }
        if let Some(last) = log.last_mut() {
            last.cpu += spent;
            last.playouts += after.playouts - before.playouts;
            last.commands += after.commands - before.commands;
        }
        cmd
    }
}

/// The hard bot's thinking time per turn of its own, over a few four-seat Andorra games,
/// against the normal bot's in the same games.
fn hard_budget(games: u64, turn_limit: u32) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra");
    let map = GameMap::load(&dir).expect("the shipped Andorra map loads");
    let board = MapBoard::new(&map, map.meta().scale);
    let setup = omms::sim::setup_for(&map.meta().name, map.meta().scale, 4);
    let hard = Rc::new(RefCell::new(Vec::new()));
    let normal = Rc::new(RefCell::new(Vec::new()));
    for seed in 0..games {
        let mut game = Game::start(setup.clone(), 100 + seed, &board).expect("four seats fit");
        let seat_of_hard = (seed % 4) as usize;
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|i| {
                let (level, log) = if i == seat_of_hard {
                    (Level::Hard, &hard)
                } else {
                    (Level::Normal, &normal)
                };
                Box::new(Timed {
                    inner: General::new(level),
                    turn: u32::MAX,
                    log: Rc::clone(log),
                }) as Box<dyn Bot>
            })
            .collect();
        play_game(
            &mut game,
            &board,
            &mut bots,
            Limits::turns(turn_limit),
            |_| {},
        )
        .expect("bots never get stuck");
    }
    report("hard", &mut hard.borrow_mut());
    report("normal", &mut normal.borrow_mut());
}

fn report(name: &str, turns: &mut [Turn]) {
    if turns.is_empty() {
        return;
    }
    let n = turns.len();
    turns.sort_by_key(|t| t.cpu);
    let mean = turns.iter().map(|t| t.cpu).sum::<Duration>() / n as u32;
    println!(
        "{name:<6} CPU thinking per turn on Andorra, 4 seats: mean {:>6.1} ms, median {:>6.1} ms, p95 {:>6.1} ms, max {:>6.1} ms ({n} turns)",
        ms(mean),
        ms(turns[n / 2].cpu),
        ms(turns[n * 95 / 100].cpu),
        ms(turns[n - 1].cpu),
    );
    turns.sort_by_key(|t| t.playouts);
    let playouts: u64 = turns.iter().map(|t| t.playouts).sum();
    if playouts > 0 {
        let commands: u64 = turns.iter().map(|t| t.commands).sum();
        println!(
            "{name:<6} search budget per turn: play-outs mean {:.1}, median {}, p95 {}, max {}; \
             engine commands in them mean {:.1}",
            playouts as f64 / n as f64,
            turns[n / 2].playouts,
            turns[n * 95 / 100].playouts,
            turns[n - 1].playouts,
            commands as f64 / n as f64,
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
