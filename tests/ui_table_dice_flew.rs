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

/// The guns and patrols game: you defend Encamp with an off-table medium battery.
const GUNS_DEFENDER: &str = "foot@house,2*foot,hmg,medium-battery";

/// Run the bot (and push on when one of yours is fired on) until the defender may act freely
/// again, writing the script's Skip and Push on steps.
fn until_yours(
    field: &omms::tactical::Battlefield,
    s: &mut DfState,
    rng: &mut rand_chacha::ChaCha8Rng,
    script: &mut String,
    log: &mut Vec<DfCommand>,
) {
    let mut bot_waiting = false;
    while let Some(side) = DiceFlew.actor(s) {
        let c = if side == Side::Attacker {
            bot_waiting = true;
            omms::tactical::bot::choose(&DiceFlew, BotLevel::Captain, field, s, rng).unwrap()
        } else if matches!(s.pending(), Some(Pending::React { .. })) {
            if bot_waiting {
                script.push_str("button Skip\nwait 2\n");
                bot_waiting = false;
            }
            script.push_str("button Push on\nwait 1\n");
            DfCommand::PushOn
        } else {
            break;
        };
        DiceFlew.execute(field, s, &c).unwrap();
        log.push(c);
    }
    if bot_waiting {
        script.push_str("button Skip\nwait 2\n");
    }
}

/// A place `patrol` may legally walk to that leaves it beyond half a move of its company once
/// the move (and any fire into it) is over.
fn far_walk(
    field: &omms::tactical::Battlefield,
    s: &DfState,
    patrol: omms::tactical::dice_flew::unit::UnitId,
) -> [f64; 2] {
    use omms::tactical::dice_flew::check::check_move;
    use omms::tactical::table::{inches, step};
    let p = s.unit(patrol).unwrap();
    for reach in [11.0, 10.0, 9.0, 8.0] {
        for k in 0..16 {
            let to = step(p.at, 22.5 * k as f64, inches(reach));
            if check_move(field, s, Side::Defender, patrol, to).is_ok() {
                let mut t = s.clone();
                DiceFlew
                    .execute(field, &mut t, &DfCommand::Move { unit: patrol, to })
                    .unwrap();
                if t.pending().is_none() && t.with_company(patrol) == Some(false) {
                    return to;
                }
            }
        }
    }
    panic!("the patrol has nowhere to go beyond half a move");
}

/// The guns-and-patrols script and the commands it gives: a fire plan for turn 2 written on a
/// place by a click; in your first part, the observer's call on the enemy he sees (and the
/// battery's refusal to fire twice); a patrol of four sent out and walked beyond half a move
/// (and its refusal to rejoin from there); a patrol of one sent out and taken back at once; then
/// play on to your part of turn 2, where the plan's shells fall.
fn guns_plan(
    field: &omms::tactical::Battlefield,
    forces: &Forces,
    seed: u64,
) -> Option<(String, Vec<DfCommand>, [u16; 2])> {
    use omms::tactical::dice_flew::artillery::{observed_target, BatteryId, PlannedShot};
    let mut s: DfState = DiceFlew.setup(field, forces, seed);
    let mut rng = bot_rng(seed);
    let mut script = String::from("wait 3\n");
    let mut log = Vec::new();
    let run = |s: &mut DfState, c: DfCommand, log: &mut Vec<DfCommand>| {
        DiceFlew.execute(field, s, &c).unwrap();
        log.push(c);
    };
    let battery = BatteryId(0);
    assert_eq!(s.battery(battery).unwrap().side, Side::Defender);
    let obs = s.battery(battery).unwrap().observer.unwrap();
    let mut patrols = [0, 0];
    let mut done_part = false;
    for _ in 0..400 {
        until_yours(field, &mut s, &mut rng, &mut script, &mut log);
        if matches!(s.pending(), Some(Pending::Interrupt { .. })) {
            script.push_str("button Hold fire\nwait 1\n");
            run(&mut s, DfCommand::Pass, &mut log);
            continue;
        }
        match s.phase() {
            Phase::Orders(_) => {
                // The place nearest the enemy's companies: the shells wait for them there.
                let foe = s.living(Side::Attacker).next().unwrap().at;
                let feature = (0..s.features().len())
                    .min_by(|a, b| {
                        let d =
                            |k: &usize| omms::tactical::table::distance(s.features()[*k].at, foe);
                        d(a).total_cmp(&d(b))
                    })
                    .unwrap() as u16;
                let place = at(s.features()[feature as usize].at);
                script.push_str(&format!(
                    "button Fire plan\nwait 1\nbutton Plan turn\nwait 1\ntable-hover {place}\nwait 2\n\
                     expect-tip Click: shell it in turn 2\ntable {place}\nwait 2\nshot plan\n\
                     button Orders done\nwait 1\n"
                ));
                let shot = PlannedShot { turn: 2, feature };
                run(&mut s, DfCommand::PlanFire { battery, shot }, &mut log);
                run(&mut s, DfCommand::OrdersDone, &mut log);
            }
            Phase::Initiative(_) => {
                script.push_str("button Go first\nwait 1\n");
                run(&mut s, DfCommand::GoFirst { first: true }, &mut log);
            }
            Phase::Move(Side::Defender) if s.turn() == 2 && done_part => {
                // The plan's shells fell as the part began: enough seen.
                return Some((script, log, patrols));
            }
            Phase::Move(Side::Defender) if !done_part => {
                done_part = true;
                let o = s.unit(obs).unwrap().clone();
                let target = observed_target(field, &s, &o)?;
                let t = at(s.unit(target).unwrap().at);
                script.push_str(&format!(
                    "button Call fire\nwait 1\ntable-hover {t}\nwait 2\nexpect-tip Legal: 2+\n\
                     shot call\ntable {t}\nwait 2\nhover 1000 650\nwait 1\nshot artillery\nhover-button Call fire\nwait 1\n\
                     expect-tip has already fired this turn\n"
                ));
                run(&mut s, DfCommand::CallFire { battery, target }, &mut log);
                let rifles: Vec<_> = s
                    .living(Side::Defender)
                    .filter(|u| u.kind == Kind::Rifles && !u.pinned)
                    .map(|u| u.id)
                    .collect();
                let (a, b) = (rifles[0], rifles[1]);
                // Four men out, walked off beyond half a move: a company of their own, which
                // may not rejoin from there.
                let p = omms::tactical::dice_flew::unit::UnitId(s.units().len() as u16);
                script.push_str(&format!(
                    "table {}\nwait 1\nbutton Detach\nwait 1\n",
                    at(s.unit(a).unwrap().at)
                ));
                run(&mut s, DfCommand::Detach { unit: a, men: 4 }, &mut log);
                let to = far_walk(field, &s, p);
                script.push_str(&format!(
                    "table {}\nwait 1\ntable {}\nwait 2\n",
                    at(s.unit(p).unwrap().at),
                    at(to)
                ));
                run(&mut s, DfCommand::Move { unit: p, to }, &mut log);
                script.push_str(&format!(
                    "table {}\nwait 1\nhover 1000 650\nwait 1\nshot patrol\nhover-button Rejoin\nwait 1\n\
                     expect-tip rejoins only within half a move\n",
                    at(s.unit(p).unwrap().at)
                ));
                // One man out and straight back.
                let q = omms::tactical::dice_flew::unit::UnitId(s.units().len() as u16);
                script.push_str(&format!(
                    "table {}\nwait 1\nbutton Patrol size\nwait 1\nbutton Detach\nwait 1\n",
                    at(s.unit(b).unwrap().at)
                ));
                run(&mut s, DfCommand::Detach { unit: b, men: 1 }, &mut log);
                script.push_str(&format!(
                    "table {}\nwait 1\nbutton Rejoin\nwait 1\nbutton End move\nwait 1\n",
                    at(s.unit(q).unwrap().at)
                ));
                run(&mut s, DfCommand::Rejoin { patrol: q }, &mut log);
                run(&mut s, DfCommand::Done, &mut log);
                patrols = [p.0, q.0];
            }
            Phase::Move(_) => {
                script.push_str("button End move\nwait 1\n");
                run(&mut s, DfCommand::Done, &mut log);
            }
            Phase::Fire(_) => {
                script.push_str("button End fire\nwait 1\n");
                run(&mut s, DfCommand::Done, &mut log);
            }
            Phase::Over => panic!("the battle ended before the plan fired"),
        }
    }
    panic!("never came to turn 2");
}

#[test]
fn you_plan_fire_call_the_guns_and_send_out_and_take_back_patrols_by_clicks() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let forces = Forces {
        attacker: parse_force(ATTACKER, &DiceFlew).unwrap().0,
        defender: parse_force(GUNS_DEFENDER, &DiceFlew).unwrap().0,
        ..Default::default()
    };
    // Deployment (seeded) and the enemy's bearing decide whether the observer sees an enemy in
    // your first part: the first bearing and seed where he does.
    let field_from = |bearing: f64| {
        battlefield(&BattleArgs {
            map: root.join("maps/andorra"),
            at: "Encamp".into(),
            ruleset: RulesetId::new("dice-flew").unwrap(),
            forces: forces.clone(),
            fortified: false,
            from_bearing: bearing,
            seed: SEED,
        })
        .unwrap()
    };
    let (bearing, seed, (mut script, expected, patrols)) =
        [180.0, 0.0, 90.0, 270.0, 135.0, 225.0, 45.0, 315.0]
            .into_iter()
            .find_map(|bearing| {
                let field = field_from(bearing);
                (1..8).find_map(|seed| guns_plan(&field, &forces, seed).map(|p| (bearing, seed, p)))
            })
            .expect("some bearing and seed let the observer see an enemy in the first part");
    let bearing = bearing.to_string();
    let seed = seed.to_string();
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    // At 1.25 in the table's window (1280×680, smaller than a 1366×768 laptop): nothing off it.
    std::fs::create_dir_all(t.join("saves")).unwrap();
    std::fs::write(t.join("saves/settings.toml"), "ui_scale = 1.25\n").unwrap();
    script.push_str(&format!(
        "hover 1000 650\nwait 1\nshot shells\nexpect-on-screen\nsave {}\nbutton AI plays\nwait 1\nbutton Skip\nwait 2\nbutton Done\n",
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
            .args(["--attacker", ATTACKER, "--defender", GUNS_DEFENDER])
            .args([
                "--from-bearing",
                bearing.as_str(),
                "--seed",
                seed.as_str(),
                "--play",
            ])
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
    keep_shots(t, &["plan", "call", "artillery", "patrol", "shells"]);

    // The clicks gave exactly the commands worked out with the engine, each of the new kinds
    // among them; the refused Rejoin and second call gave none.
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(t.join("guns.json")).unwrap()).unwrap();
    let commands: Vec<DfCommand> = serde_json::from_value(saved["commands"].clone()).unwrap();
    assert_eq!(commands.len(), expected.len(), "{commands:?}");
    for (got, want) in commands.iter().zip(&expected) {
        match (got, want) {
            // A click lands on a screen pixel: the patrol's walk ends within a millimetre of the
            // point worked out.
            (DfCommand::Move { unit: a, to: p }, DfCommand::Move { unit: b, to: q }) => {
                assert_eq!(a, b);
                assert!(omms::tactical::table::distance(*p, *q) < 1.0, "{p:?} {q:?}");
            }
            _ => assert_eq!(got, want),
        }
    }
    for kind in ["plan_fire", "call_fire", "detach", "rejoin"] {
        let n = serde_json::to_value(&commands)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["cmd"] == kind)
            .count();
        assert!(n >= 1, "no {kind} given");
    }
    // What the player then sees on the table: the plan kept, the far patrol out on its own with
    // its four men, the other back in its company.
    let state: DfState = serde_json::from_value(saved["state"].clone()).unwrap();
    let plan = &state.batteries()[0].plan;
    assert_eq!(plan.len(), 1);
    assert_eq!(plan[0].turn, 2);
    let far = omms::tactical::dice_flew::unit::UnitId(patrols[0]);
    let back = omms::tactical::dice_flew::unit::UnitId(patrols[1]);
    assert_eq!(state.with_company(far), Some(false));
    assert_eq!(state.unit(far).unwrap().strength(), 4);
    assert!(!state.unit(back).unwrap().alive());
    assert!(state.turn() >= 2);
}
