//! The one function that changes a Dice Flew battle: an event, made so.

use super::event::{DfEvent, Losses};
use super::state::{DfState, Phase};
use super::tables::Weapon;
use super::unit::{Action, Kind, Order};
use crate::tactical::omog::{Dice, Journal};
use crate::tactical::ruleset::Side;
use crate::tactical::table::Facing;

impl Journal for DfState {
    type Event = DfEvent;
    fn apply(&mut self, e: &DfEvent) {
        apply(self, e);
    }
    fn dice(&self) -> &Dice {
        &self.dice
    }
    fn dice_in(e: &DfEvent) -> u64 {
        e.dice()
    }
}

fn take(state: &mut DfState, unit: super::unit::UnitId, l: &Losses) {
    let u = &mut state.units[unit.0 as usize];
    u.officers -= l.officers.min(u.officers);
    u.ncos -= l.ncos.min(u.ncos);
    for (k, n) in u.kit.iter_mut().zip(l.kit) {
        *k -= n.min(*k);
    }
    if l.total() > 0 {
        // Any loss pins, and a patrol still with its company shares its pin.
        u.pinned = true;
        pin_patrols(state, unit, true);
    }
}

/// Pin (or unpin) the patrols within half a move of company `c`.
fn pin_patrols(state: &mut DfState, c: super::unit::UnitId, pinned: bool) {
    let with: Vec<usize> = (0..state.units.len())
        .filter(|&i| {
            state.units[i].parent == Some(c) && state.with_company(state.units[i].id) == Some(true)
        })
        .collect();
    for i in with {
        state.units[i].pinned = pinned;
    }
}

/// A unit that moves cuts its own line; the CO moving takes his exchange with him, and so
/// every line of his side with it.
fn cut_own_line(state: &mut DfState, unit: super::unit::UnitId) {
    let (side, co) = {
        let u = &state.units[unit.0 as usize];
        (u.side, u.kind == Kind::Co)
    };
    for u in state.units.iter_mut() {
        if u.id == unit || (co && u.side == side) {
            u.phone = false;
        }
    }
}

/// Apply one event: the only code that changes the battle, its dice included.
pub fn apply(state: &mut DfState, e: &DfEvent) {
    state.dice.advance(e.dice());
    match e {
        DfEvent::OrderWritten { battalion, order } => {
            state.battalions[battalion.0 as usize].order = Some(*order)
        }
        DfEvent::Equipped { unit, kind, at } => {
            let old = &state.units[unit.0 as usize];
            let arm = old.die.expect("checked: a die's company");
            state.units[unit.0 as usize] = super::forces::reequipped(old, arm, *kind, *at);
        }
        DfEvent::FirePlanned { battery, shot } => {
            let b = &mut state.batteries[battery.0 as usize];
            b.plan.retain(|p| p.turn != shot.turn);
            b.plan.push(*shot);
            b.plan.sort_by_key(|p| p.turn);
        }
        DfEvent::CallForFire { battery, .. } | DfEvent::Bombardment { battery, .. } => {
            state.batteries[battery.0 as usize].fired_turn = state.turn;
        }
        DfEvent::Barrage { target, losses, .. } => take(state, *target, losses),
        DfEvent::Detached {
            unit,
            patrol,
            men,
            at,
        } => {
            let c = &mut state.units[unit.0 as usize];
            c.kit[Weapon::Rifle.index()] -= men;
            c.start -= men;
            let mut p = c.clone();
            p.id = *patrol;
            p.kind = Kind::Patrol;
            p.at = *at;
            p.officers = 0;
            p.ncos = 0;
            p.kit = [0; 9];
            p.kit[Weapon::Rifle.index()] = *men;
            p.start = *men;
            p.parent = Some(*unit);
            p.radio = false;
            p.phone = false;
            debug_assert_eq!(state.units.len(), patrol.0 as usize);
            state.units.push(p);
        }
        DfEvent::Rejoined { patrol, unit } => {
            let p = &mut state.units[patrol.0 as usize];
            let (men, start) = (p.kit[Weapon::Rifle.index()], p.start);
            p.kit = [0; 9];
            p.start = 0;
            let c = &mut state.units[unit.0 as usize];
            c.kit[Weapon::Rifle.index()] += men;
            c.start += start;
        }
        DfEvent::OrdersDone { side } => {
            state.phase = match side {
                Side::Attacker => Phase::Orders(Side::Defender),
                // Both written: turn 1's initiative comes next (`execute` rolls it).
                Side::Defender => Phase::Initiative(Side::Attacker),
            }
        }
        DfEvent::Initiative { turn, chooser, .. } => {
            state.turn = *turn;
            if let Some(s) = chooser {
                state.phase = Phase::Initiative(*s);
            }
        }
        DfEvent::FirstIs { side } => state.first = *side,
        DfEvent::PartBegan { side } => {
            state.phase = Phase::Move(*side);
            state.fired.clear();
            let units = &state.units;
            state
                .bombarded
                .retain(|id| units[id.0 as usize].side != *side);
            for u in state.units.iter_mut().filter(|u| u.side == *side) {
                u.busy = false;
                u.moved = false;
                u.manoeuvred = false;
            }
        }
        DfEvent::Rally { unit, ok, .. } => {
            if *ok {
                state.units[unit.0 as usize].pinned = false;
                pin_patrols(state, *unit, false);
            }
        }
        DfEvent::OrderChange {
            battalion,
            order,
            ok,
            ..
        } => {
            let b = &mut state.battalions[battalion.0 as usize];
            b.change_tried = state.turn;
            if *ok {
                b.order = Some(*order);
            }
        }
        DfEvent::CommandRoll { unit, ok, .. } => {
            if !ok {
                state.units[unit.0 as usize].moved = true;
            }
        }
        DfEvent::Advanced { unit, to, facing } => {
            let flank = super::check::manoeuvres(state, &state.units[unit.0 as usize], *to);
            let u = &mut state.units[unit.0 as usize];
            u.manoeuvred |= flank;
            u.at = *to;
            u.facing = Facing(*facing);
            u.moved = true;
            u.busy = true;
            u.to_ground = false;
            cut_own_line(state, *unit);
        }
        DfEvent::Paused { pending } => state.pending = Some(pending.clone()),
        DfEvent::Passed => {
            if let Some(super::state::Pending::Interrupt { shooters, .. }) = state.pending.take() {
                state.declined.extend(shooters);
            }
        }
        DfEvent::WentToGround { unit } => {
            state.units[unit.0 as usize].to_ground = true;
        }
        DfEvent::MoveEnded { .. } => {
            state.pending = None;
            state.declined.clear();
        }
        DfEvent::Fired {
            shooter,
            target,
            losses,
            ..
        }
        | DfEvent::AntiTank {
            shooter,
            target,
            losses,
            ..
        } => {
            state.fired.push((*shooter, *target));
            take(state, *target, losses);
        }
        DfEvent::Retreated { unit, to, .. } => {
            let u = &mut state.units[unit.0 as usize];
            u.at = *to;
            u.pinned = true;
            cut_own_line(state, *unit);
        }
        DfEvent::Melee { units, losses, .. } => {
            for id in units.iter().flatten() {
                state.units[id.0 as usize].busy = true;
            }
            for (id, l) in losses {
                take(state, *id, l);
            }
        }
        DfEvent::MovementEnded { side } => state.phase = Phase::Fire(side.other()),
        DfEvent::FireEnded { .. } => {}
        DfEvent::Shaken { battalion } => {
            let b = &mut state.battalions[battalion.0 as usize];
            b.shaken = true;
            if let Some(o) = b.order.filter(|o| o.action == Action::Attack) {
                b.order = Some(Order {
                    action: Action::Hold,
                    ..o
                });
            }
        }
        DfEvent::Conceded { .. } => {}
        DfEvent::Bombarded { unit, .. } => {
            state.bombarded.push(*unit);
            state.units[unit.0 as usize].busy = true;
        }
        DfEvent::Shelled { target, losses, .. } => take(state, *target, losses),
        DfEvent::LineLaid { unit } => {
            // Laying the wire is the unit's move: it stands still this part.
            let u = &mut state.units[unit.0 as usize];
            u.phone = true;
            u.moved = true;
        }
        DfEvent::LineCut { unit, .. } => state.units[unit.0 as usize].phone = false,
        DfEvent::PlanChange {
            battery,
            turn,
            feature,
            ok,
            ..
        } => {
            state.plans_tried.retain(|(b, _)| b != battery);
            state.plans_tried.push((*battery, state.turn));
            if *ok {
                let b = &mut state.batteries[battery.0 as usize];
                b.plan.retain(|p| p.turn != *turn);
                if let Some(feature) = feature {
                    b.plan.push(super::artillery::PlannedShot {
                        turn: *turn,
                        feature: *feature,
                    });
                    b.plan.sort_by_key(|p| p.turn);
                }
            }
        }
        DfEvent::Ended { outcome } => {
            state.outcome = Some(*outcome);
            state.phase = Phase::Over;
            state.pending = None;
        }
    }
}
