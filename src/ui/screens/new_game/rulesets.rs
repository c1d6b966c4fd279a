//! Table battles: which rulesets the attacker may offer, whether the defender may refuse, and
//! the rulesets' optional rules.

use super::options::{ROW, ROW_H};
use crate::rules::{BattleOptions, RulesetSet};
use crate::ui::widgets::{Ui, INK};

/// Every ruleset the game knows, enabled.
pub(super) fn every_ruleset() -> RulesetSet {
    crate::tactical::registry::all()
        .iter()
        .filter_map(|r| crate::rules::RulesetId::new(r.id()).ok())
        .fold(RulesetSet::NONE, |set, id| set.with(id, true))
}

/// Table battles: one switch per ruleset in the registry, two to a row, and whether the
/// defender may refuse an offer; from `[x, y, width]`. Returns the y below.
pub(super) fn battle_options(ui: &mut Ui, b: &mut BattleOptions, at: [f32; 3]) -> f32 {
    let [x, mut y, width] = at;
    let off = b.rulesets.is_empty();
    ui.text(
        if off {
            "Table battles: off (the dice decide every fight)"
        } else {
            "Table battles the attacker may offer:"
        },
        x,
        y + 18.0,
        15,
        INK,
    );
    y += 28.0;
    let rulesets: Vec<crate::rules::RulesetId> = crate::tactical::registry::all()
        .iter()
        .filter_map(|r| crate::rules::RulesetId::new(r.id()).ok())
        .collect();
    let gap = 6.0;
    let w = (width - gap) / 2.0;
    for (k, id) in rulesets.iter().enumerate() {
        let on = b.rulesets.contains(*id);
        let label = format!("{}: {}", id.title(), if on { "on" } else { "off" });
        let r = [x + (k % 2) as f32 * (w + gap), y, w, ROW_H];
        if ui.button(&label, r, true) {
            b.rulesets = b.rulesets.with(*id, !on);
        }
        if k % 2 == 1 || k + 1 == rulesets.len() {
            y += ROW;
        }
    }
    let refuse = if b.defender_may_refuse {
        "Defender may refuse a table battle: yes"
    } else {
        "Defender may refuse a table battle: no"
    };
    // With no ruleset on there is nothing to refuse: the switch waits, greyed.
    if ui.button(refuse, [x, y, width, ROW_H], !off) {
        b.defender_may_refuse = !b.defender_may_refuse;
    }
    if b.rulesets.is_empty() {
        // No battles, nothing to refuse: the setup reads as the paper game's.
        b.defender_may_refuse = false;
        b.rules = crate::tactical::RuleOptions::DEFAULTS;
    }
    y + ROW + rule_options(ui, b, [x, y + ROW, width], !off)
}

/// The rulesets' optional rules, three switches to a row, shared by name (a game that turns
/// `rout` off turns it off in every ruleset that has it); from `[x, y, width]`. Returns the
/// height used.
fn rule_options(ui: &mut Ui, b: &mut BattleOptions, at: [f32; 3], live: bool) -> f32 {
    let [x, y0, width] = at;
    let every = crate::tactical::options::every();
    let gap = 6.0;
    let mut y = y0;
    for (k, o) in every.iter().enumerate() {
        let on = b.rules.on(o);
        let label = format!("{}: {}", o.title, if on { "on" } else { "off" });
        // A short last row shares the whole width, so longer titles fit.
        let in_row = (every.len() - k / 3 * 3).min(3);
        let w = (width - (in_row - 1) as f32 * gap) / in_row as f32;
        let r = [x + (k % 3) as f32 * (w + gap), y, w, 30.0];
        if ui.button(&label, r, live) {
            // Back at its default a switch is left unsaid, so the setup reads as the ruleset's.
            b.rules = if on != o.default {
                b.rules.without(o.name)
            } else {
                b.rules.with(o.name, !on).unwrap_or(b.rules)
            };
        }
        if k % 3 == 2 || k + 1 == every.len() {
            y += 34.0;
        }
    }
    y - y0
}
