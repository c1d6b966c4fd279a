//! Carrying out the seafaring commands (RULINGS §10): building a Ship, boarding and landing; and
//! what a lost fight at sea costs.

use super::Exec;
use crate::rules::check::landing_destination;
use crate::rules::command::{BoardShip, BuildShip, Land};
use crate::rules::error::RuleError;
use crate::rules::event::{Event, Loss, Recruit};
use crate::rules::ids::{PlayerId, UnitId};
use crate::rules::unit::{Location, UnitType};

pub(super) fn build_ship(x: &mut Exec, me: PlayerId, c: &BuildShip) -> Result<(), RuleError> {
    let site = x.board.ship_site(x.state, c.port)?;
    x.emit(Event::CardsSpent {
        player: me,
        cards: c.cards.clone(),
    });
    x.emit(Event::UnitPlaced {
        unit: x.state.next_unit_id(),
        owner: me,
        kind: UnitType::Ship,
        at: Location::Sea(site),
        source: Recruit::Spades,
    });
    Ok(())
}

pub(super) fn board_ship(x: &mut Exec, c: &BoardShip) {
    let Some(from) = x.state.unit(c.unit).map(|u| u.at()) else {
        return;
    };
    x.emit(Event::UnitMoved {
        unit: c.unit,
        from,
        to: Location::Aboard(c.ship),
    });
}

pub(super) fn land(x: &mut Exec, me: PlayerId, c: &Land) -> Result<(), RuleError> {
    let Some(from) = x.state.unit(c.unit).map(|u| u.at()) else {
        return Ok(());
    };
    let to = landing_destination(x.state, x.board, me, c)?;
    x.emit(Event::UnitMoved {
        unit: c.unit,
        from,
        to,
    });
    Ok(())
}

/// Everyone aboard `ship` is lost with it (or with its failed attack).
pub(super) fn drown_cargo(x: &mut Exec, ship: UnitId) {
    for unit in x.state.cargo(ship) {
        x.emit(Event::UnitDestroyed {
            unit,
            cause: Loss::Drowned,
        });
    }
}

/// A defending Ship that loses is sunk with everyone aboard.
pub(super) fn sink(x: &mut Exec, ship: UnitId) {
    drown_cargo(x, ship);
    x.emit(Event::UnitDestroyed {
        unit: ship,
        cause: Loss::Sunk,
    });
}

/// An attacking Ship that loses the roll is not sunk: its cargo is lost and it goes back to its
/// owner's nearest port, or is lost when there is none.
pub(super) fn beaten_off(x: &mut Exec, ship: UnitId) {
    drown_cargo(x, ship);
    match x.board.return_port(x.state, ship) {
        Some(to) => x.emit(Event::ShipReturned { unit: ship, to }),
        None => x.emit(Event::UnitDestroyed {
            unit: ship,
            cause: Loss::Sunk,
        }),
    }
}
