//! The one function that changes an OMOG 19C battle: an event, made so.

use super::event::OmogEvent;
use super::state::{OmogState, Phase, Role};
use crate::tactical::omog::{Dice, Journal, TurnEvent};
use crate::tactical::table::compass_bearing;
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
            let f = state.roster.figure_mut(*figure);
            if f.pos() != *to {
                f.set_facing(compass_bearing(f.pos(), *to));
            }
            f.set_pos(*to);
            f.set_moved();
            // Any move comes down from a roof; a climb goes back up after it.
            f.set_roof(false);
            if *charge {
                f.set_charging();
            }
        }
        OmogEvent::Remounted { figure, mount } => {
            state.roster.figure_mut(*figure).set_mount(*mount)
        }
        OmogEvent::Climbed { figure } => state.roster.figure_mut(*figure).set_roof(true),
        OmogEvent::Faced { figure, bearing } => {
            let f = state.roster.figure_mut(*figure);
            f.set_facing(*bearing);
            f.set_moved();
        }
        OmogEvent::Held { figure } => {
            let moving = matches!(state.clock.phase(), Phase::Move(_));
            let f = state.roster.figure_mut(*figure);
            if moving {
                f.set_moved();
            } else {
                f.set_fired();
            }
        }
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
        OmogEvent::Hit { figure } => {
            if !state.pending_hits.contains(figure) {
                state.pending_hits.push(*figure);
            }
        }
        OmogEvent::Down { figure } => {
            state.pending_hits.retain(|h| h != figure);
            let f = state.roster.figure_mut(*figure);
            if f.alive() {
                f.fall();
                let side = f.side();
                state.clock.count_loss(side);
            }
        }
        OmogEvent::PhaseBegan { .. }
        | OmogEvent::TurnBegan { .. }
        | OmogEvent::ObjectiveHeld { .. }
        | OmogEvent::ObjectiveOpen
        | OmogEvent::BattleOver { .. } => {
            let t = e.as_turn().expect("a turn event");
            if matches!(t, TurnEvent::TurnBegan { .. }) {
                state.pending_hits.clear();
                for f in state.roster.figures_mut() {
                    f.new_turn();
                }
            }
            state.clock.apply(&t);
        }
    }
}
