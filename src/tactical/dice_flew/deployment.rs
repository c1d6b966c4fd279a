//! Deployment: both sides' companies, HQs, COs and observers on the battlefield, every
//! company within its HQ's command radius.

use super::artillery::{Battery, BatteryId};
use super::features::features;
use super::forces::{
    against_armour, battalion_sizes, battery_guns, common_quality, element_unit, free_spot,
    kind_of, unit, with_attack_support,
};
use super::state::DfState;
use super::tables::{command_radius, GUNS_PER_BATTERY};
use super::unit::{Action, Battalion, BattalionId, Kind, Order, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Element, Forces, Quality};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{compass_bearing, distance, inches, step, Facing, TablePoint};

/// Deploy both sides: the attacker's companies in a line 6″ in from its edge with HQs and CO
/// behind (against a fortification, a siege battery's observer with its first HQ: see
/// [`SIEGE_BATTERY`](super::forces::SIEGE_BATTERY)); the defender's garrison in the houses
/// nearest the objective (in battalions with its field companies, at most four companies a
/// battalion), its field companies 8″ in front of the objective towards the attacker, HQs and
/// CO behind it. Every battalion starts with the obvious order (attack or hold the objective),
/// which the players may rewrite. A side of a single company has no battalion HQ: the company
/// is detached under the CO, who stands behind it as its HQ would, its orders going through him
/// (its order group is still a `Battalion`, whose `hq` is the CO).
pub fn deploy(field: &Battlefield, forces: &Forces, seed: u64) -> DfState {
    let feats = features(field);
    let mut s = DfState::new(Vec::new(), Vec::new(), feats, seed);
    let centre = field.objective;
    let toward_attacker = field.attacker_bearing();
    let edge_mid = {
        let half = field.spec.width_mm.min(field.spec.depth_mm) / 2.0;
        step(centre, toward_attacker, half)
    };
    let attacker = forces
        .attacker
        .against_walls(field.fortified, super::forces::SIEGE_BATTERY);
    for side in Side::BOTH {
        let force = match side {
            Side::Attacker => &attacker,
            Side::Defender => &forces.defender,
        };
        let facing = match side {
            Side::Attacker => Facing(toward_attacker + 180.0),
            Side::Defender => Facing(toward_attacker),
        };
        let enemy = match side {
            Side::Attacker => &forces.defender,
            Side::Defender => &forces.attacker,
        };
        let enemy_armour = enemy.elements.iter().any(|e| kind_of(e).armour().is_some());
        // Battalions of at most four, garrison and field companies together (issue 15: a
        // fort's two garrison dice in a battalion of their own, in houses behind walls, were
        // never shaken, so the defender never conceded; a lone garrison company was no
        // battalion at all). Garrison companies still stand in the houses.
        let es: Vec<&Element> = force
            .elements
            .iter()
            .filter(|e| battery_guns(e).is_none())
            .collect();
        let mut groups: Vec<Vec<&Element>> = Vec::new();
        let mut i = 0;
        for n in battalion_sizes(es.len()) {
            groups.push(es[i..i + n].to_vec());
            i += n;
        }
        // A battalion is an HQ and two or more companies: a side of one company has none. Its
        // company is detached under the army's CO, who commands it himself (see `deploy`).
        let detached = es.len() == 1;
        let houses = field.houses_near_objective(inches(12.0));
        let mut house_i = 0;
        let on_table = force.elements.iter().filter(|e| battery_guns(e).is_none());
        let total = on_table.count().max(1) as f64;
        let first_battalion = s.battalions.len();
        let rear = match side {
            Side::Attacker => toward_attacker,
            Side::Defender => toward_attacker + 180.0,
        };
        let mut placed = 0.0;
        let line = |k: f64, depth: f64| -> TablePoint {
            // Spread across 40″ square to the line objective–edge, `depth` from the anchor.
            let (anchor, back) = match side {
                Side::Attacker => (edge_mid, toward_attacker + 180.0),
                Side::Defender => (centre, toward_attacker),
            };
            let offset = (k + 0.5) / total * inches(40.0) - inches(20.0);
            step(step(anchor, back, depth), back + 90.0, offset)
        };
        for g in groups {
            let b = BattalionId(s.battalions.len() as u16);
            let hq_id = UnitId(s.units.len() as u16);
            let mut qs = Vec::new();
            let mut support_given = false;
            let k_mid = placed + g.len() as f64 / 2.0 - 0.5;
            let hq_at = match side {
                Side::Attacker => line(k_mid, inches(3.0)),
                Side::Defender => line(k_mid, -inches(4.0)),
            };
            if !detached {
                let hq_at = free_spot(field, &s, Kind::Hq, hq_at);
                let mut hq = unit(hq_id, side, Kind::Hq, Quality::Regular, hq_at);
                hq.battalion = Some(b);
                hq.facing = facing;
                s.units.push(hq);
            }
            for e in g {
                let kind = kind_of(e);
                let want = if e.garrison {
                    let p = houses
                        .get(house_i)
                        .map(|&h| field.areas[h].top)
                        .unwrap_or(centre);
                    house_i += 1;
                    p
                } else {
                    match side {
                        Side::Attacker => line(placed, inches(6.0)),
                        Side::Defender => line(placed, inches(8.0)),
                    }
                };
                placed += 1.0;
                let at = free_spot(field, &s, kind, want);
                let mut u = element_unit(UnitId(s.units.len() as u16), side, e, at);
                if enemy_armour {
                    against_armour(&mut u, e);
                }
                if side == Side::Attacker && !support_given {
                    support_given = with_attack_support(&mut u, e);
                }
                u.battalion = Some(b);
                u.facing = facing;
                qs.push(e.quality);
                s.units.push(u);
            }
            // A battalion with a radio company has a radio at its HQ too.
            let radio = s.units.iter().any(|u| u.battalion == Some(b) && u.radio);
            if !detached {
                s.units[hq_id.0 as usize].radio = radio;
            }
            // A detached company's "HQ" is the CO, put in below.
            s.battalions.push(Battalion {
                id: b,
                side,
                hq: hq_id,
                order: Some(Order {
                    action: match side {
                        Side::Attacker => Action::Attack,
                        Side::Defender => Action::Hold,
                    },
                    feature: 0,
                    start_turn: 1,
                }),
                shaken: false,
                change_tried: 0,
                quality: common_quality(&qs),
            });
            if !detached {
                in_command(field, &mut s, b, rear);
            }
        }
        let co_want = match side {
            Side::Attacker => step(edge_mid, toward_attacker + 180.0, inches(1.5)),
            Side::Defender => step(centre, toward_attacker + 180.0, inches(10.0)),
        };
        let co_at = free_spot(field, &s, Kind::Co, co_want);
        let mut co = unit(
            UnitId(s.units.len() as u16),
            side,
            Kind::Co,
            Quality::Regular,
            co_at,
        );
        co.facing = Facing(compass_bearing(co_at, centre));
        // The CO has a radio if any of his HQs has; the defender, in prepared positions, has
        // telephone lines from the CO to every HQ (and observer) until they move.
        co.radio = s.units.iter().any(|u| {
            u.side == side && u.radio && (u.kind == Kind::Hq || (detached && u.battalion.is_some()))
        });
        let phones = side == Side::Defender;
        co.phone = phones;
        let co_radio = co.radio;
        let co_id = co.id;
        s.units.push(co);
        if detached {
            // The CO stands where the company's HQ would: 3″ behind it, within command.
            let b = BattalionId(first_battalion as u16);
            s.battalions[first_battalion].hq = co_id;
            in_command(field, &mut s, b, rear);
        }
        for u in s.units.iter_mut() {
            if u.side == side && u.kind == Kind::Hq {
                u.phone = phones;
            }
        }
        // Off-table batteries, each with its observer beside the first battalion's HQ.
        let attach = (first_battalion < s.battalions.len()).then_some(first_battalion);
        for e in &force.elements {
            let Some(guns) = battery_guns(e) else {
                continue;
            };
            let near = attach.map_or(co_at, |b| s.units[s.battalions[b].hq.0 as usize].at);
            let at = free_spot(field, &s, Kind::Observer, near);
            let id = UnitId(s.units.len() as u16);
            let mut obs = unit(id, side, Kind::Observer, Quality::Regular, at);
            obs.battalion = attach.map(|b| BattalionId(b as u16));
            obs.facing = facing;
            obs.radio = co_radio;
            obs.phone = phones;
            s.units.push(obs);
            s.batteries.push(Battery {
                id: BatteryId(s.batteries.len() as u16),
                side,
                guns,
                count: GUNS_PER_BATTERY as u8,
                observer: Some(id),
                plan: Vec::new(),
                fired_turn: 0,
            });
        }
    }
    s
}

/// How far inside its command radius a company is put: room for the first moves' drift.
fn command_margin() -> f64 {
    inches(1.0)
}

/// Put battalion `b`'s HQ 3″ behind the middle of its companies (towards `rear`) and draw any
/// company standing beyond the HQ's command radius in towards it, so that every company starts
/// the battle acting freely (a company out of command needs 2+ to do anything).
fn in_command(field: &Battlefield, s: &mut DfState, b: BattalionId, rear: f64) {
    let hq = s.battalions[b.0 as usize].hq.0 as usize;
    let cs: Vec<usize> = (0..s.units.len())
        .filter(|&i| i != hq && s.units[i].battalion == Some(b))
        .collect();
    if cs.is_empty() {
        return;
    }
    let n = cs.len() as f64;
    let mid = [
        cs.iter().map(|&i| s.units[i].at[0]).sum::<f64>() / n,
        cs.iter().map(|&i| s.units[i].at[1]).sum::<f64>() / n,
    ];
    // Lift each piece off the table while its own spot is found, so it does not crowd itself.
    let away = [-1e9, -1e9];
    s.units[hq].at = away;
    let hq_at = free_spot(field, s, Kind::Hq, step(mid, rear, inches(3.0)));
    s.units[hq].at = hq_at;
    let hq_radio = s.units[hq].radio;
    for i in cs {
        let u = &s.units[i];
        let radius = command_radius(u.radio && hq_radio) - command_margin();
        if distance(hq_at, u.at) <= radius {
            continue;
        }
        let (kind, was) = (u.kind, u.at);
        let want = step(hq_at, compass_bearing(hq_at, was), radius);
        s.units[i].at = away;
        let at = free_spot(field, s, kind, want);
        s.units[i].at = if distance(hq_at, at) < distance(hq_at, was) {
            at
        } else {
            was
        };
    }
}
