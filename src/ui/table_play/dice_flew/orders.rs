//! The Dice Flew's orders and decisions on the panel: the written order of a battalion drafted
//! and sent (before the battle at once, during it by the order-change roll), the initiative
//! choice, the interrupt prompt with a button per company that may shoot, going to ground or
//! pushing on, and the end of a movement or of firing.

use macroquad::color::Color;
use macroquad::shapes::{draw_poly, draw_poly_lines};

use super::super::super::style;
use super::super::super::table::{Badges, Frame};
use super::super::super::widgets::{Ui, INK};
use super::super::view::{Grid, RulesetView};
use super::hover::shot_words;
use super::support::{self, Tool};
use super::words::{action, battalion};
use super::{pieces, shows_orders, DiceFlewView, D};
use crate::tactical::dice_flew::state::{DfState, Pending, Phase};
use crate::tactical::dice_flew::unit::{Action, BattalionId, Order, UnitId};
use crate::tactical::dice_flew::DfCommand;
use crate::tactical::table::{distance, inches, TablePoint};

/// The last start turn the orders editor offers: later starts are rarely wise.
const LATEST_START: u32 = 4;

/// The order of the battalion of unit `id`, as a draft to edit.
pub(super) fn draft_for(s: &DfState, id: UnitId) -> Option<(BattalionId, Order)> {
    let b = s.unit(id)?.battalion?;
    let order = s.battalion(b)?.order.unwrap_or(Order {
        action: Action::Hold,
        feature: 0,
        start_turn: 1,
    });
    Some((b, order))
}

/// An order in words: "attack wood 400 m NE of Encamp from turn 2".
pub(super) fn order_words(s: &DfState, o: &Order) -> String {
    let place = s
        .features()
        .get(o.feature as usize)
        .map_or("?", |f| f.name.as_str());
    let from = if o.start_turn > 1 {
        format!(" from turn {}", o.start_turn)
    } else {
        String::new()
    };
    format!("{} {place}{from}", action(o.action))
}

/// Before the battle a draft is written at once; during it, it waits for "Try change".
fn write(view: &mut DiceFlewView, desk: &mut D) {
    let Some((b, order)) = view.draft else { return };
    if !matches!(desk.state().phase(), Phase::Orders(_)) {
        return;
    }
    if DiceFlewView::send(
        desk,
        DfCommand::WriteOrder {
            battalion: b,
            order,
        },
    ) {
        let words = order_words(desk.state(), &order);
        desk.note(format!("Order written: {} will {words}.", battalion(b)));
    }
}

/// The feature marker under `p`, if any.
pub(super) fn feature_at(s: &DfState, p: TablePoint, r: f64) -> Option<u16> {
    s.features()
        .iter()
        .enumerate()
        .filter(|(_, f)| distance(f.at, p) <= r.max(inches(1.5)))
        .min_by(|a, b| distance(a.1.at, p).total_cmp(&distance(b.1.at, p)))
        .map(|(k, _)| k as u16)
}

/// A click on a feature while drafting: the draft's place. False when none is under `p`.
pub(super) fn click_feature(view: &mut DiceFlewView, desk: &mut D, p: TablePoint, r: f64) -> bool {
    let Some((b, mut o)) = view.draft else {
        return false;
    };
    let Some(k) = feature_at(desk.state(), p, r) else {
        return false;
    };
    o.feature = k;
    view.draft = Some((b, o));
    write(view, desk);
    true
}

/// The places orders may name (while drafting) and the orders the viewer may see.
pub(super) fn draw_orders(view: &DiceFlewView, desk: &D, ui: &Ui, f: &Frame, badges: &mut Badges) {
    let s = desk.state();
    let chosen_place = match (view.draft, view.tool) {
        (Some((_, o)), _) => Some(Some(o.feature)),
        (None, Tool::Plan { battery, turn }) => {
            Some(s.battery(battery).and_then(|b| b.planned(turn)))
        }
        _ => None,
    };
    if let Some(place) = chosen_place {
        for (k, feat) in s.features().iter().enumerate() {
            let p = f.px(feat.at);
            let chosen = Some(k as u16) == place;
            let r = if chosen { 11.0 } else { 8.0 };
            let fill = if chosen {
                Color::new(1.0, 0.85, 0.1, 1.0)
            } else {
                Color::new(1.0, 1.0, 1.0, 0.9)
            };
            draw_poly(p[0], p[1], 4, r, 0.0, fill);
            draw_poly_lines(p[0], p[1], 4, r, 0.0, 2.0, style::INK);
            let n = (k + 1).to_string();
            let w = ui.width(&n, 11);
            ui.text(&n, p[0] - w / 2.0, p[1] + 4.0, 11, style::INK);
        }
    }
    for b in s.battalions() {
        if !shows_orders(desk, b.side) {
            continue;
        }
        let (Some(hq), Some(o)) = (s.hq(b.id), b.order) else {
            continue;
        };
        let o = match view.draft {
            Some((id, d)) if id == b.id => d,
            _ => o,
        };
        let Some(feat) = s.features().get(o.feature as usize) else {
            continue;
        };
        let (a, z) = (f.px(hq.at), f.px(feat.at));
        let mut c = desk.colour(b.side);
        c.a = 0.7;
        // Dashed: an order is an intention, not a path.
        pieces::dashed(a, z, 10.0, 2.5, c);
        let label = format!("bn {}: {}", b.id.0 + 1, action(o.action));
        badges.label(
            a,
            pieces::base_radius(f),
            label,
            desk.ink(b.side),
            Color::new(1.0, 1.0, 1.0, 1.0),
        );
    }
}

/// The view's buttons for the decision in hand.
pub(super) fn buttons(view: &mut DiceFlewView, desk: &mut D, ui: &mut Ui, grid: &mut Grid) {
    let me = desk.human_actor().is_some();
    let phase = desk.state().phase();
    match (phase, desk.state().pending().cloned()) {
        (Phase::Orders(_), _) => {
            if let Some(t) = super::equip::toggle(view, desk) {
                let ok = t.verdict.is_ok();
                if ui.button_named("Equip", &t.label, grid.wide(), ok, Some(&t.tip)) {
                    super::equip::flip(view, desk);
                }
            }
            draft_buttons(view, desk, ui, grid, me);
            support::plan_buttons(view, desk, ui, grid);
            if ui.button("Orders done", grid.cell(), me) {
                view.deselect();
                DiceFlewView::send(desk, DfCommand::OrdersDone);
            }
        }
        (Phase::Initiative(_), _) => {
            if ui.button("Go first", grid.cell(), me) {
                DiceFlewView::send(desk, DfCommand::GoFirst { first: true });
            }
            if ui.button("Go second", grid.cell(), me) {
                DiceFlewView::send(desk, DfCommand::GoFirst { first: false });
            }
        }
        (Phase::Move(_), Some(Pending::Interrupt { shooters, .. })) => {
            for &shooter in shooters.iter().take(5) {
                let label = desk.state().unit(shooter).map_or(String::new(), |u| {
                    format!("Shoot: {} {}", pieces::letters(u.kind), u.id.0 + 1)
                });
                if ui.button(&label, grid.cell(), me) {
                    DiceFlewView::send(desk, DfCommand::Shoot { shooter });
                }
            }
            if ui.button("Hold fire", grid.cell(), me) {
                DiceFlewView::send(desk, DfCommand::Pass);
            }
        }
        (Phase::Move(_), Some(Pending::React { .. })) => {
            if ui.button("Go to ground", grid.cell(), me) {
                DiceFlewView::send(desk, DfCommand::GoToGround);
            }
            if ui.button("Push on", grid.cell(), me) {
                DiceFlewView::send(desk, DfCommand::PushOn);
            }
        }
        (Phase::Move(_), None) => {
            if ui.button("End move", grid.cell(), me) {
                view.deselect();
                DiceFlewView::send(desk, DfCommand::Done);
            }
            let own = view.own(desk);
            if view.draft.is_none() {
                let can = own.and_then(|id| draft_for(desk.state(), id)).is_some();
                if ui.button("Change order", grid.cell(), can) {
                    view.draft = own.and_then(|id| draft_for(desk.state(), id));
                    view.tool = Tool::None;
                }
                if me {
                    support::move_buttons(view, desk, ui, grid);
                    super::guns::buttons(view, desk, ui, grid);
                }
            } else {
                draft_buttons(view, desk, ui, grid, me);
                if ui.button("Try change 2+", grid.cell(), me) {
                    if let Some((b, order)) = view.draft {
                        let cmd = DfCommand::ChangeOrder {
                            battalion: b,
                            order,
                        };
                        if DiceFlewView::send(desk, cmd) {
                            view.draft = None;
                        }
                    }
                }
            }
        }
        (Phase::Fire(_), _) => {
            if ui.button("End fire", grid.cell(), me) {
                view.deselect();
                DiceFlewView::send(desk, DfCommand::Done);
            }
        }
        (Phase::Over, _) => {}
    }
}

/// Hold, Move to, Attack, Next place and the start turn, for the draft.
fn draft_buttons(view: &mut DiceFlewView, desk: &mut D, ui: &mut Ui, grid: &mut Grid, me: bool) {
    let on = me && view.draft.is_some();
    let orders_phase = matches!(desk.state().phase(), Phase::Orders(_));
    for (label, a) in [
        ("Hold", Action::Hold),
        ("Move to", Action::MoveTo),
        ("Attack", Action::Attack),
    ] {
        let current = view.draft.is_some_and(|(_, o)| o.action == a);
        let label = if current {
            format!("[{label}]")
        } else {
            label.to_string()
        };
        if ui.button(&label, grid.cell(), on) {
            if let Some((_, o)) = view.draft.as_mut() {
                o.action = a;
            }
            write(view, desk);
        }
    }
    let n = desk.state().features().len().max(1) as u16;
    if ui.button("Next place", grid.cell(), on) {
        if let Some((_, o)) = view.draft.as_mut() {
            o.feature = (o.feature + 1) % n;
        }
        write(view, desk);
    }
    if orders_phase {
        let start = view.draft.map_or(1, |(_, o)| o.start_turn);
        if ui.button(&format!("From turn {start}"), grid.cell(), on) {
            if let Some((_, o)) = view.draft.as_mut() {
                o.start_turn = o.start_turn % LATEST_START + 1;
            }
            write(view, desk);
        }
    }
}

/// The prompt, the draft, or the pick's numbers.
pub(super) fn panel(view: &DiceFlewView, desk: &D, ui: &Ui, x: f32, y: f32, w: f32) -> f32 {
    let s = desk.state();
    let who = |id: UnitId| s.unit(id).map_or(String::new(), |u| u.label());
    let mut y = y;
    let para = |text: &str, y: &mut f32| *y = ui.paragraph(text, x, *y + 16.0, 15, w) + 4.0;
    match DiceFlewView::pending(desk) {
        Some(Pending::Interrupt {
            mover, shooters, ..
        }) => {
            ui.title("Shoot at this company now?", x, y + 16.0, 16, INK);
            y += 18.0;
            let at = s.unit(*mover).map_or(desk.field().objective, |u| u.at);
            let mut text = format!("The enemy's {} is moving in sight of:", who(*mover));
            for &sh in shooters {
                text.push_str(&format!(
                    "\n· {} — {}",
                    who(sh),
                    shot_words(desk, sh, *mover, at)
                ));
            }
            para(&text, &mut y);
            return y;
        }
        Some(Pending::React { mover, shooter, .. }) => {
            let at = s.unit(*mover).map_or(desk.field().objective, |u| u.at);
            let text = format!(
                "Your {} is fired on by the {} ({}). Going to ground counts as cover against it \
                 and stops the move there; pushing on goes on with the move.",
                who(*mover),
                who(*shooter),
                shot_words(desk, *shooter, *mover, at)
            );
            para(&text, &mut y);
            return y;
        }
        None => {}
    }
    if let Some((b, o)) = view.draft {
        let mut text = format!("{}: {}.", battalion(b), order_words(s, &o));
        if !matches!(s.phase(), Phase::Orders(_)) {
            text.push_str(" A change needs 2+ on a die (−1 when the HQ is far from the CO), once a turn, before anything moves.");
        }
        para(&text, &mut y);
    } else if let (Phase::Orders(side), true) = (s.phase(), desk.human_actor().is_some()) {
        let lines: Vec<String> = s
            .battalions()
            .iter()
            .filter(|b| b.side == side)
            .filter_map(|b| {
                Some(format!(
                    "{}: {}",
                    battalion(b.id),
                    order_words(s, &b.order?)
                ))
            })
            .chain(
                s.batteries()
                    .iter()
                    .filter(|b| b.side == side)
                    .map(|b| support::plan_words(s, b)),
            )
            .collect();
        para(&lines.join("\n"), &mut y);
    }
    if let Some(u) = view.pick.and_then(|id| s.unit(id)) {
        let text = super::hover::unit_lines(desk, u).join(" · ");
        para(&text, &mut y);
    }
    y
}
