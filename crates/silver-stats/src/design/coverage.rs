//! The design card's intervals proved by simulation: seeded replications of runs with the
//! block structure of real arms (a deal played in every rotation, comparisons within a game
//! sharing its luck, deals of several kinds) and a truth known exactly, whose 95% intervals
//! must cover that truth in 93–97% of the replications. With 2,000 replications a true 95%
//! lies 4.1 standard errors inside each end of that band (a check fails about once in
//! 24,000); with 1,000, where a check is costly, 2.9 (once in 270).

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A standard Gumbel variate: utilities plus Gumbel noise, sorted, give Plackett–Luce
/// finishing orders, in which seat `i` finishes ahead of seat `j` with probability
/// `logistic(u_i − u_j)` whatever the other seats do.
fn gumbel(rng: &mut ChaCha8Rng) -> f64 {
    let u: f64 = rng.random_range(f64::EPSILON..1.0);
    -(-u.ln()).ln()
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// A geometric count (failures before the first success) with mean `mean`: skewed, with a
/// long right tail, as counts of rounds, turns and calls are.
fn geometric(rng: &mut ChaCha8Rng, mean: f64) -> u32 {
    if mean <= 0.0 {
        return 0;
    }
    let q = mean / (1.0 + mean);
    let u: f64 = rng.random_range(f64::EPSILON..1.0);
    (u.ln() / q.ln()).floor() as u32
}

/// Share of replications whose interval holds `truth`.
fn covered(hits: u32, reps: u32) -> f64 {
    hits as f64 / reps as f64
}

fn assert_band(what: &str, c: f64) {
    assert!((0.93..=0.97).contains(&c), "{what}: coverage {c}");
}

/// Two bots, A (plan bot 0) and B, at a table of `players`, seated as a pairing arm seats
/// them: even P one table `A,B,A,B…` in its 2 rotations; odd P the tables `A,B,A` and
/// `B,A,B` (for 3 players) alternating by deal, each in its P rotations. A block is one deal
/// in all its rotations. Seat `s`'s utility in a game is its bot's strength, plus the deal's
/// luck for A, plus the seat's advantage, plus Gumbel noise that is the deal's (the same in
/// every rotation, as a good or bad hand dealt to a seat) with probability `shared`, and
/// fresh otherwise: within a game the noises stay independent Gumbels, so every comparison
/// is exactly logistic in the utilities and the truth is known in closed form.
struct Duel {
    players: usize,
    /// The deal's luck for A over B: equally likely values (a deal suits one bot's play).
    luck: &'static [f64],
    /// Advantage of each seat (start player first).
    seat: [f64; 4],
    /// Chance that a seat's noise in a game is the deal's rather than fresh.
    shared: f64,
    /// A's strength over B's.
    gap: f64,
}

impl Duel {
    fn tables(&self) -> Vec<Vec<usize>> {
        match self.players {
            2 => vec![vec![0, 1]],
            3 => vec![vec![0, 1, 0], vec![1, 0, 1]],
            4 => vec![vec![0, 1, 0, 1]],
            p => panic!("no pairing lineup for {p} players in this model"),
        }
    }

    fn rotations(&self) -> usize {
        if self.players.is_multiple_of(2) {
            2
        } else {
            self.players
        }
    }

    /// The exact finishing share of A over B: the mean over tables (alternating, so equally
    /// often), rotations, luck values and A–B seat pairs of each comparison's probability.
    /// Every block has the same number of comparisons, so this is the ratio of expectations.
    fn truth(&self) -> f64 {
        let (mut sum, mut count) = (0.0, 0.0);
        for table in self.tables() {
            let n = table.len();
            for r in 0..self.rotations() {
                let bot = |s: usize| table[(s + r) % n];
                for &u in self.luck {
                    for i in (0..n).filter(|&i| bot(i) == 0) {
                        for j in (0..n).filter(|&j| bot(j) == 1) {
                            sum += logistic(self.gap + u + self.seat[i] - self.seat[j]);
                            count += 1.0;
                        }
                    }
                }
            }
        }
        sum / count
    }

    /// The same duel with the strength gap that makes the truth `share` (bisection: the
    /// truth increases with the gap).
    fn with_share(mut self, share: f64) -> Duel {
        let (mut lo, mut hi) = (-30.0, 30.0);
        for _ in 0..200 {
            self.gap = (lo + hi) / 2.0;
            if self.truth() < share {
                lo = self.gap;
            } else {
                hi = self.gap;
            }
        }
        self
    }

    /// Block `d`'s comparisons won by A and its comparisons, for each of the given gaps on
    /// the same deal and the same noises (common random numbers: two card sets on one deal).
    fn block(&self, rng: &mut ChaCha8Rng, d: usize, gaps: &[f64], out: &mut [(f64, f64)]) {
        let tables = self.tables();
        let table = &tables[d % tables.len()];
        let n = table.len();
        let u = self.luck[rng.random_range(0..self.luck.len())];
        let dealt: Vec<f64> = (0..n).map(|_| gumbel(rng)).collect();
        out.iter_mut().for_each(|o| *o = (0.0, 0.0));
        for r in 0..self.rotations() {
            let noise: Vec<f64> = (0..n)
                .map(|s| {
                    if rng.random::<f64>() < self.shared {
                        dealt[s]
                    } else {
                        gumbel(rng)
                    }
                })
                .collect();
            let bot = |s: usize| table[(s + r) % n];
            for (o, &gap) in out.iter_mut().zip(gaps) {
                let utility = |s: usize| {
                    let strength = if bot(s) == 0 { gap + u } else { 0.0 };
                    strength + self.seat[s] + noise[s]
                };
                for i in (0..n).filter(|&i| bot(i) == 0) {
                    for j in (0..n).filter(|&j| bot(j) == 1) {
                        o.0 += f64::from(utility(i) > utility(j));
                        o.1 += 1.0;
                    }
                }
            }
        }
    }
}

const LUCK: &[f64] = &[-1.2, -0.3, 0.0, 0.4, 1.1];

fn duel(players: usize, share: f64) -> Duel {
    Duel {
        players,
        luck: LUCK,
        seat: [0.25, 0.0, -0.1, -0.15],
        shared: 0.6,
        gap: 0.0,
    }
    .with_share(share)
}

/// Coverage of `block_share_estimate` for A's finishing share over `blocks` blocks.
fn share_coverage(players: usize, share: f64, blocks: usize, reps: u32, seed: u64) -> f64 {
    let duel = duel(players, share);
    let truth = duel.truth();
    assert!((truth - share).abs() < 1e-9, "the gap solves the share");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut hits, mut yx, mut one) = (0, vec![(0.0, 0.0); blocks], [(0.0, 0.0)]);
    for _ in 0..reps {
        for (d, b) in yx.iter_mut().enumerate() {
            duel.block(&mut rng, d, &[duel.gap], &mut one);
            *b = one[0];
        }
        let e = block_share_estimate(&yx).est;
        hits += u32::from(e.low <= truth && truth <= e.high);
    }
    covered(hits, reps)
}

fn share_coverage_at(players: usize, seed: u64) {
    let mut report = Vec::new();
    for (k, share) in [0.5, 0.6, 0.9, 0.99].into_iter().enumerate() {
        for (blocks, reps) in [(50, 2000), (1000, 1000)] {
            let c = share_coverage(players, share, blocks, reps, seed + k as u64);
            report.push((share, blocks, c));
        }
    }
    eprintln!("finishing share, {players} players (share, blocks, coverage): {report:?}");
    for (share, blocks, c) in report {
        let what = format!("{players}p share {share} over {blocks} blocks");
        if players == 2 && share == 0.99 && blocks == 50 {
            // 100 comparisons, one lost in a hundred: nearly binomial, so whether the truth is
            // covered hangs on the count of losses alone: 0 to 2 losses (92.1% of samples,
            // binomially) are covered by any interval worth the name, and 3 (a further 6.1%)
            // decide between about 92% and 98%. No interval hits 93–97% here; the share's
            // interval must not fall short.
            assert!((0.93..=0.99).contains(&c), "{what}: coverage {c}");
        } else {
            assert_band(&what, c);
        }
    }
}

#[test]
fn share_intervals_cover_at_two_players() {
    share_coverage_at(2, 100);
}

#[test]
fn share_intervals_cover_at_three_players() {
    share_coverage_at(3, 200);
}

#[test]
fn share_intervals_cover_at_four_players() {
    share_coverage_at(4, 300);
}

#[test]
fn the_duel_truth_by_hand() {
    // Two players, no luck, no seat advantage: the share is logistic(gap) exactly.
    let d = Duel {
        players: 2,
        luck: &[0.0],
        seat: [0.0; 4],
        shared: 0.0,
        gap: (3.0f64).ln(),
    };
    assert!((d.truth() - 0.75).abs() < 1e-12);
    // Luck ±1 equally likely, seats +0.5/0: mean of logistic(gap ± 1 ± 0.5) over the four.
    let d = Duel {
        luck: &[-1.0, 1.0],
        seat: [0.5, 0.0, 0.0, 0.0],
        gap: 0.0,
        ..d
    };
    let want = (logistic(-1.5) + logistic(-0.5) + logistic(0.5) + logistic(1.5)) / 4.0;
    assert!((d.truth() - want).abs() < 1e-12 && (want - 0.5).abs() < 1e-12);
    // Four players: each block has 2 rotations × 2 × 2 comparisons.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut out = [(0.0, 0.0)];
    duel(4, 0.6).block(&mut rng, 0, &[0.4], &mut out);
    assert_eq!(out[0].1, 8.0);
    duel(3, 0.6).block(&mut rng, 1, &[0.4], &mut out);
    assert_eq!(out[0].1, 6.0);
}

/// Deals of a few kinds, equally likely entries (a kind listed twice is twice as likely):
/// most deals quiet, a few wild, so per-block sums are skewed and clustered by the deal.
const KINDS: usize = 10;

/// Coverage of an estimator over `blocks` blocks drawn by `block`, against `truth`.
fn ratio_coverage(
    blocks: usize,
    reps: u32,
    seed: u64,
    truth: f64,
    estimate: Estimator,
    mut block: impl FnMut(&mut ChaCha8Rng, usize) -> (f64, f64),
) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut hits, mut yx) = (0, vec![(0.0, 0.0); blocks]);
    for _ in 0..reps {
        for b in yx.iter_mut() {
            let kind = rng.random_range(0..KINDS);
            *b = block(&mut rng, kind);
        }
        let e = estimate(&yx).est;
        hits += u32::from(e.low <= truth && truth <= e.high);
    }
    covered(hits, reps)
}

/// Mean of `f` over the kinds.
fn over_kinds(f: impl Fn(usize) -> f64) -> f64 {
    (0..KINDS).map(f).sum::<f64>() / KINDS as f64
}

/// Lead changes per game: two games per block (a 4-player pairing deal in its rotations),
/// each a geometric count whose mean is the deal's (0.5 on most deals, 3 on one in ten).
const CHANGES: [f64; KINDS] = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1.0, 1.0, 2.0, 3.0];

/// Turns per round in self-play (one game per block): rounds `1 + geometric(ρ)`, turns in
/// each round `1 + geometric(τ)`, long games on deals with short rounds.
const ROUNDS: [f64; KINDS] = [1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 3.0, 5.0, 9.0];
const TURNS: [f64; KINDS] = [12.0, 12.0, 12.0, 12.0, 12.0, 8.0, 8.0, 6.0, 4.0, 2.0];

/// Census calls per game (geometric; most deals have none) and the deal's success chance.
const CALLS: [f64; KINDS] = [0.02, 0.02, 0.02, 0.02, 0.1, 0.1, 0.3, 0.3, 1.0, 1.2];
const SUCCESS: [f64; KINDS] = [0.1, 0.1, 0.1, 0.1, 0.3, 0.3, 0.5, 0.5, 0.7, 0.9];

fn changes_block(rng: &mut ChaCha8Rng, kind: usize) -> (f64, f64) {
    let y = (0..2).map(|_| geometric(rng, CHANGES[kind])).sum::<u32>();
    (f64::from(y), 2.0)
}

fn turns_block(rng: &mut ChaCha8Rng, kind: usize) -> (f64, f64) {
    let rounds = 1 + geometric(rng, ROUNDS[kind]);
    let turns = (0..rounds)
        .map(|_| 1 + geometric(rng, TURNS[kind]))
        .sum::<u32>();
    (f64::from(turns), f64::from(rounds))
}

fn census_block(rng: &mut ChaCha8Rng, kind: usize) -> (f64, f64) {
    let calls = geometric(rng, CALLS[kind]);
    let wins = (0..calls)
        .filter(|_| rng.random::<f64>() < SUCCESS[kind])
        .count();
    (wins as f64, f64::from(calls))
}

fn census_truth() -> f64 {
    over_kinds(|k| CALLS[k] * SUCCESS[k]) / over_kinds(|k| CALLS[k])
}

type Draw = fn(&mut ChaCha8Rng, usize) -> (f64, f64);
type Estimator = fn(&[(f64, f64)]) -> BlockEstimate;

/// Self-play and points-game arms have one game per block and play hundreds to thousands
/// of games (2,000 by default), so the ratios are proved over 200 and 2,000 blocks. Census
/// success per call is a share, which the card estimates as one, and is proved both ways.
/// Over fewer blocks the plain ratios fall short (seeded runs of 4,000 replications: 93–94%
/// over 100 blocks, 91–93% over 50; the census share still covers 95%).
#[test]
fn ratio_intervals_cover_skewed_clustered_means_and_rates() {
    let changes = over_kinds(|k| CHANGES[k]);
    let turns =
        over_kinds(|k| (1.0 + ROUNDS[k]) * (1.0 + TURNS[k])) / over_kinds(|k| 1.0 + ROUNDS[k]);
    let census = census_truth();
    let ratio: Estimator = block_ratio_estimate;
    let share: Estimator = block_share_estimate;
    let cases: [(&str, f64, Estimator, Draw); 4] = [
        ("lead changes per game", changes, ratio, changes_block),
        ("turns per round", turns, ratio, turns_block),
        (
            "census success per call (share)",
            census,
            share,
            census_block,
        ),
        (
            "census success per call (ratio)",
            census,
            ratio,
            census_block,
        ),
    ];
    let mut report = Vec::new();
    for (seed, (what, truth, estimate, draw)) in cases.into_iter().enumerate() {
        for (blocks, reps) in [(200, 2000), (2000, 1000)] {
            let seed = (blocks + seed) as u64;
            let c = ratio_coverage(blocks, reps, seed, truth, estimate, draw);
            report.push((what, blocks, c));
        }
    }
    eprintln!("ratios (metric, blocks, coverage): {report:?}");
    for (what, blocks, c) in report {
        assert_band(&format!("{what} over {blocks} blocks"), c);
    }
}

#[test]
fn the_ratio_truths_by_hand() {
    // Lead changes: (6·0.5 + 2·1 + 2 + 3)/10 = 1 per game.
    assert!((over_kinds(|k| CHANGES[k]) - 1.0).abs() < 1e-12);
    // Census: Σ c·q = 4·0.002 + 2·0.03 + 2·0.15 + 0.7 + 1.08 = 2.148 over Σ c = 3.08.
    assert!((census_truth() - 2.148 / 3.08).abs() < 1e-12);
    // Geometric counts have the mean asked for.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let n = 200_000;
    let mean = (0..n).map(|_| geometric(&mut rng, 2.5)).sum::<u32>() as f64 / n as f64;
    assert!((mean - 2.5).abs() < 0.03, "{mean}");
}

/// Coverage of `paired_difference` between two card sets on the same deals, and the mean
/// ratio of its standard error to the unpaired one `sqrt(se_a² + se_b²)` (the samples taken
/// as independent).
fn paired_coverage(
    blocks: usize,
    reps: u32,
    seed: u64,
    truth: f64,
    estimate: Estimator,
    mut block: impl FnMut(&mut ChaCha8Rng, usize) -> [(f64, f64); 2],
) -> (f64, f64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut hits, mut ratio_sum) = (0, 0.0);
    let (mut a, mut b) = (vec![(0.0, 0.0); blocks], vec![(0.0, 0.0); blocks]);
    for _ in 0..reps {
        for d in 0..blocks {
            [a[d], b[d]] = block(&mut rng, d);
        }
        let (ea, eb) = (estimate(&a), estimate(&b));
        let diff = paired_difference(&ea, &eb);
        hits += u32::from(diff.low <= truth && truth <= diff.high);
        let unpaired = (ea.se().powi(2) + eb.se().powi(2)).sqrt();
        ratio_sum += (diff.high - diff.low) / (2.0 * half_width(unpaired));
    }
    (covered(hits, reps), ratio_sum / reps as f64)
}

#[test]
fn paired_differences_cover_and_are_narrower_on_common_deals() {
    let mut report = Vec::new();
    // A finishing share in two card sets at 4 players: the same deals, luck and noises, A's
    // strength gap the one that makes its share 0.6 in one set, 0.9 (a set that changes the
    // game a lot) or 0.55 (a small change, the usual in a sweep) in the other.
    for (other, most) in [(0.9, 0.8), (0.55, 0.5)] {
        let (one, other) = (duel(4, 0.6), duel(4, other));
        let truth = one.truth() - other.truth();
        let gaps = [one.gap, other.gap];
        for (blocks, reps) in [(50, 2000), (1000, 1000)] {
            let mut out = [(0.0, 0.0); 2];
            let seed = (blocks as f64 * other.truth()) as u64;
            let (c, width) =
                paired_coverage(blocks, reps, seed, truth, block_share_estimate, |rng, d| {
                    one.block(rng, d, &gaps, &mut out);
                    out
                });
            let what = format!("finishing share 0.6 − {}, 4p", other.truth());
            report.push((what, blocks, c, width, most));
        }
    }
    // Rounds per game in two sets: the deal's count is shared, the second set adds a round
    // with the deal's chance, so the sets correlate through the deal.
    let extra = [0.1, 0.1, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.5, 0.9];
    let truth = -over_kinds(|k| extra[k]);
    for (blocks, reps, seed) in [(50, 2000, 42), (1000, 1000, 43)] {
        let (c, width) =
            paired_coverage(blocks, reps, seed, truth, block_ratio_estimate, |rng, _| {
                let kind = rng.random_range(0..KINDS);
                let mut y = [0.0; 2];
                for _ in 0..2 {
                    let rounds = f64::from(1 + geometric(rng, ROUNDS[kind]));
                    y[0] += rounds;
                    y[1] += rounds + f64::from(rng.random::<f64>() < extra[kind]);
                }
                [(y[0], 2.0), (y[1], 2.0)]
            });
        report.push((
            "rounds per game, one set adds a round".to_string(),
            blocks,
            c,
            width,
            0.15,
        ));
    }
    eprintln!("paired (metric, blocks, coverage, paired/unpaired width): {report:?}");
    for (what, blocks, c, width, most) in report {
        assert_band(&format!("{what} over {blocks} blocks"), c);
        assert!(
            width < most,
            "{what} over {blocks} blocks: width ratio {width}"
        );
    }
}

/// Coverage, per seat offset, of the start player's (and every later seat's) winning share
/// in self-play, one game per block, as the card shows it: points above 1/P.
fn seat_coverage(players: usize, blocks: usize, reps: u32, seed: u64) -> Vec<f64> {
    let advantage = [0.3, 0.0, -0.1, 0.05];
    let weight = |k: usize| f64::exp(advantage[k]);
    let total: f64 = (0..players).map(weight).sum();
    let fair = 1.0 / players as f64;
    let truth: Vec<f64> = (0..players)
        .map(|k| 100.0 * (weight(k) / total - fair))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut hits = vec![0; players];
    let mut winners = vec![0usize; blocks];
    for _ in 0..reps {
        for w in winners.iter_mut() {
            let utility = |k: usize, rng: &mut ChaCha8Rng| advantage[k] + gumbel(rng);
            let mut best = (0, utility(0, &mut rng));
            for k in 1..players {
                let u = utility(k, &mut rng);
                if u > best.1 {
                    best = (k, u);
                }
            }
            *w = best.0;
        }
        for (k, h) in hits.iter_mut().enumerate() {
            let yx: Vec<(f64, f64)> = winners.iter().map(|&w| (f64::from(w == k), 1.0)).collect();
            let e = points(block_share_estimate(&yx).est, fair);
            *h += u32::from(e.low <= truth[k] && truth[k] <= e.high);
        }
    }
    hits.iter().map(|&h| covered(h, reps)).collect()
}

#[test]
fn seat_advantage_intervals_cover() {
    let mut report = Vec::new();
    for players in 2..=4 {
        for (blocks, reps) in [(50, 2000), (2000, 1000)] {
            let c = seat_coverage(players, blocks, reps, 50 + players as u64);
            report.push((players, blocks, c));
        }
    }
    eprintln!("seat advantage (players, blocks, coverage per offset): {report:?}");
    for (players, blocks, c) in report {
        for (k, &x) in c.iter().enumerate() {
            assert_band(&format!("{players}p offset {k} over {blocks} blocks"), x);
        }
    }
}

/// Two card sets on the same deals, each comparison's outcome a coin with chance
/// `logistic(gap + h + L + M)`: `h` a hidden effect of the deal (the same in both sets), `L`
/// the deal's observed luck (the same in both sets) and `M` each comparison's own observed
/// luck, all symmetric about 0, so the truth is an exact mean over their values. The control
/// of a block is its comparisons' observed luck `Σ (L + M)`, zero in expectation, as chance
/// luck is.
struct LuckyDeals {
    gaps: [f64; 2],
}

const HIDDEN: [f64; 2] = [-0.4, 0.4];
const DEAL_LUCK: [f64; 4] = [-1.5, -0.5, 0.5, 1.5];
const OWN_LUCK: [f64; 2] = [-1.0, 1.0];

impl LuckyDeals {
    /// Set `s`'s true share: the mean chance over every (h, L, M).
    fn truth(&self, s: usize) -> f64 {
        let mut sum = 0.0;
        for h in HIDDEN {
            for l in DEAL_LUCK {
                for m in OWN_LUCK {
                    sum += logistic(self.gaps[s] + h + l + m);
                }
            }
        }
        sum / (HIDDEN.len() * DEAL_LUCK.len() * OWN_LUCK.len()) as f64
    }

    /// One block of two comparisons per set: `(y, x, c)` for each set.
    fn block(&self, rng: &mut ChaCha8Rng) -> [(f64, f64, f64); 2] {
        let h = HIDDEN[rng.random_range(0..HIDDEN.len())];
        let l = DEAL_LUCK[rng.random_range(0..DEAL_LUCK.len())];
        std::array::from_fn(|s| {
            let (mut y, mut c) = (0.0, 0.0);
            for _ in 0..2 {
                let m = OWN_LUCK[rng.random_range(0..OWN_LUCK.len())];
                y += f64::from(rng.random::<f64>() < logistic(self.gaps[s] + h + l + m));
                c += l + m;
            }
            (y, 2.0, c)
        })
    }
}

#[test]
fn controlled_estimates_and_their_paired_differences_cover() {
    let deals = LuckyDeals { gaps: [0.4, 0.1] };
    let truth = [deals.truth(0), deals.truth(1)];
    let mut report = Vec::new();
    for (blocks, seed) in [(40, 71), (200, 72)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let reps = 2000;
        let (mut value_hits, mut diff_hits, mut ratio) = (0, 0, 0.0);
        for _ in 0..reps {
            let rows: Vec<[(f64, f64, f64); 2]> =
                (0..blocks).map(|_| deals.block(&mut rng)).collect();
            let est = |s: usize| {
                let one: Vec<(f64, f64, f64)> = rows.iter().map(|r| r[s]).collect();
                block_control_estimate(&one).expect("spread")
            };
            let (a, b) = (est(0), est(1));
            let e = a.estimate.est;
            value_hits += u32::from(e.low <= truth[0] && truth[0] <= e.high);
            let d = paired_difference(&a.estimate, &b.estimate);
            let t = truth[0] - truth[1];
            diff_hits += u32::from(d.low <= t && t <= d.high);
            ratio += a.ratio / f64::from(reps);
        }
        let (cv, cd) = (covered(value_hits, reps), covered(diff_hits, reps));
        report.push((blocks, cv, cd, ratio));
        assert_band(&format!("controlled share over {blocks} blocks"), cv);
        assert_band(
            &format!("controlled paired difference over {blocks} blocks"),
            cd,
        );
        // The observed luck explains much of a block's spread: the control must pay.
        assert!(ratio > 1.3, "variance ratio {ratio} over {blocks} blocks");
    }
    eprintln!("controlled (blocks, value coverage, difference coverage, ratio): {report:?}");
}

/// Two card sets on the same deals, as a balance sweep's mean round score: a deal lasts
/// `1 + geometric(2)` rounds in both sets (the second set adds a round with chance 0.3), four
/// player-rounds a round, and each player-round scores `m_s + h + L + M + e`: `h` a hidden
/// effect of the deal (the same in both sets), `L` the deal's observed luck, `M` the
/// player-round's own observed luck, `e` skewed noise (a geometric count less its mean), all
/// of mean zero and independent of the number of rounds, so set `s`'s true ratio Σscore /
/// Σplayer-rounds is exactly `m_s`. The control of a block is its player-rounds' observed
/// luck `Σ (L + M)`, zero in expectation, as the table's chance luck in points is.
fn scored_deal(rng: &mut ChaCha8Rng, means: [f64; 2]) -> [(f64, f64, f64); 2] {
    const HIDDEN: [f64; 2] = [-2.0, 2.0];
    const DEAL_LUCK: [f64; 4] = [-3.0, -1.0, 1.0, 3.0];
    const OWN_LUCK: [f64; 2] = [-2.0, 2.0];
    let h = HIDDEN[rng.random_range(0..HIDDEN.len())];
    let l = DEAL_LUCK[rng.random_range(0..DEAL_LUCK.len())];
    let rounds = 1 + geometric(rng, 2.0);
    let extra = u32::from(rng.random::<f64>() < 0.3);
    let mut out = [(0.0, 0.0, 0.0); 2];
    for r in 0..rounds + extra {
        for _ in 0..4 {
            let m = OWN_LUCK[rng.random_range(0..OWN_LUCK.len())];
            let e = f64::from(geometric(rng, 3.0)) - 3.0;
            for (s, block) in out.iter_mut().enumerate() {
                if r < rounds || s == 1 {
                    block.0 += means[s] + h + l + m + e;
                    block.1 += 1.0;
                    block.2 += l + m;
                }
            }
        }
    }
    out
}

#[test]
fn controlled_ratios_with_varying_denominators_and_their_paired_differences_cover() {
    let means = [11.5, 10.75];
    let mut report = Vec::new();
    // From 200 blocks, as the plain skewed ratios (over 40 the reduced ratio covers 92%: a
    // sweep's sets have hundreds of deals or more).
    for (blocks, reps, seed) in [(200, 2000, 81), (1000, 1000, 82)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut value_hits, mut diff_hits, mut ratio) = (0, 0, 0.0);
        for _ in 0..reps {
            let rows: Vec<[(f64, f64, f64); 2]> =
                (0..blocks).map(|_| scored_deal(&mut rng, means)).collect();
            let est = |s: usize| {
                let one: Vec<(f64, f64, f64)> = rows.iter().map(|r| r[s]).collect();
                block_control_estimate(&one).expect("spread")
            };
            let (a, b) = (est(0), est(1));
            let e = a.estimate.est;
            value_hits += u32::from(e.low <= means[0] && means[0] <= e.high);
            let d = paired_difference(&a.estimate, &b.estimate);
            let t = means[0] - means[1];
            diff_hits += u32::from(d.low <= t && t <= d.high);
            ratio += a.ratio / f64::from(reps);
        }
        let (cv, cd) = (covered(value_hits, reps), covered(diff_hits, reps));
        report.push((blocks, cv, cd, ratio));
        assert_band(&format!("controlled ratio over {blocks} blocks"), cv);
        assert_band(
            &format!("controlled paired difference of ratios over {blocks} blocks"),
            cd,
        );
        assert!(ratio > 1.3, "variance ratio {ratio} over {blocks} blocks");
    }
    eprintln!("controlled ratios (blocks, value coverage, difference coverage, ratio): {report:?}");
}
