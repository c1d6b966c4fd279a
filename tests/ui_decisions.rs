//! Decisions owed out of turn, sieges, motorway double moves and resource dice through the real
//! UI, as a person would meet them: bots play a game from a seed until the situation arises,
//! the position is saved, loaded from the menu, the player clicks, and the save the UI leaves
//! behind is read back and checked against the engine.
//!
//! Screenshots go to a temporary folder, or to `OMMS_SHOTS` (e.g. `docs/`) when set.

use std::path::Path;
use std::time::Duration;

use omms::ai::{bot_by_name, step, Limits};
use omms::map::GameMap;
use omms::rules::*;
use omms::ui::board::View;
use omms::ui::play::{save_json, Seat};
use omms::ui::text::{command_label, settlement_name, unit_name};

mod common;
use common::display::{have_xvfb, play_loaded};

/// The map area a click reaches: below the hand strip, left of the side panel (1280×800).
const CLEAR: [f32; 4] = [20.0, 110.0, 1280.0 - 360.0, 780.0];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn load_map(name: &str) -> GameMap {
    GameMap::load(&root().join("maps").join(name)).unwrap()
}

fn new_game(map: &GameMap, name: &str, seed: u64) -> Game {
    let seat = |name: &str, colour: &str| PlayerSetup {
        name: name.into(),
        colour: colour.into(),
    };
    let setup = GameSetup {
        map: name.into(),
        scale: map.meta().scale,
        players: vec![seat("Orange", "orange"), seat("Sky", "sky blue")],
        options: Options::default(),
    };
    Game::new(setup, seed).unwrap()
}

fn bots() -> Vec<Box<dyn omms::ai::Bot>> {
    (0..2).map(|_| bot_by_name("general").unwrap()).collect()
}

/// Two general bots storm a settlement rather than sit round it (issue 14's patience), so the
/// siege test pits one against the random bot, which leaves units round enemy walls.
fn siege_bots() -> Vec<Box<dyn omms::ai::Bot>> {
    vec![
        bot_by_name("general").unwrap(),
        bot_by_name("random").unwrap(),
    ]
}

/// The game as it was after its first `n` commands.
fn replayed(game: &Game, board: &MapBoard, n: usize) -> Game {
    let mut g = Game::new(game.setup().clone(), game.seed()).unwrap();
    for c in &game.commands()[..n] {
        g.submit(board, c.clone()).unwrap();
    }
    g
}

/// The first bot step (at most `max` of them) whose command and events satisfy `want`: the game
/// just before it, and the command.
fn first_step(
    map: &GameMap,
    name: &str,
    seed: u64,
    max: usize,
    mut bots: Vec<Box<dyn omms::ai::Bot>>,
    mut want: impl FnMut(&State, &Command, &[Event]) -> bool,
) -> Option<(Game, Command)> {
    let board = MapBoard::new(map, map.meta().scale);
    let mut game = new_game(map, name, seed);
    for _ in 0..max {
        let n = game.commands().len();
        let s = step(&mut game, &board, &mut bots, Limits::turns(400)).ok()??;
        if want(game.state(), &s.command, &s.events) {
            return Some((replayed(&game, &board, n), s.command));
        }
    }
    None
}

/// Where a map point is on the 1280×800 window when a game is loaded: the whole map fitted
/// below the hand strip and left of the side panel.
fn pixel(map: &GameMap, p: MapPoint) -> [f32; 2] {
    View::fit_area(map.bounds_xy(), [1280.0, 800.0], [0.0, 96.0, 940.0, 704.0]).to_screen(p.to_m())
}

fn clear(px: [f32; 2]) -> bool {
    px[0] > CLEAR[0] && px[0] < CLEAR[2] && px[1] > CLEAR[1] && px[1] < CLEAR[3]
}

fn lonlat(map: &GameMap, p: MapPoint) -> String {
    let ll = map.projection().to_lonlat(p.to_m());
    format!("{} {}", ll[0], ll[1])
}

/// Load `game` from the menu, run `body`, save as `after.json` and read that back.
fn run_ui(name: &str, map: &str, game: &Game, seats: &[Seat], body: &str, shots: &[&str]) -> Game {
    let (_dir, after) = play_loaded(
        &root().join("maps").join(map),
        name,
        &save_json(game, seats),
        // The decisions are the subject here: the question before an attack at bad odds (which
        // the bots' positions may or may not raise) is ui_newcomer's.
        &[("settings.toml", "confirm = false\n")],
        body,
        shots,
        [1280, 800],
        Duration::from_secs(60),
    );
    Game::from_json(&after).unwrap()
}

/// The commands the UI added to `before`.
fn added<'a>(before: &Game, after: &'a Game) -> &'a [Command] {
    assert_eq!(
        &after.commands()[..before.commands().len()],
        before.commands()
    );
    &after.commands()[before.commands().len()..]
}

fn pending_of(events: &[Event]) -> Option<&Pending> {
    events.iter().find_map(|e| match e {
        Event::DecisionRequired { pending } => Some(pending),
        _ => None,
    })
}

macro_rules! need_display {
    () => {
        if !have_xvfb() {
            eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
            return;
        }
    };
}

#[test]
fn a_siege_shows_its_clock_then_its_casualty_roll_and_the_winner_chooses_the_loss() {
    need_display!();
    let map = load_map("north-bayreuth");
    // The turn that ends a siege's round: the dice roll and a choice between different units.
    let (game, end) = (1..16)
        .find_map(|seed| {
            first_step(
                &map,
                "north-bayreuth",
                seed,
                1500,
                siege_bots(),
                |_, c, ev| {
                    matches!(c, Command::EndTurn(_))
                        && ev.iter().any(|e| matches!(e, Event::SiegeRolled { .. }))
                        && matches!(pending_of(ev), Some(Pending::SiegeCasualty { .. }))
                },
            )
        })
        .expect("a bot game reaches a siege casualty");
    let ender = game.state().actor();
    let board = MapBoard::new(&map, map.meta().scale);
    let mut next = game.clone();
    let events = next.submit(&board, end).unwrap();
    let Some(Pending::SiegeCasualty {
        player: chooser,
        settlement,
        candidates,
    }) = pending_of(&events).cloned()
    else {
        unreachable!()
    };
    assert!(game.state().sieges().contains_key(&settlement));
    let lost = candidates[candidates.len() - 1];
    let label = format!("Siege takes {}", unit_name(next.state(), lost));
    // Hot-seat: both seats human, so the device passes when the chooser is the other player.
    let pass = if chooser != ender {
        "button Continue\nwait 2"
    } else {
        ""
    };
    let body = format!(
        "button Continue    # pass to the player ending the turn
wait 3
shot ui-siege
button End turn
wait 2
{pass}
shot ui-siege-casualty
button {label}
wait 3
"
    );
    let after = run_ui(
        "siege",
        "north-bayreuth",
        &game,
        &[Seat::Human, Seat::Human],
        &body,
        &["ui-siege", "ui-siege-casualty"],
    );
    let cmds = added(&game, &after);
    assert!(matches!(cmds[0], Command::EndTurn(_)), "{cmds:?}");
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Command::ChooseSiegeCasualty(c) if c.unit == lost)),
        "{cmds:?}"
    );
    assert!(after.state().unit(lost).is_none());
    assert!(after.state().pending().is_empty());
}

/// A bot game where seat `X` issues a command (one the side panel offers as a button) that
/// leaves a decision `kind` owed; the game before it, the command and its button label.
fn decision_position(map: &GameMap, kind: fn(&Pending) -> bool) -> (Game, Command, String) {
    (1..40)
        .find_map(|seed| {
            let (game, cmd) = first_step(map, "andorra", seed, 2000, bots(), |_, c, ev| {
                matches!(c, Command::Attack(_)) && pending_of(ev).is_some_and(kind)
            })?;
            let label = command_label(game.state(), &cmd)?;
            Some((game, cmd, label))
        })
        .expect("a bot game reaches the decision")
}

#[test]
fn the_defender_picks_among_equally_strong_units_on_a_screen_of_their_own() {
    need_display!();
    let map = load_map("andorra");
    let (game, attack, label) = decision_position(&map, |p| matches!(p, Pending::Defender { .. }));
    let board = MapBoard::new(&map, map.meta().scale);
    let mut next = game.clone();
    let events = next.submit(&board, attack).unwrap();
    let Some(Pending::Defender {
        player, candidates, ..
    }) = pending_of(&events).cloned()
    else {
        unreachable!()
    };
    assert_ne!(player, game.state().actor());
    let pick = candidates[candidates.len() - 1];
    let pick_label = format!("Defend with {}", unit_name(next.state(), pick));
    let body = format!(
        "button Continue
wait 3
button {label}
wait 3
shot ui-defender-pass
button Continue
wait 3
shot ui-defender-choice
button {pick_label}
wait 3
"
    );
    let after = run_ui(
        "defender",
        "andorra",
        &game,
        &[Seat::Human, Seat::Human],
        &body,
        &["ui-defender-pass", "ui-defender-choice"],
    );
    let cmds = added(&game, &after);
    assert!(matches!(cmds[0], Command::Attack(_)), "{cmds:?}");
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Command::ChooseDefender(c) if c.unit == pick)),
        "{cmds:?}"
    );
}

#[test]
fn a_player_who_loses_their_base_names_a_new_one_with_a_button() {
    need_display!();
    let map = load_map("andorra");
    let (game, attack, label) = decision_position(&map, |p| matches!(p, Pending::NewBase { .. }));
    let board = MapBoard::new(&map, map.meta().scale);
    let attacker = game.state().actor();
    let mut next = game.clone();
    let events = next.submit(&board, attack).unwrap();
    let Some(Pending::NewBase { player, candidates }) = pending_of(&events).cloned() else {
        unreachable!()
    };
    assert_ne!(player, attacker);
    // Not the first offer (that could be a default), but one the panel shows without scrolling:
    // a long list of candidates runs past the panel's foot.
    let base = candidates[candidates.len().min(4) - 1];
    let base_label = format!("New base: {}", settlement_name(next.state(), base));
    let body = format!(
        "button Continue
wait 3
button {label}
wait 3
button Continue    # the device passes to the player who lost the base
wait 3
shot ui-new-base
button {base_label}
wait 3
"
    );
    let after = run_ui(
        "newbase",
        "andorra",
        &game,
        &[Seat::Human, Seat::Human],
        &body,
        &["ui-new-base"],
    );
    let cmds = added(&game, &after);
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Command::ChooseBase(c) if c.settlement == base)),
        "{cmds:?}"
    );
    assert_eq!(after.state().player(player).base(), Some(base));
}

#[test]
fn a_unit_on_the_motorway_is_clicked_to_a_point_only_a_double_move_reaches() {
    need_display!();
    let map = load_map("north-bayreuth");
    let board = MapBoard::new(&map, map.meta().scale);
    // Steer one of Orange's units onto a motorway, let the bots play on, and stop at Orange's
    // next main phase with that unit still there.
    let found = (1..6).find_map(|seed| {
        let mut game = new_game(&map, "north-bayreuth", seed);
        let mut bots = bots();
        let mut placed: Option<(UnitId, u32)> = None;
        for _ in 0..1500 {
            let s = game.state();
            if s.winner().is_some() {
                return None;
            }
            let ours =
                s.actor() == PlayerId(0) && s.pending().is_empty() && s.phase() == Phase::Main;
            if ours && s.turn() > 1 {
                match placed {
                    Some((u, turn)) if s.turn() > turn => {
                        let unit = s.unit(u)?;
                        if unit.moved() {
                            return None;
                        }
                        return motorway_target(&map, &board, s, u).map(|t| (game, u, t));
                    }
                    None => {
                        for c in legal_commands(s, &board).into_iter().take(400) {
                            let Command::Move(m) = &c else { continue };
                            if m.via.is_some() || m.off_road {
                                continue;
                            }
                            let mut after = s.clone();
                            if execute(&mut after, &board, &c).is_err() {
                                continue;
                            }
                            let on = board
                                .reach(&after, m.unit)
                                .is_ok_and(|r| r.stretches.iter().any(|x| x.double_move));
                            if on && clear(pixel(&map, m.to)) {
                                placed = Some((m.unit, s.turn()));
                                game.submit(&board, c).unwrap();
                                break;
                            }
                        }
                    }
                    _ => {}
                }
            }
            step(&mut game, &board, &mut bots, Limits::turns(400)).ok()??;
        }
        None
    });
    let (game, unit, target) = found.expect("a unit reaches the motorway");
    let from = game.state().unit_pos(unit).unwrap();
    let px = pixel(&map, target);
    let body = format!(
        "map {}    # select the unit
wait 3
hover {} {}
wait 3
shot ui-motorway
map {}
wait 3
",
        lonlat(&map, from),
        px[0],
        px[1],
        lonlat(&map, target)
    );
    let after = run_ui(
        "motorway",
        "north-bayreuth",
        &game,
        &[Seat::Human, Seat::Ai(omms::ai::Level::Normal)],
        &body,
        &["ui-motorway"],
    );
    let cmds = added(&game, &after);
    let Some(Command::Move(mv)) = cmds.first() else {
        panic!("the UI did not move: {cmds:?}");
    };
    assert_eq!(mv.unit, unit);
    assert!(mv.via.is_some(), "{mv:?}");
    let at = after.state().unit_pos(unit).unwrap().to_m();
    let d = (at[0] - target.to_m()[0]).hypot(at[1] - target.to_m()[1]);
    assert!(d < 200.0, "the unit ended {d:.0} m from the click");
}

/// A point on a double-move stretch of `unit`'s reach that a single move cannot reach but a
/// double move can, clear of the panels on screen.
fn motorway_target(map: &GameMap, board: &MapBoard, s: &State, unit: UnitId) -> Option<MapPoint> {
    let reach = board.reach(s, unit).ok()?;
    let from = pixel(map, s.unit_pos(unit)?);
    reach
        .stretches
        .iter()
        .filter(|x| x.double_move)
        .flat_map(|x| x.points.iter().copied())
        .map(MapPoint::from_m)
        .find(|p| {
            let px = pixel(map, *p);
            let single = Command::Move(Move {
                unit,
                to: *p,
                via: None,
                off_road: false,
            });
            clear(px)
                && (px[0] - from[0]).hypot(px[1] - from[1]) > 40.0
                && check(s, board, &single).is_err()
                && board.may_go(s, unit, *p).is_ok_and(|m| m.via.is_some())
        })
}

#[test]
fn buying_a_resource_die_changes_the_attack_odds_in_the_hover_text() {
    need_display!();
    let map = load_map("andorra");
    let board = MapBoard::new(&map, map.meta().scale);
    // Orange in its attack phase with a unit on a road that can attack and buy a die.
    let found = (1..6).find_map(|seed| {
        let mut game = new_game(&map, "andorra", seed);
        let mut bots = bots();
        for _ in 0..2000 {
            let s = game.state();
            if s.winner().is_some() {
                return None;
            }
            if s.actor() == PlayerId(0) && s.pending().is_empty() && s.phase() == Phase::Attack {
                let legal = legal_commands(s, &board);
                for c in &legal {
                    let Command::BuyAttackDie(b) = c else {
                        continue;
                    };
                    let unit = s.unit(b.unit)?;
                    if !matches!(unit.at(), Location::Road(_)) || unit.bonus_dice().0 > 0 {
                        continue;
                    }
                    let upx = pixel(&map, s.unit_pos(b.unit)?);
                    let target = legal.iter().find_map(|a| match a {
                        Command::Attack(a) if a.unit == b.unit => {
                            let p = match a.target {
                                Target::Unit(t) => s.unit_pos(t)?,
                                Target::Settlement(t) => s.settlement(t)?.pos(),
                            };
                            let px = pixel(&map, p);
                            let far = (px[0] - upx[0]).hypot(px[1] - upx[1]) > 30.0;
                            (far && clear(px)).then_some((a.target, px))
                        }
                        _ => None,
                    });
                    if let (Some((t, px)), true) = (target, clear(upx)) {
                        // The selected unit's row: "+1 attack die for Invader 81 (10♦)".
                        let kind = unit.kind().name();
                        let label = format!("+1 attack die for {kind} {}", b.unit.0);
                        return Some((game, b.unit, t, px, label));
                    }
                }
            }
            step(&mut game, &board, &mut bots, Limits::turns(400)).ok()??;
        }
        None
    });
    let (game, unit, _target, px, label) = found.expect("a bot game reaches an attack");
    let body = format!(
        "map {}    # select the attacker
wait 3
hover {x} {y}
wait 3
shot ui-resource-die-before
button {label}
wait 3
hover {x} {y}
wait 3
shot ui-resource-die
",
        lonlat(&map, game.state().unit_pos(unit).unwrap()),
        x = px[0],
        y = px[1],
    );
    let after = run_ui(
        "dice",
        "andorra",
        &game,
        &[Seat::Human, Seat::Ai(omms::ai::Level::Normal)],
        &body,
        &["ui-resource-die-before", "ui-resource-die"],
    );
    let cmds = added(&game, &after);
    assert!(
        matches!(cmds, [Command::BuyAttackDie(b)] if b.unit == unit),
        "{cmds:?}"
    );
    assert_eq!(after.state().unit(unit).unwrap().bonus_dice(), Dice(1));
}
