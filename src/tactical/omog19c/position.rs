//! Hand-made OMOG 19C positions, for tests and scenarios: the OMOG core's builder
//! ([`crate::tactical::omog::position`]) with 19C's guns.
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

use super::state::{Gun, HeavyKind, OmogState};
use super::tables::Weapon;
use crate::tactical::omog::position::Setting;
use crate::tactical::omog::{Clock, Dice, Roster};
use crate::tactical::table::TablePoint;

/// What a 19C position holds beyond the core's: the guns.
#[derive(Debug, Clone, Default)]
pub struct Guns(Vec<Gun>);

impl Setting for Guns {
    type Kit = Weapon;
    type State = OmogState;
    fn build(self, roster: Roster<Weapon>, clock: Clock, dice: Dice) -> OmogState {
        OmogState {
            roster,
            clock,
            guns: self.0,
            pending_hits: Vec::new(),
            dice,
        }
    }
}

/// An OMOG 19C position under construction.
pub type Position = crate::tactical::omog::position::Position<Guns>;

impl Position {
    /// Give the current team a gun at `at`, with its full ammunition, set up.
    pub fn gun(mut self, kind: HeavyKind, at: TablePoint) -> Position {
        let team = self.current.expect("a team");
        self.own.0.push(Gun::new(team, kind, at));
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
        let g = self.own.0.last_mut().expect("a gun");
        g.edit(shells, canister, bursts, moved_in);
        self
    }
}
