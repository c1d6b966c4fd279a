//! Package format versions: what each one may hold, and how an older package is read as the
//! current format (one version at a time, like saves).
//!
//! - Version 1: settlements, roads, water and coastlines.
//! - Version 2: adds sea areas (`"kind": "sea"` polygons in `map.geojson`) and ports
//!   (`"port": true` on settlements), which seafaring needs. `map.toml` is unchanged but for its
//!   version. A version-1 package upgrades to a version-2 one with no sea area and no port.

use super::super::package::{MapMeta, FORMAT_VERSION, OLDEST_FORMAT_VERSION};

/// The version that brought sea areas and ports.
pub(super) const SEA_SINCE: u32 = 2;

/// Why a feature's content is too new for the package's declared version, if it is.
pub(super) fn too_new(version: u32, since: u32, what: &str) -> Option<String> {
    (version < since).then(|| {
        format!(
            "{what} needs format_version {since} in map.toml (this package says {version}); \
             raise it to {since} if the package is meant to have one"
        )
    })
}

/// Whether the loader reads this version at all (newer ones are refused before parsing).
pub(super) fn known(version: u32) -> bool {
    (OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&version)
}

/// Bring metadata read as `meta.format_version` to [`FORMAT_VERSION`], step by step. The map's
/// features were checked against the version the package declares before this runs.
pub(super) fn upgrade(meta: &mut MapMeta) {
    while meta.format_version < FORMAT_VERSION {
        meta.format_version = match meta.format_version {
            // 1 → 2: no field changed; the features of a version-1 package have no sea area and
            // no port, which is what version 2 reads from their absence.
            1 => 2,
            other => other + 1,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_and_what_they_allow() {
        assert!(known(1) && known(2) && !known(0) && !known(3));
        assert!(too_new(2, SEA_SINCE, "a port").is_none());
        let m = too_new(1, SEA_SINCE, "a port").unwrap();
        assert!(m.starts_with("a port needs format_version 2 in map.toml (this package says 1)"));
    }
}
