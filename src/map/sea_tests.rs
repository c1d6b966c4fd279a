//! The seafaring queries on a small hand-drawn format-2 package round (0°, 0°), where 0.001° is
//! about 111 m: sea east of a coast at 0°, a wall-like island in it, and a river.

use crate::map::package::{default_road_classes, MapMeta, SourceInfo, ATTRIBUTION};
use crate::map::{GameMap, Scale};

fn sea_map() -> GameMap {
    let meta = MapMeta {
        format_version: 2,
        name: "Sea".into(),
        scale: Scale(50_000),
        proposed_scale: Scale(50_000),
        bbox: [-0.05, -0.05, 0.05, 0.05],
        attribution: ATTRIBUTION.into(),
        source: SourceInfo {
            file: "sea.osm.pbf".into(),
            date: String::new(),
        },
        road_classes: default_road_classes(),
    };
    // Sea: the east half of the box, with a long thin island from (0.02, -0.03) to (0.024, 0.05)
    // that touches the box's north edge, so east of it is reached round its south end.
    let sea = r#"{"type":"Feature","properties":{"kind":"sea"},"geometry":{"type":"Polygon","coordinates":[
        [[0,-0.05],[0.05,-0.05],[0.05,0.05],[0.024,0.05],[0.024,-0.03],[0.02,-0.03],[0.02,0.05],[0,0.05],[0,-0.05]]]}}"#;
    let river = r#"{"type":"Feature","properties":{"kind":"sea","waterway":"river","osm_type":"way","osm_id":9},"geometry":{"type":"Polygon","coordinates":[
        [[-0.03,0.0099],[0.0001,0.0099],[0.0001,0.0101],[-0.03,0.0101],[-0.03,0.0099]]]}}"#;
    let lake = r#"{"type":"Feature","properties":{"kind":"water"},"geometry":{"type":"Polygon","coordinates":[
        [[-0.03,-0.03],[-0.02,-0.03],[-0.02,-0.02],[-0.03,-0.02],[-0.03,-0.03]]]}}"#;
    let place = |name: &str, lon: f64, port: bool| {
        format!(
            r#"{{"type":"Feature","properties":{{"kind":"settlement","name":"{name}","place":"town","playable":true,"port":{port}}},"geometry":{{"type":"Point","coordinates":[{lon},0]}}}}"#
        )
    };
    let map = format!(
        r#"{{"type":"FeatureCollection","features":[{},{},{sea},{river},{lake}]}}"#,
        place("Harbour", -0.005, true),
        place("Inland", -0.04, false)
    );
    let terrain = r#"{"type":"FeatureCollection","features":[]}"#;
    GameMap::from_sources(meta, &map, terrain).unwrap()
}

fn at(m: &GameMap, lon: f64, lat: f64) -> [f64; 2] {
    m.projection().to_xy(lon, lat)
}

#[test]
fn sea_river_lake_and_land_are_told_apart() {
    let m = sea_map();
    assert!(m.has_sea());
    let open_sea = at(&m, 0.04, 0.0);
    assert!(m.is_sea(open_sea) && m.is_water(open_sea) && !m.is_land(open_sea));
    let island = at(&m, 0.022, 0.0);
    assert!(!m.is_sea(island) && !m.is_water(island) && m.is_land(island));
    let river = at(&m, -0.01, 0.01);
    assert!(
        m.is_water(river) && !m.is_sea(river),
        "a river is water, not sea"
    );
    let lake = at(&m, -0.025, -0.025);
    assert!(
        !m.is_water(lake) && !m.is_land(lake),
        "a lake is neither land nor ship water"
    );
    assert!(!m.is_water([f64::NAN, 0.0]));
    assert_eq!(m.ports(), vec![crate::map::PlaceId(0)]);
}

#[test]
fn nearest_water_and_distance_to_sea() {
    let m = sea_map();
    let town = at(&m, -0.005, 0.0);
    let d = m.distance_to_sea(town).unwrap();
    assert!((d - 556.6).abs() < 2.0, "{d}");
    let q = m.nearest_sea(town).unwrap();
    assert!(
        m.is_sea(q) && (q[0] - at(&m, 0.0, 0.0)[0]).abs() < 1.0,
        "{q:?}"
    );
    // Nearer the river than the sea: the nearest water is the river, the nearest sea is not.
    let by_river = at(&m, -0.02, 0.012);
    let w = m.nearest_water(by_river).unwrap();
    assert!(m.is_water(w) && !m.is_sea(w));
    assert!(m.is_sea(m.nearest_sea(by_river).unwrap()));
    let open_sea = at(&m, 0.04, 0.0);
    assert_eq!(m.nearest_water(open_sea), Some(open_sea));
}

#[test]
fn water_paths_go_round_islands_inside_the_circle_and_avoid_blocking_coins() {
    let m = sea_map();
    let west = at(&m, 0.01, 0.0);
    let east = at(&m, 0.035, 0.0);
    // Straight across would cross the island; round its south end (0.03° south) fits a circle
    // of 0.045° (5 km) but not one of 0.03°.
    let r = |deg: f64| deg * 111_320.0;
    assert!(m.water_path_within(west, east, r(0.045), &[]));
    assert!(!m.water_path_within(west, east, r(0.03), &[]));
    // A coin across the channel south of the island blocks it; one that holds the start does not.
    let coin = (at(&m, 0.022, -0.04), r(0.012));
    assert!(!m.water_path_within(west, east, r(0.045), &[coin]));
    assert!(m.water_path_within(west, east, r(0.045), &[(west, r(0.002))]));
    // Not to land, not beyond the radius, and up the river from the sea.
    assert!(!m.water_path_within(west, at(&m, 0.022, 0.0), r(0.045), &[]));
    assert!(!m.water_path_within(west, at(&m, 0.01, 0.04), r(0.03), &[]));
    assert!(m.water_path_within(at(&m, 0.003, 0.01), at(&m, -0.01, 0.01), r(0.02), &[]));
}

#[test]
fn a_straight_line_stays_on_water_up_the_river_but_not_over_the_island() {
    let m = sea_map();
    let (west, east) = (at(&m, 0.01, 0.0), at(&m, 0.035, 0.0));
    assert!(m.segment_on_water(west, at(&m, 0.01, -0.04)));
    assert!(
        !m.segment_on_water(west, east),
        "the island lies across the line"
    );
    // From the sea up the river mouth: the river's edge is crossed, yet the line stays wet.
    assert!(m.segment_on_water(at(&m, 0.003, 0.01), at(&m, -0.01, 0.01)));
    // Out of the river's side onto the bank, and into the lake, are not on water.
    assert!(!m.segment_on_water(at(&m, -0.01, 0.01), at(&m, -0.01, 0.02)));
    assert!(!m.segment_on_water(west, at(&m, -0.025, -0.025)));
    assert!(m.segment_on_water(west, west));
}
