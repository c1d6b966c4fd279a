//! The rulesets the game knows, by id, behind one object-safe face.
//!
//! Callers that must not name a ruleset — the strategic engine and its board, auto-resolve,
//! saves, the setup screen, the command line — reach every ruleset through [`AnyRuleset`],
//! found by its [`RulesetId`]. Adding a ruleset is one line in [`BUILTIN`].

use std::sync::RwLock;

use serde::{Deserialize, Serialize};

use super::battlefield::Battlefield;
use super::drive::{self, AutoOdds, ReplayError};
use super::force::{Forces, TroopType};
use super::log::{read_commands, BattleLog, LoggedCommand};
use super::options::RuleOption;
use super::ruleset::{BattleOutcome, BotLevel, Refused, Ruleset, Summary};
use super::table::TableSpec;

/// The rulesets built into the game, in menu order.
pub static BUILTIN: &[&dyn AnyRuleset] = &[
    &super::omog19c::Omog19c,
    &super::omog_musket::OmogMusket,
    &super::six_plus::SixPlus,
    &super::dice_flew::DiceFlew,
];

/// Rulesets registered while the program runs (a plug-in, or a test's own ruleset).
static EXTRA: RwLock<Vec<&'static dyn AnyRuleset>> = RwLock::new(Vec::new());

/// Every ruleset, built-in ones first.
pub fn all() -> Vec<&'static dyn AnyRuleset> {
    let extra = EXTRA.read().map(|v| v.clone()).unwrap_or_default();
    BUILTIN.iter().copied().chain(extra).collect()
}

/// The ruleset with this id.
pub fn get(id: &str) -> Option<&'static dyn AnyRuleset> {
    all().into_iter().find(|r| r.id() == id)
}

/// Add a ruleset. Its id must be new.
pub fn register(rules: &'static dyn AnyRuleset) -> Result<(), String> {
    let mut extra = EXTRA.write().map_err(|e| e.to_string())?;
    if BUILTIN
        .iter()
        .chain(extra.iter())
        .any(|r| r.id() == rules.id())
    {
        return Err(format!(
            "a ruleset called {:?} is already known",
            rules.id()
        ));
    }
    extra.push(rules);
    Ok(())
}

/// The ids of every ruleset, for messages.
pub fn known_ids() -> String {
    all().iter().map(|r| r.id()).collect::<Vec<_>>().join(", ")
}

/// A ruleset's id. Read from a file or the command line it is checked against the registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RulesetId(&'static str);

/// An id no ruleset has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset {0:?} (known: {known})", known = known_ids())]
pub struct UnknownRuleset(pub String);

impl RulesetId {
    /// The id of a ruleset in the registry.
    pub fn new(id: &str) -> Result<RulesetId, UnknownRuleset> {
        get(id)
            .map(|r| RulesetId(r.id()))
            .ok_or_else(|| UnknownRuleset(id.to_string()))
    }

    /// The id a ruleset gives itself.
    pub fn of(id: &'static str) -> RulesetId {
        RulesetId(id)
    }

    /// The id as text.
    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// The ruleset.
    pub fn rules(self) -> Result<&'static dyn AnyRuleset, UnknownRuleset> {
        get(self.0).ok_or_else(|| UnknownRuleset(self.0.to_string()))
    }

    /// Its title for players (its id if it is not registered).
    pub fn title(self) -> &'static str {
        get(self.0).map_or(self.0, |r| r.title())
    }
}

impl std::fmt::Display for RulesetId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.title())
    }
}

impl std::str::FromStr for RulesetId {
    type Err = UnknownRuleset;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RulesetId::new(s)
    }
}

impl Serialize for RulesetId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for RulesetId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        RulesetId::new(&s).map_err(serde::de::Error::custom)
    }
}

/// A battle played by bots, for callers that do not know the ruleset.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedLog {
    /// How it ended.
    pub outcome: BattleOutcome,
    /// Turns and losses.
    pub summary: Summary,
    /// Its commands.
    pub log: BattleLog,
}

/// A ruleset seen from outside: everything a caller needs without knowing its types.
pub trait AnyRuleset: Send + Sync {
    /// Its id (`omog19c`).
    fn id(&self) -> &'static str;
    /// Its name for players.
    fn title(&self) -> &'static str;
    /// The document stating its reading of the rules.
    fn doc(&self) -> &'static str;
    /// The table it is played on.
    fn table(&self) -> TableSpec;
    /// Troop types a hand-written force may name.
    fn troops(&self) -> &'static [TroopType];
    /// Its optional rules (see [`Ruleset::options`]).
    fn options(&self) -> &'static [RuleOption] {
        &[]
    }
    /// Whether every troop type the forces name is this ruleset's.
    fn check_forces(&self, forces: &Forces) -> Result<(), Refused>;
    /// A whole battle played by bots (see [`drive::play`]).
    fn play(
        &self,
        field: &Battlefield,
        forces: &Forces,
        seed: u64,
        bots: [BotLevel; 2],
    ) -> PlayedLog;
    /// Replay a finished battle's log, checking every command (see [`drive::replay_finished`]).
    fn replay_finished(
        &self,
        field: &Battlefield,
        forces: &Forces,
        seed: u64,
        log: &[LoggedCommand],
    ) -> Result<(BattleOutcome, Summary), ReplayError>;
    /// Replay a log that may stop mid-battle: where it stands.
    fn replay_summary(
        &self,
        field: &Battlefield,
        forces: &Forces,
        seed: u64,
        log: &[LoggedCommand],
    ) -> Result<(Option<BattleOutcome>, Summary), ReplayError>;
    /// Auto-resolve odds (see [`drive::odds`]).
    fn odds(
        &self,
        field: &Battlefield,
        forces: &Forces,
        seed: u64,
        n: u32,
        bots: [BotLevel; 2],
    ) -> AutoOdds;
    /// Why the table's odds may differ from the dice (see [`Ruleset::table_note`]), for these
    /// forces deployed on `field`.
    fn table_note(&self, _field: &Battlefield, _forces: &Forces) -> Option<String> {
        None
    }
}

impl<R: Ruleset> AnyRuleset for R {
    fn id(&self) -> &'static str {
        Ruleset::id(self)
    }
    fn title(&self) -> &'static str {
        Ruleset::title(self)
    }
    fn doc(&self) -> &'static str {
        Ruleset::doc(self)
    }
    fn table(&self) -> TableSpec {
        Ruleset::table(self)
    }
    fn troops(&self) -> &'static [TroopType] {
        Ruleset::troops(self)
    }
    fn options(&self) -> &'static [RuleOption] {
        Ruleset::options(self)
    }
    fn check_forces(&self, forces: &Forces) -> Result<(), Refused> {
        let troops = Ruleset::troops(self);
        for e in forces
            .attacker
            .elements
            .iter()
            .chain(&forces.defender.elements)
        {
            if let Some(t) = &e.troop {
                if !troops.iter().any(|k| k.name == t) {
                    return Err(Refused(format!(
                        "{} has no troop type {t:?}",
                        Ruleset::title(self)
                    )));
                }
            }
        }
        Ok(())
    }
    fn play(
        &self,
        field: &Battlefield,
        forces: &Forces,
        seed: u64,
        bots: [BotLevel; 2],
    ) -> PlayedLog {
        let p = drive::play(self, field, forces, seed, bots, None, |_| {});
        PlayedLog {
            outcome: p.outcome,
            summary: p.summary,
            log: BattleLog::of(self, &p.commands).under(forces.options),
        }
    }
    fn replay_finished(
        &self,
        field: &Battlefield,
        forces: &Forces,
        seed: u64,
        log: &[LoggedCommand],
    ) -> Result<(BattleOutcome, Summary), ReplayError> {
        let commands = read_commands::<R>(log)?;
        drive::replay_finished(self, field, forces, seed, &commands)
    }
    fn replay_summary(
        &self,
        field: &Battlefield,
        forces: &Forces,
        seed: u64,
        log: &[LoggedCommand],
    ) -> Result<(Option<BattleOutcome>, Summary), ReplayError> {
        let commands = read_commands::<R>(log)?;
        let state = drive::replay(self, field, forces, seed, &commands)?;
        Ok((self.outcome(&state), self.summary(&state)))
    }
    fn odds(
        &self,
        field: &Battlefield,
        forces: &Forces,
        seed: u64,
        n: u32,
        bots: [BotLevel; 2],
    ) -> AutoOdds {
        drive::odds(self, field, forces, seed, n, bots)
    }
    fn table_note(&self, field: &Battlefield, forces: &Forces) -> Option<String> {
        // Deployment takes no dice: any seed shows the position the note is about.
        Ruleset::table_note(self, field, &self.setup(field, forces, 0))
    }
}
