//! The war across the water, in small positions on Malta: the army at home keeps crossing after a
//! first town across the water has fallen, the next wave lands by the army already ashore, the
//! Ships in harbour sail as one wave, an enemy party ashore is met, and the last Ships of a
//! player with no settlement left are hunted down.

use super::*;
use crate::ai::general::moves;

/// Red's base at Iċ-Ċirkewwa and Ix-Xemxija on Malta and Għajnsielem on Gozo, taken from Blue,
/// who holds Ix-Xagħra and Marsalforn.
const FOOTHOLD: &str = r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true},
  {"id": "xemxija", "owner": "Red", "place": "Ix-Xemxija"},
  {"id": "gh", "owner": "Red", "place": "Għajnsielem"},
  {"id": "xaghra", "owner": "Blue", "place": "Ix-Xagħra", "fort": true, "base": true},
  {"id": "ms", "owner": "Blue", "place": "Marsalforn"}
]"#;

fn foothold_units(extra: &str) -> String {
    let mut units: Vec<String> = (0..8)
        .map(|i| format!(r#"{{"id": "i{i}", "owner": "Red", "type": "invader", "in": "base"}}"#))
        .collect();
    units.push(r#"{"id": "p", "owner": "Red", "type": "invader", "in": "gh"}"#.into());
    units.push(r#"{"id": "b", "owner": "Blue", "type": "guard", "in": "xaghra"}"#.into());
    units.push(r#"{"id": "m", "owner": "Blue", "type": "guard", "in": "ms"}"#.into());
    format!("[{}{extra}]", units.join(","))
}

#[test]
fn after_a_town_across_the_water_falls_the_army_at_home_still_crosses() {
    let board = board();
    // With the enemy on Gozo and Red holding a town there too, Malta is still a land with no
    // enemy on it: its army builds a Ship at the port nearest Gozo...
    let sc = position(FOOTHOLD, &foothold_units(""), r#"["10S", "9S", "2H"]"#);
    match decide(&sc.state, &board, main_phase) {
        Some(Command::BuildShip(b)) => assert_eq!(b.port, sc.settlements["base"]),
        other => panic!("expected a Ship built at Iċ-Ċirkewwa: {other:?}"),
    }
    // ...and boards the Ship in harbour there.
    let ship = format!(
        r#", {{"id": "ship", "owner": "Red", "type": "ship", "at": {}}}"#,
        sea_off(CIRKEWWA)
    );
    let sc = position(FOOTHOLD, &foothold_units(&ship), r#"["2H"]"#);
    match decide(&sc.state, &board, main_phase) {
        Some(Command::BoardShip(b)) => assert_eq!(b.ship, sc.unit("ship").unwrap()),
        other => panic!("expected an Invader boarding at Iċ-Ċirkewwa: {other:?}"),
    }
    // The units in Ix-Xemxija, with nothing to fight on Malta, walk to the sailing port.
    let units =
        foothold_units(r#", {"id": "w", "owner": "Red", "type": "invader", "in": "xemxija"}"#);
    let sc = position(FOOTHOLD, &units, r#"["2H"]"#);
    let w = sc.unit("w").unwrap();
    let port = sc.state.settlement(sc.settlements["base"]).unwrap().pos();
    let from = sc.state.unit_pos(w).unwrap();
    let view = SeatView::of(&sc.state, sc.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    let mv = moves::plan(&ctx).into_iter().find_map(|c| match c {
        Command::Move(m) if m.unit == w => Some(m),
        _ => None,
    });
    let mv = mv.expect("the Invader in Ix-Xemxija moves");
    assert!(
        mv.to.distance_m(port) < from.distance_m(port) - 500.0,
        "it walks towards Iċ-Ċirkewwa: {mv:?}"
    );
}

#[test]
fn the_next_wave_lands_by_the_army_already_ashore() {
    let board = board();
    // Red holds Iż-Żebbuġ on Gozo's north coast; Blue Ta' Sannat by the channel, Marsalforn
    // next to Red's foothold, and its base Ix-Xagħra. A loaded Ship off Gozo's south-east
    // makes for Marsalforn, by the army ashore, not for the town nearest the home port.
    let settlements = r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true},
  {"id": "zb", "owner": "Red", "place": "Iż-Żebbuġ"},
  {"id": "xaghra", "owner": "Blue", "place": "Ix-Xagħra", "fort": true, "base": true},
  {"id": "sannat", "owner": "Blue", "place": "Ta' Sannat"},
  {"id": "ms", "owner": "Blue", "place": "Marsalforn"}
]"#;
    let units = r#"[{"id": "ship", "owner": "Red", "type": "ship", "at": [14.305, 36.012]},
        {"id": "a", "owner": "Red", "type": "invader", "aboard": "ship"},
        {"id": "b", "owner": "Red", "type": "invader", "aboard": "ship"},
        {"id": "c", "owner": "Red", "type": "invader", "aboard": "ship"},
        {"id": "z1", "owner": "Red", "type": "invader", "in": "zb"},
        {"id": "z2", "owner": "Red", "type": "invader", "in": "zb"},
        {"id": "g", "owner": "Red", "type": "guard", "in": "base"},
        {"id": "x1", "owner": "Blue", "type": "guard", "in": "xaghra"},
        {"id": "x2", "owner": "Blue", "type": "guard", "in": "xaghra"},
        {"id": "s", "owner": "Blue", "type": "guard", "in": "sannat"},
        {"id": "m", "owner": "Blue", "type": "guard", "in": "ms"}]"#;
    let sc = position(
        settlements,
        &format!("{}{RESERVE}]", &units[..units.len() - 1]),
        "[]",
    );
    let ship = sc.unit("ship").unwrap();
    let ms = sc.state.settlement(sc.settlements["ms"]).unwrap().pos();
    let from = sc.state.unit_pos(ship).unwrap();
    match decide(&sc.state, &board, main_phase) {
        Some(Command::Move(mv)) => {
            assert_eq!(mv.unit, ship);
            // Over water: Marsalforn lies on the north coast, round Gozo's eastern tip.
            let way = |p| board.sea_distance(p, ms).unwrap();
            assert!(
                way(mv.to) < way(from) - 1000.0,
                "the Ship closes on Marsalforn: {mv:?}"
            );
        }
        other => panic!("expected the Ship to sail for Marsalforn: {other:?}"),
    }
}

/// Red's two Ships in harbour at Iċ-Ċirkewwa, one full and one with a single Invader aboard,
/// bound for Ix-Xagħra, the rest of the army in Ix-Xemxija; `extra` more units.
fn wave(extra: &str) -> LoadedScenario {
    let at = sea_off(CIRKEWWA);
    position(
        ACROSS,
        &format!(
            r#"[{{"id": "s1", "owner": "Red", "type": "ship", "at": {at}}},
            {{"id": "s2", "owner": "Red", "type": "ship", "at": {at}}},
            {{"id": "a", "owner": "Red", "type": "invader", "aboard": "s1"}},
            {{"id": "b", "owner": "Red", "type": "invader", "aboard": "s1"}},
            {{"id": "c", "owner": "Red", "type": "invader", "aboard": "s1"}},
            {{"id": "d", "owner": "Red", "type": "invader", "aboard": "s2"}},
            {{"id": "g", "owner": "Red", "type": "guard", "in": "base"}}{},
            {{"id": "x", "owner": "Blue", "type": "guard", "in": "xaghra"}}{extra}]"#,
            RESERVE.replace(r#""in": "base""#, r#""in": "xemxija""#)
        ),
        r#"["2H"]"#,
    )
}

#[test]
fn the_ships_in_harbour_sail_as_one_wave() {
    let board = board();
    // An Invader on the road a short walk from the port: both Ships wait for it, the full one
    // too, so the first landing is four strong rather than three and then one.
    let sc = wave(r#", {"id": "w", "owner": "Red", "type": "invader", "at": [14.345, 35.975]}"#);
    let w = sc.unit("w").unwrap();
    let port = sc.state.settlement(sc.settlements["base"]).unwrap().pos();
    let card_len = sc.setup.scale.measure_m(crate::map::Measure::CardLength);
    assert!(sc.state.unit_pos(w).unwrap().distance_m(port) <= card_len);
    assert_eq!(
        decide(&sc.state, &board, main_phase),
        None,
        "the wave waits"
    );
    // With no one more coming, the wave sails.
    let sc = wave("");
    match decide(&sc.state, &board, main_phase) {
        Some(Command::Move(mv)) => {
            assert!([sc.unit("s1"), sc.unit("s2")].contains(&Some(mv.unit)))
        }
        other => panic!("expected a Ship of the wave to sail: {other:?}"),
    }
}

/// Red's base at Iċ-Ċirkewwa and Il-Mosta with `army` Invaders in it, Blue's base Ix-Xagħra
/// across the water, and `raiders` Blue Invaders landed south of Il-Mosta.
fn raided(army: usize, raiders: usize) -> LoadedScenario {
    let settlements = r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true},
  {"id": "mosta", "owner": "Red", "place": "Il-Mosta"},
  {"id": "xaghra", "owner": "Blue", "place": "Ix-Xagħra", "fort": true, "base": true}
]"#;
    let mut units: Vec<String> = (0..army)
        .map(|i| format!(r#"{{"id": "i{i}", "owner": "Red", "type": "invader", "in": "mosta"}}"#))
        .collect();
    units.push(r#"{"id": "g", "owner": "Red", "type": "guard", "in": "base"}"#.into());
    for i in 0..raiders {
        units.push(format!(
            r#"{{"id": "r{i}", "owner": "Blue", "type": "invader", "at": [14.44, 35.875]}}"#
        ));
    }
    units.push(r#"{"id": "x", "owner": "Blue", "type": "guard", "in": "xaghra"}"#.into());
    position(
        settlements,
        &format!("[{}]", units.join(",")),
        r#"["10S", "9S", "2H"]"#,
    )
}

/// The main phase's moves, split into those closing on `raid` and those closing on `port`.
fn split_moves(sc: &LoadedScenario, raid: MapPoint, port: MapPoint) -> (usize, usize, usize) {
    let board = board();
    let view = SeatView::of(&sc.state, sc.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    let (mut to_raid, mut to_port, mut other) = (0, 0, 0);
    for c in moves::plan(&ctx) {
        let Command::Move(m) = c else { continue };
        let from = sc.state.unit_pos(m.unit).unwrap();
        if m.to.distance_m(raid) < from.distance_m(raid) - 500.0 {
            to_raid += 1;
        } else if m.to.distance_m(port) < from.distance_m(port) - 500.0 {
            to_port += 1;
        } else {
            other += 1;
        }
    }
    (to_raid, to_port, other)
}

#[test]
fn a_landing_in_strength_is_met_by_the_whole_army() {
    // Three of Blue's Invaders ashore against Red's seven: every free unit goes for them.
    let sc = raided(6, 3);
    let raid = sc.state.unit_pos(sc.unit("r0").unwrap()).unwrap();
    let port = sc.state.settlement(sc.settlements["base"]).unwrap().pos();
    let (to_raid, to_port, other) = split_moves(&sc, raid, port);
    assert!(to_raid >= 3, "the army goes out: {to_raid} to the raid");
    assert_eq!((to_port, other), (0, 0), "every move closes on the party");
}

#[test]
fn a_raid_is_met_by_a_detachment_while_the_army_still_sails() {
    // One Blue Invader ashore against Red's thirteen: four go for it, the Ships are still
    // built and the rest walks to the sailing port. (Every free unit turning on each raid of
    // three, and the Ships idle while anyone stood on the island, kept forty of Blue's units
    // walking between Iċ-Ċirkewwa and Red's raids for two hundred turns on Malta.)
    let board = board();
    let sc = raided(12, 1);
    match decide(&sc.state, &board, main_phase) {
        Some(Command::BuildShip(b)) => assert_eq!(b.port, sc.settlements["base"]),
        other => panic!("expected a Ship built at Iċ-Ċirkewwa: {other:?}"),
    }
    let raid = sc.state.unit_pos(sc.unit("r0").unwrap()).unwrap();
    let port = sc.state.settlement(sc.settlements["base"]).unwrap().pos();
    let (to_raid, to_port, _) = split_moves(&sc, raid, port);
    assert!(
        (1..=4).contains(&to_raid),
        "a detachment of at most four meets one raider: {to_raid}"
    );
    assert!(to_port >= 5, "the rest heads for the port: {to_port}");
}

#[test]
fn the_last_ships_of_a_player_without_settlements_are_hunted() {
    let board = board();
    // Blue has lost every settlement; its last Guard is aboard a Ship in the Gozo channel.
    let settlements = r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true}
]"#;
    let units = format!(
        r#"[{{"id": "ship", "owner": "Red", "type": "ship", "at": {}}},
        {{"id": "g", "owner": "Red", "type": "guard", "in": "base"}},
        {{"id": "bs", "owner": "Blue", "type": "ship", "at": [14.27, 36.005]}},
        {{"id": "x", "owner": "Blue", "type": "guard", "aboard": "bs"}}]"#,
        sea_off(CIRKEWWA)
    );
    let sc = position(settlements, &units, r#"["2H"]"#);
    let ship = sc.unit("ship").unwrap();
    let prey = sc.state.unit_pos(sc.unit("bs").unwrap()).unwrap();
    let from = sc.state.unit_pos(ship).unwrap();
    match decide(&sc.state, &board, main_phase) {
        Some(Command::Move(mv)) => {
            assert_eq!(mv.unit, ship);
            assert!(mv.to.distance_m(prey) < from.distance_m(prey) - 1000.0);
        }
        other => panic!("expected Red's Ship to go after Blue's: {other:?}"),
    }
}

/// The nearest water to the map point `xy` (metres), as "[lon, lat]" for a scenario.
fn water_near(xy: [f64; 2]) -> String {
    water_ring(xy, 0, 50, 2000)
}

#[test]
fn a_hunting_ship_sails_round_valletta_to_its_prey() {
    let board = board();
    // Blue's last Ship lies in the Grand Harbour, Red's in Marsamxett: a kilometre apart in a
    // straight line, Valletta between them. Red's goes round (on main it lay there for a
    // hundred turns, "close enough", and the game never ended).
    let settlements = r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true}
]"#;
    let units = format!(
        r#"[{{"id": "ship", "owner": "Red", "type": "ship", "at": {}}},
        {{"id": "g", "owner": "Red", "type": "guard", "in": "base"}},
        {{"id": "bs", "owner": "Blue", "type": "ship", "at": {}}}]"#,
        water_near([10_900.0, -4_300.0]),
        water_near([11_546.0, -4_910.0])
    );
    let sc = position(settlements, &units, r#"["2H"]"#);
    let (ship, prey) = (sc.unit("ship").unwrap(), sc.unit("bs").unwrap());
    let from = sc.state.unit_pos(ship).unwrap();
    let at = sc.state.unit_pos(prey).unwrap();
    let straight = from.distance_m(at);
    let card_breadth = sc.setup.scale.measure_m(crate::map::Measure::CardBreadth);
    assert!(straight < card_breadth, "{straight} m apart");
    assert!(
        board
            .check_attack_reach(&sc.state, ship, Target::Unit(prey))
            .is_err(),
        "no attack over Valletta"
    );
    let round = board.sea_distance(from, at).unwrap();
    assert!(round > 2.0 * straight, "round the coast {round} m");
    match decide(&sc.state, &board, main_phase) {
        Some(Command::Move(mv)) => {
            assert_eq!(mv.unit, ship);
            let left = board.sea_distance(mv.to, at).unwrap();
            assert!(left < round - 500.0, "it gets round: {left} m left");
        }
        other => panic!("expected Red's Ship to sail round Valletta: {other:?}"),
    }
}

#[test]
fn a_hunter_that_cannot_strike_from_the_coins_edge_finds_a_way_to_strike() {
    let board = board();
    // Seed 7 on Malta at turn 300: Blue's last Ship lies up the creek at Bormla, Red's at its
    // coin's edge in the Grand Harbour with the point of Isla between them — no way over water
    // within the attack's circle, and no move nearer. On main it lay there for 120 turns.
    let settlements = r#"[
  {"id": "base", "owner": "Red", "place": "Il-Birgu", "fort": true, "base": true}
]"#;
    let ll = |x: f64, y: f64| {
        let p = malta().projection().to_lonlat([x, y]);
        format!("[{}, {}]", p[0], p[1])
    };
    let units = format!(
        r#"[{{"id": "ship", "owner": "Red", "type": "ship", "at": {}}},
        {{"id": "g", "owner": "Red", "type": "guard", "in": "base"}},
        {{"id": "bs", "owner": "Blue", "type": "ship", "at": {}}}]"#,
        ll(12_219.383, -5_323.923),
        ll(12_624.425, -5_879.853)
    );
    let sc = position(settlements, &units, r#"["2H"]"#);
    let (ship, prey) = (sc.unit("ship").unwrap(), sc.unit("bs").unwrap());
    assert!(
        board
            .check_attack_reach(&sc.state, ship, Target::Unit(prey))
            .is_err(),
        "no attack from the coin's edge"
    );
    match decide(&sc.state, &board, main_phase) {
        Some(cmd @ Command::Move(_)) => {
            let mut after = sc.state.clone();
            crate::rules::execute(&mut after, &board, &cmd).unwrap();
            let reach = board.check_attack_reach(&after, ship, Target::Unit(prey));
            assert!(
                reach.is_ok(),
                "{cmd:?} leaves it unable to strike: {reach:?}"
            );
        }
        other => panic!("expected Red's Ship to move where it can strike: {other:?}"),
    }
}

#[test]
fn a_weak_wave_waits_in_harbour_for_the_empty_ship_coming_back() {
    let board = board();
    // Two full Ships in harbour at Iċ-Ċirkewwa, an Invader on the road to the port, the third
    // Ship empty a few kilometres off on its way back, and five Blue Guards in Ix-Xagħra: six
    // aboard are too few to land by five defenders, so the full Ships wait for the empty one.
    // (On main they sailed as they filled, and on Malta each party of three to nine died
    // ashore before the next came.)
    let cirkewwa = malta().projection().to_xy(CIRKEWWA[0], CIRKEWWA[1]);
    let units = |back: &str| {
        format!(
            r#", {{"id": "s3", "owner": "Red", "type": "ship", "at": {back}}},
            {{"id": "e", "owner": "Red", "type": "invader", "aboard": "s2"}},
            {{"id": "f", "owner": "Red", "type": "invader", "aboard": "s2"}},
            {{"id": "w", "owner": "Red", "type": "invader", "at": [14.345, 35.975]}},
            {{"id": "x1", "owner": "Blue", "type": "guard", "in": "xaghra"}},
            {{"id": "x2", "owner": "Blue", "type": "guard", "in": "xaghra"}},
            {{"id": "x3", "owner": "Blue", "type": "guard", "in": "xaghra"}},
            {{"id": "x4", "owner": "Blue", "type": "guard", "in": "xaghra"}}"#
        )
    };
    let sc = wave(&units(&water_ring(cirkewwa, 2500, 250, 6000)));
    let s3 = sc.unit("s3").unwrap();
    match decide(&sc.state, &board, main_phase) {
        Some(Command::Move(mv)) => assert_eq!(mv.unit, s3, "only the empty Ship sails: {mv:?}"),
        other => panic!("expected the empty Ship to come back: {other:?}"),
    }
}
