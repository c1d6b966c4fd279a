//! `omms rules` on the shipped maps: each query's JSON, and bad input refused with exit code 2.

use std::path::Path;
use std::process::Command;

use omms::rules::{odds, Dice};
use serde_json::Value;

fn omms(map: &str, scenario: &str, query: &[&str]) -> (i32, Value, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(env!("CARGO_BIN_EXE_omms"))
        .arg("rules")
        .arg("--map")
        .arg(root.join("maps").join(map))
        .arg("--scenario")
        .arg(root.join("tests/scenarios").join(scenario))
        .args(query)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let json = serde_json::from_str(stdout.trim()).unwrap_or(Value::Null);
    (
        out.status.code().unwrap_or(-1),
        json,
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn can_move_answers_legal_or_the_reason() {
    let (code, v, _) = omms(
        "andorra",
        "andorra_bypass.json",
        &["can-move", "guard", "1.573792", "42.533669"],
    );
    assert_eq!(code, 0);
    assert_eq!(v["legal"], false);
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .starts_with("Blocked by Blue's Guard"),
        "{v}"
    );
    let (_, v, _) = omms(
        "andorra",
        "andorra_cg2.json",
        &["can-move", "guard", "1.618845", "42.574067"],
    );
    assert_eq!(
        v["reason"],
        "Blocked by Blue's Guard on the CG-2 near Ransol: its coin covers that point."
    );
    let (_, v, _) = omms(
        "andorra",
        "andorra_scout.json",
        &["can-move", "scout", "1.731910", "42.546971"],
    );
    assert_eq!(
        (v["legal"].clone(), v["off_road"].clone()),
        (Value::Bool(true), Value::Bool(true)),
        "{v}"
    );
}

#[test]
fn can_move_finds_a_motorway_double_move() {
    let (code, v, _) = omms(
        "north-bayreuth",
        "bayreuth_motorway.json",
        &["can-move", "east", "11.500104", "50.039508"],
    );
    assert_eq!(code, 0);
    assert_eq!(v["legal"], true, "{v}");
    assert!(v["via"].is_array(), "{v}");
    let (_, v, _) = omms(
        "north-bayreuth",
        "bayreuth_motorway.json",
        &[
            "can-move",
            "middle",
            "11.48417",
            "50.04508",
            "--via",
            "11.500104,50.039508",
        ],
    );
    assert_eq!(
        v["reason"],
        "The second leg of the motorway move: That point is not on the motorway."
    );
}

#[test]
fn reach_is_geojson_in_degrees() {
    let (code, v, _) = omms("andorra", "andorra_scout.json", &["reach", "scout"]);
    assert_eq!(code, 0);
    assert_eq!(v["type"], "FeatureCollection");
    let features = v["features"].as_array().unwrap();
    let kinds: Vec<&str> = features
        .iter()
        .map(|f| f["properties"]["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.contains(&"road") && kinds.contains(&"off_road") && kinds.contains(&"unit"));
    for f in features {
        let g = &f["geometry"];
        let first = match g["type"].as_str().unwrap() {
            "LineString" => g["coordinates"][0].clone(),
            "Polygon" => g["coordinates"][0][0].clone(),
            _ => g["coordinates"].clone(),
        };
        let (lon, lat) = (first[0].as_f64().unwrap(), first[1].as_f64().unwrap());
        assert!(
            (1.4..1.8).contains(&lon) && (42.4..42.7).contains(&lat),
            "{first}"
        );
    }
}

#[test]
fn can_attack_and_siege() {
    let (_, v, _) = omms(
        "andorra",
        "andorra_cg2.json",
        &["can-attack", "guard", "blocker"],
    );
    assert_eq!(v["legal"], true);
    let (_, v, _) = omms(
        "andorra",
        "andorra_cg2.json",
        &["can-attack", "guard", "far"],
    );
    assert_eq!(v["legal"], false);
    assert!(v["reason"]
        .as_str()
        .unwrap()
        .contains("within a card's breadth"));
    let (_, v, _) = omms(
        "andorra",
        "andorra_cg2.json",
        &["can-attack", "guard", "red-base"],
    );
    assert_eq!(
        v["reason"],
        "That is your own piece: you can only attack an enemy."
    );
    let (_, v, _) = omms("andorra", "andorra_siege.json", &["siege", "llorts"]);
    assert_eq!(
        (v["under_siege"].clone(), v["open_roads"].clone()),
        (Value::Bool(true), Value::from(0))
    );
}

#[test]
fn odds_are_exact() {
    let (_, v, _) = omms(
        "andorra",
        "andorra_cg2.json",
        &["odds", "guard", "blocker", "--extra-dice", "1"],
    );
    let o = odds(Dice(2), Dice(2));
    // serde_json reads floats back to within an ulp, not always bit for bit.
    let close = |v: &Value, want: f64| (v.as_f64().unwrap() - want).abs() < 1e-15;
    assert!(close(&v["attacker_wins"], o.p_attacker()), "{v}");
    assert!(close(&v["defender_wins"], o.p_defender()), "{v}");
    assert!(close(&v["standoff"], o.p_standoff()), "{v}");
    let (_, v, _) = omms(
        "andorra",
        "andorra_siege.json",
        &["odds", "north", "llorts"],
    );
    assert_eq!(v["defence_dice"], 3, "a Guard in a basic settlement: 2 + 1");
    assert!(
        close(&v["attacker_wins"], odds(Dice(1), Dice(3)).p_attacker()),
        "{v}"
    );
}

#[test]
fn legal_lists_commands_that_include_moves() {
    let (code, v, _) = omms("andorra", "andorra_cg2.json", &["legal"]);
    assert_eq!(code, 0);
    assert_eq!(v["player"], "Red");
    let cmds = v["commands"].as_array().unwrap();
    assert!(cmds.iter().any(|c| c["type"] == "move"));
    assert!(cmds.iter().any(|c| c["type"] == "end_turn"));
}

#[test]
fn bad_input_is_refused_with_exit_code_2() {
    let (code, _, err) = omms("andorra", "missing.json", &["legal"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("missing.json") && err.starts_with("error:"),
        "{err}"
    );
    let (code, _, err) = omms(
        "andorra",
        "andorra_cg2.json",
        &["can-move", "ghost", "1.6", "42.5"],
    );
    assert_eq!(code, 2);
    assert!(err.contains("no unit with id \"ghost\""), "{err}");
    let (code, _, err) = omms("andorra", "bad_lake.json", &["legal"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("bad_lake.json") && err.contains("is in water"),
        "{err}"
    );
    let (code, _, err) = omms("andorra", "bad_json.json", &["legal"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad_json.json: line 4, column"), "{err}");
    let (code, _, err) = omms("liechtenstein", "andorra_cg2.json", &["legal"]);
    assert_eq!(code, 2, "Andorra's places are not on the Liechtenstein map");
    assert!(
        err.contains("the map has no place called \"Canillo\""),
        "{err}"
    );
}
