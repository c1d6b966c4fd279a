//! Seafaring (RULINGS §10), a test per line of the ruling, on the "Strait" coast built in
//! `common/strait.rs`: building Ships at ports, moving over water inside the circle and round
//! enemy Ships, boarding and landing, only Ships fighting Ships, harbour defence, sinking and
//! beaten attackers, and the port's sea side in the siege test.

#[path = "common/strait.rs"]
mod strait;

use omms::map::{GameMap, Scale};
use omms::rules::map_board::scenario_file::LoadedScenario;
use omms::rules::*;

fn pt(map: &GameMap, lon: f64, lat: f64) -> MapPoint {
    MapPoint::from_m(map.projection().to_xy(lon, lat))
}

fn run(
    sc: &LoadedScenario,
    board: &MapBoard,
    cmd: Command,
) -> Result<(State, Vec<Event>), RuleError> {
    let mut state = sc.state.clone();
    let events = execute(&mut state, board, &cmd)?;
    Ok((state, events))
}

fn refusal(sc: &LoadedScenario, board: &MapBoard, cmd: Command) -> String {
    match run(sc, board, cmd) {
        Ok(_) => panic!("the command was accepted"),
        Err(e) => e.to_string(),
    }
}

fn sail(unit: UnitId, to: MapPoint) -> Command {
    Command::Move(Move {
        unit,
        to,
        via: None,
        off_road: false,
    })
}

fn board_ship(sc: &LoadedScenario, unit: &str, ship: &str) -> Command {
    Command::BoardShip(BoardShip {
        unit: sc.units[unit],
        ship: sc.units[ship],
    })
}

fn land(sc: &LoadedScenario, unit: &str, to: MapPoint) -> Command {
    Command::Land(Land {
        unit: sc.units[unit],
        to,
    })
}

fn spades(sc: &LoadedScenario, port: &str) -> Command {
    let cards = sc.state.player(PlayerId(0)).hand().to_vec();
    Command::BuildShip(BuildShip {
        cards,
        port: sc.settlements[port],
    })
}

#[test]
fn a_ship_is_built_with_spades_at_a_port_without_food_on_the_nearest_sea() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    // Food 3 is Red's upkeep already: a settlement could not be built, a Ship can.
    let sc = strait::scenario(&map, r#""hands": {"Red": ["10S", "5S"]}"#);
    let (state, events) = run(&sc, &board, spades(&sc, "westhaven")).unwrap();
    let Some(Event::UnitPlaced {
        unit,
        kind: UnitType::Ship,
        at: Location::Sea(at),
        source: Recruit::Spades,
        ..
    }) = events.get(1)
    else {
        panic!("{events:?}");
    };
    assert!(matches!(events[0], Event::CardsSpent { .. }));
    assert_eq!(state.player(PlayerId(0)).food(), Food(3));
    let port = state.settlement(sc.settlements["westhaven"]).unwrap().pos();
    // Westhaven stands 246 m from the strait's west shore (lon 1.535): the Ship is put there.
    let off = at.distance_m(port);
    assert!((off - 247.0).abs() < 3.0, "{off}");
    assert!(map.is_sea(at.to_m()));
    assert!(board.in_harbour(&state, *unit));

    assert_eq!(
        refusal(&sc, &board, spades(&sc, "westby")),
        "Westby is not a port: Ships are built only where the sea comes within a 50p coin's width."
    );
    let poor = strait::scenario(&map, r#""hands": {"Red": ["5S", "4S"]}"#);
    let why = refusal(&poor, &board, spades(&poor, "westhaven"));
    assert!(why.contains("14"), "{why}");
    let plain = strait::scenario(&map, r#""hands": {"Red": ["10S", "5S"]}, "options": {}"#);
    assert_eq!(
        refusal(&plain, &board, spades(&plain, "westhaven")),
        "Ships belong to the seafaring option, which this game does not use."
    );
}

#[test]
fn seafaring_is_refused_on_a_map_without_ports_and_accepted_on_a_coast() {
    let (map, _dir) = strait::map();
    let andorra =
        GameMap::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra"))
            .unwrap();
    let seat = |name: &str| PlayerSetup {
        name: name.into(),
        colour: name.to_lowercase(),
    };
    let setup = |name: &str, scale| GameSetup {
        map: name.into(),
        scale: Scale(scale),
        players: vec![seat("Red"), seat("Blue")],
        options: Options {
            seafaring: true,
            ..Options::default()
        },
    };
    let err = Game::start(
        setup("Andorra", 25_000),
        1,
        &MapBoard::new(&andorra, Scale(25_000)),
    )
    .err()
    .unwrap();
    assert_eq!(
        err.to_string(),
        "Andorra has no ports (no sea within a 50p coin's width of any settlement): the seafaring option needs a coast."
    );
    assert!(Game::start(
        setup("Strait", 25_000),
        1,
        &MapBoard::new(&map, Scale(25_000))
    )
    .is_ok());
}

#[test]
fn an_empty_ship_sails_a_card_length_a_loaded_one_a_card_breadth_and_only_on_water() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let units = |cargo: &str| {
        format!(
            r#""units": [{{"id": "ship", "owner": "Red", "type": "ship", "at": [1.538, 42.52]}}{cargo}]"#
        )
    };
    let empty = strait::scenario(&map, &units(""));
    let ship = empty.units["ship"];
    // 1,998 m north: inside a card's length (2,222 m), beyond its breadth (1,587 m).
    let north = pt(&map, 1.538, 42.538);
    let (state, events) = run(&empty, &board, sail(ship, north)).unwrap();
    assert_eq!(
        events,
        vec![Event::UnitMoved {
            unit: ship,
            from: empty.state.unit(ship).unwrap().at(),
            to: Location::Sea(north),
        }]
    );
    assert!(state.unit(ship).unwrap().moved());
    let loaded = strait::scenario(
        &map,
        &units(r#", {"id": "g", "owner": "Red", "type": "guard", "aboard": "ship"}"#),
    );
    let why = refusal(&loaded, &board, sail(ship, north));
    assert!(
        why.starts_with(
            "That is 2.00 km away: a Ship moves a card's breadth (1.59 km) when loaded."
        ),
        "{why}"
    );
    // Loaded, it still makes a card's breadth; the Guard aboard goes with it.
    let near = pt(&map, 1.538, 42.532);
    let (state, _) = run(&loaded, &board, sail(ship, near)).unwrap();
    assert_eq!(state.unit_pos(loaded.units["g"]), Some(near));
    // Never onto land, nor into a lake: a lake is neither sea nor a navigable river.
    assert_eq!(
        refusal(&empty, &board, sail(ship, pt(&map, 1.533, 42.53))),
        "Ships stay on the water: that point is neither sea nor a navigable river."
    );
    let lake = strait::scenario(
        &map,
        r#""units": [{"id": "ship", "owner": "Red", "type": "ship", "at": [1.536, 42.575]}]"#,
    );
    assert_eq!(
        refusal(
            &lake,
            &board,
            sail(lake.units["ship"], pt(&map, 1.51, 42.575))
        ),
        "Ships stay on the water: that point is neither sea nor a navigable river."
    );
    assert!(
        !map.is_land(pt(&map, 1.51, 42.575).to_m()),
        "the lake is water all the same"
    );
}

#[test]
fn a_ship_moves_once_per_turn_and_again_in_its_owners_next_turn() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let sc = strait::scenario(
        &map,
        r#""units": [{"id": "ship", "owner": "Red", "type": "ship", "at": [1.538, 42.52]}]"#,
    );
    let ship = sc.units["ship"];
    let (state, _) = run(&sc, &board, sail(ship, pt(&map, 1.538, 42.538))).unwrap();
    // 780 m on, well inside a card's length of where it now lies: only the turn forbids it.
    let further = pt(&map, 1.538, 42.545);
    let mut again = sc.clone();
    again.state = state;
    assert_eq!(
        refusal(&again, &board, sail(ship, further)),
        "Your Ship has already moved this turn."
    );
    // Blue plays a turn; back to Red, the Ship sails on.
    let mut s = again.state.clone();
    for cmd in [
        Command::EndTurn(EndTurn),
        Command::Draw(Draw),
        Command::EndTurn(EndTurn),
        Command::Draw(Draw),
    ] {
        execute(&mut s, &board, &cmd).unwrap();
    }
    assert_eq!(s.current_player(), PlayerId(0));
    assert!(!s.unit(ship).unwrap().moved());
    execute(&mut s, &board, &sail(ship, further)).unwrap();
    assert_eq!(s.unit_pos(ship), Some(further));
}

#[test]
fn the_way_over_water_stays_inside_the_circle() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let at = |lat: f64| {
        strait::scenario(
            &map,
            &format!(
                r#""units": [{{"id": "ship", "owner": "Red", "type": "ship", "at": [1.539, {lat}]}}]"#
            ),
        )
    };
    // Across the peninsula's tip: the way round it stays within 1 km of the start.
    let south = at(42.565);
    assert!(run(
        &south,
        &board,
        sail(south.units["ship"], pt(&map, 1.551, 42.565))
    )
    .is_ok());
    // Further north the way round the tip (2.9 km off) leaves the circle: no move, though the
    // far shore is only 984 m away as the crow flies.
    let north = at(42.585);
    assert_eq!(
        refusal(
            &north,
            &board,
            sail(north.units["ship"], pt(&map, 1.551, 42.585))
        ),
        "No way over water leads there within the Ship's circle (2.22 km)."
    );
}

#[test]
fn ships_sail_up_a_navigable_river_but_not_onto_its_banks() {
    let body = r#""units": [{"id": "ship", "owner": "Red", "type": "ship", "at": [1.537, 42.53]}]"#;
    let upstream = |map: &GameMap| pt(map, 1.525, 42.53);
    // Without the river, 1 km inland is land.
    let (dry, _d) = strait::map();
    let board = MapBoard::new(&dry, Scale(25_000));
    let sc = strait::scenario(&dry, body);
    assert_eq!(
        refusal(&sc, &board, sail(sc.units["ship"], upstream(&dry))),
        "Ships stay on the water: that point is neither sea nor a navigable river."
    );
    // With it, the Ship goes up the river mouth; the river is water, not sea.
    let (map, _dir) = strait::map_with_river();
    let board = MapBoard::new(&map, Scale(25_000));
    let sc = strait::scenario(&map, body);
    let ship = sc.units["ship"];
    let (state, _) = run(&sc, &board, sail(ship, upstream(&map))).unwrap();
    assert_eq!(state.unit_pos(ship), Some(upstream(&map)));
    assert!(map.is_water(upstream(&map).to_m()) && !map.is_sea(upstream(&map).to_m()));
    // The reach drawn and offered to bots goes up it too, and never onto the bank.
    let reach = board.sea_reach(&sc.state, ship).unwrap();
    assert!(reach.points().iter().any(|p| !map.is_sea(*p)));
    assert!(reach.points().iter().all(|p| map.is_water(*p)));
    assert_eq!(
        refusal(&sc, &board, sail(ship, pt(&map, 1.525, 42.532))),
        "Ships stay on the water: that point is neither sea nor a navigable river."
    );
}

#[test]
fn enemy_ships_coins_block_the_way_and_the_destination() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    // Three Blue Ships in a wall across the south of the strait, coins overlapping.
    let wall = r#"{"id": "b1", "owner": "Blue", "type": "ship", "at": [1.545, 42.508]},
        {"id": "b2", "owner": "Blue", "type": "ship", "at": [1.545, 42.514]},
        {"id": "b3", "owner": "Blue", "type": "ship", "at": [1.545, 42.520]}"#;
    let sc = |cargo: &str| {
        strait::scenario(
            &map,
            &format!(
                r#""units": [{wall}, {{"id": "ship", "owner": "Red", "type": "ship", "at": [1.537, 42.51]}}{cargo}]"#
            ),
        )
    };
    let target = pt(&map, 1.553, 42.51);
    // Empty, the way north round the wall fits in a card's length.
    let empty = sc("");
    assert!(run(&empty, &board, sail(empty.units["ship"], target)).is_ok());
    // Loaded, the circle is a card's breadth and the way round leaves it: the wall blocks.
    let loaded = sc(r#", {"id": "g", "owner": "Red", "type": "guard", "aboard": "ship"}"#);
    let why = refusal(&loaded, &board, sail(loaded.units["ship"], target));
    assert!(why.starts_with("Blocked by Blue's Ship"), "{why}");
    // A 50p coin (341 m across its radius here) covers the point next to an enemy Ship.
    let why = refusal(
        &empty,
        &board,
        sail(empty.units["ship"], pt(&map, 1.5425, 42.508)),
    );
    assert!(
        why.starts_with("Blocked by Blue's Ship") && why.ends_with("its coin covers that point."),
        "{why}"
    );
    assert!(run(
        &empty,
        &board,
        sail(empty.units["ship"], pt(&map, 1.5403, 42.508))
    )
    .is_ok());
}

#[test]
fn units_board_in_harbour_at_their_port_as_their_move_three_at_most() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let sc = |ship_at: &str, extra: &str| {
        strait::scenario(
            &map,
            &format!(
                r#""units": [{{"id": "ship", "owner": "Red", "type": "ship", "at": {ship_at}}},
                {{"id": "g", "owner": "Red", "type": "guard", "in": "westhaven"}},
                {{"id": "far", "owner": "Red", "type": "guard", "in": "westby"}}{extra}]"#
            ),
        )
    };
    let harbour = sc("[1.5355, 42.55]", "");
    let (state, events) = run(&harbour, &board, board_ship(&harbour, "g", "ship")).unwrap();
    let g = harbour.units["g"];
    assert_eq!(
        events,
        vec![Event::UnitMoved {
            unit: g,
            from: Location::Settlement(harbour.settlements["westhaven"]),
            to: Location::Aboard(harbour.units["ship"]),
        }]
    );
    assert!(state.unit(g).unwrap().moved());
    assert_eq!(state.cargo(harbour.units["ship"]), vec![g]);
    // The Guard has used its move: it cannot land again this turn.
    let mut again = harbour.clone();
    again.state = state;
    assert_eq!(
        refusal(&again, &board, land(&again, "g", pt(&map, 1.532, 42.545))),
        "Your Guard has already moved this turn."
    );
    // Not from Westby, which is no port; not to a Ship out of harbour.
    assert_eq!(
        refusal(&harbour, &board, board_ship(&harbour, "far", "ship")),
        "Westby is not a port."
    );
    let out = sc("[1.545, 42.55]", "");
    let why = refusal(&out, &board, board_ship(&out, "g", "ship"));
    assert!(
        why.starts_with("That Ship is not in harbour at Westhaven: it lies 1.06 km off"),
        "{why}"
    );
    // Three aboard already: a fourth is refused.
    let full = sc(
        "[1.5355, 42.55]",
        r#", {"id": "a", "owner": "Red", "type": "scout", "aboard": "ship"},
        {"id": "b", "owner": "Red", "type": "scout", "aboard": "ship"},
        {"id": "c", "owner": "Red", "type": "scout", "aboard": "ship"}"#,
    );
    assert_eq!(
        refusal(&full, &board, board_ship(&full, "g", "ship")),
        "That Ship already carries three units, as many as it can."
    );
}

#[test]
fn a_scenario_cannot_put_four_units_aboard_or_a_ship_on_land() {
    let (map, _dir) = strait::map();
    let text = |units: &str| {
        format!(
            r#"{{"players": [{{"name": "Red"}}, {{"name": "Blue"}}], "settlements": {}, "units": [{units}], "options": {{"seafaring": true}}}}"#,
            strait::SETTLEMENTS
        )
    };
    let four = (0..4)
        .map(|i| {
            format!(r#", {{"id": "s{i}", "owner": "Red", "type": "scout", "aboard": "ship"}}"#)
        })
        .collect::<String>();
    let err = omms::rules::map_board::scenario_file::parse(
        &map,
        &text(&format!(
            r#"{{"id": "ship", "owner": "Red", "type": "ship", "at": [1.54, 42.55]}}{four}"#
        )),
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("carries 4 units, more than three"),
        "{err}"
    );
    let err = omms::rules::map_board::scenario_file::parse(
        &map,
        &text(r#"{"id": "ship", "owner": "Red", "type": "ship", "at": [1.52, 42.55]}"#),
    )
    .unwrap_err();
    assert!(err.to_string().contains("is not on water"), "{err}");
}

fn ashore(map: &GameMap) -> LoadedScenario {
    strait::scenario(
        map,
        r#""units": [{"id": "ship", "owner": "Red", "type": "ship", "at": [1.5543, 42.54]},
            {"id": "g", "owner": "Red", "type": "guard", "aboard": "ship"},
            {"id": "s", "owner": "Red", "type": "scout", "aboard": "ship"}]"#,
    )
}

#[test]
fn units_land_on_a_road_within_a_card_breadth_crossing_no_enemy_coin_and_may_attack() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let sc = ashore(&map);
    let road = pt(&map, 1.558, 42.54);
    let (state, events) = run(&sc, &board, land(&sc, "g", road)).unwrap();
    let g = sc.units["g"];
    assert_eq!(
        events,
        vec![Event::UnitMoved {
            unit: g,
            from: Location::Aboard(sc.units["ship"]),
            to: Location::Road(road),
        }]
    );
    // It has moved, but may attack Blue's base this turn as usual.
    let mut attack_phase = state.clone();
    execute(&mut attack_phase, &board, &Command::EndMain(EndMain)).unwrap();
    let target = Target::Settlement(sc.settlements["easthaven"]);
    assert_eq!(
        check(
            &attack_phase,
            &board,
            &Command::Attack(Attack::dice(g, target))
        ),
        Ok(())
    );
    // A Guard lands only on a road or in a settlement of its owner's; a Scout anywhere on land.
    let field = pt(&map, 1.562, 42.535);
    assert_eq!(
        refusal(&sc, &board, land(&sc, "g", field)),
        "A Guard lands on a major road or in one of your settlements."
    );
    assert!(matches!(
        run(&sc, &board, land(&sc, "s", field)).unwrap().1[0],
        Event::UnitMoved {
            to: Location::OffRoad(_),
            ..
        }
    ));
    assert_eq!(
        refusal(&sc, &board, land(&sc, "s", pt(&map, 1.550, 42.535))),
        "That point is not on land."
    );
    // Not beyond a card's breadth of the Ship.
    let why = refusal(&sc, &board, land(&sc, "g", pt(&map, 1.558, 42.525)));
    assert!(why.starts_with("That is 1.70 km from the Ship"), "{why}");
    // The straight way ashore to the road north of Easthaven passes through Blue's fortification.
    let why = refusal(&sc, &board, land(&sc, "g", pt(&map, 1.558, 42.5535)));
    assert_eq!(why, "Blocked by Blue's fortification at Easthaven.");
}

#[test]
fn a_unit_aboard_lands_into_one_of_its_owners_settlements_but_not_into_an_enemys() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    // Red's Ship lies 1.1 km south-east of Westhaven, out of harbour but within a card's breadth.
    let sc = strait::scenario(
        &map,
        r#""units": [{"id": "ship", "owner": "Red", "type": "ship", "at": [1.5355, 42.54]},
            {"id": "i", "owner": "Red", "type": "invader", "aboard": "ship"}]"#,
    );
    let (i, ship, westhaven) = (sc.units["i"], sc.units["ship"], sc.settlements["westhaven"]);
    // A point 80 m short of the town's centre, inside its coin: the Invader goes into the town.
    let (state, events) = run(&sc, &board, land(&sc, "i", pt(&map, 1.532, 42.5493))).unwrap();
    assert_eq!(
        events,
        vec![Event::UnitMoved {
            unit: i,
            from: Location::Aboard(ship),
            to: Location::Settlement(westhaven),
        }]
    );
    assert_eq!(state.unit(i).unwrap().at(), Location::Settlement(westhaven));
    assert!(state.cargo(ship).is_empty(), "no longer aboard");
    assert!(state.unit(i).unwrap().moved());
    // Blue's Easthaven is no landing place: its coin covers it. Land on a road and attack it.
    let east = strait::scenario(
        &map,
        r#""units": [{"id": "ship", "owner": "Red", "type": "ship", "at": [1.5543, 42.54]},
            {"id": "i", "owner": "Red", "type": "invader", "aboard": "ship"}]"#,
    );
    assert_eq!(
        refusal(&east, &board, land(&east, "i", pt(&map, 1.558, 42.55))),
        "Blocked by Blue's fortification at Easthaven: its coin covers that point."
    );
}

#[test]
fn a_tank_lands_anywhere_on_land_within_a_card_breadth_and_may_attack() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    // With Tanks on, Red's Ship off the coast carries a Tank and an Invader.
    let sc = strait::scenario(
        &map,
        r#""options": {"seafaring": true, "tanks": true},
        "units": [{"id": "ship", "owner": "Red", "type": "ship", "at": [1.5543, 42.54]},
            {"id": "t", "owner": "Red", "type": "tank", "aboard": "ship"},
            {"id": "i", "owner": "Red", "type": "invader", "aboard": "ship"}]"#,
    );
    // Off the roads, in the fields east of the shore a kilometre south of Easthaven: the Tank
    // goes ashore there, as a Scout would; the Invader, bound to roads, may not.
    let field = pt(&map, 1.562, 42.542);
    let (state, events) = run(&sc, &board, land(&sc, "t", field)).unwrap();
    assert_eq!(
        events,
        vec![Event::UnitMoved {
            unit: sc.units["t"],
            from: Location::Aboard(sc.units["ship"]),
            to: Location::OffRoad(field),
        }]
    );
    assert_eq!(
        refusal(&sc, &board, land(&sc, "i", field)),
        "An Invader lands on a major road or in one of your settlements."
    );
    // Ashore it may attack Blue's base in the attack phase like any unit that landed.
    let mut attack_phase = state.clone();
    execute(&mut attack_phase, &board, &Command::EndMain(EndMain)).unwrap();
    let target = Target::Settlement(sc.settlements["easthaven"]);
    let t = sc.units["t"];
    assert_eq!(
        check(
            &attack_phase,
            &board,
            &Command::Attack(Attack::dice(t, target))
        ),
        Ok(())
    );
    // Not onto the water, nor beyond a card's breadth of the Ship, nor through Blue's coin.
    assert_eq!(
        refusal(&sc, &board, land(&sc, "t", pt(&map, 1.550, 42.535))),
        "That point is not on land."
    );
    let why = refusal(&sc, &board, land(&sc, "t", pt(&map, 1.558, 42.525)));
    assert!(why.starts_with("That is 1.70 km from the Ship"), "{why}");
    let why = refusal(&sc, &board, land(&sc, "t", pt(&map, 1.558, 42.5535)));
    assert_eq!(why, "Blocked by Blue's fortification at Easthaven.");
}

#[test]
fn units_aboard_are_never_attacked_and_never_attack_and_only_ships_fight_ships() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let sc = strait::scenario(
        &map,
        r#""phase": "attack", "units": [
            {"id": "ship", "owner": "Red", "type": "ship", "at": [1.5543, 42.54]},
            {"id": "g", "owner": "Red", "type": "guard", "aboard": "ship"},
            {"id": "blue", "owner": "Blue", "type": "ship", "at": [1.5543, 42.53]},
            {"id": "blueg", "owner": "Blue", "type": "guard", "at": [1.558, 42.54]},
            {"id": "far", "owner": "Blue", "type": "ship", "at": [1.5543, 42.51]}]"#,
    );
    let attack = |u: &str, t: Target| Command::Attack(Attack::dice(sc.units[u], t));
    let unit = |u: &str| Target::Unit(sc.units[u]);
    assert_eq!(
        refusal(&sc, &board, attack("g", unit("blueg"))),
        "Your Guard is aboard a Ship: units aboard cannot attack."
    );
    assert_eq!(
        refusal(&sc, &board, attack("ship", unit("blueg"))),
        "A Ship attacks only Ships, never units on land."
    );
    assert_eq!(
        refusal(
            &sc,
            &board,
            attack("ship", Target::Settlement(sc.settlements["easthaven"]))
        ),
        "A Ship attacks only Ships, never settlements."
    );
    assert!(check(&sc.state, &board, &attack("ship", unit("blue"))).is_ok());
    let why = refusal(&sc, &board, attack("ship", unit("far")));
    assert!(
        why.ends_with("Ships attack only within a card's breadth (1.59 km)."),
        "{why}"
    );
    // Blue's turn: its Guard ashore cannot reach the Ship, nor anyone aboard it.
    let mut blue = sc.clone();
    blue.state = sc.state.clone();
    let mut s = blue.state.clone();
    execute(&mut s, &board, &Command::EndTurn(EndTurn)).unwrap();
    execute(&mut s, &board, &Command::Draw(Draw)).unwrap();
    execute(&mut s, &board, &Command::EndMain(EndMain)).unwrap();
    let try_ = |cmd: Command| check(&s, &board, &cmd).unwrap_err().to_string();
    assert_eq!(
        try_(attack("blueg", unit("ship"))),
        "Only Ships attack Ships: land units cannot reach one."
    );
    assert_eq!(
        try_(attack("blueg", unit("g"))),
        "That Guard is aboard a Ship: units aboard cannot be attacked; attack the Ship."
    );
}

#[test]
fn ships_lying_with_coins_overlapping_can_each_be_attacked() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    // Two Blue Ships 55 m apart: each centre lies under the other's coin (341 m across its
    // radius here). Red's Ship north of them reaches either one's coin over open water.
    let sc = strait::scenario(
        &map,
        r#""phase": "attack", "units": [
            {"id": "ship", "owner": "Red", "type": "ship", "at": [1.5543, 42.54]},
            {"id": "b1", "owner": "Blue", "type": "ship", "at": [1.5543, 42.53]},
            {"id": "b2", "owner": "Blue", "type": "ship", "at": [1.5543, 42.5295]}]"#,
    );
    for t in ["b1", "b2"] {
        let cmd = Command::Attack(Attack::dice(sc.units["ship"], Target::Unit(sc.units[t])));
        assert!(check(&sc.state, &board, &cmd).is_ok(), "{t}: {cmd:?}");
    }
}

#[test]
fn a_ship_in_harbour_defends_with_one_more_die() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let sc = strait::scenario(
        &map,
        r#""units": [{"id": "home", "owner": "Red", "type": "ship", "at": [1.5355, 42.55]},
            {"id": "out", "owner": "Red", "type": "ship", "at": [1.545, 42.55]},
            {"id": "enemy", "owner": "Blue", "type": "ship", "at": [1.5355, 42.552]}]"#,
    );
    assert_eq!(defence_dice(&sc.state, &board, sc.units["home"]), Dice(2));
    assert_eq!(defence_dice(&sc.state, &board, sc.units["out"]), Dice(1));
    // Harbour means one of the owner's ports: Blue's Ship off Westhaven gets nothing.
    assert_eq!(defence_dice(&sc.state, &board, sc.units["enemy"]), Dice(1));
}

/// The first seed whose attack of Red's `ship` on Blue's `blue` ends as `want`.
fn fight(
    map: &GameMap,
    board: &MapBoard,
    settlements: &str,
    want: Outcome,
) -> (LoadedScenario, State, Vec<Event>) {
    for seed in 0..500 {
        let sc = strait::scenario(
            map,
            &format!(
                r#""seed": {seed}, "phase": "attack", "settlements": {settlements}, "units": [
                {{"id": "ship", "owner": "Red", "type": "ship", "at": [1.538, 42.575]}},
                {{"id": "rg", "owner": "Red", "type": "guard", "aboard": "ship"}},
                {{"id": "blue", "owner": "Blue", "type": "ship", "at": [1.538, 42.565]}},
                {{"id": "bg", "owner": "Blue", "type": "invader", "aboard": "blue"}}]"#
            ),
        );
        let cmd = Command::Attack(Attack::dice(
            sc.units["ship"],
            Target::Unit(sc.units["blue"]),
        ));
        let (state, events) = run(&sc, board, cmd).unwrap();
        if events
            .iter()
            .any(|e| matches!(e, Event::CombatRolled { outcome, .. } if *outcome == want))
        {
            return (sc, state, events);
        }
    }
    panic!("no seed gives {want:?}");
}

fn losses(events: &[Event]) -> Vec<(UnitId, Loss)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::UnitDestroyed { unit, cause } => Some((*unit, *cause)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_sunk_ship_takes_its_cargo_down() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let (sc, state, events) = fight(&map, &board, strait::SETTLEMENTS, Outcome::AttackerWins);
    assert_eq!(
        losses(&events),
        vec![
            (sc.units["bg"], Loss::Drowned),
            (sc.units["blue"], Loss::Sunk)
        ]
    );
    assert!(state.unit(sc.units["ship"]).is_some() && state.unit(sc.units["rg"]).is_some());
}

#[test]
fn a_beaten_attacker_goes_home_to_its_nearest_port_without_its_cargo() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let (sc, state, events) = fight(&map, &board, strait::SETTLEMENTS, Outcome::DefenderWins);
    let ship = sc.units["ship"];
    assert_eq!(losses(&events), vec![(sc.units["rg"], Loss::Drowned)]);
    let Some(Event::ShipReturned { unit, to }) = events
        .iter()
        .find(|e| matches!(e, Event::ShipReturned { .. }))
    else {
        panic!("{events:?}");
    };
    assert_eq!(*unit, ship);
    // Northport (lat 42.58) is nearer than Westhaven: the Ship is in harbour there.
    let northport = state.settlement(sc.settlements["northport"]).unwrap().pos();
    assert!(
        to.distance_m(northport) < 300.0,
        "{}",
        to.distance_m(northport)
    );
    assert_eq!(state.unit(ship).unwrap().at(), Location::Sea(*to));
    assert!(board.in_harbour(&state, ship));
    assert!(state.unit(sc.units["blue"]).is_some() && state.unit(sc.units["bg"]).is_some());
}

#[test]
fn a_beaten_attacker_with_no_port_is_lost() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let inland = r#"[{"id": "westby", "owner": "Red", "place": "Westby", "fort": true, "base": true},
        {"id": "easthaven", "owner": "Blue", "place": "Easthaven", "fort": true, "base": true}]"#;
    let (sc, _, events) = fight(&map, &board, inland, Outcome::DefenderWins);
    assert_eq!(
        losses(&events),
        vec![
            (sc.units["rg"], Loss::Drowned),
            (sc.units["ship"], Loss::Sunk)
        ]
    );
}

#[test]
fn a_stand_off_at_sea_changes_nothing() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let (sc, state, events) = fight(&map, &board, strait::SETTLEMENTS, Outcome::StandOff);
    assert!(losses(&events).is_empty());
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::ShipReturned { .. })));
    for u in sc.units.values() {
        assert_eq!(
            state.unit(*u).map(|u| u.at()),
            sc.state.unit(*u).map(|u| u.at())
        );
    }
}

#[test]
fn a_port_is_besieged_only_when_its_sea_side_is_closed_too() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    // Blue Guards close all three roads out of Westhaven.
    let guards = r#"{"id": "n", "owner": "Blue", "type": "guard", "at": [1.532, 42.562]},
        {"id": "s", "owner": "Blue", "type": "guard", "at": [1.532, 42.538]},
        {"id": "w", "owner": "Blue", "type": "guard", "at": [1.518, 42.55]}"#;
    let westhaven = |extra: &str, options: &str| {
        let sc = strait::scenario(
            &map,
            &format!(r#""units": [{guards}{extra}], "options": {options}"#),
        );
        board.siege(&sc.state, sc.settlements["westhaven"]).unwrap()
    };
    let plain = westhaven("", "{}");
    assert_eq!((plain.open_roads, plain.sea_side), (0, None));
    assert_eq!(
        plain.besiegers,
        vec![PlayerId(1)],
        "without seafaring the roads decide"
    );
    let open = westhaven("", r#"{"seafaring": true}"#);
    assert_eq!((open.open_roads, open.sea_side), (0, Some(true)));
    assert!(!open.under_siege(), "the sea side is open");
    let blue_ship = r#", {"id": "bs", "owner": "Blue", "type": "ship", "at": [1.538, 42.55]}"#;
    let closed = westhaven(blue_ship, r#"{"seafaring": true}"#);
    assert_eq!(closed.sea_side, Some(false));
    assert_eq!(closed.besiegers, vec![PlayerId(1)]);
    let red_ship = format!(
        r#"{blue_ship}, {{"id": "rs", "owner": "Red", "type": "ship", "at": [1.538, 42.545]}}"#
    );
    let held = westhaven(&red_ship, r#"{"seafaring": true}"#);
    assert_eq!(held.sea_side, Some(true));
    assert!(!held.under_siege());
}

#[test]
fn the_landings_offered_reach_along_the_shore_past_an_enemy_coin() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    // Red's Ship lies 410 m off Blue's fortified Easthaven: the road point nearest it, and the
    // town itself, are under the fortification's coin.
    let sc = strait::scenario(
        &map,
        r#""units": [{"id": "ship", "owner": "Red", "type": "ship", "at": [1.553, 42.55]},
            {"id": "i", "owner": "Red", "type": "invader", "aboard": "ship"}]"#,
    );
    assert_eq!(
        refusal(&sc, &board, land(&sc, "i", pt(&map, 1.558, 42.55))),
        "Blocked by Blue's fortification at Easthaven: its coin covers that point."
    );
    let offered = board.candidate_landings(&sc.state, sc.units["i"]);
    // The coast road runs on north and south of the town, open shore within a card's breadth.
    assert!(offered.len() >= 2, "{offered:?}");
    let ship_at = sc.state.unit_pos(sc.units["ship"]).unwrap();
    let mut north = false;
    let mut south = false;
    for to in &offered {
        let (state, events) = run(&sc, &board, land(&sc, "i", *to)).unwrap();
        assert!(matches!(
            events[0],
            Event::UnitMoved {
                to: Location::Road(_),
                ..
            }
        ));
        assert!(state.cargo(sc.units["ship"]).is_empty());
        assert!(to.distance_m(ship_at) <= 1_587.5, "{to:?}");
        let y = to.to_m()[1] - ship_at.to_m()[1];
        north |= y > 0.0;
        south |= y < 0.0;
    }
    assert!(north && south, "{offered:?}");
}
