//! OMOG 19C's turn: side one moves, side two moves, both fire at once, then hand to hand; the
//! first mover alternates. Commands are checked purely; `execute` rolls from the battle's own RNG
//! and applies the events.

use serde::{Deserialize, Serialize};

use super::state::{
    contact, objective_radius, Figure, FigureId, HeavyKind, OmogState, Phase, Role, TeamId,
    HOLD_TURNS, TURN_LIMIT,
};
use super::tables::{
    cover_save, fieldpiece, gatling, move_fraction, stick, to_hit, woods_sight_depth,
    MeleeModifier, Mount, ShotModifier, Weapon,
};
use crate::dice::d6;
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::ruleset::{BattleOutcome, Refused, Side};
use crate::tactical::sight::{Crossed, Sight};
use crate::tactical::table::{compass_bearing, distance, step, TablePoint};
use crate::tactical::template::Template;

/// What a player asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum OmogCommand {
    /// Move one figure along a path (its first point is where it stands). `charge` declares a
    /// cavalry or bayonet charge into contact with an enemy.
    Move {
        /// The figure.
        figure: FigureId,
        /// The path, starting at the figure.
        path: Vec<TablePoint>,
        /// Whether it charges.
        #[serde(default)]
        charge: bool,
    },
    /// Let a figure stand this phase: it neither moves (move phase) nor shoots (fire phase).
    Hold {
        /// The figure.
        figure: FigureId,
    },
    /// End this side's move.
    EndMove,
    /// Shoot a small arm at an enemy figure.
    Shoot {
        /// The shooter.
        figure: FigureId,
        /// The target.
        target: FigureId,
    },
    /// Fire a team's fieldpiece: a shell at a point 6″–24″ away, or canister towards a point
    /// under 6″ away.
    FireGun {
        /// The team serving it.
        team: TeamId,
        /// The aiming point.
        at: TablePoint,
    },
    /// Fire a burst from a team's Gatling towards a point.
    FireGatling {
        /// The team serving it.
        team: TeamId,
        /// The aiming point.
        at: TablePoint,
    },
    /// End this side's fire.
    EndFire,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum OmogEvent {
    /// A figure moved.
    Moved {
        /// Who.
        figure: FigureId,
        /// Where to.
        to: TablePoint,
        /// The share of its move used.
        used: f64,
        /// Whether it charged.
        charge: bool,
    },
    /// The guns of a team moved with it (and must set up again).
    GunMoved {
        /// The team.
        team: TeamId,
        /// Where to.
        to: TablePoint,
    },
    /// A phase began.
    PhaseBegan {
        /// Turn number.
        turn: u32,
        /// The phase.
        phase: Phase,
    },
    /// A small-arms shot.
    Shot {
        /// The shooter.
        figure: FigureId,
        /// The target.
        target: FigureId,
        /// The roll needed.
        need: u8,
        /// Modifiers applied.
        modifiers: Vec<ShotModifier>,
        /// The die.
        roll: u8,
        /// Whether it hit.
        hit: bool,
    },
    /// A heavy weapon fired; `template` is where its disc, cone or diamond landed (none for a
    /// dud or a misfire).
    HeavyFired {
        /// The team.
        team: TeamId,
        /// Fieldpiece or Gatling.
        kind: HeavyKind,
        /// The die.
        roll: u8,
        /// Where the template lies.
        template: Option<Template>,
    },
    /// A figure under a heavy weapon's template rolled for its cover.
    CoverSave {
        /// Who.
        figure: FigureId,
        /// The roll needed.
        need: u8,
        /// The die.
        roll: u8,
        /// Whether it survived.
        saved: bool,
    },
    /// A figure was hit and will fall when both sides have fired.
    Hit {
        /// Who.
        figure: FigureId,
    },
    /// A figure is out of the fight.
    Down {
        /// Who.
        figure: FigureId,
    },
    /// A hand-to-hand fight between `lone` and the enemies in contact with him.
    Melee {
        /// The figure fighting alone.
        lone: FigureId,
        /// His total.
        lone_total: i8,
        /// Each opponent and his total (`None` for the third of three, who needs no roll).
        opponents: Vec<(FigureId, Option<i8>)>,
        /// Who fell.
        fallen: Vec<FigureId>,
    },
    /// A side held the objective at the end of a turn.
    ObjectiveHeld {
        /// Who.
        side: Side,
        /// Turn ends in a row.
        turns: u32,
    },
    /// The battle is over.
    BattleOver {
        /// How it ended.
        outcome: BattleOutcome,
    },
}

fn refuse<T>(msg: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(msg.into()))
}

/// How the engine's messages name a figure: side, kind and number.
pub fn name(f: &Figure) -> String {
    let side = match f.side {
        Side::Attacker => "attacking",
        Side::Defender => "defending",
    };
    let what = match (f.role, f.mount) {
        (Role::Officer, _) => "officer",
        (Role::Gunner, _) => "gunner",
        (Role::Soldier, Mount::Horse) => "trooper",
        (Role::Soldier, Mount::Foot) => "rifleman",
    };
    format!("{side} {what} #{}", f.id.0)
}

/// The side the battle waits for.
pub fn actor(state: &OmogState) -> Option<Side> {
    match state.phase {
        Phase::Move(s) | Phase::Fire(s) => Some(s),
        Phase::Over => None,
    }
}

fn own_figure(state: &OmogState, id: FigureId) -> Result<&Figure, Refused> {
    let Some(f) = state.figure(id) else {
        return refuse(format!("There is no figure #{}.", id.0));
    };
    if Some(f.side) != actor(state) {
        return refuse(format!("The {} is not yours to command now.", name(f)));
    }
    if !f.alive {
        return refuse(format!("The {} is out of the fight.", name(f)));
    }
    Ok(f)
}

fn enemy_in_contact(state: &OmogState, side: Side, p: TablePoint) -> Option<&Figure> {
    state
        .living(side.other())
        .filter(|e| distance(e.pos, p) <= contact() + 1e-9)
        .min_by(|a, b| distance(a.pos, p).total_cmp(&distance(b.pos, p)))
}

/// Check a move: its path over the terrain, the figure's allowance, team cohesion and the
/// conditions of a charge. Returns the share of the move used.
pub fn check_move(
    field: &Battlefield,
    state: &OmogState,
    id: FigureId,
    path: &[TablePoint],
    charge: bool,
) -> Result<f64, Refused> {
    if !matches!(state.phase, Phase::Move(_)) {
        return refuse("Figures move only in their side's move phase.");
    }
    let f = own_figure(state, id)?;
    if f.moved {
        return refuse(format!("The {} has moved this turn already.", name(f)));
    }
    if path.len() < 2 || distance(path[0], f.pos) > 0.01 {
        return refuse("A move starts where the figure stands.");
    }
    let end = *path.last().expect("two points");
    // The cheap checks first: the bots probe many moves that fail them.
    // Cohesion: soldiers end within a HALF move of a living team mate; a lone survivor holds or
    // closes on his side.
    if f.role != Role::Officer {
        let mates: Vec<&Figure> = state
            .team_members(f.team)
            .filter(|m| m.id != f.id)
            .collect();
        if mates.is_empty() {
            let nearest = |p: TablePoint| {
                state
                    .living(f.side)
                    .filter(|o| o.id != f.id)
                    .map(|o| distance(o.pos, p))
                    .fold(f64::INFINITY, f64::min)
            };
            if nearest(end) > nearest(f.pos) + 1e-9 {
                return refuse(format!(
                    "The {} is the last of his team: he may only hold or close on his comrades.",
                    name(f)
                ));
            }
        } else if !mates
            .iter()
            .any(|m| distance(m.pos, end) <= stick::half() + 1e-9)
        {
            return refuse(format!(
                "The {} must stay within a HALF move (3″) of his team.",
                name(f)
            ));
        }
    }
    if charge {
        if f.charge_used {
            return refuse(format!("The {} has charged once already.", name(f)));
        }
        let Some(target) = enemy_in_contact(state, f.side, end) else {
            return refuse("A charge must end in contact with an enemy.");
        };
        if f.mount == Mount::Foot && !f.weapon.bayonet() {
            return refuse("Only riflemen with bayonets make a bayonet charge.");
        }
        if !super::tables::charge_distance_ok(f.mount, distance(f.pos, target.pos)) {
            return refuse(match f.mount {
                Mount::Horse => "Cavalry charge only at an enemy more than a PART move (4″) away.",
                Mount::Foot => "A bayonet charge needs at least a SHORT move (2″) to run.",
            });
        }
    }
    let survey = field
        .survey(path)
        .map_err(|e| Refused(format!("The {} cannot go that way: {e}.", name(f))))?;
    if field.area_kinds_at(end).contains(&AreaKind::Water) {
        return refuse(format!("The {} cannot stand in water.", name(f)));
    }
    let used = move_fraction(f.mount, &survey);
    if used > 1.0 + 1e-9 {
        return refuse(format!(
            "Too far: that path takes {:.0}% of the {}'s move.",
            used * 100.0,
            name(f)
        ));
    }
    let team = state.team(f.team).expect("figure's team");
    if team.heavy.is_some() && f.role == Role::Gunner {
        let crew = state.team_members(f.team).count();
        if crew < 3 && distance(end, f.pos) > 0.01 {
            return refuse("Fewer than three men cannot move the gun, and its crew stays with it.");
        }
        if survey.crossed.iter().any(|(_, c)| *c == Crossed::Ford)
            || survey.legs.iter().any(|l| l.footing.swamp)
        {
            return refuse("A gun cannot be pushed through a ford or a swamp.");
        }
        let woods: f64 = survey
            .legs
            .iter()
            .filter(|l| l.footing.woods && !l.footing.road)
            .map(|l| l.len)
            .sum();
        if woods > stick::short() + 1e-9 {
            return refuse("A gun is pushed through woods at no more than a SHORT move (2″).");
        }
    }
    Ok(used)
}

/// A small-arms shot worked out: the range, the band's number, every modifier and the roll
/// needed. The engine rolls against exactly this, and the table screen shows it, so the number
/// a player is promised is the number the die is held to.
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
) -> Result<ShotOdds, Refused> {
    if target.side == shooter.side {
        return refuse("That is one of your own.");
    }
    if !target.alive {
        return refuse(format!("The {} is already down.", name(target)));
    }
    let range = distance(shooter.pos, target.pos);
    if range > shooter.weapon.max_range() + 1e-9 {
        return refuse(format!(
            "Out of range: {:.1}″ for a {:?} that reaches {:.0}″.",
            range / 25.4,
            shooter.weapon,
            shooter.weapon.max_range() / 25.4
        ));
    }
    match field.sight(shooter.pos, target.pos) {
        Sight::Blocked { by, .. } => {
            return refuse(format!(
                "The {} cannot see the {}: {} in the way.",
                name(shooter),
                name(target),
                match by {
                    AreaKind::House => "a house",
                    AreaKind::Woods => "woods",
                    AreaKind::Hill => "a hill",
                    AreaKind::Water | AreaKind::Swamp => "terrain",
                }
            ))
        }
        Sight::Clear { woods_depth_mm } => {
            let shooter_in_woods = field.area_kinds_at(shooter.pos).contains(&AreaKind::Woods);
            if !shooter_in_woods && woods_depth_mm > woods_sight_depth() + 1e-9 {
                return refuse(format!(
                    "The {} is more than 2″ inside the woods: hidden from fire from outside.",
                    name(target)
                ));
            }
        }
    }
    let mut mods = Vec::new();
    if let Some(c) = field.cover(target.pos, shooter.pos) {
        mods.extend(ShotModifier::for_cover(c));
    }
    let high = |p| field.area_kinds_at(p).contains(&AreaKind::Hill);
    if high(shooter.pos) && !high(target.pos) {
        mods.push(ShotModifier::ShooterHigh);
    }
    if shooter.mount == Mount::Horse && shooter.moved {
        mods.push(ShotModifier::ShooterMovedOnHorse);
    }
    let bands = shooter.weapon.bands();
    let band = bands
        .iter()
        .position(|(max, _)| range <= *max + 1e-9)
        .expect("within the longest band");
    match to_hit(shooter.weapon, range, &mods) {
        Some(need) => Ok(ShotOdds {
            range,
            band,
            band_need: bands[band].1,
            modifiers: mods,
            need,
        }),
        None => refuse(format!(
            "The {} cannot hit the {} from there: {}.",
            name(shooter),
            name(target),
            mods.iter()
                .map(|m| m.label())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The modifiers and roll needed for a small-arms shot, or why it cannot be taken.
pub fn shot(
    field: &Battlefield,
    shooter: &Figure,
    target: &Figure,
) -> Result<(u8, Vec<ShotModifier>), Refused> {
    shot_odds(field, shooter, target).map(|o| (o.need, o.modifiers))
}

fn check_shooter(state: &OmogState, id: FigureId) -> Result<&Figure, Refused> {
    if !matches!(state.phase, Phase::Fire(_)) {
        return refuse("Shooting happens in the fire phase.");
    }
    let f = own_figure(state, id)?;
    if f.fired {
        return refuse(format!("The {} has fired this turn.", name(f)));
    }
    if f.charging {
        return refuse(format!(
            "The {} charged this turn and cannot shoot.",
            name(f)
        ));
    }
    Ok(f)
}

/// The gun of a team that may fire now, with its living crew count.
fn check_gun(
    state: &OmogState,
    team: TeamId,
    kind: HeavyKind,
) -> Result<(&super::state::Heavy, usize), Refused> {
    if !matches!(state.phase, Phase::Fire(_)) {
        return refuse("Guns fire in the fire phase.");
    }
    let Some(t) = state.team(team) else {
        return refuse(format!("There is no team #{}.", team.0));
    };
    if Some(t.side) != actor(state) {
        return refuse("That gun is not yours to fire now.");
    }
    let Some(h) = t.heavy.as_ref().filter(|h| h.kind == kind) else {
        return refuse(match kind {
            HeavyKind::Fieldpiece => "That team has no fieldpiece.",
            HeavyKind::Gatling => "That team has no Gatling.",
        });
    };
    if h.fired_in == Some(state.turn) {
        return refuse("That gun has fired this turn.");
    }
    if !h.ready(state.turn) {
        return refuse("The gun must stand a whole turn to be set up before it fires.");
    }
    let crew = state
        .team_members(team)
        .filter(|f| f.role == Role::Gunner && !f.fired)
        .count();
    let needed = match kind {
        HeavyKind::Fieldpiece => 2,
        HeavyKind::Gatling => gatling::GUNNERS as usize,
    };
    if crew < needed {
        return refuse(format!(
            "The gun needs {needed} trained gunners free to fire it."
        ));
    }
    if kind == HeavyKind::Fieldpiece && crew == 2 && h.fired_in.is_some_and(|t| t + 1 == state.turn)
    {
        return refuse("A two-man crew fires only every other turn.");
    }
    Ok((h, crew))
}

/// A small-arms shot's breakdown, or why it cannot be taken now: the shooter's readiness, then
/// range, sight and cover. `execute` rolls against exactly this.
pub fn shoot_odds(
    field: &Battlefield,
    state: &OmogState,
    figure: FigureId,
    target: FigureId,
) -> Result<ShotOdds, Refused> {
    let f = check_shooter(state, figure)?;
    if f.role == Role::Gunner
        && state
            .team(f.team)
            .and_then(|t| t.heavy.as_ref())
            .is_some_and(|h| h.fired_in == Some(state.turn))
    {
        return refuse("Gunners serving the gun this turn cannot shoot.");
    }
    let Some(t) = state.figure(target) else {
        return refuse(format!("There is no figure #{}.", target.0));
    };
    shot_odds(field, f, t)
}

/// Check any command.
pub fn check(field: &Battlefield, state: &OmogState, cmd: &OmogCommand) -> Result<(), Refused> {
    if state.phase == Phase::Over {
        return refuse("The battle is over.");
    }
    match cmd {
        OmogCommand::Move {
            figure,
            path,
            charge,
        } => check_move(field, state, *figure, path, *charge).map(|_| ()),
        OmogCommand::Hold { figure } => {
            let f = own_figure(state, *figure)?;
            match state.phase {
                Phase::Move(_) if f.moved => {
                    refuse(format!("The {} has moved this turn already.", name(f)))
                }
                Phase::Fire(_) if f.fired => {
                    refuse(format!("The {} has fired this turn.", name(f)))
                }
                _ => Ok(()),
            }
        }
        OmogCommand::EndMove => match state.phase {
            Phase::Move(_) => Ok(()),
            _ => refuse("It is not a move phase."),
        },
        OmogCommand::EndFire => match state.phase {
            Phase::Fire(_) => Ok(()),
            _ => refuse("It is not a fire phase."),
        },
        OmogCommand::Shoot { figure, target } => {
            shoot_odds(field, state, *figure, *target).map(|_| ())
        }
        OmogCommand::FireGun { team, at } => {
            let (h, _) = check_gun(state, *team, HeavyKind::Fieldpiece)?;
            let range = distance(h.pos, *at);
            if !field.spec.contains(*at) {
                return refuse("Aim at a point on the table.");
            }
            if !field.sight(h.pos, *at).is_clear() {
                return refuse("The gunner must see the point he fires at.");
            }
            if range < fieldpiece::min_shell_range() {
                if h.canister == 0 {
                    return refuse("Under 6″ the gun fires only canister, and none is left.");
                }
            } else if range > fieldpiece::max_range() + 1e-9 {
                return refuse("Beyond the fieldpiece's 24″ range.");
            } else if h.shells == 0 {
                return refuse("No shells left.");
            }
            Ok(())
        }
        OmogCommand::FireGatling { team, at } => {
            let (h, _) = check_gun(state, *team, HeavyKind::Gatling)?;
            if h.bursts == 0 {
                return refuse("The Gatling has fired all its bursts.");
            }
            if distance(h.pos, *at) < 1.0 {
                return refuse("Aim the Gatling at a point away from its muzzle.");
            }
            Ok(())
        }
    }
}

/// Check, roll, apply.
pub fn execute(
    field: &Battlefield,
    state: &mut OmogState,
    cmd: &OmogCommand,
) -> Result<Vec<OmogEvent>, Refused> {
    // Moves and shots are checked by the same functions that measure them, so nothing is
    // surveyed or sighted twice.
    let (used, aimed) = match cmd {
        _ if state.phase == Phase::Over => return refuse("The battle is over."),
        OmogCommand::Move {
            figure,
            path,
            charge,
        } => (check_move(field, state, *figure, path, *charge)?, None),
        OmogCommand::Shoot { figure, target } => {
            (0.0, Some(shoot_odds(field, state, *figure, *target)?))
        }
        _ => {
            check(field, state, cmd)?;
            (0.0, None)
        }
    };
    let mut ev = Vec::new();
    match cmd {
        OmogCommand::Move {
            figure,
            path,
            charge,
        } => {
            let to = *path.last().expect("checked");
            let f = &mut state.figures[figure.0 as usize];
            f.pos = to;
            f.moved = true;
            if *charge {
                f.charging = true;
                f.charge_used = true;
            }
            let team = f.team;
            let role = f.role;
            ev.push(OmogEvent::Moved {
                figure: *figure,
                to,
                used,
                charge: *charge,
            });
            // The crew takes its gun along; it must set up again.
            if role == Role::Gunner {
                if let Some(h) = state.teams[team.0 as usize].heavy.as_mut() {
                    if distance(h.pos, to) > stick::short() {
                        h.pos = step(to, compass_bearing(to, h.pos), inches_one());
                        h.set_up_in = Some(state.turn);
                        ev.push(OmogEvent::GunMoved { team, to: h.pos });
                    }
                }
            }
        }
        OmogCommand::Hold { figure } => {
            let f = &mut state.figures[figure.0 as usize];
            match state.phase {
                Phase::Move(_) => f.moved = true,
                _ => f.fired = true,
            }
        }
        OmogCommand::EndMove => {
            let Phase::Move(side) = state.phase else {
                unreachable!("checked")
            };
            let next = if side == state.first {
                Phase::Move(side.other())
            } else {
                Phase::Fire(state.first)
            };
            begin(state, next, &mut ev);
        }
        OmogCommand::Shoot { figure, target } => {
            let ShotOdds {
                need, modifiers, ..
            } = aimed.expect("checked above");
            let roll = d6(&mut state.rng);
            let hit = roll >= need;
            state.figures[figure.0 as usize].fired = true;
            ev.push(OmogEvent::Shot {
                figure: *figure,
                target: *target,
                need,
                modifiers,
                roll,
                hit,
            });
            if hit {
                mark_hit(state, *target, &mut ev);
            }
        }
        OmogCommand::FireGun { team, at } => fire_gun(field, state, *team, *at, &mut ev),
        OmogCommand::FireGatling { team, at } => fire_gatling(field, state, *team, *at, &mut ev),
        OmogCommand::EndFire => {
            let Phase::Fire(side) = state.phase else {
                unreachable!("checked")
            };
            if side == state.first {
                begin(state, Phase::Fire(side.other()), &mut ev);
            } else {
                end_of_turn(field, state, &mut ev);
            }
        }
    }
    Ok(ev)
}

fn inches_one() -> f64 {
    crate::tactical::table::inches(1.0)
}

fn begin(state: &mut OmogState, phase: Phase, ev: &mut Vec<OmogEvent>) {
    state.phase = phase;
    ev.push(OmogEvent::PhaseBegan {
        turn: state.turn,
        phase,
    });
}

fn mark_hit(state: &mut OmogState, id: FigureId, ev: &mut Vec<OmogEvent>) {
    if !state.pending_hits.contains(&id) {
        state.pending_hits.push(id);
        ev.push(OmogEvent::Hit { figure: id });
    }
}

fn crew_fires(state: &mut OmogState, team: TeamId) {
    let turn = state.turn;
    for f in state
        .figures
        .iter_mut()
        .filter(|f| f.alive && f.team == team && f.role == Role::Gunner)
    {
        f.fired = true;
    }
    if let Some(h) = state.teams[team.0 as usize].heavy.as_mut() {
        h.fired_in = Some(turn);
    }
}

/// Everyone under the template rolls for cover against the impact point, or is hit.
fn template_hits(
    field: &Battlefield,
    state: &mut OmogState,
    template: &Template,
    candidates: Vec<FigureId>,
    ev: &mut Vec<OmogEvent>,
) {
    let impact = template.impact_point();
    for id in candidates {
        let pos = state.figures[id.0 as usize].pos;
        match field.cover(pos, impact).and_then(cover_save) {
            Some(need) => {
                let roll = d6(&mut state.rng);
                let saved = roll >= need;
                ev.push(OmogEvent::CoverSave {
                    figure: id,
                    need,
                    roll,
                    saved,
                });
                if !saved {
                    mark_hit(state, id, ev);
                }
            }
            None => mark_hit(state, id, ev),
        }
    }
}

fn fire_gun(
    field: &Battlefield,
    state: &mut OmogState,
    team: TeamId,
    at: TablePoint,
    ev: &mut Vec<OmogEvent>,
) {
    let h = state.teams[team.0 as usize]
        .heavy
        .clone()
        .expect("checked gun");
    let range = distance(h.pos, at);
    let bearing = compass_bearing(h.pos, at);
    crew_fires(state, team);
    let roll = d6(&mut state.rng);
    let template = if range < fieldpiece::min_shell_range() {
        state.teams[team.0 as usize]
            .heavy
            .as_mut()
            .expect("gun")
            .canister -= 1;
        let (len, base) = fieldpiece::grape_cone();
        // Canister does not deviate.
        Some(Template::Cone {
            tip: h.pos,
            bearing,
            length: len,
            base,
        })
    } else {
        state.teams[team.0 as usize]
            .heavy
            .as_mut()
            .expect("gun")
            .shells -= 1;
        let landed = match fieldpiece::fall(roll) {
            fieldpiece::Fall::Dud => None,
            fieldpiece::Fall::Left(d) => Some(step(at, bearing - 90.0, d)),
            fieldpiece::Fall::Right(d) => Some(step(at, bearing + 90.0, d)),
            fieldpiece::Fall::Over(d) => Some(step(at, bearing, d)),
            fieldpiece::Fall::OnTarget => Some(at),
        };
        landed.map(|c| Template::Disc {
            centre: c,
            diameter: fieldpiece::burst_diameter(),
        })
    };
    ev.push(OmogEvent::HeavyFired {
        team,
        kind: HeavyKind::Fieldpiece,
        roll,
        template,
    });
    if let Some(t) = template {
        // A shell hits whoever is under it, friend or foe; canister spares the gun's own team.
        let victims: Vec<FigureId> = state
            .figures
            .iter()
            .filter(|f| f.alive && t.covers(f.pos))
            .filter(|f| matches!(t, Template::Disc { .. }) || f.team != team)
            .map(|f| f.id)
            .collect();
        template_hits(field, state, &t, victims, ev);
    }
}

fn fire_gatling(
    field: &Battlefield,
    state: &mut OmogState,
    team: TeamId,
    at: TablePoint,
    ev: &mut Vec<OmogEvent>,
) {
    let side = state.teams[team.0 as usize].side;
    let h = state.teams[team.0 as usize]
        .heavy
        .clone()
        .expect("checked gun");
    crew_fires(state, team);
    state.teams[team.0 as usize]
        .heavy
        .as_mut()
        .expect("gun")
        .bursts -= 1;
    let roll = d6(&mut state.rng);
    let (len, width) = gatling::diamond();
    let t = Template::aimed_diamond(h.pos, at, len, width);
    let Some(n) = gatling::hits(roll) else {
        ev.push(OmogEvent::HeavyFired {
            team,
            kind: HeavyKind::Gatling,
            roll,
            template: None,
        });
        return;
    };
    ev.push(OmogEvent::HeavyFired {
        team,
        kind: HeavyKind::Gatling,
        roll,
        template: Some(t),
    });
    // Only enemies the gunner can see are targets, nearest first.
    let enemies: Vec<&Figure> = state
        .living(side.other())
        .filter(|f| field.sight(h.pos, f.pos).is_clear())
        .collect();
    let pts: Vec<TablePoint> = enemies.iter().map(|f| f.pos).collect();
    let ids: Vec<FigureId> = enemies.iter().map(|f| f.id).collect();
    let victims: Vec<FigureId> = t
        .hits_in_order(&pts)
        .into_iter()
        .take(n as usize)
        .map(|i| ids[i])
        .collect();
    template_hits(field, state, &t, victims, ev);
}

fn take_down(state: &mut OmogState, id: FigureId, ev: &mut Vec<OmogEvent>) {
    let f = &mut state.figures[id.0 as usize];
    if f.alive {
        f.alive = false;
        let side = f.side;
        state.losses[OmogState::side_index(side)] += 1;
        ev.push(OmogEvent::Down { figure: id });
    }
}

fn melee_bonus(field: &Battlefield, me: &Figure, foe: &Figure) -> i8 {
    let mut mods = Vec::new();
    if me.mount == Mount::Horse && foe.mount == Mount::Foot {
        mods.push(MeleeModifier::CavalryVsFoot);
    }
    let kinds = field.area_kinds_at(me.pos);
    let sheltered = kinds.contains(&AreaKind::House) || kinds.contains(&AreaKind::Woods);
    if me.mount == Mount::Foot && me.weapon == Weapon::Rifle && !sheltered {
        mods.push(MeleeModifier::Bayonet);
        if me.charging {
            mods.push(MeleeModifier::BayonetCharge);
        }
    }
    mods.iter().map(|m| m.value()).sum()
}

/// Hand to hand: every figure in contact with enemies fights, the lone man of each fight
/// against up to three opponents, in figure order.
fn melee(field: &Battlefield, state: &mut OmogState, ev: &mut Vec<OmogEvent>) {
    let mut fought: Vec<FigureId> = Vec::new();
    let ids: Vec<FigureId> = state
        .figures
        .iter()
        .filter(|f| f.alive)
        .map(|f| f.id)
        .collect();
    for id in ids {
        let me = state.figures[id.0 as usize].clone();
        if !me.alive || fought.contains(&id) {
            continue;
        }
        let mut foes: Vec<Figure> = state
            .living(me.side.other())
            .filter(|e| !fought.contains(&e.id) && distance(e.pos, me.pos) <= contact() + 1e-9)
            .cloned()
            .collect();
        if foes.is_empty() {
            continue;
        }
        foes.sort_by(|a, b| {
            distance(a.pos, me.pos)
                .total_cmp(&distance(b.pos, me.pos))
                .then(a.id.cmp(&b.id))
        });
        foes.truncate(3);
        fought.push(id);
        fought.extend(foes.iter().map(|f| f.id));
        let lone_total = d6(&mut state.rng) as i8 + melee_bonus(field, &me, &foes[0]);
        let mut opponents = Vec::new();
        let mut fallen = Vec::new();
        let mut lone_down = false;
        let n = foes.len();
        for (k, foe) in foes.iter().enumerate() {
            if lone_down {
                break;
            }
            if n == 3 && k == 2 {
                // The rule of three: the third removes him if he still stands.
                opponents.push((foe.id, None));
                fallen.push(id);
                break;
            }
            let numbers = match (n, k) {
                (2, _) => MeleeModifier::TwoToOne.value(),
                (3, 0) => MeleeModifier::FirstOfThree.value(),
                (3, 1) => MeleeModifier::SecondOfThree.value(),
                _ => 0,
            };
            let total = d6(&mut state.rng) as i8 + melee_bonus(field, foe, &me) + numbers;
            opponents.push((foe.id, Some(total)));
            if total > lone_total {
                lone_down = true;
                fallen.push(id);
            } else if total < lone_total {
                fallen.push(foe.id);
            }
        }
        ev.push(OmogEvent::Melee {
            lone: id,
            lone_total,
            opponents,
            fallen: fallen.clone(),
        });
        for f in fallen {
            take_down(state, f, ev);
        }
    }
}

fn end_of_turn(field: &Battlefield, state: &mut OmogState, ev: &mut Vec<OmogEvent>) {
    // Simultaneous fire: the hit fall only now.
    for id in std::mem::take(&mut state.pending_hits) {
        take_down(state, id, ev);
    }
    melee(field, state, ev);
    // The objective.
    let near = |side: Side| {
        state
            .living(side)
            .any(|f| distance(f.pos, field.objective) <= objective_radius() + 1e-9)
    };
    let holder = match (near(Side::Attacker), near(Side::Defender)) {
        (true, false) => Some(Side::Attacker),
        (false, true) => Some(Side::Defender),
        _ => None,
    };
    state.holder = match (holder, state.holder) {
        (Some(s), Some((prev, n))) if s == prev => Some((s, n + 1)),
        (Some(s), _) => Some((s, 1)),
        (None, _) => None,
    };
    if let Some((side, turns)) = state.holder {
        ev.push(OmogEvent::ObjectiveHeld { side, turns });
    }
    // Only taking the objective wins by holding it: the defender starts on it, and wins by
    // keeping the attacker off it until the time limit or by wiping the attack out.
    let taken = matches!(state.holder, Some((Side::Attacker, n)) if n >= HOLD_TURNS);
    let alive = |side: Side| state.living(side).count();
    let win = |side: Side| match side {
        Side::Attacker => BattleOutcome::AttackerWins,
        Side::Defender => BattleOutcome::DefenderWins,
    };
    let outcome = match (alive(Side::Attacker), alive(Side::Defender)) {
        (0, 0) => Some(BattleOutcome::StandOff),
        (0, _) => Some(BattleOutcome::DefenderWins),
        (_, 0) => Some(BattleOutcome::AttackerWins),
        _ if taken => Some(win(Side::Attacker)),
        _ => match state.turn >= TURN_LIMIT {
            true => {
                // Wipe-out scoring at the time limit: who made the enemy lose more men.
                let [atk_lost, def_lost] = state.losses;
                Some(match def_lost.cmp(&atk_lost) {
                    std::cmp::Ordering::Greater => BattleOutcome::AttackerWins,
                    std::cmp::Ordering::Less => BattleOutcome::DefenderWins,
                    std::cmp::Ordering::Equal => BattleOutcome::StandOff,
                })
            }
            false => None,
        },
    };
    if let Some(outcome) = outcome {
        state.outcome = Some(outcome);
        state.phase = Phase::Over;
        ev.push(OmogEvent::BattleOver { outcome });
        return;
    }
    state.turn += 1;
    state.first = state.first.other();
    for f in state.figures.iter_mut() {
        f.moved = false;
        f.fired = false;
        f.charging = false;
    }
    let first = state.first;
    begin(state, Phase::Move(first), ev);
}

/// Living figures that could be hit by direct fire from `shooter` now, with the roll needed,
/// easiest first.
pub fn targets(field: &Battlefield, state: &OmogState, shooter: &Figure) -> Vec<(FigureId, u8)> {
    let mut v: Vec<(FigureId, u8)> = state
        .living(shooter.side.other())
        .filter(|t| distance(t.pos, shooter.pos) <= shooter.weapon.max_range() + 1e-9)
        .filter_map(|t| shot(field, shooter, t).ok().map(|(n, _)| (t.id, n)))
        .collect();
    v.sort_by_key(|&(id, need)| (need, id));
    v
}

#[cfg(test)]
mod tests {
    use geo::{LineString, Polygon};

    use super::*;
    use crate::tactical::battlefield::{Area, Line, LineKind, WallKind};
    use crate::tactical::force::{Arm, Element, Force, Forces};
    use crate::tactical::omog19c::state::{deploy, FigureId};
    use crate::tactical::table::{inches, Edge, TableSpec};

    fn square(x: f64, y: f64, side: f64) -> Polygon<f64> {
        let i = inches;
        Polygon::new(
            LineString::from(vec![
                (i(x), i(y)),
                (i(x + side), i(y)),
                (i(x + side), i(y + side)),
                (i(x), i(y + side)),
                (i(x), i(y)),
            ]),
            vec![],
        )
    }

    /// A 48″ table with a house 2″ square at (30″, 30″), a hill round (10″, 10″), and a
    /// chest-high wall along y = 40″ from x = 5″ to 15″.
    fn field() -> Battlefield {
        let areas = vec![
            Area {
                kind: AreaKind::House,
                shape: square(30.0, 30.0, 2.0),
                top: [inches(31.0), inches(31.0)],
                osm_id: 1,
            },
            Area {
                kind: AreaKind::Hill,
                shape: square(6.0, 6.0, 8.0),
                top: [inches(10.0), inches(10.0)],
                osm_id: 2,
            },
        ];
        let lines = vec![Line {
            kind: LineKind::Wall(WallKind::Stone),
            line: LineString::from(vec![
                (inches(5.0), inches(40.0)),
                (inches(15.0), inches(40.0)),
            ]),
            osm_id: 3,
        }];
        Battlefield::from_parts(TableSpec::OMOG, "Testham", Edge::South, areas, lines, &[])
    }

    /// Two lone figures: an attacker (0) and a defender (1), in the attacker's fire phase.
    fn duel(f: &Battlefield, shooter: (Mount, Weapon, [f64; 2]), target: [f64; 2]) -> OmogState {
        let force = Force {
            elements: vec![Element::new(Arm::Foot)],
        };
        let mut s = deploy(
            f,
            &Forces {
                attacker: force.clone(),
                defender: force,
            },
            5,
        );
        let a = s
            .figures
            .iter()
            .position(|x| x.side == Side::Attacker)
            .unwrap();
        let d = s
            .figures
            .iter()
            .position(|x| x.side == Side::Defender)
            .unwrap();
        let mut fa = s.figures[a].clone();
        let mut fd = s.figures[d].clone();
        (fa.mount, fa.weapon, fa.pos) = (
            shooter.0,
            shooter.1,
            [inches(shooter.2[0]), inches(shooter.2[1])],
        );
        fd.pos = [inches(target[0]), inches(target[1])];
        (fa.id, fd.id) = (FigureId(0), FigureId(1));
        s.figures = vec![fa, fd];
        s.phase = Phase::Fire(Side::Attacker);
        s
    }

    fn odds(f: &Battlefield, s: &OmogState) -> Result<ShotOdds, Refused> {
        shoot_odds(f, s, FigureId(0), FigureId(1))
    }

    #[test]
    fn the_breakdown_names_the_band_and_each_modifier() {
        let f = field();
        // Open ground, 10″: a rifle's medium band, 4+, nothing else.
        let s = duel(&f, (Mount::Foot, Weapon::Rifle, [20.0, 10.0]), [20.0, 20.0]);
        let o = odds(&f, &s).unwrap();
        assert_eq!((o.band, o.band_need, o.need), (1, 4, 4));
        assert!(o.modifiers.is_empty());
        assert!((o.range - inches(10.0)).abs() < 1e-9);
        // In the house from 10″ south: −2 makes it 6.
        let s = duel(&f, (Mount::Foot, Weapon::Rifle, [31.0, 21.0]), [31.0, 31.0]);
        let o = odds(&f, &s).unwrap();
        assert_eq!(o.modifiers, vec![ShotModifier::TargetInHouse]);
        assert_eq!((o.band_need, o.need), (4, 6));
        // From the hill at a man below, short range: 3 − 1 = 2.
        let s = duel(&f, (Mount::Foot, Weapon::Rifle, [10.0, 10.0]), [10.0, 15.5]);
        let o = odds(&f, &s).unwrap();
        assert_eq!(o.modifiers, vec![ShotModifier::ShooterHigh]);
        assert_eq!((o.band, o.band_need, o.need), (0, 3, 2));
        // Behind the chest-high wall, seen from the south, with a carbine from a horse that
        // moved, long band: 5 + 2 + 1 = 8 cannot hit, and the refusal names both.
        let mut s = duel(
            &f,
            (Mount::Horse, Weapon::Carbine, [10.0, 30.0]),
            [10.0, 40.5],
        );
        s.figures[0].moved = true;
        let err = odds(&f, &s).unwrap_err().0;
        assert!(
            err.contains(ShotModifier::TargetBehindHighWall.label()),
            "{err}"
        );
        assert!(
            err.contains(ShotModifier::ShooterMovedOnHorse.label()),
            "{err}"
        );
        // The same wall from 3″: short band, 3 + 2 + 1 = 6.
        let mut s = duel(
            &f,
            (Mount::Horse, Weapon::Carbine, [10.0, 37.5]),
            [10.0, 40.5],
        );
        s.figures[0].moved = true;
        let o = odds(&f, &s).unwrap();
        assert_eq!(
            o.modifiers,
            vec![
                ShotModifier::TargetBehindHighWall,
                ShotModifier::ShooterMovedOnHorse
            ]
        );
        assert_eq!((o.band, o.band_need, o.need), (0, 3, 6));
    }

    #[test]
    fn the_breakdown_is_what_the_die_is_held_to() {
        let f = field();
        let s = duel(&f, (Mount::Foot, Weapon::Rifle, [31.0, 21.0]), [31.0, 31.0]);
        let o = odds(&f, &s).unwrap();
        let mut after = s.clone();
        let ev = execute(
            &f,
            &mut after,
            &OmogCommand::Shoot {
                figure: FigureId(0),
                target: FigureId(1),
            },
        )
        .unwrap();
        let OmogEvent::Shot {
            need,
            modifiers,
            roll,
            hit,
            ..
        } = &ev[0]
        else {
            panic!("{ev:?}")
        };
        assert_eq!((*need, modifiers), (o.need, &o.modifiers));
        assert_eq!(*hit, *roll >= o.need);
        // Once fired, the same shot is refused with the reason, not a breakdown.
        let err = odds(&f, &after).unwrap_err().0;
        assert!(err.contains("has fired this turn"), "{err}");
        // Out of the fire phase it is refused too; the geometry alone still has its odds.
        let mut moving = s.clone();
        moving.phase = Phase::Move(Side::Attacker);
        assert!(odds(&f, &moving).is_err());
        assert_eq!(shot_odds(&f, &moving.figures[0], &moving.figures[1]), Ok(o));
    }
}
