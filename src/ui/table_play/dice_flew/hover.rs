//! What the pointer shows on a Dice Flew table: a unit's figures, state and (to its own side)
//! its battalion's order; a move's share of the allowance or why not; a shot's dice or why not.
//! Every verdict is the engine's `check`; every number its `move_fraction` or `shot_preview`.

use super::super::view::{Hover, Tone};
use super::orders::{feature_at, order_words};
use super::words::battalion;
use super::{shows_orders, unit_at, DiceFlewView, D};
use crate::tactical::dice_flew::check::check;
use crate::tactical::dice_flew::execute::needs_command_roll;
use crate::tactical::dice_flew::fire::{closest_target, range};
use crate::tactical::dice_flew::movement::move_fraction;
use crate::tactical::dice_flew::preview::shot_preview;
use crate::tactical::dice_flew::state::{DfState, Pending, Phase};
use crate::tactical::dice_flew::tables::engaged;
use crate::tactical::dice_flew::unit::{Unit, UnitId};
use crate::tactical::dice_flew::DfCommand;
use crate::tactical::force::Quality;
use crate::tactical::table::{TablePoint, MM_PER_INCH};
use crate::ui::table::Frame;

/// What `shooter` would bring against `target` at `at`, in a few words.
pub(super) fn shot_words(desk: &D, shooter: UnitId, target: UnitId, at: TablePoint) -> String {
    let Some(p) = shot_preview(desk.field(), desk.state(), shooter, target, at) else {
        return String::new();
    };
    let range = format!("{:.0}″", p.range / MM_PER_INCH);
    let cover = if p.cover { ", target in cover" } else { "" };
    if let Some(f) = p.soft {
        let off = if f.within_half { 1 } else { 2 } + if p.cover { 2 } else { 0 };
        format!(
            "{} dice at {range} ({} points), −{off} a die{cover}",
            f.dice, f.points
        )
    } else if let Some((dice, defence)) = p.anti_tank {
        let vals: Vec<String> = dice.iter().map(|m| format!("d6{m:+}")).collect();
        if vals.is_empty() {
            format!("nothing that hurts armour at {range}")
        } else {
            format!(
                "anti-tank {} at {range} against {defence}{cover}",
                vals.join(", ")
            )
        }
    } else {
        String::new()
    }
}

/// A unit's state in short lines: figures, training, pinned or down, its order if shown.
pub(super) fn unit_lines(desk: &D, u: &Unit) -> Vec<String> {
    let s = desk.state();
    let q = match u.quality {
        Quality::Green => "green",
        Quality::Regular => "regular",
        Quality::Elite => "elite",
    };
    let mut v = vec![
        format!("{} ({})", u.label(), desk.names()[u.side.index()]),
        format!("{} of {} figures · {q}", u.strength(), u.start),
    ];
    let mut state = Vec::new();
    if u.pinned {
        state.push("pinned: no move or fire until it rallies");
    }
    if u.to_ground {
        state.push("gone to ground");
    }
    if u.busy {
        state.push("moved or fought: may not fire");
    }
    if needs_command_roll(s, u.id) {
        state.push("out of command: 2+ to move");
    }
    // A line each: joined, three of them outgrow the hover box.
    v.extend(state.into_iter().map(String::from));
    v.extend(kit_lines(s, u));
    if let Some(b) = u.battalion.and_then(|b| s.battalion(b)) {
        let shaken = if b.shaken { " (shaken)" } else { "" };
        match b.order.filter(|_| shows_orders(desk, u.side)) {
            Some(o) => v.push(format!(
                "{}{shaken}: {}",
                battalion(b.id),
                order_words(s, &o)
            )),
            None => v.push(format!("{}{shaken}", battalion(b.id))),
        }
    }
    v
}

/// What a unit carries or belongs to besides its battalion: the battery an observer calls, a
/// patrol's company and whether it is still part of it, radio and telephone.
fn kit_lines(s: &DfState, u: &Unit) -> Vec<String> {
    let mut v = Vec::new();
    if let Some(b) = s.batteries().iter().find(|b| b.observer == Some(u.id)) {
        let fired = if b.fired_turn == s.turn() && s.turn() > 0 {
            " · fired this turn"
        } else {
            ""
        };
        v.push(format!(
            "Observer of the {} ({} points){fired}",
            b.label(),
            b.points()
        ));
    }
    if let Some(c) = u.parent.and_then(|c| s.unit(c)) {
        v.push(match s.with_company(u.id) {
            Some(true) => format!(
                "Patrol of the {}: within half a move, part of it",
                c.label()
            ),
            _ => format!(
                "Patrol of the {}: beyond half a move, a company of its own",
                c.label()
            ),
        });
    }
    let mut links = Vec::new();
    if u.radio {
        links.push("radio");
    }
    if u.phone {
        links.push("telephone line to the CO (moving cuts it)");
    }
    if !links.is_empty() {
        v.push(links.join(" · "));
    }
    v
}

/// The hover box at `p`.
pub(super) fn hover(view: &DiceFlewView, desk: &D, p: TablePoint, f: &Frame) -> Option<Hover> {
    let s = desk.state();
    let r = f64::from(super::pieces::base_radius(f) / f.px_per_mm);
    if let Some(h) = super::support::hover(view, desk, p, r) {
        return Some(h);
    }
    // The unit as the seat sees it: before the battle, the enemy's dice as deployed.
    let seen = super::seen(desk);
    let under = unit_at(&seen, p, r).and_then(|id| seen.unit(id));
    let me = desk.human_actor();
    // A decision's companies: what each would fire.
    if let (
        Some(Pending::Interrupt {
            mover, shooters, ..
        }),
        Some(u),
    ) = (DiceFlewView::pending(desk), under)
    {
        if shooters.contains(&u.id) {
            let at = s.unit(*mover).map_or(p, |m| m.at);
            let mut h = Hover::lines(vec![format!("{} shoots now", u.label())]);
            h.lines
                .push((shot_words(desk, u.id, *mover, at), Tone::Plain));
            h.lines.push(("Click to fire".into(), Tone::Good));
            h.path = Some((u.at, at, true));
            return Some(h);
        }
    }
    if let Some(u) = under {
        let mut h = Hover::lines(unit_lines(desk, u));
        if me == Some(u.side) && s.phase() == Phase::Fire(u.side) {
            let cmd = DfCommand::Fire { shooter: u.id };
            match check(desk.field(), s, &cmd) {
                Ok(()) => {
                    if let Some((t, at)) = closest_target(desk.field(), s, u, None) {
                        let name = s.unit(t).map_or(String::new(), |t| t.label());
                        h.lines.push((format!("Fires at the {name}"), Tone::Good));
                        h.lines.push((shot_words(desk, u.id, t, at), Tone::Plain));
                        h.path = Some((u.at, at, true));
                    }
                }
                Err(e) => h.lines.push((e.to_string(), Tone::Bad)),
            }
        }
        return Some(h);
    }
    if let Some((_, o)) = view.draft {
        if let Some(k) = feature_at(s, p, r) {
            let name = &s.features()[k as usize].name;
            let mut h = Hover::lines(vec![format!("{}. {name}", k + 1)]);
            let verdict = if k == o.feature {
                "the order's place"
            } else {
                "click: make it the order's place"
            };
            h.lines.push((verdict.into(), Tone::Good));
            return Some(h);
        }
    }
    let u = view.own(desk).and_then(|id| s.unit(id))?;
    if s.phase() != Phase::Move(u.side) || s.pending().is_some() || view.draft.is_some() {
        return None;
    }
    let mut h = Hover::lines(vec![format!("Move the {}", u.label())]);
    let cmd = DfCommand::Move { unit: u.id, to: p };
    match check(desk.field(), s, &cmd) {
        Ok(()) => {
            if let Ok(used) = move_fraction(desk.field(), u.movement(), u.at, p) {
                h.lines
                    .push((format!("{:.0}% of its move", used * 100.0), Tone::Good));
            }
            if needs_command_roll(s, u.id) {
                h.lines
                    .push(("Out of command: it moves only on 2+".into(), Tone::Plain));
            }
            if u.phone {
                h.lines
                    .push(("Moving cuts its telephone line".into(), Tone::Plain));
            }
            // Within 3″ of an enemy at the end of the movement, a melee is fought.
            let foe = s
                .living(u.side.other())
                .filter(|e| range(e.at, p) <= engaged() + 1e-9)
                .min_by(|a, b| range(a.at, p).total_cmp(&range(b.at, p)));
            let line = match foe {
                Some(e) => format!("Within 3″ of the {}: melee after the movement", e.label()),
                None => "The enemy may fire as it goes".into(),
            };
            h.lines.push((line, Tone::Plain));
        }
        Err(e) => h.lines.push((e.to_string(), Tone::Bad)),
    }
    h.path = Some((u.at, p, !h.refused()));
    Some(h)
}
