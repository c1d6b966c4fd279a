//! The pieces of an OMOG 19C battle: the OMOG core's figures, teams and turn, the guns, the
//! hits waiting to fall, and the battle's dice. Every field is private: only `apply` changes
//! them, everyone reads them through the getters.

use serde::{Deserialize, Serialize};

use super::tables::{fieldpiece, gatling, Weapon};
pub use crate::tactical::omog::{
    contact, objective_radius, FigureId, Phase, Role, SquadId, Team, TeamId, Traits, HOLD_TURNS,
    TURN_LIMIT,
};
use crate::tactical::omog::{Clock, Dice, Roster};
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::TablePoint;

/// One toy soldier of OMOG 19C.
pub type Figure = crate::tactical::omog::Figure<Weapon>;

/// A team's heavy weapon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HeavyKind {
    /// A small fieldpiece.
    Fieldpiece,
    /// A Gatling gun.
    Gatling,
}

/// A fieldpiece or Gatling with its ammunition, served by a team.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Gun {
    team: TeamId,
    kind: HeavyKind,
    pos: TablePoint,
    shells: u8,
    canister: u8,
    bursts: u8,
    moved_in: Option<u32>,
    fired_in: Option<u32>,
}

impl Gun {
    /// A gun of `kind` served by `team`, at `pos`, with its full ammunition, set up to fire.
    pub fn new(team: TeamId, kind: HeavyKind, pos: TablePoint) -> Gun {
        Gun {
            team,
            kind,
            pos,
            shells: if kind == HeavyKind::Fieldpiece {
                fieldpiece::SHELLS
            } else {
                0
            },
            canister: if kind == HeavyKind::Fieldpiece {
                fieldpiece::CANISTER
            } else {
                0
            },
            bursts: if kind == HeavyKind::Gatling {
                gatling::BURSTS
            } else {
                0
            },
            // Guns are deployed set up, ready to fire.
            moved_in: None,
            fired_in: None,
        }
    }
    /// The team serving it.
    pub fn team(&self) -> TeamId {
        self.team
    }
    /// Which.
    pub fn kind(&self) -> HeavyKind {
        self.kind
    }
    /// Where the gun stands (its muzzle).
    pub fn pos(&self) -> TablePoint {
        self.pos
    }
    /// Shells left (fieldpiece).
    pub fn shells(&self) -> u8 {
        self.shells
    }
    /// Canister rounds left (fieldpiece).
    pub fn canister(&self) -> u8 {
        self.canister
    }
    /// Bursts left (Gatling).
    pub fn bursts(&self) -> u8 {
        self.bursts
    }
    /// The turn it was last moved in (`None`: it has stood where it was deployed).
    pub fn moved_in(&self) -> Option<u32> {
        self.moved_in
    }
    /// The turn it last fired in.
    pub fn fired_in(&self) -> Option<u32> {
        self.fired_in
    }
    /// The first turn it may fire: after a whole turn in which it neither moved nor fired
    /// (a gun moved in turn 3 sets up in turn 4 and fires from turn 5).
    pub fn ready_in(&self) -> u32 {
        self.moved_in.map_or(1, |t| t + 2)
    }

    /// Whether it is set up to fire in `turn`.
    pub fn ready(&self, turn: u32) -> bool {
        turn >= self.ready_in()
    }

    pub(super) fn moved_to(&mut self, p: TablePoint, turn: u32) {
        self.pos = p;
        self.moved_in = Some(turn);
    }
    pub(super) fn fired(&mut self, turn: u32, canister: bool) {
        self.fired_in = Some(turn);
        match self.kind {
            HeavyKind::Gatling => self.bursts = self.bursts.saturating_sub(1),
            HeavyKind::Fieldpiece if canister => self.canister = self.canister.saturating_sub(1),
            HeavyKind::Fieldpiece => self.shells = self.shells.saturating_sub(1),
        }
    }
    pub(super) fn edit(&mut self, shells: u8, canister: u8, bursts: u8, moved_in: Option<u32>) {
        (self.shells, self.canister, self.bursts, self.moved_in) =
            (shells, canister, bursts, moved_in);
    }
}

/// The whole battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OmogState {
    pub(super) roster: Roster<Weapon>,
    pub(super) clock: Clock,
    pub(super) guns: Vec<Gun>,
    pub(super) pending_hits: Vec<FigureId>,
    pub(super) dice: Dice,
}

impl OmogState {
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
    /// Living members of a team.
    pub fn team_members(&self, team: TeamId) -> impl Iterator<Item = &Figure> + '_ {
        self.roster.team_members(team)
    }
    /// Every gun, in team order.
    pub fn guns(&self) -> &[Gun] {
        &self.guns
    }
    /// The gun a team serves, if any.
    pub fn gun(&self, team: TeamId) -> Option<&Gun> {
        self.guns.iter().find(|g| g.team == team)
    }
    /// Turn number from 1.
    pub fn turn(&self) -> u32 {
        self.clock.turn()
    }
    /// Who moves first this turn.
    pub fn first(&self) -> Side {
        self.clock.first()
    }
    /// The phase.
    pub fn phase(&self) -> Phase {
        self.clock.phase()
    }
    /// Figures hit this fire phase, removed when both sides have fired.
    pub fn pending_hits(&self) -> &[FigureId] {
        &self.pending_hits
    }
    /// The side holding the objective and for how many turn ends in a row.
    pub fn holder(&self) -> Option<(Side, u32)> {
        self.clock.holder()
    }
    /// Figures each side has lost: `[attacker, defender]`.
    pub fn losses(&self) -> [u32; 2] {
        self.clock.losses()
    }
    /// The result, once over.
    pub fn outcome(&self) -> Option<BattleOutcome> {
        self.clock.outcome()
    }
    /// The battle's dice.
    pub fn dice(&self) -> &Dice {
        &self.dice
    }

    /// A copy of the battle as it would stand if `side` were about to move and nobody had moved
    /// yet: for showing where a figure could go in its next move. Never played on.
    pub fn as_next_move(&self, side: Side) -> OmogState {
        let mut s = self.clone();
        if s.clock.outcome().is_none() {
            s.clock.set_phase(Phase::Move(side));
            for f in s.roster.figures_mut() {
                let fired = f.fired();
                f.edit().done(false, fired);
            }
        }
        s
    }
}
