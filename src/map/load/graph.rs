//! The road graph: road features joined wherever their vertices coincide.
//!
//! Numbering depends only on file order (nodes in order of first appearance, edges in order of
//! their feature and then along it), so a package always loads into the same graph and saved
//! games can refer to nodes and edges by number.

use std::collections::BTreeMap;

use super::features::RoadFeature;
use crate::map::model::{EdgeId, NodeId, RoadEdge, RoadGraph, RoadNode};
use crate::map::projection::Projection;

/// Build the graph. A vertex becomes a node when it ends a feature, or when it occurs more than
/// once among all road vertices (two features sharing it, or one feature passing it twice).
pub(super) fn build(roads: &[RoadFeature], proj: &Projection) -> RoadGraph {
    let mut occurrences: BTreeMap<[i64; 2], u32> = BTreeMap::new();
    for road in roads {
        for k in &road.keys {
            *occurrences.entry(*k).or_default() += 1;
        }
    }
    let xy = |k: [i64; 2]| proj.to_xy(k[0] as f64 / 1e7, k[1] as f64 / 1e7);

    let mut graph = RoadGraph::default();
    let mut node_of: BTreeMap<[i64; 2], NodeId> = BTreeMap::new();
    let mut node_id = |graph: &mut RoadGraph, k: [i64; 2]| -> NodeId {
        *node_of.entry(k).or_insert_with(|| {
            graph.nodes.push(RoadNode {
                pos: xy(k),
                edges: Vec::new(),
            });
            NodeId(graph.nodes.len() as u32 - 1)
        })
    };

    for road in roads {
        let last = road.keys.len() - 1;
        let mut start = 0;
        for i in 1..=last {
            let k = road.keys[i];
            if i != last && occurrences[&k] < 2 {
                continue;
            }
            let from = node_id(&mut graph, road.keys[start]);
            let to = node_id(&mut graph, k);
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
