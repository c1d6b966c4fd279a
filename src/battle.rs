//! The `omms battle` command: fight a tactical battle at a settlement of a map package,
//! headless, and report it as JSON.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;

use crate::map::GameMap;
use crate::rules::UnitType;
use crate::tactical::omog19c::{auto_battle, TacticalBot};
use crate::tactical::ruleset::{BattleOutcome, Force, Forces};
use crate::tactical::{BattleSite, Battlefield, TableSpec};

/// The rulesets `omms battle` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesetName {
    /// OMOG 19C.
    Omog19c,
}

/// What to fight.
#[derive(Debug, Clone)]
pub struct BattleArgs {
    /// The map package.
    pub map: PathBuf,
    /// The contested settlement's name.
    pub at: String,
    /// The ruleset.
    pub ruleset: RulesetName,
    /// The attacker: unit and dice.
    pub attacker: Force,
    /// The defender: unit, dice, settlement dice, fortification.
    pub defender: Force,
    /// Compass bearing from the settlement to where the attack came from.
    pub from_bearing: f64,
    /// The battle's seed.
    pub seed: u64,
}

/// Why `omms battle` failed.
#[derive(Debug, thiserror::Error)]
pub enum BattleError {
    /// The map package did not load.
    #[error(transparent)]
    Map(#[from] crate::map::LoadError),
    /// No place of that name.
    #[error("{map}: no place called {name:?} (names are as on the board, e.g. {example:?})")]
    UnknownPlace {
        /// The package folder.
        map: String,
        /// The name asked for.
        name: String,
        /// A real name, as a hint.
        example: String,
    },
    /// The battlefield could not be built.
    #[error("{map}: {source}")]
    Battlefield {
        /// The package folder.
        map: String,
        /// Why.
        source: crate::tactical::BattlefieldError,
    },
    /// A bad force description or combination of options.
    #[error("{0}")]
    BadForce(String),
    /// The table could not be drawn.
    #[error("{0}")]
    Render(String),
}

/// Parse `unit:dice[:settlement_dice][:fort]`, e.g. `invader:2` or `guard:2:2:fort`.
pub fn parse_force(s: &str) -> Result<Force, BattleError> {
    let bad = || {
        BattleError::BadForce(format!(
            "{s:?}: expected UNIT:DICE[:SETTLEMENT_DICE][:fort], e.g. invader:2 or guard:2:2:fort"
        ))
    };
    let parts: Vec<&str> = s.split(':').collect();
    let unit = match parts.first().map(|p| p.to_ascii_lowercase()).as_deref() {
        Some("scout") => UnitType::Scout,
        Some("guard") => UnitType::Guard,
        Some("invader") => UnitType::Invader,
        Some("tank") => UnitType::Tank,
        _ => return Err(bad()),
    };
    let num = |i: usize| -> Result<u8, BattleError> {
        match parts.get(i) {
            None => Ok(0),
            Some(p) => p.parse::<u8>().ok().filter(|n| *n <= 4).ok_or_else(bad),
        }
    };
    let unit_dice = num(1)?;
    let settlement_dice = num(2)?;
    let fortified = match parts.get(3) {
        None => false,
        Some(&"fort") => true,
        Some(_) => return Err(bad()),
    };
    if unit_dice == 0 || parts.len() > 4 || unit_dice + settlement_dice > 8 {
        return Err(bad());
    }
    Ok(Force {
        unit,
        unit_dice,
        settlement_dice,
        fortified,
    })
}

/// The battlefield for the arguments' place.
pub fn battlefield(args: &BattleArgs) -> Result<Battlefield, BattleError> {
    let map = GameMap::load(&args.map)?;
    field_on(&map, &args.map, args)
}

fn field_on(map: &GameMap, dir: &Path, args: &BattleArgs) -> Result<Battlefield, BattleError> {
    let dir_s = dir.display().to_string();
    let Some(id) = map.place_by_name(&args.at) else {
        return Err(BattleError::UnknownPlace {
            map: dir_s,
            name: args.at.clone(),
            example: map
                .places()
                .iter()
                .find(|p| p.playable())
                .map(|p| p.name().to_string())
                .unwrap_or_default(),
        });
    };
    let spec = match args.ruleset {
        RulesetName::Omog19c => TableSpec::OMOG,
    };
    let site = BattleSite {
        attacker_from_bearing: args.from_bearing,
        fortified: args.defender.fortified,
    };
    Battlefield::build(map, id, spec, site)
        .map_err(|source| BattleError::Battlefield { map: dir_s, source })
}

/// The JSON line `omms battle --auto` prints.
#[derive(Debug, Clone, Serialize)]
pub struct BattleReport {
    /// Ruleset id.
    pub ruleset: &'static str,
    /// The contested place.
    pub place: String,
    /// The seed.
    pub seed: u64,
    /// How it ended.
    pub outcome: BattleOutcome,
    /// Turns played.
    pub turns: u32,
    /// Figures lost by the attacker.
    pub attacker_losses: u32,
    /// Figures lost by the defender.
    pub defender_losses: u32,
    /// Commands played.
    pub commands: usize,
}

/// Fight the battle with both sides played by the tactical bot.
pub fn run_auto(field: &Battlefield, args: &BattleArgs) -> BattleReport {
    let forces = Forces {
        attacker: args.attacker,
        defender: args.defender,
    };
    let b = auto_battle(
        field,
        &forces,
        args.seed,
        TacticalBot::Captain,
        TacticalBot::Captain,
    );
    report(field, args, b.outcome, &b.state, b.commands.len())
}

fn report(
    field: &Battlefield,
    args: &BattleArgs,
    outcome: BattleOutcome,
    state: &crate::tactical::omog19c::OmogState,
    commands: usize,
) -> BattleReport {
    BattleReport {
        ruleset: "omog19c",
        place: field.place_name.clone(),
        seed: args.seed,
        outcome,
        turns: state.turn,
        attacker_losses: state.losses[0],
        defender_losses: state.losses[1],
        commands,
    }
}

/// Which side the tactical bot plays when a battle is played on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AiSide {
    /// The bot attacks; you defend.
    Attacker,
    /// The bot defends; you attack.
    Defender,
    /// Nobody: hot seat, both sides at one screen.
    None,
    /// Both: watch the bots fight it out.
    Both,
}

impl AiSide {
    /// Which sides are human, `[attacker, defender]`.
    pub fn human(self) -> [bool; 2] {
        match self {
            AiSide::Attacker => [false, true],
            AiSide::Defender => [true, false],
            AiSide::None => [true, true],
            AiSide::Both => [false, false],
        }
    }
}

/// Play the battle on the table screen in a window (`omms battle --play`). Returns the same
/// report as `--auto` once the battle is over and the player has clicked Done, or `None` if
/// the window was closed (or the script ran out) before that.
pub fn run_play(
    field: Battlefield,
    args: &BattleArgs,
    ai: AiSide,
    script: Option<&Path>,
    shots: Option<PathBuf>,
) -> Result<Option<BattleReport>, BattleError> {
    let forces = Forces {
        attacker: args.attacker,
        defender: args.defender,
    };
    let script = script
        .map(crate::ui::script::parse)
        .transpose()
        .map_err(BattleError::Render)?;
    let names = ["Red", "Blue"].map(String::from);
    let play =
        crate::ui::table_play::TablePlay::new(field.clone(), forces, args.seed, ai.human(), names);
    let shots = shots.unwrap_or_else(|| PathBuf::from("."));
    let finished =
        crate::ui::table_play::standalone::run(play, script, shots).map_err(BattleError::Render)?;
    Ok(finished.and_then(|f| {
        let outcome = f.state.outcome?;
        Some(report(&field, args, outcome, &f.state, f.commands.len()))
    }))
}

/// Auto-resolve odds from `n` simulated battles with seeds `seed..seed+n`.
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
}

/// Simulate `n` battles (in parallel; each is its own seeded game, so the result does not
/// depend on the thread count).
pub fn auto_odds(field: &Battlefield, forces: &Forces, seed: u64, n: u32) -> AutoOdds {
    let outcomes: Vec<BattleOutcome> = (0..n as u64)
        .into_par_iter()
        .map(|k| {
            auto_battle(
                field,
                forces,
                seed.wrapping_add(k),
                TacticalBot::Captain,
                TacticalBot::Captain,
            )
            .outcome
        })
        .collect();
    let share =
        |o: BattleOutcome| outcomes.iter().filter(|x| **x == o).count() as f64 / n.max(1) as f64;
    AutoOdds {
        battles: n,
        attacker_wins: share(BattleOutcome::AttackerWins),
        defender_wins: share(BattleOutcome::DefenderWins),
        standoff: share(BattleOutcome::StandOff),
    }
}

/// The position after the bots have played `turns` whole turns (0: as deployed), with the last
/// heavy-weapon template laid on the way: what `omms battle --png --after-turns` draws.
pub fn position_after(
    field: &Battlefield,
    forces: &Forces,
    seed: u64,
    turns: u32,
) -> (
    crate::tactical::omog19c::OmogState,
    Option<crate::tactical::Template>,
) {
    let b = crate::tactical::omog19c::bot_battle(
        field,
        forces,
        seed,
        [TacticalBot::Captain; 2],
        Some(turns),
    );
    (b.state, b.last_template)
}
