//! The Dice Flew's numbers: weapons and their fire points, how far each kind of unit goes over
//! each kind of ground, anti-tank attack and defence, and the loss fractions of morale. Every
//! reading of the text is in `docs/rules/dice_flew.md`.

use serde::{Deserialize, Serialize};

use crate::tactical::force::Quality;
use crate::tactical::sight::Footing;
use crate::tactical::table::inches;

/// What a figure or vehicle fights with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    /// A magazine rifle (officers' and NCOs' arms count as rifles).
    Rifle,
    /// A sub-machine gun.
    Smg,
    /// A light machine gun and its gunner.
    Lmg,
    /// A heavy machine gun on its tripod.
    Hmg,
    /// A light mortar.
    Mortar,
    /// A bazooka: an anti-tank weapon only.
    Bazooka,
    /// A light gun (an armoured car's or a light tank's).
    LightGun,
    /// A medium gun (a field gun, a medium tank's).
    MediumGun,
    /// A heavy gun.
    HeavyGun,
}

/// Every weapon, in the order a unit lists them.
pub const WEAPONS: [Weapon; 9] = [
    Weapon::Rifle,
    Weapon::Smg,
    Weapon::Lmg,
    Weapon::Hmg,
    Weapon::Mortar,
    Weapon::Bazooka,
    Weapon::LightGun,
    Weapon::MediumGun,
    Weapon::HeavyGun,
];

impl Weapon {
    /// Its place in [`WEAPONS`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Longest range against soft targets, mm (0: it does not fire at soft targets).
    pub fn range(self) -> f64 {
        inches(match self {
            Weapon::Rifle => 12.0,
            Weapon::Smg => 6.0,
            Weapon::Lmg => 18.0,
            Weapon::Hmg | Weapon::Mortar => 24.0,
            Weapon::Bazooka | Weapon::LightGun => 0.0,
            Weapon::MediumGun | Weapon::HeavyGun => 24.0,
        })
    }

    /// Shortest range: a mortar cannot drop its bombs closer than 6″.
    pub fn min_range(self) -> f64 {
        match self {
            Weapon::Mortar => inches(6.0),
            _ => 0.0,
        }
    }

    /// Fire points against a soft target at `dist` mm (0 out of range).
    pub fn points(self, dist: f64) -> u32 {
        if dist > self.range() + 1e-9 || dist < self.min_range() - 1e-9 {
            return 0;
        }
        match self {
            Weapon::Rifle => 1,
            Weapon::Smg | Weapon::Lmg => 3,
            Weapon::Hmg | Weapon::Mortar | Weapon::MediumGun | Weapon::HeavyGun => 5,
            Weapon::Bazooka | Weapon::LightGun => 0,
        }
    }

    /// Anti-tank attack value and range, mm, if it fires at armour one die per weapon.
    pub fn anti_tank(self) -> Option<(i32, f64)> {
        match self {
            Weapon::Bazooka => Some((1, inches(6.0))),
            Weapon::LightGun => Some((0, inches(12.0))),
            Weapon::MediumGun => Some((1, inches(24.0))),
            Weapon::HeavyGun => Some((2, inches(36.0))),
            _ => None,
        }
    }
}

/// The machine gun every armoured vehicle carries: 5 points within 12″.
pub fn afv_mg_points(dist: f64) -> u32 {
    if dist <= inches(12.0) + 1e-9 {
        5
    } else {
        0
    }
}

/// Small arms, HMGs and mortars against armour: one die per 5 points within 6″, attack 0.
pub const SMALL_ARMS_AT_RANGE_IN: f64 = 6.0;

/// Dice for `points` of fire at `per` points a die, a remainder of half or more rounding up.
pub fn dice_for(points: u32, per: u32) -> u32 {
    (2 * points + per) / (2 * per)
}

/// The guns of an off-table battery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Guns {
    /// Light field guns: 5 points a gun.
    Light,
    /// Medium guns: 10 points a gun.
    Medium,
    /// Heavy guns: 15 points a gun.
    Heavy,
}

impl Guns {
    /// Barrage points per gun, at any range.
    pub fn points(self) -> u32 {
        match self {
            Guns::Light => 5,
            Guns::Medium => 10,
            Guns::Heavy => 15,
        }
    }
}

/// Guns in an off-table battery (one strategic die).
pub const GUNS_PER_BATTERY: u32 = 2;

/// How a unit goes over the ground.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    /// Infantry and their support weapons.
    Foot,
    /// Cavalry, armoured cars, fast tanks.
    Fast,
    /// Tanks.
    Tracked,
    /// Artillery and headquarters: roads, and open ground slowly.
    Towed,
}

/// The kind of ground a stretch of path is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ground {
    /// A road: the column pace.
    Road,
    /// Open fields.
    Open,
    /// Woods, houses and hills.
    Broken,
    /// Swamp and streams waded.
    Difficult,
}

/// The ground under one surveyed stretch (a road through anything is a road).
pub fn ground(f: &Footing) -> Ground {
    if f.road {
        Ground::Road
    } else if f.swamp {
        Ground::Difficult
    } else if f.woods || f.house || f.uphill {
        Ground::Broken
    } else {
        Ground::Open
    }
}

/// A whole move over this ground alone, mm; `None` where the unit may not go at all.
pub fn allowance(m: Movement, g: Ground) -> Option<f64> {
    let i = match (m, g) {
        (Movement::Foot, Ground::Road) => 18.0,
        (Movement::Foot, Ground::Open | Ground::Broken) => 12.0,
        (Movement::Foot, Ground::Difficult) => 6.0,
        (Movement::Fast, Ground::Road) => 36.0,
        (Movement::Fast, Ground::Open) => 24.0,
        (Movement::Fast, Ground::Broken) => 6.0,
        (Movement::Tracked, Ground::Road) => 24.0,
        (Movement::Tracked, Ground::Open) => 18.0,
        (Movement::Tracked, Ground::Broken) => 6.0,
        (Movement::Towed, Ground::Road) => 18.0,
        (Movement::Towed, Ground::Open) => 6.0,
        (Movement::Fast | Movement::Tracked, Ground::Difficult) => return None,
        (Movement::Towed, Ground::Broken | Ground::Difficult) => return None,
    };
    Some(inches(i))
}

/// An armoured vehicle's class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Armour {
    /// Light tanks and armoured cars.
    Light,
    /// Medium tanks.
    Medium,
    /// Heavy tanks.
    Heavy,
}

impl Armour {
    /// Defence value `(front, flank)`.
    pub fn defence(self) -> (i32, i32) {
        match self {
            Armour::Heavy => (7, 5),
            Armour::Medium => (6, 4),
            Armour::Light => (5, 4),
        }
    }
}

/// The share of its strength a unit may lose to one round of fire before it retreats and is
/// pinned, and the share of its starting strength a battalion may lose before it is shaken, as
/// `(numerator, denominator)`: a half, a third for green troops, two thirds for elite.
pub fn loss_fraction(q: Quality) -> (u32, u32) {
    match q {
        Quality::Green => (1, 3),
        Quality::Regular => (1, 2),
        Quality::Elite => (2, 3),
    }
}

/// Whether `lost` of `of` reaches the fraction.
pub fn reaches(lost: u32, of: u32, (n, d): (u32, u32)) -> bool {
    of > 0 && lost * d >= of * n
}

/// The rally roll's modifier: −1 green, +1 elite; a pin lifts on any modified 4 or more.
pub fn rally_modifier(q: Quality) -> i32 {
    match q {
        Quality::Green => -1,
        Quality::Regular => 0,
        Quality::Elite => 1,
    }
}

/// Melee's modifier to every die for the fighter's quality (the same as rallying's).
pub fn melee_quality_modifier(q: Quality) -> i32 {
    rally_modifier(q)
}

/// One die of direct fire after modifiers (never below nothing): −1 within half range, −2
/// beyond, −2 more against cover.
pub fn fire_die(die: u8, within_half: bool, cover: bool) -> u32 {
    let m = if within_half { 1 } else { 2 } + if cover { 2 } else { 0 };
    (die as i32 - m).max(0) as u32
}

/// Distance within which a company counts as in command of its battalion HQ: 12″, 24″ by radio.
pub fn command_radius(radio: bool) -> f64 {
    inches(if radio { 24.0 } else { 12.0 })
}

/// Beyond this distance from the army commander an order change without radio or telephone is
/// made at −1.
pub fn order_change_reach() -> f64 {
    inches(24.0)
}

/// The score a command or order-change roll needs.
pub const COMMAND_ROLL: i32 = 2;

/// Engagement distance: melee is fought, and no one shoots at a target, within 3″ (edge to edge).
pub fn engaged() -> f64 {
    inches(3.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(x: f64) -> f64 {
        (x / inches(1.0) * 1e6).round() / 1e6
    }

    #[test]
    fn fire_points_by_weapon_and_range() {
        assert_eq!(Weapon::Rifle.points(inches(12.0)), 1);
        assert_eq!(Weapon::Rifle.points(inches(12.5)), 0);
        assert_eq!(Weapon::Smg.points(inches(6.0)), 3);
        assert_eq!(Weapon::Smg.points(inches(7.0)), 0);
        assert_eq!(Weapon::Lmg.points(inches(18.0)), 3);
        assert_eq!(Weapon::Hmg.points(inches(24.0)), 5);
        assert_eq!(
            Weapon::Mortar.points(inches(5.0)),
            0,
            "inside the 6″ minimum"
        );
        assert_eq!(Weapon::Mortar.points(inches(20.0)), 5);
        assert_eq!(Weapon::MediumGun.points(inches(24.0)), 5);
        assert_eq!(Weapon::LightGun.points(inches(6.0)), 0);
        assert_eq!(afv_mg_points(inches(12.0)), 5);
        assert_eq!(afv_mg_points(inches(13.0)), 0);
    }

    #[test]
    fn one_die_per_ten_points_rounding_half_up() {
        assert_eq!(dice_for(4, 10), 0);
        assert_eq!(dice_for(5, 10), 1);
        assert_eq!(dice_for(14, 10), 1);
        assert_eq!(dice_for(15, 10), 2);
        assert_eq!(dice_for(12, 5), 2);
        assert_eq!(dice_for(13, 5), 3);
    }

    #[test]
    fn fire_dice_lose_one_close_two_far_two_more_in_cover() {
        assert_eq!(fire_die(6, true, false), 5);
        assert_eq!(fire_die(6, false, false), 4);
        assert_eq!(fire_die(6, false, true), 2);
        assert_eq!(fire_die(2, false, true), 0, "never below nothing");
        assert_eq!(fire_die(1, true, false), 0);
    }

    #[test]
    fn moves_by_type_and_ground() {
        use Ground::*;
        use Movement::*;
        let a = |m, g| allowance(m, g).map(i);
        assert_eq!(a(Foot, Open), Some(12.0));
        assert_eq!(a(Foot, Broken), Some(12.0));
        assert_eq!(a(Foot, Road), Some(18.0));
        assert_eq!(a(Foot, Difficult), Some(6.0));
        assert_eq!(a(Fast, Open), Some(24.0));
        assert_eq!(a(Fast, Broken), Some(6.0));
        assert_eq!(a(Fast, Road), Some(36.0));
        assert_eq!(a(Fast, Difficult), None);
        assert_eq!(a(Tracked, Open), Some(18.0));
        assert_eq!(a(Tracked, Broken), Some(6.0));
        assert_eq!(a(Tracked, Road), Some(24.0));
        assert_eq!(a(Tracked, Difficult), None);
        assert_eq!(a(Towed, Open), Some(6.0));
        assert_eq!(a(Towed, Road), Some(18.0));
        assert_eq!(a(Towed, Broken), None);
    }

    #[test]
    fn ground_from_footing() {
        let f = |road, woods, swamp, uphill| Footing {
            road,
            woods,
            swamp,
            uphill,
            ..Footing::default()
        };
        assert_eq!(ground(&f(true, true, true, false)), Ground::Road);
        assert_eq!(ground(&f(false, false, true, false)), Ground::Difficult);
        assert_eq!(ground(&f(false, true, false, false)), Ground::Broken);
        assert_eq!(ground(&f(false, false, false, true)), Ground::Broken);
        assert_eq!(ground(&f(false, false, false, false)), Ground::Open);
    }

    #[test]
    fn barrages_are_5_10_15_points_a_gun() {
        assert_eq!(Guns::Light.points(), 5);
        assert_eq!(Guns::Medium.points(), 10);
        assert_eq!(Guns::Heavy.points(), 15);
        // A battery of two medium guns: 20 points, two dice, each −2 as fire beyond half range.
        assert_eq!(dice_for(GUNS_PER_BATTERY * Guns::Medium.points(), 10), 2);
        assert_eq!(fire_die(6, false, false), 4);
    }

    #[test]
    fn armour_and_anti_tank_values() {
        assert_eq!(Armour::Heavy.defence(), (7, 5));
        assert_eq!(Armour::Medium.defence(), (6, 4));
        assert_eq!(Armour::Light.defence(), (5, 4));
        assert_eq!(Weapon::Bazooka.anti_tank(), Some((1, inches(6.0))));
        assert_eq!(Weapon::HeavyGun.anti_tank(), Some((2, inches(36.0))));
        assert_eq!(Weapon::Rifle.anti_tank(), None);
    }

    #[test]
    fn loss_fractions_half_third_two_thirds() {
        assert!(reaches(6, 12, loss_fraction(Quality::Regular)));
        assert!(!reaches(5, 12, loss_fraction(Quality::Regular)));
        assert!(reaches(4, 12, loss_fraction(Quality::Green)));
        assert!(!reaches(7, 12, loss_fraction(Quality::Elite)));
        assert!(reaches(8, 12, loss_fraction(Quality::Elite)));
        assert_eq!(rally_modifier(Quality::Green), -1);
        assert_eq!(rally_modifier(Quality::Elite), 1);
    }
}
