//! Where bases may go (RULINGS §8): the spacing every settlement keeps, the safe-bases rule, and
//! how many seats a map can hold.
//!
//! Both rules are judged between pairs of base sites, so a board works them out once into a
//! [`BaseSites`] table. Safe bases ask whether a unit put into one base on its owner's first turn
//! could attack the other; that is judged with the two bases alone on the map (a third base
//! could only block the way, so the verdict errs on the safe side).
//!
//! The table answers two questions the setup needs: the most bases the map holds
//! ([`BaseSites::capacity`]), which the setup screen and `omms sim` check before a game starts,
//! and whether, after some bases are down, the seats still to place have room
//! ([`BaseSites::room_for`]), which the base check asks so that no seat is ever left without a
//! legal base.

use super::board::Board;
use super::ids::MapPoint;
use super::options::{GameSetup, Options, PlayerSetup, SetupError, MAX_PLAYERS};
use super::state::State;
use super::unit::SETTLEMENT_SPACING;
use crate::map::{Measure, PlaceId, PlaceKind, Scale};

pub(crate) mod strike;

/// The base sites of a board and the rules between each pair.
#[derive(Debug, Clone, PartialEq)]
pub struct BaseSites {
    /// Playable towns, cities and villages, in id order.
    places: Vec<PlaceId>,
    /// `near[i][j]`: closer than the settlement spacing.
    near: Vec<Vec<bool>>,
    /// `strikes[i][j]`: a unit put into a base at `i` on its owner's first turn could attack a
    /// base at `j`.
    strikes: Vec<Vec<bool>>,
}

/// Whether a base may stand on a place of this kind at all.
pub fn base_kind(kind: PlaceKind) -> bool {
    matches!(kind, PlaceKind::City | PlaceKind::Town | PlaceKind::Village)
}

impl BaseSites {
    /// The table for `board` at `state`'s scale, asking `strike(from, to)` for every pair of
    /// sites that are not already too close.
    pub fn build<B: Board + ?Sized>(
        board: &B,
        state: &State,
        mut strike: impl FnMut(PlaceId, PlaceId) -> bool,
    ) -> BaseSites {
        let sites: Vec<(PlaceId, MapPoint)> = board
            .place_ids()
            .into_iter()
            .filter_map(|id| {
                let f = board.place(id)?;
                (f.playable && base_kind(f.kind)).then_some((id, f.pos))
            })
            .collect();
        let spacing = state.scale().measure_m(SETTLEMENT_SPACING);
        let n = sites.len();
        let mut near = vec![vec![false; n]; n];
        let mut strikes = vec![vec![false; n]; n];
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    continue;
                }
                near[i][j] = sites[i].1.distance_m(sites[j].1) < spacing;
                if !near[i][j] {
                    strikes[i][j] = strike(sites[i].0, sites[j].0);
                }
            }
        }
        BaseSites {
            places: sites.into_iter().map(|s| s.0).collect(),
            near,
            strikes,
        }
    }

    /// The places a base may ever stand on.
    pub fn places(&self) -> &[PlaceId] {
        &self.places
    }

    fn index(&self, place: PlaceId) -> Option<usize> {
        self.places.binary_search(&place).ok()
    }

    /// Whether a unit put into a base at `from` on its owner's first turn could attack a base
    /// at `to` (false for places that are not base sites).
    pub fn strikes(&self, from: PlaceId, to: PlaceId) -> bool {
        match (self.index(from), self.index(to)) {
            (Some(i), Some(j)) => self.strikes[i][j],
            _ => false,
        }
    }

    /// Whether a base may follow all of `placed` (in that order) at site `j`.
    fn fits_after(&self, placed: &[usize], j: usize, safe: bool) -> bool {
        placed
            .iter()
            .all(|&i| i != j && !self.near[i][j] && !(safe && self.strikes[i][j]))
    }

    /// Whether `more` further bases can still be placed, one after another, each legal when
    /// it is placed, after the bases on `placed` (in turn order).
    pub fn room_for(&self, placed: &[PlaceId], more: usize, safe: bool) -> bool {
        // A base a scenario put off the sites cannot be judged here; the check's own spacing
        // test still covers it.
        let placed: Vec<usize> = placed.iter().filter_map(|p| self.index(*p)).collect();
        let candidates: Vec<usize> = (0..self.places.len())
            .filter(|&j| self.fits_after(&placed, j, safe))
            .collect();
        self.largest(&candidates, more, safe) >= more
    }

    /// The most bases the map holds under the rules chosen (at most [`MAX_PLAYERS`]).
    pub fn capacity(&self, safe: bool) -> usize {
        let all: Vec<usize> = (0..self.places.len()).collect();
        self.largest(&all, MAX_PLAYERS, safe)
    }

    /// The size of the largest set of `candidates` (up to `goal`) that can all take a base in
    /// some order: no two too close and, with safe bases, an order in which no base can strike
    /// one placed after it (which exists exactly when the strikes among them form no cycle).
    fn largest(&self, candidates: &[usize], goal: usize, safe: bool) -> usize {
        let mut best = 0;
        let mut chosen = Vec::new();
        self.grow(candidates, 0, goal, safe, &mut chosen, &mut best);
        best
    }

    fn grow(
        &self,
        candidates: &[usize],
        from: usize,
        goal: usize,
        safe: bool,
        chosen: &mut Vec<usize>,
        best: &mut usize,
    ) {
        *best = (*best).max(chosen.len());
        if *best >= goal || chosen.len() + (candidates.len() - from) <= *best {
            return;
        }
        for k in from..candidates.len() {
            let j = candidates[k];
            let compatible = chosen.iter().all(|&i| !self.near[i][j]);
            if !compatible || (safe && self.cycle_with(chosen, j)) {
                continue;
            }
            chosen.push(j);
            self.grow(candidates, k + 1, goal, safe, chosen, best);
            chosen.pop();
            if *best >= goal {
                return;
            }
        }
    }

    /// Whether adding `j` to `chosen` closes a cycle of strikes (a pair striking each other
    /// included).
    fn cycle_with(&self, chosen: &[usize], j: usize) -> bool {
        // A cycle through j: j strikes some chosen site from which j can be reached.
        let mut seen = vec![false; chosen.len()];
        let mut stack: Vec<usize> = (0..chosen.len())
            .filter(|&k| self.strikes[j][chosen[k]])
            .collect();
        while let Some(k) = stack.pop() {
            if seen[k] {
                continue;
            }
            seen[k] = true;
            let at = chosen[k];
            if self.strikes[at][j] {
                return true;
            }
            stack.extend((0..chosen.len()).filter(|&m| !seen[m] && self.strikes[at][chosen[m]]));
        }
        false
    }
}

/// How many seats a map can hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatCapacity {
    /// Bases under the safe-bases rule (RULINGS §8).
    pub safe: usize,
    /// Bases under the spacing rule alone.
    pub spaced: usize,
}

impl SeatCapacity {
    /// The most seats under the options chosen.
    pub fn under(&self, options: &Options) -> usize {
        if options.safe_bases {
            self.safe
        } else {
            self.spaced
        }
    }
}

/// How many seats `board` can hold at `scale` (each at most [`MAX_PLAYERS`]).
pub fn seat_capacity(board: &dyn Board, scale: Scale) -> SeatCapacity {
    let seat = |n: &str| PlayerSetup {
        name: n.into(),
        colour: n.into(),
    };
    let setup = GameSetup {
        map: String::new(),
        scale,
        players: vec![seat("a"), seat("b")],
        options: Options::default(),
    };
    match State::undealt(&setup, 0) {
        Ok(state) => {
            let sites = board.base_sites(&state);
            SeatCapacity {
                safe: sites.capacity(true),
                spaced: sites.capacity(false),
            }
        }
        Err(_) => SeatCapacity { safe: 0, spaced: 0 },
    }
}

/// Refuse a setup with more seats than `board` has room for, or seafaring on a map without
/// ports, naming the map.
pub fn check_room(setup: &GameSetup, board: &dyn Board) -> Result<(), SetupError> {
    if setup.options.seafaring && !board.has_ports() {
        return Err(SetupError::NoPorts {
            map: setup.map.clone(),
        });
    }
    let capacity = seat_capacity(board, setup.scale);
    let max = capacity.under(&setup.options);
    if setup.players.len() > max {
        return Err(SetupError::TooManySeats {
            map: setup.map.clone(),
            seats: setup.players.len(),
            max,
            safe: setup.options.safe_bases && capacity.spaced > max,
        });
    }
    Ok(())
}

/// The upper bound a board without roads uses for a first-turn strike: the target within a
/// card length (the fastest first move) plus a card breadth (the attack) of the base.
pub(crate) fn strike_within_reach(state: &State, from: MapPoint, to: MapPoint) -> bool {
    let scale = state.scale();
    from.distance_m(to)
        <= scale.measure_m(Measure::CardLength) + scale.measure_m(Measure::CardBreadth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::{setup, TableBoard};

    fn table(points: &[[f64; 2]]) -> (TableBoard, State) {
        let mut b = TableBoard::new();
        for (i, p) in points.iter().enumerate() {
            b.add_place(&format!("P{i}"), PlaceKind::Town, true, *p);
        }
        (b, State::new(&setup(&["A", "B"]), 1).unwrap())
    }

    #[test]
    fn a_line_of_towns_holds_every_other_one() {
        // 3 km apart at 1:25,000: neighbours strike each other (card length + breadth is
        // 3.81 km), every other one does not.
        let pts: Vec<[f64; 2]> = (0..7).map(|i| [f64::from(i) * 3000.0, 0.0]).collect();
        let (b, s) = table(&pts);
        let sites = BaseSites::build(&b, &s, |x, y| strike_within_reach(&s, b.pos(x), b.pos(y)));
        assert_eq!(sites.capacity(true), 4);
        assert_eq!(sites.capacity(false), 7);
        assert!(sites.room_for(&[PlaceId(0)], 3, true));
        assert!(
            !sites.room_for(&[PlaceId(1)], 3, true),
            "P1 wastes P0 and P2"
        );
        assert!(sites.room_for(&[PlaceId(1)], 2, true));
    }

    #[test]
    fn a_one_way_strike_sets_the_order() {
        let (b, s) = table(&[[0.0, 0.0], [5000.0, 0.0]]);
        // Only a base at P0 can strike P1: P1 must be placed first.
        let sites = BaseSites::build(&b, &s, |x, _| x == PlaceId(0));
        assert_eq!(sites.capacity(true), 2);
        assert!(sites.room_for(&[PlaceId(1)], 1, true));
        assert!(!sites.room_for(&[PlaceId(0)], 1, true));
        let both = BaseSites::build(&b, &s, |_, _| true);
        assert_eq!(both.capacity(true), 1);
        assert_eq!(both.capacity(false), 2);
    }

    #[test]
    fn a_three_cycle_never_fits_but_any_two_do() {
        let (b, s) = table(&[[0.0, 0.0], [5000.0, 0.0], [0.0, 5000.0]]);
        let next = |x: PlaceId, y: PlaceId| (x.0 + 1) % 3 == y.0;
        let sites = BaseSites::build(&b, &s, next);
        assert_eq!(sites.capacity(true), 2);
    }
}
