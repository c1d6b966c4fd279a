//! The `omms balance` command: for every playable settlement of a map and a set of strategic
//! pairings, the odds the OMMS dice give beside the odds of auto-resolving the battle on the
//! table, and how far apart they are (issue 15: a table battle should favour whoever the dice
//! favour).
//!
//! The dice odds are the strategic engine's own ([`crate::rules::odds`], as the attack dialog
//! shows them); the table odds are the registry's auto-resolve ([`AnyRuleset::odds`]) with the
//! bots the strategic game uses.

use std::path::Path;

use serde::Serialize;

use crate::map::GameMap;
use crate::rules::{Dice, FightDice, SideDice, UnitType};
use crate::tactical::registry::AnyRuleset;
use crate::tactical::route::Routes;
use crate::tactical::ruleset::BotLevel;
use crate::tactical::table::inches;
use crate::tactical::{BattleSite, Battlefield};

/// A strategic fight to try at every settlement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Pairing {
    /// Its short name on the command line and in the report (`inv-guard-fort`).
    pub name: &'static str,
    /// Both sides' dice.
    pub dice: FightDice,
}

const fn side(unit: UnitType, unit_dice: u8, settlement_dice: u8, fortified: bool) -> SideDice {
    SideDice {
        unit,
        unit_dice,
        settlement_dice,
        fortified,
    }
}

const fn pairing(name: &'static str, attacker: SideDice, defender: SideDice) -> Pairing {
    Pairing {
        name,
        dice: FightDice { attacker, defender },
    }
}

/// The pairings of issue 15: the common attacks on a settlement, from an even fight to a long
/// shot against a fort.
pub const PAIRINGS: [Pairing; 6] = [
    // Invader (2) v Guard in a settlement (2 + 1): 2 v 3.
    pairing(
        "inv-guard",
        side(UnitType::Invader, 2, 0, false),
        side(UnitType::Guard, 2, 1, false),
    ),
    // Invader (2) v Guard in a fort (2 + 2): 2 v 4.
    pairing(
        "inv-guard-fort",
        side(UnitType::Invader, 2, 0, false),
        side(UnitType::Guard, 2, 2, true),
    ),
    // Invader with a bought die (3) v Guard in a settlement: 3 v 3.
    pairing(
        "inv3-guard",
        side(UnitType::Invader, 3, 0, false),
        side(UnitType::Guard, 2, 1, false),
    ),
    // Invader (2) v Invader holding a settlement (1 + 1): 2 v 2.
    pairing(
        "inv-inv",
        side(UnitType::Invader, 2, 0, false),
        side(UnitType::Invader, 1, 1, false),
    ),
    // Tank (3) v Guard in a settlement: 3 v 3.
    pairing(
        "tank-guard",
        side(UnitType::Tank, 3, 0, false),
        side(UnitType::Guard, 2, 1, false),
    ),
    // Tank with a bought die (4) v Guard in a fort: 4 v 4.
    pairing(
        "tank4-guard-fort",
        side(UnitType::Tank, 4, 0, false),
        side(UnitType::Guard, 2, 2, true),
    ),
];

/// The pairings called `names` (all of them when `names` is empty).
pub fn pairings(names: &[String]) -> Result<Vec<Pairing>, String> {
    if names.is_empty() {
        return Ok(PAIRINGS.to_vec());
    }
    names
        .iter()
        .map(|n| {
            PAIRINGS
                .iter()
                .find(|p| p.name == n)
                .copied()
                .ok_or_else(|| {
                    let known: Vec<&str> = PAIRINGS.iter().map(|p| p.name).collect();
                    format!("no pairing {n:?} (known: {})", known.join(", "))
                })
        })
        .collect()
}

/// One settlement under one pairing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The settlement.
    pub place: String,
    /// The pairing's name.
    pub pairing: &'static str,
    /// The dice: attacker wins, defender wins.
    pub dice: [f64; 2],
    /// The table (auto-resolve): attacker wins, defender wins, stand-off.
    pub table: [f64; 3],
    /// Share of the attacker's deployment zone with a route to the objective.
    pub reach: f64,
}

impl Row {
    /// Table minus dice, on the attacker's chance.
    pub fn gap(&self) -> f64 {
        self.table[0] - self.dice[0]
    }
}

/// A whole run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Balance {
    /// The ruleset's id.
    pub ruleset: &'static str,
    /// Battles per settlement and pairing.
    pub battles: u32,
    /// Every settlement and pairing.
    pub rows: Vec<Row>,
    /// Settlements with no battlefield, and why.
    pub skipped: Vec<(String, String)>,
}

impl Balance {
    /// Mean of |table − dice| on the attacker's chance, in points (0–100).
    pub fn mean_gap(&self) -> f64 {
        let n = self.rows.len().max(1) as f64;
        100.0 * self.rows.iter().map(|r| r.gap().abs()).sum::<f64>() / n
    }

    /// Mean of table − dice on the attacker's chance, in points: negative when the table
    /// favours the defender more than the dice do.
    pub fn mean_bias(&self) -> f64 {
        let n = self.rows.len().max(1) as f64;
        100.0 * self.rows.iter().map(Row::gap).sum::<f64>() / n
    }

    /// Rows where the dice give the attacker at least 20% and the table under 5%: a trap.
    pub fn traps(&self) -> Vec<&Row> {
        self.rows
            .iter()
            .filter(|r| r.dice[0] >= 0.2 && r.table[0] < 0.05)
            .collect()
    }

    /// The report as a table a person reads.
    pub fn text(&self) -> String {
        let pct = |x: f64| format!("{:>3.0}", 100.0 * x);
        let mut out = format!(
            "{} · {} battles each · attacker/defender/stand-off % · reach: % of the attacker's zone with a route\n{:<24} {:<17} {:>8} {:>12} {:>5} {:>5}\n",
            self.ruleset, self.battles, "settlement", "pairing", "dice", "table", "gap", "reach"
        );
        for r in &self.rows {
            out.push_str(&format!(
                "{:<24} {:<17} {}/{} {}/{}/{} {:>+5.0} {:>5}\n",
                r.place.chars().take(24).collect::<String>(),
                r.pairing,
                pct(r.dice[0]),
                pct(r.dice[1]),
                pct(r.table[0]),
                pct(r.table[1]),
                pct(r.table[2]),
                100.0 * r.gap(),
                pct(r.reach)
            ));
        }
        for (p, why) in &self.skipped {
            out.push_str(&format!("{p}: no battlefield ({why})\n"));
        }
        out.push_str(&format!(
            "mean gap on the attacker's chance: {:.1} points (bias {:+.1}); traps (dice ≥ 20%, table < 5%): {}\n",
            self.mean_gap(),
            self.mean_bias(),
            self.traps().len()
        ));
        out
    }
}

/// The odds the OMMS dice give a pairing: attacker wins, defender wins.
pub fn dice_odds(p: &Pairing) -> [f64; 2] {
    let o = crate::rules::odds(Dice(p.dice.attacker.total()), Dice(p.dice.defender.total()));
    [o.p_attacker(), o.p_defender()]
}

/// Run every pairing at every playable settlement of `map` (or only the places named in
/// `only`), `n` battles each from `seed`, the attacker coming from `from_bearing`.
#[allow(clippy::too_many_arguments)]
pub fn balance(
    map: &GameMap,
    rules: &dyn AnyRuleset,
    pairings: &[Pairing],
    only: &[String],
    n: u32,
    seed: u64,
    from_bearing: f64,
    bots: [BotLevel; 2],
) -> Balance {
    let mut rows = Vec::new();
    let mut skipped = Vec::new();
    let mut places: Vec<_> = map
        .places()
        .iter()
        .filter(|p| p.playable())
        .filter(|p| only.is_empty() || only.iter().any(|o| o == p.name()))
        .collect();
    places.sort_by(|a, b| a.name().cmp(b.name()));
    for place in places {
        for p in pairings {
            let site = BattleSite {
                attacker_from_bearing: from_bearing,
                fortified: p.dice.defender.fortified,
            };
            let field = match Battlefield::build(map, place.id(), rules.table(), site) {
                Ok(f) => f,
                Err(e) => {
                    skipped.push((place.name().to_string(), e.to_string()));
                    break;
                }
            };
            let o = rules.odds(&field, &p.dice.forces(), seed, n, bots);
            let reach = Routes::build(&field).attacker_reach(&field, inches(6.0));
            rows.push(Row {
                place: place.name().to_string(),
                pairing: p.name,
                dice: dice_odds(p),
                table: [o.attacker_wins, o.defender_wins, o.standoff],
                reach,
            });
        }
    }
    Balance {
        ruleset: rules.id(),
        battles: n,
        rows,
        skipped,
    }
}

/// Load the package at `dir` and run [`balance`] over it.
#[allow(clippy::too_many_arguments)]
pub fn balance_at(
    dir: &Path,
    rules: &dyn AnyRuleset,
    pairings: &[Pairing],
    only: &[String],
    n: u32,
    seed: u64,
    from_bearing: f64,
    bots: [BotLevel; 2],
) -> Result<Balance, crate::map::LoadError> {
    let map = GameMap::load(dir)?;
    Ok(balance(
        &map,
        rules,
        pairings,
        only,
        n,
        seed,
        from_bearing,
        bots,
    ))
}

/// `omms balance`: the dice beside the table at every playable settlement of a map.
#[derive(Debug, Clone, clap::Args)]
pub struct BalanceArgs {
    /// Map package folder.
    #[arg(long, value_name = "DIR")]
    pub map: std::path::PathBuf,
    /// The tactical ruleset.
    #[arg(long, default_value = "omog19c", value_parser = super::battle::parse_ruleset)]
    pub ruleset: crate::tactical::RulesetId,
    /// Battles per settlement and pairing.
    #[arg(long, default_value_t = 50)]
    pub battles: u32,
    /// The first battle's seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Compass bearing (degrees) from each settlement to where the attacker comes from.
    #[arg(long, default_value_t = 180.0)]
    pub from_bearing: f64,
    /// Only these pairings (repeatable; default: all of inv-guard, inv-guard-fort, inv3-guard,
    /// inv-inv, tank-guard, tank4-guard-fort).
    #[arg(long = "pairing", value_name = "NAME")]
    pub pairings: Vec<String>,
    /// Only these settlements (repeatable; default: every playable one).
    #[arg(long = "at", value_name = "NAME")]
    pub at: Vec<String>,
    /// The bot playing the attacker (`random`, `captain` — auto-resolve's — or `general`).
    #[arg(long, default_value = "captain", value_parser = parse_bot)]
    pub attacker_bot: BotLevel,
    /// The bot playing the defender.
    #[arg(long, default_value = "captain", value_parser = parse_bot)]
    pub defender_bot: BotLevel,
    /// Print JSON instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// A bot level on the command line.
pub fn parse_bot(s: &str) -> Result<BotLevel, String> {
    match s {
        "random" => Ok(BotLevel::Random),
        "captain" => Ok(BotLevel::Captain),
        "general" => Ok(BotLevel::General),
        _ => Err(format!("no bot {s:?} (known: random, captain, general)")),
    }
}

/// Run `omms balance`: exit 2 with a message naming what is wrong on bad input.
pub fn run(args: BalanceArgs) -> std::process::ExitCode {
    let go = || -> Result<String, String> {
        let rules = args.ruleset.rules().map_err(|e| e.to_string())?;
        let pairings = pairings(&args.pairings)?;
        let b = balance_at(
            &args.map,
            rules,
            &pairings,
            &args.at,
            args.battles.max(1),
            args.seed,
            args.from_bearing,
            [args.attacker_bot, args.defender_bot],
        )
        .map_err(|e| e.to_string())?;
        if b.rows.is_empty() && !args.at.is_empty() {
            return Err(format!(
                "{}: no playable settlement called {}",
                args.map.display(),
                args.at.join(" or ")
            ));
        }
        Ok(if args.json {
            serde_json::to_string(&b).expect("reports serialise")
        } else {
            b.text()
        })
    };
    match go() {
        Ok(s) => {
            println!("{}", s.trim_end());
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::from(2)
        }
    }
}
