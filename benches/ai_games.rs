//! Whole AI games per second: four generals on the Andorra map, each game from setup to a winner
//! or the turn limit, one after another on one thread. Prints games/s, turns/s and the median and
//! slowest game. Not a test: run with `cargo bench --bench ai_games` (`-- --games N` for more).

use std::path::Path;
use std::time::{Duration, Instant};

use omms::ai::{bot_by_name, play_game, Bot, Limits};
use omms::map::GameMap;
use omms::rules::Game;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let games = arg("--games", 20);
    let turn_limit = arg("--turn-limit", 400) as u32;
    let map = GameMap::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra"))
        .expect("the shipped Andorra map loads");
    let board = omms::sim::board_for(&map);
    let setup = omms::sim::setup_for(&map.meta().name, map.meta().scale, 4);

    let mut times: Vec<Duration> = Vec::new();
    let (mut turns, mut decided, mut commands) = (0u64, 0u32, 0usize);
    let start = Instant::now();
    for seed in 0..games {
        let t = Instant::now();
        let mut game = Game::new(setup.clone(), seed).expect("four seats are a valid setup");
        let mut bots: Vec<Box<dyn Bot>> = (0..4).filter_map(|_| bot_by_name("general")).collect();
        let report = play_game(
            &mut game,
            &board,
            &mut bots,
            Limits::turns(turn_limit),
            |_| {},
        )
        .expect("bots never get stuck");
        times.push(t.elapsed());
        turns += u64::from(report.turns);
        decided += u32::from(report.winner.is_some());
        commands += game.commands().len();
    }
    let total = start.elapsed().as_secs_f64();
    times.sort();
    println!(
        "ai_games: {games} four-player games of generals on Andorra (turn limit {turn_limit}): \
         {:.2} games/s, {:.0} turns/s, {:.0} commands/s; median game {:.0} ms, slowest {:.0} ms; \
         {decided} decided, {:.0} turns per game",
        games as f64 / total,
        turns as f64 / total,
        commands as f64 / total,
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
        turns as f64 / games as f64,
    );
}
