//! Answers to pending decisions: the only commands accepted while one is open.

use super::describe;
use crate::rules::board::Board;
use crate::rules::cards::match_faces;
use crate::rules::command::Command;
use crate::rules::error::RuleError;
use crate::rules::ids::UnitId;
use crate::rules::state::{Pending, State};

pub(super) fn check(
    state: &State,
    board: &dyn Board,
    pending: &Pending,
    cmd: &Command,
) -> Result<(), RuleError> {
    match (pending, cmd) {
        (Pending::Trade { with, take, .. }, Command::RespondTrade(c)) => {
            if !c.accept {
                return Ok(());
            }
            match_faces(state.player(*with).hand(), take)
                .map(drop)
                .map_err(|card| RuleError::LackTheCard { card })
        }
        (Pending::Defender { candidates, .. }, Command::ChooseDefender(c)) => {
            offered(candidates, c.unit)
        }
        (Pending::SiegeCasualty { candidates, .. }, Command::ChooseSiegeCasualty(c)) => {
            offered(candidates, c.unit)
        }
        (Pending::BattleOffer { .. }, Command::AnswerBattle(_)) => Ok(()),
        (Pending::Battle { request, .. }, Command::FinishBattle(c)) => {
            if c.log.ruleset != request.ruleset {
                return Err(RuleError::Refused(format!(
                    "This battle is fought under {}, not {}.",
                    request.ruleset, c.log.ruleset
                )));
            }
            board.fight_battle(state, request, Some(&c.log)).map(drop)
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
