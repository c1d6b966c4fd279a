//! OMOG 19C (One Man One Gun, 19th century): the first tactical ruleset.
//!
//! [`tables`] holds the ruleset's numbers as pure functions of the table geometry, [`state`] the
//! pieces and their deployment, [`engine`] the turn, and [`ai`] the tactical bot. The rules'
//! reading is in `docs/rules/omog19c.md`.

pub mod ai;
pub mod engine;
pub mod state;
pub mod tables;

use rand_chacha::ChaCha8Rng;

use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::Forces;
use crate::tactical::ruleset::{BattleOutcome, BotLevel, Refused, Ruleset, Side, Summary};
use crate::tactical::table::TableSpec;
pub use engine::{OmogCommand, OmogEvent};
pub use state::OmogState;

/// The OMOG 19C ruleset.
#[derive(Debug, Clone, Copy, Default)]
pub struct Omog19c;

impl Ruleset for Omog19c {
    type State = OmogState;
    type Command = OmogCommand;
    type Event = OmogEvent;
    type Refusal = Refused;

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
    fn setup(&self, field: &Battlefield, forces: &Forces, seed: u64) -> OmogState {
        state::deploy(field, forces, seed)
    }
    fn actor(&self, state: &OmogState) -> Option<Side> {
        engine::actor(state)
    }
    fn legal_commands(&self, field: &Battlefield, state: &OmogState) -> Vec<OmogCommand> {
        ai::candidates(field, state)
    }
    fn check(
        &self,
        field: &Battlefield,
        state: &OmogState,
        cmd: &OmogCommand,
    ) -> Result<(), Refused> {
        engine::check(field, state, cmd)
    }
    fn execute(
        &self,
        field: &Battlefield,
        state: &mut OmogState,
        cmd: &OmogCommand,
    ) -> Result<Vec<OmogEvent>, Refused> {
        engine::execute(field, state, cmd)
    }
    fn outcome(&self, state: &OmogState) -> Option<BattleOutcome> {
        state.outcome
    }
    fn summary(&self, state: &OmogState) -> Summary {
        Summary {
            turns: state.turn,
            losses: state.losses,
        }
    }
    fn command_cap(&self, state: &OmogState) -> usize {
        // Each phase ends after a bounded number of commands: figures act once each per phase.
        64 * (state.figures.len() + state.teams.len() + 2) * state::TURN_LIMIT as usize
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
}
