//! The board screen: where the camera looks, how the mouse and keyboard move it, and the order
//! the layers are painted in.

use macroquad::camera::{set_camera, set_default_camera, Camera2D};
use macroquad::color::WHITE;
use macroquad::input::{
    get_char_pressed, is_key_down, is_key_pressed, is_mouse_button_down, is_mouse_button_pressed,
    mouse_position, mouse_wheel, KeyCode, MouseButton,
};
use macroquad::math::vec2;
use macroquad::math::Rect;
use macroquad::texture::{
    draw_texture_ex, render_target_msaa, DrawTextureParams, FilterMode, RenderTarget,
};
use macroquad::window::{clear_background, screen_height, screen_width};

use super::hud::Hud;
use super::labels::Labeller;
use super::scene::Scene;
use super::style;
use super::Fonts;
use crate::map::{GameMap, Measure};

/// What part of the world the window shows: a centre in metres and a zoom in pixels per metre.
/// North is up; screen y grows downwards.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// World point at the middle of the window, metres.
    pub center: [f64; 2],
    /// Pixels per metre.
    pub ppm: f64,
    /// Window size in pixels.
    pub size: [f32; 2],
}

/// Share of the window the fitted map leaves empty round its edges.
const FIT_MARGIN: f64 = 0.05;
/// How much one wheel notch or key press zooms.
const ZOOM_STEP: f64 = 1.25;
/// Keyboard panning speed, pixels per second.
const KEY_PAN_PX_PER_S: f32 = 600.0;
/// Zooming in stops when one card length takes this many pixels: closer than that the scale bar
/// and the board stop being a board.
const MAX_CARD_PX: f64 = 640.0;
/// Zooming out stops at this fraction of the fitted zoom.
const MIN_ZOOM_OF_FIT: f64 = 0.25;

impl View {
    /// The view that shows `bounds` (`[minx, miny, maxx, maxy]`, metres) whole in a window of
    /// `size` pixels.
    pub fn fit(bounds: [f64; 4], size: [f32; 2]) -> View {
        let w = (bounds[2] - bounds[0]).max(1.0);
        let h = (bounds[3] - bounds[1]).max(1.0);
        let usable = 1.0 - 2.0 * FIT_MARGIN;
        let ppm = (f64::from(size[0]) * usable / w).min(f64::from(size[1]) * usable / h);
        View {
            center: [(bounds[0] + bounds[2]) / 2.0, (bounds[1] + bounds[3]) / 2.0],
            ppm,
            size,
        }
    }

    /// The view of a `window`-sized window that shows `bounds` whole inside `area`
    /// (`[x, y, w, h]`, pixels): the part of the window other panels leave free.
    pub fn fit_area(bounds: [f64; 4], window: [f32; 2], area: [f32; 4]) -> View {
        let mut v = View::fit(bounds, [area[2].max(100.0), area[3].max(100.0)]);
        v.size = window;
        // Move the centre so the bounds' middle lands in the middle of the area.
        let mid = [area[0] + area[2] / 2.0, area[1] + area[3] / 2.0];
        let at = v.to_world(mid);
        v.center[0] += v.center[0] - at[0];
        v.center[1] += v.center[1] - at[1];
        v
    }

    /// World metres → window pixels.
    pub fn to_screen(&self, p: [f64; 2]) -> [f32; 2] {
        [
            (f64::from(self.size[0]) / 2.0 + (p[0] - self.center[0]) * self.ppm) as f32,
            (f64::from(self.size[1]) / 2.0 - (p[1] - self.center[1]) * self.ppm) as f32,
        ]
    }

    /// Window pixels → world metres.
    pub fn to_world(&self, s: [f32; 2]) -> [f64; 2] {
        [
            self.center[0] + (f64::from(s[0]) - f64::from(self.size[0]) / 2.0) / self.ppm,
            self.center[1] - (f64::from(s[1]) - f64::from(self.size[1]) / 2.0) / self.ppm,
        ]
    }

    /// Zoom by `factor`, keeping the world point under window pixel `s` where it is.
    pub fn zoom_about(&mut self, s: [f32; 2], factor: f64) {
        let before = self.to_world(s);
        self.ppm *= factor;
        let after = self.to_world(s);
        self.center[0] += before[0] - after[0];
        self.center[1] += before[1] - after[1];
    }

    /// Move the map by `d` pixels, the way a dragged sheet of paper moves.
    pub fn pan_px(&mut self, d: [f32; 2]) {
        self.center[0] -= f64::from(d[0]) / self.ppm;
        self.center[1] += f64::from(d[1]) / self.ppm;
    }

    /// The world box the window shows, `[minx, miny, maxx, maxy]`.
    pub fn world_rect(&self) -> [f64; 4] {
        let a = self.to_world([0.0, self.size[1]]);
        let b = self.to_world([self.size[0], 0.0]);
        [a[0], a[1], b[0], b[1]]
    }

    /// The macroquad camera drawing world metres the way [`View::to_screen`] maps them.
    pub fn camera(&self) -> Camera2D {
        Camera2D {
            target: vec2(self.center[0] as f32, self.center[1] as f32),
            // macroquad flips y for the screen, so north-up needs a negative y zoom.
            zoom: vec2(
                (2.0 * self.ppm / f64::from(self.size[0])) as f32,
                (-2.0 * self.ppm / f64::from(self.size[1])) as f32,
            ),
            ..Default::default()
        }
    }
}

/// The board: a loaded map, the view onto it and everything needed to paint it.
pub struct Board {
    map: GameMap,
    bounds: [f64; 4],
    view: View,
    scene: Scene,
    labels: Labeller,
    hud: Hud,
    fonts: Fonts,
    drag_from: Option<[f32; 2]>,
    /// Screen strips other panels cover: `[top, right]` in pixels. The board's own panels
    /// (title, scale bar, attribution) keep out of them.
    insets: [f32; 2],
    /// The map as last painted, reused until the view or the insets change.
    picture: Option<Picture>,
}

/// The painted map (land, water, roads, coins and names) in a texture the size of the window,
/// and what it was painted for. A big coast (Malta's sea is one polygon of many thousands of
/// vertices) and thousands of place names cost far more to paint than to copy, and the view
/// changes only when someone pans or zooms.
struct Picture {
    view: View,
    insets: [f32; 2],
    px: [u32; 2],
    target: RenderTarget,
}

impl Board {
    /// A board showing the whole of `map` in the current window.
    pub fn new(map: GameMap, fonts: Fonts) -> Board {
        let bounds = map_bounds(&map);
        let size = [screen_width(), screen_height()];
        let view = View::fit(bounds, size);
        let scene = Scene::new(&map, view.ppm);
        let labels = Labeller::new(&map, &fonts);
        Board {
            map,
            bounds,
            view,
            scene,
            labels,
            hud: Hud,
            fonts,
            drag_from: None,
            insets: [0.0, 0.0],
            picture: None,
        }
    }

    /// The current view.
    pub fn view(&self) -> View {
        self.view
    }

    /// Replace the view (screenshot mode steers it directly); the zoom is kept within limits.
    pub fn set_view(&mut self, view: View) {
        self.view = view;
        self.clamp();
    }

    /// The view that shows the whole map in the current window.
    pub fn fitted_view(&self) -> View {
        View::fit(self.bounds, [screen_width(), screen_height()])
    }

    /// Show the whole map in the part of the window the game's panels leave free.
    pub fn fit_free_area(&mut self) {
        let [top, right] = self.insets;
        let size = [screen_width(), screen_height()];
        let area = [0.0, top, size[0] - right, size[1] - top];
        self.view = View::fit_area(self.bounds, size, area);
    }

    /// Mesh chunks and vertices drawn at the current zoom (water and the zoom's layer).
    pub fn mesh_stats(&self) -> (usize, usize) {
        self.scene.stats()
    }

    /// Mouse: drag with the left button to pan, wheel to zoom about the cursor. Keyboard: `+`/`-`
    /// zoom, arrows pan, Home or `0` fits the map. `dt` is the frame time in seconds.
    pub fn handle_input(&mut self, dt: f32) {
        self.handle_input_over(dt, true);
    }

    /// [`Board::handle_input`], with the pointer over the map (`mouse_free`) or over a panel,
    /// where the wheel and a drag belong to the panel. Returns the characters typed that the
    /// board has no use for, in order.
    pub fn handle_input_over(&mut self, dt: f32, mouse_free: bool) -> Vec<char> {
        self.view.size = [screen_width(), screen_height()];
        let (mx, my) = mouse_position();
        let mouse = [mx, my];
        if is_mouse_button_pressed(MouseButton::Left) && mouse_free {
            self.drag_from = Some(mouse);
        }
        if is_mouse_button_down(MouseButton::Left) {
            if let Some(from) = self.drag_from {
                self.view.pan_px([mouse[0] - from[0], mouse[1] - from[1]]);
                self.drag_from = Some(mouse);
            }
        } else {
            self.drag_from = None;
        }
        let (_, wheel) = mouse_wheel();
        if wheel != 0.0 && mouse_free {
            // Wheel units differ between platforms; only the direction is trusted.
            self.view
                .zoom_about(mouse, ZOOM_STEP.powf(f64::from(wheel.signum())));
        }
        let middle = [self.view.size[0] / 2.0, self.view.size[1] / 2.0];
        let mut others = Vec::new();
        while let Some(c) = get_char_pressed() {
            match c {
                '+' | '=' => self.view.zoom_about(middle, ZOOM_STEP),
                '-' | '_' => self.view.zoom_about(middle, 1.0 / ZOOM_STEP),
                '0' => self.view = self.fitted_view(),
                c if !c.is_control() => others.push(c),
                _ => {}
            }
        }
        if is_key_pressed(KeyCode::Home) {
            self.view = self.fitted_view();
        }
        let step = KEY_PAN_PX_PER_S * dt.min(0.1);
        let mut d = [0.0, 0.0];
        if is_key_down(KeyCode::Left) {
            d[0] += step;
        }
        if is_key_down(KeyCode::Right) {
            d[0] -= step;
        }
        if is_key_down(KeyCode::Up) {
            d[1] += step;
        }
        if is_key_down(KeyCode::Down) {
            d[1] -= step;
        }
        if d != [0.0, 0.0] {
            self.view.pan_px(d);
        }
        self.clamp();
        others
    }

    /// Zoom in (`+1`) or out (`-1`) one step about the window's middle, as `+` and `-` do.
    pub fn zoom_step(&mut self, steps: i32) {
        let middle = [self.view.size[0] / 2.0, self.view.size[1] / 2.0];
        self.view.zoom_about(middle, ZOOM_STEP.powi(steps));
        self.clamp();
    }

    /// Bring a world point to the middle of the part of the window the game's panels leave
    /// free (see [`Board::set_insets`]), keeping the zoom.
    pub fn centre_on(&mut self, p: [f64; 2]) {
        let [top, right] = self.insets;
        let [w, h] = self.view.size;
        let free = [(w - right) / 2.0, (h + top) / 2.0];
        let now = self.view.to_world(free);
        self.view.center[0] += p[0] - now[0];
        self.view.center[1] += p[1] - now[1];
        self.clamp();
    }

    /// Show every one of `points` (world metres) in the part of the window the game's panels
    /// leave free, less a strip `left` pixels wide on the left (a panel of the caller's): the
    /// zoom stays unless they do not fit, then it eases out just enough.
    pub fn frame_points(&mut self, points: &[[f64; 2]], left: f32) {
        let Some(first) = points.first() else { return };
        let mut b = [first[0], first[1], first[0], first[1]];
        for p in points {
            b = [
                b[0].min(p[0]),
                b[1].min(p[1]),
                b[2].max(p[0]),
                b[3].max(p[1]),
            ];
        }
        let [top, right] = self.insets;
        let [w, h] = self.view.size;
        // A margin so arrows' heads and rings stay clear of the edges.
        let margin = 40.0;
        let area = [
            left + margin,
            top + margin,
            (w - right - left - 2.0 * margin).max(80.0),
            (h - top - 2.0 * margin).max(80.0),
        ];
        let need = ((b[2] - b[0]) * self.view.ppm, (b[3] - b[1]) * self.view.ppm);
        if need.0 > f64::from(area[2]) || need.1 > f64::from(area[3]) {
            let k =
                (f64::from(area[2]) / need.0.max(1.0)).min(f64::from(area[3]) / need.1.max(1.0));
            self.view.ppm *= k;
        }
        let mid = [area[0] + area[2] / 2.0, area[1] + area[3] / 2.0];
        let now = self.view.to_world(mid);
        self.view.center[0] += (b[0] + b[2]) / 2.0 - now[0];
        self.view.center[1] += (b[1] + b[3]) / 2.0 - now[1];
        self.clamp();
    }

    /// Keep the zoom between a quarter of the fitted zoom and one card length per
    /// [`MAX_CARD_PX`], and the centre over the map.
    fn clamp(&mut self) {
        let fit = self.fitted_view().ppm;
        let card_m = self.map.meta().scale.measure_m(Measure::CardLength);
        let max = (MAX_CARD_PX / card_m).max(fit);
        let min = fit * MIN_ZOOM_OF_FIT;
        self.view.ppm = self.view.ppm.clamp(min, max);
        let b = self.bounds;
        self.view.center[0] = self.view.center[0].clamp(b[0], b[2]);
        self.view.center[1] = self.view.center[1].clamp(b[1], b[3]);
    }

    /// Keep the board's panels out of a strip along the top and one along the right, where a
    /// game screen draws its own.
    pub fn set_insets(&mut self, top: f32, right: f32) {
        self.insets = [top, right];
    }

    /// Paint one frame: land, water and roads and coins in world space, then labels and the
    /// panels in screen space.
    pub fn draw(&mut self) {
        self.draw_map();
        self.draw_hud();
    }

    /// The map itself: land, water, roads, coins and labels (pieces go on top of this).
    pub fn draw_map(&mut self) {
        self.view.size = [screen_width(), screen_height()];
        let [w, h] = self.view.size;
        let px = [w.max(1.0) as u32, h.max(1.0) as u32];
        let fresh = self
            .picture
            .as_ref()
            .is_some_and(|p| p.view == self.view && p.insets == self.insets && p.px == px);
        if !fresh {
            let target = match self.picture.take() {
                Some(p) if p.px == px => p.target,
                _ => {
                    let t = render_target_msaa(px[0], px[1]);
                    t.texture.set_filter(FilterMode::Nearest);
                    t
                }
            };
            let mut world = self.view.camera();
            // Into a texture macroquad turns y the other way round than on screen, while the
            // window-pixel camera of the names is not turned: flip the map to match them.
            world.zoom.y = -world.zoom.y;
            world.render_target = Some(target.clone());
            set_camera(&world);
            clear_background(style::LAND);
            self.scene.draw(&self.map, &self.view);
            // Names are placed in window pixels, into the same texture.
            let mut screen = Camera2D::from_display_rect(Rect::new(0.0, 0.0, w, h));
            screen.render_target = Some(target.clone());
            set_camera(&screen);
            let layout = self.layout();
            self.labels
                .draw(&self.map, &self.view, &self.fonts, &layout.obstacles());
            set_default_camera();
            self.picture = Some(Picture {
                view: self.view,
                insets: self.insets,
                px,
                target,
            });
        }
        set_default_camera();
        if let Some(p) = &self.picture {
            draw_texture_ex(
                &p.target.texture,
                0.0,
                0.0,
                WHITE,
                DrawTextureParams {
                    dest_size: Some(vec2(w, h)),
                    // A render target's rows run bottom-up.
                    flip_y: true,
                    ..Default::default()
                },
            );
        }
    }

    /// The board's panels (name and legend, scale bar, attribution), over the map and whatever
    /// was drawn on it.
    pub fn draw_hud(&mut self) {
        let layout = self.layout();
        self.hud.draw(&self.map, &self.fonts, &layout);
    }

    /// Where the board's panels are, in window pixels: clicks there are not on the map.
    pub fn hud_rects(&self) -> Vec<[f32; 4]> {
        self.layout().obstacles()
    }

    fn layout(&self) -> super::hud::HudLayout {
        self.hud
            .layout(&self.map, &self.view, &self.fonts, self.insets)
    }
}

/// The box the fitted view shows: roads and places. An empty map gets a 2 km square rather than
/// a zero-sized one, which would make the zoom infinite.
fn map_bounds(map: &GameMap) -> [f64; 4] {
    let b = map.bounds_xy();
    if b[2] > b[0] || b[3] > b[1] {
        b
    } else {
        [b[0] - 1000.0, b[1] - 1000.0, b[0] + 1000.0, b[1] + 1000.0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: [f64; 2], b: [f64; 2]) -> bool {
        (a[0] - b[0]).abs() < 1e-6 && (a[1] - b[1]).abs() < 1e-6
    }

    #[test]
    fn fitting_shows_the_whole_box_centred_with_north_up() {
        let v = View::fit([0.0, 0.0, 20_000.0, 10_000.0], [1000.0, 800.0]);
        assert!((v.ppm - 900.0 / 20_000.0).abs() < 1e-12);
        assert_eq!(v.to_screen([10_000.0, 5_000.0]), [500.0, 400.0]);
        let north = v.to_screen([10_000.0, 10_000.0]);
        assert!(north[1] < 400.0, "north is up");
        let r = v.world_rect();
        assert!(r[0] <= 0.0 && r[1] <= 0.0 && r[2] >= 20_000.0 && r[3] >= 10_000.0);
    }

    #[test]
    fn fitting_an_area_centres_the_map_in_it() {
        let b = [0.0, 0.0, 20_000.0, 10_000.0];
        let v = View::fit_area(b, [1000.0, 800.0], [0.0, 100.0, 700.0, 700.0]);
        let mid = v.to_screen([10_000.0, 5_000.0]);
        assert!((mid[0] - 350.0).abs() < 1e-3 && (mid[1] - 450.0).abs() < 1e-3);
        let corner = v.to_screen([20_000.0, 10_000.0]);
        assert!(corner[0] <= 700.0 && corner[1] >= 100.0);
    }

    #[test]
    fn screen_and_world_round_trip() {
        let v = View {
            center: [123.0, -456.0],
            ppm: 0.37,
            size: [1280.0, 800.0],
        };
        let w = v.to_world([17.0, 650.0]);
        let s = v.to_screen(w);
        assert!((s[0] - 17.0).abs() < 1e-3 && (s[1] - 650.0).abs() < 1e-3);
    }

    #[test]
    fn zooming_keeps_the_point_under_the_cursor() {
        let mut v = View {
            center: [0.0, 0.0],
            ppm: 0.1,
            size: [1280.0, 800.0],
        };
        let cursor = [100.0, 700.0];
        let before = v.to_world(cursor);
        v.zoom_about(cursor, 1.25);
        assert!((v.ppm - 0.125).abs() < 1e-12);
        assert!(close(v.to_world(cursor), before));
    }

    #[test]
    fn dragging_moves_the_map_with_the_mouse() {
        let mut v = View {
            center: [0.0, 0.0],
            ppm: 0.5,
            size: [1280.0, 800.0],
        };
        let p = [10.0, 20.0];
        let s = v.to_screen(p);
        v.pan_px([30.0, -40.0]);
        let s2 = v.to_screen(p);
        assert!((s2[0] - s[0] - 30.0).abs() < 1e-3 && (s2[1] - s[1] + 40.0).abs() < 1e-3);
    }
}
