//! Deciding a fight with a table battle through the real UI (RULINGS §9), as a person would: a
//! game with table battles on is played by bots until the human seat can attack a defended
//! settlement; saved, it is loaded from the menu, the unit and its target are clicked, the
//! choice of dice / auto-resolve / table is shown with the odds of each, and the player picks.
//! The save the UI leaves behind is replayed with the engine.

use std::path::Path;
use std::time::Duration;

use omms::ai::{bot_by_name, step, Limits};
use omms::map::GameMap;
use omms::rules::*;
use omms::ui::play::{save_json, Seat};

mod common;
use common::display::{have_xvfb, play_script};

/// The first position of a bot game (seed `seed`) where Orange, in its attack phase, can offer a
/// battle: the game, the attacker (standing on a road, so a click finds it) and the target.
fn battle_position(map: &GameMap, seed: u64) -> Option<(Game, UnitId, Target)> {
    let board = MapBoard::new(map, map.meta().scale);
    let seat = |name: &str, colour: &str| PlayerSetup {
        name: name.into(),
        colour: colour.into(),
    };
    let setup = GameSetup {
        map: "andorra".into(),
        scale: map.meta().scale,
        players: vec![seat("Orange", "orange"), seat("Sky", "sky blue")],
        options: Options {
            battles: BattleOptions {
                rulesets: RulesetSet::NONE.with(RulesetId::new("omog19c").unwrap(), true),
                defender_may_refuse: false,
                ..Default::default()
            },
            ..Options::default()
        },
    };
    let mut game = Game::new(setup, seed).unwrap();
    let mut bots = vec![
        bot_by_name("general").unwrap(),
        bot_by_name("general").unwrap(),
    ];
    for _ in 0..6000 {
        let s = game.state();
        if s.winner().is_some() {
            return None;
        }
        if s.actor() == PlayerId(0) && s.pending().is_empty() && s.phase() == Phase::Attack {
            let mut found = None;
            for u in s.units_of(PlayerId(0)) {
                let unit = s.unit(u).unwrap();
                if unit.attacked() || !matches!(unit.at(), Location::Road(_)) {
                    continue;
                }
                for t in s.settlements().filter(|t| t.owner() != PlayerId(0)) {
                    let target = Target::Settlement(t.id());
                    let offer = Command::Attack(Attack {
                        unit: u,
                        target,
                        battle: Some(BattleOffer {
                            ruleset: RulesetId::new("omog19c").unwrap(),
                            mode: BattleMode::Auto,
                        }),
                    });
                    if found.is_none() && check(s, &board, &offer).is_ok() {
                        found = Some((u, target));
                    }
                }
            }
            if let Some((u, target)) = found {
                return Some((game, u, target));
            }
        }
        step(&mut game, &board, &mut bots, Limits::turns(400)).ok()??;
    }
    None
}

fn lonlat(map: &GameMap, p: MapPoint) -> [f64; 2] {
    map.projection().to_lonlat(p.to_m())
}

#[test]
fn an_attack_on_a_settlement_offers_dice_auto_resolve_and_table_with_their_odds() {
    if !have_xvfb() {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = GameMap::load(&root.join("maps/andorra")).unwrap();
    let (game, unit, target) = (1..40)
        .find_map(|seed| battle_position(&map, seed))
        .expect("some bot game reaches a battle");
    let Target::Settlement(at) = target else {
        unreachable!()
    };
    let s = game.state();
    let a = lonlat(&map, s.unit_pos(unit).unwrap());
    let d = lonlat(&map, s.settlement(at).unwrap().pos());

    let tmp = tempfile::tempdir().unwrap();
    let saves = tmp.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    std::fs::write(
        saves.join("battle.json"),
        save_json(&game, &[Seat::Human, Seat::Ai(omms::ai::Level::Normal)]),
    )
    .unwrap();
    let shots = std::env::var_os("OMMS_SHOTS")
        // Relative to the project, as a person typing it at the top of the checkout means it.
        .map(|d| root.join(d))
        .unwrap_or_else(|| tmp.path().to_path_buf());
    let run_script = |name: &str, script: String| {
        play_script(
            &root.join("maps/andorra"),
            tmp.path(),
            Some(&shots),
            &saves,
            &script,
            Duration::from_secs(120),
        );
        let text = std::fs::read_to_string(tmp.path().join(format!("{name}.json"))).unwrap();
        (Game::from_json(&text).unwrap(), text)
    };
    let run = |name: &str, pick: &str, after: &str| {
        let script = format!(
            "wait 2
button Load game
wait 1
button battle
wait 3
map {} {}      # select the attacker
wait 2
map {} {}      # click the defended settlement
wait 240       # the 200 auto-resolve battles run in the background
shot ui-battle-choice
button {pick}
wait 120       # the AI may first pick which of its units defends
{after}
save {name}.json
",
            a[0], a[1], d[0], d[1]
        );
        run_script(name, script)
    };
    let board = MapBoard::new(&map, map.meta().scale);
    let attack_of = |saved: &Game| {
        saved.commands()[game.commands().len()..]
            .iter()
            .find_map(|c| match c {
                Command::Attack(a) => Some(a.clone()),
                _ => None,
            })
            .expect("the UI attacked")
    };

    // Auto-resolved: the battle decides the fight at once, and a replay fights it again.
    let (saved, _) = run("auto", "Auto-resolve", "shot ui-battle-resolved");
    let attack = attack_of(&saved);
    assert_eq!(attack.unit, unit);
    assert_eq!(
        attack.battle,
        Some(BattleOffer {
            ruleset: RulesetId::new("omog19c").unwrap(),
            mode: BattleMode::Auto
        })
    );
    let mut again = Game::new(saved.setup().clone(), saved.seed()).unwrap();
    let mut events = Vec::new();
    for (i, c) in saved.commands().iter().enumerate() {
        let e = again.submit(&board, c.clone()).unwrap();
        if i >= game.commands().len() {
            events.extend(e);
        }
    }
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::BattleFought { .. })));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::CombatRolled { .. })));
    assert_eq!(state_hash(again.state()), state_hash(saved.state()));

    // On the table: the engine waits for the battle, and the table screen shows it.
    // On the table: the engine waits for the battle, and the table screen shows it. Orange
    // ends its first move; the AI defender moves; the game is saved mid-battle.
    let (saved, text) = run(
        "table",
        "Fight on the table",
        "shot ui-battle-table\nbutton End move\nwait 120",
    );
    assert_eq!(
        attack_of(&saved).battle.map(|b| b.mode),
        Some(BattleMode::Table)
    );
    assert!(
        matches!(saved.state().pending().first(), Some(Pending::Battle { player, .. }) if *player == PlayerId(0)),
        "{:?}",
        saved.state().pending()
    );
    let png = shots.join("ui-battle-table.png");
    assert!(std::fs::metadata(&png).is_ok_and(|m| m.len() > 10_000));
    let so_far = match omms::save::SavedGame::from_json(&text)
        .unwrap()
        .battle_in_progress()
    {
        Some(battle) => battle.commands.clone(),
        None => panic!("the save keeps the table"),
    };
    assert!(
        matches!(
            so_far.first().map(|c| c.read()),
            Some(Ok(omms::tactical::omog19c::OmogCommand::EndMove))
        ),
        "{so_far:?}"
    );

    // Loaded, the battle goes on from there; handed to the AI it is fought to the end and
    // reported, and the report begins with the commands given before the save.
    std::fs::copy(tmp.path().join("table.json"), saves.join("resume.json")).unwrap();
    let (done, _) = run_script(
        "resumed",
        "wait 2
button Load game
wait 1
button resume
wait 3
shot ui-battle-resumed
button Skip to your orders
wait 5
button AI plays
wait 2
button Skip to the end
wait 30
button Back to the map
wait 5
save resumed.json
"
        .into(),
    );
    let report = done.commands()[saved.commands().len()..]
        .iter()
        .find_map(|c| match c {
            Command::FinishBattle(f) => Some(f.log.clone()),
            _ => None,
        })
        .expect("the battle was reported");
    assert_eq!(report.ruleset.as_str(), "omog19c");
    assert_eq!(report.commands[..so_far.len()], so_far[..]);
    let mut again = Game::new(done.setup().clone(), done.seed()).unwrap();
    let mut fought = false;
    for c in done.commands() {
        let events = again.submit(&board, c.clone()).unwrap();
        fought |= events.iter().any(|e| {
            matches!(
                e,
                Event::BattleFought {
                    mode: BattleMode::Table,
                    ..
                }
            )
        });
    }
    assert!(fought);
    assert!(done.state().pending().is_empty());
}
