//! A balance search's page: a directory holding `search.json` (the search's record of
//! itself), `search.csv` (every set of every stage with its objectives and measures) and
//! `ranking.csv` (the certified finalists and the base, best first, with paired differences
//! from the best and from the base). Both CSV files are read by their headers' names, since the
//! objectives and measures vary from search to search: an objective `OBJ` is a column with
//! `OBJ_low95`, `OBJ_high95` and `OBJ_violation` beside it (and in `ranking.csv` its `OBJ_d_best`
//! and `OBJ_d_base` estimates); a measure is any other column with `_low95` and `_high95`
//! partners. A missing, short or malformed file is a one-line error naming it (and the line).
//!
//! The page: the search (from `search.json`) and its stages; the distribution of each
//! objective per stage; the ranking with its paired intervals (as a table and as forest plots);
//! the finalists' measures side by side; and, with two or more objectives, the Pareto front of
//! the first two over the last stage's sets.

mod charts;

use crate::charts::Interval;
use crate::design::charts::Estimate;
use crate::{Block, Report, ReportError, Result, Section, Table};
use charts::{Bins, Panel, Point};
use std::path::{Path, PathBuf};

/// The search's record: its presence makes a directory a search's.
pub(crate) const MANIFEST: &str = "search.json";
/// Every set of every stage.
const SEARCH_CSV: &str = "search.csv";
/// The certified finalists and the base, best first.
const RANKING_CSV: &str = "ranking.csv";

/// `search.csv`'s leading columns.
const SEARCH_FIXED: [&str; 7] = [
    "stage", "fidelity", "set", "index", "changes", "deals", "games",
];
/// `ranking.csv`'s leading columns.
const RANKING_FIXED: [&str; 8] = [
    "rank", "front", "set", "index", "changes", "fidelity", "deals", "games",
];
/// Histogram bins of an objective's distribution.
const BINS: usize = 30;

/// The columns of an estimate and its interval.
#[derive(Clone, Copy, Debug)]
struct Cols {
    value: usize,
    low: usize,
    high: usize,
}

/// An objective's columns.
struct ObjectiveCols {
    name: String,
    est: Cols,
    violation: usize,
    /// `ranking.csv`: the paired difference from the best and from the base.
    d: Option<(Cols, Cols)>,
}

/// A measure's columns.
struct MeasureCols {
    name: String,
    est: Cols,
}

/// One objective's numbers in one row.
struct ObjectiveValues {
    est: Estimate,
    violation: f64,
    d_best: Estimate,
    d_base: Estimate,
}

/// One row of either file: its cells as written and the numbers the page needs.
struct Row {
    cells: Vec<String>,
    /// `search.csv`: the stage (0 in `ranking.csv`).
    stage: u64,
    /// `ranking.csv`: the rank (0 in `search.csv`).
    rank: u64,
    set: String,
    fidelity: String,
    index: u64,
    deals: u64,
    games: u64,
    objectives: Vec<ObjectiveValues>,
}

impl Row {
    /// Whether every constraint of every objective is kept.
    fn feasible(&self) -> bool {
        self.objectives.iter().all(|o| o.violation == 0.0)
    }

    /// The base set (index 0 of the space).
    fn base(&self) -> bool {
        self.index == 0
    }

    /// The ordering key of objective `k`: constraints kept first (by violation), then the value.
    fn key(&self, k: usize) -> (f64, f64) {
        let o = &self.objectives[k];
        (o.violation, o.est.value)
    }
}

/// One of the two files, read.
struct File {
    path: PathBuf,
    header: Vec<String>,
    objectives: Vec<ObjectiveCols>,
    measures: Vec<MeasureCols>,
    rows: Vec<Row>,
}

/// Where in a file a problem is.
struct At<'a> {
    path: &'a Path,
    line: u64,
}

impl At<'_> {
    fn err(&self, problem: impl std::fmt::Display) -> ReportError {
        ReportError::Csv {
            path: self.path.to_path_buf(),
            problem: format!("line {}: {problem}", self.line),
        }
    }

    fn count(&self, column: &str, cell: &str) -> Result<u64> {
        cell.parse::<u64>()
            .map_err(|_| self.err(format!("{column} `{cell}` is not a count")))
    }

    /// A number; an empty cell is unknown (NaN), as an interval with one deal.
    fn num(&self, column: &str, cell: &str) -> Result<f64> {
        if cell.is_empty() {
            return Ok(f64::NAN);
        }
        cell.parse::<f64>()
            .map_err(|_| self.err(format!("{column} `{cell}` is not a number")))
    }

    fn est(&self, header: &[String], cells: &[String], c: Cols) -> Result<Estimate> {
        Ok(Estimate {
            value: self.num(&header[c.value], &cells[c.value])?,
            low: self.num(&header[c.low], &cells[c.low])?,
            high: self.num(&header[c.high], &cells[c.high])?,
        })
    }
}

fn unknown() -> Estimate {
    Estimate {
        value: f64::NAN,
        low: f64::NAN,
        high: f64::NAN,
    }
}

/// The objectives' and measures' columns of a header.
fn layout(
    path: &Path,
    header: &[String],
    fixed: &[&str],
    ranking: bool,
) -> Result<(Vec<ObjectiveCols>, Vec<MeasureCols>)> {
    let at = At { path, line: 1 };
    let find = |c: &str| header.iter().position(|h| h == c);
    let need = |c: &str| find(c).ok_or_else(|| at.err(format!("no `{c}` column")));
    let est = |stem: &str| -> Option<Cols> {
        Some(Cols {
            value: find(stem)?,
            low: find(&format!("{stem}_low95"))?,
            high: find(&format!("{stem}_high95"))?,
        })
    };
    let mut taken = vec![false; header.len()];
    for c in fixed {
        taken[need(c)?] = true;
    }
    let mut objectives = Vec::new();
    for h in header {
        let (Some(e), Some(violation)) = (est(h), find(&format!("{h}_violation"))) else {
            continue;
        };
        if taken[e.value] {
            continue;
        }
        let mut cols = vec![e.value, e.low, e.high, violation];
        let d = if ranking {
            let mut d = Vec::new();
            for which in ["d_best", "d_base"] {
                let stem = format!("{h}_{which}");
                let c = Cols {
                    value: need(&stem)?,
                    low: need(&format!("{stem}_low95"))?,
                    high: need(&format!("{stem}_high95"))?,
                };
                cols.extend([c.value, c.low, c.high]);
                d.push(c);
            }
            Some((d[0], d[1]))
        } else {
            None
        };
        for c in cols {
            taken[c] = true;
        }
        objectives.push(ObjectiveCols {
            name: h.clone(),
            est: e,
            violation,
            d,
        });
    }
    if objectives.is_empty() {
        return Err(
            at.err("no objective's columns (`OBJ`, `OBJ_low95`, `OBJ_high95`, `OBJ_violation`)")
        );
    }
    let mut measures = Vec::new();
    for (i, h) in header.iter().enumerate() {
        if taken[i] {
            continue;
        }
        if let Some(e) = est(h).filter(|e| !taken[e.low] && !taken[e.high]) {
            measures.push(MeasureCols {
                name: h.clone(),
                est: e,
            });
        }
    }
    Ok((objectives, measures))
}

/// Reads `search.csv` or (`ranking`) `ranking.csv` strictly: the header's columns by name, and
/// every row's fields in their form.
fn read(path: &Path, ranking: bool) -> Result<File> {
    let bytes = std::fs::read(path).map_err(|source| ReportError::Read {
        path: path.to_path_buf(),
        source: if source.kind() == std::io::ErrorKind::NotFound {
            std::io::Error::new(
                source.kind(),
                "missing: the search has not written its outputs (it writes them when every stage is done)",
            )
        } else {
            source
        },
    })?;
    parse(path, &bytes, ranking)
}

/// Parses the bytes of `search.csv` or (`ranking`) `ranking.csv`, read from `path`.
fn parse(path: &Path, bytes: &[u8], ranking: bool) -> Result<File> {
    let fixed: &[&str] = if ranking {
        &RANKING_FIXED
    } else {
        &SEARCH_FIXED
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(bytes);
    let mut header: Option<(Vec<String>, Vec<ObjectiveCols>, Vec<MeasureCols>)> = None;
    let mut rows = Vec::new();
    for rec in reader.records() {
        let rec = rec.map_err(|e| ReportError::Csv {
            path: path.to_path_buf(),
            problem: e.to_string(),
        })?;
        let cells: Vec<String> = rec.iter().map(str::to_string).collect();
        let Some((names, objectives, measures)) = &header else {
            let (o, m) = layout(path, &cells, fixed, ranking)?;
            header = Some((cells, o, m));
            continue;
        };
        let at = At {
            path,
            line: rec.position().map_or(0, |p| p.line()),
        };
        if cells.len() != names.len() {
            return Err(at.err(format!(
                "{} fields, the header has {}",
                cells.len(),
                names.len()
            )));
        }
        let col = |name: &str| names.iter().position(|h| h == name).unwrap_or(0);
        let count = |name: &str| at.count(name, &cells[col(name)]);
        let (stage, rank) = if ranking {
            (0, count("rank")?)
        } else {
            (count("stage")?, 0)
        };
        if stage == 0 && rank == 0 {
            return Err(at.err(if ranking {
                "rank 0 (ranks start at 1)"
            } else {
                "stage 0 (stages start at 1)"
            }));
        }
        if ranking {
            count("front")?;
        }
        count("changes")?;
        let mut values = Vec::with_capacity(objectives.len());
        for o in objectives {
            let (d_best, d_base) = match o.d {
                Some((b, z)) => (at.est(names, &cells, b)?, at.est(names, &cells, z)?),
                None => (unknown(), unknown()),
            };
            values.push(ObjectiveValues {
                est: at.est(names, &cells, o.est)?,
                violation: at.num(&names[o.violation], &cells[o.violation])?,
                d_best,
                d_base,
            });
        }
        // Every measure is a number (the page shows them as written, never a non-number).
        for m in measures {
            at.est(names, &cells, m.est)?;
        }
        rows.push(Row {
            stage,
            rank,
            set: cells[col("set")].clone(),
            fidelity: cells[col("fidelity")].clone(),
            index: count("index")?,
            deals: count("deals")?,
            games: count("games")?,
            objectives: values,
            cells,
        });
    }
    let Some((header, objectives, measures)) = header else {
        return Err(At { path, line: 1 }.err("empty file, no header"));
    };
    if rows.is_empty() {
        return Err(At { path, line: 2 }.err("no rows"));
    }
    Ok(File {
        path: path.to_path_buf(),
        header,
        objectives,
        measures,
        rows,
    })
}

/// A value with its interval as written: `v [low, high]`, or `v` when the interval is empty.
fn with_interval(cells: &[String], c: Cols) -> String {
    if cells[c.low].is_empty() && cells[c.high].is_empty() {
        cells[c.value].clone()
    } else {
        format!("{} [{}, {}]", cells[c.value], cells[c.low], cells[c.high])
    }
}

/// An interval as written: `[low, high]`, or empty.
fn interval(cells: &[String], c: Cols) -> String {
    if cells[c.low].is_empty() && cells[c.high].is_empty() {
        String::new()
    } else {
        format!("[{}, {}]", cells[c.low], cells[c.high])
    }
}

/// The best row of some rows by objective `k`'s point estimate: constraints kept first (by
/// violation), then the value, then the lower index.
fn best<'a>(rows: &[&'a Row], k: usize) -> Option<&'a Row> {
    rows.iter()
        .filter(|r| r.key(k).0.is_finite() && r.key(k).1.is_finite())
        .min_by(|a, b| {
            let (ka, kb) = (a.key(k), b.key(k));
            ka.0.total_cmp(&kb.0)
                .then(ka.1.total_cmp(&kb.1))
                .then(a.index.cmp(&b.index))
        })
        .copied()
}

/// The first front of some sets on two objectives, each compared by (violation, value): a set
/// is on it when no other set is at least as good on both and better on one. Sets with an
/// unknown value are on no front.
fn first_front(rows: &[&Row], a: usize, b: usize) -> Vec<bool> {
    let le = |x: (f64, f64), y: (f64, f64)| x.0.total_cmp(&y.0).then(x.1.total_cmp(&y.1));
    let known = |r: &Row| {
        [r.key(a), r.key(b)]
            .iter()
            .all(|k| k.0.is_finite() && k.1.is_finite())
    };
    rows.iter()
        .map(|r| {
            known(r)
                && !rows.iter().any(|o| {
                    let (x, y) = (le(o.key(a), r.key(a)), le(o.key(b), r.key(b)));
                    known(o) && x.is_le() && y.is_le() && (x.is_lt() || y.is_lt())
                })
        })
        .collect()
}

/// The histogram bins of the objective's values (all stages pooled): from the smallest value
/// to the largest, or to the 99th percentile when a long tail would squeeze the rest into a
/// few bins (the rest then counted in the last bin).
fn bins(values: &[f64]) -> Bins {
    let mut v: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
    v.sort_by(f64::total_cmp);
    let (Some(&lo), Some(&max)) = (v.first(), v.last()) else {
        return Bins {
            lo: 0.0,
            width: 1.0 / BINS as f64,
            n: BINS,
            clipped: None,
        };
    };
    let q99 = v[((v.len() as f64 * 0.99).ceil() as usize).clamp(1, v.len()) - 1];
    let (hi, clipped) = if q99 < max && q99 > lo && (max - lo) > 4.0 * (q99 - lo) {
        (q99, Some(q99))
    } else {
        (max, None)
    };
    if hi <= lo {
        return Bins {
            lo: lo - 0.5,
            width: 1.0 / BINS as f64,
            n: BINS,
            clipped: None,
        };
    }
    // The last bin ends a little past the largest value, so it is inside.
    let width = (hi - lo) / BINS as f64 * 1.0001;
    Bins {
        lo,
        width,
        n: BINS,
        clipped: clipped.map(|_| lo + width * BINS as f64),
    }
}

/// The about table: what `search.json` records (the name first, then its other keys; a text
/// of several lines one row per line, a list one row per item), then what the files hold.
fn about(
    name: &str,
    json: &serde_json::Map<String, serde_json::Value>,
    search: &File,
    ranking: &File,
) -> Table {
    let mut t = Table::new("run", "The search", &["key", "value"]);
    let mut kv = |k: &str, v: String| t.rows.push(vec![k.to_string(), v]);
    kv("kind", "balance search".into());
    kv("name", name.to_string());
    for (k, v) in json.iter().filter(|(k, _)| *k != "name") {
        match v {
            serde_json::Value::Null => {}
            serde_json::Value::String(s) => s.lines().for_each(|l| kv(k, l.to_string())),
            serde_json::Value::Array(items) if items.iter().all(|i| i.is_string()) => items
                .iter()
                .for_each(|i| kv(k, i.as_str().unwrap_or_default().to_string())),
            other => kv(k, other.to_string()),
        }
    }
    let names = |f: &File| -> Vec<String> { f.objectives.iter().map(|o| o.name.clone()).collect() };
    kv("objectives", names(search).join(", "));
    kv(
        "measures",
        search
            .measures
            .iter()
            .map(|m| m.name.clone())
            .collect::<Vec<_>>()
            .join(", "),
    );
    let stages: std::collections::BTreeSet<u64> = search.rows.iter().map(|r| r.stage).collect();
    kv("stages", stages.len().to_string());
    kv("rows of search.csv", search.rows.len().to_string());
    kv(
        "ranked (ranking.csv)",
        format!(
            "{} finalists and the base",
            ranking.rows.iter().filter(|r| !r.base()).count()
        ),
    );
    t
}

/// A column's range over some rows, as `a` or `a–b`.
fn span(values: impl Iterator<Item = u64>) -> String {
    let v: Vec<u64> = values.collect();
    match (v.iter().min(), v.iter().max()) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) => format!("{a}–{b}"),
        _ => String::new(),
    }
}

/// The stages: a table (sets, deals and games per set, each objective's best set by its point
/// estimate) and each objective's distribution per stage.
fn stages(search: &File) -> Result<Section> {
    let mut section = Section::new("stages", "Stages");
    let mut numbers: Vec<u64> = search.rows.iter().map(|r| r.stage).collect();
    numbers.sort_unstable();
    numbers.dedup();
    let of = |s: u64| -> Vec<&Row> { search.rows.iter().filter(|r| r.stage == s).collect() };
    let mut columns = vec![
        "stage".to_string(),
        "fidelity".into(),
        "sets".into(),
        "deals per set".into(),
        "games per set".into(),
    ];
    for o in &search.objectives {
        columns.push(format!("best by {}", o.name));
        columns.push(o.name.clone());
        columns.push(format!("sets keeping {}'s constraints", o.name));
    }
    let mut table = Table {
        id: "search-stages".into(),
        title: "Stages (search.csv): each objective's best set by its point estimate over every deal it played at the stage's fidelity"
            .into(),
        columns,
        rows: Vec::new(),
    };
    for &s in &numbers {
        let rows = of(s);
        let fidelities: std::collections::BTreeSet<&str> =
            rows.iter().map(|r| r.fidelity.as_str()).collect();
        let mut row = vec![
            s.to_string(),
            fidelities.into_iter().collect::<Vec<_>>().join(", "),
            rows.len().to_string(),
            span(rows.iter().map(|r| r.deals)),
            span(rows.iter().map(|r| r.games)),
        ];
        for (k, o) in search.objectives.iter().enumerate() {
            match best(&rows, k) {
                Some(b) => {
                    row.push(b.set.clone());
                    row.push(with_interval(&b.cells, o.est));
                }
                None => row.extend([String::new(), String::new()]),
            }
            row.push(
                rows.iter()
                    .filter(|r| r.objectives[k].violation == 0.0)
                    .count()
                    .to_string(),
            );
        }
        table.rows.push(row);
    }
    for (k, o) in search.objectives.iter().enumerate() {
        let values: Vec<f64> = search
            .rows
            .iter()
            .map(|r| r.objectives[k].est.value)
            .collect();
        let b = bins(&values);
        let panels: Vec<Panel> = numbers
            .iter()
            .map(|&s| {
                let rows = of(s);
                let (mut feasible, mut infeasible) = (vec![0; b.n], vec![0; b.n]);
                for r in &rows {
                    let x = r.objectives[k].est.value;
                    if x.is_finite() {
                        if r.objectives[k].violation == 0.0 {
                            feasible[b.of(x)] += 1;
                        } else {
                            infeasible[b.of(x)] += 1;
                        }
                    }
                }
                let fidelity = rows.first().map_or("", |r| r.fidelity.as_str());
                Panel {
                    title: format!("stage {s} ({fidelity}): {} sets", rows.len()),
                    feasible,
                    infeasible,
                    base: rows
                        .iter()
                        .find(|r| r.base())
                        .map(|r| r.objectives[k].est.value),
                }
            })
            .collect();
        let id = format!("search-dist-{}", o.name);
        let clipped = b
            .clipped
            .map(|x| format!(" The last bin also holds every value above {x:.4}."))
            .unwrap_or_default();
        section.figure(
            &id,
            &format!("The objective {} of every set in each stage (lower is better): its point estimate over every deal the set played at the stage's fidelity, so early stages, on few deals, are noisy; blue: the set keeps the objective's constraints, orange (stacked): it breaks one; dashed: the base set.{clipped}", o.name),
            charts::stage_histograms(
                &id,
                &format!("{} by stage", o.name),
                &format!("{} (lower is better)", o.name),
                &b,
                &panels,
            )?,
        );
    }
    section.blocks.push(Block::Table(table));
    Ok(section)
}

/// The label of a ranked set: `#RANK SET`, the base marked.
fn ranked_label(r: &Row) -> String {
    if r.base() {
        format!("#{} {} (base)", r.rank, r.set)
    } else {
        format!("#{} {}", r.rank, r.set)
    }
}

/// The ranking: its table with the paired intervals against the best and the base, and per
/// objective the paired differences as forest plots.
fn ranking_section(ranking: &File) -> Result<Section> {
    let mut section = Section::new("ranking", "Ranking (ranking.csv)");
    let mut columns: Vec<String> = [
        "rank", "front", "set", "changes", "fidelity", "deals", "games",
    ]
    .iter()
    .map(|c| c.to_string())
    .collect();
    for o in &ranking.objectives {
        let n = &o.name;
        columns.extend([
            n.clone(),
            format!("{n} 95% interval"),
            format!("{n} minus the best"),
            format!("{n} minus the best, paired 95% interval"),
            format!("{n} minus the base"),
            format!("{n} minus the base, paired 95% interval"),
            format!("{n} violation"),
        ]);
    }
    let mut table = Table {
        id: "search-ranking".into(),
        title: "The certified finalists and the base, best first: each objective with its 95% interval, and its paired differences (the same deals) from the best set and from the base".into(),
        columns,
        rows: Vec::new(),
    };
    let col = |name: &str| ranking.header.iter().position(|h| h == name).unwrap_or(0);
    for r in &ranking.rows {
        let c = &r.cells;
        let mut row = vec![c[col("rank")].clone(), c[col("front")].clone()];
        row.push(if r.base() {
            format!("{} (base)", r.set)
        } else {
            r.set.clone()
        });
        for name in ["changes", "fidelity", "deals", "games"] {
            row.push(c[col(name)].clone());
        }
        for o in &ranking.objectives {
            row.push(c[o.est.value].clone());
            row.push(interval(c, o.est));
            if let Some((b, z)) = o.d {
                row.extend([
                    c[b.value].clone(),
                    interval(c, b),
                    c[z.value].clone(),
                    interval(c, z),
                ]);
            }
            row.push(c[o.violation].clone());
        }
        table.rows.push(row);
    }
    for (k, o) in ranking.objectives.iter().enumerate() {
        for (which, what, pick) in [
            ("best", "the best set", 0usize),
            ("base", "the base set", 1usize),
        ] {
            // The best at the top: the plot draws its first row at the bottom.
            let rows: Vec<Interval> = ranking
                .rows
                .iter()
                .rev()
                .map(|r| {
                    let v = &r.objectives[k];
                    let d = if pick == 0 { &v.d_best } else { &v.d_base };
                    Interval {
                        label: ranked_label(r),
                        value: d.value,
                        low: d.low,
                        high: d.high,
                        flagged: r.base(),
                    }
                })
                .collect();
            let id = format!("search-d-{which}-{}", o.name);
            section.figure(
                &id,
                &format!("The objective {} of each ranked set minus {what}'s, with the paired 95% interval over the deals both played (lower is better); the dashed line is no difference; orange: the base set.", o.name),
                crate::charts::dot_whisker(
                    &id,
                    &format!("{}: set minus {what}", o.name),
                    &format!("{} difference (lower is better)", o.name),
                    &rows,
                    Some(0.0),
                )?,
            );
        }
    }
    section.blocks.push(Block::Table(table));
    Ok(section)
}

/// The finalists' measures side by side: one column per ranked set, one row per objective and
/// measure, each with its interval.
fn finalists(ranking: &File) -> Section {
    let mut section = Section::new("finalists", "The finalists side by side");
    let mut columns = vec!["measure".to_string()];
    columns.extend(ranking.rows.iter().map(ranked_label));
    let mut table = Table {
        id: "search-finalists".into(),
        title: "Each ranked set's objectives and measured metrics at the last fidelity, with 95% intervals (columns in rank order; a measure is METRIC[KEY]@PLAYERS)".into(),
        columns,
        rows: Vec::new(),
    };
    for o in &ranking.objectives {
        let mut row = vec![format!("objective {}", o.name)];
        row.extend(ranking.rows.iter().map(|r| with_interval(&r.cells, o.est)));
        table.rows.push(row);
        let mut row = vec![format!("{} violation", o.name)];
        row.extend(ranking.rows.iter().map(|r| r.cells[o.violation].clone()));
        table.rows.push(row);
    }
    for m in &ranking.measures {
        let mut row = vec![m.name.clone()];
        row.extend(ranking.rows.iter().map(|r| with_interval(&r.cells, m.est)));
        table.rows.push(row);
    }
    section.blocks.push(Block::Table(table));
    section
}

/// The Pareto front of the first two objectives over the last stage's sets.
fn pareto(search: &File, ranking: &File) -> Result<Section> {
    let last = search.rows.iter().map(|r| r.stage).max().unwrap_or(0);
    let rows: Vec<&Row> = search.rows.iter().filter(|r| r.stage == last).collect();
    let front = first_front(&rows, 0, 1);
    let (a, b) = (&search.objectives[0].name, &search.objectives[1].name);
    let mut section = Section::new("pareto", "Pareto front");
    let points: Vec<Point> = rows
        .iter()
        .zip(&front)
        .map(|(r, &on)| Point {
            label: r.set.clone(),
            tag: ranking
                .rows
                .iter()
                .find(|x| x.index == r.index)
                .map_or(String::new(), |x| format!("#{}", x.rank)),
            x: r.objectives[0].est.clone(),
            y: r.objectives[1].est.clone(),
            front: on,
            feasible: r.feasible(),
            base: r.base(),
        })
        .collect();
    let id = "search-pareto";
    let fidelity = rows.first().map_or("", |r| r.fidelity.as_str());
    section.figure(
        id,
        &format!("The sets of the last stage (stage {last}, {fidelity}) by the objectives {a} and {b}, each with its 95% interval; blue and joined: the first front (no other set is at least as good on both and better on one, a set keeping its constraints being better than one that breaks them); hollow: the set breaks a constraint; orange square: the base; #N: the set's rank."),
        charts::pareto(id, &format!("Pareto front: {a} and {b}"), (a, b), &points)?,
    );
    let mut table = Table::new(
        "search-front",
        "The first front of the last stage's sets",
        &[
            "set",
            a,
            &format!("{a} violation"),
            b,
            &format!("{b} violation"),
        ],
    );
    let (oa, ob) = (&search.objectives[0], &search.objectives[1]);
    for (r, _) in rows.iter().zip(&front).filter(|(_, &on)| on) {
        table.rows.push(vec![
            if r.base() {
                format!("{} (base)", r.set)
            } else {
                r.set.clone()
            },
            with_interval(&r.cells, oa.est),
            r.cells[oa.violation].clone(),
            with_interval(&r.cells, ob.est),
            r.cells[ob.violation].clone(),
        ]);
    }
    section.blocks.push(Block::Table(table));
    Ok(section)
}

/// `search.json`, an object.
fn manifest(dir: &Path) -> Result<serde_json::Map<String, serde_json::Value>> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).map_err(|source| ReportError::Read {
        path: path.clone(),
        source,
    })?;
    let bad = |problem: String| ReportError::Json {
        path: path.clone(),
        problem,
    };
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(serde_json::Value::Object(map)) => Ok(map),
        Ok(_) => Err(bad("not a JSON object".into())),
        Err(e) => Err(bad(e.to_string())),
    }
}

/// The page of a search's directory.
pub(crate) fn page(dir: &Path) -> Result<Report> {
    let json = manifest(dir)?;
    let search = read(&dir.join(SEARCH_CSV), false)?;
    let ranking = read(&dir.join(RANKING_CSV), true)?;
    let names = |f: &File| -> Vec<String> { f.objectives.iter().map(|o| o.name.clone()).collect() };
    if names(&search) != names(&ranking) {
        return Err(ReportError::Csv {
            path: ranking.path.clone(),
            problem: format!(
                "its objectives ({}) are not search.csv's ({})",
                names(&ranking).join(", "),
                names(&search).join(", ")
            ),
        });
    }
    let name = json
        .get("name")
        .and_then(|n| n.as_str())
        .map(str::to_string)
        .or_else(|| dir.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let mut report = Report::new(format!("Silver balance search: {name}"));
    let mut intro = Section::new("about", "The search");
    intro
        .blocks
        .push(Block::Table(about(&name, &json, &search, &ranking)));
    report.sections.push(intro);
    report.sections.push(stages(&search)?);
    report.sections.push(ranking_section(&ranking)?);
    report.sections.push(finalists(&ranking));
    if search.objectives.len() >= 2 {
        report.sections.push(pareto(&search, &ranking)?);
    }
    let mut files = Section::new("files", "ranking.csv");
    files.blocks.push(Block::Table(Table {
        id: "ranking-csv".into(),
        title: "ranking.csv".into(),
        columns: ranking.header.clone(),
        rows: ranking.rows.iter().map(|r| r.cells.clone()).collect(),
    }));
    report.sections.push(files);
    Ok(report)
}
