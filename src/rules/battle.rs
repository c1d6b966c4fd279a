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
use super::unit::UnitType;
use crate::tactical::force::{Arm, Element, Force, Forces};
use crate::tactical::options::RuleOptions;

pub use crate::tactical::log::BattleLog;
pub use crate::tactical::registry::RulesetId;
pub use crate::tactical::ruleset::BattleOutcome;

/// Most rulesets one game may enable at once.
const MAX_ENABLED: usize = 8;

/// Which rulesets an attacker may offer, as a small set in registry order. Serialised as a list
/// of ruleset ids.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<RulesetId>", into = "Vec<RulesetId>")]
pub struct RulesetSet([Option<RulesetId>; MAX_ENABLED]);

impl RulesetSet {
    /// No rulesets: every fight is rolled with the OMMS dice.
    pub const NONE: RulesetSet = RulesetSet([None; MAX_ENABLED]);

    /// Whether `r` is in the set.
    pub fn contains(self, r: RulesetId) -> bool {
        self.0.contains(&Some(r))
    }

    /// The set with `r` in (`on`) or out.
    pub fn with(self, r: RulesetId, on: bool) -> RulesetSet {
        let mut ids: Vec<RulesetId> = self.iter().filter(|x| *x != r).collect();
        if on {
            ids.push(r);
        }
        RulesetSet::try_from(ids).unwrap_or(self)
    }

    /// Whether no ruleset is enabled.
    pub fn is_empty(self) -> bool {
        self.0[0].is_none()
    }

    /// The rulesets in the set, in registry order.
    pub fn iter(self) -> impl Iterator<Item = RulesetId> {
        self.0.into_iter().flatten()
    }
}

impl TryFrom<Vec<RulesetId>> for RulesetSet {
    type Error = String;
    fn try_from(mut v: Vec<RulesetId>) -> Result<RulesetSet, String> {
        let order = |id: &RulesetId| {
            crate::tactical::registry::all()
                .iter()
                .position(|r| r.id() == id.as_str())
        };
        v.sort_by_key(order);
        v.dedup();
        if v.len() > MAX_ENABLED {
            return Err(format!("at most {MAX_ENABLED} rulesets may be enabled"));
        }
        let mut set = RulesetSet::NONE;
        for (slot, id) in set.0.iter_mut().zip(v) {
            *slot = Some(id);
        }
        Ok(set)
    }
}

impl From<RulesetSet> for Vec<RulesetId> {
    fn from(s: RulesetSet) -> Vec<RulesetId> {
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
    /// The optional rules table battles are fought under, by name, for whichever ruleset has
    /// them (see [`crate::tactical::options`]); none said: each ruleset's defaults.
    #[serde(default, skip_serializing_if = "RuleOptions::is_empty")]
    pub rules: RuleOptions,
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
    pub ruleset: RulesetId,
    /// On the table or auto-resolved.
    pub mode: BattleMode,
}

/// Everything that fixes a battle, given the map: fought again from this, it ends the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BattleRequest {
    /// The ruleset.
    pub ruleset: RulesetId,
    /// The attacking unit.
    pub attacker: UnitId,
    /// The unit meeting the attack, in a settlement.
    pub defender: UnitId,
    /// Each side's dice.
    pub forces: FightDice,
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

/// One side of a strategic fight as its dice stand: what a table battle is fought with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideDice {
    /// The strategic unit fighting.
    pub unit: UnitType,
    /// Its own dice (strength plus resource dice).
    pub unit_dice: u8,
    /// Dice from the settlement it defends (0 for the attacker): these start in buildings.
    pub settlement_dice: u8,
    /// Whether the settlement is a fortification.
    pub fortified: bool,
}

impl SideDice {
    /// All dice: one tactical element each.
    pub fn total(&self) -> u8 {
        self.unit_dice + self.settlement_dice
    }

    /// The elements these dice bring, in tactical terms (RULINGS §9; the reading is in
    /// docs/rules/omms.md): a Scout's dice ride, Guards and Invaders march, a Tank's first die
    /// is a gun and its others armour; a settlement's dice hold its buildings, and a
    /// fortification's first die is a rapid-fire weapon behind its walls.
    pub fn force(&self) -> Force {
        let own = (0..self.unit_dice).map(|k| {
            Element::new(match self.unit {
                UnitType::Scout => Arm::Horse,
                // A Ship never meets a table battle (only Ships fight Ships, at sea); its crew
                // would fight ashore on foot.
                UnitType::Guard | UnitType::Invader | UnitType::Ship => Arm::Foot,
                UnitType::Tank if k == 0 => Arm::Guns,
                UnitType::Tank => Arm::Armour,
            })
        });
        let held = (0..self.settlement_dice).map(|k| {
            let arm = if self.fortified && k == 0 {
                Arm::MachineGun
            } else {
                Arm::Foot
            };
            Element::new(arm).in_garrison()
        });
        Force {
            elements: own.chain(held).collect(),
        }
    }
}

/// Both sides' dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FightDice {
    /// The attacker.
    pub attacker: SideDice,
    /// The defender.
    pub defender: SideDice,
}

impl FightDice {
    /// The forces both sides bring to the table.
    pub fn forces(&self) -> Forces {
        Forces {
            attacker: self.attacker.force(),
            defender: self.defender.force(),
            ..Default::default()
        }
    }

    /// The forces both sides bring, under the optional rules the game was set up with.
    pub fn forces_in(&self, state: &State) -> Forces {
        Forces {
            options: state.options().battles.rules,
            ..self.forces()
        }
    }
}

/// The dice of a fight between `attacker` and `defender` as they stand: one element per die
/// each would roll (RULINGS §9). The defender's settlement dice are kept apart because they start
/// in buildings; the four-dice cap of a defence takes them off first.
pub fn fight_dice(
    state: &State,
    board: &dyn Board,
    attacker: UnitId,
    defender: UnitId,
) -> FightDice {
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
    FightDice {
        attacker: SideDice {
            unit: a.map_or(UnitType::Invader, |u| u.kind()),
            unit_dice: attack,
            settlement_dice: 0,
            fortified: false,
        },
        defender: SideDice {
            unit: d.map_or(UnitType::Guard, |u| u.kind()),
            unit_dice: all - settlement_dice,
            settlement_dice,
            fortified,
        },
    }
}
