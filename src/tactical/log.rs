//! A battle's command log as the strategic game keeps it: tagged with its ruleset's id, each
//! command as the ruleset wrote it. Saves keep one shape whatever the ruleset
//! (`{"ruleset": "…", "commands": […]}`), and only the ruleset reads the commands back.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::drive::ReplayError;
use super::options::RuleOptions;
use super::registry::RulesetId;
use super::ruleset::Ruleset;

/// One command of a log, as JSON data: the engine keeps it without knowing the ruleset's types.
/// Numbers keep their exact value (serde_json's `float_roundtrip`), so a replayed move lands
/// where it was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LoggedCommand(Value);

impl LoggedCommand {
    /// A ruleset's command, written down.
    pub fn of<C: Serialize>(cmd: &C) -> LoggedCommand {
        // Plain data with string keys always serialises.
        LoggedCommand(serde_json::to_value(cmd).unwrap_or(Value::Null))
    }

    /// Read it back as a ruleset's command.
    pub fn read<C: serde::de::DeserializeOwned>(&self) -> Result<C, serde_json::Error> {
        C::deserialize(&self.0)
    }

    /// It as JSON data.
    pub fn as_json(&self) -> &Value {
        &self.0
    }
}

impl std::hash::Hash for LoggedCommand {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Objects serialise with sorted keys: equal commands write equal text.
        self.0.to_string().hash(state)
    }
}

/// The commands of a battle fought on the table, in order, for its ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BattleLog {
    /// The ruleset it was fought under.
    pub ruleset: RulesetId,
    /// Its commands.
    pub commands: Vec<LoggedCommand>,
    /// The optional rules it was fought under (none said: the ruleset's defaults), so a save
    /// or a replay fights it again under the same rules.
    #[serde(default, skip_serializing_if = "RuleOptions::is_empty")]
    pub options: RuleOptions,
}

impl BattleLog {
    /// The log of `commands` under `rules`.
    pub fn of<R: Ruleset>(rules: &R, commands: &[R::Command]) -> BattleLog {
        BattleLog {
            ruleset: RulesetId::of(rules.id()),
            commands: commands.iter().map(LoggedCommand::of).collect(),
            options: RuleOptions::DEFAULTS,
        }
    }

    /// The same log, fought under `options`.
    pub fn under(self, options: RuleOptions) -> BattleLog {
        BattleLog { options, ..self }
    }

    /// The commands, read back as `R`'s.
    pub fn read<R: Ruleset>(&self) -> Result<Vec<R::Command>, ReplayError> {
        read_commands::<R>(&self.commands)
    }

    /// Commands in it.
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    /// Whether it holds no command.
    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }
}

/// Logged commands read back as `R`'s.
pub fn read_commands<R: Ruleset>(log: &[LoggedCommand]) -> Result<Vec<R::Command>, ReplayError> {
    log.iter()
        .enumerate()
        .map(|(i, c)| {
            c.read().map_err(|e| ReplayError::Unreadable {
                index: i + 1,
                why: e.to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_read_from_a_pretty_save_equals_the_one_written_and_keeps_its_floats() {
        #[derive(Debug, PartialEq, Serialize, Deserialize)]
        struct Move {
            path: Vec<[f64; 2]>,
            name: String,
        }
        let m = Move {
            path: vec![[1141.203948775786, 0.1 + 0.2]],
            name: "a \"b\"".into(),
        };
        let logged = LoggedCommand::of(&m);
        let pretty = serde_json::to_string_pretty(&logged).unwrap();
        let back: LoggedCommand = serde_json::from_str(&pretty).unwrap();
        assert_eq!(back, logged);
        assert_eq!(back.read::<Move>().unwrap(), m);
    }
}
