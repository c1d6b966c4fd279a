//! The new-game screen: a map from the maps folder, the seats (human or AI, named and coloured)
//! and the rule options; Start asks the engine whether the setup can start a game.

mod maps;
mod options;
mod rulesets;
mod seats;
mod seed;

use std::path::PathBuf;

use macroquad::window::clear_background;

pub use maps::{find_maps, MapChoice};
use options::OPTIONS_W;
use rulesets::every_ruleset;
pub use seats::SeatChoice;
use seed::{fresh_seed, seed_field, SEED_W};

use super::map_cards::map_cards;
use super::{open_game, Places, Screen, BACKDROP};
use crate::ai::Level;
use crate::map::Scale;
use crate::rules::{BattleOptions, Game, GameSetup, MapBoard, Options, PlayerSetup, SeatCapacity};
use crate::ui::play::Seat;
use crate::ui::thumbs::Loader;
use crate::ui::widgets::{Ui, INK, PALETTE};
use crate::ui::Fonts;

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
    seats::seat_rows(ui, s, ox - 60.0);
    options::options_column(ui, s, ox);
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

/// Start the game the setup describes, if the engine takes it.
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
