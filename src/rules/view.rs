//! What one seat may see: the Zoc habit (`STYLE.md`). The engine applies every event to the full
//! state; each seat — a bot, or a person at a hot-seat screen — is handed a filtered copy.
//!
//! A seat sees its own hand, everything on the map, food, the discard pile and the cards played
//! face up, how many cards every hand and the pile hold, and the trades it takes part in. It
//! does not see other hands, the order of the pile, or the random stream that will roll the
//! next dice. In a [`SeatView`] and in the events [`seen_by`] returns, every card it may not
//! see is [`CardId::HIDDEN`], so the count stays right and no id of a hidden card is reachable.
//!
//! ```
//! use omms::rules::testkit::setup;
//! use omms::rules::{CardId, PlayerId, SeatView, State};
//!
//! let state = State::new(&setup(&["Red", "Blue"]), 3).unwrap();
//! let red = SeatView::of(&state, PlayerId(0));
//! assert_eq!(red.state().player(PlayerId(0)).hand(), state.player(PlayerId(0)).hand());
//! let blue_hand = red.state().player(PlayerId(1)).hand();
//! assert_eq!(blue_hand.len(), 5);
//! assert!(blue_hand.iter().all(|c| *c == CardId::HIDDEN));
//! ```

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::cards::all_card_ids;
use super::command::{Command, ProposeTrade};
use super::event::Event;
use super::game::DeclinedTrade;
use super::ids::{CardId, PlayerId};
use super::state::{Pending, State};
use crate::dice::shuffle;

/// The game as one seat may see it.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatView {
    seat: PlayerId,
    state: State,
    declined: Vec<DeclinedTrade>,
}

fn hidden(cards: &[CardId]) -> Vec<CardId> {
    vec![CardId::HIDDEN; cards.len()]
}

/// A pending decision as `seat` sees it: a trade's cards only for the two who trade.
fn pending_seen_by(seat: PlayerId, pending: &Pending) -> Pending {
    match pending {
        Pending::Trade {
            from,
            with,
            give,
            take,
        } if seat != *from && seat != *with => Pending::Trade {
            from: *from,
            with: *with,
            give: hidden(give),
            take: hidden(take),
        },
        other => other.clone(),
    }
}

impl SeatView {
    /// What `seat` may see of `state`.
    pub fn of(state: &State, seat: PlayerId) -> SeatView {
        let mut view = state.clone();
        for (i, p) in view.players.iter_mut().enumerate() {
            if i != seat.index() {
                p.hand = hidden(&p.hand);
            }
        }
        view.pile = hidden(&view.pile);
        view.pending = view
            .pending
            .iter()
            .map(|p| pending_seen_by(seat, p))
            .collect();
        // The real stream would tell the next dice and shuffles; this one tells nothing.
        view.rng = ChaCha8Rng::seed_from_u64(u64::from(seat.0));
        SeatView {
            seat,
            state: view,
            declined: Vec::new(),
        }
    }

    /// With the game's declined trade offers ([`Game::declined_trades`](super::Game::declined_trades)),
    /// as the seat saw them: who offered and who declined are public, the cards only the two
    /// who traded know.
    pub fn with_declined(mut self, declined: &[DeclinedTrade]) -> SeatView {
        let seat = self.seat;
        self.declined = declined
            .iter()
            .map(|d| {
                let party = seat == d.from || seat == d.with;
                DeclinedTrade {
                    give: if party {
                        d.give.clone()
                    } else {
                        hidden(&d.give)
                    },
                    take: if party {
                        d.take.clone()
                    } else {
                        hidden(&d.take)
                    },
                    ..d.clone()
                }
            })
            .collect();
        self
    }

    /// The trade offers declined so far as the seat saw them (empty unless the view was given
    /// them with [`SeatView::with_declined`]).
    pub fn declined_trades(&self) -> &[DeclinedTrade] {
        &self.declined
    }

    /// The seat looking.
    pub fn seat(&self) -> PlayerId {
        self.seat
    }

    /// The state with every card the seat cannot see as [`CardId::HIDDEN`] and a random stream
    /// that knows nothing of the real one. The rules' checks answer on it exactly as on the
    /// real state for the seat's own commands.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The cards the seat cannot locate (in other hands or the pile), in id order: every card
    /// of the game's packs except the jokers, the discard pile and its own hand.
    pub fn unseen(&self) -> Vec<CardId> {
        let s = &self.state;
        let packs = s.players.len() as u16;
        let known = |c: &CardId| {
            s.out_of_play.contains(c)
                || s.discard.contains(c)
                || s.player(self.seat).hand.contains(c)
        };
        all_card_ids(packs).filter(|c| !known(c)).collect()
    }

    /// One full state the seat cannot tell from the real one: the unseen cards dealt at random
    /// into the other hands (the counts kept, and the cards a trade offered to this seat left
    /// with whoever offered them) and the pile, with a fresh random stream. For searches over
    /// what might happen ("determinized" hands); never the real hidden cards.
    pub fn determinize(&self, rng: &mut ChaCha8Rng) -> State {
        let mut state = self.state.clone();
        let mut pool = self.unseen();
        // Cards offered to this seat in a pending trade: it knows who holds them.
        let mut pinned: Vec<(PlayerId, CardId)> = Vec::new();
        if let Some(Pending::Trade {
            from, with, give, ..
        }) = state.pending.first()
        {
            if *with == self.seat {
                pinned.extend(give.iter().map(|c| (*from, *c)));
            }
        }
        pool.retain(|c| !pinned.iter().any(|(_, p)| p == c));
        shuffle(rng, &mut pool);
        for (i, p) in state.players.iter_mut().enumerate() {
            if i == self.seat.index() {
                continue;
            }
            let n = p.hand.len();
            let mut hand: Vec<CardId> = pinned
                .iter()
                .filter(|(who, _)| who.index() == i)
                .map(|(_, c)| *c)
                .collect();
            while hand.len() < n {
                match pool.pop() {
                    Some(c) => hand.push(c),
                    None => break,
                }
            }
            p.hand = hand;
        }
        let n = state.pile.len();
        state.pile = pool.split_off(pool.len().saturating_sub(n));
        state.rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
        state
    }
}

/// What `seat` may see of an event: the event itself, with every card the seat may not see as
/// [`CardId::HIDDEN`] (so "Blue drew three cards" keeps its count). Cards drawn are seen by the
/// drawer, a stolen card by the two players concerned, a trade by the two who trade; the order
/// of a reshuffled pile by nobody. Everything else is public.
pub fn seen_by(seat: PlayerId, event: &Event) -> Event {
    match event {
        Event::CardsDrawn { player, cards } if *player != seat => Event::CardsDrawn {
            player: *player,
            cards: hidden(cards),
        },
        Event::PileRefilled { cards } => Event::PileRefilled {
            cards: hidden(cards),
        },
        Event::CardStolen { from, to, .. } if seat != *from && seat != *to => Event::CardStolen {
            from: *from,
            to: *to,
            card: CardId::HIDDEN,
        },
        Event::TradeProposed {
            from,
            with,
            give,
            take,
        } if seat != *from && seat != *with => Event::TradeProposed {
            from: *from,
            with: *with,
            give: hidden(give),
            take: hidden(take),
        },
        Event::TradeAccepted {
            from,
            with,
            give,
            take,
        } if seat != *from && seat != *with => Event::TradeAccepted {
            from: *from,
            with: *with,
            give: hidden(give),
            take: hidden(take),
        },
        Event::DecisionRequired { pending } => Event::DecisionRequired {
            pending: pending_seen_by(seat, pending),
        },
        other => other.clone(),
    }
}

/// What `seat` may see of a command `issuer` gave: a trade offer's cards only for the two who
/// trade; every other command shows only what it plays face up.
pub fn command_seen_by(seat: PlayerId, issuer: PlayerId, cmd: &Command) -> Command {
    match cmd {
        Command::ProposeTrade(t) if seat != issuer && seat != t.with => {
            Command::ProposeTrade(ProposeTrade {
                with: t.with,
                give: hidden(&t.give),
                take: hidden(&t.take),
            })
        }
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::setup;

    fn hidden_cards(state: &State, seat: PlayerId) -> Vec<CardId> {
        let mut out: Vec<CardId> = state.pile.clone();
        for (i, p) in state.players.iter().enumerate() {
            if i != seat.index() {
                out.extend(&p.hand);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn a_view_hides_other_hands_the_pile_and_the_dice() {
        let state = State::new(&setup(&["Red", "Blue", "Green"]), 9).unwrap();
        let v = SeatView::of(&state, PlayerId(1));
        assert_eq!(
            v.state().player(PlayerId(1)).hand(),
            state.player(PlayerId(1)).hand()
        );
        for p in [0, 2] {
            let h = v.state().player(PlayerId(p)).hand();
            assert_eq!(h.len(), 5);
            assert!(h.iter().all(|c| c.is_hidden()));
        }
        assert_eq!(v.state().pile().len(), state.pile().len());
        assert!(v.state().pile().iter().all(|c| c.is_hidden()));
        assert_ne!(v.state().rng, state.rng);
        let mut unseen = v.unseen();
        unseen.sort();
        assert_eq!(unseen, hidden_cards(&state, PlayerId(1)));
    }

    #[test]
    fn a_determinized_state_looks_the_same_from_the_seat_and_keeps_every_card() {
        let state = State::new(&setup(&["Red", "Blue", "Green"]), 9).unwrap();
        let v = SeatView::of(&state, PlayerId(2));
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let d = v.determinize(&mut rng);
        assert_eq!(SeatView::of(&d, PlayerId(2)), v);
        assert_eq!(d.card_count(), state.card_count());
        assert_eq!(
            hidden_cards(&d, PlayerId(2)),
            hidden_cards(&state, PlayerId(2))
        );
        assert_ne!(d.pile(), state.pile(), "a fresh deal, not the real one");
    }

    #[test]
    fn events_hide_what_the_seat_did_not_see() {
        let (red, blue, green) = (PlayerId(0), PlayerId(1), PlayerId(2));
        let drawn = Event::CardsDrawn {
            player: red,
            cards: vec![CardId(3), CardId(4)],
        };
        assert_eq!(seen_by(red, &drawn), drawn);
        assert_eq!(
            seen_by(blue, &drawn),
            Event::CardsDrawn {
                player: red,
                cards: vec![CardId::HIDDEN; 2]
            }
        );
        let stolen = Event::CardStolen {
            from: red,
            to: blue,
            card: CardId(7),
        };
        assert_eq!(seen_by(blue, &stolen), stolen);
        assert_eq!(
            seen_by(green, &stolen),
            Event::CardStolen {
                from: red,
                to: blue,
                card: CardId::HIDDEN
            }
        );
        let offer = Command::ProposeTrade(ProposeTrade {
            with: blue,
            give: vec![CardId(1)],
            take: vec![CardId(2)],
        });
        assert_eq!(command_seen_by(blue, red, &offer), offer);
        assert_ne!(command_seen_by(green, red, &offer), offer);
        let spent = Event::CardsSpent {
            player: red,
            cards: vec![CardId(9)],
        };
        assert_eq!(seen_by(green, &spent), spent, "cards played are face up");
    }
}
