//! What every tactical ruleset offers the game: set up from the strategic forces on a
//! battlefield, legal commands, check/execute in the command/event style of the strategic engine,
//! a bot, and the outcome that flows back as the strategic combat result (RULINGS §9).
//!
//! Everything that drives a whole battle — bot battles, replaying a log, auto-resolve odds — is
//! written once over this trait in [`super::drive`]; the object-safe face callers use without
//! naming a ruleset is [`super::registry::AnyRuleset`].

use rand_chacha::ChaCha8Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::battlefield::Battlefield;
use super::force::{Forces, TroopType};
use super::options::RuleOption;
use super::table::{TablePoint, TableSpec};

/// The two sides of a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The side whose strategic unit attacked.
    Attacker,
    /// The side attacked.
    Defender,
}

impl Side {
    /// Both, attacker first.
    pub const BOTH: [Side; 2] = [Side::Attacker, Side::Defender];

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }

    /// Index into `[attacker, defender]` pairs.
    pub fn index(self) -> usize {
        match self {
            Side::Attacker => 0,
            Side::Defender => 1,
        }
    }
}

/// How a battle ended, as the strategic game needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleOutcome {
    /// The defender's strategic unit is lost.
    AttackerWins,
    /// The attacker's strategic unit is lost.
    DefenderWins,
    /// Neither: a stand-off.
    StandOff,
}

impl BattleOutcome {
    /// The side that won, `None` for a stand-off.
    pub fn winner(self) -> Option<Side> {
        match self {
            BattleOutcome::AttackerWins => Some(Side::Attacker),
            BattleOutcome::DefenderWins => Some(Side::Defender),
            BattleOutcome::StandOff => None,
        }
    }
}

/// A refused tactical command, with the message the player reads. Each ruleset has its own
/// typed refusal; this is what callers that do not know the ruleset see of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

/// What a battle has come to, in numbers every ruleset can give.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Summary {
    /// The turn the battle is in (or ended in), from 1.
    pub turns: u32,
    /// What each side has lost, `[attacker, defender]`, counted as the ruleset counts (figures,
    /// units, men).
    pub losses: [u32; 2],
}

/// How hard a tactical bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// Any legal command, at random: a yardstick, not an opponent.
    Random,
    /// The fast purposeful bot (auto-resolve and its previews): the generic planner of
    /// [`super::bot`] looking one command ahead with one roll of the dice, or the ruleset's own
    /// bot where the ruleset does not show its pieces.
    Captain,
    /// The stronger bot, to play against: the same planner weighing every command over several
    /// rolls of the dice and more routes.
    General,
}

/// A piece on the table (a figure, a unit, a company) as the generic bot sees it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Piece {
    /// Its key: stable for the battle, and what [`Ruleset::piece_commands`] is asked about.
    pub key: u32,
    /// Whose it is.
    pub side: Side,
    /// Where it stands.
    pub pos: TablePoint,
    /// Whether it may still act in the phase under way.
    pub ready: bool,
}

/// A tactical ruleset, with its own typed state, commands, events and refusals.
pub trait Ruleset: Send + Sync + 'static {
    /// The battle's whole state (including its seeded RNG, kept private to the ruleset).
    type State: Clone + std::fmt::Debug + Send;
    /// What a player asks for; serialised into battle logs and saves.
    type Command: Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned + Send;
    /// What happened.
    type Event: Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned;
    /// Why a command is refused: the ruleset's own reasons, each with its message.
    type Refusal: std::error::Error + Clone + PartialEq;

    /// Its id: in saves, on the command line and in the registry (`omog19c`).
    fn id(&self) -> &'static str;
    /// Its name for players.
    fn title(&self) -> &'static str;
    /// The document that states its reading of the rules (a path in the repository).
    fn doc(&self) -> &'static str;
    /// The table it is played on.
    fn table(&self) -> TableSpec;
    /// Troop types a hand-written force may name beyond the arms.
    fn troops(&self) -> &'static [TroopType] {
        &[]
    }
    /// Its optional rules, each a named switch the players set (carried to [`Ruleset::setup`]
    /// in [`Forces::options`]).
    fn options(&self) -> &'static [RuleOption] {
        &[]
    }
    /// Deploy both forces on the battlefield, under the optional rules in `forces.options`.
    fn setup(&self, field: &Battlefield, forces: &Forces, seed: u64) -> Self::State;
    /// The side whose command the battle waits for, or `None` when it is over.
    fn actor(&self, state: &Self::State) -> Option<Side>;
    /// A useful set of legal commands for the actor (each passes [`Ruleset::check`]).
    fn legal_commands(&self, field: &Battlefield, state: &Self::State) -> Vec<Self::Command>;
    /// Whether the command is legal now.
    fn check(
        &self,
        field: &Battlefield,
        state: &Self::State,
        cmd: &Self::Command,
    ) -> Result<(), Self::Refusal>;
    /// Check, roll and apply; a refused command changes nothing.
    fn execute(
        &self,
        field: &Battlefield,
        state: &mut Self::State,
        cmd: &Self::Command,
    ) -> Result<Vec<Self::Event>, Self::Refusal>;
    /// The outcome once the battle is over.
    fn outcome(&self, state: &Self::State) -> Option<BattleOutcome>;
    /// Turns and losses so far.
    fn summary(&self, state: &Self::State) -> Summary;
    /// Commands a whole battle from this position may take at most: a bot battle that reaches it
    /// is stopped as a stand-off (a guard against a bot that never ends a phase).
    fn command_cap(&self, state: &Self::State) -> usize;
    /// The bot's choice for the side to act: a command that passes [`Ruleset::check`], or `None`
    /// when the battle is over. Its own choices draw from `rng`, never from the battle's dice.
    fn choose(
        &self,
        level: BotLevel,
        field: &Battlefield,
        state: &Self::State,
        rng: &mut ChaCha8Rng,
    ) -> Option<Self::Command>;
    /// Whether the battle's course depends only on the players' choices (no dice): then a
    /// battle between two given bots has one result, shown as certain rather than as odds.
    fn deterministic(&self, _state: &Self::State) -> bool {
        false
    }

    // What the generic bot of [`super::bot`] needs. A ruleset that shows no pieces is played
    // by its own [`Ruleset::choose`] at every level.

    /// The living pieces of both sides, in key order.
    fn pieces(&self, _state: &Self::State) -> Vec<Piece> {
        Vec::new()
    }
    /// Legal commands for the piece `key` of the side to act, every one passing
    /// [`Ruleset::check`]: its shots, charges, a stand, and moves as far as it may go towards
    /// `towards` (the next point of the bot's route) as well as the ruleset's own choices.
    fn piece_commands(
        &self,
        _field: &Battlefield,
        _state: &Self::State,
        _key: u32,
        _towards: TablePoint,
    ) -> Vec<Self::Command> {
        Vec::new()
    }
    /// A copy of the position whose dice from now on come from `seed`: the bots look ahead on
    /// it, so they weigh the engine's own odds without seeing the battle's own dice.
    fn reseeded(&self, state: &Self::State, _seed: u64) -> Self::State {
        state.clone()
    }
    /// How good the position is for `side` in the ruleset's own terms (losses, hits waiting to
    /// fall, fights about to be won), in pieces: the bot adds the ground (routes, cover,
    /// spacing) itself.
    fn score(&self, _field: &Battlefield, _state: &Self::State, _side: Side) -> f64 {
        0.0
    }
    /// One line for the attack dialog saying what on this table (its deployment, its cover
    /// rules) makes the battle's odds differ from the OMMS dice, from the position as set up;
    /// `None` when there is nothing to say.
    fn table_note(&self, _field: &Battlefield, _state: &Self::State) -> Option<String> {
        None
    }
}
