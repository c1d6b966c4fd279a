//! The Dice Flew on the table screen, played through its window as a person would: you defend
//! Encamp against the bot. You rewrite a battalion's order on the table (its place, by "Next
//! place"), take the initiative, and when the bot's company walks into the sights of yours the
//! screen stops on "Shoot at this company now?"; you fire, then hand your side to the bot, which
//! fights the battle out. The script is worked out beforehand with the engine and the same bot,
//! and the saved log is checked against it and replayed.

use std::path::Path;
use std::time::Duration;

use omms::cli::battle::{battlefield, parse_force, BattleArgs};
use omms::tactical::dice_flew::state::{DfState, Pending, Phase};
use omms::tactical::dice_flew::unit::{Action, Kind, Order};
use omms::tactical::dice_flew::{DfCommand, DiceFlew};
use omms::tactical::drive::bot_rng;
use omms::tactical::{BotLevel, Forces, Ruleset, RulesetId, Side};

mod common;
use common::display::{have_xvfb, keep_shots, run_with_timeout, under_xvfb};

const SEED: u64 = 3;
const ATTACKER: &str = "3*foot,mg";
const DEFENDER: &str = "foot@house,2*foot,hmg";

fn at(p: [f64; 2]) -> String {
    format!("{:.4} {:.4}", p[0] / 25.4, p[1] / 25.4)
}

/// The script, the commands the human side gives in it, and the whole log up to the first
/// interrupting shot.
fn plan(field: &omms::tactical::Battlefield, forces: &Forces) -> (String, Vec<DfCommand>) {
    let mut s: DfState = DiceFlew.setup(field, forces, SEED);
    let mut rng = bot_rng(SEED);
    let mut script = String::from("wait 3\n");
    let mut log = Vec::new();
    let mut bot_waiting = false;
    let run = |s: &mut DfState, c: DfCommand, log: &mut Vec<DfCommand>| {
        DiceFlew.execute(field, s, &c).unwrap();
        log.push(c);
    };
    for _ in 0..400 {
        let side = DiceFlew
            .actor(&s)
            .expect("the battle ended before any shot");
        if side == Side::Attacker {
            let c = omms::tactical::bot::choose(&DiceFlew, BotLevel::Captain, field, &s, &mut rng)
                .unwrap();
            run(&mut s, c, &mut log);
            bot_waiting = true;
            continue;
        }
        if bot_waiting {
            script.push_str("button Skip\nwait 2\n");
            bot_waiting = false;
        }
        match (s.phase(), s.pending().cloned()) {
            (Phase::Orders(_), _) => {
                let company = s
                    .living(Side::Defender)
                    .find(|u| u.kind == Kind::Rifles && u.battalion.is_some())
                    .unwrap();
                let b = company.battalion.unwrap();
                let o = s.battalion(b).unwrap().order.unwrap();
                script.push_str(&format!(
                    "table {}\nwait 1\nbutton Next place\nwait 2\nshot orders\nbutton Orders done\nwait 1\n",
                    at(company.at)
                ));
                let order = Order {
                    feature: o.feature + 1,
                    ..o
                };
                assert_eq!(order.action, Action::Hold);
                run(
                    &mut s,
                    DfCommand::WriteOrder {
                        battalion: b,
                        order,
                    },
                    &mut log,
                );
                run(&mut s, DfCommand::OrdersDone, &mut log);
            }
            (Phase::Initiative(_), _) => {
                script.push_str("button Go first\nwait 1\n");
                run(&mut s, DfCommand::GoFirst { first: true }, &mut log);
            }
            (Phase::Move(Side::Attacker), Some(Pending::Interrupt { shooters, .. })) => {
                script.push_str("wait 2\nshot interrupt\nbutton Shoot:\nwait 2\nshot fired\n");
                run(
                    &mut s,
                    DfCommand::Shoot {
                        shooter: shooters[0],
                    },
                    &mut log,
                );
                return (script, log);
            }
            (Phase::Move(_), Some(Pending::React { .. })) => {
                script.push_str("button Push on\nwait 1\n");
                run(&mut s, DfCommand::PushOn, &mut log);
            }
            (Phase::Move(_), _) => {
                script.push_str("button End move\nwait 1\n");
                run(&mut s, DfCommand::Done, &mut log);
            }
            (Phase::Fire(_), _) => {
                script.push_str("button End fire\nwait 1\n");
                run(&mut s, DfCommand::Done, &mut log);
            }
            (Phase::Over, _) => unreachable!(),
        }
    }
    panic!("no company of yours was offered a shot");
}

#[test]
fn you_write_an_order_and_shoot_into_the_bots_move_at_the_prompt() {
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
    let args = BattleArgs {
        map: root.join("maps/andorra"),
        at: "Encamp".into(),
        ruleset: RulesetId::new("dice-flew").unwrap(),
        forces: forces.clone(),
        fortified: false,
        from_bearing: 180.0,
        seed: SEED,
    };
    let field = battlefield(&args).unwrap();
    let (mut script, expected) = plan(&field, &forces);
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    script.push_str(&format!(
        "save {}\nbutton Skip\nwait 2\nshot mid\nbutton AI plays\nwait 1\nbutton Skip\nwait 2\nshot over\nsave {}\nbutton Done\n",
        t.join("shot.json").display(),
        t.join("end.json").display()
    ));
    let script_path = t.join("play.txt");
    std::fs::write(&script_path, &script).unwrap();
    let out = run_with_timeout(
        under_xvfb()
            .args(["battle", "--map"])
            .arg(&args.map)
            .args(["--at", "Encamp", "--ruleset", "dice-flew"])
            .args(["--attacker", ATTACKER, "--defender", DEFENDER])
            .args(["--from-bearing", "180", "--seed", "3", "--play"])
            .args(["--ai", "attacker", "--script"])
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
    keep_shots(t, &["orders", "interrupt", "fired", "mid", "over"]);

    // Up to the shot, the screen gave exactly the commands worked out with the engine: the
    // order rewritten, and the interrupting shot taken by the company the prompt offered first.
    let read = |name: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(t.join(name)).unwrap()).unwrap()
    };
    let at_shot: Vec<DfCommand> =
        serde_json::from_value(read("shot.json")["commands"].clone()).unwrap();
    assert_eq!(at_shot, expected);
    assert!(matches!(at_shot.last(), Some(DfCommand::Shoot { .. })));
    assert!(at_shot
        .iter()
        .any(|c| matches!(c, DfCommand::WriteOrder { .. })));

    // The battle was fought out; the printed report is the saved log's replay.
    let end = read("end.json");
    let commands: Vec<DfCommand> = serde_json::from_value(end["commands"].clone()).unwrap();
    assert_eq!(commands[..expected.len()], expected[..]);
    let mut replay = DiceFlew.setup(&field, &forces, SEED);
    for c in &commands {
        DiceFlew.execute(&field, &mut replay, c).unwrap();
    }
    let outcome = DiceFlew.outcome(&replay).expect("over");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let report: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(report["outcome"], serde_json::to_value(outcome).unwrap());
    assert_eq!(report["commands"].as_u64(), Some(commands.len() as u64));
}
