//! What the player's clicks on the table mean: picking figures and teams, and turning a pick
//! and a point into the engine's commands (moves, shots, gun fire, holds, phase ends), with the
//! engine's own check deciding each; and what a pick can reach and hit, for drawing.

use std::collections::BTreeSet;

use super::{cell_centre, engine_contact, Reach, Selection, TablePlay, CELL_MM};
use crate::tactical::omog19c::ai;
use crate::tactical::omog19c::engine::{self, OmogCommand};
use crate::tactical::omog19c::state::{Figure, FigureId, Phase, Role, TeamId};
use crate::tactical::omog19c::tables::allowance;
use crate::tactical::ruleset::Side;
use crate::tactical::table::{compass_bearing, distance, inches, TablePoint};
use crate::tactical::Footing;

impl TablePlay {
    /// The living figures a selection stands for: a team's men without its officer, who moves
    /// on his own (all of them if only the officer is left).
    pub(super) fn members(&self, sel: Selection) -> Vec<&Figure> {
        match sel {
            Selection::Figure(id) => self
                .state
                .figure(id)
                .filter(|f| f.alive())
                .into_iter()
                .collect(),
            Selection::Team(t) => {
                let all: Vec<&Figure> = self.state.team_members(t).collect();
                let men: Vec<&Figure> = all
                    .iter()
                    .copied()
                    .filter(|f| f.role() != Role::Officer)
                    .collect();
                if men.is_empty() {
                    all
                } else {
                    men
                }
            }
        }
    }

    pub(super) fn selection_side(&self, sel: Selection) -> Option<Side> {
        match sel {
            Selection::Figure(id) => self.state.figure(id).map(|f| f.side()),
            Selection::Team(t) => self.state.team(t).map(|t| t.side()),
        }
    }

    /// The team whose gun the selection aims, in its side's fire phase.
    pub(super) fn aiming_gun(&self) -> Option<TeamId> {
        let Some(Selection::Team(t)) = self.selection else {
            return None;
        };
        let team = self.state.team(t)?;
        (self.state.gun(t).is_some() && self.state.phase() == Phase::Fire(team.side())).then_some(t)
    }

    /// The figure nearest `p` within `r`, living ones first.
    pub(super) fn figure_at(&self, p: TablePoint, r: f64) -> Option<FigureId> {
        self.state
            .figures()
            .iter()
            .filter(|f| f.alive() && distance(f.pos(), p) <= r)
            .min_by(|a, b| distance(a.pos(), p).total_cmp(&distance(b.pos(), p)))
            .map(|f| f.id())
    }

    /// The team whose gun token lies under `p`.
    pub(super) fn gun_at(&self, p: TablePoint, r: f64) -> Option<TeamId> {
        self.state
            .guns()
            .iter()
            .filter(|g| distance(g.pos(), p) <= r)
            .map(|g| g.team())
            .next()
    }

    pub(super) fn refuse(&mut self, r: impl std::fmt::Display) {
        self.message = Some((r.to_string(), true));
    }

    pub(super) fn note(&mut self, s: impl Into<String>) {
        self.message = Some((s.into(), false));
    }

    /// A click on the table at `p`; `r` is a token's radius in table mm.
    pub(super) fn click_table(&mut self, p: TablePoint, r: f64) {
        let me = self.human_actor();
        let on_figure = self.figure_at(p, r);
        let on_gun = self.gun_at(p, r);
        let own_sel = self
            .selection
            .filter(|s| me.is_some() && self.selection_side(*s) == me);
        // A gun being aimed fires wherever the click lands, at an enemy or at the ground.
        if let (Some(team), Some(side)) = (self.aiming_gun(), me) {
            if own_sel.is_some() && !on_figure.is_some_and(|id| self.is_side(id, side)) {
                let at = on_figure
                    .and_then(|id| self.state.figure(id))
                    .map_or(p, |f| f.pos());
                self.fire_gun(team, at);
                return;
            }
        }
        // A gun token selects its team (to aim it), unless it is an enemy gun being fired on.
        if let (None, Some(t)) = (on_figure, on_gun) {
            let gun_side = self.state.team(t).map(|t| t.side());
            if own_sel.is_none() || gun_side == me {
                self.selection = Some(Selection::Team(t));
                self.message = None;
                return;
            }
        }
        let clicked_own = on_figure.filter(|id| me.is_some_and(|s| self.is_side(*id, s)));
        match (on_figure, own_sel) {
            (Some(target), Some(sel)) if clicked_own.is_none() => match self.state.phase() {
                Phase::Fire(_) => self.shoot(sel, target),
                Phase::Move(_) => {
                    // Into contact: stop half a contact short of the enemy, on the line to him.
                    let enemy = self.state.figure(target).expect("figure").pos();
                    let from = self.centre(sel);
                    let d = distance(from, enemy);
                    let back = (d - engine_contact() * 0.5).max(0.0);
                    let to = crate::tactical::table::step(from, compass_bearing(from, enemy), back);
                    self.order_move(sel, to);
                }
                Phase::Over => {}
            },
            // Selecting: a figure, then its team on a second click, then the figure again.
            (Some(id), _) => {
                let team = self.state.figure(id).map(|f| f.team()).expect("figure");
                self.selection = Some(match self.selection {
                    Some(Selection::Figure(x)) if x == id => Selection::Team(team),
                    _ => Selection::Figure(id),
                });
                self.message = None;
            }
            (None, Some(sel)) => match self.state.phase() {
                Phase::Move(_) => self.order_move(sel, p),
                _ => self.selection = None,
            },
            (None, None) => self.selection = None,
        }
    }

    pub(super) fn is_side(&self, id: FigureId, side: Side) -> bool {
        self.state.figure(id).is_some_and(|f| f.side() == side)
    }

    pub(super) fn centre(&self, sel: Selection) -> TablePoint {
        let m = self.members(sel);
        if m.is_empty() {
            return [0.0, 0.0];
        }
        let n = m.len() as f64;
        [
            m.iter().map(|f| f.pos()[0]).sum::<f64>() / n,
            m.iter().map(|f| f.pos()[1]).sum::<f64>() / n,
        ]
    }

    /// Move the selection to `to`: one figure straight there (the engine says yes or why not);
    /// a team keeps its shape, each man going as far towards his place as the rules let him,
    /// the rearmost first so the front men stay in touch with those behind.
    pub(super) fn order_move(&mut self, sel: Selection, to: TablePoint) {
        let charge = self.charge;
        match sel {
            Selection::Figure(id) => {
                let from = self.state.figure(id).expect("figure").pos();
                let cmd = OmogCommand::Move {
                    figure: id,
                    path: vec![from, to],
                    charge,
                };
                match self.submit(cmd) {
                    Ok(()) => {
                        self.message = None;
                        self.charge = false;
                    }
                    Err(r) => self.refuse(r),
                }
            }
            Selection::Team(_) => {
                let centre = self.centre(sel);
                let shift = [to[0] - centre[0], to[1] - centre[1]];
                let bearing = compass_bearing(centre, to);
                let mut men: Vec<(FigureId, TablePoint)> = self
                    .members(sel)
                    .iter()
                    .filter(|f| !f.moved())
                    .map(|f| (f.id(), f.pos()))
                    .collect();
                if men.is_empty() {
                    self.note("Every man of the team has moved this turn.");
                    return;
                }
                let along = |p: TablePoint| {
                    let r = bearing.to_radians();
                    p[0] * r.sin() + p[1] * r.cos()
                };
                men.sort_by(|a, b| along(a.1).total_cmp(&along(b.1)));
                let (mut moved, mut short) = (0, 0);
                let mut refusal = None;
                for (id, pos) in &men {
                    let target = [pos[0] + shift[0], pos[1] + shift[1]];
                    let want = distance(*pos, target);
                    let f = self.state.figure(*id).expect("figure").clone();
                    match ai::furthest_towards(
                        &self.field,
                        &self.state,
                        &f,
                        compass_bearing(*pos, target),
                        want,
                        charge,
                    ) {
                        Some(end) => {
                            let cmd = OmogCommand::Move {
                                figure: *id,
                                path: vec![*pos, end],
                                charge,
                            };
                            if self.submit(cmd).is_ok() {
                                moved += 1;
                                if distance(end, target) > inches(0.1) {
                                    short += 1;
                                }
                            }
                        }
                        None => {
                            let cmd = OmogCommand::Move {
                                figure: *id,
                                path: vec![*pos, target],
                                charge,
                            };
                            refusal = engine::check(&self.field, &self.state, &cmd).err();
                        }
                    }
                }
                self.charge = false;
                let mut text = format!("{moved} of {} men moved", men.len());
                if short > 0 {
                    text += &format!("; {short} stopped short of their place");
                }
                text += ".";
                if let Some(r) = refusal {
                    text += &format!(" {r}");
                }
                self.message = Some((text, moved == 0));
            }
        }
    }

    /// Fire at an enemy: the figure's small arm, or every man of the team who can; a gun
    /// team's gun.
    pub(super) fn shoot(&mut self, sel: Selection, target: FigureId) {
        if let Some(team) = self.aiming_gun() {
            let at = self.state.figure(target).expect("figure").pos();
            self.fire_gun(team, at);
            return;
        }
        let shooters: Vec<FigureId> = self
            .members(sel)
            .iter()
            .filter(|f| !f.fired())
            .map(|f| f.id())
            .collect();
        if shooters.is_empty() {
            self.note("They have all fired this turn.");
            return;
        }
        let (mut fired, mut last_refusal) = (0, None);
        for id in shooters {
            match self.submit(OmogCommand::Shoot { figure: id, target }) {
                Ok(()) => fired += 1,
                Err(r) => last_refusal = Some(r),
            }
        }
        match (fired, last_refusal, sel) {
            (_, Some(r), Selection::Figure(_)) => self.refuse(r),
            (0, Some(r), _) => self.refuse(r),
            (n, Some(r), _) => self.note(format!("{n} fired; the others cannot: {r}")),
            _ => self.message = None,
        }
    }

    pub(super) fn fire_gun(&mut self, team: TeamId, at: TablePoint) {
        let kind = self.state.gun(team).map(|h| h.kind());
        let cmd = match kind {
            Some(crate::tactical::omog19c::state::HeavyKind::Gatling) => {
                OmogCommand::FireGatling { team, at }
            }
            _ => OmogCommand::FireGun { team, at },
        };
        match self.submit(cmd) {
            Ok(()) => self.message = None,
            Err(r) => self.refuse(r),
        }
    }

    /// Hold the selection for this phase.
    pub(super) fn hold(&mut self, sel: Selection) {
        let ids: Vec<FigureId> = self.members(sel).iter().map(|f| f.id()).collect();
        let mut last = None;
        let mut held = 0;
        for id in ids {
            match self.submit(OmogCommand::Hold { figure: id }) {
                Ok(()) => held += 1,
                Err(r) => last = Some(r),
            }
        }
        match (held, last) {
            (0, Some(r)) => self.refuse(r),
            _ => self.message = None,
        }
    }

    pub(super) fn end_phase(&mut self) {
        let cmd = match self.state.phase() {
            Phase::Move(_) => OmogCommand::EndMove,
            _ => OmogCommand::EndFire,
        };
        match self.submit(cmd) {
            Ok(()) => {
                self.message = None;
                self.charge = false;
            }
            Err(r) => self.refuse(r),
        }
    }

    /// Recompute the reach cells if the battle or the selection changed.
    pub(super) fn refresh_reach(&mut self) {
        let Some(sel) = self.selection else {
            self.reach = None;
            return;
        };
        let key = (self.version, sel);
        if self.reach.as_ref().is_some_and(|r| r.key == key) {
            return;
        }
        let Some(side) = self.selection_side(sel) else {
            self.reach = None;
            return;
        };
        // Out of its side's move phase, show where it could go in its next one: the same
        // check on a copy of the battle set to that phase. The copy is only looked at.
        let next_move = self.state.phase() != Phase::Move(side);
        let probe = if next_move {
            self.state.as_next_move(side)
        } else {
            self.state.clone()
        };
        let mut cells = BTreeSet::new();
        if probe.outcome().is_none() {
            for f in self.members(sel) {
                if f.moved() && !next_move {
                    continue;
                }
                let road = Footing {
                    road: true,
                    ..Footing::default()
                };
                let r = allowance(f.mount(), &road);
                let (cx, cy) = (
                    (f.pos()[0] / CELL_MM).floor() as i32,
                    (f.pos()[1] / CELL_MM).floor() as i32,
                );
                let n = (r / CELL_MM).ceil() as i32 + 1;
                for i in cx - n..=cx + n {
                    for j in cy - n..=cy + n {
                        if cells.contains(&(i, j)) {
                            continue;
                        }
                        let c = cell_centre(i, j);
                        if distance(c, f.pos()) > r {
                            continue;
                        }
                        let path = [f.pos(), c];
                        if engine::check_move(&self.field, &probe, f.id(), &path, false).is_ok() {
                            cells.insert((i, j));
                        }
                    }
                }
            }
        }
        self.reach = Some(Reach {
            key,
            cells,
            next_move,
            mesh: None,
        });
    }

    /// Legal targets of the selected figure with their numbers, when it may fire now.
    pub(super) fn shooter_targets(&mut self) -> Vec<(FigureId, u8)> {
        let Some(Selection::Figure(id)) = self.selection else {
            return Vec::new();
        };
        let Some(f) = self.state.figure(id) else {
            return Vec::new();
        };
        if self.state.phase() != Phase::Fire(f.side()) || f.fired() || !f.alive() {
            return Vec::new();
        }
        let key = (self.version, id);
        if let Some((k, v)) = &self.targets {
            if *k == key {
                return v.clone();
            }
        }
        let v = engine::targets(&self.field, &self.state, f);
        self.targets = Some((key, v.clone()));
        v
    }
}
