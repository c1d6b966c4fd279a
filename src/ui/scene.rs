//! The static picture of the map as meshes in world metres: water built once, and roads and
//! coins rebuilt per zoom bucket so their pixel widths stay right.
//!
//! A bucket spans a factor of √2 in zoom; the widths inside it are those of the bucket's middle,
//! so on screen they drift by at most ±19% before the next rebuild. The last few buckets stay
//! cached, so zooming back and forth costs nothing.

use macroquad::models::draw_mesh;

use super::board::View;
use super::mesh::{circle_segments, simplified, Chunk, MeshBuilder};
use super::style;
use crate::map::{GameMap, Measure};

/// Zoom buckets kept in memory.
const CACHED_BUCKETS: usize = 4;
/// Simplification tolerance in pixels: well under one, so no simplification can be seen.
const SIMPLIFY_PX: f64 = 0.3;

/// Meshes of the whole map and a cache of the zoom-dependent ones.
pub struct Scene {
    water: Vec<Chunk>,
    layers: Vec<(i32, u64, Vec<Chunk>)>,
    ppm_fit: f64,
    frame: u64,
}

/// The zoom bucket `ppm` falls in.
pub fn bucket_of(ppm: f64) -> i32 {
    (ppm.log2() * 2.0).floor() as i32
}

/// The zoom a bucket's meshes are built for: its geometric middle.
pub fn bucket_ppm(bucket: i32) -> f64 {
    2f64.powf((f64::from(bucket) + 0.5) / 2.0)
}

impl Scene {
    /// Build the water meshes; `ppm_fit` is the zoom the board opens at, which the road widths
    /// are relative to.
    pub fn new(map: &GameMap, ppm_fit: f64) -> Scene {
        let mut b = MeshBuilder::default();
        for poly in map.water() {
            b.polygon(poly, style::WATER);
        }
        Scene {
            water: b.finish(),
            layers: Vec::new(),
            ppm_fit,
            frame: 0,
        }
    }

    /// Draw everything that overlaps the view; the camera must already be set to `view`.
    pub fn draw(&mut self, map: &GameMap, view: &View) {
        self.frame += 1;
        let bucket = bucket_of(view.ppm);
        let r = view.world_rect();
        // A small margin so a wide road or coin just off the edge is not culled too early.
        let m = 40.0 / view.ppm;
        let rect = [
            (r[0] - m) as f32,
            (r[1] - m) as f32,
            (r[2] + m) as f32,
            (r[3] + m) as f32,
        ];
        for c in self.water.iter().filter(|c| c.overlaps(rect)) {
            draw_mesh(&c.mesh);
        }
        let frame = self.frame;
        let i = match self.layers.iter().position(|l| l.0 == bucket) {
            Some(i) => i,
            None => {
                if self.layers.len() >= CACHED_BUCKETS {
                    let oldest = (0..self.layers.len())
                        .min_by_key(|&i| self.layers[i].1)
                        .expect("non-empty");
                    self.layers.swap_remove(oldest);
                }
                let chunks = build_layer(map, bucket_ppm(bucket), self.ppm_fit);
                self.layers.push((bucket, frame, chunks));
                self.layers.len() - 1
            }
        };
        self.layers[i].1 = frame;
        for c in self.layers[i].2.iter().filter(|c| c.overlaps(rect)) {
            draw_mesh(&c.mesh);
        }
    }

    /// Chunks and vertices of the water and the current zoom's layer, for diagnostics.
    pub fn stats(&self) -> (usize, usize) {
        let newest = self.layers.iter().max_by_key(|l| l.1);
        let all = self
            .water
            .iter()
            .chain(newest.into_iter().flat_map(|l| l.2.iter()));
        all.fold((0, 0), |(c, v), ch| (c + 1, v + ch.mesh.vertices.len()))
    }
}

/// Roads, water edges, coastlines and place markers for zoom `ppm`, in painting order: water
/// edges, all road casings, the fills of B, A then M roads, faint dots, then the coins on top.
pub fn build_layer(map: &GameMap, ppm: f64, ppm_fit: f64) -> Vec<Chunk> {
    let px = (1.0 / ppm) as f32;
    let wf = style::width_factor(ppm, ppm_fit);
    let tol = SIMPLIFY_PX / ppm;
    let mut b = MeshBuilder::default();

    let edge_px = 0.5 * px;
    for poly in map.water() {
        for ring in std::iter::once(poly.exterior()).chain(poly.interiors()) {
            let pts: Vec<[f64; 2]> = ring.coords().map(|c| [c.x, c.y]).collect();
            b.polyline(&simplified(&pts, tol), edge_px, style::WATER_EDGE, 6);
        }
    }
    for line in map.coastline() {
        let pts: Vec<[f64; 2]> = line.coords().map(|c| [c.x, c.y]).collect();
        b.polyline(&simplified(&pts, tol), 1.8 * edge_px, style::WATER_EDGE, 6);
    }

    let edges = map.roads().edges();
    let order = spatial_order(edges.iter().map(|e| e.points()[0]).collect::<Vec<_>>());
    let lines: Vec<Vec<[f32; 2]>> = edges.iter().map(|e| simplified(e.points(), tol)).collect();
    let ends = |class| {
        let mut ends: Vec<[f32; 2]> = order
            .iter()
            .filter(|&&i| edges[i].class() == class && !lines[i].is_empty())
            .flat_map(|&i| [lines[i][0], lines[i][lines[i].len() - 1]])
            .collect();
        ends.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
        ends.dedup();
        ends
    };
    // Casings first, all of them, so every fill covers every casing where roads meet.
    for (fill, class) in [false, true]
        .into_iter()
        .flat_map(|f| style::PAINT_ORDER.map(|c| (f, c)))
    {
        let s = style::road_style(class);
        let (hw_px, color) = if fill {
            (s.width_px * wf / 2.0, s.fill)
        } else {
            (s.width_px * wf / 2.0 + style::CASING_PX, s.casing)
        };
        let sides = circle_segments(hw_px);
        for &i in order.iter().filter(|&&i| edges[i].class() == class) {
            b.polyline(&lines[i], hw_px * px, color, sides);
        }
        // Round caps once per road end, so edges meeting at a junction join without notches.
        for p in ends(class) {
            b.disc(p, hw_px * px, sides, color);
        }
    }

    let coin_r = map.meta().scale.ground_m(Measure::Coin1p.radius_mm()) as f32;
    let coin_sides = circle_segments(coin_r / px);
    for p in map.places().iter().filter(|p| !p.playable()) {
        let c = [p.pos()[0] as f32, p.pos()[1] as f32];
        b.disc(c, style::FAINT_DOT_PX * px, 8, style::FAINT);
    }
    for p in map.places().iter().filter(|p| p.playable()) {
        let c = [p.pos()[0] as f32, p.pos()[1] as f32];
        let hw = style::coin_outline_px(p.kind()) * wf.sqrt() / 2.0 * px;
        b.disc(c, coin_r, coin_sides, style::COIN_FILL);
        b.ring(c, coin_r, hw, coin_sides, style::INK);
    }
    b.finish()
}

/// Indices of `points` in Z-order over a 64 × 64 grid, so that consecutive items, and hence the
/// chunks they land in, are close together on the map and culling skips whole chunks.
pub fn spatial_order(points: Vec<[f64; 2]>) -> Vec<usize> {
    let mut b = [
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    ];
    for p in &points {
        b = [
            b[0].min(p[0]),
            b[1].min(p[1]),
            b[2].max(p[0]),
            b[3].max(p[1]),
        ];
    }
    let cell = |v: f64, lo: f64, hi: f64| -> u32 {
        let t = if hi > lo { (v - lo) / (hi - lo) } else { 0.0 };
        ((t * 63.0).round() as u32).min(63)
    };
    let morton = |x: u32, y: u32| -> u32 {
        (0..6).fold(0, |m, bit| {
            m | (((x >> bit) & 1) << (2 * bit)) | (((y >> bit) & 1) << (2 * bit + 1))
        })
    };
    let mut keyed: Vec<(u32, usize)> = points
        .iter()
        .enumerate()
        .map(|(i, p)| (morton(cell(p[0], b[0], b[2]), cell(p[1], b[1], b[3])), i))
        .collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_span_a_factor_of_root_two_and_contain_their_middle() {
        for ppm in [0.001, 0.0437, 0.3, 1.0, 7.5] {
            let b = bucket_of(ppm);
            let mid = bucket_ppm(b);
            assert_eq!(bucket_of(mid), b);
            let ratio = ppm / mid;
            assert!(
                ratio > 0.70 && ratio < 1.42,
                "{ppm} in bucket {b} (middle {mid})"
            );
        }
        assert_eq!(bucket_of(1.0), 0);
        assert_eq!(bucket_of(1.5), 1);
    }

    #[test]
    fn spatial_order_keeps_neighbours_together() {
        let pts = vec![
            [0.0, 0.0],
            [100.0, 100.0],
            [1.0, 1.0],
            [99.0, 99.0],
            [0.0, 2.0],
        ];
        let order = spatial_order(pts);
        assert_eq!(order.len(), 5);
        let pos = |i: usize| order.iter().position(|&x| x == i).unwrap();
        // The three points near the origin come before the two far ones.
        assert!(pos(0).max(pos(2)).max(pos(4)) < pos(1).min(pos(3)));
    }
}
