//! Input mutations: byte-level (flips, edits, cuts, repeats, splices) and, for JSON inputs, a
//! value somewhere in the tree swapped for a hostile one (huge, negative, NaN-ish, wrong type,
//! control characters), so mutations get past the JSON parser into the loaders' own checks.

use serde_json::{json, Value};

/// xorshift64*: small, seedable, good enough to pick mutations.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// FNV-1a of the input, to name kept crashes.
pub fn hash(b: &[u8]) -> u64 {
    b.iter().fold(0xcbf2_9ce4_8422_2325, |h, &x| {
        (h ^ u64::from(x)).wrapping_mul(0x100_0000_01b3)
    })
}

const TOKENS: &[&[u8]] = &[
    b"-1",
    b"0",
    b"1e309",
    b"-1e309",
    b"NaN",
    b"null",
    b"[]",
    b"{}",
    b"\"\"",
    b"\"\\u0000\"",
    b"18446744073709551616",
    b"4294967295",
    b"-9223372036854775808",
    b"true",
    b"[[[[",
    b"]]",
    b",",
    b"\"\xc3\x28\"",
    b"\"\xe2\x99\xa5\"",
];

fn hostile_value(rng: &mut Rng) -> Value {
    match rng.below(14) {
        0 => json!(-1),
        1 => json!(0),
        2 => json!(u64::MAX),
        3 => json!(i64::MIN),
        4 => json!(1e300),
        5 => json!(-1e-300),
        6 => json!(null),
        7 => json!([]),
        8 => json!({}),
        9 => json!(""),
        10 => json!("Q\u{2665}\u{0}\u{7}"),
        11 => json!(true),
        12 => json!([[1e308, -1e308], [0.0, 0.0]]),
        _ => json!(rng.next() as u32),
    }
}

/// Visit a random node of the tree and change it: replace it, drop an element or key, or
/// duplicate an element.
fn mutate_value(rng: &mut Rng, v: &mut Value, depth: u32) {
    let descend = depth < 12 && rng.below(4) != 0;
    match v {
        Value::Array(a) if !a.is_empty() && descend => {
            let i = rng.below(a.len());
            match rng.below(8) {
                0 => {
                    a.remove(i);
                }
                1 => {
                    let x = a[i].clone();
                    a.insert(i, x);
                }
                _ => mutate_value(rng, &mut a[i], depth + 1),
            }
        }
        Value::Object(o) if !o.is_empty() && descend => {
            let k = o.keys().nth(rng.below(o.len())).unwrap().clone();
            match rng.below(8) {
                0 => {
                    o.remove(&k);
                }
                1 => {
                    o.insert(format!("{k}_x"), hostile_value(rng));
                }
                _ => mutate_value(rng, o.get_mut(&k).unwrap(), depth + 1),
            }
        }
        _ => *v = hostile_value(rng),
    }
}

/// One mutated input from `base` (and `other`, for splices).
pub fn mutate(rng: &mut Rng, base: &[u8], other: &[u8], json: bool) -> Vec<u8> {
    if json && rng.below(2) == 0 {
        // JSON inputs may be several documents joined by NUL (the map package target).
        let parts: Vec<&[u8]> = base.split(|&b| b == 0).collect();
        let k = rng.below(parts.len());
        if let Ok(mut v) = serde_json::from_slice::<Value>(parts[k]) {
            for _ in 0..1 + rng.below(3) {
                mutate_value(rng, &mut v, 0);
            }
            let mut out = Vec::new();
            for (i, p) in parts.iter().enumerate() {
                if i > 0 {
                    out.push(0);
                }
                if i == k {
                    out.extend(serde_json::to_vec(&v).unwrap());
                } else {
                    out.extend_from_slice(p);
                }
            }
            return out;
        }
    }
    let mut b = base.to_vec();
    for _ in 0..1 + rng.below(4) {
        if b.is_empty() {
            b.push(rng.next() as u8);
            continue;
        }
        let i = rng.below(b.len());
        match rng.below(8) {
            0 => b[i] ^= 1 << rng.below(8),
            1 => b[i] = rng.next() as u8,
            2 => b.truncate(i),
            3 => {
                let j = (i + 1 + rng.below(64)).min(b.len());
                b.drain(i..j);
            }
            4 => {
                let j = (i + 1 + rng.below(64)).min(b.len());
                let piece = b[i..j].to_vec();
                b.splice(i..i, piece);
            }
            5 if !other.is_empty() => {
                let j = rng.below(other.len());
                let k = (j + 1 + rng.below(256)).min(other.len());
                b.splice(i..i, other[j..k].iter().copied());
            }
            6 => {
                let t = TOKENS[rng.below(TOKENS.len())];
                b.splice(i..i, t.iter().copied());
            }
            _ => {
                // An "interesting" byte: the edges of varints and lengths.
                b[i] = [0x00, 0x7f, 0x80, 0xff, 0x01][rng.below(5)];
            }
        }
    }
    b
}
