//! Reading an `.osm.pbf` in a few parallel passes that keep only what the map needs.
//!
//! Pass 1 decodes every blob and keeps tagged nodes, interesting ways and area relations, and
//! notes which blobs hold ways and which node id range each blob holds. Pass 2 (only when a
//! relation names an untagged member way) re-reads way blobs. Pass 3 re-reads only the node
//! blobs whose id range can contain a needed node, to fetch coordinates. Memory stays
//! proportional to what is kept, not to the size of the file.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufReader, Read};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::Mutex;

use osmpbf::{BlobDecode, BlobReader, PrimitiveBlock, RelMemberType};
use rayon::prelude::*;

use super::tags::{self, Tags};
use super::ImportError;
use crate::map::RoadClass;

/// A node the importer keeps for its own tags (a place, a peak, a ford).
#[derive(Debug, Clone)]
pub struct TaggedNode {
    pub id: i64,
    pub lat: i32,
    pub lon: i32,
    pub tags: Tags,
}

/// A way kept with its node references.
#[derive(Debug, Clone)]
pub struct RawWay {
    pub id: i64,
    pub refs: Vec<i64>,
    pub tags: Tags,
}

/// A relation member (only node and way members matter here).
#[derive(Debug, Clone)]
pub struct Member {
    pub is_way: bool,
    pub id: i64,
    pub role: Box<str>,
}

/// An area relation kept with its members.
#[derive(Debug, Clone)]
pub struct RawRelation {
    pub id: i64,
    pub members: Vec<Member>,
    pub tags: Tags,
}

/// Everything the importer reads from a file.
#[derive(Debug, Default)]
pub struct RawData {
    pub nodes: Vec<TaggedNode>,
    pub ways: BTreeMap<i64, RawWay>,
    pub relations: Vec<RawRelation>,
    /// Sorted ids of every node whose position is needed, and their positions (lat, lon in
    /// 1e-7 degrees); `None` where the file never had the node.
    pub coord_ids: Vec<i64>,
    pub coords: Vec<Option<(i32, i32)>>,
    /// OSM data date from the header, or the newest element seen (milliseconds since 1970).
    pub timestamp_ms: Option<i64>,
}

impl RawData {
    /// Position of node `id` as (lon, lat) degrees, if the file had it.
    pub fn lonlat(&self, id: i64) -> Option<[f64; 2]> {
        let i = self.coord_ids.binary_search(&id).ok()?;
        self.coords[i].map(|(lat, lon)| [f64::from(lon) * 1e-7, f64::from(lat) * 1e-7])
    }
}

/// What pass 1 learns about one blob, so later passes can skip it undecoded.
#[derive(Debug, Clone, Copy, Default)]
struct BlobInfo {
    has_ways: bool,
    node_range: Option<(i64, i64)>,
}

#[derive(Default)]
struct Pass1 {
    nodes: Vec<TaggedNode>,
    ways: Vec<RawWay>,
    relations: Vec<RawRelation>,
    newest_ms: Option<i64>,
}

/// Open a PBF for reading blobs, rejecting files that are plainly something else.
fn open(path: &Path) -> Result<BlobReader<BufReader<File>>, ImportError> {
    let mut head = [0u8; 64];
    let n = File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .map_err(|e| ImportError::io(path, e))?;
    let head = &head[..n];
    let text = String::from_utf8_lossy(head);
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with("<?xml") || trimmed.starts_with("<osm") {
        return Err(ImportError::NotPbf {
            path: path.to_path_buf(),
            hint: "this is OSM XML; convert it first with `osmium cat FILE.osm -o FILE.osm.pbf`"
                .into(),
        });
    }
    if head.starts_with(&[0x1f, 0x8b]) || head.starts_with(b"BZh") {
        return Err(ImportError::NotPbf {
            path: path.to_path_buf(),
            hint: "this is a compressed file (gzip/bzip2); decompress it, or convert it with `osmium cat`".into(),
        });
    }
    if n < 8 {
        return Err(ImportError::NotPbf {
            path: path.to_path_buf(),
            hint: "the file is empty or too short to be an OSM PBF file".into(),
        });
    }
    BlobReader::from_path(path).map_err(|e| ImportError::corrupt(path, e.to_string()))
}

/// Decode every blob the filter accepts, in parallel, calling `f(index, block)`.
/// The header blob is passed to `on_header`. A panic inside the decoder (malformed data) and a
/// decode error both become an [`ImportError::Corrupt`] naming the blob.
fn for_each_block<F>(
    path: &Path,
    want: impl Fn(usize) -> bool + Sync,
    on_header: impl Fn(&osmpbf::HeaderBlock) + Sync,
    f: F,
) -> Result<(), ImportError>
where
    F: Fn(usize, &PrimitiveBlock) + Sync,
{
    let reader = open(path)?;
    let first_error: Mutex<Option<ImportError>> = Mutex::new(None);
    let fail = |e: ImportError| {
        let mut g = first_error.lock().unwrap_or_else(|p| p.into_inner());
        g.get_or_insert(e);
    };
    reader.enumerate().par_bridge().for_each(|(i, blob)| {
        let blob = match blob {
            Ok(b) => b,
            Err(e) => return fail(ImportError::corrupt(path, format!("blob {i}: {e}"))),
        };
        if !want(i) {
            return;
        }
        let res = catch_unwind(AssertUnwindSafe(|| match blob.decode() {
            Ok(BlobDecode::OsmData(block)) => {
                f(i, &block);
                Ok(())
            }
            Ok(BlobDecode::OsmHeader(h)) => {
                on_header(&h);
                Ok(())
            }
            Ok(BlobDecode::Unknown(_)) => Ok(()),
            Err(e) => Err(e.to_string()),
        }));
        match res {
            Ok(Ok(())) => {}
            Ok(Err(msg)) => fail(ImportError::corrupt(path, format!("blob {i}: {msg}"))),
            Err(_) => fail(ImportError::corrupt(
                path,
                format!("blob {i}: malformed data made the decoder fail"),
            )),
        }
    });
    match first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn relation_members(r: &osmpbf::Relation) -> Vec<Member> {
    r.members()
        .filter(|m| m.member_type != RelMemberType::Relation)
        .map(|m| Member {
            is_way: m.member_type == RelMemberType::Way,
            id: m.member_id,
            role: m.role().unwrap_or("").into(),
        })
        .collect()
}

/// Read everything the importer needs from `path`.
pub fn read(
    path: &Path,
    classes: &BTreeMap<String, RoadClass>,
    progress: &indicatif::ProgressBar,
) -> Result<RawData, ImportError> {
    let infos: Mutex<BTreeMap<usize, BlobInfo>> = Mutex::new(BTreeMap::new());
    let acc: Mutex<Pass1> = Mutex::new(Pass1::default());
    let header: Mutex<Option<i64>> = Mutex::new(None);
    progress.set_message("pass 1/3: ways, relations, places");
    for_each_block(
        path,
        |_| true,
        |h| {
            *header.lock().unwrap() = h.osmosis_replication_timestamp().map(|s| s * 1000);
        },
        |i, block| {
            let mut local = Pass1::default();
            let mut info = BlobInfo::default();
            let mut newest = i64::MIN;
            for group in block.groups() {
                for n in group.dense_nodes() {
                    let id = n.id();
                    info.node_range = Some(match info.node_range {
                        None => (id, id),
                        Some((a, b)) => (a.min(id), b.max(id)),
                    });
                    if let Some(inf) = n.info() {
                        newest = newest.max(inf.milli_timestamp());
                    }
                    let mut it = n.tags().peekable();
                    if it.peek().is_none() {
                        continue;
                    }
                    let t = Tags::from_iter(it);
                    if tags::place_kind(&t).is_some() || tags::terrain_point(&t).is_some() {
                        local.nodes.push(TaggedNode {
                            id,
                            lat: n.decimicro_lat(),
                            lon: n.decimicro_lon(),
                            tags: t,
                        });
                    }
                }
                for n in group.nodes() {
                    let id = n.id();
                    info.node_range = Some(match info.node_range {
                        None => (id, id),
                        Some((a, b)) => (a.min(id), b.max(id)),
                    });
                    if let Some(ms) = n.info().milli_timestamp() {
                        newest = newest.max(ms);
                    }
                    let t = Tags::from_iter(n.tags());
                    if tags::place_kind(&t).is_some() || tags::terrain_point(&t).is_some() {
                        local.nodes.push(TaggedNode {
                            id,
                            lat: n.decimicro_lat(),
                            lon: n.decimicro_lon(),
                            tags: t,
                        });
                    }
                }
                for w in group.ways() {
                    info.has_ways = true;
                    if let Some(ms) = w.info().milli_timestamp() {
                        newest = newest.max(ms);
                    }
                    let t = Tags::from_iter(w.tags());
                    if tags::way_is_interesting(&t, classes) {
                        local.ways.push(RawWay {
                            id: w.id(),
                            refs: w.refs().collect(),
                            tags: t,
                        });
                    }
                }
                for r in group.relations() {
                    if let Some(ms) = r.info().milli_timestamp() {
                        newest = newest.max(ms);
                    }
                    let t = Tags::from_iter(r.tags());
                    if tags::relation_is_interesting(&t) {
                        local.relations.push(RawRelation {
                            id: r.id(),
                            members: relation_members(&r),
                            tags: t,
                        });
                    }
                }
            }
            if newest > i64::MIN {
                local.newest_ms = Some(newest);
            }
            infos.lock().unwrap().insert(i, info);
            let mut g = acc.lock().unwrap();
            g.nodes.append(&mut local.nodes);
            g.ways.append(&mut local.ways);
            g.relations.append(&mut local.relations);
            g.newest_ms = g.newest_ms.max(local.newest_ms);
            progress.inc(1);
        },
    )?;
    let infos = infos.into_inner().unwrap();
    let p1 = acc.into_inner().unwrap();
    let header_ts = header.into_inner().unwrap();

    let mut data = RawData {
        timestamp_ms: header_ts.or(p1.newest_ms),
        ..RawData::default()
    };
    data.nodes = p1.nodes;
    // Parallel passes collect in any order; sort so everything downstream is deterministic.
    data.nodes.sort_by_key(|n| n.id);
    data.nodes.dedup_by_key(|n| n.id);
    data.relations = p1.relations;
    data.relations.sort_by_key(|r| r.id);
    data.relations.dedup_by_key(|r| r.id);
    data.ways = p1.ways.into_iter().map(|w| (w.id, w)).collect();

    // Pass 2: member ways of area relations that carry no tags of their own.
    let mut missing: Vec<i64> = data
        .relations
        .iter()
        .flat_map(|r| r.members.iter().filter(|m| m.is_way).map(|m| m.id))
        .filter(|id| !data.ways.contains_key(id))
        .collect();
    missing.sort_unstable();
    missing.dedup();
    if !missing.is_empty() {
        progress.set_message("pass 2/3: relation member ways");
        let found: Mutex<Vec<RawWay>> = Mutex::new(Vec::new());
        for_each_block(
            path,
            |i| infos.get(&i).is_some_and(|b| b.has_ways),
            |_| {},
            |_, block| {
                let mut local = Vec::new();
                for group in block.groups() {
                    for w in group.ways() {
                        if missing.binary_search(&w.id()).is_ok() {
                            local.push(RawWay {
                                id: w.id(),
                                refs: w.refs().collect(),
                                tags: Tags::from_iter(w.tags()),
                            });
                        }
                    }
                }
                found.lock().unwrap().append(&mut local);
            },
        )?;
        for w in found.into_inner().unwrap() {
            data.ways.insert(w.id, w);
        }
    }

    // Pass 3: coordinates of every node a kept way or relation label needs.
    let mut ids: Vec<i64> = data
        .ways
        .values()
        .flat_map(|w| w.refs.iter().copied())
        .collect();
    for r in &data.relations {
        ids.extend(r.members.iter().filter(|m| !m.is_way).map(|m| m.id));
    }
    ids.sort_unstable();
    ids.dedup();
    progress.set_message("pass 3/3: node positions");
    let found: Mutex<Vec<(usize, i32, i32)>> = Mutex::new(Vec::new());
    let (lo, hi) = (
        ids.first().copied().unwrap_or(0),
        ids.last().copied().unwrap_or(-1),
    );
    for_each_block(
        path,
        |i| {
            infos
                .get(&i)
                .and_then(|b| b.node_range)
                .is_some_and(|(a, b)| {
                    a <= hi && b >= lo && {
                        // Some needed id inside this blob's range?
                        let k = ids.partition_point(|&x| x < a);
                        k < ids.len() && ids[k] <= b
                    }
                })
        },
        |_| {},
        |_, block| {
            let mut local = Vec::new();
            for group in block.groups() {
                for n in group.dense_nodes() {
                    if let Ok(k) = ids.binary_search(&n.id()) {
                        local.push((k, n.decimicro_lat(), n.decimicro_lon()));
                    }
                }
                for n in group.nodes() {
                    if let Ok(k) = ids.binary_search(&n.id()) {
                        local.push((k, n.decimicro_lat(), n.decimicro_lon()));
                    }
                }
            }
            found.lock().unwrap().append(&mut local);
        },
    )?;
    let mut coords = vec![None; ids.len()];
    for (k, lat, lon) in found.into_inner().unwrap() {
        coords[k] = Some((lat, lon));
    }
    data.coord_ids = ids;
    data.coords = coords;
    Ok(data)
}
