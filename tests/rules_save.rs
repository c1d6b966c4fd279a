//! Saves, loads and replays: the command log with the setup and seed is the game, and replaying
//! it reproduces the state hash at the start of every turn.

use omms::rules::testkit::{setup, TableBoard};
use omms::rules::*;
use omms::save::{SaveError, SavedGame, FORMAT_VERSION};

/// Play `steps` random legal commands (ending turns often enough for the game to move on).
fn random_game(seed: u64, steps: usize, board: &TableBoard) -> Game {
    let mut game = Game::new(setup(&["Red", "Blue", "Green"]), seed).unwrap();
    let mut pick = seed;
    for _ in 0..steps {
        let legal = legal_commands(game.state(), board);
        if legal.is_empty() {
            break;
        }
        // A fixed LCG: the test's own choices must not depend on the engine's RNG.
        pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let i = (pick >> 33) as usize % legal.len();
        let cmd = if pick % 5 == 0 {
            legal.last().unwrap().clone()
        } else {
            legal[i].clone()
        };
        game.submit(board, cmd).unwrap();
    }
    game
}

#[test]
fn a_saved_game_loads_back_identical_and_its_log_replays() {
    let board = TableBoard::grid(6, 6, 1000.0);
    let game = random_game(11, 400, &board);
    assert!(game.state().turn() > 10, "turn {}", game.state().turn());
    let text = game.to_json();
    let loaded = Game::from_json(&text).unwrap();
    assert_eq!(loaded, game);
    assert_eq!(state_hash(loaded.state()), state_hash(game.state()));
    loaded.verify(&board).unwrap();
    // Saving again gives the same bytes.
    assert_eq!(loaded.to_json(), text);
    // The top-level fields are the documented ones.
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "battle_in_progress",
            "commands",
            "format_version",
            "game_id",
            "name",
            "saved_at",
            "seats",
            "seed",
            "setup",
            "snapshot",
            "turn_hashes"
        ]
    );
    assert_eq!(value["format_version"], FORMAT_VERSION);
    assert_eq!(FORMAT_VERSION, 2);
    // The version comes first, so a person (or `head`) sees it at once.
    assert!(
        text.starts_with("{\n  \"format_version\": 2,\n  \"game_id\""),
        "{text:.80}"
    );
}

#[test]
fn a_loaded_game_plays_on_exactly_like_the_original() {
    let board = TableBoard::grid(6, 6, 1000.0);
    let mut game = random_game(12, 150, &board);
    let mut loaded = Game::from_json(&game.to_json()).unwrap();
    for _ in 0..100 {
        let Some(cmd) = legal_commands(game.state(), &board).into_iter().next_back() else {
            break;
        };
        let a = game.submit(&board, cmd.clone()).unwrap();
        let b = loaded.submit(&board, cmd).unwrap();
        assert_eq!(a, b);
    }
    assert_eq!(state_hash(game.state()), state_hash(loaded.state()));
}

#[test]
fn every_turn_hash_is_checked_on_replay() {
    let board = TableBoard::grid(6, 6, 1000.0);
    let game = random_game(13, 300, &board);
    let text = game.to_json();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let turns = value["turn_hashes"].as_array().unwrap().len();
    assert_eq!(turns, game.state().turn() as usize);
    value["turn_hashes"][turns / 2]["hash"] = "0123456789abcdef".into();
    let tampered = Game::from_json(&value.to_string()).unwrap();
    let e = tampered.verify(&board).unwrap_err();
    assert!(
        matches!(e, ReplayError::Diverged { turn, .. } if turn as usize == turns / 2 + 1),
        "{e}"
    );
    assert!(
        e.to_string().starts_with("The replay diverged at turn"),
        "{e}"
    );
}

#[test]
fn a_missing_list_of_turn_hashes_is_an_error_not_a_pass() {
    let board = TableBoard::grid(6, 6, 1000.0);
    let game = random_game(17, 200, &board);
    let turns = game.turn_hashes().len();
    assert!(turns > 5);
    let mut value: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    value["turn_hashes"] = serde_json::json!([]);
    let e = Game::from_json(&value.to_string())
        .unwrap()
        .verify(&board)
        .unwrap_err();
    assert_eq!(e, ReplayError::NoTurnHashes { turns });
    assert!(e.to_string().contains("no turn hashes"), "{e}");
    // Fewer hashes than turns is caught too.
    value["turn_hashes"] = serde_json::json!([game.turn_hashes()[0]]);
    let e = Game::from_json(&value.to_string())
        .unwrap()
        .verify(&board)
        .unwrap_err();
    assert!(
        matches!(e, ReplayError::TurnCount { expected: 1, .. }),
        "{e}"
    );
    // A game that has not finished a turn has no hash to record, and passes.
    let fresh = random_game(17, 1, &board);
    assert!(fresh.turn_hashes().is_empty());
    Game::from_json(&fresh.to_json())
        .unwrap()
        .verify(&board)
        .unwrap();
}

#[test]
fn a_different_seed_or_snapshot_is_caught() {
    let board = TableBoard::grid(6, 6, 1000.0);
    let game = random_game(14, 200, &board);
    let mut value: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    value["seed"] = 15.into();
    let e = Game::from_json(&value.to_string())
        .unwrap()
        .verify(&board)
        .unwrap_err();
    assert!(
        matches!(
            e,
            ReplayError::Diverged { .. }
                | ReplayError::Refused { .. }
                | ReplayError::TurnCount { .. }
        ),
        "{e}"
    );
    let mut value: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    value["snapshot"]["players"][0]["food"] = 99.into();
    let e = Game::from_json(&value.to_string())
        .unwrap()
        .verify(&board)
        .unwrap_err();
    assert!(matches!(e, ReplayError::Snapshot { .. }), "{e}");
}

#[test]
fn a_save_from_a_newer_version_is_a_clear_error() {
    let board = TableBoard::grid(3, 3, 1000.0);
    let game = random_game(1, 10, &board);
    let mut value: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    value["format_version"] = (FORMAT_VERSION + 1).into();
    value["something_new"] = true.into();
    let e = Game::from_json(&value.to_string()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "This game was saved by a newer version of OMMS (save format {}); this version reads formats up to {}. Please update OMMS.",
            FORMAT_VERSION + 1,
            FORMAT_VERSION
        )
    );
}

#[test]
fn damaged_or_foreign_files_are_refused_with_a_reason() {
    assert!(matches!(
        Game::from_json("{not json").unwrap_err(),
        SaveError::NotASave(_)
    ));
    assert_eq!(
        Game::from_json("{\"hello\": 1}").unwrap_err().to_string(),
        "This is not an OMMS saved game: it has no format_version"
    );
    assert!(matches!(
        Game::from_json(&format!("{{\"format_version\": {FORMAT_VERSION}}}")).unwrap_err(),
        SaveError::Damaged(_)
    ));
    // A version-1 file is upgraded first, and what it lacks is named.
    assert!(matches!(
        Game::from_json("{\"format_version\": 1}").unwrap_err(),
        SaveError::Damaged(m) if m.contains("upgrading from save format 1") && m.contains("seed")
    ));
    assert_eq!(
        Game::from_json("{\"format_version\": 0}").unwrap_err(),
        SaveError::Unknown(0)
    );
}

#[test]
fn a_snapshot_that_breaks_the_bookkeeping_is_refused() {
    let board = TableBoard::grid(6, 6, 1000.0);
    let game = random_game(16, 120, &board);
    let mut value: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    let card = value["snapshot"]["pile"][0].clone();
    value["snapshot"]["discard"]
        .as_array_mut()
        .unwrap()
        .push(card.clone());
    assert_eq!(
        Game::from_json(&value.to_string()).unwrap_err().to_string(),
        format!("The saved game is damaged: card #{card} is in 2 places")
    );
    let mut value: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    value["snapshot"]["current"] = 7.into();
    assert!(matches!(
        Game::from_json(&value.to_string()).unwrap_err(),
        SaveError::Damaged(_)
    ));
}

#[test]
fn seats_and_a_battle_must_fit_the_game() {
    let board = TableBoard::grid(6, 6, 1000.0);
    let game = random_game(18, 50, &board);
    let saved = SavedGame::from_game(game.clone());
    let mut value: serde_json::Value = serde_json::from_str(&saved.to_json()).unwrap();
    value["seats"] = serde_json::json!([{"plays": "human"}]);
    assert_eq!(
        SavedGame::from_json(&value.to_string())
            .unwrap_err()
            .to_string(),
        "The saved game is damaged: 1 seats for 3 players"
    );
    let mut value: serde_json::Value = serde_json::from_str(&saved.to_json()).unwrap();
    value["seats"][1] = serde_json::json!({"plays": "ai", "bot": "general"});
    value["game_id"] = "../../x".into();
    assert!(SavedGame::from_json(&value.to_string())
        .unwrap_err()
        .to_string()
        .contains("game_id"));
    value["game_id"] = "abc-1".into();
    let back = SavedGame::from_json(&value.to_string()).unwrap();
    assert_eq!(back.game_id().as_str(), "abc-1");
    assert_eq!(
        back.seats()[1],
        omms::save::SeatPlay::Ai {
            bot: "general".into()
        }
    );
    // A battle in progress while the game waits for none is refused.
    value["battle_in_progress"] = serde_json::json!({"ruleset": "omog19c", "commands": []});
    assert_eq!(
        SavedGame::from_json(&value.to_string())
            .unwrap_err()
            .to_string(),
        "The saved game is damaged: a battle is in progress but the game waits for none"
    );
}

#[test]
fn commands_read_back_in_their_json_form() {
    let cmds = vec![
        Command::Draw(Draw),
        Command::EndTurn(EndTurn),
        Command::Move(Move {
            unit: UnitId(3),
            to: MapPoint { x_mm: 1, y_mm: -2 },
            via: None,
            off_road: false,
        }),
        Command::Attack(Attack::dice(UnitId(1), Target::Settlement(SettlementId(4)))),
        Command::RespondTrade(RespondTrade { accept: true }),
    ];
    let text = serde_json::to_string(&cmds).unwrap();
    assert_eq!(
        text,
        concat!(
            r#"[{"type":"draw"},{"type":"end_turn"},"#,
            r#"{"type":"move","unit":3,"to":{"x_mm":1,"y_mm":-2}},"#,
            r#"{"type":"attack","unit":1,"target":{"settlement":4}},"#,
            r#"{"type":"respond_trade","accept":true}]"#
        )
    );
    assert_eq!(serde_json::from_str::<Vec<Command>>(&text).unwrap(), cmds);
}

/// A golden replay: this seed and these choices must keep producing this game. If a rule
/// change is intended, update the hash and say so in the commit.
#[test]
fn golden_game() {
    let board = TableBoard::grid(6, 6, 1000.0);
    let game = random_game(2005, 300, &board);
    assert_eq!(
        (game.state().turn(), state_hash(game.state()).to_string()),
        (43, "b12c90df8b800180".to_string())
    );
}
