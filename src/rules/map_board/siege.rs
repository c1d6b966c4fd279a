//! Sieges (RULINGS §6): is any major road open from a settlement's coin to the edge of the
//! card-breadth circle round it, avoiding the coins of enemy units and settlements whose centres
//! lie in that circle?

use super::coins::{Coin, Piece};
use super::network::{dist, Disc, Query, Source};
use super::MapBoard;
use crate::rules::ids::{PlayerId, SettlementId, UnitId};
use crate::rules::state::State;
use crate::rules::unit::{UnitType, SIEGE_RADIUS};

/// A settlement's roads out, as the siege rule counts them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SiegeReport {
    /// The players whose coins close the roads, by seat; empty unless it is under siege.
    pub besiegers: Vec<PlayerId>,
    /// Roads leaving the circle that are still open (each crossing of the circle's edge counts).
    pub open_roads: usize,
    /// Roads leaving the circle with no enemy about: a settlement no road leaves at all (a dead
    /// end in a valley) is not under siege, as no enemy closed anything.
    pub roads_out: usize,
    /// A port's sea side (seafaring, RULINGS §10): `Some(true)` while open, `Some(false)` while
    /// an enemy Ship lies in the siege circle and none of the owner's does; `None` for a
    /// settlement that is no port.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sea_side: Option<bool>,
}

impl SiegeReport {
    /// Whether the settlement is under siege.
    pub fn under_siege(&self) -> bool {
        !self.besiegers.is_empty()
    }
}

/// The enemy coins that count for a siege of `s`, with its circle and coin.
fn setting(b: &MapBoard, state: &State, s: SettlementId) -> Option<(Vec<Coin>, Disc, Disc)> {
    let set = state.settlement(s)?;
    let centre = set.pos().to_m();
    let circle = Disc {
        c: centre,
        r: b.m(SIEGE_RADIUS),
    };
    let coins: Vec<Coin> = b.enemy_coins_where(state, set.owner(), |c| dist(c, centre) <= circle.r);
    let own = Disc {
        c: centre,
        r: b.coin_r(set.coin()),
    };
    Some((coins, circle, own))
}

pub(crate) fn report(b: &MapBoard, state: &State, s: SettlementId) -> Option<SiegeReport> {
    let (coins, circle, own) = setting(b, state, s)?;
    let discs: Vec<Disc> = coins.iter().map(|c| c.disc).collect();
    let q = Query {
        circle,
        blockers: &discs,
        source: Source::Disc(own),
        motorway_only: false,
    };
    let net = b.net(&q);
    let open_roads = net.exits();
    let roads_out = if coins.is_empty() {
        open_roads
    } else {
        b.net(&Query { blockers: &[], ..q }).exits()
    };
    let sea_side = sea_side(b, state, s, &coins);
    let mut besiegers = Vec::new();
    if open_roads == 0 && roads_out > 0 && sea_side != Some(true) {
        let met = net.blockers_met();
        besiegers = if met.is_empty() {
            coins.iter().map(|c| c.owner).collect()
        } else {
            met.iter().map(|&i| coins[i].owner).collect()
        };
        besiegers.sort();
        besiegers.dedup();
    }
    Some(SiegeReport {
        besiegers,
        open_roads,
        roads_out,
        sea_side,
    })
}

/// A port's sea side: one more way out, closed while an enemy Ship lies in the siege circle and
/// none of the owner's Ships does.
fn sea_side(b: &MapBoard, state: &State, s: SettlementId, coins: &[Coin]) -> Option<bool> {
    if !b.port(state, s) {
        return None;
    }
    let set = state.settlement(s)?;
    let centre = set.pos().to_m();
    let radius = b.m(SIEGE_RADIUS);
    let is_ship = |u: UnitId| state.unit(u).is_some_and(|u| u.kind() == UnitType::Ship);
    let enemy_ship = coins
        .iter()
        .any(|c| matches!(c.piece, Piece::Unit(u) if is_ship(u)));
    let own_ship = state.units().any(|u| {
        u.owner() == set.owner()
            && u.kind() == UnitType::Ship
            && state
                .unit_pos(u.id())
                .is_some_and(|p| dist(p.to_m(), centre) <= radius)
    });
    Some(!enemy_ship || own_ship)
}

/// The fast answer the engine asks after every change: no enemy coin in the circle, no siege.
pub(crate) fn besiegers(b: &MapBoard, state: &State, s: SettlementId) -> Vec<PlayerId> {
    match setting(b, state, s) {
        Some((coins, _, _)) if !coins.is_empty() => {
            report(b, state, s).map(|r| r.besiegers).unwrap_or_default()
        }
        _ => Vec::new(),
    }
}
