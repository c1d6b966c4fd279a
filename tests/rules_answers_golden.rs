//! The engine's answers on a real game, pinned turn by turn: the board may grow faster (the
//! reach memo, cheaper coin gathering), but no answer a player, a bot or a replay sees may move.
//!
//! `rules_answers_golden/andorra-4p.json` is a four-seat Andorra game of `normal` bots, 80 turns
//! from seed 1, saved by main's build (3466270) before the board learnt to remember answers.
//! The bots only choose which command comes next; this test replays that fixed log, so it keeps
//! pinning the rules however the bots change. Before every command it folds into one
//! fingerprint per turn everything the engine answers there: the legal commands (every unit's
//! candidate moves and attacks, each passed through `check`), every settlement's siege report,
//! and the events the command produces; at the start of each main phase also every unit's
//! reach as the UI draws it, and the engine's verdict (the location, or the refusal's very
//! words) on moving each of the player's units to each settlement and enemy unit near it.
//!
//! `andorra-4p.turns` holds the fingerprints main's build gave (made with `OMMS_BLESS=1` on
//! main's sources). A rule change that is meant to change answers re-blesses both files and
//! says so in its commit.

use std::path::{Path, PathBuf};

use omms::map::GameMap;
use omms::rules::{
    fnv1a, legal_commands, Board, Command, Game, Location, MapBoard, MapPoint, Move, Phase,
};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules_answers_golden")
}

/// A running fingerprint of text.
struct Print(u64);

impl Print {
    fn add(&mut self, text: &str) {
        self.0 = fnv1a(format!("{:016x}{text}", self.0).as_bytes());
    }
}

/// The engine's word on moving `unit` to `to` along the roads: where it would stand, or why not.
fn verdict(board: &MapBoard, game: &Game, unit: omms::rules::UnitId, to: MapPoint) -> String {
    let mv = Move {
        unit,
        to,
        via: None,
        off_road: false,
    };
    match board.check_move(game.state(), &mv) {
        Ok(at) => format!("ok {at:?}"),
        Err(e) => format!("no {e}"),
    }
}

/// What the start of a main phase shows: reaches and the verdicts on the obvious destinations.
fn main_phase(board: &MapBoard, game: &Game, print: &mut Print) {
    let state = game.state();
    let me = state.current_player();
    for id in state.units_of(me) {
        print.add(&format!("{:?}", board.reach(state, id)));
        let (Some(unit), Some(from)) = (state.unit(id), state.unit_pos(id)) else {
            continue;
        };
        let Some(radius) = board.road_radius(unit) else {
            continue;
        };
        let mut goals: Vec<MapPoint> = state.settlements().map(|s| s.pos()).collect();
        goals.extend(
            state
                .units()
                .filter(|u| u.owner() != me && !matches!(u.at(), Location::Aboard(_)))
                .filter_map(|u| state.unit_pos(u.id())),
        );
        for to in goals {
            if to.distance_m(from) <= radius * 1.2 {
                print.add(&verdict(board, game, id, to));
            }
        }
    }
}

/// One fingerprint per turn of the replayed log.
fn fingerprints(board: &MapBoard, saved: &Game) -> (Vec<String>, Vec<usize>) {
    let mut game = Game::start(saved.setup().clone(), saved.seed(), board).unwrap();
    let mut turns: Vec<String> = Vec::new();
    let mut print = Print(0);
    let mut turn = game.state().turn();
    // How often the log exercised what the fingerprint covers: sieges, attacks, moves.
    let mut seen = vec![0usize; 3];
    let mut last_phase = game.state().phase();
    for cmd in saved.commands() {
        let state = game.state();
        if state.turn() != turn {
            turns.push(format!("{turn} {:016x}", print.0));
            turn = state.turn();
        }
        if state.phase() == Phase::Main && last_phase != Phase::Main {
            main_phase(board, &game, &mut print);
        }
        print.add(&serde_json::to_string(&legal_commands(state, board)).unwrap());
        for s in state.settlements() {
            let report = board.siege(state, s.id());
            if report.as_ref().is_some_and(|r| r.under_siege()) {
                seen[0] += 1;
            }
            print.add(&serde_json::to_string(&report).unwrap());
        }
        match cmd {
            Command::Attack(_) => seen[1] += 1,
            Command::Move(_) => seen[2] += 1,
            _ => {}
        }
        last_phase = state.phase();
        let events = game.submit(board, cmd.clone()).unwrap();
        print.add(&serde_json::to_string(&events).unwrap());
    }
    turns.push(format!("{turn} {:016x}", print.0));
    (turns, seen)
}

#[test]
fn a_four_seat_andorra_game_gets_the_same_answers_as_main_gave() {
    let map = GameMap::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra")).unwrap();
    let saved = omms::sim::read_save(&dir().join("andorra-4p.json")).unwrap();
    let board = MapBoard::new(&map, saved.setup().scale);
    let (turns, seen) = fingerprints(&board, &saved);
    let file = dir().join("andorra-4p.turns");
    if std::env::var_os("OMMS_BLESS").is_some() {
        std::fs::write(&file, turns.join("\n") + "\n").unwrap();
    }
    let want: Vec<String> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert!(want.len() >= 80, "{} turns pinned", want.len());
    // The first turn whose answers moved, named, rather than one hash of the whole game.
    for (got, want) in turns.iter().zip(&want) {
        assert_eq!(got, want, "the engine's answers changed in this turn");
    }
    assert_eq!(turns.len(), want.len());
    // The log covers what is pinned: sieges, attacks and moves all happen in it.
    assert!(
        seen.iter().all(|&n| n > 0),
        "sieges, attacks, moves: {seen:?}"
    );
}
