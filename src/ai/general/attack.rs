//! The attack phase. Every target in reach is priced with the engine's exact odds: `easy` one
//! fight at a time (what this fight gains against what it risks), `normal` and `hard` as a whole
//! assault by every unit that can reach it ([`assault`]). A resource die is bought when it adds
//! more to the assault than a set of diamonds is worth.

use super::war::{
    assault, dice_in_hand, guards, loss_weight, prize, stack_guards, strikers, Assault, Guarding,
    Striker,
};
use super::{unit_value, Ctx};
use crate::rules::{
    cheapest_set, odds, Attack, BuyAttackDie, Command, Dice, Location, PlayerId, Suit, Target,
    UnitId,
};

/// Attacks whose expected gain is below this are not worth the dice.
const WORTH_IT: f64 = 0.05;
/// What a bought die must add to an assault's expected gain to be worth a set of diamonds.
const DIE_WORTH: f64 = 0.35;

/// A target and everything that can attack it now.
pub(super) struct Front {
    pub target: Target,
    pub enemy: PlayerId,
    /// Units that can attack it now, by id.
    pub attackers: Vec<UnitId>,
    pub defenders: Vec<Guarding>,
    /// Gained on the last kill (the settlement, or the end of a player).
    pub prize: f64,
}

/// Every enemy target some unit of mine can attack now, with those units.
pub(super) fn fronts(ctx: &Ctx) -> Vec<Front> {
    let ready: Vec<(UnitId, crate::rules::MapPoint)> = ctx
        .state
        .units_of(ctx.me)
        .into_iter()
        .filter(|u| ctx.state.unit(*u).is_some_and(|u| !u.attacked()))
        // A Ship carrying a landing party sails to land it: a beaten attacker loses its cargo,
        // so the land plan never throws it at an enemy (the sea play fights with empty Ships).
        .filter(|u| ctx.state.cargo(*u).is_empty())
        .filter_map(|u| Some((u, ctx.state.unit_pos(u)?)))
        .collect();
    if ready.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut consider = |target: Target, at: crate::rules::MapPoint, enemy, defenders, prize| {
        let attackers: Vec<UnitId> = ready
            .iter()
            .filter(|(_, p)| p.distance_m(at) <= ctx.breadth * 1.001)
            .map(|(u, _)| *u)
            .filter(|u| ctx.ok(&Command::Attack(Attack::dice(*u, target))))
            .collect();
        if !attackers.is_empty() {
            out.push(Front {
                target,
                enemy,
                attackers,
                defenders,
                prize,
            });
        }
    };
    for s in ctx.state.settlements().filter(|s| s.owner() != ctx.me) {
        consider(
            Target::Settlement(s.id()),
            s.pos(),
            s.owner(),
            guards(ctx, s.id()),
            prize(ctx, s),
        );
    }
    for u in ctx.state.units().filter(|u| u.owner() != ctx.me) {
        if matches!(u.at(), Location::Settlement(_))
            || ctx.state.stack_of(u.id()).first() != Some(&u.id())
        {
            continue;
        }
        let Some(at) = ctx.state.unit_pos(u.id()) else {
            continue;
        };
        let stack = ctx.state.stack_of(u.id());
        let defenders = stack_guards(ctx, u.id());
        // The last pieces of a player with no settlement: killing them ends it.
        let owner = u.owner();
        let last = ctx.state.settlements_of(owner).is_empty()
            && ctx.state.units_of(owner).len() == stack.len();
        consider(
            Target::Unit(u.id()),
            at,
            owner,
            defenders,
            if last { 8.0 } else { 0.0 },
        );
    }
    out
}

/// The attackers of a front in the order they would attack, with their assault terms.
fn ordered(ctx: &Ctx, front: &Front) -> Vec<(UnitId, Striker)> {
    let mut units: Vec<(UnitId, Striker)> = front
        .attackers
        .iter()
        .map(|u| (*u, strikers(ctx, &[*u], front.enemy, 0)[0]))
        .collect();
    units.sort_by(|a, b| b.1.dice.cmp(&a.1.dice).then(a.1.loss.total_cmp(&b.1.loss)));
    units
}

/// The best attack-phase command worth making now, if any: an attack, or a resource die for
/// the attacker about to go.
pub(super) fn next_attack(ctx: &Ctx) -> Option<Command> {
    ranked(ctx).into_iter().next().map(|(_, c)| c)
}

/// Every attack-phase command worth considering, best first, with its worth.
pub(super) fn ranked(ctx: &Ctx) -> Vec<(f64, Command)> {
    let mut out: Vec<(f64, Command)> = Vec::new();
    for front in fronts(ctx) {
        if ctx.style.concentrate {
            storm(ctx, &front, &mut out);
        } else {
            single(ctx, &front, &mut out);
        }
    }
    out.sort_by(|a, b| b.0.total_cmp(&a.0));
    if std::env::var_os("OMMS_AI_DEBUG").is_some() {
        for f in fronts(ctx) {
            let order = ordered(ctx, &f);
            let terms: Vec<Striker> = order.iter().map(|(_, s)| *s).collect();
            let a = assault(&terms, &f.defenders, f.prize);
            eprintln!(
                "[{}] front {:?} attackers {:?} defenders {:?} prize {:.1}: {:?}",
                ctx.me.0,
                f.target,
                terms
                    .iter()
                    .map(|t| (t.dice.0, (t.loss * 10.0).round() / 10.0))
                    .collect::<Vec<_>>(),
                f.defenders.iter().map(|d| d.dice.0).collect::<Vec<_>>(),
                f.prize,
                a
            );
        }
    }
    out
}

/// `easy`: each attacker against this front on its own fight's odds.
fn single(ctx: &Ctx, front: &Front, out: &mut Vec<(f64, Command)>) {
    let weight = loss_weight(ctx, front.enemy);
    for &unit in &front.attackers {
        let Some(u) = ctx.state.unit(unit) else {
            continue;
        };
        let value = match front.defenders.first() {
            None => front.prize,
            Some(d) => {
                let o = odds(u.attack_dice(), d.dice);
                let last = front.defenders.len() == 1;
                let gain = d.kill + if last { front.prize } else { 0.0 };
                o.p_attacker() * gain - o.p_defender() * unit_value(u.kind()) * weight
            }
        };
        if value > WORTH_IT {
            out.push((value, Command::Attack(Attack::dice(unit, front.target))));
        }
    }
}

/// `normal`: the whole assault on this front; the attacker it sends first, or a die for it.
fn storm(ctx: &Ctx, front: &Front, out: &mut Vec<(f64, Command)>) {
    let order = ordered(ctx, front);
    let terms: Vec<Striker> = order.iter().map(|(_, s)| *s).collect();
    let now = assault(&terms, &front.defenders, front.prize);
    let worth = now.first.is_some() && now.value > WORTH_IT;
    if !worth {
        // A lone Guard in a fortification rolls four dice: nothing storms it on its own dice,
        // so the diamonds in hand decide whether it can be taken at all.
        if let Some(buy) = opening_die(ctx, front, &order, &now) {
            out.push(buy);
        }
        return;
    }
    let Some(first) = now.first else {
        return;
    };
    let unit = order[first].0;
    out.push((now.value, Command::Attack(Attack::dice(unit, front.target))));
    if let Some(buy) = die_for(ctx, front, &order, first, &now) {
        out.push(buy);
    }
}

/// A resource die for the strongest attacker when the assault is not worth making on the dice
/// the units have, but is with every die the hand can buy spread over the strongest.
fn opening_die(
    ctx: &Ctx,
    front: &Front,
    order: &[(UnitId, Striker)],
    now: &Assault,
) -> Option<(f64, Command)> {
    if !ctx.style.dice || front.defenders.is_empty() {
        return None;
    }
    let extra = dice_in_hand(ctx);
    if extra == 0 {
        return None;
    }
    let units: Vec<UnitId> = order.iter().map(|(u, _)| *u).collect();
    let armed = strikers(ctx, &units, front.enemy, extra);
    let with = assault(&armed, &front.defenders, front.prize);
    if with.first.is_none() || with.value - now.value.max(0.0) <= DIE_WORTH {
        return None;
    }
    let (unit, _) = order.iter().find(|(_, s)| s.dice < Dice::MAX)?;
    let cmd = Command::BuyAttackDie(BuyAttackDie {
        cards: cheapest_set(ctx.state, ctx.me, Suit::Diamonds)?,
        unit: *unit,
    });
    ctx.ok(&cmd).then_some((with.value, cmd))
}

/// A resource die for the attacker about to go, when it adds enough to the assault.
fn die_for(
    ctx: &Ctx,
    front: &Front,
    order: &[(UnitId, Striker)],
    first: usize,
    now: &Assault,
) -> Option<(f64, Command)> {
    if !ctx.style.dice || front.defenders.is_empty() || order[first].1.dice >= Dice::MAX {
        return None;
    }
    let cards = cheapest_set(ctx.state, ctx.me, Suit::Diamonds)?;
    let mut terms: Vec<Striker> = order.iter().skip(first).map(|(_, s)| *s).collect();
    terms[0].dice = Dice(terms[0].dice.0 + 1);
    let more = assault(&terms, &front.defenders, front.prize);
    if more.value - now.value <= DIE_WORTH {
        return None;
    }
    let cmd = Command::BuyAttackDie(BuyAttackDie {
        cards,
        unit: order[first].0,
    });
    ctx.ok(&cmd).then_some((more.value + 0.01, cmd))
}
