//! What the stronger bot (`general`) adds to the fast one: it weighs the moves the fast bot
//! would try one after another, and takes the one that gains ground at least cost. Moving under
//! the enemy's eyes invites interrupting fire, and any loss pins; ending in a house or wood
//! makes each of his dice 2 worse. So a move's worth is the ground it gains towards the goal,
//! less 4″ for each enemy company that could shoot at where it ends, plus 4″ if it ends in cover.

use super::super::command::DfCommand;
use super::super::fire::{range, reach, sees};
use super::super::movement::cover_ground;
use super::super::state::DfState;
use super::super::unit::Unit;
use crate::tactical::battlefield::Battlefield;
use crate::tactical::table::{distance, inches, TablePoint};

/// The best of `found` (legal moves of `u`, each with where it ends), or None if there are none.
pub(super) fn safest(
    field: &Battlefield,
    s: &DfState,
    u: &Unit,
    goal: TablePoint,
    found: Vec<(TablePoint, DfCommand)>,
) -> Option<DfCommand> {
    let armoured = u.kind.armour().is_some();
    let threats: Vec<&Unit> = s
        .living(u.side.other())
        .filter(|e| !e.staff() && !e.pinned)
        .collect();
    let worth = |to: TablePoint| {
        let gain = distance(u.at, goal) - distance(to, goal);
        let seen = threats
            .iter()
            .filter(|e| range(e.at, to) <= reach(e, armoured) && sees(field, e.at, to))
            .count() as f64;
        let cover = cover_ground(field, to) as u8 as f64;
        gain - inches(4.0) * seen + inches(4.0) * cover
    };
    found
        .into_iter()
        .map(|(to, cmd)| (worth(to), cmd))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, cmd)| cmd)
}
