//! Helpers shared by the rules tests on the flat test board.
//!
//! Each test crate uses a different subset, so unused ones are not an error here.
#![allow(dead_code)]

pub mod display;
pub mod pbf;
pub mod prereq;

use omms::map::PlaceId;
use omms::rules::testkit::{setup, TableBoard};
use omms::rules::*;

pub const RED: PlayerId = PlayerId(0);
pub const BLUE: PlayerId = PlayerId(1);
pub const GREEN: PlayerId = PlayerId(2);

/// Red's base is a fortification in Andorra la Vella (a city); Blue's in Pas de la Casa.
pub fn two_bases() -> (Scenario, SettlementId, SettlementId) {
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 1);
    let red_base = sc.settlement(RED, PlaceId(0), true, true);
    let blue_base = sc.settlement(BLUE, PlaceId(5), true, true);
    (sc, red_base, blue_base)
}

/// Run a command that must be refused; check that `check` gives the same refusal and that
/// nothing changed. Returns the message the player sees.
pub fn refusal(state: &State, board: &TableBoard, cmd: Command) -> String {
    let mut copy = state.clone();
    let err = execute(&mut copy, board, &cmd).unwrap_err();
    assert_eq!(copy, *state, "a refused command changed the state");
    assert_eq!(check(state, board, &cmd).unwrap_err(), err);
    err.to_string()
}

/// Standing on the road at a place of the test board.
pub fn road(board: &TableBoard, place: u32) -> Location {
    Location::Road(board.pos(PlaceId(place)))
}

pub fn attack(unit: UnitId, target: Target) -> Command {
    Command::Attack(Attack::dice(unit, target))
}

/// Build the position with seeds 0, 1, … until `cmd` gives `want`; return the state before and
/// the events. Dice come from the seeded RNG, so this is how a test asks for an outcome.
pub fn first_seed_with(
    want: Outcome,
    board: &TableBoard,
    build: impl Fn(u64) -> Scenario,
    cmd: &Command,
) -> (State, Vec<Event>) {
    for seed in 0..1000 {
        let before = build(seed).build(board).unwrap();
        let mut state = before.clone();
        let events = execute(&mut state, board, cmd).unwrap();
        let got = events.iter().find_map(|e| match e {
            Event::CombatRolled { outcome, .. } => Some(*outcome),
            _ => None,
        });
        if got == Some(want) {
            return (before, events);
        }
    }
    panic!("no seed gives {want:?}");
}

/// Game options chosen by a random number: every draw rule, tanks on and off, and each
/// victory condition with a range of targets.
pub fn options_from(r: u32) -> Options {
    Options {
        draw: if r % 2 == 0 {
            DrawRule::RollDie
        } else {
            DrawRule::OneCard
        },
        tanks: (r / 2) % 2 == 0,
        victory: match (r / 4) % 3 {
            0 => Victory::LastStanding,
            1 => Victory::SettlementPoints(6 + (r / 12) % 6),
            _ => Victory::CapturedBases(1),
        },
        battles: Default::default(),
        seafaring: false,
        safe_bases: (r / 36) % 2 == 0,
    }
}

/// A copy of shipped map `name` in a temporary folder with its terrain layer emptied, as a
/// package imported before terrain existed (or edited bare by a modder) has: every battle on it
/// must be refused with a clear reason. Kept alive by the returned folder.
pub fn map_without_terrain(name: &str) -> tempfile::TempDir {
    let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name);
    let tmp = tempfile::tempdir().unwrap();
    for file in ["map.toml", "map.geojson"] {
        std::fs::copy(from.join(file), tmp.path().join(file)).unwrap();
    }
    std::fs::write(
        tmp.path().join("terrain.geojson"),
        r#"{"type":"FeatureCollection","features":[]}"#,
    )
    .unwrap();
    tmp
}
