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
mod read;

use crate::charts::Interval;
use crate::{Block, Report, ReportError, Result, Section, Table};
use charts::{Bins, Panel, Point};
use read::{with_interval, Cols, Ranking, Row, SearchSummary};
use std::path::Path;

/// The search's record: its presence makes a directory a search's.
pub(crate) const MANIFEST: &str = "search.json";
/// Every set of every stage.
const SEARCH_CSV: &str = "search.csv";
/// The certified finalists and the base, best first.
const RANKING_CSV: &str = "ranking.csv";

/// Histogram bins of an objective's distribution.
const BINS: usize = 30;
/// The fields of a stage in `search.json`'s schedule, in the order its table shows them.
const STAGE_FIELDS: [&str; 6] = [
    "number",
    "fidelity",
    "sets",
    "first_deal",
    "end_deal",
    "games",
];

/// An interval as written: `[low, high]`, or empty.
fn interval(cells: &[String], c: Cols) -> String {
    if cells[c.low].is_empty() && cells[c.high].is_empty() {
        String::new()
    } else {
        format!("[{}, {}]", cells[c.low], cells[c.high])
    }
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
/// of several lines one row per line, a list of texts one row per item; a list of records,
/// such as the schedule, is a table of its own), then what the files hold.
fn about(
    name: &str,
    json: &serde_json::Map<String, serde_json::Value>,
    search: &SearchSummary,
    ranking: &Ranking,
) -> Vec<Table> {
    use serde_json::Value;
    let mut t = Table::new("run", "The search", &["key", "value"]);
    let mut lists = Vec::new();
    let mut kv = |k: &str, v: String| t.rows.push(vec![k.to_string(), v]);
    kv("kind", "balance search".into());
    kv("name", name.to_string());
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    };
    for (k, v) in json.iter().filter(|(k, _)| *k != "name") {
        match v {
            Value::Null => {}
            Value::String(s) => s.lines().for_each(|l| kv(k, l.to_string())),
            Value::Array(items) if items.iter().all(Value::is_string) => {
                items.iter().for_each(|i| kv(k, text(i)))
            }
            Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_object) => {
                // A stage's fields in the order the search writes them, any other after.
                let mut columns: Vec<String> = Vec::new();
                for item in items.iter().filter_map(Value::as_object) {
                    for c in item.keys() {
                        if !columns.contains(c) {
                            columns.push(c.clone());
                        }
                    }
                }
                let order = |c: &String| STAGE_FIELDS.iter().position(|f| f == c);
                columns.sort_by_key(|c| order(c).unwrap_or(STAGE_FIELDS.len()));
                let mut table = Table {
                    id: format!("search-json-{k}"),
                    title: format!("{k} (search.json)"),
                    columns: columns.clone(),
                    rows: Vec::new(),
                };
                for item in items.iter().filter_map(Value::as_object) {
                    table.rows.push(
                        columns
                            .iter()
                            .map(|c| item.get(c).map(text).unwrap_or_default())
                            .collect(),
                    );
                }
                lists.push(table);
            }
            other => kv(k, other.to_string()),
        }
    }
    kv("objectives", search.header.objective_names().join(", "));
    kv(
        "measures",
        search
            .header
            .measures
            .iter()
            .map(|m| m.name.clone())
            .collect::<Vec<_>>()
            .join(", "),
    );
    kv("stages in search.csv", search.stages.len().to_string());
    kv("rows of search.csv", search.rows.to_string());
    kv(
        "ranked (ranking.csv)",
        format!(
            "{} finalists and the base",
            ranking.rows.iter().filter(|r| !r.base()).count()
        ),
    );
    let mut tables = vec![t];
    tables.extend(lists);
    tables
}

/// A column's range, as `a` or `a–b`.
fn span((a, b): (u64, u64)) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}–{b}")
    }
}

/// The stages: a table (sets, deals and games per set, each objective's best set by its point
/// estimate) and each objective's distribution per stage.
fn stages(search: &SearchSummary) -> Result<Section> {
    let mut section = Section::new("stages", "Stages");
    let objectives = &search.header.objectives;
    let mut columns = vec![
        "stage".to_string(),
        "fidelity".into(),
        "sets".into(),
        "deals per set".into(),
        "games per set".into(),
    ];
    for o in objectives {
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
    for (s, st) in &search.stages {
        let mut row = vec![
            s.to_string(),
            st.fidelities.iter().cloned().collect::<Vec<_>>().join(", "),
            st.sets.to_string(),
            span(st.deals),
            span(st.games),
        ];
        for k in 0..objectives.len() {
            match &st.best[k] {
                Some(b) => row.extend([b.set.clone(), b.shown.clone()]),
                None => row.extend([String::new(), String::new()]),
            }
            row.push(st.feasible[k].to_string());
        }
        table.rows.push(row);
    }
    for (k, o) in objectives.iter().enumerate() {
        let values = &search.values[k];
        let b = bins(&values.iter().map(|v| v.1).collect::<Vec<_>>());
        let panels: Vec<Panel> = search
            .stages
            .iter()
            .map(|(&s, st)| {
                let (mut feasible, mut infeasible) = (vec![0; b.n], vec![0; b.n]);
                for &(_, x, keeps) in values.iter().filter(|v| v.0 == s) {
                    if keeps {
                        feasible[b.of(x)] += 1;
                    } else {
                        infeasible[b.of(x)] += 1;
                    }
                }
                let fidelities: Vec<&str> = st.fidelities.iter().map(String::as_str).collect();
                Panel {
                    title: format!("stage {s} ({}): {} sets", fidelities.join(", "), st.sets),
                    feasible,
                    infeasible,
                    base: st.base[k],
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
fn ranking_section(ranking: &Ranking) -> Result<Section> {
    let h = &ranking.header;
    let mut section = Section::new("ranking", "Ranking (ranking.csv)");
    let mut columns: Vec<String> = [
        "rank", "front", "set", "changes", "fidelity", "deals", "games",
    ]
    .iter()
    .map(|c| c.to_string())
    .collect();
    for o in &h.objectives {
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
    let col = |name: &str| h.names.iter().position(|n| n == name).unwrap_or(0);
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
        for o in &h.objectives {
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
    for (k, o) in h.objectives.iter().enumerate() {
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
fn finalists(ranking: &Ranking) -> Section {
    let h = &ranking.header;
    let mut section = Section::new("finalists", "The finalists side by side");
    let mut columns = vec!["measure".to_string()];
    columns.extend(ranking.rows.iter().map(ranked_label));
    let mut table = Table {
        id: "search-finalists".into(),
        title: "Each ranked set's objectives and measured metrics at the last fidelity, with 95% intervals (columns in rank order; a measure is METRIC[KEY]@PLAYERS)".into(),
        columns,
        rows: Vec::new(),
    };
    for o in &h.objectives {
        let mut row = vec![format!("objective {}", o.name)];
        row.extend(ranking.rows.iter().map(|r| with_interval(&r.cells, o.est)));
        table.rows.push(row);
        let mut row = vec![format!("{} violation", o.name)];
        row.extend(ranking.rows.iter().map(|r| r.cells[o.violation].clone()));
        table.rows.push(row);
    }
    for m in &h.measures {
        let mut row = vec![m.name.clone()];
        row.extend(ranking.rows.iter().map(|r| with_interval(&r.cells, m.est)));
        table.rows.push(row);
    }
    section.blocks.push(Block::Table(table));
    section
}

/// The Pareto front of the first two objectives over the last stage's sets.
fn pareto(search: &SearchSummary, ranking: &Ranking) -> Result<Section> {
    let last = search.last.first().map_or(0, |r| r.stage);
    let rows: Vec<&Row> = search.last.iter().collect();
    let front = first_front(&rows, 0, 1);
    let (oa, ob) = (&search.header.objectives[0], &search.header.objectives[1]);
    let (a, b) = (&oa.name, &ob.name);
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
    let fidelities: std::collections::BTreeSet<&str> =
        rows.iter().map(|r| r.fidelity.as_str()).collect();
    let fidelity = fidelities.into_iter().collect::<Vec<_>>().join(", ");
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

/// The page of a search's directory.
pub(crate) fn page(dir: &Path) -> Result<Report> {
    let json = read::manifest(dir)?;
    let search = read::search(dir)?;
    let ranking = read::ranking(dir)?;
    let (ours, theirs) = (
        ranking.header.objective_names(),
        search.header.objective_names(),
    );
    if ours != theirs {
        return Err(ReportError::Csv {
            path: ranking.header.path.clone(),
            problem: format!(
                "its objectives ({}) are not search.csv's ({})",
                ours.join(", "),
                theirs.join(", ")
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
    for t in about(&name, &json, &search, &ranking) {
        intro.blocks.push(Block::Table(t));
    }
    report.sections.push(intro);
    report.sections.push(stages(&search)?);
    report.sections.push(ranking_section(&ranking)?);
    report.sections.push(finalists(&ranking));
    if search.header.objectives.len() >= 2 {
        report.sections.push(pareto(&search, &ranking)?);
    }
    let mut files = Section::new("files", "ranking.csv");
    files.blocks.push(Block::Table(Table {
        id: "ranking-csv".into(),
        title: "ranking.csv".into(),
        columns: ranking.header.names.clone(),
        rows: ranking.rows.iter().map(|r| r.cells.clone()).collect(),
    }));
    report.sections.push(files);
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_tail_is_cut_at_the_99th_percentile_into_the_last_bin() {
        // 200 values from 0 to 19.9 and two far above: the axis ends near the 99th percentile.
        let mut v: Vec<f64> = (0..200).map(|i| i as f64 / 10.0).collect();
        v.extend([500.0, 900.0]);
        let b = bins(&v);
        assert_eq!(b.lo, 0.0);
        let end = b.clipped.expect("clipped");
        assert!((19.8..20.0).contains(&end), "{end}");
        assert_eq!(b.of(900.0), BINS - 1);
        // No tail: from the smallest to the largest, every value inside.
        let b = bins(&v[..200]);
        assert_eq!(b.clipped, None);
        assert!(b.hi() > 19.9 && b.of(19.9) == BINS - 1);
        // One value (or none): a unit-wide axis around it.
        assert_eq!(bins(&[3.0, 3.0]).lo, 2.5);
        assert_eq!(bins(&[f64::NAN]).lo, 0.0);
    }
}
