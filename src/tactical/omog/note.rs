//! The attack dialog's line on why a table battle's odds differ from the OMMS dice, the same for
//! every OMOG ruleset: the dice know nothing of houses, but on the table a garrison in one is
//! hard to hit, and the ruleset's own shooting table says how hard.

use super::figure::Kit;
use super::room;
use super::roster::Roster;
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::Side;

/// The plural of a soldier's name: "rifleman" → "riflemen", "trooper" → "troopers".
fn plural(name: &str) -> String {
    match name.strip_suffix("man") {
        Some(stem) => format!("{stem}men"),
        None => format!("{name}s"),
    }
}

/// One line on the garrison, or `None` when no defender starts in a house. `in_house(kit)`
/// gives, for each of the kit's range bands (nearest first), its far edge in table mm and the
/// roll a shot at a man in a house needs there (`None`: it cannot hit him), straight from the
/// ruleset's shooting table; the attackers' commonest kit is the one named.
pub fn garrison_note<K: Kit>(
    field: &Battlefield,
    roster: &Roster<K>,
    in_house: impl Fn(K) -> Vec<(f64, Option<u8>)>,
) -> Option<String> {
    let defenders: Vec<_> = roster.living(Side::Defender).collect();
    let housed = defenders
        .iter()
        .filter(|f| !room::houses_at(field, f.pos()).is_empty())
        .count();
    if housed == 0 {
        return None;
    }
    // The commonest kit among the attackers, the first seen on a tie (roster order).
    let mut kinds: Vec<(K, _, usize)> = Vec::new();
    for f in roster.living(Side::Attacker) {
        match kinds
            .iter_mut()
            .find(|(k, m, _)| *k == f.kit() && *m == f.mount())
        {
            Some(e) => e.2 += 1,
            None => kinds.push((f.kit(), f.mount(), 1)),
        }
    }
    let mut best: Option<(K, _, usize)> = None;
    for e in kinds {
        if best.is_none_or(|b| e.2 > b.2) {
            best = Some(e);
        }
    }
    let (kit, mount, _) = best?;
    let bands = in_house(kit);
    let near = bands.first().and_then(|b| b.1);
    let reach = bands
        .iter()
        .take_while(|b| b.1.is_some())
        .last()
        .map(|b| b.0);
    let men = plural(kit.soldier(mount));
    let odds = match (near, reach) {
        (Some(n), Some(r)) if reach != bands.last().map(|b| b.0) => format!(
            "your {men} need a {n} at best to hit them, and cannot hit them beyond {:.0}″",
            r / 25.4
        ),
        (Some(n), _) => format!("your {men} need a {n} at best to hit them"),
        _ => format!("your {men} cannot hit them"),
    };
    let walls = if field.fortified { " behind walls" } else { "" };
    Some(format!(
        "{housed} of the {} defenders hold houses{walls}: {odds}.",
        defenders.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn soldiers_are_named_in_the_plural() {
        assert_eq!(plural("rifleman"), "riflemen");
        assert_eq!(plural("trooper"), "troopers");
    }
}
