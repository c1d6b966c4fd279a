//! The general's attacks: every fight is priced with the exact odds ([`odds`]) — what winning
//! gains (the unit, a card, the settlement if it was the last defender, the game if it was the
//! last piece) against what losing costs (the attacker, and the settlement it leaves bare) —
//! and only fights worth more than they risk are fought. A resource die is bought when it
//! swings a fight enough to pay for the diamonds.

use super::{settlement_value, unit_value, Ctx};
use crate::rules::{
    cheapest_set, odds, strongest, Attack, BuyAttackDie, Command, Dice, Location, Suit, Target,
    UnitId,
};

/// Fights whose expected gain is below this are not worth the dice.
const WORTH_IT: f64 = 0.05;
/// What a bought die must add to a fight's expected gain to be worth a set of diamonds.
const DIE_WORTH: f64 = 0.3;

/// The best attack to make now (or the resource die to buy for it), if any is worth it.
pub(super) fn next_attack(ctx: &Ctx) -> Option<Command> {
    let diamonds = cheapest_set(ctx.state, ctx.me, Suit::Diamonds);
    let mut targets: Vec<Target> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() != ctx.me)
        .map(|s| Target::Settlement(s.id()))
        .collect();
    for u in ctx.state.units().filter(|u| u.owner() != ctx.me) {
        let loose = !matches!(u.at(), Location::Settlement(_));
        if loose && ctx.state.stack_of(u.id()).first() == Some(&u.id()) {
            targets.push(Target::Unit(u.id()));
        }
    }
    let mut best: Option<(f64, Command)> = None;
    let mut consider = |value: f64, cmd: Command| {
        if value > WORTH_IT && best.as_ref().is_none_or(|(b, _)| value > *b) {
            best = Some((value, cmd));
        }
    };
    for unit in ctx.state.units_of(ctx.me) {
        let Some(u) = ctx.state.unit(unit) else {
            continue;
        };
        if u.attacked() {
            continue;
        }
        for &target in &targets {
            let attack = Command::Attack(Attack::dice(unit, target));
            if !ctx.ok(&attack) {
                continue;
            }
            let now = expected_gain(ctx, unit, target, u.attack_dice());
            consider(now, attack);
            if let Some(cards) = &diamonds {
                if u.attack_dice() < Dice::MAX {
                    let more = expected_gain(ctx, unit, target, Dice(u.attack_dice().0 + 1));
                    if more - now.max(0.0) > DIE_WORTH {
                        let buy = Command::BuyAttackDie(BuyAttackDie {
                            cards: cards.clone(),
                            unit,
                        });
                        if ctx.ok(&buy) {
                            consider(more, buy);
                        }
                    }
                }
            }
        }
    }
    best.map(|(_, c)| c)
}

/// Expected gain, in unit values, of `unit` attacking `target` with `dice`.
fn expected_gain(ctx: &Ctx, unit: UnitId, target: Target, dice: Dice) -> f64 {
    let state = ctx.state;
    let (stack, settlement) = match target {
        Target::Unit(t) => (state.stack_of(t), None),
        Target::Settlement(s) => (state.defenders(s), state.settlement(s)),
    };
    let enemy = match (settlement, stack.first()) {
        (Some(s), _) => s.owner(),
        (None, Some(t)) => match state.unit(*t) {
            Some(t) => t.owner(),
            None => return 0.0,
        },
        (None, None) => return 0.0,
    };
    let pieces = state.units_of(enemy).len() + state.settlements_of(enemy).len();
    let finishing = if pieces <= 1 { 10.0 } else { 0.0 };
    let Some(defence) = ctx.best_defence(&stack) else {
        // An empty settlement falls without a fight.
        return settlement.map_or(0.0, |s| settlement_value(state, s) + 2.0) + finishing;
    };
    let defender = strongest(state, ctx.board, &stack)
        .first()
        .and_then(|d| state.unit(*d))
        .map_or(1.0, |d| unit_value(d.kind()));
    let mut gain = defender + 0.3;
    if stack.len() == 1 {
        if let Some(s) = settlement {
            gain += settlement_value(state, s);
        }
        if state.units_of(enemy).len() == 1 && state.settlements_of(enemy).is_empty() {
            gain += finishing;
        }
    }
    if state.settlements_of(enemy).is_empty() {
        // Without a settlement the enemy can never replace what it loses: every kill brings
        // the end nearer.
        gain += 3.0 / pieces as f64;
    }
    let Some(me) = state.unit(unit) else {
        return 0.0;
    };
    // Far ahead, a unit is cheap: by Lanchester's square law a force's worth goes with the
    // square of its size, so trading units wins a war of attrition for the larger side.
    let ratio = (strength(ctx, enemy) / strength(ctx, ctx.me).max(1.0)).min(1.0);
    let mut loss = unit_value(me.kind()) * (ratio * ratio).max(0.05);
    if let Location::Settlement(home) = me.at() {
        if let Some(home) = state.settlement(home) {
            if state.defenders(home.id()).len() == 1 && ctx.threat(home.pos()) > 0 {
                loss += 0.5 * settlement_value(state, home);
            }
        }
    }
    let o = odds(dice, defence);
    o.p_attacker() * gain - o.p_defender() * loss
}

/// A player's pieces on the map, in unit values.
fn strength(ctx: &Ctx, p: crate::rules::PlayerId) -> f64 {
    let units: f64 = ctx
        .state
        .units()
        .filter(|u| u.owner() == p)
        .map(|u| unit_value(u.kind()))
        .sum();
    let settlements: f64 = ctx
        .state
        .settlements()
        .filter(|s| s.owner() == p)
        .map(|s| settlement_value(ctx.state, s))
        .sum();
    units + settlements
}
