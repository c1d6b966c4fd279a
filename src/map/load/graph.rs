//! The road graph: road features joined wherever their vertices coincide, bridges and tunnels
//! apart.
//!
//! Features on the same `layer` meet at every point they share. A feature that ends at a point
//! where no other feature of its layer is (a ramp, a bridge's end, a modder's new road snapped
//! to a vertex) meets every feature there. Nothing else meets: a bridge drawn with a vertex on
//! the road below does not, even where that road is split into two features (the importer
//! splits ways at junctions, so a split is no sign that a bridge comes down there). The
//! importer splits OSM ways by the same rule (see `import/roads.rs`), so the graph of a
//! package is the graph of its OSM ways.
//!
//! Numbering depends only on file order (nodes in order of first appearance, edges in order of
//! their feature and then along it), so a package always loads into the same graph and saved
//! games can refer to nodes and edges by number.

use std::collections::BTreeMap;

use super::features::RoadFeature;
use crate::map::model::{EdgeId, NodeId, RoadEdge, RoadGraph, RoadNode};
use crate::map::projection::Projection;

/// One feature passing through (or ending at) a vertex position.
#[derive(Debug, Clone, Copy)]
struct Visit {
    feature: usize,
    index: usize,
    end: bool,
    layer: i32,
}

/// A node: a vertex position and which group of visits there meets at it.
type NodeKey = ([i64; 2], i32);

/// For each feature's vertices, the node it is (`None`: the feature just passes through).
fn junctions(roads: &[RoadFeature]) -> Vec<Vec<Option<NodeKey>>> {
    let mut visits: BTreeMap<[i64; 2], Vec<Visit>> = BTreeMap::new();
    for (feature, road) in roads.iter().enumerate() {
        let last = road.keys.len() - 1;
        for (index, k) in road.keys.iter().enumerate() {
            visits.entry(*k).or_default().push(Visit {
                feature,
                index,
                end: index == 0 || index == last,
                layer: road.layer,
            });
        }
    }
    let mut out: Vec<Vec<Option<NodeKey>>> =
        roads.iter().map(|r| vec![None; r.keys.len()]).collect();
    for (k, vs) in &visits {
        // Counted once, so a point many features pass through (a hostile file) stays linear.
        let mut count: BTreeMap<i32, usize> = BTreeMap::new();
        for v in vs {
            *count.entry(v.layer).or_insert(0) += 1;
        }
        let on_layer = |layer: i32| count.get(&layer).copied().unwrap_or(0);
        // A feature ending alone on its layer (a ramp, a bridge's end) joins everything there.
        let lonely_end = vs.iter().any(|v| v.end && on_layer(v.layer) == 1);
        for v in vs {
            // Visits that meet share a group: all of them, or those of one layer.
            let group = if lonely_end { i32::MIN } else { v.layer };
            if v.end || lonely_end || on_layer(v.layer) > 1 {
                out[v.feature][v.index] = Some((*k, group));
            }
        }
    }
    out
}

/// Build the graph. A vertex becomes a node when it ends a feature or where the feature meets
/// another visit of the same point (another feature, or itself passing twice).
pub(super) fn build(roads: &[RoadFeature], proj: &Projection) -> RoadGraph {
    let nodes = junctions(roads);
    let xy = |k: [i64; 2]| proj.to_xy(k[0] as f64 / 1e7, k[1] as f64 / 1e7);

    let mut graph = RoadGraph::default();
    let mut node_of: BTreeMap<NodeKey, NodeId> = BTreeMap::new();
    let mut node_id = |graph: &mut RoadGraph, key: NodeKey| -> NodeId {
        *node_of.entry(key).or_insert_with(|| {
            graph.nodes.push(RoadNode {
                pos: xy(key.0),
                edges: Vec::new(),
            });
            NodeId(graph.nodes.len() as u32 - 1)
        })
    };

    for (road, at) in roads.iter().zip(&nodes) {
        let mut start = 0;
        for (i, key) in at.iter().enumerate().skip(1) {
            let (Some(key), Some(start_key)) = (key, at[start]) else {
                continue;
            };
            let from = node_id(&mut graph, start_key);
            let to = node_id(&mut graph, *key);
            let id = EdgeId(graph.edges.len() as u32);
            graph.edges.push(RoadEdge {
                id,
                from,
                to,
                class: road.class,
                highway: road.highway.clone(),
                road_ref: road.road_ref.clone(),
                name: road.name.clone(),
                osm_id: road.osm_id,
                // Projecting the quantised key makes a shared vertex land on exactly the same
                // metres in every edge that meets there.
                points: road.keys[start..=i].iter().map(|k| xy(*k)).collect(),
            });
            graph.nodes[from.0 as usize].edges.push(id);
            if to != from {
                graph.nodes[to.0 as usize].edges.push(id);
            }
            start = i;
        }
    }
    graph
}

#[cfg(test)]
mod tests {
    use crate::map::query::tests::tiny_map;

    fn road(coords: &str, layer: Option<i32>) -> String {
        let layer = layer.map_or(String::new(), |l| format!(r#", "layer": {l}"#));
        format!(
            r#"{{"type": "Feature", "properties": {{"kind": "road", "class": "A"{layer}}},
                "geometry": {{"type": "LineString", "coordinates": {coords}}}}}"#
        )
    }

    #[test]
    fn roads_passing_through_one_point_meet_only_on_the_same_layer() {
        // Two roads crossing at a vertex both have, neither ending there.
        let ns = "[[0, -0.01], [0, 0], [0, 0.01]]";
        let ew = "[[-0.01, 0], [0, 0], [0.01, 0]]";
        let m = tiny_map(&[road(ns, None), road(ew, None)].join(","));
        assert_eq!(m.roads().edges().len(), 4, "a junction splits both");
        assert_eq!(m.roads().nodes().len(), 5);
        let m = tiny_map(&[road(ns, Some(1)), road(ew, None)].join(","));
        assert_eq!(m.roads().edges().len(), 2, "a bridge passes over");
        assert_eq!(m.roads().nodes().len(), 4);
        // A road ending on the bridge's vertex meets it whatever the layers.
        let spur = "[[0, 0], [0.005, 0.005]]";
        let m = tiny_map(&[road(ns, Some(1)), road(spur, None)].join(","));
        assert_eq!(m.roads().edges().len(), 3);
        let centre = m.roads().edge(m.roads().edges()[2].id()).from();
        assert_eq!(m.roads().node(centre).edges().len(), 3);
        // The road below split in two at the bridge's vertex (the importer splits ways at
        // junctions): its two halves meet each other, the bridge passes over them.
        let south = "[[0, -0.01], [0, 0]]";
        let north = "[[0, 0], [0, 0.01]]";
        let m = tiny_map(&[road(south, None), road(north, None), road(ew, Some(1))].join(","));
        let g = m.roads();
        assert_eq!(g.edges().len(), 3);
        assert_eq!(g.nodes().len(), 5, "the bridge's vertex is no node");
        let (s, n, b) = (&g.edges()[0], &g.edges()[1], &g.edges()[2]);
        assert_eq!(s.to(), n.from(), "the halves below meet");
        assert_eq!(g.node(s.to()).edges().len(), 2);
        assert!(![b.from(), b.to()].contains(&s.to()));
        assert_eq!(
            b.points().len(),
            3,
            "the bridge is one edge through the point"
        );
    }

    #[test]
    fn a_layer_must_be_an_integer() {
        let feats = road("[[0, 0], [0.01, 0]]", None)
            .replace(r#""class": "A""#, r#""class": "A", "layer": "up""#);
        let map = format!(r#"{{"type": "FeatureCollection", "features": [{feats}]}}"#);
        let meta = tiny_map("").meta().clone();
        let terrain = r#"{"type": "FeatureCollection", "features": []}"#;
        let Err(err) = crate::map::GameMap::from_sources(meta, &map, terrain) else {
            panic!("a layer that is not a number is refused");
        };
        let err = err.to_string();
        assert!(
            err.contains(
                r#"field "layer": must be an integer (the OSM layer), found the string "up""#
            ),
            "{err}"
        );
    }
}
