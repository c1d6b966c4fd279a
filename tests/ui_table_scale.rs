//! The table screen honours the UI scale the Settings screen chose, as the game and setup screens
//! do: the same battle at 100% and at 125%, where a player sees the buttons (and the panel, its
//! text and the tokens with them) grow by a quarter, everything still inside the window, and a
//! click on a figure still selecting it.

use std::path::Path;
use std::time::Duration;

mod common;
use common::display::{have_xvfb, run_with_timeout, under_xvfb};

const SCRIPT: &str = "wait 2
button Skip              # the bot attacks first: it moves
wait 1
table 24.50 22.00        # Blue's rifleman #17, in the walled square
wait 2
expect-button Deselect
expect-on-screen
print-button Zoom +
print-button End move
";

/// The window rectangle of each button the script printed, by label.
fn buttons(stderr: &str) -> Vec<(String, [f32; 4])> {
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("button "))
        .filter_map(|l| {
            let parts: Vec<&str> = l.rsplitn(5, ' ').collect();
            let [h, w, y, x, label] = parts[..] else {
                return None;
            };
            let n = |s: &str| s.parse::<f32>().ok();
            Some((label.to_string(), [n(x)?, n(y)?, n(w)?, n(h)?]))
        })
        .collect()
}

fn play_at(root: &Path, scale: f32, shot: &str) -> Vec<(String, [f32; 4])> {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("saves")).unwrap();
    std::fs::write(
        tmp.path().join("saves/settings.toml"),
        format!("ui_scale = {scale}\n"),
    )
    .unwrap();
    let script = tmp.path().join("script.txt");
    std::fs::write(&script, format!("{SCRIPT}shot {shot}\n")).unwrap();
    let mut cmd = under_xvfb();
    cmd.current_dir(tmp.path())
        .args(["battle", "--map"])
        .arg(root.join("maps/andorra"))
        .args([
            "--at",
            "Encamp",
            "--attacker",
            "invader:3",
            "--defender",
            "guard:2:2:fort",
            "--seed",
            "1",
            "--ai",
            "attacker",
            "--play",
            "--script",
        ])
        .arg(&script)
        .arg("--screenshot-dir")
        .arg(tmp.path());
    let out = run_with_timeout(&mut cmd, Duration::from_secs(120));
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "omms battle --play failed: {stderr}");
    common::display::keep_shots(tmp.path(), &[shot]);
    buttons(&stderr)
}

#[test]
fn the_table_screen_grows_with_the_ui_scale_and_still_fits_and_answers_clicks() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let small = play_at(root, 1.0, "ui-table-100");
    let big = play_at(root, 1.25, "ui-table-125");
    for label in ["Zoom +", "End move"] {
        let find = |all: &[(String, [f32; 4])]| {
            all.iter()
                .find(|(l, _)| l == label)
                .map(|(_, r)| *r)
                .unwrap_or_else(|| panic!("{label} was not printed: {all:?}"))
        };
        let (a, b) = (find(&small), find(&big));
        // Heights grow with the scale; the panel's buttons share out its width, which is what
        // the table leaves, so only the zoom buttons keep their width in UI units too.
        let dims: &[usize] = if label == "Zoom +" { &[2, 3] } else { &[3] };
        for &k in dims {
            assert!(
                (b[k] / a[k] - 1.25).abs() < 0.02,
                "{label}: {a:?} at 100%, {b:?} at 125%"
            );
        }
    }
}
