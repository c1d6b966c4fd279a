//! Where a Ship can go (RULINGS §10): a path over water that stays inside the circle of its
//! move's radius round the start and enters no enemy Ship's coin.
//!
//! Water paths round a real coast have no closed form, so the circle is sampled: a square grid of
//! [`CELLS_ACROSS`] cells across the circle's diameter, each cell's centre passable when it is
//! ship water (sea or a navigable river: §10 lets Ships go up them), inside the circle and outside
//! every blocking coin; neighbours (8 ways) connect when the straight line between their centres
//! stays on water ([`GameMap::segment_on_water`]) and enters no blocking coin. A destination is
//! reached when the straight line from the start or from a reached cell within a cell and a half
//! of it is on water and clear. The grid is a pure function of the map, the start and the coins,
//! so a replay gets the same answers; a channel narrower than a cell (≈ 2.5 % of the radius) may
//! be missed, never a crossing of land invented.
//!
//! The map's own [`GameMap::water_path_within`] answers one destination with a sampled path; the
//! rules keep this grid because the reach is also drawn and offered to bots, and every point it
//! offers must pass the same exact line test the move check uses.

use std::collections::VecDeque;

use super::network::{dist, segment_in_disc, Disc};
use crate::map::{GameMap, EIGHT_WAYS};

/// Grid cells across the circle's diameter.
pub const CELLS_ACROSS: usize = 80;

/// The water a Ship reaches from one start.
#[derive(Debug, Clone)]
pub struct SeaReach {
    /// The start, in metres.
    pub start: [f64; 2],
    /// The move's radius, in metres.
    pub radius: f64,
    /// South-west corner of the grid.
    origin: [f64; 2],
    /// Side of one cell, in metres.
    pub cell: f64,
    n: usize,
    reached: Vec<bool>,
    blockers: Vec<Disc>,
}

impl SeaReach {
    /// The water reached from `start` within `radius`, around the `blockers` (enemy Ships' coins
    /// that do not already cover the start).
    pub(crate) fn compute(
        map: &GameMap,
        start: [f64; 2],
        radius: f64,
        blockers: Vec<Disc>,
    ) -> SeaReach {
        let n = CELLS_ACROSS;
        let cell = 2.0 * radius / n as f64;
        let origin = [start[0] - radius, start[1] - radius];
        let mut r = SeaReach {
            start,
            radius,
            origin,
            cell,
            n,
            reached: vec![false; n * n],
            blockers,
        };
        if radius.is_nan() || radius <= 0.0 || !map.is_water(start) {
            return r;
        }
        let mut open = vec![false; n * n];
        for j in 0..n {
            for i in 0..n {
                let p = r.centre(i, j);
                // The cheap tests first: most of a square's corners lie outside the circle.
                open[j * n + i] = dist(p, start) <= radius && !r.in_blocker(p) && map.is_water(p);
            }
        }
        let mut queue = VecDeque::new();
        let (si, sj) = r.cell_of(start);
        for j in sj.saturating_sub(1)..=(sj + 1).min(n - 1) {
            for i in si.saturating_sub(1)..=(si + 1).min(n - 1) {
                let k = j * n + i;
                if open[k] && r.clear(map, start, r.centre(i, j)) {
                    r.reached[k] = true;
                    queue.push_back((i, j));
                }
            }
        }
        while let Some((i, j)) = queue.pop_front() {
            let a = r.centre(i, j);
            for (di, dj) in EIGHT_WAYS {
                let (ni, nj) = (i as i64 + i64::from(di), j as i64 + i64::from(dj));
                if ni < 0 || nj < 0 || ni >= n as i64 || nj >= n as i64 {
                    continue;
                }
                let (ni, nj) = (ni as usize, nj as usize);
                let k = nj * n + ni;
                if r.reached[k] || !open[k] {
                    continue;
                }
                if r.clear(map, a, r.centre(ni, nj)) {
                    r.reached[k] = true;
                    queue.push_back((ni, nj));
                }
            }
        }
        r
    }

    fn centre(&self, i: usize, j: usize) -> [f64; 2] {
        [
            self.origin[0] + (i as f64 + 0.5) * self.cell,
            self.origin[1] + (j as f64 + 0.5) * self.cell,
        ]
    }

    fn cell_of(&self, p: [f64; 2]) -> (usize, usize) {
        let f = |v: f64, o: f64| (((v - o) / self.cell).floor().max(0.0) as usize).min(self.n - 1);
        (f(p[0], self.origin[0]), f(p[1], self.origin[1]))
    }

    fn in_blocker(&self, p: [f64; 2]) -> bool {
        self.blockers.iter().any(|d| d.contains(p))
    }

    /// The straight line stays on water and enters no blocking coin.
    fn clear(&self, map: &GameMap, a: [f64; 2], b: [f64; 2]) -> bool {
        map.segment_on_water(a, b)
            && !self
                .blockers
                .iter()
                .any(|d| segment_in_disc(a, b, d).is_some())
    }

    /// Whether the Ship can end at `to`: on water, inside the circle, outside every blocking coin,
    /// and joined to the start by water.
    pub(crate) fn reaches(&self, map: &GameMap, to: [f64; 2]) -> bool {
        if dist(to, self.start) > self.radius || !map.is_water(to) || self.in_blocker(to) {
            return false;
        }
        if self.clear(map, self.start, to) {
            return true;
        }
        let (ti, tj) = self.cell_of(to);
        for j in tj.saturating_sub(1)..=(tj + 1).min(self.n - 1) {
            for i in ti.saturating_sub(1)..=(ti + 1).min(self.n - 1) {
                if self.reached[j * self.n + i] && self.clear(map, self.centre(i, j), to) {
                    return true;
                }
            }
        }
        false
    }

    /// Centres of the reached cells, row by row from the south-west.
    pub fn points(&self) -> Vec<[f64; 2]> {
        let mut out = Vec::new();
        for j in 0..self.n {
            for i in 0..self.n {
                if self.reached[j * self.n + i] {
                    out.push(self.centre(i, j));
                }
            }
        }
        out
    }

    /// Whether any water at all is reached.
    pub fn is_empty(&self) -> bool {
        !self.reached.iter().any(|r| *r)
    }
}
