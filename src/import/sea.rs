//! The sea from `natural=coastline` ways (RULINGS §10), closed along the map's bounding box the
//! way osmcoastline closes the planet's, and the navigable rivers that reach it.
//!
//! Coastline ways are joined head to tail by node (never reversed: the land is on the left of
//! every way, so a reversed way would swap land and sea). A chain that closes is an island (land
//! inside, counter-clockwise) or a sea inlet enclosed by land (clockwise). A chain that does not
//! close must cross the box: its pieces inside the box are closed into land polygons by walking
//! the box's edge counter-clockwise from where a piece leaves to where the next piece enters. The
//! sea is the box minus the land. A chain that stops inside the box, or two pieces whose land
//! sides disagree, is a broken coastline: it is reported and no sea is made, because any repair
//! would be a guess about which side is land.

use std::collections::{BTreeMap, BTreeSet};

use geo::{Area, BooleanOps, Buffer, Contains, Coord, LineString, MultiPolygon, Point, Polygon};

use super::build::{is_closed, relation_area, to_area, way_coords};
use super::clip::clip_polyline;
use super::pbf::RawData;
use super::rings::nest;
use super::tags;
use crate::map::{OsmType, Projection};

/// Half the width of the water strip a navigable river drawn only as a centre line becomes.
pub const RIVER_HALF_WIDTH_M: f64 = 15.0;

/// A named or unnamed island wholly inside the map.
#[derive(Debug, Clone, PartialEq)]
pub struct Island {
    /// Its OSM name, if any coastline way, `place=island|islet` node or relation names it.
    pub name: Option<String>,
    /// Its area in km².
    pub km2: f64,
}

/// A navigable river or canal connected to the sea, as an area in lon/lat.
#[derive(Debug, Clone)]
pub struct NavigableRiver {
    /// The element it came from.
    pub osm_type: OsmType,
    /// Its OSM id.
    pub osm_id: i64,
    /// `river`, `canal` or `riverbank`.
    pub waterway: String,
    /// The water: the mapped area, or the centre line widened by [`RIVER_HALF_WIDTH_M`].
    pub area: MultiPolygon<f64>,
}

/// The sea of one map.
#[derive(Debug, Clone)]
pub struct Sea {
    /// The sea inside the map's box, lon/lat.
    pub area: MultiPolygon<f64>,
    /// Its area in km².
    pub km2: f64,
    /// Islands wholly inside the box, largest first.
    pub islands: Vec<Island>,
    /// Navigable rivers connected to the sea.
    pub rivers: Vec<NavigableRiver>,
}

/// What the coastline of an extract gives.
#[derive(Debug, Clone)]
pub enum Coast {
    /// No coastline inside the map: a land-locked map.
    None,
    /// A closed, consistent coastline.
    Sea(Sea),
    /// A coastline that cannot be closed; each line says where and why.
    Broken(Vec<String>),
}

/// Perimeter position of a point on the box's edge, counter-clockwise from the south-west corner.
fn perimeter_t(p: [f64; 2], b: [f64; 4]) -> f64 {
    let (w, h) = (b[2] - b[0], b[3] - b[1]);
    let d = [
        ((p[1] - b[1]).abs(), p[0] - b[0]),
        ((p[0] - b[2]).abs(), w + (p[1] - b[1])),
        ((p[1] - b[3]).abs(), w + h + (b[2] - p[0])),
        ((p[0] - b[0]).abs(), 2.0 * w + h + (b[3] - p[1])),
    ];
    d.iter()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|x| x.1)
        .expect("four edges")
}

fn on_edge(p: [f64; 2], b: [f64; 4]) -> bool {
    let eps = 1e-9;
    (p[0] - b[0]).abs() < eps
        || (p[0] - b[2]).abs() < eps
        || (p[1] - b[1]).abs() < eps
        || (p[1] - b[3]).abs() < eps
}

fn inside(p: [f64; 2], b: [f64; 4]) -> bool {
    p[0] > b[0] && p[0] < b[2] && p[1] > b[1] && p[1] < b[3]
}

fn signed_area(ring: &[[f64; 2]]) -> f64 {
    ring.windows(2)
        .map(|w| w[0][0] * w[1][1] - w[1][0] * w[0][1])
        .sum::<f64>()
        / 2.0
}

fn to_coords(ring: &[[f64; 2]]) -> Vec<Coord<f64>> {
    ring.iter().map(|p| Coord { x: p[0], y: p[1] }).collect()
}

/// Coastline ways as runs of present nodes, with the way each run came from.
fn coastline_parts(raw: &RawData) -> Vec<(Vec<u32>, usize)> {
    let mut parts = Vec::new();
    for (wi, w) in raw.ways.iter().enumerate() {
        if !tags::is_coastline(&w.tags) {
            continue;
        }
        // An extract cuts ways at its edge: each run of nodes the file has is a part.
        for run in w.nodes.split(|&k| raw.lonlat(k).is_none()) {
            if run.len() >= 2 {
                parts.push((run.to_vec(), wi));
            }
        }
    }
    parts
}

/// A chain of coastline parts joined head to tail.
struct Chain {
    nodes: Vec<u32>,
    ways: BTreeSet<usize>,
}

fn join_chains(parts: Vec<(Vec<u32>, usize)>) -> Vec<Chain> {
    let mut by_head: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    let mut has_prev = vec![false; parts.len()];
    for (i, (p, _)) in parts.iter().enumerate() {
        if p.first() != p.last() {
            by_head.entry(p[0]).or_default().push(i);
        }
    }
    for (p, _) in &parts {
        if p.first() != p.last() {
            if let Some(next) = by_head.get(p.last().expect("two nodes")) {
                has_prev[next[0]] = true;
            }
        }
    }
    let mut used = vec![false; parts.len()];
    let mut chains = Vec::new();
    // Heads first, so an open chain is followed from its start; what is left is cycles.
    let order: Vec<usize> = (0..parts.len())
        .filter(|&i| !has_prev[i])
        .chain((0..parts.len()).filter(|&i| has_prev[i]))
        .collect();
    for start in order {
        if used[start] {
            continue;
        }
        used[start] = true;
        let mut nodes = parts[start].0.clone();
        let mut ways = BTreeSet::from([parts[start].1]);
        while nodes.first() != nodes.last() {
            let end = *nodes.last().expect("two nodes");
            let Some(next) = by_head
                .get(&end)
                .and_then(|c| c.iter().copied().find(|&j| !used[j]))
            else {
                break;
            };
            used[next] = true;
            nodes.extend_from_slice(&parts[next].0[1..]);
            ways.insert(parts[next].1);
        }
        chains.push(Chain { nodes, ways });
    }
    chains
}

fn island_name(raw: &RawData, ring: &Polygon<f64>, ways: &BTreeSet<usize>) -> Option<String> {
    let named = |t: &tags::Tags| {
        matches!(t.get("place"), Some("island" | "islet"))
            .then(|| t.get("name").map(str::to_string))
            .flatten()
    };
    if let Some(n) = ways.iter().find_map(|&w| named(&raw.ways[w].tags)) {
        return Some(n);
    }
    let ids: BTreeSet<i64> = ways.iter().map(|&w| raw.ways[w].id).collect();
    if let Some(n) = raw.relations.iter().find_map(|r| {
        r.members
            .iter()
            .any(|m| m.is_way && ids.contains(&m.id))
            .then(|| named(&r.tags))
            .flatten()
    }) {
        return Some(n);
    }
    raw.nodes.iter().find_map(|n| {
        let p = Point::new(f64::from(n.lon) * 1e-7, f64::from(n.lat) * 1e-7);
        named(&n.tags).filter(|_| ring.contains(&p))
    })
}

fn km2(proj: &Projection, mp: &MultiPolygon<f64>) -> f64 {
    use geo::MapCoords;
    mp.map_coords(|c| {
        let [x, y] = proj.to_xy(c.x, c.y);
        Coord { x, y }
    })
    .unsigned_area()
        / 1e6
}

/// The extent (lon/lat) of the coastline chains that close into rings, if any.
pub fn closed_coast_extent(raw: &RawData) -> Option<[f64; 4]> {
    let chains = join_chains(coastline_parts(raw));
    super::build::extent(
        chains
            .iter()
            .filter(|c| c.nodes.first() == c.nodes.last())
            .flat_map(|c| c.nodes.iter().filter_map(|&k| raw.lonlat(k))),
    )
}

/// Build the sea inside `b` = `[w, s, e, n]` (lon/lat).
pub fn build_sea(raw: &RawData, b: [f64; 4], proj: &Projection) -> Coast {
    let chains = join_chains(coastline_parts(raw));
    let coords =
        |c: &Chain| -> Vec<[f64; 2]> { c.nodes.iter().filter_map(|&k| raw.lonlat(k)).collect() };
    let way_id = |c: &Chain| raw.ways[*c.ways.iter().next().expect("one way")].id;
    let mut problems = Vec::new();
    // (ring, is it wholly inside the box, the chain's ways)
    let mut rings: Vec<(Vec<[f64; 2]>, BTreeSet<usize>)> = Vec::new();
    let mut outside_rings: Vec<Vec<[f64; 2]>> = Vec::new();
    let mut pieces: Vec<Vec<[f64; 2]>> = Vec::new();
    for c in &chains {
        let mut pts = coords(c);
        let closed = c.nodes.first() == c.nodes.last() && c.nodes.len() >= 4;
        if closed && pts.iter().all(|&p| inside(p, b)) {
            rings.push((pts, c.ways.clone()));
            continue;
        }
        if closed {
            // Start the ring outside the box so that no piece is split at the ring's seam.
            if let Some(k) = pts.iter().position(|&p| !inside(p, b)) {
                pts.pop();
                pts.rotate_left(k);
                pts.push(pts[0]);
            }
        }
        let cut = clip_polyline(&pts, b);
        if cut.is_empty() {
            if closed {
                outside_rings.push(pts);
            }
            continue;
        }
        for piece in cut {
            for (end, what) in [(piece[0], "starts"), (piece[piece.len() - 1], "ends")] {
                if !on_edge(end, b) {
                    problems.push(format!(
                        "the coastline (way {}) {what} at {:.7},{:.7} inside the map without \
                         joining another coastline way (a gap in the coastline, or an extract cut \
                         inside the map: re-import with a --bbox the coastline crosses)",
                        way_id(c),
                        end[0],
                        end[1]
                    ));
                }
            }
            pieces.push(piece);
        }
    }
    if problems.is_empty() {
        if let Err(p) = close_along_box(&mut pieces, b) {
            problems.push(p);
        }
    }
    if !problems.is_empty() {
        problems.sort();
        problems.dedup();
        return Coast::Broken(problems);
    }
    if rings.is_empty() && pieces.is_empty() {
        return Coast::None;
    }
    let box_ring = vec![
        [b[0], b[1]],
        [b[2], b[1]],
        [b[2], b[3]],
        [b[0], b[3]],
        [b[0], b[1]],
    ];
    let rect = MultiPolygon(vec![Polygon::new(
        LineString::from(to_coords(&box_ring)),
        vec![],
    )]);
    // With no piece crossing the box, whether the box's corner is land decides what the rings
    // enclose: islands in the sea, or sea inlets in land.
    let corner = [b[0], b[1]];
    let corner_winding: f64 = outside_rings
        .iter()
        .filter(|r| {
            Polygon::new(LineString::from(to_coords(r)), vec![]).contains(&Point::from(corner))
        })
        .map(|r| signed_area(r).signum())
        .sum();
    let only_inlets = rings.iter().all(|(r, _)| signed_area(r) < 0.0);
    let land_background =
        pieces.is_empty() && (corner_winding > 0.0 || (corner_winding == 0.0 && only_inlets));
    let all: Vec<Vec<Coord<f64>>> = pieces
        .iter()
        .map(|r| to_coords(r))
        .chain(rings.iter().map(|(r, _)| to_coords(r)))
        .collect();
    let nested = nest(all);
    let sea = if land_background {
        nested
    } else {
        rect.difference(&nested)
    };
    let mut islands: Vec<Island> = if land_background {
        Vec::new()
    } else {
        rings
            .iter()
            .filter(|(r, _)| signed_area(r) > 0.0)
            .map(|(r, ways)| {
                let poly = Polygon::new(LineString::from(to_coords(r)), vec![]);
                Island {
                    name: island_name(raw, &poly, ways),
                    km2: km2(proj, &MultiPolygon(vec![poly])),
                }
            })
            .collect()
    };
    islands.sort_by(|a, b| b.km2.total_cmp(&a.km2).then(a.name.cmp(&b.name)));
    let rivers = navigable_rivers(raw, &sea, b, proj);
    Coast::Sea(Sea {
        km2: km2(proj, &sea),
        area: sea,
        islands,
        rivers,
    })
}

/// Close the pieces that cross the box into land rings, in place.
fn close_along_box(pieces: &mut Vec<Vec<[f64; 2]>>, b: [f64; 4]) -> Result<(), String> {
    if pieces.is_empty() {
        return Ok(());
    }
    let (w, h) = (b[2] - b[0], b[3] - b[1]);
    let corners = [
        (0.0, [b[0], b[1]]),
        (w, [b[2], b[1]]),
        (w + h, [b[2], b[3]]),
        (2.0 * w + h, [b[0], b[3]]),
    ];
    let perimeter = 2.0 * (w + h);
    // Every crossing of the edge: (position, piece, is it where the piece enters).
    let mut events: Vec<(f64, usize, bool)> = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        events.push((perimeter_t(p[0], b), i, true));
        events.push((perimeter_t(p[p.len() - 1], b), i, false));
    }
    events.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.2.cmp(&y.2)));
    let next_event = |t: f64, after: usize| -> usize {
        // The first crossing counter-clockwise from `t`; a piece's own entry at the very same
        // position (a piece that only touches the edge) comes last.
        let k = events
            .iter()
            .position(|e| e.0 > t || (e.0 == t && e.1 != after && e.2))
            .unwrap_or(0);
        k
    };
    let mut used = vec![false; pieces.len()];
    let mut rings = Vec::new();
    for start in 0..pieces.len() {
        if used[start] {
            continue;
        }
        let mut ring: Vec<[f64; 2]> = Vec::new();
        let mut cur = start;
        loop {
            used[cur] = true;
            ring.extend_from_slice(&pieces[cur]);
            let t_out = perimeter_t(pieces[cur][pieces[cur].len() - 1], b);
            let (t_in, next, is_entry) = events[next_event(t_out, cur)];
            if !is_entry {
                let p = pieces[next][pieces[next].len() - 1];
                return Err(format!(
                    "two coastline pieces leave the map next to each other near {:.7},{:.7}: \
                     their land sides disagree (a coastline way drawn the wrong way round?)",
                    p[0], p[1]
                ));
            }
            // Corners passed on the way, counter-clockwise from t_out to t_in.
            let span = (t_in - t_out).rem_euclid(perimeter);
            let mut passed: Vec<(f64, [f64; 2])> = corners
                .iter()
                .map(|&(t, c)| ((t - t_out).rem_euclid(perimeter), c))
                .filter(|&(d, _)| d > 0.0 && d < span)
                .collect();
            passed.sort_by(|x, y| x.0.total_cmp(&y.0));
            ring.extend(passed.into_iter().map(|(_, c)| c));
            if next == start {
                ring.push(ring[0]);
                break;
            }
            if used[next] {
                return Err(
                    "the coastline crosses the map's edge in an order that cannot be closed".into(),
                );
            }
            cur = next;
        }
        rings.push(ring);
    }
    *pieces = rings;
    Ok(())
}

fn navigable_tags(t: &tags::Tags) -> Option<&str> {
    if matches!(t.get("tunnel"), Some(v) if v != "no") || t.get("boat") == Some("no") {
        return None;
    }
    match t.get("waterway") {
        Some(w @ ("river" | "canal" | "riverbank")) => Some(w),
        _ if t.get("natural") == Some("water") => {
            matches!(t.get("water"), Some("river" | "canal")).then_some("riverbank")
        }
        _ => None,
    }
}

/// Rivers and canals connected to the sea, directly or through one another: by a shared node
/// with the coastline or with a connected river, or by an end inside the sea.
fn navigable_rivers(
    raw: &RawData,
    sea: &MultiPolygon<f64>,
    b: [f64; 4],
    proj: &Projection,
) -> Vec<NavigableRiver> {
    let candidates: Vec<usize> = (0..raw.ways.len())
        .filter(|&i| navigable_tags(&raw.ways[i].tags).is_some())
        .collect();
    if candidates.is_empty() {
        return Vec::new();
    }
    let mut wet: BTreeSet<u32> = raw
        .ways
        .iter()
        .filter(|w| tags::is_coastline(&w.tags))
        .flat_map(|w| w.nodes.iter().copied())
        .collect();
    let mut connected = vec![false; candidates.len()];
    loop {
        let mut grew = false;
        for (k, &i) in candidates.iter().enumerate() {
            if connected[k] {
                continue;
            }
            let w = &raw.ways[i];
            let touches = w.nodes.iter().any(|n| wet.contains(n))
                || [w.nodes.first(), w.nodes.last()]
                    .into_iter()
                    .flatten()
                    .filter_map(|&n| raw.lonlat(n))
                    .any(|p| inside(p, b) && sea.contains(&Point::from(p)));
            if touches {
                connected[k] = true;
                wet.extend(w.nodes.iter().copied());
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let mut out = Vec::new();
    for (k, &i) in candidates.iter().enumerate() {
        if !connected[k] {
            continue;
        }
        let w = &raw.ways[i];
        let waterway = navigable_tags(&w.tags).expect("a candidate").to_string();
        let area = if waterway == "riverbank"
            || (is_closed(w) && waterway != "river" && waterway != "canal")
        {
            to_area(way_coords(raw, w))
        } else {
            widen(&way_coords(raw, w), proj)
        };
        if let Some(area) = area {
            out.push(NavigableRiver {
                osm_type: OsmType::Way,
                osm_id: w.id,
                waterway,
                area,
            });
        }
    }
    // River areas mapped as multipolygons join through their member ways' nodes.
    for r in &raw.relations {
        if r.tags.get("type") != Some("multipolygon") || navigable_tags(&r.tags).is_none() {
            continue;
        }
        let joined = r.members.iter().filter(|m| m.is_way).any(|m| {
            raw.way(m.id)
                .is_some_and(|w| w.nodes.iter().any(|n| wet.contains(n)))
        });
        if let Some(area) = relation_area(raw, r).filter(|_| joined) {
            out.push(NavigableRiver {
                osm_type: OsmType::Relation,
                osm_id: r.id,
                waterway: "riverbank".into(),
                area,
            });
        }
    }
    out
}

/// For each point (metres), whether the sea lies within `reach` metres of it: inside the sea,
/// or an edge of the sea that near.
pub fn near_sea(
    sea: &MultiPolygon<f64>,
    proj: &Projection,
    points: &[[f64; 2]],
    reach: f64,
) -> Vec<bool> {
    use rstar::primitives::Line;
    use rstar::{PointDistance, RTree};
    let mut segs = Vec::new();
    for poly in &sea.0 {
        for ring in std::iter::once(poly.exterior()).chain(poly.interiors()) {
            let xy: Vec<[f64; 2]> = ring.coords().map(|c| proj.to_xy(c.x, c.y)).collect();
            segs.extend(xy.windows(2).map(|w| Line::new(w[0], w[1])));
        }
    }
    let tree = RTree::bulk_load(segs);
    let sea_xy = {
        use geo::MapCoords;
        sea.map_coords(|c| {
            let [x, y] = proj.to_xy(c.x, c.y);
            Coord { x, y }
        })
    };
    points
        .iter()
        .map(|&p| {
            tree.nearest_neighbor(&p)
                .is_some_and(|l| l.distance_2(&p) <= reach * reach)
                || sea_xy.contains(&Point::from(p))
        })
        .collect()
}

/// A centre line widened into a strip [`RIVER_HALF_WIDTH_M`] each side, in lon/lat.
fn widen(line: &[[f64; 2]], proj: &Projection) -> Option<MultiPolygon<f64>> {
    use geo::MapCoords;
    if line.len() < 2 {
        return None;
    }
    let xy = LineString::from(
        line.iter()
            .map(|p| {
                let [x, y] = proj.to_xy(p[0], p[1]);
                Coord { x, y }
            })
            .collect::<Vec<_>>(),
    );
    let strip = xy.buffer(RIVER_HALF_WIDTH_M).map_coords(|c| {
        let [lon, lat] = proj.to_lonlat([c.x, c.y]);
        // OSM's precision, so the written strip reads back as it was made.
        Coord {
            x: (lon * 1e7).round() / 1e7,
            y: (lat * 1e7).round() / 1e7,
        }
    });
    (!strip.0.is_empty()).then_some(strip)
}

#[cfg(test)]
#[path = "sea_tests.rs"]
mod tests;
