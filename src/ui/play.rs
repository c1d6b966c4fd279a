//! The game screen: the board with pieces, the current hand, the actions the engine allows,
//! the players' standing and an event log. Every verdict comes from [`Game::submit`].

use std::path::PathBuf;

mod draw;

use super::board::Board as BoardView;
use super::text::{command_label, event_line};
use super::widgets::{colour_of, Ui, FADED, INK};
use crate::ai::{bot_by_name, step, Bot, Limits};
use crate::map::GameMap;
use crate::rules::map_board::Reach;
use crate::rules::{
    legal_commands, Card, CardId, Command, Event, Game, Location, MapBoard, MapPoint, Phase,
    PlayerId, Suit, UnitId,
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
    /// The general bot.
    Ai,
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
    autosave: PathBuf,
    /// The last draw being shown: die, cards, seconds left. Any click skips it.
    draw_shown: Option<(u8, Vec<CardId>, f32)>,
    /// The last combat's dice and verdict, with seconds left on screen. Any click skips it.
    combat_shown: Option<(Vec<u8>, Vec<u8>, String, f32)>,
    names_before: std::collections::BTreeMap<UnitId, String>,
}

/// Seconds the die and the drawn cards stay on screen.
const DRAW_SHOW_S: f32 = 1.6;

impl Play {
    /// A game on `map` (leaked: the rules board borrows it for the whole session).
    pub fn new(
        map: GameMap,
        view: BoardView,
        game: Game,
        seats: Vec<Seat>,
        autosave: PathBuf,
    ) -> Play {
        let map: &'static GameMap = Box::leak(Box::new(map));
        let rules_board = MapBoard::new(map, game.state().scale());
        let bots = seats
            .iter()
            .map(|_| bot_by_name("general").expect("the general bot exists"))
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
            log: vec!["The game begins: place your bases in turn order.".into()],
            message: None,
            hover: None,
            ai_clock: 0.0,
            fast: false,
            revealed: None,
            autosave,
            draw_shown: None,
            combat_shown: None,
            names_before: Default::default(),
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

    fn after(&mut self, events: &[Event]) {
        let state = self.game.state();
        let die = events.iter().find_map(|e| match e {
            Event::DrawRolled { value, .. } => Some(*value),
            _ => None,
        });
        let drawn = events.iter().find_map(|e| match e {
            Event::CardsDrawn { cards, .. } => Some(cards.clone()),
            _ => None,
        });
        if let (Some(die), Some(drawn)) = (die, drawn.clone()) {
            // Other seats' cards stay hidden: only the count is shown.
            let mine = self.seats[state.current_player().index()] == Seat::Human;
            let shown = if mine { drawn } else { Vec::new() };
            self.draw_shown = Some((die, shown, DRAW_SHOW_S));
        }
        for e in events {
            if let Event::CombatRolled {
                attack, defence, ..
            } = e
            {
                let verdict = event_line(state, &self.names_before, e).unwrap_or_default();
                self.combat_shown = Some((attack.clone(), defence.clone(), verdict, DRAW_SHOW_S));
            }
            if let Some(line) = event_line(state, &self.names_before, e) {
                self.log.push(line);
            }
        }
        if events
            .iter()
            .any(|e| matches!(e, Event::TurnStarted { .. }))
        {
            let json = self.game.to_json();
            if let Err(e) = crate::sim::write_atomically(&self.autosave, json.as_bytes()) {
                self.log.push(format!("Autosave failed: {e}"));
            }
        }
        self.cards
            .retain(|c| state.player(state.actor()).hand().contains(c));
        if self.selected.is_some_and(|u| {
            state
                .unit(u)
                .is_none_or(|u| u.moved() && state.phase() != Phase::Attack)
        }) {
            self.selected = None;
            self.reach = None;
        }
        if let Some(u) = self.selected {
            self.reach = (state.phase() == Phase::Main)
                .then(|| self.rules_board.reach(state, u).ok())
                .flatten();
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
        let state = self.game.state();
        if let Some(w) = state.winner() {
            let s = state;
            let mut lines = vec![format!("{} wins on turn {}.", s.player(w).name(), s.turn())];
            for (i, p) in s.players().iter().enumerate() {
                let id = PlayerId(i as u8);
                lines.push(format!(
                    "{}: {} settlement points, {} units, {} cards{}",
                    p.name(),
                    s.points(id).0,
                    s.units_of(id).len(),
                    p.hand().len(),
                    if p.is_out() { " — out" } else { "" }
                ));
            }
            return Some(Leave::Won(lines.join("\n")));
        }
        let actor = state.actor();
        let human = self.seats[actor.index()] == Seat::Human;
        if human && self.revealed != Some(actor) && self.human_count() > 1 {
            return self.pass_screen(ui, actor);
        }
        if human {
            self.revealed = Some(actor);
        }
        self.refresh_legal();
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
        self.draw_pieces();
        let mut leave = None;
        self.panel(ui, human, &mut leave);
        if human {
            self.hand(ui);
        }
        if self.draw_display(ui) || self.combat_display(ui) {
            return leave;
        }
        self.map_input(ui, human);
        self.tooltip(ui);
        leave
    }

    fn panel(&mut self, ui: &mut Ui, human: bool, leave: &mut Option<Leave>) {
        let sw = macroquad::window::screen_width();
        let x = sw - PANEL_W;
        ui.panel([x, 0.0, PANEL_W, macroquad::window::screen_height()]);
        let state = self.game.state();
        let actor = state.actor();
        ui.title(
            &format!(
                "Turn {} · {} · {:?}",
                state.turn(),
                state.player(actor).name(),
                state.phase()
            ),
            x + 10.0,
            24.0,
            18,
            INK,
        );
        let mut y = 48.0;
        for (i, p) in state.players().iter().enumerate() {
            let id = PlayerId(i as u8);
            macroquad::shapes::draw_rectangle(
                x + 10.0,
                y - 12.0,
                14.0,
                14.0,
                colour_of(p.colour()),
            );
            let line = format!(
                "{}{}: {} pts · CT {} · food {} · {} cards · {} units",
                p.name(),
                if self.seats[i] == Seat::Ai {
                    " (AI)"
                } else {
                    ""
                },
                state.points(id).0,
                state.creation_total(id),
                p.food().0,
                p.hand().len(),
                state.units_of(id).len()
            );
            ui.text_fit(
                &line,
                x + 30.0,
                y,
                14,
                if p.is_out() { FADED } else { INK },
                PANEL_W - 36.0,
            );
            y += 20.0;
        }
        y += 6.0;
        if let Some(m) = &self.message {
            y = ui.paragraph(
                &format!("Refused: {m}"),
                x + 10.0,
                y + 10.0,
                15,
                PANEL_W - 20.0,
            );
        }
        if human {
            let mut shown: Vec<String> = Vec::new();
            let mut chosen = None;
            for cmd in self.legal.clone() {
                let Some(cmd) = self.with_selection(cmd) else {
                    continue;
                };
                let Some(label) = command_label(state, &cmd) else {
                    continue;
                };
                if shown.contains(&label) || shown.len() >= 14 {
                    continue;
                }
                shown.push(label.clone());
                if ui.button(&label, [x + 10.0, y, PANEL_W - 20.0, 26.0], true) {
                    chosen = Some(cmd);
                }
                y += 30.0;
            }
            if state.phase() == Phase::Setup {
                ui.text(
                    "Click a green ring on the map to place your base.",
                    x + 10.0,
                    y + 14.0,
                    14,
                    INK,
                );
                y += 24.0;
            } else if state.phase() == Phase::Main {
                ui.text(
                    "Click one of your units, then a point to move.",
                    x + 10.0,
                    y + 14.0,
                    14,
                    INK,
                );
                y += 24.0;
            }
            if let Some(cmd) = chosen {
                self.submit(cmd);
            }
        } else {
            ui.text(
                &format!(
                    "The AI is playing ({} — press F).",
                    if self.fast { "fast" } else { "normal pace" }
                ),
                x + 10.0,
                y + 14.0,
                14,
                INK,
            );
            y += 24.0;
        }
        let bottom = macroquad::window::screen_height();
        if ui.button("Save", [x + 10.0, bottom - 40.0, 100.0, 30.0], true) {
            let path = self.autosave.with_file_name("save.json");
            self.log.push(
                match crate::sim::write_atomically(&path, self.game.to_json().as_bytes()) {
                    Ok(()) => format!("Saved to {}", path.display()),
                    Err(e) => format!("Save failed: {e}"),
                },
            );
        }
        if ui.button("Menu", [x + 120.0, bottom - 40.0, 100.0, 30.0], true) {
            *leave = Some(Leave::Menu);
        }
        // The board's own attribution sits under this panel; the panel carries it instead.
        ui.text_fit(
            &self.map.meta().attribution,
            x + 10.0,
            bottom - 50.0,
            12,
            FADED,
            PANEL_W - 20.0,
        );
        let lines = ((bottom - 76.0 - y - 20.0) / 17.0).max(0.0) as usize;
        let mut ly = bottom - 72.0 - lines.min(self.log.len()) as f32 * 17.0;
        for l in self.log.iter().rev().take(lines).rev() {
            ui.text_fit(l, x + 10.0, ly + 13.0, 13, INK, PANEL_W - 20.0);
            ly += 17.0;
        }
    }

    /// The command with the player's selected cards instead of the engine's cheapest set, or
    /// `None` when the selection cannot pay for that purpose at all (wrong suit).
    fn with_selection(&self, cmd: Command) -> Option<Command> {
        if self.cards.is_empty() {
            return Some(cmd);
        }
        let sel = self.cards.clone();
        let fits = |suit: Suit| {
            sel.iter()
                .all(|c| Card::from_id(*c).worth_towards(suit).is_some())
        };
        Some(match cmd {
            Command::RaiseUnit(mut c) if fits(Suit::Clubs) => {
                c.cards = sel;
                Command::RaiseUnit(c)
            }
            Command::BuildSettlement(mut c) if fits(Suit::Spades) => {
                c.cards = sel;
                Command::BuildSettlement(c)
            }
            Command::Fortify(mut c) if fits(Suit::Spades) => {
                c.cards = sel;
                Command::Fortify(c)
            }
            Command::GrowFood(mut c) if fits(Suit::Hearts) => {
                c.cards = sel;
                Command::GrowFood(c)
            }
            Command::BuyAttackDie(mut c) if fits(Suit::Diamonds) => {
                c.cards = sel;
                Command::BuyAttackDie(c)
            }
            Command::RaiseUnit(_)
            | Command::BuildSettlement(_)
            | Command::Fortify(_)
            | Command::GrowFood(_)
            | Command::BuyAttackDie(_) => return None,
            other => other,
        })
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
                        self.submit(Command::Attack(crate::rules::Attack::dice(u, t)));
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
    let mut t = format!(
        "{}v{} dice: win {:.0}% · lose {:.0}% · stand-off {:.0}%",
        a.0,
        d.0,
        100.0 * o.p_attacker(),
        100.0 * o.p_defender(),
        100.0 * o.p_standoff()
    );
    if a.0 < 4 {
        let o2 = crate::rules::odds(a.plus_capped(crate::rules::Dice(1)), d);
        t.push_str(&format!(" (+1 die: win {:.0}%)", 100.0 * o2.p_attacker()));
    }
    t
}

impl Play {
    /// Pan and zoom the board from the real mouse and keyboard.
    pub fn pan_zoom(&mut self, dt: f32) {
        self.view.handle_input(dt);
    }
}
