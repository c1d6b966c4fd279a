//! "Where can this unit go?" and "may it go exactly here?", for the UI and the `omms rules`
//! tool.

use super::double::DoubleReach;
use super::moves::Start;
use super::network::{sub_polyline, Disc, Network, Query};
use super::MapBoard;
use crate::map::{EdgeId, Measure};
use crate::rules::board::Board;
use crate::rules::command::Move;
use crate::rules::error::RuleError;
use crate::rules::ids::{MapPoint, UnitId};
use crate::rules::state::State;
use crate::rules::unit::{Location, Unit};

/// First-leg ends tried per destination point before giving up on it: each one makes the move
/// legal by construction, so more than one is only needed when rounding to the millimetre
/// lands a first leg a hair outside.
const VIA_TRIES: usize = 4;

/// A stretch of major road a unit can reach.
#[derive(Debug, Clone, PartialEq)]
pub struct Stretch {
    /// The road edge.
    pub edge: EdgeId,
    /// Metres along the edge where the stretch begins and ends.
    pub from_m: f64,
    /// See `from_m`.
    pub to_m: f64,
    /// Its polyline in metres.
    pub points: Vec<[f64; 2]>,
    /// Reached only by a motorway double move.
    pub double_move: bool,
}

/// Everywhere a unit can move this turn.
#[derive(Debug, Clone, PartialEq)]
pub struct Reach {
    /// The centre of its circles.
    pub centre: [f64; 2],
    /// Radius of its road move, metres.
    pub road_radius_m: f64,
    /// Road stretches it can end on (single moves, then motorway double moves).
    pub stretches: Vec<Stretch>,
    /// For Scouts and Tanks: the land reachable off road, a polygon in metres (not closed).
    pub off_road: Option<Vec<[f64; 2]>>,
}

impl MapBoard<'_> {
    /// The road network reachable in one leg from `start`.
    pub(crate) fn leg_network(
        &self,
        state: &State,
        unit: &Unit,
        start: &Start,
        motorway_only: bool,
    ) -> Option<std::sync::Arc<Network>> {
        let measure = unit.kind().road_move()?;
        let coins: Vec<Disc> = self
            .blockers(state, unit.owner(), start.centre)
            .iter()
            .map(|c| c.disc)
            .collect();
        Some(self.net(&Query {
            circle: Disc {
                c: start.centre,
                r: self.m(measure),
            },
            blockers: &coins,
            source: start.source(),
            motorway_only,
        }))
    }

    /// Every enemy coin's disc: no move may end inside one.
    fn forbidden(&self, state: &State, unit: &Unit) -> Vec<Disc> {
        self.enemy_coins(state, unit.owner())
            .iter()
            .map(|c| c.disc)
            .collect()
    }

    /// The exact ends of the unit's motorway double moves, when it stands on a motorway.
    pub(crate) fn double_of(
        &self,
        state: &State,
        unit: &Unit,
        start: &Start,
    ) -> Option<DoubleReach> {
        if !self.on_motorway(unit) {
            return None;
        }
        let radius = self.m(unit.kind().road_move()?);
        let coins: Vec<Disc> = self
            .blockers(state, unit.owner(), start.centre)
            .iter()
            .map(|c| c.disc)
            .collect();
        let first = self.leg_network(state, unit, start, true)?;
        let forbidden = self.forbidden(state, unit);
        Some(self.double_reach(start.centre, radius, &first, &coins, &forbidden))
    }

    fn stretch(&self, edge: EdgeId, s0: f64, s1: f64, double_move: bool) -> Stretch {
        let pts = self.map.roads().edge(edge).points();
        let offs = self.offsets_of(edge);
        Stretch {
            edge,
            from_m: s0,
            to_m: s1,
            points: sub_polyline(pts, offs, s0, s1),
            double_move,
        }
    }

    /// Whether the unit stands on a motorway (and so may move twice).
    pub(crate) fn on_motorway(&self, unit: &Unit) -> bool {
        matches!(unit.at(), Location::Road(p) if self.stands_on_motorway(p.to_m()))
    }

    /// Everywhere `unit` can move now: the road stretches of a single move, every stretch a
    /// motorway double move reaches (worked out exactly, see [`super::double`]), and for Scouts
    /// and Tanks the land reachable off road. Stretches leave out enemy coins, where no move
    /// may end. Turn, phase and "moved already" are not considered.
    pub fn reach(&self, state: &State, unit: UnitId) -> Result<Reach, RuleError> {
        let u = state.unit(unit).ok_or(RuleError::NoSuchUnit(unit))?;
        let start = self.start_of(state, u)?;
        let mut stretches = Vec::new();
        let road_radius_m = u.kind().road_move().map_or(0.0, |m| self.m(m));
        let forbidden = self.forbidden(state, u);
        if let Some(net) = self.leg_network(state, u, &start, false) {
            let spans: Vec<(EdgeId, f64, f64)> = net
                .spans
                .iter()
                .filter(|s| s.reachable)
                .map(|s| (s.edge, s.s0, s.s1))
                .collect();
            for (edge, s0, s1) in self.minus_discs(&spans, &forbidden) {
                stretches.push(self.stretch(edge, s0, s1, false));
            }
        }
        if let Some(double) = self.double_of(state, u, &start) {
            for &(edge, s0, s1) in &double.ends {
                stretches.push(self.stretch(edge, s0, s1, true));
            }
        }
        let off_road = u.kind().off_road_move().map(|m| {
            let coins: Vec<Disc> = self
                .blockers(state, u.owner(), start.centre)
                .iter()
                .map(|c| c.disc)
                .collect();
            self.visible_land(start.centre, self.m(m), &coins)
        });
        Ok(Reach {
            centre: start.centre,
            road_radius_m,
            stretches,
            off_road,
        })
    }

    /// May `unit` go exactly to `to` now? The move that gets it there (a road move, a motorway
    /// double move through a first-leg end the board finds, or a straight move off road), or
    /// why not.
    pub fn may_go(&self, state: &State, unit: UnitId, to: MapPoint) -> Result<Move, RuleError> {
        let u = state.unit(unit).ok_or(RuleError::NoSuchUnit(unit))?;
        let road = Move {
            unit,
            to,
            via: None,
            off_road: false,
        };
        let road_err = match self.check_move(state, &road) {
            Ok(_) => return Ok(road),
            Err(e) => e,
        };
        if let Some(m) = self.find_via(state, u, to) {
            return Ok(m);
        }
        if u.kind().off_road_move().is_some() {
            let off = Move {
                off_road: true,
                ..road
            };
            match self.check_move(state, &off) {
                Ok(_) => return Ok(off),
                Err(e) if matches!(u.at(), Location::OffRoad(_)) => return Err(e),
                Err(e) if road_err == RuleError::BadLanding => return Err(e),
                Err(_) => {}
            }
        }
        Err(road_err)
    }

    /// A motorway double move to `to`, whenever one is legal: the destination's motorway
    /// points that end a double move, each with the first-leg ends that make it legal.
    pub(crate) fn find_via(&self, state: &State, u: &Unit, to: MapPoint) -> Option<Move> {
        let spots = self.road_spots(to.to_m(), true);
        if spots.is_empty() {
            return None;
        }
        let start = self.start_of(state, u).ok()?;
        let double = self.double_of(state, u, &start)?;
        spots
            .iter()
            .filter(|s| double.contains(s.edge, s.along))
            .flat_map(|s| {
                double
                    .vias(s.edge, s.along, s.pos)
                    .into_iter()
                    .take(VIA_TRIES)
            })
            .map(|v| Move {
                unit: u.id(),
                to,
                via: Some(MapPoint::from_m(v)),
                off_road: false,
            })
            .find(|m| self.check_move(state, m).is_ok())
    }

    /// Radius of a unit's road move, metres (for callers drawing circles).
    pub fn road_radius(&self, unit: &Unit) -> Option<f64> {
        unit.kind().road_move().map(|m| self.m(m))
    }

    /// Card breadth in metres: off-road move, attack and siege radius.
    pub fn card_breadth_m(&self) -> f64 {
        self.m(Measure::CardBreadth)
    }
}
