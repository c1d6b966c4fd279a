//! The Dice Flew's on-table guns, fire-plan changes and telephone lines on the table screen,
//! played through its window as a person would: you defend Encamp with a field battery and an
//! off-table battery. Before the battle you write the battery's plan for turn 2 by a click; in
//! your first part you strike that line out ("Replan bty 1", "Strike out"), pick the field
//! battery, press "Bombard" and click an enemy your side sees (the hover gives the engine's
//! verdict first), and read on your HQ's "Lay line" tooltip why it needs no line. The script is
//! worked out beforehand with the engine and the same bot, and the saved log is checked against
//! it.

use std::path::Path;
use std::time::Duration;

use omms::cli::battle::{battlefield, parse_force, BattleArgs};
use omms::tactical::dice_flew::artillery::{BatteryId, PlannedShot};
use omms::tactical::dice_flew::bombard::bombard_target;
use omms::tactical::dice_flew::state::{DfState, Pending, Phase};
use omms::tactical::dice_flew::unit::Kind;
use omms::tactical::dice_flew::{DfCommand, DiceFlew};
use omms::tactical::drive::bot_rng;
use omms::tactical::{BotLevel, Forces, Ruleset, RulesetId, Side};

mod common;
use common::display::{have_xvfb, keep_shots, run_with_timeout, under_xvfb};

const ATTACKER: &str = "3*foot,mg";
const DEFENDER: &str = "foot@house,2*foot,field-guns,medium-battery";

fn at(p: [f64; 2]) -> String {
    format!("{:.4} {:.4}", p[0] / 25.4, p[1] / 25.4)
}

/// The script and the commands it gives, or none when the defender's guns have nothing their
/// side sees to shell in its first part.
fn plan(
    field: &omms::tactical::Battlefield,
    forces: &Forces,
    seed: u64,
) -> Option<(String, Vec<DfCommand>)> {
    let mut s: DfState = DiceFlew.setup(field, forces, seed);
    let mut rng = bot_rng(seed);
    let mut script = String::from("wait 3\n");
    let mut log = Vec::new();
    let mut bot_waiting = false;
    let battery = BatteryId(0);
    for _ in 0..400 {
        let side = DiceFlew.actor(&s)?;
        let c = if side == Side::Attacker {
            bot_waiting = true;
            omms::tactical::bot::choose(&DiceFlew, BotLevel::Captain, field, &s, &mut rng).unwrap()
        } else {
            if bot_waiting {
                script.push_str("button Skip\nwait 2\n");
                bot_waiting = false;
            }
            match (s.phase(), s.pending()) {
                (_, Some(Pending::Interrupt { .. })) => {
                    script.push_str("button Hold fire\nwait 1\n");
                    DfCommand::Pass
                }
                (_, Some(Pending::React { .. })) => {
                    script.push_str("button Push on\nwait 1\n");
                    DfCommand::PushOn
                }
                (Phase::Orders(_), _) => {
                    let place = at(s.features()[0].at);
                    script.push_str(&format!(
                        "button Fire plan\nwait 1\nbutton Plan turn\nwait 1\ntable {place}\nwait 2\n\
                         button Orders done\nwait 1\n"
                    ));
                    let shot = PlannedShot {
                        turn: 2,
                        feature: 0,
                    };
                    let c = DfCommand::PlanFire { battery, shot };
                    DiceFlew.execute(field, &mut s, &c).unwrap();
                    log.push(c);
                    DfCommand::OrdersDone
                }
                (Phase::Initiative(_), _) => {
                    script.push_str("button Go first\nwait 1\n");
                    DfCommand::GoFirst { first: true }
                }
                (Phase::Move(Side::Defender), None) => {
                    let guns = s
                        .living(Side::Defender)
                        .find(|u| u.kind == Kind::FieldGuns)
                        .unwrap()
                        .clone();
                    let target = bombard_target(field, &s, &guns)?;
                    let t = at(s.unit(target).unwrap().at);
                    let hq = s
                        .living(Side::Defender)
                        .find(|u| u.kind == Kind::Hq)
                        .unwrap()
                        .at;
                    script.push_str(&format!(
                        "button Replan bty 1\nwait 1\nbutton Strike out\nwait 1\n\
                         table {}\nwait 1\nbutton Bombard\nwait 1\ntable-hover {t}\nwait 2\n\
                         expect-tip Legal: 20 points\nshot bombard-aim\ntable {t}\nwait 2\n\
                         table {}\nwait 1\nhover-button Lay line\nwait 1\n\
                         expect-tip on a line already\nhover 1000 650\nwait 1\nshot bombard\n",
                        at(guns.at),
                        at(hq)
                    ));
                    for c in [
                        DfCommand::ChangePlan {
                            battery,
                            turn: 2,
                            feature: None,
                        },
                        DfCommand::Bombard {
                            unit: guns.id,
                            target,
                        },
                    ] {
                        DiceFlew.execute(field, &mut s, &c).unwrap();
                        log.push(c);
                    }
                    return Some((script, log));
                }
                _ => return None,
            }
        };
        DiceFlew.execute(field, &mut s, &c).unwrap();
        log.push(c);
    }
    None
}

#[test]
fn you_bombard_with_your_guns_and_strike_out_a_plan_line_by_clicks() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let forces = Forces {
        attacker: parse_force(ATTACKER, &DiceFlew).unwrap().0,
        defender: parse_force(DEFENDER, &DiceFlew).unwrap().0,
        ..Default::default()
    };
    let field_from = |bearing: f64| {
        battlefield(&BattleArgs {
            map: root.join("maps/andorra"),
            at: "Encamp".into(),
            ruleset: RulesetId::new("dice-flew").unwrap(),
            forces: forces.clone(),
            fortified: false,
            from_bearing: bearing,
            seed: 1,
        })
        .unwrap()
    };
    // Whether the guns' side sees an enemy in its first part depends on the ground and the
    // deployment: the first bearing and seed where it does.
    let (bearing, seed, (mut script, expected)) = [180.0, 0.0, 90.0, 270.0, 135.0, 225.0]
        .into_iter()
        .find_map(|bearing| {
            let field = field_from(bearing);
            (1..8).find_map(|seed| plan(&field, &forces, seed).map(|p| (bearing, seed, p)))
        })
        .expect("some bearing and seed give the guns a target in the first part");
    let (bearing, seed) = (bearing.to_string(), seed.to_string());
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    std::fs::create_dir_all(t.join("saves")).unwrap();
    std::fs::write(t.join("saves/settings.toml"), "ui_scale = 1.25\n").unwrap();
    script.push_str(&format!(
        "expect-on-screen\nsave {}\nbutton AI plays\nwait 1\nbutton Skip\nwait 2\nbutton Done\n",
        t.join("guns.json").display()
    ));
    let script_path = t.join("play.txt");
    std::fs::write(&script_path, &script).unwrap();
    let out = run_with_timeout(
        under_xvfb()
            .current_dir(t)
            .args(["battle", "--map"])
            .arg(root.join("maps/andorra"))
            .args(["--at", "Encamp", "--ruleset", "dice-flew"])
            .args(["--attacker", ATTACKER, "--defender", DEFENDER])
            .args(["--from-bearing", bearing.as_str(), "--seed", seed.as_str()])
            .args(["--play", "--ai", "attacker", "--script"])
            .arg(&script_path)
            .arg("--screenshot-dir")
            .arg(t),
        Duration::from_secs(240),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "omms battle --play failed: {stderr}\n{script}"
    );
    keep_shots(t, &["bombard-aim", "bombard"]);
    // The clicks gave exactly the commands worked out with the engine, the new ones among them;
    // the refused line gave none.
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(t.join("guns.json")).unwrap()).unwrap();
    let commands: Vec<DfCommand> = serde_json::from_value(saved["commands"].clone()).unwrap();
    assert_eq!(commands, expected);
    let state: DfState = serde_json::from_value(saved["state"].clone()).unwrap();
    let guns = state
        .living(Side::Defender)
        .find(|u| u.kind == Kind::FieldGuns)
        .unwrap();
    assert!(state.has_bombarded(guns.id), "the guns carry their mark");
    assert!(state.plan_tried(BatteryId(0)));
}
