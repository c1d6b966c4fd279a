//! The checks every OMOG order shares: whose turn it is, whether the figure may act, and the
//! move itself — its path over the ground, the figure's allowance, cohesion and charges. A
//! ruleset adds its own checks on top (guns, reloading).

use super::cohesion;
use super::figure::{Figure, FigureId, Kit};
use super::melee::contact;
use super::movement::{
    charge_distance_ok, crosses_obstacle, mount_change_allowed, mount_change_fraction,
    move_fraction, obstacle_allowance, Mount,
};
use super::refusal::Refusal;
use super::room;
use super::roster::Roster;
use super::turn::{Clock, Phase};
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::sight::PathSurvey;
use crate::tactical::table::{distance, TablePoint};

/// A living figure of the side to act.
pub fn own_figure<'a, K: Kit>(
    roster: &'a Roster<K>,
    clock: &Clock,
    id: FigureId,
) -> Result<&'a Figure<K>, Refusal> {
    let f = roster.figure(id).ok_or(Refusal::NoFigure(id.0))?;
    if Some(f.side()) != clock.actor() {
        return Err(Refusal::NotYours(f.name()));
    }
    if !f.alive() {
        return Err(Refusal::OutOfFight(f.name()));
    }
    Ok(f)
}

/// A move that passed the shared checks: the share of the figure's move it uses and the
/// ground it goes over.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveCheck {
    /// The share of the move used (at most 1).
    pub used: f64,
    /// The ground.
    pub survey: PathSurvey,
}

/// What a figure does with its move besides going along the path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// A plain move.
    Walk,
    /// A cavalry or bayonet charge into contact.
    Charge,
    /// Go along the path, then mount (a man on foot with a horse) or dismount (a horseman):
    /// a HALF move of his FULL move on top of the path.
    Remount,
    /// Go along the path into a house and climb onto its roof: climbing, so a SHORT move (a
    /// man's obstacle pace) at most in all.
    Climb,
}

/// Check a move: its path over the terrain, room to stand at its end, the figure's allowance,
/// team cohesion and the conditions of a charge.
pub fn check_move<K: Kit>(
    field: &Battlefield,
    roster: &Roster<K>,
    clock: &Clock,
    id: FigureId,
    path: &[TablePoint],
    charge: bool,
) -> Result<MoveCheck, Refusal> {
    let how = if charge { How::Charge } else { How::Walk };
    check_move_as(field, roster, clock, id, path, how)
}

/// Check a move made `how`: a plain move or a charge (see [`check_move`]), mounting or
/// dismounting at its end, or climbing onto a roof at its end. A man coming down from a roof
/// climbs too, so his move is capped like any climb.
pub fn check_move_as<K: Kit>(
    field: &Battlefield,
    roster: &Roster<K>,
    clock: &Clock,
    id: FigureId,
    path: &[TablePoint],
    how: How,
) -> Result<MoveCheck, Refusal> {
    let charge = how == How::Charge;
    if !matches!(clock.phase(), Phase::Move(_)) {
        return Err(Refusal::NotMovePhase);
    }
    let f = own_figure(roster, clock, id)?;
    if f.moved() {
        return Err(Refusal::MovedAlready(f.name()));
    }
    if path.len() < 2 || distance(path[0], f.pos()) > 0.01 {
        return Err(Refusal::PathStart);
    }
    let end = *path.last().expect("two points");
    // The cheap checks first: the bots probe many moves that fail them.
    cohesion::check(roster, f, end)?;
    if charge {
        if f.charge_used() {
            return Err(Refusal::ChargedOnce(f.name()));
        }
        let target = roster
            .enemy_within(f.side(), end, contact())
            .ok_or(Refusal::ChargeNoContact)?;
        if f.mount() == Mount::Foot && !f.kit().bayonet() {
            return Err(Refusal::NoBayonet);
        }
        if !charge_distance_ok(f.mount(), distance(f.pos(), target.pos())) {
            return Err(match f.mount() {
                Mount::Horse => Refusal::CavalryTooClose,
                Mount::Foot => Refusal::BayonetTooClose,
            });
        }
    }
    let survey = field
        .survey(path)
        .map_err(|why| Refusal::Impassable { who: f.name(), why })?;
    if !field.areas_of_kind_at(end, AreaKind::Water).is_empty() {
        return Err(Refusal::InWater(f.name()));
    }
    room::check(field, roster, f, end, &survey)?;
    let mut used = move_fraction(f.mount(), &survey);
    let climbing = how == How::Climb || f.on_roof();
    if climbing {
        used = used.max(survey.length / obstacle_allowance(f.mount()));
    }
    match how {
        How::Walk | How::Charge => {}
        How::Remount => {
            if !f.has_horse() {
                return Err(Refusal::NoHorse(f.name()));
            }
            let swamp = field.area_kinds_at(end).contains(&AreaKind::Swamp)
                || survey.legs.last().is_some_and(|l| l.footing.swamp);
            let at_end = crate::tactical::sight::Footing {
                swamp,
                ..Default::default()
            };
            if climbing || !mount_change_allowed(&at_end, crosses_obstacle(&survey)) {
                return Err(Refusal::NoMountChangeHere(f.name()));
            }
            if f.mount() == Mount::Foot && !room::houses_at(field, end).is_empty() {
                return Err(Refusal::HorseInHouse(f.name()));
            }
            used += mount_change_fraction();
        }
        How::Climb => {
            if room::houses_at(field, end).is_empty() {
                return Err(Refusal::ClimbNoHouse(f.name()));
            }
        }
    }
    if used > 1.0 + 1e-9 {
        return Err(Refusal::TooFar {
            who: f.name(),
            percent: used * 100.0,
        });
    }
    Ok(MoveCheck { used, survey })
}

/// A figure of the side to act that may still give a fire order this phase.
pub fn check_shooter<'a, K: Kit>(
    roster: &'a Roster<K>,
    clock: &Clock,
    id: FigureId,
) -> Result<&'a Figure<K>, Refusal> {
    if !matches!(clock.phase(), Phase::Fire(_)) {
        return Err(Refusal::NotFirePhase);
    }
    let f = own_figure(roster, clock, id)?;
    if f.fired() {
        return Err(Refusal::FiredAlready(f.name()));
    }
    if f.charging() {
        return Err(Refusal::ChargedCannotShoot(f.name()));
    }
    Ok(f)
}

/// Whether a figure may hold for this phase (not move, or not fire).
pub fn check_hold<K: Kit>(roster: &Roster<K>, clock: &Clock, id: FigureId) -> Result<(), Refusal> {
    let f = own_figure(roster, clock, id)?;
    match clock.phase() {
        Phase::Move(_) if f.moved() => Err(Refusal::MovedAlready(f.name())),
        Phase::Fire(_) if f.fired() => Err(Refusal::FiredAlready(f.name())),
        _ => Ok(()),
    }
}

/// Whether a figure may turn in place: his order of the move phase.
pub fn check_face<K: Kit>(roster: &Roster<K>, clock: &Clock, id: FigureId) -> Result<(), Refusal> {
    if !matches!(clock.phase(), Phase::Move(_)) {
        return Err(Refusal::NotMovePhase);
    }
    let f = own_figure(roster, clock, id)?;
    if f.moved() {
        return Err(Refusal::MovedAlready(f.name()));
    }
    Ok(())
}

/// Whether the side may end its move now.
pub fn check_end_move(clock: &Clock) -> Result<(), Refusal> {
    match clock.phase() {
        Phase::Move(_) => Ok(()),
        Phase::Over => Err(Refusal::BattleOver),
        Phase::Fire(_) => Err(Refusal::NotAMovePhase),
    }
}

/// Whether the side may end its fire now.
pub fn check_end_fire(clock: &Clock) -> Result<(), Refusal> {
    match clock.phase() {
        Phase::Fire(_) => Ok(()),
        Phase::Over => Err(Refusal::BattleOver),
        Phase::Move(_) => Err(Refusal::NotAFirePhase),
    }
}

/// Where a man carried along by another's move ends, and the share of his move it takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Carried {
    /// The man.
    pub figure: FigureId,
    /// Where he ends.
    pub to: TablePoint,
    /// The share of his move used.
    pub used: f64,
}

/// Check that the men of `escort` can go along with `mover` (who ends at `mover_end`), each
/// shifted by `shift` as a gun's pushers go with the gun: each must still have his move, pass
/// the ground, not end in water, and find room away from everyone not moving with him.
pub fn check_escort<K: Kit>(
    field: &Battlefield,
    roster: &Roster<K>,
    clock: &Clock,
    mover: FigureId,
    mover_end: TablePoint,
    escort: &[FigureId],
    shift: [f64; 2],
) -> Result<Vec<Carried>, Refusal> {
    let mut out = Vec::with_capacity(escort.len());
    for &id in escort {
        let f = own_figure(roster, clock, id)?;
        if f.moved() {
            return Err(Refusal::MovedAlready(f.name()));
        }
        let from = f.pos();
        let to = [from[0] + shift[0], from[1] + shift[1]];
        let survey = field
            .survey(&[from, to])
            .map_err(|why| Refusal::Impassable { who: f.name(), why })?;
        if field.area_kinds_at(to).contains(&AreaKind::Water) {
            return Err(Refusal::InWater(f.name()));
        }
        // Everyone moving together keeps his own room: the others are checked where they end.
        let moving = |o: FigureId| o == mover || escort.contains(&o);
        let blocked = roster
            .figures()
            .iter()
            .filter(|o| o.alive() && !moving(o.id()))
            .map(|o| (o.name(), o.pos()))
            .chain(std::iter::once((
                roster.figure(mover).map(|m| m.name()).unwrap_or_default(),
                mover_end,
            )))
            .find(|(_, p)| distance(*p, to) < room::base() - 1e-6);
        if let Some((other, _)) = blocked {
            return Err(Refusal::NoRoom {
                who: f.name(),
                other,
            });
        }
        // A house holds no more than it has room for, whoever walks in: the men carried along
        // count where they end, with the mover's own end and those carried before them.
        for h in room::houses_at(field, to) {
            let holds = room::house_capacity(field, h);
            let inside = room::inside(field, roster, h, moving)
                + usize::from(field.area_holds(h, mover_end))
                + out
                    .iter()
                    .filter(|c: &&Carried| field.area_holds(h, c.to))
                    .count();
            if inside >= holds {
                return Err(Refusal::HouseFull { holds });
            }
        }
        let used = move_fraction(f.mount(), &survey);
        if used > 1.0 + 1e-9 {
            return Err(Refusal::TooFar {
                who: f.name(),
                percent: used * 100.0,
            });
        }
        out.push(Carried {
            figure: id,
            to,
            used,
        });
    }
    Ok(out)
}

/// A move-phase order of one figure in words both OMOG rulesets share: the table screen builds
/// these from clicks, and each ruleset turns them into its own command (see
/// [`move_orders_into`](crate::move_orders_into)).
#[derive(Debug, Clone, PartialEq)]
pub enum MoveOrder {
    /// Go along `path` (starting at the figure), made `how`.
    Go {
        /// The figure.
        figure: FigureId,
        /// The path.
        path: Vec<TablePoint>,
        /// A plain move, a charge, mounting or dismounting, or a climb.
        how: How,
    },
    /// Turn in place to face a point.
    Face {
        /// The figure.
        figure: FigureId,
        /// The point he turns to.
        toward: TablePoint,
    },
}

/// The orders that need no check of a ruleset's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plain {
    /// Turn in place.
    Face(FigureId),
    /// Stand this phase.
    Hold(FigureId),
    /// End the side's move.
    EndMove,
    /// End the side's fire.
    EndFire,
}

/// Check a [`Plain`] order.
pub fn check_plain<K: Kit>(roster: &Roster<K>, clock: &Clock, order: Plain) -> Result<(), Refusal> {
    match order {
        Plain::Face(figure) => check_face(roster, clock, figure),
        Plain::Hold(figure) => check_hold(roster, clock, figure),
        Plain::EndMove => check_end_move(clock),
        Plain::EndFire => check_end_fire(clock),
    }
}

/// For an OMOG ruleset's command enum, whose orders shared by every OMOG ruleset are named
/// alike (`Move`, `Remount`, `Climb`, `Face`, `Hold`, `EndMove`, `EndFire`): `From<MoveOrder>`,
/// and `as_move` and `as_plain`, which read those orders back for the shared checks.
#[macro_export]
macro_rules! move_orders_into {
    ($command:ident) => {
        impl $command {
            /// A move along a path (plain, charge, mount or dismount, climb): the figure, the
            /// path and how.
            pub fn as_move(
                &self,
            ) -> Option<(
                $crate::tactical::omog::FigureId,
                &[$crate::tactical::table::TablePoint],
                $crate::tactical::omog::orders::How,
            )> {
                use $crate::tactical::omog::orders::How;
                match self {
                    $command::Move {
                        figure,
                        path,
                        charge,
                    } => Some((*figure, path, if *charge { How::Charge } else { How::Walk })),
                    $command::Remount { figure, path } => Some((*figure, path, How::Remount)),
                    $command::Climb { figure, path } => Some((*figure, path, How::Climb)),
                    _ => None,
                }
            }

            /// An order that needs no check of the ruleset's own.
            pub fn as_plain(&self) -> Option<$crate::tactical::omog::orders::Plain> {
                use $crate::tactical::omog::orders::Plain;
                match self {
                    $command::Face { figure, .. } => Some(Plain::Face(*figure)),
                    $command::Hold { figure } => Some(Plain::Hold(*figure)),
                    $command::EndMove => Some(Plain::EndMove),
                    $command::EndFire => Some(Plain::EndFire),
                    _ => None,
                }
            }
        }

        impl From<$crate::tactical::omog::orders::MoveOrder> for $command {
            fn from(o: $crate::tactical::omog::orders::MoveOrder) -> $command {
                use $crate::tactical::omog::orders::{How, MoveOrder};
                match o {
                    MoveOrder::Go { figure, path, how } => match how {
                        How::Walk | How::Charge => $command::Move {
                            figure,
                            path,
                            charge: how == How::Charge,
                        },
                        How::Remount => $command::Remount { figure, path },
                        How::Climb => $command::Climb { figure, path },
                    },
                    MoveOrder::Face { figure, toward } => $command::Face { figure, toward },
                }
            }
        }
    };
}
