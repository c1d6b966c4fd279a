//! Checks of moves and attacks: the engine's part (turn, phase, ownership, once per turn); the
//! map's part is asked of the [`Board`].

use super::{in_phase, own_unit};
use crate::rules::board::Board;
use crate::rules::command::{Attack, Move, Target};
use crate::rules::error::RuleError;
use crate::rules::ids::PlayerId;
use crate::rules::state::{Phase, State};
use crate::rules::unit::Location;

/// Where the move would end, if legal.
pub(crate) fn moving(
    state: &State,
    board: &dyn Board,
    me: PlayerId,
    c: &Move,
) -> Result<Location, RuleError> {
    in_phase(state, "move", &[Phase::Main])?;
    let unit = own_unit(state, me, c.unit)?;
    if unit.moved() {
        return Err(RuleError::AlreadyMoved { kind: unit.kind() });
    }
    let to = board.check_move(state, c)?;
    if let Location::Settlement(s) = to {
        if state.settlement(s).is_none_or(|s| s.owner() != me) {
            return Err(RuleError::BadLanding);
        }
    }
    Ok(to)
}

pub(super) fn attack(
    state: &State,
    board: &dyn Board,
    me: PlayerId,
    c: &Attack,
) -> Result<(), RuleError> {
    in_phase(state, "attack", &[Phase::Attack])?;
    let unit = own_unit(state, me, c.unit)?;
    if unit.attacked() {
        return Err(RuleError::AlreadyAttacked { kind: unit.kind() });
    }
    match c.target {
        Target::Unit(t) => {
            let target = state.unit(t).ok_or(RuleError::NoSuchUnit(t))?;
            if target.owner() == me {
                return Err(RuleError::OwnTarget {
                    what: format!("That {}", target.kind()),
                });
            }
        }
        Target::Settlement(s) => {
            let target = state.settlement(s).ok_or(RuleError::NoSuchSettlement(s))?;
            if target.owner() == me {
                return Err(RuleError::OwnTarget {
                    what: target.name().to_string(),
                });
            }
        }
    }
    board.check_attack_reach(state, c.unit, c.target)
}
