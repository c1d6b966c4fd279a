//! Loading map packages: broken ones name the file, feature and field at fault; good ones build
//! the expected road graph.

use std::fs;
use std::path::Path;

use omms::map::{EdgeId, GameMap, LoadError, NodeId, PlaceId, PlaceKind, RoadClass};

const META: &str = r#"format_version = 1
name = "Tiny"
scale = 25000
proposed_scale = 25000
bbox = [1.50, 42.50, 1.60, 42.60]
attribution = "© OpenStreetMap contributors (ODbL)"

[source]
file = "tiny.osm.pbf"
date = "2013-05-28T18:59:04Z"

[road_classes]
primary = "A"
secondary = "B"
"#;

const EMPTY: &str = r#"{"type": "FeatureCollection", "features": []}"#;

fn collection(features: &[String]) -> String {
    format!(
        r#"{{"type": "FeatureCollection", "features": [{}]}}"#,
        features.join(",\n")
    )
}

fn feature(properties: &str, geometry: &str) -> String {
    format!(r#"{{"type": "Feature", "properties": {properties}, "geometry": {geometry}}}"#)
}

fn road(class: &str, coords: &str) -> String {
    feature(
        &format!(
            r#"{{"kind": "road", "class": "{class}", "highway": "primary", "ref": "CG-1", "name": null, "osm_id": 7}}"#
        ),
        &format!(r#"{{"type": "LineString", "coordinates": {coords}}}"#),
    )
}

fn town(name: &str, lon: f64, lat: f64) -> String {
    feature(
        &format!(
            r#"{{"kind": "settlement", "name": "{name}", "place": "town", "playable": true, "osm_type": "node", "osm_id": 1}}"#
        ),
        &format!(r#"{{"type": "Point", "coordinates": [{lon}, {lat}]}}"#),
    )
}

/// A package folder holding the three files.
fn package(meta: &str, map: &str, terrain: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("map.toml"), meta).unwrap();
    fs::write(dir.path().join("map.geojson"), map).unwrap();
    fs::write(dir.path().join("terrain.geojson"), terrain).unwrap();
    dir
}

fn load_err(meta: &str, map: &str, terrain: &str) -> (LoadError, tempfile::TempDir) {
    let dir = package(meta, map, terrain);
    match GameMap::load(dir.path()) {
        Ok(_) => panic!("the package loaded"),
        Err(e) => (e, dir),
    }
}

/// The one problem of a map.geojson whose feature 1 is `bad` (feature 0 is a good town);
/// asserts the message names the file, feature 1 and `field`, and contains `says`.
fn single_problem(bad: String, field: &str, says: &str) {
    let map = collection(&[town("Good", 1.55, 42.55), bad]);
    let (err, dir) = load_err(META, &map, EMPTY);
    let LoadError::Invalid { path, problems } = &err else {
        panic!("expected Invalid, got {err}");
    };
    assert_eq!(path, &dir.path().join("map.geojson"));
    assert_eq!(problems.len(), 1, "{err}");
    assert_eq!(
        (problems[0].feature, problems[0].field.as_str()),
        (1, field),
        "{err}"
    );
    let text = err.to_string();
    assert!(text.contains("map.geojson"), "{text}");
    assert!(
        text.contains(&format!("feature 1, field \"{field}\"")),
        "{text}"
    );
    assert!(text.contains(says), "{text} lacks {says:?}");
}

#[test]
fn unknown_road_class() {
    single_problem(
        road("C", "[[1.5, 42.5], [1.51, 42.5]]"),
        "class",
        "unknown road class \"C\" (expected M, A or B)",
    );
}

#[test]
fn unknown_kind_and_place() {
    single_problem(
        feature(
            r#"{"kind": "castle"}"#,
            r#"{"type": "Point", "coordinates": [1.5, 42.5]}"#,
        ),
        "kind",
        "unknown kind \"castle\"",
    );
    single_problem(
        feature(
            r#"{"kind": "settlement", "name": "X", "place": "hamlet"}"#,
            r#"{"type": "Point", "coordinates": [1.5, 42.5]}"#,
        ),
        "place",
        "unknown place \"hamlet\"",
    );
}

#[test]
fn missing_or_blank_name() {
    let geom = r#"{"type": "Point", "coordinates": [1.5, 42.5]}"#;
    single_problem(
        feature(r#"{"kind": "settlement", "place": "town"}"#, geom),
        "name",
        "is missing",
    );
    single_problem(
        feature(
            r#"{"kind": "settlement", "name": "  ", "place": "town"}"#,
            geom,
        ),
        "name",
        "is blank",
    );
}

#[test]
fn wrong_property_types() {
    let geom = r#"{"type": "Point", "coordinates": [1.5, 42.5]}"#;
    single_problem(
        feature(
            r#"{"kind": "settlement", "name": 12, "place": "town"}"#,
            geom,
        ),
        "name",
        "must be a string, found the number 12",
    );
    single_problem(
        feature(
            r#"{"kind": "settlement", "name": "X", "place": "town", "playable": "yes"}"#,
            geom,
        ),
        "playable",
        "must be true or false",
    );
    single_problem(
        feature(
            r#"{"kind": "settlement", "name": "X", "place": "town", "osm_id": 1.5}"#,
            geom,
        ),
        "osm_id",
        "must be an integer",
    );
}

#[test]
fn empty_and_short_coordinate_arrays() {
    single_problem(road("A", "[]"), "geometry", "at least 2 points, found 0");
    single_problem(
        road("A", "[[1.5, 42.5]]"),
        "geometry",
        "at least 2 points, found 1",
    );
    single_problem(
        road("A", "[[1.5, 42.5], [1.5, 42.5]]"),
        "geometry",
        "coincide",
    );
    single_problem(road("A", "[[1.5, 42.5], []]"), "geometry", "coordinates[1]");
    single_problem(
        feature(
            r#"{"kind": "settlement", "name": "X", "place": "town"}"#,
            r#"{"type": "Point", "coordinates": []}"#,
        ),
        "geometry",
        "found 0 number",
    );
}

#[test]
fn out_of_range_coordinates() {
    single_problem(
        road("A", "[[1.5, 42.5], [1.5, 91]]"),
        "geometry",
        "latitude 91 is outside -90..90",
    );
    single_problem(
        road("A", "[[1.5, 42.5], [-181, 42]]"),
        "geometry",
        "longitude -181",
    );
}

#[test]
fn bad_polygon_rings() {
    let water = |rings: &str| {
        feature(
            r#"{"kind": "water"}"#,
            &format!(r#"{{"type": "Polygon", "coordinates": {rings}}}"#),
        )
    };
    single_problem(
        water("[[[1.5, 42.5], [1.51, 42.5], [1.51, 42.51], [1.5, 42.51]]]"),
        "geometry",
        "not closed",
    );
    single_problem(
        water("[[[1.5, 42.5], [1.51, 42.51], [1.52, 42.52], [1.5, 42.5]]]"),
        "geometry",
        "degenerate",
    );
    single_problem(
        water("[[[1.5, 42.5], [1.51, 42.5], [1.5, 42.5]]]"),
        "geometry",
        "at least 4 points",
    );
    single_problem(water("[]"), "geometry", "at least one ring");
}

#[test]
fn wrong_geometry_for_kind() {
    single_problem(
        feature(
            r#"{"kind": "road", "class": "A"}"#,
            r#"{"type": "Point", "coordinates": [1.5, 42.5]}"#,
        ),
        "geometry",
        "a road needs a LineString geometry, found Point",
    );
    single_problem(
        feature(
            r#"{"kind": "coastline"}"#,
            r#"{"type": "MultiLineString", "coordinates": [[[1.5, 42.5], [1.6, 42.6]]]}"#,
        ),
        "geometry",
        "found MultiLineString",
    );
    single_problem(
        feature(r#"{"kind": "water"}"#, "null"),
        "geometry",
        "is missing",
    );
}

#[test]
fn every_problem_of_a_file_is_listed_and_long_lists_are_cut() {
    let bad: Vec<String> = (0..60).map(|_| road("Z", "[]")).collect();
    let (err, _dir) = load_err(META, &collection(&bad), EMPTY);
    let LoadError::Invalid { problems, .. } = &err else {
        panic!("{err}");
    };
    assert_eq!(problems.len(), 120, "class and geometry of all 60 features");
    assert_eq!(
        (problems[118].feature, problems[118].field.as_str()),
        (59, "geometry")
    );
    assert_eq!(
        (problems[119].feature, problems[119].field.as_str()),
        (59, "class")
    );
    let text = err.to_string();
    assert!(text.contains("… and 70 more"), "{text}");
    assert!(
        !text.contains("feature 30,"),
        "only the first 50 are spelt out"
    );
}

#[test]
fn terrain_problems_name_the_terrain_file() {
    let terrain = collection(&[
        feature(
            r#"{"kind": "wood"}"#,
            r#"{"type": "LineString", "coordinates": [[1.5, 42.5], [1.6, 42.6]]}"#,
        ),
        feature(
            r#"{"kind": "track", "bridge": "yes"}"#,
            r#"{"type": "LineString", "coordinates": [[1.5, 42.5], [1.6, 42.6]]}"#,
        ),
    ]);
    let (err, dir) = load_err(META, EMPTY, &terrain);
    let LoadError::Invalid { path, problems } = &err else {
        panic!("{err}");
    };
    assert_eq!(path, &dir.path().join("terrain.geojson"));
    let got: Vec<_> = problems
        .iter()
        .map(|p| (p.feature, p.field.as_str()))
        .collect();
    assert_eq!(got, vec![(0, "geometry"), (1, "bridge")]);
}

#[test]
fn files_that_are_not_feature_collections() {
    for (text, says) in [
        ("{not json", "not valid JSON"),
        (
            r#"{"type": "Feature", "features": []}"#,
            "FeatureCollection",
        ),
        (r#"{"type": "FeatureCollection"}"#, "\"features\" array"),
        ("[1, 2]", "FeatureCollection"),
    ] {
        let (err, dir) = load_err(META, text, EMPTY);
        assert!(
            matches!(&err, LoadError::Json { path, .. } if path == &dir.path().join("map.geojson")),
            "{err}"
        );
        assert!(err.to_string().contains(says), "{err}");
    }
    let (err, _dir) = load_err(META, EMPTY, "");
    assert!(
        matches!(&err, LoadError::Json { path, .. } if path.ends_with("terrain.geojson")),
        "{err}"
    );
}

#[test]
fn missing_files_are_io_errors_naming_the_file() {
    let dir = package(META, EMPTY, EMPTY);
    fs::remove_file(dir.path().join("terrain.geojson")).unwrap();
    let err = GameMap::load(dir.path()).err().unwrap();
    assert!(
        matches!(&err, LoadError::Io { path, .. } if path == &dir.path().join("terrain.geojson")),
        "{err}"
    );
    let err = GameMap::load(&dir.path().join("nowhere")).err().unwrap();
    assert!(
        matches!(&err, LoadError::Io { path, .. } if path.ends_with("map.toml")),
        "{err}"
    );
}

#[test]
fn bad_metadata() {
    let (err, dir) = load_err("name = [", EMPTY, EMPTY);
    assert!(
        matches!(&err, LoadError::Meta { path, .. } if path == &dir.path().join("map.toml")),
        "{err}"
    );
    let (err, _dir) = load_err(&META.replace("\nscale = 25000\n", "\n"), EMPTY, EMPTY);
    assert!(
        matches!(&err, LoadError::Meta { .. }) && err.to_string().contains("scale"),
        "{err}"
    );
    let (err, _dir) = load_err(&META.replace("1.60, 42.60", "1.40, 42.60"), EMPTY, EMPTY);
    assert!(
        matches!(&err, LoadError::Meta { .. }) && err.to_string().contains("west < east"),
        "{err}"
    );
}

#[test]
fn newer_format_version_is_refused_even_with_unknown_fields() {
    let newer = "format_version = 3\nsomething_new = true\n";
    let (err, dir) = load_err(newer, EMPTY, EMPTY);
    match &err {
        LoadError::NewerVersion {
            path,
            found,
            supported,
        } => {
            assert_eq!(path, &dir.path().join("map.toml"));
            assert_eq!((*found, *supported), (3, 2));
        }
        other => panic!("expected NewerVersion, got {other}"),
    }
    assert!(
        err.to_string().contains("format_version 3 is newer"),
        "{err}"
    );
}

#[test]
fn from_sources_names_the_bare_file() {
    let meta = omms::map::MapMeta::from_toml(META).unwrap();
    let err = GameMap::from_sources(
        meta,
        &collection(&[road("Q", "[[1.5, 42.5], [1.6, 42.6]]")]),
        EMPTY,
    )
    .err()
    .unwrap();
    assert!(
        err.to_string()
            .starts_with("map.geojson: 1 invalid feature field:"),
        "{err}"
    );
}

#[test]
fn a_t_junction_on_an_inner_vertex_makes_three_edges_and_four_nodes() {
    // Road 0 runs west–east through (1.55, 42.55); road 1 starts there and runs north.
    let map = collection(&[
        road("A", "[[1.54, 42.55], [1.55, 42.55], [1.56, 42.55]]"),
        road("B", "[[1.55, 42.55], [1.55, 42.56], [1.55, 42.57]]"),
        town("Cross", 1.551, 42.551),
    ]);
    let dir = package(META, &map, EMPTY);
    let m = GameMap::load(dir.path()).unwrap();
    let g = m.roads();
    assert_eq!((g.nodes().len(), g.edges().len()), (4, 3));
    let ends: Vec<_> = g
        .edges()
        .iter()
        .map(|e| (e.from(), e.to(), e.points().len(), e.class()))
        .collect();
    assert_eq!(
        ends,
        vec![
            (NodeId(0), NodeId(1), 2, RoadClass::A),
            (NodeId(1), NodeId(2), 2, RoadClass::A),
            (NodeId(1), NodeId(3), 3, RoadClass::B),
        ]
    );
    assert_eq!(
        g.node(NodeId(1)).edges(),
        &[EdgeId(0), EdgeId(1), EdgeId(2)]
    );
    assert_eq!(g.edge(EdgeId(2)).road_ref(), Some("CG-1"));
    assert_eq!(g.edge(EdgeId(2)).name(), None);
    assert_eq!(g.edge(EdgeId(2)).osm_id(), 7);
    // Shared vertices land on exactly the same metres in every edge.
    assert_eq!(g.edge(EdgeId(0)).points()[1], g.node(NodeId(1)).pos());
    assert_eq!(g.edge(EdgeId(2)).points()[0], g.node(NodeId(1)).pos());
    assert_eq!(m.segment_tree().size(), 4);
    let p = m.place(PlaceId(0));
    assert_eq!(
        (p.name(), p.kind(), p.playable()),
        ("Cross", PlaceKind::Town, true)
    );
}

#[test]
fn crossing_roads_without_a_shared_vertex_stay_apart() {
    // A bridge: the lines cross at (1.55, 42.55) but neither has a vertex there.
    let map = collection(&[
        road("A", "[[1.54, 42.55], [1.56, 42.55]]"),
        road("A", "[[1.55, 42.54], [1.55, 42.56]]"),
    ]);
    let meta = omms::map::MapMeta::from_toml(META).unwrap();
    let m = GameMap::from_sources(meta, &map, EMPTY).unwrap();
    assert_eq!((m.roads().nodes().len(), m.roads().edges().len()), (4, 2));
}

#[test]
fn a_road_passing_its_own_vertex_twice_is_split_there() {
    // A lollipop: out along a stem, round a loop, back to the loop's start, and on.
    let map = collection(&[road(
        "A",
        "[[1.50, 42.50], [1.51, 42.50], [1.52, 42.51], [1.52, 42.50], [1.51, 42.50], [1.51, 42.49]]",
    )]);
    let meta = omms::map::MapMeta::from_toml(META).unwrap();
    let m = GameMap::from_sources(meta, &map, EMPTY).unwrap();
    let ends: Vec<_> = m
        .roads()
        .edges()
        .iter()
        .map(|e| (e.from().0, e.to().0))
        .collect();
    assert_eq!(ends, vec![(0, 1), (1, 1), (1, 2)]);
}

#[test]
fn loading_is_deterministic() {
    let map =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra/map.geojson"))
            .unwrap();
    let meta = || {
        omms::map::load_meta(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra")).unwrap()
    };
    let a = GameMap::from_sources(meta(), &map, EMPTY).unwrap();
    let b = GameMap::from_sources(meta(), &map, EMPTY).unwrap();
    assert_eq!(a.roads().edges(), b.roads().edges());
    assert_eq!(a.roads().nodes(), b.roads().nodes());
}
