//! A small `.osm.pbf` writer for hostile and fuzz inputs: every byte is ours, so a test can
//! make any defect OSM data or a damaged download has (out-of-range coordinates, bad member
//! types, bowties, cut files) without committing raw OpenStreetMap extracts.
//!
//! Blobs are stored uncompressed (`Blob.raw`), which every PBF reader accepts; each element
//! type goes into its own blobs of at most [`Osm::per_blob`] elements, so a file has many blob
//! boundaries to cut at.
#![allow(dead_code)]

/// A node: id, latitude and longitude in degrees, tags.
#[derive(Debug, Clone)]
pub struct Node {
    pub id: i64,
    pub lat: f64,
    pub lon: f64,
    pub tags: Vec<(String, String)>,
}

/// A way: id, node ids, tags.
#[derive(Debug, Clone)]
pub struct Way {
    pub id: i64,
    pub refs: Vec<i64>,
    pub tags: Vec<(String, String)>,
}

/// A relation member: type (0 node, 1 way, 2 relation; anything else is invalid), id, role.
#[derive(Debug, Clone)]
pub struct Member {
    pub kind: u32,
    pub id: i64,
    pub role: String,
}

/// A relation: id, members, tags.
#[derive(Debug, Clone)]
pub struct Relation {
    pub id: i64,
    pub members: Vec<Member>,
    pub tags: Vec<(String, String)>,
}

/// A whole file's content.
#[derive(Debug, Clone, Default)]
pub struct Osm {
    pub nodes: Vec<Node>,
    pub ways: Vec<Way>,
    pub relations: Vec<Relation>,
    /// `[west, south, east, north]` for the header, if any.
    pub bbox: Option<[f64; 4]>,
    /// Elements per blob (0 means 8000, the usual size).
    pub per_blob: usize,
}

/// `[("k","v"), …]` as owned tags.
pub fn tags(kv: &[(&str, &str)]) -> Vec<(String, String)> {
    kv.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn key(out: &mut Vec<u8>, field: u32, wire: u8) {
    varint(out, (u64::from(field) << 3) | u64::from(wire));
}

fn uint_field(out: &mut Vec<u8>, field: u32, v: u64) {
    key(out, field, 0);
    varint(out, v);
}

fn bytes_field(out: &mut Vec<u8>, field: u32, b: &[u8]) {
    key(out, field, 2);
    varint(out, b.len() as u64);
    out.extend_from_slice(b);
}

fn packed(out: &mut Vec<u8>, field: u32, vals: impl Iterator<Item = u64>) {
    let mut buf = Vec::new();
    for v in vals {
        varint(&mut buf, v);
    }
    if !buf.is_empty() {
        bytes_field(out, field, &buf);
    }
}

/// Strings of one block, index 0 being the empty string as the format wants.
struct Strings(Vec<String>);

impl Strings {
    fn id(&mut self, s: &str) -> u64 {
        if let Some(i) = self.0.iter().position(|x| x == s) {
            return i as u64;
        }
        self.0.push(s.to_string());
        (self.0.len() - 1) as u64
    }

    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for s in &self.0 {
            bytes_field(&mut out, 1, s.as_bytes());
        }
        out
    }
}

fn tag_fields(out: &mut Vec<u8>, st: &mut Strings, t: &[(String, String)]) {
    let k: Vec<u64> = t.iter().map(|(k, _)| st.id(k)).collect();
    let v: Vec<u64> = t.iter().map(|(_, v)| st.id(v)).collect();
    packed(out, 2, k.into_iter());
    packed(out, 3, v.into_iter());
}

fn deltas(ids: &[i64]) -> impl Iterator<Item = u64> + '_ {
    let mut prev = 0i64;
    ids.iter().map(move |&id| {
        let d = id.wrapping_sub(prev);
        prev = id;
        zigzag(d)
    })
}

/// One PrimitiveBlock holding `group` (already encoded with `st`'s string ids).
fn block(st: &Strings, group: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    bytes_field(&mut out, 1, &st.encode());
    bytes_field(&mut out, 2, group);
    out
}

/// One file frame: length, BlobHeader, Blob with the raw `data`.
fn frame(out: &mut Vec<u8>, kind: &str, data: &[u8]) {
    let mut blob = Vec::new();
    bytes_field(&mut blob, 1, data);
    uint_field(&mut blob, 2, data.len() as u64);
    let mut header = Vec::new();
    bytes_field(&mut header, 1, kind.as_bytes());
    uint_field(&mut header, 3, blob.len() as u64);
    out.extend_from_slice(&(header.len() as u32).to_be_bytes());
    out.extend_from_slice(&header);
    out.extend_from_slice(&blob);
}

fn nano(deg: f64) -> i64 {
    (deg * 1e9).round() as i64
}

/// 1e-7 degree units (the default granularity of 100 nanodegrees).
fn units(deg: f64) -> i64 {
    (deg * 1e7).round() as i64
}

impl Osm {
    /// The file's bytes.
    pub fn to_pbf(&self) -> Vec<u8> {
        let per = if self.per_blob == 0 {
            8000
        } else {
            self.per_blob
        };
        let mut out = Vec::new();
        let mut header = Vec::new();
        if let Some(b) = self.bbox {
            let mut bb = Vec::new();
            for (f, v) in [(1, b[0]), (2, b[2]), (3, b[3]), (4, b[1])] {
                uint_field(&mut bb, f, zigzag(nano(v)));
            }
            bytes_field(&mut header, 1, &bb);
        }
        bytes_field(&mut header, 4, b"OsmSchema-V0.6");
        bytes_field(&mut header, 16, b"omms hostile tests");
        frame(&mut out, "OSMHeader", &header);
        for chunk in self.nodes.chunks(per) {
            let mut st = Strings(vec![String::new()]);
            let mut group = Vec::new();
            for n in chunk {
                let mut m = Vec::new();
                uint_field(&mut m, 1, zigzag(n.id));
                tag_fields(&mut m, &mut st, &n.tags);
                uint_field(&mut m, 8, zigzag(units(n.lat)));
                uint_field(&mut m, 9, zigzag(units(n.lon)));
                bytes_field(&mut group, 1, &m);
            }
            frame(&mut out, "OSMData", &block(&st, &group));
        }
        for chunk in self.ways.chunks(per) {
            let mut st = Strings(vec![String::new()]);
            let mut group = Vec::new();
            for w in chunk {
                let mut m = Vec::new();
                uint_field(&mut m, 1, w.id as u64);
                tag_fields(&mut m, &mut st, &w.tags);
                packed(&mut m, 8, deltas(&w.refs));
                bytes_field(&mut group, 3, &m);
            }
            frame(&mut out, "OSMData", &block(&st, &group));
        }
        for chunk in self.relations.chunks(per) {
            let mut st = Strings(vec![String::new()]);
            let mut group = Vec::new();
            for r in chunk {
                let mut m = Vec::new();
                uint_field(&mut m, 1, r.id as u64);
                tag_fields(&mut m, &mut st, &r.tags);
                let roles: Vec<u64> = r.members.iter().map(|x| st.id(&x.role)).collect();
                packed(&mut m, 8, roles.into_iter());
                let ids: Vec<i64> = r.members.iter().map(|x| x.id).collect();
                packed(&mut m, 9, deltas(&ids));
                packed(&mut m, 10, r.members.iter().map(|x| u64::from(x.kind)));
                bytes_field(&mut group, 4, &m);
            }
            frame(&mut out, "OSMData", &block(&st, &group));
        }
        out
    }
}

/// Byte offsets where each blob starts, and the file length last.
pub fn blob_offsets(bytes: &[u8]) -> Vec<usize> {
    let mut offs = Vec::new();
    let mut pos = 0usize;
    while pos + 4 <= bytes.len() {
        offs.push(pos);
        let hlen = u32::from_be_bytes(bytes[pos..pos + 4].try_into().unwrap()) as usize;
        let Some(h) = bytes.get(pos + 4..pos + 4 + hlen) else {
            break;
        };
        let mut i = 0;
        let mut size = 0usize;
        while i < h.len() {
            let k = h[i];
            i += 1;
            let mut v = 0usize;
            let mut shift = 0;
            loop {
                let b = h[i];
                i += 1;
                v |= ((b & 0x7f) as usize) << shift;
                shift += 7;
                if b & 0x80 == 0 {
                    break;
                }
            }
            match k & 7 {
                0 if k >> 3 == 3 => size = v,
                0 => {}
                _ => i += v,
            }
        }
        pos += 4 + hlen + size;
    }
    offs.push(bytes.len());
    offs
}

/// A small, valid region that imports: a primary road east–west and a secondary road north–
/// south meeting at a shared node, four places (three by the roads, one far off), houses, a
/// wood, a lake (a multipolygon relation with a hole) and a river. Near 10°E 45°N.
pub fn town() -> Osm {
    let mut o = Osm {
        bbox: Some([9.99, 44.96, 10.11, 45.21]),
        per_blob: 40,
        ..Osm::default()
    };
    let mut next_node = 1i64;
    let mut node = |o: &mut Osm, lon: f64, lat: f64, t: Vec<(String, String)>| {
        let id = next_node;
        next_node += 1;
        o.nodes.push(Node {
            id,
            lat,
            lon,
            tags: t,
        });
        id
    };
    // The primary road, 21 nodes 500 m apart; the secondary shares the middle one.
    let primary: Vec<i64> = (0..=20)
        .map(|i| node(&mut o, 10.0 + 0.005 * i as f64, 45.0, vec![]))
        .collect();
    let mut secondary: Vec<i64> = (0..6)
        .map(|i| node(&mut o, 10.05, 44.97 + 0.005 * i as f64, vec![]))
        .collect();
    secondary.push(primary[10]);
    secondary.extend((1..=6).map(|i| node(&mut o, 10.05, 45.0 + 0.005 * i as f64, vec![])));
    for (name, kind, lon, lat) in [
        ("Alpha", "town", 10.02, 45.001),
        ("Beta", "village", 10.08, 44.999),
        ("Gamma", "village", 10.051, 45.02),
        ("Delta", "village", 10.0, 45.2),
    ] {
        node(&mut o, lon, lat, tags(&[("place", kind), ("name", name)]));
    }
    let mut square = |o: &mut Osm, lon: f64, lat: f64, d: f64| -> Vec<i64> {
        let mut r: Vec<i64> = [(0.0, 0.0), (d, 0.0), (d, d), (0.0, d)]
            .iter()
            .map(|(x, y)| node(o, lon + x, lat + y, vec![]))
            .collect();
        r.push(r[0]);
        r
    };
    let mut houses = Vec::new();
    for k in 0..6 {
        houses.push(square(&mut o, 10.018 + 0.0006 * k as f64, 45.0015, 0.0003));
    }
    let wood = square(&mut o, 10.025, 44.995, 0.004);
    let lake_outer = square(&mut o, 10.06, 45.005, 0.006);
    let lake_hole = square(&mut o, 10.062, 45.007, 0.001);
    let river: Vec<i64> = (0..8)
        .map(|i| {
            node(
                &mut o,
                10.03 + 0.002 * i as f64,
                44.99 + 0.003 * i as f64,
                vec![],
            )
        })
        .collect();
    let mut way_id = 0i64;
    let mut way = |o: &mut Osm, refs: Vec<i64>, t: Vec<(String, String)>| {
        way_id += 1;
        o.ways.push(Way {
            id: way_id,
            refs,
            tags: t,
        });
        way_id
    };
    way(
        &mut o,
        primary,
        tags(&[
            ("highway", "primary"),
            ("ref", "P 1"),
            ("name", "Main road"),
        ]),
    );
    way(&mut o, secondary, tags(&[("highway", "secondary")]));
    for h in houses {
        way(&mut o, h, tags(&[("building", "yes")]));
    }
    way(&mut o, wood, tags(&[("landuse", "forest")]));
    let outer = way(&mut o, lake_outer, vec![]);
    let inner = way(&mut o, lake_hole, vec![]);
    way(&mut o, river, tags(&[("waterway", "river")]));
    o.relations.push(Relation {
        id: 1,
        members: vec![
            Member {
                kind: 1,
                id: outer,
                role: "outer".into(),
            },
            Member {
                kind: 1,
                id: inner,
                role: "inner".into(),
            },
        ],
        tags: tags(&[("type", "multipolygon"), ("natural", "water")]),
    });
    o
}

impl Osm {
    /// Add a node and return its id (one past the largest id so far).
    pub fn add_node(&mut self, lon: f64, lat: f64, t: Vec<(String, String)>) -> i64 {
        let id = self.nodes.iter().map(|n| n.id).max().unwrap_or(0) + 1;
        self.nodes.push(Node {
            id,
            lat,
            lon,
            tags: t,
        });
        id
    }

    /// Add a way and return its id.
    pub fn add_way(&mut self, refs: Vec<i64>, t: Vec<(String, String)>) -> i64 {
        let id = self.ways.iter().map(|w| w.id).max().unwrap_or(0) + 1;
        self.ways.push(Way { id, refs, tags: t });
        id
    }
}
