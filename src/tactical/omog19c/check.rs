//! Checking OMOG 19C orders: pure, no dice. The table screen and the bots ask these for their
//! previews, and `execute` runs them before it rolls anything, so a number a player is promised
//! is the number the die is held to.

use serde::Serialize;

use super::command::OmogCommand;
use super::refusal::Refusal;
use super::state::{Figure, FigureId, Gun, HeavyKind, OmogState, Phase, Role, TeamId};
use super::tables::{fieldpiece, gatling, stick, to_hit, Mount, ShotModifier};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::omog::orders::{self, Carried, How};
use crate::tactical::omog::seeing::{line_of_fire, shot_terms, Unseen};
use crate::tactical::omog::Refusal as Core;
use crate::tactical::ruleset::Side;
use crate::tactical::sight::Crossed;
use crate::tactical::table::{compass_bearing, distance, inches, step, TablePoint};

/// The side the battle waits for.
pub fn actor(state: &OmogState) -> Option<Side> {
    state.clock().actor()
}

/// How the engine's messages name a figure: side, kind and number.
pub fn name(f: &Figure) -> String {
    f.name()
}

/// Check a move: its path over the terrain, the figure's allowance, team cohesion, the
/// conditions of a charge, and what a gun crew may do. Returns the share of the move used.
pub fn check_move(
    field: &Battlefield,
    state: &OmogState,
    id: FigureId,
    path: &[TablePoint],
    charge: bool,
) -> Result<f64, Refusal> {
    let how = if charge { How::Charge } else { How::Walk };
    check_move_as(field, state, id, path, how)
}

/// Check a move made `how` (a plain move, a charge, mounting or dismounting, climbing onto a
/// roof): the OMOG core's checks and what a gun crew may do. Returns the share of the move used.
pub fn check_move_as(
    field: &Battlefield,
    state: &OmogState,
    id: FigureId,
    path: &[TablePoint],
    how: How,
) -> Result<f64, Refusal> {
    check_move_push(field, state, id, path, how).map(|(used, _)| used)
}

/// A gun pushed along by a gunner's move: where it goes and the two other men who push it,
/// going with it.
#[derive(Debug, Clone, PartialEq)]
pub struct Push {
    /// The gun's team.
    pub team: TeamId,
    /// Where the gun ends.
    pub to: TablePoint,
    /// The two other pushers and where they end.
    pub pushers: Vec<Carried>,
}

/// [`check_move_as`], and the gun the move pushes along with its pushers, if it does.
pub fn check_move_push(
    field: &Battlefield,
    state: &OmogState,
    id: FigureId,
    path: &[TablePoint],
    how: How,
) -> Result<(f64, Option<Push>), Refusal> {
    let orders::MoveCheck { used, survey } =
        orders::check_move_as(field, state.roster(), state.clock(), id, path, how)?;
    let f = state.figure(id).expect("checked");
    let end = *path.last().expect("checked");
    let Some(gun) = state.gun(f.team()).filter(|_| f.role() == Role::Gunner) else {
        return Ok((used, None));
    };
    if pushers(state, f.team(), gun) < 3 && distance(end, f.pos()) > 0.01 {
        return Err(Refusal::CrewTooSmall);
    }
    if survey.crossed.iter().any(|(_, c)| *c == Crossed::Ford)
        || survey.legs.iter().any(|l| l.footing.swamp)
    {
        return Err(Refusal::GunFordSwamp);
    }
    let woods: f64 = survey
        .legs
        .iter()
        .filter(|l| l.footing.woods && !l.footing.road)
        .map(|l| l.len)
        .sum();
    if woods > stick::short() + 1e-9 {
        return Err(Refusal::GunWoods);
    }
    if distance(gun.pos(), end) <= stick::short() {
        return Ok((used, None));
    }
    // The gun goes along, 1″ from the gunner on the side it came from, and two more men push
    // it: they go with it, each as far as the gun goes.
    let to = step(end, compass_bearing(end, gun.pos()), inches(1.0));
    let shift = [to[0] - gun.pos()[0], to[1] - gun.pos()[1]];
    let others = other_pushers(state, f, gun);
    if others.len() < 2 {
        return Err(Refusal::PushersMoved);
    }
    let pushers = orders::check_escort(
        field,
        state.roster(),
        state.clock(),
        id,
        end,
        &others[..2],
        shift,
    )?;
    Ok((
        used,
        Some(Push {
            team: f.team(),
            to,
            pushers,
        }),
    ))
}

/// The men who may push a gun along with `mover`, who have not moved yet this phase: its crew
/// first, then helpers, each nearest the gun first.
fn other_pushers(state: &OmogState, mover: &Figure, gun: &Gun) -> Vec<FigureId> {
    let side = mover.side();
    let mut v: Vec<(bool, f64, FigureId)> = state
        .figures()
        .iter()
        .filter(|h| h.alive() && h.id() != mover.id() && h.side() == side && !h.moved())
        .filter(|h| {
            let crew = h.team() == mover.team();
            let helper = h.role() == Role::Soldier
                && h.mount() == Mount::Foot
                && distance(h.pos(), gun.pos()) <= helper_reach() + 1e-9;
            crew || helper
        })
        .map(|h| {
            (
                h.team() != mover.team(),
                distance(h.pos(), gun.pos()),
                h.id(),
            )
        })
        .collect();
    v.sort_by(|a, b| {
        (a.0, a.1, a.2)
            .partial_cmp(&(b.0, b.1, b.2))
            .expect("finite")
    });
    v.into_iter().map(|(_, _, id)| id).collect()
}

/// The trained gunners a gun of `kind` needs to fire.
pub fn crew_needed(kind: HeavyKind) -> u8 {
    match kind {
        HeavyKind::Fieldpiece => 2,
        HeavyKind::Gatling => gatling::GUNNERS,
    }
}

/// How far from a gun a soldier of another team may stand and still lend a hand pushing it.
pub fn helper_reach() -> f64 {
    crate::tactical::table::inches(2.0)
}

/// The men who can push a team's gun: its living crew, and soldiers of other teams of the same
/// side on foot within [`helper_reach`] of it (they push but never serve it). Three are needed.
pub fn pushers(state: &OmogState, team: TeamId, gun: &Gun) -> usize {
    let crew = state.team_members(team).count();
    let side = state.team(team).map(|t| t.side());
    let helpers = state
        .figures()
        .iter()
        .filter(|h| h.alive() && Some(h.side()) == side && h.team() != team)
        .filter(|h| h.role() == Role::Soldier && h.mount() == Mount::Foot)
        .filter(|h| distance(h.pos(), gun.pos()) <= helper_reach() + 1e-9)
        .count();
    crew + helpers
}

/// A small-arms shot worked out: the range, the band's number, every modifier and the roll
/// needed. The engine rolls against exactly this, and the table screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShotOdds {
    /// Shooter to target, mm.
    pub range: f64,
    /// Which of the weapon's range bands that is (0: the shortest).
    pub band: usize,
    /// The band's number before modifiers.
    pub band_need: u8,
    /// Every modifier that applies.
    pub modifiers: Vec<ShotModifier>,
    /// The lowest roll of a d6 that hits.
    pub need: u8,
}

/// The breakdown of a small-arms shot from where the two figures stand, or why it cannot be
/// taken: range, sight, cover. Whether the shooter may fire now is [`shoot_odds`]'s business.
pub fn shot_odds(
    field: &Battlefield,
    shooter: &Figure,
    target: &Figure,
) -> Result<ShotOdds, Refusal> {
    if target.side() == shooter.side() {
        return Err(Core::OwnSide.into());
    }
    if !target.alive() {
        return Err(Core::AlreadyDown(target.name()).into());
    }
    let weapon = shooter.kit();
    let range = distance(shooter.pos(), target.pos());
    if range > weapon.max_range() + 1e-9 {
        return Err(Core::OutOfRange {
            range_in: range / 25.4,
            weapon: weapon.name(),
            reach_in: weapon.max_range() / 25.4,
        }
        .into());
    }
    match line_of_fire(field, shooter.pos(), target.pos()) {
        Ok(()) => {}
        Err(Unseen::DeepInWoods) => return Err(Core::DeepInWoods(target.name()).into()),
        Err(Unseen::ShooterDeepInWoods) => return Err(Core::DeepInWoods(shooter.name()).into()),
        Err(u) => {
            return Err(Core::CannotSee {
                shooter: shooter.name(),
                target: target.name(),
                what: u.what(),
            }
            .into())
        }
    }
    let mut mods: Vec<ShotModifier> = shot_terms(field, shooter, target)
        .into_iter()
        .filter_map(ShotModifier::for_term)
        .collect();
    if shooter.mount() == Mount::Horse && shooter.travelled() {
        mods.push(ShotModifier::ShooterMovedOnHorse);
    }
    let bands = weapon.bands();
    let band = bands
        .iter()
        .position(|(max, _)| range <= *max + 1e-9)
        .expect("within the longest band");
    match to_hit(weapon, range, &mods) {
        Some(need) => Ok(ShotOdds {
            range,
            band,
            band_need: bands[band].1,
            modifiers: mods,
            need,
        }),
        None => Err(Core::CannotHit {
            shooter: shooter.name(),
            target: target.name(),
            why: mods
                .iter()
                .map(|m| m.label())
                .collect::<Vec<_>>()
                .join(", "),
        }
        .into()),
    }
}

/// The modifiers and roll needed for a small-arms shot, or why it cannot be taken.
pub fn shot(
    field: &Battlefield,
    shooter: &Figure,
    target: &Figure,
) -> Result<(u8, Vec<ShotModifier>), Refusal> {
    shot_odds(field, shooter, target).map(|o| (o.need, o.modifiers))
}

/// A small-arms shot's breakdown, or why it cannot be taken now: the shooter's readiness, then
/// range, sight and cover. `execute` rolls against exactly this.
pub fn shoot_odds(
    field: &Battlefield,
    state: &OmogState,
    figure: FigureId,
    target: FigureId,
) -> Result<ShotOdds, Refusal> {
    let f = orders::check_shooter(state.roster(), state.clock(), figure)?;
    if f.role() == Role::Gunner
        && state
            .gun(f.team())
            .is_some_and(|g| g.fired_in() == Some(state.turn()))
    {
        return Err(Refusal::GunnerServing);
    }
    let t = state.figure(target).ok_or(Core::NoFigure(target.0))?;
    shot_odds(field, f, t)
}

/// Living figures that could be hit by direct fire from `shooter` now, with the roll needed,
/// easiest first.
pub fn targets(field: &Battlefield, state: &OmogState, shooter: &Figure) -> Vec<(FigureId, u8)> {
    let reach = shooter.kit().max_range();
    let mut v: Vec<(FigureId, u8)> = state
        .living(shooter.side().other())
        .filter(|t| distance(t.pos(), shooter.pos()) <= reach + 1e-9)
        .filter_map(|t| shot(field, shooter, t).ok().map(|(n, _)| (t.id(), n)))
        .collect();
    v.sort_by_key(|&(id, need)| (need, id));
    v
}

/// The gun of a team that may fire now, with its free trained crew.
pub fn check_gun(
    state: &OmogState,
    team: TeamId,
    kind: HeavyKind,
) -> Result<(&Gun, usize), Refusal> {
    if !matches!(state.phase(), Phase::Fire(_)) {
        return Err(Refusal::GunsOutsideFire);
    }
    let t = state.team(team).ok_or(Refusal::NoTeam(team.0))?;
    if Some(t.side()) != actor(state) {
        return Err(Refusal::GunNotYours);
    }
    let Some(g) = state.gun(team).filter(|g| g.kind() == kind) else {
        return Err(match kind {
            HeavyKind::Fieldpiece => Refusal::NoFieldpiece,
            HeavyKind::Gatling => Refusal::NoGatling,
        });
    };
    if g.fired_in() == Some(state.turn()) {
        return Err(Refusal::GunFired);
    }
    if !g.ready(state.turn()) {
        return Err(Refusal::NotSetUp);
    }
    let crew = state
        .team_members(team)
        .filter(|f| f.role() == Role::Gunner && !f.fired())
        .count();
    let needed = crew_needed(kind);
    if crew < needed as usize {
        return Err(Refusal::TooFewGunners(needed));
    }
    if kind == HeavyKind::Fieldpiece
        && crew == 2
        && g.fired_in().is_some_and(|t| t + 1 == state.turn())
    {
        return Err(Refusal::TwoManCrew);
    }
    Ok((g, crew))
}

/// Check any order.
pub fn check(field: &Battlefield, state: &OmogState, cmd: &OmogCommand) -> Result<(), Refusal> {
    if state.phase() == Phase::Over {
        return Err(Core::BattleOver.into());
    }
    if let Some((figure, path, how)) = cmd.as_move() {
        return check_move_as(field, state, figure, path, how).map(|_| ());
    }
    if let Some(plain) = cmd.as_plain() {
        return Ok(orders::check_plain(state.roster(), state.clock(), plain)?);
    }
    match cmd {
        OmogCommand::Shoot { figure, target } => {
            shoot_odds(field, state, *figure, *target).map(|_| ())
        }
        OmogCommand::FireGun { team, at } => {
            let (g, _) = check_gun(state, *team, HeavyKind::Fieldpiece)?;
            let range = distance(g.pos(), *at);
            if !field.spec.contains(*at) {
                return Err(Refusal::AimOffTable);
            }
            if !field.sight(g.pos(), *at).is_clear() {
                return Err(Refusal::GunnerCannotSee);
            }
            if range < fieldpiece::min_shell_range() {
                if g.canister() == 0 {
                    return Err(Refusal::NoCanister);
                }
            } else if range > fieldpiece::max_range() + 1e-9 {
                return Err(Refusal::BeyondRange);
            } else if g.shells() == 0 {
                return Err(Refusal::NoShells);
            }
            Ok(())
        }
        OmogCommand::FireGatling { team, at } => {
            let (g, _) = check_gun(state, *team, HeavyKind::Gatling)?;
            if g.bursts() == 0 {
                return Err(Refusal::NoBursts);
            }
            if distance(g.pos(), *at) < 1.0 {
                return Err(Refusal::AimAtMuzzle);
            }
            Ok(())
        }
        _ => unreachable!("moves and plain orders are checked above"),
    }
}
