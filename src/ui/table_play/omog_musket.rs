//! OMOG Musket on the table screen: its figures with who is loaded, a click to move, charge or
//! fire, the odds of a shot with every modifier named, and the turn's words. Reach comes from
//! the engine's `check_move`, odds from `shoot_odds`: the view phrases and draws, it never rules.

mod pieces;
mod words;

use macroquad::color::Color;
use macroquad::shapes::draw_circle_lines;

use super::super::table::{self as tdraw, Badges, Frame, TableShot};
use super::super::widgets::Ui;
use super::super::Fonts;
use super::omog_orders::{mode_buttons, order_hover, Mode};
use super::view::{Grid, Hover, Note, RulesetView, Tone};
use super::{draw, Desk};
use crate::tactical::omog::orders::MoveOrder;
use crate::tactical::omog_musket::check::{check, check_move, check_move_as};
use crate::tactical::omog_musket::state::{objective_radius, FigureId, MusketState, Phase};
use crate::tactical::omog_musket::{shoot_odds, MusketCommand, MusketEvent, OmogMusket};
use crate::tactical::table::{distance, TablePoint, MM_PER_INCH};
use crate::tactical::Battlefield;

/// The battle as the view sees it.
type D = Desk<OmogMusketView>;

/// OMOG Musket's view: the figure picked and the order his next click gives.
#[derive(Default)]
pub(super) struct OmogMusketView {
    pub(super) selection: Option<FigureId>,
    pub(super) mode: Mode,
}

/// The living figure under `p` (within `r`), nearest first.
fn figure_at(s: &MusketState, p: TablePoint, r: f64) -> Option<FigureId> {
    s.figures()
        .iter()
        .filter(|f| f.alive() && distance(f.pos(), p) <= r)
        .min_by(|a, b| distance(a.pos(), p).total_cmp(&distance(b.pos(), p)))
        .map(|f| f.id())
}

impl OmogMusketView {
    /// The pick, when it is the human side's to command now.
    fn own(&self, desk: &D) -> Option<FigureId> {
        let me = desk.human_actor()?;
        self.selection
            .filter(|id| desk.state().figure(*id).is_some_and(|f| f.side() == me))
    }

    fn send(desk: &mut D, cmd: MusketCommand) {
        if let Err(e) = desk.submit(cmd) {
            desk.refuse(e);
        }
    }

    fn end_phase(&mut self, desk: &mut D) {
        let cmd = match desk.state().phase() {
            Phase::Move(_) => MusketCommand::EndMove,
            _ => MusketCommand::EndFire,
        };
        if desk.human_actor().is_some() {
            Self::send(desk, cmd);
        }
    }
}

impl RulesetView for OmogMusketView {
    type Rules = OmogMusket;
    type Marks = ();

    fn new(_desk: &D) -> Self {
        OmogMusketView::default()
    }
    fn header(desk: &D) -> String {
        format!(
            "OMOG Musket · turn {} of {} · 48″ table, 1″ = 25 m",
            desk.state().turn(),
            crate::tactical::omog::TURN_LIMIT
        )
    }
    fn doing(desk: &D) -> String {
        match desk.state().phase() {
            Phase::Move(_) => "to move".into(),
            _ => "to fire".into(),
        }
    }
    fn standing(desk: &D) -> String {
        let s = desk.state();
        let names = desk.names();
        let [al, dl] = s.losses();
        let loaded = |side| {
            let men: Vec<_> = s.living(side).collect();
            let n = men.iter().filter(|f| s.loaded(f.id())).count();
            format!("{n}/{}", men.len())
        };
        format!(
            "Lost: {} {al} · {} {dl}   Loaded: {} · {}",
            names[0],
            names[1],
            loaded(crate::tactical::Side::Attacker),
            loaded(crate::tactical::Side::Defender)
        )
    }
    fn opening(desk: &D) -> String {
        let s = desk.state();
        format!(
            "— {} —",
            words::phase_line(desk.names(), s.turn(), s.phase())
        )
    }
    fn note(desk: &D, e: &MusketEvent) -> Note {
        words::note(desk, e)
    }
    fn mark(_marks: &mut (), _e: &MusketEvent) {}
    fn key_line() -> &'static str {
        "M musketeer · R rifleman · W warrior · D dragoon · H horseman · O officer · gold pip: loaded"
    }
    fn state_json(state: &MusketState) -> serde_json::Value {
        serde_json::to_value(state).unwrap_or_default()
    }

    fn draw_marks(_marks: &(), _state: &MusketState, field: &Battlefield, f: &Frame) {
        let o = f.px(field.objective);
        let r = objective_radius() as f32 * f.px_per_mm;
        draw_circle_lines(o[0], o[1], r, 2.0, Color::new(0.0, 0.0, 0.0, 0.6));
    }
    fn draw_pieces(
        state: &MusketState,
        f: &Frame,
        fonts: &Fonts,
        colours: [Color; 2],
        badges: &mut Badges,
    ) {
        pieces::draw_forces(state, f, fonts, colours, badges);
    }
    fn shot(_rules: &OmogMusket) -> TableShot {
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
        let side = self
            .selection
            .and_then(|id| desk.state().figure(id))
            .map(|f| f.side());
        if side != desk.actor() {
            self.deselect();
        }
        self.mode = Mode::Move;
    }
    fn click(&mut self, desk: &mut D, p: TablePoint, r: f64) {
        let under = figure_at(desk.state(), p, r);
        let me = desk.human_actor();
        let side = |id: FigureId| desk.state().figure(id).map(|f| f.side());
        let moving = matches!(desk.state().phase(), Phase::Move(_));
        match (self.own(desk), under) {
            // Mount, climb and face go wherever the click lands; on the man himself, where he
            // stands.
            (Some(sel), _)
                if moving
                    && self.mode.special()
                    && under.is_none_or(|id| id == sel || side(id) != me) =>
            {
                let from = desk.state().figure(sel).map_or(p, |f| f.pos());
                let to = if under == Some(sel) { from } else { p };
                match desk.submit(self.mode.order(sel, from, to).into()) {
                    Ok(()) => {
                        desk.clear_message();
                        self.mode = Mode::Move;
                    }
                    Err(e) => desk.refuse(e),
                }
            }
            (_, Some(id)) if side(id) == me || self.own(desk).is_none() => {
                self.selection = Some(id);
                self.mode = Mode::Move;
            }
            (Some(sel), Some(target)) if matches!(desk.state().phase(), Phase::Fire(_)) => {
                Self::send(
                    desk,
                    MusketCommand::Shoot {
                        figure: sel,
                        target,
                    },
                );
            }
            (Some(sel), _) if matches!(desk.state().phase(), Phase::Move(_)) => {
                let from = desk.state().figure(sel).map_or(p, |f| f.pos());
                // A charge ends in contact: a click on the enemy means "up to him".
                let to = under.and_then(|t| desk.state().figure(t)).map_or(p, |t| {
                    let d = distance(from, t.pos());
                    let k = ((d - MM_PER_INCH * 0.8) / d).max(0.0);
                    [
                        from[0] + (t.pos()[0] - from[0]) * k,
                        from[1] + (t.pos()[1] - from[1]) * k,
                    ]
                });
                Self::send(
                    desk,
                    MusketCommand::Move {
                        figure: sel,
                        path: vec![from, to],
                        charge: self.mode == Mode::Charge,
                    },
                );
                self.mode = Mode::Move;
            }
            _ => self.deselect(),
        }
    }
    fn key(&mut self, desk: &mut D, c: char) {
        if c == 'e' {
            self.end_phase(desk);
        }
    }
    fn draw_under(&mut self, desk: &D, ui: &Ui, f: &Frame) {
        // The picked man's weapon: its three range bands.
        let Some(fig) = self.selection.and_then(|id| desk.state().figure(id)) else {
            return;
        };
        let ink = Color::new(0.1, 0.1, 0.1, 0.55);
        for (k, (r, need)) in fig.kit().bands().iter().enumerate() {
            let label = if k == 2 {
                format!("{} {need}", fig.kit().name())
            } else {
                format!("{need}+")
            };
            draw::ring(ui, f, &desk.field().spec, fig.pos(), *r, ink, &label);
        }
    }
    fn draw_over(&mut self, desk: &D, _ui: &Ui, f: &Frame, _badges: &mut Badges) {
        if let Some(fig) = self.selection.and_then(|id| desk.state().figure(id)) {
            let p = f.px(fig.pos());
            let r = tdraw::token_radius(f) + 4.0;
            draw_circle_lines(p[0], p[1], r, 3.0, Color::new(1.0, 1.0, 1.0, 0.95));
        }
    }
    fn hover(&self, desk: &D, p: TablePoint, _f: &Frame) -> Option<Hover> {
        let s = desk.state();
        let under = figure_at(s, p, MM_PER_INCH * 0.45).and_then(|id| s.figure(id));
        let sel = self.own(desk).and_then(|id| s.figure(id));
        if let (Some(me), Phase::Move(_), true) = (sel, s.phase(), self.mode.special()) {
            let to = if under.is_some_and(|t| t.id() == me.id()) {
                me.pos()
            } else {
                p
            };
            let order = self.mode.order(me.id(), me.pos(), to);
            let verdict = match &order {
                MoveOrder::Go { path, how, .. } => {
                    check_move_as(desk.field(), s, me.id(), path, *how).map(Some)
                }
                MoveOrder::Face { .. } => {
                    check(desk.field(), s, &order.clone().into()).map(|_| None)
                }
            };
            let v = verdict.map_err(|e| e.to_string());
            return Some(order_hover(
                me.name(),
                self.mode,
                me.mount(),
                me.pos(),
                to,
                v,
            ));
        }
        match (sel, under, s.phase()) {
            (Some(me), Some(t), Phase::Fire(_)) if t.side() != me.side() => {
                let mut h = Hover::lines(vec![format!("{} fires at {}", me.name(), t.name())]);
                match shoot_odds(desk.field(), s, me.id(), t.id()) {
                    Ok(o) => {
                        h.lines.push((
                            format!(
                                "{:.1}″{}: band {}+",
                                o.range / MM_PER_INCH,
                                if o.at_charger {
                                    " (half the charge)"
                                } else {
                                    ""
                                },
                                o.band_need
                            ),
                            Tone::Plain,
                        ));
                        for m in &o.modifiers {
                            h.lines.push((m.label().into(), Tone::Plain));
                        }
                        h.lines.push((format!("Hits on {}+", o.need), Tone::Good));
                    }
                    Err(e) => h.lines.push((e.to_string(), Tone::Bad)),
                }
                h.path = Some((me.pos(), t.pos(), !h.refused()));
                Some(h)
            }
            (_, Some(t), _) => {
                let load = if s.loaded(t.id()) {
                    "loaded".to_string()
                } else if matches!(s.phase(), Phase::Move(_)) && s.will_reload(t) {
                    "empty: loads if he stays in place this move".into()
                } else {
                    "empty".into()
                };
                Some(Hover::lines(vec![
                    t.name(),
                    format!("{} · {load}", t.kit().name()),
                ]))
            }
            (Some(me), None, Phase::Move(_)) => {
                let mut h = Hover::lines(vec![format!("Move the {}", me.name())]);
                let charge = self.mode == Mode::Charge;
                match check_move(desk.field(), s, me.id(), &[me.pos(), p], charge) {
                    Ok(used) => h
                        .lines
                        .push((format!("{:.0}% of his move", used * 100.0), Tone::Good)),
                    Err(e) => h.lines.push((e.to_string(), Tone::Bad)),
                }
                if !s.loaded(me.id()) {
                    h.lines
                        .push(("Moving, he will not load this turn".into(), Tone::Plain));
                }
                h.path = Some((me.pos(), p, !h.refused()));
                Some(h)
            }
            _ => None,
        }
    }
    fn buttons(&mut self, desk: &mut D, ui: &mut Ui, grid: &mut Grid) {
        let me = desk.human_actor();
        let own = self.own(desk);
        let moving = matches!(desk.state().phase(), Phase::Move(_));
        let end = if moving { "End move" } else { "End fire" };
        if ui.button(end, grid.cell(), me.is_some()) {
            self.end_phase(desk);
        }
        if ui.button("Hold", grid.cell(), own.is_some()) {
            if let Some(figure) = own {
                Self::send(desk, MusketCommand::Hold { figure });
            }
        }
        let horse = own
            .and_then(|id| desk.state().figure(id))
            .filter(|f| f.has_horse())
            .map(|f| f.mount());
        mode_buttons(&mut self.mode, ui, grid, moving && own.is_some(), horse);
    }
    fn panel(&self, desk: &D, ui: &Ui, x: f32, y: f32, w: f32) -> f32 {
        let s = desk.state();
        let Some(fig) = self.selection.and_then(|id| s.figure(id)) else {
            return y;
        };
        let moving = matches!(s.phase(), Phase::Move(_));
        let load = if s.loaded(fig.id()) {
            "Loaded."
        } else if moving && s.will_reload(fig) {
            "Empty: he loads at the end of this move if he stays where he is."
        } else if moving {
            "Empty, and he has moved: he cannot load this turn."
        } else {
            "Empty: he loads in the next move if he stays where he is."
        };
        let text = format!(
            "{} · {}{}. {load}",
            fig.name(),
            fig.kit().name(),
            if fig.charge_used() {
                " · charge spent"
            } else {
                ""
            }
        );
        ui.paragraph(&text, x, y + 16.0, 16, w) + 6.0
    }
    fn hint(&self, desk: &D) -> String {
        let Some(side) = desk.actor() else {
            return "Look the table over, then go back.".into();
        };
        if !desk.is_human(side) {
            return "Click a figure to see his weapon's range and load while the AI plays.".into();
        }
        match (desk.state().phase(), self.selection) {
            (Phase::Move(_), None) => "Click one of your figures, then where he should go. \
                                       A man who fired loads if he stays in place."
                .into(),
            (Phase::Move(_), Some(_)) if self.mode.special() => self.mode.hint().into(),
            (Phase::Move(_), Some(_)) => {
                "Click where he should go; \"Charge\" first, then an enemy, to charge him.".into()
            }
            (Phase::Fire(_), None) => "Click a loaded figure (gold pip), then an enemy.".into(),
            (Phase::Fire(_), Some(_)) => "Hover an enemy for the odds; click him to fire.".into(),
            (Phase::Over, _) => String::new(),
        }
    }
}
