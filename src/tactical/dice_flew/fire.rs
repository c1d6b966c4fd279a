//! Who may shoot at whom, and with what: the 90° front arc, sight, range, the closest target,
//! the 3″ rule, fire points and dice, anti-tank dice against front or flank, and who is lost.
//! Pure reckoning on the position: `execute` rolls the dice and writes the events.

use super::event::Losses;
use super::state::DfState;
use super::tables::{afv_mg_points, dice_for, engaged, Weapon, SMALL_ARMS_AT_RANGE_IN, WEAPONS};
use super::unit::{Kind, Unit, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::sight::Sight;
use crate::tactical::table::{compass_bearing, distance, inches, step, TablePoint};

/// How deep into a wood a company can be seen and shot at: 4″.
pub fn woods_sight() -> f64 {
    inches(4.0)
}

/// Whether a unit at `a` sees one at `b`. A company is a body 3″ across, not a point: it sees
/// its target if the line between their centres is clear, or either line between the matching
/// flanks of their bases is (men at one end of the line look past the house that hides the
/// other end). Point-to-point sight left companies in a village blind to an enemy 6″ away.
pub fn sees(field: &Battlefield, a: TablePoint, b: TablePoint) -> bool {
    let clear = |p: TablePoint, q: TablePoint| match field.sight(p, q) {
        Sight::Clear { woods_depth_mm, .. } => woods_depth_mm <= woods_sight() + 1e-9,
        Sight::Blocked { .. } => false,
    };
    if clear(a, b) {
        return true;
    }
    let across = compass_bearing(a, b) + 90.0;
    let flank = super::unit::footprint() * 0.9;
    [flank, -flank].into_iter().any(|d| {
        let (p, q) = (step(a, across, d), step(b, across, d));
        field.spec.contains(p) && field.spec.contains(q) && clear(p, q)
    })
}

/// Edge-to-edge range between units whose centres are at `a` and `b`.
pub fn range(a: TablePoint, b: TablePoint) -> f64 {
    (distance(a, b) - 2.0 * super::unit::footprint()).max(0.0)
}

/// Why a unit cannot fire at all now, if it cannot.
pub fn may_fire(u: &Unit) -> Result<(), &'static str> {
    if !u.alive() {
        Err("it is gone")
    } else if u.pinned {
        Err("it is pinned")
    } else if u.busy {
        Err("it moved, bombarded or fought since its last turn")
    } else if u.staff() {
        Err("headquarters and observers do not fight by fire")
    } else {
        Ok(())
    }
}

/// The most a unit's weapons reach against a target of this kind (0: none).
pub fn reach(u: &Unit, armoured: bool) -> f64 {
    u.weapons()
        .map(|(w, _)| {
            if armoured {
                match w.anti_tank() {
                    Some((_, r)) => r,
                    None if w.points(0.0) > 0 => inches(SMALL_ARMS_AT_RANGE_IN),
                    None => 0.0,
                }
            } else if u.kind.armour().is_some() {
                w.range().max(inches(12.0))
            } else {
                w.range()
            }
        })
        .fold(0.0, f64::max)
}

/// The enemy closest to `shooter` among those in its front arc, in sight and in reach, with
/// `moving` (a unit and where it stands now) in place of that unit's own position.
pub fn closest_target(
    field: &Battlefield,
    state: &DfState,
    shooter: &Unit,
    moving: Option<(UnitId, TablePoint)>,
) -> Option<(UnitId, TablePoint)> {
    let mut near: Vec<(UnitId, TablePoint, f64)> = state
        .living(shooter.side.other())
        .map(|t| match moving {
            Some((id, at)) if id == t.id => (t, at),
            _ => (t, t.at),
        })
        .filter(|(t, at)| {
            shooter.facing.within_arc(shooter.at, *at, 45.0)
                && range(shooter.at, *at) <= reach(shooter, t.kind.armour().is_some()) + 1e-9
        })
        .map(|(t, at)| (t.id, at, distance(shooter.at, at)))
        .collect();
    near.sort_by(|a, b| a.2.total_cmp(&b.2).then(a.0.cmp(&b.0)));
    // Sight is the costly test: only as far as the first one seen.
    near.into_iter()
        .find(|(_, at, _)| sees(field, shooter.at, *at))
        .map(|(id, at, _)| (id, at))
}

/// Whether a target at `at` stands clear of the shooter's side: no one shoots at a unit within
/// 3″ of the shooter or of any unit friendly to it.
pub fn clear_of_friends(state: &DfState, shooter: &Unit, at: TablePoint) -> bool {
    state
        .living(shooter.side)
        .all(|f| range(f.at, at) > engaged() + 1e-9)
}

/// Why a company has no shot at a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NoShot {
    /// A rule bars the shot (the reason, as the player reads it).
    #[error("{0}")]
    Barred(&'static str),
    /// The shot is allowed but nothing the company has would roll a die: no fire points (or too
    /// few to make half a die) at that range, or nothing that scratches armour.
    #[error("its weapons would roll no dice against that target")]
    NoDice,
}

/// The dice `shooter` would roll at `target` standing at `at`: against soft targets a die per
/// 10 points (its patrols with it pooled in; snipers a die each), against armour one anti-tank
/// die per gun and per 5 points of small arms within 6″ (an open-topped target's mortar bombs
/// apart). The count `execute` rolls; 0 means there is no shot.
pub fn shot_dice(state: &DfState, shooter: &Unit, target: &Unit, at: TablePoint) -> u32 {
    let dist = range(shooter.at, at);
    if target.kind.armour().is_some() {
        let (direct, bombs) = split_mortars(shooter, target.open_topped);
        let n = anti_tank_dice(&direct, dist, false, false).len()
            + bombs.map_or(0, |b| anti_tank_dice(&b, dist, false, false).len());
        return n as u32;
    }
    let f = soft_fire(shooter, dist, false);
    let pooled = super::patrol::pooled_points(state, shooter, at);
    if pooled > 0 && shooter.kind != Kind::Snipers {
        dice_for(f.points + pooled, 10)
    } else {
        f.dice
    }
}

/// Whether `shooter` may fire at `target` standing at `at`: the dice it would roll, or why not.
pub fn may_fire_at(
    field: &Battlefield,
    state: &DfState,
    shooter: &Unit,
    target: UnitId,
    at: TablePoint,
) -> Result<u32, NoShot> {
    may_fire(shooter).map_err(NoShot::Barred)?;
    if state.with_company(shooter.id) == Some(true) {
        return Err(NoShot::Barred("a patrol near its company fires with it"));
    }
    if state.has_fired_at(shooter.id, target) {
        return Err(NoShot::Barred(
            "it has fired at that unit already this turn",
        ));
    }
    match closest_target(field, state, shooter, Some((target, at))) {
        Some((t, _)) if t == target => {}
        Some(_) => return Err(NoShot::Barred("a company must fire at its closest target")),
        None => {
            return Err(NoShot::Barred(
                "the target is not in its front arc, in sight and in range",
            ))
        }
    }
    if !clear_of_friends(state, shooter, at) {
        return Err(NoShot::Barred("the target is within 3″ of friends"));
    }
    let t = state
        .unit(target)
        .ok_or(NoShot::Barred("there is no such unit"))?;
    match shot_dice(state, shooter, t, at) {
        0 => Err(NoShot::NoDice),
        n => Ok(n),
    }
}

/// The enemy companies that may interrupt `mover`'s move where it now stands at `at`.
pub fn interrupters(
    field: &Battlefield,
    state: &DfState,
    mover: UnitId,
    at: TablePoint,
) -> Vec<UnitId> {
    let Some(m) = state.unit(mover) else {
        return Vec::new();
    };
    state
        .living(m.side.other())
        .filter(|s| !state.declined(s.id) && may_fire(s).is_ok())
        .filter(|s| {
            s.facing.within_arc(s.at, at, 45.0)
                && range(s.at, at) <= reach(s, m.kind.armour().is_some()) + 1e-9
        })
        .filter(|s| may_fire_at(field, state, s, mover, at).is_ok())
        .map(|s| s.id)
        .collect()
}

/// Direct fire against a soft target, before the dice.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SoftFire {
    /// Fire points.
    pub points: u32,
    /// Dice to roll.
    pub dice: u32,
    /// Within half the range of the longest weapon firing.
    pub within_half: bool,
    /// The target counts as in cover.
    pub cover: bool,
}

/// The fire `shooter` brings against a soft target `dist` away.
pub fn soft_fire(shooter: &Unit, dist: f64, cover: bool) -> SoftFire {
    let mut points = 0;
    let mut longest: f64 = 0.0;
    let vehicles = shooter.kind.armour().is_some();
    for (w, n) in shooter.weapons() {
        let p = w.points(dist);
        if p > 0 {
            points += p * n;
            longest = longest.max(w.range());
        }
        if vehicles && afv_mg_points(dist) > 0 {
            points += afv_mg_points(dist) * n;
            longest = longest.max(inches(12.0));
        }
    }
    // Snipers work alone: a die each, never pooled.
    let dice = if shooter.kind == Kind::Snipers {
        if points > 0 {
            shooter.strength()
        } else {
            0
        }
    } else {
        dice_for(points, 10)
    };
    SoftFire {
        points,
        dice,
        within_half: dist <= longest / 2.0 + 1e-9,
        cover,
    }
}

/// Anti-tank dice `shooter` rolls against armour `dist` away: each die's added value.
pub fn anti_tank_dice(shooter: &Unit, dist: f64, cover: bool, melee: bool) -> Vec<i32> {
    let mut out = Vec::new();
    let mut small_arms = 0;
    for (w, n) in shooter.weapons() {
        match w.anti_tank() {
            Some((att, r)) if melee || dist <= r + 1e-9 => {
                let m = att + (dist <= r / 2.0) as i32 - cover as i32;
                out.extend(std::iter::repeat_n(m, n as usize));
            }
            Some(_) => {}
            None => {
                // Within 6″ every small arm counts its points, a mortar too (its 6″ minimum
                // is for bombing soft targets, not for its crews' fire at a vehicle).
                if melee || dist <= inches(SMALL_ARMS_AT_RANGE_IN) + 1e-9 {
                    small_arms += w.points(inches(SMALL_ARMS_AT_RANGE_IN)) * n;
                }
            }
        }
    }
    let m = (dist <= inches(SMALL_ARMS_AT_RANGE_IN) / 2.0) as i32 - cover as i32;
    out.extend(std::iter::repeat_n(m, dice_for(small_arms, 5) as usize));
    out
}

/// The defence an armoured target shows a shot from `from`: front from ahead of its front line,
/// flank from behind it, and always the flank in a melee.
pub fn defence(target: &Unit, from: TablePoint, melee: bool) -> i32 {
    let (front, flank) = target.kind.armour().map_or((0, 0), |a| a.defence());
    if !melee && target.facing.ahead(target.at, from) {
        front
    } else {
        flank
    }
}

/// A shooter's weapons, split into what fires directly and (against an open-topped target) its
/// mortars, which strike the flank.
pub fn split_mortars(u: &Unit, open_topped: bool) -> (Unit, Option<Unit>) {
    let m = Weapon::Mortar.index();
    if !open_topped || u.kit[m] == 0 {
        return (u.clone(), None);
    }
    let mut direct = u.clone();
    direct.kit[m] = 0;
    let mut bombs = u.clone();
    bombs.kit = [0; 9];
    bombs.kit[m] = u.kit[m];
    (bombs.officers, bombs.ncos) = (0, 0);
    (direct, Some(bombs))
}

/// Who `hits` take from `u`, `crits` of them picked by the firer (officers, then NCOs), the rest
/// by the owner (men before their leaders, riflemen before the support weapons).
pub fn allocate(u: &Unit, hits: u32, crits: u32) -> Losses {
    let mut l = Losses::default();
    let mut left = hits.min(u.strength());
    let mut officers = u.officers;
    let mut ncos = u.ncos;
    for _ in 0..crits.min(left) {
        if officers > 0 {
            officers -= 1;
            l.officers += 1;
        } else if ncos > 0 {
            ncos -= 1;
            l.ncos += 1;
        } else {
            break;
        }
        left -= 1;
    }
    const ORDER: [Weapon; 9] = [
        Weapon::Rifle,
        Weapon::Smg,
        Weapon::Bazooka,
        Weapon::Mortar,
        Weapon::Lmg,
        Weapon::Hmg,
        Weapon::LightGun,
        Weapon::MediumGun,
        Weapon::HeavyGun,
    ];
    for w in ORDER {
        let i = w.index();
        let n = (u.kit[i] as u32).min(left);
        l.kit[i] += n as u8;
        left -= n;
    }
    let n = (ncos as u32).min(left);
    l.ncos += n as u8;
    left -= n;
    l.officers += (officers as u32).min(left) as u8;
    debug_assert_eq!(WEAPONS.len(), 9);
    l
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactical::dice_flew::forces::unit;
    use crate::tactical::force::Quality;
    use crate::tactical::ruleset::Side;

    #[test]
    fn sixes_take_leaders_and_the_owner_loses_riflemen_first() {
        let u = unit(
            UnitId(0),
            Side::Attacker,
            Kind::Rifles,
            Quality::Regular,
            [0.0; 2],
        );
        // Three hits, one a 6: the officer, then two riflemen; the LMG and NCO are kept.
        let l = allocate(&u, 3, 1);
        assert_eq!(
            (l.officers, l.ncos, l.kit[Weapon::Rifle.index()]),
            (1, 0, 2)
        );
        // Eleven hits and no 6: the men go before their leaders, the LMG last of them.
        let l = allocate(&u, 11, 0);
        assert_eq!(
            (l.kit[Weapon::Rifle.index()], l.kit[Weapon::Lmg.index()]),
            (9, 1)
        );
        assert_eq!((l.ncos, l.officers), (1, 0));
        assert_eq!(
            allocate(&u, 40, 3).total(),
            u.strength(),
            "never more than it has"
        );
    }
}
