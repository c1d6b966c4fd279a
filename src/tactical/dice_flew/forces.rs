//! The Dice Flew's forces from the strategic dice (RULINGS §9: one company per die), its troop
//! types for hand-written forces, battalions, and deployment on the battlefield.
//!
//! What each die brings: foot → a rifle company (an attacking battalion's first with an HMG,
//! any facing armour with bazookas, a garrison facing armour with an anti-tank gun too); horse →
//! a troop of armoured cars (the period's mounted arm); guns → a battery of two field guns; mg →
//! a machine-gun company (a fortification's die), or field guns if its side so equips it;
//! armour → one medium tank, or armoured cars (`DfCommand::Equip`, before the battle). Every
//! side also brings its army commander (CO) with staff and escort, and an HQ for every battalion of up to
//! four companies. Named troop types add companies with radios, open-topped tank destroyers and
//! off-table batteries (each with a forward observer on the table, attached to the side's first
//! battalion).

pub use super::deployment::deploy;
use super::movement::{move_fraction, room};
use super::state::DfState;
use super::tables::{Armour, Guns, Weapon};
use super::unit::{Kind, Unit, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Arm, Element, Quality, TroopType};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{inches, step, Facing, TablePoint};

/// The troop types a hand-written force may name.
pub const TROOPS: &[TroopType] = &[
    TroopType {
        name: "rifles",
        arm: Arm::Foot,
        about: "rifle company: officer, NCO, 9 rifles, an LMG",
    },
    TroopType {
        name: "radio-rifles",
        arm: Arm::Foot,
        about: "rifle company with a radio (24″ command radius; its HQ and the CO get radios)",
    },
    TroopType {
        name: "anti-tank",
        arm: Arm::Foot,
        about: "rifle company with two bazookas",
    },
    TroopType {
        name: "mortars",
        arm: Arm::Foot,
        about: "mortar company: two light mortars",
    },
    TroopType {
        name: "snipers",
        arm: Arm::Foot,
        about: "a pair of snipers, a die each",
    },
    TroopType {
        name: "hmg",
        arm: Arm::MachineGun,
        about: "machine-gun company: two HMGs",
    },
    TroopType {
        name: "field-guns",
        arm: Arm::Guns,
        about: "battery of two medium field guns",
    },
    TroopType {
        name: "light-battery",
        arm: Arm::Guns,
        about: "off-table battery of two light guns (5 points a gun) and its observer",
    },
    TroopType {
        name: "medium-battery",
        arm: Arm::Guns,
        about: "off-table battery of two medium guns (10 points a gun) and its observer",
    },
    TroopType {
        name: "heavy-battery",
        arm: Arm::Guns,
        about: "off-table battery of two heavy guns (15 points a gun) and its observer",
    },
    TroopType {
        name: "cavalry",
        arm: Arm::Horse,
        about: "cavalry squadron (24″ in the open)",
    },
    TroopType {
        name: "armoured-cars",
        arm: Arm::Horse,
        about: "three armoured cars, light guns",
    },
    TroopType {
        name: "light-tanks",
        arm: Arm::Armour,
        about: "three light tanks (5/4)",
    },
    TroopType {
        name: "fast-tanks",
        arm: Arm::Armour,
        about: "three fast light tanks (5/4): 24″ in the open, 36″ by road",
    },
    TroopType {
        name: "medium-tanks",
        arm: Arm::Armour,
        about: "three medium tanks (6/4)",
    },
    TroopType {
        name: "heavy-tanks",
        arm: Arm::Armour,
        about: "three heavy tanks (7/5), heavy guns",
    },
    TroopType {
        name: "tank-destroyers",
        arm: Arm::Armour,
        about: "three open-topped tank destroyers (6/4), heavy guns",
    },
];

/// The guns of an element that is an off-table battery.
pub fn battery_guns(e: &Element) -> Option<Guns> {
    match e.troop.as_deref() {
        Some("light-battery") => Some(Guns::Light),
        Some("medium-battery") => Some(Guns::Medium),
        Some("heavy-battery") => Some(Guns::Heavy),
        _ => None,
    }
}

/// The off-table battery an attacker who brings no guns of its own has against a
/// fortification's walls (issue 15's fair fights): the walls and the fort's machine-gun company
/// are what its two dice bring, and two rifle companies could not touch men behind them — an
/// Invader took a fort in 2% of its battles where the dice give it 21%, losing 15–20 figures and
/// killing none. A light battery (two 5-point guns with its observer) brought it to 17%; a
/// medium battery overshot (53%), as did a mortar company with it (59%). An attacker with guns
/// of its own (a Tank's first die) breaches with those. See [`Force::against_walls`].
///
/// [`Force::against_walls`]: crate::tactical::force::Force::against_walls
pub const SIEGE_BATTERY: &str = "light-battery";

/// The tanks a strategic armour die brings (issue 15's fair fights): one. A troop of three a
/// die won a Tank v a Guard 78% of its battles against the dice's 35%, two tanks 50%, one 14%
/// (most of the rest stand-offs), and one tank is nearest the dice over both pairings with
/// armour. A hand-written `medium-tanks` troop keeps its three.
pub const TANKS_A_DIE: u8 = 1;

/// The unit a strategic die of `arm` brings when equipped as `kind` (one of the die's
/// [`Unit::equip_options`], or its arm's only kind): a die's armour is [`TANKS_A_DIE`] tanks.
pub fn die_unit(
    id: UnitId,
    side: Side,
    arm: Arm,
    kind: Kind,
    quality: Quality,
    at: TablePoint,
) -> Unit {
    let mut u = unit(id, side, kind, quality, at);
    if matches!(kind, Kind::Tanks(_)) {
        u.kit = [0; 9];
        u.kit[Weapon::MediumGun.index()] = TANKS_A_DIE;
        u.start = u.strength() as _;
    }
    if matches!(arm, Arm::Armour | Arm::MachineGun) {
        u.die = Some(arm);
    }
    u
}

/// The die's company `old` equipped as `kind` and standing at `at`: a fresh company of that
/// kind in its place in the battalion, facing as it faced, on its telephone line, keeping any
/// radio it had, and remembering where deployment stood it.
pub fn reequipped(old: &Unit, arm: Arm, kind: Kind, at: TablePoint) -> Unit {
    let mut u = die_unit(old.id, old.side, arm, kind, old.quality, at);
    u.battalion = old.battalion;
    u.facing = old.facing;
    u.phone = old.phone;
    u.radio |= old.radio;
    let home = old.deployed_at.unwrap_or(old.at);
    u.deployed_at = (home != at).then_some(home);
    u
}

/// A unit for an element: its kind's, with the radio or open top the troop type names.
pub(super) fn element_unit(id: UnitId, side: Side, e: &Element, at: TablePoint) -> Unit {
    if e.troop.is_none() {
        return die_unit(id, side, e.arm, kind_of(e), e.quality, at);
    }
    let mut u = unit(id, side, kind_of(e), e.quality, at);
    match e.troop.as_deref() {
        Some("radio-rifles") => u.radio = true,
        Some("fast-tanks") => u.fast = true,
        Some("tank-destroyers") => {
            u.open_topped = true;
            u.kit = [0; 9];
            u.kit[Weapon::HeavyGun.index()] = 3;
        }
        _ => {}
    }
    u
}

/// Bazookas a rifle company from a strategic foot die carries, in place of as many rifles,
/// when the enemy brings armour (issue 15's fair fights: without them a Guard's riflemen could
/// scratch a medium tank only in melee, and a Tank took every settlement it could reach).
pub const BAZOOKAS_AGAINST_ARMOUR: u8 = 2;

/// Arm a strategic foot die's rifle company against an enemy who brings armour; a garrison
/// company also digs in an anti-tank gun (a medium gun, crewed by one of its riflemen): with
/// bazookas alone (6″) the tanks shot the Guard's companies from beyond their reach, and a
/// Tank won 62% of its battles against a Guard where the dice give it 35%.
pub(super) fn against_armour(u: &mut Unit, e: &Element) {
    if e.troop.is_none() && e.arm == Arm::Foot && u.kind == Kind::Rifles {
        u.kit[Weapon::Rifle.index()] -= BAZOOKAS_AGAINST_ARMOUR;
        u.kit[Weapon::Bazooka.index()] += BAZOOKAS_AGAINST_ARMOUR;
        if e.garrison {
            u.kit[Weapon::Rifle.index()] -= 1;
            u.kit[Weapon::MediumGun.index()] += 1;
        }
    }
}

/// An attacking battalion brings its machine gun forward with its first rifle company from a
/// strategic foot die: an HMG (5 points to 24″) in place of one of its riflemen, so that the
/// attack can pin the defenders from beyond their rifles' reach before it moves (issue 15: the
/// attack was pinned and shaken before it got there, Invader v Invader winning 26% on the table
/// where the dice give it 39%). Returns whether this company took it.
pub(super) fn with_attack_support(u: &mut Unit, e: &Element) -> bool {
    let takes = e.troop.is_none() && e.arm == Arm::Foot && u.kind == Kind::Rifles;
    if takes {
        u.kit[Weapon::Rifle.index()] -= 1;
        u.kit[Weapon::Hmg.index()] += 1;
    }
    takes
}

/// The kind of unit an element is.
pub fn kind_of(e: &Element) -> Kind {
    match e.troop.as_deref() {
        Some("rifles" | "radio-rifles") => Kind::Rifles,
        Some("anti-tank") => Kind::AntiTank,
        Some("mortars") => Kind::Mortars,
        Some("snipers") => Kind::Snipers,
        Some("hmg") => Kind::MachineGuns,
        Some("field-guns") => Kind::FieldGuns,
        Some("cavalry") => Kind::Cavalry,
        Some("armoured-cars") => Kind::ArmouredCars,
        Some("light-tanks" | "fast-tanks") => Kind::Tanks(Armour::Light),
        Some("heavy-tanks") => Kind::Tanks(Armour::Heavy),
        Some("medium-tanks" | "tank-destroyers") => Kind::Tanks(Armour::Medium),
        _ => match e.arm {
            Arm::Foot => Kind::Rifles,
            Arm::Horse => Kind::ArmouredCars,
            Arm::Guns => Kind::FieldGuns,
            Arm::MachineGun => Kind::MachineGuns,
            Arm::Armour => Kind::Tanks(Armour::Medium),
        },
    }
}

/// A fresh unit of `kind`: its officers, NCOs (none for green troops, two for elite) and kit.
pub fn unit(id: UnitId, side: Side, kind: Kind, quality: Quality, at: TablePoint) -> Unit {
    let mut kit = [0u8; 9];
    let mut put = |w: Weapon, n: u8| kit[w.index()] += n;
    let led = match kind {
        Kind::Rifles => {
            put(Weapon::Rifle, 9);
            put(Weapon::Lmg, 1);
            true
        }
        Kind::AntiTank => {
            put(Weapon::Rifle, 8);
            put(Weapon::Bazooka, 2);
            true
        }
        Kind::Mortars => {
            put(Weapon::Rifle, 6);
            put(Weapon::Mortar, 2);
            true
        }
        Kind::MachineGuns => {
            put(Weapon::Rifle, 6);
            put(Weapon::Hmg, 2);
            true
        }
        Kind::FieldGuns => {
            put(Weapon::Rifle, 6);
            put(Weapon::MediumGun, 2);
            true
        }
        Kind::Cavalry => {
            put(Weapon::Rifle, 10);
            true
        }
        Kind::Snipers => {
            put(Weapon::Rifle, 2);
            false
        }
        Kind::Hq | Kind::Co => {
            put(Weapon::Rifle, 4);
            true
        }
        Kind::Observer => {
            put(Weapon::Rifle, 2);
            true
        }
        Kind::Patrol => {
            put(Weapon::Rifle, 4);
            false
        }
        Kind::ArmouredCars | Kind::Tanks(Armour::Light) => {
            put(Weapon::LightGun, 3);
            false
        }
        Kind::Tanks(Armour::Medium) => {
            put(Weapon::MediumGun, 3);
            false
        }
        Kind::Tanks(Armour::Heavy) => {
            put(Weapon::HeavyGun, 3);
            false
        }
    };
    let (officers, ncos) = match (led, quality) {
        (false, _) => (0, 0),
        (true, Quality::Green) => (1, 0),
        (true, Quality::Regular) => (1, 1),
        (true, Quality::Elite) => (1, 2),
    };
    let mut u = Unit {
        id,
        side,
        battalion: None,
        kind,
        quality,
        at,
        facing: Facing(0.0),
        officers,
        ncos,
        kit,
        start: 0,
        pinned: false,
        to_ground: false,
        busy: false,
        moved: false,
        radio: kind.radio(),
        phone: false,
        open_topped: false,
        parent: None,
        manoeuvred: false,
        fast: false,
        die: None,
        deployed_at: None,
    };
    u.start = u.strength() as u8;
    u
}

/// Companies per battalion at most.
pub const MAX_COMPANIES: usize = 4;

/// Split `n` companies into battalions of at most four, as even as can be.
pub fn battalion_sizes(n: usize) -> Vec<usize> {
    if n == 0 {
        return Vec::new();
    }
    let k = n.div_ceil(MAX_COMPANIES);
    (0..k).map(|i| n / k + (i < n % k) as usize).collect()
}

/// The most common quality (regular on a tie).
pub(super) fn common_quality(qs: &[Quality]) -> Quality {
    let c = |q| qs.iter().filter(|&&x| x == q).count();
    let (g, r, e) = (c(Quality::Green), c(Quality::Regular), c(Quality::Elite));
    if g > r && g > e {
        Quality::Green
    } else if e > r && e > g {
        Quality::Elite
    } else {
        Quality::Regular
    }
}

/// The nearest point to `want` (searching outwards) where a unit of `kind` may stand: on the
/// table, on ground it can enter, not on another unit.
pub fn free_spot(field: &Battlefield, s: &DfState, kind: Kind, want: TablePoint) -> TablePoint {
    let ok = |p: TablePoint| {
        let q = [p[0] + 1.0, p[1]];
        field.spec.contains(p)
            && field.spec.contains(q)
            && move_fraction(field, kind.movement(), p, q).is_ok()
            && room(s, UnitId(u16::MAX), p)
    };
    for ring in 0..40 {
        let r = inches(1.0) * ring as f64;
        let n = if ring == 0 { 1 } else { 8 * ring };
        for k in 0..n {
            let p = step(want, 360.0 * k as f64 / n as f64, r);
            if ok(p) {
                return p;
            }
        }
    }
    want
}
