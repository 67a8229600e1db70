//! The ratings' tests: the fit, its intervals by simulation, the references and the
//! differences.

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
fn simulate(rng: &mut ChaCha8Rng, elo: &[f64], lineups: &[Vec<usize>], deals: u64) -> PairTable {
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
                luck: None,
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
        let r = fit_from(&t, elo.len(), Reference::Bot(0)).ratings;
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
    let r = fit_from(&t, 2, Reference::Bot(0)).ratings;
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
            luck: None,
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

/// Shares of the 95% intervals of the ratings from the mean (per bot) and of the differences
/// (per pair, run order) that cover the truth, and every difference's LOS per replication.
struct Cover {
    ratings: Vec<f64>,
    differences: Vec<f64>,
    los: Vec<Vec<f64>>,
}

fn cover(elo: &[f64], lineups: &[Vec<usize>], deals: u64, reps: u32, seed: u64) -> Cover {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = elo.len();
    let mean = elo.iter().sum::<f64>() / n as f64;
    let mut rating_hits = vec![0u32; n];
    let mut diff_hits = vec![0u32; n * (n - 1) / 2];
    let mut los = vec![Vec::new(); n * (n - 1) / 2];
    for _ in 0..reps {
        let t = simulate(&mut rng, elo, lineups, deals);
        let f = fit_from(&t, n, Reference::Mean);
        assert_eq!(f.reference, Reference::Mean);
        for (i, r) in f.ratings.iter().enumerate() {
            let truth = elo[i] - mean;
            if r.low <= truth && truth <= r.high {
                rating_hits[i] += 1;
            }
        }
        assert_eq!(f.differences.len(), diff_hits.len());
        for (k, d) in f.differences.iter().enumerate() {
            let truth = elo[d.a] - elo[d.b];
            if d.low <= truth && truth <= d.high {
                diff_hits[k] += 1;
            }
            los[k].push(d.los);
        }
    }
    let share = |h: &[u32]| h.iter().map(|&h| h as f64 / reps as f64).collect();
    Cover {
        ratings: share(&rating_hits),
        differences: share(&diff_hits),
        los,
    }
}

fn assert_covers(c: &Cover) {
    eprintln!(
        "coverage: ratings {:?} differences {:?}",
        c.ratings, c.differences
    );
    for x in c.ratings.iter().chain(&c.differences) {
        assert!(
            (0.93..=0.97).contains(x),
            "ratings {:?} differences {:?}",
            c.ratings,
            c.differences
        );
    }
}

#[test]
fn ratings_from_the_mean_and_differences_cover_four_players() {
    assert_covers(&cover(
        &[0.0, 60.0, -40.0, 150.0],
        &[vec![0, 1, 2, 3]],
        150,
        1000,
        17,
    ));
}

#[test]
fn ratings_from_the_mean_and_differences_cover_round_robin_heads_up() {
    assert_covers(&cover(
        &[0.0, 100.0, 30.0],
        &[vec![0, 1], vec![0, 2], vec![1, 2]],
        600,
        1000,
        19,
    ));
}

#[test]
fn ratings_from_the_mean_and_differences_cover_three_players_fillers() {
    assert_covers(&cover(&[0.0, -80.0, 20.0], &[vec![0, 1, 2]], 200, 1000, 23));
}

#[test]
fn los_is_uniform_when_two_bots_are_equal() {
    // Bots 0 and 1 equally strong (a third, stronger, also plays): their LOS is then the
    // p-value of a one-sided test, uniform on [0, 1].
    let c = cover(
        &[0.0, 0.0, 80.0],
        &[vec![0, 1], vec![0, 2], vec![1, 2]],
        300,
        2000,
        29,
    );
    let los = &c.los[0];
    let mean = los.iter().sum::<f64>() / los.len() as f64;
    let quarter = |k: usize| {
        let (lo, hi) = (k as f64 / 4.0, (k + 1) as f64 / 4.0);
        los.iter().filter(|&&x| lo <= x && x < hi).count() as f64 / los.len() as f64
    };
    let quarters: Vec<f64> = (0..4).map(quarter).collect();
    let sure = los.iter().filter(|&&x| x > 0.975).count() as f64 / los.len() as f64;
    eprintln!("LOS mean {mean:.3}, quarters {quarters:?}, above 97.5%: {sure:.4}");
    assert!((mean - 0.5).abs() < 0.02, "{mean}");
    for q in &quarters {
        assert!((q - 0.25).abs() < 0.03, "{quarters:?}");
    }
    assert!((0.01..=0.04).contains(&sure), "{sure}");
    // And when they differ by 80 Elo, LOS is near 1.
    let strong = c.los[2].iter().sum::<f64>() / c.los[2].len() as f64;
    assert!(
        strong < 0.01,
        "LOS of bot 1 over the stronger bot 2: {strong}"
    );
}

#[test]
fn the_mean_reference_transforms_the_covariance_by_hand() {
    // Strength covariance from bot 0 (its rating 0 by definition): var r1 = 4, var r2 = 9,
    // cov(r1, r2) = 1.
    let v = vec![
        vec![0.0, 0.0, 0.0],
        vec![0.0, 4.0, 1.0],
        vec![0.0, 1.0, 9.0],
    ];
    let third = 1.0 / 3.0;
    // r0 − mean = (2 r0 − r1 − r2)/3: (4 + 9 + 2·1)/9 = 15/9.
    assert!((contrast_var(&v, &[2.0 * third, -third, -third]) - 15.0 / 9.0).abs() < 1e-12);
    // r1 − mean = (2 r1 − r0 − r2)/3: (4·4 + 9 − 2·2·1)/9 = 21/9.
    assert!((contrast_var(&v, &[-third, 2.0 * third, -third]) - 21.0 / 9.0).abs() < 1e-12);
    // r2 − mean: (4 + 4·9 − 2·2·1)/9 = 36/9.
    assert!((contrast_var(&v, &[-third, -third, 2.0 * third]) - 4.0).abs() < 1e-12);
    // r1 − r2: 4 + 9 − 2 = 11, whatever the reference.
    assert!((contrast_var(&v, &[0.0, 1.0, -1.0]) - 11.0).abs() < 1e-12);
    // The same strengths measured from bot 1 (s_i = r_i − r1): var s0 = 4, var s2 = 4 + 9 −
    // 2 = 11, cov(s0, s2) = cov(−r1, r2 − r1) = −1 + 4 = 3. The mean and the differences
    // are the same contrasts of them, so their variances do not change.
    let w = vec![
        vec![4.0, 0.0, 3.0],
        vec![0.0, 0.0, 0.0],
        vec![3.0, 0.0, 11.0],
    ];
    assert!((contrast_var(&w, &[2.0 * third, -third, -third]) - 15.0 / 9.0).abs() < 1e-12);
    assert!((contrast_var(&w, &[-third, 2.0 * third, -third]) - 21.0 / 9.0).abs() < 1e-12);
    assert!((contrast_var(&w, &[-third, -third, 2.0 * third]) - 4.0).abs() < 1e-12);
    assert!((contrast_var(&w, &[0.0, 1.0, -1.0]) - 11.0).abs() < 1e-12);
    // An unknown entry of a bot with coefficient 0 does not reach the result.
    let mut u = v.clone();
    u[0][0] = f64::NAN;
    assert!((contrast_var(&u, &[0.0, 1.0, -1.0]) - 11.0).abs() < 1e-12);
}

#[test]
fn references_move_the_ratings_not_the_differences() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let lineups = [vec![0, 1], vec![0, 2], vec![1, 2]];
    let t = simulate(&mut rng, &[0.0, 100.0, 30.0], &lineups, 400);
    let mean = fit_from(&t, 3, Reference::Mean);
    let from1 = fit_from(&t, 3, Reference::Bot(1));
    assert_eq!(from1.reference, Reference::Bot(1));
    assert_eq!(mean.ratings, fit(&t, 3));
    let e = |r: &Ratings, i: usize| r.ratings[i].elo.unwrap();
    assert!((0..3).map(|i| e(&mean, i)).sum::<f64>().abs() < 1e-9);
    assert!(mean.ratings.iter().all(|r| !r.anchor));
    assert!(from1.ratings[1].anchor && e(&from1, 1) == 0.0);
    assert_eq!((from1.ratings[1].low, from1.ratings[1].high), (0.0, 0.0));
    for i in 0..3 {
        assert!((e(&from1, i) - (e(&mean, i) - e(&mean, 1))).abs() < 1e-9);
    }
    assert_eq!(mean.differences, from1.differences);
    for d in &mean.differences {
        assert!((d.elo - (e(&mean, d.a) - e(&mean, d.b))).abs() < 1e-9);
        // The interval is symmetric and its LOS is Φ(diff / se).
        let se = (d.high - d.low) / (2.0 * Z);
        assert!((d.elo - (d.low + d.high) / 2.0).abs() < 1e-9);
        assert!((d.los - phi(d.elo / se)).abs() < 1e-12);
    }
    // From one bot, the other two's intervals are their differences from it.
    let d01 = mean.differences[0];
    assert_eq!((d01.a, d01.b), (0, 1));
    assert!((from1.ratings[0].low - d01.low).abs() < 1e-9);
    assert!((from1.ratings[0].high - d01.high).abs() < 1e-9);
}

#[test]
fn a_bot_that_lost_everything_is_neither_the_reference_nor_in_the_mean() {
    // Bot 0 loses every comparison to bots 1 and 2, which split theirs.
    let mut t = PairTable::default();
    let mut d = 0;
    for round in 0..60u64 {
        for (x, y, x_ahead) in [(0, 1, false), (0, 2, false), (1, 2, round % 3 != 0)] {
            for rotation in 0..2 {
                let (s0, s1) = if rotation == 0 { (x, y) } else { (y, x) };
                let ahead = if x_ahead { x } else { y };
                let g = GameResult {
                    players: 2,
                    bots: [s0, s1, 0, 0],
                    totals: [0; MAX_PLAYERS],
                    place: if s0 == ahead {
                        [0, 1, 0, 0]
                    } else {
                        [1, 0, 0, 0]
                    },
                    luck: None,
                };
                t.record(d, &g);
            }
            d += 1;
        }
    }
    t.close();
    for reference in [Reference::Mean, Reference::Bot(0)] {
        let f = fit_from(&t, 3, reference);
        assert_eq!(f.reference, Reference::Mean, "bot 0 is never the reference");
        let r = &f.ratings;
        assert!(r[0].separated && !r[0].anchor && r[0].low == f64::NEG_INFINITY);
        assert!(r[0].high < r[1].low.min(r[2].low));
        // The mean is of bots 1 and 2 only, and only they have a difference.
        assert!((r[1].elo.unwrap() + r[2].elo.unwrap()).abs() < 1e-9);
        assert_eq!(f.differences.len(), 1);
        assert_eq!((f.differences[0].a, f.differences[0].b), (1, 2));
    }
    // The bound is the one measured from the fit's anchor (bot 1), moved with the reference.
    let from1 = fit_from(&t, 3, Reference::Bot(1));
    let mean = fit_from(&t, 3, Reference::Mean);
    let shift = mean.ratings[1].elo.unwrap();
    assert!((from1.ratings[0].high + shift - mean.ratings[0].high).abs() < 1e-9);
}

/// A heads-up game of deal `deal` between bots `x` (in seat `rotation`) and `y`, `x` ahead
/// when `x_ahead`, with the pair's luck in places `l` (y's minus x's: positive when the cards
/// favoured `x`).
fn lucky_game(x: usize, y: usize, rotation: usize, x_ahead: bool, l: f64) -> GameResult<4> {
    let (sx, sy) = (rotation, 1 - rotation);
    let mut bots = [0usize; MAX_PLAYERS];
    (bots[sx], bots[sy]) = (x, y);
    let mut place = [0u8; MAX_PLAYERS];
    (place[sx], place[sy]) = if x_ahead { (0, 1) } else { (1, 0) };
    let mut places = [0.0; 2];
    (places[sx], places[sy]) = (-l / 2.0, l / 2.0);
    GameResult {
        players: 2,
        bots,
        totals: [0; MAX_PLAYERS],
        place,
        luck: Some(crate::pairs::SeatLuck::of(&[0.0, 0.0], &places)),
    }
}

#[test]
fn reduced_ratings_by_hand() {
    // Bots 0 and 1 heads-up, three blocks of 20 games: bot 0 ahead in 20, 10 and 0 of
    // them, with the pair's luck (in places, summed over the block) x = 0, 0 and 10.
    let mut t = PairTable::default();
    for (d, (ahead, x)) in [(20, 0.0), (10, 0.0), (0, 10.0)].into_iter().enumerate() {
        for g in 0..20 {
            t.record(d as u64, &lucky_game(0, 1, g % 2, g < ahead, x / 20.0));
        }
    }
    t.close();
    assert!(reducible(&t));
    // r = 30/60; β = (Σwx − r Σnx)/Σx² = (0 − 0.5·200)/100 = −1; adjusted wins 30 − β·10 =
    // 40 of 60. With the prior's half comparison each way, θ₀ − θ₁ = ln(40.5/20.5).
    let f = fit_reduced(&t, 2, Reference::Mean).unwrap();
    let d = f.differences[0];
    assert_eq!((d.a, d.b), (0, 1));
    assert!((d.elo - (40.5f64 / 20.5).ln() * ELO).abs() < 1e-9, "{d:?}");
    // At π = 40.5/61: the blocks' w − βx − 20π = 20 − 20π, 10 − 20π, 10 − 20π; their sum of
    // squares over B − 2 = 1 degree of freedom, times B + (Σx)²/Σx² = 4, is the adjusted
    // score's variance; the information is 60 π (1 − π).
    let pi: f64 = 40.5 / 61.0;
    let ss = (20.0 - 20.0 * pi).powi(2) + 2.0 * (10.0 - 20.0 * pi).powi(2);
    let se = (4.0 * ss).sqrt() / (60.0 * pi * (1.0 - pi)) * ELO;
    assert!((d.high - d.elo - Z * se).abs() < 1e-9, "{d:?} vs se {se}");
    assert!((d.los - phi(d.elo / se)).abs() < 1e-12);
    // From the mean of two bots, each rating is half the difference, its interval half as
    // wide.
    let r = &f.ratings;
    assert!((r[0].elo.unwrap() - d.elo / 2.0).abs() < 1e-9);
    assert!((r[0].high - r[0].elo.unwrap() - Z * se / 2.0).abs() < 1e-9);
    // The plain fit of the same table: 30 of 60, θ = 0; its meat Σ(w − 10)² = 200 times
    // G/(G−1) = 3/2, its information 60/4: var = 300/225; the variance ratio is the plain
    // over the reduced.
    let plain = fit_from(&t, 2, Reference::Mean).differences[0];
    assert!(plain.elo.abs() < 1e-9);
    let ratio = (300.0 / 225.0) / (se / ELO).powi(2);
    let got = variance_ratio((plain.low, plain.high), (d.low, d.high));
    assert!((got - ratio).abs() < 1e-9, "{got} vs {ratio}");
    // With fewer than 10 comparisons lost, the pair keeps its plain wins and score.
    let mut few = PairTable::default();
    for (d, (ahead, x)) in [(20, 0.0), (20, 0.0), (11, 10.0)].into_iter().enumerate() {
        for g in 0..20 {
            few.record(d as u64, &lucky_game(0, 1, g % 2, g < ahead, x / 20.0));
        }
    }
    few.close();
    let (p, v) = (
        fit_from(&few, 2, Reference::Mean).differences[0],
        fit_reduced(&few, 2, Reference::Mean).unwrap().differences[0],
    );
    assert!((p.elo - v.elo).abs() < 1e-9);
    // Its meat is the pair's own B/(B−1), the plain fit's G/(G−1): the same here.
    assert!((p.high - v.high).abs() < 1e-9);
    // The files: the plain columns unchanged, the reduced ones beside them.
    let names = ["a".to_string(), "b".to_string()];
    let csv = String::from_utf8(ratings_pairs_csv(
        &fit_from(&t, 2, Reference::Mean),
        Some(&f),
        &names,
        "s",
    ))
    .unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "set,bot_a,bot_b,elo_diff,diff_low95,diff_high95,los,elo_diff_vr,diff_vr_low95,diff_vr_high95,los_vr,variance_ratio"
    );
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(row[7], format!("{:.2}", d.elo));
    assert_eq!(row[11], format!("{ratio:.4}"));
    let csv = String::from_utf8(ratings_csv(&fit(&t, 2), Some(&f.ratings), &names, "s")).unwrap();
    assert!(csv.starts_with(
        "set,bot,elo,elo_low95,elo_high95,comparisons,anchor,elo_vr,elo_vr_low95,elo_vr_high95,elo_variance_ratio\n"
    ));
}

#[test]
fn reduced_ratings_need_luck_and_one_pair_per_block() {
    // Without luck: none, and the files keep their plain columns only.
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    let t = simulate(&mut rng, &[0.0, 50.0, 20.0], &[vec![0, 1], vec![1, 2]], 30);
    assert!(!reducible(&t) && fit_reduced(&t, 3, Reference::Mean).is_none());
    let names: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
    let csv = String::from_utf8(ratings_csv(&fit(&t, 3), None, &names, "s")).unwrap();
    assert!(csv.starts_with("set,bot,elo,elo_low95,elo_high95,comparisons,anchor\n"));
    let text = reduced_ratings_table(&t, &names, None);
    assert!(text.is_empty());
    // Three bots at one table with luck: the pairs share blocks, and their luck's cross
    // terms are not kept: none.
    let mut t = PairTable::default();
    for d in 0..10 {
        let mut g = GameResult::<MAX_PLAYERS>::from_order(
            3,
            [0, 1, 2, 0],
            [0; MAX_PLAYERS],
            &[(d % 3) as u8, ((d + 1) % 3) as u8, ((d + 2) % 3) as u8, 3],
        );
        g.luck = Some(crate::pairs::SeatLuck::of(&[0.0; 3], &[0.1, -0.2, 0.1]));
        t.record(d, &g);
    }
    t.close();
    assert!(!t.cross.is_empty());
    assert!(!reducible(&t) && fit_reduced(&t, 3, Reference::Mean).is_none());
}

/// Seeded heads-up blocks (a deal in its two rotations) of the pairs of `lineups` in turn,
/// the games depending on the pair's chance luck (±0.5 places, mean zero, moving the first
/// bot's chance of finishing ahead by ±0.25) and on a deal effect shared by the rotations,
/// whose every share is exactly Bradley–Terry in `elo` on average over the luck.
fn simulate_lucky(
    rng: &mut ChaCha8Rng,
    elo: &[f64],
    lineups: &[(usize, usize)],
    deals: u64,
) -> PairTable {
    let mut t = PairTable::default();
    for d in 0..deals {
        let (x, y) = lineups[(d % lineups.len() as u64) as usize];
        let p = 1.0 / (1.0 + 10f64.powf(-(elo[x] - elo[y]) / 400.0));
        let dealt: f64 = rng.random_range(-0.05..0.05);
        for rotation in 0..2 {
            let l = if rng.random_bool(0.5) { 0.5 } else { -0.5 };
            let side = if rotation == 0 { dealt } else { -dealt };
            let ahead = rng.random_bool(p + 0.5 * l + side);
            t.record(d, &lucky_game(x, y, rotation, ahead, l));
        }
    }
    t.close();
    t
}

/// The variance-reduced ratings proved by simulation: 1,000 seeded replications of a heads-up
/// pair (50 blocks) and of a heads-up round robin of three bots (100 blocks a pair), with
/// known strengths; the 95% intervals of the ratings from the mean and of every difference
/// must cover the truth 93–97% of the time, and the reduced differences' intervals must be
/// narrower than the plain ones (mean variance ratio above 1.2; the luck explains about a
/// quarter of a game's spread).
#[test]
fn reduced_ratings_and_differences_cover() {
    for (elo, lineups, deals, seed) in [
        (vec![0.0, 70.0], vec![(0, 1)], 50, 41),
        (
            vec![0.0, 50.0, 120.0],
            vec![(0, 1), (0, 2), (1, 2)],
            300,
            43,
        ),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let reps = 1000;
        let n = elo.len();
        let mean = elo.iter().sum::<f64>() / n as f64;
        let mut rating_hits = vec![0u32; n];
        let mut diff_hits = vec![0u32; n * (n - 1) / 2];
        let mut ratios = vec![0.0; n * (n - 1) / 2];
        for _ in 0..reps {
            let t = simulate_lucky(&mut rng, &elo, &lineups, deals);
            let f = fit_reduced(&t, n, Reference::Mean).unwrap();
            let plain = fit_from(&t, n, Reference::Mean);
            for (i, r) in f.ratings.iter().enumerate() {
                rating_hits[i] += u32::from(r.low <= elo[i] - mean && elo[i] - mean <= r.high);
            }
            for (k, d) in f.differences.iter().enumerate() {
                let truth = elo[d.a] - elo[d.b];
                diff_hits[k] += u32::from(d.low <= truth && truth <= d.high);
                let p = plain.differences[k];
                ratios[k] += variance_ratio((p.low, p.high), (d.low, d.high)) / reps as f64;
            }
        }
        let share = |h: &[u32]| -> Vec<f64> { h.iter().map(|&h| h as f64 / reps as f64).collect() };
        let (ratings, differences) = (share(&rating_hits), share(&diff_hits));
        eprintln!("{n} bots: coverage ratings {ratings:?} differences {differences:?}, variance ratios {ratios:?}");
        for x in ratings.iter().chain(&differences) {
            assert!(
                (0.93..=0.97).contains(x),
                "ratings {ratings:?} differences {differences:?}"
            );
        }
        for r in &ratios {
            assert!(*r > 1.2, "{ratios:?}");
        }
    }
}
