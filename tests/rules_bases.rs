//! Where bases may go (RULINGS §8): safe bases keep every base out of the first-turn reach of
//! the bases placed before it, no placement may leave a later seat without a legal base, and a
//! setup with more seats than the map has room for is refused at the start, naming the map.

use std::path::Path;

use omms::map::{GameMap, PlaceId, PlaceKind};
use omms::rules::testkit::{setup, valley, TableBoard};
use omms::rules::*;

fn safe(names: &[&str]) -> GameSetup {
    let mut s = setup(names);
    s.options.safe_bases = true;
    s
}

fn place(place: u32) -> Command {
    Command::PlaceBase(PlaceBase {
        place: PlaceId(place),
    })
}

#[test]
fn a_base_in_first_turn_reach_of_an_earlier_one_is_refused() {
    let board = valley();
    let mut game = Game::new(safe(&["Red", "Blue"]), 1).unwrap();
    game.submit(&board, place(0)).unwrap();
    // Canillo is 3 km from Andorra la Vella: a Scout put there could move a card length and
    // attack a card breadth further.
    assert_eq!(
        game.submit(&board, place(3)).unwrap_err().to_string(),
        "Canillo is within first-turn reach of Red's base at Andorra la Vella: a unit put there \
         on its owner's first turn could attack it (safe bases)."
    );
    game.submit(&board, place(5)).unwrap();
    assert_eq!(game.state().phase(), Phase::Draw);

    // The bare paper rule only keeps bases a 10p coin apart.
    let mut bare = Game::new(setup(&["Red", "Blue"]), 1).unwrap();
    bare.submit(&board, place(0)).unwrap();
    bare.submit(&board, place(3)).unwrap();
}

/// Seven towns in a line, 3 km apart: neighbours are within first-turn reach of each other.
fn line() -> TableBoard {
    let mut b = TableBoard::new();
    for i in 0..7 {
        b.add_place(
            &format!("T{i}"),
            PlaceKind::Town,
            true,
            [f64::from(i) * 3000.0, 0.0],
        );
    }
    b
}

#[test]
fn no_base_may_leave_a_later_seat_without_a_place() {
    let board = line();
    let names = ["A", "B", "C", "D"];
    let mut game = Game::new(safe(&names), 1).unwrap();
    // T1 would rule out T0 and T2, leaving T3–T6 for three bases that must be 6 km apart.
    assert_eq!(
        game.submit(&board, place(1)).unwrap_err().to_string(),
        "A base at T1 would leave no legal place for the 3 base(s) still to be placed."
    );
    // Whatever each seat picks among what is legal, every later seat still has a place.
    for _ in 0..4 {
        let legal = legal_commands(game.state(), &board);
        assert!(!legal.is_empty(), "a seat with no legal base");
        game.submit(&board, legal.last().unwrap().clone()).unwrap();
    }
    assert_eq!(game.state().phase(), Phase::Draw);
    let sites = board.base_sites(game.state());
    assert_eq!(sites.capacity(true), 4);
    assert_eq!(sites.capacity(false), 7);
}

#[test]
fn a_setup_with_more_seats_than_room_is_refused_and_names_the_map() {
    let board = line();
    let five = safe(&["A", "B", "C", "D", "E"]);
    assert_eq!(
        Game::start(five.clone(), 1, &board).unwrap_err(),
        SetupError::TooManySeats {
            map: "table".into(),
            seats: 5,
            max: 4,
            safe: true
        }
    );
    let mut bare = five;
    bare.options.safe_bases = false;
    assert!(Game::start(bare, 1, &board).is_ok());
    assert_eq!(
        seat_capacity(&board, omms::map::Scale(25_000)),
        SeatCapacity { safe: 4, spaced: 7 }
    );
}

#[test]
fn saves_from_before_the_rule_replay_without_it_and_new_games_have_it() {
    let old: Options = serde_json::from_str(
        r#"{"draw":"roll_die","tanks":false,"victory":"last_standing","seafaring":false}"#,
    )
    .unwrap();
    assert!(!old.safe_bases);
    assert!(Options::default().safe_bases);
    // Off, it is left out of the save, so an old game hashes as it always did.
    let text = serde_json::to_string(&old).unwrap();
    assert!(!text.contains("safe_bases"), "{text}");
}

#[test]
fn on_the_real_map_reach_is_judged_along_the_roads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra");
    let map = GameMap::load(&dir).unwrap();
    let board = MapBoard::new(&map, map.meta().scale);
    let id = |name: &str| map.place_by_name(name).unwrap();
    let state = State::new(&omms::sim::setup_for("andorra", map.meta().scale, 2), 1).unwrap();
    let sites = board.base_sites(&state);
    // 1.6 km down the valley road from Andorra la Vella: a Scout moves and strikes.
    assert!(sites.strikes(id("Andorra la Vella"), id("Engordany")));
    // Soldeu and Sant Julià de Lòria are at opposite ends of the country.
    assert!(!sites.strikes(id("Soldeu"), id("Sant Julià de Lòria")));
    // What the check says is what the table says.
    let mut game = Game::new(omms::sim::setup_for("andorra", map.meta().scale, 2), 1).unwrap();
    game.submit(
        &board,
        Command::PlaceBase(PlaceBase {
            place: id("Andorra la Vella"),
        }),
    )
    .unwrap();
    let refused = game.submit(
        &board,
        Command::PlaceBase(PlaceBase {
            place: id("Engordany"),
        }),
    );
    assert!(
        matches!(refused, Err(RuleError::BaseInReach { .. })),
        "{refused:?}"
    );
}
