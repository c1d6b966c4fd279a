//! A trade in a two-player hot-seat game, through the real UI: the first player drafts it on
//! their own screen, the screen is passed, the second player accepts it on theirs, and the
//! screen is passed back. The saved game must show the cards moved.

use std::path::Path;
use std::time::Duration;

use omms::map::Scale;
use omms::rules::{Game, GameSetup, Options, PlayerId, PlayerSetup};
use omms::ui::text::card_face;

mod common;
use common::display::{have_xvfb, play_script};

/// The game the UI starts with the script's setup: two typed names, the default colours, the
/// map's own scale and seed 1.
fn same_setup() -> Game {
    let player = |name: &str, colour: &str| PlayerSetup {
        name: name.into(),
        colour: colour.into(),
    };
    let setup = GameSetup {
        map: "andorra".into(),
        scale: Scale(25_000),
        players: vec![player("Ana", "orange"), player("Ben", "sky blue")],
        options: Options::default(),
    };
    Game::new(setup, 1).unwrap()
}

#[test]
fn a_trade_is_offered_passed_and_accepted_through_the_ui() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    // Ben's hand is hidden from Ana on screen, but the test knows it: Ana asks for his first
    // card, which he holds, so the engine takes the offer.
    let start = same_setup();
    let wanted = start.state().player(PlayerId(1)).hand()[0];
    let (rank, sym, _) = card_face(wanted);
    let script = format!(
        "
wait 2
button New game
button name 1
type Ana
button name 2
type Ben
button seat 2 AI            # both seats human
button Safe bases           # the bases below are within first-turn reach
button Start
wait 2
button Continue             # pass screen: Ana
map 1.5212467 42.5069391    # Andorra la Vella
wait 2
button Continue             # Ben
map 1.5382077 42.5135389    # Engordany
wait 2
button Continue             # Ana's first turn
wait 2
button Roll the die
wait 5
click 400 330               # skip the draw animation
wait 1
button Propose a trade
wait 1
button with Ben
button give 1
button give 2
button ask {rank}{sym}
wait 1
shot trade-propose
button Offer the trade
wait 2
shot trade-pass
button Continue             # Ben answers on his own screen
wait 2
shot trade-answer
button Accept the trade
wait 2
shot trade-back
button Continue             # and the screen goes back to Ana
wait 2
save game.json
"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    play_script(
        &root.join("maps/andorra"),
        tmp.path(),
        Some(tmp.path()),
        &tmp.path().join("saves"),
        &script,
        Duration::from_secs(60),
    );
    if let Some(dir) = std::env::var_os("OMMS_SHOTS") {
        // To look at them: OMMS_SHOTS=/tmp/shots cargo test --release --test ui_trade
        // (docs/ui-trade-propose.png and docs/ui-trade-answer.png come from here).
        for shot in ["trade-propose", "trade-pass", "trade-answer", "trade-back"] {
            let name = format!("{shot}.png");
            std::fs::copy(
                tmp.path().join(&name),
                Path::new(&dir).join(format!("ui-{name}")),
            )
            .unwrap();
        }
    }
    for shot in ["trade-propose", "trade-pass", "trade-answer", "trade-back"] {
        let png = tmp.path().join(format!("{shot}.png"));
        assert!(
            std::fs::metadata(&png).is_ok_and(|m| m.len() > 10_000),
            "{shot}.png missing"
        );
    }

    let text = std::fs::read_to_string(tmp.path().join("game.json")).unwrap();
    let game = Game::from_json(&text).expect("the UI's save loads");
    let commands: Vec<serde_json::Value> = game
        .commands()
        .iter()
        .map(|c| serde_json::to_value(c).unwrap())
        .collect();
    let kinds: Vec<&str> = commands
        .iter()
        .map(|c| c["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "place_base",
            "place_base",
            "draw",
            "propose_trade",
            "respond_trade"
        ]
    );
    let offer = game
        .commands()
        .iter()
        .find_map(|c| match c {
            omms::rules::Command::ProposeTrade(t) => Some(t.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(offer.with, PlayerId(1));
    assert_eq!(offer.give.len(), 2);
    assert_eq!(offer.take, [wanted]);
    assert_eq!(commands[4]["accept"], true, "{:?}", commands[4]);

    let s = game.state();
    let (ana, ben) = (s.player(PlayerId(0)).hand(), s.player(PlayerId(1)).hand());
    assert!(ana.contains(&wanted), "Ana holds the card she asked for");
    assert!(!ben.contains(&wanted), "Ben no longer holds it");
    for c in &offer.give {
        assert!(ben.contains(c) && !ana.contains(c), "{c:?} went to Ben");
    }
    assert_eq!(ben.len(), 5 - 1 + 2);
    assert!(s.pending().is_empty());
    assert_eq!(s.actor(), PlayerId(0), "the turn is back with Ana");
    assert_eq!(
        omms::save::SavedGame::from_json(&text).unwrap().seats(),
        [omms::save::SeatPlay::Human, omms::save::SeatPlay::Human],
        "the save records the seats"
    );
}
