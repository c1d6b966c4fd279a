//! OMOG 19C's numbers: the weapons table, shooting modifiers, heavy-weapon templates and cover
//! saves. Moving and hand to hand are the OMOG core's (re-exported here). Decisions where the text is unclear are
//! written up in `docs/rules/omog19c.md`, each next to the test that pins it.

use serde::{Deserialize, Serialize};

pub use crate::tactical::omog::melee::MeleeModifier;
pub use crate::tactical::omog::movement::{
    allowance, charge_distance_ok, cohesion_distance, mount_change_allowed, move_fraction,
    obstacle_allowance, stick, woods_sight_depth, Mount,
};
use crate::tactical::omog::seeing::ShotTerm;
use crate::tactical::omog::Kit;
use crate::tactical::sight::Cover;
use crate::tactical::table::inches;
use crate::tactical::WallKind;

/// A figure's small arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Weapon {
    /// Rifle (takes a bayonet).
    Rifle,
    /// Carbine.
    Carbine,
    /// Shotgun.
    Shotgun,
    /// Pistol (officers, artillerymen, cavalry).
    Pistol,
    /// Bow and arrow.
    Bow,
}

impl Weapon {
    /// Range bands: (furthest range in mm, lowest die roll that hits), short to long.
    ///
    /// The bow's short band is 3″ (engine ruling: the text names it both 3″ and a PART move; the
    /// 3/6/9″ pattern of its bands decides).
    pub fn bands(self) -> Vec<(f64, u8)> {
        match self {
            Weapon::Rifle => vec![(inches(6.0), 3), (inches(12.0), 4), (inches(18.0), 5)],
            Weapon::Carbine | Weapon::Shotgun => {
                vec![(inches(4.0), 3), (inches(8.0), 4), (inches(12.0), 5)]
            }
            Weapon::Pistol => vec![(inches(3.0), 4), (inches(6.0), 6)],
            Weapon::Bow => vec![(inches(3.0), 4), (inches(6.0), 5), (inches(9.0), 6)],
        }
    }

    /// The weapon's greatest range.
    pub fn max_range(self) -> f64 {
        self.bands().last().map(|b| b.0).unwrap_or(0.0)
    }

    /// The unmodified roll needed at `range`, or `None` when out of range.
    pub fn base_need(self, range: f64) -> Option<u8> {
        self.bands()
            .into_iter()
            .find(|(max, _)| range <= *max + 1e-9)
            .map(|(_, need)| need)
    }

    /// Whether it takes a bayonet.
    pub fn bayonet(self) -> bool {
        self == Weapon::Rifle
    }

    /// Its name for players.
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Rifle => "rifle",
            Weapon::Carbine => "carbine",
            Weapon::Shotgun => "shotgun",
            Weapon::Pistol => "pistol",
            Weapon::Bow => "bow",
        }
    }
}

impl Kit for Weapon {
    fn bayonet(self) -> bool {
        Weapon::bayonet(self)
    }
    fn max_range(self) -> f64 {
        Weapon::max_range(self)
    }
    fn soldier(self, mount: Mount) -> &'static str {
        match mount {
            Mount::Horse => "trooper",
            Mount::Foot => "rifleman",
        }
    }
}

/// Something that makes a shot easier or harder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotModifier {
    /// The target is in woods.
    TargetInWoods,
    /// The target is in a house.
    TargetInHouse,
    /// The target is behind a low wall or fence.
    TargetBehindLowWall,
    /// The target is behind a chest-high wall (stone wall or hedge).
    TargetBehindHighWall,
    /// The shooter is on a roof or high point.
    ShooterHigh,
    /// The target is using the crest of a hill.
    TargetOnCrest,
    /// The target is firing round a house, tree or wall.
    TargetFiringRoundCover,
    /// The target is firing round or over a large object (boulder, crates).
    TargetFiringRoundObject,
    /// The shooter is mounted and moved this turn.
    ShooterMovedOnHorse,
}

impl ShotModifier {
    /// Its effect on the die (added to the roll).
    pub fn value(self) -> i8 {
        match self {
            ShotModifier::TargetInWoods => -1,
            ShotModifier::TargetInHouse => -2,
            ShotModifier::TargetBehindLowWall => -1,
            ShotModifier::TargetBehindHighWall => -2,
            ShotModifier::ShooterHigh => 1,
            ShotModifier::TargetOnCrest => -1,
            ShotModifier::TargetFiringRoundCover => -1,
            ShotModifier::TargetFiringRoundObject => -1,
            ShotModifier::ShooterMovedOnHorse => -1,
        }
    }

    /// What the player reads next to the to-hit number.
    pub fn label(self) -> &'static str {
        match self {
            ShotModifier::TargetInWoods => "target in woods −1",
            ShotModifier::TargetInHouse => "target in a house −2",
            ShotModifier::TargetBehindLowWall => "target behind a low wall −1",
            ShotModifier::TargetBehindHighWall => "target behind a chest-high wall −2",
            ShotModifier::ShooterHigh => "shooting from high ground +1",
            ShotModifier::TargetOnCrest => "target on a hill crest −1",
            ShotModifier::TargetFiringRoundCover => "target firing round cover −1",
            ShotModifier::TargetFiringRoundObject => "target firing round a large object −1",
            ShotModifier::ShooterMovedOnHorse => "shooting from a horse that moved −1",
        }
    }

    /// The modifier one of the OMOG core's shot terms gives.
    pub fn for_term(term: ShotTerm) -> Option<ShotModifier> {
        match term {
            ShotTerm::Cover(c) => ShotModifier::for_cover(c),
            ShotTerm::FiringRound => Some(ShotModifier::TargetFiringRoundCover),
            ShotTerm::ShooterHigh => Some(ShotModifier::ShooterHigh),
        }
    }

    /// The modifier the target's cover gives against direct fire.
    pub fn for_cover(cover: Cover) -> Option<ShotModifier> {
        match cover {
            Cover::House => Some(ShotModifier::TargetInHouse),
            Cover::Woods => Some(ShotModifier::TargetInWoods),
            Cover::Wall(WallKind::Fence) => Some(ShotModifier::TargetBehindLowWall),
            Cover::Wall(WallKind::Stone | WallKind::Hedge) => {
                Some(ShotModifier::TargetBehindHighWall)
            }
            Cover::HillCrest => Some(ShotModifier::TargetOnCrest),
        }
    }
}

/// The roll a shot needs: the band's number less the modifiers' sum. `None` when out of range
/// or when the modifiers push it beyond 6 (engine ruling: such a shot cannot hit, so it is not
/// offered). A need below 2 is 2: a 1 always misses.
pub fn to_hit(weapon: Weapon, range: f64, mods: &[ShotModifier]) -> Option<u8> {
    let base = weapon.base_need(range)? as i8;
    let need = base - mods.iter().map(|m| m.value()).sum::<i8>();
    (need <= 6).then_some(need.max(2) as u8)
}

/// The roll a figure in cover needs to survive a heavy weapon, or `None` without a save.
pub fn cover_save(cover: Cover) -> Option<u8> {
    match cover {
        Cover::House => Some(3),
        Cover::Wall(WallKind::Stone) => Some(4),
        Cover::Woods | Cover::Wall(WallKind::Fence | WallKind::Hedge) => Some(5),
        Cover::HillCrest => None,
    }
}

/// The fieldpiece's numbers.
pub mod fieldpiece {
    use crate::tactical::table::inches;

    /// Shells burst in a disc this wide.
    pub fn burst_diameter() -> f64 {
        inches(3.0)
    }
    /// Shells reach no nearer than this (a FULL move)...
    pub fn min_shell_range() -> f64 {
        inches(6.0)
    }
    /// ...and no further than this (four FULL moves).
    pub fn max_range() -> f64 {
        inches(24.0)
    }
    /// Grapeshot's cone: length and width of its far end.
    pub fn grape_cone() -> (f64, f64) {
        (inches(6.0), inches(2.0))
    }
    /// Rounds carried: shells, then the one canister.
    pub const SHELLS: u8 = 3;
    /// Canister rounds carried.
    pub const CANISTER: u8 = 1;
    /// Full crew.
    pub const CREW: u8 = 4;
    /// Men needed to push it.
    pub const PUSHERS: u8 = 3;

    /// Where a shell lands, by the die.
    #[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
    pub enum Fall {
        /// A dud: nothing happens.
        Dud,
        /// Lands this far to the gunner's left of the aiming point.
        Left(f64),
        /// Lands this far to the right.
        Right(f64),
        /// Lands this far beyond.
        Over(f64),
        /// Lands on the aiming point.
        OnTarget,
    }

    /// The deviation roll.
    pub fn fall(die: u8) -> Fall {
        match die {
            1 => Fall::Dud,
            2 => Fall::Left(inches(3.0)),
            3 => Fall::Right(inches(3.0)),
            4 => Fall::Over(inches(3.5)),
            _ => Fall::OnTarget,
        }
    }
}

/// The Gatling's numbers.
pub mod gatling {
    use crate::tactical::table::inches;
    /// The diamond cone: length and width at its middle.
    pub fn diamond() -> (f64, f64) {
        (inches(18.0), inches(3.0))
    }
    /// Bursts carried.
    pub const BURSTS: u8 = 4;
    /// Trained men needed to fire it.
    pub const GUNNERS: u8 = 2;
    /// Men needed to move it.
    pub const PUSHERS: u8 = 3;
    /// The die: 6 is a misfire; otherwise that many targets in the cone are hit.
    pub fn hits(die: u8) -> Option<u8> {
        (die != 6).then_some(die)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weapons_table() {
        let need = |w: Weapon, r: f64| w.base_need(inches(r));
        assert_eq!(need(Weapon::Rifle, 6.0), Some(3));
        assert_eq!(need(Weapon::Rifle, 6.1), Some(4));
        assert_eq!(need(Weapon::Rifle, 12.0), Some(4));
        assert_eq!(need(Weapon::Rifle, 18.0), Some(5));
        assert_eq!(need(Weapon::Rifle, 18.1), None);
        assert_eq!(need(Weapon::Carbine, 4.0), Some(3));
        assert_eq!(need(Weapon::Shotgun, 8.0), Some(4));
        assert_eq!(need(Weapon::Carbine, 12.0), Some(5));
        assert_eq!(need(Weapon::Carbine, 12.5), None);
        assert_eq!(need(Weapon::Pistol, 3.0), Some(4));
        assert_eq!(need(Weapon::Pistol, 6.0), Some(6));
        assert_eq!(need(Weapon::Pistol, 6.5), None);
        assert_eq!(need(Weapon::Bow, 3.0), Some(4));
        assert_eq!(need(Weapon::Bow, 6.0), Some(5));
        assert_eq!(need(Weapon::Bow, 9.0), Some(6));
        assert_eq!(need(Weapon::Bow, 9.5), None);
        assert!(Weapon::Rifle.bayonet() && !Weapon::Carbine.bayonet());
    }

    #[test]
    fn modifiers_move_the_roll_needed() {
        use ShotModifier::*;
        let r = inches(10.0); // rifle medium range: 4+
        assert_eq!(to_hit(Weapon::Rifle, r, &[]), Some(4));
        assert_eq!(to_hit(Weapon::Rifle, r, &[TargetInWoods]), Some(5));
        assert_eq!(to_hit(Weapon::Rifle, r, &[TargetInHouse]), Some(6));
        assert_eq!(
            to_hit(Weapon::Rifle, r, &[TargetInHouse, ShooterMovedOnHorse]),
            None
        );
        assert_eq!(to_hit(Weapon::Rifle, r, &[ShooterHigh]), Some(3));
        assert_eq!(to_hit(Weapon::Rifle, r, &[TargetBehindLowWall]), Some(5));
        assert_eq!(to_hit(Weapon::Rifle, r, &[TargetBehindHighWall]), Some(6));
        assert_eq!(
            to_hit(Weapon::Rifle, r, &[TargetOnCrest, TargetFiringRoundCover]),
            Some(6)
        );
        assert_eq!(
            to_hit(Weapon::Rifle, r, &[TargetFiringRoundObject]),
            Some(5)
        );
        // A 1 always misses.
        assert_eq!(
            to_hit(Weapon::Rifle, inches(3.0), &[ShooterHigh, ShooterHigh]),
            Some(2)
        );
        assert_eq!(
            ShotModifier::for_cover(Cover::Wall(WallKind::Fence)),
            Some(TargetBehindLowWall)
        );
        assert_eq!(
            ShotModifier::for_cover(Cover::Wall(WallKind::Hedge)),
            Some(TargetBehindHighWall)
        );
    }

    #[test]
    fn cover_saves_against_heavy_weapons() {
        assert_eq!(cover_save(Cover::House), Some(3));
        assert_eq!(cover_save(Cover::Woods), Some(5));
        assert_eq!(cover_save(Cover::Wall(WallKind::Stone)), Some(4));
        assert_eq!(cover_save(Cover::Wall(WallKind::Fence)), Some(5));
        assert_eq!(cover_save(Cover::Wall(WallKind::Hedge)), Some(5));
        assert_eq!(cover_save(Cover::HillCrest), None);
    }

    #[test]
    fn shell_deviation_and_gatling_dice() {
        use fieldpiece::Fall;
        assert_eq!(fieldpiece::fall(1), Fall::Dud);
        assert_eq!(fieldpiece::fall(2), Fall::Left(inches(3.0)));
        assert_eq!(fieldpiece::fall(3), Fall::Right(inches(3.0)));
        assert_eq!(fieldpiece::fall(4), Fall::Over(inches(3.5)));
        assert_eq!(fieldpiece::fall(5), Fall::OnTarget);
        assert_eq!(fieldpiece::fall(6), Fall::OnTarget);
        assert_eq!(gatling::hits(6), None);
        assert_eq!(gatling::hits(4), Some(4));
        assert_eq!(fieldpiece::SHELLS + fieldpiece::CANISTER, 4);
    }
}
