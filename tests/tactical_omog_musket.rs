//! OMOG Musket on the table: muzzle-loading, firing at a charging man, "only shoot at targets
//! that can shoot at you", the hand-to-hand table, the forces and troop types (no artillery),
//! and whole auto-resolved battles that keep every rule. Each rule's decision in
//! `docs/rules/omog_musket.md` names its test here.

use omms::rules::{SideDice, UnitType};
use omms::tactical::force::parse_elements;
use omms::tactical::omog::melee::{modifiers, MeleeModifier};
use omms::tactical::omog_musket::forces::{deploy, TROOPS};
use omms::tactical::omog_musket::position::Position;
use omms::tactical::omog_musket::state::{FigureId, MusketState, Phase, Role, Traits};
use omms::tactical::omog_musket::tables::{Mount, ShotModifier, Weapon};
use omms::tactical::omog_musket::*;
use omms::tactical::table::{inches, TablePoint};
use omms::tactical::*;

#[path = "common/omog_table.rs"]
mod omog_table;
use omog_table::{at, dice, table};

const A: Side = Side::Attacker;
const D: Side = Side::Defender;

/// Each figure its own team, an officer (so he moves free of cohesion), in the order given.
fn lone_men(figs: &[(Side, Mount, Weapon, TablePoint)]) -> Position {
    let mut p = Position::new();
    for &(side, mount, weapon, pos) in figs {
        p = p.team(side).man(Role::Officer, mount, weapon, pos);
    }
    p
}

fn run(f: &Battlefield, s: &mut MusketState, cmd: MusketCommand) -> Vec<MusketEvent> {
    execute(f, s, &cmd).unwrap_or_else(|e| panic!("{cmd:?}: {e}"))
}

fn refused(f: &Battlefield, s: &MusketState, cmd: MusketCommand) -> String {
    let mut copy = s.clone();
    let err = execute(f, &mut copy, &cmd).unwrap_err();
    assert_eq!(&copy, s, "a refused command changed the battle");
    assert_eq!(check(f, s, &cmd).unwrap_err(), err);
    err.to_string()
}

fn mv(figure: u16, from: TablePoint, to: TablePoint, charge: bool) -> MusketCommand {
    MusketCommand::Move {
        figure: FigureId(figure),
        path: vec![from, to],
        charge,
    }
}

fn shoot(figure: u16, target: u16) -> MusketCommand {
    MusketCommand::Shoot {
        figure: FigureId(figure),
        target: FigureId(target),
    }
}

/// End phases until the battle waits for `phase`.
fn until(f: &Battlefield, s: &mut MusketState, phase: Phase) -> Vec<MusketEvent> {
    let mut ev = Vec::new();
    while s.phase() != phase {
        let cmd = match s.phase() {
            Phase::Move(_) => MusketCommand::EndMove,
            Phase::Fire(_) => MusketCommand::EndFire,
            Phase::Over => panic!("the battle ended before {phase:?}"),
        };
        ev.extend(run(f, s, cmd));
    }
    ev
}

fn reloaded(ev: &[MusketEvent], who: u16) -> bool {
    ev.iter().any(|e| {
        *e == MusketEvent::Reloaded {
            figure: FigureId(who),
        }
    })
}

/// A musketeer (or horseman) of the attacker facing three defenders out of reach of each
/// other's hits for a while: 7″ to 9″ away, medium musket range.
fn duel(mount: Mount) -> MusketState {
    lone_men(&[
        (A, mount, Weapon::Musket, at(20.0, 10.0)),
        (D, Mount::Foot, Weapon::Pistol, at(20.0, 17.0)),
        (D, Mount::Foot, Weapon::Pistol, at(22.0, 17.0)),
        (D, Mount::Foot, Weapon::Pistol, at(18.0, 17.0)),
    ])
    .phase(Phase::Fire(A))
    .build()
}

#[test]
fn every_weapon_is_loaded_at_the_start_and_a_shot_empties_it() {
    let f = table();
    let forces = Forces {
        attacker: parse_elements("2*foot,horse", TROOPS).unwrap(),
        defender: parse_elements("foot@house,riflemen", TROOPS).unwrap(),
        ..Default::default()
    };
    let s = deploy(&f, &forces, 3);
    assert!(s.figures().iter().all(|x| s.loaded(x.id())));
    let mut s = duel(Mount::Foot);
    let ev = run(&f, &mut s, shoot(0, 1));
    assert!(matches!(ev[0], MusketEvent::Shot { .. }));
    assert!(!s.loaded(FigureId(0)));
}

#[test]
fn fire_move_fire_is_refused_and_standing_a_move_loads_for_the_same_turn() {
    let f = table();
    let mut s = duel(Mount::Foot);
    run(&f, &mut s, shoot(0, 1));
    // Turn 2: he moves, so he cannot load; his empty musket cannot fire.
    let ev = until(&f, &mut s, Phase::Move(A));
    assert_eq!(s.turn(), 2);
    assert!(!reloaded(&ev, 0));
    run(&f, &mut s, mv(0, at(20.0, 10.0), at(20.0, 11.0), false));
    let ev = until(&f, &mut s, Phase::Fire(A));
    assert!(!reloaded(&ev, 0), "a man who moved loaded");
    let msg = refused(&f, &s, shoot(0, 2));
    assert!(msg.contains("has not loaded"), "{msg}");
    // Turn 3: he stays where he is for the move, loads at its end, and fires that turn.
    let ev = until(&f, &mut s, Phase::Move(D));
    assert_eq!(s.turn(), 3);
    assert!(reloaded(&ev, 0), "a man who stood did not load");
    assert!(s.loaded(FigureId(0)));
    until(&f, &mut s, Phase::Fire(A));
    let target = (1..4).find(|&k| s.figure(FigureId(k)).unwrap().alive());
    run(&f, &mut s, shoot(0, target.unwrap()));
}

#[test]
fn reload_move_fire_is_allowed() {
    let f = table();
    let mut s = duel(Mount::Foot);
    run(&f, &mut s, shoot(0, 1));
    until(&f, &mut s, Phase::Move(A));
    // Turn 2: he holds and loads, and keeps his shot.
    run(
        &f,
        &mut s,
        MusketCommand::Hold {
            figure: FigureId(0),
        },
    );
    let ev = until(&f, &mut s, Phase::Fire(A));
    assert!(reloaded(&ev, 0));
    run(
        &f,
        &mut s,
        MusketCommand::Hold {
            figure: FigureId(0),
        },
    );
    // Turn 3: he moves with his loaded musket and fires.
    until(&f, &mut s, Phase::Move(A));
    run(&f, &mut s, mv(0, at(20.0, 10.0), at(20.0, 12.0), false));
    until(&f, &mut s, Phase::Fire(A));
    let target = (1..4).find(|&k| s.figure(FigureId(k)).unwrap().alive());
    run(&f, &mut s, shoot(0, target.unwrap()));
}

#[test]
fn horsemen_cannot_load_on_the_move() {
    let f = table();
    let mut s = duel(Mount::Horse);
    run(&f, &mut s, shoot(0, 1));
    until(&f, &mut s, Phase::Move(A));
    run(&f, &mut s, mv(0, at(20.0, 10.0), at(21.0, 10.0), false));
    let ev = until(&f, &mut s, Phase::Fire(A));
    assert!(!reloaded(&ev, 0));
    assert!(refused(&f, &s, shoot(0, 2)).contains("has not loaded"));
    until(&f, &mut s, Phase::Move(A));
    run(
        &f,
        &mut s,
        MusketCommand::Hold {
            figure: FigureId(0),
        },
    );
    let ev = until(&f, &mut s, Phase::Fire(A));
    assert!(reloaded(&ev, 0));
}

#[test]
fn a_man_charged_fires_at_the_charger_from_half_the_distance() {
    let f = table();
    let mut s = lone_men(&[
        (A, Mount::Horse, Weapon::Carbine, at(20.0, 24.0)),
        (D, Mount::Foot, Weapon::Pistol, at(20.0, 30.0)),
        (D, Mount::Foot, Weapon::Pistol, at(21.5, 30.0)),
    ])
    .build();
    // A charge ends base to base: 1″ from the man charged (figures take up room).
    let ev = run(&f, &mut s, mv(0, at(20.0, 24.0), at(20.0, 29.0), true));
    assert!(matches!(
        ev[0],
        MusketEvent::Moved {
            charged: Some(FigureId(1)),
            ..
        }
    ));
    until(&f, &mut s, Phase::Fire(A));
    run(
        &f,
        &mut s,
        MusketCommand::Hold {
            figure: FigureId(0),
        },
    );
    until(&f, &mut s, Phase::Fire(D));
    // The man charged: half of the 6″ the charge began at is 3″, a pistol's medium range.
    let charged = shoot_odds(&f, &s, FigureId(1), FigureId(0)).unwrap();
    assert!(charged.at_charger);
    assert!((charged.range - inches(3.0)).abs() < 1e-6);
    assert_eq!(charged.need, 5);
    // His neighbour was not charged: he fires at the horseman where he stands, 1.8″ away.
    let other = shoot_odds(&f, &s, FigureId(2), FigureId(0)).unwrap();
    assert!(!other.at_charger);
    assert_eq!(other.need, 4);
    let ev = run(&f, &mut s, shoot(1, 0));
    assert!(matches!(ev[0], MusketEvent::Shot { need: 5, .. }));
}

#[test]
fn you_may_only_shoot_at_a_man_who_could_shoot_at_you() {
    let f = table();
    // The wood runs from (10″, 30″) to (16″, 36″).
    let s = lone_men(&[
        (A, Mount::Foot, Weapon::Rifle, at(13.0, 26.0)),
        (D, Mount::Foot, Weapon::Rifle, at(13.0, 33.0)),
        (D, Mount::Foot, Weapon::Rifle, at(13.0, 30.5)),
    ])
    .phase(Phase::Fire(D))
    .build();
    // 3″ inside the wood he cannot be hit from outside, so he may not fire out either (the
    // shared OMOG sight now refuses it as the wood in the way, both ways).
    let msg = refused(&f, &s, shoot(1, 0));
    assert!(
        msg.contains("only shoot at a man who could shoot at you")
            || msg.contains("woods in the way"),
        "{msg}"
    );
    // Half an inch inside the edge, both can fire; the wood covers him.
    let edge = shoot_odds(&f, &s, FigureId(2), FigureId(0)).unwrap();
    assert!(edge.modifiers.is_empty());
    let mut back = s.clone();
    until(&f, &mut back, Phase::Fire(A));
    let odds = shoot_odds(&f, &back, FigureId(0), FigureId(2)).unwrap();
    assert_eq!(odds.modifiers, vec![ShotModifier::TargetInWoods]);
    assert!(refused(&f, &back, shoot(0, 1)).contains("inside the woods"));
}

fn mods(s: &MusketState, f: &Battlefield, me: u16, foe: u16) -> Vec<MeleeModifier> {
    modifiers(
        f,
        s.figure(FigureId(me)).unwrap(),
        s.figure(FigureId(foe)).unwrap(),
    )
}

#[test]
fn the_hand_to_hand_table_bayonets_plus_one_riflemen_and_tomahawks_minus_one() {
    use MeleeModifier::*;
    let f = table();
    let elite = Traits {
        elite: true,
        ..Traits::default()
    };
    let armour = Traits {
        armoured: true,
        heavy: true,
        ..Traits::default()
    };
    let s = lone_men(&[
        (A, Mount::Foot, Weapon::Musket, at(20.0, 20.0)),
        (D, Mount::Foot, Weapon::Rifle, at(20.0, 20.9)),
        (D, Mount::Foot, Weapon::TradeMusket, at(20.0, 19.1)),
        (A, Mount::Foot, Weapon::Musket, at(13.0, 33.0)),
        (A, Mount::Foot, Weapon::Musket, at(31.0, 31.0)),
        (A, Mount::Horse, Weapon::Carbine, at(25.0, 20.0)),
    ])
    .team(A)
    .man(Role::Soldier, Mount::Foot, Weapon::Musket, at(40.0, 40.0))
    .with(|e| {
        e.traits(elite);
    })
    .team(D)
    .man(Role::Soldier, Mount::Horse, Weapon::Pistol, at(40.0, 41.0))
    .with(|e| {
        e.traits(armour);
    })
    .build();
    assert_eq!(mods(&s, &f, 0, 1), vec![Bayonet]);
    assert_eq!(mods(&s, &f, 1, 0), vec![PoorHandWeapon]);
    assert_eq!(mods(&s, &f, 2, 0), vec![PoorHandWeapon]);
    // No bayonet bonus in woods or houses.
    assert_eq!(mods(&s, &f, 3, 1), vec![]);
    assert_eq!(mods(&s, &f, 4, 1), vec![]);
    assert_eq!(mods(&s, &f, 5, 1), vec![CavalryVsFoot]);
    assert_eq!(mods(&s, &f, 6, 7), vec![Bayonet, Elite, VsArmour]);
    assert_eq!(mods(&s, &f, 7, 6), vec![CavalryVsFoot]);
    assert_eq!(PoorHandWeapon.value(), -1);
    assert_eq!(Bayonet.value() + BayonetCharge.value(), 2);
}

/// A charger of `mount`/`weapon`/`traits` (a horseman 6″, a man on foot 4″ from a defender of
/// `foe`) charged into contact: the charger's hand-to-hand bonuses against him.
fn charge_mods(mount: Mount, weapon: Weapon, traits: Traits, foe: Mount) -> Vec<MeleeModifier> {
    let f = table();
    let from = at(20.0, if mount == Mount::Horse { 20.0 } else { 22.0 });
    let mut s = Position::new()
        .team(A)
        .man(Role::Officer, mount, weapon, from)
        .with(|e| {
            e.traits(traits);
        })
        .team(D)
        .man(Role::Officer, foe, Weapon::Carbine, at(20.0, 26.0))
        .build();
    run(&f, &mut s, mv(0, from, at(20.0, 25.0), true));
    mods(&s, &f, 0, 1)
}

#[test]
fn charges_heavy_cavalry_lancers_and_the_bayonet_charge() {
    use MeleeModifier::*;
    let heavy = Traits {
        heavy: true,
        ..Traits::default()
    };
    let lancer = Traits {
        lancer: true,
        ..Traits::default()
    };
    let plain = Traits::default();
    let (foot, horse) = (Mount::Foot, Mount::Horse);
    assert_eq!(
        charge_mods(foot, Weapon::Musket, plain, foot),
        vec![Bayonet, BayonetCharge]
    );
    // Heavy cavalry's +2 against foot replaces a horseman's +1.
    assert_eq!(
        charge_mods(horse, Weapon::Carbine, heavy, foot),
        vec![HeavyCavalryChargingFoot]
    );
    assert_eq!(
        charge_mods(horse, Weapon::Carbine, heavy, horse),
        vec![HeavyChargingLight]
    );
    assert_eq!(
        charge_mods(horse, Weapon::Pistol, lancer, horse),
        vec![LancerChargingCavalry]
    );
    assert_eq!(
        charge_mods(horse, Weapon::Pistol, lancer, foot),
        vec![CavalryVsFoot]
    );
    assert_eq!(HeavyCavalryChargingFoot.value(), 2);
}

fn encamp(fortified: bool) -> Battlefield {
    let m = omms::map::GameMap::load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/maps/andorra"
    )))
    .unwrap();
    let id = m.place_by_name("Encamp").unwrap();
    let site = BattleSite {
        attacker_from_bearing: 200.0,
        fortified,
    };
    Battlefield::build(&m, id, TableSpec::OMOG, site).unwrap()
}

#[test]
fn no_artillery_the_dice_become_teams_of_four_and_every_troop_type_is_playable() {
    let f = encamp(true);
    // A Tank's gun and armour, a fortification's rapid-fire weapon: no guns in OMOG Musket.
    let forces = Forces {
        attacker: dice(UnitType::Tank, 2, 0, false),
        defender: dice(UnitType::Guard, 1, 2, true),
        ..Default::default()
    };
    let s = deploy(&f, &forces, 1);
    let soldiers = |side: Side| -> Vec<(Mount, Weapon, Traits)> {
        s.figures()
            .iter()
            .filter(|x| x.side() == side && x.role() == Role::Soldier)
            .map(|x| (x.mount(), x.kit(), x.traits()))
            .collect()
    };
    let atk = soldiers(A);
    assert_eq!(atk.len(), 8);
    // A gun's die skirmishes: two riflemen and two musketeers (issue 15's tuning).
    assert!(atk[..2]
        .iter()
        .all(|m| *m == (Mount::Foot, Weapon::Rifle, Traits::default())));
    assert!(atk[2..4]
        .iter()
        .all(|m| *m == (Mount::Foot, Weapon::Musket, Traits::default())));
    assert!(atk[4..]
        .iter()
        .all(|m| m.0 == Mount::Horse && m.2.armoured && m.2.heavy));
    let def = soldiers(D);
    // A Guard defending with one die: its die is a whole team; the fortification's are two
    // grenadiers on the walls and half a team beside them (docs/rules/omog_musket.md, "Forces").
    assert_eq!(def.len(), 4 + 2 + 2);
    assert!(def.iter().all(|m| m.1 == Weapon::Musket));
    assert_eq!(def.iter().filter(|m| m.2.elite).count(), 2);
    assert!(s
        .figures()
        .iter()
        .filter(|x| x.role() == Role::Officer)
        .all(|x| x.kit() == Weapon::Pistol));
    assert!(s.figures().iter().all(|x| x.role() != Role::Gunner));
    let gun: Result<MusketCommand, _> =
        serde_json::from_str(r#"{"command":"fire_gun","team":0,"at":[0.0,0.0]}"#);
    assert!(gun.is_err(), "a gun order parsed");
    // Every troop type, by name, through the registry's check and onto the table.
    let rules = registry::get("omog-musket").unwrap();
    for t in TROOPS {
        let force = parse_elements(&format!("{}/elite", t.name), rules.troops()).unwrap();
        let forces = Forces {
            attacker: force.clone(),
            defender: force,
            ..Default::default()
        };
        rules.check_forces(&forces).unwrap();
        let s = deploy(&f, &forces, 1);
        let man = s.figures().iter().find(|x| x.role() == Role::Soldier);
        let man = man.unwrap();
        assert!(man.traits().elite, "{}", t.name);
        let horse = man.mount() == Mount::Horse;
        assert_eq!(
            horse,
            matches!(t.arm, Arm::Horse | Arm::Armour),
            "{}",
            t.name
        );
    }
}

/// Every rule a whole battle must keep, checked from its events alone: nobody fires empty,
/// a man loads only in a turn he did not move, moves stay within their allowance, and every
/// command the bots offer passes the check.
fn keeps_the_muzzle_loading_rules(s0: &MusketState, f: &Battlefield, cmds: &[MusketCommand]) {
    let mut s = s0.clone();
    let mut loaded: Vec<bool> = vec![true; s.figures().len()];
    let mut moved: Vec<bool> = vec![false; s.figures().len()];
    for (k, cmd) in cmds.iter().enumerate() {
        // The bots' offers are legal by construction: check a sample of them.
        if k % 23 == 0 {
            for c in OmogMusket.legal_commands(f, &s) {
                assert!(check(f, &s, &c).is_ok(), "{c:?}");
            }
        }
        for e in execute(f, &mut s, cmd).expect("a logged command replays") {
            match e {
                MusketEvent::Shot { figure, .. } => {
                    assert!(loaded[figure.0 as usize], "{figure:?} fired empty");
                    loaded[figure.0 as usize] = false;
                }
                MusketEvent::Reloaded { figure } => {
                    assert!(!moved[figure.0 as usize], "{figure:?} loaded on the move");
                    loaded[figure.0 as usize] = true;
                }
                MusketEvent::Moved { figure, used, .. } => {
                    assert!(used <= 1.0 + 1e-9);
                    moved[figure.0 as usize] = true;
                }
                MusketEvent::TurnBegan { .. } => moved.iter_mut().for_each(|m| *m = false),
                _ => {}
            }
        }
    }
}

#[test]
fn auto_battles_keep_every_rule_and_the_captain_beats_the_random_bot() {
    let f = encamp(false);
    let forces = Forces {
        attacker: parse_elements("2*foot,horse", TROOPS).unwrap(),
        defender: parse_elements("foot,foot@house", TROOPS).unwrap(),
        ..Default::default()
    };
    let mut captain_wins = [0u32; 2];
    for seed in 0..24u64 {
        let captain = if seed % 2 == 0 { A } else { D };
        let mut bots = [BotLevel::Random; 2];
        bots[captain.index()] = BotLevel::Captain;
        let b = drive::play(&OmogMusket, &f, &forces, seed, bots, None, |_| {});
        assert!(b.state.outcome().is_some(), "seed {seed} never ended");
        keeps_the_muzzle_loading_rules(&deploy(&f, &forces, seed), &f, &b.commands);
        let won = match captain {
            Side::Attacker => b.outcome == BattleOutcome::AttackerWins,
            Side::Defender => b.outcome == BattleOutcome::DefenderWins,
        };
        captain_wins[captain.index()] += u32::from(won);
    }
    assert!(
        captain_wins.iter().all(|&w| w >= 9),
        "the captain won {captain_wins:?} of 12 as attacker and as defender"
    );
}

#[test]
fn a_man_firing_round_a_house_is_harder_to_hit_as_in_19c() {
    let f = table();
    // Half an inch east of the house, shot at with a rifle from 10″ south: 4, and −1.
    let s = lone_men(&[
        (A, Mount::Foot, Weapon::Rifle, at(32.5, 21.0)),
        (D, Mount::Foot, Weapon::Rifle, at(32.5, 31.0)),
    ])
    .phase(Phase::Fire(A))
    .build();
    let o = shoot_odds(&f, &s, FigureId(0), FigureId(1)).unwrap();
    assert_eq!(o.modifiers, vec![ShotModifier::TargetFiringRoundCover]);
    assert_eq!(o.need, 5);
}

#[test]
fn a_dragoon_dismounts_for_a_half_move_and_stands_to_load() {
    let f = table();
    let mut s = lone_men(&[(A, Mount::Horse, Weapon::Carbine, at(20.0, 10.0))]).build();
    let cmd = |to: TablePoint| MusketCommand::Remount {
        figure: FigureId(0),
        path: vec![at(20.0, 10.0), to],
    };
    let msg = refused(&f, &s, cmd(at(20.0, 14.0)));
    assert!(msg.contains("Too far"), "{msg}");
    run(&f, &mut s, cmd(at(20.0, 10.0)));
    assert_eq!(s.figure(FigureId(0)).unwrap().mount(), Mount::Foot);
}

#[test]
fn the_strategic_games_extra_dice_bring_a_war_party_and_riflemen() {
    let f = encamp(false);
    let dice = |unit, unit_dice| SideDice {
        unit,
        unit_dice,
        settlement_dice: 0,
        fortified: false,
    };
    let forces = Forces {
        attacker: dice(UnitType::Invader, 4).force(),
        defender: dice(UnitType::Guard, 2).force(),
        ..Default::default()
    };
    let s = deploy(&f, &forces, 1);
    let kits: Vec<Weapon> = s
        .teams()
        .iter()
        .filter(|t| t.side() == A)
        .filter_map(|t| s.figures().iter().find(|x| x.team() == t.id()))
        .map(|x| x.kit())
        .collect();
    assert_eq!(
        kits,
        vec![
            Weapon::Musket,
            Weapon::Musket,
            Weapon::TradeMusket,
            Weapon::Rifle
        ]
    );
}

#[test]
fn a_forts_second_die_is_two_men() {
    // The same two settlement dice in a village and in a fortification: a whole team in the
    // village's houses; in the fort its first die is two grenadiers and its second two men.
    let garrison = |fortified: bool| -> Vec<(usize, bool)> {
        let forces = Forces {
            attacker: dice(UnitType::Invader, 2, 0, false),
            defender: dice(UnitType::Guard, 2, 2, fortified),
            ..Default::default()
        };
        let s = deploy(&encamp(fortified), &forces, 1);
        s.teams()
            .iter()
            .filter(|t| t.side() == D)
            .map(|t| {
                let men: Vec<_> = s
                    .figures()
                    .iter()
                    .filter(|x| x.team() == t.id() && x.role() == Role::Soldier)
                    .collect();
                (men.len(), men.iter().all(|x| x.traits().elite))
            })
            .collect()
    };
    // A Guard's two dice: a whole team and half a team ("Men per die"), then the settlement's.
    assert_eq!(
        garrison(false),
        vec![(4, false), (2, false), (4, false), (4, false)]
    );
    assert_eq!(
        garrison(true),
        vec![(4, false), (2, false), (2, true), (2, false)]
    );
}
