//! Loading a map package folder into a [`GameMap`], validating every feature.
//!
//! Both GeoJSON files are read as plain JSON and checked field by field before anything is
//! built from them, so a hand-edited package yields a list of problems naming the file, the
//! feature index and the field, never a panic. The road graph and the R-trees are built here and
//! never stored in the package.

mod features;
mod geometry;
mod graph;
mod version;

use std::fmt;
use std::path::{Path, PathBuf};

use rstar::primitives::{GeomWithData, Line, Rectangle};
use rstar::RTree;

use super::model::{GameMap, PlaceEntry, PlaceId, SegmentEntry};
use super::package::{MapMeta, FORMAT_VERSION, MAP_FILE, META_FILE, TERRAIN_FILE};
use super::projection::Projection;

/// How many problems [`LoadError::Invalid`] lists before summarising the rest.
const SHOWN_PROBLEMS: usize = 50;

/// Why a map package could not be loaded. Every variant names the file at fault.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// A file could not be read (missing, unreadable, not UTF-8).
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// `map.toml` is not valid TOML, lacks a field, or holds an impossible value.
    #[error("{}: {message}", path.display())]
    Meta {
        /// The metadata file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The package was written by a newer game.
    #[error(
        "{}: format_version {found} is newer than this game reads ({supported}); update the game",
        path.display()
    )]
    NewerVersion {
        /// The metadata file.
        path: PathBuf,
        /// Version in the file.
        found: u32,
        /// Newest version this build reads.
        supported: u32,
    },
    /// A GeoJSON file is not JSON, or not a FeatureCollection.
    #[error("{}: {message}", path.display())]
    Json {
        /// The GeoJSON file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// Some features of a GeoJSON file are invalid; all of them are listed.
    #[error("{}: {}", path.display(), list_problems(problems))]
    Invalid {
        /// The GeoJSON file.
        path: PathBuf,
        /// Every problem found, in feature order.
        problems: Vec<Problem>,
    },
}

impl LoadError {
    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            LoadError::Io { path, .. }
            | LoadError::Meta { path, .. }
            | LoadError::NewerVersion { path, .. }
            | LoadError::Json { path, .. }
            | LoadError::Invalid { path, .. } => path,
        }
    }
}

fn list_problems(problems: &[Problem]) -> String {
    let mut s = match problems.len() {
        1 => "1 invalid feature field:".to_string(),
        n => format!("{n} invalid feature fields:"),
    };
    for p in problems.iter().take(SHOWN_PROBLEMS) {
        s.push_str(&format!("\n  {p}"));
    }
    if problems.len() > SHOWN_PROBLEMS {
        s.push_str(&format!(
            "\n  … and {} more",
            problems.len() - SHOWN_PROBLEMS
        ));
    }
    s
}

/// One invalid field of one feature in a GeoJSON file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Index of the feature in the file's `features` array, from 0.
    pub feature: usize,
    /// The property at fault, or `geometry`, `type` or `properties`.
    pub field: String,
    /// What is wrong and, where it helps, what was expected.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "feature {}, field {:?}: {}",
            self.feature, self.field, self.message
        )
    }
}

/// Largest package file read (1 GiB): far beyond any playable region, and a bound on memory.
const MAX_FILE_BYTES: u64 = 1 << 30;

fn read(path: &Path) -> Result<String, LoadError> {
    let io = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let len = std::fs::metadata(path).map_err(io)?.len();
    if len > MAX_FILE_BYTES {
        return Err(LoadError::Json {
            path: path.to_path_buf(),
            message: format!(
                "the file is {} MiB; a package file may be at most {} MiB",
                len >> 20,
                MAX_FILE_BYTES >> 20
            ),
        });
    }
    std::fs::read_to_string(path).map_err(io)
}

/// Read and check only a package's `map.toml`, e.g. to list maps without loading them.
pub fn load_meta(dir: &Path) -> Result<MapMeta, LoadError> {
    let path = dir.join(META_FILE);
    let text = read(&path)?;
    let meta_err = |message: String| LoadError::Meta {
        path: path.clone(),
        message,
    };
    // The version is looked at before the schema, so a newer package whose fields changed says
    // "newer version" rather than "missing field".
    let table: toml::Table = text.parse().map_err(|e| meta_err(format!("{e}")))?;
    if let Some(v) = table
        .get("format_version")
        .and_then(toml::Value::as_integer)
    {
        if v > i64::from(FORMAT_VERSION) {
            return Err(LoadError::NewerVersion {
                path,
                found: u32::try_from(v).unwrap_or(u32::MAX),
                supported: FORMAT_VERSION,
            });
        }
    }
    let meta = MapMeta::from_toml(&text).map_err(|e| meta_err(format!("{e}")))?;
    check_meta(&path, &meta)?;
    Ok(meta)
}

fn check_meta(path: &Path, meta: &MapMeta) -> Result<(), LoadError> {
    if meta.format_version > FORMAT_VERSION {
        return Err(LoadError::NewerVersion {
            path: path.to_path_buf(),
            found: meta.format_version,
            supported: FORMAT_VERSION,
        });
    }
    let [w, s, e, n] = meta.bbox;
    let message = if !version::known(meta.format_version) {
        format!(
            "format_version {} is not one OMMS ever wrote (the oldest it reads is {})",
            meta.format_version,
            super::package::OLDEST_FORMAT_VERSION
        )
    } else if let Some(why) = super::package::name_problem(&meta.name) {
        format!("field name: {why}")
    } else if meta.scale.0 == 0 {
        "scale must be a positive denominator, e.g. 25000".to_string()
    } else if !(-180.0..=180.0).contains(&w) || !(-180.0..=180.0).contains(&e) || w >= e {
        format!(
            "bbox {:?} must be [west, south, east, north] with west < east",
            meta.bbox
        )
    } else if !(-90.0..=90.0).contains(&s) || !(-90.0..=90.0).contains(&n) || s >= n {
        format!(
            "bbox {:?} must be [west, south, east, north] with south < north",
            meta.bbox
        )
    } else {
        return Ok(());
    };
    Err(LoadError::Meta {
        path: path.to_path_buf(),
        message,
    })
}

impl GameMap {
    /// Load the package folder `dir` (`map.toml`, `map.geojson`, `terrain.geojson`; the terrain
    /// file may be an empty FeatureCollection but must exist). Builds the road graph and the
    /// spatial indexes. Errors name the file and, for invalid features, every bad field.
    pub fn load(dir: &Path) -> Result<GameMap, LoadError> {
        let meta = load_meta(dir)?;
        let map_path = dir.join(MAP_FILE);
        let map_text = read(&map_path)?;
        let terrain_path = dir.join(TERRAIN_FILE);
        let terrain_text = read(&terrain_path)?;
        build(
            meta,
            &dir.join(META_FILE),
            (&map_path, &map_text),
            (&terrain_path, &terrain_text),
        )
    }

    /// Build a map from metadata and the two GeoJSON texts (for tests and tools). Errors name
    /// the files as `map.toml`, `map.geojson` and `terrain.geojson`.
    pub fn from_sources(
        meta: MapMeta,
        map_geojson: &str,
        terrain_geojson: &str,
    ) -> Result<GameMap, LoadError> {
        build(
            meta,
            Path::new(META_FILE),
            (Path::new(MAP_FILE), map_geojson),
            (Path::new(TERRAIN_FILE), terrain_geojson),
        )
    }
}

fn build(
    mut meta: MapMeta,
    meta_path: &Path,
    map: (&Path, &str),
    terrain: (&Path, &str),
) -> Result<GameMap, LoadError> {
    check_meta(meta_path, &meta)?;
    let projection = Projection::for_bbox(meta.bbox);
    let mut features = features::read_map(map.0, map.1, &projection, meta.format_version)?;
    version::upgrade(&mut meta);
    // The sea is not land either: every land and water query sees it with the lakes, after them.
    let lakes = features.water.len();
    features.water.extend(features.sea.iter().cloned());
    let ship_water = super::sea::ShipWater::new(&features.sea, &features.rivers);
    let terrain = features::read_terrain(terrain.0, terrain.1, &projection)?;
    let roads = graph::build(&features.roads, &projection);

    let mut segments = Vec::new();
    for edge in &roads.edges {
        for (i, w) in edge.points.windows(2).enumerate() {
            segments.push(SegmentEntry::new(
                Line::new(w[0], w[1]),
                (edge.id, i as u32),
            ));
        }
    }
    let places: Vec<PlaceEntry> = features
        .places
        .iter()
        .map(|p| PlaceEntry::new(p.pos, p.id))
        .collect();
    let water_boxes = features
        .water
        .iter()
        .enumerate()
        .filter_map(|(i, poly)| {
            use geo::BoundingRect;
            let r = poly.bounding_rect()?;
            let rect = Rectangle::from_corners([r.min().x, r.min().y], [r.max().x, r.max().y]);
            Some(GeomWithData::new(rect, i))
        })
        .collect();
    let mut coast = Vec::new();
    for (li, line) in features.coastline.iter().enumerate() {
        for (si, seg) in line.lines().enumerate() {
            let (a, b) = (seg.start, seg.end);
            coast.push(GeomWithData::new(
                Line::new([a.x, a.y], [b.x, b.y]),
                (li, si as u32),
            ));
        }
    }

    let scale = meta.scale;
    let mut map = GameMap {
        meta,
        projection,
        places: features.places,
        roads,
        water: features.water,
        lakes,
        sea: features.sea,
        ship_water,
        coastline: features.coastline,
        terrain,
        segment_tree: RTree::bulk_load(segments),
        place_tree: RTree::bulk_load(places),
        water_tree: RTree::bulk_load(water_boxes),
        coast_tree: RTree::bulk_load(coast),
    };
    // A hand-drawn settlement without `playable` gets the flag the importer would have written.
    for (i, given) in features.playable_given.iter().enumerate() {
        if !given {
            let id = PlaceId(i as u32);
            map.places[i].playable = map.place_playable_at(id, scale);
        }
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::package::{default_road_classes, SourceInfo, ATTRIBUTION};
    use crate::map::scale::Scale;

    const GOOD: &str = r#"{"type":"FeatureCollection","features":[
{"type":"Feature","geometry":{"type":"Point","coordinates":[0.001,0.002]},"properties":{"kind":"settlement","name":"A","place":"town","playable":true,"osm_type":"node","osm_id":1}},
{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[0.01,0],[0.01,0.01]]},"properties":{"kind":"road","class":"A","highway":"primary","ref":null,"name":"R","osm_id":2}},
{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0.01,0],[0.02,0]]},"properties":{"kind":"road","class":"M","highway":"motorway","ref":"A1","name":null,"osm_id":3}},
{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0,0],[0.001,0],[0.001,0.001],[0,0]],[[0.0002,0.0001],[0.0008,0.0001],[0.0008,0.0006],[0.0002,0.0001]]]},"properties":{"kind":"water","osm_type":"way","osm_id":4}},
{"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[0.001,0],[0.001,0.001],[0,0]]]]},"properties":{"kind":"water"}},
{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,-0.01],[0.01,-0.01]]},"properties":{"kind":"coastline","osm_id":5}}
]}"#;

    fn meta() -> MapMeta {
        MapMeta {
            format_version: 1,
            name: "Fuzz".into(),
            scale: Scale(25_000),
            proposed_scale: Scale(25_000),
            bbox: [-0.05, -0.05, 0.05, 0.05],
            attribution: ATTRIBUTION.into(),
            source: SourceInfo {
                file: String::new(),
                date: String::new(),
            },
            road_classes: default_road_classes(),
        }
    }

    #[test]
    fn mangled_packages_are_errors_never_panics() {
        let empty = r#"{"type":"FeatureCollection","features":[]}"#;
        let good = GameMap::from_sources(meta(), GOOD, empty).unwrap();
        assert_eq!((good.roads.edges.len(), good.water.len()), (3, 2));
        // A fixed-seed LCG mutates the (ASCII) text by replacing, deleting and repeating bytes;
        // each result must load or fail with an error, and terrain gets the same treatment.
        let alphabet = b"[]{},:\"-.0123456789eEaxnul ";
        let mut s: u64 = 7;
        let mut next = |n: usize| {
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((s >> 33) as usize) % n.max(1)
        };
        let (mut ok, mut invalid) = (0, 0);
        for round in 0..3000 {
            let mut b = GOOD.as_bytes().to_vec();
            for _ in 0..1 + next(3) {
                let i = next(b.len());
                match next(3) {
                    0 => b[i] = alphabet[next(alphabet.len())],
                    1 => {
                        let j = (i + 1 + next(12)).min(b.len());
                        b.drain(i..j);
                    }
                    _ => {
                        let j = (i + 1 + next(12)).min(b.len());
                        let piece = b[i..j].to_vec();
                        b.splice(i..i, piece);
                    }
                }
            }
            let text = String::from_utf8(b).unwrap();
            let (map, terrain) = if round % 2 == 0 {
                (text.as_str(), empty)
            } else {
                (empty, text.as_str())
            };
            match GameMap::from_sources(meta(), map, terrain) {
                Ok(_) => ok += 1,
                Err(LoadError::Invalid { problems, .. }) => {
                    assert!(!problems.is_empty());
                    invalid += 1;
                }
                Err(_) => {}
            }
        }
        assert!(
            ok > 0 && invalid > 100,
            "the mutations exercise every path ({ok}, {invalid})"
        );
    }
}
