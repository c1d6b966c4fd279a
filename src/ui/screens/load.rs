//! The Load screen: every save in the saves folder with its map, seats, turn and date, newest
//! first. Each file is read once, when the list is made; a save is opened only once it fits the
//! map it names and its command log replays to its snapshot, as `omms sim --load` demands.

use std::path::{Path, PathBuf};

use macroquad::color::Color;
use macroquad::window::clear_background;

use super::{open_with, Places, Screen, BACKDROP};
use crate::rules::MapBoard;
use crate::save::library::{self, Listed};
use crate::save::{check_fits, SavedGame, SeatPlay};
use crate::ui::play::LogWatch;
use crate::ui::widgets::{Ui, FADED, INK};
use crate::ui::Fonts;

/// Warnings: a save offered instead of the newest, or one that cannot be opened.
const WARN: Color = Color::new(0.62, 0.18, 0.05, 1.0);
/// Height of one save's row.
const ROW_H: f32 = 58.0;

/// The list on the Load screen.
pub struct LoadList {
    saves: Vec<Listed>,
    error: Option<String>,
    page: usize,
}

impl LoadList {
    /// The saves in `dir`, each read once.
    pub fn read(dir: &Path) -> LoadList {
        LoadList {
            saves: library::list(dir),
            error: None,
            page: 0,
        }
    }

    /// An empty list showing why a game could not be opened.
    pub fn failed(error: String) -> LoadList {
        LoadList {
            saves: Vec::new(),
            error: Some(error),
            page: 0,
        }
    }
}

/// One line about a save: map, seats, turn and when it was saved.
pub fn describe_save(s: &SavedGame) -> String {
    let state = s.game().state();
    let seats: Vec<String> = state
        .players()
        .iter()
        .zip(s.seats())
        .map(|(p, seat)| match seat {
            SeatPlay::Human => p.name().to_string(),
            SeatPlay::Ai { .. } => format!("{} (AI)", p.name()),
        })
        .collect();
    let progress = match state.winner() {
        Some(w) => format!("won by {}", state.player(w).name()),
        None => format!("turn {}", state.turn()),
    };
    let mut line = format!(
        "{} · {} · {progress}",
        s.game().setup().map,
        seats.join(", ")
    );
    if s.battle_in_progress().is_some() {
        line.push_str(" · in a table battle");
    }
    line
}

/// The Load screen's frame.
pub fn load(ui: &mut Ui, list: &mut LoadList, fonts: &Fonts, places: &Places) -> Option<Screen> {
    clear_background(BACKDROP);
    let [sw, sh] = ui.size();
    ui.title("Load game", 40.0, 50.0, 32, INK);
    if list.saves.is_empty() && list.error.is_none() {
        ui.text(
            &format!("No saves in {} yet.", places.saves.display()),
            40.0,
            100.0,
            18,
            INK,
        );
    }
    let top = 80.0;
    let per_page = (((sh - top - 170.0) / ROW_H).floor() as usize).max(1);
    let pages = list.saves.len().div_ceil(per_page).max(1);
    list.page = list.page.min(pages - 1);
    let first = list.page * per_page;
    let mut y = top;
    let mut open = None;
    for (i, l) in list.saves.iter().enumerate().skip(first).take(per_page) {
        let ok = l.save.is_ok();
        if ui.button(&l.title, [40.0, y, 300.0, 34.0], ok) {
            open = Some(i);
        }
        let x = 356.0;
        let width = sw - x - 40.0;
        match &l.save {
            Ok(s) => {
                ui.text_fit(&describe_save(s), x, y + 16.0, 16, INK, width);
                let when = format!("saved {} UTC", l.when);
                ui.text(&when, x, y + 34.0, 13, FADED);
                if let Some(why) = &l.instead_of_newest {
                    let dx = ui.width(&when, 13) + 14.0;
                    let text = format!("The save before the newest, offered because {why}");
                    ui.text_fit(&text, x + dx, y + 34.0, 13, WARN, width - dx);
                }
            }
            Err(e) => {
                ui.text_fit(
                    &format!("Cannot be opened: {e}"),
                    x,
                    y + 22.0,
                    14,
                    WARN,
                    width,
                );
            }
        }
        y += ROW_H;
    }
    if pages > 1 {
        let py = top + per_page as f32 * ROW_H + 4.0;
        if ui.button("Newer", [40.0, py, 110.0, 30.0], list.page > 0) {
            list.page -= 1;
        }
        ui.text(
            &format!("page {} of {pages}", list.page + 1),
            166.0,
            py + 20.0,
            14,
            INK,
        );
        if ui.button("Older", [270.0, py, 110.0, 30.0], list.page + 1 < pages) {
            list.page += 1;
        }
    }
    if let Some(i) = open {
        let l = &list.saves[i];
        if let Ok(saved) = &l.save {
            match open_saved(&l.path, saved, fonts, places) {
                Ok(s) => return Some(s),
                Err(e) => list.error = Some(e),
            }
        }
    }
    if let Some(e) = &list.error {
        let bottom = ui.paragraph(e, 40.0, sh - 150.0, 16, sw - 80.0);
        // Named like a button, so a script can read why the save was refused.
        ui.hit(
            &format!("Refused: {e}"),
            [40.0, sh - 166.0, sw - 80.0, bottom - sh + 166.0],
        );
    }
    ui.button("Back", [40.0, sh - 70.0, 140.0, 40.0], true)
        .then_some(Screen::Menu)
}

/// Open a save read from `path`: find its map, check the save fits it, replay the log (which
/// also rebuilds the game's log of events), and show the game where it was left.
fn open_saved(
    path: &Path,
    saved: &SavedGame,
    fonts: &Fonts,
    places: &Places,
) -> Result<Screen, String> {
    let at = |e: String| format!("{}: {e}", path.display());
    let game = saved.game();
    let dir = map_dir_named(places, &game.setup().map).map_err(at)?;
    let map = crate::ui::map_cache::game_map(&dir).map_err(at)?;
    let board = MapBoard::new(map, game.state().scale());
    check_fits(game, &board).map_err(|e| at(e.to_string()))?;
    let mut log = LogWatch::new(map);
    // A position set up without a history (a scenario: no commands, no turns) has nothing to
    // replay, so the position itself is checked against the map and the rules' bookkeeping;
    // every other save must replay to its snapshot.
    let position = game.commands().is_empty() && game.turn_hashes().is_empty();
    if position {
        if let Some(why) = board.position_problem(game) {
            return Err(at(why));
        }
    } else {
        game.verify_watched(&board, &mut log).map_err(|e| {
            at(format!(
                "the save does not replay on the map in {} as it is now: {e}",
                dir.display()
            ))
        })?;
    }
    let mut screen = open_with(&dir, saved.clone(), fonts, places).map_err(at)?;
    if let Screen::Play(play) = &mut screen {
        play.resume(saved, log);
    }
    Ok(screen)
}

/// The folder in the maps folder a save's map name refers to: the folder's own name or the
/// name in its `map.toml` (what `omms sim` records).
fn map_dir_named(places: &Places, name: &str) -> Result<PathBuf, String> {
    let dirs = std::fs::read_dir(&places.maps)
        .map_err(|e| format!("cannot read the maps folder {}: {e}", places.maps.display()))?;
    let mut dirs: Vec<PathBuf> = dirs.flatten().map(|e| e.path()).collect();
    dirs.sort();
    dirs.push(places.default_map.clone());
    dirs.into_iter()
        .find(|d| {
            d.file_name()
                .is_some_and(|n| n.to_string_lossy().eq_ignore_ascii_case(name))
                || crate::map::load_meta(d).is_ok_and(|m| m.name == name)
        })
        .ok_or_else(|| {
            format!(
                "the save is for the map {name:?}, which is not in {}",
                places.maps.display()
            )
        })
}
