//! The Dice Flew's fire: interrupting fire as a pending decision, going to ground, pinning,
//! anti-tank fire on open-topped vehicles, off-table artillery (fire plans and observers) and
//! patrols.

#[path = "tactical_dice_flew_support/mod.rs"]
mod support;

use omms::tactical::dice_flew::artillery::{BatteryId, PlannedShot};
use omms::tactical::dice_flew::command::DfCommand;
use omms::tactical::dice_flew::event::DfEvent;
use omms::tactical::dice_flew::execute::needs_command_roll;
use omms::tactical::dice_flew::fire::{may_fire_at, NoShot};
use omms::tactical::dice_flew::forces::deploy;
use omms::tactical::dice_flew::state::{DfState, Pending, Phase};
use omms::tactical::dice_flew::tables::Armour;
use omms::tactical::dice_flew::unit::{Kind, UnitId};
use omms::tactical::dice_flew::DiceFlew;
use omms::tactical::ruleset::Ruleset;
use omms::tactical::table::{distance, inches};
use omms::tactical::Battlefield;
use support::*;

#[test]
fn fire_interrupts_a_move_and_going_to_ground_stops_it_in_cover() {
    let (f, mut s) = duel(3, A);
    let (rifles, mg) = (lone_company(&s, A), lone_company(&s, D));
    let ev = run(
        &f,
        &mut s,
        DfCommand::Move {
            unit: rifles,
            to: [inches(36.0), inches(18.0)],
        },
    );
    // The MG company 22″ away has the rifles in its sights from the first inch.
    assert!(
        matches!(ev.last(), Some(DfEvent::Paused { pending: Pending::Interrupt { shooters, .. } }) if shooters == &vec![mg])
    );
    assert!((unit(&s, rifles.0).at[1] - inches(7.0)).abs() < 1e-6);
    assert_eq!(DiceFlew.actor(&s), Some(D), "the defender decides");
    let co = s.co(A).unwrap().clone();
    assert!(refused(
        &f,
        &s,
        DfCommand::Move {
            unit: co.id,
            to: [co.at[0] + inches(1.0), co.at[1]]
        }
    )
    .contains("Not now"));
    run(&f, &mut s, DfCommand::Shoot { shooter: mg });
    assert_eq!(DiceFlew.actor(&s), Some(A), "the mover answers");
    let ev = run(&f, &mut s, DfCommand::GoToGround);
    let fired = ev.iter().find_map(|e| match e {
        DfEvent::Fired { dice, hits, .. } => Some((dice.clone(), *hits)),
        _ => None,
    });
    let (dice, hits) = fired.unwrap();
    // Two HMGs (10) and six rifles out of range at 19″: one die, −2 beyond half range, −2 cover.
    assert_eq!(dice.len(), 1);
    assert_eq!(hits, (dice[0] as u32).saturating_sub(4));
    assert!(unit(&s, rifles.0).to_ground);
    assert!(
        (unit(&s, rifles.0).at[1] - inches(7.0)).abs() < 1e-6,
        "it stopped"
    );
    assert!(s.pending().is_none());
}

#[test]
fn pushing_on_finishes_the_move_unless_a_loss_pins_it() {
    for seed in 0..12 {
        let (f, mut s) = duel(seed, A);
        let (rifles, mg) = (lone_company(&s, A), lone_company(&s, D));
        let to = [inches(36.0), inches(18.0)];
        run(&f, &mut s, DfCommand::Move { unit: rifles, to });
        run(&f, &mut s, DfCommand::Shoot { shooter: mg });
        let ev = run(&f, &mut s, DfCommand::PushOn);
        let lost = ev
            .iter()
            .any(|e| matches!(e, DfEvent::Fired { losses, .. } if losses.total() > 0));
        let u = unit(&s, rifles.0);
        assert_eq!(u.pinned, lost, "seed {seed}: any loss pins");
        if lost {
            assert!(u.at[1] < inches(18.0) - 1.0, "a pinned company stops");
            assert!(
                refused(
                    &f,
                    &s,
                    DfCommand::Move {
                        unit: rifles,
                        to: [inches(36.0), inches(20.0)]
                    }
                )
                .contains("pinned")
                    || u.moved
            );
        } else {
            assert!(distance(u.at, to) < 1e-6, "seed {seed}: it went on");
        }
    }
}

#[test]
fn passing_lets_the_move_go_on_and_the_same_company_is_not_asked_again() {
    let (f, mut s) = duel(5, A);
    let rifles = lone_company(&s, A);
    let to = [inches(36.0), inches(18.0)];
    run(&f, &mut s, DfCommand::Move { unit: rifles, to });
    let ev = run(&f, &mut s, DfCommand::Pass);
    assert!(matches!(ev.last(), Some(DfEvent::MoveEnded { .. })));
    assert!(distance(unit(&s, rifles.0).at, to) < 1e-6);
    assert!(refused(&f, &s, DfCommand::Pass).contains("Not now"));
}

#[test]
fn a_company_that_moved_may_not_fire_in_the_enemys_turn() {
    let (f, mut s) = duel(3, A);
    let rifles = lone_company(&s, A);
    run(
        &f,
        &mut s,
        DfCommand::Move {
            unit: rifles,
            to: [inches(36.0), inches(10.0)],
        },
    );
    if s.pending().is_some() {
        run(&f, &mut s, DfCommand::Pass);
    }
    assert!(unit(&s, rifles.0).busy);
}

/// Hand-built: an attacking mortar company 8″ short of a defending vehicle troop that faces it,
/// open-topped or not; the defender moves first, so the mortars fire at the end of its move.
fn mortars_at_armour(open_topped: bool) -> Vec<DfEvent> {
    let f = open_table();
    let mut td = placed(
        5,
        D,
        Kind::Tanks(Armour::Medium),
        Some(1),
        (36.0, 28.0),
        (36.0, 20.0),
    );
    td.open_topped = open_topped;
    let units = vec![
        placed(0, A, Kind::Co, None, (36.0, 2.0), (36.0, 36.0)),
        placed(1, A, Kind::Hq, Some(0), (30.0, 10.0), (36.0, 36.0)),
        placed(2, A, Kind::Mortars, Some(0), (36.0, 20.0), (36.0, 36.0)),
        placed(3, D, Kind::Co, None, (66.0, 70.0), (66.0, 72.0)),
        placed(4, D, Kind::Hq, Some(1), (60.0, 70.0), (60.0, 72.0)),
        td,
    ];
    let mut s = position(&f, units, vec![battalion(0, A, 1), battalion(1, D, 4)]);
    start(&f, &mut s, D);
    run(&f, &mut s, DfCommand::Done);
    run(&f, &mut s, DfCommand::Fire { shooter: UnitId(2) })
}

#[test]
fn mortars_strike_an_open_topped_vehicle_on_its_flank() {
    let defences = |ev: &[DfEvent]| -> Vec<(usize, i32)> {
        ev.iter()
            .filter_map(|e| match e {
                DfEvent::AntiTank { dice, defence, .. } => Some((dice.len(), *defence)),
                _ => None,
            })
            .collect()
    };
    // Eight rifles (8 points: two dice) meet the front; two mortars (10 points: two dice) come
    // down on the open top as on the flank.
    assert_eq!(defences(&mortars_at_armour(true)), vec![(2, 6), (2, 4)]);
    // A closed tank takes all 18 points (four dice) on its front.
    assert_eq!(defences(&mortars_at_armour(false)), vec![(4, 6)]);
}

/// The attacker with a medium battery (two guns, 20 points) and a rifle company, against a
/// garrison at the objective of the empty table.
fn with_battery(defender: &str, seed: u64) -> (Battlefield, DfState) {
    let f = open_table();
    let s = deploy(&f, &forces("medium-battery,foot", defender), seed);
    (f, s)
}

#[test]
fn a_fire_plan_shells_its_feature_at_the_start_of_the_part_on_everyone_there() {
    let (f, mut s) = with_battery("foot@house,tank-destroyers@house", 2);
    let b = BatteryId(0);
    assert_eq!(s.batteries().len(), 1);
    let plan = |turn| DfCommand::PlanFire {
        battery: b,
        shot: PlannedShot { turn, feature: 0 },
    };
    run(&f, &mut s, plan(1));
    let ev = start(&f, &mut s, A);
    let obj = f.objective;
    let struck: Vec<UnitId> = s
        .units()
        .iter()
        .filter(|u| distance(u.at, obj) <= inches(4.5) + 1e-6)
        .map(|u| u.id)
        .collect();
    assert!(ev.iter().any(
        |e| matches!(e, DfEvent::Bombardment { battery, at, planned: true } if *battery == b && *at == obj)
    ));
    let barrages: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            DfEvent::Barrage {
                target,
                dice,
                hits,
                defence,
                ..
            } => Some((*target, dice.clone(), *hits, *defence)),
            _ => None,
        })
        .collect();
    assert_eq!(
        barrages.iter().map(|b| b.0).collect::<Vec<_>>(),
        struck,
        "everyone within 3″ of the point"
    );
    let td = s.units().iter().find(|u| u.open_topped).unwrap().id;
    assert!(struck.len() >= 2 && struck.contains(&td), "{struck:?}");
    for (target, dice, hits, defence) in &barrages {
        if *target == td {
            // Armour: a 0-value die per 5 points against the flank of an open top.
            assert_eq!((dice.len(), *defence), (4, Some(4)));
        } else {
            // As direct fire beyond half range: a die per 10 points, −2 each.
            assert_eq!(dice.len(), 2);
            let sum: u32 = dice.iter().map(|&d| (d as u32).saturating_sub(2)).sum();
            assert_eq!(*hits, sum);
        }
    }
    // The battery has fired this turn; the plan was written before the battle.
    let call = DfCommand::CallFire {
        battery: b,
        target: td,
    };
    assert!(refused(&f, &s, call).contains("already fired"));
    assert!(refused(&f, &s, plan(2)).contains("before the battle"));
}

#[test]
fn an_observer_calls_fire_with_the_order_change_roll() {
    let mut answered = 0;
    for seed in 0..12 {
        let (f, mut s) = with_battery("foot", seed);
        start(&f, &mut s, A);
        let obs = s.units().iter().find(|u| u.kind == Kind::Observer).unwrap();
        assert_eq!(
            obs.battalion,
            unit(&s, lone_company(&s, A).0).battalion,
            "attached to a battalion"
        );
        let enemy = s.living(D).find(|u| u.kind == Kind::Rifles).unwrap().id;
        let call = |target| DfCommand::CallFire {
            battery: BatteryId(0),
            target,
        };
        assert!(refused(&f, &s, call(lone_company(&s, A))).contains("not an enemy"));
        let ev = run(&f, &mut s, call(enemy));
        let DfEvent::CallForFire {
            die, modifier, ok, ..
        } = ev[0]
        else {
            panic!("{ev:?}")
        };
        assert_eq!(modifier, 0, "the observer is within 2 ft of the CO");
        assert_eq!(ok, die >= 2);
        let shelled = ev.iter().any(|e| {
            matches!(e, DfEvent::Barrage { target, dice, .. } if *target == enemy && dice.len() == 2)
        });
        assert_eq!(shelled, ok, "seed {seed}");
        answered += ok as u32;
        assert!(refused(&f, &s, call(enemy)).contains("already fired"));
    }
    assert!(answered > 0);
}

#[test]
fn a_patrol_is_part_of_its_company_within_half_a_move_and_a_company_beyond() {
    let f = open_table();
    let mut s = deploy(&f, &forces("foot", "foot"), 4);
    start(&f, &mut s, A);
    let c = lone_company(&s, A);
    assert!(refused(&f, &s, DfCommand::Detach { unit: c, men: 5 }).contains("one to four"));
    let ev = run(&f, &mut s, DfCommand::Detach { unit: c, men: 3 });
    let DfEvent::Detached { patrol, .. } = ev[0] else {
        panic!("{ev:?}")
    };
    let company = unit(&s, c.0);
    assert_eq!((company.strength(), company.lost()), (9, 0));
    assert_eq!(s.unit(patrol).unwrap().strength(), 3);
    assert_eq!(s.with_company(patrol), Some(true));
    // With its company it moves on the company's command and does not fire alone.
    assert!(!needs_command_roll(&s, patrol));
    let enemy = s.living(D).find(|u| u.kind == Kind::Rifles).unwrap();
    assert_eq!(
        may_fire_at(&f, &s, s.unit(patrol).unwrap(), enemy.id, enemy.at),
        Err(NoShot::Barred("a patrol near its company fires with it"))
    );
    // Sent 10″ ahead, more than half a move (6″) away: a company of its own, without a leader.
    let at = s.unit(patrol).unwrap().at;
    run(
        &f,
        &mut s,
        DfCommand::Move {
            unit: patrol,
            to: [at[0], at[1] + inches(10.0)],
        },
    );
    while s.pending().is_some() {
        run(&f, &mut s, DfCommand::Pass);
    }
    assert_eq!(s.with_company(patrol), Some(false));
    assert!(needs_command_roll(&s, patrol));
    assert!(refused(&f, &s, DfCommand::Rejoin { patrol }).contains("half a move"));
    // Another, rejoining at once: the company is whole again.
    let ev = run(&f, &mut s, DfCommand::Detach { unit: c, men: 2 });
    let DfEvent::Detached { patrol: p2, .. } = ev[0] else {
        panic!("{ev:?}")
    };
    run(&f, &mut s, DfCommand::Rejoin { patrol: p2 });
    assert_eq!(unit(&s, c.0).strength(), 9);
    assert!(!s.unit(p2).unwrap().alive());
}

#[test]
fn a_shot_that_would_roll_no_dice_is_neither_offered_nor_allowed() {
    let f = open_table();
    // A rifle company (9 rifles, officer, NCO: 12″; one LMG: 18″) and an MG company hold the
    // north; a rifle company comes up the middle to 15″ from the rifles.
    let units = vec![
        placed(0, A, Kind::Hq, Some(0), (36.0, 14.0), (36.0, 60.0)),
        placed(1, A, Kind::Rifles, Some(0), (36.0, 20.0), (36.0, 60.0)),
        placed(2, D, Kind::Hq, Some(1), (36.0, 56.0), (36.0, 0.0)),
        placed(3, D, Kind::Rifles, Some(1), (36.0, 50.0), (36.0, 0.0)),
        placed(4, D, Kind::MachineGuns, Some(1), (46.0, 50.0), (46.0, 0.0)),
    ];
    let mut s = position(&f, units, vec![battalion(0, A, 0), battalion(1, D, 2)]);
    start(&f, &mut s, A);
    let to = [inches(36.0), inches(32.0)];
    let ev = run(
        &f,
        &mut s,
        DfCommand::Move {
            unit: UnitId(1),
            to,
        },
    );
    // The HMGs reach 24″ first; the rifles' LMG reaches at 18″ but its 3 points are no die.
    assert!(
        matches!(ev.last(), Some(DfEvent::Paused { pending: Pending::Interrupt { shooters, .. } }) if shooters == &vec![UnitId(4)]),
        "{ev:?}"
    );
    let ev = run(&f, &mut s, DfCommand::Pass);
    assert!(
        !ev.iter().any(|e| matches!(e, DfEvent::Paused { .. })),
        "the rifles were offered a shot of no dice: {ev:?}"
    );
    assert_eq!(unit(&s, 1).at, to);
    let rifles = unit(&s, 3);
    assert_eq!(
        may_fire_at(&f, &s, rifles, UnitId(1), to),
        Err(NoShot::NoDice)
    );
    assert_eq!(
        may_fire_at(&f, &s, unit(&s, 4), UnitId(1), to),
        Ok(1),
        "two HMGs, 10 points: one die"
    );
    run(&f, &mut s, DfCommand::Done);
    assert_eq!(s.phase(), Phase::Fire(D));
    assert_eq!(
        refused(&f, &s, DfCommand::Fire { shooter: UnitId(3) }),
        "The rifle company 4 has no shot: its weapons would roll no dice against that target."
    );
    let ev = run(&f, &mut s, DfCommand::Fire { shooter: UnitId(4) });
    assert!(ev
        .iter()
        .any(|e| matches!(e, DfEvent::Fired { dice, .. } if dice.len() == 1)));
}
