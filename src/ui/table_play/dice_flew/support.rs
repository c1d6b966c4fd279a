//! Off-table guns and patrols on the Dice Flew screen: the fire plan written before the battle
//! (a battery, a turn, then a click on a place), the forward observer's call (a battery, then a
//! click on an enemy he sees), and patrols sent out from the picked company or taken back. Each
//! button carries the engine's own verdict on exactly the command it would give, and so does the
//! hover over the table while a battery waits for its click.

use macroquad::color::Color;
use macroquad::shapes::{draw_circle, draw_circle_lines};

use super::super::super::table::Frame;
use super::super::super::widgets::Ui;
use super::super::view::{Grid, Hover, Tone};
use super::orders::feature_at;
use super::{draw, pieces, shows_orders, DiceFlewView, D};
use crate::tactical::dice_flew::artillery::{
    beaten_zone, observed_target, Battery, BatteryId, PlannedShot,
};
use crate::tactical::dice_flew::check::check;
use crate::tactical::dice_flew::execute::far_from_co;
use crate::tactical::dice_flew::patrol::MAX_MEN;
use crate::tactical::dice_flew::state::{DfState, Phase, TURN_LIMIT};
use crate::tactical::dice_flew::unit::{footprint, Kind, UnitId};
use crate::tactical::dice_flew::{DfCommand, DfEvent};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{distance, TablePoint};

/// What the next click on the table does, besides picking or moving a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum Tool {
    /// Nothing special.
    #[default]
    None,
    /// Before the battle: a click on a place writes the battery's fire-plan line for `turn`.
    Plan {
        /// The battery.
        battery: BatteryId,
        /// The turn the line fires.
        turn: u32,
    },
    /// At the start of the side's part: a click on an enemy calls the battery's fire on it.
    Call {
        /// The battery.
        battery: BatteryId,
    },
    /// At the start of the side's part: a click on an enemy bombards it with these guns.
    Bombard {
        /// The guns or mortars.
        unit: UnitId,
    },
    /// At the start of the side's part: a click on a place changes the battery's line for
    /// `turn` (the order-change roll).
    Replan {
        /// The battery.
        battery: BatteryId,
        /// The turn of the line.
        turn: u32,
    },
}

/// The batteries of the side at the device.
fn own_batteries(desk: &D) -> Vec<Battery> {
    let Some(me) = desk.human_actor() else {
        return Vec::new();
    };
    let s = desk.state();
    s.batteries()
        .iter()
        .filter(|b| b.side == me)
        .cloned()
        .collect()
}

/// The place a plan line names, by its number on the table and its name.
fn place(s: &DfState, feature: u16) -> String {
    s.features()
        .get(feature as usize)
        .map_or("?".into(), |f| format!("{}. {}", feature + 1, f.name))
}

/// A battery's fire plan in words, one line a shot.
pub(super) fn plan_words(s: &DfState, b: &Battery) -> String {
    if b.plan.is_empty() {
        return format!("{}: no fire plan", b.label());
    }
    let lines: Vec<String> = b
        .plan
        .iter()
        .map(|p| format!("turn {}: {}", p.turn, place(s, p.feature)))
        .collect();
    format!("{} plan · {}", b.label(), lines.join(" · "))
}

/// The enemy a call would be tried on for the button's verdict: the nearest the observer may
/// call onto, else the nearest at all (whose refusal then says why none can be).
fn probe_target(desk: &D, b: &Battery) -> Option<UnitId> {
    let s = desk.state();
    let obs = b.observer.and_then(|o| s.unit(o))?;
    observed_target(desk.field(), s, obs).or_else(|| {
        s.living(b.side.other())
            .min_by(|x, y| distance(obs.at, x.at).total_cmp(&distance(obs.at, y.at)))
            .map(|u| u.id)
    })
}

/// The roll a call needs, in words: the order-change roll, −1 far from the CO.
fn call_roll(s: &DfState, b: &Battery) -> &'static str {
    match b.observer.and_then(|o| s.unit(o)) {
        Some(obs) if far_from_co(s, b.side, obs) => "2+ on a die, −1 (far from the CO, no line)",
        _ => "2+ on a die",
    }
}

/// A battery's button, "Plan bty 1" or "[Plan bty 1]" while it waits for its click, known to
/// scripts by its whole name ("Fire plan bty 1"): the short label fits a cell at 125%.
fn battery_button(
    ui: &mut Ui,
    grid: &mut Grid,
    [name, short]: [&str; 2],
    b: BatteryId,
    on: bool,
    ok: bool,
    tip: &str,
) -> bool {
    let n = b.0 + 1;
    let label = if on {
        format!("[{short} bty {n}]")
    } else {
        format!("{short} bty {n}")
    };
    ui.button_named(
        &format!("{name} bty {n}"),
        &label,
        grid.cell(),
        ok,
        Some(tip),
    )
}

/// Before the battle: a button per battery to write its plan, and the turn of the next line.
pub(super) fn plan_buttons(view: &mut DiceFlewView, desk: &mut D, ui: &mut Ui, grid: &mut Grid) {
    let s = desk.state();
    for b in own_batteries(desk) {
        let on = matches!(view.tool, Tool::Plan { battery, .. } if battery == b.id);
        let turn = match view.tool {
            Tool::Plan { turn, .. } => turn,
            _ => 1,
        };
        let probe = DfCommand::PlanFire {
            battery: b.id,
            shot: PlannedShot { turn, feature: 0 },
        };
        let verdict = check(desk.field(), s, &probe);
        let tip = match &verdict {
            Ok(()) => format!(
                "{}: then pick the turn and click a place ◆ on the table; the shells strike \
                 everyone within 3″ of it, either side's. {}.",
                b.label(),
                plan_words(s, &b)
            ),
            Err(e) => e.to_string(),
        };
        if battery_button(
            ui,
            grid,
            ["Fire plan", "Plan"],
            b.id,
            on,
            verdict.is_ok(),
            &tip,
        ) {
            view.draft = None;
            view.tool = if on {
                Tool::None
            } else {
                Tool::Plan {
                    battery: b.id,
                    turn,
                }
            };
        }
    }
    if let Tool::Plan { battery, turn } = view.tool {
        let tip =
            "The turn this line of the plan fires, at the start of your part (click for the next)";
        if ui.button_named(
            "Plan turn",
            &format!("Plan turn {turn}"),
            grid.cell(),
            true,
            Some(tip),
        ) {
            view.tool = Tool::Plan {
                battery,
                turn: turn % TURN_LIMIT + 1,
            };
        }
    }
}

/// At the start of the part: a button per battery to call its observer's fire; with a company
/// picked, "Detach" (and the patrol's size) or, for a patrol, "Rejoin".
pub(super) fn move_buttons(view: &mut DiceFlewView, desk: &mut D, ui: &mut Ui, grid: &mut Grid) {
    let s = desk.state();
    for b in own_batteries(desk) {
        let on = view.tool == Tool::Call { battery: b.id };
        let verdict = probe_target(desk, &b).map_or(
            Err("the observer has no enemy on the table to call fire on".to_string()),
            |target| {
                let cmd = DfCommand::CallFire {
                    battery: b.id,
                    target,
                };
                check(desk.field(), s, &cmd).map_err(|e| e.to_string())
            },
        );
        let tip = match &verdict {
            Ok(()) => format!(
                "{} ({} points): then click an enemy its observer sees; {}.",
                b.label(),
                b.points(),
                call_roll(s, &b)
            ),
            Err(e) => e.clone(),
        };
        if battery_button(
            ui,
            grid,
            ["Call fire", "Call"],
            b.id,
            on,
            verdict.is_ok(),
            &tip,
        ) {
            view.draft = None;
            view.tool = if on {
                Tool::None
            } else {
                Tool::Call { battery: b.id }
            };
        }
    }
    let own = view.own(desk).and_then(|id| s.unit(id)).cloned();
    match own {
        Some(u) if u.kind == Kind::Patrol => {
            let verdict = check(desk.field(), s, &DfCommand::Rejoin { patrol: u.id });
            let tip = match &verdict {
                Ok(()) => format!("The {} goes back into its company.", u.label()),
                Err(e) => e.to_string(),
            };
            if ui.button_tip("Rejoin", grid.cell(), verdict.is_ok(), Some(&tip)) {
                DiceFlewView::send(desk, DfCommand::Rejoin { patrol: u.id });
                view.pick = u.parent;
            }
        }
        _ => {
            let men = if view.men == 0 { MAX_MEN } else { view.men };
            let verdict =
                own.as_ref()
                    .map_or(Err("Pick one of your companies first.".to_string()), |u| {
                        let cmd = DfCommand::Detach { unit: u.id, men };
                        check(desk.field(), s, &cmd).map_err(|e| e.to_string())
                    });
            let tip = match (&verdict, &own) {
                (Ok(()), Some(u)) => format!(
                    "{men} of the {}'s riflemen go out beside it: within half a move they stay \
                     part of it, beyond it they are a company of their own.",
                    u.label()
                ),
                (Err(e), _) => e.clone(),
                _ => String::new(),
            };
            let name = format!("Detach {men}");
            if ui.button_named("Detach", &name, grid.cell(), verdict.is_ok(), Some(&tip)) {
                if let Some(u) = own {
                    DiceFlewView::send(desk, DfCommand::Detach { unit: u.id, men });
                }
            }
            let tip = "How many riflemen the next patrol takes (click for another number)";
            if ui.button_named(
                "Patrol size",
                &format!("Size {men}"),
                grid.cell(),
                true,
                Some(tip),
            ) {
                view.men = men % MAX_MEN + 1;
            }
        }
    }
}

/// A click while a battery waits for one: the plan's place, or the called fire's target. True
/// when the click was the battery's (given, refused, or on nothing it could take).
pub(super) fn click(view: &mut DiceFlewView, desk: &mut D, p: TablePoint, r: f64) -> bool {
    match view.tool {
        Tool::None => false,
        Tool::Bombard { .. } | Tool::Replan { .. } => super::guns::click(view, desk, p, r),
        Tool::Plan { battery, turn } => {
            let Some(feature) = feature_at(desk.state(), p, r) else {
                view.tool = Tool::None;
                return false;
            };
            let shot = PlannedShot { turn, feature };
            if DiceFlewView::send(desk, DfCommand::PlanFire { battery, shot }) {
                let s = desk.state();
                let words = s
                    .battery(battery)
                    .map_or(String::new(), |b| plan_words(s, b));
                desk.note(format!("Fire plan written: {words}."));
            }
            true
        }
        Tool::Call { battery } => {
            let s = desk.state();
            let foe = super::unit_at(s, p, r).filter(|id| {
                s.unit(*id)
                    .is_some_and(|u| s.battery(battery).is_some_and(|b| b.side != u.side))
            });
            let Some(target) = foe else {
                view.tool = Tool::None;
                return false;
            };
            if DiceFlewView::send(desk, DfCommand::CallFire { battery, target }) {
                view.tool = Tool::None;
            }
            true
        }
    }
}

/// The hover while a battery waits for its click: the engine's verdict on that place or unit.
pub(super) fn hover(view: &DiceFlewView, desk: &D, p: TablePoint, r: f64) -> Option<Hover> {
    let s = desk.state();
    match view.tool {
        Tool::None => None,
        Tool::Bombard { .. } | Tool::Replan { .. } => super::guns::hover(view, desk, p, r),
        Tool::Plan { battery, turn } => {
            let b = s.battery(battery)?;
            let feature = feature_at(s, p, r)?;
            let mut h = Hover::lines(vec![format!("{} · turn {turn}", b.label())]);
            h.lines.push((place(s, feature), Tone::Plain));
            let cmd = DfCommand::PlanFire {
                battery,
                shot: PlannedShot { turn, feature },
            };
            match check(desk.field(), s, &cmd) {
                Ok(()) => {
                    let line = match b.planned(turn) {
                        Some(old) if old != feature => {
                            format!("Click: shell it instead of {}", place(s, old))
                        }
                        _ => format!("Click: shell it in turn {turn}"),
                    };
                    h.lines.push((line, Tone::Good));
                    h.lines.push((
                        format!("{} points on everyone within 3″", b.points()),
                        Tone::Plain,
                    ));
                }
                Err(e) => h.lines.push((e.to_string(), Tone::Bad)),
            }
            Some(h)
        }
        Tool::Call { battery } => {
            let b = s.battery(battery)?;
            let t = super::unit_at(s, p, r).and_then(|id| s.unit(id))?;
            let mut h = Hover::lines(vec![format!("Call fire on the {}", t.label())]);
            let cmd = DfCommand::CallFire {
                battery,
                target: t.id,
            };
            let verdict = check(desk.field(), s, &cmd);
            match &verdict {
                Ok(()) => {
                    h.lines
                        .push((format!("Legal: {}", call_roll(s, b)), Tone::Good));
                    h.lines.push((
                        format!(
                            "{}: {} points, as fire beyond half range",
                            b.label(),
                            b.points()
                        ),
                        Tone::Plain,
                    ));
                }
                Err(e) => h.lines.push((e.to_string(), Tone::Bad)),
            }
            if let Some(obs) = b.observer.and_then(|o| s.unit(o)) {
                h.path = Some((obs.at, t.at, verdict.is_ok()));
            }
            Some(h)
        }
    }
}

/// The fire plans the viewer may see, as the ground they will strike: a ring of the beaten zone
/// round each planned place, with the battery and turn (faded once the turn is past).
pub(super) fn draw_plans(desk: &D, ui: &Ui, f: &Frame) {
    let s = desk.state();
    let spec = desk.field().spec;
    for b in s.batteries() {
        if !shows_orders(desk, b.side) {
            continue;
        }
        for p in &b.plan {
            let Some(feat) = s.features().get(p.feature as usize) else {
                continue;
            };
            let mut c = Color::new(0.85, 0.25, 0.05, 0.9);
            if p.turn < s.turn() {
                c.a = 0.35;
            }
            let label = format!("bty {} · turn {}", b.id.0 + 1, p.turn);
            draw::ring(
                ui,
                f,
                &spec,
                feat.at,
                beaten_zone() + footprint(),
                c,
                &label,
            );
        }
    }
}

/// The observer a battery waits on, ringed, while its call is being made.
pub(super) fn observer_of(view: &DiceFlewView, s: &DfState) -> Option<(TablePoint, Side)> {
    let Tool::Call { battery } = view.tool else {
        return None;
    };
    let b = s.battery(battery)?;
    let obs = b.observer.and_then(|o| s.unit(o))?;
    Some((obs.at, b.side))
}

/// Whether the tool still fits the moment (a plan only before the battle, a call only in the
/// side's movement).
pub(super) fn tool_fits(view: &DiceFlewView, s: &DfState) -> bool {
    match view.tool {
        Tool::None => true,
        Tool::Plan { .. } => matches!(s.phase(), Phase::Orders(_)),
        Tool::Call { .. } => matches!(s.phase(), Phase::Move(_)) && s.pending().is_none(),
        Tool::Bombard { .. } | Tool::Replan { .. } => super::guns::fits(view, s),
    }
}

/// Where shells fell this turn, kept from the events: a burst the size of the beaten zone at
/// each, so a player sees what the guns did after the log has scrolled on.
#[derive(Debug, Default)]
pub(crate) struct Shells {
    turn: u32,
    /// Each fall, and whether it was planned (the beaten zone) or called (on one unit).
    falls: Vec<(TablePoint, bool)>,
}

impl Shells {
    /// Keep a bombardment's point; a new turn clears the old ones.
    pub(super) fn mark(&mut self, e: &DfEvent) {
        match e {
            DfEvent::Initiative { turn, .. } if *turn != self.turn => {
                self.turn = *turn;
                self.falls.clear();
            }
            DfEvent::Bombardment { at, planned, .. } => self.falls.push((*at, *planned)),
            DfEvent::Bombarded { at, .. } => self.falls.push((*at, false)),
            _ => {}
        }
    }

    /// The bursts, faint under the pieces.
    pub(super) fn draw(&self, f: &Frame) {
        for &(at, planned) in &self.falls {
            let zone = if planned {
                beaten_zone() + footprint()
            } else {
                1.5 * footprint()
            };
            let r = zone as f32 * f.px_per_mm;
            let p = f.px(at);
            let mut c = pieces::GUNS;
            c.a = 0.18;
            draw_circle(p[0], p[1], r, c);
            c.a = 0.8;
            draw_circle_lines(p[0], p[1], r, 2.0, c);
        }
    }
}
