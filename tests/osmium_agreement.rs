//! The importer agrees with osmium-tool on the real extracts.
//!
//! For each extract in `../shared/osm` (next to the project), `omms import` and an independent
//! osmium pipeline (`osmium tags-filter` + `osmium export` to GeoJSON) are run on the same file, and
//! these quantities are compared:
//!
//! * settlement places per kind (city / town / village / suburb), counting only places that carry a
//!   non-blank `name` on both sides (the importer drops unnamed places: a settlement must be called
//!   something on the board);
//! * kilometres of M, A and B road (sum of haversine lengths of the lon/lat linestrings, with the
//!   same formula on both sides; our roads are split at shared nodes, osmium's are whole ways, which
//!   does not change the total).
//!
//! Each must agree within 1 % (for counts below 100 that means exactly). On a mismatch the test
//! names the OSM ids that differ.
//!
//! Legitimate differences the comparison is built to ignore:
//! * a place mapped as an area: osmium exports a (multi)polygon, we write a point; features are
//!   counted, not geometries compared;
//! * osmium drops a whole way when one of its nodes is missing from the file, while the importer
//!   keeps the parts it can place. The extracts here hold every node of every way (checked with
//!   `osmium check-refs`), so this cannot bite on them; the diagnostics name such ways if it does;
//! * the importer skips an area place (relation) whose `label`/`admin_centre` node is itself a
//!   place node (the node already stands for it); osmium would count both. None of the three
//!   extracts has a place mapped as an area.
//!
//! Skipped, with a printed reason, when the extracts or `osmium` are absent, except under
//! `OMMS_REQUIRE_ENV=1`, where that fails (CI sets it and installs the `osmium-tool` package). Run with `tools/osmium-compare` or
//! `cargo test --release --test osmium_agreement -- --nocapture`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

mod common;

const EXTRACTS: [&str; 3] = [
    "andorra.osm.pbf",
    "liechtenstein.osm.pbf",
    "north-bayreuth.osm.pbf",
];
const PLACE_KINDS: [&str; 4] = ["city", "town", "village", "suburb"];
/// The default `highway=*` → class mapping (RULINGS §3, docs/map-package.md).
const ROAD_CLASSES: [(&str, &str); 8] = [
    ("motorway", "M"),
    ("motorway_link", "M"),
    ("trunk", "A"),
    ("trunk_link", "A"),
    ("primary", "A"),
    ("primary_link", "A"),
    ("secondary", "B"),
    ("secondary_link", "B"),
];
/// Allowed relative disagreement.
const TOLERANCE: f64 = 0.01;

/// Mean Earth radius (IUGG), metres.
const EARTH_RADIUS_M: f64 = 6_371_008.8;

/// Great-circle distance between two lon/lat points, metres.
fn haversine_m(a: [f64; 2], b: [f64; 2]) -> f64 {
    let (lat1, lat2) = (a[1].to_radians(), b[1].to_radians());
    let dlat = lat2 - lat1;
    let dlon = (b[0] - a[0]).to_radians();
    let h = (dlat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (dlon / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_M * h.sqrt().min(1.0).asin()
}

/// Length of a GeoJSON LineString's coordinate array, metres.
fn linestring_m(coords: &Value) -> f64 {
    let pts: Vec<[f64; 2]> = coords
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|p| Some([p.get(0)?.as_f64()?, p.get(1)?.as_f64()?]))
                .collect()
        })
        .unwrap_or_default();
    pts.windows(2).map(|w| haversine_m(w[0], w[1])).sum()
}

/// What is compared, from either side.
#[derive(Debug, Default)]
struct Quantities {
    /// Named settlement places per kind, as (osm type, id) so differences can be named.
    places: BTreeMap<String, BTreeSet<(String, i64)>>,
    /// Metres of road per class (M/A/B), per OSM way id.
    road_m: BTreeMap<String, BTreeMap<i64, f64>>,
}

impl Quantities {
    fn place_count(&self, kind: &str) -> usize {
        self.places.get(kind).map_or(0, BTreeSet::len)
    }
    fn road_km(&self, class: &str) -> f64 {
        self.road_m
            .get(class)
            .map_or(0.0, |w| w.values().sum::<f64>() / 1000.0)
    }
}

fn features(fc: &Value) -> &[Value] {
    fc.get("features")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn named(props: &Value) -> bool {
    props
        .get("name")
        .and_then(Value::as_str)
        .is_some_and(|n| !n.trim().is_empty())
}

/// Our `map.geojson`: settlement points and road edges (docs/map-package.md).
fn quantities_from_ours(fc: &Value) -> Quantities {
    let mut q = Quantities::default();
    for f in features(fc) {
        let props = &f["properties"];
        match props["kind"].as_str() {
            Some("settlement") => {
                let kind = props["place"].as_str().unwrap_or("?").to_string();
                let key = (
                    props["osm_type"].as_str().unwrap_or("?").to_string(),
                    props["osm_id"].as_i64().unwrap_or(0),
                );
                q.places.entry(kind).or_default().insert(key);
            }
            Some("road") => {
                let class = props["class"].as_str().unwrap_or("?").to_string();
                let id = props["osm_id"].as_i64().unwrap_or(0);
                *q.road_m.entry(class).or_default().entry(id).or_insert(0.0) +=
                    linestring_m(&f["geometry"]["coordinates"]);
            }
            _ => {}
        }
    }
    q
}

/// `osmium export -a type,id` output: place points/areas and highway linestrings.
fn quantities_from_osmium(fc: &Value) -> Quantities {
    let classes: BTreeMap<&str, &str> = ROAD_CLASSES.into_iter().collect();
    let mut q = Quantities::default();
    for f in features(fc) {
        let props = &f["properties"];
        let gtype = f["geometry"]["type"].as_str().unwrap_or("");
        let osm_type = props["@type"].as_str().unwrap_or("?").to_string();
        let id = props["@id"].as_i64().unwrap_or(0);
        if let Some(kind) = props["place"].as_str().filter(|k| PLACE_KINDS.contains(k)) {
            // A node is a Point; a closed way or a multipolygon/boundary relation is an area.
            if named(props) && matches!(gtype, "Point" | "Polygon" | "MultiPolygon") {
                q.places
                    .entry(kind.to_string())
                    .or_default()
                    .insert((osm_type.clone(), id));
            }
        }
        if let Some(class) = props["highway"].as_str().and_then(|h| classes.get(h)) {
            if gtype == "LineString" && osm_type == "way" {
                *q.road_m
                    .entry(class.to_string())
                    .or_default()
                    .entry(id)
                    .or_insert(0.0) += linestring_m(&f["geometry"]["coordinates"]);
            }
        }
    }
    q
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{cmd:?} failed ({}):\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()))
}

/// The osmium side: filter the same tags, export to GeoJSON with type and id attributes.
fn osmium_quantities(pbf: &Path, dir: &Path) -> Quantities {
    let filtered = dir.join("filtered.osm.pbf");
    let roads: Vec<&str> = ROAD_CLASSES.iter().map(|(h, _)| *h).collect();
    run(Command::new("osmium")
        .arg("tags-filter")
        .arg(pbf)
        .arg(format!("nwr/place={}", PLACE_KINDS.join(",")))
        .arg(format!("w/highway={}", roads.join(",")))
        .arg("-o")
        .arg(&filtered)
        .arg("-O"))
    .unwrap();
    // Highways are lines even when closed (roundabouts); place ways are areas. Relations tagged
    // type=multipolygon|boundary are always areas in osmium export.
    let config = dir.join("export.json");
    std::fs::write(
        &config,
        r#"{"attributes": {"type": true, "id": true}, "linear_tags": ["highway"], "area_tags": ["place"]}"#,
    )
    .unwrap();
    let geojson = dir.join("osmium.geojson");
    run(Command::new("osmium")
        .arg("export")
        .arg(&filtered)
        .arg("-c")
        .arg(&config)
        .arg("-f")
        .arg("geojson")
        .arg("-o")
        .arg(&geojson)
        .arg("-O"))
    .unwrap();
    quantities_from_osmium(&read_json(&geojson))
}

/// Our side: run the importer binary and read its board.
fn our_quantities(pbf: &Path, dir: &Path) -> Quantities {
    let pkg = dir.join("pkg");
    run(Command::new(env!("CARGO_BIN_EXE_omms"))
        .arg("import")
        .arg(pbf)
        .arg("--out")
        .arg(&pkg))
    .unwrap();
    quantities_from_ours(&read_json(&pkg.join("map.geojson")))
}

/// Relative difference of `ours` against `theirs`, percent (0 when both are 0).
fn diff_pct(ours: f64, theirs: f64) -> f64 {
    let d = if theirs == 0.0 {
        if ours == 0.0 {
            0.0
        } else {
            f64::INFINITY
        }
    } else {
        (ours - theirs) / theirs * 100.0
    };
    // No "-0.00" in the table.
    if d.abs() < 0.005 {
        0.0
    } else {
        d
    }
}

/// Counts agree when they differ by at most 1 % rounded down (so below 100: exactly).
fn counts_agree(ours: usize, theirs: usize) -> bool {
    ours.abs_diff(theirs) as f64 <= (theirs as f64 * TOLERANCE).floor()
}

fn km_agree(ours: f64, theirs: f64) -> bool {
    // 1 m of slack for rounding when a class is (nearly) absent.
    (ours - theirs).abs() <= (theirs * TOLERANCE).max(0.001)
}

/// One row of the table per quantity; failures carry the ids that explain them.
fn compare(
    extract: &str,
    ours: &Quantities,
    theirs: &Quantities,
    table: &mut Vec<String>,
    failures: &mut Vec<String>,
) {
    for kind in PLACE_KINDS {
        let (a, b) = (ours.place_count(kind), theirs.place_count(kind));
        let ok = counts_agree(a, b);
        table.push(format!(
            "{extract:<24} {:<16} {a:>12} {b:>12} {:>8.2} {}",
            format!("places {kind}"),
            diff_pct(a as f64, b as f64),
            if ok { "ok" } else { "FAIL" }
        ));
        if !ok {
            let empty = BTreeSet::new();
            let sa = ours.places.get(kind).unwrap_or(&empty);
            let sb = theirs.places.get(kind).unwrap_or(&empty);
            let only_ours: Vec<_> = sa.difference(sb).take(20).collect();
            let only_theirs: Vec<_> = sb.difference(sa).take(20).collect();
            failures.push(format!(
                "{extract}: place={kind}: ours {a}, osmium {b}; only ours: {only_ours:?}; only osmium: {only_theirs:?}"
            ));
        }
    }
    for class in ["M", "A", "B"] {
        let (a, b) = (ours.road_km(class), theirs.road_km(class));
        let ok = km_agree(a, b);
        table.push(format!(
            "{extract:<24} {:<16} {a:>12.3} {b:>12.3} {:>8.2} {}",
            format!("{class} road km"),
            diff_pct(a, b),
            if ok { "ok" } else { "FAIL" }
        ));
        if !ok {
            let empty = BTreeMap::new();
            let wa = ours.road_m.get(class).unwrap_or(&empty);
            let wb = theirs.road_m.get(class).unwrap_or(&empty);
            let ids: BTreeSet<i64> = wa.keys().chain(wb.keys()).copied().collect();
            let mut worst: Vec<(f64, i64, f64, f64)> = ids
                .into_iter()
                .map(|id| {
                    let (x, y) = (
                        wa.get(&id).copied().unwrap_or(0.0),
                        wb.get(&id).copied().unwrap_or(0.0),
                    );
                    ((x - y).abs(), id, x, y)
                })
                .filter(|d| d.0 > 0.5)
                .collect();
            worst.sort_by(|p, q| q.0.total_cmp(&p.0));
            let listed: Vec<String> = worst
                .iter()
                .take(20)
                .map(|(_, id, x, y)| format!("w{id}: ours {x:.1} m, osmium {y:.1} m"))
                .collect();
            failures.push(format!(
                "{extract}: class {class}: ours {a:.3} km, osmium {b:.3} km; {} ways differ, largest: {}",
                worst.len(),
                listed.join("; ")
            ));
        }
    }
}

#[test]
fn importer_agrees_with_osmium_on_real_extracts() {
    let Some(osm_dir) = common::prereq::shared_osm() else {
        return;
    };
    if !common::prereq::have_osmium() {
        return;
    }
    let mut table = vec![format!(
        "{:<24} {:<16} {:>12} {:>12} {:>8} {}",
        "extract", "quantity", "ours", "osmium", "diff%", ""
    )];
    let mut failures = Vec::new();
    let mut compared = 0;
    for name in EXTRACTS {
        let pbf: PathBuf = osm_dir.join(name);
        if !pbf.is_file() {
            println!("skipping {name}: not found in {}", osm_dir.display());
            continue;
        }
        let tmp = tempfile::tempdir().expect("temporary folder");
        let ours = our_quantities(&pbf, tmp.path());
        let theirs = osmium_quantities(&pbf, tmp.path());
        compare(name, &ours, &theirs, &mut table, &mut failures);
        compared += 1;
    }
    println!("{}", table.join("\n"));
    assert!(
        failures.is_empty(),
        "importer disagrees with osmium:\n{}",
        failures.join("\n")
    );
    println!("{compared} extract(s) compared");
}

#[test]
fn a_disagreement_names_the_osm_ids() {
    let mut ours = Quantities::default();
    let mut theirs = Quantities::default();
    for id in 1..=5 {
        ours.places
            .entry("village".into())
            .or_default()
            .insert(("node".into(), id));
        theirs
            .places
            .entry("village".into())
            .or_default()
            .insert(("node".into(), id + 1));
    }
    ours.road_m
        .entry("A".into())
        .or_default()
        .insert(42, 1000.0);
    theirs
        .road_m
        .entry("A".into())
        .or_default()
        .insert(42, 1005.0);
    let (mut table, mut failures) = (Vec::new(), Vec::new());
    compare("x", &ours, &theirs, &mut table, &mut failures);
    assert_eq!(table.len(), 7);
    assert!(
        failures.is_empty(),
        "equal counts and 0.5 % agree: {failures:?}"
    );
    ours.places
        .get_mut("village")
        .unwrap()
        .insert(("way".into(), 9));
    ours.road_m.get_mut("A").unwrap().insert(42, 3000.0);
    compare("x", &ours, &theirs, &mut table, &mut failures);
    assert_eq!(failures.len(), 2, "{failures:?}");
    assert!(
        failures[0].contains("(\"way\", 9)") && failures[0].contains("(\"node\", 6)"),
        "{}",
        failures[0]
    );
    assert!(
        failures[1].contains("w42: ours 3000.0 m, osmium 1005.0 m"),
        "{}",
        failures[1]
    );
}

#[test]
fn haversine_is_sane() {
    // One degree of latitude is about 111.2 km; one of longitude at 60° is half that.
    assert!((haversine_m([0.0, 0.0], [0.0, 1.0]) - 111_195.0).abs() < 1.0);
    assert!((haversine_m([0.0, 60.0], [1.0, 60.0]) - 55_597.0).abs() < 5.0);
    assert_eq!(haversine_m([1.5, 42.5], [1.5, 42.5]), 0.0);
    assert!(
        counts_agree(7, 7)
            && !counts_agree(7, 8)
            && counts_agree(199, 200)
            && !counts_agree(197, 200)
    );
    assert!(km_agree(100.5, 100.0) && !km_agree(101.5, 100.0) && km_agree(0.0, 0.0));
}
