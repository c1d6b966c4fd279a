//! Helpers shared by The Dice Flew's test files: the real Encamp table, forces from strings, an
//! empty table, running and refusing commands, a one-company duel and hand-built positions.
//!
//! Each test file uses a different subset, so unused ones are not an error here.
#![allow(dead_code)]

use omms::map::GameMap;
use omms::tactical::dice_flew::command::DfCommand;
use omms::tactical::dice_flew::event::DfEvent;
use omms::tactical::dice_flew::features::features;
use omms::tactical::dice_flew::forces::{deploy, unit as new_unit, TROOPS};
use omms::tactical::dice_flew::state::{DfState, Phase};
use omms::tactical::dice_flew::unit::{Action, Battalion, BattalionId, Kind, Order, Unit, UnitId};
use omms::tactical::dice_flew::{execute::execute, table_spec};
use omms::tactical::force::{parse_elements, Quality};
use omms::tactical::ruleset::Side;
use omms::tactical::table::{compass_bearing, inches, Facing};
use omms::tactical::*;
use std::path::Path;

pub const A: Side = Side::Attacker;
pub const D: Side = Side::Defender;

/// Encamp (Andorra) cut to the 72″ table, the attacker coming from `bearing`.
pub fn encamp(bearing: f64) -> Battlefield {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = GameMap::load(&root.join("maps/andorra")).unwrap();
    let id = map.place_by_name("Encamp").unwrap();
    let site = BattleSite {
        attacker_from_bearing: bearing,
        fortified: false,
    };
    Battlefield::build(&map, id, table_spec(), site).unwrap()
}

/// Both sides' forces from `omms battle` force strings.
pub fn forces(a: &str, d: &str) -> Forces {
    Forces {
        attacker: parse_elements(a, TROOPS).unwrap(),
        defender: parse_elements(d, TROOPS).unwrap(),
        ..Default::default()
    }
}

/// An empty 72″ table, the attacker from the south.
pub fn open_table() -> Battlefield {
    Battlefield::from_parts(table_spec(), "Testville", Edge::South, vec![], vec![], &[])
}

/// The empty 72″ table with one rectangular wood from (x0, y0) to (x1, y1), in metres.
pub fn table_with_wood(x0: f64, y0: f64, x1: f64, y1: f64) -> Battlefield {
    let wood = omms::tactical::battlefield::Area {
        kind: omms::tactical::battlefield::AreaKind::Woods,
        shape: geo::Polygon::new(
            geo::LineString::from(vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]),
            vec![],
        ),
        top: [(x0 + x1) / 2.0, (y0 + y1) / 2.0],
        osm_id: 1,
    };
    Battlefield::from_parts(
        table_spec(),
        "Testville",
        Edge::South,
        vec![wood],
        vec![],
        &[],
    )
}

/// Execute a command that must be legal.
pub fn run(f: &Battlefield, s: &mut DfState, cmd: DfCommand) -> Vec<DfEvent> {
    execute(f, s, &cmd).unwrap_or_else(|e| panic!("{cmd:?}: {e}"))
}

/// The refusal of a command that must be refused, checking it changed nothing.
pub fn refused(f: &Battlefield, s: &DfState, cmd: DfCommand) -> String {
    let mut copy = s.clone();
    let e = execute(f, &mut copy, &cmd).unwrap_err();
    assert_eq!(
        format!("{copy:?}"),
        format!("{s:?}"),
        "a refused command changed the battle"
    );
    e.to_string()
}

/// Write no orders, and let `first` move first in turn 1 (the events of getting there).
pub fn start(f: &Battlefield, s: &mut DfState, first: Side) -> Vec<DfEvent> {
    let mut ev = run(f, s, DfCommand::OrdersDone);
    ev.extend(run(f, s, DfCommand::OrdersDone));
    if let Phase::Initiative(chooser) = s.phase() {
        ev.extend(run(
            f,
            s,
            DfCommand::GoFirst {
                first: chooser == first,
            },
        ));
    }
    assert_eq!(s.phase(), Phase::Move(first));
    ev
}

/// One rifle company against one MG company, both on the line x = 36″, each detached under its
/// CO (a side of one company has no battalion HQ); orders written and `first` moving first in
/// turn 1. `lone_company` and `DfState::co` find the pieces.
pub fn duel(seed: u64, first: Side) -> (Battlefield, DfState) {
    let f = open_table();
    // A named `rifles` company: a strategic foot die attacking would bring an HMG that sees
    // the machine guns from the start.
    let mut s = deploy(&f, &forces("rifles", "mg"), seed);
    start(&f, &mut s, first);
    (f, s)
}

/// The one fighting company of `side`, in a battle where it has a single company: found by what
/// it is, not by its number, so the tests do not hang on the order deployment puts units in.
pub fn lone_company(s: &DfState, side: Side) -> UnitId {
    let mut cs = s.living(side).filter(|u| !u.staff());
    let c = cs.next().expect("a company").id;
    assert!(cs.next().is_none(), "{side:?} has more than one company");
    c
}

/// A unit by number.
pub fn unit(s: &DfState, id: u16) -> &Unit {
    s.unit(UnitId(id)).unwrap()
}

/// A unit of `kind` for a hand-built position at `(x, y)` inches, facing `towards`.
pub fn placed(
    id: u16,
    side: Side,
    kind: Kind,
    battalion: Option<u16>,
    at: (f64, f64),
    towards: (f64, f64),
) -> Unit {
    let p = [inches(at.0), inches(at.1)];
    let mut u = new_unit(UnitId(id), side, kind, Quality::Regular, p);
    u.battalion = battalion.map(BattalionId);
    u.facing = Facing(compass_bearing(p, [inches(towards.0), inches(towards.1)]));
    u
}

/// A battalion with HQ `hq` holding the objective.
pub fn battalion(id: u16, side: Side, hq: u16) -> Battalion {
    Battalion {
        id: BattalionId(id),
        side,
        hq: UnitId(hq),
        order: Some(Order {
            action: Action::Hold,
            feature: 0,
            start_turn: 1,
        }),
        shaken: false,
        change_tried: 0,
        quality: Quality::Regular,
    }
}

/// A hand-built battle on the empty table: units numbered in order.
pub fn position(f: &Battlefield, units: Vec<Unit>, battalions: Vec<Battalion>) -> DfState {
    DfState::new(units, battalions, features(f), 1)
}
