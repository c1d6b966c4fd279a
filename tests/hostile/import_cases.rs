//! Hostile inputs for `omms import`: cut and bit-flipped files, invalid member types, the OSM
//! defects real data has, and `--out` pointed at things an import must never replace.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common::pbf::{self, blob_offsets, tags, Member, Osm, Relation};
use crate::runner::{hidden_in, Case, Expect};

/// A fresh folder for one case: `DIR/NAME/` with `maps/` inside.
fn case_dir(root: &Path, name: &str) -> PathBuf {
    let d = root.join(name);
    fs::create_dir_all(d.join("maps")).unwrap();
    d
}

/// What an import must leave: on success a package that loads, on refusal no `--out` at all;
/// never a hidden staging folder beside it.
fn package_or_nothing(out: PathBuf) -> crate::runner::Leftovers {
    Box::new(move |succeeded| {
        let parent = out.parent().unwrap();
        let hidden = hidden_in(parent);
        if !hidden.is_empty() {
            return Some(format!("left behind {hidden:?}"));
        }
        match (succeeded, out.exists()) {
            (true, true) => omms::map::GameMap::load(&out)
                .err()
                .map(|e| format!("the package written does not load: {e}")),
            (true, false) => Some("exit 0 but no package".into()),
            (false, true) => Some("refused but a package was written".into()),
            (false, false) => None,
        }
    })
}

/// `omms import -q INPUT --out OUT`.
fn import_args(input: &Path, out: &Path) -> Vec<String> {
    ["import", "-q"]
        .iter()
        .map(|s| s.to_string())
        .chain([
            input.display().to_string(),
            "--out".into(),
            out.display().to_string(),
        ])
        .collect()
}

/// An import of `bytes` (written as `input.osm.pbf`) into `maps/out`.
fn import_case(
    root: &Path,
    class: &'static str,
    name: String,
    bytes: &[u8],
    expect: Expect,
) -> Case {
    let dir = case_dir(root, &format!("{class}-{name}"));
    let input = dir.join("input.osm.pbf");
    fs::write(&input, bytes).unwrap();
    let out = dir.join("maps/out");
    Case {
        class,
        name,
        args: import_args(&input, &out),
        dir,
        expect,
        limit: Duration::from_secs(60),
        names: vec![input.display().to_string()],
        leftovers: Some(package_or_nothing(out)),
    }
}

/// The town cut at every blob boundary, a byte or two past it, and inside blobs.
pub fn cuts(root: &Path) -> Vec<Case> {
    let bytes = pbf::town().to_pbf();
    let offs = blob_offsets(&bytes);
    let mut cases = Vec::new();
    for (k, &b) in offs[..offs.len() - 1].iter().enumerate() {
        // Losing whole blobs at the end leaves a valid-looking file: the importer must notice
        // from what is missing (refuse, or at least warn).
        cases.push(import_case(
            root,
            "pbf-cut",
            format!("boundary{k}"),
            &bytes[..b],
            if k == 0 {
                Expect::Refused
            } else {
                Expect::Noticed
            },
        ));
        for extra in [1, 2, 3] {
            cases.push(import_case(
                root,
                "pbf-cut",
                format!("boundary{k}+{extra}"),
                &bytes[..b + extra],
                Expect::Refused,
            ));
        }
        let mid = (b + offs[k + 1]) / 2;
        cases.push(import_case(
            root,
            "pbf-cut",
            format!("inside{k}"),
            &bytes[..mid],
            Expect::Refused,
        ));
    }
    cases
}

/// Flipped bits in every blob's type string, and in data at spread-out places.
pub fn flips(root: &Path, data_flips: usize) -> Vec<Case> {
    let bytes = pbf::town().to_pbf();
    let offs = blob_offsets(&bytes);
    let mut cases = Vec::new();
    for (k, &b) in offs[..offs.len() - 1].iter().enumerate() {
        // The type string starts after the 4-byte length and its 2-byte key and length.
        let at = b + 6;
        for bit in [0u8, 3, 5] {
            let mut m = bytes.clone();
            m[at + 1] ^= 1 << bit;
            cases.push(import_case(
                root,
                "pbf-block-type",
                format!("blob{k}-bit{bit}"),
                &m,
                Expect::Refused,
            ));
        }
    }
    let mut s: u64 = 0x2545_F491_4F6C_DD1D;
    for k in 0..data_flips {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let mut m = bytes.clone();
        let at = (s as usize) % m.len();
        m[at] ^= 1 << ((s >> 60) % 8);
        // Raw (uncompressed) data can change meaning without becoming invalid: any answer
        // is fine as long as it is a clean one.
        cases.push(import_case(
            root,
            "pbf-bit-flip",
            format!("flip{k}@{at}"),
            &m,
            Expect::Either,
        ));
    }
    cases
}

/// Relations whose member types are not node, way or relation.
pub fn bad_members(root: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    for kind in [3u32, 7, 255, 1 << 20] {
        let mut o = pbf::town();
        o.relations.push(Relation {
            id: 2,
            members: vec![Member {
                kind,
                id: 1,
                role: "outer".into(),
            }],
            tags: tags(&[("type", "multipolygon"), ("natural", "water")]),
        });
        cases.push(import_case(
            root,
            "pbf-member-type",
            format!("type{kind}"),
            &o.to_pbf(),
            Expect::Refused,
        ));
    }
    cases
}

/// The defects real OSM data has: each is cleaned or dropped with a count, and the import
/// still succeeds with a package the game loads.
pub fn defects(root: &Path) -> Vec<Case> {
    type Edit = fn(&mut Osm);
    let edits: [(&str, Edit); 14] = [
        ("road-repeated-node", |o| {
            let a = o.add_node(10.01, 44.99, vec![]);
            o.add_way(vec![a, a], tags(&[("highway", "primary")]));
        }),
        ("road-back-and-forth", |o| {
            let a = o.add_node(10.01, 44.99, vec![]);
            let b = o.add_node(10.011, 44.99, vec![]);
            o.add_way(vec![a, b, b, a, a], tags(&[("highway", "secondary")]));
        }),
        ("water-zero-area", |o| {
            let a = o.add_node(10.07, 45.01, vec![]);
            let b = o.add_node(10.071, 45.01, vec![]);
            let c = o.add_node(10.072, 45.01, vec![]);
            o.add_way(vec![a, b, c, a], tags(&[("natural", "water")]));
        }),
        ("building-zero-area", |o| {
            let a = o.add_node(10.021, 45.0012, vec![]);
            let b = o.add_node(10.0212, 45.0012, vec![]);
            o.add_way(vec![a, b, b, a], tags(&[("building", "yes")]));
        }),
        ("building-bowtie", |o| {
            let p = [(0.0, 0.0), (0.0003, 0.0003), (0.0003, 0.0), (0.0, 0.0003)];
            let mut r: Vec<i64> = p
                .iter()
                .map(|(x, y)| o.add_node(10.022 + x, 45.0008 + y, vec![]))
                .collect();
            r.push(r[0]);
            o.add_way(r, tags(&[("building", "yes")]));
        }),
        ("water-bowtie", |o| {
            let p = [(0.0, 0.0), (0.003, 0.003), (0.003, 0.0), (0.0, 0.003)];
            let mut r: Vec<i64> = p
                .iter()
                .map(|(x, y)| o.add_node(10.07 + x, 44.99 + y, vec![]))
                .collect();
            r.push(r[0]);
            o.add_way(r, tags(&[("natural", "water")]));
        }),
        ("road-latitude-95", |o| {
            let a = o.add_node(10.01, 44.99, vec![]);
            let b = o.add_node(10.01, 95.0, vec![]);
            o.add_way(vec![a, b], tags(&[("highway", "primary")]));
        }),
        ("place-latitude-95", |o| {
            o.add_node(10.03, 95.0, tags(&[("place", "town"), ("name", "Nowhere")]));
        }),
        ("building-longitude-200", |o| {
            let p = [(0.0, 0.0), (0.0003, 0.0), (0.0003, 0.0003), (0.0, 0.0003)];
            let mut r: Vec<i64> = p
                .iter()
                .map(|(x, y)| o.add_node(10.02 + x, 45.002 + y, vec![]))
                .collect();
            o.nodes.last_mut().unwrap().lon = 200.0;
            r.push(r[0]);
            o.add_way(r, tags(&[("building", "yes")]));
        }),
        ("place-name-nul", |o| {
            o.add_node(
                10.04,
                45.001,
                tags(&[("place", "village"), ("name", "Bad\0Name\u{7}")]),
            );
        }),
        ("place-name-huge", |o| {
            let long = "Z".repeat(100_000);
            o.add_node(
                10.045,
                45.001,
                tags(&[("place", "village"), ("name", long.as_str())]),
            );
        }),
        ("duplicate-node-ids", |o| {
            let first = o.nodes[0].clone();
            o.nodes.push(pbf::Node {
                lat: first.lat + 0.01,
                ..first
            });
        }),
        ("way-of-missing-nodes", |o| {
            o.add_way(
                vec![9_000_001, 9_000_002, 9_000_003],
                tags(&[("highway", "primary")]),
            );
        }),
        ("way-over-2000-nodes", |o| {
            let ring: Vec<i64> = (0..50)
                .map(|i| o.add_node(10.06 + 0.0001 * i as f64, 44.98, vec![]))
                .collect();
            let refs = ring.iter().cycle().take(5000).copied().collect();
            o.add_way(refs, tags(&[("highway", "secondary")]));
        }),
    ];
    edits
        .iter()
        .map(|(name, edit)| {
            let mut o = pbf::town();
            edit(&mut o);
            o.nodes.sort_by_key(|n| n.id);
            import_case(
                root,
                "osm-defects",
                name.to_string(),
                &o.to_pbf(),
                Expect::Warned,
            )
        })
        .collect()
}

/// `--out` pointed at things that are not a previous package.
pub fn outs(root: &Path) -> Vec<Case> {
    let bytes = pbf::town().to_pbf();
    let mut cases = Vec::new();
    let mut case = |name: &str, prepare: &dyn Fn(&Path) -> PathBuf, expect: Expect| {
        let dir = case_dir(root, &format!("import-out-{name}"));
        let input = dir.join("input.osm.pbf");
        fs::write(&input, &bytes).unwrap();
        let out = prepare(&dir);
        // A package may hold its own source file: importing that file over the package
        // would delete it.
        let input = if out.join("input.osm.pbf").exists() {
            out.join("input.osm.pbf")
        } else {
            input
        };
        // Everything in the case folder before the run, to prove a refusal touched nothing.
        let before = snapshot(&dir);
        let (dir2, out2) = (dir.clone(), out.clone());
        let leftovers: crate::runner::Leftovers = Box::new(move |succeeded| {
            if !succeeded {
                let after = snapshot(&dir2);
                if after != before {
                    return Some("a refused import changed files".into());
                }
                return None;
            }
            let hidden = hidden_in(out2.parent().unwrap());
            if !hidden.is_empty() {
                return Some(format!("left behind {hidden:?}"));
            }
            omms::map::GameMap::load(&out2)
                .err()
                .map(|e| format!("the package does not load: {e}"))
        });
        cases.push(Case {
            class: "import-out",
            name: name.into(),
            args: import_args(&input, &out),
            dir,
            expect,
            limit: Duration::from_secs(60),
            names: vec![out.display().to_string()],
            leftovers: Some(leftovers),
        });
    };
    case(
        "folder-of-notes",
        &|d| {
            let keep = d.join("keep");
            fs::create_dir(&keep).unwrap();
            fs::write(keep.join("notes.txt"), "mine").unwrap();
            fs::copy(d.join("input.osm.pbf"), keep.join("copy.osm.pbf")).unwrap();
            keep
        },
        Expect::Refused,
    );
    case(
        "empty-folder",
        &|d| {
            fs::create_dir(d.join("empty")).unwrap();
            d.join("empty")
        },
        Expect::Refused,
    );
    case(
        "a-file",
        &|d| {
            fs::write(d.join("file.txt"), "mine").unwrap();
            d.join("file.txt")
        },
        Expect::Refused,
    );
    case(
        "package-holding-the-input",
        &|d| {
            let p = d.join("pkg");
            fs::create_dir(&p).unwrap();
            fs::write(p.join("map.toml"), "old").unwrap();
            fs::copy(d.join("input.osm.pbf"), p.join("input.osm.pbf")).unwrap();
            p
        },
        Expect::Refused,
    );
    case(
        "parent-is-a-file",
        &|d| {
            fs::write(d.join("plain"), "x").unwrap();
            d.join("plain/out")
        },
        Expect::Refused,
    );
    case(
        "previous-package",
        &|d| {
            let p = d.join("maps/old");
            fs::create_dir(&p).unwrap();
            fs::write(p.join("map.toml"), "old").unwrap();
            fs::write(p.join("stale.txt"), "old").unwrap();
            p
        },
        Expect::Accepted,
    );
    case(
        "stale-staging-beside",
        &|d| {
            let stage = d.join("maps/.new.tmp-4294967295-x");
            fs::create_dir_all(&stage).unwrap();
            fs::write(stage.join("map.toml"), "half").unwrap();
            d.join("maps/new")
        },
        Expect::Accepted,
    );
    cases
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.push((p.clone(), Vec::new()));
                stack.push(p);
            } else {
                out.push((p.clone(), fs::read(&p).unwrap_or_default()));
            }
        }
    }
    out.sort();
    out
}
