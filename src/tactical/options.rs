//! Optional rules as a channel every ruleset shares: a ruleset lists its optional rules as named
//! switches ([`RuleOption`], from [`super::Ruleset::options`]), and a battle carries the
//! players' choice as [`RuleOptions`] — in its [`super::Forces`], in its
//! [`super::BattleLog`] and in the game setup — without any caller knowing which ruleset reads
//! which name.
//!
//! Names are shared across rulesets on purpose: a game that turns `rout` on turns it on for every
//! ruleset that has a rout rule. A ruleset reads the names it lists and ignores the rest; a name
//! nobody lists is refused when read from a file or the command line.

use serde::{Deserialize, Serialize};

/// One optional rule a ruleset offers, as players see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleOption {
    /// Its name in saves and on the command line (lowercase, hyphenated: `chance-cards`).
    pub name: &'static str,
    /// Its name for players.
    pub title: &'static str,
    /// Whether it is on when nobody says.
    pub default: bool,
    /// One line on what it does.
    pub about: &'static str,
}

/// Most optional rules all registered rulesets may list between them (distinct names).
pub const MAX_OPTIONS: usize = 16;

/// The players' word on optional rules: named switches. A name not given takes the ruleset's
/// default, so an empty choice is "the ruleset as it ships". Kept as two bit sets over the
/// registry's names ([`every`], whose order only grows), so it is small and `Copy`; serialised
/// as a map by name (`{"square": false, "tide-of-battle": true}`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleOptions {
    given: u16,
    on: u16,
}

impl RuleOptions {
    /// Nothing said: every ruleset's defaults.
    pub const DEFAULTS: RuleOptions = RuleOptions { given: 0, on: 0 };

    /// Whether nothing is said.
    pub fn is_empty(&self) -> bool {
        self.given == 0
    }

    /// The switches given, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, bool)> {
        let all = every();
        let mut v: Vec<(&'static str, bool)> = (0..all.len().min(MAX_OPTIONS))
            .filter(|i| self.given & (1 << i) != 0)
            .map(|i| (all[i].name, self.on & (1 << i) != 0))
            .collect();
        v.sort_by_key(|(n, _)| *n);
        v.into_iter()
    }

    /// What was said of `name`, if anything.
    pub fn given(&self, name: &str) -> Option<bool> {
        let i = index(name).ok()?;
        (self.given & (1 << i) != 0).then_some(self.on & (1 << i) != 0)
    }

    /// Whether `option` is on: as given, else its default.
    pub fn on(&self, option: &RuleOption) -> bool {
        self.given(option.name).unwrap_or(option.default)
    }

    /// The same with `name` (a known option's name) set to `on`.
    pub fn with(self, name: &str, on: bool) -> Result<RuleOptions, String> {
        let bit = 1u16 << index(name)?;
        Ok(RuleOptions {
            given: self.given | bit,
            on: if on { self.on | bit } else { self.on & !bit },
        })
    }

    /// The same with `name` back to its default (not said).
    pub fn without(self, name: &str) -> RuleOptions {
        match index(name) {
            Ok(i) => RuleOptions {
                given: self.given & !(1 << i),
                on: self.on & !(1 << i),
            },
            Err(_) => self,
        }
    }

    /// Read `NAME=on|off,…` (or `NAME` alone for on), as the command line writes it.
    pub fn parse(text: &str) -> Result<RuleOptions, String> {
        let mut out = RuleOptions::DEFAULTS;
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = part.split_once('=').unwrap_or((part, "on"));
            let on = match value.trim() {
                "on" | "yes" | "true" => true,
                "off" | "no" | "false" => false,
                v => {
                    return Err(format!(
                        "optional rule {part:?}: {v:?} is neither on nor off"
                    ))
                }
            };
            out = out.with(name.trim(), on)?;
        }
        Ok(out)
    }

    /// Whether every name given is one `options` lists (for a caller that knows the ruleset).
    pub fn check_for(&self, title: &str, options: &[RuleOption]) -> Result<(), String> {
        match self
            .iter()
            .find(|(n, _)| !options.iter().any(|o| o.name == *n))
        {
            None => Ok(()),
            Some((n, _)) => Err(format!(
                "{title} has no optional rule {n:?} (it has: {})",
                names(options)
            )),
        }
    }
}

fn names(options: &[RuleOption]) -> String {
    if options.is_empty() {
        return "none".into();
    }
    options
        .iter()
        .map(|o| o.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every optional rule of every registered ruleset, by name, first listing first.
pub fn every() -> Vec<RuleOption> {
    let mut out: Vec<RuleOption> = Vec::new();
    for r in super::registry::all() {
        for o in r.options() {
            if !out.iter().any(|k| k.name == o.name) {
                out.push(*o);
            }
        }
    }
    out
}

/// The name's place in [`every`] (its bit), if a registered ruleset lists it.
fn index(name: &str) -> Result<usize, String> {
    let all = every();
    match all.iter().position(|o| o.name == name) {
        Some(i) if i < MAX_OPTIONS => Ok(i),
        Some(_) => Err(format!(
            "more than {MAX_OPTIONS} optional rules are registered"
        )),
        None => Err(format!(
            "no ruleset has an optional rule {name:?} (known: {})",
            names(&all)
        )),
    }
}

impl Serialize for RuleOptions {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for RuleOptions {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<String, bool>::deserialize(d)?;
        let mut out = RuleOptions::DEFAULTS;
        for (name, on) in map {
            out = out.with(&name, on).map_err(serde::de::Error::custom)?;
        }
        Ok(out)
    }
}
