//! A [`Board`] without a map, for tests and examples: places are points on a flat table, every
//! straight line is a road, and a coin blocks only the exact point it stands on.
//!
//! It answers the rules' geometry questions in the simplest way that still exercises them:
//! - a move is legal within the unit's radius unless an enemy piece stands on the destination;
//! - an attack reaches any enemy within card breadth;
//! - a settlement is besieged when two or more enemy units stand within card breadth of it
//!   (or as [`TableBoard::set_besiegers`] says).
//!
//! The real board (roads, coin discs, water) implements the same trait from a `GameMap`.

use std::collections::BTreeMap;

use super::board::{Board, PlaceFacts};
use super::cards::{Card, Rank, Suit};
use super::command::{Move, Target};
use super::error::RuleError;
use super::ids::CardId;
use super::ids::{MapPoint, PlayerId, SettlementId, UnitId};
use super::options::{GameSetup, Options, PlayerSetup};
use super::state::State;
use super::unit::{Location, ATTACK_RADIUS, SIEGE_RADIUS};
use crate::map::{PlaceId, PlaceKind, Scale};

/// A flat table of places.
#[derive(Debug, Clone, Default)]
pub struct TableBoard {
    places: Vec<PlaceFacts>,
    besiegers: Option<BTreeMap<SettlementId, Vec<PlayerId>>>,
}

impl TableBoard {
    /// An empty table.
    pub fn new() -> TableBoard {
        TableBoard::default()
    }

    /// Add a place at `[x, y]` metres; returns its id.
    pub fn add_place(
        &mut self,
        name: &str,
        kind: PlaceKind,
        playable: bool,
        at: [f64; 2],
    ) -> PlaceId {
        self.places.push(PlaceFacts {
            name: name.to_string(),
            kind,
            playable,
            pos: MapPoint::from_m(at),
        });
        PlaceId(self.places.len() as u32 - 1)
    }

    /// `cols × rows` places `spacing_m` apart, named `P0`, `P1`, …; kinds cycle city, town,
    /// village, suburb; every seventh place is off the major roads.
    pub fn grid(cols: u32, rows: u32, spacing_m: f64) -> TableBoard {
        let mut board = TableBoard::new();
        for i in 0..cols * rows {
            let kind = PlaceKind::ALL[(i % 4) as usize];
            let at = [
                f64::from(i % cols) * spacing_m,
                f64::from(i / cols) * spacing_m,
            ];
            board.add_place(&format!("P{i}"), kind, i % 7 != 6, at);
        }
        board
    }

    /// From now on, say exactly which settlements are besieged and by whom (all others are
    /// not), instead of counting enemy units nearby.
    pub fn set_besiegers(&mut self, settlement: SettlementId, players: Vec<PlayerId>) {
        self.besiegers
            .get_or_insert_with(BTreeMap::new)
            .insert(settlement, players);
    }

    /// Where a place is.
    pub fn pos(&self, place: PlaceId) -> MapPoint {
        self.places[place.0 as usize].pos
    }
}

/// Who stands at `pos` in the way of `me`: an enemy settlement or an enemy unit.
fn enemy_at(state: &State, me: PlayerId, pos: MapPoint) -> Option<String> {
    if let Some(s) = state
        .settlements()
        .find(|s| s.pos() == pos && s.owner() != me)
    {
        return Some(format!(
            "{}'s settlement at {}",
            state.name_of(s.owner()),
            s.name()
        ));
    }
    let unit = state
        .units()
        .find(|u| u.owner() != me && state.unit_pos(u.id()) == Some(pos))?;
    Some(format!("{}'s {}", state.name_of(unit.owner()), unit.kind()))
}

impl Board for TableBoard {
    fn place(&self, id: PlaceId) -> Option<PlaceFacts> {
        self.places.get(id.0 as usize).cloned()
    }

    fn place_ids(&self) -> Vec<PlaceId> {
        (0..self.places.len() as u32).map(PlaceId).collect()
    }

    fn place_under(&self, pos: MapPoint) -> Option<PlaceId> {
        self.places
            .iter()
            .position(|p| p.pos.distance_m(pos) <= 1.0)
            .map(|i| PlaceId(i as u32))
    }

    fn check_move(&self, state: &State, mv: &Move) -> Result<Location, RuleError> {
        let unit = state.unit(mv.unit).ok_or(RuleError::NoSuchUnit(mv.unit))?;
        let from = state
            .unit_pos(mv.unit)
            .ok_or(RuleError::NoSuchUnit(mv.unit))?;
        let radius = if mv.off_road {
            unit.kind().off_road_move()
        } else {
            unit.kind().road_move()
        };
        let Some(radius) = radius else {
            return Err(RuleError::Refused(format!(
                "A {} can't move {}.",
                unit.kind(),
                if mv.off_road { "off road" } else { "on roads" }
            )));
        };
        if from.distance_m(mv.to) > state.scale().measure_m(radius) {
            return Err(RuleError::Refused("That is out of reach.".into()));
        }
        if let Some(blocker) = enemy_at(state, unit.owner(), mv.to) {
            return Err(RuleError::Refused(format!("Blocked by {blocker}.")));
        }
        if let Some(s) = state
            .settlements()
            .find(|s| s.pos() == mv.to && s.owner() == unit.owner())
        {
            return Ok(Location::Settlement(s.id()));
        }
        Ok(if mv.off_road {
            Location::OffRoad(mv.to)
        } else {
            Location::Road(mv.to)
        })
    }

    fn candidate_moves(&self, state: &State, unit: UnitId) -> Vec<Move> {
        self.places
            .iter()
            .map(|p| Move {
                unit,
                to: p.pos,
                via: None,
                off_road: false,
            })
            .filter(|m| state.unit_pos(unit) != Some(m.to) && self.check_move(state, m).is_ok())
            .collect()
    }

    fn check_attack_reach(
        &self,
        state: &State,
        attacker: UnitId,
        target: Target,
    ) -> Result<(), RuleError> {
        let from = state
            .unit_pos(attacker)
            .ok_or(RuleError::NoSuchUnit(attacker))?;
        let to = match target {
            Target::Unit(u) => state.unit_pos(u).ok_or(RuleError::NoSuchUnit(u))?,
            Target::Settlement(s) => state
                .settlement(s)
                .ok_or(RuleError::NoSuchSettlement(s))?
                .pos(),
        };
        if from.distance_m(to) > state.scale().measure_m(ATTACK_RADIUS) {
            return Err(RuleError::Refused(
                "The target is more than a card's breadth away.".into(),
            ));
        }
        Ok(())
    }

    fn besiegers(&self, state: &State, settlement: SettlementId) -> Vec<PlayerId> {
        if let Some(explicit) = &self.besiegers {
            return explicit.get(&settlement).cloned().unwrap_or_default();
        }
        let Some(s) = state.settlement(settlement) else {
            return Vec::new();
        };
        let radius = state.scale().measure_m(SIEGE_RADIUS);
        let near: Vec<PlayerId> = state
            .units()
            .filter(|u| u.owner() != s.owner() && !matches!(u.at(), Location::Settlement(_)))
            .filter(|u| {
                state
                    .unit_pos(u.id())
                    .is_some_and(|p| p.distance_m(s.pos()) <= radius)
            })
            .map(|u| u.owner())
            .collect();
        if near.len() < 2 {
            return Vec::new();
        }
        let mut players = near;
        players.sort();
        players.dedup();
        players
    }
}

/// A setup for these seats (colours from a fixed list) at 1:25,000 with default options, but
/// for safe bases (RULINGS §8), which are off: the test tables are a few kilometres across,
/// where every base would be within another's first-turn reach. Tests of that rule turn it on.
pub fn setup(names: &[&str]) -> GameSetup {
    const COLOURS: [&str; 8] = [
        "red", "blue", "green", "yellow", "black", "white", "orange", "purple",
    ];
    GameSetup {
        map: "table".into(),
        scale: Scale(25_000),
        players: names
            .iter()
            .zip(COLOURS)
            .map(|(name, colour)| PlayerSetup {
                name: (*name).into(),
                colour: colour.into(),
            })
            .collect(),
        options: Options {
            safe_bases: false,
            ..Options::default()
        },
    }
}

/// A card from a short code: rank `A`, `2`–`10`, `J`, `Q`, `K` then suit `C`, `D`, `H`, `S`
/// (`"10S"` is the ten of spades). Panics on a bad code: it is for tests.
pub fn card(code: &str) -> Card {
    let (rank, suit) = code.split_at(code.len() - 1);
    let suit = match suit {
        "C" => Suit::Clubs,
        "D" => Suit::Diamonds,
        "H" => Suit::Hearts,
        "S" => Suit::Spades,
        _ => panic!("bad suit in {code:?}"),
    };
    let rank = match rank {
        "A" => Rank::Ace,
        "J" => Rank::Jack,
        "Q" => Rank::Queen,
        "K" => Rank::King,
        n => Rank::Number(n.parse().unwrap_or_else(|_| panic!("bad rank in {code:?}"))),
    };
    Card::new(rank, suit)
}

/// Cards from space-separated codes (see [`card`]).
pub fn cards(codes: &str) -> Vec<Card> {
    codes.split_whitespace().map(card).collect()
}

/// Ids of cards in `player`'s hand matching the codes, each id used once. Panics if missing.
pub fn in_hand(state: &State, player: PlayerId, codes: &str) -> Vec<CardId> {
    let mut out: Vec<CardId> = Vec::new();
    for want in cards(codes) {
        let id = state
            .player(player)
            .hand()
            .iter()
            .copied()
            .find(|id| Card::from_id(*id) == want && !out.contains(id))
            .unwrap_or_else(|| panic!("{want} is not in the hand"));
        out.push(id);
    }
    out
}

/// A small valley at 1:25,000 (card breadth 1,587.5 m, length 2,222.5 m, settlements at least
/// 612.5 m apart). Place ids in order:
///
/// | id | name | kind | playable | at (m) |
/// | --- | --- | --- | --- | --- |
/// | 0 | Andorra la Vella | city | yes | 0, 0 |
/// | 1 | Escaldes | suburb | yes | 400, 0 |
/// | 2 | Encamp | town | yes | 1500, 0 |
/// | 3 | Canillo | village | yes | 3000, 0 |
/// | 4 | Ordino | village | yes | 0, 1500 |
/// | 5 | Pas de la Casa | town | yes | 10000, 0 |
/// | 6 | Soldeu | village | yes | 10000, 1200 |
/// | 7 | Arinsal | village | no | -1500, 0 |
/// | 8 | La Massana | town | yes | 0, -1500 |
/// | 9 | Santa Coloma | village | yes | 300, -300 |
pub fn valley() -> TableBoard {
    let mut b = TableBoard::new();
    let rows: [(&str, PlaceKind, bool, [f64; 2]); 10] = [
        ("Andorra la Vella", PlaceKind::City, true, [0.0, 0.0]),
        ("Escaldes", PlaceKind::Suburb, true, [400.0, 0.0]),
        ("Encamp", PlaceKind::Town, true, [1500.0, 0.0]),
        ("Canillo", PlaceKind::Village, true, [3000.0, 0.0]),
        ("Ordino", PlaceKind::Village, true, [0.0, 1500.0]),
        ("Pas de la Casa", PlaceKind::Town, true, [10_000.0, 0.0]),
        ("Soldeu", PlaceKind::Village, true, [10_000.0, 1200.0]),
        ("Arinsal", PlaceKind::Village, false, [-1500.0, 0.0]),
        ("La Massana", PlaceKind::Town, true, [0.0, -1500.0]),
        ("Santa Coloma", PlaceKind::Village, true, [300.0, -300.0]),
    ];
    for (name, kind, playable, at) in rows {
        b.add_place(name, kind, playable, at);
    }
    b
}
