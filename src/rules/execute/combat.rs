//! Carrying out moves, attacks, captures and the loss of a base.

use super::Exec;
use crate::rules::check::move_destination;
use crate::rules::combat::{defence_dice, defender_must_choose, outcome, strongest};
use rand::RngCore;

use crate::dice as random;
use crate::rules::battle::{self, BattleMode, BattleOffer, BattleOutcome, BattleRequest};
use crate::rules::command::{
    AnswerBattle, Attack, ChooseBase, ChooseDefender, FinishBattle, Move, Target,
};
use crate::rules::error::RuleError;
use crate::rules::event::{Event, Loss, Outcome};
use crate::rules::ids::{Food, PlayerId, SettlementId, UnitId};
use crate::rules::state::Pending;
use crate::rules::unit::{Location, UnitType};

pub(super) fn moving(x: &mut Exec, me: PlayerId, c: &Move) -> Result<(), RuleError> {
    let Some(from) = x.state.unit(c.unit).map(|u| u.at()) else {
        return Ok(());
    };
    let to = move_destination(x.state, x.board, me, c)?;
    x.emit(Event::UnitMoved {
        unit: c.unit,
        from,
        to,
    });
    Ok(())
}

pub(super) fn attack(x: &mut Exec, c: &Attack) {
    x.emit(Event::AttackDeclared {
        unit: c.unit,
        target: c.target,
    });
    let stack = match c.target {
        Target::Unit(t) => x.state.stack_of(t),
        Target::Settlement(s) => x.state.defenders(s),
    };
    if stack.is_empty() {
        if let Target::Settlement(s) = c.target {
            capture(x, s, c.unit);
        }
        return;
    }
    let candidates = strongest(x.state, x.board, &stack);
    if defender_must_choose(x.state, &candidates) {
        let Some(player) = x.state.unit(candidates[0]).map(|u| u.owner()) else {
            return;
        };
        x.emit(Event::DecisionRequired {
            pending: Pending::Defender {
                player,
                attacker: c.unit,
                candidates,
                battle: c.battle,
            },
        });
    } else {
        fight(x, c.unit, candidates[0], c.battle);
    }
}

pub(super) fn choose_defender(x: &mut Exec, c: &ChooseDefender) {
    let Some(Pending::Defender {
        attacker, battle, ..
    }) = x.state.pending().first().cloned()
    else {
        return;
    };
    x.emit(Event::DecisionMade);
    fight(x, attacker, c.unit, battle);
}

/// The defender met: with no battle offered the dice decide; an offer goes to the defender when
/// the game lets them refuse it, else the battle is on.
fn fight(x: &mut Exec, attacker: UnitId, defender: UnitId, offer: Option<BattleOffer>) {
    let Some(offer) = offer else {
        return roll(x, attacker, defender);
    };
    if !x.state.options().battles.defender_may_refuse {
        return join_battle(x, attacker, defender, offer);
    }
    let Some(player) = x.state.unit(defender).map(|u| u.owner()) else {
        return;
    };
    x.emit(Event::DecisionRequired {
        pending: Pending::BattleOffer {
            player,
            attacker,
            defender,
            offer,
        },
    });
}

pub(super) fn answer_battle(x: &mut Exec, c: &AnswerBattle) {
    let Some(Pending::BattleOffer {
        player,
        attacker,
        defender,
        offer,
    }) = x.state.pending().first().cloned()
    else {
        return;
    };
    x.emit(Event::DecisionMade);
    x.emit(Event::BattleAnswered {
        player,
        accept: c.accept,
    });
    if c.accept {
        join_battle(x, attacker, defender, offer);
    } else {
        roll(x, attacker, defender);
    }
}

/// Fix the battle (forces as they stand, a seed from the game's stream), then fight it now with
/// the tactical AI, or wait for the attacker to report it fought on the table.
fn join_battle(x: &mut Exec, attacker: UnitId, defender: UnitId, offer: BattleOffer) {
    let Some(player) = x.state.unit(attacker).map(|u| u.owner()) else {
        return;
    };
    let request = BattleRequest {
        ruleset: offer.ruleset,
        attacker,
        defender,
        forces: battle::fight_dice(x.state, x.board, attacker, defender),
        seed: x.state.rng_mut().next_u64(),
    };
    match offer.mode {
        BattleMode::Table => x.emit(Event::DecisionRequired {
            pending: Pending::Battle { player, request },
        }),
        BattleMode::Auto => match x.board.fight_battle(x.state, &request, None) {
            Ok((result, log)) => battle_fought(x, request, BattleMode::Auto, result, log.len()),
            // The offer was checked against this board, so this is a board that changed its
            // mind; the fight must still be decided, and the dice are the paper game's way.
            Err(_) => roll(x, attacker, defender),
        },
    }
}

pub(super) fn finish_battle(x: &mut Exec, c: &FinishBattle) {
    let Some(Pending::Battle { request, .. }) = x.state.pending().first().cloned() else {
        return;
    };
    let Ok((result, log)) = x.board.fight_battle(x.state, &request, Some(&c.log)) else {
        return;
    };
    x.emit(Event::DecisionMade);
    battle_fought(x, request, BattleMode::Table, result, log.len());
}

fn battle_fought(
    x: &mut Exec,
    request: BattleRequest,
    mode: BattleMode,
    result: BattleOutcome,
    commands: usize,
) {
    let outcome = Outcome::from(result);
    x.emit(Event::BattleFought {
        request,
        mode,
        outcome,
        commands,
    });
    settle(x, request.attacker, request.defender, outcome);
}

/// Roll it out with the OMMS dice.
fn roll(x: &mut Exec, attacker: UnitId, defender: UnitId) {
    let (Some(a), Some(_)) = (x.state.unit(attacker), x.state.unit(defender)) else {
        return;
    };
    let att_dice = a.attack_dice();
    let def_dice = defence_dice(x.state, x.board, defender);
    let attack = x.roll(att_dice.0);
    let defence = x.roll(def_dice.0);
    let result = outcome(&attack, &defence);
    x.emit(Event::CombatRolled {
        attacker,
        defender,
        attack,
        defence,
        outcome: result,
    });
    settle(x, attacker, defender, result);
}

/// The loser's unit is destroyed; a winning attacker steals a random card and captures the
/// settlement if that was its last defender.
fn settle(x: &mut Exec, attacker: UnitId, defender: UnitId, result: Outcome) {
    let (Some(a), Some(d)) = (x.state.unit(attacker), x.state.unit(defender)) else {
        return;
    };
    let (att_owner, def_owner, def_at) = (a.owner(), d.owner(), d.at());
    let at_sea = a.kind() == UnitType::Ship;
    match result {
        Outcome::AttackerWins => {
            if d.kind() == UnitType::Ship {
                super::ship::sink(x, defender);
            } else {
                x.emit(Event::UnitDestroyed {
                    unit: defender,
                    cause: Loss::Combat,
                });
            }
            let held = x.state.player(def_owner).hand().len();
            if held > 0 {
                let i = random::below(x.state.rng_mut(), held as u32) as usize;
                let card = x.state.player(def_owner).hand()[i];
                x.emit(Event::CardStolen {
                    from: def_owner,
                    to: att_owner,
                    card,
                });
            }
            if let Location::Settlement(s) = def_at {
                if x.state.defenders(s).is_empty() {
                    capture(x, s, attacker);
                }
            }
        }
        Outcome::DefenderWins if at_sea => super::ship::beaten_off(x, attacker),
        Outcome::DefenderWins => x.emit(Event::UnitDestroyed {
            unit: attacker,
            cause: Loss::Combat,
        }),
        Outcome::StandOff => {}
    }
}

/// The settlement becomes the attacker's basic settlement and the attacker moves in.
fn capture(x: &mut Exec, s: SettlementId, attacker: UnitId) {
    let (Some(settlement), Some(unit)) = (x.state.settlement(s), x.state.unit(attacker)) else {
        return;
    };
    let (from, to, was_fort) = (settlement.owner(), unit.owner(), settlement.is_fort());
    let was_base = x.state.player(from).base() == Some(s);
    x.emit(Event::SettlementCaptured {
        settlement: s,
        from,
        to,
        was_fort,
        was_base,
    });
    x.emit(Event::UnitEntered {
        unit: attacker,
        settlement: s,
    });
    // A player who had lost every settlement has no base; their first new one becomes it.
    if x.state.player(to).base().is_none() {
        x.emit(Event::BaseSet {
            player: to,
            settlement: s,
        });
    }
    if was_base {
        base_lost(x, from);
    }
}

/// RULINGS §5: the owner names a new base among their settlements, then gives up food beyond
/// the upkeep of what they still hold.
fn base_lost(x: &mut Exec, player: PlayerId) {
    let left = x.state.settlements_of(player);
    match left.as_slice() {
        [] => discard_surplus_food(x, player),
        [only] => {
            x.emit(Event::BaseSet {
                player,
                settlement: *only,
            });
            discard_surplus_food(x, player);
        }
        _ => x.emit(Event::DecisionRequired {
            pending: Pending::NewBase {
                player,
                candidates: left,
            },
        }),
    }
}

fn discard_surplus_food(x: &mut Exec, player: PlayerId) {
    let food = x.state.player(player).food();
    let upkeep = x.state.upkeep(player);
    if food > upkeep {
        x.emit(Event::FoodDiscarded {
            player,
            amount: Food(food.0 - upkeep.0),
        });
    }
}

pub(super) fn choose_base(x: &mut Exec, me: PlayerId, c: &ChooseBase) {
    x.emit(Event::DecisionMade);
    x.emit(Event::BaseSet {
        player: me,
        settlement: c.settlement,
    });
    discard_surplus_food(x, me);
}
