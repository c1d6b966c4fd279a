//! `check`: may the player the game waits for issue this command now? Pure: no dice, no change.
//! The UI uses it to grey out actions, the AI to filter ideas, `execute` before acting.

use super::board::Board;
use super::command::Command;
use super::error::RuleError;
use super::ids::{PlayerId, SettlementId, UnitId};
use super::state::{Pending, Phase, Settlement, State};
use super::unit::Unit;

mod build;
mod cards;
mod combat;
mod decision;
mod ship;

pub use ship::may_board;

pub(crate) use cards::spend_total;
pub(crate) use combat::moving as move_destination;
pub(crate) use ship::landing as landing_destination;

/// Whether `cmd` is legal now for [`State::actor`]. The error says why not, for the player.
pub fn check(state: &State, board: &dyn Board, cmd: &Command) -> Result<(), RuleError> {
    if let Some(winner) = state.winner() {
        return Err(RuleError::GameOver {
            winner: state.name_of(winner).to_string(),
        });
    }
    if let Some(pending) = state.pending().first() {
        return decision::check(state, board, pending, cmd);
    }
    if cmd.is_decision() {
        return Err(RuleError::NothingToDecide);
    }
    let me = state.current_player();
    match state.phase() {
        Phase::Setup if !matches!(cmd, Command::PlaceBase(_)) => return Err(RuleError::SetupFirst),
        Phase::Draw if !matches!(cmd, Command::Draw(_)) => return Err(RuleError::DrawFirst),
        _ => {}
    }
    match cmd {
        Command::PlaceBase(c) => build::place_base(state, board, c),
        Command::Draw(_) => in_phase(state, "draw cards", &[Phase::Draw]),
        Command::PlayRoyal(c) => cards::play_royal(state, me, c),
        Command::PlayTank(c) => cards::play_tank(state, me, c),
        Command::RaiseUnit(c) => build::raise_unit(state, me, c),
        Command::BuildSettlement(c) => build::settlement(state, board, me, c),
        Command::Fortify(c) => build::fortify(state, me, c),
        Command::GrowFood(c) => {
            in_phase(state, "grow food", &[Phase::Main])?;
            spend_total(state, me, &c.cards, super::cards::Suit::Hearts).map(drop)
        }
        Command::SwapDiamond(c) => cards::swap_diamond(state, me, c),
        Command::BuyAttackDie(c) => cards::buy_attack_die(state, me, c),
        Command::ProposeTrade(c) => cards::propose_trade(state, me, c),
        Command::Move(c) => combat::moving(state, board, me, c).map(drop),
        Command::EndMain(_) => in_phase(state, "end the main phase", &[Phase::Main]),
        Command::Attack(c) => combat::attack(state, board, me, c),
        Command::EndTurn(_) => in_phase(state, "end your turn", &[Phase::Main, Phase::Attack]),
        Command::BuildShip(c) => ship::build_ship(state, board, me, c),
        Command::BoardShip(c) => ship::board_ship(state, board, me, c),
        Command::Land(c) => ship::landing(state, board, me, c).map(drop),
        Command::RespondTrade(_)
        | Command::ChooseDefender(_)
        | Command::ChooseSiegeCasualty(_)
        | Command::ChooseBase(_)
        | Command::AnswerBattle(_)
        | Command::FinishBattle(_) => Err(RuleError::NothingToDecide),
    }
}

/// Refuse unless the turn is in one of `phases`.
fn in_phase(state: &State, action: &'static str, phases: &[Phase]) -> Result<(), RuleError> {
    if phases.contains(&state.phase()) {
        Ok(())
    } else {
        Err(RuleError::WrongPhase {
            action,
            phase: state.phase(),
        })
    }
}

/// A unit of `me`'s.
fn own_unit(state: &State, me: PlayerId, id: UnitId) -> Result<&Unit, RuleError> {
    let unit = state.unit(id).ok_or(RuleError::NoSuchUnit(id))?;
    if unit.owner() != me {
        return Err(RuleError::NotYourUnit { kind: unit.kind() });
    }
    Ok(unit)
}

/// A settlement of `me`'s.
fn own_settlement(state: &State, me: PlayerId, id: SettlementId) -> Result<&Settlement, RuleError> {
    let s = state
        .settlement(id)
        .ok_or(RuleError::NoSuchSettlement(id))?;
    if s.owner() != me {
        return Err(RuleError::NotYourSettlement {
            name: s.name().to_string(),
        });
    }
    Ok(s)
}

/// What a pending decision asks, for "waiting for …" messages.
pub(crate) fn describe(pending: &Pending) -> &'static str {
    match pending {
        Pending::Trade { .. } => "answer a trade",
        Pending::Defender { .. } => "choose which unit defends",
        Pending::SiegeCasualty { .. } => "choose the unit the siege destroys",
        Pending::NewBase { .. } => "choose a new base",
        Pending::BattleOffer { .. } => "answer the offer of a table battle",
        Pending::Battle { .. } => "fight the battle on the table",
    }
}
