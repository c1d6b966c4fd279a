//! Reading an `.osm.pbf` in a few parallel passes that keep only what the map needs.
//!
//! Pass 1 decodes every blob and keeps tagged nodes and area relations, collects the ids of the
//! nodes that interesting ways use, and notes which blobs hold ways and which node id range each
//! blob holds. Pass 2 (only when a relation names an untagged member way) re-reads way blobs for
//! those ways' nodes. Pass 3 re-reads way blobs to keep the ways, with their nodes as indices
//! into the sorted needed-node list. Pass 4 re-reads only the node blobs whose id range can
//! contain a needed node, to fetch coordinates. Memory stays proportional to what is kept, not
//! to the size of the file, and no way ever holds 8-byte node ids.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;
use std::sync::Mutex;

use osmpbf::{BlobDecode, BlobReader, PrimitiveBlock, RelMemberType};
use rayon::prelude::*;

use super::evidence::{self, Tally, UsedNodes};
use super::node_ids::NodeIds;
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

/// A way kept with its nodes.
#[derive(Debug, Clone)]
pub struct RawWay {
    pub id: i64,
    /// The way's nodes as indices into [`RawData::coords`]: half the size of OSM ids, and no
    /// search to find a position. Equal ids map to equal indices, so joins by node still work.
    pub nodes: Box<[u32]>,
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

/// Everything the importer reads from a file. Each list is sorted by id.
#[derive(Debug, Default)]
pub struct RawData {
    pub nodes: Vec<TaggedNode>,
    pub ways: Vec<RawWay>,
    pub relations: Vec<RawRelation>,
    /// Positions (lat, lon in 1e-7 degrees) of the nodes of kept ways, in node id order, as
    /// [`RawWay::nodes`] points into them; [`NO_COORD`] where the file never had the node.
    pub coords: Vec<(i32, i32)>,
    /// Positions of relations' node members (labels), by node id.
    pub member_coords: Vec<(i64, (i32, i32))>,
    /// OSM data date from the header, or the newest element seen (milliseconds since 1970).
    pub timestamp_ms: Option<i64>,
    /// Signs of damage that did not stop the import, for the summary.
    pub warnings: Vec<String>,
    /// Defects left out of the map: a count per kind, for the summary.
    pub dropped: BTreeMap<&'static str, usize>,
}

/// Marks a needed node the file does not have; no real latitude is this far south.
const NO_COORD: (i32, i32) = (i32::MIN, i32::MIN);
/// Marks a needed node whose position is impossible (beyond ±90° or ±180°): left out like a
/// missing one, but counted apart, since it is bad data rather than the extract's edge.
const BAD_COORD: (i32, i32) = (i32::MIN, i32::MIN + 1);

/// OSM's own limit on the nodes of one way; a longer one is damage or a hostile file.
pub const MAX_WAY_NODES: usize = 2_000;

/// Whether a position in 1e-7 degrees is on the globe.
fn on_globe(lat: i32, lon: i32) -> bool {
    (-900_000_000..=900_000_000).contains(&lat) && (-1_800_000_000..=1_800_000_000).contains(&lon)
}

impl RawData {
    /// Position of a way node (a [`RawWay::nodes`] entry) as (lon, lat) degrees, if the file
    /// had it and it is on the globe.
    pub fn lonlat(&self, node: u32) -> Option<[f64; 2]> {
        to_lonlat(self.coords[node as usize])
    }

    /// Whether the file lacks way node `node` altogether (not merely has a bad position).
    pub fn is_missing(&self, node: u32) -> bool {
        self.coords[node as usize] == NO_COORD
    }

    /// Position of a relation's node member `id` as (lon, lat) degrees, if the file had it.
    pub fn member_lonlat(&self, id: i64) -> Option<[f64; 2]> {
        let i = self.member_coords.binary_search_by_key(&id, |m| m.0).ok()?;
        to_lonlat(self.member_coords[i].1)
    }

    /// The kept way `id`, if any.
    pub fn way(&self, id: i64) -> Option<&RawWay> {
        let i = self.ways.binary_search_by_key(&id, |w| w.id).ok()?;
        Some(&self.ways[i])
    }
}

fn to_lonlat((lat, lon): (i32, i32)) -> Option<[f64; 2]> {
    on_globe(lat, lon).then(|| [f64::from(lon) * 1e-7, f64::from(lat) * 1e-7])
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
    relations: Vec<RawRelation>,
    /// Ids of the ways kept for their own tags.
    way_ids: Vec<i64>,
    /// Ids of the nodes those ways use.
    node_ids: Vec<i64>,
    newest_ms: Option<i64>,
    /// Places and terrain points off the globe, left out.
    off_globe: usize,
    /// Interesting ways longer than [`MAX_WAY_NODES`], left out.
    long_ways: usize,
    /// Relations of any kind.
    relations_seen: usize,
    has_ways: bool,
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
    evidence::check_framing(path)?;
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
        let res = evidence::catch_quietly(|| match blob.decode() {
            Ok(BlobDecode::OsmData(block)) => {
                f(i, &block);
                Ok(())
            }
            Ok(BlobDecode::OsmHeader(h)) => {
                on_header(&h);
                Ok(())
            }
            // The format has two blob types; any other is a damaged type string, and skipping
            // the blob would silently drop everything in it.
            Ok(BlobDecode::Unknown(t)) => Err(format!(
                "its type is {t:?}, neither \"OSMHeader\" nor \"OSMData\": the file is damaged"
            )),
            Err(e) => Err(e.to_string()),
        });
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
    let header_bbox: Mutex<Option<[i64; 4]>> = Mutex::new(None);
    let extent: Mutex<Option<[i64; 4]>> = Mutex::new(None);
    let file_len = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let used = UsedNodes::for_file_len(file_len);
    progress.set_message("pass 1/4: places, relations, which ways and nodes");
    for_each_block(
        path,
        |_| true,
        |h| {
            *header.lock().unwrap() = h.osmosis_replication_timestamp().map(|s| s * 1000);
            *header_bbox.lock().unwrap() = h.bbox().map(|b| {
                let d = |v: f64| (v * 1e7).round() as i64;
                [d(b.left), d(b.top), d(b.right), d(b.bottom)]
            });
        },
        |i, block| {
            let mut local = Pass1::default();
            let mut info = BlobInfo::default();
            let mut newest = i64::MIN;
            let mut ext = None;
            for group in block.groups() {
                for n in group.dense_nodes() {
                    let id = n.id();
                    Tally::add_node(&mut ext, n.decimicro_lat(), n.decimicro_lon());
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
                    let wanted = tags::place_kind(&t).is_some()
                        || tags::terrain_point(&t).is_some()
                        || tags::is_island(&t);
                    if wanted && !on_globe(n.decimicro_lat(), n.decimicro_lon()) {
                        local.off_globe += 1;
                    } else if wanted {
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
                    Tally::add_node(&mut ext, n.decimicro_lat(), n.decimicro_lon());
                    info.node_range = Some(match info.node_range {
                        None => (id, id),
                        Some((a, b)) => (a.min(id), b.max(id)),
                    });
                    if let Some(ms) = n.info().milli_timestamp() {
                        newest = newest.max(ms);
                    }
                    let t = Tags::from_iter(n.tags());
                    let wanted = tags::place_kind(&t).is_some()
                        || tags::terrain_point(&t).is_some()
                        || tags::is_island(&t);
                    if wanted && !on_globe(n.decimicro_lat(), n.decimicro_lon()) {
                        local.off_globe += 1;
                    } else if wanted {
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
                    w.refs().for_each(|id| used.mark(id));
                    if let Some(ms) = w.info().milli_timestamp() {
                        newest = newest.max(ms);
                    }
                    if tags::way_is_interesting(&Tags::from_iter(w.tags()), classes) {
                        if w.refs().len() > MAX_WAY_NODES {
                            local.long_ways += 1;
                            continue;
                        }
                        local.way_ids.push(w.id());
                        local.node_ids.extend(w.refs());
                    }
                }
                for r in group.relations() {
                    local.relations_seen += 1;
                    if let Some(ms) = r.info().milli_timestamp() {
                        newest = newest.max(ms);
                    }
                    for m in r.members() {
                        if m.member_type == RelMemberType::Node {
                            used.mark(m.member_id);
                        }
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
            local.node_ids.sort_unstable();
            local.node_ids.dedup();
            infos.lock().unwrap().insert(i, info);
            {
                let mut e = extent.lock().unwrap();
                *e = Tally::merge_extent(*e, ext);
            }
            let mut g = acc.lock().unwrap();
            g.nodes.append(&mut local.nodes);
            g.relations.append(&mut local.relations);
            g.way_ids.append(&mut local.way_ids);
            g.node_ids.append(&mut local.node_ids);
            g.newest_ms = g.newest_ms.max(local.newest_ms);
            g.off_globe += local.off_globe;
            g.long_ways += local.long_ways;
            g.relations_seen += local.relations_seen;
            g.has_ways |= info.has_ways;
            progress.inc(1);
        },
    )?;
    let infos = infos.into_inner().unwrap();
    let p1 = acc.into_inner().unwrap();
    let header_ts = header.into_inner().unwrap();
    let way_blob = |i: usize| infos.get(&i).is_some_and(|b| b.has_ways);

    let mut data = RawData {
        timestamp_ms: header_ts.or(p1.newest_ms),
        ..RawData::default()
    };
    data.nodes = p1.nodes;
    // Parallel passes collect in any order; sort so everything downstream is deterministic
    // (a node id given twice keeps its southernmost, then westernmost copy).
    data.nodes.sort_by_key(|n| (n.id, n.lat, n.lon));
    let before = data.nodes.len();
    data.nodes.dedup_by_key(|n| n.id);
    let repeated_nodes = before - data.nodes.len();
    for (what, n) in [
        (
            "places or terrain points with impossible coordinates",
            p1.off_globe,
        ),
        ("ways of more than 2,000 nodes (OSM's limit)", p1.long_ways),
        ("node ids given twice (one copy kept)", repeated_nodes),
    ] {
        if n > 0 {
            data.dropped.insert(what, n);
        }
    }
    if p1.has_ways && p1.relations_seen == 0 {
        data.warnings.push(
            "the file has ways but no relations at all; real extracts always have some, so it may have been cut short after its ways".into(),
        );
    }
    data.relations = p1.relations;
    data.relations.sort_by(|a, b| {
        let key = |r: &RawRelation| {
            r.members
                .iter()
                .map(|m| (m.is_way, m.id))
                .collect::<Vec<_>>()
        };
        a.id.cmp(&b.id).then_with(|| key(a).cmp(&key(b)))
    });
    data.relations.dedup_by_key(|r| r.id);
    let mut way_ids = p1.way_ids;
    way_ids.sort_unstable();
    way_ids.dedup();
    let mut ids = p1.node_ids;

    // Pass 2: the nodes of area relations' member ways that carry no tags of their own.
    let mut missing: Vec<i64> = data
        .relations
        .iter()
        .flat_map(|r| r.members.iter().filter(|m| m.is_way).map(|m| m.id))
        .filter(|id| way_ids.binary_search(id).is_err())
        .collect();
    missing.sort_unstable();
    missing.dedup();
    drop(way_ids);
    if !missing.is_empty() {
        progress.set_message("pass 2/4: relation member ways");
        let found: Mutex<Vec<i64>> = Mutex::new(Vec::new());
        for_each_block(
            path,
            way_blob,
            |_| {},
            |_, block| {
                let mut local = Vec::new();
                for group in block.groups() {
                    for w in group.ways() {
                        if w.refs().len() <= MAX_WAY_NODES && missing.binary_search(&w.id()).is_ok()
                        {
                            local.extend(w.refs());
                        }
                    }
                }
                found.lock().unwrap().append(&mut local);
            },
        )?;
        ids.append(&mut found.into_inner().unwrap());
    }
    for r in &data.relations {
        ids.extend(r.members.iter().filter(|m| !m.is_way).map(|m| m.id));
    }
    ids.sort_unstable();
    ids.dedup();
    ids.shrink_to_fit();
    if u32::try_from(ids.len()).is_err() {
        return Err(ImportError::TooLarge {
            path: path.to_path_buf(),
            nodes: ids.len(),
        });
    }
    let ids = NodeIds::from_sorted(ids);

    // Pass 3: the ways themselves, their nodes stored as indices into `ids` from the start, so
    // no way ever holds its 8-byte OSM node ids.
    progress.set_message("pass 3/4: ways");
    let ways: Mutex<Vec<RawWay>> = Mutex::new(Vec::new());
    for_each_block(
        path,
        way_blob,
        |_| {},
        |_, block| {
            let mut local = Vec::new();
            for group in block.groups() {
                for w in group.ways() {
                    let t = Tags::from_iter(w.tags());
                    if w.refs().len() <= MAX_WAY_NODES
                        && (tags::way_is_interesting(&t, classes)
                            || missing.binary_search(&w.id()).is_ok())
                    {
                        // Pass 1 or 2 collected the nodes of exactly these ways.
                        let nodes = w
                            .refs()
                            .map(|id| ids.index(id).expect("node collected") as u32)
                            .collect();
                        local.push(RawWay {
                            id: w.id(),
                            nodes,
                            tags: t,
                        });
                    }
                }
            }
            ways.lock().unwrap().append(&mut local);
        },
    )?;
    data.ways = ways.into_inner().unwrap();
    sort_ways(&mut data.ways);

    // Pass 4: the positions of those nodes, and of relations' label nodes.
    progress.set_message("pass 4/4: node positions");
    // Filled in place: collecting (index, position) pairs first would double the peak.
    // Every node blob is read, not only those holding needed nodes: the untagged nodes no way
    // uses are the trace a file cut after some of its ways leaves.
    let coords = Mutex::new(vec![NO_COORD; ids.len()]);
    let orphans: Mutex<(u64, u64)> = Mutex::new((0, 0));
    let repeats = std::sync::atomic::AtomicUsize::new(0);
    for_each_block(
        path,
        |i| infos.get(&i).is_some_and(|b| b.node_range.is_some()),
        |_| {},
        |_, block| {
            let mut local = Vec::new();
            let (mut untagged, mut orphan) = (0u64, 0u64);
            for group in block.groups() {
                for n in group.dense_nodes() {
                    if let Some(k) = ids.index(n.id()) {
                        local.push((k, n.decimicro_lat(), n.decimicro_lon()));
                    }
                    if n.tags().next().is_none() {
                        untagged += 1;
                        orphan += u64::from(!used.is_marked(n.id()));
                    }
                }
                for n in group.nodes() {
                    if let Some(k) = ids.index(n.id()) {
                        local.push((k, n.decimicro_lat(), n.decimicro_lon()));
                    }
                    if n.tags().next().is_none() {
                        untagged += 1;
                        orphan += u64::from(!used.is_marked(n.id()));
                    }
                }
            }
            {
                let mut o = orphans.lock().unwrap();
                o.0 += untagged;
                o.1 += orphan;
            }
            let mut coords = coords.lock().unwrap();
            for (k, lat, lon) in local {
                let p = if on_globe(lat, lon) {
                    (lat, lon)
                } else {
                    BAD_COORD
                };
                if coords[k] != NO_COORD {
                    repeats.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
                // A node id given twice keeps the same copy whatever order blobs finish in.
                if coords[k] == NO_COORD || p < coords[k] {
                    coords[k] = p;
                }
            }
        },
    )?;
    let coords = coords.into_inner().unwrap();
    data.member_coords = data
        .relations
        .iter()
        .flat_map(|r| r.members.iter().filter(|m| !m.is_way))
        .map(|m| (m.id, coords[ids.index(m.id).expect("collected")]))
        .collect();
    data.member_coords.sort_unstable_by_key(|m| m.0);
    data.member_coords.dedup_by_key(|m| m.0);
    let repeats = repeats.into_inner();
    if repeats > 0 {
        *data
            .dropped
            .entry("node ids given twice (one copy kept)")
            .or_insert(0) += repeats;
    }
    let off_globe = coords.iter().filter(|&&c| c == BAD_COORD).count();
    if off_globe > 0 {
        data.dropped.insert(
            "way nodes with impossible coordinates (ways cut there)",
            off_globe,
        );
    }
    data.coords = coords;
    let (untagged_nodes, orphan_nodes) = orphans.into_inner().unwrap();
    data.warnings.extend(
        Tally {
            untagged_nodes,
            orphan_nodes,
            node_extent: extent.into_inner().unwrap(),
            header_bbox: header_bbox.into_inner().unwrap(),
        }
        .judge(path)?,
    );
    if std::env::var_os("OMMS_IMPORT_EVIDENCE").is_some() {
        eprintln!("evidence: {untagged_nodes} untagged nodes, {orphan_nodes} orphans");
    }
    Ok(data)
}

/// Sort by id and drop repeats (a way twice in a file keeps its first copy).
fn sort_ways(ways: &mut Vec<RawWay>) {
    // By nodes too, so which copy of a repeated id survives does not depend on blob order.
    ways.sort_by(|a, b| a.id.cmp(&b.id).then_with(|| a.nodes.cmp(&b.nodes)));
    ways.dedup_by_key(|w| w.id);
    ways.shrink_to_fit();
}
