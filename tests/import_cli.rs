//! `omms import` as a modder runs it: real extracts in, packages out, and every kind of bad input
//! refused with a clear message, exit code 2 and nothing left behind.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

use common::pbf::blob_offsets;

fn osm_dir() -> Option<PathBuf> {
    common::prereq::shared_osm()
}

fn omms(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_omms"))
        .args(args)
        .output()
        .expect("run omms")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts the refusal a modder should see: exit 2, the file named, no panic, no output folder.
fn assert_refused(o: &Output, file: &Path, out: &Path, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "exit code; stderr: {err}");
    assert!(
        err.contains(&file.display().to_string()),
        "names the file: {err}"
    );
    assert!(err.contains(needle), "expected {needle:?} in: {err}");
    assert!(!err.contains("panicked"), "no panic: {err}");
    assert!(!out.exists(), "no output folder left behind");
    let parent = out.parent().unwrap();
    let leftovers: Vec<_> = std::fs::read_dir(parent)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "no temp folders left: {leftovers:?}");
}

#[test]
fn imports_andorra_with_a_summary_and_a_complete_package() {
    let Some(osm) = osm_dir() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("andorra");
    let o = omms(&[
        "import",
        osm.join("andorra.osm.pbf").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("7 town, 32 village"), "{text}");
    assert!(text.contains("scale: 1:25,000"), "{text}");
    for f in ["map.toml", "map.geojson", "terrain.geojson"] {
        assert!(out.join(f).exists(), "{f}");
    }
    let meta = std::fs::read_to_string(out.join("map.toml")).unwrap();
    assert!(meta.contains("© OpenStreetMap contributors (ODbL)"));
    assert!(meta.contains("andorra.osm.pbf"));
    let map: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("map.geojson")).unwrap()).unwrap();
    let feats = map["features"].as_array().unwrap();
    let vella = feats
        .iter()
        .find(|f| f["properties"]["name"] == "Andorra la Vella")
        .expect("Andorra la Vella is a settlement");
    assert_eq!(vella["properties"]["place"], "town");
    assert_eq!(vella["properties"]["playable"], true);
    assert!(feats
        .iter()
        .any(|f| f["properties"]["kind"] == "road" && f["properties"]["ref"] == "CG-2"));
    let terrain = std::fs::read_to_string(out.join("terrain.geojson")).unwrap();
    for kind in ["building", "wood", "river", "track", "water"] {
        assert!(
            terrain.contains(&format!("\"kind\":\"{kind}\"")),
            "terrain has {kind}"
        );
    }
}

#[test]
fn bbox_scale_and_road_mapping_options_take_effect() {
    let Some(osm) = osm_dir() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let pbf = osm.join("andorra.osm.pbf");
    // A box round Soldeu and El Tarter, where the few tertiary roads are.
    let out = tmp.path().join("small");
    let o = omms(&[
        "import",
        pbf.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "-q",
        "--bbox",
        "1.60,42.56,1.70,42.62",
        "--scale",
        "10000",
        "--road-class",
        "tertiary=B",
        "--name",
        "Centre",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let meta = std::fs::read_to_string(out.join("map.toml")).unwrap();
    assert!(meta.contains("scale = 10000"), "{meta}");
    assert!(meta.contains("name = \"Centre\""));
    assert!(meta.contains("tertiary = \"B\""));
    let map: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("map.geojson")).unwrap()).unwrap();
    let mut tertiary = 0;
    for f in map["features"].as_array().unwrap() {
        let p = &f["properties"];
        if p["kind"] == "road" {
            for c in f["geometry"]["coordinates"].as_array().unwrap() {
                let (x, y) = (c[0].as_f64().unwrap(), c[1].as_f64().unwrap());
                assert!(
                    (1.60..=1.70).contains(&x) && (42.56..=42.62).contains(&y),
                    "road cut at the box: {x},{y}"
                );
            }
            if p["highway"] == "tertiary" {
                assert_eq!(p["class"], "B");
                tertiary += 1;
            }
        }
        if p["kind"] == "settlement" {
            let c = &f["geometry"]["coordinates"];
            assert!((1.60..=1.70).contains(&c[0].as_f64().unwrap()));
        }
    }
    assert!(tertiary > 0, "tertiary roads counted as B");
}

#[test]
fn unreadable_path_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("nope.osm.pbf");
    let out = tmp.path().join("pkg");
    let o = omms(&[
        "import",
        missing.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_refused(&o, &missing, &out, "cannot read");
}

#[test]
fn osm_xml_gets_a_hint_to_convert_it() {
    let tmp = tempfile::tempdir().unwrap();
    let xml = tmp.path().join("region.osm");
    std::fs::write(
        &xml,
        "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\"></osm>\n",
    )
    .unwrap();
    let out = tmp.path().join("pkg");
    let o = omms(&[
        "import",
        xml.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_refused(&o, &xml, &out, "osmium cat");
}

#[test]
fn random_bytes_and_empty_files_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("pkg");
    let junk = tmp.path().join("junk.osm.pbf");
    std::fs::write(
        &junk,
        (0..5000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let o = omms(&[
        "import",
        junk.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_refused(&o, &junk, &out, "OSM PBF");
    let empty = tmp.path().join("empty.osm.pbf");
    std::fs::write(&empty, b"").unwrap();
    let o = omms(&[
        "import",
        empty.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_refused(&o, &empty, &out, "empty");
}

#[test]
fn truncated_files_are_refused_wherever_they_are_cut() {
    let Some(osm) = osm_dir() else { return };
    let bytes = std::fs::read(osm.join("andorra.osm.pbf")).unwrap();
    let offs = blob_offsets(&bytes);
    assert!(offs.len() > 10);
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("pkg");
    // Cut in the middle of a blob: the decoder notices.
    let cut = tmp.path().join("cut-mid.osm.pbf");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let o = omms(&[
        "import",
        cut.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_refused(&o, &cut, &out, "truncated");
    // Cut exactly at a blob boundary a third of the way in: a valid but shorter file with no ways.
    let b = offs[offs.len() / 3];
    let cut = tmp.path().join("cut-boundary.osm.pbf");
    std::fs::write(&cut, &bytes[..b]).unwrap();
    let o = omms(&[
        "import",
        cut.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_refused(&o, &cut, &out, "cut short");
    // Node blobs lost but ways kept (a damaged download stitched together): ways point nowhere.
    let mut stitched = bytes[..offs[1]].to_vec();
    stitched.extend_from_slice(&bytes[offs[offs.len() * 3 / 4]..]);
    let cut = tmp.path().join("no-nodes.osm.pbf");
    std::fs::write(&cut, &stitched).unwrap();
    let o = omms(&[
        "import",
        cut.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!out.exists());
}

#[test]
fn bit_flipped_files_never_panic() {
    let Some(osm) = osm_dir() else { return };
    let bytes = std::fs::read(osm.join("andorra.osm.pbf")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("pkg");
    for (k, frac) in [0.001, 0.01, 0.2, 0.5, 0.9].iter().enumerate() {
        let mut b = bytes.clone();
        let at = (b.len() as f64 * frac) as usize;
        for byte in &mut b[at..at + 8] {
            *byte ^= 0xA5;
        }
        let f = tmp.path().join(format!("flip{k}.osm.pbf"));
        std::fs::write(&f, &b).unwrap();
        let o = omms(&[
            "import",
            f.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "-q",
        ]);
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "flip at {frac}: {err}");
        // Damage inside compressed data is always caught; either way nothing half-written.
        if o.status.success() {
            assert!(out.join("map.geojson").exists());
            std::fs::remove_dir_all(&out).unwrap();
        } else {
            assert_eq!(o.status.code(), Some(2));
            assert!(err.contains(&f.display().to_string()), "{err}");
            assert!(!out.exists());
        }
    }
}

#[test]
fn a_region_with_no_playable_settlement_is_refused_with_a_hint() {
    let Some(osm) = osm_dir() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let pbf = osm.join("andorra.osm.pbf");
    let out = tmp.path().join("pkg");
    // No road counts as major: nothing can be playable.
    let o = omms(&[
        "import",
        pbf.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "-q",
        "--road-class",
        "primary=none",
        "--road-class",
        "secondary=none",
        "--road-class",
        "primary_link=none",
        "--road-class",
        "secondary_link=none",
    ]);
    assert_refused(&o, &pbf, &out, "no playable settlement");
    assert!(stderr(&o).contains("--bbox"));
    // A box with nothing in it.
    let o = omms(&[
        "import",
        pbf.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "-q",
        "--bbox",
        "10,10,10.1,10.1",
    ]);
    assert_refused(&o, &pbf, &out, "no playable settlement");
}

#[test]
fn an_existing_package_survives_a_failed_import() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("pkg");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("map.toml"), "keep me").unwrap();
    let missing = tmp.path().join("nope.osm.pbf");
    let o = omms(&[
        "import",
        missing.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(out.join("map.toml")).unwrap(),
        "keep me"
    );
}

#[test]
fn bad_options_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("pkg");
    for args in [
        ["--bbox", "3,2,1"],
        ["--scale", "huge"],
        ["--road-class", "tertiary=Z"],
    ] {
        let o = omms(&[
            "import",
            "x.osm.pbf",
            "--out",
            out.to_str().unwrap(),
            args[0],
            args[1],
        ]);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(args[0]), "{}", stderr(&o));
    }
}

#[test]
fn liechtenstein_cut_at_its_last_blob_boundaries_is_refused() {
    let Some(osm) = osm_dir() else { return };
    let bytes = std::fs::read(osm.join("liechtenstein.osm.pbf")).unwrap();
    let offs = blob_offsets(&bytes);
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("pkg");
    // Cut exactly at each of the last two boundaries, and a byte or two past: before, these
    // imported with exit 0 and 89 of 303 road edges.
    for k in [2, 3] {
        for extra in [0, 1, 2] {
            let cut = tmp.path().join(format!("cut{k}-{extra}.osm.pbf"));
            std::fs::write(&cut, &bytes[..offs[offs.len() - k] + extra]).unwrap();
            let o = omms(&[
                "import",
                cut.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
                "-q",
            ]);
            assert_refused(&o, &cut, &out, "cut short");
        }
    }
}

#[test]
fn a_flipped_bit_in_a_block_type_is_refused_naming_the_block() {
    let Some(osm) = osm_dir() else { return };
    let mut bytes = std::fs::read(osm.join("andorra.osm.pbf")).unwrap();
    let offs = blob_offsets(&bytes);
    // "OSMData" of the fourth blob becomes "OSMDat`": the block used to be skipped silently.
    let at = offs[3] + 6 + 6;
    assert_eq!(bytes[at], b'a');
    bytes[at] ^= 1;
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("flipped.osm.pbf");
    std::fs::write(&f, &bytes).unwrap();
    let out = tmp.path().join("pkg");
    let o = omms(&[
        "import",
        f.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert_refused(&o, &f, &out, "blob 3");
    assert_eq!(stderr(&o).lines().count(), 1, "one line: {}", stderr(&o));
}

#[test]
fn a_folder_that_is_not_a_package_is_never_replaced() {
    let Some(osm) = osm_dir() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let keep = tmp.path().join("keep");
    std::fs::create_dir(&keep).unwrap();
    let pbf = keep.join("andorra.osm.pbf");
    std::fs::copy(osm.join("andorra.osm.pbf"), &pbf).unwrap();
    std::fs::write(keep.join("notes.txt"), "mine").unwrap();
    let o = omms(&[
        "import",
        pbf.to_str().unwrap(),
        "--out",
        keep.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a map package"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(keep.join("notes.txt")).unwrap(),
        "mine"
    );
    assert!(pbf.exists());
    let hidden: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert!(hidden.is_empty(), "{hidden:?}");
}
