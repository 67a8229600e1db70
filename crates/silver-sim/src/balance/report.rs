//! `balance.csv` and the terminal table of a sweep's largest differences.

use super::metrics::SetMetrics;
use silver_rules::VALUES;
use silver_stats::Metric;

/// Fixed-precision number for CSV (never `-0.0000`).
pub fn num(x: f64) -> String {
    let s = format!("{x:.4}");
    if s == "-0.0000" {
        "0.0000".into()
    } else {
        s
    }
}

/// The columns of one `balance.csv` row: (header, value), in order.
fn columns(r: &SetMetrics) -> Vec<(String, String)> {
    let mut c: Vec<(String, String)> = vec![
        ("index".into(), r.index.to_string()),
        ("set".into(), r.set.clone()),
        ("token".into(), r.token.clone()),
        (
            "swap_value".into(),
            r.swap.map(|s| s.0.to_string()).unwrap_or_default(),
        ),
        (
            "swap_edition".into(),
            r.swap.map(|s| s.1.name().to_string()).unwrap_or_default(),
        ),
        ("changed".into(), r.changed.to_string()),
        ("unofficial".into(), r.unofficial.clone()),
        ("games".into(), r.games.to_string()),
        ("rounds".into(), r.rounds.to_string()),
        ("census_calls".into(), r.census_calls.to_string()),
        ("census_successes".into(), r.census_successes.to_string()),
    ];
    let metric = |c: &mut Vec<(String, String)>, name: &str, m: Metric| {
        for (suffix, x) in [
            ("", m.value.value),
            ("_low95", m.value.low),
            ("_high95", m.value.high),
        ] {
            c.push((format!("{name}{suffix}"), num(x)));
        }
        for (suffix, x) in [
            ("", m.diff.value),
            ("_low95", m.diff.low),
            ("_high95", m.diff.high),
        ] {
            c.push((format!("d_{name}{suffix}"), num(x)));
        }
    };
    metric(&mut c, "mean_round_score", r.mean_round_score);
    c.push(("sd_round_score".into(), num(r.sd_round_score.0)));
    c.push(("d_sd_round_score".into(), num(r.sd_round_score.1)));
    metric(&mut c, "mean_round_turns", r.mean_round_turns);
    c.push(("sd_round_turns".into(), num(r.sd_round_turns.0)));
    c.push(("d_sd_round_turns".into(), num(r.sd_round_turns.1)));
    metric(&mut c, "census_call_rate", r.census_call_rate);
    metric(&mut c, "census_success_rate", r.census_success_rate);
    metric(&mut c, "start_win_rate", r.start_win_rate);
    metric(&mut c, "win_spread", r.win_spread);
    for v in 0..VALUES {
        metric(&mut c, &format!("use_{v}"), r.uses[v]);
    }
    // The variance-reduced metrics of a sweep that measures luck, after every plain column.
    for m in &r.reduced {
        let name = m.name;
        for (header, x) in [
            (format!("{name}_vr"), m.value.value),
            (format!("{name}_vr_low95"), m.value.low),
            (format!("{name}_vr_high95"), m.value.high),
            (format!("{name}_variance_ratio"), m.ratio),
            (format!("d_{name}_vr"), m.diff.value),
            (format!("d_{name}_vr_low95"), m.diff.low),
            (format!("d_{name}_vr_high95"), m.diff.high),
            (format!("d_{name}_variance_ratio"), m.diff_ratio),
        ] {
            c.push((header, cell(x)));
        }
    }
    c
}

/// [`num`], or an empty cell for an unknown value.
fn cell(x: f64) -> String {
    if x.is_finite() {
        num(x)
    } else {
        String::new()
    }
}

/// `balance.csv`: one row per set, base first.
pub fn balance_csv(rows: &[SetMetrics]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    // Every row has the same columns (the reduced ones in every row or none): the first
    // row's are the header.
    let header: Vec<String> = columns(rows.first().unwrap_or(&SetMetrics::default()))
        .into_iter()
        .map(|(h, _)| h)
        .collect();
    w.write_record(&header).expect("in-memory write");
    for r in rows {
        let values: Vec<String> = columns(r).into_iter().map(|(_, v)| v).collect();
        w.write_record(&values).expect("in-memory write");
    }
    w.into_inner().expect("in-memory write")
}

/// The headline metrics of the terminal table: label, accessor, display scale and unit.
type Headline = (&'static str, fn(&SetMetrics) -> Metric, f64, &'static str);

const HEADLINES: [Headline; 5] = [
    ("mean round score", |r| r.mean_round_score, 1.0, "points"),
    ("round length", |r| r.mean_round_turns, 1.0, "turns"),
    ("census success rate", |r| r.census_success_rate, 100.0, "%"),
    (
        "seat advantage (start player's win rate)",
        |r| r.start_win_rate,
        100.0,
        "%",
    ),
    (
        "win-rate spread between bots",
        |r| r.win_spread,
        100.0,
        "% points",
    ),
];

/// The terminal table: for each headline metric, the `top` sets that move it furthest from
/// the base (by absolute difference), with the difference, its paired 95% interval and
/// whether the interval excludes 0.
pub fn headline_table(rows: &[SetMetrics], top: usize) -> String {
    let mut out = String::new();
    let Some(base) = rows.first() else {
        return out;
    };
    let width = rows
        .iter()
        .skip(1)
        .map(|r| r.set.len())
        .max()
        .unwrap_or(3)
        .max(3);
    out.push_str(&format!(
        "largest differences from the base set {} (set minus base; paired 95% CI; * = CI excludes 0)\n",
        base.set
    ));
    for (label, get, scale, unit) in HEADLINES {
        let b = get(base).value;
        out.push_str(&format!(
            "{label}, {unit}: base {:.2} ({:.2} - {:.2})\n",
            scale * b.value,
            scale * b.low,
            scale * b.high
        ));
        if rows
            .iter()
            .all(|r| get(r).value.value == 0.0 && get(r).diff.value == 0.0)
        {
            out.push_str("  0 for every set (a single bot, or no differences)\n");
            continue;
        }
        let mut order: Vec<&SetMetrics> = rows.iter().skip(1).collect();
        order.sort_by(|x, y| {
            get(y)
                .diff
                .value
                .abs()
                .total_cmp(&get(x).diff.value.abs())
                .then(x.index.cmp(&y.index))
        });
        for r in order.into_iter().take(top) {
            let d = get(r).diff;
            let line = format!(
                "  {:<width$}  {:>+8.2}  ({:>+7.2} .. {:>+7.2}) {}",
                r.set,
                scale * d.value,
                scale * d.low,
                scale * d.high,
                if d.excludes_zero() { "*" } else { "" }
            );
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

/// The design table's columns: label, metric and key (`None`: the swapped value's
/// restricted value, a one-swap set's own key).
const DESIGN_COLUMNS: [(&str, &str, Option<&str>); 5] = [
    ("skill gap", "skill_gap", Some("")),
    ("start seat", "seat_advantage", Some("0")),
    ("lead changes", "lead_changes", Some("")),
    ("turns/round", "turns_per_round", Some("")),
    ("swapped value", "restricted_value", None),
];

/// A signed difference, right-aligned unless it follows a prefix (`7: +1.25`); never `-0.00`.
fn signed(prefix: &str, x: f64) -> String {
    let x = if (x * 100.0).round() == 0.0 { 0.0 } else { x };
    if prefix.is_empty() {
        format!("{x:>+7.2}")
    } else {
        format!("{x:+.2}")
    }
}

/// The terminal table of a sweep's design cards: one row per set, a few headline metrics'
/// differences from the base with their paired 95% intervals (value ± half-width: the paired
/// interval is symmetric); the base's row shows its own values. `cards[i]` is set `rows[i]`'s
/// card. The whole of every card is in `design.csv`.
pub fn design_table(rows: &[SetMetrics], cards: &[Vec<crate::design::CardRow>]) -> String {
    let mut out = String::new();
    let Some(base) = rows.first() else {
        return out;
    };
    let width = rows.iter().map(|r| r.set.len()).max().unwrap_or(3).max(3);
    out.push_str(&format!(
        "design cards: set minus base {} (paired 95% CI: ± half-width; * = CI excludes 0; the base's row: its values)\n",
        base.set
    ));
    out.push_str(
        "points: skill gap, start seat (its advantage), swapped value (its restricted value); \
         lead changes: per game\n",
    );
    let mut header = format!("{:<width$}", "set");
    for (label, _, _) in DESIGN_COLUMNS {
        header.push_str(&format!("  {label:<16}"));
    }
    out.push_str(header.trim_end());
    out.push('\n');
    for (r, card) in rows.iter().zip(cards) {
        let mut line = format!("{:<width$}", r.set);
        for (_, metric, key) in DESIGN_COLUMNS {
            let swapped = r.swap.map(|(v, _)| v.to_string());
            let key = match key {
                Some(k) => Some(k.to_string()),
                None => swapped.clone(),
            };
            let row = key.and_then(|k| card.iter().find(|c| c.metric == metric && c.key == k));
            let prefix = match (&swapped, DESIGN_COLUMNS[4].1 == metric) {
                (Some(v), true) => format!("{v}: "),
                _ => String::new(),
            };
            let cell = match (row, r.index) {
                (None, _) => "-".to_string(),
                (Some(c), 0) => format!("{:>7.2}", c.est.value),
                (Some(c), _) => match c.diff {
                    Some(d) if d.low.is_finite() && d.high.is_finite() => format!(
                        "{prefix}{} ±{:.2}{}",
                        signed(&prefix, d.value),
                        (d.high - d.low) / 2.0,
                        if d.excludes_zero() { "*" } else { "" }
                    ),
                    Some(d) if d.value.is_finite() => {
                        format!("{prefix}{}", signed(&prefix, d.value))
                    }
                    _ => "-".to_string(),
                },
            };
            line.push_str(&format!("  {cell:<16}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
