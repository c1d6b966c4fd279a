//! Following a game through the real window: the whole log survives a load and scrolls back to
//! the first base, a hot-seat player is told what happened since their last turn, an AI's trade
//! offer is declined without a word when the player asked for that, and every screen fits a
//! small window and a laptop's at a larger UI scale.
//!
//! Screenshots go to a temporary folder, or to `OMMS_SHOTS` (e.g. `docs/`) when set.

use std::path::Path;
use std::time::Duration;

use omms::ai::{bot_by_name, step, Limits};
use omms::map::GameMap;
use omms::rules::*;
use omms::ui::play::{save_json, Seat};

mod common;
use common::display::{command_kinds, have_xvfb, keep_shots, play_loaded, play_script_in};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

macro_rules! need_display {
    () => {
        if !have_xvfb() {
            eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
            return;
        }
    };
}

/// A two-seat game on Andorra played by the general bot until `stop` says so.
fn bot_game(seed: u64, max: usize, stop: impl Fn(&State) -> bool) -> Game {
    let map = GameMap::load(&root().join("maps/andorra")).unwrap();
    let board = MapBoard::new(&map, map.meta().scale);
    let seat = |name: &str, colour: &str| PlayerSetup {
        name: name.into(),
        colour: colour.into(),
    };
    let setup = GameSetup {
        map: "andorra".into(),
        scale: map.meta().scale,
        players: vec![seat("Orange", "orange"), seat("Sky", "sky blue")],
        options: Options::default(),
    };
    let mut game = Game::new(setup, seed).unwrap();
    let mut bots: Vec<_> = (0..2).map(|_| bot_by_name("general").unwrap()).collect();
    for _ in 0..max {
        if stop(game.state()) {
            return game;
        }
        step(&mut game, &board, &mut bots, Limits::turns(400))
            .unwrap()
            .expect("the game goes on");
    }
    panic!("the bots never reached the position");
}

#[test]
fn after_a_load_the_log_is_whole_and_the_next_player_hears_what_they_missed() {
    need_display!();
    // Sky's third turn is about to begin; Orange has moved since Sky last played.
    let game = bot_game(3, 3000, |s| {
        s.current_player() == PlayerId(1) && s.phase() == Phase::Draw && s.turn() >= 6
    });
    let first_base = match game.commands().first() {
        Some(Command::PlaceBase(pb)) => pb.place,
        other => panic!("{other:?}"),
    };
    let map = GameMap::load(&root().join("maps/andorra")).unwrap();
    let base_name = map.place(first_base).name().to_string();
    let body = format!(
        "button Continue              # the device passes to Sky
wait 3
expect-button recap Orange
expect-button moves
hover-button recap
shot ui-recap
hover-button log ▲
wheel 200                     # back to the beginning of the game
wait 1
hover-button log Orange places their base at {base_name}
expect-tip Orange places their base
shot ui-log-start
button Roll the die
wait 3
"
    );
    let (_dir, after) = play_loaded(
        &root().join("maps/andorra"),
        "hotseat",
        &save_json(&game, &[Seat::Human, Seat::Human]),
        &[],
        &body,
        &["ui-recap", "ui-log-start"],
        [1280, 800],
        Duration::from_secs(60),
    );
    let after = Game::from_json(&after).unwrap();
    assert_eq!(
        &command_kinds(&after)[command_kinds(&game).len()..],
        ["draw"]
    );
}

#[test]
fn an_ai_trade_offer_is_declined_for_a_player_who_asked_never_to_be_interrupted() {
    need_display!();
    let map = GameMap::load(&root().join("maps/andorra")).unwrap();
    let board = MapBoard::new(&map, map.meta().scale);
    let mut game = bot_game(4, 3000, |s| {
        s.current_player() == PlayerId(1)
            && s.phase() == Phase::Main
            && s.pending().is_empty()
            && !s.player(PlayerId(1)).hand().is_empty()
    });
    let give = vec![game.state().player(PlayerId(1)).hand()[0]];
    game.submit(
        &board,
        Command::ProposeTrade(ProposeTrade {
            with: PlayerId(0),
            give,
            take: Vec::new(),
        }),
    )
    .unwrap();
    let offered = game.commands().len();
    let (_dir, after) = play_loaded(
        &root().join("maps/andorra"),
        "offer",
        &save_json(&game, &[Seat::Human, Seat::Ai(omms::ai::Level::Normal)]),
        &[("settings.toml", "decline_ai_trades = true\n")],
        "wait 5\n",
        &[],
        [1280, 800],
        Duration::from_secs(60),
    );
    let after = Game::from_json(&after).unwrap();
    assert_eq!(
        after.commands().get(offered),
        Some(&Command::RespondTrade(RespondTrade { accept: false })),
        "{:?}",
        &command_kinds(&after)[offered - 1..]
    );
}

/// Menu, settings, rules, new game with six seats and the game screen: every button on screen.
/// On the setup screen the first seat's name and the longest seed there is are typed (clicks
/// on a field must start typing at every UI scale), and nothing there is cut to fit.
const EVERY_SCREEN: &str = "
wait 2
expect-on-screen
button Rules
wait 1
expect-on-screen
shot rules
button Back
button Settings
wait 1
expect-on-screen
button Close settings
button New game
wait 5
button Add seat
wait 1
button Add seat
wait 1
button Add seat
wait 1
button Add seat
wait 1
expect-on-screen
button name 1
type Ann
key enter
button seed
type 123456789012345678
wait 1
expect-whole
key enter
shot setup
button Start
wait 3
map 1.5212467 42.5069391      # Andorra la Vella, the first base
wait 2
expect-on-screen
shot game
save game.json
";

#[test]
fn every_screen_fits_a_small_window_and_a_laptop_at_a_larger_scale() {
    need_display!();
    for (window, scale, tag) in [
        ([1100, 680], "1.0", "small"),
        ([1366, 768], "1.25", "laptop"),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        let saves = tmp.path().join("saves");
        std::fs::create_dir_all(&saves).unwrap();
        std::fs::write(saves.join("settings.toml"), format!("ui_scale = {scale}\n")).unwrap();
        play_script_in(
            &root().join("maps/andorra"),
            tmp.path(),
            Some(tmp.path()),
            &saves,
            EVERY_SCREEN,
            Duration::from_secs(90),
            window,
        );
        let game = Game::from_json(&std::fs::read_to_string(tmp.path().join("game.json")).unwrap())
            .unwrap();
        assert_eq!(game.seed(), 123_456_789_012_345_678, "{tag}");
        assert_eq!(game.state().player(PlayerId(0)).name(), "Ann", "{tag}");
        for shot in ["rules", "setup", "game"] {
            let from = tmp.path().join(format!("{shot}.png"));
            std::fs::rename(&from, tmp.path().join(format!("ui-{tag}-{shot}.png"))).unwrap();
        }
        keep_shots(
            tmp.path(),
            &[
                &format!("ui-{tag}-rules"),
                &format!("ui-{tag}-setup"),
                &format!("ui-{tag}-game"),
            ],
        );
    }
}
