//! Seeing, cover and going: line of sight across the battlefield, whether a figure is behind
//! cover as seen from a point, and what ground a path crosses. The rulesets turn these facts into
//! dice modifiers and move costs; nothing here knows any ruleset's numbers.

use geo::Intersects;
use serde::Serialize;

use super::battlefield::{AreaKind, Battlefield, CrossingKind, LineKind, WallKind};
use super::table::{distance, TablePoint};

/// What the line between two points meets.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "sight", rename_all = "lowercase")]
pub enum Sight {
    /// Nothing blocks it.
    Clear {
        /// How much of the line runs through woods that hold one of its ends: rulesets limit how
        /// deep into a wood a figure can be seen (OMOG: 2″).
        woods_depth_mm: f64,
        /// The same, split by end: how much of the line runs through woods that hold the first
        /// end and not the second, and the other way round. A wood holding both ends counts for
        /// neither: two men in the same wood see each other through it, while a man in one wood
        /// is as hidden from a man in another as from a man in the open.
        woods_depth_at: [f64; 2],
    },
    /// A house, a wood or a hill between the two blocks it.
    Blocked {
        /// What blocks it.
        by: AreaKind,
        /// The OSM id of the blocking feature (0 for features the game adds).
        osm_id: i64,
    },
}

impl Sight {
    /// Whether the two can see each other at all.
    pub fn is_clear(&self) -> bool {
        matches!(self, Sight::Clear { .. })
    }
}

/// Cover a figure has against something coming from a given point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Cover {
    /// Inside a house, or right behind one.
    House,
    /// In woods, or right behind them.
    Woods,
    /// Right behind a wall, fence or hedge.
    Wall(WallKind),
    /// On a hill, with its crest between it and the point.
    HillCrest,
}

/// How close behind a feature a figure must be to count as "behind" it.
pub const BEHIND_MM: f64 = 25.4;

/// The ground under one stretch of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Footing {
    /// On a road (roads through woods and swamp stay roads).
    pub road: bool,
    /// In woods.
    pub woods: bool,
    /// In a swamp.
    pub swamp: bool,
    /// On a hill, going up it.
    pub uphill: bool,
    /// Inside a house.
    pub house: bool,
    /// Inside a walled courtyard (a fortification's square).
    pub courtyard: bool,
}

/// A stretch of a path on the same footing.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Leg {
    /// Its length in mm.
    pub len: f64,
    /// The ground.
    pub footing: Footing,
}

/// Something crossed on the way.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Crossed {
    /// A wall, fence or hedge: an obstacle to climb.
    Wall(WallKind),
    /// A river at a ford.
    Ford,
    /// A river on a bridge.
    Bridge,
}

/// What a path goes over.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PathSurvey {
    /// The stretches in order.
    pub legs: Vec<Leg>,
    /// Obstacles and crossings in order, with their distance along the path.
    pub crossed: Vec<(f64, Crossed)>,
    /// Total length, mm.
    pub length: f64,
}

/// Why a path cannot be taken at all.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, thiserror::Error)]
pub enum Impassable {
    /// It leaves the table.
    #[error("that leaves the table")]
    OffTable(TablePoint),
    /// It enters water.
    #[error("water is impassable")]
    Water(TablePoint),
    /// It crosses a river away from any ford or bridge.
    #[error("the river can only be crossed at a ford or a bridge")]
    River(TablePoint),
}

/// Sampling step along a path when deciding the footing.
const STEP_MM: f64 = 2.0;
/// How far from a crossing's point a path may cross the river and still use it.
const CROSSING_REACH_MM: f64 = 12.7;

impl Battlefield {
    /// Line of sight between two points at figure height. Houses and hills block unless one
    /// end is in or on that very feature; woods block unless one end is inside them, and then
    /// the depth of wood the line passes is reported for the ruleset to judge.
    pub fn sight(&self, a: TablePoint, b: TablePoint) -> Sight {
        if a == b {
            return Sight::Clear {
                woods_depth_mm: 0.0,
                woods_depth_at: [0.0, 0.0],
            };
        }
        let seg = geo::Line::new(a, b);
        let pa = geo::Point::from(a);
        let pb = geo::Point::from(b);
        let mut woods_depth = 0.0;
        let mut woods_depth_at = [0.0, 0.0];
        for i in self.areas_near_segment(a, b) {
            let area = &self.areas[i];
            if !matches!(
                area.kind,
                AreaKind::House | AreaKind::Woods | AreaKind::Hill
            ) {
                continue;
            }
            if !area.shape.intersects(&seg) {
                continue;
            }
            let holds_a = area.shape.intersects(&pa);
            let holds_b = area.shape.intersects(&pb);
            match area.kind {
                AreaKind::Woods if holds_a || holds_b => {
                    let inside = inside_length(&area.shape, a, b);
                    woods_depth += inside;
                    if !holds_b {
                        woods_depth_at[0] += inside;
                    } else if !holds_a {
                        woods_depth_at[1] += inside;
                    }
                }
                AreaKind::House | AreaKind::Hill if holds_a || holds_b => {}
                kind => {
                    // Grazing a corner does not hide anyone: only a real stretch inside blocks.
                    if inside_length(&area.shape, a, b) > 0.5 {
                        return Sight::Blocked {
                            by: kind,
                            osm_id: area.osm_id,
                        };
                    }
                }
            }
        }
        Sight::Clear {
            woods_depth_mm: woods_depth,
            woods_depth_at,
        }
    }

    /// The cover `target` has against something from `from` (a shooter, a shell's point of
    /// impact, a muzzle): inside a house or woods, or within [`BEHIND_MM`] behind a house, wood,
    /// wall or hill crest on the line from `from`. The best cover is returned (house, then wall,
    /// then woods, then crest). A figure between the cover and `from` has none from it.
    pub fn cover(&self, target: TablePoint, from: TablePoint) -> Option<Cover> {
        self.covers(target, from).into_iter().next()
    }

    /// Every kind of cover `target` has against something from `from`, best first (the order
    /// of [`Battlefield::cover`]), each kind once: a man in a wood right behind a fence has both.
    pub fn covers(&self, target: TablePoint, from: TablePoint) -> Vec<Cover> {
        let mut found: Vec<Cover> = Vec::new();
        for i in self.areas_at(target) {
            match self.areas[i].kind {
                AreaKind::House => found.push(Cover::House),
                AreaKind::Woods => found.push(Cover::Woods),
                _ => {}
            }
        }
        let d = distance(target, from);
        if d > 0.0 {
            let t = (BEHIND_MM / d).min(1.0);
            let near = [
                target[0] + (from[0] - target[0]) * t,
                target[1] + (from[1] - target[1]) * t,
            ];
            for (i, _, _) in self.obstacles_crossed(target, near) {
                if let LineKind::Wall(w) = self.lines[i].kind {
                    found.push(Cover::Wall(w));
                }
            }
            let seg = geo::Line::new(target, near);
            let pt = geo::Point::from(target);
            let pf = geo::Point::from(from);
            for i in self.areas_near_segment(target, near) {
                let a = &self.areas[i];
                if !a.shape.intersects(&seg) || a.shape.intersects(&pf) {
                    continue;
                }
                match a.kind {
                    AreaKind::House if !a.shape.intersects(&pt) => found.push(Cover::House),
                    AreaKind::Woods if !a.shape.intersects(&pt) => found.push(Cover::Woods),
                    AreaKind::Hill
                        if a.shape.intersects(&pt)
                            && distance(a.top, from) < distance(target, from)
                            && distance(a.top, target) > 0.0 =>
                    {
                        // On the far slope, with the top between the figure and the point.
                        found.push(Cover::HillCrest)
                    }
                    _ => {}
                }
            }
        }
        let rank = |c: &Cover| match c {
            Cover::House => 0,
            Cover::Wall(WallKind::Stone) => 1,
            Cover::Wall(WallKind::Hedge) => 2,
            Cover::Wall(WallKind::Fence) => 3,
            Cover::Woods => 4,
            Cover::HillCrest => 5,
        };
        found.sort_by_key(rank);
        found.dedup();
        found
    }

    /// Whether `target` stands within [`BEHIND_MM`] of a house, a wood or a wall that neither
    /// holds him nor stands between him and `from`, abreast of him or nearer `from`: at a
    /// corner, the end of a wall or the edge of the trees, leaning round it to look (and shoot)
    /// at `from`. A wall at his back does not count.
    pub fn beside_cover(&self, target: TablePoint, from: TablePoint) -> bool {
        use geo::{Closest, ClosestPoint};
        let pt = geo::Point::from(target);
        let seg = geo::Line::new(target, from);
        let facing = |c: Closest<f64>| match c {
            Closest::Intersection(p) | Closest::SinglePoint(p) => {
                let (dx, dy) = (p.x() - target[0], p.y() - target[1]);
                dx.hypot(dy) <= BEHIND_MM + 1e-9
                    && dx * (from[0] - target[0]) + dy * (from[1] - target[1]) >= -1e-9
            }
            Closest::Indeterminate => false,
        };
        let lo = [target[0] - BEHIND_MM, target[1] - BEHIND_MM];
        let hi = [target[0] + BEHIND_MM, target[1] + BEHIND_MM];
        let beside_area = self.areas_near_segment(lo, hi).into_iter().any(|i| {
            let a = &self.areas[i];
            matches!(a.kind, AreaKind::House | AreaKind::Woods)
                && !a.shape.intersects(&pt)
                && inside_length(&a.shape, target, from) <= 0.5
                && facing(a.shape.closest_point(&pt))
        });
        beside_area
            || self.lines_near(target, BEHIND_MM).any(|i| {
                let l = &self.lines[i];
                matches!(l.kind, LineKind::Wall(_))
                    && !l.line.intersects(&seg)
                    && facing(l.line.closest_point(&pt))
            })
    }

    /// The ground a path (a polyline of table points) goes over, or why it cannot be taken.
    pub fn survey(&self, path: &[TablePoint]) -> Result<PathSurvey, Impassable> {
        let mut legs: Vec<Leg> = Vec::new();
        let mut crossed: Vec<(f64, Crossed)> = Vec::new();
        let mut done = 0.0;
        for w in path.windows(2) {
            let (a, b) = (w[0], w[1]);
            for p in [a, b] {
                if !self.spec.contains(p) {
                    return Err(Impassable::OffTable(p));
                }
            }
            let len = distance(a, b);
            for (i, x, along) in self.obstacles_crossed(a, b) {
                match self.lines[i].kind {
                    LineKind::Wall(k) => crossed.push((done + along, Crossed::Wall(k))),
                    LineKind::River => match self.crossing_near(x, CROSSING_REACH_MM) {
                        Some(c) if c.kind == CrossingKind::Bridge => {
                            crossed.push((done + along, Crossed::Bridge))
                        }
                        Some(_) => crossed.push((done + along, Crossed::Ford)),
                        None => return Err(Impassable::River(x)),
                    },
                    // A stream is forded anywhere; where a road crosses it, it is bridged.
                    LineKind::Stream => match self.crossing_near(x, CROSSING_REACH_MM) {
                        Some(c) if c.kind == CrossingKind::Bridge => {
                            crossed.push((done + along, Crossed::Bridge))
                        }
                        _ => crossed.push((done + along, Crossed::Ford)),
                    },
                    LineKind::Road => {}
                }
            }
            let n = (len / STEP_MM).ceil().max(1.0) as usize;
            for k in 0..n {
                let t0 = k as f64 / n as f64;
                let t1 = (k + 1) as f64 / n as f64;
                let at = |t: f64| [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
                let mid = at((t0 + t1) / 2.0);
                // The sample's ends matter only on a hill: work them out only there.
                let footing = self.footing(mid, || (at(t0), at(t1)))?;
                let piece = len / n as f64;
                match legs.last_mut() {
                    Some(last) if last.footing == footing => last.len += piece,
                    _ => legs.push(Leg {
                        len: piece,
                        footing,
                    }),
                }
            }
            done += len;
        }
        crossed.sort_by(|x, y| x.0.total_cmp(&y.0));
        Ok(PathSurvey {
            legs,
            crossed,
            length: done,
        })
    }

    fn footing(
        &self,
        mid: TablePoint,
        ends: impl FnOnce() -> (TablePoint, TablePoint),
    ) -> Result<Footing, Impassable> {
        use super::raster::{HOUSE, ROAD, SWAMP, WATER, WOODS};
        let (flags, hill) = self.raster.at(mid);
        let road = flags & ROAD != 0;
        if flags & WATER != 0 && !road {
            return Err(Impassable::Water(mid));
        }
        let uphill = hill.is_some_and(|h| {
            let top = self.areas[h].top;
            let (p0, p1) = ends();
            distance(p1, top) < distance(p0, top)
        });
        Ok(Footing {
            road,
            woods: flags & WOODS != 0,
            swamp: flags & SWAMP != 0,
            house: flags & HOUSE != 0,
            courtyard: self.in_courtyard(mid),
            uphill,
        })
    }
}

/// Length of the segment `a`→`b` inside `poly`: split the segment where it crosses the
/// polygon's rings and add up the pieces whose middle is inside. (geo's boolean clip gives the
/// same answer but allocated a whole overlay graph per call, in the hottest loop of a battle.)
fn inside_length(poly: &geo::Polygon<f64>, a: TablePoint, b: TablePoint) -> f64 {
    use geo::Contains;
    let mut ts: Vec<f64> = vec![0.0, 1.0];
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    for ring in std::iter::once(poly.exterior()).chain(poly.interiors()) {
        for w in ring.0.windows(2) {
            let (c, d) = (w[0], w[1]);
            let (ex, ey) = (d.x - c.x, d.y - c.y);
            let denom = dx * ey - dy * ex;
            if denom.abs() < 1e-12 {
                continue;
            }
            let (qx, qy) = (c.x - a[0], c.y - a[1]);
            let t = (qx * ey - qy * ex) / denom;
            let u = (qx * dy - qy * dx) / denom;
            if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
                ts.push(t);
            }
        }
    }
    ts.sort_by(f64::total_cmp);
    let len = (dx * dx + dy * dy).sqrt();
    ts.windows(2)
        .filter(|w| w[1] - w[0] > 1e-12)
        .filter(|w| {
            let m = (w[0] + w[1]) / 2.0;
            poly.contains(&geo::Point::new(a[0] + dx * m, a[1] + dy * m))
        })
        .map(|w| (w[1] - w[0]) * len)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::{LineString, Polygon};

    #[test]
    fn inside_length_counts_only_the_pieces_inside() {
        // A 10 × 10 square with a 2 × 2 hole in the middle.
        let poly = Polygon::new(
            LineString::from(vec![
                (0.0, 0.0),
                (10.0, 0.0),
                (10.0, 10.0),
                (0.0, 10.0),
                (0.0, 0.0),
            ]),
            vec![LineString::from(vec![
                (4.0, 4.0),
                (6.0, 4.0),
                (6.0, 6.0),
                (4.0, 6.0),
                (4.0, 4.0),
            ])],
        );
        let l = |a: TablePoint, b: TablePoint| inside_length(&poly, a, b);
        assert!((l([-5.0, 5.0], [15.0, 5.0]) - 8.0).abs() < 1e-9);
        assert!((l([2.0, 2.0], [3.0, 2.0]) - 1.0).abs() < 1e-9);
        assert!(l([-5.0, -1.0], [15.0, -1.0]).abs() < 1e-9);
        assert!((l([5.0, -5.0], [5.0, 2.0]) - 2.0).abs() < 1e-9);
    }
}
