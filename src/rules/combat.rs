//! Fights (RULINGS §5): how many dice each side rolls, who defends a stack, how dice decide,
//! and the exact odds.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::event::Outcome;
use super::ids::{Dice, UnitId};
use super::state::State;
use super::unit::{Location, UnitType};

/// Extra defence dice a unit gets from where it stands: +1 in a basic settlement, +2 in a
/// fortification, +1 for a Ship in harbour.
pub fn defence_bonus(state: &State, board: &dyn Board, unit: UnitId) -> Dice {
    let Some(u) = state.unit(unit) else {
        return Dice(0);
    };
    let mut bonus = 0;
    if let Location::Settlement(s) = u.at() {
        bonus += match state.settlement(s) {
            Some(s) if s.is_fort() => 2,
            Some(_) => 1,
            None => 0,
        };
    }
    if u.kind() == UnitType::Ship && board.in_harbour(state, unit) {
        bonus += 1;
    }
    Dice(bonus)
}

/// Dice a unit rolls when defending where it stands, at most four.
pub fn defence_dice(state: &State, board: &dyn Board, unit: UnitId) -> Dice {
    state.unit(unit).map_or(Dice(0), |u| {
        u.kind()
            .defence()
            .plus_capped(defence_bonus(state, board, unit))
    })
}

/// The units of `stack` with the highest defence dice, by id. An attack on the stack meets one of
/// them.
pub fn strongest(state: &State, board: &dyn Board, stack: &[UnitId]) -> Vec<UnitId> {
    let best = stack.iter().map(|u| defence_dice(state, board, *u)).max();
    let mut out: Vec<UnitId> = stack
        .iter()
        .copied()
        .filter(|u| Some(defence_dice(state, board, *u)) == best)
        .collect();
    out.sort();
    out
}

/// Whether the defender must choose among `candidates`: only when they are of different types.
/// Units of one type are identical coins, so the first is taken without asking.
pub fn defender_must_choose(state: &State, candidates: &[UnitId]) -> bool {
    let mut kinds = candidates
        .iter()
        .filter_map(|u| state.unit(*u).map(|u| u.kind()));
    match kinds.next() {
        Some(first) => kinds.any(|k| k != first),
        None => false,
    }
}

/// Highest die against highest die.
pub fn outcome(attack: &[u8], defence: &[u8]) -> Outcome {
    let a = attack.iter().max().copied().unwrap_or(0);
    let d = defence.iter().max().copied().unwrap_or(0);
    match a.cmp(&d) {
        std::cmp::Ordering::Greater => Outcome::AttackerWins,
        std::cmp::Ordering::Less => Outcome::DefenderWins,
        std::cmp::Ordering::Equal => Outcome::StandOff,
    }
}

/// Exact odds of a fight, as counts of equally likely outcomes out of `total = 6^(a+d)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Odds {
    /// Outcomes where the attacker wins.
    pub attacker_wins: u64,
    /// Outcomes where the defender wins.
    pub defender_wins: u64,
    /// Outcomes that are a stand-off.
    pub standoff: u64,
    /// All outcomes.
    pub total: u64,
}

impl Odds {
    /// Probability the attacker wins.
    pub fn p_attacker(&self) -> f64 {
        self.attacker_wins as f64 / self.total as f64
    }
    /// Probability the defender wins.
    pub fn p_defender(&self) -> f64 {
        self.defender_wins as f64 / self.total as f64
    }
    /// Probability of a stand-off.
    pub fn p_standoff(&self) -> f64 {
        self.standoff as f64 / self.total as f64
    }
}

/// Exact odds of `attack` dice against `defence` dice (each clamped to 1–4).
///
/// Counts rather than samples: of the `6^k` ways to roll `k` dice, `m^k − (m−1)^k` have highest
/// die `m`; multiplying the two sides' counts covers every one of the `6^(a+d)` outcomes.
pub fn odds(attack: Dice, defence: Dice) -> Odds {
    let a = u32::from(attack.0.clamp(1, 4));
    let d = u32::from(defence.0.clamp(1, 4));
    let with_max = |m: u64, k: u32| m.pow(k) - (m - 1).pow(k);
    let mut odds = Odds {
        attacker_wins: 0,
        defender_wins: 0,
        standoff: 0,
        total: 6u64.pow(a + d),
    };
    for ma in 1..=6u64 {
        for md in 1..=6u64 {
            let n = with_max(ma, a) * with_max(md, d);
            match ma.cmp(&md) {
                std::cmp::Ordering::Greater => odds.attacker_wins += n,
                std::cmp::Ordering::Less => odds.defender_wins += n,
                std::cmp::Ordering::Equal => odds.standoff += n,
            }
        }
    }
    odds
}
