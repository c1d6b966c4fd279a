//! The one function that changes an OMOG 19C battle: an event, made so.

use super::event::OmogEvent;
use super::state::{OmogState, Role};
use crate::tactical::omog::changes;
use crate::tactical::omog::{Dice, Journal};
use crate::tactical::template::Template;

impl Journal for OmogState {
    type Event = OmogEvent;
    fn apply(&mut self, e: &OmogEvent) {
        apply(self, e);
    }
    fn dice(&self) -> &Dice {
        &self.dice
    }
    fn dice_in(e: &OmogEvent) -> u64 {
        e.dice()
    }
}

/// Apply one event: the only code that changes the battle, its dice included (they advance by
/// the dice the event carries).
pub fn apply(state: &mut OmogState, e: &OmogEvent) {
    state.dice.advance(e.dice());
    match e {
        OmogEvent::Moved {
            figure, to, charge, ..
        } => {
            changes::moved(&mut state.roster, *figure, *to);
            if *charge {
                state.roster.figure_mut(*figure).set_charging();
            }
        }
        OmogEvent::Remounted { figure, mount } => {
            state.roster.figure_mut(*figure).set_mount(*mount)
        }
        OmogEvent::Climbed { figure } => state.roster.figure_mut(*figure).set_roof(true),
        OmogEvent::Faced { figure, bearing } => {
            changes::faced(&mut state.roster, *figure, *bearing)
        }
        OmogEvent::Held { figure } => changes::held(&mut state.roster, &state.clock, *figure),
        OmogEvent::GunMoved { team, to } => {
            let turn = state.clock.turn();
            if let Some(g) = state.guns.iter_mut().find(|g| g.team() == *team) {
                g.moved_to(*to, turn);
            }
        }
        OmogEvent::Shot { figure, .. } => state.roster.figure_mut(*figure).set_shot(),
        OmogEvent::HeavyFired { team, template, .. } => {
            let turn = state.clock.turn();
            let crew: Vec<_> = state
                .roster
                .team_members(*team)
                .filter(|f| f.role() == Role::Gunner)
                .map(|f| f.id())
                .collect();
            for id in crew {
                state.roster.figure_mut(id).set_fired();
            }
            let canister = matches!(template, Some(Template::Cone { .. }));
            if let Some(g) = state.guns.iter_mut().find(|g| g.team() == *team) {
                g.fired(turn, canister);
            }
        }
        OmogEvent::CoverSave { .. } | OmogEvent::Melee { .. } => {}
        OmogEvent::Hit { figure } => changes::hit(&mut state.pending_hits, *figure),
        OmogEvent::Down { figure } => changes::down(
            &mut state.roster,
            &mut state.clock,
            &mut state.pending_hits,
            *figure,
        ),
        OmogEvent::PhaseBegan { .. }
        | OmogEvent::TurnBegan { .. }
        | OmogEvent::ObjectiveHeld { .. }
        | OmogEvent::ObjectiveOpen
        | OmogEvent::BattleOver { .. } => {
            let t = e.as_turn().expect("a turn event");
            changes::turn(
                &mut state.roster,
                &mut state.clock,
                &mut state.pending_hits,
                &t,
            );
        }
    }
}
