//! Conquest (RULINGS §5, §8): losing the base, players knocked out, and the victory
//! conditions. Where dice matter, the test looks for the first seed giving the wanted outcome.

use omms::map::PlaceId;
use omms::rules::testkit::{cards, in_hand, setup, valley};
use omms::rules::*;

mod common;
use common::*;

// ---- Losing the base ----

/// Blue's empty base (a fortification) at Canillo, next to Red's Scout at Encamp; Blue also
/// holds Pas de la Casa and Soldeu and has 5 food.
fn base_raid(extra_blue: &[u32]) -> Scenario {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 0);
    sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(BLUE, PlaceId(3), true, true);
    for &place in extra_blue {
        sc.settlement(BLUE, PlaceId(place), false, false);
    }
    sc.unit(RED, UnitType::Scout, road(&board, 2));
    sc.food(BLUE, 5).hand(BLUE, &cards("4S"));
    sc.turn(RED, Phase::Attack, 1);
    sc
}

#[test]
fn losing_the_base_asks_for_a_new_one_then_surplus_food_goes() {
    let board = valley();
    let mut state = base_raid(&[5, 6]).build(&board).unwrap();
    let (blue_base, pas, soldeu) = (SettlementId(1), SettlementId(2), SettlementId(3));
    let events = execute(
        &mut state,
        &board,
        &attack(UnitId(0), Target::Settlement(blue_base)),
    )
    .unwrap();
    assert_eq!(
        events[1..],
        [
            Event::SettlementCaptured {
                settlement: blue_base,
                from: BLUE,
                to: RED,
                was_fort: true,
                was_base: true
            },
            Event::UnitEntered {
                unit: UnitId(0),
                settlement: blue_base
            },
            Event::DecisionRequired {
                pending: Pending::NewBase {
                    player: BLUE,
                    candidates: vec![pas, soldeu]
                }
            },
        ]
    );
    assert_eq!(state.player(BLUE).base(), None);
    assert_eq!(state.player(RED).bases_captured(), 1);
    assert_eq!(
        execute(
            &mut state,
            &board,
            &Command::ChooseBase(ChooseBase {
                settlement: blue_base
            })
        )
        .unwrap_err()
        .to_string(),
        "Choose one of your settlements."
    );
    let events = execute(
        &mut state,
        &board,
        &Command::ChooseBase(ChooseBase { settlement: soldeu }),
    )
    .unwrap();
    assert_eq!(
        events,
        vec![
            Event::DecisionMade,
            Event::BaseSet {
                player: BLUE,
                settlement: soldeu
            },
            // Two basic settlements need 2 food; the other 3 are discarded.
            Event::FoodDiscarded {
                player: BLUE,
                amount: Food(3)
            },
        ]
    );
    assert_eq!(state.player(BLUE).food(), Food(2));
    assert_eq!(state.actor(), RED);
}

#[test]
fn a_single_remaining_settlement_becomes_the_base_at_once() {
    let board = valley();
    let mut state = base_raid(&[5]).build(&board).unwrap();
    let events = execute(
        &mut state,
        &board,
        &attack(UnitId(0), Target::Settlement(SettlementId(1))),
    )
    .unwrap();
    assert_eq!(
        events[3..],
        [
            Event::BaseSet {
                player: BLUE,
                settlement: SettlementId(2)
            },
            Event::FoodDiscarded {
                player: BLUE,
                amount: Food(4)
            },
        ]
    );
}

#[test]
fn a_player_with_nothing_left_is_out_and_the_last_one_standing_wins() {
    let board = valley();
    let mut state = base_raid(&[]).build(&board).unwrap();
    let hand = state.player(BLUE).hand().to_vec();
    let events = execute(
        &mut state,
        &board,
        &attack(UnitId(0), Target::Settlement(SettlementId(1))),
    )
    .unwrap();
    assert_eq!(
        events[3..],
        [
            Event::FoodDiscarded {
                player: BLUE,
                amount: Food(5)
            },
            Event::PlayerOut {
                player: BLUE,
                discarded: hand
            },
            Event::Won { player: RED },
        ]
    );
    assert_eq!(state.phase(), Phase::Over);
    assert_eq!(
        execute(&mut state, &board, &Command::EndTurn(EndTurn))
            .unwrap_err()
            .to_string(),
        "The game is over: Red has won."
    );
}

#[test]
fn a_player_with_units_but_no_settlements_plays_on() {
    let board = valley();
    let mut sc = base_raid(&[]);
    sc.unit(BLUE, UnitType::Guard, road(&board, 6));
    let mut state = sc.build(&board).unwrap();
    let events = execute(
        &mut state,
        &board,
        &attack(UnitId(0), Target::Settlement(SettlementId(1))),
    )
    .unwrap();
    assert_eq!(events.len(), 4, "{events:?}");
    assert!(!state.player(BLUE).is_out());
    assert_eq!(state.winner(), None);
}

#[test]
fn a_player_without_settlements_makes_their_first_capture_their_base() {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 0);
    sc.settlement(BLUE, PlaceId(5), true, true);
    let canillo = sc.settlement(BLUE, PlaceId(3), false, false);
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 2));
    sc.turn(RED, Phase::Attack, 7);
    let mut state = sc.build(&board).unwrap();
    assert_eq!(state.player(RED).base(), None);
    let events = execute(
        &mut state,
        &board,
        &attack(scout, Target::Settlement(canillo)),
    )
    .unwrap();
    assert_eq!(
        events[3..],
        [Event::BaseSet {
            player: RED,
            settlement: canillo
        }]
    );
}

#[test]
fn with_three_players_one_is_knocked_out_and_play_goes_on() {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue", "Green"]), 0);
    sc.settlement(RED, PlaceId(0), true, true);
    let blue_base = sc.settlement(BLUE, PlaceId(3), true, true);
    sc.settlement(GREEN, PlaceId(5), true, true);
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 2));
    sc.turn(RED, Phase::Attack, 1);
    let mut state = sc.build(&board).unwrap();
    let events = execute(
        &mut state,
        &board,
        &attack(scout, Target::Settlement(blue_base)),
    )
    .unwrap();
    assert!(events.contains(&Event::PlayerOut {
        player: BLUE,
        discarded: vec![]
    }));
    assert_eq!(state.winner(), None);
    let events = execute(&mut state, &board, &Command::EndTurn(EndTurn)).unwrap();
    assert_eq!(
        events,
        vec![
            Event::TurnEnded { player: RED },
            Event::TurnStarted {
                player: GREEN,
                turn: 2
            },
        ]
    );
}

#[test]
fn a_player_knocked_out_in_their_own_turn_passes_it_on() {
    let board = valley();
    let cmd = attack(UnitId(0), Target::Unit(UnitId(1)));
    let build = |seed| {
        let board = valley();
        let mut sc = Scenario::new(setup(&["Red", "Blue", "Green"]), seed);
        sc.settlement(BLUE, PlaceId(5), true, true);
        sc.settlement(GREEN, PlaceId(8), true, true);
        sc.unit(RED, UnitType::Scout, road(&board, 2));
        sc.unit(BLUE, UnitType::Guard, road(&board, 3));
        sc.turn(RED, Phase::Attack, 4);
        sc
    };
    let (_, events) = first_seed_with(Outcome::DefenderWins, &board, build, &cmd);
    assert_eq!(
        events[2..],
        [
            Event::UnitDestroyed {
                unit: UnitId(0),
                cause: Loss::Combat
            },
            Event::PlayerOut {
                player: RED,
                discarded: vec![]
            },
            Event::TurnEnded { player: RED },
            Event::TurnStarted {
                player: BLUE,
                turn: 5
            },
        ]
    );
}

// ---- Victory options ----

#[test]
fn first_to_the_settlement_points_target_wins() {
    let board = valley();
    let mut points = setup(&["Red", "Blue"]);
    points.options.victory = Victory::SettlementPoints(4);
    let mut sc = Scenario::new(points, 0);
    sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(RED, PlaceId(3), false, false);
    sc.settlement(BLUE, PlaceId(5), true, true);
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 8));
    sc.hand(RED, &cards("10S 4S")).food(RED, 4);
    let mut state = sc.build(&board).unwrap();
    assert_eq!(state.creation_total(RED), 15);
    let mut short = state.clone();
    let cmd = Command::BuildSettlement(BuildSettlement {
        cards: in_hand(&state, RED, "10S 4S"),
        unit: scout,
    });
    assert_eq!(
        execute(&mut short, &board, &cmd).unwrap_err().to_string(),
        "You need 15 in spades; you have 14."
    );
    sc.hand(RED, &cards("AS"));
    state = sc.build(&board).unwrap();
    let cmd = Command::BuildSettlement(BuildSettlement {
        cards: in_hand(&state, RED, "10S 4S AS"),
        unit: scout,
    });
    let events = execute(&mut state, &board, &cmd).unwrap();
    assert_eq!(events.last(), Some(&Event::Won { player: RED }));
}

#[test]
fn first_to_capture_the_bases_target_wins() {
    let board = valley();
    let mut bases = setup(&["Red", "Blue"]);
    bases.options.victory = Victory::CapturedBases(1);
    let mut sc = Scenario::new(bases, 0);
    sc.settlement(RED, PlaceId(0), true, true);
    let blue_base = sc.settlement(BLUE, PlaceId(3), true, true);
    sc.settlement(BLUE, PlaceId(5), false, false);
    sc.settlement(BLUE, PlaceId(6), false, false);
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 2));
    sc.turn(RED, Phase::Attack, 1);
    let mut state = sc.build(&board).unwrap();
    let events = execute(
        &mut state,
        &board,
        &attack(scout, Target::Settlement(blue_base)),
    )
    .unwrap();
    assert_eq!(events.last(), Some(&Event::Won { player: RED }));
    // The game is over, so Blue is not asked for a new base.
    assert!(state.pending().is_empty());
}
