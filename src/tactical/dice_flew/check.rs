//! Whether a Dice Flew command is legal now, and whose command the battle waits for.

use super::artillery::{may_call, BatteryId};
use super::bombard::may_bombard;
use super::command::DfCommand;
use super::fire::{closest_target, may_fire_at, NoShot};
use super::movement::{move_fraction, room, Blocked};
use super::patrol::{check_detach, check_rejoin};
use super::refusal::Refusal;
use super::state::{DfState, Pending, Phase, TURN_LIMIT};
use super::tables::engaged;
use super::telephone::check_lay;
use super::unit::{Action, BattalionId, Kind, Order, Unit, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::Side;
use crate::tactical::table::{compass_bearing, distance, inches, step, TablePoint};

/// The side whose command the battle waits for (`None` once it is over).
pub fn actor(s: &DfState) -> Option<Side> {
    match s.phase() {
        Phase::Over => None,
        Phase::Orders(side) | Phase::Initiative(side) | Phase::Fire(side) => Some(side),
        Phase::Move(side) => match s.pending() {
            Some(Pending::Interrupt { .. }) => Some(side.other()),
            _ => Some(side),
        },
    }
}

/// A holding battalion stays within this distance of its place; moving and attacking ones may
/// go anywhere within it, and elsewhere only nearer it.
pub fn hold_radius() -> f64 {
    inches(12.0)
}

fn own_unit(s: &DfState, side: Side, id: UnitId) -> Result<&Unit, Refusal> {
    s.unit(id)
        .filter(|u| u.side == side && u.alive())
        .ok_or(Refusal::NotYours)
}

fn check_order(s: &DfState, side: Side, b: BattalionId, o: &Order) -> Result<(), Refusal> {
    let bat = s.battalion(b).filter(|x| x.side == side);
    let bat = bat.ok_or(Refusal::NotYours)?;
    if (o.feature as usize) >= s.features().len() {
        return Err(Refusal::NoFeature);
    }
    if bat.shaken && o.action == Action::Attack {
        return Err(Refusal::Shaken);
    }
    Ok(())
}

/// Whether a move of `u` to `to` goes neither towards its place nor within 12″ of it.
fn off_the_way(at: TablePoint, u: &Unit, to: TablePoint) -> bool {
    let near = distance(to, at) <= hold_radius() + 1e-9;
    let nearer = distance(to, at) < distance(u.at, at) - 1e-9;
    !near && !nearer
}

/// Whether a move of `u` to `to` is one of an attack's free manoeuvres: its battalion attacks
/// and the move goes neither towards the place nor within 12″ of it (a flank march, a step
/// back out of sight).
pub fn manoeuvres(s: &DfState, u: &Unit, to: TablePoint) -> bool {
    matches!(
        u.battalion.and_then(|b| s.effective_order(b)),
        Some((Action::Attack, at)) if off_the_way(at, u, to)
    )
}

/// The companies an attack order counts: the battalion's own, and its patrols out on their own.
pub fn attack_companies(s: &DfState, b: BattalionId) -> Vec<&Unit> {
    s.members(b)
        .filter(|u| !u.staff() && s.with_company(u.id) != Some(true))
        .collect()
}

/// What a unit's battalion order says about a move from its place to `to`.
pub fn order_allows(s: &DfState, u: &Unit, to: TablePoint) -> Result<(), &'static str> {
    let Some((action, at)) = u.battalion.and_then(|b| s.effective_order(b)) else {
        return Ok(());
    };
    let off = off_the_way(at, u, to);
    match action {
        Action::Hold if off => Err("a holding battalion stays within 12″ of the place it holds"),
        Action::MoveTo if off => Err("it must go towards the place its order names"),
        // The text makes an attack advance, fight or assault with at least half the battalion;
        // the rest may manoeuvre (round a flank, back out of sight), one part at a time.
        Action::Attack if off => {
            let cs = u
                .battalion
                .map(|b| attack_companies(s, b))
                .unwrap_or_default();
            let free = cs.iter().filter(|c| c.manoeuvred && c.id != u.id).count() + 1;
            if u.staff() || 2 * free <= cs.len() {
                Ok(())
            } else {
                Err("at least half an attacking battalion must go towards the place it attacks")
            }
        }
        Action::MoveTo
            if s.living(u.side.other())
                .any(|e| super::fire::range(e.at, to) <= engaged() + 1e-9) =>
        {
            Err("a move order avoids engaging the enemy")
        }
        _ => Ok(()),
    }
}

/// Whether a unit has done its share of an attack on `place` this turn: moved (or tried to),
/// already there (within the 6″ that counts as having reached it), fighting within 3″ of the
/// enemy, firing (an enemy in its sights), or unable to (pinned).
pub fn attacking(field: &Battlefield, s: &DfState, u: &Unit, place: TablePoint) -> bool {
    (u.moved && !u.manoeuvred)
        || u.pinned
        || distance(u.at, place) <= inches(6.0) + 1e-9
        || s.living(u.side.other())
            .any(|e| super::fire::range(e.at, u.at) <= engaged() + 1e-9)
        || closest_target(field, s, u, None).is_some()
}

/// The first of the probe steps (1″ on sixteen bearings, the first straight at `place`) that
/// `u` may legally take now, or `None` when it is stuck: the attack rule excuses a stuck
/// company, and the bot is offered this step, so a lagging attack always has a way on.
pub fn unstick_step(
    field: &Battlefield,
    s: &DfState,
    u: &Unit,
    place: TablePoint,
) -> Option<DfCommand> {
    let ahead = compass_bearing(u.at, place);
    (0..16).find_map(|i| {
        let to = step(u.at, ahead + 22.5 * i as f64, inches(1.0));
        let cmd = DfCommand::Move { unit: u.id, to };
        check_move(field, s, u.side, u.id, to)
            .is_ok()
            .then_some(cmd)
    })
}

/// The companies of `side`'s first attacking battalion whose attack order is not being carried
/// out by half its companies, with its place: those that have not done their share and are not
/// stuck (each with its legal step). `None` when no attack lags.
pub fn lagging_attack(
    field: &Battlefield,
    s: &DfState,
    side: Side,
) -> Option<(TablePoint, Vec<DfCommand>)> {
    s.battalions()
        .iter()
        .filter(|b| b.side == side)
        .find_map(|b| {
            let (Action::Attack, at) = s.effective_order(b.id)? else {
                return None;
            };
            let companies = attack_companies(s, b.id);
            let mut steps = Vec::new();
            let mut done = 0;
            for u in &companies {
                if attacking(field, s, u, at) {
                    done += 1;
                } else if u.manoeuvred {
                    // One of the free half: not this part's advance, and no more to do.
                } else {
                    match unstick_step(field, s, u, at) {
                        Some(step) => steps.push(step),
                        // Stuck (boxed in, or on ground it may not leave): it cannot do more,
                        // and a side must always be able to end its movement.
                        None => done += 1,
                    }
                }
            }
            (2 * done < companies.len()).then_some((at, steps))
        })
}

/// Check a move: the unit's own, able, its path and ground, room at the end, and its order.
pub fn check_move(
    field: &Battlefield,
    s: &DfState,
    side: Side,
    id: UnitId,
    to: TablePoint,
) -> Result<(), Refusal> {
    let u = own_unit(s, side, id)?;
    if u.moved {
        return Err(Refusal::Moved(u.label()));
    }
    if u.pinned {
        return Err(Refusal::Pinned(u.label()));
    }
    if distance(u.at, to) < 1e-6 {
        return Err(Refusal::NotNow("the unit is already there"));
    }
    let used = move_fraction(field, u.movement(), u.at, to).map_err(|b| {
        let why = match b {
            Blocked::Ground(w) => w,
            Blocked::Kind(w) => w.to_string(),
        };
        Refusal::Impassable(u.label(), why)
    })?;
    if used > 1.0 + 1e-9 {
        return Err(Refusal::TooFar {
            unit: u.label(),
            used: used * 100.0,
        });
    }
    if !room(s, id, to) {
        return Err(Refusal::Overlap(u.label()));
    }
    order_allows(s, u, to).map_err(Refusal::Order)
}

/// A change to a battery's fire plan: at the start of the side's part, before anything moves,
/// one try a turn, for a turn still to come (this turn's shells have already landed).
fn check_plan_change(
    s: &DfState,
    side: Side,
    battery: BatteryId,
    turn: u32,
    feature: Option<u16>,
) -> Result<(), Refusal> {
    if s.phase() != Phase::Move(side) || s.pending().is_some() {
        return Err(Refusal::NotNow(
            "fire plans change at the start of your part of the turn",
        ));
    }
    let b = s.battery(battery).filter(|b| b.side == side);
    let b = b.ok_or(Refusal::NotYours)?;
    if s.living(side).any(|u| u.moved) {
        return Err(Refusal::AfterMoving);
    }
    if s.plan_tried(battery) {
        return Err(Refusal::Plan(
            "a change to that battery's plan has been tried this turn",
        ));
    }
    if turn <= s.turn() || turn > TURN_LIMIT {
        return Err(Refusal::Plan(
            "only a line for a turn still to come can change",
        ));
    }
    match feature {
        Some(f) if f as usize >= s.features().len() => Err(Refusal::NoFeature),
        Some(f) if b.planned(turn) == Some(f) => Err(Refusal::Plan("that line says so already")),
        None if b.planned(turn).is_none() => Err(Refusal::Plan(
            "there is no line for that turn to strike out",
        )),
        _ => Ok(()),
    }
}

/// An equipment choice: the acting side's company, from a die that leaves a choice, made one
/// of that die's kinds and not the one it is.
fn check_equip(s: &DfState, side: Side, id: UnitId, kind: Kind) -> Result<(), Refusal> {
    let u = own_unit(s, side, id)?;
    let options = u.equip_options();
    let why = if options.is_empty() {
        "only a Tank's armour die or a fortification's machine-gun die leaves a choice".to_string()
    } else if !options.contains(&kind) {
        let names: Vec<&str> = options.iter().map(|k| k.name()).collect();
        format!("its die brings {}", names.join(" or "))
    } else if u.kind == kind {
        "it is so equipped already".to_string()
    } else {
        return Ok(());
    };
    Err(Refusal::Equip(u.label(), why))
}

/// Whether the command is legal now.
pub fn check(field: &Battlefield, s: &DfState, cmd: &DfCommand) -> Result<(), Refusal> {
    let Some(side) = actor(s) else {
        return Err(Refusal::Over);
    };
    let phase = s.phase();
    let pending = s.pending();
    match cmd {
        DfCommand::WriteOrder { battalion, order } => {
            if phase != Phase::Orders(side) {
                return Err(Refusal::NotNow("orders are written before the battle"));
            }
            check_order(s, side, *battalion, order)
        }
        DfCommand::PlanFire { battery, shot } => {
            if phase != Phase::Orders(side) {
                return Err(Refusal::NotNow("fire plans are written before the battle"));
            }
            s.battery(*battery)
                .filter(|b| b.side == side)
                .ok_or(Refusal::NotYours)?;
            if (shot.feature as usize) >= s.features().len() {
                return Err(Refusal::NoFeature);
            }
            if !(1..=TURN_LIMIT).contains(&shot.turn) {
                return Err(Refusal::NotNow("a fire plan names a turn of the battle"));
            }
            Ok(())
        }
        DfCommand::CallFire { battery, target } => {
            if phase != Phase::Move(side) || pending.is_some() || s.living(side).any(|u| u.moved) {
                return Err(Refusal::NotNow(
                    "bombardments come at the start of your part, before anything moves",
                ));
            }
            let b = s.battery(*battery).filter(|b| b.side == side);
            let b = b.ok_or(Refusal::NotYours)?;
            if b.fired_turn == s.turn() {
                return Err(Refusal::BatteryUsed(b.label()));
            }
            let obs = b.observer.and_then(|o| s.unit(o)).filter(|o| o.alive());
            let obs = obs.ok_or(Refusal::CannotCall("the battery's observer is gone"))?;
            let t = s
                .unit(*target)
                .ok_or(Refusal::CannotCall("there is no such unit"))?;
            may_call(field, s, obs, t).map_err(Refusal::CannotCall)
        }
        DfCommand::Detach { unit, men } => {
            if phase != Phase::Move(side) || pending.is_some() {
                return Err(Refusal::NotNow("patrols go out in your side's movement"));
            }
            check_detach(field, s, side, *unit, *men).map(|_| ())
        }
        DfCommand::Rejoin { patrol } => {
            if phase != Phase::Move(side) || pending.is_some() {
                return Err(Refusal::NotNow("patrols rejoin in your side's movement"));
            }
            check_rejoin(s, side, *patrol).map(|_| ())
        }
        DfCommand::Equip { unit, kind } => {
            if phase != Phase::Orders(side) {
                return Err(Refusal::NotNow(
                    "a die's equipment is chosen before the battle, with the orders",
                ));
            }
            check_equip(s, side, *unit, *kind)
        }
        DfCommand::OrdersDone => match phase {
            Phase::Orders(_) => Ok(()),
            _ => Err(Refusal::NotNow("orders are written before the battle")),
        },
        DfCommand::GoFirst { .. } => match phase {
            Phase::Initiative(_) => Ok(()),
            _ => Err(Refusal::NotNow(
                "the initiative winner chooses at the start of a turn",
            )),
        },
        DfCommand::ChangeOrder { battalion, order } => {
            if phase != Phase::Move(side) || pending.is_some() {
                return Err(Refusal::NotNow(
                    "orders change at the start of your part of the turn",
                ));
            }
            check_order(s, side, *battalion, order)?;
            if s.living(side).any(|u| u.moved) {
                return Err(Refusal::AfterMoving);
            }
            if s.battalion(*battalion)
                .is_some_and(|b| b.change_tried == s.turn())
            {
                return Err(Refusal::AlreadyTried);
            }
            Ok(())
        }
        DfCommand::Move { unit, to } => {
            if phase != Phase::Move(side) || pending.is_some() {
                return Err(Refusal::NotNow("units move in their side's movement"));
            }
            check_move(field, s, side, *unit, *to)
        }
        DfCommand::Shoot { shooter } => match pending {
            Some(Pending::Interrupt { shooters, .. }) if shooters.contains(shooter) => Ok(()),
            Some(Pending::Interrupt { .. }) => Err(Refusal::NotYours),
            _ => Err(Refusal::NotNow("no enemy move waits on your fire")),
        },
        DfCommand::Pass => match pending {
            Some(Pending::Interrupt { .. }) => Ok(()),
            _ => Err(Refusal::NotNow("no enemy move waits on your fire")),
        },
        DfCommand::GoToGround | DfCommand::PushOn => match pending {
            Some(Pending::React { .. }) => Ok(()),
            _ => Err(Refusal::NotNow("none of your units is being fired on")),
        },
        DfCommand::Fire { shooter } => {
            if phase != Phase::Fire(side) {
                return Err(Refusal::NotNow("you fire as the enemy moves"));
            }
            let u = own_unit(s, side, *shooter)?;
            let (target, at) = closest_target(field, s, u, None)
                .ok_or_else(|| Refusal::CannotFire(u.label(), "no target in its arc and range"))?;
            may_fire_at(field, s, u, target, at)
                .map(|_| ())
                .map_err(|w| match w {
                    NoShot::Barred(w) => Refusal::CannotFire(u.label(), w),
                    NoShot::NoDice => Refusal::NoDice(u.label()),
                })
        }
        DfCommand::Bombard { unit, target } => {
            if phase != Phase::Move(side) || pending.is_some() || s.living(side).any(|u| u.moved) {
                return Err(Refusal::NotNow(
                    "bombardments come at the start of your part, before anything moves",
                ));
            }
            let u = own_unit(s, side, *unit)?;
            let t = s
                .unit(*target)
                .ok_or(Refusal::CannotBombard(u.label(), "there is no such unit"))?;
            may_bombard(field, s, u, t).map_err(|w| Refusal::CannotBombard(u.label(), w))
        }
        DfCommand::LayLine { unit } => {
            if phase != Phase::Move(side) || pending.is_some() {
                return Err(Refusal::NotNow(
                    "lines are laid in your side's movement, instead of moving",
                ));
            }
            check_lay(s, side, *unit)
        }
        DfCommand::ChangePlan {
            battery,
            turn,
            feature,
        } => check_plan_change(s, side, *battery, *turn, *feature),
        DfCommand::Done => match (phase, pending) {
            (Phase::Move(_), None) => match lagging_attack(field, s, side) {
                Some((at, _)) => Err(Refusal::AttackLags(
                    s.features()
                        .iter()
                        .find(|f| f.at == at)
                        .map_or_else(|| "its objective".to_string(), |f| f.name.clone()),
                )),
                None => Ok(()),
            },
            (Phase::Fire(_), _) => Ok(()),
            _ => Err(Refusal::NotNow("answer the decision first")),
        },
    }
}
