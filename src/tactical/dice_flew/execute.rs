//! Executing Dice Flew commands: check, roll the battle's next dice, and write the events, each
//! applied as it is written. A refused command writes nothing. The turn's automatic steps —
//! initiative, rallies, melee, morale, the end — are written here too.

use super::artillery::{barrage, struck_at, vehicles};
use super::check::check;
use super::command::DfCommand;
use super::event::DfEvent;
use super::fire::{
    allocate, anti_tank_dice, closest_target, defence, interrupters, may_fire, range, soft_fire,
    split_mortars,
};
use super::movement::retreat_to;
use super::patrol::{check_detach, check_rejoin, pooled_points};
use super::refusal::Refusal;
pub use super::state::objective_outcome;
use super::state::{DfState, Pending, Phase, TURN_LIMIT};
use super::tables::{
    command_radius, dice_for, fire_die, loss_fraction, order_change_reach, rally_modifier, reaches,
    COMMAND_ROLL,
};
use super::telephone::{cut_by_crossing, cut_by_shells};
use super::unit::{Kind, Unit, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::omog::Emitter;
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::{compass_bearing, distance, inches, TablePoint};

type Out<'a> = Emitter<'a, DfState>;

/// Where a company re-equipped as `kind` stands: where deployment stood it if its new kind may
/// stand there, else the nearest ground it may (field guns cannot be dragged into a house).
/// Deployment's spot, not the last one, so that equipping it back puts it back.
pub fn equipped_at(field: &Battlefield, s: &DfState, unit: UnitId, kind: Kind) -> TablePoint {
    let mut lifted = s.clone();
    let u = &mut lifted.units[unit.0 as usize];
    let was = u.deployed_at.unwrap_or(u.at);
    // Off the table while its own spot is sought, so that it does not crowd itself.
    u.at = [-1e9, -1e9];
    super::forces::free_spot(field, &lifted, kind, was)
}

/// Check, roll, and apply: the events of one command.
pub fn execute(
    field: &Battlefield,
    state: &mut DfState,
    cmd: &DfCommand,
) -> Result<Vec<DfEvent>, Refusal> {
    check(field, state, cmd)?;
    let side = super::check::actor(state).expect("checked");
    let mut out = Emitter::new(state);
    match cmd {
        DfCommand::WriteOrder { battalion, order } => out.emit(DfEvent::OrderWritten {
            battalion: *battalion,
            order: *order,
        }),
        DfCommand::Equip { unit, kind } => {
            let at = equipped_at(field, out.state(), *unit, *kind);
            out.emit(DfEvent::Equipped {
                unit: *unit,
                kind: *kind,
                at,
            })
        }
        DfCommand::PlanFire { battery, shot } => out.emit(DfEvent::FirePlanned {
            battery: *battery,
            shot: *shot,
        }),
        DfCommand::CallFire { battery, target } => {
            let obs = out.state().battery(*battery).and_then(|b| b.observer);
            let obs = out
                .state()
                .unit(obs.expect("checked"))
                .expect("checked")
                .clone();
            let die = out.roll();
            let modifier = -(far_from_co(out.state(), side, &obs) as i32);
            let ok = die as i32 + modifier >= COMMAND_ROLL;
            out.emit(DfEvent::CallForFire {
                battery: *battery,
                target: *target,
                die,
                modifier,
                ok,
            });
            if ok {
                let at = out.state().unit(*target).expect("checked").at;
                out.emit(DfEvent::Bombardment {
                    battery: *battery,
                    at,
                    planned: false,
                });
                cut_by_shells(&mut out, at);
                barrage(&mut out, field, *battery, at, &[*target]);
            }
        }
        DfCommand::Detach { unit, men } => {
            let at = check_detach(field, out.state(), side, *unit, *men).expect("checked");
            let patrol = UnitId(out.state().units().len() as u16);
            out.emit(DfEvent::Detached {
                unit: *unit,
                patrol,
                men: *men,
                at,
            });
        }
        DfCommand::Rejoin { patrol } => {
            let unit = check_rejoin(out.state(), side, *patrol).expect("checked");
            out.emit(DfEvent::Rejoined {
                patrol: *patrol,
                unit,
            });
        }
        DfCommand::OrdersDone => {
            out.emit(DfEvent::OrdersDone { side });
            if side == Side::Defender {
                begin_turn(&mut out, field);
            }
        }
        DfCommand::GoFirst { first } => {
            let s = if *first { side } else { side.other() };
            out.emit(DfEvent::FirstIs { side: s });
            begin_part(&mut out, field, s);
        }
        DfCommand::ChangeOrder { battalion, order } => {
            let die = out.roll();
            let hq = out.state().hq(*battalion).cloned();
            let modifier = -(hq.is_none_or(|hq| far_from_co(out.state(), side, &hq)) as i32);
            out.emit(DfEvent::OrderChange {
                battalion: *battalion,
                order: *order,
                die,
                modifier,
                ok: die as i32 + modifier >= COMMAND_ROLL,
            });
        }
        DfCommand::Move { unit, to } => {
            if needs_command_roll(out.state(), *unit) {
                let die = out.roll();
                let ok = die as i32 >= COMMAND_ROLL;
                out.emit(DfEvent::CommandRoll {
                    unit: *unit,
                    die,
                    ok,
                });
                if !ok {
                    return Ok(out.finish());
                }
            }
            go_on(&mut out, field, *unit, *to);
        }
        DfCommand::Shoot { shooter } => {
            let Some(Pending::Interrupt { mover, dest, .. }) = out.state().pending().cloned()
            else {
                unreachable!("checked")
            };
            out.emit(DfEvent::Paused {
                pending: Pending::React {
                    mover,
                    dest,
                    shooter: *shooter,
                },
            });
        }
        DfCommand::Pass => {
            let Some(Pending::Interrupt { mover, dest, .. }) = out.state().pending().cloned()
            else {
                unreachable!("checked")
            };
            out.emit(DfEvent::Passed);
            go_on(&mut out, field, mover, dest);
        }
        DfCommand::GoToGround | DfCommand::PushOn => {
            let Some(Pending::React {
                mover,
                dest,
                shooter,
            }) = out.state().pending().cloned()
            else {
                unreachable!("checked")
            };
            let ground = *cmd == DfCommand::GoToGround;
            if ground {
                out.emit(DfEvent::WentToGround { unit: mover });
            }
            fire(&mut out, field, shooter, mover);
            let stopped = ground
                || out
                    .state()
                    .unit(mover)
                    .is_none_or(|u| u.pinned || !u.alive());
            if stopped {
                out.emit(DfEvent::MoveEnded { unit: mover });
            } else {
                go_on(&mut out, field, mover, dest);
            }
        }
        DfCommand::Fire { shooter } => {
            let u = out.state().unit(*shooter).expect("checked").clone();
            let (target, _) = closest_target(field, out.state(), &u, None).expect("checked");
            fire(&mut out, field, *shooter, target);
        }
        DfCommand::Bombard { unit, target } => {
            super::bombard::bombard(&mut out, field, *unit, *target);
        }
        DfCommand::LayLine { unit } => out.emit(DfEvent::LineLaid { unit: *unit }),
        DfCommand::ChangePlan {
            battery,
            turn,
            feature,
        } => {
            // The CO sends the change back to the guns by their own line off the table: only
            // his loss makes it harder.
            let die = out.roll();
            let modifier = -(out.state().co(side).is_none() as i32);
            out.emit(DfEvent::PlanChange {
                battery: *battery,
                turn: *turn,
                feature: *feature,
                die,
                modifier,
                ok: die as i32 + modifier >= COMMAND_ROLL,
            });
        }
        DfCommand::Done => match out.state().phase() {
            Phase::Move(s) => {
                out.emit(DfEvent::MovementEnded { side: s });
                if !can_anyone_fire(field, out.state(), s.other()) {
                    out.emit(DfEvent::FireEnded { side: s.other() });
                    end_part(&mut out, field, s);
                }
            }
            Phase::Fire(s) => {
                out.emit(DfEvent::FireEnded { side: s });
                end_part(&mut out, field, s.other());
            }
            _ => unreachable!("checked"),
        },
    }
    Ok(out.finish())
}

fn can_anyone_fire(field: &Battlefield, s: &DfState, side: Side) -> bool {
    s.living(side).any(|u| {
        may_fire(u).is_ok()
            && closest_target(field, s, u, None)
                .is_some_and(|(t, at)| super::fire::may_fire_at(field, s, u, t, at).is_ok())
    })
}

/// Whether the army commander is more than 2 ft from `u` (an HQ or an observer) with neither a
/// radio nor a telephone line at both ends (or is gone): the order-change roll's −1.
pub fn far_from_co(s: &DfState, side: Side, u: &Unit) -> bool {
    match s.co(side) {
        Some(co) => {
            distance(co.at, u.at) > order_change_reach() + 1e-9
                && !(co.radio && u.radio)
                && !(co.phone && u.phone)
        }
        None => true,
    }
}

/// A company acts freely only if led by an officer or NCO and within command radius of its HQ.
pub fn needs_command_roll(s: &DfState, id: UnitId) -> bool {
    let Some(u) = s.unit(id) else { return false };
    // A patrol with its company moves on the company's command.
    if let (Some(true), Some(c)) = (s.with_company(id), u.parent) {
        return needs_command_roll(s, c);
    }
    let Some(b) = u.battalion else { return false };
    if u.staff() {
        return false;
    }
    let in_reach = s
        .hq(b)
        .is_some_and(|hq| distance(hq.at, u.at) <= command_radius(u.radio && hq.radio) + 1e-9);
    !(u.led() && in_reach)
}

/// Carry a move on towards `dest` from where the unit stands, pausing where an enemy company may
/// interrupt it.
fn go_on(out: &mut Out, field: &Battlefield, unit: UnitId, dest: TablePoint) {
    let from = out.state().unit(unit).expect("a mover").at;
    let len = distance(from, dest);
    let facing = if len > 1e-9 {
        compass_bearing(from, dest)
    } else {
        out.state().unit(unit).expect("a mover").facing.0
    };
    let stride = inches(1.0);
    let steps = (len / stride).ceil().max(1.0) as usize;
    for k in 1..=steps {
        let t = (k as f64 * stride / len).min(1.0);
        let p = [
            from[0] + (dest[0] - from[0]) * t,
            from[1] + (dest[1] - from[1]) * t,
        ];
        let shooters = interrupters(field, out.state(), unit, p);
        if !shooters.is_empty() {
            out.emit(DfEvent::Advanced {
                unit,
                to: p,
                facing,
            });
            cut_by_crossing(out, unit, from, p);
            if k < steps {
                out.emit(DfEvent::Paused {
                    pending: Pending::Interrupt {
                        mover: unit,
                        dest,
                        shooters,
                    },
                });
                return;
            }
            // At the end of its move: the fire comes all the same, with nothing left to resume.
            out.emit(DfEvent::Paused {
                pending: Pending::Interrupt {
                    mover: unit,
                    dest: p,
                    shooters,
                },
            });
            return;
        }
    }
    out.emit(DfEvent::Advanced {
        unit,
        to: dest,
        facing,
    });
    cut_by_crossing(out, unit, from, dest);
    out.emit(DfEvent::MoveEnded { unit });
}

/// One round of fire from `shooter` at `target`: soft targets by fire points, armour by
/// anti-tank dice; then the morale of a company hard hit.
fn fire(out: &mut Out, field: &Battlefield, shooter: UnitId, target: UnitId) {
    let s = out.state().unit(shooter).expect("shooter").clone();
    let t = out.state().unit(target).expect("target").clone();
    let dist = range(s.at, t.at);
    let cover = t.to_ground || field.cover(t.at, s.at).is_some();
    let before = t.strength();
    if t.kind.armour().is_some() {
        // Mortar bombs come down on an open-topped vehicle as on its flank.
        let (direct, bombs) = split_mortars(&s, t.open_topped);
        let mut level = false;
        let mut kills = 0;
        for (by, def) in [
            (Some(direct), defence(&t, s.at, false)),
            (bombs, defence(&t, s.at, true)),
        ] {
            let Some(by) = by else { continue };
            let mods = anti_tank_dice(&by, dist, cover, false);
            if mods.is_empty() {
                continue;
            }
            let dice: Vec<u8> = mods.iter().map(|_| out.roll()).collect();
            let totals: Vec<i32> = dice.iter().zip(&mods).map(|(&d, m)| d as i32 + m).collect();
            let now = out.state().unit(target).expect("target").clone();
            let losses = vehicles(&now, totals.iter().filter(|&&x| x > def).count() as u32);
            kills += losses.total();
            level |= totals.contains(&def);
            out.emit(DfEvent::AntiTank {
                shooter,
                target,
                dice,
                totals,
                defence: def,
                losses,
            });
        }
        if kills == 0 && level {
            fall_back(out, field, target, s.at);
        }
        return;
    }
    let mut f = soft_fire(&s, dist, cover);
    let pooled = pooled_points(out.state(), &s, t.at);
    if pooled > 0 && s.kind != Kind::Snipers {
        f.points += pooled;
        f.dice = dice_for(f.points, 10);
    }
    let (dice, hits, losses) = roll_soft(out, &t, f.dice, f.within_half, f.cover);
    out.emit(DfEvent::Fired {
        shooter,
        target,
        dice,
        hits,
        losses,
    });
    if losses.total() > 0 && reaches(losses.total(), before, loss_fraction(t.quality)) {
        fall_back(out, field, target, s.at);
    }
}

/// Roll `n` dice of fire at soft target `t`: the hits after modifiers, and who they take (each
/// unmodified 6 the firer's pick).
pub(super) fn roll_soft(
    out: &mut Out,
    t: &Unit,
    n: u32,
    within_half: bool,
    cover: bool,
) -> (Vec<u8>, u32, super::event::Losses) {
    let dice: Vec<u8> = (0..n).map(|_| out.roll()).collect();
    let hits: u32 = dice.iter().map(|&d| fire_die(d, within_half, cover)).sum();
    let crits = dice.iter().filter(|&&d| d == 6).count() as u32;
    let losses = allocate(t, hits, crits);
    (dice, hits, losses)
}

/// Fall back 2d6″ straight away from `from`, stopping at cover.
pub(super) fn fall_back(out: &mut Out, field: &Battlefield, unit: UnitId, from: TablePoint) {
    let d = [out.roll(), out.roll()];
    let u = out.state().unit(unit).expect("unit").clone();
    let to = if u.alive() {
        retreat_to(field, out.state(), &u, from, inches((d[0] + d[1]) as f64))
    } else {
        u.at
    };
    out.emit(DfEvent::Retreated { unit, dice: d, to });
}

/// A new turn: initiative, then the first part (or the end, after the last turn).
fn begin_turn(out: &mut Out, field: &Battlefield) {
    let turn = out.state().turn() + 1;
    if turn > TURN_LIMIT {
        let o = objective_outcome(out.state(), field);
        out.emit(DfEvent::Ended { outcome: o });
        return;
    }
    loop {
        let dice = [out.roll(), out.roll()];
        let chooser = match dice[0].cmp(&dice[1]) {
            std::cmp::Ordering::Greater => Some(Side::Attacker),
            std::cmp::Ordering::Less => Some(Side::Defender),
            std::cmp::Ordering::Equal => None,
        };
        out.emit(DfEvent::Initiative {
            turn,
            dice,
            chooser,
        });
        if chooser.is_some() {
            return;
        }
        // A tie repeats last turn's order; the first turn has none to repeat: roll again.
        if turn > 1 {
            let first = out.state().first();
            out.emit(DfEvent::FirstIs { side: first });
            begin_part(out, field, first);
            return;
        }
    }
}

/// A side's part begins: its units may act again, and its pinned units try to rally.
fn begin_part(out: &mut Out, field: &Battlefield, side: Side) {
    out.emit(DfEvent::PartBegan { side });
    let pinned: Vec<_> = out
        .state()
        .living(side)
        .filter(|u| u.pinned && u.rally_dice() > 0)
        .map(|u| (u.id, u.rally_dice(), rally_modifier(u.quality)))
        .collect();
    for (unit, n, m) in pinned {
        let dice: Vec<u8> = (0..n).map(|_| out.roll()).collect();
        let ok = dice.iter().any(|&d| d as i32 + m >= 4);
        out.emit(DfEvent::Rally { unit, dice, ok });
    }
    // Then the fire plan's bombardments for this turn, before anything moves.
    let turn = out.state().turn();
    let shots: Vec<_> = out
        .state()
        .batteries()
        .iter()
        .filter(|b| b.side == side && b.fired_turn != turn)
        .filter_map(|b| {
            Some((
                b.id,
                out.state().features().get(b.planned(turn)? as usize)?.at,
            ))
        })
        .collect();
    for (battery, at) in shots {
        out.emit(DfEvent::Bombardment {
            battery,
            at,
            planned: true,
        });
        cut_by_shells(out, at);
        let struck = struck_at(out.state(), at);
        barrage(out, field, battery, at, &struck);
    }
}

/// The mover's part ends: melee, morale, and the next part or turn.
fn end_part(out: &mut Out, field: &Battlefield, mover: Side) {
    super::melee::melee(out, field);
    for b in out.state().battalions().to_vec() {
        if b.shaken {
            continue;
        }
        let (lost, start) = out
            .state()
            .units()
            .iter()
            .filter(|u| u.battalion == Some(b.id))
            .fold((0, 0), |(l, s), u| (l + u.lost(), s + u.start as u32));
        if reaches(lost, start, loss_fraction(b.quality)) {
            out.emit(DfEvent::Shaken { battalion: b.id });
        }
    }
    for side in [mover, mover.other()] {
        let s = out.state();
        let all_shaken = s
            .battalions()
            .iter()
            .filter(|b| b.side == side)
            .all(|b| b.shaken);
        let fighting = s.living(side).any(|u| u.battalion.is_some());
        if all_shaken || !fighting {
            out.emit(DfEvent::Conceded { side });
            out.emit(DfEvent::Ended {
                outcome: match side {
                    Side::Attacker => BattleOutcome::DefenderWins,
                    Side::Defender => BattleOutcome::AttackerWins,
                },
            });
            return;
        }
    }
    if mover == out.state().first() {
        begin_part(out, field, mover.other());
    } else {
        begin_turn(out, field);
    }
}
