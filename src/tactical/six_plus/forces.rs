//! How 6+ reads the forces (RULINGS §9): one block per die. A foot die is infantry (an open
//! settlement's own die skirmishers), a gun die artillery, an armour die cavalry (heavy horse), a
//! horse die cavalry or skirmishers in turn (a Scout's dice: the first rides, the second screens
//! on foot, and so on), and a fortification's rapid-fire die its guns. Deployment takes the latitude RULINGS §9 leaves it
//! from the battle's seed ([`Latitude`]): where along its edge and how wide the attacker forms
//! up, which part of the town the garrison holds, where the defender's line stands. It is the
//! only thing the seed decides with chance cards off; play itself never draws a number.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::cards::Deck;
use super::geom::overlap;
use super::ground::{self, Ground};
use super::state::{Done, Formation, Kind, Options, Phase, SixState, Unit, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::{Arm, Element, Force, Forces, TroopType};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{step, TablePoint};

/// The troop types a force may name (`omms battle --attacker 2*infantry,skirmishers,general`).
pub const TROOPS: &[TroopType] = &[
    TroopType {
        name: "infantry",
        arm: Arm::Foot,
        about: "formed foot: 6 cm, 4 hits at 6 cm in its front arc (what a foot die brings)",
    },
    TroopType {
        name: "cavalry",
        arm: Arm::Horse,
        about: "horse: 12 cm, never shoots, charges for 6 hits",
    },
    TroopType {
        name: "skirmishers",
        arm: Arm::Foot,
        about: "loose foot: 8 cm, 2 hits at 6 cm all round even after moving, enters woods",
    },
    TroopType {
        name: "artillery",
        arm: Arm::Guns,
        about: "guns: 6 cm, 2 hits at 24 cm in its front arc, over other blocks",
    },
    TroopType {
        name: "general",
        arm: Arm::Horse,
        about: "the General (optional rule): moves as cavalry, rallies once per block, counts two for rout",
    },
];

/// The block a die brings; `horse_no` counts the horse dice before it in its force.
pub fn kind_of(e: &Element, horse_no: usize) -> Kind {
    match e.troop.as_deref() {
        Some("infantry") => Kind::Infantry,
        Some("cavalry") => Kind::Cavalry,
        Some("skirmishers") => Kind::Skirmishers,
        Some("artillery") => Kind::Artillery,
        Some("general") => Kind::General,
        _ => match e.arm {
            Arm::Foot => Kind::Infantry,
            Arm::Horse if horse_no % 2 == 1 => Kind::Skirmishers,
            Arm::Horse | Arm::Armour => Kind::Cavalry,
            Arm::Guns | Arm::MachineGun => Kind::Artillery,
        },
    }
}

/// The blocks of `force`, each with whether it starts in the town. A settlement's own foot die
/// (unnamed, in garrison) is its townsfolk: skirmishers, fighting loose from the houses, where
/// a fortification's garrison is formed infantry (issue 15: a full block of infantry halved in
/// the town made an open settlement far harder to take on the table than with the dice).
fn kinds(force: &Force, fortified: bool) -> Vec<(Kind, bool)> {
    let mut horse = 0;
    force
        .elements
        .iter()
        .map(|e| {
            let townsfolk = e.garrison && !fortified && e.troop.is_none() && e.arm == Arm::Foot;
            let k = if townsfolk {
                Kind::Skirmishers
            } else {
                kind_of(e, horse)
            };
            if e.arm == Arm::Horse && e.troop.is_none() {
                horse += 1;
            }
            (k, e.garrison)
        })
        .collect()
}

/// Centre-to-centre spacing of blocks side by side in deployment, mm: the narrowest and the
/// widest front the seed may choose.
const SPACING: [f64; 2] = [46.0, 70.0];
/// How far the attacker's rows may stand off the middle of its edge, mm (either way): a
/// quarter of the table, so he may come straight at the town or round a flank.
const ATTACK_SHIFT: f64 = 90.0;
/// How far in from its edge the attacker's first row stands, mm (issue 15: 25–55 mm left his
/// foot so far from the defender's line that it nearly always had to walk into the first volley;
/// see docs/rules/six_plus.md, "Fair fights").
const ATTACK_DEPTH: [f64; 2] = [40.0, 70.0];
/// How far behind its row the attacker's horse forms up, mm: mostly beyond a charge's reach of
/// the defender's line, so it seldom strikes before the defender has had a turn (issue 15).
const HORSE_BACK: f64 = 40.0;
/// The least distance from the edge to the centre of a block set back: its 20 mm depth and a
/// little room stay on the table.
const EDGE_ROOM: f64 = 12.0;
/// How far in front of the objective the defender's line stands, mm, and how far it may stand
/// to either side.
const DEFEND_DEPTH: [f64; 2] = [45.0, 80.0];
/// See [`DEFEND_DEPTH`].
const DEFEND_SHIFT: f64 = 45.0;
/// How far from the objective a garrison block may be told to stand, mm: which houses of the
/// town it holds.
const GARRISON_REACH: f64 = 45.0;
/// Salt for the deployment stream, apart from the chance cards'.
const DEPLOY_SALT: u64 = 0xde91_0e5e;

/// The deployment latitude RULINGS §9 leaves a ruleset, drawn once from the battle's seed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Latitude {
    /// The attacker's rows: offset of their middle along the edge (mm, to the attacker's right
    /// when positive), distance in from the edge, and spacing of blocks.
    pub attack_shift: f64,
    /// See [`Latitude::attack_shift`].
    pub attack_depth: f64,
    /// See [`Latitude::attack_shift`].
    pub attack_spacing: f64,
    /// The defender's line: offset to the side of the objective, distance in front of it, and
    /// spacing of blocks.
    pub defend_shift: f64,
    /// See [`Latitude::defend_shift`].
    pub defend_depth: f64,
    /// See [`Latitude::defend_shift`].
    pub defend_spacing: f64,
}

impl Latitude {
    /// The deployment the seed chooses.
    pub fn of(seed: u64) -> Latitude {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ DEPLOY_SALT);
        let mut within = |r: [f64; 2]| rng.random_range(r[0]..=r[1]);
        Latitude {
            attack_shift: within([-ATTACK_SHIFT, ATTACK_SHIFT]),
            attack_depth: within(ATTACK_DEPTH),
            attack_spacing: within(SPACING),
            defend_shift: within([-DEFEND_SHIFT, DEFEND_SHIFT]),
            defend_depth: within(DEFEND_DEPTH),
            defend_spacing: within(SPACING),
        }
    }
}

/// Where the garrison's blocks are told to stand: points in the town within
/// [`GARRISON_REACH`] of the objective, drawn from the seed (the objective itself when the
/// draw finds no town).
fn garrison_spots(ground: &Ground, objective: TablePoint, seed: u64, n: usize) -> Vec<TablePoint> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ DEPLOY_SALT ^ 0x6a77);
    (0..n)
        .map(|_| {
            (0..24)
                .map(|_| {
                    let b = rng.random_range(0.0..360.0);
                    let r = GARRISON_REACH * rng.random_range(0.0f64..1.0).sqrt();
                    step(objective, b, r)
                })
                .find(|p| ground.town(*p))
                .unwrap_or(objective)
        })
        .collect()
}
/// Blocks to a deployment row.
const PER_ROW: usize = 6;
/// The gap kept between deployed blocks, mm.
const CLEAR: f64 = 4.0;

/// A legal place for `u` nearest `want`, clear of `placed`, searching outwards in 5 mm rings.
fn place(
    field: &Battlefield,
    ground: &Ground,
    u: &Unit,
    want: TablePoint,
    placed: &[Unit],
) -> TablePoint {
    let fits = |p: TablePoint, walk: bool| {
        let r = u.rect_at(p, u.facing);
        let under = ground::under(field, &r);
        let town_ok = !ground.town(p) || matches!(u.kind, Kind::Infantry | Kind::Skirmishers);
        !under.off
            && !under.wet
            && (!under.woods || u.kind == Kind::Skirmishers)
            && town_ok
            // With a way to walk, that way answers for rivers too: the spot may lie across
            // one from the slot the row gave it.
            && if walk {
                ground.has_way(u.kind, p)
            } else {
                ground::river_barrier(field, want, p).is_none()
            }
            && !placed.iter().any(|o| {
                let mut grown = o.rect();
                grown.frontage += CLEAR;
                grown.depth += CLEAR;
                overlap(&r, &grown, 0.0)
            })
    };
    // A block stands where it has a way to the objective (issue 15: at Vaduz a block was set
    // down in a clearing it could not leave); only where none does, anywhere it fits.
    for walk in [true, false] {
        for ring in 0..=40 {
            let r = 5.0 * f64::from(ring);
            let n = if ring == 0 { 1 } else { 8 * ring };
            for k in 0..n {
                let p = step(want, 360.0 * f64::from(k) / f64::from(n), r);
                if fits(p, walk) {
                    return p;
                }
            }
        }
    }
    want
}

/// Deploy both forces within the seed's [`Latitude`]: the attacker in rows along its edge facing
/// in, the defender's settlement dice in the town round the objective and its field dice in a
/// row in front of the objective, facing the attacker. Every block starts loaded, in line; the
/// attacker moves first.
pub fn deploy(field: &Battlefield, forces: &Forces, options: Options, seed: u64) -> SixState {
    let ground = Ground::of(field);
    let lat = Latitude::of(seed);
    let housed = forces
        .defender
        .elements
        .iter()
        .filter(|e| e.garrison)
        .count();
    let mut spots = garrison_spots(&ground, field.objective, seed, housed).into_iter();
    let mut units: Vec<Unit> = Vec::new();
    let inward = field.attacker_edge.inward_facing().0;
    let s = &field.spec;
    let mid = match field.attacker_edge {
        crate::tactical::table::Edge::North => [s.width_mm / 2.0, s.depth_mm],
        crate::tactical::table::Edge::East => [s.width_mm, s.depth_mm / 2.0],
        crate::tactical::table::Edge::South => [s.width_mm / 2.0, 0.0],
        crate::tactical::table::Edge::West => [0.0, s.depth_mm / 2.0],
    };
    let towards_attacker = field.attacker_bearing();
    for side in Side::BOTH {
        let force = match side {
            Side::Attacker => &forces.attacker,
            Side::Defender => &forces.defender,
        };
        let mut all = kinds(force, field.fortified);
        // The General option gives an army without one its General, behind its line.
        if options.general && !all.iter().any(|(k, _)| *k == Kind::General) && !all.is_empty() {
            all.push((Kind::General, false));
        }
        let field_count = all
            .iter()
            .filter(|(_, g)| !g || side == Side::Attacker)
            .count();
        let mut slot = 0;
        for (kind, garrison) in all {
            let garrison = garrison && side == Side::Defender;
            let facing = match side {
                Side::Attacker => inward,
                Side::Defender => towards_attacker,
            };
            let want = if garrison {
                spots.next().unwrap_or(field.objective)
            } else {
                let (row, col) = (slot / PER_ROW, slot % PER_ROW);
                let in_row = (field_count - row * PER_ROW).min(PER_ROW);
                let (shift, spacing) = match side {
                    Side::Attacker => (lat.attack_shift, lat.attack_spacing),
                    Side::Defender => (lat.defend_shift, lat.defend_spacing),
                };
                // The whole row stays on the table: the shift gives way near the corners.
                let half = (in_row as f64 - 1.0) / 2.0 * spacing + 25.0;
                let room = (s.width_mm.min(s.depth_mm) / 2.0 - half).max(0.0);
                let across =
                    shift.clamp(-room, room) + (col as f64 - (in_row as f64 - 1.0) / 2.0) * spacing;
                slot += 1;
                // The horse stands behind its row, on the table.
                let back = if kind == Kind::Cavalry {
                    HORSE_BACK.min(lat.attack_depth - EDGE_ROOM)
                } else {
                    0.0
                };
                let base = match side {
                    Side::Attacker => {
                        step(mid, inward, lat.attack_depth + 35.0 * row as f64 - back)
                    }
                    Side::Defender => step(
                        field.objective,
                        towards_attacker,
                        lat.defend_depth - 35.0 * row as f64,
                    ),
                };
                step(base, facing + 90.0, across)
            };
            let mut u = Unit {
                id: UnitId(units.len() as u16),
                side,
                kind,
                formation: Formation::Line,
                at: want,
                facing,
                hits: 0,
                loaded: true,
                rallied: false,
                alive: true,
                garrison,
            };
            u.at = place(field, &ground, &u, want, &units);
            units.push(u);
        }
    }
    let strength = super::execute::strength_of(&units);
    let mut state = SixState {
        done: vec![Done::default(); units.len()],
        units,
        actor: Side::Attacker,
        phase: Phase::Move,
        turn: 1,
        charges: Vec::new(),
        options,
        strength,
        outcome: None,
        ground,
        deck: options.chance.then(|| Deck::shuffled(seed)),
        card: None,
    };
    if let Some(first) = super::execute::draw(&state) {
        super::apply::apply(&mut state, &first);
    }
    state
}

/// The attack dialog's line on why the table differs from the dice: the dice know nothing of
/// towns, but a block in one takes half hits. `None` when no defender starts in a town.
pub fn garrison_note(state: &SixState) -> Option<String> {
    let housed = state
        .living()
        .filter(|u| u.side == Side::Defender && state.ground().town(u.at))
        .count();
    if housed == 0 {
        return None;
    }
    let (_, full) = Kind::Infantry.fire()?;
    Some(format!(
        "The garrison holds the town ({housed} {}): your shots on it do half (infantry {} hits, not {full}).",
        if housed == 1 { "block" } else { "blocks" },
        full / 2
    ))
}
