//! Tactical battles at contested settlements (RULINGS §9): the battlefield cut from the real
//! terrain, the table geometry every ruleset measures with, and the rulesets themselves.
//!
//! Table lengths are millimetres throughout ([`table`]); rulesets state their own inches or
//! centimetres through [`table::inches`] and [`table::cm`].
//!
//! A ruleset is a sibling folder here implementing [`Ruleset`] (typed state, commands, events,
//! refusals and bot). [`drive`] plays, replays and auto-resolves any of them; [`registry`] finds
//! them by id behind the object-safe [`AnyRuleset`], so the strategic engine, saves, the command
//! line and the menus never name one. Forces arrive in tactical terms ([`force`]); nothing here
//! knows the strategic game.

pub mod battlefield;
pub mod bot;
pub mod dice_flew;
pub mod drive;
pub mod force;
pub mod log;
pub mod omog;
pub mod omog19c;
pub mod omog_musket;
pub mod options;
mod raster;
pub mod registry;
pub mod route;
pub mod ruleset;
pub mod sight;
pub mod six_plus;
pub mod table;
pub mod template;

pub use battlefield::{
    Area, AreaKind, BattleSite, Battlefield, BattlefieldError, Crossing, CrossingKind, Line,
    LineKind, WallKind,
};
pub use drive::{AutoOdds, Played, ReplayError};
pub use force::{Arm, Element, Force, Forces, Quality, TroopType};
pub use log::{BattleLog, LoggedCommand};
pub use options::{RuleOption, RuleOptions};
pub use registry::{AnyRuleset, RulesetId, UnknownRuleset};
pub use ruleset::{BattleOutcome, BotLevel, Piece, Refused, Ruleset, Side, Summary};
pub use sight::{Cover, Crossed, Footing, Impassable, Leg, PathSurvey, Sight};
pub use table::{Arc, Edge, Facing, TablePoint, TableSpec};
pub use template::Template;
