//! Table battles on the real map (RULINGS §9): the battlefield cut from the terrain round the
//! defender's settlement, the attacker entering from the side it attacked from, and the battle
//! fought by the tactical AI or replayed from the players' log.

use super::MapBoard;
use crate::rules::battle::{BattleLog, BattleOutcome, BattleRequest, RulesetId};
use crate::rules::error::RuleError;
use crate::rules::ids::{SettlementId, UnitId};
use crate::rules::state::State;
use crate::rules::unit::Location;
use crate::tactical::registry::AnyRuleset;
use crate::tactical::{BattleSite, Battlefield, BotLevel};

fn refused(e: impl std::fmt::Display) -> RuleError {
    RuleError::Refused(e.to_string())
}

impl MapBoard<'_> {
    /// The settlement a fight with `defender` is over: where it stands.
    fn contested(state: &State, defender: UnitId) -> Result<SettlementId, RuleError> {
        match state.unit(defender).map(|u| u.at()) {
            Some(Location::Settlement(s)) => Ok(s),
            _ => Err(RuleError::Refused(crate::rules::battle::IN_THE_OPEN.into())),
        }
    }

    /// The battlefield of a fight over `settlement`, the attacker coming from `attacker`'s
    /// position.
    pub fn battlefield(
        &self,
        state: &State,
        settlement: SettlementId,
        attacker: Option<UnitId>,
        ruleset: RulesetId,
    ) -> Result<Battlefield, RuleError> {
        let rules = ruleset.rules().map_err(refused)?;
        let s = state
            .settlement(settlement)
            .ok_or(RuleError::NoSuchSettlement(settlement))?;
        // A save from another version of the map must not reach the terrain by a stale index.
        if let Some(problem) = self.state_problem(state) {
            return Err(RuleError::Refused(problem));
        }
        let from = attacker.and_then(|a| state.unit_pos(a));
        let site = BattleSite {
            attacker_from_bearing: from.map_or(180.0, |p| bearing(s.pos(), p)),
            fortified: s.is_fort(),
        };
        Battlefield::build(self.map(), s.place(), rules.table(), site)
            .map_err(|e| RuleError::Refused(format!("{e}; roll the dice.")))
    }

    pub(super) fn battle_ground(
        &self,
        state: &State,
        settlement: SettlementId,
        ruleset: RulesetId,
    ) -> Result<(), RuleError> {
        self.battlefield(state, settlement, None, ruleset).map(drop)
    }

    pub(super) fn fight_battle(
        &self,
        state: &State,
        request: &BattleRequest,
        log: Option<&BattleLog>,
    ) -> Result<(BattleOutcome, BattleLog), RuleError> {
        let rules: &dyn AnyRuleset = request.ruleset.rules().map_err(refused)?;
        let at = Self::contested(state, request.defender)?;
        let field = self.battlefield(state, at, Some(request.attacker), request.ruleset)?;
        let forces = request.forces.forces_in(state);
        match log {
            None => {
                let played = rules.play(&field, &forces, request.seed, [BotLevel::Captain; 2]);
                Ok((played.outcome, played.log))
            }
            Some(log) if log.ruleset != request.ruleset => Err(RuleError::Refused(format!(
                "The battle report is of a {} battle, but this one is fought under {}.",
                log.ruleset, request.ruleset
            ))),
            Some(log) if log.options != forces.options => Err(RuleError::Refused(
                "The battle report was fought under other optional rules than this game's.".into(),
            )),
            Some(log) => {
                let (outcome, _) = rules
                    .replay_finished(&field, &forces, request.seed, &log.commands)
                    .map_err(refused)?;
                Ok((outcome, log.clone()))
            }
        }
    }
}

/// Compass bearing, in degrees clockwise from north, from `from` to `to`.
fn bearing(from: crate::rules::ids::MapPoint, to: crate::rules::ids::MapPoint) -> f64 {
    let dx = (to.x_mm - from.x_mm) as f64;
    let dy = (to.y_mm - from.y_mm) as f64;
    if dx == 0.0 && dy == 0.0 {
        // An attacker standing on the settlement's point gives no side; the south edge is the
        // battlefield's default entry.
        return 180.0;
    }
    dx.atan2(dy).to_degrees().rem_euclid(360.0)
}

#[cfg(test)]
mod tests {
    use super::bearing;
    use crate::rules::ids::MapPoint;

    #[test]
    fn bearings_are_compass_degrees_from_the_settlement() {
        let o = MapPoint { x_mm: 0, y_mm: 0 };
        let at = |x_mm, y_mm| bearing(o, MapPoint { x_mm, y_mm });
        assert_eq!(at(0, 1000), 0.0);
        assert_eq!(at(1000, 0), 90.0);
        assert_eq!(at(0, -1000), 180.0);
        assert_eq!(at(-1000, 0), 270.0);
        assert_eq!(at(0, 0), 180.0);
    }
}
