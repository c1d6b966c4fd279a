//! Card play in the main phase: build, feed, recruit, fortify, trade.

use super::Ctx;
use crate::map::PlaceKind;
use crate::rules::{
    cheapest_set, BuildSettlement, Card, CardId, Command, Fortify, GrowFood, Location, PlayRoyal,
    PlayTank, PlayerId, ProposeTrade, RaiseUnit, Rank, SettlementId, Suit, SwapDiamond, UnitType,
};

/// The next card play worth making in the main phase, if any.
pub(super) fn main_phase(ctx: &Ctx, this_turn: &[Command]) -> Option<Command> {
    build(ctx)
        .or_else(|| food(ctx, 2))
        .or_else(|| royals(ctx))
        .or_else(|| fortify(ctx))
        .or_else(|| raise(ctx))
        .or_else(|| food(ctx, if ctx.style.cards { 4 } else { u32::MAX }))
        .or_else(|| trade(ctx, this_turn))
        .or_else(|| swap(ctx, this_turn))
}

fn set(ctx: &Ctx, suit: Suit) -> Option<Vec<CardId>> {
    cheapest_set(ctx.state, ctx.me, suit)
}

/// Build on a free playable place one of my units stands on.
fn build(ctx: &Ctx) -> Option<Command> {
    let cards = set(ctx, Suit::Spades)?;
    ctx.state
        .units_of(ctx.me)
        .into_iter()
        .map(|unit| {
            Command::BuildSettlement(BuildSettlement {
                cards: cards.clone(),
                unit,
            })
        })
        .find(|c| ctx.ok(c))
}

/// Grow food while it is less than `margin` above upkeep.
fn food(ctx: &Ctx, margin: u32) -> Option<Command> {
    let p = ctx.state.player(ctx.me);
    if p.food().0 >= ctx.state.upkeep(ctx.me).0.saturating_add(margin) {
        return None;
    }
    let cmd = Command::GrowFood(GrowFood {
        cards: set(ctx, Suit::Hearts)?,
    });
    ctx.ok(&cmd).then_some(cmd)
}

/// Put every royal card (and, with tanks, every Ace) on the map: Guards where the threat is,
/// Invaders nearest the enemy, Scouts nearest the free places.
pub(super) fn royals(ctx: &Ctx) -> Option<Command> {
    let hand = ctx.state.player(ctx.me).hand();
    if ctx.state.options().tanks {
        if let Some(&card) = hand
            .iter()
            .find(|c| Card::from_id(**c).rank() == Some(Rank::Ace))
        {
            let cmd = Command::PlayTank(PlayTank { card });
            if ctx.ok(&cmd) {
                return Some(cmd);
            }
        }
    }
    let &card = hand.iter().find(|c| Card::from_id(**c).is_royal())?;
    let kind = match Card::from_id(card).rank()? {
        Rank::Jack => UnitType::Scout,
        Rank::Queen => UnitType::Guard,
        _ => UnitType::Invader,
    };
    let settlement = muster_point(ctx, kind, false)?;
    let cmd = Command::PlayRoyal(PlayRoyal { card, settlement });
    ctx.ok(&cmd).then_some(cmd)
}

/// Where a new unit of `kind` is most use: a Guard in the most threatened settlement short of
/// defenders, an Invader nearest an enemy, a Scout nearest a free place. `towns_only` limits the
/// choice to settlements that can raise units from clubs.
fn muster_point(ctx: &Ctx, kind: UnitType, towns_only: bool) -> Option<SettlementId> {
    let mine: Vec<_> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() == ctx.me)
        .filter(|s| !towns_only || s.kind() != PlaceKind::Village)
        .collect();
    let first = mine.first()?.id();
    let enemies: Vec<_> = ctx.enemy_points().collect();
    let sites: Vec<_> = ctx.free_sites().into_iter().map(|s| s.1).collect();
    let nearest = |from: crate::rules::MapPoint, to: &[crate::rules::MapPoint]| {
        to.iter()
            .map(|p| p.distance_m(from))
            .fold(f64::INFINITY, f64::min)
    };
    // A road unit raised where no road leads to an enemy can never fight but in its own
    // settlement (North Bayreuth's roads come in pieces; the nearest settlement as the crow
    // flies was on the wrong one, and three hundred units piled up there).
    let road_bound = kind.off_road_move().is_none();
    let score = |s: &&crate::rules::Settlement| -> f64 {
        let short = ctx.garrison_wanted(s) as f64 - ctx.state.defenders(s.id()).len() as f64;
        let cut_off = road_bound && !super::pieces::joins_enemy(ctx, s.pos());
        let aside = if cut_off { CUT_OFF } else { 0.0 };
        match kind {
            UnitType::Guard => short * 10.0 + f64::from(ctx.threat(s.pos())) - aside,
            UnitType::Scout if !sites.is_empty() => short * 3.0 - nearest(s.pos(), &sites) / 1e4,
            _ => short * 3.0 - nearest(s.pos(), &enemies) / 1e4 - aside,
        }
    };
    let best = mine
        .iter()
        .max_by(|a, b| score(a).total_cmp(&score(b)).then(b.id().cmp(&a.id())))
        .map(|s| s.id());
    Some(best.unwrap_or(first))
}

/// What a settlement on a road piece no enemy stands on loses as a muster point for road units:
/// more than a Guard's shortfall of one there, less than two.
const CUT_OFF: f64 = 15.0;

/// Fortify a threatened occupied basic settlement, or any occupied one when the spades are not
/// needed for a settlement soon nor (no town being threatened) for a Ship.
fn fortify(ctx: &Ctx) -> Option<Command> {
    let cards = set(ctx, Suit::Spades)?;
    let site_soon = {
        let sites = ctx.free_sites();
        ctx.state.units_of(ctx.me).into_iter().any(|u| {
            let Some(pos) = ctx.state.unit_pos(u) else {
                return false;
            };
            let in_settlement = matches!(
                ctx.state.unit(u).map(|u| u.at()),
                Some(Location::Settlement(_))
            );
            !in_settlement && sites.iter().any(|s| s.1.distance_m(pos) <= ctx.card_len)
        })
    };
    let mut candidates: Vec<_> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() == ctx.me && !s.is_fort())
        .map(|s| (ctx.threat(s.pos()), s.id()))
        .filter(|(threat, _)| *threat > 0 || !site_soon)
        .collect();
    // Spades an expedition's fleet lacks go to Ships before walls nobody threatens (a general
    // holding all of Malta walled its towns for a hundred turns with one Ship to reach Gozo),
    // and before any walls while an army waits idle for them on a land its player holds.
    if !candidates.is_empty()
        && super::sea::walls_wait(ctx, candidates.iter().any(|(threat, _)| *threat > 0))
    {
        return None;
    }
    candidates.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    candidates
        .into_iter()
        .map(|(_, settlement)| {
            Command::Fortify(Fortify {
                cards: cards.clone(),
                settlement,
            })
        })
        .find(|c| ctx.ok(c))
}

/// Raise a unit with clubs: a Guard for a settlement short of defenders, a Scout while there
/// are more free places than Scouts to take them, otherwise an Invader.
fn raise(ctx: &Ctx) -> Option<Command> {
    let cards = set(ctx, Suit::Clubs)?;
    let short = ctx
        .state
        .settlements()
        .filter(|s| s.owner() == ctx.me && s.kind() != PlaceKind::Village)
        .any(|s| ctx.state.defenders(s.id()).len() < ctx.garrison_wanted(s));
    let scouts = ctx
        .state
        .units_of(ctx.me)
        .into_iter()
        .filter(|u| {
            ctx.state
                .unit(*u)
                .is_some_and(|u| u.kind() == UnitType::Scout)
        })
        .count();
    // Enemies off road can only be caught by units that may leave the roads.
    let runaways = ctx
        .state
        .units()
        .filter(|u| u.owner() != ctx.me && matches!(u.at(), Location::OffRoad(_)))
        .count();
    let kind = if short {
        UnitType::Guard
    } else if (ctx.free_sites().len() > 2 * scouts && scouts < 3)
        || scouts < runaways + 1
        || !towns_reach_an_enemy(ctx)
    {
        UnitType::Scout
    } else {
        UnitType::Invader
    };
    let settlement = muster_point(ctx, kind, true)?;
    let cmd = Command::RaiseUnit(RaiseUnit {
        cards,
        kind,
        settlement,
    });
    ctx.ok(&cmd).then_some(cmd)
}

/// Whether a major road joins some town of mine (where clubs raise units) to an enemy
/// settlement. Where none does (roads in pieces, or the enemy on another island with no Ships),
/// an Invader raised there could never strike anything; only a Scout crossing the fields could.
fn towns_reach_an_enemy(ctx: &Ctx) -> bool {
    let enemies: Vec<_> = ctx.enemy_towns().collect();
    let Some(first) = enemies.first() else {
        return true;
    };
    // A board without roads (the test table) tells no road distance at all.
    if ctx.board.road_distance(*first, *first).is_none() {
        return true;
    }
    ctx.state
        .settlements()
        .filter(|s| s.owner() == ctx.me && s.kind() != PlaceKind::Village)
        .any(|s| {
            enemies
                .iter()
                .any(|e| ctx.board.road_distance(s.pos(), *e).is_some())
        })
}

/// How useful a hand is: royal cards are units in waiting; each suit counts by how close it
/// comes to a set worth the Creation Total, with a bonus once it gets there.
pub(crate) fn hand_value(hand: &[CardId], ct: u32) -> f64 {
    let mut v = 0.0;
    let mut totals = [0u32; 4];
    for &id in hand {
        let card = Card::from_id(id);
        if card.is_royal() {
            v += 8.0;
        } else if let (Some(suit), Some(value)) = (card.suit(), card.value()) {
            totals[Suit::ALL.iter().position(|s| *s == suit).unwrap_or(0)] += value;
        }
    }
    for (suit, total) in Suit::ALL.iter().zip(totals) {
        let weight = match suit {
            Suit::Clubs | Suit::Spades => 1.2,
            Suit::Hearts | Suit::Diamonds => 0.8,
        };
        let ct = ct.max(1);
        v += weight * 6.0 * f64::from(total.min(ct)) / f64::from(ct);
        if total >= ct {
            v += weight * 4.0;
        }
    }
    v
}

/// Rounds after a declined offer before the same seat is asked for the same face again: its
/// hand has turned over by then. Without this `normal` asked for the same card nearly every
/// turn (Andorra, seed 1: 39 offers, none taken).
const REASK_ROUNDS: u32 = 6;
/// Rounds after a declined offer before the same seat is asked for anything.
const PAUSE_ROUNDS: u32 = 2;

/// Whether `with` declined an offer of mine lately: any offer within [`PAUSE_ROUNDS`], or one
/// asking for `take`'s face within [`REASK_ROUNDS`]. The record is public (my view holds my own
/// offers' cards), so a fresh bot asks the same.
fn declined_lately(ctx: &Ctx, with: PlayerId, take: Option<CardId>) -> bool {
    let turn = ctx.state.turn();
    let seats = ctx.state.players().len() as u32;
    ctx.view.declined_trades().iter().any(|d| {
        let ago = turn.saturating_sub(d.turn);
        let same =
            take.is_some_and(|t| d.take.len() == 1 && Card::from_id(d.take[0]) == Card::from_id(t));
        d.from == ctx.me
            && d.with == with
            && (ago < PAUSE_ROUNDS * seats || (same && ago < REASK_ROUNDS * seats))
    })
}

/// One trade a turn, asked by face since the other hands are hidden: the card that would
/// complete a set soonest (the one-for-one swap that improves my hand most if they hold it),
/// for my least useful card, offered to the player with the fewest settlement points (never
/// helping the leader). Whether they hold it is theirs to know; most offers are refused, and a
/// refused one is not made again soon ([`declined_lately`]).
fn trade(ctx: &Ctx, this_turn: &[Command]) -> Option<Command> {
    if !ctx.style.cards
        || this_turn
            .iter()
            .any(|c| matches!(c, Command::ProposeTrade(_)))
    {
        return None;
    }
    let hand = ctx.state.player(ctx.me).hand();
    let ct = ctx.state.creation_total(ctx.me);
    let before = hand_value(hand, ct);
    let with = ctx
        .state
        .active_players()
        .into_iter()
        .filter(|p| *p != ctx.me && !ctx.state.player(*p).hand().is_empty())
        .min_by_key(|p| (ctx.state.points(*p), *p))?;
    if declined_lately(ctx, with, None) {
        return None;
    }
    let mut best: Option<(f64, Command)> = None;
    for suit in [Suit::Clubs, Suit::Spades] {
        for rank in (2..=10).map(Rank::Number) {
            let Some(take) = Card::new(rank, suit).face_id() else {
                continue;
            };
            if declined_lately(ctx, with, Some(take)) {
                continue;
            }
            for &give in hand {
                if Card::from_id(give).is_royal() {
                    continue;
                }
                let mut after: Vec<CardId> = hand.iter().filter(|c| **c != give).copied().collect();
                after.push(take);
                let gain = hand_value(&after, ct) - before;
                if gain > 2.0 && best.as_ref().is_none_or(|(g, _)| gain > *g) {
                    best = Some((
                        gain,
                        Command::ProposeTrade(ProposeTrade {
                            with,
                            give: vec![give],
                            take: vec![take],
                        }),
                    ));
                }
            }
        }
    }
    best.map(|(_, c)| c).filter(|c| ctx.ok(c))
}

/// Swaps a turn at most: each is a gamble on two fresh cards.
const MAX_SWAPS: usize = 6;
/// Cards in hand beyond which spare diamonds and idle cards are swapped harder.
const BIG_HAND: usize = 12;
/// Rounds in which low diamonds are still swapped for cards rather than kept for attack dice.
const EARLY_ROUNDS: u32 = 6;

/// Swap a diamond and a card that buys nothing soon (hearts once food is well ahead, spades
/// with nothing to build or fortify, a low card of a suit far from a set) for two fresh
/// cards, a few times a turn: two fresh cards are worth more than a card that buys nothing.
pub(super) fn swap(ctx: &Ctx, this_turn: &[Command]) -> Option<Command> {
    if !ctx.style.cards {
        return None;
    }
    let swaps = this_turn
        .iter()
        .filter(|c| matches!(c, Command::SwapDiamond(_)))
        .count();
    let hand = ctx.state.player(ctx.me).hand();
    // A hand past BIG_HAND cards is dead weight (issue 14's hoards of fifty cards): it buys
    // nothing, and every attack lost to it feeds the winner a card.
    let big = hand.len() > BIG_HAND;
    if swaps >= if big { 2 * MAX_SWAPS } else { MAX_SWAPS } {
        return None;
    }
    let ct = ctx.state.creation_total(ctx.me);
    let total = |suit: Suit| -> u32 {
        hand.iter()
            .filter_map(|c| {
                let card = Card::from_id(*c);
                (card.suit() == Some(suit) && !card.is_royal()).then(|| card.value().unwrap_or(0))
            })
            .sum()
    };
    let lowest = |want: &dyn Fn(Card) -> bool| {
        hand.iter()
            .copied()
            .filter(|c| {
                let card = Card::from_id(*c);
                !card.is_royal() && card.value().is_some() && want(card)
            })
            .min_by_key(|c| (Card::from_id(*c).value(), *c))
    };
    // Diamonds are the only way through a fortification's four dice, so they are kept for
    // attack dice once the armies meet; in the first rounds, and beyond two sets, they buy cards.
    let rich = total(Suit::Diamonds) >= if big { ct + 10 } else { 2 * ct };
    let early = ctx.state.turn() <= EARLY_ROUNDS * ctx.state.players().len() as u32;
    // No diamond to give, no swap: asked first, so the sea aim behind `nothing_to_build` is
    // only worked out when a swap can happen.
    let diamond =
        lowest(&|c| c.suit() == Some(Suit::Diamonds) && (rich || (early && c.value() <= Some(5))))?;
    let me = ctx.state.player(ctx.me);
    let fed = me.food().0 >= ctx.state.upkeep(ctx.me).0 + 3;
    // With every place built and fortified, spades still buy the Ships an expedition across
    // the water lacks ([`super::sea::ship_wanted`]); only without one are they dead weight.
    let nothing_to_build = ctx.free_sites().is_empty()
        && !ctx.state.settlements().any(|s| {
            s.owner() == ctx.me && !s.is_fort() && !ctx.state.defenders(s.id()).is_empty()
        })
        && !super::sea::ship_wanted(ctx);
    let no_town = !ctx
        .state
        .settlements()
        .any(|s| s.owner() == ctx.me && s.kind() != PlaceKind::Village);
    let idle = |c: Card| match c.suit() {
        Some(Suit::Hearts) if fed => true,
        Some(Suit::Clubs) if no_town => true,
        Some(Suit::Spades) if nothing_to_build => true,
        Some(s) => s != Suit::Diamonds && total(s) * 2 < ct && c.value() <= Some(4),
        None => false,
    };
    let other = lowest(&|c| c.suit() != Some(Suit::Diamonds) && idle(c))?;
    let cmd = Command::SwapDiamond(SwapDiamond { diamond, other });
    ctx.ok(&cmd).then_some(cmd)
}
