//! OMOG 19C's part of the panel: the turn and the objective, its order buttons (end the phase,
//! hold, the whole team, charge), what to do next, and the pick's numbers.

use macroquad::color::Color;
use macroquad::shapes::draw_rectangle;

use super::super::super::widgets::{Ui, FADED, INK};
use super::super::omog_orders::mode_buttons;
use super::super::view::Grid;
use super::orders::members;
use super::words::{self, inch};
use super::{Omog19cView, Selection, D};
use crate::tactical::omog19c::state::{HeavyKind, Phase, HOLD_TURNS, TURN_LIMIT};
use crate::tactical::omog19c::tables::{allowance, Mount};
use crate::tactical::ruleset::Side;
use crate::tactical::Footing;

/// The line under the title.
pub(super) fn header(desk: &D) -> String {
    format!(
        "OMOG 19C · turn {} of {TURN_LIMIT} · 48″ table, 1″ = 25 m",
        desk.state().turn()
    )
}

/// Losses and who holds the objective.
pub(super) fn standing(desk: &D) -> String {
    let s = desk.state();
    let names = desk.names();
    let [al, dl] = s.losses();
    // Only the attacker wins by holding the objective, so only his count runs to a target.
    let holder = match s.holder() {
        Some((Side::Attacker, n)) => {
            format!("{} holds it, {n} of {HOLD_TURNS} turn ends", names[0])
        }
        Some((Side::Defender, _)) => format!("{} holds it", names[1]),
        None => "nobody holds it".into(),
    };
    format!(
        "Lost: {} {al} · {} {dl}   Objective (✚): {holder}",
        names[0], names[1]
    )
}

impl Omog19cView {
    /// End move or fire, Hold, Whole team / One figure, Charge.
    pub(super) fn order_buttons(&mut self, desk: &mut D, ui: &mut Ui, grid: &mut Grid) {
        let me = desk.human_actor();
        let own = self
            .selection
            .filter(|s| me.is_some() && super::orders::side_of(desk.state(), *s) == me);
        let moving = matches!(desk.state().phase(), Phase::Move(_));
        let end = if moving { "End move" } else { "End fire" };
        if ui.button(end, grid.cell(), me.is_some()) {
            self.end_phase(desk);
        }
        if ui.button("Hold", grid.cell(), own.is_some()) {
            if let Some(s) = own {
                self.hold(desk, s);
            }
        }
        let team_label = match self.selection {
            Some(Selection::Team(_)) => "One figure",
            _ => "Whole team",
        };
        if ui.button(team_label, grid.cell(), self.selection.is_some()) {
            let state = desk.state();
            self.selection = match self.selection {
                Some(Selection::Team(t)) => members(state, Selection::Team(t))
                    .first()
                    .map(|f| Selection::Figure(f.id())),
                Some(Selection::Figure(id)) => state.figure(id).map(|f| Selection::Team(f.team())),
                None => None,
            };
        }
        // Mount or Dismount follows the first picked man who has a horse.
        let horse = own.and_then(|s| {
            members(desk.state(), s)
                .iter()
                .find(|f| f.has_horse())
                .map(|f| f.mount())
        });
        mode_buttons(&mut self.mode, ui, grid, moving && own.is_some(), horse);
    }

    /// What to do next.
    pub(super) fn hint_text(&self, desk: &D) -> String {
        let Some(side) = desk.actor() else {
            return "Look the table over, then go back.".into();
        };
        if !desk.is_human(side) {
            return "Click a figure to see its reach and range bands while the AI plays.".into();
        }
        match (desk.state().phase(), self.selection) {
            (Phase::Move(_), None) => "Click one of your figures; click it again for its team. \
                                       Then click where it should go, or an enemy to close with him."
                .into(),
            (Phase::Move(_), Some(_)) if self.mode.special() => self.mode.hint().into(),
            (Phase::Move(_), Some(_)) => "Green: where it can go this move. Click there to move; \
                                          \"Charge\" first to charge an enemy."
                .into(),
            (Phase::Fire(_), None) => {
                "Click a figure, then an enemy to fire; click a gun to aim it.".into()
            }
            (Phase::Fire(_), Some(_)) => "Hover an enemy for the odds; click him to fire.".into(),
            (Phase::Over, _) => String::new(),
        }
    }

    /// The pick's arms, paces and state; returns the y below.
    pub(super) fn selection_box(&self, desk: &D, ui: &Ui, x: f32, mut y: f32, w: f32) -> f32 {
        let Some(sel) = self.selection else {
            return y;
        };
        let state = desk.state();
        let members = members(state, sel);
        let Some(first) = members.first() else {
            return y;
        };
        let side_c = desk.colour(first.side());
        let top = y;
        y += 16.0;
        let head = match sel {
            Selection::Figure(_) => words::figure(desk.names(), first),
            Selection::Team(t) => format!(
                "Team {} · {} · {} men",
                t.0,
                desk.side_name(first.side()),
                members.len()
            ),
        };
        ui.title(&head, x + 10.0, y, 15, desk.ink(first.side()));
        y += 18.0;
        let mut line = |s: &str, c: Color| {
            ui.text_fit(s, x + 10.0, y, 13, c, w - 10.0);
            y += 16.0;
        };
        line(
            &format!(
                "{}: {}",
                words::weapon(first.kit()),
                words::bands_line(first.kit())
            ),
            INK,
        );
        let pace = |f: Footing| inch(allowance(first.mount(), &f));
        let on = |set: fn(&mut Footing)| {
            let mut f = Footing::default();
            set(&mut f);
            pace(f)
        };
        line(
            &format!(
                "moves {} on roads · {} open · {} woods · {} swamp{}",
                on(|f| f.road = true),
                pace(Footing::default()),
                on(|f| f.woods = true),
                on(|f| f.swamp = true),
                if first.mount() == Mount::Horse {
                    " (horse)"
                } else {
                    ""
                }
            ),
            INK,
        );
        if let Selection::Figure(_) = sel {
            let mut status = Vec::new();
            if first.moved() {
                status.push("has moved");
            }
            if first.fired() {
                status.push("has fired");
            }
            if first.charging() {
                status.push("charged this turn");
            } else if first.charge_used() {
                status.push("has used his charge");
            }
            if state.pending_hits().contains(&first.id()) {
                status.push("hit: falls when both sides have fired");
            }
            if !status.is_empty() {
                line(&status.join(" · "), INK);
            }
        }
        if let Some(h) = state.gun(first.team()) {
            let ready = if h.ready(state.turn()) {
                "set up".to_string()
            } else {
                format!("setting up: fires from turn {}", h.ready_in())
            };
            let ammo = match h.kind() {
                HeavyKind::Fieldpiece => format!(
                    "fieldpiece: {} shells, {} canister · {ready}",
                    h.shells(),
                    h.canister()
                ),
                HeavyKind::Gatling => format!("Gatling: {} bursts · {ready}", h.bursts()),
            };
            line(&ammo, INK);
            if !matches!(sel, Selection::Team(_)) {
                line("click the gun (or \"Whole team\") to aim it", FADED);
            }
        }
        if let Some(r) = &self.reach {
            if r.next_move && !r.cells.is_empty() {
                line("blue: where it could go in its next move", FADED);
            }
        }
        draw_rectangle(x, top, 3.0, y - top - 8.0, side_c);
        y + 2.0
    }
}
