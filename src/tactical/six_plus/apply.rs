//! Applying 6+ events: the only code that changes a position.

use super::cards::Card;
use super::event::SixEvent;
use super::geom::Face;
use super::state::{Charge, Done, Phase, SixState, UnitId};

fn unit(state: &mut SixState, id: UnitId) -> &mut super::state::Unit {
    &mut state.units[id.0 as usize]
}

fn done(state: &mut SixState, id: UnitId) -> &mut Done {
    &mut state.done[id.0 as usize]
}

/// Apply one event.
pub fn apply(state: &mut SixState, e: &SixEvent) {
    match *e {
        SixEvent::Moved {
            unit: id,
            to,
            facing,
            ..
        } => {
            let u = unit(state, id);
            u.at = to;
            u.facing = facing;
            let d = done(state, id);
            d.acted = true;
            d.moved = true;
        }
        SixEvent::Formed {
            unit: id,
            formation,
        } => {
            unit(state, id).formation = formation;
            done(state, id).acted = true;
        }
        SixEvent::Reloaded { unit: id } => {
            unit(state, id).loaded = true;
            done(state, id).acted = true;
        }
        SixEvent::Charged {
            unit: id,
            target,
            to,
            facing,
            face,
        } => {
            let u = unit(state, id);
            u.at = to;
            u.facing = facing;
            let d = done(state, id);
            d.acted = true;
            d.moved = true;
            state.charges.push(Charge {
                charger: id,
                target,
                flank_or_rear: face != Face::Front,
            });
        }
        SixEvent::MoveEnded => state.phase = Phase::Shoot,
        SixEvent::Rallied {
            general,
            unit: id,
            removed,
        } => {
            let u = unit(state, id);
            u.hits -= removed;
            u.rallied = true;
            done(state, general).rallied_other = true;
        }
        SixEvent::Shot {
            unit: id,
            target,
            hits,
            ..
        } => {
            unit(state, id).loaded = false;
            done(state, id).shot = true;
            unit(state, target).hits += hits;
        }
        SixEvent::Fought { target, hits, .. } => unit(state, target).hits += hits,
        SixEvent::Retreated {
            unit: id,
            to,
            facing,
        } => {
            let u = unit(state, id);
            u.at = to;
            u.facing = facing;
        }
        SixEvent::Tide { unit: id, hits, .. } => unit(state, id).hits += hits,
        SixEvent::Eliminated { unit: id } => unit(state, id).alive = false,
        SixEvent::Routed { side } => {
            for u in state.units.iter_mut().filter(|u| u.side == side) {
                u.alive = false;
            }
        }
        SixEvent::TurnPassed { to, turn } => {
            state.actor = to;
            state.turn = turn;
            state.phase = Phase::Move;
            state.charges.clear();
            state.done.iter_mut().for_each(|d| *d = Done::default());
            state.card = None;
        }
        SixEvent::CardDrawn { side, card, unit } => {
            if let Some(deck) = state.deck.as_mut() {
                deck.draw();
            }
            state.card = Some((side, card));
            match card {
                Card::AmmunitionUp => state
                    .units
                    .iter_mut()
                    .filter(|u| u.side == side && u.alive)
                    .for_each(|u| u.loaded = true),
                Card::Surgeons | Card::Sharpshooters => {
                    if let Some(u) = unit.and_then(|id| state.units.get_mut(id.0 as usize)) {
                        u.hits = if card == Card::Surgeons {
                            u.hits.saturating_sub(2)
                        } else {
                            u.hits + 1
                        };
                    }
                }
                _ => {}
            }
        }
        SixEvent::Ended { outcome, .. } => {
            state.outcome = Some(outcome);
            state.phase = Phase::Over;
        }
    }
}
