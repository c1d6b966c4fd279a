//! The circle-constrained road reach (RULINGS §4): which parts of the major roads inside a circle
//! can be reached from a start without entering a blocking disc.
//!
//! Every road edge touching the circle is cut, by arc length, into the pieces that lie inside the
//! circle and outside every blocking disc ("spans"). Spans that touch a road node meet there, so a
//! union-find over spans and nodes gives the connected pieces. The reach begins on the spans
//! holding the points of road the unit stands on, or, for a coin (a settlement's, or an off-road
//! unit's), on every span overlapping its disc. Roads that cross without a shared node (bridges,
//! tunnels) never meet, and a unit on one of them does not stand on the other.
//! Working on exact segment/disc intersections keeps the answer independent of any sampling step.

use std::collections::HashMap;

use crate::map::{EdgeId, GameMap, NodeId, RoadClass};

/// Lengths below this (metres) are treated as zero when joining and comparing intervals.
const EPS: f64 = 1e-6;

/// A coin's disc (or any disc) in metres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Disc {
    pub(crate) c: [f64; 2],
    pub(crate) r: f64,
}

impl Disc {
    pub(crate) fn contains(&self, p: [f64; 2]) -> bool {
        dist(self.c, p) <= self.r
    }
}

pub(crate) fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
}

/// Parameter in 0..=1 and position of the point of segment `a`–`b` nearest to `p`.
pub(crate) fn closest_on_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> (f64, [f64; 2]) {
    let d = [b[0] - a[0], b[1] - a[1]];
    let len2 = d[0] * d[0] + d[1] * d[1];
    if len2 == 0.0 {
        return (0.0, a);
    }
    let t = (((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / len2).clamp(0.0, 1.0);
    (t, [a[0] + t * d[0], a[1] + t * d[1]])
}

/// The part `[u0, u1]` of segment `a`–`b` (parameter 0..1) inside the closed disc, if any.
pub(crate) fn segment_in_disc(a: [f64; 2], b: [f64; 2], disc: &Disc) -> Option<(f64, f64)> {
    let d = [b[0] - a[0], b[1] - a[1]];
    let f = [a[0] - disc.c[0], a[1] - disc.c[1]];
    let qa = d[0] * d[0] + d[1] * d[1];
    let qc = f[0] * f[0] + f[1] * f[1] - disc.r * disc.r;
    if qa == 0.0 {
        return (qc <= 0.0).then_some((0.0, 1.0));
    }
    let qb = 2.0 * (d[0] * f[0] + d[1] * f[1]);
    let disc2 = qb * qb - 4.0 * qa * qc;
    if disc2 < 0.0 {
        return None;
    }
    let root = disc2.sqrt();
    let u0 = ((-qb - root) / (2.0 * qa)).max(0.0);
    let u1 = ((-qb + root) / (2.0 * qa)).min(1.0);
    (u0 <= u1).then_some((u0, u1))
}

/// What ends a span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// A road node (junction or dead end), where other spans may continue.
    Node(NodeId),
    /// The edge of the circle: the road goes on, out of reach.
    Circle,
    /// Blocking disc number `i` (index into the blockers given).
    Blocker(usize),
}

/// A stretch of one edge, by arc length from the edge's first point.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Span {
    pub(crate) edge: EdgeId,
    pub(crate) s0: f64,
    pub(crate) s1: f64,
    pub(crate) ends: [End; 2],
    pub(crate) reachable: bool,
}

/// Where a reach begins.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Source<'a> {
    /// Every span overlapping a coin's disc.
    Disc(Disc),
    /// The spans holding these points of road: (edge, metres along it).
    On(&'a [(EdgeId, f64)]),
}

/// The question: roads inside `circle`, avoiding `blockers`, starting from `source`.
#[derive(Clone, Copy)]
pub(crate) struct Query<'a> {
    pub(crate) circle: Disc,
    pub(crate) blockers: &'a [Disc],
    pub(crate) source: Source<'a>,
    pub(crate) motorway_only: bool,
}

/// The answer: every span in the circle, with whether it can be reached.
#[derive(Debug, Clone, Default)]
pub(crate) struct Network {
    pub(crate) spans: Vec<Span>,
}

/// Cumulative arc length at each point of a polyline.
pub(crate) fn offsets(points: &[[f64; 2]]) -> Vec<f64> {
    let mut out = Vec::with_capacity(points.len());
    let mut acc = 0.0;
    out.push(0.0);
    for w in points.windows(2) {
        acc += dist(w[0], w[1]);
        out.push(acc);
    }
    out
}

/// Arc-length intervals of the edge (restricted to segments `segs`) inside `disc`, merged.
pub(crate) fn intervals_in(
    points: &[[f64; 2]],
    offs: &[f64],
    segs: &[u32],
    disc: &Disc,
    out: &mut Vec<(f64, f64)>,
) {
    out.clear();
    for &k in segs {
        let k = k as usize;
        let (a, b) = (points[k], points[k + 1]);
        if let Some((u0, u1)) = segment_in_disc(a, b, disc) {
            let len = offs[k + 1] - offs[k];
            let (s0, s1) = (offs[k] + u0 * len, offs[k] + u1 * len);
            match out.last_mut() {
                Some(last) if s0 <= last.1 + EPS => last.1 = last.1.max(s1),
                _ => out.push((s0, s1)),
            }
        }
    }
}

/// The point at arc length `s` along a polyline.
pub(crate) fn point_at(points: &[[f64; 2]], offs: &[f64], s: f64) -> [f64; 2] {
    let k = match offs.binary_search_by(|o| o.total_cmp(&s)) {
        Ok(k) => return points[k],
        Err(0) => return points[0],
        Err(k) if k >= points.len() => return points[points.len() - 1],
        Err(k) => k - 1,
    };
    let len = offs[k + 1] - offs[k];
    let u = if len > 0.0 { (s - offs[k]) / len } else { 0.0 };
    let (a, b) = (points[k], points[k + 1]);
    [a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1])]
}

/// The polyline of an edge between arc lengths `s0` and `s1`.
pub(crate) fn sub_polyline(points: &[[f64; 2]], offs: &[f64], s0: f64, s1: f64) -> Vec<[f64; 2]> {
    let mut out = vec![point_at(points, offs, s0)];
    for (p, o) in points.iter().zip(offs) {
        if *o > s0 && *o < s1 {
            out.push(*p);
        }
    }
    out.push(point_at(points, offs, s1));
    out
}

/// Bounding box of the listed segments of a polyline.
fn seg_bbox(points: &[[f64; 2]], segs: &[u32]) -> ([f64; 2], [f64; 2]) {
    let mut lo = [f64::INFINITY; 2];
    let mut hi = [f64::NEG_INFINITY; 2];
    for &k in segs {
        for p in [points[k as usize], points[k as usize + 1]] {
            lo = [lo[0].min(p[0]), lo[1].min(p[1])];
            hi = [hi[0].max(p[0]), hi[1].max(p[1])];
        }
    }
    (lo, hi)
}

struct UnionFind(Vec<usize>);

impl UnionFind {
    fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra.max(rb)] = ra.min(rb);
        }
    }
}

/// Compute the spans of `q` and which of them the source reaches.
/// `segs` are the road segments touching the circle, sorted (see
/// [`super::MapBoard::segments_in_disc`]).
pub(crate) fn compute(
    map: &GameMap,
    all_offsets: &[Vec<f64>],
    q: &Query,
    segs: &[(EdgeId, u32)],
) -> Network {
    let roads = map.roads();
    let mut spans: Vec<Span> = Vec::new();
    let mut from_source: Vec<bool> = Vec::new();
    let near: Vec<(usize, &Disc)> = q
        .blockers
        .iter()
        .enumerate()
        .filter(|(_, d)| dist(d.c, q.circle.c) <= q.circle.r + d.r)
        .collect();
    let (mut in_c, mut in_src, mut blocked_one) = (Vec::new(), Vec::new(), Vec::new());
    let mut blocked: Vec<(f64, f64, usize)> = Vec::new();
    let mut i = 0;
    let mut seg_ids: Vec<u32> = Vec::new();
    while i < segs.len() {
        let edge_id = segs[i].0;
        seg_ids.clear();
        while i < segs.len() && segs[i].0 == edge_id {
            seg_ids.push(segs[i].1);
            i += 1;
        }
        let edge = roads.edge(edge_id);
        if q.motorway_only && edge.class() != RoadClass::M {
            continue;
        }
        let points = edge.points();
        let offs = &all_offsets[edge_id.0 as usize];
        let total = offs[offs.len() - 1];
        intervals_in(points, offs, &seg_ids, &q.circle, &mut in_c);
        if in_c.is_empty() {
            continue;
        }
        match q.source {
            Source::Disc(d) => intervals_in(points, offs, &seg_ids, &d, &mut in_src),
            Source::On(at) => {
                in_src.clear();
                in_src.extend(at.iter().filter(|a| a.0 == edge_id).map(|a| (a.1, a.1)));
            }
        }
        blocked.clear();
        // A disc can only cut this edge where it meets the edge's stretch inside the circle.
        let (lo, hi) = seg_bbox(points, &seg_ids);
        for &(who, d) in &near {
            if d.c[0] + d.r < lo[0]
                || d.c[0] - d.r > hi[0]
                || d.c[1] + d.r < lo[1]
                || d.c[1] - d.r > hi[1]
            {
                continue;
            }
            intervals_in(points, offs, &seg_ids, d, &mut blocked_one);
            blocked.extend(blocked_one.iter().map(|&(a, b)| (a, b, who)));
        }
        blocked.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.2.cmp(&b.2)));
        for &(a, b) in &in_c {
            let start_end = if a <= EPS {
                End::Node(edge.from())
            } else {
                End::Circle
            };
            let finish_end = if b >= total - EPS {
                End::Node(edge.to())
            } else {
                End::Circle
            };
            let mut cur = (a, start_end);
            let mut open = true;
            for &(ba, bb, who) in &blocked {
                if bb < cur.0 || ba > b {
                    continue;
                }
                if ba > cur.0 && open {
                    push_span(
                        &mut spans,
                        &mut from_source,
                        &in_src,
                        edge_id,
                        cur,
                        (ba, End::Blocker(who)),
                    );
                }
                if bb >= b {
                    open = false;
                    break;
                }
                if bb >= cur.0 {
                    cur = (bb, End::Blocker(who));
                }
            }
            if open && b >= cur.0 {
                push_span(
                    &mut spans,
                    &mut from_source,
                    &in_src,
                    edge_id,
                    cur,
                    (b, finish_end),
                );
            }
        }
    }
    // Spans 0..n, then one slot per node met.
    let n = spans.len();
    let mut uf = UnionFind((0..n).collect());
    let mut node_slot: HashMap<NodeId, usize> = HashMap::new();
    for (k, span) in spans.iter().enumerate() {
        for end in span.ends {
            if let End::Node(node) = end {
                let next = n + node_slot.len();
                let slot = *node_slot.entry(node).or_insert(next);
                if slot == uf.0.len() {
                    uf.0.push(slot);
                }
                uf.union(k, slot);
            }
        }
    }
    let roots: Vec<usize> = (0..n)
        .filter(|&k| from_source[k])
        .map(|k| uf.find(k))
        .collect();
    for (k, span) in spans.iter_mut().enumerate() {
        span.reachable = roots.contains(&uf.find(k));
    }
    Network { spans }
}

fn push_span(
    spans: &mut Vec<Span>,
    from_source: &mut Vec<bool>,
    in_src: &[(f64, f64)],
    edge: EdgeId,
    start: (f64, End),
    finish: (f64, End),
) {
    let touches = in_src
        .iter()
        .any(|&(a, b)| a <= finish.0 + EPS && b >= start.0 - EPS);
    spans.push(Span {
        edge,
        s0: start.0,
        s1: finish.0,
        ends: [start.1, finish.1],
        reachable: false,
    });
    from_source.push(touches);
}

impl Network {
    /// Whether arc length `s` of `edge` lies on a reachable span.
    pub(crate) fn reaches(&self, edge: EdgeId, s: f64) -> bool {
        self.reachable_around(edge, s).is_some()
    }

    /// The arc lengths a reachable span holding arc length `s` of `edge` runs between.
    pub(crate) fn reachable_around(&self, edge: EdgeId, s: f64) -> Option<(f64, f64)> {
        self.spans
            .iter()
            .find(|sp| sp.reachable && sp.edge == edge && sp.s0 - 1e-3 <= s && s <= sp.s1 + 1e-3)
            .map(|sp| (sp.s0, sp.s1))
    }

    /// Whether some reachable span enters `disc`.
    pub(crate) fn reaches_disc(
        &self,
        map: &GameMap,
        all_offsets: &[Vec<f64>],
        disc: &Disc,
    ) -> bool {
        let mut tmp = Vec::new();
        let segs = map.segments_in_disc(disc.c, disc.r);
        self.spans.iter().filter(|sp| sp.reachable).any(|sp| {
            let edge = map.roads().edge(sp.edge);
            let points = edge.points();
            let offs = &all_offsets[sp.edge.0 as usize];
            let mine: Vec<u32> = segs
                .iter()
                .filter(|(e, _)| *e == sp.edge)
                .map(|(_, k)| *k)
                .collect();
            intervals_in(points, offs, &mine, disc, &mut tmp);
            tmp.iter()
                .any(|&(a, b)| a <= sp.s1 + 1e-3 && b >= sp.s0 - 1e-3)
        })
    }

    /// Reachable span ends where the road leaves the circle: the open roads out.
    pub(crate) fn exits(&self) -> usize {
        self.spans
            .iter()
            .filter(|sp| sp.reachable)
            .map(|sp| sp.ends.iter().filter(|e| **e == End::Circle).count())
            .sum()
    }

    /// Indices of blockers that cut some span.
    pub(crate) fn blockers_met(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .spans
            .iter()
            .flat_map(|sp| sp.ends)
            .filter_map(|e| match e {
                End::Blocker(i) => Some(i),
                _ => None,
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Blockers that cut a reachable span.
    pub(crate) fn blockers_touched(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .spans
            .iter()
            .filter(|sp| sp.reachable)
            .flat_map(|sp| sp.ends)
            .filter_map(|e| match e {
                End::Blocker(i) => Some(i),
                _ => None,
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}
