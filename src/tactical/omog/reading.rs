//! How an OMOG ruleset reads the strategic dice beyond the common ones (RULINGS §9: every troop
//! type a ruleset names must be playable). A unit brings at most two dice of one arm of its own
//! (an Invader's two, a Tank's two armour after its gun when it defends); a third or fourth die of
//! the same arm in the field can only come from resource cards played on the attack. Those are
//! read as the period's other troops: what the country raises in haste (irregulars, lancers) and,
//! for the fourth, picked men. The reading is by rank alone, so a force string (`omms battle
//! --attacker 4*foot`) gives the same troops as the strategic game.

use crate::tactical::force::{Arm, Element, Force, Quality};

/// A die's troop type and whether it is elite, by its arm and its rank among its force's field
/// dice of that arm (0 for the first), or `None` to read it by its arm as usual. The third and
/// fourth foot dice are the ruleset's `irregulars`; the third and fourth horse dice lancers and
/// heavy cavalry; a Tank's second armour die (its third die) heavy cavalry and its third (a
/// resource die) elite cuirassiers. Both OMOG rulesets name these horse.
pub fn extra(arm: Arm, rank: usize, irregulars: [&'static str; 2]) -> Option<(&'static str, bool)> {
    match (arm, rank) {
        (Arm::Foot, 2) => Some((irregulars[0], false)),
        (Arm::Foot, 3..) => Some((irregulars[1], false)),
        (Arm::Horse, 2) => Some(("lancers", false)),
        (Arm::Horse, 3..) => Some(("heavy-cavalry", false)),
        (Arm::Armour, 1) => Some(("heavy-cavalry", false)),
        (Arm::Armour, 2..) => Some(("cuirassiers", true)),
        _ => None,
    }
}

/// The force's elements with the extra dice given their troop types ([`extra`]). An element
/// that already names a troop type or a quality, and a settlement's die (in garrison), keep
/// theirs.
pub fn read(force: &Force, irregulars: [&'static str; 2]) -> Vec<Element> {
    let mut ranks = [0usize; Arm::ALL.len()];
    force
        .elements
        .iter()
        .map(|e| {
            if e.garrison {
                return e.clone();
            }
            let slot = Arm::ALL
                .iter()
                .position(|a| *a == e.arm)
                .expect("every arm");
            let rank = ranks[slot];
            ranks[slot] += 1;
            match extra(e.arm, rank, irregulars) {
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
