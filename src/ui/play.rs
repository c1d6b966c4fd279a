//! The game screen: the board with pieces, the current hand, the actions the engine allows (and
//! those it refuses, with why), the players' standing and the whole log. Every verdict comes
//! from the engine: [`Game::submit`] to act, [`check`](crate::rules::check) and
//! [`MapBoard::may_go`] to say beforehand what would happen.

mod actions;
mod battle;
mod confirm;
mod draw;
mod events;
mod help;
mod hover;
mod input;
mod log;
mod panel;
mod pick;
mod pieces;
mod recap;
mod save;
mod sea;
mod trade;

pub use save::{save_json, seat_of, LogWatch, Slot};

use super::board::Board as BoardView;
use super::settings::Settings;
use super::widgets::Ui;
use crate::ai::{step, Bot, General, Level, Limits};
use crate::map::GameMap;
use crate::rules::map_board::Reach;
use crate::rules::{
    legal_commands, CardId, Command, Game, MapBoard, MapPoint, Pending, PlayerId, RespondTrade,
    SettlementId, UnitId,
};

/// Right-hand panel width, UI units.
const PANEL_W: f32 = 340.0;
/// Height of the hand strip along the top, UI units.
const HAND_H: f32 = 96.0;
/// Seconds between two AI commands, normal and fast.
const AI_DELAY: [f32; 2] = [0.5, 0.05];

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// A person at the screen.
    Human,
    /// A bot, at a level.
    Ai(Level),
}

/// Where the game screen wants to go next.
pub enum Leave {
    /// Back to the main menu.
    Menu,
    /// The game is won.
    Won(String),
}

/// A screen over the board that takes the input while open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Overlay {
    None,
    Help,
    Settings,
}

/// A game being played.
pub struct Play {
    map: &'static GameMap,
    rules_board: MapBoard<'static>,
    view: BoardView,
    game: Game,
    seats: Vec<Seat>,
    bots: Vec<Box<dyn Bot>>,
    legal: Vec<Command>,
    legal_at: usize,
    selected: Option<UnitId>,
    /// The settlement clicked on, where the settlement actions apply.
    selected_place: Option<SettlementId>,
    reach: Option<Reach>,
    /// The selected Ship's reach at sea (the engine's), in the main phase.
    sea_reach: Option<sea::SeaWash>,
    /// Where the selected unit aboard a Ship could go ashore (the engine's candidates).
    landings: Vec<MapPoint>,
    cards: Vec<CardId>,
    log: log::Log,
    /// The last refusal, and how many commands the game had when it was given: any later
    /// command, or a new selection, makes it stale.
    message: Option<(String, usize)>,
    /// What the last action did that the board alone does not show ("Took back …"), kept
    /// apart from refusals so it is not drawn as one; stale after the next command likewise.
    notice: Option<(String, usize)>,
    ai_clock: f32,
    fast: bool,
    /// The human seat whose hand may be shown; another human must first pass the screen.
    revealed: Option<PlayerId>,
    /// Where the game saves, and the Save dialog.
    slot: save::Slot,
    /// The last draw being shown: die, cards, seconds left. Any click skips it.
    draw_shown: Option<(u8, Vec<CardId>, f32)>,
    /// The last combat's (or siege roll's) dice and verdict, with seconds left on screen. Any
    /// click skips it.
    combat_shown: Option<draw::DiceShown>,
    names_before: std::collections::BTreeMap<UnitId, String>,
    /// The trade the current player is drafting, while its screen is open.
    trade: Option<trade::Draft>,
    /// How to decide the attack just clicked, while that choice is open.
    battle_choice: Option<battle::Choice>,
    /// The table battle being fought, while the engine waits for it.
    table: Option<Box<dyn super::table_play::TableScreen>>,
    /// Table commands from a save, replayed when the battle's screen opens.
    resume_table: Option<Vec<crate::tactical::LoggedCommand>>,
    settings: Settings,
    overlay: Overlay,
    /// Games before each command that may be taken back, newest last, with the log's length
    /// then and what the command was.
    undo: Vec<confirm::UndoStep>,
    /// A question asked before an action.
    ask: Option<confirm::Ask>,
    /// The last aim worked out, and the pointer and state it was for.
    aim: Option<(input::AimKey, pick::Aim)>,
    /// Panels drawn last frame (UI units): the wheel and drags there are not the map's.
    last_panels: Vec<[f32; 4]>,
    /// How far the action list is scrolled, UI units.
    actions_scroll: f32,
    /// What happened since a hot-seat player's last turn, while shown.
    recap: Option<recap::Recap>,
    /// For each seat, how many commands' events it had seen when its last turn ended.
    seen: Vec<usize>,
    /// The map has been fitted to the part of the window the panels leave free.
    fitted: bool,
}

/// Seconds the die and the drawn cards stay on screen.
const DRAW_SHOW_S: f32 = 1.6;

impl Play {
    /// A game on `map`, which the rules board borrows for the whole session (see
    /// [`map_cache`](crate::ui::map_cache) for why it is `'static`). A loaded save's log is
    /// handed over by [`Play::resume`].
    pub fn new(
        map: &'static GameMap,
        view: BoardView,
        game: Game,
        seats: Vec<Seat>,
        slot: save::Slot,
    ) -> Play {
        let rules_board = MapBoard::new(map, game.state().scale());
        // Every seat gets a bot: an AI seat's plays its turns, a human seat's only steps in
        // where the screen hands it a decision to finish.
        let bots = seats
            .iter()
            .map(|s| match s {
                Seat::Ai(level) => Box::new(General::new(*level)) as Box<dyn Bot>,
                Seat::Human => Box::new(General::new(Level::Normal)),
            })
            .collect();
        let seats_len = seats.len();
        Play {
            map,
            rules_board,
            view,
            game,
            seats,
            bots,
            legal: Vec::new(),
            legal_at: usize::MAX,
            selected: None,
            selected_place: None,
            reach: None,
            sea_reach: None,
            landings: Vec::new(),
            cards: Vec::new(),
            log: log::Log::started(),
            message: None,
            notice: None,
            ai_clock: 0.0,
            fast: false,
            revealed: None,
            slot,
            draw_shown: None,
            combat_shown: None,
            names_before: Default::default(),
            trade: None,
            battle_choice: None,
            table: None,
            resume_table: None,
            settings: Settings::default(),
            overlay: Overlay::None,
            undo: Vec::new(),
            ask: None,
            aim: None,
            last_panels: Vec::new(),
            actions_scroll: 0.0,
            recap: None,
            seen: vec![0; seats_len],
            fitted: false,
        }
    }

    /// The game (for saving).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The board view (for scripted clicks on map coordinates).
    pub fn view(&self) -> &BoardView {
        &self.view
    }

    /// Bring the map point at `lon`, `lat` to the middle of the board's free part, the zoom
    /// kept (a script's `centre`, as a click on a log line's place does).
    pub fn look_at(&mut self, lon: f64, lat: f64) {
        let xy = self.map.projection().to_xy(lon, lat);
        self.view.centre_on(xy);
    }

    /// The map.
    pub fn map(&self) -> &GameMap {
        self.map
    }

    /// Who plays each seat.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Where a point of the table (inches from its south-west corner) is on screen, while a
    /// table battle is shown.
    pub fn table_point(&self, inches: [f64; 2]) -> Option<[f32; 2]> {
        self.table.as_ref()?.screen_point(inches)
    }

    /// Where unit `u`'s coin is drawn, window pixels (its stack's coin, or for a unit aboard a
    /// Ship its small coin on the Ship's rim).
    pub fn unit_point(&self, u: UnitId) -> Option<[f32; 2]> {
        let stacks = self.stacks();
        let st = stacks.into_iter().find(|s| s.units.contains(&u))?;
        Some(
            st.cargo
                .iter()
                .find(|(c, _)| *c == u)
                .map_or(st.at, |(_, at)| *at),
        )
    }

    fn human_count(&self) -> usize {
        self.seats.iter().filter(|s| **s == Seat::Human).count()
    }

    /// The refusal to show, unless something has happened since.
    fn message(&self) -> Option<&str> {
        self.message
            .as_ref()
            .filter(|(_, at)| *at == self.game.commands().len())
            .map(|(m, _)| m.as_str())
    }

    fn refuse(&mut self, why: impl Into<String>) {
        self.message = Some((why.into(), self.game.commands().len()));
    }

    /// The notice to show (not a refusal), unless something has happened since.
    fn notice(&self) -> Option<&str> {
        self.notice
            .as_ref()
            .filter(|(_, at)| *at == self.game.commands().len() && self.message().is_none())
            .map(|(m, _)| m.as_str())
    }

    /// Carry out a command for the player at the screen; a refusal is shown in the panel.
    fn submit(&mut self, cmd: Command) {
        self.names_before = log::unit_names(self.game.state());
        let before = self.game.clone();
        let (lines, records) = (self.log.lines.len(), self.log.records.len());
        let actor = self.game.state().actor();
        match self.game.submit(&self.rules_board, cmd.clone()) {
            Ok(events) => {
                self.message = None;
                if crate::rules::may_undo(&events) {
                    self.undo.push(confirm::UndoStep {
                        game: before,
                        lines,
                        records,
                        what: confirm::undo_what(&cmd, &self.names_before),
                        unit: match &cmd {
                            Command::Move(m) => Some(m.unit),
                            _ => None,
                        },
                    });
                } else {
                    self.undo.clear();
                }
                self.after(actor, &events);
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    fn refresh_legal(&mut self) {
        if self.legal_at != self.game.commands().len() {
            self.legal = legal_commands(self.game.state(), &self.rules_board);
            self.legal_at = self.game.commands().len();
        }
    }

    /// AI seats are offered trades by people and answer themselves; a person may ask (in the
    /// settings) never to be interrupted by an AI's offer: it is declined for them.
    fn decline_ai_offer(&mut self) -> bool {
        let state = self.game.state();
        let Some(Pending::Trade { from, with, .. }) = state.pending().first() else {
            return false;
        };
        let (from, with) = (*from, *with);
        if !self.settings.decline_ai_trades
            || !matches!(self.seats[from.index()], Seat::Ai(_))
            || self.seats[with.index()] != Seat::Human
        {
            return false;
        }
        self.submit(Command::RespondTrade(RespondTrade { accept: false }));
        let state = self.game.state();
        self.log.lines.push(log::Line {
            round: self.log.round(),
            text: format!(
                "(Declined for {} without asking: see Settings.)",
                state.player(with).name()
            ),
            at: None,
        });
        true
    }

    /// One frame: input, AI, drawing. Returns where to go when the screen is done.
    pub fn frame(&mut self, ui: &mut Ui, settings: &mut Settings) -> Option<Leave> {
        self.settings = settings.clone();
        let leave = self.frame_inner(ui);
        if self.settings != *settings {
            *settings = self.settings.clone();
        }
        self.last_panels = ui.panels.clone();
        leave
    }

    fn frame_inner(&mut self, ui: &mut Ui) -> Option<Leave> {
        if !self.fitted {
            // The whole map, clear of the hand and the side panel.
            let s = ui.scale();
            self.view.set_insets(HAND_H * s, PANEL_W * s);
            self.view.fit_free_area();
            self.fitted = true;
        }
        if let Some(summary) = self.victory_summary() {
            return Some(Leave::Won(summary));
        }
        if self.decline_ai_offer() {
            return None;
        }
        let actor = self.game.state().actor();
        let human = self.seats[actor.index()] == Seat::Human;
        if human && self.revealed != Some(actor) && self.human_count() > 1 {
            return self.pass_screen(ui, actor);
        }
        if human {
            self.revealed = Some(actor);
        }
        self.refresh_legal();
        // Trading has screens of their own: they show a hand, so they come after the pass screen.
        if human && self.trade_screen(ui) {
            return None;
        }
        let battle = matches!(
            self.game.state().pending().first(),
            Some(Pending::Battle { .. })
        );
        if human && battle && self.table_frame(ui) {
            return None;
        }
        if self.save_dialog_over_board(ui, human) {
            return None;
        }
        if !human {
            self.ai_step(ui.input.dt);
        }
        let mut leave = None;
        self.keys(ui, human);
        self.draw_board(ui, human);
        self.panel(ui, human, &mut leave);
        if human {
            self.hand(ui);
        }
        if self.overlays(ui) {
            return leave;
        }
        self.recap_panel(ui);
        self.map_input(ui, human);
        leave
    }

    fn ai_step(&mut self, dt: f32) {
        self.ai_clock += dt;
        if self.ai_clock < AI_DELAY[usize::from(self.fast)] {
            return;
        }
        self.ai_clock = 0.0;
        self.names_before = log::unit_names(self.game.state());
        let actor = self.game.state().actor();
        match step(
            &mut self.game,
            &self.rules_board,
            &mut self.bots,
            Limits::turns(u32::MAX),
        ) {
            Ok(Some(s)) => {
                self.undo.clear();
                self.after(actor, &s.events);
            }
            Ok(None) => {}
            Err(e) => self.refuse(format!("The AI is stuck: {e}")),
        }
    }

    /// Keys: F fast AI, E end the phase or turn, U undo, N next unit that can act, S save,
    /// ? or F1 help, Escape closes or deselects.
    fn keys(&mut self, ui: &Ui, human: bool) {
        for c in ui.input.chars.clone() {
            match c {
                'f' => self.fast = !self.fast,
                'e' if human && self.overlay == Overlay::None => {
                    if let Some(end) = self
                        .legal
                        .iter()
                        .find(|c| matches!(c, Command::EndMain(_)))
                        .or_else(|| self.legal.iter().find(|c| matches!(c, Command::EndTurn(_))))
                        .cloned()
                    {
                        self.end(end);
                    }
                }
                'u' if human && self.overlay == Overlay::None => self.take_back(),
                'n' if human && self.overlay == Overlay::None => self.select_next_ready(),
                's' if human && self.overlay == Overlay::None => self.open_save_dialog(),
                // The board takes these itself from the keyboard; a script's arrive here.
                '+' => self.view.zoom_step(1),
                '-' => self.view.zoom_step(-1),
                '?' => {
                    self.overlay = if self.overlay == Overlay::Help {
                        Overlay::None
                    } else {
                        Overlay::Help
                    }
                }
                '\u{1b}' => {
                    if self.overlay != Overlay::None {
                        self.overlay = Overlay::None;
                    } else if self.ask.is_some() {
                        self.ask = None;
                    } else if self.recap.is_some() {
                        self.recap = None;
                    } else {
                        self.selected = None;
                        self.selected_place = None;
                        self.clear_reach();
                    }
                }
                _ => {}
            }
        }
    }

    /// The map and everything on it, in window pixels, with the board's own panels on top.
    fn draw_board(&mut self, ui: &mut Ui, human: bool) {
        let s = ui.scale();
        // The hand covers the top strip for a human, the side panel the right edge: the board's
        // title and attribution move clear of them (the panel repeats the attribution).
        self.view
            .set_insets(if human { HAND_H * s } else { 0.0 }, PANEL_W * s);
        ui.camera_off();
        self.view.draw_map();
        let stacks = self.stacks();
        let aim = if human { self.current_aim(ui) } else { None };
        self.draw_pieces(ui, &stacks, aim.as_ref());
        self.view.draw_hud();
        for r in self.view.hud_rects() {
            ui.panels.push([r[0] / s, r[1] / s, r[2] / s, r[3] / s]);
        }
        ui.camera_on();
    }

    /// The overlays that take the frame's input while open; true if one did.
    fn overlays(&mut self, ui: &mut Ui) -> bool {
        if self.draw_display(ui) || self.combat_display(ui) || self.battle_choice_frame(ui) {
            return true;
        }
        match self.overlay {
            Overlay::Help => {
                if self.help(ui) {
                    self.overlay = Overlay::None;
                }
                return true;
            }
            Overlay::Settings => {
                let [w, h] = ui.size();
                let r = [(w - 640.0) / 2.0, (h - 420.0) / 2.0, 640.0, 420.0];
                if super::settings::panel(ui, &mut self.settings, r) {
                    self.overlay = Overlay::None;
                }
                ui.swallow_click();
                return true;
            }
            Overlay::None => {}
        }
        self.ask_frame(ui)
    }
}

impl Play {
    /// Pan and zoom the board from the real mouse and keyboard; the characters typed that the
    /// board does not use are returned for the game screen.
    pub fn pan_zoom(&mut self, dt: f32, scale: f32) -> Vec<char> {
        let (x, y) = macroquad::input::mouse_position();
        let m = [x / scale, y / scale];
        let over = self
            .last_panels
            .iter()
            .any(|r| super::widgets::inside(m, *r));
        self.view.handle_input_over(dt, !over)
    }
}
