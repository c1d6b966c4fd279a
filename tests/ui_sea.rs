//! Seafaring on the game screen, played through the real window on Malta with scripted input: a
//! Ship built at a port from the settlement's actions, a Guard going aboard it with one click on
//! the Ship (hover says it may), the Ship's reach at sea drawn when it is selected and the water
//! it may sail to said on hover (land refused with the engine's words), a sail, and a Scout
//! aboard another Ship landing on Gozo with one click on the spot hover calls legal; the Guard
//! that boarded this turn is refused a landing, with why. A Ship built at Bormla, up a creek
//! narrower than the cells its reach is sampled on, sails out by a click.
//!
//! The new-game screen's seafaring switch is played too: off by default on Malta, on with one
//! click (and the game then starts with Ships), greyed with its reason on Andorra, which has no
//! port.
//!
//! Every position is the engine's own answer, worked out here with the same commands the clicks
//! send, so the script aims where the rules say a player can go. Screenshots go to a temporary
//! folder, or to `OMMS_SHOTS` (e.g. `docs/`) when set.

use std::path::Path;
use std::time::Duration;

use omms::map::GameMap;
use omms::rules::map_board::scenario_file;
use omms::rules::*;
use omms::ui::play::{save_json, Seat};

mod common;
use common::display::{command_kinds, have_xvfb, keep_shots, play_loaded, play_script};

const WINDOW: [u32; 2] = [1280, 800];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Orange holds the port of Ix-Xemxija (its base, with a Guard in it) and Iċ-Ċirkewwa, and has a
/// Ship in the Gozo channel with a Scout aboard; Sky holds Ir-Rabat on Gozo. Orange's spades are
/// enough for one Ship.
const POSITION: &str = r#"{
  "map": "malta",
  "seed": 5,
  "players": [{"name": "Orange", "colour": "orange"}, {"name": "Sky", "colour": "sky blue"}],
  "options": {"seafaring": true},
  "current": "Orange",
  "phase": "main",
  "turn": 3,
  "settlements": [
    {"id": "base", "owner": "Orange", "place": "Ix-Xemxija", "fort": true, "base": true},
    {"id": "cirkewwa", "owner": "Orange", "place": "Iċ-Ċirkewwa"},
    {"id": "sky", "owner": "Sky", "place": "Ir-Rabat", "fort": true, "base": true}
  ],
  "units": [
    {"id": "guard", "owner": "Orange", "type": "guard", "in": "base"},
    {"id": "galley", "owner": "Orange", "type": "ship", "at": [14.305, 36.012]},
    {"id": "scout", "owner": "Orange", "type": "scout", "aboard": "galley"},
    {"id": "sentry", "owner": "Sky", "type": "guard", "in": "sky"}
  ],
  "hands": {
    "Orange": ["10S", "9S", "8S", "2H", "3H"],
    "Sky": ["KD", "3S"]
  }
}"#;

/// World metres → "lon lat" for a `map` or `hover-map` step.
fn lonlat(map: &GameMap, p: [f64; 2]) -> String {
    let ll = map.projection().to_lonlat(p);
    format!("{} {}", ll[0], ll[1])
}

/// The position as a game to play on, and its save with Orange at the screen and Sky the AI.
fn restored(sc: &scenario_file::LoadedScenario) -> (Game, String) {
    let game = Game::restore(sc.setup.clone(), 5, vec![], vec![], sc.state.clone()).unwrap();
    let save = save_json(&game, &[Seat::Human, Seat::Ai(omms::ai::Level::Normal)]);
    (game, save)
}

/// The Ship the port's "Build a Ship" button will build, built with the engine from the
/// cheapest spades: the new unit.
fn build_ship(game: &mut Game, board: &MapBoard, port: SettlementId) -> UnitId {
    let me = game.state().actor();
    let cards = cheapest_set(game.state(), me, Suit::Spades).unwrap();
    let before: Vec<UnitId> = game.state().units().map(|u| u.id()).collect();
    game.submit(board, Command::BuildShip(BuildShip { cards, port }))
        .unwrap();
    game.state()
        .units()
        .map(|u| u.id())
        .find(|u| !before.contains(u))
        .unwrap()
}

#[test]
fn a_ship_is_built_boarded_sailed_and_its_cargo_lands_by_clicks_with_the_engines_verdicts() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let map = GameMap::load(&root().join("maps/malta")).unwrap();
    let sc = scenario_file::parse(&map, POSITION).unwrap();
    let board = MapBoard::new(&map, sc.setup.scale);
    let (guard, scout) = (sc.unit("guard").unwrap(), sc.unit("scout").unwrap());
    let port = sc.settlements["base"];
    let (mut game, save) = restored(&sc);

    // What the clicks will do, played here first with the engine: the Ship the spades build,
    // where it may sail with the Guard aboard, and where the Scout may land.
    let ship = build_ship(&mut game, &board, port);
    game.submit(&board, Command::BoardShip(BoardShip { unit: guard, ship }))
        .unwrap();
    let reach = board.sea_reach(game.state(), ship).unwrap();
    let start = reach.start;
    let away = |p: &[f64; 2]| (p[0] - start[0]).hypot(p[1] - start[1]);
    // The reached water farthest towards Gozo (north-west), inside the circle by a margin so
    // a pointer a pixel off is still inside.
    let sail_to = reach
        .points()
        .into_iter()
        .filter(|p| away(p) < 0.8 * reach.radius)
        .max_by(|a, b| {
            let f = |p: &[f64; 2]| (start[0] - p[0]) + (p[1] - start[1]);
            f(a).total_cmp(&f(b))
        })
        .unwrap();
    let port_m = game.state().settlement(port).unwrap().pos().to_m();
    // Land inside the Ship's circle, away from the port and the Ship: a point it may not sail to.
    let ashore = (0..32)
        .map(|k| {
            let a = f64::from(k) * std::f64::consts::PI / 16.0;
            let r = 0.7 * reach.radius;
            [start[0] + r * a.cos(), start[1] + r * a.sin()]
        })
        .find(|p| {
            !map.is_water(*p)
                && (p[0] - port_m[0]).hypot(p[1] - port_m[1]) > 1500.0
                && game
                    .state()
                    .settlements()
                    .all(|s| s.pos().distance_m(MapPoint::from_m(*p)) > 1500.0)
        })
        .expect("land inside the Ship's circle");
    let landing = board.candidate_landings(game.state(), scout);
    let land_at = *landing.first().expect("somewhere for the Scout to land");
    let body = format!(
        "key +
key +
key +
key +
wait 2
button Build a Ship at Ix-Xemxija      # the base's actions: a port, so a Ship can be built
wait 2
wait 2
unit {guard}
wait 2
hover-unit {ship}
wait 2
expect-tip Legal: click to go aboard Ship {ship}
unit {ship}                            # aboard, in one click
wait 2
unit {ship}
wait 3
hover-map {ashore}                  # land inside its circle
wait 2
expect-tip Ships stay on the water
hover-map {sail}
wait 2
expect-tip Legal: click to sail here
shot ui-sea-reach
map {sail}
wait 2
unit {guard}                           # aboard, but it boarded this turn
wait 2
hover-map {land}
wait 2
expect-tip has already moved
key escape                             # let the Guard go
wait 1
centre {galley}                        # look at the Scout's galley off Gozo
wait 2
unit {scout}
wait 2
hover-map {land}
wait 2
expect-tip Legal: click to land here
shot ui-sea-landing
map {land}
wait 2
key escape
wait 1
key -
wait 2
shot board-malta-ships
",
        ashore = lonlat(&map, ashore),
        guard = guard.0,
        ship = ship.0,
        scout = scout.0,
        sail = lonlat(&map, sail_to),
        land = lonlat(&map, land_at.to_m()),
        galley = lonlat(
            &map,
            game.state()
                .unit_pos(sc.unit("galley").unwrap())
                .unwrap()
                .to_m()
        ),
    );
    let (_dir, after) = play_loaded(
        &root().join("maps/malta"),
        "sea",
        &save,
        &[],
        &body,
        &["ui-sea-reach", "ui-sea-landing", "board-malta-ships"],
        WINDOW,
        Duration::from_secs(120),
    );
    let played = Game::from_json(&after).unwrap();
    let kinds = command_kinds(&played);
    assert_eq!(
        kinds,
        ["build_ship", "board_ship", "move", "land"],
        "the clicks sent these commands"
    );
    let s = played.state();
    assert_eq!(s.unit(guard).unwrap().at(), Location::Aboard(ship));
    let sailed = s.unit_pos(ship).unwrap().to_m();
    assert!(
        (sailed[0] - sail_to[0]).hypot(sailed[1] - sail_to[1]) < 60.0,
        "the Ship sailed where the pointer was"
    );
    assert!(
        !matches!(s.unit(scout).unwrap().at(), Location::Aboard(_)),
        "the Scout went ashore"
    );
}

/// Orange holds Bormla, whose sea point is up Dockyard Creek, narrower there than the cells the
/// rules sample a Ship's reach on. Sky holds Ir-Rabat on Gozo.
const CREEK: &str = r#"{
  "map": "malta",
  "seed": 5,
  "players": [{"name": "Orange", "colour": "orange"}, {"name": "Sky", "colour": "sky blue"}],
  "options": {"seafaring": true},
  "current": "Orange",
  "phase": "main",
  "turn": 3,
  "settlements": [
    {"id": "base", "owner": "Orange", "place": "Bormla", "fort": true, "base": true},
    {"id": "sky", "owner": "Sky", "place": "Ir-Rabat", "fort": true, "base": true}
  ],
  "units": [
    {"id": "guard", "owner": "Orange", "type": "guard", "in": "base"},
    {"id": "sentry", "owner": "Sky", "type": "guard", "in": "sky"}
  ],
  "hands": {"Orange": ["10S", "9S", "2H"], "Sky": ["KD", "3S"]}
}"#;

#[test]
fn a_ship_built_up_a_creek_sails_out_into_the_harbour_by_a_click() {
    // A Ship built at Bormla had no water to sail to at all: its port was a trap, for a player
    // and for the bots (a Malta game stood to its limit with a fleet there).
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let map = GameMap::load(&root().join("maps/malta")).unwrap();
    let sc = scenario_file::parse(&map, CREEK).unwrap();
    let board = MapBoard::new(&map, sc.setup.scale);
    let (mut game, save) = restored(&sc);
    let ship = build_ship(&mut game, &board, sc.settlements["base"]);
    let reach = board.sea_reach(game.state(), ship).unwrap();
    let start = reach.start;
    let away = |p: &[f64; 2]| (p[0] - start[0]).hypot(p[1] - start[1]);
    // Out of the creek: the reached water farthest from the Ship, inside the circle by a margin.
    let sail_to = reach
        .points()
        .into_iter()
        .filter(|p| away(p) < 0.8 * reach.radius)
        .max_by(|a, b| away(a).total_cmp(&away(b)))
        .expect("the Ship reaches water out of the creek");
    assert!(away(&sail_to) > 1500.0, "{} m", away(&sail_to));
    let body = format!(
        "key +
key +
key +
key +
wait 2
button Build a Ship at Bormla
wait 2
centre {harbour}
wait 2
unit {ship}
wait 3
hover-map {sail}
wait 2
expect-tip Legal: click to sail here
shot ui-sea-creek
map {sail}
wait 2
",
        harbour = lonlat(&map, start),
        ship = ship.0,
        sail = lonlat(&map, sail_to),
    );
    let (_dir, after) = play_loaded(
        &root().join("maps/malta"),
        "creek",
        &save,
        &[],
        &body,
        &["ui-sea-creek"],
        WINDOW,
        Duration::from_secs(90),
    );
    let played = Game::from_json(&after).unwrap();
    assert_eq!(command_kinds(&played), ["build_ship", "move"]);
    let sailed = played.state().unit_pos(ship).unwrap().to_m();
    assert!(
        (sailed[0] - sail_to[0]).hypot(sailed[1] - sail_to[1]) < 60.0,
        "the Ship sailed where the pointer was"
    );
}

/// The switch as a player meets it: off on Malta until clicked, then on; on Andorra (no port)
/// greyed, its reason in the label and the tooltip, and a click changes nothing; back on Malta
/// and switched on, Start gives a game played with seafaring.
const NEW_GAME: &str = "
wait 2
button New game
wait 2
expect-button Seafaring: off
button Seafaring: off
wait 1
expect-button Seafaring: on (Ships at ports)
shot ui-new-game-seafaring
button Andorra
wait 3
expect-button Seafaring: off (no ports on this map)
button Seafaring
wait 1
expect-button Seafaring: off (no ports on this map)
hover-button Seafaring
wait 1
expect-tip Seafaring needs sea by a settlement.
shot ui-new-game-no-ports
button Malta
wait 3
button Seafaring: off
wait 1
expect-button Seafaring: on
button Start
wait 3
save game.json
";

#[test]
fn the_new_game_switch_starts_a_seafaring_game_on_malta_and_is_refused_on_andorra() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    play_script(
        &root().join("maps/malta"),
        tmp.path(),
        Some(tmp.path()),
        &tmp.path().join("saves"),
        NEW_GAME,
        Duration::from_secs(120),
    );
    keep_shots(
        tmp.path(),
        &["ui-new-game-seafaring", "ui-new-game-no-ports"],
    );
    let game =
        Game::from_json(&std::fs::read_to_string(tmp.path().join("game.json")).unwrap()).unwrap();
    assert!(
        game.setup().map.eq_ignore_ascii_case("malta"),
        "the game is played on Malta, not {}",
        game.setup().map
    );
    assert!(
        game.state().options().seafaring,
        "the game started with seafaring on"
    );
}
