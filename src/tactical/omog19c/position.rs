//! Hand-made OMOG 19C positions, for tests and scenarios: figures put exactly where a test
//! needs them, instead of reaching into the battle's fields.
//!
//! ```
//! use omms::tactical::omog19c::position::Position;
//! use omms::tactical::omog19c::state::{Phase, Role};
//! use omms::tactical::omog19c::tables::{Mount, Weapon};
//! use omms::tactical::ruleset::Side;
//! use omms::tactical::table::inches;
//!
//! let s = Position::new()
//!     .team(Side::Attacker)
//!     .man(Role::Soldier, Mount::Foot, Weapon::Rifle, [inches(20.0), inches(10.0)])
//!     .team(Side::Defender)
//!     .man(Role::Soldier, Mount::Foot, Weapon::Rifle, [inches(20.0), inches(20.0)])
//!     .phase(Phase::Fire(Side::Attacker))
//!     .build();
//! assert_eq!(s.figures().len(), 2);
//! ```

use super::state::{FigureId, Gun, HeavyKind, OmogState, Phase, Role, SquadId, Team, TeamId};
use super::tables::{Mount, Weapon};
use crate::tactical::omog::{Clock, Dice, Figure, Roster, Traits};
use crate::tactical::ruleset::Side;
use crate::tactical::table::TablePoint;

/// A position under construction.
#[derive(Debug, Clone)]
pub struct Position {
    roster: Roster<Weapon>,
    current: Option<TeamId>,
    guns: Vec<Gun>,
    turn: u32,
    first: Side,
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
            current: None,
            guns: Vec::new(),
            turn: 1,
            first: Side::Attacker,
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

    /// Make an existing team the current one: the men that follow join it.
    pub fn to_team(mut self, team: TeamId) -> Position {
        self.current = Some(team);
        self
    }

    /// A man of the current team, facing north (or south for the defender).
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
        self
    }

    /// Change the last man added.
    pub fn with(
        mut self,
        f: impl FnOnce(crate::tactical::omog::figure::FigureEdit<'_, Weapon>),
    ) -> Position {
        let id = FigureId(self.roster.figures().len() as u16 - 1);
        f(self.roster.figure_mut(id).edit());
        self
    }

    /// Change figure `id`.
    pub fn edit(
        mut self,
        id: FigureId,
        f: impl FnOnce(crate::tactical::omog::figure::FigureEdit<'_, Weapon>),
    ) -> Position {
        f(self.roster.figure_mut(id).edit());
        self
    }

    /// Give the current team a gun at `at`, with its full ammunition, set up.
    pub fn gun(mut self, kind: HeavyKind, at: TablePoint) -> Position {
        let team = self.current.expect("a team");
        self.guns.push(Gun::new(team, kind, at));
        self
    }

    /// Change the current team's gun: its ammunition and the turn it was last moved in.
    pub fn gun_state(
        mut self,
        shells: u8,
        canister: u8,
        bursts: u8,
        moved_in: Option<u32>,
    ) -> Position {
        let g = self.guns.last_mut().expect("a gun");
        g.edit(shells, canister, bursts, moved_in);
        self
    }

    /// The turn (who moves first follows from it: the attacker in odd turns).
    pub fn turn(mut self, turn: u32) -> Position {
        self.turn = turn;
        self.first = if turn % 2 == 1 {
            Side::Attacker
        } else {
            Side::Defender
        };
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
    pub fn build(self) -> OmogState {
        let phase = self.phase.unwrap_or(Phase::Move(self.first));
        OmogState {
            roster: self.roster,
            clock: Clock::at(self.turn, self.first, phase),
            guns: self.guns,
            pending_hits: Vec::new(),
            dice: Dice::new(self.seed),
        }
    }
}
