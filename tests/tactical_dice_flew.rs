//! The Dice Flew on the table: forces and organisation, the turn, movement by type and ground,
//! orders, command radius, radios and telephones. Fire is in `tactical_dice_flew_fire.rs`, whole
//! bot battles in `tactical_dice_flew_battles.rs`; each decision in `docs/rules/dice_flew.md`
//! names its test.

#[path = "tactical_dice_flew_support/mod.rs"]
mod support;

use omms::tactical::dice_flew::command::DfCommand;
use omms::tactical::dice_flew::event::DfEvent;
use omms::tactical::dice_flew::forces::{deploy, TROOPS};
use omms::tactical::dice_flew::state::DfState;
use omms::tactical::dice_flew::state::Phase;
use omms::tactical::dice_flew::tables::Armour;
use omms::tactical::dice_flew::unit::{Action, BattalionId, Kind, Order, UnitId};
use omms::tactical::dice_flew::DiceFlew;
use omms::tactical::force::parse_elements;
use omms::tactical::ruleset::Ruleset;
use omms::tactical::table::inches;
use omms::tactical::Battlefield;
use support::*;

#[test]
fn each_die_is_one_company_in_battalions_with_hq_and_co() {
    let f = open_table();
    let s = deploy(
        &f,
        &forces("5*foot,armour,mg/elite", "guns,horse,cavalry"),
        1,
    );
    let a: Vec<Kind> = s.living(A).map(|u| u.kind).collect();
    // Seven companies: two battalions (4 + 3), each with an HQ, and the CO.
    assert_eq!(a.iter().filter(|k| **k == Kind::Hq).count(), 2);
    assert_eq!(a.iter().filter(|k| **k == Kind::Co).count(), 1);
    assert_eq!(a.len(), 7 + 2 + 1);
    let d: Vec<Kind> = s.living(D).map(|u| u.kind).collect();
    assert!(
        d.contains(&Kind::FieldGuns)
            && d.contains(&Kind::ArmouredCars)
            && d.contains(&Kind::Cavalry)
    );
    // A rifle company: officer, NCO, nine rifles and an LMG; elite have a second NCO.
    let r = s.living(A).find(|u| u.kind == Kind::Rifles).unwrap();
    assert_eq!((r.officers, r.ncos, r.strength()), (1, 1, 12));
    // Facing armour (the defender's armoured cars), two of its rifles are bazookas; facing none,
    // it keeps them. Each attacking battalion's first rifle company brings an HMG in place of a
    // rifle, the others do not; a garrison company facing armour digs in an anti-tank gun.
    use omms::tactical::dice_flew::tables::Weapon;
    use omms::tactical::dice_flew::unit::Unit;
    let kit = |u: &Unit, w: Weapon| u.kit[w.index()];
    let arms = |u: &Unit| {
        [
            Weapon::Rifle,
            Weapon::Bazooka,
            Weapon::Hmg,
            Weapon::MediumGun,
        ]
        .map(|w| kit(u, w))
    };
    let rifles = |s: &DfState, side| -> Vec<[u8; 4]> {
        s.living(side)
            .filter(|u| u.kind == Kind::Rifles)
            .map(arms)
            .collect()
    };
    assert_eq!(arms(r), [6, 2, 1, 0]);
    // Battalions of four and three: the first company of each has the HMG.
    let bat = |s: &DfState, side| -> Vec<Vec<[u8; 4]>> {
        s.battalions()
            .iter()
            .filter(|b| b.side == side)
            .map(|b| {
                s.members(b.id)
                    .filter(|u| u.kind == Kind::Rifles)
                    .map(arms)
                    .collect()
            })
            .collect()
    };
    assert_eq!(
        bat(&s, A),
        vec![
            vec![[6, 2, 1, 0], [7, 2, 0, 0], [7, 2, 0, 0], [7, 2, 0, 0]],
            vec![[6, 2, 1, 0]]
        ]
    );
    let plain = deploy(&f, &forces("2*foot", "foot,foot@house"), 1);
    assert_eq!(rifles(&plain, A), vec![[8, 0, 1, 0], [9, 0, 0, 0]]);
    assert_eq!(rifles(&plain, D), vec![[9, 0, 0, 0], [9, 0, 0, 0]]);
    let tanks = deploy(&f, &forces("guns,armour", "foot,foot@house"), 1);
    assert_eq!(rifles(&tanks, D), vec![[7, 2, 0, 0], [6, 2, 0, 1]]);
    // A hand-written `rifles` company keeps its kit, attacking or not.
    let named = deploy(&f, &forces("rifles", "foot"), 1);
    assert_eq!(rifles(&named, A), vec![[9, 0, 0, 0]]);
    let mg = s.living(A).find(|u| u.kind == Kind::MachineGuns).unwrap();
    assert_eq!(mg.ncos, 2);
    // A strategic armour die is one medium tank; a named `medium-tanks` troop is three.
    let tanks = |s: &DfState| {
        s.living(A)
            .find(|u| matches!(u.kind, Kind::Tanks(_)))
            .map(|u| (u.strength(), u.start))
    };
    assert_eq!(tanks(&s), Some((1, 1)));
    assert_eq!(
        tanks(&deploy(&f, &forces("medium-tanks", "foot"), 1)),
        Some((3, 3))
    );
    // Garrison and field companies serve in battalions of at most four together: a Guard in a
    // fort (two field dice, two garrison) is one battalion, six companies two of three.
    let defenders = |d: &str| {
        let s = deploy(&f, &forces("foot", d), 1);
        s.battalions().iter().filter(|b| b.side == D).count()
    };
    assert_eq!(defenders("2*foot,foot@house"), 1);
    assert_eq!(defenders("2*foot,mg@house,foot@house"), 1);
    assert_eq!(defenders("3*foot,3*foot@house"), 2);
    // Every troop type can be named.
    for t in TROOPS {
        assert!(parse_elements(t.name, TROOPS).is_ok(), "{}", t.name);
    }
    // Every battalion starts with an order on a feature of this field.
    assert!(s.battalions().iter().all(|b| b.order.is_some()));
    assert_eq!(s.features()[0].name, "Testville (the objective)");
}

#[test]
fn the_initiative_winner_chooses_and_a_first_turn_tie_is_rolled_again() {
    for seed in 0..20 {
        let f = open_table();
        let mut s = deploy(&f, &forces("foot", "mg"), seed);
        run(&f, &mut s, DfCommand::OrdersDone);
        let ev = run(&f, &mut s, DfCommand::OrdersDone);
        let rolls: Vec<_> = ev
            .iter()
            .filter_map(|e| match e {
                DfEvent::Initiative { dice, chooser, .. } => Some((*dice, *chooser)),
                _ => None,
            })
            .collect();
        let (dice, chooser) = *rolls.last().unwrap();
        assert!(rolls[..rolls.len() - 1]
            .iter()
            .all(|(d, c)| d[0] == d[1] && c.is_none()));
        let want = if dice[0] > dice[1] { A } else { D };
        assert_eq!(chooser, Some(want));
        assert_eq!(s.phase(), Phase::Initiative(want));
    }
}

#[test]
fn an_attack_order_needs_half_the_battalion_to_advance() {
    let (f, mut s) = duel(3, A);
    let rifles = lone_company(&s, A);
    let why = refused(&f, &s, DfCommand::Done);
    assert!(why.contains("half of the battalion"), "{why}");
    // Going away from the objective is not what an attack order allows.
    let back = refused(
        &f,
        &s,
        DfCommand::Move {
            unit: rifles,
            to: [inches(44.0), inches(3.0)],
        },
    );
    assert!(back.contains("order forbids"), "{back}");
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
    run(&f, &mut s, DfCommand::Done);
}

#[test]
fn an_attack_order_leaves_up_to_half_the_battalion_free_to_manoeuvre() {
    let f = open_table();
    let mut s = deploy(&f, &forces("2*rifles", "mg"), 3);
    start(&f, &mut s, A);
    let companies: Vec<UnitId> = s
        .living(A)
        .filter(|u| u.kind == Kind::Rifles)
        .map(|u| u.id)
        .collect();
    assert_eq!(companies.len(), 2);
    // Round the flank: along the edge, no nearer the objective.
    let aside = |id: UnitId, dx: f64| DfCommand::Move {
        unit: id,
        to: [unit(&s, id.0).at[0] + inches(dx), unit(&s, id.0).at[1]],
    };
    let (first, second) = (companies[0], companies[1]);
    let (left, right) = (aside(first, -10.0), aside(second, 10.0));
    run(&f, &mut s, left);
    while s.pending().is_some() {
        run(&f, &mut s, DfCommand::Pass);
    }
    assert!(unit(&s, first.0).manoeuvred);
    // The other half must carry the attack: it may not wander off too, and the side may not end
    // its movement while it has not advanced (the flanker is not counted as advancing).
    let why = refused(&f, &s, right);
    assert!(why.contains("at least half"), "{why}");
    let why = refused(&f, &s, DfCommand::Done);
    assert!(why.contains("half of the battalion"), "{why}");
    let was = unit(&s, second.0).at;
    run(
        &f,
        &mut s,
        DfCommand::Move {
            unit: second,
            to: [was[0], was[1] + inches(8.0)],
        },
    );
    while s.pending().is_some() {
        run(&f, &mut s, DfCommand::Pass);
    }
    assert!(!unit(&s, second.0).manoeuvred);
    run(&f, &mut s, DfCommand::Done);
}

#[test]
fn a_holding_battalion_stays_within_12_inches_of_its_place() {
    let (f, s) = duel(3, D);
    let mg = lone_company(&s, D);
    // The MG company is 8″ in front of the objective: 20″ away is too far, 10″ is fine.
    let why = refused(
        &f,
        &s,
        DfCommand::Move {
            unit: mg,
            to: [inches(36.0), inches(16.0)],
        },
    );
    assert!(why.contains("within 12″"), "{why}");
    assert!(DiceFlew
        .check(
            &f,
            &s,
            &DfCommand::Move {
                unit: mg,
                to: [inches(36.0), inches(26.0)]
            }
        )
        .is_ok());
}

#[test]
fn moves_are_limited_by_type_and_units_do_not_overlap() {
    let (f, s) = duel(3, A);
    let rifles = lone_company(&s, A);
    let why = refused(
        &f,
        &s,
        DfCommand::Move {
            unit: rifles,
            to: [inches(36.0), inches(19.0)],
        },
    );
    assert!(
        why.contains("108%"),
        "13″ in the open is 108% of 12″: {why}"
    );
    // The CO, who heads the lone company, may not stand on it.
    let co = s.co(A).unwrap();
    let why = refused(
        &f,
        &s,
        DfCommand::Move {
            unit: co.id,
            to: unit(&s, rifles.0).at,
        },
    );
    assert!(why.contains("another unit"), "{why}");
    // He moves as an HQ: 6″ in the open, no more.
    let aside = |dx: f64| DfCommand::Move {
        unit: co.id,
        to: [co.at[0] + inches(dx), co.at[1]],
    };
    assert!(DiceFlew.check(&f, &s, &aside(-5.5)).is_ok());
    let why = refused(&f, &s, aside(-7.0));
    assert!(why.contains('%'), "{why}");
    // Fast tanks move as cavalry and armoured cars: 24″ in the open where tanks go 18″.
    let mut s = deploy(&f, &forces("fast-tanks", "mg"), 3);
    start(&f, &mut s, A);
    let t = s
        .living(A)
        .find(|u| matches!(u.kind, Kind::Tanks(Armour::Light)))
        .unwrap();
    assert!(t.fast);
    let ahead = |d: f64| DfCommand::Move {
        unit: t.id,
        // Off to one side of the machine guns in front of the objective.
        to: [t.at[0] + inches(d) * 0.64, t.at[1] + inches(d) * 0.77],
    };
    assert!(DiceFlew.check(&f, &s, &ahead(23.5)).is_ok());
    assert!(refused(&f, &s, ahead(25.0)).contains('%'));
}

#[test]
fn orders_change_before_moving_on_a_2_once_a_turn() {
    let (f, mut s) = duel(3, A);
    let b = s.unit(lone_company(&s, A)).unwrap().battalion.unwrap();
    let order = Order {
        action: Action::Hold,
        feature: 0,
        start_turn: 1,
    };
    let ev = run(
        &f,
        &mut s,
        DfCommand::ChangeOrder {
            battalion: b,
            order,
        },
    );
    let DfEvent::OrderChange {
        die, modifier, ok, ..
    } = ev[0]
    else {
        panic!("{ev:?}")
    };
    assert_eq!(modifier, 0, "the CO heads the detached company himself");
    assert_eq!(ok, die >= 2);
    assert_eq!(s.battalion(b).unwrap().order == Some(order), ok);
    assert!(refused(
        &f,
        &s,
        DfCommand::ChangeOrder {
            battalion: b,
            order
        }
    )
    .contains("already tried"));
}

/// Hand-built: the attacker's CO 38″ behind its HQ, its company 18″ beyond the HQ; the
/// defender far off to the east, facing away.
fn far_apart(radio: bool, phone: bool) -> (Battlefield, DfState) {
    let f = open_table();
    let mut units = vec![
        placed(0, A, Kind::Co, None, (36.0, 2.0), (36.0, 36.0)),
        placed(1, A, Kind::Hq, Some(0), (36.0, 40.0), (36.0, 72.0)),
        placed(2, A, Kind::Rifles, Some(0), (36.0, 58.0), (36.0, 72.0)),
        placed(3, D, Kind::Co, None, (66.0, 66.0), (66.0, 72.0)),
        placed(4, D, Kind::Hq, Some(1), (60.0, 66.0), (60.0, 72.0)),
        placed(5, D, Kind::Rifles, Some(1), (66.0, 60.0), (66.0, 72.0)),
    ];
    for u in &mut units[..3] {
        u.radio = radio;
        u.phone = phone;
    }
    let mut s = position(&f, units, vec![battalion(0, A, 1), battalion(1, D, 4)]);
    start(&f, &mut s, A);
    (f, s)
}

#[test]
fn radios_and_telephones_lift_the_order_change_minus_one_and_radios_widen_command() {
    let hold = Order {
        action: Action::Hold,
        feature: 0,
        start_turn: 1,
    };
    let change = DfCommand::ChangeOrder {
        battalion: BattalionId(0),
        order: hold,
    };
    let towards_hq = DfCommand::Move {
        unit: UnitId(2),
        to: [inches(36.0), inches(52.0)],
    };
    let rolled = |ev: &[DfEvent]| ev.iter().any(|e| matches!(e, DfEvent::CommandRoll { .. }));
    for (radio, phone, minus, roll) in [
        (false, false, -1, true),
        (true, false, 0, false),
        (false, true, 0, true),
    ] {
        let (f, mut s) = far_apart(radio, phone);
        let ev = run(&f, &mut s, change.clone());
        let DfEvent::OrderChange { modifier, .. } = ev[0] else {
            panic!("{ev:?}")
        };
        assert_eq!(
            modifier, minus,
            "CO 38″ from the HQ, radio {radio}, phone {phone}"
        );
        let ev = run(&f, &mut s, towards_hq.clone());
        assert_eq!(rolled(&ev), roll, "company 18″ from its HQ, radio {radio}");
        if phone {
            let hq = DfCommand::Move {
                unit: UnitId(1),
                to: [inches(36.0), inches(37.0)],
            };
            run(&f, &mut s, hq);
            assert!(!unit(&s, 1).phone, "moving cuts the telephone line");
        }
    }
    // Who has them: radio companies put radios at their HQ and the CO; vehicles carry them; the
    // defender starts with telephone lines from its CO to its HQs.
    let s = deploy(
        &open_table(),
        &forces("radio-rifles,foot,medium-tanks", "foot"),
        1,
    );
    let has = |k: Kind| s.living(A).filter(|u| u.kind == k).all(|u| u.radio);
    assert!(has(Kind::Hq) && has(Kind::Co) && has(Kind::Tanks(Armour::Medium)));
    assert_eq!(
        s.living(A)
            .filter(|u| u.kind == Kind::Rifles && u.radio)
            .count(),
        1
    );
    assert!(s.living(D).all(|u| !u.radio));
    assert!(s
        .living(D)
        .filter(|u| matches!(u.kind, Kind::Hq | Kind::Co))
        .all(|u| u.phone));
    assert!(s.living(A).all(|u| !u.phone));
}

#[test]
fn a_move_order_forbids_ending_within_3_inches_of_the_enemy() {
    let f = open_table();
    let units = vec![
        placed(0, A, Kind::Co, None, (36.0, 2.0), (36.0, 36.0)),
        placed(1, A, Kind::Hq, Some(0), (30.0, 10.0), (36.0, 36.0)),
        placed(2, A, Kind::Rifles, Some(0), (36.0, 14.0), (36.0, 36.0)),
        placed(3, D, Kind::Co, None, (66.0, 70.0), (66.0, 72.0)),
        placed(4, D, Kind::Hq, Some(1), (60.0, 70.0), (60.0, 72.0)),
        // Facing away, so nothing interrupts the moves.
        placed(5, D, Kind::MachineGuns, Some(1), (36.0, 28.0), (36.0, 72.0)),
    ];
    let mut moving = battalion(0, A, 1);
    moving.order = Some(Order {
        action: Action::MoveTo,
        feature: 0,
        start_turn: 1,
    });
    let mut s = position(&f, units, vec![moving, battalion(1, D, 4)]);
    start(&f, &mut s, A);
    let to = |y| DfCommand::Move {
        unit: UnitId(2),
        to: [inches(36.0), inches(y)],
    };
    // 6″ between centres is 3″ between the bases: engaged.
    assert!(refused(&f, &s, to(22.0)).contains("avoids engaging"));
    run(&f, &mut s, to(20.0));
}

#[test]
fn every_company_deploys_within_its_hqs_command_radius_with_the_hq_behind() {
    use omms::tactical::dice_flew::execute::needs_command_roll;
    use omms::tactical::table::{distance, step};
    let cases = [
        ("4*foot", "2*foot@house,2*foot"),
        (
            "3*foot,mg,armour,medium-battery",
            "2*foot@house,foot,mg,light-battery",
        ),
        ("5*foot,2*armour", "3*foot,2*mg,foot@house"),
    ];
    for bearing in [0.0, 110.0, 200.0, 290.0] {
        let f = encamp(bearing);
        for (a, d) in cases {
            let s = deploy(&f, &forces(a, d), 3);
            for b in s.battalions() {
                let hq = s.hq(b.id).unwrap();
                let companies: Vec<_> = s.members(b.id).filter(|u| !u.staff()).collect();
                for c in &companies {
                    assert!(
                        !needs_command_roll(&s, c.id),
                        "{a} v {d} from {bearing}°: {:?} of battalion {:?} starts {:.1}″ from its HQ",
                        c.id,
                        b.id,
                        distance(c.at, hq.at) / inches(1.0)
                    );
                }
                // The HQ stands behind its companies' middle, as seen from the enemy's side (within
                // the few inches it may be pushed to find open ground it can stand on).
                let n = companies.len() as f64;
                let mid = [
                    companies.iter().map(|c| c.at[0]).sum::<f64>() / n,
                    companies.iter().map(|c| c.at[1]).sum::<f64>() / n,
                ];
                let enemy_edge = match b.side {
                    A => f.objective,
                    D => step(f.objective, f.attacker_bearing(), inches(36.0)),
                };
                let (h, m) = (distance(hq.at, enemy_edge), distance(mid, enemy_edge));
                assert!(
                    h > m - inches(4.0),
                    "{a} v {d} from {bearing}°: battalion {:?}'s HQ stands in front of its companies ({:.1}″ v {:.1}″)",
                    b.id, h / inches(1.0), m / inches(1.0)
                );
            }
        }
    }
}

#[test]
fn the_attack_dialog_says_why_the_table_is_harder_than_the_dice() {
    use omms::tactical::registry;
    let rules = registry::get("dice-flew").unwrap();
    let f = forces("2*foot", "2*foot");
    // On the open table nobody is in cover: the line is about fire during a move and pinning.
    let open = rules.table_note(&open_table(), &f).expect("a note");
    assert!(
        open.contains("while they move") && open.contains("any loss pins"),
        "{open}"
    );
    assert!(!open.contains("houses or woods"), "{open}");
    // At Encamp the line counts the garrison's units that deploy in houses or woods, if any.
    let town = encamp(0.0);
    let note = rules.table_note(&town, &f).expect("a note");
    let s = DiceFlew.setup(&town, &f, 0);
    let covered = s
        .living(D)
        .filter(|u| !u.staff() && omms::tactical::dice_flew::movement::cover_ground(&town, u.at))
        .count();
    assert_eq!(
        note.starts_with(&format!("{covered} of their")),
        covered > 0,
        "{covered} in cover: {note}"
    );
    assert!(note.contains("any loss pins"), "{note}");
    assert!(!note.contains("light battery"), "{note}");
    // Against a fort's walls the attacker is told of the battery it has for them.
    let fort = rules
        .table_note(&open_table().fortify(), &f)
        .expect("a note");
    assert!(
        fort.ends_with("Against the walls you have a light battery off the table."),
        "{fort}"
    );
}
