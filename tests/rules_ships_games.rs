//! Seafaring games played to the end by the random bot on the Strait coast: after every command
//! nobody stands on water, no Ship stands on land, no Ship carries more than three; the save
//! keeps Ships and their cargo and replays; and a golden game replays to its committed hashes.

#[path = "common/strait.rs"]
mod strait;

use omms::ai::{bot_by_name, play_game, Limits};
use omms::map::{GameMap, Scale};
use omms::rules::*;
use omms::save::SavedGame;

fn setup() -> GameSetup {
    omms::sim::setup_with(
        "Strait",
        Scale(25_000),
        2,
        Options {
            seafaring: true,
            ..Options::default()
        },
    )
}

fn play(board: &MapBoard, seed: u64, turns: u32) -> Game {
    play_with(board, seed, turns, ["random", "random"])
}

/// A game on the Strait with these bots, each made to take any sea command it is offered first.
fn play_with(board: &MapBoard, seed: u64, turns: u32, names: [&str; 2]) -> Game {
    let mut game = Game::start(setup(), seed, board).unwrap();
    let mut bots: Vec<Box<dyn omms::ai::Bot>> = names
        .iter()
        .map(|n| Box::new(strait::Sailor(bot_by_name(n).unwrap())) as Box<dyn omms::ai::Bot>)
        .collect();
    play_game(&mut game, board, &mut bots, Limits::turns(turns), |_| {}).unwrap();
    game
}

/// The seafaring invariants of one state, as a player would see them broken.
fn invariants(map: &GameMap, state: &State) -> Result<(), String> {
    for u in state.units() {
        let pos = state.unit_pos(u.id()).ok_or("a unit with no place")?.to_m();
        match u.at() {
            Location::Sea(_) if !map.is_water(pos) => {
                return Err(format!("{} on land at {pos:?}", u.kind()))
            }
            Location::Road(_) | Location::OffRoad(_) | Location::Settlement(_)
                if !map.is_land(pos) =>
            {
                return Err(format!("{} walks on water at {pos:?}", u.kind()))
            }
            _ => {}
        }
        if u.kind() == UnitType::Ship && state.cargo(u.id()).len() > SHIP_CAPACITY {
            return Err("more than three aboard".into());
        }
    }
    match state.consistency_problem() {
        Some(p) => Err(p),
        None => Ok(()),
    }
}

/// Re-run the log one command at a time, checking the invariants after each.
fn check_every_command(map: &GameMap, board: &MapBoard, game: &Game) -> (usize, usize) {
    let mut g = Game::new(game.setup().clone(), game.seed()).unwrap();
    let (mut built, mut landed) = (0, 0);
    for (i, cmd) in game.commands().iter().enumerate() {
        g.submit(board, cmd.clone()).unwrap();
        built += usize::from(matches!(cmd, Command::BuildShip(_)));
        landed += usize::from(matches!(cmd, Command::Land(_)));
        if let Err(e) = invariants(map, g.state()) {
            panic!("seed {} command {i} ({cmd:?}): {e}", game.seed());
        }
    }
    (built, landed)
}

#[test]
fn random_seafaring_games_keep_ships_at_sea_and_everyone_else_ashore() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let (mut built, mut landed) = (0, 0);
    for seed in 0..2 {
        let game = play(&board, seed, 30);
        let (b, l) = check_every_command(&map, &board, &game);
        built += b;
        landed += l;
    }
    // The property is only tested if ships were built and used.
    assert!(built > 0 && landed > 0, "built {built}, landed {landed}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 16,
        failure_persistence: None,
        ..Default::default()
    })]

    /// Over any seed and any pairing of the random and general bots (each taking the sea when it
    /// can), no command ever puts a unit on water, a Ship on land, or a fourth unit aboard.
    #[test]
    fn no_seed_or_bot_puts_anyone_on_water_or_a_ship_ashore(
        seed in 0u64..1_000_000,
        first in 0usize..3,
        second in 0usize..3,
    ) {
        let names = ["random", "easy", "normal"];
        let (map, _dir) = strait::map();
        let board = MapBoard::new(&map, Scale(25_000));
        let game = play_with(&board, seed, 30, [names[first], names[second]]);
        check_every_command(&map, &board, &game);
    }
}

#[test]
fn a_save_keeps_ships_and_cargo_and_replays() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let game = (0..40)
        .map(|seed| play(&board, seed, 20))
        .find(|g| {
            g.state()
                .units()
                .any(|u| matches!(u.at(), Location::Aboard(_)))
        })
        .expect("a game ending with someone aboard");
    let seats = vec![
        omms::save::SeatPlay::Ai {
            bot: "random".into(),
        },
        omms::save::SeatPlay::Ai {
            bot: "random".into(),
        },
    ];
    let saved = SavedGame::new(
        game.clone(),
        omms::save::GameId::derived(game.seed(), game.setup(), &[]),
        seats,
    )
    .unwrap();
    let back = SavedGame::from_json(&saved.to_json()).unwrap();
    assert_eq!(back.game().state(), game.state());
    let g = back.game();
    let again = replay(g.setup(), g.seed(), g.commands(), g.turn_hashes(), &board).unwrap();
    assert_eq!(state_hash(again.state()), state_hash(game.state()));
}

/// Path of the golden seafaring game (a save made on the Strait by the random bots). Not under
/// `tests/golden/`: `tactical_golden` replays every file there as a table battle.
fn golden() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/seafaring_golden/strait.json")
}

#[test]
fn the_golden_seafaring_game_replays_to_its_hashes() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    if std::env::var_os("OMMS_BLESS").is_some() {
        let game = (0..40)
            .map(|seed| play(&board, seed, 40))
            .find(|g| {
                let s = omms::sim::SeaSummary::of(g);
                s.ships_built > 0 && s.landings > 0
            })
            .unwrap();
        let seats = vec![
            omms::save::SeatPlay::Ai {
                bot: "random".into(),
            },
            omms::save::SeatPlay::Ai {
                bot: "random".into(),
            },
        ];
        let id = omms::save::GameId::derived(game.seed(), game.setup(), &[]);
        let saved = SavedGame::new(game, id, seats).unwrap();
        std::fs::create_dir_all(golden().parent().unwrap()).unwrap();
        std::fs::write(golden(), saved.to_json()).unwrap();
    }
    let text = std::fs::read_to_string(golden()).unwrap();
    let saved = SavedGame::from_json(&text).unwrap();
    let g = saved.game();
    let again = replay(g.setup(), g.seed(), g.commands(), g.turn_hashes(), &board).unwrap();
    assert_eq!(again.state(), g.state());
    let sea = omms::sim::SeaSummary::of(g);
    assert!(sea.ships_built > 0 && sea.landings > 0, "{sea:?}");
}
