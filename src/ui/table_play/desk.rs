//! The battle behind the table screen, whatever its ruleset: the engine's position, the commands
//! so far, who plays each side, and what the screen has to show of it (the log, the dice on the
//! table, the latest refusal). Every change goes through [`Desk::submit`], the ruleset's own
//! `execute`; the view phrases the events it returns.

use macroquad::color::Color;
use rand_chacha::ChaCha8Rng;

use super::super::table as tdraw;
use super::super::widgets::INK;
use super::view::{CommandOf, Note, RefusalOf, Roll, RulesetView, StateOf};
use crate::tactical::drive::bot_rng;
use crate::tactical::ruleset::{BattleOutcome, BotLevel, Ruleset, Side, Summary};
use crate::tactical::{BattleLog, Battlefield, Forces};

/// Seconds a die stays on the table.
const DICE_SHOW_S: f32 = 2.5;

/// One line of the log.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct LogLine {
    pub(super) text: String,
    pub(super) colour: Color,
    pub(super) heading: bool,
}

/// A die on show.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct DieShown {
    pub(super) roll: Roll,
    /// Seconds left on the table.
    pub(super) ttl: f32,
}

/// A battle on the table screen under the ruleset of view `V`.
pub struct Desk<V: RulesetView> {
    pub(super) rules: V::Rules,
    pub(super) field: Battlefield,
    pub(super) state: StateOf<V>,
    /// Which sides a person plays, `[attacker, defender]`.
    pub(super) human: [bool; 2],
    /// The sides' names, `[attacker, defender]`.
    pub(super) names: [String; 2],
    /// Token colours, `[attacker, defender]`.
    pub(super) colours: [Color; 2],
    pub(super) commands: Vec<CommandOf<V>>,
    /// What the events left on the table.
    pub(super) marks: V::Marks,
    /// The bots' own stream, as `tactical::drive::play` derives it.
    bot_rng: ChaCha8Rng,
    /// A refusal (true) or a note (false) for the player.
    pub(super) message: Option<(String, bool)>,
    pub(super) log: Vec<LogLine>,
    /// Lines scrolled back from the newest.
    pub(super) log_back: usize,
    pub(super) dice: Vec<DieShown>,
    /// The dice of the latest command that rolled any, for the panel.
    pub(super) last_dice: Vec<Roll>,
    /// Bumped by every executed command: caches keyed on it go stale together.
    pub(super) version: u64,
    /// The bot plays faster, and dice leave the table sooner.
    pub(super) fast: bool,
    /// The optional rules the battle is fought under, for its log.
    pub(super) options: crate::tactical::RuleOptions,
}

impl<V: RulesetView> Desk<V> {
    /// A battle on `field` between `forces`, deployed by the ruleset from `seed`.
    pub(super) fn new(
        field: Battlefield,
        forces: &Forces,
        seed: u64,
        human: [bool; 2],
        names: [String; 2],
    ) -> Desk<V> {
        let rules = V::Rules::default();
        let state = rules.setup(&field, forces, seed);
        let mut desk = Desk {
            rules,
            field,
            state,
            human,
            names,
            colours: [tdraw::ATTACKER, tdraw::DEFENDER],
            commands: Vec::new(),
            marks: V::Marks::default(),
            bot_rng: bot_rng(seed),
            message: None,
            log: Vec::new(),
            log_back: 0,
            dice: Vec::new(),
            last_dice: Vec::new(),
            version: 0,
            fast: false,
            options: forces.options,
        };
        let first = V::opening(&desk);
        desk.push_log(first, INK, true);
        desk
    }

    /// The battle as it stands.
    pub fn state(&self) -> &StateOf<V> {
        &self.state
    }

    /// The table.
    pub fn field(&self) -> &Battlefield {
        &self.field
    }

    /// The ruleset.
    pub fn rules(&self) -> &V::Rules {
        &self.rules
    }

    /// The sides' names, `[attacker, defender]`.
    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// Every command executed so far, in order.
    pub fn commands(&self) -> &[CommandOf<V>] {
        &self.commands
    }

    /// What the events left on the table.
    pub fn marks(&self) -> &V::Marks {
        &self.marks
    }

    /// Bumped by every command: a view's caches keyed on it go stale together.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The log as the strategic game keeps it.
    pub fn log(&self) -> BattleLog {
        BattleLog::of(&self.rules, &self.commands).under(self.options)
    }

    /// The side the battle waits for.
    pub fn actor(&self) -> Option<Side> {
        self.rules.actor(&self.state)
    }

    /// The side whose orders the screen takes from the mouse now.
    pub fn human_actor(&self) -> Option<Side> {
        self.actor().filter(|s| self.human[s.index()])
    }

    /// Whether a person plays `side`.
    pub fn is_human(&self, side: Side) -> bool {
        self.human[side.index()]
    }

    /// How it ended, once over.
    pub fn outcome(&self) -> Option<BattleOutcome> {
        self.rules.outcome(&self.state)
    }

    /// Turns and losses.
    pub fn summary(&self) -> Summary {
        self.rules.summary(&self.state)
    }

    /// A side's colour on the table.
    pub fn colour(&self, side: Side) -> Color {
        self.colours[side.index()]
    }

    /// A side's colour as text on the panel's paper: light seat colours (yellow) turn to ink.
    pub fn ink(&self, side: Side) -> Color {
        on_paper(self.colour(side))
    }

    /// The battle's name for a side: the player's name and the role, "Red (attacker)".
    pub fn side_name(&self, side: Side) -> String {
        side_name(&self.names, side)
    }

    /// Show a refusal.
    pub fn refuse(&mut self, why: impl std::fmt::Display) {
        self.message = Some((why.to_string(), true));
    }

    /// Show a note.
    pub fn note(&mut self, s: impl Into<String>) {
        self.message = Some((s.into(), false));
    }

    /// Say nothing (the hint shows).
    pub fn clear_message(&mut self) {
        self.message = None;
    }

    /// Execute a command through the ruleset: on success it joins the log of commands and its
    /// events are shown; a refused command changes nothing.
    pub fn submit(&mut self, cmd: CommandOf<V>) -> Result<(), RefusalOf<V>> {
        let events = self.rules.execute(&self.field, &mut self.state, &cmd)?;
        self.commands.push(cmd);
        self.version += 1;
        let ttl = if self.fast {
            DICE_SHOW_S / 3.0
        } else {
            DICE_SHOW_S
        };
        let mut rolled = Vec::new();
        for e in &events {
            V::mark(&mut self.marks, e);
            let note: Note = V::note(self, e);
            if let Some(text) = note.line {
                let colour = note.by.map_or(INK, |s| self.ink(s));
                self.push_log(text, colour, note.heading);
            }
            rolled.extend(note.rolls);
        }
        if !rolled.is_empty() {
            self.dice.extend(rolled.iter().map(|roll| DieShown {
                roll: roll.clone(),
                ttl,
            }));
            self.last_dice = rolled;
        }
        Ok(())
    }

    /// The bot's next command for the side to act, executed. `false` when there is none (the
    /// battle is over) or the engine refused it.
    pub(super) fn bot_step(&mut self, level: BotLevel) -> bool {
        // The same bot as auto-resolve (the generic planner), so a watched battle is the auto one.
        let Some(cmd) = crate::tactical::bot::choose(
            &self.rules,
            level,
            &self.field,
            &self.state,
            &mut self.bot_rng,
        ) else {
            return false;
        };
        // The bot only offers commands its engine takes; one refused would stop the battle,
        // so say so rather than loop.
        match self.submit(cmd) {
            Ok(()) => true,
            Err(e) => {
                self.refuse(format!("The AI's order was refused: {e}"));
                false
            }
        }
    }

    /// Let time pass for the dice on the table.
    pub(super) fn age_dice(&mut self, dt: f32) {
        for d in &mut self.dice {
            d.ttl -= dt;
        }
        self.dice.retain(|d| d.ttl > 0.0);
    }

    pub(super) fn push_log(&mut self, text: String, colour: Color, heading: bool) {
        self.log.push(LogLine {
            text,
            colour,
            heading,
        });
        if self.log_back > 0 {
            // Keep the lines being read where they are.
            self.log_back += 1;
        }
    }
}

/// The battle's name for a side: the player's name and the role, "Red (attacker)".
pub fn side_name(names: &[String; 2], side: Side) -> String {
    let role = match side {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    };
    format!("{} ({role})", names[side.index()])
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

/// A colour as text on the panel's paper: light seat colours (yellow) turn to ink.
pub fn on_paper(c: Color) -> Color {
    if tdraw::is_light(c) {
        INK
    } else {
        c
    }
}
