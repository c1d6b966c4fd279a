//! Table measures: lengths, the table's size and ground scale, facing and arcs.
//!
//! The four rulesets measure in inches (OMOG, The Dice Flew) or centimetres (6+). The engine
//! keeps every table length in millimetres, as RULINGS §1 does for the strategic measures, so a
//! ruleset states its numbers in its own unit and nothing is rounded on the way.

use serde::{Deserialize, Serialize};

/// A point on the table in millimetres: x to the east edge, y to the north edge, origin at the
/// south-west corner.
pub type TablePoint = [f64; 2];

/// Millimetres in an inch.
pub const MM_PER_INCH: f64 = 25.4;

/// A length in inches, in table millimetres.
pub fn inches(x: f64) -> f64 {
    x * MM_PER_INCH
}

/// A length in centimetres, in table millimetres.
pub fn cm(x: f64) -> f64 {
    x * 10.0
}

/// Straight-line table distance.
pub fn distance(a: TablePoint, b: TablePoint) -> f64 {
    // Not `hypot`: table numbers are far from overflow, and libm's hypot was a tenth of an
    // auto-resolved battle's time.
    let (dx, dy) = (a[0] - b[0], a[1] - b[1]);
    (dx * dx + dy * dy).sqrt()
}

/// The size of a ruleset's table and the ground one table millimetre stands for.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TableSpec {
    /// East–west size in millimetres.
    pub width_mm: f64,
    /// North–south size in millimetres.
    pub depth_mm: f64,
    /// Ground metres per table millimetre.
    pub ground_m_per_mm: f64,
}

impl TableSpec {
    /// OMOG (19C and Musket): a 48″ square table at 1″ = 25 m, about 1.2 km of ground a side.
    pub const OMOG: TableSpec = TableSpec {
        width_mm: 48.0 * MM_PER_INCH,
        depth_mm: 48.0 * MM_PER_INCH,
        ground_m_per_mm: 25.0 / MM_PER_INCH,
    };

    /// Ground metres covered east–west.
    pub fn ground_width_m(&self) -> f64 {
        self.width_mm * self.ground_m_per_mm
    }

    /// Ground metres covered north–south.
    pub fn ground_depth_m(&self) -> f64 {
        self.depth_mm * self.ground_m_per_mm
    }

    /// The table's centre.
    pub fn centre(&self) -> TablePoint {
        [self.width_mm / 2.0, self.depth_mm / 2.0]
    }

    /// Whether a point is on the table (edges included).
    pub fn contains(&self, p: TablePoint) -> bool {
        (0.0..=self.width_mm).contains(&p[0]) && (0.0..=self.depth_mm).contains(&p[1])
    }
}

/// One of the four table edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Edge {
    /// The north edge (y = depth).
    North,
    /// The east edge (x = width).
    East,
    /// The south edge (y = 0).
    South,
    /// The west edge (x = 0).
    West,
}

impl Edge {
    /// The edge a force arrives from when it comes from `bearing_deg` (compass degrees, 0 = north,
    /// 90 = east) as seen from the table's centre.
    pub fn from_bearing(bearing_deg: f64) -> Edge {
        match bearing_deg.rem_euclid(360.0) {
            b if !(45.0..315.0).contains(&b) => Edge::North,
            b if b < 135.0 => Edge::East,
            b if b < 225.0 => Edge::South,
            _ => Edge::West,
        }
    }

    /// Whether `p` lies within `depth_mm` of this edge: the entry or deployment zone.
    pub fn zone_contains(self, spec: &TableSpec, p: TablePoint, depth_mm: f64) -> bool {
        spec.contains(p)
            && match self {
                Edge::North => p[1] >= spec.depth_mm - depth_mm,
                Edge::East => p[0] >= spec.width_mm - depth_mm,
                Edge::South => p[1] <= depth_mm,
                Edge::West => p[0] <= depth_mm,
            }
    }

    /// The facing, in compass degrees, of a figure that enters from this edge and looks across
    /// the table.
    pub fn inward_facing(self) -> Facing {
        Facing(match self {
            Edge::North => 180.0,
            Edge::East => 270.0,
            Edge::South => 0.0,
            Edge::West => 90.0,
        })
    }
}

/// Which way a figure or base looks, in compass degrees (0 = north, 90 = east).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Facing(pub f64);

impl Facing {
    /// The facing that looks from `from` towards `to`.
    pub fn towards(from: TablePoint, to: TablePoint) -> Facing {
        Facing(compass_bearing(from, to))
    }

    /// The signed angle in degrees (−180, 180] from straight ahead to the direction of `to` as
    /// seen from `from`; positive is clockwise (to the right).
    pub fn off_axis(self, from: TablePoint, to: TablePoint) -> f64 {
        let d = (compass_bearing(from, to) - self.0).rem_euclid(360.0);
        if d > 180.0 {
            d - 360.0
        } else {
            d
        }
    }

    /// Whether `to` lies within `half_angle_deg` either side of straight ahead: the 90° front
    /// arc of 6+ and The Dice Flew is `half_angle_deg = 45`.
    pub fn within_arc(self, from: TablePoint, to: TablePoint, half_angle_deg: f64) -> bool {
        from == to || self.off_axis(from, to).abs() <= half_angle_deg + 1e-9
    }

    /// Which side of a figure or base `to` is on, with the front and rear each a 90° arc.
    pub fn arc_of(self, from: TablePoint, to: TablePoint) -> Arc {
        let a = self.off_axis(from, to).abs();
        if a <= 45.0 + 1e-9 {
            Arc::Front
        } else if a >= 135.0 - 1e-9 {
            Arc::Rear
        } else {
            Arc::Flank
        }
    }

    /// Whether `to` is ahead of the line through `from` square to the facing (a vehicle's "front
    /// half"); a shot from behind that line is a flank shot in The Dice Flew.
    pub fn ahead(self, from: TablePoint, to: TablePoint) -> bool {
        self.off_axis(from, to).abs() < 90.0
    }
}

/// The side of a figure something lies on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Arc {
    /// Within 45° of straight ahead.
    Front,
    /// Between the front and rear arcs.
    Flank,
    /// Within 45° of straight behind.
    Rear,
}

/// Compass bearing in degrees [0, 360) from `from` to `to` (0 = +y, 90 = +x).
pub fn compass_bearing(from: TablePoint, to: TablePoint) -> f64 {
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    dx.atan2(dy).to_degrees().rem_euclid(360.0)
}

/// The point `dist` along compass `bearing_deg` from `from`.
pub fn step(from: TablePoint, bearing_deg: f64, dist: f64) -> TablePoint {
    let r = bearing_deg.to_radians();
    [from[0] + dist * r.sin(), from[1] + dist * r.cos()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn omog_table_is_48_inches_and_1200_m() {
        let t = TableSpec::OMOG;
        assert!((t.width_mm - 1219.2).abs() < 1e-9);
        assert!((t.ground_width_m() - 1200.0).abs() < 1e-9);
        let c = t.centre();
        assert!((c[0] - 609.6).abs() < 1e-9 && (c[1] - 609.6).abs() < 1e-9);
    }

    #[test]
    fn units_convert() {
        assert!((inches(6.0) - 152.4).abs() < 1e-9);
        assert_eq!(cm(6.0), 60.0);
    }

    #[test]
    fn bearings_and_steps_agree() {
        let o = [0.0, 0.0];
        assert_eq!(compass_bearing(o, [0.0, 5.0]), 0.0);
        assert_eq!(compass_bearing(o, [5.0, 0.0]), 90.0);
        assert_eq!(compass_bearing(o, [0.0, -5.0]), 180.0);
        assert_eq!(compass_bearing(o, [-5.0, 0.0]), 270.0);
        let p = step(o, 30.0, 10.0);
        assert!((distance(o, p) - 10.0).abs() < 1e-9);
        assert!((compass_bearing(o, p) - 30.0).abs() < 1e-9);
    }

    #[test]
    fn arcs_split_front_flank_rear_at_45_and_135_degrees() {
        let f = Facing(0.0);
        let o = [0.0, 0.0];
        assert_eq!(f.arc_of(o, step(o, 44.0, 10.0)), Arc::Front);
        assert_eq!(f.arc_of(o, step(o, -45.0, 10.0)), Arc::Front);
        assert_eq!(f.arc_of(o, step(o, 46.0, 10.0)), Arc::Flank);
        assert_eq!(f.arc_of(o, step(o, 270.0, 10.0)), Arc::Flank);
        assert_eq!(f.arc_of(o, step(o, 135.0, 10.0)), Arc::Rear);
        assert_eq!(f.arc_of(o, step(o, 180.0, 10.0)), Arc::Rear);
        assert!(f.within_arc(o, step(o, 45.0, 10.0), 45.0));
        assert!(!f.within_arc(o, step(o, 46.0, 10.0), 45.0));
        assert!(Facing(350.0).within_arc(o, step(o, 20.0, 10.0), 45.0));
        assert!(f.ahead(o, step(o, 89.0, 1.0)));
        assert!(!f.ahead(o, step(o, 91.0, 1.0)));
    }

    #[test]
    fn edges_from_bearings_and_their_zones() {
        assert_eq!(Edge::from_bearing(10.0), Edge::North);
        assert_eq!(Edge::from_bearing(350.0), Edge::North);
        assert_eq!(Edge::from_bearing(100.0), Edge::East);
        assert_eq!(Edge::from_bearing(200.0), Edge::South);
        assert_eq!(Edge::from_bearing(-60.0), Edge::West);
        let t = TableSpec::OMOG;
        assert!(Edge::South.zone_contains(&t, [600.0, 100.0], inches(6.0)));
        assert!(!Edge::South.zone_contains(&t, [600.0, 200.0], inches(6.0)));
        assert!(Edge::East.zone_contains(&t, [1200.0, 600.0], inches(6.0)));
        assert_eq!(Edge::West.inward_facing(), Facing(90.0));
    }
}
