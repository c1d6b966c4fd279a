//! 6+ Rules, measured (issue 11's figures): over the playable settlements of every shipped map,
//! the searching bot (`Captain`, which weighs every order against the enemy's replies) against
//! the one-ply greedy bot (`ai::greedy`, blind to replies), each seat both ways, the same mixed
//! forces everywhere — how many battles the searcher wins, loses and draws; and the wall time
//! of one auto-resolved 6+ battle (both sides `Captain`) against one auto-resolved OMOG Musket
//! battle on the same settlements, in the same run, as a ratio.
//!
//! Not a test: `cargo bench --bench six_plus` (`-- --per-map N` settlements per map, default 4).

use std::path::Path;
use std::time::Instant;

use omms::map::GameMap;
use omms::tactical::force::parse_elements;
use omms::tactical::six_plus::{ai, forces, SixPlus, TABLE};
use omms::tactical::{
    registry, BattleOutcome, BattleSite, Battlefield, BotLevel, Forces, Ruleset, Side,
};

/// One battle, the searcher on `searcher`'s side and the greedy bot on the other.
fn play(field: &Battlefield, f: &Forces, searcher: Side) -> BattleOutcome {
    let mut s = SixPlus.setup(field, f, 0);
    let mut rng = omms::tactical::drive::bot_rng(0);
    for _ in 0..SixPlus.command_cap(&s) {
        let Some(side) = SixPlus.actor(&s) else { break };
        let cmd = if side == searcher {
            SixPlus.choose(BotLevel::Captain, field, &s, &mut rng)
        } else {
            ai::greedy(field, &s)
        };
        let Some(cmd) = cmd else { break };
        if SixPlus.execute(field, &mut s, &cmd).is_err() {
            break;
        }
    }
    SixPlus.outcome(&s).unwrap_or(BattleOutcome::StandOff)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let per_map = args
        .iter()
        .position(|a| a == "--per-map")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(4usize);
    let f = Forces {
        attacker: parse_elements("2*infantry,cavalry,skirmishers,artillery", forces::TROOPS)
            .unwrap(),
        defender: parse_elements("infantry@house,infantry,cavalry,artillery", forces::TROOPS)
            .unwrap(),
        ..Default::default()
    };
    let musket_forces = Forces {
        attacker: parse_elements("3*foot,horse,guns", &[]).unwrap(),
        defender: parse_elements("foot@house,foot,horse,guns", &[]).unwrap(),
        ..Default::default()
    };
    let musket = registry::get("omog-musket").unwrap();
    let (mut won, mut lost, mut drawn) = (0, 0, 0);
    let (mut six_s, mut musket_s, mut timed) = (0.0, 0.0, 0u32);
    for name in ["andorra", "liechtenstein", "malta", "north-bayreuth"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps")
            .join(name);
        let Ok(map) = GameMap::load(&dir) else {
            continue;
        };
        let places: Vec<_> = map.places().iter().filter(|p| p.playable()).collect();
        // Spread over the map rather than its first few names.
        let stride = (places.len() / per_map.max(1)).max(1);
        for (k, p) in places.iter().step_by(stride).take(per_map).enumerate() {
            let site = BattleSite {
                attacker_from_bearing: (k as f64 * 97.0) % 360.0,
                fortified: false,
            };
            let Ok(field) = Battlefield::build(&map, p.id(), TABLE, site) else {
                continue;
            };
            let mut line = String::new();
            for searcher in Side::BOTH {
                let o = play(&field, &f, searcher);
                let r = match (o, searcher) {
                    (BattleOutcome::AttackerWins, Side::Attacker)
                    | (BattleOutcome::DefenderWins, Side::Defender) => {
                        won += 1;
                        "won"
                    }
                    (BattleOutcome::StandOff, _) => {
                        drawn += 1;
                        "drawn"
                    }
                    _ => {
                        lost += 1;
                        "lost"
                    }
                };
                line += &format!(" searcher as {searcher:?}: {r};");
            }
            let t = Instant::now();
            let six =
                registry::get("six-plus")
                    .unwrap()
                    .play(&field, &f, 0, [BotLevel::Captain; 2]);
            six_s += t.elapsed().as_secs_f64();
            if let Ok(ofield) = Battlefield::build(&map, p.id(), musket.table(), site) {
                let t = Instant::now();
                musket.play(&ofield, &musket_forces, 0, [BotLevel::Captain; 2]);
                musket_s += t.elapsed().as_secs_f64();
                timed += 1;
            }
            println!(
                "{name}/{}:{line} auto-resolve {:?} in {} turns",
                p.name(),
                six.outcome,
                six.summary.turns
            );
        }
    }
    let n = won + lost + drawn;
    println!("searcher vs greedy over {n} battles: won {won} · lost {lost} · drawn {drawn}");
    println!(
        "auto-resolve: 6+ {:.1} ms a battle, OMOG Musket {:.1} ms a battle (ratio {:.2})",
        1000.0 * six_s / (n / 2).max(1) as f64,
        1000.0 * musket_s / timed.max(1) as f64,
        (six_s / (n / 2).max(1) as f64) / (musket_s / timed.max(1) as f64).max(1e-9)
    );
}
