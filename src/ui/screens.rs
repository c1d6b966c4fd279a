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
    /// UI scale, AI trade offers, confirmations.
    Settings,
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
    let [sw, sh] = ui.size();
    let top = (sh - 420.0) / 2.0;
    let centre = |ui: &Ui, s: &str, size: u16, bold: bool| {
        let w = if bold {
            ui.width_bold(s, size)
        } else {
            ui.width(s, size)
        };
        (sw - w) / 2.0
    };
    ui.title("OMMS", centre(ui, "OMMS", 64, true), top + 60.0, 64, INK);
    let sub = "On Map Military Strategy, on real OpenStreetMap roads";
    ui.text(sub, centre(ui, sub, 20, false), top + 100.0, 20, INK);
    let x = (sw - 200.0) / 2.0;
    let row = |i: f32| [x, top + 150.0 + i * 56.0, 200.0, 44.0];
    if ui.button("New game", row(0.0), true) {
        return Some(Screen::Setup(Box::new(Setup::new(
            find_maps(places),
            places.seed,
        ))));
    }
    if ui.button("Load game", row(1.0), true) {
        return Some(Screen::Load(Box::new(LoadList::read(&places.saves))));
    }
    if ui.button("Rules", row(2.0), true) {
        return Some(Screen::Rules);
    }
    if ui.button("Settings", row(3.0), true) {
        return Some(Screen::Settings);
    }
    if ui.button("Quit", row(4.0), true) {
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

/// The settings, from the menu.
pub fn settings(ui: &mut Ui, s: &mut super::settings::Settings) -> Option<Screen> {
    clear_background(BACKDROP);
    let [sw, sh] = ui.size();
    let (w, h) = (640.0_f32.min(sw - 40.0), 420.0);
    let r = [(sw - w) / 2.0, (sh - h) / 2.0, w, h];
    super::settings::panel(ui, s, r).then_some(Screen::Menu)
}

/// The victory screen.
pub fn won(ui: &mut Ui, summary: &str) -> Option<Screen> {
    clear_background(BACKDROP);
    let [_, sh] = ui.size();
    let mut y = (sh / 4.0).min(200.0);
    for (i, line) in summary.lines().enumerate() {
        if i == 0 {
            ui.title(line, 200.0, y, 36, INK);
            y += 30.0;
        } else {
            ui.text(line, 200.0, y, 20, INK);
        }
        y += 30.0;
    }
    ui.button(
        "Main menu",
        [200.0, (y + 30.0).min(sh - 60.0), 200.0, 44.0],
        true,
    )
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
    let [sw, sh] = ui.size();
    ui.title("How to play", 40.0, 50.0, 32, INK);
    let mut y = 90.0;
    // The text first (it must all show); the measures take what is left on the right.
    let text_w = (sw - 40.0 - 460.0).clamp(420.0, 700.0);
    let size = if sh < 700.0 { 14 } else { 15 };
    for p in RULES {
        y = ui.paragraph(p, 40.0, y, size, text_w) + 6.0;
    }
    let x0 = 40.0 + text_w + 30.0;
    let coins = [
        (Measure::Coin1p, "1p settlement"),
        (Measure::Coin2p, "2p fortification"),
        (Measure::Coin5p, "5p Scout"),
        (Measure::Coin10p, "10p Guard"),
        (Measure::Coin20p, "20p Invader"),
        (Measure::Coin50p, "50p Ship"),
        (Measure::CoinPound, "£1 Tank"),
    ];
    // Actual size on a 96 dpi screen (window pixels, whatever the UI scale), unless the card
    // and the column of coins beside it do not fit: then smaller, and said so. Labels keep
    // their size; only the card and the coins shrink.
    let actual = 96.0 / 25.4 / ui.scale();
    let (l, b) = (
        Measure::CardLength.mm() as f32,
        Measure::CardBreadth.mm() as f32,
    );
    let (label_w, gap) = (150.0, 20.0);
    let coin_d = Measure::Coin50p.mm() as f32;
    let row_gap = 6.0;
    let room_w = (sw - x0 - 20.0 - gap - 6.0 - label_w).max(60.0);
    let room_h = (sh - 170.0).max(60.0);
    let k = (room_w / ((b + coin_d) * actual))
        .min((room_h - 7.0 * row_gap) / (7.0 * coin_d * actual))
        .min((room_h - 40.0) / (l * actual))
        .min(1.0);
    let px_per_mm = actual * k;
    let title = if k > 0.999 {
        "Measures (actual size on a 96 dpi screen)".to_string()
    } else {
        format!("Measures ({:.0}% of actual size)", k * 100.0)
    };
    ui.title(&title, x0, 80.0, 16, INK);
    let (l, b) = (l * px_per_mm, b * px_per_mm);
    draw_rectangle(x0, 100.0, b, l, WHITE);
    draw_rectangle_lines(x0, 100.0, b, l, 2.0, BLACK);
    ui.text("card", x0, 100.0 + l + 16.0, 12, INK);
    ui.text("63.5 × 88.9 mm", x0, 100.0 + l + 31.0, 12, INK);
    let d = coin_d * px_per_mm;
    let cx = x0 + b + gap + d / 2.0;
    for (i, (m, what)) in coins.iter().enumerate() {
        let r = m.radius_mm() as f32 * px_per_mm;
        let cy = 100.0 + i as f32 * (d + row_gap) + d / 2.0;
        draw_circle(cx, cy, r, colour_of("yellow"));
        draw_circle_lines(cx, cy, r, 1.5, BLACK);
        ui.text_fit(
            &format!("{what} Ø{:.1}", m.mm()),
            cx + d / 2.0 + 6.0,
            cy + 5.0,
            13,
            INK,
            label_w,
        );
    }
    ui.button("Back", [40.0, sh - 56.0, 140.0, 40.0], true)
        .then_some(Screen::Menu)
}

/// Run one frame of the game screen and follow where it leads.
pub fn play(ui: &mut Ui, p: &mut Play, settings: &mut super::settings::Settings) -> Option<Screen> {
    match p.frame(ui, settings)? {
        Leave::Menu => Some(Screen::Menu),
        Leave::Won(s) => Some(Screen::Won(s)),
    }
}
