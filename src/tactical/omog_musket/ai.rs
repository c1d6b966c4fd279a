//! Candidate commands for OMOG Musket and the tactical bot that picks among them. It plays as
//! 19C's bot does — to cover on the way to the objective, the easiest shot first, a charge when
//! the hand-to-hand odds favour it — and knows its muskets: with the enemy near, where a man
//! ends his move is weighed by the shot he will have there against the fire he will draw
//! ([`super::tactics`]), so a man who has fired stands to load before he comes on, and it
//! weighs a charge with the hand-to-hand table's own bonuses (bayonets, riflemen, horse).

use rand_chacha::ChaCha8Rng;

use super::check::{check_move, shot_odds, targets};
use super::command::MusketCommand;
use super::state::{contact, Figure, MusketState, Phase};
use super::tables::stick;
use super::tactics;
use crate::dice::below;
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::omog::assault;
use crate::tactical::omog::furthest::furthest_for;
use crate::tactical::omog::movement::allowance;
use crate::tactical::ruleset::{BotLevel, Side};
use crate::tactical::sight::Footing;
use crate::tactical::table::{compass_bearing, distance, inches, TablePoint};

/// The furthest point along a straight line on `bearing` (at most `want` away) that `f` may
/// legally reach, if it can go anywhere at all: the OMOG core's search
/// ([`furthest_for`]) over Musket's move check, to within 2.4 mm (six halvings: each is a
/// survey of the path, the bot's dearest step).
pub fn furthest_towards(
    field: &Battlefield,
    state: &MusketState,
    f: &Figure,
    bearing: f64,
    want: f64,
    charge: bool,
) -> Option<TablePoint> {
    furthest_for(state.roster(), f, bearing, want, 6, |path| {
        check_move(field, state, f.id(), path, charge).is_ok()
    })
}

fn in_cover(field: &Battlefield, p: TablePoint) -> bool {
    field
        .area_kinds_at(p)
        .iter()
        .any(|k| matches!(k, AreaKind::House | AreaKind::Woods))
}

fn cover_within_reach(field: &Battlefield, state: &MusketState, f: &Figure) -> Option<TablePoint> {
    let reach = allowance(f.mount(), &Footing::default());
    crate::tactical::omog::seeing::cover_tops_within(field, f.pos(), reach)
        .into_iter()
        .find(|&p| check_move(field, state, f.id(), &[f.pos(), p], false).is_ok())
}

/// A useful spread of legal commands for one figure of the side to act (empty when he has had
/// his order this phase).
pub fn figure_candidates(
    field: &Battlefield,
    state: &MusketState,
    f: &Figure,
) -> Vec<MusketCommand> {
    moves_and_shots(field, state, f, true)
}

/// A figure's candidates; `wander` false leaves out moves other than a charge (a garrison the
/// bot keeps in its house). Every command is built from a check that passed, so it is legal.
fn moves_and_shots(
    field: &Battlefield,
    state: &MusketState,
    f: &Figure,
    wander: bool,
) -> Vec<MusketCommand> {
    let mut out = Vec::new();
    let mv = |p: TablePoint, charge| MusketCommand::Move {
        figure: f.id(),
        path: vec![f.pos(), p],
        charge,
    };
    match state.phase() {
        Phase::Over => {}
        Phase::Move(_) => {
            if f.moved() {
                return out;
            }
            let mut bearings = vec![compass_bearing(f.pos(), field.objective)];
            if let Some(e) = state.nearest_enemy(f) {
                bearings.push(compass_bearing(f.pos(), e.pos()));
            }
            // Into contact with each of the nearest enemies within a move: a charge while he
            // has it and stands far enough off, and a plain walk into contact (a man already
            // within a SHORT move of the enemy, or whose charge is spent, still closes).
            let reach = allowance(f.mount(), &Footing::default()) + contact();
            for e in assault::within_reach(state.roster(), f, reach, 3) {
                let b = compass_bearing(f.pos(), e.pos());
                let d = distance(f.pos(), e.pos());
                // Exactly base to base: a charge that falls short or runs into the man is
                // refused, so the furthest-legal search cannot find it.
                if !f.charge_used() {
                    let want = (d - contact()).max(0.0);
                    if let Some(p) = furthest_towards(field, state, f, b, want, true) {
                        out.push(mv(p, true));
                    }
                }
                if d > contact() + 0.01 {
                    if let Some(p) = furthest_towards(field, state, f, b, d - contact(), false)
                        .filter(|p| distance(*p, e.pos()) <= contact() + 1e-6)
                    {
                        out.push(mv(p, false));
                    }
                }
            }
            let b0 = bearings[0];
            bearings.extend([b0 - 45.0, b0 + 45.0]);
            if !wander {
                bearings.clear();
            }
            for b in bearings {
                if let Some(p) = furthest_towards(field, state, f, b, f64::INFINITY, false) {
                    out.push(mv(p, false));
                }
            }
            if let Some(p) = wander
                .then(|| cover_within_reach(field, state, f))
                .flatten()
            {
                out.push(mv(p, false));
            }
            out.push(MusketCommand::Hold { figure: f.id() });
        }
        Phase::Fire(_) => {
            if f.fired() || !state.loaded(f.id()) || f.charging() {
                return out;
            }
            for (t, _) in targets(field, state, f) {
                out.push(MusketCommand::Shoot {
                    figure: f.id(),
                    target: t,
                });
            }
        }
    }
    out
}

/// A useful spread of legal commands for the side to act: every figure's, and ending the phase.
pub fn candidates(field: &Battlefield, state: &MusketState) -> Vec<MusketCommand> {
    let side = match state.phase() {
        Phase::Move(s) | Phase::Fire(s) => s,
        Phase::Over => return Vec::new(),
    };
    let mut out: Vec<MusketCommand> = state
        .living(side)
        .flat_map(|f| figure_candidates(field, state, f))
        .collect();
    out.push(match state.phase() {
        Phase::Move(_) => MusketCommand::EndMove,
        _ => MusketCommand::EndFire,
    });
    out
}

/// The bot's choice for the side to act: always a command that passes `check`.
/// [`BotLevel::Captain`] scores each of the next figure's commands and takes the best;
/// [`BotLevel::General`] plays the rest of the turn out after its few best
/// ([`super::general`]); [`BotLevel::Random`] any legal command. (This ruleset does not show its
/// pieces to the generic planner.)
pub fn choose(
    bot: BotLevel,
    field: &Battlefield,
    state: &MusketState,
    rng: &mut ChaCha8Rng,
) -> Option<MusketCommand> {
    if state.phase() == Phase::Over {
        return None;
    }
    if matches!(bot, BotLevel::Random) {
        let cands = candidates(field, state);
        return Some(cands[below(rng, cands.len() as u32) as usize].clone());
    }
    if matches!(bot, BotLevel::General) {
        return Some(super::general::choose(field, state, rng));
    }
    Some(match ranked(field, state) {
        Ok(cands) => pick(state, &cands),
        Err(end) => end,
    })
}

/// The Captain's pick among `ranked` candidates (best first): in the move phase standing is one
/// of the candidates, weighed like the rest; in the fire phase a shot not worth taking is
/// passed over and the man holds his fire.
pub(super) fn pick(state: &MusketState, ranked: &[(f64, MusketCommand)]) -> MusketCommand {
    let first = ranked.first().expect("a figure always has a candidate");
    match (state.phase(), first) {
        (Phase::Move(_), (_, c)) => c.clone(),
        (_, (s, c)) if *s > 0.0 => c.clone(),
        (_, (_, MusketCommand::Shoot { figure, .. })) => MusketCommand::Hold { figure: *figure },
        // Already his holding his fire.
        (_, (_, c)) => c.clone(),
    }
}

/// The next figure of the side to act (one at a time, in id order) with his candidates and the
/// Captain's score of each, best first (ties in the order offered, last first); or, when every
/// figure has had his order, the command that ends the phase.
pub(super) fn ranked(
    field: &Battlefield,
    state: &MusketState,
) -> Result<Vec<(f64, MusketCommand)>, MusketCommand> {
    let end = match state.phase() {
        Phase::Move(_) => MusketCommand::EndMove,
        _ => MusketCommand::EndFire,
    };
    let side = match state.phase() {
        Phase::Move(s) | Phase::Fire(s) => s,
        Phase::Over => return Err(end),
    };
    let next = state.living(side).find(|f| match state.phase() {
        Phase::Move(_) => !f.moved(),
        _ => !f.fired(),
    });
    let Some(f) = next else {
        return Err(end);
    };
    // A garrison stays in its house unless it charges out, and a defender on the objective
    // only charges or takes cover: no other move of his scores.
    let team = state.team(f.team()).expect("team");
    let holding = side == Side::Defender
        && distance(f.pos(), field.objective) <= inches(6.0)
        && in_cover(field, f.pos());
    let wander = !(holding || team.garrison() && in_cover(field, f.pos()));
    let mut v: Vec<(f64, MusketCommand)> = moves_and_shots(field, state, f, wander)
        .into_iter()
        .map(|c| (score(field, state, side, &c), c))
        .collect();
    if v.is_empty() {
        // Unloaded, or charging, in the fire phase: he holds his fire.
        v.push((0.0, MusketCommand::Hold { figure: f.id() }));
    }
    v.reverse();
    v.sort_by(|a, b| b.0.total_cmp(&a.0));
    Ok(v)
}

/// What closing with the enemy at `end` (charging or not) gains in hand to hand, in figures,
/// numbers counted ([`assault::worth`]); `None` if he would touch nobody there.
fn contact_worth(
    field: &Battlefield,
    state: &MusketState,
    f: &Figure,
    end: TablePoint,
    charging: bool,
) -> Option<f64> {
    let mut me = f.clone();
    me.set_pos(end);
    if charging {
        me.set_charging();
    }
    assault::worth(field, state.roster(), &me)
}

/// The least a fight must be worth (figures gained less figures lost) for the bot to close:
/// an attacker, whom the clock works against, takes an even fight; a defender, who wins by
/// standing, wants the better of it.
fn assault_bar(side: Side) -> f64 {
    match side {
        Side::Attacker => -0.05,
        Side::Defender => 0.1,
    }
}

/// Weights of the bot's reading of a firefight, in figures.
mod weight {
    /// A hit's chance from where a man ends his move (or stands), for a man loaded then.
    pub const FIRE: f64 = 6.0;
    /// Each hit he can expect to take there.
    pub const EXPOSURE: f64 = 6.0;
    /// Per inch closer to the objective. (Half as much while the enemy was near left the
    /// attack standing off out of range: Liechtenstein, 8 battles, gap 22.9 against 18.2.)
    pub const PROGRESS: f64 = 1.0;
}

/// Whether an enemy could be in this man's sights within a move.
fn enemy_near(state: &MusketState, f: &Figure) -> bool {
    state
        .nearest_enemy(f)
        .is_some_and(|e| distance(e.pos(), f.pos()) <= f.kit().max_range() + stick::full())
}

fn score(field: &Battlefield, state: &MusketState, side: Side, cmd: &MusketCommand) -> f64 {
    match cmd {
        MusketCommand::Move {
            figure,
            path,
            charge,
        } => {
            let f = state.figure(*figure).expect("candidate");
            let end = *path.last().expect("path");
            // Into contact (a charge, with its bonuses, a little before a walk): worth it when
            // the fight, numbers counted, is.
            if let Some(w) = contact_worth(field, state, f, end, *charge) {
                let bonus = if *charge { 0.5 } else { 0.0 };
                return if w > assault_bar(side) {
                    10.0 + bonus + w
                } else {
                    // Never: not even to get out of a fire he is standing in.
                    -1000.0
                };
            }
            let before = distance(f.pos(), field.objective);
            let after = distance(end, field.objective);
            let near = enemy_near(state, f);
            let mut s = 0.0;
            if side == Side::Attacker || after > inches(6.0) {
                s += weight::PROGRESS * (before - after) / 25.4;
            }
            if near {
                // Where he ends: the shot he has there (a moving man keeps only the load he
                // has) against the fire he draws.
                if state.loaded(f.id()) {
                    s += weight::FIRE * tactics::best_shot(field, state, f, end);
                }
                s -= weight::EXPOSURE * tactics::exposure(field, state, f, end);
            }
            if in_cover(field, end) {
                s += 2.0;
            }
            if in_cover(field, f.pos()) && !in_cover(field, end) {
                s -= 2.0;
            }
            // Moving an empty musket keeps it empty a turn longer.
            if !state.loaded(f.id()) && near {
                s -= 2.5;
            }
            s
        }
        MusketCommand::Hold { figure } => {
            let f = state.figure(*figure).expect("candidate");
            if state.phase() != Phase::Move(side) {
                return 0.0;
            }
            if !enemy_near(state, f) {
                return if state.loaded(f.id()) { 0.0 } else { 0.1 };
            }
            // Standing, he loads if he must and fires this turn from where he is, and takes
            // the fire that comes there.
            let loads = state.loaded(f.id()) || !f.travelled();
            let fire = if loads {
                weight::FIRE * tactics::best_shot(field, state, f, f.pos())
            } else {
                0.0
            };
            fire - weight::EXPOSURE * tactics::exposure(field, state, f, f.pos())
        }
        MusketCommand::Shoot { figure, target } => {
            let f = state.figure(*figure).expect("candidate");
            let t = state.figure(*target).expect("candidate");
            match shot_odds(field, state, f, t) {
                Ok(_) if state.pending_hits().contains(target) => 0.0,
                // The man charging the shooter first, then the easiest shot.
                Ok(o) => 20.0 - o.need as f64 + if o.at_charger { 3.0 } else { 0.0 },
                Err(_) => 0.0,
            }
        }
        MusketCommand::EndMove | MusketCommand::EndFire => 0.0,
        // Not among the bot's candidates yet.
        MusketCommand::Remount { .. }
        | MusketCommand::Climb { .. }
        | MusketCommand::Face { .. } => 0.0,
    }
}
