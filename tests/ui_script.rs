//! A short two-player hot-seat game played through the real UI, as a person would: the binary
//! runs under a virtual X server with a script of clicks, and the saved game it leaves behind is
//! then read back with the engine's own loader.

use std::path::Path;
use std::time::Duration;

use omms::rules::{Game, Phase, PlayerId, RulesetId};

mod common;
use common::display::{command_kinds, have_xvfb, play_script};

/// Menu → new game with two human seats, every ruleset switched off, OMOG 19C on again and the
/// defender allowed to refuse a table battle → both bases → pass screens → draw (skipped by a
/// click) → a royal card raises a Scout → the Scout (clicked on its coin) moves to a point near
/// the road towards Engordany (the click snaps onto the road) → attacks phase → the Scout takes
/// the empty enemy base, which ends the game.
const SCRIPT: &str = "
wait 2
shot menu
button New game
button seat 2 AI        # the second seat becomes human too
button Safe bases       # the bare base rule: the bases below are within first-turn reach
button OMOG 19C: on     # no table battles...
button OMOG Musket: on
button 6+ Rules: on
button The Dice Flew: on  # every ruleset off now: nothing left to refuse
button Defender may refuse  # greyed while no ruleset is on: the click changes nothing
button OMOG 19C: off    # ...and OMOG 19C back on
button Defender may refuse
shot setup
button Start
wait 2
button Continue         # pass screen for the first player
map 1.5212467 42.5069391  # Andorra la Vella
wait 2
button Continue
map 1.5382077 42.5135389  # Engordany
wait 2
button Continue
wait 2
button Roll the die
wait 5
click 400 330           # skip the draw animation
button Play J
wait 2
unit 0                  # the new Scout, on its base's rim
wait 2
hover-map 1.5398 42.5093
wait 2
shot move
map 1.5398 42.5093      # by the road at les Escaldes: it snaps onto it
wait 2
button End main
wait 2
unit 0
wait 1
map 1.5382077 42.5135389  # attack Engordany
wait 3
shot won
save game.json
";

#[test]
fn a_hot_seat_game_through_the_ui_reaches_the_engine() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    play_script(
        &root.join("maps/andorra"),
        tmp.path(),
        Some(tmp.path()),
        &tmp.path().join("saves"),
        SCRIPT,
        Duration::from_secs(120),
    );
    for shot in ["menu", "setup", "move", "won"] {
        let png = tmp.path().join(format!("{shot}.png"));
        assert!(
            std::fs::metadata(&png).is_ok_and(|m| m.len() > 10_000),
            "{shot}.png missing"
        );
    }
    let autosaves = std::fs::read_dir(tmp.path().join("saves"))
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            let name = name.to_string_lossy();
            name.starts_with("autosave-") && name.ends_with(".json")
        })
        .count();
    assert_eq!(autosaves, 1, "the game's own autosave");

    let game = Game::from_json(&std::fs::read_to_string(tmp.path().join("game.json")).unwrap())
        .expect("the UI's save loads");
    let kinds = command_kinds(&game);
    assert_eq!(
        kinds,
        [
            "place_base",
            "place_base",
            "draw",
            "play_royal",
            "move",
            "end_main",
            "attack"
        ]
    );
    let s = game.state();
    let battles = s.options().battles;
    assert!(battles
        .rulesets
        .contains(RulesetId::new("omog19c").unwrap()));
    for off in ["omog-musket", "six-plus", "dice-flew"] {
        assert!(
            !battles.rulesets.contains(RulesetId::new(off).unwrap()),
            "{off}"
        );
    }
    assert!(battles.defender_may_refuse);
    assert_eq!(s.players().len(), 2);
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(s.winner(), Some(PlayerId(0)));
    assert!(s.player(PlayerId(1)).is_out());
    let names: Vec<&str> = s
        .settlements_of(PlayerId(0))
        .iter()
        .map(|id| s.settlement(*id).unwrap().name())
        .collect();
    assert!(names.contains(&"Engordany"), "{names:?}");
    assert_eq!(s.units_of(PlayerId(0)).len(), 1);
}

/// Menu → new game with the default seats (a human, then the AI) → the human's base, the AI's
/// base → Save → back to the menu → Load game → the saved game. Loaded, the second seat must
/// still be the AI: the human's pass screen never shows, and after the human ends the turn the AI
/// plays on unasked (were it human, its pass screen would wait for a click).
const AI_RELOAD_SCRIPT: &str = "
wait 2
button New game
button Start
wait 2
key f                     # the AI at its fast pace
map 1.5212467 42.5069391  # Andorra la Vella
wait 30
button Save
wait 1
type Reload test
key enter
wait 1
button Menu
wait 1
button Load game
wait 1
button Reload test
wait 2
key f
button Roll the die
wait 5
click 400 330             # skip the draw animation
wait 1
button End turn
wait 200
save game.json
";

#[test]
fn a_saved_ai_seat_is_still_the_ai_after_loading() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    play_script(
        &root.join("maps/andorra"),
        tmp.path(),
        None,
        &tmp.path().join("saves"),
        AI_RELOAD_SCRIPT,
        Duration::from_secs(60),
    );

    let saved = std::fs::read_to_string(tmp.path().join("saves/Reload test.json")).unwrap();
    let seats: Vec<String> = serde_json::from_str::<serde_json::Value>(&saved).unwrap()["seats"]
        .as_array()
        .expect("the save records the seats")
        .iter()
        .map(|s| s["plays"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(seats, ["human", "ai"]);

    let game =
        Game::from_json(&std::fs::read_to_string(tmp.path().join("game.json")).unwrap()).unwrap();
    let kinds = command_kinds(&game);
    assert_eq!(kinds[..4], ["place_base", "place_base", "draw", "end_turn"]);
    assert!(
        kinds.len() > 4 && game.state().turn() >= 2,
        "the AI did not play after the load: {kinds:?}"
    );
}
