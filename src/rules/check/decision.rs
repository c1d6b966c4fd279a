//! Answers to pending decisions: the only commands accepted while one is open.

use super::describe;
use crate::rules::command::Command;
use crate::rules::error::RuleError;
use crate::rules::ids::UnitId;
use crate::rules::state::{Pending, State};

pub(super) fn check(state: &State, pending: &Pending, cmd: &Command) -> Result<(), RuleError> {
    match (pending, cmd) {
        (Pending::Trade { .. }, Command::RespondTrade(_)) => Ok(()),
        (Pending::Defender { candidates, .. }, Command::ChooseDefender(c)) => {
            offered(candidates, c.unit)
        }
        (Pending::SiegeCasualty { candidates, .. }, Command::ChooseSiegeCasualty(c)) => {
            offered(candidates, c.unit)
        }
        (Pending::NewBase { candidates, .. }, Command::ChooseBase(c)) => {
            if candidates.contains(&c.settlement) {
                Ok(())
            } else {
                Err(RuleError::NotACandidateBase)
            }
        }
        _ => Err(RuleError::Waiting {
            who: state.name_of(pending.player()).to_string(),
            what: describe(pending).to_string(),
        }),
    }
}

fn offered(candidates: &[UnitId], unit: UnitId) -> Result<(), RuleError> {
    if candidates.contains(&unit) {
        Ok(())
    } else {
        Err(RuleError::NotACandidate)
    }
}
