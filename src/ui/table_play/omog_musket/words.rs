//! OMOG Musket's words: events as log lines with the dice they threw, and the tokens' key.
//! Every number comes from the engine's events; this only phrases them.

use super::super::desk::{outcome_line, side_name};
use super::super::omog_orders::{in_place, inch, went};
use super::super::view::{Face, Note, Roll};
use super::D;
use crate::tactical::omog::orders::How;
use crate::tactical::omog_musket::state::{FigureId, Phase, HOLD_TURNS};
use crate::tactical::omog_musket::tables::Mount;
use crate::tactical::omog_musket::MusketEvent;
use crate::tactical::table::MM_PER_INCH;

/// The heading of a phase.
pub(super) fn phase_line(names: &[String; 2], turn: u32, phase: Phase) -> String {
    match phase {
        Phase::Move(s) => format!("Turn {turn} · {} moves", side_name(names, s)),
        Phase::Fire(s) => format!("Turn {turn} · {} fires", side_name(names, s)),
        Phase::Over => "The battle is over".into(),
    }
}

/// An event in words and dice.
pub(super) fn note(desk: &D, e: &MusketEvent) -> Note {
    let s = desk.state();
    let names = desk.names();
    let who = |id: FigureId| s.figure(id).map_or(format!("#{}", id.0), |f| f.name());
    let side_of = |id: FigureId| s.figure(id).map(|f| f.side());
    let pos = |id: FigureId| s.figure(id).map_or([0.0, 0.0], |f| f.pos());
    let told = desk.commands().last().and_then(|c| c.as_move());
    let mut n = Note::default();
    match e {
        MusketEvent::Moved {
            figure, charged, ..
        } => {
            n.by = side_of(*figure);
            n.line = Some(match (charged, went(told, *figure)) {
                (Some(t), _) => format!("The {} charges the {}.", who(*figure), who(*t)),
                (None, Some((How::Remount, mm))) => {
                    let verb = match s.figure(*figure).map(|f| f.mount()) {
                        Some(Mount::Horse) => "mounts",
                        _ => "dismounts",
                    };
                    if in_place(mm) {
                        format!("The {} {verb} where he stands.", who(*figure))
                    } else {
                        format!("The {} moves {} and {verb}.", who(*figure), inch(mm))
                    }
                }
                (None, Some((How::Climb, mm))) if in_place(mm) => {
                    format!("The {} climbs onto the roof.", who(*figure))
                }
                (None, Some((How::Climb, mm))) => format!(
                    "The {} moves {} and climbs onto the roof.",
                    who(*figure),
                    inch(mm)
                ),
                (None, Some((_, mm))) => format!("The {} moves {}.", who(*figure), inch(mm)),
                (None, None) => format!("The {} moves.", who(*figure)),
            });
        }
        MusketEvent::Held { .. } | MusketEvent::Hit { .. } => {}
        // His move line has said it.
        MusketEvent::Remounted { figure, .. } | MusketEvent::Climbed { figure }
            if went(told, *figure).is_some() => {}
        MusketEvent::Remounted { figure, mount } => {
            n.by = side_of(*figure);
            n.line = Some(match mount {
                Mount::Horse => format!("The {} mounts.", who(*figure)),
                Mount::Foot => format!("The {} dismounts.", who(*figure)),
            });
        }
        MusketEvent::Climbed { figure } => {
            n.by = side_of(*figure);
            n.line = Some(format!("The {} climbs onto the roof.", who(*figure)));
        }
        MusketEvent::Faced { figure, .. } => {
            n.by = side_of(*figure);
            n.line = Some(format!("The {} turns to face.", who(*figure)));
        }
        MusketEvent::Reloaded { figure } => {
            n.by = side_of(*figure);
            n.line = Some(format!("The {} loads.", who(*figure)));
        }
        MusketEvent::PhaseBegan { turn, phase } => {
            n.heading = true;
            n.line = Some(format!("— {} —", phase_line(names, *turn, *phase)));
        }
        MusketEvent::TurnBegan { turn, first } => {
            n.heading = true;
            n.line = Some(format!(
                "— {} —",
                phase_line(names, *turn, Phase::Move(*first))
            ));
        }
        MusketEvent::Shot {
            figure,
            target,
            range,
            need,
            roll,
            hit,
            ..
        } => {
            n.by = side_of(*figure);
            n.line = Some(format!(
                "The {} fires at the {} at {:.1}″: {need}+ needed, {roll} — {}.",
                who(*figure),
                who(*target),
                range / MM_PER_INCH,
                if *hit { "hit" } else { "miss" }
            ));
            n.rolls.push(Roll {
                at: pos(*target),
                face: Face::d6(*roll),
                good: Some(*hit),
                caption: format!("{need}+"),
            });
        }
        MusketEvent::Down { figure } => {
            n.by = side_of(*figure).map(|s| s.other());
            n.line = Some(format!("The {} falls.", who(*figure)));
        }
        MusketEvent::Melee {
            lone,
            lone_total,
            opponents,
            fallen,
        } => {
            n.by = side_of(*lone);
            let foes: Vec<String> = opponents.iter().map(|(id, _)| who(*id)).collect();
            n.line = Some(format!(
                "Hand to hand: the {} against the {}.",
                who(*lone),
                foes.join(", the ")
            ));
            let total = |id: FigureId, t: i8| Roll {
                at: pos(id),
                face: Face::Total(i32::from(t)),
                good: Some(!fallen.contains(&id)),
                caption: "melee".into(),
            };
            n.rolls.push(total(*lone, *lone_total));
            for (id, t) in opponents {
                if let Some(t) = t {
                    n.rolls.push(total(*id, *t));
                }
            }
        }
        MusketEvent::ObjectiveHeld { side, turns } => {
            n.by = Some(*side);
            n.line = Some(format!(
                "{} holds the objective ({turns} of {HOLD_TURNS}).",
                side_name(names, *side)
            ));
        }
        MusketEvent::ObjectiveOpen => n.line = Some("Nobody holds the objective.".into()),
        MusketEvent::BattleOver { outcome } => {
            n.heading = true;
            n.line = Some(outcome_line(names, *outcome));
        }
    }
    n
}
