//! What the engine offers a seat in a seafaring game, the rules accept: its legal-command list
//! as the seat sees it, and every unit's suggested moves and landings (what the bots and the
//! board's hints play from), each checked on the real state at every step of random games on
//! the Strait coast. The random bot, which plays from those lists, is never refused.

#[path = "common/strait.rs"]
mod strait;

use omms::ai::{bot_by_name, step, Limits};
use omms::map::Scale;
use omms::rules::*;

fn setup() -> GameSetup {
    omms::sim::setup_with(
        "Strait",
        Scale(25_000),
        2,
        Options {
            seafaring: true,
            ..Options::default()
        },
    )
}

/// Everything offered to the seat the game waits for, with why the rules refuse it, if they do.
fn refused_offers(state: &State, board: &dyn Board) -> Vec<(Command, RuleError)> {
    let view = SeatView::of(state, state.actor());
    let seen = view.state();
    let mut offered = legal_commands(seen, board);
    if seen.pending().is_empty() && seen.phase() == Phase::Main {
        // The board's suggestions are geometry: a unit that has moved is the engine's to stop,
        // and no one offers it a move.
        let free = seen
            .units_of(seen.current_player())
            .into_iter()
            .filter(|u| seen.unit(*u).is_some_and(|u| !u.moved()));
        for unit in free {
            offered.extend(
                board
                    .candidate_moves(seen, unit)
                    .into_iter()
                    .map(Command::Move),
            );
            offered.extend(
                board
                    .candidate_landings(seen, unit)
                    .into_iter()
                    .map(|to| Command::Land(Land { unit, to })),
            );
        }
    }
    offered
        .into_iter()
        .filter_map(|c| check(state, board, &c).err().map(|e| (c, e)))
        .collect()
}

#[test]
fn everything_offered_in_seafaring_games_passes_the_check_and_the_random_bot_is_never_refused() {
    let (map, _dir) = strait::map();
    let board = MapBoard::new(&map, Scale(25_000));
    let (mut aboard_steps, mut refusals, mut sea_commands) = (0, 0, 0);
    for seed in 0..2 {
        let mut game = Game::start(setup(), seed, &board).unwrap();
        // One seat plays the sea at every chance, the other is the plain random bot.
        let mut bots: Vec<Box<dyn omms::ai::Bot>> = vec![
            Box::new(strait::Sailor(bot_by_name("random").unwrap())),
            bot_by_name("random").unwrap(),
        ];
        while game.state().turn() <= 24 {
            let bad = refused_offers(game.state(), &board);
            assert!(
                bad.is_empty(),
                "seed {seed}, command {}: offered but refused: {bad:?}",
                game.commands().len()
            );
            aboard_steps += usize::from(
                game.state()
                    .units()
                    .any(|u| matches!(u.at(), Location::Aboard(_)) && !u.moved()),
            );
            let Some(done) = step(&mut game, &board, &mut bots, Limits::turns(24)).unwrap() else {
                break;
            };
            sea_commands += usize::from(matches!(
                done.command,
                Command::BuildShip(_) | Command::BoardShip(_) | Command::Land(_)
            ));
            if let Some(e) = done.refused {
                refusals += 1;
                eprintln!("seed {seed}: refused: {e}");
            }
        }
    }
    // The property only means something if units sat aboard, free to move, while it was checked.
    assert!(
        aboard_steps > 0 && sea_commands > 0,
        "aboard {aboard_steps}, sea commands {sea_commands}"
    );
    assert_eq!(refusals, 0, "the random bot was refused {refusals} times");
}
