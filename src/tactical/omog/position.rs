//! Hand-made OMOG positions, for tests and scenarios: figures put exactly where a test needs
//! them, instead of reaching into the battle's fields. The figures, teams, turn, phase and seed
//! are the core's; a ruleset brings what its battle holds besides ([`Setting`]: 19C's guns,
//! Musket's loaded weapons) and its own builder steps, and names the result its `Position`.

use super::dice::Dice;
use super::figure::{Figure, FigureEdit, FigureId, Kit, Role, SquadId, TeamId, Traits};
use super::movement::Mount;
use super::roster::{Roster, Team};
use super::turn::{Clock, Phase};
use crate::tactical::ruleset::Side;
use crate::tactical::table::TablePoint;

/// What a ruleset's battle holds beyond the core's figures and turn, gathered while a
/// [`Position`] is built.
pub trait Setting: Clone + std::fmt::Debug + Default {
    /// The ruleset's small arm.
    type Kit: Kit;
    /// The ruleset's battle.
    type State;
    /// A man was just added (last in figure order).
    fn man_added(&mut self) {}
    /// The battle: the core's figures and turn, these extras, and the dice.
    fn build(self, roster: Roster<Self::Kit>, clock: Clock, dice: Dice) -> Self::State;
}

/// A position under construction.
#[derive(Debug, Clone)]
pub struct Position<S: Setting> {
    roster: Roster<S::Kit>,
    pub(in crate::tactical) current: Option<TeamId>,
    turn: u32,
    phase: Option<Phase>,
    seed: u64,
    pub(in crate::tactical) own: S,
}

impl<S: Setting> Default for Position<S> {
    fn default() -> Self {
        Position::new()
    }
}

impl<S: Setting> Position<S> {
    /// An empty table, turn 1, the attacker moving first, seed 7.
    pub fn new() -> Position<S> {
        Position {
            roster: Roster::new(Vec::new(), Vec::new()),
            current: None,
            turn: 1,
            phase: None,
            seed: 7,
            own: S::default(),
        }
    }

    /// Start a new team of `side` (its own squad); the men that follow join it.
    pub fn team(mut self, side: Side) -> Self {
        let id = TeamId(self.roster.teams().len() as u16);
        self.roster
            .push_team(Team::new(id, side, SquadId(id.0), false));
        self.current = Some(id);
        self
    }

    /// Make an existing team the current one: the men that follow join it.
    pub fn to_team(mut self, team: TeamId) -> Self {
        self.current = Some(team);
        self
    }

    /// A man of the current team, facing north (or south for the defender).
    pub fn man(mut self, role: Role, mount: Mount, weapon: S::Kit, at: TablePoint) -> Self {
        let team = self
            .current
            .and_then(|t| self.roster.team(t))
            .expect("start a team before adding men")
            .clone();
        let id = FigureId(self.roster.figures().len() as u16);
        let facing = match team.side() {
            Side::Attacker => 0.0,
            Side::Defender => 180.0,
        };
        self.roster.push_figure(Figure::new(
            id,
            team.side(),
            team.id(),
            role,
            mount,
            weapon,
            Traits::default(),
            at,
            facing,
        ));
        self.own.man_added();
        self
    }

    /// Change the last man added.
    pub fn with(mut self, f: impl FnOnce(FigureEdit<'_, S::Kit>)) -> Self {
        let id = FigureId(self.roster.figures().len() as u16 - 1);
        f(self.roster.figure_mut(id).edit());
        self
    }

    /// Change figure `id`.
    pub fn edit(mut self, id: FigureId, f: impl FnOnce(FigureEdit<'_, S::Kit>)) -> Self {
        f(self.roster.figure_mut(id).edit());
        self
    }

    /// The turn (who moves first follows from it: the attacker in odd turns).
    pub fn turn(mut self, turn: u32) -> Self {
        self.turn = turn;
        self
    }

    /// The phase (default: the first mover's move).
    pub fn phase(mut self, phase: Phase) -> Self {
        self.phase = Some(phase);
        self
    }

    /// The battle's seed (its dice).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The position.
    pub fn build(self) -> S::State {
        let first = if self.turn % 2 == 1 {
            Side::Attacker
        } else {
            Side::Defender
        };
        let phase = self.phase.unwrap_or(Phase::Move(first));
        let clock = Clock::at(self.turn, first, phase);
        self.own.build(self.roster, clock, Dice::new(self.seed))
    }
}
