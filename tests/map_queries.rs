//! Spatial queries on the shipped maps (maps/andorra, maps/liechtenstein, maps/north-bayreuth):
//! known places and lakes, and R-tree answers checked against brute-force scans.

use std::collections::BTreeSet;
use std::path::Path;

use geo::{BoundingRect, Contains, InteriorPoint};
use omms::map::{EdgeId, GameMap, PlaceId, Scale};

const MAPS: [&str; 3] = ["andorra", "liechtenstein", "north-bayreuth"];

fn load(name: &str) -> GameMap {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name);
    GameMap::load(&dir).unwrap_or_else(|e| panic!("{e}"))
}

fn id(m: &GameMap, name: &str) -> PlaceId {
    m.place_by_name(name)
        .unwrap_or_else(|| panic!("no place {name}"))
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
}

fn segment_distance(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    };
    dist(p, [a[0] + t * dx, a[1] + t * dy])
}

/// A fixed-seed linear congruential generator: repeatable random points without another crate.
struct Lcg(u64);

impl Lcg {
    fn unit(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
    /// A point in the map's drawn area, widened a little so some queries fall outside it.
    fn point(&mut self, b: [f64; 4]) -> [f64; 2] {
        let (w, h) = (b[2] - b[0], b[3] - b[1]);
        [
            b[0] - 0.05 * w + 1.1 * w * self.unit(),
            b[1] - 0.05 * h + 1.1 * h * self.unit(),
        ]
    }
}

/// Every segment of every edge, brute force.
fn all_segments(m: &GameMap) -> Vec<(EdgeId, u32, [f64; 2], [f64; 2])> {
    let mut out = Vec::new();
    for e in m.roads().edges() {
        for (i, w) in e.points().windows(2).enumerate() {
            out.push((e.id(), i as u32, w[0], w[1]));
        }
    }
    out
}

#[test]
fn road_graphs_are_split_exactly_at_their_nodes() {
    for name in MAPS {
        let m = load(name);
        let g = m.roads();
        assert!(g.edges().len() > 100, "{name}: {} edges", g.edges().len());
        let node_at: BTreeSet<[u64; 2]> = g
            .nodes()
            .iter()
            .map(|n| n.pos().map(f64::to_bits))
            .collect();
        assert_eq!(
            node_at.len(),
            g.nodes().len(),
            "{name}: two nodes at one point"
        );
        for (i, e) in g.edges().iter().enumerate() {
            assert_eq!(e.id(), EdgeId(i as u32));
            let pts = e.points();
            assert!(pts.len() >= 2);
            assert_eq!(pts[0], g.node(e.from()).pos(), "{name} edge {i}");
            assert_eq!(pts[pts.len() - 1], g.node(e.to()).pos(), "{name} edge {i}");
            assert!(g.node(e.from()).edges().contains(&e.id()));
            assert!(g.node(e.to()).edges().contains(&e.id()));
            for p in &pts[1..pts.len() - 1] {
                assert!(
                    !node_at.contains(&p.map(f64::to_bits)),
                    "{name} edge {i} runs through a node"
                );
            }
            assert!(e.length_m() > 0.0);
        }
        assert!(g.nodes().iter().all(|n| !n.edges().is_empty()));
        assert_eq!(m.segment_tree().size(), all_segments(&m).len());
    }
}

#[test]
fn andorra_la_vella_is_a_few_tens_of_metres_from_a_road() {
    let m = load("andorra");
    let p = m.place(id(&m, "Andorra la Vella"));
    let rp = m.nearest_road_point(p.pos()).unwrap();
    assert!(rp.distance < 100.0, "{rp:?}");
    let edge = m.roads().edge(rp.edge);
    assert!((0.0..=edge.length_m()).contains(&rp.along), "{rp:?}");
    assert_eq!(id(&m, "andorra LA vella"), p.id());
}

#[test]
fn nearest_road_point_matches_a_brute_force_scan() {
    for (k, name) in MAPS.iter().enumerate() {
        let m = load(name);
        let segs = all_segments(&m);
        let mut rng = Lcg(17 + k as u64);
        for _ in 0..500 {
            let p = rng.point(m.bounds_xy());
            let best = segs
                .iter()
                .map(|s| segment_distance(p, s.2, s.3))
                .fold(f64::INFINITY, f64::min);
            let rp = m.nearest_road_point(p).unwrap();
            assert!(
                (rp.distance - best).abs() < 1e-6,
                "{name} {p:?}: {rp:?} vs {best}"
            );
            assert!((dist(p, rp.pos) - rp.distance).abs() < 1e-6);
            let pts = m.roads().edge(rp.edge).points();
            let s = rp.segment as usize;
            assert!(
                segment_distance(rp.pos, pts[s], pts[s + 1]) < 1e-6,
                "pos lies on its segment"
            );
        }
    }
}

#[test]
fn places_round_encamp() {
    let m = load("andorra");
    let e = id(&m, "Encamp");
    let names = |r: f64| -> Vec<String> {
        let found = m.places_within(m.place(e).pos(), r);
        found
            .iter()
            .map(|p| m.place(*p).name().to_string())
            .collect()
    };
    assert_eq!(names(1000.0), ["Encamp"]);
    assert_eq!(names(2500.0), ["Encamp", "Vila", "Meritxell"]);
    assert_eq!(names(3000.0), ["Encamp", "Vila", "Meritxell", "Prats"]);
}

#[test]
fn places_within_matches_a_brute_force_scan() {
    for (k, name) in MAPS.iter().enumerate() {
        let m = load(name);
        let mut rng = Lcg(99 + k as u64);
        for _ in 0..500 {
            let p = rng.point(m.bounds_xy());
            let r = 4000.0 * rng.unit();
            let mut want: Vec<(f64, PlaceId)> = m
                .places()
                .iter()
                .map(|pl| (dist(p, pl.pos()), pl.id()))
                .filter(|(d, _)| *d <= r)
                .collect();
            want.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let want: Vec<PlaceId> = want.into_iter().map(|(_, id)| id).collect();
            assert_eq!(m.places_within(p, r), want, "{name} {p:?} r={r}");
        }
    }
}

#[test]
fn segments_in_disc_matches_a_brute_force_scan() {
    for (k, name) in MAPS.iter().enumerate() {
        let m = load(name);
        let segs = all_segments(&m);
        let mut rng = Lcg(2024 + k as u64);
        let mut hits = 0;
        for _ in 0..500 {
            let c = rng.point(m.bounds_xy());
            let r = 2000.0 * rng.unit();
            let want: Vec<(EdgeId, u32)> = segs
                .iter()
                .filter(|s| segment_distance(c, s.2, s.3) <= r)
                .map(|s| (s.0, s.1))
                .collect();
            hits += want.len();
            assert_eq!(m.segments_in_disc(c, r), want, "{name} {c:?} r={r}");
        }
        assert!(
            hits > 1000,
            "{name}: the discs must actually hit roads ({hits})"
        );
    }
}

#[test]
fn lakes_and_rivers_are_water_and_towns_land() {
    let m = load("andorra");
    let engolasters = m.projection().to_xy(1.5684, 42.5197);
    assert!(!m.is_land(engolasters), "Estany d'Engolasters");
    let lake = m
        .water()
        .iter()
        .find(|w| w.contains(&geo::Point::new(engolasters[0], engolasters[1])))
        .unwrap();
    let r = lake.bounding_rect().unwrap();
    let (y, west, east) = (
        r.center().y,
        [r.min().x - 50.0, r.center().y],
        [r.max().x + 50.0, r.center().y],
    );
    assert!(
        m.segment_crosses_water(west, east),
        "across the lake at y={y}"
    );
    let alv = m.place(id(&m, "Andorra la Vella")).pos();
    assert!(m.is_land(alv));
    for dir in [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]] {
        assert!(!m.segment_crosses_water(alv, [alv[0] + 50.0 * dir[0], alv[1] + 50.0 * dir[1]]));
    }

    let li = load("liechtenstein");
    let rhine = li.projection().to_xy(9.5018, 47.1477);
    let vaduz = li.place(id(&li, "Vaduz")).pos();
    assert!(!li.is_land(rhine), "the Rhine");
    assert!(li.is_land(vaduz));
    let switzerland = li.projection().to_xy(9.47, 47.1477);
    assert!(li.is_land(switzerland));
    assert!(
        li.segment_crosses_water(vaduz, switzerland),
        "over the Rhine"
    );
}

#[test]
fn every_place_is_on_land_and_every_island_too() {
    for name in MAPS {
        let m = load(name);
        for p in m.places() {
            assert!(m.is_land(p.pos()), "{name}: {}", p.name());
        }
        let mut islands = 0;
        for w in m.water() {
            assert!(!w.exterior().0.is_empty());
            for hole in w.interiors() {
                let Some(ip) = geo::Polygon::new(hole.clone(), vec![]).interior_point() else {
                    continue;
                };
                if m.water().iter().any(|o| o.contains(&ip)) {
                    continue; // an island with its own pond, or a lake drawn twice
                }
                assert!(m.is_land([ip.x(), ip.y()]), "{name}: island at {ip:?}");
                islands += 1;
            }
            if let Some(ip) = w.interior_point() {
                assert!(!m.is_land([ip.x(), ip.y()]), "{name}: water at {ip:?}");
            }
        }
        if name == "andorra" {
            assert!(islands > 0, "Andorra has water with holes");
        }
    }
}

#[test]
fn playable_flags_agree_with_the_coin_rule_at_each_maps_scale() {
    for name in MAPS {
        let m = load(name);
        let scale = m.meta().scale;
        assert!(m.places().iter().any(|p| p.playable()), "{name}");
        for p in m.places() {
            assert_eq!(
                m.place_playable_at(p.id(), scale),
                p.playable(),
                "{name}: {} at {scale}",
                p.name()
            );
        }
    }
    // Prats is ~340 m from a road, Grau Roig ~630 m: a 1p coin reaches 254 m at 1:25,000,
    // 508 m at 1:50,000 and 1,015 m at 1:100,000.
    let m = load("andorra");
    let (prats, grau_roig) = (id(&m, "Prats"), id(&m, "Grau Roig"));
    assert!(!m.place_playable_at(prats, Scale(25_000)));
    assert!(m.place_playable_at(prats, Scale(50_000)));
    assert!(!m.place_playable_at(grau_roig, Scale(50_000)));
    assert!(m.place_playable_at(grau_roig, Scale(100_000)));
}

#[test]
fn bounds_are_tight_round_roads_and_places() {
    for name in MAPS {
        let m = load(name);
        let b = m.bounds_xy();
        let mut pts: Vec<[f64; 2]> = m.places().iter().map(|p| p.pos()).collect();
        pts.extend(
            m.roads()
                .edges()
                .iter()
                .flat_map(|e| e.points().iter().copied()),
        );
        let fold =
            |f: fn(f64, f64) -> f64, i: usize, init: f64| pts.iter().map(|p| p[i]).fold(init, f);
        let want = [
            fold(f64::min, 0, f64::INFINITY),
            fold(f64::min, 1, f64::INFINITY),
            fold(f64::max, 0, f64::NEG_INFINITY),
            fold(f64::max, 1, f64::NEG_INFINITY),
        ];
        assert_eq!(b, want, "{name}");
    }
}
