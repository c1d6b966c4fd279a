//! Saves through the real UI, as a player meets them: only the previous autosave survived a
//! crash and the Load screen offers it with the reason; a save made on another version of the map
//! is refused there with the reason; two games saved under their own names (the second asked
//! before overwriting the first), each with its own autosave; the Load list with map, seats,
//! turn and date; a loaded game showing its log; and a hand-edited position without a history
//! (nothing to replay) whose unit is said to stand on a road far from any, refused with the
//! reason.

use std::path::Path;
use std::time::Duration;

use omms::map::GameMap;
use omms::rules::map_board::scenario_file;
use omms::rules::{Game, Location, MapPoint};
use omms::save::SavedGame;
use omms::ui::play::{save_json, Seat};

mod common;
use common::display::{have_xvfb, play_script};

const SCRIPT: &str = "
wait 2
button Load game
wait 2
shot ui-load-previous
button mismatch
wait 3
shot ui-load-mismatch
button badpos               # a position without a history, hand-edited
wait 3
expect-button is said to be on a road, but the nearest major road is
shot ui-load-position
button Autosave             # the previous autosave, the only one yet
wait 3
save fallback.json
button Menu
wait 1
button New game
button Start
wait 2
key f
map 1.5212467 42.5069391    # Andorra la Vella
wait 30
button Save
wait 1
shot ui-save-dialog
type First
key enter
wait 1
button Menu
wait 1
button New game
button Start
wait 2
key f
map 1.5379 42.5087          # Escaldes-Engordany
wait 30
button Save
wait 1
type First
key enter
wait 1
shot ui-save-overwrite
button Keep it
type Second
key enter
wait 1
button Menu
wait 1
button Load game
wait 2
shot ui-load
button First
wait 3
shot ui-loaded-log
save after.json
";

#[test]
fn named_saves_autosaves_per_game_and_a_load_list_that_explains_itself() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let (maps, saves) = (tmp.path().join("maps"), tmp.path().join("saves"));
    std::fs::create_dir_all(&maps).unwrap();
    std::fs::create_dir_all(&saves).unwrap();
    std::os::unix::fs::symlink(root.join("maps/andorra"), maps.join("andorra")).unwrap();

    // A crash took the newest autosave; the one before survived.
    let v1 = root.join("tests/saves/v1");
    std::fs::copy(
        v1.join("ui-human-ai.json"),
        saves.join("autosave.json.prev"),
    )
    .unwrap();
    // A save for a map since re-imported with its places in another order.
    let other = maps.join("mismatch");
    std::fs::create_dir_all(&other).unwrap();
    let meta = std::fs::read_to_string(root.join("maps/andorra/map.toml")).unwrap();
    std::fs::write(
        other.join("map.toml"),
        meta.replace("name = \"Andorra\"", "name = \"Mismatch\""),
    )
    .unwrap();
    let mut map: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("maps/andorra/map.geojson")).unwrap(),
    )
    .unwrap();
    map["features"].as_array_mut().unwrap().reverse();
    std::fs::write(other.join("map.geojson"), map.to_string()).unwrap();
    std::fs::write(
        other.join("terrain.geojson"),
        r#"{"type":"FeatureCollection","features":[]}"#,
    )
    .unwrap();
    let old = std::fs::read_to_string(v1.join("sim-andorra-3p.json")).unwrap();
    std::fs::write(
        saves.join("mismatch.json"),
        old.replace("\"map\": \"Andorra\"", "\"map\": \"Mismatch\""),
    )
    .unwrap();

    std::fs::write(saves.join("badpos.json"), bad_position(root)).unwrap();

    let shots = std::env::var_os("OMMS_SHOTS")
        .map(|d| root.join(d))
        .unwrap_or_else(|| tmp.path().to_path_buf());
    // `button Back` after the refused save: the game did not open, the Load screen stayed.
    let script = SCRIPT.replace(
        "shot ui-load-mismatch\n",
        "shot ui-load-mismatch\nbutton Back\nwait 1\nbutton Load game\nwait 2\n",
    );
    play_script(
        &maps.join("andorra"),
        tmp.path(),
        Some(&shots),
        &saves,
        &script,
        Duration::from_secs(180),
    );
    for shot in [
        "ui-load-previous",
        "ui-load-mismatch",
        "ui-load-position",
        "ui-save-dialog",
        "ui-save-overwrite",
        "ui-load",
        "ui-loaded-log",
    ] {
        let png = shots.join(format!("{shot}.png"));
        assert!(
            std::fs::metadata(&png).is_ok_and(|m| m.len() > 10_000),
            "{shot}.png"
        );
    }

    let read = |p: &Path| omms::save::read(p).unwrap();
    // The previous autosave opened as the game it is.
    let fallback = read(&tmp.path().join("fallback.json"));
    let v1_game = read(&v1.join("ui-human-ai.json"));
    assert_eq!(fallback.game().commands(), v1_game.game().commands());

    // Two games under two names; "First" was not overwritten by the second game.
    let first = read(&saves.join("First.json"));
    let second = read(&saves.join("Second.json"));
    assert_eq!(first.name(), Some("First"));
    assert_eq!(second.name(), Some("Second"));
    assert_ne!(first.game_id(), second.game_id());
    assert_ne!(first.game().commands()[0], second.game().commands()[0]);
    // Each game has its own autosave, named after it.
    for s in [&first, &second] {
        let auto = saves.join(format!("autosave-{}.json", s.game_id()));
        assert_eq!(read(&auto).game_id(), s.game_id());
    }
    // Loaded, "First" is the first game.
    let after: SavedGame = read(&tmp.path().join("after.json"));
    assert_eq!(after.game().commands(), first.game().commands());
    assert_eq!(after.game_id(), first.game_id());
    // Nothing half-written is left.
    let stray: Vec<String> = std::fs::read_dir(&saves)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp-") || n.contains(".prev-"))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}

/// A scenario's position saved without a history, then edited by hand: its first unit moved "on
/// the road" to the summit of Comapedrosa, with no road within kilometres. (A card dealt twice
/// is already refused by the save's own checks.)
fn bad_position(root: &Path) -> String {
    let map = GameMap::load(&root.join("maps/andorra")).unwrap();
    let sc = scenario_file::parse(
        &map,
        r#"{
  "map": "andorra", "seed": 5,
  "players": [{"name": "Orange", "colour": "orange"}, {"name": "Sky", "colour": "sky blue"}],
  "current": "Orange", "phase": "main", "turn": 2,
  "settlements": [
    {"id": "base", "owner": "Orange", "place": "Andorra la Vella", "base": true},
    {"id": "sky", "owner": "Sky", "place": "Encamp", "base": true}
  ],
  "units": [{"id": "scout", "owner": "Orange", "type": "scout", "at": [1.5404067, 42.5090019]}],
  "hands": {"Orange": ["10C", "6S"]}
}"#,
    )
    .unwrap();
    let game = Game::restore(sc.setup.clone(), 5, vec![], vec![], sc.state.clone()).unwrap();
    let mut v: serde_json::Value =
        serde_json::from_str(&save_json(&game, &[Seat::Human, Seat::Human])).unwrap();
    let summit = MapPoint::from_m(map.projection().to_xy(1.4437, 42.5917));
    let units = v["snapshot"]["units"].as_object_mut().unwrap();
    let first = units.values_mut().next().unwrap();
    first["at"] = serde_json::to_value(Location::Road(summit)).unwrap();
    v.to_string()
}
