//! "The Dice Flew" (the age of machine guns and magazine rifles): companies in battalions under
//! written orders, fire that interrupts the enemy's moves, pinning, morale and melee, on the
//! real terrain cut to a 72″ table.
//!
//! Its numbers are in [`tables`]; [`unit`] is the organisation (CO, battalions with HQs,
//! companies, vehicles); [`forces`] reads the strategic dice and deploys; [`features`] names
//! the terrain orders refer to; [`fire`], [`movement`] and [`melee`] reckon; the engine is in
//! the house style — [`command`], [`check`], [`execute`], [`apply`], with [`event`],
//! [`refusal`] and [`state`] (whose [`state::Pending`] pauses a move for interrupting fire);
//! [`ai`] is its bot. The reading of the rules is in `docs/rules/dice_flew.md`.
//!
//! [`artillery`] is the off-table batteries, their fire plans and forward observers;
//! [`bombard`] the on-table guns and mortars shelling in the bombardment step; [`telephone`]
//! the lines laid and cut in play; [`view`] what one side may know of the battle, all the bot
//! is given.

pub mod ai;
pub mod ai_guns;
pub mod apply;
pub mod artillery;
pub mod bombard;
pub mod check;
pub mod command;
pub mod deployment;
pub mod event;
pub mod execute;
pub mod features;
pub mod fire;
pub mod forces;
pub mod melee;
pub mod movement;
pub mod note;
pub mod patrol;
pub mod preview;
pub mod refusal;
pub mod state;
pub mod tables;
pub mod telephone;
pub mod unit;
pub mod view;

use rand_chacha::ChaCha8Rng;

use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Forces, TroopType};
use crate::tactical::ruleset::{BattleOutcome, BotLevel, Ruleset, Side, Summary};
use crate::tactical::table::{TableSpec, MM_PER_INCH};
pub use command::DfCommand;
pub use event::DfEvent;
pub use refusal::Refusal;
pub use state::DfState;

/// The table: 72″ square (a 6 ft table) at 1″ = 25 m, 1.8 km of ground a side, so a 36″ road
/// move is 900 m and a 24″ HMG reaches 600 m.
pub fn table_spec() -> TableSpec {
    TableSpec {
        width_mm: 72.0 * MM_PER_INCH,
        depth_mm: 72.0 * MM_PER_INCH,
        ground_m_per_mm: 25.0 / MM_PER_INCH,
    }
}

/// The Dice Flew ruleset.
#[derive(Debug, Clone, Copy, Default)]
pub struct DiceFlew;

impl Ruleset for DiceFlew {
    type State = DfState;
    type Command = DfCommand;
    type Event = DfEvent;
    type Refusal = Refusal;

    fn id(&self) -> &'static str {
        "dice-flew"
    }
    fn title(&self) -> &'static str {
        "The Dice Flew"
    }
    fn doc(&self) -> &'static str {
        "docs/rules/dice_flew.md"
    }
    fn table(&self) -> TableSpec {
        table_spec()
    }
    fn troops(&self) -> &'static [TroopType] {
        forces::TROOPS
    }
    fn setup(&self, field: &Battlefield, forces: &Forces, seed: u64) -> DfState {
        forces::deploy(field, forces, seed)
    }
    fn actor(&self, state: &DfState) -> Option<Side> {
        check::actor(state)
    }
    fn legal_commands(&self, field: &Battlefield, state: &DfState) -> Vec<DfCommand> {
        ai_guns::legal(field, state)
    }
    fn check(&self, field: &Battlefield, state: &DfState, cmd: &DfCommand) -> Result<(), Refusal> {
        check::check(field, state, cmd)
    }
    fn execute(
        &self,
        field: &Battlefield,
        state: &mut DfState,
        cmd: &DfCommand,
    ) -> Result<Vec<DfEvent>, Refusal> {
        execute::execute(field, state, cmd)
    }
    fn outcome(&self, state: &DfState) -> Option<BattleOutcome> {
        state.outcome()
    }
    fn summary(&self, state: &DfState) -> Summary {
        Summary {
            turns: state.turn().max(1),
            losses: state.losses(),
        }
    }
    fn command_cap(&self, state: &DfState) -> usize {
        // Per part: each unit moves once, each interruption is answered in two commands, each
        // unit fires once at each enemy.
        let n = state.units().len() + 2;
        (8 * n * n + 16) * state::TURN_LIMIT as usize
    }
    fn choose(
        &self,
        level: BotLevel,
        field: &Battlefield,
        state: &DfState,
        rng: &mut ChaCha8Rng,
    ) -> Option<DfCommand> {
        // The bot is handed only what its side may see.
        let view = view::DfView::of_actor(state)?;
        ai::choose(level, field, &view, rng)
    }
    fn table_note(&self, field: &Battlefield, state: &DfState) -> Option<String> {
        note::defence_note(field, state)
    }
}
