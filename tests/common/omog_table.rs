//! The hand-made OMOG table the OMOG 19C tests play on, where every distance is known, and
//! small helpers to build positions and play orders on it.
#![allow(dead_code)]

use geo::{LineString, Polygon};
use omms::rules::{SideDice, UnitType};
use omms::tactical::omog19c::engine::{check, execute};
use omms::tactical::omog19c::position::Position;
use omms::tactical::omog19c::state::{FigureId, OmogState, Phase, Role, TeamId};
use omms::tactical::omog19c::tables::{Mount, Weapon};
use omms::tactical::omog19c::*;
use omms::tactical::table::{inches, TablePoint};
use omms::tactical::*;

/// The table force a strategic unit brings: its own dice, its settlement's, and the fort.
pub fn dice(unit: UnitType, unit_dice: u8, settlement_dice: u8, fortified: bool) -> Force {
    SideDice {
        unit,
        unit_dice,
        settlement_dice,
        fortified,
    }
    .force()
}

pub fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Polygon<f64> {
    Polygon::new(
        LineString::from(vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]),
        vec![],
    )
}

/// A 48″ table: a house 2″ square with its corner at (30″, 30″), a wood from (10″, 30″) to
/// (16″, 36″), and a stone wall along x = 40″ from y = 5″ to 15″.
pub fn table() -> Battlefield {
    let i = inches;
    let areas = vec![
        Area {
            kind: AreaKind::House,
            shape: rect(i(30.0), i(30.0), i(32.0), i(32.0)),
            top: [i(31.0), i(31.0)],
            osm_id: 1,
        },
        Area {
            kind: AreaKind::Woods,
            shape: rect(i(10.0), i(30.0), i(16.0), i(36.0)),
            top: [i(13.0), i(33.0)],
            osm_id: 2,
        },
    ];
    let lines = vec![Line {
        kind: LineKind::Wall(WallKind::Stone),
        line: LineString::from(vec![(i(40.0), i(5.0)), (i(40.0), i(15.0))]),
        osm_id: 3,
    }];
    Battlefield::from_parts(TableSpec::OMOG, "Testham", Edge::South, areas, lines, &[])
}

pub fn at(x: f64, y: f64) -> TablePoint {
    [inches(x), inches(y)]
}

/// A position with the given figures (side, mount, weapon, role, position, team): figure ids in
/// the order given, team ids as given; the first side's move phase unless the caller sets one.
pub fn position(figs: &[(Side, Mount, Weapon, Role, TablePoint, u16)]) -> Position {
    let max_team = figs.iter().map(|f| f.5).max().unwrap_or(0);
    let mut p = Position::new();
    for t in 0..=max_team {
        let side = figs
            .iter()
            .find(|f| f.5 == t)
            .map(|f| f.0)
            .unwrap_or(Side::Attacker);
        p = p.team(side);
    }
    for (_, mount, weapon, role, pos, team) in figs {
        p = p.to_team(TeamId(*team)).man(*role, *mount, *weapon, *pos);
    }
    p
}

pub const A: Side = Side::Attacker;
pub const D: Side = Side::Defender;
pub const FOOT: Mount = Mount::Foot;
pub const HORSE: Mount = Mount::Horse;
pub const RIFLE: Weapon = Weapon::Rifle;
pub const MAN: Role = Role::Soldier;

pub fn mv(figure: u16, to: TablePoint, from: TablePoint, charge: bool) -> OmogCommand {
    OmogCommand::Move {
        figure: FigureId(figure),
        path: vec![from, to],
        charge,
    }
}

pub fn refusal(field: &Battlefield, state: &OmogState, cmd: OmogCommand) -> String {
    let mut copy = state.clone();
    let err = execute(field, &mut copy, &cmd).unwrap_err();
    assert_eq!(&copy, state, "a refused command changed the battle");
    assert_eq!(check(field, state, &cmd).unwrap_err(), err);
    err.to_string()
}

pub fn end_turn(f: &Battlefield, s: &mut OmogState) -> Vec<OmogEvent> {
    let mut ev = Vec::new();
    while matches!(s.phase(), Phase::Move(_) | Phase::Fire(_)) {
        let cmd = match s.phase() {
            Phase::Move(_) => OmogCommand::EndMove,
            _ => OmogCommand::EndFire,
        };
        let turn = s.turn();
        ev.extend(execute(f, s, &cmd).unwrap());
        if s.turn() != turn {
            break;
        }
    }
    ev
}
