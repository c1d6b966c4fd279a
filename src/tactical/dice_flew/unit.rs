//! The Dice Flew's organisation: the army commander, battalions with their HQs, companies with
//! their officers, NCOs and weapons, and armoured vehicles. A unit is one company (or the CO's
//! party, or an HQ) standing as one body on the table.

use serde::{Deserialize, Serialize};

use super::tables::{Armour, Movement, Weapon, WEAPONS};
use crate::tactical::force::{Arm, Quality};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{distance, inches, Facing, TablePoint};

/// A unit's number in the battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitId(pub u16);

/// A battalion's number in the battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BattalionId(pub u16);

/// What a unit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A rifle company with a light machine gun.
    Rifles,
    /// A machine-gun company: heavy machine guns and their crews.
    MachineGuns,
    /// A mortar company.
    Mortars,
    /// A company with bazookas among its rifles.
    AntiTank,
    /// A pair of snipers: a die each, never added to other fire.
    Snipers,
    /// A battery of two medium field guns.
    FieldGuns,
    /// A squadron of cavalry.
    Cavalry,
    /// A troop of armoured cars.
    ArmouredCars,
    /// A troop of tanks.
    Tanks(Armour),
    /// A battalion's headquarters.
    Hq,
    /// The army commander (CO) with his staff and escort.
    Co,
    /// A forward observation officer and his signallers, calling an off-table battery's fire.
    Observer,
    /// Up to four men detached from a company.
    Patrol,
}

impl Kind {
    /// How it goes over the ground.
    pub fn movement(self) -> Movement {
        match self {
            Kind::Rifles
            | Kind::MachineGuns
            | Kind::Mortars
            | Kind::AntiTank
            | Kind::Snipers
            | Kind::Observer
            | Kind::Patrol => Movement::Foot,
            Kind::Cavalry | Kind::ArmouredCars => Movement::Fast,
            Kind::Tanks(_) => Movement::Tracked,
            Kind::FieldGuns | Kind::Hq | Kind::Co => Movement::Towed,
        }
    }

    /// Its armour, if its figures are armoured vehicles.
    pub fn armour(self) -> Option<Armour> {
        match self {
            Kind::ArmouredCars => Some(Armour::Light),
            Kind::Tanks(a) => Some(a),
            _ => None,
        }
    }

    /// Whether it carries radios whatever the force says (vehicles do; foot and horse rely on
    /// runners unless the force names `radio-rifles`).
    pub fn radio(self) -> bool {
        self.armour().is_some()
    }

    /// Its name for players.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Rifles => "rifle company",
            Kind::MachineGuns => "MG company",
            Kind::Mortars => "mortar company",
            Kind::AntiTank => "anti-tank company",
            Kind::Snipers => "snipers",
            Kind::FieldGuns => "field battery",
            Kind::Cavalry => "cavalry squadron",
            Kind::ArmouredCars => "armoured cars",
            Kind::Tanks(Armour::Light) => "light tanks",
            Kind::Tanks(Armour::Medium) => "medium tanks",
            Kind::Tanks(Armour::Heavy) => "heavy tanks",
            Kind::Hq => "battalion HQ",
            Kind::Co => "army commander",
            Kind::Observer => "forward observer",
            Kind::Patrol => "patrol",
        }
    }
}

/// Radius of the ground a unit stands on: units are measured edge to edge and never overlap.
pub fn footprint() -> f64 {
    inches(1.5)
}

/// One unit on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Its number.
    pub id: UnitId,
    /// Whose.
    pub side: Side,
    /// Its battalion (`None` for the CO).
    pub battalion: Option<BattalionId>,
    /// What it is.
    pub kind: Kind,
    /// Its training.
    pub quality: Quality,
    /// Where its centre stands.
    pub at: TablePoint,
    /// Which way it faces.
    pub facing: Facing,
    /// Officers left.
    pub officers: u8,
    /// NCOs left.
    pub ncos: u8,
    /// Other figures (or vehicles) by weapon, indexed as [`WEAPONS`].
    pub kit: [u8; 9],
    /// Figures (officers, NCOs, men, vehicles) it started with.
    pub start: u8,
    /// Pinned: it may not move or shoot until it rallies.
    pub pinned: bool,
    /// Gone to ground: counts as in cover until it next moves.
    pub to_ground: bool,
    /// Moved, bombarded or fought since its side's last turn: it may not shoot.
    pub busy: bool,
    /// Moved (or tried to) in its side's current movement.
    pub moved: bool,
    /// Carries a radio: 24″ command radius, and order changes from a CO with one at any range.
    #[serde(default)]
    pub radio: bool,
    /// On a telephone line laid before the battle (the defender's CO and HQs); moving cuts it.
    #[serde(default)]
    pub phone: bool,
    /// Open-topped vehicles: mortar bombs and shells strike them as from the flank.
    #[serde(default)]
    pub open_topped: bool,
    /// A patrol's company.
    #[serde(default)]
    pub parent: Option<UnitId>,
    /// Moved in its side's current movement without going towards its attack's place: one of
    /// the companies an attack order leaves free to manoeuvre (at most half the battalion).
    #[serde(default)]
    pub manoeuvred: bool,
    /// Fast tanks: light tanks that move as cavalry and armoured cars do (24″ in the open).
    #[serde(default)]
    pub fast: bool,
    /// The strategic die it stands for, when that die leaves its side a choice of equipment
    /// before the battle (a Tank's armour die, a fortification's machine-gun die); `None` for
    /// every unit a force names by troop type, whose equipment the force has already chosen.
    #[serde(default)]
    pub die: Option<Arm>,
    /// Where deployment stood a die's company that its side's choice of equipment has moved (a
    /// field battery cannot stand in the MG company's house): until the battle starts the enemy
    /// sees it there as its die's first kind, and equipping it back returns it there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployed_at: Option<TablePoint>,
}

/// What a Tank's armour die may be: one medium tank, or a troop of armoured cars.
pub const ARMOUR_DIE: [Kind; 2] = [Kind::Tanks(Armour::Medium), Kind::ArmouredCars];

/// What a fortification's machine-gun die may be: an MG company, or a battery of field guns.
pub const FORT_DIE: [Kind; 2] = [Kind::MachineGuns, Kind::FieldGuns];

impl Unit {
    /// How it goes over the ground: its kind's way, or the fast tanks' (the text's cavalry,
    /// armoured cars and fast tanks share one line of its movement table).
    pub fn movement(&self) -> Movement {
        if self.fast {
            Movement::Fast
        } else {
            self.kind.movement()
        }
    }

    /// Figures (or vehicles) left.
    pub fn strength(&self) -> u32 {
        self.officers as u32 + self.ncos as u32 + self.kit.iter().map(|&n| n as u32).sum::<u32>()
    }

    /// Figures lost since the battle began.
    pub fn lost(&self) -> u32 {
        self.start as u32 - self.strength()
    }

    /// Whether anything is left of it.
    pub fn alive(&self) -> bool {
        self.strength() > 0
    }

    /// Whether an officer or NCO leads it.
    pub fn led(&self) -> bool {
        self.officers + self.ncos > 0 || (self.kind.armour().is_some() && self.alive())
    }

    /// Dice it rallies with: one per officer and NCO (per vehicle commander in armour).
    pub fn rally_dice(&self) -> u32 {
        if self.kind.armour().is_some() {
            self.strength()
        } else {
            (self.officers + self.ncos) as u32
        }
    }

    /// How many of `w` it has.
    pub fn count(&self, w: Weapon) -> u32 {
        self.kit[w.index()] as u32
    }

    /// Its weapons with their numbers, officers and NCOs counted as rifles.
    pub fn weapons(&self) -> impl Iterator<Item = (Weapon, u32)> + '_ {
        WEAPONS.iter().filter_map(move |&w| {
            let extra = if w == Weapon::Rifle && self.kind.armour().is_none() {
                (self.officers + self.ncos) as u32
            } else {
                0
            };
            let n = self.count(w) + extra;
            (n > 0).then_some((w, n))
        })
    }

    /// Edge-to-edge distance to another unit's ground.
    pub fn gap(&self, other: &Unit) -> f64 {
        (distance(self.at, other.at) - 2.0 * footprint()).max(0.0)
    }

    /// Its name for players: kind and number.
    pub fn label(&self) -> String {
        let name = if self.open_topped {
            "tank destroyers"
        } else {
            self.kind.name()
        };
        format!("{name} {}", self.id.0 + 1)
    }

    /// What its side may equip it as before the battle (empty: nothing to choose).
    pub fn equip_options(&self) -> &'static [Kind] {
        match self.die {
            Some(Arm::Armour) => &ARMOUR_DIE,
            Some(Arm::MachineGun) => &FORT_DIE,
            _ => &[],
        }
    }

    /// What the enemy sees of a die's company before the battle starts: its die's first kind
    /// (a medium tank, an MG company) where deployment stood it, whatever its side chose. `None`
    /// when that is what it is: its die leaves no choice, or its side has not changed it.
    pub fn as_deployed(&self) -> Option<Unit> {
        let arm = self.die?;
        let first = *self.equip_options().first()?;
        if self.kind == first && self.deployed_at.is_none() {
            return None;
        }
        let mut u =
            super::forces::reequipped(self, arm, first, self.deployed_at.unwrap_or(self.at));
        u.deployed_at = None;
        Some(u)
    }

    /// Whether it is a headquarters party (CO, HQ, observer) rather than a fighting company.
    pub fn staff(&self) -> bool {
        matches!(self.kind, Kind::Hq | Kind::Co | Kind::Observer)
    }
}

/// What a battalion's written order tells it to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Stay at the place and defend it.
    Hold,
    /// Go there quickly, avoiding a fight.
    MoveTo,
    /// Advance on it and take it.
    Attack,
}

/// A battalion's written order: an action on a named terrain feature, from a turn on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Order {
    /// What to do.
    pub action: Action,
    /// Where: an index into the battle's named features.
    pub feature: u16,
    /// The turn the order starts; before it the battalion holds where it stands.
    pub start_turn: u32,
}

/// A battalion: an HQ and its companies, under one order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Battalion {
    /// Its number.
    pub id: BattalionId,
    /// Whose.
    pub side: Side,
    /// Its HQ unit.
    pub hq: UnitId,
    /// Its order (none until written).
    pub order: Option<Order>,
    /// Shaken by its losses: it may not attack.
    pub shaken: bool,
    /// The turn an order change was last tried (one try a turn).
    pub change_tried: u32,
    /// Its training, for the shaken threshold (the most common among its companies).
    pub quality: Quality,
}
