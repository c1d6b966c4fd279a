//! Where pieces are drawn and what the pointer is on: one layout of the coins per frame, used
//! both to draw them and to hit them, and the snapping of a pointer on the map to the nearest
//! point a move could end at, judged by the engine.

use super::Play;
use crate::rules::map_board::Reach;
use crate::rules::{
    check, Command, Location, MapPoint, Move, Phase, PlayerId, RuleError, SettlementId, UnitId,
};

/// How far (window pixels) a pointer is pulled to a road, a reachable stretch or a settlement.
pub(super) const SNAP_PX: f32 = 12.0;

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
}

/// A move's destination under the pointer: where it snapped to and the engine's verdict.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Aim {
    /// The destination, world metres.
    pub(super) world: [f64; 2],
    /// Pulled to a road or settlement rather than the exact pointer.
    pub(super) snapped: bool,
    /// The move that gets there, or why it cannot.
    pub(super) verdict: Result<Move, RuleError>,
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
        for u in state.units() {
            match groups
                .iter_mut()
                .find(|g| g.0 == u.at() && g.1 == u.owner())
            {
                Some(g) => g.2.push(u.id()),
                None => groups.push((u.at(), u.owner(), vec![u.id()])),
            }
        }
        groups
            .into_iter()
            .filter_map(|(at, owner, units)| {
                let pos = state.unit_pos(units[0])?;
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
                })
            })
            .collect()
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
        let plain = Move {
            unit,
            to,
            via: None,
            off_road: false,
        };
        // The engine's own order: whether this unit may move at all (its turn, its phase, not
        // moved yet) comes before where it may go.
        let verdict = match check(state, &self.rules_board, &Command::Move(plain.clone())) {
            Ok(()) => Ok(plain),
            Err(e) if !matches!(e, RuleError::Refused(_) | RuleError::BadLanding) => Err(e),
            Err(_) => self.rules_board.may_go(state, unit, to).and_then(|mv| {
                check(state, &self.rules_board, &Command::Move(mv.clone())).map(|()| mv)
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
