//! The geometry rules (RULINGS §4–6) on the real roads of the shipped maps: a test per rule,
//! positive and negative, asserting the verdicts and messages a player sees. Positions come
//! from the scenario files in tests/scenarios/ (found by loading the maps, not guessed).

use std::path::Path;
use std::sync::OnceLock;

use omms::map::{GameMap, Scale};
use omms::rules::map_board::scenario_file::{parse, LoadedScenario};
use omms::rules::*;
use serde_json::{json, Value};

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

fn scenario_json(file: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(file);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A scenario file, with units not in `keep` removed (all kept when `keep` is empty).
fn position(
    file: &str,
    keep: &[&str],
    edit: impl FnOnce(&mut Value),
) -> (LoadedScenario, &'static GameMap) {
    let mut v = scenario_json(file);
    if !keep.is_empty() {
        let units = v["units"].as_array_mut().unwrap();
        units.retain(|u| keep.contains(&u["id"].as_str().unwrap()));
    }
    edit(&mut v);
    let m = map(v["map"].as_str().unwrap());
    (parse(m, &v.to_string()).unwrap(), m)
}

fn pt(m: &GameMap, lonlat: [f64; 2]) -> MapPoint {
    MapPoint::from_m(m.projection().to_xy(lonlat[0], lonlat[1]))
}

fn road_move(sc: &LoadedScenario, unit: &str, to: MapPoint) -> Move {
    Move {
        unit: sc.unit(unit).unwrap(),
        to,
        via: None,
        off_road: false,
    }
}

fn verdict(m: &GameMap, sc: &LoadedScenario, mv: &Move) -> Result<Location, String> {
    MapBoard::new(m, sc.state.scale())
        .check_move(&sc.state, mv)
        .map_err(|e| e.to_string())
}

const CG2_DEST: [f64; 2] = [1.610020, 42.571547];

#[test]
fn a_guard_on_the_cg2_is_blocked_by_an_enemy_coin() {
    let (sc, m) = position("andorra_cg2.json", &["guard", "blocker"], |_| {});
    let got = verdict(m, &sc, &road_move(&sc, "guard", pt(m, CG2_DEST)));
    assert_eq!(
        got,
        Err("Blocked by Blue's Guard on the CG-2 near Ransol.".into())
    );
}

#[test]
fn without_the_enemy_coin_the_same_move_is_legal() {
    let (sc, m) = position("andorra_cg2.json", &["guard"], |_| {});
    let got = verdict(m, &sc, &road_move(&sc, "guard", pt(m, CG2_DEST))).unwrap();
    let Location::Road(end) = got else {
        panic!("{got:?}")
    };
    assert!(
        end.distance_m(pt(m, CG2_DEST)) < 25.0,
        "snapped onto the road"
    );
}

#[test]
fn friendly_coins_never_block() {
    let (sc, m) = position("andorra_cg2.json", &["guard", "blocker"], |v| {
        v["units"][1]["owner"] = json!("Red");
    });
    assert!(verdict(m, &sc, &road_move(&sc, "guard", pt(m, CG2_DEST))).is_ok());
}

#[test]
fn a_guard_passes_a_blocked_cg2_on_another_road_inside_its_circle() {
    let dest = [1.573792, 42.533669];
    let (sc, m) = position("andorra_bypass.json", &["guard", "on-cg2"], |_| {});
    assert!(verdict(m, &sc, &road_move(&sc, "guard", pt(m, dest))).is_ok());
    let (sc, m) = position("andorra_bypass.json", &["guard", "on-other-road"], |_| {});
    assert!(verdict(m, &sc, &road_move(&sc, "guard", pt(m, dest))).is_ok());
    let (sc, m) = position("andorra_bypass.json", &[], |_| {});
    let got = verdict(m, &sc, &road_move(&sc, "guard", pt(m, dest)));
    let msg = got.unwrap_err();
    assert!(msg.starts_with("Blocked by Blue's Guard"), "{msg}");
}

#[test]
fn a_destination_outside_the_circle_is_out_of_reach() {
    let (sc, m) = position("andorra_cg2.json", &["guard"], |_| {});
    let got = verdict(
        m,
        &sc,
        &road_move(&sc, "guard", pt(m, [1.647994, 42.580186])),
    );
    let msg = got.unwrap_err();
    assert!(
        msg.starts_with("Out of reach: that is 1.9") && msg.contains("a card's breadth (1.59 km)"),
        "{msg}"
    );
}

#[test]
fn a_path_that_must_leave_the_circle_is_refused_but_a_scout_cuts_across_the_valley() {
    let dest = [1.731910, 42.546971];
    let (sc, m) = position("andorra_scout.json", &[], |_| {});
    assert_eq!(
        verdict(m, &sc, &road_move(&sc, "guard", pt(m, dest))),
        Err("No major road leads there without leaving the Guard's circle (1.59 km round its start).".into())
    );
    assert_eq!(
        verdict(m, &sc, &road_move(&sc, "scout", pt(m, dest))),
        Err("No major road leads there without leaving the Scout's circle (2.22 km round its start).".into())
    );
    let off = Move {
        off_road: true,
        ..road_move(&sc, "scout", pt(m, dest))
    };
    assert!(
        matches!(verdict(m, &sc, &off), Ok(Location::Road(_))),
        "ends on the road there"
    );
    let board = MapBoard::new(m, sc.state.scale());
    let found = board
        .may_go(&sc.state, sc.unit("scout").unwrap(), pt(m, dest))
        .unwrap();
    assert!(found.off_road);
}

#[test]
fn guards_must_end_on_a_major_road() {
    let (sc, m) = position("andorra_cg2.json", &["guard"], |_| {});
    let start = [1.624398, 42.576231];
    let field = [start[0], start[1] + 0.004];
    let xy = m.projection().to_xy(field[0], field[1]);
    assert!(m.nearest_road_point(xy).unwrap().distance > 100.0 && m.is_land(xy));
    assert_eq!(
        verdict(m, &sc, &road_move(&sc, "guard", pt(m, field))),
        Err("A move must end on a major road or in one of your settlements.".into())
    );
    let off = Move {
        off_road: true,
        ..road_move(&sc, "guard", pt(m, field))
    };
    assert_eq!(
        verdict(m, &sc, &off),
        Err("A Guard can't leave the roads: only Scouts and Tanks move off road.".into())
    );
}

#[test]
fn a_move_into_a_friendly_settlement_ends_inside_it() {
    let (sc, m) = position("andorra_bypass.json", &["guard"], |v| {
        v["settlements"] = json!([{"id": "encamp", "owner": "Red", "place": "Encamp"}]);
    });
    let encamp = m.place(m.place_by_name("Encamp").unwrap()).lonlat();
    let got = verdict(m, &sc, &road_move(&sc, "guard", pt(m, encamp)));
    assert_eq!(
        got,
        Ok(Location::Settlement(sc.settlement("encamp").unwrap()))
    );
    let (sc, m) = position("andorra_cg2.json", &["guard"], |_| {});
    let canillo = m.place(m.place_by_name("Canillo").unwrap()).lonlat();
    let far = verdict(m, &sc, &road_move(&sc, "guard", pt(m, canillo))).unwrap_err();
    assert!(
        far.starts_with("Out of reach: that is 2.40 km away"),
        "{far}"
    );
}

fn motorway(unit: &str, via: Option<[f64; 2]>, to: [f64; 2]) -> Result<Location, String> {
    let (sc, m) = position("bayreuth_motorway.json", &[], |_| {});
    let mv = Move {
        unit: sc.unit(unit).unwrap(),
        to: pt(m, to),
        via: via.map(|v| pt(m, v)),
        off_road: false,
    };
    verdict(m, &sc, &mv)
}

#[test]
fn the_motorway_double_move_goes_twice_as_far() {
    let to = [11.500104, 50.039508];
    let single = motorway("east", None, to).unwrap_err();
    assert!(single.starts_with("Out of reach"), "{single}");
    assert!(matches!(
        motorway("east", Some([11.513540, 50.037926]), to),
        Ok(Location::Road(_))
    ));
}

#[test]
fn a_double_move_may_not_leave_the_motorway() {
    let b85 = [11.48417, 50.04508];
    let got = motorway("middle", Some([11.500104, 50.039508]), b85).unwrap_err();
    assert_eq!(
        got,
        "The second leg of the motorway move: That point is not on the motorway."
    );
    let got = motorway("middle", Some(b85), [11.500104, 50.039508]).unwrap_err();
    assert_eq!(
        got,
        "The first leg of the motorway move: That point is not on the motorway."
    );
}

#[test]
fn a_double_move_stops_at_the_end_of_the_motorway() {
    let via = [11.482375, 50.037979];
    assert!(
        motorway("west", Some(via), [11.47711, 50.03521]).is_ok(),
        "up to the end"
    );
    let got = motorway("west", Some(via), [11.4700, 50.0320]).unwrap_err();
    assert_eq!(
        got,
        "The second leg of the motorway move: That point is not on the motorway."
    );
}

#[test]
fn only_a_unit_on_the_motorway_moves_twice() {
    let (sc, m) = position("andorra_cg2.json", &["guard"], |_| {});
    let mv = Move {
        via: Some(pt(m, [1.618845, 42.574067])),
        ..road_move(&sc, "guard", pt(m, CG2_DEST))
    };
    assert_eq!(
        verdict(m, &sc, &mv),
        Err(
            "Only a unit that starts on a motorway may move twice; your Guard is not on one."
                .into()
        )
    );
}

#[test]
fn a_scout_off_road_cannot_cross_water() {
    let (sc, m) = position("andorra_scout.json", &[], |_| {});
    let mv = Move {
        off_road: true,
        ..road_move(&sc, "river-scout", pt(m, [1.508662, 42.484622]))
    };
    assert_eq!(
        verdict(m, &sc, &mv),
        Err("The straight line there crosses water, which a Scout cannot cross.".into())
    );
}

#[test]
fn a_scout_off_road_cannot_pass_through_an_enemy_coin() {
    let (sc, m) = position("andorra_scout.json", &[], |v| {
        let units = v["units"].as_array_mut().unwrap();
        units.push(json!({"id": "picket", "owner": "Blue", "type": "scout",
            "at": [1.723654, 42.545475], "off_road": true}));
    });
    let mv = Move {
        off_road: true,
        ..road_move(&sc, "scout", pt(m, [1.731910, 42.546971]))
    };
    let msg = verdict(m, &sc, &mv).unwrap_err();
    assert!(msg.starts_with("Blocked by Blue's Scout"), "{msg}");
}

fn attack(sc: &LoadedScenario, m: &GameMap, unit: &str, target: Target) -> Result<(), String> {
    MapBoard::new(m, sc.state.scale())
        .check_attack_reach(&sc.state, sc.unit(unit).unwrap(), target)
        .map_err(|e| e.to_string())
}

#[test]
fn attack_reach_needs_card_breadth_and_a_free_road() {
    let (sc, m) = position("andorra_cg2.json", &[], |_| {});
    let t = |n: &str| Target::Unit(sc.unit(n).unwrap());
    assert_eq!(attack(&sc, m, "guard", t("blocker")), Ok(()));
    let far = attack(&sc, m, "guard", t("far")).unwrap_err();
    assert!(
        far.contains("away: units attack only within a card's breadth (1.59 km)"),
        "{far}"
    );
    let behind = attack(&sc, m, "guard", t("behind")).unwrap_err();
    assert_eq!(
        behind,
        "Blocked by Blue's Guard on the CG-2 near Ransol: no way through to Blue's Scout on the CG-2 near Canillo."
    );
    let (sc, m) = position("andorra_cg2.json", &["guard", "behind"], |_| {});
    assert_eq!(
        attack(&sc, m, "guard", Target::Unit(sc.unit("behind").unwrap())),
        Ok(())
    );
}

fn siege(sc: &LoadedScenario, m: &GameMap) -> omms::rules::map_board::SiegeReport {
    MapBoard::new(m, sc.state.scale())
        .siege(&sc.state, sc.settlement("llorts").unwrap())
        .unwrap()
}

#[test]
fn a_settlement_is_sieged_by_two_units_and_relieved_by_one_move() {
    let (sc, m) = position("andorra_siege.json", &["defender", "north"], |_| {});
    let r = siege(&sc, m);
    assert_eq!((r.under_siege(), r.roads_out), (false, 2));
    assert!(r.open_roads >= 1);
    let (sc, m) = position("andorra_siege.json", &["defender", "south"], |_| {});
    assert!(!siege(&sc, m).under_siege());
    let (mut sc, m) = position("andorra_siege.json", &[], |_| {});
    let r = siege(&sc, m);
    assert_eq!((r.besiegers.clone(), r.open_roads), (vec![PlayerId(1)], 0));
    let llorts = sc.settlement("llorts").unwrap();
    assert!(sc.state.sieges().contains_key(&llorts), "the clock runs");
    let board = MapBoard::new(m, sc.state.scale());
    let south = sc.unit("south").unwrap();
    let away = board
        .candidate_moves(&sc.state, south)
        .into_iter()
        .find(|mv| {
            let mut s = sc.state.clone();
            execute(&mut s, &board, &Command::Move(mv.clone())).is_ok()
                && board.besiegers(&s, llorts).is_empty()
        })
        .expect("some move lifts the siege");
    let events = execute(&mut sc.state, &board, &Command::Move(away)).unwrap();
    assert!(
        events.contains(&Event::SiegeEnded { settlement: llorts }),
        "{events:?}"
    );
    assert!(siege(&sc, m).open_roads >= 1);
}

#[test]
fn settlements_keep_a_10p_coin_apart() {
    // les Escaldes and Engordany are about 535 m apart; the spacing is 612.5 m at 1:25,000.
    let m = map("andorra");
    let at = |name: &str| m.place(m.place_by_name(name).unwrap()).lonlat();
    let build = |place: &str| {
        let v = json!({
            "map": "andorra",
            "players": [{"name": "Red"}, {"name": "Blue"}],
            "settlements": [{"id": "home", "owner": "Red", "place": "les Escaldes", "base": true}],
            "units": [{"id": "settler", "owner": "Red", "type": "guard", "at": at(place)}],
            "hands": {"Red": ["10S", "5S"]}
        });
        let sc = parse(m, &v.to_string()).unwrap();
        let board = MapBoard::new(m, sc.state.scale());
        let cards = testkit::in_hand(&sc.state, PlayerId(0), "10S 5S");
        let cmd = Command::BuildSettlement(BuildSettlement {
            cards,
            unit: sc.unit("settler").unwrap(),
        });
        check(&sc.state, &board, &cmd).map_err(|e| e.to_string())
    };
    assert_eq!(
        build("Engordany"),
        Err("Engordany is too close to Red's les Escaldes: settlements must be at least a 10p coin's width apart.".into())
    );
    assert_eq!(build("Encamp"), Ok(()));
}

#[test]
fn playability_follows_the_games_scale() {
    let m = map("andorra");
    let fine = MapBoard::new(m, Scale(25_000));
    let detailed = MapBoard::new(m, Scale(10_000));
    let changes: Vec<String> = fine
        .place_ids()
        .into_iter()
        .filter(|p| fine.place(*p).unwrap().playable && !detailed.place(*p).unwrap().playable)
        .map(|p| fine.place(p).unwrap().name)
        .collect();
    assert!(
        !changes.is_empty(),
        "some place is too far from a road at 1:10,000"
    );
    let prats = m.place_by_name("Prats").unwrap();
    assert!(!fine.place(prats).unwrap().playable);
    let v = json!({"players": [{"name": "Red"}, {"name": "Blue"}], "scale": 10000,
        "settlements": [{"id": "s", "owner": "Red", "place": changes[0]}]});
    let err = parse(m, &v.to_string()).unwrap_err().to_string();
    assert!(err.contains("is not playable at 1:10,000"), "{err}");
}

#[test]
fn every_candidate_move_is_legal_and_they_include_a_double_move() {
    for (file, unit) in [
        ("andorra_cg2.json", "guard"),
        ("andorra_cg2.json", "behind"),
        ("andorra_scout.json", "scout"),
        ("bayreuth_motorway.json", "east"),
    ] {
        let (sc, m) = position(file, &[], |_| {});
        let board = MapBoard::new(m, sc.state.scale());
        let id = sc.unit(unit).unwrap();
        let moves = board.candidate_moves(&sc.state, id);
        assert!(moves.len() >= 3, "{file} {unit}: {moves:?}");
        for mv in &moves {
            assert!(board.check_move(&sc.state, mv).is_ok(), "{mv:?}");
        }
        if unit == "east" {
            assert!(
                moves.iter().any(|m| m.via.is_some()),
                "a motorway double move"
            );
        }
        if unit == "scout" {
            assert!(moves.iter().any(|m| m.off_road), "an off-road move");
        }
    }
}

#[test]
fn reach_draws_only_what_a_move_may_end_on() {
    let (sc, m) = position("andorra_cg2.json", &["guard", "blocker"], |_| {});
    let board = MapBoard::new(m, sc.state.scale());
    let reach = board.reach(&sc.state, sc.unit("guard").unwrap()).unwrap();
    assert!(!reach.stretches.is_empty() && reach.off_road.is_none());
    let dest = m.projection().to_xy(CG2_DEST[0], CG2_DEST[1]);
    let near_dest = reach
        .stretches
        .iter()
        .flat_map(|s| s.points.iter())
        .any(|p| ((p[0] - dest[0]).powi(2) + (p[1] - dest[1]).powi(2)).sqrt() < 50.0);
    assert!(!near_dest, "the blocked side of the CG-2 is not drawn");
    for s in &reach.stretches {
        for p in &s.points {
            let d = ((p[0] - reach.centre[0]).powi(2) + (p[1] - reach.centre[1]).powi(2)).sqrt();
            assert!(d <= reach.road_radius_m + 1e-6);
        }
        let mid = s.points[s.points.len() / 2];
        let mv = road_move(&sc, "guard", MapPoint::from_m(mid));
        assert!(
            board.check_move(&sc.state, &mv).is_ok(),
            "{mid:?} {:?}",
            board.check_move(&sc.state, &mv)
        );
    }
    let (sc, m) = position("andorra_scout.json", &[], |_| {});
    let board = MapBoard::new(m, sc.state.scale());
    let reach = board
        .reach(&sc.state, sc.unit("river-scout").unwrap())
        .unwrap();
    let area = reach.off_road.unwrap();
    assert!(area.len() > 16);
    for p in area.iter().step_by(8) {
        let mv = Move {
            off_road: true,
            ..road_move(&sc, "river-scout", MapPoint::from_m(*p))
        };
        assert!(
            board.check_move(&sc.state, &mv).is_ok(),
            "{p:?} {:?}",
            board.check_move(&sc.state, &mv)
        );
    }
}

#[test]
fn scenario_errors_name_the_problem() {
    let m = map("andorra");
    let err = |v: Value| parse(m, &v.to_string()).unwrap_err().to_string();
    let players = json!([{"name": "Red"}, {"name": "Blue"}]);
    assert_eq!(
        err(
            json!({"players": players, "units": [{"id": "u", "owner": "Green", "type": "guard", "at": [1.52, 42.5]}]})
        ),
        "unit \"u\": unknown player \"Green\" (players: Red, Blue)"
    );
    assert_eq!(
        err(
            json!({"players": players, "settlements": [{"id": "s", "owner": "Red", "place": "Atlantis"}]})
        ),
        "settlement \"s\": the map has no place called \"Atlantis\""
    );
    assert!(err(
        json!({"players": players, "settlements": [{"id": "s", "owner": "Red", "place": "Prats"}]})
    )
    .contains("Prats is not playable at 1:25,000"));
    assert_eq!(
        err(
            json!({"players": players, "units": [{"id": "u", "owner": "Red", "type": "guard", "in": "nowhere"}]})
        ),
        "unit \"u\": no settlement with id \"nowhere\""
    );
    // A point inside a lake of the map.
    let lake = m
        .water()
        .iter()
        .find_map(|w| {
            use geo::InteriorPoint;
            let p = w.interior_point()?;
            (!m.is_land([p.x(), p.y()])).then(|| m.projection().to_lonlat([p.x(), p.y()]))
        })
        .unwrap();
    let msg = err(
        json!({"players": players, "units": [{"id": "u", "owner": "Red", "type": "scout", "at": lake, "off_road": true}]}),
    );
    assert!(
        msg.starts_with("unit \"u\": [") && msg.ends_with("] is in water"),
        "{msg}"
    );
    let bad = parse(m, "{\n  \"players\": [\n    {\"name\": \"Red\",}\n  ]\n}").unwrap_err();
    assert!(bad.to_string().starts_with("line 3, column"), "{bad}");
}

#[test]
fn the_documented_example_scenario_loads() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/scenario.md"))
            .unwrap();
    let start = doc.find("```json\n").unwrap() + "```json\n".len();
    let text = &doc[start..start + doc[start..].find("```").unwrap()];
    let m = map("andorra");
    let sc = parse(m, text).unwrap();
    assert_eq!(sc.state.units().count(), 4);
    assert_eq!(
        sc.state.unit(sc.unit("keep").unwrap()).unwrap().at(),
        Location::Settlement(sc.settlement("red-base").unwrap())
    );
    assert!(matches!(
        sc.state.unit(sc.unit("walker").unwrap()).unwrap().at(),
        Location::OffRoad(_)
    ));
    assert!(sc.state.options().tanks);
}
