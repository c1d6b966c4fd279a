//! The shooting breakdown on a hand-made table: what the table screen promises is what the die
//! is held to.

use geo::{LineString, Polygon};

use super::engine::{execute, shoot_odds, shot_odds, OmogCommand, OmogEvent, Refusal, ShotOdds};
use super::position::Position;
use super::state::{FigureId, OmogState, Phase, Role};
use super::tables::{Mount, ShotModifier, Weapon};
use crate::tactical::battlefield::{Area, AreaKind, Battlefield, Line, LineKind, WallKind};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{inches, Edge, TableSpec};

fn square(x: f64, y: f64, side: f64) -> Polygon<f64> {
    let i = inches;
    Polygon::new(
        LineString::from(vec![
            (i(x), i(y)),
            (i(x + side), i(y)),
            (i(x + side), i(y + side)),
            (i(x), i(y + side)),
            (i(x), i(y)),
        ]),
        vec![],
    )
}

/// A 48″ table with a house 2″ square at (30″, 30″), a hill round (10″, 10″), and a
/// chest-high wall along y = 40″ from x = 5″ to 15″.
fn field() -> Battlefield {
    let areas = vec![
        Area {
            kind: AreaKind::House,
            shape: square(30.0, 30.0, 2.0),
            top: [inches(31.0), inches(31.0)],
            osm_id: 1,
        },
        Area {
            kind: AreaKind::Hill,
            shape: square(6.0, 6.0, 8.0),
            top: [inches(10.0), inches(10.0)],
            osm_id: 2,
        },
    ];
    let lines = vec![Line {
        kind: LineKind::Wall(WallKind::Stone),
        line: LineString::from(vec![
            (inches(5.0), inches(40.0)),
            (inches(15.0), inches(40.0)),
        ]),
        osm_id: 3,
    }];
    Battlefield::from_parts(TableSpec::OMOG, "Testham", Edge::South, areas, lines, &[])
}

/// Two lone figures: an attacker (0) and a defender (1), in the attacker's fire phase; the
/// attacker's horse has ridden when `moved`.
fn duel(shooter: (Mount, Weapon, [f64; 2]), target: [f64; 2], moved: bool) -> OmogState {
    let i = |p: [f64; 2]| [inches(p[0]), inches(p[1])];
    Position::new()
        .team(Side::Attacker)
        .man(Role::Soldier, shooter.0, shooter.1, i(shooter.2))
        .with(|f| {
            f.done(moved, false);
        })
        .team(Side::Defender)
        .man(Role::Soldier, Mount::Foot, Weapon::Rifle, i(target))
        .phase(Phase::Fire(Side::Attacker))
        .build()
}

fn odds(f: &Battlefield, s: &OmogState) -> Result<ShotOdds, Refusal> {
    shoot_odds(f, s, FigureId(0), FigureId(1))
}

#[test]
fn the_breakdown_names_the_band_and_each_modifier() {
    let f = field();
    // Open ground, 10″: a rifle's medium band, 4+, nothing else.
    let s = duel(
        (Mount::Foot, Weapon::Rifle, [20.0, 10.0]),
        [20.0, 20.0],
        false,
    );
    let o = odds(&f, &s).unwrap();
    assert_eq!((o.band, o.band_need, o.need), (1, 4, 4));
    assert!(o.modifiers.is_empty());
    assert!((o.range - inches(10.0)).abs() < 1e-9);
    // In the house from 10″ south: −2 makes it 6.
    let s = duel(
        (Mount::Foot, Weapon::Rifle, [31.0, 21.0]),
        [31.0, 31.0],
        false,
    );
    let o = odds(&f, &s).unwrap();
    assert_eq!(o.modifiers, vec![ShotModifier::TargetInHouse]);
    assert_eq!((o.band_need, o.need), (4, 6));
    // From the hill at a man below, short range: 3 − 1 = 2.
    let s = duel(
        (Mount::Foot, Weapon::Rifle, [10.0, 10.0]),
        [10.0, 15.5],
        false,
    );
    let o = odds(&f, &s).unwrap();
    assert_eq!(o.modifiers, vec![ShotModifier::ShooterHigh]);
    assert_eq!((o.band, o.band_need, o.need), (0, 3, 2));
    // Behind the chest-high wall, seen from the south, with a carbine from a horse that
    // moved, long band: 5 + 2 + 1 = 8 cannot hit, and the refusal names both.
    let s = duel(
        (Mount::Horse, Weapon::Carbine, [10.0, 30.0]),
        [10.0, 40.5],
        true,
    );
    let err = odds(&f, &s).unwrap_err().to_string();
    assert!(
        err.contains(ShotModifier::TargetBehindHighWall.label()),
        "{err}"
    );
    assert!(
        err.contains(ShotModifier::ShooterMovedOnHorse.label()),
        "{err}"
    );
    // The same wall from 3″: short band, 3 + 2 + 1 = 6.
    let s = duel(
        (Mount::Horse, Weapon::Carbine, [10.0, 37.5]),
        [10.0, 40.5],
        true,
    );
    let o = odds(&f, &s).unwrap();
    assert_eq!(
        o.modifiers,
        vec![
            ShotModifier::TargetBehindHighWall,
            ShotModifier::ShooterMovedOnHorse
        ]
    );
    assert_eq!((o.band, o.band_need, o.need), (0, 3, 6));
}

#[test]
fn the_breakdown_is_what_the_die_is_held_to() {
    let f = field();
    let s = duel(
        (Mount::Foot, Weapon::Rifle, [31.0, 21.0]),
        [31.0, 31.0],
        false,
    );
    let o = odds(&f, &s).unwrap();
    let mut after = s.clone();
    let ev = execute(
        &f,
        &mut after,
        &OmogCommand::Shoot {
            figure: FigureId(0),
            target: FigureId(1),
        },
    )
    .unwrap();
    let OmogEvent::Shot {
        need,
        modifiers,
        roll,
        hit,
        ..
    } = &ev[0]
    else {
        panic!("{ev:?}")
    };
    assert_eq!((*need, modifiers), (o.need, &o.modifiers));
    assert_eq!(*hit, *roll >= o.need);
    // Once fired, the same shot is refused with the reason, not a breakdown.
    let err = odds(&f, &after).unwrap_err().to_string();
    assert!(err.contains("has fired this turn"), "{err}");
    // Out of the fire phase it is refused too; the geometry alone still has its odds.
    let moving = s.as_next_move(Side::Attacker);
    assert!(odds(&f, &moving).is_err());
    assert_eq!(
        shot_odds(&f, &moving.figures()[0], &moving.figures()[1]),
        Ok(o)
    );
}
