//! The 6+ bot. Nothing is hidden and nothing is random, so it looks ahead with the engine's own
//! answers: each block weighs every move it could make by what it could then shoot or charge
//! (the engine's previews) against every enemy shot and charge that could reach it in the
//! reply from where the enemy stands, and by the ground it gains towards the objective. Among
//! orders worth within [`NEAR_EQUAL`] of the best it picks one from its own seeded stream, as a
//! player torn between two equal choices would; the random level picks any legal order, for a
//! yardstick.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::check::{charge_preview, check, shot_preview, shot_reach, CHARGE_REACH, CHARGE_TURN};
use super::command::SixCommand;
use super::execute::execute;
use super::geom::turn;
use super::state::{Formation, Kind, Phase, SixState, Unit, UnitId, HITS_TO_ELIMINATE};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::{BotLevel, Side};
use crate::tactical::table::{compass_bearing, distance, step};

/// Orders worth considering for the side to act (each legal).
pub fn candidates(field: &Battlefield, state: &SixState) -> Vec<SixCommand> {
    let mut v = Vec::new();
    let side = state.actor();
    match state.phase() {
        Phase::Over => return v,
        Phase::Move => {
            for u in state
                .living()
                .filter(|u| u.side == side && !state.done(u.id).acted)
            {
                unit_orders(field, state, u, &mut v);
            }
            v.push(SixCommand::EndMove);
        }
        Phase::Shoot => {
            for u in state.living().filter(|u| u.side == side) {
                for t in state.living().filter(|t| t.side != side) {
                    v.push(SixCommand::Shoot {
                        unit: u.id,
                        target: t.id,
                    });
                }
                if u.kind == Kind::General {
                    for f in state.living().filter(|f| f.side == side) {
                        v.push(SixCommand::Rally {
                            general: u.id,
                            unit: f.id,
                        });
                    }
                }
            }
            v.push(SixCommand::EndShooting);
        }
    }
    v.retain(|c| check(field, state, c).is_ok());
    v
}

fn nearest_enemy<'a>(state: &'a SixState, u: &Unit) -> Option<&'a Unit> {
    state
        .living()
        .filter(|e| e.side != u.side)
        .min_by(|a, b| distance(u.at, a.at).total_cmp(&distance(u.at, b.at)))
}

/// One block's orders: load, form, charge, and moves in a fan of directions and lengths.
fn unit_orders(field: &Battlefield, state: &SixState, u: &Unit, v: &mut Vec<SixCommand>) {
    v.push(SixCommand::Reload { unit: u.id });
    for formation in [Formation::Line, Formation::Column, Formation::Square] {
        v.push(SixCommand::Form {
            unit: u.id,
            formation,
        });
    }
    if u.kind == Kind::Cavalry {
        for t in state.living().filter(|t| t.side != u.side) {
            if distance(u.at, t.at) > CHARGE_REACH + 90.0 {
                continue;
            }
            let off = turn(u.facing, compass_bearing(u.at, t.at)).clamp(-CHARGE_TURN, CHARGE_TURN);
            for f in [off, 0.0, off / 2.0] {
                v.push(SixCommand::Charge {
                    unit: u.id,
                    target: t.id,
                    facing: (u.facing + f).rem_euclid(360.0),
                });
            }
        }
    }
    let enemy = nearest_enemy(state, u).map(|e| e.at);
    let mut bearings: Vec<f64> = (0..8).map(|k| 45.0 * f64::from(k)).collect();
    bearings.push(compass_bearing(u.at, field.objective));
    // Down the way to the objective, where it bends off the straight line.
    let probe = |b: f64| {
        state
            .ground()
            .to_objective(field, u.kind, step(u.at, b, 30.0))
    };
    if let Some(b) = (0..16)
        .map(|k| 22.5 * f64::from(k))
        .min_by(|a, b| probe(*a).total_cmp(&probe(*b)))
    {
        bearings.push(b);
    }
    if let Some(e) = enemy {
        bearings.push(compass_bearing(u.at, e));
    }
    let max = super::check::reach(state, u);
    let hold = fort_hold(field, state, u);
    for b in bearings {
        for len in [max, max / 2.0, max * super::check::ROAD_BONUS] {
            let to = step(u.at, b, len);
            if hold.is_some_and(|h| distance(to, field.objective) > h) {
                continue;
            }
            let facing = enemy.map_or(b, |e| compass_bearing(to, e));
            v.push(SixCommand::Move {
                unit: u.id,
                to,
                facing,
            });
        }
    }
    if let Some(e) = enemy {
        v.push(SixCommand::Move {
            unit: u.id,
            to: u.at,
            facing: compass_bearing(u.at, e),
        });
    }
}

/// How far from the objective a fort's defenders stand while the enemy has no horse, mm: they
/// hold the fort's keep, where a foot attack must come to them (issue 15, see [`fort_hold`]).
pub const FORT_HOLD: f64 = 45.0;

/// How far from the objective `u` may end a move: [`FORT_HOLD`] for a fort's defender while
/// no enemy horse is on the table, else anywhere. Going out to meet two blocks of foot with four
/// — stepping aside and shooting them from the flanks as they came in — left an Invader no
/// chance at most forts (7% against the dice's 21%, 22 of 46 rows under 5% on Liechtenstein and
/// Andorra); against horse, a defence penned in the keep is ridden round and shot up by guns
/// from outside, so there the captain keeps his freedom (docs/rules/six_plus.md, "The fort").
pub fn fort_hold(field: &Battlefield, state: &SixState, u: &Unit) -> Option<f64> {
    let horse = || {
        state
            .living()
            .any(|e| e.side != u.side && e.kind == Kind::Cavalry)
    };
    (field.fortified && u.side == Side::Defender && !horse()).then_some(FORT_HOLD)
}

/// The bot's order for the side to act.
pub fn choose(
    level: BotLevel,
    field: &Battlefield,
    state: &SixState,
    rng: &mut ChaCha8Rng,
) -> Option<SixCommand> {
    if state.phase() == Phase::Over {
        return None;
    }
    match level {
        BotLevel::Random => {
            let v = candidates(field, state);
            (!v.is_empty()).then(|| v[rng.random_range(0..v.len())].clone())
        }
        BotLevel::Captain => Some(match state.phase() {
            Phase::Move => plan_move(field, state, true, Some(rng)),
            _ => plan_fire(field, state, Some(rng)),
        }),
        BotLevel::General => Some(match state.phase() {
            Phase::Move => super::general::plan_move(field, state, rng),
            _ => plan_fire(field, state, Some(rng)),
        }),
    }
}

/// How close (in the bot's score, about one hit) an order must come to the best for the bot to
/// count it as an equal choice.
pub const NEAR_EQUAL: f64 = 0.75;

/// The best of `scored`; with a stream, any of those within [`NEAR_EQUAL`] of it, drawn from the
/// stream (the first best without one, so the greedy yardstick stays fixed).
pub(super) fn pick<T: Clone>(
    scored: &[(f64, T)],
    rng: Option<&mut ChaCha8Rng>,
) -> Option<(f64, T)> {
    let best = scored
        .iter()
        .fold(None::<&(f64, T)>, |b, x| match b {
            Some(b) if x.0 <= b.0 + 1e-9 => Some(b),
            _ => Some(x),
        })?
        .clone();
    let Some(rng) = rng else {
        return Some(best);
    };
    let near: Vec<&(f64, T)> = scored
        .iter()
        .filter(|x| x.0 >= best.0 - NEAR_EQUAL)
        .collect();
    Some(near[rng.random_range(0..near.len())].clone())
}

/// How much a side wants the objective: the attacker must take it, the defender keep it.
pub(super) fn objective_weight(side: Side) -> f64 {
    match side {
        Side::Attacker => 0.08,
        Side::Defender => 0.04,
    }
}

/// What a block standing as in `s` is worth to its side: what it can do to the enemy this turn
/// (or, having moved, next turn), less what the enemy can do to it in reply, less its distance
/// to the objective.
fn worth(field: &Battlefield, s: &SixState, id: UnitId, replies: bool) -> f64 {
    let Some(u) = s.unit(id).filter(|u| u.alive) else {
        return -100.0;
    };
    let done = s.done(id);
    let mut gain: f64 = 0.0;
    for c in s.charges().iter().filter(|c| c.charger == id) {
        if let Some(t) = s.unit(c.target) {
            let hits = super::check::melee_hits(field, t, c.flank_or_rear);
            let kill = if t.hits + hits >= HITS_TO_ELIMINATE {
                8.0
            } else {
                0.0
            };
            gain = gain.max(f64::from(hits) + kill);
        }
    }
    let can_fire_now = u.loaded && (!done.moved || u.kind == Kind::Skirmishers);
    let mut threat = 0.0;
    for e in s.living().filter(|e| e.side != u.side) {
        let reach = u.kind.fire().map_or(0.0, |f| f.0) + 50.0;
        if distance(u.at, e.at) <= reach {
            if let Ok(p) = shot_reach(field, s, u, e) {
                let kill = if p.destroys { 6.0 } else { 0.0 };
                let weight = if can_fire_now { 1.0 } else { 0.5 };
                gain = gain.max(weight * (f64::from(p.hits) + kill + f64::from(e.hits) / 6.0));
            }
        }
        let e_reach = e.kind.fire().map_or(0.0, |f| f.0) + 50.0;
        if distance(u.at, e.at) <= e_reach.max(CHARGE_REACH + 60.0) {
            if let Ok(p) = shot_reach(field, s, e, u) {
                threat += f64::from(p.hits);
            }
            if e.kind == Kind::Cavalry
                && !s.engaged(e.id)
                && !(s.options().square && u.formation == Formation::Square)
                && distance(u.at, e.at) <= CHARGE_REACH + 45.0
            {
                let face = u.rect().face_towards(e.at);
                threat += f64::from(super::check::melee_hits(
                    field,
                    u,
                    face != super::geom::Face::Front,
                ));
            }
        }
    }
    let fragile = 1.0 + f64::from(u.hits) / 12.0;
    let threat = if replies { threat } else { 0.0 };
    // The way the block can walk, not the straight line: a strip of trees between it and the
    // town must be gone round.
    let to_go = s.ground().to_objective(field, u.kind, u.at);
    // A block with a target in reach fights rather than walks: at full pull, 60 mm gained
    // towards the objective (4.8) outweighed a volley (4 hits), so the attacker's foot walked out
    // of the first volley into the defender's (issue 15, Pal on Andorra, seed 3).
    let pull = if gain > 0.0 { ENGAGED_PULL } else { 1.0 };
    gain - 0.6 * threat * fragile - pull * objective_weight(u.side) * to_go
}

/// How much of its pull towards the objective a block keeps while it has an enemy in reach.
const ENGAGED_PULL: f64 = 0.3;

pub(super) fn after(field: &Battlefield, s: &SixState, c: &SixCommand) -> Option<SixState> {
    let mut t = s.clone();
    execute(field, &mut t, c).ok().map(|_| t)
}

/// The movement phase: the first block (in id order) whose best order beats standing still
/// gives it (one of its near-equal best, with a stream); when none does, the phase ends.
pub(super) fn plan_move(
    field: &Battlefield,
    s: &SixState,
    replies: bool,
    rng: Option<&mut ChaCha8Rng>,
) -> SixCommand {
    pick(&scored_moves(field, s, replies), rng).map_or(SixCommand::EndMove, |(_, c)| c)
}

/// The orders of the first block (in id order) with any that beat standing still, each with
/// its score; empty when no block has one.
pub(super) fn scored_moves(
    field: &Battlefield,
    s: &SixState,
    replies: bool,
) -> Vec<(f64, SixCommand)> {
    let side = s.actor();
    let all = candidates(field, s);
    for u in s.living().filter(|u| u.side == side && !s.done(u.id).acted) {
        let stay = worth(field, s, u.id, replies);
        let mut scored: Vec<(f64, SixCommand)> = Vec::new();
        for c in all.iter().filter(|c| order_unit(c) == Some(u.id)) {
            let score = match c {
                SixCommand::Reload { .. } => stay + 3.0,
                // Squares only when horse threatens and no one else does.
                _ => match after(field, s, c) {
                    Some(t) => worth(field, &t, u.id, replies),
                    None => continue,
                },
            };
            scored.push((score, c.clone()));
        }
        // Only orders that beat standing still are choices at all.
        scored.retain(|(score, _)| *score > stay + 0.5);
        if !scored.is_empty() {
            return scored;
        }
    }
    Vec::new()
}

fn order_unit(c: &SixCommand) -> Option<UnitId> {
    match c {
        SixCommand::Move { unit, .. }
        | SixCommand::Charge { unit, .. }
        | SixCommand::Reload { unit }
        | SixCommand::Form { unit, .. } => Some(*unit),
        _ => None,
    }
}

/// The yardstick the searching bot is measured against (`benches/six_plus.rs`): a one-ply
/// greedy bot that takes, block by block, the order that does most now — the best shot or
/// charge and the ground gained — blind to what the enemy can do in reply.
pub fn greedy(field: &Battlefield, state: &SixState) -> Option<SixCommand> {
    match state.phase() {
        Phase::Over => None,
        Phase::Move => Some(plan_move(field, state, false, None)),
        Phase::Shoot => Some(plan_fire(field, state, None)),
    }
}

/// The shooting phase: the General rallies the worst-hit block he can, then every block that
/// can shoots the target it hurts most (finishing blocks off first; one of the near-equal best,
/// with a stream), then the phase ends.
pub(super) fn plan_fire(
    field: &Battlefield,
    s: &SixState,
    rng: Option<&mut ChaCha8Rng>,
) -> SixCommand {
    let side = s.actor();
    let mut scored: Vec<(f64, SixCommand)> = Vec::new();
    for g in s
        .living()
        .filter(|g| g.side == side && g.kind == Kind::General)
    {
        for f in s.living().filter(|f| f.side == side) {
            if let Ok(n) = super::check::rally(s, g.id, f.id) {
                if n >= 3 {
                    let c = SixCommand::Rally {
                        general: g.id,
                        unit: f.id,
                    };
                    scored.push((f64::from(n) + 100.0, c));
                }
            }
        }
    }
    for u in s.living().filter(|u| u.side == side) {
        for t in s.living().filter(|t| t.side != side) {
            if let Ok(p) = shot_preview(field, s, u.id, t.id) {
                let score = f64::from(p.hits)
                    + if p.destroys { 20.0 } else { 0.0 }
                    + f64::from(t.hits) / 4.0;
                scored.push((
                    score,
                    SixCommand::Shoot {
                        unit: u.id,
                        target: t.id,
                    },
                ));
            }
        }
    }
    pick(&scored, rng).map_or(SixCommand::EndShooting, |(_, c)| c)
}

/// Whether a charge from here is possible at all (for the view's hints).
pub fn can_charge(field: &Battlefield, s: &SixState, u: UnitId, t: UnitId) -> bool {
    let Some(unit) = s.unit(u) else { return false };
    let Some(target) = s.unit(t) else {
        return false;
    };
    let off =
        turn(unit.facing, compass_bearing(unit.at, target.at)).clamp(-CHARGE_TURN, CHARGE_TURN);
    charge_preview(field, s, u, t, unit.facing + off).is_ok()
}
