//! Random games on the real Andorra map: bots (random against random, the general against random)
//! play seeded games through `Game::submit` on the real board, with the rules' invariants checked
//! after every command, a random wild command thrown at `check` and `execute` before each one,
//! and the whole log replayed at the end.
//!
//! Together with the 1,000 games on the flat table in `rules_proptest.rs` this makes well over
//! 1,000 random games per run.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

use omms::ai::{bot_by_name, step, Bot, Limits};
use omms::map::{GameMap, Measure};
use omms::rules::*;
use proptest::prelude::*;

mod common;
use common::options_from;

/// Random games per run. Each plays up to [`TURN_LIMIT`] turns; the run takes about half a minute
/// in release on two cores.
const CASES: u32 = 200;
/// Turns before a game is stopped.
const TURN_LIMIT: u32 = 60;
/// How far (metres) a unit "on the road" may lie from the road's centre line: positions are
/// rounded to millimetres, and the board may snap to a road point it computed in floats.
const ON_ROAD: f64 = 0.5;

fn andorra() -> &'static GameMap {
    static MAP: OnceLock<GameMap> = OnceLock::new();
    MAP.get_or_init(|| {
        GameMap::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra")).unwrap()
    })
}

/// A command from a random number: a move of some unit to a random point near it (on or off
/// road), an attack on anything, or a build, mostly illegal.
fn wild(state: &State, r: u64) -> Command {
    let units: Vec<&Unit> = state.units().collect();
    let pick = |k: u32| (r >> k) as usize;
    if units.is_empty() || r % 4 == 3 {
        let settlement = SettlementId((pick(8) % 12) as u32);
        return Command::Attack(Attack::dice(
            UnitId((pick(20) % 30) as u32),
            Target::Settlement(settlement),
        ));
    }
    let unit = units[pick(8) % units.len()];
    let from = state
        .unit_pos(unit.id())
        .unwrap_or(MapPoint { x_mm: 0, y_mm: 0 });
    let reach = state.scale().measure_m(Measure::CardLength) * 1.3;
    let dx = ((pick(16) % 2001) as f64 / 1000.0 - 1.0) * reach;
    let dy = ((pick(28) % 2001) as f64 / 1000.0 - 1.0) * reach;
    let [x, y] = from.to_m();
    match r % 4 {
        0 | 1 => Command::Move(Move {
            unit: unit.id(),
            to: MapPoint::from_m([x + dx, y + dy]),
            via: None,
            off_road: r & 1 << 40 != 0,
        }),
        _ => {
            let target = units[pick(44) % units.len()];
            Command::Attack(Attack::dice(unit.id(), Target::Unit(target.id())))
        }
    }
}

fn check_invariants(state: &State, map: &GameMap, events: &[Event]) -> Result<(), TestCaseError> {
    prop_assert_eq!(state.consistency_problem(), None);
    let n = state.players().len() * PACK_SIZE as usize;
    let mut seen = vec![0u8; n];
    let hands = state.players().iter().flat_map(|p| p.hand().iter());
    for c in state
        .pile()
        .iter()
        .chain(state.discard())
        .chain(state.out_of_play())
        .chain(hands)
    {
        seen[usize::from(c.0)] += 1;
    }
    prop_assert!(seen.iter().all(|k| *k == 1), "cards not conserved");

    for e in events {
        match e {
            Event::SettlementBuilt { player, .. } => {
                prop_assert!(state.player(*player).food() >= state.upkeep(*player));
            }
            Event::Fortified { settlement } => {
                let owner = state.settlement(*settlement).unwrap().owner();
                prop_assert!(state.player(owner).food() >= state.upkeep(owner));
            }
            _ => {}
        }
    }

    for u in state.units() {
        match u.at() {
            Location::Road(p) => {
                let road = map.nearest_road_point(p.to_m()).unwrap();
                prop_assert!(
                    road.distance <= ON_ROAD,
                    "{} {} is {:.2} m off the road",
                    state.player(u.owner()).name(),
                    u.kind(),
                    road.distance
                );
            }
            Location::OffRoad(p) => {
                prop_assert!(u.kind().off_road_move().is_some(), "{} off road", u.kind());
                prop_assert!(map.is_land(p.to_m()), "{} in the water", u.kind());
            }
            Location::Settlement(s) => {
                prop_assert_eq!(state.settlement(s).map(|s| s.owner()), Some(u.owner()));
            }
            // These games are played without seafaring: nobody is ever at sea or aboard.
            Location::Sea(_) | Location::Aboard(_) => {
                prop_assert!(false, "{} at sea without seafaring", u.kind());
            }
        }
    }

    let spacing = state.scale().measure_m(Measure::Coin10p);
    let all: Vec<&Settlement> = state.settlements().collect();
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            prop_assert!(
                a.pos().distance_m(b.pos()) >= spacing - 1e-3,
                "{} and {} are closer than a 10p coin",
                a.name(),
                b.name()
            );
        }
    }
    prop_assert_eq!(state.winner().is_some(), state.phase() == Phase::Over);
    Ok(())
}

/// Play one game; returns the number of commands and whether it was decided.
fn play(
    seed: u64,
    names: &[&str],
    option_bits: u32,
    wild_bits: u64,
) -> Result<(usize, bool), TestCaseError> {
    let map = andorra();
    let board = MapBoard::new(map, map.meta().scale);
    let colours = ["Red", "Blue", "Green", "Yellow"];
    let setup = GameSetup {
        map: "andorra".into(),
        scale: map.meta().scale,
        players: colours[..names.len()]
            .iter()
            .map(|c| PlayerSetup {
                name: (*c).into(),
                colour: c.to_lowercase(),
            })
            .collect(),
        options: options_from(option_bits),
    };
    let mut game = Game::new(setup, seed).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = names.iter().map(|n| bot_by_name(n).unwrap()).collect();
    let limits = Limits::turns(TURN_LIMIT);
    let mut r = wild_bits | 1;
    while game.state().turn() <= TURN_LIMIT {
        let before = game.state().clone();

        // A wild command: `execute` refuses exactly what `check` refuses, and changes nothing.
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        let w = wild(&before, r);
        let mut copy = before.clone();
        match check(&before, &board, &w) {
            Err(e) => {
                prop_assert_eq!(execute(&mut copy, &board, &w), Err(e));
                prop_assert!(copy == before, "a refused command changed the state");
            }
            Ok(()) => prop_assert!(execute(&mut copy, &board, &w).is_ok()),
        }

        let done = step(&mut game, &board, &mut bots, limits)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let Some(done) = done else {
            break;
        };
        prop_assert!(check(&before, &board, &done.command).is_ok());
        check_invariants(game.state(), map, &done.events)?;
    }
    let decided = game.state().winner().is_some();
    prop_assert!(decided || game.state().turn() > TURN_LIMIT);
    game.verify(&board)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    Ok((game.commands().len(), decided))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn random_games_on_andorra_keep_every_invariant(
        seed in any::<u64>(),
        players in 2usize..=4,
        general_seats in 0u8..4,
        option_bits in any::<u32>(),
        wild_bits in any::<u64>(),
    ) {
        // Seat 0 and (when asked) seat 1 play the general; the rest play at random.
        let names: Vec<&str> = (0..players)
            .map(|i| if i < usize::from(general_seats % 3) { "general" } else { "random" })
            .collect();
        play(seed, &names, option_bits, wild_bits)?;
    }
}

/// Not a property: the random games above do reach the map's geometry — units move on real
/// roads, settle, fight and besiege — so the invariants are not checked on an empty board.
#[test]
fn random_games_on_andorra_reach_every_part_of_the_board() {
    let map = andorra();
    let board = MapBoard::new(map, map.meta().scale);
    let mut total: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 0..4 {
        let names = if seed % 2 == 0 {
            ["general", "random"]
        } else {
            ["random", "general"]
        };
        let setup = omms::sim::setup_for("andorra", map.meta().scale, 2);
        let mut game = Game::new(setup, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = names.iter().map(|n| bot_by_name(n).unwrap()).collect();
        while let Some(done) = step(&mut game, &board, &mut bots, Limits::turns(80)).unwrap() {
            for e in &done.events {
                let name = serde_json::to_value(e).unwrap()["type"]
                    .as_str()
                    .unwrap()
                    .to_string();
                *total.entry(name).or_insert(0) += 1;
            }
            if game.state().turn() > 80 {
                break;
            }
        }
    }
    let missing: Vec<&str> = [
        "unit_moved",
        "settlement_built",
        "combat_rolled",
        "unit_destroyed",
        "settlement_captured",
        "food_gained",
        "fortified",
        "attack_die_bought",
        "trade_accepted",
        "siege_started",
    ]
    .into_iter()
    .filter(|k| !total.contains_key(*k))
    .collect();
    assert!(
        missing.is_empty(),
        "never happened: {missing:?}\nall: {total:?}"
    );
}
