//! Area-effect templates laid on the table: the burst disc, the cone (grapeshot, canister) and
//! the diamond (the machine-gun cone of OMOG). Each knows what it covers and the point cover is
//! judged from (RULINGS §9, OMOG "cover from heavy weapons").

use serde::{Deserialize, Serialize};

use super::table::{compass_bearing, distance, step, TablePoint};

/// A template as laid on the table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "lowercase")]
pub enum Template {
    /// A disc centred on the point of impact.
    Disc {
        /// Centre (the point of impact).
        centre: TablePoint,
        /// Diameter in mm.
        diameter: f64,
    },
    /// An isosceles triangle with its tip on the muzzle, widening to `base` at `length`.
    Cone {
        /// The muzzle.
        tip: TablePoint,
        /// Compass bearing of the axis, degrees.
        bearing: f64,
        /// Tip to the middle of the base, mm.
        length: f64,
        /// Width of the far end, mm.
        base: f64,
    },
    /// A rhombus with one point on the muzzle, `width` across at half its length, and a point at
    /// the far end.
    Diamond {
        /// The muzzle.
        tip: TablePoint,
        /// Compass bearing of the axis, degrees.
        bearing: f64,
        /// Tip to far point, mm.
        length: f64,
        /// Width across the middle, mm.
        width: f64,
    },
}

impl Template {
    /// A cone or diamond laid from `tip` towards `aim`.
    pub fn aimed_cone(tip: TablePoint, aim: TablePoint, length: f64, base: f64) -> Template {
        Template::Cone {
            tip,
            bearing: compass_bearing(tip, aim),
            length,
            base,
        }
    }

    /// A diamond laid from `tip` towards `aim`.
    pub fn aimed_diamond(tip: TablePoint, aim: TablePoint, length: f64, width: f64) -> Template {
        Template::Diamond {
            tip,
            bearing: compass_bearing(tip, aim),
            length,
            width,
        }
    }

    /// The point cover is judged from: the centre of a disc, the muzzle of a cone or diamond.
    /// A figure has cover only when the cover lies between it and this point.
    pub fn impact_point(&self) -> TablePoint {
        match *self {
            Template::Disc { centre, .. } => centre,
            Template::Cone { tip, .. } | Template::Diamond { tip, .. } => tip,
        }
    }

    /// Whether the template covers `p` (its edge included).
    pub fn covers(&self, p: TablePoint) -> bool {
        const EPS: f64 = 1e-9;
        match *self {
            Template::Disc { centre, diameter } => distance(centre, p) <= diameter / 2.0 + EPS,
            Template::Cone {
                tip,
                bearing,
                length,
                base,
            } => {
                let (along, across) = axis_coords(tip, bearing, p);
                along >= -EPS
                    && along <= length + EPS
                    && across.abs() <= base / 2.0 * along / length + EPS
            }
            Template::Diamond {
                tip,
                bearing,
                length,
                width,
            } => {
                let (along, across) = axis_coords(tip, bearing, p);
                let half = length / 2.0;
                let from_nearest_point = if along <= half { along } else { length - along };
                along >= -EPS
                    && along <= length + EPS
                    && across.abs() <= width / 2.0 * from_nearest_point / half + EPS
            }
        }
    }

    /// The outline as a closed polygon (for drawing and for overlap tests).
    pub fn outline(&self) -> Vec<TablePoint> {
        match *self {
            Template::Disc { centre, diameter } => (0..=48)
                .map(|i| step(centre, i as f64 * 7.5, diameter / 2.0))
                .collect(),
            Template::Cone {
                tip,
                bearing,
                length,
                base,
            } => {
                let far = step(tip, bearing, length);
                vec![
                    tip,
                    step(far, bearing - 90.0, base / 2.0),
                    step(far, bearing + 90.0, base / 2.0),
                    tip,
                ]
            }
            Template::Diamond {
                tip,
                bearing,
                length,
                width,
            } => {
                let mid = step(tip, bearing, length / 2.0);
                vec![
                    tip,
                    step(mid, bearing - 90.0, width / 2.0),
                    step(tip, bearing, length),
                    step(mid, bearing + 90.0, width / 2.0),
                    tip,
                ]
            }
        }
    }

    /// Indices of the `points` the template covers, nearest to the impact point first (ties
    /// by index): the order a machine gun's hits are taken in.
    pub fn hits_in_order(&self, points: &[TablePoint]) -> Vec<usize> {
        let origin = self.impact_point();
        let mut hit: Vec<usize> = (0..points.len())
            .filter(|&i| self.covers(points[i]))
            .collect();
        hit.sort_by(|&a, &b| {
            distance(origin, points[a])
                .total_cmp(&distance(origin, points[b]))
                .then(a.cmp(&b))
        });
        hit
    }
}

/// `p` in the template's own frame: distance along the axis from `tip`, and signed distance
/// across it (positive to the right).
fn axis_coords(tip: TablePoint, bearing: f64, p: TablePoint) -> (f64, f64) {
    let r = bearing.to_radians();
    let (ax, ay) = (r.sin(), r.cos());
    let (dx, dy) = (p[0] - tip[0], p[1] - tip[1]);
    (dx * ax + dy * ay, dx * ay - dy * ax)
}

#[cfg(test)]
mod tests {
    use super::super::table::inches;
    use super::*;

    #[test]
    fn a_three_inch_burst_disc_covers_one_and_a_half_inches_round_its_centre() {
        let t = Template::Disc {
            centre: [500.0, 500.0],
            diameter: inches(3.0),
        };
        assert!(t.covers([500.0 + inches(1.5), 500.0]));
        assert!(!t.covers([500.0 + inches(1.51), 500.0]));
        assert!(t.covers(step([500.0, 500.0], 123.0, inches(1.4))));
        assert_eq!(t.impact_point(), [500.0, 500.0]);
    }

    #[test]
    fn the_grapeshot_cone_widens_to_two_inches_at_six() {
        let tip = [100.0, 100.0];
        let t = Template::aimed_cone(tip, [100.0, 900.0], inches(6.0), inches(2.0));
        // At the far end, one inch either side of the axis.
        assert!(t.covers([100.0 + inches(0.99), 100.0 + inches(6.0)]));
        assert!(!t.covers([100.0 + inches(1.01), 100.0 + inches(6.0)]));
        // Half way along it is only an inch wide.
        assert!(t.covers([100.0 - inches(0.49), 100.0 + inches(3.0)]));
        assert!(!t.covers([100.0 - inches(0.6), 100.0 + inches(3.0)]));
        // Nothing behind the muzzle or beyond the end.
        assert!(!t.covers([100.0, 100.0 - 1.0]));
        assert!(!t.covers([100.0, 100.0 + inches(6.1)]));
        assert_eq!(t.impact_point(), tip);
    }

    #[test]
    fn the_machine_gun_diamond_is_three_inches_wide_at_nine_and_closes_at_eighteen() {
        let tip = [0.0, 0.0];
        let t = Template::aimed_diamond(tip, [10.0, 0.0], inches(18.0), inches(3.0));
        assert!(t.covers([inches(9.0), inches(1.49)]));
        assert!(!t.covers([inches(9.0), inches(1.6)]));
        assert!(t.covers([inches(4.5), -inches(0.74)]));
        assert!(!t.covers([inches(4.5), -inches(0.8)]));
        assert!(t.covers([inches(13.5), inches(0.74)]));
        assert!(!t.covers([inches(13.5), inches(0.8)]));
        assert!(t.covers([inches(18.0), 0.0]));
        assert!(!t.covers([inches(18.1), 0.0]));
    }

    #[test]
    fn hits_are_taken_nearest_first() {
        let t = Template::aimed_diamond([0.0, 0.0], [0.0, 1.0], inches(18.0), inches(3.0));
        let pts = [
            [0.0, inches(10.0)],
            [0.0, inches(2.0)],
            [inches(5.0), inches(5.0)], // outside
            [0.0, inches(6.0)],
        ];
        assert_eq!(t.hits_in_order(&pts), vec![1, 3, 0]);
    }

    #[test]
    fn outlines_close_and_agree_with_covers() {
        let shapes = [
            Template::Disc {
                centre: [300.0, 300.0],
                diameter: 76.2,
            },
            Template::aimed_cone([0.0, 0.0], [3.0, 4.0], 152.4, 50.8),
            Template::aimed_diamond([10.0, 10.0], [-3.0, 1.0], 457.2, 76.2),
        ];
        for t in shapes {
            let o = t.outline();
            assert_eq!(o.first(), o.last());
            for p in &o {
                assert!(
                    t.covers(*p),
                    "{t:?} should cover its own outline point {p:?}"
                );
            }
        }
    }
}
