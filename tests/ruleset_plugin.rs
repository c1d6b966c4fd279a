//! A ruleset is a plug-in: a tiny ruleset written here, registered at run time, is offered by
//! the strategic engine, auto-resolved, fought "on the table" and reported as its log, replayed
//! by the engine, saved and loaded — and nothing in the engine, auto-resolve or saves names it.
//!
//! "Tug": two teams pull a rope across the objective. On its turn a side pulls (a die, plus one
//! per strong man still standing) or rests (gets a man back); the rope moves by the difference of
//! the last two pulls. Over five marks wins; after ten turns it is a stand-off.

use std::path::Path;
use std::sync::OnceLock;

use omms::ai::{bot_by_name, step, Limits};
use omms::map::GameMap;
use omms::rules::*;
use omms::tactical::drive::{self, ReplayError};
use omms::tactical::ruleset::{BattleOutcome, BotLevel, Refused, Ruleset, Side, Summary};
use omms::tactical::{registry, Battlefield, Forces, TableSpec};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq)]
struct Rope {
    turn: u32,
    to_act: Side,
    men: [u32; 2],
    lost: [u32; 2],
    last_pull: [u8; 2],
    mark: i32,
    over: Option<BattleOutcome>,
    rng: ChaCha8Rng,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
enum Pull {
    Heave,
    Rest,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Heaved {
    side: Side,
    pull: u8,
}

struct Tug;

impl Ruleset for Tug {
    type State = Rope;
    type Command = Pull;
    type Event = Heaved;
    type Refusal = Refused;

    fn id(&self) -> &'static str {
        "tug"
    }
    fn title(&self) -> &'static str {
        "Tug of war"
    }
    fn doc(&self) -> &'static str {
        "tests/ruleset_plugin.rs"
    }
    fn table(&self) -> TableSpec {
        TableSpec::OMOG
    }
    fn setup(&self, _field: &Battlefield, forces: &Forces, seed: u64) -> Rope {
        Rope {
            turn: 1,
            to_act: Side::Attacker,
            men: [forces.attacker.len() as u32, forces.defender.len() as u32],
            lost: [0, 0],
            last_pull: [0, 0],
            mark: 0,
            over: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
    fn actor(&self, s: &Rope) -> Option<Side> {
        s.over.is_none().then_some(s.to_act)
    }
    fn legal_commands(&self, _field: &Battlefield, s: &Rope) -> Vec<Pull> {
        match s.over {
            Some(_) => vec![],
            None => vec![Pull::Heave, Pull::Rest],
        }
    }
    fn check(&self, _field: &Battlefield, s: &Rope, _cmd: &Pull) -> Result<(), Refused> {
        match s.over {
            Some(_) => Err(Refused("The rope has been won.".into())),
            None => Ok(()),
        }
    }
    fn execute(&self, f: &Battlefield, s: &mut Rope, cmd: &Pull) -> Result<Vec<Heaved>, Refused> {
        self.check(f, s, cmd)?;
        let i = s.to_act.index();
        let pull = match cmd {
            Pull::Heave => omms::dice::d6(&mut s.rng) + s.men[i].min(4) as u8,
            Pull::Rest => {
                s.men[i] += 1;
                0
            }
        };
        s.last_pull[i] = pull;
        if pull > 6 {
            // Pulling hard costs a man on the other side.
            let o = 1 - i;
            if s.men[o] > 0 {
                s.men[o] -= 1;
                s.lost[o] += 1;
            }
        }
        if s.to_act == Side::Defender {
            s.mark += i32::from(s.last_pull[0]) - i32::from(s.last_pull[1]);
            s.over = match s.mark {
                m if m > 5 => Some(BattleOutcome::AttackerWins),
                m if m < -5 => Some(BattleOutcome::DefenderWins),
                _ if s.turn >= 10 => Some(BattleOutcome::StandOff),
                _ => None,
            };
            s.turn += 1;
        }
        s.to_act = s.to_act.other();
        Ok(vec![Heaved {
            side: Side::BOTH[i],
            pull,
        }])
    }
    fn outcome(&self, s: &Rope) -> Option<BattleOutcome> {
        s.over
    }
    fn summary(&self, s: &Rope) -> Summary {
        Summary {
            turns: s.turn.min(10),
            losses: s.lost,
        }
    }
    fn command_cap(&self, _s: &Rope) -> usize {
        40
    }
    fn choose(
        &self,
        level: BotLevel,
        f: &Battlefield,
        s: &Rope,
        rng: &mut ChaCha8Rng,
    ) -> Option<Pull> {
        let options = self.legal_commands(f, s);
        match level {
            BotLevel::Random => {
                let n = options.len() as u32;
                (n > 0).then(|| options[omms::dice::below(rng, n) as usize].clone())
            }
            BotLevel::Captain | BotLevel::General => options.into_iter().next(),
        }
    }
}

fn tug() -> RulesetId {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| registry::register(&Tug).expect("a new id"));
    RulesetId::new("tug").unwrap()
}

fn andorra() -> &'static GameMap {
    static MAP: OnceLock<GameMap> = OnceLock::new();
    MAP.get_or_init(|| {
        GameMap::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra")).unwrap()
    })
}

/// A bot game with only "tug" enabled, played until the first player may offer a battle;
/// then that battle is offered in `mode` and the game returned with the offer made.
fn game_with_an_offer(mode: BattleMode) -> (Game, MapBoard<'static>, Vec<Event>) {
    let map = andorra();
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
                rulesets: RulesetSet::NONE.with(tug(), true),
                defender_may_refuse: false,
                ..Default::default()
            },
            ..Options::default()
        },
    };
    for seed in 1..20 {
        let mut game = Game::new(setup.clone(), seed).unwrap();
        let mut bots = vec![
            bot_by_name("general").unwrap(),
            bot_by_name("general").unwrap(),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..4000 {
            let s = game.state();
            if s.winner().is_some() {
                break;
            }
            if s.actor() == PlayerId(0) && s.pending().is_empty() && s.phase() == Phase::Attack {
                let offer = s.units_of(PlayerId(0)).into_iter().find_map(|u| {
                    s.settlements()
                        .filter(|t| t.owner() != PlayerId(0))
                        .map(|t| {
                            Command::Attack(Attack {
                                unit: u,
                                target: Target::Settlement(t.id()),
                                battle: Some(BattleOffer {
                                    ruleset: tug(),
                                    mode,
                                }),
                            })
                        })
                        .find(|c| check(s, &board, c).is_ok())
                });
                if let Some(offer) = offer {
                    let mut events = game.submit(&board, offer).unwrap();
                    // The defender picks who meets the attack (the bot's choice); then the
                    // battle is fought, or owed by the attacker if it is on the table.
                    while let Some(p) = game.state().pending().first().cloned() {
                        if matches!(p, Pending::Battle { .. }) {
                            break;
                        }
                        let actor = game.state().actor();
                        let view = SeatView::of(game.state(), actor);
                        let cmd = bots[actor.index()].choose(&view, &board, &[], &mut rng);
                        events.extend(game.submit(&board, cmd).unwrap());
                    }
                    return (game, board, events);
                }
            }
            if step(&mut game, &board, &mut bots, Limits::turns(200))
                .ok()
                .flatten()
                .is_none()
            {
                break;
            }
        }
    }
    panic!("no game offered a battle");
}

fn fought(events: &[Event]) -> Option<Outcome> {
    events.iter().find_map(|e| match e {
        Event::BattleFought { outcome, .. } => Some(*outcome),
        _ => None,
    })
}

#[test]
fn the_registry_finds_a_registered_ruleset_and_refuses_an_unknown_one() {
    let id = tug();
    assert_eq!(id.title(), "Tug of war");
    assert!(registry::all().iter().any(|r| r.id() == "tug"));
    let err = RulesetId::new("chess").unwrap_err().to_string();
    assert!(
        err.contains("chess") && err.contains("omog19c") && err.contains("tug"),
        "{err}"
    );
    // A second ruleset under a known id is refused.
    struct Impostor;
    impl registry::AnyRuleset for Impostor {
        fn id(&self) -> &'static str {
            "tug"
        }
        fn title(&self) -> &'static str {
            "Impostor"
        }
        fn doc(&self) -> &'static str {
            ""
        }
        fn table(&self) -> TableSpec {
            TableSpec::OMOG
        }
        fn troops(&self) -> &'static [omms::tactical::TroopType] {
            &[]
        }
        fn check_forces(&self, _: &Forces) -> Result<(), Refused> {
            Ok(())
        }
        fn play(
            &self,
            f: &Battlefield,
            fo: &Forces,
            s: u64,
            b: [BotLevel; 2],
        ) -> registry::PlayedLog {
            Tug.play(f, fo, s, b)
        }
        fn replay_finished(
            &self,
            f: &Battlefield,
            fo: &Forces,
            s: u64,
            l: &[omms::tactical::LoggedCommand],
        ) -> Result<(BattleOutcome, Summary), ReplayError> {
            Tug.replay_finished(f, fo, s, l)
        }
        fn replay_summary(
            &self,
            f: &Battlefield,
            fo: &Forces,
            s: u64,
            l: &[omms::tactical::LoggedCommand],
        ) -> Result<(Option<BattleOutcome>, Summary), ReplayError> {
            Tug.replay_summary(f, fo, s, l)
        }
        fn odds(
            &self,
            f: &Battlefield,
            fo: &Forces,
            s: u64,
            n: u32,
            b: [BotLevel; 2],
        ) -> omms::tactical::AutoOdds {
            Tug.odds(f, fo, s, n, b)
        }
    }
    assert!(registry::register(&Impostor).is_err());
}

#[test]
fn a_plugged_in_ruleset_is_auto_resolved_by_the_engine_and_its_odds_are_the_drivers() {
    let (game, board, events) = game_with_an_offer(BattleMode::Auto);
    // No refusal: the offer is fought at once, by the ruleset's bots, through the registry.
    assert!(fought(&events).is_some(), "{events:?}");
    assert!(
        game.state().pending().is_empty(),
        "{:?}",
        game.state().pending()
    );
    // Replaying the saved game fights the battle again and comes to the same state.
    let loaded = Game::from_json(&game.to_json()).unwrap();
    loaded.verify(&board).unwrap();
    assert_eq!(state_hash(loaded.state()), state_hash(game.state()));

    // Auto-resolve odds for this ruleset come from the one driver, and each battle in them is
    // the battle the engine would fight from that seed.
    let rules = tug().rules().unwrap();
    let field = Battlefield::from_parts(
        TableSpec::OMOG,
        "Nowhere",
        omms::tactical::Edge::South,
        vec![],
        vec![],
        &[],
    );
    let side = SideDice {
        unit: UnitType::Invader,
        unit_dice: 2,
        settlement_dice: 0,
        fortified: false,
    }
    .force();
    let forces = Forces {
        attacker: side.clone(),
        defender: side,
        ..Default::default()
    };
    let odds = rules.odds(&field, &forces, 7, 50, [BotLevel::Random; 2]);
    assert_eq!(odds.battles, 50);
    let sum = odds.attacker_wins + odds.defender_wins + odds.standoff;
    assert!((sum - 1.0).abs() < 1e-9);
    let one = rules.play(&field, &forces, 7, [BotLevel::Captain; 2]);
    assert_eq!(one.log.ruleset, tug());
    let (outcome, summary) = rules
        .replay_finished(&field, &forces, 7, &one.log.commands)
        .unwrap();
    assert_eq!((outcome, summary), (one.outcome, one.summary));
}

#[test]
fn a_plugged_in_battle_on_the_table_is_reported_replayed_saved_and_loaded() {
    let (mut game, board, _) = game_with_an_offer(BattleMode::Table);
    let Some(Pending::Battle { request, .. }) = game.state().pending().first().cloned() else {
        panic!("a table battle is owed: {:?}", game.state().pending());
    };
    assert_eq!(request.ruleset, tug());
    // The players fight it "on the table": here, the ruleset's own bots through the driver.
    let settlement = match game.state().unit(request.defender).map(|u| u.at()) {
        Some(Location::Settlement(s)) => s,
        other => panic!("defender at {other:?}"),
    };
    let field = board
        .battlefield(game.state(), settlement, Some(request.attacker), tug())
        .unwrap();
    let forces = request.forces.forces();
    let played = drive::play(
        &Tug,
        &field,
        &forces,
        request.seed,
        [BotLevel::Random; 2],
        None,
        |_| {},
    );
    assert!(played.state.over.is_some());

    // Half a battle is refused by the engine, with the driver's reason.
    let half = Command::FinishBattle(FinishBattle {
        log: BattleLog::of(&Tug, &played.commands[..played.commands.len() / 2]),
    });
    assert_eq!(
        check(game.state(), &board, &half).unwrap_err().to_string(),
        "The battle on the table is not over yet."
    );
    let finish = Command::FinishBattle(FinishBattle {
        log: BattleLog::of(&Tug, &played.commands),
    });
    let events = game.submit(&board, finish.clone()).unwrap();
    assert_eq!(fought(&events), Some(Outcome::from(played.outcome)));

    // Saved and loaded, the game keeps the report in one shape and replays it exactly.
    let text = game.to_json();
    assert!(
        text.contains(r#""ruleset": "tug""#),
        "the log is tagged with its ruleset"
    );
    let loaded = Game::from_json(&text).unwrap();
    loaded.verify(&board).unwrap();
    assert_eq!(loaded.commands(), game.commands());
    assert_eq!(state_hash(loaded.state()), state_hash(game.state()));
}
