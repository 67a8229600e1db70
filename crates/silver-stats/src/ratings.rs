//! Ratings of a run's bots on an Elo scale, fitted to the within-game pairwise results.
//!
//! **Model.** Bradley–Terry on every comparison of two different bots in one game (the bot
//! finishing ahead wins it; the finishing order's tie-breaks make every comparison decisive):
//! `P(a ahead of b) = 1 / (1 + 10^(-(R_a - R_b) / 400))`. With two players this is the Elo
//! model of chess engines; with three or four it is the pairwise marginal of the
//! Plackett–Luce model of the whole finishing order (under Plackett–Luce, `P(a before b)` is
//! exactly the Bradley–Terry probability whoever else sits at the table), so the fit is
//! consistent for Plackett–Luce strengths too. It uses only the pairwise counts, which add
//! exactly across shards.
//!
//! **Anchor.** The first bot of the run (as listed) that won some comparisons and lost some
//! is rated 0 (a bot that won or lost them all has no finite rating to anchor to); every
//! rating is the Elo difference from it.
//!
//! **Prior.** One virtual comparison per pair that met, half won by each (as BayesElo's prior
//! of virtual draws), so a bot that won every comparison still gets a finite rating; with the
//! thousands of comparisons of a real run it moves ratings by far less than their intervals.
//!
//! **Intervals.** The comparisons of one game, and the games of one block (a deal with its
//! seat rotations), are correlated, so the covariance of the fitted ratings is the
//! cluster-robust sandwich `H⁻¹ M H⁻¹ · G/(G-1)` with blocks as clusters (`H` the information
//! of the pairwise likelihood, `M` the sum over blocks of the outer products of each block's
//! score, `G` the number of blocks). `M` needs only integer sums over blocks of the pair counts
//! and their products, which the run keeps ([`crate::pairs`]), so the intervals are exact after
//! merges and resumes and need no resampling.

use crate::interval::Z;
use crate::pairs::PairTable;
use std::f64::consts::LN_10;

/// Elo points per unit of the natural log-odds.
const ELO: f64 = 400.0 / LN_10;

/// One bot's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo difference from the anchor; None when the bot never met a bot connected to the
    /// anchor.
    pub elo: Option<f64>,
    /// Lower end of the 95% interval (the anchor's is 0).
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Comparisons the bot took part in.
    pub comparisons: i64,
    /// Comparisons it won (finished ahead).
    pub wins: i64,
    /// It finished behind (or ahead) in every comparison: no estimate, only the bound.
    pub separated: bool,
    /// The rating is 0 by definition (the first bot that both won and lost comparisons).
    pub anchor: bool,
}

/// Solves `a x = b` (dense, small) by Gaussian elimination with partial pivoting; None if
/// singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[p][c].abs() < 1e-300 {
            return None;
        }
        a.swap(c, p);
        b.swap(c, p);
        for r in c + 1..n {
            let f = a[r][c] / a[c][c];
            if f != 0.0 {
                for k in c..n {
                    a[r][k] -= f * a[c][k];
                }
                b[r] -= f * b[c];
            }
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|k| a[r][k] * x[k]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    Some(x)
}

/// The inverse of a small dense matrix.
fn inverse(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut cols = Vec::with_capacity(n);
    for c in 0..n {
        let mut e = vec![0.0; n];
        e[c] = 1.0;
        cols.push(solve(a.to_vec(), e)?);
    }
    Some(
        (0..n)
            .map(|r| (0..n).map(|c| cols[c][r]).collect())
            .collect(),
    )
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Fits the ratings of `bots` bots from a run's pair sums.
pub fn fit(table: &PairTable, bots: usize) -> Vec<Rating> {
    let mut out: Vec<Rating> = (0..bots)
        .map(|i| Rating {
            elo: None,
            low: f64::NAN,
            high: f64::NAN,
            comparisons: table
                .pairs
                .iter()
                .filter(|p| p.a as usize == i || p.b as usize == i)
                .map(|p| p.n)
                .sum(),
            wins: table
                .pairs
                .iter()
                .map(|p| match () {
                    _ if p.a as usize == i => p.w,
                    _ if p.b as usize == i => p.n - p.w,
                    _ => 0,
                })
                .sum(),
            separated: false,
            anchor: false,
        })
        .collect();
    if bots == 0 {
        return out;
    }
    // The anchor: the first bot that won some comparisons and lost some (a bot that won or
    // lost them all has no finite rating to anchor the others to), else the first that played.
    let anchor = (0..bots)
        .find(|&i| out[i].wins > 0 && out[i].wins < out[i].comparisons)
        .or_else(|| (0..bots).find(|&i| out[i].comparisons > 0))
        .unwrap_or(0);
    out[anchor].anchor = true;
    // The bots connected to the anchor through pairs that met.
    let mut reached = vec![false; bots];
    reached[anchor] = true;
    loop {
        let mut grew = false;
        for p in &table.pairs {
            let (a, b) = (p.a as usize, p.b as usize);
            if p.n > 0 && a < bots && b < bots && reached[a] != reached[b] {
                reached[a] = true;
                reached[b] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    out[anchor].elo = Some(0.0);
    out[anchor].low = 0.0;
    out[anchor].high = 0.0;
    // Free parameters: the reached bots but the anchor.
    let free: Vec<usize> = (0..bots).filter(|&i| i != anchor && reached[i]).collect();
    if free.is_empty() {
        return out;
    }
    let index = |bot: usize| free.iter().position(|&f| f == bot);
    let pairs: Vec<_> = table
        .pairs
        .iter()
        .filter(|p| (p.a as usize) < bots && (p.b as usize) < bots && reached[p.a as usize])
        .collect();
    let m = free.len();
    let mut theta = vec![0.0f64; bots];
    // Newton's method on the concave log-likelihood (with the prior), halving steps that do
    // not improve it.
    let loglik = |theta: &[f64]| -> f64 {
        pairs
            .iter()
            .map(|p| {
                let d = theta[p.a as usize] - theta[p.b as usize];
                let (w, l) = (p.w as f64 + 0.5, (p.n - p.w) as f64 + 0.5);
                // log σ(d) = -log(1 + e^-d), computed stably.
                -w * softplus(-d) - l * softplus(d)
            })
            .sum()
    };
    let info = |theta: &[f64]| -> (Vec<f64>, Vec<Vec<f64>>) {
        let mut g = vec![0.0; m];
        let mut h = vec![vec![0.0; m]; m];
        for p in &pairs {
            let (a, b) = (p.a as usize, p.b as usize);
            let pi = sigmoid(theta[a] - theta[b]);
            let n = p.n as f64 + 1.0;
            let resid = p.w as f64 + 0.5 - n * pi;
            let v = n * pi * (1.0 - pi);
            let (ia, ib) = (index(a), index(b));
            if let Some(i) = ia {
                g[i] += resid;
                h[i][i] += v;
            }
            if let Some(j) = ib {
                g[j] -= resid;
                h[j][j] += v;
            }
            if let (Some(i), Some(j)) = (ia, ib) {
                h[i][j] -= v;
                h[j][i] -= v;
            }
        }
        (g, h)
    };
    let mut ll = loglik(&theta);
    for _ in 0..200 {
        let (g, h) = info(&theta);
        let Some(step) = solve(h, g) else { break };
        let mut t = 1.0;
        let mut improved = false;
        for _ in 0..60 {
            let mut next = theta.clone();
            for (k, &f) in free.iter().enumerate() {
                next[f] += t * step[k];
            }
            let l2 = loglik(&next);
            if l2 >= ll {
                theta = next;
                improved = l2 > ll;
                ll = l2;
                break;
            }
            t /= 2.0;
        }
        let size = step.iter().fold(0.0f64, |a, s| a.max(s.abs())) * t;
        if !improved || size < 1e-12 {
            break;
        }
    }
    // The sandwich: bread from the information at the fit (without the prior's weight),
    // meat from the per-block score sums.
    let mut h = vec![vec![0.0; m]; m];
    let mut meat = vec![vec![0.0; m]; m];
    let pi_of = |p: (u32, u32)| sigmoid(theta[p.0 as usize] - theta[p.1 as usize]);
    // c_p: +1 for a, −1 for b (only free bots have a coordinate).
    let coords = |p: (u32, u32)| -> [(Option<usize>, f64); 2] {
        [(index(p.0 as usize), 1.0), (index(p.1 as usize), -1.0)]
    };
    for p in &pairs {
        let key = (p.a, p.b);
        let pi = pi_of(key);
        let v = p.n as f64 * pi * (1.0 - pi);
        for (i, si) in coords(key) {
            for (j, sj) in coords(key) {
                if let (Some(i), Some(j)) = (i, j) {
                    h[i][j] += si * sj * v;
                }
            }
        }
    }
    for p in &pairs {
        for q in &pairs {
            let (kp, kq) = ((p.a, p.b), (q.a, q.b));
            let (pp, pq) = (pi_of(kp), pi_of(kq));
            // Σ_blocks (w_p − n_p π_p)(w_q − n_q π_q).
            let s = if kp == kq {
                p.ww as f64 - 2.0 * pp * p.nw as f64 + pp * pp * p.nn as f64
            } else {
                match table.cross(kp, kq) {
                    None => continue,
                    Some(c) => {
                        c.ww as f64 - pq * c.wn as f64 - pp * c.nw as f64 + pp * pq * c.nn as f64
                    }
                }
            };
            for (i, si) in coords(kp) {
                for (j, sj) in coords(kq) {
                    if let (Some(i), Some(j)) = (i, j) {
                        meat[i][j] += si * sj * s;
                    }
                }
            }
        }
    }
    let g = table.blocks as f64;
    let cov = inverse(&h).map(|hi| {
        let mut c = vec![vec![0.0; m]; m];
        for i in 0..m {
            for j in 0..m {
                let mut s = 0.0;
                for k in 0..m {
                    for l in 0..m {
                        s += hi[i][k] * meat[k][l] * hi[l][j];
                    }
                }
                c[i][j] = if g > 1.0 { s * g / (g - 1.0) } else { f64::NAN };
            }
        }
        c
    });
    // Bots that won all or none of their comparisons have no finite bound on that side (their
    // rating is only the prior's); nor does anyone's rating relative to such an anchor.
    let record = |bot: usize| -> (i64, i64) {
        pairs.iter().fold((0, 0), |(w, n), p| {
            if p.a as usize == bot {
                (w + p.w, n + p.n)
            } else if p.b as usize == bot {
                (w + p.n - p.w, n + p.n)
            } else {
                (w, n)
            }
        })
    };
    let (aw, an) = record(anchor);
    for (k, &f) in free.iter().enumerate() {
        let elo = theta[f] * ELO;
        let half = cov
            .as_ref()
            .map_or(f64::NAN, |c| Z * c[k][k].max(0.0).sqrt() * ELO);
        let (w, n) = record(f);
        out[f].elo = Some(elo);
        out[f].low = if w == 0 || aw == an {
            f64::NEG_INFINITY
        } else {
            elo - half
        };
        out[f].high = if w == n || aw == 0 {
            f64::INFINITY
        } else {
            elo + half
        };
        // A bot that finished behind (ahead) in every comparison has no estimate, only a
        // bound: the rating at which its expected share against its opponents (at their
        // fitted ratings) is the one-sided 97.5% Clopper–Pearson bound of a share of 0 (1),
        // counting each block it played as a single trial (fewer trials than comparisons:
        // conservative).
        if n > 0 && (w == 0 || w == n) {
            out[f].separated = true;
            let blocks = pairs
                .iter()
                .filter(|p| p.a as usize == f || p.b as usize == f)
                .map(|p| p.blocks)
                .max()
                .unwrap_or(1)
                .max(1) as f64;
            let p_ub = 1.0 - 0.025f64.powf(1.0 / blocks);
            let target = if w == 0 { p_ub } else { 1.0 - p_ub };
            let share = |r: f64| -> f64 {
                let (mut s, mut m) = (0.0, 0.0);
                for p in &pairs {
                    let other = if p.a as usize == f {
                        p.b
                    } else if p.b as usize == f {
                        p.a
                    } else {
                        continue;
                    };
                    s += p.n as f64 * sigmoid(r - theta[other as usize]);
                    m += p.n as f64;
                }
                s / m
            };
            let (mut lo, mut hi) = (-1e3, 1e3);
            for _ in 0..200 {
                let mid = (lo + hi) / 2.0;
                if share(mid) < target {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let bound = (lo + hi) / 2.0 * ELO;
            if w == 0 {
                out[f].high = bound;
            } else {
                out[f].low = bound;
            }
        }
    }
    out
}

/// log(1 + e^x), without overflow.
fn softplus(x: f64) -> f64 {
    if x > 0.0 {
        x + (-x).exp().ln_1p()
    } else {
        x.exp().ln_1p()
    }
}

/// A bound for CSV: `inf` / `-inf` when unbounded, empty when unknown.
fn cell(x: f64, decimals: usize) -> String {
    if x.is_finite() {
        format!("{x:.decimals$}")
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.to_string()
    } else {
        String::new()
    }
}

/// `ratings.csv`: one row per bot, in plan order (`elo` empty for a bot with only a bound;
/// `inf`/`-inf` for an unbounded side).
pub fn ratings_csv(ratings: &[Rating], bots: &[String], set: &str) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "set",
        "bot",
        "elo",
        "elo_low95",
        "elo_high95",
        "comparisons",
        "anchor",
    ])
    .expect("in-memory write");
    for (i, r) in ratings.iter().enumerate() {
        w.write_record([
            set.to_string(),
            bots.get(i).cloned().unwrap_or_default(),
            r.elo
                .filter(|_| !r.separated)
                .map_or(String::new(), |e| cell(e, 2)),
            r.elo.map_or(String::new(), |_| cell(r.low, 2)),
            r.elo.map_or(String::new(), |_| cell(r.high, 2)),
            r.comparisons.to_string(),
            (r.anchor as u8).to_string(),
        ])
        .expect("in-memory write");
    }
    w.into_inner().expect("in-memory write")
}

fn bound(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else if x > 0.0 {
        "inf".into()
    } else {
        "-inf".into()
    }
}

/// The ratings table printed after a run (empty when fewer than two bots met).
pub fn ratings_table(table: &PairTable, bots: &[String]) -> String {
    if table.pairs.is_empty() {
        return String::new();
    }
    let ratings = fit(table, bots.len());
    let anchor = ratings.iter().position(|r| r.anchor).unwrap_or(0);
    let width = bots.iter().map(|n| n.len()).max().unwrap_or(3).max(3);
    let mut out = format!(
        "ratings (Bradley-Terry on finishing orders, Elo scale, {} = 0; 95% over {} blocks)\n",
        bots[anchor], table.blocks
    );
    out.push_str(&format!(
        "{:<width$}  {:>9}  {:>19}  {:>11}\n",
        "bot", "elo", "95% CI", "comparisons"
    ));
    let mut order: Vec<usize> = (0..bots.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (ratings[a].elo, ratings[b].elo);
        y.unwrap_or(f64::NEG_INFINITY)
            .total_cmp(&x.unwrap_or(f64::NEG_INFINITY))
            .then(a.cmp(&b))
    });
    for i in order {
        let r = &ratings[i];
        let (elo, ci) = match r.elo {
            None => ("-".to_string(), "not connected".to_string()),
            Some(_) if r.anchor => ("0.0".to_string(), "anchor".to_string()),
            Some(_) if r.separated && r.low == f64::NEG_INFINITY => (
                format!("< {:.1}", r.high),
                format!("-inf .. {}", bound(r.high)),
            ),
            Some(_) if r.separated => (
                format!("> {:.1}", r.low),
                format!("{} .. inf", bound(r.low)),
            ),
            Some(e) if !r.low.is_nan() && !r.high.is_nan() => (
                format!("{e:.1}"),
                format!("{} .. {}", bound(r.low), bound(r.high)),
            ),
            Some(e) => (format!("{e:.1}"), String::new()),
        };
        out.push_str(&format!(
            "{:<width$}  {:>9}  {:>19}  {:>11}\n",
            bots[i], elo, ci, r.comparisons
        ));
    }
    for (i, r) in ratings.iter().enumerate() {
        let side = if r.comparisons == 0 {
            continue;
        } else if r.wins == 0 {
            "behind"
        } else if r.wins == r.comparisons {
            "ahead"
        } else {
            continue;
        };
        let consequence = if r.anchor {
            "the others' ratings are bounded on one side only"
        } else {
            "it has a bound (97.5%, one-sided), not an estimate"
        };
        out.push_str(&format!(
            "  ({} finished {side} in every comparison: {consequence})\n",
            bots[i]
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairs::GameResult;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    const MAX_PLAYERS: usize = 4;

    /// A standard Gumbel variate.
    fn gumbel(rng: &mut ChaCha8Rng) -> f64 {
        let u: f64 = rng.random_range(f64::EPSILON..1.0);
        -(-u.ln()).ln()
    }

    /// Simulates `deals` blocks of `players`-player games between bots of known Elo, seated
    /// by `lineups` (one per deal in turn), every rotation of a deal sharing the deal's seat
    /// noise (so the games of a block are correlated, as with real deals). Finishing orders are
    /// Plackett–Luce (strength plus Gumbel noise, sorted), whose pairwise marginals are exactly
    /// Bradley–Terry.
    fn simulate(
        rng: &mut ChaCha8Rng,
        elo: &[f64],
        lineups: &[Vec<usize>],
        deals: u64,
    ) -> PairTable {
        let mut t = PairTable::default();
        for d in 0..deals {
            let lineup = &lineups[(d % lineups.len() as u64) as usize];
            let n = lineup.len();
            let noise: Vec<f64> = (0..n).map(|_| gumbel(rng)).collect();
            for r in 0..n {
                let mut bots = [0usize; MAX_PLAYERS];
                let mut utility = [0f64; MAX_PLAYERS];
                for s in 0..n {
                    bots[s] = lineup[(s + r) % n];
                    utility[s] = elo[bots[s]] / ELO + noise[s];
                }
                let mut order: Vec<usize> = (0..n).collect();
                order.sort_by(|&a, &b| utility[b].total_cmp(&utility[a]));
                let mut g = GameResult {
                    players: n,
                    bots,
                    totals: [0; MAX_PLAYERS],
                    place: [0; MAX_PLAYERS],
                };
                for (i, &s) in order.iter().enumerate() {
                    g.place[s] = i as u8;
                    g.totals[s] = i as i32;
                }
                t.record(d, &g);
            }
        }
        t.close();
        t
    }

    /// Coverage of the 95% intervals over replications, per bot.
    fn coverage(elo: &[f64], lineups: &[Vec<usize>], deals: u64, reps: u32, seed: u64) -> Vec<f64> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut hits = vec![0u32; elo.len()];
        for _ in 0..reps {
            let t = simulate(&mut rng, elo, lineups, deals);
            let r = fit(&t, elo.len());
            assert!(r[0].anchor);
            for (i, ri) in r.iter().enumerate().skip(1) {
                let truth = elo[i] - elo[0];
                if ri.low <= truth && truth <= ri.high {
                    hits[i] += 1;
                }
            }
        }
        hits.iter()
            .skip(1)
            .map(|&h| h as f64 / reps as f64)
            .collect()
    }

    #[test]
    fn intervals_cover_known_strengths_four_players() {
        // Four bots at one table, every rotation of each deal: 1,000 replications of 150
        // blocks.
        let c = coverage(
            &[0.0, 60.0, -40.0, 150.0],
            &[vec![0, 1, 2, 3]],
            150,
            1000,
            7,
        );
        eprintln!("coverage {c:?}");
        for x in &c {
            assert!((0.93..=0.97).contains(x), "coverage {c:?}");
        }
    }

    #[test]
    fn intervals_cover_known_strengths_round_robin_heads_up() {
        // Three bots heads-up, a round robin of tables, 2 rotations per deal.
        let c = coverage(
            &[0.0, 100.0, 30.0],
            &[vec![0, 1], vec![0, 2], vec![1, 2]],
            600,
            1000,
            11,
        );
        eprintln!("coverage {c:?}");
        for x in &c {
            assert!((0.93..=0.97).contains(x), "coverage {c:?}");
        }
    }

    #[test]
    fn intervals_cover_known_strengths_three_players_fillers() {
        // A candidate and a baseline with a filler, three players (A, B, C rotated).
        let c = coverage(&[0.0, -80.0, 20.0], &[vec![0, 1, 2]], 200, 1000, 13);
        eprintln!("coverage {c:?}");
        for x in &c {
            assert!((0.93..=0.97).contains(x), "coverage {c:?}");
        }
    }

    #[test]
    fn the_fit_recovers_strengths_and_handles_a_perfect_score() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let t = simulate(&mut rng, &[0.0, 200.0], &[vec![0, 1]], 20_000);
        let r = fit(&t, 2);
        let e = r[1].elo.unwrap();
        assert!((e - 200.0).abs() < 10.0, "{e}");
        assert!(r[1].low < e && e < r[1].high);
        // Bot 1 wins every comparison: a finite, large rating.
        let mut t = PairTable::default();
        for d in 0..50 {
            let mut g = GameResult {
                players: 2,
                bots: [0, 1, 0, 0],
                totals: [9, 1, 0, 0],
                place: [1, 0, 0, 0],
            };
            t.record(d, &g);
            g.bots = [1, 0, 0, 0];
            g.place = [0, 1, 0, 0];
            t.record(d, &g);
        }
        t.close();
        let r = fit(&t, 3);
        assert!(r[1].elo.unwrap() > 500.0 && r[1].elo.unwrap().is_finite());
        // A bot that won everything has a lower bound only: 50 blocks, a share lost of
        // 1 − 0.025^(1/50) at the bound, about 447 Elo above the anchor.
        assert!(r[1].separated);
        assert_eq!(r[1].high, f64::INFINITY);
        let p = 1.0 - 0.025f64.powf(1.0 / 50.0);
        let want = 400.0 * ((1.0 - p) / p).log10();
        assert!((r[1].low - want).abs() < 1e-6, "{:?} vs {want}", r[1]);
        assert_eq!(r[2].elo, None, "bot 2 never played");
    }
}
