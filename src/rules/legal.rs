//! A list of legal commands for the player the game waits for: what the `omms rules legal`
//! tool prints, what a random bot picks from, and where an AI starts.
//!
//! The list is representative rather than exhaustive where the choices are combinatorial: each
//! purpose gets one card set (the one that wastes least), royal cards one per rank, trades a few
//! one-card offers, moves whatever the board suggests. Every command listed passes [`check`].

use super::board::Board;
use super::cards::{Card, Rank, Suit};
use super::check::check;
use super::command::*;
use super::ids::{CardId, PlayerId, UnitId};
use super::state::{Pending, Phase, State};
use super::unit::{Location, UnitType};
use crate::map::PlaceKind;

/// Legal commands for [`State::actor`] now, in a fixed order.
pub fn legal_commands(state: &State, board: &dyn Board) -> Vec<Command> {
    let mut out = Vec::new();
    if state.winner().is_some() {
        return out;
    }
    if let Some(pending) = state.pending().first() {
        decisions(state, board, pending, &mut out);
    } else {
        match state.phase() {
            Phase::Setup => {
                for place in board.place_ids() {
                    out.push(Command::PlaceBase(PlaceBase { place }));
                }
            }
            Phase::Draw => out.push(Command::Draw(Draw)),
            Phase::Main | Phase::Attack => turn_commands(state, board, &mut out),
            Phase::Over => {}
        }
    }
    out.retain(|c| check(state, board, c).is_ok());
    out
}

fn decisions(state: &State, board: &dyn Board, pending: &Pending, out: &mut Vec<Command>) {
    match pending {
        Pending::BattleOffer { .. } => {
            out.push(Command::AnswerBattle(AnswerBattle { accept: true }));
            out.push(Command::AnswerBattle(AnswerBattle { accept: false }));
        }
        // The one report offered is the battle the tactical AI fights for both sides: a bot (or
        // a player who gives up on the table) can always finish what was agreed.
        Pending::Battle { request, .. } => {
            if let Ok((_, log)) = board.fight_battle(state, request, None) {
                out.push(Command::FinishBattle(FinishBattle { log }));
            }
        }
        Pending::Trade { .. } => {
            out.push(Command::RespondTrade(RespondTrade { accept: true }));
            out.push(Command::RespondTrade(RespondTrade { accept: false }));
        }
        Pending::Defender { candidates, .. } => out.extend(
            candidates
                .iter()
                .map(|u| Command::ChooseDefender(ChooseDefender { unit: *u })),
        ),
        Pending::SiegeCasualty { candidates, .. } => out.extend(
            candidates
                .iter()
                .map(|u| Command::ChooseSiegeCasualty(ChooseSiegeCasualty { unit: *u })),
        ),
        Pending::NewBase { candidates, .. } => out.extend(
            candidates
                .iter()
                .map(|s| Command::ChooseBase(ChooseBase { settlement: *s })),
        ),
    }
}

fn turn_commands(state: &State, board: &dyn Board, out: &mut Vec<Command>) {
    let me = state.current_player();
    let hand = state.player(me).hand();
    let mine = state.settlements_of(me);
    let units = state.units_of(me);

    let mut ranks_seen = Vec::new();
    for &card in hand {
        let c = Card::from_id(card);
        if c.is_royal() && !ranks_seen.contains(&c.rank()) {
            ranks_seen.push(c.rank());
            for &settlement in &mine {
                out.push(Command::PlayRoyal(PlayRoyal { card, settlement }));
            }
        }
    }
    if let Some(&card) = hand
        .iter()
        .find(|c| Card::from_id(**c).rank() == Some(Rank::Ace))
    {
        out.push(Command::PlayTank(PlayTank { card }));
    }
    if let Some(cards) = cheapest_set(state, me, Suit::Clubs) {
        for &settlement in &mine {
            if state.settlement(settlement).map(|s| s.kind()) == Some(PlaceKind::Village) {
                continue;
            }
            for kind in UnitType::RAISED_BY_CLUBS {
                out.push(Command::RaiseUnit(RaiseUnit {
                    cards: cards.clone(),
                    kind,
                    settlement,
                }));
            }
        }
    }
    if let Some(cards) = cheapest_set(state, me, Suit::Spades) {
        for &unit in &units {
            if !matches!(
                state.unit(unit).map(|u| u.at()),
                Some(Location::Settlement(_))
            ) {
                out.push(Command::BuildSettlement(BuildSettlement {
                    cards: cards.clone(),
                    unit,
                }));
            }
        }
        for &settlement in &mine {
            out.push(Command::Fortify(Fortify {
                cards: cards.clone(),
                settlement,
            }));
            if state.options().seafaring && board.is_port(state, settlement) {
                out.push(Command::BuildShip(BuildShip {
                    cards: cards.clone(),
                    port: settlement,
                }));
            }
        }
    }
    if let Some(cards) = cheapest_set(state, me, Suit::Hearts) {
        out.push(Command::GrowFood(GrowFood { cards }));
    }
    if let Some(swap) = diamond_swap(hand) {
        out.push(Command::SwapDiamond(swap));
    }
    if let Some(cards) = cheapest_set(state, me, Suit::Diamonds) {
        for &unit in &units {
            out.push(Command::BuyAttackDie(BuyAttackDie {
                cards: cards.clone(),
                unit,
            }));
        }
    }
    trades(state, me, out);
    if state.options().seafaring {
        seafaring(state, board, &units, out);
    }
    for &unit in &units {
        out.extend(
            board
                .candidate_moves(state, unit)
                .into_iter()
                .map(Command::Move),
        );
    }
    attacks(state, me, &units, out);
    out.push(Command::EndMain(EndMain));
    out.push(Command::EndTurn(EndTurn));
}

/// Boarding every Ship of mine from every port, and landing where the board suggests.
fn seafaring(state: &State, board: &dyn Board, units: &[UnitId], out: &mut Vec<Command>) {
    let ships: Vec<UnitId> = units
        .iter()
        .copied()
        .filter(|u| state.unit(*u).is_some_and(|u| u.kind() == UnitType::Ship))
        .collect();
    for &unit in units {
        match state.unit(unit).map(|u| u.at()) {
            Some(Location::Settlement(_)) => {
                for &ship in &ships {
                    out.push(Command::BoardShip(BoardShip { unit, ship }));
                }
            }
            Some(Location::Aboard(_)) => {
                for to in board.candidate_landings(state, unit) {
                    out.push(Command::Land(Land { unit, to }));
                }
            }
            _ => {}
        }
    }
}

/// One card of mine for a card asked for by face, and one card given away, with each other
/// player. What is asked for is chosen without looking at their hand (it is hidden): a Jack,
/// the cheapest unit there is.
fn trades(state: &State, me: PlayerId, out: &mut Vec<Command>) {
    let Some(&give) = state.player(me).hand().first() else {
        return;
    };
    let jack = Card::new(Rank::Jack, Suit::Clubs).face_id();
    for with in state.active_players().into_iter().filter(|p| *p != me) {
        out.push(Command::ProposeTrade(ProposeTrade {
            with,
            give: vec![give],
            take: jack.into_iter().collect(),
        }));
        out.push(Command::ProposeTrade(ProposeTrade {
            with,
            give: vec![give],
            take: Vec::new(),
        }));
    }
}

/// Each of my units against each enemy stack (named by its lowest unit id) and settlement.
fn attacks(state: &State, me: PlayerId, units: &[super::ids::UnitId], out: &mut Vec<Command>) {
    let mut targets: Vec<Target> = Vec::new();
    for u in state.units().filter(|u| u.owner() != me) {
        if matches!(u.at(), Location::Settlement(_)) {
            continue;
        }
        if state.stack_of(u.id()).first() == Some(&u.id()) {
            targets.push(Target::Unit(u.id()));
        }
    }
    for s in state.settlements().filter(|s| s.owner() != me) {
        targets.push(Target::Settlement(s.id()));
    }
    for &unit in units {
        for &target in &targets {
            out.push(Command::Attack(Attack::dice(unit, target)));
        }
    }
}

/// The lowest non-royal diamond with the lowest non-royal heart, club or spade.
fn diamond_swap(hand: &[CardId]) -> Option<SwapDiamond> {
    let lowest = |want: &dyn Fn(Suit) -> bool| {
        hand.iter()
            .copied()
            .filter(|c| {
                let card = Card::from_id(*c);
                card.value().is_some() && card.suit().is_some_and(want)
            })
            .min_by_key(|c| (Card::from_id(*c).value(), *c))
    };
    let diamond = lowest(&|s| s == Suit::Diamonds)?;
    let other = lowest(&|s| s != Suit::Diamonds)?;
    Some(SwapDiamond { diamond, other })
}

/// The set of `suit` (with diamonds at half value) reaching the Creation Total with the least
/// value wasted, then the fewest cards; `None` when the hand cannot reach it.
pub fn cheapest_set(state: &State, me: PlayerId, suit: Suit) -> Option<Vec<CardId>> {
    let need = state.creation_total(me) as usize;
    let cards: Vec<(CardId, usize, bool)> = state
        .player(me)
        .hand()
        .iter()
        .filter_map(|&id| {
            let card = Card::from_id(id);
            let worth = card.worth_towards(suit).filter(|w| *w > 0)?;
            Some((id, worth as usize, card.suit() == Some(suit)))
        })
        .collect();
    // best[has_suit][sum] = fewest cards reaching exactly `sum` (capped at need + 9: no single
    // card is worth more than 10, so a least-waste set never goes further).
    let cap = need + 10;
    let mut best: [Vec<Option<Vec<usize>>>; 2] = [vec![None; cap], vec![None; cap]];
    best[0][0] = Some(Vec::new());
    for (i, &(_, worth, is_suit)) in cards.iter().enumerate() {
        let before = best.clone();
        for (has, row) in before.iter().enumerate() {
            for (sum, entry) in row.iter().enumerate().take(need) {
                let Some(set) = entry else {
                    continue;
                };
                let (h2, s2) = (has | usize::from(is_suit), (sum + worth).min(cap - 1));
                let better = best[h2][s2]
                    .as_ref()
                    .is_none_or(|old| old.len() > set.len() + 1);
                if better {
                    let mut grown = set.clone();
                    grown.push(i);
                    best[h2][s2] = Some(grown);
                }
            }
        }
    }
    best[1][need.max(1)..]
        .iter()
        .flatten()
        .next()
        .map(|set| set.iter().map(|&i| cards[i].0).collect())
}
