//! Major roads from OSM ways to the package's road features: which ways are roads, where they
//! are split so that every junction is a feature end, and on which layer each lies.

use std::collections::{BTreeMap, HashMap};

use super::build::OutRoad;
use super::clip::clip_polyline;
use super::pbf::{RawData, RawWay};
use super::tags;
use crate::map::RoadClass;

/// Road ways split into edges at every node where they meet another road (or themselves) and
/// at gaps where the file lacks a node; then cut at `bbox`. Roads meet where they share a node
/// and one of them ends there or both are on the same layer: a bridge sharing a node with the
/// road below it (a mapping slip) does not make a junction.
pub(super) fn road_edges(
    raw: &RawData,
    classes: &BTreeMap<String, RoadClass>,
    bbox: Option<[f64; 4]>,
) -> Vec<OutRoad> {
    let roads: Vec<(&RawWay, RoadClass, i32)> = raw
        .ways
        .iter()
        .filter_map(|w| {
            tags::road_class(&w.tags, classes).map(|c| (w, c, tags::road_layer(&w.tags)))
        })
        .collect();
    // Only looked up, never iterated, so a HashMap cannot leak its order into the output.
    let mut uses: HashMap<u32, u32> = HashMap::new();
    for (w, _, _) in &roads {
        for &id in &w.nodes {
            *uses.entry(id).or_insert(0) += 1;
        }
    }
    // For the few shared nodes, how each way visits them: (layer, whether it ends there).
    let mut visits: HashMap<u32, Vec<(i32, bool)>> = HashMap::new();
    for (w, _, layer) in &roads {
        let last = w.nodes.len().saturating_sub(1);
        for (i, &id) in w.nodes.iter().enumerate() {
            if uses.get(&id).copied().unwrap_or(0) >= 2 {
                visits
                    .entry(id)
                    .or_default()
                    .push((*layer, i == 0 || i == last));
            }
        }
    }
    // An inner visit on `layer` meets: another visit is on its layer, or a way ends there with
    // no other way on its own layer (a ramp, a bridge's end). The loader joins features by the
    // same rule (`map/load/graph.rs`), so splitting here never joins what OSM keeps apart.
    let meets = |id: u32, layer: i32| {
        visits.get(&id).is_some_and(|v| {
            let on = |l: i32| v.iter().filter(|&&(x, _)| x == l).count();
            on(layer) >= 2 || v.iter().any(|&(l, end)| end && on(l) == 1)
        })
    };
    let mut out = Vec::new();
    for (w, class, layer) in roads {
        let mut pieces: Vec<Vec<[f64; 2]>> = Vec::new();
        let mut cur: Vec<[f64; 2]> = Vec::new();
        for (i, &id) in w.nodes.iter().enumerate() {
            match raw.lonlat(id) {
                None => {
                    if cur.len() >= 2 {
                        pieces.push(std::mem::take(&mut cur));
                    }
                    cur.clear();
                }
                Some(p) => {
                    cur.push(p);
                    let inner = i > 0 && i + 1 < w.nodes.len();
                    if inner && meets(id, layer) && cur.len() >= 2 {
                        pieces.push(std::mem::replace(&mut cur, vec![p]));
                    }
                }
            }
        }
        if cur.len() >= 2 {
            pieces.push(cur);
        }
        for piece in pieces {
            let clipped = match bbox {
                Some(b) => clip_polyline(&piece, b),
                None => vec![piece],
            };
            for coords in clipped {
                out.push(OutRoad {
                    osm_id: w.id,
                    class,
                    highway: w.tags.get("highway").unwrap_or_default().to_string(),
                    road_ref: w.tags.get("ref").map(str::to_string),
                    name: w.tags.get("name").map(str::to_string),
                    layer,
                    coords,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::tags::Tags;
    use crate::map::package::default_road_classes;

    fn way(id: i64, nodes: &[u32], tags: &[(&str, &str)]) -> RawWay {
        RawWay {
            id,
            nodes: nodes.into(),
            tags: Tags::from_iter(tags.iter().copied()),
        }
    }

    /// `n` nodes along a zig-zag, 0.001° apart.
    fn raw(ways: Vec<RawWay>, n: usize) -> RawData {
        RawData {
            ways,
            coords: (0..n as i32)
                .map(|i| (i % 3 * 10_000, i * 10_000))
                .collect(),
            ..RawData::default()
        }
    }

    fn pieces(raw: &RawData) -> Vec<(i64, usize, i32)> {
        road_edges(raw, &default_road_classes(), None)
            .iter()
            .map(|r| (r.osm_id, r.coords.len(), r.layer))
            .collect()
    }

    #[test]
    fn ways_split_where_they_meet_and_not_where_a_bridge_shares_a_node() {
        let road = [("highway", "primary")];
        let bridge = [("highway", "primary"), ("bridge", "yes")];
        // Way 1 (0-1-2) and way 2 (3-1-4) share node 1 inside both.
        let same = raw(
            vec![way(1, &[0, 1, 2], &road), way(2, &[3, 1, 4], &road)],
            5,
        );
        assert_eq!(
            pieces(&same),
            vec![(1, 2, 0), (1, 2, 0), (2, 2, 0), (2, 2, 0)]
        );
        // The same with way 2 a bridge: a node shared by mistake, not a junction.
        let over = raw(
            vec![way(1, &[0, 1, 2], &road), way(2, &[3, 1, 4], &bridge)],
            5,
        );
        assert_eq!(pieces(&over), vec![(1, 3, 0), (2, 3, 1)]);
        // A bridge ending on the road joins it, whatever the layers.
        let ramp = raw(vec![way(1, &[0, 1, 2], &road), way(2, &[1, 3], &bridge)], 4);
        assert_eq!(pieces(&ramp), vec![(1, 2, 0), (1, 2, 0), (2, 2, 1)]);
        // The road below split into two ways exactly at the shared node: still no junction with
        // the bridge, which stays one piece (the loader then sees no bridge end there).
        let split_below = raw(
            vec![
                way(1, &[0, 1], &road),
                way(3, &[1, 2], &road),
                way(2, &[3, 1, 4], &bridge),
            ],
            5,
        );
        assert_eq!(pieces(&split_below), vec![(1, 2, 0), (3, 2, 0), (2, 3, 1)]);
    }
}
