//! Assembling OSM multipolygon relations into polygons.
//!
//! Member ways are joined end to end (by node id, either direction) into closed rings. Rings are
//! then nested by containment: a ring inside an odd number of others is a hole. Roles are not
//! trusted, because hand-mapped relations get them wrong often enough to matter.

use geo::{Contains, Coord, LineString, MultiPolygon, Point, Polygon};

/// Join way node lists into closed rings of nodes. Returns the rings and how many member ways
/// could not be closed into any ring.
pub fn join_rings(mut parts: Vec<Vec<u32>>) -> (Vec<Vec<u32>>, usize) {
    let mut rings = Vec::new();
    let mut unclosed = 0;
    parts.retain(|p| p.len() >= 2);
    // Already-closed ways are rings on their own.
    let mut open = Vec::new();
    for p in parts {
        if p.first() == p.last() && p.len() >= 4 {
            rings.push(p);
        } else {
            open.push(p);
        }
    }
    while let Some(mut cur) = open.pop() {
        let mut ways_in_chain = 1;
        let mut grew = true;
        while cur.first() != cur.last() && grew {
            grew = false;
            let end = *cur.last().unwrap();
            if let Some(i) = open
                .iter()
                .position(|p| p[0] == end || *p.last().unwrap() == end)
            {
                let mut next = open.swap_remove(i);
                if next[0] != end {
                    next.reverse();
                }
                cur.extend_from_slice(&next[1..]);
                ways_in_chain += 1;
                grew = true;
            }
        }
        if cur.first() == cur.last() && cur.len() >= 4 {
            rings.push(cur);
        } else {
            unclosed += ways_in_chain;
        }
    }
    (rings, unclosed)
}

/// Nest closed coordinate rings into a multipolygon: even depth → outer, odd depth → hole of the
/// smallest ring containing it.
pub fn nest(rings: Vec<Vec<Coord<f64>>>) -> MultiPolygon<f64> {
    let polys: Vec<Polygon<f64>> = rings
        .into_iter()
        .filter(|r| r.len() >= 4)
        .map(|r| Polygon::new(LineString::from(r), vec![]))
        .collect();
    let n = polys.len();
    let probe = |i: usize| Point::from(polys[i].exterior().0[0]);
    // parents[i] = rings that contain ring i.
    let parents: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| j != i && polys[j].contains(&probe(i)))
                .collect()
        })
        .collect();
    let area = |i: usize| {
        use geo::Area;
        polys[i].unsigned_area()
    };
    // Even nesting depth = an outer ring; odd depth = a hole in its smallest container.
    let mut outers: Vec<(usize, Vec<LineString<f64>>)> = parents
        .iter()
        .enumerate()
        .filter(|(_, p)| p.len() % 2 == 0)
        .map(|(i, _)| (i, Vec::new()))
        .collect();
    for (i, containing) in parents.iter().enumerate() {
        if containing.len() % 2 == 1 {
            // The direct parent is the smallest containing ring.
            let parent = containing
                .iter()
                .copied()
                .min_by(|&a, &b| area(a).total_cmp(&area(b)))
                .expect("odd depth has a parent");
            if let Some(o) = outers.iter_mut().find(|(k, _)| *k == parent) {
                o.1.push(polys[i].exterior().clone());
            }
        }
    }
    MultiPolygon(
        outers
            .into_iter()
            .map(|(i, holes)| Polygon::new(polys[i].exterior().clone(), holes))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_split_and_reversed_ways_into_one_ring() {
        let (rings, bad) = join_rings(vec![vec![1, 2, 3], vec![5, 4, 3], vec![5, 6, 1]]);
        assert_eq!(bad, 0);
        assert_eq!(rings.len(), 1);
        assert_eq!(rings[0].len(), 7);
        assert_eq!(rings[0].first(), rings[0].last());
    }

    #[test]
    fn an_open_chain_is_reported_not_invented() {
        let (rings, bad) = join_rings(vec![vec![1, 2, 3], vec![3, 4]]);
        assert!(rings.is_empty());
        // Both member ways are left out of every ring.
        assert_eq!(bad, 2);
        let (rings, bad) = join_rings(vec![vec![1, 2, 3], vec![3, 4], vec![7, 8, 9, 7]]);
        assert_eq!(rings.len(), 1);
        assert_eq!(bad, 2);
    }

    #[test]
    fn inner_ring_becomes_a_hole() {
        let sq = |a: f64, b: f64| {
            vec![
                Coord { x: a, y: a },
                Coord { x: b, y: a },
                Coord { x: b, y: b },
                Coord { x: a, y: b },
                Coord { x: a, y: a },
            ]
        };
        let mp = nest(vec![sq(1.0, 2.0), sq(0.0, 10.0), sq(20.0, 30.0)]);
        assert_eq!(mp.0.len(), 2);
        let big =
            mp.0.iter()
                .find(|p| p.interiors().len() == 1)
                .expect("outer with hole");
        assert_eq!(big.exterior().0[1].x, 10.0);
    }
}
