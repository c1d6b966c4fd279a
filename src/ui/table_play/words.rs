//! The table screen's plain words: figures by side name, events as log lines, a shot's odds
//! line by line. Every number comes from the engine's events and tables; this only phrases them.

use crate::tactical::omog19c::engine::{OmogEvent, ShotOdds};
use crate::tactical::omog19c::state::{Figure, FigureId, HeavyKind, OmogState, Phase, Role};
use crate::tactical::omog19c::tables::{fieldpiece, Mount, Weapon};
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::MM_PER_INCH;
use crate::tactical::Template;

/// Inches, to one decimal, with the inch mark.
pub fn inch(mm: f64) -> String {
    format!("{:.1}″", mm / MM_PER_INCH)
}

/// A figure's kind in a word.
pub fn kind(f: &Figure) -> &'static str {
    match (f.role(), f.mount()) {
        (Role::Officer, Mount::Horse) => "mounted officer",
        (Role::Officer, Mount::Foot) => "officer",
        (Role::Gunner, _) => "gunner",
        (Role::Soldier, Mount::Horse) => "trooper",
        (Role::Soldier, Mount::Foot) => "rifleman",
    }
}

/// A weapon's name.
pub fn weapon(w: Weapon) -> &'static str {
    match w {
        Weapon::Rifle => "rifle",
        Weapon::Carbine => "carbine",
        Weapon::Shotgun => "shotgun",
        Weapon::Pistol => "pistol",
        Weapon::Bow => "bow",
    }
}

/// The name of a range band, counted from the shortest of `n`.
pub fn band_name(band: usize, n: usize) -> &'static str {
    match (band, n) {
        (0, _) => "short",
        (1, 3) => "medium",
        _ => "long",
    }
}

/// The battle's name for a side: the player's name and the role, "Red (attacker)".
pub fn side_name(names: &[String; 2], side: Side) -> String {
    let role = match side {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    };
    format!("{} ({role})", names[idx(side)])
}

/// Index of a side in `[attacker, defender]` arrays.
pub fn idx(side: Side) -> usize {
    match side {
        Side::Attacker => 0,
        Side::Defender => 1,
    }
}

/// "Red's rifleman #3".
pub fn figure(names: &[String; 2], f: &Figure) -> String {
    format!("{}'s {} #{}", names[idx(f.side())], kind(f), f.id().0)
}

fn fig(state: &OmogState, names: &[String; 2], id: FigureId) -> String {
    state
        .figure(id)
        .map_or_else(|| format!("figure #{}", id.0), |f| figure(names, f))
}

/// What the phase is, as a heading: "Turn 3 · Red (attacker) moves".
pub fn phase_line(names: &[String; 2], turn: u32, phase: Phase) -> String {
    match phase {
        Phase::Move(s) => format!("Turn {turn} · {} moves", side_name(names, s)),
        Phase::Fire(s) => format!("Turn {turn} · {} fires", side_name(names, s)),
        Phase::Over => "The battle is over".into(),
    }
}

/// How a battle ended, in a sentence.
pub fn outcome_line(names: &[String; 2], o: BattleOutcome) -> String {
    match o {
        BattleOutcome::AttackerWins => format!(
            "{} wins: the defending unit is lost.",
            side_name(names, Side::Attacker)
        ),
        BattleOutcome::DefenderWins => format!(
            "{} wins: the attacking unit is lost.",
            side_name(names, Side::Defender)
        ),
        BattleOutcome::StandOff => "A stand-off: neither unit is lost.".into(),
    }
}

/// One event as a log line. `before` is the position the event happened in (names of the fallen
/// are still there).
pub fn event_line(state: &OmogState, names: &[String; 2], e: &OmogEvent) -> Option<String> {
    let f = |id| fig(state, names, id);
    Some(match e {
        OmogEvent::Moved {
            figure,
            used,
            charge,
            ..
        } => {
            let verb = if *charge { "charges" } else { "moves" };
            format!(
                "{} {verb}, using {:.0}% of its move.",
                f(*figure),
                used * 100.0
            )
        }
        OmogEvent::GunMoved { team, .. } => {
            let side = state.team(*team).map_or(Side::Attacker, |t| t.side());
            format!(
                "{}'s gun is pushed along with its crew; it must stand a turn to set up again.",
                names[idx(side)]
            )
        }
        OmogEvent::PhaseBegan { turn, phase } => {
            format!("— {} —", phase_line(names, *turn, *phase))
        }
        OmogEvent::TurnBegan { turn, first } => {
            format!("— {} —", phase_line(names, *turn, Phase::Move(*first)))
        }
        OmogEvent::Held { .. } | OmogEvent::ObjectiveOpen => return None,
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
        } => {
            let side = state.team(*team).map_or(Side::Attacker, |t| t.side());
            let who = &names[idx(side)];
            match (kind, template) {
                (HeavyKind::Fieldpiece, Some(Template::Cone { .. })) => {
                    format!("{who}'s fieldpiece fires canister: the cone sweeps 6″ ahead.")
                }
                (HeavyKind::Fieldpiece, _) => {
                    let fall = match fieldpiece::fall(*roll) {
                        fieldpiece::Fall::Dud => "a dud".to_string(),
                        fieldpiece::Fall::Left(d) => format!("lands {} left", inch(d)),
                        fieldpiece::Fall::Right(d) => format!("lands {} right", inch(d)),
                        fieldpiece::Fall::Over(d) => format!("lands {} over", inch(d)),
                        fieldpiece::Fall::OnTarget => "lands on target".to_string(),
                    };
                    format!("{who}'s fieldpiece fires a shell: rolls {roll} — {fall}.")
                }
                (HeavyKind::Gatling, None) => {
                    format!("{who}'s Gatling rolls {roll} — it jams this burst.")
                }
                (HeavyKind::Gatling, Some(_)) => format!(
                    "{who}'s Gatling rolls {roll}: up to {roll} seen enemies in the diamond are hit, nearest first."
                ),
            }
        }
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
        OmogEvent::ObjectiveHeld { side, turns } => format!(
            "{} holds the objective ({turns} turn end{} in a row).",
            side_name(names, *side),
            if *turns == 1 { "" } else { "s" }
        ),
        OmogEvent::BattleOver { outcome } => outcome_line(names, *outcome),
    })
}

/// A shot's odds as the lines of its tooltip: the band, each modifier, the roll needed.
pub fn odds_lines(shooter: &Figure, o: &ShotOdds) -> Vec<String> {
    let n = shooter.kit().bands().len();
    let mut v = vec![format!(
        "{} at {}: {} range, {}+",
        weapon(shooter.kit()),
        inch(o.range),
        band_name(o.band, n),
        o.band_need
    )];
    v.extend(o.modifiers.iter().map(|m| format!("  {}", m.label())));
    v.push(
        if o.need == 2 && i16::from(o.band_need) - modifier_sum(o) < 2 {
            "needs 2+ on a d6 (a 1 always misses)".into()
        } else {
            format!("needs {}+ on a d6", o.need)
        },
    );
    v
}

fn modifier_sum(o: &ShotOdds) -> i16 {
    o.modifiers.iter().map(|m| i16::from(m.value())).sum()
}

/// A weapon's bands in one line: "≤6″ 3+ · ≤12″ 4+ · ≤18″ 5+".
pub fn bands_line(w: Weapon) -> String {
    w.bands()
        .iter()
        .map(|(r, n)| format!("≤{:.0}″ {n}+", r / MM_PER_INCH))
        .collect::<Vec<_>>()
        .join(" · ")
}
