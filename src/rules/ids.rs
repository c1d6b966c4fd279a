//! Typed ids, quantities and positions.
//!
//! Every id is a small integer wrapped in its own type so a unit id can never be passed where a
//! settlement id is expected. Quantities (food, dice, settlement points) are newtypes for the same
//! reason.

use serde::{Deserialize, Serialize};

/// A player, by seat: 0 is the first player in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// Index into [`State::players`](super::State::players).
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A unit (Scout, Guard, …). Ids are handed out in order and never reused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub u32);

/// A built settlement (basic or fortified). Ids are handed out in order and never reused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SettlementId(pub u32);

/// One physical card among the `54 × players` in the game; see [`Card::from_id`](super::Card::from_id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

impl CardId {
    /// A card some seat may not see: in its view of the state and of the events (see
    /// [`view`](super::view)), every card it cannot see is this id. Its face reads as a joker,
    /// which is worth nothing and buys nothing, so a hidden card can never be mistaken for one.
    pub const HIDDEN: CardId = CardId(u16::MAX);

    /// Whether this is [`CardId::HIDDEN`].
    pub fn is_hidden(self) -> bool {
        self == CardId::HIDDEN
    }
}

/// Food tokens (matchsticks).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Food(pub u32);

/// A number of six-sided dice.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Dice(pub u8);

impl Dice {
    /// There are four dice on the table, so no side ever rolls more.
    pub const MAX: Dice = Dice(4);

    /// `self + other`, never above [`Dice::MAX`].
    pub fn plus_capped(self, other: Dice) -> Dice {
        Dice(self.0.saturating_add(other.0).min(Dice::MAX.0))
    }
}

/// Settlement points: 2 per fortification, 1 per basic settlement.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(pub u32);

/// A position on the map in whole millimetres of ground, in the map's local metric frame.
///
/// Integers rather than `f64` metres because the state is hashed and saved as JSON: serde_json
/// does not promise to read back every float bit for bit, and a replay must match exactly.
/// A millimetre is far below anything the game measures (the smallest coin covers hundreds of
/// metres at 1:25,000).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MapPoint {
    /// East, in millimetres.
    pub x_mm: i64,
    /// North, in millimetres.
    pub y_mm: i64,
}

impl MapPoint {
    /// The point nearest to `[x, y]` metres.
    pub fn from_m(p: [f64; 2]) -> MapPoint {
        // `as` saturates for out-of-range floats, which is what a nonsense coordinate deserves.
        MapPoint {
            x_mm: (p[0] * 1000.0).round() as i64,
            y_mm: (p[1] * 1000.0).round() as i64,
        }
    }

    /// `[x, y]` in metres.
    pub fn to_m(self) -> [f64; 2] {
        [self.x_mm as f64 / 1000.0, self.y_mm as f64 / 1000.0]
    }

    /// Straight-line distance in metres.
    pub fn distance_m(self, other: MapPoint) -> f64 {
        let dx = (self.x_mm - other.x_mm) as f64;
        let dy = (self.y_mm - other.y_mm) as f64;
        (dx * dx + dy * dy).sqrt() / 1000.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_points_round_to_millimetres() {
        let p = MapPoint::from_m([1234.5678, -0.0004]);
        assert_eq!(
            p,
            MapPoint {
                x_mm: 1_234_568,
                y_mm: 0
            }
        );
        assert_eq!(p.to_m(), [1234.568, 0.0]);
        let q = MapPoint::from_m([1234.568 + 3.0, 4.0]);
        assert!((p.distance_m(q) - 5.0).abs() < 1e-9);
    }

    #[test]
    fn dice_never_exceed_four() {
        assert_eq!(Dice(3).plus_capped(Dice(2)), Dice(4));
        assert_eq!(Dice(1).plus_capped(Dice(2)), Dice(3));
    }
}
