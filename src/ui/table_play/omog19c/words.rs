//! OMOG 19C's plain words: figures by side name, events as log lines with the dice they threw,
//! a shot's odds line by line. Every number comes from the engine's events and tables; this only
//! phrases them.

use super::super::desk::{outcome_line, side_name};
use super::super::omog_orders::{in_place, went, Told};
use super::super::view::{Face, Note, Roll};
use super::D;
use crate::tactical::omog::orders::How;
use crate::tactical::omog19c::engine::{OmogEvent, ShotOdds};
use crate::tactical::omog19c::state::{
    Figure, FigureId, HeavyKind, OmogState, Phase, Role, TeamId, HOLD_TURNS, TURN_LIMIT,
};
use crate::tactical::omog19c::tables::{fieldpiece, Mount, Weapon};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{step, MM_PER_INCH};
use crate::tactical::Template;

pub(super) use super::super::omog_orders::inch;

/// A figure's kind in a word.
pub(super) fn kind(f: &Figure) -> &'static str {
    kind_on(f, f.mount())
}

/// A figure's kind in a word, were he on `mount`.
fn kind_on(f: &Figure, mount: Mount) -> &'static str {
    match (f.role(), mount) {
        (Role::Officer, Mount::Horse) => "mounted officer",
        (Role::Officer, Mount::Foot) => "officer",
        (Role::Gunner, _) => "gunner",
        (Role::Soldier, Mount::Horse) => "trooper",
        (Role::Soldier, Mount::Foot) => "rifleman",
    }
}

/// A weapon's name.
pub(super) fn weapon(w: Weapon) -> &'static str {
    match w {
        Weapon::Rifle => "rifle",
        Weapon::Carbine => "carbine",
        Weapon::Shotgun => "shotgun",
        Weapon::Pistol => "pistol",
        Weapon::Bow => "bow",
    }
}

/// The name of a range band, counted from the shortest of `n`.
fn band_name(band: usize, n: usize) -> &'static str {
    match (band, n) {
        (0, _) => "short",
        (1, 3) => "medium",
        _ => "long",
    }
}

/// "Red's rifleman #3".
pub(super) fn figure(names: &[String; 2], f: &Figure) -> String {
    format!("{}'s {} #{}", names[f.side().index()], kind(f), f.id().0)
}

fn fig(state: &OmogState, names: &[String; 2], id: FigureId) -> String {
    state
        .figure(id)
        .map_or_else(|| format!("figure #{}", id.0), |f| figure(names, f))
}

/// What the phase is, as a heading: "Turn 3 · Red (attacker) moves".
pub(super) fn phase_line(names: &[String; 2], turn: u32, phase: Phase) -> String {
    match phase {
        Phase::Move(s) => format!("Turn {turn} · {} moves", side_name(names, s)),
        Phase::Fire(s) => format!("Turn {turn} · {} fires", side_name(names, s)),
        Phase::Over => "The battle is over".into(),
    }
}

/// Why the battle ended, read off the final position in the order the turn's end decides it:
/// a side with nobody standing, the objective taken, the last turn played.
fn why_over(state: &OmogState, names: &[String; 2]) -> String {
    let standing = |s: Side| state.living(s).count();
    match (standing(Side::Attacker), standing(Side::Defender)) {
        (0, 0) => "Nobody is left standing on either side.".into(),
        (0, _) => format!(
            "{} has nobody left standing.",
            side_name(names, Side::Attacker)
        ),
        (_, 0) => format!(
            "{} has nobody left standing.",
            side_name(names, Side::Defender)
        ),
        _ => match state.holder() {
            Some((Side::Attacker, n)) if n >= HOLD_TURNS => format!(
                "{} has held the objective {n} turn ends in a row.",
                side_name(names, Side::Attacker)
            ),
            _ => {
                let [a, d] = state.losses();
                format!(
                    "Turn {TURN_LIMIT} is over: losses decide ({} lost {a}, {} lost {d}).",
                    names[0], names[1]
                )
            }
        },
    }
}

/// One event in words and dice, with the position after its command.
pub(super) fn note(desk: &D, e: &OmogEvent) -> Note {
    let state = desk.state();
    let names = desk.names();
    let by = match e {
        OmogEvent::Moved { figure, .. } | OmogEvent::Shot { figure, .. } => {
            state.figure(*figure).map(|f| f.side())
        }
        OmogEvent::HeavyFired { team, .. } | OmogEvent::GunMoved { team, .. } => {
            state.team(*team).map(|t| t.side())
        }
        _ => None,
    };
    Note {
        line: event_line(state, names, e, told(desk)),
        by,
        heading: matches!(
            e,
            OmogEvent::PhaseBegan { .. }
                | OmogEvent::TurnBegan { .. }
                | OmogEvent::BattleOver { .. }
        ),
        rolls: rolls(state, e),
    }
}

/// The dice an event threw, each where the player looks for it.
fn rolls(state: &OmogState, e: &OmogEvent) -> Vec<Roll> {
    let pos = |id: FigureId| state.figure(id).map_or([0.0, 0.0], |f| f.pos());
    let die = |at, value, good, caption: String| Roll {
        at,
        face: Face::d6(value),
        good: Some(good),
        caption,
    };
    match e {
        OmogEvent::Shot {
            target,
            need,
            roll,
            hit,
            ..
        } => vec![die(pos(*target), *roll, *hit, format!("{need}+"))],
        // Canister does not deviate: its die decides nothing, so it is not shown.
        OmogEvent::HeavyFired {
            template: Some(Template::Cone { .. }),
            ..
        } => vec![],
        OmogEvent::HeavyFired {
            team,
            kind,
            roll,
            template,
        } => {
            let gun = state.gun(*team).map_or([0.0, 0.0], |h| h.pos());
            // On the burst, or halfway down the Gatling's diamond.
            let at = match template {
                Some(Template::Disc { centre, .. }) => *centre,
                Some(Template::Diamond {
                    tip,
                    bearing,
                    length,
                    ..
                }) => step(*tip, *bearing, length / 2.0),
                _ => gun,
            };
            let caption = match kind {
                HeavyKind::Fieldpiece => "shell",
                HeavyKind::Gatling => "Gatling",
            };
            vec![die(at, *roll, template.is_some(), caption.into())]
        }
        OmogEvent::CoverSave {
            figure,
            need,
            roll,
            saved,
        } => vec![die(pos(*figure), *roll, *saved, format!("save {need}+"))],
        OmogEvent::Melee {
            lone,
            lone_total,
            opponents,
            fallen,
        } => {
            let total = |id: FigureId, t: i8| Roll {
                at: pos(id),
                face: Face::Total(i32::from(t)),
                good: Some(!fallen.contains(&id)),
                caption: "melee".into(),
            };
            std::iter::once(total(*lone, *lone_total))
                .chain(
                    opponents
                        .iter()
                        .filter_map(|(id, t)| t.map(|t| total(*id, t))),
                )
                .collect()
        }
        _ => vec![],
    }
}

/// The order the desk just carried out, if it was a move along a path.
fn told(desk: &D) -> Told<'_> {
    desk.commands().last().and_then(|c| c.as_move())
}

/// A man's move as the engine made it: how far he went (nowhere, for a man who mounts,
/// dismounts or climbs where he stands), what else the order did, and the share of his move
/// it all took.
fn moved_line(
    state: &OmogState,
    names: &[String; 2],
    id: FigureId,
    used: f64,
    told: Told,
) -> String {
    let share = format!("using {:.0}% of its move", used * 100.0);
    let Some(f) = state.figure(id) else {
        return format!("figure #{} moves, {share}.", id.0);
    };
    let Some((how, mm)) = went(told, id) else {
        // A crewman pushing the gun along with its gunner.
        return format!("{} goes with the gun, {share}.", figure(names, f));
    };
    let far = inch(mm);
    match how {
        How::Walk => format!("{} moves {far}, {share}.", figure(names, f)),
        How::Charge => format!("{} charges {far}, {share}.", figure(names, f)),
        How::Remount => {
            // Named as he was before the change, so a trooper is the one who dismounts.
            let was = format!(
                "{}'s {} #{}",
                names[f.side().index()],
                kind_on(f, f.mount().changed()),
                id.0
            );
            let verb = match f.mount() {
                Mount::Horse => "mounts",
                Mount::Foot => "dismounts",
            };
            if in_place(mm) {
                format!("{was} {verb} where he stands, {share}.")
            } else {
                format!("{was} moves {far} and {verb}, {share}.")
            }
        }
        How::Climb if in_place(mm) => {
            format!("{} climbs onto the roof, {share}.", figure(names, f))
        }
        How::Climb => format!(
            "{} moves {far} and climbs onto the roof, {share}.",
            figure(names, f)
        ),
    }
}

/// One event as a log line; `state` is the position after its command (the fallen keep their
/// names there); `told` is the order that wrote it.
pub(super) fn event_line(
    state: &OmogState,
    names: &[String; 2],
    e: &OmogEvent,
    told: Told,
) -> Option<String> {
    let f = |id| fig(state, names, id);
    Some(match e {
        OmogEvent::Moved { figure, used, .. } => moved_line(state, names, *figure, *used, told),
        OmogEvent::GunMoved { team, .. } => {
            let side = state.team(*team).map_or(Side::Attacker, |t| t.side());
            format!(
                "{}'s gun is pushed along with its crew; it must stand a turn to set up again.",
                names[side.index()]
            )
        }
        OmogEvent::PhaseBegan { turn, phase } => {
            format!("— {} —", phase_line(names, *turn, *phase))
        }
        OmogEvent::TurnBegan { turn, first } => {
            format!("— {} —", phase_line(names, *turn, Phase::Move(*first)))
        }
        OmogEvent::Held { .. } | OmogEvent::ObjectiveOpen => return None,
        // The move line of his order has said it, with the share of his move it took.
        OmogEvent::Remounted { figure, .. } | OmogEvent::Climbed { figure }
            if went(told, *figure).is_some() =>
        {
            return None
        }
        OmogEvent::Remounted { figure, mount } => match mount {
            Mount::Horse => format!("{} mounts.", f(*figure)),
            Mount::Foot => format!("{} dismounts.", f(*figure)),
        },
        OmogEvent::Climbed { figure } => format!("{} climbs onto the roof.", f(*figure)),
        OmogEvent::Faced { figure, .. } => format!("{} turns to face.", f(*figure)),
        OmogEvent::Shot {
            figure,
            target,
            need,
            roll,
            hit,
            ..
        } => format!(
            "{} fires at {}: needs {need}+, rolls {roll} — {}.",
            f(*figure),
            f(*target),
            if *hit { "hit" } else { "miss" }
        ),
        OmogEvent::HeavyFired {
            team,
            kind,
            roll,
            template,
        } => heavy_line(state, names, *team, *kind, *roll, template),
        OmogEvent::CoverSave {
            figure,
            need,
            roll,
            saved,
        } => format!(
            "{} takes cover: needs {need}+, rolls {roll} — {}.",
            f(*figure),
            if *saved { "saved" } else { "not saved" }
        ),
        OmogEvent::Hit { figure } => format!(
            "{} is hit; he falls when both sides have fired.",
            f(*figure)
        ),
        OmogEvent::Down { figure } => format!("{} is down.", f(*figure)),
        OmogEvent::Melee {
            lone,
            lone_total,
            opponents,
            fallen,
        } => {
            let against: Vec<String> = opponents
                .iter()
                .map(|(id, t)| match t {
                    Some(t) => format!("{} ({t})", f(*id)),
                    None => format!("{} (the third man)", f(*id)),
                })
                .collect();
            let fell: Vec<String> = fallen.iter().map(|id| f(*id)).collect();
            format!(
                "Hand to hand: {} ({lone_total}) against {}; {}.",
                f(*lone),
                against.join(" and "),
                if fell.is_empty() {
                    "nobody falls".to_string()
                } else {
                    format!("{} falls", fell.join(" and "))
                }
            )
        }
        OmogEvent::ObjectiveHeld { side, turns } => {
            // A battle ended by a side falling to the last man was not decided on the
            // objective: saying who held it there would read as the reason.
            let wiped = Side::BOTH.iter().any(|s| state.living(*s).count() == 0);
            if state.outcome().is_some() && wiped {
                return None;
            }
            match side {
                // Only the attacker wins by holding it, so only his count runs to a target.
                Side::Attacker => format!(
                    "{} holds the objective: {turns} of {HOLD_TURNS} turn ends in a row.",
                    side_name(names, *side)
                ),
                Side::Defender => {
                    format!("{} still holds the objective.", side_name(names, *side))
                }
            }
        }
        OmogEvent::BattleOver { outcome } => {
            format!(
                "{} {}",
                why_over(state, names),
                outcome_line(names, *outcome)
            )
        }
    })
}

fn heavy_line(
    state: &OmogState,
    names: &[String; 2],
    team: TeamId,
    kind: HeavyKind,
    roll: u8,
    template: &Option<Template>,
) -> String {
    let side = state.team(team).map_or(Side::Attacker, |t| t.side());
    let who = &names[side.index()];
    match (kind, template) {
        (HeavyKind::Fieldpiece, Some(Template::Cone { .. })) => {
            format!("{who}'s fieldpiece fires canister: the cone sweeps 6″ ahead.")
        }
        (HeavyKind::Fieldpiece, _) => {
            format!(
                "{who}'s fieldpiece fires a shell: rolls {roll} — {}.",
                fall(roll, "lands ", "a dud", "lands on target")
            )
        }
        (HeavyKind::Gatling, None) => {
            format!("{who}'s Gatling rolls {roll} — it jams this burst.")
        }
        (HeavyKind::Gatling, Some(_)) => format!(
            "{who}'s Gatling rolls {roll}: up to {roll} seen enemies in the diamond are hit, nearest first."
        ),
    }
}

/// Where a shell lands on die `d`, from the fieldpiece's table: `lands` before a distance,
/// `dud` and `on` for the other two.
pub(super) fn fall(d: u8, lands: &str, dud: &str, on: &str) -> String {
    match fieldpiece::fall(d) {
        fieldpiece::Fall::Dud => dud.to_string(),
        fieldpiece::Fall::Left(x) => format!("{lands}{} left", inch(x)),
        fieldpiece::Fall::Right(x) => format!("{lands}{} right", inch(x)),
        fieldpiece::Fall::Over(x) => format!("{lands}{} over", inch(x)),
        fieldpiece::Fall::OnTarget => on.to_string(),
    }
}

/// A shot's odds as the lines of its tooltip: the band, each modifier, the roll needed (the
/// last line).
pub(super) fn odds_lines(shooter: &Figure, o: &ShotOdds) -> Vec<String> {
    let n = shooter.kit().bands().len();
    let mut v = vec![format!(
        "{} at {}: {} range, {}+",
        weapon(shooter.kit()),
        inch(o.range),
        band_name(o.band, n),
        o.band_need
    )];
    v.extend(o.modifiers.iter().map(|m| format!("  {}", m.label())));
    let sum: i16 = o.modifiers.iter().map(|m| i16::from(m.value())).sum();
    v.push(if o.need == 2 && i16::from(o.band_need) - sum < 2 {
        "needs 2+ on a d6 (a 1 always misses)".into()
    } else {
        format!("needs {}+ on a d6", o.need)
    });
    v
}

/// A weapon's bands in one line: "≤6″ 3+ · ≤12″ 4+ · ≤18″ 5+".
pub(super) fn bands_line(w: Weapon) -> String {
    w.bands()
        .iter()
        .map(|(r, n)| format!("≤{:.0}″ {n}+", r / MM_PER_INCH))
        .collect::<Vec<_>>()
        .join(" · ")
}
