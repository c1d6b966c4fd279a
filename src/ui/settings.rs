//! The player's settings: UI scale, what to do with the AI's trade offers, and which questions
//! to ask before ending a turn. Kept in `settings.toml` beside the saves, and changed on the
//! Settings screen (from the menu, or over a game).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::widgets::{Ui, FADED, INK};

/// The window, in UI units, every screen is laid out for: a smaller window (or a larger UI
/// scale) shrinks the scale until this fits.
pub const MIN_UI: [f32; 2] = [1000.0, 620.0];
/// The UI scales on offer.
pub const SCALES: [f32; 6] = [0.8, 0.9, 1.0, 1.1, 1.25, 1.5];

/// What the player chose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Panels, buttons and text are drawn this much larger than at 1.0.
    pub ui_scale: f32,
    /// Trade offers from AI seats are declined without asking.
    pub decline_ai_trades: bool,
    /// Ask before ending a turn with units that could still move, or attacking at bad odds.
    pub confirm: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            ui_scale: 1.0,
            decline_ai_trades: false,
            confirm: true,
        }
    }
}

impl Settings {
    /// Where the settings live for a saves folder.
    pub fn path(saves: &Path) -> PathBuf {
        saves.join("settings.toml")
    }

    /// The settings kept in `saves`, or the defaults (with a warning on stderr if the file is
    /// there but unreadable).
    pub fn load(saves: &Path) -> Settings {
        let path = Settings::path(saves);
        let Ok(text) = std::fs::read_to_string(&path) else {
            return Settings::default();
        };
        match toml::from_str::<Settings>(&text) {
            Ok(s) => s,
            Err(e) => {
                eprintln!(
                    "warning: ignoring {} ({e}); using the default settings",
                    path.display()
                );
                Settings::default()
            }
        }
    }

    /// Keep the settings in `saves` (atomically).
    pub fn save(&self, saves: &Path) -> Result<(), String> {
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        std::fs::create_dir_all(saves).map_err(|e| format!("{}: {e}", saves.display()))?;
        crate::sim::write_atomically(&Settings::path(saves), text.as_bytes())
            .map_err(|e| e.to_string())
    }

    /// The scale actually used in a window of `window` pixels: the chosen one, unless the
    /// screens would then not fit.
    pub fn effective_scale(&self, window: [f32; 2]) -> f32 {
        let fits = (window[0] / MIN_UI[0]).min(window[1] / MIN_UI[1]);
        self.ui_scale.clamp(0.5, 2.0).min(fits).max(0.5)
    }
}

/// The settings panel in `r`; true when the player closes it.
pub fn panel(ui: &mut Ui, s: &mut Settings, r: [f32; 4]) -> bool {
    macroquad::shapes::draw_rectangle(r[0], r[1], r[2], r[3], macroquad::color::WHITE);
    ui.panel(r);
    let (x, w) = (r[0] + 24.0, r[2] - 48.0);
    let mut y = r[1] + 40.0;
    ui.title("Settings", x, y, 26, INK);
    y += 36.0;
    ui.title("UI scale", x, y, 17, INK);
    y += 10.0;
    let bw = ((w - 5.0 * 8.0) / SCALES.len() as f32).min(90.0);
    for (i, sc) in SCALES.iter().enumerate() {
        let label = format!("{:.0}%", sc * 100.0);
        let on = (s.ui_scale - sc).abs() < 0.01;
        let b = [x + i as f32 * (bw + 8.0), y, bw, 32.0];
        if on {
            macroquad::shapes::draw_rectangle_lines(
                b[0] - 3.0,
                b[1] - 3.0,
                b[2] + 6.0,
                b[3] + 6.0,
                3.0,
                INK,
            );
        }
        if ui.button(&label, b, true) {
            s.ui_scale = *sc;
        }
    }
    y += 52.0;
    let fitted = s.effective_scale([
        macroquad::window::screen_width(),
        macroquad::window::screen_height(),
    ]);
    let note = if fitted + 0.01 < s.ui_scale {
        format!(
            "This window fits {:.0}% at most: enlarge it for more.",
            fitted * 100.0
        )
    } else {
        "Panels, buttons and text grow with the scale; the map keeps its own zoom.".into()
    };
    y = ui.paragraph_in(&note, x, y, 14, w, FADED) + 14.0;
    let toggles: [(&str, bool, &str); 2] = [
        (
            "AI trade offers",
            s.decline_ai_trades,
            if s.decline_ai_trades {
                "AI trade offers: declined without asking"
            } else {
                "AI trade offers: ask me"
            },
        ),
        (
            "Confirmations",
            s.confirm,
            if s.confirm {
                "Ask before ending a turn with units unmoved or attacking at bad odds: on"
            } else {
                "Ask before ending a turn with units unmoved or attacking at bad odds: off"
            },
        ),
    ];
    for (i, (_, _, label)) in toggles.iter().enumerate() {
        if ui.button(label, [x, y, w, 34.0], true) {
            match i {
                0 => s.decline_ai_trades = !s.decline_ai_trades,
                _ => s.confirm = !s.confirm,
            }
        }
        y += 44.0;
    }
    ui.button("Close settings", [x, r[1] + r[3] - 54.0, 200.0, 36.0], true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_shrinks_to_what_the_window_fits() {
        let s = Settings {
            ui_scale: 1.5,
            ..Settings::default()
        };
        assert!((s.effective_scale([3000.0, 2000.0]) - 1.5).abs() < 1e-6);
        // 680 / 620: the height is what runs out first.
        assert!((s.effective_scale([1100.0, 680.0]) - 680.0 / 620.0).abs() < 1e-3);
        let one = Settings::default();
        assert!((one.effective_scale([1366.0, 768.0]) - 1.0).abs() < 1e-6);
        assert!(one.effective_scale([800.0, 500.0]) < 1.0);
    }

    #[test]
    fn settings_survive_a_round_trip_and_a_bad_file_gives_the_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let s = Settings {
            ui_scale: 1.25,
            decline_ai_trades: true,
            confirm: false,
        };
        s.save(dir.path()).unwrap();
        assert_eq!(Settings::load(dir.path()), s);
        std::fs::write(Settings::path(dir.path()), "ui_scale = \"big\"").unwrap();
        assert_eq!(Settings::load(dir.path()), Settings::default());
        assert_eq!(
            Settings::load(&dir.path().join("none")),
            Settings::default()
        );
    }
}
