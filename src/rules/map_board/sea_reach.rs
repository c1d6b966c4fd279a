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
//! be missed, never a crossing of land invented. A start in such a channel (a harbour up a creek)
//! is searched out of on a finer grid first ([`SeaReach::way_out`]).
//!
//! The map's own [`GameMap::water_path_within`] answers one destination with a sampled path; the
//! rules keep this grid because the reach is also drawn and offered to bots, and every point it
//! offers must pass the same exact line test the move check uses.

use std::collections::VecDeque;

use super::network::{dist, segment_in_disc, Disc};
use crate::map::{GameMap, EIGHT_WAYS};

/// Grid cells across the circle's diameter.
pub const CELLS_ACROSS: usize = 80;

/// Fine cells per cell in the search out of water narrower than a cell ([`SeaReach::compute`]).
const FINE: usize = 8;
/// Cells each way of the start that search covers.
const FINE_WINDOW: usize = 8;

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
        if queue.is_empty() {
            r.way_out(map, &open, &mut queue);
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

    /// Seeds the grid from a start in water narrower than a cell, where no neighbouring cell's
    /// centre is in a straight line over water. Ships are put at the sea point nearest their
    /// port, and on Malta that is up a creek for five ports (Bormla, Il-Furjana, Il-Fgura,
    /// Il-Qrendi, San Ġiljan): a Ship built or beaten home there had no move at all, and games
    /// stood undecided to their limit with a fleet at Bormla and the last enemy Ship out at sea.
    /// A grid [`FINE`] times finer, over [`FINE_WINDOW`] cells each way, finds the way out along
    /// the creek; every open cell whose centre a reached fine cell sees over water is reached.
    fn way_out(&mut self, map: &GameMap, open: &[bool], queue: &mut VecDeque<(usize, usize)>) {
        let m = 2 * FINE_WINDOW * FINE;
        let f = self.cell / FINE as f64;
        let half = (FINE_WINDOW as f64 * self.cell).min(self.radius);
        let origin = [self.start[0] - half, self.start[1] - half];
        let centre = |i: usize, j: usize| {
            [
                origin[0] + (i as f64 + 0.5) * f,
                origin[1] + (j as f64 + 0.5) * f,
            ]
        };
        let (start, radius, blockers) = (self.start, self.radius, self.blockers.clone());
        let fine_open = |p: [f64; 2]| {
            dist(p, start) <= radius && !blockers.iter().any(|d| d.contains(p)) && map.is_water(p)
        };
        let mut reached = vec![false; m * m];
        let mut fine = VecDeque::new();
        let index = |v: f64, o: f64| (((v - o) / f).floor().max(0.0) as usize).min(m - 1);
        let (si, sj) = (
            index(self.start[0], origin[0]),
            index(self.start[1], origin[1]),
        );
        for j in sj.saturating_sub(1)..=(sj + 1).min(m - 1) {
            for i in si.saturating_sub(1)..=(si + 1).min(m - 1) {
                let p = centre(i, j);
                if fine_open(p) && self.clear(map, self.start, p) {
                    reached[j * m + i] = true;
                    fine.push_back((i, j));
                }
            }
        }
        while let Some((i, j)) = fine.pop_front() {
            let a = centre(i, j);
            let (ci, cj) = self.cell_of(a);
            let k = cj * self.n + ci;
            if open[k] && !self.reached[k] && self.clear(map, a, self.centre(ci, cj)) {
                self.reached[k] = true;
                queue.push_back((ci, cj));
            }
            for (di, dj) in EIGHT_WAYS {
                let (ni, nj) = (i as i64 + i64::from(di), j as i64 + i64::from(dj));
                if ni < 0 || nj < 0 || ni >= m as i64 || nj >= m as i64 {
                    continue;
                }
                let (ni, nj) = (ni as usize, nj as usize);
                let b = centre(ni, nj);
                if !reached[nj * m + ni] && fine_open(b) && self.clear(map, a, b) {
                    reached[nj * m + ni] = true;
                    fine.push_back((ni, nj));
                }
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn malta() -> GameMap {
        GameMap::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/malta"))
            .expect("the shipped Malta map loads")
    }

    #[test]
    fn a_ship_put_at_any_port_of_malta_sails_out_empty_or_loaded() {
        let m = malta();
        // A card's length and breadth at 1:25,000, the radii of an empty and a loaded Ship.
        let radii = [177.8 * 25.0, 127.0 * 25.0];
        let mut stuck = Vec::new();
        for id in m.ports() {
            let place = m.place(id);
            let at = m.nearest_sea(place.pos()).expect("a port has sea near");
            // As the rules hold a point: to the millimetre.
            let at = [(at[0] * 1e3).round() / 1e3, (at[1] * 1e3).round() / 1e3];
            for radius in radii {
                let reach = SeaReach::compute(&m, at, radius, Vec::new());
                // Out of the creek: somewhere at least half the move away.
                let out = reach
                    .points()
                    .into_iter()
                    .filter(|p| dist(*p, at) >= radius / 2.0)
                    .find(|p| reach.reaches(&m, *p));
                if out.is_none() {
                    stuck.push(format!("{} ({radius} m)", place.name()));
                }
            }
        }
        assert!(stuck.is_empty(), "Ships cannot sail out of {stuck:?}");
    }

    #[test]
    fn every_point_offered_from_a_creek_is_one_the_move_check_accepts() {
        let m = malta();
        let bormla = m
            .ports()
            .into_iter()
            .find(|id| m.place(*id).name() == "Bormla")
            .expect("Bormla is a port");
        let at = m.nearest_sea(m.place(bormla).pos()).unwrap();
        let reach = SeaReach::compute(&m, at, 177.8 * 25.0, Vec::new());
        let points = reach.points();
        assert!(points.len() > 100, "{} points", points.len());
        assert!(points.iter().all(|p| reach.reaches(&m, *p)));
    }
}
