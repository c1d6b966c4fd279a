//! The table screen's right-hand panel: whose command it is, the buttons, the latest refusal,
//! the pick's numbers, the last dice and the log.

use macroquad::color::Color;
use macroquad::shapes::{draw_circle, draw_line, draw_rectangle, draw_rectangle_lines};

use super::super::table as tdraw;
use super::super::widgets::{Ui, INK};
use super::words::{self, inch};
use super::{Selection, TablePlay, BAD, GOOD, NOTE, WHITE};
use crate::tactical::omog19c::engine;
use crate::tactical::omog19c::state::{HeavyKind, Phase, TURN_LIMIT};
use crate::tactical::omog19c::tables::{allowance, Mount};
use crate::tactical::ruleset::Side;
use crate::tactical::Footing;

impl TablePlay {
    /// The right-hand panel; true when the result's button was clicked.
    pub(super) fn panel(&mut self, ui: &mut Ui, r: [f32; 4]) -> bool {
        let x = r[0] + 12.0;
        let w = r[2] - 24.0;
        let mut y = r[1] + 28.0;
        ui.title(
            &format!("Battle at {}", self.field.place_name),
            x,
            y,
            21,
            INK,
        );
        y += 20.0;
        ui.text(
            &format!(
                "OMOG 19C · turn {} of {TURN_LIMIT} · 48″ table, 1″ = 25 m",
                self.state.turn()
            ),
            x,
            y,
            13,
            NOTE,
        );
        y += 12.0;
        // Whose command it is, in that side's colour.
        let (fill, head, sub) = match (engine::actor(&self.state), self.state.outcome()) {
            (Some(side), _) => {
                let doing = match self.state.phase() {
                    Phase::Move(_) => "to move",
                    _ => "to fire",
                };
                let sub = if self.human[words::idx(side)] {
                    if self.human == [true, true] {
                        "your orders (hot seat: both sides play at this screen)".to_string()
                    } else {
                        "your orders".to_string()
                    }
                } else {
                    format!(
                        "the AI gives its orders{}",
                        if self.fast { " (faster)" } else { "" }
                    )
                };
                (
                    self.colour(side),
                    format!("{} {doing}", words::side_name(&self.names, side)),
                    sub,
                )
            }
            (None, Some(o)) => (
                Color::new(0.2, 0.2, 0.22, 1.0),
                "The battle is over".to_string(),
                words::outcome_line(&self.names, o),
            ),
            (None, None) => (NOTE, String::new(), String::new()),
        };
        draw_rectangle(x, y, w, 46.0, fill);
        let ink = tdraw::ink_on(fill);
        ui.title(&head, x + 10.0, y + 20.0, 17, ink);
        ui.text_fit(&sub, x + 10.0, y + 38.0, 13, ink, w - 20.0);
        y += 64.0;
        let [al, dl] = self.state.losses();
        // Only the attacker wins by holding the objective, so only his count runs to a target.
        let holder = match self.state.holder() {
            Some((Side::Attacker, n)) => format!(
                "{} holds it, {n} of {} turn ends",
                self.names[0],
                crate::tactical::omog19c::state::HOLD_TURNS
            ),
            Some((Side::Defender, _)) => format!("{} holds it", self.names[1]),
            None => "nobody holds it".into(),
        };
        ui.text(
            &format!(
                "Lost: {} {al} · {} {dl}   Objective (✚): {holder}",
                self.names[0], self.names[1]
            ),
            x,
            y,
            13,
            INK,
        );
        y += 14.0;
        if self.state.outcome().is_some() {
            let label = self.done_label.clone();
            if ui.button(&label, [x, y, w, 34.0], true) {
                return true;
            }
            y += 44.0;
        } else {
            y = self.buttons(ui, x, y, w);
        }
        // The latest refusal or note, else what to do.
        let (msg, colour) = match &self.message {
            Some((m, true)) => (m.clone(), BAD),
            Some((m, false)) => (m.clone(), INK),
            None => (self.hint(), NOTE),
        };
        y = wrapped(ui, &msg, x, y + 4.0, 14, w, colour, 3);
        y += 4.0;
        y = self.selection_box(ui, x, y, w);
        y = self.dice_row(ui, x, y, w);
        self.log_box(ui, x, y, w, r[1] + r[3] - 40.0);
        ui.text(
            "R rifleman · C trooper · O officer · G gunner · GUN, MG guns",
            x,
            r[1] + r[3] - 24.0,
            12,
            NOTE,
        );
        ui.text(
            "© OpenStreetMap contributors (ODbL)",
            x,
            r[1] + r[3] - 8.0,
            12,
            NOTE,
        );
        false
    }

    fn buttons(&mut self, ui: &mut Ui, x: f32, y: f32, w: f32) -> f32 {
        let gap = 6.0;
        let bw = (w - 2.0 * gap) / 3.0;
        let bh = 30.0;
        let col = |k: f32| x + k * (bw + gap);
        let me = self.human_actor();
        let own = self
            .selection
            .filter(|s| me.is_some() && self.selection_side(*s) == me);
        let moving = matches!(self.state.phase(), Phase::Move(_));
        let end = if moving { "End move" } else { "End fire" };
        if ui.button(end, [col(0.0), y, bw, bh], me.is_some()) {
            self.end_phase();
        }
        if ui.button("Hold", [col(1.0), y, bw, bh], own.is_some()) {
            if let Some(s) = own {
                self.hold(s);
            }
        }
        let team_label = match self.selection {
            Some(Selection::Team(_)) => "One figure",
            _ => "Whole team",
        };
        if ui.button(team_label, [col(2.0), y, bw, bh], self.selection.is_some()) {
            self.selection = match self.selection {
                Some(Selection::Team(t)) => self
                    .members(Selection::Team(t))
                    .first()
                    .map(|f| Selection::Figure(f.id())),
                Some(Selection::Figure(id)) => {
                    self.state.figure(id).map(|f| Selection::Team(f.team()))
                }
                None => None,
            };
        }
        let y = y + bh + gap;
        let charge = if self.charge {
            "Charge: on"
        } else {
            "Charge: off"
        };
        if ui.button(charge, [col(0.0), y, bw, bh], moving && own.is_some()) {
            self.charge = !self.charge;
        }
        if ui.button("Deselect", [col(1.0), y, bw, bh], self.selection.is_some()) {
            self.selection = None;
            self.message = None;
        }
        let fast = if self.fast {
            "Faster: on"
        } else {
            "Faster: off"
        };
        if ui.button(fast, [col(2.0), y, bw, bh], true) {
            self.fast = !self.fast;
        }
        let mut y = y + bh + gap;
        let bot = engine::actor(&self.state).filter(|s| !self.human[words::idx(*s)]);
        if bot.is_some() {
            let label = if self.human.contains(&true) {
                "Skip to your orders"
            } else {
                "Skip to the end"
            };
            if ui.button(label, [col(0.0), y, 2.0 * bw + gap, bh], true) {
                self.skip_ai();
            }
            y += bh + gap;
        }
        if let Some(side) = me {
            // A player who has seen enough hands his side to the bot for the rest of the battle.
            let label = format!("AI plays {} from here", self.names[words::idx(side)]);
            if ui.button(&label, [col(0.0), y, 2.0 * bw + gap, bh], true) {
                self.human[words::idx(side)] = false;
                self.selection = None;
                self.message = None;
            }
            y += bh + gap;
        }
        y + 2.0
    }

    fn hint(&self) -> String {
        let Some(side) = engine::actor(&self.state) else {
            return "Look the table over, then go back.".into();
        };
        if !self.human[words::idx(side)] {
            return "Click a figure to see its reach and range bands while the AI plays.".into();
        }
        match (self.state.phase(), self.selection) {
            (Phase::Move(_), None) => "Click one of your figures; click it again for its team. \
                                       Then click where it should go, or an enemy to close with him."
                .into(),
            (Phase::Move(_), Some(_)) => "Green: where it can go this move. Click there to move; \
                                          \"Charge\" first to charge an enemy."
                .into(),
            (Phase::Fire(_), None) => "Click a figure, then an enemy to fire; click a gun to aim it.".into(),
            (Phase::Fire(_), Some(_)) => "Hover an enemy for the odds; click him to fire.".into(),
            (Phase::Over, _) => String::new(),
        }
    }

    fn selection_box(&self, ui: &Ui, x: f32, mut y: f32, w: f32) -> f32 {
        let Some(sel) = self.selection else {
            return y;
        };
        let members = self.members(sel);
        let Some(first) = members.first() else {
            return y;
        };
        let side_c = self.colour(first.side());
        draw_rectangle(x, y, 4.0, 4.0, side_c);
        let top = y;
        y += 16.0;
        let head = match sel {
            Selection::Figure(_) => words::figure(&self.names, first),
            Selection::Team(t) => format!(
                "Team {} · {} · {} men",
                t.0,
                words::side_name(&self.names, first.side()),
                members.len()
            ),
        };
        ui.title(&head, x + 10.0, y, 15, super::on_paper(side_c));
        y += 18.0;
        let mut line = |s: &str, c: Color| {
            ui.text_fit(s, x + 10.0, y, 13, c, w - 10.0);
            y += 16.0;
        };
        line(
            &format!(
                "{}: {}",
                words::weapon(first.kit()),
                words::bands_line(first.kit())
            ),
            INK,
        );
        let pace = |f: Footing| inch(allowance(first.mount(), &f));
        let road = Footing {
            road: true,
            ..Footing::default()
        };
        let woods = Footing {
            woods: true,
            ..Footing::default()
        };
        let swamp = Footing {
            swamp: true,
            ..Footing::default()
        };
        line(
            &format!(
                "moves {} on roads · {} open · {} woods · {} swamp{}",
                pace(road),
                pace(Footing::default()),
                pace(woods),
                pace(swamp),
                if first.mount() == Mount::Horse {
                    " (horse)"
                } else {
                    ""
                }
            ),
            INK,
        );
        if let Selection::Figure(_) = sel {
            let mut status = Vec::new();
            if first.moved() {
                status.push("has moved");
            }
            if first.fired() {
                status.push("has fired");
            }
            if first.charging() {
                status.push("charged this turn");
            } else if first.charge_used() {
                status.push("has used his charge");
            }
            if self.state.pending_hits().contains(&first.id()) {
                status.push("hit: falls when both sides have fired");
            }
            if !status.is_empty() {
                line(&status.join(" · "), INK);
            }
        }
        if let Some(h) = self.state.gun(first.team()) {
            let ready = if h.ready(self.state.turn()) {
                "set up".to_string()
            } else {
                format!("setting up: fires from turn {}", h.ready_in())
            };
            let ammo = match h.kind() {
                HeavyKind::Fieldpiece => format!(
                    "fieldpiece: {} shells, {} canister · {ready}",
                    h.shells(),
                    h.canister()
                ),
                HeavyKind::Gatling => format!("Gatling: {} bursts · {ready}", h.bursts()),
            };
            line(&ammo, INK);
            if !matches!(sel, Selection::Team(_)) {
                line("click the gun (or \"Whole team\") to aim it", NOTE);
            }
        }
        if let Some(r) = &self.reach {
            if r.next_move && !r.cells.is_empty() {
                line("blue: where it could go in its next move", NOTE);
            }
        }
        draw_rectangle(x, top, 3.0, y - top - 8.0, side_c);
        y + 2.0
    }

    fn dice_row(&self, ui: &Ui, x: f32, y: f32, w: f32) -> f32 {
        if self.last_dice.is_empty() {
            return y;
        }
        ui.title("Dice", x, y + 14.0, 14, INK);
        let mut dx = x + 44.0;
        for d in &self.last_dice {
            if dx + 30.0 > x + w {
                break;
            }
            die(ui, d, dx, y, 24.0);
            ui.text(&d.caption, dx, y + 38.0, 11, NOTE);
            dx += 24.0 + (ui.width(&d.caption, 11) - 24.0).max(0.0) + 10.0;
        }
        y + 48.0
    }

    fn log_box(&mut self, ui: &mut Ui, x: f32, y: f32, w: f32, bottom: f32) {
        if bottom - y < 60.0 {
            return;
        }
        draw_line(x, y, x + w, y, 1.0, NOTE);
        ui.title("Log", x, y + 18.0, 14, INK);
        let bw = 70.0;
        let max_back = self.log.len().saturating_sub(1);
        if ui.button(
            "Older",
            [x + w - 2.0 * bw - 6.0, y + 4.0, bw, 22.0],
            self.log_back < max_back,
        ) {
            self.log_back = (self.log_back + 5).min(max_back);
        }
        if ui.button("Newer", [x + w - bw, y + 4.0, bw, 22.0], self.log_back > 0) {
            self.log_back = self.log_back.saturating_sub(5);
        }
        let line_h = 15.0;
        let mut yy = bottom - 6.0;
        let top = y + 32.0;
        let end = self.log.len() - self.log_back.min(self.log.len());
        for l in self.log[..end].iter().rev() {
            let lines = wrap(ui, &l.text, 12, w - 4.0);
            for (k, s) in lines.iter().enumerate().rev() {
                if yy < top + line_h {
                    return;
                }
                let indent = if k > 0 { 12.0 } else { 0.0 };
                if l.heading {
                    ui.title(s, x + indent, yy, 12, l.colour);
                } else {
                    ui.text(s, x + indent, yy, 12, l.colour);
                }
                yy -= line_h;
            }
        }
    }
}

/// A die face (or a total in a box), edged green or red by what it meant for the roller.
pub(super) fn die(ui: &Ui, d: &super::DieShown, x: f32, y: f32, s: f32) {
    let edge = match d.good {
        Some(true) => GOOD,
        Some(false) => BAD,
        None => INK,
    };
    draw_rectangle(x, y, s, s, WHITE);
    draw_rectangle_lines(x, y, s, s, 2.5, edge);
    if d.total || !(1..=6).contains(&d.value) {
        let t = d.value.to_string();
        let tw = ui.width(&t, 14);
        ui.title(&t, x + (s - tw) / 2.0, y + s * 0.5 + 5.0, 14, INK);
        return;
    }
    let q = s / 4.0;
    let pip = |i: f32, j: f32| draw_circle(x + q * i, y + q * j, s / 10.0, INK);
    let v = d.value;
    if v % 2 == 1 {
        pip(2.0, 2.0);
    }
    if v >= 2 {
        pip(1.0, 1.0);
        pip(3.0, 3.0);
    }
    if v >= 4 {
        pip(3.0, 1.0);
        pip(1.0, 3.0);
    }
    if v == 6 {
        pip(1.0, 2.0);
        pip(3.0, 2.0);
    }
}

/// Greedy word wrap to `width` pixels.
fn wrap(ui: &Ui, s: &str, size: u16, width: f32) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in s.split_whitespace() {
        let next = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && ui.width(&next, size) > width {
            out.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = next;
        }
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// Wrapped text of at most `max_lines` lines; returns the y below it.
#[allow(clippy::too_many_arguments)]
fn wrapped(
    ui: &Ui,
    s: &str,
    x: f32,
    mut y: f32,
    size: u16,
    w: f32,
    c: Color,
    max_lines: usize,
) -> f32 {
    let lines = wrap(ui, s, size, w);
    for l in lines.iter().take(max_lines) {
        y += f32::from(size) * 1.3;
        ui.text(l, x, y, size, c);
    }
    y + 4.0
}
