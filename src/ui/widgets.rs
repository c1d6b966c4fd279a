//! Immediate-mode widgets for the game's screens: buttons that remember where they were drawn,
//! so scripted input can click them by name, and text in the embedded fonts.

use macroquad::color::Color;
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};
use macroquad::text::{draw_text_ex, measure_text, TextParams};

use super::Fonts;

/// One frame's input, from the mouse and keyboard or from a script.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Input {
    /// Pointer position in screen pixels.
    pub mouse: [f32; 2],
    /// The left button was clicked this frame.
    pub clicked: bool,
    /// Characters typed this frame.
    pub chars: Vec<char>,
    /// Seconds since the previous frame.
    pub dt: f32,
}

/// Text colour on panels.
pub const INK: Color = Color::new(0.12, 0.12, 0.14, 1.0);
/// Panel background.
pub const PANEL: Color = Color::new(0.97, 0.96, 0.92, 0.94);
/// Greyed-out text.
pub const FADED: Color = Color::new(0.45, 0.45, 0.48, 1.0);
const BUTTON: Color = Color::new(0.86, 0.88, 0.93, 1.0);
const BUTTON_HOVER: Color = Color::new(0.74, 0.80, 0.92, 1.0);

/// The widgets drawn in one frame.
pub struct Ui<'a> {
    /// The fonts.
    pub fonts: &'a Fonts,
    /// This frame's input.
    pub input: &'a Input,
    /// Every button drawn this frame, by label, with its rectangle.
    pub buttons: Vec<(String, [f32; 4])>,
    /// Screen rectangles panels cover: clicks there are not clicks on the map.
    pub panels: Vec<[f32; 4]>,
    click_used: bool,
}

/// Whether a point lies in a rectangle `[x, y, w, h]`.
pub fn inside(p: [f32; 2], r: [f32; 4]) -> bool {
    p[0] >= r[0] && p[0] < r[0] + r[2] && p[1] >= r[1] && p[1] < r[1] + r[3]
}

impl<'a> Ui<'a> {
    /// A frame's widgets.
    pub fn new(fonts: &'a Fonts, input: &'a Input) -> Ui<'a> {
        Ui {
            fonts,
            input,
            buttons: Vec::new(),
            panels: Vec::new(),
            click_used: false,
        }
    }

    /// A button; true when clicked this frame. Disabled buttons are drawn faded and never fire.
    pub fn button(&mut self, label: &str, r: [f32; 4], enabled: bool) -> bool {
        let hover = enabled && inside(self.input.mouse, r);
        draw_rectangle(
            r[0],
            r[1],
            r[2],
            r[3],
            if hover { BUTTON_HOVER } else { BUTTON },
        );
        draw_rectangle_lines(r[0], r[1], r[2], r[3], 1.5, FADED);
        let ink = if enabled { INK } else { FADED };
        self.text_fit(
            label,
            r[0] + 8.0,
            r[1] + r[3] / 2.0 + 6.0,
            17,
            ink,
            r[2] - 12.0,
        );
        self.buttons.push((label.to_string(), r));
        let fired = hover && self.input.clicked && !self.click_used;
        if fired {
            self.click_used = true;
        }
        fired
    }

    /// A region the caller draws itself (a map card, a text field): registered under `label`
    /// like a button, so scripts can click it; true when clicked this frame.
    pub fn hit(&mut self, label: &str, r: [f32; 4]) -> bool {
        self.buttons.push((label.to_string(), r));
        let fired = self.input.clicked && !self.click_used && inside(self.input.mouse, r);
        self.click_used |= fired;
        fired
    }

    /// A click on empty space (or on the map), if no widget took it.
    pub fn free_click(&mut self) -> Option<[f32; 2]> {
        let m = self.input.mouse;
        (self.input.clicked && !self.click_used && !self.panels.iter().any(|r| inside(m, *r))).then(
            || {
                self.click_used = true;
                m
            },
        )
    }

    /// Any click this frame that no widget took, wherever it is (to dismiss an overlay).
    pub fn any_click(&mut self) -> bool {
        let fired = self.input.clicked && !self.click_used;
        self.click_used |= fired;
        fired
    }

    /// A panel: a filled rectangle that shields the map from clicks.
    pub fn panel(&mut self, r: [f32; 4]) {
        draw_rectangle(r[0], r[1], r[2], r[3], PANEL);
        draw_rectangle_lines(r[0], r[1], r[2], r[3], 1.0, FADED);
        self.panels.push(r);
    }

    /// Text with its baseline at `y`.
    pub fn text(&self, s: &str, x: f32, y: f32, size: u16, color: Color) {
        draw_text_ex(
            s,
            x,
            y,
            TextParams {
                font: Some(&self.fonts.regular),
                font_size: size,
                color,
                ..Default::default()
            },
        );
    }

    /// Bold text with its baseline at `y`.
    pub fn title(&self, s: &str, x: f32, y: f32, size: u16, color: Color) {
        draw_text_ex(
            s,
            x,
            y,
            TextParams {
                font: Some(&self.fonts.bold),
                font_size: size,
                color,
                ..Default::default()
            },
        );
    }

    /// Text cut with an ellipsis to fit `width` pixels.
    pub fn text_fit(&self, s: &str, x: f32, y: f32, size: u16, color: Color, width: f32) {
        if self.width(s, size) <= width {
            self.text(s, x, y, size, color);
            return;
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
        let cut: String = chars[..lo].iter().chain(['…'].iter()).collect();
        self.text(&cut, x, y, size, color);
    }

    /// Width of text in pixels.
    pub fn width(&self, s: &str, size: u16) -> f32 {
        measure_text(s, Some(&self.fonts.regular), size, 1.0).width
    }

    /// Wrap text into lines no wider than `width`; returns the y after the last line.
    pub fn paragraph(&self, s: &str, x: f32, mut y: f32, size: u16, width: f32) -> f32 {
        let line_h = f32::from(size) * 1.35;
        let mut line = String::new();
        for word in s.split_whitespace() {
            let next = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if self.width(&next, size) > width && !line.is_empty() {
                self.text(&line, x, y, size, INK);
                y += line_h;
                line = word.to_string();
            } else {
                line = next;
            }
        }
        if !line.is_empty() {
            self.text(&line, x, y, size, INK);
            y += line_h;
        }
        y
    }
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
