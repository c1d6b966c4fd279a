//! The map package on disk: a folder with `map.toml`, `map.geojson` and `terrain.geojson`.
//!
//! This module owns the package's file names, its metadata schema and the atomic write of a whole
//! package. Format documented in `docs/map-package.md`.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::scale::Scale;

/// Metadata file name inside a package.
pub const META_FILE: &str = "map.toml";
/// Settlements, roads and water (the strategic board).
pub const MAP_FILE: &str = "map.geojson";
/// The tactical terrain layer round playable settlements.
pub const TERRAIN_FILE: &str = "terrain.geojson";
/// The attribution every map derived from OpenStreetMap carries.
pub const ATTRIBUTION: &str = "© OpenStreetMap contributors (ODbL)";
/// Current package format version: what the importer writes and the newest the loader reads.
/// Version 2 adds sea areas (`"kind": "sea"` polygons) and ports (`"port": true` on
/// settlements); a version-1 package loads as a version-2 one with neither (docs/map-package.md).
pub const FORMAT_VERSION: u32 = 2;
/// The oldest package format the loader still reads.
pub const OLDEST_FORMAT_VERSION: u32 = 1;

/// Road class of the paper game: motorway, A road or B road. Everything else is a white road.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RoadClass {
    /// Motorway: allows the double move.
    M,
    /// A road.
    A,
    /// B road.
    B,
}

impl RoadClass {
    /// Parse `"M"`, `"A"` or `"B"`.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "M" => Some(RoadClass::M),
            "A" => Some(RoadClass::A),
            "B" => Some(RoadClass::B),
            _ => None,
        }
    }

    /// The letter used in files and on screen.
    pub fn as_str(self) -> &'static str {
        match self {
            RoadClass::M => "M",
            RoadClass::A => "A",
            RoadClass::B => "B",
        }
    }
}

/// Kind of settlement place (RULINGS §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlaceKind {
    /// `place=city`.
    City,
    /// `place=town`.
    Town,
    /// `place=village`.
    Village,
    /// `place=suburb`: a "major suburb" in the rules.
    Suburb,
}

impl PlaceKind {
    /// Parse the OSM `place=*` value; `None` for kinds the game does not use (hamlet, …).
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "city" => Some(PlaceKind::City),
            "town" => Some(PlaceKind::Town),
            "village" => Some(PlaceKind::Village),
            "suburb" => Some(PlaceKind::Suburb),
            _ => None,
        }
    }

    /// The OSM value.
    pub fn as_str(self) -> &'static str {
        match self {
            PlaceKind::City => "city",
            PlaceKind::Town => "town",
            PlaceKind::Village => "village",
            PlaceKind::Suburb => "suburb",
        }
    }

    /// All kinds, in the order summaries list them.
    pub const ALL: [PlaceKind; 4] = [
        PlaceKind::City,
        PlaceKind::Town,
        PlaceKind::Village,
        PlaceKind::Suburb,
    ];
}

/// The default `highway=*` → road class mapping of RULINGS §3.
pub fn default_road_classes() -> BTreeMap<String, RoadClass> {
    let mut m = BTreeMap::new();
    for (k, c) in [
        ("motorway", RoadClass::M),
        ("motorway_link", RoadClass::M),
        ("trunk", RoadClass::A),
        ("trunk_link", RoadClass::A),
        ("primary", RoadClass::A),
        ("primary_link", RoadClass::A),
        ("secondary", RoadClass::B),
        ("secondary_link", RoadClass::B),
    ] {
        m.insert(k.to_string(), c);
    }
    m
}

/// Where a package came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SourceInfo {
    /// File name of the `.osm.pbf` the package was imported from (no directories).
    pub file: String,
    /// Date of the OSM data (the file header's replication timestamp, or the newest element's
    /// timestamp), as an ISO 8601 date-time; empty when the file carries none.
    pub date: String,
}

/// `map.toml`: everything about a package that is not geometry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapMeta {
    /// Package format version ([`FORMAT_VERSION`]).
    pub format_version: u32,
    /// Display name of the map.
    pub name: String,
    /// Map scale denominator in force (players may still override it at game setup).
    pub scale: Scale,
    /// The scale RULINGS §2 proposes for this map.
    pub proposed_scale: Scale,
    /// Bounding box `[west, south, east, north]` in degrees.
    pub bbox: [f64; 4],
    /// Data attribution, shown on screen wherever the map is.
    pub attribution: String,
    /// Where the data came from.
    pub source: SourceInfo,
    /// `highway=*` value → road class. A modder can add e.g. `tertiary = "B"` and re-import.
    pub road_classes: BTreeMap<String, RoadClass>,
}

impl MapMeta {
    /// Parse `map.toml` text.
    pub fn from_toml(text: &str) -> Result<Self, toml::de::Error> {
        toml::from_str(text)
    }

    /// Serialise to `map.toml` text.
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).expect("MapMeta always serialises")
    }
}

/// Write a whole package folder atomically: the files go into a fresh temporary folder beside
/// `dir`, are synced, and the folder is renamed into place, so a crash or error never leaves a
/// half-written package. An existing package at `dir` is replaced.
pub fn write_package_atomically(dir: &Path, files: &[(&str, &[u8])]) -> std::io::Result<()> {
    write_package_streaming(dir, |stage| {
        for (name, bytes) in files {
            stage.file(name, |w| w.write_all(bytes))?;
        }
        Ok(())
    })
}

/// The temporary folder a package is staged in; see [`write_package_streaming`].
pub struct PackageStage {
    dir: PathBuf,
}

impl PackageStage {
    /// The staging folder, e.g. to load the staged package and check it before it goes live.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Create `name` in the stage, let `fill` write it through a buffer, and sync it. Returns the
    /// file's size in bytes.
    pub fn file(
        &mut self,
        name: &str,
        fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> std::io::Result<u64> {
        let mut w =
            std::io::BufWriter::with_capacity(1 << 20, fs::File::create(self.dir.join(name))?);
        fill(&mut w)?;
        let f = w.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()?;
        Ok(f.metadata()?.len())
    }
}

/// What is wrong with a map name, if anything: it is shown in menus and the window title, so
/// it must be short printable text (no NUL or other control characters).
pub fn name_problem(name: &str) -> Option<String> {
    if name.trim().is_empty() {
        Some("the name is blank".into())
    } else if let Some(c) = name.chars().find(|c| c.is_control()) {
        Some(format!(
            "the name holds the control character U+{:04X}; use printable text",
            u32::from(c)
        ))
    } else if name.chars().count() > 200 {
        Some(format!(
            "the name is {} characters long; at most 200",
            name.chars().count()
        ))
    } else {
        None
    }
}

/// Why `dir` may not be replaced by a new package, if it may not: only a previous package (a
/// folder with `map.toml`) is ever replaced, never a folder of other files or a file.
pub fn replace_refusal(dir: &Path) -> Option<String> {
    match fs::symlink_metadata(dir) {
        Err(_) => None,
        Ok(m) if m.is_dir() && dir.join(META_FILE).is_file() => None,
        Ok(m) if m.is_dir() => Some(format!(
            "the folder exists and is not a map package (it has no {META_FILE}); a package is only written over a previous package: choose a new folder"
        )),
        Ok(_) => Some("this is a file, not a map package folder: choose a new folder".into()),
    }
}

/// The prefix of the staging folders of `leaf`'s writes: hidden, so map listings skip them.
fn stage_prefix(leaf: &str) -> String {
    format!(".{leaf}.tmp-")
}

/// Remove staging folders of `leaf` left by writers that were killed. The writer's process id
/// is in the name; one whose process is gone is stale. Only where `/proc` tells (Linux).
fn remove_stale_stages(parent: &Path, leaf: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let prefix = stage_prefix(leaf);
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = fs::remove_dir_all(e.path());
        }
    }
}

/// Like [`write_package_atomically`], but `fill` writes the files one by one into the staging
/// folder, so a package much larger than memory never has to be held in memory. Whatever `fill`
/// returns is passed back once the package is in place; if it fails, nothing is left behind.
/// `dir` must not exist or hold a previous package ([`replace_refusal`]).
pub fn write_package_streaming<T>(
    dir: &Path,
    fill: impl FnOnce(&mut PackageStage) -> std::io::Result<T>,
) -> std::io::Result<T> {
    if let Some(why) = replace_refusal(dir) {
        return Err(std::io::Error::new(std::io::ErrorKind::AlreadyExists, why));
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent)?;
    let leaf = dir
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "map".into());
    remove_stale_stages(&parent, &leaf);
    let tmp = tempfile::Builder::new()
        .prefix(&format!("{}{}-", stage_prefix(&leaf), std::process::id()))
        .tempdir_in(&parent)?;
    let result = fill(&mut PackageStage {
        dir: tmp.path().to_path_buf(),
    })?;
    let staged = tmp.keep();
    // Checked again: the folder may have changed while the package was being written.
    if let Some(why) = replace_refusal(dir) {
        let _ = fs::remove_dir_all(&staged);
        return Err(std::io::Error::new(std::io::ErrorKind::AlreadyExists, why));
    }
    // A rename cannot replace a non-empty directory, so move the old package aside first and
    // delete it only once the new one is in place.
    let old = if dir.exists() {
        let aside = parent.join(format!(".{leaf}.old-{}", std::process::id()));
        if let Err(e) = fs::rename(dir, &aside) {
            let _ = fs::remove_dir_all(&staged);
            return Err(e);
        }
        Some(aside)
    } else {
        None
    };
    if let Err(e) = fs::rename(&staged, dir) {
        if let Some(aside) = &old {
            let _ = fs::rename(aside, dir);
        }
        let _ = fs::remove_dir_all(&staged);
        return Err(e);
    }
    if let Some(aside) = old {
        let _ = fs::remove_dir_all(aside);
    }
    if let Ok(d) = fs::File::open(&parent) {
        let _ = d.sync_all();
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_round_trips_through_toml() {
        let meta = MapMeta {
            format_version: FORMAT_VERSION,
            name: "Andorra".into(),
            scale: Scale(25_000),
            proposed_scale: Scale(25_000),
            bbox: [1.4, 42.4, 1.8, 42.7],
            attribution: ATTRIBUTION.into(),
            source: SourceInfo {
                file: "andorra.osm.pbf".into(),
                date: "2013-05-28T18:59:04Z".into(),
            },
            road_classes: default_road_classes(),
        };
        let text = meta.to_toml();
        assert!(text.contains("OpenStreetMap contributors"));
        assert_eq!(MapMeta::from_toml(&text).unwrap(), meta);
    }

    #[test]
    fn atomic_write_replaces_an_existing_package() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("pkg");
        write_package_atomically(&dir, &[(META_FILE, b"one")]).unwrap();
        write_package_atomically(&dir, &[(META_FILE, b"new"), ("b.txt", b"two")]).unwrap();
        assert_eq!(fs::read(dir.join(META_FILE)).unwrap(), b"new");
        assert_eq!(fs::read(dir.join("b.txt")).unwrap(), b"two");
        let leftovers: Vec<_> = fs::read_dir(root.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temp folders left behind");
    }

    #[test]
    fn only_a_previous_package_is_replaced() {
        let root = tempfile::tempdir().unwrap();
        let notes = root.path().join("notes");
        fs::create_dir(&notes).unwrap();
        fs::write(notes.join("todo.txt"), "keep").unwrap();
        let file = root.path().join("file");
        fs::write(&file, "keep").unwrap();
        for dir in [&notes, &file] {
            let err = write_package_atomically(dir, &[(META_FILE, b"x")]).unwrap_err();
            assert_eq!(err.kind(), std::io::ErrorKind::AlreadyExists, "{err}");
        }
        assert_eq!(fs::read(notes.join("todo.txt")).unwrap(), b"keep");
        assert_eq!(fs::read(&file).unwrap(), b"keep");
        let leftovers: Vec<_> = fs::read_dir(root.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 2, "nothing staged or moved aside");
    }

    #[test]
    fn a_killed_writers_stage_is_removed_by_the_next_write() {
        let root = tempfile::tempdir().unwrap();
        // No process has this id (above the kernel's pid_max).
        let stale = root.path().join(".pkg.tmp-4294967295-abc");
        fs::create_dir(&stale).unwrap();
        fs::write(stale.join(META_FILE), "half").unwrap();
        write_package_atomically(&root.path().join("pkg"), &[(META_FILE, b"x")]).unwrap();
        if Path::new("/proc/self").exists() {
            assert!(!stale.exists());
        }
    }

    #[test]
    fn a_failed_streaming_write_leaves_nothing_behind() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("pkg");
        write_package_atomically(&dir, &[(META_FILE, b"one")]).unwrap();
        let err = write_package_streaming(&dir, |stage| {
            stage.file(META_FILE, |w| w.write_all(b"half"))?;
            stage.file("b.txt", |_| Err(std::io::Error::other("disk full")))
        });
        assert!(err.is_err());
        assert_eq!(fs::read(dir.join(META_FILE)).unwrap(), b"one");
        let leftovers: Vec<_> = fs::read_dir(root.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temp folders left behind");
    }
}
