//! Golden battle logs: whole OMOG 19C battles committed under `tests/golden/omog19c/` — the
//! table (map, place, the attacker's bearing, walls or none), the forces, the seed and every
//! command — replayed through the registry, each command checked, to the outcome, turns and
//! losses written beside them. A rule change that alters a battle fails here until the files are
//! made again (`OMMS_REGEN_GOLDEN=1 cargo test --release --test tactical_golden`), and the commit
//! that does so says why.

use std::path::{Path, PathBuf};

use omms::map::GameMap;
use omms::tactical::drive;
use omms::tactical::log::LoggedCommand;
use omms::tactical::omog19c::Omog19c;
use omms::tactical::ruleset::{BattleOutcome, BotLevel, Summary};
use omms::tactical::{registry, BattleSite, Battlefield, Forces, TableSpec};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Golden {
    /// What the battle shows.
    about: String,
    ruleset: String,
    /// A shipped map's folder name under `maps/`.
    map: String,
    at: String,
    from_bearing: f64,
    fortified: bool,
    forces: Forces,
    seed: u64,
    outcome: BattleOutcome,
    summary: Summary,
    commands: Vec<LoggedCommand>,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn field(g: &Golden) -> Battlefield {
    let map = GameMap::load(&root().join("maps").join(&g.map)).unwrap();
    let id = map.place_by_name(&g.at).unwrap();
    let site = BattleSite {
        attacker_from_bearing: g.from_bearing,
        fortified: g.fortified,
    };
    Battlefield::build(&map, id, TableSpec::OMOG, site).unwrap()
}

fn files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("tests/golden/omog19c"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    v.sort();
    v
}

fn regenerate(path: &Path, g: &mut Golden) {
    let f = field(g);
    let played = drive::play(
        &Omog19c,
        &f,
        &g.forces,
        g.seed,
        [BotLevel::Captain; 2],
        None,
        |_| {},
    );
    g.outcome = played.outcome;
    g.summary = played.summary;
    g.commands = played.commands.iter().map(LoggedCommand::of).collect();
    let text = serde_json::to_string_pretty(g).unwrap() + "\n";
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

#[test]
fn every_golden_battle_replays_to_its_outcome_turns_and_losses() {
    let files = files();
    assert!(files.len() >= 3, "{files:?}");
    let regen = std::env::var_os("OMMS_REGEN_GOLDEN").is_some();
    for path in files {
        let mut g: Golden = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        if regen {
            regenerate(&path, &mut g);
        }
        let rules = registry::get(&g.ruleset).unwrap();
        let got = rules
            .replay_finished(&field(&g), &g.forces, g.seed, &g.commands)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            got,
            (g.outcome, g.summary),
            "{}: {} no longer plays as written",
            path.display(),
            g.about
        );
    }
}
