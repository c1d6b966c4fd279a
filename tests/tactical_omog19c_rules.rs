//! OMOG 19C, corrected: each rule the engine once read wrongly or left out, reproduced on the
//! hand-made table (see `docs/rules/omog19c.md`, where each decision links its test).

use omms::tactical::omog::melee::{pairings, Fight};
use omms::tactical::omog19c::engine::{check, execute, shoot_odds};
use omms::tactical::omog19c::state::{FigureId, HeavyKind, Phase, Role, TeamId};
use omms::tactical::omog19c::tables::{ShotModifier, Weapon};
use omms::tactical::omog19c::*;

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
