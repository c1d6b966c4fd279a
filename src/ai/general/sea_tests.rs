//! The sea play's decisions in small positions on the shipped Malta map (two islands, Malta and
//! Gozo, with the Gozo channel between): a Ship is built when the enemy lies across the water
//! and when the home island is full, units in the sailing port board, a Ship off the enemy lands
//! its party next to the aim, and a loaded Ship neither attacks nor sails where an enemy Ship can
//! strike it.

use std::path::Path;
use std::sync::OnceLock;

use super::*;
use crate::ai::Level;
use crate::map::GameMap;
use crate::rules::map_board::scenario_file::{parse, LoadedScenario};
use crate::rules::{check, defence_dice, Board, MapBoard, SeatView, State, Target};

fn malta() -> &'static GameMap {
    static MAP: OnceLock<GameMap> = OnceLock::new();
    MAP.get_or_init(|| {
        GameMap::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/malta")).unwrap()
    })
}

fn board() -> MapBoard<'static> {
    MapBoard::new(malta(), malta().meta().scale)
}

/// A main-phase position for Red against Blue with seafaring on: `settlements` and `units` are
/// the scenario file's arrays, `hand` Red's cards.
fn position(settlements: &str, units: &str, hand: &str) -> LoadedScenario {
    position_in("main", settlements, units, hand)
}

/// [`position`] in another phase.
fn position_in(phase: &str, settlements: &str, units: &str, hand: &str) -> LoadedScenario {
    position_fed(phase, settlements, units, hand, 3)
}

/// [`position_in`] with `food` tokens of Red's (3 at the start of a game).
fn position_fed(
    phase: &str,
    settlements: &str,
    units: &str,
    hand: &str,
    food: u32,
) -> LoadedScenario {
    let text = format!(
        r#"{{"map": "malta", "seed": 3,
  "players": [{{"name": "Red", "colour": "red"}}, {{"name": "Blue", "colour": "blue"}}],
  "options": {{"seafaring": true}}, "current": "Red", "phase": "{phase}", "turn": 9,
  "settlements": {settlements}, "units": {units}, "food": {{"Red": {food}}},
  "hands": {{"Red": {hand}, "Blue": ["2C"]}}}}"#
    );
    parse(malta(), &text).unwrap()
}

/// What the sea play of Red's general proposes, checked legal.
fn decide(state: &State, board: &MapBoard, f: impl Fn(&Ctx) -> Option<Command>) -> Option<Command> {
    let view = SeatView::of(state, state.actor());
    let ctx = Ctx::new(&view, board, Level::Normal);
    let cmd = f(&ctx);
    if let Some(c) = &cmd {
        assert!(check(state, board, c).is_ok(), "{c:?} is not legal");
    }
    cmd
}

/// The nearest sea to the place at `lonlat`, as "[lon, lat]" for a scenario: the first water
/// point on rings of growing radius, so a Ship put there lies in that port's harbour.
fn sea_off(lonlat: [f64; 2]) -> String {
    water_ring(
        malta().projection().to_xy(lonlat[0], lonlat[1]),
        100,
        100,
        3000,
    )
}

/// The first water point on rings round `c` (metres) of radius `from`, `from + step`, … up to
/// `to`, as "[lon, lat]".
fn water_ring(c: [f64; 2], from: u32, step: usize, to: u32) -> String {
    let map = malta();
    for r in (from..to).step_by(step) {
        for k in 0..32 {
            let a = f64::from(k) * std::f64::consts::PI / 16.0;
            let p = [c[0] + f64::from(r) * a.cos(), c[1] + f64::from(r) * a.sin()];
            if map.is_water(p) {
                let ll = map.projection().to_lonlat(p);
                return format!("[{}, {}]", ll[0], ll[1]);
            }
        }
    }
    panic!("no sea near {c:?}")
}

const CIRKEWWA: [f64; 2] = [14.3384623, 35.981481];

/// Red on Malta round Iċ-Ċirkewwa, Blue's only settlement Ix-Xagħra on Gozo.
const ACROSS: &str = r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true},
  {"id": "xemxija", "owner": "Red", "place": "Ix-Xemxija"},
  {"id": "xaghra", "owner": "Blue", "place": "Ix-Xagħra", "fort": true, "base": true}
]"#;

/// Five more Invaders of Red's in its base: with them its army is big enough to sail for an
/// enemy while there is still room at home.
const RESERVE: &str = r#",
    {"id": "r1", "owner": "Red", "type": "invader", "in": "base"},
    {"id": "r2", "owner": "Red", "type": "invader", "in": "base"},
    {"id": "r3", "owner": "Red", "type": "invader", "in": "base"},
    {"id": "r4", "owner": "Red", "type": "invader", "in": "base"},
    {"id": "r5", "owner": "Red", "type": "invader", "in": "base"}"#;

/// `n` Invaders of Red's in its base, and Blue's Guard at home.
fn invaders(n: usize) -> String {
    let mut units: Vec<String> = (0..n)
        .map(|i| format!(r#"{{"id": "i{i}", "owner": "Red", "type": "invader", "in": "base"}}"#))
        .collect();
    units.push(r#"{"id": "b", "owner": "Blue", "type": "guard", "in": "xaghra"}"#.into());
    format!("[{}]", units.join(","))
}

#[test]
fn a_ship_is_built_for_an_enemy_across_the_water_once_the_army_can_spare_a_landing_party() {
    let board = board();
    let sc = position(ACROSS, &invaders(8), r#"["10S", "9S", "2H"]"#);
    match decide(&sc.state, &board, main_phase) {
        Some(Command::BuildShip(b)) => assert_eq!(b.port, sc.settlements["base"]),
        other => panic!("expected a Ship built at Iċ-Ċirkewwa, the port nearest Gozo: {other:?}"),
    }
    // A small army with free places at home builds at home first.
    let sc = position(ACROSS, &invaders(3), r#"["10S", "9S", "2H"]"#);
    assert_eq!(decide(&sc.state, &board, main_phase), None);
}

/// Adds an empty settlement of Red's at `at` to a scenario's settlements, as "s<n>".
fn red_town_at(settlements: &mut Vec<String>, at: MapPoint) {
    let ll = malta().projection().to_lonlat(at.to_m());
    settlements.push(format!(
        r#"{{"id": "s{}", "owner": "Red", "at": [{}, {}]}}"#,
        settlements.len(),
        ll[0],
        ll[1]
    ));
}

#[test]
fn a_ship_is_built_when_the_home_island_is_full_and_not_before() {
    let board = board();
    // Red fills Gozo round its base at Ix-Xagħra, place by place, as free places remain there;
    // Blue holds Il-Furjana on Malta.
    let mut settlements = vec![
        r#"{"id": "base", "owner": "Red", "place": "Ix-Xagħra", "fort": true, "base": true}"#
            .to_string(),
        r#"{"id": "blue", "owner": "Blue", "place": "Il-Furjana", "fort": true, "base": true}"#
            .to_string(),
    ];
    let units = r#"[{"id": "g", "owner": "Red", "type": "guard", "in": "base"},
        {"id": "i", "owner": "Red", "type": "invader", "in": "base"},
        {"id": "j", "owner": "Red", "type": "invader", "in": "base"},
        {"id": "b", "owner": "Blue", "type": "guard", "in": "blue"}]"#;
    let hand = r#"["10S", "9S", "2H"]"#;
    let gozo = board.land_group(MapPoint::from_m(
        malta().projection().to_xy(14.2648446, 36.0502996),
    ));
    let mut last_room: Option<LoadedScenario> = None;
    let full = loop {
        let sc = position(&format!("[{}]", settlements.join(",")), units, hand);
        let view = SeatView::of(&sc.state, sc.state.actor());
        let ctx = Ctx::new(&view, &board, Level::Normal);
        let Some((_, at, _)) = ctx
            .free_sites()
            .into_iter()
            .find(|(_, p, _)| board.land_group(*p) == gozo)
        else {
            break sc;
        };
        red_town_at(&mut settlements, at);
        last_room = Some(sc);
    };
    let room = last_room.expect("Gozo had room at first");
    assert_eq!(
        decide(&room.state, &board, main_phase),
        None,
        "one free place left on Gozo: no Ship yet"
    );
    match decide(&full.state, &board, main_phase) {
        Some(Command::BuildShip(b)) => {
            let port = full.state.settlement(b.port).unwrap().pos();
            assert_eq!(board.land_group(port), gozo, "built at a port of Gozo");
        }
        other => panic!("Gozo is full: expected a Ship, got {other:?}"),
    }
}

#[test]
fn units_in_the_sailing_port_board_and_a_full_ship_sails_for_the_enemy() {
    let board = board();
    let ship = format!(
        r#"{{"id": "ship", "owner": "Red", "type": "ship", "at": {}}}"#,
        sea_off(CIRKEWWA)
    );
    let mut units = invaders(8);
    units.insert_str(1, &format!("{ship},"));
    let sc = position(ACROSS, &units, r#"["2H"]"#);
    let ship = sc.unit("ship").unwrap();
    match decide(&sc.state, &board, main_phase) {
        Some(Command::BoardShip(b)) => assert_eq!(b.ship, ship),
        other => panic!("expected an Invader boarding the Ship in harbour: {other:?}"),
    }
    // Three aboard: the Ship sails towards Gozo.
    let units = units.replace(
        r#""id": "i0", "owner": "Red", "type": "invader", "in": "base""#,
        r#""id": "i0", "owner": "Red", "type": "invader", "aboard": "ship""#,
    );
    let units = units
        .replace(
            r#""i1", "owner": "Red", "type": "invader", "in": "base""#,
            r#""i1", "owner": "Red", "type": "invader", "aboard": "ship""#,
        )
        .replace(
            r#""i2", "owner": "Red", "type": "invader", "in": "base""#,
            r#""i2", "owner": "Red", "type": "invader", "aboard": "ship""#,
        );
    let sc = position(ACROSS, &units, r#"["2H"]"#);
    assert_eq!(sc.state.cargo(ship).len(), 3);
    let from = sc.state.unit_pos(ship).unwrap();
    let aim = sc.state.settlement(sc.settlements["xaghra"]).unwrap().pos();
    match decide(&sc.state, &board, main_phase) {
        Some(Command::Move(mv)) => {
            assert_eq!(mv.unit, ship);
            assert!(
                mv.to.distance_m(aim) < from.distance_m(aim) - 1000.0,
                "the Ship closes on Ix-Xagħra"
            );
        }
        other => panic!("expected the full Ship to sail: {other:?}"),
    }
}

/// Red's Ship with three Invaders aboard lying off Gozo's south-east coast, Blue holding
/// Għajnsielem; `extra` more units.
fn off_gozo(extra: &str) -> LoadedScenario {
    position(
        r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true},
  {"id": "gh", "owner": "Blue", "place": "Għajnsielem", "fort": true, "base": true}
]"#,
        &format!(
            r#"[{{"id": "ship", "owner": "Red", "type": "ship", "at": [14.305, 36.012]}},
            {{"id": "a", "owner": "Red", "type": "invader", "aboard": "ship"}},
            {{"id": "b", "owner": "Red", "type": "invader", "aboard": "ship"}},
            {{"id": "c", "owner": "Red", "type": "invader", "aboard": "ship"}},
            {{"id": "g", "owner": "Red", "type": "guard", "in": "base"}}{RESERVE},
            {{"id": "x", "owner": "Blue", "type": "guard", "in": "gh"}}{extra}]"#
        ),
        r#"["2H"]"#,
    )
}

#[test]
fn a_party_off_the_enemy_lands_within_striking_distance_of_it() {
    let board = board();
    let sc = off_gozo("");
    let aim = sc.state.settlement(sc.settlements["gh"]).unwrap().pos();
    let breadth = sc.setup.scale.measure_m(crate::map::Measure::CardBreadth);
    match decide(&sc.state, &board, main_phase) {
        Some(Command::Land(l)) => {
            assert!(l.to.distance_m(aim) <= breadth, "it may attack this turn");
            assert_eq!(board.land_group(l.to), board.land_group(aim), "on Gozo");
        }
        other => panic!("expected a landing: {other:?}"),
    }
}

#[test]
fn a_loaded_ship_neither_attacks_a_ship_nor_sails_within_its_strike() {
    let board = board();
    let settlements = r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true},
  {"id": "gh", "owner": "Blue", "place": "Għajnsielem", "fort": true, "base": true}
]"#;
    // Red's Ship off Gozo and a Blue Ship beside it, with and without a party aboard Red's.
    let ships = |aboard: &str| {
        format!(
            r#"[{{"id": "ship", "owner": "Red", "type": "ship", "at": [14.305, 36.012]}},
            {{"id": "bs", "owner": "Blue", "type": "ship", "at": [14.31, 36.008]}},
            {{"id": "g", "owner": "Red", "type": "guard", "{aboard}"}},
            {{"id": "x", "owner": "Blue", "type": "guard", "in": "gh"}}]"#
        )
    };
    let loaded = position_in("attack", settlements, &ships(r#"aboard": "ship"#), "[]");
    assert_eq!(
        decide(&loaded.state, &board, attack),
        None,
        "no attack with a party aboard"
    );
    let empty = position_in("attack", settlements, &ships(r#"in": "base"#), "[]");
    let bs = empty.unit("bs").unwrap();
    match decide(&empty.state, &board, attack) {
        Some(Command::Attack(a)) => assert_eq!(a.target, Target::Unit(bs)),
        other => panic!("an empty Ship takes an even fight: {other:?}"),
    }
    // Loaded in harbour at Iċ-Ċirkewwa, bound for Ix-Xagħra, with a Blue Ship in mid-channel:
    // wherever it sails, it does not end within that Ship's strike.
    let blue_at = [14.30, 36.015];
    let sc = position(
        ACROSS,
        &format!(
            r#"[{{"id": "ship", "owner": "Red", "type": "ship", "at": {}}},
            {{"id": "bs", "owner": "Blue", "type": "ship", "at": [{}, {}]}},
            {{"id": "a", "owner": "Red", "type": "invader", "aboard": "ship"}},
            {{"id": "b", "owner": "Red", "type": "invader", "aboard": "ship"}},
            {{"id": "c", "owner": "Red", "type": "invader", "aboard": "ship"}},
            {{"id": "g", "owner": "Red", "type": "guard", "in": "base"}}{RESERVE},
            {{"id": "x", "owner": "Blue", "type": "guard", "in": "xaghra"}}]"#,
            sea_off(CIRKEWWA),
            blue_at[0],
            blue_at[1]
        ),
        r#"["2H"]"#,
    );
    let blue = MapPoint::from_m(malta().projection().to_xy(blue_at[0], blue_at[1]));
    let breadth = sc.setup.scale.measure_m(crate::map::Measure::CardBreadth);
    let ship = sc.unit("ship").unwrap();
    let from = sc.state.unit_pos(ship).unwrap();
    assert!(
        from.distance_m(blue) > breadth,
        "the harbour is out of its strike"
    );
    match decide(&sc.state, &board, main_phase) {
        Some(Command::Move(mv)) if mv.unit == ship => assert!(
            mv.to.distance_m(blue) > breadth,
            "sailed into the Blue Ship's strike: {mv:?}"
        ),
        _ => {}
    }
    // With the Blue Ship gone, the same Ship sails.
    let free = position(
        ACROSS,
        &format!(
            r#"[{{"id": "ship", "owner": "Red", "type": "ship", "at": {}}},
            {{"id": "a", "owner": "Red", "type": "invader", "aboard": "ship"}},
            {{"id": "b", "owner": "Red", "type": "invader", "aboard": "ship"}},
            {{"id": "c", "owner": "Red", "type": "invader", "aboard": "ship"}},
            {{"id": "g", "owner": "Red", "type": "guard", "in": "base"}}{RESERVE},
            {{"id": "x", "owner": "Blue", "type": "guard", "in": "xaghra"}}]"#,
            sea_off(CIRKEWWA)
        ),
        r#"["2H"]"#,
    );
    assert!(matches!(
        decide(&free.state, &board, main_phase),
        Some(Command::Move(mv)) if mv.unit == free.unit("ship").unwrap()
    ));
}

#[path = "sea_war_tests.rs"]
mod war;

#[path = "sea_fleet_tests.rs"]
mod fleet;

#[test]
fn with_every_place_built_spades_are_kept_for_the_ships_an_expedition_lacks() {
    let board = board();
    // Red fills every free place on the map round its base at Iċ-Ċirkewwa (its twelve Invaders
    // in the fortified base, the new settlements empty); Blue holds Ix-Xagħra on Gozo.
    let mut settlements = vec![
        r#"{"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true}"#
            .to_string(),
        r#"{"id": "xaghra", "owner": "Blue", "place": "Ix-Xagħra", "fort": true, "base": true}"#
            .to_string(),
    ];
    let units = invaders(12);
    // Four of spades and two of diamonds: six towards a Ship, short of the Creation Total.
    let hand = r#"["4S", "2D"]"#;
    let full = loop {
        let sc = position(&format!("[{}]", settlements.join(",")), &units, hand);
        let view = SeatView::of(&sc.state, sc.state.actor());
        let ctx = Ctx::new(&view, &board, Level::Normal);
        let Some((_, at, _)) = ctx.free_sites().into_iter().next() else {
            break sc;
        };
        red_town_at(&mut settlements, at);
    };
    let view = SeatView::of(&full.state, full.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    assert!(ctx.free_sites().is_empty());
    assert!(
        ship_wanted(&ctx),
        "Blue lies across the water and Red has no Ship"
    );
    assert_eq!(
        crate::ai::general::economy::swap(&ctx, &[]),
        None,
        "the four of spades is not swapped away"
    );
    // With Blue on Malta instead (Ix-Xagħra Red's, one of Red's towns on Malta Blue's),
    // nothing lies across the water: the spades buy nothing and are swapped with the
    // diamond for two fresh cards.
    let home = board.land_group(
        full.state
            .settlement(full.settlements["base"])
            .unwrap()
            .pos(),
    );
    let mut towns: Vec<(&String, &SettlementId)> = full.settlements.iter().collect();
    towns.sort();
    let (blue_id, _) = towns
        .into_iter()
        .find(|(id, s)| {
            id.starts_with('s')
                && board.land_group(full.state.settlement(**s).unwrap().pos()) == home
        })
        .expect("a town of Red's on Malta");
    let moved: Vec<String> = settlements
        .iter()
        .map(|s| {
            if s.contains(r#""id": "xaghra""#) {
                s.replace(r#""owner": "Blue""#, r#""owner": "Red""#)
                    .replace(r#", "base": true"#, "")
            } else if s.contains(&format!(r#""id": "{blue_id}""#)) {
                s.replace(r#""owner": "Red""#, r#""owner": "Blue", "base": true"#)
            } else {
                s.clone()
            }
        })
        .collect();
    let alone = position(
        &format!("[{}]", moved.join(",")),
        &units.replace(r#""in": "xaghra""#, &format!(r#""in": "{blue_id}""#)),
        hand,
    );
    let view = SeatView::of(&alone.state, alone.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    assert!(!ship_wanted(&ctx));
    assert!(
        matches!(
            crate::ai::general::economy::swap(&ctx, &[]),
            Some(Command::SwapDiamond(_))
        ),
        "nothing to build: the spade goes"
    );
}

#[test]
fn a_ship_off_another_island_does_not_make_its_towns_the_land_armys_objective() {
    let board = board();
    // Red's army stands in Iċ-Ċirkewwa on Malta; its empty Ship lies off L-Imġarr on Gozo, where
    // Blue's only town is, out beyond the harbour (a Ship on a free place's coin would be kept
    // out of the army as waiting there for the spades). No road joins Red's army to Blue.
    let imgarr = malta().projection().to_xy(14.2964033, 36.0245447);
    let units = invaders(8).replacen(
        '[',
        &format!(
            r#"[{{"id": "ship", "owner": "Red", "type": "ship", "at": {}}},"#,
            water_ring(imgarr, 800, 100, 3000)
        ),
        1,
    );
    let sc = position(ACROSS, &units, r#"["2H"]"#);
    let view = SeatView::of(&sc.state, sc.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    let ship = sc.unit("ship").unwrap();
    assert_eq!(board.place_under(sc.state.unit_pos(ship).unwrap()), None);
    let (free, _) = crate::ai::general::moves::army(&ctx, &ctx.free_sites());
    let xaghra = sc.state.settlement(sc.settlements["xaghra"]).unwrap().pos();
    assert_ne!(
        board.land_group(xaghra),
        board.land_group(sc.state.settlement(sc.settlements["base"]).unwrap().pos())
    );
    // Crossing is the sea play's: the land army has no objective across the water.
    assert!(
        crate::ai::general::war::objective(&ctx, &free, &[]).is_none(),
        "no land objective on Gozo"
    );
    assert!(!free.contains(&ship));
}

#[test]
fn a_town_short_of_defenders_is_filled_by_a_unit_ashore_not_by_the_ship_in_its_harbour() {
    let board = board();
    // Red's base stands empty; its Ship lies in the harbour, an Invader on the road outside.
    let units = format!(
        r#"[{{"id": "ship", "owner": "Red", "type": "ship", "at": {}}},
            {{"id": "i", "owner": "Red", "type": "invader", "at": [14.352, 35.975]}},
            {{"id": "b", "owner": "Blue", "type": "guard", "in": "xaghra"}}]"#,
        sea_off(CIRKEWWA)
    );
    let sc = position(ACROSS, &units, r#"["2H"]"#);
    let view = SeatView::of(&sc.state, sc.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    let base = sc.state.settlement(sc.settlements["base"]).unwrap();
    assert!(ctx.garrison_wanted(base) >= 1);
    let invader = sc.unit("i").unwrap();
    let pos = sc.state.unit_pos(invader).unwrap();
    assert!(pos.distance_m(base.pos()) > 500.0);
    let planned = crate::ai::general::moves::plan(&ctx);
    assert!(
        planned
            .iter()
            .all(|c| !matches!(c, Command::Move(m) if m.unit == sc.unit("ship").unwrap())),
        "the land plan moves no Ship: {planned:?}"
    );
    assert!(
        planned
            .iter()
            .any(|c| matches!(c, Command::Move(m) if m.unit == invader && m.to == base.pos())),
        "the Invader goes into the empty base: {planned:?}"
    );
}
