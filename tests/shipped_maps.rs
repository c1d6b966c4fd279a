//! The shipped maps are exactly what today's importer makes from the extracts in ../shared/osm:
//! a change to the importer that alters them must re-import them in the same commit.

use std::path::Path;
use std::process::Command;

mod common;

#[test]
fn shipped_packages_match_a_fresh_import() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(osm) = common::prereq::shared_osm() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    for name in ["andorra", "liechtenstein", "north-bayreuth", "malta"] {
        let out = tmp.path().join(name);
        let o = Command::new(env!("CARGO_BIN_EXE_omms"))
            .args(["import", "-q", "--out"])
            .arg(&out)
            .arg(osm.join(format!("{name}.osm.pbf")))
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        for file in ["map.toml", "map.geojson", "terrain.geojson"] {
            let fresh = std::fs::read(out.join(file)).unwrap();
            let shipped = std::fs::read(root.join("maps").join(name).join(file))
                .unwrap_or_else(|e| panic!("maps/{name}/{file}: {e}"));
            assert!(
                fresh == shipped,
                "maps/{name}/{file} differs from a fresh import; re-run: omms import ../shared/osm/{name}.osm.pbf --out maps/{name}"
            );
        }
    }
}

#[test]
fn every_shipped_map_carries_the_attribution() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["andorra", "liechtenstein", "north-bayreuth", "malta"] {
        let meta = std::fs::read_to_string(root.join("maps").join(name).join("map.toml")).unwrap();
        assert!(
            meta.contains("attribution = \"© OpenStreetMap contributors (ODbL)\""),
            "{name}"
        );
    }
}
