//! The general at sea (RULINGS §10). It takes to the water only when the land will not do: when
//! every free place on its own land is taken while free places lie across the water, or when no
//! enemy settlement can be reached by road at all. Then it builds a Ship with spades at the port
//! nearest the aim, walks free units into that port, boards up to three, sails the Ship (over the
//! engine's own reach: its suggested moves and straight runs it checks) to lie off the aim, and
//! lands them next to it, where the land play takes over (building on the free place, or
//! storming the settlement). In the attack phase its Ships fight enemy Ships when the odds are
//! even or better and there is nothing of its own aboard to lose.
//!
//! Which land a point stands on is the board's public answer ([`Board::land_group`]); every
//! command goes through the rules' check first, and only the seat's view is read.
//!
//! [`Board::land_group`]: crate::rules::Board::land_group

use std::collections::BTreeSet;

use super::Ctx;
use crate::rules::{
    cheapest_set, defence_dice, odds, Attack, BoardShip, BuildShip, Command, Land, Location,
    MapPoint, Move, SettlementId, Suit, Target, UnitId, UnitType, SHIP_CAPACITY,
};

/// What the general crosses the water for.
#[derive(Debug, Clone, Copy)]
struct Aim {
    /// The point to land next to: a free place, or an enemy settlement.
    at: MapPoint,
    /// My port to sail from: the one nearest the aim.
    port: SettlementId,
    port_at: MapPoint,
}

/// Ships a general keeps for its expeditions, by the size of its army: a Ship carries three, and
/// a crossing and the way back take a few turns, so a landing in strength needs a fleet (with
/// one or two Ships, games on Malta stalled with thirty units idle on each island).
fn ships_wanted(units: usize) -> usize {
    match units {
        0..=2 => 0,
        3..=9 => 1,
        _ => (units / 6).min(MAX_SHIPS),
    }
}

/// The most Ships a general builds.
const MAX_SHIPS: usize = 5;

/// Land units a general must have before it sails for an enemy while free places remain on its
/// own island: below it, its spades and units are worth more building at home.
const ARMY_TO_SAIL: usize = 8;

fn is_ship(ctx: &Ctx, u: UnitId) -> bool {
    ctx.state
        .unit(u)
        .is_some_and(|u| u.kind() == UnitType::Ship)
}

fn my_ships(ctx: &Ctx) -> Vec<UnitId> {
    ctx.state
        .units_of(ctx.me)
        .into_iter()
        .filter(|u| is_ship(ctx, *u))
        .collect()
}

/// Why to cross the water now, if there is a reason.
fn aim(ctx: &Ctx) -> Option<Aim> {
    if !ctx.state.options().seafaring || !ctx.board.has_ports() {
        return None;
    }
    let group = |p: MapPoint| ctx.board.land_group(p);
    let mine: Vec<_> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() == ctx.me)
        .collect();
    let home: BTreeSet<u32> = mine.iter().filter_map(|s| group(s.pos())).collect();
    if home.is_empty() {
        return None;
    }
    let ports: Vec<(SettlementId, MapPoint)> = mine
        .iter()
        .filter(|s| ctx.board.is_port(ctx.state, s.id()))
        .map(|s| (s.id(), s.pos()))
        .collect();
    if ports.is_empty() {
        return None;
    }
    let abroad = |p: MapPoint| group(p).is_some_and(|g| !home.contains(&g));
    let enemies: Vec<_> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() != ctx.me)
        .collect();
    let enemy_at_home = enemies.iter().any(|s| !abroad(s.pos()));
    // Weakest first, then nearest to a port of mine: a landing party is small.
    let port_dist = |p: MapPoint| {
        ports
            .iter()
            .map(|(_, q)| q.distance_m(p))
            .fold(f64::INFINITY, f64::min)
    };
    let sites = ctx.free_sites();
    let room_at_home = sites.iter().any(|(_, p, _)| !abroad(*p));
    let army = ctx
        .state
        .units_of(ctx.me)
        .into_iter()
        .filter(|u| !is_ship(ctx, *u))
        .count();
    let target = if !enemy_at_home && !enemies.is_empty() {
        if room_at_home && army < ARMY_TO_SAIL {
            return None;
        }
        enemies
            .iter()
            .filter(|s| abroad(s.pos()))
            .map(|s| {
                let guards = ctx.state.defenders(s.id()).len() as f64;
                (guards * ctx.card_len + port_dist(s.pos()), s.pos())
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, p)| p)
    } else {
        if room_at_home {
            None
        } else {
            sites
                .iter()
                .filter(|(_, p, _)| abroad(*p))
                .map(|(_, p, _)| (port_dist(*p), *p))
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, p)| p)
        }
    }?;
    let (port, port_at) = ports.iter().copied().min_by(|a, b| {
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

/// The next seafaring command of the main phase: build, land (a party that can go ashore next
/// to the aim does so before its Ship moves on), board, sail, or walk to the port.
pub(super) fn main_phase(ctx: &Ctx) -> Option<Command> {
    let Some(aim) = aim(ctx) else {
        return land(ctx, None);
    };
    build(ctx, &aim)
        .or_else(|| land(ctx, Some(&aim)))
        .or_else(|| board(ctx, &aim))
        .or_else(|| sail(ctx, &aim))
        .or_else(|| walk_to_port(ctx, &aim))
}

fn build(ctx: &Ctx, aim: &Aim) -> Option<Command> {
    let units = ctx.state.units_of(ctx.me);
    let ships = my_ships(ctx).len();
    if ships >= ships_wanted(units.len() - ships) {
        return None;
    }
    let cmd = Command::BuildShip(BuildShip {
        cards: cheapest_set(ctx.state, ctx.me, Suit::Spades)?,
        port: aim.port,
    });
    ctx.ok(&cmd).then_some(cmd)
}

/// Units standing in a port of mine (garrisons aside) go aboard a Ship in harbour there that
/// has not sailed yet this turn.
fn board(ctx: &Ctx, aim: &Aim) -> Option<Command> {
    let ships: Vec<UnitId> = my_ships(ctx)
        .into_iter()
        .filter(|s| ctx.state.unit(*s).is_some_and(|u| !u.moved()))
        .collect();
    for unit in boarders(ctx, aim) {
        for &ship in &ships {
            let cmd = Command::BoardShip(BoardShip { unit, ship });
            if ctx.ok(&cmd) {
                return Some(cmd);
            }
        }
    }
    None
}

/// My units in the sailing port that the garrison does not keep.
fn boarders(ctx: &Ctx, aim: &Aim) -> Vec<UnitId> {
    let Some(s) = ctx.state.settlement(aim.port) else {
        return Vec::new();
    };
    let kept = ctx.kept_in(s);
    ctx.state
        .defenders(aim.port)
        .into_iter()
        .filter(|u| !kept.contains(u) && !is_ship(ctx, *u))
        .filter(|u| ctx.state.unit(*u).is_some_and(|u| !u.moved()))
        .collect()
}

/// Move a Ship: loaded, once no one else in the port can board this turn, towards the aim;
/// empty, back to the sailing port's harbour. (Boarding is tried before sailing, so anyone
/// waiting is someone who could not board this Ship.)
fn sail(ctx: &Ctx, aim: &Aim) -> Option<Command> {
    let waiting = boarders(ctx, aim).len();
    for ship in my_ships(ctx) {
        let Some(u) = ctx.state.unit(ship) else {
            continue;
        };
        let Some(pos) = ctx.state.unit_pos(ship) else {
            continue;
        };
        if u.moved() {
            continue;
        }
        let aboard = ctx.state.cargo(ship).len();
        let goal = if aboard > 0 {
            if aboard < SHIP_CAPACITY && waiting > 0 && in_harbour_at(ctx, pos, aim) {
                continue;
            }
            // Lying off the aim within a card's breadth is close enough to land next to it.
            if pos.distance_m(aim.at) <= ctx.breadth * 0.6 {
                continue;
            }
            aim.at
        } else {
            if in_harbour_at(ctx, pos, aim) {
                continue;
            }
            aim.port_at
        };
        if let Some(mv) = best_sea_move(ctx, ship, pos, goal) {
            return Some(Command::Move(mv));
        }
    }
    None
}

fn in_harbour_at(ctx: &Ctx, pos: MapPoint, aim: &Aim) -> bool {
    let reach = ctx.state.scale().measure_m(crate::rules::HARBOUR_REACH);
    pos.distance_m(aim.port_at) <= reach
}

/// The legal move of `ship` that ends nearest `goal`, if it gets closer than where it lies: the
/// board's suggestions and straight runs towards the goal at a few lengths. A Ship with anyone
/// aboard does not end where an enemy Ship could strike it (within a card's breadth of one)
/// unless its party can land next to the goal from there this turn: a defending Ship that
/// loses sinks with everyone aboard, and a coin toss for a whole landing party is a losing
/// fight however it falls.
fn best_sea_move(ctx: &Ctx, ship: UnitId, from: MapPoint, goal: MapPoint) -> Option<Move> {
    let mut ideas = ctx.board.candidate_moves(ctx.state, ship);
    let [x0, y0] = from.to_m();
    let [x1, y1] = goal.to_m();
    let d = from.distance_m(goal);
    if d > 0.0 {
        for k in 1..=10 {
            let t = (ctx.card_len * f64::from(k) / 10.0 / d).min(1.0);
            ideas.push(Move {
                unit: ship,
                to: MapPoint::from_m([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t]),
                via: None,
                off_road: false,
            });
        }
    }
    let loaded = !ctx.state.cargo(ship).is_empty();
    let mut best: Option<(f64, Move)> = None;
    for mv in ideas {
        let left = mv.to.distance_m(goal);
        if left >= d - 1.0 || best.as_ref().is_some_and(|(b, _)| *b <= left) {
            continue;
        }
        if loaded && left > ctx.breadth && exposed(ctx, mv.to) {
            continue;
        }
        if ctx.ok(&Command::Move(mv.clone())) {
            best = Some((left, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// Whether an enemy Ship lies within striking distance (a card's breadth) of `at`.
fn exposed(ctx: &Ctx, at: MapPoint) -> bool {
    ctx.state
        .units()
        .filter(|u| u.owner() != ctx.me && u.kind() == UnitType::Ship)
        .filter_map(|u| ctx.state.unit_pos(u.id()))
        .any(|p| p.distance_m(at) <= ctx.breadth)
}

/// A unit aboard goes ashore at the landing nearest the aim, on the aim's island, once that
/// landing is within striking distance of the aim (a card's breadth: it may attack this turn),
/// or once its Ship can get no nearer (an aim inland, past the last water the Ship reaches: the
/// party lands on the nearest shore and marches). A Ship that has sailed this turn and is still
/// short of both keeps its party aboard for the next turn, rather than dropping it on whatever
/// shore it passes. With no aim, at the nearest landing.
fn land(ctx: &Ctx, aim: Option<&Aim>) -> Option<Command> {
    for ship in my_ships(ctx) {
        let party: Vec<UnitId> = ctx
            .state
            .cargo(ship)
            .into_iter()
            .filter(|u| ctx.state.unit(*u).is_some_and(|u| !u.moved()))
            .collect();
        let Some(&first) = party.first() else {
            continue;
        };
        let Some(ship_at) = ctx.state.unit_pos(ship) else {
            continue;
        };
        let (goal, island) = match aim {
            Some(a) => (a.at, ctx.board.land_group(a.at)),
            None => (ship_at, None),
        };
        let spots: Vec<MapPoint> = ctx
            .board
            .candidate_landings(ctx.state, first)
            .into_iter()
            .filter(|p| island.is_none() || ctx.board.land_group(*p) == island)
            .collect();
        let Some(nearest) = spots
            .iter()
            .map(|p| p.distance_m(goal))
            .min_by(f64::total_cmp)
        else {
            continue;
        };
        if aim.is_some() && nearest > ctx.breadth {
            let sailed = ctx.state.unit(ship).is_some_and(|s| s.moved());
            if sailed || best_sea_move(ctx, ship, ship_at, goal).is_some() {
                continue;
            }
        }
        for unit in party {
            let best = spots
                .iter()
                .map(|to| Command::Land(Land { unit, to: *to }))
                .filter(|c| ctx.ok(c))
                .min_by(|a, b| landed_dist(a, goal).total_cmp(&landed_dist(b, goal)));
            if best.is_some() {
                return best;
            }
        }
    }
    None
}

fn landed_dist(c: &Command, goal: MapPoint) -> f64 {
    match c {
        Command::Land(l) => l.to.distance_m(goal),
        _ => f64::INFINITY,
    }
}

/// Send free units on land towards the sailing port, as many as the Ships can carry.
fn walk_to_port(ctx: &Ctx, aim: &Aim) -> Option<Command> {
    let ships = my_ships(ctx);
    if ships.is_empty() && cheapest_set(ctx.state, ctx.me, Suit::Spades).is_none() {
        return None;
    }
    let room = SHIP_CAPACITY * ships.len().max(1);
    let ready = boarders(ctx, aim).len()
        + ships
            .iter()
            .map(|s| ctx.state.cargo(*s).len())
            .sum::<usize>();
    if ready >= room {
        return None;
    }
    let home = ctx.board.land_group(aim.port_at);
    let mut walkers: Vec<(f64, UnitId)> = ctx
        .state
        .units_of(ctx.me)
        .into_iter()
        .filter_map(|u| {
            let unit = ctx.state.unit(u)?;
            if unit.moved() || unit.kind() == UnitType::Ship {
                return None;
            }
            match unit.at() {
                Location::Road(_) | Location::OffRoad(_) => {}
                Location::Settlement(s) if s != aim.port => {
                    let set = ctx.state.settlement(s)?;
                    if ctx.kept_in(set).contains(&u) {
                        return None;
                    }
                }
                _ => return None,
            }
            let pos = ctx.state.unit_pos(u)?;
            (ctx.board.land_group(pos) == home).then(|| (pos.distance_m(aim.port_at), u))
        })
        .collect();
    walkers.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    for (d, unit) in walkers.into_iter().take(room - ready) {
        let into = Move {
            unit,
            to: aim.port_at,
            via: None,
            off_road: false,
        };
        if ctx.ok(&Command::Move(into.clone())) {
            return Some(Command::Move(into));
        }
        let best = ctx
            .board
            .candidate_moves(ctx.state, unit)
            .into_iter()
            .map(|mv| (mv.to.distance_m(aim.port_at), mv))
            .filter(|(left, _)| *left < d - 1.0)
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, mv)) = best {
            return Some(Command::Move(mv));
        }
    }
    None
}

/// Whether the sea play steers this planned move (Ships, and units waiting in the sailing port
/// for a Ship), so the land plan leaves it alone.
pub(super) fn steers(ctx: &Ctx, cmd: &Command) -> bool {
    let Command::Move(mv) = cmd else {
        return false;
    };
    if is_ship(ctx, mv.unit) {
        return true;
    }
    aim(ctx).is_some_and(|a| boarders(ctx, &a).contains(&mv.unit))
}

/// An attack of one of my Ships on an enemy Ship worth making: odds at least even, and nothing
/// of mine aboard (a beaten attacker loses its cargo; two loaded Ships trading blows in
/// mid-strait drown both landing parties and land no one).
pub(super) fn attack(ctx: &Ctx) -> Option<Command> {
    if !ctx.state.options().seafaring {
        return None;
    }
    let enemies: Vec<UnitId> = ctx
        .state
        .units()
        .filter(|u| u.owner() != ctx.me && u.kind() == UnitType::Ship)
        .map(|u| u.id())
        .collect();
    if enemies.is_empty() {
        return None;
    }
    let mut best: Option<(f64, Command)> = None;
    for ship in my_ships(ctx) {
        let Some(u) = ctx.state.unit(ship) else {
            continue;
        };
        if !ctx.state.cargo(ship).is_empty() {
            continue;
        }
        for &enemy in &enemies {
            let o = odds(u.attack_dice(), defence_dice(ctx.state, ctx.board, enemy));
            let edge = o.p_attacker() - o.p_defender();
            if edge < 0.0 || best.as_ref().is_some_and(|(b, _)| *b >= edge) {
                continue;
            }
            let cmd = Command::Attack(Attack::dice(ship, Target::Unit(enemy)));
            if ctx.ok(&cmd) {
                best = Some((edge, cmd));
            }
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
#[path = "sea_tests.rs"]
mod tests;
