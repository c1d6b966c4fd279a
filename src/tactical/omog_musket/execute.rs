//! Executing OMOG Musket orders: check, roll the battle's next dice, and write the events, each
//! applied as it is written. A refused order writes nothing.

use super::check::{check, check_move_as, shoot_odds, ShotOdds};
use super::command::MusketCommand;
use super::event::MusketEvent;
use super::refusal::Refusal;
use super::state::{FigureId, MusketState, Phase};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::omog::melee::{self, contact, Fight};
use crate::tactical::omog::{Emitter, Refusal as Core};
use crate::tactical::table::{compass_bearing, TablePoint};

type Out<'a> = Emitter<'a, MusketState>;

/// Check, roll, and apply: the events of one order.
pub fn execute(
    field: &Battlefield,
    state: &mut MusketState,
    cmd: &MusketCommand,
) -> Result<Vec<MusketEvent>, Refusal> {
    let (used, aimed) = match cmd {
        _ if state.phase() == Phase::Over => return Err(Core::BattleOver.into()),
        MusketCommand::Shoot { figure, target } => {
            (0.0, Some(shoot_odds(field, state, *figure, *target)?))
        }
        _ => match cmd.as_move() {
            Some((figure, path, how)) => (check_move_as(field, state, figure, path, how)?, None),
            None => {
                check(field, state, cmd)?;
                (0.0, None)
            }
        },
    };
    let mut out = Emitter::new(state);
    match cmd {
        MusketCommand::Move {
            figure,
            path,
            charge,
        } => {
            let to = *path.last().expect("checked");
            let side = out.state().figure(*figure).expect("checked").side();
            // The man charged is the one the charge ends in contact with (the check found him).
            let charged = charge
                .then(|| out.state().roster().enemy_within(side, to, contact()))
                .flatten()
                .map(|e| e.id());
            out.emit(MusketEvent::Moved {
                figure: *figure,
                to,
                used,
                charged,
            });
        }
        MusketCommand::Remount { figure, path } => {
            walked(&mut out, *figure, path, used);
            let mount = out
                .state()
                .figure(*figure)
                .expect("checked")
                .mount()
                .changed();
            out.emit(MusketEvent::Remounted {
                figure: *figure,
                mount,
            });
        }
        MusketCommand::Climb { figure, path } => {
            walked(&mut out, *figure, path, used);
            out.emit(MusketEvent::Climbed { figure: *figure });
        }
        MusketCommand::Face { figure, toward } => {
            let from = out.state().figure(*figure).expect("checked").pos();
            out.emit(MusketEvent::Faced {
                figure: *figure,
                bearing: compass_bearing(from, *toward),
            });
        }
        MusketCommand::Hold { figure } => out.emit(MusketEvent::Held { figure: *figure }),
        MusketCommand::EndMove => {
            let side = out.state().clock().actor().expect("a move phase");
            let reloading: Vec<FigureId> = out
                .state()
                .living(side)
                .filter(|f| out.state().will_reload(f))
                .map(|f| f.id())
                .collect();
            for figure in reloading {
                out.emit(MusketEvent::Reloaded { figure });
            }
            let e = out.state().clock().end_move();
            out.emit(e.into());
        }
        MusketCommand::Shoot { figure, target } => {
            let ShotOdds {
                range,
                need,
                modifiers,
                ..
            } = aimed.expect("checked above");
            let roll = out.roll();
            let hit = roll >= need;
            out.emit(MusketEvent::Shot {
                figure: *figure,
                target: *target,
                range,
                need,
                modifiers,
                roll,
                hit,
            });
            if hit && !out.state().pending_hits().contains(target) {
                out.emit(MusketEvent::Hit { figure: *target });
            }
        }
        MusketCommand::EndFire => match out.state().clock().end_fire() {
            Some(e) => out.emit(e.into()),
            None => end_of_turn(field, &mut out),
        },
    }
    Ok(out.finish())
}

fn take_down(out: &mut Out, id: FigureId) {
    if out.state().figure(id).is_some_and(|f| f.alive()) {
        out.emit(MusketEvent::Down { figure: id });
    }
}

/// A plain move to the end of `path`, before mounting or climbing there.
fn walked(out: &mut Out, figure: FigureId, path: &[TablePoint], used: f64) {
    let to = *path.last().expect("checked");
    out.emit(MusketEvent::Moved {
        figure,
        to,
        used,
        charged: None,
    });
}

/// Both sides have fired: the hit fall, hand to hand is fought fight by fight, and the turn
/// closes.
fn end_of_turn(field: &Battlefield, out: &mut Out) {
    for id in out.state().pending_hits().to_vec() {
        take_down(out, id);
    }
    for fight in melee::pairings(out.state().roster()) {
        let dice = out.peek(3);
        let mut k = 0;
        let bout: melee::Bout = melee::fight(field, out.state().roster(), &fight, || {
            k += 1;
            dice[k - 1]
        });
        out.took(bout.dice());
        let Fight { lone, .. } = fight;
        out.emit(MusketEvent::Melee {
            lone,
            lone_total: bout.lone_total,
            opponents: bout.opponents.clone(),
            fallen: bout.fallen.clone(),
        });
        for id in bout.fallen {
            take_down(out, id);
        }
    }
    for e in out.state().clock().close_turn(field, out.state().roster()) {
        out.emit(e.into());
    }
}
