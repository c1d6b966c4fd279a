//! The bots' reading of an assault (issue 15), the same for every OMOG ruleset: which enemies a
//! man could close with this move, and what a hand-to-hand fight there is worth once the numbers
//! are counted — two on one, three on one — by the core's own table ([`melee::modifiers`],
//! [`MeleeModifier::for_numbers`]) and the way [`melee::fight`] rolls it. A lone charge into a
//! line of bayonets is a poor bet; a third man joining two already in contact is a sure kill.

use super::figure::{Figure, Kit};
use super::melee::{self, contact, MeleeModifier};
use super::roster::Roster;
use crate::tactical::battlefield::Battlefield;
use crate::tactical::table::{distance, TablePoint};

/// Up to `n` living enemies of `f` within `reach` of him, nearest first (ties to the lower id):
/// the men he might charge or walk into contact with this move.
pub fn within_reach<'a, K: Kit>(
    roster: &'a Roster<K>,
    f: &Figure<K>,
    reach: f64,
    n: usize,
) -> Vec<&'a Figure<K>> {
    let mut v: Vec<&Figure<K>> = roster
        .living(f.side().other())
        .filter(|e| distance(e.pos(), f.pos()) <= reach)
        .collect();
    v.sort_by(|a, b| {
        distance(a.pos(), f.pos())
            .total_cmp(&distance(b.pos(), f.pos()))
            .then(a.id().cmp(&b.id()))
    });
    v.truncate(n);
    v
}

/// A fight of `lone` against `foes` (at most three, in the order they fight): the chance the
/// lone man falls and the number of his foes expected to fall, rolling every die as
/// [`melee::fight`] does (the lone man once, each foe in turn until he falls; the third of
/// three removes him).
pub fn bout<K: Kit>(field: &Battlefield, lone: &Figure<K>, foes: &[&Figure<K>]) -> (f64, f64) {
    let total = |m: Vec<MeleeModifier>| m.iter().map(|x| x.value()).sum::<i8>();
    let Some(first) = foes.first() else {
        return (0.0, 0.0);
    };
    let n = foes.len().min(3);
    let mine = total(melee::modifiers(field, lone, first));
    let theirs: Vec<i8> = foes[..n]
        .iter()
        .enumerate()
        .map(|(k, foe)| {
            total(melee::modifiers(field, foe, lone))
                + MeleeModifier::for_numbers(n, k).map_or(0, |m| m.value())
        })
        .collect();
    // (chance he falls, expected foes fallen) from foe k on, given his total.
    fn rest(k: usize, n: usize, lone_total: i8, theirs: &[i8]) -> (f64, f64) {
        if k >= n {
            return (0.0, 0.0);
        }
        if n == 3 && k == 2 {
            return (1.0, 0.0);
        }
        let (mut falls, mut kills) = (0.0, 0.0);
        for d in 1..=6i8 {
            let t = d + theirs[k];
            if t > lone_total {
                falls += 1.0 / 6.0;
            } else {
                let (f, x) = rest(k + 1, n, lone_total, theirs);
                falls += f / 6.0;
                kills += (x + if t < lone_total { 1.0 } else { 0.0 }) / 6.0;
            }
        }
        (falls, kills)
    }
    let (mut falls, mut kills) = (0.0, 0.0);
    for d in 1..=6i8 {
        let (f, x) = rest(0, n, d + mine, &theirs);
        falls += f / 6.0;
        kills += x / 6.0;
    }
    (falls, kills)
}

/// What `me` (already standing where his move ends, charging or not) gains in hand to hand
/// there, in figures: enemies expected to fall less friends expected to fall, reading the
/// fight the core will pair — he is the lone man if more enemies touch him than friends touch
/// the man he closed with, else he is one of the men round that enemy. `None` when he ends in
/// contact with nobody.
pub fn worth<K: Kit>(field: &Battlefield, roster: &Roster<K>, me: &Figure<K>) -> Option<f64> {
    let touching = |p: TablePoint, side| {
        let mut v: Vec<&Figure<K>> = roster
            .living(side)
            .filter(|o| o.id() != me.id() && distance(o.pos(), p) <= contact() + 1e-9)
            .collect();
        v.sort_by(|a, b| distance(a.pos(), p).total_cmp(&distance(b.pos(), p)));
        v
    };
    let foes = touching(me.pos(), me.side().other());
    let target = *foes.first()?;
    let mut mates = touching(target.pos(), me.side());
    mates.insert(0, me);
    mates.truncate(3);
    if foes.len() > mates.len() {
        let foes: Vec<&Figure<K>> = foes.into_iter().take(3).collect();
        let (falls, kills) = bout(field, me, &foes);
        Some(kills - falls)
    } else {
        // His friends' fights with this man happen whether or not he comes: count only what
        // his joining adds.
        let (falls, kills) = bout(field, target, &mates);
        let (before, lost_before) = if mates.len() > 1 {
            bout(field, target, &mates[1..])
        } else {
            (0.0, 0.0)
        };
        Some((falls - before) - (kills - lost_before))
    }
}
