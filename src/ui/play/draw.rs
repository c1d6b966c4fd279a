//! Drawing the game screen: pieces, reach, the hand, the draw and the hover verdicts.

use macroquad::color::{Color, BLACK, WHITE};
use macroquad::shapes::{
    draw_circle, draw_circle_lines, draw_line, draw_rectangle, draw_rectangle_lines,
};

use super::{Leave, Play, Seat, DRAW_SHOW_S, HAND_H, PANEL_W};
use crate::rules::{Card, CardId, Command, Location, MapPoint, Phase, PlayerId, Suit};
use crate::ui::text::{card_face, suit_symbol};
use crate::ui::widgets::{colour_of, Ui, FADED, INK};

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
        let (cx, cy) = (300.0, 300.0);
        ui.panel([cx, cy, 300.0 + cards.len() as f32 * 50.0, 120.0]);
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
        let (cx, cy) = (300.0, 300.0);
        let label_w = shown
            .rows
            .iter()
            .map(|(who, _)| ui.width(who, 16))
            .fold(80.0f32, f32::max);
        let w = (420.0 + label_w - 80.0).max(ui.width(&shown.verdict, 15) + 30.0);
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
        let sw = macroquad::window::screen_width();
        let title = format!("Pass the device to {name}");
        let tw = macroquad::text::measure_text(&title, Some(&ui.fonts.bold), 40, 1.0).width;
        ui.title(&title, (sw - tw) / 2.0, 320.0, 40, WHITE);
        let hint = "The previous hand is hidden. Click when only that player can see the screen.";
        ui.text(hint, (sw - ui.width(hint, 18)) / 2.0, 370.0, 18, WHITE);
        // Who offered what stays private; that an offer is waiting is no secret at the table.
        if let Some(crate::rules::Pending::Trade { from, with, .. }) =
            self.game.state().pending().first()
        {
            if *with == to {
                let why = format!(
                    "{} offers {name} a trade.",
                    self.game.state().player(*from).name()
                );
                ui.text(&why, (sw - ui.width(&why, 18)) / 2.0, 398.0, 18, WHITE);
            }
        } else if let Some(why) = super::panel::decision_prompt(self.game.state()) {
            // A decision owed out of turn: say why the device comes to this player now.
            let why = format!("{name}: {why}");
            ui.text(&why, (sw - ui.width(&why, 18)) / 2.0, 398.0, 18, WHITE);
        } else if let (Some(crate::rules::Command::RespondTrade(_)), Some(line)) =
            (self.game.commands().last(), self.log.last())
        {
            // Back to the proposer: the answer ("Ben accepts Ana's trade") is theirs to hear.
            ui.text(line, (sw - ui.width(line, 18)) / 2.0, 398.0, 18, WHITE);
        }
        if ui.button("Continue", [560.0, 430.0, 160.0, 44.0], true) {
            self.revealed = Some(to);
            self.cards.clear();
            self.selected = None;
            self.reach = None;
        }
        None
    }

    pub(super) fn px(&self, p: MapPoint) -> [f32; 2] {
        self.view.view().to_screen(p.to_m())
    }

    pub(super) fn coin_px(&self, m: crate::map::Measure) -> f32 {
        (self.game.state().scale().ground_m(m.radius_mm()) * self.view.view().ppm).max(5.0) as f32
    }

    pub(super) fn draw_pieces(&self, ui: &Ui) {
        let state = self.game.state();
        let actor = state.actor();
        if state.phase() == Phase::Setup && self.seats[actor.index()] == Seat::Human {
            for c in &self.legal {
                if let Command::PlaceBase(pb) = c {
                    let p = self.map.places()[pb.place.0 as usize].pos();
                    let s = self.view.view().to_screen(p);
                    draw_circle_lines(s[0], s[1], 11.0, 3.0, Color::new(0.1, 0.6, 0.2, 0.9));
                }
            }
        }
        if let Some(r) = &self.reach {
            let v = self.view.view();
            let c = v.to_screen(r.centre);
            draw_circle_lines(
                c[0],
                c[1],
                (r.road_radius_m * v.ppm) as f32,
                2.0,
                Color::new(0.1, 0.2, 0.6, 0.8),
            );
            // Double-move stretches first, so the single move's blue stays on top where both
            // reach: purple is only what the second motorway leg adds.
            let (double, single): (Vec<_>, Vec<_>) =
                r.stretches.iter().partition(|s| s.double_move);
            for s in double.into_iter().chain(single) {
                let col = if s.double_move {
                    Color::new(0.5, 0.1, 0.7, 0.8)
                } else {
                    Color::new(0.1, 0.3, 0.9, 0.85)
                };
                for w in s.points.windows(2) {
                    let (a, b) = (v.to_screen(w[0]), v.to_screen(w[1]));
                    draw_line(a[0], a[1], b[0], b[1], 6.0, col);
                }
            }
            if let Some(poly) = &r.off_road {
                for w in poly.windows(2) {
                    let (a, b) = (v.to_screen(w[0]), v.to_screen(w[1]));
                    draw_line(a[0], a[1], b[0], b[1], 1.5, Color::new(0.2, 0.5, 0.2, 0.8));
                }
            }
        }
        for s in state.settlements() {
            let p = self.px(s.pos());
            let r = self.coin_px(s.coin());
            let col = colour_of(state.player(s.owner()).colour());
            draw_circle(p[0], p[1], r, col);
            draw_circle_lines(p[0], p[1], r, if s.is_fort() { 4.0 } else { 2.0 }, BLACK);
            if state.player(s.owner()).base() == Some(s.id()) {
                draw_rectangle(p[0] - 3.0, p[1] - 3.0, 6.0, 6.0, BLACK);
            }
        }
        // Pieces a decision owed now is about are ringed in yellow.
        let ring = Color::new(1.0, 0.8, 0.0, 1.0);
        match state.pending().first() {
            Some(
                crate::rules::Pending::Defender { candidates, .. }
                | crate::rules::Pending::SiegeCasualty { candidates, .. },
            ) => {
                for u in candidates {
                    if let Some(pos) = state.unit_pos(*u) {
                        let mut p = self.px(pos);
                        if state
                            .unit(*u)
                            .is_some_and(|u| matches!(u.at(), Location::Settlement(_)))
                        {
                            p = [p[0] + 12.0, p[1] - 12.0];
                        }
                        draw_circle_lines(p[0], p[1], 16.0, 3.0, ring);
                    }
                }
            }
            Some(crate::rules::Pending::NewBase { candidates, .. }) => {
                for id in candidates {
                    if let Some(x) = state.settlement(*id) {
                        let p = self.px(x.pos());
                        let r = self.coin_px(x.coin());
                        draw_circle_lines(p[0], p[1], r + 5.0, 3.0, ring);
                    }
                }
            }
            _ => {}
        }
        let mut seen: Vec<([f32; 2], u32)> = Vec::new();
        for u in state.units() {
            let Some(pos) = state.unit_pos(u.id()) else {
                continue;
            };
            let mut p = self.px(pos);
            let k = seen
                .iter()
                .filter(|(q, _)| (q[0] - p[0]).abs() < 1.0 && (q[1] - p[1]).abs() < 1.0)
                .count();
            seen.push((p, u.id().0));
            p[0] += k as f32 * 7.0;
            p[1] -= k as f32 * 7.0;
            if matches!(u.at(), Location::Settlement(_)) {
                // Garrisons sit on the settlement's rim so both coins stay visible.
                p[0] += 12.0;
                p[1] -= 12.0;
            }
            let r = self.coin_px(u.kind().coin()).max(9.0);
            draw_circle(p[0], p[1], r, colour_of(state.player(u.owner()).colour()));
            let ring = if Some(u.id()) == self.selected {
                4.0
            } else {
                1.5
            };
            draw_circle_lines(p[0], p[1], r, ring, if u.moved() { FADED } else { BLACK });
            let letter = &u.kind().name()[..1];
            macroquad::text::draw_text(letter, p[0] - 5.0, p[1] + 6.0, 20.0, BLACK);
        }
        // Siege clocks go over the coins, so a crowd of besiegers cannot hide them.
        for s in state.settlements() {
            let p = self.px(s.pos());
            let r = self.coin_px(s.coin());
            if let Some(clock) = state.sieges().get(&s.id()) {
                // The siege clock: a red ring, and a dial with one slice per player still in
                // the game, filled for each who has ended a turn since the clock started. When
                // every slice is full, the siege takes its toll.
                let red = Color::new(0.8, 0.0, 0.0, 0.95);
                draw_circle_lines(p[0], p[1], r + 6.0, 3.0, red);
                let active = state.active_players();
                let done = active
                    .iter()
                    .filter(|q| clock.turns_ended().contains(q))
                    .count();
                let c = [p[0] - r - 16.0, p[1] - r - 10.0];
                draw_circle(c[0], c[1], 11.0, WHITE);
                let n = active.len().max(1);
                for k in 0..done {
                    let a0 = k as f32 / n as f32 * std::f32::consts::TAU;
                    let a1 = (k + 1) as f32 / n as f32 * std::f32::consts::TAU;
                    let steps = 12;
                    for j in 0..steps {
                        let b0 = a0 + (a1 - a0) * j as f32 / steps as f32;
                        let b1 = a0 + (a1 - a0) * (j + 1) as f32 / steps as f32;
                        macroquad::shapes::draw_triangle(
                            macroquad::math::vec2(c[0], c[1]),
                            macroquad::math::vec2(c[0] + 10.0 * b0.sin(), c[1] - 10.0 * b0.cos()),
                            macroquad::math::vec2(c[0] + 10.0 * b1.sin(), c[1] - 10.0 * b1.cos()),
                            red,
                        );
                    }
                }
                draw_circle_lines(c[0], c[1], 11.0, 2.0, red);
                let label = format!("siege {done}/{n}");
                let w = ui.width(&label, 13);
                draw_rectangle(c[0] - w / 2.0 - 3.0, c[1] - 30.0, w + 6.0, 16.0, WHITE);
                ui.text(&label, c[0] - w / 2.0, c[1] - 18.0, 13, red);
            }
        }
    }

    /// The hover verdict beside the pointer, kept on screen.
    pub(super) fn tooltip(&self, ui: &Ui) {
        let Some((at, text)) = &self.hover else {
            return;
        };
        let w = ui.width(text, 14) + 12.0;
        let sw = macroquad::window::screen_width() - PANEL_W;
        let x = (at[0] + 14.0).min(sw - w).max(0.0);
        draw_rectangle(x, at[1] + 8.0, w, 24.0, Color::new(1.0, 1.0, 0.9, 0.95));
        draw_rectangle_lines(x, at[1] + 8.0, w, 24.0, 1.0, BLACK);
        ui.text(text, x + 6.0, at[1] + 25.0, 14, INK);
    }

    pub(super) fn hand(&mut self, ui: &mut Ui) {
        let state = self.game.state();
        let me = state.actor();
        let hand: Vec<CardId> = state.player(me).hand().to_vec();
        // The strip stops at the side panel; a big hand overlaps its cards like a fan.
        let avail = macroquad::window::screen_width() - PANEL_W;
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
            ui.title(&rank, r[0] + 5.0, y + 22.0, 18, ink);
            ui.text(sym, r[0] + 18.0, y + 52.0, 26, ink);
            let name = format!("card {}", i + 1);
            // Overlapped cards are clicked on their visible strip.
            let hit = if i + 1 < hand.len() {
                [r[0], r[1], pitch.min(r[2]), r[3]]
            } else {
                r
            };
            ui.buttons.push((name, hit));
            if ui.input.clicked && crate::ui::widgets::inside(ui.input.mouse, hit) {
                if sel {
                    self.cards.retain(|x| *x != c);
                } else {
                    self.cards.push(c);
                }
            }
        }
        let tx = 8.0 + hand.len().saturating_sub(1) as f32 * pitch + 46.0 + 8.0;
        let ct = state.creation_total(me);
        ui.text(&format!("Creation Total {ct}"), tx, 24.0, 15, INK);
        let summary = selection_summary(&self.cards, ct);
        ui.text_fit(&summary, tx, 46.0, 14, INK, w - tx - 8.0);
        ui.text(
            "Click cards to choose what to pay with.",
            tx,
            68.0,
            13,
            FADED,
        );
    }
}

/// What the selected cards are worth towards each purpose at Creation Total `ct`.
pub(super) fn selection_summary(cards: &[CardId], ct: u32) -> String {
    if cards.is_empty() {
        return "No cards chosen: the buttons pay with the cheapest set.".into();
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
