//! The screens around a game: main menu, new-game setup, loading, rules, victory. A small
//! state machine: each screen's frame returns the next screen, or `None` to stay.

use std::path::{Path, PathBuf};

use macroquad::color::{Color, BLACK, WHITE};
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_rectangle, draw_rectangle_lines};
use macroquad::window::clear_background;

use super::play::{seat_of, Leave, Play, Seat, Slot};
use super::widgets::{colour_of, Ui, INK};
use super::Fonts;
use crate::map::{GameMap, Measure};
use crate::rules::Game;
use crate::save::{GameId, SavedGame};

mod load;
mod map_cards;
mod new_game;

pub use load::{describe_save, load, LoadList};
pub use new_game::{find_maps, setup, MapChoice, SeatChoice, Setup};

const BACKDROP: Color = Color::new(0.93, 0.91, 0.85, 1.0);

/// Every screen.
pub enum Screen {
    /// New game, load, rules, quit.
    Menu,
    /// New-game setup.
    Setup(Box<Setup>),
    /// A list of saves.
    Load(Box<LoadList>),
    /// The rules in our words.
    Rules,
    /// A game.
    Play(Box<Play>),
    /// The end.
    Won(String),
    /// Leave the program.
    Quit,
}

/// Where the menus look for maps and saves.
#[derive(Clone)]
pub struct Places {
    /// The maps folder.
    pub maps: PathBuf,
    /// The map chosen first on the setup screen.
    pub default_map: PathBuf,
    /// The saves folder: named saves and each game's autosave.
    pub saves: PathBuf,
    /// The seed a new game starts with: fixed when a script drives the UI (so its runs repeat),
    /// otherwise none and a fresh one is drawn.
    pub seed: Option<u64>,
}

/// The main menu.
pub fn menu(ui: &mut Ui, places: &Places) -> Option<Screen> {
    clear_background(BACKDROP);
    ui.title("OMMS", 560.0, 180.0, 64, INK);
    ui.text(
        "On Map Military Strategy, on real OpenStreetMap roads",
        400.0,
        220.0,
        20,
        INK,
    );
    let x = 540.0;
    if ui.button("New game", [x, 280.0, 200.0, 44.0], true) {
        return Some(Screen::Setup(Box::new(Setup::new(
            find_maps(places),
            places.seed,
        ))));
    }
    if ui.button("Load game", [x, 340.0, 200.0, 44.0], true) {
        return Some(Screen::Load(Box::new(LoadList::read(&places.saves))));
    }
    if ui.button("Rules", [x, 400.0, 200.0, 44.0], true) {
        return Some(Screen::Rules);
    }
    if ui.button("Quit", [x, 460.0, 200.0, 44.0], true) {
        return Some(Screen::Quit);
    }
    None
}

/// Show a new game: the board for its map and the seats given. The game gets an id of its own,
/// so its autosave is its own too.
pub fn open_game(
    dir: &Path,
    game: Game,
    seats: Vec<Seat>,
    fonts: &Fonts,
    places: &Places,
) -> Result<Screen, String> {
    let plays = seats.iter().map(|s| (*s).into()).collect();
    let saved = SavedGame::new(game, GameId::fresh(), plays).map_err(|e| e.to_string())?;
    open_with(dir, saved, fonts, places)
}

/// Show a game as saved (or just started) on the map in `dir`.
pub(super) fn open_with(
    dir: &Path,
    saved: SavedGame,
    fonts: &Fonts,
    places: &Places,
) -> Result<Screen, String> {
    // The view owns a copy it may reshape for drawing; the rules board borrows the shared one.
    let map = super::map_cache::game_map(dir)?;
    let view = super::board::Board::new(
        GameMap::load(dir).map_err(|e| format!("cannot load the map in {}: {e}", dir.display()))?,
        fonts.clone(),
    );
    std::fs::create_dir_all(&places.saves)
        .map_err(|e| format!("cannot make {}: {e}", places.saves.display()))?;
    let seats = saved.seats().iter().map(seat_of).collect();
    let slot = Slot::new(
        places.saves.clone(),
        saved.game_id().clone(),
        saved.name().map(str::to_string),
    );
    Ok(Screen::Play(Box::new(Play::new(
        map,
        view,
        saved.into_game(),
        seats,
        slot,
    ))))
}

/// The victory screen.
pub fn won(ui: &mut Ui, summary: &str) -> Option<Screen> {
    clear_background(BACKDROP);
    let mut y = 200.0;
    for (i, line) in summary.lines().enumerate() {
        if i == 0 {
            ui.title(line, 200.0, y, 36, INK);
            y += 30.0;
        } else {
            ui.text(line, 200.0, y, 20, INK);
        }
        y += 30.0;
    }
    ui.button("Main menu", [200.0, y + 30.0, 200.0, 44.0], true)
        .then_some(Screen::Menu)
}

const RULES: &[&str] = &[
    "Each player starts with a base, a fortified town on the real map, three food and five cards. Roads are the only way to move: motorways (M), A roads and B roads; white roads do not count.",
    "A turn: roll a die and draw that many cards; then play cards, build and move each unit once; then attack. Jacks, Queens and Kings put a Scout, Guard or Invader in one of your settlements.",
    "Cards of one suit reaching the Creation Total buy things: clubs a unit in a town or city, spades a new settlement where your unit stands (or a fortification), hearts a food token, diamonds an extra attack die. A diamond also counts half towards the other suits. The Creation Total falls as you hold more settlement points.",
    "Moving: a unit may end anywhere on a major road it can reach inside its circle (a card's length for Scouts and Tanks, a card's breadth for Guards and Invaders) without crossing an enemy coin. Scouts may also go straight across land a card's breadth. On a motorway a unit may move twice.",
    "Attacking: a target within a card's breadth that the unit could reach. Both sides roll their dice; the higher best die wins and the loser's unit is removed; a tie is a stand-off. The winner steals a card. Taking the last defender of a settlement captures it.",
    "Siege: a settlement whose every road out is closed by enemy coins loses a unit each full round it stays closed. A player with nothing left is out; the last one standing wins.",
];

/// The rules in the game's own words, with the table measures drawn at real size (96 dpi).
pub fn rules(ui: &mut Ui) -> Option<Screen> {
    clear_background(BACKDROP);
    ui.title("How to play", 40.0, 50.0, 32, INK);
    let mut y = 90.0;
    for p in RULES {
        y = ui.paragraph(p, 40.0, y, 16, 700.0) + 8.0;
    }
    let px_per_mm = 96.0 / 25.4;
    let x0 = 740.0;
    ui.title(
        "Measures (actual size on a 96 dpi screen)",
        x0,
        80.0,
        16,
        INK,
    );
    let (l, b) = (
        Measure::CardLength.mm() as f32 * px_per_mm,
        Measure::CardBreadth.mm() as f32 * px_per_mm,
    );
    draw_rectangle(x0, 100.0, b, l, WHITE);
    draw_rectangle_lines(x0, 100.0, b, l, 2.0, BLACK);
    ui.text("card 63.5 × 88.9 mm", x0, 100.0 + l + 18.0, 14, INK);
    let coins = [
        (Measure::Coin1p, "1p settlement"),
        (Measure::Coin2p, "2p fortification"),
        (Measure::Coin5p, "5p Scout"),
        (Measure::Coin10p, "10p Guard"),
        (Measure::Coin20p, "20p Invader"),
        (Measure::Coin50p, "50p Ship"),
        (Measure::CoinPound, "£1 Tank"),
    ];
    let mut cy = 120.0;
    for (m, what) in coins {
        let r = m.radius_mm() as f32 * px_per_mm;
        draw_circle(x0 + b + 40.0, cy + r, r, colour_of("yellow"));
        draw_circle_lines(x0 + b + 40.0, cy + r, r, 1.5, BLACK);
        ui.text(
            &format!("{what} Ø{:.1}", m.mm()),
            x0 + b + 40.0 + r + 10.0,
            cy + r + 5.0,
            14,
            INK,
        );
        cy += 2.0 * r + 8.0;
    }
    ui.button("Back", [40.0, 730.0, 140.0, 40.0], true)
        .then_some(Screen::Menu)
}

/// Run one frame of the game screen and follow where it leads.
pub fn play(ui: &mut Ui, p: &mut Play) -> Option<Screen> {
    match p.frame(ui)? {
        Leave::Menu => Some(Screen::Menu),
        Leave::Won(s) => Some(Screen::Won(s)),
    }
}
