//! The real [`Board`]: the rules' geometry answered from a [`GameMap`] (RULINGS §4–6).
//!
//! - Road moves: the destination within the unit's radius R of its start, and a path along major
//!   roads that stays inside the circle of radius R round the start and enters no enemy coin
//!   (units, settlements and fortifications, each with its own coin's disc). Friendly coins never
//!   block. See [`network`] for how the reach is computed exactly.
//! - A unit on a road stands on the road lines through its point and nothing else: roads that
//!   cross without meeting (bridges, tunnels) are apart (see `standing.rs`).
//! - Motorway double moves, their reach worked out exactly (see `double.rs`), Scout (and Tank)
//!   straight moves over land, attack reach, settlement facts at the game's scale, and sieges.
//!
//! A few readings the rule texts leave open, decided here and stated to players in messages:
//! - a move "ends on a major road" when the destination lies within [`ROAD_SNAP_MM`] of table
//!   (a printed road line's width) of one; the unit is then put exactly on that road;
//! - a destination inside one of the mover's own settlement coins means "into that settlement";
//! - an enemy coin that already covers the mover's starting point does not stop it leaving
//!   (it cannot be "entered" again); it still blocks everyone else.

use crate::map::{GameMap, Measure, PlaceId, Scale};

use super::board::{Board, PlaceFacts};
use super::command::{Move, Target};
use super::error::RuleError;
use super::ids::{MapPoint, PlayerId, SettlementId, UnitId};
use super::state::State;
use super::unit::Location;

mod area;
mod attack;
mod battle;
mod candidates;
mod coins;
mod double;
mod fits;
mod memo;
mod moves;
pub(crate) mod network;
mod position;
mod reach;
mod road_distance;
pub mod scenario_file;
mod sea_reach;
mod sea_way;
mod ships;
mod siege;
mod standing;

pub use reach::{Reach, Stretch};
pub use scenario_file::{LoadedScenario, ScenarioFileError};
pub use sea_reach::{SeaReach, CELLS_ACROSS};
pub use siege::SiegeReport;

/// Table millimetres within which a destination counts as on a road (a road line drawn on a
/// paper map is about this wide).
pub const ROAD_SNAP_MM: f64 = 1.0;

/// The board on a real map at a scale.
pub struct MapBoard<'a> {
    map: &'a GameMap,
    scale: Scale,
    playable: Vec<bool>,
    /// Arc length at every point of every road edge, by edge id: computed once, used by every
    /// reach query.
    offsets: Vec<Vec<f64>>,
    /// The motorway segments alone: motorway-only questions (double moves) need not sift
    /// every road near them.
    motorways: rstar::RTree<crate::map::SegmentEntry>,
    /// Where bases may go, worked out the first time a base is placed (RULINGS §8).
    base_sites: std::sync::OnceLock<std::sync::Arc<super::bases::BaseSites>>,
    /// The road network's connected part of every road node, worked out when first asked.
    land_groups: std::sync::OnceLock<Vec<u32>>,
    /// Reach questions already answered (see `memo.rs`: a pure function of the question).
    reaches: memo::ReachMemo,
    /// The road segments of circles already asked about: one unit's circle is asked with
    /// many sets of blockers (an attack check leaves out the target's coins).
    circles: memo::Memo<std::sync::Arc<Vec<(crate::map::EdgeId, u32)>>>,
    /// Ships' water grids already worked out, by start, radius and blocking coins.
    seas: memo::Memo<std::sync::Arc<SeaReach>>,
    /// Road distance fields towards the targets bots asked about (see `road_distance.rs`).
    road_fields: road_distance::Fields,
    /// The water sampled for bots' sea distances, when first asked (see `sea_way.rs`).
    sea_grid: std::sync::OnceLock<sea_way::Grid>,
    /// Sea distance fields towards the targets bots asked about.
    sea_fields: sea_way::Fields,
}

impl<'a> MapBoard<'a> {
    /// The map at `scale` (the game's scale: the map's own or the players' override). Place
    /// playability is worked out once here, at this scale.
    pub fn new(map: &'a GameMap, scale: Scale) -> MapBoard<'a> {
        let playable = map
            .places()
            .iter()
            .map(|p| map.place_playable_at(p.id(), scale))
            .collect();
        let offsets = map
            .roads()
            .edges()
            .iter()
            .map(|e| network::offsets(e.points()))
            .collect();
        MapBoard {
            map,
            scale,
            playable,
            offsets,
            motorways: map.segment_tree_of(crate::map::RoadClass::M),
            base_sites: std::sync::OnceLock::new(),
            land_groups: std::sync::OnceLock::new(),
            reaches: memo::Memo::new(),
            circles: memo::Memo::new(),
            seas: memo::Memo::new(),
            road_fields: memo::Memo::new(),
            sea_grid: std::sync::OnceLock::new(),
            sea_fields: memo::Memo::new(),
        }
    }

    /// The map.
    pub fn map(&self) -> &'a GameMap {
        self.map
    }

    /// The scale the board measures at.
    pub fn scale(&self) -> Scale {
        self.scale
    }

    /// Ground metres of a table measure at this board's scale.
    pub(crate) fn m(&self, measure: Measure) -> f64 {
        self.scale.measure_m(measure)
    }

    /// Ground radius of a coin.
    pub(crate) fn coin_r(&self, coin: Measure) -> f64 {
        self.scale.ground_m(coin.radius_mm())
    }

    /// How far from a road line a point may be and still count as on it.
    pub(crate) fn snap_m(&self) -> f64 {
        self.scale.ground_m(ROAD_SNAP_MM)
    }

    /// The spans of a reach question, remembered: the same question within a turn is asked by
    /// the candidate moves, the check of the move made and the siege refresh after it.
    pub(crate) fn net(&self, q: &network::Query) -> std::sync::Arc<network::Network> {
        self.reaches.get_or(memo::reach_key(q), || {
            let (c, r, m) = (q.circle.c, q.circle.r, q.motorway_only);
            let key = vec![c[0].to_bits(), c[1].to_bits(), r.to_bits(), u64::from(m)];
            let segs = self
                .circles
                .get_or(key, || std::sync::Arc::new(self.segments_in_disc(c, r, m)));
            std::sync::Arc::new(network::compute(self.map, &self.offsets, q, &segs))
        })
    }

    /// Road segments touching a disc, sorted; motorway ones only if `motorway_only`.
    pub(crate) fn segments_in_disc(
        &self,
        c: [f64; 2],
        r: f64,
        motorway_only: bool,
    ) -> Vec<(crate::map::EdgeId, u32)> {
        if motorway_only {
            crate::map::query::segments_in_disc(&self.motorways, c, r)
        } else {
            self.map.segments_in_disc(c, r)
        }
    }

    /// Whether a reachable span of `net` enters `disc`.
    pub(crate) fn reaches_disc(&self, net: &network::Network, disc: &network::Disc) -> bool {
        net.reaches_disc(self.map, &self.offsets, disc)
    }

    /// Arc lengths along an edge's points.
    pub(crate) fn offsets_of(&self, edge: crate::map::EdgeId) -> &[f64] {
        &self.offsets[edge.0 as usize]
    }

    /// The players besieging `settlement`, with how many roads out are still open.
    pub fn siege(&self, state: &State, settlement: SettlementId) -> Option<SiegeReport> {
        siege::report(self, state, settlement)
    }
}

impl Board for MapBoard<'_> {
    fn first_turn_strike(&self, _state: &State, from: PlaceId, to: PlaceId) -> bool {
        super::bases::strike::first_turn_strike(self, from, to)
    }

    fn base_sites(&self, state: &State) -> std::sync::Arc<super::bases::BaseSites> {
        self.base_sites
            .get_or_init(|| {
                std::sync::Arc::new(super::bases::BaseSites::build(self, state, |a, b| {
                    self.first_turn_strike(state, a, b)
                }))
            })
            .clone()
    }

    fn battle_ground(
        &self,
        state: &State,
        settlement: SettlementId,
        ruleset: super::battle::RulesetId,
    ) -> Result<(), RuleError> {
        MapBoard::battle_ground(self, state, settlement, ruleset)
    }

    fn fight_battle(
        &self,
        state: &State,
        request: &super::battle::BattleRequest,
        log: Option<&super::battle::BattleLog>,
    ) -> Result<(super::battle::BattleOutcome, super::battle::BattleLog), RuleError> {
        MapBoard::fight_battle(self, state, request, log)
    }

    fn place(&self, id: PlaceId) -> Option<PlaceFacts> {
        let place = self.map.places().get(id.0 as usize)?;
        Some(PlaceFacts {
            name: place.name().to_string(),
            kind: place.kind(),
            playable: self.playable[id.0 as usize],
            pos: MapPoint::from_m(place.pos()),
        })
    }

    fn place_ids(&self) -> Vec<PlaceId> {
        self.map.places().iter().map(|p| p.id()).collect()
    }

    fn place_under(&self, pos: MapPoint) -> Option<PlaceId> {
        // A unit stands on a place when a settlement coin laid on the place would cover it.
        self.map
            .places_within(pos.to_m(), self.coin_r(Measure::Coin1p))
            .first()
            .copied()
    }

    fn check_move(&self, state: &State, mv: &Move) -> Result<Location, RuleError> {
        match state.unit(mv.unit) {
            Some(u) if u.kind() == super::unit::UnitType::Ship => self.sea_move(state, u, mv),
            _ => moves::check(self, state, mv),
        }
    }

    fn candidate_moves(&self, state: &State, unit: UnitId) -> Vec<Move> {
        match state.unit(unit) {
            Some(u) if u.kind() == super::unit::UnitType::Ship => self.ship_candidates(state, unit),
            _ => candidates::moves(self, state, unit),
        }
    }

    fn in_harbour(&self, state: &State, unit: UnitId) -> bool {
        !self.harbours_of(state, unit).is_empty()
    }

    fn has_ports(&self) -> bool {
        MapBoard::has_ports(self)
    }

    fn is_port(&self, state: &State, settlement: SettlementId) -> bool {
        self.port(state, settlement)
    }

    fn ship_site(&self, state: &State, port: SettlementId) -> Result<MapPoint, RuleError> {
        if !self.map.has_sea() {
            return Err(RuleError::Refused(super::board::NO_SEA.into()));
        }
        self.harbour_point(state, port)
    }

    fn check_boarding(&self, state: &State, unit: UnitId, ship: UnitId) -> Result<(), RuleError> {
        self.boarding(state, unit, ship)
    }

    fn check_landing(
        &self,
        state: &State,
        unit: UnitId,
        to: MapPoint,
    ) -> Result<Location, RuleError> {
        self.landing_ashore(state, unit, to)
    }

    fn candidate_landings(&self, state: &State, unit: UnitId) -> Vec<MapPoint> {
        self.landing_candidates(state, unit)
    }

    fn land_group(&self, pos: MapPoint) -> Option<u32> {
        let groups = self
            .land_groups
            .get_or_init(|| ships::road_groups(self.map));
        let rp = self.map.nearest_road_point(pos.to_m())?;
        let edge = self.map.roads().edge(rp.edge);
        groups.get(edge.from().0 as usize).copied()
    }

    fn return_port(&self, state: &State, ship: UnitId) -> Option<MapPoint> {
        self.home_port(state, ship)
    }

    fn road_distance(&self, from: MapPoint, to: MapPoint) -> Option<f64> {
        road_distance::distance(self, from, to)
    }

    fn sea_distance(&self, from: MapPoint, to: MapPoint) -> Option<f64> {
        sea_way::distance(self, from, to)
    }

    fn check_attack_reach(
        &self,
        state: &State,
        attacker: UnitId,
        target: Target,
    ) -> Result<(), RuleError> {
        attack::attack_reach(self, state, attacker, target)
    }

    fn besiegers(&self, state: &State, settlement: SettlementId) -> Vec<PlayerId> {
        siege::besiegers(self, state, settlement)
    }
}
