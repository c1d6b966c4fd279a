//! Remembered answers to the board's costliest question, the road reach of one circle with its
//! blockers ([`network::compute`]).
//!
//! A reach is a pure function of the map and the question: the circle, the source, the
//! blocking discs (in order, since the answer names blockers by index) and whether only
//! motorways count. So a remembered answer is the very answer a fresh computation would give,
//! and nothing a player or a replay sees can depend on whether it was remembered. The same
//! question comes up again and again within a turn: a bot's candidate moves for one unit all
//! share the unit's circle and the enemy coins round it, the engine checks each move again
//! when it is made, and the siege refresh after every move asks of every settlement near an
//! enemy the same question it asked after the last one.
//!
//! Keys are the exact bit patterns of every float, so "the same question" means identical,
//! never merely close. The memo holds two generations: when the newer fills up, the older is
//! dropped, so memory stays bounded and the questions of the current turn stay remembered.
//! Only lookups and inserts touch the maps; their iteration order never reaches an answer.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex};

use super::network::{self, Network, Query, Source};

/// Questions remembered per generation. A turn of a four-seat game asks a few hundred distinct
/// ones; two generations of this many keep a whole round without holding much memory.
const GENERATION: usize = 1024;

/// A fast multiplicative hasher for keys of whole `u64` words (the std SipHash is built to
/// resist hostile keys, which bit patterns of our own floats are not).
#[derive(Default)]
struct WordHasher(u64);

impl WordHasher {
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.mix(u64::from_le_bytes(w));
        }
        for &b in chunks.remainder() {
            self.mix(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.mix(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type Map<V> = HashMap<Vec<u64>, V, BuildHasherDefault<WordHasher>>;

struct Generations<V> {
    new: Map<V>,
    old: Map<V>,
}

/// A bounded map from exact questions to shared answers, safe to consult from several threads
/// (a round robin plays its games in parallel on one board).
pub(crate) struct Memo<V> {
    inner: Mutex<Generations<V>>,
}

impl<V: Clone> Memo<V> {
    pub(crate) fn new() -> Memo<V> {
        Memo {
            inner: Mutex::new(Generations {
                new: Map::default(),
                old: Map::default(),
            }),
        }
    }

    /// The remembered answer to `key`, or `compute`'s, remembered from now on.
    pub(crate) fn get_or(&self, key: Vec<u64>, compute: impl FnOnce() -> V) -> V {
        {
            // A panic elsewhere while the lock was held cannot leave a half-written answer
            // behind (inserts are single calls), so a poisoned lock is still good to use.
            let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(v) = g.new.get(&key) {
                return v.clone();
            }
            if let Some(v) = g.old.remove(&key) {
                g.insert(key, v.clone());
                return v;
            }
        }
        // Computed outside the lock: other threads' questions need not wait for this one.
        let v = compute();
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        g.insert(key, v.clone());
        v
    }
}

impl<V> Generations<V> {
    fn insert(&mut self, key: Vec<u64>, v: V) {
        if self.new.len() >= GENERATION {
            self.old = std::mem::take(&mut self.new);
        }
        self.new.insert(key, v);
    }
}

/// Every input of a reach question, as exact bit patterns. The source comes before the
/// blockers with its own tag and length, so no two questions share a key.
pub(crate) fn reach_key(q: &Query) -> Vec<u64> {
    let mut k = Vec::with_capacity(10 + 3 * q.blockers.len());
    let disc = |k: &mut Vec<u64>, d: &network::Disc| {
        k.extend([d.c[0].to_bits(), d.c[1].to_bits(), d.r.to_bits()]);
    };
    disc(&mut k, &q.circle);
    k.push(u64::from(q.motorway_only));
    match q.source {
        Source::Disc(d) => {
            k.push(0);
            disc(&mut k, &d);
        }
        Source::On(at) => {
            k.push(1);
            k.push(at.len() as u64);
            for (edge, s) in at {
                k.extend([u64::from(edge.0), s.to_bits()]);
            }
        }
    }
    for b in q.blockers {
        disc(&mut k, b);
    }
    k
}

/// The memo of road reaches a board keeps.
pub(crate) type ReachMemo = Memo<Arc<Network>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::EdgeId;
    use network::Disc;

    fn q<'a>(blockers: &'a [Disc], source: Source<'a>) -> Query<'a> {
        Query {
            circle: Disc {
                c: [1.0, 2.0],
                r: 3.0,
            },
            blockers,
            source,
            motorway_only: false,
        }
    }

    #[test]
    fn keys_tell_apart_every_input() {
        let d = Disc {
            c: [0.0, 0.0],
            r: 1.0,
        };
        let on = [(EdgeId(4), 2.5)];
        let base = reach_key(&q(&[], Source::Disc(d)));
        let others = [
            reach_key(&q(&[d], Source::Disc(d))),
            reach_key(&q(&[], Source::On(&on))),
            reach_key(&q(&[], Source::On(&[]))),
            reach_key(&Query {
                motorway_only: true,
                ..q(&[], Source::Disc(d))
            }),
            reach_key(&q(
                &[],
                Source::Disc(Disc {
                    r: 1.0 + 1e-12,
                    ..d
                }),
            )),
        ];
        for other in &others {
            assert_ne!(&base, other);
        }
        assert_eq!(base, reach_key(&q(&[], Source::Disc(d))));
    }

    #[test]
    fn a_memo_answers_from_memory_and_stays_bounded() {
        let memo: Memo<u64> = Memo::new();
        let mut computed = 0;
        for round in 0..3 {
            for i in 0..(GENERATION as u64 + 10) {
                let v = memo.get_or(vec![i], || {
                    computed += 1;
                    i * 2
                });
                assert_eq!(v, i * 2, "round {round}");
            }
        }
        // The first round computes everything; later rounds find what the two generations
        // still hold.
        assert!(computed < 2 * (GENERATION + 10), "{computed}");
        let g = memo.inner.lock().unwrap();
        assert!(g.new.len() <= GENERATION && g.old.len() <= GENERATION);
    }
}
