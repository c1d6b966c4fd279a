//! Roads that cross without meeting (issue 17), on the real roads where the game got them wrong:
//! the Envalira tunnel under the Port d'Envalira road in Andorra, and the A 70's bridges over
//! the B 85 and the St 2183 near Bayreuth. A unit is on the road it stands on, not on the road
//! above or below it; and the "Blocked by …" message names every coin closing the way.

use std::path::Path;
use std::sync::OnceLock;

use omms::map::{GameMap, RoadClass};
use omms::rules::map_board::scenario_file::{parse, LoadedScenario};
use omms::rules::*;

fn map(name: &str) -> &'static GameMap {
    static MAPS: OnceLock<Vec<(String, GameMap)>> = OnceLock::new();
    let maps = MAPS.get_or_init(|| {
        ["andorra", "north-bayreuth"]
            .iter()
            .map(|n| {
                let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(n);
                (n.to_string(), GameMap::load(&dir).unwrap())
            })
            .collect()
    });
    &maps.iter().find(|(n, _)| n == name).unwrap().1
}

fn scenario(file: &str) -> (LoadedScenario, &'static GameMap) {
    scenario_with(file, |_| {})
}

fn scenario_with(
    file: &str,
    edit: impl FnOnce(&mut serde_json::Value),
) -> (LoadedScenario, &'static GameMap) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(file);
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    edit(&mut v);
    let m = map(v["map"].as_str().unwrap());
    (parse(m, &v.to_string()).unwrap(), m)
}

fn pt(m: &GameMap, lonlat: [f64; 2]) -> MapPoint {
    MapPoint::from_m(m.projection().to_xy(lonlat[0], lonlat[1]))
}

fn go(
    sc: &LoadedScenario,
    m: &GameMap,
    unit: &str,
    to: [f64; 2],
    via: Option<[f64; 2]>,
) -> Result<Location, String> {
    let mv = Move {
        unit: sc.unit(unit).unwrap(),
        to: pt(m, to),
        via: via.map(|v| pt(m, v)),
        off_road: false,
    };
    MapBoard::new(m, sc.state.scale())
        .check_move(&sc.state, &mv)
        .map_err(|e| e.to_string())
}

const GUARD_CIRCLE: &str =
    "No major road leads there without leaving the Guard's circle (1.59 km round its start).";

#[test]
fn a_guard_on_the_envalira_pass_cannot_drop_into_the_tunnel_below() {
    let (sc, m) = scenario("envalira_tunnel.json");
    // A tunnel point 230 m away, and a pass-road point 200 m away.
    let tunnel = [1.7281585, 42.5443829];
    let pass = [1.7304249, 42.5435257];
    assert_eq!(
        go(&sc, m, "on-the-pass", tunnel, None),
        Err(GUARD_CIRCLE.into())
    );
    assert!(go(&sc, m, "on-the-pass", pass, None).is_ok());
    // And from the tunnel, 10 m from where it passes under the pass road, the other way round.
    assert_eq!(
        go(&sc, m, "in-the-tunnel", pass, None),
        Err(GUARD_CIRCLE.into())
    );
    assert!(go(&sc, m, "in-the-tunnel", tunnel, None).is_ok());
    // What the player sees: no stretch of the tunnel in the pass-road Guard's reach.
    let board = MapBoard::new(m, sc.state.scale());
    let reach = board
        .reach(&sc.state, sc.unit("on-the-pass").unwrap())
        .unwrap();
    let tunnel_edges: Vec<_> = m
        .roads()
        .edges()
        .iter()
        .filter(|e| e.name() == Some("Túnel d'Envalira"))
        .map(|e| e.id())
        .collect();
    assert!(!tunnel_edges.is_empty());
    assert!(reach
        .stretches
        .iter()
        .all(|s| !tunnel_edges.contains(&s.edge)));
}

#[test]
fn a_guard_under_the_a70_bridge_is_not_on_the_motorway() {
    let (sc, m) = scenario("bayreuth_bridges.json");
    // On the B 85, 12 m from where the A 70 bridges it: no double move along the A 70.
    let got = go(
        &sc,
        m,
        "under-the-a70",
        [11.5300, 50.0357],
        Some([11.5100, 50.03905]),
    );
    assert_eq!(
        got,
        Err(
            "Only a unit that starts on a motorway may move twice; your Guard is not on one."
                .into()
        )
    );
    let board = MapBoard::new(m, sc.state.scale());
    let reach = board
        .reach(&sc.state, sc.unit("under-the-a70").unwrap())
        .unwrap();
    assert!(reach.stretches.iter().all(|s| !s.double_move));
    // It still reaches the A 70 the legal way, up the interchange's slip roads.
    assert!(go(&sc, m, "under-the-a70", [11.5000, 50.0394], None).is_ok());
}

#[test]
fn the_a70_and_the_st2183_under_it_do_not_meet() {
    let (sc, m) = scenario("bayreuth_bridges.json");
    // 11 m from the bridge on the A 70, and 48 m from it on the St 2183 below.
    assert_eq!(
        go(&sc, m, "on-the-a70-bridge", [11.5573994, 50.0334872], None),
        Err(GUARD_CIRCLE.into())
    );
    assert_eq!(
        go(&sc, m, "on-st2183", [11.5600, 50.03305], None),
        Err(GUARD_CIRCLE.into())
    );
    assert!(go(&sc, m, "on-the-a70-bridge", [11.5600, 50.03305], None).is_ok());
}

/// Metres from `p` to the nearest motorway line.
fn to_motorway(m: &GameMap, p: [f64; 2]) -> f64 {
    let seg = |a: [f64; 2], b: [f64; 2]| {
        let d = [b[0] - a[0], b[1] - a[1]];
        let t = (((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / (d[0] * d[0] + d[1] * d[1]))
            .clamp(0.0, 1.0);
        (p[0] - a[0] - t * d[0]).hypot(p[1] - a[1] - t * d[1])
    };
    m.roads()
        .edges()
        .iter()
        .filter(|e| e.class() == RoadClass::M)
        .flat_map(|e| {
            e.points()
                .windows(2)
                .map(|w| seg(w[0], w[1]))
                .collect::<Vec<_>>()
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn a_unit_sent_exactly_under_the_bridge_is_set_down_beside_it_on_its_own_road() {
    let (sc, m) = scenario("bayreuth_bridges.json");
    let crossing = [11.557953, 50.033244];
    let Ok(Location::Road(p)) = go(&sc, m, "on-st2183", crossing, None) else {
        panic!("the move along the St 2183 is legal");
    };
    let d = p.distance_m(pt(m, crossing));
    assert!(d < 5.0, "{d:.2} m from the crossing");
    // Clear of the A 70 line by more than a position's rounding: it is not on the motorway.
    assert!(to_motorway(m, p.to_m()) > 0.01);
    let mut state = sc.state.clone();
    let mv = Move {
        unit: sc.unit("on-st2183").unwrap(),
        to: pt(m, crossing),
        via: None,
        off_road: false,
    };
    let board = MapBoard::new(m, state.scale());
    execute(&mut state, &board, &Command::Move(mv)).unwrap();
    let again = Move {
        unit: sc.unit("on-st2183").unwrap(),
        to: pt(m, [11.5700, 50.0300]),
        via: Some(pt(m, [11.5600, 50.03305])),
        off_road: false,
    };
    assert_eq!(
        board.check_move(&state, &again).map_err(|e| e.to_string()),
        Err(
            "Only a unit that starts on a motorway may move twice; your Guard is not on one."
                .into()
        )
    );
}

#[test]
fn the_refusal_names_both_coins_when_both_close_the_way() {
    // The CG-2 and the road beside it each carry a Blue Guard: either alone can be bypassed.
    let (sc, m) = scenario("andorra_bypass.json");
    assert_eq!(
        go(&sc, m, "guard", [1.573792, 42.533669], None),
        Err("Blocked by Blue's Guard at Vila and Blue's Guard on the CG-2 near Encamp.".into())
    );
    // One behind the other on one road, the nearer alone closes it and is the one named.
    let (sc, m) = scenario_with("andorra_cg2.json", |v| {
        v["units"][2]["at"] = serde_json::json!([1.6150349, 42.5725732]);
    });
    let got = go(&sc, m, "guard", [1.610020, 42.571547], None);
    assert_eq!(
        got,
        Err("Blocked by Blue's Guard on the CG-2 near Ransol.".into())
    );
}
