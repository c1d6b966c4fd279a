//! The features of `map.geojson` and `terrain.geojson`, checked property by property.
//!
//! Every problem in a file is collected (not just the first) so that a modder fixing a package
//! in QGIS sees the whole list at once.

use std::collections::BTreeMap;
use std::path::Path;

use geo::{Coord, LineString, Polygon};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::geometry::{self, describe, quantise, Geom};
use super::version::{too_new, SEA_SINCE};
use super::{LoadError, Problem};
use crate::map::model::{OsmType, Place, PlaceId, TerrainFeature, TerrainKind};
use crate::map::package::{PlaceKind, RoadClass};
use crate::map::projection::Projection;

/// A road feature before the graph is built: its vertices as quantised lon/lat keys with
/// consecutive repeats dropped.
#[derive(Debug, Clone)]
pub(super) struct RoadFeature {
    pub class: RoadClass,
    pub highway: String,
    pub road_ref: Option<String>,
    pub name: Option<String>,
    pub osm_id: i64,
    /// OSM layer (0 when the file gives none): where two features pass through one point
    /// without either ending there, they meet only on the same layer.
    pub layer: i32,
    pub keys: Vec<[i64; 2]>,
}

/// Everything `map.geojson` holds, places and water already in metres.
pub(super) struct MapFeatures {
    pub places: Vec<Place>,
    /// Whether each place's `playable` came from the file (else the loader computes it).
    pub playable_given: Vec<bool>,
    pub roads: Vec<RoadFeature>,
    pub water: Vec<Polygon<f64>>,
    pub sea: Vec<Polygon<f64>>,
    /// Sea features with a `waterway`: navigable rivers connected to the sea.
    pub rivers: Vec<Polygon<f64>>,
    pub coastline: Vec<LineString<f64>>,
}

/// Problems of one file, each tied to a feature index and field.
struct Problems(Vec<Problem>);

impl Problems {
    fn push(&mut self, feature: usize, field: &str, message: impl Into<String>) {
        self.0.push(Problem {
            feature,
            field: field.to_string(),
            message: message.into(),
        });
    }
}

/// A feature's properties with the problem list they report into.
struct Props<'a> {
    map: &'a Map<String, Value>,
    index: usize,
    problems: &'a mut Problems,
}

impl Props<'_> {
    /// A present, non-null value.
    fn get(&self, key: &str) -> Option<&Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    fn required_str(&mut self, key: &str) -> Option<String> {
        match self.get(key) {
            None => {
                self.problems.push(self.index, key, "is missing");
                None
            }
            Some(Value::String(s)) if s.trim().is_empty() => {
                self.problems.push(self.index, key, "is blank");
                None
            }
            Some(Value::String(s)) => Some(s.clone()),
            Some(v) => {
                let m = format!("must be a string, found {}", describe(v));
                self.problems.push(self.index, key, m);
                None
            }
        }
    }

    fn optional_str(&mut self, key: &str) -> Option<String> {
        match self.get(key) {
            None => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(v) => {
                let m = format!("must be a string or null, found {}", describe(v));
                self.problems.push(self.index, key, m);
                None
            }
        }
    }

    fn optional_bool(&mut self, key: &str) -> Option<bool> {
        match self.get(key) {
            None => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(v) => {
                let m = format!("must be true or false, found {}", describe(v));
                self.problems.push(self.index, key, m);
                None
            }
        }
    }

    /// `osm_type` and `osm_id`; hand-drawn features may omit them (node 0 then).
    fn osm(&mut self, default_type: OsmType) -> (OsmType, i64) {
        let ty = match self.optional_str("osm_type").as_deref() {
            None => default_type,
            Some("node") => OsmType::Node,
            Some("way") => OsmType::Way,
            Some("relation") => OsmType::Relation,
            Some(other) => {
                let m = format!("unknown OSM type {other:?} (expected node, way or relation)");
                self.problems.push(self.index, "osm_type", m);
                default_type
            }
        };
        let id = match self.get("osm_id") {
            None => 0,
            Some(v) => match v.as_i64() {
                Some(id) => id,
                None => {
                    let m = format!("must be an integer, found {}", describe(v));
                    self.problems.push(self.index, "osm_id", m);
                    0
                }
            },
        };
        (ty, id)
    }
}

/// Problems listed before reading stops: a file of junk is refused after this many, in
/// bounded time and memory, rather than after listing every one.
const MAX_PROBLEMS: usize = 1_000;

/// The `features` array of a FeatureCollection, each feature still as its JSON text (checked
/// for syntax, not yet parsed): one feature at a time becomes a JSON tree, never the whole file,
/// which would take many times the file's size in memory. Anything else is a file-level error.
fn feature_array<'t>(path: &Path, text: &'t str) -> Result<Vec<&'t RawValue>, LoadError> {
    let json_err = |message: String| LoadError::Json {
        path: path.to_path_buf(),
        message,
    };
    let _: &RawValue =
        serde_json::from_str(text).map_err(|e| json_err(format!("not valid JSON: {e}")))?;
    let root: BTreeMap<String, &RawValue> = serde_json::from_str(text)
        .map_err(|_| json_err("expected a GeoJSON FeatureCollection object".into()))?;
    let ty = root
        .get("type")
        .map(|t| serde_json::from_str::<Value>(t.get()).unwrap_or(Value::Null));
    match ty {
        Some(Value::String(t)) if t == "FeatureCollection" => {}
        Some(v) => {
            return Err(json_err(format!(
                "expected \"type\": \"FeatureCollection\", found {}",
                describe(&v)
            )))
        }
        None => {
            return Err(json_err(
                "expected a FeatureCollection, found no \"type\"".into(),
            ))
        }
    }
    root.get("features")
        .and_then(|f| serde_json::from_str::<Vec<&RawValue>>(f.get()).ok())
        .ok_or_else(|| json_err("a FeatureCollection needs a \"features\" array".into()))
}

/// One feature's JSON tree; a feature too deeply nested to parse is a problem of its own.
fn parse_feature(index: usize, raw: &RawValue, problems: &mut Problems) -> Option<Value> {
    match serde_json::from_str(raw.get()) {
        Ok(v) => Some(v),
        Err(e) => {
            problems.push(index, "type", format!("cannot be read: {e}"));
            None
        }
    }
}

/// Whether reading should stop: too many problems already to be worth listing more.
fn give_up(index: usize, problems: &mut Problems) -> bool {
    if problems.0.len() < MAX_PROBLEMS {
        return false;
    }
    problems.push(
        index,
        "features",
        format!("reading stopped here after {MAX_PROBLEMS} problems; fix these first"),
    );
    true
}

/// Split a feature into its properties and parsed geometry, reporting what is wrong with either.
fn split_feature(
    index: usize,
    feature: Value,
    problems: &mut Problems,
) -> Option<(Map<String, Value>, Option<Geom>)> {
    let mut obj = match feature {
        Value::Object(obj) => obj,
        other => {
            let m = format!("expected a Feature object, found {}", describe(&other));
            problems.push(index, "type", m);
            return None;
        }
    };
    if obj.get("type").and_then(Value::as_str) != Some("Feature") {
        let found = obj.get("type").map_or("nothing".into(), describe);
        problems.push(
            index,
            "type",
            format!("expected \"Feature\", found {found}"),
        );
    }
    let props = match obj.remove("properties") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(m)) => m,
        Some(v) => {
            let m = format!("must be an object, found {}", describe(&v));
            problems.push(index, "properties", m);
            Map::new()
        }
    };
    let geom = match obj.get("geometry") {
        None | Some(Value::Null) => {
            problems.push(index, "geometry", "is missing");
            None
        }
        Some(g) => match geometry::parse(g) {
            Ok(g) => Some(g),
            Err(m) => {
                problems.push(index, "geometry", m);
                None
            }
        },
    };
    Some((props, geom))
}

/// The `kind` property, checked against the kinds a file allows.
fn kind<'a>(props: &mut Props<'_>, allowed: &[&'a str]) -> Option<&'a str> {
    let k = props.required_str("kind")?;
    let found = allowed.iter().find(|a| **a == k).copied();
    if found.is_none() {
        let m = format!("unknown kind {k:?} (expected {})", allowed.join(", "));
        props.problems.push(props.index, "kind", m);
    }
    found
}

/// Report a geometry whose type the kind does not allow.
fn check_type(
    geom: &Geom,
    kind: &str,
    allowed: &[&str],
    index: usize,
    problems: &mut Problems,
) -> bool {
    let ok = allowed.contains(&geom.type_name());
    if !ok {
        let m = format!(
            "a {kind} needs a {} geometry, found {}",
            allowed.join(" or "),
            geom.type_name()
        );
        problems.push(index, "geometry", m);
    }
    ok
}

fn to_line(proj: &Projection, pts: &[[f64; 2]]) -> LineString<f64> {
    pts.iter()
        .map(|p| {
            let [x, y] = proj.to_xy(p[0], p[1]);
            Coord { x, y }
        })
        .collect()
}

fn to_polygon(proj: &Projection, rings: &[Vec<[f64; 2]>]) -> Polygon<f64> {
    let mut rings = rings.iter().map(|r| to_line(proj, r));
    let exterior = rings.next().unwrap_or_else(|| LineString::new(Vec::new()));
    Polygon::new(exterior, rings.collect())
}

fn finish<T>(path: &Path, problems: Problems, value: T) -> Result<T, LoadError> {
    if problems.0.is_empty() {
        Ok(value)
    } else {
        Err(LoadError::Invalid {
            path: path.to_path_buf(),
            problems: problems.0,
        })
    }
}

const MAP_KINDS: [&str; 5] = ["settlement", "road", "water", "sea", "coastline"];

/// Read and check `map.geojson` of a package in format `version` (what is newer than that
/// version is reported, not silently taken).
pub(super) fn read_map(
    path: &Path,
    text: &str,
    proj: &Projection,
    version: u32,
) -> Result<MapFeatures, LoadError> {
    let features = feature_array(path, text)?;
    let mut problems = Problems(Vec::new());
    let mut out = MapFeatures {
        places: Vec::new(),
        playable_given: Vec::new(),
        roads: Vec::new(),
        water: Vec::new(),
        sea: Vec::new(),
        rivers: Vec::new(),
        coastline: Vec::new(),
    };
    for (index, raw) in features.into_iter().enumerate() {
        if give_up(index, &mut problems) {
            break;
        }
        let Some(feature) = parse_feature(index, raw, &mut problems) else {
            continue;
        };
        let Some((map, geom)) = split_feature(index, feature, &mut problems) else {
            continue;
        };
        let mut props = Props {
            map: &map,
            index,
            problems: &mut problems,
        };
        let Some(kind) = kind(&mut props, &MAP_KINDS) else {
            continue;
        };
        match kind {
            "settlement" => {
                let name = props.required_str("name");
                let place = props.required_str("place").and_then(|p| {
                    let k = PlaceKind::parse(&p);
                    if k.is_none() {
                        let m =
                            format!("unknown place {p:?} (expected city, town, village or suburb)");
                        props.problems.push(index, "place", m);
                    }
                    k
                });
                let playable = props.optional_bool("playable");
                let port = props.optional_bool("port");
                if let Some(m) = port.and_then(|_| too_new(version, SEA_SINCE, "a port")) {
                    props.problems.push(index, "port", m);
                }
                let (osm_type, osm_id) = props.osm(OsmType::Node);
                let geom = geom.filter(|g| check_type(g, kind, &["Point"], index, &mut problems));
                if let (Some(name), Some(kind), Some(Geom::Point(ll))) = (name, place, geom) {
                    out.places.push(Place {
                        id: PlaceId(out.places.len() as u32),
                        name,
                        kind,
                        playable: playable.unwrap_or(false),
                        port: port.unwrap_or(false),
                        osm_type,
                        osm_id,
                        pos: proj.to_xy(ll[0], ll[1]),
                        lonlat: ll,
                    });
                    out.playable_given.push(playable.is_some());
                }
            }
            "road" => {
                let class = props.required_str("class").and_then(|c| {
                    let rc = RoadClass::parse(&c);
                    if rc.is_none() {
                        let m = format!("unknown road class {c:?} (expected M, A or B)");
                        props.problems.push(index, "class", m);
                    }
                    rc
                });
                let highway = props.optional_str("highway").unwrap_or_default();
                let road_ref = props.optional_str("ref");
                let name = props.optional_str("name");
                let (_, osm_id) = props.osm(OsmType::Way);
                let layer = match props.get("layer").cloned() {
                    None => 0,
                    Some(v) => v
                        .as_i64()
                        .and_then(|l| i32::try_from(l).ok())
                        .unwrap_or_else(|| {
                            let m = format!(
                                "must be an integer (the OSM layer), found {}",
                                describe(&v)
                            );
                            props.problems.push(index, "layer", m);
                            0
                        }),
                };
                let geom =
                    geom.filter(|g| check_type(g, kind, &["LineString"], index, &mut problems));
                if let (Some(class), Some(Geom::LineString(pts))) = (class, geom) {
                    let mut keys: Vec<[i64; 2]> = pts.iter().map(|p| quantise(*p)).collect();
                    keys.dedup();
                    out.roads.push(RoadFeature {
                        class,
                        highway,
                        road_ref,
                        name,
                        osm_id,
                        layer,
                        keys,
                    });
                }
            }
            "water" | "sea" => {
                props.osm(OsmType::Way);
                if let Some(m) = too_new(version, SEA_SINCE, "a sea area").filter(|_| kind == "sea")
                {
                    props.problems.push(index, "kind", m);
                }
                // A navigable river is a sea feature that says which waterway it is.
                let river = (kind == "sea")
                    .then(|| props.optional_str("waterway"))
                    .flatten();
                let allowed = ["Polygon", "MultiPolygon"];
                let polys =
                    match geom.filter(|g| check_type(g, kind, &allowed, index, &mut problems)) {
                        Some(Geom::Polygon(rings)) => vec![to_polygon(proj, &rings)],
                        Some(Geom::MultiPolygon(polys)) => {
                            polys.iter().map(|r| to_polygon(proj, r)).collect()
                        }
                        _ => Vec::new(),
                    };
                if river.is_some() {
                    out.rivers.extend(polys);
                } else if kind == "sea" {
                    out.sea.extend(polys);
                } else {
                    out.water.extend(polys);
                }
            }
            _ => {
                props.osm(OsmType::Way);
                let geom =
                    geom.filter(|g| check_type(g, kind, &["LineString"], index, &mut problems));
                if let Some(Geom::LineString(pts)) = geom {
                    out.coastline.push(to_line(proj, &pts));
                }
            }
        }
    }
    finish(path, problems, out)
}

/// Geometry types each terrain kind may have (docs/map-package.md).
fn terrain_types(kind: TerrainKind) -> &'static [&'static str] {
    match kind {
        TerrainKind::Building | TerrainKind::Wood | TerrainKind::Water | TerrainKind::Wetland => {
            &["Polygon", "MultiPolygon"]
        }
        TerrainKind::River | TerrainKind::Track => &["LineString"],
        TerrainKind::Wall => &["LineString", "Polygon"],
        TerrainKind::Hill => &["Point", "LineString", "Polygon"],
        TerrainKind::Ford => &["Point"],
    }
}

const TERRAIN_KINDS: [&str; 9] = [
    "building", "wood", "water", "river", "wall", "wetland", "hill", "track", "ford",
];

/// Read and check `terrain.geojson`.
pub(super) fn read_terrain(
    path: &Path,
    text: &str,
    proj: &Projection,
) -> Result<Vec<TerrainFeature>, LoadError> {
    let features = feature_array(path, text)?;
    let mut problems = Problems(Vec::new());
    let mut out = Vec::with_capacity(features.len());
    for (index, raw) in features.into_iter().enumerate() {
        if give_up(index, &mut problems) {
            break;
        }
        let Some(feature) = parse_feature(index, raw, &mut problems) else {
            continue;
        };
        let Some((map, geom)) = split_feature(index, feature, &mut problems) else {
            continue;
        };
        let mut props = Props {
            map: &map,
            index,
            problems: &mut problems,
        };
        let Some(kind) = kind(&mut props, &TERRAIN_KINDS).and_then(TerrainKind::parse) else {
            continue;
        };
        props.osm(OsmType::Way);
        props.optional_str("name");
        props.optional_bool("bridge");
        props.optional_bool("ford");
        let geom = geom
            .filter(|g| check_type(g, kind.as_str(), terrain_types(kind), index, &mut problems));
        let geometry: geo::Geometry<f64> = match geom {
            Some(Geom::Point(p)) => {
                let [x, y] = proj.to_xy(p[0], p[1]);
                geo::Point::new(x, y).into()
            }
            Some(Geom::LineString(pts)) => to_line(proj, &pts).into(),
            Some(Geom::Polygon(rings)) => to_polygon(proj, &rings).into(),
            Some(Geom::MultiPolygon(polys)) => {
                geo::MultiPolygon::new(polys.iter().map(|r| to_polygon(proj, r)).collect()).into()
            }
            Some(Geom::Unsupported(_)) | None => continue,
        };
        out.push(TerrainFeature {
            kind,
            geometry,
            properties: map,
        });
    }
    finish(path, problems, out)
}
