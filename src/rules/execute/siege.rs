//! Siege clocks (RULINGS §6). Whether a settlement is cut off is the board's question; the clock,
//! the round's casualty roll and the casualty choice are the engine's.

use super::Exec;
use crate::rules::combat::defender_must_choose;
use crate::rules::command::ChooseSiegeCasualty;
use crate::rules::event::{Event, Loss};
use crate::rules::ids::{PlayerId, SettlementId};
use crate::rules::state::Pending;

/// Start clocks of settlements whose last road just closed; stop those with a road open again.
pub(super) fn refresh(x: &mut Exec) {
    let ids: Vec<SettlementId> = x.state.settlements().map(|s| s.id()).collect();
    for s in ids {
        let besieged = !x.board.besiegers(x.state, s).is_empty();
        let running = x.state.sieges().contains_key(&s);
        if besieged && !running {
            let turn = x.state.turn();
            x.emit(Event::SiegeStarted {
                settlement: s,
                turn,
            });
        } else if !besieged && running {
            x.emit(Event::SiegeEnded { settlement: s });
        }
    }
}

/// At the start of a turn: every siege that has lasted a whole round (every player still in the
/// game has ended a turn since its clock started) destroys one unit inside, unless only one is
/// left, and starts its next round.
pub(super) fn rounds(x: &mut Exec) {
    let active = x.state.active_players();
    let due: Vec<SettlementId> = x
        .state
        .sieges()
        .iter()
        .filter(|(_, clock)| active.iter().all(|p| clock.turns_ended().contains(p)))
        .map(|(s, _)| *s)
        .collect();
    for s in due {
        x.emit(Event::SiegeRound { settlement: s });
        casualty(x, s);
    }
}

/// Both sides roll a die; the besieger picks the unit lost on a higher roll, else the besieged
/// player does. With several besiegers, the first of them in turn order from the current player
/// rolls.
fn casualty(x: &mut Exec, s: SettlementId) {
    let Some(owner) = x.state.settlement(s).map(|s| s.owner()) else {
        return;
    };
    let inside = x.state.defenders(s);
    if inside.len() < 2 {
        return;
    }
    let Some(besieger) = first_in_turn_order(x, x.board.besiegers(x.state, s)) else {
        return;
    };
    let besieger_roll = x.d6();
    let besieged_roll = x.d6();
    let chooser = if besieger_roll > besieged_roll {
        besieger
    } else {
        owner
    };
    x.emit(Event::SiegeRolled {
        settlement: s,
        besieger,
        besieger_roll,
        besieged_roll,
        chooser,
    });
    if defender_must_choose(x.state, &inside) {
        x.emit(Event::DecisionRequired {
            pending: Pending::SiegeCasualty {
                player: chooser,
                settlement: s,
                candidates: inside,
            },
        });
    } else {
        x.emit(Event::UnitDestroyed {
            unit: inside[0],
            cause: Loss::Siege,
        });
    }
}

fn first_in_turn_order(x: &Exec, players: Vec<PlayerId>) -> Option<PlayerId> {
    let n = x.state.players().len();
    let cur = x.state.current_player().index();
    players
        .into_iter()
        .min_by_key(|p| (p.index() + n - cur) % n)
}

pub(super) fn choose_casualty(x: &mut Exec, c: &ChooseSiegeCasualty) {
    x.emit(Event::DecisionMade);
    x.emit(Event::UnitDestroyed {
        unit: c.unit,
        cause: Loss::Siege,
    });
}
