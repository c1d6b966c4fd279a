//! The whole game state. Fields are private to the rules; everything else reads it through
//! getters and changes it only by submitting commands.

use std::collections::{BTreeMap, BTreeSet};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::battle::{BattleOffer, BattleRequest};
use super::cards::{all_card_ids, Card};
use super::creation_total::{creation_total, settlement_points, upkeep};
use super::ids::{CardId, Food, MapPoint, PlayerId, Points, SettlementId, UnitId};
use super::options::{GameSetup, Options, SetupError};
use super::unit::{Location, Unit};
use crate::dice::shuffle;
use crate::map::{PlaceId, PlaceKind, Scale};

mod consistency;
mod queries;

/// Food every player starts with.
pub const STARTING_FOOD: Food = Food(3);
/// Cards dealt to every player at the start.
pub const STARTING_HAND: usize = 5;

/// Where the turn is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Players place their bases in turn order.
    Setup,
    /// The current player must roll and draw.
    Draw,
    /// Cards, builds, trades and moves.
    Main,
    /// Attacks (and royal cards, resource dice).
    Attack,
    /// Someone has won.
    Over,
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Phase::Setup => "setup",
            Phase::Draw => "draw step",
            Phase::Main => "main phase",
            Phase::Attack => "attack phase",
            Phase::Over => "end of the game",
        })
    }
}

/// A decision the game waits for before anything else can happen.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// `with` must accept or decline a trade offered by `from`.
    Trade {
        /// Who offers.
        from: PlayerId,
        /// Who answers.
        with: PlayerId,
        /// Cards `from` gives.
        give: Vec<CardId>,
        /// Cards `from` takes.
        take: Vec<CardId>,
    },
    /// The defender picks which of equally strong units meets an attack.
    Defender {
        /// The defending player.
        player: PlayerId,
        /// The attacking unit.
        attacker: UnitId,
        /// Units to choose from.
        candidates: Vec<UnitId>,
        /// The table battle the attacker offered, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        battle: Option<BattleOffer>,
    },
    /// The defender may take up or refuse a table battle the attacker offered.
    BattleOffer {
        /// The defending player.
        player: PlayerId,
        /// The attacking unit.
        attacker: UnitId,
        /// The unit meeting the attack.
        defender: UnitId,
        /// What was offered.
        offer: BattleOffer,
    },
    /// A battle agreed on the table: `player` (the attacker) reports it once fought.
    Battle {
        /// Who reports it.
        player: PlayerId,
        /// What fixes the battle.
        request: BattleRequest,
    },
    /// A siege destroys one unit; `player` picks which.
    SiegeCasualty {
        /// Who chooses (the winner of the siege roll).
        player: PlayerId,
        /// The besieged settlement.
        settlement: SettlementId,
        /// Units to choose from.
        candidates: Vec<UnitId>,
    },
    /// `player` lost their base and names a new one.
    NewBase {
        /// The player.
        player: PlayerId,
        /// Their settlements.
        candidates: Vec<SettlementId>,
    },
}

impl Pending {
    /// The player who must answer.
    pub fn player(&self) -> PlayerId {
        match self {
            Pending::Trade { with, .. } => *with,
            Pending::Defender { player, .. }
            | Pending::BattleOffer { player, .. }
            | Pending::Battle { player, .. }
            | Pending::SiegeCasualty { player, .. }
            | Pending::NewBase { player, .. } => *player,
        }
    }
}

/// A seat at the table and what it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub(super) name: String,
    pub(super) colour: String,
    pub(super) hand: Vec<CardId>,
    pub(super) food: Food,
    pub(super) base: Option<SettlementId>,
    pub(super) out: bool,
    pub(super) bases_captured: u32,
}

impl Player {
    /// Name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Colour name.
    pub fn colour(&self) -> &str {
        &self.colour
    }
    /// Cards in hand, in the order they arrived.
    pub fn hand(&self) -> &[CardId] {
        &self.hand
    }
    /// Food tokens.
    pub fn food(&self) -> Food {
        self.food
    }
    /// The base, if the player has one.
    pub fn base(&self) -> Option<SettlementId> {
        self.base
    }
    /// Whether the player is out of the game.
    pub fn is_out(&self) -> bool {
        self.out
    }
    /// Enemy bases this player has captured.
    pub fn bases_captured(&self) -> u32 {
        self.bases_captured
    }
}

/// A built settlement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settlement {
    pub(super) id: SettlementId,
    pub(super) owner: PlayerId,
    pub(super) place: PlaceId,
    pub(super) name: String,
    pub(super) kind: PlaceKind,
    pub(super) pos: MapPoint,
    pub(super) fort: bool,
}

impl Settlement {
    /// Its id.
    pub fn id(&self) -> SettlementId {
        self.id
    }
    /// Owner.
    pub fn owner(&self) -> PlayerId {
        self.owner
    }
    /// The map place it stands on.
    pub fn place(&self) -> PlaceId {
        self.place
    }
    /// The place's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The place's kind.
    pub fn kind(&self) -> PlaceKind {
        self.kind
    }
    /// Centre of its coin.
    pub fn pos(&self) -> MapPoint {
        self.pos
    }
    /// Fortification (2p coin) or basic (1p coin).
    pub fn is_fort(&self) -> bool {
        self.fort
    }
    /// Settlement points it is worth.
    pub fn points(&self) -> Points {
        Points(if self.fort { 2 } else { 1 })
    }
    /// Its coin on the map.
    pub fn coin(&self) -> crate::map::Measure {
        if self.fort {
            crate::map::Measure::Coin2p
        } else {
            crate::map::Measure::Coin1p
        }
    }
}

/// A running siege clock (RULINGS §6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiegeClock {
    pub(super) since_turn: u32,
    pub(super) turns_ended: BTreeSet<PlayerId>,
}

impl SiegeClock {
    /// The turn in which the last road was closed.
    pub fn since_turn(&self) -> u32 {
        self.since_turn
    }
    /// Players who have ended a turn since the clock (re)started; when every player still in
    /// the game is here, a round has passed.
    pub fn turns_ended(&self) -> &BTreeSet<PlayerId> {
        &self.turns_ended
    }
}

/// The game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub(super) map: String,
    pub(super) scale: Scale,
    pub(super) options: Options,
    pub(super) players: Vec<Player>,
    pub(super) units: BTreeMap<UnitId, Unit>,
    pub(super) settlements: BTreeMap<SettlementId, Settlement>,
    pub(super) next_unit: u32,
    pub(super) next_settlement: u32,
    /// Draw pile; the top card is the last element.
    pub(super) pile: Vec<CardId>,
    pub(super) discard: Vec<CardId>,
    pub(super) out_of_play: Vec<CardId>,
    pub(super) turn: u32,
    pub(super) current: PlayerId,
    pub(super) phase: Phase,
    pub(super) pending: Vec<Pending>,
    pub(super) sieges: BTreeMap<SettlementId, SiegeClock>,
    pub(super) winner: Option<PlayerId>,
    pub(super) rng: ChaCha8Rng,
}

impl State {
    /// A new game at setup: packs shuffled, five cards dealt to each player one at a time, three
    /// food each, no pieces; the first player places a base.
    pub fn new(setup: &GameSetup, seed: u64) -> Result<State, SetupError> {
        let mut state = State::undealt(setup, seed)?;
        for _ in 0..STARTING_HAND {
            for p in &mut state.players {
                if let Some(card) = state.pile.pop() {
                    p.hand.push(card);
                }
            }
        }
        Ok(state)
    }

    /// A new game with the packs shuffled but nothing dealt (scenarios deal their own hands).
    pub(super) fn undealt(setup: &GameSetup, seed: u64) -> Result<State, SetupError> {
        setup.validate()?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let packs = setup.players.len() as u16;
        let (out_of_play, mut pile): (Vec<CardId>, Vec<CardId>) =
            all_card_ids(packs).partition(|c| Card::from_id(*c) == Card::Joker);
        shuffle(&mut rng, &mut pile);
        let players = setup
            .players
            .iter()
            .map(|p| Player {
                name: p.name.clone(),
                colour: p.colour.clone(),
                hand: Vec::new(),
                food: STARTING_FOOD,
                base: None,
                out: false,
                bases_captured: 0,
            })
            .collect();
        Ok(State {
            map: setup.map.clone(),
            scale: setup.scale,
            options: setup.options,
            players,
            units: BTreeMap::new(),
            settlements: BTreeMap::new(),
            next_unit: 0,
            next_settlement: 0,
            pile,
            discard: Vec::new(),
            out_of_play,
            turn: 0,
            current: PlayerId(0),
            phase: Phase::Setup,
            pending: Vec::new(),
            sieges: BTreeMap::new(),
            winner: None,
            rng,
        })
    }

    /// The map package's name.
    pub fn map(&self) -> &str {
        &self.map
    }
    /// The scale the game is played at.
    pub fn scale(&self) -> Scale {
        self.scale
    }
    /// Optional rules in force.
    pub fn options(&self) -> &Options {
        &self.options
    }
    /// All seats in turn order, including players who are out.
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    /// One seat. Panics on an id the game does not have.
    pub fn player(&self, id: PlayerId) -> &Player {
        &self.players[id.index()]
    }
    /// Every unit, by id.
    pub fn units(&self) -> impl Iterator<Item = &Unit> {
        self.units.values()
    }
    /// One unit, if it still exists.
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.get(&id)
    }
    /// Every settlement, by id.
    pub fn settlements(&self) -> impl Iterator<Item = &Settlement> {
        self.settlements.values()
    }
    /// One settlement.
    pub fn settlement(&self, id: SettlementId) -> Option<&Settlement> {
        self.settlements.get(&id)
    }
    /// The draw pile, bottom first (the last card is drawn next).
    pub fn pile(&self) -> &[CardId] {
        &self.pile
    }
    /// The discard pile, oldest first.
    pub fn discard(&self) -> &[CardId] {
        &self.discard
    }
    /// Cards taken out of play (the jokers).
    pub fn out_of_play(&self) -> &[CardId] {
        &self.out_of_play
    }
    /// Turns begun since setup ended (0 during setup).
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// Whose turn it is (during setup: who places a base).
    pub fn current_player(&self) -> PlayerId {
        self.current
    }
    /// The phase of the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Decisions the game waits for, the first one being asked now.
    pub fn pending(&self) -> &[Pending] {
        &self.pending
    }
    /// Running siege clocks.
    pub fn sieges(&self) -> &BTreeMap<SettlementId, SiegeClock> {
        &self.sieges
    }
    /// The winner, once there is one.
    pub fn winner(&self) -> Option<PlayerId> {
        self.winner
    }
    /// The id the next unit placed will get.
    pub fn next_unit_id(&self) -> UnitId {
        UnitId(self.next_unit)
    }
    /// The id the next settlement built will get.
    pub fn next_settlement_id(&self) -> SettlementId {
        SettlementId(self.next_settlement)
    }

    /// The player the game waits for: whoever owes a decision, else the current player.
    pub fn actor(&self) -> PlayerId {
        self.pending.first().map_or(self.current, Pending::player)
    }

    /// Settlement points of a player.
    pub fn points(&self, p: PlayerId) -> Points {
        let (basic, forts) = self.settlement_counts(p);
        settlement_points(basic, forts)
    }

    /// The player's Creation Total now.
    pub fn creation_total(&self, p: PlayerId) -> u32 {
        creation_total(self.points(p))
    }

    /// Food the player's settlements need.
    pub fn upkeep(&self, p: PlayerId) -> Food {
        let (basic, forts) = self.settlement_counts(p);
        upkeep(basic, forts)
    }

    fn settlement_counts(&self, p: PlayerId) -> (u32, u32) {
        let mut counts = (0, 0);
        for s in self.settlements.values().filter(|s| s.owner == p) {
            if s.fort {
                counts.1 += 1;
            } else {
                counts.0 += 1;
            }
        }
        counts
    }

    /// Where a unit's coin is centred.
    pub fn unit_pos(&self, id: UnitId) -> Option<MapPoint> {
        let unit = self.units.get(&id)?;
        match unit.at {
            Location::Settlement(s) => self.settlements.get(&s).map(|s| s.pos),
            Location::Road(p) | Location::OffRoad(p) | Location::Sea(p) => Some(p),
            Location::Aboard(ship) => match self.units.get(&ship)?.at {
                Location::Sea(p) => Some(p),
                _ => None,
            },
        }
    }

    pub(super) fn rng_mut(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }
}
