//! Which enemy settlement to take, and the exact odds of taking it.
//!
//! An assault is every attacker in turn against the settlement's defenders, each attack meeting
//! the strongest defender left (RULINGS §5) and the last kill taking the settlement. Its worth
//! comes from the engine's exact odds of each single fight ([`odds`]) by dynamic programming over
//! (attackers used, defenders killed), the attacker free at every step to hold back the rest
//! when going on is worth less than stopping.

use super::{settlement_value, unit_value, Ctx};
use crate::rules::{
    odds, Dice, Location, MapPoint, PlayerId, Settlement, SettlementId, Target, UnitId,
};

/// What an empty enemy town out of the army's reach this turn loses as its objective in a
/// seafaring game: as much as a town in reach gains, so a held town a little harder or farther
/// comes first. Measured on Malta with seafaring: 311 of 336 games decided against 298. On land
/// (`tools/bench-ai-games --games 12`) it decided 138 of 144 against 141, with four-seat Andorra
/// 9/12 against 11/12, so land games keep the army's old choice.
const FAR_EMPTY: f64 = 5.0;

/// One attacker of an assault: its dice and what losing it costs.
#[derive(Debug, Clone, Copy)]
pub(super) struct Striker {
    pub dice: Dice,
    pub loss: f64,
}

/// One defender: its dice and what killing it gains.
#[derive(Debug, Clone, Copy)]
pub(super) struct Guarding {
    pub dice: Dice,
    pub kill: f64,
}

/// The worth of an assault played well, and the chance it takes the prize.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Assault {
    /// Expected gain, in unit values; zero when holding back is best.
    pub value: f64,
    /// Chance of killing every defender (and so taking the prize).
    pub p_capture: f64,
    /// Which attacker should attack first (the ones before it held back), if any should.
    pub first: Option<usize>,
}

/// The assault of `attackers` (in the order they would attack) on `defenders` (strongest
/// first) for `prize` on the last kill.
pub(super) fn assault(attackers: &[Striker], defenders: &[Guarding], prize: f64) -> Assault {
    let (k, n) = (attackers.len(), defenders.len());
    if n == 0 {
        // An empty settlement falls to the first unit that reaches it.
        let any = k > 0;
        return Assault {
            value: if any { prize } else { 0.0 },
            p_capture: if any { 1.0 } else { 0.0 },
            first: any.then_some(0),
        };
    }
    // v[i][j]: value to go with attackers i.. left and j defenders killed; p the matching chance
    // of capture; attack[i][j] whether attacker i attacks there.
    let mut v = vec![vec![0.0f64; n + 1]; k + 1];
    let mut p = vec![vec![0.0f64; n + 1]; k + 1];
    let mut attack = vec![vec![false; n + 1]; k + 1];
    for i in (0..=k).rev() {
        p[i][n] = 1.0;
    }
    for i in (0..k).rev() {
        for j in (0..n).rev() {
            let o = odds(attackers[i].dice, defenders[j].dice);
            let last = j + 1 == n;
            let win = defenders[j].kill + if last { prize } else { 0.0 } + v[i + 1][j + 1];
            let lose = -attackers[i].loss + v[i + 1][j];
            let stand = v[i + 1][j];
            let go = o.p_attacker() * win + o.p_defender() * lose + o.p_standoff() * stand;
            let skip = v[i + 1][j];
            if go > skip {
                v[i][j] = go;
                attack[i][j] = true;
                p[i][j] = o.p_attacker() * p[i + 1][j + 1]
                    + (o.p_defender() + o.p_standoff()) * p[i + 1][j];
            } else {
                v[i][j] = skip;
                p[i][j] = p[i + 1][j];
            }
        }
    }
    Assault {
        value: v[0][0],
        p_capture: p[0][0],
        first: (0..k).find(|&i| attack[i][0]),
    }
}

/// What taking settlement `s` is worth to me, beyond the defenders killed on the way: the
/// settlement, and the end of its owner when it is all they have.
pub(super) fn prize(ctx: &Ctx, s: &Settlement) -> f64 {
    let owner = s.owner();
    let settlements = ctx.state.settlements_of(owner).len();
    let units = ctx.state.units_of(owner).len();
    let mut v = settlement_value(ctx.state, s);
    if settlements == 1 {
        // Its last settlement: whatever is left can never be replaced.
        v += 4.0 + 8.0 / (1.0 + units as f64);
    }
    v
}

/// The defenders of settlement `s` (strongest first), each worth its unit value to kill.
pub(super) fn guards(ctx: &Ctx, s: SettlementId) -> Vec<Guarding> {
    let mut out: Vec<(Dice, f64)> = ctx
        .state
        .defenders(s)
        .into_iter()
        .filter_map(|u| {
            let unit = ctx.state.unit(u)?;
            Some((
                crate::rules::defence_dice(ctx.state, ctx.board, u),
                unit_value(unit.kind()),
            ))
        })
        .collect();
    out.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.total_cmp(&a.1)));
    out.into_iter()
        .map(|(dice, kill)| Guarding { dice, kill })
        .collect()
}

/// What losing one of my units costs, relative to the war: by Lanchester's square law a
/// force's worth goes with the square of its size, so the stronger side can trade units.
/// Armies are compared by their units alone: settlements do not fight. Units standing in the
/// field beyond a small army's worth are doing nothing: each is cheaper to lose, so a big army
/// spends itself on the fortifications that hold the game up instead of waiting. And the
/// longer the war has lasted, the cheaper a unit ([`patience`]).
pub(super) fn loss_weight(ctx: &Ctx, enemy: PlayerId) -> f64 {
    let ratio = (ctx.army(enemy) / ctx.army(ctx.me).max(1.0)).min(1.5);
    let field = ctx.field_units().len() as f64;
    let idle = IDLE_FIELD / field.max(IDLE_FIELD);
    (ratio * ratio * idle * patience(ctx)).clamp(0.15, 1.5)
}

/// How dear a unit still is, by how many rounds the game has lasted: whole for the first
/// [`PATIENCE_GRACE`] rounds, then a [`PATIENCE_ROUNDS`]th less each round, never below
/// [`PATIENCE_FLOOR`]. Between equal empires every
/// cautious attack is refused on the same odds turn after turn, and the settlements each side
/// leaves bare change hands back and forth for ever (the undecided four-seat games of issue 14:
/// two seats of some fifteen settlements each still trading them at turn 400). A side that
/// values its units less as the war drags on storms what it used to starve, and the attrition
/// that follows ends the game. It counts rounds, not time, so a game stays a function of its
/// seed.
pub(super) fn patience(ctx: &Ctx) -> f64 {
    let seats = ctx.state.players().len().max(1) as u32;
    let rounds = f64::from(ctx.state.turn().saturating_sub(1) / seats);
    (1.0 - (rounds - PATIENCE_GRACE).max(0.0) / PATIENCE_ROUNDS).max(PATIENCE_FLOOR)
}

/// Whole rounds in which a unit keeps its full worth: the opening is for expanding, and a
/// fight the odds condemn then is still condemned.
const PATIENCE_GRACE: f64 = 2.0;

/// Rounds after which a unit would be worth nothing in the odds of a fight, but for the floor.
const PATIENCE_ROUNDS: f64 = 30.0;
/// The least share of its worth a unit keeps, however long the war.
const PATIENCE_FLOOR: f64 = 0.25;

/// Field units an army needs before the rest count as idle.
const IDLE_FIELD: f64 = 6.0;

/// My strikers, strongest first, with `extra` resource dice spread over the strongest ones.
pub(super) fn strikers(ctx: &Ctx, units: &[UnitId], enemy: PlayerId, extra: u8) -> Vec<Striker> {
    let weight = loss_weight(ctx, enemy);
    let mut out: Vec<Striker> = units
        .iter()
        .filter_map(|u| {
            let unit = ctx.state.unit(*u)?;
            let mut loss = unit_value(unit.kind()) * weight;
            if let Location::Settlement(home) = unit.at() {
                // The last defender of a settlement leaves it bare if it dies.
                if let Some(home) = ctx.state.settlement(home) {
                    if ctx.state.defenders(home.id()).len() == 1 && ctx.threat(home.pos()) > 0 {
                        loss += 0.5 * settlement_value(ctx.state, home);
                    }
                }
            }
            Some(Striker {
                dice: unit.attack_dice(),
                loss,
            })
        })
        .collect();
    out.sort_by(|a, b| b.dice.cmp(&a.dice).then(a.loss.total_cmp(&b.loss)));
    let mut left = extra;
    for s in &mut out {
        while left > 0 && s.dice < Dice::MAX {
            s.dice = Dice(s.dice.0 + 1);
            left -= 1;
        }
    }
    out
}

/// How many resource dice the hand could buy this turn (sets of diamonds reaching the
/// Creation Total, counted greedily).
pub(super) fn dice_in_hand(ctx: &Ctx) -> u8 {
    let ct = ctx.state.creation_total(ctx.me).max(1);
    let mut values: Vec<u32> = ctx
        .state
        .player(ctx.me)
        .hand()
        .iter()
        .filter_map(|c| {
            let card = crate::rules::Card::from_id(*c);
            (card.suit() == Some(crate::rules::Suit::Diamonds))
                .then(|| card.value())
                .flatten()
        })
        .collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    let mut sets = 0u8;
    let mut sum = 0;
    for v in values {
        sum += v;
        if sum >= ct {
            sets += 1;
            sum = 0;
        }
    }
    sets
}

/// What the army works towards: an enemy settlement, the last units of a player who has no
/// settlement left, or a stack caught in the field.
#[derive(Debug, Clone)]
pub(super) struct Objective {
    /// What is attacked to take it.
    pub target: Target,
    pub at: MapPoint,
    pub enemy: PlayerId,
    pub defenders: Vec<Guarding>,
    /// Gained on the last kill.
    pub prize: f64,
}

/// My units that could attack `at` this turn: already within a card breadth, or within a move
/// of that (and not moved yet).
pub(super) fn in_striking_range(ctx: &Ctx, at: MapPoint, free: &[UnitId]) -> Vec<UnitId> {
    free.iter()
        .copied()
        .filter(|u| {
            let (Some(unit), Some(pos)) = (ctx.state.unit(*u), ctx.state.unit_pos(*u)) else {
                return false;
            };
            let d = pos.distance_m(at);
            !unit.attacked()
                && (d <= ctx.breadth
                    || (!unit.moved() && d <= ctx.reach(unit.kind()) + ctx.breadth * 0.9))
        })
        .collect()
}

/// The defenders of a loose stack, strongest first.
pub(super) fn stack_guards(ctx: &Ctx, unit: UnitId) -> Vec<Guarding> {
    let mut out: Vec<Guarding> = ctx
        .state
        .stack_of(unit)
        .into_iter()
        .filter_map(|d| {
            let kind = ctx.state.unit(d)?.kind();
            Some(Guarding {
                dice: crate::rules::defence_dice(ctx.state, ctx.board, d),
                kill: unit_value(kind) + FIELD_KILL,
            })
        })
        .collect();
    out.sort_by(|a, b| b.dice.cmp(&a.dice).then(b.kill.total_cmp(&a.kill)));
    out
}

/// The fewest of the nearest free units that count as the army a target is measured from.
const ARMY_CORE: usize = 5;

/// What killing a unit caught outside its settlements adds to its own worth: it was in the
/// way, or on its way.
pub(super) const FIELD_KILL: f64 = 0.75;

/// Seats still in the game from which the army also hunts enemy stacks out in the field, not
/// only settlements. With three or more, towns change hands for ever while the units that
/// take them live on (issue 14: four-seat Malta, seeds 1–72, decided 50 games; hunting the
/// field stacks too, 61). In a duel the enemy's field army comes to my towns and is met
/// there: hunting it with two seats left lost `normal` its edge over `easy` (50 Andorra
/// games, easy 19–30 normal became 28–21).
const FIELD_HUNT_SEATS: usize = 3;

/// The objective: the enemy settlement whose capture is worth most for its cost, nearness and
/// the weakness of its owner (or the last units of a player without settlements, or, with
/// three seats or more, a stack out in the field that the units in reach can kill now).
/// Objectives at a point of `blocked` are passed over.
pub(super) fn objective(ctx: &Ctx, free: &[UnitId], blocked: &[MapPoint]) -> Option<Objective> {
    // How far a target is from the army that would take it: the few free units nearest to it
    // (or, with no army yet, my nearest settlement).
    let army: Vec<MapPoint> = free.iter().filter_map(|u| ctx.state.unit_pos(*u)).collect();
    let homes: Vec<MapPoint> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() == ctx.me)
        .map(|s| s.pos())
        .collect();
    if army.is_empty() && homes.is_empty() {
        return None;
    }
    // `None` when no major road joins the target to any of the army: Guards and Invaders move
    // only on roads, so an army could stand before such a target for ever (North Bayreuth's
    // roads come in pieces; two hundred units waited six kilometres from an empty settlement
    // on another piece for the rest of the game).
    let distance = |at: MapPoint| -> Option<f64> {
        // Stacks share a point: each point's way is asked once.
        let mut seen: Vec<(MapPoint, Option<f64>)> = Vec::new();
        let ways: Vec<Option<f64>> = if army.is_empty() { &homes } else { &army }
            .iter()
            .map(|p| match seen.iter().find(|(q, _)| q == p) {
                Some((_, w)) => *w,
                None => {
                    let w = ctx
                        .board
                        .road_distance(*p, at)
                        .map(|r| r.max(p.distance_m(at)));
                    seen.push((*p, w));
                    w
                }
            })
            .collect();
        // A board without roads (the test table) tells no road distance at all.
        let roads = ctx.board.road_distance(at, at).is_some();
        if roads && ways.iter().all(Option::is_none) {
            return None;
        }
        let points = if army.is_empty() { &homes } else { &army };
        let off_roads = if roads { 3.0 } else { 1.0 };
        let mut d: Vec<f64> = ways
            .iter()
            .zip(points)
            // A unit off the target's roads counts as far off as the straight line, thrice.
            .map(|(w, p)| w.unwrap_or(off_roads * p.distance_m(at)))
            .collect();
        d.sort_by(f64::total_cmp);
        // The nearer half of the army, not its nearest few: a handful of stragglers near another
        // target must not turn the whole army round (North Bayreuth's armies, switching
        // between three targets every other turn, never reached any of them).
        let k = d.len().min(ARMY_CORE.max(d.len().div_ceil(2)));
        Some(d[..k].iter().sum::<f64>() / k as f64 / ctx.card_len)
    };
    let mut candidates: Vec<Objective> = ctx
        .state
        .settlements()
        .filter(|s| s.owner() != ctx.me)
        .map(|s| Objective {
            target: Target::Settlement(s.id()),
            at: s.pos(),
            enemy: s.owner(),
            defenders: guards(ctx, s.id()),
            prize: prize(ctx, s),
        })
        .collect();
    let hunt_field = ctx.state.active_players().len() >= FIELD_HUNT_SEATS;
    for u in ctx.state.units().filter(|u| u.owner() != ctx.me) {
        let homeless = ctx.state.settlements_of(u.owner()).is_empty();
        let in_field = hunt_field && matches!(u.at(), Location::Road(_) | Location::OffRoad(_));
        if !(homeless || in_field) || ctx.state.stack_of(u.id()).first() != Some(&u.id()) {
            continue;
        }
        if let Some(at) = ctx.state.unit_pos(u.id()) {
            candidates.push(Objective {
                target: Target::Unit(u.id()),
                at,
                enemy: u.owner(),
                defenders: stack_guards(ctx, u.id()),
                // A stack caught in the field is worth its kills alone (`FIELD_KILL` is in
                // them); the last units of a player are worth the end of that player.
                prize: if homeless { 6.0 } else { 0.0 },
            });
        }
    }
    let extra = dice_in_hand(ctx);
    let mut ranked: Vec<(f64, Objective)> = Vec::new();
    for c in candidates.into_iter().filter(|c| !blocked.contains(&c.at)) {
        let near = in_striking_range(ctx, c.at, free);
        let now = assault(&strikers(ctx, &near, c.enemy, extra), &c.defenders, c.prize);
        // A stack in the field moves on: it is struck where it stands or not at all, and its
        // road distance is not worth asking for (on seafaring Malta that cost half again).
        let caught = match c.target {
            Target::Unit(_) => !ctx.state.settlements_of(c.enemy).is_empty(),
            Target::Settlement(_) => false,
        };
        if caught && now.p_capture < STORM_P {
            continue;
        }
        let distance = match distance(c.at) {
            Some(d) => d,
            // Off the army's roads, but some unit (a Scout over the fields) can strike it now.
            None if near.iter().any(|u| crosses_to(ctx, *u, c.at)) => 0.0,
            // Near as the crow flies is not near: North Bayreuth's armies took a settlement
            // 1.2 km off, on another road piece, for their objective and stood still for good.
            None => continue,
        };
        let hardness: f64 = c.defenders.iter().map(|d| f64::from(d.dice.0)).sum();
        let weakest = ctx.strength(c.enemy) / 10.0;
        // With seafaring, an empty town out of reach is no goal for the army: a unit takes it
        // on its own once it comes within striking range (`moves::raids`). Malta's seafaring
        // armies chased a new empty town every turn, each retaken behind them by raiders
        // landed from the sea, and the war seesawed to the turn limit. On land, where no
        // raider comes by sea, the same rule cost decided games (`FAR_EMPTY`'s doc).
        let far_empty = ctx.state.options().seafaring
            && c.defenders.is_empty()
            && now.p_capture < 0.5
            && matches!(c.target, Target::Settlement(_));
        let detour = if far_empty { FAR_EMPTY } else { 0.0 };
        let score = c.prize - 0.8 * hardness - 1.2 * distance - weakest - detour
            + if now.p_capture >= 0.5 {
                5.0 + now.value
            } else {
                0.0
            };
        ranked.push((score, c));
    }
    // Best first; ties keep the settlements' order, as the first best always did.
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    ranked.into_iter().next().map(|(_, o)| o)
}

/// Whether unit `u` could ever get to `at`: it may leave the roads, or a road piece joins them.
fn crosses_to(ctx: &Ctx, u: UnitId, at: MapPoint) -> bool {
    let off_road = ctx
        .state
        .unit(u)
        .is_some_and(|u| u.kind().off_road_move().is_some());
    off_road
        || ctx
            .state
            .unit_pos(u)
            .is_some_and(|p| super::pieces::same_piece(ctx, p, at))
}

/// The least chance of taking a settlement for the army to move in and storm it.
const STORM_P: f64 = 0.5;

/// Whether `units` can storm `o` now on the odds: likely to take it, and worth it.
pub(super) fn storms(ctx: &Ctx, o: &Objective, units: &[UnitId]) -> bool {
    let a = assault(
        &strikers(ctx, units, o.enemy, dice_in_hand(ctx)),
        &o.defenders,
        o.prize,
    );
    a.p_capture >= STORM_P && a.value > 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(d: u8, loss: f64) -> Striker {
        Striker {
            dice: Dice(d),
            loss,
        }
    }
    fn g(d: u8) -> Guarding {
        Guarding {
            dice: Dice(d),
            kill: 1.5,
        }
    }

    #[test]
    fn one_fight_is_its_own_odds() {
        let a = assault(&[s(2, 0.0)], &[g(2)], 0.0);
        let o = odds(Dice(2), Dice(2));
        assert!((a.p_capture - o.p_attacker()).abs() < 1e-12);
        assert!((a.value - o.p_attacker() * 1.5).abs() < 1e-12);
        assert_eq!(a.first, Some(0));
    }

    #[test]
    fn more_attackers_take_it_more_often_and_a_bad_fight_is_held_back() {
        let one = assault(&[s(2, 1.0)], &[g(4)], 6.0);
        let four = assault(&[s(2, 1.0); 4], &[g(4)], 6.0);
        assert!(four.p_capture > one.p_capture + 0.3);
        let hopeless = assault(&[s(1, 3.0)], &[g(4), g(4)], 1.0);
        assert_eq!(hopeless.value, 0.0);
        assert_eq!(hopeless.first, None);
        let empty = assault(&[s(1, 3.0)], &[], 5.0);
        assert_eq!((empty.value, empty.p_capture), (5.0, 1.0));
    }
}

/// The army's objective in small positions on the test valley.
#[cfg(test)]
mod objective_tests {
    use super::*;
    use crate::ai::Level;
    use crate::map::PlaceId;
    use crate::rules::testkit::{setup, valley};
    use crate::rules::{Phase, Scenario, SeatView, UnitType};

    const RED: PlayerId = PlayerId(0);
    const BLUE: PlayerId = PlayerId(1);

    /// Red's home, Andorra la Vella, and Blue's walled base, Ordino, each held by two Guards.
    fn homes(sc: &mut Scenario) -> SettlementId {
        let home = sc.settlement(RED, PlaceId(0), true, true);
        for _ in 0..2 {
            sc.unit(RED, UnitType::Guard, Location::Settlement(home));
        }
        let ordino = sc.settlement(BLUE, PlaceId(4), true, true);
        for _ in 0..2 {
            sc.unit(BLUE, UnitType::Guard, Location::Settlement(ordino));
        }
        ordino
    }

    /// Red's army, eight Invaders `x_mm` up the valley road, in Red's main phase: its objective.
    fn red_objective(mut sc: Scenario, x_mm: i64) -> Option<Target> {
        let board = valley();
        for _ in 0..8 {
            sc.unit(
                RED,
                UnitType::Invader,
                Location::Road(MapPoint { x_mm, y_mm: 0 }),
            );
        }
        sc.turn(RED, Phase::Main, 41);
        let state = sc.build(&board).unwrap();
        let view = SeatView::of(&state, RED);
        let ctx = Ctx::new(&view, &board, Level::Normal);
        let (free, _) = super::super::moves::army(&ctx, &ctx.free_sites());
        objective(&ctx, &free, &[]).map(|o| o.target)
    }

    /// Blue's base, Ordino, is walled and held by two Guards; Blue's other town, Pas de la
    /// Casa, stands empty at the far end of the valley. Red's eight Invaders stand between
    /// them, out of reach of both this turn. With seafaring the army's objective is Ordino: an
    /// empty town no unit can reach this turn is the nearest raider's once one gets near, not
    /// the army's (issue 13: on Malta, armies chased a different empty town every turn, each
    /// retaken behind them by raiders from the sea, and the war seesawed to the turn limit).
    /// Within reach, the empty town is taken at once.
    #[test]
    fn the_army_marches_on_a_held_base_and_leaves_a_far_empty_town_to_raiders() {
        let objective_from = |x_mm: i64, seafaring: bool| {
            let mut game = setup(&["Red", "Blue"]);
            game.options.seafaring = seafaring;
            let mut sc = Scenario::new(game, 1);
            let ordino = homes(&mut sc);
            let pas = sc.settlement(BLUE, PlaceId(5), false, false);
            (red_objective(sc, x_mm), ordino, pas)
        };
        let (target, ordino, pas) = objective_from(4_000_000, true);
        assert_eq!(target, Some(Target::Settlement(ordino)));
        let (target, ..) = objective_from(8_500_000, true);
        assert_eq!(target, Some(Target::Settlement(pas)), "in reach");
        // On land the army keeps its old choice: the empty town, softer for the longer walk.
        let (target, ..) = objective_from(4_000_000, false);
        assert_eq!(target, Some(Target::Settlement(pas)), "on land");
    }

    /// Red's eight Invaders stand four kilometres up the valley; a lone Blue Scout is on the
    /// road four hundred metres from them, and Blue's walled base Ordino is held by two Guards.
    /// With a third seat still in the game the army goes for the Scout: it is the kind of unit
    /// that retakes the towns an army leaves behind, and killing units is what ends a game of
    /// three. In a duel it marches on Ordino, as before.
    #[test]
    fn with_three_seats_the_army_hunts_a_stack_in_the_field() {
        const GREEN: PlayerId = PlayerId(2);
        let objective_with = |seats: &[&str]| {
            let mut sc = Scenario::new(setup(seats), 1);
            let ordino = homes(&mut sc);
            let near = MapPoint {
                x_mm: 4_400_000,
                y_mm: 0,
            };
            let scout = sc.unit(BLUE, UnitType::Scout, Location::Road(near));
            if seats.len() == 3 {
                // Green, at the far end of the valley, is strong and walled: no target.
                let soldeu = sc.settlement(GREEN, PlaceId(6), true, true);
                let pas = sc.settlement(GREEN, PlaceId(5), true, false);
                for s in [soldeu, pas] {
                    for _ in 0..4 {
                        sc.unit(GREEN, UnitType::Guard, Location::Settlement(s));
                    }
                }
            }
            (red_objective(sc, 4_000_000), ordino, scout)
        };
        let (target, _, scout) = objective_with(&["Red", "Blue", "Green"]);
        assert_eq!(target, Some(Target::Unit(scout)), "three seats");
        let (target, ordino, _) = objective_with(&["Red", "Blue"]);
        assert_eq!(target, Some(Target::Settlement(ordino)), "a duel");
    }
}
