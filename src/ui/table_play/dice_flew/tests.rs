//! The Dice Flew's table screen without a window: the hot-seat pass screen before each seat's
//! private decisions, written orders kept from the other seat and out of the log, an order
//! rewritten by a click on a place, and a click on a ringed company firing into a move.

use super::super::host::Host;
use super::super::view::RulesetView;
use super::orders::draft_for;
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
    let mut rng = crate::tactical::drive::bot_rng(7);
    for _ in 0..2000 {
        if stop(p) {
            return;
        }
        let cmd = DiceFlew
            .choose(BotLevel::Captain, &p.desk.field, &p.desk.state, &mut rng)
            .expect("the battle ended first");
        p.desk.submit(cmd).unwrap();
        p.turn_check();
    }
    panic!("never came to it");
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
