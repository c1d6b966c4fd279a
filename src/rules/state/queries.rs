//! Small read-only questions about the state that several stages of the engine ask.

use super::State;
use crate::map::PlaceId;
use crate::rules::ids::{PlayerId, SettlementId, UnitId};
use crate::rules::unit::Location;

impl State {
    /// Players still in the game, in turn order.
    pub fn active_players(&self) -> Vec<PlayerId> {
        (0..self.players.len())
            .map(|i| PlayerId(i as u8))
            .filter(|p| !self.players[p.index()].out)
            .collect()
    }

    /// The next player still in the game after `p` in turn order (`p` itself if alone).
    pub fn next_active_after(&self, p: PlayerId) -> PlayerId {
        let n = self.players.len();
        (1..=n)
            .map(|k| PlayerId(((p.index() + k) % n) as u8))
            .find(|q| !self.players[q.index()].out)
            .unwrap_or(p)
    }

    /// A player's settlements, by id.
    pub fn settlements_of(&self, p: PlayerId) -> Vec<SettlementId> {
        self.settlements
            .values()
            .filter(|s| s.owner == p)
            .map(|s| s.id)
            .collect()
    }

    /// A player's units, by id.
    pub fn units_of(&self, p: PlayerId) -> Vec<UnitId> {
        self.units
            .values()
            .filter(|u| u.owner == p)
            .map(|u| u.id)
            .collect()
    }

    /// Units inside a settlement, by id.
    pub fn defenders(&self, s: SettlementId) -> Vec<UnitId> {
        self.units_at(Location::Settlement(s))
    }

    /// Units standing exactly at a location, by id.
    pub fn units_at(&self, at: Location) -> Vec<UnitId> {
        self.units
            .values()
            .filter(|u| u.at == at)
            .map(|u| u.id)
            .collect()
    }

    /// The unit and every unit of the same owner standing with it, by id.
    pub fn stack_of(&self, unit: UnitId) -> Vec<UnitId> {
        let Some(u) = self.units.get(&unit) else {
            return Vec::new();
        };
        self.units
            .values()
            .filter(|v| v.owner == u.owner && v.at == u.at)
            .map(|v| v.id)
            .collect()
    }

    /// The units aboard a Ship, by id (none for any other unit).
    pub fn cargo(&self, ship: UnitId) -> Vec<UnitId> {
        self.units_at(Location::Aboard(ship))
    }

    /// The settlement built on a place, if any.
    pub fn settlement_on(&self, place: PlaceId) -> Option<SettlementId> {
        self.settlements
            .values()
            .find(|s| s.place == place)
            .map(|s| s.id)
    }

    /// Whether a player holds nothing at all: no settlement and no unit (RULINGS §5: out).
    pub fn holds_nothing(&self, p: PlayerId) -> bool {
        !self.settlements.values().any(|s| s.owner == p)
            && !self.units.values().any(|u| u.owner == p)
    }

    /// Every card in the game, wherever it is: pile, discard, hands and out of play.
    pub fn card_count(&self) -> usize {
        self.pile.len()
            + self.discard.len()
            + self.out_of_play.len()
            + self.players.iter().map(|p| p.hand.len()).sum::<usize>()
    }

    /// Whether `p` is a seat of this game.
    pub fn has_player(&self, p: PlayerId) -> bool {
        p.index() < self.players.len()
    }

    /// Player name, for messages.
    pub(crate) fn name_of(&self, p: PlayerId) -> &str {
        self.players
            .get(p.index())
            .map_or("?", |pl| pl.name.as_str())
    }
}
