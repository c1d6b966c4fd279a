//! What the Dice Flew bot may know: its side's view of the battle, with the enemy's written
//! orders and coming fire plan hidden, and the bot choosing the same whatever those say.
//! `docs/rules/dice_flew.md` ("The bot") names these tests.

#[path = "tactical_dice_flew_support/mod.rs"]
mod support;

use omms::tactical::dice_flew::artillery::PlannedShot;
use omms::tactical::dice_flew::command::DfCommand;
use omms::tactical::dice_flew::state::{DfState, Phase};
use omms::tactical::dice_flew::view::DfView;
use omms::tactical::dice_flew::DiceFlew;
use omms::tactical::drive;
use omms::tactical::ruleset::{BotLevel, Ruleset, Side};
use serde_json::{json, Value};
use support::*;

/// Both sides with an off-table battery, so both write fire plans.
fn armies() -> omms::tactical::Forces {
    forces(
        "2*foot,mg,armour,medium-battery",
        "2*foot@house,foot,hmg,light-battery",
    )
}

/// Play the bots' commands until `stop` says so, returning the state.
fn play_until(
    f: &omms::tactical::Battlefield,
    s: &mut DfState,
    level: BotLevel,
    seed: u64,
    mut stop: impl FnMut(&DfState) -> bool,
) {
    let mut rng = drive::bot_rng(seed);
    while !stop(s) {
        let cmd = DiceFlew
            .choose(level, f, s, &mut rng)
            .expect("the battle waits on a command");
        run(f, s, cmd);
    }
}

#[test]
fn a_sides_view_shows_the_table_but_not_the_enemys_orders_or_coming_fire_plan() {
    let f = encamp(200.0);
    let mut s = DiceFlew.setup(&f, &armies(), 3);
    // Both sides write their orders and fire plans (the defender's with two lines of a
    // player's own: turns 2 and 5); the battle is in its first turn.
    play_until(&f, &mut s, BotLevel::Captain, 3, |s| {
        s.phase() == Phase::Orders(D)
    });
    let battery = s.batteries().iter().find(|b| b.side == D).unwrap().id;
    for (turn, feature) in [(2, 1), (5, 2)] {
        let shot = PlannedShot { turn, feature };
        run(&f, &mut s, DfCommand::PlanFire { battery, shot });
    }
    play_until(&f, &mut s, BotLevel::Captain, 3, |s| s.turn() >= 1);
    let defender_plan: usize = s
        .batteries()
        .iter()
        .filter(|b| b.side == D)
        .map(|b| b.plan.len())
        .sum();
    assert!(defender_plan > 0, "the defender wrote no fire plan");
    let v = DfView::of(&s, A);
    assert_eq!(v.side(), A);
    let seen = v.state();
    // The table is the same: every unit where it stands, with its losses and pins.
    assert_eq!(format!("{:?}", seen.units()), format!("{:?}", s.units()));
    assert_eq!(seen.turn(), s.turn());
    assert_eq!(seen.phase(), s.phase());
    for (b, real) in seen.battalions().iter().zip(s.battalions()) {
        if b.side == A {
            assert_eq!(b.order, real.order, "its own orders are its own");
        } else {
            assert!(real.order.is_some());
            assert_eq!(b.order, None, "the enemy's orders are hidden");
        }
        assert_eq!(b.shaken, real.shaken);
    }
    for (b, real) in seen.batteries().iter().zip(s.batteries()) {
        if b.side == A {
            assert_eq!(b.plan, real.plan);
        } else {
            // Only lines whose shells have already landed.
            assert!(b.plan.iter().all(|p| p.turn <= s.turn()));
            assert!(b.plan.len() < real.plan.len() || real.plan.is_empty());
        }
    }
    // And the other way round.
    let d = DfView::of(&s, D);
    assert!(d
        .state()
        .battalions()
        .iter()
        .all(|b| (b.side == D) == b.order.is_some()));
    // Only the side to act gets a choice from the bot.
    let mut rng = drive::bot_rng(3);
    let actor = DiceFlew.actor(&s).unwrap();
    let wrong = DfView::of(&s, actor.other());
    assert_eq!(
        omms::tactical::dice_flew::ai::choose(BotLevel::Captain, &f, &wrong, &mut rng),
        None
    );
}

/// `s` with the enemy of `side` under other orders (other actions, places and start turns) and
/// another fire plan: what `side` may not know, rewritten through the saved form of the battle.
fn other_papers(s: &DfState, side: Side, k: u64) -> DfState {
    let mut v = serde_json::to_value(s).unwrap();
    let features = s.features().len() as u64;
    let enemy = json!(match side.other() {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    });
    let actions = ["hold", "move_to", "attack"];
    for (i, b) in v["battalions"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .enumerate()
    {
        if b["side"] != enemy {
            continue;
        }
        let i = i as u64 + k;
        b["order"] = json!({
            "action": actions[(i % 3) as usize],
            "feature": (i * 7 + 1) % features,
            "start_turn": 1 + (i % 4),
        });
    }
    let turn = u64::from(s.turn());
    for b in v["batteries"].as_array_mut().unwrap() {
        if b["side"] != enemy {
            continue;
        }
        // The lines still to come, on other turns and other places.
        let plan: Vec<Value> = (turn + 1..=10)
            .filter(|t| (t + k) % 2 == 0)
            .map(|t| json!({"turn": t, "feature": (t * 5 + k) % features}))
            .collect();
        b["plan"] = Value::Array(plan);
    }
    serde_json::from_value(v).unwrap()
}

/// Every choice of both bots through whole battles, made again with the enemy's orders and
/// coming fire plan rewritten: the same command each time.
#[test]
fn changing_the_enemys_orders_and_fire_plan_never_changes_the_bots_choice() {
    let f = encamp(200.0);
    let (mut checked, mut differed) = (0, 0);
    for (seed, level) in [(1, BotLevel::Captain), (2, BotLevel::General)] {
        let mut s = DiceFlew.setup(&f, &armies(), seed);
        let mut rng = drive::bot_rng(seed);
        while DiceFlew.outcome(&s).is_none() {
            let side = DiceFlew.actor(&s).unwrap();
            let before = rng.clone();
            let cmd = DiceFlew
                .choose(level, &f, &s, &mut rng)
                .expect("the battle waits on a command");
            // Deployment wrote both sides' first orders: there is something to hide from the start.
            for k in 0..2 {
                let other = other_papers(&s, side, k);
                let real = |x: &DfState| format!("{:?}", x.battalions());
                differed += usize::from(real(&other) != real(&s));
                let again = DiceFlew.choose(level, &f, &other, &mut before.clone());
                assert_eq!(
                    again.as_ref(),
                    Some(&cmd),
                    "seed {seed}, turn {}, {side:?}",
                    s.turn()
                );
                checked += 1;
            }
            run(&f, &mut s, cmd);
        }
    }
    eprintln!("{checked} choices checked, {differed} under other enemy orders");
    assert!(checked > 200, "{checked}");
    assert!(differed * 2 > checked, "{differed} of {checked}");
}

/// The side's view in the saved form: everything it shows, to compare whole.
fn seen(s: &DfState, side: Side) -> Value {
    serde_json::to_value(DfView::of(s, side).state()).unwrap()
}

/// The first company of `side` whose die leaves a choice.
fn die_company(s: &DfState, side: Side) -> omms::tactical::dice_flew::unit::UnitId {
    s.living(side).find(|u| u.die.is_some()).unwrap().id
}

#[test]
fn the_enemys_choice_of_equipment_is_hidden_until_the_battle_starts() {
    use omms::tactical::dice_flew::unit::Kind;
    let f = encamp(200.0);
    let armies = forces("armour,foot", "mg@house,foot@house");
    let start = DiceFlew.setup(&f, &armies, 5);
    // The attacker writes his orders as they stand, or makes his tank die armoured cars first.
    let mut plain = start.clone();
    run(&f, &mut plain, DfCommand::OrdersDone);
    let mut cars = start.clone();
    let tank = die_company(&cars, A);
    let deployed = cars.unit(tank).unwrap().clone();
    run(
        &f,
        &mut cars,
        DfCommand::Equip {
            unit: tank,
            kind: Kind::ArmouredCars,
        },
    );
    run(&f, &mut cars, DfCommand::OrdersDone);
    assert_eq!(cars.phase(), Phase::Orders(D));
    assert_eq!(cars.unit(tank).unwrap().kind, Kind::ArmouredCars);
    // The defender, writing his own orders, sees the same table either way: a medium tank.
    assert_eq!(seen(&cars, D), seen(&plain, D));
    assert_eq!(DfView::of(&cars, D).state().unit(tank), Some(&deployed));
    // His own choice is his: the machine guns become field guns, out of their house, and the
    // attacker's view (were it asked now) still has the MG company in the house.
    let mg = die_company(&cars, D);
    let in_house = cars.unit(mg).unwrap().clone();
    let guns = DfCommand::Equip {
        unit: mg,
        kind: Kind::FieldGuns,
    };
    run(&f, &mut cars, guns.clone());
    let moved = cars.unit(mg).unwrap().clone();
    assert_eq!(moved.kind, Kind::FieldGuns);
    assert_ne!(moved.at, in_house.at, "guns may not stand in a house");
    assert_eq!(DfView::of(&cars, D).state().unit(mg), Some(&moved));
    assert_eq!(DfView::of(&cars, A).state().unit(mg), Some(&in_house));
    // Changed back, the company stands in its house again, as deployed.
    run(
        &f,
        &mut cars,
        DfCommand::Equip {
            unit: mg,
            kind: Kind::MachineGuns,
        },
    );
    assert_eq!(cars.unit(mg), Some(&in_house));
    run(&f, &mut cars, guns);
    // Both sides' orders done: the battle starts, and each side sees the other's real kit.
    run(&f, &mut cars, DfCommand::OrdersDone);
    assert!(cars.turn() >= 1);
    let d = DfView::of(&cars, D);
    assert_eq!(d.state().unit(tank).unwrap().kind, Kind::ArmouredCars);
    let a = DfView::of(&cars, A);
    assert_eq!(a.state().unit(mg).unwrap().kind, Kind::FieldGuns);
    assert_eq!(a.state().unit(mg).unwrap().at, moved.at);
}
