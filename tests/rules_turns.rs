//! Setup, the turn's phases, moving, and the siege clock (RULINGS §4, §6, §8).

use omms::map::PlaceId;
use omms::rules::testkit::{cards, setup, valley, TableBoard};
use omms::rules::*;

mod common;
use common::*;

fn place_base(place: u32) -> Command {
    Command::PlaceBase(PlaceBase {
        place: PlaceId(place),
    })
}

// ---- Setup ----

#[test]
fn a_new_game_deals_five_cards_and_three_food_and_takes_the_jokers_out() {
    let state = State::new(&setup(&["Red", "Blue", "Green"]), 9).unwrap();
    assert_eq!(state.phase(), Phase::Setup);
    assert_eq!(state.out_of_play().len(), 6);
    assert!(state
        .out_of_play()
        .iter()
        .all(|c| Card::from_id(*c) == Card::Joker));
    for p in state.players() {
        assert_eq!(p.hand().len(), 5);
        assert_eq!(p.food(), Food(3));
        assert_eq!(p.base(), None);
    }
    assert_eq!(state.pile().len(), 3 * 54 - 6 - 15);
    assert_eq!(state.card_count(), 162);
    assert_eq!(state.units().count(), 0);
    // The same seed deals the same hands; another seed does not.
    assert_eq!(
        state,
        State::new(&setup(&["Red", "Blue", "Green"]), 9).unwrap()
    );
    assert_ne!(
        state.player(RED).hand(),
        State::new(&setup(&["Red", "Blue", "Green"]), 10)
            .unwrap()
            .player(RED)
            .hand()
    );
}

#[test]
fn bad_setups_are_refused() {
    assert_eq!(
        State::new(&setup(&["Solo"]), 0).unwrap_err().to_string(),
        "A game needs 2 to 8 players; this one has 1."
    );
    let mut same = setup(&["Red", "Blue"]);
    same.players[1].colour = "red".into();
    assert!(State::new(&same, 0).is_err());
    let mut zero = setup(&["Red", "Blue"]);
    zero.options.victory = Victory::SettlementPoints(0);
    assert!(State::new(&zero, 0).is_err());
}

#[test]
fn players_place_their_bases_in_turn_order_then_the_first_turn_begins() {
    let board = valley();
    let mut state = State::new(&setup(&["Red", "Blue"]), 1).unwrap();
    let events = execute(&mut state, &board, &place_base(0)).unwrap();
    assert_eq!(
        events,
        vec![
            Event::BasePlaced {
                player: RED,
                settlement: SettlementId(0),
                place: PlaceId(0),
                name: "Andorra la Vella".into(),
                kind: omms::map::PlaceKind::City,
                pos: board.pos(PlaceId(0)),
            },
            Event::SetupPassed { player: BLUE },
        ]
    );
    let events = execute(&mut state, &board, &place_base(3)).unwrap();
    assert_eq!(
        events[1..],
        [Event::TurnStarted {
            player: RED,
            turn: 1
        }]
    );
    assert_eq!(state.phase(), Phase::Draw);
    let base = state.settlement(SettlementId(1)).unwrap();
    assert!(base.is_fort());
    assert_eq!(state.player(BLUE).base(), Some(SettlementId(1)));
    assert_eq!(state.creation_total(BLUE), 15);
    assert_eq!(state.units().count(), 0);
}

#[test]
fn bases_go_on_playable_towns_cities_or_villages_away_from_other_bases() {
    let board = valley();
    let mut state = State::new(&setup(&["Red", "Blue"]), 1).unwrap();
    assert_eq!(
        refusal(&state, &board, place_base(1)),
        "A base must go in a town, city or village; Escaldes is a suburb."
    );
    assert_eq!(
        refusal(&state, &board, place_base(7)),
        "Arinsal is not on a major road, so nothing can be built there."
    );
    assert_eq!(
        refusal(&state, &board, place_base(99)),
        "There is no such place on this map."
    );
    assert_eq!(
        refusal(&state, &board, Command::Draw(Draw)),
        "Every player must place a base first."
    );
    execute(&mut state, &board, &place_base(0)).unwrap();
    assert_eq!(
        refusal(&state, &board, place_base(9)),
        "Santa Coloma is too close to Red's Andorra la Vella: settlements must be at least a 10p coin's width apart."
    );
    assert_eq!(
        refusal(&state, &board, place_base(0)),
        "Andorra la Vella already has a settlement."
    );
}

// ---- The turn ----

fn started(seed: u64, names: &[&str]) -> (TableBoard, State) {
    let board = valley();
    let mut state = State::new(&setup(names), seed).unwrap();
    for place in [0, 3, 5].iter().take(names.len()) {
        execute(&mut state, &board, &place_base(*place)).unwrap();
    }
    (board, state)
}

#[test]
fn the_draw_step_rolls_a_die_and_draws_that_many() {
    let (board, mut state) = started(4, &["Red", "Blue"]);
    let pile: Vec<CardId> = state.pile().to_vec();
    let events = execute(&mut state, &board, &Command::Draw(Draw)).unwrap();
    let Event::DrawRolled { player, value } = events[0] else {
        panic!("{events:?}")
    };
    assert_eq!(player, RED);
    assert!((1..=6).contains(&value));
    let expected: Vec<CardId> = pile
        .iter()
        .rev()
        .take(usize::from(value))
        .copied()
        .collect();
    assert_eq!(
        events[1..],
        [
            Event::CardsDrawn {
                player: RED,
                cards: expected
            },
            Event::PhaseChanged { phase: Phase::Main },
        ]
    );
    assert_eq!(state.player(RED).hand().len(), 5 + usize::from(value));
    assert_eq!(
        refusal(&state, &board, Command::Draw(Draw)),
        "You can't draw cards during the main phase."
    );
}

#[test]
fn with_pile_and_discard_both_empty_the_draw_comes_up_short() {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 0);
    sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(BLUE, PlaceId(5), true, true);
    // Every suited card of both packs in Red's hand: nothing left to draw or reshuffle.
    let everything: Vec<Card> = all_card_ids(2)
        .map(Card::from_id)
        .filter(|c| *c != Card::Joker)
        .collect();
    sc.hand(RED, &everything).pile_exactly(&[]);
    sc.turn(RED, Phase::Draw, 1);
    let mut state = sc.build(&board).unwrap();
    assert!(state.pile().is_empty() && state.discard().is_empty());
    let events = execute(&mut state, &board, &Command::Draw(Draw)).unwrap();
    assert!(matches!(events[0], Event::DrawRolled { .. }));
    assert_eq!(events[1..], [Event::PhaseChanged { phase: Phase::Main }]);
    assert_eq!(state.player(RED).hand().len(), 104);
}

#[test]
fn the_draw_one_option_draws_exactly_one() {
    let board = valley();
    let mut one = setup(&["Red", "Blue"]);
    one.options.draw = DrawRule::OneCard;
    let mut state = State::new(&one, 4).unwrap();
    execute(&mut state, &board, &place_base(0)).unwrap();
    execute(&mut state, &board, &place_base(3)).unwrap();
    let top = *state.pile().last().unwrap();
    let events = execute(&mut state, &board, &Command::Draw(Draw)).unwrap();
    assert_eq!(
        events,
        vec![
            Event::CardsDrawn {
                player: RED,
                cards: vec![top]
            },
            Event::PhaseChanged { phase: Phase::Main },
        ]
    );
}

#[test]
fn phases_run_draw_main_attack_then_the_next_player() {
    let (board, mut state) = started(4, &["Red", "Blue", "Green"]);
    assert_eq!(
        refusal(&state, &board, Command::EndTurn(EndTurn)),
        "Roll the die and draw your cards first."
    );
    execute(&mut state, &board, &Command::Draw(Draw)).unwrap();
    assert_eq!(
        execute(&mut state, &board, &Command::EndMain(EndMain)).unwrap(),
        vec![Event::PhaseChanged {
            phase: Phase::Attack
        }]
    );
    assert_eq!(
        refusal(&state, &board, Command::EndMain(EndMain)),
        "You can't end the main phase during the attack phase."
    );
    assert_eq!(
        execute(&mut state, &board, &Command::EndTurn(EndTurn)).unwrap(),
        vec![
            Event::TurnEnded { player: RED },
            Event::TurnStarted {
                player: BLUE,
                turn: 2
            }
        ]
    );
    assert_eq!(state.actor(), BLUE);
    execute(&mut state, &board, &Command::Draw(Draw)).unwrap();
    // A turn may end straight from the main phase.
    execute(&mut state, &board, &Command::EndTurn(EndTurn)).unwrap();
    assert_eq!((state.current_player(), state.turn()), (GREEN, 3));
    assert_eq!(
        refusal(
            &state,
            &board,
            Command::ChooseBase(ChooseBase {
                settlement: SettlementId(0)
            })
        ),
        "There is no decision to make right now."
    );
}

// ---- Moves ----

fn mover() -> (TableBoard, State, UnitId) {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 0);
    sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(BLUE, PlaceId(5), true, true);
    let guard = sc.unit(RED, UnitType::Guard, road(&board, 2));
    sc.unit(BLUE, UnitType::Scout, road(&board, 8));
    let state = sc.build(&board).unwrap();
    (board, state, guard)
}

fn move_to(unit: UnitId, board: &TableBoard, place: u32) -> Command {
    Command::Move(Move {
        unit,
        to: board.pos(PlaceId(place)),
        via: None,
        off_road: false,
    })
}

#[test]
fn a_unit_moves_once_per_turn() {
    let (board, mut state, guard) = mover();
    let events = execute(&mut state, &board, &move_to(guard, &board, 3)).unwrap();
    assert_eq!(
        events,
        vec![Event::UnitMoved {
            unit: guard,
            from: road(&board, 2),
            to: road(&board, 3)
        }]
    );
    assert_eq!(
        refusal(&state, &board, move_to(guard, &board, 2)),
        "Your Guard has already moved this turn."
    );
    execute(&mut state, &board, &Command::EndTurn(EndTurn)).unwrap();
    assert!(!state.unit(guard).unwrap().moved());
}

#[test]
fn a_move_into_a_friendly_settlement_ends_inside_it() {
    let (board, mut state, guard) = mover();
    let events = execute(&mut state, &board, &move_to(guard, &board, 0)).unwrap();
    assert_eq!(
        events,
        vec![Event::UnitMoved {
            unit: guard,
            from: road(&board, 2),
            to: Location::Settlement(SettlementId(0))
        }]
    );
    assert_eq!(state.defenders(SettlementId(0)), vec![guard]);
}

#[test]
fn the_boards_refusals_reach_the_player() {
    let (board, state, guard) = mover();
    // La Massana (0, -1500) is 2,121 m from Encamp: beyond a Guard's card breadth.
    assert_eq!(
        refusal(&state, &board, move_to(guard, &board, 8)),
        "That is out of reach."
    );
    assert_eq!(
        refusal(
            &state,
            &board,
            Command::Move(Move {
                unit: guard,
                to: board.pos(PlaceId(3)),
                via: None,
                off_road: true
            })
        ),
        "A Guard can't move off road."
    );
    let blue_scout = UnitId(1);
    assert_eq!(
        refusal(&state, &board, move_to(blue_scout, &board, 0)),
        "That Scout is not yours."
    );
    let mut attack_phase = state.clone();
    execute(&mut attack_phase, &board, &Command::EndMain(EndMain)).unwrap();
    assert_eq!(
        refusal(&attack_phase, &board, move_to(guard, &board, 3)),
        "You can't move during the attack phase."
    );
}

#[test]
fn an_enemy_coin_on_the_destination_blocks_the_move() {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 0);
    sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(BLUE, PlaceId(5), true, true);
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 2));
    sc.unit(BLUE, UnitType::Guard, road(&board, 3));
    let state = sc.build(&board).unwrap();
    assert_eq!(
        refusal(&state, &board, move_to(scout, &board, 3)),
        "Blocked by Blue's Guard."
    );
}

// ---- Sieges ----

/// Red's basic settlement at Canillo holds the given units; Blue and Green also play. The
/// table board is told outright who besieges what. It is Red's main phase, turn 1; Red and Green
/// hold Jacks to put new coins on the map.
fn besieged(inside: &[UnitType]) -> (TableBoard, State, SettlementId) {
    let mut board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue", "Green"]), 2);
    sc.settlement(RED, PlaceId(0), true, true);
    let canillo = sc.settlement(RED, PlaceId(3), false, false);
    sc.settlement(BLUE, PlaceId(5), true, true);
    sc.settlement(GREEN, PlaceId(8), true, true);
    for kind in inside {
        sc.unit(RED, *kind, Location::Settlement(canillo));
    }
    sc.hand(RED, &cards("JS JH")).hand(GREEN, &cards("JC"));
    board.set_besiegers(canillo, vec![]);
    let state = sc.build(&board).unwrap();
    (board, state, canillo)
}

/// The current player plays a Jack into their base. Sieges are only looked at again after a
/// coin appears, goes, moves or changes hands, so this is how a test "closes a road".
fn new_coin(state: &mut State, board: &TableBoard) -> Vec<Event> {
    let me = state.current_player();
    let card = *state
        .player(me)
        .hand()
        .iter()
        .find(|c| Card::from_id(**c).rank() == Some(Rank::Jack))
        .unwrap();
    let settlement = state.player(me).base().unwrap();
    execute(
        state,
        board,
        &Command::PlayRoyal(PlayRoyal { card, settlement }),
    )
    .unwrap()
}

/// Run a player's whole turn: draw, end.
fn pass_turn(state: &mut State, board: &TableBoard) -> Vec<Event> {
    if state.phase() == Phase::Draw {
        execute(state, board, &Command::Draw(Draw)).unwrap();
    }
    execute(state, board, &Command::EndTurn(EndTurn)).unwrap()
}

#[test]
fn the_siege_clock_starts_when_the_last_road_closes_and_stops_when_one_opens() {
    let (mut board, mut state, canillo) = besieged(&[UnitType::Guard, UnitType::Scout]);
    board.set_besiegers(canillo, vec![BLUE]);
    // Drawing, trading or changing phase moves no coin, so it cannot start a siege.
    assert_eq!(
        execute(&mut state, &board, &Command::EndMain(EndMain)).unwrap(),
        vec![Event::PhaseChanged {
            phase: Phase::Attack
        }]
    );
    let events = new_coin(&mut state, &board);
    assert_eq!(
        events[2..],
        [Event::SiegeStarted {
            settlement: canillo,
            turn: 1
        }]
    );
    assert_eq!(state.sieges()[&canillo].since_turn(), 1);
    board.set_besiegers(canillo, vec![]);
    let events = new_coin(&mut state, &board);
    assert_eq!(
        events.last(),
        Some(&Event::SiegeEnded {
            settlement: canillo
        })
    );
    assert!(state.sieges().is_empty());
}

#[test]
fn after_a_whole_round_the_siege_destroys_a_unit_chosen_by_the_die_winner() {
    let (mut board, mut state, canillo) = besieged(&[UnitType::Guard, UnitType::Scout]);
    board.set_besiegers(canillo, vec![BLUE]);
    new_coin(&mut state, &board);
    // Red ends turn 1, Blue plays turn 2, Green turn 3: no loss yet.
    for _ in 0..2 {
        let events = pass_turn(&mut state, &board);
        assert!(!events.iter().any(|e| matches!(e, Event::SiegeRound { .. })));
    }
    // Green ends turn 3: back to Red, a whole round since the road closed.
    let events = pass_turn(&mut state, &board);
    assert_eq!(
        events[..3],
        [
            Event::TurnEnded { player: GREEN },
            Event::TurnStarted {
                player: RED,
                turn: 4
            },
            Event::SiegeRound {
                settlement: canillo
            },
        ]
    );
    let Event::SiegeRolled {
        besieger,
        besieger_roll,
        besieged_roll,
        chooser,
        ..
    } = events[3]
    else {
        panic!("{events:?}")
    };
    assert_eq!(besieger, BLUE);
    assert_eq!(
        chooser,
        if besieger_roll > besieged_roll {
            BLUE
        } else {
            RED
        }
    );
    assert_eq!(
        events[4..],
        [Event::DecisionRequired {
            pending: Pending::SiegeCasualty {
                player: chooser,
                settlement: canillo,
                candidates: vec![UnitId(0), UnitId(1)]
            }
        }]
    );
    assert_eq!(state.actor(), chooser);
    let events = execute(
        &mut state,
        &board,
        &Command::ChooseSiegeCasualty(ChooseSiegeCasualty { unit: UnitId(1) }),
    )
    .unwrap();
    assert_eq!(
        events,
        vec![
            Event::DecisionMade,
            Event::UnitDestroyed {
                unit: UnitId(1),
                cause: Loss::Siege
            }
        ]
    );
    // One unit left: the next round takes nothing; it must be attacked the ordinary way.
    for _ in 0..2 {
        pass_turn(&mut state, &board);
    }
    let events = pass_turn(&mut state, &board);
    assert_eq!(
        events[2..],
        [Event::SiegeRound {
            settlement: canillo
        }]
    );
    assert_eq!(state.defenders(canillo), vec![UnitId(0)]);
}

#[test]
fn identical_units_under_siege_need_no_choice() {
    let (mut board, mut state, canillo) = besieged(&[UnitType::Guard, UnitType::Guard]);
    board.set_besiegers(canillo, vec![BLUE, GREEN]);
    new_coin(&mut state, &board);
    for _ in 0..2 {
        pass_turn(&mut state, &board);
    }
    let events = pass_turn(&mut state, &board);
    // With two besiegers, the first in turn order from the current player (Red) rolls: Blue.
    let Event::SiegeRolled { besieger, .. } = events[3] else {
        panic!("{events:?}")
    };
    assert_eq!(besieger, BLUE);
    assert_eq!(
        events[4..],
        [Event::UnitDestroyed {
            unit: UnitId(0),
            cause: Loss::Siege
        }]
    );
}

#[test]
fn a_siege_lifted_before_the_round_is_up_costs_nothing() {
    let (mut board, mut state, canillo) = besieged(&[UnitType::Guard, UnitType::Scout]);
    board.set_besiegers(canillo, vec![BLUE]);
    new_coin(&mut state, &board);
    pass_turn(&mut state, &board);
    pass_turn(&mut state, &board);
    // Green opens a road during turn 3, before the round is up.
    execute(&mut state, &board, &Command::Draw(Draw)).unwrap();
    board.set_besiegers(canillo, vec![]);
    assert_eq!(
        new_coin(&mut state, &board).last(),
        Some(&Event::SiegeEnded {
            settlement: canillo
        })
    );
    let events = pass_turn(&mut state, &board);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::SiegeRound { .. } | Event::UnitDestroyed { .. })));
    assert_eq!(state.defenders(canillo).len(), 2);
}

#[test]
fn the_table_boards_own_siege_rule_sees_two_enemy_units_close_by() {
    let board = valley();
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 0);
    sc.settlement(RED, PlaceId(0), true, true);
    let canillo = sc.settlement(RED, PlaceId(3), false, false);
    sc.settlement(BLUE, PlaceId(5), true, true);
    sc.unit(BLUE, UnitType::Guard, road(&board, 2));
    let scout = sc.unit(
        BLUE,
        UnitType::Scout,
        Location::Road(MapPoint::from_m([6_000.0, 0.0])),
    );
    sc.turn(BLUE, Phase::Main, 6);
    let mut state = sc.build(&board).unwrap();
    assert!(state.sieges().is_empty());
    // 2 km along the road (a Scout goes a card's length, 2,222.5 m), to 1 km from Canillo.
    let events = execute(
        &mut state,
        &board,
        &Command::Move(Move {
            unit: scout,
            to: MapPoint::from_m([4_000.0, 0.0]),
            via: None,
            off_road: false,
        }),
    )
    .unwrap();
    assert_eq!(
        events[1..],
        [Event::SiegeStarted {
            settlement: canillo,
            turn: 6
        }]
    );
}
