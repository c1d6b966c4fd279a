//! Where Ships sail (RULINGS §10): the sea areas and the navigable rivers connected to them, with
//! the queries the seafaring rules ask of the map.
//!
//! All positions are local metres, as everywhere in the map model. The API for the rules:
//! - [`GameMap::is_sea`]: inside a sea area (ports and "in harbour" are measured to the sea).
//! - [`GameMap::is_water`]: sea or navigable river, where a Ship may be.
//! - [`GameMap::nearest_water`] / [`GameMap::nearest_sea`]: where a new Ship is placed, or where
//!   a returning one ends up.
//! - [`GameMap::distance_to_sea`]: the port test of a settlement (sea within a 50p coin's
//!   diameter of its centre).
//! - [`GameMap::water_path_within`]: the move test, a path over water from one point to another
//!   that stays inside the circle of the move's radius round the start and enters no blocking
//!   disc (enemy Ships' coins).
//! - [`GameMap::segment_on_water`]: whether a straight line stays on water end to end (the step
//!   test of the rules' own reach grid, which needs every reached point, not one yes or no).
//! - [`GameMap::ports`]: the settlements marked `"port": true` in the package.
//!
//! A package's sea is one polygon of many thousands of vertices, so containment is never a loop
//! over its ring: every edge sits in an R-tree, and a point is inside when a ray from it to the
//! east crosses its polygon's edges an odd number of times, counting only the edges the ray's
//! box meets.

use geo::{BoundingRect, Polygon};
use rstar::primitives::{GeomWithData, Line, Rectangle};
use rstar::{PointDistance, RTree, AABB};

use super::model::{GameMap, PlaceId};
use super::query::closest_on_segment;

/// Steps from a grid cell to its eight neighbours, shared by every water grid (the map's path
/// test here, the rules' sea reach and sea distance): the four sides first, then the corners.
pub(crate) const EIGHT_WAYS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// Grid cells across a move circle's radius in [`GameMap::water_path_within`]: a strip of land
/// narrower than radius / 48 (about 90 m for a card's length at 1:50,000) may be missed.
const PATH_CELLS_PER_RADIUS: f64 = 48.0;

/// An edge of a water polygon, tagged with the polygon's index.
type EdgeEntry = GeomWithData<Line<[f64; 2]>, u32>;
/// A water polygon's bounding box, tagged with its index.
type BoxEntry = GeomWithData<Rectangle<[f64; 2]>, u32>;

/// The polygons Ships sail on (sea areas first, then navigable rivers) and their indexes.
#[derive(Default)]
pub struct ShipWater {
    polys: Vec<Polygon<f64>>,
    /// How many of `polys` are sea areas; the rest are rivers.
    sea: usize,
    boxes: RTree<BoxEntry>,
    edges: RTree<EdgeEntry>,
}

impl ShipWater {
    /// Index the sea areas and navigable rivers (metres).
    pub(crate) fn new(sea: &[Polygon<f64>], rivers: &[Polygon<f64>]) -> ShipWater {
        let polys: Vec<Polygon<f64>> = sea.iter().chain(rivers).cloned().collect();
        let mut boxes = Vec::new();
        let mut edges = Vec::new();
        for (i, poly) in polys.iter().enumerate() {
            let Some(r) = poly.bounding_rect() else {
                continue;
            };
            let i = i as u32;
            boxes.push(BoxEntry::new(
                Rectangle::from_corners([r.min().x, r.min().y], [r.max().x, r.max().y]),
                i,
            ));
            for ring in std::iter::once(poly.exterior()).chain(poly.interiors()) {
                for l in ring.lines() {
                    edges.push(EdgeEntry::new(
                        Line::new([l.start.x, l.start.y], [l.end.x, l.end.y]),
                        i,
                    ));
                }
            }
        }
        ShipWater {
            sea: sea.len(),
            polys,
            boxes: RTree::bulk_load(boxes),
            edges: RTree::bulk_load(edges),
        }
    }

    fn poly_contains(&self, i: u32, p: [f64; 2]) -> bool {
        let Some(r) = self.polys[i as usize].bounding_rect() else {
            return false;
        };
        let ray = AABB::from_corners(p, [r.max().x + 1.0, p[1]]);
        let mut inside = false;
        for e in self.edges.locate_in_envelope_intersecting(&ray) {
            if e.data != i {
                continue;
            }
            let (a, b) = (e.geom().from, e.geom().to);
            // Half-open in y, so a ray through a vertex counts it once.
            if (a[1] > p[1]) != (b[1] > p[1]) {
                let x = a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
                if p[0] < x {
                    inside = !inside;
                }
            }
        }
        inside
    }

    fn contains(&self, p: [f64; 2], sea_only: bool) -> bool {
        p.iter().all(|v| v.is_finite())
            && self.boxes.locate_all_at_point(&p).any(|e| {
                (!sea_only || (e.data as usize) < self.sea) && self.poly_contains(e.data, p)
            })
    }

    /// The nearest point of the water's edge, with the edge's polygon.
    fn nearest_edge(&self, p: [f64; 2], sea_only: bool) -> Option<([f64; 2], [f64; 2], [f64; 2])> {
        self.edges
            .nearest_neighbor_iter(&p)
            .find(|e| !sea_only || (e.data as usize) < self.sea)
            .map(|e| {
                let (a, b) = (e.geom().from, e.geom().to);
                (closest_on_segment(p, a, b).1, a, b)
            })
    }
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
}

impl GameMap {
    /// Whether `p` lies in a sea area (not a river).
    pub fn is_sea(&self, p: [f64; 2]) -> bool {
        self.ship_water.contains(p, true)
    }

    /// Whether `p` is water a Ship may be on: a sea area or a navigable river connected to it.
    pub fn is_water(&self, p: [f64; 2]) -> bool {
        self.ship_water.contains(p, false)
    }

    /// Whether the map has any sea at all (seafaring needs one).
    pub fn has_sea(&self) -> bool {
        self.ship_water.sea > 0
    }

    /// Distance in metres from `p` to the nearest sea (0 inside it); `None` without a sea.
    pub fn distance_to_sea(&self, p: [f64; 2]) -> Option<f64> {
        if self.is_sea(p) {
            return Some(0.0);
        }
        self.ship_water
            .nearest_edge(p, true)
            .map(|(q, _, _)| dist(p, q))
    }

    /// The nearest point of ship water (sea or navigable river) to `p`: `p` itself when it is
    /// water, else a point just inside the nearest water edge. `None` on a map without sea, or
    /// when no water is found within 30 m of that edge (never a point ashore).
    pub fn nearest_water(&self, p: [f64; 2]) -> Option<[f64; 2]> {
        self.nearest_in(p, false)
    }

    /// [`GameMap::nearest_water`] restricted to the sea areas (where a new Ship is put).
    pub fn nearest_sea(&self, p: [f64; 2]) -> Option<[f64; 2]> {
        self.nearest_in(p, true)
    }

    fn nearest_in(&self, p: [f64; 2], sea_only: bool) -> Option<[f64; 2]> {
        if self.ship_water.contains(p, sea_only) {
            return Some(p);
        }
        let (q, a, b) = self.ship_water.nearest_edge(p, sea_only)?;
        // Step just past the edge, away from `p`, or across the edge either way when `p` lies
        // on it, so the answer is water by the same test the rules use.
        let d = dist(p, q);
        let (len, n) = (dist(a, b), [a[1] - b[1], b[0] - a[0]]);
        let dirs = [
            if d > 0.0 {
                [(q[0] - p[0]) / d, (q[1] - p[1]) / d]
            } else {
                [n[0] / len, n[1] / len]
            },
            [n[0] / len, n[1] / len],
            [-n[0] / len, -n[1] / len],
        ];
        // The rules keep points to the millimetre, so the answer is tested as they will hold it.
        let held = |r: [f64; 2]| [(r[0] * 1e3).round() / 1e3, (r[1] * 1e3).round() / 1e3];
        for step in [0.5, 2.0, 10.0] {
            for dir in dirs {
                let r = held([q[0] + dir[0] * step, q[1] + dir[1] * step]);
                if self.ship_water.contains(r, sea_only) {
                    return Some(r);
                }
            }
        }
        // In a narrow inlet (a marina's mouth) those few tries can all land ashore. Answering
        // the edge point itself put Ships on land at Msida: never attackable, never able to
        // sail, and a Malta game stood undecided to its limit. So look all round the edge
        // point before giving up, and never answer a point that is not water.
        for step in [1.0, 3.0, 10.0, 30.0] {
            for k in 0..16 {
                let a = f64::from(k) * std::f64::consts::PI / 8.0;
                let r = held([q[0] + a.cos() * step, q[1] + a.sin() * step]);
                if self.ship_water.contains(r, sea_only) {
                    return Some(r);
                }
            }
        }
        None
    }

    /// Whether a Ship at `from` can reach `to` over water by a path that stays inside the circle
    /// of `radius` round `from` and enters none of the `blocked` discs (centre, radius: enemy
    /// Ships' coins; a disc that already holds `from` does not block). Both ends must be water.
    /// The path is searched on a grid of radius / 48 cells, so a spit of land thinner than that
    /// may go unseen, and a channel narrower than that may be missed.
    pub fn water_path_within(
        &self,
        from: [f64; 2],
        to: [f64; 2],
        radius: f64,
        blocked: &[([f64; 2], f64)],
    ) -> bool {
        if radius.is_nan()
            || radius <= 0.0
            || dist(from, to) > radius
            || !self.is_water(from)
            || !self.is_water(to)
        {
            return false;
        }
        let blocks: Vec<([f64; 2], f64)> = blocked
            .iter()
            .copied()
            .filter(|&(c, r)| dist(c, from) > r)
            .collect();
        let free = |p: [f64; 2]| {
            dist(p, from) <= radius
                && blocks.iter().all(|&(c, r)| dist(p, c) > r)
                && self.is_water(p)
        };
        let cell = radius / PATH_CELLS_PER_RADIUS;
        // A straight run: water at every half cell.
        let straight = |a: [f64; 2], b: [f64; 2]| {
            let n = (dist(a, b) / (cell / 2.0)).ceil().max(1.0) as usize;
            (0..=n).all(|k| {
                let t = k as f64 / n as f64;
                free([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t])
            })
        };
        if straight(from, to) {
            return true;
        }
        // Breadth-first over the grid centred on `from`; a step is taken when both its ends and
        // its middle are free.
        let k = PATH_CELLS_PER_RADIUS as i32;
        let side = (2 * k + 1) as usize;
        let at = |i: i32, j: i32| [from[0] + f64::from(i) * cell, from[1] + f64::from(j) * cell];
        let mut state = vec![0u8; side * side]; // 0 unknown, 1 free, 2 not free, 3 visited
        let idx = |i: i32, j: i32| ((j + k) as usize) * side + (i + k) as usize;
        let is_free = |i: i32, j: i32, state: &mut Vec<u8>| -> bool {
            let s = &mut state[idx(i, j)];
            if *s == 0 {
                *s = if free(at(i, j)) { 1 } else { 2 };
            }
            *s != 2
        };
        let mut queue = std::collections::VecDeque::from([(0, 0)]);
        state[idx(0, 0)] = 3;
        while let Some((i, j)) = queue.pop_front() {
            let p = at(i, j);
            if dist(p, to) <= 1.5 * cell && straight(p, to) {
                return true;
            }
            for (di, dj) in EIGHT_WAYS {
                let (ni, nj) = (i + i32::from(di), j + i32::from(dj));
                if ni.abs() > k || nj.abs() > k || state[idx(ni, nj)] >= 2 {
                    continue;
                }
                let q = at(ni, nj);
                let mid = [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0];
                if is_free(ni, nj, &mut state) && free(mid) {
                    state[idx(ni, nj)] = 3;
                    queue.push_back((ni, nj));
                }
            }
        }
        false
    }

    /// Whether the whole straight line `a`→`b` lies on ship water (sea or navigable river). Exact
    /// rather than sampled: the line is cut wherever it meets a water edge, and between two cuts
    /// it is either wholly in the water or wholly out of it, so one test at each piece's middle
    /// decides. A line from the sea up a river mouth stays on water although it crosses the
    /// river polygon's edge; one over a spit of land, however thin, does not.
    pub fn segment_on_water(&self, a: [f64; 2], b: [f64; 2]) -> bool {
        if !self.is_water(a) || !self.is_water(b) {
            return false;
        }
        let (d, len2) = ([b[0] - a[0], b[1] - a[1]], dist(a, b).powi(2));
        if len2 == 0.0 {
            return true;
        }
        let mut cuts = vec![0.0, 1.0];
        for e in self
            .ship_water
            .edges
            .locate_in_envelope_intersecting(&AABB::from_corners(a, b))
        {
            let (s, f) = (e.geom().from, e.geom().to);
            let ef = [f[0] - s[0], f[1] - s[1]];
            let den = d[0] * ef[1] - d[1] * ef[0];
            let w = [s[0] - a[0], s[1] - a[1]];
            if den == 0.0 {
                // Parallel: a collinear edge's ends, projected, are where the line may change.
                for q in [s, f] {
                    let t = ((q[0] - a[0]) * d[0] + (q[1] - a[1]) * d[1]) / len2;
                    cuts.push(t);
                }
                continue;
            }
            let t = (w[0] * ef[1] - w[1] * ef[0]) / den;
            let u = (w[0] * d[1] - w[1] * d[0]) / den;
            if (0.0..=1.0).contains(&u) {
                cuts.push(t);
            }
        }
        cuts.retain(|t| (0.0..=1.0).contains(t));
        cuts.sort_by(f64::total_cmp);
        cuts.dedup();
        cuts.windows(2).all(|w| {
            let t = (w[0] + w[1]) / 2.0;
            self.is_water([a[0] + d[0] * t, a[1] + d[1] * t])
        })
    }

    /// Whether the segment `a`→`b` crosses an edge of a sea area.
    pub(crate) fn crosses_sea_edge(&self, a: [f64; 2], b: [f64; 2]) -> bool {
        use geo::Intersects;
        let seg = geo::Line::new(
            geo::Coord { x: a[0], y: a[1] },
            geo::Coord { x: b[0], y: b[1] },
        );
        self.ship_water
            .edges
            .locate_in_envelope_intersecting(&AABB::from_corners(a, b))
            .filter(|e| (e.data as usize) < self.ship_water.sea)
            .any(|e| {
                let (s, f) = (e.geom().from, e.geom().to);
                seg.intersects(&geo::Line::new(
                    geo::Coord { x: s[0], y: s[1] },
                    geo::Coord { x: f[0], y: f[1] },
                ))
            })
    }

    /// The settlements marked as ports, in id order.
    pub fn ports(&self) -> Vec<PlaceId> {
        self.places
            .iter()
            .filter(|p| p.port)
            .map(|p| p.id)
            .collect()
    }

    /// Every edge of the sea and the navigable rivers within `radius` of `p`, for drawing and for
    /// rules that need the shore (metres, water on one side).
    pub fn water_edges_near(&self, p: [f64; 2], radius: f64) -> Vec<([f64; 2], [f64; 2])> {
        let env = AABB::from_corners(
            [p[0] - radius, p[1] - radius],
            [p[0] + radius, p[1] + radius],
        );
        self.ship_water
            .edges
            .locate_in_envelope_intersecting(&env)
            .filter(|e| e.geom().distance_2(&p) <= radius * radius)
            .map(|e| (e.geom().from, e.geom().to))
            .collect()
    }
}

#[cfg(test)]
#[path = "sea_tests.rs"]
mod tests;
