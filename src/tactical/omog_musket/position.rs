//! Hand-made OMOG Musket positions, for tests and scenarios: the OMOG core's builder
//! ([`crate::tactical::omog::position`]), every man loaded unless told otherwise.
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

use super::state::MusketState;
use super::tables::Weapon;
use crate::tactical::omog::position::Setting;
use crate::tactical::omog::{Clock, Dice, Roster};

/// What a Musket position holds beyond the core's: loaded or not, by figure id.
#[derive(Debug, Clone, Default)]
pub struct Loaded(Vec<bool>);

impl Setting for Loaded {
    type Kit = Weapon;
    type State = MusketState;
    fn man_added(&mut self) {
        self.0.push(true);
    }
    fn build(self, roster: Roster<Weapon>, clock: Clock, dice: Dice) -> MusketState {
        MusketState {
            roster,
            clock,
            loaded: self.0,
            charges: Vec::new(),
            pending_hits: Vec::new(),
            dice,
        }
    }
}

/// An OMOG Musket position under construction.
pub type Position = crate::tactical::omog::position::Position<Loaded>;

impl Position {
    /// The last man added has fired and not loaded since.
    pub fn unloaded(mut self) -> Position {
        if let Some(l) = self.own.0.last_mut() {
            *l = false;
        }
        self
    }
}
