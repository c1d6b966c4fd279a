//! Melee at the end of a side's movement: every unit within 3″ of an enemy fights. Units joined
//! by such contacts fight as one melee; both sides roll at once; the side that suffers more hits
//! falls back 2d6″, and a tie fights on the next time either side is active.

use super::artillery::vehicles;
use super::event::{DfEvent, Losses};
use super::execute::fall_back;
use super::fire::{allocate, anti_tank_dice, range, soft_fire};
use super::movement::cover_ground;
use super::state::DfState;
use super::tables::{engaged, melee_quality_modifier};
use super::unit::{Kind, Unit, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::omog::Emitter;
use crate::tactical::ruleset::Side;
use crate::tactical::table::distance;

/// The melees on the table: groups of units of both sides joined by contacts within 3″,
/// `[attacker's, defender's]`, in unit order.
pub fn melees(s: &DfState) -> Vec<[Vec<UnitId>; 2]> {
    let alive: Vec<&Unit> = s.units().iter().filter(|u| u.alive()).collect();
    let n = alive.len();
    let mut group: Vec<usize> = (0..n).collect();
    fn root(g: &mut [usize], mut i: usize) -> usize {
        while g[i] != i {
            g[i] = g[g[i]];
            i = g[i];
        }
        i
    }
    let mut touching = vec![false; n];
    for i in 0..n {
        for j in i + 1..n {
            if alive[i].side != alive[j].side && range(alive[i].at, alive[j].at) <= engaged() + 1e-9
            {
                touching[i] = true;
                touching[j] = true;
                let (a, b) = (root(&mut group, i), root(&mut group, j));
                group[a.max(b)] = a.min(b);
            }
        }
    }
    let mut out: Vec<(usize, [Vec<UnitId>; 2])> = Vec::new();
    for i in (0..n).filter(|&i| touching[i]) {
        let r = root(&mut group, i);
        let k = match out.iter().position(|(g, _)| *g == r) {
            Some(k) => k,
            None => {
                out.push((r, [Vec::new(), Vec::new()]));
                out.len() - 1
            }
        };
        out[k].1[alive[i].side.index()].push(alive[i].id);
    }
    out.into_iter().map(|(_, m)| m).collect()
}

/// Whether a unit fights with grenades: infantry with rifles or SMGs, who ignore the cover of an
/// enemy they are touching.
fn grenades(u: &Unit) -> bool {
    matches!(
        u.kind,
        Kind::Rifles | Kind::AntiTank | Kind::MachineGuns | Kind::Mortars | Kind::Patrol
    )
}

/// Fight every melee on the table.
pub fn melee(out: &mut Emitter<DfState>, field: &Battlefield) {
    for m in melees(out.state()) {
        let units: [Vec<Unit>; 2] = [0, 1].map(|k| {
            m[k].iter()
                .filter_map(|id| out.state().unit(*id).cloned())
                .collect()
        });
        if units[0].is_empty() || units[1].is_empty() {
            continue;
        }
        let mut dice: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
        let mut hits = [0u32; 2];
        for k in 0..2 {
            // Each side strikes the enemy unit nearest its first unit.
            let target = nearest(&units[1 - k], units[k][0].at);
            let armoured = target.kind.armour().is_some();
            for u in &units[k] {
                if armoured {
                    let (_, flank) = target.kind.armour().expect("armour").defence();
                    for m in anti_tank_dice(u, 0.0, false, true) {
                        let d = out.roll();
                        dice[k].push(d);
                        hits[k] += (d as i32 + m > flank) as u32;
                    }
                } else {
                    let f = soft_fire(u, 0.0, false);
                    let cover = cover_ground(field, target.at) && !grenades(u);
                    let m = melee_quality_modifier(u.quality) - 2 * cover as i32;
                    for _ in 0..f.dice {
                        let d = out.roll();
                        dice[k].push(d);
                        hits[k] += (d as i32 + m).max(0) as u32;
                    }
                }
            }
        }
        let mut losses: Vec<(UnitId, Losses)> = Vec::new();
        for k in 0..2 {
            let mut left = hits[k];
            let mut targets = units[1 - k].clone();
            targets.sort_by(|a, b| {
                distance(a.at, units[k][0].at).total_cmp(&distance(b.at, units[k][0].at))
            });
            for t in targets {
                if left == 0 {
                    break;
                }
                let l = if t.kind.armour().is_some() {
                    vehicles(&t, left)
                } else {
                    allocate(&t, left, 0)
                };
                left -= l.total().min(left);
                losses.push((t.id, l));
            }
        }
        // Hits suffered: those the other side scored.
        let loser = match hits[1].cmp(&hits[0]) {
            std::cmp::Ordering::Greater => Some(Side::Attacker),
            std::cmp::Ordering::Less => Some(Side::Defender),
            std::cmp::Ordering::Equal => None,
        };
        out.emit(DfEvent::Melee {
            units: m.clone(),
            dice,
            hits,
            losses,
            loser,
        });
        if let Some(l) = loser {
            let from = units[1 - l.index()][0].at;
            for id in &m[l.index()] {
                if out.state().unit(*id).is_some_and(|u| u.alive()) {
                    fall_back(out, field, *id, from);
                }
            }
        }
    }
}

fn nearest(units: &[Unit], from: crate::tactical::table::TablePoint) -> &Unit {
    units
        .iter()
        .min_by(|a, b| distance(a.at, from).total_cmp(&distance(b.at, from)))
        .expect("a side in a melee has units")
}
