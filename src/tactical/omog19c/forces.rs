//! How OMOG 19C reads the forces (RULINGS §9): every element is a team of four, and every
//! squad of teams has an officer; deployment is the OMOG core's.

use super::state::{Gun, HeavyKind, OmogState, Role, Traits};
use super::tables::{Mount, Weapon};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Arm, Element, Force, Forces};
use crate::tactical::omog::deploy::{deploy as place, Member, TeamPlan};
use crate::tactical::omog::{Clock, Dice};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{inches, step};

/// How a man of an element of `arm` rides and what he carries. Troopers ride with carbines;
/// everyone else marches with the rifle (armour is read as riflemen, a gun's and a rapid-fire
/// weapon's crews are set apart in [`plans`]).
fn element_kind(arm: Arm) -> (Mount, Weapon) {
    match arm {
        Arm::Horse => (Mount::Horse, Weapon::Carbine),
        Arm::Foot | Arm::Guns | Arm::MachineGun | Arm::Armour => (Mount::Foot, Weapon::Rifle),
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

/// What each element of a force is: a fieldpiece with its crew of four, a Gatling with two
/// gunners and two riflemen, or four men of the element's kind.
fn plans(force: &Force) -> Vec<(TeamPlan<Weapon>, Option<HeavyKind>)> {
    let rifleman = man(Role::Soldier, Mount::Foot, Weapon::Rifle);
    let gunner = man(Role::Gunner, Mount::Foot, Weapon::Pistol);
    force
        .elements
        .iter()
        .map(|e: &Element| {
            let (mount, weapon) = element_kind(e.arm);
            let soldier = man(Role::Soldier, mount, weapon);
            let (members, heavy) = match e.arm {
                Arm::Guns => (vec![gunner; 4], Some(HeavyKind::Fieldpiece)),
                Arm::MachineGun => (
                    vec![gunner, gunner, rifleman, rifleman],
                    Some(HeavyKind::Gatling),
                ),
                _ => (vec![soldier; 4], None),
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
    let atk = plans(&forces.attacker);
    let def = plans(&forces.defender);
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
