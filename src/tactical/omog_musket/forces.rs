//! How OMOG Musket reads the forces (RULINGS §9): every element is a team of four, every squad
//! of two or three teams has an officer with a pistol, and there is no artillery. The troop
//! types a hand-written force may name are [`TROOPS`]; deployment is the OMOG core's.

use super::state::{MusketState, Role, Traits};
use super::tables::{Mount, Weapon};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Arm, Element, Force, Forces, Quality, TroopType};
use crate::tactical::omog::deploy::{deploy as place, Member, TeamPlan, GARRISON_MEN};
use crate::tactical::omog::{Clock, Dice};
use crate::tactical::ruleset::Side;

/// The troop types of the period a force may name (`omms battle --attacker 2*riflemen,lancers`).
pub const TROOPS: &[TroopType] = &[
    TroopType {
        name: "musketeers",
        arm: Arm::Foot,
        about: "line infantry with musket and bayonet (what a foot die brings)",
    },
    TroopType {
        name: "riflemen",
        arm: Arm::Foot,
        about: "riflemen: truer and longer shooting, no bayonet, −1 hand to hand",
    },
    TroopType {
        name: "grenadiers",
        arm: Arm::Foot,
        about: "picked musketeers, elite (+1 hand to hand; a fortification's first die)",
    },
    TroopType {
        name: "warriors",
        arm: Arm::Foot,
        about: "a war party: muskets without bayonets, tomahawk, knife and club (−1 hand to hand)",
    },
    TroopType {
        name: "light-cavalry",
        arm: Arm::Horse,
        about: "light dragoons and hussars with carbines (what a horse die brings)",
    },
    TroopType {
        name: "heavy-cavalry",
        arm: Arm::Horse,
        about: "dragoons with carbines: +2 charging foot, +1 charging light cavalry",
    },
    TroopType {
        name: "lancers",
        arm: Arm::Horse,
        about: "lancers with pistols: +1 charging cavalry in the open",
    },
    TroopType {
        name: "cuirassiers",
        arm: Arm::Armour,
        about:
            "armoured heavy cavalry with pistols: their opponents fight at −1 (what armour brings)",
    },
];

/// How a soldier of an element fights: mounted or not, his weapon and his traits.
fn soldier(e: &Element) -> Member<Weapon> {
    let elite = e.quality == Quality::Elite;
    let heavy = |armoured| Traits {
        heavy: true,
        armoured,
        elite,
        ..Traits::default()
    };
    let plain = Traits {
        elite,
        ..Traits::default()
    };
    let name = e.troop.as_deref().unwrap_or(match e.arm {
        Arm::Foot => "musketeers",
        Arm::Horse => "light-cavalry",
        // No artillery in skirmishes: a gun's die is a team of riflemen, skirmishing ahead.
        Arm::Guns => "riflemen",
        // A fortification's rapid-fire weapon: its picked garrison, grenadiers.
        Arm::MachineGun => "grenadiers",
        Arm::Armour => "cuirassiers",
    });
    let (mount, kit, traits) = match name {
        "riflemen" => (Mount::Foot, Weapon::Rifle, plain),
        "warriors" => (Mount::Foot, Weapon::TradeMusket, plain),
        "grenadiers" => (
            Mount::Foot,
            Weapon::Musket,
            Traits {
                elite: true,
                ..plain
            },
        ),
        "light-cavalry" => (Mount::Horse, Weapon::Carbine, plain),
        "heavy-cavalry" => (Mount::Horse, Weapon::Carbine, heavy(false)),
        "lancers" => (
            Mount::Horse,
            Weapon::Pistol,
            Traits {
                lancer: true,
                ..plain
            },
        ),
        "cuirassiers" => (Mount::Horse, Weapon::Pistol, heavy(true)),
        _ => (Mount::Foot, Weapon::Musket, plain),
    };
    Member {
        role: Role::Soldier,
        mount,
        kit,
        traits,
    }
}

fn plans(force: &Force) -> Vec<TeamPlan<Weapon>> {
    crate::tactical::omog::reading::read(force, super::troops::IRREGULARS)
        .iter()
        .map(|e| TeamPlan {
            // A settlement's die holds its houses with two men (issue 15's tuning); a
            // fortification's grenadiers, its strongpoint, are a whole team.
            members: vec![
                soldier(e);
                if e.garrison && e.arm != Arm::MachineGun {
                    GARRISON_MEN
                } else {
                    4
                }
            ],
            garrison: e.garrison,
        })
        .collect()
}

/// Deploy both forces (the OMOG core's deployment), every weapon loaded; the attacker moves
/// first.
pub fn deploy(field: &Battlefield, forces: &Forces, seed: u64) -> MusketState {
    let (roster, _) = place(
        field,
        [&plans(&forces.attacker), &plans(&forces.defender)],
        Weapon::Pistol,
    );
    let n = roster.figures().len();
    MusketState {
        roster,
        clock: Clock::start(Side::Attacker),
        // "All players at the start of the game are considered to have loaded weapons."
        loaded: vec![true; n],
        charges: Vec::new(),
        pending_hits: Vec::new(),
        dice: Dice::new(seed),
    }
}
