//! The yardstick: a bot that plays any legal command at random.
//!
//! It picks uniformly among the legal commands, except that all the moves of one unit count as a
//! single choice: "move this unit" is as likely as "end the turn", and only then is one of its
//! moves drawn — the board's suggestions, or now and then a random point within its reach (off
//! road too, for Scouts and Tanks), so it also wanders where the suggestions do not go. Counting
//! moves per unit keeps the bot cheap on a real map, where listing every unit's moves costs
//! milliseconds, and keeps it from spending whole turns shuffling units about.

use rand_chacha::ChaCha8Rng;

use super::{below, Bot};
use crate::map::{Measure, PlaceId};
use crate::rules::{
    check, legal_commands, Board, Command, EndTurn, MapPoint, Move, Phase, PlaceFacts, RuleError,
    SeatView, SettlementId, State, Target, UnitId, UnitType,
};

/// Uniform over the legal commands, a unit's moves counting as one.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomBot;

/// Out of this many move choices, one tries a random point instead of a suggestion.
const WILD_ONE_IN: usize = 4;

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(
        &mut self,
        view: &SeatView,
        board: &dyn Board,
        _this_turn: &[Command],
        rng: &mut ChaCha8Rng,
    ) -> Command {
        let state = view.state();
        let others = legal_commands(state, &WithoutMoves(board));
        let movers: Vec<UnitId> = if state.pending().is_empty() && state.phase() == Phase::Main {
            let me = state.current_player();
            state
                .units()
                .filter(|u| u.owner() == me && !u.moved())
                .map(|u| u.id())
                .collect()
        } else {
            Vec::new()
        };
        let n = others.len() + movers.len();
        if n == 0 {
            // Only when the game is over; the driver stops before asking.
            return Command::EndTurn(EndTurn);
        }
        let i = below(rng, n);
        if i < others.len() {
            return others[i].clone();
        }
        let unit = movers[i - others.len()];
        if below(rng, WILD_ONE_IN) == 0 {
            if let Some(mv) = wild_move(state, unit, rng) {
                let cmd = Command::Move(mv);
                if check(state, board, &cmd).is_ok() {
                    return cmd;
                }
            }
        }
        let moves = board.candidate_moves(state, unit);
        if moves.is_empty() {
            // A unit boxed in: do something else legal instead.
            return match others.len() {
                0 => Command::EndTurn(EndTurn),
                k => others[below(rng, k)].clone(),
            };
        }
        Command::Move(moves[below(rng, moves.len())].clone())
    }
}

/// A move of `unit` to a random point within its reach, off road half the time for units that
/// may leave the roads.
fn wild_move(state: &State, unit: UnitId, rng: &mut ChaCha8Rng) -> Option<Move> {
    let u = state.unit(unit)?;
    if u.kind() == UnitType::Ship {
        return None;
    }
    let from = state.unit_pos(unit)?;
    let off_road = u.kind().off_road_move().is_some() && below(rng, 2) == 0;
    let radius = if off_road {
        u.kind().off_road_move()
    } else {
        u.kind().road_move()
    }
    .unwrap_or(Measure::CardBreadth);
    let r = state.scale().measure_m(radius) * (below(rng, 1000) as f64 / 1000.0);
    let angle = below(rng, 3600) as f64 / 3600.0 * std::f64::consts::TAU;
    let [x, y] = from.to_m();
    Some(Move {
        unit,
        to: MapPoint::from_m([x + r * angle.cos(), y + r * angle.sin()]),
        via: None,
        off_road,
    })
}

/// A board that suggests no moves, so [`legal_commands`] lists everything but moves.
struct WithoutMoves<'a>(&'a dyn Board);

impl Board for WithoutMoves<'_> {
    fn place(&self, id: PlaceId) -> Option<PlaceFacts> {
        self.0.place(id)
    }
    fn place_ids(&self) -> Vec<PlaceId> {
        self.0.place_ids()
    }
    fn place_under(&self, pos: MapPoint) -> Option<PlaceId> {
        self.0.place_under(pos)
    }
    fn spacing_conflict(
        &self,
        state: &State,
        place: PlaceId,
        others: &[SettlementId],
    ) -> Option<SettlementId> {
        self.0.spacing_conflict(state, place, others)
    }
    fn check_move(&self, state: &State, mv: &Move) -> Result<crate::rules::Location, RuleError> {
        self.0.check_move(state, mv)
    }
    fn check_attack_reach(
        &self,
        state: &State,
        attacker: UnitId,
        target: Target,
    ) -> Result<(), RuleError> {
        self.0.check_attack_reach(state, attacker, target)
    }
    fn besiegers(&self, state: &State, settlement: SettlementId) -> Vec<crate::rules::PlayerId> {
        self.0.besiegers(state, settlement)
    }
    fn in_harbour(&self, state: &State, unit: UnitId) -> bool {
        self.0.in_harbour(state, unit)
    }
    fn first_turn_strike(&self, state: &State, from: PlaceId, to: PlaceId) -> bool {
        self.0.first_turn_strike(state, from, to)
    }
    fn base_sites(&self, state: &State) -> std::sync::Arc<crate::rules::BaseSites> {
        self.0.base_sites(state)
    }
    fn battle_ground(
        &self,
        state: &State,
        settlement: SettlementId,
        ruleset: crate::rules::RulesetId,
    ) -> Result<(), RuleError> {
        self.0.battle_ground(state, settlement, ruleset)
    }
    fn fight_battle(
        &self,
        state: &State,
        request: &crate::rules::BattleRequest,
        log: Option<&crate::rules::BattleLog>,
    ) -> Result<(crate::rules::BattleOutcome, crate::rules::BattleLog), RuleError> {
        self.0.fight_battle(state, request, log)
    }
    fn has_ports(&self) -> bool {
        self.0.has_ports()
    }
    fn is_port(&self, state: &State, settlement: SettlementId) -> bool {
        self.0.is_port(state, settlement)
    }
    fn ship_site(&self, state: &State, port: SettlementId) -> Result<MapPoint, RuleError> {
        self.0.ship_site(state, port)
    }
    fn check_boarding(&self, state: &State, unit: UnitId, ship: UnitId) -> Result<(), RuleError> {
        self.0.check_boarding(state, unit, ship)
    }
    fn check_landing(
        &self,
        state: &State,
        unit: UnitId,
        to: MapPoint,
    ) -> Result<crate::rules::Location, RuleError> {
        self.0.check_landing(state, unit, to)
    }
    fn candidate_landings(&self, state: &State, unit: UnitId) -> Vec<MapPoint> {
        self.0.candidate_landings(state, unit)
    }
    fn return_port(&self, state: &State, ship: UnitId) -> Option<MapPoint> {
        self.0.return_port(state, ship)
    }
}
