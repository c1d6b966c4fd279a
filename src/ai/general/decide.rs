//! The general's one-off decisions: where to put its base, which unit meets an attack or starves
//! in a siege, which settlement becomes the new base, and whether to take a trade.

use super::economy::hand_value;
use super::{unit_value, Ctx};
use crate::map::PlaceKind;
use crate::rules::{
    defence_dice, match_faces, odds, AnswerBattle, ChooseBase, ChooseDefender, ChooseSiegeCasualty,
    Command, Dice, EndTurn, Location, Pending, PlaceBase, RespondTrade, UnitId,
};

/// Answer the decision the game waits for.
pub(super) fn answer(ctx: &Ctx, pending: &Pending) -> Command {
    match pending {
        Pending::Trade {
            from, give, take, ..
        } => {
            let hand = ctx.state.player(ctx.me).hand();
            let ct = ctx.state.creation_total(ctx.me);
            // What is asked for is named by face; the copies that would go are ours to find.
            let Ok(going) = match_faces(hand, take) else {
                return Command::RespondTrade(RespondTrade { accept: false });
            };
            let mut after: Vec<_> = hand
                .iter()
                .filter(|c| !going.contains(c))
                .copied()
                .collect();
            after.extend(give.iter().copied());
            // Never help the player who is ahead; otherwise take anything that improves the hand.
            let leader = ctx.state.points(*from) > ctx.state.points(ctx.me);
            let accept = !leader && hand_value(&after, ct) > hand_value(hand, ct) + 0.25;
            Command::RespondTrade(RespondTrade { accept })
        }
        // The table favours whoever holds buildings and walls, so a defender who would likely
        // lose to the dice, or who sits behind a fortification, takes the battle.
        Pending::BattleOffer {
            attacker, defender, ..
        } => {
            let att = ctx
                .state
                .unit(*attacker)
                .map_or(Dice(1), |u| u.attack_dice());
            let def = defence_dice(ctx.state, ctx.board, *defender);
            let fort = match ctx.state.unit(*defender).map(|u| u.at()) {
                Some(Location::Settlement(s)) => {
                    ctx.state.settlement(s).is_some_and(|s| s.is_fort())
                }
                _ => false,
            };
            let accept = fort || odds(att, def).p_defender() < 0.5;
            Command::AnswerBattle(AnswerBattle { accept })
        }
        // Bots never offer table battles themselves; one left owed (say a player's, in a game
        // the bot took over) is fought by the tactical AI, the one report the engine lists.
        Pending::Battle { .. } => crate::rules::legal_commands(ctx.state, ctx.board)
            .into_iter()
            .next()
            .unwrap_or(Command::EndTurn(EndTurn)),
        Pending::Defender { candidates, .. } => Command::ChooseDefender(ChooseDefender {
            unit: cheapest(ctx, candidates),
        }),
        Pending::SiegeCasualty { candidates, .. } => {
            let mine = candidates
                .iter()
                .any(|u| ctx.state.unit(*u).is_some_and(|u| u.owner() == ctx.me));
            let unit = if mine {
                cheapest(ctx, candidates)
            } else {
                dearest(ctx, candidates)
            };
            Command::ChooseSiegeCasualty(ChooseSiegeCasualty { unit })
        }
        Pending::NewBase { candidates, .. } => {
            let score = |s: &crate::rules::SettlementId| {
                ctx.state.settlement(*s).map_or(f64::MIN, |st| {
                    let defenders = ctx.state.defenders(*s).len() as f64;
                    defenders * 2.0 + if st.is_fort() { 3.0 } else { 0.0 }
                        - f64::from(ctx.threat(st.pos()))
                })
            };
            let best = candidates
                .iter()
                .copied()
                .max_by(|a, b| score(a).total_cmp(&score(b)).then(b.cmp(a)));
            match best {
                Some(settlement) => Command::ChooseBase(ChooseBase { settlement }),
                None => Command::EndTurn(EndTurn),
            }
        }
    }
}

fn cheapest(ctx: &Ctx, units: &[UnitId]) -> UnitId {
    pick(ctx, units, |a, b| a < b)
}

fn dearest(ctx: &Ctx, units: &[UnitId]) -> UnitId {
    pick(ctx, units, |a, b| a > b)
}

/// The first unit whose value beats all others by `better`.
fn pick(ctx: &Ctx, units: &[UnitId], better: impl Fn(f64, f64) -> bool) -> UnitId {
    let value = |u: UnitId| ctx.state.unit(u).map_or(0.0, |u| unit_value(u.kind()));
    let mut best = units[0];
    for &u in &units[1..] {
        if better(value(u), value(best)) {
            best = u;
        }
    }
    best
}

/// The base: a town or city (only they raise units from clubs) with room to grow around it —
/// playable places within a couple of card lengths — and as far from the other bases as the map
/// allows.
pub(super) fn base(ctx: &Ctx) -> Command {
    let places: Vec<_> = ctx
        .board
        .place_ids()
        .into_iter()
        .filter_map(|id| ctx.board.place(id).map(|f| (id, f)))
        .collect();
    let bases: Vec<_> = ctx
        .state
        .players()
        .iter()
        .filter_map(|p| p.base())
        .filter_map(|b| ctx.state.settlement(b).map(|s| s.pos()))
        .collect();
    let mainland = mainland(ctx, &places);
    let mut best: Option<(f64, Command)> = None;
    for (id, facts) in &places {
        let cmd = Command::PlaceBase(PlaceBase { place: *id });
        if !facts.playable || !ctx.ok(&cmd) {
            continue;
        }
        // Without Ships, a base on another island than the rest can never be reached, nor reach
        // them: the game could not end (Malta's four seats, one on Gozo, stalled so).
        if mainland.is_some() && ctx.board.land_group(facts.pos) != mainland {
            continue;
        }
        let mut score = match facts.kind {
            PlaceKind::City => 4.0,
            PlaceKind::Town => 3.0,
            PlaceKind::Suburb | PlaceKind::Village => 0.0,
        };
        let room = places
            .iter()
            .filter(|(other, f)| {
                let d = f.pos.distance_m(facts.pos);
                other != id && f.playable && d >= ctx.spacing && d <= 2.5 * ctx.card_len
            })
            .count();
        score += room.min(8) as f64;
        for b in &bases {
            let d = b.distance_m(facts.pos) / ctx.card_len;
            score += d.min(5.0);
            if d < 3.0 {
                score -= (3.0 - d) * 2.0;
            }
        }
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, cmd));
        }
    }
    match best {
        Some((_, c)) => c,
        // Nowhere legal on the mainland: any legal place beats none.
        None if mainland.is_some() => places
            .iter()
            .map(|(id, _)| Command::PlaceBase(PlaceBase { place: *id }))
            .find(|c| ctx.ok(c))
            .unwrap_or(Command::EndTurn(EndTurn)),
        None => Command::EndTurn(EndTurn),
    }
}

/// Without seafaring, the land (as the major roads join it) where the bases already stand, or
/// else the one holding most playable places; `None` with seafaring or when the board cannot
/// tell.
fn mainland(ctx: &Ctx, places: &[(crate::map::PlaceId, crate::rules::PlaceFacts)]) -> Option<u32> {
    if ctx.state.options().seafaring {
        return None;
    }
    let taken = ctx
        .state
        .players()
        .iter()
        .filter_map(|p| p.base())
        .filter_map(|b| ctx.state.settlement(b))
        .find_map(|s| ctx.board.land_group(s.pos()));
    if taken.is_some() {
        return taken;
    }
    let mut count: std::collections::BTreeMap<u32, usize> = std::collections::BTreeMap::new();
    for (_, f) in places.iter().filter(|(_, f)| f.playable) {
        if let Some(g) = ctx.board.land_group(f.pos) {
            *count.entry(g).or_default() += 1;
        }
    }
    count
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(g, _)| g)
}
