//! OSM `.osm.pbf` → map package. Nothing else in the crate reads OSM.
//!
//! The pipeline is one-way: [`pbf`] reads the few things the game needs, [`build`] turns them into
//! settlement places, the road network, water and the terrain layer in WGS84, and [`write`]
//! streams the package files into [`crate::map::package`]'s atomic writer.

mod build;
mod clean;
mod clip;
mod evidence;
mod node_ids;
mod pbf;
mod rings;
mod roads;
mod sea;
mod tags;
mod terrain;
mod write;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::map::package::{
    self, default_road_classes, MapMeta, SourceInfo, ATTRIBUTION, FORMAT_VERSION,
};
use crate::map::{PlaceKind, RoadClass, Scale};

/// What to import and how.
#[derive(Debug, Clone)]
pub struct ImportOptions {
    /// The `.osm.pbf` to read.
    pub input: PathBuf,
    /// The package folder to write: new, or a previous package (replaced once the new one loads).
    pub out: PathBuf,
    /// Map name; defaults to the file name without `.osm.pbf`.
    pub name: Option<String>,
    /// A fixed scale denominator; `None` proposes one per RULINGS §2.
    pub scale: Option<u32>,
    /// Keep only what lies inside `[west, south, east, north]`; roads are cut at the edge.
    pub bbox: Option<[f64; 4]>,
    /// Changes to the `highway=*` → class mapping, e.g. `("tertiary", Some(B))`; `None` removes.
    pub road_class_overrides: Vec<(String, Option<RoadClass>)>,
    /// Show a progress bar on stderr.
    pub progress: bool,
}

/// What an import found, for the summary a modder reads.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportSummary {
    /// Settlement places found, by kind.
    pub places: BTreeMap<PlaceKind, usize>,
    /// How many of them are playable at the chosen scale.
    pub playable: usize,
    /// Kilometres of road per class.
    pub road_km: BTreeMap<RoadClass, f64>,
    /// Number of road edges written.
    pub road_edges: usize,
    /// Number of terrain features written.
    pub terrain_features: usize,
    /// Number of water areas written to the board.
    pub water_areas: usize,
    /// The sea, when the map has a closed coastline.
    pub sea: Option<SeaSummary>,
    /// Names of the settlements marked as ports.
    pub ports: Vec<String>,
    /// The proposed scale and the one written.
    pub proposed_scale: Scale,
    /// The scale written to the package.
    pub scale: Scale,
    /// Total size of the package files in bytes.
    pub output_bytes: u64,
    /// Things worth knowing that did not stop the import.
    pub warnings: Vec<String>,
}

/// The sea an import found.
#[derive(Debug, Clone, PartialEq)]
pub struct SeaSummary {
    /// Its area in km² inside the map's box.
    pub km2: f64,
    /// How many separate sea polygons.
    pub areas: usize,
    /// Islands wholly inside the map: name (if OSM has one) and km², largest first.
    pub islands: Vec<(Option<String>, f64)>,
    /// Navigable rivers and canals connected to the sea.
    pub rivers: usize,
}

/// Named islands printed in the summary before the rest are counted.
const NAMED_ISLANDS: usize = 6;
/// Ports printed in the summary before the rest are counted.
const NAMED_PORTS: usize = 12;

impl std::fmt::Display for SeaSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "sea: {:.1} km² in {} area(s), {} navigable river(s); islands: {}",
            self.km2,
            self.areas,
            self.rivers,
            self.islands.len()
        )?;
        let shown: Vec<String> = self
            .islands
            .iter()
            .take(NAMED_ISLANDS)
            .map(|(n, a)| format!("{} {a:.2} km²", n.as_deref().unwrap_or("(unnamed)")))
            .collect();
        if !shown.is_empty() {
            write!(f, " ({}", shown.join(", "))?;
            if self.islands.len() > NAMED_ISLANDS {
                write!(f, ", {} more", self.islands.len() - NAMED_ISLANDS)?;
            }
            write!(f, ")")?;
        }
        Ok(())
    }
}

impl std::fmt::Display for ImportSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let total: usize = self.places.values().sum();
        write!(f, "places: {total} (")?;
        let kinds: Vec<String> = PlaceKind::ALL
            .iter()
            .map(|k| {
                format!(
                    "{} {}",
                    self.places.get(k).copied().unwrap_or(0),
                    k.as_str()
                )
            })
            .collect();
        writeln!(f, "{}), playable: {}", kinds.join(", "), self.playable)?;
        let km = |c| self.road_km.get(&c).copied().unwrap_or(0.0);
        writeln!(
            f,
            "roads: M {:.1} km, A {:.1} km, B {:.1} km in {} edges",
            km(RoadClass::M),
            km(RoadClass::A),
            km(RoadClass::B),
            self.road_edges
        )?;
        writeln!(
            f,
            "water areas: {}, terrain features: {}",
            self.water_areas, self.terrain_features
        )?;
        match &self.sea {
            Some(sea) => {
                writeln!(f, "{sea}")?;
                let mut shown = self
                    .ports
                    .iter()
                    .take(NAMED_PORTS)
                    .cloned()
                    .collect::<Vec<_>>();
                if self.ports.len() > NAMED_PORTS {
                    shown.push(format!("{} more", self.ports.len() - NAMED_PORTS));
                }
                writeln!(f, "ports: {} ({})", self.ports.len(), shown.join(", "))?;
            }
            None => writeln!(f, "sea: none (no coastline on the map)")?,
        }
        writeln!(
            f,
            "scale: {} (proposed {})",
            self.scale, self.proposed_scale
        )?;
        write!(f, "output: {:.1} MB", self.output_bytes as f64 / 1e6)?;
        for w in &self.warnings {
            write!(f, "\nwarning: {w}")?;
        }
        Ok(())
    }
}

/// Why an import failed. Every variant names the file concerned.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The input could not be read.
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// The input is some other kind of file.
    #[error("{}: not an OSM PBF file: {hint}", path.display())]
    NotPbf {
        /// The file.
        path: PathBuf,
        /// What it seems to be and what to do.
        hint: String,
    },
    /// The input is damaged or cut short inside a block.
    #[error("{}: damaged or truncated OSM PBF file ({detail})", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The decoder's complaint.
        detail: String,
    },
    /// Most ways point at nodes the file does not contain.
    #[error("{}: {missing} of {total} node references point at nodes missing from the file; it was probably cut short", path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
        /// References to absent nodes.
        missing: usize,
        /// All references.
        total: usize,
    },
    /// Nodes but not a single road, river or building: a file cut short after its nodes.
    #[error("{}: the file holds places but no ways at all; it was probably cut short (re-download it, or check it with `osmium fileinfo`)", path.display())]
    NoWays {
        /// The file.
        path: PathBuf,
    },
    /// More nodes than the importer can index.
    #[error("{}: the region needs {nodes} node positions, more than the importer can index (4,294,967,295); cut it into smaller regions with `osmium extract`", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Node positions needed.
        nodes: usize,
    },
    /// Nothing playable.
    #[error("{}: no playable settlement: {places} city/town/village/suburb places found, none within a 1p coin of an M, A or B road. Try a larger --bbox, or count more roads as B roads (e.g. --road-class tertiary=B)", path.display())]
    NoPlayable {
        /// The file.
        path: PathBuf,
        /// Places found at all.
        places: usize,
    },
    /// Writing the package failed (nothing was left behind).
    #[error("{}: cannot write the map package: {source}", path.display())]
    Output {
        /// The package folder.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// `--out` names something an import must not replace; it was left untouched.
    #[error("{}: not written: {why}", path.display())]
    OutRefused {
        /// The `--out` path.
        path: PathBuf,
        /// Why.
        why: String,
    },
    /// The package written does not load in the game; it was not put in place.
    #[error("{}: the importer made a package the game cannot load, so nothing was written (please report this with the input file): {detail}", path.display())]
    SelfCheck {
        /// The input file.
        path: PathBuf,
        /// The loader's complaint.
        detail: String,
    },
    /// A command-line option makes no sense.
    #[error("{0}")]
    BadOption(String),
}

impl ImportError {
    fn io(path: &Path, source: std::io::Error) -> Self {
        ImportError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
    fn corrupt(path: &Path, detail: String) -> Self {
        ImportError::Corrupt {
            path: path.to_path_buf(),
            detail,
        }
    }
}

/// Parse `W,S,E,N`.
pub fn parse_bbox(s: &str) -> Result<[f64; 4], ImportError> {
    let v: Vec<f64> = s
        .split(',')
        .map(|p| p.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            ImportError::BadOption(format!("--bbox {s:?}: expected four numbers W,S,E,N"))
        })?;
    let ok = v.len() == 4
        && v.iter().all(|x| x.is_finite())
        && (-180.0..=180.0).contains(&v[0])
        && (-180.0..=180.0).contains(&v[2])
        && (-90.0..=90.0).contains(&v[1])
        && (-90.0..=90.0).contains(&v[3])
        && v[0] < v[2]
        && v[1] < v[3];
    if !ok {
        return Err(ImportError::BadOption(format!(
            "--bbox {s:?}: expected W,S,E,N in degrees with W < E and S < N"
        )));
    }
    Ok([v[0], v[1], v[2], v[3]])
}

/// Parse `highway=CLASS` (CLASS is M, A, B or `none`).
pub fn parse_road_class(s: &str) -> Result<(String, Option<RoadClass>), ImportError> {
    let bad = || {
        ImportError::BadOption(format!(
            "--road-class {s:?}: expected HIGHWAY=M|A|B|none, e.g. tertiary=B"
        ))
    };
    let (k, v) = s.split_once('=').ok_or_else(bad)?;
    let k = k.trim();
    if k.is_empty() {
        return Err(bad());
    }
    let class = match v.trim() {
        "none" | "" => None,
        c => Some(RoadClass::parse(c).ok_or_else(bad)?),
    };
    Ok((k.to_string(), class))
}

/// Refuse an `--out` that is not a previous package or a new folder, and one that holds the
/// input (replacing it would delete the file being read).
fn check_out(opts: &ImportOptions) -> Result<(), ImportError> {
    let refuse = |why: String| ImportError::OutRefused {
        path: opts.out.clone(),
        why,
    };
    if let Some(why) = package::replace_refusal(&opts.out) {
        return Err(refuse(why));
    }
    if let (Ok(out), Ok(input)) = (opts.out.canonicalize(), opts.input.canonicalize()) {
        if input.starts_with(&out) {
            return Err(refuse(format!(
                "it holds the input file {}, which replacing the package would delete",
                opts.input.display()
            )));
        }
    }
    if let Some(name) = &opts.name {
        if let Some(why) = package::name_problem(name) {
            return Err(ImportError::BadOption(format!("--name {name:?}: {why}")));
        }
    }
    Ok(())
}

/// Run a whole import and write the package. Nothing is left at `out` on failure; `out` must
/// be a new folder or a previous package, which is replaced only once the new one is complete
/// and loads.
pub fn import(opts: &ImportOptions) -> Result<ImportSummary, ImportError> {
    check_out(opts)?;
    let mut classes = default_road_classes();
    for (k, c) in &opts.road_class_overrides {
        match c {
            Some(c) => classes.insert(k.clone(), *c),
            None => classes.remove(k),
        };
    }
    let meta_len = std::fs::metadata(&opts.input).map_err(|e| ImportError::io(&opts.input, e))?;
    if meta_len.is_dir() {
        return Err(ImportError::NotPbf {
            path: opts.input.clone(),
            hint: "this is a directory".into(),
        });
    }
    let progress = if opts.progress {
        let pb = indicatif::ProgressBar::new_spinner();
        pb.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg} ({pos} blocks)")
                .expect("static template"),
        );
        pb.enable_steady_tick(std::time::Duration::from_millis(120));
        pb
    } else {
        indicatif::ProgressBar::hidden()
    };
    let raw = pbf::read(&opts.input, &classes, &progress)?;
    progress.set_message("building the map");
    let built = build::build(
        &raw,
        &classes,
        opts.bbox,
        opts.scale.map(Scale),
        &opts.input,
    )?;
    progress.set_message("writing");
    let name = opts
        .name
        .clone()
        .unwrap_or_else(|| default_name(&opts.input));
    let meta = MapMeta {
        format_version: FORMAT_VERSION,
        name,
        scale: built.scale,
        proposed_scale: built.proposed_scale,
        bbox: built.bbox,
        attribution: ATTRIBUTION.to_string(),
        source: SourceInfo {
            file: opts
                .input
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            date: raw.timestamp_ms.map(iso_date).unwrap_or_default(),
        },
        road_classes: classes,
    };
    let meta_toml = meta.to_toml();
    let mut self_check = None;
    let mut summary = built.summary.clone();
    let (check, bar) = (&mut self_check, &progress);
    let written = package::write_package_streaming(&opts.out, move |stage| {
        // map.toml last: a stage left by a killed import never looks like a package.
        let bytes = stage.file(package::MAP_FILE, |w| write::map_geojson(w, &built, &raw))?
            + stage.file(package::TERRAIN_FILE, |w| {
                write::terrain_geojson(w, &built, &raw)
            })?
            + stage.file(package::META_FILE, |w| w.write_all(meta_toml.as_bytes()))?;
        // The raw data goes before the package is loaded, so the two never share the peak.
        drop(built);
        drop(raw);
        bar.set_message("checking the package loads");
        // The game's own loader reads the staged package before it replaces anything.
        if let Err(e) = crate::map::GameMap::load(stage.path()) {
            *check = Some(e.to_string());
            return Err(std::io::Error::other("the package does not load"));
        }
        Ok(bytes)
    });
    if let Some(detail) = self_check {
        return Err(ImportError::SelfCheck {
            path: opts.input.clone(),
            detail,
        });
    }
    let output_bytes = written.map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => ImportError::OutRefused {
            path: opts.out.clone(),
            why: e.to_string(),
        },
        _ => ImportError::Output {
            path: opts.out.clone(),
            source: e,
        },
    })?;
    progress.finish_and_clear();
    summary.output_bytes = output_bytes;
    Ok(summary)
}

fn default_name(input: &Path) -> String {
    let f = input
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = f.trim_end_matches(".pbf").trim_end_matches(".osm");
    let mut words: Vec<String> = stem
        .split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect();
    if words.is_empty() {
        words.push("Map".into());
    }
    words.join(" ")
}

/// Milliseconds since 1970 → `YYYY-MM-DDTHH:MM:SSZ` (civil-from-days, no time crate needed).
fn iso_date(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_names() {
        assert_eq!(iso_date(1_369_767_544_000), "2013-05-28T18:59:04Z");
        assert_eq!(iso_date(0), "1970-01-01T00:00:00Z");
        assert_eq!(
            default_name(Path::new("/x/north-bayreuth.osm.pbf")),
            "North Bayreuth"
        );
    }

    #[test]
    fn options_are_checked() {
        assert_eq!(
            parse_bbox("1.4,42.4,1.8,42.7").unwrap(),
            [1.4, 42.4, 1.8, 42.7]
        );
        assert!(parse_bbox("1.8,42.4,1.4,42.7").is_err());
        assert!(parse_bbox("a,b,c,d").is_err());
        assert!(parse_bbox("1,2,3").is_err());
        assert_eq!(
            parse_road_class("tertiary=B").unwrap(),
            ("tertiary".into(), Some(RoadClass::B))
        );
        assert_eq!(
            parse_road_class("trunk=none").unwrap(),
            ("trunk".into(), None)
        );
        assert!(parse_road_class("tertiary=C").is_err());
    }
}
