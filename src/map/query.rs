//! Spatial queries the rules need, in local metres, answered from the R-trees built on load.

use rstar::{RTree, AABB};

use super::model::{EdgeId, GameMap, PlaceId, SegmentEntry};
use super::package::RoadClass;
use super::scale::{Measure, Scale};

/// The point of the road network nearest to some position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoadPoint {
    /// The edge it lies on.
    pub edge: EdgeId,
    /// Index of the segment within the edge (`points()[segment]..points()[segment + 1]`).
    pub segment: u32,
    /// The point itself, in metres.
    pub pos: [f64; 2],
    /// Straight-line metres from the queried position.
    pub distance: f64,
    /// Metres along the edge from its first point.
    pub along: f64,
}

pub(crate) fn dist2(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)
}

/// Parameter `t` in 0..=1 and position of the point of segment `a`–`b` nearest to `p`.
pub(crate) fn closest_on_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> (f64, [f64; 2]) {
    let d = [b[0] - a[0], b[1] - a[1]];
    let len2 = d[0] * d[0] + d[1] * d[1];
    if len2 == 0.0 {
        return (0.0, a);
    }
    let t = (((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / len2).clamp(0.0, 1.0);
    // The ends are returned exactly so callers can tell "at a vertex" from "inside".
    let q = if t == 0.0 {
        a
    } else if t == 1.0 {
        b
    } else {
        [a[0] + t * d[0], a[1] + t * d[1]]
    };
    (t, q)
}

/// Distance from `p` to segment `a`–`b`.
pub(crate) fn segment_distance(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    dist2(p, closest_on_segment(p, a, b).1).sqrt()
}

fn finite(p: [f64; 2]) -> bool {
    p[0].is_finite() && p[1].is_finite()
}

impl GameMap {
    /// The point on a major road nearest to `p` (metres), or `None` when the map has no roads or
    /// `p` is not finite. Exact ties go to the lowest (edge, segment), so the answer never
    /// depends on the R-tree's shape.
    pub fn nearest_road_point(&self, p: [f64; 2]) -> Option<RoadPoint> {
        if !finite(p) {
            return None;
        }
        let mut best: Option<(f64, (EdgeId, u32))> = None;
        for (entry, d2) in self.segment_tree.nearest_neighbor_iter_with_distance_2(&p) {
            match best {
                Some((bd2, _)) if d2 > bd2 => break,
                Some((_, id)) if id <= entry.data => {}
                _ => best = Some((d2, entry.data)),
            }
        }
        let (_, (edge, segment)) = best?;
        let pts = self.roads.edge(edge).points();
        let (a, b) = (pts[segment as usize], pts[segment as usize + 1]);
        let (_, pos) = closest_on_segment(p, a, b);
        let before: f64 = pts[..=segment as usize]
            .windows(2)
            .map(|w| dist2(w[0], w[1]).sqrt())
            .sum();
        Some(RoadPoint {
            edge,
            segment,
            pos,
            distance: dist2(p, pos).sqrt(),
            along: before + dist2(a, pos).sqrt(),
        })
    }

    /// Places whose point lies within `radius` metres of `p` (inclusive), nearest first, ties by
    /// id.
    pub fn places_within(&self, p: [f64; 2], radius: f64) -> Vec<PlaceId> {
        if !finite(p) || radius.is_nan() || radius < 0.0 {
            return Vec::new();
        }
        let mut found: Vec<(f64, PlaceId)> = self
            .place_tree
            .locate_within_distance(p, radius * radius)
            .map(|e| (dist2(p, *e.geom()), e.data))
            .collect();
        found.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        found.into_iter().map(|(_, id)| id).collect()
    }

    /// Road segments (edge, segment index) that touch the closed disc of `radius` metres round
    /// `centre`, by an exact segment-to-centre distance, sorted.
    pub fn segments_in_disc(&self, centre: [f64; 2], radius: f64) -> Vec<(EdgeId, u32)> {
        segments_in_disc(&self.segment_tree, centre, radius)
    }

    /// An R-tree over the segments of the roads of one class (e.g. the motorways, for double
    /// moves), to ask [`segments_in_disc`] of.
    pub(crate) fn segment_tree_of(&self, class: RoadClass) -> RTree<SegmentEntry> {
        RTree::bulk_load(
            self.segment_tree
                .iter()
                .filter(|e| self.roads.edge(e.data.0).class() == class)
                .cloned()
                .collect(),
        )
    }
}

/// The segments of `tree` (edge, segment index) that touch the closed disc of `radius` metres
/// round `centre`, by an exact segment-to-centre distance, sorted.
pub(crate) fn segments_in_disc(
    tree: &RTree<SegmentEntry>,
    centre: [f64; 2],
    radius: f64,
) -> Vec<(EdgeId, u32)> {
    if !finite(centre) || radius.is_nan() || radius < 0.0 {
        return Vec::new();
    }
    let env = AABB::from_corners(
        [centre[0] - radius, centre[1] - radius],
        [centre[0] + radius, centre[1] + radius],
    );
    let mut found: Vec<(EdgeId, u32)> = tree
        .locate_in_envelope_intersecting(&env)
        .filter(|e| segment_distance(centre, e.geom().from, e.geom().to) <= radius)
        .map(|e| e.data)
        .collect();
    // Pairs are plain values, so an unstable sort gives the same list, without the scratch
    // buffer a stable one allocates.
    found.sort_unstable();
    found
}

impl GameMap {
    /// Whether place `id` lies within a 1p coin's radius (RULINGS §3), at `scale`, of a major
    /// road. `false` for an id the map does not have.
    pub fn place_playable_at(&self, id: PlaceId, scale: Scale) -> bool {
        let Some(place) = self.places.get(id.0 as usize) else {
            return false;
        };
        let reach = scale.ground_m(Measure::Coin1p.radius_mm());
        self.nearest_road_point(place.pos)
            .is_some_and(|rp| rp.distance <= reach)
    }

    /// `[min x, min y, max x, max y]` in metres of everything drawn on the board (roads and
    /// places); all zero for a map with neither.
    pub fn bounds_xy(&self) -> [f64; 4] {
        let mut b = [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ];
        let mut grow = |env: AABB<[f64; 2]>| {
            let (lo, hi) = (env.lower(), env.upper());
            b = [
                b[0].min(lo[0]),
                b[1].min(lo[1]),
                b[2].max(hi[0]),
                b[3].max(hi[1]),
            ];
        };
        if self.segment_tree.size() > 0 {
            grow(self.segment_tree.root().envelope());
        }
        if self.place_tree.size() > 0 {
            grow(self.place_tree.root().envelope());
        }
        if b[0] > b[2] {
            [0.0; 4]
        } else {
            b
        }
    }

    /// The place called `name`: an exact match first, else a case-insensitive one; the lowest id
    /// wins among equals.
    pub fn place_by_name(&self, name: &str) -> Option<PlaceId> {
        let exact = self.places.iter().find(|p| p.name == name);
        let lower = name.to_lowercase();
        exact
            .or_else(|| self.places.iter().find(|p| p.name.to_lowercase() == lower))
            .map(|p| p.id)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::map::package::{default_road_classes, MapMeta, SourceInfo, ATTRIBUTION};

    /// A package round (0°, 0°), where 1e-3° is about 111 m both ways.
    pub(crate) fn tiny_map(features: &str) -> GameMap {
        let meta = MapMeta {
            format_version: 1,
            name: "Tiny".into(),
            scale: Scale(25_000),
            proposed_scale: Scale(25_000),
            bbox: [-0.05, -0.05, 0.05, 0.05],
            attribution: ATTRIBUTION.into(),
            source: SourceInfo {
                file: "tiny.osm.pbf".into(),
                date: String::new(),
            },
            road_classes: default_road_classes(),
        };
        let map = format!(r#"{{"type": "FeatureCollection", "features": [{features}]}}"#);
        let terrain = r#"{"type": "FeatureCollection", "features": []}"#;
        GameMap::from_sources(meta, &map, terrain).unwrap()
    }

    pub(crate) fn road(coords: &str) -> String {
        format!(
            r#"{{"type": "Feature", "properties": {{"kind": "road", "class": "A"}},
                "geometry": {{"type": "LineString", "coordinates": {coords}}}}}"#
        )
    }

    pub(crate) fn place(name: &str, lon: f64, lat: f64) -> String {
        format!(
            r#"{{"type": "Feature", "properties": {{"kind": "settlement", "name": "{name}", "place": "town"}},
                "geometry": {{"type": "Point", "coordinates": [{lon}, {lat}]}}}}"#
        )
    }

    fn xy(m: &GameMap, lon: f64, lat: f64) -> [f64; 2] {
        m.projection().to_xy(lon, lat)
    }

    #[test]
    fn nearest_road_point_projects_onto_the_right_segment() {
        let m = tiny_map(&road("[[0, 0], [0.01, 0], [0.01, 0.01]]"));
        let p = xy(&m, 0.012, 0.005);
        let rp = m.nearest_road_point(p).unwrap();
        assert_eq!((rp.edge, rp.segment), (EdgeId(0), 1));
        let corner = xy(&m, 0.01, 0.0);
        let foot = xy(&m, 0.01, 0.005);
        assert!(dist2(rp.pos, foot).sqrt() < 0.5, "{:?} vs {foot:?}", rp.pos);
        assert!((rp.distance - dist2(p, foot).sqrt()).abs() < 0.5);
        let first_leg = dist2(xy(&m, 0.0, 0.0), corner).sqrt();
        assert!((rp.along - (first_leg + dist2(corner, rp.pos).sqrt())).abs() < 1e-6);
        assert!(m.nearest_road_point([f64::NAN, 0.0]).is_none());
    }

    #[test]
    fn a_map_without_roads_has_no_road_points_and_no_playable_places() {
        let m = tiny_map(&place("Lonely", 0.0, 0.0));
        assert!(m.nearest_road_point([0.0, 0.0]).is_none());
        assert!(!m.place_playable_at(PlaceId(0), Scale(1_000_000)));
        assert!(
            !m.place(PlaceId(0)).playable(),
            "computed when the file omits it"
        );
        let [x, y] = m.place(PlaceId(0)).pos();
        assert_eq!(m.bounds_xy(), [x, y, x, y]);
    }

    #[test]
    fn places_within_sorts_by_distance_then_id() {
        let feats = [
            place("Far", 0.004, 0.0),
            place("Near", 0.001, 0.0),
            place("Twin", -0.001, 0.0),
            place("Out", 0.02, 0.0),
        ]
        .join(",");
        let m = tiny_map(&feats);
        let got = m.places_within([0.0, 0.0], 500.0);
        assert_eq!(got, vec![PlaceId(1), PlaceId(2), PlaceId(0)]);
        assert!(m.places_within([0.0, 0.0], 100.0).is_empty());
        assert!(m.places_within([0.0, 0.0], -1.0).is_empty());
    }

    #[test]
    fn segments_in_disc_uses_the_exact_distance_not_the_box() {
        // One diagonal segment: a disc in its bounding box's corner misses it.
        let m = tiny_map(&road("[[0, 0], [0.01, 0.01]]"));
        let corner = xy(&m, 0.009, 0.001);
        assert!(m.segments_in_disc(corner, 200.0).is_empty());
        assert_eq!(m.segments_in_disc(corner, 900.0), vec![(EdgeId(0), 0)]);
    }

    #[test]
    fn playability_follows_the_scale() {
        // 0.002° ≈ 222 m from the road: within a 1p coin's radius at 1:25,000 (254 m), not at
        // 1:10,000 (102 m).
        let feats = [road("[[0, 0], [0.01, 0]]"), place("Hill", 0.005, 0.002)].join(",");
        let m = tiny_map(&feats);
        assert!(m.place_playable_at(PlaceId(0), Scale(25_000)));
        assert!(!m.place_playable_at(PlaceId(0), Scale(10_000)));
        assert!(m.place(PlaceId(0)).playable());
        assert!(!m.place_playable_at(PlaceId(7), Scale(25_000)));
    }

    #[test]
    fn bounds_and_names() {
        let feats = [road("[[0, 0], [0.01, 0]]"), place("Vaduz", 0.005, 0.004)].join(",");
        let m = tiny_map(&feats);
        let b = m.bounds_xy();
        let (lo, east, top) = (xy(&m, 0.0, 0.0), xy(&m, 0.01, 0.0), xy(&m, 0.005, 0.004));
        for (got, want) in b.iter().zip([lo[0], lo[1], east[0], top[1]]) {
            assert!((got - want).abs() < 1e-6, "{b:?}");
        }
        assert_eq!(m.place_by_name("Vaduz"), Some(PlaceId(0)));
        assert_eq!(m.place_by_name("vADUZ"), Some(PlaceId(0)));
        assert_eq!(m.place_by_name("Schaan"), None);
    }
}
