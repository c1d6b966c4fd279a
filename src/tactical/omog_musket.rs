//! OMOG Musket (One Man One Gun, 1750–1815): a sibling of OMOG 19C on the OMOG core
//! ([`crate::tactical::omog`]: figures, teams, movement, the turn, hand to hand, victory).
//!
//! What is Musket's own: [`tables`] (musket, rifle, carbine, pistol, and the warrior's musket
//! fought with a tomahawk), [`state`] (the core's figures plus who is loaded and this turn's
//! charges), [`forces`] (its troop types, and no artillery), and its engine in the house style —
//! [`command`], [`check`], [`execute`], [`apply`], with [`event`] and [`refusal`]; [`position`]
//! builds positions for tests, and [`ai`] is its bot. The rules' reading is in
//! `docs/rules/omog_musket.md`.

pub mod ai;
pub mod apply;
pub mod check;
pub mod command;
pub mod event;
pub mod execute;
pub mod forces;
pub mod general;
pub mod position;
pub mod refusal;
pub mod state;
pub mod tables;
pub mod tactics;
pub mod troops;

use rand_chacha::ChaCha8Rng;

use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Forces, TroopType};
use crate::tactical::omog::ruleset::{OmogBattle, OmogRuleset};
use crate::tactical::omog::{Clock, Roster};
use crate::tactical::ruleset::BotLevel;
pub use check::{check, shoot_odds, shot_odds, targets, ShotOdds};
pub use command::MusketCommand;
pub use event::MusketEvent;
pub use execute::execute;
pub use refusal::Refusal;
pub use state::MusketState;

/// The OMOG Musket ruleset: a [`Ruleset`](crate::tactical::ruleset::Ruleset) through the OMOG
/// core's [`OmogRuleset`].
#[derive(Debug, Clone, Copy, Default)]
pub struct OmogMusket;

impl OmogBattle for MusketState {
    type Kit = tables::Weapon;
    fn roster(&self) -> &Roster<tables::Weapon> {
        MusketState::roster(self)
    }
    fn clock(&self) -> &Clock {
        MusketState::clock(self)
    }
}

impl OmogRuleset for OmogMusket {
    const ID: &'static str = "omog-musket";
    const TITLE: &'static str = "OMOG Musket";
    const DOC: &'static str = "docs/rules/omog_musket.md";
    const TROOPS: &'static [TroopType] = forces::TROOPS;
    type Kit = tables::Weapon;
    type State = MusketState;
    type Command = MusketCommand;
    type Event = MusketEvent;
    type Refusal = Refusal;

    fn deploy(field: &Battlefield, forces: &Forces, seed: u64) -> MusketState {
        forces::deploy(field, forces, seed)
    }
    fn check(field: &Battlefield, state: &MusketState, cmd: &MusketCommand) -> Result<(), Refusal> {
        check::check(field, state, cmd)
    }
    fn execute(
        field: &Battlefield,
        state: &mut MusketState,
        cmd: &MusketCommand,
    ) -> Result<Vec<MusketEvent>, Refusal> {
        execute::execute(field, state, cmd)
    }
    fn candidates(field: &Battlefield, state: &MusketState) -> Vec<MusketCommand> {
        ai::candidates(field, state)
    }
    // Musket plays its own bot at every level: it shows no pieces to the generic planner.
    fn choose(
        level: BotLevel,
        field: &Battlefield,
        state: &MusketState,
        rng: &mut ChaCha8Rng,
    ) -> Option<MusketCommand> {
        ai::choose(level, field, state, rng)
    }
    fn band_edges(kit: tables::Weapon) -> Vec<f64> {
        kit.bands().into_iter().map(|(max, _)| max).collect()
    }
    fn to_hit_in_house(kit: tables::Weapon, range: f64) -> Option<u8> {
        tables::to_hit(kit, range, &[tables::ShotModifier::TargetInHouse])
    }
}
