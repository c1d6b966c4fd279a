//! The way to the objective as a 6+ block can walk it: a distance field on a 5 mm grid, found
//! once per battle by Dijkstra from the objective over ground a block's footprint fits on — no
//! woods for formed blocks (only skirmishers enter them), no water or marsh, not off the table,
//! rivers only at their bridges and fords. The bot steers by it instead of by the straight line,
//! which stood a block still behind a strip of trees between it and the town (issue 15, Vaduz),
//! and deployment puts no block where it could never reach the objective.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::state::Kind;
use crate::tactical::battlefield::{Battlefield, LineKind};
use crate::tactical::raster::{ROAD, SWAMP, WATER, WOODS};
use crate::tactical::table::{distance, TablePoint};

/// Grid pitch, mm.
const CELL: f64 = 5.0;
/// How far round a cell's centre the ground must be clear for a block to stand there, mm: half
/// a block's frontage, so a block fits the corridor whichever way it faces.
const CLEAR: f64 = 20.0;
/// Cells within this of the objective are where the way starts, mm: a block this close holds it
/// (the victory rule's 4 cm).
const HOLD: f64 = 40.0;

/// The way for the two kinds of footing: formed blocks (no woods) and skirmishers.
#[derive(Debug)]
pub struct Way {
    nx: usize,
    ny: usize,
    /// Cost (mm) from each cell to the objective: `[formed, skirmishers]`; infinite where the
    /// objective cannot be reached.
    cost: [Vec<f64>; 2],
}

fn centre(x: usize, y: usize) -> TablePoint {
    [(x as f64 + 0.5) * CELL, (y as f64 + 0.5) * CELL]
}

impl Way {
    /// The way on `field` to its objective.
    pub fn of(field: &Battlefield) -> Way {
        let nx = (field.spec.width_mm / CELL).ceil() as usize;
        let ny = (field.spec.depth_mm / CELL).ceil() as usize;
        // What each cell holds (sampled at its centre and corners' midpoints).
        let mut woods = vec![false; nx * ny];
        let mut wet = vec![false; nx * ny];
        for y in 0..ny {
            for x in 0..nx {
                let c = centre(x, y);
                for d in [
                    [0.0, 0.0],
                    [-1.5, -1.5],
                    [1.5, -1.5],
                    [-1.5, 1.5],
                    [1.5, 1.5],
                ] {
                    let (f, _) = field.raster.at([c[0] + d[0], c[1] + d[1]]);
                    woods[y * nx + x] |= f & WOODS != 0;
                    wet[y * nx + x] |= f & (WATER | SWAMP) != 0 && f & ROAD == 0;
                }
            }
        }
        // Cells a river runs through: only steps touching them are asked about crossings.
        let mut river = vec![false; nx * ny];
        for l in field.lines.iter().filter(|l| l.kind == LineKind::River) {
            for w in l.line.0.windows(2) {
                let (a, b) = ([w[0].x, w[0].y], [w[1].x, w[1].y]);
                for p in super::ground::along(a, b) {
                    let (x, y) = ((p[0] / CELL).floor(), (p[1] / CELL).floor());
                    if x >= 0.0 && y >= 0.0 && (x as usize) < nx && (y as usize) < ny {
                        river[y as usize * nx + x as usize] = true;
                    }
                }
            }
        }
        let r = (CLEAR / CELL).ceil() as isize;
        let fits = |blocked: &dyn Fn(usize) -> bool, x: usize, y: usize| {
            let c = centre(x, y);
            if c[0] < CLEAR / 2.0
                || c[1] < CLEAR / 2.0
                || c[0] > field.spec.width_mm - CLEAR / 2.0
                || c[1] > field.spec.depth_mm - CLEAR / 2.0
            {
                return false;
            }
            for dy in -r..=r {
                for dx in -r..=r {
                    let (xx, yy) = (x as isize + dx, y as isize + dy);
                    if xx < 0 || yy < 0 || xx as usize >= nx || yy as usize >= ny {
                        continue;
                    }
                    let near = ((dx * dx + dy * dy) as f64).sqrt() * CELL <= CLEAR;
                    if near && blocked(yy as usize * nx + xx as usize) {
                        return false;
                    }
                }
            }
            true
        };
        let formed: Vec<bool> = (0..nx * ny)
            .map(|i| fits(&|j| woods[j] || wet[j], i % nx, i / nx))
            .collect();
        let loose: Vec<bool> = (0..nx * ny)
            .map(|i| fits(&|j| wet[j], i % nx, i / nx))
            .collect();
        let walk = |open: &[bool]| dijkstra(field, nx, ny, open, &river);
        Way {
            nx,
            ny,
            cost: [walk(&formed), walk(&loose)],
        }
    }

    /// The cost of the way from `p` to the objective for a block of `kind`, mm; `None` where it
    /// has none (it stands where no way leads, or off the grid).
    pub fn to_objective(&self, kind: Kind, p: TablePoint) -> Option<f64> {
        let cost = &self.cost[usize::from(kind == Kind::Skirmishers)];
        // The nearest cells round the block (its own may be too close to woods to count).
        let (cx, cy) = ((p[0] / CELL).floor(), (p[1] / CELL).floor());
        if !(cx.is_finite() && cy.is_finite()) {
            return None;
        }
        let r = 4isize;
        let mut best = f64::INFINITY;
        for dy in -r..=r {
            for dx in -r..=r {
                let (x, y) = (cx as isize + dx, cy as isize + dy);
                if x < 0 || y < 0 || x as usize >= self.nx || y as usize >= self.ny {
                    continue;
                }
                let i = y as usize * self.nx + x as usize;
                if cost[i].is_finite() {
                    best = best.min(cost[i] + distance(p, centre(x as usize, y as usize)));
                }
            }
        }
        best.is_finite().then_some(best)
    }
}

fn dijkstra(field: &Battlefield, nx: usize, ny: usize, open: &[bool], river: &[bool]) -> Vec<f64> {
    let mut cost = vec![f64::INFINITY; nx * ny];
    // Costs are kept as whole hundredths of a millimetre in the heap so it orders exactly.
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = BinaryHeap::new();
    for y in 0..ny {
        for x in 0..nx {
            let i = y * nx + x;
            let d = distance(centre(x, y), field.objective);
            if open[i] && d <= HOLD {
                cost[i] = d;
                heap.push(Reverse(((d * 100.0) as u64, i)));
            }
        }
    }
    while let Some(Reverse((c, i))) = heap.pop() {
        let here = cost[i];
        if (here * 100.0) as u64 != c {
            continue;
        }
        let (x, y) = (i % nx, i / nx);
        for (dx, dy) in [
            (-1, 0),
            (1, 0),
            (0, -1),
            (0, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
            (1, 1),
        ] {
            let (xx, yy) = (x as isize + dx, y as isize + dy);
            if xx < 0 || yy < 0 || xx as usize >= nx || yy as usize >= ny {
                continue;
            }
            let j = yy as usize * nx + xx as usize;
            if !open[j] {
                continue;
            }
            let step = if dx != 0 && dy != 0 {
                CELL * std::f64::consts::SQRT_2
            } else {
                CELL
            };
            let next = here + step;
            if next >= cost[j] {
                continue;
            }
            let (a, b) = (centre(x, y), centre(xx as usize, yy as usize));
            // A diagonal step passes the two cells beside it as well.
            let beside = [yy as usize * nx + x, y * nx + xx as usize];
            let near_river = river[i] || river[j] || beside.iter().any(|&k| river[k]);
            if near_river && super::ground::river_barrier(field, a, b).is_some() {
                continue;
            }
            cost[j] = next;
            heap.push(Reverse(((next * 100.0) as u64, j)));
        }
    }
    cost
}
