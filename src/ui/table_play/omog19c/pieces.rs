//! OMOG 19C's pieces: each figure a disc in its side's colour with a letter for what it is, men
//! standing on one spot (a garrison) one disc with a count, guns labelled oblongs, the fallen
//! crosses; and the words of the `--png` still.

use macroquad::color::Color;
use macroquad::shapes::{draw_circle, draw_line, draw_rectangle};

use super::super::super::style;
use super::super::super::table::{self as tdraw, ink_on, Badges, Frame, TableShot};
use super::super::super::Fonts;
use crate::tactical::omog19c::state::{Figure, HeavyKind, OmogState, Role};
use crate::tactical::omog19c::tables::Mount;
use crate::tactical::ruleset::Side;
use crate::tactical::table::inches;

/// A token's letter size for a token of radius `r` px: it grows as the table is zoomed.
fn letter_size(r: f32) -> u16 {
    (r * 1.45).clamp(14.0, 26.0) as u16
}
/// Figures closer than this (mm) stand on one spot and are drawn as one token.
const SAME_SPOT_MM: f64 = 0.5;

/// The letter on a figure's token.
pub(super) fn figure_letter(f: &Figure) -> &'static str {
    match (f.role(), f.mount()) {
        (Role::Officer, _) => "O",
        (Role::Gunner, _) => "G",
        (Role::Soldier, Mount::Horse) => "C",
        (Role::Soldier, Mount::Foot) => "R",
    }
}

/// Every gun and figure as a token in its side's colour (`[attacker, defender]`).
pub(super) fn draw_forces(
    s: &OmogState,
    f: &Frame,
    fonts: &Fonts,
    colours: [Color; 2],
    badges: &mut Badges,
) {
    let colour = |side: Side| colours[side.index()];
    let token = tdraw::token_radius(f);
    for fig in s.figures().iter().filter(|x| !x.alive()) {
        let p = f.px(fig.pos());
        let c = colour(fig.side());
        let k = token * 0.5;
        draw_line(p[0] - k, p[1] - k, p[0] + k, p[1] + k, 2.5, c);
        draw_line(p[0] - k, p[1] + k, p[0] + k, p[1] - k, 2.5, c);
    }
    for h in s.guns() {
        let p = f.px(h.pos());
        let c = colour(s.team(h.team()).map_or(Side::Attacker, |t| t.side()));
        let (w, ht) = (token * 2.4, token * 1.4);
        let (x, y) = (p[0] - w / 2.0, p[1] - ht / 2.0);
        draw_rectangle(x, y, w, ht, style::INK);
        draw_rectangle(x + 1.5, y + 1.5, w - 3.0, ht - 3.0, c);
        let label = if h.kind() == HeavyKind::Gatling {
            "MG"
        } else {
            "GUN"
        };
        tdraw::centred(fonts, label, p, letter_size(token) - 3, ink_on(c));
        badges.block([x, y, w, ht]);
    }
    // The living over the fallen, one token per spot: a garrison deploys its men on one point.
    let mut spots: Vec<(&Figure, usize)> = Vec::new();
    for fig in s.figures().iter().filter(|x| x.alive()) {
        let same = |o: &&Figure| {
            (o.pos()[0] - fig.pos()[0]).abs() < SAME_SPOT_MM
                && (o.pos()[1] - fig.pos()[1]).abs() < SAME_SPOT_MM
        };
        match spots.iter_mut().find(|(o, _)| same(o)) {
            Some(spot) => spot.1 += 1,
            None => spots.push((fig, 1)),
        }
    }
    for (fig, _) in &spots {
        let p = f.px(fig.pos());
        let c = colour(fig.side());
        draw_circle(p[0], p[1], token, style::INK);
        draw_circle(p[0], p[1], token - 1.5, c);
        tdraw::centred(fonts, figure_letter(fig), p, letter_size(token), ink_on(c));
        badges.token(p, token);
    }
    for (fig, n) in spots.into_iter().filter(|s| s.1 > 1) {
        let white = Color::new(1.0, 1.0, 1.0, 1.0);
        badges.label(f.px(fig.pos()), token, format!("×{n}"), white, style::INK);
    }
}

/// The still's words.
pub(super) fn shot() -> TableShot {
    TableShot {
        ruleset_line: "OMOG 19C · 48″ × 48″ table · 1″ = 25 m".into(),
        key_line: "R rifleman · C trooper · O officer · G gunner\n\
                   ×4 four men on one spot · ✚ objective (3″ ring) · ✕ fallen"
            .into(),
        scale_bar: Some((inches(6.0), "6″ (a FULL move, 150 m)".into())),
        ..TableShot::default()
    }
}
