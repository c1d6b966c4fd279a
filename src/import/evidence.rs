//! What a damaged or cut-short PBF gives away, and containing the decoder when it panics.
//!
//! A file cut exactly at a blob boundary decodes as a shorter, valid file, and a cut a byte or
//! two past one reads as a clean end to `osmpbf` (its length prefix is incomplete). Neither says
//! so itself, so the importer looks for the traces: bytes after the last whole blob, blobs of an
//! unknown type, untagged nodes that no way uses any more (their ways were in the lost part),
//! and a header bounding box the data no longer fills.

use std::cell::Cell;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Once;

use super::ImportError;

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Run `f`, turning a panic into `Err` without printing the panic message: a decoder that
/// panics on malformed data must not spill a Rust backtrace onto the modder's terminal; the
/// caller reports one clear line instead. Panics elsewhere still print as usual.
pub fn catch_quietly<R>(f: impl FnOnce() -> R) -> std::thread::Result<R> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    result
}

/// Read a protobuf varint from `b` at `*i`.
fn varint(b: &[u8], i: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *b.get(*i)?;
        *i += 1;
        v |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

/// The `datasize` field (3) of a BlobHeader message.
fn header_datasize(h: &[u8]) -> Option<u64> {
    let mut i = 0;
    let mut size = None;
    while i < h.len() {
        let key = varint(h, &mut i)?;
        match key & 7 {
            0 => {
                let v = varint(h, &mut i)?;
                if key >> 3 == 3 {
                    size = Some(v);
                }
            }
            2 => {
                let len = usize::try_from(varint(h, &mut i)?).ok()?;
                i = i.checked_add(len)?;
            }
            _ => return None,
        }
    }
    size
}

/// Walk the blob frames (length, header, data) to the end of the file without decoding any:
/// the file must end exactly where its last blob does. Only seeks and small reads.
pub fn check_framing(path: &Path) -> Result<(), ImportError> {
    let io = |e| ImportError::io(path, e);
    let mut f = File::open(path).map_err(io)?;
    let len = f.metadata().map_err(io)?.len();
    let mut pos = 0u64;
    let mut blob = 0usize;
    while pos < len {
        let cut = |what: &str| {
            ImportError::corrupt(
                path,
                format!(
                    "the file ends inside blob {blob} ({what}, {} byte(s) after the last whole blob); it was cut short: re-download it",
                    len - pos
                ),
            )
        };
        if len - pos < 4 {
            return Err(cut("in its length prefix"));
        }
        let mut l = [0u8; 4];
        f.seek(SeekFrom::Start(pos)).map_err(io)?;
        f.read_exact(&mut l).map_err(io)?;
        let hlen = u64::from(u32::from_be_bytes(l));
        // The PBF format caps a BlobHeader at 64 KiB; anything else is not a frame at all.
        if hlen > 64 * 1024 {
            return Err(ImportError::corrupt(
                path,
                format!("blob {blob} at byte {pos} has an impossible header length {hlen}"),
            ));
        }
        if len - pos - 4 < hlen {
            return Err(cut("in its header"));
        }
        let mut h = vec![0u8; hlen as usize];
        f.read_exact(&mut h).map_err(io)?;
        let Some(size) = header_datasize(&h) else {
            return Err(ImportError::corrupt(
                path,
                format!("blob {blob} at byte {pos} has an unreadable header"),
            ));
        };
        if len - pos - 4 - hlen < size {
            return Err(cut("in its data"));
        }
        pos += 4 + hlen + size;
        blob += 1;
    }
    Ok(())
}

/// A fixed-size bitmap of node ids some way or relation uses. Ids are hashed, so two ids may
/// share a bit: that only ever makes an orphan look used, so counts of orphans are lower bounds
/// and never invent damage.
pub struct UsedNodes {
    bits: Vec<AtomicU64>,
    mask: u64,
}

impl UsedNodes {
    /// About ten bits per byte of the file (a node costs more than a byte in any PBF), between
    /// 8 KiB and 32 MiB of memory.
    pub fn for_file_len(len: u64) -> UsedNodes {
        let bits = (len.saturating_mul(10))
            .clamp(1 << 16, 1 << 28)
            .next_power_of_two();
        UsedNodes {
            bits: (0..bits / 64).map(|_| AtomicU64::new(0)).collect(),
            mask: bits - 1,
        }
    }

    fn slot(&self, id: i64) -> (usize, u64) {
        // Fibonacci hashing spreads the clustered ids of one region over the whole bitmap.
        let h = (id as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29)
            & self.mask;
        ((h / 64) as usize, 1 << (h % 64))
    }

    /// Mark `id` as used.
    pub fn mark(&self, id: i64) {
        let (w, b) = self.slot(id);
        self.bits[w].fetch_or(b, Ordering::Relaxed);
    }

    /// Whether `id` (or an id sharing its bit) was marked.
    pub fn is_marked(&self, id: i64) -> bool {
        let (w, b) = self.slot(id);
        self.bits[w].load(Ordering::Relaxed) & b != 0
    }
}

/// Counts gathered while reading, judged once the whole file has been read.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Tally {
    /// Nodes without tags.
    pub untagged_nodes: u64,
    /// Of those, the ones no way or relation in the file uses.
    pub orphan_nodes: u64,
    /// Extent of every node, `[west, south, east, north]` in 1e-7 degrees.
    pub node_extent: Option<[i64; 4]>,
    /// The header's bounding box, same units.
    pub header_bbox: Option<[i64; 4]>,
}

/// Share of untagged nodes left without a way above which the file has certainly lost ways;
/// whole extracts have next to none (every untagged node is there for a way).
const ORPHANS_REFUSED: f64 = 0.05;
/// Above this share the import goes on but says what is missing.
const ORPHANS_WARNED: f64 = 0.005;

impl Tally {
    /// Extend the node extent by one node.
    pub fn add_node(extent: &mut Option<[i64; 4]>, lat: i32, lon: i32) {
        let (x, y) = (i64::from(lon), i64::from(lat));
        *extent = Some(match *extent {
            None => [x, y, x, y],
            Some(e) => [e[0].min(x), e[1].min(y), e[2].max(x), e[3].max(y)],
        });
    }

    /// Merge another extent in.
    pub fn merge_extent(a: Option<[i64; 4]>, b: Option<[i64; 4]>) -> Option<[i64; 4]> {
        match (a, b) {
            (Some(a), Some(b)) => Some([
                a[0].min(b[0]),
                a[1].min(b[1]),
                a[2].max(b[2]),
                a[3].max(b[3]),
            ]),
            (a, b) => a.or(b),
        }
    }

    /// The verdict: an error when the file has plainly lost much of what it holds, else the
    /// warnings worth printing.
    pub fn judge(&self, path: &Path) -> Result<Vec<String>, ImportError> {
        let mut warnings = Vec::new();
        if self.untagged_nodes > 0 {
            let share = self.orphan_nodes as f64 / self.untagged_nodes as f64;
            let said = format!(
                "{} of {} untagged nodes are used by no way or relation: the ways that used them are missing",
                self.orphan_nodes, self.untagged_nodes
            );
            if share > ORPHANS_REFUSED {
                return Err(ImportError::corrupt(
                    path,
                    format!("{said}; the file was probably cut short (re-download it)"),
                ));
            }
            if share > ORPHANS_WARNED {
                warnings.push(format!("{said} (the file may be damaged)"));
            }
        }
        if let (Some(h), Some(n)) = (self.header_bbox, self.node_extent) {
            let area = |b: [i64; 4]| ((b[2] - b[0]).max(0) as f64) * ((b[3] - b[1]).max(0) as f64);
            let inter = [
                h[0].max(n[0]),
                h[1].max(n[1]),
                h[2].min(n[2]),
                h[3].min(n[3]),
            ];
            let covered = if area(h) > 0.0 {
                area(inter) / area(h)
            } else {
                1.0
            };
            if covered < 0.5 {
                warnings.push(format!(
                    "the file's nodes cover only {:.0}% of the bounding box its header promises; parts of the region may be missing",
                    covered * 100.0
                ));
            }
        }
        Ok(warnings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quiet_panic_is_caught() {
        let r = catch_quietly(|| -> u8 { panic!("decoder blew up") });
        assert!(r.is_err());
        assert_eq!(catch_quietly(|| 3).unwrap(), 3);
    }

    #[test]
    fn used_nodes_never_forget_a_mark() {
        let u = UsedNodes::for_file_len(1000);
        for id in (0..5000i64).map(|i| i * 7919 + 26_032_956) {
            u.mark(id);
            assert!(u.is_marked(id));
        }
    }

    #[test]
    fn orphans_decide_the_verdict() {
        let p = Path::new("x.osm.pbf");
        let t = |orphans| Tally {
            untagged_nodes: 1000,
            orphan_nodes: orphans,
            ..Tally::default()
        };
        assert!(t(0).judge(p).unwrap().is_empty());
        assert_eq!(t(20).judge(p).unwrap().len(), 1);
        assert!(t(300)
            .judge(p)
            .unwrap_err()
            .to_string()
            .contains("cut short"));
    }
}
