//! The `omms battle` command: fight a tactical battle at a settlement of a map package,
//! headless, and report it as JSON.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::map::GameMap;
use crate::rules::{SideDice, UnitType};
use crate::tactical::force::{parse_elements, Arm, Force, Forces};
use crate::tactical::registry::{self, AnyRuleset, RulesetId};
use crate::tactical::ruleset::{BattleOutcome, BotLevel, Summary};
use crate::tactical::{AutoOdds, BattleSite, Battlefield, RuleOptions};

/// Read a ruleset id on the command line, checked against the registry.
pub fn parse_ruleset(s: &str) -> Result<RulesetId, String> {
    RulesetId::new(s).map_err(|e| e.to_string())
}

/// What to fight.
#[derive(Debug, Clone)]
pub struct BattleArgs {
    /// The map package.
    pub map: PathBuf,
    /// The contested settlement's name.
    pub at: String,
    /// The ruleset.
    pub ruleset: RulesetId,
    /// Both sides' elements.
    pub forces: Forces,
    /// Whether the settlement is a fortification (walls round the objective).
    pub fortified: bool,
    /// Compass bearing from the settlement to where the attack came from.
    pub from_bearing: f64,
    /// The battle's seed.
    pub seed: u64,
}

impl BattleArgs {
    /// The ruleset's face.
    pub fn rules(&self) -> &'static dyn AnyRuleset {
        // An id is only made from the registry, which never forgets a ruleset.
        self.ruleset
            .rules()
            .unwrap_or_else(|_| registry::BUILTIN[0])
    }
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

/// A side's force from the command line, and whether it names a fortification. Either the
/// strategic dice, `UNIT:DICE[:SETTLEMENT_DICE][:fort][:cars][:guns]` (e.g. `invader:2`,
/// `guard:2:2:fort`, `tank:3:cars`), converted as the game converts them (RULINGS §9) and
/// equipped as the words at the end say (see [`EQUIPMENT`]), or the ruleset's elements written out,
/// `[N*]TYPE[/elite|/green][@house],…` (e.g. `2*foot,horse/elite`, `lancers,mg@house`).
pub fn parse_force(s: &str, rules: &dyn AnyRuleset) -> Result<(Force, bool), BattleError> {
    let unit = match s
        .split(':')
        .next()
        .map(|p| p.to_ascii_lowercase())
        .as_deref()
    {
        Some("scout") => Some(UnitType::Scout),
        Some("guard") => Some(UnitType::Guard),
        Some("invader") => Some(UnitType::Invader),
        Some("tank") => Some(UnitType::Tank),
        _ => None,
    };
    let Some(unit) = unit.filter(|_| s.contains(':')) else {
        return parse_elements(s, rules.troops())
            .map(|f| (f, false))
            .map_err(BattleError::BadForce);
    };
    let bad = || {
        BattleError::BadForce(format!(
            "{s:?}: expected UNIT:DICE[:SETTLEMENT_DICE][:fort][:cars][:guns], e.g. invader:2, \
             guard:2:2:fort or tank:3:cars"
        ))
    };
    let mut parts: Vec<&str> = s.split(':').collect();
    // Equipment words come last: what the dice that leave a choice are to be.
    let mut kit = Vec::new();
    while let Some(w) = parts
        .last()
        .filter(|w| EQUIPMENT.iter().any(|e| e.word == **w))
    {
        kit.push(*w);
        parts.pop();
    }
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
    let dice = SideDice {
        unit,
        unit_dice,
        settlement_dice,
        fortified,
    };
    let mut force = dice.force();
    for word in kit {
        equip(&mut force, word, rules)
            .map_err(|why| BattleError::BadForce(format!("{s:?}: {why}")))?;
    }
    Ok((force, fortified))
}

/// A word a dice force may end with, equipping the dice that leave a choice.
struct Equipment {
    /// The word (`cars`).
    word: &'static str,
    /// The dice it equips.
    arm: Arm,
    /// The ruleset's troop type they become.
    troop: &'static str,
    /// Those dice, in words.
    dice: &'static str,
}

/// The dice a side may equip on the command line (The Dice Flew's choices: a Tank's armour
/// dice as armoured cars, a fortification's machine-gun die as field guns). Named here, the
/// equipment is the force's, as a troop type is: no seat changes it before the battle.
const EQUIPMENT: [Equipment; 2] = [
    Equipment {
        word: "cars",
        arm: Arm::Armour,
        troop: "armoured-cars",
        dice: "a Tank's armour dice",
    },
    Equipment {
        word: "guns",
        arm: Arm::MachineGun,
        troop: "field-guns",
        dice: "a fortification's machine-gun die",
    },
];

/// Make the dice of `force` that `word` names its troop type.
fn equip(force: &mut Force, word: &str, rules: &dyn AnyRuleset) -> Result<(), String> {
    let e = EQUIPMENT
        .iter()
        .find(|e| e.word == word)
        .expect("a known word");
    if !rules.troops().iter().any(|t| t.name == e.troop) {
        return Err(format!(
            "{word}: {} has no {} for {} to be",
            rules.title(),
            e.troop,
            e.dice
        ));
    }
    let mut any = false;
    for el in force
        .elements
        .iter_mut()
        .filter(|el| el.arm == e.arm && el.troop.is_none())
    {
        el.troop = Some(e.troop.to_string());
        any = true;
    }
    if any {
        Ok(())
    } else {
        Err(format!(
            "{word}: equips {}, and these dice have none",
            e.dice
        ))
    }
}

/// The optional rules from the command line (`square=off,tide=on`), each one `rules` offers.
pub fn parse_options(s: &str, rules: &dyn AnyRuleset) -> Result<RuleOptions, BattleError> {
    let options =
        RuleOptions::parse(s).map_err(|e| BattleError::BadForce(format!("--option: {e}")))?;
    options
        .check_for(rules.title(), rules.options())
        .map_err(|e| BattleError::BadForce(format!("--option: {e}")))?;
    Ok(options)
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
    let site = BattleSite {
        attacker_from_bearing: args.from_bearing,
        fortified: args.fortified,
    };
    Battlefield::build(map, id, args.rules().table(), site)
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
    /// What the attacker lost, as the ruleset counts (figures, units, men).
    pub attacker_losses: u32,
    /// What the defender lost.
    pub defender_losses: u32,
    /// Commands played.
    pub commands: usize,
    /// The optional rules set on the command line (the rest are the ruleset's defaults).
    #[serde(skip_serializing_if = "RuleOptions::is_empty")]
    pub options: RuleOptions,
}

impl BattleReport {
    fn new(
        field: &Battlefield,
        args: &BattleArgs,
        outcome: BattleOutcome,
        s: Summary,
        commands: usize,
    ) -> Self {
        BattleReport {
            ruleset: args.ruleset.as_str(),
            place: field.place_name.clone(),
            seed: args.seed,
            outcome,
            turns: s.turns,
            attacker_losses: s.losses[0],
            defender_losses: s.losses[1],
            commands,
            options: args.forces.options,
        }
    }
}

/// Fight the battle with both sides played by the tactical bot.
pub fn run_auto(field: &Battlefield, args: &BattleArgs) -> BattleReport {
    let b = args
        .rules()
        .play(field, &args.forces, args.seed, [BotLevel::Captain; 2]);
    BattleReport::new(field, args, b.outcome, b.summary, b.log.len())
}

/// Auto-resolve odds from `n` battles with seeds `seed..seed+n`.
pub fn run_odds(field: &Battlefield, args: &BattleArgs, n: u32) -> AutoOdds {
    args.rules()
        .odds(field, &args.forces, args.seed, n, [BotLevel::Captain; 2])
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
    let script = script
        .map(crate::ui::script::parse)
        .transpose()
        .map_err(BattleError::Render)?;
    let names = ["Red", "Blue"].map(String::from);
    let shots = shots.unwrap_or_else(|| PathBuf::from("."));
    let table = crate::ui::table_play::open(
        args.ruleset,
        field.clone(),
        args.forces.clone(),
        args.seed,
        ai.human(),
        names,
    )
    .map_err(BattleError::Render)?;
    let finished = crate::ui::table_play::standalone::run(table, script, shots)
        .map_err(BattleError::Render)?;
    Ok(finished.and_then(|f| {
        let outcome = f.outcome?;
        Some(BattleReport::new(
            &field,
            args,
            outcome,
            f.summary,
            f.log.len(),
        ))
    }))
}

/// Draw the table to a PNG (`omms battle --png`): empty, or with the forces after the bots have
/// played `after_turns` whole turns (0: as deployed).
pub fn run_png(
    field: Battlefield,
    args: &BattleArgs,
    after_turns: Option<u32>,
    path: PathBuf,
) -> Result<String, BattleError> {
    let shown = path.display().to_string();
    crate::ui::table_play::render_png(
        args.ruleset,
        field,
        &args.forces,
        args.seed,
        after_turns,
        path,
    )
    .map_err(BattleError::Render)?;
    Ok(format!("wrote {shown}"))
}
