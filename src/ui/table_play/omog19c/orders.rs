//! What the player's clicks on the table mean: picking figures and teams, and turning a pick
//! and a point into the engine's commands (moves, shots, gun fire, holds, phase ends), with the
//! engine's own check deciding each; and what a pick can reach and hit, for drawing.

use std::collections::BTreeSet;

use super::super::omog_orders::Mode;
use super::{cell_centre, Omog19cView, Reach, Selection, CELL_MM, D};
use crate::tactical::omog19c::ai;
use crate::tactical::omog19c::engine::{self, OmogCommand};
use crate::tactical::omog19c::state::{
    contact, Figure, FigureId, HeavyKind, OmogState, Phase, Role, TeamId,
};
use crate::tactical::omog19c::tables::allowance;
use crate::tactical::ruleset::Side;
use crate::tactical::table::{compass_bearing, distance, inches, step, TablePoint};
use crate::tactical::Footing;

/// The living figures a selection stands for: a team's men without its officer, who moves on
/// his own (all of them if only the officer is left).
pub(in crate::ui::table_play) fn members(state: &OmogState, sel: Selection) -> Vec<&Figure> {
    match sel {
        Selection::Figure(id) => state.figure(id).filter(|f| f.alive()).into_iter().collect(),
        Selection::Team(t) => {
            let all: Vec<&Figure> = state.team_members(t).collect();
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

/// The side a selection belongs to.
pub(super) fn side_of(state: &OmogState, sel: Selection) -> Option<Side> {
    match sel {
        Selection::Figure(id) => state.figure(id).map(|f| f.side()),
        Selection::Team(t) => state.team(t).map(|t| t.side()),
    }
}

/// The middle of a selection's men.
pub(in crate::ui::table_play) fn centre(state: &OmogState, sel: Selection) -> TablePoint {
    let m = members(state, sel);
    if m.is_empty() {
        return [0.0, 0.0];
    }
    let n = m.len() as f64;
    [
        m.iter().map(|f| f.pos()[0]).sum::<f64>() / n,
        m.iter().map(|f| f.pos()[1]).sum::<f64>() / n,
    ]
}

/// The figure nearest `p` within `r`, living ones only.
pub(super) fn figure_at(state: &OmogState, p: TablePoint, r: f64) -> Option<FigureId> {
    state
        .figures()
        .iter()
        .filter(|f| f.alive() && distance(f.pos(), p) <= r)
        .min_by(|a, b| distance(a.pos(), p).total_cmp(&distance(b.pos(), p)))
        .map(|f| f.id())
}

/// The team whose gun token lies under `p`.
fn gun_at(state: &OmogState, p: TablePoint, r: f64) -> Option<TeamId> {
    state
        .guns()
        .iter()
        .filter(|g| distance(g.pos(), p) <= r)
        .map(|g| g.team())
        .next()
}

fn is_side(state: &OmogState, id: FigureId, side: Side) -> bool {
    state.figure(id).is_some_and(|f| f.side() == side)
}

impl Omog19cView {
    /// The team whose gun the selection aims, in its side's fire phase.
    pub(super) fn aiming_gun(&self, state: &OmogState) -> Option<TeamId> {
        let Some(Selection::Team(t)) = self.selection else {
            return None;
        };
        let team = state.team(t)?;
        (state.gun(t).is_some() && state.phase() == Phase::Fire(team.side())).then_some(t)
    }

    /// A click on the table at `p`; `r` is a token's radius in table mm.
    pub(in crate::ui::table_play) fn click_table(&mut self, desk: &mut D, p: TablePoint, r: f64) {
        let me = desk.human_actor();
        let state = desk.state();
        let on_figure = figure_at(state, p, r);
        let on_gun = gun_at(state, p, r);
        let own_sel = self
            .selection
            .filter(|s| me.is_some() && side_of(state, *s) == me);
        // A gun being aimed fires wherever the click lands, at an enemy or at the ground.
        if let (Some(team), Some(side)) = (self.aiming_gun(state), me) {
            if own_sel.is_some() && !on_figure.is_some_and(|id| is_side(state, id, side)) {
                let at = on_figure
                    .and_then(|id| state.figure(id))
                    .map_or(p, |f| f.pos());
                self.fire_gun(desk, team, at);
                return;
            }
        }
        // A gun token selects its team (to aim it), unless it is an enemy gun being fired on.
        if let (None, Some(t)) = (on_figure, on_gun) {
            let gun_side = state.team(t).map(|t| t.side());
            if own_sel.is_none() || gun_side == me {
                self.selection = Some(Selection::Team(t));
                desk.clear_message();
                return;
            }
        }
        let clicked_own = on_figure.filter(|id| me.is_some_and(|s| is_side(state, *id, s)));
        // Mount, climb and face go wherever the click lands, on the picked men themselves
        // too; a click on another of one's own men still picks him.
        if let (Some(sel), Phase::Move(_)) = (own_sel, state.phase()) {
            let in_sel = |id: FigureId| members(state, sel).iter().any(|f| f.id() == id);
            if self.mode.special() && clicked_own.is_none_or(in_sel) {
                let on_self = clicked_own.is_some();
                self.give_order(desk, sel, p, on_self);
                return;
            }
        }
        match (on_figure, own_sel) {
            (Some(target), Some(sel)) if clicked_own.is_none() => match state.phase() {
                Phase::Fire(_) => self.shoot(desk, sel, target),
                Phase::Move(_) => {
                    // Into contact: stop half a contact short of the enemy, on the line to him.
                    let enemy = state.figure(target).expect("figure").pos();
                    let from = centre(state, sel);
                    let back = (distance(from, enemy) - contact() * 0.5).max(0.0);
                    let to = step(from, compass_bearing(from, enemy), back);
                    self.order_move(desk, sel, to);
                }
                Phase::Over => {}
            },
            // Selecting: a figure, then its team on a second click, then the figure again.
            (Some(id), _) => {
                let team = state.figure(id).map(|f| f.team()).expect("figure");
                self.selection = Some(match self.selection {
                    Some(Selection::Figure(x)) if x == id => Selection::Team(team),
                    _ => Selection::Figure(id),
                });
                desk.clear_message();
            }
            (None, Some(sel)) => match state.phase() {
                Phase::Move(_) => self.order_move(desk, sel, p),
                _ => self.selection = None,
            },
            (None, None) => self.selection = None,
        }
    }

    /// Move the selection to `to`: one figure straight there (the engine says yes or why not);
    /// a team keeps its shape, each man going as far towards his place as the rules let him,
    /// the rearmost first so the front men stay in touch with those behind.
    pub(in crate::ui::table_play) fn order_move(
        &mut self,
        desk: &mut D,
        sel: Selection,
        to: TablePoint,
    ) {
        let charge = self.mode == Mode::Charge;
        let state = desk.state();
        if let Selection::Figure(id) = sel {
            let from = state.figure(id).expect("figure").pos();
            let cmd = OmogCommand::Move {
                figure: id,
                path: vec![from, to],
                charge,
            };
            match desk.submit(cmd) {
                Ok(()) => {
                    desk.clear_message();
                    self.mode = Mode::Move;
                }
                Err(r) => desk.refuse(r),
            }
            return;
        }
        let c = centre(state, sel);
        let shift = [to[0] - c[0], to[1] - c[1]];
        let bearing = compass_bearing(c, to);
        let mut men: Vec<(FigureId, TablePoint)> = members(state, sel)
            .iter()
            .filter(|f| !f.moved())
            .map(|f| (f.id(), f.pos()))
            .collect();
        if men.is_empty() {
            desk.note("Every man of the team has moved this turn.");
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
            let f = desk.state().figure(*id).expect("figure").clone();
            let heading = compass_bearing(*pos, target);
            match ai::furthest_towards(desk.field(), desk.state(), &f, heading, want, charge) {
                Some(end) => {
                    let cmd = OmogCommand::Move {
                        figure: *id,
                        path: vec![*pos, end],
                        charge,
                    };
                    if desk.submit(cmd).is_ok() {
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
                    refusal = engine::check(desk.field(), desk.state(), &cmd).err();
                }
            }
        }
        self.mode = Mode::Move;
        let mut text = format!("{moved} of {} men moved", men.len());
        if short > 0 {
            text += &format!("; {short} stopped short of their place");
        }
        text += ".";
        if let Some(r) = refusal {
            text += &format!(" {r}");
        }
        if moved == 0 {
            desk.refuse(text);
        } else {
            desk.note(text);
        }
    }

    /// Fire at an enemy: the figure's small arm, or every man of the team who can; a gun
    /// team's gun.
    pub(super) fn shoot(&mut self, desk: &mut D, sel: Selection, target: FigureId) {
        if let Some(team) = self.aiming_gun(desk.state()) {
            let at = desk.state().figure(target).expect("figure").pos();
            self.fire_gun(desk, team, at);
            return;
        }
        let shooters: Vec<FigureId> = members(desk.state(), sel)
            .iter()
            .filter(|f| !f.fired())
            .map(|f| f.id())
            .collect();
        if shooters.is_empty() {
            desk.note("They have all fired this turn.");
            return;
        }
        let (mut fired, mut last_refusal) = (0, None);
        for id in shooters {
            match desk.submit(OmogCommand::Shoot { figure: id, target }) {
                Ok(()) => fired += 1,
                Err(r) => last_refusal = Some(r),
            }
        }
        match (fired, last_refusal, sel) {
            (_, Some(r), Selection::Figure(_)) => desk.refuse(r),
            (0, Some(r), _) => desk.refuse(r),
            (n, Some(r), _) => desk.note(format!("{n} fired; the others cannot: {r}")),
            _ => desk.clear_message(),
        }
    }

    pub(super) fn fire_gun(&mut self, desk: &mut D, team: TeamId, at: TablePoint) {
        let kind = desk.state().gun(team).map(|h| h.kind());
        let cmd = match kind {
            Some(HeavyKind::Gatling) => OmogCommand::FireGatling { team, at },
            _ => OmogCommand::FireGun { team, at },
        };
        match desk.submit(cmd) {
            Ok(()) => desk.clear_message(),
            Err(r) => desk.refuse(r),
        }
    }

    /// Give the mode's order (mount or dismount, climb, face) at `p`: one man goes there (or,
    /// `on_self`, does it where he stands); a team's men each do it where they stand, or all
    /// face `p`. The engine takes each man's order or says why not.
    pub(super) fn give_order(
        &mut self,
        desk: &mut D,
        sel: Selection,
        p: TablePoint,
        on_self: bool,
    ) {
        let mode = self.mode;
        if mode == Mode::Climb && matches!(sel, Selection::Team(_)) {
            desk.refuse("Pick one man to climb onto a roof.");
            return;
        }
        let men: Vec<(FigureId, TablePoint)> = members(desk.state(), sel)
            .iter()
            .map(|f| (f.id(), f.pos()))
            .collect();
        let (mut done, mut last) = (0, None);
        for (id, pos) in &men {
            let to = match sel {
                Selection::Figure(_) if !on_self => p,
                _ if mode == Mode::Face => p,
                _ => *pos,
            };
            match desk.submit(mode.order(*id, *pos, to).into()) {
                Ok(()) => done += 1,
                Err(r) => last = Some(r),
            }
        }
        match (done, last) {
            (0, Some(r)) => desk.refuse(r),
            (n, Some(r)) => desk.note(format!(
                "{n} of {} men did; the others cannot: {r}",
                men.len()
            )),
            _ => desk.clear_message(),
        }
        if done > 0 {
            self.mode = Mode::Move;
        }
    }

    /// Hold the selection for this phase.
    pub(super) fn hold(&mut self, desk: &mut D, sel: Selection) {
        let ids: Vec<FigureId> = members(desk.state(), sel).iter().map(|f| f.id()).collect();
        let mut last = None;
        let mut held = 0;
        for id in ids {
            match desk.submit(OmogCommand::Hold { figure: id }) {
                Ok(()) => held += 1,
                Err(r) => last = Some(r),
            }
        }
        match (held, last) {
            (0, Some(r)) => desk.refuse(r),
            _ => desk.clear_message(),
        }
    }

    /// End the side's move or fire.
    pub(in crate::ui::table_play) fn end_phase(&mut self, desk: &mut D) {
        let cmd = match desk.state().phase() {
            Phase::Move(_) => OmogCommand::EndMove,
            _ => OmogCommand::EndFire,
        };
        match desk.submit(cmd) {
            Ok(()) => {
                desk.clear_message();
                self.mode = Mode::Move;
            }
            Err(r) => desk.refuse(r),
        }
    }

    /// Recompute the reach cells if the battle or the selection changed.
    pub(in crate::ui::table_play) fn refresh_reach(&mut self, desk: &D) {
        let Some(sel) = self.selection else {
            self.reach = None;
            return;
        };
        let key = (desk.version(), sel);
        if self.reach.as_ref().is_some_and(|r| r.key == key) {
            return;
        }
        let state = desk.state();
        let Some(side) = side_of(state, sel) else {
            self.reach = None;
            return;
        };
        // Out of its side's move phase, show where it could go in its next one: the same
        // check on a copy of the battle set to that phase. The copy is only looked at.
        let next_move = state.phase() != Phase::Move(side);
        let probe = if next_move {
            state.as_next_move(side)
        } else {
            state.clone()
        };
        let mut cells = BTreeSet::new();
        if probe.outcome().is_none() {
            for f in members(state, sel) {
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
                        if engine::check_move(desk.field(), &probe, f.id(), &path, false).is_ok() {
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
    pub(super) fn shooter_targets(&mut self, desk: &D) -> Vec<(FigureId, u8)> {
        let Some(Selection::Figure(id)) = self.selection else {
            return Vec::new();
        };
        let state = desk.state();
        let Some(f) = state.figure(id) else {
            return Vec::new();
        };
        if state.phase() != Phase::Fire(f.side()) || f.fired() || !f.alive() {
            return Vec::new();
        }
        let key = (desk.version(), id);
        if let Some((k, v)) = &self.targets {
            if *k == key {
                return v.clone();
            }
        }
        let v = engine::targets(desk.field(), state, f);
        self.targets = Some((key, v.clone()));
        v
    }
}
