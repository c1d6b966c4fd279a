//! The game screen as a newcomer meets it, played through the real window with scripted input:
//! clicks snap onto the road, a stack's units are picked in turn, hover tells the engine's own
//! verdict (a unit that has moved is refused, an attack out of range says why), refused actions
//! stay on the panel with the reason, moves are taken back without re-rolling anything, ending
//! the main phase with units unmoved or attacking at bad odds asks first, and the settings are
//! kept.
//!
//! Screenshots go to a temporary folder, or to `OMMS_SHOTS` (e.g. `docs/`) when set.

use std::path::Path;
use std::time::Duration;

use omms::map::GameMap;
use omms::rules::map_board::scenario_file;
use omms::rules::*;
use omms::ui::board::View;
use omms::ui::play::{save_json, Seat};

mod common;
use common::display::{command_kinds, have_xvfb, play_loaded};

/// The window the test plays in, and the map area the panels leave (hand strip 96 high, side
/// panel 340 wide, at UI scale 1).
const WINDOW: [u32; 2] = [1100, 680];
const FREE: [f32; 4] = [0.0, 96.0, 1100.0 - 340.0, 680.0 - 96.0];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A game whose state is a scenario's position, saved as the UI saves it.
fn scenario_save(
    map: &GameMap,
    text: &str,
    seats: &[Seat],
) -> (String, scenario_file::LoadedScenario) {
    let sc = scenario_file::parse(map, text).unwrap();
    let game = Game::restore(sc.setup.clone(), 5, vec![], vec![], sc.state.clone()).unwrap();
    (save_json(&game, seats), sc)
}

/// Pixels of a screenshot right of `x0`, in the rows `rows`, in the panel's refusal red
/// (`widgets::REFUSED`).
fn refusal_red_pixels(png: &[u8], x0: u32, rows: std::ops::Range<u32>) -> usize {
    use macroquad::prelude::ImageFormat;
    use macroquad::texture::Image;
    let img = Image::from_file_with_format(png, Some(ImageFormat::Png)).unwrap();
    let w = usize::from(img.width);
    img.bytes
        .chunks_exact(4)
        .enumerate()
        .filter(|(i, px)| {
            i % w >= x0 as usize
                && rows.contains(&((i / w) as u32))
                && (i32::from(px[0]) - 184).abs() < 30
                && px[1] < 60
                && px[2] < 60
        })
        .count()
}

/// Screen pixel → "lon lat" for a `map` step.
fn lonlat_at(map: &GameMap, view: &View, px: [f32; 2]) -> String {
    let ll = map.projection().to_lonlat(view.to_world(px));
    format!("{} {}", ll[0], ll[1])
}

/// Orange (the person) holds Andorra la Vella and the village of Santa Coloma, with a Scout and
/// a Guard stacked at les Escaldes and a hand of twenty; Sky (the AI) holds Encamp and has a
/// Guard on the road at Engordany, within a Scout's attack.
const POSITION: &str = r#"{
  "map": "andorra",
  "seed": 5,
  "players": [{"name": "Orange", "colour": "orange"}, {"name": "Sky", "colour": "sky blue"}],
  "current": "Orange",
  "phase": "main",
  "turn": 3,
  "settlements": [
    {"id": "base", "owner": "Orange", "place": "Andorra la Vella", "fort": true, "base": true},
    {"id": "village", "owner": "Orange", "place": "Santa Coloma"},
    {"id": "sky", "owner": "Sky", "place": "Encamp", "fort": true, "base": true}
  ],
  "units": [
    {"id": "scout", "owner": "Orange", "type": "scout", "at": [1.5404067, 42.5090019]},
    {"id": "guard", "owner": "Orange", "type": "guard", "at": [1.5404067, 42.5090019]},
    {"id": "sentry", "owner": "Sky", "type": "guard", "at": [1.5382077, 42.5135389]}
  ],
  "hands": {
    "Orange": ["10C", "6C", "10S", "6S", "JH", "2H", "3H", "4D", "5D", "7D",
               "2C", "3C", "4C", "5S", "7S", "8H", "9H", "AC", "AS", "2D"],
    "Sky": ["KD", "3S"]
  }
}"#;

/// A point of the guard's reach, well away from it on screen, and the same point moved a few
/// pixels off the road: where a click the engine alone would refuse (off road) lands.
fn beside_the_road(
    map: &GameMap,
    board: &MapBoard,
    s: &State,
    guard: UnitId,
    view: &View,
) -> [f32; 2] {
    let from = view.to_screen(s.unit_pos(guard).unwrap().to_m());
    let reach = board.reach(s, guard).unwrap();
    for st in reach.stretches.iter().filter(|x| !x.double_move) {
        for w in st.points.windows(2) {
            let (a, b) = (view.to_screen(w[0]), view.to_screen(w[1]));
            let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
            let d = [b[0] - a[0], b[1] - a[1]];
            let len = d[0].hypot(d[1]);
            if len < 4.0 || (mid[0] - from[0]).hypot(mid[1] - from[1]) < 30.0 {
                continue;
            }
            // Six pixels to the side of the road line.
            let off = [mid[0] - d[1] / len * 6.0, mid[1] + d[0] / len * 6.0];
            let raw = MapPoint::from_m(view.to_world(off));
            let on_road_elsewhere = map.nearest_road_point(raw.to_m()).is_some_and(|r| {
                (view.to_screen(r.pos)[0] - off[0]).hypot(view.to_screen(r.pos)[1] - off[1]) < 5.0
            });
            if board.may_go(s, guard, raw).is_err() && !on_road_elsewhere && off[1] > FREE[1] + 40.0
            {
                return off;
            }
        }
    }
    panic!("no stretch of the guard's reach to aim beside");
}

#[test]
fn a_newcomer_moves_picks_reads_refusals_undoes_and_is_asked_before_ending() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let map = GameMap::load(&root().join("maps/andorra")).unwrap();
    let (save, sc) = scenario_save(
        &map,
        POSITION,
        &[Seat::Human, Seat::Ai(omms::ai::Level::Normal)],
    );
    let board = MapBoard::new(&map, sc.setup.scale);
    let s = &sc.state;
    let (scout, guard) = (sc.unit("scout").unwrap(), sc.unit("guard").unwrap());
    // The map as loaded, then zoomed in two steps (`key +`) about the window's middle.
    let mut view = View::fit_area(map.bounds_xy(), [WINDOW[0] as f32, WINDOW[1] as f32], FREE);
    for _ in 0..2 {
        view.zoom_about([WINDOW[0] as f32 / 2.0, WINDOW[1] as f32 / 2.0], 1.25);
    }
    let aim = beside_the_road(&map, &board, s, guard, &view);
    let target = lonlat_at(&map, &view, aim);
    let village = map
        .place(map.place_by_name("Santa Coloma").unwrap())
        .lonlat();
    let encamp = map.place(map.place_by_name("Encamp").unwrap()).lonlat();
    let body = format!(
        "expect-on-screen
key n                         # the next unit that can still act, as Wesnoth's n
wait 1
expect-button Settle here with spades
key escape
key s                         # the Save dialog from the keyboard
wait 1
expect-button Cancel
button Cancel
wait 1
key +
key +
wait 1
shot ui-panel
map {vx} {vy}                 # pick the village: the settlement actions move there
wait 2
hover-button Clubs: Scout at Santa Coloma
expect-tip Clubs raise units only in a town or city
shot ui-refused-reason
unit {scout}                  # the stack: its Scout first
wait 2
hover-button Settle here with spades
expect-tip You need 4 food
unit {scout}                  # again: the next unit of the stack, the Guard
wait 2
hover-unit {scout}
expect-tip A stack of 2 units
shot ui-stack
hover-map {target}            # beside the road: the pointer snaps onto it
wait 2
expect-tip Legal: click to move here
shot ui-snap
map {target}
wait 2
unit {guard}                  # the Guard, moved: hover tells what the engine would say
wait 2
hover-map {vx} {vy}
wait 2
expect-tip has already moved
shot ui-moved
key u                         # take the move back
wait 2
shot ui-undo
button End main
wait 2
shot ui-confirm
button Go back
wait 1
button End main
wait 2
button Yes, on to the attacks
wait 2
unit {scout}
wait 2
hover-map {ex} {ey}           # Sky's base, out of reach
wait 2
expect-tip Cannot attack
shot ui-attack-why
hover-unit {sentry}           # in range: the odds, the engine's
wait 2
expect-tip 1 die against 2 dice
unit {sentry}                 # a Scout on a Guard: likelier lost, so a question first
wait 2
expect-button Attack anyway
shot ui-bad-odds
button Go back
wait 1
key ?
wait 2
shot ui-help
key ?
button Settings
wait 1
button AI trade offers
wait 1
shot ui-settings
button Close settings
wait 1
",
        vx = village[0],
        vy = village[1],
        scout = scout.0,
        guard = guard.0,
        sentry = sc.unit("sentry").unwrap().0,
        ex = encamp[0],
        ey = encamp[1],
    );
    let (dir, after) = play_loaded(
        &root().join("maps/andorra"),
        "newcomer",
        &save,
        &[],
        &body,
        &[
            "ui-panel",
            "ui-refused-reason",
            "ui-stack",
            "ui-snap",
            "ui-moved",
            "ui-undo",
            "ui-confirm",
            "ui-attack-why",
            "ui-bad-odds",
            "ui-help",
            "ui-settings",
        ],
        WINDOW,
        Duration::from_secs(90),
    );
    // "Took back …" is news, not a refusal: the line under the players' table (the top 130 px
    // of the panel at this window) has none of the refusal red that the greyed actions' reasons
    // below it are written in.
    let undo = std::fs::read(dir.path().join("ui-undo.png")).unwrap();
    let x0 = WINDOW[0] - 340;
    let top = refusal_red_pixels(&undo, x0, 0..130);
    let below = refusal_red_pixels(&undo, x0, 130..WINDOW[1]);
    assert_eq!(
        top, 0,
        "the notice after an undo shows {top} pixels of refusal red"
    );
    assert!(
        below > 0,
        "the reasons are red, so the count can see the colour"
    );
    let game = Game::from_json(&after).unwrap();
    let kinds = command_kinds(&game);
    // The Guard's move was taken back; the main phase ended only after the question; the
    // attack at bad odds was not made.
    assert_eq!(kinds, ["end_main"], "{kinds:?}");
    let st = game.state();
    assert_eq!(st.phase(), Phase::Attack);
    assert_eq!(
        st.unit_pos(guard),
        s.unit_pos(guard),
        "the undone move left no trace"
    );
    assert!(!st.unit(guard).unwrap().moved());
    let settings = std::fs::read_to_string(dir.path().join("saves/settings.toml")).unwrap();
    assert!(
        settings.contains("decline_ai_trades = true"),
        "the setting is kept: {settings}"
    );
}
