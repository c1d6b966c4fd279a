//! `hard`'s play-outs through the opponents' replies: from a determinized state, every seat —
//! mine included — is played by a `normal` bot given only that seat's view, exactly as the
//! driver plays a real game, until my next turn begins (every other seat has answered), the
//! game ends, or the command budget is spent.
//!
//! Scoring at the end of my own attack phase, as `hard` first did, counts a town taken as
//! won even when it falls back in the reply, and a unit left on the road before an enemy
//! stack as safe; here the reply is played, so both show in the score.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{General, Level};
use crate::ai::Bot;
use crate::rules::view::command_seen_by;
use crate::rules::{execute, Board, Command, EndMain, EndTurn, Phase, PlayerId, SeatView, State};

/// Commands a play-out may run before it is scored where it stands: a whole round of a
/// fighting two-seat game on Andorra takes some sixty.
pub(super) const PLAYOUT_COMMANDS: usize = 240;

/// Play `state` on by `normal` bots until `me`'s turn has begun `rounds` more times; returns
/// the commands run.
pub(super) fn through_replies(
    board: &dyn Board,
    state: &mut State,
    me: PlayerId,
    seed: u64,
    rounds: usize,
) -> u64 {
    let budget = PLAYOUT_COMMANDS * rounds.max(1);
    let mut begun = 0;
    let seats = state.players().len();
    let mut bots: Vec<General> = (0..seats).map(|_| General::new(Level::Normal)).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = state.turn();
    let mut turn = start;
    let mut this_turn: Vec<Command> = Vec::new();
    for n in 0..budget as u64 {
        if state.winner().is_some() {
            return n;
        }
        if state.turn() != turn {
            if state.current_player() == me {
                begun += 1;
                if begun >= rounds {
                    return n;
                }
            }
            turn = state.turn();
            this_turn.clear();
        }
        let actor = state.actor();
        let current = state.current_player();
        let view = SeatView::of(state, actor);
        let seen: Vec<Command> = this_turn
            .iter()
            .map(|c| command_seen_by(actor, current, c))
            .collect();
        let Some(bot) = bots.get_mut(actor.index()) else {
            return n;
        };
        let mut cmd = bot.choose(&view, board, &seen, &mut rng);
        if execute(state, board, &cmd).is_err() {
            // What the driver would do: close the phase (an owed answer is never refused
            // from a bot, so this is the only way out that stays cheap).
            cmd = match state.phase() {
                Phase::Main => Command::EndMain(EndMain),
                _ => Command::EndTurn(EndTurn),
            };
            if execute(state, board, &cmd).is_err() {
                return n;
            }
        }
        this_turn.push(cmd);
    }
    budget as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::PlaceId;
    use crate::rules::testkit::{setup, valley};
    use crate::rules::{state_hash, Location, Scenario, UnitType};

    const RED: PlayerId = PlayerId(0);

    /// Red ends its attack phase; the play-out gives Blue its whole turn and stops as Red's
    /// next one begins, the same way for the same seed.
    #[test]
    fn a_play_out_runs_the_reply_and_stops_at_my_next_turn() {
        let board = valley();
        let mut sc = Scenario::new(setup(&["Red", "Blue"]), 1);
        sc.settlement(RED, PlaceId(0), true, true);
        let pas = sc.settlement(PlayerId(1), PlaceId(5), true, true);
        sc.unit(PlayerId(1), UnitType::Invader, Location::Settlement(pas));
        sc.unit(RED, UnitType::Scout, Location::Road(board.pos(PlaceId(2))));
        sc.turn(RED, Phase::Attack, 3);
        let start = sc.build(&board).unwrap();
        let run = |seed| {
            let mut s = start.clone();
            let n = through_replies(&board, &mut s, RED, seed, 1);
            (n, s)
        };
        let (n, after) = run(7);
        assert_eq!(after.current_player(), RED);
        assert_eq!(after.turn(), 5);
        assert_eq!(after.phase(), Phase::Draw);
        // Red's end of turn, then Blue's draw, main phase and attacks at the least.
        assert!(n >= 4, "only {n} commands");
        assert_eq!(state_hash(&run(7).1), state_hash(&after));
        // Two rounds: Red's own next turn and Blue's second reply are played too.
        let mut twice = start.clone();
        through_replies(&board, &mut twice, RED, 7, 2);
        assert!(twice.winner().is_some() || (twice.turn(), twice.current_player()) == (7, RED));
    }
}
