//! Checks of card play: sets against the Creation Total, royal cards, Aces, the diamond swap,
//! resource attack dice and trades.

use super::{in_phase, own_settlement, own_unit};
use crate::rules::cards::{Card, Rank, Suit};
use crate::rules::command::{BuyAttackDie, PlayRoyal, PlayTank, ProposeTrade, SwapDiamond};
use crate::rules::error::RuleError;
use crate::rules::ids::{CardId, Dice, PlayerId};
use crate::rules::state::{Phase, State};

/// Check that `cards` is a set of `suit` from `me`'s hand that reaches the Creation Total, and
/// return its worth. Diamonds count half (rounded down) towards clubs, spades and hearts, full
/// towards diamonds; royal cards never count; value above the total is simply lost.
pub(crate) fn spend_total(
    state: &State,
    me: PlayerId,
    cards: &[CardId],
    suit: Suit,
) -> Result<u32, RuleError> {
    if cards.is_empty() {
        return Err(RuleError::NoCards);
    }
    in_hand(state, me, cards)?;
    let mut total = 0;
    let mut has_suit = false;
    for &id in cards {
        let card = Card::from_id(id);
        if card.is_royal() {
            return Err(RuleError::RoyalInSet { card });
        }
        let worth = card
            .worth_towards(suit)
            .ok_or(RuleError::WrongSuit { card, suit })?;
        has_suit |= card.suit() == Some(suit);
        total += worth;
    }
    if !has_suit {
        return Err(RuleError::NeedsSuit { suit });
    }
    let need = state.creation_total(me);
    if total < need {
        return Err(RuleError::Short {
            suit,
            need,
            have: total,
        });
    }
    Ok(total)
}

/// Every card is in `me`'s hand, each listed once.
fn in_hand(state: &State, me: PlayerId, cards: &[CardId]) -> Result<(), RuleError> {
    let hand = state.player(me).hand();
    for (i, &id) in cards.iter().enumerate() {
        let card = Card::from_id(id);
        if cards[..i].contains(&id) {
            return Err(RuleError::DuplicateCard { card });
        }
        if !hand.contains(&id) {
            return Err(RuleError::NotInHand { card });
        }
    }
    Ok(())
}

pub(super) fn play_royal(state: &State, me: PlayerId, c: &PlayRoyal) -> Result<(), RuleError> {
    in_phase(state, "place a unit", &[Phase::Main, Phase::Attack])?;
    in_hand(state, me, &[c.card])?;
    let card = Card::from_id(c.card);
    if !card.is_royal() {
        return Err(RuleError::NotRoyal { card });
    }
    own_settlement(state, me, c.settlement).map(drop)
}

pub(super) fn play_tank(state: &State, me: PlayerId, c: &PlayTank) -> Result<(), RuleError> {
    in_phase(state, "place a unit", &[Phase::Main, Phase::Attack])?;
    if !state.options().tanks {
        return Err(RuleError::TanksOff);
    }
    in_hand(state, me, &[c.card])?;
    let card = Card::from_id(c.card);
    if card.rank() != Some(Rank::Ace) {
        return Err(RuleError::NotAnAce { card });
    }
    match state.player(me).base() {
        Some(_) => Ok(()),
        None => Err(RuleError::NoBase),
    }
}

pub(super) fn swap_diamond(state: &State, me: PlayerId, c: &SwapDiamond) -> Result<(), RuleError> {
    in_phase(state, "swap cards", &[Phase::Main])?;
    in_hand(state, me, &[c.diamond, c.other])?;
    let diamond = Card::from_id(c.diamond);
    if diamond.suit() != Some(Suit::Diamonds) || diamond.is_royal() {
        return Err(RuleError::NotADiamond { card: diamond });
    }
    let other = Card::from_id(c.other);
    if matches!(other.suit(), None | Some(Suit::Diamonds)) || other.is_royal() {
        return Err(RuleError::SwapPartner { card: other });
    }
    Ok(())
}

pub(super) fn buy_attack_die(
    state: &State,
    me: PlayerId,
    c: &BuyAttackDie,
) -> Result<(), RuleError> {
    in_phase(state, "buy attack dice", &[Phase::Main, Phase::Attack])?;
    let unit = own_unit(state, me, c.unit)?;
    if unit.attacked() {
        return Err(RuleError::AlreadyAttacked { kind: unit.kind() });
    }
    if unit.attack_dice() >= Dice::MAX {
        return Err(RuleError::MaxDice { kind: unit.kind() });
    }
    spend_total(state, me, &c.cards, Suit::Diamonds).map(drop)
}

pub(super) fn propose_trade(
    state: &State,
    me: PlayerId,
    c: &ProposeTrade,
) -> Result<(), RuleError> {
    in_phase(state, "trade", &[Phase::Main])?;
    if !state.has_player(c.with) {
        return Err(RuleError::NoSuchPlayer(c.with));
    }
    if c.with == me {
        return Err(RuleError::TradeWithSelf);
    }
    let other = state.player(c.with);
    if other.is_out() {
        return Err(RuleError::PlayerOut {
            name: other.name().to_string(),
        });
    }
    if c.give.is_empty() && c.take.is_empty() {
        return Err(RuleError::EmptyTrade);
    }
    in_hand(state, me, &c.give)?;
    // What is asked for is named by face and never checked against the other hand here: a
    // refusal would tell the proposer what that hand holds. The other seat answers, and can
    // only accept what it holds (see `decision`).
    for (i, id) in c.take.iter().enumerate() {
        let card = Card::from_id(*id);
        if c.take[..i].contains(id) {
            return Err(RuleError::DuplicateCard { card });
        }
        if card == Card::Joker {
            return Err(RuleError::NotACardInPlay);
        }
    }
    Ok(())
}
