//! How far a figure may go in a straight line: "as far as he may towards there", which the bots
//! ask of every figure many times a phase and the table screen asks of a whole team at once.
//! One search for every OMOG ruleset, over the ruleset's own move check.
//!
//! The search asks the move check up to nine times a line, and the check surveys the ground
//! each time: that was two fifths of an auto-resolved 19C battle. [`furthest_for`] spares the
//! survey where the answer is known without it, and only there, so every answer — and every
//! choice the bots make from them — is the one the plain search gives.

use super::figure::{Figure, Kit};
use super::movement::{allowance, Mount};
use super::room;
use super::roster::Roster;
use crate::tactical::sight::Footing;
use crate::tactical::table::{step, TablePoint};

/// The furthest point on `bearing` from `from` (at most `want` away, and never beyond a man's
/// `mount`'s best pace, on a road) for which `ok` holds, if any point more than 2 mm away does:
/// the whole way when `ok` holds there, else a binary search of `halvings` steps on the
/// distance (eight halvings find the edge of a 6″ move within 0.6 mm). `ok` is the ruleset's
/// move check on the straight path to the point: the answer is a move that check has passed.
pub fn furthest_along(
    from: TablePoint,
    mount: Mount,
    bearing: f64,
    want: f64,
    halvings: u32,
    mut ok: impl FnMut(TablePoint) -> bool,
) -> Option<TablePoint> {
    let open = Footing {
        road: true,
        ..Footing::default()
    };
    let max = allowance(mount, &open).min(want);
    let at = |d: f64| step(from, bearing, d);
    if ok(at(max)) {
        return Some(at(max));
    }
    let (mut lo, mut hi) = (0.0, max);
    for _ in 0..halvings {
        let mid = (lo + hi) / 2.0;
        if ok(at(mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo > 2.0).then(|| at(lo))
}

/// [`furthest_along`] for figure `f` of `roster`, over his ruleset's move check `check` on the
/// straight path to each point tried. A point within a base of another living figure is
/// passed over without asking `check`: every OMOG move check refuses a move ending there
/// ([`room::check`], through the same [`room::in_the_way`]), and among a team's own men it is
/// the commonest refusal of the search, found here without surveying the ground.
pub fn furthest_for<K: Kit>(
    roster: &Roster<K>,
    f: &Figure<K>,
    bearing: f64,
    want: f64,
    halvings: u32,
    mut check: impl FnMut(&[TablePoint]) -> bool,
) -> Option<TablePoint> {
    let from = f.pos();
    furthest_along(from, f.mount(), bearing, want, halvings, |p| {
        room::in_the_way(roster, f, p).is_none() && check(&[from, p])
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use serde_json::Value;

    use super::*;
    use crate::map::GameMap;
    use crate::tactical::battlefield::{BattleSite, Battlefield};
    use crate::tactical::force::Forces;
    use crate::tactical::log::LoggedCommand;
    use crate::tactical::omog::ruleset::{OmogBattle, OmogRuleset};
    use crate::tactical::omog::{contact, FigureId, Phase};
    use crate::tactical::ruleset::Ruleset;
    use crate::tactical::table::{compass_bearing, distance, inches};
    use crate::tactical::{omog19c, omog_musket};

    /// A committed golden battle: its table, its position as deployed and its commands.
    fn golden<R: OmogRuleset>(rules: &R, file: &str) -> (Battlefield, R::State, Vec<R::Command>) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let g: Value =
            serde_json::from_str(&std::fs::read_to_string(root.join(file)).unwrap()).unwrap();
        let map = GameMap::load(&root.join("maps").join(g["map"].as_str().unwrap())).unwrap();
        let at = map.place_by_name(g["at"].as_str().unwrap()).unwrap();
        let site = BattleSite {
            attacker_from_bearing: g["from_bearing"].as_f64().unwrap(),
            fortified: g["fortified"].as_bool().unwrap(),
        };
        let field = Battlefield::build(&map, at, rules.table(), site).unwrap();
        let forces: Forces = serde_json::from_value(g["forces"].clone()).unwrap();
        let state = rules.setup(&field, &forces, g["seed"].as_u64().unwrap());
        let log: Vec<LoggedCommand> = serde_json::from_value(g["commands"].clone()).unwrap();
        let cmds = log.iter().map(|c| c.read().unwrap()).collect();
        (field, state, cmds)
    }

    /// A ruleset's furthest-move search, as the bots call it.
    type Search<R> = fn(
        &Battlefield,
        &<R as OmogRuleset>::State,
        &Figure<<R as OmogRuleset>::Kit>,
        f64,
        f64,
        bool,
    ) -> Option<TablePoint>;
    /// A ruleset's move check.
    type Check<R> = fn(
        &Battlefield,
        &<R as OmogRuleset>::State,
        FigureId,
        &[TablePoint],
        bool,
    ) -> Result<f64, <R as OmogRuleset>::Refusal>;

    /// Through every move phase of a golden battle, each man of the side moving sent on five
    /// bearings, and charging his nearest enemy: the search that spares the survey (`spared`)
    /// answers exactly as the one that asks the move check of every point. Returns how many
    /// searches it compared.
    fn same_answers<R: OmogRuleset>(
        rules: &R,
        file: &str,
        halvings: u32,
        spared: Search<R>,
        check: Check<R>,
    ) -> usize {
        let (field, mut state, cmds) = golden(rules, file);
        let mut asked = 0;
        for cmd in &cmds {
            if let Phase::Move(side) = state.clock().phase() {
                let roster = state.roster();
                for f in roster.living(side).filter(|f| !f.moved()) {
                    let foe = roster.living(side.other()).min_by(|a, b| {
                        distance(a.pos(), f.pos()).total_cmp(&distance(b.pos(), f.pos()))
                    });
                    let towards = compass_bearing(f.pos(), field.objective);
                    let mut tries: Vec<(f64, f64, bool)> = (0..4)
                        .map(|k| (towards + 90.0 * k as f64 + 20.0, f64::INFINITY, false))
                        .chain([(towards, inches(3.0), false)])
                        .collect();
                    if let Some(e) = foe {
                        let d = distance(f.pos(), e.pos()) - contact();
                        tries.push((compass_bearing(f.pos(), e.pos()), d.max(0.0), true));
                    }
                    for (bearing, want, charge) in tries {
                        let old =
                            furthest_along(f.pos(), f.mount(), bearing, want, halvings, |p| {
                                check(&field, &state, f.id(), &[f.pos(), p], charge).is_ok()
                            });
                        let new = spared(&field, &state, f, bearing, want, charge);
                        assert_eq!(new, old, "{file}: {} on {bearing:.1}°", f.name());
                        asked += 1;
                    }
                }
            }
            rules.execute(&field, &mut state, cmd).unwrap();
        }
        asked
    }

    #[test]
    fn sparing_the_survey_changes_no_answer() {
        use omog19c::{ai as ai19, check as check19, Omog19c};
        use omog_musket::{ai as ai_musket, check as check_musket, OmogMusket};
        let golden19 = |file| {
            same_answers(
                &Omog19c,
                file,
                8,
                ai19::furthest_towards,
                check19::check_move,
            )
        };
        let asked = [
            golden19("tests/golden/omog19c/02-encamp-fort-guns.json"),
            golden19("tests/golden/omog19c/03-vaduz-horse.json"),
            same_answers(
                &OmogMusket,
                "tests/golden/omog_musket/03-ruggell-cavalry.json",
                6,
                ai_musket::furthest_towards,
                check_musket::check_move,
            ),
        ];
        assert!(
            asked.iter().all(|&n| n > 100),
            "too few searches: {asked:?}"
        );
    }
}
