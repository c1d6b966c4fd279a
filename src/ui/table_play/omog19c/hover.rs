//! What the pointer shows in OMOG 19C: a shot's odds with every modifier named, a move's cost
//! or the engine's reason against it, a gun's template before it fires, a figure's arms.

use super::super::super::table::{self as tdraw, Frame};
use super::super::omog_orders::{order_hover, Mode};
use super::super::view::{Hover, Tone};
use super::orders::{centre, figure_at, members, side_of};
use super::words::{self, fall, inch};
use super::{Omog19cView, Selection, D};
use crate::tactical::omog::orders::MoveOrder;
use crate::tactical::omog19c::check::check_move_as;
use crate::tactical::omog19c::engine::{self, OmogCommand};
use crate::tactical::omog19c::state::{FigureId, HeavyKind, Phase, TeamId};
use crate::tactical::omog19c::tables::{fieldpiece, gatling, Mount};
use crate::tactical::table::{compass_bearing, distance, TablePoint};
use crate::tactical::Template;

/// A box whose last line is the verdict: green when `ok`, red (a refusal) when not.
fn verdict(mut lines: Vec<String>, ok: bool) -> Hover {
    let last = lines.pop();
    let mut h = Hover::lines(lines);
    if let Some(l) = last {
        h.lines.push((l, if ok { Tone::Good } else { Tone::Bad }));
    }
    h
}

impl Omog19cView {
    /// What the pointer at `p` would do or shows.
    pub(super) fn hover_at(&self, desk: &D, p: TablePoint, f: &Frame) -> Option<Hover> {
        let state = desk.state();
        let names = desk.names();
        let r = f64::from(tdraw::token_radius(f) / f.px_per_mm);
        let over = figure_at(state, p, r);
        if let Some(team) = self.aiming_gun(state) {
            let at = over
                .and_then(|id| state.figure(id))
                .filter(|x| Some(x.side()) != side_of(state, Selection::Team(team)))
                .map_or(p, |x| x.pos());
            return self.gun_hover(desk, team, at);
        }
        if self.mode.special() {
            if let Some(h) = self.order_hover(desk, p, over) {
                return Some(h);
            }
        }
        let sel = self.selection;
        let sel_side = sel.and_then(|s| side_of(state, s));
        let enemy = over
            .and_then(|id| state.figure(id))
            .filter(|t| sel_side.is_some_and(|s| s != t.side()));
        match (sel, enemy) {
            (Some(Selection::Figure(id)), Some(target)) => {
                let shooter = state.figure(id).filter(|s| s.alive())?;
                let now = state.phase() == Phase::Fire(shooter.side());
                let odds = if now {
                    engine::shoot_odds(desk.field(), state, id, target.id())
                } else {
                    engine::shot_odds(desk.field(), shooter, target)
                };
                let mut lines = vec![format!(
                    "{} → {}",
                    words::figure(names, shooter),
                    words::figure(names, target)
                )];
                if !now {
                    lines.push("if it fired from where it stands now:".into());
                }
                let ok = match odds {
                    Ok(o) => {
                        lines.extend(words::odds_lines(shooter, &o));
                        true
                    }
                    Err(e) => {
                        lines.push(e.to_string());
                        false
                    }
                };
                let mut h = verdict(lines, ok);
                // The line of fire, green when the shot may be taken.
                h.path = Some((shooter.pos(), target.pos(), ok));
                Some(h)
            }
            (Some(Selection::Team(t)), Some(target)) => {
                let side = sel_side?;
                let mut lines = vec![format!(
                    "{}'s team {} → {}",
                    names[side.index()],
                    t.0,
                    words::figure(names, target)
                )];
                if state.phase() != Phase::Fire(side) {
                    lines.push("if they fired from where they stand now:".into());
                }
                for m in members(state, Selection::Team(t)) {
                    let o = if state.phase() == Phase::Fire(m.side()) {
                        engine::shoot_odds(desk.field(), state, m.id(), target.id())
                    } else {
                        engine::shot_odds(desk.field(), m, target)
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
                        Err(e) => format!("  {} #{}: {e}", words::kind(m), m.id().0),
                    });
                }
                Some(Hover::lines(lines))
            }
            (Some(s), None) if over.is_none() => self.move_hover(desk, s, p),
            _ => {
                let fig = state.figure(over?)?;
                let mounted = if fig.mount() == Mount::Horse {
                    ", mounted"
                } else {
                    ""
                };
                Some(Hover::lines(vec![
                    words::figure(names, fig),
                    format!("{}{mounted}", words::weapon(fig.kit())),
                ]))
            }
        }
    }

    fn move_hover(&self, desk: &D, sel: Selection, p: TablePoint) -> Option<Hover> {
        let me = desk.human_actor()?;
        let state = desk.state();
        if state.phase() != Phase::Move(me) || side_of(state, sel) != Some(me) {
            return None;
        }
        match sel {
            Selection::Figure(id) => {
                let f = state.figure(id)?;
                let path = [f.pos(), p];
                let charge = self.mode == Mode::Charge;
                let checked = engine::check_move(desk.field(), state, id, &path, charge);
                let (line, ok) = match checked {
                    Ok(used) => (
                        format!(
                            "{} there: {} using {:.0}% of its move",
                            if charge { "charge" } else { "move" },
                            inch(distance(f.pos(), p)),
                            used * 100.0
                        ),
                        true,
                    ),
                    Err(e) => (e.to_string(), false),
                };
                let mut h = verdict(vec![line], ok);
                h.path = Some((f.pos(), p, ok));
                Some(h)
            }
            Selection::Team(_) => {
                let mut h = Hover::lines(vec![
                    "the team moves towards here,".into(),
                    "each man as far as the rules let him".into(),
                ]);
                h.path = Some((centre(state, sel), p, true));
                Some(h)
            }
        }
    }

    /// The mode's order (mount, climb, face) at `p` as the click would give it, with the
    /// engine's verdict on each man's command.
    fn order_hover(&self, desk: &D, p: TablePoint, over: Option<FigureId>) -> Option<Hover> {
        let me = desk.human_actor()?;
        let state = desk.state();
        let sel = self.selection?;
        if state.phase() != Phase::Move(me) || side_of(state, sel) != Some(me) {
            return None;
        }
        let men = members(state, sel);
        let on_self = over.is_some_and(|id| men.iter().any(|f| f.id() == id));
        let verdict = |id: FigureId, order: &MoveOrder| -> Result<Option<f64>, String> {
            match order {
                MoveOrder::Go { path, how, .. } => {
                    check_move_as(desk.field(), state, id, path, *how).map(Some)
                }
                MoveOrder::Face { .. } => {
                    engine::check(desk.field(), state, &order.clone().into()).map(|_| None)
                }
            }
            .map_err(|e| e.to_string())
        };
        if let Selection::Figure(id) = sel {
            let f = state.figure(id)?;
            let to = if on_self { f.pos() } else { p };
            let order = self.mode.order(id, f.pos(), to);
            let who = words::figure(desk.names(), f);
            let v = verdict(id, &order);
            return Some(order_hover(who, self.mode, f.mount(), f.pos(), to, v));
        }
        let mut lines = vec![format!(
            "the team: {}{}",
            self.mode.verb(men.first()?.mount()),
            if self.mode == Mode::Face {
                " here"
            } else {
                ", each man where he stands"
            }
        )];
        for f in &men {
            let to = if self.mode == Mode::Face { p } else { f.pos() };
            let line = match verdict(f.id(), &self.mode.order(f.id(), f.pos(), to)) {
                Ok(_) => "yes".to_string(),
                Err(e) => e,
            };
            lines.push(format!("  {} #{}: {line}", words::kind(f), f.id().0));
        }
        Some(Hover::lines(lines))
    }

    fn gun_hover(&self, desk: &D, team: TeamId, at: TablePoint) -> Option<Hover> {
        let state = desk.state();
        let h = state.gun(team)?;
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
                        .map(|d| format!("{d} {}", fall(d, "", "dud", "on target")))
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
        let checked = engine::check(desk.field(), state, &cmd);
        let ok = checked.is_ok();
        let mut hover = match checked {
            Ok(()) if desk.human_actor().is_some() => {
                lines.push("click to fire".into());
                verdict(lines, true)
            }
            Ok(()) => Hover::lines(lines),
            Err(e) => {
                lines.push(e.to_string());
                verdict(lines, false)
            }
        };
        hover.preview = Some((preview, ok));
        Some(hover)
    }
}
