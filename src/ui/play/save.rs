//! Who sits at each seat, in the save file.
//!
//! The engine's save is the game: setup (names and colours included), seed, command log and
//! snapshot. Whether a seat is played by a person or by the AI is not part of the game (the
//! engine never asks), so the game screen records it beside the engine's fields as `"seats"`; the
//! engine's reader ignores fields it does not know, and a save without them (older, or written
//! by `omms sim`) opens with every seat human, as before.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::Seat;
use crate::ai::Level;
use crate::rules::Game;
use crate::tactical::{BattleLog, LoggedCommand};

/// One seat as the save records it.
#[derive(Debug, Serialize, Deserialize)]
struct SeatRecord {
    /// The player's name (as in the setup; repeated so the file reads on its own).
    name: String,
    /// The player's colour (likewise).
    colour: String,
    /// `"human"` or `"ai"`.
    plays: String,
    /// The bot that plays an AI seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bot: Option<String>,
}

/// The game's save text with the seats added.
pub fn save_json(game: &Game, seats: &[Seat]) -> String {
    let text = game.to_json();
    let players = game.state().players();
    let records: Vec<SeatRecord> = players
        .iter()
        .zip(seats)
        .map(|(p, seat)| SeatRecord {
            name: p.name().to_string(),
            colour: p.colour().to_string(),
            plays: match seat {
                Seat::Human => "human",
                Seat::Ai(_) => "ai",
            }
            .into(),
            bot: match seat {
                Seat::Ai(level) => Some(level.name().into()),
                Seat::Human => None,
            },
        })
        .collect();
    // Spliced in as text: going through `serde_json::Value` would sort the engine's fields
    // alphabetically and bury `format_version` in the middle of the file.
    let Some(body) = text.trim_end().strip_suffix('}') else {
        return text;
    };
    let seats = records
        .iter()
        .map(|r| format!("    {}", serde_json::to_string(r).unwrap_or_default()))
        .collect::<Vec<_>>()
        .join(",\n");
    format!("{},\n  \"seats\": [\n{seats}\n  ]\n}}\n", body.trim_end())
}

/// The game's save text with the seats and, while a battle is being fought on the table, the
/// commands given so far, so a loaded game goes on where the table was left. The engine's part
/// is unchanged: the battle stays owed in it, and older builds simply start it again.
pub fn save_json_with_table(game: &Game, seats: &[Seat], table: Option<&BattleLog>) -> String {
    let text = save_json(game, seats);
    let Some(commands) = table.map(|t| &t.commands) else {
        return text;
    };
    let Some(body) = text.trim_end().strip_suffix('}') else {
        return text;
    };
    let log = serde_json::to_string(commands).unwrap_or_else(|_| "[]".into());
    format!("{},\n  \"table_commands\": {log}\n}}\n", body.trim_end())
}

/// The table commands recorded in a save's text (see [`save_json_with_table`]); none when absent
/// or unreadable.
pub fn table_in_json(text: &str) -> Option<Vec<LoggedCommand>> {
    #[derive(Deserialize)]
    struct Table {
        table_commands: Option<Vec<LoggedCommand>>,
    }
    serde_json::from_str::<Table>(text).ok()?.table_commands
}

/// The seats recorded in a save's text: `players` seats, every one human when the save does not
/// say (or says something this build cannot read).
pub fn seats_from_json(text: &str, players: usize) -> Vec<Seat> {
    #[derive(Deserialize)]
    struct Seats {
        #[serde(default)]
        seats: Vec<SeatRecord>,
    }
    let recorded = serde_json::from_str::<Seats>(text)
        .map(|s| s.seats)
        .unwrap_or_default();
    if recorded.len() != players {
        return vec![Seat::Human; players];
    }
    recorded
        .iter()
        .map(|r| {
            if r.plays == "ai" {
                // Saves from before the levels name the bot "general": the normal level.
                let level = r.bot.as_deref().and_then(Level::from_name);
                Seat::Ai(level.unwrap_or(Level::Normal))
            } else {
                Seat::Human
            }
        })
        .collect()
}

/// The seats recorded in the save file at `path` (see [`seats_from_json`]).
pub fn seats_in_save(path: &Path, players: usize) -> Vec<Seat> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    seats_from_json(&text, players)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::setup;

    #[test]
    fn seats_survive_a_save_and_old_saves_open_with_every_seat_human() {
        let game = Game::new(setup(&["Ann", "Bot"]), 5).unwrap();
        let text = save_json(&game, &[Seat::Human, Seat::Ai(Level::Hard)]);
        assert!(text.starts_with("{\n  \"format_version\""), "{text}");
        assert!(text.contains("\"plays\":\"ai\",\"bot\":\"hard\""), "{text}");
        let before_levels = text.replace("\"bot\":\"hard\"", "\"bot\":\"general\"");
        assert_eq!(
            seats_from_json(&before_levels, 2),
            [Seat::Human, Seat::Ai(Level::Normal)],
            "a save from before the levels plays its AI at the normal level"
        );
        assert_eq!(
            seats_from_json(&text, 2),
            [Seat::Human, Seat::Ai(Level::Hard)]
        );
        let again = Game::from_json(&text).expect("the engine reads a save with seats");
        assert_eq!(again.to_json(), game.to_json());

        assert_eq!(seats_from_json(&game.to_json(), 2), [Seat::Human; 2]);
        assert_eq!(seats_from_json("not json", 2), [Seat::Human; 2]);
        assert_eq!(
            seats_from_json(&text, 3),
            [Seat::Human; 3],
            "seat count differs"
        );
    }
}
