//! Interim stand-ins for the objectives' evaluation and ranking, with the signatures of the
//! shared plan; replaced by `objective.rs` when it lands.

use super::objective::{Goal, Objective};
use super::Measure;
use silver_stats::Est;

/// Per-deal sums of one set at one fidelity.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SetSums {
    /// Measures per deal.
    pub measures: usize,
    /// The deals, ascending.
    pub deals: Vec<u64>,
    /// `2 * measures` sums per deal.
    pub data: Vec<u64>,
}

impl SetSums {
    /// No deals yet.
    pub fn new(measures: usize) -> Self {
        SetSums {
            measures,
            deals: Vec::new(),
            data: Vec::new(),
        }
    }
    /// Appends one deal's sums.
    pub fn push_deal(&mut self, deal: u64, sums: &[u64]) {
        self.deals.push(deal);
        self.data.extend_from_slice(sums);
    }
    /// Deals held.
    pub fn blocks(&self) -> usize {
        self.deals.len()
    }
}

/// One objective's estimate for one set.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The objective's value and interval.
    pub objective: Est,
    /// Constraint penalties at the point estimate.
    pub violation: f64,
    /// Per measure.
    pub metrics: Vec<Est>,
}

fn penalty(goal: Goal, m: f64) -> f64 {
    match goal {
        Goal::Target(t) => (m - t).abs(),
        Goal::AtLeast(x) => (x - m).max(0.0),
        Goal::AtMost(y) => (m - y).max(0.0),
        Goal::Within(a, b) => (a - m).max(m - b).max(0.0),
        Goal::Minimize => m,
        Goal::Maximize => -m,
    }
}

/// Measure values and (objective, violation) from totals, leaving out deal `skip`.
fn point(
    obj: &Objective,
    measures: &[Measure],
    sums: &SetSums,
    skip: Option<usize>,
    changes: u32,
) -> (Vec<f64>, f64, f64) {
    let m = sums.measures;
    let mut tot = vec![0u64; 2 * m];
    for d in 0..sums.blocks() {
        if Some(d) == skip {
            continue;
        }
        for (t, x) in tot.iter_mut().zip(&sums.data[d * 2 * m..(d + 1) * 2 * m]) {
            *t += x;
        }
    }
    let values: Vec<f64> = measures
        .iter()
        .enumerate()
        .map(|(i, ms)| ms.scale * (tot[2 * i] as f64 / tot[2 * i + 1] as f64 - ms.shift))
        .collect();
    let (mut value, mut violation) = (obj.change_weight * changes as f64, 0.0);
    for t in &obj.terms {
        for &i in &t.measures {
            let p = t.weight * penalty(t.goal, values[i]);
            if t.constraint {
                violation += p;
            } else {
                value += p;
            }
        }
    }
    (values, value, violation)
}

fn jack(full: f64, loo: &[f64]) -> Est {
    let n = loo.len();
    if n < 2 {
        return Est {
            value: full,
            low: f64::NAN,
            high: f64::NAN,
        };
    }
    let mean = loo.iter().sum::<f64>() / n as f64;
    let var = loo.iter().map(|x| (x - mean).powi(2)).sum::<f64>() * (n - 1) as f64 / n as f64;
    Est::normal(full, var.sqrt())
}

/// One objective's estimate for one set.
pub fn evaluate(obj: &Objective, measures: &[Measure], sums: &SetSums, changes: u32) -> Evaluation {
    let (values, value, violation) = point(obj, measures, sums, None, changes);
    let loo: Vec<(Vec<f64>, f64, f64)> = (0..sums.blocks())
        .map(|d| point(obj, measures, sums, Some(d), changes))
        .collect();
    let obj_loo: Vec<f64> = loo.iter().map(|l| l.1).collect();
    Evaluation {
        objective: jack(value, &obj_loo),
        violation,
        metrics: (0..values.len())
            .map(|i| {
                let l: Vec<f64> = loo.iter().map(|x| x.0[i]).collect();
                jack(values[i], &l)
            })
            .collect(),
    }
}

/// The paired difference a − b of one objective.
pub fn paired(
    obj: &Objective,
    measures: &[Measure],
    a: &SetSums,
    ach: u32,
    b: &SetSums,
    bch: u32,
) -> Est {
    let full = point(obj, measures, a, None, ach).1 - point(obj, measures, b, None, bch).1;
    let loo: Vec<f64> = (0..a.blocks())
        .map(|d| point(obj, measures, a, Some(d), ach).1 - point(obj, measures, b, Some(d), bch).1)
        .collect();
    jack(full, &loo)
}

/// Orders sets best first (one front: the first objective, then changes, then index).
pub fn rank(evals: &[Vec<Evaluation>], changes: &[u32], indices: &[u64]) -> Vec<(usize, u32)> {
    let mut order: Vec<usize> = (0..evals.len()).collect();
    order.sort_by(|&a, &b| {
        let (ea, eb) = (&evals[a][0], &evals[b][0]);
        (ea.violation > 0.0)
            .cmp(&(eb.violation > 0.0))
            .then(ea.violation.total_cmp(&eb.violation))
            .then(ea.objective.value.total_cmp(&eb.objective.value))
            .then(changes[a].cmp(&changes[b]))
            .then(indices[a].cmp(&indices[b]))
    });
    order.into_iter().map(|i| (i, 1)).collect()
}
