//! The Save dialog: a name for the save (a new name is a new file, so saving game B never
//! replaces game A), the saves already in the folder, and a question before one is overwritten.

use macroquad::color::{Color, BLACK, WHITE};
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};

use super::super::Play;
use crate::save::library::{self, named_path, Listed};
use crate::ui::screens::describe_save;
use crate::ui::widgets::{Ui, FADED, INK};

/// Longest name a player may type.
const MAX_NAME: usize = 48;
/// Existing saves shown in the dialog.
const SHOWN: usize = 8;
/// Behind selected text.
const SELECTED: Color = Color::new(0.70, 0.80, 0.97, 1.0);

/// The open Save dialog.
pub struct Dialog {
    name: String,
    /// The whole name is selected: the next key typed replaces it.
    fresh: bool,
    /// Named saves already in the folder, newest first (read once, when the dialog opened).
    existing: Vec<Listed>,
    /// Asking whether to overwrite this save (its index in `existing`).
    overwrite: Option<usize>,
}

impl Dialog {
    /// The dialog for a game last saved as `name` (or a name made from the map and the turn).
    pub fn open(dir: &std::path::Path, name: Option<&str>, default: String) -> Dialog {
        let existing = library::list(dir)
            .into_iter()
            .filter(|l| !l.is_autosave() && l.instead_of_newest.is_none())
            .collect();
        Dialog {
            name: name.map_or(default, str::to_string),
            fresh: true,
            existing,
            overwrite: None,
        }
    }

    /// Apply the characters typed this frame; true when Enter was pressed, `None` on Escape.
    fn type_chars(&mut self, chars: &[char]) -> Option<bool> {
        let mut enter = false;
        for &c in chars {
            match c {
                '\u{1b}' => return None,
                '\n' | '\r' => enter = true,
                '\u{8}' if self.fresh => self.name.clear(),
                '\u{8}' => {
                    self.name.pop();
                }
                c if !c.is_control() => {
                    if self.fresh {
                        self.name.clear();
                    }
                    if self.name.chars().count() < MAX_NAME {
                        self.name.push(c);
                    }
                }
                _ => continue,
            }
            self.fresh = false;
        }
        Some(enter)
    }
}

impl Play {
    /// Open the Save dialog (the Save button).
    pub(in crate::ui::play) fn open_save_dialog(&mut self) {
        let state = self.game.state();
        let default = format!("{} turn {}", self.map.meta().name, state.turn());
        self.slot.dialog = Some(Dialog::open(
            &self.slot.dir,
            self.slot.name.as_deref(),
            default,
        ));
    }

    /// The Save dialog over the board, while it is open; true while it is.
    pub(in crate::ui::play) fn save_dialog_frame(&mut self, ui: &mut Ui) -> bool {
        let Some(mut d) = self.slot.dialog.take() else {
            return false;
        };
        let [sw, sh] = ui.size();
        let w = 680.0_f32.min(sw - 20.0);
        let rows = d.existing.len().min(SHOWN);
        let h = if d.overwrite.is_some() {
            230.0
        } else {
            200.0 + 30.0 * rows as f32 + if rows > 0 { 30.0 } else { 0.0 }
        };
        let (x, y0) = ((sw - w) / 2.0, ((sh - h) / 2.0).max(0.0));
        draw_rectangle(x, y0, w, h, WHITE);
        ui.panel([x, y0, w, h]);
        ui.title("Save game", x + 20.0, y0 + 34.0, 22, INK);
        let mut keep_open = true;
        if let Some(i) = d.overwrite {
            keep_open = self.overwrite_question(ui, &mut d, i, [x, y0, w, h]);
            if keep_open {
                self.slot.dialog = Some(d);
            }
            return true;
        }
        ui.text("Name", x + 20.0, y0 + 72.0, 16, INK);
        let field = [x + 80.0, y0 + 50.0, w - 100.0, 34.0];
        match d.type_chars(&ui.input.chars) {
            None => keep_open = false,
            Some(true) => keep_open = !self.save_named(&mut d),
            Some(false) => {}
        }
        draw_rectangle(field[0], field[1], field[2], field[3], WHITE);
        draw_rectangle_lines(field[0], field[1], field[2], field[3], 2.0, BLACK);
        if d.fresh {
            let tw = ui.width(&d.name, 17);
            draw_rectangle(field[0] + 6.0, field[1] + 7.0, tw + 4.0, 21.0, SELECTED);
        }
        ui.text_fit(
            &d.name,
            field[0] + 8.0,
            field[1] + 23.0,
            17,
            INK,
            field[2] - 16.0,
        );
        if !d.fresh {
            let cx = field[0] + 9.0 + ui.width(&d.name, 17).min(field[2] - 18.0);
            draw_rectangle(cx, field[1] + 8.0, 1.5, 20.0, INK);
        }
        let path = named_path(&self.slot.dir, &d.name);
        ui.text_fit(
            &format!("Saved as {}", path.display()),
            x + 80.0,
            y0 + 104.0,
            13,
            FADED,
            w - 100.0,
        );
        let mut y = y0 + 124.0;
        if rows > 0 {
            ui.text(
                "Saves in this folder (click one to save over it):",
                x + 20.0,
                y + 16.0,
                14,
                FADED,
            );
            y += 26.0;
            for i in 0..rows {
                let l = &d.existing[i];
                let label = l.title.clone();
                let details = l
                    .save
                    .as_ref()
                    .map(|s| format!("{} · {} UTC", describe_save(s), l.when))
                    .unwrap_or_default();
                if ui.button(&label, [x + 20.0, y, 200.0, 26.0], true) {
                    d.name = label;
                    d.fresh = false;
                    d.overwrite = Some(i);
                }
                ui.text_fit(&details, x + 230.0, y + 18.0, 13, INK, w - 250.0);
                y += 30.0;
            }
        }
        let by = y0 + h - 52.0;
        if ui.button(
            "Save",
            [x + w - 260.0, by, 110.0, 34.0],
            !d.name.trim().is_empty(),
        ) {
            keep_open = !self.save_named(&mut d);
        }
        if ui.button("Cancel", [x + w - 140.0, by, 110.0, 34.0], true) {
            keep_open = false;
        }
        // The dialog is modal: a click elsewhere does nothing.
        ui.any_click();
        if keep_open {
            self.slot.dialog = Some(d);
        }
        true
    }

    /// Save under the dialog's name, unless a save of that name exists: then ask first. True
    /// when the dialog is done.
    fn save_named(&mut self, d: &mut Dialog) -> bool {
        let name = d.name.trim().to_string();
        if name.is_empty() {
            return false;
        }
        let path = named_path(&self.slot.dir, &name);
        if path.exists() {
            let at = d.existing.iter().position(|l| l.path == path);
            d.overwrite = Some(at.unwrap_or(usize::MAX));
            return false;
        }
        self.write_named(&name)
    }

    fn write_named(&mut self, name: &str) -> bool {
        let path = named_path(&self.slot.dir, name);
        let saved = self.saved(Some(name.to_string()));
        match crate::save::write(&path, &saved) {
            Ok(()) => {
                self.slot.name = Some(name.to_string());
                self.log
                    .note(format!("Saved as “{name}” ({})", path.display()));
                true
            }
            Err(e) => {
                self.log.note(format!("Save failed: {e}"));
                self.refuse(format!("Save failed: {e}"));
                true
            }
        }
    }

    /// "Overwrite it?" for the save at `existing[i]` (or, when `i` is out of range, a file of
    /// that name the dialog did not list). True while the dialog stays open.
    fn overwrite_question(&mut self, ui: &mut Ui, d: &mut Dialog, i: usize, r: [f32; 4]) -> bool {
        let [x, y0, w, h] = r;
        let name = d.name.trim().to_string();
        let what = match d.existing.get(i).map(|l| &l.save) {
            Some(Ok(s)) => {
                let other = if s.game_id() == &self.slot.game_id {
                    "an earlier save of this game"
                } else {
                    "a different game"
                };
                let when = d.existing.get(i).map_or("", |l| l.when.as_str());
                format!("{}, saved {when} UTC — {other}", describe_save(s))
            }
            Some(Err(e)) => format!("it cannot be read: {e}"),
            None => "a file this game did not write".into(),
        };
        let y = ui.paragraph(
            &format!("A save named “{name}” already exists: {what}."),
            x + 20.0,
            y0 + 74.0,
            16,
            w - 40.0,
        );
        ui.paragraph(
            "Overwrite it with this game? The save it replaces is kept as its .prev file.",
            x + 20.0,
            y + 6.0,
            16,
            w - 40.0,
        );
        let by = y0 + h - 52.0;
        let mut open = true;
        if ui.button("Overwrite", [x + w - 300.0, by, 130.0, 34.0], true) {
            open = !self.write_named(&name);
        }
        if ui.button("Keep it", [x + w - 160.0, by, 130.0, 34.0], true) {
            d.overwrite = None;
            d.fresh = true;
        }
        for c in &ui.input.chars {
            if *c == '\u{1b}' {
                d.overwrite = None;
            }
        }
        ui.any_click();
        open
    }
}

impl Play {
    /// While the Save dialog is open, the board stands still behind it (the AI waits too) and
    /// the dialog takes every click and key. True while it is open.
    pub(in crate::ui::play) fn save_dialog_over_board(&mut self, ui: &mut Ui, human: bool) -> bool {
        if self.slot.dialog.is_none() {
            return false;
        }
        self.draw_board(ui, human);
        self.save_dialog_frame(ui)
    }
}
