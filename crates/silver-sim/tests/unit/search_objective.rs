//! The search's objectives: each goal's penalty, an objective and its metrics from per-deal
//! sums with jackknife intervals, paired differences, and the ranking (constraints, ties,
//! Pareto fronts), all by hand.

use silver_sim::search::objective::{
    evaluate, paired, paired_metrics, rank, Evaluation, Goal, Objective, SetSums, Term, Ties,
};
use silver_sim::search::Measure;
use silver_sim::Est;

const T2: f64 = 4.302653;

fn measure(scale: f64, shift: f64) -> Measure {
    Measure {
        plan: 0,
        players: 4,
        metric: 0,
        key: String::new(),
        key_index: 0,
        arms: vec![0],
        scale,
        shift,
    }
}

fn term(goal: Goal, measures: Vec<usize>, weight: f64, constraint: bool) -> Term {
    Term {
        metric: "turns_per_round",
        key: None,
        players: None,
        goal,
        weight,
        constraint,
        measures,
    }
}

fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-9, "{a} vs {b}");
}

/// The jackknife of three leave-one-out values, as the estimator defines it.
fn jk3(value: f64, loo: [f64; 3]) -> Est {
    let mean = loo.iter().sum::<f64>() / 3.0;
    let ss: f64 = loo.iter().map(|t| (t - mean) * (t - mean)).sum();
    let se = (2.0 / 3.0 * ss).sqrt();
    Est {
        value,
        low: value - T2 * se,
        high: value + T2 * se,
    }
}

fn close_est(a: Est, b: Est) {
    close(a.value, b.value);
    close(a.low, b.low);
    close(a.high, b.high);
}

#[test]
fn every_goal_penalises_by_hand() {
    assert_eq!(Goal::Target(2.0).penalty(5.0), 3.0);
    assert_eq!(Goal::Target(2.0).penalty(-1.0), 3.0);
    assert_eq!(Goal::AtLeast(20.0).penalty(15.0), 5.0);
    assert_eq!(Goal::AtLeast(20.0).penalty(25.0), 0.0);
    assert_eq!(Goal::AtMost(10.0).penalty(12.5), 2.5);
    assert_eq!(Goal::AtMost(10.0).penalty(9.0), 0.0);
    assert_eq!(Goal::Within(8.0, 14.0).penalty(6.0), 2.0);
    assert_eq!(Goal::Within(8.0, 14.0).penalty(15.0), 1.0);
    assert_eq!(Goal::Within(8.0, 14.0).penalty(10.0), 0.0);
    assert_eq!(Goal::Minimize.penalty(3.5), 3.5);
    assert_eq!(Goal::Maximize.penalty(3.5), -3.5);
}

/// Two measures: turns per round (scale 1) and a share in % (scale 100); three deals.
fn tiny() -> (Vec<Measure>, SetSums) {
    let mut s = SetSums::new(2);
    s.push_deal(0, &[10, 2, 1, 2]);
    s.push_deal(1, &[12, 3, 0, 3]);
    s.push_deal(2, &[20, 4, 3, 4]);
    (vec![measure(1.0, 0.0), measure(100.0, 0.0)], s)
}

#[test]
fn an_objective_from_tiny_sums() {
    let (measures, sums) = tiny();
    assert_eq!(sums.blocks(), 3);
    assert_eq!(sums.totals(), [42, 9, 4, 9]);
    let obj = Objective {
        name: "o".into(),
        terms: vec![
            term(Goal::Within(5.0, 8.0), vec![0], 2.0, false),
            term(Goal::AtLeast(50.0), vec![1], 1.0, true),
        ],
        change_weight: 0.5,
    };
    let e = evaluate(&obj, &measures, &sums, 2);
    // Turns per round 42/9; its penalty 5 − 42/9 = 1/3, weighted 2/3; changes 2 · 0.5.
    let value = 2.0 / 3.0 + 1.0;
    // Without each deal: 32/7, 30/6 = 5 (met), 22/5.
    let loo = [
        2.0 * (5.0 - 32.0 / 7.0) + 1.0,
        1.0,
        2.0 * (5.0 - 22.0 / 5.0) + 1.0,
    ];
    close_est(e.objective, jk3(value, loo));
    // The share: 100 · 4/9, 5.56 points short of 50: the violation.
    close(e.violation, 50.0 - 400.0 / 9.0);
    close_est(e.metrics[0], jk3(42.0 / 9.0, [32.0 / 7.0, 5.0, 22.0 / 5.0]));
    close_est(
        e.metrics[1],
        jk3(400.0 / 9.0, [300.0 / 7.0, 400.0 / 6.0, 100.0 / 5.0]),
    );
    // Minimize / maximize over both measures, no constraint: a sum of the metrics.
    let both = Objective {
        name: "b".into(),
        terms: vec![
            term(Goal::Minimize, vec![0], 1.0, false),
            term(Goal::Maximize, vec![1], 0.5, false),
        ],
        change_weight: 0.0,
    };
    let e = evaluate(&both, &measures, &sums, 7);
    close(e.objective.value, 42.0 / 9.0 - 200.0 / 9.0);
    assert_eq!(e.violation, 0.0);
}

#[test]
fn no_denominator_or_one_deal_leaves_intervals_unknown() {
    let mut s = SetSums::new(1);
    s.push_deal(0, &[0, 0]);
    s.push_deal(1, &[0, 0]);
    let m = vec![measure(100.0, 0.25)];
    let obj = Objective {
        name: "o".into(),
        terms: vec![term(Goal::Target(0.0), vec![0], 1.0, false)],
        change_weight: 0.0,
    };
    let e = evaluate(&obj, &m, &s, 0);
    // Σx = 0: the metric is 0 without an interval.
    assert_eq!(e.metrics[0].value, 0.0);
    assert!(e.metrics[0].low.is_nan() && e.metrics[0].high.is_nan());
    let mut one = SetSums::new(1);
    one.push_deal(4, &[1, 4]);
    let e = evaluate(&obj, &m, &one, 0);
    // 100 · (1/4 − 1/4) = 0 with one deal: no interval.
    assert_eq!(e.objective.value, 0.0);
    assert!(e.objective.low.is_nan() && e.metrics[0].high.is_nan());
}

#[test]
fn paired_differences_over_the_deals_both_played() {
    let (measures, a) = tiny();
    let obj = Objective {
        name: "o".into(),
        terms: vec![term(Goal::Minimize, vec![0], 1.0, false)],
        change_weight: 1.0,
    };
    // b: the base, on the same three deals and one more it played alone.
    let mut b = SetSums::new(2);
    b.push_deal(0, &[8, 2, 0, 2]);
    b.push_deal(1, &[9, 3, 1, 3]);
    b.push_deal(2, &[16, 4, 2, 4]);
    b.push_deal(3, &[99, 1, 1, 1]);
    let d = paired(&obj, &measures, &a, 2, &b, 0);
    // (42/9 + 2) − 33/9; without each deal: (32/7 + 2) − 25/7, 5 + 2 − 24/6, 22/5 + 2 − 17/5.
    let loo = [
        32.0 / 7.0 + 2.0 - 25.0 / 7.0,
        5.0 + 2.0 - 4.0,
        22.0 / 5.0 + 2.0 - 17.0 / 5.0,
    ];
    close_est(d, jk3(42.0 / 9.0 + 2.0 - 33.0 / 9.0, loo));
    let per = paired_metrics(&measures, &a, &b);
    close(per[0].value, 1.0);
    close(per[1].value, 100.0 * (4.0 / 9.0 - 3.0 / 9.0));
    // Restricted to the common deals, the same as if b had played only those.
    let mut b3 = SetSums::new(2);
    for i in 0..3 {
        b3.push_deal(i as u64, b.deal(i));
    }
    assert_eq!(b.restricted(&a.deals), b3);
    assert_eq!(paired(&obj, &measures, &a, 2, &b3, 0), d);
}

fn ev(value: f64, violation: f64) -> Evaluation {
    Evaluation {
        objective: Est {
            value,
            low: f64::NAN,
            high: f64::NAN,
        },
        violation,
        metrics: Vec::new(),
    }
}

#[test]
fn one_objective_ranks_feasible_first_then_value_changes_index() {
    let evals = vec![
        vec![ev(1.0, 0.0)], // 0
        vec![ev(0.5, 2.0)], // 1: infeasible
        vec![ev(0.7, 0.0)], // 2
        vec![ev(0.7, 0.0)], // 3: ties 2 in value, fewer changes
        vec![ev(0.1, 1.0)], // 4: infeasible, less violation
        vec![ev(0.7, 0.0)], // 5: ties 3 in value and changes, higher index
    ];
    let changes = [0, 0, 3, 1, 0, 1];
    let indices = [10, 11, 12, 13, 14, 15];
    let r = rank(&evals, &changes, &indices, Ties::FewerChanges);
    let order: Vec<usize> = r.iter().map(|(i, _)| *i).collect();
    assert_eq!(order, [3, 5, 2, 0, 4, 1]);
    assert!(r.iter().all(|(_, f)| *f == 1));
    // The index breaks the last tie, not the position.
    let r = rank(
        &evals[..4],
        &[0, 0, 1, 1],
        &[0, 0, 9, 8],
        Ties::FewerChanges,
    );
    assert_eq!(r[0].0, 3);
}

#[test]
fn a_screen_breaks_ties_by_a_seeded_shuffle_not_by_changes() {
    // 1,000 sets of equal value, set i with i % 8 changes, and one better set with 7 changes.
    let n = 1_000;
    let mut evals: Vec<Vec<Evaluation>> = (0..n).map(|_| vec![ev(1.0, 0.0)]).collect();
    evals[500] = vec![ev(0.5, 0.0)];
    let changes: Vec<u32> = (0..n as u32)
        .map(|i| if i == 500 { 7 } else { i % 8 })
        .collect();
    let indices: Vec<u64> = (0..n as u64).collect();
    let order = |ties| -> Vec<usize> {
        rank(&evals, &changes, &indices, ties)
            .iter()
            .map(|(i, _)| *i)
            .collect()
    };
    // Fewer changes keeps the sets nearest the base: the best quarter after set 500 is the
    // sets of 0 and 1 changes.
    let fewer = order(Ties::FewerChanges);
    assert_eq!(fewer[0], 500);
    assert!(fewer[1..251].iter().all(|&i| changes[i] <= 1));
    // A shuffle keeps the better set first and takes every change count alike among the
    // tied: each of the 8 counts holds 31.25 of the 250 on average (a count outside 15..50 is
    // over 3 standard deviations out).
    let a = order(Ties::Shuffled(7));
    assert_eq!(a[0], 500);
    for c in 0..8 {
        let k = a[1..251].iter().filter(|&&i| changes[i] == c).count();
        assert!((15..=50).contains(&k), "{c} changes: {k} of 250");
    }
    // The same seed gives the same order; another seed another one.
    assert_eq!(a, order(Ties::Shuffled(7)));
    assert_ne!(a, order(Ties::Shuffled(8)));
    let mut sorted = a.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        indices.iter().map(|&i| i as usize).collect::<Vec<_>>()
    );
}

#[test]
fn two_objectives_rank_front_by_front() {
    // (value in objective a, value in b), all feasible but the last two.
    let sets = [
        (1.0, 5.0), // 0: front 1
        (2.0, 2.0), // 1: front 1
        (5.0, 1.0), // 2: front 1
        (2.0, 5.0), // 3: dominated by 0 and 1 → front 2
        (3.0, 3.0), // 4: dominated by 1 → front 2
        (6.0, 6.0), // 5: front 3 (dominated by 4)
        (0.0, 0.0), // 6: infeasible in a (violation 1): after every feasible set
        (0.0, 0.0), // 7: infeasible in b (violation 3): after 6
    ];
    let violations = [(0.0, 0.0); 6]
        .into_iter()
        .chain([(1.0, 0.0), (0.0, 3.0)])
        .collect::<Vec<_>>();
    let evals: Vec<Vec<Evaluation>> = sets
        .iter()
        .zip(&violations)
        .map(|(&(a, b), &(va, vb))| vec![ev(a, va), ev(b, vb)])
        .collect();
    let changes = [0; 8];
    let indices: Vec<u64> = (0..8).collect();
    let r = rank(&evals, &changes, &indices, Ties::FewerChanges);
    let front_of = |i: usize| r.iter().find(|(j, _)| *j == i).unwrap().1;
    assert_eq!(
        (0..8).map(front_of).collect::<Vec<_>>(),
        [1, 1, 1, 2, 2, 3, 4, 5]
    );
    // Places in a's own order (feasible by value, then the infeasible): 7, 0, 1, 3 (ties 1,
    // higher index), 4, 2, 5, 6; in b's: 6, 2, 1, 4, 0, 3, 5, 7. Sums of places: set 0: 2 + 5
    // = 7; 1: 3 + 3 = 6; 2: 6 + 2 = 8; 3: 4 + 6 = 10; 4: 5 + 4 = 9.
    let order: Vec<usize> = r.iter().map(|(i, _)| *i).collect();
    assert_eq!(&order[..3], [1, 0, 2]);
    assert_eq!(&order[3..5], [4, 3]);
    assert_eq!(&order[5..], [5, 6, 7]);
}

/// Fronts by definition: a set's front is 1 + the largest front of the sets dominating it.
fn brute_fronts(evals: &[Vec<Evaluation>]) -> Vec<u32> {
    let v = |e: &[Evaluation]| e.iter().map(|x| x.violation).sum::<f64>();
    let dominates = |a: &[Evaluation], b: &[Evaluation]| {
        let (va, vb) = (v(a), v(b));
        if va > 0.0 || vb > 0.0 {
            return va < vb;
        }
        a.iter()
            .zip(b)
            .all(|(x, y)| x.objective.value <= y.objective.value)
            && a.iter()
                .zip(b)
                .any(|(x, y)| x.objective.value < y.objective.value)
    };
    let n = evals.len();
    let mut front = vec![0u32; n];
    // Repeatedly peel the non-dominated sets.
    let mut left: Vec<usize> = (0..n).collect();
    let mut f = 1;
    while !left.is_empty() {
        let top: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&i| !left.iter().any(|&j| dominates(&evals[j], &evals[i])))
            .collect();
        for &i in &top {
            front[i] = f;
        }
        left.retain(|i| !top.contains(i));
        f += 1;
    }
    front
}

#[test]
fn fronts_match_their_definition_on_random_sets() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for objectives in [2usize, 3] {
        for _ in 0..20 {
            let n = 150;
            let evals: Vec<Vec<Evaluation>> = (0..n)
                .map(|_| {
                    (0..objectives)
                        .map(|_| {
                            // Coarse values make ties; one set in five breaks a constraint.
                            let value = f64::from(rng.random_range(0..12u8));
                            let violation = if rng.random_range(0..5u8) == 0 {
                                f64::from(rng.random_range(1..4u8))
                            } else {
                                0.0
                            };
                            ev(value, violation)
                        })
                        .collect()
                })
                .collect();
            let r = rank(
                &evals,
                &vec![0; n],
                &(0..n as u64).collect::<Vec<_>>(),
                Ties::FewerChanges,
            );
            let mut got = vec![0u32; n];
            for (i, f) in &r {
                got[*i] = *f;
            }
            assert_eq!(got, brute_fronts(&evals), "{objectives} objectives");
            // Best first: fronts never decrease.
            assert!(r.windows(2).all(|w| w[0].1 <= w[1].1));
        }
    }
}

#[test]
fn sums_narrower_than_the_measures_read_as_empty_not_a_panic() {
    let (measures, _) = tiny();
    let mut narrow = SetSums::new(1);
    narrow.push_deal(0, &[1, 2, 99]);
    narrow.push_deal(1, &[3]);
    // The extra sum is dropped, the missing one taken as 0.
    assert_eq!(narrow.data, [1, 2, 3, 0]);
    let obj = Objective {
        name: "o".into(),
        terms: vec![term(Goal::Maximize, vec![1], 1.0, false)],
        change_weight: 0.0,
    };
    let e = evaluate(&obj, &measures, &narrow, 0);
    // Measure 1 has no sums: value 0, no interval.
    assert_eq!(e.objective.value, 0.0);
    assert_eq!(e.metrics[1].value, 0.0);
    assert!(e.metrics[1].low.is_nan());
    close(e.metrics[0].value, 2.0);
    let p = paired_metrics(&measures, &narrow, &narrow);
    assert!(p[1].low.is_nan());
}
