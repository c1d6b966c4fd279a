//! Checks of what goes on the map: bases, units raised with clubs, settlements and
//! fortifications.

use super::cards::spend_total;
use super::{in_phase, own_settlement, own_unit};
use crate::map::{PlaceId, PlaceKind};
use crate::rules::bases::base_kind;
use crate::rules::board::{Board, PlaceFacts};
use crate::rules::cards::Suit;
use crate::rules::command::{BuildSettlement, Fortify, PlaceBase, RaiseUnit};
use crate::rules::error::RuleError;
use crate::rules::ids::{Food, PlayerId, SettlementId};
use crate::rules::state::{Phase, State};
use crate::rules::unit::{Location, UnitType};

pub(super) fn place_base(state: &State, board: &dyn Board, c: &PlaceBase) -> Result<(), RuleError> {
    in_phase(state, "place a base", &[Phase::Setup])?;
    let facts = board.place(c.place).ok_or(RuleError::NoSuchPlace)?;
    if !base_kind(facts.kind) {
        return Err(RuleError::BaseKind {
            name: facts.name,
            kind: facts.kind,
        });
    }
    let bases: Vec<SettlementId> = state.players().iter().filter_map(|p| p.base()).collect();
    free_site(state, board, c.place, &facts, &bases)?;
    let sites = board.base_sites(state);
    let safe = state.options().safe_bases;
    let mut placed: Vec<PlaceId> = Vec::new();
    for b in bases.iter().filter_map(|b| state.settlement(*b)) {
        if safe && sites.strikes(b.place(), c.place) {
            return Err(RuleError::BaseInReach {
                name: facts.name,
                other: format!("{}'s base at {}", state.name_of(b.owner()), b.name()),
            });
        }
        placed.push(b.place());
    }
    // Every seat still to place must be left a legal base, or the game could not go on.
    let more = state.players().len().saturating_sub(placed.len() + 1);
    placed.push(c.place);
    if more > 0 && !sites.room_for(&placed, more, safe) {
        return Err(RuleError::NoRoomLeft {
            name: facts.name,
            more,
        });
    }
    Ok(())
}

/// The place is playable, unbuilt, and far enough from each of `others`.
fn free_site(
    state: &State,
    board: &dyn Board,
    place: PlaceId,
    facts: &PlaceFacts,
    others: &[SettlementId],
) -> Result<(), RuleError> {
    if !facts.playable {
        return Err(RuleError::NotPlayable {
            name: facts.name.clone(),
        });
    }
    if state.settlement_on(place).is_some() {
        return Err(RuleError::PlaceTaken {
            name: facts.name.clone(),
        });
    }
    if let Some(near) = board.spacing_conflict(state, place, others) {
        let s = state
            .settlement(near)
            .ok_or(RuleError::NoSuchSettlement(near))?;
        return Err(RuleError::TooClose {
            name: facts.name.clone(),
            other: format!("{}'s {}", state.name_of(s.owner()), s.name()),
        });
    }
    Ok(())
}

/// A build that adds `extra` upkeep must leave food ≥ upkeep.
fn food_for(state: &State, me: PlayerId, extra: u32) -> Result<(), RuleError> {
    let need = Food(state.upkeep(me).0 + extra);
    let have = state.player(me).food();
    if have < need {
        return Err(RuleError::NotEnoughFood { need, have });
    }
    Ok(())
}

pub(super) fn raise_unit(state: &State, me: PlayerId, c: &RaiseUnit) -> Result<(), RuleError> {
    in_phase(state, "raise units", &[Phase::Main])?;
    if !UnitType::RAISED_BY_CLUBS.contains(&c.kind) {
        return Err(RuleError::NotRaisable { kind: c.kind });
    }
    let s = own_settlement(state, me, c.settlement)?;
    // A major suburb is a district of a town or city, so it musters troops like one.
    if s.kind() == PlaceKind::Village {
        return Err(RuleError::NotTownOrCity {
            name: s.name().to_string(),
            kind: s.kind(),
        });
    }
    spend_total(state, me, &c.cards, Suit::Clubs).map(drop)
}

pub(super) fn settlement(
    state: &State,
    board: &dyn Board,
    me: PlayerId,
    c: &BuildSettlement,
) -> Result<(), RuleError> {
    in_phase(state, "build", &[Phase::Main])?;
    let unit = own_unit(state, me, c.unit)?;
    let pos = match unit.at() {
        Location::Settlement(s) => {
            let name = state.settlement(s).map_or("?", |s| s.name());
            return Err(RuleError::PlaceTaken {
                name: name.to_string(),
            });
        }
        Location::Road(p) | Location::OffRoad(p) => p,
        Location::Sea(_) | Location::Aboard(_) => {
            return Err(RuleError::Refused(format!(
                "Your {} must stand on land to build a settlement.",
                unit.kind()
            )))
        }
    };
    let place = board
        .place_under(pos)
        .ok_or(RuleError::NotOnAPlace { kind: unit.kind() })?;
    let facts = board.place(place).ok_or(RuleError::NoSuchPlace)?;
    let all: Vec<SettlementId> = state.settlements().map(|s| s.id()).collect();
    free_site(state, board, place, &facts, &all)?;
    food_for(state, me, 1)?;
    spend_total(state, me, &c.cards, Suit::Spades).map(drop)
}

pub(super) fn fortify(state: &State, me: PlayerId, c: &Fortify) -> Result<(), RuleError> {
    in_phase(state, "build", &[Phase::Main])?;
    let s = own_settlement(state, me, c.settlement)?;
    if s.is_fort() {
        return Err(RuleError::AlreadyFortified {
            name: s.name().to_string(),
        });
    }
    if state.defenders(s.id()).is_empty() {
        return Err(RuleError::NotOccupied {
            name: s.name().to_string(),
        });
    }
    // Basic 1 food → fortification 2 food.
    food_for(state, me, 1)?;
    spend_total(state, me, &c.cards, Suit::Spades).map(drop)
}
