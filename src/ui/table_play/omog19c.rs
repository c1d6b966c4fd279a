//! OMOG 19C on the table screen: figures and guns as tokens, a figure's or team's reach and
//! range bands, the odds of a shot with every modifier named, templates where they land, and
//! the turn's words. Reach comes from the engine's `check_move`, odds from `shoot_odds`, gun
//! ranges from the ruleset's tables: the view phrases and draws, it never rules.

mod hover;
pub(super) mod orders;
mod overlay;
mod panel;
mod pieces;
mod words;

use std::collections::BTreeSet;

use macroquad::color::Color;

use super::super::mesh::Chunk;
use super::super::table::{Badges, Frame, TableShot};
use super::super::widgets::Ui;
use super::super::Fonts;
use super::omog_orders::Mode;
use super::view::{Grid, Hover, Note, RulesetView};
use super::Desk;
use crate::tactical::omog19c::state::{FigureId, OmogState, Phase, TeamId};
use crate::tactical::omog19c::{Omog19c, OmogEvent};
use crate::tactical::table::TablePoint;
use crate::tactical::{Battlefield, Template};

/// The battle as the view sees it.
type D = Desk<Omog19cView>;

/// Side of a reach cell: a quarter inch, a few pixels on a full-window table.
const CELL_MM: f64 = 6.35;

/// What the player has picked on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Selection {
    /// One figure.
    Figure(FigureId),
    /// A team: its men move and shoot together, its gun fires.
    Team(TeamId),
}

/// The cells a selection can reach, for one position of the battle.
pub(super) struct Reach {
    key: (u64, Selection),
    /// Cell indices (x, y) on the quarter-inch grid.
    pub(super) cells: BTreeSet<(i32, i32)>,
    /// Whether it shows the next move rather than this phase's (the side is not moving now).
    pub(super) next_move: bool,
    mesh: Option<(Frame, Vec<Chunk>)>,
}

/// A shooter's legal targets with their numbers, for one position of the battle.
type TargetCache = ((u64, FigureId), Vec<(FigureId, u8)>);

/// Templates laid, with the turn each was laid in: this turn's and last turn's stay on the
/// table, last turn's faded.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Templates {
    laid: Vec<(Template, u32)>,
    turn: u32,
}

impl Default for Templates {
    fn default() -> Templates {
        Templates {
            laid: Vec::new(),
            turn: 1,
        }
    }
}

/// OMOG 19C's view: the pick and its caches.
#[derive(Default)]
pub(super) struct Omog19cView {
    pub(super) selection: Option<Selection>,
    /// The order the next click in the move phase gives (a move, a charge, mount, climb, face).
    pub(super) mode: Mode,
    pub(super) reach: Option<Reach>,
    targets: Option<TargetCache>,
}

impl RulesetView for Omog19cView {
    type Rules = Omog19c;
    type Marks = Templates;

    fn new(_desk: &D) -> Self {
        Omog19cView::default()
    }

    fn header(desk: &D) -> String {
        panel::header(desk)
    }
    fn doing(desk: &D) -> String {
        match desk.state().phase() {
            Phase::Move(_) => "to move".into(),
            _ => "to fire".into(),
        }
    }
    fn standing(desk: &D) -> String {
        panel::standing(desk)
    }
    fn opening(desk: &D) -> String {
        let s = desk.state();
        format!(
            "— {} —",
            words::phase_line(desk.names(), s.turn(), s.phase())
        )
    }
    fn note(desk: &D, e: &OmogEvent) -> Note {
        words::note(desk, e)
    }
    fn mark(marks: &mut Templates, e: &OmogEvent) {
        match e {
            OmogEvent::TurnBegan { turn, .. } => {
                marks.turn = *turn;
                // Last turn's templates stay through this move phase, faded; older ones go.
                marks.laid.retain(|(_, t)| t + 1 >= *turn);
            }
            OmogEvent::HeavyFired {
                template: Some(t), ..
            } => marks.laid.push((*t, marks.turn)),
            _ => {}
        }
    }
    fn key_line() -> &'static str {
        "R rifleman · C trooper · O officer · G gunner · GUN, MG guns · ×4 stacked"
    }
    fn state_json(state: &OmogState) -> serde_json::Value {
        serde_json::to_value(state).unwrap_or_default()
    }

    fn draw_marks(marks: &Templates, state: &OmogState, field: &Battlefield, f: &Frame) {
        overlay::draw_marks(marks, state, field, f);
    }
    fn draw_pieces(
        state: &OmogState,
        f: &Frame,
        fonts: &Fonts,
        colours: [Color; 2],
        badges: &mut Badges,
    ) {
        pieces::draw_forces(state, f, fonts, colours, badges);
    }
    fn shot(_rules: &Omog19c) -> TableShot {
        pieces::shot()
    }

    fn picked(&self) -> bool {
        self.selection.is_some()
    }
    fn deselect(&mut self) {
        self.selection = None;
        self.mode = Mode::Move;
    }
    fn turn_passed(&mut self, desk: &D) {
        // The side that has just finished keeps nothing picked into the other's phase; a
        // figure picked to look at while the other side played stays when its turn comes.
        let now = desk.actor();
        if self
            .selection
            .and_then(|s| orders::side_of(desk.state(), s))
            != now
        {
            self.deselect();
        }
        self.mode = Mode::Move;
    }
    fn click(&mut self, desk: &mut D, p: TablePoint, r: f64) {
        self.click_table(desk, p, r);
    }
    fn key(&mut self, desk: &mut D, c: char) {
        if c == 'e' {
            self.end_phase(desk);
        }
    }
    fn draw_under(&mut self, desk: &D, ui: &Ui, f: &Frame) {
        self.refresh_reach(desk);
        self.draw_reach(f);
        self.draw_rings(desk, ui, f);
    }
    fn draw_over(&mut self, desk: &D, _ui: &Ui, f: &Frame, badges: &mut Badges) {
        self.draw_acted(desk, f);
        self.draw_selected(desk, f);
        self.target_badges(desk, f, badges);
    }
    fn hover(&self, desk: &D, p: TablePoint, f: &Frame) -> Option<Hover> {
        self.hover_at(desk, p, f)
    }
    fn buttons(&mut self, desk: &mut D, ui: &mut Ui, grid: &mut Grid) {
        self.order_buttons(desk, ui, grid);
    }
    fn panel(&self, desk: &D, ui: &Ui, x: f32, y: f32, w: f32) -> f32 {
        self.selection_box(desk, ui, x, y, w)
    }
    fn hint(&self, desk: &D) -> String {
        self.hint_text(desk)
    }
}

pub(super) fn cell_centre(i: i32, j: i32) -> TablePoint {
    [
        (f64::from(i) + 0.5) * CELL_MM,
        (f64::from(j) + 0.5) * CELL_MM,
    ]
}
