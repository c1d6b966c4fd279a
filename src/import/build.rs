//! From the raw OSM elements to the package's features: places (with playability), road edges,
//! water, coastline and the terrain layer, plus the scale proposal.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use geo::{Centroid, Coord, MultiPolygon};
use rstar::primitives::{GeomWithData, Line};
use rstar::{PointDistance, RTree, RTreeObject, AABB};

use super::clean::{self, Dropped, RingDefect};
use super::pbf::{RawData, RawRelation, RawWay};
use super::rings::{join_rings, nest};
use super::tags::{self, PropValue};
use super::terrain::Chosen;
use super::{ImportError, ImportSummary};
use crate::map::scale::STANDARD_SCALES;
use crate::map::{Measure, OsmType, PlaceKind, Projection, RoadClass, Scale};

/// Sea kept round the coastline on a board with one, as a share of the board's longer side.
const SEA_MARGIN: f64 = 0.03;

/// A settlement place ready to write.
#[derive(Debug, Clone)]
pub struct OutPlace {
    pub osm_type: OsmType,
    pub osm_id: i64,
    pub name: String,
    pub kind: PlaceKind,
    pub lonlat: [f64; 2],
    pub playable: bool,
    /// Sea within a 50p coin's diameter of its centre (RULINGS §10).
    pub port: bool,
}

/// One road edge ready to write.
#[derive(Debug, Clone)]
pub struct OutRoad {
    pub osm_id: i64,
    pub class: RoadClass,
    pub highway: String,
    pub road_ref: Option<String>,
    pub name: Option<String>,
    /// OSM layer (see [`tags::road_layer`]); written only when not 0.
    pub layer: i32,
    pub coords: Vec<[f64; 2]>,
}

/// Geometry of a water, coastline or terrain feature, in lon/lat.
#[derive(Debug, Clone)]
pub enum OutGeom {
    Point([f64; 2]),
    Line(Vec<[f64; 2]>),
    Area(MultiPolygon<f64>),
}

/// A water, coastline or terrain feature ready to write.
#[derive(Debug, Clone)]
pub struct OutFeature {
    pub kind: &'static str,
    pub osm_type: OsmType,
    pub osm_id: i64,
    pub geom: OutGeom,
    pub props: Vec<(&'static str, PropValue)>,
}

/// Everything the writer needs besides the raw data the features are rebuilt from.
#[derive(Debug)]
pub struct Built {
    pub places: Vec<OutPlace>,
    pub roads: Vec<OutRoad>,
    pub features: Chosen,
    pub scale: Scale,
    pub proposed_scale: Scale,
    pub bbox: [f64; 4],
    /// The sea and the navigable rivers, when the map has a closed coastline.
    pub sea: Option<super::sea::Sea>,
    pub summary: ImportSummary,
}

pub(super) fn way_coords(raw: &RawData, w: &RawWay) -> Vec<[f64; 2]> {
    w.nodes.iter().filter_map(|&k| raw.lonlat(k)).collect()
}

pub(super) fn is_closed(w: &RawWay) -> bool {
    w.nodes.len() >= 4 && w.nodes.first() == w.nodes.last()
}

/// A closed way's outline, cleaned ([`clean::clean_ring`]); `None` when it is no outline.
pub(super) fn to_area(coords: Vec<[f64; 2]>) -> Option<MultiPolygon<f64>> {
    clean::ring_area(&coords).ok()
}

/// Assemble a multipolygon relation; `None` when no closed ring can be made.
pub(super) fn relation_area(raw: &RawData, r: &RawRelation) -> Option<MultiPolygon<f64>> {
    relation_area_checked(raw, r).0
}

/// [`relation_area`], with the defects of the rings it had to leave out.
pub(super) fn relation_area_checked(
    raw: &RawData,
    r: &RawRelation,
) -> (Option<MultiPolygon<f64>>, Vec<RingDefect>) {
    let parts: Vec<Vec<u32>> = r
        .members
        .iter()
        .filter(|m| m.is_way)
        .filter_map(|m| raw.way(m.id))
        .map(|w| {
            w.nodes
                .iter()
                .copied()
                .filter(|&k| raw.lonlat(k).is_some())
                .collect()
        })
        .collect();
    let (rings, _) = join_rings(parts);
    let mut defects = Vec::new();
    let rings: Vec<Vec<Coord<f64>>> = rings
        .into_iter()
        .filter_map(|ring| {
            let pts: Vec<[f64; 2]> = ring.into_iter().filter_map(|k| raw.lonlat(k)).collect();
            match clean::clean_ring(&pts) {
                Ok(ring) => Some(ring.iter().map(|c| Coord { x: c[0], y: c[1] }).collect()),
                Err(d) => {
                    defects.push(d);
                    None
                }
            }
        })
        .collect();
    let mp = nest(rings);
    ((!mp.0.is_empty()).then_some(mp), defects)
}

fn in_bbox(p: [f64; 2], b: [f64; 4]) -> bool {
    p[0] >= b[0] && p[0] <= b[2] && p[1] >= b[1] && p[1] <= b[3]
}

pub(super) fn extent(points: impl Iterator<Item = [f64; 2]>) -> Option<[f64; 4]> {
    points.fold(None, |acc, p| {
        Some(match acc {
            None => [p[0], p[1], p[0], p[1]],
            Some(b) => [
                b[0].min(p[0]),
                b[1].min(p[1]),
                b[2].max(p[0]),
                b[3].max(p[1]),
            ],
        })
    })
}

pub(super) fn geom_points(g: &OutGeom) -> Box<dyn Iterator<Item = [f64; 2]> + '_> {
    match g {
        OutGeom::Point(p) => Box::new(std::iter::once(*p)),
        OutGeom::Line(l) => Box::new(l.iter().copied()),
        OutGeom::Area(mp) => Box::new(
            mp.0.iter()
                .flat_map(|p| p.exterior().0.iter().map(|c| [c.x, c.y])),
        ),
    }
}

fn settlement_places(raw: &RawData, bbox: Option<[f64; 4]>) -> Vec<OutPlace> {
    let mut out = Vec::new();
    let place_nodes: HashSet<i64> = raw
        .nodes
        .iter()
        .filter(|n| tags::place_kind(&n.tags).is_some())
        .map(|n| n.id)
        .collect();
    for n in &raw.nodes {
        if let Some(kind) = tags::place_kind(&n.tags) {
            let lonlat = [f64::from(n.lon) * 1e-7, f64::from(n.lat) * 1e-7];
            out.push(OutPlace {
                osm_type: OsmType::Node,
                osm_id: n.id,
                name: n.tags.get("name").unwrap_or_default().trim().to_string(),
                kind,
                lonlat,
                playable: false,
                port: false,
            });
        }
    }
    for w in raw.ways.iter() {
        let Some(kind) = tags::place_kind(&w.tags) else {
            continue;
        };
        if !is_closed(w) {
            continue;
        }
        if let Some(c) = to_area(way_coords(raw, w)).and_then(|a| a.centroid()) {
            out.push(OutPlace {
                osm_type: OsmType::Way,
                osm_id: w.id,
                name: w.tags.get("name").unwrap_or_default().trim().to_string(),
                kind,
                lonlat: [c.x(), c.y()],
                playable: false,
                port: false,
            });
        }
    }
    for r in &raw.relations {
        let Some(kind) = tags::place_kind(&r.tags) else {
            continue;
        };
        let label = ["label", "admin_centre"]
            .iter()
            .find_map(|role| r.members.iter().find(|m| !m.is_way && &*m.role == *role));
        // The label node is mapped as a place itself: that node already stands for it.
        if label.is_some_and(|m| place_nodes.contains(&m.id)) {
            continue;
        }
        let pos = label.and_then(|m| raw.member_lonlat(m.id)).or_else(|| {
            relation_area(raw, r)
                .and_then(|a| a.centroid())
                .map(|c| [c.x(), c.y()])
        });
        if let Some(lonlat) = pos {
            out.push(OutPlace {
                osm_type: OsmType::Relation,
                osm_id: r.id,
                name: r.tags.get("name").unwrap_or_default().trim().to_string(),
                kind,
                lonlat,
                playable: false,
                port: false,
            });
        }
    }
    if let Some(b) = bbox {
        out.retain(|p| in_bbox(p.lonlat, b));
    }
    out.sort_by_key(|p| (p.osm_type, p.osm_id));
    out
}

/// Names cleaned of control characters; places off the globe or without a name after that,
/// and road pieces of a single repeated point, left out. Counts go into `dropped`.
fn clean_places_and_roads(
    places: &mut Vec<OutPlace>,
    roads: &mut Vec<OutRoad>,
    dropped: &mut Dropped,
) {
    let mut note = |what: &'static str, n: usize| {
        if n > 0 {
            *dropped.entry(what).or_insert(0) += n;
        }
    };
    let mut renamed = 0;
    let mut clean = |name: &mut String| {
        let (c, changed) = clean::clean_name(name);
        renamed += usize::from(changed);
        *name = c;
    };
    for p in places.iter_mut() {
        clean(&mut p.name);
    }
    for r in roads.iter_mut() {
        for s in [&mut r.name, &mut r.road_ref].into_iter().flatten() {
            clean(s);
        }
    }
    note(
        "names with control characters or over 200 characters",
        renamed,
    );
    let before = places.len();
    places.retain(|p| {
        !p.name.is_empty()
            && p.lonlat.iter().all(|v| v.is_finite())
            && p.lonlat[0].abs() <= 180.0
            && p.lonlat[1].abs() <= 90.0
    });
    note(
        "settlements without a usable name or position",
        before - places.len(),
    );
    let before = roads.len();
    roads.retain(|r| clean::is_line(&r.coords));
    note("road pieces of one repeated point", before - roads.len());
}

fn polyline_m(proj: &Projection, coords: &[[f64; 2]]) -> f64 {
    coords
        .windows(2)
        .map(|w| {
            let (a, b) = (proj.to_xy(w[0][0], w[0][1]), proj.to_xy(w[1][0], w[1][1]));
            ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
        })
        .sum()
}

/// Turn raw OSM data into the package's features.
pub fn build(
    raw: &RawData,
    classes: &BTreeMap<String, RoadClass>,
    bbox: Option<[f64; 4]>,
    fixed_scale: Option<Scale>,
    path: &Path,
) -> Result<Built, ImportError> {
    let mut warnings = raw.warnings.clone();
    if raw.ways.is_empty() && !raw.nodes.is_empty() {
        return Err(ImportError::NoWays {
            path: path.to_path_buf(),
        });
    }
    let total_refs: usize = raw.ways.iter().map(|w| w.nodes.len()).sum();
    let missing_refs: usize = raw
        .ways
        .iter()
        .flat_map(|w| w.nodes.iter())
        .filter(|&&k| raw.is_missing(k))
        .count();
    if total_refs > 0 && missing_refs * 2 > total_refs {
        return Err(ImportError::Truncated {
            path: path.to_path_buf(),
            missing: missing_refs,
            total: total_refs,
        });
    }
    if missing_refs > 0 {
        warnings.push(format!(
            "{missing_refs} of {total_refs} node references point outside the file (ways cut at the extract's edge); those parts are left out"
        ));
    }

    let mut dropped: Dropped = raw.dropped.clone();
    let mut places = settlement_places(raw, bbox);
    let mut roads = super::roads::road_edges(raw, classes, bbox);
    clean_places_and_roads(&mut places, &mut roads, &mut dropped);
    // Closed coastline rings widen the board so that whole islands, and a margin of sea round
    // them, are on it. Open coastline (cut by the extract) does not: it is closed along this box.
    // A land-locked map has none and keeps the box of its places and roads.
    let data_bbox = extent(
        places
            .iter()
            .map(|p| p.lonlat)
            .chain(roads.iter().flat_map(|r| r.coords.iter().copied())),
    )
    .map(|b| match super::sea::closed_coast_extent(raw) {
        None => b,
        Some(c) => {
            let b = [
                b[0].min(c[0]),
                b[1].min(c[1]),
                b[2].max(c[2]),
                b[3].max(c[3]),
            ];
            let m = SEA_MARGIN * (b[2] - b[0]).max(b[3] - b[1]);
            [
                (b[0] - m).max(-180.0),
                (b[1] - m).max(-90.0),
                (b[2] + m).min(180.0),
                (b[3] + m).min(90.0),
            ]
        }
    });
    let (Some(data_bbox), false) = (data_bbox, roads.is_empty() || places.is_empty()) else {
        return Err(ImportError::NoPlayable {
            path: path.to_path_buf(),
            places: places.len(),
        });
    };
    // Rounded to OSM's own precision so map.toml does not carry float noise.
    let bbox_out = bbox.unwrap_or(data_bbox).map(|v| (v * 1e7).round() / 1e7);
    let proj = Projection::for_bbox(bbox_out);

    // Distance from each place to the nearest major road decides playability at any scale. Only
    // distances up to the largest coin radius considered matter, so each road segment visits the
    // places near it: a tree of the few places instead of one of the millions of segments.
    let place_xy: Vec<[f64; 2]> = places
        .iter()
        .map(|p| proj.to_xy(p.lonlat[0], p.lonlat[1]))
        .collect();
    let reach = STANDARD_SCALES
        .map(Scale)
        .into_iter()
        .chain(fixed_scale)
        .map(|s| s.ground_m(Measure::Coin1p.radius_mm()))
        .fold(0.0, f64::max)
        // A margin so rounding never hides a segment at exactly the largest radius.
        + 1.0;
    let place_tree = RTree::bulk_load(
        place_xy
            .iter()
            .enumerate()
            .map(|(i, p)| GeomWithData::new(*p, i))
            .collect(),
    );
    let mut road_d2 = vec![f64::INFINITY; places.len()];
    for r in &roads {
        for w in r.coords.windows(2) {
            let seg = Line::new(proj.to_xy(w[0][0], w[0][1]), proj.to_xy(w[1][0], w[1][1]));
            let env = seg.envelope();
            let (lo, hi) = (env.lower(), env.upper());
            let near = AABB::from_corners(
                [lo[0] - reach, lo[1] - reach],
                [hi[0] + reach, hi[1] + reach],
            );
            for p in place_tree.locate_in_envelope(&near) {
                let d2 = seg.distance_2(p.geom());
                if d2 < road_d2[p.data] {
                    road_d2[p.data] = d2;
                }
            }
        }
    }
    let road_dist: Vec<f64> = road_d2.into_iter().map(f64::sqrt).collect();
    let playable_at = |s: Scale| -> Vec<bool> {
        let r = s.ground_m(Measure::Coin1p.radius_mm());
        road_dist.iter().map(|&d| d <= r).collect()
    };
    let mut proposed: Option<(f64, Scale)> = None;
    for s in STANDARD_SCALES.map(Scale) {
        let flags = playable_at(s);
        let Some(b) = extent(
            place_xy
                .iter()
                .zip(&flags)
                .filter(|(_, &f)| f)
                .map(|(p, _)| *p),
        ) else {
            continue;
        };
        let side = (b[2] - b[0]).max(b[3] - b[1]);
        let err = (s.table_mm(side) - crate::map::scale::TARGET_TABLE_MM).abs();
        if proposed.is_none_or(|(e, _)| err < e) {
            proposed = Some((err, s));
        }
    }
    let Some((_, proposed_scale)) = proposed else {
        return Err(ImportError::NoPlayable {
            path: path.to_path_buf(),
            places: places.len(),
        });
    };
    let scale = fixed_scale.unwrap_or(proposed_scale);
    for (p, f) in places.iter_mut().zip(playable_at(scale)) {
        p.playable = f;
    }
    let playable_xy: Vec<[f64; 2]> = places
        .iter()
        .zip(&place_xy)
        .filter(|(p, _)| p.playable)
        .map(|(_, xy)| *xy)
        .collect();
    if playable_xy.is_empty() {
        return Err(ImportError::NoPlayable {
            path: path.to_path_buf(),
            places: places.len(),
        });
    }

    let sea = match super::sea::build_sea(raw, bbox_out, &proj) {
        super::sea::Coast::Sea(sea) => Some(sea),
        super::sea::Coast::None => None,
        super::sea::Coast::Broken(problems) => {
            for p in problems {
                warnings.push(format!("no sea written: {p}"));
            }
            None
        }
    };
    if let Some(sea) = &sea {
        let reach = scale.ground_m(Measure::Coin50p.mm());
        let near = super::sea::near_sea(&sea.area, &proj, &place_xy, reach);
        for (p, n) in places.iter_mut().zip(near) {
            p.port = n;
        }
    }

    let features = super::terrain::areas_and_terrain(raw, bbox, &proj, &playable_xy);
    for (what, n) in &features.dropped {
        *dropped.entry(what).or_insert(0) += n;
    }
    for (what, n) in dropped {
        warnings.push(format!("left out or cleaned {n} {what}"));
    }

    let mut summary = ImportSummary {
        places: BTreeMap::new(),
        playable: playable_xy.len(),
        road_km: BTreeMap::new(),
        road_edges: roads.len(),
        terrain_features: features.terrain.len(),
        water_areas: features.water.len(),
        sea: sea.as_ref().map(|s| super::SeaSummary {
            km2: s.km2,
            areas: s.area.0.len(),
            islands: s.islands.iter().map(|i| (i.name.clone(), i.km2)).collect(),
            rivers: s.rivers.len(),
        }),
        ports: places
            .iter()
            .filter(|p| p.port)
            .map(|p| p.name.clone())
            .collect(),
        proposed_scale,
        scale,
        output_bytes: 0,
        warnings,
    };
    for p in &places {
        *summary.places.entry(p.kind).or_insert(0) += 1;
    }
    for r in &roads {
        *summary.road_km.entry(r.class).or_insert(0.0) += polyline_m(&proj, &r.coords) / 1000.0;
    }
    Ok(Built {
        places,
        roads,
        features,
        scale,
        proposed_scale,
        bbox: bbox_out,
        sea,
        summary,
    })
}
