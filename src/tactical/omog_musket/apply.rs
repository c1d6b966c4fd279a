//! The one function that changes an OMOG Musket battle: an event, made so.

use super::event::MusketEvent;
use super::state::{Charge, MusketState, Phase};
use crate::tactical::omog::{Dice, Journal, TurnEvent};
use crate::tactical::table::compass_bearing;

impl Journal for MusketState {
    type Event = MusketEvent;
    fn apply(&mut self, e: &MusketEvent) {
        apply(self, e);
    }
    fn dice(&self) -> &Dice {
        &self.dice
    }
    fn dice_in(e: &MusketEvent) -> u64 {
        e.dice()
    }
}

/// Apply one event: the only code that changes the battle, its dice included.
pub fn apply(state: &mut MusketState, e: &MusketEvent) {
    state.dice.advance(e.dice());
    match e {
        MusketEvent::Moved {
            figure,
            to,
            charged,
            ..
        } => {
            let f = state.roster.figure_mut(*figure);
            let from = f.pos();
            if from != *to {
                f.set_facing(compass_bearing(from, *to));
            }
            f.set_pos(*to);
            f.set_moved();
            // Any move comes down from a roof; a climb goes back up after it.
            f.set_roof(false);
            if let Some(against) = charged {
                f.set_charging();
                state.charges.push(Charge {
                    figure: *figure,
                    against: *against,
                    from,
                });
            }
        }
        MusketEvent::Remounted { figure, mount } => {
            state.roster.figure_mut(*figure).set_mount(*mount)
        }
        MusketEvent::Climbed { figure } => state.roster.figure_mut(*figure).set_roof(true),
        MusketEvent::Faced { figure, bearing } => {
            let f = state.roster.figure_mut(*figure);
            f.set_facing(*bearing);
            f.set_moved();
        }
        MusketEvent::Held { figure } => {
            let moving = matches!(state.clock.phase(), Phase::Move(_));
            let f = state.roster.figure_mut(*figure);
            if moving {
                f.set_moved();
            } else {
                f.set_fired();
            }
        }
        MusketEvent::Reloaded { figure } => state.loaded[figure.0 as usize] = true,
        MusketEvent::Shot { figure, .. } => {
            state.roster.figure_mut(*figure).set_shot();
            state.loaded[figure.0 as usize] = false;
        }
        MusketEvent::Melee { .. } => {}
        MusketEvent::Hit { figure } => {
            if !state.pending_hits.contains(figure) {
                state.pending_hits.push(*figure);
            }
        }
        MusketEvent::Down { figure } => {
            state.pending_hits.retain(|h| h != figure);
            let f = state.roster.figure_mut(*figure);
            if f.alive() {
                f.fall();
                let side = f.side();
                state.clock.count_loss(side);
            }
        }
        MusketEvent::PhaseBegan { .. }
        | MusketEvent::TurnBegan { .. }
        | MusketEvent::ObjectiveHeld { .. }
        | MusketEvent::ObjectiveOpen
        | MusketEvent::BattleOver { .. } => {
            let t = e.as_turn().expect("a turn event");
            if matches!(t, TurnEvent::TurnBegan { .. }) {
                state.pending_hits.clear();
                state.charges.clear();
                for f in state.roster.figures_mut() {
                    f.new_turn();
                }
            }
            state.clock.apply(&t);
        }
    }
}
