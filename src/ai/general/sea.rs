//! The general at sea (RULINGS §10). It takes to the water only when the land will not do: when
//! the army stands on a land where no enemy is (the enemy can only be reached by sea), or when
//! every free place on its lands is taken while free places lie across the water. Then it
//! builds Ships with spades at the port nearest the aim, the land plan walks every free unit of
//! that land into the port ([`muster`]), the Ships take them over in waves of full loads (the
//! Ships in harbour sail together; an empty Ship comes back for more), and land them next to the
//! aim, where the land play takes over. Once a party is ashore, the next waves land next to the
//! enemy settlement nearest to it, so the army across the water grows instead of starting over.
//! An enemy party landed on a land of the general's is met by every free unit there. Its empty
//! Ships fight for the water ([`war`]): they go for enemy Ships in the way of its landings and
//! strike them, at any odds while a port of its own takes a beaten attacker home.
//!
//! Which land a point stands on is the board's public answer ([`Board::land_group`]); every
//! command goes through the rules' check first, and only the seat's view is read.
//!
//! [`Board::land_group`]: crate::rules::Board::land_group

use super::Ctx;
use crate::rules::{
    cheapest_set, BoardShip, BuildShip, Command, Land, Location, MapPoint, Move, SettlementId,
    Suit, UnitId, UnitType, SHIP_CAPACITY,
};

#[path = "sea_debug.rs"]
mod debug;
#[path = "sea_lands.rs"]
mod lands;
#[path = "sea_war.rs"]
mod war;

pub(super) use lands::muster;
use lands::{aim, Lands};
pub(super) use war::attack;
use war::{hunt, prey, strikes};

/// What the general crosses the water for.
#[derive(Debug, Clone, Copy)]
struct Aim {
    /// The point to land next to: a free place, or an enemy settlement.
    at: MapPoint,
    /// My port to sail from: the one nearest the aim.
    port: SettlementId,
    port_at: MapPoint,
}

/// Ships a general keeps for its expeditions, by the units still to cross ([`short_of_ships`]):
/// a Ship carries three, and a crossing and the way back take a few turns, so a landing in
/// strength needs a fleet (with one or two Ships, games on Malta stalled with thirty units idle
/// on each island). Against an enemy afloat it keeps one more than he has, so its hunters
/// outnumber his Ships.
fn ships_wanted(units: usize, enemy_ships: usize) -> usize {
    let fleet = match units {
        0..=2 => 0,
        3..=9 => 1,
        _ => (units / 6).min(MAX_SHIPS),
    };
    if fleet == 0 {
        return 0;
    }
    fleet.max((enemy_ships + 1).min(MAX_SHIPS_AT_WAR))
}

/// The most Ships a general builds for its expeditions.
const MAX_SHIPS: usize = 8;
/// The most Ships a general builds against an enemy fleet.
const MAX_SHIPS_AT_WAR: usize = 10;

fn enemy_ships(ctx: &Ctx) -> usize {
    ctx.state
        .units()
        .filter(|u| u.owner() != ctx.me && u.kind() == UnitType::Ship)
        .count()
}

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

/// The next seafaring command of the main phase: build, land (a party that can go ashore next
/// to the aim does so before its Ship moves on), board, sail, or land a party whose Ship can get
/// no nearer. (Walking to the sailing port is the land plan's, steered by [`muster`].)
pub(super) fn main_phase(ctx: &Ctx) -> Option<Command> {
    debug::look(ctx);
    // Nothing afloat and nothing to build with: nothing to work out at sea.
    if my_ships(ctx).is_empty() && cheapest_set(ctx.state, ctx.me, Suit::Spades).is_none() {
        return None;
    }
    let Some(aim) = aim(ctx) else {
        return land(ctx, None, true)
            .or_else(|| build_hunter(ctx))
            .or_else(|| hunt(ctx, None))
            .or_else(|| go_ashore(ctx));
    };
    build(ctx, &aim)
        .or_else(|| land(ctx, Some(&aim), false))
        .or_else(|| board(ctx, &aim))
        .or_else(|| hunt(ctx, Some(&aim)))
        .or_else(|| sail(ctx, &aim))
        .or_else(|| land(ctx, Some(&aim), true))
}

/// Whether the general wants another Ship now: for its expeditions (it has an aim across the
/// water and fewer Ships than [`ships_wanted`]), or to hunt the last Ships of a player with no
/// settlement left ([`build_hunter`]). Spades are then worth keeping for it.
pub(super) fn ship_wanted(ctx: &Ctx) -> bool {
    aim(ctx).is_some_and(|aim| short_of_ships(ctx, &aim)) || !hunted(ctx).is_empty()
}

/// Whether the spades wait for Ships rather than wall a town. Round towns nobody threatens, they
/// wait whenever a Ship is wanted ([`ship_wanted`]); round a threatened town, only while an army
/// of [`ARMY_TO_SAIL`] or more stands on the land the expedition sails from, that land is held
/// and the fleet to carry the army is short. Four seats, seed 8: eighteen units stood on Gozo,
/// which their player held whole, from turn 225 to the limit, while every spade walled towns
/// on contested Malta and not one Ship was built. The sea aim is worked out once for both.
pub(super) fn walls_wait(ctx: &Ctx, threatened: bool) -> bool {
    if !threatened && !hunted(ctx).is_empty() {
        return true;
    }
    let Some(aim) = aim(ctx) else {
        return false;
    };
    if !short_of_ships(ctx, &aim) {
        return false;
    }
    if !threatened {
        return true;
    }
    let Some(home) = ctx.board.land_group(aim.port_at) else {
        return false;
    };
    let lands = Lands::of(ctx);
    lands.held(home) && lands.mine.iter().filter(|m| m.2 == home).count() >= ARMY_TO_SAIL
}

/// Where the Ships of players with no settlement left lie, while I have no more Ships than
/// they do (up to [`MAX_SHIPS_AT_WAR`]): only Ships can end those players.
fn hunted(ctx: &Ctx) -> Vec<MapPoint> {
    let homeless: Vec<MapPoint> = prey(ctx, None)
        .iter()
        .filter(|p| p.homeless)
        .map(|p| p.at)
        .collect();
    if my_ships(ctx).len() > homeless.len().min(MAX_SHIPS_AT_WAR) {
        return Vec::new();
    }
    homeless
}

/// Whether the fleet is short of [`ships_wanted`] for the units it has to carry: those on the
/// land it sails from and those aboard. Units already ashore across the water need no Ship:
/// counting the whole army, a general fighting on Malta with one unit left on Gozo kept six
/// empty Ships in harbour there (two seats, seed 56), spades that walled no town.
fn short_of_ships(ctx: &Ctx, aim: &Aim) -> bool {
    let home = ctx.board.land_group(aim.port_at);
    let sailing = ctx
        .state
        .units_of(ctx.me)
        .into_iter()
        .filter(|u| !is_ship(ctx, *u))
        .filter(|u| {
            ctx.state
                .unit(*u)
                .is_some_and(|unit| matches!(unit.at(), Location::Aboard(_)))
                || ctx
                    .state
                    .unit_pos(*u)
                    .is_some_and(|p| home.is_some() && ctx.board.land_group(p) == home)
        })
        .count();
    my_ships(ctx).len() < ships_wanted(sailing, enemy_ships(ctx))
}

fn build(ctx: &Ctx, aim: &Aim) -> Option<Command> {
    if !short_of_ships(ctx, aim) {
        return None;
    }
    let cmd = Command::BuildShip(BuildShip {
        cards: cheapest_set(ctx.state, ctx.me, Suit::Spades)?,
        port: aim.port,
    });
    ctx.ok(&cmd).then_some(cmd)
}

/// With nothing to cross the water for, Ships to hunt down the last Ships of a player with no
/// settlement left (only Ships can end him), built at my port nearest them: a winner with one
/// Ship left stood for a hundred and twenty turns on Malta while the loser's four sailed on.
fn build_hunter(ctx: &Ctx) -> Option<Command> {
    let homeless = hunted(ctx);
    if homeless.is_empty() {
        return None;
    }
    let cards = cheapest_set(ctx.state, ctx.me, Suit::Spades)?;
    let near = |at: MapPoint| {
        homeless
            .iter()
            .map(|p| sea_way(ctx, at, *p))
            .fold(f64::INFINITY, f64::min)
    };
    let port = ctx
        .state
        .settlements()
        .filter(|s| s.owner() == ctx.me && ctx.board.is_port(ctx.state, s.id()))
        .map(|s| (near(s.pos()), s.id()))
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))?
        .1;
    let cmd = Command::BuildShip(BuildShip { cards, port });
    ctx.ok(&cmd).then_some(cmd)
}

/// A party aboard with nothing to sail for (its player has no port left, or no aim) makes for
/// the enemy settlement nearest over water and lands by it: afloat it can take nothing back.
fn go_ashore(ctx: &Ctx) -> Option<Command> {
    let enemy: Vec<MapPoint> = ctx.enemy_towns().collect();
    for ship in my_ships(ctx) {
        if ctx.state.cargo(ship).is_empty() || ctx.state.unit(ship).is_none_or(|u| u.moved()) {
            continue;
        }
        let Some(pos) = ctx.state.unit_pos(ship) else {
            continue;
        };
        let Some(goal) = enemy
            .iter()
            .map(|p| (sea_way(ctx, pos, *p), *p))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, p)| p)
        else {
            continue;
        };
        if let Some(mv) = best_sea_move(ctx, ship, pos, goal) {
            return Some(Command::Move(mv));
        }
    }
    None
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

/// Move a Ship: loaded, once it is full or no one more is coming to the port, towards the aim;
/// empty, back to the sailing port's harbour. Before a first landing, a loaded Ship in harbour
/// also waits for the others still loading there, so the wave lands together (a party of three
/// landing alone next to a fortified town is lost before the next one comes). (Boarding is
/// tried before sailing, so anyone waiting in the port is someone who could not board yet.)
fn sail(ctx: &Ctx, aim: &Aim) -> Option<Command> {
    let ships: Vec<(UnitId, MapPoint, usize)> = my_ships(ctx)
        .into_iter()
        .filter(|s| ctx.state.unit(*s).is_some_and(|u| !u.moved()))
        .filter_map(|s| Some((s, ctx.state.unit_pos(s)?, ctx.state.cargo(s).len())))
        .collect();
    if ships.is_empty() {
        return None;
    }
    let more = !boarders(ctx, aim).is_empty() || coming(ctx, aim);
    let loading = |pos: MapPoint, aboard: usize| {
        aboard < SHIP_CAPACITY && more && in_harbour_at(ctx, pos, aim)
    };
    let first_wave = !ashore_near(ctx, aim);
    let short = more && wave_short(ctx, aim);
    let prey = prey(ctx, Some(aim));
    let near_prey = |ship: UnitId| prey.iter().any(|p| strikes(ctx, ship, p.id));
    for &(ship, pos, aboard) in &ships {
        let goal = if aboard > 0 {
            if loading(pos, aboard) {
                continue;
            }
            let others_loading = ships.iter().any(|&(o, p, n)| o != ship && loading(p, n));
            if (first_wave || short) && in_harbour_at(ctx, pos, aim) && others_loading {
                continue;
            }
            if short && in_harbour_at(ctx, pos, aim) && returning(ctx, aim) {
                continue;
            }
            // Lying off the aim within a card's breadth is close enough to land next to it.
            if pos.distance_m(aim.at) <= ctx.breadth * 0.6 {
                continue;
            }
            aim.at
        } else {
            // An empty Ship that has closed on its prey strikes in the attack phase.
            if in_harbour_at(ctx, pos, aim) || near_prey(ship) {
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

/// Whether more of my units are on their way into the sailing port: in the field on its land
/// within a card's length of it and not waiting on a free place, or in the port already but
/// moved this turn.
fn coming(ctx: &Ctx, aim: &Aim) -> bool {
    let home = ctx.board.land_group(aim.port_at);
    ctx.state.units_of(ctx.me).into_iter().any(|u| {
        let Some(unit) = ctx.state.unit(u) else {
            return false;
        };
        match unit.at() {
            Location::Settlement(s) if s == aim.port => {
                unit.moved()
                    && ctx
                        .state
                        .settlement(s)
                        .is_some_and(|s| !ctx.kept_in(s).contains(&u))
            }
            Location::Road(p) | Location::OffRoad(p) => {
                p.distance_m(aim.port_at) <= ctx.card_len
                    && ctx.board.place_under(p).is_none()
                    && ctx.board.land_group(p) == home
            }
            _ => false,
        }
    })
}

/// Whether the wave in the sailing harbour is too weak to land yet: my land units there and
/// ashore by the aim fewer than twice the enemy's land units within a card's length of the aim
/// and two more (for the settlement's own defence). On Malta, with an army of fifty on Gozo,
/// loaded Ships sailed one by one as they filled, and each party of three to nine was destroyed
/// by the thirty defenders ashore before the next came: nobody won in three hundred turns.
fn wave_short(ctx: &Ctx, aim: &Aim) -> bool {
    let reach = ctx.card_len;
    let enemy = ctx
        .state
        .units()
        .filter(|u| u.owner() != ctx.me && u.kind() != UnitType::Ship)
        .filter(|u| !matches!(u.at(), Location::Aboard(_)))
        .filter_map(|u| ctx.state.unit_pos(u.id()))
        .filter(|p| p.distance_m(aim.at) <= reach)
        .count();
    let island = ctx.board.land_group(aim.at);
    let ashore = Lands::of(ctx)
        .mine
        .iter()
        .filter(|m| Some(m.2) == island && m.1.distance_m(aim.at) <= 2.0 * reach)
        .count();
    let afloat: usize = my_ships(ctx)
        .into_iter()
        .filter(|s| {
            ctx.state
                .unit_pos(*s)
                .is_some_and(|p| in_harbour_at(ctx, p, aim))
        })
        .map(|s| ctx.state.cargo(s).len())
        .sum();
    ashore + afloat < 2 * enemy + 2
}

/// Whether an empty Ship of mine is on its way back to the sailing port (within two card
/// lengths of it: a hunter far off is not waited for).
fn returning(ctx: &Ctx, aim: &Aim) -> bool {
    my_ships(ctx).into_iter().any(|s| {
        ctx.state.cargo(s).is_empty()
            && ctx.state.unit_pos(s).is_some_and(|p| {
                !in_harbour_at(ctx, p, aim) && p.distance_m(aim.port_at) <= 2.0 * ctx.card_len
            })
    })
}

/// Whether a land unit of mine stands ashore on the aim's land within two card lengths of it:
/// the first wave has landed, the next ones reinforce it as they come.
fn ashore_near(ctx: &Ctx, aim: &Aim) -> bool {
    let island = ctx.board.land_group(aim.at);
    Lands::of(ctx)
        .mine
        .iter()
        .any(|m| Some(m.2) == island && m.1.distance_m(aim.at) <= 2.0 * ctx.card_len)
}

fn in_harbour_at(ctx: &Ctx, pos: MapPoint, aim: &Aim) -> bool {
    let reach = ctx.state.scale().measure_m(crate::rules::HARBOUR_REACH);
    pos.distance_m(aim.port_at) <= reach
}

/// The legal move of `ship` that ends nearest `goal` over water, if it gets closer than where
/// it lies: the board's suggestions and straight runs towards the goal at a few lengths. A Ship with anyone
/// aboard does not end where an enemy Ship could strike it (within a card's breadth of one)
/// unless its party can land next to the goal from there this turn: a defending Ship that
/// loses sinks with everyone aboard, and a coin toss for a whole landing party is a losing
/// fight however it falls. A wave in strength still goes: with at least twice as many of my
/// Ships round it as enemy Ships that could strike where it ends, most of the wave lands
/// whatever they do (waves of five lay off Malta for forty turns, two enemy Ships in the way).
fn best_sea_move(ctx: &Ctx, ship: UnitId, from: MapPoint, goal: MapPoint) -> Option<Move> {
    let mut ideas = ctx.board.candidate_moves(ctx.state, ship);
    let [x0, y0] = from.to_m();
    let [x1, y1] = goal.to_m();
    let d = sea_way(ctx, from, goal);
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
    let wave = my_ships(ctx)
        .into_iter()
        .filter_map(|s| ctx.state.unit_pos(s))
        .filter(|p| p.distance_m(from) <= ctx.breadth)
        .count();
    let mut best: Option<(f64, Move)> = None;
    for mv in ideas {
        let left = sea_way(ctx, mv.to, goal);
        if left >= d - 1.0 || best.as_ref().is_some_and(|(b, _)| *b <= left) {
            continue;
        }
        if loaded && left > ctx.breadth && 2 * exposed(ctx, mv.to) > wave {
            continue;
        }
        if ctx.ok(&Command::Move(mv.clone())) {
            best = Some((left, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// Metres from `from` to `to` over water, round the coast (the board's answer), or straight
/// where it cannot tell: the straight line leads Ships into bays that open towards their goal.
fn sea_way(ctx: &Ctx, from: MapPoint, to: MapPoint) -> f64 {
    ctx.board
        .sea_distance(from, to)
        .unwrap_or_else(|| from.distance_m(to))
}

/// How many enemy Ships lie within striking distance (a card's breadth) of `at`.
fn exposed(ctx: &Ctx, at: MapPoint) -> usize {
    ctx.state
        .units()
        .filter(|u| u.owner() != ctx.me && u.kind() == UnitType::Ship)
        .filter_map(|u| ctx.state.unit_pos(u.id()))
        .filter(|p| p.distance_m(at) <= ctx.breadth)
        .count()
}

/// A unit aboard goes ashore at the landing nearest the aim, on the aim's land, once that
/// landing is within striking distance of the aim (a card's breadth: it may attack this turn);
/// with `stuck` (no Ship could sail nearer), also at the nearest landing there however far,
/// unless its Ship has sailed this turn (it keeps its party aboard for the next turn rather
/// than dropping it on whatever shore it passes). With no aim, at the nearest landing.
fn land(ctx: &Ctx, aim: Option<&Aim>, stuck: bool) -> Option<Command> {
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
        let sailed = ctx.state.unit(ship).is_some_and(|s| s.moved());
        if let Some(a) = aim {
            // A landing lies within a breadth of the Ship, and must lie within one of the aim;
            // farther off, the landings are not worth asking for (this is asked every command).
            let far = ship_at.distance_m(a.at) > 2.0 * ctx.breadth;
            if (!stuck && far) || (stuck && sailed) {
                continue;
            }
        }
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
        if aim.is_some() && !stuck && nearest > ctx.breadth {
            continue;
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

#[cfg(test)]
#[path = "sea_tests.rs"]
mod tests;
