//! The OMOG order buttons played through the table screen's window, as a person would: a
//! trooper dismounts where he stands and another faces a point, each picked with its button,
//! hovered (the engine's verdict drawn) and clicked. The saved log holds the engine's commands.

use std::path::Path;
use std::time::Duration;

use omms::cli::battle::{battlefield, parse_force, BattleArgs};
use omms::tactical::omog19c::tables::Mount;
use omms::tactical::omog19c::{Omog19c, OmogCommand};
use omms::tactical::table::{inches, TablePoint};
use omms::tactical::{Forces, Ruleset, RulesetId, Side};

mod common;
use common::display::{have_xvfb, run_with_timeout, under_xvfb};

fn at(p: TablePoint) -> String {
    format!("{:.5} {:.5}", p[0] / 25.4, p[1] / 25.4)
}

#[test]
fn troopers_dismount_and_face_from_the_order_buttons() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let forces = Forces {
        attacker: parse_force("scout:2", &Omog19c).unwrap().0,
        defender: parse_force("guard:1:1", &Omog19c).unwrap().0,
        ..Default::default()
    };
    let args = BattleArgs {
        map: root.join("maps/andorra"),
        at: "Encamp".into(),
        ruleset: RulesetId::new("omog19c").unwrap(),
        forces: forces.clone(),
        fortified: false,
        from_bearing: 180.0,
        seed: 1,
    };
    let field = battlefield(&args).unwrap();
    let s = Omog19c.setup(&field, &forces, 1);
    let riders: Vec<_> = s
        .living(Side::Attacker)
        .filter(|f| f.mount() == Mount::Horse)
        .collect();
    let (a, b) = (riders[0].pos(), riders[1].pos());
    let east = [b[0] + inches(6.0), b[1]];
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let after = t.join("after.json");
    let script = format!(
        "wait 2
table {a}              # pick a trooper
wait 1
button Dismount
wait 1
table-hover {a}
wait 1
shot dismount
table {a}              # he gets down where he stands
table {b}              # another trooper
wait 1
button Face
table-hover {east}
wait 1
shot face
expect-on-screen
table {east}           # he turns east
save {after}
",
        a = at(a),
        b = at(b),
        east = at(east),
        after = after.display(),
    );
    let script_path = t.join("orders.txt");
    std::fs::write(&script_path, script).unwrap();
    let out = run_with_timeout(
        under_xvfb()
            .args(["battle", "--map"])
            .arg(&args.map)
            .args(["--at", "Encamp", "--attacker", "scout:2"])
            .args(["--defender", "guard:1:1", "--seed", "1", "--play"])
            .args(["--ai", "defender", "--script"])
            .arg(&script_path)
            .arg("--screenshot-dir")
            .arg(t),
        Duration::from_secs(120),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "omms battle --play failed: {stderr}");
    for shot in ["dismount", "face"] {
        let png = t.join(format!("{shot}.png"));
        let len = std::fs::metadata(&png).map(|m| m.len()).unwrap_or(0);
        assert!(len > 10_000, "{} is missing or empty", png.display());
        // OMMS_SHOTS=docs keeps them, relative to the project as README's pictures are.
        if let Some(dir) = std::env::var_os("OMMS_SHOTS") {
            let keep = root.join(dir).join(format!("table-orders-{shot}.png"));
            std::fs::copy(&png, keep).unwrap();
        }
    }
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&after).unwrap()).unwrap();
    let commands: Vec<OmogCommand> = serde_json::from_value(saved["commands"].clone()).unwrap();
    assert!(
        matches!(
            commands.as_slice(),
            [OmogCommand::Remount { figure: x, .. }, OmogCommand::Face { figure: y, .. }]
                if *x == riders[0].id() && *y == riders[1].id()
        ),
        "{commands:?}"
    );
}
