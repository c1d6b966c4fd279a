//! The Dice Flew's auto-resolve speed: 200 bot battles (the odds shown before choosing to
//! auto-resolve) on Encamp, against one battle of the same forces and against OMOG Musket's 200
//! with the same number of dice a side, in the same run. The target is 200 battles in under 2 s.
//!
//! Not a test: `cargo bench --bench dice_flew` (`-- --battles N`, default 200).

use std::path::Path;
use std::time::Instant;

use omms::map::GameMap;
use omms::tactical::dice_flew::{forces::TROOPS, DiceFlew};
use omms::tactical::force::parse_elements;
use omms::tactical::omog_musket::OmogMusket;
use omms::tactical::ruleset::{BattleOutcome, BotLevel, Ruleset};
use omms::tactical::{drive, BattleSite, Battlefield, Forces};

fn field(spec: omms::tactical::TableSpec) -> Battlefield {
    let map = GameMap::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra")).unwrap();
    let id = map.place_by_name("Encamp").unwrap();
    let site = BattleSite {
        attacker_from_bearing: 200.0,
        fortified: false,
    };
    Battlefield::build(&map, id, spec, site).unwrap()
}

fn time<R: Ruleset>(rules: &R, forces: &Forces, n: u32) -> f64 {
    let f = field(rules.table());
    let t = Instant::now();
    let odds = drive::odds(rules, &f, forces, 7, n, [BotLevel::Captain; 2]);
    let s = t.elapsed().as_secs_f64();
    println!("{:>14}: {n} battles in {s:.3} s — {odds:?}", rules.id());
    s
}

/// One bot battle of `forces` (the first seed of the odds run), seconds.
fn one<R: Ruleset>(rules: &R, forces: &Forces) -> f64 {
    let f = field(rules.table());
    let t = Instant::now();
    let p = drive::play(rules, &f, forces, 7, [BotLevel::Captain; 2], None, |_| {});
    let s = t.elapsed().as_secs_f64();
    println!(
        "{:>14}: one battle in {s:.4} s — {:?}",
        rules.id(),
        p.outcome
    );
    s
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n = args
        .iter()
        .position(|a| a == "--battles")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let df = Forces {
        attacker: parse_elements("3*foot,mg,armour,medium-battery", TROOPS).unwrap(),
        defender: parse_elements("2*foot@house,foot,mg,light-battery", TROOPS).unwrap(),
        ..Default::default()
    };
    let musket = Forces {
        attacker: parse_elements("5*foot,horse", &[]).unwrap(),
        defender: parse_elements("2*foot@house,3*foot", &[]).unwrap(),
        ..Default::default()
    };
    if args.iter().any(|a| a == "--figures") {
        let trace = args
            .iter()
            .position(|a| a == "--trace")
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok());
        figures(n as u64, trace);
        return;
    }
    let single = one(&DiceFlew, &df);
    let a = time(&DiceFlew, &df, n);
    let b = time(&OmogMusket, &musket, n);
    println!("dice-flew {n} battles / one battle: {:.1}", a / single);
    println!("dice-flew / omog-musket time: {:.2}", a / b);
}

/// The "fought with everything" figures over the invariant audit's 200 battles on
/// Altenplos (north-bayreuth; foot, scouts or tanks against a garrison, captain against general
/// alternating): volleys, patrols, bombardments, interrupts, and who won.
fn figures(n: u64, trace: Option<u64>) {
    use omms::rules::{FightDice, SideDice, UnitType};
    use omms::tactical::dice_flew::DfEvent;
    let map =
        GameMap::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/north-bayreuth")).unwrap();
    let id = map.place_by_name("Altenplos").unwrap();
    let site = BattleSite {
        attacker_from_bearing: 180.0,
        fortified: false,
    };
    let f = Battlefield::build(&map, id, DiceFlew.table(), site).unwrap();
    let side = |unit, unit_dice, settlement_dice| SideDice {
        unit,
        unit_dice,
        settlement_dice,
        fortified: false,
    };
    let mut c = std::collections::BTreeMap::<&str, u64>::new();
    let mut wins = [0u64; 3];
    for seed in 0..n {
        if trace.is_some_and(|t| t != seed) {
            continue;
        }
        let attacker = match seed % 3 {
            0 => side(UnitType::Invader, 1, 0),
            1 => side(UnitType::Scout, 2, 0),
            _ => side(UnitType::Tank, 2, 0),
        };
        let forces = FightDice {
            attacker,
            defender: side(UnitType::Guard, 1, 1),
        }
        .forces();
        let bots = if seed % 2 == 0 {
            [BotLevel::Captain, BotLevel::General]
        } else {
            [BotLevel::General, BotLevel::Captain]
        };
        let p = drive::play(&DiceFlew, &f, &forces, seed, bots, None, |e| {
            if trace.is_some() {
                println!("{e:?}");
            }
            let k = match e {
                DfEvent::Fired { dice, .. } if dice.is_empty() => "volleys of 0 dice",
                DfEvent::Fired { .. } | DfEvent::AntiTank { .. } => "volleys",
                DfEvent::Detached { .. } => "patrols detached",
                DfEvent::Bombardment { planned: true, .. } => "planned bombardments",
                DfEvent::Bombardment { planned: false, .. } => "observed bombardments",
                DfEvent::CallForFire { .. } => "calls for fire",
                DfEvent::Paused {
                    pending: omms::tactical::dice_flew::state::Pending::React { .. },
                } => "interrupting shots",
                DfEvent::WentToGround { .. } => "went to ground",
                DfEvent::CommandRoll { .. } => "command rolls",
                DfEvent::Melee { .. } => "melees",
                DfEvent::Retreated { .. } => "fall-backs",
                _ => return,
            };
            *c.entry(k).or_default() += 1;
        });
        wins[match p.outcome {
            BattleOutcome::AttackerWins => 0,
            BattleOutcome::DefenderWins => 1,
            _ => 2,
        }] += 1;
    }
    println!("Altenplos, {n} battles (the invariant audit's):");
    for (k, v) in &c {
        println!("  {k:>26}: {v:>6} ({:.2}/battle)", *v as f64 / n as f64);
    }
    println!(
        "  attacker {} / defender {} / stand-off {}",
        wins[0], wins[1], wins[2]
    );
}
