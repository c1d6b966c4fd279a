//! Chance cards (optional rule). The text leaves the deck to the players; this is the game's:
//! sixteen cards, shuffled from the battle's seed at deployment. The player whose turn begins
//! draws the top card; it holds for that player turn only (its hand-to-hand included), and a few
//! act at once when drawn. An empty deck is shuffled again from the same stream.
//!
//! With the option off there is no deck and no random number generator in the state at all, so
//! nothing in a battle can touch one.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::state::{Kind, SixState, UnitId};
use crate::tactical::ruleset::Side;
use crate::tactical::table::cm;

/// One chance card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// Infantry and artillery move 2 cm further.
    ForcedMarch,
    /// Every move is halved (roads too).
    HeavyGoing,
    /// Every block of the drawer's is loaded at once.
    AmmunitionUp,
    /// Each shot does one hit fewer (at least one).
    DampPowder,
    /// Infantry shots do one hit more.
    SteadyVolleys,
    /// Charges strike two hits harder.
    FreshHorses,
    /// No charges this turn.
    BlownHorses,
    /// The drawer's most-hit block sheds two hits at once.
    Surgeons,
    /// The enemy's most-hit block takes a hit at once.
    Sharpshooters,
    /// Shooting ranges are halved.
    Fog,
    /// Artillery moves as far as cavalry.
    GalloperGuns,
    /// Nothing happens.
    AllQuiet,
}

/// The deck, before shuffling: sixteen cards, the common ones twice.
pub const DECK: [Card; 16] = [
    Card::ForcedMarch,
    Card::ForcedMarch,
    Card::HeavyGoing,
    Card::HeavyGoing,
    Card::AmmunitionUp,
    Card::DampPowder,
    Card::DampPowder,
    Card::SteadyVolleys,
    Card::FreshHorses,
    Card::BlownHorses,
    Card::Surgeons,
    Card::Sharpshooters,
    Card::Fog,
    Card::GalloperGuns,
    Card::AllQuiet,
    Card::AllQuiet,
];

impl Card {
    /// Its name for players.
    pub fn title(self) -> &'static str {
        match self {
            Card::ForcedMarch => "Forced march",
            Card::HeavyGoing => "Heavy going",
            Card::AmmunitionUp => "Ammunition up",
            Card::DampPowder => "Damp powder",
            Card::SteadyVolleys => "Steady volleys",
            Card::FreshHorses => "Fresh horses",
            Card::BlownHorses => "Blown horses",
            Card::Surgeons => "Surgeons",
            Card::Sharpshooters => "Sharpshooters",
            Card::Fog => "Fog",
            Card::GalloperGuns => "Galloper guns",
            Card::AllQuiet => "All quiet",
        }
    }

    /// What it does, for players.
    pub fn text(self) -> &'static str {
        match self {
            Card::ForcedMarch => "infantry and artillery move 2 cm further this turn",
            Card::HeavyGoing => "every move is halved this turn, roads too",
            Card::AmmunitionUp => "every block is loaded at once",
            Card::DampPowder => "each shot does one hit fewer this turn (at least one)",
            Card::SteadyVolleys => "infantry shots do one hit more this turn",
            Card::FreshHorses => "charges strike two hits harder this turn",
            Card::BlownHorses => "no cavalry may charge this turn",
            Card::Surgeons => "the most-hit block sheds two hits at once",
            Card::Sharpshooters => "the enemy's most-hit block takes a hit at once",
            Card::Fog => "shooting ranges are halved this turn",
            Card::GalloperGuns => "artillery moves 12 cm this turn",
            Card::AllQuiet => "nothing happens",
        }
    }
}

/// The deck in play: the cards left (the top is the last) and the stream that shuffles it.
#[derive(Debug, Clone)]
pub struct Deck {
    pub(super) left: Vec<Card>,
    rng: ChaCha8Rng,
}

impl Deck {
    /// A deck shuffled from the battle's seed.
    pub fn shuffled(seed: u64) -> Deck {
        let mut d = Deck {
            left: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(seed),
        };
        d.refill();
        d
    }

    fn refill(&mut self) {
        self.left = DECK.to_vec();
        self.left.shuffle(&mut self.rng);
    }

    /// The card to be drawn next.
    pub fn top(&self) -> Card {
        // Never empty: drawing the last card shuffles a new deck.
        self.left.last().copied().unwrap_or(Card::AllQuiet)
    }

    /// Take the top card; an empty deck is shuffled again.
    pub(super) fn draw(&mut self) -> Card {
        let c = self.top();
        self.left.pop();
        if self.left.is_empty() {
            self.refill();
        }
        c
    }

    /// The cards left, in the order they will be drawn.
    pub fn upcoming(&self) -> impl Iterator<Item = Card> + '_ {
        self.left.iter().rev().copied()
    }

    /// Cards left before the next shuffle.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Never: the deck refills as it empties.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// The same cards in an order from `seed`: what a bot looks ahead on, so it cannot read
    /// the cards to come.
    pub fn reshuffled(&self, seed: u64) -> Deck {
        let mut d = Deck {
            left: self.left.clone(),
            rng: ChaCha8Rng::seed_from_u64(seed),
        };
        d.left.shuffle(&mut d.rng);
        d
    }
}

/// The block a card drawn by `side` acts on at once, if it is one that does: the most-hit block
/// (the lowest number among equals) of the drawer's for Surgeons, of the enemy's for
/// Sharpshooters.
pub fn target_of(state: &SixState, side: Side, card: Card) -> Option<UnitId> {
    let of = match card {
        Card::Surgeons => side,
        Card::Sharpshooters => side.other(),
        _ => return None,
    };
    state
        .living()
        .filter(|u| u.side == of && u.hits > 0)
        .max_by_key(|u| (u.hits, std::cmp::Reverse(u.id)))
        .map(|u| u.id)
}

/// The card `side` holds now (its own player turn), if chance cards are in play.
pub fn held(state: &SixState, side: Side) -> Option<Card> {
    state.card.filter(|(s, _)| *s == side).map(|(_, c)| c)
}

/// A move allowance under the card the block's side holds, mm.
pub fn allowance(state: &SixState, side: Side, kind: Kind, base: f64) -> f64 {
    match held(state, side) {
        Some(Card::ForcedMarch) if matches!(kind, Kind::Infantry | Kind::Artillery) => {
            base + cm(2.0)
        }
        Some(Card::GalloperGuns) if kind == Kind::Artillery => Kind::Cavalry.allowance(),
        Some(Card::HeavyGoing) => base / 2.0,
        _ => base,
    }
}

/// A shot's range and potential hits under the shooter's card.
pub fn fire(state: &SixState, side: Side, kind: Kind, range: f64, hits: u32) -> (f64, u32) {
    match held(state, side) {
        Some(Card::Fog) => (range / 2.0, hits),
        Some(Card::DampPowder) => (range, hits.saturating_sub(1).max(1)),
        Some(Card::SteadyVolleys) if kind == Kind::Infantry => (range, hits + 1),
        _ => (range, hits),
    }
}

/// What the shooter's card does to its shot, for the hover box.
pub fn shot_note(state: &SixState, side: Side, kind: Kind) -> Option<String> {
    let card = held(state, side)?;
    let what = match card {
        Card::Fog => "range halved",
        Card::DampPowder => "one hit fewer",
        Card::SteadyVolleys if kind == Kind::Infantry => "one hit more",
        _ => return None,
    };
    Some(format!("{}: {what}", card.title()))
}

/// What the charger's card does to its charge, for the hover box.
pub fn charge_note(state: &SixState, side: Side) -> Option<String> {
    (held(state, side) == Some(Card::FreshHorses))
        .then(|| format!("{}: 2 hits more", Card::FreshHorses.title()))
}

/// Hits a charge adds under the charger's card.
pub fn charge_bonus(state: &SixState, side: Side) -> u32 {
    if held(state, side) == Some(Card::FreshHorses) {
        2
    } else {
        0
    }
}

/// Whether the card forbids `side` to charge this turn.
pub fn no_charges(state: &SixState, side: Side) -> bool {
    held(state, side) == Some(Card::BlownHorses)
}
