//! Turning map geometry into triangle meshes, in world metres, split into chunks that one
//! macroquad draw call can hold. Pure functions: nothing here needs a window.
//!
//! macroquad batches every `draw_mesh` into a draw call of at most
//! `draw_call_vertex_capacity` vertices and silently clamps anything bigger, and its indices are
//! `u16`; so every chunk stays below [`CHUNK_LIMITS`], which `ui::run` matches with the window's
//! draw-call capacity.

use geo::{Polygon, Simplify, TriangulateEarcut};
use macroquad::color::Color;
use macroquad::models::{Mesh, Vertex};

/// Upper bounds of one chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkLimits {
    /// Vertices per chunk (below 65,536 so `u16` indices reach them all).
    pub vertices: usize,
    /// Indices per chunk.
    pub indices: usize,
}

/// The limits the board uses. Strictly below the draw-call capacity `ui::run` asks for, because
/// macroquad clamps a mesh whose size *reaches* the capacity.
pub const CHUNK_LIMITS: ChunkLimits = ChunkLimits {
    vertices: 32_000,
    indices: 64_000,
};

/// A turn sharper than this (cosine of the angle between segments) ends a strip and gets a
/// round join instead: a mitre there would spike or pinch.
const SHARP_TURN_COS: f32 = 0.5;
/// Mitres are never longer than this many half-widths.
const MITER_LIMIT: f32 = 2.0;

/// One drawable piece: a mesh and the world box it covers, for culling.
pub struct Chunk {
    /// Vertices and `u16` indices; no texture.
    pub mesh: Mesh,
    /// `[minx, miny, maxx, maxy]` in metres.
    pub bounds: [f32; 4],
}

impl Chunk {
    fn new() -> Self {
        Chunk {
            mesh: Mesh {
                vertices: Vec::new(),
                indices: Vec::new(),
                texture: None,
            },
            bounds: [
                f32::INFINITY,
                f32::INFINITY,
                f32::NEG_INFINITY,
                f32::NEG_INFINITY,
            ],
        }
    }

    /// Whether the chunk's box overlaps `view` (`[minx, miny, maxx, maxy]`).
    pub fn overlaps(&self, view: [f32; 4]) -> bool {
        self.bounds[0] <= view[2]
            && self.bounds[2] >= view[0]
            && self.bounds[1] <= view[3]
            && self.bounds[3] >= view[1]
    }
}

/// Accumulates triangles into chunks, starting a new chunk whenever the next primitive would
/// not fit.
pub struct MeshBuilder {
    limits: ChunkLimits,
    chunks: Vec<Chunk>,
}

impl Default for MeshBuilder {
    fn default() -> Self {
        Self::new(CHUNK_LIMITS)
    }
}

impl MeshBuilder {
    /// An empty builder with the given limits.
    pub fn new(limits: ChunkLimits) -> Self {
        assert!(limits.vertices <= 65_536 && limits.vertices >= 64 && limits.indices >= 96);
        MeshBuilder {
            limits,
            chunks: Vec::new(),
        }
    }

    /// The chunks built so far, in painting order.
    pub fn finish(self) -> Vec<Chunk> {
        self.chunks
            .into_iter()
            .filter(|c| !c.mesh.indices.is_empty())
            .collect()
    }

    /// The chunk to append `nv` vertices and `ni` indices to; returns it with the index of its
    /// first new vertex.
    fn room(&mut self, nv: usize, ni: usize) -> (&mut Chunk, u16) {
        assert!(nv <= self.limits.vertices && ni <= self.limits.indices);
        let full = match self.chunks.last() {
            None => true,
            Some(c) => {
                c.mesh.vertices.len() + nv > self.limits.vertices
                    || c.mesh.indices.len() + ni > self.limits.indices
            }
        };
        if full {
            self.chunks.push(Chunk::new());
        }
        let chunk = self.chunks.last_mut().expect("just ensured");
        let base = chunk.mesh.vertices.len() as u16;
        (chunk, base)
    }

    /// A filled disc (triangle fan).
    pub fn disc(&mut self, c: [f32; 2], r: f32, segments: usize, color: Color) {
        let segments = segments.max(3);
        let (chunk, base) = self.room(segments + 1, segments * 3);
        push(chunk, c, color);
        for i in 0..segments {
            let a = std::f32::consts::TAU * i as f32 / segments as f32;
            push(chunk, [c[0] + r * a.cos(), c[1] + r * a.sin()], color);
        }
        for i in 0..segments as u16 {
            let next = (i + 1) % segments as u16;
            chunk
                .mesh
                .indices
                .extend([base, base + 1 + i, base + 1 + next]);
        }
    }

    /// A circle outline of radius `r` and width `2 * half_width`.
    pub fn ring(&mut self, c: [f32; 2], r: f32, half_width: f32, segments: usize, color: Color) {
        let segments = segments.max(3);
        let (chunk, base) = self.room(segments * 2, segments * 6);
        let (r_in, r_out) = ((r - half_width).max(0.0), r + half_width);
        for i in 0..segments {
            let a = std::f32::consts::TAU * i as f32 / segments as f32;
            let (s, co) = a.sin_cos();
            push(chunk, [c[0] + r_in * co, c[1] + r_in * s], color);
            push(chunk, [c[0] + r_out * co, c[1] + r_out * s], color);
        }
        for i in 0..segments as u16 {
            let j = (i + 1) % segments as u16;
            let (a, b, c2, d) = (
                base + 2 * i,
                base + 2 * i + 1,
                base + 2 * j,
                base + 2 * j + 1,
            );
            chunk.mesh.indices.extend([a, b, d, a, d, c2]);
        }
    }

    /// A thick line through `points`: a triangle strip with mitred joins, split at sharp turns,
    /// which get a round join of `join_segments` sides (see [`circle_segments`]). The ends are
    /// left square: callers add round caps where lines meet, once per junction.
    pub fn polyline(
        &mut self,
        points: &[[f32; 2]],
        half_width: f32,
        color: Color,
        join_segments: usize,
    ) {
        let pts = dedup(points);
        if pts.len() < 2 {
            return;
        }
        let mut start = 0;
        for i in 1..pts.len() - 1 {
            let d_in = unit(sub(pts[i], pts[i - 1]));
            let d_out = unit(sub(pts[i + 1], pts[i]));
            if dot(d_in, d_out) < SHARP_TURN_COS {
                self.strip(&pts[start..=i], half_width, color);
                self.disc(pts[i], half_width, join_segments, color);
                start = i;
            }
        }
        self.strip(&pts[start..], half_width, color);
    }

    /// A strip without sharp turns: two vertices per point, six indices per segment. Long strips
    /// are cut into pieces sharing a point whose vertices sit at the same mitred positions, so
    /// the cut is seamless.
    fn strip(&mut self, pts: &[[f32; 2]], hw: f32, color: Color) {
        let n = pts.len();
        let offsets: Vec<[f32; 2]> = (0..n)
            .map(|i| {
                let n_in = (i > 0).then(|| left_normal(sub(pts[i], pts[i - 1])));
                let n_out = (i + 1 < n).then(|| left_normal(sub(pts[i + 1], pts[i])));
                match (n_in, n_out) {
                    (Some(a), Some(b)) => {
                        let m = add(a, b);
                        let len = (m[0] * m[0] + m[1] * m[1]).sqrt();
                        if len < 1e-6 {
                            scale(a, hw)
                        } else {
                            let m = scale(m, 1.0 / len);
                            let cos_half = dot(m, a).max(1.0 / MITER_LIMIT);
                            scale(m, hw / cos_half)
                        }
                    }
                    (Some(a), None) | (None, Some(a)) => scale(a, hw),
                    (None, None) => [0.0, 0.0],
                }
            })
            .collect();
        let max_points = (self.limits.vertices / 2).min(self.limits.indices / 6 + 1);
        let mut first = 0;
        while first + 1 < n {
            let last = (first + max_points - 1).min(n - 1);
            let count = last - first + 1;
            let (chunk, base) = self.room(count * 2, (count - 1) * 6);
            for i in first..=last {
                push(chunk, add(pts[i], offsets[i]), color);
                push(chunk, sub(pts[i], offsets[i]), color);
            }
            for k in 0..(count - 1) as u16 {
                let (l0, r0, l1, r1) = (
                    base + 2 * k,
                    base + 2 * k + 1,
                    base + 2 * k + 2,
                    base + 2 * k + 3,
                );
                chunk.mesh.indices.extend([l0, r0, l1, r0, r1, l1]);
            }
            first = last;
        }
    }

    /// Triangles over shared vertices (e.g. a triangulated polygon). A triangulation too big
    /// for one chunk is spread over several, copying the vertices each chunk needs.
    pub fn triangles(&mut self, vertices: &[[f32; 2]], indices: &[usize], color: Color) {
        let mut local: Vec<Option<u16>> = vec![None; vertices.len()];
        let mut used: Vec<usize> = Vec::new();
        for tri in indices.chunks_exact(3) {
            let new = tri.iter().filter(|&&i| local[i].is_none()).count();
            let fits = self.chunks.last().is_some_and(|c| {
                c.mesh.vertices.len() + new <= self.limits.vertices
                    && c.mesh.indices.len() + 3 <= self.limits.indices
            });
            if !fits {
                // Local indices belong to the chunk being left behind.
                for &i in &used {
                    local[i] = None;
                }
                used.clear();
                self.chunks.push(Chunk::new());
            }
            let chunk = self.chunks.last_mut().expect("ensured above");
            for &i in tri {
                let li = match local[i] {
                    Some(li) => li,
                    None => {
                        let li = chunk.mesh.vertices.len() as u16;
                        push(chunk, vertices[i], color);
                        local[i] = Some(li);
                        used.push(i);
                        li
                    }
                };
                chunk.mesh.indices.push(li);
            }
        }
    }

    /// A filled polygon with holes, triangulated by ear clipping.
    pub fn polygon(&mut self, polygon: &Polygon<f64>, color: Color) {
        let raw = polygon.earcut_triangles_raw();
        let verts: Vec<[f32; 2]> = raw
            .vertices
            .iter()
            .map(|v| [v[0] as f32, v[1] as f32])
            .collect();
        self.triangles(&verts, &raw.triangle_indices, color);
    }
}

/// Sides a circle of `radius_px` pixels needs so that no point of the polygon is more than a
/// quarter pixel inside the true circle.
pub fn circle_segments(radius_px: f32) -> usize {
    if radius_px <= 0.25 {
        return 6;
    }
    let half_angle = (1.0 - 0.25 / radius_px).acos();
    ((std::f32::consts::PI / half_angle).ceil() as usize).clamp(6, 128)
}

/// `points` simplified (Douglas–Peucker) to `tolerance` metres and converted to `f32`: detail
/// finer than a fraction of a pixel costs vertices and shows nothing.
pub fn simplified(points: &[[f64; 2]], tolerance: f64) -> Vec<[f32; 2]> {
    let to32 = |p: &[f64; 2]| [p[0] as f32, p[1] as f32];
    if points.len() <= 2 || tolerance <= 0.0 {
        return points.iter().map(to32).collect();
    }
    let line: geo::LineString<f64> = points.iter().map(|p| (p[0], p[1])).collect();
    line.simplify(tolerance)
        .0
        .iter()
        .map(|c| [c.x as f32, c.y as f32])
        .collect()
}

fn push(chunk: &mut Chunk, p: [f32; 2], color: Color) {
    let b = &mut chunk.bounds;
    b[0] = b[0].min(p[0]);
    b[1] = b[1].min(p[1]);
    b[2] = b[2].max(p[0]);
    b[3] = b[3].max(p[1]);
    chunk
        .mesh
        .vertices
        .push(Vertex::new(p[0], p[1], 0.0, 0.0, 0.0, color));
}

fn dedup(points: &[[f32; 2]]) -> Vec<[f32; 2]> {
    let mut out: Vec<[f32; 2]> = Vec::with_capacity(points.len());
    for &p in points {
        if out.last() != Some(&p) {
            out.push(p);
        }
    }
    out
}

fn sub(a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    [a[0] - b[0], a[1] - b[1]]
}

fn add(a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    [a[0] + b[0], a[1] + b[1]]
}

fn scale(a: [f32; 2], k: f32) -> [f32; 2] {
    [a[0] * k, a[1] * k]
}

fn dot(a: [f32; 2], b: [f32; 2]) -> f32 {
    a[0] * b[0] + a[1] * b[1]
}

fn unit(a: [f32; 2]) -> [f32; 2] {
    let len = dot(a, a).sqrt();
    if len == 0.0 {
        [0.0, 0.0]
    } else {
        scale(a, 1.0 / len)
    }
}

fn left_normal(d: [f32; 2]) -> [f32; 2] {
    let u = unit(d);
    [-u[1], u[0]]
}

#[cfg(test)]
mod tests {
    use super::*;
    use macroquad::color::WHITE;

    fn counts(chunks: &[Chunk]) -> (usize, usize) {
        chunks.iter().fold((0, 0), |(v, i), c| {
            (v + c.mesh.vertices.len(), i + c.mesh.indices.len())
        })
    }

    fn assert_valid(chunks: &[Chunk], limits: ChunkLimits) {
        for c in chunks {
            assert!(c.mesh.vertices.len() <= limits.vertices);
            assert!(c.mesh.indices.len() <= limits.indices);
            assert_eq!(c.mesh.indices.len() % 3, 0);
            assert!(c
                .mesh
                .indices
                .iter()
                .all(|&i| (i as usize) < c.mesh.vertices.len()));
        }
    }

    #[test]
    fn a_two_point_segment_is_one_quad() {
        let mut b = MeshBuilder::default();
        b.polyline(&[[0.0, 0.0], [10.0, 0.0]], 1.0, WHITE, 8);
        let chunks = b.finish();
        assert_eq!(chunks.len(), 1);
        assert_eq!(counts(&chunks), (4, 6));
        let ys: Vec<f32> = chunks[0]
            .mesh
            .vertices
            .iter()
            .map(|v| v.position.y)
            .collect();
        assert_eq!(ys, vec![1.0, -1.0, 1.0, -1.0]);
        assert_eq!(chunks[0].bounds, [0.0, -1.0, 10.0, 1.0]);
    }

    #[test]
    fn gentle_bends_share_vertices_and_sharp_turns_get_a_join() {
        let mut b = MeshBuilder::default();
        b.polyline(&[[0.0, 0.0], [10.0, 0.0], [20.0, 1.0]], 1.0, WHITE, 8);
        assert_eq!(counts(&b.finish()), (6, 12));

        let mut b = MeshBuilder::default();
        b.polyline(&[[0.0, 0.0], [10.0, 0.0], [0.0, 1.0]], 1.0, WHITE, 8);
        // Two separate quads plus an 8-sided disc at the turn.
        assert_eq!(counts(&b.finish()), (4 + 4 + 9, 6 + 6 + 24));
    }

    #[test]
    fn mitres_keep_the_width_on_a_right_angle_free_bend() {
        let mut b = MeshBuilder::default();
        b.polyline(&[[0.0, 0.0], [10.0, 0.0], [20.0, 10.0]], 1.0, WHITE, 8);
        let chunks = b.finish();
        let v = &chunks[0].mesh.vertices;
        // The middle pair sits on the bisector, further out than the half width.
        let (l, r) = (v[2].position, v[3].position);
        let half = ((l.x - r.x).powi(2) + (l.y - r.y).powi(2)).sqrt() / 2.0;
        let expected = 1.0 / (std::f32::consts::PI / 8.0).cos();
        assert!((half - expected).abs() < 1e-4, "{half} vs {expected}");
    }

    #[test]
    fn long_lines_are_split_across_chunks_within_the_limits() {
        let limits = ChunkLimits {
            vertices: 100,
            indices: 120,
        };
        let pts: Vec<[f32; 2]> = (0..1000)
            .map(|i| [i as f32, (i % 2) as f32 * 0.01])
            .collect();
        let mut b = MeshBuilder::new(limits);
        b.polyline(&pts, 0.5, WHITE, 8);
        let chunks = b.finish();
        assert!(chunks.len() > 10);
        assert_valid(&chunks, limits);
        // Every segment is still there: 6 indices each.
        assert_eq!(counts(&chunks).1, 999 * 6);
    }

    #[test]
    fn the_default_limits_fit_u16_and_a_big_network_stays_within_them() {
        const { assert!(CHUNK_LIMITS.vertices <= 65_535) };
        let mut b = MeshBuilder::default();
        for k in 0..5_000 {
            let y = k as f32 * 3.0;
            let pts: Vec<[f32; 2]> = (0..20)
                .map(|i| [i as f32 * 5.0, y + (i % 3) as f32])
                .collect();
            b.polyline(&pts, 1.0, WHITE, 8);
            b.disc([0.0, y], 2.0, 48, WHITE);
            b.ring([0.0, y], 2.0, 0.2, 48, WHITE);
        }
        let chunks = b.finish();
        assert!(chunks.len() > 1);
        assert_valid(&chunks, CHUNK_LIMITS);
    }

    #[test]
    fn a_big_triangulation_is_spread_over_chunks() {
        let limits = ChunkLimits {
            vertices: 64,
            indices: 96,
        };
        // A fan of 200 triangles around vertex 0.
        let mut verts = vec![[0.0f32, 0.0]];
        let mut idx = Vec::new();
        for i in 0..=200 {
            let a = i as f32 * 0.01;
            verts.push([a.cos(), a.sin()]);
            if i > 0 {
                idx.extend([0, i, i + 1]);
            }
        }
        let mut b = MeshBuilder::new(limits);
        b.triangles(&verts, &idx, WHITE);
        let chunks = b.finish();
        assert!(chunks.len() >= 7);
        assert_valid(&chunks, limits);
        assert_eq!(counts(&chunks).1, 600);
    }

    #[test]
    fn polygons_with_holes_triangulate() {
        let square =
            |s: f64| geo::LineString::from(vec![(-s, -s), (s, -s), (s, s), (-s, s), (-s, -s)]);
        let poly = Polygon::new(square(2.0), vec![square(1.0)]);
        let mut b = MeshBuilder::default();
        b.polygon(&poly, WHITE);
        let chunks = b.finish();
        // A square ring: 8 triangles.
        assert_eq!(counts(&chunks).1, 24);
    }

    #[test]
    fn circles_get_enough_sides_to_look_round_and_no_more() {
        assert_eq!(circle_segments(0.1), 6);
        assert_eq!(circle_segments(2.0), 7);
        assert_eq!(circle_segments(10.0), 15);
        assert!(circle_segments(150.0) > 50 && circle_segments(150.0) < 64);
        assert_eq!(circle_segments(1e6), 128);
    }

    #[test]
    fn simplification_drops_invisible_detail_only() {
        let pts: Vec<[f64; 2]> = (0..101)
            .map(|i| {
                [
                    i as f64,
                    if i == 50 {
                        10.0
                    } else {
                        0.001 * (i % 2) as f64
                    },
                ]
            })
            .collect();
        let s = simplified(&pts, 0.5);
        assert_eq!(
            s,
            vec![
                [0.0, 0.0],
                [49.0, 0.001],
                [50.0, 10.0],
                [51.0, 0.001],
                [100.0, 0.0]
            ]
        );
        assert_eq!(simplified(&pts[..2], 0.5).len(), 2);
    }
}
