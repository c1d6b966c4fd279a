//! The `normal` bot presses a won game to its end on the real maps, where roads decide who can
//! reach what: it hunts the last enemy unit out in the fields over the fields (issue 14, games
//! that end).

use std::path::PathBuf;

use omms::ai::{bot_rng, Bot, General, Level};
use omms::map::{GameMap, PlaceId};
use omms::rules::*;

const RED: PlayerId = PlayerId(0);
const BLUE: PlayerId = PlayerId(1);

fn map(name: &str) -> GameMap {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name);
    GameMap::load(&dir).unwrap()
}

fn place(map: &GameMap, name: &str) -> PlaceId {
    map.places()
        .iter()
        .find(|p| p.name() == name)
        .map(|p| p.id())
        .unwrap_or_else(|| panic!("no place {name}"))
}

/// Every command a `normal` bot makes from here to the end of its main phase.
fn main_phase(mut state: State, board: &dyn Board) -> Vec<Command> {
    let mut bot = General::new(Level::Normal);
    let mut done = Vec::new();
    let mut rng = bot_rng(0, 0, 0);
    while state.phase() == Phase::Main && done.len() < 80 {
        let view = SeatView::of(&state, state.actor());
        let cmd = bot.choose(&view, board, &done, &mut rng);
        execute(&mut state, board, &cmd).unwrap();
        done.push(cmd);
    }
    done
}

/// Andorra, the end of a game against the random bot (seed 2, turn 400): Blue's last piece is
/// a Scout nine kilometres north of the end of the road past el Serrat, and Red's Scouts stand
/// at that road's end. They steered by the roads, which lead nowhere nearer, and stayed there
/// for two hundred turns; the game ended undecided. Now they cross the fields towards it.
#[test]
fn normal_hunts_the_last_unit_out_in_the_fields() {
    let map = map("andorra");
    let board = omms::sim::board_for(&map);
    let setup = omms::sim::setup_for("Andorra", map.meta().scale, 2);
    let mut sc = Scenario::new(setup, 1);
    sc.settlement(RED, place(&map, "el Serrat"), true, true);
    let road_end = MapPoint {
        x_mm: -5_316_639,
        y_mm: 10_869_992,
    };
    let scouts: Vec<UnitId> = (0..3)
        .map(|_| sc.unit(RED, UnitType::Scout, Location::Road(road_end)))
        .collect();
    let last = MapPoint {
        x_mm: -4_772_540,
        y_mm: 19_450_319,
    };
    sc.unit(BLUE, UnitType::Scout, Location::OffRoad(last));
    sc.turn(RED, Phase::Main, 401);
    let state = sc.build(&board).unwrap();
    let before = road_end.distance_m(last);
    let nearest = main_phase(state, &board)
        .into_iter()
        .filter_map(|c| match c {
            Command::Move(m) if scouts.contains(&m.unit) => Some(m.to.distance_m(last)),
            _ => None,
        })
        .fold(f64::INFINITY, f64::min);
    assert!(
        nearest < before - 1000.0,
        "no Scout went after the last enemy unit: nearest {nearest:.0} m, was {before:.0} m"
    );
}
