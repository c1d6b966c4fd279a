//! The game's road moves agree with an independent computation on the real extracts.
//!
//! For each shipped map, `osmium` reads the same `.osm.pbf` the package came from (`tags-filter`
//! then `cat -f opl`: every major-road way with its node ids, every node's coordinates), and this
//! file builds its own road network from it, joined only where ways share a node id. A road move
//! (RULINGS §4, no coins on the map) from a point `p` on a way to a point `x` on a way is legal
//! when some path along the ways from `p` to `x` stays inside the circle of radius R round `p`;
//! as a disc is convex, a segment lies inside exactly when both its ends do, so a search over the
//! way vertices inside the circle decides it exactly.
//!
//! Cases are drawn from a fixed seed never used while developing the engine: half start within
//! 25 m of a grade-separated crossing (two ways crossing without a shared node, found here by
//! segment intersection: bridges, tunnels), half anywhere; destinations are road points inside the
//! circle, a third of them on the other road of the crossing. The engine's verdict counts as
//! "legal" only when `check_move` puts the unit on `x` itself (within 1 cm). Every case must agree.
//!
//! Skipped, with a printed reason, when the extracts or `osmium` are absent, and failed instead
//! under `OMMS_REQUIRE_ENV=1`. Run with
//! `cargo test --release --test road_agreement -- --nocapture` to see the figures
//! (`OMMS_SHARED_OSM=DIR` reads the extracts from DIR instead of `../shared/osm`).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;
use std::process::Command;

mod common;

use omms::map::{GameMap, Projection};
use omms::rules::*;

const MAPS: [&str; 3] = ["andorra", "liechtenstein", "north-bayreuth"];
const HIGHWAYS: &str =
    "motorway,motorway_link,trunk,trunk_link,primary,primary_link,secondary,secondary_link";
const CASES_PER_MAP: usize = 600;

/// A fixed-seed xorshift.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The major-road ways of an extract: node ids and positions in the map's metres.
struct Ways {
    ways: Vec<(i64, Vec<i64>, Vec<[f64; 2]>)>,
}

fn opl(pbf: &Path, dir: &Path) -> Option<String> {
    let filtered = dir.join("roads.osm.pbf");
    let text = dir.join("roads.opl");
    let ok = Command::new("osmium")
        .arg("tags-filter")
        .arg(pbf)
        .arg(format!("w/highway={HIGHWAYS}"))
        .arg("-o")
        .arg(&filtered)
        .arg("--overwrite")
        .status()
        .ok()?
        .success()
        && Command::new("osmium")
            .args(["cat", "-f", "opl", "--overwrite", "-o"])
            .arg(&text)
            .arg(&filtered)
            .status()
            .ok()?
            .success();
    ok.then(|| std::fs::read_to_string(&text).unwrap())
}

fn parse(text: &str, proj: &Projection) -> Ways {
    let mut nodes: BTreeMap<i64, [f64; 2]> = BTreeMap::new();
    let mut raw: Vec<(i64, Vec<i64>)> = Vec::new();
    for line in text.lines() {
        let mut fields = line.split(' ');
        let Some(head) = fields.next() else { continue };
        let id: i64 = head[1..].parse().unwrap();
        let field = |c: char| line.split(' ').find(|f| f.starts_with(c)).map(|f| &f[1..]);
        match head.as_bytes()[0] {
            b'n' => {
                if let (Some(x), Some(y)) = (field('x'), field('y')) {
                    if let (Ok(x), Ok(y)) = (x.parse(), y.parse()) {
                        nodes.insert(id, proj.to_xy(x, y));
                    }
                }
            }
            b'w' => {
                let refs = field('N').unwrap_or("");
                let ids = refs
                    .split(',')
                    .filter(|r| !r.is_empty())
                    .map(|r| r[1..].parse().unwrap())
                    .collect();
                raw.push((id, ids));
            }
            _ => {}
        }
    }
    let ways = raw
        .into_iter()
        .filter_map(|(id, ids)| {
            let ids: Vec<i64> = ids.into_iter().filter(|n| nodes.contains_key(n)).collect();
            let pts: Vec<[f64; 2]> = ids.iter().map(|n| nodes[n]).collect();
            (ids.len() >= 2).then_some((id, ids, pts))
        })
        .collect();
    Ways { ways }
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

fn lerp(a: [f64; 2], b: [f64; 2], t: f64) -> [f64; 2] {
    [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]
}

/// A point on way `w`, segment `k`, at parameter `t`.
#[derive(Debug, Clone, Copy)]
struct At {
    w: usize,
    k: usize,
    t: f64,
}

impl Ways {
    fn pos(&self, a: At) -> [f64; 2] {
        let pts = &self.ways[a.w].2;
        lerp(pts[a.k], pts[a.k + 1], a.t)
    }

    /// Grade-separated crossings: segments of two ways crossing with no node id in common.
    fn crossings(&self) -> Vec<(At, At)> {
        let cell = 200.0;
        let mut grid: BTreeMap<(i64, i64), Vec<(usize, usize)>> = BTreeMap::new();
        for (w, (_, _, pts)) in self.ways.iter().enumerate() {
            for k in 0..pts.len() - 1 {
                let (a, b) = (pts[k], pts[k + 1]);
                for gx in
                    (a[0].min(b[0]) / cell).floor() as i64..=(a[0].max(b[0]) / cell).floor() as i64
                {
                    for gy in (a[1].min(b[1]) / cell).floor() as i64
                        ..=(a[1].max(b[1]) / cell).floor() as i64
                    {
                        grid.entry((gx, gy)).or_default().push((w, k));
                    }
                }
            }
        }
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for segs in grid.values() {
            for (i, &(w1, k1)) in segs.iter().enumerate() {
                for &(w2, k2) in &segs[..i] {
                    if w1 == w2 || !seen.insert((w1.min(w2), k1, w1.max(w2), k2, w1 < w2)) {
                        continue;
                    }
                    let ids1 = &self.ways[w1].1[k1..=k1 + 1];
                    let ids2 = &self.ways[w2].1[k2..=k2 + 1];
                    if ids1.iter().any(|n| ids2.contains(n)) {
                        continue;
                    }
                    let (p, q) = (self.ways[w1].2[k1], self.ways[w1].2[k1 + 1]);
                    let (r, s) = (self.ways[w2].2[k2], self.ways[w2].2[k2 + 1]);
                    let d = (q[0] - p[0]) * (s[1] - r[1]) - (q[1] - p[1]) * (s[0] - r[0]);
                    if d.abs() < 1e-9 {
                        continue;
                    }
                    let t = ((r[0] - p[0]) * (s[1] - r[1]) - (r[1] - p[1]) * (s[0] - r[0])) / d;
                    let u = ((r[0] - p[0]) * (q[1] - p[1]) - (r[1] - p[1]) * (q[0] - p[0])) / d;
                    if t > 0.0 && t < 1.0 && u > 0.0 && u < 1.0 {
                        out.push((At { w: w1, k: k1, t }, At { w: w2, k: k2, t: u }));
                    }
                }
            }
        }
        out
    }

    /// The point `metres` along way `a.w` from `a` (either way), clamped to the way.
    fn along(&self, a: At, metres: f64) -> At {
        let pts = &self.ways[a.w].2;
        let (mut k, mut t, mut left) = (a.k, a.t, metres);
        loop {
            let len = dist(pts[k], pts[k + 1]);
            if left >= 0.0 {
                let room = (1.0 - t) * len;
                if left <= room || k + 2 == pts.len() {
                    return At {
                        w: a.w,
                        k,
                        t: (t + left / len.max(1e-9)).min(1.0),
                    };
                }
                left -= room;
                k += 1;
                t = 0.0;
            } else {
                let room = t * len;
                if -left <= room || k == 0 {
                    return At {
                        w: a.w,
                        k,
                        t: (t + left / len.max(1e-9)).max(0.0),
                    };
                }
                left += room;
                k -= 1;
                t = 1.0;
            }
        }
    }

    /// Is there a path along the ways from `p` to `x` inside the circle of radius `r` round `p`?
    fn reachable(&self, p: At, x: At, r: f64) -> bool {
        let c = self.pos(p);
        let inside = |q: [f64; 2]| dist(q, c) <= r;
        if !inside(self.pos(x)) {
            return false;
        }
        if p.w == x.w && p.k == x.k {
            return true;
        }
        // Way vertices by node id; a segment is walkable when both its ends are inside.
        let mut at: BTreeMap<i64, Vec<(usize, usize)>> = BTreeMap::new();
        for (w, (_, ids, pts)) in self.ways.iter().enumerate() {
            for (i, id) in ids.iter().enumerate() {
                if inside(pts[i]) {
                    at.entry(*id).or_default().push((w, i));
                }
            }
        }
        let ids = |w: usize, i: usize| self.ways[w].1[i];
        let mut seen: BTreeSet<i64> = BTreeSet::new();
        let mut queue = VecDeque::new();
        for i in [p.k, p.k + 1] {
            if inside(self.ways[p.w].2[i]) && seen.insert(ids(p.w, i)) {
                queue.push_back(ids(p.w, i));
            }
        }
        while let Some(n) = queue.pop_front() {
            for &(w, i) in at.get(&n).into_iter().flatten() {
                for j in [i.wrapping_sub(1), i + 1] {
                    if j < self.ways[w].1.len()
                        && inside(self.ways[w].2[j])
                        && seen.insert(ids(w, j))
                    {
                        queue.push_back(ids(w, j));
                    }
                }
            }
        }
        [x.k, x.k + 1]
            .iter()
            .any(|&i| inside(self.ways[x.w].2[i]) && seen.contains(&ids(x.w, i)))
    }

    /// A random point on a way, uniform by length, within `r` of `c`.
    fn random_near(&self, rng: &mut Rng, c: [f64; 2], r: f64) -> Option<At> {
        let segs: Vec<(usize, usize, f64)> = self
            .ways
            .iter()
            .enumerate()
            .flat_map(|(w, (_, _, pts))| {
                (0..pts.len() - 1).map(move |k| (w, k, dist(pts[k], pts[k + 1])))
            })
            .filter(|&(w, k, _)| {
                let pts = &self.ways[w].2;
                dist(pts[k], c) <= r + 500.0 || dist(pts[k + 1], c) <= r + 500.0
            })
            .collect();
        let total: f64 = segs.iter().map(|s| s.2).sum();
        for _ in 0..50 {
            let mut s = rng.unit() * total;
            for &(w, k, len) in &segs {
                if s <= len {
                    let a = At {
                        w,
                        k,
                        t: s / len.max(1e-9),
                    };
                    if dist(self.pos(a), c) <= r {
                        return Some(a);
                    }
                    break;
                }
                s -= len;
            }
        }
        None
    }
}

/// Cases and agreements on one map.
fn compare(name: &str, map: &GameMap, ways: &Ways, seed: u64) -> (usize, usize, Vec<String>) {
    let board = MapBoard::new(map, map.meta().scale);
    let crossings = ways.crossings();
    let mut rng = Rng(seed);
    let seat = |n: &str| PlayerSetup {
        name: n.into(),
        colour: n.to_lowercase(),
    };
    let (mut cases, mut agree, mut notes) = (0, 0, Vec::new());
    while cases < CASES_PER_MAP {
        let kind = if rng.below(2) == 0 {
            UnitType::Guard
        } else {
            UnitType::Scout
        };
        let r = board.scale().measure_m(kind.road_move().unwrap());
        let near_crossing = !crossings.is_empty() && rng.below(2) == 0;
        let (start, other) = if near_crossing {
            let (a, b) = crossings[rng.below(crossings.len())];
            let (a, b) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
            let d = 2.0 + 23.0 * rng.unit();
            let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
            (ways.along(a, sign * d), Some(b))
        } else {
            let w = rng.below(ways.ways.len());
            let k = rng.below(ways.ways[w].2.len() - 1);
            (
                At {
                    w,
                    k,
                    t: rng.unit(),
                },
                None,
            )
        };
        let p = ways.pos(start);
        let x = match other {
            Some(b) if rng.below(3) == 0 => ways.along(b, (rng.unit() - 0.5) * 2.0 * r.min(600.0)),
            _ => match ways.random_near(&mut rng, p, r) {
                Some(x) => x,
                None => continue,
            },
        };
        let xp = ways.pos(x);
        // Away from the circle's edge, where millimetre rounding decides.
        if (dist(p, xp) - r).abs() < 0.05 {
            continue;
        }
        let setup = GameSetup {
            map: map.meta().name.clone(),
            scale: board.scale(),
            players: vec![seat("Red"), seat("Blue")],
            options: Options::default(),
        };
        let mut sc = Scenario::new(setup, 1);
        let unit = sc.unit(PlayerId(0), kind, Location::Road(MapPoint::from_m(p)));
        let state = sc.build(&board).unwrap();
        let to = MapPoint::from_m(xp);
        let mv = Move {
            unit,
            to,
            via: None,
            off_road: false,
        };
        let engine = matches!(board.check_move(&state, &mv), Ok(Location::Road(q)) if q.distance_m(to) < 0.01);
        let independent = ways.reachable(start, x, r);
        cases += 1;
        if engine == independent {
            agree += 1;
        } else if notes.len() < 5 {
            let ll = |q: [f64; 2]| map.projection().to_lonlat(q);
            notes.push(format!(
                "{name}: {kind} at {:?} (way {}) to {:?} (way {}): engine {engine}, independent {independent}",
                ll(p),
                ways.ways[start.w].0,
                ll(xp),
                ways.ways[x.w].0
            ));
        }
    }
    (cases, agree, notes)
}

#[test]
fn road_moves_agree_with_an_independent_network_built_by_osmium() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Missing extracts or osmium fail the test under OMMS_REQUIRE_ENV (CI), else skip it.
    let Some(osm) = common::prereq::shared_osm() else {
        return;
    };
    if !common::prereq::have_osmium() {
        return;
    }
    let (mut cases, mut agree, mut notes) = (0, 0, Vec::new());
    for (i, name) in MAPS.iter().enumerate() {
        let map = GameMap::load(&root.join("maps").join(name)).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let Some(text) = opl(&osm.join(format!("{name}.osm.pbf")), dir.path()) else {
            panic!("osmium failed on {name}");
        };
        let ways = parse(&text, map.projection());
        let (c, a, n) = compare(name, &map, &ways, 0xD1B5_4A32_D192_ED03 ^ i as u64);
        println!(
            "{name}: {} crossings without a shared node; {a} of {c} cases agree",
            ways.crossings().len()
        );
        cases += c;
        agree += a;
        notes.extend(n);
    }
    println!("road moves: {agree} of {cases} cases agree");
    assert_eq!(agree, cases, "disagreements:\n{}", notes.join("\n"));
}
