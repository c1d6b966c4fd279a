//! What follows a command, whoever gave it: the log, the die and combat displays, the autosave
//! at each new turn, and a selection kept valid for the state that results.

use super::draw::DiceShown;
use super::{Play, Seat, DRAW_SHOW_S};
use crate::rules::{Event, Phase, PlayerId};
use crate::ui::text::event_line;

impl Play {
    pub(super) fn after(&mut self, actor: PlayerId, events: &[Event]) {
        self.log.record(
            self.game.state(),
            self.map,
            &self.names_before,
            actor,
            events,
        );
        let state = self.game.state();
        let die = events.iter().find_map(|e| match e {
            Event::DrawRolled { value, .. } => Some(*value),
            _ => None,
        });
        let drawn = events.iter().find_map(|e| match e {
            Event::CardsDrawn { cards, .. } => Some(cards.clone()),
            _ => None,
        });
        if let (Some(die), Some(drawn)) = (die, drawn) {
            // Other seats' cards stay hidden: only the count is shown.
            let mine = self.seats[state.current_player().index()] == Seat::Human;
            let shown = if mine { drawn } else { Vec::new() };
            self.draw_shown = Some((die, shown, DRAW_SHOW_S));
            // The turn has begun in earnest: what happened before it has been read.
            self.recap = None;
        }
        for e in events {
            match e {
                Event::CombatRolled {
                    attack, defence, ..
                } => {
                    let verdict = event_line(state, &self.names_before, e).unwrap_or_default();
                    self.combat_shown = Some(DiceShown {
                        rows: [
                            ("Attacker".into(), attack.clone()),
                            ("Defender".into(), defence.clone()),
                        ],
                        verdict,
                        left: DRAW_SHOW_S,
                    });
                }
                Event::SiegeRolled {
                    settlement,
                    besieger,
                    besieger_roll,
                    besieged_roll,
                    ..
                } => {
                    // The siege's casualty roll, shown like a fight's dice.
                    let owner = state
                        .settlement(*settlement)
                        .map_or_else(String::new, |s| state.player(s.owner()).name().to_string());
                    self.combat_shown = Some(DiceShown {
                        rows: [
                            (
                                format!("Besieger ({})", state.player(*besieger).name()),
                                vec![*besieger_roll],
                            ),
                            (format!("Besieged ({owner})"), vec![*besieged_roll]),
                        ],
                        verdict: event_line(state, &self.names_before, e).unwrap_or_default(),
                        left: 2.0 * DRAW_SHOW_S,
                    });
                }
                Event::TurnEnded { player } => {
                    // Everything up to here this seat has seen happen.
                    if let Some(s) = self.seen.get_mut(player.index()) {
                        *s = self.log.records.len();
                    }
                }
                _ => {}
            }
        }
        if events
            .iter()
            .any(|e| matches!(e, Event::TurnStarted { .. }))
        {
            if let Some(failed) = self.autosave() {
                self.log.note(failed);
            }
        }
        let state = self.game.state();
        self.cards
            .retain(|c| state.player(state.actor()).hand().contains(c));
        if self.selected_place.is_some_and(|s| {
            state
                .settlement(s)
                .is_none_or(|x| x.owner() != state.actor())
        }) {
            self.selected_place = None;
        }
        if self.selected.is_some_and(|u| {
            state.unit(u).is_none_or(|u| {
                u.owner() != state.actor() || (u.moved() && state.phase() != Phase::Attack)
            })
        }) {
            self.selected = None;
            self.clear_reach();
        }
        if self.selected.is_some() {
            self.refresh_reach();
        }
        self.aim = None;
    }
}
