//! The new-game screen's AI level per seat and its seed, as a player sets them: the level
//! clicked for a seat is the bot that plays it (and the save says so), and a typed seed is the
//! game's seed.

use std::path::Path;
use std::time::Duration;

use omms::rules::Game;

mod common;
use common::display::{have_xvfb, play_script};

/// A human and two AI seats, the second made `hard` and the third `easy` (normal → hard →
/// easy), seed 4242 typed in; the human places a base and the game is saved.
const SCRIPT: &str = "
wait 2
button New game
wait 1
button Add seat
button level 2
button level 3
button level 3
button seed
type 4242
key enter
shot setup
button Start
wait 2
key f                     # the AI at its fast pace
map 1.5212467 42.5069391  # Andorra la Vella
wait 20
button Save
wait 1
type Levels
key enter
wait 1
save game.json
";

#[test]
fn levels_and_seed_chosen_on_the_setup_screen_are_the_games() {
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
        Duration::from_secs(90),
    );
    assert!(std::fs::metadata(tmp.path().join("setup.png")).is_ok_and(|m| m.len() > 10_000));
    let saved = std::fs::read_to_string(tmp.path().join("saves/Levels.json")).unwrap();
    let seats: Vec<(String, Option<String>)> = serde_json::from_str::<serde_json::Value>(&saved)
        .unwrap()["seats"]
        .as_array()
        .expect("the save records the seats")
        .iter()
        .map(|s| {
            (
                s["plays"].as_str().unwrap().to_string(),
                s["bot"].as_str().map(str::to_string),
            )
        })
        .collect();
    assert_eq!(
        seats,
        [
            ("human".to_string(), None),
            ("ai".to_string(), Some("hard".to_string())),
            ("ai".to_string(), Some("easy".to_string())),
        ]
    );
    let game =
        Game::from_json(&std::fs::read_to_string(tmp.path().join("game.json")).unwrap()).unwrap();
    assert_eq!(game.seed(), 4242);
    assert_eq!(game.state().players().len(), 3);
}
