//! Executing 6+ orders: check, then write the events, each applied as it is written. Nothing is
//! rolled: the numbers are the previews' ([`super::check`]). Ending the shooting fights the
//! turn's hand-to-hand, eliminates, checks rout and victory, and passes the turn.

use super::apply::apply;
use super::cards;
use super::check::{self, charge_preview, check_move, rally, shot_preview, SLACK};
use super::command::SixCommand;
use super::event::{Ending, SixEvent};
use super::geom::{gap, overlap};
use super::ground::{self, along};
use super::refusal::Refusal;
use super::state::{weight, Kind, SixState, UnitId, HITS_TO_ELIMINATE, TURN_LIMIT};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::{compass_bearing, distance, step};

/// Tide of battle reaches friends this close, mm.
pub const TIDE_REACH: f64 = 30.0;
/// Hits the tide of battle puts on each.
pub const TIDE_HITS: u32 = 2;
/// How far a charger falls back, mm.
pub const RETREAT: f64 = 60.0;
/// A block this close to the objective (centre to centre) holds it, mm.
pub const HOLD: f64 = 40.0;

struct Out<'a> {
    state: &'a mut SixState,
    events: Vec<SixEvent>,
}

impl Out<'_> {
    fn emit(&mut self, e: SixEvent) {
        apply(self.state, &e);
        self.events.push(e);
    }
}

/// Check and apply: the events of one order.
pub fn execute(
    field: &Battlefield,
    state: &mut SixState,
    cmd: &SixCommand,
) -> Result<Vec<SixEvent>, Refusal> {
    let first = match cmd {
        SixCommand::Move { unit, to, facing } => {
            let road = check_move(field, state, *unit, *to, *facing)?;
            SixEvent::Moved {
                unit: *unit,
                to: *to,
                facing: facing.rem_euclid(360.0),
                road,
            }
        }
        SixCommand::Charge {
            unit,
            target,
            facing,
        } => {
            let p = charge_preview(field, state, *unit, *target, *facing)?;
            SixEvent::Charged {
                unit: *unit,
                target: *target,
                to: p.to,
                facing: p.facing,
                face: p.face,
            }
        }
        SixCommand::Reload { unit } => {
            check::check(field, state, cmd)?;
            SixEvent::Reloaded { unit: *unit }
        }
        SixCommand::Form { unit, formation } => {
            check::check(field, state, cmd)?;
            SixEvent::Formed {
                unit: *unit,
                formation: *formation,
            }
        }
        SixCommand::EndMove => {
            check::check(field, state, cmd)?;
            SixEvent::MoveEnded
        }
        SixCommand::Rally { general, unit } => SixEvent::Rallied {
            general: *general,
            unit: *unit,
            removed: rally(state, *general, *unit)?,
        },
        SixCommand::Shoot { unit, target } => {
            let p = shot_preview(field, state, *unit, *target)?;
            SixEvent::Shot {
                unit: *unit,
                target: *target,
                hits: p.hits,
                cover: p.cover,
            }
        }
        SixCommand::EndShooting => {
            check::check(field, state, cmd)?;
            let mut out = Out {
                state,
                events: Vec::new(),
            };
            end_of_player_turn(field, &mut out);
            return Ok(out.events);
        }
    };
    let mut out = Out {
        state,
        events: Vec::new(),
    };
    out.emit(first);
    Ok(out.events)
}

/// Hand-to-hand, elimination, rout, victory, and the next player turn.
fn end_of_player_turn(field: &Battlefield, out: &mut Out) {
    for c in out.state.charges().to_vec() {
        let (Some(ch), Some(t)) = (out.state.unit(c.charger), out.state.unit(c.target)) else {
            continue;
        };
        if !ch.alive || !t.alive {
            continue;
        }
        let hits =
            check::melee_hits(field, t, c.flank_or_rear) + cards::charge_bonus(out.state, ch.side);
        out.emit(SixEvent::Fought {
            charger: c.charger,
            target: c.target,
            hits,
        });
        if out.state.units()[c.target.0 as usize].hits < HITS_TO_ELIMINATE {
            let (to, facing) = retreat(field, out.state, c.charger, c.target);
            out.emit(SixEvent::Retreated {
                unit: c.charger,
                to,
                facing,
            });
        }
    }
    eliminate(out);
    if out.state.options().rout {
        for side in Side::BOTH {
            let lost = out.state.losses()[side.index()];
            let strength = out.state.strength[side.index()];
            let standing = out.state.living().any(|u| u.side == side);
            // Half plus one, the half rounded down.
            if standing && lost > 0 && lost > strength / 2 {
                out.emit(SixEvent::Routed { side });
            }
        }
    }
    let standing = Side::BOTH.map(|s| out.state.living().any(|u| u.side == s));
    let ended = match standing {
        [true, true] => None,
        [true, false] => Some((BattleOutcome::AttackerWins, Ending::Destroyed)),
        [false, true] => Some((BattleOutcome::DefenderWins, Ending::Destroyed)),
        [false, false] => Some((BattleOutcome::StandOff, Ending::Destroyed)),
    };
    if let Some((outcome, ending)) = ended {
        out.emit(SixEvent::Ended { outcome, ending });
        return;
    }
    let actor = out.state.actor();
    let turn = out.state.turn() + u32::from(actor == Side::Defender);
    if turn > TURN_LIMIT {
        let outcome = match holders(field, out.state) {
            [true, false] => BattleOutcome::AttackerWins,
            [false, true] => BattleOutcome::DefenderWins,
            _ => BattleOutcome::StandOff,
        };
        out.emit(SixEvent::Ended {
            outcome,
            ending: Ending::TurnLimit,
        });
        return;
    }
    out.emit(SixEvent::TurnPassed {
        to: actor.other(),
        turn,
    });
    if let Some(card) = draw(out.state) {
        out.emit(card);
    }
}

/// Chance cards: the card the side to act draws now, and the block it acts on at once;
/// `None` with the option off.
pub fn draw(state: &SixState) -> Option<SixEvent> {
    let card = state.deck()?.top();
    let side = state.actor();
    Some(SixEvent::CardDrawn {
        side,
        card,
        unit: cards::target_of(state, side, card),
    })
}

/// Which sides have a block (not the General) holding the objective, `[attacker, defender]`.
pub fn holders(field: &Battlefield, state: &SixState) -> [bool; 2] {
    Side::BOTH.map(|s| {
        state.living().any(|u| {
            u.side == s && u.kind != Kind::General && distance(u.at, field.objective) <= HOLD
        })
    })
}

/// Blocks with twelve hits leave the table; with the tide of battle, each loss puts hits on the
/// friends around it, which may eliminate them in turn.
fn eliminate(out: &mut Out) {
    let mut queue: Vec<UnitId> = out
        .state
        .living()
        .filter(|u| u.hits >= HITS_TO_ELIMINATE)
        .map(|u| u.id)
        .collect();
    let mut k = 0;
    while k < queue.len() {
        let id = queue[k];
        k += 1;
        out.emit(SixEvent::Eliminated { unit: id });
        if !out.state.options().tide {
            continue;
        }
        let gone = out.state.units()[id.0 as usize].clone();
        let near: Vec<UnitId> = out
            .state
            .living()
            .filter(|f| {
                f.side == gone.side
                    && !queue.contains(&f.id)
                    && gap(&f.rect(), &gone.rect()) <= TIDE_REACH
            })
            .map(|f| f.id)
            .collect();
        for f in near {
            out.emit(SixEvent::Tide {
                unit: f,
                from: id,
                hits: TIDE_HITS,
            });
            if out.state.units()[f.0 as usize].hits >= HITS_TO_ELIMINATE {
                queue.push(f);
            }
        }
    }
}

/// Where a charger that failed falls back: 6 cm straight away from its target if that way is
/// clear, else the nearest clear way to either side (15° at a time, up to square to the
/// target); it ends facing the target. With no clear way it stays in contact, facing it.
pub fn retreat(
    field: &Battlefield,
    state: &SixState,
    charger: UnitId,
    target: UnitId,
) -> ([f64; 2], f64) {
    let c = &state.units()[charger.0 as usize];
    let t = &state.units()[target.0 as usize];
    let back = compass_bearing(t.at, c.at);
    for k in [0i32, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6] {
        let heading = back + f64::from(k) * 15.0;
        let end = step(c.at, heading, RETREAT);
        let facing = compass_bearing(end, t.at);
        let clear = along(c.at, end).all(|p| {
            let r = c.rect_at(p, facing);
            let u = ground::under(field, &r);
            !u.off
                && !u.wet
                && !u.woods
                // Leaving the target's side it may swing across its corner.
                && !state.living().any(|o| {
                    o.id != c.id
                        && o.id != t.id
                        && o.kind != Kind::Skirmishers
                        && overlap(&r, &o.rect(), SLACK)
                })
        }) && ground::river_barrier(field, c.at, end).is_none()
            && !state.ground().town(end)
            && !state
                .living()
                .any(|o| o.id != c.id && overlap(&c.rect_at(end, facing), &o.rect(), SLACK));
        if clear {
            return (end, facing);
        }
    }
    let facing = compass_bearing(c.at, t.at);
    let turned = c.rect_at(c.at, facing);
    // Turning on the spot swings its corners: onto no block, and (as a move would) not off
    // the table or into water or woods.
    let under = ground::under(field, &turned);
    let room = !under.off
        && !under.wet
        && !under.woods
        && !state
            .living()
            .any(|o| o.id != c.id && overlap(&turned, &o.rect(), SLACK));
    (c.at, if room { facing } else { c.facing })
}

/// Each side's strength for the rout rule.
pub fn strength_of(units: &[super::state::Unit]) -> [u32; 2] {
    let mut s = [0, 0];
    for u in units {
        s[u.side.index()] += weight(u.kind);
    }
    s
}
