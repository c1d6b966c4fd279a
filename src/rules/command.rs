//! What a player can ask for. Each command is a small struct; [`Command`] wraps them.
//!
//! A command never names who issues it: it is always [`State::actor`](super::State::actor), the
//! player the game is waiting for (the current player, or whoever owes a decision).

use serde::{Deserialize, Serialize};

use super::battle::{BattleLog, BattleOffer};
use super::ids::{CardId, MapPoint, PlayerId, SettlementId, UnitId};
use super::unit::UnitType;
use crate::map::PlaceId;

/// What an attack is aimed at. Attacking a unit in a stack or a settlement means attacking the
/// strongest defender there (RULINGS §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// An enemy unit (and so its whole stack).
    Unit(UnitId),
    /// An enemy settlement: its defenders, or the settlement itself when empty.
    Settlement(SettlementId),
}

/// Setup: place this player's base (a fortification) on a place.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlaceBase {
    /// A playable town, city or village.
    pub place: PlaceId,
}

/// Step 1 of a turn: roll a die and draw that many cards (or one, by option).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draw;

/// Play a Jack, Queen or King to place a Scout, Guard or Invader in one of your settlements.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayRoyal {
    /// The royal card.
    pub card: CardId,
    /// Where the unit appears.
    pub settlement: SettlementId,
}

/// *Tanks option*: play an Ace to place a Tank in your base.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayTank {
    /// The Ace.
    pub card: CardId,
}

/// Spend clubs (plus diamonds at half value) reaching the Creation Total for a unit of your
/// choice in one of your town or city settlements.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RaiseUnit {
    /// The set spent.
    pub cards: Vec<CardId>,
    /// Scout, Guard or Invader.
    pub kind: UnitType,
    /// Where it appears.
    pub settlement: SettlementId,
}

/// Spend spades for a new basic settlement on the place where one of your units stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BuildSettlement {
    /// The set spent.
    pub cards: Vec<CardId>,
    /// The unit standing on the place.
    pub unit: UnitId,
}

/// *Seafaring*: spend spades reaching the Creation Total for a Ship at one of your ports. No
/// food is needed; the Ship is put on the sea point nearest the port (RULINGS §10).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BuildShip {
    /// The set spent.
    pub cards: Vec<CardId>,
    /// The port settlement.
    pub port: SettlementId,
}

/// *Seafaring*: as its move, a unit in one of your ports goes aboard your Ship in harbour there.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardShip {
    /// The unit boarding.
    pub unit: UnitId,
    /// The Ship.
    pub ship: UnitId,
}

/// *Seafaring*: as its move, a unit aboard a Ship goes ashore within a card's breadth of it: on a
/// major road or into one of your settlements (a Scout or Tank anywhere on land).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Land {
    /// The unit aboard.
    pub unit: UnitId,
    /// Where it goes ashore.
    pub to: MapPoint,
}

/// Spend spades to fortify one of your occupied basic settlements.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fortify {
    /// The set spent.
    pub cards: Vec<CardId>,
    /// The settlement.
    pub settlement: SettlementId,
}

/// Spend hearts for one food token.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GrowFood {
    /// The set spent.
    pub cards: Vec<CardId>,
}

/// Discard a diamond and a non-royal heart, club or spade to draw two cards.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SwapDiamond {
    /// The diamond.
    pub diamond: CardId,
    /// The other card.
    pub other: CardId,
}

/// Spend diamonds reaching the Creation Total for one more attack die for a unit this turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BuyAttackDie {
    /// The diamonds spent.
    pub cards: Vec<CardId>,
    /// The unit that will roll the extra die.
    pub unit: UnitId,
}

/// Offer another player a swap of cards; they accept or decline.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ProposeTrade {
    /// The other player.
    pub with: PlayerId,
    /// Cards from your hand.
    pub give: Vec<CardId>,
    /// Cards from theirs.
    pub take: Vec<CardId>,
}

/// Answer a trade offered to you.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RespondTrade {
    /// Accept (cards change hands) or decline.
    pub accept: bool,
}

/// Move a unit. Where it may go is the board's question (RULINGS §4).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The unit.
    pub unit: UnitId,
    /// Where it should end.
    pub to: MapPoint,
    /// For a motorway double move: where the first leg ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via: Option<MapPoint>,
    /// A Scout's (or Tank's) straight move over land instead of along roads.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub off_road: bool,
}

/// End the main phase and go on to attacks.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EndMain;

/// Attack with a unit.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attack {
    /// The attacking unit.
    pub unit: UnitId,
    /// What it attacks.
    pub target: Target,
    /// A table battle offered instead of the dice (RULINGS §9); none: roll the dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<BattleOffer>,
}

impl Attack {
    /// An attack decided by the OMMS dice.
    pub fn dice(unit: UnitId, target: Target) -> Attack {
        Attack {
            unit,
            target,
            battle: None,
        }
    }
}

/// As the defender, take up or refuse the table battle the attacker offered.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AnswerBattle {
    /// Fight it on the table (or auto-resolve it, as offered); refuse: roll the dice.
    pub accept: bool,
}

/// Report the table battle the game waits for, fought to its end, as its command log.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FinishBattle {
    /// Every command of the battle, in order, from its deployment.
    pub log: BattleLog,
}

/// End the turn; the next player's begins.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EndTurn;

/// As the defender, pick which of your equally strongest units meets the attack.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChooseDefender {
    /// One of the offered units.
    pub unit: UnitId,
}

/// Pick the unit a siege destroys.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChooseSiegeCasualty {
    /// One of the offered units.
    pub unit: UnitId,
}

/// After losing your base, name a new one among your settlements.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChooseBase {
    /// One of your settlements.
    pub settlement: SettlementId,
}

/// Every command.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(missing_docs)] // Each variant is documented on its struct.
pub enum Command {
    PlaceBase(PlaceBase),
    Draw(Draw),
    PlayRoyal(PlayRoyal),
    PlayTank(PlayTank),
    RaiseUnit(RaiseUnit),
    BuildSettlement(BuildSettlement),
    Fortify(Fortify),
    GrowFood(GrowFood),
    SwapDiamond(SwapDiamond),
    BuyAttackDie(BuyAttackDie),
    ProposeTrade(ProposeTrade),
    RespondTrade(RespondTrade),
    Move(Move),
    EndMain(EndMain),
    Attack(Attack),
    EndTurn(EndTurn),
    ChooseDefender(ChooseDefender),
    ChooseSiegeCasualty(ChooseSiegeCasualty),
    ChooseBase(ChooseBase),
    AnswerBattle(AnswerBattle),
    FinishBattle(FinishBattle),
    BuildShip(BuildShip),
    BoardShip(BoardShip),
    Land(Land),
}

impl Command {
    /// Whether this command answers a pending decision rather than acting in a turn.
    pub fn is_decision(&self) -> bool {
        matches!(
            self,
            Command::RespondTrade(_)
                | Command::ChooseDefender(_)
                | Command::ChooseSiegeCasualty(_)
                | Command::ChooseBase(_)
                | Command::AnswerBattle(_)
                | Command::FinishBattle(_)
        )
    }
}
