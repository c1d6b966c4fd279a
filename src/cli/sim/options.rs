//! `omms sim`'s game options: every rule the new-game screen offers, as flags, turned into the
//! engine's [`Options`] in one place ([`GameFlags::options`]).

use crate::rules::{BattleOptions, DrawRule, Options, RulesetId, RulesetSet, Victory};

/// The game options of `omms sim`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct GameFlags {
    /// Aces may be played for Tanks in the base.
    #[arg(long)]
    pub tanks: bool,
    /// Ships and ports (RULINGS §10); refused on a map with no ports.
    #[arg(long)]
    pub seafaring: bool,
    /// How the game is won: `last-standing`, `points:N` (first to N settlement points) or
    /// `bases:N` (first to capture N enemy bases).
    #[arg(long, value_name = "RULE", default_value = "last-standing", value_parser = parse_victory)]
    pub victory: Victory,
    /// The draw step gives one card instead of a die's worth.
    #[arg(long)]
    pub draw_one: bool,
    /// Table battles an attacker may offer, comma-separated ruleset ids from the registry (e.g.
    /// `omog19c`); none by default.
    /// Bots never offer one, but answer one offered to them.
    #[arg(long, value_delimiter = ',', value_name = "RULESET", value_parser = parse_ruleset)]
    pub battles: Vec<RulesetId>,
    /// With table battles on, the defender may refuse one (then the dice decide).
    #[arg(long, requires = "battles")]
    pub defender_may_refuse: bool,
    /// Play without the safe-bases rule (RULINGS §8): bases only a 10p coin apart.
    #[arg(long)]
    pub unsafe_bases: bool,
    /// Play at this scale (the denominator) instead of the map's own.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub scale: Option<u32>,
}

impl GameFlags {
    /// The rules these flags choose.
    pub fn options(&self) -> Options {
        Options {
            draw: if self.draw_one {
                DrawRule::OneCard
            } else {
                DrawRule::RollDie
            },
            tanks: self.tanks,
            victory: self.victory,
            seafaring: self.seafaring,
            battles: if self.battles.is_empty() {
                BattleOptions::default()
            } else {
                BattleOptions {
                    rulesets: self
                        .battles
                        .iter()
                        .fold(RulesetSet::NONE, |set, &id| set.with(id, true)),
                    defender_may_refuse: self.defender_may_refuse,
                    rules: crate::tactical::RuleOptions::DEFAULTS,
                }
            },
            safe_bases: !self.unsafe_bases,
        }
    }
}

fn parse_victory(text: &str) -> Result<Victory, String> {
    let target = |n: &str| -> Result<u32, String> {
        match n.parse::<u32>() {
            Ok(0) | Err(_) => Err(format!("{n:?} is not a target: give a whole number from 1")),
            Ok(n) => Ok(n),
        }
    };
    match text.split_once(':') {
        None if text == "last-standing" => Ok(Victory::LastStanding),
        Some(("points", n)) => Ok(Victory::SettlementPoints(target(n)?)),
        Some(("bases", n)) => Ok(Victory::CapturedBases(target(n)?)),
        _ => Err("give last-standing, points:N or bases:N".into()),
    }
}

fn parse_ruleset(text: &str) -> Result<RulesetId, String> {
    RulesetId::new(text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn victory_and_rulesets_read_as_written() {
        assert_eq!(
            parse_victory("points:12"),
            Ok(Victory::SettlementPoints(12))
        );
        assert_eq!(parse_victory("bases:1"), Ok(Victory::CapturedBases(1)));
        assert_eq!(parse_victory("last-standing"), Ok(Victory::LastStanding));
        assert!(parse_victory("points:0").is_err());
        assert!(parse_victory("most-cheese").is_err());
        assert_eq!(parse_ruleset("omog19c"), Ok(RulesetId::of("omog19c")));
        assert!(parse_ruleset("chess").unwrap_err().contains("omog19c"));
        let all = GameFlags {
            tanks: true,
            seafaring: true,
            draw_one: true,
            battles: vec![RulesetId::of("omog19c")],
            unsafe_bases: true,
            ..GameFlags::default()
        }
        .options();
        assert!(all.tanks && all.seafaring && !all.safe_bases && all.draw == DrawRule::OneCard);
        assert!(!GameFlags::default().options().seafaring);
        assert!(all.battles.rulesets.contains(RulesetId::of("omog19c")));
        assert!(GameFlags::default().options().safe_bases);
    }
}
