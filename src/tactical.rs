//! Tactical battles at contested settlements (RULINGS §9): the battlefield cut from the real
//! terrain, and the table geometry every ruleset measures with.
//!
//! Table lengths are millimetres throughout ([`table`]); rulesets state their own inches or
//! centimetres through [`table::inches`] and [`table::cm`].

pub mod battlefield;
pub mod omog19c;
mod raster;
pub mod ruleset;
pub mod sight;
pub mod table;
pub mod template;

pub use battlefield::{
    Area, AreaKind, BattleSite, Battlefield, BattlefieldError, Crossing, CrossingKind, Line,
    LineKind, WallKind,
};
pub use ruleset::{BattleOutcome, Force, Forces, Refused, Ruleset, Side};
pub use sight::{Cover, Crossed, Footing, Impassable, Leg, PathSurvey, Sight};
pub use table::{Arc, Edge, Facing, TablePoint, TableSpec};
pub use template::Template;
