//! `apply`: the only code that changes a [`State`], one [`Event`] at a time.
//!
//! `execute` applies every event as it emits it, so later steps of a command see the results of
//! earlier ones. Applying the same events to the same state always gives the same state; nothing
//! here rolls dice.

use super::event::Event;
use super::ids::{CardId, Dice, Food};
use super::state::{Phase, Player, Settlement, SiegeClock, State};
use super::unit::{Location, Unit};

/// Change `state` by one event. Meant for events produced by [`execute`](super::execute) on this
/// same state (or a trusted copy of it): it does not re-check the rules.
pub fn apply(state: &mut State, event: &Event) {
    match event {
        Event::BasePlaced {
            player,
            settlement,
            place,
            name,
            kind,
            pos,
        } => {
            add_settlement(
                state,
                Settlement {
                    id: *settlement,
                    owner: *player,
                    place: *place,
                    name: name.clone(),
                    kind: *kind,
                    pos: *pos,
                    fort: true,
                },
            );
            state.players[player.index()].base = Some(*settlement);
        }
        Event::SetupPassed { player } => state.current = *player,
        Event::TurnStarted { player, turn } => {
            state.current = *player;
            state.turn = *turn;
            state.phase = Phase::Draw;
        }
        Event::PhaseChanged { phase } => state.phase = *phase,
        Event::TurnEnded { player } => {
            for unit in state.units.values_mut().filter(|u| u.owner == *player) {
                unit.moved = false;
                unit.attacked = false;
                unit.bonus_dice = Dice(0);
            }
            for clock in state.sieges.values_mut() {
                clock.turns_ended.insert(*player);
            }
        }
        Event::DrawRolled { .. }
        | Event::SiegeRolled { .. }
        | Event::CombatRolled { .. }
        | Event::BattleAnswered { .. }
        | Event::BattleFought { .. } => {}
        Event::PileRefilled { cards } => {
            for card in cards {
                take_card(&mut state.discard, *card);
                state.pile.push(*card);
            }
        }
        Event::CardsDrawn { player, cards } => {
            for card in cards {
                take_card(&mut state.pile, *card);
                state.players[player.index()].hand.push(*card);
            }
        }
        Event::CardsSpent { player, cards } => {
            for card in cards {
                take_card(&mut state.players[player.index()].hand, *card);
                state.discard.push(*card);
            }
        }
        Event::CardStolen { from, to, card } => move_card(state, *from, *to, *card),
        Event::TradeProposed { .. } | Event::TradeDeclined { .. } => {}
        Event::TradeAccepted {
            from,
            with,
            give,
            take,
        } => {
            for card in give {
                move_card(state, *from, *with, *card);
            }
            for card in take {
                move_card(state, *with, *from, *card);
            }
        }
        Event::UnitPlaced {
            unit,
            owner,
            kind,
            at,
            ..
        } => {
            state.units.insert(
                *unit,
                Unit {
                    id: *unit,
                    owner: *owner,
                    kind: *kind,
                    at: *at,
                    moved: false,
                    attacked: false,
                    bonus_dice: Dice(0),
                },
            );
            state.next_unit = state.next_unit.max(unit.0 + 1);
        }
        Event::UnitMoved { unit, to, .. } => {
            if let Some(u) = state.units.get_mut(unit) {
                u.at = *to;
                u.moved = true;
            }
        }
        Event::UnitEntered { unit, settlement } => {
            if let Some(u) = state.units.get_mut(unit) {
                u.at = Location::Settlement(*settlement);
            }
        }
        Event::ShipReturned { unit, to } => {
            if let Some(u) = state.units.get_mut(unit) {
                u.at = Location::Sea(*to);
            }
        }
        Event::UnitDestroyed { unit, .. } => {
            state.units.remove(unit);
        }
        Event::SettlementBuilt {
            player,
            settlement,
            place,
            name,
            kind,
            pos,
        } => add_settlement(
            state,
            Settlement {
                id: *settlement,
                owner: *player,
                place: *place,
                name: name.clone(),
                kind: *kind,
                pos: *pos,
                fort: false,
            },
        ),
        Event::Fortified { settlement } => {
            if let Some(s) = state.settlements.get_mut(settlement) {
                s.fort = true;
            }
        }
        Event::FoodGained { player, amount } => {
            let food = &mut state.players[player.index()].food;
            *food = Food(food.0 + amount.0);
        }
        Event::FoodDiscarded { player, amount } => {
            let food = &mut state.players[player.index()].food;
            *food = Food(food.0.saturating_sub(amount.0));
        }
        Event::AttackDieBought { unit } => {
            if let Some(u) = state.units.get_mut(unit) {
                u.bonus_dice = Dice(u.bonus_dice.0 + 1);
            }
        }
        Event::AttackDeclared { unit, .. } => {
            if let Some(u) = state.units.get_mut(unit) {
                u.attacked = true;
            }
        }
        Event::DecisionRequired { pending } => state.pending.push(pending.clone()),
        Event::DecisionMade => {
            if !state.pending.is_empty() {
                state.pending.remove(0);
            }
        }
        Event::SettlementCaptured {
            settlement,
            from,
            to,
            was_base,
            ..
        } => {
            if let Some(s) = state.settlements.get_mut(settlement) {
                s.owner = *to;
                s.fort = false;
            }
            // A new owner means a new siege, if any: the old clock measured someone else's.
            state.sieges.remove(settlement);
            if *was_base {
                let loser: &mut Player = &mut state.players[from.index()];
                if loser.base == Some(*settlement) {
                    loser.base = None;
                }
                state.players[to.index()].bases_captured += 1;
            }
        }
        Event::BaseSet { player, settlement } => {
            state.players[player.index()].base = Some(*settlement);
        }
        Event::SiegeStarted { settlement, turn } => {
            state.sieges.insert(
                *settlement,
                SiegeClock {
                    since_turn: *turn,
                    turns_ended: Default::default(),
                },
            );
        }
        Event::SiegeEnded { settlement } => {
            state.sieges.remove(settlement);
        }
        Event::SiegeRound { settlement } => {
            if let Some(clock) = state.sieges.get_mut(settlement) {
                clock.turns_ended.clear();
            }
        }
        Event::PlayerOut { player, discarded } => {
            for card in discarded {
                take_card(&mut state.players[player.index()].hand, *card);
                state.discard.push(*card);
            }
            let p = &mut state.players[player.index()];
            p.out = true;
            p.base = None;
        }
        Event::Won { player } => {
            state.winner = Some(*player);
            state.phase = Phase::Over;
            state.pending.clear();
        }
    }
}

fn add_settlement(state: &mut State, s: Settlement) {
    state.next_settlement = state.next_settlement.max(s.id.0 + 1);
    state.settlements.insert(s.id, s);
}

/// Remove one copy of `card` from `from`; searching from the end finds a drawn card at once.
fn take_card(from: &mut Vec<CardId>, card: CardId) {
    if let Some(i) = from.iter().rposition(|c| *c == card) {
        from.remove(i);
    }
}

fn move_card(
    state: &mut State,
    from: super::ids::PlayerId,
    to: super::ids::PlayerId,
    card: CardId,
) {
    take_card(&mut state.players[from.index()].hand, card);
    state.players[to.index()].hand.push(card);
}
