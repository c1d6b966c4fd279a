//! One shared copy of each map package a game is played on.
//!
//! The rules' [`MapBoard`](crate::rules::MapBoard) borrows its [`GameMap`] and the game screen
//! keeps that board for the whole session, so the map must outlive every game on it. Giving
//! `MapBoard` an owning handle would change its type for every user in `src/rules`, the tests and
//! the benches; instead each package is loaded once, leaked, and handed out again to every later
//! game on the same folder. Memory is bounded by the number of different maps (and package
//! edits) played in one run, not by the number of games.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::map::package::{MAP_FILE, META_FILE, TERRAIN_FILE};
use crate::map::GameMap;

/// When a package's files were last written: an edited package (say in QGIS between two games)
/// is loaded afresh rather than served stale from the cache.
pub type Stamp = [Option<SystemTime>; 3];

/// The package's files' modification times.
pub fn stamp(dir: &Path) -> Stamp {
    [META_FILE, MAP_FILE, TERRAIN_FILE].map(|f| {
        std::fs::metadata(dir.join(f))
            .and_then(|m| m.modified())
            .ok()
    })
}

/// The cache key of a folder: its canonical path, so `maps/andorra` and `./maps/andorra/` meet.
pub fn key(dir: &Path) -> PathBuf {
    dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())
}

thread_local! {
    // The UI runs on one thread; nothing else needs these maps.
    static LEAKED: RefCell<Vec<(PathBuf, Stamp, &'static GameMap)>> = const { RefCell::new(Vec::new()) };
}

/// The map in `dir`, loaded on first use and shared by every later game on it.
pub fn game_map(dir: &Path) -> Result<&'static GameMap, String> {
    let (key, stamp) = (key(dir), stamp(dir));
    if let Some(map) = LEAKED.with_borrow(|maps| {
        maps.iter()
            .find(|(k, s, _)| *k == key && *s == stamp)
            .map(|(_, _, m)| *m)
    }) {
        return Ok(map);
    }
    let map =
        GameMap::load(dir).map_err(|e| format!("cannot load the map in {}: {e}", dir.display()))?;
    let map: &'static GameMap = Box::leak(Box::new(map));
    LEAKED.with_borrow_mut(|maps| {
        // A package edited since its last game: the stale copy stays leaked (a game may still
        // hold it) but is no longer handed out.
        maps.retain(|(k, _, _)| *k != key);
        maps.push((key, stamp, map));
    });
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_game_on_the_same_map_shares_the_first_copy() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/north-bayreuth");
        let a = game_map(&dir).unwrap();
        let b = game_map(&dir.join("../north-bayreuth")).unwrap();
        assert!(std::ptr::eq(a, b), "the map was loaded (and leaked) twice");
        let Err(err) = game_map(Path::new("/no/such/map")) else {
            panic!("a missing folder loaded");
        };
        assert!(err.contains("/no/such/map"), "{err}");
    }
}
