//! The Dice Flew's bot: it writes and changes its battalions' orders ([`orders`]: a second
//! attacking battalion takes a held flank post first, a second defending one holds a forward
//! post and falls back when nothing comes at it, a failed attack is called off and taken up
//! again once rallied), advances within them, keeps its support weapons still
//! once they have a target, always takes the shot it is offered, and goes to ground unless it
//! is attacking. Its artillery: both sides write a fire plan ([`plan`]: the attacker shells the
//! defenders' positions before its own companies get there, the defender the ground the
//! attacker must cross on the turns it should be crossing it); in the turns left free, the
//! observers call fire on the nearest enemy they see. Companies making for the objective follow
//! the battlefield's routes, attacking rifle companies in bounds ([`bounds`]: never into the
//! reach of more enemy companies than they stand under now); HQs keep their companies in command
//! ([`command`]). The stronger level (`general`) weighs its moves for cover and the enemy's eyes
//! ([`general`]); the fast one (`captain`, auto-resolve's) takes the first that goes. Before the
//! battle it chooses what its Tank and fortification dice bring by the ground ([`equip`]). It
//! decides from its side's [`DfView`]: the enemy's written orders and coming fire plan are hidden.

use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

mod bounds;
mod command;
pub mod equip;
mod general;
mod orders;
mod plan;

use super::artillery::observed_target;
use super::check::{actor, check, hold_radius, lagging_attack};
use super::command::DfCommand;
use super::fire::{clear_of_friends, closest_target, range, reach, sees, shot_dice};
use super::preview::shot_preview;
use super::state::{DfState, Pending, Phase, TURN_LIMIT};
use super::tables::{allowance, fire_die};
use super::unit::{Action, Kind, Unit, UnitId};
use super::view::DfView;
use crate::tactical::battlefield::Battlefield;
use crate::tactical::route::Routes;
use crate::tactical::ruleset::{BotLevel, Side};
use crate::tactical::table::{compass_bearing, distance, inches, step, TablePoint};
use command::{behind, clear_path, hq_move, leash};
use plan::plan_line;
pub(crate) use plan::reckoned;

/// Whether a unit is a support weapon that stays put once it has a target.
fn support(u: &Unit) -> bool {
    matches!(
        u.kind,
        Kind::MachineGuns | Kind::Mortars | Kind::FieldGuns | Kind::Snipers
    )
}

/// Whether a company of an attacking battalion had better stay where it is and fire in the
/// enemy's part than move (which would leave it unable to shoot): fire and movement. A support
/// weapon stays once it has any target; a company stays while its closest target is unpinned
/// and its fire would roll dice, until the last turns, when everyone goes for the objective.
fn keeps_firing(field: &Battlefield, s: &DfState, u: &Unit) -> bool {
    let Some((t, at)) = closest_target(field, s, u, None) else {
        return false;
    };
    if support(u) {
        return true;
    }
    let Some(target) = s.unit(t) else {
        return false;
    };
    s.turn() + 2 < TURN_LIMIT
        && !target.pinned
        && clear_of_friends(s, u, at)
        && shot_dice(s, u, target, at) > 0
}

/// A pinned enemy company within a move and a melee's reach of `u`, seen: an attacking company
/// goes in with the bayonet while it cannot fire back (a pinned unit fights only in melee).
fn charge_target(field: &Battlefield, s: &DfState, u: &Unit) -> Option<TablePoint> {
    if support(u) || u.staff() {
        return None;
    }
    let most = allowance(u.movement(), super::tables::Ground::Open).unwrap_or(0.0);
    s.living(u.side.other())
        .filter(|e| !e.staff() && e.pinned)
        .filter(|e| range(u.at, e.at) <= most + inches(2.0) && sees(field, u.at, e.at))
        .min_by(|a, b| distance(u.at, a.at).total_cmp(&distance(u.at, b.at)))
        .map(|e| e.at)
}

/// A holding company with no enemy in its arc turns (a 1″ step) towards the nearest enemy it
/// sees within its reach and a move beyond, so that it can fire when he comes on.
fn face_enemy(field: &Battlefield, s: &DfState, u: &Unit) -> Option<DfCommand> {
    if u.staff() || closest_target(field, s, u, None).is_some() {
        return None;
    }
    // Turning costs its fire in the enemy's coming part: only when every fighting enemy close
    // enough to matter is outside its arc.
    let close: Vec<&Unit> = s
        .living(u.side.other())
        .filter(|e| !e.staff())
        .filter(|e| range(u.at, e.at) <= reach(u, e.kind.armour().is_some()) + inches(12.0))
        .collect();
    if close.iter().any(|e| u.facing.within_arc(u.at, e.at, 45.0)) {
        return None;
    }
    let near = close
        .into_iter()
        .min_by(|a, b| distance(u.at, a.at).total_cmp(&distance(u.at, b.at)))
        .filter(|e| sees(field, u.at, e.at))?;
    let to = step(u.at, compass_bearing(u.at, near.at), inches(1.0));
    let cmd = DfCommand::Move { unit: u.id, to };
    check(field, s, &cmd).is_ok().then_some(cmd)
}

/// The longest legal straight move of `u` towards its battalion's place (or towards its
/// companies, for an HQ).
fn advance(field: &Battlefield, s: &DfState, u: &Unit, careful: bool) -> Option<DfCommand> {
    // A CO moves only as the HQ of a detached company.
    let b = u.battalion.or_else(|| s.battalion_led_by(u.id))?;
    let (action, place) = s.effective_order(b)?;
    let goal = if matches!(u.kind, Kind::Hq | Kind::Co) {
        return hq_move(field, s, u, place);
    } else if u.kind == Kind::Observer {
        let cs: Vec<&Unit> = s.members(b).filter(|c| c.id != u.id).collect();
        let behind = behind(&cs, place)?;
        if distance(behind, u.at) < inches(2.0) {
            return None;
        }
        behind
    } else if action == Action::Hold {
        match (u.kind, outpost(s, u, place)) {
            (Kind::Patrol, Some(at)) if distance(u.at, at) > inches(2.0) => at,
            _ => return face_enemy(field, s, u),
        }
    } else {
        if distance(u.at, place) < inches(3.0) || keeps_firing(field, s, u) {
            return None;
        }
        charge_target(field, s, u).unwrap_or(place)
    };
    let most = allowance(u.movement(), super::tables::Ground::Road).unwrap_or(0.0);
    let leash = leash(s, u, place);
    // Round rivers and over bridges: along the battlefield's best route to the objective first
    // (aimed a full move along it, and shorter where it bends), then straight at the goal and
    // a little either side.
    let mut aims: Vec<(TablePoint, &[f64], f64)> = Vec::new();
    if !u.staff() && distance(goal, field.objective) < inches(1.0) {
        let routes = Routes::of(field);
        for k in [1.0, 0.7, 0.45, 0.25] {
            if let Some(w) = routes.waypoint(u.at, most * k) {
                if distance(w, u.at) >= inches(1.0) {
                    // Right to the waypoint: the shorter waypoints are the shorter moves.
                    aims.push((w, &[0.0], distance(u.at, w)));
                }
            }
        }
    }
    // An attacking rifle company bound for the place moves in bounds (see `bounds`).
    if action == Action::Attack && goal == place && !support(u) && u.kind.armour().is_none() {
        let route: Vec<TablePoint> = aims.iter().map(|a| a.0).collect();
        let held = |to: TablePoint| leash.is_some_and(|(hq, r)| distance(hq, to) > r);
        if let Some(b) = bounds::bound(field, s, u, place, most, &route, &held) {
            return b;
        }
    }
    aims.push((goal, &[0.0, 20.0, -20.0, 45.0, -45.0], inches(1.0)));
    let mut found = Vec::new();
    for (aim, turns, shortest) in aims {
        let bearing = compass_bearing(u.at, aim);
        let want = distance(u.at, aim).min(most);
        for turn in turns {
            let mut len = want;
            while len >= shortest.min(want) - 1e-9 && len >= inches(1.0) {
                let to = step(u.at, bearing + turn, len);
                let cmd = DfCommand::Move { unit: u.id, to };
                let held = leash.is_some_and(|(hq, r)| distance(hq, to) > r);
                if !held && clear_path(s, u, to) && check(field, s, &cmd).is_ok() {
                    if !careful || u.staff() {
                        return Some(cmd);
                    }
                    found.push((to, cmd));
                    break;
                }
                len *= 0.7;
            }
        }
    }
    general::safest(field, s, u, goal, found)
}

/// An observer's call for fire on the nearest enemy he sees, if any battery may fire.
fn call_fire(field: &Battlefield, s: &DfState, side: Side) -> Option<DfCommand> {
    s.batteries()
        .iter()
        .filter(|b| b.side == side && b.fired_turn != s.turn())
        .find_map(|b| {
            let obs = s.unit(b.observer?).filter(|o| o.alive())?;
            let target = observed_target(field, s, obs)?;
            let cmd = DfCommand::CallFire {
                battery: b.id,
                target,
            };
            check(field, s, &cmd).is_ok().then_some(cmd)
        })
}

/// A useful set of legal commands for the side to act.
pub fn candidates(field: &Battlefield, s: &DfState) -> Vec<DfCommand> {
    let mut out = Vec::new();
    match (s.phase(), s.pending()) {
        (Phase::Over, _) => {}
        (Phase::Orders(side), _) => {
            out.extend(equip::choose(field, s, side));
            out.extend(orders::write(field, s, side));
            out.extend(plan_line(field, s, side));
            out.push(DfCommand::OrdersDone);
        }
        (Phase::Initiative(_), _) => {
            out.push(DfCommand::GoFirst { first: true });
            out.push(DfCommand::GoFirst { first: false });
        }
        (Phase::Move(_), Some(Pending::Interrupt { shooters, .. })) => {
            out.extend(shooters.iter().map(|&shooter| DfCommand::Shoot { shooter }));
            out.push(DfCommand::Pass);
        }
        (Phase::Move(_), Some(Pending::React { .. })) => {
            out.push(DfCommand::GoToGround);
            out.push(DfCommand::PushOn);
        }
        (Phase::Move(side), None) => {
            out.extend(orders::change(field, s, side));
            out.extend(call_fire(field, s, side));
            for u in s.living(side) {
                if !u.moved && !u.pinned {
                    out.extend(advance(field, s, u, false));
                }
            }
            // While an attack lags, the steps that carry it on (the engine refuses Done).
            match lagging_attack(field, s, side) {
                Some((_, steps)) => out.extend(steps),
                None => out.push(DfCommand::Done),
            }
        }
        (Phase::Fire(side), _) => {
            for u in s.living(side) {
                out.push(DfCommand::Fire { shooter: u.id });
            }
            out.push(DfCommand::Done);
        }
    }
    out.retain(|c| check(field, s, c).is_ok());
    out
}

/// The bot's command for the side to act, from that side's view only (the enemy's orders and
/// fire plan hidden): none if the view is not the acting side's.
pub fn choose(
    level: BotLevel,
    field: &Battlefield,
    view: &DfView,
    rng: &mut ChaCha8Rng,
) -> Option<DfCommand> {
    let s = view.state();
    if actor(s) != Some(view.side()) {
        return None;
    }
    if level == BotLevel::Random {
        return candidates(field, s).choose(rng).cloned();
    }
    match (s.phase(), s.pending()) {
        // The first unit with a move, without working out everyone's (the same choice as the
        // head of `candidates`, at a fraction of the cost).
        (Phase::Orders(side), _) => equip::choose(field, s, side)
            .or_else(|| orders::write(field, s, side))
            .or_else(|| plan_line(field, s, side))
            .or(Some(DfCommand::OrdersDone)),
        (Phase::Move(side), None) => {
            let careful = level == BotLevel::General;
            orders::change(field, s, side)
                .or_else(|| call_fire(field, s, side))
                .or_else(|| super::ai_guns::choose(field, s, side))
                .or_else(|| send_patrol(field, s, side))
                .or_else(|| {
                    // The HQs and observers first, up behind their companies, so that the
                    // companies start their moves within command radius.
                    let ready = || s.living(side).filter(|u| !u.moved && !u.pinned);
                    ready()
                        .filter(|u| u.staff())
                        .find_map(|u| advance(field, s, u, careful))
                        .or_else(|| {
                            ready()
                                .filter(|u| !u.staff())
                                .find_map(|u| advance(field, s, u, careful))
                        })
                })
                .or_else(|| match lagging_attack(field, s, side) {
                    Some((_, steps)) => steps.into_iter().next(),
                    None => Some(DfCommand::Done),
                })
        }
        (Phase::Initiative(side), _) => Some(DfCommand::GoFirst {
            first: side == Side::Attacker,
        }),
        (
            _,
            Some(Pending::Interrupt {
                mover, shooters, ..
            }),
        ) => {
            let at = s.unit(*mover)?.at;
            // The company that would do the most harm now.
            let best = shooters.iter().copied().max_by(|&a, &b| {
                let h = |u| shot_odds(field, s, u, *mover, at).0;
                h(a).total_cmp(&h(b)).then(b.cmp(&a))
            });
            Some(best.map_or(DfCommand::Pass, |shooter| DfCommand::Shoot { shooter }))
        }
        (_, Some(Pending::React { mover, shooter, .. })) => Some(react(field, s, *mover, *shooter)),
        _ => candidates(field, s).first().cloned(),
    }
}

/// What `shooter`'s fire at `target` standing at `at` may be expected to do, as the engine's
/// shot preview reckons it: the hits (or, against armour, the vehicles destroyed) it should make,
/// and the chance it costs the target at least one figure or vehicle (any loss pins: the chance
/// the target is stopped).
fn shot_odds(
    field: &Battlefield,
    s: &DfState,
    shooter: UnitId,
    target: UnitId,
    at: TablePoint,
) -> (f64, f64) {
    let Some(p) = shot_preview(field, s, shooter, target, at) else {
        return (0.0, 0.0);
    };
    // Each die's chance of a hit (a kill, against armour) and its expected hits.
    let dice: Vec<(f64, f64)> = if let Some((mods, def)) = p.anti_tank {
        mods.iter()
            .map(|x| {
                let kill = (1..=6).filter(|d| d + x > def).count() as f64 / 6.0;
                (kill, kill)
            })
            .collect()
    } else {
        let f = p.soft.expect("a soft target");
        let hits: Vec<u32> = (1..=6u8)
            .map(|d| fire_die(d, f.within_half, f.cover))
            .collect();
        let any = hits.iter().filter(|&&h| h > 0).count() as f64 / 6.0;
        let mean = hits.iter().sum::<u32>() as f64 / 6.0;
        vec![(any, mean); f.dice as usize]
    };
    let expected = dice.iter().map(|d| d.1).sum();
    let miss: f64 = dice.iter().map(|d| 1.0 - d.0).product();
    (expected, 1.0 - miss)
}

/// Fired on while moving: go to ground (cover, and the move stops) or push on. A unit not
/// attacking takes cover. An attacking one weighs the engine's odds: any loss pins and stops it
/// in the open, so it pushes on only where the move carries the attack home (to within 6″ of
/// its place or into melee), in the last turns, or when the fire in the open is unlikely to
/// cost it anyone; otherwise it goes to ground where it stands, in cover, and fights from there
/// (the players' firing line: the text lets a company that stopped fire in the enemy's part).
/// Armour always pushes on: cover helps it little.
fn react(field: &Battlefield, s: &DfState, mover: UnitId, shooter: UnitId) -> DfCommand {
    let Some(m) = s.unit(mover) else {
        return DfCommand::PushOn;
    };
    let order = m.battalion.and_then(|b| s.effective_order(b));
    if m.kind.armour().is_some() {
        return DfCommand::PushOn;
    }
    let Some((Action::Attack, place)) = order else {
        return DfCommand::GoToGround;
    };
    let dest = match s.pending() {
        Some(Pending::React { dest, .. }) => *dest,
        _ => m.at,
    };
    let home = distance(dest, place) <= inches(6.0)
        || s.living(m.side.other())
            .any(|e| !e.staff() && range(e.at, dest) <= inches(3.0));
    let open = shot_odds(field, s, shooter, mover, m.at).1;
    if home || s.turn() + 3 >= TURN_LIMIT || open < 0.4 {
        DfCommand::PushOn
    } else {
        DfCommand::GoToGround
    }
}

/// Early in the battle, each battalion's first rifle company sends two men out as a patrol: the
/// attacker's scout ahead (they go on towards the place with the rest), the defender's hold an
/// outpost at the nearest named feature within the battalion's hold radius.
fn send_patrol(field: &Battlefield, s: &DfState, side: Side) -> Option<DfCommand> {
    if s.turn() > 2 {
        return None;
    }
    s.battalions()
        .iter()
        .filter(|b| b.side == side && !b.shaken)
        .find_map(|b| {
            // One patrol a battalion, ever: a patrol lost is not replaced.
            if s.units()
                .iter()
                .any(|u| u.kind == Kind::Patrol && u.battalion == Some(b.id))
            {
                return None;
            }
            let c = s
                .members(b.id)
                .find(|u| u.kind == Kind::Rifles && !u.moved && !u.pinned)?;
            let cmd = DfCommand::Detach { unit: c.id, men: 2 };
            check(field, s, &cmd).is_ok().then_some(cmd)
        })
}

/// Where a holding battalion's patrol keeps watch: the named feature nearest its place (other
/// than the place itself) within its hold radius, towards the nearest enemy.
fn outpost(s: &DfState, u: &Unit, place: TablePoint) -> Option<TablePoint> {
    let enemy = s
        .living(u.side.other())
        .min_by(|a, b| distance(place, a.at).total_cmp(&distance(place, b.at)))?;
    s.features()
        .iter()
        .map(|f| f.at)
        .filter(|&at| distance(at, place) > inches(3.0) && distance(at, place) <= hold_radius())
        .filter(|&at| distance(at, enemy.at) < distance(place, enemy.at))
        .min_by(|a, b| distance(*a, place).total_cmp(&distance(*b, place)))
}
