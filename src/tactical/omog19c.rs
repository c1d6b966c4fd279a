//! OMOG 19C (One Man One Gun, 19th century): the first tactical ruleset.
//!
//! [`tables`] holds the ruleset's numbers as pure functions of the table geometry, [`state`] the
//! pieces and their deployment, [`engine`] the turn, and [`ai`] the tactical bot. The rules'
//! reading is in `docs/rules/omog19c.md`.

pub mod ai;
pub mod engine;
pub mod state;
pub mod tables;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::{BattleOutcome, Forces, Refused, Ruleset, Side};
use crate::tactical::table::TableSpec;
pub use ai::TacticalBot;
pub use engine::{OmogCommand, OmogEvent};
pub use state::OmogState;

/// The OMOG 19C ruleset.
#[derive(Debug, Clone, Copy, Default)]
pub struct Omog19c;

impl Ruleset for Omog19c {
    type State = OmogState;
    type Command = OmogCommand;
    type Event = OmogEvent;

    fn id(&self) -> &'static str {
        "omog19c"
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
}

/// A whole battle played by bots, as the auto-resolve and `omms battle --auto` run it.
#[derive(Debug, Clone)]
pub struct AutoBattle {
    /// How it ended (a stand-off if it was stopped early).
    pub outcome: BattleOutcome,
    /// Turns played.
    pub turns: u32,
    /// Every command, in order.
    pub commands: Vec<OmogCommand>,
    /// The final position.
    pub state: OmogState,
    /// The last template a heavy weapon laid, for drawing.
    pub last_template: Option<crate::tactical::Template>,
}

/// Play a battle to its end with `attacker` and `defender` bots, from `seed`. The bots' own
/// choices draw from a second stream derived from the seed, so the battle's dice are the same
/// whichever bots play.
pub fn auto_battle(
    field: &Battlefield,
    forces: &Forces,
    seed: u64,
    attacker: TacticalBot,
    defender: TacticalBot,
) -> AutoBattle {
    bot_battle(field, forces, seed, [attacker, defender], None)
}

/// Like [`auto_battle`], but stop once `stop_after` whole turns have been played (0: as
/// deployed), if the battle has not ended before.
pub fn bot_battle(
    field: &Battlefield,
    forces: &Forces,
    seed: u64,
    [attacker, defender]: [TacticalBot; 2],
    stop_after: Option<u32>,
) -> AutoBattle {
    let mut state = state::deploy(field, forces, seed);
    let mut bot_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075);
    let mut commands = Vec::new();
    let mut last_template = None;
    // Each phase ends after a bounded number of commands: figures act once each per phase.
    let cap = 64 * (state.figures.len() + state.teams.len() + 2) * state::TURN_LIMIT as usize;
    while state.outcome.is_none()
        && commands.len() < cap
        && stop_after.is_none_or(|t| state.turn <= t)
    {
        let bot = match engine::actor(&state) {
            Some(Side::Attacker) => attacker,
            Some(Side::Defender) => defender,
            None => break,
        };
        let cmd = ai::choose(bot, field, &state, &mut bot_rng)
            .expect("a battle in progress always has a legal command");
        let events =
            engine::execute(field, &mut state, &cmd).expect("bots only choose checked commands");
        for e in events {
            if let OmogEvent::HeavyFired {
                template: Some(t), ..
            } = e
            {
                last_template = Some(t);
            }
        }
        commands.push(cmd);
    }
    AutoBattle {
        outcome: state.outcome.unwrap_or(BattleOutcome::StandOff),
        turns: state.turn,
        commands,
        state,
        last_template,
    }
}
