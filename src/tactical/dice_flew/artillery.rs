//! Off-table artillery: batteries behind the table, the fire plan written for them before the
//! battle, and the forward observer who calls their fire with the order-change roll. A barrage
//! reaches anywhere; it is reckoned as direct fire beyond half range (soft targets) or as 0-value
//! anti-tank dice (armour, struck on the flank if open-topped).

use serde::{Deserialize, Serialize};

use super::event::{DfEvent, Losses};
use super::fire::{clear_of_friends, sees};
use super::movement::cover_ground;
use super::state::DfState;
use super::tables::{dice_for, loss_fraction, reaches, Guns, Weapon};
use super::unit::{footprint, Unit, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::omog::Emitter;
use crate::tactical::ruleset::Side;
use crate::tactical::table::{distance, inches, TablePoint};

/// An off-table battery's number in the battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BatteryId(pub u16);

/// One line of a fire plan: on this turn, shell this named feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlannedShot {
    /// The turn it fires, at the start of its side's part.
    pub turn: u32,
    /// The feature shelled: an index into the battle's named features.
    pub feature: u16,
}

/// A battery of guns off the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Battery {
    /// Its number.
    pub id: BatteryId,
    /// Whose.
    pub side: Side,
    /// Its guns' weight.
    pub guns: Guns,
    /// How many guns.
    pub count: u8,
    /// Its forward observer on the table.
    pub observer: Option<UnitId>,
    /// Its fire plan, a shot a turn at most.
    pub plan: Vec<PlannedShot>,
    /// The last turn it fired or was called on (once a turn).
    pub fired_turn: u32,
}

impl Battery {
    /// Its barrage's points: 5, 10 or 15 a gun.
    pub fn points(&self) -> u32 {
        self.guns.points() * self.count as u32
    }

    /// The feature its plan shells on `turn`.
    pub fn planned(&self, turn: u32) -> Option<u16> {
        self.plan.iter().find(|p| p.turn == turn).map(|p| p.feature)
    }

    /// Its name for players.
    pub fn label(&self) -> String {
        let w = match self.guns {
            Guns::Light => "light",
            Guns::Medium => "medium",
            Guns::Heavy => "heavy",
        };
        format!("{w} battery {}", self.id.0 + 1)
    }
}

/// A planned barrage strikes every unit, of either side, whose base lies within 3″ of the point.
pub fn beaten_zone() -> f64 {
    inches(3.0)
}

/// The units a planned barrage on `at` strikes, in id order.
pub fn struck_at(s: &DfState, at: TablePoint) -> Vec<UnitId> {
    s.units()
        .iter()
        .filter(|u| u.alive() && distance(u.at, at) <= beaten_zone() + footprint() + 1e-9)
        .map(|u| u.id)
        .collect()
}

/// Why `obs` may not call fire on `target`, if it may not: it must see it (at any range, all
/// round), and the target must stand clear of the observer's friends, as for direct fire.
pub fn may_call(
    field: &Battlefield,
    s: &DfState,
    obs: &Unit,
    target: &Unit,
) -> Result<(), &'static str> {
    if obs.pinned {
        return Err("the observer is pinned");
    }
    if target.side == obs.side || !target.alive() {
        return Err("that is not an enemy unit on the table");
    }
    if !sees(field, obs.at, target.at) {
        return Err("the observer cannot see it");
    }
    if !clear_of_friends(s, obs, target.at) {
        return Err("the target is within 3″ of friends");
    }
    Ok(())
}

/// The enemy an observer would call fire on: the nearest it may.
pub fn observed_target(field: &Battlefield, s: &DfState, obs: &Unit) -> Option<UnitId> {
    let mut es: Vec<&Unit> = s.living(obs.side.other()).collect();
    es.sort_by(|a, b| distance(obs.at, a.at).total_cmp(&distance(obs.at, b.at)));
    es.into_iter()
        .find(|t| may_call(field, s, obs, t).is_ok())
        .map(|t| t.id)
}

/// One battery's barrage on each of `targets`: soft targets as direct fire beyond half range (a
/// die per 10 points, −2, −2 more in cover), armour as a 0-value anti-tank die per 5 points
/// against the front (the flank if open-topped). A company hard hit falls back and is pinned.
pub(super) fn barrage(
    out: &mut Emitter<DfState>,
    field: &Battlefield,
    battery: BatteryId,
    at: TablePoint,
    targets: &[UnitId],
) {
    let points = out.state().battery(battery).map_or(0, |b| b.points());
    for &target in targets {
        let Some(s) = strike(out, field, points, target) else {
            continue;
        };
        out.emit(DfEvent::Barrage {
            battery,
            target,
            dice: s.dice,
            hits: s.hits,
            defence: s.defence,
            losses: s.losses,
        });
        if s.falls_back {
            super::execute::fall_back(out, field, target, at);
        }
    }
}

/// A barrage's dice against one unit, rolled but not yet written.
pub(super) struct Strike {
    /// The dice.
    pub dice: Vec<u8>,
    /// Hits, or vehicles destroyed.
    pub hits: u32,
    /// The armour's defence met.
    pub defence: Option<i32>,
    /// Figures lost.
    pub losses: Losses,
    /// Whether the target must fall back (hard hit, or armour meeting its defence exactly).
    pub falls_back: bool,
}

/// Roll `points` of barrage at `target` (none if it is gone): the reckoning every barrage
/// shares, off-table or on.
pub(super) fn strike(
    out: &mut Emitter<DfState>,
    field: &Battlefield,
    points: u32,
    target: UnitId,
) -> Option<Strike> {
    let t = out.state().unit(target)?.clone();
    if !t.alive() {
        return None;
    }
    let cover = t.to_ground || cover_ground(field, t.at);
    let before = t.strength();
    Some(if let Some(a) = t.kind.armour() {
        let (front, flank) = a.defence();
        let def = if t.open_topped { flank } else { front };
        let dice: Vec<u8> = (0..dice_for(points, 5)).map(|_| out.roll()).collect();
        let totals = dice.iter().map(|&d| d as i32 - cover as i32);
        let kills = totals.clone().filter(|&x| x > def).count() as u32;
        let level = totals.clone().any(|x| x == def);
        let losses = vehicles(&t, kills);
        Strike {
            dice,
            hits: kills,
            defence: Some(def),
            losses,
            falls_back: losses.total() == 0 && level,
        }
    } else {
        let (dice, hits, losses) =
            super::execute::roll_soft(out, &t, dice_for(points, 10), false, cover);
        Strike {
            dice,
            hits,
            defence: None,
            losses,
            falls_back: losses.total() > 0
                && reaches(losses.total(), before, loss_fraction(t.quality)),
        }
    })
}

/// Vehicles destroyed: the lightest guns first.
pub(super) fn vehicles(t: &Unit, n: u32) -> Losses {
    let mut l = Losses::default();
    let mut left = n;
    for w in [Weapon::LightGun, Weapon::MediumGun, Weapon::HeavyGun] {
        let k = (t.kit[w.index()] as u32).min(left);
        l.kit[w.index()] += k as u8;
        left -= k;
    }
    l
}
