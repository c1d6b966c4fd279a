//! What a Tank's armour die and a fortification's machine-gun die bring, chosen before the
//! battle with `Equip`: the swap a player sees (and the refusals he reads), and the bot's choice
//! by the ground. `docs/rules/dice_flew.md` ("Organisation and forces") names these tests.

#[path = "tactical_dice_flew_support/mod.rs"]
mod support;

use omms::tactical::dice_flew::command::DfCommand;
use omms::tactical::dice_flew::forces::deploy;
use omms::tactical::dice_flew::movement::move_fraction;
use omms::tactical::dice_flew::state::{DfState, Phase};
use omms::tactical::dice_flew::tables::{Armour, Weapon};
use omms::tactical::dice_flew::unit::{Kind, UnitId};
use omms::tactical::dice_flew::DiceFlew;
use omms::tactical::drive;
use omms::tactical::ruleset::{BotLevel, Ruleset, Side};
use omms::tactical::table::inches;
use omms::tactical::Battlefield;
use support::*;

const TANK: Kind = Kind::Tanks(Armour::Medium);

/// The first company of `side` of `kind`.
fn company(s: &DfState, side: Side, kind: Kind) -> UnitId {
    s.living(side)
        .find(|u| u.kind == kind)
        .unwrap_or_else(|| panic!("{side:?} has no {kind:?}"))
        .id
}

/// The captain bot's command now.
fn bot(f: &Battlefield, s: &DfState) -> DfCommand {
    let mut rng = drive::bot_rng(7);
    DiceFlew
        .choose(BotLevel::Captain, f, s, &mut rng)
        .expect("the battle waits on a command")
}

/// The open 72″ table with a wood 10″ by 20″ across the way from the attacker's line to the
/// objective (36″, 36″).
fn wood_across_the_way() -> Battlefield {
    let (x0, x1, y0, y1) = (inches(26.0), inches(46.0), inches(16.0), inches(26.0));
    table_with_wood(x0, y0, x1, y1)
}

#[test]
fn a_tank_die_is_a_medium_tank_or_a_troop_of_armoured_cars_and_back() {
    let f = open_table();
    let mut s = deploy(&f, &forces("armour,foot", "foot"), 1);
    let t = company(&s, A, TANK);
    assert_eq!(
        unit(&s, t.0).count(Weapon::MediumGun),
        1,
        "a die's tank is one"
    );
    let was = unit(&s, t.0).at;
    run(
        &f,
        &mut s,
        DfCommand::Equip {
            unit: t,
            kind: Kind::ArmouredCars,
        },
    );
    let u = unit(&s, t.0);
    assert_eq!(u.kind, Kind::ArmouredCars);
    assert_eq!(u.label(), format!("armoured cars {}", t.0 + 1));
    assert_eq!(u.count(Weapon::LightGun), 3);
    assert_eq!(u.count(Weapon::MediumGun), 0);
    assert_eq!(u.strength(), 3);
    assert_eq!(u.lost(), 0, "a fresh troop, nothing lost");
    assert_eq!(
        u.at, was,
        "open ground: the cars stand where the tank stood"
    );
    assert!(u.radio, "vehicles carry radios");
    // A change of mind before the orders are done.
    run(
        &f,
        &mut s,
        DfCommand::Equip {
            unit: t,
            kind: TANK,
        },
    );
    let u = unit(&s, t.0);
    assert_eq!(
        (u.kind, u.count(Weapon::MediumGun), u.strength()),
        (TANK, 1, 1)
    );
}

#[test]
fn a_fortification_die_is_an_mg_company_or_field_guns_out_of_its_house() {
    let f = encamp(180.0);
    let mut s = deploy(&f, &forces("armour,armour", "mg@house,foot@house"), 3);
    let mg = company(&s, D, Kind::MachineGuns);
    run(&f, &mut s, DfCommand::OrdersDone);
    assert_eq!(s.phase(), Phase::Orders(D));
    let was = unit(&s, mg.0).at;
    run(
        &f,
        &mut s,
        DfCommand::Equip {
            unit: mg,
            kind: Kind::FieldGuns,
        },
    );
    let u = unit(&s, mg.0);
    assert_eq!(u.kind, Kind::FieldGuns);
    assert_eq!((u.count(Weapon::MediumGun), u.count(Weapon::Hmg)), (2, 0));
    assert_eq!(
        u.battalion,
        unit(&s, company(&s, D, Kind::Rifles).0).battalion
    );
    // Guns cannot stand in a house: they stand on the nearest ground they may, near it.
    let p = [u.at[0] + inches(1.0), u.at[1]];
    assert!(
        move_fraction(&f, u.movement(), u.at, p).is_ok(),
        "guns stand on gun ground"
    );
    assert!(omms::tactical::table::distance(u.at, was) < inches(12.0));
    run(
        &f,
        &mut s,
        DfCommand::Equip {
            unit: mg,
            kind: Kind::MachineGuns,
        },
    );
    let u = unit(&s, mg.0);
    assert_eq!(
        (u.kind, u.count(Weapon::Hmg), u.count(Weapon::MediumGun)),
        (Kind::MachineGuns, 2, 0)
    );
}

#[test]
fn equipment_is_refused_with_a_reason() {
    let f = open_table();
    let mut s = deploy(&f, &forces("armour,foot,medium-tanks", "mg,foot"), 1);
    let t = company(&s, A, TANK);
    let rifles = company(&s, A, Kind::Rifles);
    let named = s
        .living(A)
        .find(|u| u.kind == TANK && u.id != t)
        .expect("the named troop")
        .id;
    let mg = company(&s, D, Kind::MachineGuns);
    let equip = |unit, kind| DfCommand::Equip { unit, kind };
    assert_eq!(
        refused(&f, &s, equip(rifles, Kind::MachineGuns)),
        format!(
            "The rifle company {} cannot be equipped so: only a Tank's armour die or a \
             fortification's machine-gun die leaves a choice.",
            rifles.0 + 1
        )
    );
    assert!(
        refused(&f, &s, equip(named, Kind::ArmouredCars)).contains("leaves a choice"),
        "a force's named medium-tanks troop is already chosen"
    );
    assert_eq!(
        refused(&f, &s, equip(t, Kind::FieldGuns)),
        format!(
            "The medium tanks {} cannot be equipped so: its die brings medium tanks or \
             armoured cars.",
            t.0 + 1
        )
    );
    assert!(refused(&f, &s, equip(t, TANK)).contains("so equipped already"));
    // The enemy's die is his to equip.
    assert_eq!(
        refused(&f, &s, equip(mg, Kind::FieldGuns)),
        "That is not one of your units or battalions."
    );
    run(&f, &mut s, DfCommand::OrdersDone);
    assert_eq!(
        refused(&f, &s, equip(t, Kind::ArmouredCars)),
        "That is not one of your units or battalions.",
        "the attacker's orders are done: the defender writes now"
    );
    run(&f, &mut s, equip(mg, Kind::FieldGuns));
    run(&f, &mut s, DfCommand::OrdersDone);
    if let Phase::Initiative(chooser) = s.phase() {
        run(
            &f,
            &mut s,
            DfCommand::GoFirst {
                first: chooser == D,
            },
        );
    }
    assert_eq!(s.phase(), Phase::Move(D));
    assert_eq!(
        refused(&f, &s, equip(mg, Kind::MachineGuns)),
        "Not now: a die's equipment is chosen before the battle, with the orders."
    );
}

#[test]
fn the_bot_sends_armoured_cars_down_an_open_way_and_a_tank_through_a_wood() {
    let open = open_table();
    let mut s = deploy(&open, &forces("armour,foot", "foot,foot"), 1);
    let t = company(&s, A, TANK);
    assert_eq!(
        bot(&open, &s),
        DfCommand::Equip {
            unit: t,
            kind: Kind::ArmouredCars
        }
    );
    run(
        &open,
        &mut s,
        DfCommand::Equip {
            unit: t,
            kind: Kind::ArmouredCars,
        },
    );
    assert!(
        !matches!(bot(&open, &s), DfCommand::Equip { .. }),
        "once equipped, the bot goes on to its orders"
    );

    let wooded = wood_across_the_way();
    let s = deploy(&wooded, &forces("armour,foot", "foot,foot"), 1);
    assert!(
        !matches!(bot(&wooded, &s), DfCommand::Equip { .. }),
        "woods on the way: the die stays a tank"
    );

    // A defender's tank holds: it stays a tank on the open table too.
    let mut s = deploy(&open, &forces("foot,foot", "armour,foot"), 1);
    run(&open, &mut s, DfCommand::OrdersDone);
    assert!(!matches!(bot(&open, &s), DfCommand::Equip { .. }));
}

#[test]
fn the_bot_makes_a_fort_die_field_guns_against_armour_over_open_fields() {
    let f = open_table();
    let mut s = deploy(&f, &forces("armour,armour", "mg@house,foot@house"), 1);
    run(&f, &mut s, DfCommand::OrdersDone);
    let mg = company(&s, D, Kind::MachineGuns);
    assert_eq!(
        bot(&f, &s),
        DfCommand::Equip {
            unit: mg,
            kind: Kind::FieldGuns
        }
    );

    // Against foot the machine guns are as good at 24″, and keep their cover.
    let mut s = deploy(&f, &forces("foot,foot", "mg@house,foot@house"), 1);
    run(&f, &mut s, DfCommand::OrdersDone);
    assert!(!matches!(bot(&f, &s), DfCommand::Equip { .. }));

    // Against armour, but with a wood across the fields of fire: the MG company.
    let wooded = wood_across_the_way();
    let mut s = deploy(&wooded, &forces("armour,armour", "mg@house,foot@house"), 1);
    run(&wooded, &mut s, DfCommand::OrdersDone);
    assert!(!matches!(bot(&wooded, &s), DfCommand::Equip { .. }));
}

/// The batteries `side` has off the table, by their guns' points.
fn batteries(s: &DfState, side: Side) -> Vec<u32> {
    s.batteries()
        .iter()
        .filter(|b| b.side == side)
        .map(|b| b.guns.points())
        .collect()
}

#[test]
fn an_attacker_without_guns_brings_a_light_battery_against_a_forts_walls() {
    let defence = "foot,foot,mg@house,foot@house";
    let fort = open_table().fortify();
    // An Invader's two rifle companies: a light battery (5 points a gun), its observer on the
    // table beside the first battalion's HQ.
    let s = deploy(&fort, &forces("foot,foot", defence), 1);
    assert_eq!(batteries(&s, A), vec![5]);
    assert_eq!(batteries(&s, D), Vec::<u32>::new());
    let obs = s
        .living(A)
        .find(|u| u.kind == Kind::Observer)
        .expect("the siege battery's observer is on the table");
    let hq = s.living(A).find(|u| u.kind == Kind::Hq).unwrap();
    assert!(omms::tactical::table::distance(obs.at, hq.at) < inches(4.0));
    // Against a settlement without walls, nothing is added.
    let open = deploy(&open_table(), &forces("foot,foot", defence), 1);
    assert_eq!(batteries(&open, A), Vec::<u32>::new());
    // A Tank breaches with its own gun die, and a side that brings a battery keeps only its own.
    let tank = deploy(&fort, &forces("guns,armour,armour", defence), 1);
    assert_eq!(batteries(&tank, A), Vec::<u32>::new());
    let heavy = deploy(&fort, &forces("foot,foot,heavy-battery", defence), 1);
    assert_eq!(batteries(&heavy, A), vec![15]);
}
