//! Save files on disk.
//!
//! A write never leaves the player without `FILE`, whenever the process is killed:
//! 1. the new save is written to a temporary file in the same folder and synced;
//! 2. the current `FILE` is hard-linked (or, where links are refused, copied and synced) to a
//!    temporary name that is renamed over `FILE.prev`, and the folder is synced;
//! 3. the temporary save is renamed over `FILE` and the folder is synced again.
//!
//! Renames replace their target atomically, so `FILE` names the old save or the new one at
//! every instant and `FILE.prev` the save before. A writer holds an OS lock on `.FILE.lock`
//! (released by the OS when the process dies, so a killed writer never blocks the next one);
//! a second writer is refused while the first holds it, and the holder of the lock removes the
//! temporary files a killed writer left.

use std::fs;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use super::format::{SaveError, SavedGame};

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
    /// Another process is writing the same file.
    #[error("{}: another OMMS process{} is saving to this file; two games must not share one save file (choose another file, or stop the other one first)", .path.display(), .holder.map(|p| format!(" (process {p})")).unwrap_or_default())]
    Busy {
        /// The file.
        path: PathBuf,
        /// The other process, when it said who it is.
        holder: Option<u32>,
    },
}

/// Where the save before the newest one is kept.
pub fn previous_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".prev");
    path.with_file_name(name)
}

/// When the save before this one is still there and readable, say so.
fn previous_hint(path: &Path) -> String {
    let prev = previous_path(path);
    match fs::read_to_string(&prev)
        .ok()
        .map(|t| SavedGame::from_json(&t))
    {
        Some(Ok(_)) => format!(
            " (the save before it, {}, is readable: load that one instead)",
            prev.display()
        ),
        _ => String::new(),
    }
}

fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn leaf_of(path: &Path) -> String {
    path.file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into())
}

/// The right to write one save file, held until dropped.
pub struct SaveLock {
    path: PathBuf,
    // Held open: the OS lock lives as long as this handle.
    _file: fs::File,
}

impl SaveLock {
    /// Take the lock on `path`, or say who holds it.
    pub fn acquire(path: &Path) -> Result<SaveLock, SaveFileError> {
        let lock_path = folder_of(path).join(format!(".{}.lock", leaf_of(path)));
        let io = |source| SaveFileError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut file = fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .map_err(io)?;
        if !try_lock(&file).map_err(io)? {
            let mut text = String::new();
            let _ = file.read_to_string(&mut text);
            return Err(SaveFileError::Busy {
                path: path.to_path_buf(),
                holder: text.trim().parse().ok(),
            });
        }
        // Who holds it, for the message another writer gets; the lock file itself is never
        // removed (removing it would let two writers lock two different files).
        let _ = file.set_len(0);
        let _ = file.rewind();
        let _ = write!(file, "{}", std::process::id());
        Ok(SaveLock {
            path: path.to_path_buf(),
            _file: file,
        })
    }

    /// The save file this lock is for.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Write `bytes` as the file, keeping the one before as `FILE.prev` (see the module notes).
    pub fn write(&self, bytes: &[u8]) -> Result<(), SaveFileError> {
        let path = &self.path;
        let io = |source| SaveFileError::Io {
            path: path.to_path_buf(),
            source,
        };
        let dir = folder_of(path);
        let leaf = leaf_of(path);
        sweep_family(&dir, &leaf);
        let prefix = format!(".{leaf}.tmp-");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix);
        readable(&mut builder);
        let mut tmp = builder.tempfile_in(&dir).map_err(io)?;
        tmp.write_all(bytes).map_err(io)?;
        tmp.as_file().sync_all().map_err(io)?;
        if path.exists() {
            keep_previous(path, &dir, &leaf).map_err(io)?;
            sync_dir(&dir);
        }
        tmp.persist(path).map_err(|e| io(e.error))?;
        sync_dir(&dir);
        Ok(())
    }
}

/// A save is the player's file: readable like any other they make, not private to the process
/// (the temporary file it starts as would otherwise be mode 0600).
fn readable(builder: &mut tempfile::Builder) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o644));
    }
    #[cfg(not(unix))]
    let _ = builder;
}

/// Take the OS's exclusive lock on `file` without waiting: false when another open file holds it.
/// `flock` locks belong to the open file, so a second lock fails even within one process, and the
/// OS drops them when the process ends, however it ends.
#[cfg(unix)]
fn try_lock(file: &fs::File) -> std::io::Result<bool> {
    use rustix::fs::{flock, FlockOperation};
    match flock(file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(true),
        Err(e) if e == rustix::io::Errno::WOULDBLOCK => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Elsewhere writers are not locked against each other (the game is built and tested on Linux);
/// each write is still atomic.
#[cfg(not(unix))]
fn try_lock(_file: &fs::File) -> std::io::Result<bool> {
    Ok(true)
}

/// Make `FILE.prev` the current `FILE` without `FILE` ever going away.
fn keep_previous(path: &Path, dir: &Path, leaf: &str) -> std::io::Result<()> {
    let staged = dir.join(format!(".{leaf}.prev-{}", std::process::id()));
    let _ = fs::remove_file(&staged);
    if fs::hard_link(path, &staged).is_err() {
        // Some file systems (FAT, some network shares) have no hard links: copy instead.
        fs::copy(path, &staged)?;
        fs::File::open(&staged)?.sync_all()?;
    }
    fs::rename(&staged, previous_path(path))
}

/// Remove the temporary files a killed writer of `leaf` left in `dir`. Only the holder of the
/// file's lock calls this, so none of them is being written.
fn sweep_family(dir: &Path, leaf: &str) {
    let tmp = format!(".{leaf}.tmp-");
    let prev = format!(".{leaf}.prev-");
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with(&tmp) || name.starts_with(&prev) {
            let _ = fs::remove_file(e.path());
        }
    }
}

/// Remove every stale temporary save file in `dir` whose save is not being written now (its
/// lock is free). Returns how many were removed.
pub fn sweep(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut leaves: Vec<String> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let rest = name.strip_prefix('.')?;
            let at = rest.rfind(".tmp-").or_else(|| rest.rfind(".prev-"))?;
            Some(rest[..at].to_string())
        })
        .collect();
    leaves.sort();
    leaves.dedup();
    let mut removed = 0;
    for leaf in leaves {
        let before = count_family(dir, &leaf);
        if let Ok(_lock) = SaveLock::acquire(&dir.join(&leaf)) {
            sweep_family(dir, &leaf);
            removed += before - count_family(dir, &leaf);
        }
    }
    removed
}

fn count_family(dir: &Path, leaf: &str) -> usize {
    let (tmp, prev) = (format!(".{leaf}.tmp-"), format!(".{leaf}.prev-"));
    fs::read_dir(dir).map_or(0, |rd| {
        rd.flatten()
            .filter(|e| {
                let n = e.file_name().to_string_lossy().into_owned();
                n.starts_with(&tmp) || n.starts_with(&prev)
            })
            .count()
    })
}

/// The renames are only durable once the folder itself is synced.
fn sync_dir(dir: &Path) {
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Write `bytes` to `path` atomically, keeping the file before as `FILE.prev`; refused while
/// another process writes the same file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), SaveFileError> {
    SaveLock::acquire(path)?.write(bytes)
}

/// Write a saved game to `path` (see [`write_atomically`]), stamped with the time now.
pub fn write(path: &Path, saved: &SavedGame) -> Result<(), SaveFileError> {
    write_atomically(path, saved.to_json_at(Some(&utc_now())).as_bytes())
}

/// Read a save file (once), upgrading an older format.
pub fn read(path: &Path) -> Result<SavedGame, SaveFileError> {
    let text = fs::read_to_string(path).map_err(|source| SaveFileError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    SavedGame::from_json(&text).map_err(|error| SaveFileError::Format {
        path: path.to_path_buf(),
        error,
    })
}

/// The time now, UTC, as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_stamp(secs)
}

/// Seconds since 1970 as `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian calendar).
pub fn utc_stamp(secs: u64) -> String {
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Days to a civil date (H. Hinnant's algorithm), counted from 0000-03-01.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::setup;
    use crate::rules::Game;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn rewrites_keep_the_previous_save_and_leave_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        write_atomically(&path, b"three").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"three");
        assert_eq!(fs::read(previous_path(&path)).unwrap(), b"two");
        assert_eq!(
            names(dir.path()),
            [".game.json.lock", "game.json", "game.json.prev"]
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o044, 0o044, "others may read a save: {mode:o}");
        }
    }

    #[test]
    fn what_a_killed_writer_left_is_swept_by_the_next_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        write_atomically(&path, b"one").unwrap();
        for stale in [
            ".game.json.tmp-AbC123",
            ".game.json.prev-4242",
            ".other.json.tmp-x",
        ] {
            fs::write(dir.path().join(stale), b"half").unwrap();
        }
        write_atomically(&path, b"two").unwrap();
        assert!(names(dir.path()).contains(&".other.json.tmp-x".to_string()));
        assert_eq!(sweep(dir.path()), 1);
        assert_eq!(
            names(dir.path()),
            [
                ".game.json.lock",
                ".other.json.lock",
                "game.json",
                "game.json.prev"
            ]
        );
    }

    #[test]
    fn a_second_writer_is_refused_while_the_first_holds_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        let first = SaveLock::acquire(&path).unwrap();
        first.write(b"one").unwrap();
        let e = write_atomically(&path, b"two").unwrap_err();
        assert!(
            matches!(e, SaveFileError::Busy { holder: Some(p), .. } if p == std::process::id())
        );
        let msg = e.to_string();
        assert!(
            msg.contains("game.json") && msg.contains("another OMMS process"),
            "{msg}"
        );
        // A temporary file of a save being written is not stale: the sweep leaves it.
        fs::write(dir.path().join(".game.json.tmp-live"), b"x").unwrap();
        assert_eq!(sweep(dir.path()), 0);
        drop(first);
        write_atomically(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert!(!dir.path().join(".game.json.tmp-live").exists());
    }

    #[test]
    fn a_damaged_save_names_the_file_and_offers_the_previous_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        let game = Game::new(setup(&["Red", "Blue"]), 3).unwrap();
        write(&path, &SavedGame::from_game(game.clone())).unwrap();
        write_atomically(&path, b"{\"format_version\": 2, \"seed\": ").unwrap();
        let msg = read(&path).unwrap_err().to_string();
        assert!(msg.contains("game.json"), "{msg}");
        assert!(msg.contains("not an OMMS saved game"), "{msg}");
        assert!(msg.contains("game.json.prev"), "{msg}");

        let newer = game
            .to_json()
            .replace("\"format_version\": 2", "\"format_version\": 99");
        write_atomically(&path, newer.as_bytes()).unwrap();
        let msg = read(&path).unwrap_err().to_string();
        assert!(msg.contains("newer version of OMMS"), "{msg}");

        let missing = read(&dir.path().join("nope.json")).unwrap_err().to_string();
        assert!(missing.contains("nope.json"), "{missing}");
    }

    #[test]
    fn stamps_are_calendar_dates() {
        assert_eq!(utc_stamp(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc_stamp(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_stamp(1_700_000_000), "2023-11-14T22:13:20Z");
        assert_eq!(utc_stamp(4_102_444_799), "2099-12-31T23:59:59Z");
    }
}
