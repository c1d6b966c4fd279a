//! What the events every OMOG ruleset shares do to a battle, written once: each ruleset's
//! `apply` matches its own event enum and hands these the parts of its state they change.

use super::figure::{FigureId, Kit};
use super::roster::Roster;
use super::turn::{Clock, Phase, TurnEvent};
use crate::tactical::table::{compass_bearing, TablePoint};

/// A figure goes to `to`, facing the way he went, and has had his move; any move comes down
/// from a roof (a climb goes back up after it). Returns where he came from.
pub(in crate::tactical) fn moved<K: Kit>(
    roster: &mut Roster<K>,
    figure: FigureId,
    to: TablePoint,
) -> TablePoint {
    let f = roster.figure_mut(figure);
    let from = f.pos();
    if from != to {
        f.set_facing(compass_bearing(from, to));
    }
    f.set_pos(to);
    f.set_moved();
    f.set_roof(false);
    from
}

/// A figure turns in place: his order of the move phase.
pub(in crate::tactical) fn faced<K: Kit>(roster: &mut Roster<K>, figure: FigureId, bearing: f64) {
    let f = roster.figure_mut(figure);
    f.set_facing(bearing);
    f.set_moved();
}

/// A figure stands this phase: neither moving (move phase) nor firing (fire phase).
pub(in crate::tactical) fn held<K: Kit>(roster: &mut Roster<K>, clock: &Clock, figure: FigureId) {
    let f = roster.figure_mut(figure);
    if matches!(clock.phase(), Phase::Move(_)) {
        f.set_moved();
    } else {
        f.set_fired();
    }
}

/// A figure is hit: he falls when both sides have fired.
pub(in crate::tactical) fn hit(pending: &mut Vec<FigureId>, figure: FigureId) {
    if !pending.contains(&figure) {
        pending.push(figure);
    }
}

/// A figure goes down, a loss to his side.
pub(in crate::tactical) fn down<K: Kit>(
    roster: &mut Roster<K>,
    clock: &mut Clock,
    pending: &mut Vec<FigureId>,
    figure: FigureId,
) {
    pending.retain(|h| *h != figure);
    let f = roster.figure_mut(figure);
    if f.alive() {
        f.fall();
        let side = f.side();
        clock.count_loss(side);
    }
}

/// The turn moves on; a new turn clears the hits waiting and every figure's orders.
pub(in crate::tactical) fn turn<K: Kit>(
    roster: &mut Roster<K>,
    clock: &mut Clock,
    pending: &mut Vec<FigureId>,
    t: &TurnEvent,
) {
    if matches!(t, TurnEvent::TurnBegan { .. }) {
        pending.clear();
        for f in roster.figures_mut() {
            f.new_turn();
        }
    }
    clock.apply(t);
}
