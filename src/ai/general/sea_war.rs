//! The fight for the water (RULINGS §10): which enemy Ships the general's empty Ships go for,
//! and which Ship fights which in the attack phase.
//!
//! What the rules make of a fight at sea decides the play: a beaten defender sinks with everyone
//! aboard, while a beaten attacker only goes home to its owner's nearest port (losing its cargo,
//! of which an empty Ship has none). So an empty Ship of a player with a port risks nothing but
//! the way home when it attacks, even a Ship in harbour at one die against two; and a loaded
//! Ship risks its whole party whenever an enemy Ship can reach it. On Malta both sides' loaded
//! Ships lay for a hundred turns mid-channel, out of reach of enemy Ships lying in harbour,
//! while their empty Ships would not attack those at worse than even odds: nobody crossed. Here
//! the empty Ships clear the way: they go for the enemy Ships that lie where a landing party
//! would be struck (near the aim, or near a loaded Ship of mine), and strike whatever they can.

use super::{best_sea_move, boarders, coming, in_harbour_at, my_ships, sea_way, Aim};
use crate::ai::general::Ctx;
use crate::rules::{
    defence_dice, execute, odds, Attack, Command, MapPoint, Move, Target, UnitId, UnitType,
};

/// An enemy Ship worth going for.
#[derive(Debug, Clone, Copy)]
pub(super) struct Prey {
    pub at: MapPoint,
    pub id: UnitId,
    /// Its owner has no settlement left: it lives on in its Ships, which only Ships can end.
    pub homeless: bool,
    /// It lies where it could strike a landing party of mine: within a card's length and
    /// breadth (a move and an attack) of the aim or of one of my loaded Ships.
    pub in_the_way: bool,
}

/// The enemy Ships worth going for: a player's with no settlement left, one carrying a party
/// out of its harbour, and (with an aim) any lying in the way of my landing parties.
pub(super) fn prey(ctx: &Ctx, aim: Option<&Aim>) -> Vec<Prey> {
    let danger = ctx.card_len + ctx.breadth;
    let mut guarded: Vec<MapPoint> = my_ships(ctx)
        .into_iter()
        .filter(|s| !ctx.state.cargo(*s).is_empty())
        .filter_map(|s| ctx.state.unit_pos(s))
        .collect();
    if let Some(a) = aim {
        guarded.push(a.at);
    }
    ctx.state
        .units()
        .filter(|u| u.owner() != ctx.me && u.kind() == UnitType::Ship)
        .filter_map(|u| {
            let at = ctx.state.unit_pos(u.id())?;
            let homeless = ctx.state.settlements().all(|s| s.owner() != u.owner());
            let party = !ctx.state.cargo(u.id()).is_empty()
                && defence_dice(ctx.state, ctx.board, u.id()).0 <= 1;
            let in_the_way = guarded.iter().any(|g| g.distance_m(at) <= danger);
            (homeless || party || in_the_way).then_some(Prey {
                at,
                id: u.id(),
                homeless,
                in_the_way,
            })
        })
        .collect()
}

/// Whether `ship` could attack the enemy Ship `prey` from where it lies (the board's own
/// answer: within a card's breadth over water).
pub(super) fn strikes(ctx: &Ctx, ship: UnitId, prey: UnitId) -> bool {
    ctx.state
        .unit_pos(ship)
        .zip(ctx.state.unit_pos(prey))
        .is_some_and(|(a, b)| a.distance_m(b) <= ctx.breadth)
        && ctx
            .board
            .check_attack_reach(ctx.state, ship, Target::Unit(prey))
            .is_ok()
}

/// An empty Ship goes for the nearest prey over water: one in the way or homeless however far,
/// a loaded one within a card's length. While units still board at the sailing port, the
/// empty Ships in harbour there stay for them. (Closing on a Ship in harbour, the hunter
/// strikes it in the same turn's attack phase; beaten, it is home again.)
pub(super) fn hunt(ctx: &Ctx, aim: Option<&Aim>) -> Option<Command> {
    let prey = prey(ctx, aim);
    if prey.is_empty() {
        return None;
    }
    let loading = aim.is_some_and(|a| !boarders(ctx, a).is_empty() || coming(ctx, a));
    for ship in my_ships(ctx) {
        if !ctx.state.cargo(ship).is_empty() || ctx.state.unit(ship).is_none_or(|u| u.moved()) {
            continue;
        }
        let Some(pos) = ctx.state.unit_pos(ship) else {
            continue;
        };
        if loading && aim.is_some_and(|a| in_harbour_at(ctx, pos, a)) {
            continue;
        }
        // Close enough when the attack can be made from here; near in a straight line is not
        // (Ships lay a hundred turns in Marsamxett, their prey in the Grand Harbour behind
        // Valletta, within a card's breadth and out of reach).
        if prey.iter().any(|p| strikes(ctx, ship, p.id)) {
            continue;
        }
        let Some(target) = prey
            .iter()
            .filter(|p| p.homeless || p.in_the_way || p.at.distance_m(pos) <= ctx.card_len)
            .map(|p| (sea_way(ctx, pos, p.at), p))
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.id.cmp(&b.1.id)))
            .map(|(_, p)| *p)
        else {
            continue;
        };
        if let Some(mv) =
            best_sea_move(ctx, ship, pos, target.at).or_else(|| vantage(ctx, ship, &target))
        {
            return Some(Command::Move(mv));
        }
    }
    None
}

/// A move of `ship`, which can get no nearer its `prey`, to a point from which it could strike
/// it: the rules' own answer after the move (a Ship's move rolls nothing), tried on rings round
/// the prey between its coin and a card's breadth, nearest the Ship first. On Malta a beaten
/// player's last Ship lay up the creek at Bormla, seven hunters at its coin's edge in the Grand
/// Harbour, across the point of Isla from it: no way over water within the attack's circle
/// from there, and nowhere nearer to go, for a hundred and twenty turns; from the creek's mouth
/// the way up it is straight.
fn vantage(ctx: &Ctx, ship: UnitId, prey: &Prey) -> Option<Move> {
    let pos = ctx.state.unit_pos(ship)?;
    if pos.distance_m(prey.at) > ctx.card_len {
        return None;
    }
    let [x, y] = prey.at.to_m();
    let mut spots: Vec<MapPoint> = Vec::new();
    for r in [0.3, 0.45, 0.6, 0.8] {
        for k in 0..16 {
            let a = f64::from(k) * std::f64::consts::TAU / 16.0;
            let d = r * ctx.breadth;
            spots.push(MapPoint::from_m([x + d * a.cos(), y + d * a.sin()]));
        }
    }
    spots.sort_by(|a, b| a.distance_m(pos).total_cmp(&b.distance_m(pos)));
    spots.into_iter().find_map(|to| {
        let mv = Move {
            unit: ship,
            to,
            via: None,
            off_road: false,
        };
        let cmd = Command::Move(mv.clone());
        if !ctx.ok(&cmd) {
            return None;
        }
        let mut after = ctx.state.clone();
        execute(&mut after, ctx.board, &cmd).ok()?;
        ctx.board
            .check_attack_reach(&after, ship, Target::Unit(prey.id))
            .is_ok()
            .then_some(mv)
    })
}

/// The attack of one of my Ships on an enemy Ship worth making, best odds first. Nothing of
/// mine may be aboard (a beaten attacker loses its cargo; two loaded Ships trading blows in
/// mid-strait drown both landing parties and land no one). With a port of mine to go home to,
/// an empty Ship attacks at any odds: beaten, it only sails home, while a win sinks the enemy
/// Ship with all aboard; with no port, a beaten attacker is lost, so only at even odds or better.
pub(in crate::ai::general) fn attack(ctx: &Ctx) -> Option<Command> {
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
    let home = ctx
        .state
        .settlements()
        .any(|s| s.owner() == ctx.me && ctx.board.is_port(ctx.state, s.id()));
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
            if (!home && edge < 0.0) || best.as_ref().is_some_and(|(b, _)| *b >= edge) {
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
