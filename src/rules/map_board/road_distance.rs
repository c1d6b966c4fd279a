//! Distances along the major roads, for bots ([`Board::road_distance`]): public map knowledge,
//! no rule. A straight line to a far target points units into bends and dead ends of the road
//! network, where they crawl or stall; the distance along the roads does not.
//!
//! Each target's distance field (shortest road distance from every road node, Dijkstra over the
//! edges' lengths) is worked out once and kept in the board's bounded [`memo::Memo`].
//!
//! [`Board::road_distance`]: crate::rules::Board::road_distance

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use super::{memo, MapBoard};
use crate::map::RoadPoint;
use crate::rules::ids::MapPoint;

/// Distance fields by target point.
pub(super) type Fields = memo::Memo<Arc<Vec<f64>>>;

/// Metres along the roads from the road nearest `from` to the road nearest `to`, plus the
/// straight steps onto each; `None` when no road joins them.
pub(super) fn distance(b: &MapBoard, from: MapPoint, to: MapPoint) -> Option<f64> {
    let roads = b.map.roads();
    let a = b.map.nearest_road_point(from.to_m())?;
    let t = b.map.nearest_road_point(to.to_m())?;
    let field = field(b, to, &t);
    let e = roads.edge(a.edge);
    let len = edge_len(b, a.edge);
    let mut d = (field[e.from().0 as usize] + a.along)
        .min(field[e.to().0 as usize] + (len - a.along).max(0.0));
    if a.edge == t.edge {
        d = d.min((a.along - t.along).abs());
    }
    d.is_finite().then_some(d + a.distance + t.distance)
}

fn edge_len(b: &MapBoard, edge: crate::map::EdgeId) -> f64 {
    b.offsets_of(edge).last().copied().unwrap_or(0.0)
}

/// The road distance from every node to the road point `t` nearest `to`.
fn field(b: &MapBoard, to: MapPoint, t: &RoadPoint) -> Arc<Vec<f64>> {
    let key = vec![to.x_mm as u64, to.y_mm as u64];
    b.road_fields.get_or(key, || Arc::new(dijkstra(b, t)))
}

fn dijkstra(b: &MapBoard, t: &RoadPoint) -> Vec<f64> {
    let roads = b.map.roads();
    let mut dist = vec![f64::INFINITY; roads.nodes().len()];
    // Millimetres as integers keep the heap's order total.
    let mut heap: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    let e = roads.edge(t.edge);
    let len = edge_len(b, t.edge);
    for (node, d) in [(e.from(), t.along), (e.to(), (len - t.along).max(0.0))] {
        if d < dist[node.0 as usize] {
            dist[node.0 as usize] = d;
            heap.push(Reverse(((d * 1000.0) as u64, node.0)));
        }
    }
    while let Some(Reverse((mm, node))) = heap.pop() {
        let d = dist[node as usize];
        if (mm as f64) > d * 1000.0 + 0.5 {
            continue;
        }
        for &edge in roads.node(crate::map::NodeId(node)).edges() {
            let e = roads.edge(edge);
            let other = if e.from().0 == node { e.to() } else { e.from() };
            let nd = d + edge_len(b, edge);
            if nd < dist[other.0 as usize] {
                dist[other.0 as usize] = nd;
                heap.push(Reverse(((nd * 1000.0) as u64, other.0)));
            }
        }
    }
    dist
}
