//! The one function that changes an OMOG Musket battle: an event, made so.

use super::event::MusketEvent;
use super::state::{Charge, MusketState};
use crate::tactical::omog::changes;
use crate::tactical::omog::{Dice, Journal, TurnEvent};

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
            let from = changes::moved(&mut state.roster, *figure, *to);
            if let Some(against) = charged {
                state.roster.figure_mut(*figure).set_charging();
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
            changes::faced(&mut state.roster, *figure, *bearing)
        }
        MusketEvent::Held { figure } => changes::held(&mut state.roster, &state.clock, *figure),
        MusketEvent::Reloaded { figure } => state.loaded[figure.0 as usize] = true,
        MusketEvent::Shot { figure, .. } => {
            state.roster.figure_mut(*figure).set_shot();
            state.loaded[figure.0 as usize] = false;
        }
        MusketEvent::Melee { .. } => {}
        MusketEvent::Hit { figure } => changes::hit(&mut state.pending_hits, *figure),
        MusketEvent::Down { figure } => changes::down(
            &mut state.roster,
            &mut state.clock,
            &mut state.pending_hits,
            *figure,
        ),
        MusketEvent::PhaseBegan { .. }
        | MusketEvent::TurnBegan { .. }
        | MusketEvent::ObjectiveHeld { .. }
        | MusketEvent::ObjectiveOpen
        | MusketEvent::BattleOver { .. } => {
            let t = e.as_turn().expect("a turn event");
            if matches!(t, TurnEvent::TurnBegan { .. }) {
                state.charges.clear();
            }
            changes::turn(
                &mut state.roster,
                &mut state.clock,
                &mut state.pending_hits,
                &t,
            );
        }
    }
}
