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
//! **Reference.** Ratings are differences, so one point of the scale is chosen as 0. By
//! default it is the mean of the bots with an estimate (Ordo's convention): each rating is
//! relative to the average bot, and its interval is that bot's own uncertainty (the
//! covariance of the fit transformed to `r_i − mean(r)`). [`Reference::Bot`] rates one bot 0
//! instead, every interval then being the distance from it. A bot that won or lost every
//! comparison has only a bound: it never is the reference nor enters the mean. (The fit
//! itself is anchored at the first bot that won some comparisons and lost some; the
//! reference is applied to its strengths and covariance afterwards.)
//!
//! **Differences.** For every two bots with an estimate, `R_a − R_b` with the interval of its
//! variance `V_aa + V_bb − 2 V_ab` (not the two marginal intervals, which ignore their
//! correlation), and the likelihood of superiority `Φ((R_a − R_b) / se)` (BayesElo's `los`).
//! Neither depends on the reference.
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
//!
//! **Variance reduction** ([`fit_reduced`]). In a run that measures chance luck, where every
//! block holds one pair of bots (heads-up, a round robin or gauntlet of two-bot tables, two
//! bots at any table), each pair's wins are first adjusted by its control: `w̃ = Σw − β Σx`
//! (clamped to `0..=Σn`), `x` a block's luck in places (b's minus a's over its comparisons,
//! mean zero by construction) and `β` the pair's least-squares slope of `w − r n` on `x`
//! through the origin, exactly as the head-to-head's [`crate::pairs::control_variate`]. The
//! same Bradley–Terry likelihood (with its prior) is maximised on the adjusted wins. The
//! pairs' blocks are distinct, so their scores are independent and the sandwich's meat is
//! diagonal: pair `p`'s entry is the variance of its adjusted total score,
//! `Σ_blocks (w − β x − n π)² / (B − 2) · (B + (Σx)²/Σx²)` at the fitted `π` — the per-block
//! residual variance with a degree of freedom for `β`, times the `B` blocks plus `β`'s own
//! error carried by the sample's `Σx` — with `B` the pair's blocks. A pair with fewer than
//! three blocks, no spread in `x`, or fewer than [`MIN_OUTCOMES`] comparisons won or lost
//! keeps its plain wins and score (with `B/(B−1)`): near a share of 0 or 1 the log-odds rest
//! on a handful of wins, and a linear control moves them more than it narrows them. Ratings,
//! references, differences and LOS follow as for the plain fit, and are shown beside it, never
//! instead of it. Where a block holds several pairs (three or more bots at one table), the
//! adjusted scores of the pairs are correlated through luck cross terms the run does not keep,
//! so there are no reduced ratings.

use crate::interval::Z;
use crate::pairs::{PairTable, LUCK_PLACES};
use crate::sprt::phi;
use std::f64::consts::LN_10;

/// Elo points per unit of the natural log-odds.
const ELO: f64 = 400.0 / LN_10;

/// One bot's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo difference from the reference; None when the bot never met a bot connected to the
    /// others.
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
    /// The rating is 0 by definition: the bot chosen as the reference ([`Reference::Bot`]), or,
    /// when no bot has an estimate, the first that played.
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

/// The fit measured from its internal anchor, with what the references need.
struct Internal {
    /// Ratings from the internal anchor (the first bot that won some comparisons and lost
    /// some), in Elo.
    out: Vec<Rating>,
    /// The internal anchor.
    anchor: usize,
    /// Fitted strengths in natural log-odds units (0 for the anchor).
    theta: Vec<f64>,
    /// Their covariance, bots × bots, in natural units (the anchor's row and column 0; NaN
    /// for a bot not connected to the anchor, or with fewer than two blocks).
    cov: Vec<Vec<f64>>,
    /// The bots with an estimate: connected to the anchor, and both won and lost comparisons.
    rated: Vec<bool>,
}

/// One pair's data for the fit: its comparisons, the wins it counts (the integer wins, or the
/// variance-reduced ones) and the integer wins that decide who has an estimate.
#[derive(Clone, Copy, Debug)]
struct Obs {
    a: u32,
    b: u32,
    /// Blocks in which they met.
    blocks: u64,
    /// Comparisons.
    n: i64,
    /// Comparisons `a` won.
    wins: i64,
    /// The wins the fit uses: `wins`, or `wins − β Σx` clamped to `0..=n`.
    w: f64,
}

/// The sums over blocks of the products of two pairs' scores (`w − n π` at the fit), by pair
/// index in the fit's list and the two fitted probabilities: the sandwich's meat. None when
/// the two pairs never met in one block.
type Meat<'a> = dyn Fn(usize, usize, f64, f64) -> Option<f64> + 'a;

/// Fits the ratings from the internal anchor from a run's pair sums: see the module's docs.
fn internal(table: &PairTable, bots: usize) -> Internal {
    let obs: Vec<Obs> = table
        .pairs
        .iter()
        .map(|p| Obs {
            a: p.a,
            b: p.b,
            blocks: p.blocks,
            n: p.n,
            wins: p.w,
            w: p.w as f64,
        })
        .collect();
    let meat = |k: usize, l: usize, pp: f64, pq: f64| -> Option<f64> {
        let (p, q) = (&table.pairs[k], &table.pairs[l]);
        let (kp, kq) = ((p.a, p.b), (q.a, q.b));
        // Σ_blocks (w_p − n_p π_p)(w_q − n_q π_q).
        if kp == kq {
            Some(p.ww as f64 - 2.0 * pp * p.nw as f64 + pp * pp * p.nn as f64)
        } else {
            table
                .cross(kp, kq)
                .map(|c| c.ww as f64 - pq * c.wn as f64 - pp * c.nw as f64 + pp * pq * c.nn as f64)
        }
    };
    internal_with(&obs, bots, &meat, Some(table.blocks))
}

/// Fits the ratings from the internal anchor from pairs `obs`, the sandwich's meat from
/// `meat`, scaled by `G/(G−1)` when `clusters` is `Some(G)` (NaN with fewer than two), as it
/// is when `None`.
fn internal_with(obs: &[Obs], bots: usize, meat_of: &Meat, clusters: Option<u64>) -> Internal {
    let mut out: Vec<Rating> = (0..bots)
        .map(|i| Rating {
            elo: None,
            low: f64::NAN,
            high: f64::NAN,
            comparisons: obs
                .iter()
                .filter(|p| p.a as usize == i || p.b as usize == i)
                .map(|p| p.n)
                .sum(),
            wins: obs
                .iter()
                .map(|p| match () {
                    _ if p.a as usize == i => p.wins,
                    _ if p.b as usize == i => p.n - p.wins,
                    _ => 0,
                })
                .sum(),
            separated: false,
            anchor: false,
        })
        .collect();
    let empty = |out: Vec<Rating>, anchor: usize| Internal {
        out,
        anchor,
        theta: vec![0.0; bots],
        cov: vec![vec![f64::NAN; bots]; bots],
        rated: vec![false; bots],
    };
    if bots == 0 {
        return empty(out, 0);
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
        for p in obs {
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
        return empty(out, anchor);
    }
    let index = |bot: usize| free.iter().position(|&f| f == bot);
    // The pairs the fit uses, with their index in `obs` (the meat's).
    let pairs: Vec<(usize, &Obs)> = obs
        .iter()
        .enumerate()
        .filter(|(_, p)| (p.a as usize) < bots && (p.b as usize) < bots && reached[p.a as usize])
        .collect();
    let m = free.len();
    let mut theta = vec![0.0f64; bots];
    // Newton's method on the concave log-likelihood (with the prior), halving steps that do
    // not improve it.
    let loglik = |theta: &[f64]| -> f64 {
        pairs
            .iter()
            .map(|(_, p)| {
                let d = theta[p.a as usize] - theta[p.b as usize];
                let (w, l) = (p.w + 0.5, p.n as f64 - p.w + 0.5);
                // log σ(d) = -log(1 + e^-d), computed stably.
                -w * softplus(-d) - l * softplus(d)
            })
            .sum()
    };
    let info = |theta: &[f64]| -> (Vec<f64>, Vec<Vec<f64>>) {
        let mut g = vec![0.0; m];
        let mut h = vec![vec![0.0; m]; m];
        for (_, p) in &pairs {
            let (a, b) = (p.a as usize, p.b as usize);
            let pi = sigmoid(theta[a] - theta[b]);
            let n = p.n as f64 + 1.0;
            let resid = p.w + 0.5 - n * pi;
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
    for (_, p) in &pairs {
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
    for &(k, p) in &pairs {
        for &(l, q) in &pairs {
            let (kp, kq) = ((p.a, p.b), (q.a, q.b));
            let (pp, pq) = (pi_of(kp), pi_of(kq));
            let Some(s) = meat_of(k, l, pp, pq) else {
                continue;
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
                c[i][j] = match clusters.map(|g| g as f64) {
                    None => s,
                    Some(g) if g > 1.0 => s * g / (g - 1.0),
                    Some(_) => f64::NAN,
                };
            }
        }
        c
    });
    // Bots that won all or none of their comparisons have no finite bound on that side (their
    // rating is only the prior's); nor does anyone's rating relative to such an anchor.
    let record = |bot: usize| -> (i64, i64) {
        pairs.iter().fold((0, 0), |(w, n), (_, p)| {
            if p.a as usize == bot {
                (w + p.wins, n + p.n)
            } else if p.b as usize == bot {
                (w + p.n - p.wins, n + p.n)
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
                .filter(|(_, p)| p.a as usize == f || p.b as usize == f)
                .map(|(_, p)| p.blocks)
                .max()
                .unwrap_or(1)
                .max(1) as f64;
            let p_ub = 1.0 - 0.025f64.powf(1.0 / blocks);
            let target = if w == 0 { p_ub } else { 1.0 - p_ub };
            let share = |r: f64| -> f64 {
                let (mut s, mut m) = (0.0, 0.0);
                for (_, p) in &pairs {
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
    let mut full = vec![vec![f64::NAN; bots]; bots];
    for i in (0..bots).filter(|&i| reached[i]) {
        for j in (0..bots).filter(|&j| reached[j]) {
            full[i][j] = match (index(i), index(j)) {
                (Some(k), Some(l)) => cov.as_ref().map_or(f64::NAN, |c| c[k][l]),
                // The anchor's rating is 0 by definition: no variance.
                _ => 0.0,
            };
        }
    }
    let rated = (0..bots)
        .map(|i| {
            let (w, n) = record(i);
            reached[i] && w > 0 && w < n
        })
        .collect();
    Internal {
        out,
        anchor,
        theta,
        cov: full,
        rated,
    }
}

/// Which rating is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// The mean of the bots with an estimate (Ordo's convention): every rating is relative to
    /// the average bot, and its interval is that bot's own uncertainty.
    Mean,
    /// One bot, by its index in the run's order (`--anchor`).
    Bot(usize),
}

/// The rating difference of two bots with an estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    /// The first bot (run order).
    pub a: usize,
    /// The second (after `a` in run order).
    pub b: usize,
    /// `R_a − R_b`, in Elo.
    pub elo: f64,
    /// Lower end of its 95% interval (from the covariance of the two ratings).
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Likelihood of superiority `Φ(elo / se)`: how sure the data are that `a` is the
    /// stronger (BayesElo's `los`, from the normal approximation of the fit). NaN with fewer
    /// than two blocks.
    pub los: f64,
}

/// A run's ratings measured from one reference, with every difference between two bots that
/// have an estimate (the differences do not depend on the reference).
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    /// One per bot, in run order.
    pub ratings: Vec<Rating>,
    /// The reference the ratings are measured from. [`Reference::Mean`] unless a bot with an
    /// estimate was asked for; when no bot has an estimate (each won or lost every
    /// comparison), the first bot that played, as the fit's anchor.
    pub reference: Reference,
    /// Every two bots with an estimate, `a` before `b` in run order.
    pub differences: Vec<Difference>,
}

/// The variance of the contrast `Σ a_k θ_k` under the covariance `v` (only the bots with
/// `a_k ≠ 0` enter, so the others' unknown entries do not matter).
fn contrast_var(v: &[Vec<f64>], a: &[f64]) -> f64 {
    let mut s = 0.0;
    for (k, &ak) in a.iter().enumerate().filter(|(_, &x)| x != 0.0) {
        for (l, &al) in a.iter().enumerate().filter(|(_, &x)| x != 0.0) {
            s += ak * al * v[k][l];
        }
    }
    s
}

/// Fits the ratings of `bots` bots from a run's pair sums, measured from the mean of the bots
/// with an estimate.
pub fn fit(table: &PairTable, bots: usize) -> Vec<Rating> {
    fit_from(table, bots, Reference::Mean).ratings
}

/// Fits the ratings of `bots` bots from a run's pair sums, measured from `reference` (the
/// mean when it names a bot without an estimate).
pub fn fit_from(table: &PairTable, bots: usize, reference: Reference) -> Ratings {
    measured_from(internal(table, bots), bots, reference)
}

/// The fewest comparisons won, and lost, for which a pair's wins are adjusted by its control
/// in [`fit_reduced`] (the usual rule for a share's normal approximation): nearer 0 or 1 the
/// rating rests on a handful of wins, a linear control moves it on the log-odds scale by more
/// than it narrows it, and the pair keeps its plain wins.
pub const MIN_OUTCOMES: i64 = 10;

/// Whether a run's sums allow [variance-reduced ratings](fit_reduced): some pair met, every
/// pair carries the luck's sums, and no block held two pairs (no cross sums: heads-up, a
/// round robin or gauntlet of two-bot tables, two bots at any table).
pub fn reducible(table: &PairTable) -> bool {
    !table.pairs.is_empty()
        && table.cross.is_empty()
        && table.pairs.iter().all(|p| p.luck.is_some())
}

/// The variance-reduced ratings of a run whose sums allow them ([`reducible`]; None
/// otherwise), measured from `reference` as [`fit_from`]: see the module's docs.
pub fn fit_reduced(table: &PairTable, bots: usize, reference: Reference) -> Option<Ratings> {
    if !reducible(table) {
        return None;
    }
    // Per pair, the control's sums in places (Σx, Σx², Σnx, Σwx) and β, when the pair has
    // the three blocks and the spread of x that the control needs.
    let controls: Vec<Option<[f64; 5]>> = table
        .pairs
        .iter()
        .map(|p| {
            let l = p.luck?;
            let s = LUCK_PLACES;
            let (x, xx) = (l.q as f64 / s, l.qq as f64 / (s * s));
            let (nx, wx) = (l.nq as f64 / s, l.wq as f64 / s);
            if p.blocks < 3 || p.w.min(p.n - p.w) < MIN_OUTCOMES || xx <= 0.0 {
                return None;
            }
            let r = p.w as f64 / p.n as f64;
            Some([x, xx, nx, wx, (wx - r * nx) / xx])
        })
        .collect();
    let obs: Vec<Obs> = table
        .pairs
        .iter()
        .zip(&controls)
        .map(|(p, c)| Obs {
            a: p.a,
            b: p.b,
            blocks: p.blocks,
            n: p.n,
            wins: p.w,
            w: c.map_or(p.w as f64, |[x, .., beta]| {
                (p.w as f64 - beta * x).clamp(0.0, p.n as f64)
            }),
        })
        .collect();
    let meat = |k: usize, l: usize, pi: f64, _: f64| -> Option<f64> {
        if k != l {
            // Every block holds one pair: the pairs' scores are independent.
            return None;
        }
        let p = &table.pairs[k];
        let b = p.blocks as f64;
        let (nn, ww, nw) = (p.nn as f64, p.ww as f64, p.nw as f64);
        Some(match controls[k] {
            // Σ_blocks (w − β x − n π)², expanded; with one degree of freedom for β and its
            // own error carried by the sample's Σx (as `control_variate`).
            Some([x, xx, nx, wx, beta]) => {
                let ss = (ww + beta * beta * xx + pi * pi * nn - 2.0 * beta * wx - 2.0 * pi * nw
                    + 2.0 * beta * pi * nx)
                    .max(0.0);
                ss / (b - 2.0) * (b + x * x / xx)
            }
            // Without a usable control: the plain score's, the pair's blocks its clusters.
            None if b > 1.0 => (ww - 2.0 * pi * nw + pi * pi * nn) * b / (b - 1.0),
            None => f64::NAN,
        })
    };
    Some(measured_from(
        internal_with(&obs, bots, &meat, None),
        bots,
        reference,
    ))
}

/// The variance ratio of an estimate from its plain and its reduced 95% interval (`(low,
/// high)`, symmetric): the plain variance over the reduced one, the factor of games the plain
/// estimate needs for the same width; NaN when either is unknown or unbounded.
pub fn variance_ratio(plain: (f64, f64), reduced: (f64, f64)) -> f64 {
    let (p, r) = (plain.1 - plain.0, reduced.1 - reduced.0);
    if p.is_finite() && r.is_finite() && r > 0.0 {
        (p / r).powi(2)
    } else {
        f64::NAN
    }
}

/// A fit measured from `reference`.
fn measured_from(f: Internal, bots: usize, reference: Reference) -> Ratings {
    let rated: Vec<usize> = (0..bots).filter(|&i| f.rated[i]).collect();
    let mut ratings = f.out;
    let reference = match reference {
        // Nothing to average: the fit's own anchor, as fitted.
        _ if rated.is_empty() => Reference::Bot(f.anchor),
        Reference::Bot(b) if b < bots && f.rated[b] => Reference::Bot(b),
        _ => Reference::Mean,
    };
    if !rated.is_empty() {
        // The reference as weights on the strengths: 1/k on each rated bot, or 1 on one.
        let mut w = vec![0.0; bots];
        match reference {
            Reference::Bot(b) => w[b] = 1.0,
            Reference::Mean => {
                for &i in &rated {
                    w[i] = 1.0 / rated.len() as f64;
                }
            }
        }
        let shift = (0..bots).map(|i| w[i] * f.theta[i]).sum::<f64>() * ELO;
        for (i, r) in ratings.iter_mut().enumerate() {
            r.anchor = reference == Reference::Bot(i);
            let Some(e) = r.elo else { continue };
            if r.anchor {
                (r.elo, r.low, r.high) = (Some(0.0), 0.0, 0.0);
            } else if f.rated[i] {
                // r_i − Σ w_k r_k: its variance from the whole covariance.
                let mut a: Vec<f64> = w.iter().map(|x| -x).collect();
                a[i] += 1.0;
                let half = Z * contrast_var(&f.cov, &a).max(0.0).sqrt() * ELO;
                let e = f.theta[i] * ELO - shift;
                (r.elo, r.low, r.high) = (Some(e), e - half, e + half);
            } else {
                // A bound only: moved with the reference, its open side stays open.
                (r.elo, r.low, r.high) = (Some(e - shift), r.low - shift, r.high - shift);
            }
        }
    }
    let mut differences = Vec::new();
    for (x, &a) in rated.iter().enumerate() {
        for &b in &rated[x + 1..] {
            let mut c = vec![0.0; bots];
            (c[a], c[b]) = (1.0, -1.0);
            let se = contrast_var(&f.cov, &c).max(0.0).sqrt() * ELO;
            let elo = (f.theta[a] - f.theta[b]) * ELO;
            differences.push(Difference {
                a,
                b,
                elo,
                low: elo - Z * se,
                high: elo + Z * se,
                los: if se > 0.0 { phi(elo / se) } else { f64::NAN },
            });
        }
    }
    Ratings {
        ratings,
        reference,
        differences,
    }
}

/// log(1 + e^x), without overflow.
fn softplus(x: f64) -> f64 {
    if x > 0.0 {
        x + (-x).exp().ln_1p()
    } else {
        x.exp().ln_1p()
    }
}

mod output;
pub use output::{ratings_csv, ratings_pairs_csv, ratings_table, reduced_ratings_table};

#[cfg(test)]
mod tests;
