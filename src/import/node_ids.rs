//! The sorted set of node ids whose positions an import needs, in half the memory of a `Vec<i64>`.
//!
//! Node ids pass 2^32, but the ids of one region share a handful of high halves, so each id is
//! stored as its low 32 bits, grouped by high half. This is the largest table of a big import.

/// Sorted, distinct node ids; an id's position in the order is its index.
#[derive(Debug, Default)]
pub struct NodeIds {
    /// (high half, index of the group's first id), by high half.
    groups: Vec<(i64, usize)>,
    low: Vec<u32>,
}

fn split(id: i64) -> (i64, u32) {
    // Truncation is the point: the low half.
    (id >> 32, id as u32)
}

impl NodeIds {
    /// Build from sorted, distinct ids, consuming them so both copies are never held at once.
    pub fn from_sorted(ids: Vec<i64>) -> Self {
        let mut groups: Vec<(i64, usize)> = Vec::new();
        let mut low = Vec::with_capacity(ids.len());
        for id in ids {
            let (hi, lo) = split(id);
            if groups.last().is_none_or(|g| g.0 != hi) {
                groups.push((hi, low.len()));
            }
            low.push(lo);
        }
        NodeIds { groups, low }
    }

    /// How many ids.
    pub fn len(&self) -> usize {
        self.low.len()
    }

    fn group_end(&self, g: usize) -> usize {
        self.groups.get(g + 1).map_or(self.low.len(), |n| n.1)
    }

    /// The index of `id`, if present.
    pub fn index(&self, id: i64) -> Option<usize> {
        let (hi, lo) = split(id);
        let g = self.groups.binary_search_by_key(&hi, |g| g.0).ok()?;
        let start = self.groups[g].1;
        let k = self.low[start..self.group_end(g)].binary_search(&lo).ok()?;
        Some(start + k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_ids_across_high_halves() {
        let ids = [-5, 3, 7, 1 << 32, (1 << 32) + 9, 12_000_000_000];
        let n = NodeIds::from_sorted(ids.to_vec());
        assert_eq!(n.len(), ids.len());
        for (i, &id) in ids.iter().enumerate() {
            assert_eq!(n.index(id), Some(i));
        }
        for absent in [-4, 0, 4, (1 << 32) + 1, 12_000_000_001, 3 << 32] {
            assert_eq!(n.index(absent), None);
        }
    }
}
