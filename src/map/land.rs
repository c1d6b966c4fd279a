//! Land and water (RULINGS §3): where a Scout may go off road.
//!
//! Water polygons are found through their bounding boxes; the sea is the right-hand side of the
//! nearest coastline, as OSM draws coastlines with the land on their left.

use geo::{Coord, Intersects};
use rstar::AABB;

use super::model::GameMap;
use super::query::closest_on_segment;

/// Twice the signed area of triangle `a`, `b`, `p`: positive when `p` is left of `a`→`b`.
fn cross(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
}

/// Even-odd test of a closed ring.
fn ring_contains(ring: &geo::LineString<f64>, p: [f64; 2]) -> bool {
    let mut inside = false;
    for seg in ring.lines() {
        let (a, b) = (seg.start, seg.end);
        if (a.y > p[1]) != (b.y > p[1]) {
            let x = a.x + (p[1] - a.y) / (b.y - a.y) * (b.x - a.x);
            if p[0] < x {
                inside = !inside;
            }
        }
    }
    inside
}

fn polygon_contains(poly: &geo::Polygon<f64>, p: [f64; 2]) -> bool {
    ring_contains(poly.exterior(), p) && !poly.interiors().iter().any(|h| ring_contains(h, p))
}

impl GameMap {
    /// Whether `p` (metres) is land: not inside any water polygon (an island in a lake, i.e. a
    /// hole, is land) and not on the sea side of the coastline. With no coastline there is no
    /// sea. A point exactly on a coastline counts as land.
    pub fn is_land(&self, p: [f64; 2]) -> bool {
        if !(p[0].is_finite() && p[1].is_finite()) {
            return false;
        }
        // The sea's huge polygon is asked through its own index, not ring by ring.
        let in_water = self
            .water_tree
            .locate_all_at_point(&p)
            .any(|e| e.data < self.lakes && polygon_contains(&self.water[e.data], p));
        !in_water && !self.is_sea(p) && !self.at_sea(p)
    }

    /// Right of the nearest coastline segment. When the nearest point is a vertex the two
    /// segments meeting there decide together, since either alone can be wrong on the outside
    /// of a bend.
    fn at_sea(&self, p: [f64; 2]) -> bool {
        let Some(nearest) = self.coast_tree.nearest_neighbor(&p) else {
            return false;
        };
        let (a, b) = (nearest.geom().from, nearest.geom().to);
        let (t, q) = closest_on_segment(p, a, b);
        if t > 0.0 && t < 1.0 {
            return cross(a, b, p) < 0.0;
        }
        // Every segment that ends or starts at the vertex, even in another coastline feature
        // (OSM splits coastlines into many ways).
        let mut incoming = None;
        let mut outgoing = None;
        let mut at_vertex: Vec<_> = self
            .coast_tree
            .locate_in_envelope_intersecting(&AABB::from_point(q))
            .collect();
        at_vertex.sort_by_key(|e| e.data);
        for e in at_vertex {
            let (s, f) = (e.geom().from, e.geom().to);
            if f == q && incoming.is_none() {
                incoming = Some(s);
            } else if s == q && outgoing.is_none() {
                outgoing = Some(f);
            }
        }
        let land = match (incoming, outgoing) {
            (Some(s), Some(f)) => {
                let left_in = cross(s, q, p) >= 0.0;
                let left_out = cross(q, f, p) >= 0.0;
                // Turning left, land is the narrow wedge (left of both); turning right, it is
                // the wide one (left of either).
                if cross(s, q, f) >= 0.0 {
                    left_in && left_out
                } else {
                    left_in || left_out
                }
            }
            (Some(s), None) => cross(s, q, p) >= 0.0,
            (None, Some(f)) => cross(q, f, p) >= 0.0,
            (None, None) => cross(a, b, p) >= 0.0,
        };
        !land
    }

    /// Whether the straight line `a`→`b` (metres) touches a water polygon or crosses a
    /// coastline: an off-road Scout move may do neither (RULINGS §4). A non-finite end counts as
    /// crossing, so such a move is never allowed.
    pub fn segment_crosses_water(&self, a: [f64; 2], b: [f64; 2]) -> bool {
        if !a.iter().chain(&b).all(|v| v.is_finite()) {
            return true;
        }
        let env = AABB::from_corners(a, b);
        let line = geo::Line::new(Coord { x: a[0], y: a[1] }, Coord { x: b[0], y: b[1] });
        let water = self
            .water_tree
            .locate_in_envelope_intersecting(&env)
            .any(|e| e.data < self.lakes && line.intersects(&self.water[e.data]));
        water
            || self.is_sea(a)
            || self.is_sea(b)
            || self.crosses_sea_edge(a, b)
            || self
                .coast_tree
                .locate_in_envelope_intersecting(&env)
                .any(|e| {
                    let (s, f) = (e.geom().from, e.geom().to);
                    let coast =
                        geo::Line::new(Coord { x: s[0], y: s[1] }, Coord { x: f[0], y: f[1] });
                    line.intersects(&coast)
                })
    }
}

#[cfg(test)]
mod tests {
    use crate::map::query::tests::tiny_map;

    fn water(rings: &str) -> String {
        format!(
            r#"{{"type": "Feature", "properties": {{"kind": "water"}},
                "geometry": {{"type": "Polygon", "coordinates": {rings}}}}}"#
        )
    }

    fn coast(coords: &str) -> String {
        format!(
            r#"{{"type": "Feature", "properties": {{"kind": "coastline"}},
                "geometry": {{"type": "LineString", "coordinates": {coords}}}}}"#
        )
    }

    #[test]
    fn lakes_are_water_and_their_islands_land() {
        let lake = water(
            "[[[0, 0], [0.01, 0], [0.01, 0.01], [0, 0.01], [0, 0]],
              [[0.004, 0.004], [0.006, 0.004], [0.006, 0.006], [0.004, 0.006], [0.004, 0.004]]]",
        );
        let m = tiny_map(&lake);
        let at = |lon, lat| m.projection().to_xy(lon, lat);
        assert!(!m.is_land(at(0.002, 0.002)));
        assert!(m.is_land(at(0.005, 0.005)), "island");
        assert!(m.is_land(at(0.02, 0.005)));
        assert!(!m.segment_crosses_water(at(-0.001, 0.005), at(-0.002, 0.009)));
        assert!(m.segment_crosses_water(at(-0.001, 0.005), at(0.011, 0.005)));
        assert!(
            !m.segment_crosses_water(at(0.005, 0.005), at(0.005, 0.0055)),
            "on the island"
        );
        assert!(!m.is_land([f64::NAN, 0.0]));
        assert!(m.segment_crosses_water([f64::NAN, 0.0], at(0.02, 0.005)));
    }

    #[test]
    fn sea_lies_right_of_the_coastline_even_round_bends() {
        // Coast running north then turning east (a right turn): land is west and north of it,
        // sea in the south-east corner. Split into two ways at the bend, as OSM does.
        let feats = [coast("[[0, -0.01], [0, 0]]"), coast("[[0, 0], [0.01, 0]]")].join(",");
        let m = tiny_map(&feats);
        let at = |lon, lat| m.projection().to_xy(lon, lat);
        assert!(m.is_land(at(-0.002, -0.005)), "west of the northward leg");
        assert!(!m.is_land(at(0.002, -0.005)), "east of it");
        assert!(m.is_land(at(0.005, 0.002)), "north of the eastward leg");
        assert!(!m.is_land(at(0.005, -0.002)), "south of it");
        // Nearest to the bend itself: north-west and north-east are land, only south-east sea.
        assert!(m.is_land(at(-0.001, 0.001)));
        assert!(m.is_land(at(0.001, 0.001)));
        assert!(m.is_land(at(-0.001, -0.001)));
        assert!(!m.is_land(at(0.001, -0.001)));
        assert!(m.segment_crosses_water(at(-0.001, -0.005), at(0.001, -0.005)));
        assert!(!m.segment_crosses_water(at(-0.001, -0.005), at(-0.001, 0.005)));
    }

    #[test]
    fn left_turn_bends_keep_the_narrow_wedge_as_land() {
        // East then north: land is the north-west quadrant only.
        let m = tiny_map(&coast("[[-0.01, 0], [0, 0], [0, 0.01]]"));
        let at = |lon, lat| m.projection().to_xy(lon, lat);
        assert!(m.is_land(at(-0.001, 0.001)));
        assert!(!m.is_land(at(0.001, 0.001)));
        assert!(!m.is_land(at(0.001, -0.001)), "nearest to the bend vertex");
        assert!(!m.is_land(at(-0.001, -0.001)));
    }
}
