//! The checks every OMOG order shares: whose turn it is, whether the figure may act, and the
//! move itself — its path over the ground, the figure's allowance, cohesion and charges. A
//! ruleset adds its own checks on top (guns, reloading).

use super::cohesion;
use super::figure::{Figure, FigureId, Kit};
use super::melee::contact;
use super::movement::{charge_distance_ok, move_fraction, Mount};
use super::refusal::Refusal;
use super::room;
use super::roster::Roster;
use super::turn::{Clock, Phase};
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::sight::PathSurvey;
use crate::tactical::table::{distance, TablePoint};

/// A living figure of the side to act.
pub fn own_figure<'a, K: Kit>(
    roster: &'a Roster<K>,
    clock: &Clock,
    id: FigureId,
) -> Result<&'a Figure<K>, Refusal> {
    let f = roster.figure(id).ok_or(Refusal::NoFigure(id.0))?;
    if Some(f.side()) != clock.actor() {
        return Err(Refusal::NotYours(f.name()));
    }
    if !f.alive() {
        return Err(Refusal::OutOfFight(f.name()));
    }
    Ok(f)
}

/// A move that passed the shared checks: the share of the figure's move it uses and the
/// ground it goes over.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveCheck {
    /// The share of the move used (at most 1).
    pub used: f64,
    /// The ground.
    pub survey: PathSurvey,
}

/// Check a move: its path over the terrain, room to stand at its end, the figure's allowance,
/// team cohesion and the conditions of a charge.
pub fn check_move<K: Kit>(
    field: &Battlefield,
    roster: &Roster<K>,
    clock: &Clock,
    id: FigureId,
    path: &[TablePoint],
    charge: bool,
) -> Result<MoveCheck, Refusal> {
    if !matches!(clock.phase(), Phase::Move(_)) {
        return Err(Refusal::NotMovePhase);
    }
    let f = own_figure(roster, clock, id)?;
    if f.moved() {
        return Err(Refusal::MovedAlready(f.name()));
    }
    if path.len() < 2 || distance(path[0], f.pos()) > 0.01 {
        return Err(Refusal::PathStart);
    }
    let end = *path.last().expect("two points");
    // The cheap checks first: the bots probe many moves that fail them.
    cohesion::check(roster, f, end)?;
    if charge {
        if f.charge_used() {
            return Err(Refusal::ChargedOnce(f.name()));
        }
        let target = roster
            .enemy_within(f.side(), end, contact())
            .ok_or(Refusal::ChargeNoContact)?;
        if f.mount() == Mount::Foot && !f.kit().bayonet() {
            return Err(Refusal::NoBayonet);
        }
        if !charge_distance_ok(f.mount(), distance(f.pos(), target.pos())) {
            return Err(match f.mount() {
                Mount::Horse => Refusal::CavalryTooClose,
                Mount::Foot => Refusal::BayonetTooClose,
            });
        }
    }
    let survey = field
        .survey(path)
        .map_err(|why| Refusal::Impassable { who: f.name(), why })?;
    if field.area_kinds_at(end).contains(&AreaKind::Water) {
        return Err(Refusal::InWater(f.name()));
    }
    room::check(field, roster, f, end, &survey)?;
    let used = move_fraction(f.mount(), &survey);
    if used > 1.0 + 1e-9 {
        return Err(Refusal::TooFar {
            who: f.name(),
            percent: used * 100.0,
        });
    }
    Ok(MoveCheck { used, survey })
}

/// A figure of the side to act that may still give a fire order this phase.
pub fn check_shooter<'a, K: Kit>(
    roster: &'a Roster<K>,
    clock: &Clock,
    id: FigureId,
) -> Result<&'a Figure<K>, Refusal> {
    if !matches!(clock.phase(), Phase::Fire(_)) {
        return Err(Refusal::NotFirePhase);
    }
    let f = own_figure(roster, clock, id)?;
    if f.fired() {
        return Err(Refusal::FiredAlready(f.name()));
    }
    if f.charging() {
        return Err(Refusal::ChargedCannotShoot(f.name()));
    }
    Ok(f)
}

/// Whether a figure may hold for this phase (not move, or not fire).
pub fn check_hold<K: Kit>(roster: &Roster<K>, clock: &Clock, id: FigureId) -> Result<(), Refusal> {
    let f = own_figure(roster, clock, id)?;
    match clock.phase() {
        Phase::Move(_) if f.moved() => Err(Refusal::MovedAlready(f.name())),
        Phase::Fire(_) if f.fired() => Err(Refusal::FiredAlready(f.name())),
        _ => Ok(()),
    }
}

/// Whether the side may end its move now.
pub fn check_end_move(clock: &Clock) -> Result<(), Refusal> {
    match clock.phase() {
        Phase::Move(_) => Ok(()),
        Phase::Over => Err(Refusal::BattleOver),
        Phase::Fire(_) => Err(Refusal::NotAMovePhase),
    }
}

/// Whether the side may end its fire now.
pub fn check_end_fire(clock: &Clock) -> Result<(), Refusal> {
    match clock.phase() {
        Phase::Fire(_) => Ok(()),
        Phase::Over => Err(Refusal::BattleOver),
        Phase::Move(_) => Err(Refusal::NotAFirePhase),
    }
}
