//! Taking back a move, and asking before an action a player may regret: ending the main phase
//! or the turn with units that could still move, or attacking at bad odds.
//!
//! Undo restores the whole game as it was before the command (state, random stream and command
//! log together), so nothing is re-rolled and the log stays a replay of the game; the engine's
//! [`may_undo`](crate::rules::may_undo) says which commands revealed nothing and rolled nothing.

use std::collections::BTreeMap;

use macroquad::color::WHITE;
use macroquad::shapes::draw_rectangle;

use super::Play;
use crate::rules::{Attack, Command, Game, Phase, Target, UnitId};
use crate::ui::widgets::{count, Ui, INK};

/// A command that may be taken back: the game before it.
pub(super) struct UndoStep {
    /// The game before the command.
    pub(super) game: Game,
    /// The log's length before it.
    pub(super) lines: usize,
    /// The log's records before it.
    pub(super) records: usize,
    /// What it was, for the button.
    pub(super) what: String,
    /// The unit it moved, selected again after the undo.
    pub(super) unit: Option<UnitId>,
}

/// A question before an action.
pub(super) struct Ask {
    title: String,
    text: String,
    yes: String,
    then: Command,
}

/// "Scout 3 (Orange)'s move", for the Undo button.
pub(super) fn undo_what(cmd: &Command, names: &BTreeMap<UnitId, String>) -> String {
    match cmd {
        Command::Move(m) => format!(
            "{}'s move",
            names
                .get(&m.unit)
                .cloned()
                .unwrap_or_else(|| format!("unit {}", m.unit.0))
        ),
        Command::EndMain(_) => "ending the main phase".into(),
        _ => "the last action".into(),
    }
}

impl Play {
    /// The Undo button's label, when there is something to take back.
    pub(super) fn undo_label(&self) -> Option<String> {
        self.undo.last().map(|u| format!("Undo {}", u.what))
    }

    /// Take back the last command, if it may be.
    pub(super) fn take_back(&mut self) {
        let Some(step) = self.undo.pop() else {
            self.refuse(
                "Nothing to take back: only moves that revealed nothing and rolled nothing can be.",
            );
            return;
        };
        self.game = step.game;
        self.log.truncate(step.lines, step.records);
        self.legal_at = usize::MAX;
        self.aim = None;
        self.refresh_legal();
        match step.unit {
            Some(u) if self.game.state().unit(u).is_some() => self.select(u),
            _ => {
                self.selected = None;
                self.clear_reach();
            }
        }
        self.message = None;
        self.notice = Some((
            format!("Took back {}.", step.what),
            self.game.commands().len(),
        ));
    }

    /// Select the next unit (after the selected one, by number) the engine would still let
    /// move in the main phase, or attack in the attack phase, and bring it to the middle of
    /// the board: what Wesnoth's `n` does, so no unit is forgotten on a big map.
    pub(super) fn select_next_ready(&mut self) {
        let mut ready: Vec<UnitId> = self
            .legal
            .iter()
            .filter_map(|c| match c {
                Command::Move(m) => Some(m.unit),
                Command::Attack(a) => Some(a.unit),
                _ => None,
            })
            .collect();
        ready.sort();
        ready.dedup();
        let after = self.selected;
        let Some(next) = ready
            .iter()
            .copied()
            .find(|u| after.is_none_or(|a| *u > a))
            .or_else(|| ready.first().copied())
        else {
            self.refuse("No unit can act any more this phase.");
            return;
        };
        self.select(next);
        // Brought into view only when it is out of it: a unit in sight stays where the eye is.
        let [w, h] = [
            macroquad::window::screen_width(),
            macroquad::window::screen_height(),
        ];
        let s = self.settings.effective_scale([w, h]);
        let free = [
            0.0,
            super::HAND_H * s,
            w - super::PANEL_W * s,
            h - super::HAND_H * s,
        ];
        let seen = self
            .unit_point(next)
            .is_some_and(|p| crate::ui::widgets::inside(p, free));
        if let (false, Some(p)) = (seen, self.game.state().unit_pos(next)) {
            self.view.centre_on(p.to_m());
        }
    }

    /// Units of the current player the engine would still let move.
    fn idle_units(&self) -> Vec<UnitId> {
        let mut out: Vec<UnitId> = self
            .legal
            .iter()
            .filter_map(|c| match c {
                Command::Move(m) => Some(m.unit),
                _ => None,
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// End the main phase or the turn, asking first if units could still move or attack.
    pub(super) fn end(&mut self, cmd: Command) {
        let state = self.game.state();
        let phase = state.phase();
        // Units left unmoved are the mistake worth a question; after the main phase nothing can
        // move any more, and an attack not made is a choice.
        let idle = if phase == Phase::Main {
            self.idle_units()
        } else {
            Vec::new()
        };
        if !self.settings.confirm || idle.is_empty() {
            self.submit(cmd);
            return;
        }
        let names = super::hover::unit_names(state, &idle);
        let n = idle.len();
        let (verb, title) = match n {
            1 => ("has not moved", "A unit has not moved"),
            _ => ("have not moved", "Units have not moved"),
        };
        let what = match &cmd {
            Command::EndMain(_) => "End the main phase anyway?",
            _ => "End the turn anyway?",
        };
        self.ask = Some(Ask {
            title: title.into(),
            text: format!(
                "{} {verb}: {}. {what}",
                count(n, "unit", "units"),
                names.join(", ")
            ),
            yes: match &cmd {
                Command::EndMain(_) => "Yes, on to the attacks".into(),
                _ => "Yes, end the turn".into(),
            },
            then: cmd,
        });
    }

    /// Ask before an attack at bad odds.
    pub(super) fn ask_attack(&mut self, u: UnitId, t: Target, why: String) {
        self.ask = Some(Ask {
            title: "Attack at bad odds?".into(),
            text: why,
            yes: "Attack anyway".into(),
            then: Command::Attack(Attack::dice(u, t)),
        });
    }

    /// The question on screen, if one is; true while it is (it takes the frame's input).
    pub(super) fn ask_frame(&mut self, ui: &mut Ui) -> bool {
        let Some(ask) = &self.ask else { return false };
        let [sw, sh] = ui.size();
        let w = 520.0_f32.min(sw - 40.0);
        let lines = ui.wrap(&ask.text, 16, w - 40.0);
        let h = 130.0 + lines.len() as f32 * Ui::line_h(16);
        let (x, y) = ((sw - w) / 2.0, (sh - h) / 2.0);
        draw_rectangle(x, y, w, h, WHITE);
        ui.panel([x, y, w, h]);
        ui.title(&ask.title, x + 20.0, y + 36.0, 20, INK);
        let mut ly = y + 66.0;
        for l in &lines {
            ui.text(l, x + 20.0, ly, 16, INK);
            ly += Ui::line_h(16);
        }
        let by = y + h - 50.0;
        let yes = ui.button(&ask.yes.clone(), [x + 20.0, by, 230.0, 34.0], true);
        let no = ui.button("Go back", [x + w - 160.0, by, 140.0, 34.0], true);
        ui.swallow_click();
        if yes {
            let cmd = self.ask.take().map(|a| a.then);
            if let Some(cmd) = cmd {
                self.submit(cmd);
            }
        } else if no {
            self.ask = None;
        }
        true
    }
}
