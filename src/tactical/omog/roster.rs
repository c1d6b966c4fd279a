//! Everyone on the table: figures in id order (the dead stay, marked) and the teams and squads
//! they belong to. Teams of three to five men move together; two or three teams and an officer
//! make a squad.

use serde::{Deserialize, Serialize};

use super::figure::{Figure, FigureId, Kit, SquadId, TeamId};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{distance, TablePoint};

/// Three to five men who move together.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Team {
    id: TeamId,
    side: Side,
    squad: SquadId,
    garrison: bool,
}

impl Team {
    /// A team of `side` in `squad`; `garrison` when it starts in a house.
    pub fn new(id: TeamId, side: Side, squad: SquadId, garrison: bool) -> Team {
        Team {
            id,
            side,
            squad,
            garrison,
        }
    }
    /// Its number.
    pub fn id(&self) -> TeamId {
        self.id
    }
    /// Its side.
    pub fn side(&self) -> Side {
        self.side
    }
    /// Its squad.
    pub fn squad(&self) -> SquadId {
        self.squad
    }
    /// Deployed in a house at the start (a settlement die).
    pub fn garrison(&self) -> bool {
        self.garrison
    }
}

/// How many teams each squad of a side has: two or three, never one unless the side has only
/// one team (a lone team still gets its officer).
pub fn squad_sizes(teams: usize) -> Vec<usize> {
    match teams {
        0 => vec![],
        1 => vec![1],
        n => {
            // As many threes as leave a remainder of twos.
            let mut threes = n / 3;
            while (n - 3 * threes) % 2 != 0 {
                threes -= 1;
            }
            let twos = (n - 3 * threes) / 2;
            std::iter::repeat_n(3, threes)
                .chain(std::iter::repeat_n(2, twos))
                .collect()
        }
    }
}

/// Every figure and team of a battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Roster<K> {
    figures: Vec<Figure<K>>,
    teams: Vec<Team>,
}

impl<K: Kit> Roster<K> {
    /// A roster of these figures and teams. Ids must be their indices.
    pub fn new(figures: Vec<Figure<K>>, teams: Vec<Team>) -> Roster<K> {
        debug_assert!(figures
            .iter()
            .enumerate()
            .all(|(i, f)| f.id().0 as usize == i));
        debug_assert!(teams
            .iter()
            .enumerate()
            .all(|(i, t)| t.id().0 as usize == i));
        Roster { figures, teams }
    }

    /// Every figure, in id order, the dead included.
    pub fn figures(&self) -> &[Figure<K>] {
        &self.figures
    }

    /// Every team, in id order.
    pub fn teams(&self) -> &[Team] {
        &self.teams
    }

    /// A figure by id.
    pub fn figure(&self, id: FigureId) -> Option<&Figure<K>> {
        self.figures.get(id.0 as usize)
    }

    /// A team by id.
    pub fn team(&self, id: TeamId) -> Option<&Team> {
        self.teams.get(id.0 as usize)
    }

    /// Living figures of a side, in id order.
    pub fn living(&self, side: Side) -> impl Iterator<Item = &Figure<K>> + '_ {
        self.figures
            .iter()
            .filter(move |f| f.alive() && f.side() == side)
    }

    /// Living members of a team, in id order.
    pub fn team_members(&self, team: TeamId) -> impl Iterator<Item = &Figure<K>> + '_ {
        self.figures
            .iter()
            .filter(move |f| f.alive() && f.team() == team)
    }

    /// The nearest living enemy of `side` within `reach` of `p`.
    pub fn enemy_within(&self, side: Side, p: TablePoint, reach: f64) -> Option<&Figure<K>> {
        self.living(side.other())
            .filter(|e| distance(e.pos(), p) <= reach + 1e-9)
            .min_by(|a, b| {
                distance(a.pos(), p)
                    .total_cmp(&distance(b.pos(), p))
                    .then(a.id().cmp(&b.id()))
            })
    }

    /// A figure to change: for the engines' `apply`.
    pub(in crate::tactical) fn figure_mut(&mut self, id: FigureId) -> &mut Figure<K> {
        &mut self.figures[id.0 as usize]
    }

    /// Every figure to change: for the engines' `apply`.
    pub(in crate::tactical) fn figures_mut(&mut self) -> impl Iterator<Item = &mut Figure<K>> {
        self.figures.iter_mut()
    }

    /// Add a figure at the end (its id is its index); for deployment and position builders.
    pub(in crate::tactical) fn push_figure(&mut self, f: Figure<K>) {
        debug_assert_eq!(f.id().0 as usize, self.figures.len());
        self.figures.push(f);
    }

    /// Add a team at the end; for deployment and position builders.
    pub(in crate::tactical) fn push_team(&mut self, t: Team) {
        debug_assert_eq!(t.id().0 as usize, self.teams.len());
        self.teams.push(t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squads_are_two_or_three_teams() {
        assert_eq!(squad_sizes(1), vec![1]);
        assert_eq!(squad_sizes(2), vec![2]);
        assert_eq!(squad_sizes(3), vec![3]);
        assert_eq!(squad_sizes(4), vec![2, 2]);
        assert_eq!(squad_sizes(5), vec![3, 2]);
        assert_eq!(squad_sizes(7), vec![3, 2, 2]);
        assert_eq!(squad_sizes(8), vec![3, 3, 2]);
        for n in 2..=16 {
            let s = squad_sizes(n);
            assert_eq!(s.iter().sum::<usize>(), n);
            assert!(s.iter().all(|k| (2..=3).contains(k)), "{n}: {s:?}");
        }
    }
}
