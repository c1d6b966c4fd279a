//! Save files on disk: written atomically with the previous one kept, read with errors that name
//! the file and say what to do.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::rules::{Game, SaveError};

/// Why a save file could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum SaveFileError {
    /// The file system refused.
    #[error("{}: {source}{}", .path.display(), previous_hint(.path))]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a save this version can read.
    #[error("{}: {error}{}", .path.display(), previous_hint(.path))]
    Format {
        /// The file.
        path: PathBuf,
        /// Why.
        error: SaveError,
    },
}

/// Where the autosave before the newest one is kept.
pub fn previous_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".prev");
    path.with_file_name(name)
}

/// When the save before this one is still there and readable, say so.
fn previous_hint(path: &Path) -> String {
    let prev = previous_path(path);
    match fs::read_to_string(&prev).ok().map(|t| Game::from_json(&t)) {
        Some(Ok(_)) => format!(
            " (the autosave before it, {}, is readable: try --load with it)",
            prev.display()
        ),
        _ => String::new(),
    }
}

/// Write `bytes` to `path` so that a crash leaves either the old file or the new one, never a
/// mixture: a temporary file in the same folder is written and synced, the old file becomes
/// `FILE.prev`, the temporary file is renamed over `path`, and the folder is synced.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), SaveFileError> {
    let io = |source| SaveFileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let leaf = path
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{leaf}.tmp-"))
        .tempfile_in(&dir)
        .map_err(io)?;
    tmp.write_all(bytes).map_err(io)?;
    tmp.as_file().sync_all().map_err(io)?;
    if path.exists() {
        fs::rename(path, previous_path(path)).map_err(io)?;
    }
    tmp.persist(path).map_err(|e| io(e.error))?;
    // The renames are only durable once the folder itself is synced.
    if let Ok(d) = fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Read a save file.
pub fn read_save(path: &Path) -> Result<Game, SaveFileError> {
    let text = fs::read_to_string(path).map_err(|source| SaveFileError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    Game::from_json(&text).map_err(|error| SaveFileError::Format {
        path: path.to_path_buf(),
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::setup;

    #[test]
    fn rewrites_keep_the_previous_save() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(fs::read(previous_path(&path)).unwrap(), b"one");
        let left: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 2, "no temporary file left behind");
    }

    #[test]
    fn a_damaged_save_names_the_file_and_offers_the_previous_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        let game = Game::new(setup(&["Red", "Blue"]), 3).unwrap();
        write_atomically(&path, game.to_json().as_bytes()).unwrap();
        write_atomically(&path, b"{\"format_version\": 1, \"seed\": ").unwrap();
        let msg = read_save(&path).unwrap_err().to_string();
        assert!(msg.contains("game.json"), "{msg}");
        assert!(msg.contains("not an OMMS saved game"), "{msg}");
        assert!(msg.contains("game.json.prev"), "{msg}");

        let newer = game
            .to_json()
            .replace("\"format_version\": 1", "\"format_version\": 99");
        write_atomically(&path, newer.as_bytes()).unwrap();
        let msg = read_save(&path).unwrap_err().to_string();
        assert!(msg.contains("newer version of OMMS"), "{msg}");

        let missing = read_save(&dir.path().join("nope.json"))
            .unwrap_err()
            .to_string();
        assert!(missing.contains("nope.json"), "{missing}");
    }
}
