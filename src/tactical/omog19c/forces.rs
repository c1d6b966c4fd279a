//! How OMOG 19C reads the forces (RULINGS §9): every element is a team (of four, or fewer as
//! [`SIZES`] says), and every squad of teams has an officer; deployment is the OMOG core's. The troop types a hand-written
//! force may name are [`TROOPS`].

use super::state::{Gun, HeavyKind, OmogState, Role, Traits};
use super::tables::{Mount, Weapon};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Arm, Element, Force, Forces, Quality, TroopType};
use crate::tactical::omog::deploy::{deploy as place, Member, TeamPlan};
use crate::tactical::omog::reading::{men, Sizes};
use crate::tactical::omog::{Clock, Dice};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{inches, step};

/// The troop types of the period a force may name (`omms battle --attacker 2*lancers,bowmen`).
pub const TROOPS: &[TroopType] = &[
    TroopType {
        name: "riflemen",
        arm: Arm::Foot,
        about: "infantry with rifle and bayonet (what a foot die brings; armour's are elite)",
    },
    TroopType {
        name: "shotguns",
        arm: Arm::Foot,
        about: "irregulars with shotguns: the carbine's ranges, no bayonet",
    },
    TroopType {
        name: "bowmen",
        arm: Arm::Foot,
        about: "warriors with bow and arrow: 3″/6″/9″, no bayonet",
    },
    TroopType {
        name: "troopers",
        arm: Arm::Horse,
        about: "light cavalry with carbines (what a horse die brings)",
    },
    TroopType {
        name: "heavy-cavalry",
        arm: Arm::Horse,
        about: "heavy cavalry with carbines: +2 charging foot, +1 charging light cavalry",
    },
    TroopType {
        name: "lancers",
        arm: Arm::Horse,
        about: "lancers with pistols: +1 charging cavalry in the open",
    },
    TroopType {
        name: "cuirassiers",
        arm: Arm::Armour,
        about: "armoured heavy cavalry with pistols: their opponents fight at −1",
    },
];

/// How a soldier of an element is mounted, armed and trained: the troop type it names, or its
/// arm's reading (guns' and rapid-fire weapons' crews are set apart in [`plans`]). An elite
/// element's men are elite (+1 hand to hand).
fn soldier(e: &Element) -> Member<Weapon> {
    // A Tank's armour dice are picked riflemen, elite (issue 15's tuning): read as cuirassiers
    // they rode into rifle fire and a Tank won 0–1% of its battles against dice of 31–35%.
    let elite = e.quality == Quality::Elite || (e.troop.is_none() && e.arm == Arm::Armour);
    let plain = Traits {
        elite,
        ..Traits::default()
    };
    let heavy = |armoured| Traits {
        heavy: true,
        armoured,
        ..plain
    };
    let name = e.troop.as_deref().unwrap_or(match e.arm {
        Arm::Horse => "troopers",
        Arm::Foot | Arm::Armour | Arm::Guns | Arm::MachineGun => "riflemen",
    });
    let (mount, kit, traits) = match name {
        "shotguns" => (Mount::Foot, Weapon::Shotgun, plain),
        "bowmen" => (Mount::Foot, Weapon::Bow, plain),
        "troopers" => (Mount::Horse, Weapon::Carbine, plain),
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
        _ => (Mount::Foot, Weapon::Rifle, plain),
    };
    Member {
        role: Role::Soldier,
        mount,
        kit,
        traits,
    }
}

fn man(role: Role, mount: Mount, kit: Weapon) -> Member<Weapon> {
    Member {
        role,
        mount,
        kit,
        traits: Traits::default(),
    }
}

/// What the dice bring in OMOG 19C (issue 15's tuning; docs/rules/omog19c.md, "Men per die"):
/// a unit's first two dice attacking, its first defending, a team of four; its further dice
/// (a Tank's third, a Guard's second) and resource dice half a team; a settlement's die three
/// men in its houses. On Andorra and Liechtenstein (8 battles a row) whole teams and a two-man
/// garrison gave Invader v Guard 14% against dice of 28% and Invader v Invader 72% against 39%.
pub const SIZES: Sizes = Sizes {
    team: 4,
    garrison: 3,
    half: 2,
};

/// What each element of a force is: a fieldpiece with its crew of four, a Gatling with its two
/// gunners, or as many men of the element's kind as [`SIZES`] gives its die.
///
/// A fortification's die is the Gatling and its crew alone (issue 15, "Men per die": crews
/// stay whole, and a Gatling's crew is two). With two riflemen on top the fort brought 11
/// rifles and the Gatling against a 4-dice Tank's 8 rifles and fieldpiece, and the Tank, which
/// the dice give 31%, won 14% (Andorra and Liechtenstein, 8 battles a row); with the crew
/// alone 33%.
fn plans(force: &Force, side: Side) -> Vec<(TeamPlan<Weapon>, Option<HeavyKind>)> {
    let gunner = man(Role::Gunner, Mount::Foot, Weapon::Pistol);
    let mut men = men(force, side, &SIZES);
    // A defending unit that brings one die of its own (an Invader holding a settlement) has the
    // settlement's die as its second, and the OMMS dice weigh it as much as the unit's: two
    // against the attack's two. Three men there left the attack's 8 rifles against 7 and the
    // table gave the attacker 57% where the dice give 39% (docs/rules/omog19c.md, "Invader
    // against Invader").
    //
    // A fortification's second die is half a team beside the Gatling (the core's `men`): with
    // three men there the 2-dice Invader took a fort 8% of the time where the dice give 21%;
    // with two 14% (docs/rules/omog19c.md, "A fort's second die").
    let own = force.elements.iter().filter(|e| !e.garrison).count();
    if side == Side::Defender && own == 1 {
        for (n, e) in men.iter_mut().zip(&force.elements) {
            if e.garrison && e.arm != Arm::MachineGun {
                *n = SIZES.team;
            }
        }
    }
    crate::tactical::omog::reading::read(force, &super::troops::EXTRAS)
        .iter()
        .zip(men)
        .map(|(e, n)| {
            let soldier = soldier(e);
            let (members, heavy) = match e.arm {
                Arm::Guns => (vec![gunner; 4], Some(HeavyKind::Fieldpiece)),
                Arm::MachineGun => (vec![gunner, gunner], Some(HeavyKind::Gatling)),
                _ => (vec![soldier; n], None),
            };
            (
                TeamPlan {
                    members,
                    garrison: e.garrison,
                },
                heavy,
            )
        })
        .collect()
}

/// Deploy both forces (see the OMOG core's deployment); each gun stands 1″ ahead of its team,
/// set up to fire. The attacker moves first.
pub fn deploy(field: &Battlefield, forces: &Forces, seed: u64) -> OmogState {
    let atk = plans(&forces.attacker, Side::Attacker);
    let def = plans(&forces.defender, Side::Defender);
    let team_plans = |v: &[(TeamPlan<Weapon>, Option<HeavyKind>)]| -> Vec<TeamPlan<Weapon>> {
        v.iter().map(|(p, _)| p.clone()).collect()
    };
    let (roster, placed) = place(
        field,
        [&team_plans(&atk), &team_plans(&def)],
        Weapon::Pistol,
    );
    let heavies = atk.iter().chain(&def).map(|(_, h)| *h);
    let guns = placed
        .iter()
        .zip(heavies)
        .filter_map(|(p, h)| {
            h.map(|kind| Gun::new(p.team, kind, step(p.centre, p.facing, inches(1.0))))
        })
        .collect();
    OmogState {
        roster,
        clock: Clock::start(Side::Attacker),
        guns,
        pending_hits: Vec::new(),
        dice: Dice::new(seed),
    }
}
