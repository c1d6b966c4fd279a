//! A save without a history (no commands, no turn hashes) is a position, as a scenario sets one
//! up: there is no replay to prove it, so before it is played it is checked piece by piece
//! against the map. The save's own checks already refuse broken bookkeeping (a card in two
//! places, a unit in another's settlement: `State::consistency_problem`) and `check_fits`
//! settlements on places the map does not have; what is left is geometry only a map can judge.
//! A hand-edited file that puts a unit in a lake or far from any road is refused with the
//! reason, never played.

use crate::map::GameMap;
use crate::rules::{Game, Location, MapBoard, State};

/// How far (metres) a unit said to stand on a road may be from the nearest major road: positions
/// are kept to the millimetre, so more than this is not on that road.
const ON_ROAD_M: f64 = 1.0;
/// How many problems the message names before summing up the rest.
const SHOWN: usize = 3;

impl MapBoard<'_> {
    /// Why the position `game` holds cannot be played on this board's map, if it cannot.
    pub fn position_problem(&self, game: &Game) -> Option<String> {
        position_problem(game, self)
    }
}

fn position_problem(game: &Game, board: &MapBoard) -> Option<String> {
    let problems = problems(game, board.map());
    if problems.is_empty() {
        return None;
    }
    let shown: Vec<&str> = problems.iter().take(SHOWN).map(String::as_str).collect();
    let more = match problems.len().saturating_sub(SHOWN) {
        0 => String::new(),
        n => format!(" (and {n} more)"),
    };
    let s = format!("{}{more}", shown.join("; "));
    Some(format!(
        "This save is a position without a history, and the position is not a legal one: {s}."
    ))
}

fn problems(game: &Game, map: &GameMap) -> Vec<String> {
    let s = game.state();
    let mut out = Vec::new();
    if s.player(s.current_player()).is_out() {
        out.push("the player to act is out of the game".into());
    }
    if !s.pending().is_empty() {
        out.push("it waits for a decision, which only a played game can".into());
    }
    let mut places: Vec<_> = s.settlements().map(|t| t.place()).collect();
    places.sort();
    if places.windows(2).any(|w| w[0] == w[1]) {
        out.push("two settlements stand on one place".into());
    }
    units(s, map, &mut out);
    out
}

fn units(s: &State, map: &GameMap, out: &mut Vec<String>) {
    for u in s.units() {
        let what = format!("unit #{} ({})", u.id().0, u.kind().name());
        if s.player(u.owner()).is_out() {
            out.push(format!("{what} belongs to a player out of the game"));
        }
        match u.at() {
            // The save's own checks hold it to a settlement its owner holds.
            Location::Settlement(_) => {}
            Location::Road(p) => {
                let xy = p.to_m();
                let near = map.nearest_road_point(xy).map(|r| r.distance);
                if !map.is_land(xy) {
                    out.push(format!("{what} stands in water"));
                } else if near.is_none_or(|d| d.is_nan() || d > ON_ROAD_M) {
                    out.push(format!(
                        "{what} is said to be on a road, but the nearest major road is {}",
                        near.map_or("nowhere".into(), |d| format!("{d:.0} m away"))
                    ));
                }
            }
            Location::OffRoad(p) => {
                if u.kind().off_road_move().is_none() {
                    out.push(format!(
                        "{what} stands off road, which only Scouts and Tanks may"
                    ));
                } else if !map.is_land(p.to_m()) {
                    out.push(format!("{what} stands in water"));
                }
            }
            // Seafaring (RULINGS §10): a Ship stays on sea or a navigable river.
            Location::Sea(p) => {
                if !map.is_water(p.to_m()) {
                    out.push(format!(
                        "{what} is said to be afloat, but stands on neither sea nor a navigable river"
                    ));
                }
            }
            // The save's own checks hold it to a friendly Ship with room.
            Location::Aboard(_) => {}
        }
    }
}
