//! Whether a game state belongs to this map. A save names each settlement's place by its index
//! in the map package; a save made on another version of the map (re-imported, hand-edited)
//! would point those indices at other places or past the end (issue 17). The state carries each
//! settlement's name and position, so the mismatch is seen before anything trusts the index.

use super::MapBoard;
use crate::rules::state::State;

/// How far (metres) a settlement may stand from its place on this map and still be that place:
/// positions are kept to the millimetre, so anything more is another map.
const SAME_PLACE_M: f64 = 1.0;

impl MapBoard<'_> {
    /// Why `state` cannot be played on this map, if it cannot: a settlement whose place index
    /// the map does not have, or whose place here has another name or stands elsewhere. Call it
    /// on a loaded save before playing it on a map package.
    pub fn state_problem(&self, state: &State) -> Option<String> {
        let map = self.map.meta().name.as_str();
        for s in state.settlements() {
            let index = s.place().0;
            let Some(place) = self.map.places().get(index as usize) else {
                return Some(format!(
                    "The settlement {} is place {index} of the map, but {map} has only {} places: \
                     the game was saved on another version of the map.",
                    s.name(),
                    self.map.places().len()
                ));
            };
            let [x, y] = s.pos().to_m();
            let [px, py] = place.pos();
            let apart = (x - px).hypot(y - py);
            if place.name() != s.name() || apart.is_nan() || apart > SAME_PLACE_M {
                return Some(format!(
                    "The settlement {} is place {index} of the map, but on {map} that place is {} \
                     ({:.0} m away): the game was saved on another version of the map.",
                    s.name(),
                    place.name(),
                    apart
                ));
            }
        }
        None
    }
}
