//! The pointer on the map: what hovering says (the engine's verdict on a move or an attack, and
//! a card for whatever is under the pointer) and what a click does.

use super::pick::{Aim, Under};
use super::{hover, Overlay, Play};
use crate::rules::{check, Attack, Board, Command, Phase, PlaceBase, Target, UnitId};

/// What an aim was worked out for: the same unit, game and pointer give the same answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct AimKey {
    unit: UnitId,
    commands: usize,
    mouse: [i32; 2],
    view: [u64; 3],
}

/// Base placement: how close (pixels) a click must be to a place ringed in green.
const BASE_PICK_PX: f32 = 25.0;

impl Play {
    /// Whether the pointer is over the map (not over a panel drawn last frame).
    fn pointer_on_map(&self, ui: &crate::ui::widgets::Ui) -> bool {
        let m = ui.mouse();
        !self
            .last_panels
            .iter()
            .any(|r| crate::ui::widgets::inside(m, *r))
    }

    /// Where a move of the selected unit would end with the pointer where it is, and whether
    /// it may; only in the main phase with a unit selected and the pointer on the map.
    pub(super) fn current_aim(&mut self, ui: &crate::ui::widgets::Ui) -> Option<Aim> {
        let state = self.game.state();
        let unit = self.selected?;
        if state.phase() != Phase::Main
            || !state.pending().is_empty()
            || self.overlay != Overlay::None
            || self.ask.is_some()
            || !self.pointer_on_map(ui)
        {
            return None;
        }
        let mouse = ui.input.mouse;
        let stacks = self.stacks();
        let mut boarding = None;
        match self.under(mouse, &stacks) {
            Some(Under::Stack(i)) if stacks[i].owner == state.actor() => {
                // A click there selects, it does not move; unless the unit may go aboard a
                // Ship there, which the engine is asked about.
                boarding = Some(self.boarding_aim(unit, &stacks[i])?);
            }
            Some(Under::Aboard(_)) => return None,
            _ => {}
        }
        if let Some(aim) = boarding {
            return Some(aim);
        }
        let v = self.view.view();
        let key = AimKey {
            unit,
            commands: self.game.commands().len(),
            mouse: [mouse[0].round() as i32, mouse[1].round() as i32],
            view: [
                v.center[0].to_bits(),
                v.center[1].to_bits(),
                v.ppm.to_bits(),
            ],
        };
        if let Some((k, aim)) = &self.aim {
            if *k == key {
                return Some(aim.clone());
            }
        }
        let aim = self.aim(unit, mouse, self.reach.as_ref());
        self.aim = Some((key, aim.clone()));
        Some(aim)
    }

    /// Hover and clicks on the map for the player at the screen.
    pub(super) fn map_input(&mut self, ui: &mut crate::ui::widgets::Ui, human: bool) {
        if !human {
            return;
        }
        let mouse = ui.input.mouse;
        let on_map = !ui.over_panel();
        let stacks = self.stacks();
        let under = if on_map {
            self.under(mouse, &stacks)
        } else {
            None
        };
        if on_map {
            if let Some(text) = self.hover_text(ui, under) {
                ui.set_tip(text);
            }
        }
        if ui.free_click().is_none() {
            return;
        }
        let state = self.game.state();
        if !state.pending().is_empty() {
            return;
        }
        match state.phase() {
            Phase::Setup => self.click_base(mouse, under),
            Phase::Main | Phase::Attack => self.click_turn(ui, mouse, under),
            _ => {}
        }
    }

    /// What the pointer is over, and what a click would do there.
    fn hover_text(&mut self, ui: &crate::ui::widgets::Ui, under: Option<Under>) -> Option<String> {
        let state = self.game.state();
        let mut lines: Vec<String> = Vec::new();
        if state.phase() == Phase::Setup {
            if let Some(Under::Place(p)) = under {
                let cmd = Command::PlaceBase(PlaceBase { place: p });
                lines.push(match check(state, &self.rules_board, &cmd) {
                    Ok(()) => format!("Click to place your base at {}.", self.map.place(p).name()),
                    Err(e) => e.to_string(),
                });
            }
            return (!lines.is_empty()).then(|| lines.join("\n"));
        }
        let aim = self.current_aim(ui);
        let state = self.game.state();
        if let Some(u) = self.selected {
            match state.phase() {
                Phase::Main if state.pending().is_empty() => {
                    if let Some(aim) = aim {
                        lines.push(match &aim.verdict {
                            Ok(Command::Move(mv)) if mv.via.is_some() => {
                                "Legal: a motorway double move. Click to move here.".into()
                            }
                            Ok(Command::Move(_)) if self.is_ship(u) => {
                                "Legal: click to sail here.".into()
                            }
                            Ok(Command::Land(_)) => "Legal: click to land here.".into(),
                            Ok(Command::BoardShip(b)) => {
                                format!("Legal: click to go aboard Ship {}.", b.ship.0)
                            }
                            Ok(_) => "Legal: click to move here.".into(),
                            Err(e) if matches!(under, Some(Under::Stack(_))) => {
                                format!("Cannot board: {e}")
                            }
                            Err(e) => e.to_string(),
                        });
                    }
                }
                Phase::Attack => {
                    if let Some(t) = self.enemy_target(under) {
                        let cmd = Command::Attack(Attack::dice(u, t));
                        lines.push(match check(state, &self.rules_board, &cmd) {
                            Ok(()) => hover::attack_odds(state, &self.rules_board, u, t),
                            Err(e) => format!("Cannot attack: {e}"),
                        });
                    }
                }
                _ => {}
            }
        }
        let card = match under {
            Some(Under::Stack(i)) => {
                let stacks = self.stacks();
                stacks
                    .get(i)
                    .map(|s| hover::stack_card(state, &self.rules_board, &s.units))
            }
            Some(Under::Settlement(s)) => {
                let mut card = hover::settlement_card(state, s, &|t| self.log.round_of(t));
                if self.rules_board.is_port(state, s) {
                    card.push(
                        "A port: Ships are built here, and units board them in harbour.".into(),
                    );
                }
                Some(card)
            }
            Some(Under::Place(p)) => Some(hover::place_card(&self.rules_board, p)),
            Some(Under::Aboard(u)) => {
                let mut card = hover::stack_card(state, &self.rules_board, &[u]);
                card.push("Aboard a Ship: it cannot attack or be attacked until it lands.".into());
                Some(card)
            }
            None => None,
        };
        lines.extend(card.unwrap_or_default());
        (!lines.is_empty()).then(|| lines.join("\n"))
    }

    /// An enemy under the pointer, as the target an attack on it names.
    fn enemy_target(&self, under: Option<Under>) -> Option<Target> {
        let state = self.game.state();
        let me = state.actor();
        match under? {
            Under::Stack(i) => {
                let stacks = self.stacks();
                let st = stacks.get(i)?;
                if st.owner == me {
                    return None;
                }
                let first = st.units[0];
                match state.unit(first)?.at() {
                    // Units inside a settlement defend it: they are attacked through it.
                    crate::rules::Location::Settlement(s) => Some(Target::Settlement(s)),
                    _ => Some(Target::Unit(first)),
                }
            }
            Under::Settlement(s) => {
                (state.settlement(s)?.owner() != me).then_some(Target::Settlement(s))
            }
            Under::Place(_) | Under::Aboard(_) => None,
        }
    }

    fn click_base(&mut self, click: [f32; 2], under: Option<Under>) {
        let v = self.view.view();
        let best = self
            .legal
            .iter()
            .filter_map(|c| match c {
                Command::PlaceBase(pb) => {
                    let s = v.to_screen(self.map.places()[pb.place.0 as usize].pos());
                    let d = (s[0] - click[0]).hypot(s[1] - click[1]);
                    (d < BASE_PICK_PX).then_some((d, c.clone()))
                }
                _ => None,
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        match (best, under) {
            (Some((_, cmd)), _) => self.submit(cmd),
            (None, Some(Under::Place(p))) => {
                let cmd = Command::PlaceBase(PlaceBase { place: p });
                match check(self.game.state(), &self.rules_board, &cmd) {
                    Ok(()) => self.submit(cmd),
                    Err(e) => self.refuse(e.to_string()),
                }
            }
            _ => self.refuse("Click one of the places ringed in green."),
        }
    }

    fn click_turn(&mut self, ui: &crate::ui::widgets::Ui, click: [f32; 2], under: Option<Under>) {
        let state = self.game.state();
        let me = state.actor();
        let stacks = self.stacks();
        if let Some(Under::Stack(i)) = under {
            if stacks[i].owner == me {
                match self.current_aim(ui).map(|a| a.verdict) {
                    Some(Ok(cmd @ Command::BoardShip(_))) => self.submit(cmd),
                    _ => self.select_in_stack(&stacks[i].units),
                }
                return;
            }
        }
        if let Some(Under::Aboard(u)) = under {
            if state.unit(u).is_some_and(|x| x.owner() == me) {
                self.select(u);
                return;
            }
        }
        if let (Some(u), Phase::Attack) = (self.selected, state.phase()) {
            if let Some(t) = self.enemy_target(under) {
                self.attack(u, t);
                return;
            }
        }
        let own_place = match under {
            Some(Under::Settlement(s)) if state.settlement(s).is_some_and(|x| x.owner() == me) => {
                Some(s)
            }
            _ => None,
        };
        if let (Some(u), Phase::Main) = (self.selected, state.phase()) {
            let aim = match self.current_aim(ui) {
                Some(a) => a,
                None => self.aim(u, click, self.reach.as_ref()),
            };
            match aim.verdict {
                Ok(cmd) => {
                    self.submit(cmd);
                    return;
                }
                Err(e) if own_place.is_none() => {
                    self.refuse(e.to_string());
                    return;
                }
                Err(_) => {}
            }
        }
        match own_place {
            Some(s) => {
                self.selected_place = Some(s);
                self.selected = None;
                self.clear_reach();
                self.message = None;
                self.notice = None;
            }
            None => {
                self.selected = None;
                self.selected_place = None;
                self.clear_reach();
            }
        }
    }

    /// Select a unit of a stack: the next one if the stack's is already selected (a click
    /// cycles through it), else the first that can still act.
    pub(super) fn select_in_stack(&mut self, units: &[UnitId]) {
        let next = match self
            .selected
            .and_then(|s| units.iter().position(|u| *u == s))
        {
            Some(i) => units[(i + 1) % units.len()],
            None => units
                .iter()
                .copied()
                .find(|u| self.can_act(*u))
                .unwrap_or(units[0]),
        };
        self.select(next);
    }

    /// Select one unit, with its reach in the main phase.
    pub(super) fn select(&mut self, u: UnitId) {
        let state = self.game.state();
        self.selected = Some(u);
        self.selected_place = None;
        self.message = None;
        self.notice = None;
        // A unit that has moved has no reach to show: hover says why it cannot go anywhere.
        if state.phase() == Phase::Main && self.can_act(u) {
            self.refresh_reach();
        } else {
            self.clear_reach();
        }
    }

    /// Attack `t` with `u`: the engine's refusal if it refuses, the choice of how to fight if
    /// a table battle may be offered, a question first if the odds are bad.
    pub(super) fn attack(&mut self, u: UnitId, t: Target) {
        let refused = check(
            self.game.state(),
            &self.rules_board,
            &Command::Attack(Attack::dice(u, t)),
        );
        if let Err(e) = refused {
            self.refuse(e.to_string());
            return;
        }
        if self.open_battle_choice(u, t) {
            return;
        }
        let state = self.game.state();
        let bad = hover::bad_odds(state, &self.rules_board, u, t);
        match bad.filter(|_| self.settings.confirm) {
            Some(why) => self.ask_attack(u, t, why),
            None => self.submit(Command::Attack(Attack::dice(u, t))),
        }
    }
}
