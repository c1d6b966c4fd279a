//! "6+ Rules" fair fights (issue 15): the bot walks round what stands between it and the
//! objective, and deployment sets no block down where it could never get there. The readings are
//! in docs/rules/six_plus.md ("Fair fights", "The bot").

use geo::{LineString, Polygon};
use omms::map::GameMap;
use omms::rules::{FightDice, SideDice, UnitType};
use omms::tactical::six_plus::execute::execute;
use omms::tactical::six_plus::position::Position;
use omms::tactical::six_plus::state::SixState;
use omms::tactical::six_plus::state::{Kind, UnitId};
use omms::tactical::six_plus::*;
use omms::tactical::table::distance;
use omms::tactical::*;

fn field(map: &str, place: &str, fortified: bool) -> Battlefield {
    let m = GameMap::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(map)).unwrap();
    let id = m.place_by_name(place).unwrap();
    let site = BattleSite {
        attacker_from_bearing: 180.0,
        fortified,
    };
    Battlefield::build(&m, id, TABLE, site).unwrap()
}

/// `omms battle --attacker invader:2 --defender invader:1:1`: two foot dice against an Invader
/// holding the town.
fn inv_v_inv() -> Forces {
    let side = |unit_dice, settlement_dice| SideDice {
        unit: UnitType::Invader,
        unit_dice,
        settlement_dice,
        fortified: false,
    };
    FightDice {
        attacker: side(2, 0),
        defender: side(1, 1),
    }
    .forces()
}

/// Bots on both sides until `turns` full turns are played or the battle ends.
fn play(f: &Battlefield, s: &mut SixState, seed: u64, turns: u32) {
    let mut rng = drive::bot_rng(seed);
    while s.turn() <= turns {
        if SixPlus.actor(s).is_none() {
            break;
        }
        let cmd = SixPlus.choose(BotLevel::Captain, f, s, &mut rng).unwrap();
        execute(f, s, &cmd).unwrap();
    }
}

/// A strip of trees 14 cm long lies square across the way from an infantry block to the
/// objective. Steering by the straight line, the block stood at the trees' edge for the whole
/// battle (as the attacker's left block did at Vaduz, seed 2); it now walks round the strip's
/// end and is past the trees, closing on the objective, in four turns.
#[test]
fn a_block_walks_round_a_strip_of_trees_to_the_objective() {
    let strip = Area {
        kind: AreaKind::Woods,
        shape: Polygon::new(
            LineString::from(vec![
                (110.0, 130.0),
                (250.0, 130.0),
                (250.0, 145.0),
                (110.0, 145.0),
                (110.0, 130.0),
            ]),
            vec![],
        ),
        top: [180.0, 137.0],
        osm_id: 1,
    };
    let f = Battlefield::from_parts(TABLE, "Copse", Edge::South, vec![strip], vec![], &[]);
    let mut s = Position::new()
        .unit(Side::Attacker, Kind::Infantry, [185.0, 95.0], 0.0)
        .unit(Side::Defender, Kind::Skirmishers, [40.0, 330.0], 180.0)
        .build(&f);
    play(&f, &mut s, 1, 4);
    let u = s.unit(UnitId(0)).unwrap();
    assert!(
        u.at[1] > 160.0 && distance(u.at, f.objective) < 100.0,
        "the block stands at {:?}, {:.0} mm from the objective after 4 turns",
        u.at,
        distance(u.at, f.objective)
    );
}

/// At Vaduz (seed 2) the attacker's right block was set down in a clearing in the woods it
/// could never leave, and stood there all battle. Now every block of every deployment
/// (Liechtenstein's towns, 10 seeds, two sets of forces) has a way to the objective it can walk.
#[test]
fn no_block_is_deployed_where_it_cannot_reach_the_objective() {
    let vaduz = field("maps/liechtenstein", "Vaduz", false);
    let s = SixPlus.setup(&vaduz, &inv_v_inv(), 2);
    assert!(s.units().iter().all(|u| s.ground().has_way(u.kind, u.at)));
    let mixed = Forces {
        attacker: force::parse_elements("2*infantry,cavalry,artillery", forces::TROOPS).unwrap(),
        ..inv_v_inv()
    };
    for place in ["Vaduz", "Schaan", "Triesen", "Balzers", "Eschen"] {
        let f = field("maps/liechtenstein", place, false);
        for (seed, forces) in (0..10).flat_map(|n| [(n, inv_v_inv()), (n, mixed.clone())]) {
            let s = SixPlus.setup(&f, &forces, seed);
            for u in s.units() {
                assert!(
                    s.ground().has_way(u.kind, u.at),
                    "{place} seed {seed}: {u:?} has no way to the objective"
                );
            }
        }
    }
}

/// The attacker moves first, so horse set down within a charge of the defender's line struck
/// before he could answer (Schaan, Tank v Guard, seed 3: a Guard block lost to a flank charge in
/// the first turn); and foot set down far back always walked into the first volley. The
/// attacker's row of foot and guns now stands 40–70 mm in from his edge, the seed choosing, and
/// his horse 40 mm behind it (at least 12 mm in, so the block stays on the table).
#[test]
fn the_attackers_foot_forms_up_close_and_his_horse_behind_it() {
    let f = Battlefield::from_parts(TABLE, "Open", Edge::South, vec![], vec![], &[]);
    let forces = Forces {
        attacker: force::parse_elements("artillery,2*cavalry,infantry", forces::TROOPS).unwrap(),
        ..inv_v_inv()
    };
    let mut depths = Vec::new();
    for seed in 0..20 {
        let s = SixPlus.setup(&f, &forces, seed);
        // On a south edge, how far in a block stands is its distance north.
        let ours = |k: bool| {
            s.units()
                .iter()
                .filter(move |u| u.side == Side::Attacker && (u.kind == Kind::Cavalry) == k)
                .map(|u| u.at[1])
        };
        let row: Vec<f64> = ours(false).collect();
        let front = row[0];
        assert!(
            row.iter().all(|y| (y - front).abs() < 1e-6) && (40.0..=70.0).contains(&front),
            "seed {seed}: foot and guns at {row:?} mm in"
        );
        for y in ours(true) {
            let want = (front - 40.0).max(12.0);
            assert!(
                (y - want).abs() < 1e-6,
                "seed {seed}: horse {y:.1} mm in, the row {front:.1}"
            );
        }
        depths.push(front);
    }
    // The seed chooses across the whole range.
    assert!(depths.iter().any(|d| *d < 50.0) && depths.iter().any(|d| *d > 60.0));
}

/// Two lines of foot face each other within a volley, and the attacker moves first. His blocks
/// used to walk on towards the objective (60 mm of ground outweighed 4 hits in the bot's
/// reckoning) into the defender's arcs without firing, and took the defender's volley first (Pal on
/// Andorra, Invader v Guard, seed 3). A block with a target in reach now fights: after the
/// attacker's first turn the defender's line cannot give the first volley — the attacker has
/// fired, or stands where no block of the line can shoot him (out of its arc, on its flank).
#[test]
fn foot_within_a_volley_is_not_shot_first() {
    let f = Battlefield::from_parts(TABLE, "Open", Edge::South, vec![], vec![], &[]);
    let s = Position::new()
        .unit(Side::Attacker, Kind::Infantry, [157.0, 95.0], 0.0)
        .unit(Side::Attacker, Kind::Infantry, [203.0, 95.0], 0.0)
        .unit(Side::Defender, Kind::Infantry, [157.0, 150.0], 180.0)
        .unit(Side::Defender, Kind::Infantry, [203.0, 150.0], 180.0)
        .unit(Side::Defender, Kind::Skirmishers, [180.0, 185.0], 180.0)
        .build(&f);
    for seed in 0..4 {
        let mut t = s.clone();
        let mut rng = drive::bot_rng(seed);
        while SixPlus.actor(&t) == Some(Side::Attacker) {
            let cmd = SixPlus.choose(BotLevel::Captain, &f, &t, &mut rng).unwrap();
            execute(&f, &mut t, &cmd).unwrap();
        }
        let fired = (2..4).any(|i| t.unit(UnitId(i)).unwrap().hits > 0);
        for a in 0..2 {
            let u = t.unit(UnitId(a)).unwrap();
            let shot_at =
                (2..4).any(|d| check::shot_reach(&f, &t, t.unit(UnitId(d)).unwrap(), u).is_ok());
            assert!(
                fired || !shot_at,
                "seed {seed}: block {a} at {:?} is in the line's volley and nobody fired",
                u.at
            );
        }
    }
}

/// At a fort the Invader's two blocks of foot met four, and the defence went out to them:
/// the Guard's line stepped aside and shot them from the flanks as they came in (Mauren and Pal,
/// seeds 0 and 1: 2–0 with no defender lost). A fort's defenders now hold the keep, within
/// 45 mm of the objective, while the enemy has no horse: none walks out of it, and one that
/// starts beyond it only comes in. Against a Tank's horse they keep the captain's freedom.
#[test]
fn a_forts_defenders_hold_the_keep_against_foot() {
    let f = field("maps/liechtenstein", "Mauren", true);
    let fort = |unit: UnitType, unit_dice| {
        FightDice {
            attacker: SideDice {
                unit,
                unit_dice,
                settlement_dice: 0,
                fortified: false,
            },
            defender: SideDice {
                unit: UnitType::Guard,
                unit_dice: 2,
                settlement_dice: 2,
                fortified: true,
            },
        }
        .forces()
    };
    let o = f.objective;
    for seed in 0..2 {
        let mut s = SixPlus.setup(&f, &fort(UnitType::Invader, 2), seed);
        let start: Vec<f64> = s.units().iter().map(|u| distance(u.at, o)).collect();
        play(&f, &mut s, seed, 3);
        for u in s.units().iter().filter(|u| u.side == Side::Defender) {
            let d = distance(u.at, o);
            let allowed = start[u.id.0 as usize].max(ai::FORT_HOLD);
            assert!(
                d <= allowed + 1e-6,
                "seed {seed}: {:?} {} stands {d:.0} mm out (may {allowed:.0})",
                u.kind,
                u.id.0
            );
        }
    }
    let s = SixPlus.setup(&f, &fort(UnitType::Tank, 4), 0);
    let guard = s.units().iter().find(|u| u.side == Side::Defender).unwrap();
    assert_eq!(ai::fort_hold(&f, &s, guard), None);
}
