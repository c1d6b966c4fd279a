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
use omms::tactical::ruleset::{BotLevel, Ruleset};
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
    let single = one(&DiceFlew, &df);
    let a = time(&DiceFlew, &df, n);
    let b = time(&OmogMusket, &musket, n);
    println!("dice-flew {n} battles / one battle: {:.1}", a / single);
    println!("dice-flew / omog-musket time: {:.2}", a / b);
}
