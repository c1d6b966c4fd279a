//! Immediate-mode widgets for the game's screens: buttons that remember where they were drawn,
//! so scripted input can click them by name, text in the embedded fonts, tooltips, and a UI
//! scale.
//!
//! Screens lay themselves out in *UI units*: window pixels divided by the UI scale, so a scale
//! of 1.25 makes every panel, button and letter a quarter larger and leaves fewer units to lay
//! out in. [`Ui::size`] is the window in those units; the mouse in [`Input`] stays in window
//! pixels (the map needs those), and [`Ui::mouse`] is it in UI units.

use macroquad::camera::{set_camera, set_default_camera, Camera2D};
use macroquad::color::Color;
use macroquad::math::vec2;
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};
use macroquad::text::{draw_text_ex, measure_text, TextParams};

use super::Fonts;

/// One frame's input, from the mouse and keyboard or from a script.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Input {
    /// Pointer position in window pixels.
    pub mouse: [f32; 2],
    /// The left button was clicked this frame.
    pub clicked: bool,
    /// Characters typed this frame.
    pub chars: Vec<char>,
    /// Seconds since the previous frame.
    pub dt: f32,
    /// Mouse wheel notches this frame, positive away from the user.
    pub wheel: f32,
}

/// Text colour on panels.
pub const INK: Color = Color::new(0.12, 0.12, 0.14, 1.0);
/// Panel background.
pub const PANEL: Color = Color::new(0.97, 0.96, 0.92, 0.94);
/// Greyed-out text.
pub const FADED: Color = Color::new(0.45, 0.45, 0.48, 1.0);
/// Refusals and reasons an action cannot be taken.
pub const REFUSED: Color = Color::new(0.72, 0.1, 0.1, 1.0);
const BUTTON: Color = Color::new(0.86, 0.88, 0.93, 1.0);
const BUTTON_OFF: Color = Color::new(0.91, 0.91, 0.91, 1.0);
const BUTTON_HOVER: Color = Color::new(0.74, 0.80, 0.92, 1.0);
const TIP: Color = Color::new(1.0, 1.0, 0.9, 0.97);

/// The widgets drawn in one frame.
pub struct Ui<'a> {
    /// The fonts.
    pub fonts: &'a Fonts,
    /// This frame's input.
    pub input: &'a Input,
    /// Every button drawn this frame, by label, with its rectangle in window pixels.
    pub buttons: Vec<(String, [f32; 4])>,
    /// The buttons and fields (by the name scripts know them by) whose text did not fit this
    /// frame and was cut with an ellipsis, for a script's `expect-whole`.
    pub cut: Vec<String>,
    /// Rectangles (UI units) panels cover: clicks there are not clicks on the map.
    pub panels: Vec<[f32; 4]>,
    click_used: bool,
    scale: f32,
    tip: Option<String>,
}

/// Whether a point lies in a rectangle `[x, y, w, h]`.
pub fn inside(p: [f32; 2], r: [f32; 4]) -> bool {
    p[0] >= r[0] && p[0] < r[0] + r[2] && p[1] >= r[1] && p[1] < r[1] + r[3]
}

impl<'a> Ui<'a> {
    /// A frame's widgets, at scale 1 until [`Ui::set_scale`].
    pub fn new(fonts: &'a Fonts, input: &'a Input) -> Ui<'a> {
        Ui {
            fonts,
            input,
            buttons: Vec::new(),
            cut: Vec::new(),
            panels: Vec::new(),
            click_used: false,
            scale: 1.0,
            tip: None,
        }
    }

    /// Lay out and draw in UI units of `scale` window pixels from now on.
    pub fn set_scale(&mut self, scale: f32) {
        self.scale = scale.max(0.25);
        self.camera_on();
    }

    /// The UI scale.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// Draw in UI units again after something drew in window pixels (the map).
    pub fn camera_on(&self) {
        if self.scale == 1.0 {
            set_default_camera();
            return;
        }
        let [w, h] = self.size();
        // macroquad's screen has y growing downwards under a positive y zoom.
        set_camera(&Camera2D {
            target: vec2(w / 2.0, h / 2.0),
            zoom: vec2(2.0 / w, 2.0 / h),
            ..Default::default()
        });
    }

    /// Draw in window pixels (the map's pieces) until [`Ui::camera_on`].
    pub fn camera_off(&self) {
        set_default_camera();
    }

    /// The window in UI units.
    pub fn size(&self) -> [f32; 2] {
        [
            macroquad::window::screen_width() / self.scale,
            macroquad::window::screen_height() / self.scale,
        ]
    }

    /// The pointer in UI units.
    pub fn mouse(&self) -> [f32; 2] {
        [
            self.input.mouse[0] / self.scale,
            self.input.mouse[1] / self.scale,
        ]
    }

    /// Whether the pointer is over a panel drawn so far this frame.
    pub fn over_panel(&self) -> bool {
        let m = self.mouse();
        self.panels.iter().any(|r| inside(m, *r))
    }

    fn register(&mut self, label: &str, r: [f32; 4]) {
        let s = self.scale;
        self.buttons
            .push((label.to_string(), [r[0] * s, r[1] * s, r[2] * s, r[3] * s]));
    }

    /// A button; true when clicked this frame. Disabled buttons are drawn faded and never fire.
    /// A label too long for the button is cut, and shown whole as a tooltip.
    pub fn button(&mut self, label: &str, r: [f32; 4], enabled: bool) -> bool {
        self.button_tip(label, r, enabled, None)
    }

    /// A button with a tooltip shown while the pointer is over it (a reason it is disabled, or
    /// what it does).
    pub fn button_tip(
        &mut self,
        label: &str,
        r: [f32; 4],
        enabled: bool,
        tip: Option<&str>,
    ) -> bool {
        self.button_named(label, label, r, enabled, tip)
    }

    /// A button showing `label` that scripts know as `name` (a short label in a row of
    /// choices, whose whole meaning is its name).
    pub fn button_named(
        &mut self,
        name: &str,
        label: &str,
        r: [f32; 4],
        enabled: bool,
        tip: Option<&str>,
    ) -> bool {
        let over = inside(self.mouse(), r);
        let hover = enabled && over;
        let fill = match (enabled, hover) {
            (false, _) => BUTTON_OFF,
            (true, true) => BUTTON_HOVER,
            (true, false) => BUTTON,
        };
        draw_rectangle(r[0], r[1], r[2], r[3], fill);
        draw_rectangle_lines(r[0], r[1], r[2], r[3], 1.5, FADED);
        let ink = if enabled { INK } else { FADED };
        let size = if r[3] >= 30.0 {
            16
        } else if r[3] >= 24.0 {
            15
        } else {
            13
        };
        let cut = self.text_fit(
            label,
            r[0] + 8.0,
            r[1] + r[3] / 2.0 + size as f32 * 0.35,
            size,
            ink,
            r[2] - 12.0,
        );
        if cut {
            self.cut.push(name.to_string());
        }
        if over {
            let whole = if cut { Some(label) } else { None };
            match (whole, tip) {
                (Some(l), Some(t)) => self.tip = Some(format!("{l}\n{t}")),
                (Some(l), None) => self.tip = Some(l.to_string()),
                (None, Some(t)) => self.tip = Some(t.to_string()),
                (None, None) => {}
            }
        }
        self.register(name, r);
        let fired = hover && self.input.clicked && !self.click_used;
        if fired {
            self.click_used = true;
        }
        fired
    }

    /// A region the caller draws itself (a map card, a text field): registered under `label`
    /// like a button, so scripts can click it; true when clicked this frame.
    pub fn hit(&mut self, label: &str, r: [f32; 4]) -> bool {
        self.register(label, r);
        let fired = self.input.clicked && !self.click_used && inside(self.mouse(), r);
        self.click_used |= fired;
        fired
    }

    /// The tooltip this frame shows, if any.
    pub fn tip_text(&self) -> Option<&str> {
        self.tip.as_deref()
    }

    /// Show `text` as this frame's tooltip (a hover card on the map).
    pub fn set_tip(&mut self, text: String) {
        self.tip = Some(text);
    }

    /// Show `text` as a tooltip if the pointer is over `r`.
    pub fn tip_over(&mut self, r: [f32; 4], text: &str) {
        if inside(self.mouse(), r) {
            self.tip = Some(text.to_string());
        }
    }

    /// A click on empty space (or on the map), if no widget took it, in UI units.
    pub fn free_click(&mut self) -> Option<[f32; 2]> {
        let m = self.mouse();
        (self.input.clicked && !self.click_used && !self.panels.iter().any(|r| inside(m, *r))).then(
            || {
                self.click_used = true;
                m
            },
        )
    }

    /// Whether a click this frame is still free (no widget took it), without taking it.
    pub fn click_free(&self) -> bool {
        self.input.clicked && !self.click_used
    }

    /// Any click this frame that no widget took, wherever it is (to dismiss an overlay).
    pub fn any_click(&mut self) -> bool {
        let fired = self.input.clicked && !self.click_used;
        self.click_used |= fired;
        fired
    }

    /// Take this frame's click away from whatever is drawn later (a modal dialog does this).
    pub fn swallow_click(&mut self) {
        self.click_used = true;
    }

    /// A panel: a filled rectangle that shields the map from clicks.
    pub fn panel(&mut self, r: [f32; 4]) {
        draw_rectangle(r[0], r[1], r[2], r[3], PANEL);
        draw_rectangle_lines(r[0], r[1], r[2], r[3], 1.0, FADED);
        self.panels.push(r);
    }

    fn params(&self, bold: bool, size: u16, color: Color) -> TextParams<'a> {
        // Glyphs are rasterised at their size in window pixels and drawn back at UI units, so
        // they stay sharp at any scale.
        let px = (f32::from(size) * self.scale).round().max(1.0);
        TextParams {
            font: Some(if bold {
                &self.fonts.bold
            } else {
                &self.fonts.regular
            }),
            font_size: px as u16,
            font_scale: f32::from(size) / px,
            color,
            ..Default::default()
        }
    }

    /// Text with its baseline at `y`.
    pub fn text(&self, s: &str, x: f32, y: f32, size: u16, color: Color) {
        draw_text_ex(s, x, y, self.params(false, size, color));
    }

    /// Bold text with its baseline at `y`.
    pub fn title(&self, s: &str, x: f32, y: f32, size: u16, color: Color) {
        draw_text_ex(s, x, y, self.params(true, size, color));
    }

    /// Text cut with an ellipsis to fit `width`; true if it had to be cut.
    pub fn text_fit(&self, s: &str, x: f32, y: f32, size: u16, color: Color, width: f32) -> bool {
        let cut = self.fit(s, size, width);
        self.text(&cut, x, y, size, color);
        cut.len() != s.len()
    }

    /// `s`, cut with an ellipsis if needed to fit `width`.
    pub fn fit(&self, s: &str, size: u16, width: f32) -> String {
        if self.width(s, size) <= width {
            return s.to_string();
        }
        // Binary search on the number of characters kept: a few measurements per frame rather
        // than one per character cut.
        let chars: Vec<char> = s.chars().collect();
        let (mut lo, mut hi) = (0usize, chars.len());
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            let cut: String = chars[..mid].iter().chain(['…'].iter()).collect();
            if self.width(&cut, size) <= width {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        chars[..lo].iter().chain(['…'].iter()).collect()
    }

    /// Width of text in UI units.
    pub fn width(&self, s: &str, size: u16) -> f32 {
        let p = self.params(false, size, INK);
        measure_text(s, p.font, p.font_size, p.font_scale).width
    }

    /// Width of bold text in UI units.
    pub fn width_bold(&self, s: &str, size: u16) -> f32 {
        let p = self.params(true, size, INK);
        measure_text(s, p.font, p.font_size, p.font_scale).width
    }

    /// Text broken into lines no wider than `width` (at spaces, and at newlines in `s`).
    pub fn wrap(&self, s: &str, size: u16, width: f32) -> Vec<String> {
        self.wrap_in(s, size, width, false)
    }

    /// [`Ui::wrap`] measured in the bold face (or the regular one), as the lines will be drawn:
    /// bold is wider, and a heading wrapped as regular text runs past its box.
    pub fn wrap_in(&self, s: &str, size: u16, width: f32, bold: bool) -> Vec<String> {
        let measure = |t: &str| {
            if bold {
                self.width_bold(t, size)
            } else {
                self.width(t, size)
            }
        };
        let mut lines = Vec::new();
        for para in s.split('\n') {
            let mut line = String::new();
            for word in para.split_whitespace() {
                let next = if line.is_empty() {
                    word.to_string()
                } else {
                    format!("{line} {word}")
                };
                if measure(&next) > width && !line.is_empty() {
                    lines.push(std::mem::replace(&mut line, word.to_string()));
                } else {
                    line = next;
                }
            }
            lines.push(line);
        }
        lines
    }

    /// Height of one wrapped line of text at `size`.
    pub fn line_h(size: u16) -> f32 {
        f32::from(size) * 1.35
    }

    /// Wrap text into lines no wider than `width`; returns the y after the last line.
    pub fn paragraph(&self, s: &str, x: f32, y: f32, size: u16, width: f32) -> f32 {
        self.paragraph_in(s, x, y, size, width, INK)
    }

    /// [`Ui::paragraph`] in a colour.
    pub fn paragraph_in(
        &self,
        s: &str,
        x: f32,
        mut y: f32,
        size: u16,
        width: f32,
        c: Color,
    ) -> f32 {
        for line in self.wrap(s, size, width) {
            self.text(&line, x, y, size, c);
            y += Self::line_h(size);
        }
        y
    }

    /// Draw the tooltip a widget asked for this frame, over everything, beside the pointer.
    pub fn draw_tip(&mut self) {
        let Some(tip) = self.tip.take() else {
            return;
        };
        self.camera_on();
        let [sw, sh] = self.size();
        let lines = self.wrap(&tip, 14, 420.0_f32.min(sw - 20.0));
        let w = lines.iter().map(|l| self.width(l, 14)).fold(0.0, f32::max) + 12.0;
        let h = lines.len() as f32 * Self::line_h(14) + 8.0;
        let m = self.mouse();
        let x = (m[0] + 14.0).min(sw - w - 2.0).max(2.0);
        let y = if m[1] + 20.0 + h > sh {
            (m[1] - h - 6.0).max(2.0)
        } else {
            m[1] + 20.0
        };
        draw_rectangle(x, y, w, h, TIP);
        draw_rectangle_lines(x, y, w, h, 1.0, INK);
        for (i, l) in lines.iter().enumerate() {
            self.text(l, x + 6.0, y + 16.0 + i as f32 * Self::line_h(14), 14, INK);
        }
    }
}

/// "1 die", "3 dice": a count with its noun in the right number.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The default seat colours: the Okabe–Ito palette, told apart with every common colour-vision
/// deficiency. Names are what the save file records.
pub const PALETTE: [(&str, Color); 7] = [
    ("orange", Color::new(0.902, 0.624, 0.0, 1.0)),
    ("sky blue", Color::new(0.337, 0.706, 0.914, 1.0)),
    ("bluish green", Color::new(0.0, 0.620, 0.451, 1.0)),
    ("vermillion", Color::new(0.835, 0.369, 0.0, 1.0)),
    ("blue", Color::new(0.0, 0.447, 0.698, 1.0)),
    ("reddish purple", Color::new(0.800, 0.475, 0.655, 1.0)),
    ("yellow", Color::new(0.941, 0.894, 0.259, 1.0)),
];

/// The colour a seat's colour name stands for; unknown names (from other tools' saves) get grey.
pub fn colour_of(name: &str) -> Color {
    let known = [
        ("red", Color::new(0.84, 0.15, 0.16, 1.0)),
        ("green", Color::new(0.17, 0.63, 0.17, 1.0)),
        ("black", Color::new(0.1, 0.1, 0.1, 1.0)),
        ("white", Color::new(0.95, 0.95, 0.95, 1.0)),
        ("purple", Color::new(0.58, 0.4, 0.74, 1.0)),
    ];
    PALETTE
        .iter()
        .chain(known.iter())
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map_or(Color::new(0.5, 0.5, 0.5, 1.0), |(_, c)| *c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_say_one_die_and_two_dice() {
        assert_eq!(count(1, "die", "dice"), "1 die");
        assert_eq!(count(2, "die", "dice"), "2 dice");
        assert_eq!(count(0, "base", "bases"), "0 bases");
    }

    #[test]
    fn points_inside_a_rectangle_include_its_top_left_edge_only() {
        let r = [10.0, 10.0, 5.0, 5.0];
        assert!(inside([10.0, 10.0], r));
        assert!(!inside([15.0, 12.0], r));
        assert!(!inside([9.9, 12.0], r));
    }
}
