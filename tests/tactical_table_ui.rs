//! The tactical table screen played through its window, as a person would: `omms battle --play`
//! runs under a virtual X server with a script that selects a rifleman, moves him, fires the
//! fieldpiece at the defenders, then hands the side to the bot, which fights the battle out
//! against the bot defending. The printed JSON and the saved command log are then checked with
//! the engine's own functions.

use std::path::Path;
use std::time::Duration;

use omms::cli::battle::{battlefield, parse_force, BattleArgs};
use omms::tactical::omog19c::ai::{choose, furthest_towards, gun_candidates};
use omms::tactical::omog19c::engine::{actor, execute};
use omms::tactical::omog19c::state::Role;
use omms::tactical::omog19c::{Omog19c, OmogCommand, OmogState};
use omms::tactical::table::{compass_bearing, distance, inches, TablePoint};
use omms::tactical::{BotLevel, Forces, Ruleset, RulesetId, Side};

mod common;
use common::display::{have_xvfb, run_with_timeout, under_xvfb};

const SEED: u64 = 1;

fn at(p: TablePoint) -> String {
    format!("{:.5} {:.5}", p[0] / 25.4, p[1] / 25.4)
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_battle_played_through_the_table_screen_reaches_the_engine_and_replays() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let forces = Forces {
        attacker: parse_force("tank:2", &Omog19c).unwrap().0,
        defender: parse_force("guard:2:1", &Omog19c).unwrap().0,
        ..Default::default()
    };
    let args = BattleArgs {
        map: root.join("maps/andorra"),
        at: "Ordino".into(),
        ruleset: RulesetId::new("omog19c").unwrap(),
        forces: forces.clone(),
        fortified: false,
        from_bearing: 180.0,
        seed: SEED,
    };
    let field = battlefield(&args).unwrap();
    // Work out, with the engine, what the script will click: a rifleman 2″ towards the
    // objective, then (after the bot has moved the defenders) a shell at a defender.
    let mut s: OmogState = Omog19c.setup(&field, &forces, SEED);
    let man = s
        .living(Side::Attacker)
        .find(|f| f.role() == Role::Soldier)
        .unwrap()
        .clone();
    let bearing = compass_bearing(man.pos(), field.objective);
    let dest = furthest_towards(&field, &s, &man, bearing, inches(2.0), false).unwrap();
    assert!(
        (distance(man.pos(), dest) - inches(2.0)).abs() < 1e-6,
        "not a clear 2″ move"
    );
    for cmd in [
        OmogCommand::Move {
            figure: man.id(),
            path: vec![man.pos(), dest],
            charge: false,
        },
        OmogCommand::EndMove,
    ] {
        execute(&field, &mut s, &cmd).unwrap();
    }
    let mut rng = omms::tactical::drive::bot_rng(SEED);
    while actor(&s) == Some(Side::Defender) {
        let cmd = choose(BotLevel::Captain, &field, &s, &mut rng).unwrap();
        execute(&field, &mut s, &cmd).unwrap();
    }
    let Some(OmogCommand::FireGun { team, at: aim }) = gun_candidates(&field, &s, Side::Attacker)
        .into_iter()
        .next()
    else {
        panic!("the fieldpiece has nothing to fire at");
    };
    let gun = s.gun(team).unwrap().pos();

    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let script = format!(
        "wait 2
table {man}            # select the rifleman
table-hover {dest}
wait 1
shot select
table {dest}           # and send him 2 inches on
save {moved}
button End move
wait 1
button Skip            # the bot defends: it moves at once
table {gun}            # the gun's team
table-hover {aim}
wait 1
shot aim
table {aim}            # fire
wait 3
shot template
save {fired}
button AI plays        # the bot takes the attack over
wait 1
button Faster
wait 30                # it fires on, a command every few frames
shot faster
button Skip            # and fights the battle out
wait 1
shot over
save {end}
button Done
",
        man = at(man.pos()),
        dest = at(dest),
        gun = at(gun),
        aim = at(aim),
        moved = t.join("moved.json").display(),
        fired = t.join("fired.json").display(),
        end = t.join("end.json").display(),
    );
    let script_path = t.join("play.txt");
    std::fs::write(&script_path, script).unwrap();
    let out = run_with_timeout(
        under_xvfb()
            .args(["battle", "--map"])
            .arg(&args.map)
            .args(["--at", "Ordino", "--attacker", "tank:2"])
            .args(["--defender", "guard:2:1", "--seed", "1", "--play"])
            .args(["--ai", "defender", "--script"])
            .arg(&script_path)
            .arg("--screenshot-dir")
            .arg(t),
        Duration::from_secs(240),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "omms battle --play failed: {stderr}");
    for shot in ["select", "aim", "template", "faster", "over"] {
        let png = t.join(format!("{shot}.png"));
        let len = std::fs::metadata(&png).map(|m| m.len()).unwrap_or(0);
        assert!(len > 10_000, "{} is missing or empty", png.display());
    }

    // The rifleman stands where he was sent, by the first command.
    let moved = json(&t.join("moved.json"));
    let pos = &moved["state"]["roster"]["figures"][man.id().0 as usize]["pos"];
    let pos = [pos[0].as_f64().unwrap(), pos[1].as_f64().unwrap()];
    assert!(distance(pos, dest) < 0.01, "{pos:?} is not {dest:?}");
    assert_eq!(moved["commands"].as_array().unwrap().len(), 1);
    assert_eq!(moved["commands"][0]["command"], "move");
    // The gun fired where it was aimed.
    let fired = json(&t.join("fired.json"));
    let last = fired["commands"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last["command"], "fire_gun", "{last}");
    let gun = fired["state"]["guns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["team"] == team.0)
        .unwrap();
    assert!(gun["shells"].as_u64() < Some(3));

    // The battle ended; the printed line is `--auto`'s report, and the saved log replays to it.
    let stdout = String::from_utf8(out.stdout).unwrap();
    let report: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    let end = json(&t.join("end.json"));
    let commands: Vec<OmogCommand> = serde_json::from_value(end["commands"].clone()).unwrap();
    assert_eq!(report["commands"].as_u64(), Some(commands.len() as u64));
    assert_eq!(report["place"], "Ordino");
    let mut replay = Omog19c.setup(&field, &forces, SEED);
    for c in &commands {
        Omog19c.execute(&field, &mut replay, c).unwrap();
    }
    let outcome = serde_json::to_value(Omog19c.outcome(&replay).expect("over")).unwrap();
    assert_eq!(report["outcome"], outcome);
    assert_eq!(end["outcome"], outcome);
    assert_eq!(report["turns"].as_u64(), Some(u64::from(replay.turn())));
    assert_eq!(
        report["attacker_losses"].as_u64(),
        Some(u64::from(replay.losses()[0]))
    );
    assert_eq!(
        report["defender_losses"].as_u64(),
        Some(u64::from(replay.losses()[1]))
    );
}
