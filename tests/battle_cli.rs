//! `omms battle`: a whole tactical battle headless, as JSON; the same seed gives the same
//! battle; bad input is refused with exit code 2.

use std::process::Command;

mod common;
use common::display::{have_xvfb, under_xvfb};

fn omms(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_omms"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap()
}

fn json(out: &std::process::Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

#[test]
fn an_auto_battle_at_encamp_prints_its_result_and_repeats_with_its_seed() {
    let args = [
        "battle",
        "--map",
        "maps/andorra",
        "--at",
        "Encamp",
        "--attacker",
        "invader:2",
        "--defender",
        "guard:2:1",
        "--auto",
        "--seed",
        "11",
    ];
    let a = json(&omms(&args));
    assert_eq!(a["ruleset"], "omog19c");
    assert_eq!(a["place"], "Encamp");
    assert_eq!(a["seed"], 11);
    assert!(
        ["attacker_wins", "defender_wins", "stand_off"].contains(&a["outcome"].as_str().unwrap())
    );
    assert!(a["turns"].as_u64().unwrap() >= 1);
    assert_eq!(a, json(&omms(&args)));
}

#[test]
fn odds_come_from_many_simulated_battles() {
    let o = json(&omms(&[
        "battle",
        "--at",
        "Ordino",
        "--defender",
        "guard:2:2:fort",
        "--odds",
        "24",
    ]));
    assert_eq!(o["battles"], 24);
    let sum = o["attacker_wins"].as_f64().unwrap()
        + o["defender_wins"].as_f64().unwrap()
        + o["standoff"].as_f64().unwrap();
    assert!((sum - 1.0).abs() < 1e-9);
}

#[test]
fn omog_musket_battles_auto_resolve_with_its_troop_types_and_give_odds() {
    let args = [
        "battle",
        "--ruleset",
        "omog-musket",
        "--at",
        "Encamp",
        "--attacker",
        "riflemen,lancers/elite",
        "--defender",
        "guard:1:1",
        "--auto",
        "--seed",
        "4",
    ];
    let a = json(&omms(&args));
    assert_eq!(a["ruleset"], "omog-musket");
    assert_eq!(a, json(&omms(&args)));
    let o = json(&omms(&[
        "battle",
        "--ruleset",
        "omog-musket",
        "--at",
        "Encamp",
        "--odds",
        "6",
    ]));
    assert_eq!(o["battles"], 6);
    // A troop type of another period is refused, naming Musket's own.
    let out = omms(&[
        "battle",
        "--ruleset",
        "omog-musket",
        "--at",
        "Encamp",
        "--attacker",
        "mortars",
        "--auto",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("warriors"));
    // Its table, through its own view.
    if have_xvfb() {
        let tmp = tempfile::tempdir().unwrap();
        let png = tmp.path().join("musket.png");
        let out = under_xvfb()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["battle", "--ruleset", "omog-musket", "--at", "Encamp"])
            .args(["--after-turns", "1", "--png"])
            .arg(&png)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(std::fs::metadata(&png).unwrap().len() > 10_000);
    }
}

#[test]
fn bad_battles_are_refused_with_a_reason() {
    let bare = common::map_without_terrain("north-bayreuth");
    let bare = bare.path().to_str().unwrap();
    let cases: [(&[&str], &str); 4] = [
        (
            &["battle", "--at", "Atlantis", "--auto"],
            "no place called \"Atlantis\"",
        ),
        (
            &["battle", "--map", bare, "--at", "Neudrossenfeld", "--auto"],
            "no tactical terrain",
        ),
        (
            &["battle", "--at", "Encamp", "--ruleset", "chess", "--auto"],
            "(known: omog19c, omog-musket",
        ),
        (
            &["battle", "--at", "Encamp", "--attacker", "tank:9", "--auto"],
            "expected UNIT:DICE",
        ),
    ];
    for (args, want) in cases {
        let out = omms(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn the_table_is_drawn_with_its_houses_and_both_sides() {
    use macroquad::prelude::ImageFormat;
    use macroquad::texture::Image;
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let png = tmp.path().join("table.png");
    let out = under_xvfb()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["battle", "--at", "Encamp", "--after-turns", "0", "--png"])
        .arg(&png)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let img = Image::from_file_with_format(&std::fs::read(&png).unwrap(), Some(ImageFormat::Png))
        .unwrap();
    assert_eq!((img.width, img.height), (1280, 800));
    let count = |c: macroquad::color::Color, tol: i32| {
        let [r, g, b, _]: [u8; 4] = c.into();
        img.bytes
            .chunks_exact(4)
            .filter(|p| {
                [r, g, b]
                    .iter()
                    .zip(p.iter())
                    .all(|(want, got)| (i32::from(*want) - i32::from(*got)).abs() <= tol)
            })
            .count()
    };
    use omms::ui::table::{ATTACKER, DEFENDER, GRASS, HOUSE};
    // Encamp's 100-odd real houses, open ground, and both sides' tokens.
    assert!(count(HOUSE, 6) > 3_000, "houses");
    assert!(count(GRASS, 6) > 100_000, "open ground");
    assert!(count(ATTACKER, 10) > 100, "attacker tokens");
    assert!(count(DEFENDER, 10) > 100, "defender tokens");
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "only the PNG, no temporary file");
}

/// The Dice Flew's choosing dice named on the command line: `:cars` makes a Tank's armour dice
/// armoured cars, `:guns` a fortification's machine-gun die field guns, fixed for the battle;
/// without them the seat chooses. `--help` says so, and a word nothing can take is refused.
#[test]
fn a_dice_force_can_name_armoured_cars_and_field_guns() {
    use omms::cli::battle::parse_force;
    use omms::tactical::dice_flew::unit::Kind;
    use omms::tactical::dice_flew::DiceFlew;
    use omms::tactical::force::Arm;
    let (cars, _) = parse_force("tank:3:cars", &DiceFlew).unwrap();
    let armour: Vec<_> = cars
        .elements
        .iter()
        .filter(|e| e.arm == Arm::Armour)
        .collect();
    assert_eq!(armour.len(), 2);
    assert!(armour
        .iter()
        .all(|e| e.troop.as_deref() == Some("armoured-cars")));
    let (guns, fort) = parse_force("guard:2:2:fort:guns", &DiceFlew).unwrap();
    assert!(fort);
    let mg: Vec<_> = guns
        .elements
        .iter()
        .filter(|e| e.arm == Arm::MachineGun)
        .collect();
    assert_eq!(mg.len(), 1);
    assert_eq!(mg[0].troop.as_deref(), Some("field-guns"));
    assert!(mg[0].garrison);
    // On the table: the cars and the guns, with no choice left to a seat.
    use omms::tactical::dice_flew::forces::kind_of;
    assert_eq!(kind_of(armour[0]), Kind::ArmouredCars);
    assert_eq!(kind_of(mg[0]), Kind::FieldGuns);
    let plain = parse_force("tank:3", &DiceFlew).unwrap().0;
    assert!(plain.elements.iter().all(|e| e.troop.is_none()));

    let help = omms(&["battle", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("tank:3:cars") && help.contains("guard:2:2:fort:guns"),
        "{help}"
    );
    let out = omms(&[
        "battle",
        "--ruleset",
        "dice-flew",
        "--at",
        "Encamp",
        "--attacker",
        "tank:2:cars",
        "--defender",
        "guard:1:1:fort:guns",
        "--auto",
    ]);
    let result = json(&out);
    assert!(result["outcome"].is_string(), "{result}");
    for (args, want) in [
        (["tank:2:guns", "dice-flew"], "and these dice have none"),
        (["tank:2:cars", "omog19c"], "has no armoured-cars"),
    ] {
        let out = omms(&[
            "battle",
            "--at",
            "Encamp",
            "--attacker",
            args[0],
            "--ruleset",
            args[1],
            "--auto",
        ]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}
