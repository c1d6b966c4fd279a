//! Distances over water, for bots ([`Board::sea_distance`]): public map knowledge, no rule. A
//! Ship steered by the straight line to its goal sails into the bays that open towards it and
//! stays there (on Malta, Ships lay for a hundred turns in Marsamxett with their prey behind
//! Valletta, and in the Grand Harbour with their port on the north coast); the distance round
//! the coast does not lead into them.
//!
//! The water is sampled once on a square grid of [`CELL_M`] cells over the board (with a margin
//! of open sea round it); each target's distance field (Dijkstra over the eight neighbours of
//! every water cell, seeded with the water nearest the target, which may stand ashore) is worked out once and kept in the board's bounded [`memo::Memo`]. The grid is a pure
//! function of the map, so the answer is too.
//!
//! [`Board::sea_distance`]: crate::rules::Board::sea_distance

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use super::{memo, MapBoard};
use crate::map::EIGHT_WAYS;
use crate::rules::ids::MapPoint;

/// Side of one grid cell, in metres.
const CELL_M: f64 = 250.0;
/// Open sea kept round the board's roads and places, in metres.
const MARGIN_M: f64 = 4000.0;
/// How far from a target its field's water is looked for (a port or a town ashore).
const SEED_M: f64 = 3000.0;
/// The field is seeded with the water within this much of the target's nearest water, so a
/// Ship's target seeds the water round it, not the next bay across a spit of land.
const SEED_SLACK_M: f64 = 2.0 * CELL_M;

/// Distance fields by target point.
pub(super) type Fields = memo::Memo<Arc<Vec<f64>>>;

/// The board's water, sampled.
#[derive(Debug)]
pub(super) struct Grid {
    origin: [f64; 2],
    nx: usize,
    ny: usize,
    water: Vec<bool>,
}

impl Grid {
    pub(super) fn of(b: &MapBoard) -> Grid {
        let [x0, y0, x1, y1] = b.map.bounds_xy();
        if !(b.map.has_sea() && x0 < x1 && y0 < y1) {
            return Grid {
                origin: [0.0; 2],
                nx: 0,
                ny: 0,
                water: Vec::new(),
            };
        }
        let origin = [x0 - MARGIN_M, y0 - MARGIN_M];
        let nx = ((x1 - x0 + 2.0 * MARGIN_M) / CELL_M).ceil() as usize;
        let ny = ((y1 - y0 + 2.0 * MARGIN_M) / CELL_M).ceil() as usize;
        let mut water = vec![false; nx * ny];
        for j in 0..ny {
            for i in 0..nx {
                let c = [
                    origin[0] + (i as f64 + 0.5) * CELL_M,
                    origin[1] + (j as f64 + 0.5) * CELL_M,
                ];
                water[j * nx + i] = b.map.is_water(c);
            }
        }
        Grid {
            origin,
            nx,
            ny,
            water,
        }
    }

    fn centre(&self, k: usize) -> [f64; 2] {
        [
            self.origin[0] + ((k % self.nx) as f64 + 0.5) * CELL_M,
            self.origin[1] + ((k / self.nx) as f64 + 0.5) * CELL_M,
        ]
    }

    /// The water cells within `r` metres of `p`, with their distance from it.
    fn near(&self, p: [f64; 2], r: f64) -> Vec<(usize, f64)> {
        let mut out = Vec::new();
        if self.nx == 0 {
            return out;
        }
        let cell = |v: f64, o: f64, n: usize| ((v - o) / CELL_M).floor().clamp(0.0, n as f64 - 1.0);
        let (i0, i1) = (
            cell(p[0] - r, self.origin[0], self.nx) as usize,
            cell(p[0] + r, self.origin[0], self.nx) as usize,
        );
        let (j0, j1) = (
            cell(p[1] - r, self.origin[1], self.ny) as usize,
            cell(p[1] + r, self.origin[1], self.ny) as usize,
        );
        for j in j0..=j1 {
            for i in i0..=i1 {
                let k = j * self.nx + i;
                let c = self.centre(k);
                let d = ((c[0] - p[0]).powi(2) + (c[1] - p[1]).powi(2)).sqrt();
                if self.water[k] && d <= r {
                    out.push((k, d));
                }
            }
        }
        out
    }
}

/// Metres over water from `from` (a Ship's point) to `to`: round the coast, plus the straight
/// steps off and on the grid; `None` when no water joins them or the board has no sea.
pub(super) fn distance(b: &MapBoard, from: MapPoint, to: MapPoint) -> Option<f64> {
    let grid = b.sea_grid.get_or_init(|| Grid::of(b));
    if grid.nx == 0 {
        return None;
    }
    let key = vec![to.x_mm as u64, to.y_mm as u64];
    let field = b
        .sea_fields
        .get_or(key, || Arc::new(dijkstra(grid, to.to_m())));
    let d = grid
        .near(from.to_m(), 2.0 * CELL_M)
        .into_iter()
        .map(|(k, d)| field[k] + d)
        .fold(f64::INFINITY, f64::min);
    d.is_finite().then_some(d)
}

fn dijkstra(g: &Grid, to: [f64; 2]) -> Vec<f64> {
    let mut dist = vec![f64::INFINITY; g.water.len()];
    // Millimetres as integers keep the heap's order total.
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = BinaryHeap::new();
    let near = g.near(to, SEED_M);
    let first = near.iter().map(|n| n.1).fold(f64::INFINITY, f64::min);
    for (k, d) in near.into_iter().filter(|n| n.1 <= first + SEED_SLACK_M) {
        dist[k] = d;
        heap.push(Reverse(((d * 1000.0) as u64, k)));
    }
    let (nx, ny) = (g.nx as i64, g.ny as i64);
    while let Some(Reverse((mm, k))) = heap.pop() {
        let d = dist[k];
        if (mm as f64) > d * 1000.0 + 0.5 {
            continue;
        }
        let (i, j) = ((k % g.nx) as i64, (k / g.nx) as i64);
        for (di, dj) in EIGHT_WAYS {
            let (di, dj) = (i64::from(di), i64::from(dj));
            let (a, c) = (i + di, j + dj);
            if a < 0 || c < 0 || a >= nx || c >= ny {
                continue;
            }
            let n = (c * nx + a) as usize;
            if !g.water[n] {
                continue;
            }
            let step = if di != 0 && dj != 0 {
                CELL_M * std::f64::consts::SQRT_2
            } else {
                CELL_M
            };
            if d + step < dist[n] {
                dist[n] = d + step;
                heap.push(Reverse((((d + step) * 1000.0) as u64, n)));
            }
        }
    }
    dist
}
