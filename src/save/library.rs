//! A saves folder as the Load screen lists it: named saves and each game's autosave, newest
//! first, each read once; and where a new save of either kind goes.
//!
//! When the newest save of a file cannot be used (missing after a crash, or unreadable) but the
//! one before it (`FILE.prev`) can, the list offers that one and says why the newest was not.

use std::fs;
use std::path::{Path, PathBuf};

use super::file::{previous_path, read, sweep, utc_stamp};
use super::format::{GameId, SavedGame};

/// Autosaves are `autosave-GAME.json`; the one autosave of older versions is `autosave.json`.
const AUTOSAVE: &str = "autosave";
/// Longest file name made from a save's name (characters, before `.json`).
const MAX_STEM: usize = 60;

/// One save on the Load list.
#[derive(Debug)]
pub struct Listed {
    /// The file this entry loads.
    pub path: PathBuf,
    /// The title shown: the save's name, "Autosave", or the file's name.
    pub title: String,
    /// The save, read once; or why it cannot be loaded.
    pub save: Result<SavedGame, String>,
    /// When this is the save before the newest, offered because the newest cannot be used: why.
    pub instead_of_newest: Option<String>,
    /// When it was saved, UTC (`YYYY-MM-DD HH:MM`), from the save or else the file's time.
    pub when: String,
}

impl Listed {
    /// Whether this is an autosave rather than a save a player named.
    pub fn is_autosave(&self) -> bool {
        is_autosave(&self.path)
    }
}

/// Whether `path` is an autosave (or the save before one).
pub fn is_autosave(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with(AUTOSAVE))
}

/// The autosave of one game in `dir`.
pub fn autosave_path(dir: &Path, game: &GameId) -> PathBuf {
    dir.join(format!("{AUTOSAVE}-{game}.json"))
}

/// The file a save named `name` goes to in `dir`: the name with anything a file system might
/// refuse replaced by `_`.
pub fn named_path(dir: &Path, name: &str) -> PathBuf {
    let mut stem: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || " -_(),'".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(MAX_STEM)
        .collect();
    stem = stem.trim().trim_start_matches('.').to_string();
    if stem.is_empty() {
        stem = "save".into();
    }
    dir.join(format!("{stem}.json"))
}

/// Every save in `dir`, newest first. Stale temporary files of killed writers are removed first.
pub fn list(dir: &Path) -> Vec<Listed> {
    sweep(dir);
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for name in &names {
        let path = dir.join(name);
        if let Some(newest) = name.strip_suffix(".prev") {
            // Only when the newest is gone; an unreadable newest is handled with it, below.
            if newest.ends_with(".json") && !names.iter().any(|n| n == newest) {
                let why = format!("the newest save, {newest}, is missing");
                out.push(entry(
                    &path,
                    newest,
                    read(&path).map_err(|e| e.to_string()),
                    Some(why),
                ));
            }
            continue;
        }
        if !name.ends_with(".json") {
            continue;
        }
        let newest = read(&path);
        let listed = match newest {
            Ok(save) => entry(&path, name, Ok(save), None),
            Err(e) => {
                let prev = previous_path(&path);
                match prev.exists().then(|| read(&prev)) {
                    Some(Ok(save)) => {
                        let why = format!("the newest save, {name}, cannot be read: {e}");
                        entry(&prev, name, Ok(save), Some(why))
                    }
                    _ => entry(&path, name, Err(e.to_string()), None),
                }
            }
        };
        out.push(listed);
    }
    name_autosaves(&mut out);
    out.sort_by(|a, b| b.when.cmp(&a.when).then_with(|| a.title.cmp(&b.title)));
    out
}

/// "Autosave of “First”" when the game was also saved under a name, so two games' autosaves
/// can be told apart.
fn name_autosaves(list: &mut [Listed]) {
    let named: Vec<(super::GameId, String)> = list
        .iter()
        .filter(|l| !l.is_autosave())
        .filter_map(|l| Some((l.save.as_ref().ok()?.game_id().clone(), l.title.clone())))
        .collect();
    for l in list.iter_mut().filter(|l| l.is_autosave()) {
        let Ok(save) = &l.save else { continue };
        if let Some((_, name)) = named.iter().find(|(id, _)| id == save.game_id()) {
            l.title = format!("Autosave of “{name}”");
        }
    }
}

fn entry(
    path: &Path,
    file_name: &str,
    save: Result<SavedGame, String>,
    instead_of_newest: Option<String>,
) -> Listed {
    let stem = file_name.strip_suffix(".json").unwrap_or(file_name);
    let title = match save.as_ref().ok().and_then(|s| s.name()) {
        Some(name) => name.to_string(),
        None if stem.starts_with(AUTOSAVE) => "Autosave".to_string(),
        None => stem.to_string(),
    };
    let stamp = save
        .as_ref()
        .ok()
        .and_then(|s| s.saved_at().map(str::to_string))
        .or_else(|| {
            let modified = fs::metadata(path).ok()?.modified().ok()?;
            let secs = modified
                .duration_since(std::time::UNIX_EPOCH)
                .ok()?
                .as_secs();
            Some(utc_stamp(secs))
        })
        .unwrap_or_default();
    Listed {
        path: path.to_path_buf(),
        title,
        save,
        instead_of_newest,
        when: stamp.replace('T', " ").chars().take(16).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::setup;
    use crate::rules::Game;
    use crate::save::{write, write_atomically};

    fn saved(seed: u64, name: Option<&str>) -> SavedGame {
        SavedGame::from_game(Game::new(setup(&["Ann", "Bo"]), seed).unwrap())
            .with_name(name.map(str::to_string))
    }

    #[test]
    fn names_become_safe_file_names() {
        let d = Path::new("saves");
        assert_eq!(
            named_path(d, "Before the siege"),
            d.join("Before the siege.json")
        );
        assert_eq!(
            named_path(d, " ../../etc/passwd "),
            d.join("______etc_passwd.json")
        );
        assert_eq!(named_path(d, "Sant Julià"), d.join("Sant Julià.json"));
        assert_eq!(named_path(d, "   "), d.join("save.json"));
        assert_eq!(named_path(d, "a:b/c*?"), d.join("a_b_c__.json"));
        let long = "x".repeat(300);
        assert_eq!(named_path(d, &long).file_stem().unwrap().len(), MAX_STEM);
    }

    #[test]
    fn the_list_shows_names_and_autosaves_and_offers_the_previous_autosave() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let game = saved(1, None);
        let auto = autosave_path(d, game.game_id());
        write(&auto, &game).unwrap();
        write(&named_path(d, "Mine"), &saved(2, Some("Mine"))).unwrap();
        fs::write(d.join("notes.txt"), "not a save").unwrap();
        let list = list(d);
        let titles: Vec<&str> = list.iter().map(|l| l.title.as_str()).collect();
        assert_eq!(titles.len(), 2);
        assert!(
            titles.contains(&"Autosave") && titles.contains(&"Mine"),
            "{titles:?}"
        );
        assert!(list
            .iter()
            .all(|l| l.save.is_ok() && l.instead_of_newest.is_none()));
        assert!(list.iter().all(|l| l.when.len() == 16), "{list:?}");
        // Saved under a name too, the game's autosave says whose it is.
        write(
            &named_path(d, "Ours"),
            &game.clone().with_name(Some("Ours".into())),
        )
        .unwrap();
        let titles: Vec<String> = super::list(d).into_iter().map(|l| l.title).collect();
        assert!(
            titles.contains(&"Autosave of “Ours”".to_string()),
            "{titles:?}"
        );
        fs::remove_file(named_path(d, "Ours")).unwrap();

        // The newest autosave lost after a crash: the one before is offered, with the reason.
        write(&auto, &game).unwrap();
        fs::remove_file(&auto).unwrap();
        let l = super::list(d);
        let a = l
            .iter()
            .find(|l| l.is_autosave())
            .expect("the previous autosave is offered");
        assert_eq!(a.path, previous_path(&auto));
        assert!(a.save.is_ok());
        let why = a.instead_of_newest.as_deref().unwrap();
        assert!(
            why.contains("is missing") && why.contains("autosave-"),
            "{why}"
        );

        // Unreadable newest: the same, naming what is wrong with it.
        write_atomically(&auto, b"{\"format_version\": 2, \"se").unwrap();
        let l = super::list(d);
        let a = l.iter().find(|l| l.is_autosave()).unwrap();
        assert_eq!(a.path, previous_path(&auto));
        let why = a.instead_of_newest.as_deref().unwrap();
        assert!(
            why.contains("cannot be read") && why.contains("not an OMMS saved game"),
            "{why}"
        );

        // Neither readable: listed, with the error, so the player knows it is there.
        fs::write(previous_path(&auto), "junk").unwrap();
        let l = super::list(d);
        let a = l.iter().find(|l| l.is_autosave()).unwrap();
        assert_eq!(a.path, auto);
        assert!(a
            .save
            .as_ref()
            .is_err_and(|e| e.contains("not an OMMS saved game")));
    }
}
