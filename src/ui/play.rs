//! The game screen: the board with pieces, the current hand, the actions the engine allows,
//! the players' standing and an event log. Every verdict comes from [`Game::submit`].

mod battle;
mod draw;
mod events;
mod panel;
mod save;
mod trade;

pub use save::{save_json, seat_of, LogWatch, Slot};

use super::board::Board as BoardView;
use super::widgets::Ui;
use crate::ai::{step, Bot, General, Level, Limits};
use crate::map::GameMap;
use crate::rules::map_board::Reach;
use crate::rules::{
    legal_commands, CardId, Command, Game, Location, MapBoard, MapPoint, Phase, PlayerId, UnitId,
};

/// Right-hand panel width.
const PANEL_W: f32 = 340.0;
/// Height of the hand strip along the top.
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
    reach: Option<Reach>,
    cards: Vec<CardId>,
    log: Vec<String>,
    message: Option<String>,
    hover: Option<([f32; 2], String)>,
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
}

/// Seconds the die and the drawn cards stay on screen.
const DRAW_SHOW_S: f32 = 1.6;

impl Play {
    /// A game on `map`, which the rules board borrows for the whole session (see
    /// [`map_cache`](crate::ui::map_cache) for why it is `'static`).
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
            reach: None,
            cards: Vec::new(),
            log: vec![save::LOG_START.into()],
            message: None,
            hover: None,
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

    fn human_count(&self) -> usize {
        self.seats.iter().filter(|s| **s == Seat::Human).count()
    }

    /// Every unit's name now, so the log can still name those the next command destroys.
    fn unit_names(&self) -> std::collections::BTreeMap<UnitId, String> {
        let state = self.game.state();
        state
            .units()
            .map(|u| (u.id(), super::text::unit_name(state, u.id())))
            .collect()
    }

    fn submit(&mut self, cmd: Command) {
        self.names_before = self.unit_names();
        match self.game.submit(&self.rules_board, cmd) {
            Ok(events) => {
                self.message = None;
                self.after(&events);
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    fn refresh_legal(&mut self) {
        if self.legal_at != self.game.commands().len() {
            self.legal = legal_commands(self.game.state(), &self.rules_board);
            self.legal_at = self.game.commands().len();
        }
    }

    /// One frame: input, AI, drawing. Returns where to go when the screen is done.
    pub fn frame(&mut self, ui: &mut Ui) -> Option<Leave> {
        if let Some(summary) = self.victory_summary() {
            return Some(Leave::Won(summary));
        }
        let state = self.game.state();
        let actor = state.actor();
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
        if human && self.table_frame(ui) {
            return None;
        }
        if self.save_dialog_over_board(ui, human) {
            return None;
        }
        if !human {
            self.ai_clock += ui.input.dt;
            if self.ai_clock >= AI_DELAY[usize::from(self.fast)] {
                self.ai_clock = 0.0;
                self.names_before = self.unit_names();
                match step(
                    &mut self.game,
                    &self.rules_board,
                    &mut self.bots,
                    Limits::turns(u32::MAX),
                ) {
                    Ok(Some(s)) => self.after(&s.events),
                    Ok(None) => {}
                    Err(e) => self.message = Some(format!("The AI is stuck: {e}")),
                }
            }
        }
        for c in ui.input.chars.clone() {
            match c {
                'f' => self.fast = !self.fast,
                'e' if human => {
                    if let Some(end) = self
                        .legal
                        .iter()
                        .find(|c| matches!(c, Command::EndTurn(_) | Command::EndMain(_)))
                        .cloned()
                    {
                        self.submit(end);
                    }
                }
                _ => {}
            }
        }
        // The hand covers the top strip for a human, the side panel the right edge: the board's
        // title and attribution move clear of them (the panel repeats the attribution).
        self.view
            .set_insets(if human { HAND_H } else { 0.0 }, PANEL_W);
        self.view.draw();
        self.draw_pieces(ui);
        let mut leave = None;
        self.panel(ui, human, &mut leave);
        if human {
            self.hand(ui);
        }
        if self.draw_display(ui) || self.combat_display(ui) || self.battle_choice_frame(ui) {
            return leave;
        }
        self.map_input(ui, human);
        self.tooltip(ui);
        leave
    }

    fn map_input(&mut self, ui: &mut Ui, human: bool) {
        if !human {
            self.hover = None;
            return;
        }
        let mouse = ui.input.mouse;
        let world = self.view.view().to_world(mouse);
        let state = self.game.state();
        let me = state.actor();
        self.hover = None;
        if let Some(u) = self.selected {
            let on_panel = ui.panels.iter().any(|r| super::widgets::inside(mouse, *r));
            if !on_panel && state.phase() == Phase::Main {
                let verdict = match self.rules_board.may_go(state, u, MapPoint::from_m(world)) {
                    Ok(mv) if mv.via.is_some() => {
                        "Legal: a motorway double move — click to move here".to_string()
                    }
                    Ok(_) => "Legal: click to move here".to_string(),
                    Err(e) => e.to_string(),
                };
                self.hover = Some((mouse, verdict));
            }
        }
        if let Some(enemy) = self.enemy_at(mouse) {
            let attack = self.legal.iter().find_map(|c| match c {
                Command::Attack(a) if Some(a.unit) == self.selected && a.target == enemy => {
                    Some(a.clone())
                }
                _ => None,
            });
            if let Some(a) = attack {
                let text = attack_odds_text(state, &self.rules_board, a.unit, a.target);
                self.hover = Some((mouse, text));
            }
        }
        let Some(click) = ui.free_click() else { return };
        match state.phase() {
            Phase::Setup => {
                let best = self
                    .legal
                    .iter()
                    .filter_map(|c| match c {
                        Command::PlaceBase(pb) => {
                            let s = self
                                .view
                                .view()
                                .to_screen(self.map.places()[pb.place.0 as usize].pos());
                            let d = ((s[0] - click[0]).powi(2) + (s[1] - click[1]).powi(2)).sqrt();
                            (d < 25.0).then_some((d, c.clone()))
                        }
                        _ => None,
                    })
                    .min_by(|a, b| a.0.total_cmp(&b.0));
                match best {
                    Some((_, cmd)) => self.submit(cmd),
                    None => self.message = Some("Click one of the places ringed in green.".into()),
                }
            }
            Phase::Main | Phase::Attack => {
                if let Some(u) = self.own_unit_at(click, me) {
                    self.selected = Some(u);
                    self.reach = if state.phase() == Phase::Main {
                        self.rules_board.reach(state, u).ok()
                    } else {
                        None
                    };
                    return;
                }
                if let (Some(u), Some(t)) = (self.selected, self.enemy_at(click)) {
                    if state.phase() == Phase::Attack {
                        if !self.open_battle_choice(u, t) {
                            self.submit(Command::Attack(crate::rules::Attack::dice(u, t)));
                        }
                        return;
                    }
                }
                if let (Some(u), Phase::Main) = (self.selected, state.phase()) {
                    match self.rules_board.may_go(state, u, MapPoint::from_m(world)) {
                        Ok(mv) => self.submit(Command::Move(mv)),
                        Err(e) => self.message = Some(e.to_string()),
                    }
                }
            }
            _ => {}
        }
    }

    fn own_unit_at(&self, s: [f32; 2], me: PlayerId) -> Option<UnitId> {
        let state = self.game.state();
        state.units_of(me).into_iter().find(|u| {
            state.unit_pos(*u).is_some_and(|p| {
                let mut q = self.px(p);
                if state
                    .unit(*u)
                    .is_some_and(|u| matches!(u.at(), Location::Settlement(_)))
                {
                    q = [q[0] + 12.0, q[1] - 12.0];
                }
                (q[0] - s[0]).hypot(q[1] - s[1]) < 12.0
            })
        })
    }

    fn enemy_at(&self, s: [f32; 2]) -> Option<crate::rules::Target> {
        let state = self.game.state();
        let me = state.actor();
        let near = |p: MapPoint| {
            let q = self.px(p);
            (q[0] - s[0]).hypot(q[1] - s[1]) < 14.0
        };
        if let Some(u) = state
            .units()
            // Units inside a settlement are attacked through it (they defend it together).
            .filter(|u| !matches!(u.at(), Location::Settlement(_)))
            .find(|u| u.owner() != me && state.unit_pos(u.id()).is_some_and(near))
        {
            return Some(crate::rules::Target::Unit(u.id()));
        }
        state
            .settlements()
            .find(|x| x.owner() != me && near(x.pos()))
            .map(|x| crate::rules::Target::Settlement(x.id()))
    }
}

/// The exact odds of an attack, and with one more resource die.
fn attack_odds_text(
    state: &crate::rules::State,
    board: &MapBoard,
    unit: UnitId,
    target: crate::rules::Target,
) -> String {
    let Some(u) = state.unit(unit) else {
        return String::new();
    };
    let defenders = match target {
        crate::rules::Target::Unit(t) => state.stack_of(t),
        crate::rules::Target::Settlement(s) => state.defenders(s),
    };
    let Some(d) = crate::rules::strongest(state, board, &defenders)
        .first()
        .map(|d| crate::rules::defence_dice(state, board, *d))
    else {
        return "Empty: an attack captures it".into();
    };
    let a = u.attack_dice();
    let o = crate::rules::odds(a, d);
    let bought = match u.bonus_dice().0 {
        0 => String::new(),
        n => format!(" (with {n} bought)"),
    };
    let mut t = format!(
        "{}v{} dice{bought}: win {:.0}% · lose {:.0}% · stand-off {:.0}%",
        a.0,
        d.0,
        100.0 * o.p_attacker(),
        100.0 * o.p_defender(),
        100.0 * o.p_standoff()
    );
    if a.0 < 4 {
        let o2 = crate::rules::odds(a.plus_capped(crate::rules::Dice(1)), d);
        t.push_str(&format!(
            " · buy +1 die ♦: win {:.0}%",
            100.0 * o2.p_attacker()
        ));
    }
    t
}

impl Play {
    /// Pan and zoom the board from the real mouse and keyboard.
    pub fn pan_zoom(&mut self, dt: f32) {
        self.view.handle_input(dt);
    }
}
