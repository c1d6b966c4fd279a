//! The Dice Flew in play beyond the first draft's basics: on-table guns and mortars bombarding
//! in their side's bombardment step (and then unable to shoot), telephone lines laid and cut in
//! play, and fire plans changed by the order-change roll; the legal-command listing and the bot
//! using them.

#[path = "tactical_dice_flew_support/mod.rs"]
mod support;

use omms::tactical::dice_flew::artillery::{beaten_zone, BatteryId, PlannedShot};
use omms::tactical::dice_flew::command::DfCommand;
use omms::tactical::dice_flew::event::DfEvent;
use omms::tactical::dice_flew::execute::far_from_co;
use omms::tactical::dice_flew::fire::may_fire;
use omms::tactical::dice_flew::forces::deploy;
use omms::tactical::dice_flew::state::{DfState, Pending, Phase};
use omms::tactical::dice_flew::unit::{footprint, Kind, UnitId};
use omms::tactical::dice_flew::DiceFlew;
use omms::tactical::drive;
use omms::tactical::ruleset::{BotLevel, Ruleset};
use omms::tactical::table::{distance, inches};
use omms::tactical::Battlefield;
use support::*;

/// End the side's part (and the other's fire) until `side` is to move.
fn until_move(f: &Battlefield, s: &mut DfState, side: omms::tactical::ruleset::Side) {
    for _ in 0..8 {
        match s.phase() {
            Phase::Move(x) if x == side => return,
            Phase::Initiative(x) => {
                run(f, s, DfCommand::GoFirst { first: x == side });
            }
            _ => {
                run(f, s, DfCommand::Done);
            }
        }
    }
    panic!("never came to {side:?}'s movement: {:?}", s.phase());
}

/// The attacker's field battery (unit 2) 29″ from the defender's rifles (unit 6), beyond its
/// guns' 24″, with a rifle company off to the west (unit 3) that sees them and faces away; the
/// attacker moves first in turn 1.
fn guns_and_spotter(mortars: bool) -> (Battlefield, DfState) {
    let f = open_table();
    let guns = if mortars {
        Kind::Mortars
    } else {
        Kind::FieldGuns
    };
    let units = vec![
        placed(0, A, Kind::Co, None, (36.0, 2.0), (36.0, 36.0)),
        placed(1, A, Kind::Hq, Some(0), (30.0, 16.0), (36.0, 36.0)),
        placed(2, A, guns, Some(0), (36.0, 20.0), (36.0, 72.0)),
        placed(3, A, Kind::Rifles, Some(0), (12.0, 30.0), (0.0, 30.0)),
        placed(4, D, Kind::Co, None, (66.0, 70.0), (66.0, 72.0)),
        placed(5, D, Kind::Hq, Some(1), (44.0, 56.0), (36.0, 0.0)),
        placed(6, D, Kind::Rifles, Some(1), (36.0, 52.0), (36.0, 0.0)),
    ];
    let mut s = position(&f, units, vec![battalion(0, A, 1), battalion(1, D, 5)]);
    start(&f, &mut s, A);
    (f, s)
}

#[test]
fn on_table_guns_bombard_what_their_side_sees_and_then_may_not_shoot() {
    let (f, mut s) = guns_and_spotter(false);
    let bombard = DfCommand::Bombard {
        unit: UnitId(2),
        target: UnitId(6),
    };
    // The listing the bot and the screen ask for offers it: the guns have no direct target.
    assert!(DiceFlew.legal_commands(&f, &s).contains(&bombard));
    // Only guns and mortars bombard; only before anything moves.
    let rifles = DfCommand::Bombard {
        unit: UnitId(3),
        target: UnitId(6),
    };
    assert!(refused(&f, &s, rifles).contains("only field guns and mortars"));
    let mut moved = s.clone();
    let step = DfCommand::Move {
        unit: UnitId(3),
        to: [inches(12.0), inches(31.0)],
    };
    run(&f, &mut moved, step);
    assert!(refused(&f, &moved, bombard.clone()).contains("before anything moves"));

    let untouched = s.clone();
    let ev = run(&f, &mut s, bombard.clone());
    assert!(matches!(
        ev[0],
        DfEvent::Bombarded {
            unit: UnitId(2),
            target: UnitId(6),
            ..
        }
    ));
    let DfEvent::Shelled {
        dice,
        hits,
        defence,
        ..
    } = &ev[1]
    else {
        panic!("{ev:?}")
    };
    // Two medium guns: 20 points, two dice at −2 each, as a barrage.
    assert_eq!((dice.len(), *defence), (2, None));
    assert_eq!(
        *hits,
        dice.iter()
            .map(|&d| (d as u32).saturating_sub(2))
            .sum::<u32>()
    );
    assert!(s.has_bombarded(UnitId(2)));
    assert!(refused(&f, &s, bombard).contains("bombarded already"));

    // The defender's rifles come 12″ on, into the guns' reach and arc. Guns that bombarded
    // may not shoot: the move goes through; guns that did not, interrupt it.
    let on = DfCommand::Move {
        unit: UnitId(6),
        to: [inches(36.0), inches(40.0)],
    };
    let mut quiet = untouched;
    for (s, bombarded) in [(&mut s, true), (&mut quiet, false)] {
        until_move(&f, s, D);
        let ev = run(&f, s, on.clone());
        let asked = ev.iter().any(|e| {
            matches!(e, DfEvent::Paused { pending: Pending::Interrupt { shooters, .. } }
                if shooters.contains(&UnitId(2)))
        });
        assert_eq!(asked, !bombarded, "bombarded {bombarded}: {ev:?}");
        if bombarded {
            let why = may_fire(unit(s, 2)).unwrap_err();
            assert!(why.contains("bombarded"), "{why}");
        }
    }
}

#[test]
fn mortars_bombard_only_within_their_24_inches() {
    let (f, s) = guns_and_spotter(true);
    let cmd = DfCommand::Bombard {
        unit: UnitId(2),
        target: UnitId(6),
    };
    assert!(refused(&f, &s, cmd).contains("beyond its mortars' 24″"));
    // The HQ, 5″ from the guns, is fair game for nobody: it is the mortars' own side.
    let own = DfCommand::Bombard {
        unit: UnitId(2),
        target: UnitId(1),
    };
    assert!(refused(&f, &s, own).contains("not an enemy"));
}

/// The attacker's CO 38″ behind its HQ (unit 1, the wire would run along x = 36″), a second
/// HQ 58″ from the CO (unit 3); the defender's rifles (unit 6) at (30, 30) with their HQ.
fn wire_position() -> (Battlefield, DfState) {
    let f = open_table();
    let units = vec![
        placed(0, A, Kind::Co, None, (36.0, 2.0), (36.0, 36.0)),
        placed(1, A, Kind::Hq, Some(0), (36.0, 40.0), (36.0, 72.0)),
        placed(2, A, Kind::Rifles, Some(0), (40.0, 46.0), (36.0, 72.0)),
        placed(3, A, Kind::Hq, Some(2), (60.0, 60.0), (60.0, 72.0)),
        placed(4, D, Kind::Co, None, (66.0, 70.0), (66.0, 72.0)),
        placed(5, D, Kind::Hq, Some(1), (24.0, 34.0), (36.0, 0.0)),
        placed(6, D, Kind::Rifles, Some(1), (30.0, 30.0), (72.0, 30.0)),
    ];
    let bns = vec![battalion(0, A, 1), battalion(1, D, 5), battalion(2, A, 3)];
    let mut s = position(&f, units, bns);
    start(&f, &mut s, A);
    (f, s)
}

#[test]
fn a_line_is_laid_instead_of_a_move_and_an_enemy_crossing_the_wire_cuts_it() {
    let (f, mut s) = wire_position();
    let lay = |u: u16| DfCommand::LayLine { unit: UnitId(u) };
    assert!(refused(&f, &s, lay(1)).contains("no exchange"));
    assert!(refused(&f, &s, lay(2)).contains("only the CO"));
    assert_eq!(
        run(&f, &mut s, lay(0)),
        vec![DfEvent::LineLaid { unit: UnitId(0) }]
    );
    assert!(refused(&f, &s, lay(3)).contains("48″"));
    assert!(
        far_from_co(&s, A, unit(&s, 1)),
        "38″ from the CO, no line yet"
    );
    run(&f, &mut s, lay(1));
    assert!(unit(&s, 1).phone && !far_from_co(&s, A, unit(&s, 1)));
    // Laying was its move.
    let go = DfCommand::Move {
        unit: UnitId(1),
        to: [inches(36.0), inches(42.0)],
    };
    assert!(refused(&f, &s, go).contains("already moved"));

    // The defender's rifles march east across the wire and cut it.
    until_move(&f, &mut s, D);
    let across = DfCommand::Move {
        unit: UnitId(6),
        to: [inches(42.0), inches(30.0)],
    };
    let ev = run(&f, &mut s, across);
    assert!(
        ev.contains(&DfEvent::LineCut {
            unit: UnitId(1),
            by: Some(UnitId(6))
        }),
        "{ev:?}"
    );
    assert!(!unit(&s, 1).phone && far_from_co(&s, A, unit(&s, 1)));
}

#[test]
fn shells_cut_a_telephone_wire_within_3_inches() {
    // The defender starts on telephone lines; the attacker's field guns shell its HQ (two
    // companies, so a battalion with an HQ: a lone company's CO would be its HQ).
    let f = open_table();
    let mut s = deploy(&f, &forces("field-guns,foot", "2*foot"), 3);
    start(&f, &mut s, A);
    let hq = s.living(D).find(|u| u.kind == Kind::Hq).unwrap().id;
    assert!(unit(&s, hq.0).phone);
    let guns = s.living(A).find(|u| u.kind == Kind::FieldGuns).unwrap().id;
    let ev = run(
        &f,
        &mut s,
        DfCommand::Bombard {
            unit: guns,
            target: hq,
        },
    );
    assert!(
        ev.contains(&DfEvent::LineCut { unit: hq, by: None }),
        "{ev:?}"
    );
    assert!(!unit(&s, hq.0).phone);
    // The CO's own line is not under the shells: his exchange stands.
    assert!(s.co(D).unwrap().phone);
}

#[test]
fn a_fire_plan_line_changes_with_the_order_change_roll() {
    let (mut done, mut failed) = (0, 0);
    let f = encamp(200.0);
    for seed in 0..16 {
        let mut s = deploy(&f, &forces("medium-battery,foot", "foot"), seed);
        let b = BatteryId(0);
        for turn in [1, 2] {
            let shot = PlannedShot { turn, feature: 0 };
            run(&f, &mut s, DfCommand::PlanFire { battery: b, shot });
        }
        start(&f, &mut s, A);
        let change = |turn, feature| DfCommand::ChangePlan {
            battery: b,
            turn,
            feature,
        };
        assert!(refused(&f, &s, change(1, None)).contains("still to come"));
        assert!(refused(&f, &s, change(3, None)).contains("no line for that turn"));
        assert!(refused(&f, &s, change(2, Some(0))).contains("says so already"));
        let feature = if seed % 2 == 0 { None } else { Some(1) };
        let ev = run(&f, &mut s, change(2, feature));
        let DfEvent::PlanChange {
            die, modifier, ok, ..
        } = ev[0]
        else {
            panic!("{ev:?}")
        };
        assert_eq!((modifier, ok), (0, die >= 2));
        let now = s.battery(b).unwrap().planned(2);
        assert_eq!(now, if ok { feature } else { Some(0) }, "seed {seed}");
        assert!(refused(&f, &s, change(4, Some(1))).contains("tried this turn"));
        done += ok as u32;
        failed += !ok as u32;
    }
    assert!(done > 0 && failed > 0, "{done} through, {failed} not");
}

#[test]
fn bots_bombard_with_guns_that_have_no_direct_target() {
    let f = encamp(200.0);
    let fs = forces(
        "3*foot,field-guns,mortars,medium-battery",
        "2*foot@house,field-guns,mortars,light-battery",
    );
    let (mut bombarded, mut shot_after) = (0, 0);
    for seed in 0..6 {
        let s0 = DiceFlew.setup(&f, &fs, seed);
        // Guns that bombarded, until their own side's next part begins.
        let mut guns: Vec<UnitId> = Vec::new();
        drive::play(
            &DiceFlew,
            &f,
            &fs,
            seed,
            [BotLevel::Captain; 2],
            None,
            |e| match e {
                DfEvent::Bombarded { unit, .. } => {
                    bombarded += 1;
                    guns.push(*unit);
                }
                DfEvent::PartBegan { side } => {
                    guns.retain(|g| s0.unit(*g).is_some_and(|u| u.side != *side))
                }
                DfEvent::Fired { shooter, .. } | DfEvent::AntiTank { shooter, .. }
                    if guns.contains(shooter) =>
                {
                    shot_after += 1
                }
                _ => {}
            },
        );
    }
    assert!(bombarded > 0, "no bombardment in six battles");
    assert_eq!(
        shot_after, 0,
        "guns that bombarded never shoot before their next part"
    );
}

#[test]
fn the_bot_lays_a_line_for_a_holding_hq_far_from_its_co() {
    // The HQ holds 38″ from its CO with no radio: the bot's CO sets up his exchange, then the
    // HQ lays its line, each in place of a move.
    let (f, mut s) = wire_position();
    let mut rng = drive::bot_rng(1);
    for want in [0, 1] {
        let c = DiceFlew.choose(BotLevel::Captain, &f, &s, &mut rng);
        assert_eq!(c, Some(DfCommand::LayLine { unit: UnitId(want) }));
        run(&f, &mut s, c.unwrap());
    }
    assert!(!far_from_co(&s, A, unit(&s, 1)));
}

#[test]
fn the_bot_moves_a_plan_line_onto_the_enemy_when_he_is_not_where_it_planned() {
    // The attacker's turn-2 line falls on the named feature farthest from every unit, where no
    // enemy stands nor will: at the start of its part the bot moves it (2+) onto the feature
    // that holds the garrison, rather than waste the battery's turn.
    let f = encamp(200.0);
    let mut through = 0;
    for seed in 0..4 {
        let mut s = deploy(&f, &forces("medium-battery,foot", "2*foot@house"), seed);
        let b = BatteryId(0);
        let nearest = |s: &DfState, k: usize| {
            let at = s.features()[k].at;
            s.units()
                .iter()
                .filter(|u| u.alive())
                .map(|u| distance(u.at, at))
                .fold(f64::MAX, f64::min)
        };
        let far = (0..s.features().len())
            .max_by(|&i, &j| nearest(&s, i).total_cmp(&nearest(&s, j)))
            .unwrap();
        let shot = PlannedShot {
            turn: 2,
            feature: far as u16,
        };
        run(&f, &mut s, DfCommand::PlanFire { battery: b, shot });
        start(&f, &mut s, A);
        let mut rng = drive::bot_rng(seed);
        let change = loop {
            assert_eq!(
                s.phase(),
                Phase::Move(A),
                "seed {seed}: the part ended first"
            );
            let c = DiceFlew
                .choose(BotLevel::Captain, &f, &s, &mut rng)
                .unwrap();
            if matches!(c, DfCommand::ChangePlan { .. }) {
                break c;
            }
            run(&f, &mut s, c);
        };
        let DfCommand::ChangePlan { turn, feature, .. } = change else {
            unreachable!()
        };
        let to = feature.expect("moved, not struck out");
        assert_eq!(turn, 2);
        let at = s.features()[to as usize].at;
        let caught = s
            .living(D)
            .filter(|u| !u.staff() && distance(u.at, at) <= beaten_zone() + footprint())
            .count();
        assert!(caught > 0, "seed {seed}: the new line catches no enemy");
        let ev = run(&f, &mut s, change);
        let DfEvent::PlanChange { ok, .. } = ev[0] else {
            panic!("{ev:?}")
        };
        if ok {
            through += 1;
            assert_eq!(s.battery(b).unwrap().planned(2), Some(to));
        }
    }
    assert!(through > 0, "no change got through in four battles");
}
