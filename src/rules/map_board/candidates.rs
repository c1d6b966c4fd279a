//! A useful spread of legal moves for the legal-command list and the AI: into friendly
//! settlements, onto free settlement sites, to the far ends of the reachable roads, up to enemy
//! coins, motorway double moves, and for Scouts and Tanks a ring of off-road points.
//!
//! Every move is proposed from the reach already computed and then confirmed with the engine's
//! own check of a move, so the list can only hold moves the rules accept now.

use super::network::{dist, point_at, End, Network};
use super::MapBoard;
use crate::rules::check::move_destination;
use crate::rules::command::Move;
use crate::rules::ids::{MapPoint, UnitId};
use crate::rules::state::State;
use crate::rules::unit::Location;

/// Road-end and next-to-enemy points kept, at most (the farthest and nearest first).
const ROAD_POINTS: usize = 8;
/// Off-road directions tried.
const OFF_ROAD_DIRECTIONS: usize = 8;

/// Points of the reachable spans worth standing on: where a road leaves the circle, dead ends,
/// just short of an enemy coin, and road junctions. Each is set a metre inside its span so it is on it.
/// Points where roads leave the circle or end, next to enemy coins, and at junctions.
type Ends = (Vec<[f64; 2]>, Vec<[f64; 2]>, Vec<[f64; 2]>);

fn span_ends(b: &MapBoard, net: &Network) -> Ends {
    let (mut far, mut enemy, mut junctions) = (Vec::new(), Vec::new(), Vec::new());
    for sp in net.spans.iter().filter(|s| s.reachable) {
        let edge = b.map.roads().edge(sp.edge);
        let pts = edge.points();
        let offs = b.offsets_of(sp.edge);
        let inset = 1.0f64.min((sp.s1 - sp.s0) / 2.0);
        for (k, end) in sp.ends.iter().enumerate() {
            let s = if k == 0 { sp.s0 + inset } else { sp.s1 - inset };
            let dead_end = matches!(end, End::Node(n) if b.map.roads().node(*n).edges().len() == 1);
            match end {
                End::Circle => far.push(point_at(pts, offs, s)),
                End::Node(_) if dead_end => far.push(point_at(pts, offs, s)),
                End::Blocker(_) => enemy.push(point_at(pts, offs, s)),
                End::Node(n) => junctions.push(b.map.roads().node(*n).pos()),
            }
        }
    }
    (far, enemy, junctions)
}

/// Up to `n` of `points`, spread out: greedily the one farthest from those already kept.
fn spread(points: Vec<[f64; 2]>, from: [f64; 2], n: usize) -> Vec<[f64; 2]> {
    let mut rest = points;
    rest.sort_by(|a, b| dist(*b, from).total_cmp(&dist(*a, from)));
    let mut kept: Vec<[f64; 2]> = Vec::new();
    while kept.len() < n && !rest.is_empty() {
        let best = if kept.is_empty() {
            0
        } else {
            (0..rest.len())
                .max_by(|&i, &j| {
                    let di = kept
                        .iter()
                        .map(|k| dist(*k, rest[i]))
                        .fold(f64::MAX, f64::min);
                    let dj = kept
                        .iter()
                        .map(|k| dist(*k, rest[j]))
                        .fold(f64::MAX, f64::min);
                    di.total_cmp(&dj).then(j.cmp(&i))
                })
                .unwrap_or(0)
        };
        kept.push(rest.remove(best));
    }
    kept
}

pub(crate) fn moves(b: &MapBoard, state: &State, unit: UnitId) -> Vec<Move> {
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    let Ok(start) = b.start_of(state, u) else {
        return Vec::new();
    };
    let me = u.owner();
    let road = |p: [f64; 2]| Move {
        unit,
        to: MapPoint::from_m(p),
        via: None,
        off_road: false,
    };
    let mut ideas: Vec<Move> = Vec::new();
    if let Some(radius) = b.road_radius(u) {
        for s in state.settlements().filter(|s| s.owner() == me) {
            let here = matches!(u.at(), Location::Settlement(at) if at == s.id());
            if !here && dist(s.pos().to_m(), start.centre) <= radius {
                ideas.push(road(s.pos().to_m()));
            }
        }
        for place in b.map.places_within(start.centre, radius) {
            if !b.playable[place.0 as usize] || state.settlement_on(place).is_some() {
                continue;
            }
            if let Some(rp) = b.map.nearest_road_point(b.map.place(place).pos()) {
                ideas.push(road(rp.pos));
            }
        }
        let single = b.leg_network(state, u, &start, false);
        if let Some(net) = &single {
            let (far, enemy, junctions) = span_ends(b, net);
            for p in spread(far, start.centre, ROAD_POINTS) {
                ideas.push(road(p));
            }
            for p in spread(junctions, start.centre, ROAD_POINTS / 2) {
                ideas.push(road(p));
            }
            for p in spread(enemy, start.centre, ROAD_POINTS / 2) {
                ideas.push(road(p));
            }
        }
        if let Some(double) = b.double_of(state, u, &start) {
            // Where only a double move goes, spread out, each with a first leg that works.
            let ends: Vec<(crate::map::EdgeId, f64, [f64; 2])> = double
                .stretch_ends()
                .into_iter()
                .filter(|&(e, s)| !single.as_ref().is_some_and(|n| n.reaches(e, s)))
                .map(|(e, s)| {
                    let pts = b.map.roads().edge(e).points();
                    (e, s, point_at(pts, b.offsets_of(e), s))
                })
                .collect();
            let points: Vec<[f64; 2]> = ends.iter().map(|e| e.2).collect();
            for p in spread(points, start.centre, ROAD_POINTS / 2) {
                let Some(&(edge, along, _)) = ends.iter().find(|e| e.2 == p) else {
                    continue;
                };
                if let Some(via) = double.vias(edge, along, p).first() {
                    ideas.push(Move {
                        unit,
                        to: MapPoint::from_m(p),
                        via: Some(MapPoint::from_m(*via)),
                        off_road: false,
                    });
                }
            }
        }
    }
    if let Some(m) = u.kind().off_road_move() {
        let r = b.m(m) * 0.9;
        for k in 0..OFF_ROAD_DIRECTIONS {
            let a = std::f64::consts::TAU * k as f64 / OFF_ROAD_DIRECTIONS as f64;
            let p = [start.centre[0] + r * a.cos(), start.centre[1] + r * a.sin()];
            ideas.push(Move {
                unit,
                to: MapPoint::from_m(p),
                via: None,
                off_road: true,
            });
        }
    }
    let here = MapPoint::from_m(start.centre);
    let mut out: Vec<Move> = Vec::new();
    for m in ideas {
        if m.to == here || out.iter().any(|o| o.to == m.to && o.off_road == m.off_road) {
            continue;
        }
        // The engine's own check, not the board's part of it: a unit aboard or one that has
        // moved has no moves, whatever the roads say (one source of truth for the list).
        if move_destination(state, b, me, &m).is_ok() {
            out.push(m);
        }
    }
    out
}
