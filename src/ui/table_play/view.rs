//! What a ruleset brings to the table screen: its tokens, what clicks on the table mean, its
//! overlays, its words for events, its part of the panel. The host ([`super::Host`]) keeps
//! everything else — layout, terrain, the log, the dice, the bot's clock, Done and Save, the
//! script hooks — the same for every ruleset.
//!
//! A view never decides a rule: it asks its engine (a move's check, a shot's odds) and phrases
//! the answer; commands go through [`Desk::submit`], which is the engine's `execute`.

use macroquad::color::Color;

use super::super::table::{Badges, Frame, TableShot};
use super::super::widgets::Ui;
use super::super::Fonts;
use super::Desk;
use crate::tactical::ruleset::{Ruleset, Side};
use crate::tactical::table::TablePoint;
use crate::tactical::{Battlefield, Template};

/// A view's battle state.
pub type StateOf<V> = <<V as RulesetView>::Rules as Ruleset>::State;
/// A view's commands.
pub type CommandOf<V> = <<V as RulesetView>::Rules as Ruleset>::Command;
/// A view's events.
pub type EventOf<V> = <<V as RulesetView>::Rules as Ruleset>::Event;
/// Why a view's engine refuses a command.
pub type RefusalOf<V> = <<V as RulesetView>::Rules as Ruleset>::Refusal;

/// One ruleset's face on the table screen. Functions without `self` serve the `--png` still as
/// well as the live screen, so the picture in the docs is the one a player sees.
pub trait RulesetView: Sized + 'static {
    /// The ruleset.
    type Rules: Ruleset + Default;
    /// What the table keeps from events between commands (templates laid, say), rebuilt from
    /// the events alone.
    type Marks: Default;

    /// A view of a battle just deployed, nothing picked.
    fn new(desk: &Desk<Self>) -> Self;

    /// The line under the title: the ruleset, the turn, the table's scale.
    fn header(desk: &Desk<Self>) -> String;
    /// What the side to act is doing, after its name: "to move", "to fire".
    fn doing(desk: &Desk<Self>) -> String;
    /// The battle's standing in a line: losses, who holds what.
    fn standing(desk: &Desk<Self>) -> String;
    /// The log's first heading.
    fn opening(desk: &Desk<Self>) -> String;
    /// An event in words and dice. Called after the command, with the position it left.
    fn note(desk: &Desk<Self>, e: &EventOf<Self>) -> Note;
    /// Keep what an event leaves on the table.
    fn mark(marks: &mut Self::Marks, e: &EventOf<Self>);
    /// What the tokens mean, for the panel's foot and the still's key (one line per row).
    fn key_line() -> &'static str;
    /// The position as JSON, for a script's `save` step.
    fn state_json(state: &StateOf<Self>) -> serde_json::Value;

    /// The marks on the table (the objective's ring, laid templates), under everything else.
    fn draw_marks(marks: &Self::Marks, state: &StateOf<Self>, field: &Battlefield, f: &Frame);
    /// The position the table draws (its pieces and marks): the engine's, unless the ruleset
    /// hides part of the table from the seat at the screen (the Dice Flew's equipment before the
    /// battle), when it is that seat's view.
    fn table_state(desk: &Desk<Self>) -> std::borrow::Cow<'_, StateOf<Self>> {
        std::borrow::Cow::Borrowed(desk.state())
    }
    /// The pieces in their sides' colours (`[attacker, defender]`); counts and other labels go
    /// to `badges`, which places them clear of each other and of the tokens.
    fn draw_pieces(
        state: &StateOf<Self>,
        f: &Frame,
        fonts: &Fonts,
        colours: [Color; 2],
        badges: &mut Badges,
    );
    /// The still's words: ruleset line, key and scale bar (the host adds caption and pieces).
    fn shot(rules: &Self::Rules) -> TableShot;

    /// Whether anything is picked.
    fn picked(&self) -> bool;
    /// Drop the pick.
    fn deselect(&mut self);
    /// The side to act changed: a pick of the side that has just finished goes.
    fn turn_passed(&mut self, desk: &Desk<Self>);
    /// A click on the table at `p`; `r` is a token's radius, both in table mm.
    fn click(&mut self, desk: &mut Desk<Self>, p: TablePoint, r: f64);
    /// A key typed (the host takes `f` for "Faster").
    fn key(&mut self, _desk: &mut Desk<Self>, _c: char) {}
    /// Overlays under the pieces: a pick's reach and range bands.
    fn draw_under(&mut self, desk: &Desk<Self>, ui: &Ui, f: &Frame);
    /// Overlays over the pieces: the pick, who has acted, a shooter's targets.
    fn draw_over(&mut self, desk: &Desk<Self>, ui: &Ui, f: &Frame, badges: &mut Badges);
    /// What the pointer at `p` would do or shows.
    fn hover(&self, desk: &Desk<Self>, p: TablePoint, f: &Frame) -> Option<Hover>;
    /// The view's buttons, first in the panel's grid.
    fn buttons(&mut self, desk: &mut Desk<Self>, ui: &mut Ui, grid: &mut Grid);
    /// The pick's numbers in the panel from `y`; returns the y below.
    fn panel(&self, desk: &Desk<Self>, ui: &Ui, x: f32, y: f32, w: f32) -> f32;
    /// What to do next, when the panel has nothing else to say.
    fn hint(&self, desk: &Desk<Self>) -> String;
    /// In hot seat, whether the device must be passed to `side`, about to act, before the table
    /// shows (its decisions or orders are its own), and what the pass screen says; `None` (the
    /// default) when both players may watch every decision.
    fn pass_to(_desk: &Desk<Self>, _side: Side) -> Option<String> {
        None
    }
}

/// An event as the screen shows it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Note {
    /// Its log line, if it has one.
    pub line: Option<String>,
    /// The side whose doing it is (the line is in its colour).
    pub by: Option<Side>,
    /// A heading (a new phase, the end).
    pub heading: bool,
    /// What was rolled, each die where it fell.
    pub rolls: Vec<Roll>,
}

impl Note {
    /// A plain line.
    pub fn line(s: impl Into<String>) -> Note {
        Note {
            line: Some(s.into()),
            ..Note::default()
        }
    }
}

/// One die (or total) thrown, for the table and the panel.
#[derive(Debug, Clone, PartialEq)]
pub struct Roll {
    /// Where on the table it is shown.
    pub at: TablePoint,
    /// What it shows.
    pub face: Face,
    /// Good for the roller (a hit, a save, a fight won), bad, or neither.
    pub good: Option<bool>,
    /// A word under it in the panel ("4+", "save 5+", "melee").
    pub caption: String,
}

/// A die's face or a total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// A die with `sides` sides showing `value` (a d6 is drawn with pips).
    Die {
        /// Its sides.
        sides: u8,
        /// What it shows.
        value: u8,
    },
    /// A total (a die with its modifiers), drawn as a number in a box.
    Total(i32),
}

impl Face {
    /// A six-sided die.
    pub fn d6(value: u8) -> Face {
        Face::Die { sides: 6, value }
    }
}

/// How a line of the hover box reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Its heading.
    Title,
    /// Plain.
    Plain,
    /// The verdict, when it is yes.
    Good,
    /// A refusal.
    Bad,
}

/// What the pointer is over, in words, with anything to draw for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Hover {
    /// The box's lines.
    pub lines: Vec<(String, Tone)>,
    /// A template the command would lay there, and whether the engine takes it.
    pub preview: Option<(Template, bool)>,
    /// A line from one point to another (a move, a line of fire), green when the engine takes
    /// it.
    pub path: Option<(TablePoint, TablePoint, bool)>,
}

impl Hover {
    /// A box of lines: the first a heading, the rest plain.
    pub fn lines(lines: Vec<String>) -> Hover {
        Hover {
            lines: lines
                .into_iter()
                .enumerate()
                .map(|(k, l)| (l, if k == 0 { Tone::Title } else { Tone::Plain }))
                .collect(),
            preview: None,
            path: None,
        }
    }

    /// Whether its verdict is a refusal.
    pub fn refused(&self) -> bool {
        self.lines.iter().any(|(_, t)| *t == Tone::Bad)
    }
}

/// The panel's buttons, three to a row: the view's first, then the host's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    x: f32,
    y: f32,
    w: f32,
    col: usize,
}

impl Grid {
    const COLS: usize = 3;
    const GAP: f32 = 6.0;
    const H: f32 = 30.0;

    /// A grid from `(x, y)`, `w` wide.
    pub fn new(x: f32, y: f32, w: f32) -> Grid {
        Grid { x, y, w, col: 0 }
    }

    fn cell_w(&self) -> f32 {
        (self.w - Self::GAP * (Self::COLS - 1) as f32) / Self::COLS as f32
    }

    /// The next cell.
    pub fn cell(&mut self) -> [f32; 4] {
        if self.col == Self::COLS {
            self.col = 0;
            self.y += Self::H + Self::GAP;
        }
        let x = self.x + self.col as f32 * (self.cell_w() + Self::GAP);
        self.col += 1;
        [x, self.y, self.cell_w(), Self::H]
    }

    /// Two cells wide, on a row of its own.
    pub fn wide(&mut self) -> [f32; 4] {
        if self.col > 0 {
            self.col = Self::COLS;
        }
        let r = self.cell();
        self.col = Self::COLS;
        [r[0], r[1], 2.0 * self.cell_w() + Self::GAP, r[3]]
    }

    /// The y below the last row.
    pub fn bottom(&self) -> f32 {
        if self.col == 0 {
            self.y
        } else {
            self.y + Self::H + Self::GAP
        }
    }
}
