//! Is a state one the rules could have produced, as far as bookkeeping goes? A loaded save is
//! checked here so that a hand-edited or damaged file is refused with a reason instead of making
//! the engine stumble over a player or settlement that is not there.

use super::{Pending, State};
use crate::rules::cards::Card;
use crate::rules::ids::PlayerId;
use crate::rules::options::MAX_PLAYERS;
use crate::rules::unit::{Location, UnitType, SHIP_CAPACITY};

impl State {
    /// The first bookkeeping inconsistency found, in words; `None` when there is none.
    pub fn consistency_problem(&self) -> Option<String> {
        let n = self.players.len();
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Some(format!("{n} players"));
        }
        let seat = |p: PlayerId| p.index() < n;
        let mut seen = vec![0u8; n * 54];
        let hands = self.players.iter().flat_map(|p| p.hand.iter());
        for c in self
            .pile
            .iter()
            .chain(&self.discard)
            .chain(&self.out_of_play)
            .chain(hands)
        {
            match seen.get_mut(usize::from(c.0)) {
                Some(k) => *k += 1,
                None => return Some(format!("card #{} does not exist", c.0)),
            }
        }
        if let Some(i) = seen.iter().position(|k| *k != 1) {
            return Some(format!("card #{i} is in {} places", seen[i]));
        }
        if self
            .out_of_play
            .iter()
            .any(|c| Card::from_id(*c) != Card::Joker)
        {
            return Some("a playing card is out of play".into());
        }
        if !seat(self.current) || self.winner.is_some_and(|w| !seat(w)) {
            return Some("the current player or winner is not a seat".into());
        }
        for (id, s) in &self.settlements {
            if s.id != *id || !seat(s.owner) || id.0 >= self.next_settlement {
                return Some(format!("settlement #{} is malformed", id.0));
            }
        }
        for (id, u) in &self.units {
            if u.id != *id || !seat(u.owner) || id.0 >= self.next_unit {
                return Some(format!("unit #{} is malformed", id.0));
            }
            if let Location::Settlement(s) = u.at {
                if self.settlements.get(&s).is_none_or(|s| s.owner != u.owner) {
                    return Some(format!("unit #{} is in a settlement not its owner's", id.0));
                }
            }
            if let Some(problem) = self.seafaring_problem(u) {
                return Some(format!("unit #{} {problem}", id.0));
            }
        }
        for (i, p) in self.players.iter().enumerate() {
            if let Some(base) = p.base {
                if self
                    .settlements
                    .get(&base)
                    .is_none_or(|s| s.owner.index() != i)
                {
                    return Some(format!("{}'s base is not theirs", p.name));
                }
            }
        }
        for pending in &self.pending {
            let ok = match pending {
                Pending::Trade { from, with, .. } => seat(*from) && seat(*with),
                Pending::Defender { candidates, .. }
                | Pending::SiegeCasualty { candidates, .. } => {
                    candidates.iter().all(|u| self.units.contains_key(u))
                }
                Pending::NewBase { candidates, .. } => {
                    candidates.iter().all(|s| self.settlements.contains_key(s))
                }
                Pending::BattleOffer {
                    attacker, defender, ..
                } => self.units.contains_key(attacker) && self.units.contains_key(defender),
                Pending::Battle { request, .. } => {
                    self.units.contains_key(&request.attacker)
                        && self.units.contains_key(&request.defender)
                }
            };
            if !ok || !seat(pending.player()) {
                return Some("a pending decision refers to something missing".into());
            }
        }
        if self
            .sieges
            .keys()
            .any(|s| !self.settlements.contains_key(s))
        {
            return Some("a siege of a settlement that does not exist".into());
        }
        None
    }

    /// Ships only at sea, and units aboard only in one of their owner's Ships, never more than
    /// [`SHIP_CAPACITY`] to a Ship (RULINGS §10).
    fn seafaring_problem(&self, u: &crate::rules::Unit) -> Option<&'static str> {
        let ship = u.kind == UnitType::Ship;
        match u.at {
            Location::Sea(_) if !ship => Some("is at sea but is no Ship"),
            Location::Sea(_) if self.cargo(u.id).len() > SHIP_CAPACITY => {
                Some("is a Ship carrying more than three units")
            }
            Location::Sea(_) => None,
            Location::Aboard(_) if ship => Some("is a Ship aboard another"),
            Location::Aboard(s) => match self.units.get(&s) {
                Some(s) if s.kind == UnitType::Ship && s.owner == u.owner => {
                    (!matches!(s.at, Location::Sea(_))).then_some("is aboard a Ship not at sea")
                }
                _ => Some("is aboard something that is not its owner's Ship"),
            },
            _ if ship => Some("is a Ship on land"),
            _ => None,
        }
    }
}
