//! "Where can this unit go?" and "may it go exactly here?", for the UI and the `omms rules`
//! tool.

use super::moves::Start;
use super::network::{point_at, sub_polyline, Disc, Network, Query};
use super::MapBoard;
use crate::map::{EdgeId, Measure};
use crate::rules::board::Board;
use crate::rules::command::Move;
use crate::rules::error::RuleError;
use crate::rules::ids::{MapPoint, UnitId};
use crate::rules::state::State;
use crate::rules::unit::{Location, Unit};

/// Motorway points tried as the end of a double move's first leg, at most.
const VIA_SAMPLES: usize = 12;

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
        start: Start,
        motorway_only: bool,
    ) -> Option<Network> {
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
            source: start.source,
            motorway_only,
        }))
    }

    fn stretches(&self, net: &Network, double_move: bool, out: &mut Vec<Stretch>) {
        for sp in net.spans.iter().filter(|s| s.reachable) {
            let pts = self.map.roads().edge(sp.edge).points();
            let offs = self.offsets_of(sp.edge);
            out.push(Stretch {
                edge: sp.edge,
                from_m: sp.s0,
                to_m: sp.s1,
                points: sub_polyline(pts, offs, sp.s0, sp.s1),
                double_move,
            });
        }
    }

    /// Points of a first motorway leg worth trying as the via of a double move: both ends of
    /// every reachable stretch and points every quarter radius between, spread evenly.
    pub(crate) fn via_points(&self, net: &Network, radius: f64) -> Vec<[f64; 2]> {
        let mut all = Vec::new();
        for sp in net.spans.iter().filter(|s| s.reachable) {
            let pts = self.map.roads().edge(sp.edge).points();
            let offs = self.offsets_of(sp.edge);
            let inset = 1.0f64.min((sp.s1 - sp.s0) / 2.0);
            let (a, b) = (sp.s0 + inset, sp.s1 - inset);
            let steps = ((b - a) / (radius / 4.0)).ceil().max(1.0) as usize;
            for k in 0..=steps {
                all.push(point_at(pts, offs, a + (b - a) * k as f64 / steps as f64));
            }
        }
        if all.len() > VIA_SAMPLES {
            let step = all.len() as f64 / VIA_SAMPLES as f64;
            all = (0..VIA_SAMPLES)
                .map(|k| all[(k as f64 * step) as usize])
                .collect();
        }
        all
    }

    /// Whether the unit stands on a motorway (and so may move twice).
    pub(crate) fn on_motorway(&self, unit: &Unit) -> bool {
        matches!(unit.at(), Location::Road(p) if !self.road_spots(p.to_m(), true).is_empty())
    }

    /// Everywhere `unit` can move now: the road stretches of a single move, those a motorway
    /// double move adds (sampled through a dozen first legs), and for Scouts and Tanks the land
    /// reachable off road. Turn, phase and "moved already" are not considered.
    pub fn reach(&self, state: &State, unit: UnitId) -> Result<Reach, RuleError> {
        let u = state.unit(unit).ok_or(RuleError::NoSuchUnit(unit))?;
        let start = self.start_of(state, u)?;
        let mut stretches = Vec::new();
        let road_radius_m = u.kind().road_move().map_or(0.0, |m| self.m(m));
        if let Some(net) = self.leg_network(state, u, start, false) {
            self.stretches(&net, false, &mut stretches);
        }
        if self.on_motorway(u) {
            if let Some(first) = self.leg_network(state, u, start, true) {
                for via in self.via_points(&first, road_radius_m) {
                    let second = Start {
                        centre: via,
                        source: Disc {
                            c: via,
                            r: self.snap_m(),
                        },
                    };
                    if let Some(net) = self.leg_network(state, u, second, true) {
                        self.stretches(&net, true, &mut stretches);
                    }
                }
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
    /// double move through a via the board finds, or a straight move off road), or why not.
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

    /// A motorway double move to `to`, if the unit is on a motorway and one of the sampled
    /// first legs makes it legal.
    pub(crate) fn find_via(&self, state: &State, u: &Unit, to: MapPoint) -> Option<Move> {
        if !self.on_motorway(u) || self.road_spots(to.to_m(), true).is_empty() {
            return None;
        }
        let measure = u.kind().road_move()?;
        let start = self.start_of(state, u).ok()?;
        let first = self.leg_network(state, u, start, true)?;
        let mut vias = self.via_points(&first, self.m(measure));
        // Try the vias nearest the destination first: the second leg is then shortest.
        let goal = to.to_m();
        vias.sort_by(|a, b| {
            super::network::dist(*a, goal).total_cmp(&super::network::dist(*b, goal))
        });
        vias.into_iter()
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
