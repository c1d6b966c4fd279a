//! OMOG Musket's numbers: its four firearms (and the warrior's musket, fought with a tomahawk),
//! their range bands, and what makes a shot easier or harder. Moving, charging and the
//! hand-to-hand table are the OMOG core's. Decisions are in `docs/rules/omog_musket.md`.

use serde::{Deserialize, Serialize};

pub use crate::tactical::omog::melee::MeleeModifier;
pub use crate::tactical::omog::movement::{stick, Mount};
use crate::tactical::omog::seeing::ShotTerm;
use crate::tactical::omog::Kit;
use crate::tactical::sight::Cover;
use crate::tactical::table::inches;
use crate::tactical::WallKind;

/// A figure's firearm. Every one is a muzzle-loader: fired, it must be loaded again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    /// The smooth-bore musket, with a bayonet.
    Musket,
    /// A musket without a bayonet, the man fighting hand to hand with tomahawk, knife or club
    /// (a war party's warrior): it shoots as a musket.
    TradeMusket,
    /// The rifle: further and truer, but no bayonet.
    Rifle,
    /// The horseman's short musket.
    Carbine,
    /// Officers' and cavalry's pistol.
    Pistol,
}

impl Weapon {
    /// Every weapon, in the order the docs list them.
    pub const ALL: [Weapon; 5] = [
        Weapon::Musket,
        Weapon::TradeMusket,
        Weapon::Rifle,
        Weapon::Carbine,
        Weapon::Pistol,
    ];

    /// Range bands: (furthest range in mm, lowest die roll that hits), close to long.
    pub fn bands(self) -> [(f64, u8); 3] {
        let b = |a: f64, b: f64, c: f64, n: [u8; 3]| {
            [(inches(a), n[0]), (inches(b), n[1]), (inches(c), n[2])]
        };
        match self {
            Weapon::Musket | Weapon::TradeMusket => b(4.0, 8.0, 12.0, [4, 5, 6]),
            Weapon::Rifle => b(6.0, 12.0, 18.0, [3, 4, 5]),
            Weapon::Carbine => b(3.0, 6.0, 9.0, [4, 5, 6]),
            Weapon::Pistol => b(2.0, 4.0, 6.0, [4, 5, 6]),
        }
    }

    /// Its longest range, mm.
    pub fn max_range(self) -> f64 {
        self.bands()[2].0
    }

    /// The band a range falls in (0: close) and its number, or `None` beyond the long band.
    pub fn band(self, range: f64) -> Option<(usize, u8)> {
        self.bands()
            .iter()
            .position(|(max, _)| range <= *max + 1e-9)
            .map(|k| (k, self.bands()[k].1))
    }

    /// Its name for players.
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Musket => "musket",
            Weapon::TradeMusket => "trade musket",
            Weapon::Rifle => "rifle",
            Weapon::Carbine => "carbine",
            Weapon::Pistol => "pistol",
        }
    }
}

impl Kit for Weapon {
    fn bayonet(self) -> bool {
        self == Weapon::Musket
    }
    fn poor_in_hand_to_hand(self) -> bool {
        // "Tomahawk, knife, club and all riflemen −1".
        matches!(self, Weapon::TradeMusket | Weapon::Rifle)
    }
    fn max_range(self) -> f64 {
        Weapon::max_range(self)
    }
    fn soldier(self, mount: Mount) -> &'static str {
        match (mount, self) {
            (Mount::Horse, Weapon::Carbine) => "dragoon",
            (Mount::Horse, _) => "horseman",
            (Mount::Foot, Weapon::Musket) => "musketeer",
            (Mount::Foot, Weapon::TradeMusket) => "warrior",
            (Mount::Foot, Weapon::Rifle) => "rifleman",
            (Mount::Foot, _) => "soldier",
        }
    }
}

/// Something that makes a shot easier or harder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotModifier {
    /// The target is in woods: −1.
    TargetInWoods,
    /// The target is in a house: −2.
    TargetInHouse,
    /// The target is behind a low wall or fence: −1.
    TargetBehindLowWall,
    /// The target is behind a chest-high wall or hedge: −2.
    TargetBehindHighWall,
    /// The target is using a hill's crest: −1.
    TargetOnCrest,
    /// The shooter is on a roof or high place: +1.
    ShooterHigh,
    /// The shooter is a horseman who has ridden this turn: −1.
    ShooterRode,
    /// The target is firing round a house, tree or wall: −1.
    TargetFiringRoundCover,
}

impl ShotModifier {
    /// Its effect on the die.
    pub fn value(self) -> i8 {
        match self {
            ShotModifier::TargetInHouse | ShotModifier::TargetBehindHighWall => -2,
            ShotModifier::ShooterHigh => 1,
            ShotModifier::TargetInWoods
            | ShotModifier::TargetBehindLowWall
            | ShotModifier::TargetOnCrest
            | ShotModifier::ShooterRode
            | ShotModifier::TargetFiringRoundCover => -1,
        }
    }

    /// How the player reads it.
    pub fn label(self) -> &'static str {
        match self {
            ShotModifier::TargetInWoods => "in woods −1",
            ShotModifier::TargetInHouse => "in a house −2",
            ShotModifier::TargetBehindLowWall => "behind a low wall −1",
            ShotModifier::TargetBehindHighWall => "behind a chest-high wall −2",
            ShotModifier::TargetOnCrest => "on a crest −1",
            ShotModifier::ShooterHigh => "from high ground +1",
            ShotModifier::ShooterRode => "from a horse that rode −1",
            ShotModifier::TargetFiringRoundCover => "firing round cover −1",
        }
    }

    /// The modifier one of the OMOG core's shot terms gives.
    pub fn of_term(term: ShotTerm) -> ShotModifier {
        match term {
            ShotTerm::Cover(c) => ShotModifier::of_cover(c),
            ShotTerm::FiringRound => ShotModifier::TargetFiringRoundCover,
            ShotTerm::ShooterHigh => ShotModifier::ShooterHigh,
        }
    }

    /// What a target's cover costs the shooter.
    pub fn of_cover(cover: Cover) -> ShotModifier {
        match cover {
            Cover::House => ShotModifier::TargetInHouse,
            Cover::Woods => ShotModifier::TargetInWoods,
            Cover::Wall(WallKind::Fence) => ShotModifier::TargetBehindLowWall,
            Cover::Wall(WallKind::Stone | WallKind::Hedge) => ShotModifier::TargetBehindHighWall,
            Cover::HillCrest => ShotModifier::TargetOnCrest,
        }
    }
}

/// The roll a shot needs: the band's number less the modifiers, at least 2 (a 1 misses), or
/// `None` out of range or when the modifiers put it beyond 6.
pub fn to_hit(weapon: Weapon, range: f64, mods: &[ShotModifier]) -> Option<u8> {
    let (_, base) = weapon.band(range)?;
    let need = base as i8 - mods.iter().map(|m| m.value()).sum::<i8>();
    (need <= 6).then(|| need.max(2) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The firearms table of the text, every band's edge and just past it.
    #[test]
    fn the_musket_rifle_carbine_and_pistol_table() {
        let need = |w: Weapon, r: f64| to_hit(w, inches(r), &[]);
        let rows = [
            (Weapon::Musket, [4.0, 8.0, 12.0], [4, 5, 6]),
            (Weapon::TradeMusket, [4.0, 8.0, 12.0], [4, 5, 6]),
            (Weapon::Rifle, [6.0, 12.0, 18.0], [3, 4, 5]),
            (Weapon::Carbine, [3.0, 6.0, 9.0], [4, 5, 6]),
            (Weapon::Pistol, [2.0, 4.0, 6.0], [4, 5, 6]),
        ];
        for (w, edges, needs) in rows {
            for k in 0..3 {
                assert_eq!(need(w, edges[k]), Some(needs[k]), "{w:?} at {}", edges[k]);
                if k < 2 {
                    assert_eq!(need(w, edges[k] + 0.1), Some(needs[k + 1]), "{w:?}");
                }
            }
            assert_eq!(need(w, edges[2] + 0.1), None, "{w:?} beyond its range");
        }
    }

    #[test]
    fn only_the_musket_takes_a_bayonet_and_riflemen_and_tomahawks_fight_at_minus_one() {
        assert!(Weapon::Musket.bayonet());
        for w in [
            Weapon::TradeMusket,
            Weapon::Rifle,
            Weapon::Carbine,
            Weapon::Pistol,
        ] {
            assert!(!w.bayonet(), "{w:?}");
        }
        let poor: Vec<Weapon> = Weapon::ALL
            .into_iter()
            .filter(|w| w.poor_in_hand_to_hand())
            .collect();
        assert_eq!(poor, vec![Weapon::TradeMusket, Weapon::Rifle]);
    }

    #[test]
    fn cover_and_height_move_the_roll_and_a_shot_past_six_is_not_offered() {
        use ShotModifier::*;
        let r = inches(3.0); // musket close: 4+
        assert_eq!(to_hit(Weapon::Musket, r, &[TargetInWoods]), Some(5));
        assert_eq!(to_hit(Weapon::Musket, r, &[TargetInHouse]), Some(6));
        assert_eq!(to_hit(Weapon::Musket, r, &[TargetBehindHighWall]), Some(6));
        assert_eq!(to_hit(Weapon::Musket, r, &[TargetBehindLowWall]), Some(5));
        assert_eq!(to_hit(Weapon::Musket, r, &[TargetOnCrest]), Some(5));
        assert_eq!(to_hit(Weapon::Musket, r, &[ShooterHigh]), Some(3));
        assert_eq!(to_hit(Weapon::Musket, r, &[ShooterRode]), Some(5));
        assert_eq!(to_hit(Weapon::Musket, inches(10.0), &[TargetInWoods]), None);
        assert_eq!(
            to_hit(Weapon::Rifle, inches(2.0), &[ShooterHigh, ShooterHigh]),
            Some(2)
        );
        assert_eq!(
            ShotModifier::of_cover(Cover::Wall(WallKind::Hedge)),
            TargetBehindHighWall
        );
    }
}
