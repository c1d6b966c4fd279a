//! Seeded bot games on every shipped map (issue 14's property): every game ends or reaches
//! the turn limit, no seat is ever left without a legal command while the game is undecided,
//! and no bot's choice depends on cards its seat cannot see — dealing the other hands and the
//! pile afresh (the counts kept, the dice reseeded) never changes what it plays.
//!
//! Kept lean for the suite: short games, and the hidden-card test on a sample of decisions.

use std::path::Path;
use std::sync::OnceLock;

use omms::ai::{bot_rng, play_game, step, Bot, General, Level, Limits, RandomBot};
use omms::map::GameMap;
use omms::rules::view::command_seen_by;
use omms::rules::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Turns each game runs to at most.
const TURN_LIMIT: u32 = 36;
/// Every this many bot decisions, the hidden-card test.
const SAMPLE_EVERY: usize = 9;

/// Every shipped map: each folder of `maps/` with a `map.toml`, by name.
fn shipped() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("map.toml").is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    names.sort();
    names
}

fn map(name: &str) -> &'static GameMap {
    static MAPS: OnceLock<Vec<(String, GameMap)>> = OnceLock::new();
    let maps = MAPS.get_or_init(|| {
        shipped()
            .into_iter()
            .map(|n| {
                let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(&n);
                let map = GameMap::load(&dir).unwrap();
                (n, map)
            })
            .collect()
    });
    &maps.iter().find(|(n, _)| n == name).unwrap().1
}

/// A command the rules accept now, found cheaply: ending the phase or turn, drawing, the first
/// answer a decision offers, or a base. `None` only if nothing is legal.
fn witness(state: &State, board: &dyn Board) -> Option<Command> {
    let mut tries = vec![
        Command::EndTurn(EndTurn),
        Command::EndMain(EndMain),
        Command::Draw(Draw),
    ];
    if let Some(p) = state.pending().first() {
        tries.extend(match p {
            Pending::Trade { .. } => vec![Command::RespondTrade(RespondTrade { accept: false })],
            Pending::Defender { candidates, .. } => candidates
                .iter()
                .map(|u| Command::ChooseDefender(ChooseDefender { unit: *u }))
                .collect(),
            Pending::SiegeCasualty { candidates, .. } => candidates
                .iter()
                .map(|u| Command::ChooseSiegeCasualty(ChooseSiegeCasualty { unit: *u }))
                .collect(),
            Pending::NewBase { candidates, .. } => candidates
                .iter()
                .map(|s| Command::ChooseBase(ChooseBase { settlement: *s }))
                .collect(),
            Pending::BattleOffer { .. } => {
                vec![Command::AnswerBattle(AnswerBattle { accept: false })]
            }
            Pending::Battle { .. } => legal_commands(state, board),
        });
    }
    if state.phase() == Phase::Setup {
        tries.extend(
            board
                .place_ids()
                .into_iter()
                .map(|place| Command::PlaceBase(PlaceBase { place })),
        );
    }
    tries.into_iter().find(|c| check(state, board, c).is_ok())
}

fn level_bot(name: &str) -> Box<dyn Bot> {
    match Level::from_name(name) {
        Some(l) => Box::new(General::new(l)),
        None => Box::new(RandomBot),
    }
}

/// One game; returns (decided, hidden-card checks made).
fn play(map_name: &str, seats: &[&str], seed: u64) -> (bool, usize) {
    let map = map(map_name);
    let board = MapBoard::new(map, map.meta().scale);
    let room = seat_capacity(&board, map.meta().scale);
    let options = Options {
        safe_bases: seats.len() <= room.safe,
        ..Options::default()
    };
    let setup = omms::sim::setup_with(map_name, map.meta().scale, seats.len(), options);
    let mut game = Game::start(setup, seed, &board).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = seats.iter().map(|n| level_bot(n)).collect();
    let limits = Limits::turns(TURN_LIMIT);
    let (mut decisions, mut checked) = (0usize, 0usize);
    loop {
        let state = game.state().clone();
        if state.winner().is_some() || state.turn() > TURN_LIMIT {
            break;
        }
        assert!(
            witness(&state, &board).is_some(),
            "{map_name} seed {seed}: nothing legal for seat {} in turn {} ({:?}, {:?})",
            state.actor().0,
            state.turn(),
            state.phase(),
            state.pending().first()
        );
        let seat = state.actor();
        decisions += 1;
        let level = Level::from_name(seats[seat.index()]);
        if let Some(level) = level.filter(|_| decisions % SAMPLE_EVERY == 0) {
            same_choice_whatever_is_hidden(&game, &board, seat, level);
            checked += 1;
        }
        let done = step(&mut game, &board, &mut bots, limits).unwrap();
        let Some(done) = done else { break };
        assert!(check(&state, &board, &done.command).is_ok());
        if level.is_some() {
            assert!(
                done.refused.is_none(),
                "{map_name} seed {seed}: the {} bot's command was refused: {:?}",
                seats[seat.index()],
                done.refused
            );
        }
    }
    let decided = game.state().winner().is_some();
    assert!(decided || game.state().turn() > TURN_LIMIT);
    game.verify(&board).unwrap();
    (decided, checked)
}

/// A fresh bot of `level` chooses the same from the real position and from one where every card
/// `seat` cannot see was dealt afresh (other hands and the pile, counts kept, dice reseeded).
fn same_choice_whatever_is_hidden(game: &Game, board: &dyn Board, seat: PlayerId, level: Level) {
    let state = game.state();
    let view = SeatView::of(state, seat);
    let mut deal = ChaCha8Rng::seed_from_u64(game.commands().len() as u64);
    let other = view.determinize(&mut deal);
    let hidden = |s: &State| -> Vec<Vec<CardId>> {
        let mut parts = vec![s.pile().to_vec()];
        for (i, p) in s.players().iter().enumerate() {
            if i != seat.index() {
                parts.push(p.hand().to_vec());
            }
        }
        parts
    };
    if view.unseen().len() > 1 {
        assert_ne!(
            hidden(&other),
            hidden(state),
            "the deal must change what is hidden"
        );
    }
    let other_view = SeatView::of(&other, seat);
    assert_eq!(
        other_view, view,
        "the view shows nothing of the hidden cards"
    );
    let start = game.turn_hashes().last().map_or(0, |t| t.after_commands);
    let seen: Vec<Command> = game.commands()[start..]
        .iter()
        .map(|c| command_seen_by(seat, state.current_player(), c))
        .collect();
    let rng = bot_rng(game.seed(), seat.0, game.commands().len());
    let a = General::new(level).choose(&view, board, &seen, &mut rng.clone());
    let b = General::new(level).choose(&other_view, board, &seen, &mut rng.clone());
    assert_eq!(
        a, b,
        "{level} chose differently when the hidden cards changed"
    );
}

#[test]
fn seeded_games_on_every_shipped_map_end_never_stall_and_never_peek() {
    let mut checked = 0;
    let table = [
        ("andorra", &["normal", "easy", "random"][..], 1u64),
        ("andorra", &["hard", "normal"][..], 2),
        (
            "liechtenstein",
            &["normal", "random", "easy", "normal"][..],
            3,
        ),
        ("liechtenstein", &["easy", "normal"][..], 4),
        ("north-bayreuth", &["normal", "easy"][..], 5),
        ("north-bayreuth", &["random", "normal", "easy"][..], 6),
    ];
    for (map_name, seats, seed) in table {
        checked += play(map_name, seats, seed).1;
    }
    // A map shipped since this table was written still plays its games.
    for (i, name) in shipped().iter().enumerate() {
        if !table.iter().any(|(m, _, _)| m == name) {
            checked += play(name, &["normal", "easy"], 7 + i as u64).1;
        }
    }
    assert!(checked >= 20, "only {checked} hidden-card checks");
}

/// The softlock of issue 14/18: more seats than the map has base sites for is refused at
/// setup, naming the map, instead of a seat being left with nothing to do.
#[test]
fn a_map_without_room_for_every_seat_is_refused_at_setup() {
    let map = map("north-bayreuth");
    let board = MapBoard::new(map, map.meta().scale);
    let room = seat_capacity(&board, map.meta().scale);
    assert_eq!((room.safe, room.spaced), (3, 8));
    let six = omms::sim::setup_for("north-bayreuth", map.meta().scale, 6);
    let err = Game::start(six, 1, &board).unwrap_err().to_string();
    assert_eq!(
        err,
        "north-bayreuth has room for at most 3 bases out of one another's first-turn reach \
         (safe bases); this game has 6 seats."
    );
    // Under the bare base rule the map holds eight, and a five-seat game runs.
    let five = omms::sim::setup_with(
        "north-bayreuth",
        map.meta().scale,
        5,
        Options {
            safe_bases: false,
            ..Options::default()
        },
    );
    let mut game = Game::start(five, 1, &board).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..5).map(|_| level_bot("easy")).collect();
    play_game(&mut game, &board, &mut bots, Limits::turns(6), |_| {}).unwrap();
    assert!(game.state().settlements().count() >= 5);
}

/// Without Ships a base on another island than the rest can never be reached, nor reach them,
/// and the game cannot end (four-seat Malta stalled so, one seat alone on Gozo): every bot puts
/// its base on the land, as the major roads join it, where the first base stands — the land
/// with most places.
#[test]
fn without_ships_every_base_goes_on_one_land() {
    let map = map("malta");
    let board = MapBoard::new(map, map.meta().scale);
    let room = seat_capacity(&board, map.meta().scale);
    let seats = 4;
    let options = Options {
        safe_bases: seats <= room.safe,
        ..Options::default()
    };
    for seed in [1u64, 2] {
        let setup = omms::sim::setup_with("malta", map.meta().scale, seats, options);
        let mut game = Game::start(setup, seed, &board).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..seats).map(|_| level_bot("normal")).collect();
        while game.state().phase() == Phase::Setup {
            step(&mut game, &board, &mut bots, Limits::turns(1)).unwrap();
        }
        let lands: Vec<Option<u32>> = game
            .state()
            .players()
            .iter()
            .filter_map(|p| p.base())
            .filter_map(|b| game.state().settlement(b))
            .map(|s| board.land_group(s.pos()))
            .collect();
        assert_eq!(lands.len(), seats, "seed {seed}: {lands:?}");
        assert!(
            lands[0].is_some(),
            "seed {seed}: Malta's roads tell no land"
        );
        assert!(
            lands.iter().all(|l| *l == lands[0]),
            "seed {seed}: bases on different lands {lands:?}"
        );
    }
}

/// Issue 14's stalls: three seats of `normal` bots on North Bayreuth (bare base rule) used to
/// end with two armies of over a hundred and fifty units each, crawling a few hundred metres a
/// turn towards targets they never reached, at the turn limit. Steering along the roads, the
/// armies meet, and some of these games end early (not yet all: see docs/bots.md).
#[test]
fn three_normal_bots_finish_a_north_bayreuth_game() {
    let map = map("north-bayreuth");
    let board = MapBoard::new(map, map.meta().scale);
    let options = Options {
        safe_bases: false,
        ..Options::default()
    };
    let mut decided = Vec::new();
    for seed in 1u64..=3 {
        let setup = omms::sim::setup_with("north-bayreuth", map.meta().scale, 3, options);
        let mut game = Game::start(setup, seed, &board).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..3).map(|_| level_bot("normal")).collect();
        play_game(&mut game, &board, &mut bots, Limits::turns(150), |_| {}).unwrap();
        decided.push(game.state().winner().is_some());
    }
    assert!(
        decided.iter().any(|d| *d),
        "none decided within 150 turns, seeds 1-3: {decided:?}"
    );
}
