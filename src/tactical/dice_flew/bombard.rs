//! On-table guns and mortars bombarding: in their side's bombardment step, at the start of its
//! part before anything moves, a field battery or mortar company may shell an enemy unit that
//! any unit of its side sees, as a barrage (5 points a light gun or mortar, 10 a medium, 15 a
//! heavy gun); it has then bombarded, and may not shoot until its side's next part. Field guns
//! reach anywhere on the table, mortars their own 24″.

use super::artillery::strike;
use super::event::DfEvent;
use super::fire::{clear_of_friends, range, sees};
use super::state::DfState;
use super::tables::{Guns, Weapon};
use super::unit::{Kind, Unit, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::omog::Emitter;
use crate::tactical::table::{distance, inches};

/// How far a mortar company's bombs reach: its mortars' range.
pub fn mortar_reach() -> f64 {
    inches(24.0)
}

/// The barrage points an on-table unit's guns and mortars bring: 5 a light gun or mortar, 10 a
/// medium and 15 a heavy gun (0 for anything else, and for armour, whose guns fire directly).
pub fn bombard_points(u: &Unit) -> u32 {
    if !matches!(u.kind, Kind::FieldGuns | Kind::Mortars) {
        return 0;
    }
    [
        (Weapon::LightGun, Guns::Light.points()),
        (Weapon::Mortar, Guns::Light.points()),
        (Weapon::MediumGun, Guns::Medium.points()),
        (Weapon::HeavyGun, Guns::Heavy.points()),
    ]
    .iter()
    .map(|&(w, p)| u.count(w) * p)
    .sum()
}

/// Why `u` may not bombard `target` now, if it may not (the timing is `check`'s).
pub fn may_bombard(
    field: &Battlefield,
    s: &DfState,
    u: &Unit,
    target: &Unit,
) -> Result<(), &'static str> {
    if !matches!(u.kind, Kind::FieldGuns | Kind::Mortars) {
        return Err("only field guns and mortars bombard");
    }
    if bombard_points(u) == 0 {
        return Err("its guns are lost");
    }
    if u.pinned {
        return Err("it is pinned");
    }
    if s.has_bombarded(u.id) {
        return Err("it has bombarded already this turn");
    }
    if target.side == u.side || !target.alive() {
        return Err("that is not an enemy unit on the table");
    }
    if u.kind == Kind::Mortars && range(u.at, target.at) > mortar_reach() + 1e-9 {
        return Err("the target is beyond its mortars' 24″");
    }
    if !clear_of_friends(s, u, target.at) {
        return Err("the target is within 3″ of friends");
    }
    if !seen_by_side(field, s, u, target) {
        return Err("no unit of its side sees the target");
    }
    Ok(())
}

/// Whether any living unit of `u`'s side sees `target` (the nearest looked at first: they
/// usually do, and sight is the costly test).
fn seen_by_side(field: &Battlefield, s: &DfState, u: &Unit, target: &Unit) -> bool {
    let mut eyes: Vec<&Unit> = s.living(u.side).collect();
    eyes.sort_by(|a, b| distance(a.at, target.at).total_cmp(&distance(b.at, target.at)));
    eyes.into_iter().any(|e| sees(field, e.at, target.at))
}

/// The enemy `u` would bombard: the nearest it may.
pub fn bombard_target(field: &Battlefield, s: &DfState, u: &Unit) -> Option<UnitId> {
    let mut es: Vec<&Unit> = s.living(u.side.other()).collect();
    es.sort_by(|a, b| distance(u.at, a.at).total_cmp(&distance(u.at, b.at)));
    es.into_iter()
        .find(|t| may_bombard(field, s, u, t).is_ok())
        .map(|t| t.id)
}

/// The bombardment: the shells, their dice, a hard-hit target's fall back, and any telephone
/// wire under them cut.
pub(super) fn bombard(
    out: &mut Emitter<DfState>,
    field: &Battlefield,
    unit: UnitId,
    target: UnitId,
) {
    let (points, from) = {
        let u = out.state().unit(unit).expect("checked");
        (bombard_points(u), u.at)
    };
    let at = out.state().unit(target).expect("checked").at;
    out.emit(DfEvent::Bombarded { unit, target, at });
    // The wire goes as the shells land, before anyone struck falls back.
    super::telephone::cut_by_shells(out, at);
    if let Some(s) = strike(out, field, points, target) {
        out.emit(DfEvent::Shelled {
            unit,
            target,
            dice: s.dice,
            hits: s.hits,
            defence: s.defence,
            losses: s.losses,
        });
        if s.falls_back {
            super::execute::fall_back(out, field, target, from);
        }
    }
}
