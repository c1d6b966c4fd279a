//! Checks of the seafaring commands (RULINGS §10): the engine's part (option, phase, ownership,
//! capacity, once per turn); the water and the harbours are the [`Board`]'s.

use super::cards::spend_total;
use super::{in_phase, own_settlement, own_unit};
use crate::rules::board::Board;
use crate::rules::cards::Suit;
use crate::rules::command::{BoardShip, BuildShip, Land};
use crate::rules::error::RuleError;
use crate::rules::ids::{PlayerId, UnitId};
use crate::rules::state::{Phase, State};
use crate::rules::unit::{Location, UnitType, SHIP_CAPACITY};

fn refused(msg: &str) -> RuleError {
    RuleError::Refused(msg.into())
}

fn seafaring(state: &State) -> Result<(), RuleError> {
    if state.options().seafaring {
        Ok(())
    } else {
        Err(refused(
            "Ships belong to the seafaring option, which this game does not use.",
        ))
    }
}

pub(super) fn build_ship(
    state: &State,
    board: &dyn Board,
    me: PlayerId,
    c: &BuildShip,
) -> Result<(), RuleError> {
    in_phase(state, "build", &[Phase::Main])?;
    seafaring(state)?;
    let s = own_settlement(state, me, c.port)?;
    if !board.is_port(state, c.port) {
        return Err(RuleError::Refused(format!(
            "{} is not a port: Ships are built only where the sea comes within a 50p coin's width.",
            s.name()
        )));
    }
    board.ship_site(state, c.port)?;
    // No food: a Ship has no upkeep (RULINGS §10).
    spend_total(state, me, &c.cards, Suit::Spades).map(drop)
}

pub(super) fn board_ship(
    state: &State,
    board: &dyn Board,
    me: PlayerId,
    c: &BoardShip,
) -> Result<(), RuleError> {
    in_phase(state, "board a Ship", &[Phase::Main])?;
    seafaring(state)?;
    own_unit(state, me, c.unit)?;
    may_board(state, board, c.unit, c.ship)
}

/// Whether `unit` may board `ship` now, turn and phase aside: what `omms rules can-board` and
/// the UI's hover ask (RULINGS §10).
pub fn may_board(
    state: &State,
    board: &dyn Board,
    unit: UnitId,
    ship: UnitId,
) -> Result<(), RuleError> {
    let me = state.unit(unit).ok_or(RuleError::NoSuchUnit(unit))?.owner();
    let c = BoardShip { unit, ship };
    let unit = own_unit(state, me, c.unit)?;
    if unit.kind() == UnitType::Ship {
        return Err(refused("A Ship cannot go aboard another Ship."));
    }
    if unit.moved() {
        return Err(RuleError::AlreadyMoved { kind: unit.kind() });
    }
    let ship = own_unit(state, me, c.ship)?;
    if ship.kind() != UnitType::Ship {
        return Err(RuleError::Refused(format!(
            "Units board Ships, not a {}.",
            ship.kind()
        )));
    }
    if !matches!(unit.at(), Location::Settlement(_)) {
        return Err(RuleError::Refused(format!(
            "Your {} must stand in the port to board: units board in harbour.",
            unit.kind()
        )));
    }
    if state.cargo(c.ship).len() >= SHIP_CAPACITY {
        return Err(refused(
            "That Ship already carries three units, as many as it can.",
        ));
    }
    board.check_boarding(state, c.unit, c.ship)
}

pub(crate) fn landing(
    state: &State,
    board: &dyn Board,
    me: PlayerId,
    c: &Land,
) -> Result<Location, RuleError> {
    in_phase(state, "land", &[Phase::Main])?;
    let unit = own_unit(state, me, c.unit)?;
    if !matches!(unit.at(), Location::Aboard(_)) {
        return Err(RuleError::Refused(format!(
            "Your {} is not aboard a Ship.",
            unit.kind()
        )));
    }
    if unit.moved() {
        return Err(RuleError::AlreadyMoved { kind: unit.kind() });
    }
    board.check_landing(state, c.unit, c.to)
}
