//! The game screen's side panel: every player's standing, the actions the engine allows the
//! player at the screen, Save and Menu, the attribution and the event log; and the summary the
//! victory screen shows.

use super::{Leave, Play, Seat, PANEL_W};
use crate::rules::{Card, Command, Phase, PlayerId, Suit};
use crate::ui::text::command_label;
use crate::ui::widgets::{colour_of, Ui, FADED, INK};

impl Play {
    pub(super) fn panel(&mut self, ui: &mut Ui, human: bool, leave: &mut Option<Leave>) {
        let sw = macroquad::window::screen_width();
        let x = sw - PANEL_W;
        ui.panel([x, 0.0, PANEL_W, macroquad::window::screen_height()]);
        let state = self.game.state();
        let actor = state.actor();
        ui.title(
            &format!(
                "Turn {} · {} · {:?}",
                state.turn(),
                state.player(actor).name(),
                state.phase()
            ),
            x + 10.0,
            24.0,
            18,
            INK,
        );
        let mut y = 48.0;
        for (i, p) in state.players().iter().enumerate() {
            let id = PlayerId(i as u8);
            macroquad::shapes::draw_rectangle(
                x + 10.0,
                y - 12.0,
                14.0,
                14.0,
                colour_of(p.colour()),
            );
            let line = format!(
                "{}{}: {} pts · CT {} · food {} · {} cards · {} units",
                p.name(),
                match self.seats[i] {
                    Seat::Ai(level) => format!(" (AI, {level})"),
                    Seat::Human => String::new(),
                },
                state.points(id).0,
                state.creation_total(id),
                p.food().0,
                p.hand().len(),
                state.units_of(id).len()
            );
            ui.text_fit(
                &line,
                x + 30.0,
                y,
                14,
                if p.is_out() { FADED } else { INK },
                PANEL_W - 36.0,
            );
            y += 20.0;
        }
        for (id, clock) in state.sieges() {
            let Some(t) = state.settlement(*id) else {
                continue;
            };
            let active = state.active_players();
            let done = active
                .iter()
                .filter(|q| clock.turns_ended().contains(q))
                .count();
            let line = format!(
                "Siege of {} ({}): {done} of {} turns ended since turn {}",
                t.name(),
                state.player(t.owner()).name(),
                active.len(),
                clock.since_turn()
            );
            ui.text_fit(
                &line,
                x + 10.0,
                y,
                14,
                macroquad::color::Color::new(0.7, 0.0, 0.0, 1.0),
                PANEL_W - 20.0,
            );
            y += 20.0;
        }
        y += 6.0;
        if let Some(m) = &self.message {
            y = ui.paragraph(
                &format!("Refused: {m}"),
                x + 10.0,
                y + 10.0,
                15,
                PANEL_W - 20.0,
            );
        }
        if human {
            if let Some(ask) = decision_prompt(state) {
                y = ui.paragraph(&ask, x + 10.0, y + 10.0, 15, PANEL_W - 20.0) + 6.0;
            }
            let mut shown: Vec<String> = Vec::new();
            let mut chosen = None;
            // With a unit selected, its own commands come first and other units' dice are left
            // out: fourteen buttons cannot offer a die for every unit.
            let sel = self.selected;
            let about_selected = |c: &Command| match c {
                Command::BuyAttackDie(b) => Some(b.unit) == sel,
                Command::Attack(a) => Some(a.unit) == sel,
                Command::BuildSettlement(b) => Some(b.unit) == sel,
                _ => false,
            };
            let mut legal: Vec<Command> = self
                .legal
                .iter()
                .filter(|c| {
                    sel.is_none() || !matches!(c, Command::BuyAttackDie(_)) || about_selected(c)
                })
                .cloned()
                .collect();
            legal.sort_by_key(|c| !about_selected(c));
            for cmd in legal {
                let Some(cmd) = self.with_selection(cmd) else {
                    continue;
                };
                let Some(label) = command_label(state, &cmd) else {
                    continue;
                };
                if shown.contains(&label) || shown.len() >= 14 {
                    continue;
                }
                shown.push(label.clone());
                if ui.button(&label, [x + 10.0, y, PANEL_W - 20.0, 26.0], true) {
                    chosen = Some(cmd);
                }
                y += 30.0;
            }
            y = self.trade_button(ui, x + 10.0, y, PANEL_W - 20.0);
            let state = self.game.state();
            if state.phase() == Phase::Setup {
                ui.text(
                    "Click a green ring on the map to place your base.",
                    x + 10.0,
                    y + 14.0,
                    14,
                    INK,
                );
                y += 24.0;
            } else if state.phase() == Phase::Main && state.pending().is_empty() {
                ui.text(
                    "Click one of your units, then a point to move.",
                    x + 10.0,
                    y + 14.0,
                    14,
                    INK,
                );
                y += 24.0;
                if self
                    .reach
                    .as_ref()
                    .is_some_and(|r| r.stretches.iter().any(|s| s.double_move))
                {
                    y = ui.paragraph(
                        "On the motorway: blue is one move, purple only a double move along the motorway.",
                        x + 10.0,
                        y + 4.0,
                        14,
                        PANEL_W - 20.0,
                    );
                }
            }
            if let Some(cmd) = chosen {
                // An attack button asks how to decide the fight, like a click on the map.
                let ask = match &cmd {
                    Command::Attack(a) if a.battle.is_none() => {
                        self.open_battle_choice(a.unit, a.target)
                    }
                    _ => false,
                };
                if !ask {
                    self.submit(cmd);
                }
            }
        } else {
            ui.text(
                &format!(
                    "The AI is playing ({} — press F).",
                    if self.fast { "fast" } else { "normal pace" }
                ),
                x + 10.0,
                y + 14.0,
                14,
                INK,
            );
            y += 24.0;
        }
        let bottom = macroquad::window::screen_height();
        if ui.button("Save", [x + 10.0, bottom - 40.0, 100.0, 30.0], true) {
            self.open_save_dialog();
        }
        if ui.button("Menu", [x + 120.0, bottom - 40.0, 100.0, 30.0], true) {
            *leave = Some(Leave::Menu);
        }
        // The board's own attribution sits under this panel; the panel carries it instead.
        ui.text_fit(
            &self.map.meta().attribution,
            x + 10.0,
            bottom - 50.0,
            12,
            FADED,
            PANEL_W - 20.0,
        );
        let lines = ((bottom - 76.0 - y - 20.0) / 17.0).max(0.0) as usize;
        let mut ly = bottom - 72.0 - lines.min(self.log.len()) as f32 * 17.0;
        for l in self.log.iter().rev().take(lines).rev() {
            ui.text_fit(l, x + 10.0, ly + 13.0, 13, INK, PANEL_W - 20.0);
            ly += 17.0;
        }
    }

    /// The command with the player's selected cards instead of the engine's cheapest set, or
    /// `None` when the selection cannot pay for that purpose at all (wrong suit).
    pub(super) fn with_selection(&self, cmd: Command) -> Option<Command> {
        if self.cards.is_empty() {
            return Some(cmd);
        }
        let sel = self.cards.clone();
        let fits = |suit: Suit| {
            sel.iter()
                .all(|c| Card::from_id(*c).worth_towards(suit).is_some())
        };
        Some(match cmd {
            Command::RaiseUnit(mut c) if fits(Suit::Clubs) => {
                c.cards = sel;
                Command::RaiseUnit(c)
            }
            Command::BuildSettlement(mut c) if fits(Suit::Spades) => {
                c.cards = sel;
                Command::BuildSettlement(c)
            }
            Command::Fortify(mut c) if fits(Suit::Spades) => {
                c.cards = sel;
                Command::Fortify(c)
            }
            Command::GrowFood(mut c) if fits(Suit::Hearts) => {
                c.cards = sel;
                Command::GrowFood(c)
            }
            Command::BuyAttackDie(mut c) if fits(Suit::Diamonds) => {
                c.cards = sel;
                Command::BuyAttackDie(c)
            }
            Command::RaiseUnit(_)
            | Command::BuildSettlement(_)
            | Command::Fortify(_)
            | Command::GrowFood(_)
            | Command::BuyAttackDie(_) => return None,
            other => other,
        })
    }

    /// The winner and every player's final standing, once the game is won.
    pub(super) fn victory_summary(&self) -> Option<String> {
        let s = self.game.state();
        let w = s.winner()?;
        let mut lines = vec![format!("{} wins on turn {}.", s.player(w).name(), s.turn())];
        for (i, p) in s.players().iter().enumerate() {
            let id = PlayerId(i as u8);
            lines.push(format!(
                "{}: {} settlement points, {} units, {} cards{}",
                p.name(),
                s.points(id).0,
                s.units_of(id).len(),
                p.hand().len(),
                if p.is_out() { " — out" } else { "" }
            ));
        }
        Some(lines.join("\n"))
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
