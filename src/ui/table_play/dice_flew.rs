//! The Dice Flew on the table screen: companies with their figures, pinned and shaken markers,
//! HQ command radii, the written orders (shown to their own side, editable before the battle
//! and by the order-change roll), the "shoot at this company now?" prompt when an enemy moves
//! into sight, and clicks to move and fire with the engine's own verdict on hover. In hot seat
//! every hand-over goes through the pass screen, so one seat never sees the other's orders or
//! decisions.

mod equip;
mod guns;
mod hover;
mod orders;
mod pieces;
mod support;
mod words;

#[cfg(test)]
mod tests;

use std::borrow::Cow;

use macroquad::color::Color;
use macroquad::shapes::{draw_circle_lines, draw_line, draw_poly_lines};

use super::super::table::{Badges, Frame, TableShot};
use super::super::widgets::Ui;
use super::super::Fonts;
use super::view::{Grid, Hover, Note, RulesetView};
use super::{draw, Desk};
use crate::tactical::dice_flew::fire::reach;
use crate::tactical::dice_flew::state::{DfState, Pending, Phase, TURN_LIMIT};
use crate::tactical::dice_flew::tables::command_radius;
use crate::tactical::dice_flew::unit::{footprint, BattalionId, Order, UnitId};
use crate::tactical::dice_flew::view::DfView;
use crate::tactical::dice_flew::{DfCommand, DfEvent, DiceFlew};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{distance, TablePoint};
use crate::tactical::Battlefield;

/// The battle as the view sees it.
type D = Desk<DiceFlewView>;

/// The Dice Flew's view: the unit picked, an order being drafted for a battalion, a battery
/// waiting for its click, and the size of the next patrol.
#[derive(Default)]
pub(super) struct DiceFlewView {
    pick: Option<UnitId>,
    /// The battalion whose order is being written (or asked to change) and the order so far.
    draft: Option<(BattalionId, Order)>,
    /// What the next click does for the guns.
    tool: support::Tool,
    /// Riflemen the next patrol takes (0 until chosen: the most a patrol may have).
    men: u8,
}

/// The living unit whose base is under `p`, nearest first.
fn unit_at(s: &DfState, p: TablePoint, r: f64) -> Option<UnitId> {
    s.units()
        .iter()
        .filter(|u| u.alive() && distance(u.at, p) <= r.max(footprint()))
        .min_by(|a, b| distance(a.at, p).total_cmp(&distance(b.at, p)))
        .map(|u| u.id)
}

/// Whether the screen may show `side`'s written orders now: to its own player only (in hot
/// seat, the one at the device), and all of them when bots play both sides.
fn shows_orders(desk: &D, side: Side) -> bool {
    if !desk.is_human(Side::Attacker) && !desk.is_human(Side::Defender) {
        return true;
    }
    match desk.human_actor() {
        Some(me) => me == side,
        None => desk.is_human(side) && !(desk.is_human(side.other())),
    }
}

/// The seat whose eyes the screen is: the human to act, else the only human side (watching the
/// bot); none when bots play both sides, or once a hot-seat battle is over.
fn seat(desk: &D) -> Option<Side> {
    let human = |side| desk.is_human(side);
    desk.human_actor()
        .or_else(|| match (human(Side::Attacker), human(Side::Defender)) {
            (true, false) => Some(Side::Attacker),
            (false, true) => Some(Side::Defender),
            _ => None,
        })
}

/// The table as the screen may draw it: before the battle through the seat's view, so that the
/// enemy's dice show as deployed whatever he has equipped them as (in hot seat the pass screen
/// already hides the board between seats). From turn 1 everything on the table is public, and
/// the engine's own state is drawn without a copy a frame.
pub(super) fn seen(desk: &D) -> Cow<'_, DfState> {
    let s = desk.state();
    match (s.phase(), seat(desk)) {
        (Phase::Orders(_), Some(side)) => Cow::Owned(DfView::of(s, side).into_state()),
        _ => Cow::Borrowed(s),
    }
}

impl DiceFlewView {
    /// The pick, when it is the human side's to command now.
    fn own(&self, desk: &D) -> Option<UnitId> {
        let me = desk.human_actor()?;
        self.pick.filter(|id| {
            desk.state()
                .unit(*id)
                .is_some_and(|u| u.side == me && u.alive())
        })
    }

    fn send(desk: &mut D, cmd: DfCommand) -> bool {
        match desk.submit(cmd) {
            Ok(()) => true,
            Err(e) => {
                desk.refuse(e);
                false
            }
        }
    }

    /// The decision waiting on the human side, if the battle is paused on one.
    fn pending(desk: &D) -> Option<&Pending> {
        desk.human_actor()?;
        desk.state().pending()
    }
}

impl RulesetView for DiceFlewView {
    type Rules = DiceFlew;
    type Marks = support::Shells;

    fn new(_desk: &D) -> Self {
        DiceFlewView::default()
    }
    fn header(desk: &D) -> String {
        let t = desk.state().turn();
        let turn = if t == 0 {
            "orders".to_string()
        } else {
            format!("turn {t} of {TURN_LIMIT}")
        };
        format!("The Dice Flew · {turn} · 72″ table, 1″ = 25 m")
    }
    fn doing(desk: &D) -> String {
        match (desk.state().phase(), desk.state().pending()) {
            (Phase::Orders(_), _) => "writes orders".into(),
            (Phase::Initiative(_), _) => "chooses: first or second".into(),
            (Phase::Move(_), Some(Pending::Interrupt { .. })) => "may shoot now".into(),
            (Phase::Move(_), Some(Pending::React { .. })) => "is fired on".into(),
            (Phase::Move(_), None) => "to move".into(),
            (Phase::Fire(_), _) => "to fire".into(),
            (Phase::Over, _) => String::new(),
        }
    }
    fn standing(desk: &D) -> String {
        let s = desk.state();
        let names = desk.names();
        let [al, dl] = s.losses();
        let pinned = |side| s.living(side).filter(|u| u.pinned).count();
        let shaken = |side| {
            s.battalions()
                .iter()
                .filter(|b| b.side == side && b.shaken)
                .count()
        };
        format!(
            "Lost: {} {al} · {} {dl}   Pinned {}·{}   Shaken bns {}·{}",
            names[0],
            names[1],
            pinned(Side::Attacker),
            pinned(Side::Defender),
            shaken(Side::Attacker),
            shaken(Side::Defender),
        )
    }
    fn opening(desk: &D) -> String {
        words::phase_line(desk.names(), desk.state())
    }
    fn note(desk: &D, e: &DfEvent) -> Note {
        words::note(desk, e)
    }
    fn mark(marks: &mut support::Shells, e: &DfEvent) {
        marks.mark(e);
    }
    fn key_line() -> &'static str {
        // The line is cut at 125% and shown whole on hover; the kinds a player cannot guess come
        // first.
        "FO observer · P patrol · R rifle · M mortar · S sniper · G gun · C horse · MG · AT · \
         AC/LT/MT/HT armour"
    }
    fn state_json(state: &DfState) -> serde_json::Value {
        serde_json::to_value(state).unwrap_or_default()
    }
    fn pass_to(desk: &D, side: Side) -> Option<String> {
        let s = desk.state();
        let who = |id: UnitId| s.unit(id).map_or(String::new(), |u| u.label());
        Some(match (s.phase(), s.pending()) {
            (Phase::Orders(_), _) => {
                "Write your battalions' orders: the other side must not see them.".into()
            }
            (_, Some(Pending::Interrupt { mover, .. })) => format!(
                "The enemy's {} is moving in sight of your companies: shoot at it now?",
                who(*mover)
            ),
            (_, Some(Pending::React { mover, shooter, .. })) => format!(
                "Your {} is fired on by the {}: go to ground or push on?",
                who(*mover),
                who(*shooter)
            ),
            _ => format!("{} {}.", desk.side_name(side), Self::doing(desk)),
        })
    }

    fn draw_marks(marks: &support::Shells, _state: &DfState, field: &Battlefield, f: &Frame) {
        let o = f.px(field.objective);
        // The objective's 6″: where the last turn's holder is reckoned.
        let r = crate::tactical::table::inches(6.0) as f32 * f.px_per_mm;
        draw_circle_lines(o[0], o[1], r, 2.0, Color::new(0.0, 0.0, 0.0, 0.6));
        marks.draw(f);
    }
    fn table_state(desk: &D) -> Cow<'_, DfState> {
        seen(desk)
    }
    fn draw_pieces(
        state: &DfState,
        f: &Frame,
        fonts: &Fonts,
        colours: [Color; 2],
        badges: &mut Badges,
    ) {
        pieces::draw_forces(state, f, fonts, colours, badges);
    }
    fn shot(_rules: &DiceFlew) -> TableShot {
        pieces::shot()
    }

    fn picked(&self) -> bool {
        self.pick.is_some() || self.draft.is_some() || self.tool != support::Tool::None
    }
    fn deselect(&mut self) {
        self.pick = None;
        self.draft = None;
        self.tool = support::Tool::None;
    }
    fn turn_passed(&mut self, desk: &D) {
        let side = self
            .pick
            .and_then(|id| desk.state().unit(id))
            .map(|u| u.side);
        if side != desk.actor() {
            self.deselect();
        }
        if !matches!(desk.state().phase(), Phase::Orders(_) | Phase::Move(_)) {
            self.draft = None;
        }
        if !support::tool_fits(self, desk.state()) {
            self.tool = support::Tool::None;
        }
    }
    fn click(&mut self, desk: &mut D, p: TablePoint, r: f64) {
        if desk.human_actor().is_some() && support::click(self, desk, p, r) {
            return;
        }
        let s = desk.state();
        let under = unit_at(s, p, r);
        let me = desk.human_actor();
        let side = |id: UnitId| s.unit(id).map(|u| u.side);
        let phase = s.phase();
        let pending = s.pending().cloned();
        match (me, phase, pending) {
            (Some(_), _, Some(Pending::Interrupt { shooters, .. })) => {
                match under.filter(|id| shooters.contains(id)) {
                    Some(shooter) => {
                        Self::send(desk, DfCommand::Shoot { shooter });
                    }
                    None => self.pick = under,
                }
            }
            (Some(me), Phase::Orders(_), _) => {
                if let Some(id) = under.filter(|id| side(*id) == Some(me)) {
                    self.pick = Some(id);
                    self.draft = orders::draft_for(desk.state(), id);
                    self.tool = support::Tool::None;
                } else if !orders::click_feature(self, desk, p, r) {
                    self.deselect();
                }
            }
            (Some(me), Phase::Move(_), None) => match (self.own(desk), under) {
                (_, Some(id)) if side(id) == Some(me) => {
                    self.pick = Some(id);
                    if self.draft.is_some() {
                        self.draft = orders::draft_for(desk.state(), id);
                    }
                }
                (Some(_), _) if self.draft.is_some() => {
                    if !orders::click_feature(self, desk, p, r) {
                        self.draft = None;
                    }
                }
                (Some(unit), _) => {
                    Self::send(desk, DfCommand::Move { unit, to: p });
                }
                (None, other) => self.pick = other,
            },
            (Some(me), Phase::Fire(_), _) => match under {
                Some(id) if side(id) == Some(me) => {
                    self.pick = Some(id);
                    Self::send(desk, DfCommand::Fire { shooter: id });
                }
                other => self.pick = other,
            },
            _ => self.pick = under,
        }
    }
    fn key(&mut self, desk: &mut D, c: char) {
        if c == 'e' && desk.state().pending().is_none() {
            let cmd = match desk.state().phase() {
                Phase::Orders(_) => DfCommand::OrdersDone,
                _ => DfCommand::Done,
            };
            Self::send(desk, cmd);
        }
    }
    fn draw_under(&mut self, desk: &D, ui: &Ui, f: &Frame) {
        support::draw_plans(desk, ui, f);
        let s = desk.state();
        let spec = desk.field().spec;
        let Some(u) = self.pick.and_then(|id| s.unit(id)).filter(|u| u.alive()) else {
            return;
        };
        let ink = Color::new(0.1, 0.1, 0.1, 0.6);
        let r = reach(u, false);
        if r > 0.0 {
            let label = format!("reach {:.0}″", r / crate::tactical::table::MM_PER_INCH);
            draw::ring(ui, f, &spec, u.at, r + 2.0 * footprint(), ink, &label);
        }
        // The battalion's HQ and its command radius, in full.
        if let Some(hq) = u.battalion.and_then(|b| s.hq(b)) {
            let c = desk.colour(u.side);
            draw::ring(
                ui,
                f,
                &spec,
                hq.at,
                command_radius(hq.kind.radio()),
                c,
                "command",
            );
        }
    }
    fn draw_over(&mut self, desk: &D, ui: &Ui, f: &Frame, badges: &mut Badges) {
        let s = desk.state();
        orders::draw_orders(self, desk, ui, f, badges);
        // The companies offered an interrupting shot, ringed: a click on one fires it.
        if let Some(Pending::Interrupt {
            mover, shooters, ..
        }) = Self::pending(desk)
        {
            let gold = Color::new(1.0, 0.8, 0.1, 1.0);
            let r = pieces::base_radius(f) + 5.0;
            if let Some(m) = s.unit(*mover) {
                let mp = f.px(m.at);
                for sh in shooters.iter().filter_map(|id| s.unit(*id)) {
                    let p = f.px(sh.at);
                    draw_circle_lines(p[0], p[1], r, 3.0, gold);
                    draw_line(p[0], p[1], mp[0], mp[1], 1.5, gold);
                }
                draw_poly_lines(mp[0], mp[1], 4, r + 2.0, 45.0, 3.0, pieces::PINNED);
            }
        }
        if let Some(u) = self.pick.and_then(|id| s.unit(id)) {
            let p = f.px(u.at);
            let r = pieces::base_radius(f) + 4.0;
            draw_circle_lines(p[0], p[1], r, 3.0, Color::new(1.0, 1.0, 1.0, 0.95));
        }
        // The observer whose call is being made, ringed in gold like a shooter.
        if let Some((at, _)) = support::observer_of(self, s) {
            let p = f.px(at);
            let r = pieces::base_radius(f) + 5.0;
            draw_circle_lines(p[0], p[1], r, 3.0, Color::new(1.0, 0.8, 0.1, 1.0));
        }
    }
    fn hover(&self, desk: &D, p: TablePoint, f: &Frame) -> Option<Hover> {
        hover::hover(self, desk, p, f)
    }
    fn buttons(&mut self, desk: &mut D, ui: &mut Ui, grid: &mut Grid) {
        orders::buttons(self, desk, ui, grid);
    }
    fn panel(&self, desk: &D, ui: &Ui, x: f32, y: f32, w: f32) -> f32 {
        orders::panel(self, desk, ui, x, y, w)
    }
    fn hint(&self, desk: &D) -> String {
        let Some(side) = desk.actor() else {
            return "Look the table over, then go back.".into();
        };
        if !desk.is_human(side) {
            return "Click a company to see its figures, reach and command while the AI plays."
                .into();
        }
        match self.tool {
            support::Tool::Plan { .. } => {
                return "Pick the turn, then click the place ◆ the battery shells then; the hover \
                        says whether it may."
                    .into()
            }
            support::Tool::Call { .. } => {
                return "Click the enemy unit the observer should bring the guns down on.".into()
            }
            support::Tool::Bombard { .. } => {
                return "Click the enemy unit the guns should shell; the hover says whether they \
                        may."
                    .into()
            }
            support::Tool::Replan { .. } => {
                return "Pick the line's turn, then click the place ◆ to shell instead, or strike \
                        it out."
                    .into()
            }
            support::Tool::None => {}
        }
        match (desk.state().phase(), desk.state().pending(), self.draft) {
            (Phase::Orders(_), _, None) => {
                "Click a company to read or rewrite its battalion's order (a tank or MG die: \
                 choose its kit with ⇄); \"Orders done\" when ready."
                    .into()
            }
            (Phase::Orders(_), _, Some(_)) | (Phase::Move(_), None, Some(_)) => {
                "Pick hold, move to or attack, and the place: a ◆ on the table or \"Next place\"."
                    .into()
            }
            (Phase::Initiative(_), _, _) => "You won the initiative: go first or second.".into(),
            (Phase::Move(_), Some(Pending::Interrupt { .. }), _) => {
                "Click a ringed company (or its button) to shoot now, or hold your fire.".into()
            }
            (Phase::Move(_), Some(Pending::React { .. }), _) => {
                "Go to ground (cover, and the move stops) or push on through the fire.".into()
            }
            (Phase::Move(_), None, None) => match self.pick {
                None => "Click a company, then where it should go. The enemy may fire as it moves."
                    .into(),
                Some(_) => "Click where it should go; the hover says whether it may.".into(),
            },
            (Phase::Fire(_), _, _) => {
                "Click a company to fire it at its closest target; hover first for its dice.".into()
            }
            (Phase::Over, _, _) => String::new(),
        }
    }
}
