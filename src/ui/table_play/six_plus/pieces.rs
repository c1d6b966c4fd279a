//! 6+'s pieces: each block drawn to scale as its footprint in its side's colour, its front edge
//! in ink, a letter for its type, its hit tally beside it and a white pip once it has fired and
//! not loaded; the eliminated leave a cross.

use macroquad::color::Color;
use macroquad::math::vec2;
use macroquad::shapes::{draw_circle, draw_line, draw_triangle};

use super::super::super::style;
use super::super::super::table::{self as tdraw, ink_on, Badges, Frame, TableShot};
use super::super::super::Fonts;
use crate::tactical::six_plus::state::{Kind, SixState, Unit, HITS_TO_ELIMINATE};
use crate::tactical::table::cm;

/// The letter on a block.
pub(super) fn letter(u: &Unit) -> &'static str {
    match u.kind {
        Kind::Infantry => "I",
        Kind::Cavalry => "C",
        Kind::Skirmishers => "S",
        Kind::Artillery => "A",
        Kind::General => "G",
    }
}

/// A block's outline on screen, filled.
pub(super) fn fill_block(f: &Frame, corners: &[[f64; 2]; 4], c: Color) {
    let p: Vec<_> = corners
        .iter()
        .map(|q| f.px(*q))
        .map(|q| vec2(q[0], q[1]))
        .collect();
    draw_triangle(p[0], p[1], p[2], c);
    draw_triangle(p[0], p[2], p[3], c);
}

/// A block's outline on screen.
pub(super) fn outline(f: &Frame, corners: &[[f64; 2]; 4], w: f32, c: Color) {
    for k in 0..4 {
        let (a, b) = (f.px(corners[k]), f.px(corners[(k + 1) % 4]));
        draw_line(a[0], a[1], b[0], b[1], w, c);
    }
}

/// Every block in its side's colour (`[attacker, defender]`).
pub(super) fn draw_forces(
    s: &SixState,
    f: &Frame,
    fonts: &Fonts,
    colours: [Color; 2],
    badges: &mut Badges,
) {
    for u in s.units().iter().filter(|u| !u.alive) {
        let p = f.px(u.at);
        let k = 5.0 * f.px_per_mm.max(0.5);
        let c = colours[u.side.index()];
        draw_line(p[0] - k, p[1] - k, p[0] + k, p[1] + k, 2.5, c);
        draw_line(p[0] - k, p[1] + k, p[0] + k, p[1] - k, 2.5, c);
    }
    for u in s.living() {
        let r = u.rect();
        let corners = r.corners();
        let c = colours[u.side.index()];
        fill_block(f, &corners, c);
        outline(f, &corners, 1.5, style::INK);
        // The front edge, thick: which way the block faces.
        let (a, b) = (f.px(corners[0]), f.px(corners[1]));
        draw_line(a[0], a[1], b[0], b[1], 4.0, style::INK);
        let p = f.px(u.at);
        let size = ((r.frontage.min(r.depth) as f32) * f.px_per_mm * 0.7).clamp(10.0, 24.0) as u16;
        let l = letter(u);
        tdraw::centred(fonts, l, p, size, ink_on(c));
        if !u.loaded && u.kind.fire().is_some() {
            let q = f.px(r.front_centre());
            draw_circle(q[0], q[1], 5.0, style::INK);
            draw_circle(q[0], q[1], 3.5, Color::new(1.0, 1.0, 1.0, 1.0));
        }
        let half = (r.frontage.max(r.depth) as f32) * f.px_per_mm / 2.0;
        badges.block([p[0] - half * 0.5, p[1] - half * 0.5, half, half]);
        if u.hits > 0 {
            let fill = if u.hits >= HITS_TO_ELIMINATE / 2 {
                Color::new(0.75, 0.1, 0.1, 1.0)
            } else {
                Color::new(1.0, 1.0, 1.0, 1.0)
            };
            let ink = if u.hits >= HITS_TO_ELIMINATE / 2 {
                Color::new(1.0, 1.0, 1.0, 1.0)
            } else {
                style::INK
            };
            badges.label(
                p,
                half,
                format!("{}/{HITS_TO_ELIMINATE}", u.hits),
                fill,
                ink,
            );
        }
    }
}

/// The still's words.
pub(super) fn shot() -> TableShot {
    TableShot {
        ruleset_line: "6+ Rules · 36 cm × 36 cm table · 1 cm = 50 m · no dice".into(),
        key_line: "I infantry · C cavalry · S skirmishers · A artillery\n\
                   G General · thick edge: the block's front · n/12 hits\n\
                   white pip: fired, not loaded · ring: objective · ✕ gone"
            .into(),
        scale_bar: Some((cm(6.0), "6 cm (an infantry move, 300 m)".into())),
        ..TableShot::default()
    }
}
