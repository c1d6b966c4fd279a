//! The options column: the paper game's rules (draw, tanks, victory, scale, safe bases,
//! seafaring) around the table battles' switches.

use super::rulesets::battle_options;
use super::Setup;
use crate::rules::{DrawRule, MapBoard, Victory};
use crate::ui::widgets::{Ui, INK};

/// Width of the options column.
pub(super) const OPTIONS_W: f32 = 380.0;
/// The options column's row pitch and switch height.
pub(super) const ROW: f32 = 36.0;
pub(super) const ROW_H: f32 = 32.0;

/// The options column at `ox`, from its title down.
pub(super) fn options_column(ui: &mut Ui, s: &mut Setup, ox: f32) {
    let ow = OPTIONS_W;
    ui.title("Options", ox, 100.0, 20, INK);
    let draw = match s.options.draw {
        DrawRule::RollDie => "Draw: roll a die, draw that many",
        DrawRule::OneCard => "Draw: one card",
    };
    // Rows of ROW: the column must hold every switch above the Start button at 1366×768 with
    // the interface scaled up (tests/ui_following.rs).
    let mut y = 115.0;
    if ui.button(draw, [ox, y, ow, ROW_H], true) {
        s.options.draw = match s.options.draw {
            DrawRule::RollDie => DrawRule::OneCard,
            DrawRule::OneCard => DrawRule::RollDie,
        };
    }
    if ui.button(
        if s.options.tanks {
            "Tanks: on (Ace → Tank in base)"
        } else {
            "Tanks: off"
        },
        [ox, y + ROW, ow, ROW_H],
        true,
    ) {
        s.options.tanks = !s.options.tanks;
    }
    y += 2.0 * ROW;
    let vic = match s.options.victory {
        Victory::LastStanding => "Victory: last player standing".to_string(),
        Victory::SettlementPoints(n) => format!("Victory: first to {n} settlement points"),
        Victory::CapturedBases(n) => format!(
            "Victory: first to capture {}",
            crate::ui::widgets::count(n as usize, "base", "bases")
        ),
    };
    if ui.button(&vic, [ox, y, ow, ROW_H], true) {
        s.options.victory = match s.options.victory {
            Victory::LastStanding => Victory::SettlementPoints(10),
            Victory::SettlementPoints(_) => Victory::CapturedBases(1),
            Victory::CapturedBases(_) => Victory::LastStanding,
        };
    }
    const SCALES: [u32; 7] = [10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000];
    let scale_label = match s.scale {
        None => "Scale: the map's own".to_string(),
        Some(n) => format!("Scale: 1:{n}"),
    };
    if ui.button(&scale_label, [ox, y + ROW, ow, ROW_H], true) {
        s.scale = match s.scale {
            None => Some(SCALES[0]),
            Some(n) => SCALES
                .iter()
                .position(|x| *x == n)
                .and_then(|i| SCALES.get(i + 1))
                .copied(),
        };
    }
    let y = battle_options(ui, &mut s.options.battles, [ox, y + 2.0 * ROW, ow]);
    if ui.button(
        if s.options.safe_bases {
            "Safe bases: on (no base in first-turn reach)"
        } else {
            "Safe bases: off (bases a 10p coin apart)"
        },
        [ox, y, ow, ROW_H],
        true,
    ) {
        s.options.safe_bases = !s.options.safe_bases;
    }
    seafaring_switch(ui, s, [ox, y + ROW, ow]);
}

/// Whether the chosen map has ports, so that seafaring can be offered: the rules' own answer
/// ([`MapBoard::has_ports`]), worked out once per map.
fn has_ports(s: &mut Setup) -> bool {
    if let Some((m, p)) = s.ports {
        if m == s.map {
            return p;
        }
    }
    let p = s
        .maps
        .get(s.map)
        .and_then(|m| {
            crate::ui::map_cache::game_map(&m.dir)
                .ok()
                .map(|g| (g, m.scale))
        })
        .is_some_and(|(g, scale)| MapBoard::new(g, scale).has_ports());
    s.ports = Some((s.map, p));
    p
}

/// The seafaring switch, offered only on a map with ports; on any other map it is greyed, off,
/// with the reason on it (a line of its own would push the options column off a laptop's
/// screen). Returns the y below.
fn seafaring_switch(ui: &mut Ui, s: &mut Setup, at: [f32; 3]) -> f32 {
    let [x, y, w] = at;
    let ports = has_ports(s);
    if !ports {
        s.options.seafaring = false;
    }
    let label = match (ports, s.options.seafaring) {
        (false, _) => "Seafaring: off (no ports on this map)",
        (true, true) => "Seafaring: on (Ships at ports)",
        (true, false) => "Seafaring: off",
    };
    let tip = (!ports).then_some("Seafaring needs sea by a settlement.");
    if ui.button_tip(label, [x, y, w, ROW_H], ports, tip) {
        s.options.seafaring = !s.options.seafaring;
    }
    y + ROW
}
