//! `general`: a bot that plays to win. Each call looks at the position afresh and returns the
//! most useful command by a fixed priority: answer decisions, draw, build on sites its units
//! stand on, keep food ahead of upkeep, put every royal card on the map, fortify what is
//! threatened, raise units, trade when it gains, move, and in the attack phase fight only when
//! the exact odds make the fight worth it (buying resource dice when they swing it).
//!
//! It has no memory: everything it needs is in the state, and "once a turn" limits are read from
//! the commands already played this turn.

use rand_chacha::ChaCha8Rng;

use super::Bot;
use crate::map::{Measure, PlaceKind};
use crate::rules::{
    check, defence_dice, Board, Command, Draw, EndMain, EndTurn, MapPoint, Phase, PlayerId,
    Settlement, SettlementId, State, UnitId, UnitType,
};

mod attack;
mod decide;
mod economy;
mod moves;

/// The purposeful bot.
#[derive(Debug, Clone, Copy, Default)]
pub struct General;

impl Bot for General {
    fn name(&self) -> &'static str {
        "general"
    }

    fn choose(
        &mut self,
        state: &State,
        board: &dyn Board,
        this_turn: &[Command],
        _rng: &mut ChaCha8Rng,
    ) -> Command {
        let ctx = Ctx::new(state, board);
        if let Some(pending) = state.pending().first() {
            return decide::answer(&ctx, pending);
        }
        match state.phase() {
            Phase::Setup => decide::base(&ctx),
            Phase::Draw => Command::Draw(Draw),
            Phase::Main => economy::main_phase(&ctx, this_turn)
                .or_else(|| moves::next_move(&ctx))
                .unwrap_or(Command::EndMain(EndMain)),
            Phase::Attack => economy::royals(&ctx)
                .or_else(|| attack::next_attack(&ctx))
                .unwrap_or(Command::EndTurn(EndTurn)),
            Phase::Over => Command::EndTurn(EndTurn),
        }
    }
}

/// One look at the position from the deciding player's chair.
pub(super) struct Ctx<'a> {
    pub state: &'a State,
    pub board: &'a dyn Board,
    pub me: PlayerId,
    /// Card length on the ground (metres): the fast units' road reach.
    pub card_len: f64,
    /// Card breadth on the ground: slow units' reach, attack and siege radius.
    pub breadth: f64,
    /// Least distance between two settlements.
    pub spacing: f64,
}

impl<'a> Ctx<'a> {
    fn new(state: &'a State, board: &'a dyn Board) -> Ctx<'a> {
        let scale = state.scale();
        Ctx {
            state,
            board,
            me: state.actor(),
            card_len: scale.measure_m(Measure::CardLength),
            breadth: scale.measure_m(Measure::CardBreadth),
            spacing: scale.measure_m(Measure::Coin10p),
        }
    }

    /// Whether the rules accept `cmd` now.
    pub fn ok(&self, cmd: &Command) -> bool {
        check(self.state, self.board, cmd).is_ok()
    }

    /// How far a unit of this kind can get along roads in one move.
    pub fn reach(&self, kind: UnitType) -> f64 {
        self.state
            .scale()
            .measure_m(kind.road_move().unwrap_or(Measure::CardBreadth))
    }

    /// Attack dice of enemy pieces that could move next to `pos` and strike next turn; an enemy
    /// settlement in range counts as one die, since a royal card can raise a unit there.
    pub fn threat(&self, pos: MapPoint) -> u32 {
        let units: u32 = self
            .state
            .units()
            .filter(|u| u.owner() != self.me)
            .filter(|u| {
                self.state.unit_pos(u.id()).is_some_and(|p| {
                    p.distance_m(pos) <= self.reach(u.kind()) + self.breadth * 1.05
                })
            })
            .map(|u| u32::from(u.attack_dice().0))
            .sum();
        let spawns = self
            .state
            .settlements()
            .filter(|s| s.owner() != self.me)
            .filter(|s| s.pos().distance_m(pos) <= self.card_len + self.breadth * 1.05)
            .count() as u32;
        units + spawns
    }

    /// Units a settlement of mine should keep inside: none where no enemy can strike next turn,
    /// more the stronger the threat; the base always keeps one.
    pub fn garrison_wanted(&self, s: &Settlement) -> usize {
        let threat = self.threat(s.pos());
        let mut want = match threat {
            0 => 0,
            1..=2 => 1,
            3..=5 => 2,
            _ => 3,
        };
        if self.state.player(self.me).base() == Some(s.id()) {
            want = want.max(1);
        }
        want
    }

    /// The defenders of `s` the garrison keeps, strongest defenders first; the rest may leave.
    pub fn kept_in(&self, s: &Settlement) -> Vec<UnitId> {
        let mut inside = self.state.defenders(s.id());
        inside.sort_by_key(|u| {
            let kind = self.state.unit(*u).map(|u| u.kind());
            (std::cmp::Reverse(kind.map_or(0, |k| k.defence().0)), *u)
        });
        inside.truncate(self.garrison_wanted(s));
        inside
    }

    /// Places a settlement could be built on now: playable, empty, and far enough from every
    /// settlement.
    pub fn free_sites(&self) -> Vec<(crate::map::PlaceId, MapPoint, PlaceKind)> {
        let all: Vec<SettlementId> = self.state.settlements().map(|s| s.id()).collect();
        self.board
            .place_ids()
            .into_iter()
            .filter_map(|id| {
                let f = self.board.place(id)?;
                let free = f.playable
                    && self.state.settlement_on(id).is_none()
                    && self.board.spacing_conflict(self.state, id, &all).is_none();
                free.then_some((id, f.pos, f.kind))
            })
            .collect()
    }

    /// The defence dice the strongest unit of an enemy stack or settlement rolls, or `None` for
    /// an empty settlement.
    pub fn best_defence(&self, stack: &[UnitId]) -> Option<crate::rules::Dice> {
        stack
            .iter()
            .map(|u| defence_dice(self.state, self.board, *u))
            .max()
    }
}

/// What a unit is worth to its owner, in rough "Scouts".
pub(super) fn unit_value(kind: UnitType) -> f64 {
    match kind {
        UnitType::Scout | UnitType::Ship => 1.0,
        UnitType::Guard => 1.5,
        UnitType::Invader => 2.0,
        UnitType::Tank => 3.0,
    }
}

/// What a settlement is worth to whoever holds it.
pub(super) fn settlement_value(state: &State, s: &Settlement) -> f64 {
    let mut v = 3.0;
    if s.is_fort() {
        v += 1.0;
    }
    if matches!(
        s.kind(),
        PlaceKind::City | PlaceKind::Town | PlaceKind::Suburb
    ) {
        v += 1.0;
    }
    if state.player(s.owner()).base() == Some(s.id()) {
        v += 3.0;
    }
    v
}
