//! Handing a strategic fight to a tactical ruleset (RULINGS §9).
//!
//! The attacker may offer, with the attack, to fight on the table or to have the table battle
//! auto-resolved by the tactical AI; the game setup says which rulesets may be offered and
//! whether the defender may refuse (then the OMMS dice decide as usual).
//!
//! The engine stays free of geometry: the battle's seed is drawn from the game's own RNG, the
//! forces come from the dice each side would have rolled, and the [`Board`](super::Board) is
//! asked to fight or replay the battle on the real terrain. A table battle fought by players
//! arrives as its whole command log in [`FinishBattle`](super::FinishBattle), so a replay of the
//! strategic game re-fights it exactly.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::combat::{defence_bonus, defence_dice};
use super::ids::UnitId;
use super::state::State;
use crate::tactical::omog19c::OmogCommand;
use crate::tactical::ruleset::{Force, Forces};
use crate::tactical::TableSpec;

pub use crate::tactical::ruleset::BattleOutcome;

/// A tactical ruleset a strategic fight can be handed to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableRuleset {
    /// OMOG 19C.
    Omog19c,
}

impl TableRuleset {
    /// Every ruleset the game knows, in menu order.
    pub const ALL: [TableRuleset; 1] = [TableRuleset::Omog19c];

    /// Its name for players.
    pub fn title(self) -> &'static str {
        match self {
            TableRuleset::Omog19c => "OMOG 19C",
        }
    }

    /// The table it is played on.
    pub fn table(self) -> TableSpec {
        match self {
            TableRuleset::Omog19c => TableSpec::OMOG,
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl std::fmt::Display for TableRuleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.title())
    }
}

/// Which rulesets an attacker may offer, as a small set. Serialised as a list of names.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<TableRuleset>", into = "Vec<TableRuleset>")]
pub struct RulesetSet(u8);

impl RulesetSet {
    /// No rulesets: every fight is rolled with the OMMS dice.
    pub const NONE: RulesetSet = RulesetSet(0);

    /// Whether `r` is in the set.
    pub fn contains(self, r: TableRuleset) -> bool {
        self.0 & r.bit() != 0
    }

    /// The set with `r` in (`on`) or out.
    pub fn with(self, r: TableRuleset, on: bool) -> RulesetSet {
        if on {
            RulesetSet(self.0 | r.bit())
        } else {
            RulesetSet(self.0 & !r.bit())
        }
    }

    /// Whether no ruleset is enabled.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rulesets in the set, in [`TableRuleset::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = TableRuleset> {
        TableRuleset::ALL
            .into_iter()
            .filter(move |r| self.contains(*r))
    }
}

impl From<Vec<TableRuleset>> for RulesetSet {
    fn from(v: Vec<TableRuleset>) -> RulesetSet {
        v.into_iter().fold(RulesetSet::NONE, |s, r| s.with(r, true))
    }
}

impl From<RulesetSet> for Vec<TableRuleset> {
    fn from(s: RulesetSet) -> Vec<TableRuleset> {
        s.iter().collect()
    }
}

/// The game setup's word on table battles. The default offers none, as the paper game plays.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BattleOptions {
    /// Rulesets an attacker may offer.
    #[serde(default)]
    pub rulesets: RulesetSet,
    /// Whether the defender may refuse an offer (then the dice decide).
    #[serde(default)]
    pub defender_may_refuse: bool,
}

impl BattleOptions {
    /// Whether these are the paper game's: no table battles.
    pub fn is_off(&self) -> bool {
        *self == BattleOptions::default()
    }
}

/// How the offered battle is fought.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleMode {
    /// The players fight it on the table and report its command log.
    Table,
    /// The tactical AI plays both sides at once.
    Auto,
}

/// What an attacker offers instead of the dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BattleOffer {
    /// The ruleset.
    pub ruleset: TableRuleset,
    /// On the table or auto-resolved.
    pub mode: BattleMode,
}

/// Everything that fixes a battle, given the map: fought again from this, it ends the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BattleRequest {
    /// The ruleset.
    pub ruleset: TableRuleset,
    /// The attacking unit.
    pub attacker: UnitId,
    /// The unit meeting the attack, in a settlement.
    pub defender: UnitId,
    /// Each side's elements, from its dice.
    pub forces: Forces,
    /// The battle's own seed, drawn from the game's RNG when the battle was agreed.
    pub seed: u64,
}

/// A battle's outcome is the fight's result, as the dice would have given it.
impl From<BattleOutcome> for super::event::Outcome {
    fn from(o: BattleOutcome) -> Self {
        match o {
            BattleOutcome::AttackerWins => super::event::Outcome::AttackerWins,
            BattleOutcome::DefenderWins => super::event::Outcome::DefenderWins,
            BattleOutcome::StandOff => super::event::Outcome::StandOff,
        }
    }
}

/// Why a unit in the open cannot be fought over on the table (the check and the board say it
/// alike).
pub(crate) const IN_THE_OPEN: &str =
    "A table battle is fought over a settlement; a unit in the open meets the dice.";

/// The commands of a battle fought on the table, in order, for its ruleset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "ruleset", content = "commands", rename_all = "snake_case")]
pub enum BattleLog {
    /// An OMOG 19C battle.
    Omog19c(Vec<OmogCommand>),
}

// Table points are floats, so equality and hashing are by value as written: a log read back from
// JSON (which cannot hold NaN) equals itself, which is all commands need.
impl Eq for BattleLog {}

impl std::hash::Hash for BattleLog {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        serde_json::to_string(self).unwrap_or_default().hash(state)
    }
}

impl BattleLog {
    /// The ruleset it was fought under.
    pub fn ruleset(&self) -> TableRuleset {
        match self {
            BattleLog::Omog19c(_) => TableRuleset::Omog19c,
        }
    }

    /// Commands in it.
    pub fn len(&self) -> usize {
        match self {
            BattleLog::Omog19c(c) => c.len(),
        }
    }

    /// Whether it holds no command.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The forces of a fight between `attacker` and `defender` as they stand: one element per die
/// each would roll (RULINGS §9). The defender's settlement dice are kept apart because they start
/// in buildings; the four-dice cap of a defence takes them off first.
pub fn forces(state: &State, board: &dyn Board, attacker: UnitId, defender: UnitId) -> Forces {
    let a = state.unit(attacker);
    let d = state.unit(defender);
    let attack = a.map_or(0, |u| u.attack_dice().0);
    let own = d.map_or(0, |u| u.kind().defence().0);
    let all = defence_dice(state, board, defender).0;
    let settlement_dice = all
        .saturating_sub(own)
        .min(defence_bonus(state, board, defender).0);
    let fortified = d
        .and_then(|u| match u.at() {
            super::unit::Location::Settlement(s) => state.settlement(s),
            _ => None,
        })
        .is_some_and(|s| s.is_fort());
    Forces {
        attacker: Force {
            unit: a.map_or(crate::rules::UnitType::Invader, |u| u.kind()),
            unit_dice: attack,
            settlement_dice: 0,
            fortified: false,
        },
        defender: Force {
            unit: d.map_or(crate::rules::UnitType::Guard, |u| u.kind()),
            unit_dice: all - settlement_dice,
            settlement_dice,
            fortified,
        },
    }
}
