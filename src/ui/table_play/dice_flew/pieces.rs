//! The Dice Flew's pieces: each company a round base in its side's colour with its kind's
//! letters, a pip on the rim for every figure it began with (hollow once lost), a tick the way
//! it faces, and markers for pinned, gone to ground and shaken; each HQ's command radius.

use macroquad::color::Color;
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line};

use super::super::super::style;
use super::super::super::table::{self as tdraw, ink_on, Badges, Frame, TableShot};
use super::super::super::Fonts;
use crate::tactical::dice_flew::state::DfState;
use crate::tactical::dice_flew::tables::{command_radius, Armour, Weapon};
use crate::tactical::dice_flew::telephone::wires;
use crate::tactical::dice_flew::unit::{footprint, Kind, Unit};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{inches, step, TablePoint};

/// Red for pins, amber for shaken battalions.
pub(super) const PINNED: Color = Color::new(0.80, 0.10, 0.10, 1.0);
pub(super) const SHAKEN: Color = Color::new(0.95, 0.60, 0.05, 1.0);
const WHITE: Color = Color::new(1.0, 1.0, 1.0, 1.0);
/// Artillery's colour: fire-plan zones, shell bursts, an observer's battery.
pub(super) const GUNS: Color = Color::new(0.75, 0.22, 0.05, 1.0);
/// Telephone wire.
const WIRE: Color = Color::new(0.05, 0.05, 0.05, 0.85);

/// The letters on a unit's base.
pub(super) fn letters(k: Kind) -> &'static str {
    match k {
        Kind::Rifles => "R",
        Kind::MachineGuns => "MG",
        Kind::Mortars => "M",
        Kind::AntiTank => "AT",
        Kind::Snipers => "S",
        Kind::FieldGuns => "G",
        Kind::Cavalry => "C",
        Kind::ArmouredCars => "AC",
        Kind::Tanks(Armour::Light) => "LT",
        Kind::Tanks(Armour::Medium) => "MT",
        Kind::Tanks(Armour::Heavy) => "HT",
        Kind::Hq => "HQ",
        Kind::Co => "CO",
        Kind::Observer => "FO",
        Kind::Patrol => "P",
        // Kinds the engine adds later show their name's first letter until they get their own.
        #[allow(unreachable_patterns)]
        other => initial(other.name()),
    }
}

/// The heavy weapon a rifle company carries beyond its kind's own kit, as its badge says it:
/// an HMG, an anti-tank gun (a medium gun in a foot company), bazookas. None for a company
/// whose letters already say what it has.
pub(super) fn attached(u: &Unit) -> Option<String> {
    if !matches!(u.kind, Kind::Rifles | Kind::AntiTank) {
        return None;
    }
    let has = |w: Weapon| u.kit[w.index()];
    let mut parts = Vec::new();
    if has(Weapon::Hmg) > 0 {
        parts.push("+HMG");
    }
    if has(Weapon::MediumGun) + has(Weapon::HeavyGun) + has(Weapon::LightGun) > 0 {
        parts.push("+AT gun");
    }
    if u.kind == Kind::Rifles && has(Weapon::Bazooka) > 0 {
        parts.push("+bazookas");
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

fn initial(name: &'static str) -> &'static str {
    name.get(..1).unwrap_or("?")
}

/// A base's radius on screen: its real 3″ across, never too small to read.
pub(super) fn base_radius(f: &Frame) -> f32 {
    (footprint() as f32 * f.px_per_mm).max(tdraw::token_radius(f))
}

/// Each living HQ's command radius (12″, 24″ by radio) in its side's colour, faint, cut to
/// the table.
fn draw_radii(s: &DfState, f: &Frame, colours: [Color; 2]) {
    let on = |p: TablePoint| {
        (0.0..=f64::from(f.width_mm)).contains(&p[0])
            && (0.0..=f64::from(f.depth_mm)).contains(&p[1])
    };
    for b in s.battalions() {
        let Some(hq) = s.hq(b.id) else { continue };
        let mut c = colours[b.side.index()];
        c.a = 0.45;
        let r = command_radius(hq.kind.radio());
        let n = 96;
        let pts: Vec<TablePoint> = (0..=n)
            .map(|k| step(hq.at, f64::from(k) * 360.0 / f64::from(n), r))
            .collect();
        for w in pts.windows(2) {
            if on(w[0]) && on(w[1]) {
                let (a, z) = (f.px(w[0]), f.px(w[1]));
                draw_line(a[0], a[1], z[0], z[1], 1.2, c);
            }
        }
    }
}

/// A dashed line from `a` to `z` on screen.
pub(super) fn dashed(a: [f32; 2], z: [f32; 2], dash: f32, width: f32, c: Color) {
    let len = ((z[0] - a[0]).powi(2) + (z[1] - a[1]).powi(2))
        .sqrt()
        .max(1.0);
    let n = (len / dash) as usize;
    for k in (0..n).step_by(2) {
        let t0 = k as f32 / n as f32;
        let t1 = ((k + 1) as f32 / n as f32).min(1.0);
        draw_line(
            a[0] + (z[0] - a[0]) * t0,
            a[1] + (z[1] - a[1]) * t0,
            a[0] + (z[0] - a[0]) * t1,
            a[1] + (z[1] - a[1]) * t1,
            width,
            c,
        );
    }
}

/// The links every player sees on the table: a telephone line from each CO to the units on
/// it (thin black, as laid wire), and each patrol's tie to its company — solid while it is
/// within half a move and part of it, dashed once it is a company of its own.
fn draw_links(s: &DfState, f: &Frame, colours: [Color; 2]) {
    for side in [Side::Attacker, Side::Defender] {
        for (_, a, b) in wires(s, side) {
            dashed(f.px(a), f.px(b), 4.0, 1.4, WIRE);
        }
    }
    for p in s.units().iter().filter(|u| u.alive()) {
        let Some(c) = p.parent.and_then(|c| s.unit(c)).filter(|c| c.alive()) else {
            continue;
        };
        let (a, z) = (f.px(p.at), f.px(c.at));
        let mut ink = colours[p.side.index()];
        ink.a = 0.9;
        if s.with_company(p.id) == Some(true) {
            draw_line(a[0], a[1], z[0], z[1], 3.0, ink);
        } else {
            dashed(a, z, 8.0, 3.0, ink);
        }
    }
}

/// Every unit: the lost ones as crosses, the living as bases with their figures and markers.
pub(super) fn draw_forces(
    s: &DfState,
    f: &Frame,
    fonts: &Fonts,
    colours: [Color; 2],
    badges: &mut Badges,
) {
    draw_radii(s, f, colours);
    draw_links(s, f, colours);
    let r = base_radius(f);
    // A patrol taken back into its company keeps its id with no men (and no start strength):
    // it is not a loss, and gets no cross.
    for u in s.units().iter().filter(|u| !u.alive() && u.start > 0) {
        let p = f.px(u.at);
        let c = colours[u.side.index()];
        let k = r * 0.5;
        draw_line(p[0] - k, p[1] - k, p[0] + k, p[1] + k, 2.5, c);
        draw_line(p[0] - k, p[1] + k, p[0] + k, p[1] - k, 2.5, c);
    }
    for u in s.units().iter().filter(|u| u.alive()) {
        draw_unit(s, u, f, fonts, colours[u.side.index()], r);
        let p = f.px(u.at);
        badges.token(p, r);
        if u.pinned {
            badges.label(p, r, "pinned", PINNED, WHITE);
        } else if u.to_ground {
            badges.label(p, r, "down", style::INK, WHITE);
        }
        let shaken = u
            .battalion
            .and_then(|b| s.battalion(b))
            .is_some_and(|b| b.shaken && b.hq == u.id);
        if shaken {
            badges.label(p, r, "shaken", SHAKEN, style::INK);
        }
        // An observer names the battery he calls.
        if let Some(b) = s.batteries().iter().find(|b| b.observer == Some(u.id)) {
            badges.label(p, r, format!("bty {}", b.id.0 + 1), GUNS, WHITE);
        }
        // A company carrying a heavy weapon the letters do not say: the attack's HMG, a
        // garrison's dug-in anti-tank gun, bazookas (a player must see what will shoot back).
        if let Some(w) = attached(u) {
            badges.label(p, r, w, style::INK, WHITE);
        }
        // Guns that bombarded may not shoot until their side's next part.
        if s.has_bombarded(u.id) {
            badges.label(p, r, "bombarded", GUNS, WHITE);
        }
    }
}

fn draw_unit(s: &DfState, u: &Unit, f: &Frame, fonts: &Fonts, c: Color, r: f32) {
    let p = f.px(u.at);
    // The facing: a tick out of the front of the base.
    let tip = f.px(step(u.at, u.facing.0, footprint() + inches(0.8)));
    draw_line(p[0], p[1], tip[0], tip[1], 3.0, style::INK);
    let shaken = u
        .battalion
        .and_then(|b| s.battalion(b))
        .is_some_and(|b| b.shaken);
    draw_circle(p[0], p[1], r, if shaken { SHAKEN } else { style::INK });
    draw_circle(p[0], p[1], r - 2.0, c);
    let ink = ink_on(c);
    // One pip a figure on the rim: full while he stands, hollow once lost.
    let n = u.start.max(1) as usize;
    let alive = u.strength() as usize;
    let pr = (r * 0.11).clamp(1.3, 3.0);
    for k in 0..n {
        let a = (k as f32 / n as f32) * std::f32::consts::TAU;
        let (x, y) = (
            p[0] + (r - 2.0 - pr * 1.6) * a.sin(),
            p[1] - (r - 2.0 - pr * 1.6) * a.cos(),
        );
        if k < alive {
            draw_circle(x, y, pr, ink);
        } else {
            draw_circle_lines(x, y, pr, 1.0, ink);
        }
    }
    let l = letters(u.kind);
    let size = (r * if l.len() > 1 { 0.8 } else { 1.0 }).clamp(10.0, 22.0) as u16;
    tdraw::centred(fonts, l, p, size, ink);
    if u.pinned {
        draw_circle_lines(p[0], p[1], r + 3.0, 2.5, PINNED);
    }
}

/// The still's words.
pub(super) fn shot() -> TableShot {
    TableShot {
        ruleset_line: "The Dice Flew · 72″ × 72″ table · 1″ = 25 m".into(),
        key_line: "R rifles · MG machine guns · M mortars · AT anti-tank\n\
                   S snipers · G guns · C cavalry · AC armoured cars\n\
                   LT/MT/HT tanks · HQ (ring: command radius) · CO\n\
                   FO observer (bty: its battery) · P patrol (line: its company)\n\
                   +HMG / +AT gun / +bazookas: heavy weapons a company carries\n\
                   dashed black: telephone line · pips: figures, hollow once lost\n\
                   black ring: objective's 6″ · red: shells this turn"
            .into(),
        scale_bar: Some((inches(12.0), "12″ (infantry move, 300 m)".into())),
        ..TableShot::default()
    }
}
