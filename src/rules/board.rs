//! The geometry questions the rules ask of the map.
//!
//! The engine knows cards, food, dice, who owns what and where pieces stand; it does not know
//! roads, water or coin discs. Whenever a verdict depends on the map it asks a [`Board`]. The real
//! board (part 2 of the engine) answers from a [`GameMap`](crate::map::GameMap) at the game's
//! scale; tests answer from a flat table ([`testkit::TableBoard`](super::testkit::TableBoard)).
//!
//! Every answer must be a pure function of the map (at the game's scale, [`State::scale`]) and
//! of where the pieces stand in the `State` passed in: the engine calls these during `check`
//! (previews) and `execute`, a replay must get the same answers again, and siege clocks are only
//! re-examined after a command that moved, added, removed or resized a coin
//! ([`Event::changes_board`](super::Event::changes_board)).

use std::sync::Arc;

use super::bases::BaseSites;
use super::battle::{BattleLog, BattleOutcome, BattleRequest, RulesetId};
use super::command::{Move, Target};
use super::error::RuleError;
use super::ids::{MapPoint, PlayerId, SettlementId, UnitId};
use super::state::State;
use super::unit::{Location, SETTLEMENT_SPACING};
use crate::map::{PlaceId, PlaceKind};

/// Why a board without sea refuses every Ship question.
pub const NO_SEA: &str = "This map has no sea: Ships cannot be built or sailed here.";

/// What the rules need to know about a settlement place.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceFacts {
    /// Name shown to players.
    pub name: String,
    /// City, town, village or suburb.
    pub kind: PlaceKind,
    /// Whether it lies within a 1p coin of a major road at the game's scale.
    pub playable: bool,
    /// Its point, where a settlement's coin is centred.
    pub pos: MapPoint,
}

/// The map, as the rules see it.
pub trait Board {
    /// Facts about a place, or `None` when the map has no such place.
    fn place(&self, id: PlaceId) -> Option<PlaceFacts>;

    /// Every place of the map (playable or not), in id order. Used to list the legal base
    /// placements during setup.
    fn place_ids(&self) -> Vec<PlaceId>;

    /// The place a piece standing at `pos` is on, if any: what a set of spades would build on.
    fn place_under(&self, pos: MapPoint) -> Option<PlaceId>;

    /// The first of `others` (in the order given) closer to `place` than the minimum spacing of
    /// settlements, a 10p coin's diameter at the game's scale.
    ///
    /// The default measures straight-line ground distance between place points.
    fn spacing_conflict(
        &self,
        state: &State,
        place: PlaceId,
        others: &[SettlementId],
    ) -> Option<SettlementId> {
        let pos = self.place(place)?.pos;
        let min_m = state.scale().measure_m(SETTLEMENT_SPACING);
        others.iter().copied().find(|s| {
            state
                .settlement(*s)
                .is_some_and(|s| s.pos().distance_m(pos) < min_m)
        })
    }

    /// Whether the unit may make this move now, ignoring turn and phase (the engine checks those
    /// and whether it has moved already). On success, where it ends: on a road, off road, or in
    /// one of its owner's settlements (RULINGS §4). Refusals carry a message for the player, e.g.
    /// `RuleError::Refused("Blocked by Blue's Guard at Encamp".into())`.
    fn check_move(&self, state: &State, mv: &Move) -> Result<Location, RuleError>;

    /// A handful of moves worth offering for `unit` (for the legal-command list and the AI).
    /// Each must pass the engine's whole [`check`](super::check) for the unit's owner, not only
    /// [`Board::check_move`]: a unit that has moved, or sits aboard a Ship, gets none. The list
    /// need not be complete.
    fn candidate_moves(&self, state: &State, unit: UnitId) -> Vec<Move> {
        let _ = (state, unit);
        Vec::new()
    }

    /// Whether `attacker` can reach `target` to attack it: the target's centre within card
    /// breadth and a legal path to it (RULINGS §5). Ownership, phase and "attacked already" are
    /// the engine's business.
    fn check_attack_reach(
        &self,
        state: &State,
        attacker: UnitId,
        target: Target,
    ) -> Result<(), RuleError>;

    /// The players besieging `settlement` now (RULINGS §6), in turn order; empty when at least
    /// one road out is open.
    fn besiegers(&self, state: &State, settlement: SettlementId) -> Vec<PlayerId>;

    /// Whether a unit put into a base at `from` on its owner's first turn could attack a base at
    /// `to`, with only those two bases on the map (RULINGS §8, safe bases). The default is an
    /// upper bound for boards without roads: `to` within a card length (the fastest move) and
    /// a card breadth (the attack) of `from`.
    fn first_turn_strike(&self, state: &State, from: PlaceId, to: PlaceId) -> bool {
        match (self.place(from), self.place(to)) {
            (Some(a), Some(b)) => super::bases::strike_within_reach(state, a.pos, b.pos),
            _ => false,
        }
    }

    /// The base sites of the map and the rules between each pair (see [`BaseSites`]). The
    /// default works the table out on every call; a board that can keeps it.
    fn base_sites(&self, state: &State) -> Arc<BaseSites> {
        Arc::new(BaseSites::build(self, state, |a, b| {
            self.first_turn_strike(state, a, b)
        }))
    }

    /// Whether a Ship lies in harbour (+1 defence die). Only matters with seafaring.
    fn in_harbour(&self, state: &State, unit: UnitId) -> bool {
        let _ = (state, unit);
        false
    }

    /// *Seafaring*: whether the map has sea and at least one port, so the option can be played.
    fn has_ports(&self) -> bool {
        false
    }

    /// *Seafaring*: whether the settlement stands on a port of the map (RULINGS §10).
    fn is_port(&self, state: &State, settlement: SettlementId) -> bool {
        let _ = (state, settlement);
        false
    }

    /// *Seafaring*: the sea point nearest `port`, where a Ship built there is put; or why no
    /// Ship can be built there. The default board has no sea.
    fn ship_site(&self, state: &State, port: SettlementId) -> Result<MapPoint, RuleError> {
        let _ = (state, port);
        Err(RuleError::Refused(NO_SEA.into()))
    }

    /// *Seafaring*: the map's part of boarding: `ship` lies in harbour at the port settlement
    /// `unit` stands in. Ownership, capacity and "moved already" are the engine's business.
    fn check_boarding(&self, state: &State, unit: UnitId, ship: UnitId) -> Result<(), RuleError> {
        let _ = (state, unit, ship);
        Err(RuleError::Refused(NO_SEA.into()))
    }

    /// *Seafaring*: whether `unit`, aboard a Ship, may go ashore at `to`, and where it then
    /// stands: a major road point or one of its owner's settlements (a Scout or Tank: any land
    /// point) within a card's breadth of the Ship, reached crossing no enemy coin.
    fn check_landing(
        &self,
        state: &State,
        unit: UnitId,
        to: MapPoint,
    ) -> Result<Location, RuleError> {
        let _ = (state, unit, to);
        Err(RuleError::Refused(NO_SEA.into()))
    }

    /// *Seafaring*: a handful of points where `unit`, aboard a Ship, could go ashore (for the
    /// legal-command list and the AI). Each must pass the engine's whole
    /// [`check`](super::check) of a landing now, not only [`Board::check_landing`].
    fn candidate_landings(&self, state: &State, unit: UnitId) -> Vec<MapPoint> {
        let _ = (state, unit);
        Vec::new()
    }

    /// *Seafaring*: which land `pos` stands on, as the major roads join it: two points with the
    /// same answer are linked by roads, two with different answers only by water (ferries are
    /// not roads). Public map knowledge, for bots deciding when to take to the sea. `None` when
    /// the board cannot tell.
    fn land_group(&self, pos: MapPoint) -> Option<u32> {
        let _ = pos;
        None
    }

    /// Metres along the major roads from the road nearest `from` to the road nearest `to`,
    /// plus the straight steps onto each: public map knowledge (no rule), for bots steering
    /// round bends and dead ends a straight line cannot see. `None` when no road joins them or
    /// the board cannot tell.
    fn road_distance(&self, from: MapPoint, to: MapPoint) -> Option<f64> {
        let _ = (from, to);
        None
    }

    /// *Seafaring*: metres over water from `from` to the water by `to`, round the coasts:
    /// public map knowledge (no rule), for bots steering Ships out of bays a straight line
    /// leads into. `None` when no water joins them or the board cannot tell.
    fn sea_distance(&self, from: MapPoint, to: MapPoint) -> Option<f64> {
        let _ = (from, to);
        None
    }

    /// *Seafaring*: where a Ship beaten off in its own attack goes: the harbour point of its
    /// owner's port nearest to it; `None` when the owner has no port (the Ship is lost).
    fn return_port(&self, state: &State, ship: UnitId) -> Option<MapPoint> {
        let _ = (state, ship);
        None
    }

    /// Whether a battle under `ruleset` can be fought at `settlement`: the map holds the terrain
    /// round it (RULINGS §9). Boards without a terrain layer refuse, and the dice decide.
    fn battle_ground(
        &self,
        state: &State,
        settlement: SettlementId,
        ruleset: RulesetId,
    ) -> Result<(), RuleError> {
        let _ = (state, settlement, ruleset);
        Err(RuleError::Refused(
            "This map has no terrain for table battles; roll the dice.".into(),
        ))
    }

    /// Fight `request` on the terrain round the defender's settlement, the attacker entering
    /// from the side it came from. With a `log`, replay exactly those commands: each must be
    /// legal and the last must end the battle. Without one, the tactical AI plays both sides.
    /// Returns how it ended and the commands fought. Must be a pure function of the map, `state`
    /// and its arguments, like every answer here: replays fight it again.
    fn fight_battle(
        &self,
        state: &State,
        request: &BattleRequest,
        log: Option<&BattleLog>,
    ) -> Result<(BattleOutcome, BattleLog), RuleError> {
        let _ = (state, request, log);
        Err(RuleError::Refused(
            "This map has no terrain for table battles; roll the dice.".into(),
        ))
    }
}
