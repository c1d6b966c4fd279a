//! "6+ Rules": the diceless horse-and-musket ruleset (a variant of One Hour Wargames), played
//! with blocks that have a frontage, a depth and a facing on a 36 cm table cut from the real
//! terrain round the contested settlement.
//!
//! Nothing is rolled: the same position and the same orders always give the same result, so the
//! engine answers "what will this shot or charge do?" before a player commits
//! ([`check::shot_preview`], [`check::charge_preview`]). The seed chooses only the deployment
//! within RULINGS §9's latitude ([`forces::Latitude`]) and the bots' pick among equal orders, so
//! auto-resolve gives odds over many battles, not one certain result.
//!
//! The engine is in the house style — [`command`], [`check`], [`execute`], [`apply`], with
//! [`event`], [`refusal`] and [`state`]; [`geom`] measures blocks, [`ground`] reads the terrain,
//! [`forces`] turns dice into blocks, [`position`] builds positions for tests and [`ai`] is its
//! bot. The rules' reading is in `docs/rules/six_plus.md`.

pub mod ai;
pub mod apply;
pub mod cards;
pub mod check;
pub mod command;
pub mod event;
pub mod execute;
pub mod forces;
pub mod general;
pub mod geom;
pub mod ground;
pub mod position;
pub mod refusal;
pub mod state;
pub mod way;

use rand_chacha::ChaCha8Rng;

use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Forces, TroopType};
use crate::tactical::options::RuleOption;
use crate::tactical::ruleset::{BattleOutcome, BotLevel, Ruleset, Side, Summary};
use crate::tactical::table::TableSpec;
pub use check::{charge_preview, shot_preview, ChargePreview, ShotPreview};
pub use command::SixCommand;
pub use event::SixEvent;
pub use refusal::Refusal;
pub use state::SixState;

/// The "vest pocket" table: 36 cm square at 1 cm = 50 m, 1.8 km of ground a side.
pub const TABLE: TableSpec = TableSpec {
    width_mm: 360.0,
    depth_mm: 360.0,
    ground_m_per_mm: 5.0,
};

/// The 6+ ruleset.
#[derive(Debug, Clone, Copy, Default)]
pub struct SixPlus;

impl Ruleset for SixPlus {
    type State = SixState;
    type Command = SixCommand;
    type Event = SixEvent;
    type Refusal = Refusal;

    fn id(&self) -> &'static str {
        "six-plus"
    }
    fn title(&self) -> &'static str {
        "6+ Rules"
    }
    fn doc(&self) -> &'static str {
        "docs/rules/six_plus.md"
    }
    fn table(&self) -> TableSpec {
        TABLE
    }
    fn troops(&self) -> &'static [TroopType] {
        forces::TROOPS
    }
    fn options(&self) -> &'static [RuleOption] {
        state::Options::OFFERED
    }
    fn setup(&self, field: &Battlefield, forces: &Forces, seed: u64) -> SixState {
        forces::deploy(field, forces, state::Options::chosen(&forces.options), seed)
    }
    fn actor(&self, state: &SixState) -> Option<Side> {
        (state.phase() != state::Phase::Over).then(|| state.actor())
    }
    fn legal_commands(&self, field: &Battlefield, state: &SixState) -> Vec<SixCommand> {
        ai::candidates(field, state)
    }
    fn check(
        &self,
        field: &Battlefield,
        state: &SixState,
        cmd: &SixCommand,
    ) -> Result<(), Refusal> {
        check::check(field, state, cmd)
    }
    fn execute(
        &self,
        field: &Battlefield,
        state: &mut SixState,
        cmd: &SixCommand,
    ) -> Result<Vec<SixEvent>, Refusal> {
        execute::execute(field, state, cmd)
    }
    fn outcome(&self, state: &SixState) -> Option<BattleOutcome> {
        state.outcome()
    }
    fn summary(&self, state: &SixState) -> Summary {
        Summary {
            turns: state.turn(),
            losses: state.losses(),
        }
    }
    fn command_cap(&self, state: &SixState) -> usize {
        // A block acts at most twice a player turn (move or load, then shoot or rally), plus
        // the two ends of phase.
        (2 * state.units().len() + 2) * 2 * (state::TURN_LIMIT as usize + 1)
    }
    fn choose(
        &self,
        level: BotLevel,
        field: &Battlefield,
        state: &SixState,
        rng: &mut ChaCha8Rng,
    ) -> Option<SixCommand> {
        ai::choose(level, field, state, rng)
    }
    // No `deterministic`: the rules roll nothing, but the seed chooses the deployment
    // (RULINGS §9's latitude) and the bots' pick among equal orders, so auto-resolve gives odds
    // over many battles like a dice ruleset.
    fn table_note(&self, _field: &Battlefield, state: &SixState) -> Option<String> {
        forces::garrison_note(state)
    }
    fn reseeded(&self, state: &SixState, seed: u64) -> SixState {
        let mut s = state.clone();
        s.deck = s.deck.as_ref().map(|d| d.reshuffled(seed));
        s
    }
}
