//! Water areas and coastline for the whole board, and the tactical terrain layer round playable
//! settlements (RULINGS §9).
//!
//! Only which elements become features is decided here; their geometry is rebuilt from the raw
//! data when the package is written ([`FeatureRef::resolve`]), so a large region never holds the
//! geometry of every feature and the raw data in memory at once.

use geo::orient::{Direction, Orient};
use rstar::{RTree, AABB};

use super::build::{
    extent, geom_points, is_closed, relation_area, relation_area_checked, to_area, way_coords,
    OutFeature, OutGeom,
};
use super::clean::{self, Dropped};
use super::pbf::RawData;
use super::tags;
use crate::map::{OsmType, Projection, TerrainKind};

/// Terrain is kept this far round every playable settlement (metres).
pub const TERRAIN_RADIUS_M: f64 = 2_000.0;

/// What a feature is on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// A terrain-layer feature of this kind.
    Terrain(TerrainKind),
    /// An open water area of the board.
    Water,
    /// A coastline of the board.
    Coastline,
}

impl Layer {
    fn kind(self) -> &'static str {
        match self {
            Layer::Terrain(k) => k.as_str(),
            Layer::Water => "water",
            Layer::Coastline => "coastline",
        }
    }
}

/// Which raw element, by index into [`RawData`]'s sorted lists, and which of its shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Node(u32),
    WayArea(u32),
    WayLine(u32),
    Relation(u32),
}

/// A feature chosen for the package, small enough to keep millions of.
#[derive(Debug, Clone, Copy)]
pub struct FeatureRef {
    layer: Layer,
    source: Source,
}

impl FeatureRef {
    /// Rebuild the feature from the raw data it was chosen from.
    pub fn resolve(&self, raw: &RawData) -> OutFeature {
        let (osm_type, osm_id, tags, geom) = match self.source {
            Source::Node(i) => {
                let n = &raw.nodes[i as usize];
                let p = [f64::from(n.lon) * 1e-7, f64::from(n.lat) * 1e-7];
                (OsmType::Node, n.id, &n.tags, OutGeom::Point(p))
            }
            Source::WayArea(i) | Source::WayLine(i) => {
                let w = &raw.ways[i as usize];
                let coords = way_coords(raw, w);
                let geom = if matches!(self.source, Source::WayLine(_)) {
                    OutGeom::Line(coords)
                } else {
                    OutGeom::Area(to_area(coords).expect("checked when chosen"))
                };
                (OsmType::Way, w.id, &w.tags, geom)
            }
            Source::Relation(i) => {
                let r = &raw.relations[i as usize];
                let mp = relation_area(raw, r).expect("checked when chosen");
                (OsmType::Relation, r.id, &r.tags, OutGeom::Area(mp))
            }
        };
        let geom = match geom {
            // RFC 7946: outer rings counter-clockwise, holes clockwise.
            OutGeom::Area(mp) => OutGeom::Area(mp.orient(Direction::Default)),
            g => g,
        };
        let props = match self.layer {
            Layer::Terrain(k) => tags::terrain_properties(k, tags),
            Layer::Water | Layer::Coastline => vec![],
        };
        OutFeature {
            kind: self.layer.kind(),
            osm_type,
            osm_id,
            geom,
            props,
        }
    }
}

/// The features of each layer, in the order they are written.
#[derive(Debug)]
pub struct Chosen {
    /// The terrain layer.
    pub terrain: Vec<FeatureRef>,
    /// Water areas of the board.
    pub water: Vec<FeatureRef>,
    /// Coastline of the board.
    pub coastline: Vec<FeatureRef>,
    /// Defective outlines and lines left out, by kind of defect.
    pub dropped: Dropped,
}

fn index(i: usize) -> u32 {
    u32::try_from(i).expect("fewer than 2^32 elements of one type")
}

/// Water areas and coastline for the whole board, and the terrain layer near playable places.
pub(super) fn areas_and_terrain(
    raw: &RawData,
    bbox: Option<[f64; 4]>,
    proj: &Projection,
    playable_xy: &[[f64; 2]],
) -> Chosen {
    let near_tree = RTree::bulk_load(playable_xy.to_vec());
    let near_playable = |g: &OutGeom| -> bool {
        let Some(b) = extent(geom_points(g).map(|p| proj.to_xy(p[0], p[1]))) else {
            return false;
        };
        let env = AABB::from_corners(
            [b[0] - TERRAIN_RADIUS_M, b[1] - TERRAIN_RADIUS_M],
            [b[2] + TERRAIN_RADIUS_M, b[3] + TERRAIN_RADIUS_M],
        );
        near_tree.locate_in_envelope(&env).any(|p| {
            let dx = (b[0] - p[0]).max(0.0).max(p[0] - b[2]);
            let dy = (b[1] - p[1]).max(0.0).max(p[1] - b[3]);
            dx * dx + dy * dy <= TERRAIN_RADIUS_M * TERRAIN_RADIUS_M
        })
    };
    let touches_bbox = |g: &OutGeom| -> bool {
        match bbox {
            None => true,
            Some(bb) => extent(geom_points(g))
                .is_some_and(|e| e[0] <= bb[2] && e[2] >= bb[0] && e[1] <= bb[3] && e[3] >= bb[1]),
        }
    };
    let (mut terrain, mut water, mut coastline) = (Vec::new(), Vec::new(), Vec::new());
    let mut dropped = Dropped::new();
    let mut push_terrain = |kind: TerrainKind, source, geom: &OutGeom| {
        if touches_bbox(geom) && near_playable(geom) {
            terrain.push(FeatureRef {
                layer: Layer::Terrain(kind),
                source,
            });
        }
    };
    for (i, n) in raw.nodes.iter().enumerate() {
        if let Some(kind) = tags::terrain_point(&n.tags) {
            let p = [f64::from(n.lon) * 1e-7, f64::from(n.lat) * 1e-7];
            push_terrain(kind, Source::Node(index(i)), &OutGeom::Point(p));
        }
    }
    for (i, w) in raw.ways.iter().enumerate() {
        if w.tags.is_empty() {
            continue;
        }
        let i = index(i);
        let area = if is_closed(w) {
            tags::terrain_area(&w.tags)
        } else {
            None
        };
        let line = tags::terrain_line(&w.tags);
        let coast = tags::is_coastline(&w.tags);
        if area.is_none() && line.is_none() && !coast {
            continue;
        }
        let coords = way_coords(raw, w);
        if coords.len() < 2 {
            continue;
        }
        // Parts missing at the extract's edge are counted elsewhere; only whole ways are
        // defective in themselves.
        let whole = w.nodes.iter().all(|&k| !raw.is_missing(k));
        if !clean::is_line(&coords) {
            if whole {
                *dropped
                    .entry("lines or outlines of one repeated point")
                    .or_insert(0) += 1;
            }
            continue;
        }
        if let Some(kind) = area {
            match clean::ring_area(&coords) {
                Err(d) if whole => *dropped.entry(d.describe()).or_insert(0) += 1,
                Err(_) => {}
                Ok(mp) => {
                    let geom = OutGeom::Area(mp);
                    if tags::is_water_area(&w.tags) && touches_bbox(&geom) {
                        water.push(FeatureRef {
                            layer: Layer::Water,
                            source: Source::WayArea(i),
                        });
                    }
                    push_terrain(kind, Source::WayArea(i), &geom);
                }
            }
        }
        let geom = OutGeom::Line(coords);
        if let Some(kind) = line {
            // A closed road is a roundabout, not an area; a closed barrier is still a line.
            push_terrain(kind, Source::WayLine(i), &geom);
        }
        if coast && touches_bbox(&geom) {
            coastline.push(FeatureRef {
                layer: Layer::Coastline,
                source: Source::WayLine(i),
            });
        }
    }
    for (i, r) in raw.relations.iter().enumerate() {
        let Some(kind) = tags::terrain_area(&r.tags) else {
            continue;
        };
        if r.tags.get("type") != Some("multipolygon") {
            continue;
        }
        let (mp, defects) = relation_area_checked(raw, r);
        for d in defects {
            *dropped.entry(d.describe()).or_insert(0) += 1;
        }
        let Some(mp) = mp else {
            continue;
        };
        let geom = OutGeom::Area(mp);
        let source = Source::Relation(index(i));
        if tags::is_water_area(&r.tags) && touches_bbox(&geom) {
            water.push(FeatureRef {
                layer: Layer::Water,
                source,
            });
        }
        push_terrain(kind, source, &geom);
    }
    // Nodes, ways and relations were each visited in id order, so within one kind the features
    // are already ordered by (OSM type, id); a stable sort by kind finishes the job.
    terrain.sort_by_key(|f| f.layer.kind());
    Chosen {
        terrain,
        water,
        coastline,
        dropped,
    }
}
