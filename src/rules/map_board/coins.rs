//! The coins on the map as blocking discs, and how players read a coin's name in a message.

use super::network::{dist, Disc};
use super::MapBoard;
use crate::rules::ids::{PlayerId, SettlementId, UnitId};
use crate::rules::state::State;
use crate::rules::unit::Location;

/// Which piece a coin stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece {
    Unit(UnitId),
    Settlement(SettlementId),
}

/// One coin on the map.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Coin {
    pub(crate) disc: Disc,
    pub(crate) piece: Piece,
    pub(crate) owner: PlayerId,
}

impl MapBoard<'_> {
    /// Every coin not belonging to `me`, settlements first then units, each by id.
    pub(crate) fn enemy_coins(&self, state: &State, me: PlayerId) -> Vec<Coin> {
        let all = state.settlements().size_hint().0 + state.units().size_hint().0;
        self.coins_of_others(state, me, all, |_| true)
    }

    /// The coins not belonging to `me` whose centres pass `keep`, in [`Self::enemy_coins`]'
    /// order. Filtering as they are gathered spares building every coin on the map when a
    /// question (a siege) only counts those in one circle.
    pub(crate) fn enemy_coins_where(
        &self,
        state: &State,
        me: PlayerId,
        keep: impl Fn([f64; 2]) -> bool,
    ) -> Vec<Coin> {
        self.coins_of_others(state, me, 0, keep)
    }

    fn coins_of_others(
        &self,
        state: &State,
        me: PlayerId,
        capacity: usize,
        keep: impl Fn([f64; 2]) -> bool,
    ) -> Vec<Coin> {
        let mut out = Vec::with_capacity(capacity);
        for s in state.settlements().filter(|s| s.owner() != me) {
            let c = s.pos().to_m();
            if keep(c) {
                out.push(Coin {
                    disc: Disc {
                        c,
                        r: self.coin_r(s.coin()),
                    },
                    piece: Piece::Settlement(s.id()),
                    owner: s.owner(),
                });
            }
        }
        // Units aboard a Ship have no coin of their own: the Ship's stands for them.
        for u in state.units().filter(|u| u.owner() != me) {
            // Where the unit stands, as `State::unit_pos` says, without looking it up again.
            let pos = match u.at() {
                Location::Aboard(_) => continue,
                Location::Settlement(s) => match state.settlement(s) {
                    Some(s) => s.pos(),
                    None => continue,
                },
                Location::Road(p) | Location::OffRoad(p) | Location::Sea(p) => p,
            };
            let c = pos.to_m();
            if keep(c) {
                out.push(Coin {
                    disc: Disc {
                        c,
                        r: self.coin_r(u.kind().coin()),
                    },
                    piece: Piece::Unit(u.id()),
                    owner: u.owner(),
                });
            }
        }
        out
    }

    /// The name of the nearest place, and whether `p` stands on it (within a 1p coin).
    fn locality(&self, p: [f64; 2]) -> Option<(String, bool)> {
        let near = self.map.place_tree().nearest_neighbor(&p)?;
        let place = self.map.place(near.data);
        let on = dist(place.pos(), p) <= self.coin_r(crate::map::Measure::Coin1p);
        Some((place.name().to_string(), on))
    }

    /// "at Encamp", "on the CG-2 near Encamp" or "near Encamp" for a point; the road named is
    /// one a unit there stands on (not a bridge above it), or for a point off road the nearest
    /// within a road line's width.
    pub(crate) fn where_is(&self, p: [f64; 2], on_road: bool) -> String {
        let Some((name, on)) = self.locality(p) else {
            return String::new();
        };
        if on {
            return format!(" at {name}");
        }
        let edges: Vec<crate::map::EdgeId> = if on_road {
            self.standing_on(p).into_iter().map(|(e, _)| e).collect()
        } else {
            self.map
                .nearest_road_point(p)
                .filter(|rp| rp.distance <= self.snap_m())
                .map(|rp| rp.edge)
                .into_iter()
                .collect()
        };
        let road = edges.into_iter().find_map(|e| {
            let edge = self.map.roads().edge(e);
            edge.road_ref().or(edge.name()).map(str::to_string)
        });
        match road {
            Some(r) => format!(" on the {r} near {name}"),
            None => format!(" near {name}"),
        }
    }

    /// How a player reads a coin: "Blue's Guard at Encamp", "Blue's fortification at Encamp".
    pub(crate) fn label(&self, state: &State, piece: Piece) -> String {
        match piece {
            Piece::Settlement(s) => match state.settlement(s) {
                Some(s) => format!(
                    "{}'s {} at {}",
                    state.name_of(s.owner()),
                    if s.is_fort() {
                        "fortification"
                    } else {
                        "settlement"
                    },
                    s.name()
                ),
                None => "a settlement".into(),
            },
            Piece::Unit(u) => {
                let Some(unit) = state.unit(u) else {
                    return "a unit".into();
                };
                let owner = state.name_of(unit.owner());
                match unit.at() {
                    Location::Settlement(s) => format!(
                        "{owner}'s {} in {}",
                        unit.kind(),
                        state.settlement(s).map_or("a settlement", |s| s.name())
                    ),
                    Location::Road(p) => {
                        format!("{owner}'s {}{}", unit.kind(), self.where_is(p.to_m(), true))
                    }
                    Location::OffRoad(p) | Location::Sea(p) => {
                        format!(
                            "{owner}'s {}{}",
                            unit.kind(),
                            self.where_is(p.to_m(), false)
                        )
                    }
                    Location::Aboard(_) => format!("{owner}'s {} aboard a Ship", unit.kind()),
                }
            }
        }
    }

    /// "A, B and C".
    pub(crate) fn labels(&self, state: &State, pieces: &[Piece]) -> String {
        let names: Vec<String> = pieces.iter().map(|p| self.label(state, *p)).collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    }
}
