//! Why a command is refused, in words a player reads on screen.

use super::cards::{Card, Suit};
use super::ids::{Food, PlayerId, SettlementId, UnitId};
use super::state::Phase;
use super::unit::UnitType;
use crate::map::PlaceKind;

/// A refused command. The `Display` text is the message for the player.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)] // Each variant's message says what it means.
pub enum RuleError {
    #[error("The game is over: {winner} has won.")]
    GameOver { winner: String },
    #[error("The game is waiting for {who} to {what}.")]
    Waiting { who: String, what: String },
    #[error("There is no decision to make right now.")]
    NothingToDecide,
    #[error("Every player must place a base first.")]
    SetupFirst,
    #[error("Roll the die and draw your cards first.")]
    DrawFirst,
    #[error("You can't {action} during the {phase}.")]
    WrongPhase { action: &'static str, phase: Phase },
    #[error("There is no such place on this map.")]
    NoSuchPlace,
    #[error("There is no unit #{}.", .0 .0)]
    NoSuchUnit(UnitId),
    #[error("There is no settlement #{}.", .0 .0)]
    NoSuchSettlement(SettlementId),
    #[error("There is no player #{}.", .0 .0)]
    NoSuchPlayer(PlayerId),
    #[error("That {kind} is not yours.")]
    NotYourUnit { kind: UnitType },
    #[error("{name} is not your settlement.")]
    NotYourSettlement { name: String },
    #[error("{what} is yours: you can only attack an enemy.")]
    OwnTarget { what: String },
    #[error("{name} is out of the game.")]
    PlayerOut { name: String },
    #[error("A base must go in a town, city or village; {name} is a {}.", .kind.as_str())]
    BaseKind { name: String, kind: PlaceKind },
    #[error("{name} is not on a major road, so nothing can be built there.")]
    NotPlayable { name: String },
    #[error("{name} already has a settlement.")]
    PlaceTaken { name: String },
    #[error(
        "{name} is too close to {other}: settlements must be at least a 10p coin's width apart."
    )]
    TooClose { name: String, other: String },
    #[error(
        "{name} is within first-turn reach of {other}: a unit put there on its owner's first \
         turn could attack it (safe bases)."
    )]
    BaseInReach { name: String, other: String },
    #[error(
        "A base at {name} would leave no legal place for the {more} base(s) still to be placed."
    )]
    NoRoomLeft { name: String, more: usize },
    #[error("Your {kind} is not standing on a town, city, village or suburb.")]
    NotOnAPlace { kind: UnitType },
    #[error("None of your units is in {name}; only an occupied settlement can be fortified.")]
    NotOccupied { name: String },
    #[error("{name} is already a fortification.")]
    AlreadyFortified { name: String },
    #[error("Clubs raise units only in a town or city; {name} is a {}.", .kind.as_str())]
    NotTownOrCity { name: String, kind: PlaceKind },
    #[error("Clubs raise a Scout, Guard or Invader, not a {kind}.")]
    NotRaisable { kind: UnitType },
    #[error("You need {} food to support it; you have {}.", .need.0, .have.0)]
    NotEnoughFood { need: Food, have: Food },
    #[error("Choose the cards to spend.")]
    NoCards,
    #[error("The {card} is listed twice.")]
    DuplicateCard { card: Card },
    #[error("The {card} is not in your hand.")]
    NotInHand { card: Card },
    #[error("The {card} is a royal card: play it for a unit instead.")]
    RoyalInSet { card: Card },
    #[error("The {card} doesn't count towards {suit}.")]
    WrongSuit { card: Card, suit: Suit },
    #[error("A set of {suit} needs at least one card of {suit}; diamonds only help.")]
    NeedsSuit { suit: Suit },
    #[error("You need {need} in {suit}; you have {have}.")]
    Short { suit: Suit, need: u32, have: u32 },
    #[error("The {card} is not a Jack, Queen or King.")]
    NotRoyal { card: Card },
    #[error("Tanks are not part of this game.")]
    TanksOff,
    #[error("The {card} is not an Ace.")]
    NotAnAce { card: Card },
    #[error("You have no base for a Tank to appear in.")]
    NoBase,
    #[error("The {card} is not a diamond of 10 or less.")]
    NotADiamond { card: Card },
    #[error("The {card} can't be swapped: it must be a heart, club or spade of 10 or less.")]
    SwapPartner { card: Card },
    #[error("Your {kind} already rolls 4 dice, the most there are.")]
    MaxDice { kind: UnitType },
    #[error("Your {kind} has already moved this turn.")]
    AlreadyMoved { kind: UnitType },
    #[error("Your {kind} has already attacked this turn.")]
    AlreadyAttacked { kind: UnitType },
    #[error("A move must end on a major road or in one of your settlements.")]
    BadLanding,
    #[error("You can't trade with yourself.")]
    TradeWithSelf,
    #[error("A trade needs at least one card.")]
    EmptyTrade,
    #[error("Ask for cards by their faces: a joker or a hidden card is not in play.")]
    NotACardInPlay,
    #[error("You do not hold the {card} asked for, so you can only refuse.")]
    LackTheCard { card: Card },
    #[error("Choose one of the units offered.")]
    NotACandidate,
    #[error("Choose one of your settlements.")]
    NotACandidateBase,
    /// A verdict of the map (a blocked road, out of reach, water…), worded by the board.
    #[error("{0}")]
    Refused(String),
}
