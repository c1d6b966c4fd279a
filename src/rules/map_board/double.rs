//! Every end of a motorway double move, exactly (RULINGS §4; issue 17).
//!
//! A double move is legal when its first leg ends at a motorway point `m` the unit can reach
//! (the set S1 of a single motorway move) and its second leg, on motorway only, is a legal move
//! from `m`: a road path from `m` that stays inside the circle of radius R round `m` and enters
//! no enemy coin. The end `x` is reachable when some `m` in S1 has such a path to `x`.
//!
//! A path lies inside a disc exactly when all its vertices do (a disc is convex), so for every
//! vertex `v` of the motorway network (polyline vertices, nodes, and the points where blocking
//! coins cut a road) let A(v) be the set of first-leg ends `m` from which a path inside
//! D(m, R) reaches `v`. Then
//!
//! - A(v) holds every `m` on a segment touching `v` with |m − v| ≤ R (the path along that
//!   segment), and
//! - A(v) ⊇ A(w) ∩ D(v, R) for every segment w–v (extend a path from `w` by one segment).
//!
//! A(v) is a subset of S1, a union of straight pieces, so each A(v) is a finite list of
//! intervals on those pieces; the least fixed point of the two rules is reached by a worklist.
//! A point `x` on a segment w–v is then the end of a double move exactly when it lies within R
//! of some `m` in A(w), A(v), or in S1 on that same segment: the points of a segment within R of
//! a straight piece form one interval (the segment cut by the piece's capsule). Nothing is
//! sampled; each answer comes with the first-leg end that makes it legal.

use std::collections::HashMap;

use super::network::{dist, segment_in_disc, Disc, Network};
use super::MapBoard;
use crate::map::{EdgeId, NodeId, RoadClass};

/// Interval ends closer than this (metres) are the same when merging.
const TOL: f64 = 1e-7;

/// A straight piece of S1: where a first leg may end.
#[derive(Debug, Clone, Copy)]
struct Piece {
    edge: EdgeId,
    /// Arc lengths along the edge of its two ends.
    s: [f64; 2],
    /// Its two ends in metres.
    p: [[f64; 2]; 2],
}

impl Piece {
    fn at(&self, s: f64) -> [f64; 2] {
        let len = self.s[1] - self.s[0];
        let u = if len > 0.0 {
            (s - self.s[0]) / len
        } else {
            0.0
        };
        [
            self.p[0][0] + u * (self.p[1][0] - self.p[0][0]),
            self.p[0][1] + u * (self.p[1][1] - self.p[0][1]),
        ]
    }
}

/// First-leg ends: (piece index, from, to) in arc lengths along the piece's edge, sorted and
/// merged.
type Label = Vec<(usize, f64, f64)>;

/// Where a graph vertex sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum VKey {
    Node(NodeId),
    /// Polyline vertex `k` inside an edge.
    Inner(EdgeId, u32),
}

/// A free stretch of one straight segment between two graph vertices.
#[derive(Debug, Clone, Copy)]
struct Sub {
    edge: EdgeId,
    t: [f64; 2],
    v: [usize; 2],
}

/// The ends of every legal motorway double move from one start.
#[derive(Debug, Default)]
pub(crate) struct DoubleReach {
    radius: f64,
    pieces: Vec<Piece>,
    pos: Vec<[f64; 2]>,
    labels: Vec<Label>,
    subs: Vec<Sub>,
    /// Pieces of S1 lying on each sub-segment.
    direct: Vec<Label>,
    /// The reachable ends, (edge, from, to) in arc lengths, by edge.
    pub(crate) ends: Vec<(EdgeId, f64, f64)>,
}

/// Whether `label` already holds all of entry `(p, a, b)`. A label's entries for one piece are
/// sorted and apart, so only the last one starting at or before `a` can hold it.
fn holds(label: &Label, (p, a, b): (usize, f64, f64)) -> bool {
    let k = label.partition_point(|e| (e.0, e.1) <= (p, a + TOL));
    k > 0 && label[k - 1].0 == p && label[k - 1].2 + TOL >= b
}

/// Add the entries of `add` (sorted, like every label) not yet in `label`; those are returned.
fn insert(label: &mut Label, add: &[(usize, f64, f64)]) -> Label {
    let fresh: Label = add.iter().copied().filter(|&e| !holds(label, e)).collect();
    if fresh.is_empty() {
        return fresh;
    }
    let mut merged: Label = Vec::with_capacity(label.len() + fresh.len());
    let (mut x, mut y) = (0, 0);
    while x < label.len() || y < fresh.len() {
        let take_label = y >= fresh.len()
            || (x < label.len() && (label[x].0, label[x].1) <= (fresh[y].0, fresh[y].1));
        let next = if take_label {
            x += 1;
            label[x - 1]
        } else {
            y += 1;
            fresh[y - 1]
        };
        match merged.last_mut() {
            Some(last) if last.0 == next.0 && next.1 <= last.2 + TOL => last.2 = last.2.max(next.2),
            _ => merged.push(next),
        }
    }
    *label = merged;
    fresh
}

/// The part of each entry of `label` inside `disc`.
fn restrict(pieces: &[Piece], label: &[(usize, f64, f64)], disc: &Disc, out: &mut Label) {
    out.clear();
    for &(p, a, b) in label {
        let piece = &pieces[p];
        if let Some((u0, u1)) = segment_in_disc(piece.at(a), piece.at(b), disc) {
            out.push((p, a + u0 * (b - a), a + u1 * (b - a)));
        }
    }
}

/// Parameters in 0..=1 of the points of segment `a`–`b` within `r` of segment `p`–`q`: one
/// interval, as the capsule round `p`–`q` is convex.
fn within_of_segment(
    a: [f64; 2],
    b: [f64; 2],
    p: [f64; 2],
    q: [f64; 2],
    r: f64,
) -> Option<(f64, f64)> {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    let mut take = |i: Option<(f64, f64)>| {
        if let Some((x, y)) = i {
            lo = lo.min(x);
            hi = hi.max(y);
        }
    };
    take(segment_in_disc(a, b, &Disc { c: p, r }));
    take(segment_in_disc(a, b, &Disc { c: q, r }));
    // The band beside p–q: 0 ≤ along ≤ |pq| and |across| ≤ r, each linear in the parameter.
    let d = [q[0] - p[0], q[1] - p[1]];
    let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
    if len > 0.0 {
        let (ux, uy) = (d[0] / len, d[1] / len);
        let f = |pt: [f64; 2]| {
            let w = [pt[0] - p[0], pt[1] - p[1]];
            (w[0] * ux + w[1] * uy, w[1] * ux - w[0] * uy)
        };
        let (al0, ac0) = f(a);
        let (al1, ac1) = f(b);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        for (v0, v1, min, max) in [(al0, al1, 0.0, len), (ac0, ac1, -r, r)] {
            let dv = v1 - v0;
            if dv.abs() < 1e-12 {
                if v0 < min || v0 > max {
                    t1 = -1.0;
                }
                continue;
            }
            let (x, y) = ((min - v0) / dv, (max - v0) / dv);
            t0 = t0.max(x.min(y));
            t1 = t1.min(x.max(y));
        }
        if t0 <= t1 {
            take(Some((t0, t1)));
        }
    }
    (lo <= hi).then_some((lo, hi))
}

fn merge(mut v: Vec<(EdgeId, f64, f64)>) -> Vec<(EdgeId, f64, f64)> {
    v.sort_by(|x, y| x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)));
    let mut out: Vec<(EdgeId, f64, f64)> = Vec::with_capacity(v.len());
    for (e, a, b) in v {
        match out.last_mut() {
            Some(last) if last.0 == e && a <= last.2 + 1e-6 => last.2 = last.2.max(b),
            _ => out.push((e, a, b)),
        }
    }
    out
}

impl MapBoard<'_> {
    /// The double-move ends from a unit at `centre` whose first legs reach `first` (a motorway
    /// network from the unit's start), with `blockers` stopping both legs and `forbidden` (every
    /// enemy coin) refusing any leg end inside it.
    pub(crate) fn double_reach(
        &self,
        centre: [f64; 2],
        radius: f64,
        first: &Network,
        blockers: &[Disc],
        forbidden: &[Disc],
    ) -> DoubleReach {
        let roads = self.map.roads();
        let mut out = DoubleReach {
            radius,
            ..DoubleReach::default()
        };
        // S1 without enemy coins, cut into straight pieces.
        let firsts: Vec<(EdgeId, f64, f64)> = first
            .spans
            .iter()
            .filter(|sp| sp.reachable)
            .map(|sp| (sp.edge, sp.s0, sp.s1))
            .collect();
        for (edge, a, b) in self.minus_discs(&merge(firsts), forbidden) {
            let pts = roads.edge(edge).points();
            let offs = self.offsets_of(edge);
            for k in 0..pts.len() - 1 {
                let (s0, s1) = (a.max(offs[k]), b.min(offs[k + 1]));
                if s1 > s0 {
                    let pa = super::network::point_at(pts, offs, s0);
                    let pb = super::network::point_at(pts, offs, s1);
                    out.pieces.push(Piece {
                        edge,
                        s: [s0, s1],
                        p: [pa, pb],
                    });
                }
            }
        }
        if out.pieces.is_empty() {
            return out;
        }
        // The free motorway segments within 2R: nothing farther can be within R of S1.
        // Looked up only, never iterated: vertex numbers follow the order segments come in.
        let mut index: HashMap<VKey, usize> = HashMap::new();
        let fresh = |out: &mut DoubleReach, at: [f64; 2]| -> usize {
            out.pos.push(at);
            out.labels.push(Vec::new());
            out.pos.len() - 1
        };
        let mut vertex = |out: &mut DoubleReach, key: VKey, at: [f64; 2]| -> usize {
            *index.entry(key).or_insert_with(|| fresh(out, at))
        };
        let segs = self.segments_in_disc(centre, 2.0 * radius, true);
        let mut blocked: Vec<(f64, f64)> = Vec::new();
        let mut one = Vec::new();
        for (edge_id, k) in segs {
            let edge = roads.edge(edge_id);
            if edge.class() != RoadClass::M {
                continue;
            }
            let pts = edge.points();
            let offs = self.offsets_of(edge_id);
            let last = pts.len() as u32 - 1;
            blocked.clear();
            let (a, b) = (pts[k as usize], pts[k as usize + 1]);
            for d in blockers {
                let apart = d.c[0] + d.r < a[0].min(b[0])
                    || d.c[0] - d.r > a[0].max(b[0])
                    || d.c[1] + d.r < a[1].min(b[1])
                    || d.c[1] - d.r > a[1].max(b[1]);
                if !apart {
                    super::network::intervals_in(pts, offs, &[k], d, &mut one);
                    blocked.extend(one.iter().copied());
                }
            }
            blocked.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (lo, hi) = (offs[k as usize], offs[k as usize + 1]);
            let key_at = |end: u32| match end {
                0 => VKey::Node(edge.from()),
                e if e == last => VKey::Node(edge.to()),
                e => VKey::Inner(edge_id, e),
            };
            let mut free: Vec<(f64, f64)> = Vec::new();
            let mut cur = lo;
            for &(a, b) in &blocked {
                if b < cur {
                    continue;
                }
                if a > cur {
                    free.push((cur, a.min(hi)));
                }
                cur = cur.max(b);
            }
            if cur < hi || (lo == hi && blocked.is_empty()) {
                free.push((cur, hi));
            }
            for (a, b) in free {
                // A cut end meets nothing else: it gets a vertex of its own.
                let va = if a == lo {
                    vertex(&mut out, key_at(k), pts[k as usize])
                } else {
                    fresh(&mut out, super::network::point_at(pts, offs, a))
                };
                let vb = if b == hi {
                    vertex(&mut out, key_at(k + 1), pts[k as usize + 1])
                } else {
                    fresh(&mut out, super::network::point_at(pts, offs, b))
                };
                out.subs.push(Sub {
                    edge: edge_id,
                    t: [a, b],
                    v: [va, vb],
                });
            }
        }
        out.direct = vec![Vec::new(); out.subs.len()];
        let mut adjacent: Vec<Vec<(usize, usize)>> = vec![Vec::new(); out.pos.len()];
        for (i, sub) in out.subs.iter().enumerate() {
            adjacent[sub.v[0]].push((i, sub.v[1]));
            adjacent[sub.v[1]].push((i, sub.v[0]));
        }
        // First rule: a first-leg end reaches the two ends of its own segment.
        let mut queue: std::collections::VecDeque<usize> = std::collections::VecDeque::new();
        let mut queued = vec![false; out.pos.len()];
        let mut pending: Vec<Label> = vec![Vec::new(); out.pos.len()];
        let mut tmp = Label::new();
        for (pi, piece) in out.pieces.iter().enumerate() {
            // Subs come sorted by edge, then along it.
            let first = out.subs.partition_point(|s| s.edge < piece.edge);
            let on: Vec<(usize, Sub)> = out.subs[first..]
                .iter()
                .take_while(|s| s.edge == piece.edge)
                .enumerate()
                .filter(|(_, s)| s.t[0] <= piece.s[0] + 1e-6 && piece.s[1] <= s.t[1] + 1e-6)
                .map(|(i, s)| (first + i, *s))
                .collect();
            let whole = [(pi, piece.s[0], piece.s[1])];
            for (si, sub) in on {
                let _ = insert(&mut out.direct[si], &whole);
                for v in sub.v {
                    let disc = Disc {
                        c: out.pos[v],
                        r: radius,
                    };
                    restrict(&out.pieces, &whole, &disc, &mut tmp);
                    let fresh = insert(&mut out.labels[v], &tmp);
                    if !fresh.is_empty() {
                        let _ = insert(&mut pending[v], &fresh);
                        if !queued[v] {
                            queued[v] = true;
                            queue.push_back(v);
                        }
                    }
                }
            }
        }
        // Second rule, to the fixed point: only what a vertex gained since it was last passed on
        // goes on to its neighbours.
        while let Some(w) = queue.pop_front() {
            queued[w] = false;
            let from = std::mem::take(&mut pending[w]);
            for &(_, v) in &adjacent[w] {
                let disc = Disc {
                    c: out.pos[v],
                    r: radius,
                };
                restrict(&out.pieces, &from, &disc, &mut tmp);
                let fresh = insert(&mut out.labels[v], &tmp);
                if !fresh.is_empty() {
                    let _ = insert(&mut pending[v], &fresh);
                    if !queued[v] {
                        queued[v] = true;
                        queue.push_back(v);
                    }
                }
            }
        }
        let mut ends = Vec::new();
        for si in 0..out.subs.len() {
            let sub = out.subs[si];
            let pts = roads.edge(sub.edge).points();
            let offs = self.offsets_of(sub.edge);
            let (a, b) = (
                super::network::point_at(pts, offs, sub.t[0]),
                super::network::point_at(pts, offs, sub.t[1]),
            );
            let len = sub.t[1] - sub.t[0];
            let mut got: Vec<(f64, f64)> = Vec::new();
            for &(p, s0, s1) in out.entries(si).iter() {
                let piece = &out.pieces[p];
                if let Some(u) = within_of_segment(a, b, piece.at(s0), piece.at(s1), radius) {
                    // The whole segment reached: no other entry can add to it.
                    if u == (0.0, 1.0) {
                        got = vec![u];
                        break;
                    }
                    got.push(u);
                }
            }
            ends.extend(
                got.into_iter()
                    .map(|(u0, u1)| (sub.edge, sub.t[0] + u0 * len, sub.t[0] + u1 * len)),
            );
        }
        out.ends = self.minus_discs(&merge(ends), forbidden);
        out
    }

    /// Arc intervals with the parts inside any of `discs` taken out.
    pub(crate) fn minus_discs(
        &self,
        intervals: &[(EdgeId, f64, f64)],
        discs: &[Disc],
    ) -> Vec<(EdgeId, f64, f64)> {
        let mut out = Vec::new();
        let mut cut = Vec::new();
        let mut one = Vec::new();
        for &(edge, a, b) in intervals {
            let pts = self.map.roads().edge(edge).points();
            let offs = self.offsets_of(edge);
            let segs: Vec<u32> = (0..pts.len() as u32 - 1)
                .filter(|&k| offs[k as usize + 1] >= a && offs[k as usize] <= b)
                .collect();
            let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
            for &k in &segs {
                for p in [pts[k as usize], pts[k as usize + 1]] {
                    lo = [lo[0].min(p[0]), lo[1].min(p[1])];
                    hi = [hi[0].max(p[0]), hi[1].max(p[1])];
                }
            }
            cut.clear();
            for d in discs {
                let apart = d.c[0] + d.r < lo[0]
                    || d.c[0] - d.r > hi[0]
                    || d.c[1] + d.r < lo[1]
                    || d.c[1] - d.r > hi[1];
                if !apart {
                    super::network::intervals_in(pts, offs, &segs, d, &mut one);
                    cut.extend(one.iter().copied());
                }
            }
            cut.sort_by(|x, y| x.0.total_cmp(&y.0));
            let mut cur = a;
            for &(x, y) in &cut {
                if y < cur || x > b {
                    continue;
                }
                if x > cur {
                    out.push((edge, cur, x));
                }
                cur = cur.max(y);
            }
            if cur < b || (cur == b && a == b) {
                out.push((edge, cur, b));
            }
        }
        out
    }
}

impl DoubleReach {
    /// Every first-leg end a point of sub-segment `si` may be reached from.
    fn entries(&self, si: usize) -> Label {
        let sub = &self.subs[si];
        let mut all = self.direct[si].clone();
        let _ = insert(&mut all, &self.labels[sub.v[0]]);
        let _ = insert(&mut all, &self.labels[sub.v[1]]);
        all
    }

    /// Whether arc length `along` of `edge` ends a double move.
    pub(crate) fn contains(&self, edge: EdgeId, along: f64) -> bool {
        self.ends
            .iter()
            .any(|&(e, a, b)| e == edge && a - 1e-6 <= along && along <= b + 1e-6)
    }

    /// First-leg ends that make `pos` (at arc length `along` of `edge`) the end of a double
    /// move, the most central first: the point of each usable stretch of S1 nearest to `pos`,
    /// kept a little inside that stretch so rounding to the millimetre cannot push it out.
    pub(crate) fn vias(&self, edge: EdgeId, along: f64, pos: [f64; 2]) -> Vec<[f64; 2]> {
        let mut found: Vec<(f64, [f64; 2])> = Vec::new();
        let first = self.subs.partition_point(|s| s.edge < edge);
        for (si, sub) in self.subs.iter().enumerate().skip(first) {
            if sub.edge != edge {
                break;
            }
            if along < sub.t[0] - 1e-6 || along > sub.t[1] + 1e-6 {
                continue;
            }
            for (p, s0, s1) in self.entries(si) {
                let piece = &self.pieces[p];
                let inset = 0.005f64.min((s1 - s0) / 2.0);
                let (a, b) = (piece.at(s0 + inset), piece.at(s1 - inset));
                let (_, m) = super::network::closest_on_segment(pos, a, b);
                let d = dist(m, pos);
                if d <= self.radius {
                    found.push((d, m));
                }
            }
        }
        found.sort_by(|x, y| x.0.total_cmp(&y.0));
        found.into_iter().map(|(_, m)| m).collect()
    }

    /// Both ends of every stretch a double move may end on, a metre inside it.
    pub(crate) fn stretch_ends(&self) -> Vec<(EdgeId, f64)> {
        let mut out = Vec::new();
        for &(edge, s0, s1) in &self.ends {
            let inset = 1.0f64.min((s1 - s0) / 2.0);
            out.push((edge, s0 + inset));
            out.push((edge, s1 - inset));
        }
        out
    }
}

#[cfg(test)]
mod tests;
