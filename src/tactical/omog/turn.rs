//! OMOG's turn and how a battle is won, the same in 19C and Musket: side one moves, side two
//! moves, both fire (hits fall when both have fired), then hand to hand; the first mover
//! alternates. The attacker wins by holding the objective for three turn ends, either side by
//! wiping the other out, and at the time limit the side that killed more.

use serde::{Deserialize, Serialize};

use super::figure::Kit;
use super::roster::Roster;
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::{distance, inches};

/// How long a battle may last before it is decided on losses.
pub const TURN_LIMIT: u32 = 12;
/// Turns the objective must be held to win.
pub const HOLD_TURNS: u32 = 3;

/// A side holds the objective with a figure this close to it and no enemy as close.
pub fn objective_radius() -> f64 {
    inches(3.0)
}

/// Where the turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "phase", content = "side", rename_all = "lowercase")]
pub enum Phase {
    /// That side is moving.
    Move(Side),
    /// That side is declaring its fire (both fire at once: hits are removed when both are done).
    Fire(Side),
    /// The battle is over.
    Over,
}

/// The turn, the phase, the objective and the score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Clock {
    turn: u32,
    first: Side,
    phase: Phase,
    holder: Option<(Side, u32)>,
    losses: [u32; 2],
    outcome: Option<BattleOutcome>,
}

/// What the turn itself does between the players' orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnEvent {
    /// A phase of this turn began.
    PhaseBegan {
        /// The turn.
        turn: u32,
        /// The phase.
        phase: Phase,
    },
    /// At a turn's end a side held the objective, for this many turn ends in a row.
    ObjectiveHeld {
        /// Who.
        side: Side,
        /// Turn ends in a row.
        turns: u32,
    },
    /// At a turn's end nobody held the objective.
    ObjectiveOpen,
    /// A new turn began with this side moving first; every figure may act again.
    TurnBegan {
        /// Its number.
        turn: u32,
        /// Who moves first.
        first: Side,
    },
    /// The battle is over.
    BattleOver {
        /// How it ended.
        outcome: BattleOutcome,
    },
}

impl Clock {
    /// Turn 1, `first` moving.
    pub fn start(first: Side) -> Clock {
        Clock {
            turn: 1,
            first,
            phase: Phase::Move(first),
            holder: None,
            losses: [0, 0],
            outcome: None,
        }
    }

    /// A clock set to `turn` and `phase`, for position builders.
    pub fn at(turn: u32, first: Side, phase: Phase) -> Clock {
        Clock {
            turn,
            first,
            phase,
            ..Clock::start(first)
        }
    }

    /// The turn number, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// Who moves first this turn.
    pub fn first(&self) -> Side {
        self.first
    }
    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The side holding the objective and for how many turn ends in a row.
    pub fn holder(&self) -> Option<(Side, u32)> {
        self.holder
    }
    /// Figures each side has lost: `[attacker, defender]`.
    pub fn losses(&self) -> [u32; 2] {
        self.losses
    }
    /// The result, once over.
    pub fn outcome(&self) -> Option<BattleOutcome> {
        self.outcome
    }
    /// The side the battle waits for.
    pub fn actor(&self) -> Option<Side> {
        match self.phase {
            Phase::Move(s) | Phase::Fire(s) => Some(s),
            Phase::Over => None,
        }
    }

    /// What ending the move of the side now moving begins.
    pub fn end_move(&self) -> TurnEvent {
        let side = self.actor().unwrap_or(self.first);
        let phase = if side == self.first {
            Phase::Move(side.other())
        } else {
            Phase::Fire(self.first)
        };
        TurnEvent::PhaseBegan {
            turn: self.turn,
            phase,
        }
    }

    /// What ending the fire of the side now firing begins: the other side's fire, or (`None`)
    /// the end of the turn.
    pub fn end_fire(&self) -> Option<TurnEvent> {
        let side = self.actor()?;
        (side == self.first).then_some(TurnEvent::PhaseBegan {
            turn: self.turn,
            phase: Phase::Fire(side.other()),
        })
    }

    /// The turn's end once hits have fallen and hand to hand is over: who holds the objective,
    /// then the battle's end or the next turn.
    pub fn close_turn<K: Kit>(&self, field: &Battlefield, roster: &Roster<K>) -> Vec<TurnEvent> {
        let near = |side: Side| {
            roster
                .living(side)
                .any(|f| distance(f.pos(), field.objective) <= objective_radius() + 1e-9)
        };
        let held = match (near(Side::Attacker), near(Side::Defender)) {
            (true, false) => Some(Side::Attacker),
            (false, true) => Some(Side::Defender),
            _ => None,
        };
        let holder = match (held, self.holder) {
            (Some(s), Some((prev, n))) if s == prev => Some((s, n + 1)),
            (Some(s), _) => Some((s, 1)),
            (None, _) => None,
        };
        let mut out = vec![match holder {
            Some((side, turns)) => TurnEvent::ObjectiveHeld { side, turns },
            None => TurnEvent::ObjectiveOpen,
        }];
        // Only taking the objective wins by holding it: the defender starts on it, and wins by
        // keeping the attacker off it until the time limit or by wiping the attack out.
        let taken = matches!(holder, Some((Side::Attacker, n)) if n >= HOLD_TURNS);
        let alive = |side: Side| roster.living(side).count();
        let outcome = match (alive(Side::Attacker), alive(Side::Defender)) {
            (0, 0) => Some(BattleOutcome::StandOff),
            (0, _) => Some(BattleOutcome::DefenderWins),
            (_, 0) => Some(BattleOutcome::AttackerWins),
            _ if taken => Some(BattleOutcome::AttackerWins),
            _ if self.turn >= TURN_LIMIT => {
                // Wipe-out scoring at the time limit: who made the enemy lose more men.
                let [atk_lost, def_lost] = self.losses;
                Some(match def_lost.cmp(&atk_lost) {
                    std::cmp::Ordering::Greater => BattleOutcome::AttackerWins,
                    std::cmp::Ordering::Less => BattleOutcome::DefenderWins,
                    std::cmp::Ordering::Equal => BattleOutcome::StandOff,
                })
            }
            _ => None,
        };
        out.push(match outcome {
            Some(outcome) => TurnEvent::BattleOver { outcome },
            None => TurnEvent::TurnBegan {
                turn: self.turn + 1,
                first: self.first.other(),
            },
        });
        out
    }

    /// Apply a turn event to the clock (the roster's part of a new turn is the ruleset's).
    pub(in crate::tactical) fn apply(&mut self, e: &TurnEvent) {
        match *e {
            TurnEvent::PhaseBegan { turn, phase } => {
                self.turn = turn;
                self.phase = phase;
            }
            TurnEvent::ObjectiveHeld { side, turns } => self.holder = Some((side, turns)),
            TurnEvent::ObjectiveOpen => self.holder = None,
            TurnEvent::TurnBegan { turn, first } => {
                self.turn = turn;
                self.first = first;
                self.phase = Phase::Move(first);
            }
            TurnEvent::BattleOver { outcome } => {
                self.outcome = Some(outcome);
                self.phase = Phase::Over;
            }
        }
    }

    /// Set the phase outright: for previews and position builders only.
    pub(in crate::tactical) fn set_phase(&mut self, phase: Phase) {
        self.phase = phase;
    }

    /// Count a man of `side` lost.
    pub(in crate::tactical) fn count_loss(&mut self, side: Side) {
        self.losses[side.index()] += 1;
    }
}
