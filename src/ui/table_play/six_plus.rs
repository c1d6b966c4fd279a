//! 6+ Rules on the table screen: blocks to scale with their facing and hit tallies, the picked
//! block's field of fire, range and the places it may move to, and — since nothing is rolled —
//! the exact hits a shot or a charge will do before it is ordered. Every number is the engine's
//! (`check_move`, `shot_preview`, `charge_preview`): the view phrases and draws, it never rules.

mod pieces;
mod words;

use macroquad::color::Color;
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line};

use super::super::table::{Badges, Frame, TableShot};
use super::super::widgets::Ui;
use super::super::Fonts;
use super::desk::side_name;
use super::view::{Grid, Hover, Note, RulesetView, Tone};
use super::{draw, Desk};
use crate::tactical::six_plus::cards;
use crate::tactical::six_plus::check::{check_move, CHARGE_TURN, FIRE_ARC};
use crate::tactical::six_plus::execute::HOLD;
use crate::tactical::six_plus::geom::turn;
use crate::tactical::six_plus::state::{Formation, Kind, Phase, SixState, UnitId, TURN_LIMIT};
use crate::tactical::six_plus::{charge_preview, shot_preview, SixCommand, SixEvent, SixPlus};
use crate::tactical::table::{compass_bearing, step, TablePoint};
use crate::tactical::Battlefield;

/// The battle as the view sees it.
type D = Desk<SixPlusView>;

/// 6+'s view: the block picked and the turn to give it at the end of its move.
#[derive(Default)]
pub(super) struct SixPlusView {
    selection: Option<UnitId>,
    /// Degrees added to the block's facing at the end of a move (the end pivot).
    end_turn: f64,
}

/// The living block under `p`.
fn unit_at(s: &SixState, p: TablePoint) -> Option<UnitId> {
    s.living().find(|u| u.rect().contains(p, 1.0)).map(|u| u.id)
}

impl SixPlusView {
    /// The pick, when it is the human side's to command now.
    fn own(&self, desk: &D) -> Option<UnitId> {
        let me = desk.human_actor()?;
        self.selection
            .filter(|id| desk.state().unit(*id).is_some_and(|u| u.side == me))
    }

    fn send(desk: &mut D, cmd: SixCommand) {
        if let Err(e) = desk.submit(cmd) {
            desk.refuse(e);
        }
    }

    fn end_phase(&mut self, desk: &mut D) {
        let cmd = match desk.state().phase() {
            Phase::Move => SixCommand::EndMove,
            _ => SixCommand::EndShooting,
        };
        if desk.human_actor().is_some() {
            Self::send(desk, cmd);
        }
    }

    /// The order a click at `p` would give the pick, if any.
    fn order_at(&self, desk: &D, p: TablePoint) -> Option<SixCommand> {
        let s = desk.state();
        let me = s.unit(self.own(desk)?)?;
        let under = unit_at(s, p).and_then(|id| s.unit(id));
        match (s.phase(), under) {
            (Phase::Move, Some(t)) if t.side != me.side && me.kind == Kind::Cavalry => {
                Some(SixCommand::Charge {
                    unit: me.id,
                    target: t.id,
                    facing: charge_facing(me.facing, me.at, t.at),
                })
            }
            (Phase::Move, None) => Some(SixCommand::Move {
                unit: me.id,
                to: p,
                facing: (me.facing + self.end_turn).rem_euclid(360.0),
            }),
            (Phase::Shoot, Some(t)) if t.side != me.side => Some(SixCommand::Shoot {
                unit: me.id,
                target: t.id,
            }),
            (Phase::Shoot, Some(t)) if me.kind == Kind::General => Some(SixCommand::Rally {
                general: me.id,
                unit: t.id,
            }),
            _ => None,
        }
    }
}

/// The charger's one turn: straight at the target, or as near as 45° allows.
fn charge_facing(facing: f64, from: TablePoint, to: TablePoint) -> f64 {
    let off = turn(facing, compass_bearing(from, to)).clamp(-CHARGE_TURN, CHARGE_TURN);
    (facing + off).rem_euclid(360.0)
}

impl RulesetView for SixPlusView {
    type Rules = SixPlus;
    type Marks = ();

    fn new(_desk: &D) -> Self {
        SixPlusView::default()
    }
    fn header(desk: &D) -> String {
        let s = desk.state();
        match s.card() {
            Some((side, card)) => format!(
                "6+ Rules · turn {} of {TURN_LIMIT} · {}'s card: {}",
                s.turn(),
                side_name(desk.names(), side),
                card.title(),
            ),
            None if s.deck().is_some() => format!(
                "6+ Rules · turn {} of {TURN_LIMIT} · chance cards in play",
                s.turn()
            ),
            None => format!(
                "6+ Rules · turn {} of {TURN_LIMIT} · 36 cm table, 1 cm = 50 m · no dice",
                s.turn()
            ),
        }
    }
    fn doing(desk: &D) -> String {
        match desk.state().phase() {
            Phase::Move => "to move or load".into(),
            _ => "to shoot".into(),
        }
    }
    fn standing(desk: &D) -> String {
        let s = desk.state();
        let names = desk.names();
        let [al, dl] = s.losses();
        let hits = |side| -> u32 { s.living().filter(|u| u.side == side).map(|u| u.hits).sum() };
        format!(
            "Units lost: {} {al} · {} {dl}   Hits standing: {} · {}",
            names[0],
            names[1],
            hits(crate::tactical::Side::Attacker),
            hits(crate::tactical::Side::Defender)
        )
    }
    fn opening(desk: &D) -> String {
        words::phase_line(desk.names(), desk.state())
    }
    fn note(desk: &D, e: &SixEvent) -> Note {
        words::note(desk, e)
    }
    fn mark(_marks: &mut (), _e: &SixEvent) {}
    fn key_line() -> &'static str {
        "I infantry · C cavalry · S skirmishers · A artillery · G General · thick edge: front · n/12 hits · white pip: not loaded"
    }
    fn state_json(state: &SixState) -> serde_json::Value {
        serde_json::json!({
            "turn": state.turn(),
            "actor": state.actor(),
            "phase": state.phase(),
            "units": state.units(),
            "outcome": state.outcome(),
            "card": state.card(),
        })
    }

    fn draw_marks(_marks: &(), _state: &SixState, field: &Battlefield, f: &Frame) {
        let o = f.px(field.objective);
        let r = HOLD as f32 * f.px_per_mm;
        draw_circle_lines(o[0], o[1], r, 2.0, Color::new(0.0, 0.0, 0.0, 0.6));
    }
    fn draw_pieces(
        state: &SixState,
        f: &Frame,
        fonts: &Fonts,
        colours: [Color; 2],
        badges: &mut Badges,
    ) {
        pieces::draw_forces(state, f, fonts, colours, badges);
    }
    fn shot(_rules: &SixPlus) -> TableShot {
        pieces::shot()
    }

    fn picked(&self) -> bool {
        self.selection.is_some()
    }
    fn deselect(&mut self) {
        self.selection = None;
        self.end_turn = 0.0;
    }
    fn turn_passed(&mut self, desk: &D) {
        let side = self
            .selection
            .and_then(|id| desk.state().unit(id))
            .map(|u| u.side);
        if side != desk.actor() {
            self.deselect();
        }
    }
    fn click(&mut self, desk: &mut D, p: TablePoint, _r: f64) {
        let under = unit_at(desk.state(), p);
        let me = desk.human_actor();
        let side = |id: UnitId| desk.state().unit(id).map(|u| u.side);
        if let Some(cmd) = self.order_at(desk, p) {
            let rally_target = matches!(cmd, SixCommand::Rally { .. });
            // A click on a friend is a rally only if the General may rally it; else it picks.
            let legal = crate::tactical::six_plus::check::check(desk.field(), desk.state(), &cmd);
            if !rally_target || legal.is_ok() {
                Self::send(desk, cmd);
                self.end_turn = 0.0;
                return;
            }
        }
        match under {
            Some(id) if side(id) == me || self.own(desk).is_none() => {
                self.selection = Some(id);
                self.end_turn = 0.0;
            }
            _ => self.deselect(),
        }
    }
    fn key(&mut self, desk: &mut D, c: char) {
        match c {
            'e' => self.end_phase(desk),
            'q' => self.end_turn -= 45.0,
            'w' => self.end_turn += 45.0,
            _ => {}
        }
    }
    fn draw_under(&mut self, desk: &D, ui: &Ui, f: &Frame) {
        let s = desk.state();
        let Some(u) = self.selection.and_then(|id| s.unit(id)) else {
            return;
        };
        let ink = Color::new(0.1, 0.1, 0.1, 0.6);
        let spec = &desk.field().spec;
        if let Some((range, hits)) = u.kind.fire() {
            let all_round = u.kind == Kind::Skirmishers || s.ground().town(u.at);
            let label = format!("{} hits · {:.0} cm", hits, range / 10.0);
            let reach = range + u.rect().depth / 2.0;
            if all_round {
                draw::ring(ui, f, spec, u.at, reach, ink, &label);
            } else {
                // The 90° field of fire, out to the range.
                let fan = Color::new(0.85, 0.35, 0.1, 0.8);
                let o = f.px(u.at);
                for edge in [-FIRE_ARC, FIRE_ARC] {
                    let e = f.px(step(u.at, u.facing + edge, reach));
                    draw_line(o[0], o[1], e[0], e[1], 1.6, fan);
                }
                let arc: Vec<_> = (0..=18)
                    .map(|k| step(u.at, u.facing - FIRE_ARC + 5.0 * f64::from(k), reach))
                    .collect();
                for w in arc.windows(2) {
                    let (a, b) = (f.px(w[0]), f.px(w[1]));
                    draw_line(a[0], a[1], b[0], b[1], 1.6, fan);
                }
                let t = f.px(step(u.at, u.facing, reach));
                ui.text(&label, t[0] + 4.0, t[1], 12, fan);
            }
        }
        // Where it may end a move: the engine's answer at a fan of points.
        if s.phase() == Phase::Move && self.own(desk) == Some(u.id) {
            let facing = (u.facing + self.end_turn).rem_euclid(360.0);
            let max = crate::tactical::six_plus::check::reach(s, u)
                * crate::tactical::six_plus::check::ROAD_BONUS;
            for ring in 1..=6 {
                let r = max * f64::from(ring) / 6.0;
                let n = 8 + 4 * ring;
                for k in 0..n {
                    let p = step(u.at, 360.0 * f64::from(k) / f64::from(n), r);
                    if check_move(desk.field(), s, u.id, p, facing).is_ok() {
                        let q = f.px(p);
                        draw_circle(q[0], q[1], 2.5, Color::new(0.1, 0.55, 0.15, 0.9));
                    }
                }
            }
        }
    }
    fn draw_over(&mut self, desk: &D, _ui: &Ui, f: &Frame, _badges: &mut Badges) {
        if let Some(u) = self.selection.and_then(|id| desk.state().unit(id)) {
            let white = Color::new(1.0, 1.0, 1.0, 0.95);
            pieces::outline(f, &u.rect().corners(), 3.0, white);
        }
    }
    fn hover(&self, desk: &D, p: TablePoint, _f: &Frame) -> Option<Hover> {
        let s = desk.state();
        let field = desk.field();
        let under = unit_at(s, p).and_then(|id| s.unit(id));
        let Some(cmd) = self.order_at(desk, p) else {
            return under.map(|t| {
                let load = if t.kind.fire().is_none() {
                    "does not shoot"
                } else if t.loaded {
                    "loaded"
                } else {
                    "fired: loads instead of moving"
                };
                Hover::lines(vec![
                    t.label(),
                    format!("{}/12 hits · {load} · {:?}", t.hits, t.formation),
                ])
            });
        };
        let me = s.unit(self.own(desk)?)?;
        let mut h;
        match &cmd {
            SixCommand::Move { to, facing, .. } => {
                h = Hover::lines(vec![format!("Move the {}", me.label())]);
                match check_move(field, s, me.id, *to, *facing) {
                    Ok(road) => {
                        let d = crate::tactical::table::distance(me.at, *to);
                        let road = if road { " on the road (×1.5)" } else { "" };
                        h.lines
                            .push((format!("{:.1} cm{road}", d / 10.0), Tone::Good));
                    }
                    Err(e) => h.lines.push((e.to_string(), Tone::Bad)),
                }
                h.path = Some((me.at, *to, !h.refused()));
            }
            SixCommand::Charge { target, facing, .. } => {
                let t = s.unit(*target)?;
                h = Hover::lines(vec![format!(
                    "The {} charges the {}",
                    me.label(),
                    t.label()
                )]);
                match charge_preview(field, s, me.id, *target, *facing) {
                    Ok(c) => {
                        h.lines.push((
                            format!("Strikes its {:?}", c.face).to_lowercase(),
                            Tone::Plain,
                        ));
                        if let Some(n) = cards::charge_note(s, me.side) {
                            h.lines.push((n, Tone::Plain));
                        }
                        let verdict = if c.destroys {
                            format!("{} hits: {}/12, destroyed", c.hits, c.tally)
                        } else {
                            format!(
                                "{} hits: {}/12; the cavalry then falls back 6 cm",
                                c.hits, c.tally
                            )
                        };
                        h.lines.push((verdict, Tone::Good));
                        h.path = Some((me.at, c.to, true));
                    }
                    Err(e) => {
                        h.lines.push((e.to_string(), Tone::Bad));
                        h.path = Some((me.at, t.at, false));
                    }
                }
            }
            SixCommand::Shoot { target, .. } => {
                let t = s.unit(*target)?;
                h = Hover::lines(vec![format!(
                    "The {} shoots at the {}",
                    me.label(),
                    t.label()
                )]);
                match shot_preview(field, s, me.id, *target) {
                    Ok(p) => {
                        if p.cover {
                            h.lines
                                .push(("Halved: the target is in cover".into(), Tone::Plain));
                        }
                        if let Some(n) = cards::shot_note(s, me.side, me.kind) {
                            h.lines.push((n, Tone::Plain));
                        }
                        let verdict = if p.destroys {
                            format!("{} hits: {}/12, destroyed", p.hits, p.tally)
                        } else {
                            format!("{} hits: {}/12", p.hits, p.tally)
                        };
                        h.lines.push((verdict, Tone::Good));
                    }
                    Err(e) => h.lines.push((e.to_string(), Tone::Bad)),
                }
                h.path = Some((me.at, t.at, !h.refused()));
            }
            SixCommand::Rally { unit, .. } => {
                let t = s.unit(*unit)?;
                h = Hover::lines(vec![format!("The General rallies the {}", t.label())]);
                match crate::tactical::six_plus::check::rally(s, me.id, *unit) {
                    Ok(n) => h.lines.push((format!("{n} hits taken off"), Tone::Good)),
                    Err(e) => h.lines.push((e.to_string(), Tone::Bad)),
                }
            }
            _ => return None,
        }
        Some(h)
    }
    fn buttons(&mut self, desk: &mut D, ui: &mut Ui, grid: &mut Grid) {
        let me = desk.human_actor();
        let own = self.own(desk);
        let moving = desk.state().phase() == Phase::Move;
        let end = if moving { "End move" } else { "End shooting" };
        if ui.button(end, grid.cell(), me.is_some()) {
            self.end_phase(desk);
        }
        if ui.button("Load", grid.cell(), moving && own.is_some()) {
            if let Some(unit) = own {
                Self::send(desk, SixCommand::Reload { unit });
            }
        }
        let next = own
            .and_then(|id| desk.state().unit(id))
            .map(|u| match u.formation {
                Formation::Line => Formation::Column,
                Formation::Column if u.kind == Kind::Infantry => Formation::Square,
                _ => Formation::Line,
            });
        if ui.button("Form", grid.cell(), moving && own.is_some()) {
            if let (Some(unit), Some(formation)) = (own, next) {
                Self::send(desk, SixCommand::Form { unit, formation });
            }
        }
        if ui.button("Turn ⟲ 45°", grid.cell(), moving && own.is_some()) {
            self.end_turn -= 45.0;
        }
        if ui.button("Turn ⟳ 45°", grid.cell(), moving && own.is_some()) {
            self.end_turn += 45.0;
        }
    }
    fn panel(&self, desk: &D, ui: &Ui, x: f32, y: f32, w: f32) -> f32 {
        let s = desk.state();
        // The card in play says what it does, whatever is selected: it changes the numbers.
        let y = match s.card() {
            Some((side, card)) => {
                let text = format!(
                    "Chance card ({}): {} — {}.",
                    side_name(desk.names(), side),
                    card.title(),
                    card.text()
                );
                ui.paragraph(&text, x, y + 16.0, 15, w) + 2.0
            }
            None => y,
        };
        let Some(u) = self.selection.and_then(|id| s.unit(id)) else {
            return y;
        };
        let done = s.done(u.id);
        let text = format!(
            "{} · {:?} · {}/12 hits{}{}{}. Moves {:.0} cm{}.",
            u.label(),
            u.formation,
            u.hits,
            if u.kind.fire().is_none() {
                ""
            } else if u.loaded {
                " · loaded"
            } else {
                " · fired, not loaded"
            },
            if done.acted {
                " · has used its move"
            } else {
                ""
            },
            if u.rallied { " · rallied once" } else { "" },
            crate::tactical::six_plus::check::reach(s, u) / 10.0,
            if self.end_turn != 0.0 {
                format!(" · ends turned {:+.0}°", self.end_turn)
            } else {
                String::new()
            }
        );
        ui.paragraph(&text, x, y + 16.0, 16, w) + 6.0
    }
    fn hint(&self, desk: &D) -> String {
        let Some(side) = desk.actor() else {
            return "Look the table over, then go back.".into();
        };
        if !desk.is_human(side) {
            return "Click a block to see its field of fire while the AI plays.".into();
        }
        match (desk.state().phase(), self.selection) {
            (Phase::Move, None) => {
                "Click one of your blocks; green dots are where it may go.".into()
            }
            (Phase::Move, Some(_)) => {
                "Click where its centre should go (q/w turn its end facing); \
                                       cavalry: click an enemy to charge — the hits show first."
                    .into()
            }
            (Phase::Shoot, None) => {
                "Click a loaded block, then hover an enemy for the exact hits.".into()
            }
            (Phase::Shoot, Some(_)) => {
                "Hover an enemy for the hits it will take; click to shoot.".into()
            }
            (Phase::Over, _) => String::new(),
        }
    }
}
