//! OMOG 19C, corrected: each rule the engine once read wrongly or left out, reproduced on the
//! hand-made table (see `docs/rules/omog19c.md`, where each decision links its test).

use omms::tactical::omog::melee::{pairings, Fight};
use omms::tactical::omog19c::engine::{check, execute, shoot_odds, ShotOdds};
use omms::tactical::omog19c::state::{FigureId, HeavyKind, OmogState, Phase, Role, TeamId};
use omms::tactical::omog19c::tables::{ShotModifier, Weapon};
use omms::tactical::omog19c::*;
use omms::tactical::table::{inches, TablePoint};
use omms::tactical::*;

#[path = "common/omog_table.rs"]
mod omog_table;
use omog_table::*;

/// The fights of the turn's hand to hand: (lone man, his opponents).
fn fights(ev: &[OmogEvent]) -> Vec<(FigureId, Vec<FigureId>)> {
    ev.iter()
        .filter_map(|e| match e {
            OmogEvent::Melee {
                lone, opponents, ..
            } => Some((*lone, opponents.iter().map(|o| o.0).collect())),
            _ => None,
        })
        .collect()
}

#[test]
fn two_on_one_is_fought_as_two_to_one_whoever_has_the_lower_numbers() {
    let f = table();
    // Two attackers (figures 0 and 1) both touch one defender (2).
    let p = position(&[
        (A, FOOT, RIFLE, MAN, at(20.0, 10.0), 0),
        (A, FOOT, RIFLE, MAN, at(21.0, 11.0), 0),
        (D, FOOT, RIFLE, MAN, at(21.0, 10.0), 1),
    ]);
    assert_eq!(
        pairings(p.clone().build().roster()),
        vec![Fight {
            lone: FigureId(2),
            opponents: vec![FigureId(0), FigureId(1)]
        }]
    );
    for seed in 0..20 {
        let mut s = p.clone().seed(seed).build();
        let ev = end_turn(&f, &mut s);
        let fought = fights(&ev);
        assert_eq!(fought.len(), 1, "seed {seed}");
        assert_eq!(
            fought[0].0,
            FigureId(2),
            "seed {seed}: the outnumbered man fights alone"
        );
    }
}

#[test]
fn a_lone_defender_never_survives_three_attackers() {
    let f = table();
    let p = position(&[
        (A, FOOT, RIFLE, MAN, at(20.0, 10.0), 0),
        (A, FOOT, RIFLE, MAN, at(22.0, 10.0), 0),
        (A, FOOT, RIFLE, MAN, at(21.0, 11.0), 0),
        (D, FOOT, RIFLE, MAN, at(21.0, 10.0), 1),
    ]);
    for seed in 0..40 {
        let mut s = p.clone().seed(seed).build();
        let ev = end_turn(&f, &mut s);
        assert_eq!(fights(&ev).len(), 1, "seed {seed}: one fight, three on one");
        assert!(
            !s.figure(FigureId(3)).unwrap().alive(),
            "seed {seed}: the rule of three removes him"
        );
    }
}

#[test]
fn a_trooper_who_held_still_shoots_without_the_ridden_penalty() {
    let f = table();
    let mut s = position(&[
        (A, HORSE, Weapon::Carbine, MAN, at(20.0, 10.0), 0),
        (D, FOOT, RIFLE, MAN, at(20.0, 16.0), 1),
    ])
    .build();
    execute(
        &f,
        &mut s,
        &OmogCommand::Hold {
            figure: FigureId(0),
        },
    )
    .unwrap();
    execute(&f, &mut s, &OmogCommand::EndMove).unwrap();
    execute(&f, &mut s, &OmogCommand::EndMove).unwrap();
    assert_eq!(s.phase(), Phase::Fire(A));
    let o = shoot_odds(&f, &s, FigureId(0), FigureId(1)).unwrap();
    assert!(
        !o.modifiers.contains(&ShotModifier::ShooterMovedOnHorse),
        "{:?}",
        o.modifiers
    );
    // One who rode does take it.
    let mut s = position(&[
        (A, HORSE, Weapon::Carbine, MAN, at(20.0, 8.0), 0),
        (D, FOOT, RIFLE, MAN, at(20.0, 16.0), 1),
    ])
    .build();
    execute(&f, &mut s, &mv(0, at(20.0, 10.0), at(20.0, 8.0), false)).unwrap();
    execute(&f, &mut s, &OmogCommand::EndMove).unwrap();
    execute(&f, &mut s, &OmogCommand::EndMove).unwrap();
    let o = shoot_odds(&f, &s, FigureId(0), FigureId(1)).unwrap();
    assert!(o.modifiers.contains(&ShotModifier::ShooterMovedOnHorse));
}

#[test]
fn a_moved_gun_stands_a_whole_turn_before_it_fires() {
    let f = table();
    for kind in [HeavyKind::Gatling, HeavyKind::Fieldpiece] {
        let gun = |turn: u32| {
            position(&[
                (D, FOOT, Weapon::Pistol, Role::Gunner, at(20.0, 20.0), 0),
                (D, FOOT, Weapon::Pistol, Role::Gunner, at(21.0, 20.0), 0),
                (D, FOOT, Weapon::Pistol, Role::Gunner, at(22.0, 20.0), 0),
                (A, FOOT, RIFLE, MAN, at(20.0, 32.0), 1),
            ])
            .to_team(TeamId(0))
            .gun(kind, at(21.0, 21.0))
            .gun_state(3, 1, 4, Some(3))
            .turn(turn)
            .phase(Phase::Fire(D))
            .build()
        };
        let fire = match kind {
            HeavyKind::Gatling => OmogCommand::FireGatling {
                team: TeamId(0),
                at: at(20.0, 32.0),
            },
            HeavyKind::Fieldpiece => OmogCommand::FireGun {
                team: TeamId(0),
                at: at(20.0, 32.0),
            },
        };
        // Moved in turn 3: turn 4 is its whole turn of setting up; it fires in turn 5.
        let msg = refusal(&f, &gun(4), fire.clone());
        assert!(msg.contains("whole turn"), "{kind:?}: {msg}");
        assert!(check(&f, &gun(5), &fire).is_ok(), "{kind:?}");
    }
}

/// The hand-made table with a second wood from (20″, 30″) to (30″, 36″), and a fence inside the
/// first wood along y = 30.5″ from x = 10″ to 16″.
fn two_woods() -> Battlefield {
    let t = table();
    let i = inches;
    let mut areas = t.areas.clone();
    areas.push(Area {
        kind: AreaKind::Woods,
        shape: rect(i(20.0), i(30.0), i(30.0), i(36.0)),
        top: [i(25.0), i(33.0)],
        osm_id: 9,
    });
    let mut lines = t.lines.clone();
    lines.push(Line {
        kind: LineKind::Wall(WallKind::Fence),
        line: geo::LineString::from(vec![(i(10.0), i(30.5)), (i(16.0), i(30.5))]),
        osm_id: 10,
    });
    Battlefield::from_parts(TableSpec::OMOG, "Testham", Edge::South, areas, lines, &[])
}

fn duel(shooter: TablePoint, target: TablePoint) -> OmogState {
    position(&[
        (A, FOOT, RIFLE, MAN, shooter, 0),
        (D, FOOT, RIFLE, MAN, target, 1),
    ])
    .phase(Phase::Fire(A))
    .build()
}

fn shoot(f: &Battlefield, s: &OmogState) -> Result<ShotOdds, String> {
    shoot_odds(f, s, FigureId(0), FigureId(1)).map_err(|e| e.to_string())
}

#[test]
fn woods_hide_both_ways_and_only_the_same_wood_sees_deep() {
    let f = two_woods();
    // 3″ inside the first wood, a man cannot fire out at a man in the open…
    let deep = at(13.0, 33.0);
    let open = at(13.0, 22.0);
    let msg = shoot(&f, &duel(deep, open)).unwrap_err();
    assert!(msg.contains("more than 2″ inside the woods"), "{msg}");
    // …just as the man in the open cannot fire in at him.
    assert!(shoot(&f, &duel(open, deep)).is_err());
    // From the edge of one wood he cannot see 5″ into the other.
    let msg = shoot(&f, &duel(at(15.5, 33.0), at(25.0, 33.0))).unwrap_err();
    assert!(msg.contains("more than 2″ inside the woods"), "{msg}");
    // Two men deep in the same wood see each other.
    assert!(shoot(&f, &duel(at(11.5, 33.0), at(14.5, 33.5))).is_ok());
    // Near the edges of two woods, 1″ and 1″ in: they may fire both ways.
    assert!(shoot(&f, &duel(at(15.0, 33.0), at(21.0, 33.0))).is_ok());
    assert!(shoot(&f, &duel(at(21.0, 33.0), at(15.0, 33.0))).is_ok());
}

#[test]
fn cover_modifiers_add_in_woods_behind_a_fence_but_a_house_stands_alone() {
    let f = two_woods();
    // In the wood, just behind its fence, 11″ from a rifleman south of it: 4 + 1 + 1.
    let o = shoot(&f, &duel(at(13.0, 20.0), at(13.0, 31.0))).unwrap();
    assert_eq!(
        o.modifiers,
        vec![
            ShotModifier::TargetInWoods,
            ShotModifier::TargetBehindLowWall
        ]
    );
    assert_eq!(o.need, 6);
    // In the house: −2 and nothing more.
    let o = shoot(&f, &duel(at(31.0, 21.0), at(31.0, 31.0))).unwrap();
    assert_eq!(o.modifiers, vec![ShotModifier::TargetInHouse]);
}

#[test]
fn a_man_at_a_corner_fires_round_it_and_is_harder_to_hit() {
    let f = table();
    // Half an inch east of the house, shot at from 10″ south: the house is beside him.
    let o = shoot(&f, &duel(at(32.5, 21.0), at(32.5, 31.0))).unwrap();
    assert_eq!(o.modifiers, vec![ShotModifier::TargetFiringRoundCover]);
    assert_eq!(o.need, 5);
    // Leaning round the end of the stone wall at a man beyond it, too…
    let o = shoot(&f, &duel(at(30.0, 10.0), at(40.5, 15.5))).unwrap();
    assert_eq!(o.modifiers, vec![ShotModifier::TargetFiringRoundCover]);
    // …but not with the wall at his back; and in the open, nothing.
    let o = shoot(&f, &duel(at(40.5, 26.0), at(40.5, 15.5))).unwrap();
    assert!(o.modifiers.is_empty());
    let o = shoot(&f, &duel(at(20.0, 10.0), at(20.0, 20.0))).unwrap();
    assert!(o.modifiers.is_empty());
}

/// The hand-made table with one more line along x = 20″, the whole depth of the table.
fn with_water_line(kind: LineKind) -> Battlefield {
    let t = table();
    let mut lines = t.lines.clone();
    lines.push(Line {
        kind,
        line: geo::LineString::from(vec![(inches(20.0), 0.0), (inches(20.0), inches(48.0))]),
        osm_id: 11,
    });
    Battlefield::from_parts(
        TableSpec::OMOG,
        "Testham",
        Edge::South,
        t.areas.clone(),
        lines,
        &[],
    )
}

#[test]
fn a_stream_is_forded_anywhere_at_a_short_move_a_river_only_at_a_crossing() {
    let p = position(&[(A, FOOT, RIFLE, MAN, at(19.0, 10.0), 0)]).build();
    let stream = with_water_line(LineKind::Stream);
    assert!(check(&stream, &p, &mv(0, at(21.0, 10.0), at(19.0, 10.0), false)).is_ok());
    let msg = refusal(&stream, &p, mv(0, at(21.5, 10.0), at(19.0, 10.0), false));
    assert!(msg.starts_with("Too far"), "{msg}");
    let river = with_water_line(LineKind::River);
    let msg = refusal(&river, &p, mv(0, at(21.0, 10.0), at(19.0, 10.0), false));
    assert!(msg.contains("ford or a bridge"), "{msg}");
}

#[test]
fn figures_take_up_room_no_stacking_no_horses_in_houses_and_full_houses() {
    let f = table();
    // Two men of a team: the second cannot end within 1″ of the first.
    let p = position(&[
        (A, FOOT, RIFLE, MAN, at(20.0, 10.0), 0),
        (A, FOOT, RIFLE, MAN, at(22.0, 10.0), 0),
    ])
    .build();
    let msg = refusal(&f, &p, mv(1, at(20.5, 10.5), at(22.0, 10.0), false));
    assert!(msg.contains("No room"), "{msg}");
    assert!(check(&f, &p, &mv(1, at(21.0, 10.0), at(22.0, 10.0), false)).is_ok());

    // A charge ends base to base, 1″ away, not on top of the enemy.
    let p = position(&[
        (A, FOOT, RIFLE, MAN, at(20.0, 10.0), 0),
        (D, FOOT, RIFLE, MAN, at(20.0, 13.0), 1),
    ])
    .build();
    assert!(check(&f, &p, &mv(0, at(20.0, 12.0), at(20.0, 10.0), true)).is_ok());
    let msg = refusal(&f, &p, mv(0, at(20.0, 12.5), at(20.0, 10.0), true));
    assert!(msg.contains("No room"), "{msg}");

    // Horses stay out of houses, and do not ride through them either.
    let p = position(&[(A, HORSE, Weapon::Carbine, MAN, at(28.0, 31.0), 0)]).build();
    let msg = refusal(&f, &p, mv(0, at(31.0, 31.0), at(28.0, 31.0), false));
    assert!(msg.contains("cannot ride into a house"), "{msg}");
    let msg = refusal(&f, &p, mv(0, at(33.5, 31.0), at(28.0, 31.0), false));
    assert!(msg.contains("cannot ride into a house"), "{msg}");

    // The 2″ house holds four: with a man in each corner, a fifth has room but no place.
    let p = position(&[
        (D, FOOT, RIFLE, MAN, at(30.0, 30.0), 0),
        (D, FOOT, RIFLE, MAN, at(32.0, 30.0), 0),
        (D, FOOT, RIFLE, MAN, at(30.0, 32.0), 0),
        (D, FOOT, RIFLE, MAN, at(32.0, 32.0), 0),
        (A, FOOT, RIFLE, MAN, at(31.0, 28.5), 1),
    ])
    .build();
    let msg = refusal(&f, &p, mv(4, at(31.0, 31.0), at(31.0, 28.5), false));
    assert!(msg.contains("holds only 4"), "{msg}");
}

#[test]
fn a_man_may_not_walk_off_and_leave_a_team_mate_alone() {
    let f = table();
    // 0 — 1 — 2 in a row: 1 links the other two, 0 and 2 are 4½″ apart.
    let p = position(&[
        (A, FOOT, RIFLE, MAN, at(10.0, 10.0), 0),
        (A, FOOT, RIFLE, MAN, at(12.0, 10.0), 0),
        (A, FOOT, RIFLE, MAN, at(14.5, 10.0), 0),
    ])
    .build();
    // Stepping towards 2 keeps 1 in touch with him but leaves 0 alone.
    let msg = refusal(&f, &p, mv(1, at(13.0, 11.5), at(12.0, 10.0), false));
    assert!(
        msg.contains("would leave the attacking rifleman #0"),
        "{msg}"
    );
    assert!(check(&f, &p, &mv(1, at(12.0, 11.0), at(12.0, 10.0), false)).is_ok());
}

fn run(f: &Battlefield, s: &mut OmogState, cmd: OmogCommand) -> Vec<OmogEvent> {
    execute(f, s, &cmd).unwrap_or_else(|e| panic!("{cmd:?}: {e}"))
}

#[test]
fn troopers_mount_and_dismount_for_a_half_move_but_not_over_a_wall() {
    let f = table();
    let trooper = || {
        position(&[
            (A, HORSE, Weapon::Carbine, Role::Officer, at(20.0, 10.0), 0),
            (A, FOOT, RIFLE, MAN, at(30.0, 10.0), 1),
        ])
    };
    let remount = |figure: u16, to: TablePoint, from: TablePoint| OmogCommand::Remount {
        figure: FigureId(figure),
        path: vec![from, to],
    };
    // Ride 3″ (half his 6″) and dismount (a HALF move): the whole move.
    let mut s = trooper().build();
    let ev = run(&f, &mut s, remount(0, at(20.0, 13.0), at(20.0, 10.0)));
    assert!(ev.contains(&OmogEvent::Remounted {
        figure: FigureId(0),
        mount: FOOT
    }));
    assert_eq!(s.figure(FigureId(0)).unwrap().mount(), FOOT);
    // 4″ and then dismounting is too much.
    let s = trooper().build();
    let msg = refusal(&f, &s, remount(0, at(20.0, 14.0), at(20.0, 10.0)));
    assert!(msg.contains("Too far"), "{msg}");
    // A rifleman has no horse to mount.
    let msg = refusal(&f, &s, remount(1, at(30.0, 10.0), at(30.0, 10.0)));
    assert!(msg.contains("no horse"), "{msg}");
    // Not while climbing over the wall at x = 40″.
    let s = position(&[(A, HORSE, Weapon::Carbine, Role::Officer, at(39.5, 10.0), 0)]).build();
    let msg = refusal(&f, &s, remount(0, at(40.5, 10.0), at(39.5, 10.0)));
    assert!(msg.contains("cannot mount or dismount"), "{msg}");
    // A dismounted trooper walks at a man's pace and mounts again where he stands.
    let mut s = position(&[(A, FOOT, Weapon::Carbine, Role::Officer, at(20.0, 10.0), 0)])
        .with(|e| {
            e.horse(true);
        })
        .build();
    let msg = refusal(&f, &s, mv(0, at(20.0, 15.0), at(20.0, 10.0), false));
    assert!(msg.contains("Too far"), "{msg}");
    run(&f, &mut s, remount(0, at(20.0, 10.0), at(20.0, 10.0)));
    assert_eq!(s.figure(FigureId(0)).unwrap().mount(), HORSE);
}

/// A horseman 5.5″ south of three defenders who face south, the middle one at (20″, 10″)
/// and the other two half an inch behind him on either side; the two carry `flank` arms.
fn horse_against_three(flank: Weapon) -> OmogState {
    position(&[
        (A, HORSE, Weapon::Carbine, MAN, at(20.0, 4.5), 0),
        (D, FOOT, flank, MAN, at(19.0, 10.5), 1),
        (D, FOOT, RIFLE, MAN, at(20.0, 10.0), 1),
        (D, FOOT, flank, MAN, at(21.0, 10.5), 1),
    ])
    .build()
}

/// The horseman's hand-to-hand total after charging the middle man, with the defenders'
/// move orders `orders` (all played on the same dice).
fn charge_total(mut s: OmogState, orders: Vec<OmogCommand>) -> i8 {
    let f = table();
    run(&f, &mut s, mv(0, at(20.0, 9.0), at(20.0, 4.5), true));
    run(&f, &mut s, OmogCommand::EndMove);
    for o in orders {
        run(&f, &mut s, o);
    }
    let ev = end_turn(&f, &mut s);
    let total = ev.iter().find_map(|e| match e {
        OmogEvent::Melee {
            lone,
            lone_total,
            opponents,
            ..
        } => Some(if *lone == FigureId(0) {
            *lone_total
        } else {
            opponents[0].1.expect("rolled")
        }),
        _ => None,
    });
    total.expect("a fight")
}

#[test]
fn three_foot_facing_a_charging_horse_with_two_bayonets_repel_it() {
    use omms::tactical::omog::melee::repelled;
    let formed = horse_against_three(RIFLE);
    let face_away = OmogCommand::Face {
        figure: FigureId(1),
        toward: at(19.0, 20.0),
    };
    // Formed and facing him: the horseman loses his +1 against foot.
    let repelled_total = charge_total(formed.clone(), vec![]);
    let broken_total = charge_total(formed.clone(), vec![face_away.clone()]);
    assert_eq!(broken_total - repelled_total, 1);
    // With carbines beside him the middle man is the only bayonet: the charge goes home.
    let two_carbines = horse_against_three(Weapon::Carbine);
    let mut s = two_carbines;
    let f = table();
    run(&f, &mut s, mv(0, at(20.0, 9.0), at(20.0, 4.5), true));
    assert!(!repelled(
        s.roster(),
        s.figure(FigureId(0)).unwrap(),
        s.figure(FigureId(2)).unwrap()
    ));
    let mut s = formed;
    run(&f, &mut s, mv(0, at(20.0, 9.0), at(20.0, 4.5), true));
    assert!(repelled(
        s.roster(),
        s.figure(FigureId(0)).unwrap(),
        s.figure(FigureId(2)).unwrap()
    ));
    // Turning to face is the man's move order.
    run(&f, &mut s, OmogCommand::EndMove);
    run(&f, &mut s, face_away);
    assert!(s.figure(FigureId(1)).unwrap().moved());
    assert!(!repelled(
        s.roster(),
        s.figure(FigureId(0)).unwrap(),
        s.figure(FigureId(2)).unwrap()
    ));
}

#[test]
fn a_walled_courtyard_is_walked_at_the_full_move() {
    let f = table().fortify();
    assert!(f.in_courtyard(f.objective));
    // 6″ off road inside the fort's walls: a FULL move, as in a town.
    let s = position(&[(A, FOOT, RIFLE, MAN, at(21.0, 22.0), 0)]).build();
    assert!(check(&f, &s, &mv(0, at(27.0, 22.0), at(21.0, 22.0), false)).is_ok());
    // The same 6″ outside them is too far.
    let s = position(&[(A, FOOT, RIFLE, MAN, at(21.0, 12.0), 0)]).build();
    let msg = refusal(&f, &s, mv(0, at(27.0, 12.0), at(21.0, 12.0), false));
    assert!(msg.contains("Too far"), "{msg}");
    // Its walls are stone: crossing one away from a gate climbs it.
    let s = position(&[(A, FOOT, RIFLE, MAN, at(21.0, 19.5), 0)]).build();
    let msg = refusal(&f, &s, mv(0, at(21.0, 22.0), at(21.0, 19.5), false));
    assert!(msg.contains("Too far"), "{msg}");
}

#[test]
fn a_man_on_a_roof_shoots_from_a_high_place_and_has_no_house_round_him() {
    let f = table();
    // Climbing onto the roof is a climb: a SHORT move at most.
    let mut s = position(&[(A, FOOT, RIFLE, MAN, at(31.0, 29.0), 0)]).build();
    let msg = refusal(
        &f,
        &s,
        OmogCommand::Climb {
            figure: FigureId(0),
            path: vec![at(31.0, 27.0), at(31.0, 31.0)],
        },
    );
    assert!(msg.contains("A move starts"), "{msg}");
    let far = position(&[(A, FOOT, RIFLE, MAN, at(31.0, 27.5), 0)]).build();
    let msg = refusal(
        &f,
        &far,
        OmogCommand::Climb {
            figure: FigureId(0),
            path: vec![at(31.0, 27.5), at(31.0, 31.0)],
        },
    );
    assert!(msg.contains("Too far"), "{msg}");
    let ev = run(
        &f,
        &mut s,
        OmogCommand::Climb {
            figure: FigureId(0),
            path: vec![at(31.0, 29.0), at(31.0, 30.5)],
        },
    );
    assert!(ev.contains(&OmogEvent::Climbed {
        figure: FigureId(0)
    }));
    assert!(s.figure(FigureId(0)).unwrap().on_roof());
    // On the roof, shooting at a man in the open: +1 (a rifle at 10″ needs 4, so 3).
    let roof = |up: bool| {
        position(&[
            (A, FOOT, RIFLE, MAN, at(31.0, 31.0), 0),
            (D, FOOT, RIFLE, MAN, at(31.0, 21.0), 1),
        ])
        .edit(FigureId(0), |e| {
            e.roof(up);
        })
        .phase(Phase::Fire(A))
        .build()
    };
    let o = shoot(&f, &roof(true)).unwrap();
    assert_eq!(o.modifiers, vec![ShotModifier::ShooterHigh]);
    assert_eq!(o.need, 3);
    // Shot at on the roof he has none of the house's −2; inside it he has it.
    let duel_roof = |up: bool| {
        position(&[
            (A, FOOT, RIFLE, MAN, at(31.0, 21.0), 0),
            (D, FOOT, RIFLE, MAN, at(31.0, 31.0), 1),
        ])
        .edit(FigureId(1), |e| {
            e.roof(up);
        })
        .phase(Phase::Fire(A))
        .build()
    };
    assert!(shoot(&f, &duel_roof(true)).unwrap().modifiers.is_empty());
    assert_eq!(
        shoot(&f, &duel_roof(false)).unwrap().modifiers,
        vec![ShotModifier::TargetInHouse]
    );
    // From inside the house he is no higher than his target.
    assert!(shoot(&f, &roof(false)).unwrap().modifiers.is_empty());
}

#[test]
fn three_men_push_a_gun_and_a_soldier_of_another_team_may_help() {
    let f = table();
    let crew = |helper: bool| {
        let mut figs = vec![
            (A, FOOT, Weapon::Pistol, Role::Gunner, at(20.0, 10.0), 0),
            (A, FOOT, Weapon::Pistol, Role::Gunner, at(21.0, 11.0), 0),
        ];
        if helper {
            figs.push((A, FOOT, RIFLE, MAN, at(19.0, 11.5), 1));
        }
        position(&figs)
            .to_team(TeamId(0))
            .gun(HeavyKind::Fieldpiece, at(20.5, 11.0))
    };
    let push = mv(0, at(20.0, 13.5), at(20.0, 10.0), false);
    let msg = refusal(&f, &crew(false).build(), push.clone());
    assert!(msg.contains("Fewer than three"), "{msg}");
    let mut s = crew(true).build();
    let ev = run(&f, &mut s, push.clone());
    assert!(ev
        .iter()
        .any(|e| matches!(e, OmogEvent::GunMoved { team, .. } if *team == TeamId(0))));
    // The other two pushers go with the gun: none is left behind, and their move is spent.
    let gun = s.gun(TeamId(0)).unwrap().pos();
    for id in [1, 2] {
        let man = s.figure(FigureId(id)).unwrap();
        assert!(
            man.moved() && omms::tactical::table::distance(man.pos(), gun) <= inches(2.0),
            "pusher {id} at {:?}, gun at {gun:?}",
            man.pos()
        );
    }
    // A pusher who has already moved cannot push as well.
    let mut s = crew(true).build();
    run(&f, &mut s, mv(1, at(21.5, 11.8), at(21.0, 11.0), false));
    let msg = refusal(&f, &s, push);
    assert!(msg.contains("have not moved yet"), "{msg}");
}
