//! Random games: thousands of seeded command sequences chosen from the legal-command list, with
//! the rules' invariants checked after every command, random wild commands thrown in to prove
//! `check` and `execute` agree on every refusal, and a replay of the whole log at the end.

use std::collections::BTreeMap;

use omms::rules::testkit::{setup, TableBoard};
use omms::rules::*;
use proptest::prelude::*;

mod common;
use common::options_from;

/// A command made up from a random number: often nonsense, sometimes legal by accident.
fn wild(state: &State, r: u64) -> Command {
    let n = (state.players().len() * 54) as u64;
    let any_card = |k: u64| CardId(((r >> k) % n) as u16);
    let unit = UnitId(((r >> 8) % 24) as u32);
    let settlement = SettlementId(((r >> 16) % 12) as u32);
    match r % 10 {
        0 => Command::Attack(Attack::dice(
            unit,
            if r & 1 << 40 == 0 {
                Target::Unit(UnitId(((r >> 24) % 24) as u32))
            } else {
                Target::Settlement(settlement)
            },
        )),
        1 => Command::GrowFood(GrowFood {
            cards: vec![any_card(8), any_card(20)],
        }),
        2 => Command::PlaceBase(PlaceBase {
            place: omms::map::PlaceId(((r >> 8) % 40) as u32),
        }),
        3 => Command::Move(Move {
            unit,
            to: MapPoint::from_m([((r >> 20) % 7000) as f64, ((r >> 36) % 7000) as f64]),
            via: None,
            off_road: r & 1 << 50 != 0,
        }),
        4 => Command::ChooseBase(ChooseBase { settlement }),
        5 => Command::RaiseUnit(RaiseUnit {
            cards: state.player(state.actor()).hand().to_vec(),
            kind: UnitType::ALL[((r >> 8) % 5) as usize],
            settlement,
        }),
        6 => [
            Command::EndTurn(EndTurn),
            Command::EndMain(EndMain),
            Command::Draw(Draw),
        ][((r >> 8) % 3) as usize]
            .clone(),
        7 => Command::ProposeTrade(ProposeTrade {
            with: PlayerId(((r >> 8) % 5) as u8),
            give: vec![any_card(16)],
            take: vec![],
        }),
        8 => Command::BuildSettlement(BuildSettlement {
            cards: state.player(state.actor()).hand().to_vec(),
            unit,
        }),
        _ => Command::PlayRoyal(PlayRoyal {
            card: any_card(8),
            settlement,
        }),
    }
}

fn check_invariants(
    state: &State,
    board: &TableBoard,
    events: &[Event],
) -> Result<(), TestCaseError> {
    prop_assert_eq!(state.consistency_problem(), None);
    let n = state.players().len() * 54;
    let mut seen = vec![0u8; n];
    let hands = state.players().iter().flat_map(|p| p.hand().iter());
    for c in state
        .pile()
        .iter()
        .chain(state.discard())
        .chain(state.out_of_play())
        .chain(hands)
    {
        seen[usize::from(c.0)] += 1;
    }
    prop_assert!(seen.iter().all(|k| *k == 1), "cards not conserved");
    prop_assert_eq!(state.card_count(), n);
    prop_assert!(state
        .out_of_play()
        .iter()
        .all(|c| Card::from_id(*c) == Card::Joker));

    for e in events {
        match e {
            Event::SettlementBuilt { player, .. } => {
                prop_assert!(state.player(*player).food() >= state.upkeep(*player));
            }
            Event::Fortified { settlement } => {
                let owner = state.settlement(*settlement).unwrap().owner();
                prop_assert!(state.player(owner).food() >= state.upkeep(owner));
            }
            Event::CombatRolled {
                attack,
                defence,
                outcome: o,
                ..
            } => {
                prop_assert!((1..=4).contains(&attack.len()));
                prop_assert!((1..=4).contains(&defence.len()));
                prop_assert_eq!(*o, outcome(attack, defence));
            }
            _ => {}
        }
    }

    let mut places = BTreeMap::new();
    for s in state.settlements() {
        prop_assert!(
            places.insert(s.place(), s.id()).is_none(),
            "two on one place"
        );
        prop_assert!(!state.player(s.owner()).is_out());
    }
    for u in state.units() {
        prop_assert!(!state.player(u.owner()).is_out());
        prop_assert!(u.attack_dice() <= Dice::MAX);
        if let Location::Settlement(s) = u.at() {
            prop_assert_eq!(state.settlement(s).map(|s| s.owner()), Some(u.owner()));
        }
    }
    for (i, p) in state.players().iter().enumerate() {
        if let Some(base) = p.base() {
            prop_assert_eq!(
                state.settlement(base).map(|s| s.owner()),
                Some(PlayerId(i as u8))
            );
        }
        if p.is_out() {
            prop_assert!(p.hand().is_empty());
        }
    }
    for s in state.sieges().keys() {
        prop_assert!(state.settlement(*s).is_some());
    }
    prop_assert_eq!(state.winner().is_some(), state.phase() == Phase::Over);
    // Siege clocks run exactly for the settlements the board calls besieged, although the engine
    // only asks again after a coin changed.
    if state.winner().is_none() && state.phase() != Phase::Setup {
        for s in state.settlements() {
            prop_assert_eq!(
                state.sieges().contains_key(&s.id()),
                !board.besiegers(state, s.id()).is_empty()
            );
        }
    }
    if state.winner().is_none() && state.phase() != Phase::Setup {
        prop_assert!(!state.player(state.current_player()).is_out());
        prop_assert!(state.active_players().len() >= 2);
    }
    Ok(())
}

fn play(
    seed: u64,
    players: usize,
    option_bits: u32,
    picks: &[u64],
) -> Result<BTreeMap<&'static str, usize>, TestCaseError> {
    let board = TableBoard::grid(6, 6, 1000.0);
    let names = ["Red", "Blue", "Green", "Yellow"];
    let mut setup = setup(&names[..players]);
    setup.options = options_from(option_bits);
    let mut game = Game::new(setup.clone(), seed).unwrap();
    let mut seen = BTreeMap::new();
    for &r in picks {
        let state = game.state().clone();

        // A wild command: `execute` refuses exactly what `check` refuses, and changes nothing.
        let w = wild(&state, r.rotate_left(17));
        let mut copy = state.clone();
        match check(&state, &board, &w) {
            Err(e) => {
                prop_assert_eq!(execute(&mut copy, &board, &w), Err(e));
                prop_assert!(copy == state, "a refused command changed the state");
            }
            Ok(()) => prop_assert!(execute(&mut copy, &board, &w).is_ok()),
        }

        let legal = legal_commands(&state, &board);
        if legal.is_empty() {
            prop_assert!(state.winner().is_some(), "no legal command but no winner");
            break;
        }
        // End phases often enough that rounds pass and sieges can bite.
        let cmd = if r % 6 == 0 {
            legal.last().unwrap().clone()
        } else {
            legal[(r >> 3) as usize % legal.len()].clone()
        };
        prop_assert!(check(&state, &board, &cmd).is_ok());
        let events = game.submit(&board, cmd).unwrap();
        for e in &events {
            let name = serde_json::to_value(e).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_string();
            *seen.entry(leak(name)).or_insert(0) += 1;
        }
        check_invariants(game.state(), &board, &events)?;
    }

    let again = replay(&setup, seed, game.commands(), game.turn_hashes(), &board)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(state_hash(again.state()), state_hash(game.state()));
    let loaded = Game::from_json(&game.to_json()).unwrap();
    prop_assert_eq!(state_hash(loaded.state()), state_hash(game.state()));
    Ok(seen)
}

/// Event names are few; interning them keeps the tally map cheap.
fn leak(name: String) -> &'static str {
    const NAMES: [&str; 40] = [
        "base_placed",
        "setup_passed",
        "turn_started",
        "phase_changed",
        "turn_ended",
        "draw_rolled",
        "pile_refilled",
        "cards_drawn",
        "cards_spent",
        "card_stolen",
        "trade_proposed",
        "trade_accepted",
        "trade_declined",
        "unit_placed",
        "unit_moved",
        "unit_entered",
        "unit_destroyed",
        "settlement_built",
        "fortified",
        "food_gained",
        "food_discarded",
        "attack_die_bought",
        "attack_declared",
        "decision_required",
        "decision_made",
        "combat_rolled",
        "settlement_captured",
        "base_set",
        "siege_started",
        "siege_ended",
        "siege_round",
        "siege_rolled",
        "player_out",
        "won",
        "",
        "",
        "",
        "",
        "",
        "",
    ];
    NAMES
        .iter()
        .find(|n| **n == name)
        .copied()
        .unwrap_or("other")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(
        seed in any::<u64>(),
        players in 2usize..=4,
        option_bits in any::<u32>(),
        picks in prop::collection::vec(any::<u64>(), 1..300),
    ) {
        play(seed, players, option_bits, &picks)?;
    }
}

/// Not a property: proof that random play reaches every part of the engine, so the property
/// above is not vacuous.
#[test]
fn random_play_reaches_every_kind_of_event() {
    let mut total: BTreeMap<&str, usize> = BTreeMap::new();
    let mut rng = 1u64;
    for seed in 0..60 {
        let picks: Vec<u64> = (0..600)
            .map(|_| {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                rng
            })
            .collect();
        let seen = play(seed, 2 + (seed as usize % 3), seed as u32, &picks).unwrap();
        for (k, v) in seen {
            *total.entry(k).or_insert(0) += v;
        }
    }
    let missing: Vec<&str> = [
        "pile_refilled",
        "card_stolen",
        "trade_accepted",
        "trade_declined",
        "unit_placed",
        "unit_moved",
        "unit_entered",
        "unit_destroyed",
        "settlement_built",
        "fortified",
        "food_gained",
        "attack_die_bought",
        "combat_rolled",
        "settlement_captured",
        "siege_started",
        "siege_ended",
        "siege_round",
        "siege_rolled",
        "player_out",
        "won",
        "food_discarded",
        "base_set",
    ]
    .into_iter()
    .filter(|k| !total.contains_key(k))
    .collect();
    assert!(
        missing.is_empty(),
        "never happened: {missing:?}\nall: {total:?}"
    );
}
