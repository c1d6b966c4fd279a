//! Which roads a unit stands on (issue 17: roads that cross without meeting).
//!
//! A unit on a road stands on the road lines passing through its point, nothing else: a road
//! bridging over it or tunnelling under it is a different road, however close, unless the two
//! meet at a shared node. Positions are kept to the millimetre, so "through its point" means
//! within [`STAND_M`]. When a move would set a unit down exactly where two roads cross without
//! meeting, it is put down a few centimetres along the road it came by, so that where it stands
//! is never ambiguous.

use super::moves::Spot;
use super::network::{closest_on_segment, dist, Disc};
use super::MapBoard;
use crate::map::{EdgeId, RoadClass};

/// A road line passing within this many metres of a unit's point is one it stands on. Unit
/// positions are road points rounded to the millimetre (at most 0.71 mm off the line).
pub(crate) const STAND_M: f64 = 0.01;

/// Farthest a unit is slid along its road to get clear of a crossing road, metres.
const SLIDE_MAX_M: f64 = 5.0;
/// Step of that slide, metres.
const SLIDE_STEP_M: f64 = 0.01;

impl MapBoard<'_> {
    /// The points of road (edge, metres along it) within `radius` of `p`, by edge then along.
    fn road_points_near(&self, p: [f64; 2], radius: f64) -> Vec<(EdgeId, f64)> {
        let mut out: Vec<(EdgeId, f64)> = Vec::new();
        for (edge, seg) in self.map.segments_in_disc(p, radius) {
            let pts = self.map.roads().edge(edge).points();
            let (a, b) = (pts[seg as usize], pts[seg as usize + 1]);
            let (_, q) = closest_on_segment(p, a, b);
            out.push((edge, self.offsets_of(edge)[seg as usize] + dist(a, q)));
        }
        out.sort_by(|x, y| x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)));
        // Two segments of one edge meeting at a vertex give the same point twice.
        out.dedup_by(|x, y| x.0 == y.0 && (x.1 - y.1).abs() <= 2.0 * STAND_M);
        out
    }

    /// The roads a unit at `p` stands on. A point the game put on a road is always within
    /// [`STAND_M`] of it; a point that is not (a package edited since the game was saved) stands
    /// on the nearest road within the snapping distance, if any.
    pub(crate) fn standing_on(&self, p: [f64; 2]) -> Vec<(EdgeId, f64)> {
        let on = self.road_points_near(p, STAND_M);
        if !on.is_empty() {
            return on;
        }
        self.map
            .nearest_road_point(p)
            .filter(|rp| rp.distance <= self.snap_m())
            .map(|rp| vec![(rp.edge, rp.along)])
            .unwrap_or_default()
    }

    /// Whether a unit at `p` stands on a motorway.
    pub(crate) fn stands_on_motorway(&self, p: [f64; 2]) -> bool {
        self.standing_on(p)
            .iter()
            .any(|(e, _)| self.map.roads().edge(*e).class() == RoadClass::M)
    }

    /// Whether the road point `(edge, along)` at `pos` is clear of every road that does not
    /// meet `edge` there.
    fn clear_of_crossings(&self, edge: EdgeId, along: f64, pos: [f64; 2]) -> bool {
        let roads = self.map.roads();
        let ends = |e: EdgeId| {
            let e = roads.edge(e);
            [e.from(), e.to()]
        };
        // Nodes of `edge` at this point: roads ending there meet it.
        let here: Vec<_> = ends(edge)
            .into_iter()
            .filter(|n| dist(roads.node(*n).pos(), pos) <= 2.0 * STAND_M)
            .collect();
        self.road_points_near(pos, 2.0 * STAND_M)
            .into_iter()
            .all(|(e, a)| {
                (e == edge && (a - along).abs() <= 4.0 * STAND_M)
                    || ends(e).iter().any(|n| here.contains(n))
            })
    }

    /// Where to set a unit down for `spot`: the spot itself, or, when another road crosses
    /// there without meeting this one, the nearest point along the same edge (between `lo` and
    /// `hi` metres, inside `circle`) that is clear of it. Overlapping roads with no clear point
    /// close by leave the spot as it is.
    pub(crate) fn set_down(&self, spot: Spot, lo: f64, hi: f64, circle: &Disc) -> Spot {
        if self.clear_of_crossings(spot.edge, spot.along, spot.pos) {
            return spot;
        }
        let pts = self.map.roads().edge(spot.edge).points();
        let offs = self.offsets_of(spot.edge);
        let steps = (SLIDE_MAX_M / SLIDE_STEP_M) as usize;
        for k in 1..=steps {
            for sign in [1.0, -1.0] {
                let along = spot.along + sign * k as f64 * SLIDE_STEP_M;
                if along < lo || along > hi {
                    continue;
                }
                let pos = super::network::point_at(pts, offs, along);
                if circle.contains(pos) && self.clear_of_crossings(spot.edge, along, pos) {
                    return Spot {
                        edge: spot.edge,
                        along,
                        pos,
                    };
                }
            }
        }
        spot
    }

    /// [`MapBoard::set_down`] anywhere along the spot's edge (a unit placed, or landing off
    /// road, with no circle to stay in).
    pub(crate) fn set_down_on_edge(&self, spot: Spot) -> Spot {
        let total = *self.offsets_of(spot.edge).last().unwrap_or(&0.0);
        let room = Disc {
            c: spot.pos,
            r: f64::INFINITY,
        };
        self.set_down(spot, 0.0, total, &room)
    }
}
