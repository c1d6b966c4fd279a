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
