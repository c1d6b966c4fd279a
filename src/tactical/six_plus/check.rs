//! Whether a 6+ order is legal, and — since nothing is left to chance — exactly what a shot or a
//! charge will do: [`shot_preview`] and [`charge_preview`] are the numbers the table screen shows
//! before a player commits, and the very numbers [`super::execute`] applies.

use super::cards;
use super::command::SixCommand;
use super::geom::{gap, overlap, segment_crosses, turn, Face, Rect};
use super::ground::{self, along, Blocker};
use super::refusal::Refusal;
use super::state::{Formation, Kind, Phase, SixState, Unit, UnitId, CONTACT, HITS_TO_ELIMINATE};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::table::{compass_bearing, distance, step, Facing, TablePoint};

/// The road bonus: a move wholly on road goes half as far again.
pub const ROAD_BONUS: f64 = 1.5;
/// How far a charger rides before contact, at most, mm.
pub const CHARGE_REACH: f64 = 60.0;
/// A charger's one turn at the start, at most, degrees.
pub const CHARGE_TURN: f64 = 45.0;
/// Half the shooting arc of infantry and artillery, degrees.
pub const FIRE_ARC: f64 = 45.0;
/// Blocks closer than this count as in contact for a charge, mm.
const TOUCH: f64 = 1.0;
/// Overlaps smaller than this are rounding, not overlap, mm.
pub(super) const SLACK: f64 = 0.01;

/// What a shot will do.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ShotPreview {
    /// Hits it inflicts.
    pub hits: u32,
    /// Whether woods or a town halved them.
    pub cover: bool,
    /// The target's tally after it.
    pub tally: u32,
    /// Whether that destroys the target.
    pub destroys: bool,
}

/// What a charge will do.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ChargePreview {
    /// Where the charger's centre stands in contact.
    pub to: TablePoint,
    /// Its facing.
    pub facing: f64,
    /// The target's face it strikes.
    pub face: Face,
    /// The hits hand-to-hand will inflict (if nothing changes before it is fought).
    pub hits: u32,
    /// The target's tally after them.
    pub tally: u32,
    /// Whether that destroys the target (otherwise the charger falls back 6 cm).
    pub destroys: bool,
}

/// Whether `cmd` is legal now.
pub fn check(field: &Battlefield, state: &SixState, cmd: &SixCommand) -> Result<(), Refusal> {
    match cmd {
        SixCommand::Move { unit, to, facing } => {
            check_move(field, state, *unit, *to, *facing).map(|_| ())
        }
        SixCommand::Charge {
            unit,
            target,
            facing,
        } => charge_preview(field, state, *unit, *target, *facing).map(|_| ()),
        SixCommand::Reload { unit } => {
            let u = mover(state, *unit)?;
            if u.kind.fire().is_none() {
                return Err(Refusal::NoFire(u.label()));
            }
            if u.loaded {
                return Err(Refusal::Loaded(u.label()));
            }
            Ok(())
        }
        SixCommand::Form { unit, formation } => check_form(field, state, *unit, *formation),
        SixCommand::EndMove => phase(state, Phase::Move),
        SixCommand::Rally { general, unit } => rally(state, *general, *unit).map(|_| ()),
        SixCommand::Shoot { unit, target } => {
            shot_preview(field, state, *unit, *target).map(|_| ())
        }
        SixCommand::EndShooting => phase(state, Phase::Shoot),
    }
}

fn phase(state: &SixState, want: Phase) -> Result<(), Refusal> {
    match state.phase() {
        Phase::Over => Err(Refusal::Over),
        p if p == want => Ok(()),
        _ => Err(Refusal::WrongPhase(match want {
            Phase::Move => "movement",
            _ => "shooting",
        })),
    }
}

/// The actor's living block `id`.
fn own(state: &SixState, id: UnitId) -> Result<&Unit, Refusal> {
    let u = state.unit(id).filter(|u| u.alive).ok_or(Refusal::NoUnit)?;
    if u.side != state.actor() {
        return Err(Refusal::NotYours);
    }
    Ok(u)
}

/// The actor's block `id`, in the movement phase, not yet used.
fn mover(state: &SixState, id: UnitId) -> Result<&Unit, Refusal> {
    phase(state, Phase::Move)?;
    let u = own(state, id)?;
    if state.done(id).acted {
        return Err(Refusal::AlreadyActed(u.label()));
    }
    Ok(u)
}

/// Whether `u` may stand with footprint `r` at the end of a move: the ground and the others.
fn may_stand(field: &Battlefield, state: &SixState, u: &Unit, r: &Rect) -> Result<(), Refusal> {
    may_cross(field, u, r)?;
    if state.ground().town(r.at) && !matches!(u.kind, Kind::Infantry | Kind::Skirmishers) {
        return Err(Refusal::Ground {
            what: u.label(),
            why: "only infantry and skirmishers may end a move in a town",
        });
    }
    if let Some(o) = state
        .living()
        .find(|o| o.id != u.id && overlap(r, &o.rect(), SLACK))
    {
        return Err(Refusal::Overlap {
            what: u.label(),
            other: o.label(),
        });
    }
    Ok(())
}

/// Whether `u` may pass over the ground under footprint `r`.
fn may_cross(field: &Battlefield, u: &Unit, r: &Rect) -> Result<(), Refusal> {
    let under = ground::under(field, r);
    let why = if under.off {
        "that leaves the table"
    } else if under.wet {
        "marsh and water are impassable"
    } else if under.woods && u.kind != Kind::Skirmishers {
        "only skirmishers enter woods"
    } else {
        return Ok(());
    };
    Err(Refusal::Ground {
        what: u.label(),
        why,
    })
}

/// Whether `u` may pass another block at footprint `r`: skirmishers pass through and are
/// passed through; nobody else.
fn may_pass(state: &SixState, u: &Unit, r: &Rect, except: Option<UnitId>) -> Result<(), Refusal> {
    if u.kind == Kind::Skirmishers {
        return Ok(());
    }
    if let Some(o) = state.living().find(|o| {
        o.id != u.id
            && Some(o.id) != except
            && o.kind != Kind::Skirmishers
            && overlap(r, &o.rect(), SLACK)
    }) {
        return Err(Refusal::Through {
            what: u.label(),
            other: o.label(),
        });
    }
    Ok(())
}

/// How far `u` moves this turn off the road, mm: its type's allowance under its side's chance
/// card.
pub fn reach(state: &SixState, u: &Unit) -> f64 {
    cards::allowance(state, u.side, u.kind, u.kind.allowance())
}

/// The allowance for a move from `from` to `to`, and whether it earned the road bonus.
pub fn allowance(
    field: &Battlefield,
    state: &SixState,
    u: &Unit,
    from: TablePoint,
    to: TablePoint,
) -> (f64, bool) {
    let base = reach(state, u);
    let on_road = from != to && along(from, to).all(|p| ground::road(field, p));
    if on_road {
        (base * ROAD_BONUS, true)
    } else {
        (base, false)
    }
}

/// Check a move; whether it uses the road bonus.
pub fn check_move(
    field: &Battlefield,
    state: &SixState,
    id: UnitId,
    to: TablePoint,
    facing: f64,
) -> Result<bool, Refusal> {
    let u = mover(state, id)?;
    if u.formation == Formation::Square {
        return Err(Refusal::InSquare);
    }
    let (max, road) = allowance(field, state, u, u.at, to);
    let asked = distance(u.at, to);
    if asked > max + 1e-6 {
        return Err(Refusal::TooFar {
            what: u.label(),
            max,
            asked,
        });
    }
    if asked > 0.0 {
        let heading = compass_bearing(u.at, to);
        for p in along(u.at, to) {
            let r = u.rect_at(p, heading);
            may_cross(field, u, &r)?;
            may_pass(state, u, &r, None)?;
        }
        if ground::river_barrier(field, u.at, to).is_some() {
            return Err(Refusal::Ground {
                what: u.label(),
                why: "rivers are crossed only at bridges and fords",
            });
        }
    }
    may_stand(field, state, u, &u.rect_at(to, facing.rem_euclid(360.0)))?;
    Ok(road)
}

fn check_form(
    field: &Battlefield,
    state: &SixState,
    id: UnitId,
    formation: Formation,
) -> Result<(), Refusal> {
    let u = mover(state, id)?;
    let allowed = match (u.kind, formation) {
        (Kind::Infantry, Formation::Square) => state.options().square,
        (Kind::Infantry | Kind::Cavalry, Formation::Line | Formation::Column) => true,
        _ => false,
    };
    if !allowed || u.formation == formation {
        return Err(Refusal::BadFormation(u.label()));
    }
    let mut formed = u.clone();
    formed.formation = formation;
    may_stand(field, state, &formed, &formed.rect())
}

/// The hits a charge inflicts on `target` in hand-to-hand: six, halved on a hill, halved
/// against cavalry (fractions rounded up, for the attacker), doubled on the flank or rear.
pub fn melee_hits(field: &Battlefield, target: &Unit, flank_or_rear: bool) -> u32 {
    // In quarters, so that a half of a half rounds up exactly.
    let mut quarters: u32 = 6 * 4;
    if ground::hill(field, target.at).is_some() {
        quarters /= 2;
    }
    if target.kind == Kind::Cavalry {
        quarters /= 2;
    }
    if flank_or_rear {
        quarters *= 2;
    }
    quarters.div_ceil(4)
}

/// What a charge would do, or why it cannot be made.
pub fn charge_preview(
    field: &Battlefield,
    state: &SixState,
    id: UnitId,
    target: UnitId,
    facing: f64,
) -> Result<ChargePreview, Refusal> {
    let u = mover(state, id)?;
    if u.kind != Kind::Cavalry {
        return Err(Refusal::NotCavalry(u.label()));
    }
    let t = state
        .unit(target)
        .filter(|t| t.alive && t.side != u.side)
        .ok_or(Refusal::NoUnit)?;
    if state.charges().iter().any(|c| c.target == target) {
        return Err(Refusal::AlreadyCharged(t.label()));
    }
    if state.options().square && t.formation == Formation::Square {
        return Err(Refusal::Square);
    }
    if cards::no_charges(state, u.side) {
        return Err(Refusal::Card(super::cards::Card::BlownHorses.title()));
    }
    let facing = facing.rem_euclid(360.0);
    let turned = turn(u.facing, facing);
    if turned.abs() > CHARGE_TURN + 1e-9 {
        return Err(Refusal::ChargeTurn(turned.abs()));
    }
    let miss = || Refusal::ChargeMiss {
        what: u.label(),
        target: t.label(),
    };
    let tr = t.rect();
    if distance(u.at, t.at) > CHARGE_REACH + 2.0 * (super::state::FRONTAGE + 1.0) {
        return Err(miss());
    }
    let mut prev = u.at;
    let mut contact = None;
    for mm in 0..=CHARGE_REACH as u32 {
        let at = step(u.at, facing, f64::from(mm));
        let r = u.rect_at(at, facing);
        if overlap(&r, &tr, SLACK) {
            break;
        }
        may_cross(field, u, &r)?;
        may_pass(state, u, &r, Some(target))?;
        if ground::river_barrier(field, prev, at).is_some() {
            return Err(Refusal::Ground {
                what: u.label(),
                why: "rivers are crossed only at bridges and fords",
            });
        }
        prev = at;
        if gap(&r, &tr) <= TOUCH {
            contact = Some(r);
            break;
        }
    }
    let r = contact.ok_or_else(miss)?;
    if let Some(o) = state
        .living()
        .find(|o| o.id != u.id && overlap(&r, &o.rect(), SLACK))
    {
        return Err(Refusal::Overlap {
            what: u.label(),
            other: o.label(),
        });
    }
    if state.ground().town(r.at) {
        return Err(Refusal::ChargeIntoTown);
    }
    let face = tr.face_towards(r.front_centre());
    let hits = melee_hits(field, t, face != Face::Front) + cards::charge_bonus(state, u.side);
    let tally = t.hits + hits;
    Ok(ChargePreview {
        to: r.at,
        facing,
        face,
        hits,
        tally,
        destroys: tally >= HITS_TO_ELIMINATE,
    })
}

/// What `shooter` could do to `target` from where both stand, whatever the phase: arc, range,
/// sight, the blocks in between, and cover. The threat a bot weighs is this same answer.
pub fn shot_reach(
    field: &Battlefield,
    state: &SixState,
    shooter: &Unit,
    target: &Unit,
) -> Result<ShotPreview, Refusal> {
    let (range, potential) = shooter
        .kind
        .fire()
        .ok_or_else(|| Refusal::NoFire(shooter.label()))?;
    let (range, potential) = cards::fire(state, shooter.side, shooter.kind, range, potential);
    if shooter.formation == Formation::Square {
        return Err(Refusal::InSquare);
    }
    let all_round = shooter.kind == Kind::Skirmishers || state.ground().town(shooter.at);
    if !all_round && !Facing(shooter.facing).within_arc(shooter.at, target.at, FIRE_ARC) {
        return Err(Refusal::Arc(target.label()));
    }
    let (sr, tr) = (shooter.rect(), target.rect());
    let dist = gap(&sr, &tr);
    if dist > range + 1e-6 {
        return Err(Refusal::Range {
            target: target.label(),
            dist,
            range,
        });
    }
    if let Some(by) = ground::sight(field, state.ground(), &sr, &tr) {
        return Err(Refusal::Sight {
            target: target.label(),
            by,
        });
    }
    if shooter.kind != Kind::Artillery {
        if let Some(o) = state.living().find(|o| {
            o.id != shooter.id && o.id != target.id && segment_crosses(&o.rect(), sr.at, tr.at)
        }) {
            return Err(Refusal::Screened(o.label()));
        }
    }
    let cover = ground::in_woods(field, target.at) || state.ground().town(target.at);
    let hits = if cover { potential / 2 } else { potential };
    let tally = target.hits + hits;
    Ok(ShotPreview {
        hits,
        cover,
        tally,
        destroys: tally >= HITS_TO_ELIMINATE,
    })
}

/// What a shot would do now, or why it cannot be made.
pub fn shot_preview(
    field: &Battlefield,
    state: &SixState,
    id: UnitId,
    target: UnitId,
) -> Result<ShotPreview, Refusal> {
    phase(state, Phase::Shoot)?;
    let u = own(state, id)?;
    if u.kind.fire().is_none() {
        return Err(Refusal::NoFire(u.label()));
    }
    let done = state.done(id);
    if done.shot {
        return Err(Refusal::AlreadyShot(u.label()));
    }
    if done.moved && u.kind != Kind::Skirmishers {
        return Err(Refusal::Moved(u.label()));
    }
    if !u.loaded {
        return Err(Refusal::NotLoaded(u.label()));
    }
    let t = state
        .unit(target)
        .filter(|t| t.alive && t.side != u.side)
        .ok_or(Refusal::NoUnit)?;
    if state.engaged(target) {
        return Err(Refusal::Engaged(t.label()));
    }
    if t.hits >= HITS_TO_ELIMINATE {
        return Err(Refusal::Destroyed(t.label()));
    }
    shot_reach(field, state, u, t)
}

/// A rally: the hits it takes off.
pub fn rally(state: &SixState, general: UnitId, unit: UnitId) -> Result<u32, Refusal> {
    phase(state, Phase::Shoot)?;
    let g = own(state, general)?;
    if g.kind != Kind::General {
        return Err(Refusal::Rally("Only the General rallies."));
    }
    if state.done(general).rallied_other {
        return Err(Refusal::Rally("The General rallies one block a turn."));
    }
    let u = own(state, unit)?;
    if u.id != g.id && gap(&g.rect(), &u.rect()) > CONTACT {
        return Err(Refusal::Rally(
            "The General rallies himself or a block in base contact.",
        ));
    }
    if u.rallied {
        return Err(Refusal::Rally("A block is rallied only once in a battle."));
    }
    if u.hits == 0 {
        return Err(Refusal::Rally("That block has no hits to rally."));
    }
    Ok(u.hits.min(6))
}

/// What blocks `from`'s view of `to`, if anything (for the view's sight line).
pub fn sight_between(
    field: &Battlefield,
    state: &SixState,
    from: &Unit,
    to: &Unit,
) -> Option<Blocker> {
    ground::sight(field, state.ground(), &from.rect(), &to.rect())
}
