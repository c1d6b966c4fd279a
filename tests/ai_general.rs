//! The general's judgement in small positions on the test valley: it takes free captures, refuses
//! fights the exact odds condemn, buys a resource die when it swings a fight, builds where its
//! units stand, picks a base that can raise troops, and trades only when it gains.

use omms::ai::{bot_rng, Bot, General};
use omms::map::{PlaceId, PlaceKind};
use omms::rules::testkit::{cards, setup, valley, TableBoard};
use omms::rules::*;

const RED: PlayerId = PlayerId(0);
const BLUE: PlayerId = PlayerId(1);

fn road(board: &TableBoard, place: u32) -> Location {
    Location::Road(board.pos(PlaceId(place)))
}

/// Red's base is a fortified city at Andorra la Vella; Blue's a fortified town at Pas de la Casa.
fn bases() -> Scenario {
    let mut sc = Scenario::new(setup(&["Red", "Blue"]), 1);
    sc.settlement(RED, PlaceId(0), true, true);
    sc.settlement(BLUE, PlaceId(5), true, true);
    sc
}

fn choice(state: &State, board: &TableBoard) -> Command {
    let cmd = General.choose(state, board, &[], &mut bot_rng(0, 0, 0));
    assert!(check(state, board, &cmd).is_ok(), "{cmd:?} is not legal");
    cmd
}

#[test]
fn takes_an_empty_settlement() {
    let board = valley();
    let mut sc = bases();
    let canillo = sc.settlement(BLUE, PlaceId(3), false, false);
    let invader = sc.unit(RED, UnitType::Invader, road(&board, 2));
    sc.turn(RED, Phase::Attack, 3);
    let state = sc.build(&board).unwrap();
    assert_eq!(
        choice(&state, &board),
        Command::Attack(Attack::dice(invader, Target::Settlement(canillo)))
    );
}

#[test]
fn leaves_a_fortified_guard_alone_with_a_scout() {
    let board = valley();
    let mut sc = bases();
    let canillo = sc.settlement(BLUE, PlaceId(3), true, false);
    sc.unit(BLUE, UnitType::Guard, Location::Settlement(canillo));
    sc.unit(RED, UnitType::Scout, road(&board, 2));
    sc.turn(RED, Phase::Attack, 3);
    let state = sc.build(&board).unwrap();
    assert_eq!(choice(&state, &board), Command::EndTurn(EndTurn));
}

#[test]
fn buys_a_die_when_it_turns_an_even_fight_into_a_good_one() {
    let board = valley();
    let mut sc = bases();
    let guard = sc.unit(BLUE, UnitType::Guard, road(&board, 3));
    let invader = sc.unit(RED, UnitType::Invader, road(&board, 2));
    sc.turn(RED, Phase::Attack, 3);
    let even = sc.build(&board).unwrap();
    // Two dice against two: even odds for a dearer unit, so no attack.
    assert_eq!(choice(&even, &board), Command::EndTurn(EndTurn));

    sc.hand(RED, &cards("10D 5D"));
    let state = sc.build(&board).unwrap();
    let Command::BuyAttackDie(buy) = choice(&state, &board) else {
        panic!("expected a resource die");
    };
    assert_eq!(buy.unit, invader);
    let mut after = state.clone();
    execute(&mut after, &board, &Command::BuyAttackDie(buy)).unwrap();
    assert_eq!(
        choice(&after, &board),
        Command::Attack(Attack::dice(invader, Target::Unit(guard)))
    );
}

#[test]
fn builds_where_its_scout_stands_and_feeds_the_settlement_first() {
    let board = valley();
    let mut sc = bases();
    let scout = sc.unit(RED, UnitType::Scout, road(&board, 2));
    sc.hand(RED, &cards("10S 5S"));
    sc.turn(RED, Phase::Main, 3);
    let state = sc.build(&board).unwrap();
    let Command::BuildSettlement(b) = choice(&state, &board) else {
        panic!("expected a build");
    };
    assert_eq!(b.unit, scout);

    // With food only for the base, the spades wait and the hearts go to food.
    sc.food(RED, 2).hand(RED, &cards("10S 5S 9H 6H"));
    let hungry = sc.build(&board).unwrap();
    assert!(matches!(choice(&hungry, &board), Command::GrowFood(_)));
}

#[test]
fn puts_its_base_on_a_town_or_city_away_from_the_enemy() {
    let board = valley();
    let mut game = Game::new(setup(&["Red", "Blue"]), 4).unwrap();
    for _ in 0..2 {
        let cmd = choice(game.state(), &board);
        let Command::PlaceBase(PlaceBase { place }) = cmd else {
            panic!("expected a base, got {cmd:?}");
        };
        let facts = board.place(place).unwrap();
        assert!(matches!(facts.kind, PlaceKind::City | PlaceKind::Town));
        game.submit(&board, cmd).unwrap();
    }
    let bases: Vec<MapPoint> = game.state().settlements().map(|s| s.pos()).collect();
    assert!(bases[0].distance_m(bases[1]) > 5_000.0, "{bases:?}");
}

#[test]
fn accepts_a_trade_that_helps_and_declines_one_that_hurts() {
    let board = valley();
    let mut sc = bases();
    sc.hand(RED, &cards("2H 3C")).hand(BLUE, &cards("KS 4D"));
    sc.turn(RED, Phase::Main, 3);
    let state = sc.build(&board).unwrap();
    let answer = |give: &str, take: &str| {
        let mut s = state.clone();
        let give: Vec<CardId> = omms::rules::testkit::in_hand(&s, RED, give);
        let take: Vec<CardId> = omms::rules::testkit::in_hand(&s, BLUE, take);
        let offer = Command::ProposeTrade(ProposeTrade {
            with: BLUE,
            give,
            take,
        });
        execute(&mut s, &board, &offer).unwrap();
        // Blue, played by the general, answers Red's offer.
        General.choose(&s, &board, &[], &mut bot_rng(0, 1, 0))
    };
    let yes = Command::RespondTrade(RespondTrade { accept: true });
    let no = Command::RespondTrade(RespondTrade { accept: false });
    assert_eq!(answer("3C", "4D"), no, "a 3 for a 4 of its own is no gain");
    assert_eq!(answer("2H", "KS"), no, "a King for a 2 never");
    assert_eq!(answer("2H 3C", ""), yes, "a gift is welcome");
}
