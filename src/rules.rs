//! The OMMS rules engine: the paper game, headless and deterministic.
//!
//! The engine follows a command / check / execute / apply split:
//! - a [`Command`] says what the player the game waits for ([`State::actor`]) wants;
//! - [`check`] says whether it is legal now, purely, with a message for the player if not;
//! - [`execute`] checks it, rolls the dice from the state's own ChaCha8 stream, and returns the
//!   [`Event`]s that happened;
//! - [`apply`] is the only code that changes a [`State`], one event at a time.
//!
//! Questions about the map (roads, reach, coin discs, sieges) are asked of a [`Board`]; the
//! engine itself knows cards, food, dice and ownership. [`Game`] keeps the command log and turn
//! hashes; [`replay`] re-runs a log and proves it reproduces the game. Save files are
//! [`crate::save`]'s.
//!
//! ```
//! use omms::map::{PlaceKind, Scale};
//! use omms::rules::testkit::TableBoard;
//! use omms::rules::*;
//!
//! let mut board = TableBoard::new();
//! let a = board.add_place("Ordino", PlaceKind::Village, true, [0.0, 0.0]);
//! let b = board.add_place("Encamp", PlaceKind::Town, true, [5_000.0, 0.0]);
//! let seat = |name: &str, colour: &str| PlayerSetup { name: name.into(), colour: colour.into() };
//! let setup = GameSetup {
//!     map: "andorra".into(),
//!     scale: Scale(25_000),
//!     players: vec![seat("Red", "red"), seat("Blue", "blue")],
//!     options: Options::default(),
//! };
//! let mut game = Game::new(setup, 42).unwrap();
//! game.submit(&board, Command::PlaceBase(PlaceBase { place: a })).unwrap();
//! game.submit(&board, Command::PlaceBase(PlaceBase { place: b })).unwrap();
//! assert_eq!(game.state().phase(), Phase::Draw);
//! let refused = game.submit(&board, Command::EndTurn(EndTurn)).unwrap_err();
//! assert_eq!(refused.to_string(), "Roll the die and draw your cards first.");
//! ```

mod apply;
mod bases;
pub mod battle;
mod board;
mod cards;
mod check;
mod combat;
mod command;
mod creation_total;
mod error;
mod event;
mod execute;
mod game;
mod hash;
mod ids;
mod legal;
pub mod map_board;
mod options;
mod replay;
mod scenario;
mod state;
pub mod testkit;
mod undo;
mod unit;
pub mod view;

pub use apply::apply;
pub use bases::{base_kind, check_room, seat_capacity, BaseSites, SeatCapacity};
pub use battle::{
    BattleLog, BattleMode, BattleOffer, BattleOptions, BattleOutcome, BattleRequest, FightDice,
    RulesetId, RulesetSet, SideDice,
};
pub use board::{Board, PlaceFacts};
pub use cards::{all_card_ids, match_faces, Card, Rank, Suit, PACK_SIZE};
pub use check::{check, may_board};
pub use combat::{
    defence_bonus, defence_dice, defender_must_choose, odds, outcome, strongest, Odds,
};
pub use command::{
    AnswerBattle, Attack, BoardShip, BuildSettlement, BuildShip, BuyAttackDie, ChooseBase,
    ChooseDefender, ChooseSiegeCasualty, Command, Draw, EndMain, EndTurn, FinishBattle, Fortify,
    GrowFood, Land, Move, PlaceBase, PlayRoyal, PlayTank, ProposeTrade, RaiseUnit, RespondTrade,
    SwapDiamond, Target,
};
pub use creation_total::{creation_total, settlement_points, upkeep};
pub use error::RuleError;
pub use event::{Event, Loss, Outcome, Recruit};
pub use execute::execute;
pub use game::{DeclinedTrade, Game, TurnHash};
pub use hash::{fnv1a, state_hash, StateHash};
pub use ids::{CardId, Dice, Food, MapPoint, PlayerId, Points, SettlementId, UnitId};
pub use legal::{cheapest_set, legal_commands};
pub use map_board::MapBoard;
pub use options::{DrawRule, GameSetup, Options, PlayerSetup, SetupError, Victory, MAX_PLAYERS};
pub use replay::{replay, ReplayError, ReplayWatch};
pub use scenario::{Scenario, ScenarioError};
pub use state::{
    Pending, Phase, Player, Settlement, SiegeClock, State, STARTING_FOOD, STARTING_HAND,
};
pub use undo::may_undo;
pub use unit::{
    Location, Unit, UnitType, ATTACK_RADIUS, HARBOUR_REACH, SETTLEMENT_SPACING, SHIP_CAPACITY,
    SIEGE_RADIUS,
};
pub use view::{seen_by, SeatView};
