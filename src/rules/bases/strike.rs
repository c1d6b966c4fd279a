//! The safe-bases question on the real map: could a unit put into a base at one place on its
//! owner's first turn attack a base at another? A Scout is asked (a Tank moves the same, and
//! Guards and Invaders reach less), with the engine's own reach for its move and its own attack
//! check from every sampled end of that move.

use crate::map::{Measure, PlaceId};
use crate::rules::apply::apply;
use crate::rules::board::Board;
use crate::rules::command::{Move, Target};
use crate::rules::event::{Event, Recruit};
use crate::rules::ids::{MapPoint, PlayerId, SettlementId, UnitId};
use crate::rules::map_board::MapBoard;
use crate::rules::options::{GameSetup, Options, PlayerSetup};
use crate::rules::state::State;
use crate::rules::unit::{Location, UnitType};

/// Road points tried per card breadth of road within striking distance of the target.
const ROAD_SAMPLES_PER_BREADTH: f64 = 24.0;
/// Off-road points tried across a card breadth.
const OFF_ROAD_GRID: f64 = 8.0;

/// Whether a Scout put into a base at `from` could, after one move, attack a base at `to`.
pub(crate) fn first_turn_strike(b: &MapBoard, from: PlaceId, to: PlaceId) -> bool {
    let Some(mut state) = two_bases(b, from, to) else {
        return false;
    };
    let scout = UnitId(0);
    let target = Target::Settlement(SettlementId(1));
    let (Some(home), Some(goal)) = (b.place(from), b.place(to)) else {
        return false;
    };
    let breadth = b.scale().measure_m(Measure::CardBreadth);
    let length = b.scale().measure_m(Measure::CardLength);
    if home.pos.distance_m(goal.pos) > length + breadth {
        return false;
    }
    let attack_from = |state: &mut State, at: Location| {
        if let Some(u) = state.units.get_mut(&scout) {
            u.at = at;
        }
        b.check_attack_reach(state, scout, target).is_ok()
    };
    if attack_from(&mut state, Location::Settlement(SettlementId(0))) {
        return true;
    }
    let centre = goal.pos.to_m();
    let mut ends: Vec<[f64; 2]> = Vec::new();
    if let Ok(reach) = b.reach(&state, scout) {
        let step = breadth / ROAD_SAMPLES_PER_BREADTH;
        for stretch in &reach.stretches {
            along(&stretch.points, step, &mut ends);
        }
    }
    ends.retain(|p| dist(*p, centre) <= breadth);
    ends.sort_by(|a, c| dist(*a, centre).total_cmp(&dist(*c, centre)));
    for p in ends {
        if attack_from(&mut state, Location::Road(MapPoint::from_m(p))) {
            return true;
        }
    }
    // Off road: a straight move of up to a card breadth, then a straight attack.
    let start = home.pos.to_m();
    let step = breadth / OFF_ROAD_GRID;
    let mut spots: Vec<[f64; 2]> = Vec::new();
    let k = OFF_ROAD_GRID as i32;
    for i in -k..=k {
        for j in -k..=k {
            let p = [
                centre[0] + f64::from(i) * step,
                centre[1] + f64::from(j) * step,
            ];
            if dist(p, centre) <= breadth && dist(p, start) <= breadth {
                spots.push(p);
            }
        }
    }
    spots.sort_by(|a, c| dist(*a, centre).total_cmp(&dist(*c, centre)));
    for p in spots {
        if let Some(u) = state.units.get_mut(&scout) {
            u.at = Location::Settlement(SettlementId(0));
        }
        let mv = Move {
            unit: scout,
            to: MapPoint::from_m(p),
            via: None,
            off_road: true,
        };
        if let Ok(at) = b.check_move(&state, &mv) {
            if attack_from(&mut state, at) {
                return true;
            }
        }
    }
    false
}

/// Two players' bases and a Scout of the first in its base; `None` if a place is missing.
fn two_bases(b: &MapBoard, from: PlaceId, to: PlaceId) -> Option<State> {
    let seat = |name: &str| PlayerSetup {
        name: name.into(),
        colour: name.into(),
    };
    let setup = GameSetup {
        map: b.map().meta().name.clone(),
        scale: b.scale(),
        players: vec![seat("a"), seat("b")],
        options: Options::default(),
    };
    let mut state = State::undealt(&setup, 0).ok()?;
    for (k, place) in [from, to].into_iter().enumerate() {
        let f = b.place(place)?;
        apply(
            &mut state,
            &Event::BasePlaced {
                player: PlayerId(k as u8),
                settlement: SettlementId(k as u32),
                place,
                name: f.name,
                kind: f.kind,
                pos: f.pos,
            },
        );
    }
    apply(
        &mut state,
        &Event::UnitPlaced {
            unit: UnitId(0),
            owner: PlayerId(0),
            kind: UnitType::Scout,
            at: Location::Settlement(SettlementId(0)),
            source: Recruit::Royal,
        },
    );
    Some(state)
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Points every `step` metres along a polyline, both ends included.
fn along(points: &[[f64; 2]], step: f64, out: &mut Vec<[f64; 2]>) {
    let Some(&first) = points.first() else {
        return;
    };
    out.push(first);
    for w in points.windows(2) {
        let len = dist(w[0], w[1]);
        let n = (len / step).ceil().max(1.0) as usize;
        for k in 1..=n {
            let t = k as f64 / n as f64;
            out.push([
                w[0][0] + (w[1][0] - w[0][0]) * t,
                w[0][1] + (w[1][1] - w[0][1]) * t,
            ]);
        }
    }
}
