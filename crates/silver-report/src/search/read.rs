//! Reading a search's files strictly, by their headers' names: `ranking.csv` (a few rows)
//! whole, and `search.csv` (a row per stage and set: hundreds of thousands for a whole space)
//! keeping only what the page draws — per stage its counts and each objective's best set, per
//! row each objective's value and feasibility, and the last stage's rows whole.

use super::{RANKING_CSV, SEARCH_CSV};
use crate::design::charts::Estimate;
use crate::{At, ReportError, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// `search.csv`'s leading columns.
const SEARCH_FIXED: [&str; 7] = [
    "stage", "fidelity", "set", "index", "changes", "deals", "games",
];
/// `ranking.csv`'s leading columns.
const RANKING_FIXED: [&str; 8] = [
    "rank", "front", "set", "index", "changes", "fidelity", "deals", "games",
];

/// The columns of an estimate and its interval.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cols {
    pub value: usize,
    pub low: usize,
    pub high: usize,
}

/// An objective's columns.
pub(super) struct ObjectiveCols {
    pub name: String,
    pub est: Cols,
    pub violation: usize,
    /// `ranking.csv`: the paired difference from the best and from the base.
    pub d: Option<(Cols, Cols)>,
}

/// A measure's columns.
pub(super) struct MeasureCols {
    pub name: String,
    pub est: Cols,
}

/// One objective's numbers in one row.
pub(super) struct ObjectiveValues {
    pub est: Estimate,
    pub violation: f64,
    pub d_best: Estimate,
    pub d_base: Estimate,
}

/// One row of either file: its cells as written and the numbers the page needs.
pub(super) struct Row {
    pub cells: Vec<String>,
    /// `search.csv`: the stage (0 in `ranking.csv`).
    pub stage: u64,
    /// `ranking.csv`: the rank (0 in `search.csv`).
    pub rank: u64,
    pub set: String,
    pub fidelity: String,
    pub index: u64,
    pub deals: u64,
    pub games: u64,
    pub objectives: Vec<ObjectiveValues>,
}

impl Row {
    /// Whether every constraint of every objective is kept.
    pub fn feasible(&self) -> bool {
        self.objectives.iter().all(|o| o.violation == 0.0)
    }

    /// The base set (index 0 of the space).
    pub fn base(&self) -> bool {
        self.index == 0
    }

    /// The ordering key of objective `k`: constraints kept first (by violation), then the value.
    pub fn key(&self, k: usize) -> (f64, f64) {
        let o = &self.objectives[k];
        (o.violation, o.est.value)
    }
}

/// A file's header, as the page reads it.
pub(super) struct Header {
    pub path: PathBuf,
    pub names: Vec<String>,
    pub objectives: Vec<ObjectiveCols>,
    pub measures: Vec<MeasureCols>,
}

impl Header {
    /// The objectives' names, in column order.
    pub fn objective_names(&self) -> Vec<String> {
        self.objectives.iter().map(|o| o.name.clone()).collect()
    }

    fn col(&self, name: &str) -> usize {
        self.names.iter().position(|h| h == name).unwrap_or(0)
    }
}

/// `ranking.csv`, whole.
pub(super) struct Ranking {
    pub header: Header,
    pub rows: Vec<Row>,
}

/// One objective's best set in a stage.
pub(super) struct Best {
    key: (f64, f64),
    index: u64,
    /// The set's name.
    pub set: String,
    /// Its value with its interval, as written.
    pub shown: String,
}

/// What the page shows of one stage.
#[derive(Default)]
pub(super) struct StageSummary {
    pub fidelities: BTreeSet<String>,
    pub sets: u64,
    pub deals: (u64, u64),
    pub games: (u64, u64),
    /// Per objective: its best set by its point estimate.
    pub best: Vec<Option<Best>>,
    /// Per objective: the sets keeping its constraints.
    pub feasible: Vec<u64>,
    /// Per objective: the base set's value.
    pub base: Vec<Option<f64>>,
}

/// What the page shows of `search.csv`.
pub(super) struct SearchSummary {
    pub header: Header,
    pub rows: u64,
    pub stages: BTreeMap<u64, StageSummary>,
    /// Per objective, per row with a finite value: (stage, value, keeps the constraints).
    pub values: Vec<Vec<(u64, f64, bool)>>,
    /// The rows of the last stage, whole.
    pub last: Vec<Row>,
}

impl At<'_> {
    fn count(&self, column: &str, cell: &str) -> Result<u64> {
        cell.parse::<u64>()
            .map_err(|_| self.err(format!("{column} `{cell}` is not a count")))
    }

    /// A number; an empty cell is unknown (NaN), as an interval with one deal.
    fn num_or_unknown(&self, column: &str, cell: &str) -> Result<f64> {
        if cell.is_empty() {
            return Ok(f64::NAN);
        }
        cell.parse::<f64>()
            .map_err(|_| self.err(format!("{column} `{cell}` is not a number")))
    }

    fn est(&self, names: &[String], cells: &[&str], c: Cols) -> Result<Estimate> {
        Ok(Estimate {
            value: self.num_or_unknown(&names[c.value], cells[c.value])?,
            low: self.num_or_unknown(&names[c.low], cells[c.low])?,
            high: self.num_or_unknown(&names[c.high], cells[c.high])?,
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
fn layout(path: &Path, names: Vec<String>, ranking: bool) -> Result<Header> {
    let fixed: &[&str] = if ranking {
        &RANKING_FIXED
    } else {
        &SEARCH_FIXED
    };
    let at = At { path, line: 1 };
    let find = |c: &str| names.iter().position(|h| h == c);
    let need = |c: &str| find(c).ok_or_else(|| at.err(format!("no `{c}` column")));
    let est = |stem: &str| -> Option<Cols> {
        Some(Cols {
            value: find(stem)?,
            low: find(&format!("{stem}_low95"))?,
            high: find(&format!("{stem}_high95"))?,
        })
    };
    let mut taken = vec![false; names.len()];
    for c in fixed {
        taken[need(c)?] = true;
    }
    let mut objectives = Vec::new();
    for h in &names {
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
    for (i, h) in names.iter().enumerate() {
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
    Ok(Header {
        path: path.to_path_buf(),
        names,
        objectives,
        measures,
    })
}

/// A file opened to read; a missing file says the search has not finished.
fn open(path: &Path) -> Result<std::io::BufReader<std::fs::File>> {
    let file = std::fs::File::open(path).map_err(|source| ReportError::Read {
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
    Ok(std::io::BufReader::new(file))
}

/// Reads a CSV file's records in order: the header (its layout returned), then each row
/// through `each` with its line; an empty file or one without rows is an error.
fn records(
    path: &Path,
    input: impl std::io::Read,
    ranking: bool,
    mut each: impl FnMut(&Header, &At, &[&str]) -> Result<()>,
) -> Result<Header> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(input);
    let mut rec = csv::StringRecord::new();
    let bad = |e: csv::Error| ReportError::Csv {
        path: path.to_path_buf(),
        problem: e.to_string(),
    };
    if !reader.read_record(&mut rec).map_err(bad)? {
        return Err(At { path, line: 1 }.err("empty file, no header"));
    }
    let header = layout(path, rec.iter().map(str::to_string).collect(), ranking)?;
    let width = header.names.len();
    let mut rows = 0u64;
    let mut rec = csv::StringRecord::new();
    while reader.read_record(&mut rec).map_err(bad)? {
        let at = At {
            path,
            line: rec.position().map_or(0, |p| p.line()),
        };
        if rec.len() != width {
            return Err(at.err(format!("{} fields, the header has {width}", rec.len())));
        }
        let cells: Vec<&str> = rec.iter().collect();
        each(&header, &at, &cells)?;
        rows += 1;
    }
    if rows == 0 {
        return Err(At { path, line: 2 }.err("no rows"));
    }
    Ok(header)
}

/// One row, every field in its form (measures checked to be numbers, not kept).
fn row(at: &At, h: &Header, cells: &[&str], ranking: bool) -> Result<Row> {
    let count = |name: &str| at.count(name, cells[h.col(name)]);
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
    let mut objectives = Vec::with_capacity(h.objectives.len());
    for o in &h.objectives {
        let (d_best, d_base) = match o.d {
            Some((b, z)) => (at.est(&h.names, cells, b)?, at.est(&h.names, cells, z)?),
            None => (unknown(), unknown()),
        };
        objectives.push(ObjectiveValues {
            est: at.est(&h.names, cells, o.est)?,
            violation: at.num_or_unknown(&h.names[o.violation], cells[o.violation])?,
            d_best,
            d_base,
        });
    }
    for m in &h.measures {
        at.est(&h.names, cells, m.est)?;
    }
    Ok(Row {
        cells: Vec::new(),
        stage,
        rank,
        set: cells[h.col("set")].to_string(),
        fidelity: cells[h.col("fidelity")].to_string(),
        index: count("index")?,
        deals: count("deals")?,
        games: count("games")?,
        objectives,
    })
}

/// A value with its interval as written: `v [low, high]`, or `v` when the interval is empty.
pub(super) fn with_interval<S: AsRef<str>>(cells: &[S], c: Cols) -> String {
    let (v, lo, hi) = (
        cells[c.value].as_ref(),
        cells[c.low].as_ref(),
        cells[c.high].as_ref(),
    );
    if lo.is_empty() && hi.is_empty() {
        v.to_string()
    } else {
        format!("{v} [{lo}, {hi}]")
    }
}

/// `DIR/ranking.csv`, whole.
pub(super) fn ranking(dir: &Path) -> Result<Ranking> {
    let path = dir.join(RANKING_CSV);
    let mut rows = Vec::new();
    let header = records(&path, open(&path)?, true, |h, at, cells| {
        let mut r = row(at, h, cells, true)?;
        r.cells = cells.iter().map(|c| c.to_string()).collect();
        rows.push(r);
        Ok(())
    })?;
    Ok(Ranking { header, rows })
}

/// `DIR/search.csv`: every row checked and summed up in one pass, then the last stage's rows
/// read whole in a second (the file is not held in memory: a whole space's is large).
pub(super) fn search(dir: &Path) -> Result<SearchSummary> {
    let path = dir.join(SEARCH_CSV);
    let mut stages: BTreeMap<u64, StageSummary> = BTreeMap::new();
    let mut values: Vec<Vec<(u64, f64, bool)>> = Vec::new();
    let mut count = 0u64;
    let header = records(&path, open(&path)?, false, |h, at, cells| {
        let r = row(at, h, cells, false)?;
        count += 1;
        let n = h.objectives.len();
        if values.is_empty() {
            values = (0..n).map(|_| Vec::new()).collect();
        }
        let s = stages.entry(r.stage).or_insert_with(|| StageSummary {
            best: (0..n).map(|_| None).collect(),
            feasible: vec![0; n],
            base: vec![None; n],
            deals: (r.deals, r.deals),
            games: (r.games, r.games),
            ..Default::default()
        });
        if !s.fidelities.contains(&r.fidelity) {
            s.fidelities.insert(r.fidelity.clone());
        }
        s.sets += 1;
        s.deals = (s.deals.0.min(r.deals), s.deals.1.max(r.deals));
        s.games = (s.games.0.min(r.games), s.games.1.max(r.games));
        for (k, o) in h.objectives.iter().enumerate() {
            let key = r.key(k);
            let keeps = key.0 == 0.0;
            s.feasible[k] += u64::from(keeps);
            if r.base() {
                s.base[k] = Some(key.1);
            }
            if key.1.is_finite() {
                values[k].push((r.stage, key.1, keeps));
            }
            let better = |b: &Best| {
                key.0
                    .total_cmp(&b.key.0)
                    .then(key.1.total_cmp(&b.key.1))
                    .then(r.index.cmp(&b.index))
                    .is_lt()
            };
            if key.0.is_finite() && key.1.is_finite() && s.best[k].as_ref().is_none_or(better) {
                s.best[k] = Some(Best {
                    key,
                    index: r.index,
                    set: r.set.clone(),
                    shown: with_interval(cells, o.est),
                });
            }
        }
        Ok(())
    })?;
    let newest = stages.keys().next_back().copied().unwrap_or(0);
    let mut last = Vec::new();
    records(&path, open(&path)?, false, |h, at, cells| {
        if at.count("stage", cells[h.col("stage")])? == newest {
            let mut r = row(at, h, cells, false)?;
            r.cells = cells.iter().map(|c| c.to_string()).collect();
            last.push(r);
        }
        Ok(())
    })?;
    Ok(SearchSummary {
        header,
        rows: count,
        stages,
        values,
        last,
    })
}

/// `DIR/search.json`, an object.
pub(super) fn manifest(dir: &Path) -> Result<serde_json::Map<String, serde_json::Value>> {
    let path = dir.join(super::MANIFEST);
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
