//! The seed: a fresh one for every new game, or one the players type or step to replay a game.

use macroquad::color::{BLACK, WHITE};
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};

use super::Setup;
use crate::ui::widgets::{Ui, FADED, INK};

/// Width of the seed field with its three buttons.
pub(super) const SEED_W: f32 = 540.0;

/// A seed no earlier game is likely to have had: the clock's nanoseconds, mixed (the UI may
/// read the clock; the rules never do).
pub(super) fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // SplitMix64's finaliser: neighbouring instants give unrelated seeds.
    let mut z = nanos.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % 1_000_000_000
}

/// The seed: shown, typed (click it, type digits, Enter) or stepped, and drawn afresh.
pub(super) fn seed_field(ui: &mut Ui, s: &mut Setup, x: f32, y: f32, w: f32) {
    // The field and its three buttons share the width `w`; the field holds the longest seed
    // typed (18 digits) and the buttons their labels, at every UI scale.
    let r = [x, y, w - 264.0, 32.0];
    if ui.hit("seed", r) && s.seed_text.is_none() {
        s.seed_text = Some(String::new());
    }
    if let Some(text) = &mut s.seed_text {
        let mut done = false;
        for &c in &ui.input.chars {
            match c {
                '0'..='9' if text.len() < 18 => text.push(c),
                '\u{8}' => {
                    text.pop();
                }
                '\n' | '\r' | '\u{1b}' => done = true,
                _ => {}
            }
        }
        if let Ok(n) = text.parse::<u64>() {
            s.seed = n;
        }
        if done || (ui.input.clicked && !crate::ui::widgets::inside(ui.mouse(), r)) {
            s.seed_text = None;
        }
    }
    draw_rectangle(r[0], r[1], r[2], r[3], WHITE);
    let typing = s.seed_text.is_some();
    draw_rectangle_lines(
        r[0],
        r[1],
        r[2],
        r[3],
        if typing { 2.5 } else { 1.0 },
        if typing { BLACK } else { FADED },
    );
    let shown = match &s.seed_text {
        Some(t) => format!("Seed {t}|"),
        None => format!("Seed {}", s.seed),
    };
    // Never over the buttons beside it: a seed too long for the field is cut, and says so.
    if ui.text_fit(&shown, r[0] + 8.0, r[1] + 22.0, 17, INK, r[2] - 14.0) {
        ui.cut.push("seed".into());
    }
    // What a seed is, on hover: the bottom bar has no room for a line under it.
    ui.tip_over([x, y, w, 32.0], SEED_TIP);
    if ui.button("seed -", [x + w - 258.0, y, 70.0, 32.0], true) {
        s.seed = s.seed.saturating_sub(1);
        s.seed_text = None;
    }
    if ui.button("seed +", [x + w - 182.0, y, 70.0, 32.0], true) {
        s.seed = s.seed.saturating_add(1);
        s.seed_text = None;
    }
    if ui.button("new seed", [x + w - 106.0, y, 106.0, 32.0], true) {
        s.seed = fresh_seed();
        s.seed_text = None;
    }
}

/// What the seed does, for the pointer over its row.
const SEED_TIP: &str = "A fresh seed deals new cards and dice; the same seed replays a game.";
