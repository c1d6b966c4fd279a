//! The defects real OSM data has, cleaned or left out before they reach a package: outlines
//! that enclose nothing or cross themselves (bowties), lines of a single repeated point, names
//! with control characters. Every check works on positions quantised to the package's own
//! precision (1e-7°), so what passes here is exactly what the loader will accept.

use std::collections::BTreeMap;

use geo::{Coord, LineString, MultiPolygon, Polygon};
use rstar::primitives::{GeomWithData, Line};
use rstar::{RTree, RTreeObject};

/// Longest place or road name kept whole (the loader's limit on a map's name is the same).
pub const MAX_NAME_CHARS: usize = 200;

/// Why an outline was left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum RingDefect {
    /// Fewer than three distinct corners, or not closed.
    TooFewCorners,
    /// Every corner on one line: no area.
    ZeroArea,
    /// Two of its sides cross or touch (a bowtie).
    SelfCrossing,
}

impl RingDefect {
    /// How the summary names a count of these.
    pub fn describe(self) -> &'static str {
        match self {
            RingDefect::TooFewCorners => "outlines with fewer than three corners",
            RingDefect::ZeroArea => "outlines enclosing no area",
            RingDefect::SelfCrossing => "outlines crossing themselves (bowties)",
        }
    }
}

/// Counts of what was cleaned or left out, by description.
pub type Dropped = BTreeMap<&'static str, usize>;

fn key(p: [f64; 2]) -> [i64; 2] {
    [(p[0] * 1e7).round() as i64, (p[1] * 1e7).round() as i64]
}

/// The ring with consecutive repeated positions removed, checked: closed, at least three
/// corners, some area, and no two sides crossing or touching.
pub fn clean_ring(coords: &[[f64; 2]]) -> Result<Vec<[f64; 2]>, RingDefect> {
    if coords.len() < 4 || key(coords[0]) != key(coords[coords.len() - 1]) {
        return Err(RingDefect::TooFewCorners);
    }
    let mut ring: Vec<[f64; 2]> = Vec::with_capacity(coords.len());
    for &p in coords {
        if ring.last().is_none_or(|&q| key(q) != key(p)) {
            ring.push(p);
        }
    }
    if ring.len() < 4 {
        return Err(RingDefect::TooFewCorners);
    }
    let keys: Vec<[i64; 2]> = ring.iter().map(|&p| key(p)).collect();
    let twice_area: i128 = keys
        .windows(2)
        .map(|w| {
            i128::from(w[0][0]) * i128::from(w[1][1]) - i128::from(w[1][0]) * i128::from(w[0][1])
        })
        .sum();
    if twice_area == 0 {
        return Err(RingDefect::ZeroArea);
    }
    if self_crossing(&keys) {
        return Err(RingDefect::SelfCrossing);
    }
    Ok(ring)
}

/// Orientation of `c` relative to the line `a`→`b`: -1, 0 or 1, exactly.
fn orient(a: [i64; 2], b: [i64; 2], c: [i64; 2]) -> i8 {
    let v = i128::from(b[0] - a[0]) * i128::from(c[1] - a[1])
        - i128::from(b[1] - a[1]) * i128::from(c[0] - a[0]);
    v.signum() as i8
}

fn on_segment(a: [i64; 2], b: [i64; 2], p: [i64; 2]) -> bool {
    p[0] >= a[0].min(b[0])
        && p[0] <= a[0].max(b[0])
        && p[1] >= a[1].min(b[1])
        && p[1] <= a[1].max(b[1])
}

/// Whether segments `a`–`b` and `c`–`d` share any point.
fn segments_meet(a: [i64; 2], b: [i64; 2], c: [i64; 2], d: [i64; 2]) -> bool {
    let (o1, o2, o3, o4) = (
        orient(a, b, c),
        orient(a, b, d),
        orient(c, d, a),
        orient(c, d, b),
    );
    if o1 != o2 && o3 != o4 {
        return true;
    }
    (o1 == 0 && on_segment(a, b, c))
        || (o2 == 0 && on_segment(a, b, d))
        || (o3 == 0 && on_segment(c, d, a))
        || (o4 == 0 && on_segment(c, d, b))
}

/// Whether two sides of a closed ring (first point repeated last, no consecutive repeats) that
/// are not neighbours meet. Sides are found through an R-tree, so a long coastline ring costs
/// about n log n, not n².
fn self_crossing(keys: &[[i64; 2]]) -> bool {
    let n = keys.len() - 1; // sides
    let neighbours = |i: usize, j: usize| {
        let d = i.abs_diff(j);
        d <= 1 || d == n - 1
    };
    let meet = |i: usize, j: usize| {
        !neighbours(i, j) && segments_meet(keys[i], keys[i + 1], keys[j], keys[j + 1])
    };
    // Neighbouring sides may still fold back onto each other (a spike a→b→a'): collinear,
    // with the second side heading back.
    for i in 0..n {
        let (a, b, c) = (keys[i], keys[i + 1], keys[(i + 2) % n]);
        let dot = i128::from(b[0] - a[0]) * i128::from(c[0] - b[0])
            + i128::from(b[1] - a[1]) * i128::from(c[1] - b[1]);
        if n > 2 && orient(a, b, c) == 0 && dot < 0 {
            return true;
        }
    }
    if n <= 64 {
        return (0..n).any(|i| (i + 2..n).any(|j| meet(i, j)));
    }
    let f = |p: [i64; 2]| [p[0] as f64, p[1] as f64];
    let tree = RTree::bulk_load(
        (0..n)
            .map(|i| GeomWithData::new(Line::new(f(keys[i]), f(keys[i + 1])), i))
            .collect(),
    );
    (0..n).any(|i| {
        let env = Line::new(f(keys[i]), f(keys[i + 1])).envelope();
        tree.locate_in_envelope_intersecting(&env)
            .any(|s| s.data > i && meet(i, s.data))
    })
}

/// An outline as a one-polygon multipolygon, or why it cannot be one.
pub fn ring_area(coords: &[[f64; 2]]) -> Result<MultiPolygon<f64>, RingDefect> {
    let ring = clean_ring(coords)?;
    Ok(MultiPolygon(vec![Polygon::new(to_line(&ring), vec![])]))
}

/// Lon/lat points as a `geo` line string.
pub fn to_line(pts: &[[f64; 2]]) -> LineString<f64> {
    LineString(pts.iter().map(|p| Coord { x: p[0], y: p[1] }).collect())
}

/// Whether a line has at least two distinct positions (else it is a single point).
pub fn is_line(pts: &[[f64; 2]]) -> bool {
    pts.first()
        .is_some_and(|&a| pts.iter().any(|&p| key(p) != key(a)))
}

/// A name with control characters (NUL, bell, line breaks, …) removed, spaces trimmed and at
/// most [`MAX_NAME_CHARS`] characters; whether it had to change.
pub fn clean_name(name: &str) -> (String, bool) {
    let cleaned: String = name
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect();
    let cleaned = cleaned.trim().to_string();
    let changed = cleaned != name;
    (cleaned, changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(pts: &[(f64, f64)]) -> Vec<[f64; 2]> {
        pts.iter().map(|&(x, y)| [x, y]).collect()
    }

    #[test]
    fn good_outlines_pass_and_lose_repeated_points() {
        let sq = ring(&[
            (0.0, 0.0),
            (1.0, 0.0),
            (1.0, 0.0),
            (1.0, 1.0),
            (0.0, 1.0),
            (0.0, 0.0),
        ]);
        assert_eq!(clean_ring(&sq).unwrap().len(), 5);
    }

    #[test]
    fn defects_are_named() {
        let flat = ring(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (0.0, 0.0)]);
        assert_eq!(clean_ring(&flat), Err(RingDefect::ZeroArea));
        let short = ring(&[(0.0, 0.0), (1.0, 0.0), (1.0, 0.0), (0.0, 0.0)]);
        assert_eq!(clean_ring(&short), Err(RingDefect::TooFewCorners));
        let open = ring(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
        assert_eq!(clean_ring(&open), Err(RingDefect::TooFewCorners));
        // A lopsided bowtie has area, so only the crossing test catches it.
        let bowtie = ring(&[(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 1.0), (0.0, 0.0)]);
        assert_eq!(clean_ring(&bowtie), Err(RingDefect::SelfCrossing));
        let spike = ring(&[
            (0.0, 0.0),
            (2.0, 0.0),
            (3.0, 0.0),
            (2.0, 0.0),
            (2.0, 2.0),
            (0.0, 0.0),
        ]);
        assert_eq!(clean_ring(&spike), Err(RingDefect::SelfCrossing));
    }

    #[test]
    fn a_long_ring_is_checked_through_the_tree() {
        // A 400-sided circle, then the same with two far-apart corners swapped (a crossing).
        let mut pts: Vec<[f64; 2]> = (0..400)
            .map(|i| {
                let a = i as f64 * std::f64::consts::TAU / 400.0;
                [a.cos() * 0.01, a.sin() * 0.01]
            })
            .collect();
        pts.push(pts[0]);
        assert!(clean_ring(&pts).is_ok());
        pts.swap(10, 200);
        assert_eq!(clean_ring(&pts), Err(RingDefect::SelfCrossing));
    }

    #[test]
    fn names_lose_control_characters() {
        assert_eq!(clean_name("Bad\0Name\u{7}"), ("BadName".into(), true));
        assert_eq!(clean_name("Vaduz"), ("Vaduz".into(), false));
        assert_eq!(clean_name(&"Z".repeat(500)).0.len(), MAX_NAME_CHARS);
        assert!(!is_line(&[[1.0, 1.0], [1.0, 1.0]]));
        assert!(is_line(&[[1.0, 1.0], [1.0, 1.00001]]));
    }
}
