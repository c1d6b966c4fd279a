//! Where pieces are drawn and what the pointer is on: one layout of the coins per frame, used
//! both to draw them and to hit them, and the snapping of a pointer on the map to the nearest
//! point a move could end at, judged by the engine.

use super::Play;
use crate::rules::map_board::Reach;
use crate::rules::{
    check, Command, Location, MapPoint, Move, Phase, PlayerId, RuleError, SettlementId, UnitId,
    UnitType,
};

/// How far (window pixels) a pointer is pulled to a road, a reachable stretch or a settlement.
pub(super) const SNAP_PX: f32 = 12.0;
/// Radius (window pixels) of the small coin of a unit aboard a Ship.
pub(super) const CARGO_PX: f32 = 7.0;

/// A stack of one owner's units at one spot, as drawn.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Stack {
    /// The units, by id.
    pub(super) units: Vec<UnitId>,
    /// Owner.
    pub(super) owner: PlayerId,
    /// Centre of the top coin, window pixels.
    pub(super) at: [f32; 2],
    /// Radius of the top coin, window pixels.
    pub(super) r: f32,
    /// The unit drawn on top (the selected one if it is here).
    pub(super) top: UnitId,
    /// For a Ship's stack, the units aboard and where each one's small coin is drawn on the
    /// Ship's rim (window pixels); the Ship itself is `units[0]` and always drawn underneath.
    pub(super) cargo: Vec<(UnitId, [f32; 2])>,
}

/// What the pointer is over.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Under {
    /// A stack (index into the layout).
    Stack(usize),
    /// A settlement's coin.
    Settlement(SettlementId),
    /// A playable place with no settlement.
    Place(crate::map::PlaceId),
    /// A unit aboard a Ship, on its small coin on the Ship's rim.
    Aboard(UnitId),
}

/// A move's destination under the pointer: where it snapped to and the engine's verdict.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Aim {
    /// The destination, world metres.
    pub(super) world: [f64; 2],
    /// Pulled to a road or settlement rather than the exact pointer.
    pub(super) snapped: bool,
    /// The command that gets there (a move, a Ship's move, a landing or a boarding), or why it
    /// cannot.
    pub(super) verdict: Result<Command, RuleError>,
}

fn dist(a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// The point of polyline `pts` (window pixels) nearest `p`, with its distance and the index of
/// the segment it lies on.
pub(super) fn nearest_on_line(p: [f32; 2], pts: &[[f32; 2]]) -> Option<([f32; 2], f32)> {
    let mut best: Option<([f32; 2], f32)> = None;
    for w in pts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let d = [b[0] - a[0], b[1] - a[1]];
        let len2 = d[0] * d[0] + d[1] * d[1];
        let t = if len2 > 0.0 {
            (((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let q = [a[0] + t * d[0], a[1] + t * d[1]];
        let dq = dist(p, q);
        if best.is_none_or(|(_, bd)| dq < bd) {
            best = Some((q, dq));
        }
    }
    best
}

impl Play {
    /// Every stack's place on screen this frame. Units inside a settlement sit on its rim so
    /// both coins show; the selected unit is on top of its stack.
    pub(super) fn stacks(&self) -> Vec<Stack> {
        let state = self.game.state();
        let mut groups: Vec<(Location, PlayerId, Vec<UnitId>)> = Vec::new();
        // Units aboard go with their Ship, drawn on it: they are where it is.
        for u in state
            .units()
            .filter(|u| !matches!(u.at(), Location::Aboard(_)))
        {
            match groups
                .iter_mut()
                .find(|g| g.0 == u.at() && g.1 == u.owner() && u.kind() != UnitType::Ship)
            {
                Some(g) => g.2.push(u.id()),
                None => groups.push((u.at(), u.owner(), vec![u.id()])),
            }
        }
        // Ships first: their big 50p coins go underneath, so a stack in the port beside one
        // stays in sight and under the pointer.
        groups.sort_by_key(|g| !matches!(g.0, Location::Sea(_)));
        groups
            .into_iter()
            .filter_map(|(at, owner, units)| {
                let pos = state.unit_pos(units[0])?;
                if state.unit(units[0])?.kind() == UnitType::Ship {
                    return Some(self.ship_stack(units[0], owner, self.px(pos)));
                }
                let mut p = self.px(pos);
                if let Location::Settlement(s) = at {
                    let r = state.settlement(s).map_or(10.0, |s| self.coin_px(s.coin()));
                    let off = (r * 0.75).max(10.0);
                    p = [p[0] + off, p[1] - off];
                }
                let top = units
                    .iter()
                    .copied()
                    .find(|u| Some(*u) == self.selected)
                    .or_else(|| units.iter().copied().find(|u| self.can_act(*u)))
                    .unwrap_or(units[0]);
                let r = state
                    .unit(top)
                    .map_or(9.0, |u| self.coin_px(u.kind().coin()).max(9.0));
                Some(Stack {
                    units,
                    owner,
                    at: p,
                    r,
                    top,
                    cargo: Vec::new(),
                })
            })
            .collect()
    }

    /// A Ship's stack: its 50p coin, and one small coin per unit aboard along its upper rim.
    fn ship_stack(&self, ship: UnitId, owner: PlayerId, at: [f32; 2]) -> Stack {
        let state = self.game.state();
        let r = self.coin_px(crate::map::Measure::Coin50p).max(12.0);
        let aboard = state.cargo(ship);
        let n = aboard.len();
        let cargo: Vec<(UnitId, [f32; 2])> = aboard
            .iter()
            .enumerate()
            .map(|(k, &u)| {
                // Spread over the upper rim, from upper left to upper right.
                let a = std::f32::consts::PI * (0.75 - 0.5 * (k as f32 + 0.5) / n as f32);
                (u, [at[0] + r * a.cos(), at[1] - r * a.sin()])
            })
            .collect();
        let mut units = vec![ship];
        units.extend(aboard.iter().copied());
        let top = units
            .iter()
            .copied()
            .find(|u| Some(*u) == self.selected)
            .unwrap_or(ship);
        Stack {
            units,
            owner,
            at,
            r,
            top,
            cargo,
        }
    }

    /// Whether a unit can still do its phase's thing this turn (move in the main phase, attack
    /// in the attack phase): the rest are drawn faded.
    pub(super) fn can_act(&self, u: UnitId) -> bool {
        let state = self.game.state();
        let Some(unit) = state.unit(u) else {
            return false;
        };
        if unit.owner() != state.current_player() {
            return true;
        }
        match state.phase() {
            Phase::Attack => !unit.attacked(),
            _ => !unit.moved(),
        }
    }

    /// What is under window pixel `s`: a stack first (they are drawn on top), then a
    /// settlement, then a playable place.
    pub(super) fn under(&self, s: [f32; 2], stacks: &[Stack]) -> Option<Under> {
        // The small coins of units aboard lie over their Ship's rim, so they come first.
        for st in stacks.iter().rev() {
            if let Some((u, _)) = st.cargo.iter().find(|(_, c)| dist(*c, s) <= CARGO_PX + 2.0) {
                return Some(Under::Aboard(*u));
            }
        }
        // The last drawn is on top, so it wins ties.
        if let Some(i) = (0..stacks.len())
            .rev()
            .find(|&i| dist(stacks[i].at, s) <= stacks[i].r + 2.0)
        {
            return Some(Under::Stack(i));
        }
        let state = self.game.state();
        let settlement = state
            .settlements()
            .map(|x| (dist(self.px(x.pos()), s), x.id(), self.coin_px(x.coin())))
            .filter(|(d, _, r)| *d <= r.max(8.0) + 2.0)
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, id, _)) = settlement {
            return Some(Under::Settlement(id));
        }
        let r = self.coin_px(crate::map::Measure::Coin1p).max(8.0) + 2.0;
        self.map
            .places()
            .iter()
            .filter(|p| p.playable())
            .map(|p| (dist(self.view.view().to_screen(p.pos()), s), p.id()))
            .filter(|(d, _)| *d <= r)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, id)| Under::Place(id))
    }

    /// Where a move of `unit` would end with the pointer at `s`, and the engine's verdict: the
    /// pointer is pulled to the nearest of the unit's own settlements, reachable road stretches
    /// or (for a "why not") any major road within [`SNAP_PX`].
    pub(super) fn aim(&self, unit: UnitId, s: [f32; 2], reach: Option<&Reach>) -> Aim {
        let state = self.game.state();
        let v = self.view.view();
        if state.unit(unit).is_some_and(|u| u.kind() == UnitType::Ship) {
            return self.ship_aim(unit, v.to_world(s));
        }
        let aboard = state
            .unit(unit)
            .is_some_and(|u| matches!(u.at(), Location::Aboard(_)));
        let me = state.unit(unit).map(|u| u.owner());
        let mut best: Option<([f64; 2], f32)> = None;
        let consider = |best: &mut Option<([f64; 2], f32)>, w: [f64; 2], d: f32| {
            if d <= SNAP_PX && best.is_none_or(|(_, bd)| d < bd) {
                *best = Some((w, d));
            }
        };
        for x in state.settlements().filter(|x| Some(x.owner()) == me) {
            let c = self.px(x.pos());
            let d = (dist(c, s) - self.coin_px(x.coin())).max(0.0);
            consider(&mut best, x.pos().to_m(), d);
        }
        if let Some(r) = reach {
            for st in &r.stretches {
                let pts: Vec<[f32; 2]> = st.points.iter().map(|p| v.to_screen(*p)).collect();
                if let Some((q, d)) = nearest_on_line(s, &pts) {
                    consider(&mut best, v.to_world(q), d);
                }
            }
        }
        for p in self.landings.iter().filter(|_| aboard) {
            let d = dist(self.px(*p), s);
            consider(&mut best, p.to_m(), d);
        }
        if best.is_none() {
            if let Some(rp) = self.map.nearest_road_point(v.to_world(s)) {
                let d = dist(v.to_screen(rp.pos), s);
                consider(&mut best, rp.pos, d);
            }
        }
        let (world, snapped) = match best {
            Some((w, _)) => (w, true),
            None => (v.to_world(s), false),
        };
        let to = MapPoint::from_m(world);
        if aboard {
            return Aim {
                world,
                snapped,
                verdict: self.landing_verdict(unit, to),
            };
        }
        let plain = Move {
            unit,
            to,
            via: None,
            off_road: false,
        };
        // The engine's own order: whether this unit may move at all (its turn, its phase, not
        // moved yet) comes before where it may go.
        let verdict = match check(state, &self.rules_board, &Command::Move(plain.clone())) {
            Ok(()) => Ok(Command::Move(plain)),
            Err(e) if !matches!(e, RuleError::Refused(_) | RuleError::BadLanding) => Err(e),
            Err(_) => self.rules_board.may_go(state, unit, to).and_then(|mv| {
                let cmd = Command::Move(mv);
                check(state, &self.rules_board, &cmd).map(|()| cmd)
            }),
        };
        Aim {
            world,
            snapped,
            verdict,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_point_of_a_line_is_found_on_its_segments() {
        let line = [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0]];
        let (q, d) = nearest_on_line([5.0, 3.0], &line).unwrap();
        assert_eq!(q, [5.0, 0.0]);
        assert!((d - 3.0).abs() < 1e-6);
        let (q, _) = nearest_on_line([14.0, 8.0], &line).unwrap();
        assert_eq!(q, [10.0, 8.0]);
        assert!(nearest_on_line([0.0, 0.0], &[[1.0, 1.0]]).is_none());
    }
}
