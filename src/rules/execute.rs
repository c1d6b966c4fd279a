//! `execute`: check a command, roll what must be rolled, and return what happened.
//!
//! Each event is applied the moment it is emitted so later steps see earlier results (a capture
//! follows the death of the last defender). The state's RNG is the one thing touched outside
//! [`apply`]: dice are rolled here and their results travel in the events.

use super::apply::apply;
use super::board::Board;
use super::check::check;
use super::command::Command;
use super::error::RuleError;
use super::event::Event;
use super::ids::PlayerId;
use super::state::State;
use crate::dice as random;

mod combat;
mod economy;
mod ship;
mod siege;
mod turn;

/// Check `cmd` for [`State::actor`] and carry it out. On a refusal the state is untouched.
pub fn execute(
    state: &mut State,
    board: &dyn Board,
    cmd: &Command,
) -> Result<Vec<Event>, RuleError> {
    check(state, board, cmd)?;
    let mut x = Exec {
        state,
        board,
        events: Vec::new(),
    };
    let me = x.state.actor();
    match cmd {
        Command::PlaceBase(c) => turn::place_base(&mut x, me, c),
        Command::Draw(_) => turn::draw_step(&mut x, me),
        Command::PlayRoyal(c) => economy::play_royal(&mut x, me, c),
        Command::PlayTank(c) => economy::play_tank(&mut x, me, c),
        Command::RaiseUnit(c) => economy::raise_unit(&mut x, me, c),
        Command::BuildSettlement(c) => economy::build_settlement(&mut x, me, c),
        Command::Fortify(c) => economy::fortify(&mut x, me, c),
        Command::GrowFood(c) => economy::grow_food(&mut x, me, c),
        Command::SwapDiamond(c) => economy::swap_diamond(&mut x, me, c),
        Command::BuyAttackDie(c) => economy::buy_attack_die(&mut x, me, c),
        Command::ProposeTrade(c) => economy::propose_trade(&mut x, me, c),
        Command::RespondTrade(c) => economy::respond_trade(&mut x, c),
        Command::Move(c) => combat::moving(&mut x, me, c)?,
        Command::EndMain(_) => x.emit(Event::PhaseChanged {
            phase: super::state::Phase::Attack,
        }),
        Command::Attack(c) => combat::attack(&mut x, c),
        Command::EndTurn(_) => turn::end_turn(&mut x, me),
        Command::ChooseDefender(c) => combat::choose_defender(&mut x, c),
        Command::ChooseSiegeCasualty(c) => siege::choose_casualty(&mut x, c),
        Command::ChooseBase(c) => combat::choose_base(&mut x, me, c),
        Command::AnswerBattle(c) => combat::answer_battle(&mut x, c),
        Command::FinishBattle(c) => combat::finish_battle(&mut x, c),
        Command::BuildShip(c) => ship::build_ship(&mut x, me, c)?,
        Command::BoardShip(c) => ship::board_ship(&mut x, c),
        Command::Land(c) => ship::land(&mut x, me, c)?,
    }
    turn::after_command(&mut x);
    Ok(x.events)
}

/// A command being carried out.
pub(super) struct Exec<'a> {
    state: &'a mut State,
    board: &'a dyn Board,
    events: Vec<Event>,
}

impl Exec<'_> {
    /// Apply an event and record it.
    fn emit(&mut self, event: Event) {
        apply(self.state, &event);
        self.events.push(event);
    }

    fn d6(&mut self) -> u8 {
        random::d6(self.state.rng_mut())
    }

    fn roll(&mut self, n: u8) -> Vec<u8> {
        random::roll(self.state.rng_mut(), n)
    }

    /// Draw `n` cards for `player`, refilling an empty pile from the shuffled discard pile. When
    /// both are empty the draw simply stops short.
    fn draw(&mut self, player: PlayerId, n: usize) {
        let mut left = n;
        while left > 0 {
            if self.state.pile().is_empty() {
                if self.state.discard().is_empty() {
                    return;
                }
                let mut cards = self.state.discard().to_vec();
                random::shuffle(self.state.rng_mut(), &mut cards);
                self.emit(Event::PileRefilled { cards });
            }
            let take = left.min(self.state.pile().len());
            let cards = self.state.pile().iter().rev().take(take).copied().collect();
            self.emit(Event::CardsDrawn { player, cards });
            left -= take;
        }
    }
}
