//! The sea on small hand-made coastlines: islands, a coast cut by the box, a broken coastline,
//! coastline drawn the wrong way round, navigable rivers and the port distance.

use super::*;
use crate::import::pbf::{RawData, RawWay};
use crate::import::tags::Tags;

/// A way for [`raw`]: its (lon, lat) points and its tags.
type TestWay<'a> = (&'a [(f64, f64)], &'a [(&'a str, &'a str)]);

/// Raw data from ways given as lists of (lon, lat) points; equal points share a node.
fn raw(ways: &[TestWay]) -> RawData {
    let mut coords: Vec<(i32, i32)> = Vec::new();
    let mut out = Vec::new();
    for (i, (pts, t)) in ways.iter().enumerate() {
        let nodes: Vec<u32> = pts
            .iter()
            .map(|&(lon, lat)| {
                let c = ((lat * 1e7).round() as i32, (lon * 1e7).round() as i32);
                match coords.iter().position(|&k| k == c) {
                    Some(k) => k as u32,
                    None => {
                        coords.push(c);
                        (coords.len() - 1) as u32
                    }
                }
            })
            .collect();
        out.push(RawWay {
            id: i as i64 + 1,
            nodes: nodes.into_boxed_slice(),
            tags: Tags::from_iter(t.iter().copied()),
        });
    }
    RawData {
        ways: out,
        coords,
        ..RawData::default()
    }
}

const COAST: &[(&str, &str)] = &[("natural", "coastline")];
const BOX: [f64; 4] = [0.0, 0.0, 0.1, 0.1];

fn proj() -> Projection {
    Projection::for_bbox(BOX)
}

fn sea_of(r: &RawData) -> Sea {
    match build_sea(r, BOX, &proj()) {
        Coast::Sea(s) => s,
        other => panic!("expected a sea, got {other:?}"),
    }
}

fn is_sea(s: &Sea, lon: f64, lat: f64) -> bool {
    s.area.contains(&Point::new(lon, lat))
}

#[test]
fn an_island_is_a_hole_in_the_sea_and_is_named() {
    // Counter-clockwise: land inside. Split into two ways, as OSM does.
    let a: &[(f64, f64)] = &[(0.04, 0.04), (0.06, 0.04), (0.06, 0.06)];
    let b: &[(f64, f64)] = &[(0.06, 0.06), (0.04, 0.06), (0.04, 0.04)];
    let named: &[(&str, &str)] = &[
        ("natural", "coastline"),
        ("place", "island"),
        ("name", "Ħolm"),
    ];
    let s = sea_of(&raw(&[(a, COAST), (b, named)]));
    assert!(is_sea(&s, 0.01, 0.01) && is_sea(&s, 0.09, 0.09));
    assert!(!is_sea(&s, 0.05, 0.05), "the island is land");
    assert_eq!(s.islands.len(), 1);
    assert_eq!(s.islands[0].name.as_deref(), Some("Ħolm"));
    // 0.02° squared at the equator: about 2.22 km on a side.
    assert!(
        (s.islands[0].km2 - 4.93).abs() < 0.1,
        "{}",
        s.islands[0].km2
    );
    let total = 0.1 * 0.1 * 111.2 * 111.2;
    assert!(
        (s.km2 - (total - s.islands[0].km2)).abs() < 0.5,
        "{}",
        s.km2
    );
}

#[test]
fn a_coast_cut_by_the_box_is_closed_along_it_with_land_on_the_left() {
    // Running north through the middle of the box: land west, sea east.
    let c: &[(f64, f64)] = &[(0.05, -0.05), (0.05, 0.02), (0.06, 0.05), (0.05, 0.15)];
    let s = sea_of(&raw(&[(c, COAST)]));
    assert!(is_sea(&s, 0.08, 0.05));
    assert!(!is_sea(&s, 0.02, 0.05));
    assert!(!is_sea(&s, 0.055, 0.05), "the headland is land");
    assert!(s.islands.is_empty());
    // Reversed, the sea is the west side.
    let r: Vec<(f64, f64)> = c.iter().rev().copied().collect();
    let s = sea_of(&raw(&[(&r, COAST)]));
    assert!(!is_sea(&s, 0.08, 0.05) && is_sea(&s, 0.02, 0.05));
}

#[test]
fn a_lagoon_of_coastline_inside_land_is_sea_and_a_lake_is_not() {
    // Land across the west half, and in it a clockwise coastline ring: an enclosed lagoon.
    let c: &[(f64, f64)] = &[(0.07, -0.05), (0.07, 0.15)];
    let lagoon: &[(f64, f64)] = &[
        (0.02, 0.02),
        (0.02, 0.04),
        (0.04, 0.04),
        (0.04, 0.02),
        (0.02, 0.02),
    ];
    let lake: &[(f64, f64)] = &[
        (0.02, 0.06),
        (0.04, 0.06),
        (0.04, 0.08),
        (0.02, 0.08),
        (0.02, 0.06),
    ];
    let s = sea_of(&raw(&[
        (c, COAST),
        (lagoon, COAST),
        (lake, &[("natural", "water")]),
    ]));
    assert!(is_sea(&s, 0.03, 0.03), "the lagoon");
    assert!(!is_sea(&s, 0.03, 0.07), "a lake is not sea");
    assert!(!is_sea(&s, 0.01, 0.05));
    assert!(is_sea(&s, 0.09, 0.05));
}

#[test]
fn a_broken_coastline_is_reported_with_the_way_and_place() {
    // Stops in the middle of the map: which side of the gap is land cannot be known.
    let c: &[(f64, f64)] = &[(0.05, -0.05), (0.05, 0.05)];
    match build_sea(&raw(&[(c, COAST)]), BOX, &proj()) {
        Coast::Broken(p) => {
            assert_eq!(p.len(), 1, "{p:?}");
            assert!(
                p[0].contains("way 1") && p[0].contains("ends at 0.0500000,0.0500000"),
                "{p:?}"
            );
        }
        other => panic!("expected a broken coastline, got {other:?}"),
    }
    // Two coasts both with land to the east of the strait between them disagree.
    let west: &[(f64, f64)] = &[(0.03, 0.15), (0.03, -0.05)];
    let east: &[(f64, f64)] = &[(0.07, 0.15), (0.07, -0.05)];
    match build_sea(&raw(&[(west, COAST), (east, COAST)]), BOX, &proj()) {
        Coast::Broken(p) => assert!(p[0].contains("land sides disagree"), "{p:?}"),
        other => panic!("expected a broken coastline, got {other:?}"),
    }
}

#[test]
fn no_coastline_no_sea() {
    let road: &[(f64, f64)] = &[(0.01, 0.01), (0.02, 0.02)];
    assert!(matches!(
        build_sea(&raw(&[(road, &[("highway", "primary")])]), BOX, &proj()),
        Coast::None
    ));
}

#[test]
fn rivers_reaching_the_sea_are_navigable_and_others_not() {
    // Ends on a coastline node; a tributary joins it; a stream-fed pond river elsewhere does not.
    let river: &[(f64, f64)] = &[(0.01, 0.03), (0.03, 0.04), (0.05, 0.05)];
    let c2: &[(f64, f64)] = &[(0.05, -0.05), (0.05, 0.05), (0.05, 0.15)];
    let tributary: &[(f64, f64)] = &[(0.02, 0.01), (0.03, 0.04)];
    let inland: &[(f64, f64)] = &[(0.01, 0.08), (0.03, 0.09)];
    let drain: &[(f64, f64)] = &[(0.02, 0.06), (0.05, 0.07)];
    let r = raw(&[
        (c2, COAST),
        (river, &[("waterway", "river")]),
        (tributary, &[("waterway", "canal")]),
        (inland, &[("waterway", "river")]),
        (drain, &[("waterway", "canal"), ("boat", "no")]),
    ]);
    let s = sea_of(&r);
    let ids: Vec<i64> = s.rivers.iter().map(|r| r.osm_id).collect();
    assert_eq!(ids, vec![2, 3]);
    let strip = &s.rivers[0].area;
    assert!(strip.contains(&Point::new(0.03, 0.04)));
    assert!(
        !strip.contains(&Point::new(0.03, 0.0405)),
        "about 55 m off the line"
    );
}

#[test]
fn ports_are_within_a_fifty_pence_coin_of_the_sea() {
    let c: &[(f64, f64)] = &[(0.05, -0.05), (0.05, 0.15)];
    let s = sea_of(&raw(&[(c, COAST)]));
    let p = proj();
    let coast_x = p.to_xy(0.05, 0.05)[0];
    // 27.3 mm at 1:50,000 is 1,365 m.
    let reach = 1_365.0;
    let pts = [
        [coast_x - 1_300.0, 0.0],
        [coast_x - 1_400.0, 0.0],
        [coast_x + 500.0, 0.0],
    ];
    assert_eq!(near_sea(&s.area, &p, &pts, reach), vec![true, false, true]);
}
