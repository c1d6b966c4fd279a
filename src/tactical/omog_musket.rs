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
use crate::tactical::ruleset::{BattleOutcome, BotLevel, Ruleset, Side, Summary};
use crate::tactical::table::TableSpec;
pub use check::{check, shoot_odds, shot_odds, targets, ShotOdds};
pub use command::MusketCommand;
pub use event::MusketEvent;
pub use execute::execute;
pub use refusal::Refusal;
pub use state::MusketState;

/// The OMOG Musket ruleset.
#[derive(Debug, Clone, Copy, Default)]
pub struct OmogMusket;

impl Ruleset for OmogMusket {
    type State = MusketState;
    type Command = MusketCommand;
    type Event = MusketEvent;
    type Refusal = Refusal;

    fn id(&self) -> &'static str {
        "omog-musket"
    }
    fn title(&self) -> &'static str {
        "OMOG Musket"
    }
    fn doc(&self) -> &'static str {
        "docs/rules/omog_musket.md"
    }
    fn table(&self) -> TableSpec {
        TableSpec::OMOG
    }
    fn troops(&self) -> &'static [TroopType] {
        forces::TROOPS
    }
    fn setup(&self, field: &Battlefield, forces: &Forces, seed: u64) -> MusketState {
        forces::deploy(field, forces, seed)
    }
    fn actor(&self, state: &MusketState) -> Option<Side> {
        check::actor(state)
    }
    fn legal_commands(&self, field: &Battlefield, state: &MusketState) -> Vec<MusketCommand> {
        ai::candidates(field, state)
    }
    fn check(
        &self,
        field: &Battlefield,
        state: &MusketState,
        cmd: &MusketCommand,
    ) -> Result<(), Refusal> {
        check::check(field, state, cmd)
    }
    fn execute(
        &self,
        field: &Battlefield,
        state: &mut MusketState,
        cmd: &MusketCommand,
    ) -> Result<Vec<MusketEvent>, Refusal> {
        execute::execute(field, state, cmd)
    }
    fn outcome(&self, state: &MusketState) -> Option<BattleOutcome> {
        state.outcome()
    }
    fn summary(&self, state: &MusketState) -> Summary {
        Summary {
            turns: state.turn(),
            losses: state.losses(),
        }
    }
    fn command_cap(&self, state: &MusketState) -> usize {
        // Each phase ends after a bounded number of commands: figures act once each per phase.
        64 * (state.figures().len() + state.teams().len() + 2) * state::TURN_LIMIT as usize
    }
    fn choose(
        &self,
        level: BotLevel,
        field: &Battlefield,
        state: &MusketState,
        rng: &mut ChaCha8Rng,
    ) -> Option<MusketCommand> {
        ai::choose(level, field, state, rng)
    }
    fn table_note(&self, field: &Battlefield, state: &MusketState) -> Option<String> {
        crate::tactical::omog::note::garrison_note(field, state.roster(), |w| {
            w.bands()
                .into_iter()
                .map(|(max, _)| {
                    let mods = [tables::ShotModifier::TargetInHouse];
                    (max, tables::to_hit(w, max, &mods))
                })
                .collect()
        })
    }
}
