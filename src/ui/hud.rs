//! The panels over the map: its name and legend (top left), the scale bar in card lengths
//! (bottom left) and the OpenStreetMap attribution (bottom right, always shown).

use macroquad::color::{Color, WHITE};
use macroquad::shapes::{draw_line, draw_rectangle, draw_rectangle_lines};
use macroquad::text::{measure_text, Font};

use super::board::View;
use super::labels::text;
use super::style;
use super::Fonts;
use crate::map::{GameMap, Measure, RoadClass};

const MARGIN: f32 = 10.0;
const PAD: f32 = 8.0;
/// The scale bar doubles its number of cards until it is at least this long.
const MIN_BAR_PX: f32 = 90.0;
const BAR_H: f32 = 7.0;
/// Space between the bar's end and the "n card lengths" beside it.
const END_GAP: f32 = 7.0;
const HINT: &str = "Drag to pan · wheel or +/− to zoom · arrows · Home: whole map";

/// Where the panels go this frame, in screen pixels (`[x, y, w, h]`).
#[derive(Debug, Clone, PartialEq)]
pub struct HudLayout {
    title: [f32; 4],
    scale: [f32; 4],
    attribution: [f32; 4],
    cards: u32,
    card_px: f32,
}

impl HudLayout {
    /// Screen areas map labels must keep off.
    pub fn obstacles(&self) -> Vec<[f32; 4]> {
        vec![self.title, self.scale, self.attribution]
    }
}

/// How many card lengths the scale bar shows: a power of two, so that it is at least 90 pixels
/// long (capped at 64 cards).
pub fn bar_cards(card_px: f32) -> u32 {
    let mut n = 1;
    while (n as f32) * card_px < MIN_BAR_PX && n < 64 {
        n *= 2;
    }
    n
}

/// A ground distance the way a map legend writes it.
pub fn distance_text(m: f64) -> String {
    if m < 1000.0 {
        format!("{m:.0} m")
    } else if m < 10_000.0 {
        format!("{:.2} km", m / 1000.0)
    } else if m < 100_000.0 {
        format!("{:.1} km", m / 1000.0)
    } else {
        format!("{:.0} km", m / 1000.0)
    }
}

fn width(s: &str, font: &Font, size: u16) -> f32 {
    measure_text(s, Some(font), size, 1.0).width
}

fn panel(r: [f32; 4]) {
    // Whole pixels keep the one-pixel border crisp.
    let [x, y, w, h] = r.map(f32::round);
    draw_rectangle(x, y, w, h, style::PANEL);
    draw_rectangle_lines(x, y, w, h, 1.0, style::PANEL_EDGE);
}

const LEGEND: [(RoadClass, &str); 3] = [
    (RoadClass::M, "Motorway"),
    (RoadClass::A, "A road"),
    (RoadClass::B, "B road"),
];
const SWATCH_W: f32 = 24.0;

/// Draws the panels; stateless apart from the fonts it is handed.
#[derive(Debug, Default)]
pub struct Hud;

impl Hud {
    /// Size and place the panels for this frame.
    pub fn layout(&self, map: &GameMap, view: &View, fonts: &Fonts, insets: [f32; 2]) -> HudLayout {
        let [sw, sh] = view.size;
        let [top, right] = insets;
        let meta = map.meta();

        let legend_w: f32 = LEGEND
            .iter()
            .map(|(_, s)| SWATCH_W + 5.0 + width(s, &fonts.regular, 13) + 14.0)
            .sum();
        let coins_w = 2.0 * 20.0
            + width(&coin_legend(), &fonts.regular, 13)
            + width("Other place", &fonts.regular, 13)
            + 30.0;
        let title_w = [
            width(&meta.name, &fonts.bold, 20),
            legend_w,
            coins_w,
            width(HINT, &fonts.regular, 11),
        ]
        .into_iter()
        .fold(0.0, f32::max);
        let title = [MARGIN, top + MARGIN, title_w + 2.0 * PAD, 96.0];

        let card_m = meta.scale.measure_m(Measure::CardLength);
        let card_px = (card_m * view.ppm) as f32;
        let cards = bar_cards(card_px);
        let bar_w = cards as f32 * card_px;
        let line_w = width(&scale_line(map), &fonts.regular, 13);
        let end_w = width(&cards_text(cards), &fonts.regular, 12);
        let scale_w = line_w.max(bar_w + END_GAP + end_w);
        let scale_h = 58.0;
        let scale = [MARGIN, sh - MARGIN - scale_h, scale_w + 2.0 * PAD, scale_h];

        let attr_w = width(&meta.attribution, &fonts.regular, 13);
        let attribution = [
            sw - right - MARGIN - attr_w - 2.0 * PAD,
            sh - MARGIN - 24.0,
            attr_w + 2.0 * PAD,
            24.0,
        ];

        HudLayout {
            title,
            scale,
            attribution,
            cards,
            card_px,
        }
    }

    /// Draw the panels as laid out.
    pub fn draw(&self, map: &GameMap, fonts: &Fonts, l: &HudLayout) {
        let meta = map.meta();

        // Title, legend and controls.
        let [x, y, _, _] = l.title;
        panel(l.title);
        text(
            &meta.name,
            x + PAD,
            y + PAD + 18.0,
            &fonts.bold,
            20,
            style::INK,
        );
        let mut cx = x + PAD;
        let ly = y + PAD + 38.0;
        for (class, label) in LEGEND {
            let s = style::road_style(class);
            draw_line(
                cx,
                ly - 4.0,
                cx + SWATCH_W,
                ly - 4.0,
                s.width_px + 2.0 * style::CASING_PX,
                s.casing,
            );
            draw_line(
                cx + 1.0,
                ly - 4.0,
                cx + SWATCH_W - 1.0,
                ly - 4.0,
                s.width_px,
                s.fill,
            );
            text(
                label,
                cx + SWATCH_W + 5.0,
                ly,
                &fonts.regular,
                13,
                style::INK,
            );
            cx += SWATCH_W + 5.0 + width(label, &fonts.regular, 13) + 14.0;
        }
        let cy = ly + 20.0;
        let mut cx = x + PAD + 8.0;
        macroquad::shapes::draw_circle(cx, cy - 4.5, 7.0, style::COIN_FILL);
        macroquad::shapes::draw_circle_lines(cx, cy - 4.5, 7.0, 1.6, style::INK);
        text(
            &coin_legend(),
            cx + 12.0,
            cy,
            &fonts.regular,
            13,
            style::INK,
        );
        cx += 12.0 + width(&coin_legend(), &fonts.regular, 13) + 18.0;
        macroquad::shapes::draw_circle(cx, cy - 4.5, style::FAINT_DOT_PX, style::FAINT);
        text(
            "Other place",
            cx + 8.0,
            cy,
            &fonts.regular,
            13,
            style::FAINT,
        );
        text(HINT, x + PAD, cy + 18.0, &fonts.regular, 11, style::FAINT);

        // Scale bar: whole card lengths, alternating like a printed bar, with the breadth marked.
        let [x, y, _, _] = l.scale;
        panel(l.scale);
        text(
            &scale_line(map),
            x + PAD,
            y + PAD + 12.0,
            &fonts.regular,
            13,
            style::INK,
        );
        let bx = x + PAD;
        let by = y + PAD + 22.0;
        for i in 0..l.cards {
            let c = if i % 2 == 0 { style::INK } else { WHITE };
            draw_rectangle(bx + i as f32 * l.card_px, by, l.card_px, BAR_H, c);
        }
        let bar_w = l.cards as f32 * l.card_px;
        draw_rectangle_lines(bx, by, bar_w, BAR_H, 1.0, style::INK);
        let breadth_px = l.card_px * (Measure::CardBreadth.mm() / Measure::CardLength.mm()) as f32;
        let tick = style::road_style(RoadClass::A).fill;
        draw_line(
            bx + breadth_px,
            by - 4.0,
            bx + breadth_px,
            by + BAR_H + 4.0,
            2.0,
            tick,
        );
        let ty = by + BAR_H + 15.0;
        text("0", bx - 3.0, ty, &fonts.regular, 12, style::INK);
        let bw = width("breadth", &fonts.regular, 12);
        let breadth_x = bx + breadth_px - bw / 2.0;
        if breadth_x > bx + 8.0 {
            text(
                "breadth",
                breadth_x,
                ty,
                &fonts.regular,
                12,
                tick_text(tick),
            );
        }
        let end = cards_text(l.cards);
        text(
            &end,
            bx + bar_w + END_GAP,
            by + BAR_H,
            &fonts.regular,
            12,
            style::INK,
        );

        // Attribution: the ODbL asks for it wherever the map is shown.
        let [x, y, _, _] = l.attribution;
        panel(l.attribution);
        text(
            &meta.attribution,
            x + PAD,
            y + 17.0,
            &fonts.regular,
            13,
            style::INK,
        );
    }
}

fn tick_text(c: Color) -> Color {
    Color::new(c.r * 0.75, c.g * 0.75, c.b * 0.75, 1.0)
}

fn coin_legend() -> String {
    "Playable settlement (1p coin)".to_string()
}

fn cards_text(n: u32) -> String {
    if n == 1 {
        "1 card length".to_string()
    } else {
        format!("{n} card lengths")
    }
}

fn scale_line(map: &GameMap) -> String {
    let s = map.meta().scale;
    format!(
        "Scale {s}  ·  card length {}  ·  breadth {}",
        distance_text(s.measure_m(Measure::CardLength)),
        distance_text(s.measure_m(Measure::CardBreadth))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_doubles_until_it_is_long_enough() {
        assert_eq!(bar_cards(200.0), 1);
        assert_eq!(bar_cards(90.0), 1);
        assert_eq!(bar_cards(50.0), 2);
        assert_eq!(bar_cards(12.0), 8);
        assert_eq!(bar_cards(0.001), 64);
    }

    #[test]
    fn distances_read_like_a_legend() {
        assert_eq!(distance_text(889.0), "889 m");
        assert_eq!(distance_text(2222.5), "2.22 km");
        assert_eq!(distance_text(22_225.0), "22.2 km");
        assert_eq!(distance_text(222_250.0), "222 km");
    }
}
