//! Running the real binary's window under a virtual X server.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Whether `xvfb-run` is installed (CI installs it; a developer machine may not have it). When
/// it is not, the caller skips its test, except under `OMMS_REQUIRE_ENV=1` (set by `.ci/run`),
/// where a missing Xvfb fails the test instead of letting a broken machine read as green.
pub fn have_xvfb() -> bool {
    let ok = Command::new("xvfb-run")
        .arg("--help")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    if !ok {
        super::prereq::missing("xvfb-run is not installed (apt-get install xvfb)");
    }
    ok
}

/// `omms ARGS` under `xvfb-run` with a 1280×800 screen, not yet run.
pub fn under_xvfb() -> Command {
    let mut cmd = Command::new("xvfb-run");
    cmd.args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_omms"));
    cmd
}

/// Run the command, killing it if its window never closes.
pub fn run_with_timeout(cmd: &mut Command, limit: Duration) -> std::process::Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("the window did not close within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    child.wait_with_output().unwrap()
}

/// Play `script` (the text of a UI script) in the real game window on the map package `map`,
/// with `dir` as the working folder, screenshots into `shots` (if given) and saves in `saves`;
/// the run must end cleanly within `limit`. Returns what the program printed on stderr.
pub fn play_script(
    map: &std::path::Path,
    dir: &std::path::Path,
    shots: Option<&std::path::Path>,
    saves: &std::path::Path,
    script: &str,
    limit: Duration,
) -> String {
    play_script_in(map, dir, shots, saves, script, limit, [1280, 800])
}

/// [`play_script`] in a game window of `window` pixels.
pub fn play_script_in(
    map: &std::path::Path,
    dir: &std::path::Path,
    shots: Option<&std::path::Path>,
    saves: &std::path::Path,
    script: &str,
    limit: Duration,
    window: [u32; 2],
) -> String {
    let path = dir.join("script.txt");
    std::fs::write(&path, script).unwrap();
    let mut cmd = Command::new("xvfb-run");
    cmd.args(["-a", "-s", "-screen 0 1400x900x24"])
        .arg(env!("CARGO_BIN_EXE_omms"))
        .arg("--window")
        .arg(format!("{}x{}", window[0], window[1]));
    cmd.arg("--map").arg(map).arg("--script").arg(&path);
    if let Some(shots) = shots {
        cmd.arg("--screenshot-dir").arg(shots);
    }
    cmd.arg("--saves").arg(saves).current_dir(dir);
    let out = run_with_timeout(&mut cmd, limit);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "omms --script failed: {stderr}");
    stderr
}

/// Put `save` (a save file's text) in a fresh saves folder as `NAME.json`, with `files` beside
/// it (e.g. `settings.toml`), load it from the menu in a `window`-sized game window, play
/// `body`, and return the game the UI then saved (`after.json`'s text) with the working folder
/// (the saves are in `saves/`). Each of `shots` must have been written; with `OMMS_SHOTS` set
/// (e.g. to `docs/`) they are copied there too.
#[allow(clippy::too_many_arguments)]
pub fn play_loaded(
    map: &std::path::Path,
    name: &str,
    save: &str,
    files: &[(&str, &str)],
    body: &str,
    shots: &[&str],
    window: [u32; 2],
    limit: Duration,
) -> (tempfile::TempDir, String) {
    let tmp = tempfile::tempdir().unwrap();
    let saves = tmp.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    std::fs::write(saves.join(format!("{name}.json")), save).unwrap();
    for (file, text) in files {
        std::fs::write(saves.join(file), text).unwrap();
    }
    let script = format!(
        "wait 2\nbutton Load game\nwait 1\nbutton {name}\nwait 3\n{body}\nsave after.json\n"
    );
    play_script_in(
        map,
        tmp.path(),
        Some(tmp.path()),
        &saves,
        &script,
        limit,
        window,
    );
    keep_shots(tmp.path(), shots);
    let after = std::fs::read_to_string(tmp.path().join("after.json")).unwrap();
    (tmp, after)
}

/// Check that each of `shots` was written into `dir`, and copy them to `OMMS_SHOTS` if set.
pub fn keep_shots(dir: &std::path::Path, shots: &[&str]) {
    for shot in shots {
        let png = dir.join(format!("{shot}.png"));
        assert!(
            std::fs::metadata(&png).is_ok_and(|m| m.len() > 10_000),
            "{shot}.png was not written"
        );
        if let Some(out) = std::env::var_os("OMMS_SHOTS").map(std::path::PathBuf::from) {
            std::fs::copy(&png, out.join(format!("{shot}.png"))).unwrap();
        }
    }
}

/// Each command of a game by its kind ("move", "end_main", …), as its saved log names it.
pub fn command_kinds(game: &omms::rules::Game) -> Vec<String> {
    game.commands()
        .iter()
        .map(|c| {
            serde_json::to_value(c).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}
