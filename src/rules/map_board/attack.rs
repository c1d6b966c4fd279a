//! Attack reach (RULINGS §5): the target's centre within card breadth, and a legal move's
//! path to its coin (any other enemy coin blocks); Scouts and Tanks may instead go straight
//! over land.

use super::coins::{Coin, Piece};
use super::moves::{metres, no_roads, refused};
use super::network::{dist, Disc, Network, Query};
use super::MapBoard;
use crate::map::Measure;
use crate::rules::command::Target;
use crate::rules::error::RuleError;
use crate::rules::ids::{PlayerId, UnitId};
use crate::rules::state::State;
use crate::rules::unit::Location;

/// The coins an attack on `target` aims at, and the centre it is measured to.
fn target_coins(
    b: &MapBoard,
    state: &State,
    me: PlayerId,
    target: Target,
) -> Result<(Vec<Coin>, [f64; 2]), RuleError> {
    let coins = b.enemy_coins(state, me);
    let (pieces, centre): (Vec<Piece>, [f64; 2]) = match target {
        Target::Unit(t) => {
            let unit = state.unit(t).ok_or(RuleError::NoSuchUnit(t))?;
            let pos = state.unit_pos(t).ok_or(RuleError::NoSuchUnit(t))?;
            let mut p: Vec<Piece> = state.stack_of(t).into_iter().map(Piece::Unit).collect();
            if let Location::Settlement(s) = unit.at() {
                p.push(Piece::Settlement(s));
            }
            (p, pos.to_m())
        }
        Target::Settlement(s) => {
            let set = state.settlement(s).ok_or(RuleError::NoSuchSettlement(s))?;
            let mut p: Vec<Piece> = state.defenders(s).into_iter().map(Piece::Unit).collect();
            p.push(Piece::Settlement(s));
            (p, set.pos().to_m())
        }
    };
    Ok((
        coins
            .into_iter()
            .filter(|c| pieces.contains(&c.piece))
            .collect(),
        centre,
    ))
}

/// [`Board::check_attack_reach`](crate::rules::Board::check_attack_reach) for the map.
pub(crate) fn attack_reach(
    b: &MapBoard,
    state: &State,
    attacker: UnitId,
    target: Target,
) -> Result<(), RuleError> {
    let unit = state
        .unit(attacker)
        .ok_or(RuleError::NoSuchUnit(attacker))?;
    let me = unit.owner();
    if let (crate::rules::unit::UnitType::Ship, Target::Unit(t)) = (unit.kind(), target) {
        return b.ship_attack_reach(state, unit, t);
    }
    let (goals, centre) = target_coins(b, state, me, target)?;
    let target_name = match target {
        Target::Unit(t) => b.label(state, Piece::Unit(t)),
        Target::Settlement(s) => b.label(state, Piece::Settlement(s)),
    };
    let start = b.start_of(state, unit)?;
    let breadth = b.m(Measure::CardBreadth);
    let away = dist(start.centre, centre);
    if away > breadth {
        return Err(refused(format!(
            "{target_name} is {} away: units attack only within a card's breadth ({}).",
            metres(away),
            metres(breadth)
        )));
    }
    let goal_pieces: Vec<Piece> = goals.iter().map(|c| c.piece).collect();
    let coins: Vec<Coin> = b
        .blockers(state, me, start.centre)
        .into_iter()
        .filter(|c| !goal_pieces.contains(&c.piece))
        .collect();
    let off_road = unit.kind().off_road_move().is_some();
    // A Scout or Tank may instead attack along a straight line over land.
    let straight = || -> Result<(), RuleError> {
        if b.map.segment_crosses_water(start.centre, centre) {
            return Err(refused(format!(
                "The straight line to {target_name} crosses water."
            )));
        }
        b.straight_clear(state, me, start.centre, centre, &goal_pieces)
    };
    if off_road && straight().is_ok() {
        return Ok(());
    }
    let Some(measure) = unit.kind().road_move() else {
        return Err(no_roads(unit.kind()));
    };
    let discs: Vec<Disc> = coins.iter().map(|c| c.disc).collect();
    let q = Query {
        circle: Disc {
            c: start.centre,
            r: b.m(measure),
        },
        blockers: &discs,
        source: start.source(),
        motorway_only: false,
    };
    let reaches = |n: &Network| goals.iter().any(|g| b.reaches_disc(n, &g.disc));
    let net = b.net(&q);
    if reaches(&net) {
        return Ok(());
    }
    if matches!(unit.at(), Location::OffRoad(_)) {
        return straight();
    }
    let culprits = b.culprits(&net, &q, reaches);
    if culprits.is_empty() {
        return Err(refused(format!(
            "No major road leads to {target_name} within your {}'s move.",
            unit.kind()
        )));
    }
    let pieces: Vec<Piece> = culprits.iter().map(|&i| coins[i].piece).collect();
    Err(refused(format!(
        "Blocked by {}: no way through to {target_name}.",
        b.labels(state, &pieces)
    )))
}
