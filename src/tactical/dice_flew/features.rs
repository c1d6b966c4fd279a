//! The named terrain features of a battlefield that written orders refer to: the objective, the
//! biggest houses near it, woods, hills and bridges, each named by what it is and where it lies
//! from the objective in real ground ("wood 350 m NE of Encamp").

use geo::Area as _;
use serde::{Deserialize, Serialize};

use crate::tactical::battlefield::{AreaKind, Battlefield, CrossingKind};
use crate::tactical::table::{compass_bearing, distance, TablePoint};

/// A feature an order may name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Feature {
    /// Its name for players.
    pub name: String,
    /// The point the order means.
    pub at: TablePoint,
}

/// How many of each kind are named, biggest (or nearest) first.
const PER_KIND: usize = 3;

/// The battlefield's named features: the objective first.
pub fn features(field: &Battlefield) -> Vec<Feature> {
    let place = &field.place_name;
    let mut out = vec![Feature {
        name: format!("{place} (the objective)"),
        at: field.objective,
    }];
    let name = |what: &str, at: TablePoint| {
        let m = distance(field.objective, at) * field.spec.ground_m_per_mm;
        let dir = compass_point(compass_bearing(field.objective, at));
        format!("{what} {:.0} m {dir} of {place}", (m / 50.0).round() * 50.0)
    };
    for (kind, what) in [
        (AreaKind::House, "house"),
        (AreaKind::Woods, "wood"),
        (AreaKind::Hill, "hill"),
    ] {
        let mut found: Vec<(f64, TablePoint)> = field
            .areas
            .iter()
            .filter(|a| a.kind == kind)
            // Houses right at the objective are the objective itself.
            .filter(|a| kind != AreaKind::House || distance(a.top, field.objective) > 50.0)
            .map(|a| (a.shape.unsigned_area(), a.top))
            .collect();
        // Biggest first; houses, of which there are many, only near the objective.
        if kind == AreaKind::House {
            found.retain(|(_, p)| distance(*p, field.objective) < field.spec.width_mm / 4.0);
        }
        found.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1[0].total_cmp(&b.1[0])));
        for (_, at) in found.into_iter().take(PER_KIND) {
            out.push(Feature {
                name: name(what, at),
                at,
            });
        }
    }
    let mut bridges: Vec<TablePoint> = field
        .crossings
        .iter()
        .filter(|c| c.kind == CrossingKind::Bridge)
        .map(|c| c.at)
        .collect();
    bridges.sort_by(|a, b| distance(*a, field.objective).total_cmp(&distance(*b, field.objective)));
    for at in bridges.into_iter().take(PER_KIND) {
        out.push(Feature {
            name: name("bridge", at),
            at,
        });
    }
    // Two features can round to the same words: number the later ones.
    for i in 1..out.len() {
        let n = out[..i].iter().filter(|f| f.name == out[i].name).count();
        if n > 0 {
            out[i].name = format!("{} ({})", out[i].name, n + 1);
        }
    }
    out
}

/// The eight-point compass direction of a bearing.
pub fn compass_point(bearing: f64) -> &'static str {
    const P: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
    P[((bearing.rem_euclid(360.0) + 22.5) / 45.0) as usize % 8]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactical::battlefield::Area;
    use crate::tactical::table::{inches, Edge};
    use geo::{polygon, Polygon};

    fn square(c: TablePoint, r: f64) -> Polygon<f64> {
        polygon![
            (x: c[0] - r, y: c[1] - r),
            (x: c[0] + r, y: c[1] - r),
            (x: c[0] + r, y: c[1] + r),
            (x: c[0] - r, y: c[1] + r),
        ]
    }

    #[test]
    fn orders_can_name_the_objective_woods_and_houses_by_where_they_lie() {
        let spec = super::super::table_spec();
        let c = spec.centre();
        let wood = [c[0] + inches(12.0), c[1] + inches(12.0)];
        let house = [c[0] - inches(8.0), c[1]];
        let areas = vec![
            Area {
                kind: AreaKind::Woods,
                shape: square(wood, inches(3.0)),
                top: wood,
                osm_id: 1,
            },
            Area {
                kind: AreaKind::House,
                shape: square(house, inches(0.5)),
                top: house,
                osm_id: 2,
            },
        ];
        let f = Battlefield::from_parts(spec, "Encamp", Edge::South, areas, vec![], &[]);
        let names: Vec<String> = features(&f).into_iter().map(|f| f.name).collect();
        assert_eq!(names[0], "Encamp (the objective)");
        assert!(
            names.contains(&"house 200 m W of Encamp".to_string()),
            "{names:?}"
        );
        assert!(
            names.contains(&"wood 400 m NE of Encamp".to_string()),
            "{names:?}"
        );
        assert_eq!(compass_point(359.0), "N");
        assert_eq!(compass_point(200.0), "S");
    }
}
