//! 6+'s words: events as log lines. Every number comes from the engine's events.

use super::super::desk::{outcome_line, side_name};
use super::super::view::Note;
use super::D;
use crate::tactical::six_plus::event::{Ending, SixEvent};
use crate::tactical::six_plus::state::{Phase, SixState, UnitId};

/// The heading of the phase the battle is in.
pub(super) fn phase_line(names: &[String; 2], s: &SixState) -> String {
    let who = side_name(names, s.actor());
    match s.phase() {
        Phase::Move => format!("— Turn {} · {who} moves —", s.turn()),
        Phase::Shoot => format!("— Turn {} · {who} shoots —", s.turn()),
        Phase::Over => "— The battle is over —".into(),
    }
}

/// An event in words.
pub(super) fn note(desk: &D, e: &SixEvent) -> Note {
    let s = desk.state();
    let names = desk.names();
    let who = |id: UnitId| s.unit(id).map_or(format!("#{}", id.0), |u| u.label());
    let side_of = |id: UnitId| s.unit(id).map(|u| u.side);
    let mut n = Note::default();
    let (by, line) = match e {
        SixEvent::Moved { unit, road, .. } => (
            side_of(*unit),
            format!(
                "The {} moves{}.",
                who(*unit),
                if *road { " by road" } else { "" }
            ),
        ),
        SixEvent::Formed { unit, formation } => (
            side_of(*unit),
            format!("The {} forms {:?}.", who(*unit), formation).to_lowercase(),
        ),
        SixEvent::Reloaded { unit } => (side_of(*unit), format!("The {} loads.", who(*unit))),
        SixEvent::Charged {
            unit, target, face, ..
        } => (
            side_of(*unit),
            format!(
                "The {} charges the {} ({:?}).",
                who(*unit),
                who(*target),
                face
            ),
        ),
        SixEvent::MoveEnded | SixEvent::TurnPassed { .. } => {
            n.heading = true;
            n.line = Some(phase_line(names, s));
            return n;
        }
        SixEvent::Rallied { unit, removed, .. } => (
            side_of(*unit),
            format!(
                "The General rallies the {}: {removed} hits off.",
                who(*unit)
            ),
        ),
        SixEvent::Shot {
            unit,
            target,
            hits,
            cover,
        } => (
            side_of(*unit),
            format!(
                "The {} shoots the {}: {hits} hits{}.",
                who(*unit),
                who(*target),
                if *cover { " (halved in cover)" } else { "" }
            ),
        ),
        SixEvent::Fought {
            charger,
            target,
            hits,
        } => (
            side_of(*charger),
            format!(
                "Hand to hand: the {} puts {hits} hits on the {}.",
                who(*charger),
                who(*target)
            ),
        ),
        SixEvent::Retreated { unit, .. } => (
            side_of(*unit),
            format!("The {} falls back 6 cm.", who(*unit)),
        ),
        SixEvent::Tide { unit, from, hits } => (
            side_of(*unit),
            format!(
                "The loss of the {} costs the {} {hits} hits.",
                who(*from),
                who(*unit)
            ),
        ),
        SixEvent::Eliminated { unit } => {
            (side_of(*unit), format!("The {} is eliminated.", who(*unit)))
        }
        SixEvent::CardDrawn { side, card, unit } => (
            Some(*side),
            format!(
                "{} draws a chance card: {} — {}{}.",
                side_name(names, *side),
                card.title(),
                card.text(),
                unit.map_or(String::new(), |u| format!(" (the {})", who(u)))
            ),
        ),
        SixEvent::Routed { side } => (Some(*side), format!("{} routs.", side_name(names, *side))),
        SixEvent::Ended { outcome, ending } => {
            n.heading = true;
            let why = match ending {
                Ending::Destroyed => "an army is gone",
                Ending::TurnLimit => "the last turn is over; the objective decides",
            };
            n.line = Some(format!("{} ({why})", outcome_line(names, *outcome)));
            return n;
        }
    };
    n.by = by;
    n.line = Some(line);
    n
}
