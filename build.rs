//! Stamps the binary with the commit it was built from, so `omms --version` tells two builds
//! apart. Benchmarks compare a baseline binary with this tree's; a binary copied out of
//! `target/` after a branch switch can be the other branch's build (2026-12-07: a whole
//! comparison was made against such a stale `main`), and its version line now shows it.

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    // Outside a git checkout (a source tarball, a vendored copy) the plain version stands.
    let stamp = match git(&["rev-parse", "--short=10", "HEAD"]) {
        Some(commit) if !commit.is_empty() => {
            // Tracked files changed since the commit: the build is not that commit's.
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            format!(
                "{version} ({commit}{})",
                if dirty { ", modified" } else { "" }
            )
        }
        _ => version.to_string(),
    };
    println!("cargo:rustc-env=OMMS_VERSION={stamp}");
    // Run again when HEAD moves (commit, checkout), the index changes, or any source does:
    // without the sources, an edit after a clean build would keep the clean stamp.
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        for f in ["HEAD", "index", "logs/HEAD"] {
            let p = Path::new(&dir).join(f);
            if p.exists() {
                println!("cargo:rerun-if-changed={}", p.display());
            }
        }
    }
    for p in ["src", "Cargo.toml", "Cargo.lock", "build.rs"] {
        println!("cargo:rerun-if-changed={p}");
    }
}
