//! The seafaring side of the `omms` command line on the shipped Malta map: `omms rules` ship
//! queries on a scenario file (reach at sea, can-board, can-land, port siege), and
//! `omms sim --seafaring` (its summary counts Ships, refused on a map with no ports; with the
//! other game options as flags it plays by them and names them).

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn omms(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_omms"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap()
}

/// `omms rules` on Marsaxlokk's bay: Red's base Marsaxlokk with a Guard inside and a Ship in its
/// harbour, a second Ship 2.6 km out with an Invader aboard; Blue's base Birżebbuġa across the
/// bay, with no Ship of its own.
fn rules(query: &[&str]) -> Value {
    let mut args = vec![
        "rules",
        "--map",
        "maps/malta",
        "--scenario",
        "tests/scenarios/malta_ships.json",
    ];
    args.extend(query);
    let o = omms(&args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{query:?}: {err}");
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn ship_queries_answer_on_a_real_coast() {
    // Reach at sea: the water an empty Ship reaches within a card's length (4.4 km at 1:50,000),
    // as GeoJSON cells in degrees, and the Ship itself.
    let reach = rules(&["reach-at-sea", "ship"]);
    let sea = &reach["features"][0];
    assert_eq!(sea["properties"]["kind"], "sea");
    assert_eq!(sea["properties"]["radius_m"], 4445.0);
    let cells = sea["geometry"]["coordinates"].as_array().unwrap();
    assert!(cells.len() > 100, "{} cells", cells.len());
    for c in cells {
        let (lon, lat) = (c[0].as_f64().unwrap(), c[1].as_f64().unwrap());
        assert!(
            (14.48..14.62).contains(&lon) && (35.79..35.88).contains(&lat),
            "{c}"
        );
    }
    // The Ship's move agrees: out to sea yes, onto the land east of the bay no.
    assert_eq!(
        rules(&["can-move", "ship", "14.58", "35.83"])["legal"],
        true
    );
    let ashore = rules(&["can-move", "ship", "14.56", "35.84"]);
    assert_eq!(ashore["legal"], false);
    assert!(ashore["reason"]
        .as_str()
        .unwrap()
        .starts_with("Ships stay on the water"));

    // Boarding: the Guard boards the Ship in harbour, not the one out in the bay.
    assert_eq!(rules(&["can-board", "guard", "ship"])["legal"], true);
    let out = rules(&["can-board", "guard", "far-ship"]);
    assert_eq!(out["legal"], false);
    assert!(
        out["reason"]
            .as_str()
            .unwrap()
            .starts_with("That Ship is not in harbour at Marsaxlokk"),
        "{out}"
    );

    // Landing: the Invader goes ashore into Marsaxlokk, 2.6 km off, but not 9 km away at
    // Valletta; the Guard, standing in the port, is not aboard anything.
    let home = rules(&["can-land", "invader", "14.5448353", "35.8417662"]);
    assert_eq!(home["legal"], true, "{home}");
    assert_eq!(home["ends"]["settlement"], "marsaxlokk");
    let far = rules(&["can-land", "invader", "14.5137", "35.899"]);
    assert_eq!(far["legal"], false);
    assert!(far["reason"]
        .as_str()
        .unwrap()
        .contains("units land within a card's breadth"));
    assert_eq!(
        rules(&["can-land", "guard", "14.5448353", "35.8417662"])["reason"],
        "Your Guard is not aboard a Ship."
    );

    // Port sieges: Red's Ships in the bay close Birżebbuġa's sea side (Blue has no Ship there)
    // and keep Marsaxlokk's open.
    let blue = rules(&["port-siege", "birzebbuga"]);
    assert_eq!(
        (&blue["port"], &blue["sea_side_open"]),
        (&Value::Bool(true), &Value::Bool(false))
    );
    let red = rules(&["port-siege", "marsaxlokk"]);
    assert_eq!(
        (&red["port"], &red["sea_side_open"]),
        (&Value::Bool(true), &Value::Bool(true))
    );
}

#[test]
fn sim_with_seafaring_counts_ships_on_malta_and_is_refused_without_ports() {
    let o = omms(&[
        "sim",
        "--map",
        "maps/malta",
        "--seafaring",
        "--ai",
        "random",
        "--turn-limit",
        "12",
        "--seed",
        "3",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    let summary: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(summary["map"], "Malta");
    let sea = &summary["seafaring"];
    for key in ["ships_built", "landings", "ships_sunk", "ships_afloat"] {
        assert!(sea[key].is_u64(), "{key} missing from {sea}");
    }
    assert_eq!(summary["refusals"], 0, "{summary}");

    // Andorra is landlocked: a clear refusal naming the map, exit code 2, no game.
    let o = omms(&[
        "sim",
        "--map",
        "maps/andorra",
        "--seafaring",
        "--turn-limit",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("maps/andorra")
            && err.contains("has no ports")
            && err.contains("needs a coast"),
        "{err}"
    );
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(!Path::new("maps/andorra/autosave.json").exists());
}

#[test]
fn sim_plays_seafaring_with_the_other_options_and_reports_them() {
    // Tanks, one card a draw and a points victory, with Ships: the game is played to a winner
    // on points while the loser still holds settlements, and the summary names the rules.
    let o = omms(&[
        "sim",
        "--map",
        "maps/malta",
        "--seafaring",
        "--tanks",
        "--draw-one",
        "--victory",
        "points:8",
        "--ai",
        "normal",
        "--turn-limit",
        "150",
        "--seed",
        "2",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    let summary: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    let options = &summary["options"];
    assert_eq!(options["seafaring"], true, "{options}");
    assert_eq!(options["tanks"], true, "{options}");
    assert_eq!(options["draw"], "one_card", "{options}");
    assert_eq!(options["victory"]["settlement_points"], 8, "{options}");
    assert!(summary["seafaring"]["ships_built"].is_u64(), "{summary}");
    assert_eq!(summary["refusals"], 0, "{summary}");
    let winner = summary["winner_seat"]
        .as_u64()
        .unwrap_or_else(|| panic!("no winner in 150 turns: {summary}")) as usize;
    let players = summary["players"].as_array().unwrap();
    assert!(
        players[winner]["points"].as_u64().unwrap() >= 8,
        "{summary}"
    );
    assert!(
        players
            .iter()
            .enumerate()
            .any(|(i, p)| i != winner && p["settlements"].as_u64().unwrap() > 0),
        "won on points, not as the last standing: {summary}"
    );
}
