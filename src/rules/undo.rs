//! Which commands a player may take back: those whose events told nobody anything new and drew
//! nothing from the random stream. Moving a coin along a road is such a command; a die rolled, a
//! card drawn, spent or stolen, or a decision handed to another seat is not, because undoing it
//! would let the player act again knowing what it revealed.
//!
//! The random stream lives in the state, so taking a command back means restoring the whole
//! earlier game (state, stream and command log together); this only says when that is fair.

use super::event::Event;

/// Whether a command that produced `events` may be taken back.
pub fn may_undo(events: &[Event]) -> bool {
    !events.is_empty()
        && events.iter().all(|e| {
            matches!(
                e,
                Event::UnitMoved { .. }
                    | Event::UnitEntered { .. }
                    | Event::SiegeStarted { .. }
                    | Event::SiegeEnded { .. }
                    | Event::PhaseChanged { .. }
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Location, MapPoint, Phase, PlayerId, SettlementId, UnitId};

    #[test]
    fn a_move_may_be_taken_back_but_not_a_roll_a_draw_or_a_decision() {
        let moved = Event::UnitMoved {
            unit: UnitId(1),
            from: Location::Road(MapPoint::from_m([0.0, 0.0])),
            to: Location::Road(MapPoint::from_m([10.0, 0.0])),
        };
        let siege = Event::SiegeStarted {
            settlement: SettlementId(2),
            turn: 3,
        };
        assert!(may_undo(std::slice::from_ref(&moved)));
        assert!(may_undo(&[moved.clone(), siege]));
        assert!(may_undo(&[Event::PhaseChanged {
            phase: Phase::Attack
        }]));
        assert!(!may_undo(&[]));
        for revealing in [
            Event::DrawRolled {
                player: PlayerId(0),
                value: 3,
            },
            Event::CardsSpent {
                player: PlayerId(0),
                cards: vec![],
            },
            Event::TurnEnded {
                player: PlayerId(0),
            },
            Event::DecisionMade,
        ] {
            assert!(
                !may_undo(&[moved.clone(), revealing.clone()]),
                "{revealing:?}"
            );
        }
    }
}
