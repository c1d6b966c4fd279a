//! Which land the war is on, for the general at sea: the lands (as the major roads join them,
//! [`Board::land_group`]) where it stands alone, which it ferries its army from; the enemy
//! settlement its Ships make for; and the units it musters at the sailing port, or sends against
//! an enemy party landed on one of its lands.
//!
//! [`Board::land_group`]: crate::rules::Board::land_group

use std::collections::{BTreeMap, BTreeSet};

use super::{is_ship, Aim, ARMY_TO_SAIL};
use crate::ai::general::Ctx;
use crate::rules::{Location, MapPoint, SettlementId, UnitId, UnitType};

/// Which lands my pieces and the enemy's stand on.
pub(super) struct Lands {
    /// Lands where I have settlements, with how many.
    pub home: BTreeMap<u32, usize>,
    /// Lands with an enemy settlement, with how many.
    pub enemy: BTreeMap<u32, usize>,
    /// Lands with an enemy land unit on them (in the field or in a settlement), with how many.
    pub enemy_units: BTreeMap<u32, usize>,
    /// My land units ashore (not aboard), with their land.
    pub mine: Vec<(UnitId, MapPoint, u32)>,
}

/// How many times the enemy's pieces on a land of mine my own must number for the enemy there
/// to count as a raid, met by a detachment while the rest of the army sails on.
const RAID_ODDS: usize = 3;

impl Lands {
    pub fn of(ctx: &Ctx) -> Lands {
        let group = |p: MapPoint| ctx.board.land_group(p);
        let mut home = BTreeMap::new();
        let mut enemy = BTreeMap::new();
        for s in ctx.state.settlements() {
            if let Some(g) = group(s.pos()) {
                let side = if s.owner() == ctx.me {
                    &mut home
                } else {
                    &mut enemy
                };
                *side.entry(g).or_insert(0) += 1;
            }
        }
        let mut enemy_units = BTreeMap::new();
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
                *enemy_units.entry(g).or_insert(0) += 1;
            }
        }
        Lands {
            home,
            enemy,
            enemy_units,
            mine,
        }
    }

    /// A land of mine where the enemy has at most a landing party — a few units and whatever
    /// settlement they took, outnumbered [`RAID_ODDS`] to one by mine — so the army there
    /// still sails, leaving a detachment to meet them. (Sailing only from lands where no enemy
    /// stood, a raid of three kept an army of forty walking between its port and the raiders
    /// for two hundred turns on Malta, and never one of them boarded.)
    pub fn held(&self, g: u32) -> bool {
        let units = self.mine.iter().filter(|m| m.2 == g).count();
        let enemy_s = self.enemy.get(&g).copied().unwrap_or(0);
        let home_s = self.home.get(&g).copied().unwrap_or(0);
        home_s > 0 && self.raiders(g) * RAID_ODDS <= units && enemy_s * RAID_ODDS * 2 <= home_s
    }

    /// Enemy land units on land `g`.
    pub fn raiders(&self, g: u32) -> usize {
        self.enemy_units.get(&g).copied().unwrap_or(0)
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

/// The sea war: from the land I hold (no enemy there but a raid, [`Lands::held`]) with most
/// of my units on it and a port of mine, to the enemy settlement across the water nearest my
/// army already landed, or else the weakest and nearest one.
fn war_aim(ctx: &Ctx, lands: &Lands, ports: &[(SettlementId, MapPoint, u32)]) -> Option<Aim> {
    // The land I hold with a port that holds most of my units (ties: the lowest land).
    let mut from: Option<(usize, u32)> = None;
    for g in ports.iter().map(|p| p.2).collect::<BTreeSet<_>>() {
        if !lands.held(g) {
            continue;
        }
        let n = lands.mine.iter().filter(|m| m.2 == g).count();
        if from.is_none_or(|(best, _)| n > best) {
            from = Some((n, g));
        }
    }
    let (_, from) = from?;
    // A raid's prize on the land itself is the detachment's ([`muster`]), not the Ships'.
    let enemies: Vec<_> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() != ctx.me && ctx.board.land_group(s.pos()) != Some(from))
        .collect();
    if enemies.is_empty() {
        return None;
    }
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
            .is_some_and(|g| lands.home.contains_key(&g))
    });
    if room_at_home && army < ARMY_TO_SAIL {
        return None;
    }
    // My army ashore where the enemy is: the Ships reinforce it.
    let landed: Vec<MapPoint> = lands
        .mine
        .iter()
        .filter(|m| m.2 != from && lands.enemy.contains_key(&m.2))
        .map(|m| m.1)
        .collect();
    // From my port, or from my loaded Ships at sea: a wave under way keeps to the town it is
    // nearest (measured from the port alone, the aim swung between two towns as the enemy's
    // guards and Ships moved, and the wave sailed to and fro off Malta for thirty turns).
    let afloat: Vec<MapPoint> = ctx
        .state
        .units_of(ctx.me)
        .into_iter()
        .filter(|u| is_ship(ctx, *u) && !ctx.state.cargo(*u).is_empty())
        .filter_map(|u| ctx.state.unit_pos(u))
        .collect();
    let port_dist = |p: MapPoint| {
        ports
            .iter()
            .filter(|q| q.2 == from)
            .map(|q| q.1)
            .chain(afloat.iter().copied())
            .map(|q| q.distance_m(p))
            .fold(f64::INFINITY, f64::min)
    };
    // Enemy Ships lying where they could strike a party landing by a town (a card's length
    // and breadth: a move and an attack) make it a worse aim than one out of their reach: on
    // Malta, loaded Ships lay for a hundred turns off towns the enemy's harbours covered.
    let fleet: Vec<MapPoint> = ctx
        .state
        .units()
        .filter(|u| u.owner() != ctx.me && u.kind() == UnitType::Ship)
        .filter_map(|u| ctx.state.unit_pos(u.id()))
        .collect();
    let danger = ctx.card_len + ctx.breadth;
    let target = enemies
        .iter()
        .map(|s| {
            let guards = ctx.state.defenders(s.id()).len() as f64
                + fleet
                    .iter()
                    .filter(|f| f.distance_m(s.pos()) <= danger)
                    .count() as f64;
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
            .is_some_and(|g| !lands.home.contains_key(&g))
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
/// metres). On a land of mine the enemy raids (a party ashore, and what it took, outnumbered as
/// [`Lands::held`] says), the nearest free units, twice the raiders and two more, go for each
/// party; against a landing in strength on a land where the enemy has no settlement, every free
/// unit there does. On the land the Ships sail from, every other free unit walks to the
/// sailing port to board (Scouts stay to settle while there is room there).
pub(in crate::ai::general) fn muster(ctx: &Ctx, free: &[UnitId]) -> Vec<(UnitId, MapPoint, f64)> {
    if !ctx.state.options().seafaring || !ctx.board.has_ports() {
        return Vec::new();
    }
    let lands = Lands::of(ctx);
    let mut out = Vec::new();
    let mut taken: BTreeSet<UnitId> = BTreeSet::new();
    let strike = ctx.breadth * 0.6;
    for &g in lands.home.keys() {
        let raids = raids_on(ctx, g);
        if raids.is_empty() {
            continue;
        }
        let mut here: Vec<(UnitId, MapPoint)> = lands
            .mine
            .iter()
            .filter(|m| m.2 == g && free.contains(&m.0))
            .map(|m| (m.0, m.1))
            .collect();
        if lands.held(g) {
            for (at, n) in raids {
                here.sort_by(|a, b| {
                    a.1.distance_m(at)
                        .total_cmp(&b.1.distance_m(at))
                        .then(a.0.cmp(&b.0))
                });
                for (u, _) in here.drain(..here.len().min(2 * n + 2)) {
                    taken.insert(u);
                    out.push((u, at, strike));
                }
            }
        } else if !lands.enemy.contains_key(&g) {
            for (u, pos) in here {
                let near = raids
                    .iter()
                    .map(|r| r.0)
                    .min_by(|a, b| a.distance_m(pos).total_cmp(&b.distance_m(pos)));
                if let Some(near) = near {
                    taken.insert(u);
                    out.push((u, near, strike));
                }
            }
        }
    }
    let Some((aim, from)) = aim(ctx).and_then(|a| Some((a, ctx.board.land_group(a.port_at)?)))
    else {
        return out;
    };
    let room = |g: u32| {
        ctx.free_sites()
            .iter()
            .any(|(_, p, _)| ctx.board.land_group(*p) == Some(g))
    };
    let mut room_at: Option<bool> = None;
    for &(u, _, g) in &lands.mine {
        if g != from || !free.contains(&u) || taken.contains(&u) {
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

/// The enemy's pieces ashore on land `g`, as (point, units there): each party in the field, and
/// each enemy settlement with its defenders.
fn raids_on(ctx: &Ctx, g: u32) -> Vec<(MapPoint, usize)> {
    let mut out: Vec<(MapPoint, usize)> = Vec::new();
    for s in ctx.state.settlements().filter(|s| s.owner() != ctx.me) {
        if ctx.board.land_group(s.pos()) == Some(g) {
            out.push((s.pos(), 0));
        }
    }
    for u in ctx.state.units() {
        if u.owner() == ctx.me || u.kind() == UnitType::Ship {
            continue;
        }
        if matches!(u.at(), Location::Aboard(_)) {
            continue;
        }
        let Some(p) = ctx.state.unit_pos(u.id()) else {
            continue;
        };
        if ctx.board.land_group(p) != Some(g) {
            continue;
        }
        match out.iter_mut().find(|r| r.0 == p) {
            Some(r) => r.1 += 1,
            None => out.push((p, 1)),
        }
    }
    out
}
