//! The main phase's moves, planned for every unit at once. Each unit gets a goal and takes the
//! legal move that brings it nearest:
//! - garrisons stay, and units short of a settlement that needs them go in;
//! - a unit on a free place waits there for the spades; Scouts walk to free places;
//! - an empty enemy settlement in reach is taken by the nearest unit;
//! - `easy`: every other unit closes in on the nearest enemy;
//! - `normal`/`hard`: every other unit works against one objective (`campaign`): when the units in
//!   reach can storm it on the odds they move into striking distance, otherwise they gather
//!   just beyond it, Guards closing its roads; free units already within striking range of
//!   another settlement they could take on their own odds raid it instead.

use std::collections::BTreeMap;

use super::campaign::campaign;
use super::war::{in_striking_range, Objective};
use super::Ctx;
use crate::map::{PlaceId, PlaceKind};
use crate::rules::{Command, Location, MapPoint, Move, Target, UnitId, UnitType};

/// Where a unit wants to be: within `within` metres of `at`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Goal {
    pub at: MapPoint,
    pub within: f64,
    /// The goal lies off the roads (an enemy's last units out in the fields): units that may
    /// leave the roads steer by the straight line, the only way that gets there.
    pub afield: bool,
}

/// Every move worth making this turn, in the order to make them.
pub(super) fn plan(ctx: &Ctx) -> Vec<Command> {
    let mut goals: Vec<(UnitId, Goal)> = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    let sites = ctx.free_sites();
    let (mut free, mut claimed) = army(ctx, &sites);
    if ctx.style.concentrate {
        let holding = siege_holders(ctx);
        free.retain(|u| !holding.contains(u));
    }
    // Settlements short of defenders take the nearest free units in reach.
    for s in ctx.state.settlements().filter(|s| s.owner() == ctx.me) {
        let have = ctx.state.defenders(s.id()).len();
        let want = ctx.garrison_wanted(s);
        for _ in have..want {
            let near = free
                .iter()
                .copied()
                .filter(|u| {
                    let unit = ctx.state.unit(*u);
                    let pos = ctx.state.unit_pos(*u);
                    match (unit, pos) {
                        (Some(unit), Some(pos)) => {
                            !matches!(unit.at(), Location::Settlement(_))
                                && pos.distance_m(s.pos()) <= ctx.reach(unit.kind())
                        }
                        _ => false,
                    }
                })
                .min_by(|a, b| dist(ctx, *a, s.pos()).total_cmp(&dist(ctx, *b, s.pos())));
            let Some(u) = near else {
                break;
            };
            free.retain(|x| *x != u);
            goals.push((
                u,
                Goal {
                    at: s.pos(),
                    within: 0.0,
                    afield: false,
                },
            ));
        }
    }
    // The units the sea play ferries walk to its port; those on a land an enemy party raids go
    // for it.
    for (u, at, within) in super::sea::muster(ctx, &free) {
        free.retain(|x| *x != u);
        goals.push((
            u,
            Goal {
                at,
                within,
                afield: false,
            },
        ));
    }
    // Empty enemy settlements in reach: the nearest unit goes to take them.
    for s in ctx.state.settlements().filter(|s| s.owner() != ctx.me) {
        if !ctx.state.defenders(s.id()).is_empty() {
            continue;
        }
        let near = in_striking_range(ctx, s.pos(), &free);
        if let Some(u) = near
            .into_iter()
            .min_by(|a, b| dist(ctx, *a, s.pos()).total_cmp(&dist(ctx, *b, s.pos())))
        {
            free.retain(|x| *x != u);
            goals.push((u, strike(ctx, s.pos())));
        }
    }
    let mut options = Options::default();
    let (target, storm) = if ctx.style.concentrate {
        campaign(ctx, &mut free, &mut options, &mut moves)
    } else {
        (None, false)
    };
    if ctx.style.concentrate {
        raids(ctx, &mut free, target.as_ref(), &mut goals);
    }
    assign(
        ctx,
        &free,
        target.as_ref(),
        storm,
        &sites,
        &mut claimed,
        &mut goals,
    );
    let debug = std::env::var_os("OMMS_AI_DEBUG").is_some();
    if debug {
        eprintln!(
            "[{}] turn {} objective {:?} storm {storm}",
            ctx.me.0,
            ctx.state.turn(),
            target
                .as_ref()
                .map(|t| (t.target, t.enemy.0, t.defenders.len(), t.prize)),
        );
    }
    for (u, goal) in goals {
        let Some(unit) = ctx.state.unit(u) else {
            continue;
        };
        if unit.moved() {
            continue;
        }
        let mut mv = best_move(ctx, u, goal, &mut options);
        if mv.is_none() && dist(ctx, u, goal.at) > goal.within + ctx.breadth {
            // Stuck on the way: whatever enemy stands nearest is in the way; go for it.
            if let Some(near) = nearest_enemy(ctx, u) {
                mv = best_move(ctx, u, strike(ctx, near), &mut options);
            }
        }
        if debug {
            eprintln!(
                "   unit {} {:?} at {:.0} m from goal (within {:.0}): {}",
                u.0,
                unit.kind(),
                dist(ctx, u, goal.at),
                goal.within,
                mv.as_ref().map_or("stays".to_string(), |m| format!(
                    "moves to {:.0} m",
                    m.to.distance_m(goal.at)
                ))
            );
        }
        if let Some(mv) = mv {
            moves.push(mv);
        }
    }
    moves.into_iter().map(Command::Move).collect()
}

/// The units the land plan may give goals (`free`), and the free places units already stand on
/// waiting for the spades (`claimed`): every unit of mine but the garrisons kept, those
/// waiting on a place, and what is afloat.
pub(super) fn army(
    ctx: &Ctx,
    sites: &[(PlaceId, MapPoint, PlaceKind)],
) -> (Vec<UnitId>, Vec<PlaceId>) {
    let mut free: Vec<UnitId> = Vec::new();
    let mut claimed: Vec<PlaceId> = Vec::new();
    for id in ctx.state.units_of(ctx.me) {
        let Some(unit) = ctx.state.unit(id) else {
            continue;
        };
        let Some(pos) = ctx.state.unit_pos(id) else {
            continue;
        };
        // Ships, and the parties aboard them, are the sea play's: the land plan can neither
        // move them nor use them to fill a garrison, take an empty town or raid. Counted in,
        // a Ship lying by a town short of defenders was sent to fill it, and the town stayed
        // short; and a Ship's sea point, snapped to the nearest island's roads, made that
        // island's towns the army's objective (Malta, three seats, seed 21: with Ships off
        // Gozo, twelve units waited at Iċ-Ċirkewwa, where Malta's road ends, from turn 323 to
        // the limit, while the enemy's raiders held ten of their towns on Malta).
        if unit.kind() == UnitType::Ship || matches!(unit.at(), Location::Aboard(_)) {
            continue;
        }
        if let Location::Settlement(s) = unit.at() {
            if ctx
                .state
                .settlement(s)
                .is_some_and(|s| ctx.kept_in(s).contains(&id))
            {
                continue;
            }
        } else if let Some(place) = ctx.board.place_under(pos) {
            // Standing on a free place: wait there for the spades.
            if sites.iter().any(|s| s.0 == place) && !claimed.contains(&place) {
                claimed.push(place);
                continue;
            }
        }
        free.push(id);
    }
    (free, claimed)
}

/// Goals for an army's units not storming: expanders to the building sites, the rest gathered
/// before `target` (or, with none, after the nearest enemy).
fn assign(
    ctx: &Ctx,
    free: &[UnitId],
    target: Option<&Objective>,
    storm: bool,
    sites: &[(PlaceId, MapPoint, PlaceKind)],
    claimed: &mut Vec<PlaceId>,
    goals: &mut Vec<(UnitId, Goal)>,
) {
    let hunting = target.is_some_and(|t| afield(ctx, t));
    for &u in free {
        let Some(unit) = ctx.state.unit(u) else {
            continue;
        };
        let Some(pos) = ctx.state.unit_pos(u) else {
            continue;
        };
        let kind = unit.kind();
        // Only units that may leave the roads can catch a unit out in the fields: hunting it,
        // they leave the building sites to the rest (Andorra, seed 9 against the random bot:
        // every Scout stood by a site it could not reach while the last enemy Scout lived on).
        let hunter = hunting && kind.off_road_move().is_some();
        let expander = !hunter && (kind == UnitType::Scout || (kind == UnitType::Guard && !storm));
        let site = sites
            .iter()
            .filter(|s| !claimed.contains(&s.0))
            .min_by(|a, b| a.1.distance_m(pos).total_cmp(&b.1.distance_m(pos)))
            .copied();
        let goal = match (expander, site) {
            (true, Some(s)) if s.1.distance_m(pos) <= 3.0 * ctx.card_len || target.is_none() => {
                claimed.push(s.0);
                Some(Goal {
                    at: s.1,
                    within: 0.0,
                    afield: false,
                })
            }
            _ => match target {
                Some(t) => Some(gather(ctx, kind, t)),
                None => hunt(ctx, u, pos),
            },
        };
        if let Some(g) = goal {
            goals.push((u, g));
        }
    }
}

/// The enemy settlement or unit nearest to `u`, within two card lengths.
fn nearest_enemy(ctx: &Ctx, u: UnitId) -> Option<MapPoint> {
    let pos = ctx.state.unit_pos(u)?;
    ctx.enemy_points()
        .filter(|p| p.distance_m(pos) <= 2.0 * ctx.card_len)
        .min_by(|a, b| a.distance_m(pos).total_cmp(&b.distance_m(pos)))
}

/// The moves the board suggests for each unit, asked once per plan.
#[derive(Default)]
pub(super) struct Options(BTreeMap<UnitId, Vec<Move>>);

fn dist(ctx: &Ctx, u: UnitId, at: MapPoint) -> f64 {
    ctx.state
        .unit_pos(u)
        .map_or(f64::INFINITY, |p| p.distance_m(at))
}

/// Close enough to attack `at` this turn.
pub(super) fn strike(ctx: &Ctx, at: MapPoint) -> Goal {
    Goal {
        at,
        within: ctx.breadth * 0.6,
        afield: false,
    }
}

/// Whether the objective is a unit standing off the roads.
pub(super) fn afield(ctx: &Ctx, t: &Objective) -> bool {
    match t.target {
        Target::Unit(u) => ctx
            .state
            .unit(u)
            .is_some_and(|u| matches!(u.at(), Location::OffRoad(_))),
        Target::Settlement(_) => false,
    }
}

/// Where the army waits for an objective it cannot storm yet: Guards, who defend best on the
/// road, close in to shut its roads; the rest gather a move away, ready to strike next turn.
fn gather(ctx: &Ctx, kind: UnitType, t: &Objective) -> Goal {
    let afield = afield(ctx, t);
    if kind == UnitType::Guard {
        return Goal {
            afield,
            ..strike(ctx, t.at)
        };
    }
    // A unit out in the fields is struck over the fields: the cross-country move is the reach.
    let reach = if afield && kind.off_road_move().is_some() {
        ctx.breadth
    } else {
        ctx.reach(kind)
    };
    Goal {
        at: t.at,
        within: reach + ctx.breadth * 0.6,
        afield,
    }
}

/// `easy`: the nearest enemy piece this unit can catch, weighted by how hard it defends.
fn hunt(ctx: &Ctx, unit: UnitId, pos: MapPoint) -> Option<Goal> {
    let cross_country = ctx
        .state
        .unit(unit)
        .is_some_and(|u| u.kind().off_road_move().is_some());
    let mut best: Option<(f64, MapPoint)> = None;
    let mut consider = |at: MapPoint, hardness: f64| {
        let cost = hardness + at.distance_m(pos) / ctx.card_len;
        if best.is_none_or(|(c, _)| cost < c) {
            best = Some((cost, at));
        }
    };
    for s in ctx.state.settlements().filter(|s| s.owner() != ctx.me) {
        let defence = ctx
            .defence_of(&ctx.state.defenders(s.id()))
            .first()
            .map_or(0.0, |d| f64::from(d.0));
        let base = ctx.state.player(s.owner()).base() == Some(s.id());
        consider(s.pos(), defence * 1.5 - if base { 1.0 } else { 0.0 });
    }
    for u in ctx.state.units().filter(|u| u.owner() != ctx.me) {
        let off_road = matches!(u.at(), Location::OffRoad(_));
        if matches!(u.at(), Location::Settlement(_)) || (off_road && !cross_country) {
            continue;
        }
        if let Some(at) = ctx.state.unit_pos(u.id()) {
            consider(at, f64::from(u.kind().defence().0) + 0.5);
        }
    }
    best.map(|(_, at)| strike(ctx, at))
}

/// The legal move that brings `unit` closest to its goal, if it gets closer than it is.
pub(super) fn best_move(ctx: &Ctx, unit: UnitId, goal: Goal, known: &mut Options) -> Option<Move> {
    let from = ctx.state.unit_pos(unit)?;
    // The roads lead only to the road nearest a goal out in the fields, and a unit that may
    // leave them would wait there for ever (issue 14: a random bot's last Scout, nine
    // kilometres off the end of Andorra's northern road, outlived the game while thirty Scouts
    // stood at the road's end).
    let straight = !ctx.style.concentrate
        || (goal.afield
            && ctx
                .state
                .unit(unit)
                .is_some_and(|u| u.kind().off_road_move().is_some()));
    // Along the roads, not as the crow flies: a straight line leads into bends and dead ends
    // where an army crawls a few hundred metres a turn (issue 14's North Bayreuth stalls).
    let cost = |p: MapPoint| {
        if p.distance_m(goal.at) <= goal.within {
            0.0
        } else {
            // `easy` heads straight for its goal; the levels that plan their war read the
            // roads (with road steering easy beat normal 11–6 on Andorra, a broken ladder).
            let d = if straight {
                p.distance_m(goal.at)
            } else {
                ctx.way(p, goal.at)
            };
            (d - goal.within).max(0.0)
        }
    };
    let here = cost(from);
    if here == 0.0 {
        return None;
    }
    let mut options = known
        .0
        .entry(unit)
        .or_insert_with(|| ctx.board.candidate_moves(ctx.state, unit))
        .clone();
    let straight = Move {
        unit,
        to: goal.at,
        via: None,
        off_road: false,
    };
    if goal.within == 0.0 && ctx.ok(&Command::Move(straight.clone())) {
        options.push(straight);
    }
    let mut best: Option<(f64, Move)> = None;
    for mv in options {
        let c = cost(mv.to);
        if c < here - 1.0 && best.as_ref().is_none_or(|(b, _)| c < *b) {
            best = Some((c, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// My units in the field round an enemy settlement I besiege, with two or more inside: they
/// stay, so the siege clock runs until it kills (RULINGS §6: a unit inside dies each whole
/// round the roads stay shut, down to the last).
/// Without this the Guards that closed the roads walked off to build or to the next objective
/// the very next turn, the clock stopped, and no siege between bots ever killed anything.
fn siege_holders(ctx: &Ctx) -> Vec<UnitId> {
    let mut out = Vec::new();
    // The clock never kills the last unit inside: a siege of one is for storming, and holding
    // it would only freeze the army before it (Malta's four seats stalled so).
    for s in ctx
        .state
        .settlements()
        .filter(|s| s.owner() != ctx.me && ctx.state.defenders(s.id()).len() >= 2)
    {
        let round: Vec<UnitId> = ctx
            .field_units()
            .into_iter()
            .filter(|u| {
                ctx.state
                    .unit_pos(*u)
                    .is_some_and(|p| p.distance_m(s.pos()) <= ctx.breadth)
            })
            .collect();
        if !round.is_empty() && ctx.board.besiegers(ctx.state, s.id()).contains(&ctx.me) {
            out.extend(round);
        }
    }
    out
}

/// Side raids: another enemy settlement that the free units already within striking range
/// could take on their own, judged on the odds as the objective's storm is. Gathered for the one
/// objective, those units walked past weak settlements that `easy`, hitting whatever is near,
/// took; each capture steals a card and its points cheapen every later set, and `easy`
/// snowballed (Andorra, 100 games: easy 48–51 normal before, 41–57 with the raids).
fn raids(
    ctx: &Ctx,
    free: &mut Vec<UnitId>,
    target: Option<&Objective>,
    goals: &mut Vec<(UnitId, Goal)>,
) {
    let mut towns: Vec<&crate::rules::Settlement> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() != ctx.me)
        .filter(|s| target.is_none_or(|t| t.at != s.pos()))
        .filter(|s| !ctx.state.defenders(s.id()).is_empty())
        .collect();
    towns.sort_by_key(|s| s.id());
    for s in towns {
        let o = Objective {
            target: Target::Settlement(s.id()),
            at: s.pos(),
            enemy: s.owner(),
            defenders: super::war::guards(ctx, s.id()),
            prize: super::war::prize(ctx, s),
        };
        let near = in_striking_range(ctx, o.at, free);
        if near.is_empty() || !super::war::storms(ctx, &o, &near) {
            continue;
        }
        free.retain(|u| !near.contains(u));
        for u in near {
            goals.push((u, strike(ctx, o.at)));
        }
    }
}
