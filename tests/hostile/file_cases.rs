//! Hostile map packages, scenarios, saves and command lines, and the huge inputs: each fed to
//! the command that reads it (`sim`, `battle`, `rules`, `sim --load`).

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{json, Value};

use crate::common::pbf;
use crate::runner::{Case, Expect};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn case(class: &'static str, name: &str, dir: &Path, args: &[String], expect: Expect) -> Case {
    Case {
        class,
        name: name.into(),
        args: args.to_vec(),
        dir: dir.to_path_buf(),
        expect,
        limit: Duration::from_secs(60),
        names: vec![],
        leftovers: None,
    }
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

/// The synthetic town imported into `root/town` by the release binary.
pub fn town_package(root: &Path) -> PathBuf {
    let input = root.join("town.osm.pbf");
    fs::write(&input, pbf::town().to_pbf()).unwrap();
    let out = root.join("town");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_omms"))
        .args(["import", "-q"])
        .arg(&input)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

/// Mutated copies of a package, each played for two turns by the bots, or fought over.
pub fn packages(root: &Path, full: bool) -> Vec<Case> {
    let base = town_package(root);
    let read = |f: &str| fs::read(base.join(f)).unwrap();
    let meta = String::from_utf8(read("map.toml")).unwrap();
    let map: Value = serde_json::from_slice(&read("map.geojson")).unwrap();
    let terrain: Value = serde_json::from_slice(&read("terrain.geojson")).unwrap();
    let feats = |v: &Value| v["features"].as_array().unwrap().clone();
    let coll = |f: Vec<Value>| {
        serde_json::to_vec(&json!({"type": "FeatureCollection", "features": f})).unwrap()
    };
    let mut variants: Vec<(String, &'static str, Vec<u8>)> = Vec::new();
    // map.toml: every line missing in turn, and impossible values.
    for (i, _) in meta.lines().enumerate() {
        let t: Vec<&str> = meta
            .lines()
            .enumerate()
            .filter(|(k, _)| *k != i)
            .map(|(_, l)| l)
            .collect();
        variants.push((
            format!("toml-without-line{i}"),
            "map.toml",
            t.join("\n").into_bytes(),
        ));
    }
    // The format the importer writes now (the package format is versioned; see docs/map-package.md).
    let current = format!("format_version = {}", omms::map::FORMAT_VERSION);
    let current = current.as_str();
    let unknown_key = format!("{current}\nsurprise = true");
    for (name, from, to) in [
        ("toml-scale-nan", "scale = 25000", "scale = nan"),
        ("toml-scale-zero", "scale = 25000", "scale = 0"),
        ("toml-name-nul", "name = \"Town\"", "name = \"To\\u0000wn\""),
        ("toml-name-newline", "name = \"Town\"", "name = \"To\\nwn\""),
        ("toml-version-up", current, "format_version = 99"),
        ("toml-version-zero", current, "format_version = 0"),
        ("toml-unknown-key", current, unknown_key.as_str()),
    ] {
        assert!(meta.contains(from), "{from} in {meta}");
        variants.push((name.into(), "map.toml", meta.replace(from, to).into_bytes()));
    }
    variants.push((
        "toml-not-utf8".into(),
        "map.toml",
        vec![0xff, 0xfe, b'=', 0x80],
    ));
    variants.push(("toml-empty".into(), "map.toml", vec![]));
    // map.geojson
    let mf = feats(&map);
    let text = String::from_utf8(read("map.geojson")).unwrap();
    variants.push((
        "map-nan".into(),
        "map.geojson",
        text.replacen("45.", "NaN", 1).into_bytes(),
    ));
    variants.push((
        "map-truncated".into(),
        "map.geojson",
        text.as_bytes()[..text.len() / 2].to_vec(),
    ));
    variants.push((
        "map-not-utf8".into(),
        "map.geojson",
        [text.as_bytes(), &[0xc3, 0x28]].concat(),
    ));
    variants.push((
        "map-no-settlement".into(),
        "map.geojson",
        coll(
            mf.iter()
                .filter(|f| f["properties"]["kind"] != "settlement")
                .cloned()
                .collect(),
        ),
    ));
    variants.push((
        "map-duplicated-features".into(),
        "map.geojson",
        coll(mf.iter().chain(mf.iter()).cloned().collect()),
    ));
    let mut unknown = mf.clone();
    for f in &mut unknown {
        f["properties"]["surprise"] = json!({"deep": [1, 2, 3]});
        f["extra"] = json!(true);
    }
    variants.push(("map-unknown-keys".into(), "map.geojson", coll(unknown)));
    let ring_mut = |ring: Value| {
        let mut f = mf.clone();
        f.push(json!({"type": "Feature", "properties": {"kind": "water"},
            "geometry": {"type": "Polygon", "coordinates": ring}}));
        coll(f)
    };
    variants.push((
        "map-unclosed-ring".into(),
        "map.geojson",
        ring_mut(json!([[[10.0, 45.0], [10.01, 45.0], [10.01, 45.01]]])),
    ));
    variants.push((
        "map-empty-ring".into(),
        "map.geojson",
        ring_mut(json!([[]])),
    ));
    variants.push((
        "map-bowtie".into(),
        "map.geojson",
        ring_mut(json!([[
            [10.0, 45.0],
            [10.01, 45.01],
            [10.01, 45.0],
            [10.0, 45.02],
            [10.0, 45.0]
        ]])),
    ));
    variants.push((
        "map-deep-nesting".into(),
        "map.geojson",
        format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)).into_bytes(),
    ));
    let junk_count = if full { 2_000_000 } else { 50_000 };
    let mut junk = b"{\"type\":\"FeatureCollection\",\"features\":[".to_vec();
    for i in 0..junk_count {
        if i > 0 {
            junk.push(b',');
        }
        junk.extend_from_slice(b"{\"type\":\"Feature\",\"properties\":{\"kind\":\"junk\",\"pad\":\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"},\"geometry\":null}");
    }
    junk.extend_from_slice(b"]}");
    variants.push((
        format!("map-{junk_count}-junk-features"),
        "map.geojson",
        junk,
    ));
    // terrain.geojson: stacked houses round Alpha, and broken buildings.
    let tf = feats(&terrain);
    let stack = |n: usize| {
        let d = 0.0003;
        let (x, y) = (10.0195, 45.0012);
        let house = json!({"type": "Feature", "properties": {"kind": "building", "osm_id": 9},
            "geometry": {"type": "Polygon", "coordinates": [[[x, y], [x + d, y], [x + d, y + d], [x, y + d], [x, y]]]}});
        let mut f = tf.clone();
        f.extend(std::iter::repeat_n(house, n));
        coll(f)
    };
    variants.push((
        "terrain-8000-stacked-houses".into(),
        "terrain.geojson",
        stack(8000),
    ));
    if full {
        variants.push((
            "terrain-20000-stacked-houses".into(),
            "terrain.geojson",
            stack(20_000),
        ));
    }
    variants.push(("terrain-empty".into(), "terrain.geojson", coll(vec![])));
    let mut cases = Vec::new();
    for (name, file, bytes) in variants {
        let dir = root.join(format!("pkg-{name}"));
        fs::create_dir_all(&dir).unwrap();
        for f in ["map.toml", "map.geojson", "terrain.geojson"] {
            fs::copy(base.join(f), dir.join(f)).unwrap();
        }
        fs::write(dir.join(file), bytes).unwrap();
        let d = dir.display().to_string();
        let refuse_names = |c: &mut Case| {
            if name.starts_with("toml-name") {
                c.expect = Expect::Refused;
                c.names = vec!["map.toml".into(), "name".into()];
            }
        };
        let mut c = case(
            "map-package",
            &format!("{name} (sim)"),
            root,
            &s(&[
                "sim",
                "--map",
                &d,
                "--players",
                "2",
                "--turn-limit",
                "2",
                "--seed",
                "1",
            ]),
            Expect::Either,
        );
        refuse_names(&mut c);
        cases.push(c);
        let mut c = case(
            "map-package",
            &format!("{name} (battle)"),
            root,
            &s(&[
                "battle", "--map", &d, "--at", "Alpha", "--auto", "--seed", "2",
            ]),
            Expect::Either,
        );
        refuse_names(&mut c);
        cases.push(c);
    }
    cases
}

/// Mutated scenario files for `omms rules … legal` on the shipped Andorra map.
pub fn scenarios(root: &Path) -> Vec<Case> {
    let base: Value = serde_json::from_str(
        &fs::read_to_string(repo().join("tests/scenarios/andorra_cg2.json")).unwrap(),
    )
    .unwrap();
    let mut variants: Vec<(String, Vec<u8>)> = Vec::new();
    let mut with = |name: &str, edit: &dyn Fn(&mut Value)| {
        let mut v = base.clone();
        edit(&mut v);
        variants.push((name.into(), serde_json::to_vec(&v).unwrap()));
    };
    for card in ["Q♥", "é", "♥", "", "10", "1H", "11H", "QHH", "🂡"] {
        with(&format!("card-{card}"), &|v| {
            v["hands"]["Red"] = json!([card])
        });
    }
    with("100000-units", &|v| {
        let u = v["units"][0].clone();
        v["units"] = Value::Array(
            (0..100_000)
                .map(|i| {
                    let mut u = u.clone();
                    u["id"] = json!(format!("u{i}"));
                    u
                })
                .collect(),
        );
    });
    with("scale-zero", &|v| v["scale"] = json!(0));
    with("turn-max", &|v| v["turn"] = json!(u32::MAX));
    with("phase-unknown", &|v| v["phase"] = json!("lunch"));
    with("no-players", &|v| v["players"] = json!([]));
    with("1000-players", &|v| {
        v["players"] = Value::Array(
            (0..1000)
                .map(|i| json!({"name": format!("P{i}")}))
                .collect(),
        )
    });
    with("unit-far-away", &|v| {
        v["units"][0]["at"] = json!([1e308, -1e308])
    });
    with("unknown-field", &|v| v["surprise"] = json!(1));
    with("food-huge", &|v| v["food"]["Red"] = json!(u32::MAX));
    with("duplicate-unit-ids", &|v| {
        let u = v["units"][0].clone();
        v["units"].as_array_mut().unwrap().push(u);
    });
    let text = serde_json::to_vec(&base).unwrap();
    variants.push(("truncated".into(), text[..text.len() / 2].to_vec()));
    variants.push((
        "not-utf8".into(),
        [&text[..10], &[0xff, 0xfe], &text[10..]].concat(),
    ));
    let andorra = repo().join("maps/andorra").display().to_string();
    variants
        .into_iter()
        .enumerate()
        .map(|(i, (name, bytes))| {
            let f = root.join(format!("scenario-{i}-{}.json", variants_key(&name)));
            fs::write(&f, bytes).unwrap();
            let mut c = case(
                "scenario",
                &name,
                root,
                &s(&[
                    "rules",
                    "--map",
                    &andorra,
                    "--scenario",
                    &f.display().to_string(),
                    "legal",
                ]),
                Expect::Either,
            );
            if name.starts_with("card-") || name == "100000-units" {
                c.expect = Expect::Refused;
                c.names = vec![f.display().to_string()];
            }
            c
        })
        .collect()
}

fn variants_key(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// Mutated saves for `omms sim --load`, from a short bot game on Andorra.
pub fn saves(root: &Path) -> Vec<Case> {
    let andorra = repo().join("maps/andorra").display().to_string();
    let base = root.join("base-save.json");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_omms"))
        .args([
            "sim",
            "--map",
            &andorra,
            "--players",
            "2",
            "--seed",
            "3",
            "--turn-limit",
            "4",
            "--save",
        ])
        .arg(&base)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = fs::read(&base).unwrap();
    let v: Value = serde_json::from_slice(&text).unwrap();
    let mut variants: Vec<(String, Vec<u8>)> = Vec::new();
    let mut with = |name: &str, edit: &dyn Fn(&mut Value)| {
        let mut x = v.clone();
        edit(&mut x);
        variants.push((name.into(), serde_json::to_vec(&x).unwrap()));
    };
    with("version-up", &|x| x["format_version"] = json!(99));
    with("version-zero", &|x| x["format_version"] = json!(0));
    with("commands-reversed", &|x| {
        x["commands"].as_array_mut().unwrap().reverse();
    });
    with("commands-dropped", &|x| {
        x["commands"].as_array_mut().unwrap().truncate(3);
    });
    with("command-edited", &|x| {
        x["commands"][0]["place"] = json!(99_999)
    });
    with("no-snapshot", &|x| {
        x.as_object_mut().unwrap().remove("snapshot");
    });
    with("seed-changed", &|x| x["seed"] = json!(4));
    with("players-1000", &|x| {
        x["setup"]["players"] = Value::Array(
            (0..1000)
                .map(|i| json!({"name": format!("P{i}"), "colour": "red"}))
                .collect(),
        )
    });
    for k in [1, 10, 50, 90, 99] {
        variants.push((
            format!("truncated-{k}%"),
            text[..text.len() * k / 100].to_vec(),
        ));
    }
    let mut flipped = text.clone();
    let at = flipped.len() / 3;
    flipped[at] ^= 0x20;
    variants.push(("byte-flipped".into(), flipped));
    variants
        .into_iter()
        .map(|(name, bytes)| {
            let f = root.join(format!("save-{}.json", variants_key(&name)));
            fs::write(&f, bytes).unwrap();
            case(
                "save",
                &name,
                root,
                &s(&[
                    "sim",
                    "--map",
                    &andorra,
                    "--load",
                    &f.display().to_string(),
                    "--turn-limit",
                    "6",
                ]),
                Expect::Either,
            )
        })
        .collect()
}

/// Command lines no game should accept, and the huge inputs.
pub fn arguments_and_huge(root: &Path, full: bool) -> Vec<Case> {
    let andorra = repo().join("maps/andorra").display().to_string();
    let mut cases = Vec::new();
    for players in ["0", "1", "9", "1000", "-1", "x"] {
        cases.push(case(
            "sim-arguments",
            &format!("players-{players}"),
            root,
            &s(&[
                "sim",
                "--map",
                &andorra,
                "--players",
                players,
                "--turn-limit",
                "2",
            ]),
            Expect::Refused,
        ));
    }
    cases.push(case(
        "sim-arguments",
        "ai-unknown",
        root,
        &s(&["sim", "--map", &andorra, "--ai", "skynet"]),
        Expect::Refused,
    ));
    if full {
        // A way of ten million node references (over OSM's 2,000-node limit: left out).
        let mut o = pbf::town();
        let ring: Vec<i64> = (0..100)
            .map(|i| o.add_node(10.06 + 1e-4 * i as f64, 44.98, vec![]))
            .collect();
        let refs = ring.iter().cycle().take(10_000_000).copied().collect();
        o.add_way(refs, pbf::tags(&[("highway", "secondary")]));
        let input = root.join("huge-way.osm.pbf");
        fs::write(&input, o.to_pbf()).unwrap();
        let out = root.join("huge-way-out");
        let mut c = case(
            "huge",
            "10-million-point-way",
            root,
            &[
                "import".into(),
                "-q".into(),
                input.display().to_string(),
                "--out".into(),
                out.display().to_string(),
            ],
            Expect::Warned,
        );
        c.limit = Duration::from_secs(300);
        cases.push(c);
    }
    cases
}
