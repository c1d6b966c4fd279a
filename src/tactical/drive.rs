//! Driving whole battles, once for every ruleset: bot battles (auto-resolve, `omms battle
//! --auto`, the `--png` position), replaying and checking a log, and auto-resolve odds.
//!
//! The bots' own choices draw from a stream derived from the battle's seed ([`bot_rng`]), so a
//! battle's dice are the same whichever bots play, and a command cap stops a bot that never
//! ends a phase.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use super::battlefield::Battlefield;
use super::force::Forces;
use super::ruleset::{BattleOutcome, BotLevel, Ruleset, Side, Summary};

/// The stream a battle's bots choose from, derived from the battle's seed and apart from its
/// dice.
pub fn bot_rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075)
}

/// A battle played by bots.
#[derive(Debug, Clone)]
pub struct Played<R: Ruleset> {
    /// How it ended (a stand-off if it was stopped before its end).
    pub outcome: BattleOutcome,
    /// Turns and losses.
    pub summary: Summary,
    /// Every command, in order.
    pub commands: Vec<R::Command>,
    /// The final position.
    pub state: R::State,
}

/// Play a battle from `seed` with a bot on each side (`[attacker, defender]`), to its end, or
/// until `stop_after` whole turns have been played (0: as deployed). `watch` sees every event.
pub fn play<R: Ruleset>(
    rules: &R,
    field: &Battlefield,
    forces: &Forces,
    seed: u64,
    bots: [BotLevel; 2],
    stop_after: Option<u32>,
    mut watch: impl FnMut(&R::Event),
) -> Played<R> {
    let mut state = rules.setup(field, forces, seed);
    let mut rng = bot_rng(seed);
    let cap = rules.command_cap(&state);
    let mut commands = Vec::new();
    while commands.len() < cap && stop_after.is_none_or(|t| rules.summary(&state).turns <= t) {
        let Some(side) = rules.actor(&state) else {
            break;
        };
        let Some(cmd) = super::bot::choose(rules, bots[side.index()], field, &state, &mut rng)
        else {
            break;
        };
        match rules.execute(field, &mut state, &cmd) {
            Ok(events) => events.iter().for_each(&mut watch),
            // A bot offering a refused command is a bug in the bot; the battle cannot go on
            // without a command, so it ends undecided rather than looping.
            Err(_) => break,
        }
        commands.push(cmd);
    }
    Played {
        outcome: rules.outcome(&state).unwrap_or(BattleOutcome::StandOff),
        summary: rules.summary(&state),
        commands,
        state,
    }
}

/// Why a battle log does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A command is not legal where it stands.
    #[error("Command {index} of the battle report is not legal: {why}")]
    Illegal {
        /// Its number, from 1.
        index: usize,
        /// The ruleset's reason.
        why: String,
    },
    /// The battle ended before the log did.
    #[error("The battle was over after {0} commands, but the report goes on.")]
    OverEarly(usize),
    /// The log ends before the battle does.
    #[error("The battle on the table is not over yet.")]
    NotOver,
    /// A command could not be read.
    #[error("Command {index} of the battle report cannot be read: {why}")]
    Unreadable {
        /// Its number, from 1.
        index: usize,
        /// What is wrong.
        why: String,
    },
}

/// Replay `commands` from the battle's start, checking each; the position they reach.
pub fn replay<R: Ruleset>(
    rules: &R,
    field: &Battlefield,
    forces: &Forces,
    seed: u64,
    commands: &[R::Command],
) -> Result<R::State, ReplayError> {
    let mut state = rules.setup(field, forces, seed);
    for (i, cmd) in commands.iter().enumerate() {
        if rules.outcome(&state).is_some() {
            return Err(ReplayError::OverEarly(i));
        }
        rules
            .execute(field, &mut state, cmd)
            .map_err(|why| ReplayError::Illegal {
                index: i + 1,
                why: why.to_string(),
            })?;
    }
    Ok(state)
}

/// Replay a finished battle: every command legal and the last one ends it.
pub fn replay_finished<R: Ruleset>(
    rules: &R,
    field: &Battlefield,
    forces: &Forces,
    seed: u64,
    commands: &[R::Command],
) -> Result<(BattleOutcome, Summary), ReplayError> {
    let state = replay(rules, field, forces, seed, commands)?;
    let outcome = rules.outcome(&state).ok_or(ReplayError::NotOver)?;
    Ok((outcome, rules.summary(&state)))
}

/// Auto-resolve odds from simulated battles.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AutoOdds {
    /// Battles simulated.
    pub battles: u32,
    /// Share the attacker won.
    pub attacker_wins: f64,
    /// Share the defender won.
    pub defender_wins: f64,
    /// Share that ended in a stand-off.
    pub standoff: f64,
    /// Whether the result is certain: the ruleset rolls no dice, so every battle between
    /// these bots from this position ends the same way.
    pub certain: bool,
}

impl AutoOdds {
    /// The odds from a list of outcomes.
    pub fn from_outcomes(outcomes: &[BattleOutcome], certain: bool) -> AutoOdds {
        let n = outcomes.len().max(1) as f64;
        let share = |o: BattleOutcome| outcomes.iter().filter(|x| **x == o).count() as f64 / n;
        AutoOdds {
            battles: outcomes.len() as u32,
            attacker_wins: share(BattleOutcome::AttackerWins),
            defender_wins: share(BattleOutcome::DefenderWins),
            standoff: share(BattleOutcome::StandOff),
            certain,
        }
    }

    /// The share of `side`'s wins.
    pub fn wins(&self, side: Side) -> f64 {
        match side {
            Side::Attacker => self.attacker_wins,
            Side::Defender => self.defender_wins,
        }
    }
}

/// Auto-resolve odds over `n` battles with seeds `seed..seed+n`, both sides played by `bots`
/// (in parallel: each battle is its own seeded game, so the result does not depend on the thread
/// count). A ruleset without dice fights one battle: its result is certain.
pub fn odds<R: Ruleset>(
    rules: &R,
    field: &Battlefield,
    forces: &Forces,
    seed: u64,
    n: u32,
    bots: [BotLevel; 2],
) -> AutoOdds {
    let certain = rules.deterministic(&rules.setup(field, forces, seed));
    let n = if certain { 1 } else { n };
    let outcomes: Vec<BattleOutcome> = (0..u64::from(n))
        .into_par_iter()
        .map(|k| {
            play(
                rules,
                field,
                forces,
                seed.wrapping_add(k),
                bots,
                None,
                |_| {},
            )
            .outcome
        })
        .collect();
    AutoOdds::from_outcomes(&outcomes, certain)
}
