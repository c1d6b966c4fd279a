//! Building with cards (RULINGS §7): settlements and fortifications from spades, units from
//! clubs, with the Creation Total and food. Each rule has a case that works and a case that is
//! refused with the player's message.

use omms::map::{PlaceId, PlaceKind};
use omms::rules::testkit::{cards, in_hand, valley};
use omms::rules::*;

mod common;
use common::*;

// ---- Spades: settlements ----

#[test]
fn spades_build_a_settlement_under_a_unit_and_it_moves_in() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 2));
    sc.hand(RED, &cards("10S 5S 7H"));
    let mut state = sc.build(&board).unwrap();
    let spent = in_hand(&state, RED, "10S 5S");
    let cmd = Command::BuildSettlement(BuildSettlement {
        cards: spent.clone(),
        unit: scout,
    });
    let events = execute(&mut state, &board, &cmd).unwrap();
    assert_eq!(
        events,
        vec![
            Event::CardsSpent {
                player: RED,
                cards: spent
            },
            Event::SettlementBuilt {
                player: RED,
                settlement: SettlementId(2),
                place: PlaceId(2),
                name: "Encamp".into(),
                kind: PlaceKind::Town,
                pos: board.pos(PlaceId(2)),
            },
            Event::UnitEntered {
                unit: scout,
                settlement: SettlementId(2)
            },
        ]
    );
    assert_eq!(state.points(RED), Points(3));
    assert_eq!(state.upkeep(RED), Food(3));
    assert_eq!(state.player(RED).hand().len(), 1);
    assert_eq!(state.discard().len(), 2);
}

#[test]
fn spades_short_of_the_creation_total_are_refused() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 2));
    sc.hand(RED, &cards("6S 5S 9D 3D"));
    let state = sc.build(&board).unwrap();
    let build = |codes: &str| {
        Command::BuildSettlement(BuildSettlement {
            cards: in_hand(&state, RED, codes),
            unit: scout,
        })
    };
    assert_eq!(
        refusal(&state, &board, build("6S 5S")),
        "You need 15 in spades; you have 11."
    );
    // A diamond counts half its value, rounded down: 6 + 5 + 1 = 12.
    assert_eq!(
        refusal(&state, &board, build("6S 5S 3D")),
        "You need 15 in spades; you have 12."
    );
    // 6 + 5 + 4 = 15 reaches it.
    assert!(check(&state, &board, &build("6S 5S 9D")).is_ok());
}

#[test]
fn value_above_the_creation_total_is_lost() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    sc.hand(RED, &cards("10H 9H"));
    let mut state = sc.build(&board).unwrap();
    let all = in_hand(&state, RED, "10H 9H");
    let events = execute(
        &mut state,
        &board,
        &Command::GrowFood(GrowFood { cards: all.clone() }),
    )
    .unwrap();
    assert_eq!(
        events,
        vec![
            Event::CardsSpent {
                player: RED,
                cards: all
            },
            Event::FoodGained {
                player: RED,
                amount: Food(1)
            },
        ]
    );
    assert_eq!(state.player(RED).food(), Food(4));
    assert!(state.player(RED).hand().is_empty());
}

#[test]
fn a_bigger_empire_builds_cheaper() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    sc.settlement(RED, PlaceId(8), true, false);
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 3));
    sc.hand(RED, &cards("10S 4S 3S")).food(RED, 5);
    let state = sc.build(&board).unwrap();
    assert_eq!(state.points(RED), Points(4));
    assert_eq!(state.creation_total(RED), 14);
    let build = |codes: &str| {
        Command::BuildSettlement(BuildSettlement {
            cards: in_hand(&state, RED, codes),
            unit: scout,
        })
    };
    assert!(check(&state, &board, &build("10S 4S")).is_ok());
    assert_eq!(
        refusal(&state, &board, build("10S 3S")),
        "You need 14 in spades; you have 13."
    );
}

#[test]
fn a_settlement_needs_the_food_to_support_it() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 2));
    sc.hand(RED, &cards("10S 5S")).food(RED, 2);
    let state = sc.build(&board).unwrap();
    let cmd = Command::BuildSettlement(BuildSettlement {
        cards: in_hand(&state, RED, "10S 5S"),
        unit: scout,
    });
    assert_eq!(
        refusal(&state, &board, cmd),
        "You need 3 food to support it; you have 2."
    );
}

#[test]
fn settlements_keep_a_10p_coins_width_apart() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    // Escaldes lies 400 m from Andorra la Vella; the 10p coin is 612.5 m wide at 1:25,000.
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 1));
    sc.hand(RED, &cards("10S 5S"));
    let state = sc.build(&board).unwrap();
    let cmd = Command::BuildSettlement(BuildSettlement {
        cards: in_hand(&state, RED, "10S 5S"),
        unit: scout,
    });
    assert_eq!(
        refusal(&state, &board, cmd),
        "Escaldes is too close to Red's Andorra la Vella: settlements must be at least a 10p coin's width apart."
    );
}

#[test]
fn settlements_go_only_on_playable_unbuilt_places() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    let off_map = sc.unit(RED, UnitType::Scout, road(&board, 7));
    let nowhere = sc.unit(
        RED,
        UnitType::Guard,
        Location::Road(MapPoint::from_m([700.0, 700.0])),
    );
    let inside = sc.unit(RED, UnitType::Guard, Location::Settlement(SettlementId(0)));
    sc.hand(RED, &cards("10S 5S"));
    let state = sc.build(&board).unwrap();
    let build = |unit| {
        Command::BuildSettlement(BuildSettlement {
            cards: in_hand(&state, RED, "10S 5S"),
            unit,
        })
    };
    assert_eq!(
        refusal(&state, &board, build(off_map)),
        "Arinsal is not on a major road, so nothing can be built there."
    );
    assert_eq!(
        refusal(&state, &board, build(nowhere)),
        "Your Guard is not standing on a town, city, village or suburb."
    );
    assert_eq!(
        refusal(&state, &board, build(inside)),
        "Andorra la Vella already has a settlement."
    );
}

// ---- Spades: fortifications ----

#[test]
fn spades_fortify_an_occupied_basic_settlement() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    let encamp = sc.settlement(RED, PlaceId(2), false, false);
    sc.unit(RED, UnitType::Guard, Location::Settlement(encamp));
    sc.hand(RED, &cards("8S 7S")).food(RED, 4);
    let mut state = sc.build(&board).unwrap();
    let spent = in_hand(&state, RED, "8S 7S");
    let events = execute(
        &mut state,
        &board,
        &Command::Fortify(Fortify {
            cards: spent.clone(),
            settlement: encamp,
        }),
    )
    .unwrap();
    assert_eq!(
        events,
        vec![
            Event::CardsSpent {
                player: RED,
                cards: spent
            },
            Event::Fortified { settlement: encamp },
        ]
    );
    assert_eq!(state.upkeep(RED), Food(4));
    assert_eq!(state.points(RED), Points(4));
}

#[test]
fn fortifying_needs_a_unit_inside_and_the_food() {
    let board = valley();
    let (mut sc, red_base, _) = two_bases();
    let empty = sc.settlement(RED, PlaceId(2), false, false);
    let held = sc.settlement(RED, PlaceId(3), false, false);
    sc.unit(RED, UnitType::Guard, Location::Settlement(held));
    sc.hand(RED, &cards("8S 7S"));
    let state = sc.build(&board).unwrap();
    let fortify = |settlement| {
        Command::Fortify(Fortify {
            cards: in_hand(&state, RED, "8S 7S"),
            settlement,
        })
    };
    assert_eq!(
        refusal(&state, &board, fortify(empty)),
        "None of your units is in Encamp; only an occupied settlement can be fortified."
    );
    // Upkeep now 2 + 1 + 1 = 4 > 3 food already; fortifying would need 5.
    assert_eq!(
        refusal(&state, &board, fortify(held)),
        "You need 5 food to support it; you have 3."
    );
    assert_eq!(
        refusal(&state, &board, fortify(red_base)),
        "Andorra la Vella is already a fortification."
    );
}

// ---- Clubs ----

#[test]
fn clubs_raise_a_unit_of_choice_in_a_town_city_or_suburb() {
    let board = valley();
    let (mut sc, red_base, _) = two_bases();
    let suburb = sc.settlement(RED, PlaceId(1), false, false);
    sc.hand(RED, &cards("9C 6C 10C 5C"));
    let mut state = sc.build(&board).unwrap();
    let spent = in_hand(&state, RED, "9C 6C");
    let events = execute(
        &mut state,
        &board,
        &Command::RaiseUnit(RaiseUnit {
            cards: spent.clone(),
            kind: UnitType::Invader,
            settlement: red_base,
        }),
    )
    .unwrap();
    assert_eq!(
        events,
        vec![
            Event::CardsSpent {
                player: RED,
                cards: spent
            },
            Event::UnitPlaced {
                unit: UnitId(0),
                owner: RED,
                kind: UnitType::Invader,
                at: Location::Settlement(red_base),
                source: Recruit::Clubs,
            },
        ]
    );
    let in_suburb = Command::RaiseUnit(RaiseUnit {
        cards: in_hand(&state, RED, "10C 5C"),
        kind: UnitType::Scout,
        settlement: suburb,
    });
    assert!(check(&state, &board, &in_suburb).is_ok());
}

#[test]
fn clubs_do_not_raise_in_villages_or_raise_tanks() {
    let board = valley();
    let (mut sc, red_base, blue_base) = two_bases();
    let village = sc.settlement(RED, PlaceId(3), false, false);
    sc.hand(RED, &cards("9C 6C"));
    let state = sc.build(&board).unwrap();
    let raise = |kind, settlement| {
        Command::RaiseUnit(RaiseUnit {
            cards: in_hand(&state, RED, "9C 6C"),
            kind,
            settlement,
        })
    };
    assert_eq!(
        refusal(&state, &board, raise(UnitType::Guard, village)),
        "Clubs raise units only in a town or city; Canillo is a village."
    );
    assert_eq!(
        refusal(&state, &board, raise(UnitType::Tank, red_base)),
        "Clubs raise a Scout, Guard or Invader, not a Tank."
    );
    assert_eq!(
        refusal(&state, &board, raise(UnitType::Guard, blue_base)),
        "Pas de la Casa is not your settlement."
    );
}
