//! The terrain as 6+ reads it: woods, towns, hills, marsh, water, roads and rivers under a
//! block's footprint, along a move and along a line of fire.
//!
//! A house on a 1 cm = 50 m table is a few millimetres across, far smaller than a block, so 6+'s
//! "town" is the built-up ground: a point is in a town when at least a fifth of the ground
//! within 7.5 mm (75 m) of it is under houses ([`Ground`], computed once when the battle is set up).

use std::sync::Arc;

use super::geom::Rect;
use super::state::Kind;
use super::way::Way;
use crate::tactical::battlefield::{Battlefield, CrossingKind, LineKind};
use crate::tactical::raster::{HOUSE, ROAD, SWAMP, WATER, WOODS};
use crate::tactical::table::{distance, TablePoint};

/// Side of a town cell, mm.
const CELL: f64 = 5.0;
/// Half the window a town cell judges its houses over, mm.
const WINDOW: f64 = 7.5;
/// The share of that window under houses that makes a town.
const TOWN_SHARE: f64 = 0.2;
/// How far from a bridge or ford a block's centre may cross a river, mm.
const CROSSING_REACH: f64 = 12.0;
/// Sampling step along moves and lines of fire, mm.
pub const STEP: f64 = 2.5;

/// The built-up ground of a battlefield, cell by cell.
#[derive(Debug, Clone)]
pub struct Ground {
    nx: usize,
    ny: usize,
    town: Arc<Vec<bool>>,
    /// The way to the objective (none on a hand-made table without terrain).
    way: Option<Arc<Way>>,
}

impl Ground {
    /// Find the towns on `field`.
    pub fn of(field: &Battlefield) -> Ground {
        let nx = (field.spec.width_mm / CELL).ceil() as usize;
        let ny = (field.spec.depth_mm / CELL).ceil() as usize;
        let n = (2.0 * WINDOW / STEP).round() as usize;
        let mut town = vec![false; nx * ny];
        for y in 0..ny {
            for x in 0..nx {
                let c = [(x as f64 + 0.5) * CELL, (y as f64 + 0.5) * CELL];
                let mut built = 0;
                for i in 0..n {
                    for j in 0..n {
                        let p = [
                            c[0] - WINDOW + (i as f64 + 0.5) * STEP,
                            c[1] - WINDOW + (j as f64 + 0.5) * STEP,
                        ];
                        if field.raster.at(p).0 & HOUSE != 0 {
                            built += 1;
                        }
                    }
                }
                town[y * nx + x] = built as f64 >= TOWN_SHARE * (n * n) as f64;
            }
        }
        Ground {
            nx,
            ny,
            town: Arc::new(town),
            way: Some(Arc::new(Way::of(field))),
        }
    }

    /// A battlefield with no towns (for hand-made positions).
    pub fn open() -> Ground {
        Ground {
            nx: 0,
            ny: 0,
            town: Arc::new(Vec::new()),
            way: None,
        }
    }

    /// How far a block of `kind` at `p` has to go to the objective by the way it can walk, mm
    /// ([`Way`]); the straight line where there is no way to read (a table without terrain, or
    /// a block standing off every way).
    pub fn to_objective(&self, field: &Battlefield, kind: Kind, p: TablePoint) -> f64 {
        self.way
            .as_ref()
            .and_then(|w| w.to_objective(kind, p))
            .unwrap_or_else(|| distance(p, field.objective))
    }

    /// Whether a block of `kind` at `p` has a way to the objective at all (always, on a table
    /// without terrain).
    pub fn has_way(&self, kind: Kind, p: TablePoint) -> bool {
        self.way
            .as_ref()
            .is_none_or(|w| w.to_objective(kind, p).is_some())
    }

    /// Whether `p` is in a town.
    pub fn town(&self, p: TablePoint) -> bool {
        if !(p[0] >= 0.0 && p[1] >= 0.0) {
            return false;
        }
        let (x, y) = ((p[0] / CELL) as usize, (p[1] / CELL) as usize);
        x < self.nx && y < self.ny && self.town[y * self.nx + x]
    }
}

/// What a block's footprint stands on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Under {
    /// Some of it is in woods.
    pub woods: bool,
    /// Some of it is in water or marsh (impassable).
    pub wet: bool,
    /// Part of it is off the table.
    pub off: bool,
}

/// The ground under a footprint.
pub fn under(field: &Battlefield, r: &Rect) -> Under {
    let mut u = Under::default();
    for p in r.samples() {
        if !field.spec.contains(p) {
            u.off = true;
            continue;
        }
        let (f, _) = field.raster.at(p);
        u.woods |= f & WOODS != 0;
        // A road across water is a causeway or a bridge.
        u.wet |= f & (WATER | SWAMP) != 0 && f & ROAD == 0;
    }
    u
}

/// Whether a block centred at `p` is in woods (its centre under trees): cover from fire.
pub fn in_woods(field: &Battlefield, p: TablePoint) -> bool {
    field.raster.at(p).0 & WOODS != 0
}

/// The hill (an index into the battlefield's areas) a block centred at `p` stands on.
pub fn hill(field: &Battlefield, p: TablePoint) -> Option<usize> {
    field.raster.at(p).1
}

/// Whether `p` is on a road.
pub fn road(field: &Battlefield, p: TablePoint) -> bool {
    field.raster.at(p).0 & ROAD != 0
}

/// Where the segment `a`→`b` crosses a river away from any bridge or ford, if it does.
/// Streams are forded anywhere (RULINGS §9).
pub fn river_barrier(field: &Battlefield, a: TablePoint, b: TablePoint) -> Option<TablePoint> {
    field
        .lines_crossed(a, b)
        .into_iter()
        .find(|&(i, x, _)| {
            field.lines[i].kind == LineKind::River
                && !field.crossings.iter().any(|c| {
                    matches!(c.kind, CrossingKind::Bridge | CrossingKind::Ford)
                        && distance(c.at, x) <= CROSSING_REACH
                })
        })
        .map(|(_, x, _)| x)
}

/// Points every [`STEP`] along `a`→`b`, both ends included.
pub fn along(a: TablePoint, b: TablePoint) -> impl Iterator<Item = TablePoint> {
    let n = (distance(a, b) / STEP).ceil().max(1.0) as usize;
    (0..=n).map(move |k| {
        let t = k as f64 / n as f64;
        [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
    })
}

/// What blocks the view from one block to another: woods, a town or a hill between them (the
/// ground under either block itself, and a hill either stands on, does not).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Blocker {
    /// Trees between them.
    Woods,
    /// Built-up ground between them.
    Town,
    /// A hill between them.
    Hill,
}

/// Whether `from` can see `to`, or what is in the way. A town between them blocks; the town
/// either stands in does not (it looks out through its own streets).
pub fn sight(field: &Battlefield, ground: &Ground, from: &Rect, to: &Rect) -> Option<Blocker> {
    let hills = [hill(field, from.at), hill(field, to.at)];
    let mut town_runs: Vec<bool> = Vec::new();
    for p in along(from.at, to.at) {
        if from.contains(p, 0.0) || to.contains(p, 0.0) {
            continue;
        }
        let (f, h) = field.raster.at(p);
        if f & WOODS != 0 {
            return Some(Blocker::Woods);
        }
        if h.is_some() && !hills.contains(&h) {
            return Some(Blocker::Hill);
        }
        town_runs.push(ground.town(p));
    }
    // Drop the built-up ground next to either end; any left is a town in between.
    let first_open = town_runs.iter().position(|t| !t);
    let last_open = town_runs.iter().rposition(|t| !t);
    match (first_open, last_open) {
        (Some(a), Some(b)) if town_runs[a..=b].iter().any(|t| *t) => Some(Blocker::Town),
        _ => None,
    }
}
