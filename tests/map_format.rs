//! Map package format versions: format 2 adds sea areas and ports; a format-1 package (every
//! package shipped before it) still loads, read as format 2 with no sea and no port; format-2
//! content in a package that says format 1 is named, not silently taken.

use std::fs;
use std::path::Path;

use omms::map::{GameMap, LoadError, FORMAT_VERSION};

fn meta(version: u32) -> String {
    format!(
        r#"format_version = {version}
name = "Harbour"
scale = 25000
proposed_scale = 25000
bbox = [14.40, 35.80, 14.60, 36.00]
attribution = "© OpenStreetMap contributors (ODbL)"

[source]
file = "harbour.osm.pbf"
date = ""

[road_classes]
primary = "A"
"#
    )
}

/// A town on a road by the shore, a second town marked as a port (when `port` is set), and a sea
/// area east of 14.52° (when `sea` is set).
fn map(port: bool, sea: bool) -> String {
    let port = if port { r#", "port": true"# } else { "" };
    let mut features = vec![
        r#"{"type": "Feature", "properties": {"kind": "settlement", "name": "Inland", "place": "town", "playable": true}, "geometry": {"type": "Point", "coordinates": [14.45, 35.90]}}"#.to_string(),
        format!(r#"{{"type": "Feature", "properties": {{"kind": "settlement", "name": "Quay", "place": "town", "playable": true{port}}}, "geometry": {{"type": "Point", "coordinates": [14.51, 35.90]}}}}"#),
        r#"{"type": "Feature", "properties": {"kind": "road", "class": "A", "highway": "primary"}, "geometry": {"type": "LineString", "coordinates": [[14.45, 35.90], [14.51, 35.90]]}}"#.to_string(),
    ];
    if sea {
        features.push(r#"{"type": "Feature", "properties": {"kind": "sea"}, "geometry": {"type": "Polygon", "coordinates": [[[14.52, 35.80], [14.60, 35.80], [14.60, 36.00], [14.52, 36.00], [14.52, 35.80]]]}}"#.to_string());
    }
    format!(
        r#"{{"type": "FeatureCollection", "features": [{}]}}"#,
        features.join(",\n")
    )
}

fn package(version: u32, map: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("map.toml"), meta(version)).unwrap();
    fs::write(dir.path().join("map.geojson"), map).unwrap();
    fs::write(
        dir.path().join("terrain.geojson"),
        r#"{"type": "FeatureCollection", "features": []}"#,
    )
    .unwrap();
    dir
}

fn xy(m: &GameMap, lon: f64, lat: f64) -> [f64; 2] {
    m.projection().to_xy(lon, lat)
}

#[test]
fn format_2_holds_the_sea_and_ports() {
    assert_eq!(FORMAT_VERSION, 2);
    let dir = package(2, &map(true, true));
    let m = GameMap::load(dir.path()).unwrap();
    assert_eq!(m.meta().format_version, 2);
    assert_eq!(m.sea().len(), 1);
    let ports: Vec<(&str, bool)> = m.places().iter().map(|p| (p.name(), p.port())).collect();
    assert_eq!(ports, [("Inland", false), ("Quay", true)]);
    // The sea is not land: a Scout may not walk into it.
    assert!(!m.is_land(xy(&m, 14.56, 35.90)));
    assert!(m.is_land(xy(&m, 14.50, 35.90)));
    assert!(m.segment_crosses_water(xy(&m, 14.50, 35.90), xy(&m, 14.55, 35.90)));
}

#[test]
fn a_format_1_package_loads_as_format_2_without_sea_or_ports() {
    let dir = package(1, &map(false, false));
    let m = GameMap::load(dir.path()).unwrap();
    assert_eq!(m.meta().format_version, FORMAT_VERSION, "upgraded on load");
    assert!(m.sea().is_empty());
    assert!(m.places().iter().all(|p| !p.port()));
    // The shipped maps were written as format 1 and load the same way.
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra");
    let text = fs::read_to_string(shipped.join("map.toml")).unwrap();
    if text.contains("format_version = 1") {
        let andorra = GameMap::load(&shipped).unwrap();
        assert_eq!(andorra.meta().format_version, FORMAT_VERSION);
        assert!(andorra.sea().is_empty());
    }
}

#[test]
fn format_2_content_in_a_format_1_package_is_named() {
    let dir = package(1, &map(true, true));
    let Err(err) = GameMap::load(dir.path()) else {
        panic!("the package loaded")
    };
    let LoadError::Invalid { problems, .. } = &err else {
        panic!("expected Invalid, got {err}");
    };
    let at: Vec<(usize, &str)> = problems
        .iter()
        .map(|p| (p.feature, p.field.as_str()))
        .collect();
    assert_eq!(at, [(1, "port"), (3, "kind")], "{err}");
    let text = err.to_string();
    assert!(
        text.contains("a port needs format_version 2 in map.toml (this package says 1)")
            && text.contains("a sea area needs format_version 2"),
        "{text}"
    );
}

#[test]
fn versions_never_written_are_refused_with_the_file_named() {
    for (v, says) in [
        (0, "not one OMMS ever wrote"),
        (3, "format_version 3 is newer"),
    ] {
        let dir = package(v, &map(false, false));
        let Err(err) = GameMap::load(dir.path()) else {
            panic!("format {v} loaded")
        };
        assert_eq!(err.path(), dir.path().join("map.toml"));
        assert!(err.to_string().contains(says), "{err}");
    }
}
