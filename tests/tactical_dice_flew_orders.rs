//! The Dice Flew bot's orders, as a player facing it sees them: the orders it writes before the
//! battle, and the order changes (with their 2+ roll) it asks for at the start of its part,
//! each in a hand-built position on an open table with a wood or two; and the command of a
//! side of one company, detached under its CO. `docs/rules/dice_flew.md` ("The bot",
//! "Organisation and forces") names these tests.

#[path = "tactical_dice_flew_support/mod.rs"]
mod support;

use geo::polygon;
use omms::tactical::battlefield::{Area, AreaKind};
use omms::tactical::dice_flew::artillery::{BatteryId, PlannedShot};
use omms::tactical::dice_flew::command::DfCommand;
use omms::tactical::dice_flew::event::DfEvent;
use omms::tactical::dice_flew::state::{DfState, Phase};
use omms::tactical::dice_flew::unit::{Action, Battalion, BattalionId, Kind, Order, Unit};
use omms::tactical::dice_flew::{table_spec, DiceFlew};
use omms::tactical::drive;
use omms::tactical::ruleset::{BotLevel, Ruleset, Side};
use omms::tactical::table::{inches, Edge};
use omms::tactical::Battlefield;
use support::*;

/// The open 72″ table (objective at 36″, 36″, the attacker from the south) with woods 3″ square
/// centred at these points, in inches.
fn table_with_woods(woods: &[(f64, f64)]) -> Battlefield {
    let r = inches(3.0);
    let areas = woods
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| {
            let c = [inches(x), inches(y)];
            Area {
                kind: AreaKind::Woods,
                shape: polygon![
                    (x: c[0] - r, y: c[1] - r),
                    (x: c[0] + r, y: c[1] - r),
                    (x: c[0] + r, y: c[1] + r),
                    (x: c[0] - r, y: c[1] + r),
                ],
                top: c,
                osm_id: i as i64 + 1,
            }
        })
        .collect();
    Battlefield::from_parts(table_spec(), "Testville", Edge::South, areas, vec![], &[])
}

/// The feature of `s` nearest to (x, y) inches, with its name.
fn feature_at(s: &DfState, x: f64, y: f64) -> (u16, String) {
    let p = [inches(x), inches(y)];
    let (i, f) = s
        .features()
        .iter()
        .enumerate()
        .min_by(|a, b| {
            let d = |q: [f64; 2]| (q[0] - p[0]).hypot(q[1] - p[1]);
            d(a.1.at).total_cmp(&d(b.1.at))
        })
        .unwrap();
    (i as u16, f.name.clone())
}

fn order(action: Action, feature: u16, start_turn: u32) -> Order {
    Order {
        action,
        feature,
        start_turn,
    }
}

/// A battalion under `o`.
fn under(id: u16, side: Side, hq: u16, o: Order) -> Battalion {
    Battalion {
        order: Some(o),
        ..battalion(id, side, hq)
    }
}

/// The captain bot's command now.
fn bot(f: &Battlefield, s: &DfState) -> DfCommand {
    let mut rng = drive::bot_rng(7);
    DiceFlew
        .choose(BotLevel::Captain, f, s, &mut rng)
        .expect("the battle waits on a command")
}

/// Play `Done` (and first-move choices for `first`) until `first`'s part of `turn` begins.
fn to_turn(f: &Battlefield, s: &mut DfState, turn: u32, first: Side) {
    while !(s.turn() == turn && s.phase() == Phase::Move(first)) {
        let cmd = match s.phase() {
            Phase::Initiative(ch) => DfCommand::GoFirst { first: ch == first },
            Phase::Move(_) | Phase::Fire(_) => DfCommand::Done,
            p => panic!("{p:?}"),
        };
        run(f, s, cmd);
    }
}

/// The one `OrderChange` the bot's command rolled: (battalion, order, die, modifier, ok).
fn order_change(ev: &[DfEvent]) -> (BattalionId, Order, u8, i32, bool) {
    match ev {
        [DfEvent::OrderChange {
            battalion,
            order,
            die,
            modifier,
            ok,
        }] => (*battalion, *order, *die, *modifier, *ok),
        _ => panic!("{ev:?}"),
    }
}

/// The attacker's two battalions of two rifle companies each (battalion 1 on the west), its
/// CO at (co_x, 2); the defender's one battalion with a company at (west_x, west_y) and one on
/// the objective. Unit numbers: attacker CO 0, HQs 1 and 4, companies 2, 3, 5, 6; defender CO 7,
/// HQ 8, companies 9 (west) and 10.
fn two_battalions(west: (f64, f64), co_x: f64, bat1_at: (f64, f64)) -> Vec<Unit> {
    let up = (36.0, 72.0);
    let (bx, by) = bat1_at;
    vec![
        placed(0, A, Kind::Co, None, (co_x, 2.0), up),
        placed(1, A, Kind::Hq, Some(0), (44.0, 4.0), up),
        placed(2, A, Kind::Rifles, Some(0), (40.0, 8.0), up),
        placed(3, A, Kind::Rifles, Some(0), (48.0, 8.0), up),
        placed(4, A, Kind::Hq, Some(1), (bx, by - 4.0), up),
        placed(5, A, Kind::Rifles, Some(1), (bx - 4.0, by), up),
        placed(6, A, Kind::Rifles, Some(1), (bx + 4.0, by), up),
        placed(7, D, Kind::Co, None, (36.0, 50.0), (36.0, 0.0)),
        placed(8, D, Kind::Hq, Some(2), (36.0, 44.0), (36.0, 0.0)),
        placed(9, D, Kind::Rifles, Some(2), west, (36.0, 0.0)),
        placed(10, D, Kind::Rifles, Some(2), (36.0, 36.0), (36.0, 0.0)),
    ]
}

#[test]
fn the_bots_second_battalion_attacks_a_held_flank_wood_first_then_asks_for_the_objective() {
    // A wood 19″ SW of the objective with a defending company in it; another wood on the east,
    // empty.
    let f = table_with_woods(&[(20.0, 27.0), (52.0, 27.0)]);
    let attack_obj = order(Action::Attack, 0, 1);
    let bats = |o1| {
        vec![
            under(0, A, 1, attack_obj),
            under(1, A, 4, o1),
            battalion(2, D, 8),
        ]
    };
    let mut s = position(
        &f,
        two_battalions((20.0, 28.0), 36.0, (24.0, 8.0)),
        bats(attack_obj),
    );
    let (wood, name) = feature_at(&s, 20.0, 27.0);
    assert!(name.starts_with("wood") && name.contains("SW"), "{name}");
    // Before the battle: the first battalion keeps the objective, the second is sent at the
    // held wood, not the empty one; then the bot has nothing more to write.
    let cmd = bot(&f, &s);
    assert_eq!(
        cmd,
        DfCommand::WriteOrder {
            battalion: BattalionId(1),
            order: order(Action::Attack, wood, 1),
        }
    );
    run(&f, &mut s, cmd);
    assert_eq!(bot(&f, &s), DfCommand::OrdersDone);
    assert_eq!(s.battalion(BattalionId(0)).unwrap().order, Some(attack_obj));
    // Without a defender off the objective there is no flank post to take.
    let s2 = position(
        &f,
        two_battalions((36.0, 40.0), 36.0, (24.0, 8.0)),
        bats(attack_obj),
    );
    assert_eq!(bot(&f, &s2), DfCommand::OrdersDone);

    // In the battle: the second battalion has got into the wood (its HQ and companies within
    // 6″). At the start of its part the bot asks, by the 2+ roll, to go on to the objective;
    // the CO is within 2 ft, so no −1.
    let mut s = position(
        &f,
        two_battalions((36.0, 40.0), 24.0, (20.0, 27.0)),
        bats(order(Action::Attack, wood, 1)),
    );
    start(&f, &mut s, A);
    let cmd = bot(&f, &s);
    assert!(
        matches!(cmd, DfCommand::ChangeOrder { battalion: BattalionId(1), order: o } if o.action == Action::Attack && o.feature == 0),
        "{cmd:?}"
    );
    let ev = run(&f, &mut s, cmd);
    let (b, o, die, modifier, ok) = order_change(&ev);
    assert_eq!((b, modifier, ok), (BattalionId(1), 0, die >= 2));
    assert_eq!(s.battalion(b).unwrap().order == Some(o), ok);
    // One try a turn: the bot goes on to its moves.
    assert!(!matches!(bot(&f, &s), DfCommand::ChangeOrder { .. }));
}

/// `s` with a medium battery behind `side`'s edge, its fire plan still to write (a hand-built
/// position has none; the saved form of the battle takes one).
fn with_battery(s: DfState, side: &str) -> DfState {
    let mut v = serde_json::to_value(&s).unwrap();
    v["batteries"] = serde_json::json!([{
        "id": 0, "side": side, "guns": "medium", "count": 4,
        "observer": null, "plan": [], "fired_turn": 0
    }]);
    serde_json::from_value(v).unwrap()
}

#[test]
fn the_bots_flank_attack_starts_after_its_own_barrage_on_the_wood() {
    // The held flank wood of the test above, 19″ from the second battalion's nearer company:
    // two full moves. The attacker's battery is to shell the wood on turn 3.
    let f = table_with_woods(&[(20.0, 27.0), (52.0, 27.0)]);
    let attack_obj = order(Action::Attack, 0, 1);
    let bats = vec![
        under(0, A, 1, attack_obj),
        under(1, A, 4, attack_obj),
        battalion(2, D, 8),
    ];
    let fresh = || {
        with_battery(
            position(
                &f,
                two_battalions((20.0, 28.0), 36.0, (24.0, 8.0)),
                bats.clone(),
            ),
            "attacker",
        )
    };
    let mut s = fresh();
    let (wood, _) = feature_at(&s, 20.0, 27.0);
    let barrage = |turn| DfCommand::PlanFire {
        battery: BatteryId(0),
        shot: PlannedShot {
            turn,
            feature: wood,
        },
    };
    run(&f, &mut s, barrage(3));
    // The attack on the wood is written to start on turn 2, so that its companies come into
    // the shells' zone on turn 3, after they land, not on turn 2 under them.
    assert_eq!(
        bot(&f, &s),
        DfCommand::WriteOrder {
            battalion: BattalionId(1),
            order: order(Action::Attack, wood, 2),
        }
    );
    // A later barrage puts the attack back as far; none there, and it starts at once.
    let mut later = fresh();
    run(&f, &mut later, barrage(5));
    assert_eq!(
        bot(&f, &later),
        DfCommand::WriteOrder {
            battalion: BattalionId(1),
            order: order(Action::Attack, wood, 4),
        }
    );
    let none = fresh();
    assert_eq!(
        bot(&f, &none),
        DfCommand::WriteOrder {
            battalion: BattalionId(1),
            order: order(Action::Attack, wood, 1),
        }
    );

    // The bot finishes its orders and plan; the order it leaves starts after turn 1 and no
    // later than the last barrage it planned on the wood.
    while s.phase() == Phase::Orders(A) {
        let cmd = bot(&f, &s);
        run(&f, &mut s, cmd);
    }
    let o = s.battalion(BattalionId(1)).unwrap().order.unwrap();
    let last = s
        .battery(BatteryId(0))
        .unwrap()
        .plan
        .iter()
        .filter(|p| p.feature == wood);
    let last = last.map(|p| p.turn).max().unwrap();
    assert_eq!((o.action, o.feature), (Action::Attack, wood));
    assert!(
        (2..=last).contains(&o.start_turn),
        "{o:?}, last barrage {last}"
    );
    // Until then the battalion holds where it stands: in the attacker's first part its
    // companies do not go for the wood (at most a step to face the enemy).
    run(&f, &mut s, DfCommand::OrdersDone);
    to_turn(&f, &mut s, 1, A);
    assert_eq!(
        s.effective_order(BattalionId(1)).map(|e| e.0),
        Some(Action::Hold)
    );
    let was: Vec<_> = [5, 6].iter().map(|&i| unit(&s, i).at).collect();
    while s.phase() == Phase::Move(A) || s.pending().is_some() {
        let cmd = bot(&f, &s);
        run(&f, &mut s, cmd);
    }
    for (i, at) in [5, 6].iter().zip(was) {
        let moved = omms::tactical::table::distance(unit(&s, *i).at, at);
        assert!(moved <= inches(1.0) + 1e-6, "company {i} moved {moved}");
    }
}

/// The attacker's one battalion (CO 0 at (co_x, 2), HQ 1, companies 2 and 3 at y = `y`) under
/// `o`, the defender's (CO 4, HQ 5, companies 6 and 7) on the objective; `hurt` takes away the
/// companies' leaders and three rifles each and pins them.
fn one_battalion(f: &Battlefield, co_x: f64, y: f64, o: Order, hurt: bool) -> DfState {
    let up = (36.0, 72.0);
    let down = (36.0, 0.0);
    let mut units = vec![
        placed(0, A, Kind::Co, None, (co_x, 2.0), up),
        placed(1, A, Kind::Hq, Some(0), (36.0, y - 4.0), up),
        placed(2, A, Kind::Rifles, Some(0), (32.0, y), up),
        placed(3, A, Kind::Rifles, Some(0), (40.0, y), up),
        placed(4, D, Kind::Co, None, (36.0, 60.0), down),
        placed(5, D, Kind::Hq, Some(1), (36.0, 56.0), down),
        placed(6, D, Kind::Rifles, Some(1), (32.0, 50.0), down),
        placed(7, D, Kind::Rifles, Some(1), (40.0, 50.0), down),
    ];
    if hurt {
        use omms::tactical::dice_flew::tables::Weapon;
        for u in &mut units[2..4] {
            // Without an officer or NCO it cannot rally: it stays pinned.
            u.officers = 0;
            u.ncos = 0;
            u.kit[Weapon::Rifle.index()] -= 3;
            u.pinned = true;
        }
    }
    position(f, units, vec![under(0, A, 1, o), battalion(1, D, 5)])
}

#[test]
fn the_bot_calls_off_a_failed_attack_and_takes_it_up_again_once_rallied() {
    let f = table_with_woods(&[(36.0, 16.0)]);
    let (wood, _) = feature_at(
        &one_battalion(&f, 36.0, 8.0, order(Action::Hold, 0, 1), false),
        36.0,
        16.0,
    );
    // Pinned down: both companies pinned and a third of the battalion's figures lost (10 of 30).
    // The bot asks to hold the wood nearest its companies.
    let mut s = one_battalion(&f, 36.0, 20.0, order(Action::Attack, 0, 1), true);
    start(&f, &mut s, A);
    let cmd = bot(&f, &s);
    assert_eq!(
        cmd,
        DfCommand::ChangeOrder {
            battalion: BattalionId(0),
            order: order(Action::Hold, wood, 1),
        }
    );
    // The same attack with its companies fit goes on.
    let mut s = one_battalion(&f, 36.0, 20.0, order(Action::Attack, 0, 1), false);
    start(&f, &mut s, A);
    assert!(!matches!(bot(&f, &s), DfCommand::ChangeOrder { .. }));
    // Called off and rallied, with time to get there: the bot asks to attack again.
    let mut s = one_battalion(&f, 36.0, 20.0, order(Action::Hold, wood, 1), false);
    start(&f, &mut s, A);
    assert_eq!(
        bot(&f, &s),
        DfCommand::ChangeOrder {
            battalion: BattalionId(0),
            order: order(Action::Attack, 0, 1),
        }
    );
}

#[test]
fn an_attack_that_cannot_arrive_in_the_turns_left_is_called_off_by_the_roll_with_its_minus_one() {
    // The attack is written to start in the last turn, 28″ from the objective: 22″ from its
    // 6″, beyond one 18″ road move. The CO stands 34″ from the HQ with no radio or line, so the
    // roll the bot asks for is 2+ with −1.
    let f = table_with_woods(&[(36.0, 16.0)]);
    let mut s = one_battalion(&f, 2.0, 8.0, order(Action::Attack, 0, 10), false);
    let (wood, _) = feature_at(&s, 36.0, 16.0);
    start(&f, &mut s, A);
    // Until turn 10 the battalion holds where its HQ stands: nothing to change.
    assert!(!matches!(bot(&f, &s), DfCommand::ChangeOrder { .. }));
    to_turn(&f, &mut s, 9, A);
    assert!(!matches!(bot(&f, &s), DfCommand::ChangeOrder { .. }));
    to_turn(&f, &mut s, 10, A);
    let cmd = bot(&f, &s);
    assert_eq!(
        cmd,
        DfCommand::ChangeOrder {
            battalion: BattalionId(0),
            order: order(Action::Hold, wood, 10),
        }
    );
    let (_, o, die, modifier, ok) = order_change(&run(&f, &mut s, cmd));
    assert_eq!((modifier, ok), (-1, die >= 3));
    assert_eq!(s.battalion(BattalionId(0)).unwrap().order == Some(o), ok);
}

/// The defender's two battalions: battalion 1 (HQ 5, companies 6, 7) on the objective,
/// battalion 2 (HQ 8, companies 9, 10) round (x, y); the attacker's one (CO 0, HQ 1,
/// companies 2, 3) round (ax, ay); the defender's CO 4.
fn two_defending(at: (f64, f64), attacker: (f64, f64), o2: Order) -> (Battlefield, DfState) {
    let f = table_with_woods(&[(20.0, 20.0)]);
    let up = (36.0, 72.0);
    let down = (36.0, 0.0);
    let ((x, y), (ax, ay)) = (at, attacker);
    let units = vec![
        placed(0, A, Kind::Co, None, (ax, 2.0), up),
        placed(1, A, Kind::Hq, Some(0), (ax, ay - 4.0), up),
        placed(2, A, Kind::Rifles, Some(0), (ax - 4.0, ay), up),
        placed(3, A, Kind::Rifles, Some(0), (ax + 4.0, ay), up),
        placed(4, D, Kind::Co, None, (28.0, 40.0), down),
        placed(5, D, Kind::Hq, Some(1), (36.0, 44.0), down),
        placed(6, D, Kind::Rifles, Some(1), (32.0, 38.0), down),
        placed(7, D, Kind::Rifles, Some(1), (40.0, 38.0), down),
        placed(8, D, Kind::Hq, Some(2), (x, y + 4.0), down),
        placed(9, D, Kind::Rifles, Some(2), (x - 4.0, y), down),
        placed(10, D, Kind::Rifles, Some(2), (x + 4.0, y), down),
    ];
    let s = position(
        &f,
        units,
        vec![
            under(0, A, 1, order(Action::Attack, 0, 1)),
            battalion(1, D, 5),
            under(2, D, 8, o2),
        ],
    );
    (f, s)
}

#[test]
fn the_bots_second_defending_battalion_holds_a_forward_wood_and_falls_back_when_nothing_comes() {
    // Before the battle: the defender's second battalion is sent to the wood 23″ SW of the
    // objective, on the attacker's way in; the first keeps the objective.
    let (f, mut s) = two_defending((52.0, 38.0), (36.0, 8.0), order(Action::Hold, 0, 1));
    let (wood, name) = feature_at(&s, 20.0, 20.0);
    assert!(name.starts_with("wood"), "{name}");
    run(&f, &mut s, DfCommand::OrdersDone);
    assert_eq!(s.phase(), Phase::Orders(D));
    let cmd = bot(&f, &s);
    assert_eq!(
        cmd,
        DfCommand::WriteOrder {
            battalion: BattalionId(2),
            order: order(Action::MoveTo, wood, 1),
        }
    );
    run(&f, &mut s, cmd);
    assert_eq!(bot(&f, &s), DfCommand::OrdersDone);
    assert_eq!(
        s.battalion(BattalionId(1)).unwrap().order,
        Some(order(Action::Hold, 0, 1))
    );

    // In the battle: the battalion is at the wood and the attack comes from the east, 23″ from
    // the objective and 36″ from the wood: the post faces nothing, and the bot asks (2+) to
    // move it back to the objective.
    let post = order(Action::MoveTo, wood, 1);
    let (f, mut s) = two_defending((20.0, 20.0), (56.0, 24.0), post);
    start(&f, &mut s, D);
    let cmd = bot(&f, &s);
    assert_eq!(
        cmd,
        DfCommand::ChangeOrder {
            battalion: BattalionId(2),
            order: order(Action::MoveTo, 0, 1),
        }
    );
    let (_, _, die, modifier, ok) = order_change(&run(&f, &mut s, cmd));
    assert_eq!((modifier, ok), (0, die >= 2));
    // The attack coming at the wood: the post stays.
    let (f, mut s) = two_defending((20.0, 20.0), (24.0, 8.0), post);
    start(&f, &mut s, D);
    assert!(!matches!(bot(&f, &s), DfCommand::ChangeOrder { .. }));
}

#[test]
fn a_lone_company_is_detached_under_the_co_who_moves_with_it() {
    use omms::tactical::dice_flew::execute::{far_from_co, needs_command_roll};
    use omms::tactical::dice_flew::forces::deploy;
    use omms::tactical::table::distance;
    let f = open_table();
    let s = deploy(&f, &forces("foot", "2*foot"), 1);
    // One company: no battalion HQ; its order group is headed by the CO, 3″ behind it and well
    // within command. Two companies still make a battalion with its HQ.
    let kinds: Vec<Kind> = s.living(A).map(|u| u.kind).collect();
    assert_eq!(kinds, vec![Kind::Rifles, Kind::Co]);
    let co = s.co(A).unwrap();
    let c = s.living(A).find(|u| u.kind == Kind::Rifles).unwrap();
    let b = c.battalion.unwrap();
    assert_eq!(s.battalion(b).unwrap().hq, co.id);
    assert_eq!(s.hq(b).map(|u| u.id), Some(co.id));
    assert!(co.at[1] < c.at[1] && distance(co.at, c.at) <= inches(11.0) + 1e-6);
    assert!(!needs_command_roll(&s, c.id));
    // His orders need no messenger: no −1 on the order-change roll.
    assert!(!far_from_co(&s, A, co));
    assert_eq!(
        s.living(D).filter(|u| u.kind == Kind::Hq).count(),
        1,
        "two companies make a battalion"
    );
    // In bot battles the CO follows his company as an HQ would, so it keeps coming on without
    // the 2+ roll of a company out of command.
    let (mut moves, mut rolls, mut co_moved) = (0, 0, 0);
    for seed in 0..3 {
        let mut s = DiceFlew.setup(&f, &forces("foot", "foot"), seed);
        let mut rng = drive::bot_rng(seed);
        while DiceFlew.actor(&s).is_some() {
            let cmd = DiceFlew
                .choose(BotLevel::Captain, &f, &s, &mut rng)
                .unwrap();
            if let DfCommand::Move { unit, .. } = cmd {
                let k = s.unit(unit).unwrap().kind;
                moves += (k == Kind::Rifles) as u32;
                co_moved += (k == Kind::Co) as u32;
            }
            for e in DiceFlew.execute(&f, &mut s, &cmd).unwrap() {
                rolls += matches!(e, DfEvent::CommandRoll { .. }) as u32;
            }
        }
    }
    eprintln!("company moves {moves}, command rolls {rolls}, CO moves {co_moved}");
    assert!(co_moved > 0 && moves > 0);
    assert!(4 * rolls <= moves, "{rolls} command rolls in {moves} moves");
}

#[test]
fn the_defenders_fire_plan_never_shells_its_own_forward_post() {
    // The defender's second battalion stands 12″ from the wood on the attacker's way in (one
    // move), and the bot sends it there; the attacker comes up past that wood. The plan may shell
    // the wood before the post gets there (turn 1), never once it is there: a planned barrage
    // strikes everyone round its feature, friend or foe.
    let (f, s) = two_defending((30.0, 30.0), (16.0, 8.0), order(Action::Hold, 0, 1));
    let mut s = with_battery(s, "defender");
    let (wood, _) = feature_at(&s, 20.0, 20.0);
    run(&f, &mut s, DfCommand::OrdersDone);
    let mut lines = Vec::new();
    loop {
        let cmd = bot(&f, &s);
        if let DfCommand::PlanFire { shot, .. } = cmd {
            lines.push((shot.turn, shot.feature));
        }
        if run(&f, &mut s, cmd.clone()).is_empty() || cmd == DfCommand::OrdersDone {
            break;
        }
    }
    assert_eq!(
        s.battalion(BattalionId(2)).unwrap().order,
        Some(order(Action::MoveTo, wood, 1)),
        "the post goes forward"
    );
    // The plan still shells the attacker crossing the wood while it is his alone.
    assert!(lines.contains(&(1, wood)), "{lines:?}");
    assert!(
        lines.iter().all(|&(t, f)| f != wood || t == 1),
        "a line on the wood after the post has got there: {lines:?}"
    );

    // And through the battle, played by the bots: no planned shell of the defender's falls on
    // one of its own units.
    let mut rng = drive::bot_rng(3);
    let mut planned = false;
    while s.turn() <= 5 && s.phase() != Phase::Over {
        let Some(cmd) = DiceFlew.choose(BotLevel::Captain, &f, &s, &mut rng) else {
            break;
        };
        for e in run(&f, &mut s, cmd) {
            match e {
                DfEvent::Bombardment { planned: p, .. } => planned = p,
                DfEvent::Barrage { target, .. } if planned => {
                    assert_eq!(
                        unit(&s, target.0).side,
                        A,
                        "the defender shelled its own {target:?}"
                    );
                }
                _ => {}
            }
        }
    }
}
