//! The game window: the map drawn as a board, panned and zoomed with the mouse and keyboard.
//!
//! The UI only draws and reads input; it holds no game rules. [`run`] opens the window; with
//! [`BoardOptions::screenshot`] set it instead renders the fitted board, measures frame times,
//! writes a PNG and returns.

pub mod board;
pub mod hud;
pub mod labels;
pub mod map_cache;
pub mod mesh;
pub mod play;
pub mod scene;
pub mod screens;
pub mod script;
pub mod settings;
pub mod style;
pub mod table;
pub mod table_play;
pub mod text;
pub mod thumbs;
pub mod widgets;

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Instant;

use macroquad::text::{load_ttf_font_from_bytes, Font};
use macroquad::texture::{get_screen_data, FilterMode, Image};
use macroquad::time::get_frame_time;
use macroquad::window::next_frame;

use crate::map::GameMap;
use board::Board;

/// DejaVu Sans (Bitstream Vera licence, `assets/fonts/LICENSE-DejaVu.txt`): macroquad's built-in
/// font has neither `©` nor accented names like "Sant Julià de Lòria". Embedded so the binary
/// runs from anywhere.
const FONT_REGULAR: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold, for town and city names and titles.
const FONT_BOLD: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");

/// Window size in pixels of the board screenshot and the table screens.
pub const WINDOW_SIZE: [i32; 2] = [1280, 800];
/// The game's window when none is asked for: it fits a 1366×768 laptop screen with its
/// taskbar and title bar, and the screens lay themselves out for any size from there.
pub const DEFAULT_WINDOW: [i32; 2] = [1280, 680];
/// Frames rendered before a screenshot, so glyphs are rasterised and meshes built.
const WARMUP_FRAMES: usize = 5;
/// Frames timed in screenshot mode: half at the fitted view, half panning.
const TIMED_FRAMES: usize = 120;

/// What to show and how.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardOptions {
    /// The map package folder to load.
    pub map_dir: PathBuf,
    /// When set, render the fitted board once, write it to this PNG file and return instead
    /// of staying open.
    pub screenshot: Option<PathBuf>,
    /// Drive the menus and the game from this script of clicks, keys and waits, then exit.
    pub script: Option<PathBuf>,
    /// Where a script's `shot NAME` steps write NAME.png (default: the working directory).
    pub screenshot_dir: Option<PathBuf>,
    /// Where saves and the autosave live (default: `saves` in the working directory).
    pub saves_dir: Option<PathBuf>,
    /// The game window's size in pixels (default [`DEFAULT_WINDOW`]).
    pub window: Option<[i32; 2]>,
}

/// The fonts the board draws with.
#[derive(Clone)]
pub struct Fonts {
    /// DejaVu Sans.
    pub regular: Font,
    /// DejaVu Sans Bold.
    pub bold: Font,
}

impl Fonts {
    /// Load the embedded fonts; needs the window to exist.
    fn load() -> Result<Fonts, String> {
        let load = |bytes: &[u8]| {
            load_ttf_font_from_bytes(bytes)
                .map_err(|e| format!("cannot load the embedded font: {e}"))
        };
        let mut fonts = Fonts {
            regular: load(FONT_REGULAR)?,
            bold: load(FONT_BOLD)?,
        };
        // The glyph atlas is transparent black between glyphs; linear filtering blends that
        // black into the pale halo round every name, which then shows as grey smudges.
        // Labels are drawn at their natural size, so nearest filtering loses nothing.
        fonts.regular.set_filter(FilterMode::Nearest);
        fonts.bold.set_filter(FilterMode::Nearest);
        Ok(fonts)
    }
}

/// Load the map in `opts.map_dir` and show it in a window until the player closes it, or, in
/// screenshot mode, until the PNG is written.
pub fn run(opts: BoardOptions) -> Result<(), String> {
    let map = GameMap::load(&opts.map_dir)
        .map_err(|e| format!("cannot load the map in {}: {e}", opts.map_dir.display()))?;
    if let Some(shot) = &opts.screenshot {
        let dir = parent_dir(shot);
        if !dir.is_dir() {
            return Err(format!(
                "cannot write the screenshot {}: folder {} does not exist",
                shot.display(),
                dir.display()
            ));
        }
    }
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        // miniquad would panic in XOpenDisplay; say what to do instead.
        return Err(concat!(
            "no display to open the board's window on (DISPLAY is not set); ",
            "on a headless machine run under xvfb-run"
        )
        .into());
    }
    let title = format!("OMMS — {}", map.meta().name);
    let screenshot = opts.screenshot.clone();
    let app = AppStart {
        places: screens::Places {
            maps: parent_dir(&opts.map_dir),
            default_map: opts.map_dir.clone(),
            saves: opts
                .saves_dir
                .clone()
                .unwrap_or_else(|| PathBuf::from("saves")),
            seed: opts.script.is_some().then_some(1),
        },
        script: opts.script.as_deref().map(script::parse).transpose()?,
        shots: opts
            .screenshot_dir
            .clone()
            .unwrap_or_else(|| PathBuf::from(".")),
    };
    let fast = screenshot.is_some() || app.script.is_some();
    let outcome: Rc<RefCell<Option<Result<(), String>>>> = Rc::new(RefCell::new(None));
    let slot = Rc::clone(&outcome);
    let mut conf = window_conf(title, fast);
    if screenshot.is_none() {
        let [w, h] = opts.window.unwrap_or(DEFAULT_WINDOW);
        conf.miniquad_conf.window_width = w;
        conf.miniquad_conf.window_height = h;
    }
    let opened = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
        macroquad::Window::from_config(conf, async move {
            let result = match screenshot {
                Some(_) => board_loop(map, screenshot).await,
                None => app::run(map, app).await,
            };
            *slot.borrow_mut() = Some(result);
        })
    }));
    if let Err(panic) = opened {
        // miniquad reports a missing GL driver or X server by panicking.
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown error".into());
        return Err(format!("cannot open the board's window: {why}"));
    }
    let result = outcome.borrow_mut().take();
    match result {
        Some(r) => r,
        // Closing the window ends the loop without a result; that is a normal exit, unless a
        // screenshot was asked for and never written.
        None if opts.screenshot.is_some() => {
            Err("the window closed before the screenshot was taken".into())
        }
        None => Ok(()),
    }
}

/// What the menus start from.
pub struct AppStart {
    /// Maps and saves folders.
    pub places: screens::Places,
    /// Scripted input, if any.
    pub script: Option<Vec<script::Step>>,
    /// Folder for a script's screenshots.
    pub shots: PathBuf,
}

mod app;

fn window_conf(title: String, screenshot: bool) -> macroquad::conf::Conf {
    let mut platform = macroquad::miniquad::conf::Platform::default();
    if screenshot {
        // Timing frames against vsync would measure the monitor, not the board.
        platform.swap_interval = Some(0);
    }
    macroquad::conf::Conf {
        miniquad_conf: macroquad::miniquad::conf::Conf {
            window_title: title,
            window_width: WINDOW_SIZE[0],
            window_height: WINDOW_SIZE[1],
            high_dpi: false,
            sample_count: 4,
            window_resizable: !screenshot,
            platform,
            ..Default::default()
        },
        // One draw call must hold a whole mesh chunk (see `mesh::CHUNK_LIMITS`); macroquad's
        // default of 10,000 vertices and 5,000 indices would clamp them.
        draw_call_vertex_capacity: mesh::CHUNK_LIMITS.vertices + 768,
        draw_call_index_capacity: mesh::CHUNK_LIMITS.indices + 1536,
        ..Default::default()
    }
}

async fn board_loop(map: GameMap, screenshot: Option<PathBuf>) -> Result<(), String> {
    let fonts = Fonts::load()?;
    let mut board = Board::new(map, fonts);
    match screenshot {
        None => loop {
            board.handle_input(get_frame_time());
            board.draw();
            next_frame().await;
        },
        Some(path) => screenshot_mode(&mut board, &path).await,
    }
}

async fn screenshot_mode(board: &mut Board, path: &Path) -> Result<(), String> {
    let fitted = board.fitted_view();
    board.set_view(fitted);
    for _ in 0..WARMUP_FRAMES {
        board.draw();
        next_frame().await;
    }
    let mut times = Vec::with_capacity(TIMED_FRAMES);
    let mut last = Instant::now();
    for i in 0..TIMED_FRAMES {
        let mut view = fitted;
        if i >= TIMED_FRAMES / 2 {
            // A slow circle of 150 px: panning without changing the zoom bucket.
            let a = (i - TIMED_FRAMES / 2) as f32 * 0.1;
            view.pan_px([150.0 * a.cos(), 150.0 * a.sin()]);
        }
        board.set_view(view);
        board.draw();
        next_frame().await;
        let now = Instant::now();
        times.push((now - last).as_secs_f64() * 1000.0);
        last = now;
    }
    let (median, p99) = frame_stats(&mut times);
    eprintln!(
        "frame_ms median={median:.2} p99={p99:.2} over {} frames",
        times.len()
    );
    let (chunks, vertices) = board.mesh_stats();
    eprintln!("meshes: {chunks} chunks, {vertices} vertices at the fitted zoom");

    board.set_view(fitted);
    board.draw();
    next_frame().await;
    board.draw();
    let mut image = get_screen_data();
    write_png(&mut image, path)
}

/// Median and 99th percentile of frame times.
pub fn frame_stats(times: &mut [f64]) -> (f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}

pub(crate) fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Write the screen to `path` atomically: a temporary PNG beside it, synced, then renamed over.
pub(crate) fn write_png(image: &mut Image, path: &Path) -> Result<(), String> {
    // The framebuffer's alpha is whatever blending left there; a screenshot is opaque.
    for px in image.bytes.chunks_exact_mut(4) {
        px[3] = 255;
    }
    let fail = |e: std::io::Error| format!("cannot write the screenshot {}: {e}", path.display());
    let mut builder = tempfile::Builder::new();
    builder.prefix(".omms-screenshot-").suffix(".png");
    #[cfg(unix)]
    {
        // An ordinary file, not tempfile's private 0600 one.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o644));
    }
    let tmp = builder.tempfile_in(parent_dir(path)).map_err(fail)?;
    let tmp_path = tmp
        .path()
        .to_str()
        .ok_or_else(|| format!("screenshot path {} is not UTF-8", path.display()))?
        .to_owned();
    image.export_png(&tmp_path);
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_stats_pick_the_median_and_the_slow_tail() {
        let mut t: Vec<f64> = (1..=100).map(f64::from).collect();
        t.reverse();
        let (median, p99) = frame_stats(&mut t);
        assert!((median - 51.0).abs() < 1e-9 || (median - 50.0).abs() < 1e-9);
        assert!(p99 >= 98.0);
        assert_eq!(frame_stats(&mut []), (0.0, 0.0));
    }

    #[test]
    fn the_embedded_fonts_are_truetype() {
        for font in [FONT_REGULAR, FONT_BOLD] {
            assert_eq!(&font[..4], &[0, 1, 0, 0]);
        }
    }
}
