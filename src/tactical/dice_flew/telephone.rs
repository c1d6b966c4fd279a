//! Telephone lines in play: a wire runs straight from a side's CO (once his exchange is set up)
//! to each HQ or observer on a line. A unit lays its line instead of moving, within 48″ of wire
//! of its CO; the CO sets up his exchange the same way. A line is cut when its unit moves or
//! falls back (the CO moving takes every line of his side), when an enemy unit's move crosses
//! the wire, and when shells fall within 3″ of it.

use super::artillery::beaten_zone;
use super::event::DfEvent;
use super::refusal::Refusal;
use super::state::DfState;
use super::unit::{Kind, UnitId};
use crate::tactical::omog::Emitter;
use crate::tactical::ruleset::Side;
use crate::tactical::table::{distance, inches, TablePoint};

/// The wire a drum carries: a line is laid only within this distance of the CO.
pub fn wire_reach() -> f64 {
    inches(48.0)
}

/// The wires of `side` on the table: each unit on a line, with the ends of its wire (the CO's
/// exchange, the unit). None while the CO is gone or his exchange is not set up.
pub fn wires(s: &DfState, side: Side) -> Vec<(UnitId, TablePoint, TablePoint)> {
    let Some(co) = s.co(side).filter(|c| c.phone) else {
        return Vec::new();
    };
    s.living(side)
        .filter(|u| u.phone && u.id != co.id)
        .map(|u| (u.id, co.at, u.at))
        .collect()
}

/// Why `id` may not lay a line now, if it may not (the timing is `check`'s).
pub fn check_lay(s: &DfState, side: Side, id: UnitId) -> Result<(), Refusal> {
    let u = s
        .unit(id)
        .filter(|u| u.side == side && u.alive())
        .ok_or(Refusal::NotYours)?;
    if !matches!(u.kind, Kind::Hq | Kind::Observer | Kind::Co) {
        return Err(Refusal::Line(
            "only the CO, a battalion HQ or an observer lays one",
        ));
    }
    if u.moved {
        return Err(Refusal::Moved(u.label()));
    }
    if u.pinned {
        return Err(Refusal::Pinned(u.label()));
    }
    if u.phone {
        return Err(Refusal::Line(if u.kind == Kind::Co {
            "the CO's exchange is set up already"
        } else {
            "it is on a line already"
        }));
    }
    if u.kind == Kind::Co {
        return Ok(());
    }
    let co = s
        .co(side)
        .ok_or(Refusal::Line("the CO is gone: there is no exchange"))?;
    if !co.phone {
        return Err(Refusal::Line(
            "the CO has no exchange yet: he must stand still a part to set it up",
        ));
    }
    if distance(co.at, u.at) > wire_reach() + 1e-9 {
        return Err(Refusal::Line(
            "the CO is beyond the 48″ of wire a drum carries",
        ));
    }
    Ok(())
}

/// The distance from `p` to the segment `a`–`b`.
fn to_segment(p: TablePoint, a: TablePoint, b: TablePoint) -> f64 {
    let d = [b[0] - a[0], b[1] - a[1]];
    let len2 = d[0] * d[0] + d[1] * d[1];
    let t = if len2 < 1e-12 {
        0.0
    } else {
        (((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / len2).clamp(0.0, 1.0)
    };
    distance(p, [a[0] + d[0] * t, a[1] + d[1] * t])
}

/// Whether segments `a`–`b` and `c`–`d` cross (touching counts).
fn crosses(a: TablePoint, b: TablePoint, c: TablePoint, d: TablePoint) -> bool {
    let side = |p: TablePoint, q: TablePoint, r: TablePoint| {
        (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    };
    let (d1, d2) = (side(c, d, a), side(c, d, b));
    let (d3, d4) = (side(a, b, c), side(a, b, d));
    d1 * d2 <= 0.0 && d3 * d4 <= 0.0 && (d1 != 0.0 || d2 != 0.0 || d3 != 0.0 || d4 != 0.0)
}

/// Shells fell at `at`: every wire, of either side, within 3″ of it is cut.
pub(super) fn cut_by_shells(out: &mut Emitter<DfState>, at: TablePoint) {
    for side in [Side::Attacker, Side::Defender] {
        for (unit, a, b) in wires(out.state(), side) {
            if to_segment(at, a, b) <= beaten_zone() + 1e-9 {
                out.emit(DfEvent::LineCut { unit, by: None });
            }
        }
    }
}

/// `mover` went from `from` to `to`: it cuts every enemy wire its path crossed.
pub(super) fn cut_by_crossing(
    out: &mut Emitter<DfState>,
    mover: UnitId,
    from: TablePoint,
    to: TablePoint,
) {
    let Some(side) = out.state().unit(mover).map(|u| u.side) else {
        return;
    };
    for (unit, a, b) in wires(out.state(), side.other()) {
        if crosses(from, to, a, b) {
            out.emit(DfEvent::LineCut {
                unit,
                by: Some(mover),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wires_are_cut_by_a_path_across_them_or_shells_near_them() {
        let p = |x: f64, y: f64| [inches(x), inches(y)];
        // A wire from (0, 0) to (0, 20): a path across it crosses, one beside it does not.
        assert!(crosses(
            p(-5.0, 10.0),
            p(5.0, 10.0),
            p(0.0, 0.0),
            p(0.0, 20.0)
        ));
        assert!(!crosses(
            p(1.0, 10.0),
            p(5.0, 10.0),
            p(0.0, 0.0),
            p(0.0, 20.0)
        ));
        assert!(!crosses(
            p(-5.0, 25.0),
            p(5.0, 25.0),
            p(0.0, 0.0),
            p(0.0, 20.0)
        ));
        // Shells 3″ off the wire reach it; 3.5″ off, or 3.5″ beyond its end, do not.
        assert!(to_segment(p(3.0, 10.0), p(0.0, 0.0), p(0.0, 20.0)) <= beaten_zone() + 1e-9);
        assert!(to_segment(p(3.5, 10.0), p(0.0, 0.0), p(0.0, 20.0)) > beaten_zone());
        assert!(to_segment(p(0.0, 23.5), p(0.0, 0.0), p(0.0, 20.0)) > beaten_zone());
    }
}
