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
use crate::tactical::ruleset::{BattleOutcome, BotLevel, Piece, Ruleset, Side, Summary};
use crate::tactical::table::{TablePoint, TableSpec};
pub use command::OmogCommand;
pub use event::OmogEvent;
pub use refusal::Refusal;
pub use state::OmogState;

/// The OMOG 19C ruleset.
#[derive(Debug, Clone, Copy, Default)]
pub struct Omog19c;

impl Ruleset for Omog19c {
    type State = OmogState;
    type Command = OmogCommand;
    type Event = OmogEvent;
    type Refusal = Refusal;

    fn id(&self) -> &'static str {
        "omog19c"
    }
    fn title(&self) -> &'static str {
        "OMOG 19C"
    }
    fn doc(&self) -> &'static str {
        "docs/rules/omog19c.md"
    }
    fn table(&self) -> TableSpec {
        TableSpec::OMOG
    }
    fn troops(&self) -> &'static [TroopType] {
        forces::TROOPS
    }
    fn setup(&self, field: &Battlefield, forces: &Forces, seed: u64) -> OmogState {
        forces::deploy(field, forces, seed)
    }
    fn actor(&self, state: &OmogState) -> Option<Side> {
        check::actor(state)
    }
    fn legal_commands(&self, field: &Battlefield, state: &OmogState) -> Vec<OmogCommand> {
        ai::candidates(field, state)
    }
    fn check(
        &self,
        field: &Battlefield,
        state: &OmogState,
        cmd: &OmogCommand,
    ) -> Result<(), Refusal> {
        check::check(field, state, cmd)
    }
    fn execute(
        &self,
        field: &Battlefield,
        state: &mut OmogState,
        cmd: &OmogCommand,
    ) -> Result<Vec<OmogEvent>, Refusal> {
        execute::execute(field, state, cmd)
    }
    fn outcome(&self, state: &OmogState) -> Option<BattleOutcome> {
        state.outcome()
    }
    fn summary(&self, state: &OmogState) -> Summary {
        Summary {
            turns: state.turn(),
            losses: state.losses(),
        }
    }
    fn command_cap(&self, state: &OmogState) -> usize {
        // Each phase ends after a bounded number of commands: figures act once each per phase.
        64 * (state.figures().len() + state.teams().len() + 2) * state::TURN_LIMIT as usize
    }
    fn choose(
        &self,
        level: BotLevel,
        field: &Battlefield,
        state: &OmogState,
        rng: &mut ChaCha8Rng,
    ) -> Option<OmogCommand> {
        ai::choose(level, field, state, rng)
    }
    fn pieces(&self, state: &OmogState) -> Vec<Piece> {
        ai::pieces(state)
    }
    fn piece_commands(
        &self,
        field: &Battlefield,
        state: &OmogState,
        key: u32,
        towards: TablePoint,
    ) -> Vec<OmogCommand> {
        ai::piece_commands(field, state, key, towards)
    }
    fn reseeded(&self, state: &OmogState, seed: u64) -> OmogState {
        ai::reseeded(state, seed)
    }
    fn score(&self, field: &Battlefield, state: &OmogState, side: Side) -> f64 {
        ai::position_score(field, state, side)
    }
    fn table_note(&self, field: &Battlefield, state: &OmogState) -> Option<String> {
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
