//! The fight for the water, in small positions on Malta: an empty Ship strikes an enemy Ship in
//! harbour though the odds are against it (beaten, it only sails home), empty Ships go for the
//! enemy Ships lying in the way of a landing, the winner builds Ships to hunt a beaten player's
//! last ones (with spades kept for them before walls), a party afloat with no port left makes
//! for the shore, and spades buy the Ship an expedition lacks before walls round a town nobody
//! threatens, or, while an army waits idle at the port for them, before any walls.

use super::*;

const MARSALFORN: [f64; 2] = [14.2598063, 36.0708915];

/// The map point (metres) of `lonlat`.
fn xy(lonlat: [f64; 2]) -> [f64; 2] {
    malta().projection().to_xy(lonlat[0], lonlat[1])
}

/// Open water in the Gozo channel, between Iċ-Ċirkewwa and Comino.
fn channel() -> String {
    water_ring(xy([14.31, 35.995]), 0, 50, 2000)
}

/// `n` Invaders of Red's in settlement `inside`, as scenario units.
fn red_invaders(n: usize, inside: &str) -> Vec<String> {
    (0..n)
        .map(|i| {
            format!(r#"{{"id": "i{i}", "owner": "Red", "type": "invader", "in": "{inside}"}}"#)
        })
        .collect()
}

#[test]
fn an_empty_ship_strikes_a_ship_in_harbour_though_the_odds_are_against_it() {
    let board = board();
    // Blue's Ship lies in harbour at its base Iċ-Ċirkewwa (two dice against one); Red's empty
    // Ship, out in the channel, can reach it. Beaten, Red's only sails home to Għajnsielem.
    let settlements = r#"[
  {"id": "base", "owner": "Red", "place": "Għajnsielem", "fort": true, "base": true},
  {"id": "blue", "owner": "Blue", "place": "Iċ-Ċirkewwa", "fort": true, "base": true}
]"#;
    let units = format!(
        r#"[{{"id": "ship", "owner": "Red", "type": "ship", "at": {}}},
        {{"id": "bs", "owner": "Blue", "type": "ship", "at": {}}},
        {{"id": "b", "owner": "Blue", "type": "guard", "in": "blue"}}]"#,
        channel(),
        sea_off(CIRKEWWA)
    );
    let sc = position_in("attack", settlements, &units, r#"["2H"]"#);
    let (ship, bs) = (sc.unit("ship").unwrap(), sc.unit("bs").unwrap());
    assert_eq!(
        defence_dice(&sc.state, &board, bs).0,
        2,
        "Blue's is in harbour"
    );
    assert!(
        board
            .check_attack_reach(&sc.state, ship, Target::Unit(bs))
            .is_ok(),
        "Red's Ship can reach it"
    );
    match decide(&sc.state, &board, attack) {
        Some(Command::Attack(a)) => {
            assert_eq!((a.unit, a.target), (ship, Target::Unit(bs)));
        }
        other => panic!("expected Red's Ship to attack Blue's in harbour: {other:?}"),
    }
    // With a party aboard it does not: beaten, the party would be lost.
    let loaded = units.replace(
        r#"{"id": "b", "owner": "Blue""#,
        r#"{"id": "p", "owner": "Red", "type": "guard", "aboard": "ship"},
        {"id": "b", "owner": "Blue""#,
    );
    let sc = position_in("attack", settlements, &loaded, r#"["2H"]"#);
    assert_eq!(decide(&sc.state, &board, attack), None);
}

#[test]
fn empty_ships_go_for_the_enemy_ships_lying_in_the_way_of_a_landing() {
    let board = board();
    // Red's army of eight waits at Iċ-Ċirkewwa to cross to Gozo, where Blue holds Ix-Xagħra
    // and Marsalforn; Blue's Ship lies in harbour at Marsalforn, where it could strike any
    // party landing by either. Red's empty Ship in the channel goes for it (on main it went
    // home to wait for the army, and the loaded Ships never crossed).
    let settlements = r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true},
  {"id": "xemxija", "owner": "Red", "place": "Ix-Xemxija"},
  {"id": "xaghra", "owner": "Blue", "place": "Ix-Xagħra", "fort": true, "base": true},
  {"id": "ms", "owner": "Blue", "place": "Marsalforn"}
]"#;
    let mut units = red_invaders(8, "base");
    units.push(format!(
        r#"{{"id": "ship", "owner": "Red", "type": "ship", "at": {}}}"#,
        channel()
    ));
    units.push(format!(
        r#"{{"id": "bs", "owner": "Blue", "type": "ship", "at": {}}}"#,
        sea_off(MARSALFORN)
    ));
    units.push(r#"{"id": "b", "owner": "Blue", "type": "guard", "in": "xaghra"}"#.into());
    let sc = position(settlements, &format!("[{}]", units.join(",")), r#"["2H"]"#);
    let (ship, bs) = (sc.unit("ship").unwrap(), sc.unit("bs").unwrap());
    let from = sc.state.unit_pos(ship).unwrap();
    let prey = sc.state.unit_pos(bs).unwrap();
    let before = board.sea_distance(from, prey).unwrap();
    match decide(&sc.state, &board, main_phase) {
        Some(Command::Move(mv)) => {
            assert_eq!(mv.unit, ship);
            let left = board.sea_distance(mv.to, prey).unwrap();
            assert!(left < before - 1000.0, "{before} m → {left} m");
        }
        other => panic!("expected Red's Ship to go for Blue's: {other:?}"),
    }
}

/// Red's base at Ix-Xemxija and its port Iċ-Ċirkewwa: Blue has no settlement left.
const HUNTERS_HOME: &str = r#"[
  {"id": "base", "owner": "Red", "place": "Ix-Xemxija", "fort": true, "base": true},
  {"id": "c", "owner": "Red", "place": "Iċ-Ċirkewwa"}
]"#;

/// Red's next main-phase play builds a Ship at Iċ-Ċirkewwa.
fn expect_hunter_at_cirkewwa(sc: &LoadedScenario, board: &MapBoard) {
    match decide(&sc.state, board, main_phase) {
        Some(Command::BuildShip(b)) => assert_eq!(b.port, sc.settlements["c"]),
        other => panic!("expected a hunter built at Iċ-Ċirkewwa: {other:?}"),
    }
}

#[test]
fn the_winner_builds_ships_to_hunt_the_last_ships_of_a_player_without_settlements() {
    let board = board();
    // Blue has no settlement left, only a Ship with a Guard aboard in the channel; Red, with
    // no Ship, builds one at its port nearest it (on main it built none, and the game stood).
    let units = format!(
        r#"[{{"id": "g", "owner": "Red", "type": "guard", "in": "base"}},
        {{"id": "bs", "owner": "Blue", "type": "ship", "at": {}}},
        {{"id": "x", "owner": "Blue", "type": "guard", "aboard": "bs"}}]"#,
        channel()
    );
    let sc = position(HUNTERS_HOME, &units, r#"["10S", "9S", "2H"]"#);
    expect_hunter_at_cirkewwa(&sc, &board);
}

#[test]
fn spades_wait_for_the_hunter_before_walls_round_a_town_nobody_threatens() {
    let board = board();
    // As above, but Blue's Ship is empty, off Gozo's north coast, and Red's Guard stands in
    // Iċ-Ċirkewwa, which its spades and food could wall. Nobody threatens it, and only a Ship
    // can end Blue: the spades build the hunter. Before, the walls came first (Malta, three
    // seats, seed 83: at the turn limit the winner held fifty towns and no Ship, the loser four
    // Ships).
    let [x, y] = xy(MARSALFORN);
    let units = format!(
        r#"[{{"id": "g", "owner": "Red", "type": "guard", "in": "c"}},
        {{"id": "bs", "owner": "Blue", "type": "ship", "at": {}}}]"#,
        water_ring([x, y + 4500.0], 0, 50, 2000)
    );
    let sc = position_fed("main", HUNTERS_HOME, &units, r#"["10S", "9S"]"#, 6);
    let view = SeatView::of(&sc.state, sc.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    assert!(ship_wanted(&ctx));
    assert_eq!(
        crate::ai::general::economy::main_phase(&ctx, &[]),
        None,
        "the spades are not spent on walls round Iċ-Ċirkewwa"
    );
    expect_hunter_at_cirkewwa(&sc, &board);
}

#[test]
fn a_party_afloat_with_no_port_left_makes_for_the_nearest_enemy_town() {
    let board = board();
    // Red has lost every settlement; three of its Invaders are aboard a Ship well off Gozo's
    // north coast, out of reach of any landing. It sails for the shore (on main it lay there to
    // the turn limit).
    let settlements = r#"[
  {"id": "blue", "owner": "Blue", "place": "Marsalforn", "fort": true, "base": true},
  {"id": "c", "owner": "Blue", "place": "Iċ-Ċirkewwa"}
]"#;
    let [x, y] = xy(MARSALFORN);
    let units = format!(
        r#"[{{"id": "ship", "owner": "Red", "type": "ship", "at": {}}},
        {{"id": "a", "owner": "Red", "type": "invader", "aboard": "ship"}},
        {{"id": "b", "owner": "Red", "type": "invader", "aboard": "ship"}},
        {{"id": "g", "owner": "Blue", "type": "guard", "in": "blue"}}]"#,
        water_ring([x, y + 4500.0], 0, 50, 2000)
    );
    let sc = position(settlements, &units, r#"["2H"]"#);
    let ship = sc.unit("ship").unwrap();
    let from = sc.state.unit_pos(ship).unwrap();
    let town = sc.state.settlement(sc.settlements["blue"]).unwrap().pos();
    match decide(&sc.state, &board, main_phase) {
        Some(Command::Move(mv)) => {
            assert_eq!(mv.unit, ship);
            assert!(mv.to.distance_m(town) < from.distance_m(town) - 1000.0);
        }
        other => panic!("expected Red's Ship to sail for Marsalforn: {other:?}"),
    }
}

#[test]
fn spades_buy_the_ship_an_expedition_lacks_before_walls_round_an_unthreatened_town() {
    let board = board();
    // Red's Guard holds Ix-Xemxija, far from Blue on Gozo; thirteen Invaders at home are an
    // army big enough to sail, and Red has no Ship yet. Its food would feed the walls.
    let guard = r#"{"id": "g", "owner": "Red", "type": "guard", "in": "xemxija"}"#;
    let units = invaders(13).replacen('[', &format!("[{guard},"), 1);
    let sc = position_fed("main", ACROSS, &units, r#"["10S", "9S"]"#, 6);
    let view = SeatView::of(&sc.state, sc.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    assert!(ship_wanted(&ctx));
    assert_eq!(
        crate::ai::general::economy::main_phase(&ctx, &[]),
        None,
        "the spades are not spent on walls round Ix-Xemxija"
    );
    match decide(&sc.state, &board, main_phase) {
        Some(Command::BuildShip(b)) => assert_eq!(b.port, sc.settlements["base"]),
        other => panic!("expected a Ship built at Iċ-Ċirkewwa: {other:?}"),
    }
    // With three Invaders the army stays at home to build on Malta's free places: no Ship is
    // wanted, and the same spades wall the occupied town.
    let units = invaders(3).replacen('[', &format!("[{guard},"), 1);
    let sc = position_fed("main", ACROSS, &units, r#"["10S", "9S"]"#, 6);
    let view = SeatView::of(&sc.state, sc.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    assert!(!ship_wanted(&ctx));
    assert!(matches!(
        crate::ai::general::economy::main_phase(&ctx, &[]),
        Some(Command::Fortify(f)) if f.settlement == sc.settlements["xemxija"]
    ));
}

#[test]
fn an_empty_enemy_ship_threatens_no_town_and_a_loaded_one_threatens_with_its_party() {
    let board = board();
    // Blue's Ship lies in the channel off Red's base at Iċ-Ċirkewwa. Only Ships fight Ships, so
    // empty it is no threat ashore (before, it counted a die); with two Invaders aboard the
    // threat is theirs, counted once.
    let settlements = r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true},
  {"id": "blue", "owner": "Blue", "place": "Marsalforn", "fort": true, "base": true}
]"#;
    let threat = |aboard: &str| {
        let units = format!(
            r#"[{{"id": "g", "owner": "Red", "type": "guard", "in": "base"}},
            {{"id": "b", "owner": "Blue", "type": "guard", "in": "blue"}}{aboard}]"#
        );
        let sc = position(settlements, &units, r#"["2H"]"#);
        let view = SeatView::of(&sc.state, sc.state.actor());
        let ctx = Ctx::new(&view, &board, Level::Normal);
        let at = sc.state.settlement(sc.settlements["base"]).unwrap().pos();
        ctx.threat(at)
    };
    let ship = format!(
        r#", {{"id": "bs", "owner": "Blue", "type": "ship", "at": {}}}"#,
        channel()
    );
    let party = r#", {"id": "i1", "owner": "Blue", "type": "invader", "aboard": "bs"},
        {"id": "i2", "owner": "Blue", "type": "invader", "aboard": "bs"}"#;
    let none = threat("");
    assert_eq!(threat(&ship), none, "an empty Ship lands no one");
    let dice = u32::from(UnitType::Invader.attack().0);
    assert_eq!(threat(&format!("{ship}{party}")), none + 2 * dice);
}

#[test]
fn ships_come_before_walls_round_a_threatened_town_while_an_army_waits_for_them() {
    let board = board();
    // Red holds all of Malta it stands on (Iċ-Ċirkewwa, its base and port) and Marsalforn
    // on Gozo, where Blue's Invaders in Ix-Xagħra threaten it. With an army of ten at the port
    // and no Ship to carry it, the spades build the Ship, not the walls round Marsalforn
    // (Malta, four seats, seed 8: eighteen units stood on Gozo for 175 turns while every spade
    // walled a contested town and not one Ship was built).
    let settlements = r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true},
  {"id": "ms", "owner": "Red", "place": "Marsalforn"},
  {"id": "xaghra", "owner": "Blue", "place": "Ix-Xagħra", "fort": true, "base": true}
]"#;
    let at_home = |n: usize| {
        let mut units = red_invaders(n, "base");
        units.push(r#"{"id": "g", "owner": "Red", "type": "guard", "in": "ms"}"#.into());
        for b in ["b1", "b2", "b3"] {
            units.push(format!(
                r#"{{"id": "{b}", "owner": "Blue", "type": "invader", "in": "xaghra"}}"#
            ));
        }
        let sc = position_fed(
            "main",
            settlements,
            &format!("[{}]", units.join(",")),
            r#"["10S", "9S"]"#,
            6,
        );
        let ms = sc.settlements["ms"];
        (sc, ms)
    };
    let (sc, ms) = at_home(10);
    let view = SeatView::of(&sc.state, sc.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    let at = sc.state.settlement(ms).unwrap().pos();
    assert!(ctx.threat(at) > 0, "Blue threatens Marsalforn");
    assert_eq!(
        crate::ai::general::economy::main_phase(&ctx, &[]),
        None,
        "the spades are not spent on walls round Marsalforn"
    );
    match decide(&sc.state, &board, main_phase) {
        Some(Command::BuildShip(b)) => assert_eq!(b.port, sc.settlements["base"]),
        other => panic!("expected a Ship built at Iċ-Ċirkewwa: {other:?}"),
    }
    // With three at the port there is no army waiting: the threatened town is walled.
    let (sc, ms) = at_home(3);
    let view = SeatView::of(&sc.state, sc.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    assert!(matches!(
        crate::ai::general::economy::main_phase(&ctx, &[]),
        Some(Command::Fortify(f)) if f.settlement == ms
    ));
}

#[test]
fn an_army_already_ashore_across_the_water_wants_no_more_ships() {
    let board = board();
    // Red's twelve Invaders have landed and hold Marsalforn, walled, next to Blue's base on
    // Gozo; at home on Malta only a Guard in Ix-Xemxija is left. The Ships an army needs are
    // for the units still to cross, and there are none: the spades wall Ix-Xemxija. (Counting
    // the whole army, a general fighting across the water kept six empty Ships in harbour at
    // home: Malta, two seats, seed 56.)
    let settlements = r#"[
  {"id": "base", "owner": "Red", "place": "Iċ-Ċirkewwa", "fort": true, "base": true},
  {"id": "xemxija", "owner": "Red", "place": "Ix-Xemxija"},
  {"id": "ms", "owner": "Red", "place": "Marsalforn", "fort": true},
  {"id": "xaghra", "owner": "Blue", "place": "Ix-Xagħra", "fort": true, "base": true}
]"#;
    let mut units = red_invaders(12, "ms");
    units.push(r#"{"id": "g", "owner": "Red", "type": "guard", "in": "xemxija"}"#.into());
    units.push(r#"{"id": "b", "owner": "Blue", "type": "guard", "in": "xaghra"}"#.into());
    let sc = position_fed(
        "main",
        settlements,
        &format!("[{}]", units.join(",")),
        r#"["10S", "9S"]"#,
        8,
    );
    let view = SeatView::of(&sc.state, sc.state.actor());
    let ctx = Ctx::new(&view, &board, Level::Normal);
    assert!(!ship_wanted(&ctx));
    assert!(matches!(
        crate::ai::general::economy::main_phase(&ctx, &[]),
        Some(Command::Fortify(f)) if f.settlement == sc.settlements["xemxija"]
    ));
}
