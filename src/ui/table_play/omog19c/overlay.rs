//! What OMOG 19C draws over the terrain: the objective's ring, templates laid, the reach of a
//! pick, range bands, who has acted, the pick, and the roll each legal target needs.

use macroquad::color::Color;
use macroquad::models::draw_mesh;
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line, draw_rectangle_lines};

use super::super::super::mesh::MeshBuilder;
use super::super::super::table::{self as tdraw, Badges, Frame};
use super::super::super::widgets::{Ui, INK};
use super::super::draw::{ring, BAD, WHITE};
use super::orders::members;
use super::{cell_centre, Omog19cView, Selection, Templates, CELL_MM, D};
use crate::tactical::omog19c::state::{objective_radius, HeavyKind, OmogState, Phase};
use crate::tactical::omog19c::tables::{fieldpiece, gatling};
use crate::tactical::Battlefield;

const REACH_NOW: Color = Color::new(0.10, 0.62, 0.22, 0.34);
const REACH_NEXT: Color = Color::new(0.20, 0.35, 0.80, 0.22);
const RING: Color = Color::new(0.08, 0.08, 0.10, 0.70);
const GUN_RING: Color = Color::new(0.75, 0.30, 0.0, 0.85);
const SELECTED: Color = Color::new(1.0, 0.84, 0.05, 1.0);
const DONE_SHADE: Color = Color::new(0.95, 0.95, 0.95, 0.55);

/// The objective's ring and the templates laid: this turn's solid, last turn's faded.
pub(super) fn draw_marks(marks: &Templates, state: &OmogState, field: &Battlefield, f: &Frame) {
    let o = f.px(field.objective);
    let r = objective_radius() as f32 * f.px_per_mm;
    draw_circle_lines(o[0], o[1], r, 2.0, Color::new(0.0, 0.0, 0.0, 0.6));
    let (fill, edge) = tdraw::TEMPLATE_COLOURS;
    let fade = |c: Color, k: f32| Color::new(c.r, c.g, c.b, c.a * k);
    for (t, laid) in &marks.laid {
        if *laid == state.turn() {
            tdraw::draw_template(f, t, fill, edge);
        } else {
            tdraw::draw_template(f, t, fade(fill, 0.45), fade(edge, 0.5));
        }
    }
}

impl Omog19cView {
    pub(super) fn draw_reach(&mut self, f: &Frame) {
        let Some(reach) = self.reach.as_mut() else {
            return;
        };
        if reach.mesh.as_ref().map(|m| m.0) != Some(*f) {
            let colour = if reach.next_move {
                REACH_NEXT
            } else {
                REACH_NOW
            };
            let mut m = MeshBuilder::default();
            let h = (CELL_MM / 2.0) as f32 * f.px_per_mm;
            // One quad per run of cells up a column (the set's order): a software renderer
            // pays per triangle.
            let mut cells = reach.cells.iter().copied().peekable();
            while let Some((i, j0)) = cells.next() {
                let mut j1 = j0;
                while cells.peek() == Some(&(i, j1 + 1)) {
                    j1 += 1;
                    cells.next();
                }
                // Table y runs north, screen y south: the run's top is its last cell.
                let (south, north) = (f.px(cell_centre(i, j0)), f.px(cell_centre(i, j1)));
                let v = [
                    [north[0] - h, north[1] - h],
                    [north[0] + h, north[1] - h],
                    [south[0] + h, south[1] + h],
                    [south[0] - h, south[1] + h],
                ];
                m.triangles(&v, &[0, 1, 2, 0, 2, 3], colour);
            }
            // A crisp edge where the reach ends, so it reads over woods and roads alike.
            let edge = Color::new(colour.r * 0.6, colour.g * 0.6, colour.b * 0.6, 0.9);
            for &(i, j) in &reach.cells {
                let c = f.px(cell_centre(i, j));
                let sides = [
                    ((i - 1, j), [c[0] - h, c[1] - h], [c[0] - h, c[1] + h]),
                    ((i + 1, j), [c[0] + h, c[1] - h], [c[0] + h, c[1] + h]),
                    // Table y runs north, screen y south.
                    ((i, j + 1), [c[0] - h, c[1] - h], [c[0] + h, c[1] - h]),
                    ((i, j - 1), [c[0] - h, c[1] + h], [c[0] + h, c[1] + h]),
                ];
                for (n, a, b) in sides {
                    if !reach.cells.contains(&n) {
                        m.polyline(&[a, b], 0.8, edge, 2);
                    }
                }
            }
            reach.mesh = Some((*f, m.finish()));
        }
        for c in &reach.mesh.as_ref().expect("just built").1 {
            draw_mesh(&c.mesh);
        }
    }

    /// Range bands round a selected figure, or a gun's reach round it.
    pub(super) fn draw_rings(&self, desk: &D, ui: &Ui, f: &Frame) {
        let Some(sel) = self.selection else { return };
        let state = desk.state();
        let spec = &desk.field().spec;
        let gun = match sel {
            Selection::Team(t) => state.gun(t),
            Selection::Figure(_) => None,
        };
        if let Some(h) = gun {
            let rings: Vec<(f64, String)> = match h.kind() {
                HeavyKind::Fieldpiece => vec![
                    (
                        fieldpiece::min_shell_range(),
                        "canister inside · shells 6″".into(),
                    ),
                    (fieldpiece::max_range(), "shells 24″".into()),
                ],
                HeavyKind::Gatling => vec![(gatling::diamond().0, "Gatling 18″".into())],
            };
            for (r, label) in rings {
                ring(ui, f, spec, h.pos(), r, GUN_RING, &label);
            }
            return;
        }
        let Selection::Figure(id) = sel else { return };
        let Some(fig) = state.figure(id).filter(|x| x.alive()) else {
            return;
        };
        for (r, need) in fig.kit().bands() {
            ring(ui, f, spec, fig.pos(), r, RING, &format!("{need}+"));
        }
    }

    /// Figures of the side acting that have already moved or fired this phase are shaded; the
    /// hit are ringed in red until they fall, when both sides have fired.
    pub(super) fn draw_acted(&self, desk: &D, f: &Frame) {
        let state = desk.state();
        let (side, moving) = match state.phase() {
            Phase::Move(s) => (s, true),
            Phase::Fire(s) => (s, false),
            Phase::Over => return,
        };
        let r = tdraw::token_radius(f);
        for id in state.pending_hits() {
            if let Some(fig) = state.figure(*id) {
                let p = f.px(fig.pos());
                draw_circle_lines(p[0], p[1], r + 1.5, 2.5, BAD);
                draw_line(p[0] - r, p[1] - r, p[0] + r, p[1] + r, 2.0, BAD);
            }
        }
        for fig in state.living(side) {
            if (moving && fig.moved()) || (!moving && fig.fired()) {
                let p = f.px(fig.pos());
                draw_circle(p[0], p[1], r - 1.0, DONE_SHADE);
            }
        }
    }

    pub(super) fn draw_selected(&self, desk: &D, f: &Frame) {
        let Some(sel) = self.selection else { return };
        let state = desk.state();
        let r = tdraw::token_radius(f);
        for m in members(state, sel) {
            let p = f.px(m.pos());
            draw_circle_lines(p[0], p[1], r + 2.5, 3.0, SELECTED);
        }
        if let Selection::Team(t) = sel {
            if let Some(h) = state.gun(t) {
                let p = f.px(h.pos());
                draw_rectangle_lines(
                    p[0] - r - 3.0,
                    p[1] - r * 0.6 - 3.0,
                    2.0 * r + 6.0,
                    1.2 * r + 6.0,
                    3.0,
                    SELECTED,
                );
            }
        }
    }

    /// The roll each legal target of the selected figure needs, beside the target.
    pub(super) fn target_badges(&mut self, desk: &D, f: &Frame, badges: &mut Badges) {
        let r = tdraw::token_radius(f);
        for (id, need) in self.shooter_targets(desk) {
            if let Some(t) = desk.state().figure(id) {
                badges.label(f.px(t.pos()), r, format!("{need}+"), WHITE, INK);
            }
        }
    }
}
