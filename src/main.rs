//! The `omms` binary: plays by default; `import` turns an OSM extract into a map package;
//! `battle` fights a tactical battle; `sim` plays bot games; `rules` asks the engine about a
//! scenario. The front-ends live side by side in `omms::cli`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// OMMS — On Map Military Strategy, on real OpenStreetMap road maps.
#[derive(Parser, Debug)]
#[command(
    name = "omms",
    version = env!("OMMS_VERSION"),
    about,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    /// Map package folder to play on (default: the shipped Andorra map).
    #[arg(long, value_name = "DIR")]
    map: Option<PathBuf>,
    /// Render one frame of the board to this PNG file and exit.
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<PathBuf>,
    /// Drive the menus and the game from a script of clicks, keys and waits, then exit.
    #[arg(long, value_name = "FILE")]
    script: Option<PathBuf>,
    /// Folder for the script's `shot NAME` screenshots.
    #[arg(long, value_name = "DIR")]
    screenshot_dir: Option<PathBuf>,
    /// Folder for saves and the autosave (default: `saves`).
    #[arg(long, value_name = "DIR")]
    saves: Option<PathBuf>,
    /// The game window's size, e.g. 1366x768 (default 1280x680).
    #[arg(long, value_name = "WxH", value_parser = parse_window)]
    window: Option<[i32; 2]>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Import an OpenStreetMap `.osm.pbf` extract into a map package folder.
    Import {
        /// The `.osm.pbf` file (convert `.osm` XML first with `osmium cat`).
        input: PathBuf,
        /// Folder to write the map package to: a new folder, or a previous package (it has
        /// `map.toml`), replaced once the new one is complete. Anything else is refused.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Display name of the map (default: from the file name).
        #[arg(long)]
        name: Option<String>,
        /// Map scale: `auto` (RULINGS §2) or a denominator such as 50000.
        #[arg(long, default_value = "auto")]
        scale: String,
        /// Keep only W,S,E,N (degrees); roads are cut at the edge.
        #[arg(long, value_name = "W,S,E,N", allow_hyphen_values = true)]
        bbox: Option<String>,
        /// Change the road mapping, e.g. `tertiary=B` or `trunk=none`; repeatable.
        #[arg(long = "road-class", value_name = "HIGHWAY=CLASS")]
        road_class: Vec<String>,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Fight a tactical battle at a settlement, headless, and print the result as JSON.
    Battle {
        /// Map package folder.
        #[arg(long, value_name = "DIR")]
        map: Option<PathBuf>,
        /// The contested settlement's name, as on the board.
        #[arg(long, value_name = "NAME")]
        at: String,
        /// The tactical ruleset (an id from the registry, e.g. `omog19c`).
        #[arg(long, default_value = "omog19c", value_parser = omms::cli::battle::parse_ruleset)]
        ruleset: omms::tactical::RulesetId,
        /// The attacker: the strategic dice, UNIT:DICE (e.g. `invader:2`), or the ruleset's
        /// elements, [N*]TYPE[/elite|/green],… (e.g. `2*foot,horse/elite`). In the Dice Flew
        /// a Tank's armour dice are medium tanks, or armoured cars with `:cars` (`tank:3:cars`);
        /// left unnamed, a seat may still choose before the battle.
        #[arg(long, default_value = "invader:2")]
        attacker: String,
        /// The defender: UNIT:DICE[:SETTLEMENT_DICE][:fort][:guns] (e.g. `guard:2:2:fort`), or
        /// elements with `@house` for those that start in buildings (e.g. `foot,mg@house`). In
        /// the Dice Flew a fortification's machine-gun die is an MG company, or field guns with
        /// `:guns` (`guard:2:2:fort:guns`).
        #[arg(long, default_value = "guard:2:1")]
        defender: String,
        /// The settlement is a fortification: walls round the objective (implied by `:fort`).
        #[arg(long)]
        fortified: bool,
        /// Optional rules of the ruleset, NAME=on|off (e.g. `square=off`, `chance-cards=on`);
        /// repeatable or comma-separated. Unnamed ones keep the ruleset's defaults.
        #[arg(long = "option", value_name = "NAME=on|off")]
        option: Vec<String>,
        /// Compass bearing (degrees) from the settlement to where the attacker came from.
        #[arg(long, default_value_t = 180.0)]
        from_bearing: f64,
        /// The battle's seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Play the whole battle with the tactical bot on both sides.
        #[arg(long)]
        auto: bool,
        /// Instead, simulate this many battles (seeds SEED, SEED+1, …) and print the odds.
        #[arg(long, value_name = "N")]
        odds: Option<u32>,
        /// Instead, draw the table to this PNG (needs a display; use xvfb-run when headless).
        #[arg(long, value_name = "FILE.png")]
        png: Option<PathBuf>,
        /// With --png: draw the forces after the bots have played this many turns (0: as
        /// deployed). Without it the empty table is drawn.
        #[arg(long, value_name = "TURNS", requires = "png")]
        after_turns: Option<u32>,
        /// Instead, play the battle on the table in a window; prints the --auto JSON when it
        /// is over.
        #[arg(long)]
        play: bool,
        /// With --play: the side the tactical bot plays (`none`: hot seat; `both`: watch).
        #[arg(long, value_enum, default_value = "defender", requires = "play")]
        ai: omms::cli::battle::AiSide,
        /// With --play: drive the table from a script of clicks, keys and waits, then exit.
        #[arg(long, value_name = "FILE", requires = "play")]
        script: Option<PathBuf>,
        /// With --play: folder for the script's `shot NAME` screenshots.
        #[arg(long, value_name = "DIR", requires = "play")]
        screenshot_dir: Option<PathBuf>,
    },
    /// Play a whole game with bots, headless, and print a JSON summary as the last line.
    Sim(omms::cli::sim::SimArgs),
    /// Ask the rules about a position from a scenario file: moves, reach, attacks, sieges, odds.
    Rules(omms::cli::rules::RulesArgs),
    /// Dice odds beside auto-resolve odds at every playable settlement of a map (issue 15).
    Balance(omms::cli::balance::BalanceArgs),
}

/// The shipped default map: next to the working directory when run from a clone, else next to
/// the sources the binary was built from.
fn default_map_dir() -> PathBuf {
    let local = Path::new("maps/andorra");
    if local.join("map.toml").exists() {
        return local.to_path_buf();
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra")
}

fn run_import(
    input: PathBuf,
    out: PathBuf,
    name: Option<String>,
    scale: String,
    bbox: Option<String>,
    road_class: Vec<String>,
    quiet: bool,
) -> Result<omms::import::ImportSummary, omms::import::ImportError> {
    use omms::import::{parse_bbox, parse_road_class, ImportError, ImportOptions};
    let scale = match scale.as_str() {
        "auto" => None,
        s => Some(
            s.trim_start_matches("1:")
                .replace([',', '_'], "")
                .parse::<u32>()
                .ok()
                .filter(|&n| (1_000..=50_000_000).contains(&n))
                .ok_or_else(|| {
                    ImportError::BadOption(format!(
                        "--scale {s:?}: expected `auto` or a denominator such as 50000"
                    ))
                })?,
        ),
    };
    let bbox = bbox.as_deref().map(parse_bbox).transpose()?;
    let road_class_overrides = road_class
        .iter()
        .map(|s| parse_road_class(s))
        .collect::<Result<Vec<_>, _>>()?;
    omms::import::import(&ImportOptions {
        input,
        out,
        name,
        scale,
        bbox,
        road_class_overrides,
        progress: !quiet,
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Import {
            input,
            out,
            name,
            scale,
            bbox,
            road_class,
            quiet,
        }) => {
            let shown = out.display().to_string();
            match run_import(input, out, name, scale, bbox, road_class, quiet) {
                Ok(summary) => {
                    println!("wrote {shown}\n{summary}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Battle {
            map,
            at,
            ruleset,
            attacker,
            defender,
            fortified,
            option,
            from_bearing,
            seed,
            auto,
            odds,
            png,
            after_turns,
            play,
            ai,
            script,
            screenshot_dir,
        }) => {
            let run = || -> Result<String, omms::cli::battle::BattleError> {
                use omms::cli::battle::*;
                let rules = ruleset
                    .rules()
                    .map_err(|e| BattleError::BadForce(e.to_string()))?;
                let (attacker, _) = parse_force(&attacker, rules)?;
                let (defender, fort) = parse_force(&defender, rules)?;
                let options = parse_options(&option.join(","), rules)?;
                let args = BattleArgs {
                    map: map.unwrap_or_else(default_map_dir),
                    at,
                    ruleset,
                    forces: omms::tactical::Forces {
                        attacker,
                        defender,
                        options,
                    },
                    fortified: fortified || fort,
                    from_bearing,
                    seed,
                };
                let field = battlefield(&args)?;
                if play {
                    return match run_play(field, &args, ai, script.as_deref(), screenshot_dir)? {
                        Some(report) => {
                            Ok(serde_json::to_string(&report).expect("reports serialise"))
                        }
                        None => {
                            eprintln!("the battle was left before it ended");
                            Ok(String::new())
                        }
                    };
                }
                if let Some(path) = png {
                    return run_png(field, &args, after_turns, path);
                }
                let json = match (odds, auto) {
                    (Some(n), _) => serde_json::to_string(&run_odds(&field, &args, n)),
                    (None, true) => serde_json::to_string(&run_auto(&field, &args)),
                    (None, false) => {
                        return Err(BattleError::BadForce(
                            "say --auto to fight the battle, --odds N to simulate N, or --png FILE to draw it"
                                .into(),
                        ))
                    }
                };
                Ok(json.expect("reports serialise"))
            };
            match run() {
                Ok(line) => {
                    if !line.is_empty() {
                        println!("{line}");
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Sim(args)) => omms::cli::sim::run(args, default_map_dir()),
        Some(Command::Rules(args)) => omms::cli::rules::run(args),
        Some(Command::Balance(args)) => omms::cli::balance::run(args),
        None => {
            let map_dir = cli.map.unwrap_or_else(default_map_dir);
            match omms::ui::run(omms::ui::BoardOptions {
                map_dir,
                screenshot: cli.screenshot,
                script: cli.script,
                screenshot_dir: cli.screenshot_dir,
                saves_dir: cli.saves,
                window: cli.window,
            }) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

/// "1366x768" → [1366, 768]: a window between 640×400 and 8192×8192.
fn parse_window(s: &str) -> Result<[i32; 2], String> {
    let bad = || format!("{s:?} is not a window size like 1366x768");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (i32, i32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if !(640..=8192).contains(&w) || !(400..=8192).contains(&h) {
        return Err(format!("{s}: a window must be 640x400 to 8192x8192"));
    }
    Ok([w, h])
}
