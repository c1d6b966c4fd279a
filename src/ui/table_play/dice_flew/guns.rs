//! On-table guns bombarding, telephone lines laid in play, and fire plans changed during the
//! battle, on the Dice Flew screen. With a gun or mortar company picked at the start of the
//! part, "Bombard" then a click on an enemy shells him; with an HQ, observer or the CO picked,
//! "Lay line" runs a line back to the CO (the CO: sets up his exchange); "Replan bty N", a turn
//! and a click on a place ◆ (or "Strike out") tries the order-change roll on a coming line of
//! the plan. Every button's tooltip and the hover are the engine's own `check` of the command.

use super::super::super::widgets::Ui;
use super::super::view::{Grid, Hover, Note, Roll, Tone};
use super::orders::feature_at;
use super::support::{plan_words, Tool};
use super::{DiceFlewView, D};
use crate::tactical::dice_flew::artillery::Battery;
use crate::tactical::dice_flew::bombard::{bombard_points, bombard_target};
use crate::tactical::dice_flew::check::check;
use crate::tactical::dice_flew::state::{DfState, TURN_LIMIT};
use crate::tactical::dice_flew::telephone::wire_reach;
use crate::tactical::dice_flew::unit::{Kind, Unit, UnitId};
use crate::tactical::dice_flew::{DfCommand, DfEvent};
use crate::tactical::table::{distance, TablePoint, MM_PER_INCH};

/// The enemy a bombardment would be tried on for the button's verdict: the nearest the guns
/// may shell, else the nearest at all (whose refusal then says why none can be).
fn probe_target(desk: &D, u: &Unit) -> Option<UnitId> {
    let s = desk.state();
    bombard_target(desk.field(), s, u).or_else(|| {
        s.living(u.side.other())
            .min_by(|x, y| distance(u.at, x.at).total_cmp(&distance(u.at, y.at)))
            .map(|e| e.id)
    })
}

/// A place the plan change would be tried on for the button's verdict: one the line does not
/// already name.
fn probe_place(s: &DfState, b: &Battery, turn: u32) -> u16 {
    let n = s.features().len() as u16;
    (0..n).find(|&f| b.planned(turn) != Some(f)).unwrap_or(0)
}

fn verdict(desk: &D, cmd: &DfCommand) -> Result<(), String> {
    check(desk.field(), desk.state(), cmd).map_err(|e| e.to_string())
}

/// The buttons at the start of the side's part (and, for lines, in its movement).
pub(super) fn buttons(view: &mut DiceFlewView, desk: &mut D, ui: &mut Ui, grid: &mut Grid) {
    let own = view.own(desk).and_then(|id| desk.state().unit(id)).cloned();
    if let Some(u) = own
        .clone()
        .filter(|u| matches!(u.kind, Kind::FieldGuns | Kind::Mortars))
    {
        let on = view.tool == Tool::Bombard { unit: u.id };
        let v = probe_target(desk, &u).map_or(
            Err("there is no enemy on the table".to_string()),
            |target| verdict(desk, &DfCommand::Bombard { unit: u.id, target }),
        );
        let tip = match &v {
            Ok(()) => format!(
                "{} points as a barrage: then click an enemy your side sees. Having bombarded, \
                 the {} may not shoot until your next part.",
                bombard_points(&u),
                u.label()
            ),
            Err(e) => e.clone(),
        };
        let label = if on { "[Bombard]" } else { "Bombard" };
        if ui.button_named("Bombard", label, grid.cell(), v.is_ok(), Some(&tip)) {
            view.draft = None;
            view.tool = if on {
                Tool::None
            } else {
                Tool::Bombard { unit: u.id }
            };
        }
    }
    if let Some(u) = own.filter(|u| u.staff()) {
        let cmd = DfCommand::LayLine { unit: u.id };
        let v = verdict(desk, &cmd);
        let tip = match (&v, u.kind) {
            (Ok(()), Kind::Co) => "The CO stands still this part and sets up his exchange; \
                                   HQs and observers can then lay their lines to it."
                .to_string(),
            (Ok(()), _) => format!(
                "Instead of moving, the {} runs a line back to the CO (wire for {:.0}″): no \
                 −1 on order changes at any range. Moving, enemies crossing the wire and shells \
                 within 3″ of it cut it.",
                u.label(),
                wire_reach() / MM_PER_INCH
            ),
            (Err(e), _) => e.clone(),
        };
        if ui.button_named("Lay line", "Lay line", grid.cell(), v.is_ok(), Some(&tip))
            && DiceFlewView::send(desk, cmd)
        {
            let s = desk.state();
            if let Some(u) = s.unit(u.id) {
                desk.note(format!("The {} is on the telephone now.", u.label()));
            }
        }
    }
    replan_buttons(view, desk, ui, grid);
}

/// A button per battery to change a coming line of its plan, and with one chosen its turn and
/// "Strike out".
fn replan_buttons(view: &mut DiceFlewView, desk: &mut D, ui: &mut Ui, grid: &mut Grid) {
    let Some(me) = desk.human_actor() else {
        return;
    };
    let s = desk.state();
    let next = (s.turn() + 1).min(TURN_LIMIT);
    let own: Vec<Battery> = s
        .batteries()
        .iter()
        .filter(|b| b.side == me)
        .cloned()
        .collect();
    for b in &own {
        let on = matches!(view.tool, Tool::Replan { battery, .. } if battery == b.id);
        let turn = match view.tool {
            Tool::Replan { turn, .. } if on => turn,
            _ => next,
        };
        let cmd = DfCommand::ChangePlan {
            battery: b.id,
            turn,
            feature: Some(probe_place(s, b, turn)),
        };
        let v = verdict(desk, &cmd);
        let tip = match &v {
            Ok(()) => format!(
                "Change a coming line of the plan: pick the turn, click a place ◆ (or strike \
                 the line out); 2+ on a die, −1 with the CO gone. {}.",
                plan_words(s, b)
            ),
            Err(e) => e.clone(),
        };
        let n = b.id.0 + 1;
        let label = if on {
            format!("[Replan bty {n}]")
        } else {
            format!("Replan bty {n}")
        };
        let name = format!("Replan bty {n}");
        if ui.button_named(&name, &label, grid.cell(), v.is_ok(), Some(&tip)) {
            view.draft = None;
            view.tool = if on {
                Tool::None
            } else {
                Tool::Replan {
                    battery: b.id,
                    turn,
                }
            };
        }
    }
    if let Tool::Replan { battery, turn } = view.tool {
        let tip = "The turn of the line to change (click for the next)";
        if ui.button_named(
            "Replan turn",
            &format!("Line turn {turn}"),
            grid.cell(),
            true,
            Some(tip),
        ) {
            let first = (desk.state().turn() + 1).min(TURN_LIMIT);
            let t = if turn >= TURN_LIMIT { first } else { turn + 1 };
            view.tool = Tool::Replan { battery, turn: t };
        }
        let cmd = DfCommand::ChangePlan {
            battery,
            turn,
            feature: None,
        };
        let v = verdict(desk, &cmd);
        let tip = match &v {
            Ok(()) => format!("Strike out turn {turn}'s line: 2+ on a die."),
            Err(e) => e.clone(),
        };
        if ui.button_named(
            "Strike out",
            "Strike out",
            grid.cell(),
            v.is_ok(),
            Some(&tip),
        ) && DiceFlewView::send(desk, cmd)
        {
            view.tool = Tool::None;
        }
    }
}

/// A click while the guns wait for one: the enemy shelled, or the plan's new place.
pub(super) fn click(view: &mut DiceFlewView, desk: &mut D, p: TablePoint, r: f64) -> bool {
    match view.tool {
        Tool::Bombard { unit } => {
            let s = desk.state();
            let side = s.unit(unit).map(|u| u.side);
            let foe = super::unit_at(s, p, r)
                .filter(|id| s.unit(*id).is_some_and(|t| Some(t.side) != side));
            let Some(target) = foe else {
                view.tool = Tool::None;
                return false;
            };
            if DiceFlewView::send(desk, DfCommand::Bombard { unit, target }) {
                view.tool = Tool::None;
            }
            true
        }
        Tool::Replan { battery, turn } => {
            let Some(feature) = feature_at(desk.state(), p, r) else {
                view.tool = Tool::None;
                return false;
            };
            let cmd = DfCommand::ChangePlan {
                battery,
                turn,
                feature: Some(feature),
            };
            if DiceFlewView::send(desk, cmd) {
                view.tool = Tool::None;
            }
            true
        }
        _ => false,
    }
}

/// The hover while the guns wait for a click: the engine's verdict on that unit or place.
pub(super) fn hover(view: &DiceFlewView, desk: &D, p: TablePoint, r: f64) -> Option<Hover> {
    let s = desk.state();
    match view.tool {
        Tool::Bombard { unit } => {
            let u = s.unit(unit)?;
            let t = super::unit_at(s, p, r).and_then(|id| s.unit(id))?;
            let mut h = Hover::lines(vec![format!("{} bombards the {}", u.label(), t.label())]);
            let v = verdict(desk, &DfCommand::Bombard { unit, target: t.id });
            match &v {
                Ok(()) => {
                    h.lines.push((
                        format!(
                            "Legal: {} points, as fire beyond half range",
                            bombard_points(u)
                        ),
                        Tone::Good,
                    ));
                    h.lines
                        .push(("It may not shoot until your next part".into(), Tone::Plain));
                }
                Err(e) => h.lines.push((e.clone(), Tone::Bad)),
            }
            h.path = Some((u.at, t.at, v.is_ok()));
            Some(h)
        }
        Tool::Replan { battery, turn } => {
            let b = s.battery(battery)?;
            let feature = feature_at(s, p, r)?;
            let name = &s.features()[feature as usize].name;
            let mut h = Hover::lines(vec![format!("{} · turn {turn}", b.label())]);
            h.lines
                .push((format!("{}. {name}", feature + 1), Tone::Plain));
            let cmd = DfCommand::ChangePlan {
                battery,
                turn,
                feature: Some(feature),
            };
            match verdict(desk, &cmd) {
                Ok(()) => h
                    .lines
                    .push(("Click: shell it instead (2+ on a die)".into(), Tone::Good)),
                Err(e) => h.lines.push((e, Tone::Bad)),
            }
            Some(h)
        }
        _ => None,
    }
}

/// The new events in words: bombardments and their dice, lines laid and cut, plan changes
/// (whose new place stays secret, like an order).
pub(super) fn note(desk: &D, e: &DfEvent) -> Option<Note> {
    let s = desk.state();
    let who = |id: UnitId| {
        s.unit(id)
            .map_or(format!("unit {}", id.0 + 1), |u| u.label())
    };
    let side_of = |id: UnitId| s.unit(id).map(|u| u.side);
    let at = |id: UnitId| s.unit(id).map_or(desk.field().objective, |u| u.at);
    let mut n = Note::default();
    let (by, line) = match e {
        DfEvent::Bombarded { unit, target, .. } => (
            side_of(*unit),
            format!("The {} bombards the {}.", who(*unit), who(*target)),
        ),
        DfEvent::Shelled {
            unit,
            target,
            dice,
            hits,
            defence,
            losses,
        } => {
            n.rolls = dice
                .iter()
                .map(|&v| Roll {
                    at: at(*target),
                    face: super::super::view::Face::d6(v),
                    good: (v == 6).then_some(true),
                    caption: "shells".into(),
                })
                .collect();
            let result = match defence {
                Some(d) => format!("against {d}: {} destroyed", losses.total()),
                None => format!("{hits} hits, {} lost", losses.total()),
            };
            let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
            (
                side_of(*unit),
                format!(
                    "The shells strike the {} ({}): {result}.",
                    who(*target),
                    dice.join(" ")
                ),
            )
        }
        DfEvent::LineLaid { unit } => (
            side_of(*unit),
            match s.unit(*unit).map(|u| u.kind) {
                Some(Kind::Co) => "The CO sets up his telephone exchange.".to_string(),
                _ => format!("The {} lays a telephone line to the CO.", who(*unit)),
            },
        ),
        DfEvent::LineCut { unit, by } => (
            side_of(*unit),
            match by {
                Some(e) => format!(
                    "The {}'s telephone line is cut: the {} crossed the wire.",
                    who(*unit),
                    who(*e)
                ),
                None => format!("Shells cut the {}'s telephone line.", who(*unit)),
            },
        ),
        DfEvent::PlanChange {
            battery,
            turn,
            die,
            modifier,
            ok,
            ..
        } => {
            let sign = if *modifier != 0 {
                format!(" {modifier:+}")
            } else {
                String::new()
            };
            let b = s
                .battery(*battery)
                .map_or(format!("battery {}", battery.0 + 1), |b| b.label());
            (
                s.battery(*battery).map(|b| b.side),
                format!(
                    "The CO signals the {b} to change its turn {turn} fire: {die}{sign}: {}.",
                    if *ok {
                        "the guns have it"
                    } else {
                        "not through"
                    }
                ),
            )
        }
        _ => return None,
    };
    n.by = by;
    n.line = Some(line);
    Some(n)
}

/// Whether a gun tool still fits the moment: the guns' and the plan's before anything moves.
pub(super) fn fits(view: &DiceFlewView, s: &DfState) -> bool {
    let start = matches!(s.phase(), crate::tactical::dice_flew::state::Phase::Move(_))
        && s.pending().is_none();
    match view.tool {
        Tool::Bombard { unit } => start && s.unit(unit).is_some_and(|u| u.alive()),
        Tool::Replan { battery, .. } => start && s.battery(battery).is_some(),
        _ => true,
    }
}
