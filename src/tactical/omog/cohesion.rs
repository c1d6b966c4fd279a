//! Team cohesion: soldiers stay within half a move of the nearest team mate — the man moving and
//! every mate he leaves behind; the last man of a team holds or closes on his side; officers go
//! where they like.

use super::figure::{Figure, Kit, Role};
use super::movement::cohesion_distance;
use super::refusal::Refusal;
use super::roster::Roster;
use crate::tactical::table::{distance, TablePoint};

/// Whether `f` may end a move at `end` and keep his team together.
pub fn check<K: Kit>(roster: &Roster<K>, f: &Figure<K>, end: TablePoint) -> Result<(), Refusal> {
    if f.role() == Role::Officer {
        return Ok(());
    }
    let mates: Vec<&Figure<K>> = roster
        .team_members(f.team())
        .filter(|m| m.id() != f.id())
        .collect();
    if mates.is_empty() {
        let nearest = |p: TablePoint| {
            roster
                .living(f.side())
                .filter(|o| o.id() != f.id())
                .map(|o| distance(o.pos(), p))
                .fold(f64::INFINITY, f64::min)
        };
        if nearest(end) > nearest(f.pos()) + 1e-9 {
            return Err(Refusal::LastOfTeam(f.name()));
        }
    } else if !mates
        .iter()
        .any(|m| distance(m.pos(), end) <= cohesion_distance() + 1e-9)
    {
        return Err(Refusal::Cohesion(f.name()));
    }
    // Nor may he walk off and leave a mate alone: every soldier who had a comrade within reach
    // before the move keeps one after it.
    let near = |a: TablePoint, b: TablePoint| distance(a, b) <= cohesion_distance() + 1e-9;
    for m in mates.iter().filter(|m| m.role() != Role::Officer) {
        let others = || mates.iter().filter(|o| o.id() != m.id());
        let had = near(f.pos(), m.pos()) || others().any(|o| near(o.pos(), m.pos()));
        let has = near(end, m.pos()) || others().any(|o| near(o.pos(), m.pos()));
        if had && !has {
            return Err(Refusal::Strands(m.name()));
        }
    }
    Ok(())
}
