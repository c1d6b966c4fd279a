//! Mutation fuzzing of every loader, on stable Rust: PBF import, map package, save file and
//! scenario. `cargo test --release --test fuzz` runs each target for `OMMS_FUZZ_SECS` seconds
//! (default 2; `.ci/run` gives 15), after replaying every kept crash in `fuzz/corpus/TARGET/`.
//!
//! Seeds are the shipped files (the map packages under `maps/`, the scenarios under
//! `tests/scenarios/`, a save made by the bots) and, for PBF, generated files (raw OSM is never
//! committed). Each input is mutated by bit flips, byte edits, cuts, splices and JSON-aware edits
//! that swap a value for a hostile one. A loader may refuse an input with an error; a panic is a
//! crash: the input is written to `fuzz/corpus/TARGET/crash-HASH` (commit it: from then on it
//! is a regression test) and the target fails. The tally — executions and crashes — is printed.
//! `OMMS_FUZZ_SEED` fixes the mutation seed (printed on every run) to reproduce one.

mod mutate;
#[path = "../tests/common/pbf.rs"]
mod pbf;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Once;
use std::time::{Duration, Instant};

use mutate::Rng;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn budget() -> Duration {
    let secs = std::env::var("OMMS_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .unwrap_or(2.0);
    Duration::from_secs_f64(secs.max(0.0))
}

fn seed() -> u64 {
    std::env::var("OMMS_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
}

/// Panics inside a target are findings, reported once per input: their default message would
/// flood the log.
fn quiet_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with("fuzz-"))
            {
                return;
            }
            previous(info);
        }));
    });
}

/// Run `target` on the kept crashes, the seeds, then mutations of them until the budget is
/// spent. Returns (executions, crashes).
fn fuzz(name: &str, seeds: Vec<Vec<u8>>, json: bool, target: impl Fn(&[u8]) + Sync) {
    quiet_panics();
    let dir = repo().join("fuzz/corpus").join(name);
    let mut kept: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_none_or(|e| e != "md"))
                .filter_map(|p| std::fs::read(&p).ok().map(|b| (p, b)))
                .collect()
        })
        .unwrap_or_default();
    kept.sort();
    let seed = seed();
    let budget = budget();
    let name2 = name.to_string();
    let (execs, crashes) = std::thread::scope(|s| {
        std::thread::Builder::new()
            .name(format!("fuzz-{name2}"))
            .spawn_scoped(s, || {
                let mut rng = Rng::new(seed);
                let mut crashes: Vec<String> = Vec::new();
                let mut execs = 0u64;
                let mut run = |input: &[u8], crashes: &mut Vec<String>, fresh: bool| {
                    execs += 1;
                    if catch_unwind(AssertUnwindSafe(|| target(input))).is_err() {
                        if fresh {
                            let h = mutate::hash(input);
                            let path = dir.join(format!("crash-{h:016x}"));
                            let _ = std::fs::create_dir_all(&dir);
                            let _ = std::fs::write(&path, input);
                            crashes.push(path.display().to_string());
                        } else {
                            crashes.push("a kept crash input".into());
                        }
                    }
                };
                for (p, input) in &kept {
                    let before = crashes.len();
                    run(input, &mut crashes, false);
                    if crashes.len() > before {
                        *crashes.last_mut().unwrap() = format!("{} (kept regression)", p.display());
                    }
                }
                for input in &seeds {
                    run(input, &mut crashes, true);
                }
                let start = Instant::now();
                while start.elapsed() < budget && !seeds.is_empty() {
                    let base = &seeds[rng.below(seeds.len())];
                    let other = &seeds[rng.below(seeds.len())];
                    let input = mutate::mutate(&mut rng, base, other, json);
                    run(&input, &mut crashes, true);
                    if crashes.len() >= 5 {
                        break;
                    }
                }
                (execs, crashes)
            })
            .unwrap()
            .join()
            .unwrap()
    });
    println!(
        "fuzz {name}: {execs} executions, {} crashes (seed {seed}, {} kept inputs replayed, {:?} budget)",
        crashes.len(),
        kept.len(),
        budget
    );
    assert!(
        crashes.is_empty(),
        "fuzz {name}: inputs that panic were kept in fuzz/corpus/{name}/ (commit them as regressions):\n{}",
        crashes.join("\n")
    );
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The first `n` features of a shipped GeoJSON file: small enough to load thousands of times.
fn head_features(p: &Path, n: usize) -> Vec<u8> {
    let v: serde_json::Value = serde_json::from_slice(&read(p)).unwrap();
    let f: Vec<_> = v["features"]
        .as_array()
        .unwrap()
        .iter()
        .take(n)
        .cloned()
        .collect();
    serde_json::to_vec(&serde_json::json!({"type": "FeatureCollection", "features": f})).unwrap()
}

#[test]
fn pbf_import() {
    let tmp = tempfile::tempdir().unwrap();
    let mut seeds = vec![pbf::town().to_pbf()];
    let mut small = pbf::town();
    small.per_blob = 8;
    seeds.push(small.to_pbf());
    let input = tmp.path().join("in.osm.pbf");
    let out = tmp.path().join("out");
    fuzz("pbf", seeds, false, |bytes| {
        std::fs::write(&input, bytes).unwrap();
        let _ = std::fs::remove_dir_all(&out);
        let _ = omms::import::import(&omms::import::ImportOptions {
            input: input.clone(),
            out: out.clone(),
            name: None,
            scale: None,
            bbox: None,
            road_class_overrides: vec![],
            progress: false,
        });
    });
}

#[test]
fn map_package() {
    let tmp = tempfile::tempdir().unwrap();
    // Inputs are `map.toml`, `map.geojson` and `terrain.geojson` joined by a NUL separator, so
    // one mutation can hit any of the three.
    let mut seeds = Vec::new();
    for m in ["andorra", "liechtenstein", "north-bayreuth"] {
        let d = repo().join("maps").join(m);
        let mut s = read(&d.join("map.toml"));
        s.push(0);
        s.extend(head_features(&d.join("map.geojson"), 120));
        s.push(0);
        s.extend(head_features(&d.join("terrain.geojson"), 60));
        seeds.push(s);
    }
    let dir = tmp.path().join("pkg");
    std::fs::create_dir_all(&dir).unwrap();
    fuzz("map-package", seeds, true, |bytes| {
        let mut parts = bytes.splitn(3, |&b| b == 0);
        for f in ["map.toml", "map.geojson", "terrain.geojson"] {
            std::fs::write(dir.join(f), parts.next().unwrap_or_default()).unwrap();
        }
        let _ = omms::map::GameMap::load(&dir);
    });
}

#[test]
fn save_file() {
    let map = omms::map::GameMap::load(&repo().join("maps/andorra")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let save = tmp.path().join("s.json");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_omms"))
        .args([
            "sim",
            "--players",
            "2",
            "--seed",
            "5",
            "--turn-limit",
            "3",
            "--map",
        ])
        .arg(repo().join("maps/andorra"))
        .arg("--save")
        .arg(&save)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let seeds = vec![read(&save)];
    fuzz("save", seeds, true, |bytes| {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return;
        };
        if let Ok(game) = omms::rules::Game::from_json(text) {
            let board = omms::rules::MapBoard::new(&map, game.setup().scale);
            let _ = game.verify(&board);
        }
    });
}

#[test]
fn scenario() {
    let map = omms::map::GameMap::load(&repo().join("maps/andorra")).unwrap();
    let mut seeds = Vec::new();
    for e in std::fs::read_dir(repo().join("tests/scenarios"))
        .unwrap()
        .flatten()
    {
        let p = e.path();
        if p.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("andorra"))
        {
            seeds.push(read(&p));
        }
    }
    seeds.sort();
    fuzz("scenario", seeds, true, |bytes| {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return;
        };
        if let Ok(sc) = omms::rules::map_board::scenario_file::parse(&map, text) {
            let board = omms::rules::MapBoard::new(&map, sc.state.scale());
            let _ = omms::rules::legal_commands(&sc.state, &board);
        }
    });
}
