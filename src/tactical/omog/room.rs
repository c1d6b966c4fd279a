//! Figures take up room, as toy soldiers on a table do (RULINGS §9): no two stand closer than a
//! base's width (1″), a house holds as many figures as its footprint has 1″ squares for (at
//! least one), and horses do not go into houses.

use super::figure::{Figure, FigureId, Kit};
use super::movement::Mount;
use super::refusal::Refusal;
use super::roster::Roster;
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::sight::PathSurvey;
use crate::tactical::table::{distance, inches, TablePoint};

/// A figure's base: the closest two figures may stand, centre to centre. It is also the
/// reach of hand to hand, so men charging into contact stand base to base.
pub fn base() -> f64 {
    inches(1.0)
}

/// How many figures house `area` (an index into the battlefield's areas) holds.
pub fn house_capacity(field: &Battlefield, area: usize) -> usize {
    use geo::Area;
    // A hair over, so a footprint of exactly four square inches holds four.
    let squares = field.areas[area].shape.unsigned_area() / (base() * base()) + 1e-6;
    (squares.floor() as usize).max(1)
}

/// How many living figures stand in house `h`, leaving out those `skip` names (the ones
/// moving, who count where they end).
pub fn inside<K: Kit>(
    field: &Battlefield,
    roster: &Roster<K>,
    h: usize,
    skip: impl Fn(FigureId) -> bool,
) -> usize {
    roster
        .figures()
        .iter()
        .filter(|o| o.alive() && !skip(o.id()) && field.area_holds(h, o.pos()))
        .count()
}

/// The houses standing at `p`.
pub fn houses_at(field: &Battlefield, p: TablePoint) -> Vec<usize> {
    field.areas_of_kind_at(p, AreaKind::House)
}

/// Whether `p` is at least a base from every living figure but `except`.
pub fn clear_of<K: Kit>(roster: &Roster<K>, p: TablePoint, except: Option<&Figure<K>>) -> bool {
    roster
        .figures()
        .iter()
        .filter(|o| o.alive() && except.is_none_or(|e| e.id() != o.id()))
        .all(|o| distance(o.pos(), p) >= base() - 1e-6)
}

/// The first living figure but `f` standing within a base of `end`: who leaves `f` no room
/// to stand there.
pub fn in_the_way<'a, K: Kit>(
    roster: &'a Roster<K>,
    f: &Figure<K>,
    end: TablePoint,
) -> Option<&'a Figure<K>> {
    roster
        .figures()
        .iter()
        .find(|o| o.alive() && o.id() != f.id() && distance(o.pos(), end) < base() - 1e-6)
}

/// Whether `f` may end a move over `survey` at `end`: room to stand, no horse in a house, a
/// house not already full.
pub fn check<K: Kit>(
    field: &Battlefield,
    roster: &Roster<K>,
    f: &Figure<K>,
    end: TablePoint,
    survey: &PathSurvey,
) -> Result<(), Refusal> {
    if f.mount() == Mount::Horse
        && (survey.legs.iter().any(|l| l.footing.house) || !houses_at(field, end).is_empty())
    {
        return Err(Refusal::HorseInHouse(f.name()));
    }
    if let Some(o) = in_the_way(roster, f, end) {
        return Err(Refusal::NoRoom {
            who: f.name(),
            other: o.name(),
        });
    }
    for h in houses_at(field, end) {
        let inside = inside(field, roster, h, |o| o == f.id());
        let holds = house_capacity(field, h);
        if inside >= holds {
            return Err(Refusal::HouseFull { holds });
        }
    }
    Ok(())
}
