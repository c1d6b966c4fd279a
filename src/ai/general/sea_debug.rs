//! `OMMS_AI_DEBUG` or `OMMS_SEA_DEBUG`: where the sea war stands, on stderr, for whoever reads a
//! game that will not end. Nothing here is read by a choice.

use super::{aim, exposed, my_ships, sea_way, Lands};
use crate::ai::general::Ctx;
use crate::rules::{Location, UnitType};

/// `OMMS_AI_DEBUG`: one line per seat and turn on where the sea war stands (stderr only; never
/// read by a choice).
pub(super) fn look(ctx: &Ctx) {
    use std::sync::Mutex;
    static LAST: Mutex<(u32, u32)> = Mutex::new((u32::MAX, u32::MAX));
    if std::env::var_os("OMMS_AI_DEBUG").is_none() && std::env::var_os("OMMS_SEA_DEBUG").is_none() {
        return;
    }
    let key = (ctx.state.turn(), u32::from(ctx.me.0));
    {
        let mut last = LAST.lock().unwrap();
        if *last == key {
            return;
        }
        *last = key;
    }
    let lands = Lands::of(ctx);
    let mut per: std::collections::BTreeMap<u32, [usize; 4]> = Default::default();
    for s in ctx.state.settlements() {
        if let Some(g) = ctx.board.land_group(s.pos()) {
            per.entry(g).or_default()[usize::from(s.owner() != ctx.me)] += 1;
        }
    }
    for u in ctx.state.units() {
        if u.kind() == UnitType::Ship || matches!(u.at(), Location::Aboard(_)) {
            continue;
        }
        if let Some(g) = ctx
            .state
            .unit_pos(u.id())
            .and_then(|p| ctx.board.land_group(p))
        {
            per.entry(g).or_default()[2 + usize::from(u.owner() != ctx.me)] += 1;
        }
    }
    let ships: Vec<String> = my_ships(ctx)
        .into_iter()
        .map(|s| {
            let [x, y] = ctx.state.unit_pos(s).map_or([0.0; 2], |p| p.to_m());
            format!("{}@{:.1},{:.1}", ctx.state.cargo(s).len(), x / 1e3, y / 1e3)
        })
        .collect();
    let a = aim(ctx);
    if let Some(a) = &a {
        for s in my_ships(ctx) {
            let Some(p) = ctx.state.unit_pos(s) else {
                continue;
            };
            let n = ctx.state.cargo(s).len();
            let spots = if n > 0 {
                ctx.board
                    .candidate_landings(ctx.state, ctx.state.cargo(s)[0])
                    .into_iter()
                    .filter(|q| ctx.board.land_group(*q) == ctx.board.land_group(a.at))
                    .map(|q| q.distance_m(a.at))
                    .fold(f64::INFINITY, f64::min)
            } else {
                f64::NAN
            };
            eprintln!(
                "  ship {} n{} straight {:.0} way {:.0} exposed {} land-to-aim {:.0}",
                s.0,
                n,
                p.distance_m(a.at),
                sea_way(ctx, p, a.at),
                exposed(ctx, p),
                spots
            );
        }
    }
    eprintln!(
        "SEA t{} p{} aim {:?} lands(mine s/enemy s/mine u/enemy u) {:?} ships [{}] held {:?}",
        key.0,
        key.1,
        a.map(|a| {
            let [x, y] = a.at.to_m();
            (
                ctx.board.land_group(a.at),
                a.port.0,
                (x / 1e3) as i32,
                (y / 1e3) as i32,
            )
        }),
        per,
        ships.join(","),
        lands
            .home
            .keys()
            .filter(|g| lands.held(**g))
            .collect::<Vec<_>>()
    );
}
