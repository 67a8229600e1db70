//! The SPRT against fastchess's unit tests and exact solutions, and its error rates by simulation.

use super::mle::{mean_var, mle};
use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const PENTA: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
const TRI: [f64; 3] = [0.0, 0.5, 1.0];

fn spec(e0: f64, e1: f64) -> SprtSpec {
    SprtSpec::new(e0, e1, 0.05, 0.05).unwrap()
}

/// fastchess's own unit tests (app/tests/sprt_test.cpp), to their two decimals.
#[test]
fn fastchess_unit_tests() {
    // Stats(ll, ld, wl, dd, wd, ww): cells LL, LD, WL + DD, WD, WW.
    let cases: [([f64; 5], f64, f64, f64); 3] = [
        (
            [365.0, 16618.0, 36029.0 + 200.0, 16974.0, 390.0],
            0.0,
            2.0,
            2.25,
        ),
        (
            [127.0, 4883.0, 10311.0 + 401.0, 5150.0, 104.0],
            -1.75,
            0.25,
            3.01,
        ),
        ([0.0, 0.0, 0.0, 0.0, 5550.0], 0.0, 5.0, 111.82),
    ];
    for (c, e0, e1, want) in cases {
        let got = spec(e0, e1).llr(&PENTA, &c, 2);
        assert!(
            (got - want).abs() < 0.01 * want.abs(),
            "{c:?}: {got} vs {want}"
        );
    }
    // Stats(wins, losses, draws) → cells L, D, W.
    let cases: [([f64; 3], f64, f64, f64); 3] = [
        ([36027.0, 68692.0, 36433.0], 0.0, 2.0, 0.92),
        ([10650.0, 20431.0, 10871.0], -1.75, 0.25, 2.30),
        ([0.0, 0.0, 4250.0], 0.0, 10.0, 120.56),
    ];
    for (c, e0, e1, want) in cases {
        let got = spec(e0, e1).llr(&TRI, &c, 1);
        assert!(
            (got - want).abs() < 0.01 * want.abs(),
            "{c:?}: {got} vs {want}"
        );
    }
}

/// LLRs of fastchess's normalised model on the same counts: fastchess's own value (its
/// code, built and run on these counts) and the model's exact value (the constrained
/// maximum likelihood solved at 50 digits with mpmath, its Lagrange conditions checked to
/// 1e-48). Counts are LL, LD, DD (with WL), WD, WW, or L, D, W.
const FASTCHESS: &[(&[u64], f64, f64, f64, f64)] = &[
    (
        &[390, 16974, 36229, 16618, 365],
        0.0,
        2.0,
        -6.92755129435904,
        -6.92755129436028,
    ),
    (
        &[104, 5150, 10712, 4883, 127],
        -1.75,
        0.25,
        -1.96762165519215,
        -1.96762164576814,
    ),
    (
        &[0, 0, 0, 0, 5550],
        0.0,
        5.0,
        111.797555086714,
        111.797555086714,
    ),
    (
        &[10, 20, 30, 20, 10],
        0.0,
        10.0,
        -0.0745347844209297,
        -0.0745347844209376,
    ),
    (
        &[0, 0, 100, 0, 0],
        0.0,
        10.0,
        -0.160264829478572,
        -0.160264612662481,
    ),
    (
        &[5, 0, 0, 0, 7],
        -5.0,
        5.0,
        0.0814115722607708,
        0.0814115722607706,
    ),
    (
        &[1, 2, 3, 4, 5],
        -10.0,
        0.0,
        0.29964691167949,
        0.299646911471728,
    ),
    (
        &[50, 80, 200, 90, 60],
        0.0,
        20.0,
        0.578304439151936,
        0.578304439152012,
    ),
    (
        &[0, 12, 0, 30, 0],
        0.0,
        10.0,
        0.697536172022557,
        0.69753617202255,
    ),
    (
        &[3, 0, 40, 0, 9],
        0.0,
        20.0,
        0.853469927873889,
        0.853469926571832,
    ),
    (
        &[200, 1000, 3000, 1100, 250],
        -5.0,
        0.0,
        6.00469364960079,
        6.00469364959977,
    ),
    (
        &[0, 0, 1, 0, 0],
        0.0,
        5.0,
        -0.000215201983926301,
        -0.000215201723271651,
    ),
    (
        &[40, 0, 20, 0, 60],
        0.0,
        40.0,
        1.98387275970258,
        1.98387275969788,
    ),
    (
        &[1000, 0, 0, 0, 1],
        0.0,
        10.0,
        -41.4810399251497,
        -41.4810399251486,
    ),
    (
        &[7, 33, 101, 39, 9],
        2.0,
        8.0,
        0.194036580482781,
        0.194036580482772,
    ),
    (
        &[36027, 68692, 36433],
        0.0,
        2.0,
        0.923293449220697,
        0.923293450949526,
    ),
    (
        &[10650, 20431, 10871],
        -1.75,
        0.25,
        2.29750040956968,
        2.29750040710322,
    ),
    (&[0, 0, 4250], 0.0, 10.0, 120.548267741204, 120.548267741203),
    (&[30, 0, 50], 0.0, 20.0, 1.0183348954265, 1.0183348954265),
    (
        &[100, 3, 120],
        -10.0,
        10.0,
        1.15895680373569,
        1.1589568037357,
    ),
    (
        &[365, 16618, 36229, 16974, 390],
        0.0,
        2.0,
        2.25036770354585,
        2.25036770354698,
    ),
    (
        &[127, 4883, 10712, 5150, 104],
        -1.75,
        0.25,
        3.01015420480197,
        3.01015419660369,
    ),
];

#[test]
fn llr_agrees_with_fastchess_and_the_exact_solution() {
    for &(counts, e0, e1, fastchess, exact) in FASTCHESS {
        let (scores, c, r) = count_cells(counts).unwrap();
        let got = spec(e0, e1).llr(&scores, &c, r);
        // fastchess stops its iteration at a change below 1e-4, so it is within 1e-6;
        // this one is at the exact value.
        assert!(
            (got - fastchess).abs() <= 1e-6,
            "{counts:?}: {got} vs fastchess {fastchess}"
        );
        assert!(
            (got - exact).abs() <= 1e-9 * exact.abs().max(1.0),
            "{counts:?}: {got} vs exact {exact}"
        );
        assert!((got - exact).abs() <= (fastchess - exact).abs() + 1e-10 * exact.abs().max(1.0));
    }
}

#[test]
fn the_mle_meets_its_constraint() {
    let probs = [0.1, 0.15, 0.4, 0.2, 0.15];
    for t in [-0.3, -0.05, 0.0, 0.02, 0.4] {
        let p = mle(&PENTA, &probs, 0.5, t);
        let (mu, var) = mean_var(&PENTA, &p);
        assert!(((mu - 0.5) / var.sqrt() - t).abs() < 1e-12, "t {t}");
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}

#[test]
fn bounds_and_parsing() {
    let s: SprtSpec = "elo0=-5,elo1=5".parse().unwrap();
    assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-5.0, 5.0, 0.05, 0.05));
    assert!((s.lower() - (0.05f64 / 0.95).ln()).abs() < 1e-15);
    assert!((s.upper() - 19f64.ln()).abs() < 1e-15);
    let s: SprtSpec = "elo0=0, elo1=10, alpha=0.01, beta=0.1".parse().unwrap();
    assert_eq!((s.alpha, s.beta), (0.01, 0.1));
    for bad in [
        "elo0=5,elo1=5",
        "elo1=3",
        "elo0=0,elo1=x",
        "elo0=0,elo1=5,gamma=1",
        "elo0=0,elo1=5,alpha=0",
        "elo0=0,elo1=5,alpha=0.6,beta=0.5",
        "0,5",
        "elo0=0,elo1=5,vr=maybe",
        "elo0=0,elo1=5,vr=1",
    ] {
        let e = bad.parse::<SprtSpec>().unwrap_err().to_string();
        assert!(e.starts_with("--sprt ") && !e.contains('\n'), "{bad}: {e}");
    }
}

#[test]
fn vr_parses_and_leaves_old_specs_unchanged() {
    let off: SprtSpec = "elo0=0,elo1=10".parse().unwrap();
    assert!(!off.vr);
    assert_eq!("elo0=0,elo1=10,vr=off".parse::<SprtSpec>().unwrap(), off);
    let on: SprtSpec = "elo0=0,elo1=10, vr = on".parse().unwrap();
    assert!(on.vr);
    assert_eq!(SprtSpec { vr: false, ..on }, off);
    // The Debug text (part of a run's fingerprint) of a test without vr is as before the flag
    // existed.
    assert_eq!(
        format!("{off:?}"),
        "SprtSpec { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 }"
    );
    assert_eq!(
        format!("{on:?}"),
        "SprtSpec { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05, vr: true }"
    );
}

/// The reduced LLR from the integer sums equals its definition computed block by block.
#[test]
fn the_reduced_llr_from_sums_is_its_definition() {
    use crate::pairs::{LuckSums, PairSums};
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let k = 2i64;
    // Blocks (w, x): x in thousandths of a place.
    let blocks: Vec<(i64, i64)> = (0..150)
        .map(|_| {
            let x: i64 = rng.random_range(-1500..=1500);
            let p = (0.55 + x as f64 / 6000.0).clamp(0.0, 1.0);
            let w = i64::from(rng.random_bool(p)) + i64::from(rng.random_bool(p));
            (w, x)
        })
        .collect();
    let mut p = PairSums {
        a: 0,
        b: 1,
        luck: Some(LuckSums::default()),
        ..PairSums::default()
    };
    for &(w, x) in &blocks {
        p.blocks += 1;
        p.n += k;
        p.nn += k * k;
        p.w += w;
        p.ww += w * w;
        p.nw += k * w;
        let l = p.luck.as_mut().unwrap();
        l.q += x;
        l.qq += x * x;
        l.nq += k * x;
        l.wq += w * x;
    }
    let s = spec(0.0, 40.0);
    let got = s.llr_reduced(&p, 2, 2).unwrap();
    // Block by block: s = w/k, x/k in places.
    let n = blocks.len() as f64;
    let sb: Vec<f64> = blocks.iter().map(|&(w, _)| w as f64 / 2.0).collect();
    let xb: Vec<f64> = blocks
        .iter()
        .map(|&(_, x)| x as f64 / 1000.0 / 2.0)
        .collect();
    let mean_s = sb.iter().sum::<f64>() / n;
    let sigma = (sb.iter().map(|v| (v - mean_s).powi(2)).sum::<f64>() / n).sqrt();
    let beta = sb
        .iter()
        .zip(&xb)
        .map(|(v, x)| (v - mean_s) * x)
        .sum::<f64>()
        / xb.iter().map(|x| x * x).sum::<f64>();
    let a: Vec<f64> = sb.iter().zip(&xb).map(|(v, x)| v - beta * x).collect();
    let mean_a = a.iter().sum::<f64>() / n;
    let var_a = a.iter().map(|v| (v - mean_a).powi(2)).sum::<f64>() / n;
    let t1 = 2f64.sqrt() * 40.0 / NELO;
    let (mu0, mu1) = (0.5, 0.5 + t1 * sigma);
    let want = n * (mu1 - mu0) * (mean_a - (mu0 + mu1) / 2.0) / var_a;
    assert!(
        (got - want).abs() < 1e-9 * want.abs().max(1.0),
        "{got} vs {want}"
    );
    assert!(
        var_a < sigma * sigma,
        "the luck explains part of the spread"
    );
    // Fewer than VR_MIN_BLOCKS blocks, blocks of another size, or no luck: the plain LLR.
    let few = PairSums {
        blocks: VR_MIN_BLOCKS - 1,
        n: 2 * (VR_MIN_BLOCKS as i64 - 1),
        nn: 4 * (VR_MIN_BLOCKS as i64 - 1),
        ..p.clone()
    };
    assert_eq!(s.llr_reduced(&few, 2, 2), None);
    assert_eq!(
        s.llr_reduced(
            &PairSums {
                n: p.n - 1,
                ..p.clone()
            },
            2,
            2
        ),
        None
    );
    assert_eq!(s.llr_reduced(&PairSums { luck: None, ..p }, 2, 2), None);
}

/// A distribution on `scores` tilted from `base` so that its normalised Elo (blocks of `r`
/// games) is `nelo`.
fn tilted(scores: &[f64], base: &[f64], r: u32, nelo: f64) -> Vec<f64> {
    let t_of = |lambda: f64| {
        let w: Vec<f64> = base
            .iter()
            .zip(scores)
            .map(|(b, a)| b * (lambda * a).exp())
            .collect();
        let s: f64 = w.iter().sum();
        let p: Vec<f64> = w.iter().map(|x| x / s).collect();
        let (mu, var) = mean_var(scores, &p);
        ((mu - 0.5) / var.sqrt(), p)
    };
    let target = (r as f64).sqrt() * nelo / NELO;
    let (mut lo, mut hi) = (-20.0, 20.0);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if t_of(mid).0 < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    t_of((lo + hi) / 2.0).1
}

/// Runs `tests` sequential tests on blocks drawn from `p`, checking the LLR after every
/// block; returns the share that accepted H1.
fn h1_rate(s: &SprtSpec, scores: &[f64], p: &[f64], r: u32, tests: u32, seed: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut h1 = 0;
    for _ in 0..tests {
        let mut counts = vec![0.0; scores.len()];
        loop {
            let mut u: f64 = rng.random();
            let mut k = 0;
            while k + 1 < p.len() && u >= p[k] {
                u -= p[k];
                k += 1;
            }
            counts[k] += 1.0;
            match s.decide(s.llr(scores, &counts, r)) {
                Decision::H1 => {
                    h1 += 1;
                    break;
                }
                Decision::H0 => break,
                Decision::Continue => {}
            }
        }
    }
    h1 as f64 / tests as f64
}

#[test]
fn error_rates_match_alpha_and_beta_heads_up() {
    // Heads-up blocks of two games: scores 0, ½, 1.
    let s = spec(0.0, 40.0);
    let base = [0.3, 0.4, 0.3];
    let at0 = tilted(&TRI, &base, 2, 0.0);
    let at1 = tilted(&TRI, &base, 2, 40.0);
    let alpha = h1_rate(&s, &TRI, &at0, 2, 2000, 1);
    let beta = 1.0 - h1_rate(&s, &TRI, &at1, 2, 2000, 2);
    eprintln!("heads-up, elo0=0 elo1=40, 2000 tests each: alpha {alpha}, beta {beta}");
    assert!((alpha - 0.05).abs() <= 0.015, "alpha {alpha}");
    assert!((beta - 0.05).abs() <= 0.015, "beta {beta}");
}

#[test]
fn error_rates_match_alpha_and_beta_four_players() {
    // Four rotations of four players: scores 0, ¼, …, 1; a negative elo0.
    let s = SprtSpec::new(-10.0, 20.0, 0.05, 0.1).unwrap();
    let base = [0.1, 0.2, 0.4, 0.2, 0.1];
    let at0 = tilted(&PENTA, &base, 4, -10.0);
    let at1 = tilted(&PENTA, &base, 4, 20.0);
    let alpha = h1_rate(&s, &PENTA, &at0, 4, 2000, 3);
    let beta = 1.0 - h1_rate(&s, &PENTA, &at1, 4, 2000, 4);
    eprintln!("four players, elo0=-10 elo1=20, 2000 tests each: alpha {alpha}, beta {beta}");
    assert!((alpha - 0.05).abs() <= 0.015, "alpha {alpha}");
    assert!((beta - 0.10).abs() <= 0.015, "beta {beta}");
}

/// Heads-up blocks (a deal in its two rotations) whose games depend on a chance luck with
/// mean zero, as `pairs`'s `control_variate_intervals_cover_the_truth` builds them: in each
/// game the baseline's luck `l` (places; −0.6 or +0.3, mean zero) moves the candidate's chance
/// of finishing ahead by `0.65 l`, and the deal's own effect `±d` (the same deal, seats
/// swapped) by `d` one way in one rotation and the other way in the other. The block score's
/// mean is the share `m`, its variance `(m(1 − m) − E[d²])/2`; `m` is set so that the
/// normalised Elo is `nelo` exactly.
struct LuckyBlocks {
    share: f64,
}

const DEALT: f64 = 0.08;
const LUCK_EFFECT: f64 = 0.65;

impl LuckyBlocks {
    fn at(nelo: f64) -> LuckyBlocks {
        let t = 2f64.sqrt() * nelo / NELO;
        let dd = DEALT * DEALT / 3.0;
        let t_of = |m: f64| (m - 0.5) / ((m * (1.0 - m) - dd) / 2.0).sqrt();
        let (mut lo, mut hi) = (0.2, 0.8);
        for _ in 0..200 {
            let mid = (lo + hi) / 2.0;
            if t_of(mid) < t {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        LuckyBlocks {
            share: (lo + hi) / 2.0,
        }
    }

    /// Plays deal `deal` into `table` (the candidate is bot 0) and closes its block.
    fn deal(&self, table: &mut crate::pairs::PairTable, deal: u64, rng: &mut ChaCha8Rng) {
        use crate::pairs::{GameResult, SeatLuck};
        let dealt: f64 = rng.random_range(-DEALT..DEALT);
        for rot in 0..2usize {
            let l: f64 = if rng.random_bool(1.0 / 3.0) {
                -0.6
            } else {
                0.3
            };
            let p = self.share + LUCK_EFFECT * l + if rot == 0 { dealt } else { -dealt };
            let a_wins = rng.random_bool(p);
            let (a_seat, b_seat) = (rot, 1 - rot);
            let mut bots = [0usize; 2];
            bots[b_seat] = 1;
            let mut place = [0u8; 2];
            place[if a_wins { b_seat } else { a_seat }] = 1;
            let mut places = [0.0; 2];
            places[b_seat] = l;
            let game = GameResult::<2> {
                players: 2,
                bots,
                totals: [0; 2],
                place,
                luck: Some(SeatLuck::of(&[0.0; 2], &places)),
            };
            table.record(deal, &game);
        }
        table.close();
    }
}

/// What `tests` sequential tests of one stream of lucky blocks each concluded, with the
/// variance-reduced LLR and with the plain one on the same blocks: the share that accepted
/// H1 and the mean blocks to a decision, (vr, plain).
fn vr_rates(s: &SprtSpec, nelo: f64, tests: u32, seed: u64) -> ((f64, f64), (f64, f64)) {
    let blocks = LuckyBlocks::at(nelo);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let new = |vr: bool| SprtRecord {
        spec: SprtSpec { vr, ..*s },
        games_per_block: 2,
        comparisons: 2,
        llr: 0.0,
        decision: Decision::Continue,
    };
    let (mut h1, mut len) = ([0u32; 2], [0u64; 2]);
    for _ in 0..tests {
        let mut table = crate::pairs::PairTable::default();
        let mut tests = [new(true), new(false)];
        let mut done = [None; 2];
        let mut deal = 0;
        while done.iter().any(Option::is_none) {
            blocks.deal(&mut table, deal, &mut rng);
            deal += 1;
            for (t, d) in tests.iter_mut().zip(done.iter_mut()) {
                if d.is_none() {
                    t.update(&table);
                    if t.decision != Decision::Continue {
                        *d = Some((t.decision, deal));
                    }
                }
            }
        }
        for (i, d) in done.iter().enumerate() {
            let (decision, at) = d.unwrap();
            h1[i] += u32::from(decision == Decision::H1);
            len[i] += at;
        }
    }
    let rate = |i: usize| {
        (
            f64::from(h1[i]) / f64::from(tests),
            len[i] as f64 / f64::from(tests),
        )
    };
    (rate(0), rate(1))
}

/// The variance-reduced SPRT (`vr=on`) keeps its error rates within 1.5 points of α and β on
/// heads-up blocks whose outcome depends on a zero-mean luck, at a true strength of elo0 and
/// of elo1 (2,000 seeded tests each), and decides in fewer blocks than the plain test on the
/// same blocks.
#[test]
fn variance_reduced_error_rates_match_alpha_and_beta() {
    let s = spec(0.0, 40.0);
    let ((alpha, n0), (alpha_plain, n0_plain)) = vr_rates(&s, 0.0, 2000, 11);
    let ((h1, n1), (h1_plain, n1_plain)) = vr_rates(&s, 40.0, 2000, 12);
    let (beta, beta_plain) = (1.0 - h1, 1.0 - h1_plain);
    eprintln!(
        "vr=on, heads-up, elo0=0 elo1=40, 2000 tests each: alpha {alpha}, beta {beta}, mean blocks {n0:.1} (at elo0), {n1:.1} (at elo1)"
    );
    eprintln!(
        "vr=off on the same blocks: alpha {alpha_plain}, beta {beta_plain}, mean blocks {n0_plain:.1}, {n1_plain:.1}"
    );
    assert!((alpha - 0.05).abs() <= 0.015, "alpha {alpha}");
    assert!((beta - 0.05).abs() <= 0.015, "beta {beta}");
    assert!(n0 < n0_plain && n1 < n1_plain);
}
