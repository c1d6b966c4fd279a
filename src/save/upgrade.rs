//! Older save formats, upgraded one version at a time to [`FORMAT_VERSION`].
//!
//! Each step takes the JSON of version N and returns the JSON of version N+1, so a file from any
//! past version goes through every step in order, and each step is tested on its own.
//!
//! - Version 1 (the first): the game's fields only. The game screen spliced in `seats` as
//!   `{"name", "colour", "plays": "human"|"ai", "bot"}` records, and a table battle being fought
//!   as `table_commands` (always an OMOG 19C battle); `omms sim` wrote neither.
//! - Version 2: adds `game_id`, `name`, `saved_at`; `seats` become typed and required (a version-1
//!   save without them had every seat human); the battle in progress becomes
//!   `battle_in_progress`, tagged with its ruleset.

use serde_json::{json, Map, Value};

use super::format::{GameId, SaveError, FORMAT_VERSION};
use crate::rules::{Command, GameSetup};

/// Bring a save's JSON from `version` to [`FORMAT_VERSION`].
pub fn to_current(mut value: Value, version: u32) -> Result<Value, SaveError> {
    if version == 0 {
        return Err(SaveError::Unknown(version));
    }
    for from in version..FORMAT_VERSION {
        value = match from {
            1 => v1_to_v2(value)?,
            other => return Err(SaveError::Unknown(other)),
        };
    }
    Ok(value)
}

fn damaged(what: impl std::fmt::Display) -> SaveError {
    SaveError::Damaged(format!("(upgrading from save format 1) {what}"))
}

/// Version 1 → 2.
pub fn v1_to_v2(value: Value) -> Result<Value, SaveError> {
    let Value::Object(mut old) = value else {
        return Err(damaged("the save is not a JSON object"));
    };
    let seed: u64 = field(&old, "seed")?;
    let setup: GameSetup = field(&old, "setup")?;
    let commands: Vec<Command> = field(&old, "commands")?;
    let players = setup.players.len();
    let id = GameId::derived(seed, &setup, &commands[..players.min(commands.len())]);

    // The game screen's reader took the seats only when there was one per player, and anything
    // but "ai" as a person; so does the upgrade, so a game opens with the same seats as before.
    let seats: Vec<Value> = match old.remove("seats") {
        Some(Value::Array(records)) if records.len() == players => records
            .iter()
            .map(|r| match r.get("plays").and_then(Value::as_str) {
                Some("ai") => json!({
                    "plays": "ai",
                    "bot": r.get("bot").and_then(Value::as_str).unwrap_or("general"),
                }),
                _ => json!({"plays": "human"}),
            })
            .collect(),
        _ => vec![json!({"plays": "human"}); players],
    };
    let battle = match old.remove("table_commands") {
        None | Some(Value::Null) => Value::Null,
        Some(commands @ Value::Array(_)) => json!({"ruleset": "omog19c", "commands": commands}),
        Some(other) => return Err(damaged(format!("table_commands is not a list: {other}"))),
    };

    let mut new = Map::new();
    new.insert("format_version".into(), 2.into());
    new.insert("game_id".into(), json!(id));
    new.insert("name".into(), Value::Null);
    new.insert("saved_at".into(), Value::Null);
    for key in ["seed", "setup"] {
        new.insert(key.into(), old.remove(key).unwrap_or(Value::Null));
    }
    new.insert("seats".into(), Value::Array(seats));
    for key in ["commands", "turn_hashes"] {
        new.insert(key.into(), old.remove(key).unwrap_or(Value::Null));
    }
    new.insert("battle_in_progress".into(), battle);
    new.insert(
        "snapshot".into(),
        old.remove("snapshot").unwrap_or(Value::Null),
    );
    Ok(Value::Object(new))
}

fn field<T: serde::de::DeserializeOwned>(
    obj: &Map<String, Value>,
    key: &str,
) -> Result<T, SaveError> {
    let v = obj
        .get(key)
        .ok_or_else(|| damaged(format!("missing field `{key}`")))?;
    T::deserialize(v).map_err(|e| damaged(format!("{key}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v1(extra: Value) -> Value {
        let mut v = json!({
            "format_version": 1,
            "seed": 3,
            "setup": {"map": "andorra", "scale": 25000,
                      "players": [{"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"}],
                      "options": {"draw": "roll_die", "tanks": false, "victory": "last_standing", "seafaring": false}},
            "commands": [{"type": "place_base", "place": 0}],
            "turn_hashes": [],
            "snapshot": {"anything": true},
        });
        if let (Value::Object(v), Value::Object(e)) = (&mut v, extra) {
            v.extend(e);
        }
        v
    }

    #[test]
    fn seats_and_the_table_battle_become_typed_fields() {
        let old = v1(json!({
            "seats": [
                {"name": "Ann", "colour": "red", "plays": "human"},
                {"name": "Bo", "colour": "blue", "plays": "ai", "bot": "random"}
            ],
            "table_commands": [{"command": "end_move"}],
        }));
        let new = v1_to_v2(old).unwrap();
        // Exactly the fields this build writes, nothing left over from version 1.
        let keys = |v: &Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
        let game =
            crate::rules::Game::new(crate::rules::testkit::setup(&["Ann", "Bo"]), 3).unwrap();
        let written: Value = serde_json::from_str(&game.to_json()).unwrap();
        assert_eq!(keys(&new), keys(&written));
        assert_eq!(new["format_version"], 2);
        assert_eq!(
            new["seats"],
            json!([{"plays": "human"}, {"plays": "ai", "bot": "random"}])
        );
        assert_eq!(
            new["battle_in_progress"],
            json!({"ruleset": "omog19c", "commands": [{"command": "end_move"}]})
        );
        assert_eq!(
            (&new["name"], &new["saved_at"]),
            (&Value::Null, &Value::Null)
        );
        assert_eq!(new["snapshot"], json!({"anything": true}));
        let id = new["game_id"].as_str().unwrap();
        assert!(id.starts_with('g') && id.len() == 17, "{id}");
    }

    #[test]
    fn a_save_without_seats_had_every_seat_human_and_keeps_its_id() {
        let a = v1_to_v2(v1(json!({}))).unwrap();
        assert_eq!(a["seats"], json!([{"plays": "human"}, {"plays": "human"}]));
        assert_eq!(a["battle_in_progress"], Value::Null);
        // Seats that do not match the players were ignored by version 1's reader.
        let b = v1_to_v2(v1(json!({"seats": [{"plays": "ai"}]}))).unwrap();
        assert_eq!(b["seats"], a["seats"]);
        // The same game (seed, setup, opening) gets the same id, a different seed another.
        assert_eq!(a["game_id"], b["game_id"]);
        let c = v1_to_v2(v1(json!({"seed": 4}))).unwrap();
        assert_ne!(a["game_id"], c["game_id"]);
    }

    #[test]
    fn a_damaged_version_1_save_says_what_is_wrong() {
        let e = v1_to_v2(v1(json!({"seed": "three"}))).unwrap_err();
        assert!(e.to_string().contains("seed"), "{e}");
        let e = v1_to_v2(v1(json!({"table_commands": 5}))).unwrap_err();
        assert!(e.to_string().contains("table_commands"), "{e}");
        assert_eq!(to_current(json!({}), 0).unwrap_err(), SaveError::Unknown(0));
    }
}
