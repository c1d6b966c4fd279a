//! The table screen's right-hand panel, the same for every ruleset: whose command it is, the
//! buttons (the view's, then Deselect, Faster, Skip, AI plays), the latest refusal or a hint,
//! the view's part, the last dice and the log.

use macroquad::color::Color;
use macroquad::shapes::{draw_line, draw_rectangle};

use super::super::table as tdraw;
use super::super::widgets::{Ui, FADED, INK};
use super::desk::outcome_line;
use super::draw::{die, BAD};
use super::host::Host;
use super::view::{Grid, RulesetView};
use crate::tactical::ruleset::Side;

/// Ink for the faded parts of the panel.
const NOTE: Color = FADED;

impl<V: RulesetView> Host<V> {
    /// The right-hand panel; true when the result's button was clicked.
    pub(super) fn panel(&mut self, ui: &mut Ui, r: [f32; 4]) -> bool {
        let x = r[0] + 12.0;
        let w = r[2] - 24.0;
        let mut y = r[1] + 28.0;
        let place = format!("Battle at {}", self.desk.field.place_name);
        ui.title(&place, x, y, 21, INK);
        y += 20.0;
        ui.text(&V::header(&self.desk), x, y, 13, NOTE);
        y += 12.0;
        // Whose command it is, in that side's colour.
        let (fill, head, sub) = match (self.desk.actor(), self.desk.outcome()) {
            (Some(side), _) => {
                let sub = if self.desk.is_human(side) {
                    if self.desk.human == [true, true] {
                        "your orders (hot seat: both sides play at this screen)".to_string()
                    } else {
                        "your orders".to_string()
                    }
                } else {
                    format!(
                        "the AI gives its orders{}",
                        if self.desk.fast { " (faster)" } else { "" }
                    )
                };
                let head = format!("{} {}", self.desk.side_name(side), V::doing(&self.desk));
                (self.desk.colour(side), head, sub)
            }
            (None, Some(o)) => (
                Color::new(0.2, 0.2, 0.22, 1.0),
                "The battle is over".to_string(),
                outcome_line(&self.desk.names, o),
            ),
            (None, None) => (NOTE, String::new(), String::new()),
        };
        draw_rectangle(x, y, w, 46.0, fill);
        let ink = tdraw::ink_on(fill);
        ui.title(&head, x + 10.0, y + 20.0, 17, ink);
        if ui.text_fit(&sub, x + 10.0, y + 38.0, 13, ink, w - 20.0) {
            ui.tip_over([x, y + 24.0, w, 20.0], &sub);
        }
        y += 64.0;
        let standing = V::standing(&self.desk);
        // A line cut to the panel (a narrow window, a large UI scale) is whole under the pointer.
        if ui.text_fit(&standing, x, y, 13, INK, w) {
            ui.tip_over([x, y - 13.0, w, 17.0], &standing);
        }
        y += 14.0;
        if self.desk.outcome().is_some() {
            let label = self.done_label.clone();
            if ui.button(&label, [x, y, w, 34.0], true) {
                return true;
            }
            y += 44.0;
        } else {
            y = self.buttons(ui, x, y, w);
        }
        // The latest refusal or note, else what to do.
        let (msg, colour) = match &self.desk.message {
            Some((m, true)) => (m.clone(), BAD),
            Some((m, false)) => (m.clone(), INK),
            None => (self.view.hint(&self.desk), NOTE),
        };
        y = wrapped(ui, &msg, [x, y + 4.0, w], 14, colour, 3);
        y += 4.0;
        y = self.view.panel(&self.desk, ui, x, y, w);
        y = self.dice_row(ui, x, y, w);
        // The tokens' key on two lines when one is too narrow for it (a laptop's window): cut,
        // it lost what a pip or an edge means.
        let key = ui.wrap(V::key_line(), 12, w);
        let key_h = 14.0 * (key.len().clamp(1, 2) - 1) as f32;
        self.log_box(ui, x, y, w, r[1] + r[3] - 40.0 - key_h);
        let key_y = r[1] + r[3] - 24.0 - key_h;
        if let Some(first) = key.first().filter(|_| key.len() > 1) {
            ui.text(first, x, key_y, 12, NOTE);
        }
        // The last line holds the rest, cut only in a window narrower than any laptop's.
        let rest = key[key.len().min(2) - 1..].join(" ");
        if ui.text_fit(&rest, x, r[1] + r[3] - 24.0, 12, NOTE, w) {
            ui.tip_over([x, key_y - 13.0, w, 16.0 + key_h], V::key_line());
        }
        ui.text(
            "© OpenStreetMap contributors (ODbL)",
            x,
            r[1] + r[3] - 8.0,
            12,
            NOTE,
        );
        false
    }

    /// In hot seat, the side the device must go to before the table shows, and why.
    pub(super) fn pass_needed(&mut self) -> Option<(Side, String)> {
        if self.desk.human != [true, true] {
            return None;
        }
        let side = self.desk.human_actor()?;
        if self.seat == Some(side) {
            return None;
        }
        match V::pass_to(&self.desk, side) {
            Some(why) => Some((side, why)),
            None => {
                self.seat = Some(side);
                None
            }
        }
    }

    /// The pass screen: nothing of the battle shows until the player of `side` says he alone
    /// sees the screen.
    pub(super) fn pass_screen(&mut self, ui: &mut Ui, side: Side, why: &str) {
        macroquad::window::clear_background(Color::new(0.16, 0.18, 0.22, 1.0));
        let white = Color::new(1.0, 1.0, 1.0, 1.0);
        let [sw, sh] = ui.size();
        let mid = sh / 2.0;
        let title = format!("Pass the device to {}", self.desk.side_name(side));
        let tw = ui.width_bold(&title, 34);
        ui.title(&title, (sw - tw) / 2.0, mid - 80.0, 34, white);
        let hint = "Click Continue when only that player can see the screen.";
        ui.text(hint, (sw - ui.width(hint, 18)) / 2.0, mid - 34.0, 18, white);
        let w = ui.width(why, 18).min(sw - 40.0);
        ui.text_fit(why, (sw - w) / 2.0, mid - 6.0, 18, white, sw - 40.0);
        if ui.button(
            "Continue",
            [(sw - 160.0) / 2.0, mid + 30.0, 160.0, 44.0],
            true,
        ) {
            self.seat = Some(side);
            self.view.deselect();
            self.desk.clear_message();
        }
    }

    fn buttons(&mut self, ui: &mut Ui, x: f32, y: f32, w: f32) -> f32 {
        let mut grid = Grid::new(x, y, w);
        self.view.buttons(&mut self.desk, ui, &mut grid);
        if ui.button("Deselect", grid.cell(), self.view.picked()) {
            self.view.deselect();
            self.desk.clear_message();
        }
        let fast = if self.desk.fast {
            "Faster: on"
        } else {
            "Faster: off"
        };
        if ui.button(fast, grid.cell(), true) {
            self.desk.fast = !self.desk.fast;
        }
        let bot = self.desk.actor().filter(|s| !self.desk.is_human(*s));
        if bot.is_some() {
            let label = if self.desk.human.contains(&true) {
                "Skip to your orders"
            } else {
                "Skip to the end"
            };
            if ui.button(label, grid.wide(), true) {
                self.skip_ai();
            }
        }
        if let Some(side) = self.desk.human_actor() {
            // A player who has seen enough hands his side to the bot for the rest of the battle.
            let label = format!("AI plays {} from here", self.desk.names[side.index()]);
            if ui.button(&label, grid.wide(), true) {
                self.desk.human[side.index()] = false;
                self.view.deselect();
                self.desk.clear_message();
            }
        }
        self.turn_check();
        grid.bottom() + 2.0
    }

    /// The last command's dice, in rows under the heading; a handful too big for two rows
    /// says how many more it had.
    fn dice_row(&self, ui: &Ui, x: f32, y: f32, w: f32) -> f32 {
        let dice = &self.desk.last_dice;
        if dice.is_empty() {
            return y;
        }
        ui.title("Dice", x, y + 14.0, 14, INK);
        let (left, right) = (x + 44.0, x + w);
        let (mut dx, mut dy, mut rows) = (left, y, 1);
        for (k, d) in dice.iter().enumerate() {
            let cw = 24.0 + (ui.width(&d.caption, 11) - 24.0).max(0.0) + 10.0;
            if dx + cw > right + 10.0 {
                if rows == 2 {
                    let more = format!("+{} more", dice.len() - k);
                    ui.text(&more, dx.min(right - 50.0), dy + 16.0, 12, NOTE);
                    break;
                }
                rows += 1;
                dx = left;
                dy += 44.0;
            }
            die(ui, d, dx, dy, 24.0);
            ui.text(&d.caption, dx, dy + 38.0, 11, NOTE);
            dx += cw;
        }
        dy + 48.0
    }

    fn log_box(&mut self, ui: &mut Ui, x: f32, y: f32, w: f32, bottom: f32) {
        if bottom - y < 60.0 {
            return;
        }
        let log = &mut self.desk;
        draw_line(x, y, x + w, y, 1.0, NOTE);
        ui.title("Log", x, y + 18.0, 14, INK);
        let bw = 70.0;
        let max_back = log.log.len().saturating_sub(1);
        if ui.button(
            "Older",
            [x + w - 2.0 * bw - 6.0, y + 4.0, bw, 22.0],
            log.log_back < max_back,
        ) {
            log.log_back = (log.log_back + 5).min(max_back);
        }
        if ui.button("Newer", [x + w - bw, y + 4.0, bw, 22.0], log.log_back > 0) {
            log.log_back = log.log_back.saturating_sub(5);
        }
        let line_h = 15.0;
        let mut yy = bottom - 6.0;
        let top = y + 32.0;
        let end = log.log.len() - log.log_back.min(log.log.len());
        // Lines after a line's first are indented: wrapped to the room they are drawn in.
        let indent_w = 12.0;
        for l in log.log[..end].iter().rev() {
            let lines = ui.wrap_in(&l.text, 12, w - 4.0 - indent_w, l.heading);
            for (k, s) in lines.iter().enumerate().rev() {
                if yy < top + line_h {
                    return;
                }
                let indent = if k > 0 { indent_w } else { 0.0 };
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

/// Wrapped text of at most `max_lines` lines from `[x, y, width]`; returns the y below it.
pub fn wrapped(ui: &Ui, s: &str, at: [f32; 3], size: u16, c: Color, max_lines: usize) -> f32 {
    let [x, mut y, w] = at;
    for l in ui.wrap(s, size, w).iter().take(max_lines) {
        y += f32::from(size) * 1.3;
        ui.text(l, x, y, size, c);
    }
    y + 4.0
}
