//! 6+ Rules' optional rules as settings (issue 11): the seam's generic options channel, the
//! General option, and the chance-card deck. The rules' reading is in docs/rules/six_plus.md.

use std::path::Path;

use omms::map::GameMap;
use omms::tactical::six_plus::cards::{Card, DECK};
use omms::tactical::six_plus::check::{charge_preview, check, shot_preview};
use omms::tactical::six_plus::event::SixEvent;
use omms::tactical::six_plus::execute::execute;
use omms::tactical::six_plus::position::Position;
use omms::tactical::six_plus::state::{Kind, Options, Phase, SixState, UnitId};
use omms::tactical::six_plus::*;
use omms::tactical::*;

const A: Side = Side::Attacker;
const D: Side = Side::Defender;

/// An open 36 cm table, the objective in the middle.
fn open() -> Battlefield {
    Battlefield::from_parts(
        TABLE,
        "Openfield",
        Edge::South,
        vec![],
        vec![],
        &[[180.0, 180.0]],
    )
}

fn village() -> Battlefield {
    let m = GameMap::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra")).unwrap();
    let site = BattleSite {
        attacker_from_bearing: 20.0,
        fortified: false,
    };
    Battlefield::build(&m, m.place_by_name("Encamp").unwrap(), TABLE, site).unwrap()
}

fn armies(options: &str) -> Forces {
    let side = |s| force::parse_elements(s, forces::TROOPS).unwrap();
    Forces {
        attacker: side("2*infantry,cavalry,artillery"),
        defender: side("infantry@house,infantry,cavalry"),
        options: RuleOptions::parse(options).unwrap(),
    }
}

fn go(f: &Battlefield, s: &mut SixState, c: SixCommand) -> Vec<SixEvent> {
    execute(f, s, &c).unwrap_or_else(|e| panic!("{c:?}: {e}"))
}

fn end_turn(f: &Battlefield, s: &mut SixState) -> Vec<SixEvent> {
    let mut ev = Vec::new();
    if s.phase() == Phase::Move {
        ev.extend(go(f, s, SixCommand::EndMove));
    }
    ev.extend(go(f, s, SixCommand::EndShooting));
    ev
}

#[test]
fn every_optional_rule_is_a_named_setting_that_reaches_the_table() {
    let names: Vec<&str> = Options::OFFERED.iter().map(|o| o.name).collect();
    assert_eq!(
        names,
        [
            "square",
            "general",
            "rout",
            "tide-of-battle",
            "chance-cards"
        ]
    );
    // The registry's face lists the same, and other rulesets get the channel (with nothing in it).
    let any = registry::get("six-plus").unwrap();
    assert_eq!(any.options().len(), 5);
    assert!(options::every().iter().any(|o| o.name == "chance-cards"));
    let f = open();
    let s = SixPlus.setup(&f, &armies(""), 0);
    assert_eq!(s.options(), Options::STANDARD, "nothing said: the defaults");
    let s = SixPlus.setup(
        &f,
        &armies("square=off,rout=off,tide-of-battle=on,general,chance-cards=on"),
        0,
    );
    assert_eq!(
        s.options(),
        Options {
            square: false,
            rout: false,
            tide: true,
            general: true,
            chance: true
        }
    );
    // Said back at its default or left out, a switch reads the same.
    assert_eq!(
        RuleOptions::parse("square=on")
            .unwrap()
            .on(&Options::OFFERED[0]),
        RuleOptions::DEFAULTS.on(&Options::OFFERED[0])
    );
}

#[test]
fn unknown_or_foreign_options_are_refused_by_name() {
    let e = RuleOptions::parse("squares=on").unwrap_err();
    assert!(
        e.contains("\"squares\"") && e.contains("chance-cards"),
        "{e}"
    );
    assert!(RuleOptions::parse("square=maybe").is_err());
    let omog = registry::get("omog19c").unwrap();
    let e = RuleOptions::parse("square=off")
        .unwrap()
        .check_for(omog.title(), omog.options())
        .unwrap_err();
    assert!(e.contains("no optional rule \"square\""), "{e}");
    // A file naming an unknown option does not load.
    assert!(serde_json::from_str::<RuleOptions>(r#"{"bogus": true}"#).is_err());
}

#[test]
fn the_options_are_kept_in_the_battle_log_so_replays_fight_under_them() {
    let f = village();
    let r = registry::get("six-plus").unwrap();
    let forces = armies("rout=off,tide-of-battle=on");
    let played = r.play(&f, &forces, 4, [BotLevel::Captain; 2]);
    assert_eq!(played.log.options, forces.options);
    let text = serde_json::to_string(&played.log).unwrap();
    assert!(
        text.contains(r#""options":{"rout":false,"tide-of-battle":true}"#),
        "{text}"
    );
    let back: BattleLog = serde_json::from_str(&text).unwrap();
    assert_eq!(back, played.log);
    let (outcome, summary) = r.replay_finished(&f, &forces, 4, &back.commands).unwrap();
    assert_eq!((outcome, summary), (played.outcome, played.summary));
    // A log without options reads as the defaults (older saves).
    let old: BattleLog = serde_json::from_str(r#"{"ruleset":"six-plus","commands":[]}"#).unwrap();
    assert!(old.options.is_empty());
}

#[test]
fn the_general_option_gives_each_army_a_general() {
    let f = village();
    let count = |o: &str| {
        SixPlus
            .setup(&f, &armies(o), 0)
            .units()
            .iter()
            .filter(|u| u.kind == Kind::General)
            .map(|u| u.side)
            .collect::<Vec<_>>()
    };
    assert!(count("").is_empty());
    assert_eq!(count("general=on"), vec![A, D]);
}

#[test]
fn with_chance_cards_off_there_is_no_deck_and_a_seed_plays_one_way() {
    let f = village();
    let s = SixPlus.setup(&f, &armies(""), 3);
    assert!(s.deck().is_none() && s.card().is_none());
    // The seed chose the deployment; from there nothing is drawn, so a replay of the same seed
    // is the same battle.
    let r = registry::get("six-plus").unwrap();
    let a = r.play(&f, &armies(""), 3, [BotLevel::Captain; 2]);
    assert_eq!(a, r.play(&f, &armies(""), 3, [BotLevel::Captain; 2]));
}

#[test]
fn chance_cards_are_dealt_from_the_battle_seed_and_auto_resolve_gives_odds() {
    let f = village();
    let forces = armies("chance-cards=on");
    let first = |seed| SixPlus.setup(&f, &forces, seed).card();
    // The attacker draws before his first move; the seed fixes the whole order.
    assert_eq!(first(5).map(|c| c.0), Some(A));
    assert_eq!(first(5), first(5));
    let order = |seed| {
        let s = SixPlus.setup(&f, &forces, seed);
        let mut v = vec![s.card().unwrap().1];
        v.extend(s.deck().unwrap().upcoming());
        v
    };
    let (a, b) = (order(1), order(2));
    assert_ne!(a, b, "another seed, another order");
    let mut sorted = a.clone();
    sorted.sort_by_key(|c| format!("{c:?}"));
    let mut deck = DECK.to_vec();
    deck.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(sorted, deck, "one deck of sixteen, each card once per pass");
    let r = registry::get("six-plus").unwrap();
    let odds = r.odds(&f, &forces, 1, 6, [BotLevel::Captain; 2]);
    assert!(!odds.certain, "the cards are chance: odds, not a certainty");
    assert_eq!(odds.battles, 6);
}

#[test]
fn cards_bend_moves_for_the_drawer_only() {
    let f = open();
    let reach = |kind, card, side| {
        let s = Position::new()
            .unit(A, kind, [100.0, 20.0], 0.0)
            .card(side, card)
            .build(&f);
        let mut best = 0.0;
        for mm in (10..=200).step_by(5) {
            let c = SixCommand::Move {
                unit: UnitId(0),
                to: [100.0, 20.0 + f64::from(mm)],
                facing: 0.0,
            };
            if check(&f, &s, &c).is_ok() {
                best = f64::from(mm);
            }
        }
        best
    };
    assert_eq!(reach(Kind::Infantry, Card::ForcedMarch, A), 80.0);
    assert_eq!(reach(Kind::Cavalry, Card::ForcedMarch, A), 120.0);
    assert_eq!(reach(Kind::Cavalry, Card::HeavyGoing, A), 60.0);
    assert_eq!(reach(Kind::Artillery, Card::GalloperGuns, A), 120.0);
    assert_eq!(reach(Kind::Infantry, Card::HeavyGoing, D), 60.0, "not mine");
}

#[test]
fn cards_bend_shots_and_charges_and_the_preview_says_so() {
    let f = open();
    let shot = |card, at: f64| {
        let s = Position::new()
            .unit(A, Kind::Infantry, [200.0, 100.0], 0.0)
            .unit(D, Kind::Infantry, [200.0, at], 180.0)
            .phase(A, Phase::Shoot)
            .card(A, card)
            .build(&f);
        shot_preview(&f, &s, UnitId(0), UnitId(1))
            .map(|p| p.hits)
            .ok()
    };
    assert_eq!(shot(Card::AllQuiet, 150.0), Some(4));
    assert_eq!(shot(Card::DampPowder, 150.0), Some(3));
    assert_eq!(shot(Card::SteadyVolleys, 150.0), Some(5));
    assert_eq!(shot(Card::AllQuiet, 170.0), Some(4));
    assert_eq!(shot(Card::Fog, 170.0), None, "5 cm is beyond a fogged 3 cm");
    let charge = |card| {
        let mut s = Position::new()
            .unit(A, Kind::Cavalry, [200.0, 100.0], 0.0)
            .unit(D, Kind::Infantry, [200.0, 150.0], 180.0)
            .card(A, card)
            .build(&f);
        let p = charge_preview(&f, &s, UnitId(0), UnitId(1), 0.0).ok()?;
        go(
            &f,
            &mut s,
            SixCommand::Charge {
                unit: UnitId(0),
                target: UnitId(1),
                facing: 0.0,
            },
        );
        let ev = end_turn(&f, &mut s);
        let fought = ev.iter().find_map(|e| match e {
            SixEvent::Fought { hits, .. } => Some(*hits),
            _ => None,
        });
        assert_eq!(fought, Some(p.hits), "the preview is what is fought");
        Some(p.hits)
    };
    assert_eq!(charge(Card::AllQuiet), Some(6));
    assert_eq!(charge(Card::FreshHorses), Some(8));
    assert_eq!(charge(Card::BlownHorses), None);
}

#[test]
fn cards_that_act_at_once_heal_wound_and_load() {
    let f = open();
    // Play turns until each of the three has been drawn, checking its effect as it comes.
    let mut seen = [false; 3];
    for seed in 0..40 {
        let mut s = Position::new()
            .unit(A, Kind::Infantry, [100.0, 100.0], 0.0)
            .hits(5)
            .unloaded()
            .unit(D, Kind::Infantry, [300.0, 300.0], 180.0)
            .hits(3)
            .unloaded()
            .card(A, Card::AllQuiet)
            .build(&f);
        s = SixPlus.reseeded(&s, seed);
        let before = s.clone();
        let ev = end_turn(&f, &mut s);
        let Some((card, unit)) = ev.iter().find_map(|e| match e {
            SixEvent::CardDrawn { card, unit, .. } => Some((*card, *unit)),
            _ => None,
        }) else {
            panic!("the defender draws as his turn begins: {ev:?}")
        };
        assert_eq!(s.card(), Some((D, card)));
        let hits = |st: &SixState, n| st.unit(UnitId(n)).unwrap().hits;
        match card {
            Card::Surgeons => {
                assert_eq!(unit, Some(UnitId(1)));
                assert_eq!(hits(&s, 1), hits(&before, 1) - 2);
                seen[0] = true;
            }
            Card::Sharpshooters => {
                assert_eq!(unit, Some(UnitId(0)));
                assert_eq!(hits(&s, 0), hits(&before, 0) + 1);
                seen[1] = true;
            }
            Card::AmmunitionUp => {
                assert!(s.unit(UnitId(1)).unwrap().loaded);
                assert!(!s.unit(UnitId(0)).unwrap().loaded, "only the drawer's");
                seen[2] = true;
            }
            _ => assert_eq!(unit, None),
        }
    }
    assert_eq!(seen, [true; 3], "40 shuffles show all three");
}

fn omms(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_omms"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["battle", "--ruleset", "six-plus", "--at", "Encamp"])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn omms_battle_sets_options_by_name_and_refuses_unknown_ones() {
    let out = omms(&[
        "--attacker",
        "invader:2",
        "--option",
        "chance-cards=on",
        "--option",
        "rout=off",
        "--odds",
        "3",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let odds: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(odds["certain"], false, "chance cards: odds from 3 battles");
    assert_eq!(odds["battles"], 3);
    let out = omms(&["--option", "tide-of-battle=on,general", "--auto"]);
    let report: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(
        report["options"],
        serde_json::json!({"general": true, "tide-of-battle": true})
    );
    for (bad, why) in [
        (vec!["--option", "squares=on", "--auto"], "\"squares\""),
        (
            vec!["--option", "square=perhaps", "--auto"],
            "neither on nor off",
        ),
    ] {
        let out = omms(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(why));
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_omms"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "battle",
            "--at",
            "Encamp",
            "--option",
            "square=off",
            "--auto",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no optional rule \"square\""));
}
