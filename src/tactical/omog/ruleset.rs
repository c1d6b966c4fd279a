//! The [`Ruleset`] face every OMOG ruleset shows, written once: the table, the turn and the
//! outcome are the core's ([`Clock`]), the command cap counts the core's figures and teams, and
//! the attack dialog's garrison line reads the core's roster. A ruleset implements
//! [`OmogRuleset`] with what is its own — its id, troops, deployment, checks, dice, bot and
//! shooting table — and is a [`Ruleset`] by the blanket impl below.

use rand_chacha::ChaCha8Rng;
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::figure::Kit;
use super::note::garrison_note;
use super::roster::Roster;
use super::turn::{Clock, TURN_LIMIT};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Forces, TroopType};
use crate::tactical::ruleset::{BattleOutcome, BotLevel, Piece, Ruleset, Side, Summary};
use crate::tactical::table::{TablePoint, TableSpec};

/// An OMOG battle's state as the shared face reads it: the core's figures and turn.
pub trait OmogBattle {
    /// The ruleset's small arm.
    type Kit: Kit;
    /// The figures and teams.
    fn roster(&self) -> &Roster<Self::Kit>;
    /// The turn, phase, objective and losses.
    fn clock(&self) -> &Clock;
}

/// What an OMOG ruleset brings of its own; the rest of [`Ruleset`] is the core's. No item takes
/// `self`, so none of them is mistaken for the [`Ruleset`] method of the same purpose.
pub trait OmogRuleset: Send + Sync + 'static {
    /// Its id (see [`Ruleset::id`]).
    const ID: &'static str;
    /// Its name for players.
    const TITLE: &'static str;
    /// Its rules document.
    const DOC: &'static str;
    /// Troop types a hand-written force may name beyond the arms.
    const TROOPS: &'static [TroopType];

    /// The ruleset's small arm.
    type Kit: Kit;
    /// The battle.
    type State: OmogBattle<Kit = Self::Kit> + Clone + std::fmt::Debug + Send;
    /// What a player asks for.
    type Command: Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned + Send;
    /// What happened.
    type Event: Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned;
    /// Why a command is refused.
    type Refusal: std::error::Error + Clone + PartialEq;

    /// Deploy both forces (see [`Ruleset::setup`]).
    fn deploy(field: &Battlefield, forces: &Forces, seed: u64) -> Self::State;
    /// Whether a command is legal now.
    fn check(
        field: &Battlefield,
        state: &Self::State,
        cmd: &Self::Command,
    ) -> Result<(), Self::Refusal>;
    /// Check, roll and apply.
    fn execute(
        field: &Battlefield,
        state: &mut Self::State,
        cmd: &Self::Command,
    ) -> Result<Vec<Self::Event>, Self::Refusal>;
    /// A useful set of legal commands for the side to act.
    fn candidates(field: &Battlefield, state: &Self::State) -> Vec<Self::Command>;
    /// The ruleset's own bot (see [`Ruleset::choose`]).
    fn choose(
        level: BotLevel,
        field: &Battlefield,
        state: &Self::State,
        rng: &mut ChaCha8Rng,
    ) -> Option<Self::Command>;
    /// The far edge of each of the kit's range bands, nearest first, table mm.
    fn band_edges(kit: Self::Kit) -> Vec<f64>;
    /// The roll a shot with `kit` at `range` needs against a man in a house (`None`: it
    /// cannot hit him).
    fn to_hit_in_house(kit: Self::Kit, range: f64) -> Option<u8>;

    /// The generic planner's hooks, if the ruleset is played by it ([`crate::tactical::bot`]);
    /// `None` for a ruleset whose own bot plays at every level.
    const PLANNER: Option<Planner<Self::State, Self::Command>> = None;
}

/// What the generic planner ([`crate::tactical::bot`]) needs of a ruleset it plays: see
/// [`Ruleset::pieces`], [`Ruleset::piece_commands`], [`Ruleset::reseeded`] and
/// [`Ruleset::score`].
pub struct Planner<S, C> {
    /// The living pieces of both sides, in key order.
    pub pieces: fn(&S) -> Vec<Piece>,
    /// Legal commands for one piece, with a move as far as it may go towards a point.
    pub piece_commands: fn(&Battlefield, &S, u32, TablePoint) -> Vec<C>,
    /// A copy of the position with dice of its own.
    pub reseeded: fn(&S, u64) -> S,
    /// How good the position is for a side, in pieces.
    pub score: fn(&Battlefield, &S, Side) -> f64,
}

impl<R: OmogRuleset> Ruleset for R {
    type State = R::State;
    type Command = R::Command;
    type Event = R::Event;
    type Refusal = R::Refusal;

    fn id(&self) -> &'static str {
        R::ID
    }
    fn title(&self) -> &'static str {
        R::TITLE
    }
    fn doc(&self) -> &'static str {
        R::DOC
    }
    fn table(&self) -> TableSpec {
        TableSpec::OMOG
    }
    fn troops(&self) -> &'static [TroopType] {
        R::TROOPS
    }
    fn setup(&self, field: &Battlefield, forces: &Forces, seed: u64) -> R::State {
        R::deploy(field, forces, seed)
    }
    fn actor(&self, state: &R::State) -> Option<Side> {
        state.clock().actor()
    }
    fn legal_commands(&self, field: &Battlefield, state: &R::State) -> Vec<R::Command> {
        R::candidates(field, state)
    }
    fn check(
        &self,
        field: &Battlefield,
        state: &R::State,
        cmd: &R::Command,
    ) -> Result<(), R::Refusal> {
        R::check(field, state, cmd)
    }
    fn execute(
        &self,
        field: &Battlefield,
        state: &mut R::State,
        cmd: &R::Command,
    ) -> Result<Vec<R::Event>, R::Refusal> {
        R::execute(field, state, cmd)
    }
    fn outcome(&self, state: &R::State) -> Option<BattleOutcome> {
        state.clock().outcome()
    }
    fn summary(&self, state: &R::State) -> Summary {
        Summary {
            turns: state.clock().turn(),
            losses: state.clock().losses(),
        }
    }
    fn command_cap(&self, state: &R::State) -> usize {
        // Each phase ends after a bounded number of commands: figures act once each per phase.
        let roster = state.roster();
        64 * (roster.figures().len() + roster.teams().len() + 2) * TURN_LIMIT as usize
    }
    fn choose(
        &self,
        level: BotLevel,
        field: &Battlefield,
        state: &R::State,
        rng: &mut ChaCha8Rng,
    ) -> Option<R::Command> {
        R::choose(level, field, state, rng)
    }
    fn pieces(&self, state: &R::State) -> Vec<Piece> {
        R::PLANNER.map_or_else(Vec::new, |p| (p.pieces)(state))
    }
    fn piece_commands(
        &self,
        field: &Battlefield,
        state: &R::State,
        key: u32,
        towards: TablePoint,
    ) -> Vec<R::Command> {
        R::PLANNER.map_or_else(Vec::new, |p| (p.piece_commands)(field, state, key, towards))
    }
    fn reseeded(&self, state: &R::State, seed: u64) -> R::State {
        R::PLANNER.map_or_else(|| state.clone(), |p| (p.reseeded)(state, seed))
    }
    fn score(&self, field: &Battlefield, state: &R::State, side: Side) -> f64 {
        R::PLANNER.map_or(0.0, |p| (p.score)(field, state, side))
    }
    fn table_note(&self, field: &Battlefield, state: &R::State) -> Option<String> {
        garrison_note(field, state.roster(), |kit| {
            R::band_edges(kit)
                .into_iter()
                .map(|max| (max, R::to_hit_in_house(kit, max)))
                .collect()
        })
    }
}
