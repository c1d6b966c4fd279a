//! The generic tactical bot: one planner for every ruleset in the registry, over the
//! [`Ruleset`] seam.
//!
//! It never knows a rule. It asks the ruleset for its pieces, for the legal commands of the next
//! piece to act (with moves towards the next point of a route found on the battlefield's own
//! ground, [`super::route`]), tries each on a copy of the position whose dice are its own
//! ([`Ruleset::reseeded`]: the engine's own odds, never the battle's own rolls), and keeps the
//! command that leaves the best position: the ruleset's [`Ruleset::score`] (losses, hits to
//! fall, fights about to be won) plus the ground — how far along its route each piece is, cover,
//! spacing. Attackers are drawn down their routes to the objective; defenders hold the houses
//! they stand in, else stay within a few inches of it and only come back to it. Shots and charges are weighed by what the dice then
//! give, so the bot fires where hits are likeliest and charges when the fight favours it.
//!
//! [`BotLevel::Captain`] (auto-resolve) tries each command on one roll of the dice;
//! [`BotLevel::General`] on several and looks further along its routes.

use rand::RngCore;
use rand_chacha::ChaCha8Rng;

use super::battlefield::Battlefield;
use super::raster::{HOUSE, WOODS};
use super::route::Routes;
use super::ruleset::{BotLevel, Piece, Ruleset, Side};
use super::table::{distance, inches};

/// Weights of the ground in a position's value, in pieces.
mod weight {
    /// Per inch of route still to go, for each attacking piece.
    pub const ROUTE: f64 = 0.08;
    /// Per inch a defending piece stands beyond its hold radius.
    pub const STRAY: f64 = 0.08;
    /// A defender may stand this far (inches of route) from the objective at no cost: about
    /// a fort's walls (4″ each way), so a fortified defence stays behind them.
    pub const HOLD_INCHES: f64 = 4.0;
    /// A piece in a house or woods.
    pub const COVER: f64 = 0.3;
    /// A defending piece in a house: more than cover, it is what the defence is built on
    /// (worth more than the inches it would gain walking out to the objective).
    pub const GARRISON: f64 = 1.5;
    /// Each pair of a side's pieces closer than [`CROWD_INCHES`]: a pile is one template's
    /// target and one house's room.
    pub const CROWD: f64 = 0.15;
    /// See [`CROWD`].
    pub const CROWD_INCHES: f64 = 1.6;
    /// Each pair of a side's pieces standing on one another (closer than [`STACK_INCHES`]):
    /// never a choice, whatever the ruleset would allow.
    pub const STACK: f64 = 20.0;
    /// See [`STACK`].
    pub const STACK_INCHES: f64 = 0.5;
    /// Route cost counted for a piece that has no route (beyond a river with no crossing).
    pub const NO_ROUTE_INCHES: f64 = 60.0;
}

/// The bot's command for the side to act, or `None` when the battle is over: the generic
/// planner at [`BotLevel::Captain`] and [`BotLevel::General`], the ruleset's own choice at
/// [`BotLevel::Random`] or where the ruleset shows no pieces.
pub fn choose<R: Ruleset>(
    rules: &R,
    level: BotLevel,
    field: &Battlefield,
    state: &R::State,
    rng: &mut ChaCha8Rng,
) -> Option<R::Command> {
    let side = rules.actor(state)?;
    let pieces = rules.pieces(state);
    if level == BotLevel::Random || pieces.is_empty() {
        return rules.choose(level, field, state, rng);
    }
    let (samples, lead) = match level {
        BotLevel::General => (3, inches(10.0)),
        _ => (1, inches(8.0)),
    };
    let routes = Routes::of(field);
    let next = pieces.iter().find(|p| p.side == side && p.ready);
    let cands = match next {
        Some(p) => {
            let towards = routes.waypoint(p.pos, lead).unwrap_or(field.objective);
            rules.piece_commands(field, state, p.key, towards)
        }
        None => rules.legal_commands(field, state),
    };
    if cands.is_empty() {
        return rules.choose(level, field, state, rng);
    }
    let seeds: Vec<u64> = (0..samples).map(|_| rng.next_u64()).collect();
    let mut best: Option<(f64, R::Command)> = None;
    for c in cands {
        let mut total = 0.0;
        for &s in &seeds {
            let mut look = rules.reseeded(state, s);
            if rules.execute(field, &mut look, &c).is_err() {
                total = f64::NEG_INFINITY;
                break;
            }
            total += value(rules, field, &routes, &look, side);
        }
        let v = total / seeds.len() as f64;
        if best.as_ref().is_none_or(|b| v > b.0) {
            best = Some((v, c));
        }
    }
    best.filter(|b| b.0.is_finite())
        .map(|b| b.1)
        .or_else(|| rules.choose(level, field, state, rng))
}

/// How good `state` is for `side`: the ruleset's own score plus the ground.
pub fn value<R: Ruleset>(
    rules: &R,
    field: &Battlefield,
    routes: &Routes,
    state: &R::State,
    side: Side,
) -> f64 {
    let pieces = rules.pieces(state);
    rules.score(field, state, side) + ground(field, routes, &pieces, side)
        - ground(field, routes, &pieces, side.other())
}

/// The ground term of one side's pieces.
fn ground(field: &Battlefield, routes: &Routes, pieces: &[Piece], side: Side) -> f64 {
    let mine: Vec<&Piece> = pieces.iter().filter(|p| p.side == side).collect();
    let mut v = 0.0;
    for (i, p) in mine.iter().enumerate() {
        let d = routes.dist(p.pos);
        let d_in = if d.is_finite() {
            d / inches(1.0)
        } else {
            weight::NO_ROUTE_INCHES
        };
        let ground = field.raster.at(p.pos).0;
        let housed = ground & HOUSE != 0;
        v -= match side {
            Side::Attacker => weight::ROUTE * d_in,
            // A defender in a house holds it wherever it stands: a garrison that walks out
            // into the open to crowd the objective gives the attacker easy shots.
            Side::Defender if housed => 0.0,
            Side::Defender => weight::STRAY * (d_in - weight::HOLD_INCHES).max(0.0),
        };
        if housed && side == Side::Defender {
            v += weight::GARRISON;
        } else if ground & (HOUSE | WOODS) != 0 {
            v += weight::COVER;
        }
        for q in &mine[i + 1..] {
            let d = distance(p.pos, q.pos);
            if d < inches(weight::STACK_INCHES) {
                v -= weight::STACK;
            } else if d < inches(weight::CROWD_INCHES) {
                v -= weight::CROWD;
            }
        }
    }
    v
}
