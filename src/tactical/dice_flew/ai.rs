//! The Dice Flew's bot: it writes the obvious orders (the attacker attacks the objective, the
//! defender holds it, field battalions forward of it where a named feature allows), advances
//! within its orders, keeps its support weapons still once they have a target, always takes
//! the shot it is offered, and goes to ground unless it is attacking. Its artillery: the
//! attacker's fire plan shells the objective in turns 1 and 2, before its own companies can get
//! there; after that (and for the defender, always) the observers call fire on the nearest enemy
//! they see.

use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::artillery::{observed_target, PlannedShot};
use super::check::{check, lagging_attack};
use super::command::DfCommand;
use super::fire::closest_target;
use super::state::{DfState, Pending, Phase};
use super::tables::allowance;
use super::unit::{Action, Kind, Unit};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::{BotLevel, Side};
use crate::tactical::table::{compass_bearing, distance, inches, step};

/// Whether a unit is a support weapon that stays put once it has a target.
fn support(u: &Unit) -> bool {
    matches!(
        u.kind,
        Kind::MachineGuns | Kind::Mortars | Kind::FieldGuns | Kind::Snipers
    )
}

/// The longest legal straight move of `u` towards its battalion's place (or towards its
/// companies, for an HQ).
fn advance(field: &Battlefield, s: &DfState, u: &Unit) -> Option<DfCommand> {
    let b = u.battalion?;
    let (action, place) = s.effective_order(b)?;
    let goal = if matches!(u.kind, Kind::Hq | Kind::Observer) {
        let cs: Vec<&Unit> = s.members(b).filter(|c| c.id != u.id).collect();
        if cs.is_empty() {
            return None;
        }
        let n = cs.len() as f64;
        let c = [
            cs.iter().map(|c| c.at[0]).sum::<f64>() / n,
            cs.iter().map(|c| c.at[1]).sum::<f64>() / n,
        ];
        if distance(c, u.at) < inches(8.0) {
            return None;
        }
        c
    } else {
        if action == Action::Hold || distance(u.at, place) < inches(3.0) {
            return None;
        }
        if support(u) && closest_target(field, s, u, None).is_some() {
            return None;
        }
        place
    };
    let bearing = compass_bearing(u.at, goal);
    let most = allowance(u.kind.movement(), super::tables::Ground::Road).unwrap_or(0.0);
    let want = distance(u.at, goal).min(most);
    for turn in [0.0, 20.0, -20.0, 45.0, -45.0] {
        let mut len = want;
        while len >= inches(1.0) {
            let to = step(u.at, bearing + turn, len);
            let cmd = DfCommand::Move { unit: u.id, to };
            if check(field, s, &cmd).is_ok() {
                return Some(cmd);
            }
            len *= 0.7;
        }
    }
    None
}

/// The attacker's fire plan: every battery shells the objective in turns 1 and 2.
fn plan_line(s: &DfState, side: Side) -> Option<DfCommand> {
    if side != Side::Attacker {
        return None;
    }
    s.batteries()
        .iter()
        .filter(|b| b.side == side)
        .find_map(|b| {
            let turn = (1..=2).find(|&t| b.planned(t).is_none())?;
            Some(DfCommand::PlanFire {
                battery: b.id,
                shot: PlannedShot { turn, feature: 0 },
            })
        })
}

/// An observer's call for fire on the nearest enemy he sees, if any battery may fire.
fn call_fire(field: &Battlefield, s: &DfState, side: Side) -> Option<DfCommand> {
    s.batteries()
        .iter()
        .filter(|b| b.side == side && b.fired_turn != s.turn())
        .find_map(|b| {
            let obs = s.unit(b.observer?).filter(|o| o.alive())?;
            let target = observed_target(field, s, obs)?;
            let cmd = DfCommand::CallFire {
                battery: b.id,
                target,
            };
            check(field, s, &cmd).is_ok().then_some(cmd)
        })
}

/// A useful set of legal commands for the side to act.
pub fn candidates(field: &Battlefield, s: &DfState) -> Vec<DfCommand> {
    let mut out = Vec::new();
    match (s.phase(), s.pending()) {
        (Phase::Over, _) => {}
        (Phase::Orders(side), _) => {
            out.extend(plan_line(s, side));
            out.push(DfCommand::OrdersDone);
        }
        (Phase::Initiative(_), _) => {
            out.push(DfCommand::GoFirst { first: true });
            out.push(DfCommand::GoFirst { first: false });
        }
        (Phase::Move(_), Some(Pending::Interrupt { shooters, .. })) => {
            out.extend(shooters.iter().map(|&shooter| DfCommand::Shoot { shooter }));
            out.push(DfCommand::Pass);
        }
        (Phase::Move(_), Some(Pending::React { .. })) => {
            out.push(DfCommand::GoToGround);
            out.push(DfCommand::PushOn);
        }
        (Phase::Move(side), None) => {
            out.extend(call_fire(field, s, side));
            for u in s.living(side) {
                if !u.moved && !u.pinned {
                    out.extend(advance(field, s, u));
                }
            }
            // While an attack lags, the steps that carry it on (the engine refuses Done).
            match lagging_attack(field, s, side) {
                Some((_, steps)) => out.extend(steps),
                None => out.push(DfCommand::Done),
            }
        }
        (Phase::Fire(side), _) => {
            for u in s.living(side) {
                out.push(DfCommand::Fire { shooter: u.id });
            }
            out.push(DfCommand::Done);
        }
    }
    out.retain(|c| check(field, s, c).is_ok());
    out
}

/// The bot's command for the side to act.
pub fn choose(
    level: BotLevel,
    field: &Battlefield,
    s: &DfState,
    rng: &mut ChaCha8Rng,
) -> Option<DfCommand> {
    if level == BotLevel::Random {
        return candidates(field, s).choose(rng).cloned();
    }
    match (s.phase(), s.pending()) {
        // The first unit with a move, without working out everyone's (the same choice as the
        // head of `candidates`, at a fraction of the cost).
        (Phase::Orders(side), _) => plan_line(s, side).or(Some(DfCommand::OrdersDone)),
        (Phase::Move(side), None) => call_fire(field, s, side)
            .or_else(|| {
                s.living(side)
                    .filter(|u| !u.moved && !u.pinned)
                    .find_map(|u| advance(field, s, u))
            })
            .or_else(|| match lagging_attack(field, s, side) {
                Some((_, steps)) => steps.into_iter().next(),
                None => Some(DfCommand::Done),
            }),
        (Phase::Initiative(side), _) => Some(DfCommand::GoFirst {
            first: side == Side::Attacker,
        }),
        (_, Some(Pending::React { mover, .. })) => {
            let attacking = s
                .unit(*mover)
                .and_then(|u| u.battalion)
                .and_then(|b| s.effective_order(b))
                .is_some_and(|(a, _)| a == Action::Attack);
            Some(if attacking {
                DfCommand::PushOn
            } else {
                DfCommand::GoToGround
            })
        }
        _ => candidates(field, s).first().cloned(),
    }
}
