//! The game screen's side panel, laid out from the window's height: whose turn it is, every
//! player's standing, what the engine refuses and asks for, the actions (a list that scrolls,
//! refused ones disabled with the reason), the log (whole, scrollable), and, pinned to the
//! bottom so they are always there, Undo, End main phase / End turn, Save, Menu, Settings, Help
//! and the map's attribution.

use super::actions::{Action, Row};
use super::{Leave, Overlay, Play, Seat, PANEL_W};
use crate::rules::{check, Command, EndMain, EndTurn, Phase, PlayerId};
use crate::ui::widgets::{count, inside, Ui, FADED, INK, REFUSED};

/// Space round the panel's contents.
const PAD: f32 = 10.0;
/// A button's height in the list.
const BUTTON_H: f32 = 28.0;
/// One log line.
const LOG_LINE: f32 = 16.0;

impl Play {
    pub(super) fn panel(&mut self, ui: &mut Ui, human: bool, leave: &mut Option<Leave>) {
        let [sw, sh] = ui.size();
        let x = sw - PANEL_W;
        let w = PANEL_W - 2.0 * PAD;
        ui.panel([x, 0.0, PANEL_W, sh]);
        let mut y = self.standing(ui, x + PAD, w);
        if let Some(m) = self.message().map(str::to_string) {
            y = ui.paragraph_in(&m, x + PAD, y + 14.0, 14, w, REFUSED) - 4.0;
        } else if let Some(m) = self.notice().map(str::to_string) {
            // Plain ink: something the player asked for was done.
            y = ui.paragraph_in(&m, x + PAD, y + 14.0, 14, w, INK) - 4.0;
        }
        if human {
            if let Some(ask) = decision_prompt(self.game.state()) {
                y = ui.paragraph(&ask, x + PAD, y + 14.0, 14, w) - 4.0;
            }
        }
        let bottom = self.pinned(ui, x + PAD, w, sh, human, leave);
        // The actions take what they need, leaving the log at least three lines; the log gets
        // the rest.
        let room = bottom - y - 20.0;
        let rows = if human {
            self.action_rows()
        } else {
            Vec::new()
        };
        let need = rows.iter().map(|r| row_height(ui, r, w)).sum::<f32>() + self.trade_height();
        let min_log = 22.0 + 3.0 * LOG_LINE;
        let list_h = need.min(room - min_log - 14.0).max(60.0);
        let log_top = if human {
            y + 8.0 + list_h + 14.0
        } else {
            y + 60.0
        };
        let log_h = (bottom - 6.0 - log_top).max(min_log);
        if human {
            self.action_list(ui, rows, [x + PAD, y + 8.0, w, list_h]);
        } else {
            let pace = if self.fast { "fast" } else { "normal pace" };
            let who = self.game.state().player(self.game.state().actor()).name();
            ui.paragraph(
                &format!("{who} (AI) is playing, at {pace}: press F to change."),
                x + PAD,
                y + 22.0,
                14,
                w,
            );
        }
        self.log_area(ui, [x + PAD, log_top, w, log_h]);
    }

    /// Title, phase and the players' table; returns the y below.
    fn standing(&self, ui: &mut Ui, x: f32, w: f32) -> f32 {
        let state = self.game.state();
        let current = state.current_player();
        let actor = state.actor();
        let title = match state.phase() {
            Phase::Setup => "Setup: bases in turn order".to_string(),
            _ => format!(
                "Round {} · {}'s turn",
                self.log.round(),
                state.player(current).name()
            ),
        };
        ui.title(&ui.fit(&title, 17, w), x, 24.0, 17, INK);
        let phase = match state.phase() {
            Phase::Setup => format!("{} places a base", state.player(actor).name()),
            Phase::Draw => "Draw: roll the die, draw that many cards".into(),
            Phase::Main => "Main phase: cards, building, trading, moving".into(),
            Phase::Attack => "Attack phase: each unit may attack once".into(),
            Phase::Over => "The game is over".into(),
        };
        ui.text_fit(&phase, x, 42.0, 13, FADED, w);
        let mut y = 42.0;
        if actor != current && state.phase() != Phase::Setup {
            y += 17.0;
            ui.text_fit(
                &format!("Waiting for {} to decide", state.player(actor).name()),
                x,
                y,
                13,
                REFUSED,
                w,
            );
        }
        // The players as a table: every figure in its own column, the name cut to fit.
        let cols = ["pts", "CT", "food", "cards", "units"];
        let col_w = 38.0;
        let name_w = w - 18.0 - col_w * cols.len() as f32;
        y += 20.0;
        for (i, c) in cols.iter().enumerate() {
            let cx = x + 18.0 + name_w + col_w * (i + 1) as f32;
            ui.text(c, cx - ui.width(c, 12), y, 12, FADED);
        }
        for (i, p) in state.players().iter().enumerate() {
            y += 18.0;
            let id = PlayerId(i as u8);
            macroquad::shapes::draw_rectangle(
                x,
                y - 11.0,
                12.0,
                12.0,
                crate::ui::widgets::colour_of(p.colour()),
            );
            let name = format!(
                "{}{}{}",
                p.name(),
                match self.seats[i] {
                    Seat::Ai(level) => format!(" (AI, {level})"),
                    Seat::Human => String::new(),
                },
                if p.is_out() { " — out" } else { "" }
            );
            let ink = if p.is_out() { FADED } else { INK };
            let bold = id == current;
            let shown = ui.fit(p.name(), 14, name_w - 4.0);
            if bold {
                ui.title(&shown, x + 18.0, y, 14, ink);
            } else {
                ui.text(&shown, x + 18.0, y, 14, ink);
            }
            let figures = [
                state.points(id).0.to_string(),
                state.creation_total(id).to_string(),
                p.food().0.to_string(),
                p.hand().len().to_string(),
                state.units_of(id).len().to_string(),
            ];
            for (k, f) in figures.iter().enumerate() {
                let cx = x + 18.0 + name_w + col_w * (k + 1) as f32;
                ui.text(f, cx - ui.width(f, 14), y, 14, ink);
            }
            ui.tip_over(
                [x, y - 13.0, w, 17.0],
                &format!(
                    "{name}: {} · Creation Total {} · {} food · {} · {}",
                    count(
                        state.points(id).0 as usize,
                        "settlement point",
                        "settlement points"
                    ),
                    state.creation_total(id),
                    p.food().0,
                    count(p.hand().len(), "card", "cards"),
                    count(state.units_of(id).len(), "unit", "units")
                ),
            );
            // Who plays a seat gets a line of its own under the colour's name, so neither is cut.
            let tag = match (self.seats[i], p.is_out()) {
                (_, true) => Some("out of the game".to_string()),
                (Seat::Ai(level), false) => Some(format!("AI, {level}")),
                (Seat::Human, false) => None,
            };
            if let Some(tag) = tag {
                y += 12.0;
                ui.text(&ui.fit(&tag, 11, name_w - 4.0), x + 18.0, y, 11, FADED);
            }
        }
        for (sid, clock) in state.sieges() {
            let Some(t) = state.settlement(*sid) else {
                continue;
            };
            let active = state.active_players();
            let done = active
                .iter()
                .filter(|q| clock.turns_ended().contains(q))
                .count();
            let line = format!(
                "Siege of {} ({}): {done} of {} turns ended since round {}",
                t.name(),
                state.player(t.owner()).name(),
                active.len(),
                self.log.round_of(clock.since_turn())
            );
            y = ui.paragraph_in(&line, x, y + 18.0, 13, w, REFUSED) - 14.0;
        }
        y
    }

    /// The buttons pinned to the bottom; returns the y above them.
    fn pinned(
        &mut self,
        ui: &mut Ui,
        x: f32,
        w: f32,
        sh: f32,
        human: bool,
        leave: &mut Option<Leave>,
    ) -> f32 {
        ui.text_fit(&self.map.meta().attribution, x, sh - 8.0, 12, FADED, w);
        let row = sh - 52.0;
        // Save, Menu, Settings and Help share the row by the length of their labels.
        let shares = [0.21, 0.21, 0.30, 0.28];
        let gaps = 3.0 * 6.0;
        let b = |i: usize| {
            let before: f32 = shares[..i].iter().sum();
            [
                x + before * (w - gaps) + i as f32 * 6.0,
                row,
                shares[i] * (w - gaps),
                28.0,
            ]
        };
        if ui.button("Save", b(0), true) {
            self.open_save_dialog();
        }
        if ui.button("Menu", b(1), true) {
            *leave = Some(Leave::Menu);
        }
        if ui.button_tip(
            "Settings",
            b(2),
            true,
            Some("UI scale, AI trade offers, confirmations"),
        ) {
            self.overlay = Overlay::Settings;
        }
        if ui.button_tip(
            "Help (F1)",
            b(3),
            true,
            Some("The rules at a glance (F1 or ?)"),
        ) {
            self.overlay = Overlay::Help;
        }
        let mut y = row - 8.0;
        if !human {
            return y;
        }
        let state = self.game.state();
        let in_turn = matches!(state.phase(), Phase::Main | Phase::Attack | Phase::Draw)
            && state.pending().is_empty();
        if in_turn {
            y -= 32.0;
            let end_turn = Command::EndTurn(EndTurn);
            let turn_ok = check(state, &self.rules_board, &end_turn);
            if state.phase() == Phase::Main {
                let end_main = Command::EndMain(EndMain);
                let half = (w - 6.0) / 2.0;
                let tip = Some("End the main phase and go on to the attacks (E)");
                if ui.button_named(
                    "End main phase: attacks",
                    "End main phase",
                    [x, y, half, 32.0],
                    true,
                    tip,
                ) {
                    self.end(end_main);
                }
                if ui.button("End turn", [x + half + 6.0, y, half, 32.0], true) {
                    self.end(end_turn);
                }
            } else {
                let why = turn_ok.as_ref().err().map(|e| e.to_string());
                if ui.button_tip("End turn", [x, y, w, 32.0], why.is_none(), why.as_deref()) {
                    self.end(end_turn);
                }
            }
        }
        if let Some(label) = self.undo_label() {
            y -= 32.0;
            if ui.button_tip(
                &label,
                [x, y, w, 26.0],
                true,
                Some("Takes the move back (U)"),
            ) {
                self.take_back();
            }
        }
        y
    }

    /// The actions in `r`, scrolled by the wheel or the arrows when they do not fit.
    fn action_list(&mut self, ui: &mut Ui, rows: Vec<Row>, r: [f32; 4]) {
        let heights: Vec<f32> = rows.iter().map(|row| row_height(ui, row, r[2])).collect();
        let total: f32 = heights.iter().sum::<f32>() + self.trade_height();
        let max = (total - r[3]).max(0.0);
        if inside(ui.mouse(), r) && ui.input.wheel != 0.0 {
            self.actions_scroll -= ui.input.wheel * 40.0;
        }
        if max > 0.0 {
            let aw = 30.0;
            let up = [r[0] + r[2] - aw, r[1] - 2.0, aw, 20.0];
            if ui.button_named(
                "actions ▲",
                "▲",
                up,
                self.actions_scroll > 0.0,
                Some("More actions above (or the wheel)"),
            ) {
                self.actions_scroll -= r[3] * 0.6;
            }
            let down = [r[0] + r[2] - aw, r[1] + r[3] - 18.0, aw, 20.0];
            if ui.button_named(
                "actions ▼",
                "▼",
                down,
                self.actions_scroll < max,
                Some("More actions below (or the wheel)"),
            ) {
                self.actions_scroll += r[3] * 0.6;
            }
        }
        self.actions_scroll = self.actions_scroll.clamp(0.0, max);
        let inner_w = if max > 0.0 { r[2] - 36.0 } else { r[2] };
        let mut y = r[1] - self.actions_scroll;
        let mut chosen: Option<Command> = None;
        let mut pick: Option<crate::rules::UnitId> = None;
        for (row, h) in rows.iter().zip(&heights) {
            let shown = y >= r[1] - 1.0 && y + h <= r[1] + r[3] + 1.0;
            if shown {
                match row {
                    Row::Header(t) => {
                        ui.title(&ui.fit(t, 14, inner_w), r[0], y + 16.0, 14, INK);
                    }
                    Row::Note(t) => {
                        ui.paragraph_in(t, r[0], y + 13.0, 13, inner_w, FADED);
                    }
                    Row::Button(a) => {
                        if let Some(c) = draw_action(ui, a, [r[0], y, inner_w, BUTTON_H]) {
                            chosen = Some(c);
                        }
                    }
                    Row::Choice(lead, opts) => {
                        ui.text_fit(lead, r[0], y + 13.0, 13, INK, inner_w);
                        let n = opts.len().max(1) as f32;
                        let bw = (inner_w - (n - 1.0) * 6.0) / n;
                        let mut reasons: Vec<&str> = Vec::new();
                        for (i, (short, a)) in opts.iter().enumerate() {
                            let b = [r[0] + i as f32 * (bw + 6.0), y + 18.0, bw, BUTTON_H];
                            if let Some(sel) = a.label.strip_prefix("Select ") {
                                // The stack picker: the selected unit's button is pressed in.
                                let on = a.why.is_some();
                                if on {
                                    macroquad::shapes::draw_rectangle_lines(
                                        b[0] - 2.0,
                                        b[1] - 2.0,
                                        b[2] + 4.0,
                                        b[3] + 4.0,
                                        2.5,
                                        INK,
                                    );
                                }
                                if named_button(ui, &a.label, short, b, true, Some(sel)) {
                                    pick = stack_pick(&self.game, sel);
                                }
                                continue;
                            }
                            let enabled = a.cmd.is_some();
                            if named_button(ui, &a.label, short, b, enabled, a.why.as_deref()) {
                                chosen = a.cmd.clone();
                            }
                            if let Some(w) = &a.why {
                                if !reasons.contains(&w.as_str()) {
                                    reasons.push(w);
                                }
                            }
                        }
                        if let Some(first) = reasons.first() {
                            ui.text_fit(
                                first,
                                r[0],
                                y + 18.0 + BUTTON_H + 13.0,
                                12,
                                REFUSED,
                                inner_w,
                            );
                        }
                    }
                }
            }
            y += h;
        }
        if y >= r[1] - 1.0 && y + self.trade_height() <= r[1] + r[3] + 1.0 {
            self.trade_button(ui, r[0], y, inner_w);
        }
        if let Some(u) = pick {
            self.select(u);
        }
        if let Some(cmd) = chosen {
            // An attack button asks how to decide the fight, like a click on the map.
            match &cmd {
                Command::Attack(a) if a.battle.is_none() => self.attack(a.unit, a.target),
                _ => self.submit(cmd),
            }
        }
    }

    /// The log's newest lines in `r`, scrolled back by the wheel or the arrows; a line that
    /// happened somewhere shows it on the map when clicked.
    fn log_area(&mut self, ui: &mut Ui, r: [f32; 4]) {
        ui.title("Log", r[0], r[1] + 14.0, 13, INK);
        let fits = ((r[3] - 22.0) / LOG_LINE).floor().max(1.0) as usize;
        let n = self.log.lines.len();
        let max = n.saturating_sub(fits);
        if inside(ui.mouse(), r) && ui.input.wheel != 0.0 {
            let d = (ui.input.wheel * 3.0).round() as i64;
            self.log.scroll = (self.log.scroll as i64 + d).clamp(0, max as i64) as usize;
        }
        let aw = 30.0;
        let up = [r[0] + r[2] - 2.0 * aw - 4.0, r[1], aw, 18.0];
        if ui.button_named(
            "log ▲",
            "▲",
            up,
            self.log.scroll < max,
            Some("Earlier lines (or the wheel)"),
        ) {
            self.log.scroll = (self.log.scroll + fits).min(max);
        }
        let down = [r[0] + r[2] - aw, r[1], aw, 18.0];
        if ui.button_named("log ▼", "▼", down, self.log.scroll > 0, Some("Later lines")) {
            self.log.scroll = self.log.scroll.saturating_sub(fits);
        }
        self.log.scroll = self.log.scroll.min(max);
        if self.log.scroll > 0 {
            let back = format!("{} lines back", self.log.scroll);
            ui.text(&back, r[0] + 40.0, r[1] + 14.0, 12, FADED);
        }
        let end = n - self.log.scroll;
        let start = end.saturating_sub(fits);
        let mut ly = r[1] + 22.0;
        let mut look = None;
        for line in &self.log.lines[start..end] {
            let lr = [r[0], ly, r[2], LOG_LINE];
            let cut = ui.text_fit(&line.text, r[0], ly + 12.0, 13, INK, r[2]);
            if let Some(at) = line.at {
                if ui.hit(&format!("log {}", line.text), lr) {
                    look = Some(at);
                }
            }
            if cut || line.at.is_some() {
                let hint = if line.at.is_some() {
                    format!("{}\n(click to see where)", line.text)
                } else {
                    line.text.clone()
                };
                ui.tip_over(lr, &hint);
            }
            ly += LOG_LINE;
        }
        if let Some(at) = look {
            self.view.centre_on(at);
        }
    }

    /// The winner and every player's final standing, once the game is won.
    pub(super) fn victory_summary(&self) -> Option<String> {
        let s = self.game.state();
        let w = s.winner()?;
        let mut lines = vec![format!(
            "{} wins in round {}.",
            s.player(w).name(),
            self.log.round()
        )];
        for (i, p) in s.players().iter().enumerate() {
            let id = PlayerId(i as u8);
            lines.push(format!(
                "{}: {}, {}, {}{}",
                p.name(),
                count(
                    s.points(id).0 as usize,
                    "settlement point",
                    "settlement points"
                ),
                count(s.units_of(id).len(), "unit", "units"),
                count(p.hand().len(), "card", "cards"),
                if p.is_out() { " — out" } else { "" }
            ));
        }
        Some(lines.join("\n"))
    }
}

/// The unit a stack picker's "Guard 4" names.
fn stack_pick(game: &crate::rules::Game, sel: &str) -> Option<crate::rules::UnitId> {
    let id: u32 = sel.rsplit(' ').next()?.parse().ok()?;
    let u = crate::rules::UnitId(id);
    game.state().unit(u).map(|_| u)
}

/// A button registered under `name` for scripts, showing `short`, with the name (and the
/// reason it is refused) as its tooltip.
fn named_button(
    ui: &mut Ui,
    name: &str,
    short: &str,
    r: [f32; 4],
    on: bool,
    tip: Option<&str>,
) -> bool {
    let tip = match tip {
        Some(t) => format!("{name}\n{t}"),
        None => name.to_string(),
    };
    ui.button_named(name, short, r, on, Some(&tip))
}

/// A row's button, with the reason under it when it is refused; the command if clicked.
fn draw_action(ui: &mut Ui, a: &Action, r: [f32; 4]) -> Option<Command> {
    let fired = ui.button_tip(&a.label, r, a.cmd.is_some(), a.why.as_deref());
    if let Some(why) = &a.why {
        ui.text_fit(why, r[0] + 4.0, r[1] + r[3] + 13.0, 12, REFUSED, r[2] - 4.0);
    }
    fired.then(|| a.cmd.clone()).flatten()
}

/// Height of a row in the list.
fn row_height(ui: &Ui, row: &Row, w: f32) -> f32 {
    match row {
        Row::Header(_) => 24.0,
        Row::Note(t) => ui.wrap(t, 13, w).len() as f32 * Ui::line_h(13) + 4.0,
        Row::Button(a) => BUTTON_H + 4.0 + if a.why.is_some() { 16.0 } else { 0.0 },
        Row::Choice(_, opts) => {
            let refused = opts
                .iter()
                .any(|(_, a)| a.why.is_some() && !a.label.starts_with("Select "));
            18.0 + BUTTON_H + 4.0 + if refused { 16.0 } else { 0.0 }
        }
    }
}

/// What the decision the game waits for is about, for the player who owes it.
pub(super) fn decision_prompt(state: &crate::rules::State) -> Option<String> {
    use crate::rules::Pending;
    use crate::ui::text::{target_name, unit_name};
    Some(match state.pending().first()? {
        Pending::Defender { attacker, .. } => format!(
            "{} attacks. Your units there are equally strong: choose which one defends.",
            unit_name(state, *attacker)
        ),
        Pending::SiegeCasualty { settlement, .. } => format!(
            "The siege of {} takes a unit: you won the die, so you choose which one is lost.",
            target_name(state, crate::rules::Target::Settlement(*settlement))
        ),
        Pending::NewBase { .. } => {
            "You lost your base: choose which of your settlements (ringed in yellow) is the new one."
                .into()
        }
        _ => return None,
    })
}
