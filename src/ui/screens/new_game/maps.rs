//! The maps on offer: every package in the maps folder, the default first.

use std::path::{Path, PathBuf};

use crate::map::Scale;
use crate::ui::screens::Places;
use crate::ui::thumbs::Summary;

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
