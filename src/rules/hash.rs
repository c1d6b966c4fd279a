//! A stable fingerprint of the whole state, for replays and for spotting desyncs.

use serde::{Deserialize, Serialize};

use super::state::State;

/// A 64-bit FNV-1a hash of the state's canonical JSON. Written as 16 hex digits in files, so
/// JavaScript readers (which lose precision above 2^53) see it intact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StateHash(pub u64);

impl std::fmt::Display for StateHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl Serialize for StateHash {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for StateHash {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        u64::from_str_radix(&text, 16)
            .map(StateHash)
            .map_err(serde::de::Error::custom)
    }
}

/// FNV-1a, 64 bits: tiny, dependency-free and fixed forever, unlike `DefaultHasher`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Hash of the state. Canonical because the state holds only `Vec`s, `BTreeMap`s and plain
/// fields, which serde_json writes in one order; the RNG's position is part of it.
pub fn state_hash(state: &State) -> StateHash {
    // Serialising plain data to a Vec cannot fail.
    let bytes = serde_json::to_vec(state).unwrap_or_default();
    StateHash(fnv1a(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_reference_values() {
        assert_eq!(fnv1a(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x85944171f73967e8);
    }

    #[test]
    fn hashes_read_back() {
        let h = StateHash(0x00ab_cdef_0123_4567);
        let json = serde_json::to_string(&h).unwrap();
        assert_eq!(json, "\"00abcdef01234567\"");
        assert_eq!(serde_json::from_str::<StateHash>(&json).unwrap(), h);
    }
}
