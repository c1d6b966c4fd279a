//! The `omms` binary: plays by default; `import` turns an OSM extract into a map package.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// OMMS — On Map Military Strategy, on real OpenStreetMap road maps.
#[derive(Parser, Debug)]
#[command(name = "omms", version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    /// Map package folder to play on (default: the shipped Andorra map).
    #[arg(long, value_name = "DIR")]
    map: Option<PathBuf>,
    /// Render one frame of the board to this PNG file and exit.
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Import an OpenStreetMap `.osm.pbf` extract into a map package folder.
    Import {
        /// The `.osm.pbf` file (convert `.osm` XML first with `osmium cat`).
        input: PathBuf,
        /// Folder to write the map package to (replaced if it exists).
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
        None => {
            let map_dir = cli.map.unwrap_or_else(default_map_dir);
            match omms::ui::run(omms::ui::BoardOptions {
                map_dir,
                screenshot: cli.screenshot,
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
