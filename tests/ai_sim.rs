//! `omms sim` and the bots on the real Andorra map: repeatable games, saves that replay turn by
//! turn, clear refusals of bad input, and the general beating the random bot.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use omms::ai::{bot_by_name, play_game, Bot, Limits};
use omms::map::GameMap;
use omms::rules::{state_hash, Game, ReplayError, StateHash};
use omms::sim::read_save;
use serde_json::Value;

fn andorra_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra")
}

fn omms(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_omms"))
        .args(args)
        .output()
        .unwrap()
}

/// The JSON summary on the last line of a successful run.
fn summary(out: &Output) -> Value {
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "omms sim failed: {}\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout.lines().last().unwrap()).unwrap()
}

fn sim(extra: &[&str]) -> Value {
    let map = andorra_dir();
    let mut args = vec!["sim", "--map", map.to_str().unwrap()];
    args.extend_from_slice(extra);
    summary(&omms(&args))
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let args = [
        "--players",
        "3",
        "--ai",
        "general,random,general",
        "--turn-limit",
        "30",
    ];
    let a = sim(&[&args[..], &["--seed", "7"]].concat());
    let b = sim(&[&args[..], &["--seed", "7"]].concat());
    let c = sim(&[&args[..], &["--seed", "8"]].concat());
    assert_eq!(a, b);
    assert_ne!(a["hash"], c["hash"]);
    assert_eq!(a["settlements"].as_array().unwrap().len(), 3);
    assert!(a["turns"].as_u64().unwrap() <= 30);
    assert!(a.get("winner").is_some());
    assert_eq!(a["hash"].as_str().unwrap().len(), 16);
}

#[test]
fn a_saved_game_replays_turn_by_turn_and_plays_on_to_the_same_end() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    let save = save.to_str().unwrap();
    let whole = sim(&[
        "--seed",
        "4",
        "--ai",
        "general,random",
        "--turn-limit",
        "40",
    ]);
    let cut = sim(&[
        "--seed",
        "4",
        "--ai",
        "general,random",
        "--turn-limit",
        "20",
        "--save",
        save,
    ]);
    assert!(
        Path::new(&format!("{save}.prev")).exists(),
        "autosaves kept"
    );

    // Every turn's hash is reproduced by re-running the log on the real map.
    let map = GameMap::load(&andorra_dir()).unwrap();
    let board = omms::sim::board_for(&map);
    let game = read_save(Path::new(save)).unwrap();
    assert!(game.turn_hashes().len() >= 20);
    game.verify(&board).unwrap();
    assert_eq!(
        cut["hash"].as_str().unwrap(),
        state_hash(game.state()).to_string()
    );

    // A log that no longer matches its hashes is caught at the first turn that differs.
    let mut text: Value = serde_json::from_str(&std::fs::read_to_string(save).unwrap()).unwrap();
    text["turn_hashes"][5]["hash"] = Value::String("0123456789abcdef".into());
    let tampered = Game::from_json(&text.to_string()).unwrap();
    match tampered.verify(&board) {
        Err(ReplayError::Diverged { expected, .. }) => {
            assert_eq!(expected, StateHash(0x0123_4567_89ab_cdef))
        }
        other => panic!("expected a divergence, got {other:?}"),
    }

    let resumed = sim(&[
        "--load",
        save,
        "--ai",
        "general,random",
        "--turn-limit",
        "40",
    ]);
    assert_eq!(resumed["hash"], whole["hash"]);
    assert_eq!(resumed["commands"], whole["commands"]);
}

#[test]
fn bad_input_is_refused_with_the_file_named_and_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let refused = |args: &[&str], want: &str| {
        let out = omms(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(want), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    };
    let map = andorra_dir();
    let map = map.to_str().unwrap();

    let nowhere = dir.path().join("no-such-map");
    refused(&["sim", "--map", nowhere.to_str().unwrap()], "no-such-map");
    refused(&["sim", "--map", map, "--ai", "skynet"], "skynet");
    refused(
        &[
            "sim",
            "--map",
            map,
            "--players",
            "3",
            "--ai",
            "general,random",
        ],
        "--ai",
    );

    let corrupt = dir.path().join("corrupt.json");
    std::fs::write(&corrupt, "{\"format_version\": 1, \"seed\": 4, \"setup\"").unwrap();
    refused(
        &["sim", "--map", map, "--load", corrupt.to_str().unwrap()],
        "corrupt.json",
    );

    let newer = dir.path().join("newer.json");
    let game = Game::new(
        omms::sim::setup_for("Andorra", omms::map::Scale(25_000), 2),
        1,
    )
    .unwrap();
    let text = game
        .to_json()
        .replace("\"format_version\": 2", "\"format_version\": 99");
    std::fs::write(&newer, text).unwrap();
    refused(
        &["sim", "--map", map, "--load", newer.to_str().unwrap()],
        "newer version of OMMS",
    );
    refused(
        &["sim", "--map", map, "--load", "/no/such/save.json"],
        "save.json",
    );
}

/// Issue 3 asks for 90% over 200 seeds (tools/ai-tournament measures it); this keeps a smaller
/// version of the bar in every test run.
#[test]
fn the_general_beats_the_random_bot_on_andorra() {
    let map = GameMap::load(&andorra_dir()).unwrap();
    let board = omms::sim::board_for(&map);
    let setup = omms::sim::setup_for("Andorra", map.meta().scale, 2);
    let mut wins = 0;
    let games = 40;
    for seed in 0..games {
        let names = if seed % 2 == 0 {
            ["general", "random"]
        } else {
            ["random", "general"]
        };
        let mut bots: Vec<Box<dyn Bot>> = names.iter().map(|n| bot_by_name(n).unwrap()).collect();
        let mut game = Game::new(setup.clone(), 1000 + seed).unwrap();
        let report = play_game(&mut game, &board, &mut bots, Limits::turns(400), |_| {}).unwrap();
        if report.winner.is_some_and(|w| names[w.index()] == "general") {
            wins += 1;
        }
    }
    assert!(wins * 10 >= games * 8, "the general won {wins} of {games}");
}

/// Issue 14's reproduction: with bases empty at the start, the first player took the second's
/// base on turn 1 (`--seed 5` ended there). Safe bases (RULINGS §8) keep every base out of a
/// first turn's reach, so no seat can win before each has played a turn.
#[test]
fn nobody_wins_on_their_first_turn() {
    let out = sim(&["--players", "2", "--ai", "general,random", "--seed", "5"]);
    assert!(out["turns"].as_u64().unwrap() > 2, "{out}");
    let map = GameMap::load(&andorra_dir()).unwrap();
    let board = omms::sim::board_for(&map);
    let setup = omms::sim::setup_for("Andorra", map.meta().scale, 2);
    for seed in 0..24 {
        let names = ["hard", "normal", "easy", "random"];
        let pair = [names[seed as usize % 4], names[(seed as usize + 1) % 4]];
        let mut bots: Vec<Box<dyn Bot>> = pair.iter().map(|n| bot_by_name(n).unwrap()).collect();
        let mut game = Game::new(setup.clone(), seed).unwrap();
        let report = play_game(&mut game, &board, &mut bots, Limits::turns(2), |_| {}).unwrap();
        assert_eq!(
            report.winner, None,
            "seed {seed}: {pair:?} won in its first turn"
        );
    }
}

/// Benchmarks (`tools/bench-ai-games --baseline`) set two builds side by side; each names the
/// commit it was built from, so a stale copy of another branch's build shows.
#[test]
fn the_version_line_names_the_commit_the_binary_was_built_from() {
    let out = omms(&["--version"]);
    assert!(out.status.success());
    let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(
        line.starts_with(&format!("omms {}", env!("CARGO_PKG_VERSION"))),
        "{line}"
    );
    let head = Command::new("git")
        .args(["rev-parse", "--short=10", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output();
    match head {
        Ok(h) if h.status.success() => {
            let commit = String::from_utf8_lossy(&h.stdout).trim().to_string();
            assert!(
                line.contains(&format!("({commit}")),
                "{line} (HEAD {commit})"
            );
        }
        _ => eprintln!("skipped the commit: not built from a git checkout ({line})"),
    }
}
