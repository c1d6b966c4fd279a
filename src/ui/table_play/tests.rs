//! The table screen's commands, without a window: clicks and the bot become engine commands, and
//! the log of commands replays to the same battle.

use super::omog19c::{cell_centre, Omog19cView, Selection};
use super::*;
use crate::cli::battle::{battlefield, parse_force, BattleArgs};
use crate::tactical::drive::play as bot_battle;
use crate::tactical::omog19c::ai;
use crate::tactical::omog19c::engine::{self, targets};
use crate::tactical::omog19c::state::{FigureId, OmogState, Phase, Role, TeamId};
use crate::tactical::omog19c::tables::Mount;
use crate::tactical::omog19c::{Omog19c, OmogCommand};
use crate::tactical::ruleset::{BattleOutcome, BotLevel, Ruleset, Side};
use crate::tactical::table::{compass_bearing, inches, TablePoint};
use crate::tactical::{Battlefield, Forces, RulesetId};

type TablePlay = Host<Omog19cView>;

impl TablePlay {
    fn state(&self) -> &OmogState {
        self.desk.state()
    }
    fn click_table(&mut self, p: TablePoint, r: f64) {
        self.view.click_table(&mut self.desk, p, r);
        self.turn_check();
    }
    fn end_phase(&mut self) {
        self.view.end_phase(&mut self.desk);
        self.turn_check();
    }
    fn order_move(&mut self, sel: Selection, to: TablePoint) {
        self.view.order_move(&mut self.desk, sel, to);
        self.turn_check();
    }
    fn refresh_reach(&mut self) {
        self.view.refresh_reach(&self.desk);
    }
    fn members(&self, sel: Selection) -> Vec<crate::tactical::omog19c::state::Figure> {
        super::omog19c::orders::members(self.state(), sel)
            .into_iter()
            .cloned()
            .collect()
    }
    fn centre(&self, sel: Selection) -> TablePoint {
        super::omog19c::orders::centre(self.state(), sel)
    }
}

fn new_play(field: Battlefield, forces: Forces, seed: u64, human: [bool; 2]) -> TablePlay {
    TablePlay::new(field, &forces, seed, human, names())
}

fn encamp(attacker: &str, defender: &str) -> (Battlefield, Forces) {
    let (attacker, _) = parse_force(attacker, &Omog19c).unwrap();
    let (defender, fortified) = parse_force(defender, &Omog19c).unwrap();
    let forces = Forces {
        attacker,
        defender,
        ..Default::default()
    };
    let args = BattleArgs {
        map: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra"),
        at: "Encamp".into(),
        ruleset: RulesetId::new("omog19c").unwrap(),
        forces: forces.clone(),
        fortified,
        from_bearing: 180.0,
        seed: 0,
    };
    (battlefield(&args).unwrap(), forces)
}

/// The battle as the bots fight it out without the screen.
fn bots(field: &Battlefield, forces: &Forces, seed: u64) -> crate::tactical::Played<Omog19c> {
    bot_battle(
        &Omog19c,
        field,
        forces,
        seed,
        [BotLevel::Captain; 2],
        None,
        |_| {},
    )
}

/// The log's lines from the `from`th on.
fn said_since(log: &[super::desk::LogLine], from: usize) -> Vec<&str> {
    log[from..].iter().map(|l| l.text.as_str()).collect()
}

fn names() -> [String; 2] {
    ["Red".to_string(), "Blue".to_string()]
}

/// Replay `commands` from the deployment and return the final position.
fn replay(field: &Battlefield, forces: &Forces, seed: u64, commands: &[OmogCommand]) -> OmogState {
    let mut s = Omog19c.setup(field, forces, seed);
    for c in commands {
        Omog19c.execute(field, &mut s, c).unwrap();
    }
    s
}

#[test]
fn a_bot_battle_on_the_screen_is_the_auto_battle_and_its_log_replays() {
    let (field, forces) = encamp("tank:2", "guard:2:1");
    let seed = 4;
    let mut play = new_play(field.clone(), forces.clone(), seed, [false, false]);
    let mut frames = 0;
    while play.state().outcome().is_none() {
        // A second per frame: one bot command each.
        play.tick(1.0);
        frames += 1;
        assert!(frames < 20_000, "the battle never ended");
    }
    let auto = bots(&field, &forces, seed);
    assert_eq!(play.desk.commands, auto.commands);
    assert_eq!(play.state().outcome(), Some(auto.outcome));
    let again = replay(&field, &forces, seed, &play.desk.commands);
    assert_eq!(&again, play.state());
    let last = &play.desk.log.last().unwrap().text;
    assert!(
        last.contains("wins") || last.contains("stand-off"),
        "{last}"
    );
    assert!(
        play.desk.log.iter().filter(|l| l.heading).count() >= 4 * auto.summary.turns as usize - 3
    );
}

/// The attacker's first living rifleman and where he can go: the furthest point straight
/// towards the objective.
fn first_man(play: &TablePlay) -> (FigureId, TablePoint, TablePoint) {
    let f = play
        .state()
        .living(Side::Attacker)
        .find(|f| f.role() == Role::Soldier)
        .unwrap()
        .clone();
    let to = ai::furthest_towards(
        &play.desk.field,
        play.state(),
        &f,
        compass_bearing(f.pos(), play.desk.field.objective),
        inches(3.0),
        false,
    )
    .unwrap();
    (f.id(), f.pos(), to)
}

#[test]
fn clicks_become_commands_refusals_change_nothing_and_the_log_replays() {
    let (field, forces) = encamp("invader:2", "guard:1:1");
    let seed = 9;
    let mut play = new_play(field.clone(), forces.clone(), seed, [true, false]);
    let r = inches(0.4);
    let (id, from, to) = first_man(&play);
    // Select, then a point far beyond his reach: refused, with the engine's reason.
    play.click_table(from, r);
    assert_eq!(play.view.selection, Some(Selection::Figure(id)));
    play.refresh_reach();
    let reach = play.view.reach.as_ref().unwrap();
    assert!(!reach.next_move && !reach.cells.is_empty());
    let far = [from[0], from[1] + inches(20.0)];
    play.click_table(far, r);
    assert!(play.desk.commands.is_empty());
    let (msg, refused) = play.desk.message.clone().unwrap();
    assert!(refused, "{msg}");
    // Every shaded cell is a move the engine takes.
    let cell = *play
        .view
        .reach
        .as_ref()
        .unwrap()
        .cells
        .iter()
        .next()
        .unwrap();
    let probe = OmogCommand::Move {
        figure: id,
        path: vec![from, cell_centre(cell.0, cell.1)],
        charge: false,
    };
    assert!(engine::check(&play.desk.field, play.state(), &probe).is_ok());
    // Now a legal point: he goes there.
    play.click_table(to, r);
    assert_eq!(play.desk.commands.len(), 1);
    assert_eq!(play.state().figure(id).unwrap().pos(), to);
    // A second click on a team mate selects him; again selects his team, which moves on.
    let mate = play
        .state()
        .team_members(play.state().figure(id).unwrap().team())
        .find(|f| f.id() != id && f.role() == Role::Soldier)
        .unwrap()
        .clone();
    play.click_table(mate.pos(), r);
    play.click_table(mate.pos(), r);
    assert_eq!(play.view.selection, Some(Selection::Team(mate.team())));
    let centre = play.centre(Selection::Team(mate.team()));
    play.click_table([centre[0], centre[1] + inches(2.0)], r);
    assert!(play.desk.commands.len() > 1, "{:?}", play.desk.message);
    // The bot defends while the human ends his phases, until the attacker may shoot.
    play.end_phase();
    let mut shots = 0;
    let mut frames = 0;
    while play.state().outcome().is_none() {
        frames += 1;
        assert!(frames < 50_000, "the battle never ended");
        match play.desk.human_actor() {
            None => play.tick(1.0),
            Some(_) if matches!(play.state().phase(), Phase::Fire(_)) && shots < 3 => {
                let shooter = play
                    .state()
                    .living(Side::Attacker)
                    .find(|f| !f.fired() && !targets(&play.desk.field, play.state(), f).is_empty())
                    .cloned();
                let Some(s) = shooter else {
                    play.end_phase();
                    continue;
                };
                let (target, _) = targets(&play.desk.field, play.state(), &s)[0];
                play.view.selection = None;
                play.click_table(s.pos(), r);
                let before = play.desk.commands.len();
                let tpos = play.state().figure(target).unwrap().pos();
                play.click_table(tpos, r);
                assert_eq!(
                    play.desk.commands.len(),
                    before + 1,
                    "{:?}",
                    play.desk.message
                );
                assert!(matches!(
                    play.desk.commands.last(),
                    Some(OmogCommand::Shoot { figure, .. }) if *figure == s.id()
                ));
                shots += 1;
            }
            Some(_) if matches!(play.state().phase(), Phase::Move(_)) => {
                // Every team closes on the objective, as a player would order it.
                let teams: Vec<TeamId> = play
                    .state()
                    .teams()
                    .iter()
                    .filter(|t| t.side() == Side::Attacker)
                    .map(|t| t.id())
                    .collect();
                for t in teams {
                    if play.members(Selection::Team(t)).iter().all(|f| f.moved()) {
                        continue;
                    }
                    let c = play.centre(Selection::Team(t));
                    let b = compass_bearing(c, play.desk.field.objective);
                    play.order_move(
                        Selection::Team(t),
                        crate::tactical::table::step(c, b, inches(6.0)),
                    );
                }
                play.end_phase();
            }
            Some(_) => play.end_phase(),
        }
    }
    assert!(shots > 0, "the attacker never had a shot");
    let again = replay(&field, &forces, seed, &play.desk.commands);
    assert_eq!(&again, play.state());
}

#[test]
fn hot_seat_takes_orders_from_both_sides_and_the_bot_never_moves() {
    let (field, forces) = encamp("scout:1", "guard:1");
    let mut play = new_play(field, forces, 2, [true, true]);
    for _ in 0..100 {
        play.tick(1.0);
    }
    assert!(play.desk.commands.is_empty());
    assert_eq!(play.desk.human_actor(), Some(Side::Attacker));
    play.end_phase();
    assert_eq!(play.desk.human_actor(), Some(Side::Defender));
    // The defender's figure is his to select and order now; the attacker's only to look at.
    let d = play.state().living(Side::Defender).next().unwrap().clone();
    play.click_table(d.pos(), inches(0.4));
    assert_eq!(play.view.selection, Some(Selection::Figure(d.id())));
    let a = play.state().living(Side::Attacker).next().unwrap().clone();
    play.view.selection = None;
    play.click_table(a.pos(), inches(0.4));
    assert_eq!(play.view.selection, Some(Selection::Figure(a.id())));
    // Looking at the attacker out of his move shows his next move, from a copy.
    let before = play.state().clone();
    play.refresh_reach();
    assert!(play.view.reach.as_ref().unwrap().next_move);
    assert!(!play.view.reach.as_ref().unwrap().cells.is_empty());
    assert_eq!(play.state(), &before);
}

#[test]
fn a_pick_goes_when_its_side_hands_the_turn_over_and_stays_when_its_side_takes_it() {
    let (field, forces) = encamp("scout:1", "guard:1");
    let mut play = new_play(field, forces, 2, [true, true]);
    let r = inches(0.4);
    let a = play.state().living(Side::Attacker).next().unwrap().clone();
    play.click_table(a.pos(), r);
    play.click_table(a.pos(), r);
    assert_eq!(play.view.selection, Some(Selection::Team(a.team())));
    // The attacker ends his move: his team is no longer picked in the defender's phase.
    play.end_phase();
    assert_eq!(play.desk.human_actor(), Some(Side::Defender));
    assert_eq!(play.view.selection, None);
    play.refresh_reach();
    assert!(play.view.reach.is_none());
    // The defender looks at an attacker; when the attacker's fire comes, the pick is his own.
    play.click_table(a.pos(), r);
    assert_eq!(play.view.selection, Some(Selection::Figure(a.id())));
    play.end_phase();
    assert_eq!(play.desk.human_actor(), Some(Side::Attacker));
    assert_eq!(play.view.selection, Some(Selection::Figure(a.id())));
}

#[test]
fn the_log_says_why_a_battle_ended_and_not_who_held_the_objective_when_a_side_was_wiped_out() {
    let (field, forces) = encamp("scout:1", "guard:2:2:fort");
    let wiped = |s: &OmogState, side| s.living(side).count() == 0;
    // The first seed whose bot battle the defender wins by wiping the attack out.
    let seed = (0..60)
        .find(|&seed| {
            let p = bots(&field, &forces, seed);
            wiped(&p.state, Side::Attacker) && !wiped(&p.state, Side::Defender)
        })
        .expect("a battle the attack loses to the last man");
    let mut play = new_play(field, forces, seed, [false, false]);
    play.skip_ai();
    assert_eq!(play.state().outcome(), Some(BattleOutcome::DefenderWins));
    let lines: Vec<&str> = play.desk.log.iter().map(|l| l.text.as_str()).collect();
    let last = *lines.last().unwrap();
    assert!(
        last.starts_with("Red (attacker) has nobody left standing.")
            && last.ends_with("Blue (defender) wins: the attacking unit is lost."),
        "{last}"
    );
    // The turn's end: the last of the attack falls, then the verdict, with no word of the
    // objective between them.
    let fell = lines.iter().rposition(|l| l.ends_with("is down.")).unwrap();
    assert!(
        lines[fell..].iter().all(|l| !l.contains("objective")),
        "{:?}",
        &lines[fell..]
    );
}

#[test]
fn the_order_buttons_mount_face_and_climb_through_the_engine_with_its_hover() {
    use super::omog_orders::Mode;
    use super::view::{RulesetView, Tone};
    let (field, forces) = encamp("scout:2", "guard:1:1");
    let mut play = new_play(field, forces, 0, [true, true]);
    let frame = crate::ui::table::Frame::fit(&play.desk.field.spec, [0.0, 0.0, 1200.0, 900.0]);
    let r = inches(0.45);
    let riders: Vec<_> = play.state().living(Side::Attacker).cloned().collect();
    let (t, t2) = (&riders[0], &riders[1]);
    // Dismount where he stands: the hover is the engine's yes, the click its command.
    play.click_table(t.pos(), r);
    play.view.mode = Mode::Remount;
    let h = play.view.hover(&play.desk, t.pos(), &frame).unwrap();
    assert!(h.lines[0].0.contains("dismount"), "{:?}", h.lines);
    assert_eq!(h.lines.last().unwrap().1, Tone::Good, "{:?}", h.lines);
    let logged = play.desk.log.len();
    play.click_table(t.pos(), r);
    assert!(matches!(
        play.desk.commands.last(),
        Some(OmogCommand::Remount { figure, .. }) if *figure == t.id()
    ));
    assert_eq!(play.state().figure(t.id()).unwrap().mount(), Mount::Foot);
    // The log says what the engine did: he went nowhere, and dismounting took half his move.
    assert_eq!(
        said_since(&play.desk.log, logged),
        [format!(
            "Red's trooper #{} dismounts where he stands, using 50% of its move.",
            t.id().0
        )],
    );
    assert_eq!(play.view.mode, Mode::Move);
    // A horseman cannot climb: the hover says why, and the click changes nothing.
    play.click_table(t2.pos(), r);
    play.view.mode = Mode::Climb;
    let h = play.view.hover(&play.desk, t2.pos(), &frame).unwrap();
    assert_eq!(h.lines.last().unwrap().1, Tone::Bad, "{:?}", h.lines);
    let n = play.desk.commands.len();
    play.click_table(t2.pos(), r);
    assert_eq!(play.desk.commands.len(), n);
    assert!(play.desk.message.as_ref().is_some_and(|m| m.1));
    // Face a point: he turns towards it and keeps his place.
    play.view.mode = Mode::Face;
    let east = [t2.pos()[0] + inches(6.0), t2.pos()[1]];
    play.click_table(east, r);
    assert!(matches!(
        play.desk.commands.last(),
        Some(OmogCommand::Face { .. })
    ));
    let faced = play.state().figure(t2.id()).unwrap();
    assert_eq!(faced.pos(), t2.pos());
    assert!((faced.facing() - 90.0).abs() < 1e-6, "{}", faced.facing());
    // The defender's man in a house climbs onto its roof.
    play.end_phase();
    let inside = play
        .state()
        .living(Side::Defender)
        .find(|f| !crate::tactical::omog::room::houses_at(&play.desk.field, f.pos()).is_empty())
        .unwrap()
        .clone();
    play.click_table(inside.pos(), r);
    play.view.mode = Mode::Climb;
    play.click_table(inside.pos(), r);
    assert!(
        play.state().figure(inside.id()).unwrap().on_roof(),
        "{:?}",
        play.desk.message
    );
}

#[test]
fn musket_horsemen_dismount_and_face_from_the_same_buttons() {
    use super::omog_musket::OmogMusketView;
    use super::omog_orders::Mode;
    use crate::tactical::omog_musket::{MusketCommand, OmogMusket};
    let (attacker, _) = parse_force("scout:2", &OmogMusket).unwrap();
    let (defender, _) = parse_force("guard:1", &OmogMusket).unwrap();
    let (field, _) = encamp("scout:2", "guard:1");
    let forces = Forces {
        attacker,
        defender,
        ..Default::default()
    };
    let mut play: Host<OmogMusketView> = Host::new(field, &forces, 0, [true, true], names());
    let r = inches(0.45);
    let rider = play
        .desk
        .state()
        .living(Side::Attacker)
        .next()
        .unwrap()
        .clone();
    play.view.click(&mut play.desk, rider.pos(), r);
    assert_eq!(play.view.selection, Some(rider.id()));
    play.view.mode = Mode::Remount;
    let logged = play.desk.log.len();
    play.view.click(&mut play.desk, rider.pos(), r);
    assert!(matches!(
        play.desk.commands.last(),
        Some(MusketCommand::Remount { .. })
    ));
    let on_foot = play.desk.state().figure(rider.id()).unwrap();
    assert_eq!(on_foot.mount(), crate::tactical::omog::Mount::Foot);
    // Not "moves": he dismounted where he stood.
    assert_eq!(
        said_since(&play.desk.log, logged),
        [format!("The {} dismounts where he stands.", on_foot.name())]
    );
    // He has had his order: facing now is refused, with the engine's reason.
    play.view.mode = Mode::Face;
    play.view.click(
        &mut play.desk,
        [rider.pos()[0], rider.pos()[1] + inches(5.0)],
        r,
    );
    assert_eq!(play.desk.commands.len(), 1);
    assert!(play
        .desk
        .message
        .as_ref()
        .is_some_and(|m| m.1 && m.0.contains("moved")));
}
