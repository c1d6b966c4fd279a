//! The table screen for any ruleset: the layout, the terrain, the bot's clock, the hover box and
//! the dice on the table, the panel round the view's own part, Done — and the `--png` still.
//! The view `V` brings everything that depends on the ruleset.

use macroquad::color::Color;
use macroquad::input::{is_mouse_button_down, mouse_wheel, MouseButton};
use macroquad::window::clear_background;

use super::super::mesh::Chunk;
use super::super::table::{self as tdraw, Badges, Frame, TableShot};
use super::super::widgets::{inside, Ui};
use super::desk::Desk;
use super::draw::{dice_on_table, hover_marks, tooltip};
use super::view::{CommandOf, RulesetView};
use super::zoom::{self, Zoom};
use super::{TableDone, TableScreen};
use crate::tactical::ruleset::{BattleOutcome, BotLevel, Ruleset, Side, Summary};
use crate::tactical::table::inches;
use crate::tactical::{BattleLog, Battlefield, Forces};

/// Seconds between two of the bot's commands: slow enough to follow, and with "Faster".
const AI_DELAY: [f32; 2] = [0.3, 0.04];
/// Width of the right-hand panel, and the margin round everything.
const PANEL_MIN_W: f32 = 420.0;
const MARGIN: f32 = 12.0;
/// How the screen's bot plays.
const BOT: BotLevel = BotLevel::Captain;

/// The terrain meshes for one layout.
struct Terrain {
    frame: Frame,
    meshes: Vec<Chunk>,
}

/// The table screen for a battle under `V`'s ruleset.
pub struct Host<V: RulesetView> {
    pub(super) desk: Desk<V>,
    pub(super) view: V,
    ai_clock: f32,
    /// The side that was to act when last looked: a change hands the turn over.
    last_actor: Option<Side>,
    terrain: Option<Terrain>,
    zoom: Zoom,
    /// Where a right-button drag was last seen.
    drag: Option<[f32; 2]>,
    pub(super) done_label: String,
    /// The UI scale of the last frame drawn: table points a script names are window pixels.
    scale: f32,
    /// The hover box of the last frame, its lines joined.
    tip: Option<String>,
    /// In hot seat, the side whose player has the device (see [`RulesetView::pass_to`]).
    pub(super) seat: Option<Side>,
}

impl<V: RulesetView> Host<V> {
    /// A battle on `field` between `forces`, deployed by the ruleset from `seed`. `human` and
    /// `names` are `[attacker, defender]`; a side that is not human is played by the ruleset's
    /// bot, whose choices draw from the same derived stream as `tactical::drive::play`'s.
    pub fn new(
        field: Battlefield,
        forces: &Forces,
        seed: u64,
        human: [bool; 2],
        names: [String; 2],
    ) -> Host<V> {
        let desk = Desk::new(field, forces, seed, human, names);
        let view = V::new(&desk);
        Host {
            last_actor: desk.actor(),
            desk,
            view,
            ai_clock: 0.0,
            terrain: None,
            zoom: Zoom::default(),
            drag: None,
            done_label: "Back to the map".into(),
            scale: 1.0,
            tip: None,
            seat: None,
        }
    }

    /// The battle.
    pub fn desk(&self) -> &Desk<V> {
        &self.desk
    }

    /// Play `commands` from deployment, as a saved game left the battle: the position, the log and
    /// the marks come back; only the dice on the table are skipped.
    pub fn resume(&mut self, commands: &[CommandOf<V>]) -> Result<(), String> {
        for (i, cmd) in commands.iter().enumerate() {
            self.desk
                .submit(cmd.clone())
                .map_err(|why| format!("command {} of the saved battle: {why}", i + 1))?;
        }
        self.desk.dice.clear();
        self.turn_check();
        Ok(())
    }

    /// When the side to act has changed, the turn is handed over: the finished side's pick and
    /// the latest message go.
    pub(super) fn turn_check(&mut self) {
        let now = self.desk.actor();
        if now != self.last_actor {
            self.last_actor = now;
            self.view.turn_passed(&self.desk);
            self.desk.clear_message();
        }
    }

    /// Let time pass: dice fade, and a bot side gives its next command when its delay is up.
    pub(super) fn tick(&mut self, dt: f32) {
        self.desk.age_dice(dt);
        match self.desk.actor() {
            Some(side) if !self.desk.is_human(side) => {}
            _ => {
                self.ai_clock = 0.0;
                return;
            }
        }
        self.ai_clock += dt;
        if self.ai_clock < AI_DELAY[usize::from(self.desk.fast)] {
            return;
        }
        self.ai_clock = 0.0;
        self.desk.bot_step(BOT);
        self.turn_check();
    }

    /// Let the bot play on at once until a person must act or the battle is over.
    pub(super) fn skip_ai(&mut self) {
        // The cap only guards the window against a bot that stopped ending its phases.
        let cap = self.desk.rules.command_cap(&self.desk.state);
        for _ in 0..cap {
            match self.desk.actor() {
                Some(side) if !self.desk.is_human(side) => {
                    if !self.desk.bot_step(BOT) {
                        break;
                    }
                }
                _ => break,
            }
        }
        self.ai_clock = 0.0;
        // Dice of skipped commands would pile up on the table; the log has them, and the
        // panel keeps the last command's.
        self.desk.dice.clear();
        self.turn_check();
    }

    /// One frame: draw the table and the panel, take this frame's input. Returns once the
    /// battle is over and the player has clicked the result's button.
    pub fn frame(&mut self, ui: &mut Ui) -> Option<TableDone> {
        self.tick(ui.input.dt);
        if let Some((side, why)) = self.pass_needed() {
            self.pass_screen(ui, side, &why);
            return None;
        }
        // Laid out in UI units like every other screen: the UI scale grows the panel, its text
        // and the tokens, and the table takes what is left.
        self.scale = ui.scale();
        let [w, h] = ui.size();
        let (table_r, panel_r) = layout(w, h);
        let spec = self.desk.field.spec;
        let area = Zoom::area(&spec, table_r);
        let mouse = ui.mouse();
        // The zoom buttons sit on the table's corner: the pointer on them is not on the table.
        let over_table = inside(mouse, area) && !zoom_rects(area).iter().any(|r| inside(mouse, *r));
        self.pointer_zoom(ui, table_r, over_table);
        let frame = self.zoom.frame(&spec, table_r);
        if self.terrain.as_ref().map(|t| t.frame) != Some(frame) {
            self.terrain = Some(Terrain {
                frame,
                meshes: tdraw::terrain_meshes(&self.desk.field, &frame),
            });
        }
        clear_background(super::super::style::LAND);
        // Zoomed in, the table runs past its square: everything on it is cut to the square.
        zoom::clip(area, self.scale);
        if let Some(t) = &self.terrain {
            tdraw::draw_table(&self.desk.field, &frame, &t.meshes);
        }
        let hover_p = over_table.then(|| frame.table(mouse));
        let shown = V::table_state(&self.desk);
        V::draw_marks(&self.desk.marks, &shown, &self.desk.field, &frame);
        self.view.draw_under(&self.desk, ui, &frame);
        let hover = hover_p.and_then(|p| self.view.hover(&self.desk, p, &frame));
        if let Some(h) = &hover {
            hover_marks(&frame, h);
        }
        self.tip = hover.as_ref().map(|h| {
            let lines: Vec<&str> = h.lines.iter().map(|(l, _)| l.as_str()).collect();
            lines.join("\n")
        });
        let mut badges = Badges::default();
        V::draw_pieces(&shown, &frame, ui.fonts, self.desk.colours, &mut badges);
        self.view.draw_over(&self.desk, ui, &frame, &mut badges);
        badges.draw(ui.fonts, area);
        dice_on_table(ui, &frame, &self.desk.dice);
        if let (Some(h), Some(p)) = (hover, hover_p) {
            tooltip(ui, &frame, &spec, p, &h);
        }
        zoom::unclip(ui);
        self.zoom_buttons(ui, table_r, area);
        ui.panel(panel_r);
        if self.panel(ui, panel_r) {
            return Some(TableDone {
                outcome: self.desk.outcome().expect("the button shows once over"),
                log: self.desk.log(),
            });
        }
        for c in ui.input.chars.clone() {
            let middle = [area[0] + area[2] / 2.0, area[1] + area[3] / 2.0];
            match c {
                'f' => self.desk.fast = !self.desk.fast,
                '+' | '=' => self.zoom.about(&spec, table_r, middle, zoom::STEP),
                '-' | '_' => self.zoom.about(&spec, table_r, middle, 1.0 / zoom::STEP),
                '0' => self.zoom = Zoom::default(),
                c if self.desk.human_actor().is_some() => self.view.key(&mut self.desk, c),
                _ => {}
            }
        }
        if let Some(m) = ui.free_click() {
            let on_buttons = zoom_rects(area).iter().any(|r| inside(m, *r));
            if on_buttons {
                // A greyed zoom button: nothing to do, and not a click on the table below.
            } else if inside(m, area) && self.desk.outcome().is_none() {
                let r = f64::from(tdraw::token_radius(&frame) / frame.px_per_mm);
                self.view.click(&mut self.desk, frame.table(m), r);
            } else {
                self.view.deselect();
            }
        }
        self.turn_check();
        None
    }

    /// The mouse's own zoom and pan: the wheel zooms about the pointer, a right-button drag
    /// pans. Read from the window directly, as the board does; a script zooms with the buttons.
    fn pointer_zoom(&mut self, ui: &Ui, table_r: [f32; 4], over_table: bool) {
        let spec = self.desk.field.spec;
        let mouse = ui.mouse();
        let (_, wheel) = mouse_wheel();
        if over_table && wheel != 0.0 {
            // Wheel units differ between platforms; only the direction is trusted.
            let k = zoom::STEP.powf(f64::from(wheel.signum()));
            self.zoom.about(&spec, table_r, mouse, k);
        }
        if is_mouse_button_down(MouseButton::Right) {
            if let Some(from) = self.drag {
                let d = [mouse[0] - from[0], mouse[1] - from[1]];
                self.zoom.pan_px(&spec, table_r, d);
            }
            self.drag = over_table.then_some(mouse).or(self.drag.map(|_| mouse));
        } else {
            self.drag = None;
        }
    }

    /// "Zoom +", "Zoom −" and "Whole table" in the table's top right corner.
    fn zoom_buttons(&mut self, ui: &mut Ui, table_r: [f32; 4], area: [f32; 4]) {
        let spec = self.desk.field.spec;
        let middle = [area[0] + area[2] / 2.0, area[1] + area[3] / 2.0];
        let [inn, out, whole] = zoom_rects(area);
        if ui.button("Zoom +", inn, self.zoom.level() < zoom::MAX) {
            self.zoom
                .about(&spec, table_r, middle, zoom::STEP * zoom::STEP);
        }
        if ui.button("Zoom −", out, !self.zoom.whole()) {
            self.zoom
                .about(&spec, table_r, middle, 1.0 / (zoom::STEP * zoom::STEP));
        }
        if ui.button("Whole table", whole, !self.zoom.whole()) {
            self.zoom = Zoom::default();
        }
    }

    /// Where a table point given in inches from the south-west corner is on screen, window
    /// pixels, as last drawn (for scripted clicks).
    pub fn screen_point(&self, inches_xy: [f64; 2]) -> Option<[f32; 2]> {
        self.terrain.as_ref().map(|t| {
            let p = t.frame.px([inches(inches_xy[0]), inches(inches_xy[1])]);
            [p[0] * self.scale, p[1] * self.scale]
        })
    }
}

impl<V: RulesetView> TableScreen for Host<V> {
    fn frame(&mut self, ui: &mut Ui) -> Option<TableDone> {
        Host::frame(self, ui)
    }
    fn log(&self) -> BattleLog {
        self.desk.log()
    }
    fn resume(&mut self, log: &BattleLog) -> Result<(), String> {
        let commands = log.read::<V::Rules>().map_err(|e| e.to_string())?;
        Host::resume(self, &commands)
    }
    fn outcome(&self) -> Option<BattleOutcome> {
        self.desk.outcome()
    }
    fn summary(&self) -> Summary {
        self.desk.summary()
    }
    fn field(&self) -> &Battlefield {
        &self.desk.field
    }
    fn position_json(&self) -> serde_json::Value {
        serde_json::json!({
            "place": self.desk.field.place_name,
            "ruleset": self.desk.rules.id(),
            "outcome": self.desk.outcome(),
            "turn": self.desk.summary().turns,
            "commands": self.desk.commands,
            "state": V::state_json(&self.desk.state),
        })
    }
    fn set_done_label(&mut self, label: &str) {
        self.done_label = label.to_string();
    }
    fn set_colours(&mut self, colours: [Color; 2]) {
        self.desk.colours = colours;
    }
    fn tip(&self) -> Option<String> {
        self.tip.clone()
    }
    fn screen_point(&self, inches_xy: [f64; 2]) -> Option<[f32; 2]> {
        Host::screen_point(self, inches_xy)
    }
}

/// Open a battle on the table screen under view `V` (an entry of `views::VIEWS`).
pub(super) fn open<V: RulesetView>(
    field: Battlefield,
    forces: Forces,
    seed: u64,
    human: [bool; 2],
    names: [String; 2],
) -> Box<dyn TableScreen> {
    Box::new(Host::<V>::new(field, &forces, seed, human, names))
}

/// A still of the table under view `V` for `--png`: the forces after the bots have played
/// `after` turns (none: the empty table), with what their events left on it.
pub(super) fn still<V: RulesetView>(
    field: &Battlefield,
    forces: &Forces,
    seed: u64,
    after: Option<u32>,
) -> TableShot {
    let rules = V::Rules::default();
    let mut shot = V::shot(&rules);
    let mut marks = V::Marks::default();
    // The empty table still shows what the ruleset marks on it (an objective's ring).
    let (state, pieces) = match after {
        None => (rules.setup(field, forces, seed), false),
        Some(turns) => {
            let played = crate::tactical::drive::play(
                &rules,
                field,
                forces,
                seed,
                [BOT; 2],
                Some(turns),
                |e| V::mark(&mut marks, e),
            );
            shot.caption = still_caption(seed, turns, played.summary, rules.outcome(&played.state));
            (played.state, true)
        }
    };
    let colours = [tdraw::ATTACKER, tdraw::DEFENDER];
    shot.pieces = Some(Box::new(move |field, f, fonts| {
        V::draw_marks(&marks, &state, field, f);
        if pieces {
            let mut badges = Badges::default();
            V::draw_pieces(&state, f, fonts, colours, &mut badges);
            badges.draw(fonts, [f.x0, f.y0, f.width_px(), f.depth_px()]);
        }
    }));
    shot
}

/// The caption of a still after `turns` turns of a battle that stands at `summary`.
pub fn still_caption(
    seed: u64,
    turns: u32,
    summary: Summary,
    outcome: Option<BattleOutcome>,
) -> String {
    match outcome {
        Some(o) => format!("seed {seed} · over after turn {}: {o:?}", summary.turns),
        None if turns == 0 => format!("seed {seed} · as deployed"),
        None => format!("seed {seed} · after {turns} turns"),
    }
}

/// Where "Zoom +", "Zoom −" and "Whole table" go on the table's area.
fn zoom_rects(area: [f32; 4]) -> [[f32; 4]; 3] {
    let (h, gap) = (26.0, 4.0);
    let right = area[0] + area[2] - 6.0;
    let y = area[1] + 6.0;
    let whole = [right - 132.0, y, 132.0, h];
    let out = [whole[0] - gap - 96.0, y, 96.0, h];
    let inn = [out[0] - gap - 96.0, y, 96.0, h];
    [inn, out, whole]
}

/// The table's square and the panel beside it, for a window of `w` × `h`.
pub(super) fn layout(w: f32, h: f32) -> ([f32; 4], [f32; 4]) {
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
