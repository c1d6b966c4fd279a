//! The cards: one 54-card pack per player, identified by [`CardId`], and what each card is worth.

use serde::{Deserialize, Serialize};

use super::ids::CardId;

/// Cards in one pack, jokers included.
pub const PACK_SIZE: u16 = 54;

/// A card's suit, which says what a set of it buys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Suit {
    /// Military: units.
    Clubs,
    /// Resources: attack dice, the swap, half value in other sets.
    Diamonds,
    /// Food tokens.
    Hearts,
    /// Construction: settlements and fortifications.
    Spades,
}

impl Suit {
    /// The four suits in pack order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// Plural name as players say it ("spades").
    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }
}

impl std::fmt::Display for Suit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A card's rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rank {
    /// Ace: worth 1; with the tanks option it can also be played for a Tank.
    Ace,
    /// 2 to 10, by face value.
    Number(u8),
    /// Royal: a Scout.
    Jack,
    /// Royal: a Guard.
    Queen,
    /// Royal: an Invader.
    King,
}

impl Rank {
    /// Ace, 2–10, Jack, Queen, King: the thirteen ranks of a suit in pack order.
    pub fn all() -> impl Iterator<Item = Rank> {
        std::iter::once(Rank::Ace)
            .chain((2..=10).map(Rank::Number))
            .chain([Rank::Jack, Rank::Queen, Rank::King])
    }

    /// Value towards a set: Ace 1, number cards face value; royal cards have none.
    pub fn value(self) -> Option<u32> {
        match self {
            Rank::Ace => Some(1),
            Rank::Number(n) => Some(u32::from(n)),
            Rank::Jack | Rank::Queen | Rank::King => None,
        }
    }

    /// Jack, Queen or King.
    pub fn is_royal(self) -> bool {
        self.value().is_none()
    }
}

impl std::fmt::Display for Rank {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rank::Ace => f.write_str("Ace"),
            Rank::Number(n) => write!(f, "{n}"),
            Rank::Jack => f.write_str("Jack"),
            Rank::Queen => f.write_str("Queen"),
            Rank::King => f.write_str("King"),
        }
    }
}

/// What a card is. Several packs are in play, so two cards can be equal as `Card`s while being
/// different [`CardId`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Card {
    /// A card of a suit.
    Suited {
        /// Its rank.
        rank: Rank,
        /// Its suit.
        suit: Suit,
    },
    /// A joker: the measuring card, never in play.
    Joker,
}

impl Card {
    /// A suited card.
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card::Suited { rank, suit }
    }

    /// The card behind an id: packs follow each other, each in the order clubs, diamonds,
    /// hearts, spades (Ace to King), then two jokers.
    pub fn from_id(id: CardId) -> Card {
        if id.is_hidden() {
            return Card::Joker;
        }
        let within = id.0 % PACK_SIZE;
        if within >= 52 {
            return Card::Joker;
        }
        let suit = Suit::ALL[usize::from(within / 13)];
        let rank = match within % 13 {
            0 => Rank::Ace,
            n @ 1..=9 => Rank::Number(n as u8 + 1),
            10 => Rank::Jack,
            11 => Rank::Queen,
            _ => Rank::King,
        };
        Card::Suited { rank, suit }
    }

    /// Its suit (`None` for a joker).
    pub fn suit(self) -> Option<Suit> {
        match self {
            Card::Suited { suit, .. } => Some(suit),
            Card::Joker => None,
        }
    }

    /// Its rank (`None` for a joker).
    pub fn rank(self) -> Option<Rank> {
        match self {
            Card::Suited { rank, .. } => Some(rank),
            Card::Joker => None,
        }
    }

    /// Face value towards a set of its own suit (`None` for royals and jokers).
    pub fn value(self) -> Option<u32> {
        self.rank().and_then(Rank::value)
    }

    /// The first pack's copy of this card: how a trade asks for a face without naming (or
    /// knowing) the very copy the other seat holds. `None` for a joker.
    pub fn face_id(self) -> Option<CardId> {
        let Card::Suited { rank, suit } = self else {
            return None;
        };
        let within_suit = match rank {
            Rank::Ace => 0,
            Rank::Number(n) => u16::from(n) - 1,
            Rank::Jack => 10,
            Rank::Queen => 11,
            Rank::King => 12,
        };
        let suit_index = Suit::ALL.iter().position(|s| *s == suit)? as u16;
        Some(CardId(suit_index * 13 + within_suit))
    }

    /// Jack, Queen or King of any suit.
    pub fn is_royal(self) -> bool {
        self.rank().is_some_and(Rank::is_royal)
    }

    /// What this card adds to a set of `target` suit: full value in its own suit, half value
    /// (rounded down) for a diamond in a clubs/spades/hearts set, nothing otherwise.
    pub fn worth_towards(self, target: Suit) -> Option<u32> {
        let (suit, value) = (self.suit()?, self.value()?);
        if suit == target {
            Some(value)
        } else if suit == Suit::Diamonds {
            Some(value / 2)
        } else {
            None
        }
    }
}

impl std::fmt::Display for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Card::Suited { rank, suit } => write!(f, "{rank} of {suit}"),
            Card::Joker => f.write_str("Joker"),
        }
    }
}

/// The copies in `hand` that answer a trade asking for `faces` (cards named by face, any copy
/// will do): for each, the very id asked for when the hand holds it, else the first copy of the
/// same face in hand order, never one copy twice. `Err` names the first face the hand lacks.
pub fn match_faces(hand: &[CardId], faces: &[CardId]) -> Result<Vec<CardId>, Card> {
    let mut out: Vec<CardId> = Vec::with_capacity(faces.len());
    for &want in faces {
        let face = Card::from_id(want);
        let exact = (hand.contains(&want) && !out.contains(&want)).then_some(want);
        let copy = exact.or_else(|| {
            hand.iter()
                .copied()
                .find(|c| Card::from_id(*c) == face && !out.contains(c))
        });
        match copy {
            Some(c) if face != Card::Joker => out.push(c),
            _ => return Err(face),
        }
    }
    Ok(out)
}

/// Every card id of a game with `packs` packs, in pack order.
pub fn all_card_ids(packs: u16) -> impl Iterator<Item = CardId> {
    (0..packs * PACK_SIZE).map(CardId)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pack_has_52_suited_cards_and_two_jokers() {
        let pack: Vec<Card> = all_card_ids(1).map(Card::from_id).collect();
        assert_eq!(pack.len(), 54);
        assert_eq!(pack.iter().filter(|c| **c == Card::Joker).count(), 2);
        for suit in Suit::ALL {
            for rank in Rank::all() {
                assert_eq!(
                    pack.iter().filter(|c| **c == Card::new(rank, suit)).count(),
                    1
                );
            }
        }
        assert_eq!(Card::from_id(CardId(54)), Card::new(Rank::Ace, Suit::Clubs));
        assert_eq!(Card::from_id(CardId(0)).to_string(), "Ace of clubs");
        assert_eq!(Card::from_id(CardId(51)).to_string(), "King of spades");
        for id in all_card_ids(2) {
            let card = Card::from_id(id);
            let face = card.face_id();
            assert_eq!(
                face.map(Card::from_id),
                (card != Card::Joker).then_some(card)
            );
            assert!(face.is_none_or(|f| f.0 < 52));
        }
        assert_eq!(Card::from_id(CardId::HIDDEN), Card::Joker);
    }

    #[test]
    fn a_face_is_answered_by_the_copy_asked_for_or_another() {
        // Pack 0's 7 of clubs is id 6, pack 1's is id 60.
        let hand = [CardId(60), CardId(20), CardId(6)];
        assert_eq!(match_faces(&hand, &[CardId(6)]), Ok(vec![CardId(6)]));
        assert_eq!(match_faces(&hand, &[CardId(114)]), Ok(vec![CardId(60)]));
        assert_eq!(
            match_faces(&hand, &[CardId(6), CardId(6 + 54 * 2)]),
            Ok(vec![CardId(6), CardId(60)])
        );
        let eight = Card::from_id(CardId(7));
        assert_eq!(match_faces(&hand, &[CardId(7)]), Err(eight));
        assert!(match_faces(&hand, &[CardId(6), CardId(60), CardId(6)]).is_err());
        assert!(match_faces(&hand, &[CardId::HIDDEN]).is_err());
    }

    #[test]
    fn values_and_diamond_halves() {
        let seven_d = Card::new(Rank::Number(7), Suit::Diamonds);
        assert_eq!(seven_d.worth_towards(Suit::Spades), Some(3));
        assert_eq!(seven_d.worth_towards(Suit::Diamonds), Some(7));
        assert_eq!(Card::new(Rank::Ace, Suit::Hearts).value(), Some(1));
        assert_eq!(Card::new(Rank::Queen, Suit::Hearts).value(), None);
        assert_eq!(
            Card::new(Rank::Number(4), Suit::Clubs).worth_towards(Suit::Hearts),
            None
        );
    }
}
