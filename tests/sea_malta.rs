//! The sea of the shipped Malta map (made by our importer, byte-equal to a fresh import: see
//! `shipped_maps.rs`) against an independent computation, and points a player knows classified.
//!
//! The independent side asks `osmium` for the coastline ways with their node positions
//! (`tags-filter` + `add-locations-to-ways` to OPL), joins them head to tail by node id itself,
//! checks every ring closes, and measures each ring's signed area with the shoelace formula in a
//! local equirectangular projection: counter-clockwise rings are land (land lies left of a
//! coastline). The sea must then be the map's box minus the land, and there must be as many holes
//! in the sea as there are islands.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use omms::map::GameMap;
use serde_json::Value;

mod common;

/// Allowed relative disagreement of the sea's area (both sides use the same projection; what is
/// left is the importer's coordinates rounded to 1e-7° and the overlay's own rounding).
const TOLERANCE: f64 = 0.001;

fn shipped() -> &'static Path {
    Box::leak(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps/malta")
            .into_boxed_path(),
    )
}

/// Shoelace area (m², signed: positive counter-clockwise) in a projection round latitude `lat0`.
fn signed_area_m2(ring: &[[f64; 2]], lat0: f64) -> f64 {
    let k = 6_371_008.8_f64.to_radians();
    let c = lat0.to_radians().cos();
    let xy: Vec<[f64; 2]> = ring.iter().map(|p| [p[0] * k * c, p[1] * k]).collect();
    xy.windows(2)
        .map(|w| w[0][0] * w[1][1] - w[1][0] * w[0][1])
        .sum::<f64>()
        / 2.0
}

/// Coastline rings from osmium: (signed area m², node count), or the ways that do not close.
fn osmium_rings(pbf: &Path, lat0: f64) -> Result<Vec<(f64, usize)>, String> {
    let tmp = tempfile::tempdir().unwrap();
    let coast = tmp.path().join("coast.osm.pbf");
    let opl = tmp.path().join("coast.opl");
    let run = |args: &[&std::ffi::OsStr]| {
        let o = Command::new("osmium").args(args).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    run(&[
        "tags-filter".as_ref(),
        pbf.as_os_str(),
        "w/natural=coastline".as_ref(),
        "-o".as_ref(),
        coast.as_os_str(),
    ]);
    run(&[
        "add-locations-to-ways".as_ref(),
        coast.as_os_str(),
        "-f".as_ref(),
        "opl".as_ref(),
        "-o".as_ref(),
        opl.as_os_str(),
    ]);
    // Ways as node lists, positions by node id.
    let mut pos: BTreeMap<i64, [f64; 2]> = BTreeMap::new();
    let mut ways: Vec<(i64, Vec<i64>)> = Vec::new();
    for line in std::fs::read_to_string(&opl).unwrap().lines() {
        if !line.starts_with('w') {
            continue;
        }
        let id: i64 = line[1..line.find(' ').unwrap()].parse().unwrap();
        let nodes = line.split(' ').find_map(|f| f.strip_prefix('N')).unwrap();
        let mut refs = Vec::new();
        for n in nodes.split(',') {
            let (nid, rest) = n[1..].split_once('x').unwrap();
            let (x, y) = rest.split_once('y').unwrap();
            let nid: i64 = nid.parse().unwrap();
            pos.insert(nid, [x.parse().unwrap(), y.parse().unwrap()]);
            refs.push(nid);
        }
        ways.push((id, refs));
    }
    let mut by_head: BTreeMap<i64, usize> = BTreeMap::new();
    for (i, (_, r)) in ways.iter().enumerate() {
        if r.first() != r.last() {
            by_head.insert(r[0], i);
        }
    }
    let mut used = vec![false; ways.len()];
    let mut rings = Vec::new();
    let mut open = Vec::new();
    for start in 0..ways.len() {
        if used[start] {
            continue;
        }
        used[start] = true;
        let mut ring = ways[start].1.clone();
        while ring.first() != ring.last() {
            match by_head.get(ring.last().unwrap()) {
                Some(&n) if !used[n] => {
                    used[n] = true;
                    ring.extend_from_slice(&ways[n].1[1..]);
                }
                _ => break,
            }
        }
        if ring.first() == ring.last() {
            let pts: Vec<[f64; 2]> = ring.iter().map(|n| pos[n]).collect();
            rings.push((signed_area_m2(&pts, lat0), ring.len()));
        } else {
            open.push(ways[start].0);
        }
    }
    if open.is_empty() {
        Ok(rings)
    } else {
        Err(format!("coastline ways that do not close: {open:?}"))
    }
}

#[test]
fn malta_sea_agrees_with_an_osmium_computation() {
    let Some(osm) = common::prereq::shared_osm() else {
        return;
    };
    if !common::prereq::have_osmium() {
        return;
    }
    let meta = omms::map::load_meta(shipped()).unwrap();
    let [w, s, e, n] = meta.bbox;
    let lat0 = (s + n) / 2.0;
    let rings = osmium_rings(&osm.join("malta.osm.pbf"), lat0).unwrap();
    let land: f64 = rings.iter().map(|r| r.0).sum();
    let islands = rings.iter().filter(|r| r.0 > 0.0).count();
    assert_eq!(
        islands,
        rings.len(),
        "Malta's coastline has no enclosed sea"
    );
    let box_m2 = signed_area_m2(&[[w, s], [e, s], [e, n], [w, n], [w, s]], lat0);

    // Our side: the `sea` features of the package (not the rivers), exterior minus holes.
    let text = std::fs::read_to_string(shipped().join("map.geojson")).unwrap();
    let fc: Value = serde_json::from_str(&text).unwrap();
    let mut ours = 0.0;
    let mut holes = 0;
    for f in fc["features"].as_array().unwrap() {
        let p = &f["properties"];
        if p["kind"] != "sea" || p.get("waterway").is_some() {
            continue;
        }
        assert_eq!(f["geometry"]["type"], "Polygon");
        for (k, ring) in f["geometry"]["coordinates"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let pts: Vec<[f64; 2]> = ring
                .as_array()
                .unwrap()
                .iter()
                .map(|c| [c[0].as_f64().unwrap(), c[1].as_f64().unwrap()])
                .collect();
            let a = signed_area_m2(&pts, lat0);
            // RFC 7946 orientation: the outer ring counter-clockwise, holes clockwise.
            assert_eq!(a > 0.0, k == 0, "ring {k} is oriented wrongly");
            ours += a;
            holes += usize::from(k > 0);
        }
    }
    let expected = box_m2 - land;
    println!(
        "Malta: box {:.2} km², land {:.2} km² in {} coastline rings ({} nodes), sea expected {:.3} km², ours {:.3} km² ({:+.4} %)",
        box_m2 / 1e6,
        land / 1e6,
        rings.len(),
        rings.iter().map(|r| r.1).sum::<usize>(),
        expected / 1e6,
        ours / 1e6,
        (ours - expected) / expected * 100.0
    );
    assert!(
        ((ours - expected) / expected).abs() < TOLERANCE,
        "sea {ours} m² v {expected} m² expected"
    );
    assert_eq!(holes, islands, "every island is a hole in the sea");
}

#[test]
fn malta_points_a_player_knows_are_classified_right() {
    let m = GameMap::load(shipped()).unwrap();
    let at = |lon: f64, lat: f64| m.projection().to_xy(lon, lat);
    // Open sea between Malta and Gozo's west, and off the south-west coast.
    for (lon, lat) in [(14.25, 35.85), (14.45, 35.78), (14.2, 36.09)] {
        let p = at(lon, lat);
        assert!(m.is_sea(p) && m.is_water(p) && !m.is_land(p), "{lon},{lat}");
    }
    // Valletta's Grand Harbour, between Valletta and the Three Cities.
    let harbour = at(14.5195, 35.8930);
    assert!(m.is_sea(harbour) && !m.is_land(harbour));
    // The middle of Malta and of Gozo.
    for (lon, lat) in [(14.43, 35.88), (14.25, 36.045)] {
        let p = at(lon, lat);
        assert!(m.is_land(p) && !m.is_water(p), "{lon},{lat}");
    }
    // An inland lake (the largest `water` area that is not sea): neither land nor ship water.
    let text = std::fs::read_to_string(shipped().join("map.geojson")).unwrap();
    let lake = text
        .lines()
        .filter(|l| l.contains("\"kind\":\"water\"") && l.contains("\"type\":\"Polygon\""))
        .max_by_key(|l| l.len())
        .unwrap();
    let f: Value = serde_json::from_str(lake.trim_end_matches(',')).unwrap();
    let ring: Vec<geo::Coord<f64>> = f["geometry"]["coordinates"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| geo::coord! {x: c[0].as_f64().unwrap(), y: c[1].as_f64().unwrap()})
        .collect();
    let inside = {
        use geo::InteriorPoint;
        geo::Polygon::new(geo::LineString::from(ring), vec![])
            .interior_point()
            .unwrap()
    };
    let p = at(inside.x(), inside.y());
    assert!(
        !m.is_land(p) && !m.is_water(p) && !m.is_sea(p),
        "lake at {inside:?}"
    );
    // The canal at Salina (St Paul's Bay) reaches the sea: ships may go up it, but it is not sea.
    let canal = at(14.4235416, 35.945111);
    assert!(m.is_water(canal) && !m.is_sea(canal));
    // Wied ta' Mġarr ix-Xini (Gozo) is mapped as a river that stops short of the sea: dry land.
    let wied = at(14.2557076, 36.0266387);
    assert!(!m.is_water(wied));
    // Ports: Valletta and Marsaxlokk yes; Ħ'Attard and Ir-Rabat, in the middle of the islands, no.
    let port = |name: &str| {
        m.place(m.place_by_name(name).unwrap_or_else(|| panic!("{name}")))
            .port()
    };
    assert!(port("Valletta") && port("Marsaxlokk"));
    assert!(!port("Ħ'Attard") && !port("Ir-Rabat"));
    assert_eq!(m.ports().len(), 44);
    // A Ship leaving the Grand Harbour reaches the open sea round Valletta's point.
    let out = at(14.53, 35.91);
    let r = m
        .meta()
        .scale
        .ground_m(omms::map::Measure::CardLength.radius_mm());
    assert!(m.water_path_within(harbour, out, r, &[]));
    // Nearest sea to an inland town is just off the coast, within a few km.
    let q = m.nearest_sea(at(14.43, 35.88)).unwrap();
    assert!(m.is_sea(q));
}

#[test]
fn every_ports_harbour_is_at_sea_as_the_rules_hold_it() {
    // New and beaten Ships are put at the sea point nearest their port. At Msida's marina that
    // point used to be the water's edge itself, ashore once kept to the millimetre: Ships put
    // there could neither sail nor be attacked, and a two-seat game stood to its turn limit.
    let m = GameMap::load(shipped()).unwrap();
    for id in m.ports() {
        let place = m.place(id);
        let c = place.pos();
        let q = m
            .nearest_sea(c)
            .unwrap_or_else(|| panic!("{} has no sea near", place.name()));
        let held = [(q[0] * 1e3).round() / 1e3, (q[1] * 1e3).round() / 1e3];
        assert!(
            m.is_sea(held),
            "{}'s harbour point {q:?} is ashore",
            place.name()
        );
    }
}
