//! Candidate commands for OMOG 19C and the tactical bot that picks among them: it moves to
//! cover on its way to the objective, shoots what it can hit most easily, fires its guns into
//! the thickest group of enemies, and charges when the hand-to-hand odds favour it.

use rand_chacha::ChaCha8Rng;

use super::check::{check, check_move, crew_needed, targets};
use super::command::OmogCommand;
use super::state::{contact, Figure, FigureId, Gun, HeavyKind, OmogState, Phase, Role};
use super::tables::{allowance, fieldpiece, gatling, Mount};
use crate::dice::below;
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::omog::furthest::furthest_for;
use crate::tactical::omog::{assault, melee};
use crate::tactical::ruleset::{BotLevel, Piece, Side};
use crate::tactical::sight::Footing;
use crate::tactical::table::{compass_bearing, distance, TablePoint};

/// The furthest point along a straight line on `bearing` (at most `want` away) that `f` may
/// legally reach, if it can go anywhere at all: the OMOG core's search
/// ([`furthest_for`]) over 19C's move check, to within 0.6 mm. The table screen moves a whole
/// team with it, so a team order goes exactly as far as the bots' would.
pub fn furthest_towards(
    field: &Battlefield,
    state: &OmogState,
    f: &Figure,
    bearing: f64,
    want: f64,
    charge: bool,
) -> Option<TablePoint> {
    furthest_for(state.roster(), f, bearing, want, 8, |path| {
        check_move(field, state, f.id(), path, charge).is_ok()
    })
}

fn nearest_enemy<'a>(state: &'a OmogState, f: &Figure) -> Option<&'a Figure> {
    state
        .living(f.side().other())
        .min_by(|a, b| distance(a.pos(), f.pos()).total_cmp(&distance(b.pos(), f.pos())))
}

/// A useful spread of legal commands for one figure of the side to act (empty when it has
/// already moved or fired this phase).
pub fn figure_candidates(field: &Battlefield, state: &OmogState, f: &Figure) -> Vec<OmogCommand> {
    let mut out = Vec::new();
    match state.phase() {
        Phase::Over => {}
        Phase::Move(_) => {
            if f.moved() {
                return out;
            }
            let mut bearings = vec![compass_bearing(f.pos(), field.objective)];
            if let Some(e) = nearest_enemy(state, f) {
                bearings.push(compass_bearing(f.pos(), e.pos()));
            }
            // Into contact with each of the nearest enemies within a move, base to base: a
            // charge, and a plain walk (a man too close to charge, or whose charge is spent,
            // still closes, and a third man joins two already in contact).
            let reach = allowance(f.mount(), &Footing::default()) + contact();
            for e in assault::within_reach(state.roster(), f, reach, 3) {
                let b = compass_bearing(f.pos(), e.pos());
                let d = distance(f.pos(), e.pos());
                for charge in [true, false] {
                    if let Some(p) =
                        furthest_towards(field, state, f, b, (d - contact()).max(0.0), charge)
                            .filter(|p| charge || distance(*p, e.pos()) <= contact() + 1e-6)
                    {
                        out.push(OmogCommand::Move {
                            figure: f.id(),
                            path: vec![f.pos(), p],
                            charge,
                        });
                    }
                }
            }
            let b0 = bearings[0];
            bearings.extend([b0 - 45.0, b0 + 45.0]);
            for b in bearings {
                if let Some(p) = furthest_towards(field, state, f, b, f64::INFINITY, false) {
                    out.push(OmogCommand::Move {
                        figure: f.id(),
                        path: vec![f.pos(), p],
                        charge: false,
                    });
                }
            }
            // Into the nearest cover within reach.
            if let Some(p) = cover_within_reach(field, state, f) {
                out.push(OmogCommand::Move {
                    figure: f.id(),
                    path: vec![f.pos(), p],
                    charge: false,
                });
            }
        }
        Phase::Fire(_) => {
            if f.fired() {
                return out;
            }
            for (t, _) in targets(field, state, f) {
                out.push(OmogCommand::Shoot {
                    figure: f.id(),
                    target: t,
                });
            }
        }
    }
    // Every move above is a path `check_move` has just passed (`furthest_towards`,
    // `cover_within_reach`): only the shots still need checking.
    out.retain(|c| matches!(c, OmogCommand::Move { .. }) || check(field, state, c).is_ok());
    out
}

/// Shots the side's heavy weapons could fire now, one per enemy figure aimed at.
pub fn gun_candidates(field: &Battlefield, state: &OmogState, side: Side) -> Vec<OmogCommand> {
    let mut out = Vec::new();
    if state.phase() != Phase::Fire(side) {
        return out;
    }
    for g in state
        .guns()
        .iter()
        .filter(|g| state.team(g.team()).is_some_and(|t| t.side() == side))
    {
        for e in state.living(side.other()) {
            let cmd = match g.kind() {
                HeavyKind::Fieldpiece => OmogCommand::FireGun {
                    team: g.team(),
                    at: e.pos(),
                },
                HeavyKind::Gatling => OmogCommand::FireGatling {
                    team: g.team(),
                    at: e.pos(),
                },
            };
            if check(field, state, &cmd).is_ok() {
                out.push(cmd);
            }
        }
    }
    out
}

/// A useful spread of legal commands for the side to act: every figure's candidates, the
/// guns', and ending the phase.
pub fn candidates(field: &Battlefield, state: &OmogState) -> Vec<OmogCommand> {
    let side = match state.phase() {
        Phase::Move(s) | Phase::Fire(s) => s,
        Phase::Over => return Vec::new(),
    };
    let mut out: Vec<OmogCommand> = state
        .living(side)
        .flat_map(|f| figure_candidates(field, state, f))
        .collect();
    out.extend(gun_candidates(field, state, side));
    out.push(match state.phase() {
        Phase::Move(_) => OmogCommand::EndMove,
        _ => OmogCommand::EndFire,
    });
    out
}

fn cover_within_reach(field: &Battlefield, state: &OmogState, f: &Figure) -> Option<TablePoint> {
    let reach = allowance(f.mount(), &Footing::default());
    crate::tactical::omog::seeing::cover_tops_within(field, f.pos(), reach)
        .into_iter()
        .find(|&top| check_move(field, state, f.id(), &[f.pos(), top], false).is_ok())
}

/// Chance that a d6 plus `mine` beats a d6 plus `theirs` outright.
fn win_chance(mine: i8, theirs: i8) -> f64 {
    let mut wins = 0;
    for a in 1..=6i8 {
        for b in 1..=6i8 {
            if a + mine > b + theirs {
                wins += 1;
            }
        }
    }
    wins as f64 / 36.0
}

/// The bot's reading of `f`'s chance of beating `foe` hand to hand.
fn melee_odds(field: &Battlefield, f: &Figure, foe: &Figure) -> f64 {
    let mine = i8::from(f.mount() == Mount::Horse && foe.mount() == Mount::Foot)
        + i8::from(f.mount() == Mount::Foot) * 2;
    let theirs = i8::from(foe.mount() == Mount::Foot && !in_cover(field, foe.pos()));
    win_chance(mine, theirs)
}

fn in_cover(field: &Battlefield, p: TablePoint) -> bool {
    field
        .area_kinds_at(p)
        .iter()
        .any(|k| matches!(k, AreaKind::House | AreaKind::Woods))
}

/// The bot's choice for the side to act: always a command that passes `check`.
pub fn choose(
    bot: BotLevel,
    field: &Battlefield,
    state: &OmogState,
    rng: &mut ChaCha8Rng,
) -> Option<OmogCommand> {
    let side = match state.phase() {
        Phase::Move(s) | Phase::Fire(s) => s,
        Phase::Over => return None,
    };
    if bot == BotLevel::Random {
        let cands = candidates(field, state);
        return Some(cands[below(rng, cands.len() as u32) as usize].clone());
    }
    // Guns first, so their crews are not spent on pistol shots.
    let guns = gun_candidates(field, state, side);
    if let Some((s, c)) = best(field, state, side, guns) {
        if s > 0.0 {
            return Some(c);
        }
    }
    // Then one figure at a time, in id order: its best command, or it holds.
    let next = state.living(side).find(|f| match state.phase() {
        Phase::Move(_) => !f.moved(),
        _ => !f.fired(),
    });
    if let Some(f) = next {
        let pick = best(field, state, side, figure_candidates(field, state, f));
        return Some(match pick {
            Some((s, c)) if s > 0.0 => c,
            _ => OmogCommand::Hold { figure: f.id() },
        });
    }
    Some(match state.phase() {
        Phase::Move(_) => OmogCommand::EndMove,
        _ => OmogCommand::EndFire,
    })
}

fn best(
    field: &Battlefield,
    state: &OmogState,
    side: Side,
    cands: Vec<OmogCommand>,
) -> Option<(f64, OmogCommand)> {
    cands
        .into_iter()
        .map(|c| (score(field, state, side, &c), c))
        .max_by(|a, b| a.0.total_cmp(&b.0))
}

fn score(field: &Battlefield, state: &OmogState, side: Side, cmd: &OmogCommand) -> f64 {
    match cmd {
        OmogCommand::Move {
            figure,
            path,
            charge,
        } => {
            let f = state.figure(*figure).expect("candidate");
            let end = *path.last().expect("path");
            let before = distance(f.pos(), field.objective);
            let after = distance(end, field.objective);
            if *charge {
                let foe = state
                    .living(side.other())
                    .min_by(|a, b| distance(a.pos(), end).total_cmp(&distance(b.pos(), end)))
                    .expect("charge target");
                let p = melee_odds(field, f, foe);
                return if p > 0.5 { 10.0 + p } else { 0.0 };
            }
            // Garrisons hold their houses; gun crews stay by their guns.
            let team = state.team(f.team()).expect("team");
            if (team.garrison() && in_cover(field, f.pos())) || f.role() == Role::Gunner {
                return 0.0;
            }
            let mut s = 0.0;
            // Attackers close on the objective; defenders only come back to it.
            if side == Side::Attacker || after > crate::tactical::table::inches(6.0) {
                s += (before - after) / 25.4;
            }
            if in_cover(field, end) {
                s += 2.0;
            }
            if in_cover(field, f.pos()) && !in_cover(field, end) {
                s -= 2.0;
            }
            s
        }
        OmogCommand::Shoot { figure, target } => {
            let f = state.figure(*figure).expect("candidate");
            let t = state.figure(*target).expect("candidate");
            match super::check::shot(field, f, t) {
                // Easier shots first; never waste a shot on a man already hit.
                Ok((need, _)) if !state.pending_hits().contains(target) => 20.0 - need as f64,
                _ => 0.0,
            }
        }
        OmogCommand::FireGun { at, .. } | OmogCommand::FireGatling { at, .. } => {
            let (r, friends_ok) = match cmd {
                OmogCommand::FireGun { .. } => (fieldpiece::burst_diameter(), false),
                _ => (gatling::diamond().1, true),
            };
            let enemies = state
                .living(side.other())
                .filter(|e| distance(e.pos(), *at) <= r)
                .count() as f64;
            let friends = state
                .living(side)
                .filter(|e| distance(e.pos(), *at) <= r * 1.5)
                .count() as f64;
            if !friends_ok && friends > 0.0 {
                return 0.0;
            }
            30.0 + enemies
        }
        OmogCommand::Hold { .. } | OmogCommand::EndMove | OmogCommand::EndFire => 0.0,
        // Not among the bot's candidates yet.
        OmogCommand::Remount { .. } | OmogCommand::Climb { .. } | OmogCommand::Face { .. } => 0.0,
    }
}

// What the generic bot of `crate::tactical::bot` asks of OMOG 19C over the seam.

/// Every living figure, as a piece: ready while it has not moved (move phase) or fired (fire
/// phase).
pub fn pieces(state: &OmogState) -> Vec<Piece> {
    let phase = state.phase();
    state
        .figures()
        .iter()
        .filter(|f| f.alive())
        .map(|f| Piece {
            key: u32::from(f.id().0),
            side: f.side(),
            pos: f.pos(),
            ready: match phase {
                Phase::Move(s) => s == f.side() && !f.moved(),
                Phase::Fire(s) => s == f.side() && !f.fired(),
                Phase::Over => false,
            },
        })
        .collect()
}

/// One figure's legal commands: its own candidates, a move as far as it may go towards
/// `towards`, its team's gun if it crews one, and standing still.
pub fn piece_commands(
    field: &Battlefield,
    state: &OmogState,
    key: u32,
    towards: TablePoint,
) -> Vec<OmogCommand> {
    let Some(f) = u16::try_from(key)
        .ok()
        .and_then(|k| state.figure(FigureId(k)))
    else {
        return Vec::new();
    };
    let mut out = figure_candidates(field, state, f);
    if matches!(state.phase(), Phase::Move(_)) && !f.moved() && distance(f.pos(), towards) > 1.0 {
        if let Some(p) = furthest_towards(
            field,
            state,
            f,
            compass_bearing(f.pos(), towards),
            distance(f.pos(), towards),
            false,
        ) {
            out.push(OmogCommand::Move {
                figure: f.id(),
                path: vec![f.pos(), p],
                charge: false,
            });
        }
    }
    if f.role() == Role::Gunner {
        out.extend(
            gun_candidates(field, state, f.side())
                .into_iter()
                .filter(|c| match c {
                    OmogCommand::FireGun { team, .. } | OmogCommand::FireGatling { team, .. } => {
                        *team == f.team()
                    }
                    _ => false,
                }),
        );
    }
    let hold = OmogCommand::Hold { figure: f.id() };
    if check(field, state, &hold).is_ok() {
        out.push(hold);
    }
    out
}

/// The position for `side` in OMOG 19C's terms, in figures: losses each way, hits waiting to
/// fall, who holds the objective, the odds of every hand-to-hand fight about to be fought, and
/// gun crews by their guns; a finished battle is worth far more than any of it.
pub fn position_score(field: &Battlefield, state: &OmogState, side: Side) -> f64 {
    if let Some(o) = state.outcome() {
        return match o.winner() {
            Some(w) if w == side => 100.0,
            Some(_) => -100.0,
            None => 0.0,
        };
    }
    let sign = |s: Side| if s == side { 1.0 } else { -1.0 };
    let l = state.losses();
    let mut v = f64::from(l[side.other().index()]) - f64::from(l[side.index()]);
    for id in state.pending_hits() {
        if let Some(f) = state.figure(*id) {
            v -= 0.9 * sign(f.side());
        }
    }
    if let Some((h, n)) = state.holder() {
        v += sign(h) * (1.0 + f64::from(n));
    }
    // Every hand-to-hand fight about to be fought, paired and rolled as the core will: the
    // figures each side can expect to lose (two on one and three on one counted).
    let roster = state.roster();
    for fight in melee::pairings(roster) {
        let (Some(lone), foes) = (
            roster.figure(fight.lone),
            fight
                .opponents
                .iter()
                .filter_map(|id| roster.figure(*id))
                .collect::<Vec<_>>(),
        ) else {
            continue;
        };
        let (falls, kills) = assault::bout(field, lone, &foes);
        v += sign(lone.side()) * (kills - falls);
    }
    for f in state.figures().iter().filter(|f| f.alive()) {
        if f.role() == Role::Gunner {
            // A crew stands by its gun while it has rounds; once they are spent the gunners are
            // men with pistols like any other, free to go for the objective.
            if let Some(g) = state.gun(f.team()).filter(|g| loaded(g)) {
                if distance(g.pos(), f.pos()) > crate::tactical::table::inches(2.0) {
                    v -= 0.5 * sign(f.side());
                }
            }
        }
    }
    for g in state.guns() {
        if let Some(t) = state.team(g.team()) {
            v -= sign(t.side()) * GUN_ROUND * idle_fire_phases(state, g) as f64;
            if loaded(g) && serving_crew(state, g) >= usize::from(crew_needed(g.kind())) {
                v += sign(t.side()) * GUN_SERVED;
            }
        }
    }
    v
}

/// What a loaded gun with the crew to fire it is worth beyond its men, in figures. Without it
/// a Gatling gunner counted for no more than a rifleman, so the attack shot whoever was easiest
/// to hit while the fort's Gatling, served by its two gunners to the last burst, cut it down
/// (Encamp, Invader against a fort: five of the attack's eight men fell in the first turn,
/// most of them under one burst).
const GUN_SERVED: f64 = 2.0;

/// The gunners of `g`'s team still standing and not hit this phase (a hit man falls at the
/// end of the phase, and no longer serves the gun after it).
fn serving_crew(state: &OmogState, g: &Gun) -> usize {
    state
        .team_members(g.team())
        .filter(|f| f.role() == Role::Gunner && f.alive())
        .filter(|f| !state.pending_hits().contains(&f.id()))
        .count()
}

/// What one round of a gun is worth, in figures: a shell on a knot of men, or a Gatling burst
/// (hits 1–5, none on a six), less what cover saves.
const GUN_ROUND: f64 = 1.0;

/// Whether a gun still has rounds to fire at range. A fieldpiece's one canister is for an
/// enemy within a move of the muzzle, not a reason to stand by it all battle.
fn loaded(g: &Gun) -> bool {
    match g.kind() {
        HeavyKind::Fieldpiece => g.shells() > 0,
        HeavyKind::Gatling => g.bursts() > 0,
    }
}

/// The fire phases, this turn's included, a loaded and crewed gun will sit out setting up
/// after a move while it has an enemy in range. A move's worth to the bot is read from the
/// position right after it, which shows the ground gained by the gun's pushers but not the two
/// volleys the gun then misses: without this the crews pushed their guns forward every turn
/// and a Tank's fieldpiece never fired (Encamp, 4 dice against a fort).
fn idle_fire_phases(state: &OmogState, g: &Gun) -> u32 {
    let idle = g.ready_in().saturating_sub(state.turn());
    if idle == 0 || !loaded(g) {
        return 0;
    }
    let crew = state
        .team_members(g.team())
        .filter(|f| f.role() == Role::Gunner && f.alive())
        .count();
    if crew < 2 {
        return 0;
    }
    let Some(side) = state.team(g.team()).map(|t| t.side()) else {
        return 0;
    };
    let reach = match g.kind() {
        HeavyKind::Fieldpiece => fieldpiece::max_range(),
        HeavyKind::Gatling => gatling::diamond().0,
    };
    // Range alone, not sight: a penalty lifted out of sight would pay the crew to push the
    // gun behind a house.
    if state
        .living(side.other())
        .any(|e| distance(g.pos(), e.pos()) <= reach)
    {
        idle
    } else {
        0
    }
}

/// A copy of the battle whose dice from now on come from `seed`.
pub fn reseeded(state: &OmogState, seed: u64) -> OmogState {
    let mut s = state.clone();
    s.dice = crate::tactical::omog::Dice::new(seed);
    s
}
