//! Which land the war is on, for the general at sea: the lands (as the major roads join them,
//! [`Board::land_group`]) where it stands alone, which it ferries its army from; the enemy
//! settlement its Ships make for; and the units it musters at the sailing port, or sends against
//! an enemy party landed on one of its lands.
//!
//! [`Board::land_group`]: crate::rules::Board::land_group

use std::collections::BTreeSet;

use super::{is_ship, Aim, ARMY_TO_SAIL};
use crate::ai::general::Ctx;
use crate::rules::{Location, MapPoint, SettlementId, UnitId, UnitType};

/// Which lands my pieces and the enemy's stand on.
pub(super) struct Lands {
    /// Lands where I have settlements.
    pub home: BTreeSet<u32>,
    /// Lands with an enemy settlement.
    pub enemy: BTreeSet<u32>,
    /// Lands with an enemy land unit on them (in the field or in a settlement).
    pub enemy_units: BTreeSet<u32>,
    /// My land units ashore (not aboard), with their land.
    pub mine: Vec<(UnitId, MapPoint, u32)>,
}

impl Lands {
    pub fn of(ctx: &Ctx) -> Lands {
        let group = |p: MapPoint| ctx.board.land_group(p);
        let mut home = BTreeSet::new();
        let mut enemy = BTreeSet::new();
        for s in ctx.state.settlements() {
            if let Some(g) = group(s.pos()) {
                if s.owner() == ctx.me {
                    home.insert(g);
                } else {
                    enemy.insert(g);
                }
            }
        }
        let mut enemy_units = BTreeSet::new();
        let mut mine = Vec::new();
        for u in ctx.state.units() {
            if u.kind() == UnitType::Ship || matches!(u.at(), Location::Aboard(_)) {
                continue;
            }
            let Some(pos) = ctx.state.unit_pos(u.id()) else {
                continue;
            };
            let Some(g) = group(pos) else {
                continue;
            };
            if u.owner() == ctx.me {
                mine.push((u.id(), pos, g));
            } else {
                enemy_units.insert(g);
            }
        }
        Lands {
            home,
            enemy,
            enemy_units,
            mine,
        }
    }

    /// A land of mine no enemy stands on: its army can only get at anyone by sea.
    pub fn quiet(&self, g: u32) -> bool {
        self.home.contains(&g) && !self.enemy.contains(&g) && !self.enemy_units.contains(&g)
    }
}

/// Why to cross the water now, if there is a reason: an enemy only reachable by sea from a
/// land of mine where no enemy stands (the army there has nothing else to do), or, with every
/// land of mine full, a free place across the water.
pub(super) fn aim(ctx: &Ctx) -> Option<Aim> {
    if !ctx.state.options().seafaring || !ctx.board.has_ports() {
        return None;
    }
    let lands = Lands::of(ctx);
    let ports: Vec<(SettlementId, MapPoint, u32)> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() == ctx.me && ctx.board.is_port(ctx.state, s.id()))
        .filter_map(|s| Some((s.id(), s.pos(), ctx.board.land_group(s.pos())?)))
        .collect();
    if ports.is_empty() {
        return None;
    }
    war_aim(ctx, &lands, &ports).or_else(|| settle_aim(ctx, &lands, &ports))
}

/// The sea war: from the quiet land with most of my units on it (and a port of mine), to the
/// enemy settlement nearest my army already landed, or else the weakest and nearest one.
fn war_aim(ctx: &Ctx, lands: &Lands, ports: &[(SettlementId, MapPoint, u32)]) -> Option<Aim> {
    let enemies: Vec<_> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() != ctx.me)
        .collect();
    if enemies.is_empty() {
        return None;
    }
    // The quiet land with a port that holds most of my units (ties: the lowest land).
    let mut from: Option<(usize, u32)> = None;
    for g in ports.iter().map(|p| p.2).collect::<BTreeSet<_>>() {
        if !lands.quiet(g) {
            continue;
        }
        let n = lands.mine.iter().filter(|m| m.2 == g).count();
        if from.is_none_or(|(best, _)| n > best) {
            from = Some((n, g));
        }
    }
    let (_, from) = from?;
    // Ashore or aboard: a party at sea is part of the army.
    let army = ctx
        .state
        .units_of(ctx.me)
        .into_iter()
        .filter(|u| !is_ship(ctx, *u))
        .count();
    let sites = ctx.free_sites();
    let room_at_home = sites.iter().any(|(_, p, _)| {
        ctx.board
            .land_group(*p)
            .is_some_and(|g| lands.home.contains(&g))
    });
    if room_at_home && army < ARMY_TO_SAIL {
        return None;
    }
    // My army ashore where the enemy is: the Ships reinforce it.
    let landed: Vec<MapPoint> = lands
        .mine
        .iter()
        .filter(|m| lands.enemy.contains(&m.2))
        .map(|m| m.1)
        .collect();
    let port_dist = |p: MapPoint| {
        ports
            .iter()
            .filter(|q| q.2 == from)
            .map(|q| q.1.distance_m(p))
            .fold(f64::INFINITY, f64::min)
    };
    let target = enemies
        .iter()
        .map(|s| {
            let guards = ctx.state.defenders(s.id()).len() as f64;
            let cost = if landed.is_empty() {
                guards * ctx.card_len + port_dist(s.pos())
            } else {
                let near = landed
                    .iter()
                    .map(|p| p.distance_m(s.pos()))
                    .fold(f64::INFINITY, f64::min);
                guards * ctx.breadth + near
            };
            (cost, s.id(), s.pos())
        })
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))?
        .2;
    let (port, port_at, _) = ports
        .iter()
        .filter(|p| p.2 == from)
        .copied()
        .min_by(|a, b| {
            a.1.distance_m(target)
                .total_cmp(&b.1.distance_m(target))
                .then(a.0.cmp(&b.0))
        })?;
    Some(Aim {
        at: target,
        port,
        port_at,
    })
}

/// Settling: with no free place left on any land of mine, the free place across the water
/// nearest a port of mine.
fn settle_aim(ctx: &Ctx, lands: &Lands, ports: &[(SettlementId, MapPoint, u32)]) -> Option<Aim> {
    let sites = ctx.free_sites();
    let abroad = |p: MapPoint| {
        ctx.board
            .land_group(p)
            .is_some_and(|g| !lands.home.contains(&g))
    };
    if sites.iter().any(|(_, p, _)| !abroad(*p)) {
        return None;
    }
    let (_, target, port) = sites
        .iter()
        .filter(|(_, p, _)| abroad(*p))
        .flat_map(|(_, p, _)| ports.iter().map(move |q| (q.1.distance_m(*p), *p, *q)))
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.2 .0.cmp(&b.2 .0)))?;
    Some(Aim {
        at: target,
        port: port.0,
        port_at: port.1,
    })
}

/// Where the sea play sends some of the land plan's `free` units, each as (unit, point, within
/// metres): on the land the Ships sail from, every free unit walks to the sailing port to board
/// (Scouts stay to settle while there is room there); on a land of mine where an enemy party
/// has landed and holds no settlement yet, every free unit goes for the nearest of that party.
pub(in crate::ai::general) fn muster(ctx: &Ctx, free: &[UnitId]) -> Vec<(UnitId, MapPoint, f64)> {
    if !ctx.state.options().seafaring || !ctx.board.has_ports() {
        return Vec::new();
    }
    let lands = Lands::of(ctx);
    let mut out = Vec::new();
    // Enemy parties ashore on lands of mine where the enemy has no settlement.
    let raiders: Vec<(MapPoint, u32)> = ctx
        .state
        .units()
        .filter(|u| u.owner() != ctx.me && u.kind() != UnitType::Ship)
        .filter(|u| !matches!(u.at(), Location::Aboard(_)))
        .filter_map(|u| {
            let p = ctx.state.unit_pos(u.id())?;
            let g = ctx.board.land_group(p)?;
            (lands.home.contains(&g) && !lands.enemy.contains(&g)).then_some((p, g))
        })
        .collect();
    let aim = if raiders.is_empty() { aim(ctx) } else { None };
    let sail_from = aim.and_then(|a| Some((a, ctx.board.land_group(a.port_at)?)));
    let room = |g: u32| {
        ctx.free_sites()
            .iter()
            .any(|(_, p, _)| ctx.board.land_group(*p) == Some(g))
    };
    let mut room_at: Option<bool> = None;
    for &(u, pos, g) in &lands.mine {
        if !free.contains(&u) || is_ship(ctx, u) {
            continue;
        }
        if let Some(near) = raiders
            .iter()
            .filter(|r| r.1 == g)
            .map(|r| r.0)
            .min_by(|a, b| a.distance_m(pos).total_cmp(&b.distance_m(pos)))
        {
            out.push((u, near, ctx.breadth * 0.6));
            continue;
        }
        let Some((aim, from)) = sail_from else {
            continue;
        };
        if g != from {
            continue;
        }
        let scout = ctx
            .state
            .unit(u)
            .is_some_and(|u| u.kind() == UnitType::Scout);
        if scout && *room_at.get_or_insert_with(|| room(g)) {
            continue;
        }
        out.push((u, aim.port_at, 0.0));
    }
    out
}
