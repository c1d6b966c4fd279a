//! Drawing the host keeps for every ruleset: dice where they fell, the hover box with its line
//! and template, and helpers views share (a labelled ring, wrapped text).

use macroquad::color::Color;
use macroquad::shapes::{draw_circle, draw_line, draw_rectangle, draw_rectangle_lines};

use super::super::table::{self as tdraw, Frame};
use super::super::widgets::{Ui, INK};
use super::desk::DieShown;
use super::view::{Face, Hover, Roll, Tone};
use crate::tactical::table::{distance, step, TablePoint};
use crate::tactical::TableSpec;

/// Good news for the roller (a hit, a save, a fight won), bad news, and paper white.
pub const GOOD: Color = Color::new(0.10, 0.55, 0.20, 1.0);
/// Bad news: a miss, a refusal.
pub const BAD: Color = Color::new(0.80, 0.12, 0.12, 1.0);
/// Paper white.
pub const WHITE: Color = Color::new(1.0, 1.0, 1.0, 1.0);
const TIP: Color = Color::new(1.0, 0.99, 0.95, 0.96);
const PREVIEW_OK: (Color, Color) = (
    Color::new(1.0, 0.55, 0.0, 0.22),
    Color::new(0.75, 0.30, 0.0, 0.85),
);
const PREVIEW_NO: Color = Color::new(0.5, 0.5, 0.5, 0.2);

/// A die face (or a total in a box), edged green or red by what it meant for the roller.
pub fn die(ui: &Ui, d: &Roll, x: f32, y: f32, s: f32) {
    let edge = match d.good {
        Some(true) => GOOD,
        Some(false) => BAD,
        None => INK,
    };
    draw_rectangle(x, y, s, s, WHITE);
    draw_rectangle_lines(x, y, s, s, 2.5, edge);
    let v = match d.face {
        Face::Die { sides: 6, value } if (1..=6).contains(&value) => value,
        Face::Die { value, .. } => return number(ui, &value.to_string(), x, y, s),
        Face::Total(t) => return number(ui, &t.to_string(), x, y, s),
    };
    let q = s / 4.0;
    let pip = |i: f32, j: f32| draw_circle(x + q * i, y + q * j, s / 10.0, INK);
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

fn number(ui: &Ui, t: &str, x: f32, y: f32, s: f32) {
    let tw = ui.width(t, 14);
    ui.title(t, x + (s - tw) / 2.0, y + s * 0.5 + 5.0, 14, INK);
}

/// The dice on show, each beside where it fell; dice thrown close together (a burst over a
/// garrison, a volley at a team, a handful) are laid out in rows of six beside the first.
pub fn dice_on_table(ui: &Ui, f: &Frame, dice: &[DieShown]) {
    let r = tdraw::token_radius(f);
    let near = f64::from(2.0 * r / f.px_per_mm);
    let mut spots: Vec<(TablePoint, usize)> = Vec::new();
    for d in dice {
        let (at, k) = match spots
            .iter_mut()
            .find(|(p, _)| distance(*p, d.roll.at) < near)
        {
            Some(s) => {
                s.1 += 1;
                (s.0, s.1 - 1)
            }
            None => {
                spots.push((d.roll.at, 1));
                (d.roll.at, 0)
            }
        };
        let p = f.px(at);
        let (col, row) = ((k % 6) as f32, (k / 6) as f32);
        die(
            ui,
            &d.roll,
            p[0] + r + 2.0 + col * 25.0,
            p[1] - r - 24.0 - row * 25.0,
            22.0,
        );
    }
}

/// What a hover draws on the table: the template a command would lay, the line of a move or a
/// shot, green when the engine takes it.
pub fn hover_marks(f: &Frame, h: &Hover) {
    if let Some((t, ok)) = &h.preview {
        let (fill, edge) = if *ok { PREVIEW_OK } else { (PREVIEW_NO, BAD) };
        tdraw::draw_template(f, t, fill, edge);
    }
    if let Some((a, b, ok)) = h.path {
        let (a, b) = (f.px(a), f.px(b));
        let c = if ok { GOOD } else { BAD };
        draw_line(a[0], a[1], b[0], b[1], 2.5, c);
        draw_circle(b[0], b[1], 3.5, c);
    }
}

/// The hover box, beside the pointer and kept on the table.
pub fn tooltip(ui: &Ui, f: &Frame, spec: &TableSpec, p: TablePoint, h: &Hover) {
    let size = 13;
    let line_h = 17.0;
    // Headings and verdicts are drawn bold, which runs wider.
    let w = h
        .lines
        .iter()
        .map(|(l, tone)| match tone {
            Tone::Title | Tone::Good => ui.width_bold(l, size),
            Tone::Plain | Tone::Bad => ui.width(l, size),
        })
        .fold(0.0f32, f32::max)
        + 16.0;
    let ht = h.lines.len() as f32 * line_h + 10.0;
    let m = f.px(p);
    let right = f.x0 + spec.width_mm as f32 * f.px_per_mm;
    let bottom = f.y0 + spec.depth_mm as f32 * f.px_per_mm;
    let mut x = m[0] + 18.0;
    if x + w > right {
        x = m[0] - 18.0 - w;
    }
    let mut y = m[1] + 18.0;
    if y + ht > bottom {
        y = m[1] - 18.0 - ht;
    }
    x = x.max(f.x0 + 2.0);
    y = y.max(f.y0 + 2.0);
    draw_rectangle(x, y, w, ht, TIP);
    draw_rectangle_lines(x, y, w, ht, 1.0, INK);
    for (k, (l, tone)) in h.lines.iter().enumerate() {
        let yy = y + 17.0 + k as f32 * line_h;
        match tone {
            Tone::Title => ui.title(l, x + 8.0, yy, size, INK),
            Tone::Plain => ui.text(l, x + 8.0, yy, size, INK),
            Tone::Good => ui.title(l, x + 8.0, yy, size, GOOD),
            Tone::Bad => ui.text(l, x + 8.0, yy, size, BAD),
        }
    }
}

/// A circle of radius `r` round `c`, clipped to the table, labelled where it is on the table.
pub fn ring(
    ui: &Ui,
    f: &Frame,
    spec: &TableSpec,
    c: TablePoint,
    r: f64,
    colour: Color,
    label: &str,
) {
    let n = 120;
    let pts: Vec<TablePoint> = (0..=n)
        .map(|k| step(c, k as f64 * 360.0 / n as f64, r))
        .collect();
    for w in pts.windows(2) {
        if spec.contains(w[0]) && spec.contains(w[1]) {
            let (a, b) = (f.px(w[0]), f.px(w[1]));
            draw_line(a[0], a[1], b[0], b[1], 1.6, colour);
        }
    }
    // The label sits on the ring at the first of these bearings that is on the table.
    for b in [20.0, 160.0, 340.0, 200.0, 90.0, 270.0] {
        let p = step(c, b, r);
        if spec.contains(p) {
            let s = f.px(p);
            let tw = ui.width(label, 12);
            draw_rectangle(
                s[0] - 2.0,
                s[1] - 11.0,
                tw + 4.0,
                14.0,
                Color::new(1.0, 1.0, 1.0, 0.8),
            );
            ui.text(label, s[0], s[1], 12, colour);
            break;
        }
    }
}
