//! The layers run one way (README "Project layout"): the map model and the tactical battles know
//! nothing of the strategic engine, and the strategic engine names no tactical ruleset — it
//! reaches them all through the registry.

use std::path::{Path, PathBuf};

fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn src(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(rel)
}

/// Every `(file, line number, line)` under `dirs` (and the given single files) containing one of
/// `needles`, case-insensitively.
fn offending(paths: &[PathBuf], needles: &[String]) -> Vec<String> {
    let mut hits = Vec::new();
    for p in paths {
        let text = std::fs::read_to_string(p).unwrap();
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            if needles.iter().any(|k| lower.contains(&k.to_lowercase())) {
                hits.push(format!("{}:{}: {}", p.display(), n + 1, line.trim()));
            }
        }
    }
    hits
}

#[test]
fn tactical_map_and_dice_import_nothing_from_the_strategic_engine() {
    let mut files = sources(&src("tactical"));
    files.extend(sources(&src("map")));
    files.extend([src("tactical.rs"), src("map.rs"), src("dice.rs")]);
    // `crate::rules` followed by anything but more identifier (not `crate::ruleset`).
    let needles: Vec<String> = ["crate::rules", "super::rules", "omms::rules"]
        .iter()
        .flat_map(|p| [":", ";", ",", "}", " ", ")"].map(|end| format!("{p}{end}")))
        .collect();
    let hits = offending(&files, &needles);
    assert!(
        hits.is_empty(),
        "imports of the strategic engine:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_strategic_engine_names_no_ruleset() {
    // A ruleset's id, its title, and its folder under src/tactical.
    let mut names: Vec<String> = omms::tactical::registry::all()
        .iter()
        .flat_map(|r| [r.id().to_string(), r.title().to_string()])
        .collect();
    for e in std::fs::read_dir(src("tactical")).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            names.push(p.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    assert!(names.iter().any(|n| n == "omog19c"), "{names:?}");
    let mut files = sources(&src("rules"));
    files.push(src("rules.rs"));
    let hits = offending(&files, &names);
    assert!(
        hits.is_empty(),
        "the engine names a ruleset:\n{}",
        hits.join("\n")
    );
}
