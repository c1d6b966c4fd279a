//! `omms import` on small synthetic extracts with a coast: ports by the 50p-coin rule, the sea
//! closed along the board's edge where the extract cuts the coastline, and a broken coastline
//! reported rather than guessed.

use std::process::Command;

use omms::map::GameMap;

mod common;

use common::pbf::{tags, town, Osm};

/// The synthetic town with a coastline running north at `coast_lon` (land to the west), from
/// south of everything to north of everything, like a coast an extract cuts at both ends.
fn coastal(coast_lon: f64, north_end: f64) -> Vec<u8> {
    coastal_osm(coast_lon, north_end).to_pbf()
}

/// [`coastal`] before it is written, for a test to add to.
fn coastal_osm(coast_lon: f64, north_end: f64) -> Osm {
    let mut o = town();
    let a = o.add_node(coast_lon, 44.90, vec![]);
    let b = o.add_node(coast_lon + 0.001, 45.05, vec![]);
    let c = o.add_node(coast_lon, north_end, vec![]);
    o.add_way(vec![a, b, c], tags(&[("natural", "coastline")]));
    o
}

fn import(pbf: &[u8]) -> (tempfile::TempDir, std::process::Output) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("coast.osm.pbf");
    std::fs::write(&input, pbf).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_omms"))
        .args(["import", "--out"])
        .arg(dir.path().join("pkg"))
        .arg(&input)
        .output()
        .unwrap();
    (dir, o)
}

#[test]
fn a_coast_cut_by_the_extract_makes_a_sea_and_ports_within_a_fifty_pence_coin() {
    let (dir, o) = import(&coastal(10.087, 45.30));
    let out = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("sea: ") && out.contains("ports: 1 (Beta)"),
        "{out}"
    );
    let m = GameMap::load(&dir.path().join("pkg")).unwrap();
    let at = |lon, lat| m.projection().to_xy(lon, lat);
    assert!(m.is_sea(at(10.095, 45.0)) && !m.is_land(at(10.095, 45.0)));
    assert!(!m.is_sea(at(10.08, 45.0)) && m.is_land(at(10.08, 45.0)));
    // Beta is about 550 m from the coast: a port at this map's scale; Alpha, 5 km inland, is not.
    let reach = m.meta().scale.ground_m(omms::map::Measure::Coin50p.mm());
    let beta = m.place(m.place_by_name("Beta").unwrap());
    assert!(m.distance_to_sea(beta.pos()).unwrap() <= reach);
    assert!(beta.port());
    assert!(!m.place(m.place_by_name("Alpha").unwrap()).port());
    assert_eq!(m.ports().len(), 1);
}

#[test]
fn a_coastline_that_stops_inside_the_map_is_reported_and_no_sea_is_guessed() {
    // The coast stops at 45.05, in the middle of the board: which side of the gap is sea?
    let (dir, o) = import(&coastal(10.087, 45.05));
    let out = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(
        o.status.success(),
        "the map still imports, without a sea: {out}"
    );
    assert!(
        out.contains("no sea written: the coastline (way")
            && out.contains("ends at 10.0870000,45.0500000 inside the map"),
        "{out}"
    );
    let m = GameMap::load(&dir.path().join("pkg")).unwrap();
    assert!(!m.has_sea() && m.ports().is_empty());
}

#[test]
fn ferry_routes_never_become_roads() {
    // Beta's coast is the sea to the east; two ferries leave the end of the primary road at
    // 10.10,45.0 for a jetty across the water: one tagged as OSM maps ferries, one that a mapper
    // also gave a `highway` tag (it happens), which must not sneak in as a road either.
    let mut o = town();
    let quay = o.add_node(10.1, 45.0, vec![]);
    let jetty = o.add_node(10.1, 45.1, vec![]);
    let first = o.add_way(
        vec![quay, jetty],
        tags(&[("route", "ferry"), ("motor_vehicle", "yes")]),
    );
    let second = o.add_way(
        vec![quay, jetty],
        tags(&[("route", "ferry"), ("highway", "primary"), ("ref", "F 1")]),
    );
    let (dir, o) = import(&o.to_pbf());
    let out = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{out}");
    let m = GameMap::load(&dir.path().join("pkg")).unwrap();
    let edges = m.roads().edges();
    assert!(!edges.is_empty(), "the town's own roads are kept");
    assert!(
        edges
            .iter()
            .all(|e| e.osm_id() != first && e.osm_id() != second),
        "a ferry became a road"
    );
    // Nothing reaches the jetty: the nearest road to it is the town's, 10 km south.
    let jetty_xy = m.projection().to_xy(10.1, 45.1);
    let nearest = m.nearest_road_point(jetty_xy).unwrap();
    let d =
        ((nearest.pos[0] - jetty_xy[0]).powi(2) + (nearest.pos[1] - jetty_xy[1]).powi(2)).sqrt();
    assert!(d > 5_000.0, "a road {d:.0} m from the jetty");
}

#[test]
fn the_summary_names_the_islands_off_the_coast_largest_first() {
    // Three islands in Beta's sea, drawn counter-clockwise (land inside) as OSM draws them: one
    // named on its coastline way, one only by a `place=islet` node on it, one nobody named.
    let mut o = coastal_osm(10.087, 45.30);
    let ring = |o: &mut Osm, lon: f64, lat: f64, d: f64| -> Vec<i64> {
        let mut r: Vec<i64> = [(0.0, 0.0), (d, 0.0), (d, d), (0.0, d)]
            .iter()
            .map(|(x, y)| o.add_node(lon + x, lat + y, vec![]))
            .collect();
        r.push(r[0]);
        r
    };
    let big = ring(&mut o, 10.095, 45.10, 0.006);
    let small = ring(&mut o, 10.095, 45.15, 0.003);
    let bare = ring(&mut o, 10.095, 45.05, 0.002);
    o.add_way(
        big,
        tags(&[
            ("natural", "coastline"),
            ("place", "island"),
            ("name", "Isola Grande"),
        ]),
    );
    o.add_way(small, tags(&[("natural", "coastline")]));
    o.add_node(
        10.0965,
        45.1515,
        tags(&[("place", "islet"), ("name", "Scoglio")]),
    );
    o.add_way(bare, tags(&[("natural", "coastline")]));
    let (_dir, out) = import(&o.to_pbf());
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("sea: "))
        .unwrap_or_else(|| panic!("{text}"));
    // Squares of 0.006°, 0.003° and 0.002° at 45°N: about 0.31, 0.08 and 0.03 km².
    assert!(
        line.ends_with("islands: 3 (Isola Grande 0.31 km², Scoglio 0.08 km², (unnamed) 0.03 km²)"),
        "{line}"
    );
}
