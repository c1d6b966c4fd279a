//! How OMOG Musket reads the forces (RULINGS §9): every element is a team ([`SIZES`]), every squad
//! of two or three teams has an officer with a pistol, and there is no artillery. The troop
//! types a hand-written force may name are [`TROOPS`]; deployment is the OMOG core's, except
//! that a settlement's die holds its houses with a whole team ([`SIZES`]).

use super::state::{MusketState, Role, Traits};
use super::tables::{Mount, Weapon};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Arm, Element, Force, Forces, Quality, TroopType};
use crate::tactical::omog::deploy::{deploy as place, Member, TeamPlan};
use crate::tactical::omog::reading::{men, Sizes};
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
        // No artillery in skirmishes: a gun's die skirmishes ahead, most of it with rifles.
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

/// What the dice bring in Musket (issue 15's tuning; docs/rules/omog_musket.md, "Forces"): a
/// unit's first two dice attacking, its first defending, and a settlement's die a team of four
/// (a two-man garrison let the attack win far more than the dice wherever it had the numbers:
/// Invader v Invader 66% against dice of 39%); its further dice (a Tank's third, a Guard's
/// second) and resource dice half a team (as whole teams, Invader v Guard 15% against 28%).
pub const SIZES: Sizes = Sizes {
    team: 4,
    garrison: 4,
    half: 2,
};

/// Grenadiers a fortification's first die puts on its walls (issue 15's tuning): the walls are
/// most of what a fort is worth, and with a whole team behind them a 4-dice Tank won 22% of its
/// battles against a fort where the dice give it 31% (Andorra and Liechtenstein, 8 battles a
/// row); with two, 30% (docs/rules/omog_musket.md, "Forces").
pub const FORT_MEN: usize = 2;

/// Riflemen in the team a Tank's gun die brings (no artillery in Musket); the rest of the team
/// are musketeers. A whole team of rifles outshot the defender's muskets from beyond their
/// reach and won a Tank v Guard 53% of the time against dice of 35% (Andorra and Liechtenstein,
/// 8 battles a row, settlement dice a whole team); three rifles 39%, two 27%, one 17%. Since a
/// Guard's second die is half a team ("Men per die") three rifles won 54% and a 4-dice Tank v
/// fort 35% (dice 31%); two 45% and 26% (16 battles a row; docs/rules/omog_musket.md). Only
/// the strategic game's gun die: a hand-written `riflemen` element is all rifles.
pub const GUN_RIFLES: usize = 2;

fn plans(force: &Force, side: Side) -> Vec<TeamPlan<Weapon>> {
    // A fortification's second die is half a team beside the grenadiers (the core's `men`), as
    // in OMOG 19C: with a whole team of four the 2-dice Invader took a fort 7% of the time where
    // the dice give 21%; with two men 12% (docs/rules/omog_musket.md, "Forces").
    let men = men(force, side, &SIZES);
    crate::tactical::omog::reading::read(force, &super::troops::EXTRAS)
        .iter()
        .zip(men)
        .map(|(e, n)| {
            let men = if e.arm == Arm::MachineGun && e.garrison {
                FORT_MEN
            } else {
                n
            };
            let mut members = vec![soldier(e); men];
            if e.arm == Arm::Guns && e.troop.is_none() {
                // A gun's die skirmishes as a light team: riflemen with a musketeer.
                let line = Element {
                    troop: Some("musketeers".to_string()),
                    ..e.clone()
                };
                for m in members.iter_mut().skip(GUN_RIFLES) {
                    *m = soldier(&line);
                }
            }
            TeamPlan {
                members,
                garrison: e.garrison,
            }
        })
        .collect()
}

/// Deploy both forces (the OMOG core's deployment), every weapon loaded; the attacker moves
/// first.
pub fn deploy(field: &Battlefield, forces: &Forces, seed: u64) -> MusketState {
    let (roster, _) = place(
        field,
        [
            &plans(&forces.attacker, Side::Attacker),
            &plans(&forces.defender, Side::Defender),
        ],
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
