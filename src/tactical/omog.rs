//! The OMOG core: what OMOG 19C and OMOG Musket ("One Man One Gun") share, written once.
//!
//! Both rulesets move individual figures with the same measuring stick ([`movement`]), organise
//! them in teams of three to five and squads of two or three teams with an officer ([`roster`],
//! [`cohesion`]), play the same turn — move, move, simultaneous fire, hand to hand — and win the
//! same way ([`turn`]), fight hand to hand with the same table and pairing ([`melee`]), hide men
//! behind houses, hills and woods the same way ([`seeing`]), give every figure room to stand
//! ([`room`]), deploy the strategic forces alike
//! ([`deploy`]) and roll the battle's dice alike ([`dice`]). They share the orders and events
//! of all that ([`command`], [`event`]), the test positions' builder ([`position`]), the search
//! for how far a man may go ([`furthest`]) and their face to the game ([`ruleset`]: an OMOG
//! ruleset is a [`Ruleset`](crate::tactical::ruleset::Ruleset) through [`ruleset::OmogRuleset`]).
//! A ruleset brings its own arm (a [`Kit`]: 19C's rifles and carbines, Musket's muskets), its
//! shooting table, its heavy weapons or reloading, its own orders, events and refusals.

pub mod assault;
pub mod changes;
pub mod cohesion;
pub mod command;
pub mod deploy;
pub mod dice;
pub mod event;
pub mod figure;
pub mod furthest;
pub mod melee;
pub mod movement;
pub mod note;
pub mod orders;
pub mod position;
pub mod reading;
pub mod refusal;
pub mod room;
pub mod roster;
pub mod ruleset;
pub mod seeing;
pub mod turn;

pub use dice::{Dice, Emitter, Journal};
pub use figure::{Figure, FigureId, Kit, Role, SquadId, TeamId, Traits};
pub use melee::{contact, MeleeModifier};
pub use movement::{stick, Mount};
pub use refusal::Refusal;
pub use roster::{Roster, Team};
pub use turn::{objective_radius, Clock, Phase, TurnEvent, HOLD_TURNS, TURN_LIMIT};
