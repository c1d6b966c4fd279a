//! Running bots: ask the seat the game waits for, submit, fall back when refused, and stop at a
//! winner or the turn limit.

use super::{bot_rng, Bot};
use crate::rules::view::command_seen_by;
use crate::rules::{legal_commands, Board, Command, Event, Game, PlayerId, RuleError, SeatView};

/// When a bot-played game stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Stop once this many turns have been played without a winner.
    pub turn_limit: u32,
    /// A bot that has issued this many commands in one turn is made to end it: a safety net
    /// against a bot that keeps finding something to do.
    pub commands_per_turn: usize,
}

impl Limits {
    /// `turn_limit` turns, with the default command cap per turn.
    pub fn turns(turn_limit: u32) -> Limits {
        Limits {
            turn_limit,
            commands_per_turn: 400,
        }
    }
}

/// What one call of [`step`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The command that was carried out.
    pub command: Command,
    /// Its events.
    pub events: Vec<Event>,
    /// Why the bot's own choice was refused, when the driver had to fall back.
    pub refused: Option<RuleError>,
    /// Whether the driver overrode the bot because it hit the per-turn command cap.
    pub capped: bool,
}

/// Why a bot-played game could not go on. Neither should ever happen: the fallback only plays
/// commands from [`legal_commands`], each of which passed `check`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DriverError {
    /// The game waits for a seat that has no bot.
    #[error("No bot sits in seat {0}.")]
    NoBot(u8),
    /// The game has no winner but nothing is legal (the rules promise this never happens).
    #[error("No legal command in turn {0}, yet nobody has won.")]
    Stuck(u32),
    /// The engine refused a command from its own legal list.
    #[error("The rules refused a command they listed as legal: {0}")]
    Inconsistent(RuleError),
}

/// How a bot-played game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    /// The winner, if the game was decided.
    pub winner: Option<PlayerId>,
    /// Turns played (the turn limit when the game was stopped there).
    pub turns: u32,
    /// Bot commands the rules refused (each replaced by a legal one).
    pub refusals: usize,
    /// Turns the driver ended because a bot hit the command cap.
    pub capped: usize,
}

/// The commands accepted since the current turn began.
fn this_turn(game: &Game) -> &[Command] {
    let start = game.turn_hashes().last().map_or(0, |t| t.after_commands);
    &game.commands()[start.min(game.commands().len())..]
}

/// A safe legal command: answer a pending decision with the first option, else end the phase or
/// the turn. `None` only when the game is over.
pub fn fallback(game: &Game, board: &dyn Board) -> Option<Command> {
    let legal = legal_commands(game.state(), board);
    let ends = |c: &&Command| matches!(c, Command::EndTurn(_));
    legal.iter().find(ends).or_else(|| legal.first()).cloned()
}

/// Let the seat the game waits for play one command. `Ok(None)` when the game is over.
pub fn step(
    game: &mut Game,
    board: &dyn Board,
    bots: &mut [Box<dyn Bot>],
    limits: Limits,
) -> Result<Option<Step>, DriverError> {
    if game.state().winner().is_some() {
        return Ok(None);
    }
    let seat = game.state().actor();
    let bot = bots
        .get_mut(seat.index())
        .ok_or(DriverError::NoBot(seat.0))?;
    let capped = this_turn(game).len() >= limits.commands_per_turn;
    let mut refused = None;
    if !capped {
        let mut rng = bot_rng(game.seed(), seat.0, game.commands().len());
        // The bot sees only what its seat may: its view of the state, and this turn's commands
        // as that seat saw them (everything in a turn comes from the player whose turn it is,
        // but for answers, which hide nothing).
        let declined = game.declined_trades(board).map(<[_]>::to_vec);
        let view = SeatView::of(game.state(), seat).with_declined(&declined.unwrap_or_default());
        let current = game.state().current_player();
        let seen: Vec<Command> = this_turn(game)
            .iter()
            .map(|c| command_seen_by(seat, current, c))
            .collect();
        let cmd = bot.choose(&view, board, &seen, &mut rng);
        match game.submit(board, cmd.clone()) {
            Ok(events) => {
                return Ok(Some(Step {
                    command: cmd,
                    events,
                    refused: None,
                    capped: false,
                }))
            }
            Err(e) => refused = Some(e),
        }
    }
    let cmd = fallback(game, board).ok_or(DriverError::Stuck(game.state().turn()))?;
    let events = game
        .submit(board, cmd.clone())
        .map_err(DriverError::Inconsistent)?;
    Ok(Some(Step {
        command: cmd,
        events,
        refused,
        capped,
    }))
}

/// Play until someone wins or `limits.turn_limit` turns have been played. `after_turn` is called
/// with the game whenever a turn has begun (for autosaves).
pub fn play_game(
    game: &mut Game,
    board: &dyn Board,
    bots: &mut [Box<dyn Bot>],
    limits: Limits,
    mut after_turn: impl FnMut(&Game),
) -> Result<GameReport, DriverError> {
    let mut report = GameReport {
        winner: None,
        turns: 0,
        refusals: 0,
        capped: 0,
    };
    while game.state().turn() <= limits.turn_limit {
        let turn = game.state().turn();
        let Some(done) = step(game, board, bots, limits)? else {
            break;
        };
        report.refusals += usize::from(done.refused.is_some());
        report.capped += usize::from(done.capped && matches!(done.command, Command::EndTurn(_)));
        if game.state().turn() != turn || game.state().winner().is_some() {
            after_turn(game);
        }
    }
    report.winner = game.state().winner();
    report.turns = game.state().turn().min(limits.turn_limit);
    Ok(report)
}
