//! The tactical table screen: the battlefield from above, the pieces as tokens, the log, the
//! dice, the bot's clock and Done. Hot-seat or against the ruleset's bot.
//!
//! One host ([`Host`]) serves every ruleset; each ruleset brings a view ([`RulesetView`]: its
//! tokens, what clicks mean, its overlays, its words for events, its part of the panel) in a
//! folder of its own and one line in `views::VIEWS`. The battle starts from the ruleset's own
//! deployment and changes only through its `execute` ([`Desk::submit`]); the screen keeps the
//! ordered list of commands so the strategic game can replay the battle from its seed, and it
//! never works out a rule itself: reach, odds and ranges are the engine's answers.

mod desk;
mod dice_flew;
mod draw;
mod host;
mod omog19c;
mod omog_musket;
mod omog_orders;
mod panel;
mod six_plus;
pub mod standalone;
mod view;
mod views;
mod zoom;

pub use desk::Desk;
pub use host::{still_caption, Host};
pub use view::{Face, Grid, Hover, Note, Roll, RulesetView, Tone};
pub use views::{open, render_png, TableScreen};

use crate::tactical::ruleset::BattleOutcome;
use crate::tactical::BattleLog;

/// What the screen hands back once the battle is over and the player has left the result.
#[derive(Debug, Clone, PartialEq)]
pub struct TableDone {
    /// How it ended.
    pub outcome: BattleOutcome,
    /// Every command, in order: replayed from the same seed they give the same battle.
    pub log: BattleLog,
}

#[cfg(test)]
mod tests;
