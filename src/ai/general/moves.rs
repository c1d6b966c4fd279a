//! The general's moves. Every unit gets a goal — garrison a settlement short of defenders, walk to
//! a free place to build on, or close in on the weakest nearby enemy — and takes the legal move
//! that brings it nearest. Near an enemy settlement it prefers squares that close its last road.

use super::Ctx;
use crate::map::PlaceId;
use crate::rules::{execute, Command, Location, MapPoint, Move, SettlementId, UnitId, UnitType};

/// Where a unit wants to be: within `within` metres of `at`.
#[derive(Debug, Clone, Copy)]
struct Goal {
    at: MapPoint,
    within: f64,
    /// The enemy settlement being closed in on, for the siege bonus.
    siege: Option<SettlementId>,
}

/// What free units close in on.
#[derive(Debug, Clone, Copy)]
struct Prey {
    at: MapPoint,
    settlement: Option<SettlementId>,
    /// Lower is more inviting: distance in card lengths plus how hard it defends.
    cost: f64,
    /// Off road: only units that may leave the roads can catch it.
    off_road: bool,
}

/// The next unit move worth making, if any.
pub(super) fn next_move(ctx: &Ctx) -> Option<Command> {
    let sites = ctx.free_sites();
    let prey = prey(ctx);
    let mut short: Vec<(SettlementId, MapPoint, usize)> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() == ctx.me)
        .filter_map(|s| {
            let have = ctx.state.defenders(s.id()).len();
            let want = ctx.garrison_wanted(s);
            (have < want).then(|| (s.id(), s.pos(), want - have))
        })
        .collect();
    let mut claimed: Vec<PlaceId> = Vec::new();
    for id in ctx.state.units_of(ctx.me) {
        let Some(unit) = ctx.state.unit(id) else {
            continue;
        };
        let Some(pos) = ctx.state.unit_pos(id) else {
            continue;
        };
        if let Location::Settlement(s) = unit.at() {
            let kept = ctx
                .state
                .settlement(s)
                .is_some_and(|s| ctx.kept_in(s).contains(&id));
            if kept {
                continue;
            }
        } else if let Some(place) = ctx.board.place_under(pos) {
            // Standing on a free place: wait there for the spades.
            if sites.iter().any(|s| s.0 == place) && !claimed.contains(&place) {
                claimed.push(place);
                continue;
            }
        }
        let reach = ctx.reach(unit.kind());
        let goal = if let Some(g) = short
            .iter_mut()
            .find(|g| g.2 > 0 && g.1.distance_m(pos) <= reach)
        {
            g.2 -= 1;
            Some(Goal {
                at: g.1,
                within: 0.0,
                siege: None,
            })
        } else {
            let expander = matches!(unit.kind(), UnitType::Scout | UnitType::Guard);
            let site = || {
                sites
                    .iter()
                    .filter(|s| !claimed.contains(&s.0))
                    .min_by(|a, b| a.1.distance_m(pos).total_cmp(&b.1.distance_m(pos)))
                    .copied()
            };
            let cross_country = unit.kind().off_road_move().is_some();
            let hunt = || {
                prey.iter()
                    .filter(|p| cross_country || !p.off_road)
                    .min_by(|a, b| {
                        let ca = a.cost + a.at.distance_m(pos) / ctx.card_len;
                        let cb = b.cost + b.at.distance_m(pos) / ctx.card_len;
                        ca.total_cmp(&cb)
                    })
                    .map(|p| Goal {
                        at: p.at,
                        within: ctx.breadth * 0.6,
                        siege: p.settlement,
                    })
            };
            let to_site = |s: (PlaceId, MapPoint, crate::map::PlaceKind)| Goal {
                at: s.1,
                within: 0.0,
                siege: None,
            };
            match (expander, site()) {
                (true, Some(s)) => {
                    claimed.push(s.0);
                    Some(to_site(s))
                }
                (_, s) => hunt().or_else(|| {
                    s.map(|s| {
                        claimed.push(s.0);
                        to_site(s)
                    })
                }),
            }
        };
        if unit.moved() {
            continue;
        }
        if let Some(mv) = goal.and_then(|g| best_move(ctx, id, pos, g)) {
            return Some(Command::Move(mv));
        }
    }
    None
}

/// Enemy settlements and loose units, with how inviting each is.
fn prey(ctx: &Ctx) -> Vec<Prey> {
    let mut out = Vec::new();
    for s in ctx.state.settlements().filter(|s| s.owner() != ctx.me) {
        let defence = ctx
            .best_defence(&ctx.state.defenders(s.id()))
            .map_or(0.0, |d| f64::from(d.0));
        let base = ctx.state.player(s.owner()).base() == Some(s.id());
        out.push(Prey {
            at: s.pos(),
            settlement: Some(s.id()),
            cost: defence * 1.5 - if base { 1.0 } else { 0.0 },
            off_road: false,
        });
    }
    for u in ctx.state.units().filter(|u| u.owner() != ctx.me) {
        if matches!(u.at(), Location::Settlement(_)) {
            continue;
        }
        if let Some(at) = ctx.state.unit_pos(u.id()) {
            out.push(Prey {
                at,
                settlement: None,
                cost: f64::from(u.kind().defence().0) + 0.5,
                off_road: matches!(u.at(), Location::OffRoad(_)),
            });
        }
    }
    out
}

/// The legal move that brings `unit` closest to its goal, if it gets closer than it is.
fn best_move(ctx: &Ctx, unit: UnitId, from: MapPoint, goal: Goal) -> Option<Move> {
    let cost = |p: MapPoint| (p.distance_m(goal.at) - goal.within).max(0.0);
    let here = cost(from);
    if here == 0.0 && goal.siege.is_none() {
        return None;
    }
    let mut options = ctx.board.candidate_moves(ctx.state, unit);
    let mv = |to| Move {
        unit,
        to,
        via: None,
        off_road: false,
    };
    options.push(mv(goal.at));
    // Straight towards the goal, in case the board suggests nothing in that direction.
    if let Some(kind) = ctx.state.unit(unit).map(|u| u.kind()) {
        let [fx, fy] = from.to_m();
        let [gx, gy] = goal.at.to_m();
        let d = from.distance_m(goal.at);
        let stop = (d - goal.within * 0.8).max(0.0);
        let towards = |reach: f64, f: f64| {
            let t = (reach * f).min(stop) / d;
            MapPoint::from_m([fx + (gx - fx) * t, fy + (gy - fy) * t])
        };
        if d > 0.0 && stop > 0.0 {
            for f in [1.0, 0.7, 0.4] {
                options.push(mv(towards(ctx.reach(kind), f)));
                if let Some(off) = kind.off_road_move() {
                    let reach = ctx.state.scale().measure_m(off);
                    options.push(Move {
                        off_road: true,
                        ..mv(towards(reach, f * 0.99))
                    });
                }
            }
        }
    }
    let mut best: Option<(f64, Move)> = None;
    for mv in options {
        let mut c = cost(mv.to);
        if c >= here && goal.siege.is_none() {
            continue;
        }
        if best.as_ref().is_some_and(|(b, _)| c - ctx.breadth >= *b) {
            continue;
        }
        let cmd = Command::Move(mv.clone());
        if !ctx.ok(&cmd) {
            continue;
        }
        if let Some(s) = goal.siege {
            if c == 0.0 && closes_siege(ctx, &cmd, s) {
                c -= ctx.breadth;
            }
        }
        if best.as_ref().is_none_or(|(b, _)| c < *b) {
            best = Some((c, mv));
        }
    }
    let besieged_now = goal
        .siege
        .is_some_and(|s| ctx.state.sieges().contains_key(&s));
    best.filter(|(c, _)| *c < here - 1.0 && !(besieged_now && here == 0.0))
        .map(|(_, mv)| mv)
}

/// Whether this move would start a siege of `s` (tried on a copy of the state; a move rolls no
/// dice, so the copy shows exactly what would happen).
fn closes_siege(ctx: &Ctx, cmd: &Command, s: SettlementId) -> bool {
    if ctx.state.sieges().contains_key(&s) {
        return false;
    }
    let mut copy = ctx.state.clone();
    execute(&mut copy, ctx.board, cmd).is_ok() && copy.sieges().contains_key(&s)
}
