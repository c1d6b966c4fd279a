//! Carrying out card play: units from royals, Aces and clubs; settlements and fortifications from
//! spades; food from hearts; the diamond swap; resource dice; trades.

use super::Exec;
use crate::rules::cards::{match_faces, Card, Rank};
use crate::rules::command::{
    BuildSettlement, BuyAttackDie, Fortify, GrowFood, PlayRoyal, PlayTank, ProposeTrade, RaiseUnit,
    RespondTrade, SwapDiamond,
};
use crate::rules::event::{Event, Recruit};
use crate::rules::ids::{CardId, Food, PlayerId};
use crate::rules::state::Pending;
use crate::rules::unit::{Location, UnitType};

fn spend(x: &mut Exec, player: PlayerId, cards: &[CardId]) {
    x.emit(Event::CardsSpent {
        player,
        cards: cards.to_vec(),
    });
}

fn place_unit(x: &mut Exec, owner: PlayerId, kind: UnitType, at: Location, source: Recruit) {
    x.emit(Event::UnitPlaced {
        unit: x.state.next_unit_id(),
        owner,
        kind,
        at,
        source,
    });
}

/// The unit a royal card stands for: Jack a Scout, Queen a Guard, King an Invader.
pub(crate) fn royal_unit(card: Card) -> Option<UnitType> {
    match card.rank()? {
        Rank::Jack => Some(UnitType::Scout),
        Rank::Queen => Some(UnitType::Guard),
        Rank::King => Some(UnitType::Invader),
        Rank::Ace | Rank::Number(_) => None,
    }
}

pub(super) fn play_royal(x: &mut Exec, me: PlayerId, c: &PlayRoyal) {
    let Some(kind) = royal_unit(Card::from_id(c.card)) else {
        return;
    };
    spend(x, me, &[c.card]);
    place_unit(
        x,
        me,
        kind,
        Location::Settlement(c.settlement),
        Recruit::Royal,
    );
}

pub(super) fn play_tank(x: &mut Exec, me: PlayerId, c: &PlayTank) {
    let Some(base) = x.state.player(me).base() else {
        return;
    };
    spend(x, me, &[c.card]);
    place_unit(
        x,
        me,
        UnitType::Tank,
        Location::Settlement(base),
        Recruit::Ace,
    );
}

pub(super) fn raise_unit(x: &mut Exec, me: PlayerId, c: &RaiseUnit) {
    spend(x, me, &c.cards);
    place_unit(
        x,
        me,
        c.kind,
        Location::Settlement(c.settlement),
        Recruit::Clubs,
    );
}

pub(super) fn build_settlement(x: &mut Exec, me: PlayerId, c: &BuildSettlement) {
    let Some(at) = x.state.unit(c.unit).map(|u| u.at()) else {
        return;
    };
    let (Location::Road(pos) | Location::OffRoad(pos)) = at else {
        return;
    };
    let Some(place) = x.board.place_under(pos) else {
        return;
    };
    let Some(facts) = x.board.place(place) else {
        return;
    };
    spend(x, me, &c.cards);
    let settlement = x.state.next_settlement_id();
    x.emit(Event::SettlementBuilt {
        player: me,
        settlement,
        place,
        name: facts.name,
        kind: facts.kind,
        pos: facts.pos,
    });
    // The penny goes under the builder, so it and any unit stacked with it are now inside.
    for unit in x.state.stack_of(c.unit) {
        x.emit(Event::UnitEntered { unit, settlement });
    }
}

pub(super) fn fortify(x: &mut Exec, me: PlayerId, c: &Fortify) {
    spend(x, me, &c.cards);
    x.emit(Event::Fortified {
        settlement: c.settlement,
    });
}

pub(super) fn grow_food(x: &mut Exec, me: PlayerId, c: &GrowFood) {
    spend(x, me, &c.cards);
    x.emit(Event::FoodGained {
        player: me,
        amount: Food(1),
    });
}

pub(super) fn swap_diamond(x: &mut Exec, me: PlayerId, c: &SwapDiamond) {
    spend(x, me, &[c.diamond, c.other]);
    x.draw(me, 2);
}

pub(super) fn buy_attack_die(x: &mut Exec, me: PlayerId, c: &BuyAttackDie) {
    spend(x, me, &c.cards);
    x.emit(Event::AttackDieBought { unit: c.unit });
}

pub(super) fn propose_trade(x: &mut Exec, me: PlayerId, c: &ProposeTrade) {
    x.emit(Event::TradeProposed {
        from: me,
        with: c.with,
        give: c.give.clone(),
        take: c.take.clone(),
    });
    x.emit(Event::DecisionRequired {
        pending: Pending::Trade {
            from: me,
            with: c.with,
            give: c.give.clone(),
            take: c.take.clone(),
        },
    });
}

pub(super) fn respond_trade(x: &mut Exec, c: &RespondTrade) {
    let Some(Pending::Trade {
        from,
        with,
        give,
        take,
    }) = x.state.pending().first().cloned()
    else {
        return;
    };
    x.emit(Event::DecisionMade);
    // `check` has made sure the hand holds every face asked for; the event names the very
    // copies that change hands.
    let held = match_faces(x.state.player(with).hand(), &take);
    if let (true, Ok(take)) = (c.accept, held) {
        x.emit(Event::TradeAccepted {
            from,
            with,
            give,
            take,
        });
    } else {
        x.emit(Event::TradeDeclined { from, with });
    }
}
