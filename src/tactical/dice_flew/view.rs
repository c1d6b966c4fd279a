//! What one side may know of a Dice Flew battle: the habit of the strategic engine's per-seat
//! view (`SeatView`; `STYLE.md`), here for the bot. Everything on the table is public — every unit, where it
//! stands and faces, its losses, pins and shaken battalions, the named features, the shells
//! that have landed. The enemy's papers are not: his battalions' written orders (what a
//! battalion that has not yet moved means to do, and when) and the lines of his batteries' fire
//! plans still to come. Nor is the stream that will roll the next dice. Nor, until the battle
//! starts, is how the enemy equipped the dice that leave a choice: his Tank's armour die shows
//! as its medium tank and his fortification's machine-gun die as its MG company, where deployment
//! stood them, and the real kind shows itself at turn 1. Like the written orders, the choice is
//! in the battle's state (the engine places the company by it) and kept from the other seat by
//! this view; every seat's screen and bot reads the battle through it.
//!
//! [`super::ai::choose`] takes only a [`DfView`], so the bot cannot read what its seat may not
//! see, however its order and fire-plan code is written.

use super::check::actor;
use super::state::{DfState, Phase};
use crate::tactical::omog::Dice;
use crate::tactical::ruleset::Side;

/// The battle as one side may see it.
#[derive(Debug, Clone)]
pub struct DfView {
    side: Side,
    state: DfState,
}

impl DfView {
    /// What `side` may see of `s`.
    pub fn of(s: &DfState, side: Side) -> DfView {
        let mut view = s.clone();
        for b in view.battalions.iter_mut().filter(|b| b.side != side) {
            b.order = None;
        }
        if matches!(view.phase, Phase::Orders(_)) {
            for u in view.units.iter_mut().filter(|u| u.side != side) {
                if let Some(seen) = u.as_deployed() {
                    *u = seen;
                }
            }
        }
        let turn = view.turn;
        for b in view.batteries.iter_mut().filter(|b| b.side != side) {
            // A line shows itself when its shells land: the past ones, and this turn's once fired.
            let fired = b.fired_turn;
            b.plan
                .retain(|p| p.turn < turn || (p.turn == turn && fired == turn));
        }
        let theirs: Vec<_> = view
            .batteries
            .iter()
            .filter(|b| b.side != side)
            .map(|b| b.id)
            .collect();
        view.plans_tried.retain(|(b, _)| !theirs.contains(b));
        // The real stream would tell the next rolls; this one tells nothing.
        view.dice = Dice::new(side.index() as u64);
        DfView { side, state: view }
    }

    /// The view of the side that must decide now, if any.
    pub fn of_actor(s: &DfState) -> Option<DfView> {
        actor(s).map(|side| DfView::of(s, side))
    }

    /// Whose view it is.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The battle as the side sees it.
    pub fn state(&self) -> &DfState {
        &self.state
    }

    /// The battle as the side sees it, owned.
    pub fn into_state(self) -> DfState {
        self.state
    }
}
