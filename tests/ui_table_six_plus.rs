//! The 6+ table screen as a player sees it (issue 11): `omms battle --play` under a virtual X
//! server, hot seat, with chance cards on. Before a charge and before a shot the hover box must
//! show the engine's own exact hits (worked out here with `charge_preview` and `shot_preview`),
//! the drawn card heads the panel, and the screenshots are kept for a person to look at
//! (`OMMS_KEEP_SHOTS=DIR`; the ones in docs/ are these).

use std::path::Path;
use std::time::Duration;

use omms::cli::battle::{battlefield, BattleArgs};
use omms::tactical::force::parse_elements;
use omms::tactical::six_plus::cards::Card;
use omms::tactical::six_plus::check::{charge_preview, shot_preview, CHARGE_TURN};
use omms::tactical::six_plus::execute::execute;
use omms::tactical::six_plus::geom::turn;
use omms::tactical::six_plus::state::Kind;
use omms::tactical::six_plus::{forces, SixCommand, SixPlus};
use omms::tactical::table::{compass_bearing, TablePoint};
use omms::tactical::{Forces, RuleOptions, Ruleset, RulesetId, Side};

mod common;
use common::display::{have_xvfb, run_with_timeout, under_xvfb};

fn at(p: TablePoint) -> String {
    format!("{:.5} {:.5}", p[0] / 25.4, p[1] / 25.4)
}

#[test]
fn hovering_shows_the_engines_exact_hits_before_a_charge_and_a_shot() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (attacker, defender) = (
        "2*infantry,cavalry,skirmishers,artillery",
        "infantry@house,infantry,cavalry,artillery",
    );
    let side = |s| parse_elements(s, forces::TROOPS).unwrap();
    let forces = Forces {
        attacker: side(attacker),
        defender: side(defender),
        options: RuleOptions::parse("chance-cards=on").unwrap(),
    };
    let mut args = BattleArgs {
        map: root.join("maps/andorra"),
        at: "Encamp".into(),
        ruleset: RulesetId::new("six-plus").unwrap(),
        forces: forces.clone(),
        fortified: false,
        from_bearing: 180.0,
        seed: 0,
    };
    let field = battlefield(&args).unwrap();
    // The charge the cavalry could make from where a seed deploys it (deployment is seeded).
    let charge_from = |s: &omms::tactical::six_plus::SixState| {
        let cav = s
            .living()
            .find(|u| u.side == Side::Attacker && u.kind == Kind::Cavalry)
            .unwrap()
            .clone();
        s.living()
            .filter(|t| t.side == Side::Defender)
            .find_map(|t| {
                let facing = cav.facing
                    + turn(cav.facing, compass_bearing(cav.at, t.at))
                        .clamp(-CHARGE_TURN, CHARGE_TURN);
                charge_preview(&field, s, cav.id, t.id, facing)
                    .ok()
                    .map(|p| (t.clone(), p))
            })
            .map(|tc| (cav, tc))
    };
    // A shot some attacker could take (after the cavalry's part ends without moving).
    let shot_from = |s: &omms::tactical::six_plus::SixState| {
        s.living()
            .filter(|u| u.side == Side::Attacker)
            .find_map(|u| {
                s.living()
                    .filter(|t| t.side == Side::Defender)
                    .find_map(|t| {
                        shot_preview(&field, s, u.id, t.id)
                            .ok()
                            .map(|p| (u.at, t.at, p))
                    })
            })
    };
    // A seed whose first card is Fresh horses (the charge's hits on screen include its two)
    // and whose deployment leaves the cavalry a charge.
    args.seed = (0..400)
        .find(|&seed| {
            let s = SixPlus.setup(&field, &forces, seed);
            let mut after = s.clone();
            s.card().map(|c| c.1) == Some(Card::FreshHorses)
                && charge_from(&s).is_some()
                && execute(&field, &mut after, &SixCommand::EndMove).is_ok()
                && shot_from(&after).is_some()
        })
        .expect("some seed deals Fresh horses first, with a charge and a shot from the deployment");
    let mut s = SixPlus.setup(&field, &forces, args.seed);
    let (cav, (target, charge)) = charge_from(&s).unwrap();
    execute(&field, &mut s, &SixCommand::EndMove).unwrap();
    let (shooter, aim, shot) = shot_from(&s).expect("someone can shoot after moving nothing");
    let charge_words = format!("{} hits: {}/12", charge.hits, charge.tally);
    let shot_words = format!("{} hits: {}/12", shot.hits, shot.tally);
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let script = format!(
        "wait 2
table {cav}
table-hover {target}
wait 2
expect-tip {charge_words}
expect-tip Fresh horses: 2 hits more
shot table-six-plus-charge
button Deselect
button End move
wait 1
table {shooter}
table-hover {aim}
wait 2
expect-tip {shot_words}
shot table-six-plus-shot
",
        cav = at(cav.at),
        target = at(target.at),
        shooter = at(shooter),
        aim = at(aim),
    );
    let script_path = t.join("play.txt");
    std::fs::write(&script_path, script).unwrap();
    let seed = args.seed.to_string();
    let out = run_with_timeout(
        under_xvfb()
            .args(["battle", "--map"])
            .arg(&args.map)
            .args([
                "--ruleset",
                "six-plus",
                "--at",
                "Encamp",
                "--attacker",
                attacker,
            ])
            .args(["--defender", defender, "--seed", &seed])
            .args([
                "--option",
                "chance-cards=on",
                "--play",
                "--ai",
                "none",
                "--script",
            ])
            .arg(&script_path)
            .arg("--screenshot-dir")
            .arg(t),
        Duration::from_secs(120),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    for name in ["table-six-plus-charge", "table-six-plus-shot"] {
        let png = t.join(format!("{name}.png"));
        assert!(png.exists(), "{name} was not saved");
        if let Some(keep) = std::env::var_os("OMMS_KEEP_SHOTS") {
            std::fs::copy(&png, Path::new(&keep).join(format!("{name}.png"))).unwrap();
        }
    }
}
