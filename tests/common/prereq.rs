//! Prerequisites some tests need from the machine (Xvfb, `osmium`, the real extracts in
//! `../shared/osm`). A developer may lack them and the test is skipped with the reason printed;
//! under `OMMS_REQUIRE_ENV=1`, which `.ci/run` sets, a missing one fails the test, so a broken
//! CI machine can never pass by skipping.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether missing prerequisites fail tests (`OMMS_REQUIRE_ENV` set to anything but `0`).
pub fn required() -> bool {
    std::env::var_os("OMMS_REQUIRE_ENV").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Report a missing prerequisite: panics under `OMMS_REQUIRE_ENV`, else prints why the test
/// is skipped (the caller then returns).
pub fn missing(what: &str) {
    if required() {
        panic!("{what}, and OMMS_REQUIRE_ENV is set: this machine cannot run the full suite");
    }
    eprintln!("skipped: {what}");
}

/// `../shared/osm` beside the project (or the folder `OMMS_SHARED_OSM` names, for a worktree
/// that is not beside it), when it holds the extracts.
pub fn shared_osm() -> Option<PathBuf> {
    let d = std::env::var_os("OMMS_SHARED_OSM")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/osm"));
    if d.join("andorra.osm.pbf").exists() {
        Some(d)
    } else {
        missing("../shared/osm is not beside the project");
        None
    }
}

/// Whether the `osmium` command works.
pub fn have_osmium() -> bool {
    let ok = Command::new("osmium")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        missing("`osmium` is not installed (apt-get install osmium-tool)");
    }
    ok
}
