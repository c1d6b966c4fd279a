//! The pieces of an OMOG Musket battle: the OMOG core's figures, teams and turn, who is loaded,
//! this turn's charges (a charger is shot at from half the distance), the hits waiting to fall
//! and the battle's dice. Every field is private to the ruleset: only `apply` changes them.

use serde::{Deserialize, Serialize};

use super::tables::Weapon;
pub use crate::tactical::omog::{
    contact, objective_radius, FigureId, Phase, Role, SquadId, Team, TeamId, Traits, HOLD_TURNS,
    TURN_LIMIT,
};
use crate::tactical::omog::{Clock, Dice, Roster};
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::{distance, TablePoint};

/// One toy soldier of OMOG Musket.
pub type Figure = crate::tactical::omog::Figure<Weapon>;

/// A charge declared this turn: who charged, whom, and from where.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Charge {
    /// The charger.
    pub figure: FigureId,
    /// The man charged.
    pub against: FigureId,
    /// Where the charge began.
    pub from: TablePoint,
}

/// The whole battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MusketState {
    pub(super) roster: Roster<Weapon>,
    pub(super) clock: Clock,
    /// Loaded or not, by figure id.
    pub(super) loaded: Vec<bool>,
    pub(super) charges: Vec<Charge>,
    pub(super) pending_hits: Vec<FigureId>,
    pub(super) dice: Dice,
}

impl MusketState {
    /// The figures and teams.
    pub fn roster(&self) -> &Roster<Weapon> {
        &self.roster
    }
    /// The turn, phase, objective and losses.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }
    /// Every figure, in id order (the dead stay, marked).
    pub fn figures(&self) -> &[Figure] {
        self.roster.figures()
    }
    /// Every team, in id order.
    pub fn teams(&self) -> &[Team] {
        self.roster.teams()
    }
    /// A figure by id.
    pub fn figure(&self, id: FigureId) -> Option<&Figure> {
        self.roster.figure(id)
    }
    /// A team by id.
    pub fn team(&self, id: TeamId) -> Option<&Team> {
        self.roster.team(id)
    }
    /// Living figures of a side.
    pub fn living(&self, side: Side) -> impl Iterator<Item = &Figure> + '_ {
        self.roster.living(side)
    }
    /// Whether a figure's weapon is loaded.
    pub fn loaded(&self, id: FigureId) -> bool {
        self.loaded.get(id.0 as usize).copied().unwrap_or(false)
    }
    /// The charges declared this turn.
    pub fn charges(&self) -> &[Charge] {
        &self.charges
    }
    /// The charge `charger` declared against `target` this turn, if he did.
    pub fn charge_against(&self, charger: FigureId, target: FigureId) -> Option<&Charge> {
        self.charges
            .iter()
            .find(|c| c.figure == charger && c.against == target)
    }
    /// Whether an unloaded figure will load at the end of his side's move: he has not changed
    /// his place this turn.
    pub fn will_reload(&self, f: &Figure) -> bool {
        f.alive() && !self.loaded(f.id()) && !f.travelled()
    }
    /// Turn number from 1.
    pub fn turn(&self) -> u32 {
        self.clock.turn()
    }
    /// The phase.
    pub fn phase(&self) -> Phase {
        self.clock.phase()
    }
    /// Figures hit this fire phase, removed when both sides have fired.
    pub fn pending_hits(&self) -> &[FigureId] {
        &self.pending_hits
    }
    /// Figures each side has lost: `[attacker, defender]`.
    pub fn losses(&self) -> [u32; 2] {
        self.clock.losses()
    }
    /// The result, once over.
    pub fn outcome(&self) -> Option<BattleOutcome> {
        self.clock.outcome()
    }
    /// The battle's dice drawn so far.
    pub fn dice(&self) -> &Dice {
        &self.dice
    }
    /// The nearest living enemy of `f`.
    pub fn nearest_enemy(&self, f: &Figure) -> Option<&Figure> {
        self.living(f.side().other()).min_by(|a, b| {
            distance(a.pos(), f.pos())
                .total_cmp(&distance(b.pos(), f.pos()))
                .then(a.id().cmp(&b.id()))
        })
    }
}
