//! Every ruleset in the registry, played by its bots over 200 seeds on real terrain (issue 15):
//! nobody moves past his allowance, nobody shoots out of range or sight, and nobody stands on
//! another (RULINGS §9's room). The battles alternate the bot levels and the forces (foot, horse,
//! a gun with armour) so every kind of piece moves and shoots.
//!
//! The driver is generic over [`Ruleset`]; what "allowance", "range" and "room" mean is each
//! ruleset's own, so each has a small audit here reading its events with its own public checks.
//! A ruleset registered without one fails `every_registered_ruleset_has_an_invariant_audit`.

use std::path::Path;

use omms::map::GameMap;
use omms::rules::{FightDice, SideDice, UnitType};
use omms::tactical::registry;
use omms::tactical::table::distance;
use omms::tactical::*;

/// The rulesets audited below, by id.
const AUDITED: &[&str] = &["omog19c", "omog-musket", "six-plus", "dice-flew"];

const SEEDS: u64 = 200;

#[test]
fn every_registered_ruleset_has_an_invariant_audit() {
    for rules in registry::all() {
        assert!(
            AUDITED.contains(&rules.id()),
            "ruleset {} has no invariant audit in tests/tactical_invariants.rs: add one",
            rules.id()
        );
    }
}

fn field(table: TableSpec) -> Battlefield {
    let m = GameMap::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/north-bayreuth"))
        .expect("shipped map loads");
    let id = m.place_by_name("Altenplos").expect("shipped place");
    let site = BattleSite {
        attacker_from_bearing: 180.0,
        fortified: false,
    };
    Battlefield::build(&m, id, table, site).expect("battlefield")
}

fn side(unit: UnitType, unit_dice: u8, settlement_dice: u8) -> SideDice {
    SideDice {
        unit,
        unit_dice,
        settlement_dice,
        fortified: false,
    }
}

/// Small forces, in turn: foot against a garrison, horse against it, a gun and armour against
/// foot in the open and in a house.
fn forces(seed: u64) -> Forces {
    let attacker = match seed % 3 {
        0 => side(UnitType::Invader, 1, 0),
        1 => side(UnitType::Scout, 2, 0),
        _ => side(UnitType::Tank, 2, 0),
    };
    FightDice {
        attacker,
        defender: side(UnitType::Guard, 1, 1),
    }
    .forces()
}

/// What an audit saw: moves and shots checked.
#[derive(Default)]
struct Seen {
    moves: usize,
    shots: usize,
    /// Moves made under a written order that binds them (The Dice Flew's hold and move-to).
    order_moves: usize,
}

/// Play `SEEDS` battles with the generic bot (captain against general, sides alternating) and
/// hand every command to `audit` with the position before and after it and its events.
fn audit_battles<R: Ruleset>(
    rules: &R,
    min_shots: usize,
    mut audit: impl FnMut(&Battlefield, &R::State, &R::Command, &[R::Event], &R::State, u64, &mut Seen),
) -> Seen {
    let f = field(rules.table());
    let mut seen = Seen::default();
    for seed in 0..SEEDS {
        let bots = if seed % 2 == 0 {
            [BotLevel::Captain, BotLevel::General]
        } else {
            [BotLevel::General, BotLevel::Captain]
        };
        let mut state = rules.setup(&f, &forces(seed), seed);
        let mut rng = drive::bot_rng(seed);
        let cap = rules.command_cap(&state);
        for _ in 0..cap {
            let Some(actor) = rules.actor(&state) else {
                break;
            };
            let cmd = bot::choose(rules, bots[actor.index()], &f, &state, &mut rng)
                .expect("a battle in progress has a command");
            let before = state.clone();
            let events = rules
                .execute(&f, &mut state, &cmd)
                .unwrap_or_else(|e| panic!("{} seed {seed}: {cmd:?} refused: {e}", rules.id()));
            audit(&f, &before, &cmd, &events, &state, seed, &mut seen);
        }
    }
    assert!(
        seen.moves > 500 && seen.shots >= min_shots,
        "{}: the battles were fought ({} moves, {} shots)",
        rules.id(),
        seen.moves,
        seen.shots
    );
    seen
}

#[path = "common/omog_room.rs"]
mod omog_room;
use omog_room::omog_room;

#[test]
fn omog19c_keeps_allowance_range_sight_and_room() {
    use omms::tactical::omog19c::{check, Omog19c, OmogCommand, OmogEvent};
    audit_battles(&Omog19c, 50, |f, before, cmd, events, after, seed, seen| {
        let why = format!("omog19c seed {seed}: {cmd:?}");
        if let OmogCommand::Shoot { figure, target } = cmd {
            let (a, b) = (
                before.figure(*figure).unwrap(),
                before.figure(*target).unwrap(),
            );
            assert!(check::shot(f, a, b).is_ok(), "{why}: out of range or sight");
            seen.shots += 1;
        }
        for e in events {
            if let OmogEvent::Moved { used, .. } = e {
                assert!(*used <= 1.0 + 1e-9, "{why}: moved past the allowance");
                seen.moves += 1;
            }
        }
        omog_room(f, after.figures(), &why);
    });
}

#[test]
fn omog_musket_keeps_allowance_range_sight_and_room() {
    use omms::tactical::omog_musket::{shoot_odds, MusketCommand, MusketEvent, OmogMusket};
    audit_battles(
        &OmogMusket,
        50,
        |f, before, cmd, events, after, seed, seen| {
            let why = format!("omog-musket seed {seed}: {cmd:?}");
            if let MusketCommand::Shoot { figure, target } = cmd {
                assert!(
                    shoot_odds(f, before, *figure, *target).is_ok(),
                    "{why}: out of range or sight, or unloaded"
                );
            }
            for e in events {
                match e {
                    MusketEvent::Moved { used, .. } => {
                        assert!(*used <= 1.0 + 1e-9, "{why}: moved past the allowance");
                        seen.moves += 1;
                    }
                    // Also the shots a charged man takes at his charger inside a move.
                    MusketEvent::Shot {
                        figure,
                        range,
                        need,
                        ..
                    } => {
                        let kit = before.figure(*figure).unwrap().kit();
                        assert!(*range <= kit.max_range() + 1e-6, "{why}: shot beyond range");
                        assert!(*need <= 6, "{why}: a shot that cannot hit");
                        seen.shots += 1;
                    }
                    _ => {}
                }
            }
            omog_room(f, after.figures(), &why);
        },
    );
}

#[test]
fn six_plus_keeps_allowance_range_sight_and_room() {
    use omms::tactical::six_plus::check::shot_reach;
    use omms::tactical::six_plus::geom::overlap;
    use omms::tactical::six_plus::state::Kind;
    use omms::tactical::six_plus::{SixEvent, SixPlus};
    audit_battles(&SixPlus, 50, |f, before, cmd, events, after, seed, seen| {
        let why = format!("six-plus seed {seed}: {cmd:?} -> {events:?}");
        for e in events {
            match e {
                SixEvent::Moved { unit, to, road, .. } => {
                    let u = before.unit(*unit).unwrap();
                    let max = u.kind.allowance() * if *road { 1.5 } else { 1.0 };
                    assert!(
                        distance(u.at, *to) <= max + 1e-6,
                        "{why}: past the allowance"
                    );
                    seen.moves += 1;
                }
                SixEvent::Charged { unit, to, .. } => {
                    // A charge reaches 6 cm.
                    assert!(
                        distance(before.unit(*unit).unwrap().at, *to) <= 60.0 + 1e-6,
                        "{why}"
                    );
                    seen.moves += 1;
                }
                SixEvent::Shot { unit, target, .. } => {
                    let (u, t) = (before.unit(*unit).unwrap(), before.unit(*target).unwrap());
                    assert!(u.kind != Kind::Cavalry && u.kind != Kind::General, "{why}");
                    assert!(
                        shot_reach(f, before, u, t).is_ok(),
                        "{why}: out of range or sight"
                    );
                    seen.shots += 1;
                }
                _ => {}
            }
        }
        let living: Vec<_> = after.living().collect();
        for (i, a) in living.iter().enumerate() {
            for b in &living[i + 1..] {
                assert!(
                    !overlap(&a.rect(), &b.rect(), 0.02),
                    "{why}: {a:?} overlaps {b:?}"
                );
            }
        }
    });
}

#[test]
fn dice_flew_keeps_allowance_arc_range_and_room() {
    use omms::tactical::dice_flew::fire::{may_fire, range, reach};
    use omms::tactical::dice_flew::movement::move_fraction;
    use omms::tactical::dice_flew::unit::{footprint, Action};
    use omms::tactical::dice_flew::{DfCommand, DfEvent, DiceFlew};
    use omms::tactical::table::inches;
    // The bar: the bots' companies must really fight (issue 12). Figures for these 200 battles
    // are in `cargo bench --bench dice_flew -- --figures`; the bar keeps a wide margin below them.
    let seen = audit_battles(
        &DiceFlew,
        150,
        |f, before, cmd, events, after, seed, seen| {
            let why = format!("dice-flew seed {seed}: {cmd:?} -> {events:?}");
            if let DfCommand::Move { unit, to } = cmd {
                let u = before.unit(*unit).unwrap();
                let used = move_fraction(f, u.movement(), u.at, *to)
                    .unwrap_or_else(|e| panic!("{why}: a move over forbidden ground ({e:?})"));
                assert!(used <= 1.0 + 1e-9, "{why}: past the allowance ({used:.2})");
                // The written order, as it stands this turn: a battalion holding stays by its
                // place (or comes back towards it); one moving does not walk into the enemy.
                if let Some((action, place)) = u.battalion.and_then(|b| before.effective_order(b)) {
                    let by_place = distance(*to, place) <= inches(12.0) + 1e-9
                        || distance(*to, place) < distance(u.at, place);
                    match action {
                        Action::Hold => {
                            assert!(by_place, "{why}: left the place it holds");
                            seen.order_moves += 1;
                        }
                        Action::MoveTo => {
                            assert!(by_place, "{why}: a move order walked away from its place");
                            assert!(
                                before
                                    .living(u.side.other())
                                    .all(|e| range(e.at, *to) > inches(3.0)),
                                "{why}: a move order engaged the enemy"
                            );
                            seen.order_moves += 1;
                        }
                        Action::Attack => {}
                    }
                }
                seen.moves += 1;
            }
            for e in events {
                if let DfEvent::Fired {
                    shooter, target, ..
                }
                | DfEvent::AntiTank {
                    shooter, target, ..
                } = e
                {
                    let (a, b) = (
                        before.unit(*shooter).unwrap(),
                        before.unit(*target).unwrap(),
                    );
                    assert!(a.facing.within_arc(a.at, b.at, 45.0), "{why}: out of arc");
                    assert!(may_fire(a).is_ok(), "{why}: an ineligible company fired");
                    assert!(
                        range(a.at, b.at) <= reach(a, b.kind.armour().is_some()) + 1e-6,
                        "{why}: out of range"
                    );
                    seen.shots += 1;
                }
            }
            let living: Vec<_> = after.units().iter().filter(|u| u.alive()).collect();
            for (i, a) in living.iter().enumerate() {
                for b in &living[i + 1..] {
                    assert!(
                        distance(a.at, b.at) >= 2.0 * footprint() - 1e-6,
                        "{why}: {:?} and {:?} overlap",
                        a.id,
                        b.id
                    );
                }
            }
        },
    );
    assert!(
        seen.order_moves > 100,
        "too few moves under a hold or move-to order were seen ({}) for the audit to mean anything",
        seen.order_moves
    );
}
