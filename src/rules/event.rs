//! What happened. `execute` produces events; `apply` is the only code that changes the state, one
//! event at a time. Events carry every die and every card so a UI can show them and a replay of
//! events needs no randomness.

use serde::{Deserialize, Serialize};

use super::battle::{BattleMode, BattleRequest};
use super::command::Target;
use super::ids::{CardId, Food, MapPoint, PlayerId, SettlementId, UnitId};
use super::state::{Pending, Phase};
use super::unit::{Location, UnitType};
use crate::map::{PlaceId, PlaceKind};

/// How a fight ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The attacker's best die was higher: the defending unit is lost.
    AttackerWins,
    /// The defender's best die was higher: the attacking unit is lost.
    DefenderWins,
    /// Equal best dice: both survive.
    StandOff,
}

/// Why a unit left the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Loss {
    /// Lost a fight.
    Combat,
    /// Starved by a siege.
    Siege,
    /// A Ship sunk in a fight, or beaten with no port left to return to (RULINGS §10).
    Sunk,
    /// Carried by a Ship that was sunk or beaten off.
    Drowned,
}

/// Where a newly placed unit came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recruit {
    /// A Jack, Queen or King.
    Royal,
    /// A set of clubs.
    Clubs,
    /// An Ace (tanks option).
    Ace,
    /// A set of spades at a port (a Ship, seafaring option).
    Spades,
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A base (a fortification) was placed during setup.
    BasePlaced {
        /// Owner.
        player: PlayerId,
        /// The new settlement.
        settlement: SettlementId,
        /// Map place.
        place: PlaceId,
        /// Place name.
        name: String,
        /// Place kind.
        kind: PlaceKind,
        /// Coin centre.
        pos: MapPoint,
    },
    /// The next player places a base.
    SetupPassed {
        /// Who places next.
        player: PlayerId,
    },
    /// A turn began (draw step).
    TurnStarted {
        /// Whose.
        player: PlayerId,
        /// Its number, from 1.
        turn: u32,
    },
    /// The phase changed within a turn.
    PhaseChanged {
        /// The new phase.
        phase: Phase,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        player: PlayerId,
    },
    /// The die of the draw step.
    DrawRolled {
        /// Who rolled.
        player: PlayerId,
        /// 1–6.
        value: u8,
    },
    /// The empty pile was refilled by shuffling the discard pile; the last card is on top.
    PileRefilled {
        /// The new pile, bottom first.
        cards: Vec<CardId>,
    },
    /// Cards drawn from the top of the pile, in the order drawn.
    CardsDrawn {
        /// Who drew.
        player: PlayerId,
        /// The cards.
        cards: Vec<CardId>,
    },
    /// Cards played from a hand onto the discard pile.
    CardsSpent {
        /// Whose hand.
        player: PlayerId,
        /// The cards.
        cards: Vec<CardId>,
    },
    /// A winning attacker took a random card from the loser's hand.
    CardStolen {
        /// Loser.
        from: PlayerId,
        /// Winner.
        to: PlayerId,
        /// The card.
        card: CardId,
    },
    /// A trade was offered (the game now waits for `with`).
    TradeProposed {
        /// Who offers.
        from: PlayerId,
        /// Who answers.
        with: PlayerId,
        /// Cards offered.
        give: Vec<CardId>,
        /// Cards asked for.
        take: Vec<CardId>,
    },
    /// The offered trade was accepted and the cards changed hands.
    TradeAccepted {
        /// Who offered.
        from: PlayerId,
        /// Who accepted.
        with: PlayerId,
        /// Cards `from` gave.
        give: Vec<CardId>,
        /// Cards `from` took.
        take: Vec<CardId>,
    },
    /// The offered trade was declined.
    TradeDeclined {
        /// Who offered.
        from: PlayerId,
        /// Who declined.
        with: PlayerId,
    },
    /// A unit appeared in a settlement.
    UnitPlaced {
        /// Its new id.
        unit: UnitId,
        /// Owner.
        owner: PlayerId,
        /// Type.
        kind: UnitType,
        /// Where.
        at: Location,
        /// Paid for by.
        source: Recruit,
    },
    /// A unit moved.
    UnitMoved {
        /// The unit.
        unit: UnitId,
        /// From.
        from: Location,
        /// To.
        to: Location,
    },
    /// A unit went into a settlement without moving (building under it, or capturing it).
    UnitEntered {
        /// The unit.
        unit: UnitId,
        /// The settlement.
        settlement: SettlementId,
    },
    /// A unit was destroyed.
    UnitDestroyed {
        /// The unit.
        unit: UnitId,
        /// Why.
        cause: Loss,
    },
    /// A Ship beaten off in its own attack went back to its owner's nearest port (its cargo
    /// was lost just before).
    ShipReturned {
        /// The Ship.
        unit: UnitId,
        /// The sea point in harbour it is put on.
        to: MapPoint,
    },
    /// A new basic settlement.
    SettlementBuilt {
        /// Owner.
        player: PlayerId,
        /// Its new id.
        settlement: SettlementId,
        /// Map place.
        place: PlaceId,
        /// Place name.
        name: String,
        /// Place kind.
        kind: PlaceKind,
        /// Coin centre.
        pos: MapPoint,
    },
    /// A basic settlement became a fortification.
    Fortified {
        /// The settlement.
        settlement: SettlementId,
    },
    /// Food tokens gained.
    FoodGained {
        /// Who.
        player: PlayerId,
        /// How many.
        amount: Food,
    },
    /// Food tokens given up after losing the base.
    FoodDiscarded {
        /// Who.
        player: PlayerId,
        /// How many.
        amount: Food,
    },
    /// A unit will roll one more die when it attacks this turn.
    AttackDieBought {
        /// The unit.
        unit: UnitId,
    },
    /// An attack was declared; the unit has used its attack this turn.
    AttackDeclared {
        /// The attacker.
        unit: UnitId,
        /// The target named.
        target: Target,
    },
    /// The game waits for a decision.
    DecisionRequired {
        /// What and by whom.
        pending: Pending,
    },
    /// The first pending decision was made (the events that follow say what it was).
    DecisionMade,
    /// The defender's answer to a table battle the attacker offered.
    BattleAnswered {
        /// The defending player.
        player: PlayerId,
        /// Taken up (else the dice decide).
        accept: bool,
    },
    /// A table battle was fought (on the table or auto-resolved) and decided the fight.
    BattleFought {
        /// What fixed it: ruleset, units, forces, seed.
        request: BattleRequest,
        /// Played by people or auto-resolved.
        mode: BattleMode,
        /// How it ended, as the fight's result.
        outcome: Outcome,
        /// Commands the battle took.
        commands: usize,
    },
    /// The dice of a fight.
    CombatRolled {
        /// Attacking unit.
        attacker: UnitId,
        /// Defending unit.
        defender: UnitId,
        /// Attacker's dice.
        attack: Vec<u8>,
        /// Defender's dice.
        defence: Vec<u8>,
        /// Result.
        outcome: Outcome,
    },
    /// A settlement changed hands; it is now a basic settlement of `to`.
    SettlementCaptured {
        /// The settlement.
        settlement: SettlementId,
        /// Previous owner.
        from: PlayerId,
        /// New owner.
        to: PlayerId,
        /// It was a fortification (now reduced).
        was_fort: bool,
        /// It was `from`'s base.
        was_base: bool,
    },
    /// A player's base is now this settlement.
    BaseSet {
        /// The player.
        player: PlayerId,
        /// The settlement.
        settlement: SettlementId,
    },
    /// The last road out of a settlement closed: its siege clock starts.
    SiegeStarted {
        /// The settlement.
        settlement: SettlementId,
        /// Current turn.
        turn: u32,
    },
    /// A road opened: the siege clock stops.
    SiegeEnded {
        /// The settlement.
        settlement: SettlementId,
    },
    /// A siege has held a whole round: its clock starts the next round.
    SiegeRound {
        /// The settlement.
        settlement: SettlementId,
    },
    /// The siege dice decide who picks the casualty.
    SiegeRolled {
        /// The settlement.
        settlement: SettlementId,
        /// The besieger who rolled.
        besieger: PlayerId,
        /// Their die.
        besieger_roll: u8,
        /// The besieged player's die.
        besieged_roll: u8,
        /// Who picks the unit lost.
        chooser: PlayerId,
    },
    /// A player has no settlements and no units: out of the game, hand discarded.
    PlayerOut {
        /// The player.
        player: PlayerId,
        /// Their hand, now on the discard pile.
        discarded: Vec<CardId>,
    },
    /// The game is won.
    Won {
        /// The winner.
        player: PlayerId,
    },
}

impl Event {
    /// Whether this event adds, removes, moves or resizes a coin on the map, or changes whose it
    /// is: the only events after which the board's verdicts (reach, sieges) can change.
    pub fn changes_board(&self) -> bool {
        matches!(
            self,
            Event::BasePlaced { .. }
                | Event::UnitPlaced { .. }
                | Event::UnitMoved { .. }
                | Event::UnitEntered { .. }
                | Event::UnitDestroyed { .. }
                | Event::ShipReturned { .. }
                | Event::SettlementBuilt { .. }
                | Event::Fortified { .. }
                | Event::SettlementCaptured { .. }
                | Event::PlayerOut { .. }
        )
    }
}
