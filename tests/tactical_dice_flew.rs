//! The Dice Flew on the table: forces and organisation, the turn, movement by type and ground,
//! command radius, interrupting fire as a pending decision, going to ground, pinning, morale,
//! rally, melee, orders and concession, and whole bot battles on real terrain that keep the
//! rules. Each decision in `docs/rules/dice_flew.md` names its test here.

use omms::map::GameMap;
use omms::tactical::dice_flew::command::DfCommand;
use omms::tactical::dice_flew::event::DfEvent;
use omms::tactical::dice_flew::forces::{deploy, TROOPS};
use omms::tactical::dice_flew::state::{DfState, Pending, Phase};
use omms::tactical::dice_flew::unit::{Kind, UnitId};
use omms::tactical::dice_flew::{execute::execute, table_spec, DiceFlew};
use omms::tactical::drive;
use omms::tactical::force::parse_elements;
use omms::tactical::force::Quality;
use omms::tactical::ruleset::{BattleOutcome, BotLevel, Ruleset, Side};
use omms::tactical::table::{distance, inches};
use omms::tactical::*;
use std::path::Path;

fn encamp(bearing: f64) -> Battlefield {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = GameMap::load(&root.join("maps/andorra")).unwrap();
    let id = map.place_by_name("Encamp").unwrap();
    let site = BattleSite {
        attacker_from_bearing: bearing,
        fortified: false,
    };
    Battlefield::build(&map, id, table_spec(), site).unwrap()
}

fn forces(a: &str, d: &str) -> Forces {
    Forces {
        attacker: parse_elements(a, TROOPS).unwrap(),
        defender: parse_elements(d, TROOPS).unwrap(),
        ..Default::default()
    }
}

#[test]
fn bot_battles_on_real_terrain_play_to_the_end() {
    let f = encamp(200.0);
    let fs = forces("3*foot,mg,armour", "2*foot@house,foot,mg");
    for seed in 0..6 {
        let p = drive::play(
            &DiceFlew,
            &f,
            &fs,
            seed,
            [BotLevel::Captain; 2],
            None,
            |_| {},
        );
        eprintln!(
            "seed {seed}: {:?} {:?} cmds {}",
            p.outcome,
            p.summary,
            p.commands.len()
        );
        assert!(
            DiceFlew.outcome(&p.state).is_some(),
            "seed {seed} did not finish"
        );
    }
}

const A: Side = Side::Attacker;
const D: Side = Side::Defender;

/// An empty 72″ table, the attacker from the south.
fn open_table() -> Battlefield {
    Battlefield::from_parts(table_spec(), "Testville", Edge::South, vec![], vec![], &[])
}

fn run(f: &Battlefield, s: &mut DfState, cmd: DfCommand) -> Vec<DfEvent> {
    execute(f, s, &cmd).unwrap_or_else(|e| panic!("{cmd:?}: {e}"))
}

fn refused(f: &Battlefield, s: &DfState, cmd: DfCommand) -> String {
    let mut copy = s.clone();
    let e = execute(f, &mut copy, &cmd).unwrap_err();
    assert_eq!(
        format!("{copy:?}"),
        format!("{s:?}"),
        "a refused command changed the battle"
    );
    e.to_string()
}

/// One rifle company (unit 1, HQ 0, CO 2) against one MG company (unit 4, HQ 3, CO 5), both
/// on the line x = 36″; orders written and `first` moving first in turn 1.
fn duel(seed: u64, first: Side) -> (Battlefield, DfState) {
    let f = open_table();
    let mut s = deploy(&f, &forces("foot", "mg"), seed);
    run(&f, &mut s, DfCommand::OrdersDone);
    run(&f, &mut s, DfCommand::OrdersDone);
    if let Phase::Initiative(chooser) = s.phase() {
        run(
            &f,
            &mut s,
            DfCommand::GoFirst {
                first: chooser == first,
            },
        );
    }
    assert_eq!(s.phase(), Phase::Move(first));
    (f, s)
}

fn unit(s: &DfState, id: u16) -> &omms::tactical::dice_flew::unit::Unit {
    s.unit(UnitId(id)).unwrap()
}

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
    let mg = s.living(A).find(|u| u.kind == Kind::MachineGuns).unwrap();
    assert_eq!(mg.ncos, 2);
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
fn fire_interrupts_a_move_and_going_to_ground_stops_it_in_cover() {
    let (f, mut s) = duel(3, A);
    let ev = run(
        &f,
        &mut s,
        DfCommand::Move {
            unit: UnitId(1),
            to: [inches(36.0), inches(18.0)],
        },
    );
    // The MG company 22″ away has the rifles in its sights from the first inch.
    assert!(
        matches!(ev.last(), Some(DfEvent::Paused { pending: Pending::Interrupt { shooters, .. } }) if shooters == &vec![UnitId(4)])
    );
    assert!((unit(&s, 1).at[1] - inches(7.0)).abs() < 1e-6);
    assert_eq!(DiceFlew.actor(&s), Some(D), "the defender decides");
    assert!(refused(
        &f,
        &s,
        DfCommand::Move {
            unit: UnitId(0),
            to: [inches(36.0), inches(4.0)]
        }
    )
    .contains("Not now"));
    run(&f, &mut s, DfCommand::Shoot { shooter: UnitId(4) });
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
    assert!(unit(&s, 1).to_ground);
    assert!((unit(&s, 1).at[1] - inches(7.0)).abs() < 1e-6, "it stopped");
    assert!(s.pending().is_none());
}

#[test]
fn pushing_on_finishes_the_move_unless_a_loss_pins_it() {
    for seed in 0..12 {
        let (f, mut s) = duel(seed, A);
        let to = [inches(36.0), inches(18.0)];
        run(
            &f,
            &mut s,
            DfCommand::Move {
                unit: UnitId(1),
                to,
            },
        );
        run(&f, &mut s, DfCommand::Shoot { shooter: UnitId(4) });
        let ev = run(&f, &mut s, DfCommand::PushOn);
        let lost = ev
            .iter()
            .any(|e| matches!(e, DfEvent::Fired { losses, .. } if losses.total() > 0));
        let u = unit(&s, 1);
        assert_eq!(u.pinned, lost, "seed {seed}: any loss pins");
        if lost {
            assert!(u.at[1] < inches(18.0) - 1.0, "a pinned company stops");
            assert!(
                refused(
                    &f,
                    &s,
                    DfCommand::Move {
                        unit: UnitId(1),
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
    let to = [inches(36.0), inches(18.0)];
    run(
        &f,
        &mut s,
        DfCommand::Move {
            unit: UnitId(1),
            to,
        },
    );
    let ev = run(&f, &mut s, DfCommand::Pass);
    assert!(matches!(ev.last(), Some(DfEvent::MoveEnded { .. })));
    assert!(distance(unit(&s, 1).at, to) < 1e-6);
    assert!(refused(&f, &s, DfCommand::Pass).contains("Not now"));
}

#[test]
fn an_attack_order_needs_half_the_battalion_to_advance() {
    let (f, mut s) = duel(3, A);
    let why = refused(&f, &s, DfCommand::Done);
    assert!(why.contains("half of the battalion"), "{why}");
    // Going away from the objective is not what an attack order allows.
    let back = refused(
        &f,
        &s,
        DfCommand::Move {
            unit: UnitId(1),
            to: [inches(44.0), inches(3.0)],
        },
    );
    assert!(back.contains("order forbids"), "{back}");
    run(
        &f,
        &mut s,
        DfCommand::Move {
            unit: UnitId(1),
            to: [inches(36.0), inches(10.0)],
        },
    );
    if s.pending().is_some() {
        run(&f, &mut s, DfCommand::Pass);
    }
    run(&f, &mut s, DfCommand::Done);
}

#[test]
fn a_holding_battalion_stays_within_12_inches_of_its_place() {
    let (f, mut s) = duel(3, D);
    // The MG company is 8″ in front of the objective: 20″ away is too far, 10″ is fine.
    let why = refused(
        &f,
        &s,
        DfCommand::Move {
            unit: UnitId(4),
            to: [inches(36.0), inches(16.0)],
        },
    );
    assert!(why.contains("within 12″"), "{why}");
    assert!(DiceFlew
        .check(
            &f,
            &s,
            &DfCommand::Move {
                unit: UnitId(4),
                to: [inches(36.0), inches(26.0)]
            }
        )
        .is_ok());
    let _ = &mut s;
}

#[test]
fn moves_are_limited_by_type_and_units_do_not_overlap() {
    let (f, s) = duel(3, A);
    let why = refused(
        &f,
        &s,
        DfCommand::Move {
            unit: UnitId(1),
            to: [inches(36.0), inches(19.0)],
        },
    );
    assert!(
        why.contains("108%"),
        "13″ in the open is 108% of 12″: {why}"
    );
    let why = refused(
        &f,
        &s,
        DfCommand::Move {
            unit: UnitId(0),
            to: [inches(36.0), inches(6.5)],
        },
    );
    assert!(why.contains("another unit"), "{why}");
    // The HQ goes 6″ in the open, no more.
    let why = refused(
        &f,
        &s,
        DfCommand::Move {
            unit: UnitId(0),
            to: [inches(30.0), inches(10.0)],
        },
    );
    assert!(why.contains('%'), "{why}");
}

#[test]
fn orders_change_before_moving_on_a_2_once_a_turn() {
    let (f, mut s) = duel(3, A);
    let b = unit(&s, 1).battalion.unwrap();
    let order = omms::tactical::dice_flew::unit::Order {
        action: omms::tactical::dice_flew::unit::Action::Hold,
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
    assert_eq!(modifier, 0, "the CO is within 2 ft of the HQ");
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

/// Every command of bot battles, checked event by event against the position it was fired
/// from: nobody fires out of its arc, out of reach, pinned or after moving; no move goes past
/// its allowance (each is checked); a side concedes only with every battalion shaken.
#[test]
fn auto_battles_keep_arc_eligibility_and_concession() {
    use omms::tactical::dice_flew::fire::{may_fire, reach};
    let f = encamp(200.0);
    let fs = forces("2*foot,mg,armour,anti-tank", "2*foot@house,hmg,field-guns");
    let (mut rallies, mut melees) = (0, 0);
    for seed in 0..4 {
        let mut s = DiceFlew.setup(&f, &fs, seed);
        let mut rng = drive::bot_rng(seed);
        let mut n = 0;
        let mut retreats_due: Vec<UnitId> = Vec::new();
        while let Some(side) = DiceFlew.actor(&s) {
            let cmd = DiceFlew
                .choose(BotLevel::Captain, &f, &s, &mut rng)
                .unwrap();
            let ev = DiceFlew.execute(&f, &mut s.clone(), &cmd).unwrap();
            let mut t = s.clone();
            for e in &ev {
                if let DfEvent::Fired { target, losses, .. } = e {
                    let u = t.unit(*target).unwrap();
                    let (n, d) = omms::tactical::dice_flew::tables::loss_fraction(u.quality);
                    if losses.total() > 0 && losses.total() * d >= u.strength() * n {
                        retreats_due.push(*target);
                    }
                }
                match e {
                    DfEvent::Fired {
                        shooter, target, ..
                    }
                    | DfEvent::AntiTank {
                        shooter, target, ..
                    } => {
                        let (a, b) = (t.unit(*shooter).unwrap(), t.unit(*target).unwrap());
                        assert!(
                            a.facing.within_arc(a.at, b.at, 45.0),
                            "seed {seed}: out of arc"
                        );
                        assert!(may_fire(a).is_ok(), "seed {seed}: ineligible shooter");
                        let r = omms::tactical::dice_flew::fire::range(a.at, b.at);
                        assert!(r <= reach(a, b.kind.armour().is_some()) + 1e-6);
                    }
                    DfEvent::Rally { unit, dice, ok } => {
                        let u = t.unit(*unit).unwrap();
                        assert!(u.pinned && dice.len() as u32 == u.rally_dice());
                        let m = match u.quality {
                            Quality::Green => -1,
                            Quality::Regular => 0,
                            Quality::Elite => 1,
                        };
                        assert_eq!(*ok, dice.iter().any(|&d| d as i32 + m >= 4), "rally on 4+");
                        rallies += 1;
                    }
                    DfEvent::Melee { units, loser, .. } => {
                        // Everyone in it is within 3″ of someone of the other side.
                        for k in 0..2 {
                            for id in &units[k] {
                                let u = t.unit(*id).unwrap();
                                assert!(units[1 - k].iter().any(|e| {
                                    omms::tactical::dice_flew::fire::range(
                                        u.at,
                                        t.unit(*e).unwrap().at,
                                    ) <= inches(3.0) + 1e-6
                                }));
                            }
                        }
                        melees += 1;
                        if let Some(l) = loser {
                            retreats_due.extend(units[l.index()].iter().copied());
                        }
                    }
                    DfEvent::Retreated { unit, dice, to } => {
                        let u = t.unit(*unit).unwrap();
                        assert!(
                            distance(u.at, *to) <= inches((dice[0] + dice[1]) as f64) + 1e-6,
                            "2d6″ at most"
                        );
                        retreats_due.retain(|x| x != unit);
                    }
                    DfEvent::Shaken { battalion } => {
                        let (lost, start) = t
                            .units()
                            .iter()
                            .filter(|u| u.battalion == Some(*battalion))
                            .fold((0, 0), |(l, s), u| (l + u.lost(), s + u.start as u32));
                        let (n, d) = omms::tactical::dice_flew::tables::loss_fraction(
                            t.battalion(*battalion).unwrap().quality,
                        );
                        assert!(lost * d >= start * n, "shaken at its fraction");
                    }
                    DfEvent::Conceded { side } => {
                        assert!(
                            t.battalions()
                                .iter()
                                .filter(|b| b.side == *side)
                                .all(|b| b.shaken)
                                || t.living(*side).all(|u| u.battalion.is_none())
                        );
                    }
                    _ => {}
                }
                omms::tactical::dice_flew::apply::apply(&mut t, e);
            }
            // A company hard hit by one round of fire, and the loser of a melee, fall back.
            retreats_due.retain(|id| t.unit(*id).is_some_and(|u| u.alive()));
            assert!(
                retreats_due.is_empty(),
                "seed {seed}: no retreat for {retreats_due:?}"
            );
            let _ = side;
            DiceFlew.execute(&f, &mut s, &cmd).unwrap();
            n += 1;
            assert!(n < 5000);
        }
        assert!(DiceFlew.outcome(&s).is_some());
    }
    assert!(
        rallies > 0 && melees > 0,
        "the battles rallied ({rallies}) and fought ({melees})"
    );
}

#[test]
fn a_company_that_moved_may_not_fire_in_the_enemys_turn() {
    let (f, mut s) = duel(3, A);
    run(
        &f,
        &mut s,
        DfCommand::Move {
            unit: UnitId(1),
            to: [inches(36.0), inches(10.0)],
        },
    );
    if s.pending().is_some() {
        run(&f, &mut s, DfCommand::Pass);
    }
    assert!(unit(&s, 1).busy);
    let _ = BattleOutcome::StandOff;
}

/// A golden battle: the table, forces, seed, every command and where they lead.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Golden {
    about: String,
    at: String,
    from_bearing: f64,
    attacker: String,
    defender: String,
    seed: u64,
    outcome: BattleOutcome,
    turns: u32,
    losses: [u32; 2],
    commands: Vec<DfCommand>,
}

/// Golden logs under `tests/dice_flew_golden/` (not `tests/golden/`, whose test replays through
/// the registry, until the ruleset is registered) replay command by command to the same end;
/// `OMMS_REGEN_GOLDEN=1` writes them again (and the commit says why).
#[test]
fn golden_battles_replay() {
    let cases = [
        (
            "rifles_and_tanks_attack_a_garrison",
            200.0,
            "3*foot,mg,armour",
            "2*foot@house,foot,mg",
            11,
        ),
        (
            "armoured_cars_and_guns_from_the_north",
            10.0,
            "2*horse,guns,2*foot/elite",
            "foot@house,foot/green,hmg,anti-tank",
            4,
        ),
        (
            "heavy_tanks_against_field_guns",
            120.0,
            "heavy-tanks,2*rifles,mortars",
            "field-guns,2*rifles@house,snipers",
            8,
        ),
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dice_flew_golden");
    for (name, bearing, a, d, seed) in cases {
        let f = encamp(bearing);
        let fs = forces(a, d);
        let path = dir.join(format!("{name}.json"));
        if std::env::var_os("OMMS_REGEN_GOLDEN").is_some() {
            let p = drive::play(
                &DiceFlew,
                &f,
                &fs,
                seed,
                [BotLevel::Captain; 2],
                None,
                |_| {},
            );
            let g = Golden {
                about: name.replace('_', " "),
                at: "Encamp".into(),
                from_bearing: bearing,
                attacker: a.into(),
                defender: d.into(),
                seed,
                outcome: p.outcome,
                turns: p.summary.turns,
                losses: p.summary.losses,
                commands: p.commands,
            };
            std::fs::create_dir_all(&dir).unwrap();
            let tmp = path.with_extension("tmp");
            std::fs::write(&tmp, serde_json::to_string_pretty(&g).unwrap()).unwrap();
            std::fs::rename(&tmp, &path).unwrap();
        }
        let g: Golden = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let (outcome, summary) = drive::replay_finished(
            &DiceFlew,
            &f,
            &forces(&g.attacker, &g.defender),
            g.seed,
            &g.commands,
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            (outcome, summary.turns, summary.losses),
            (g.outcome, g.turns, g.losses),
            "{name}"
        );
    }
}
