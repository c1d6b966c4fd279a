//! Turn flow: setup, the draw step, ending a turn, and what is settled after every command
//! (players out, victory, siege clocks).

use super::{siege, Exec};
use crate::rules::command::PlaceBase;
use crate::rules::event::Event;
use crate::rules::ids::PlayerId;
use crate::rules::options::{DrawRule, Victory};
use crate::rules::state::Phase;

pub(super) fn place_base(x: &mut Exec, me: PlayerId, c: &PlaceBase) {
    let Some(facts) = x.board.place(c.place) else {
        return;
    };
    x.emit(Event::BasePlaced {
        player: me,
        settlement: x.state.next_settlement_id(),
        place: c.place,
        name: facts.name,
        kind: facts.kind,
        pos: facts.pos,
    });
    let next = me.index() + 1;
    if next < x.state.players().len() {
        x.emit(Event::SetupPassed {
            player: PlayerId(next as u8),
        });
    } else {
        begin_turn(x, PlayerId(0));
    }
}

pub(super) fn draw_step(x: &mut Exec, me: PlayerId) {
    let n = match x.state.options().draw {
        DrawRule::RollDie => {
            let value = x.d6();
            x.emit(Event::DrawRolled { player: me, value });
            usize::from(value)
        }
        DrawRule::OneCard => 1,
    };
    x.draw(me, n);
    x.emit(Event::PhaseChanged { phase: Phase::Main });
}

pub(super) fn end_turn(x: &mut Exec, me: PlayerId) {
    x.emit(Event::TurnEnded { player: me });
    let next = x.state.next_active_after(me);
    begin_turn(x, next);
}

/// Start `player`'s turn, then let every siege that has now held a whole round take its toll.
fn begin_turn(x: &mut Exec, player: PlayerId) {
    x.emit(Event::TurnStarted {
        player,
        turn: x.state.turn() + 1,
    });
    siege::rounds(x);
}

/// Settle what any command may have changed: players left with nothing are out; someone may
/// have won; roads may have closed or opened; a player knocked out in their own turn passes on.
pub(super) fn after_command(x: &mut Exec) {
    if x.state.phase() == Phase::Setup {
        return;
    }
    for p in x.state.active_players() {
        if x.state.holds_nothing(p) {
            let discarded = x.state.player(p).hand().to_vec();
            x.emit(Event::PlayerOut {
                player: p,
                discarded,
            });
        }
    }
    if let Some(winner) = winner(x) {
        x.emit(Event::Won { player: winner });
        return;
    }
    // The board's verdicts depend only on where the coins are, so sieges can only have begun
    // or ended if a coin appeared, went, moved or changed hands.
    if x.events.iter().any(Event::changes_board) {
        siege::refresh(x);
    }
    let me = x.state.current_player();
    if x.state.player(me).is_out() && x.state.pending().is_empty() {
        let before = x.events.len();
        end_turn(x, me);
        if x.events[before..].iter().any(Event::changes_board) {
            siege::refresh(x);
        }
    }
}

/// The winner, if the game has one now. Players are considered in turn order from the current
/// player, who is the one whose action can have reached a target first.
fn winner(x: &Exec) -> Option<PlayerId> {
    let active = x.state.active_players();
    if active.len() == 1 {
        return Some(active[0]);
    }
    let n = x.state.players().len();
    let cur = x.state.current_player().index();
    let mut order = active.clone();
    order.sort_by_key(|p| (p.index() + n - cur) % n);
    match x.state.options().victory {
        Victory::LastStanding => None,
        Victory::SettlementPoints(target) => {
            order.into_iter().find(|p| x.state.points(*p).0 >= target)
        }
        Victory::CapturedBases(target) => order
            .into_iter()
            .find(|p| x.state.player(*p).bases_captured() >= target),
    }
}
