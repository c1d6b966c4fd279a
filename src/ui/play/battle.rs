//! Choosing how a fight is decided (RULINGS §9) and fighting it on the table.
//!
//! When the game enables table battles and an attack is over a defended settlement, clicking the
//! target opens a choice: roll the OMMS dice (exact odds), auto-resolve the battle on the real
//! terrain (odds from 200 simulated battles, worked out in the background while the choice is
//! open), or fight it on the table. The engine decides everything else: whether the offer is
//! legal, whether the defender takes it up, the battle's seed and forces, and the result of the
//! log the table screen reports.

use std::sync::mpsc::{channel, Receiver};

use super::{Play, Seat};
use crate::rules::{
    odds, strongest, Attack, BattleLog, BattleMode, BattleOffer, Command, Dice, FinishBattle, Odds,
    Pending, RulesetId, Target, UnitId,
};
use crate::tactical::Battlefield;
use crate::tactical::{AutoOdds, BotLevel};
use crate::ui::text::{target_name, unit_name};
use crate::ui::widgets::{Ui, FADED, INK};

/// Battles simulated for the auto-resolve odds.
pub const PREVIEW_BATTLES: u32 = 200;

/// The choice on screen.
pub(super) struct Choice {
    unit: UnitId,
    target: Target,
    title: String,
    dice: Odds,
    dice_text: String,
    rulesets: Vec<Preview>,
    refusable: Option<String>,
}

/// One ruleset's offer, with its auto-resolve odds once simulated.
struct Preview {
    ruleset: RulesetId,
    odds: Option<AutoOdds>,
    pending: Option<Receiver<AutoOdds>>,
    /// The ruleset's own reason its table may not go as the dice do.
    note: Option<String>,
}

fn percent(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

/// A ruleset's auto-resolve odds for the attacker: a share of simulated battles, or — for a
/// ruleset that rolls no dice — the one result there can be.
fn auto_line(o: &AutoOdds) -> String {
    if o.certain {
        let result = if o.attacker_wins == 1.0 {
            "you win"
        } else if o.defender_wins == 1.0 {
            "you lose"
        } else {
            "a stand-off"
        };
        return format!("Auto-resolved without dice, certain: {result}.");
    }
    format!(
        "Auto-resolved, {} battles: win {} · lose {} · stand-off {}",
        o.battles,
        percent(o.attacker_wins),
        percent(o.defender_wins),
        percent(o.standoff)
    )
}

/// The height of a ruleset's two buttons in the choice.
const BUTTONS_H: f32 = 62.0;

/// How a ruleset's auto-resolve odds compare with the dice, with the ruleset's own reason
/// when they are worse (the screen only prints it).
fn verdict(o: &AutoOdds, dice: &Odds, note: &Option<String>) -> String {
    let d = dice.p_attacker();
    if o.attacker_wins > d + 0.05 {
        "Better for you than the dice.".to_string()
    } else if o.attacker_wins + 0.05 < d {
        match note {
            Some(n) => format!("Worse for you than the dice: {n}"),
            None => "Worse for you than the dice.".to_string(),
        }
    } else {
        "About as good as the dice.".to_string()
    }
}

impl Play {
    /// Open the choice for an attack of `unit` on `target` if a table battle may be offered for
    /// it; `false` when only the dice can decide it.
    pub(super) fn open_battle_choice(&mut self, unit: UnitId, target: Target) -> bool {
        let state = self.game.state();
        let offers: Vec<RulesetId> = state
            .options()
            .battles
            .rulesets
            .iter()
            .filter(|r| {
                let cmd = Command::Attack(Attack {
                    unit,
                    target,
                    battle: Some(BattleOffer {
                        ruleset: *r,
                        mode: BattleMode::Auto,
                    }),
                });
                crate::rules::check(state, &self.rules_board, &cmd).is_ok()
            })
            .collect();
        if offers.is_empty() {
            return false;
        }
        let stack = match target {
            Target::Unit(t) => state.stack_of(t),
            Target::Settlement(s) => state.defenders(s),
        };
        let Some(defender) = strongest(state, &self.rules_board, &stack).first().copied() else {
            return false;
        };
        let forces = crate::rules::battle::fight_dice(state, &self.rules_board, unit, defender);
        let dice = odds(
            Dice(forces.attacker.unit_dice),
            Dice(forces.defender.unit_dice + forces.defender.settlement_dice),
        );
        let at = match state.unit(defender).map(|u| u.at()) {
            Some(crate::rules::Location::Settlement(s)) => s,
            _ => return false,
        };
        let mut rulesets = Vec::new();
        for ruleset in offers {
            let Ok(field) = self.rules_board.battlefield(state, at, Some(unit), ruleset) else {
                continue;
            };
            let Ok(rules) = ruleset.rules() else {
                continue;
            };
            let note = rules.table_note(&field, &forces.forces_in(state));
            let (tx, rx) = channel();
            // A preview only: any fixed seed will do, and the game's own stream stays untouched.
            let seed = self.game.seed() ^ (self.game.commands().len() as u64) << 20;
            let forces = forces.forces_in(state);
            std::thread::spawn(move || {
                let bots = [BotLevel::Captain; 2];
                let _ = tx.send(rules.odds(&field, &forces, seed, PREVIEW_BATTLES, bots));
            });
            rulesets.push(Preview {
                ruleset,
                odds: None,
                pending: Some(rx),
                note,
            });
        }
        let def_owner = state.unit(defender).map(|u| u.owner());
        let refusable = (state.options().battles.defender_may_refuse)
            .then(|| def_owner.map(|p| state.player(p).name().to_string()))
            .flatten()
            .map(|name| format!("{name} may refuse a table battle; then the dice decide."));
        self.battle_choice = Some(Choice {
            unit,
            target,
            title: format!(
                "{} attacks {}",
                unit_name(state, unit),
                target_name(state, target)
            ),
            dice,
            dice_text: format!(
                "{} against {}: win {} · lose {} · stand-off {}",
                crate::ui::widgets::count(usize::from(forces.attacker.unit_dice), "die", "dice"),
                crate::ui::widgets::count(
                    usize::from(forces.defender.unit_dice + forces.defender.settlement_dice),
                    "die",
                    "dice"
                ),
                percent(dice.p_attacker()),
                percent(dice.p_defender()),
                percent(dice.p_standoff())
            ),
            rulesets,
            refusable,
        });
        true
    }

    /// Draw the choice over the board and act on it. Returns whether it is still open.
    pub(super) fn battle_choice_frame(&mut self, ui: &mut Ui) -> bool {
        let Some(choice) = self.battle_choice.as_mut() else {
            return false;
        };
        for p in &mut choice.rulesets {
            if let Some(rx) = &p.pending {
                if let Ok(o) = rx.try_recv() {
                    p.odds = Some(o);
                    p.pending = None;
                }
            }
        }
        // Each ruleset's lines first, so the box can be measured: it must fit a laptop's
        // window at a larger UI scale (620 units high) with every ruleset on.
        let lines: Vec<(String, Option<String>)> = choice
            .rulesets
            .iter()
            .map(|p| {
                let line = match &p.odds {
                    Some(o) => auto_line(o),
                    None => format!("Simulating {PREVIEW_BATTLES} battles for the odds…"),
                };
                (
                    line,
                    p.odds.as_ref().map(|o| verdict(o, &choice.dice, &p.note)),
                )
            })
            .collect();
        let [sw, sh] = ui.size();
        let w = 760.0;
        let text_w = w - 250.0;
        let block = |ui: &Ui, line: &str, better: &Option<String>| {
            let text = 24.0
                + ui.wrap(line, 14, text_w).len() as f32 * Ui::line_h(14)
                + better.as_ref().map_or(0.0, |b| {
                    4.0 + ui.wrap(b, 13, text_w).len() as f32 * Ui::line_h(13)
                });
            text.max(BUTTONS_H) + 12.0
        };
        let body: f32 = lines.iter().map(|(l, b)| block(ui, l, b)).sum();
        let h = 76.0
            + 70.0
            + body
            + if choice.refusable.is_some() {
                24.0
            } else {
                0.0
            }
            + 48.0;
        let (x, y0) = ((sw - w) / 2.0, ((sh - h) / 2.0).max(0.0));
        // Opaque: the board's labels must not show through the odds.
        macroquad::shapes::draw_rectangle(x, y0, w, h, macroquad::color::WHITE);
        ui.panel([x, y0, w, h]);
        ui.title(&choice.title, x + 20.0, y0 + 32.0, 20, INK);
        ui.text("How is the fight decided?", x + 20.0, y0 + 56.0, 15, FADED);
        let (bx, bw) = (x + w - 220.0, 200.0);
        let mut y = y0 + 76.0;
        let mut picked: Option<Option<BattleOffer>> = None;
        ui.text("The OMMS dice", x + 20.0, y + 16.0, 16, INK);
        ui.paragraph(&choice.dice_text, x + 20.0, y + 38.0, 14, text_w);
        if ui.button("Roll the dice", [bx, y, bw, 28.0], true) {
            picked = Some(None);
        }
        y += 70.0;
        for (p, (line, better)) in choice.rulesets.iter().zip(&lines) {
            let name = p.ruleset.title();
            ui.text(
                &format!("A battle on the real terrain ({name})"),
                x + 20.0,
                y + 16.0,
                16,
                INK,
            );
            let ly = ui.paragraph(line, x + 20.0, y + 38.0, 14, text_w);
            if let Some(b) = better {
                ui.paragraph_in(b, x + 20.0, ly + 4.0, 13, text_w, FADED);
            }
            // Named by ruleset for scripts, which a row of same-labelled buttons would defeat.
            let auto = format!("Auto-resolve ({name})");
            if ui.button_named(&auto, "Auto-resolve", [bx, y, bw, 28.0], true, None) {
                picked = Some(Some(BattleOffer {
                    ruleset: p.ruleset,
                    mode: BattleMode::Auto,
                }));
            }
            let table = format!("Fight on the table ({name})");
            let r = [bx, y + 34.0, bw, 28.0];
            if ui.button_named(&table, "Fight on the table", r, true, None) {
                picked = Some(Some(BattleOffer {
                    ruleset: p.ruleset,
                    mode: BattleMode::Table,
                }));
            }
            y += block(ui, line, better);
        }
        if let Some(r) = &choice.refusable {
            ui.text_fit(r, x + 20.0, y + 14.0, 14, FADED, w - 40.0);
        }
        if ui.button("Cancel", [x + w - 120.0, y0 + h - 44.0, 100.0, 28.0], true) {
            self.battle_choice = None;
            return false;
        }
        if let Some(battle) = picked {
            let (unit, target) = (choice.unit, choice.target);
            self.battle_choice = None;
            self.submit(Command::Attack(Attack {
                unit,
                target,
                battle,
            }));
            return false;
        }
        true
    }

    /// While a battle agreed on the table is owed by a person, the table screen takes over; its
    /// finished log is reported to the engine. Returns whether the table is on screen.
    pub(super) fn table_frame(&mut self, ui: &mut Ui) -> bool {
        let state = self.game.state();
        let Some(Pending::Battle { request, .. }) = state.pending().first().cloned() else {
            self.table = None;
            return false;
        };
        if self.seats[state.actor().index()] != Seat::Human {
            return false;
        }
        if self.table.is_none() {
            let at = match state.unit(request.defender).map(|u| u.at()) {
                Some(crate::rules::Location::Settlement(s)) => s,
                _ => return false,
            };
            let field = match self.rules_board.battlefield(
                state,
                at,
                Some(request.attacker),
                request.ruleset,
            ) {
                Ok(f) => f,
                Err(e) => {
                    self.refuse(e.to_string());
                    return false;
                }
            };
            let owner = |u: UnitId| state.unit(u).map(|u| u.owner());
            let (Some(a), Some(d)) = (owner(request.attacker), owner(request.defender)) else {
                return false;
            };
            let human = [
                self.seats[a.index()] == Seat::Human,
                self.seats[d.index()] == Seat::Human,
            ];
            let names = [
                state.player(a).name().to_string(),
                state.player(d).name().to_string(),
            ];
            let colours = [
                crate::ui::widgets::colour_of(state.player(a).colour()),
                crate::ui::widgets::colour_of(state.player(d).colour()),
            ];
            let forces = request.forces.forces_in(state);
            let options = forces.options;
            let fresh = |field: Battlefield| {
                let mut t = crate::ui::table_play::open(
                    request.ruleset,
                    field,
                    forces.clone(),
                    request.seed,
                    human,
                    names.clone(),
                )?;
                t.set_colours(colours);
                t.set_done_label("Back to the map");
                Ok::<_, String>(t)
            };
            let opened = fresh(field.clone()).and_then(|mut table| {
                if let Some(commands) = self.resume_table.take() {
                    let log = BattleLog {
                        ruleset: request.ruleset,
                        commands,
                        options,
                    };
                    if let Err(e) = table.resume(&log) {
                        self.refuse(format!(
                            "The saved battle could not be resumed ({e}); it starts again."
                        ));
                        return fresh(field);
                    }
                }
                Ok(table)
            });
            let table = match opened {
                Ok(t) => t,
                Err(e) => {
                    self.refuse(e);
                    return false;
                }
            };
            self.table = Some(table);
        }
        let done = self.table.as_mut().and_then(|t| t.frame(ui));
        if let Some(done) = done {
            self.table = None;
            self.submit(Command::FinishBattle(FinishBattle { log: done.log }));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::auto_line;
    use crate::tactical::{AutoOdds, BattleOutcome};

    #[test]
    fn a_ruleset_without_dice_shows_its_result_as_certain_and_one_with_dice_its_odds() {
        let certain = |o| auto_line(&AutoOdds::from_outcomes(&[o], true));
        assert_eq!(
            certain(BattleOutcome::AttackerWins),
            "Auto-resolved without dice, certain: you win."
        );
        assert!(certain(BattleOutcome::DefenderWins).ends_with("certain: you lose."));
        assert!(certain(BattleOutcome::StandOff).ends_with("certain: a stand-off."));
        let dice = AutoOdds::from_outcomes(
            &[
                BattleOutcome::AttackerWins,
                BattleOutcome::AttackerWins,
                BattleOutcome::DefenderWins,
                BattleOutcome::StandOff,
            ],
            false,
        );
        assert_eq!(
            auto_line(&dice),
            "Auto-resolved, 4 battles: win 50% · lose 25% · stand-off 25%"
        );
    }
}
