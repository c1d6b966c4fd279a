//! The map choice on the new-game screen: one card per package, with its thumbnail (see
//! [`thumbs`](crate::ui::thumbs)), name, scale and playable settlements.

use macroquad::color::{BLACK, WHITE};
use macroquad::math::vec2;
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};
use macroquad::texture::{draw_texture_ex, DrawTextureParams};

use super::{Setup, BACKDROP};
use crate::map::Scale;
use crate::ui::thumbs;
use crate::ui::widgets::{Ui, FADED, INK};

/// Map cards: thumbnail, name, scale and playable settlements; as many to a row as fit in
/// `width` (up to three), paged.
pub(super) fn map_cards(ui: &mut Ui, s: &mut Setup, width: f32) {
    if let Some(loader) = &mut s.loader {
        for (i, done) in loader.poll() {
            match done {
                Ok(sum) => s.maps[i].summary = Some(sum),
                Err(e) => s.maps[i].problem = Some(e),
            }
        }
    }
    let [tw, th] = thumbs::SIZE.map(|v| v as f32);
    let (cw, ch) = (tw + 16.0, th + 78.0);
    let per_page = (((width + 10.0) / (cw + 10.0)) as usize).clamp(1, 3);
    // A narrower window shows fewer cards a page: keep the chosen map's page on screen.
    s.page = s.page / per_page * per_page;
    if s.maps.len() > per_page {
        let last = (s.maps.len() - 1) / per_page * per_page;
        let right = 40.0 + width;
        ui.text(
            &format!(
                "{}–{} of {}",
                s.page + 1,
                (s.page + per_page).min(s.maps.len()),
                s.maps.len()
            ),
            right - 270.0,
            98.0,
            15,
            INK,
        );
        if ui.button("◀ maps", [right - 180.0, 80.0, 86.0, 26.0], s.page > 0) {
            s.page -= per_page;
        }
        if ui.button("maps ▶", [right - 86.0, 80.0, 86.0, 26.0], s.page < last) {
            s.page += per_page;
        }
    }
    for i in s.page..(s.page + per_page).min(s.maps.len()) {
        let m = &s.maps[i];
        let r = [40.0 + (i - s.page) as f32 * (cw + 10.0), 115.0, cw, ch];
        let chosen = i == s.map;
        draw_rectangle(r[0], r[1], r[2], r[3], WHITE);
        draw_rectangle_lines(
            r[0],
            r[1],
            r[2],
            r[3],
            if chosen { 4.0 } else { 1.0 },
            if chosen { BLACK } else { FADED },
        );
        let (tx, ty) = (r[0] + 8.0, r[1] + 8.0);
        match (&m.summary, &m.problem) {
            (Some(sum), _) => {
                draw_texture_ex(
                    &sum.thumb,
                    tx,
                    ty,
                    WHITE,
                    DrawTextureParams {
                        dest_size: Some(vec2(tw, th)),
                        ..Default::default()
                    },
                );
                draw_rectangle_lines(tx, ty, tw, th, 1.0, FADED);
            }
            (None, problem) => {
                draw_rectangle(tx, ty, tw, th, BACKDROP);
                let why = if problem.is_some() {
                    "cannot be read"
                } else {
                    "reading the map…"
                };
                ui.text(why, tx + 10.0, ty + th / 2.0 + 5.0, 14, FADED);
            }
        }
        ui.text_fit(&m.name, tx, ty + th + 22.0, 17, INK, tw);
        ui.text(
            &format!("Scale {}", scale_text(m.scale)),
            tx,
            ty + th + 42.0,
            14,
            INK,
        );
        let playable = match (&m.summary, &m.problem) {
            (Some(sum), _) => format!("{} playable settlements", sum.playable),
            (None, Some(p)) if p.starts_with("cannot be played") => "cannot be played".into(),
            (None, Some(_)) => "unreadable package".into(),
            (None, None) => "counting settlements…".into(),
        };
        ui.text_fit(&playable, tx, ty + th + 61.0, 14, INK, tw);
        if let Some(p) = &m.problem {
            ui.text_fit(p, tx, ty + th - 8.0, 11, FADED, tw);
        }
        // Named by the map, so a script can pick one with `button Liechtenstein`.
        if ui.hit(&m.name.clone(), r) {
            s.map = i;
        }
    }
}

/// "1:25,000".
fn scale_text(scale: Scale) -> String {
    let digits = scale.0.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    format!("1:{out}")
}
