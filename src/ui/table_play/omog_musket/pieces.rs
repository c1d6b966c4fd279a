//! OMOG Musket's pieces: each figure a disc in its side's colour with a letter for what he
//! carries, and a pip beside it that is full while his weapon is loaded and an empty ring once
//! he has fired; the fallen are crosses.

use macroquad::color::Color;
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line};

use super::super::super::style;
use super::super::super::table::{self as tdraw, ink_on, Badges, Frame, TableShot};
use super::super::super::Fonts;
use crate::tactical::omog_musket::state::{Figure, MusketState, Role};
use crate::tactical::omog_musket::tables::{Mount, Weapon};
use crate::tactical::table::{distance, inches, TablePoint};

/// The letter on a figure's token.
pub(super) fn letter(f: &Figure) -> &'static str {
    match (f.role(), f.mount(), f.kit()) {
        (Role::Officer, _, _) => "O",
        (_, Mount::Horse, Weapon::Carbine) => "D",
        (_, Mount::Horse, _) => "H",
        (_, Mount::Foot, Weapon::Rifle) => "R",
        (_, Mount::Foot, Weapon::TradeMusket) => "W",
        _ => "M",
    }
}

/// Every figure as a token in its side's colour (`[attacker, defender]`), with its load.
pub(super) fn draw_forces(
    s: &MusketState,
    f: &Frame,
    fonts: &Fonts,
    colours: [Color; 2],
    badges: &mut Badges,
) {
    let token = tdraw::token_radius(f);
    for fig in s.figures().iter().filter(|x| !x.alive()) {
        let p = f.px(fig.pos());
        let c = colours[fig.side().index()];
        let k = token * 0.5;
        draw_line(p[0] - k, p[1] - k, p[0] + k, p[1] + k, 2.5, c);
        draw_line(p[0] - k, p[1] + k, p[0] + k, p[1] - k, 2.5, c);
    }
    let size = (token * 1.45).clamp(14.0, 26.0) as u16;
    for fig in s.figures().iter().filter(|x| x.alive()) {
        let p = f.px(fig.pos());
        let c = colours[fig.side().index()];
        draw_circle(p[0], p[1], token, style::INK);
        draw_circle(p[0], p[1], token - 1.5, c);
        let l = letter(fig);
        tdraw::centred(fonts, l, p, size, ink_on(c));
        // The load: a full pip loaded, an empty ring after a shot.
        let (px, py, r) = (
            p[0] + token * 0.8,
            p[1] - token * 0.8,
            (token * 0.38).max(4.0),
        );
        draw_circle(px, py, r + 1.5, style::INK);
        if s.loaded(fig.id()) {
            draw_circle(px, py, r, Color::new(1.0, 0.85, 0.2, 1.0));
        } else {
            draw_circle(px, py, r, Color::new(1.0, 1.0, 1.0, 1.0));
            draw_circle_lines(px, py, r * 0.6, 1.5, style::INK);
        }
        badges.token(p, token * 1.3);
    }
    // Men on one spot (a garrison deploys on one point) are one token with a count.
    let mut spots: Vec<(TablePoint, usize)> = Vec::new();
    for fig in s.figures().iter().filter(|x| x.alive()) {
        let p = fig.pos();
        match spots.iter_mut().find(|(o, _)| distance(*o, p) < 0.5) {
            Some(spot) => spot.1 += 1,
            None => spots.push((p, 1)),
        }
    }
    let white = Color::new(1.0, 1.0, 1.0, 1.0);
    for (p, n) in spots.into_iter().filter(|s| s.1 > 1) {
        badges.label(f.px(p), token, format!("×{n}"), white, style::INK);
    }
}

/// The still's words.
pub(super) fn shot() -> TableShot {
    TableShot {
        ruleset_line: "OMOG Musket · 48″ × 48″ table · 1″ = 25 m".into(),
        key_line: "M musketeer · R rifleman · W warrior · D dragoon · H horseman · O officer\n\
                   gold pip loaded · white pip fired, not yet loaded · ✚ objective · ✕ fallen"
            .into(),
        scale_bar: Some((inches(6.0), "6″ (a FULL move, 150 m)".into())),
        ..TableShot::default()
    }
}
