//! Checking OMOG Musket orders: pure, no dice. The table screen and the bots ask these for their
//! previews, and `execute` runs them before it rolls anything.

use serde::Serialize;

use super::command::MusketCommand;
use super::refusal::Refusal;
use super::state::{Figure, FigureId, MusketState, Phase};
use super::tables::{to_hit, Mount, ShotModifier};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::omog::orders::{self, How};
use crate::tactical::omog::seeing::{line_of_fire, shot_terms, Unseen};
use crate::tactical::omog::Refusal as Core;
use crate::tactical::ruleset::Side;
use crate::tactical::table::{distance, TablePoint};

/// The side the battle waits for.
pub fn actor(state: &MusketState) -> Option<Side> {
    state.clock().actor()
}

/// Check a move (the OMOG core's rules: ground, allowance, cohesion, charges). Returns the
/// share of the move used.
pub fn check_move(
    field: &Battlefield,
    state: &MusketState,
    id: FigureId,
    path: &[TablePoint],
    charge: bool,
) -> Result<f64, Refusal> {
    let how = if charge { How::Charge } else { How::Walk };
    check_move_as(field, state, id, path, how)
}

/// Check a move made `how` (a plain move, a charge, mounting or dismounting, climbing onto a
/// roof). Returns the share of the move used.
pub fn check_move_as(
    field: &Battlefield,
    state: &MusketState,
    id: FigureId,
    path: &[TablePoint],
    how: How,
) -> Result<f64, Refusal> {
    Ok(orders::check_move_as(field, state.roster(), state.clock(), id, path, how)?.used)
}

/// A shot worked out: the range, the band's number, every modifier and the roll needed. The
/// engine rolls against exactly this, and the table screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShotOdds {
    /// The range the shot is taken at, mm.
    pub range: f64,
    /// Whether that is half the distance to a man charging the shooter, measured from where
    /// the charge began.
    pub at_charger: bool,
    /// Which of the weapon's range bands that is (0: close).
    pub band: usize,
    /// The band's number before modifiers.
    pub band_need: u8,
    /// Every modifier that applies.
    pub modifiers: Vec<ShotModifier>,
    /// The lowest roll of a d6 that hits.
    pub need: u8,
}

fn unseen(shooter: &Figure, target: &Figure, u: Unseen) -> Core {
    match u {
        Unseen::DeepInWoods => Core::DeepInWoods(target.name()),
        u => Core::CannotSee {
            shooter: shooter.name(),
            target: target.name(),
            what: u.what(),
        },
    }
}

/// The breakdown of a shot from where the two stand, or why it cannot be taken: range (half the
/// distance at a man charging the shooter), sight both ways, cover. Whether the shooter may fire
/// now — his phase, his load — is [`shoot_odds`]'s business.
pub fn shot_odds(
    field: &Battlefield,
    state: &MusketState,
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
    let charge = state.charge_against(target.id(), shooter.id());
    let range = match charge {
        Some(c) => distance(shooter.pos(), c.from) / 2.0,
        None => distance(shooter.pos(), target.pos()),
    };
    let Some((band, band_need)) = weapon.band(range) else {
        return Err(Core::OutOfRange {
            range_in: range / 25.4,
            weapon: weapon.name(),
            reach_in: weapon.max_range() / 25.4,
        }
        .into());
    };
    line_of_fire(field, shooter.pos(), target.pos()).map_err(|u| unseen(shooter, target, u))?;
    // "You can only shoot at targets that can shoot at you": the line must be open both ways.
    if let Err(u) = line_of_fire(field, target.pos(), shooter.pos()) {
        return Err(Refusal::CannotFireBack {
            shooter: shooter.name(),
            target: target.name(),
            what: match u {
                Unseen::DeepInWoods => "the shooter is deep in woods",
                _ => "something stands between them",
            },
        });
    }
    let mut mods: Vec<ShotModifier> = shot_terms(field, shooter, target)
        .into_iter()
        .map(ShotModifier::of_term)
        .collect();
    if shooter.mount() == Mount::Horse && shooter.travelled() {
        mods.push(ShotModifier::ShooterRode);
    }
    match to_hit(weapon, range, &mods) {
        Some(need) => Ok(ShotOdds {
            range,
            at_charger: charge.is_some(),
            band,
            band_need,
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

/// A shot's breakdown, or why it cannot be taken now: the shooter's phase and load, then range,
/// sight and cover. `execute` rolls against exactly this.
pub fn shoot_odds(
    field: &Battlefield,
    state: &MusketState,
    figure: FigureId,
    target: FigureId,
) -> Result<ShotOdds, Refusal> {
    let f = orders::check_shooter(state.roster(), state.clock(), figure)?;
    if !state.loaded(figure) {
        return Err(Refusal::NotLoaded(f.name()));
    }
    let t = state.figure(target).ok_or(Core::NoFigure(target.0))?;
    shot_odds(field, state, f, t)
}

/// Living enemies `shooter` could hit from where he stands (loaded or not), with the roll
/// needed, easiest first.
pub fn targets(field: &Battlefield, state: &MusketState, shooter: &Figure) -> Vec<(FigureId, u8)> {
    let mut v: Vec<(FigureId, u8)> = state
        .living(shooter.side().other())
        .filter_map(|t| {
            shot_odds(field, state, shooter, t)
                .ok()
                .map(|o| (t.id(), o.need))
        })
        .collect();
    v.sort_by_key(|&(id, need)| (need, id));
    v
}

/// Check any order.
pub fn check(field: &Battlefield, state: &MusketState, cmd: &MusketCommand) -> Result<(), Refusal> {
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
        MusketCommand::Shoot { figure, target } => {
            shoot_odds(field, state, *figure, *target).map(|_| ())
        }
        _ => unreachable!("moves and plain orders are checked above"),
    }
}
