//! The Dice Flew's table screen without a window: the hot-seat pass screen before each seat's
//! private decisions, written orders kept from the other seat and out of the log, an order
//! rewritten by a click on a place, and a click on a ringed company firing into a move.

use super::super::host::Host;
use super::super::view::RulesetView;
use super::orders::draft_for;
use super::support::Tool;
use super::{shows_orders, DiceFlewView};
use crate::cli::battle::{battlefield, parse_force, BattleArgs};
use crate::tactical::dice_flew::state::{Pending, Phase};
use crate::tactical::dice_flew::unit::Kind;
use crate::tactical::dice_flew::{DfCommand, DiceFlew};
use crate::tactical::ruleset::{BotLevel, Ruleset, Side};
use crate::tactical::{Battlefield, Forces, RulesetId};

type Play = Host<DiceFlewView>;

fn encamp() -> (Battlefield, Forces) {
    let forces = Forces {
        attacker: parse_force("3*foot,mg", &DiceFlew).unwrap().0,
        defender: parse_force("foot@house,2*foot,hmg", &DiceFlew).unwrap().0,
        ..Default::default()
    };
    let args = BattleArgs {
        map: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra"),
        at: "Encamp".into(),
        ruleset: RulesetId::new("dice-flew").unwrap(),
        forces: forces.clone(),
        fortified: false,
        from_bearing: 180.0,
        seed: 3,
    };
    (battlefield(&args).unwrap(), forces)
}

fn play(human: [bool; 2]) -> Play {
    let (field, forces) = encamp();
    Play::new(field, &forces, 3, human, ["Red".into(), "Blue".into()])
}

/// Let the bot give commands for whoever acts until `stop` holds.
fn bot_until(p: &mut Play, stop: impl Fn(&Play) -> bool) {
    assert!(bot_reaches(p, stop), "the battle ended first");
}

/// Whether the bot, giving commands for whoever acts, brings the battle to where `stop` holds
/// before it ends.
fn bot_reaches(p: &mut Play, stop: impl Fn(&Play) -> bool) -> bool {
    let mut rng = crate::tactical::drive::bot_rng(7);
    for _ in 0..2000 {
        if stop(p) {
            return true;
        }
        let Some(cmd) = DiceFlew.choose(BotLevel::Captain, &p.desk.field, &p.desk.state, &mut rng)
        else {
            return false;
        };
        p.desk.submit(cmd).unwrap();
        p.turn_check();
    }
    false
}

#[test]
fn in_hot_seat_orders_and_the_interrupt_prompt_wait_behind_a_pass_screen() {
    let mut p = play([true, true]);
    let (side, why) = p.pass_needed().expect("the attacker's orders are private");
    assert_eq!(side, Side::Attacker);
    assert!(why.contains("orders"), "{why}");
    p.seat = Some(Side::Attacker);
    assert!(p.pass_needed().is_none());
    // The attacker sees his orders, not the defender's.
    assert!(shows_orders(&p.desk, Side::Attacker));
    assert!(!shows_orders(&p.desk, Side::Defender));
    p.desk.submit(DfCommand::OrdersDone).unwrap();
    assert_eq!(p.pass_needed().map(|x| x.0), Some(Side::Defender));
    p.seat = Some(Side::Defender);
    assert!(!shows_orders(&p.desk, Side::Attacker));
    // Later, a move that comes into the sights of the other side's companies stops the screen
    // for the other seat: the mover's player must not see the choice being made.
    bot_until(&mut p, |p| {
        matches!(p.desk.state().pending(), Some(Pending::Interrupt { .. }))
    });
    let Phase::Move(mover) = p.desk.state().phase() else {
        panic!("an interruption comes in a movement")
    };
    p.seat = Some(mover);
    let (side, why) = p.pass_needed().expect("the shooter's seat decides unseen");
    assert_eq!(side, mover.other());
    assert!(why.contains("shoot at it now?"), "{why}");
}

#[test]
fn against_the_bot_there_is_no_pass_screen_and_its_orders_stay_hidden() {
    let mut p = play([false, true]);
    assert!(p.pass_needed().is_none());
    bot_until(&mut p, |p| p.desk.actor() == Some(Side::Defender));
    assert!(p.pass_needed().is_none());
    assert!(shows_orders(&p.desk, Side::Defender));
    assert!(!shows_orders(&p.desk, Side::Attacker));
}

#[test]
fn a_click_on_a_place_rewrites_the_order_and_the_log_keeps_it_secret() {
    let mut p = play([true, true]);
    let s = p.desk.state();
    let company = s
        .living(Side::Attacker)
        .find(|u| u.kind == Kind::Rifles)
        .unwrap()
        .clone();
    let b = company.battalion.unwrap();
    let place = s.features()[2].at;
    let log_len = p.desk.log.len();
    p.view.click(&mut p.desk, company.at, 1.0);
    assert_eq!(p.view.draft, draft_for(p.desk.state(), company.id));
    p.view.click(&mut p.desk, place, 1.0);
    let order = p.desk.state().battalion(b).unwrap().order.unwrap();
    assert_eq!(order.feature, 2);
    assert!(matches!(
        p.desk.commands().last(),
        Some(DfCommand::WriteOrder { .. })
    ));
    // The writer reads it in his note; the log, which both seats read, says nothing of it.
    assert_eq!(p.desk.log.len(), log_len);
    let note = p.desk.message.clone().unwrap().0;
    assert!(note.contains(&p.desk.state().features()[2].name), "{note}");
}

#[test]
fn a_click_on_a_ringed_company_fires_into_the_move() {
    let mut p = play([false, true]);
    bot_until(&mut p, |p| {
        matches!(p.desk.state().pending(), Some(Pending::Interrupt { .. }))
            && p.desk.actor() == Some(Side::Defender)
    });
    let Some(Pending::Interrupt { shooters, .. }) = p.desk.state().pending().cloned() else {
        unreachable!()
    };
    let at = p.desk.state().unit(shooters[0]).unwrap().at;
    p.view.click(&mut p.desk, at, 1.0);
    assert_eq!(
        p.desk.commands().last(),
        Some(&DfCommand::Shoot {
            shooter: shooters[0]
        })
    );
    assert!(p.desk.log.iter().any(|l| l.text.contains("opens fire on")));
}

/// Encamp with a medium battery on each side: the defender's observer on a telephone line.
fn guns(human: [bool; 2]) -> Play {
    guns_seeded(human, 3)
}

fn guns_seeded(human: [bool; 2], seed: u64) -> Play {
    let (field, _) = encamp();
    let forces = Forces {
        attacker: parse_force("3*foot,mg,medium-battery", &DiceFlew)
            .unwrap()
            .0,
        defender: parse_force("foot@house,2*foot,hmg,medium-battery", &DiceFlew)
            .unwrap()
            .0,
        ..Default::default()
    };
    Play::new(field, &forces, seed, human, ["Red".into(), "Blue".into()])
}

/// The log's lines as a player reads them.
fn lines(p: &Play) -> Vec<String> {
    p.desk.log.iter().map(|l| l.text.clone()).collect()
}

#[test]
fn a_fire_plan_is_written_by_a_click_on_a_place_and_kept_out_of_the_log() {
    let mut p = guns([true, true]);
    let s = p.desk.state();
    let mine = s.batteries()[0].clone();
    assert_eq!(mine.side, Side::Attacker);
    let theirs = s.batteries()[1].id;
    let place = s.features()[1].at;
    let log_len = p.desk.log.len();
    // The other side's battery: the hover carries the engine's refusal.
    p.view.tool = Tool::Plan {
        battery: theirs,
        turn: 2,
    };
    let f = crate::ui::table::Frame::fit(&p.desk.field.spec, [0.0, 0.0, 700.0, 700.0]);
    let h = p
        .view
        .hover(&p.desk, place, &f)
        .expect("a place under the pointer");
    assert!(h.refused(), "{h:?}");
    assert!(h.lines.iter().any(|(l, _)| l.contains("not one of your")));
    // His own: the hover says what a click does, and the click writes it.
    p.view.tool = Tool::Plan {
        battery: mine.id,
        turn: 2,
    };
    let h = p.view.hover(&p.desk, place, &f).unwrap();
    assert!(!h.refused(), "{h:?}");
    assert!(h
        .lines
        .iter()
        .any(|(l, _)| l == "Click: shell it in turn 2"));
    p.view.click(&mut p.desk, place, 1.0);
    let plan = &p.desk.state().batteries()[0].plan;
    assert_eq!(plan.len(), 1);
    assert_eq!((plan[0].turn, plan[0].feature), (2, 1));
    assert_eq!(p.desk.log.len(), log_len, "{:?}", lines(&p));
    let note = p.desk.message.clone().unwrap().0;
    assert!(note.contains(&p.desk.state().features()[1].name), "{note}");
    assert!(note.contains("turn 2"), "{note}");
}

#[test]
fn the_observers_call_and_patrols_read_as_their_own_lines_in_the_log() {
    use crate::tactical::dice_flew::artillery::observed_target;
    // The defender's first part, before anything of his has moved, with an enemy in his
    // observer's sight: the first battle seed whose bots come to it (how soon the attackers
    // show themselves is the bots' play, not what this test is about).
    let ready = |p: &Play| {
        let s = p.desk.state();
        let b = &s.batteries()[1];
        let obs = s.unit(b.observer.unwrap()).unwrap();
        s.phase() == Phase::Move(Side::Defender)
            && s.pending().is_none()
            && !s.living(Side::Defender).any(|u| u.moved)
            && b.fired_turn != s.turn()
            && observed_target(&p.desk.field, s, obs).is_some()
    };
    let mut p = (3..40)
        .map(|seed| guns_seeded([false, true], seed))
        .find_map(|mut p| bot_reaches(&mut p, ready).then_some(p))
        .expect("some battle brings an enemy into the observer's sight");
    let s = p.desk.state();
    let b = s.batteries()[1].clone();
    let obs = s.unit(b.observer.unwrap()).unwrap().clone();
    let target = observed_target(&p.desk.field, s, &obs).unwrap();
    let at = s.unit(target).unwrap().at;
    p.view.tool = Tool::Call { battery: b.id };
    let f = crate::ui::table::Frame::fit(&p.desk.field.spec, [0.0, 0.0, 700.0, 700.0]);
    let h = p.view.hover(&p.desk, at, &f).unwrap();
    assert!(
        h.lines.iter().any(|(l, _)| l.starts_with("Legal: 2+")),
        "{h:?}"
    );
    assert_eq!(h.path, Some((obs.at, at, true)));
    p.view.click(&mut p.desk, at, 1.0);
    assert_eq!(
        p.desk.commands().last(),
        Some(&DfCommand::CallFire {
            battery: b.id,
            target
        })
    );
    assert_eq!(p.view.tool, Tool::None);
    let log = lines(&p);
    let call = log
        .iter()
        .find(|l| l.starts_with("The observer calls the medium battery 2 onto the"))
        .unwrap_or_else(|| panic!("{log:?}"));
    if call.ends_with("the guns answer.") {
        assert!(log
            .iter()
            .any(|l| l.contains("come down where the observer")));
        assert!(log.iter().any(|l| l.starts_with("The barrage strikes the")));
    }
    // A second call the same turn: the hover refuses it in the engine's words.
    p.view.tool = Tool::Call { battery: b.id };
    let h = p.view.hover(&p.desk, at, &f).unwrap();
    assert!(
        h.lines.iter().any(|(l, _)| l.contains("already fired")),
        "{h:?}"
    );
    p.view.tool = Tool::None;

    // A patrol of four sent out by a company, then taken back.
    let company = p
        .desk
        .state()
        .living(Side::Defender)
        .find(|u| u.kind == Kind::Rifles && !u.pinned)
        .unwrap()
        .clone();
    let patrol = crate::tactical::dice_flew::unit::UnitId(p.desk.state().units().len() as u16);
    p.desk
        .submit(DfCommand::Detach {
            unit: company.id,
            men: 4,
        })
        .unwrap();
    p.desk.submit(DfCommand::Rejoin { patrol }).unwrap();
    let log = lines(&p);
    let out = format!(
        "The {} sends out a patrol of 4 (the patrol {}).",
        company.label(),
        patrol.0 + 1
    );
    assert!(log.contains(&out), "{log:?}");
    let back = format!(
        "The patrol {} rejoins the {}.",
        patrol.0 + 1,
        company.label()
    );
    assert!(log.contains(&back), "{log:?}");
    // None of them fell back on the event's bare name.
    for bare in [
        "Call for fire.",
        "Bombardment.",
        "Barrage.",
        "Detached.",
        "Rejoined.",
    ] {
        assert!(!log.iter().any(|l| l == bare), "{log:?}");
    }
}

#[test]
fn a_company_carrying_a_heavy_weapon_wears_its_badge() {
    use super::pieces::attached;
    // Encamp: the attacker's first foot die brings the battalion's HMG; the garrison facing
    // no armour has no anti-tank gun; a named `hmg` company says MG in its letters already.
    let p = play([false, false]);
    let s = &p.desk.state;
    let badges = |side: Side| -> Vec<Option<String>> {
        s.living(side)
            .filter(|u| !u.staff())
            .map(attached)
            .collect()
    };
    let a = badges(Side::Attacker);
    assert_eq!(
        a.iter().filter(|b| b.as_deref() == Some("+HMG")).count(),
        1,
        "{a:?}"
    );
    assert!(badges(Side::Defender).iter().all(Option::is_none));
    // Against armour a garrison company digs in an anti-tank gun beside its bazookas.
    let (field, _) = encamp();
    let tanks = Forces {
        attacker: parse_force("guns,armour", &DiceFlew).unwrap().0,
        defender: parse_force("foot,foot@house", &DiceFlew).unwrap().0,
        ..Default::default()
    };
    let s = crate::tactical::dice_flew::forces::deploy(&field, &tanks, 3);
    let d: Vec<Option<String>> = s
        .living(Side::Defender)
        .filter(|u| u.kind == Kind::Rifles)
        .map(attached)
        .collect();
    assert_eq!(
        d,
        vec![Some("+bazookas".into()), Some("+AT gun +bazookas".into())]
    );
}

/// A hot-seat (or bot) battle at Encamp between two hand-written forces.
fn play_with(a: &str, d: &str, human: [bool; 2]) -> Play {
    let (field, _) = encamp();
    let forces = Forces {
        attacker: parse_force(a, &DiceFlew).unwrap().0,
        defender: parse_force(d, &DiceFlew).unwrap().0,
        ..Default::default()
    };
    Play::new(field, &forces, 3, human, ["Red".into(), "Blue".into()])
}

#[test]
fn the_set_up_toggle_equips_a_die_and_the_other_seat_does_not_see_it() {
    use super::equip::{flip, toggle};
    use crate::tactical::dice_flew::tables::Armour;
    let mut p = play_with("2*foot,armour", "foot@house,mg@house", [true, true]);
    p.seat = Some(Side::Attacker);
    let tank = p
        .desk
        .state()
        .living(Side::Attacker)
        .find(|u| u.die.is_some())
        .unwrap()
        .clone();
    // A rifle company has no toggle; the tank die has, with what each kind brings.
    let rifles = p
        .desk
        .state()
        .living(Side::Attacker)
        .find(|u| u.kind == Kind::Rifles)
        .unwrap()
        .at;
    p.view.click(&mut p.desk, rifles, 1.0);
    assert_eq!(toggle(&p.view, &p.desk), None);
    p.view.click(&mut p.desk, tank.at, 1.0);
    let t = toggle(&p.view, &p.desk).expect("a tank die's toggle");
    assert_eq!(t.label, "[Tank] ⇄ armoured cars");
    assert_eq!(t.verdict, Ok(()));
    // The armour and the moves are the engine's numbers.
    let (front, flank) = Armour::Medium.defence();
    assert!(
        t.tip
            .contains(&format!("armour {front} front / {flank} flank")),
        "{}",
        t.tip
    );
    let (front, flank) = Armour::Light.defence();
    assert!(
        t.tip
            .contains(&format!("armour {front} front / {flank} flank")),
        "{}",
        t.tip
    );
    assert!(t.tip.contains("moves 24″ open, 36″ road"), "{}", t.tip);
    // A click sends Equip, and the company is armoured cars, still picked.
    flip(&mut p.view, &mut p.desk);
    assert_eq!(
        p.desk.commands().last(),
        Some(&DfCommand::Equip {
            unit: tank.id,
            kind: Kind::ArmouredCars
        })
    );
    assert_eq!(
        p.desk.state().unit(tank.id).unwrap().kind,
        Kind::ArmouredCars
    );
    assert_eq!(
        toggle(&p.view, &p.desk).unwrap().label,
        "Tank ⇄ [armoured cars]"
    );
    // The attacker's table shows his cars; the log, which both seats read, says nothing.
    let mine = DiceFlewView::table_state(&p.desk);
    assert_eq!(mine.unit(tank.id).unwrap().kind, Kind::ArmouredCars);
    assert!(p.desk.log.iter().all(|l| !l.text.contains("armoured cars")));
    p.desk.submit(DfCommand::OrdersDone).unwrap();
    p.turn_check();
    // The defender's set-up: the table, and the hover over it, show a medium tank.
    p.seat = Some(Side::Defender);
    assert!(p.pass_needed().is_none());
    let theirs = DiceFlewView::table_state(&p.desk);
    assert_eq!(theirs.unit(tank.id), Some(&tank));
    let f = crate::ui::table::Frame::fit(&p.desk.field.spec, [0.0, 0.0, 700.0, 700.0]);
    let h = p
        .view
        .hover(&p.desk, tank.at, &f)
        .expect("a unit under the pointer");
    assert!(h.lines[0].0.starts_with("medium tanks"), "{h:?}");
    // The enemy's company, even picked, offers no toggle.
    p.view.pick = Some(tank.id);
    assert_eq!(
        toggle(&p.view, &p.desk),
        None,
        "only a seat's own companies"
    );
    // His own fort die becomes field guns; once the battle starts both see the truth.
    let mg = p
        .desk
        .state()
        .living(Side::Defender)
        .find(|u| u.die.is_some())
        .unwrap()
        .clone();
    p.view.click(&mut p.desk, mg.at, 1.0);
    let mg = mg.id;
    assert_eq!(toggle(&p.view, &p.desk).unwrap().label, "[MG] ⇄ field guns");
    flip(&mut p.view, &mut p.desk);
    assert_eq!(p.desk.state().unit(mg).unwrap().kind, Kind::FieldGuns);
    p.desk.submit(DfCommand::OrdersDone).unwrap();
    let now = DiceFlewView::table_state(&p.desk);
    assert_eq!(now.unit(tank.id).unwrap().kind, Kind::ArmouredCars);
    assert_eq!(now.unit(mg).unwrap().kind, Kind::FieldGuns);
}

#[test]
fn against_the_bot_its_choice_of_equipment_is_not_drawn_before_the_battle() {
    let mut p = play_with("2*foot,armour", "foot@house,mg@house", [false, true]);
    let tank = p
        .desk
        .state()
        .living(Side::Attacker)
        .find(|u| u.die.is_some())
        .unwrap()
        .clone();
    // The bot's seat equips its die (as its planner may) and writes its orders.
    p.desk
        .submit(DfCommand::Equip {
            unit: tank.id,
            kind: Kind::ArmouredCars,
        })
        .unwrap();
    assert_eq!(
        DiceFlewView::table_state(&p.desk).unit(tank.id),
        Some(&tank)
    );
    p.desk.submit(DfCommand::OrdersDone).unwrap();
    assert_eq!(p.desk.human_actor(), Some(Side::Defender));
    assert_eq!(
        DiceFlewView::table_state(&p.desk).unit(tank.id),
        Some(&tank)
    );
}
