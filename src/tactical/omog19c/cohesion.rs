//! The 19C attacker advances as a body: a man who has got more than a few inches ahead of the
//! rear of his force (along the route to the objective) is offered no move that takes him
//! further forward, so he holds, or steps into cover, until the rest close up; then the line
//! goes in together. Charges and walks into contact stay open to him, so a fight he can reach
//! is still his to take.
//!
//! Measured on the trap places of `docs/rules/omog19c.md` (Encamp, Canillo, Schaan, Harsdorf),
//! where the attackers came up strung out over six inches and fell one at a time.

use super::command::OmogCommand;
use super::state::{contact, Figure, OmogState, Phase, Role};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::route::Routes;
use crate::tactical::ruleset::Side;
use crate::tactical::table::{distance, inches};

/// How far (inches of route) a man may stand ahead of the rear of his force before he waits.
const LEAD_INCHES: f64 = 4.0;

/// The route distance of the force's rear: the man a quarter of the way in from the back, so
/// that one straggler (stuck behind a river, left behind by a fight) does not hold the line.
fn rear(routes: &Routes, state: &OmogState, side: Side) -> Option<f64> {
    let mut d: Vec<f64> = state
        .living(side)
        .filter(|f| f.role() != Role::Gunner)
        .map(|f| routes.dist(f.pos()))
        .filter(|d| d.is_finite())
        .collect();
    if d.len() < 3 {
        return None;
    }
    d.sort_by(|a, b| b.total_cmp(a));
    Some(d[d.len() / 4])
}

/// Drops from `cmds` (the move-phase commands of attacking figure `f`) every plain move that
/// ends further forward than the force's front may go: `LEAD_INCHES` ahead of its rear, or
/// where `f` already stands if it is ahead of that.
pub fn hold_back(field: &Battlefield, state: &OmogState, f: &Figure, cmds: &mut Vec<OmogCommand>) {
    if f.side() != Side::Attacker || f.role() == Role::Gunner {
        return;
    }
    if !matches!(state.phase(), Phase::Move(_)) {
        return;
    }
    let routes = Routes::of(field);
    let Some(rear) = rear(&routes, state, f.side()) else {
        return;
    };
    let here = routes.dist(f.pos());
    let front = (rear - inches(LEAD_INCHES)).min(here);
    cmds.retain(|c| match c {
        OmogCommand::Move {
            path,
            charge: false,
            ..
        } => {
            let end = *path.last().expect("path");
            let touching = state
                .living(f.side().other())
                .any(|e| distance(e.pos(), end) <= contact() + 1e-6);
            touching || routes.dist(end) >= front - inches(0.5)
        }
        _ => true,
    });
}
