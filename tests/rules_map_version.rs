//! A save made on another version of a map (issue 17): the settlement's place index in the
//! save is not trusted. The board names the mismatch, and a battle there is refused instead of
//! reaching the terrain through the stale index (it used to panic in `GameMap::place`).

use std::path::Path;

use omms::map::GameMap;
use omms::rules::battle::RulesetId;
use omms::rules::map_board::scenario_file::parse;
use omms::rules::*;

/// Every settlement object named `name` in a saved state, its place index set to `index`.
fn repoint(v: &mut serde_json::Value, name: &str, index: u64) -> usize {
    match v {
        serde_json::Value::Object(o) => {
            let hit =
                o.get("name").and_then(|n| n.as_str()) == Some(name) && o.contains_key("place");
            if hit {
                o.insert("place".into(), index.into());
            }
            usize::from(hit)
                + o.values_mut()
                    .map(|c| repoint(c, name, index))
                    .sum::<usize>()
        }
        serde_json::Value::Array(a) => a.iter_mut().map(|c| repoint(c, name, index)).sum(),
        _ => 0,
    }
}

#[test]
fn a_save_from_another_version_of_the_map_is_named_not_trusted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = GameMap::load(&root.join("maps/andorra")).unwrap();
    let text = std::fs::read_to_string(root.join("tests/scenarios/andorra_battle.json")).unwrap();
    let sc = parse(&map, &text).unwrap();
    let board = MapBoard::new(&map, sc.state.scale());
    let llorts = sc.settlements["llorts"];
    let omog = RulesetId::new("omog19c").unwrap();
    assert_eq!(
        board.state_problem(&sc.state),
        None,
        "the scenario fits its map"
    );
    assert!(board.battlefield(&sc.state, llorts, None, omog).is_ok());

    let saved = serde_json::to_value(&sc.state).unwrap();
    let stale = |index: u64| -> State {
        let mut v = saved.clone();
        assert_eq!(repoint(&mut v, "Llorts", index), 1);
        serde_json::from_value(v).unwrap()
    };
    // Past the end of this map's places.
    let past = stale(map.places().len() as u64 + 7);
    let problem = board.state_problem(&past).expect("a stale index is seen");
    assert!(
        problem.contains("Llorts")
            && problem.contains(&format!("Andorra has only {} places", map.places().len()))
            && problem.contains("another version of the map"),
        "{problem}"
    );
    let refused = board.battlefield(&past, llorts, None, omog).unwrap_err();
    assert_eq!(refused.to_string(), problem);
    // Pointing at another place: the name and position on this map disagree with the save.
    let other = map
        .places()
        .iter()
        .position(|p| p.name() == "La Massana")
        .unwrap();
    let moved = stale(other as u64);
    let problem = board.state_problem(&moved).expect("another place is seen");
    assert!(
        problem.contains("The settlement Llorts is place")
            && problem.contains("that place is La Massana")
            && problem.contains(" m away)"),
        "{problem}"
    );
    assert!(board.battlefield(&moved, llorts, None, omog).is_err());
}
