//! Unit types, their dice, coins and move radii (RULINGS §4–5), and the units on the map.

use serde::{Deserialize, Serialize};

use super::ids::{Dice, MapPoint, PlayerId, SettlementId, UnitId};
use crate::map::Measure;

/// The kinds of unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitType {
    /// Fast and weak; the only unit (with the Tank) that may leave the roads.
    Scout,
    /// The defender.
    Guard,
    /// The attacker.
    Invader,
    /// *Tanks option*: placed with an Ace, in the base.
    Tank,
    /// *Seafaring option*: built with spades at a port, moves over water, carries up to
    /// [`SHIP_CAPACITY`] units (RULINGS §10).
    Ship,
}

impl UnitType {
    /// Every type, in a fixed order.
    pub const ALL: [UnitType; 5] = [
        UnitType::Scout,
        UnitType::Guard,
        UnitType::Invader,
        UnitType::Tank,
        UnitType::Ship,
    ];

    /// The types a set of clubs may raise (the player's choice).
    pub const RAISED_BY_CLUBS: [UnitType; 3] =
        [UnitType::Scout, UnitType::Guard, UnitType::Invader];

    /// Dice rolled when this unit attacks, before resource dice.
    pub fn attack(self) -> Dice {
        match self {
            UnitType::Scout | UnitType::Guard | UnitType::Ship => Dice(1),
            UnitType::Invader => Dice(2),
            UnitType::Tank => Dice(3),
        }
    }

    /// Dice rolled when this unit defends, before settlement and harbour bonuses.
    pub fn defence(self) -> Dice {
        match self {
            UnitType::Scout | UnitType::Invader | UnitType::Ship => Dice(1),
            UnitType::Guard | UnitType::Tank => Dice(2),
        }
    }

    /// The coin that stands for it on the map; its disc is what blocks enemy paths.
    pub fn coin(self) -> Measure {
        match self {
            UnitType::Scout => Measure::Coin5p,
            UnitType::Guard => Measure::Coin10p,
            UnitType::Invader => Measure::Coin20p,
            UnitType::Tank => Measure::CoinPound,
            UnitType::Ship => Measure::Coin50p,
        }
    }

    /// Radius of a move along major roads; `None` for a Ship, which never uses roads.
    pub fn road_move(self) -> Option<Measure> {
        match self {
            UnitType::Scout | UnitType::Tank => Some(Measure::CardLength),
            UnitType::Guard | UnitType::Invader => Some(Measure::CardBreadth),
            UnitType::Ship => None,
        }
    }

    /// Radius of a straight move off road over land; `None` for units bound to roads.
    pub fn off_road_move(self) -> Option<Measure> {
        match self {
            UnitType::Scout | UnitType::Tank => Some(Measure::CardBreadth),
            UnitType::Guard | UnitType::Invader | UnitType::Ship => None,
        }
    }

    /// Radius of a move at sea: an empty Ship is as fast as a Scout, a loaded one as a Guard.
    pub fn sea_move(self, carrying: bool) -> Option<Measure> {
        match (self, carrying) {
            (UnitType::Ship, false) => Some(Measure::CardLength),
            (UnitType::Ship, true) => Some(Measure::CardBreadth),
            _ => None,
        }
    }

    /// Name as players read it.
    pub fn name(self) -> &'static str {
        match self {
            UnitType::Scout => "Scout",
            UnitType::Guard => "Guard",
            UnitType::Invader => "Invader",
            UnitType::Tank => "Tank",
            UnitType::Ship => "Ship",
        }
    }
}

impl std::fmt::Display for UnitType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Radius within which a unit may attack (the card's breadth).
pub const ATTACK_RADIUS: Measure = Measure::CardBreadth;
/// Radius of the circle a siege is judged in (the card's breadth).
pub const SIEGE_RADIUS: Measure = Measure::CardBreadth;
/// Minimum distance between two settlements: a 10p coin's *diameter*.
pub const SETTLEMENT_SPACING: Measure = Measure::Coin10p;
/// Units a Ship carries at most.
pub const SHIP_CAPACITY: usize = 3;
/// How close to a port a Ship is in harbour, and how close sea must come for a settlement to be
/// a port: a 50p coin's *diameter* (RULINGS §10).
pub const HARBOUR_REACH: Measure = Measure::Coin50p;

/// Where a unit stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    /// Inside one of its owner's settlements (it defends it).
    Settlement(SettlementId),
    /// On a major road.
    Road(MapPoint),
    /// Off road on land (Scouts and Tanks only).
    OffRoad(MapPoint),
    /// A Ship on the water (seafaring).
    Sea(MapPoint),
    /// Carried by this Ship: no coin of its own, it goes where the Ship goes.
    Aboard(UnitId),
}

/// A unit on the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub(crate) id: UnitId,
    pub(crate) owner: PlayerId,
    pub(crate) kind: UnitType,
    pub(crate) at: Location,
    pub(crate) moved: bool,
    pub(crate) attacked: bool,
    pub(crate) bonus_dice: Dice,
}

impl Unit {
    /// Its id.
    pub fn id(&self) -> UnitId {
        self.id
    }
    /// Who owns it.
    pub fn owner(&self) -> PlayerId {
        self.owner
    }
    /// What it is.
    pub fn kind(&self) -> UnitType {
        self.kind
    }
    /// Where it stands.
    pub fn at(&self) -> Location {
        self.at
    }
    /// Whether it has moved this turn.
    pub fn moved(&self) -> bool {
        self.moved
    }
    /// Whether it has attacked this turn.
    pub fn attacked(&self) -> bool {
        self.attacked
    }
    /// Resource dice bought for it this turn.
    pub fn bonus_dice(&self) -> Dice {
        self.bonus_dice
    }
    /// Dice it rolls if it attacks now: strength plus resource dice, at most four.
    pub fn attack_dice(&self) -> Dice {
        self.kind.attack().plus_capped(self.bonus_dice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strengths_follow_the_table() {
        let table: Vec<(UnitType, u8, u8)> = UnitType::ALL
            .iter()
            .map(|t| (*t, t.attack().0, t.defence().0))
            .collect();
        assert_eq!(
            table,
            vec![
                (UnitType::Scout, 1, 1),
                (UnitType::Guard, 1, 2),
                (UnitType::Invader, 2, 1),
                (UnitType::Tank, 3, 2),
                (UnitType::Ship, 1, 1),
            ]
        );
    }

    #[test]
    fn slow_units_stay_on_roads() {
        assert_eq!(UnitType::Guard.road_move(), Some(Measure::CardBreadth));
        assert_eq!(UnitType::Invader.off_road_move(), None);
        assert_eq!(UnitType::Scout.road_move(), Some(Measure::CardLength));
        assert_eq!(UnitType::Scout.off_road_move(), Some(Measure::CardBreadth));
        assert_eq!(UnitType::Tank.road_move(), Some(Measure::CardLength));
        assert_eq!(UnitType::Ship.road_move(), None);
    }
}
