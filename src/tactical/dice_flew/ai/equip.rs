//! The bot's equipment for its dice that leave a choice, through the `Equip` command a player
//! uses before the battle, judged by the ground as its side's view shows it:
//! - a Tank's armour die attacking goes as armoured cars when the way to the objective is open
//!   fields or road all along (where cars go a third further a turn than a tank); anywhere broken
//!   (woods, houses, hills) on the way slows cars to a tank's crawl and they have the thinner
//!   armour, and a defender stands its ground, so the medium tank;
//! - a fortification's machine-gun die becomes field guns when the enemy brings armour and the
//!   spot the guns would stand on looks out over long open fields towards the enemy's edge
//!   (their 24″ anti-tank shot has something to do, and nothing to hide the tanks); otherwise
//!   the MG company keeps its house, whose cover guns may not enter.

use super::super::check::check;
use super::super::command::DfCommand;
use super::super::execute::equipped_at;
use super::super::fire::sees;
use super::super::movement::{cover_ground, move_fraction};
use super::super::state::DfState;
use super::super::tables::{ground, Armour, Ground, Movement};
use super::super::unit::{Kind, Unit};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::force::Arm;
use crate::tactical::ruleset::Side;
use crate::tactical::table::{compass_bearing, distance, inches, step, TablePoint};

/// The first of the side's die companies not yet equipped as the bot wants it.
pub(super) fn choose(field: &Battlefield, s: &DfState, side: Side) -> Option<DfCommand> {
    s.living(side)
        .filter(|u| !u.equip_options().is_empty())
        .find_map(|u| {
            let kind = wanted(field, s, u);
            let cmd = DfCommand::Equip { unit: u.id, kind };
            (kind != u.kind && check(field, s, &cmd).is_ok()).then_some(cmd)
        })
}

/// What the bot would have a die company be.
pub fn wanted(field: &Battlefield, s: &DfState, u: &Unit) -> Kind {
    match u.die {
        Some(Arm::Armour) if u.side == Side::Attacker && open_way(field, u.at) => {
            Kind::ArmouredCars
        }
        Some(Arm::Armour) => Kind::Tanks(Armour::Medium),
        Some(Arm::MachineGun) => {
            let armour = s.living(u.side.other()).any(|e| e.kind.armour().is_some());
            let at = equipped_at(field, s, u.id, Kind::FieldGuns);
            if armour && open_field_of_fire(field, u.side, at) {
                Kind::FieldGuns
            } else {
                Kind::MachineGuns
            }
        }
        _ => u.kind,
    }
}

/// Within this of the objective the way counts as arrived (a battalion within 6″ has reached it).
fn arrived() -> f64 {
    inches(6.0)
}

/// Whether the straight way from `from` to 6″ short of the objective is open fields or road all
/// along, with nothing that stops cars.
fn open_way(field: &Battlefield, from: TablePoint) -> bool {
    let goal = field.objective;
    let d = distance(from, goal);
    if d <= arrived() {
        return false;
    }
    let to = step(from, compass_bearing(from, goal), d - arrived());
    let Ok(survey) = field.survey(&[from, to]) else {
        return false;
    };
    let open = survey
        .legs
        .iter()
        .all(|l| matches!(ground(&l.footing), Ground::Open | Ground::Road));
    // Over open fields and roads cars cover a third more than a tank a turn (24″ to 18″,
    // 36″ to 24″); in broken ground both crawl 6″, and fords stop them.
    open && move_fraction(field, Movement::Fast, from, to).is_ok()
}

/// Whether guns at `at` look out over long open fields towards the enemy's edge: of the points
/// 12″ to 24″ out on the five bearings within 30° of the enemy's side, at least two in three
/// seen and not cover.
fn open_field_of_fire(field: &Battlefield, side: Side, at: TablePoint) -> bool {
    let towards = match side {
        Side::Defender => field.attacker_bearing(),
        Side::Attacker => field.attacker_bearing() + 180.0,
    };
    let mut seen = 0;
    let mut all = 0;
    for k in -2..=2 {
        for r in [12.0, 18.0, 24.0] {
            let p = step(at, towards + 15.0 * k as f64, inches(r));
            all += 1;
            if field.spec.contains(p) && sees(field, at, p) && !cover_ground(field, p) {
                seen += 1;
            }
        }
    }
    3 * seen >= 2 * all
}
