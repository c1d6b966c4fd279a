//! Patrols: up to four riflemen sent out from a company. Within half a move of their company
//! they are part of it — they move on its command, add their rifles to its fire instead of
//! firing alone, and share its pins and rallies; beyond that they are a company of their own.

use super::fire::range;
use super::forces::free_spot;
use super::refusal::Refusal;
use super::state::DfState;
use super::tables::Weapon;
use super::unit::{Kind, Unit, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::Side;
use crate::tactical::table::{inches, step, TablePoint};

/// The most men a patrol may have.
pub const MAX_MEN: u8 = 4;

/// Check a detachment, and where the patrol would stand: beside its company, on free ground.
pub fn check_detach(
    field: &Battlefield,
    s: &DfState,
    side: Side,
    id: UnitId,
    men: u8,
) -> Result<TablePoint, Refusal> {
    let u = s
        .unit(id)
        .filter(|u| u.side == side && u.alive())
        .ok_or(Refusal::NotYours)?;
    if u.staff() || u.kind == Kind::Patrol || u.kind.armour().is_some() || u.kind == Kind::Snipers {
        return Err(Refusal::Patrol(
            "only a company of men can send out a patrol",
        ));
    }
    if !(1..=MAX_MEN).contains(&men) {
        return Err(Refusal::Patrol("a patrol is one to four men"));
    }
    if u.count(Weapon::Rifle) < men as u32 {
        return Err(Refusal::Patrol("the company has not that many riflemen"));
    }
    if u.moved {
        return Err(Refusal::Moved(u.label()));
    }
    if u.pinned {
        return Err(Refusal::Pinned(u.label()));
    }
    let want = step(u.at, u.facing.0 + 90.0, inches(3.0));
    let at = free_spot(field, s, Kind::Patrol, want);
    if range(at, u.at) > inches(3.0) {
        return Err(Refusal::Patrol("there is no room beside the company"));
    }
    Ok(at)
}

/// Check a patrol's rejoining, and which company it rejoins.
pub fn check_rejoin(s: &DfState, side: Side, id: UnitId) -> Result<UnitId, Refusal> {
    let p = s
        .unit(id)
        .filter(|u| u.side == side && u.alive() && u.kind == Kind::Patrol)
        .ok_or(Refusal::NotYours)?;
    match (s.with_company(id), p.parent) {
        (Some(true), Some(c)) => Ok(c),
        _ => Err(Refusal::Patrol(
            "a patrol rejoins only within half a move of its company",
        )),
    }
}

/// Fire points the patrols with `company` add to its fire at a target standing at `at`.
pub fn pooled_points(s: &DfState, company: &Unit, at: TablePoint) -> u32 {
    s.living(company.side)
        .filter(|p| p.parent == Some(company.id) && s.with_company(p.id) == Some(true))
        .flat_map(|p| p.weapons().map(move |(w, n)| w.points(range(p.at, at)) * n))
        .sum()
}
