//! Table battles in the strategic game (RULINGS §9): an attacker offers one, the defender takes
//! it up or refuses, the battle is auto-resolved or fought on the table and reported as its log,
//! and its outcome is the fight's result. Real terrain: Llorts, Andorra, from
//! tests/scenarios/andorra_battle.json.

use std::path::Path;
use std::sync::OnceLock;

use omms::map::GameMap;
use omms::rules::map_board::scenario_file::{parse, LoadedScenario};
use omms::rules::*;
use omms::tactical::drive;
use omms::tactical::omog19c::{self, Omog19c};
use omms::tactical::ruleset::{BotLevel, Ruleset};
use serde_json::Value;

fn andorra() -> &'static GameMap {
    static MAP: OnceLock<GameMap> = OnceLock::new();
    MAP.get_or_init(|| {
        GameMap::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra")).unwrap()
    })
}

/// The Llorts position, edited.
fn position(edit: impl FnOnce(&mut Value)) -> LoadedScenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/andorra_battle.json");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    edit(&mut v);
    parse(andorra(), &v.to_string()).unwrap()
}

fn board(sc: &LoadedScenario) -> MapBoard<'static> {
    MapBoard::new(andorra(), sc.state.scale())
}

fn offer(sc: &LoadedScenario, mode: BattleMode) -> Command {
    Command::Attack(Attack {
        unit: sc.unit("invader").unwrap(),
        target: Target::Settlement(sc.settlement("llorts").unwrap()),
        battle: Some(BattleOffer {
            ruleset: omog(),
            mode,
        }),
    })
}

fn no_refusal(v: &mut Value) {
    v["options"]["battles"]["defender_may_refuse"] = false.into();
}

fn fought(events: &[Event]) -> Option<(&BattleRequest, BattleMode, Outcome)> {
    events.iter().find_map(|e| match e {
        Event::BattleFought {
            request,
            mode,
            outcome,
            ..
        } => Some((request, *mode, *outcome)),
        _ => None,
    })
}

#[test]
fn an_offer_needs_the_ruleset_enabled_in_the_game() {
    let sc = position(|v| v["options"]["battles"]["rulesets"] = Value::Array(vec![]));
    let err = check(&sc.state, &board(&sc), &offer(&sc, BattleMode::Auto)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "OMOG 19C battles are not enabled in this game; roll the dice."
    );
    // The same attack with the dice is fine.
    let dice = Command::Attack(Attack::dice(
        sc.unit("invader").unwrap(),
        Target::Settlement(sc.settlement("llorts").unwrap()),
    ));
    assert_eq!(check(&sc.state, &board(&sc), &dice), Ok(()));
}

#[test]
fn a_unit_in_the_open_meets_the_dice_not_the_table() {
    let sc = position(|v| {
        v["units"].as_array_mut().unwrap().push(serde_json::json!(
            {"id": "walker", "owner": "Red", "type": "guard", "at": [1.531000, 42.598500]}
        ))
    });
    let cmd = Command::Attack(Attack {
        unit: sc.unit("invader").unwrap(),
        target: Target::Unit(sc.unit("walker").unwrap()),
        battle: Some(BattleOffer {
            ruleset: omog(),
            mode: BattleMode::Auto,
        }),
    });
    let err = check(&sc.state, &board(&sc), &cmd).unwrap_err().to_string();
    assert!(
        err.starts_with("A table battle is fought over a settlement"),
        "{err}"
    );
}

#[test]
fn the_defender_may_refuse_and_then_the_dice_decide() {
    let sc = position(|_| {});
    let b = board(&sc);
    let mut state = sc.state.clone();
    let events = execute(&mut state, &b, &offer(&sc, BattleMode::Auto)).unwrap();
    let red = PlayerId(0);
    assert!(matches!(
        state.pending().first(),
        Some(Pending::BattleOffer { player, .. }) if *player == red
    ));
    assert_eq!(state.actor(), red, "Red answers the offer");
    assert!(fought(&events).is_none());
    // Anything but an answer waits.
    let err = check(&state, &b, &Command::EndTurn(EndTurn)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "The game is waiting for Red to answer the offer of a table battle."
    );
    let events = execute(
        &mut state,
        &b,
        &Command::AnswerBattle(AnswerBattle { accept: false }),
    )
    .unwrap();
    assert!(events.contains(&Event::BattleAnswered {
        player: red,
        accept: false
    }));
    let rolled = events
        .iter()
        .find_map(|e| match e {
            Event::CombatRolled {
                attack, defence, ..
            } => Some((attack.len(), defence.len())),
            _ => None,
        })
        .expect("refused: the dice are rolled");
    assert_eq!(
        rolled,
        (2, 3),
        "Invader 2 dice against a Guard in a settlement, 3"
    );
    assert!(fought(&events).is_none());
    assert!(state.pending().is_empty());
}

#[test]
fn an_accepted_auto_battle_decides_the_fight_with_the_forces_of_the_dice() {
    let sc = position(|_| {});
    let b = board(&sc);
    let mut state = sc.state.clone();
    execute(&mut state, &b, &offer(&sc, BattleMode::Auto)).unwrap();
    let events = execute(
        &mut state,
        &b,
        &Command::AnswerBattle(AnswerBattle { accept: true }),
    )
    .unwrap();
    let (request, mode, outcome) = fought(&events).expect("the battle is fought at once");
    assert_eq!(mode, BattleMode::Auto);
    let f = request.forces;
    assert_eq!(
        (f.attacker.unit, f.attacker.total()),
        (UnitType::Invader, 2)
    );
    assert_eq!(
        (
            f.defender.unit,
            f.defender.unit_dice,
            f.defender.settlement_dice
        ),
        (UnitType::Guard, 2, 1)
    );
    assert!(!f.defender.fortified);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::CombatRolled { .. })));
    let defender = sc.unit("defender").unwrap();
    let invader = sc.unit("invader").unwrap();
    let llorts = sc.settlement("llorts").unwrap();
    match outcome {
        Outcome::AttackerWins => {
            assert!(state.unit(defender).is_none());
            assert_eq!(state.settlement(llorts).unwrap().owner(), PlayerId(1));
        }
        Outcome::DefenderWins => {
            assert!(state.unit(invader).is_none());
            assert_eq!(state.settlement(llorts).unwrap().owner(), PlayerId(0));
        }
        Outcome::StandOff => {
            assert!(state.unit(invader).is_some() && state.unit(defender).is_some());
        }
    }
    // The same battle fought again from the same position ends the same way.
    let mut again = sc.state.clone();
    execute(&mut again, &b, &offer(&sc, BattleMode::Auto)).unwrap();
    let events2 = execute(
        &mut again,
        &b,
        &Command::AnswerBattle(AnswerBattle { accept: true }),
    )
    .unwrap();
    assert_eq!(events, events2);
    assert_eq!(state_hash(&state), state_hash(&again));
}

#[test]
fn auto_battles_follow_the_battlefield_not_the_dice() {
    // Over many game seeds the battle's seed changes; its outcomes must all be the tactical
    // engine's: the same as fighting the reported battle directly.
    let mut outcomes = std::collections::BTreeMap::new();
    for seed in 0..12u64 {
        let sc = position(|v| {
            no_refusal(v);
            v["seed"] = seed.into();
        });
        let b = board(&sc);
        let mut state = sc.state.clone();
        let events = execute(&mut state, &b, &offer(&sc, BattleMode::Auto)).unwrap();
        let (request, _, outcome) = fought(&events).expect("no refusal: fought at once");
        let field = b
            .battlefield(
                &sc.state,
                sc.settlement("llorts").unwrap(),
                Some(request.attacker),
                omog(),
            )
            .unwrap();
        let direct = drive::play(
            &Omog19c,
            &field,
            &request.forces.forces(),
            request.seed,
            [BotLevel::Captain; 2],
            None,
            |_| {},
        );
        let expect = Outcome::from(direct.outcome);
        assert_eq!(outcome, expect, "seed {seed}");
        // The battle itself, not just who won: how long it ran and what each side lost.
        let fought = (direct.summary.turns, direct.summary.losses);
        *outcomes
            .entry(format!("{outcome:?} {fought:?}"))
            .or_insert(0) += 1;
    }
    // Different seeds fight different battles: one result for every seed would mean the
    // battle's seed (and so its table) never reached the outcome.
    assert!(
        outcomes.len() >= 2,
        "one battle for every seed: {outcomes:?}"
    );
}

#[test]
fn a_table_battle_waits_for_the_attackers_report_and_checks_it() {
    let sc = position(no_refusal);
    let b = board(&sc);
    let mut state = sc.state.clone();
    let events = execute(&mut state, &b, &offer(&sc, BattleMode::Table)).unwrap();
    assert!(fought(&events).is_none());
    let Some(Pending::Battle { player, request }) = state.pending().first().cloned() else {
        panic!("a table battle is owed: {:?}", state.pending());
    };
    assert_eq!(player, PlayerId(1), "the attacker reports the battle");

    // Play it with the tactical engine as the table screen does.
    let rules = omog19c::Omog19c;
    let field = b
        .battlefield(
            &state,
            sc.settlement("llorts").unwrap(),
            Some(request.attacker),
            omog(),
        )
        .unwrap();
    let played = drive::play(
        &Omog19c,
        &field,
        &request.forces.forces(),
        request.seed,
        [BotLevel::Random, BotLevel::Captain],
        None,
        |_| {},
    );
    let log = played.commands.clone();
    assert!(rules.outcome(&played.state).is_some());

    // Half a battle is not a result.
    let half = Command::FinishBattle(FinishBattle {
        log: BattleLog::of(&Omog19c, &log[..log.len() / 2]),
    });
    assert_eq!(
        check(&state, &b, &half).unwrap_err().to_string(),
        "The battle on the table is not over yet."
    );
    // Nor is a log with an illegal command in it.
    let mut bad = log.clone();
    bad.insert(0, omog19c::OmogCommand::EndFire);
    let err = check(
        &state,
        &b,
        &Command::FinishBattle(FinishBattle {
            log: BattleLog::of(&Omog19c, &bad),
        }),
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.starts_with("Command 1 of the battle report is not legal"),
        "{err}"
    );
    // Nor a report from the defender.
    assert!(check(&state, &b, &Command::EndTurn(EndTurn)).is_err());

    let finish = Command::FinishBattle(FinishBattle {
        log: BattleLog::of(&Omog19c, &log),
    });
    let events = execute(&mut state, &b, &finish).unwrap();
    let (_, mode, outcome) = fought(&events).unwrap();
    assert_eq!(mode, BattleMode::Table);
    let expect = Outcome::from(played.outcome);
    assert_eq!(outcome, expect);
    assert!(state.pending().is_empty());

    // The report survives a save: it reads back as the same command.
    let json = serde_json::to_string(&finish).unwrap();
    assert_eq!(serde_json::from_str::<Command>(&json).unwrap(), finish);
}

#[test]
fn a_bot_owing_a_table_battle_lets_the_tactical_ai_fight_it() {
    let sc = position(no_refusal);
    let b = board(&sc);
    let mut state = sc.state.clone();
    execute(&mut state, &b, &offer(&sc, BattleMode::Table)).unwrap();
    let legal = legal_commands(&state, &b);
    assert_eq!(legal.len(), 1);
    assert!(matches!(legal[0], Command::FinishBattle(_)));
    let mut bot = omms::ai::bot_by_name("general").unwrap();
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let view = SeatView::of(&state, state.actor());
    let cmd = bot.choose(&view, &b, &[], &mut rng);
    let events = execute(&mut state, &b, &cmd).unwrap();
    assert!(fought(&events).is_some());
}

#[test]
fn older_saves_without_battle_options_still_read() {
    let options: Options = serde_json::from_str(
        r#"{"draw":"roll_die","tanks":false,"victory":"last_standing","seafaring":false}"#,
    )
    .unwrap();
    assert!(options.battles.rulesets.is_empty());
    let with: Options = serde_json::from_str(
        r#"{"draw":"roll_die","tanks":false,"victory":"last_standing","seafaring":false,
            "battles":{"rulesets":["omog19c"],"defender_may_refuse":true}}"#,
    )
    .unwrap();
    assert!(with.battles.rulesets.contains(omog()));
    assert!(with.battles.defender_may_refuse);
}

fn omog() -> RulesetId {
    RulesetId::new("omog19c").unwrap()
}
