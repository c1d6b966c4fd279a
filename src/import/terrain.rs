//! Water areas and coastline for the whole board, and the tactical terrain layer round playable
//! settlements (RULINGS §9).

use geo::orient::{Direction, Orient};
use rstar::{RTree, AABB};

use super::build::{
    extent, geom_points, is_closed, relation_area, to_area, way_coords, OutFeature, OutGeom,
};
use super::pbf::RawData;
use super::tags;
use crate::map::{OsmType, Projection, TerrainKind};

/// Terrain is kept this far round every playable settlement (metres).
pub const TERRAIN_RADIUS_M: f64 = 2_000.0;

type Features = Vec<OutFeature>;

/// Water areas and coastline for the whole board, and the terrain layer near playable places.
pub(super) fn areas_and_terrain(
    raw: &RawData,
    bbox: Option<[f64; 4]>,
    proj: &Projection,
    playable_xy: &[[f64; 2]],
) -> (Features, Features, Features) {
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
    let mut terrain = Vec::new();
    let mut water = Vec::new();
    let mut coastline = Vec::new();
    let mut push_terrain = |kind: TerrainKind, osm_type, osm_id, geom: OutGeom, t: &tags::Tags| {
        if touches_bbox(&geom) && near_playable(&geom) {
            let props = tags::terrain_properties(kind, t);
            terrain.push(OutFeature {
                kind: kind.as_str(),
                osm_type,
                osm_id,
                geom,
                props,
            });
        }
    };
    for n in &raw.nodes {
        if let Some(kind) = tags::terrain_point(&n.tags) {
            let p = [f64::from(n.lon) * 1e-7, f64::from(n.lat) * 1e-7];
            push_terrain(kind, OsmType::Node, n.id, OutGeom::Point(p), &n.tags);
        }
    }
    for w in raw.ways.values() {
        if w.tags.is_empty() {
            continue;
        }
        let coords = way_coords(raw, w);
        if coords.len() < 2 {
            continue;
        }
        let area = if is_closed(w) {
            tags::terrain_area(&w.tags)
        } else {
            None
        };
        if let Some(kind) = area {
            if let Some(mp) = to_area(coords.clone()) {
                if tags::is_water_area(&w.tags) && touches_bbox(&OutGeom::Area(mp.clone())) {
                    water.push(OutFeature {
                        kind: "water",
                        osm_type: OsmType::Way,
                        osm_id: w.id,
                        geom: OutGeom::Area(mp.clone()),
                        props: vec![],
                    });
                }
                push_terrain(kind, OsmType::Way, w.id, OutGeom::Area(mp), &w.tags);
            }
        }
        if let Some(kind) = tags::terrain_line(&w.tags) {
            // A closed road is a roundabout, not an area; a closed barrier is still a line.
            push_terrain(
                kind,
                OsmType::Way,
                w.id,
                OutGeom::Line(coords.clone()),
                &w.tags,
            );
        }
        if tags::is_coastline(&w.tags) && touches_bbox(&OutGeom::Line(coords.clone())) {
            coastline.push(OutFeature {
                kind: "coastline",
                osm_type: OsmType::Way,
                osm_id: w.id,
                geom: OutGeom::Line(coords),
                props: vec![],
            });
        }
    }
    for r in &raw.relations {
        let Some(kind) = tags::terrain_area(&r.tags) else {
            continue;
        };
        if r.tags.get("type") != Some("multipolygon") {
            continue;
        }
        let Some(mp) = relation_area(raw, r) else {
            continue;
        };
        if tags::is_water_area(&r.tags) && touches_bbox(&OutGeom::Area(mp.clone())) {
            water.push(OutFeature {
                kind: "water",
                osm_type: OsmType::Relation,
                osm_id: r.id,
                geom: OutGeom::Area(mp.clone()),
                props: vec![],
            });
        }
        push_terrain(kind, OsmType::Relation, r.id, OutGeom::Area(mp), &r.tags);
    }
    for f in terrain.iter_mut().chain(water.iter_mut()) {
        if let OutGeom::Area(mp) = &mut f.geom {
            // RFC 7946: outer rings counter-clockwise, holes clockwise.
            *mp = mp.orient(Direction::Default);
        }
    }
    let order = |f: &OutFeature| (f.kind, f.osm_type, f.osm_id);
    terrain.sort_by(|a, b| order(a).cmp(&order(b)));
    water.sort_by(|a, b| order(a).cmp(&order(b)));
    coastline.sort_by(|a, b| order(a).cmp(&order(b)));
    (terrain, water, coastline)
}
