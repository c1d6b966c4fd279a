//! The board's look: an Ordnance-Survey-like palette, road widths and label sizes.
//!
//! Widths are in screen pixels. They grow only mildly with zoom so the network stays readable
//! when zoomed out and does not turn into ribbons when zoomed in.

use macroquad::color::Color;

use crate::map::{PlaceKind, RoadClass};

const fn rgb(r: u8, g: u8, b: u8) -> Color {
    rgba(r, g, b, 255)
}

const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Color {
    Color::from_rgba(r, g, b, a)
}

/// Pale cream paper, like the land on a printed OS sheet.
pub const LAND: Color = rgb(250, 246, 232);
/// Lakes, reservoirs and river areas.
pub const WATER: Color = rgb(166, 212, 238);
/// The thin edge OS maps draw round water.
pub const WATER_EDGE: Color = rgb(92, 160, 210);
/// Ink for text and coin outlines.
pub const INK: Color = rgb(28, 28, 32);
/// Text and dots of places that cannot be played; opaque, so the halo does not show through.
pub const FAINT: Color = rgb(118, 118, 124);
/// Halo behind label text so names stay readable over roads.
pub const HALO: Color = rgba(252, 250, 242, 235);
/// Fill of a playable settlement's coin: white, a little translucent so the roads it covers
/// still show faintly.
pub const COIN_FILL: Color = rgba(255, 255, 255, 225);
/// Background of the on-screen panels (name, legend, scale bar, attribution).
pub const PANEL: Color = rgba(255, 253, 245, 225);
/// Panel border.
pub const PANEL_EDGE: Color = rgba(60, 60, 60, 160);

/// How one road class is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoadStyle {
    /// Inner colour.
    pub fill: Color,
    /// Dark edge drawn under the fill.
    pub casing: Color,
    /// Width of the fill in pixels at the reference zoom.
    pub width_px: f32,
}

/// Extra casing width on each side of a road, in pixels.
pub const CASING_PX: f32 = 0.9;

/// OS convention: motorways blue, A roads red, B roads orange; widths M > A > B.
pub fn road_style(class: RoadClass) -> RoadStyle {
    match class {
        RoadClass::M => RoadStyle {
            fill: rgb(40, 110, 200),
            casing: rgb(14, 28, 70),
            width_px: 4.6,
        },
        RoadClass::A => RoadStyle {
            fill: rgb(222, 40, 52),
            casing: rgb(70, 16, 20),
            width_px: 3.4,
        },
        RoadClass::B => RoadStyle {
            fill: rgb(246, 168, 36),
            casing: rgb(92, 62, 18),
            width_px: 2.4,
        },
    }
}

/// Road classes in the order their fills are painted: B first so A and M cross over them.
pub const PAINT_ORDER: [RoadClass; 3] = [RoadClass::B, RoadClass::A, RoadClass::M];

/// Multiplier for every pixel width at `ppm` (pixels per metre), relative to the zoom the board
/// opened at: a quarter power, clamped, so zooming in 16× only doubles the widths.
pub fn width_factor(ppm: f64, ppm_fit: f64) -> f32 {
    ((ppm / ppm_fit).powf(0.25) as f32).clamp(0.7, 2.2)
}

/// Font size (pixels) and boldness of a place's label.
pub fn label_font(kind: PlaceKind, playable: bool) -> (u16, bool) {
    if !playable {
        return (12, false);
    }
    match kind {
        PlaceKind::City => (19, true),
        PlaceKind::Town => (16, true),
        PlaceKind::Village | PlaceKind::Suburb => (14, false),
    }
}

/// Outline width of a playable coin in pixels: towns and cities get the bolder ring.
pub fn coin_outline_px(kind: PlaceKind) -> f32 {
    match kind {
        PlaceKind::City | PlaceKind::Town => 2.2,
        PlaceKind::Village | PlaceKind::Suburb => 1.3,
    }
}

/// Radius in pixels of the dot marking a place that cannot be played.
pub const FAINT_DOT_PX: f32 = 2.2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn motorways_are_widest_and_b_roads_narrowest() {
        let w = |c| road_style(c).width_px;
        assert!(w(RoadClass::M) > w(RoadClass::A));
        assert!(w(RoadClass::A) > w(RoadClass::B));
    }

    #[test]
    fn widths_grow_mildly_and_stay_bounded() {
        assert!((width_factor(1.0, 1.0) - 1.0).abs() < 1e-6);
        assert!(width_factor(16.0, 1.0) <= 2.2);
        assert!(width_factor(2.0, 1.0) > 1.0 && width_factor(2.0, 1.0) < 1.3);
        assert!(width_factor(0.001, 1.0) >= 0.7);
    }
}
