//! Card play (RULINGS §7): how sets add up, hearts for food, diamonds (swap, attack dice),
//! royal cards and Aces, trades, and refilling the pile. Each rule has a case that works and a
//! case that is refused with the player's message.

use omms::map::PlaceId;
use omms::rules::testkit::{card, cards, in_hand, setup, valley};
use omms::rules::*;

mod common;
use common::*;

// ---- Hearts and set rules ----

#[test]
fn sets_are_one_suit_plus_diamonds_and_never_royal() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    sc.hand(RED, &cards("9H KH 7C 10D 10D 8D 6H"));
    let state = sc.build(&board).unwrap();
    let grow = |codes: &str| {
        Command::GrowFood(GrowFood {
            cards: in_hand(&state, RED, codes),
        })
    };
    assert_eq!(
        refusal(&state, &board, grow("9H KH")),
        "The King of hearts is a royal card: play it for a unit instead."
    );
    assert_eq!(
        refusal(&state, &board, grow("9H 7C")),
        "The 7 of clubs doesn't count towards hearts."
    );
    assert_eq!(
        refusal(&state, &board, grow("10D 10D 8D")),
        "A set of hearts needs at least one card of hearts; diamonds only help."
    );
    assert_eq!(
        refusal(&state, &board, grow("")),
        "Choose the cards to spend."
    );
    let twice = in_hand(&state, RED, "9H");
    assert_eq!(
        refusal(
            &state,
            &board,
            Command::GrowFood(GrowFood {
                cards: vec![twice[0], twice[0]]
            })
        ),
        "The 9 of hearts is listed twice."
    );
    // 9 + 6 = 15.
    assert!(check(&state, &board, &grow("9H 6H")).is_ok());
}

#[test]
fn cards_not_in_hand_cannot_be_spent() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    sc.hand(RED, &cards("9H")).hand(BLUE, &cards("6H"));
    let state = sc.build(&board).unwrap();
    let mut ids = in_hand(&state, RED, "9H");
    ids.extend(in_hand(&state, BLUE, "6H"));
    assert_eq!(
        refusal(&state, &board, Command::GrowFood(GrowFood { cards: ids })),
        "The 6 of hearts is not in your hand."
    );
}

// ---- Diamonds ----

#[test]
fn a_diamond_and_a_plain_card_swap_for_two_new_cards() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    sc.hand(RED, &cards("3D 4C")).pile_top(&cards("JH 2S 5C"));
    let mut state = sc.build(&board).unwrap();
    let [diamond, other] = in_hand(&state, RED, "3D 4C")[..] else {
        unreachable!()
    };
    let events = execute(
        &mut state,
        &board,
        &Command::SwapDiamond(SwapDiamond { diamond, other }),
    )
    .unwrap();
    let top: Vec<CardId> = state.player(RED).hand().to_vec();
    assert_eq!(
        events,
        vec![
            Event::CardsSpent {
                player: RED,
                cards: vec![diamond, other]
            },
            Event::CardsDrawn {
                player: RED,
                cards: top.clone()
            },
        ]
    );
    let drawn: Vec<Card> = top.iter().map(|c| Card::from_id(*c)).collect();
    assert_eq!(drawn, cards("JH 2S"));
}

#[test]
fn the_swap_needs_a_plain_diamond_and_a_plain_other_card() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    sc.hand(RED, &cards("3D 4C QH 5D"));
    let state = sc.build(&board).unwrap();
    let swap = |codes: &str| {
        let ids = in_hand(&state, RED, codes);
        Command::SwapDiamond(SwapDiamond {
            diamond: ids[0],
            other: ids[1],
        })
    };
    assert_eq!(
        refusal(&state, &board, swap("3D QH")),
        "The Queen of hearts can't be swapped: it must be a heart, club or spade of 10 or less."
    );
    assert_eq!(
        refusal(&state, &board, swap("3D 5D")),
        "The 5 of diamonds can't be swapped: it must be a heart, club or spade of 10 or less."
    );
    assert_eq!(
        refusal(&state, &board, swap("4C 3D")),
        "The 4 of clubs is not a diamond of 10 or less."
    );
}

#[test]
fn an_empty_pile_is_refilled_from_the_shuffled_discard_pile() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    sc.hand(RED, &cards("3D 4C")).pile_exactly(&cards("5H"));
    let mut state = sc.build(&board).unwrap();
    let discarded_before = state.discard().len();
    let ids = in_hand(&state, RED, "3D 4C");
    let events = execute(
        &mut state,
        &board,
        &Command::SwapDiamond(SwapDiamond {
            diamond: ids[0],
            other: ids[1],
        }),
    )
    .unwrap();
    assert_eq!(events.len(), 4, "{events:?}");
    let Event::CardsDrawn { cards: first, .. } = &events[1] else {
        panic!("{:?}", events[1])
    };
    assert_eq!(Card::from_id(first[0]), card("5H"));
    let Event::PileRefilled { cards: refill } = &events[2] else {
        panic!("{:?}", events[2])
    };
    // The two cards just spent are shuffled back in with the rest.
    assert_eq!(refill.len(), discarded_before + 2);
    assert!(ids.iter().all(|c| refill.contains(c)));
    let Event::CardsDrawn { cards: second, .. } = &events[3] else {
        panic!("{:?}", events[3])
    };
    assert_eq!(second, &vec![*refill.last().unwrap()]);
    assert!(state.discard().is_empty());
    assert_eq!(state.card_count(), 108);
}

#[test]
fn diamonds_buy_attack_dice_up_to_four() {
    let board = valley();
    let (mut sc, red_base, _) = two_bases();
    let invader = sc.unit(RED, UnitType::Invader, Location::Settlement(red_base));
    let tank = sc.unit(RED, UnitType::Tank, Location::Settlement(red_base));
    sc.hand(RED, &cards("10D 5D 9D 6D 8D 7D"));
    let mut state = sc.build(&board).unwrap();
    for codes in ["10D 5D", "9D 6D"] {
        let spent = in_hand(&state, RED, codes);
        let events = execute(
            &mut state,
            &board,
            &Command::BuyAttackDie(BuyAttackDie {
                cards: spent.clone(),
                unit: invader,
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
                Event::AttackDieBought { unit: invader },
            ]
        );
    }
    assert_eq!(state.unit(invader).unwrap().attack_dice(), Dice(4));
    let more = |unit| {
        Command::BuyAttackDie(BuyAttackDie {
            cards: in_hand(&state, RED, "8D 7D"),
            unit,
        })
    };
    assert_eq!(
        refusal(&state, &board, more(invader)),
        "Your Invader already rolls 4 dice, the most there are."
    );
    // A Tank rolls 3, so it can take one.
    assert!(check(&state, &board, &more(tank)).is_ok());
}

#[test]
fn attack_dice_are_bought_with_diamonds_only_at_full_value() {
    let board = valley();
    let (mut sc, red_base, _) = two_bases();
    let guard = sc.unit(RED, UnitType::Guard, Location::Settlement(red_base));
    sc.hand(RED, &cards("10D 4D 9S"));
    let state = sc.build(&board).unwrap();
    let buy = |codes: &str| {
        Command::BuyAttackDie(BuyAttackDie {
            cards: in_hand(&state, RED, codes),
            unit: guard,
        })
    };
    assert_eq!(
        refusal(&state, &board, buy("10D 4D")),
        "You need 15 in diamonds; you have 14."
    );
    assert_eq!(
        refusal(&state, &board, buy("10D 9S")),
        "The 9 of spades doesn't count towards diamonds."
    );
}

// ---- Royal cards and Aces ----

#[test]
fn royal_cards_place_their_unit_in_any_own_settlement() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    let village = sc.settlement(RED, PlaceId(3), false, false);
    sc.hand(RED, &cards("JS QD KH"));
    let mut state = sc.build(&board).unwrap();
    for (code, kind) in [
        ("JS", UnitType::Scout),
        ("QD", UnitType::Guard),
        ("KH", UnitType::Invader),
    ] {
        let card = in_hand(&state, RED, code)[0];
        let unit = state.next_unit_id();
        let events = execute(
            &mut state,
            &board,
            &Command::PlayRoyal(PlayRoyal {
                card,
                settlement: village,
            }),
        )
        .unwrap();
        assert_eq!(
            events,
            vec![
                Event::CardsSpent {
                    player: RED,
                    cards: vec![card]
                },
                Event::UnitPlaced {
                    unit,
                    owner: RED,
                    kind,
                    at: Location::Settlement(village),
                    source: Recruit::Royal,
                },
            ]
        );
    }
    assert_eq!(state.defenders(village).len(), 3);
}

#[test]
fn only_royal_cards_place_units_and_only_at_home() {
    let board = valley();
    let (mut sc, red_base, blue_base) = two_bases();
    sc.hand(RED, &cards("7H QS"));
    let state = sc.build(&board).unwrap();
    let play = |code: &str, settlement| {
        Command::PlayRoyal(PlayRoyal {
            card: in_hand(&state, RED, code)[0],
            settlement,
        })
    };
    assert_eq!(
        refusal(&state, &board, play("7H", red_base)),
        "The 7 of hearts is not a Jack, Queen or King."
    );
    assert_eq!(
        refusal(&state, &board, play("QS", blue_base)),
        "Pas de la Casa is not your settlement."
    );
}

#[test]
fn with_the_tanks_option_an_ace_places_a_tank_in_the_base() {
    let board = valley();
    let mut tanks = setup(&["Red", "Blue"]);
    tanks.options.tanks = true;
    let mut sc = Scenario::new(tanks, 1);
    let red_base = sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(RED, PlaceId(3), false, false);
    sc.settlement(BLUE, PlaceId(5), true, true);
    sc.hand(RED, &cards("AC 2C"));
    let mut state = sc.build(&board).unwrap();
    let ace = in_hand(&state, RED, "AC")[0];
    let events = execute(
        &mut state,
        &board,
        &Command::PlayTank(PlayTank { card: ace }),
    )
    .unwrap();
    assert_eq!(
        events,
        vec![
            Event::CardsSpent {
                player: RED,
                cards: vec![ace]
            },
            Event::UnitPlaced {
                unit: UnitId(0),
                owner: RED,
                kind: UnitType::Tank,
                at: Location::Settlement(red_base),
                source: Recruit::Ace,
            },
        ]
    );
    let two = in_hand(&state, RED, "2C")[0];
    assert_eq!(
        refusal(&state, &board, Command::PlayTank(PlayTank { card: two })),
        "The 2 of clubs is not an Ace."
    );
}

#[test]
fn without_the_tanks_option_aces_are_just_ones() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    sc.hand(RED, &cards("AC 10C 4C"));
    let state = sc.build(&board).unwrap();
    let ace = in_hand(&state, RED, "AC")[0];
    assert_eq!(
        refusal(&state, &board, Command::PlayTank(PlayTank { card: ace })),
        "Tanks are not part of this game."
    );
    let set = in_hand(&state, RED, "AC 10C 4C");
    let raise = Command::RaiseUnit(RaiseUnit {
        cards: set,
        kind: UnitType::Guard,
        settlement: SettlementId(0),
    });
    assert!(check(&state, &board, &raise).is_ok());
}

// ---- Trades ----

#[test]
fn a_trade_waits_for_the_other_player_and_swaps_on_acceptance() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    sc.hand(RED, &cards("7H 2C")).hand(BLUE, &cards("9S"));
    let mut state = sc.build(&board).unwrap();
    let give = in_hand(&state, RED, "7H 2C");
    let take = in_hand(&state, BLUE, "9S");
    let offer = ProposeTrade {
        with: BLUE,
        give: give.clone(),
        take: take.clone(),
    };
    let events = execute(&mut state, &board, &Command::ProposeTrade(offer)).unwrap();
    let pending = Pending::Trade {
        from: RED,
        with: BLUE,
        give: give.clone(),
        take: take.clone(),
    };
    assert_eq!(
        events,
        vec![
            Event::TradeProposed {
                from: RED,
                with: BLUE,
                give: give.clone(),
                take: take.clone()
            },
            Event::DecisionRequired {
                pending: pending.clone()
            },
        ]
    );
    assert_eq!(state.actor(), BLUE);
    assert_eq!(
        refusal(&state, &board, Command::EndTurn(EndTurn)),
        "The game is waiting for Blue to answer a trade."
    );
    let events = execute(
        &mut state,
        &board,
        &Command::RespondTrade(RespondTrade { accept: true }),
    )
    .unwrap();
    assert_eq!(
        events,
        vec![
            Event::DecisionMade,
            Event::TradeAccepted {
                from: RED,
                with: BLUE,
                give: give.clone(),
                take: take.clone()
            },
        ]
    );
    assert_eq!(state.player(RED).hand(), &take[..]);
    assert_eq!(state.player(BLUE).hand(), &give[..]);
    assert_eq!(state.actor(), RED);
}

#[test]
fn a_declined_trade_changes_nothing_and_bad_offers_are_refused() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    sc.hand(RED, &cards("7H")).hand(BLUE, &cards("9S"));
    let mut state = sc.build(&board).unwrap();
    let mine = in_hand(&state, RED, "7H");
    let theirs = in_hand(&state, BLUE, "9S");
    assert_eq!(
        refusal(
            &state,
            &board,
            Command::ProposeTrade(ProposeTrade {
                with: RED,
                give: mine.clone(),
                take: vec![]
            })
        ),
        "You can't trade with yourself."
    );
    // Asking for a card Blue does not hold is not refused (that would tell Red what Blue
    // holds): the offer stands, and Blue can only decline it.
    let probe = Command::ProposeTrade(ProposeTrade {
        with: BLUE,
        give: vec![],
        take: mine.clone(),
    });
    assert!(check(&state, &board, &probe).is_ok());
    let mut probed = state.clone();
    execute(&mut probed, &board, &probe).unwrap();
    assert_eq!(
        refusal(
            &probed,
            &board,
            Command::RespondTrade(RespondTrade { accept: true })
        ),
        "You do not hold the 7 of hearts asked for, so you can only refuse."
    );
    let legal = legal_commands(&probed, &board);
    assert_eq!(
        legal,
        [Command::RespondTrade(RespondTrade { accept: false })]
    );
    assert_eq!(
        execute(&mut probed, &board, &legal[0]).unwrap()[1],
        Event::TradeDeclined {
            from: RED,
            with: BLUE
        }
    );
    // A face asked for is answered by any copy of it: the first pack's 9 of spades names the
    // face, whichever pack Blue's copy came from.
    let nine = Card::from_id(theirs[0]).face_id().unwrap();
    let mut by_face = state.clone();
    let ask = Command::ProposeTrade(ProposeTrade {
        with: BLUE,
        give: mine.clone(),
        take: vec![nine],
    });
    execute(&mut by_face, &board, &ask).unwrap();
    let events = execute(
        &mut by_face,
        &board,
        &Command::RespondTrade(RespondTrade { accept: true }),
    )
    .unwrap();
    assert_eq!(
        events[1],
        Event::TradeAccepted {
            from: RED,
            with: BLUE,
            give: mine.clone(),
            take: theirs.clone()
        }
    );
    let offer = ProposeTrade {
        with: BLUE,
        give: mine.clone(),
        take: theirs.clone(),
    };
    execute(&mut state, &board, &Command::ProposeTrade(offer)).unwrap();
    let events = execute(
        &mut state,
        &board,
        &Command::RespondTrade(RespondTrade { accept: false }),
    )
    .unwrap();
    assert_eq!(
        events,
        vec![
            Event::DecisionMade,
            Event::TradeDeclined {
                from: RED,
                with: BLUE
            }
        ]
    );
    assert_eq!(state.player(RED).hand(), &mine[..]);
    assert_eq!(state.player(BLUE).hand(), &theirs[..]);
}

// ---- The cheapest set the legal-command list offers ----

#[test]
fn the_cheapest_set_wastes_least_then_uses_fewest_cards() {
    let board = valley();
    let (mut sc, _, _) = two_bases();
    sc.hand(RED, &cards("10S 9S 6S 5S 2D 8D"));
    let state = sc.build(&board).unwrap();
    let set: Vec<Card> = cheapest_set(&state, RED, Suit::Spades)
        .unwrap()
        .into_iter()
        .map(Card::from_id)
        .collect();
    let total: u32 = set
        .iter()
        .map(|c| c.worth_towards(Suit::Spades).unwrap())
        .sum();
    assert_eq!(total, 15);
    assert_eq!(set.len(), 2, "{set:?}");
    assert_eq!(cheapest_set(&state, RED, Suit::Hearts), None);
}
