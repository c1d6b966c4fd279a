//! Navigable water for Ships (RULINGS §10): the package's sea areas (`"kind": "sea"`, format 2).
//!
//! A [`SeaChart`] indexes the boundary of every sea polygon (outer rings and islands alike) in an
//! R-tree, so the questions a Ship's move asks stay cheap on a real coast with tens of thousands
//! of vertices:
//! - [`SeaChart::is_sea`]: a point is sea when a ray from it crosses the boundary an odd number of
//!   times (islands are holes, so they count as land);
//! - [`SeaChart::segment_at_sea`]: both ends at sea and no boundary crossed;
//! - [`SeaChart::nearest_sea`]: where a Ship built at a port is put in the water;
//! - [`SeaChart::sea_row`]: a whole row of sample points at once, for the grid of a sea reach.
//!
//! Lakes (`"kind": "water"`) are not in the chart: they are not sea. Rivers connected to the sea
//! are navigable when the package draws them inside a sea area.

use geo::Polygon;
use rstar::primitives::{GeomWithData, Line};
use rstar::{RTree, AABB};

use super::model::GameMap;
use super::query::closest_on_segment;

type Edge = GeomWithData<Line<[f64; 2]>, u32>;

/// The sea areas of a map, indexed for a Ship's questions. Built once per board with
/// [`SeaChart::new`]; every answer is a pure function of the package.
pub struct SeaChart {
    edges: RTree<Edge>,
    /// West, south, east, north of every sea polygon together; empty maps have none.
    bounds: Option<[f64; 4]>,
}

/// How far inside the water [`SeaChart::nearest_sea`] puts a point found on the shore, in metres:
/// enough that rounding to a millimetre cannot put it back on land.
pub const SHORE_INSET_M: f64 = 1.0;

fn rings(poly: &Polygon<f64>) -> impl Iterator<Item = &geo::LineString<f64>> {
    std::iter::once(poly.exterior()).chain(poly.interiors())
}

/// Whether segments `a`–`b` and `c`–`d` share a point (touching counts).
fn segments_meet(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> bool {
    let cross = |o: [f64; 2], p: [f64; 2], q: [f64; 2]| {
        (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])
    };
    let (d1, d2) = (cross(c, d, a), cross(c, d, b));
    let (d3, d4) = (cross(a, b, c), cross(a, b, d));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    let on = |p: [f64; 2], q: [f64; 2], r: [f64; 2], k: f64| {
        k == 0.0
            && r[0] >= p[0].min(q[0])
            && r[0] <= p[0].max(q[0])
            && r[1] >= p[1].min(q[1])
            && r[1] <= p[1].max(q[1])
    };
    on(c, d, a, d1) || on(c, d, b, d2) || on(a, b, c, d3) || on(a, b, d, d4)
}

impl SeaChart {
    /// The chart of `map`'s sea areas (none for a format-1 package or an inland map).
    pub fn new(map: &GameMap) -> SeaChart {
        SeaChart::from_polygons(map.sea())
    }

    /// The chart of these polygons, in metres.
    pub fn from_polygons(sea: &[Polygon<f64>]) -> SeaChart {
        let mut edges = Vec::new();
        let mut bounds: Option<[f64; 4]> = None;
        for poly in sea {
            for ring in rings(poly) {
                for seg in ring.lines() {
                    let (a, b) = ([seg.start.x, seg.start.y], [seg.end.x, seg.end.y]);
                    if a == b || !a.iter().chain(&b).all(|v| v.is_finite()) {
                        continue;
                    }
                    let bb = bounds.get_or_insert([a[0], a[1], a[0], a[1]]);
                    for p in [a, b] {
                        bb[0] = bb[0].min(p[0]);
                        bb[1] = bb[1].min(p[1]);
                        bb[2] = bb[2].max(p[0]);
                        bb[3] = bb[3].max(p[1]);
                    }
                    edges.push(Edge::new(Line::new(a, b), edges.len() as u32));
                }
            }
        }
        SeaChart {
            edges: RTree::bulk_load(edges),
            bounds,
        }
    }

    /// Whether the map has any sea at all.
    pub fn has_sea(&self) -> bool {
        self.bounds.is_some()
    }

    /// Whether `p` (metres) lies in a sea area. A point exactly on the shore is not at sea.
    pub fn is_sea(&self, p: [f64; 2]) -> bool {
        let Some(bb) = self.bounds else {
            return false;
        };
        if !(p[0].is_finite() && p[1].is_finite())
            || p[0] <= bb[0]
            || p[0] >= bb[2]
            || p[1] <= bb[1]
            || p[1] >= bb[3]
        {
            return false;
        }
        self.row_parity(p[1], p[0], bb[2] + 1.0)
            .is_some_and(|crossings| crossings % 2 == 1)
    }

    /// Boundary crossings of the horizontal ray at `y` from `x0` to `x1`; `None` when the
    /// point lies on the boundary itself.
    fn row_parity(&self, y: f64, x0: f64, x1: f64) -> Option<usize> {
        let env = AABB::from_corners([x0, y], [x1, y]);
        let mut n = 0;
        for e in self.edges.locate_in_envelope_intersecting(&env) {
            let (a, b) = (e.geom().from, e.geom().to);
            if (a[1] > y) != (b[1] > y) {
                let x = a[0] + (y - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
                if x == x0 {
                    return None;
                }
                if x > x0 {
                    n += 1;
                }
            }
        }
        Some(n)
    }

    /// Whether the whole straight line `a`→`b` lies at sea: both ends in the water and no shore
    /// touched between them.
    pub fn segment_at_sea(&self, a: [f64; 2], b: [f64; 2]) -> bool {
        self.is_sea(a) && self.is_sea(b) && !self.crosses_shore(a, b)
    }

    /// Whether the straight line `a`→`b` touches the shore anywhere (its ends included).
    pub fn crosses_shore(&self, a: [f64; 2], b: [f64; 2]) -> bool {
        let env = AABB::from_corners(a, b);
        self.edges
            .locate_in_envelope_intersecting(&env)
            .any(|e| segments_meet(a, b, e.geom().from, e.geom().to))
    }

    /// For `n` points `x0 + (i + ½)·step` along the row at `y`: whether each lies at sea. One
    /// ray per row, so a grid costs rows × (shore edges on a row), not points × edges.
    pub fn sea_row(&self, y: f64, x0: f64, step: f64, n: usize) -> Vec<bool> {
        let mut out = vec![false; n];
        let Some(bb) = self.bounds else {
            return out;
        };
        if n == 0 || !(y > bb[1] && y < bb[3]) {
            return out;
        }
        let xs: Vec<f64> = (0..n).map(|i| x0 + (i as f64 + 0.5) * step).collect();
        let env = AABB::from_corners([xs[0], y], [bb[2] + 1.0, y]);
        let mut cuts: Vec<f64> = self
            .edges
            .locate_in_envelope_intersecting(&env)
            .filter_map(|e| {
                let (a, b) = (e.geom().from, e.geom().to);
                ((a[1] > y) != (b[1] > y))
                    .then(|| a[0] + (y - a[1]) / (b[1] - a[1]) * (b[0] - a[0]))
            })
            .filter(|x| *x >= xs[0])
            .collect();
        cuts.sort_by(f64::total_cmp);
        // Crossings to the right of each point, counted down as the row is walked east.
        let mut right = cuts.len();
        let mut k = 0;
        for (i, x) in xs.iter().enumerate() {
            while k < cuts.len() && cuts[k] <= *x {
                k += 1;
                right -= 1;
            }
            // A point exactly on the shore is not at sea (its crossing still counts further east).
            let on_shore = k > 0 && cuts[k - 1] == *x;
            out[i] = right % 2 == 1 && !on_shore;
        }
        out
    }

    /// The sea point nearest to `p`: `p` itself when it is at sea, else the nearest point of the
    /// shore moved [`SHORE_INSET_M`] into the water. `None` on a map without sea.
    pub fn nearest_sea(&self, p: [f64; 2]) -> Option<[f64; 2]> {
        if self.is_sea(p) {
            return Some(p);
        }
        // The nearest few shore edges, in case the nearest one's water side is a sliver.
        for e in self.edges.nearest_neighbor_iter(&p).take(8) {
            let (a, b) = (e.geom().from, e.geom().to);
            let (_, q) = closest_on_segment(p, a, b);
            let len = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
            let n = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
            let mut toward = [q[0] - p[0], q[1] - p[1]];
            let d = (toward[0].powi(2) + toward[1].powi(2)).sqrt();
            if d > 0.0 {
                toward = [toward[0] / d, toward[1] / d];
            }
            let tries = [
                toward,
                n,
                [-n[0], -n[1]],
                [(toward[0] + n[0]) / 2.0, (toward[1] + n[1]) / 2.0],
            ];
            for dir in tries {
                let c = [q[0] + dir[0] * SHORE_INSET_M, q[1] + dir[1] * SHORE_INSET_M];
                if self.is_sea(c) {
                    return Some(c);
                }
            }
        }
        None
    }

    /// Metres from `p` to the nearest sea: 0 at sea, `None` on a map without sea.
    pub fn distance_to_sea(&self, p: [f64; 2]) -> Option<f64> {
        if self.is_sea(p) {
            return Some(0.0);
        }
        let e = self.edges.nearest_neighbor(&p)?;
        let (_, q) = closest_on_segment(p, e.geom().from, e.geom().to);
        Some(((q[0] - p[0]).powi(2) + (q[1] - p[1]).powi(2)).sqrt())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::{LineString, Polygon};

    fn square(x0: f64, y0: f64, x1: f64, y1: f64) -> LineString<f64> {
        LineString::from(vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)])
    }

    /// A bay 0..1000 square with an island 400..600 in the middle.
    fn bay() -> SeaChart {
        let poly = Polygon::new(
            square(0.0, 0.0, 1000.0, 1000.0),
            vec![square(400.0, 400.0, 600.0, 600.0)],
        );
        SeaChart::from_polygons(&[poly])
    }

    #[test]
    fn the_sea_has_islands_and_an_outside() {
        let c = bay();
        assert!(c.is_sea([100.0, 100.0]));
        assert!(!c.is_sea([500.0, 500.0]), "the island is land");
        assert!(!c.is_sea([1500.0, 500.0]), "beyond the sea is land");
        assert!(!c.is_sea([f64::NAN, 3.0]));
        assert!(!SeaChart::from_polygons(&[]).is_sea([0.0, 0.0]));
    }

    #[test]
    fn a_line_over_the_island_is_not_at_sea() {
        let c = bay();
        assert!(c.segment_at_sea([100.0, 100.0], [900.0, 100.0]));
        assert!(!c.segment_at_sea([100.0, 500.0], [900.0, 500.0]));
        assert!(!c.segment_at_sea([100.0, 100.0], [1100.0, 100.0]));
    }

    #[test]
    fn a_row_agrees_with_single_points() {
        let c = bay();
        for y in [50.0, 450.0, 500.0, 999.0] {
            let row = c.sea_row(y, -200.0, 37.0, 40);
            for (i, at_sea) in row.iter().enumerate() {
                let x = -200.0 + (i as f64 + 0.5) * 37.0;
                assert_eq!(*at_sea, c.is_sea([x, y]), "({x}, {y})");
            }
        }
    }

    #[test]
    fn the_nearest_sea_is_just_off_the_shore() {
        let c = bay();
        let q = c.nearest_sea([500.0, 560.0]).unwrap();
        assert!(c.is_sea(q));
        assert!(
            (q[1] - 601.0).abs() < 1e-6 && (q[0] - 500.0).abs() < 1e-6,
            "{q:?}"
        );
        assert_eq!(c.nearest_sea([10.0, 10.0]), Some([10.0, 10.0]));
        assert!((c.distance_to_sea([500.0, 560.0]).unwrap() - 40.0).abs() < 1e-9);
    }
}
