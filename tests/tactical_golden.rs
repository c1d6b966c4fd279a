//! Golden battle logs: whole battles committed under `tests/golden/RULESET/` (OMOG 19C, OMOG
//! Musket, 6+, The Dice Flew) — the
//! table (map, place, the attacker's bearing, walls or none), the forces, the seed and every
//! command — replayed through the registry, each command checked, to the outcome, turns and
//! losses written beside them. A rule change that alters a battle fails here until the files are
//! made again (`OMMS_REGEN_GOLDEN=1 cargo test --release --test tactical_golden`), and the commit
//! that does so says why.

use std::path::{Path, PathBuf};

use omms::map::GameMap;
use omms::tactical::log::LoggedCommand;
use omms::tactical::ruleset::{BattleOutcome, BotLevel, Summary};
use omms::tactical::{registry, BattleSite, Battlefield, Forces};
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
    let table = registry::get(&g.ruleset).unwrap().table();
    let map = GameMap::load(&root().join("maps").join(&g.map)).unwrap();
    let id = map.place_by_name(&g.at).unwrap();
    let site = BattleSite {
        attacker_from_bearing: g.from_bearing,
        fortified: g.fortified,
    };
    Battlefield::build(&map, id, table, site).unwrap()
}

/// Every golden log, in every ruleset's folder.
fn files() -> Vec<PathBuf> {
    let mut v = Vec::new();
    for dir in std::fs::read_dir(root().join("tests/golden")).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "json") {
                v.push(p);
            }
        }
    }
    v.sort();
    v
}

fn regenerate(path: &Path, g: &mut Golden) {
    let f = field(g);
    let rules = registry::get(&g.ruleset).unwrap();
    let played = rules.play(&f, &g.forces, g.seed, [BotLevel::Captain; 2]);
    g.outcome = played.outcome;
    g.summary = played.summary;
    g.commands = played.log.commands;
    let text = serde_json::to_string_pretty(g).unwrap() + "\n";
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

#[test]
fn every_golden_battle_replays_to_its_outcome_turns_and_losses() {
    let files = files();
    for ruleset in ["omog19c", "omog-musket", "six-plus", "dice-flew"] {
        let n = files
            .iter()
            .filter(|p| p.parent().unwrap().ends_with(ruleset.replace('-', "_")))
            .count();
        assert!(n >= 3, "{ruleset}: {files:?}");
    }
    let regen = std::env::var_os("OMMS_REGEN_GOLDEN").is_some();
    for path in files {
        let mut g: Golden = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        if regen {
            regenerate(&path, &mut g);
        }
        let folder = path.parent().unwrap().file_name().unwrap();
        assert_eq!(folder.to_str().unwrap(), g.ruleset.replace('-', "_"));
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
