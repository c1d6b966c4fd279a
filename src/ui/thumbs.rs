//! Map thumbnails for the new-game screen: each package's road network and playable places,
//! drawn small enough to tell the maps apart at a glance.
//!
//! Loading a package takes tens of milliseconds (the terrain layer dominates), so the packages are
//! loaded and drawn on a worker thread while the screen stays live; only the upload of each
//! finished image to the GPU happens on the UI thread. Finished thumbnails are kept for the rest
//! of the run, so opening the screen again shows them at once. With `OMMS_TIMINGS` set in the
//! environment, how long each took is printed to stderr.

use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::time::Instant;

use macroquad::color::Color;
use macroquad::texture::{FilterMode, Texture2D};

use super::map_cache::{key, stamp, Stamp};
use super::style;
use crate::map::GameMap;

/// Thumbnail size in screen pixels.
pub const SIZE: [u32; 2] = [196, 100];
/// Each thumbnail pixel is drawn as `SS × SS` samples and averaged: the roads come out smooth
/// without a GPU render target.
const SS: u32 = 3;

/// What the setup screen shows for one map once its package is read.
#[derive(Clone)]
pub struct Summary {
    /// Playable settlement places at the map's own scale.
    pub playable: usize,
    /// The road network, [`SIZE`] pixels.
    pub thumb: Texture2D,
}

/// A summary as the worker thread produces it: plain bytes, no GPU objects.
struct Raw {
    playable: usize,
    rgba: Vec<u8>,
    millis: f64,
}

thread_local! {
    static DONE: RefCell<Vec<(PathBuf, Stamp, Summary)>> = const { RefCell::new(Vec::new()) };
}

/// The summary of the package in `dir` if it was made earlier in this run and the package has
/// not changed since.
pub fn cached(dir: &std::path::Path) -> Option<Summary> {
    let (k, s) = (key(dir), stamp(dir));
    DONE.with_borrow(|done| {
        done.iter()
            .find(|(dk, ds, _)| *dk == k && *ds == s)
            .map(|(_, _, sum)| sum.clone())
    })
}

/// Packages being summarised on a worker thread.
pub struct Loader {
    rx: Receiver<(usize, PathBuf, Result<Raw, String>)>,
    waiting: usize,
    started: Instant,
}

impl Loader {
    /// Start summarising `jobs` (an index the caller chooses, and a package folder).
    pub fn spawn(jobs: Vec<(usize, PathBuf)>) -> Loader {
        let (tx, rx) = channel();
        let waiting = jobs.len();
        std::thread::spawn(move || {
            for (i, dir) in jobs {
                let t = Instant::now();
                let raw = GameMap::load(&dir)
                    .map_err(|e| e.to_string())
                    .and_then(|map| {
                        // A package with nowhere to put a base would softlock at base placement.
                        let playable = map.places().iter().filter(|p| p.playable()).count();
                        if playable == 0 {
                            return Err(format!(
                                "cannot be played: {} has no playable settlement ({} settlements, none within a 1p coin of an M, A or B road)",
                                dir.join(crate::map::package::MAP_FILE).display(),
                                map.places().len()
                            ));
                        }
                        Ok(map)
                    })
                    .map(|map| Raw {
                        playable: map.places().iter().filter(|p| p.playable()).count(),
                        rgba: raster(&map, SIZE),
                        millis: t.elapsed().as_secs_f64() * 1000.0,
                    });
                if tx.send((i, dir, raw)).is_err() {
                    return; // the screen was left
                }
            }
        });
        Loader {
            rx,
            waiting,
            started: Instant::now(),
        }
    }

    /// Summaries finished since the last call, by the caller's index. Uploads the images, so
    /// call it from the UI thread.
    pub fn poll(&mut self) -> Vec<(usize, Result<Summary, String>)> {
        let mut out = Vec::new();
        loop {
            match self.rx.try_recv() {
                Ok((i, dir, raw)) => {
                    self.waiting -= 1;
                    out.push((i, raw.map(|raw| remember(&dir, raw))));
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    // The worker died (a panic in a package reader): nothing more will come.
                    self.waiting = 0;
                    break;
                }
            }
        }
        if !out.is_empty() && self.waiting == 0 && std::env::var_os("OMMS_TIMINGS").is_some() {
            eprintln!(
                "map thumbnails: all done {:.0} ms after the screen opened",
                self.started.elapsed().as_secs_f64() * 1000.0
            );
        }
        out
    }

    /// Whether summaries are still to come.
    pub fn busy(&self) -> bool {
        self.waiting > 0
    }
}

fn remember(dir: &std::path::Path, raw: Raw) -> Summary {
    if std::env::var_os("OMMS_TIMINGS").is_some() {
        eprintln!(
            "map thumbnail {}: loaded and drawn in {:.0} ms",
            dir.display(),
            raw.millis
        );
    }
    let thumb = Texture2D::from_rgba8(SIZE[0] as u16, SIZE[1] as u16, &raw.rgba);
    thumb.set_filter(FilterMode::Linear);
    let sum = Summary {
        playable: raw.playable,
        thumb,
    };
    let (k, s) = (key(dir), stamp(dir));
    DONE.with_borrow_mut(|done| {
        done.retain(|(dk, _, _)| *dk != k);
        done.push((k, s, sum.clone()));
    });
    sum
}

/// The map's major roads (B, then A, then M on top, in the board's colours) and its playable
/// places, fitted into `size` pixels with north up, as RGBA bytes.
pub fn raster(map: &GameMap, size: [u32; 2]) -> Vec<u8> {
    let (w, h) = (size[0] * SS, size[1] * SS);
    let mut canvas = Canvas {
        w,
        h,
        px: vec![rgb(style::LAND); (w * h) as usize],
    };
    let b = map.bounds_xy();
    let margin = 0.06;
    let scale = (f64::from(w) * (1.0 - 2.0 * margin) / (b[2] - b[0]).max(1.0))
        .min(f64::from(h) * (1.0 - 2.0 * margin) / (b[3] - b[1]).max(1.0));
    let (cx, cy) = ((b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0);
    let to_px = |p: [f64; 2]| {
        [
            (f64::from(w) / 2.0 + (p[0] - cx) * scale) as f32,
            (f64::from(h) / 2.0 - (p[1] - cy) * scale) as f32,
        ]
    };
    for class in style::PAINT_ORDER {
        let road = style::road_style(class);
        // Under the board's width at its opening zoom: a thumbnail's roads are fine lines.
        let r = road.width_px * 0.35 * SS as f32;
        for e in map.roads().edges().iter().filter(|e| e.class() == class) {
            for seg in e.points().windows(2) {
                canvas.line(to_px(seg[0]), to_px(seg[1]), r, rgb(road.fill));
            }
        }
    }
    for p in map.places().iter().filter(|p| p.playable()) {
        let c = to_px(p.pos());
        canvas.disc(c, 1.3 * SS as f32, rgb(style::INK));
    }
    canvas.downsample(size)
}

fn rgb(c: Color) -> [f32; 3] {
    [c.r, c.g, c.b]
}

struct Canvas {
    w: u32,
    h: u32,
    px: Vec<[f32; 3]>,
}

impl Canvas {
    fn disc(&mut self, c: [f32; 2], r: f32, col: [f32; 3]) {
        let (x0, x1) = ((c[0] - r).floor().max(0.0), (c[0] + r).ceil());
        let (y0, y1) = ((c[1] - r).floor().max(0.0), (c[1] + r).ceil());
        for y in y0 as u32..(y1.max(0.0) as u32).min(self.h) {
            for x in x0 as u32..(x1.max(0.0) as u32).min(self.w) {
                let (dx, dy) = (x as f32 + 0.5 - c[0], y as f32 + 0.5 - c[1]);
                if dx * dx + dy * dy <= r * r {
                    self.px[(y * self.w + x) as usize] = col;
                }
            }
        }
    }

    /// A round-capped line of radius `r`, as discs every sample.
    fn line(&mut self, a: [f32; 2], b: [f32; 2], r: f32, col: [f32; 3]) {
        let len = (b[0] - a[0]).hypot(b[1] - a[1]);
        let n = len.ceil().max(1.0) as u32;
        for i in 0..=n {
            let t = i as f32 / n as f32;
            self.disc([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], r, col);
        }
    }

    fn downsample(&self, size: [u32; 2]) -> Vec<u8> {
        let mut out = Vec::with_capacity((size[0] * size[1] * 4) as usize);
        let k = (SS * SS) as f32;
        for y in 0..size[1] {
            for x in 0..size[0] {
                let mut sum = [0.0f32; 3];
                for sy in 0..SS {
                    for sx in 0..SS {
                        let p = self.px[((y * SS + sy) * self.w + x * SS + sx) as usize];
                        for c in 0..3 {
                            sum[c] += p[c];
                        }
                    }
                }
                out.extend(sum.map(|s| (s / k * 255.0).round() as u8));
                out.push(255);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thumbnail_shows_the_roads_in_their_colours_on_the_paper() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra");
        let map = GameMap::load(&dir).unwrap();
        let size = [60, 40];
        let img = raster(&map, size);
        assert_eq!(img.len(), 60 * 40 * 4);
        let px: Vec<[u8; 3]> = img.chunks(4).map(|c| [c[0], c[1], c[2]]).collect();
        let land = rgb(style::LAND).map(|c| (c * 255.0).round() as u8);
        assert_eq!(px[0], land, "the corner is paper");
        // Andorra's A roads are red: some pixel is clearly red.
        assert!(
            px.iter().any(|p| p[0] > 180 && p[1] < 110 && p[2] < 110),
            "no A road drawn"
        );
        let inked = px.iter().filter(|p| **p != land).count();
        assert!(inked > 40 && inked < 60 * 40 / 2, "{inked} pixels drawn");
    }
}
