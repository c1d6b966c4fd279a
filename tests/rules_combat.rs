//! Attack and defence (RULINGS §5): exact odds, dice, the defender of a stack, stealing and
//! capture. Dice come from the seeded RNG, so a test that needs a given outcome looks for the
//! first seed that produces it and then asserts every event exactly.

use omms::map::PlaceId;
use omms::rules::testkit::{cards, in_hand, setup, valley};
use omms::rules::*;

mod common;
use common::*;

fn rolled(events: &[Event]) -> Event {
    events
        .iter()
        .find(|e| matches!(e, Event::CombatRolled { .. }))
        .cloned()
        .unwrap()
}

// ---- Exact odds ----

/// Every one of the 6^(a+d) rolls, counted one by one.
fn brute_force(a: u32, d: u32) -> (u64, u64, u64) {
    let n = a + d;
    let (mut att, mut def, mut tie) = (0, 0, 0);
    for code in 0..6u64.pow(n) {
        let mut c = code;
        let mut dice = Vec::new();
        for _ in 0..n {
            dice.push((c % 6) as u8 + 1);
            c /= 6;
        }
        match outcome(&dice[..a as usize], &dice[a as usize..]) {
            Outcome::AttackerWins => att += 1,
            Outcome::DefenderWins => def += 1,
            Outcome::StandOff => tie += 1,
        }
    }
    (att, def, tie)
}

#[test]
fn odds_match_enumeration_for_every_combination_of_one_to_four_dice() {
    for a in 1..=4u8 {
        for d in 1..=4u8 {
            let o = odds(Dice(a), Dice(d));
            let (att, def, tie) = brute_force(u32::from(a), u32::from(d));
            assert_eq!(
                (o.attacker_wins, o.defender_wins, o.standoff, o.total),
                (att, def, tie, 6u64.pow(u32::from(a + d))),
                "{a} v {d}"
            );
        }
    }
}

#[test]
fn odds_known_by_hand() {
    let one = odds(Dice(1), Dice(1));
    assert_eq!(
        (
            one.attacker_wins,
            one.defender_wins,
            one.standoff,
            one.total
        ),
        (15, 15, 6, 36)
    );
    let invader = odds(Dice(2), Dice(1));
    assert_eq!(
        (
            invader.attacker_wins,
            invader.defender_wins,
            invader.standoff
        ),
        (125, 55, 36)
    );
    assert!((one.p_attacker() - 15.0 / 36.0).abs() < 1e-12);
    // More dice never hurt: each extra attack die raises the attacker's chance.
    for d in 1..=4 {
        for a in 1..4 {
            assert!(odds(Dice(a + 1), Dice(d)).p_attacker() > odds(Dice(a), Dice(d)).p_attacker());
        }
    }
    // Dice beyond four are not rolled.
    assert_eq!(odds(Dice(6), Dice(1)), odds(Dice(4), Dice(1)));
}

// ---- Dice counts ----

/// Red's Invader on the road at Encamp; Blue's base, a fortification, at Canillo 1,500 m away,
/// with a Guard inside; Red's base far off in Pas de la Casa.
fn invader_v_fort(seed: u64) -> Scenario {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), seed);
    sc.settlement(RED, PlaceId(5), true, true);
    let fort = sc.settlement(BLUE, PlaceId(3), true, true);
    sc.unit(RED, UnitType::Invader, road(&board, 2));
    sc.unit(BLUE, UnitType::Guard, Location::Settlement(fort));
    sc.turn(RED, Phase::Attack, 1);
    sc
}

#[test]
fn an_invader_rolls_two_against_a_guard_in_a_fortification_rolling_four() {
    let board = valley();
    let mut state = invader_v_fort(3).build(&board).unwrap();
    let guard = UnitId(1);
    assert_eq!(defence_bonus(&state, &board, guard), Dice(2));
    assert_eq!(defence_dice(&state, &board, guard), Dice(4));
    let events = execute(&mut state, &board, &attack(UnitId(0), Target::Unit(guard))).unwrap();
    let Event::CombatRolled {
        attack, defence, ..
    } = rolled(&events)
    else {
        unreachable!()
    };
    assert_eq!((attack.len(), defence.len()), (2, 4));
}

#[test]
fn a_basic_settlement_gives_one_defence_die() {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 0);
    let basic = sc.settlement(BLUE, PlaceId(3), false, false);
    let scout = sc.unit(BLUE, UnitType::Scout, Location::Settlement(basic));
    let outside = sc.unit(BLUE, UnitType::Scout, road(&board, 2));
    let state = sc.build(&board).unwrap();
    assert_eq!(defence_dice(&state, &board, scout), Dice(2));
    assert_eq!(defence_dice(&state, &board, outside), Dice(1));
}

// ---- Outcomes ----

/// Red's Invader at Encamp against Blue's lone Guard on the road at Canillo; Blue holds the 7
/// of hearts.
fn invader_v_guard(seed: u64) -> Scenario {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), seed);
    sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(BLUE, PlaceId(5), true, true);
    sc.unit(RED, UnitType::Invader, road(&board, 2));
    sc.unit(BLUE, UnitType::Guard, road(&board, 3));
    sc.hand(BLUE, &cards("7H"));
    sc.turn(RED, Phase::Attack, 1);
    sc
}

#[test]
fn a_winning_attacker_destroys_the_defender_and_steals_a_card() {
    let board = valley();
    let (invader, guard) = (UnitId(0), UnitId(1));
    let cmd = attack(invader, Target::Unit(guard));
    let (before, events) = first_seed_with(Outcome::AttackerWins, &board, invader_v_guard, &cmd);
    let seven = in_hand(&before, BLUE, "7H")[0];
    assert_eq!(
        events,
        vec![
            Event::AttackDeclared {
                unit: invader,
                target: Target::Unit(guard)
            },
            rolled(&events),
            Event::UnitDestroyed {
                unit: guard,
                cause: Loss::Combat
            },
            Event::CardStolen {
                from: BLUE,
                to: RED,
                card: seven
            },
        ]
    );
}

#[test]
fn a_winning_defender_destroys_the_attacker_and_steals_nothing() {
    let board = valley();
    let (invader, guard) = (UnitId(0), UnitId(1));
    let cmd = attack(invader, Target::Unit(guard));
    let (_, events) = first_seed_with(Outcome::DefenderWins, &board, invader_v_guard, &cmd);
    assert_eq!(
        events,
        vec![
            Event::AttackDeclared {
                unit: invader,
                target: Target::Unit(guard)
            },
            rolled(&events),
            Event::UnitDestroyed {
                unit: invader,
                cause: Loss::Combat
            },
        ]
    );
}

#[test]
fn a_stand_off_leaves_both_and_the_attacker_has_had_its_attack() {
    let board = valley();
    let (invader, guard) = (UnitId(0), UnitId(1));
    let cmd = attack(invader, Target::Unit(guard));
    let (mut state, events) = first_seed_with(Outcome::StandOff, &board, invader_v_guard, &cmd);
    assert_eq!(events.len(), 2, "{events:?}");
    let Event::CombatRolled {
        attack, defence, ..
    } = &events[1]
    else {
        unreachable!()
    };
    assert_eq!(attack.iter().max(), defence.iter().max());
    execute(&mut state, &board, &cmd).unwrap();
    assert!(state.unit(invader).is_some() && state.unit(guard).is_some());
    assert_eq!(
        execute(&mut state, &board, &cmd).unwrap_err().to_string(),
        "Your Invader has already attacked this turn."
    );
}

#[test]
fn nothing_is_stolen_from_an_empty_hand() {
    let board = valley();
    let cmd = attack(UnitId(0), Target::Unit(UnitId(1)));
    let empty_handed = |seed| {
        let mut sc = Scenario::new(setup(&["Red", "Blue"]), seed);
        let board = valley();
        sc.settlement(RED, PlaceId(0), true, true);
        sc.settlement(BLUE, PlaceId(5), true, true);
        sc.unit(RED, UnitType::Invader, road(&board, 2));
        sc.unit(BLUE, UnitType::Guard, road(&board, 3));
        sc.turn(RED, Phase::Attack, 1);
        sc
    };
    let (_, events) = first_seed_with(Outcome::AttackerWins, &board, empty_handed, &cmd);
    assert!(!events.iter().any(|e| matches!(e, Event::CardStolen { .. })));
    assert_eq!(events.len(), 3);
}

// ---- Who defends a stack ----

#[test]
fn the_strongest_unit_of_a_stack_defends() {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 5);
    sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(BLUE, PlaceId(5), true, true);
    let invader = sc.unit(RED, UnitType::Invader, road(&board, 2));
    let scout = sc.unit(BLUE, UnitType::Scout, road(&board, 3));
    let guard = sc.unit(BLUE, UnitType::Guard, road(&board, 3));
    let guard2 = sc.unit(BLUE, UnitType::Guard, road(&board, 3));
    sc.turn(RED, Phase::Attack, 1);
    let mut state = sc.build(&board).unwrap();
    assert_eq!(
        strongest(&state, &board, &[scout, guard, guard2]),
        vec![guard, guard2]
    );
    // Two Guards are the same coin: no need to ask which; the first one defends.
    let events = execute(&mut state, &board, &attack(invader, Target::Unit(scout))).unwrap();
    let Event::CombatRolled { defender, .. } = rolled(&events) else {
        unreachable!()
    };
    assert_eq!(defender, guard);
}

#[test]
fn equally_strong_units_of_different_types_are_chosen_by_the_defender() {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 5);
    sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(BLUE, PlaceId(5), true, true);
    let invader = sc.unit(RED, UnitType::Invader, road(&board, 2));
    let scout = sc.unit(BLUE, UnitType::Scout, road(&board, 3));
    let blue_invader = sc.unit(BLUE, UnitType::Invader, road(&board, 3));
    let far = sc.unit(BLUE, UnitType::Guard, road(&board, 6));
    sc.turn(RED, Phase::Attack, 1);
    let mut state = sc.build(&board).unwrap();
    let events = execute(&mut state, &board, &attack(invader, Target::Unit(scout))).unwrap();
    assert_eq!(
        events,
        vec![
            Event::AttackDeclared {
                unit: invader,
                target: Target::Unit(scout)
            },
            Event::DecisionRequired {
                pending: Pending::Defender {
                    player: BLUE,
                    attacker: invader,
                    candidates: vec![scout, blue_invader],
                    battle: None,
                }
            },
        ]
    );
    assert_eq!(state.actor(), BLUE);
    assert_eq!(
        execute(&mut state, &board, &Command::EndTurn(EndTurn))
            .unwrap_err()
            .to_string(),
        "The game is waiting for Blue to choose which unit defends."
    );
    assert_eq!(
        execute(
            &mut state,
            &board,
            &Command::ChooseDefender(ChooseDefender { unit: far })
        )
        .unwrap_err()
        .to_string(),
        "Choose one of the units offered."
    );
    let events = execute(
        &mut state,
        &board,
        &Command::ChooseDefender(ChooseDefender { unit: blue_invader }),
    )
    .unwrap();
    assert_eq!(events[0], Event::DecisionMade);
    let Event::CombatRolled {
        attacker, defender, ..
    } = &events[1]
    else {
        panic!("{events:?}")
    };
    assert_eq!((*attacker, *defender), (invader, blue_invader));
    assert_eq!(state.actor(), RED);
}

// ---- Capture ----

/// Blue's basic settlement at Canillo held by one Scout; Blue's base in Pas de la Casa.
fn last_defender(seed: u64) -> Scenario {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), seed);
    sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(BLUE, PlaceId(5), true, true);
    let canillo = sc.settlement(BLUE, PlaceId(3), false, false);
    sc.unit(RED, UnitType::Invader, road(&board, 2));
    sc.unit(BLUE, UnitType::Scout, Location::Settlement(canillo));
    sc.turn(RED, Phase::Attack, 1);
    sc
}

#[test]
fn destroying_the_last_defender_captures_the_settlement() {
    let board = valley();
    let (invader, scout, canillo) = (UnitId(0), UnitId(1), SettlementId(2));
    let cmd = attack(invader, Target::Settlement(canillo));
    let (before, events) = first_seed_with(Outcome::AttackerWins, &board, last_defender, &cmd);
    assert_eq!(
        events,
        vec![
            Event::AttackDeclared {
                unit: invader,
                target: Target::Settlement(canillo)
            },
            rolled(&events),
            Event::UnitDestroyed {
                unit: scout,
                cause: Loss::Combat
            },
            Event::SettlementCaptured {
                settlement: canillo,
                from: BLUE,
                to: RED,
                was_fort: false,
                was_base: false
            },
            Event::UnitEntered {
                unit: invader,
                settlement: canillo
            },
        ]
    );
    let mut state = before;
    execute(&mut state, &board, &cmd).unwrap();
    assert_eq!(state.settlement(canillo).unwrap().owner(), RED);
    assert_eq!(
        state.unit(invader).unwrap().at(),
        Location::Settlement(canillo)
    );
}

#[test]
fn a_settlement_with_defenders_left_is_not_captured() {
    let board = valley();
    let cmd = attack(UnitId(0), Target::Settlement(SettlementId(2)));
    let two_scouts = |seed| {
        let mut sc = last_defender(seed);
        sc.unit(BLUE, UnitType::Scout, Location::Settlement(SettlementId(2)));
        sc
    };
    let (_, events) = first_seed_with(Outcome::AttackerWins, &board, two_scouts, &cmd);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::SettlementCaptured { .. })));
    assert_eq!(events.len(), 3);
}

#[test]
fn an_empty_fortification_is_taken_without_dice_and_reduced() {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 0);
    sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(BLUE, PlaceId(5), true, true);
    let fort = sc.settlement(BLUE, PlaceId(3), true, false);
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 2));
    sc.unit(BLUE, UnitType::Guard, road(&board, 6));
    sc.turn(RED, Phase::Attack, 1);
    let mut state = sc.build(&board).unwrap();
    let events = execute(&mut state, &board, &attack(scout, Target::Settlement(fort))).unwrap();
    assert_eq!(
        events,
        vec![
            Event::AttackDeclared {
                unit: scout,
                target: Target::Settlement(fort)
            },
            Event::SettlementCaptured {
                settlement: fort,
                from: BLUE,
                to: RED,
                was_fort: true,
                was_base: false
            },
            Event::UnitEntered {
                unit: scout,
                settlement: fort
            },
        ]
    );
    assert!(!state.settlement(fort).unwrap().is_fort());
    assert_eq!(state.points(RED), Points(3));
}

// ---- Refusals ----

#[test]
fn attacks_need_the_attack_phase_an_enemy_and_reach() {
    let board = valley();
    let mut sc = invader_v_guard(0);
    let own = sc.unit(RED, UnitType::Guard, road(&board, 3));
    let far = sc.unit(BLUE, UnitType::Scout, road(&board, 5));
    let state = sc.build(&board).unwrap();
    let try_it = |state: &State, target| check(state, &board, &attack(UnitId(0), target));
    assert_eq!(
        try_it(&state, Target::Unit(own)).unwrap_err().to_string(),
        "That Guard is yours: you can only attack an enemy."
    );
    assert_eq!(
        try_it(&state, Target::Unit(far)).unwrap_err().to_string(),
        "The target is more than a card's breadth away."
    );
    assert_eq!(
        try_it(&state, Target::Settlement(SettlementId(0)))
            .unwrap_err()
            .to_string(),
        "Andorra la Vella is yours: you can only attack an enemy."
    );
    let mut main = invader_v_guard(0);
    main.turn(RED, Phase::Main, 1);
    let state = main.build(&board).unwrap();
    assert_eq!(
        try_it(&state, Target::Unit(UnitId(1)))
            .unwrap_err()
            .to_string(),
        "You can't attack during the main phase."
    );
}
