//! How an OMOG ruleset reads the strategic dice beyond the common ones (RULINGS §9: every troop
//! type a ruleset names must be playable). A unit brings at most two dice of one arm of its own
//! (an Invader's two, a Tank's two armour after its gun when it defends); a third or fourth die of
//! the same arm in the field can only come from resource cards played on the attack. Those are
//! read as the period's other troops: what the country raises in haste (irregulars, lancers) and,
//! for the fourth, picked men. The reading is by rank alone, so a force string (`omms battle
//! --attacker 4*foot`) gives the same troops as the strategic game.

use crate::tactical::force::{Arm, Element, Force, Quality};
use crate::tactical::ruleset::Side;

/// What a ruleset's extra dice bring: a troop type it names and whether the men are elite.
pub type Troop = (&'static str, bool);

/// A ruleset's reading of the extra dice ([`extra`]).
#[derive(Debug, Clone, Copy)]
pub struct Extras {
    /// What a third and a fourth foot die bring: the period's irregulars.
    pub irregulars: [&'static str; 2],
    /// What a Tank's second armour die (its third die) and its third (a resource die) bring.
    pub armour: [Troop; 2],
}

/// A die's troop type and whether it is elite, by its arm and its rank among its force's field
/// dice of that arm (0 for the first), or `None` to read it by its arm as usual. The third and
/// fourth foot dice are the ruleset's irregulars; the third and fourth horse dice lancers and
/// heavy cavalry; a Tank's second and third armour dice the ruleset's `armour`.
pub fn extra(arm: Arm, rank: usize, extras: &Extras) -> Option<Troop> {
    match (arm, rank) {
        (Arm::Foot, 2) => Some((extras.irregulars[0], false)),
        (Arm::Foot, 3..) => Some((extras.irregulars[1], false)),
        (Arm::Horse, 2) => Some(("lancers", false)),
        (Arm::Horse, 3..) => Some(("heavy-cavalry", false)),
        (Arm::Armour, 1) => Some(extras.armour[0]),
        (Arm::Armour, 2..) => Some(extras.armour[1]),
        _ => None,
    }
}

/// Each element's place among the force's own dice of its arm (0 for the first); `None` for a
/// settlement's die (in garrison), which counts in no arm.
fn arm_ranks(force: &Force) -> Vec<Option<usize>> {
    let mut ranks = [0usize; Arm::ALL.len()];
    force
        .elements
        .iter()
        .map(|e| {
            if e.garrison {
                return None;
            }
            let slot = Arm::ALL
                .iter()
                .position(|a| *a == e.arm)
                .expect("every arm");
            ranks[slot] += 1;
            Some(ranks[slot] - 1)
        })
        .collect()
}

/// The force's elements with the extra dice given their troop types ([`extra`]). An element
/// that already names a troop type or a quality, and a settlement's die (in garrison), keep
/// theirs.
pub fn read(force: &Force, extras: &Extras) -> Vec<Element> {
    force
        .elements
        .iter()
        .zip(arm_ranks(force))
        .map(|(e, rank)| {
            let Some(rank) = rank else {
                return e.clone();
            };
            match extra(e.arm, rank, extras) {
                Some((troop, elite)) if e.troop.is_none() && e.quality == Quality::Regular => {
                    Element {
                        troop: Some(troop.to_string()),
                        quality: if elite {
                            Quality::Elite
                        } else {
                            Quality::Regular
                        },
                        ..e.clone()
                    }
                }
                _ => e.clone(),
            }
        })
        .collect()
}

/// How many men a ruleset's dice bring, by what each die is in the strategic combat (issue 15's
/// tuning, RULINGS §9: forces may be tuned, each decision in the ruleset's doc).
#[derive(Debug, Clone, Copy)]
pub struct Sizes {
    /// A unit's own die: a team.
    pub team: usize,
    /// A settlement's die, in its houses.
    pub garrison: usize,
    /// Every die beyond a unit's first two when it attacks or its first when it defends (a
    /// Tank's third, a Guard's second), and every resource die (the third or fourth die of one
    /// arm): half a team.
    pub half: usize,
}

/// The men each element of `force` (on `side`) brings, in order, as `sizes` reads it. The OMMS
/// dice compare only the best die of each side, so one die more moves the odds by a few points
/// (Invader v Invader 39%, v Guard 28%); on the table, where a battle is fought to the last
/// man, a whole team more is a far heavier weight (8 men against 10 won 14%). So a unit's dice
/// beyond its first two attacking, its first defending, bring half a team. A ruleset's crews (a
/// gun's, a Gatling's) are its own to size.
///
/// A fortification's second die (a garrison die beside its rapid-fire weapon) is half a team:
/// the walls round the objective are the rest of what the fort adds. With a whole garrison
/// there the fort held far beyond its dice in both OMOG rulesets (docs/rules/omog19c.md, "A
/// fort's second die"; docs/rules/omog_musket.md, "Forces").
pub fn men(force: &Force, side: Side, sizes: &Sizes) -> Vec<usize> {
    let whole = match side {
        Side::Attacker => 2,
        Side::Defender => 1,
    };
    let walled = side == Side::Defender
        && force
            .elements
            .iter()
            .any(|e| e.garrison && e.arm == Arm::MachineGun);
    let mut own = 0usize;
    arm_ranks(force)
        .into_iter()
        .zip(&force.elements)
        .map(|(rank, e)| {
            let Some(rank) = rank else {
                return if walled && e.arm != Arm::MachineGun {
                    sizes.half
                } else {
                    sizes.garrison
                };
            };
            own += 1;
            if rank >= 2 || own > whole {
                sizes.half
            } else {
                sizes.team
            }
        })
        .collect()
}
