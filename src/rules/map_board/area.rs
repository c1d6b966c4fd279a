//! The land a Scout (or Tank) can reach off road in one straight move: the card-breadth disc
//! seen from its start, cut where a ray first meets water, a coastline or an enemy coin.
//!
//! Off-road moves are straight lines, so the reachable set is exactly what is "visible" from the
//! start; casting rays gives it as a star-shaped polygon the UI can fill.

use rstar::{Envelope, AABB};

use super::network::{segment_in_disc, Disc};
use super::MapBoard;

/// Rays cast round the circle; 128 keep each polygon edge under 80 m at 1:25,000.
const RAYS: usize = 128;

/// Parameter `t` where the ray `o + t·d` (|d| = 1) crosses segment `a`–`b`, if it does.
fn ray_hits_segment(o: [f64; 2], d: [f64; 2], a: [f64; 2], b: [f64; 2]) -> Option<f64> {
    let e = [b[0] - a[0], b[1] - a[1]];
    let denom = d[0] * e[1] - d[1] * e[0];
    if denom.abs() < 1e-12 {
        return None;
    }
    let w = [a[0] - o[0], a[1] - o[1]];
    let t = (w[0] * e[1] - w[1] * e[0]) / denom;
    let u = (w[0] * d[1] - w[1] * d[0]) / denom;
    (t >= 0.0 && (0.0..=1.0).contains(&u)).then_some(t)
}

impl MapBoard<'_> {
    /// The polygon (metres, counter-clockwise, not closed) of land reachable in a straight line
    /// of at most `radius` from `from`, avoiding `blockers`. Empty when `from` is not on land.
    pub(crate) fn visible_land(
        &self,
        from: [f64; 2],
        radius: f64,
        blockers: &[Disc],
    ) -> Vec<[f64; 2]> {
        if !self.map.is_land(from) {
            return Vec::new();
        }
        let env = AABB::from_corners(
            [from[0] - radius, from[1] - radius],
            [from[0] + radius, from[1] + radius],
        );
        let mut walls: Vec<([f64; 2], [f64; 2])> = Vec::new();
        for e in self.map.water_tree.locate_in_envelope_intersecting(&env) {
            let poly = &self.map.water()[e.data];
            for ring in std::iter::once(poly.exterior()).chain(poly.interiors()) {
                for l in ring.lines() {
                    let (a, b) = ([l.start.x, l.start.y], [l.end.x, l.end.y]);
                    if env.intersects(&AABB::from_corners(a, b)) {
                        walls.push((a, b));
                    }
                }
            }
        }
        for e in self.map.coast_tree.locate_in_envelope_intersecting(&env) {
            walls.push((e.geom().from, e.geom().to));
        }
        let discs: Vec<&Disc> = blockers
            .iter()
            .filter(|d| !d.contains(from) && segment_in_disc(from, d.c, d).is_some())
            .filter(|d| super::network::dist(from, d.c) <= radius + d.r)
            .collect();
        (0..RAYS)
            .map(|k| {
                let angle = std::f64::consts::TAU * k as f64 / RAYS as f64;
                let d = [angle.cos(), angle.sin()];
                let mut t = radius;
                for (a, b) in &walls {
                    if let Some(hit) = ray_hits_segment(from, d, *a, *b) {
                        t = t.min(hit);
                    }
                }
                for disc in &discs {
                    let end = [from[0] + d[0] * t, from[1] + d[1] * t];
                    if let Some((u0, _)) = segment_in_disc(from, end, disc) {
                        t *= u0;
                    }
                }
                // Stop just short of whatever was hit, so every vertex is itself a legal end.
                let t = (t - 1.0).max(0.0);
                [from[0] + d[0] * t, from[1] + d[1] * t]
            })
            .collect()
    }
}
