//! OMOG Musket's bots in a firefight (issue 15): a man who has fired stands to load before he
//! advances, and the General's look-ahead keeps to the engine's legal commands.

use omms::tactical::omog_musket::position::Position;
use omms::tactical::omog_musket::state::{FigureId, MusketState, Phase, Role};
use omms::tactical::omog_musket::tables::{Mount, Weapon};
use omms::tactical::omog_musket::*;
use omms::tactical::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[path = "common/omog_table.rs"]
mod omog_table;
use omog_table::{at, table};

const A: Side = Side::Attacker;
const D: Side = Side::Defender;

/// An attacking musketeer, loaded or not, and two loaded musketeers 8″ off between him and the
/// objective, in the attacker's move.
fn facing_two(loaded: bool) -> MusketState {
    let p = Position::new()
        .team(A)
        .man(Role::Officer, Mount::Foot, Weapon::Musket, at(24.0, 12.0));
    let p = if loaded { p } else { p.unloaded() };
    p.team(D)
        .man(Role::Officer, Mount::Foot, Weapon::Musket, at(24.0, 20.0))
        .team(D)
        .man(Role::Officer, Mount::Foot, Weapon::Musket, at(27.0, 20.0))
        .turn(3)
        .phase(Phase::Move(A))
        .build()
}

#[test]
fn an_attacker_who_has_fired_stands_to_load_before_he_advances() {
    let f = table();
    // Walking on empty would leave him in their close range with nothing to answer.
    let s = facing_two(false);
    assert!(!s.loaded(FigureId(0)));
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let cmd = OmogMusket.choose(BotLevel::Captain, &f, &s, &mut rng);
    assert_eq!(
        cmd,
        Some(MusketCommand::Hold {
            figure: FigureId(0)
        }),
        "the captain should stand to load"
    );
    // The General plays the turn out before it chooses; whatever it picks is legal.
    let cmd = OmogMusket
        .choose(BotLevel::General, &f, &s, &mut rng)
        .expect("a command");
    assert!(check(&f, &s, &cmd).is_ok(), "{cmd:?}");
    // Loaded, the same man comes on.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let cmd = OmogMusket.choose(BotLevel::Captain, &f, &facing_two(true), &mut rng);
    assert!(
        matches!(cmd, Some(MusketCommand::Move { .. })),
        "a loaded attacker advances: {cmd:?}"
    );
}

/// The General moves as the Captain does, attacking or defending: looking a turn ahead over its
/// moves, the defender held 10.9 points less than the Captain on Andorra (`tools/bench-bots 8
/// maps/andorra omog-musket`), so it thinks only over the defender's shots.
#[test]
fn the_general_moves_as_the_captain_does() {
    let f = table();
    for (phase, loaded) in [
        (Phase::Move(A), true),
        (Phase::Move(A), false),
        (Phase::Move(D), true),
    ] {
        let p = Position::new()
            .team(A)
            .man(Role::Officer, Mount::Foot, Weapon::Musket, at(24.0, 12.0))
            .man(Role::Soldier, Mount::Foot, Weapon::Musket, at(20.0, 11.0));
        let p = if loaded { p } else { p.unloaded() };
        let s = p
            .team(D)
            .man(Role::Officer, Mount::Foot, Weapon::Musket, at(24.0, 22.0))
            .man(Role::Soldier, Mount::Foot, Weapon::Musket, at(28.0, 23.0))
            .turn(3)
            .phase(phase)
            .build();
        for seed in 0..4 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let captain = OmogMusket.choose(BotLevel::Captain, &f, &s, &mut rng);
            let general = OmogMusket.choose(BotLevel::General, &f, &s, &mut rng);
            assert_eq!(general, captain, "{phase:?}, loaded {loaded}, seed {seed}");
        }
    }
}
