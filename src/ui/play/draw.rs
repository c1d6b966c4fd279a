//! Drawing the game screen: pieces, reach, the hand, the draw and the hover verdicts.

use macroquad::color::{Color, BLACK, WHITE};
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};

use super::{Leave, Play, DRAW_SHOW_S, HAND_H, PANEL_W};
use crate::rules::{Card, CardId, MapPoint, PlayerId, Suit};
use crate::ui::text::{card_face, suit_symbol};
use crate::ui::widgets::{Ui, FADED, INK};

/// Dice on screen after a fight or a siege roll: two labelled rows and the verdict.
pub(super) struct DiceShown {
    /// Who rolled, and their dice.
    pub(super) rows: [(String, Vec<u8>); 2],
    /// What the roll decided.
    pub(super) verdict: String,
    /// Seconds left on screen.
    pub(super) left: f32,
}

impl Play {
    /// The die and the cards just drawn, over the map; true while shown (it takes the click).
    pub(super) fn draw_display(&mut self, ui: &mut Ui) -> bool {
        let Some((die, cards, left)) = &mut self.draw_shown else {
            return false;
        };
        *left -= ui.input.dt;
        let t = (1.0 - *left / DRAW_SHOW_S).clamp(0.0, 1.0);
        let [sw, sh] = ui.size();
        let pw = 160.0 + cards.len().max(3) as f32 * 50.0;
        let (cx, cy) = (((sw - PANEL_W - pw) / 2.0).max(10.0), (sh - 120.0) / 2.0);
        ui.panel([cx, cy, pw, 120.0]);
        draw_rectangle(cx + 20.0, cy + 25.0, 70.0, 70.0, WHITE);
        draw_rectangle_lines(cx + 20.0, cy + 25.0, 70.0, 70.0, 3.0, BLACK);
        // The die tumbles through faces for the first third, then shows the roll.
        let face = if t < 0.33 {
            1 + ((t * 60.0) as u8 % 6)
        } else {
            *die
        };
        ui.title(&face.to_string(), cx + 42.0, cy + 75.0, 40, INK);
        let n = ((t * 3.0).min(1.0) * cards.len() as f32).ceil() as usize;
        for (i, c) in cards.iter().take(n).enumerate() {
            let x = cx + 110.0 + i as f32 * 50.0;
            draw_rectangle(x, cy + 28.0, 46.0, 64.0, WHITE);
            draw_rectangle_lines(x, cy + 28.0, 46.0, 64.0, 1.0, BLACK);
            let (rank, sym, red) = card_face(*c);
            let ink = if red {
                Color::new(0.8, 0.0, 0.0, 1.0)
            } else {
                BLACK
            };
            ui.title(&rank, x + 5.0, cy + 50.0, 18, ink);
            ui.text(sym, x + 18.0, cy + 80.0, 26, ink);
        }
        if cards.is_empty() {
            ui.text("cards drawn", cx + 110.0, cy + 65.0, 18, INK);
        }
        ui.text("click to skip", cx + 110.0, cy + 112.0, 12, FADED);
        if *left <= 0.0 || ui.any_click() {
            self.draw_shown = None;
        }
        true
    }

    /// The dice of the last fight (attacker above defender) or siege roll; true while shown.
    pub(super) fn combat_display(&mut self, ui: &mut Ui) -> bool {
        let Some(shown) = &mut self.combat_shown else {
            return false;
        };
        shown.left -= ui.input.dt;
        let [sw, sh] = ui.size();
        let label_w = shown
            .rows
            .iter()
            .map(|(who, _)| ui.width(who, 16))
            .fold(80.0f32, f32::max);
        let w = (420.0 + label_w - 80.0)
            .max(ui.width(&shown.verdict, 15) + 30.0)
            .min(sw - 20.0);
        let (cx, cy) = (((sw - PANEL_W - w) / 2.0).max(10.0), (sh - 170.0) / 2.0);
        ui.panel([cx, cy, w, 170.0]);
        for (row, (who, dice)) in shown.rows.iter().enumerate() {
            let y = cy + 15.0 + row as f32 * 60.0;
            ui.text(who, cx + 15.0, y + 32.0, 16, INK);
            for (i, d) in dice.iter().enumerate() {
                let x = cx + 30.0 + label_w + i as f32 * 58.0;
                draw_rectangle(x, y, 50.0, 50.0, WHITE);
                draw_rectangle_lines(x, y, 50.0, 50.0, 3.0, BLACK);
                ui.title(&d.to_string(), x + 16.0, y + 37.0, 30, INK);
            }
        }
        ui.text_fit(&shown.verdict, cx + 15.0, cy + 150.0, 15, INK, w - 30.0);
        if shown.left <= 0.0 || ui.any_click() {
            self.combat_shown = None;
        }
        true
    }

    pub(super) fn pass_screen(&mut self, ui: &mut Ui, to: PlayerId) -> Option<Leave> {
        macroquad::window::clear_background(Color::new(0.16, 0.18, 0.22, 1.0));
        let name = self.game.state().player(to).name().to_string();
        let [sw, sh] = ui.size();
        let mid = sh / 2.0;
        let title = format!("Pass the device to {name}");
        let tw = ui.width_bold(&title, 40);
        ui.title(&title, (sw - tw) / 2.0, mid - 80.0, 40, WHITE);
        let hint = "The previous hand is hidden. Click when only that player can see the screen.";
        ui.text(hint, (sw - ui.width(hint, 18)) / 2.0, mid - 30.0, 18, WHITE);
        // Who offered what stays private; that an offer is waiting is no secret at the table.
        if let Some(crate::rules::Pending::Trade { from, with, .. }) =
            self.game.state().pending().first()
        {
            if *with == to {
                let why = format!(
                    "{} offers {name} a trade.",
                    self.game.state().player(*from).name()
                );
                ui.text(&why, (sw - ui.width(&why, 18)) / 2.0, mid - 2.0, 18, WHITE);
            }
        } else if let Some(why) = super::panel::decision_prompt(self.game.state()) {
            // A decision owed out of turn: say why the device comes to this player now.
            let why = format!("{name}: {why}");
            ui.text(&why, (sw - ui.width(&why, 18)) / 2.0, mid - 2.0, 18, WHITE);
        } else if let (Some(crate::rules::Command::RespondTrade(_)), Some(line)) =
            (self.game.commands().last(), self.log.lines.last())
        {
            // Back to the proposer: the answer ("Ben accepts Ana's trade") is theirs to hear.
            let line = &line.text;
            ui.text(line, (sw - ui.width(line, 18)) / 2.0, mid - 2.0, 18, WHITE);
        }
        if ui.button(
            "Continue",
            [(sw - 160.0) / 2.0, mid + 30.0, 160.0, 44.0],
            true,
        ) {
            self.revealed = Some(to);
            self.cards.clear();
            self.selected = None;
            self.selected_place = None;
            self.clear_reach();
            self.start_recap(ui, to);
        }
        None
    }

    pub(super) fn px(&self, p: MapPoint) -> [f32; 2] {
        self.view.view().to_screen(p.to_m())
    }

    pub(super) fn coin_px(&self, m: crate::map::Measure) -> f32 {
        (self.game.state().scale().ground_m(m.radius_mm()) * self.view.view().ppm).max(5.0) as f32
    }

    pub(super) fn hand(&mut self, ui: &mut Ui) {
        let state = self.game.state();
        let me = state.actor();
        let hand: Vec<CardId> = state.player(me).hand().to_vec();
        // The strip stops at the side panel; a big hand overlaps its cards like a fan.
        let avail = ui.size()[0] - PANEL_W;
        let pitch = ((avail - 16.0 - 300.0) / hand.len().max(1) as f32).clamp(24.0, 50.0);
        let w = (hand.len() as f32 * pitch + 300.0).clamp(360.0, avail);
        ui.panel([0.0, 0.0, w, HAND_H]);
        for (i, &c) in hand.iter().enumerate() {
            let r = [8.0 + i as f32 * pitch, 8.0, 46.0, 64.0];
            let sel = self.cards.contains(&c);
            let y = if sel { r[1] - 4.0 } else { r[1] };
            draw_rectangle(r[0], y, r[2], r[3], WHITE);
            draw_rectangle_lines(
                r[0],
                y,
                r[2],
                r[3],
                if sel { 3.0 } else { 1.0 },
                if sel {
                    Color::new(0.1, 0.3, 0.9, 1.0)
                } else {
                    BLACK
                },
            );
            let (rank, sym, red) = card_face(c);
            let ink = if red {
                Color::new(0.8, 0.0, 0.0, 1.0)
            } else {
                BLACK
            };
            if pitch < 44.0 {
                // Overlapped like a fan: rank and suit both on the visible strip, as printed
                // in a real card's corner.
                let size = if pitch < 28.0 && rank.len() > 1 {
                    13
                } else {
                    16
                };
                ui.title(&rank, r[0] + 3.0, y + 19.0, size, ink);
                ui.text(sym, r[0] + 4.0, y + 40.0, 18, ink);
                ui.tip_over([r[0], y, pitch.min(r[2]), r[3]], &card_name(c));
            } else {
                ui.title(&rank, r[0] + 5.0, y + 22.0, 18, ink);
                ui.text(sym, r[0] + 18.0, y + 52.0, 26, ink);
            }
            let name = format!("card {}", i + 1);
            // Overlapped cards are clicked on their visible strip.
            let hit = if i + 1 < hand.len() {
                [r[0], r[1], pitch.min(r[2]), r[3]]
            } else {
                r
            };
            if ui.hit(&name, hit) {
                if sel {
                    self.cards.retain(|x| *x != c);
                } else {
                    self.cards.push(c);
                }
            }
        }
        let tx = 8.0 + hand.len().saturating_sub(1) as f32 * pitch + 46.0 + 8.0;
        let ct = state.creation_total(me);
        ui.text(&format!("Creation Total {ct}"), tx, 22.0, 15, INK);
        let summary = selection_summary(&self.cards, ct);
        // Two lines at most beside the cards; the whole text is the tooltip.
        let lines = ui.wrap(&summary, 13, w - tx - 8.0);
        for (i, l) in lines.iter().take(3).enumerate() {
            ui.text_fit(l, tx, 42.0 + i as f32 * 17.0, 13, INK, w - tx - 8.0);
        }
        ui.tip_over([tx, 26.0, w - tx, HAND_H - 26.0], &summary);
    }
}

/// "7♣ (7 of Clubs)", for a card's tooltip.
fn card_name(c: CardId) -> String {
    let (r, s, _) = card_face(c);
    format!("{r}{s}: {}", Card::from_id(c))
}

/// What the selected cards are worth towards each purpose at Creation Total `ct`.
pub(super) fn selection_summary(cards: &[CardId], ct: u32) -> String {
    if cards.is_empty() {
        return "Click cards to choose what to pay with; otherwise each action pays with the cheapest set.".into();
    }
    let mut parts = Vec::new();
    for (suit, what) in [
        (Suit::Clubs, "unit"),
        (Suit::Spades, "settlement/fort"),
        (Suit::Hearts, "food"),
        (Suit::Diamonds, "attack die"),
    ] {
        let worth: Option<u32> = cards
            .iter()
            .map(|c| Card::from_id(*c).worth_towards(suit))
            .sum();
        if let Some(w) = worth {
            let (sym, _) = suit_symbol(suit);
            parts.push(if w >= ct {
                format!("{sym} {w}: pays for a {what}")
            } else {
                format!("{sym} {w}: {} short of a {what}", ct - w)
            });
        }
    }
    if parts.is_empty() {
        "These cards cannot be spent together.".into()
    } else {
        parts.join(" · ")
    }
}
