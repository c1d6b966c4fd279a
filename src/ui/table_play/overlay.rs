//! What the table screen draws over the terrain: templates, the reach of a pick, range bands,
//! the figures, dice, and the hover tooltip with a shot's odds or a move's cost.

use macroquad::color::Color;
use macroquad::models::draw_mesh;
use macroquad::shapes::{
    draw_circle, draw_circle_lines, draw_line, draw_rectangle, draw_rectangle_lines,
};

use super::super::mesh::MeshBuilder;
use super::super::table::{self as tdraw, Frame};
use super::super::widgets::{Ui, INK};
use super::panel::die;
use super::words::{self, inch};
use super::{cell_centre, Selection, TablePlay, BAD, CELL_MM, GOOD, WHITE};
use crate::tactical::omog19c::engine::{self, OmogCommand};
use crate::tactical::omog19c::state::{HeavyKind, Phase};
use crate::tactical::omog19c::tables::{fieldpiece, gatling, Mount};
use crate::tactical::table::{compass_bearing, distance, TablePoint};
use crate::tactical::Template;

const REACH_NOW: Color = Color::new(0.10, 0.62, 0.22, 0.34);
const REACH_NEXT: Color = Color::new(0.20, 0.35, 0.80, 0.22);
const RING: Color = Color::new(0.08, 0.08, 0.10, 0.70);
const GUN_RING: Color = Color::new(0.75, 0.30, 0.0, 0.85);
const SELECTED: Color = Color::new(1.0, 0.84, 0.05, 1.0);
const TIP: Color = Color::new(1.0, 0.99, 0.95, 0.96);
const DONE_SHADE: Color = Color::new(0.95, 0.95, 0.95, 0.55);

/// What the pointer is over, in words, with anything to draw for it.
struct Hover {
    lines: Vec<String>,
    /// The last line is a refusal.
    refused: bool,
    /// A template the gun would lay there, before its die.
    preview: Option<Template>,
    /// A move's path and whether the engine takes it.
    path: Option<(TablePoint, TablePoint, bool)>,
}

impl TablePlay {
    pub(super) fn draw_table_overlays(&mut self, ui: &Ui, f: &Frame, hover_p: Option<TablePoint>) {
        let turn = self.state.turn();
        for (t, laid) in &self.templates {
            let (fill, edge) = tdraw::TEMPLATE_COLOURS;
            if *laid == turn {
                tdraw::draw_template(f, t, fill, edge);
            } else {
                let fade = |c: Color, k: f32| Color::new(c.r, c.g, c.b, c.a * k);
                tdraw::draw_template(f, t, fade(fill, 0.45), fade(edge, 0.5));
            }
        }
        self.draw_reach(f);
        self.draw_rings(ui, f);
        let hover = hover_p.and_then(|p| self.hover(p, f));
        if let Some(h) = &hover {
            if let Some(t) = &h.preview {
                let ok = !h.refused;
                let fill = if ok {
                    Color::new(1.0, 0.55, 0.0, 0.22)
                } else {
                    Color::new(0.5, 0.5, 0.5, 0.2)
                };
                tdraw::draw_template(f, t, fill, if ok { GUN_RING } else { BAD });
            }
            if let Some((a, b, ok)) = h.path {
                let (a, b) = (f.px(a), f.px(b));
                draw_line(a[0], a[1], b[0], b[1], 2.5, if ok { GOOD } else { BAD });
                draw_circle(b[0], b[1], 3.5, if ok { GOOD } else { BAD });
            }
        }
        tdraw::draw_forces(&self.state, f, ui.fonts, self.colours);
        self.draw_acted(f);
        self.draw_selected(f);
        let targets = self.shooter_targets();
        for (id, need) in targets {
            if let Some(t) = self.state.figure(id) {
                let p = f.px(t.pos());
                let r = tdraw::token_radius(f);
                badge(
                    ui,
                    &format!("{need}+"),
                    p[0] + r * 0.7,
                    p[1] - r * 1.6,
                    WHITE,
                    INK,
                );
            }
        }
        // Dice rolled close together (a burst over a garrison, a volley at a team) are laid
        // out in rows of six beside the first of them.
        let near = f64::from(2.0 * tdraw::token_radius(f) / f.px_per_mm);
        let mut spots: Vec<(TablePoint, usize)> = Vec::new();
        for d in &self.dice {
            let (at, k) = match spots.iter_mut().find(|(p, _)| distance(*p, d.at) < near) {
                Some(s) => {
                    s.1 += 1;
                    (s.0, s.1 - 1)
                }
                None => {
                    spots.push((d.at, 1));
                    (d.at, 0)
                }
            };
            let p = f.px(at);
            let r = tdraw::token_radius(f);
            let (col, row) = ((k % 6) as f32, (k / 6) as f32);
            die(
                ui,
                d,
                p[0] + r + 2.0 + col * 25.0,
                p[1] - r - 24.0 - row * 25.0,
                22.0,
            );
        }
        if let (Some(h), Some(p)) = (hover, hover_p) {
            tooltip(ui, f, &self.field.spec, p, &h);
        }
    }

    fn draw_reach(&mut self, f: &Frame) {
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
    fn draw_rings(&self, ui: &Ui, f: &Frame) {
        let Some(sel) = self.selection else { return };
        let gun = match sel {
            Selection::Team(t) => self.state.gun(t),
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
                ring(ui, f, &self.field.spec, h.pos(), r, GUN_RING, &label);
            }
            return;
        }
        let Selection::Figure(id) = sel else { return };
        let Some(fig) = self.state.figure(id).filter(|x| x.alive()) else {
            return;
        };
        for (r, need) in fig.kit().bands() {
            ring(
                ui,
                f,
                &self.field.spec,
                fig.pos(),
                r,
                RING,
                &format!("{need}+"),
            );
        }
    }

    /// Figures of the side acting that have already moved or fired this phase are shaded.
    fn draw_acted(&self, f: &Frame) {
        let (side, moving) = match self.state.phase() {
            Phase::Move(s) => (s, true),
            Phase::Fire(s) => (s, false),
            Phase::Over => return,
        };
        let r = tdraw::token_radius(f);
        // The hit stand until both sides have fired: ringed in red till they fall.
        for id in self.state.pending_hits() {
            if let Some(fig) = self.state.figure(*id) {
                let p = f.px(fig.pos());
                draw_circle_lines(p[0], p[1], r + 1.5, 2.5, BAD);
                draw_line(p[0] - r, p[1] - r, p[0] + r, p[1] + r, 2.0, BAD);
            }
        }
        for fig in self.state.living(side) {
            if (moving && fig.moved()) || (!moving && fig.fired()) {
                let p = f.px(fig.pos());
                draw_circle(p[0], p[1], r - 1.0, DONE_SHADE);
            }
        }
    }

    fn draw_selected(&self, f: &Frame) {
        let Some(sel) = self.selection else { return };
        let r = tdraw::token_radius(f);
        for m in self.members(sel) {
            let p = f.px(m.pos());
            draw_circle_lines(p[0], p[1], r + 2.5, 3.0, SELECTED);
        }
        if let Selection::Team(t) = sel {
            if let Some(h) = self.state.gun(t) {
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

    /// What the pointer at `p` would do or shows.
    fn hover(&self, p: TablePoint, f: &Frame) -> Option<Hover> {
        let r = f64::from(tdraw::token_radius(f) / f.px_per_mm);
        let over = self.figure_at(p, r);
        if let Some(team) = self.aiming_gun() {
            let at = over
                .and_then(|id| self.state.figure(id))
                .filter(|x| Some(x.side()) != self.selection_side(Selection::Team(team)))
                .map_or(p, |x| x.pos());
            return self.gun_hover(team, at);
        }
        let sel = self.selection;
        let sel_side = sel.and_then(|s| self.selection_side(s));
        let enemy = over
            .and_then(|id| self.state.figure(id))
            .filter(|t| sel_side.is_some_and(|s| s != t.side()));
        match (sel, enemy) {
            (Some(Selection::Figure(id)), Some(target)) => {
                let shooter = self.state.figure(id)?;
                if !shooter.alive() {
                    return None;
                }
                let now = self.state.phase() == Phase::Fire(shooter.side());
                let odds = if now {
                    engine::shoot_odds(&self.field, &self.state, id, target.id())
                } else {
                    engine::shot_odds(&self.field, shooter, target)
                };
                let mut lines = vec![format!(
                    "{} → {}",
                    words::figure(&self.names, shooter),
                    words::figure(&self.names, target)
                )];
                if !now {
                    lines.push("if it fired from where it stands now:".into());
                }
                let refused = match odds {
                    Ok(o) => {
                        lines.extend(words::odds_lines(shooter, &o));
                        false
                    }
                    Err(e) => {
                        lines.push(e.to_string());
                        true
                    }
                };
                Some(Hover {
                    lines,
                    refused,
                    preview: None,
                    // The line of fire, green when the shot may be taken.
                    path: Some((shooter.pos(), target.pos(), !refused)),
                })
            }
            (Some(Selection::Team(t)), Some(target)) => {
                let mut lines = vec![format!(
                    "{}'s team {} → {}",
                    self.names[words::idx(sel_side?)],
                    t.0,
                    words::figure(&self.names, target)
                )];
                if self.state.phase() != Phase::Fire(sel_side?) {
                    lines.push("if they fired from where they stand now:".into());
                }
                for m in self.members(Selection::Team(t)) {
                    let o = if self.state.phase() == Phase::Fire(m.side()) {
                        engine::shoot_odds(&self.field, &self.state, m.id(), target.id())
                    } else {
                        engine::shot_odds(&self.field, m, target)
                    };
                    lines.push(match o {
                        Ok(o) => format!(
                            "  {} #{}: needs {}+{}",
                            words::kind(m),
                            m.id().0,
                            o.need,
                            o.modifiers
                                .iter()
                                .map(|x| format!(", {}", x.label()))
                                .collect::<String>()
                        ),
                        Err(e) => format!("  {} #{}: {}", words::kind(m), m.id().0, e),
                    });
                }
                Some(Hover {
                    lines,
                    refused: false,
                    preview: None,
                    path: None,
                })
            }
            (Some(s), None) if over.is_none() => self.move_hover(s, p),
            _ => {
                let fig = self.state.figure(over?)?;
                Some(Hover {
                    lines: vec![
                        words::figure(&self.names, fig),
                        format!(
                            "{}{}",
                            words::weapon(fig.kit()),
                            if fig.mount() == Mount::Horse {
                                ", mounted"
                            } else {
                                ""
                            }
                        ),
                    ],
                    refused: false,
                    preview: None,
                    path: None,
                })
            }
        }
    }

    fn move_hover(&self, sel: Selection, p: TablePoint) -> Option<Hover> {
        let me = self.human_actor()?;
        if self.state.phase() != Phase::Move(me) || self.selection_side(sel) != Some(me) {
            return None;
        }
        match sel {
            Selection::Figure(id) => {
                let f = self.state.figure(id)?;
                let path = [f.pos(), p];
                let checked = engine::check_move(&self.field, &self.state, id, &path, self.charge);
                let (line, ok) = match checked {
                    Ok(used) => (
                        format!(
                            "{} there: {} using {:.0}% of its move",
                            if self.charge { "charge" } else { "move" },
                            inch(distance(f.pos(), p)),
                            used * 100.0
                        ),
                        true,
                    ),
                    Err(e) => (e.to_string(), false),
                };
                Some(Hover {
                    lines: vec![line],
                    refused: !ok,
                    preview: None,
                    path: Some((f.pos(), p, ok)),
                })
            }
            Selection::Team(_) => {
                let c = self.centre(sel);
                Some(Hover {
                    lines: vec![
                        "the team moves towards here,".into(),
                        "each man as far as the rules let him".into(),
                    ],
                    refused: false,
                    preview: None,
                    path: Some((c, p, true)),
                })
            }
        }
    }

    fn gun_hover(
        &self,
        team: crate::tactical::omog19c::state::TeamId,
        at: TablePoint,
    ) -> Option<Hover> {
        let h = self.state.gun(team)?;
        let range = distance(h.pos(), at);
        let bearing = compass_bearing(h.pos(), at);
        let (cmd, preview, mut lines) = match h.kind() {
            HeavyKind::Fieldpiece => {
                let cmd = OmogCommand::FireGun { team, at };
                if range < fieldpiece::min_shell_range() {
                    let (length, base) = fieldpiece::grape_cone();
                    (
                        cmd,
                        Template::Cone {
                            tip: h.pos(),
                            bearing,
                            length,
                            base,
                        },
                        vec![
                            format!("fieldpiece: canister at {}", inch(range)),
                            format!("{} canister left · the cone does not deviate", h.canister()),
                        ],
                    )
                } else {
                    let falls: Vec<String> = (1..=6u8)
                        .map(|d| {
                            let what = match fieldpiece::fall(d) {
                                fieldpiece::Fall::Dud => "dud".to_string(),
                                fieldpiece::Fall::Left(x) => format!("{} left", inch(x)),
                                fieldpiece::Fall::Right(x) => format!("{} right", inch(x)),
                                fieldpiece::Fall::Over(x) => format!("{} over", inch(x)),
                                fieldpiece::Fall::OnTarget => "on target".to_string(),
                            };
                            format!("{d} {what}")
                        })
                        .collect();
                    (
                        cmd,
                        Template::Disc {
                            centre: at,
                            diameter: fieldpiece::burst_diameter(),
                        },
                        vec![
                            format!("fieldpiece: shell at {} · {} left", inch(range), h.shells()),
                            format!("die: {}", falls[..3].join(" · ")),
                            format!("     {}", falls[3..].join(" · ")),
                        ],
                    )
                }
            }
            HeavyKind::Gatling => {
                let (length, width) = gatling::diamond();
                (
                    OmogCommand::FireGatling { team, at },
                    Template::aimed_diamond(h.pos(), at, length, width),
                    vec![
                        format!("Gatling burst · {} left", h.bursts()),
                        "die: 6 jams; otherwise that many seen".into(),
                        "enemies in the diamond are hit, nearest first".into(),
                    ],
                )
            }
        };
        let refused = match engine::check(&self.field, &self.state, &cmd) {
            Ok(()) => {
                if self.human_actor().is_some() {
                    lines.push("click to fire".into());
                }
                false
            }
            Err(e) => {
                lines.push(e.to_string());
                true
            }
        };
        Some(Hover {
            lines,
            refused,
            preview: Some(preview),
            path: None,
        })
    }
}

/// A circle of radius `r` round `c`, clipped to the table, labelled where it is on the table.
fn ring(
    ui: &Ui,
    f: &Frame,
    spec: &crate::tactical::TableSpec,
    c: TablePoint,
    r: f64,
    colour: Color,
    label: &str,
) {
    let n = 120;
    let pts: Vec<TablePoint> = (0..=n)
        .map(|k| crate::tactical::table::step(c, k as f64 * 360.0 / n as f64, r))
        .collect();
    for w in pts.windows(2) {
        if spec.contains(w[0]) && spec.contains(w[1]) {
            let (a, b) = (f.px(w[0]), f.px(w[1]));
            draw_line(a[0], a[1], b[0], b[1], 1.6, colour);
        }
    }
    // The label sits on the ring at the first of these bearings that is on the table.
    for b in [20.0, 160.0, 340.0, 200.0, 90.0, 270.0] {
        let p = crate::tactical::table::step(c, b, r);
        if spec.contains(p) {
            let s = f.px(p);
            let tw = ui.width(label, 12);
            draw_rectangle(
                s[0] - 2.0,
                s[1] - 11.0,
                tw + 4.0,
                14.0,
                Color::new(1.0, 1.0, 1.0, 0.8),
            );
            ui.text(label, s[0], s[1], 12, colour);
            break;
        }
    }
}

/// A small label box.
fn badge(ui: &Ui, s: &str, x: f32, y: f32, fill: Color, ink: Color) {
    let tw = ui.width(s, 12);
    draw_rectangle(x, y, tw + 6.0, 15.0, fill);
    draw_rectangle_lines(x, y, tw + 6.0, 15.0, 1.0, ink);
    ui.title(s, x + 3.0, y + 12.0, 12, ink);
}

/// The hover box, beside the pointer and kept on the table.
fn tooltip(ui: &Ui, f: &Frame, spec: &crate::tactical::TableSpec, p: TablePoint, h: &Hover) {
    let size = 13;
    let line_h = 17.0;
    let w = h
        .lines
        .iter()
        .map(|l| ui.width(l, size))
        .fold(0.0f32, f32::max)
        + 16.0;
    let ht = h.lines.len() as f32 * line_h + 10.0;
    let m = f.px(p);
    let right = f.x0 + spec.width_mm as f32 * f.px_per_mm;
    let bottom = f.y0 + spec.depth_mm as f32 * f.px_per_mm;
    let mut x = m[0] + 18.0;
    if x + w > right {
        x = m[0] - 18.0 - w;
    }
    let mut y = m[1] + 18.0;
    if y + ht > bottom {
        y = m[1] - 18.0 - ht;
    }
    x = x.max(f.x0 + 2.0);
    y = y.max(f.y0 + 2.0);
    draw_rectangle(x, y, w, ht, TIP);
    draw_rectangle_lines(x, y, w, ht, 1.0, INK);
    let n = h.lines.len();
    for (k, l) in h.lines.iter().enumerate() {
        let yy = y + 17.0 + k as f32 * line_h;
        if k == n - 1 && h.refused {
            ui.text(l, x + 8.0, yy, size, BAD);
        } else if k == 0 {
            ui.title(l, x + 8.0, yy, size, INK);
        } else if k == n - 1 && l.starts_with("needs") {
            ui.title(l, x + 8.0, yy, size, GOOD);
        } else {
            ui.text(l, x + 8.0, yy, size, INK);
        }
    }
}
