//! The Dice Flew's words: events as log lines with their dice. Every number comes from the
//! engine's events; written orders stay out of the log (the other seat reads it too).

use super::super::desk::{outcome_line, side_name};
use super::super::view::{Face, Note, Roll};
use super::D;
use crate::tactical::dice_flew::artillery::BatteryId;
use crate::tactical::dice_flew::event::{DfEvent, Losses};
use crate::tactical::dice_flew::state::{DfState, Pending, Phase};
use crate::tactical::dice_flew::unit::{Action, BattalionId, UnitId};
use crate::tactical::ruleset::Side;

/// A battalion's name for players.
pub(super) fn battalion(b: BattalionId) -> String {
    format!("battalion {}", b.0 + 1)
}

/// An order's verb.
pub(super) fn action(a: Action) -> &'static str {
    match a {
        Action::Hold => "hold",
        Action::MoveTo => "move to",
        Action::Attack => "attack",
    }
}

/// The heading of the phase the battle is in.
pub(super) fn phase_line(names: &[String; 2], s: &DfState) -> String {
    match s.phase() {
        Phase::Orders(side) => format!("— Orders · {} writes —", side_name(names, side)),
        Phase::Initiative(side) => format!(
            "— Turn {} · {} has the initiative —",
            s.turn(),
            side_name(names, side)
        ),
        Phase::Move(side) => format!("— Turn {} · {} moves —", s.turn(), side_name(names, side)),
        Phase::Fire(side) => format!("— Turn {} · {} fires —", s.turn(), side_name(names, side)),
        Phase::Over => "— The battle is over —".into(),
    }
}

fn lost(l: &Losses) -> String {
    let n = l.total();
    if n == 0 {
        return "no loss".into();
    }
    let mut who = Vec::new();
    if l.officers > 0 {
        who.push(format!("{} officer", l.officers));
    }
    if l.ncos > 0 {
        who.push(format!("{} NCO", l.ncos));
    }
    let lead = if who.is_empty() {
        String::new()
    } else {
        format!(" ({})", who.join(", "))
    };
    format!("{n} lost{lead}")
}

/// A battery's name, or its number if it is unknown.
fn gun_name(s: &DfState, b: BatteryId) -> String {
    s.battery(b)
        .map_or(format!("battery {}", b.0 + 1), |x| x.label())
}

/// A die's modifier after it, if it has one: " −1".
fn signed(m: i32) -> String {
    if m != 0 {
        format!(" {m:+}")
    } else {
        String::new()
    }
}

fn dice_text(d: &[u8]) -> String {
    d.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

/// An event in words.
pub(super) fn note(desk: &D, e: &DfEvent) -> Note {
    let s = desk.state();
    let names = desk.names();
    let who = |id: UnitId| {
        s.unit(id)
            .map_or(format!("unit {}", id.0 + 1), |u| u.label())
    };
    let side_of = |id: UnitId| s.unit(id).map(|u| u.side);
    let at = |id: UnitId| s.unit(id).map_or(desk.field().objective, |u| u.at);
    let d6 = |at, v: u8, good: Option<bool>, caption: &str| Roll {
        at,
        face: Face::d6(v),
        good,
        caption: caption.into(),
    };
    let mut n = Note::default();
    let (by, line): (Option<Side>, String) = match e {
        // What an order or a fire plan says is its writer's secret: the panel shows it to him
        // alone.
        DfEvent::OrderWritten { .. }
        | DfEvent::Equipped { .. }
        | DfEvent::FirePlanned { .. }
        | DfEvent::MoveEnded { .. }
        | DfEvent::FireEnded { .. } => return n,
        DfEvent::CallForFire {
            battery,
            target,
            die,
            modifier,
            ok,
        } => {
            n.rolls = vec![d6(at(*target), *die, Some(*ok), "call 2+")];
            (
                side_of(*target).map(Side::other),
                format!(
                    "The observer calls the {} onto the {}: {die}{}: {}.",
                    gun_name(s, *battery),
                    who(*target),
                    signed(*modifier),
                    if *ok { "the guns answer" } else { "no answer" }
                ),
            )
        }
        DfEvent::Bombardment {
            battery,
            at: point,
            planned,
        } => {
            let place = s
                .features()
                .iter()
                .find(|f| f.at == *point)
                .map(|f| f.name.clone());
            let line = match (planned, place) {
                (true, Some(place)) => format!(
                    "Shells of the {} fall on {place}, by its fire plan.",
                    gun_name(s, *battery)
                ),
                _ => format!(
                    "Shells of the {} come down where the observer called them.",
                    gun_name(s, *battery)
                ),
            };
            (s.battery(*battery).map(|b| b.side), line)
        }
        DfEvent::Barrage {
            target,
            dice,
            hits,
            defence,
            losses,
            battery,
        } => {
            n.rolls = dice
                .iter()
                .map(|&v| d6(at(*target), v, (v == 6).then_some(true), "barrage"))
                .collect();
            let result = match defence {
                Some(d) => format!("against {d}: {} destroyed", losses.total()),
                None => format!("{hits} hits, {}", lost(losses)),
            };
            (
                s.battery(*battery).map(|b| b.side),
                format!(
                    "The barrage strikes the {} ({}): {result}.",
                    who(*target),
                    dice_text(dice)
                ),
            )
        }
        DfEvent::Detached {
            unit, patrol, men, ..
        } => (
            side_of(*unit),
            format!(
                "The {} sends out a patrol of {men} (the {}).",
                who(*unit),
                who(*patrol)
            ),
        ),
        DfEvent::Rejoined { patrol, unit } => (
            side_of(*unit),
            format!("The {} rejoins the {}.", who(*patrol), who(*unit)),
        ),
        DfEvent::OrdersDone { side } => (
            Some(*side),
            format!("{} has written its orders.", side_name(names, *side)),
        ),
        DfEvent::Initiative {
            turn,
            dice,
            chooser,
        } => {
            n.heading = true;
            let o = desk.field().objective;
            n.rolls = vec![
                d6(o, dice[0], Some(dice[0] >= dice[1]), &names[0]),
                d6(o, dice[1], Some(dice[1] >= dice[0]), &names[1]),
            ];
            let then = match chooser {
                Some(side) => format!("{} chooses", side_name(names, *side)),
                None => "a tie: last turn's order stands".into(),
            };
            (
                None,
                format!(
                    "— Turn {turn} · initiative: {} {}, {} {} · {then} —",
                    names[0], dice[0], names[1], dice[1]
                ),
            )
        }
        DfEvent::FirstIs { side } => (
            Some(*side),
            format!("{} goes first.", side_name(names, *side)),
        ),
        DfEvent::PartBegan { .. } | DfEvent::MovementEnded { .. } => {
            // The initiative and the end have headings of their own.
            if matches!(s.phase(), Phase::Initiative(_) | Phase::Over) {
                return n;
            }
            n.heading = true;
            n.line = Some(phase_line(names, s));
            return n;
        }
        DfEvent::Rally { unit, dice, ok } => {
            n.rolls = dice
                .iter()
                .map(|&v| d6(at(*unit), v, Some(*ok), "rally"))
                .collect();
            (
                side_of(*unit),
                format!(
                    "The {} tries to rally ({}): {}.",
                    who(*unit),
                    dice_text(dice),
                    if *ok { "the pin lifts" } else { "still pinned" }
                ),
            )
        }
        DfEvent::OrderChange {
            battalion: b,
            die,
            modifier,
            ok,
            ..
        } => {
            let hq = s.battalion(*b).map(|x| x.hq);
            let p = hq.map_or(desk.field().objective, at);
            n.rolls = vec![d6(p, *die, Some(*ok), "order 2+")];
            (
                s.battalion(*b).map(|x| x.side),
                format!(
                    "{} tries to change its order: {die}{}: {}.",
                    battalion(*b),
                    signed(*modifier),
                    if *ok { "new orders" } else { "no change" }
                ),
            )
        }
        DfEvent::CommandRoll { unit, die, ok } => {
            n.rolls = vec![d6(at(*unit), *die, Some(*ok), "command 2+")];
            (
                side_of(*unit),
                format!(
                    "The {} is out of command: {die}, {}.",
                    who(*unit),
                    if *ok { "it moves" } else { "it stays" }
                ),
            )
        }
        DfEvent::Advanced { unit, .. } => (side_of(*unit), format!("The {} moves.", who(*unit))),
        DfEvent::Paused { pending } => match pending {
            Pending::Interrupt {
                mover, shooters, ..
            } => (
                side_of(*mover).map(Side::other),
                format!(
                    "The {} comes into the sights of the {}.",
                    who(*mover),
                    shooters
                        .iter()
                        .map(|&x| who(x))
                        .collect::<Vec<_>>()
                        .join(", the ")
                ),
            ),
            Pending::React { mover, shooter, .. } => (
                side_of(*shooter),
                format!("The {} opens fire on the {}.", who(*shooter), who(*mover)),
            ),
        },
        DfEvent::Passed => (None, "The fire is held: the move goes on.".into()),
        DfEvent::WentToGround { unit } => (
            side_of(*unit),
            format!("The {} goes to ground.", who(*unit)),
        ),
        DfEvent::Fired {
            shooter,
            target,
            dice,
            hits,
            losses,
        } => {
            n.rolls = dice
                .iter()
                .map(|&v| d6(at(*target), v, (v == 6).then_some(true), "fire"))
                .collect();
            (
                side_of(*shooter),
                format!(
                    "The {} fires at the {} ({}): {hits} hits, {}.",
                    who(*shooter),
                    who(*target),
                    dice_text(dice),
                    lost(losses)
                ),
            )
        }
        DfEvent::AntiTank {
            shooter,
            target,
            dice,
            totals,
            defence,
            losses,
        } => {
            n.rolls = dice
                .iter()
                .zip(totals)
                .map(|(&v, &t)| d6(at(*target), v, Some(t > *defence), "anti-tank"))
                .collect();
            (
                side_of(*shooter),
                format!(
                    "The {} fires anti-tank at the {} ({} against {defence}): {} destroyed.",
                    who(*shooter),
                    who(*target),
                    totals
                        .iter()
                        .map(i32::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                    losses.total()
                ),
            )
        }
        DfEvent::Retreated { unit, dice, .. } => {
            n.rolls = dice
                .iter()
                .map(|&v| d6(at(*unit), v, None, "back"))
                .collect();
            (
                side_of(*unit),
                format!(
                    "The {} falls back {}″ and is pinned.",
                    who(*unit),
                    dice[0] + dice[1]
                ),
            )
        }
        DfEvent::Melee {
            units,
            hits,
            loser,
            losses,
            ..
        } => {
            let gone: u32 = losses.iter().map(|(_, l)| l.total()).sum();
            let names_of =
                |v: &Vec<UnitId>| v.iter().map(|&x| who(x)).collect::<Vec<_>>().join(", ");
            (
                None,
                format!(
                    "Melee: {} against {}: hits {} to {}, {gone} figures lost; {}.",
                    names_of(&units[0]),
                    names_of(&units[1]),
                    hits[0],
                    hits[1],
                    match loser {
                        Some(side) => format!("{} falls back", side_name(names, *side)),
                        None => "a tie, the fight goes on".into(),
                    }
                ),
            )
        }
        DfEvent::Shaken { battalion: b } => (
            s.battalion(*b).map(|x| x.side),
            format!("{} is shaken: it may no longer attack.", battalion(*b)),
        ),
        DfEvent::Conceded { side } => (
            Some(*side),
            format!(
                "Every battalion of {} is shaken: it concedes.",
                side_name(names, *side)
            ),
        ),
        DfEvent::Ended { outcome } => {
            n.heading = true;
            n.line = Some(outcome_line(names, *outcome));
            return n;
        }
        // Events the engine adds later are named by their tag until they get their own words.
        other => match super::guns::note(desk, other) {
            Some(n) => return n,
            None => (None, tag_words(other)),
        },
    };
    n.by = by;
    n.line = Some(line);
    n
}

/// An event's serialised tag as a sentence: `fire_planned` → "Fire planned."
fn tag_words(e: &DfEvent) -> String {
    let v = serde_json::to_value(e).unwrap_or_default();
    let tag = v["event"].as_str().unwrap_or("event").replace('_', " ");
    let mut c = tag.chars();
    match c.next() {
        Some(f) => format!("{}{}.", f.to_uppercase(), c.as_str()),
        None => String::new(),
    }
}
