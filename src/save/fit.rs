//! Does a save fit the map it is loaded on?
//!
//! A save refers to the map's settlement places by index. A map re-imported under the same name
//! (a newer extract, other import options) may number its places differently or have fewer, and
//! a save made on the old one would then put settlements on places that are not there. So before
//! a save is replayed, every place it names is looked up on the map: it must exist, with the same
//! name, kind and point as when the game was played.

use crate::map::PlaceId;
use crate::rules::{Board, Command, Game};

/// How many mismatches a message lists before summing up the rest.
const SHOWN: usize = 3;

/// Why a save does not fit a map.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("This save does not fit the map {map:?} as it is now (was the map re-imported since the game was saved?): {}", list(.problems))]
pub struct MapMismatch {
    /// The map's name in the save.
    pub map: String,
    /// Every place that does not match, in words.
    pub problems: Vec<String>,
}

fn list(problems: &[String]) -> String {
    let mut s = problems
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    if problems.len() > SHOWN {
        s.push_str(&format!("; and {} more", problems.len() - SHOWN));
    }
    s
}

/// Check every place `game` refers to (its settlements and the bases its log placed) against
/// `board`'s map.
pub fn check_fits(game: &Game, board: &dyn Board) -> Result<(), MapMismatch> {
    let mut problems = Vec::new();
    let places = board.place_ids().len();
    let missing = |id: PlaceId, what: &str| {
        format!(
            "{what} place #{}, but the map has only {places} places",
            id.0
        )
    };
    for s in game.state().settlements() {
        let what = format!("the settlement {:?}", s.name());
        match board.place(s.place()) {
            None => problems.push(missing(s.place(), &format!("{what} is on"))),
            Some(f) if f.name != s.name() => problems.push(format!(
                "{what} is on place #{}, which the map calls {:?}",
                s.place().0,
                f.name
            )),
            Some(f) if f.kind != s.kind() || f.pos != s.pos() => problems.push(format!(
                "{what} (place #{}) has moved or changed kind on the map",
                s.place().0
            )),
            Some(_) => {}
        }
    }
    for (i, c) in game.commands().iter().enumerate() {
        if let Command::PlaceBase(pb) = c {
            if board.place(pb.place).is_none() {
                problems.push(missing(pb.place, &format!("command {i} places a base on")));
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(MapMismatch {
            map: game.setup().map.clone(),
            problems,
        })
    }
}
