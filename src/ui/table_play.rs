//! The tactical table screen for OMOG 19C: the battlefield from above, the figures as tokens,
//! a selected figure's or team's reach and range bands, the odds of a shot with every modifier
//! named, templates where they land, the dice, and a log. Hot-seat or against the tactical bot.
//!
//! The battle starts from the ruleset's own deployment and changes only through the ruleset's
//! `execute`: every click becomes an [`OmogCommand`], and the screen keeps the ordered list so the
//! strategic game can replay the battle from its seed. The screen never works out a rule itself:
//! reach comes from `check_move`, odds from `shoot_odds`, gun ranges from the tables.

mod orders;
mod overlay;
mod panel;
pub mod standalone;
mod views;
mod words;

pub use views::{open, render_png, TableScreen};

use std::collections::BTreeSet;

use macroquad::color::Color;
use macroquad::window::{clear_background, screen_height, screen_width};
use rand_chacha::ChaCha8Rng;

use super::mesh::Chunk;
use super::table::{self as tdraw, Frame};
use super::widgets::{Ui, FADED, INK};
use crate::tactical::drive::bot_rng;
use crate::tactical::omog19c::engine::{self, OmogCommand, OmogEvent};
use crate::tactical::omog19c::state::{FigureId, OmogState, Phase, TeamId};
use crate::tactical::omog19c::Omog19c;
use crate::tactical::omog19c::Refusal;
use crate::tactical::ruleset::{BattleOutcome, BotLevel, Ruleset, Side, Summary};
use crate::tactical::table::{inches, TablePoint};
use crate::tactical::{BattleLog, Battlefield, Forces, Template};

/// What the screen hands back once the battle is over and the player has left the result.
#[derive(Debug, Clone, PartialEq)]
pub struct TableDone {
    /// How it ended.
    pub outcome: BattleOutcome,
    /// Every command, in order: replayed from the same seed they give the same battle.
    pub log: BattleLog,
}

/// Seconds between two of the bot's commands: slow enough to follow, and with "Faster".
const AI_DELAY: [f32; 2] = [0.3, 0.04];
/// Seconds a die stays on the table.
const DICE_SHOW_S: f32 = 2.5;
/// Side of a reach cell: a quarter inch, a few pixels on a full-window table.
const CELL_MM: f64 = 6.35;
/// Width of the right-hand panel, and the margin round everything.
const PANEL_MIN_W: f32 = 420.0;
const MARGIN: f32 = 12.0;

/// What the player has picked on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Selection {
    /// One figure.
    Figure(FigureId),
    /// A team: its men move and shoot together, its gun fires.
    Team(TeamId),
}

/// The cells a selection can reach, for one position of the battle.
struct Reach {
    key: (u64, Selection),
    /// Cell indices (x, y) on the quarter-inch grid.
    cells: BTreeSet<(i32, i32)>,
    /// Whether it shows the next move rather than this phase's (the side is not moving now).
    next_move: bool,
    mesh: Option<(Frame, Vec<Chunk>)>,
}

/// A die (or a hand-to-hand total) on show.
#[derive(Debug, Clone)]
struct DieShown {
    at: TablePoint,
    value: u8,
    /// A plain total rather than a die face.
    total: bool,
    /// Good for the roller (hit, saved, won), bad, or neither.
    good: Option<bool>,
    caption: String,
    ttl: f32,
}

/// One line of the log.
struct LogLine {
    text: String,
    colour: Color,
    heading: bool,
}

/// A shooter's legal targets with their numbers, for one position of the battle.
type TargetCache = ((u64, FigureId), Vec<(FigureId, u8)>);

/// The terrain meshes for one layout.
struct View {
    frame: Frame,
    meshes: Vec<Chunk>,
}

/// The table screen.
pub struct TablePlay {
    field: Battlefield,
    state: OmogState,
    human: [bool; 2],
    names: [String; 2],
    commands: Vec<OmogCommand>,
    bot_rng: ChaCha8Rng,
    ai_clock: f32,
    fast: bool,
    selection: Option<Selection>,
    charge: bool,
    /// A refusal (true) or a note (false) for the player.
    message: Option<(String, bool)>,
    log: Vec<LogLine>,
    log_back: usize,
    /// Templates laid, with the turn they were laid in.
    templates: Vec<(Template, u32)>,
    dice: Vec<DieShown>,
    /// The dice of the latest command that rolled any, for the panel.
    last_dice: Vec<DieShown>,
    /// Bumped by every executed command: caches keyed on it go stale together.
    version: u64,
    reach: Option<Reach>,
    targets: Option<TargetCache>,
    view: Option<View>,
    done_label: String,
    /// Token colours, `[attacker, defender]`.
    colours: [Color; 2],
}

impl TablePlay {
    /// A battle on `field` between `forces`, deployed by the ruleset from `seed`. `human` and
    /// `names` are `[attacker, defender]`; a side that is not human is played by the tactical
    /// bot, whose choices draw from the same derived stream as `tactical::drive::play`'s.
    pub fn new(
        field: Battlefield,
        forces: Forces,
        seed: u64,
        human: [bool; 2],
        names: [String; 2],
    ) -> TablePlay {
        let state = Omog19c.setup(&field, &forces, seed);
        let mut play = TablePlay {
            field,
            state,
            human,
            names,
            commands: Vec::new(),
            bot_rng: bot_rng(seed),
            ai_clock: 0.0,
            fast: false,
            selection: None,
            charge: false,
            message: None,
            log: Vec::new(),
            log_back: 0,
            templates: Vec::new(),
            dice: Vec::new(),
            last_dice: Vec::new(),
            version: 0,
            reach: None,
            targets: None,
            view: None,
            done_label: "Back to the map".into(),
            colours: [tdraw::ATTACKER, tdraw::DEFENDER],
        };
        let first = words::phase_line(&play.names, play.state.turn(), play.state.phase());
        play.push_log(format!("— {first} —"), INK, true);
        play
    }

    /// Play `commands` from deployment, as a saved game left the battle: the position, the log and
    /// the templates come back; only the dice animations are skipped. A refused command stops
    /// the replay and says which.
    pub fn resume(&mut self, commands: &[OmogCommand]) -> Result<(), String> {
        for (i, cmd) in commands.iter().enumerate() {
            self.submit(cmd.clone())
                .map_err(|why| format!("command {} of the saved battle: {why}", i + 1))?;
        }
        self.dice.clear();
        Ok(())
    }

    /// The label of the button that leaves the result ("Back to the map" unless set).
    pub fn set_done_label(&mut self, label: &str) {
        self.done_label = label.to_string();
    }

    /// Draw the sides in these colours (`[attacker, defender]`), e.g. the players' seat colours;
    /// red and blue unless set.
    pub fn set_colours(&mut self, colours: [Color; 2]) {
        self.colours = colours;
    }

    /// A side's colour on the table and in the panel.
    fn colour(&self, side: Side) -> Color {
        self.colours[words::idx(side)]
    }

    /// The battle as it stands.
    pub fn state(&self) -> &OmogState {
        &self.state
    }

    /// The table.
    pub fn field(&self) -> &Battlefield {
        &self.field
    }

    /// Every command executed so far, in order.
    pub fn commands(&self) -> &[OmogCommand] {
        &self.commands
    }

    /// Where a table point given in inches from the south-west corner is on screen, as last
    /// drawn (for scripted clicks).
    pub fn screen_point(&self, inches_xy: [f64; 2]) -> Option<[f32; 2]> {
        self.view
            .as_ref()
            .map(|v| v.frame.px([inches(inches_xy[0]), inches(inches_xy[1])]))
    }

    /// The side whose orders the screen takes from the mouse now.
    fn human_actor(&self) -> Option<Side> {
        engine::actor(&self.state).filter(|s| self.human[words::idx(*s)])
    }

    fn push_log(&mut self, text: String, colour: Color, heading: bool) {
        self.log.push(LogLine {
            text,
            colour,
            heading,
        });
        if self.log_back > 0 {
            // Keep the lines being read where they are.
            self.log_back += 1;
        }
    }

    /// Execute a command through the ruleset; on success it joins the log of commands and its
    /// events are shown.
    fn submit(&mut self, cmd: OmogCommand) -> Result<(), Refusal> {
        let events = Omog19c.execute(&self.field, &mut self.state, &cmd)?;
        self.commands.push(cmd);
        self.version += 1;
        self.show_events(&events);
        Ok(())
    }

    fn show_events(&mut self, events: &[OmogEvent]) {
        let mut rolled = Vec::new();
        let ttl = if self.fast {
            DICE_SHOW_S / 3.0
        } else {
            DICE_SHOW_S
        };
        for e in events {
            let colour = match e {
                OmogEvent::Moved { figure, .. } | OmogEvent::Shot { figure, .. } => self
                    .state
                    .figure(*figure)
                    .map_or(INK, |f| on_paper(self.colour(f.side()))),
                OmogEvent::HeavyFired { team, .. } | OmogEvent::GunMoved { team, .. } => self
                    .state
                    .team(*team)
                    .map_or(INK, |t| on_paper(self.colour(t.side()))),
                _ => INK,
            };
            let heading = matches!(
                e,
                OmogEvent::PhaseBegan { .. }
                    | OmogEvent::TurnBegan { .. }
                    | OmogEvent::BattleOver { .. }
            );
            if let Some(line) = words::event_line(&self.state, &self.names, e) {
                self.push_log(line, colour, heading);
            }
            let pos = |id: FigureId| self.state.figure(id).map_or([0.0, 0.0], |f| f.pos());
            match e {
                OmogEvent::Shot {
                    target,
                    need,
                    roll,
                    hit,
                    ..
                } => rolled.push(DieShown {
                    at: pos(*target),
                    value: *roll,
                    total: false,
                    good: Some(*hit),
                    caption: format!("{need}+"),
                    ttl,
                }),
                OmogEvent::HeavyFired {
                    team,
                    kind,
                    roll,
                    template,
                } => {
                    let gun = self.state.gun(*team).map_or([0.0, 0.0], |h| h.pos());
                    if let Some(t) = template {
                        self.templates.push((*t, self.state.turn()));
                    }
                    // Canister does not deviate: its die decides nothing, so it is not shown.
                    if !matches!(template, Some(Template::Cone { .. })) {
                        // The die sits where the player looks: on the burst, or halfway
                        // down the Gatling's diamond.
                        let at = match template {
                            Some(Template::Disc { centre, .. }) => *centre,
                            Some(Template::Diamond {
                                tip,
                                bearing,
                                length,
                                ..
                            }) => crate::tactical::table::step(*tip, *bearing, length / 2.0),
                            _ => gun,
                        };
                        rolled.push(DieShown {
                            at,
                            value: *roll,
                            total: false,
                            good: Some(template.is_some()),
                            caption: match kind {
                                crate::tactical::omog19c::state::HeavyKind::Fieldpiece => {
                                    "shell".into()
                                }
                                crate::tactical::omog19c::state::HeavyKind::Gatling => {
                                    "Gatling".into()
                                }
                            },
                            ttl,
                        });
                    }
                }
                OmogEvent::CoverSave {
                    figure,
                    need,
                    roll,
                    saved,
                } => rolled.push(DieShown {
                    at: pos(*figure),
                    value: *roll,
                    total: false,
                    good: Some(*saved),
                    caption: format!("save {need}+"),
                    ttl,
                }),
                OmogEvent::Melee {
                    lone,
                    lone_total,
                    opponents,
                    fallen,
                } => {
                    let total = |id: FigureId, t: i8| DieShown {
                        at: pos(id),
                        value: t.clamp(0, 99) as u8,
                        total: true,
                        good: Some(!fallen.contains(&id)),
                        caption: "melee".into(),
                        ttl,
                    };
                    rolled.push(total(*lone, *lone_total));
                    for (id, t) in opponents {
                        if let Some(t) = t {
                            rolled.push(total(*id, *t));
                        }
                    }
                }
                OmogEvent::PhaseBegan {
                    phase: Phase::Move(_),
                    turn,
                } => {
                    // Last turn's templates stay through this move phase, faded; older ones go.
                    self.templates.retain(|(_, t)| t + 1 >= *turn);
                }
                _ => {}
            }
        }
        if !rolled.is_empty() {
            self.dice.extend(rolled.iter().cloned());
            self.last_dice = rolled;
        }
    }

    /// Let time pass: dice fade, and a bot side gives its next command when its delay is up.
    fn tick(&mut self, dt: f32) {
        for d in &mut self.dice {
            d.ttl -= dt;
        }
        self.dice.retain(|d| d.ttl > 0.0);
        let Some(side) = engine::actor(&self.state) else {
            return;
        };
        if self.human[words::idx(side)] {
            self.ai_clock = 0.0;
            return;
        }
        self.ai_clock += dt;
        if self.ai_clock < AI_DELAY[usize::from(self.fast)] {
            return;
        }
        self.ai_clock = 0.0;
        self.ai_step();
    }

    /// The bot's next command for the side to act.
    fn ai_step(&mut self) {
        // The same bot as auto-resolve (the generic planner), so a watched battle is the auto one.
        let cmd = crate::tactical::bot::choose(
            &Omog19c,
            BotLevel::Captain,
            &self.field,
            &self.state,
            &mut self.bot_rng,
        )
        .expect("a battle in progress always has a legal command");
        self.submit(cmd)
            .expect("the bot only chooses commands the engine accepts");
    }

    /// Let the bot play on at once until a person must act or the battle is over.
    fn skip_ai(&mut self) {
        // Each figure acts at most once a phase, so a battle has a bounded number of commands;
        // the cap only guards the window against a bot that stopped ending its phases.
        let cap = Omog19c.command_cap(&self.state);
        for _ in 0..cap {
            match engine::actor(&self.state) {
                Some(side) if !self.human[words::idx(side)] => self.ai_step(),
                _ => break,
            }
        }
        self.ai_clock = 0.0;
        // Dice of skipped commands would pile up on the table; the log has them, and the
        // panel keeps the last command's.
        self.dice.clear();
    }
}

impl TablePlay {
    /// One frame: draw the table and the panel, take this frame's input. Returns once the
    /// battle is over and the player has clicked the result's button.
    pub fn frame(&mut self, ui: &mut Ui) -> Option<TableDone> {
        self.tick(ui.input.dt);
        let (table_r, panel_r) = layout(screen_width(), screen_height());
        let frame = Frame::fit(&self.field.spec, table_r);
        if self.view.as_ref().map(|v| v.frame) != Some(frame) {
            self.view = Some(View {
                frame,
                meshes: tdraw::terrain_meshes(&self.field, &frame),
            });
        }
        self.refresh_reach();
        clear_background(super::style::LAND);
        let view = self.view.take().expect("just built");
        tdraw::draw_table(&self.field, &frame, &view.meshes);
        self.view = Some(view);
        let mouse = ui.input.mouse;
        let over_table = super::widgets::inside(mouse, table_r);
        let hover_p = over_table.then(|| frame.table(mouse));
        self.draw_table_overlays(ui, &frame, hover_p);
        ui.panel(panel_r);
        if self.panel(ui, panel_r) {
            return Some(TableDone {
                outcome: self.state.outcome().expect("the button shows once over"),
                log: BattleLog::of(&Omog19c, &self.commands),
            });
        }
        for c in ui.input.chars.clone() {
            match c {
                'f' => self.fast = !self.fast,
                'e' if self.human_actor().is_some() => self.end_phase(),
                _ => {}
            }
        }
        if let Some(m) = ui.free_click() {
            if super::widgets::inside(m, table_r) && self.state.outcome().is_none() {
                let r = f64::from(tdraw::token_radius(&frame) / frame.px_per_mm);
                self.click_table(frame.table(m), r);
            } else {
                self.selection = None;
            }
        }
        None
    }
}

impl TableScreen for TablePlay {
    fn frame(&mut self, ui: &mut Ui) -> Option<TableDone> {
        TablePlay::frame(self, ui)
    }
    fn log(&self) -> BattleLog {
        BattleLog::of(&Omog19c, &self.commands)
    }
    fn resume(&mut self, log: &BattleLog) -> Result<(), String> {
        let commands = log.read::<Omog19c>().map_err(|e| e.to_string())?;
        TablePlay::resume(self, &commands)
    }
    fn outcome(&self) -> Option<BattleOutcome> {
        self.state.outcome()
    }
    fn summary(&self) -> Summary {
        Omog19c.summary(&self.state)
    }
    fn field(&self) -> &Battlefield {
        &self.field
    }
    fn position_json(&self) -> serde_json::Value {
        serde_json::json!({
            "place": self.field.place_name,
            "outcome": self.state.outcome(),
            "turn": self.state.turn(),
            "commands": self.commands,
            "state": self.state,
        })
    }
    fn set_done_label(&mut self, label: &str) {
        TablePlay::set_done_label(self, label)
    }
    fn set_colours(&mut self, colours: [Color; 2]) {
        TablePlay::set_colours(self, colours)
    }
    fn screen_point(&self, inches_xy: [f64; 2]) -> Option<[f32; 2]> {
        TablePlay::screen_point(self, inches_xy)
    }
}

fn omog_open(
    field: Battlefield,
    forces: Forces,
    seed: u64,
    human: [bool; 2],
    names: [String; 2],
) -> Box<dyn TableScreen> {
    Box::new(TablePlay::new(field, forces, seed, human, names))
}

fn omog_still(
    field: &Battlefield,
    forces: &Forces,
    seed: u64,
    after: Option<u32>,
) -> tdraw::TableShot {
    let mut shot = tdraw::TableShot {
        ruleset_line: "OMOG 19C · 48″ × 48″ table · 1″ = 25 m".into(),
        key_line: "R rifleman · C trooper · O officer · G gunner\n✚ objective (3″ ring) · ✕ fallen"
            .into(),
        scale_bar: Some((inches(6.0), "6″ (a FULL move, 150 m)".into())),
        ..Default::default()
    };
    if let Some(turns) = after {
        let mut last = None;
        let played = crate::tactical::drive::play(
            &Omog19c,
            field,
            forces,
            seed,
            [BotLevel::Captain; 2],
            Some(turns),
            |e| {
                if let OmogEvent::HeavyFired {
                    template: Some(t), ..
                } = e
                {
                    last = Some(*t);
                }
            },
        );
        shot.caption = views::still_caption(seed, turns, played.summary, played.state.outcome());
        let state = played.state;
        shot.pieces = Some(Box::new(move |f, fonts| {
            if let Some(t) = &last {
                let (fill, edge) = tdraw::TEMPLATE_COLOURS;
                tdraw::draw_template(f, t, fill, edge);
            }
            tdraw::draw_forces(&state, f, fonts, [tdraw::ATTACKER, tdraw::DEFENDER]);
        }));
    }
    shot
}

fn engine_contact() -> f64 {
    crate::tactical::omog19c::state::contact()
}

fn cell_centre(i: i32, j: i32) -> TablePoint {
    [
        (f64::from(i) + 0.5) * CELL_MM,
        (f64::from(j) + 0.5) * CELL_MM,
    ]
}

/// The table's square and the panel beside it, for a window of `w` × `h`.
fn layout(w: f32, h: f32) -> ([f32; 4], [f32; 4]) {
    let side = (h - 2.0 * MARGIN)
        .min(w - 3.0 * MARGIN - PANEL_MIN_W)
        .max(100.0);
    let table = [MARGIN, MARGIN, side, side];
    let px = MARGIN * 2.0 + side;
    let panel = [
        px,
        MARGIN,
        (w - px - MARGIN).max(PANEL_MIN_W),
        h - 2.0 * MARGIN,
    ];
    (table, panel)
}

/// Good news for the roller (a hit, a save, a fight won), bad news, and paper white.
const GOOD: Color = Color::new(0.10, 0.55, 0.20, 1.0);
const BAD: Color = Color::new(0.80, 0.12, 0.12, 1.0);
const WHITE: Color = Color::new(1.0, 1.0, 1.0, 1.0);

/// A side's colour as text on the panel's paper: light seat colours (yellow) turn to ink.
fn on_paper(c: Color) -> Color {
    if tdraw::is_light(c) {
        INK
    } else {
        c
    }
}

/// Ink for the faded parts of the panel.
const NOTE: Color = FADED;

#[cfg(test)]
mod tests;
