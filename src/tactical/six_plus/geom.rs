//! Blocks as rectangles on the table: their corners, whether two overlap, how far apart they
//! are, and whether a line passes over one. Angles are compass degrees (0 = north), as
//! [`crate::tactical::table`] measures them.

use crate::tactical::raster::dist_to_segment;
use crate::tactical::table::{distance, step, TablePoint};

/// A block's footprint: a rectangle `frontage` wide and `depth` deep, centred on `at`, its front
/// edge towards `facing`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// The centre.
    pub at: TablePoint,
    /// Compass degrees the front edge looks towards.
    pub facing: f64,
    /// Width of the front edge, mm.
    pub frontage: f64,
    /// Distance front to rear, mm.
    pub depth: f64,
}

impl Rect {
    /// The four corners: front-left, front-right, rear-right, rear-left.
    pub fn corners(&self) -> [TablePoint; 4] {
        let front = step(self.at, self.facing, self.depth / 2.0);
        let rear = step(self.at, self.facing + 180.0, self.depth / 2.0);
        let r = self.frontage / 2.0;
        [
            step(front, self.facing - 90.0, r),
            step(front, self.facing + 90.0, r),
            step(rear, self.facing + 90.0, r),
            step(rear, self.facing - 90.0, r),
        ]
    }

    /// The middle of the front edge.
    pub fn front_centre(&self) -> TablePoint {
        step(self.at, self.facing, self.depth / 2.0)
    }

    /// The same block moved to `at`.
    pub fn moved(self, at: TablePoint, facing: f64) -> Rect {
        Rect { at, facing, ..self }
    }

    /// A grid of points over the footprint (corners, edge middles, centre and between): what
    /// the ground under a block is judged by.
    pub fn samples(&self) -> Vec<TablePoint> {
        let (ux, uy) = unit(self.facing);
        let (rx, ry) = unit(self.facing + 90.0);
        let mut v = Vec::with_capacity(15);
        for i in 0..5 {
            let a = (i as f64 / 4.0 - 0.5) * self.frontage;
            for j in 0..3 {
                let b = (j as f64 / 2.0 - 0.5) * self.depth;
                v.push([self.at[0] + rx * a + ux * b, self.at[1] + ry * a + uy * b]);
            }
        }
        v
    }

    /// Where `p` lies in the block's own frame: (across the front, rightwards; ahead).
    pub fn local(&self, p: TablePoint) -> (f64, f64) {
        let (ux, uy) = unit(self.facing);
        let (rx, ry) = unit(self.facing + 90.0);
        let (dx, dy) = (p[0] - self.at[0], p[1] - self.at[1]);
        (dx * rx + dy * ry, dx * ux + dy * uy)
    }

    /// Whether `p` is inside (edges included, within `slack`).
    pub fn contains(&self, p: TablePoint, slack: f64) -> bool {
        let (x, y) = self.local(p);
        x.abs() <= self.frontage / 2.0 + slack && y.abs() <= self.depth / 2.0 + slack
    }

    /// Which face of the block a point touching it (or outside it) is beside.
    pub fn face_towards(&self, p: TablePoint) -> Face {
        let (x, y) = self.local(p);
        if x.abs() / (self.frontage / 2.0) > y.abs() / (self.depth / 2.0) {
            Face::Flank
        } else if y >= 0.0 {
            Face::Front
        } else {
            Face::Rear
        }
    }
}

/// A side of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Face {
    /// Its front edge.
    Front,
    /// One of its short sides.
    Flank,
    /// Its rear edge.
    Rear,
}

fn unit(bearing: f64) -> (f64, f64) {
    let r = bearing.to_radians();
    (r.sin(), r.cos())
}

/// Whether two blocks overlap by more than `slack` (touching is not overlapping).
pub fn overlap(a: &Rect, b: &Rect, slack: f64) -> bool {
    if distance(a.at, b.at) > (a.frontage + a.depth + b.frontage + b.depth) / 2.0 {
        return false;
    }
    let (ca, cb) = (a.corners(), b.corners());
    for axis in [a.facing, a.facing + 90.0, b.facing, b.facing + 90.0] {
        let (ux, uy) = unit(axis);
        let proj = |c: &[TablePoint; 4]| {
            c.iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                    let d = p[0] * ux + p[1] * uy;
                    (lo.min(d), hi.max(d))
                })
        };
        let (alo, ahi) = proj(&ca);
        let (blo, bhi) = proj(&cb);
        if ahi <= blo + slack || bhi <= alo + slack {
            return false;
        }
    }
    true
}

/// The shortest distance between two blocks (0 when they touch or overlap).
pub fn gap(a: &Rect, b: &Rect) -> f64 {
    if overlap(a, b, 0.0) {
        return 0.0;
    }
    let (ca, cb) = (a.corners(), b.corners());
    let mut best = f64::INFINITY;
    for i in 0..4 {
        for j in 0..4 {
            let (p, q) = (ca[i], ca[(i + 1) % 4]);
            let (r, s) = (cb[j], cb[(j + 1) % 4]);
            best = best
                .min(dist_to_segment(p, r, s))
                .min(dist_to_segment(q, r, s))
                .min(dist_to_segment(r, p, q))
                .min(dist_to_segment(s, p, q));
        }
    }
    best
}

/// Whether the segment `a`→`b` passes over the block (crosses its inside).
pub fn segment_crosses(r: &Rect, a: TablePoint, b: TablePoint) -> bool {
    // Clip the segment to the rectangle in its own frame (Liang–Barsky).
    let (ax, ay) = r.local(a);
    let (bx, by) = r.local(b);
    let (dx, dy) = (bx - ax, by - ay);
    let (hx, hy) = (r.frontage / 2.0, r.depth / 2.0);
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q) in [(-dx, ax + hx), (dx, hx - ax), (-dy, ay + hy), (dy, hy - ay)] {
        if p.abs() < 1e-12 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t1 - t0 > 1e-9
}

/// The signed turn in degrees (−180, 180] from `from` to `to`.
pub fn turn(from: f64, to: f64) -> f64 {
    let d = (to - from).rem_euclid(360.0);
    if d > 180.0 {
        d - 360.0
    } else {
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(at: TablePoint, facing: f64) -> Rect {
        Rect {
            at,
            facing,
            frontage: 40.0,
            depth: 20.0,
        }
    }

    #[test]
    fn blocks_side_by_side_touch_but_do_not_overlap() {
        let a = block([100.0, 100.0], 0.0);
        assert!(!overlap(&a, &block([140.0, 100.0], 0.0), 0.01));
        assert!(overlap(&a, &block([139.0, 100.0], 0.0), 0.01));
        assert!((gap(&a, &block([150.0, 100.0], 0.0)) - 10.0).abs() < 1e-9);
        assert!(overlap(&a, &block([100.0, 115.0], 45.0), 0.01));
    }

    #[test]
    fn faces_and_lines_over_a_block() {
        let a = block([100.0, 100.0], 0.0);
        assert_eq!(a.face_towards([100.0, 130.0]), Face::Front);
        assert_eq!(a.face_towards([140.0, 101.0]), Face::Flank);
        assert_eq!(a.face_towards([100.0, 70.0]), Face::Rear);
        assert!(segment_crosses(&a, [50.0, 100.0], [150.0, 100.0]));
        assert!(!segment_crosses(&a, [50.0, 120.0], [150.0, 120.0]));
        assert_eq!(turn(350.0, 10.0), 20.0);
        assert_eq!(turn(10.0, 350.0), -20.0);
    }
}
