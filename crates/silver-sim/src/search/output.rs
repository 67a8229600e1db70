//! A search's results: `search.csv` (every set of every stage, evaluated on every deal it has
//! played at the stage's fidelity), `ranking.csv` (the finalists and the base at the last
//! fidelity, best first, with paired differences from the best and from the base) and the
//! ranking as text.

use super::objective::Evaluation;
use super::{FidelityKind, Measure, SearchPlan};
use crate::design::card::METRICS;
use crate::output::{csv_header, CsvRow};
use silver_stats::Est;

/// A measure's column name: `METRIC[KEY]@P`, or `METRIC@P` without a key.
pub fn measure_name(m: &Measure) -> String {
    let metric = METRICS[m.metric].name;
    if m.key.is_empty() {
        format!("{metric}@{}", m.players)
    } else {
        format!("{metric}[{}]@{}", m.key, m.players)
    }
}

/// A float, or an empty field when it is not a number (an interval of one deal).
fn float(row: &mut CsvRow, x: f64) {
    if x.is_finite() {
        row.float(x);
    } else {
        row.empty();
    }
}

fn est(row: &mut CsvRow, e: &Est) {
    float(row, e.value);
    float(row, e.low);
    float(row, e.high);
}

/// The header of `search.csv`.
pub(crate) fn search_header(plan: &SearchPlan) -> Vec<u8> {
    let mut names: Vec<String> = [
        "stage", "fidelity", "set", "index", "changes", "deals", "games",
    ]
    .map(String::from)
    .to_vec();
    for o in &plan.objectives {
        let n = &o.name;
        names.extend([
            n.clone(),
            format!("{n}_low95"),
            format!("{n}_high95"),
            format!("{n}_violation"),
        ]);
    }
    push_measures(&mut names, plan);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    csv_header(&names)
}

fn push_measures(names: &mut Vec<String>, plan: &SearchPlan) {
    for m in &plan.fidelities[0].measures {
        let n = measure_name(m);
        names.extend([n.clone(), format!("{n}_low95"), format!("{n}_high95")]);
    }
}

/// One set as a stage evaluated it.
pub(crate) struct SetRow<'a> {
    /// Stage number.
    pub(crate) stage: usize,
    /// The stage's fidelity.
    pub(crate) fidelity: FidelityKind,
    /// The set's canonical name.
    pub(crate) name: &'a str,
    /// Its space index.
    pub(crate) index: u64,
    /// Dimensions changed from the base.
    pub(crate) changes: u32,
    /// Deals it has played at this fidelity.
    pub(crate) deals: u64,
    /// Games of those deals.
    pub(crate) games: u64,
    /// Per objective.
    pub(crate) evals: &'a [Evaluation],
}

/// Appends one row of `search.csv`.
pub(crate) fn search_row(out: &mut Vec<u8>, r: &SetRow) {
    let mut row = CsvRow::new(out);
    row.count(r.stage as u64)
        .text(r.fidelity.name())
        .text(r.name)
        .count(r.index)
        .count(r.changes as u64)
        .count(r.deals)
        .count(r.games);
    for e in r.evals {
        est(&mut row, &e.objective);
        float(&mut row, e.violation);
    }
    // Every objective reads the same measures.
    if let Some(e) = r.evals.first() {
        for m in &e.metrics {
            est(&mut row, m);
        }
    }
    row.end();
}

/// One objective of a ranked set.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedObjective {
    /// Its value with its 95% interval (over deals).
    pub est: Est,
    /// This set minus the best set, paired over the same deals.
    pub d_best: Est,
    /// This set minus the base, paired over the same deals.
    pub d_base: Est,
    /// Constraint penalties at the point estimate (0: feasible).
    pub violation: f64,
}

/// One set of the ranking.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedSet {
    /// Its place, 1 = best.
    pub rank: usize,
    /// Its Pareto front (1 with one objective).
    pub front: u32,
    /// Its canonical name.
    pub name: String,
    /// Its space index (0: the base).
    pub index: u64,
    /// Dimensions changed from the base.
    pub changes: u32,
    /// Deals it was certified on.
    pub deals: u64,
    /// Games of those deals.
    pub games: u64,
    /// Per objective.
    pub objectives: Vec<RankedObjective>,
    /// Per measure, with its 95% interval.
    pub metrics: Vec<Est>,
}

/// The certified result: the finalists and the base at the last fidelity, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranking {
    /// The fidelity they were ranked at (confirm if the search has one, else certify).
    pub fidelity: FidelityKind,
    /// The objectives' names.
    pub objectives: Vec<String>,
    /// The measures' column names.
    pub measures: Vec<String>,
    /// Best first.
    pub rows: Vec<RankedSet>,
}

/// `ranking.csv`.
pub(crate) fn ranking_csv(plan: &SearchPlan, r: &Ranking) -> Vec<u8> {
    let mut names: Vec<String> = [
        "rank", "front", "set", "index", "changes", "fidelity", "deals", "games",
    ]
    .map(String::from)
    .to_vec();
    for n in &r.objectives {
        for suffix in [
            "",
            "_low95",
            "_high95",
            "_d_best",
            "_d_best_low95",
            "_d_best_high95",
            "_d_base",
            "_d_base_low95",
            "_d_base_high95",
            "_violation",
        ] {
            names.push(format!("{n}{suffix}"));
        }
    }
    push_measures(&mut names, plan);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut out = csv_header(&names);
    for s in &r.rows {
        let mut row = CsvRow::new(&mut out);
        row.count(s.rank as u64)
            .count(s.front as u64)
            .text(&s.name)
            .count(s.index)
            .count(s.changes as u64)
            .text(r.fidelity.name())
            .count(s.deals)
            .count(s.games);
        for o in &s.objectives {
            est(&mut row, &o.est);
            est(&mut row, &o.d_best);
            est(&mut row, &o.d_base);
            float(&mut row, o.violation);
        }
        for m in &s.metrics {
            est(&mut row, m);
        }
        row.end();
    }
    out
}

/// An estimate as `1.234 [1.000, 1.468]` (the interval left out when there is none).
fn est_text(e: &Est) -> String {
    if e.low.is_finite() && e.high.is_finite() {
        format!("{:.3} [{:.3}, {:.3}]", e.value, e.low, e.high)
    } else {
        format!("{:.3}", e.value)
    }
}

/// The ranking as a text table: per set its place, front (several objectives), name and
/// changes, and per objective its value and its paired difference from the base, each with
/// its 95% interval; infeasible sets are marked.
pub fn ranking_text(r: &Ranking) -> String {
    let several = r.objectives.len() > 1;
    let mut head = vec!["rank".to_string()];
    if several {
        head.push("front".into());
    }
    head.extend(["set".into(), "changes".into()]);
    for n in &r.objectives {
        head.push(n.clone());
        head.push(format!("{n} - base"));
    }
    let mut rows = vec![head];
    for s in &r.rows {
        let mut row = vec![format!(
            "{}{}",
            s.rank,
            if s.objectives.iter().any(|o| o.violation > 0.0) {
                " (infeasible)"
            } else {
                ""
            }
        )];
        if several {
            row.push(s.front.to_string());
        }
        let base = if s.index == 0 { " (base)" } else { "" };
        row.push(format!("{}{base}", s.name));
        row.push(s.changes.to_string());
        for o in &s.objectives {
            row.push(est_text(&o.est));
            row.push(est_text(&o.d_base));
        }
        rows.push(row);
    }
    let cols = rows[0].len();
    let widths: Vec<usize> = (0..cols)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = format!(
        "ranking at the {} fidelity (lower is better), 95% intervals over deals\n",
        r.fidelity.name()
    );
    for row in &rows {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(x, w)| format!("{x:<w$}"))
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}
