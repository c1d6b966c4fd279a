//! The double-move reach is exactly the set of ends the engine's two-leg check accepts, on the
//! real motorways of North Bayreuth (A 70 and A 9): compared, point by point, with the union of
//! the second legs from first-leg ends every two metres, and every point it claims proved with
//! a first leg the check accepts.

use std::path::Path;
use std::sync::OnceLock;

use super::super::moves::Start;
use super::super::network::{point_at, Disc, Query};
use super::super::MapBoard;
use crate::map::{EdgeId, GameMap, Measure, RoadClass};
use crate::rules::{
    Board, GameSetup, Location, MapPoint, Move, Options, PlayerId, PlayerSetup, Scenario, State,
    UnitId, UnitType,
};

fn bayreuth() -> &'static GameMap {
    static MAP: OnceLock<GameMap> = OnceLock::new();
    MAP.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/north-bayreuth");
        GameMap::load(&dir).expect("the shipped map loads")
    })
}

/// A fixed-seed xorshift: the same points on every run.
struct Rng(u64);
impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Red's `kind` on the motorway at `at`, Blue's Guards at `enemies` (both lon/lat).
fn position(b: &MapBoard, kind: UnitType, at: [f64; 2], enemies: &[[f64; 2]]) -> (State, UnitId) {
    let map = b.map();
    let seat = |n: &str| PlayerSetup {
        name: n.into(),
        colour: n.to_lowercase(),
    };
    let setup = GameSetup {
        map: map.meta().name.clone(),
        scale: b.scale(),
        players: vec![seat("Red"), seat("Blue")],
        options: Options::default(),
    };
    let on_road = |ll: [f64; 2]| {
        let rp = map
            .nearest_road_point(map.projection().to_xy(ll[0], ll[1]))
            .unwrap();
        Location::Road(MapPoint::from_m(rp.pos))
    };
    let mut sc = Scenario::new(setup, 1);
    let unit = sc.unit(PlayerId(0), kind, on_road(at));
    for e in enemies {
        sc.unit(PlayerId(1), UnitType::Guard, on_road(*e));
    }
    (sc.build(b).unwrap(), unit)
}

/// The ends the two-leg check accepts through first legs every `step` metres along the
/// first-leg reach: for each, the second leg's network from where the first sets it down.
fn sampled(b: &MapBoard, state: &State, id: UnitId, step: f64) -> Vec<(EdgeId, f64, f64)> {
    let u = state.unit(id).unwrap();
    let start = b.start_of(state, u).unwrap();
    let r = b.m(u.kind().road_move().unwrap());
    let coins: Vec<Disc> = b
        .blockers(state, u.owner(), start.centre)
        .iter()
        .map(|c| c.disc)
        .collect();
    let forbidden: Vec<Disc> = b
        .enemy_coins(state, u.owner())
        .iter()
        .map(|c| c.disc)
        .collect();
    let first = b.leg_network(state, u, &start, true).unwrap();
    let spans: Vec<(EdgeId, f64, f64)> = first
        .spans
        .iter()
        .filter(|s| s.reachable)
        .map(|s| (s.edge, s.s0, s.s1))
        .collect();
    let mut out = Vec::new();
    for (edge, a, z) in b.minus_discs(&spans, &forbidden) {
        let pts = b.map().roads().edge(edge).points();
        let n = ((z - a) / step).ceil().max(1.0) as usize;
        for k in 0..=n {
            let m = point_at(pts, b.offsets_of(edge), a + (z - a) * k as f64 / n as f64);
            let m = MapPoint::from_m(m).to_m();
            let second = Start::on_road(b, m);
            let net = b.net(&Query {
                circle: Disc { c: m, r },
                blockers: &coins,
                source: second.source(),
                motorway_only: true,
            });
            out.extend(
                net.spans
                    .iter()
                    .filter(|s| s.reachable)
                    .map(|s| (s.edge, s.s0, s.s1)),
            );
        }
    }
    b.minus_discs(&super::merge(out), &forbidden)
}

/// Whether `along` lies in `set`'s stretches of `edge`, and how far inside (negative: outside).
fn depth(set: &[(EdgeId, f64, f64)], edge: EdgeId, along: f64) -> f64 {
    set.iter()
        .filter(|s| s.0 == edge)
        .map(|&(_, a, z)| (along - a).min(z - along))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// Points of the motorway within two move radii of `centre`, spread at random.
fn samples(b: &MapBoard, centre: [f64; 2], r: f64, n: usize) -> Vec<(EdgeId, f64, [f64; 2])> {
    let roads = b.map().roads();
    let mut edges: Vec<EdgeId> = b
        .map()
        .segments_in_disc(centre, 2.0 * r + 100.0)
        .into_iter()
        .map(|(e, _)| e)
        .filter(|e| roads.edge(*e).class() == RoadClass::M)
        .collect();
    edges.dedup();
    let total: f64 = edges.iter().map(|e| roads.edge(*e).length_m()).sum();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut out = Vec::new();
    while out.len() < n {
        let mut s = rng.unit() * total;
        for &e in &edges {
            let len = roads.edge(e).length_m();
            if s <= len {
                let p = point_at(roads.edge(e).points(), b.offsets_of(e), s);
                out.push((e, s, p));
                break;
            }
            s -= len;
        }
    }
    out
}

/// Compares the exact reach with the sampled one at `n` points and proves each point it
/// claims; returns (points in the exact reach, points only it found).
fn agree(b: &MapBoard, state: &State, id: UnitId, n: usize) -> (usize, usize) {
    let u = state.unit(id).unwrap();
    let start = b.start_of(state, u).unwrap();
    let exact = b.double_of(state, u, &start).expect("on the motorway");
    let shown: Vec<(EdgeId, f64, f64)> = b
        .reach(state, id)
        .unwrap()
        .stretches
        .iter()
        .filter(|s| s.double_move)
        .map(|s| (s.edge, s.from_m, s.to_m))
        .collect();
    assert_eq!(shown, exact.ends, "the reach shown is the exact one");
    let by_samples = sampled(b, state, id, 2.0);
    let r = b.m(u.kind().road_move().unwrap());
    let (mut inside, mut only_exact) = (0, 0);
    for (edge, along, pos) in samples(b, start.centre, r, n) {
        let d_exact = depth(&exact.ends, edge, along);
        let d_sampled = depth(&by_samples, edge, along);
        // Within 5 cm of a boundary the millimetre rounding of positions decides.
        if d_exact.abs() < 0.05 || d_sampled.abs() < 0.05 {
            continue;
        }
        if d_sampled > 0.0 {
            assert!(
                d_exact > 0.0,
                "a legal end the reach misses: {edge:?} at {along:.2} m"
            );
        }
        if d_exact > 0.0 {
            inside += 1;
            only_exact += usize::from(d_sampled < 0.0);
            let to = MapPoint::from_m(pos);
            let proved = exact.vias(edge, along, pos).into_iter().take(4).any(|v| {
                let mv = Move {
                    unit: id,
                    to,
                    via: Some(MapPoint::from_m(v)),
                    off_road: false,
                };
                matches!(b.check_move(state, &mv), Ok(Location::Road(p)) if p.distance_m(to) < 0.01)
            });
            assert!(proved, "no first leg found for {edge:?} at {along:.2} m");
        }
    }
    (inside, only_exact)
}

#[test]
fn the_double_move_reach_is_exactly_what_the_check_accepts() {
    let map = bayreuth();
    let b = MapBoard::new(map, map.meta().scale);
    // A Scout and a Guard on the A 70 west of the A 9, one with Blue's Guards on the motorway
    // ahead and behind; a Scout on the A 9 interchange among the links.
    type Case<'a> = (UnitType, [f64; 2], &'a [[f64; 2]]);
    let cases: [Case; 4] = [
        (UnitType::Scout, [11.5299189, 50.0357548], &[]),
        (UnitType::Guard, [11.5100, 50.03905], &[]),
        (
            UnitType::Scout,
            [11.5385, 50.0350],
            &[[11.5200, 50.0370], [11.5650, 50.0322], [11.4960, 50.0393]],
        ),
        (UnitType::Scout, [11.6040, 50.0210], &[[11.6048, 50.0240]]),
    ];
    for (kind, at, enemies) in cases {
        let (state, id) = position(&b, kind, at, enemies);
        let (inside, only_exact) = agree(&b, &state, id, 1500);
        assert!(
            inside > 100,
            "{kind} at {at:?}: only {inside} points reached"
        );
        eprintln!("{kind} at {at:?}: {inside} points in the reach, {only_exact} found only by it");
    }
}

#[test]
fn the_scout_reaches_the_west_end_of_the_a70_through_a_first_leg_the_board_finds() {
    // Issue 17's example: 3.83 km along the motorway, within two card lengths.
    let map = bayreuth();
    let b = MapBoard::new(map, map.meta().scale);
    let (state, id) = position(&b, UnitType::Scout, [11.5299189, 50.0357548], &[]);
    let west_end = MapPoint::from_m(map.projection().to_xy(11.4762882, 50.034527));
    let start = state.unit_pos(id).unwrap();
    let away = start.distance_m(west_end);
    assert!((3800.0..3850.0).contains(&away), "{away}");
    assert!(away <= 2.0 * b.m(Measure::CardLength));
    let mv = b.may_go(&state, id, west_end).expect("a legal double move");
    assert!(mv.via.is_some(), "{mv:?}");
    assert!(
        matches!(b.check_move(&state, &mv), Ok(Location::Road(p)) if p.distance_m(west_end) < 0.01)
    );
}
