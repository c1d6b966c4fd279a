//! How much of the table the screen shows: the whole table, or a part of it up to [`MAX`] times
//! closer, so figures standing an inch apart can be told apart and read. Zoomed about the
//! pointer (wheel) or the middle (buttons, `+` `-`), panned by dragging with the right button,
//! `0` or "Whole table" to see it all again.

use macroquad::camera::{set_camera, Camera2D};
use macroquad::math::Rect;
use macroquad::window::screen_height;

use super::super::table::Frame;
use crate::tactical::table::TablePoint;
use crate::tactical::TableSpec;

/// The closest view, in multiples of the whole table's scale.
pub const MAX: f64 = 5.0;
/// One wheel notch or key press.
pub const STEP: f64 = 1.25;

/// The part of the table on screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Zoom {
    /// Times the whole table's scale, from 1.
    level: f64,
    /// The table point in the middle of the view, mm.
    centre: TablePoint,
}

impl Default for Zoom {
    fn default() -> Zoom {
        Zoom {
            level: 1.0,
            centre: [0.0, 0.0],
        }
    }
}

impl Zoom {
    /// Times the whole table's scale.
    pub fn level(&self) -> f64 {
        self.level
    }

    /// Whether the whole table is on screen.
    pub fn whole(&self) -> bool {
        self.level <= 1.0
    }

    /// The frame for the table in screen rectangle `r`: fitted, then zoomed about the centre.
    pub fn frame(&self, spec: &TableSpec, r: [f32; 4]) -> Frame {
        let base = Frame::fit(spec, r);
        if self.whole() {
            return base;
        }
        let ppm = base.px_per_mm * self.level as f32;
        let (cx, cy) = (
            base.x0 + base.width_px() / 2.0,
            base.y0 + base.depth_px() / 2.0,
        );
        Frame {
            x0: cx - self.centre[0] as f32 * ppm,
            y0: cy - (base.depth_mm - self.centre[1] as f32) * ppm,
            px_per_mm: ppm,
            ..base
        }
    }

    /// The screen rectangle the table takes in `r`, whatever the zoom.
    pub fn area(spec: &TableSpec, r: [f32; 4]) -> [f32; 4] {
        let base = Frame::fit(spec, r);
        [base.x0, base.y0, base.width_px(), base.depth_px()]
    }

    /// Zoom by `k` keeping the table point under screen point `at` where it is.
    pub fn about(&mut self, spec: &TableSpec, r: [f32; 4], at: [f32; 2], k: f64) {
        let f = self.frame(spec, r);
        if self.whole() {
            self.centre = [spec.width_mm / 2.0, spec.depth_mm / 2.0];
        }
        let p = f.table(at);
        let level = (self.level * k).clamp(1.0, MAX);
        let k = level / self.level;
        self.level = level;
        self.centre = [
            p[0] + (self.centre[0] - p[0]) / k,
            p[1] + (self.centre[1] - p[1]) / k,
        ];
        self.clamp(spec, r);
    }

    /// Move the view by `d` screen pixels (the table follows the pointer).
    pub fn pan_px(&mut self, spec: &TableSpec, r: [f32; 4], d: [f32; 2]) {
        let ppm = f64::from(self.frame(spec, r).px_per_mm);
        self.centre[0] -= f64::from(d[0]) / ppm;
        self.centre[1] += f64::from(d[1]) / ppm;
        self.clamp(spec, r);
    }

    /// Keep the view on the table.
    fn clamp(&mut self, spec: &TableSpec, r: [f32; 4]) {
        let f = self.frame(spec, r);
        let area = Zoom::area(spec, r);
        let half = [
            f64::from(area[2] / 2.0 / f.px_per_mm),
            f64::from(area[3] / 2.0 / f.px_per_mm),
        ];
        let size = [spec.width_mm, spec.depth_mm];
        for k in 0..2 {
            self.centre[k] = if 2.0 * half[k] >= size[k] {
                size[k] / 2.0
            } else {
                self.centre[k].clamp(half[k], size[k] - half[k])
            };
        }
    }
}

/// Draw only inside `r` (UI units of `scale` window pixels) until [`unclip`], in the same UI
/// units: the table is laid out like the rest of the screen, so the UI scale grows it all.
pub fn clip(r: [f32; 4], scale: f32) {
    let [x, y, w, h] = r;
    let flat = Camera2D::from_display_rect(Rect::new(x, y, w, h));
    set_camera(&Camera2D {
        // Drawn into a viewport of the window, rows run the other way to a render target's:
        // flip so table points stay where the UI camera puts them.
        zoom: macroquad::math::vec2(flat.zoom.x, -flat.zoom.y),
        // The viewport is in window pixels, and GL counts its rows from the window's bottom.
        viewport: Some((
            (x * scale).round() as i32,
            (screen_height() - (y + h) * scale).round() as i32,
            (w * scale).round() as i32,
            (h * scale).round() as i32,
        )),
        ..flat
    });
}

/// Draw on the whole window again, in the UI's units.
pub fn unclip(ui: &super::super::widgets::Ui) {
    ui.camera_on();
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: [f32; 4] = [10.0, 10.0, 600.0, 600.0];

    #[test]
    fn zooming_keeps_the_point_under_the_pointer_and_the_view_on_the_table() {
        let spec = TableSpec::OMOG;
        let mut z = Zoom::default();
        let at = [200.0, 450.0];
        let before = z.frame(&spec, R).table(at);
        z.about(&spec, R, at, 2.0);
        let after = z.frame(&spec, R).table([at[0], at[1]]);
        assert!((before[0] - after[0]).abs() < 0.01 && (before[1] - after[1]).abs() < 0.01);
        assert!(
            (z.frame(&spec, R).px_per_mm / Zoom::default().frame(&spec, R).px_per_mm - 2.0).abs()
                < 1e-4
        );
        // Far past the corner: the view stops at the table's edge.
        z.pan_px(&spec, R, [5000.0, -5000.0]);
        let f = z.frame(&spec, R);
        let sw = f.table([R[0], R[1] + R[3]]);
        assert!(sw[0].abs() < 0.01 && sw[1].abs() < 0.01, "{sw:?}");
        // Never closer than MAX, never further than the whole table.
        z.about(&spec, R, at, 100.0);
        assert!((z.level - MAX).abs() < 1e-9);
        z.about(&spec, R, at, 0.001);
        assert!(z.whole());
        assert_eq!(z.frame(&spec, R), Frame::fit(&spec, R));
    }
}
