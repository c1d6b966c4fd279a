//! `omms sim --round-robin`: every pair of bots plays two-seat games on one map, each seed
//! from both seats, and the result is each bot's win rate, each pair's score, and an Elo rating with
//! its standard error.
//!
//! Ratings are the maximum-likelihood Bradley–Terry fit of the results (a game stopped at the
//! turn limit counts half to each side), with one virtual drawn game added to every pair so a
//! bot that never loses still gets a finite rating; the first bot named is fixed at 0. The
//! error comes from the curvature of the likelihood at its peak (the inverse Fisher
//! information), the usual large-sample estimate.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::Serialize;

use crate::ai::{bot_by_name, play_game, Bot, Limits};
use crate::rules::{Board, Game, GameSetup};

/// One pair's games.
#[derive(Debug, Clone, Serialize)]
pub struct Pairing {
    /// The two bots.
    pub bots: [String; 2],
    /// Games played.
    pub games: u32,
    /// Wins of each.
    pub wins: [u32; 2],
    /// Games stopped at the turn limit.
    pub undecided: u32,
}

/// One bot's standing.
#[derive(Debug, Clone, Serialize)]
pub struct Standing {
    /// The bot.
    pub bot: String,
    /// Games it played.
    pub games: u32,
    /// Games it won.
    pub wins: u32,
    /// Its share of wins.
    pub win_rate: f64,
    /// Elo, the first bot named at 0.
    pub elo: f64,
    /// Standard error of the Elo figure.
    pub elo_error: f64,
}

/// The last line of a round robin.
#[derive(Debug, Clone, Serialize)]
pub struct RoundRobin {
    /// The map.
    pub map: String,
    /// Games per pair.
    pub games_per_pair: u32,
    /// Every pair, in the order named.
    pub pairs: Vec<Pairing>,
    /// Every bot, in the order named.
    pub standings: Vec<Standing>,
}

/// Play `games` two-seat games for every pair of `bots`, in parallel, and rate them. Each seed
/// (`seed`, `seed + 1`, …) is played twice, once from each seat: a deal or a base that favours
/// one seat then counts for both bots, so a mirror match comes out even instead of a few games off.
pub fn round_robin(
    bots: &[String],
    setup: &GameSetup,
    board: &(dyn Board + Sync),
    seed: u64,
    games: u32,
    turn_limit: u32,
) -> Result<RoundRobin, crate::rules::SetupError> {
    let mut jobs: Vec<(usize, usize, u32)> = Vec::new();
    for a in 0..bots.len() {
        for b in a + 1..bots.len() {
            jobs.extend((0..games).map(|k| (a, b, k)));
        }
    }
    // Each game is a pure function of its seed and seats, so the order they finish in does not
    // matter; the results are gathered back in job order.
    let results: Vec<Result<Option<usize>, crate::rules::SetupError>> = jobs
        .par_iter()
        .map(|&(a, b, k)| {
            let seats = if k % 2 == 0 { [a, b] } else { [b, a] };
            let mut game = Game::start(setup.clone(), seed + u64::from(k / 2), board)?;
            let mut players: Vec<Box<dyn Bot>> = seats
                .iter()
                .filter_map(|&i| bot_by_name(&bots[i]))
                .collect();
            let report = play_game(
                &mut game,
                board,
                &mut players,
                Limits::turns(turn_limit),
                |_| {},
            )
            .ok();
            Ok(report.and_then(|r| r.winner).map(|w| seats[w.index()]))
        })
        .collect();
    let mut pairs: BTreeMap<(usize, usize), Pairing> = BTreeMap::new();
    for (&(a, b, _), result) in jobs.iter().zip(results) {
        let p = pairs.entry((a, b)).or_insert_with(|| Pairing {
            bots: [bots[a].clone(), bots[b].clone()],
            games: 0,
            wins: [0, 0],
            undecided: 0,
        });
        p.games += 1;
        match result? {
            Some(w) if w == a => p.wins[0] += 1,
            Some(_) => p.wins[1] += 1,
            None => p.undecided += 1,
        }
    }
    let pairs: Vec<Pairing> = pairs.into_values().collect();
    let (elo, error) = elo(bots.len(), &pairs, bots);
    let standings = bots
        .iter()
        .enumerate()
        .map(|(i, bot)| {
            let (games, wins) = pairs.iter().fold((0, 0), |(g, w), p| {
                match p.bots.iter().position(|b| b == bot) {
                    Some(side) => (g + p.games, w + p.wins[side]),
                    None => (g, w),
                }
            });
            Standing {
                bot: bot.clone(),
                games,
                wins,
                win_rate: f64::from(wins) / f64::from(games.max(1)),
                elo: elo[i],
                elo_error: error[i],
            }
        })
        .collect();
    Ok(RoundRobin {
        map: setup.map.clone(),
        games_per_pair: games,
        pairs,
        standings,
    })
}

/// Elo ratings and their standard errors from the pairs' scores (see the module's note).
fn elo(n: usize, pairs: &[Pairing], bots: &[String]) -> (Vec<f64>, Vec<f64>) {
    // score[i][j]: points i took from j; games[i][j]: games between them (virtual draw included).
    let mut score = vec![vec![0.0f64; n]; n];
    let mut games = vec![vec![0.0f64; n]; n];
    let index = |name: &str| bots.iter().position(|b| b == name).unwrap_or(0);
    for p in pairs {
        let (a, b) = (index(&p.bots[0]), index(&p.bots[1]));
        let half = 0.5 * f64::from(p.undecided) + 0.5;
        score[a][b] += f64::from(p.wins[0]) + half;
        score[b][a] += f64::from(p.wins[1]) + half;
        games[a][b] += f64::from(p.games) + 1.0;
        games[b][a] += f64::from(p.games) + 1.0;
    }
    // Bradley–Terry strengths by the classic minorise-maximise iteration.
    let mut s = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next = s.clone();
        for i in 0..n {
            let won: f64 = score[i].iter().sum();
            let denom: f64 = (0..n)
                .filter(|&j| j != i && games[i][j] > 0.0)
                .map(|j| games[i][j] / (s[i] + s[j]))
                .sum();
            if denom > 0.0 {
                next[i] = won / denom;
            }
        }
        let anchor = next[0];
        for v in &mut next {
            *v /= anchor;
        }
        let change = next
            .iter()
            .zip(&s)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        s = next;
        if change < 1e-12 {
            break;
        }
    }
    let to_elo = 400.0 / std::f64::consts::LN_10;
    let rating: Vec<f64> = s.iter().map(|v| v.ln() * to_elo).collect();
    // Fisher information in the log-strengths, the first bot fixed: invert the rest.
    let k = n.saturating_sub(1);
    let mut info = vec![vec![0.0f64; k]; k];
    for i in 1..n {
        for j in 0..n {
            if i == j || games[i][j] == 0.0 {
                continue;
            }
            let p = s[i] / (s[i] + s[j]);
            let w = games[i][j] * p * (1.0 - p);
            info[i - 1][i - 1] += w;
            if j > 0 {
                info[i - 1][j - 1] -= w;
            }
        }
    }
    let cov = invert(info);
    let mut error = vec![0.0];
    error.extend((0..k).map(|i| {
        cov.as_ref()
            .map_or(f64::NAN, |c| c[i][i].max(0.0).sqrt() * to_elo)
    }));
    (rating, error)
}

/// Gauss–Jordan inverse of a small symmetric positive-definite matrix.
fn invert(mut m: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for c in 0..n {
        let pivot = (c..n).max_by(|a, b| m[*a][c].abs().total_cmp(&m[*b][c].abs()))?;
        if m[pivot][c].abs() < 1e-12 {
            return None;
        }
        m.swap(c, pivot);
        inv.swap(c, pivot);
        let d = m[c][c];
        for j in 0..n {
            m[c][j] /= d;
            inv[c][j] /= d;
        }
        for r in 0..n {
            if r != c {
                let f = m[r][c];
                for j in 0..n {
                    m[r][j] -= f * m[c][j];
                    inv[r][j] -= f * inv[c][j];
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: &str, b: &str, wins: [u32; 2], undecided: u32) -> Pairing {
        Pairing {
            bots: [a.into(), b.into()],
            games: wins[0] + wins[1] + undecided,
            wins,
            undecided,
        }
    }

    #[test]
    fn even_results_rate_level_and_a_stronger_bot_rates_higher() {
        let names: Vec<String> = ["a", "b"].map(String::from).to_vec();
        let (even, err) = elo(2, &[pair("a", "b", [10, 10], 0)], &names);
        assert!(even[1].abs() < 1e-6, "{even:?}");
        assert!(err[1] > 50.0 && err[1] < 200.0, "{err:?}");
        // 3 to 1 is about +190 Elo; the virtual draw pulls it in a little.
        let (rated, _) = elo(2, &[pair("a", "b", [10, 30], 0)], &names);
        assert!(rated[1] > 150.0 && rated[1] < 191.0, "{rated:?}");
        let (never, err) = elo(2, &[pair("a", "b", [0, 40], 0)], &names);
        assert!(never[1].is_finite() && never[1] > 400.0, "{never:?}");
        assert!(err[1].is_finite());
    }

    #[test]
    fn three_bots_in_a_chain_are_ordered() {
        let names: Vec<String> = ["r", "e", "n"].map(String::from).to_vec();
        let pairs = [
            pair("r", "e", [1, 19], 0),
            pair("r", "n", [0, 20], 0),
            pair("e", "n", [6, 14], 0),
        ];
        let (r, e) = elo(3, &pairs, &names);
        assert!(r[0] == 0.0 && r[1] > 0.0 && r[2] > r[1], "{r:?}");
        assert!(e.iter().skip(1).all(|x| x.is_finite() && *x > 0.0), "{e:?}");
        let m = invert(vec![vec![2.0, 1.0], vec![1.0, 2.0]]).unwrap();
        assert!((m[0][0] - 2.0 / 3.0).abs() < 1e-12 && (m[0][1] + 1.0 / 3.0).abs() < 1e-12);
    }
}
