//! The set-up toggle for a die that leaves a choice (a Tank's armour die: a tank or armoured
//! cars; a fortification's machine-gun die: an MG company or field guns), and what each kind
//! brings, read off the engine's own tables. The click sends `Equip`; the engine says yes or why
//! not.

use super::{DiceFlewView, D};
use crate::tactical::dice_flew::check::check;
use crate::tactical::dice_flew::forces::die_unit;
use crate::tactical::dice_flew::state::Phase;
use crate::tactical::dice_flew::tables::{afv_mg_points, allowance, Ground, Weapon};
use crate::tactical::dice_flew::unit::{Kind, Unit, UnitId};
use crate::tactical::dice_flew::DfCommand;
use crate::tactical::table::{inches, MM_PER_INCH};

/// The toggle for the picked company, as the panel shows it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Toggle {
    /// "[Tank] ⇄ armoured cars": the kind it is now in brackets.
    pub(super) label: String,
    /// What each kind brings, and what a click does (or the engine's refusal).
    pub(super) tip: String,
    /// The command a click sends.
    pub(super) cmd: DfCommand,
    /// The engine's verdict on it.
    pub(super) verdict: Result<(), String>,
}

/// The toggle's short word for a kind: "Tank", "armoured cars", "MG", "field guns".
fn short(kind: Kind) -> &'static str {
    match kind {
        Kind::Tanks(_) => "Tank",
        Kind::MachineGuns => "MG",
        Kind::FieldGuns => "field guns",
        k => k.name(),
    }
}

fn weapon_name(w: Weapon) -> &'static str {
    match w {
        Weapon::Rifle => "rifle",
        Weapon::Smg => "SMG",
        Weapon::Lmg => "LMG",
        Weapon::Hmg => "HMG",
        Weapon::Mortar => "mortar",
        Weapon::Bazooka => "bazooka",
        Weapon::LightGun => "light gun",
        Weapon::MediumGun => "medium gun",
        Weapon::HeavyGun => "heavy gun",
    }
}

fn inch(mm: f64) -> String {
    format!("{:.0}″", mm / MM_PER_INCH)
}

/// The longest range, in whole inches, at which `points` still gives any fire.
fn reach_of(points: impl Fn(f64) -> u32) -> Option<f64> {
    (1..=72)
        .rev()
        .map(|i| inches(i as f64))
        .find(|d| points(*d) > 0)
}

/// What company `u` brings, in a line: its figures, each weapon's fire points and anti-tank
/// value with their ranges, its armour, and its moves over each ground.
pub(super) fn brings(u: &Unit) -> String {
    let mut parts = Vec::new();
    let armour = u.kind.armour();
    parts.push(match armour {
        Some(a) => {
            let (front, flank) = a.defence();
            let n = u.strength();
            let v = if n == 1 { "vehicle" } else { "vehicles" };
            format!("{n} {v}, armour {front} front / {flank} flank")
        }
        None => format!("{} figures", u.strength()),
    });
    for (w, n) in u.weapons() {
        let mut what = Vec::new();
        let soft = w.points(0.0);
        if soft > 0 {
            what.push(format!("{soft} pts to {}", inch(w.range())));
        }
        if let Some((value, range)) = w.anti_tank() {
            what.push(format!("anti-tank {value:+} to {}", inch(range)));
        }
        if !what.is_empty() {
            parts.push(format!("{n}× {}: {}", weapon_name(w), what.join(", ")));
        }
    }
    if armour.is_some() {
        if let Some(r) = reach_of(afv_mg_points) {
            parts.push(format!(
                "its machine guns {} pts to {}",
                afv_mg_points(0.0),
                inch(r)
            ));
        }
    }
    let m = u.movement();
    let grounds = [
        (Ground::Open, "open"),
        (Ground::Road, "road"),
        (Ground::Broken, "woods/houses/hills"),
        (Ground::Difficult, "swamp"),
    ];
    let goes: Vec<String> = grounds
        .iter()
        .filter_map(|(g, name)| allowance(m, *g).map(|a| format!("{} {name}", inch(a))))
        .collect();
    let never: Vec<&str> = grounds
        .iter()
        .filter(|(g, _)| allowance(m, *g).is_none())
        .map(|(_, name)| *name)
        .collect();
    let mut moves = format!("moves {}", goes.join(", "));
    if !never.is_empty() {
        moves.push_str(&format!(", never into {}", never.join(" or ")));
    }
    parts.push(moves);
    parts.join("; ")
}

/// The toggle for the company picked, when it is the acting human's, its die leaves a choice,
/// and orders are being written.
pub(super) fn toggle(view: &DiceFlewView, desk: &D) -> Option<Toggle> {
    if !matches!(desk.state().phase(), Phase::Orders(_)) {
        return None;
    }
    let u = view.own(desk).and_then(|id| desk.state().unit(id))?;
    let arm = u.die?;
    let options = u.equip_options();
    let other = *options.iter().find(|k| **k != u.kind)?;
    let label = options
        .iter()
        .map(|k| {
            if *k == u.kind {
                format!("[{}]", short(*k))
            } else {
                short(*k).to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ⇄ ");
    let cmd = DfCommand::Equip {
        unit: u.id,
        kind: other,
    };
    let verdict = check(desk.field(), desk.state(), &cmd).map_err(|e| e.to_string());
    let mut lines: Vec<String> = options
        .iter()
        .map(|k| {
            let as_k = die_unit(u.id, u.side, arm, *k, u.quality, u.at);
            format!("{}: {}.", as_k.kind.name(), brings(&as_k))
        })
        .collect();
    lines.push(match &verdict {
        Ok(()) => format!(
            "Click: equip it as {} (until your orders are done; the enemy sees it when the \
             battle starts).",
            other.name()
        ),
        Err(e) => e.clone(),
    });
    Some(Toggle {
        label,
        tip: lines.join("\n"),
        cmd,
        verdict,
    })
}

/// A click on the toggle: the command sent, the refusal shown. The company keeps the pick.
pub(super) fn flip(view: &mut DiceFlewView, desk: &mut D) -> Option<UnitId> {
    let t = toggle(view, desk)?;
    let DfCommand::Equip { unit, kind } = t.cmd else {
        return None;
    };
    if DiceFlewView::send(desk, t.cmd) {
        desk.note(format!("Equipped as {}.", kind.name()));
        view.pick = Some(unit);
    }
    Some(unit)
}
