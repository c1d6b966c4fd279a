//! How 6+ reads the forces (RULINGS §9): one block per die. A foot die is infantry, a gun die
//! artillery, an armour die cavalry (heavy horse), a horse die cavalry or skirmishers in turn
//! (a Scout's dice: the first rides, the second screens on foot, and so on), and a
//! fortification's rapid-fire die its guns. Deployment is fixed by the table, never by the seed.

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

fn kinds(force: &Force) -> Vec<(Kind, bool)> {
    let mut horse = 0;
    force
        .elements
        .iter()
        .map(|e| {
            let k = kind_of(e, horse);
            if e.arm == Arm::Horse && e.troop.is_none() {
                horse += 1;
            }
            (k, e.garrison)
        })
        .collect()
}

/// Centre-to-centre spacing of blocks side by side in deployment, mm.
const SPACING: f64 = 50.0;
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
    let fits = |p: TablePoint| {
        let r = u.rect_at(p, u.facing);
        let under = ground::under(field, &r);
        let town_ok = !ground.town(p) || matches!(u.kind, Kind::Infantry | Kind::Skirmishers);
        !under.off
            && !under.wet
            && (!under.woods || u.kind == Kind::Skirmishers)
            && town_ok
            && ground::river_barrier(field, want, p).is_none()
            && !placed.iter().any(|o| {
                let mut grown = o.rect();
                grown.frontage += CLEAR;
                grown.depth += CLEAR;
                overlap(&r, &grown, 0.0)
            })
    };
    for ring in 0..=40 {
        let r = 5.0 * f64::from(ring);
        let n = if ring == 0 { 1 } else { 8 * ring };
        for k in 0..n {
            let p = step(want, 360.0 * f64::from(k) / f64::from(n), r);
            if fits(p) {
                return p;
            }
        }
    }
    want
}

/// Deploy both forces: the attacker in rows along its edge facing in, the defender's settlement
/// dice in the town nearest the objective and its field dice in a row in front of the objective,
/// facing the attacker. Every block starts loaded, in line; the attacker moves first.
pub fn deploy(field: &Battlefield, forces: &Forces, options: Options, seed: u64) -> SixState {
    let ground = Ground::of(field);
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
        let mut all = kinds(force);
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
                field.objective
            } else {
                let (row, col) = (slot / PER_ROW, slot % PER_ROW);
                let in_row = (field_count - row * PER_ROW).min(PER_ROW);
                let across = (col as f64 - (in_row as f64 - 1.0) / 2.0) * SPACING;
                slot += 1;
                let base = match side {
                    Side::Attacker => step(mid, inward, 25.0 + 35.0 * row as f64),
                    Side::Defender => {
                        step(field.objective, towards_attacker, 60.0 - 35.0 * row as f64)
                    }
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
