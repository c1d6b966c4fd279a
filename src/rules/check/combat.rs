//! Checks of moves and attacks: the engine's part (turn, phase, ownership, once per turn); the
//! map's part is asked of the [`Board`].

use super::{in_phase, own_unit};
use crate::rules::battle::RulesetId;
use crate::rules::board::Board;
use crate::rules::command::{Attack, Move, Target};
use crate::rules::error::RuleError;
use crate::rules::ids::PlayerId;
use crate::rules::state::{Phase, State};
use crate::rules::unit::{Location, UnitType};

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
    if matches!(unit.at(), Location::Aboard(_)) {
        return Err(RuleError::Refused(format!(
            "Your {} is aboard a Ship: it goes where the Ship goes, or lands as its move.",
            unit.kind()
        )));
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
    if matches!(unit.at(), Location::Aboard(_)) {
        return Err(RuleError::Refused(format!(
            "Your {} is aboard a Ship: units aboard cannot attack.",
            unit.kind()
        )));
    }
    let ship = unit.kind() == UnitType::Ship;
    match c.target {
        Target::Unit(t) => {
            let target = state.unit(t).ok_or(RuleError::NoSuchUnit(t))?;
            if target.owner() == me {
                return Err(RuleError::OwnTarget {
                    what: format!("That {}", target.kind()),
                });
            }
            if matches!(target.at(), Location::Aboard(_)) {
                return Err(RuleError::Refused(format!(
                    "That {} is aboard a Ship: units aboard cannot be attacked; attack the Ship.",
                    target.kind()
                )));
            }
            match (ship, target.kind() == UnitType::Ship) {
                (false, true) => {
                    return Err(RuleError::Refused(
                        "Only Ships attack Ships: land units cannot reach one.".into(),
                    ))
                }
                (true, false) => {
                    return Err(RuleError::Refused(
                        "A Ship attacks only Ships, never units on land.".into(),
                    ))
                }
                _ => {}
            }
        }
        Target::Settlement(s) => {
            let target = state.settlement(s).ok_or(RuleError::NoSuchSettlement(s))?;
            if target.owner() == me {
                return Err(RuleError::OwnTarget {
                    what: target.name().to_string(),
                });
            }
            if ship {
                return Err(RuleError::Refused(
                    "A Ship attacks only Ships, never settlements.".into(),
                ));
            }
        }
    }
    board.check_attack_reach(state, c.unit, c.target)?;
    match c.battle {
        Some(offer) => battle_offer(state, board, c.target, offer.ruleset),
        None => Ok(()),
    }
}

/// A table battle may be offered when the game enables its ruleset and the fight is over a
/// defended settlement whose terrain the map holds (RULINGS §9).
fn battle_offer(
    state: &State,
    board: &dyn Board,
    target: Target,
    ruleset: RulesetId,
) -> Result<(), RuleError> {
    if !state.options().battles.rulesets.contains(ruleset) {
        return Err(RuleError::Refused(format!(
            "{ruleset} battles are not enabled in this game; roll the dice."
        )));
    }
    let settlement = match target {
        Target::Settlement(s) => s,
        Target::Unit(t) => match state.unit(t).map(|u| u.at()) {
            Some(Location::Settlement(s)) => s,
            _ => return Err(RuleError::Refused(crate::rules::battle::IN_THE_OPEN.into())),
        },
    };
    if state.defenders(settlement).is_empty() {
        let name = state.settlement(settlement).map_or("", |s| s.name());
        return Err(RuleError::Refused(format!(
            "Nobody defends {name}: it falls without a battle."
        )));
    }
    board.battle_ground(state, settlement, ruleset)
}
