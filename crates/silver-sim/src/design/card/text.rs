//! The printed card: a header line, then one section per [`Section`] with every metric's value,
//! 95% interval and unit, the ladder as a win-rate matrix and the per-value table.

use super::{Estimate, Keys, MetricDef, Section, METRICS};
use crate::design::{CardRow, DesignPlan};
use silver_rules::VALUES;
use silver_stats::Est;
use std::fmt::Write as _;

/// Decimals a unit is printed with.
fn decimals(unit: &str) -> usize {
    match unit {
        "%" | "points" => 1,
        "rungs" => 0,
        _ => 2,
    }
}

fn number(x: f64, prec: usize) -> String {
    let s = format!("{x:.prec$}");
    // No negative zero on the card.
    if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
        s[1..].to_string()
    } else {
        s
    }
}

/// `value [low, high]`, or `value [no interval]` when the ends are unknown.
fn with_interval(e: Est, prec: usize) -> String {
    let value = number(e.value, prec);
    if e.low.is_finite() && e.high.is_finite() {
        format!(
            "{value} [{}, {}]",
            number(e.low, prec),
            number(e.high, prec)
        )
    } else {
        format!("{value} [no interval]")
    }
}

/// A row's label on the card: the metric's label and its key.
fn label(def: &MetricDef, row: &CardRow) -> String {
    match def.keys {
        Keys::One => def.label.to_string(),
        Keys::SeatOffsets => format!("{}, seat +{}", def.label, row.key),
        Keys::RoundEnds => format!("{} {}", def.label, row.key),
        Keys::Values | Keys::PerArm => format!("{} {}", def.label, row.key),
    }
}

/// The section's title and what it answers.
fn title(s: Section) -> &'static str {
    match s {
        Section::Skill => "Skill: does the set reward the better player?",
        Section::Luck => "Luck: how often does the weaker of the two top rungs finish ahead?",
        Section::Seats => {
            "Seats: wins by seat from the start player (+0), points above a fair 1/P share"
        }
        Section::Shape => "Shape: length, lead changes, round ends, census",
        Section::Information => "Information and memory: points of finishing share",
        Section::PerValue => "Per value",
    }
}

const SECTIONS: [Section; 6] = [
    Section::Skill,
    Section::Luck,
    Section::Seats,
    Section::Shape,
    Section::Information,
    Section::PerValue,
];

fn def_of(row: &CardRow) -> Option<&'static MetricDef> {
    METRICS.iter().find(|d| d.name == row.metric)
}

/// The plain lines of one section: `label  value [low, high] unit`, and `vs base` in a sweep.
fn metric_lines(out: &mut String, lines: &[(&MetricDef, &CardRow)]) {
    let width = lines
        .iter()
        .map(|(d, r)| label(d, r).chars().count())
        .max()
        .unwrap_or(0);
    let cells: Vec<String> = lines
        .iter()
        .map(|(d, r)| match d.estimate {
            // A count of tests, not an interval.
            Estimate::Depth => format!(
                "{} {} shown ahead, {} not ruled out",
                number(r.est.low, 0),
                d.unit,
                number(r.est.high, 0)
            ),
            _ => format!("{} {}", with_interval(r.est, decimals(d.unit)), d.unit),
        })
        .collect();
    let cell_width = cells.iter().map(|c| c.chars().count()).max().unwrap_or(0);
    for ((d, r), cell) in lines.iter().zip(&cells) {
        let mut line = format!("  {:<width$}  {cell:<cell_width$}", label(d, r));
        if let Some(diff) = r.diff {
            let _ = write!(line, "  vs base {}", with_interval(diff, decimals(d.unit)));
        }
        if let Some(v) = r.reduced {
            let _ = write!(
                line,
                "  reduced {} (×{:.2})",
                with_interval(v.est, decimals(d.unit)),
                v.ratio
            );
            if let Some((diff, _)) = v.diff {
                let _ = write!(line, " vs base {}", with_interval(diff, decimals(d.unit)));
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// The ladder's win-rate matrix: the row bot's % of comparisons ahead of the column bot, from
/// the `ladder_share` rows (a lower row over an upper column is 100 minus the share).
fn ladder_matrix(out: &mut String, plan: &DesignPlan, rows: &[CardRow]) {
    let names: Vec<&str> = plan.ladder.iter().map(|b| b.name.as_str()).collect();
    let share = |upper: usize, lower: usize| {
        let key = format!("{}>{}", names[upper], names[lower]);
        rows.iter()
            .find(|r| r.metric == "ladder_share" && r.key == key)
            .map(|r| r.est)
    };
    let n = names.len();
    let mut cells = vec![vec![String::new(); n]; n];
    let mut any = false;
    for i in 0..n {
        for j in 0..n {
            cells[i][j] = if i == j {
                "-".to_string()
            } else if i > j {
                share(i, j).map_or(String::new(), |e| with_interval(e, 1))
            } else {
                share(j, i).map_or(String::new(), |e| {
                    with_interval(
                        Est {
                            value: 100.0 - e.value,
                            low: 100.0 - e.high,
                            high: 100.0 - e.low,
                        },
                        1,
                    )
                })
            };
            any |= i != j && !cells[i][j].is_empty();
        }
    }
    if !any {
        return;
    }
    let _ = writeln!(
        out,
        "  win-rate matrix (% of comparisons the row's rung finished ahead of the column's):"
    );
    let row_names: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} {n}", i + 1))
        .collect();
    let name_width = row_names
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0);
    let col_width = cells
        .iter()
        .flatten()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1);
    let mut header = format!("    {:<name_width$}", "");
    for j in 0..n {
        let _ = write!(header, "  {:>col_width$}", j + 1);
    }
    let _ = writeln!(out, "{}", header.trim_end());
    for i in 0..n {
        let mut line = format!("    {:<name_width$}", row_names[i]);
        for cell in &cells[i] {
            let _ = write!(line, "  {cell:>col_width$}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// The per-value table: value, character, then one column per per-value metric (the
/// observational ones labelled so), and in a sweep a `vs base` column after each causal one
/// (`design.csv` has every difference; the card stays narrow).
fn per_value_table(out: &mut String, plan: &DesignPlan, rows: &[CardRow]) {
    let defs: Vec<&MetricDef> = METRICS
        .iter()
        .filter(|d| d.section == Section::PerValue)
        .filter(|d| rows.iter().any(|r| r.metric == d.name))
        .collect();
    if defs.is_empty() {
        return;
    }
    let diff = rows
        .iter()
        .any(|r| r.diff.is_some() && defs.iter().any(|d| d.name == r.metric));
    let reduced = |d: &MetricDef| {
        rows.iter()
            .any(|r| r.metric == d.name && r.reduced.is_some())
    };
    let mut header: Vec<String> = vec!["value".into(), "character".into()];
    for d in &defs {
        let obs = if d.observational { "*" } else { "" };
        header.push(format!("{} ({}){obs}", d.label, d.unit));
        if diff && !d.observational {
            header.push("vs base".into());
        }
        if reduced(d) {
            header.push("reduced".into());
            if diff {
                header.push("vs base".into());
            }
        }
    }
    let mut table = vec![header];
    // Values without any row (no self-play arm, a restricted arm for some values only) are
    // left out.
    for v in 0..VALUES {
        let key = v.to_string();
        if !rows
            .iter()
            .any(|r| r.key == key && defs.iter().any(|d| d.name == r.metric))
        {
            continue;
        }
        let mut line = vec![key.clone(), plan.set.labels[v].clone()];
        for d in &defs {
            let row = rows.iter().find(|r| r.metric == d.name && r.key == key);
            line.push(row.map_or(String::new(), |r| with_interval(r.est, decimals(d.unit))));
            if diff && !d.observational {
                line.push(
                    row.and_then(|r| r.diff)
                        .map_or(String::new(), |e| with_interval(e, decimals(d.unit))),
                );
            }
            if reduced(d) {
                let v = row.and_then(|r| r.reduced);
                line.push(v.map_or(String::new(), |v| with_interval(v.est, decimals(d.unit))));
                if diff {
                    line.push(
                        v.and_then(|v| v.diff)
                            .map_or(String::new(), |(e, _)| with_interval(e, decimals(d.unit))),
                    );
                }
            }
        }
        table.push(line);
    }
    let cols = table[0].len();
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            table
                .iter()
                .map(|l| l[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    if defs.iter().any(|d| !d.observational) {
        let _ = writeln!(
            out,
            "  restricted value: the reference bot's finishing share over itself forbidden the \
             value,\n  as points above a half (what the value is worth to its holder)"
        );
    }
    if defs.iter().any(|d| d.observational) {
        let _ = writeln!(
            out,
            "  * observational: biased by who keeps what (strong players keep good cards)"
        );
    }
    for line in &table {
        let mut s = String::new();
        for (c, cell) in line.iter().enumerate() {
            if c == 1 {
                let _ = write!(s, "  {cell:<w$}", w = widths[c]);
            } else {
                let _ = write!(s, "  {cell:>w$}", w = widths[c]);
            }
        }
        let _ = writeln!(out, "{}", s.trim_end());
    }
}

/// The printed card of `rows` (from [`super::card_rows`] of `plan`): a header line (set,
/// players, games per arm, ladder), then the sections Skill, Luck, Seats, Shape, Information
/// and memory, and the per-value table, every value with its 95% interval over blocks and its
/// unit. Sections without a row are left out.
pub fn card_text(plan: &DesignPlan, rows: &[CardRow]) -> String {
    let mut out = String::new();
    let ladder: Vec<&str> = plan.ladder.iter().map(|b| b.name.as_str()).collect();
    let _ = writeln!(
        out,
        "Design card: {}, {} players, {} games per arm ({} with a search bot)\n\
         Ladder: {}; reference bot: {}",
        plan.set.name,
        plan.players,
        plan.games,
        plan.search_games,
        if ladder.is_empty() {
            "none".to_string()
        } else {
            ladder.join(" < ")
        },
        plan.reference.name
    );
    let _ = writeln!(
        out,
        "Every value: estimate [95% interval over blocks: a deal with its seat rotations]{}",
        if rows.iter().any(|r| r.diff.is_some()) {
            ";\nvs base: this set minus the base set on the same deals"
        } else {
            ""
        }
    );
    if rows.iter().any(|r| r.reduced.is_some()) {
        let _ = writeln!(
            out,
            "reduced: the same with each game's chance luck as a control variate (×: the \
             variance ratio, plain over reduced)"
        );
    }
    for section in SECTIONS {
        let in_section: Vec<(&MetricDef, &CardRow)> = rows
            .iter()
            .filter_map(|r| def_of(r).map(|d| (d, r)))
            .filter(|(d, _)| d.section == section)
            .collect();
        if in_section.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n{}", title(section));
        match section {
            Section::PerValue => per_value_table(&mut out, plan, rows),
            Section::Skill => {
                let plain: Vec<_> = in_section
                    .iter()
                    .copied()
                    .filter(|(d, _)| d.keys != Keys::PerArm)
                    .collect();
                metric_lines(&mut out, &plain);
                ladder_matrix(&mut out, plan, rows);
            }
            _ => metric_lines(&mut out, &in_section),
        }
    }
    out
}
