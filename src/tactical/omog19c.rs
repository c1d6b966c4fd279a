//! OMOG 19C (One Man One Gun, 19th century): a sibling of OMOG Musket on the OMOG core
//! ([`crate::tactical::omog`]: figures, teams, movement, the turn, hand to hand, victory).
//!
//! What is 19C's own: [`tables`] (its weapons, shooting modifiers, guns and Gatling), [`state`]
//! (the battle: the core's figures plus guns and hits waiting to fall), [`forces`] (how it reads
//! the strategic forces), and its engine in the house style — [`command`], [`check`],
//! [`execute`], [`apply`], with [`event`] and [`refusal`] — gathered in [`engine`]; [`position`]
//! builds positions for tests, and [`ai`] is its bot. The rules' reading is in
//! `docs/rules/omog19c.md`.

pub mod ai;
pub mod apply;
pub mod check;
pub mod command;
pub mod engine;
pub mod event;
pub mod execute;
pub mod forces;
pub mod position;
pub mod refusal;
pub mod state;
pub mod tables;
#[cfg(test)]
mod tests;
pub mod troops;

use rand_chacha::ChaCha8Rng;

use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Forces, TroopType};
use crate::tactical::omog::ruleset::{OmogBattle, OmogRuleset, Planner};
use crate::tactical::omog::{Clock, Roster};
use crate::tactical::ruleset::BotLevel;
pub use command::OmogCommand;
pub use event::OmogEvent;
pub use refusal::Refusal;
pub use state::OmogState;

/// The OMOG 19C ruleset: a [`Ruleset`](crate::tactical::ruleset::Ruleset) through the OMOG
/// core's [`OmogRuleset`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Omog19c;

impl OmogBattle for OmogState {
    type Kit = tables::Weapon;
    fn roster(&self) -> &Roster<tables::Weapon> {
        OmogState::roster(self)
    }
    fn clock(&self) -> &Clock {
        OmogState::clock(self)
    }
}

impl OmogRuleset for Omog19c {
    const ID: &'static str = "omog19c";
    const TITLE: &'static str = "OMOG 19C";
    const DOC: &'static str = "docs/rules/omog19c.md";
    const TROOPS: &'static [TroopType] = forces::TROOPS;
    type Kit = tables::Weapon;
    type State = OmogState;
    type Command = OmogCommand;
    type Event = OmogEvent;
    type Refusal = Refusal;

    fn deploy(field: &Battlefield, forces: &Forces, seed: u64) -> OmogState {
        forces::deploy(field, forces, seed)
    }
    fn check(field: &Battlefield, state: &OmogState, cmd: &OmogCommand) -> Result<(), Refusal> {
        check::check(field, state, cmd)
    }
    fn execute(
        field: &Battlefield,
        state: &mut OmogState,
        cmd: &OmogCommand,
    ) -> Result<Vec<OmogEvent>, Refusal> {
        execute::execute(field, state, cmd)
    }
    fn candidates(field: &Battlefield, state: &OmogState) -> Vec<OmogCommand> {
        ai::candidates(field, state)
    }
    fn choose(
        level: BotLevel,
        field: &Battlefield,
        state: &OmogState,
        rng: &mut ChaCha8Rng,
    ) -> Option<OmogCommand> {
        ai::choose(level, field, state, rng)
    }
    fn band_edges(kit: tables::Weapon) -> Vec<f64> {
        kit.bands().into_iter().map(|(max, _)| max).collect()
    }
    fn to_hit_in_house(kit: tables::Weapon, range: f64) -> Option<u8> {
        tables::to_hit(kit, range, &[tables::ShotModifier::TargetInHouse])
    }
    // 19C is played by the generic planner of `tactical::bot`: it shows its figures as pieces.
    const PLANNER: Option<Planner<OmogState, OmogCommand>> = Some(Planner {
        pieces: ai::pieces,
        piece_commands: ai::piece_commands,
        reseeded: ai::reseeded,
        score: ai::position_score,
    });
}
