//! OMOG 19C's engine as callers see it, in the house style's stages: [`command`](super::command)
//! (what a player asks), [`check`](super::check) (pure, no dice: for previews too),
//! [`execute`](super::execute) (check, roll, write events) and [`apply`](super::apply) (the only
//! code that changes the battle). This module gathers them under one name.

pub use super::apply::apply;
pub use super::check::{
    actor, check, check_gun, check_move, name, shoot_odds, shot, shot_odds, targets, ShotOdds,
};
pub use super::command::OmogCommand;
pub use super::event::OmogEvent;
pub use super::execute::execute;
pub use super::refusal::Refusal;
