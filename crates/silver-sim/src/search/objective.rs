//! Objectives: declarative targets over the design card's metrics, each term a penalty of one
//! metric's value (lower is better), weighted and summed; constraint terms rank every set that
//! breaks them after every set that keeps them.

/// What a term asks of its metric's value `m`; its penalty is 0 when met.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Goal {
    /// |m − t|.
    Target(f64),
    /// max(0, x − m).
    AtLeast(f64),
    /// max(0, m − y).
    AtMost(f64),
    /// max(0, a − m, m − b).
    Within(f64, f64),
    /// m.
    Minimize,
    /// −m.
    Maximize,
}

/// One term of an objective.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// The metric's name (`seat_advantage`).
    pub metric: &'static str,
    /// The key asked for, or every key of the metric (penalties summed) when `None`.
    pub key: Option<String>,
    /// The player count asked for, or every player count of the search when `None`.
    pub players: Option<u8>,
    /// What it asks.
    pub goal: Goal,
    /// Weight of its penalty in the objective (default 1).
    pub weight: f64,
    /// A constraint: not summed into the objective; a set with a positive penalty ranks after
    /// every set without.
    pub constraint: bool,
    /// The measures it reads (indices into every fidelity's [`super::Fidelity::measures`]).
    pub measures: Vec<usize>,
}

/// One objective: a name and its terms (lower is better).
#[derive(Clone, Debug, PartialEq)]
pub struct Objective {
    /// Its name in files (`objective_NAME` columns).
    pub name: String,
    /// Its terms.
    pub terms: Vec<Term>,
    /// Added per value (or token) changed from the base (a tie-break toward fewer changes that
    /// may also be a cost; default 0: changes only break ties).
    pub change_weight: f64,
}

use super::Measure;
use silver_stats::search::jackknife;
use silver_stats::Est;
use std::cmp::Ordering;

impl Goal {
    /// The penalty of a metric value `m` (0 when the goal is met; lower is better).
    pub fn penalty(self, m: f64) -> f64 {
        match self {
            Goal::Target(t) => (m - t).abs(),
            Goal::AtLeast(x) => (x - m).max(0.0),
            Goal::AtMost(y) => (m - y).max(0.0),
            Goal::Within(a, b) => (a - m).max(m - b).max(0.0),
            Goal::Minimize => m,
            Goal::Maximize => -m,
        }
    }
}

/// Per-deal sums of one set at one fidelity: `blocks()` deals, each `2 * measures` u64
/// (y0, x0, y1, x1, ...), deals ascending (callers append stage by stage).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetSums {
    /// Measures per deal.
    pub measures: usize,
    /// The deal numbers, ascending.
    pub deals: Vec<u64>,
    /// `2 * measures` sums per deal, in `deals`' order.
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

    /// Appends a deal's sums: the first `2 * measures` of `sums`, missing ones taken as 0.
    pub fn push_deal(&mut self, deal: u64, sums: &[u64]) {
        let width = 2 * self.measures;
        self.deals.push(deal);
        self.data
            .extend((0..width).map(|i| sums.get(i).copied().unwrap_or(0)));
    }

    /// Deals held.
    pub fn blocks(&self) -> usize {
        self.deals.len()
    }

    /// Deal `i`'s sums (by position; empty past the data).
    pub fn deal(&self, i: usize) -> &[u64] {
        let width = 2 * self.measures;
        self.data.get(i * width..(i + 1) * width).unwrap_or(&[])
    }

    /// Every deal's sums added.
    pub fn totals(&self) -> Vec<u64> {
        let width = 2 * self.measures;
        let mut t = vec![0u64; width];
        for chunk in self.data.chunks_exact(width.max(1)) {
            for (a, b) in t.iter_mut().zip(chunk) {
                *a = a.saturating_add(*b);
            }
        }
        t
    }

    /// The same sums restricted to `deals` (ascending; deals it does not hold are skipped).
    pub fn restricted(&self, deals: &[u64]) -> SetSums {
        let mut out = SetSums::new(self.measures);
        let mut j = 0;
        for (i, d) in self.deals.iter().enumerate() {
            while j < deals.len() && deals[j] < *d {
                j += 1;
            }
            if j < deals.len() && deals[j] == *d {
                out.push_deal(*d, self.deal(i));
            }
        }
        out
    }

    /// The deals both hold, ascending.
    pub fn common_deals(&self, other: &SetSums) -> Vec<u64> {
        let (mut i, mut j, mut out) = (0, 0, Vec::new());
        while i < self.deals.len() && j < other.deals.len() {
            match self.deals[i].cmp(&other.deals[j]) {
                Ordering::Less => i += 1,
                Ordering::Greater => j += 1,
                Ordering::Equal => {
                    out.push(self.deals[i]);
                    i += 1;
                    j += 1;
                }
            }
        }
        out
    }
}

/// One objective's estimate for one set: value and 95% interval (jackknife over deals; NaN
/// bounds with < 2 deals), its terms' metric values, and feasibility.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The objective's value (Σ weight·penalty of its non-constraint terms + change_weight ·
    /// changes) with its 95% interval over deals.
    pub objective: Est,
    /// Σ weight·penalty of its constraint terms at the point estimate (0: feasible).
    pub violation: f64,
    /// Every measure's value (scaled) with its 95% interval over deals.
    pub metrics: Vec<Est>,
}

/// A measure's value from its sums: `scale · (Σy/Σx − shift)`, 0 when Σx = 0.
pub fn metric_value(m: &Measure, y: f64, x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else {
        m.scale * (y / x - m.shift)
    }
}

/// The objective's value and violation from sums `(y0, x0, y1, x1, ...)` of every measure.
pub fn objective_value(
    obj: &Objective,
    measures: &[Measure],
    sums: &[f64],
    changes: u32,
) -> (f64, f64) {
    let (mut value, mut violation) = (obj.change_weight * f64::from(changes), 0.0);
    for t in &obj.terms {
        let p: f64 = t
            .measures
            .iter()
            .filter_map(|&i| {
                // Sums missing for a measure read as 0 (no denominator: value 0).
                let m = measures.get(i)?;
                let at = |k: usize| sums.get(k).copied().unwrap_or(0.0);
                Some(t.goal.penalty(metric_value(m, at(2 * i), at(2 * i + 1))))
            })
            .sum();
        if t.constraint {
            violation += t.weight * p;
        } else {
            value += t.weight * p;
        }
    }
    (value, violation)
}

fn as_f64(v: &[u64]) -> Vec<f64> {
    v.iter().map(|&x| x as f64).collect()
}

/// `totals − deal i` as floats.
fn without(totals: &[f64], deal: &[u64]) -> Vec<f64> {
    totals
        .iter()
        .zip(deal)
        .map(|(t, d)| t - *d as f64)
        .collect()
}

/// Sum `k` of a deal as a float (0 past its end).
fn at(deal: &[u64], k: usize) -> f64 {
    deal.get(k).map_or(0.0, |&v| v as f64)
}

fn unknown(value: f64) -> Est {
    Est {
        value,
        low: f64::NAN,
        high: f64::NAN,
    }
}

/// Every measure's value with its jackknife interval over the deals of `sums` (no interval
/// when Σx = 0 or with fewer than two deals).
pub fn metric_estimates(measures: &[Measure], sums: &SetSums) -> Vec<Est> {
    let totals = as_f64(&sums.totals());
    measures
        .iter()
        .enumerate()
        .map(|(i, m)| {
            if 2 * i + 1 >= totals.len() {
                return unknown(0.0);
            }
            let (y, x) = (totals[2 * i], totals[2 * i + 1]);
            let value = metric_value(m, y, x);
            if x == 0.0 {
                return unknown(value);
            }
            jackknife(sums.blocks(), value, |d| {
                let s = sums.deal(d);
                metric_value(m, y - at(s, 2 * i), x - at(s, 2 * i + 1))
            })
            .est
        })
        .collect()
}

/// One objective of one set from its per-deal sums.
pub fn evaluate(obj: &Objective, measures: &[Measure], sums: &SetSums, changes: u32) -> Evaluation {
    let totals = as_f64(&sums.totals());
    let (value, violation) = objective_value(obj, measures, &totals, changes);
    let objective = jackknife(sums.blocks(), value, |d| {
        objective_value(obj, measures, &without(&totals, sums.deal(d)), changes).0
    })
    .est;
    Evaluation {
        objective,
        violation,
        metrics: metric_estimates(measures, sums),
    }
}

/// Both sets' sums over the deals both played (themselves when they played the same deals).
fn paired_sums(a: &SetSums, b: &SetSums) -> (SetSums, SetSums) {
    if a.deals == b.deals {
        return (a.clone(), b.clone());
    }
    let common = a.common_deals(b);
    (a.restricted(&common), b.restricted(&common))
}

/// The paired difference a − b of one objective over the deals both played, jackknife over
/// those deals (each deal removed from both sets at once).
pub fn paired(
    obj: &Objective,
    measures: &[Measure],
    a: &SetSums,
    ach: u32,
    b: &SetSums,
    bch: u32,
) -> Est {
    let (a, b) = paired_sums(a, b);
    let (ta, tb) = (as_f64(&a.totals()), as_f64(&b.totals()));
    let f = |sa: &[f64], sb: &[f64]| {
        objective_value(obj, measures, sa, ach).0 - objective_value(obj, measures, sb, bch).0
    };
    jackknife(a.blocks(), f(&ta, &tb), |d| {
        f(&without(&ta, a.deal(d)), &without(&tb, b.deal(d)))
    })
    .est
}

/// Every measure's paired difference a − b over the deals both played (no interval when a
/// side's Σx is 0).
pub fn paired_metrics(measures: &[Measure], a: &SetSums, b: &SetSums) -> Vec<Est> {
    let (a, b) = paired_sums(a, b);
    let (ta, tb) = (as_f64(&a.totals()), as_f64(&b.totals()));
    measures
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let (y, x) = (2 * i, 2 * i + 1);
            if x >= ta.len() || x >= tb.len() {
                return unknown(0.0);
            }
            let value = metric_value(m, ta[y], ta[x]) - metric_value(m, tb[y], tb[x]);
            if ta[x] == 0.0 || tb[x] == 0.0 {
                return unknown(value);
            }
            jackknife(a.blocks(), value, |d| {
                let (sa, sb) = (a.deal(d), b.deal(d));
                metric_value(m, ta[y] - at(sa, y), ta[x] - at(sa, x))
                    - metric_value(m, tb[y] - at(sb, y), tb[x] - at(sb, x))
            })
            .est
        })
        .collect()
}

/// One objective's order of two sets: feasible (violation 0) first, infeasible by violation,
/// then by value.
fn by_objective(a: &Evaluation, b: &Evaluation) -> Ordering {
    let key = |e: &Evaluation| (e.violation > 0.0, e.violation);
    let (ka, kb) = (key(a), key(b));
    ka.0.cmp(&kb.0)
        .then(ka.1.total_cmp(&kb.1))
        .then(a.objective.value.total_cmp(&b.objective.value))
}

/// Whether `a` dominates `b` (constrained domination over several objectives): a feasible
/// set dominates an infeasible one; of two infeasible sets the one of lower total violation
/// dominates; of two feasible sets, the one no worse in every objective's value and better
/// in one.
fn dominates(a: &[Evaluation], b: &[Evaluation]) -> bool {
    let v = |e: &[Evaluation]| e.iter().map(|x| x.violation).sum::<f64>();
    let (va, vb) = (v(a), v(b));
    if va > 0.0 || vb > 0.0 {
        return va < vb;
    }
    let mut better = false;
    for (x, y) in a.iter().zip(b) {
        match x.objective.value.total_cmp(&y.objective.value) {
            Ordering::Greater => return false,
            Ordering::Less => better = true,
            Ordering::Equal => {}
        }
    }
    better
}

/// How [`rank`] breaks ties between sets equal on every objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ties {
    /// Fewer changes, then lower index: the final ranking's order (a designer prefers the
    /// smaller change among equals).
    FewerChanges,
    /// A fixed shuffle of the indices by this seed: a screening stage's order. Estimates on a
    /// few deals tie often (one deal gives every set the same seat advantage), and breaking
    /// those ties by changes would keep the sets nearest the base and never look further.
    Shuffled(u64),
}

impl Ties {
    fn cmp(self, changes: (u32, u32), indices: (u64, u64)) -> Ordering {
        match self {
            Ties::FewerChanges => changes.0.cmp(&changes.1).then(indices.0.cmp(&indices.1)),
            Ties::Shuffled(seed) => {
                let key = |i: u64| mix(seed ^ mix(i.wrapping_add(0x5EA2_C4ED)));
                key(indices.0)
                    .cmp(&key(indices.1))
                    .then(indices.0.cmp(&indices.1))
            }
        }
    }
}

/// SplitMix64's finaliser: a bijection of `u64` that scatters neighbouring inputs.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Orders sets best first: feasible (violation 0) before infeasible (by violation), then
/// objective value, then `ties` (fewer changes, then lower index; or a seeded shuffle). Several objectives: non-dominated
/// sorting front by front, by constrained domination (a feasible set dominates an infeasible
/// one, of two infeasible sets the one of lower total violation dominates, of two feasible
/// sets Pareto dominance on the objectives' values); within a front by the sum of the set's
/// ranks in each objective (its 1-based place in that objective's own order), then `ties`. Two objectives take O(n log n); more may take O(n²) with large fronts. Returns positions into `evals` plus each set's front number
/// (1-based; 1 for every set when one objective).
pub fn rank(
    evals: &[Vec<Evaluation>],
    changes: &[u32],
    indices: &[u64],
    ties: Ties,
) -> Vec<(usize, u32)> {
    let n = evals.len();
    let objectives = evals.first().map_or(0, Vec::len);
    let tie = |a: usize, b: usize| {
        let ch = |i: usize| changes.get(i).copied().unwrap_or(0);
        let ix = |i: usize| indices.get(i).copied().unwrap_or(i as u64);
        ties.cmp((ch(a), ch(b)), (ix(a), ix(b)))
    };
    // Each objective's own order, and each set's place in it.
    let mut places = vec![0u64; n];
    for o in 0..objectives {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| by_objective(&evals[a][o], &evals[b][o]).then(tie(a, b)));
        if objectives == 1 {
            return order.into_iter().map(|i| (i, 1)).collect();
        }
        for (place, &i) in order.iter().enumerate() {
            places[i] += place as u64 + 1;
        }
    }
    let front = fronts(evals);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        front[a]
            .cmp(&front[b])
            .then(places[a].cmp(&places[b]))
            .then(tie(a, b))
    });
    order.into_iter().map(|i| (i, front[i])).collect()
}

/// Each set's front (1-based) by constrained non-dominated sorting: sets in lexicographic
/// order (total violation, then each objective's value), each placed in the first front none
/// of whose members dominates it (a member can only be dominated by one before it); fronts
/// are searched by bisection, as a set dominated by a member of front `k` is dominated by one
/// of every front before.
fn fronts(evals: &[Vec<Evaluation>]) -> Vec<u32> {
    let n = evals.len();
    let violation = |i: usize| evals[i].iter().map(|e| e.violation).sum::<f64>();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        violation(a).total_cmp(&violation(b)).then_with(|| {
            evals[a]
                .iter()
                .zip(&evals[b])
                .map(|(x, y)| x.objective.value.total_cmp(&y.objective.value))
                .find(|o| *o != Ordering::Equal)
                .unwrap_or(Ordering::Equal)
        })
    });
    let mut members: Vec<Vec<usize>> = Vec::new();
    let mut front = vec![0u32; n];
    for &i in &order {
        let vi = violation(i);
        let dominated_in = |f: &Vec<usize>| {
            if vi > 0.0 {
                // Members come by violation: the first has the front's least.
                f.first().is_some_and(|&j| violation(j) < vi)
            } else if evals[i].len() == 2 {
                // Two objectives, feasible: the front's values fall in the second as they
                // rise in the first, so its last member dominates i if any does.
                f.last().is_some_and(|&j| dominates(&evals[j], &evals[i]))
            } else {
                f.iter().any(|&j| dominates(&evals[j], &evals[i]))
            }
        };
        // The first front that does not dominate i.
        let (mut lo, mut hi) = (0, members.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if dominated_in(&members[mid]) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if lo == members.len() {
            members.push(Vec::new());
        }
        members[lo].push(i);
        front[i] = lo as u32 + 1;
    }
    front
}
