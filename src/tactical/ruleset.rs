//! What every tactical ruleset offers the game: set up from the strategic forces on a
//! battlefield, legal commands, check/execute in the command/event style of the strategic engine,
//! and the outcome that flows back as the strategic combat result (RULINGS §9).

use serde::{Deserialize, Serialize};

use super::battlefield::Battlefield;
use super::table::TableSpec;
use crate::rules::UnitType;

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
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }
}

/// One side's strength, from the dice it would have rolled in the strategic combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Force {
    /// The strategic unit fighting.
    pub unit: UnitType,
    /// Its own dice (strength plus resource dice).
    pub unit_dice: u8,
    /// Dice from the settlement it defends (0 for the attacker): these start in buildings.
    pub settlement_dice: u8,
    /// Whether the settlement is a fortification.
    pub fortified: bool,
}

impl Force {
    /// All dice: one tactical element each.
    pub fn elements(&self) -> u8 {
        self.unit_dice + self.settlement_dice
    }
}

/// Both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Forces {
    /// The attacker.
    pub attacker: Force,
    /// The defender.
    pub defender: Force,
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

/// A refused tactical command, with the message the player reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

/// A tactical ruleset.
pub trait Ruleset {
    /// The battle's whole state (including its seeded RNG).
    type State: Clone + PartialEq + std::fmt::Debug;
    /// What a player asks for.
    type Command: Clone + PartialEq + std::fmt::Debug;
    /// What happened.
    type Event: Clone + PartialEq + std::fmt::Debug;

    /// Short name used on the command line (`omog19c`).
    fn id(&self) -> &'static str;
    /// The table it is played on.
    fn table(&self) -> TableSpec;
    /// Deploy both forces on the battlefield.
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
    ) -> Result<(), Refused>;
    /// Check, roll and apply; a refused command changes nothing.
    fn execute(
        &self,
        field: &Battlefield,
        state: &mut Self::State,
        cmd: &Self::Command,
    ) -> Result<Vec<Self::Event>, Refused>;
    /// The outcome once the battle is over.
    fn outcome(&self, state: &Self::State) -> Option<BattleOutcome>;
}
