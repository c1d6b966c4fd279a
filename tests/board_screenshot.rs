//! The board as a player sees it: the real binary renders the shipped Andorra map in a window
//! under a virtual X server, and the screenshot must show a map, not a blank or garbled frame.

use std::collections::HashSet;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use macroquad::color::Color;
use macroquad::prelude::ImageFormat;
use macroquad::texture::Image;
use omms::ui::style;

mod common;
use common::display::{have_xvfb, run_with_timeout, under_xvfb};

fn rgb(c: Color) -> [u8; 3] {
    let [r, g, b, _]: [u8; 4] = c.into();
    [r, g, b]
}

fn near(p: &[u8], c: [u8; 3], tol: i32) -> bool {
    (0..3).all(|i| (i32::from(p[i]) - i32::from(c[i])).abs() <= tol)
}

#[test]
fn andorra_board_screenshot_shows_roads_names_and_attribution() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let png = tmp.path().join("x.png");
    let out = run_with_timeout(
        under_xvfb()
            .arg("--map")
            .arg(root.join("maps/andorra"))
            .arg("--screenshot")
            .arg(&png)
            .current_dir(tmp.path()),
        Duration::from_secs(180),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "omms failed: {stderr}");
    assert!(stderr.contains("frame_ms median="), "{stderr}");
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers, vec!["x.png"], "only the PNG, no temporary file");

    let img = Image::from_file_with_format(&std::fs::read(&png).unwrap(), Some(ImageFormat::Png))
        .unwrap();
    assert_eq!((img.width, img.height), (1280, 800));
    let (w, h) = (usize::from(img.width), usize::from(img.height));
    let px = |x: usize, y: usize| &img.bytes[(y * w + x) * 4..(y * w + x) * 4 + 4];
    let count = |x0: usize, y0: usize, x1: usize, y1: usize, c: [u8; 3], tol: i32| {
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| near(px(x, y), c, tol))
            .count()
    };

    let colours: HashSet<&[u8]> = img.bytes.chunks_exact(4).collect();
    assert!(colours.len() > 200, "only {} colours", colours.len());
    let land = rgb(style::LAND);
    let not_land = img
        .bytes
        .chunks_exact(4)
        .filter(|p| !near(p, land, 3))
        .count();
    let share = not_land as f64 / (w * h) as f64;
    assert!(
        share > 0.04 && share < 0.6,
        "{:.1}% of pixels differ from the land",
        share * 100.0
    );

    // Every road class is drawn in its own colour (Andorra has no motorway: the legend's M
    // swatch is the one that must be there), plus water and dark text.
    let a = rgb(style::road_style(omms::map::RoadClass::A).fill);
    let b = rgb(style::road_style(omms::map::RoadClass::B).fill);
    let m = rgb(style::road_style(omms::map::RoadClass::M).fill);
    assert!(count(0, 0, w, h, a, 10) > 2_000, "A roads");
    assert!(count(0, 0, w, h, b, 10) > 2_000, "B roads");
    assert!(count(0, 0, w, h, m, 10) > 40, "motorway legend");
    assert!(count(0, 0, w, h, rgb(style::WATER), 8) > 200, "water");
    assert!(
        count(0, 0, w, h, rgb(style::INK), 40) > 2_000,
        "names and panels"
    );

    // Right way up: the map name is top left, the attribution bottom right, and Andorra's
    // empty north-east corner has no text.
    let ink = rgb(style::INK);
    assert!(
        count(10, 10, 200, 40, ink, 40) > 100,
        "title at the top left"
    );
    assert!(
        count(w - 300, h - 36, w, h, ink, 60) > 100,
        "attribution at the bottom right"
    );
    assert_eq!(
        count(w - 250, 0, w, 30, ink, 40),
        0,
        "nothing written top right"
    );
}

#[test]
fn a_missing_map_is_a_clear_error_without_a_window() {
    let tmp = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_omms"))
        .arg("--map")
        .arg(tmp.path().join("no-such-map"))
        .arg("--screenshot")
        .arg(tmp.path().join("x.png"))
        .env_remove("DISPLAY")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no-such-map"), "{stderr}");
    assert!(!tmp.path().join("x.png").exists());
}
