//! The new-game screen: a map from the maps folder, the seats (human or AI, named and coloured)
//! and the rule options; Start asks the engine whether the setup can start a game.

use std::path::{Path, PathBuf};

use macroquad::color::{Color, BLACK, WHITE};
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};
use macroquad::window::clear_background;

use super::map_cards::map_cards;
use super::{open_game, Places, Screen, BACKDROP};
use crate::ai::Level;
use crate::map::Scale;
use crate::rules::{
    seat_capacity, BattleOptions, DrawRule, Game, GameSetup, MapBoard, Options, PlayerSetup,
    RulesetSet, SeatCapacity, Victory,
};
use crate::ui::play::Seat;
use crate::ui::thumbs::{Loader, Summary};
use crate::ui::widgets::{Ui, FADED, INK, PALETTE};
use crate::ui::Fonts;

/// One shipped or imported map on offer.
pub struct MapChoice {
    /// Its folder.
    pub dir: PathBuf,
    /// Display name.
    pub name: String,
    /// Its scale.
    pub scale: Scale,
    /// Playable settlement count and thumbnail, once its package has been read.
    pub summary: Option<Summary>,
    /// Why its package could not be read, if it could not.
    pub problem: Option<String>,
}

/// Seat settings on the setup screen.
#[derive(Clone)]
pub struct SeatChoice {
    /// Human or AI.
    pub seat: Seat,
    /// Name.
    pub name: String,
    /// Index into [`PALETTE`].
    pub colour: usize,
}

/// The new-game settings.
pub struct Setup {
    /// Maps found.
    pub maps: Vec<MapChoice>,
    /// The chosen map.
    pub map: usize,
    /// Seats in turn order.
    pub seats: Vec<SeatChoice>,
    /// Optional rules.
    pub options: Options,
    /// Scale override (denominator), if any.
    pub scale: Option<u32>,
    /// The seed: a fresh one for every new game unless the players set it (to replay one).
    pub seed: u64,
    /// The seed being typed, while its field has the keyboard.
    pub seed_text: Option<String>,
    /// How many seats the chosen map holds at the chosen scale, once worked out.
    room: Option<(usize, Option<u32>, Result<SeatCapacity, String>)>,
    /// Whether the chosen map has ports (the engine's answer), once worked out.
    ports: Option<(usize, bool)>,
    /// The first map card shown (when there are more maps than fit).
    pub page: usize,
    /// The seat whose name is being typed, and whether the next key replaces the whole name
    /// (it is still the colour's name, which nobody wants to keep a letter of).
    pub editing: Option<(usize, bool)>,
    /// Why the last Start was refused.
    pub error: Option<String>,
    pub(super) loader: Option<Loader>,
}

/// The maps in `dir`, sorted by name, the default first.
pub fn find_maps(places: &Places) -> Vec<MapChoice> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&places.maps)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                // Hidden folders are an import's staging area, never a package to offer.
                .filter(|p| {
                    !p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                })
                .filter(|p| p.join("map.toml").exists())
                .collect()
        })
        .unwrap_or_default();
    if !dirs.iter().any(|d| same(d, &places.default_map)) {
        dirs.push(places.default_map.clone());
    }
    dirs.sort();
    // Only the small map.toml is read here; the packages themselves are read for their
    // thumbnails in the background (see `thumbs`).
    let mut out: Vec<MapChoice> = dirs
        .into_iter()
        .filter_map(|dir| {
            let meta = crate::map::load_meta(&dir).ok()?;
            Some(MapChoice {
                summary: crate::ui::thumbs::cached(&dir),
                dir,
                name: meta.name.clone(),
                scale: meta.scale,
                problem: None,
            })
        })
        .collect();
    if let Some(i) = out.iter().position(|m| same(&m.dir, &places.default_map)) {
        let d = out.remove(i);
        out.insert(0, d);
    }
    out
}

fn same(a: &Path, b: &Path) -> bool {
    a.canonicalize().ok() == b.canonicalize().ok()
}

impl Setup {
    /// Default settings: two seats, a human and the AI at the normal level, on the default map,
    /// with `seed` (a script's, for repeatable runs) or else a fresh one.
    pub fn new(maps: Vec<MapChoice>, seed: Option<u64>) -> Setup {
        let jobs: Vec<(usize, PathBuf)> = maps
            .iter()
            .enumerate()
            .filter(|(_, m)| m.summary.is_none())
            .map(|(i, m)| (i, m.dir.clone()))
            .collect();
        Setup {
            loader: (!jobs.is_empty()).then(|| Loader::spawn(jobs)),
            page: 0,
            editing: None,
            error: None,
            maps,
            map: 0,
            seats: vec![
                SeatChoice {
                    seat: Seat::Human,
                    name: "Orange".into(),
                    colour: 0,
                },
                SeatChoice {
                    seat: Seat::Ai(Level::Normal),
                    name: "Sky blue".into(),
                    colour: 1,
                },
            ],
            // Table battles are offered unless the players turn them off: the attacker picks
            // dice, table or auto-resolve with the odds of each in front of them.
            options: Options {
                battles: BattleOptions {
                    rulesets: every_ruleset(),
                    defender_may_refuse: false,
                    rules: crate::tactical::RuleOptions::DEFAULTS,
                },
                ..Options::default()
            },
            scale: None,
            seed: seed.unwrap_or_else(fresh_seed),
            seed_text: None,
            room: None,
            ports: None,
        }
    }

    /// Whether map thumbnails are still being made (a script waits for them, so its
    /// screenshots show them).
    pub fn loading(&self) -> bool {
        self.loader.as_ref().is_some_and(Loader::busy)
    }
}

/// A seed no earlier game is likely to have had: the clock's nanoseconds, mixed (the UI may
/// read the clock; the rules never do).
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // SplitMix64's finaliser: neighbouring instants give unrelated seeds.
    let mut z = nanos.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % 1_000_000_000
}

/// How many seats the chosen map holds at the chosen scale: the engine's own count, worked
/// out once per map and scale.
fn room(s: &mut Setup) -> Result<SeatCapacity, String> {
    let key = (s.map, s.scale);
    if let Some((m, sc, r)) = &s.room {
        if (*m, *sc) == key {
            return r.clone();
        }
    }
    let r = s
        .maps
        .get(s.map)
        .ok_or_else(|| "no map".to_string())
        .and_then(|m| {
            let map = crate::ui::map_cache::game_map(&m.dir)?;
            let scale = s.scale.map_or(m.scale, Scale);
            Ok(seat_capacity(&MapBoard::new(map, scale), scale))
        });
    s.room = Some((key.0, key.1, r.clone()));
    r
}

/// Whether the chosen map has ports, so that seafaring can be offered: the rules' own answer
/// ([`MapBoard::has_ports`]), worked out once per map.
fn has_ports(s: &mut Setup) -> bool {
    if let Some((m, p)) = s.ports {
        if m == s.map {
            return p;
        }
    }
    let p = s
        .maps
        .get(s.map)
        .and_then(|m| {
            crate::ui::map_cache::game_map(&m.dir)
                .ok()
                .map(|g| (g, m.scale))
        })
        .is_some_and(|(g, scale)| MapBoard::new(g, scale).has_ports());
    s.ports = Some((s.map, p));
    p
}

/// The seafaring switch, offered only on a map with ports; on any other map it is greyed, off,
/// with the reason on it (a line of its own would push the options column off a laptop's
/// screen). Returns the y below.
fn seafaring_switch(ui: &mut Ui, s: &mut Setup, at: [f32; 3]) -> f32 {
    let [x, y, w] = at;
    let ports = has_ports(s);
    if !ports {
        s.options.seafaring = false;
    }
    let label = match (ports, s.options.seafaring) {
        (false, _) => "Seafaring: off (no ports on this map)",
        (true, true) => "Seafaring: on (Ships at ports)",
        (true, false) => "Seafaring: off",
    };
    let tip = (!ports).then_some("Seafaring needs sea by a settlement.");
    if ui.button_tip(label, [x, y, w, ROW_H], ports, tip) {
        s.options.seafaring = !s.options.seafaring;
    }
    y + ROW
}

/// How many seats the chosen map holds, in words.
fn room_line(s: &mut Setup) -> String {
    match room(s) {
        Ok(r) if r.safe == r.spaced => format!("This map has room for {} seats.", r.safe),
        Ok(r) => format!(
            "This map has room for {} seats with safe bases, {} without.",
            r.safe, r.spaced
        ),
        Err(e) => format!("Cannot read this map: {e}"),
    }
}

/// A seat's name before anyone types one: its colour's.
fn colour_name(colour: usize) -> String {
    let name = PALETTE[colour].0;
    format!("{}{}", name[..1].to_uppercase(), &name[1..])
}

/// Longest seat name typed: enough for a name, short enough for the side panel.
const MAX_NAME: usize = 18;

/// The new-game screen.
pub fn setup(
    ui: &mut Ui,
    s: &mut Setup,
    fonts: &Fonts,
    places: &Places,
) -> Result<Option<Screen>, String> {
    clear_background(BACKDROP);
    let [sw, sh] = ui.size();
    // Two columns from the window's width: maps and seats on the left, options on the right.
    let ox = sw - OPTIONS_W - 40.0;
    ui.title("New game", 40.0, 50.0, 32, INK);
    ui.title("Map", 40.0, 100.0, 20, INK);
    map_cards(ui, s, ox - 60.0);
    let mut y = SEATS_Y;
    let typed = type_name(ui, s);
    ui.title("Seats (turn order)", 40.0, y, 20, INK);
    // Beside the title, not under the rows: six seats fill the column down to the Back button.
    let room_x = 40.0 + ui.width_bold("Seats (turn order)", 20) + 16.0;
    let room_line = room_line(s);
    ui.text_fit(&room_line, room_x, y, 15, FADED, ox - 60.0 - room_x);
    y += 14.0;
    let mut remove = None;
    for i in 0..s.seats.len() {
        let seat = s.seats[i].clone();
        draw_rectangle(40.0, y + 4.0, 26.0, 26.0, PALETTE[seat.colour].1);
        if ui.button(&format!("Colour {}", i + 1), [72.0, y, 96.0, 34.0], true) {
            s.seats[i].colour = (seat.colour + 1) % PALETTE.len();
            // A typed name stays; a colour's name follows the colour.
            if seat.name == colour_name(seat.colour) {
                s.seats[i].name = colour_name(s.seats[i].colour);
            }
        }
        name_field(ui, s, i, name_rect(i), typed);
        let kind = match seat.seat {
            Seat::Human => "Human",
            Seat::Ai(_) => "AI",
        };
        if ui.button(
            &format!("seat {} {}", i + 1, kind),
            [330.0, y, 130.0, 34.0],
            true,
        ) {
            s.seats[i].seat = match seat.seat {
                Seat::Human => Seat::Ai(Level::Normal),
                Seat::Ai(_) => Seat::Human,
            };
        }
        if let Seat::Ai(level) = seat.seat {
            // Easy → normal → hard → easy.
            if level_button(ui, i, level, [466.0, y, 90.0, 34.0]) {
                let next = Level::ALL
                    .iter()
                    .position(|l| *l == level)
                    .map_or(Level::Normal, |k| Level::ALL[(k + 1) % Level::ALL.len()]);
                s.seats[i].seat = Seat::Ai(next);
            }
        }
        if s.seats.len() > 2
            && ui.button(&format!("remove {}", i + 1), [562.0, y, 92.0, 34.0], true)
        {
            remove = Some(i);
        }
        y += SEAT_PITCH;
    }
    if let Some(i) = remove {
        s.seats.remove(i);
        s.editing = None;
    }
    if s.seats.len() < 6 && ui.button("Add seat", [40.0, y, 160.0, 34.0], true) {
        let used: Vec<usize> = s.seats.iter().map(|x| x.colour).collect();
        let c = (0..PALETTE.len()).find(|c| !used.contains(c)).unwrap_or(0);
        s.seats.push(SeatChoice {
            seat: Seat::Ai(Level::Normal),
            name: colour_name(c),
            colour: c,
        });
    }
    // A click anywhere but the name being typed ends the typing.
    if ui.input.clicked && s.editing.is_some() && !clicked_name(ui, s) {
        s.editing = None;
    }
    let ow = OPTIONS_W;
    ui.title("Options", ox, 100.0, 20, INK);
    let draw = match s.options.draw {
        DrawRule::RollDie => "Draw: roll a die, draw that many",
        DrawRule::OneCard => "Draw: one card",
    };
    // Rows of ROW: the column must hold every switch above the Start button at 1366×768 with
    // the interface scaled up (tests/ui_following.rs).
    let mut y = 115.0;
    if ui.button(draw, [ox, y, ow, ROW_H], true) {
        s.options.draw = match s.options.draw {
            DrawRule::RollDie => DrawRule::OneCard,
            DrawRule::OneCard => DrawRule::RollDie,
        };
    }
    if ui.button(
        if s.options.tanks {
            "Tanks: on (Ace → Tank in base)"
        } else {
            "Tanks: off"
        },
        [ox, y + ROW, ow, ROW_H],
        true,
    ) {
        s.options.tanks = !s.options.tanks;
    }
    y += 2.0 * ROW;
    let vic = match s.options.victory {
        Victory::LastStanding => "Victory: last player standing".to_string(),
        Victory::SettlementPoints(n) => format!("Victory: first to {n} settlement points"),
        Victory::CapturedBases(n) => format!(
            "Victory: first to capture {}",
            crate::ui::widgets::count(n as usize, "base", "bases")
        ),
    };
    if ui.button(&vic, [ox, y, ow, ROW_H], true) {
        s.options.victory = match s.options.victory {
            Victory::LastStanding => Victory::SettlementPoints(10),
            Victory::SettlementPoints(_) => Victory::CapturedBases(1),
            Victory::CapturedBases(_) => Victory::LastStanding,
        };
    }
    const SCALES: [u32; 7] = [10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000];
    let scale_label = match s.scale {
        None => "Scale: the map's own".to_string(),
        Some(n) => format!("Scale: 1:{n}"),
    };
    if ui.button(&scale_label, [ox, y + ROW, ow, ROW_H], true) {
        s.scale = match s.scale {
            None => Some(SCALES[0]),
            Some(n) => SCALES
                .iter()
                .position(|x| *x == n)
                .and_then(|i| SCALES.get(i + 1))
                .copied(),
        };
    }
    let y = battle_options(ui, &mut s.options.battles, [ox, y + 2.0 * ROW, ow]);
    if ui.button(
        if s.options.safe_bases {
            "Safe bases: on (no base in first-turn reach)"
        } else {
            "Safe bases: off (bases a 10p coin apart)"
        },
        [ox, y, ow, ROW_H],
        true,
    ) {
        s.options.safe_bases = !s.options.safe_bases;
    }
    seafaring_switch(ui, s, [ox, y + ROW, ow]);
    // The seed sits in the bottom bar between Back and Start: the options column is full.
    seed_field(ui, s, 200.0, sh - 52.0, SEED_W);
    if ui.button("Back", [40.0, sh - 56.0, 140.0, 40.0], true) {
        return Ok(Some(Screen::Menu));
    }
    if let Some(e) = &s.error {
        // Beside the title, where the whole width is free and the eye starts.
        let x = 40.0 + ui.width_bold("New game", 32) + 30.0;
        ui.paragraph(&format!("Cannot start: {e}"), x, 36.0, 16, sw - 40.0 - x);
    }
    if ui.button(
        "Start",
        [sw - 240.0, sh - 56.0, 200.0, 40.0],
        !s.maps.is_empty(),
    ) {
        // The engine's verdict on the setup (a blank or repeated name, say) is shown here, so
        // the players can fix it without starting over.
        match start(s, fonts, places) {
            Ok(screen) => return Ok(Some(screen)),
            Err(e) => s.error = Some(e),
        }
    }
    Ok(None)
}

/// Keys typed this frame into the seat name being edited; true if any arrived.
fn type_name(ui: &Ui, s: &mut Setup) -> bool {
    let Some((i, fresh)) = &mut s.editing else {
        return false;
    };
    let Some(seat) = s.seats.get_mut(*i) else {
        s.editing = None;
        return false;
    };
    let mut done = false;
    for &c in &ui.input.chars {
        match c {
            '\u{8}' => {
                if *fresh {
                    seat.name.clear();
                } else {
                    seat.name.pop();
                }
            }
            '\n' | '\r' | '\u{1b}' => done = true,
            c if !c.is_control() => {
                if *fresh {
                    seat.name.clear();
                }
                if seat.name.chars().count() < MAX_NAME {
                    seat.name.push(c);
                }
            }
            _ => continue,
        }
        *fresh = false;
    }
    if done {
        s.editing = None;
    }
    if !ui.input.chars.is_empty() {
        // Whatever was refused, the players are now changing it.
        s.error = None;
    }
    !ui.input.chars.is_empty()
}

/// Width of the options column.
const OPTIONS_W: f32 = 380.0;
/// The options column's row pitch and switch height.
const ROW: f32 = 36.0;
const ROW_H: f32 = 32.0;
/// Width of the seed field with its three buttons.
const SEED_W: f32 = 400.0;
/// Where the seat rows begin, and their pitch.
const SEATS_Y: f32 = 318.0;
const SEAT_PITCH: f32 = 37.0;

/// Where seat `i`'s name field is drawn, for the click that ends typing.
fn name_rect(i: usize) -> [f32; 4] {
    [174.0, SEATS_Y + 14.0 + i as f32 * SEAT_PITCH, 150.0, 34.0]
}

fn clicked_name(ui: &Ui, s: &Setup) -> bool {
    s.editing
        .is_some_and(|(i, _)| crate::ui::widgets::inside(ui.input.mouse, name_rect(i)))
}

/// A seat's name: click to type a new one (the first key replaces a colour's name).
fn name_field(ui: &mut Ui, s: &mut Setup, i: usize, r: [f32; 4], typed: bool) {
    debug_assert_eq!(r, name_rect(i), "name_rect must follow the seat rows");
    let editing = s.editing.map(|e| e.0) == Some(i);
    if ui.hit(&format!("name {}", i + 1), r) && !editing {
        let seat = &s.seats[i];
        s.editing = Some((i, seat.name == colour_name(seat.colour)));
    }
    let editing = s.editing.map(|e| e.0) == Some(i);
    let fresh = s.editing.is_some_and(|e| e.0 == i && e.1);
    draw_rectangle(r[0], r[1], r[2], r[3], WHITE);
    draw_rectangle_lines(
        r[0],
        r[1],
        r[2],
        r[3],
        if editing { 2.5 } else { 1.0 },
        if editing { BLACK } else { FADED },
    );
    let name = &s.seats[i].name;
    if fresh {
        // The whole name is selected: typing replaces it.
        let w = ui.width(name, 17);
        draw_rectangle(r[0] + 6.0, r[1] + 7.0, w + 4.0, 21.0, SELECTED);
    }
    ui.text_fit(name, r[0] + 8.0, r[1] + 23.0, 17, INK, r[2] - 16.0);
    if editing && !fresh {
        // A steady caret while typing, blinking otherwise.
        let on = typed || (macroquad::time::get_time() * 2.0) as i64 % 2 == 0;
        let x = r[0] + 9.0 + ui.width(name, 17).min(r[2] - 18.0);
        if on {
            draw_rectangle(x, r[1] + 8.0, 1.5, 20.0, INK);
        }
    }
}

/// Behind selected text.
const SELECTED: Color = Color::new(0.70, 0.80, 0.97, 1.0);

fn start(s: &Setup, fonts: &Fonts, places: &Places) -> Result<Screen, String> {
    let m = &s.maps[s.map];
    if let Some(why) = &m.problem {
        return Err(format!("{}: {why}", m.name));
    }
    let map_name = m
        .dir
        .file_name()
        .map_or_else(|| m.name.clone(), |n| n.to_string_lossy().into_owned());
    let setup = GameSetup {
        map: map_name,
        scale: s.scale.map_or(m.scale, Scale),
        players: s
            .seats
            .iter()
            .map(|x| PlayerSetup {
                name: x.name.clone(),
                colour: PALETTE[x.colour].0.into(),
            })
            .collect(),
        options: s.options,
    };
    // The engine refuses a setup the map has no room for, naming the map and the limit.
    let map = crate::ui::map_cache::game_map(&m.dir)?;
    let board = MapBoard::new(map, setup.scale);
    let game = Game::start(setup, s.seed, &board).map_err(|e| e.to_string())?;
    let seats = s.seats.iter().map(|x| x.seat).collect();
    open_game(&m.dir, game, seats, fonts, places)
}

/// Every ruleset the game knows, enabled.
fn every_ruleset() -> RulesetSet {
    crate::tactical::registry::all()
        .iter()
        .filter_map(|r| crate::rules::RulesetId::new(r.id()).ok())
        .fold(RulesetSet::NONE, |set, id| set.with(id, true))
}

/// A seat's AI level: a button-like field labelled `level N` for scripts, showing the level.
fn level_button(ui: &mut Ui, i: usize, level: Level, r: [f32; 4]) -> bool {
    let clicked = ui.hit(&format!("level {}", i + 1), r);
    draw_rectangle(r[0], r[1], r[2], r[3], LEVEL_BACK);
    draw_rectangle_lines(r[0], r[1], r[2], r[3], 1.5, FADED);
    ui.text(level.name(), r[0] + 10.0, r[1] + r[3] / 2.0 + 6.0, 17, INK);
    clicked
}

/// Behind an AI level.
const LEVEL_BACK: Color = Color::new(0.86, 0.90, 0.97, 1.0);

/// The seed: shown, typed (click it, type digits, Enter) or stepped, and drawn afresh.
fn seed_field(ui: &mut Ui, s: &mut Setup, x: f32, y: f32, w: f32) {
    // The field and its three buttons share the width `w`.
    let r = [x, y, w - 254.0, 32.0];
    if ui.hit("seed", r) && s.seed_text.is_none() {
        s.seed_text = Some(String::new());
    }
    if let Some(text) = &mut s.seed_text {
        let mut done = false;
        for &c in &ui.input.chars {
            match c {
                '0'..='9' if text.len() < 18 => text.push(c),
                '\u{8}' => {
                    text.pop();
                }
                '\n' | '\r' | '\u{1b}' => done = true,
                _ => {}
            }
        }
        if let Ok(n) = text.parse::<u64>() {
            s.seed = n;
        }
        if done || (ui.input.clicked && !crate::ui::widgets::inside(ui.input.mouse, r)) {
            s.seed_text = None;
        }
    }
    draw_rectangle(r[0], r[1], r[2], r[3], WHITE);
    let typing = s.seed_text.is_some();
    draw_rectangle_lines(
        r[0],
        r[1],
        r[2],
        r[3],
        if typing { 2.5 } else { 1.0 },
        if typing { BLACK } else { FADED },
    );
    let shown = match &s.seed_text {
        Some(t) => format!("Seed {t}|"),
        None => format!("Seed {}", s.seed),
    };
    ui.text(&shown, r[0] + 8.0, r[1] + 22.0, 17, INK);
    // What a seed is, on hover: the bottom bar has no room for a line under it.
    ui.tip_over([x, y, w, 32.0], SEED_TIP);
    if ui.button("seed -", [x + w - 248.0, y, 70.0, 32.0], true) {
        s.seed = s.seed.saturating_sub(1);
        s.seed_text = None;
    }
    if ui.button("seed +", [x + w - 174.0, y, 70.0, 32.0], true) {
        s.seed = s.seed.saturating_add(1);
        s.seed_text = None;
    }
    if ui.button("new seed", [x + w - 100.0, y, 100.0, 32.0], true) {
        s.seed = fresh_seed();
        s.seed_text = None;
    }
}

/// What the seed does, for the pointer over its row.
const SEED_TIP: &str = "A fresh seed deals new cards and dice; the same seed replays a game.";

/// Table battles: one switch per ruleset in the registry, two to a row, and whether the
/// defender may refuse an offer; from `[x, y, width]`. Returns the y below.
fn battle_options(ui: &mut Ui, b: &mut BattleOptions, at: [f32; 3]) -> f32 {
    let [x, mut y, width] = at;
    let off = b.rulesets.is_empty();
    ui.text(
        if off {
            "Table battles: off (the dice decide every fight)"
        } else {
            "Table battles the attacker may offer:"
        },
        x,
        y + 18.0,
        15,
        INK,
    );
    y += 28.0;
    let rulesets: Vec<crate::rules::RulesetId> = crate::tactical::registry::all()
        .iter()
        .filter_map(|r| crate::rules::RulesetId::new(r.id()).ok())
        .collect();
    let gap = 6.0;
    let w = (width - gap) / 2.0;
    for (k, id) in rulesets.iter().enumerate() {
        let on = b.rulesets.contains(*id);
        let label = format!("{}: {}", id.title(), if on { "on" } else { "off" });
        let r = [x + (k % 2) as f32 * (w + gap), y, w, ROW_H];
        if ui.button(&label, r, true) {
            b.rulesets = b.rulesets.with(*id, !on);
        }
        if k % 2 == 1 || k + 1 == rulesets.len() {
            y += ROW;
        }
    }
    let refuse = if b.defender_may_refuse {
        "Defender may refuse a table battle: yes"
    } else {
        "Defender may refuse a table battle: no"
    };
    // With no ruleset on there is nothing to refuse: the switch waits, greyed.
    if ui.button(refuse, [x, y, width, ROW_H], !off) {
        b.defender_may_refuse = !b.defender_may_refuse;
    }
    if b.rulesets.is_empty() {
        // No battles, nothing to refuse: the setup reads as the paper game's.
        b.defender_may_refuse = false;
        b.rules = crate::tactical::RuleOptions::DEFAULTS;
    }
    y + ROW + rule_options(ui, b, [x, y + ROW, width], !off)
}

/// The rulesets' optional rules, three switches to a row, shared by name (a game that turns
/// `rout` off turns it off in every ruleset that has it); from `[x, y, width]`. Returns the
/// height used.
fn rule_options(ui: &mut Ui, b: &mut BattleOptions, at: [f32; 3], live: bool) -> f32 {
    let [x, y0, width] = at;
    let every = crate::tactical::options::every();
    let gap = 6.0;
    let mut y = y0;
    for (k, o) in every.iter().enumerate() {
        let on = b.rules.on(o);
        let label = format!("{}: {}", o.title, if on { "on" } else { "off" });
        // A short last row shares the whole width, so longer titles fit.
        let in_row = (every.len() - k / 3 * 3).min(3);
        let w = (width - (in_row - 1) as f32 * gap) / in_row as f32;
        let r = [x + (k % 3) as f32 * (w + gap), y, w, 30.0];
        if ui.button(&label, r, live) {
            // Back at its default a switch is left unsaid, so the setup reads as the ruleset's.
            b.rules = if on != o.default {
                b.rules.without(o.name)
            } else {
                b.rules.with(o.name, !on).unwrap_or(b.rules)
            };
        }
        if k % 3 == 2 || k + 1 == every.len() {
            y += 34.0;
        }
    }
    y - y0
}
