//! Drawing on the map, in window pixels: the reach of the selected unit (green, purple for a
//! motorway double move), its attack radius, settlements, stacks of units with their counts,
//! decision rings, siege clocks and the aimed-at destination.

use macroquad::color::{Color, BLACK, WHITE};
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line, draw_rectangle, draw_triangle};
use macroquad::text::{draw_text_ex, TextParams};

use super::pick::{Aim, Stack};
use super::{Play, Seat};
use crate::rules::{Command, Pending, Phase};
use crate::ui::widgets::{colour_of, Ui};

/// The single move's reach: a green no road is drawn in.
pub(super) const REACH: Color = Color::new(0.30, 0.82, 0.10, 0.95);
pub(super) const REACH_EDGE: Color = Color::new(0.05, 0.30, 0.02, 0.95);
/// What only a motorway double move reaches.
pub(super) const DOUBLE: Color = Color::new(0.58, 0.16, 0.78, 0.9);
/// The attack radius and the targets in it.
pub(super) const ATTACK: Color = Color::new(0.85, 0.08, 0.08, 0.9);
const DECISION: Color = Color::new(1.0, 0.8, 0.0, 1.0);
const BADGE: Color = Color::new(0.12, 0.12, 0.14, 0.95);

/// Text in window pixels (the map is not drawn at the UI scale).
pub(super) fn map_text(ui: &Ui, s: &str, x: f32, y: f32, size: u16, bold: bool, color: Color) {
    draw_text_ex(
        s,
        x,
        y,
        TextParams {
            font: Some(if bold {
                &ui.fonts.bold
            } else {
                &ui.fonts.regular
            }),
            font_size: size,
            color,
            ..Default::default()
        },
    );
}

pub(super) fn map_text_w(ui: &Ui, s: &str, size: u16, bold: bool) -> f32 {
    let f = if bold {
        &ui.fonts.bold
    } else {
        &ui.fonts.regular
    };
    macroquad::text::measure_text(s, Some(f), size, 1.0).width
}

/// A colour washed out towards grey: a piece that has done its part this turn.
pub(super) fn spent(c: Color) -> Color {
    let g = (c.r + c.g + c.b) / 3.0;
    Color::new(
        0.35 * c.r + 0.65 * (0.55 + 0.3 * g),
        0.35 * c.g + 0.65 * (0.55 + 0.3 * g),
        0.35 * c.b + 0.65 * (0.55 + 0.3 * g),
        0.85,
    )
}

fn polyline(pts: &[[f32; 2]], w: f32, c: Color) {
    for s in pts.windows(2) {
        draw_line(s[0][0], s[0][1], s[1][0], s[1][1], w, c);
    }
}

impl Play {
    /// Everything drawn over the map this frame.
    pub(super) fn draw_pieces(&self, ui: &Ui, stacks: &[Stack], aim: Option<&Aim>) {
        let state = self.game.state();
        let actor = state.actor();
        let v = self.view.view();
        if state.phase() == Phase::Setup && self.seats[actor.index()] == Seat::Human {
            for c in &self.legal {
                if let Command::PlaceBase(pb) = c {
                    let s = v.to_screen(self.map.places()[pb.place.0 as usize].pos());
                    draw_circle_lines(s[0], s[1], 11.0, 3.0, Color::new(0.1, 0.6, 0.2, 0.9));
                }
            }
        }
        self.draw_reach();
        self.draw_sea_reach();
        self.draw_attack_radius();
        for s in state.settlements() {
            let p = self.px(s.pos());
            let r = self.coin_px(s.coin());
            let col = colour_of(state.player(s.owner()).colour());
            draw_circle(p[0], p[1], r, col);
            draw_circle_lines(p[0], p[1], r, if s.is_fort() { 4.0 } else { 2.0 }, BLACK);
            if state.player(s.owner()).base() == Some(s.id()) {
                draw_rectangle(p[0] - 3.0, p[1] - 3.0, 6.0, 6.0, BLACK);
            }
            if self.selected_place == Some(s.id()) {
                draw_circle_lines(p[0], p[1], r + 4.0, 3.0, BLACK);
            }
        }
        self.draw_ports();
        self.recap_arrows(ui);
        match state.pending().first() {
            Some(
                Pending::Defender { candidates, .. } | Pending::SiegeCasualty { candidates, .. },
            ) => {
                for st in stacks
                    .iter()
                    .filter(|s| s.units.iter().any(|u| candidates.contains(u)))
                {
                    draw_circle_lines(st.at[0], st.at[1], st.r + 6.0, 3.0, DECISION);
                }
            }
            Some(Pending::NewBase { candidates, .. }) => {
                for x in candidates.iter().filter_map(|id| state.settlement(*id)) {
                    let p = self.px(x.pos());
                    draw_circle_lines(p[0], p[1], self.coin_px(x.coin()) + 5.0, 3.0, DECISION);
                }
            }
            _ => {}
        }
        for st in stacks {
            if self.is_ship(st.units[0]) {
                self.draw_ship_stack(ui, st);
            } else {
                self.draw_stack(ui, st);
            }
        }
        self.draw_siege_clocks(ui);
        if let (Some(aim), Some(u)) = (aim, self.selected) {
            let t = v.to_screen(aim.world);
            let from = state.unit_pos(u).map(|p| self.px(p));
            match &aim.verdict {
                Ok(_) => {
                    if let Some(f) = from {
                        draw_line(f[0], f[1], t[0], t[1], 2.0, REACH_EDGE);
                    }
                    draw_circle(t[0], t[1], 6.0, REACH);
                    draw_circle_lines(t[0], t[1], 7.0, 2.0, REACH_EDGE);
                }
                Err(_) => {
                    let k = 6.0;
                    draw_line(t[0] - k, t[1] - k, t[0] + k, t[1] + k, 3.0, ATTACK);
                    draw_line(t[0] - k, t[1] + k, t[0] + k, t[1] - k, 3.0, ATTACK);
                }
            }
        }
    }

    fn draw_reach(&self) {
        let Some(r) = &self.reach else { return };
        let v = self.view.view();
        let c = v.to_screen(r.centre);
        draw_circle_lines(
            c[0],
            c[1],
            (r.road_radius_m * v.ppm) as f32,
            1.5,
            REACH_EDGE,
        );
        if let Some(poly) = &r.off_road {
            let pts: Vec<[f32; 2]> = poly.iter().map(|p| v.to_screen(*p)).collect();
            polyline(&pts, 1.5, REACH_EDGE);
        }
        // Double-move stretches first, so the single move's green stays on top where both
        // reach: purple is only what the second motorway leg adds.
        let (double, single): (Vec<_>, Vec<_>) = r.stretches.iter().partition(|s| s.double_move);
        let lines: Vec<(bool, Vec<[f32; 2]>)> = double
            .into_iter()
            .chain(single)
            .map(|s| {
                (
                    s.double_move,
                    s.points.iter().map(|p| v.to_screen(*p)).collect(),
                )
            })
            .collect();
        for (_, pts) in &lines {
            polyline(pts, 7.0, REACH_EDGE);
        }
        for (double, pts) in &lines {
            polyline(pts, 4.5, if *double { DOUBLE } else { REACH });
        }
    }

    /// In the attack phase, the selected unit's attack radius and the targets it may attack.
    fn draw_attack_radius(&self) {
        let state = self.game.state();
        let Some(u) = self.selected.filter(|_| state.phase() == Phase::Attack) else {
            return;
        };
        let Some(pos) = state.unit_pos(u) else { return };
        let c = self.px(pos);
        let r = (self.rules_board.card_breadth_m() * self.view.view().ppm) as f32;
        draw_circle(c[0], c[1], r, Color::new(0.85, 0.1, 0.1, 0.06));
        draw_circle_lines(c[0], c[1], r, 2.0, ATTACK);
        for cmd in &self.legal {
            let Command::Attack(a) = cmd else { continue };
            if a.unit != u {
                continue;
            }
            let p = match a.target {
                crate::rules::Target::Unit(t) => state.unit_pos(t),
                crate::rules::Target::Settlement(s) => state.settlement(s).map(|s| s.pos()),
            };
            if let Some(p) = p {
                let q = self.px(p);
                draw_circle_lines(q[0], q[1], 15.0, 3.0, ATTACK);
            }
        }
    }

    fn draw_stack(&self, ui: &Ui, st: &Stack) {
        let state = self.game.state();
        let Some(top) = state.unit(st.top) else {
            return;
        };
        let base = colour_of(state.player(st.owner).colour());
        let p = st.at;
        // Coins underneath peek out below the top one.
        for k in (1..st.units.len().min(3)).rev() {
            let o = 3.0 * k as f32;
            draw_circle(p[0] - o, p[1] + o, st.r, base);
            draw_circle_lines(p[0] - o, p[1] + o, st.r, 1.0, BLACK);
        }
        let active = self.can_act(st.top);
        let fill = if active { base } else { spent(base) };
        draw_circle(p[0], p[1], st.r, fill);
        let selected = self.selected == Some(st.top);
        let (w, ring) = match (selected, active) {
            (true, _) => (4.0, BLACK),
            (false, true) => (1.8, BLACK),
            (false, false) => (1.5, Color::new(0.4, 0.4, 0.42, 1.0)),
        };
        draw_circle_lines(p[0], p[1], st.r, w, ring);
        let letter = &top.kind().name()[..1];
        let lw = map_text_w(ui, letter, 16, true);
        let ink = if active {
            BLACK
        } else {
            Color::new(0.3, 0.3, 0.32, 1.0)
        };
        map_text(ui, letter, p[0] - lw / 2.0, p[1] + 6.0, 16, true, ink);
        if st.units.len() > 1 {
            let n = st.units.len().to_string();
            let b = [p[0] + st.r * 0.8, p[1] - st.r * 0.8];
            let br = 7.5 + 2.5 * (n.len() as f32 - 1.0);
            draw_circle(b[0], b[1], br, BADGE);
            draw_circle_lines(b[0], b[1], br, 1.0, WHITE);
            let nw = map_text_w(ui, &n, 12, true);
            map_text(ui, &n, b[0] - nw / 2.0, b[1] + 4.5, 12, true, WHITE);
        }
    }

    /// Siege clocks go over the coins, so a crowd of besiegers cannot hide them: a red ring, and
    /// a dial with one slice per player still in the game, filled for each who has ended a turn
    /// since the clock started. When every slice is full, the siege takes its toll.
    fn draw_siege_clocks(&self, ui: &Ui) {
        let state = self.game.state();
        let red = Color::new(0.8, 0.0, 0.0, 0.95);
        for s in state.settlements() {
            let Some(clock) = state.sieges().get(&s.id()) else {
                continue;
            };
            let p = self.px(s.pos());
            let r = self.coin_px(s.coin());
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
                    draw_triangle(
                        macroquad::math::vec2(c[0], c[1]),
                        macroquad::math::vec2(c[0] + 10.0 * b0.sin(), c[1] - 10.0 * b0.cos()),
                        macroquad::math::vec2(c[0] + 10.0 * b1.sin(), c[1] - 10.0 * b1.cos()),
                        red,
                    );
                }
            }
            draw_circle_lines(c[0], c[1], 11.0, 2.0, red);
            let label = format!("siege {done}/{n}");
            let w = map_text_w(ui, &label, 13, false);
            draw_rectangle(c[0] - w / 2.0 - 3.0, c[1] - 30.0, w + 6.0, 16.0, WHITE);
            map_text(ui, &label, c[0] - w / 2.0, c[1] - 18.0, 13, false, red);
        }
    }
}
