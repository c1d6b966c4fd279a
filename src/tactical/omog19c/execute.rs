//! Executing OMOG 19C orders: check, roll the battle's next dice, and write the events, each
//! applied as it is written (see the OMOG core's dice for how the dice advance). A refused order
//! writes nothing.

use super::check::{check, check_move_push, shoot_odds, Push, ShotOdds};
use super::command::OmogCommand;
use super::event::OmogEvent;
use super::refusal::Refusal;
use super::state::{FigureId, HeavyKind, OmogState, Phase, TeamId};
use super::tables::{cover_save, fieldpiece, gatling};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::omog::melee::{self, Fight};
use crate::tactical::omog::seeing::cover_from;
use crate::tactical::omog::{Emitter, Refusal as Core};
use crate::tactical::table::{compass_bearing, distance, step, TablePoint};
use crate::tactical::template::Template;

type Out<'a> = Emitter<'a, OmogState>;

/// Check, roll, and apply: the events of one order.
pub fn execute(
    field: &Battlefield,
    state: &mut OmogState,
    cmd: &OmogCommand,
) -> Result<Vec<OmogEvent>, Refusal> {
    // Moves and shots are checked by the same functions that measure them, so nothing is
    // surveyed or sighted twice.
    let ((used, push), aimed) = match cmd {
        _ if state.phase() == Phase::Over => return Err(Core::BattleOver.into()),
        OmogCommand::Shoot { figure, target } => (
            (0.0, None),
            Some(shoot_odds(field, state, *figure, *target)?),
        ),
        _ => match cmd.as_move() {
            Some((figure, path, how)) => (check_move_push(field, state, figure, path, how)?, None),
            None => {
                check(field, state, cmd)?;
                ((0.0, None), None)
            }
        },
    };
    let mut out = Emitter::new(state);
    match cmd {
        OmogCommand::Move {
            figure,
            path,
            charge,
        } => moved(&mut out, *figure, path, used, *charge, push),
        OmogCommand::Remount { figure, path } => {
            moved(&mut out, *figure, path, used, false, push);
            let mount = out
                .state()
                .figure(*figure)
                .expect("checked")
                .mount()
                .changed();
            out.emit(OmogEvent::Remounted {
                figure: *figure,
                mount,
            });
        }
        OmogCommand::Climb { figure, path } => {
            moved(&mut out, *figure, path, used, false, push);
            out.emit(OmogEvent::Climbed { figure: *figure });
        }
        OmogCommand::Face { figure, toward } => {
            let from = out.state().figure(*figure).expect("checked").pos();
            out.emit(OmogEvent::Faced {
                figure: *figure,
                bearing: compass_bearing(from, *toward),
            });
        }
        OmogCommand::Hold { figure } => out.emit(OmogEvent::Held { figure: *figure }),
        OmogCommand::EndMove => {
            let e = out.state().clock().end_move();
            out.emit(e.into());
        }
        OmogCommand::Shoot { figure, target } => {
            let ShotOdds {
                need, modifiers, ..
            } = aimed.expect("checked above");
            let roll = out.roll();
            let hit = roll >= need;
            out.emit(OmogEvent::Shot {
                figure: *figure,
                target: *target,
                need,
                modifiers,
                roll,
                hit,
            });
            if hit {
                mark_hit(&mut out, *target);
            }
        }
        OmogCommand::FireGun { team, at } => fire_gun(field, &mut out, *team, *at),
        OmogCommand::FireGatling { team, at } => fire_gatling(field, &mut out, *team, *at),
        OmogCommand::EndFire => match out.state().clock().end_fire() {
            Some(e) => out.emit(e.into()),
            None => end_of_turn(field, &mut out),
        },
    }
    Ok(out.finish())
}

/// A figure goes along `path`; a gunner who pushes his gun takes it and its two other pushers
/// along (it must set up again).
fn moved(
    out: &mut Out,
    figure: FigureId,
    path: &[TablePoint],
    used: f64,
    charge: bool,
    push: Option<Push>,
) {
    let to = *path.last().expect("checked");
    out.emit(OmogEvent::Moved {
        figure,
        to,
        used,
        charge,
    });
    if let Some(p) = push {
        for c in p.pushers {
            out.emit(OmogEvent::Moved {
                figure: c.figure,
                to: c.to,
                used: c.used,
                charge: false,
            });
        }
        out.emit(OmogEvent::GunMoved {
            team: p.team,
            to: p.to,
        });
    }
}

fn mark_hit(out: &mut Out, id: FigureId) {
    if !out.state().pending_hits().contains(&id) {
        out.emit(OmogEvent::Hit { figure: id });
    }
}

/// Everyone under the template rolls for cover against the impact point, or is hit.
fn template_hits(field: &Battlefield, out: &mut Out, template: &Template, victims: Vec<FigureId>) {
    let impact = template.impact_point();
    for id in victims {
        let f = out.state().figure(id).expect("a victim");
        match cover_from(field, f, impact).and_then(cover_save) {
            Some(need) => {
                let roll = out.roll();
                let saved = roll >= need;
                out.emit(OmogEvent::CoverSave {
                    figure: id,
                    need,
                    roll,
                    saved,
                });
                if !saved {
                    mark_hit(out, id);
                }
            }
            None => mark_hit(out, id),
        }
    }
}

fn fire_gun(field: &Battlefield, out: &mut Out, team: TeamId, at: TablePoint) {
    let g = out.state().gun(team).expect("checked gun").clone();
    let range = distance(g.pos(), at);
    let bearing = compass_bearing(g.pos(), at);
    let roll = out.roll();
    let template = if range < fieldpiece::min_shell_range() {
        let (len, base) = fieldpiece::grape_cone();
        // Canister does not deviate.
        Some(Template::Cone {
            tip: g.pos(),
            bearing,
            length: len,
            base,
        })
    } else {
        let landed = match fieldpiece::fall(roll) {
            fieldpiece::Fall::Dud => None,
            fieldpiece::Fall::Left(d) => Some(step(at, bearing - 90.0, d)),
            fieldpiece::Fall::Right(d) => Some(step(at, bearing + 90.0, d)),
            fieldpiece::Fall::Over(d) => Some(step(at, bearing, d)),
            fieldpiece::Fall::OnTarget => Some(at),
        };
        landed.map(|c| Template::Disc {
            centre: c,
            diameter: fieldpiece::burst_diameter(),
        })
    };
    out.emit(OmogEvent::HeavyFired {
        team,
        kind: HeavyKind::Fieldpiece,
        roll,
        template,
    });
    if let Some(t) = template {
        // A shell hits whoever is under it, friend or foe; canister spares the gun's own team.
        let victims: Vec<FigureId> = out
            .state()
            .figures()
            .iter()
            .filter(|f| f.alive() && t.covers(f.pos()))
            .filter(|f| matches!(t, Template::Disc { .. }) || f.team() != team)
            .map(|f| f.id())
            .collect();
        template_hits(field, out, &t, victims);
    }
}

fn fire_gatling(field: &Battlefield, out: &mut Out, team: TeamId, at: TablePoint) {
    let g = out.state().gun(team).expect("checked gun").clone();
    let side = out.state().team(team).expect("checked team").side();
    let roll = out.roll();
    let (len, width) = gatling::diamond();
    let t = Template::aimed_diamond(g.pos(), at, len, width);
    let Some(n) = gatling::hits(roll) else {
        out.emit(OmogEvent::HeavyFired {
            team,
            kind: HeavyKind::Gatling,
            roll,
            template: None,
        });
        return;
    };
    out.emit(OmogEvent::HeavyFired {
        team,
        kind: HeavyKind::Gatling,
        roll,
        template: Some(t),
    });
    // Only enemies the gunner can see are targets, nearest first.
    let (pts, ids): (Vec<TablePoint>, Vec<FigureId>) = out
        .state()
        .living(side.other())
        .filter(|f| field.sight(g.pos(), f.pos()).is_clear())
        .map(|f| (f.pos(), f.id()))
        .unzip();
    let victims: Vec<FigureId> = t
        .hits_in_order(&pts)
        .into_iter()
        .take(n as usize)
        .map(|i| ids[i])
        .collect();
    template_hits(field, out, &t, victims);
}

/// Hand to hand, fight by fight, each fight's fallen going down before the next.
fn melee(field: &Battlefield, out: &mut Out) {
    let fights: Vec<Fight> = melee::pairings(out.state().roster());
    for fight in fights {
        let dice = out.peek(3);
        let mut k = 0;
        let bout = melee::fight(field, out.state().roster(), &fight, || {
            k += 1;
            dice[k - 1]
        });
        out.took(bout.dice());
        out.emit(OmogEvent::Melee {
            lone: fight.lone,
            lone_total: bout.lone_total,
            opponents: bout.opponents.clone(),
            fallen: bout.fallen.clone(),
        });
        for id in bout.fallen {
            take_down(out, id);
        }
    }
}

fn take_down(out: &mut Out, id: FigureId) {
    if out.state().figure(id).is_some_and(|f| f.alive()) {
        out.emit(OmogEvent::Down { figure: id });
    }
}

fn end_of_turn(field: &Battlefield, out: &mut Out) {
    // Simultaneous fire: the hit fall only now.
    for id in out.state().pending_hits().to_vec() {
        take_down(out, id);
    }
    melee(field, out);
    for e in out.state().clock().close_turn(field, out.state().roster()) {
        out.emit(e.into());
    }
}
