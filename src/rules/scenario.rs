//! Setting up a position directly: for tests, for the `omms rules` tool's scenario files, and for
//! puzzles. Geometry is not judged here (a scenario loader snaps positions to roads first); the
//! builder only keeps the position consistent with the rules' bookkeeping: every card exists
//! exactly once, ids are fresh, units stand in their owner's settlements.

use super::board::Board;
use super::cards::Card;
use super::ids::{Dice, Food, PlayerId, SettlementId, UnitId};
use super::options::{GameSetup, SetupError};
use super::state::{Phase, Settlement, SiegeClock, State};
use super::unit::{Location, Unit, UnitType};
use crate::map::PlaceId;

/// Why a scenario cannot become a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    /// The setup is invalid.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A player number the setup does not have.
    #[error("There is no player #{}.", .0 .0)]
    NoSuchPlayer(PlayerId),
    /// A place the map does not have.
    #[error("The map has no place #{}.", .0 .0)]
    NoSuchPlace(PlaceId),
    /// Two settlements on one place.
    #[error("Two settlements stand on {0}.")]
    PlaceTwice(String),
    /// A unit inside a settlement that is not there or not its owner's.
    #[error("Unit #{} is inside a settlement its owner does not hold.", .0 .0)]
    UnitOutside(UnitId),
    /// More copies of a card than the packs hold.
    #[error("There is no {0} left in the packs to hand out.")]
    NoCardLeft(Card),
}

#[derive(Debug, Clone)]
struct SettlementSpec {
    owner: PlayerId,
    place: PlaceId,
    fort: bool,
    base: bool,
}

/// A builder for a position. Settlements and units get ids in the order they are added.
#[derive(Debug, Clone)]
pub struct Scenario {
    setup: GameSetup,
    seed: u64,
    current: PlayerId,
    phase: Phase,
    turn: u32,
    settlements: Vec<SettlementSpec>,
    units: Vec<(PlayerId, UnitType, Location)>,
    hands: Vec<(PlayerId, Vec<Card>)>,
    pile_top: Vec<Card>,
    pile_exactly: Option<Vec<Card>>,
    food: Vec<(PlayerId, Food)>,
}

impl Scenario {
    /// An empty position of this setup: no pieces, empty hands, three food each, the first
    /// player's main phase of turn 1.
    pub fn new(setup: GameSetup, seed: u64) -> Scenario {
        Scenario {
            setup,
            seed,
            current: PlayerId(0),
            phase: Phase::Main,
            turn: 1,
            settlements: Vec::new(),
            units: Vec::new(),
            hands: Vec::new(),
            pile_top: Vec::new(),
            pile_exactly: None,
            food: Vec::new(),
        }
    }

    /// A settlement of `owner` on `place`; `base` makes it the owner's base.
    pub fn settlement(
        &mut self,
        owner: PlayerId,
        place: PlaceId,
        fort: bool,
        base: bool,
    ) -> SettlementId {
        self.settlements.push(SettlementSpec {
            owner,
            place,
            fort,
            base,
        });
        SettlementId(self.settlements.len() as u32 - 1)
    }

    /// A unit of `owner` at `at`.
    pub fn unit(&mut self, owner: PlayerId, kind: UnitType, at: Location) -> UnitId {
        self.units.push((owner, kind, at));
        UnitId(self.units.len() as u32 - 1)
    }

    /// Give `player` these cards (taken out of the shuffled packs).
    pub fn hand(&mut self, player: PlayerId, cards: &[Card]) -> &mut Self {
        self.hands.push((player, cards.to_vec()));
        self
    }

    /// Put these cards on top of the pile, the first to be drawn first.
    pub fn pile_top(&mut self, cards: &[Card]) -> &mut Self {
        self.pile_top = cards.to_vec();
        self
    }

    /// Make the pile exactly these cards (the first drawn first) and put every other card not
    /// in a hand on the discard pile, in id order.
    pub fn pile_exactly(&mut self, cards: &[Card]) -> &mut Self {
        self.pile_exactly = Some(cards.to_vec());
        self
    }

    /// Set a player's food.
    pub fn food(&mut self, player: PlayerId, food: u32) -> &mut Self {
        self.food.push((player, Food(food)));
        self
    }

    /// Whose turn, which phase, which turn number.
    pub fn turn(&mut self, current: PlayerId, phase: Phase, turn: u32) -> &mut Self {
        self.current = current;
        self.phase = phase;
        self.turn = turn;
        self
    }

    /// Build the state. Place facts come from `board`, and siege clocks start for every
    /// settlement the board says is besieged now.
    pub fn build(&self, board: &dyn Board) -> Result<State, ScenarioError> {
        let mut state = State::undealt(&self.setup, self.seed)?;
        let seat = |p: PlayerId| {
            if state_has(&self.setup, p) {
                Ok(p)
            } else {
                Err(ScenarioError::NoSuchPlayer(p))
            }
        };
        for (i, spec) in self.settlements.iter().enumerate() {
            let owner = seat(spec.owner)?;
            let facts = board
                .place(spec.place)
                .ok_or(ScenarioError::NoSuchPlace(spec.place))?;
            if state.settlement_on(spec.place).is_some() {
                return Err(ScenarioError::PlaceTwice(facts.name));
            }
            let id = SettlementId(i as u32);
            state.settlements.insert(
                id,
                Settlement {
                    id,
                    owner,
                    place: spec.place,
                    name: facts.name,
                    kind: facts.kind,
                    pos: facts.pos,
                    fort: spec.fort,
                },
            );
            if spec.base {
                state.players[owner.index()].base = Some(id);
            }
        }
        state.next_settlement = self.settlements.len() as u32;
        for (i, (owner, kind, at)) in self.units.iter().enumerate() {
            let id = UnitId(i as u32);
            let owner = seat(*owner)?;
            if let Location::Settlement(s) = at {
                if state.settlement(*s).is_none_or(|s| s.owner != owner) {
                    return Err(ScenarioError::UnitOutside(id));
                }
            }
            state.units.insert(
                id,
                Unit {
                    id,
                    owner,
                    kind: *kind,
                    at: *at,
                    moved: false,
                    attacked: false,
                    bonus_dice: Dice(0),
                },
            );
        }
        state.next_unit = self.units.len() as u32;
        for (player, cards) in &self.hands {
            let player = seat(*player)?;
            for card in cards {
                let id = take_from_pile(&mut state, *card)?;
                state.players[player.index()].hand.push(id);
            }
        }
        for card in self.pile_top.iter().rev() {
            let id = take_from_pile(&mut state, *card)?;
            state.pile.push(id);
        }
        if let Some(cards) = &self.pile_exactly {
            let mut pile = Vec::new();
            for card in cards.iter().rev() {
                pile.push(take_from_pile(&mut state, *card)?);
            }
            state.discard = std::mem::replace(&mut state.pile, pile);
            state.discard.sort();
        }
        for (player, food) in &self.food {
            state.players[seat(*player)?.index()].food = *food;
        }
        state.current = seat(self.current)?;
        state.phase = self.phase;
        state.turn = if self.phase == Phase::Setup {
            0
        } else {
            self.turn.max(1)
        };
        if self.phase != Phase::Setup {
            let ids: Vec<SettlementId> = state.settlements.keys().copied().collect();
            for s in ids {
                if !board.besiegers(&state, s).is_empty() {
                    let clock = SiegeClock {
                        since_turn: state.turn,
                        turns_ended: Default::default(),
                    };
                    state.sieges.insert(s, clock);
                }
            }
        }
        Ok(state)
    }
}

fn state_has(setup: &GameSetup, p: PlayerId) -> bool {
    p.index() < setup.players.len()
}

fn take_from_pile(state: &mut State, card: Card) -> Result<super::ids::CardId, ScenarioError> {
    let i = state
        .pile
        .iter()
        .position(|id| Card::from_id(*id) == card)
        .ok_or(ScenarioError::NoCardLeft(card))?;
    Ok(state.pile.remove(i))
}
