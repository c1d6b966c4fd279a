//! Hand-made OMOG Musket positions, for tests and scenarios: figures put exactly where a test
//! needs them, instead of reaching into the battle's fields.
//!
//! ```
//! use omms::tactical::omog_musket::position::Position;
//! use omms::tactical::omog_musket::state::{FigureId, Phase, Role};
//! use omms::tactical::omog_musket::tables::{Mount, Weapon};
//! use omms::tactical::ruleset::Side;
//! use omms::tactical::table::inches;
//!
//! let s = Position::new()
//!     .team(Side::Attacker)
//!     .man(Role::Soldier, Mount::Foot, Weapon::Musket, [inches(20.0), inches(10.0)])
//!     .unloaded()
//!     .team(Side::Defender)
//!     .man(Role::Soldier, Mount::Foot, Weapon::Rifle, [inches(20.0), inches(20.0)])
//!     .phase(Phase::Fire(Side::Attacker))
//!     .build();
//! assert!(!s.loaded(FigureId(0)) && s.loaded(FigureId(1)));
//! ```

use super::state::{FigureId, MusketState, Phase, Role, SquadId, Team, TeamId};
use super::tables::{Mount, Weapon};
use crate::tactical::omog::figure::FigureEdit;
use crate::tactical::omog::{Clock, Dice, Figure, Roster, Traits};
use crate::tactical::ruleset::Side;
use crate::tactical::table::TablePoint;

/// A position under construction.
#[derive(Debug, Clone)]
pub struct Position {
    roster: Roster<Weapon>,
    loaded: Vec<bool>,
    current: Option<TeamId>,
    turn: u32,
    phase: Option<Phase>,
    seed: u64,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// An empty table, turn 1, the attacker moving first, seed 7.
    pub fn new() -> Position {
        Position {
            roster: Roster::new(Vec::new(), Vec::new()),
            loaded: Vec::new(),
            current: None,
            turn: 1,
            phase: None,
            seed: 7,
        }
    }

    /// Start a new team of `side` (its own squad); the men that follow join it.
    pub fn team(mut self, side: Side) -> Position {
        let id = TeamId(self.roster.teams().len() as u16);
        self.roster
            .push_team(Team::new(id, side, SquadId(id.0), false));
        self.current = Some(id);
        self
    }

    /// Make an existing team the current one.
    pub fn to_team(mut self, team: TeamId) -> Position {
        self.current = Some(team);
        self
    }

    /// A loaded man of the current team, facing north (south for the defender).
    pub fn man(mut self, role: Role, mount: Mount, weapon: Weapon, at: TablePoint) -> Position {
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
        self.loaded.push(true);
        self
    }

    /// Change the last man added.
    pub fn with(mut self, f: impl FnOnce(FigureEdit<'_, Weapon>)) -> Position {
        let id = FigureId(self.roster.figures().len() as u16 - 1);
        f(self.roster.figure_mut(id).edit());
        self
    }

    /// The last man added has fired and not loaded since.
    pub fn unloaded(mut self) -> Position {
        if let Some(l) = self.loaded.last_mut() {
            *l = false;
        }
        self
    }

    /// The turn (the attacker moves first in odd turns).
    pub fn turn(mut self, turn: u32) -> Position {
        self.turn = turn;
        self
    }

    /// The phase (default: the first mover's move).
    pub fn phase(mut self, phase: Phase) -> Position {
        self.phase = Some(phase);
        self
    }

    /// The battle's seed (its dice).
    pub fn seed(mut self, seed: u64) -> Position {
        self.seed = seed;
        self
    }

    /// The position.
    pub fn build(self) -> MusketState {
        let first = if self.turn % 2 == 1 {
            Side::Attacker
        } else {
            Side::Defender
        };
        let phase = self.phase.unwrap_or(Phase::Move(first));
        MusketState {
            roster: self.roster,
            clock: Clock::at(self.turn, first, phase),
            loaded: self.loaded,
            charges: Vec::new(),
            pending_hits: Vec::new(),
            dice: Dice::new(self.seed),
        }
    }
}
