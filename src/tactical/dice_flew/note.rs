//! The attack dialog's line on why a Dice Flew battle's odds are worse than the OMMS dice: the
//! dice know nothing of cover or of fire during a move, but on this table a defending company in
//! a house or a wood takes every die fired at it at 2 less, it shoots the attacker's companies
//! while they move, and a single loss pins a company where it stands. Against a fortification's
//! walls it also names the light battery an attacker without guns brings.

use super::movement::cover_ground;
use super::state::DfState;
use super::tables::Guns;
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::Side;

/// One line on the defence as deployed: how many of the defender's fighting units start in
/// cover, then what interrupting fire and pinning do to an attack (always true in this ruleset,
/// so the line is never empty while the defender has a fighting unit).
pub fn defence_note(field: &Battlefield, state: &DfState) -> Option<String> {
    let fighting: Vec<_> = state
        .living(Side::Defender)
        .filter(|u| !u.staff())
        .collect();
    if fighting.is_empty() {
        return None;
    }
    let covered = fighting
        .iter()
        .filter(|u| cover_ground(field, u.at))
        .count();
    let fire =
        "they shoot your companies while they move, and any loss pins a company where it stands";
    let line = if covered == 0 {
        format!("{fire}.")
    } else {
        format!(
            "{covered} of their {} units start in houses or woods (each die at them counts 2 less); \
             {fire}.",
            fighting.len()
        )
    };
    // The siege battery (forces::SIEGE_BATTERY) weighs on the attacker's side: say it is
    // there, since the dice never named it.
    let siege = field.fortified
        && state
            .batteries()
            .iter()
            .any(|b| b.side == Side::Attacker && b.guns == Guns::Light);
    Some(if siege {
        format!("{line} Against the walls you have a light battery off the table.")
    } else {
        line
    })
}
