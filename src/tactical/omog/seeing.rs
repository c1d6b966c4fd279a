//! Who can fire at whom, the same in 19C and Musket: a house, hill or wood between them hides a
//! man, and a man deep in a wood is hidden from anyone outside that wood — both ways, since if
//! he cannot be hit he cannot fire back.

use super::figure::{Figure, Kit};
use super::movement::woods_sight_depth;
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::sight::{Cover, Sight};
use crate::tactical::table::TablePoint;

/// Why a man cannot be fired at from a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unseen {
    /// Something stands between them.
    Blocked(AreaKind),
    /// The target is more than 2″ inside a wood the shooter is not in.
    DeepInWoods,
    /// The shooter is more than 2″ inside a wood the target is not in.
    ShooterDeepInWoods,
}

impl Unseen {
    /// What blocks the line, in words ("a house").
    pub fn what(self) -> &'static str {
        match self {
            Unseen::Blocked(AreaKind::House) => "a house",
            Unseen::Blocked(AreaKind::Woods) | Unseen::DeepInWoods | Unseen::ShooterDeepInWoods => {
                "woods"
            }
            Unseen::Blocked(AreaKind::Hill) => "a hill",
            Unseen::Blocked(AreaKind::Water | AreaKind::Swamp) => "terrain",
        }
    }
}

/// Whether a man at `from` may fire directly at a man at `to`: nothing between them, and
/// neither more than 2″ (measured along the line) inside a wood the other is not in. Two men in
/// the same wood see each other whatever the depth.
pub fn line_of_fire(field: &Battlefield, from: TablePoint, to: TablePoint) -> Result<(), Unseen> {
    match field.sight(from, to) {
        Sight::Blocked { by, .. } => Err(Unseen::Blocked(by)),
        Sight::Clear {
            woods_depth_at: [at_from, at_to],
            ..
        } => {
            let deep = |d: f64| d > woods_sight_depth() + 1e-9;
            if deep(at_to) {
                Err(Unseen::DeepInWoods)
            } else if deep(at_from) {
                Err(Unseen::ShooterDeepInWoods)
            } else {
                Ok(())
            }
        }
    }
}

/// One thing about where the two men stand that changes a shot's roll, in terms both OMOG
/// rulesets share; each turns them into its own modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShotTerm {
    /// The target's cover against the shooter.
    Cover(Cover),
    /// The target has no cover but stands at a corner, a wall's end or the edge of the trees,
    /// firing round it.
    FiringRound,
    /// The shooter is on a roof or a hill and the target is not.
    ShooterHigh,
}

/// What the ground gives a shot from `shooter` at `target`. Engine ruling (see the rules docs):
/// a house is all the cover a man in it gets; otherwise the ground he stands in (woods, a hill
/// crest) and the best wall in front of him add, one of each; a man with no cover beside a
/// house, wood or wall is firing round it. A man on a roof is on the house, not in it: it covers
/// him not at all, and it is a high place to shoot from.
pub fn shot_terms<K: Kit>(
    field: &Battlefield,
    shooter: &Figure<K>,
    target: &Figure<K>,
) -> Vec<ShotTerm> {
    let (to, from) = (target.pos(), shooter.pos());
    let mut covers = field.covers(to, from);
    if target.on_roof() {
        covers.retain(|c| *c != Cover::House);
    }
    let mut out: Vec<ShotTerm> = Vec::new();
    if covers.first() == Some(&Cover::House) {
        out.push(ShotTerm::Cover(Cover::House));
    } else {
        for c in [Cover::Woods, Cover::HillCrest] {
            if covers.contains(&c) {
                out.push(ShotTerm::Cover(c));
            }
        }
        // The best wall only: a fence behind a stone wall adds nothing.
        if let Some(&w) = covers.iter().find(|c| matches!(c, Cover::Wall(_))) {
            out.push(ShotTerm::Cover(w));
        }
        if out.is_empty() && !target.on_roof() && field.beside_cover(to, from) {
            out.push(ShotTerm::FiringRound);
        }
    }
    let high =
        |f: &Figure<K>| f.on_roof() || field.area_kinds_at(f.pos()).contains(&AreaKind::Hill);
    if high(shooter) && !high(target) {
        out.push(ShotTerm::ShooterHigh);
    }
    out
}

/// The cover a man has against a heavy weapon's point of impact: none from a house whose roof
/// he stands on.
pub fn cover_from<K: Kit>(field: &Battlefield, f: &Figure<K>, impact: TablePoint) -> Option<Cover> {
    let mut covers = field.covers(f.pos(), impact);
    if f.on_roof() {
        covers.retain(|c| *c != Cover::House);
    }
    covers.first().copied()
}

/// The tops of the houses and woods within `reach` of `from` (and more than a millimetre off
/// it), nearest the objective first: where a figure may run for cover. The bots try them in this
/// order and stop at the first they can reach, since checking a move is the dear part.
pub fn cover_tops_within(field: &Battlefield, from: TablePoint, reach: f64) -> Vec<TablePoint> {
    use crate::tactical::table::distance;
    let mut near: Vec<TablePoint> = field
        .areas
        .iter()
        .filter(|a| matches!(a.kind, AreaKind::House | AreaKind::Woods))
        .map(|a| a.top)
        .filter(|&p| distance(p, from) <= reach && distance(p, from) > 1.0)
        .collect();
    near.sort_by(|a, b| distance(*a, field.objective).total_cmp(&distance(*b, field.objective)));
    near
}
