//! The ratings as files (`ratings.csv`, `ratings-pairs.csv`) and as the table printed after a
//! run.

use super::{fit_from, Difference, Rating, Ratings, Reference};
use crate::pairs::PairTable;

/// A bound for CSV: `inf` / `-inf` when unbounded, empty when unknown.
fn cell(x: f64, decimals: usize) -> String {
    if x.is_finite() {
        format!("{x:.decimals$}")
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.to_string()
    } else {
        String::new()
    }
}

/// `ratings.csv`: one row per bot, in plan order, measured from the mean of the bots with an
/// estimate (`elo` empty for a bot with only a bound; `inf`/`-inf` for an unbounded side).
pub fn ratings_csv(ratings: &[Rating], bots: &[String], set: &str) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "set",
        "bot",
        "elo",
        "elo_low95",
        "elo_high95",
        "comparisons",
        "anchor",
    ])
    .expect("in-memory write");
    for (i, r) in ratings.iter().enumerate() {
        w.write_record([
            set.to_string(),
            bots.get(i).cloned().unwrap_or_default(),
            r.elo
                .filter(|_| !r.separated)
                .map_or(String::new(), |e| cell(e, 2)),
            r.elo.map_or(String::new(), |_| cell(r.low, 2)),
            r.elo.map_or(String::new(), |_| cell(r.high, 2)),
            r.comparisons.to_string(),
            (r.anchor as u8).to_string(),
        ])
        .expect("in-memory write");
    }
    w.into_inner().expect("in-memory write")
}

/// `ratings-pairs.csv`: one row per two bots with an estimate, in plan order: the difference
/// of their ratings with its interval and the likelihood of superiority (a probability).
pub fn ratings_pairs_csv(ratings: &Ratings, bots: &[String], set: &str) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "set",
        "bot_a",
        "bot_b",
        "elo_diff",
        "diff_low95",
        "diff_high95",
        "los",
    ])
    .expect("in-memory write");
    for d in &ratings.differences {
        w.write_record([
            set.to_string(),
            bots.get(d.a).cloned().unwrap_or_default(),
            bots.get(d.b).cloned().unwrap_or_default(),
            cell(d.elo, 2),
            cell(d.low, 2),
            cell(d.high, 2),
            cell(d.los, 4),
        ])
        .expect("in-memory write");
    }
    w.into_inner().expect("in-memory write")
}

fn bound(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else if x > 0.0 {
        "inf".into()
    } else {
        "-inf".into()
    }
}

/// The ratings table printed after a run (empty when fewer than two bots met), measured from
/// the mean of the bots with an estimate or from `anchor` (a bot's index), then the difference
/// of every two bots with an estimate.
pub fn ratings_table(table: &PairTable, bots: &[String], anchor: Option<usize>) -> String {
    if table.pairs.is_empty() {
        return String::new();
    }
    let asked = anchor.map_or(Reference::Mean, Reference::Bot);
    let fitted = fit_from(table, bots.len(), asked);
    let ratings = &fitted.ratings;
    let width = bots.iter().map(|n| n.len()).max().unwrap_or(3).max(3);
    let zero = match fitted.reference {
        Reference::Bot(b) => format!("{} = 0", bots[b]),
        Reference::Mean => format!(
            "0 = mean of {} rated bots",
            ratings
                .iter()
                .filter(|r| r.elo.is_some() && !r.separated)
                .count()
        ),
    };
    let mut out = format!(
        "ratings (Bradley-Terry on finishing orders, Elo scale, {zero}; 95% over {} blocks)\n",
        table.blocks
    );
    out.push_str(&format!(
        "{:<width$}  {:>9}  {:>19}  {:>11}\n",
        "bot", "elo", "95% CI", "comparisons"
    ));
    let mut order: Vec<usize> = (0..bots.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (ratings[a].elo, ratings[b].elo);
        y.unwrap_or(f64::NEG_INFINITY)
            .total_cmp(&x.unwrap_or(f64::NEG_INFINITY))
            .then(a.cmp(&b))
    });
    for &i in &order {
        let r = &ratings[i];
        let (elo, ci) = match r.elo {
            None => ("-".to_string(), "not connected".to_string()),
            Some(_) if r.anchor => ("0.0".to_string(), "anchor".to_string()),
            Some(_) if r.separated && r.low == f64::NEG_INFINITY => (
                format!("< {:.1}", r.high),
                format!("-inf .. {}", bound(r.high)),
            ),
            Some(_) if r.separated => (
                format!("> {:.1}", r.low),
                format!("{} .. inf", bound(r.low)),
            ),
            Some(e) if !r.low.is_nan() && !r.high.is_nan() => (
                format!("{e:.1}"),
                format!("{} .. {}", bound(r.low), bound(r.high)),
            ),
            Some(e) => (format!("{e:.1}"), String::new()),
        };
        out.push_str(&format!(
            "{:<width$}  {:>9}  {:>19}  {:>11}\n",
            bots[i], elo, ci, r.comparisons
        ));
    }
    if let Some(name) = anchor
        .filter(|&a| fitted.reference != Reference::Bot(a))
        .and_then(|a| bots.get(a))
    {
        let zero = match fitted.reference {
            Reference::Mean => "the mean of the rated bots".to_string(),
            Reference::Bot(b) => bots[b].clone(),
        };
        out.push_str(&format!(
            "  (--anchor {name}: it has no estimate, so 0 is {zero})\n"
        ));
    }
    for (i, r) in ratings.iter().enumerate() {
        let side = if r.comparisons == 0 {
            continue;
        } else if r.wins == 0 {
            "behind"
        } else if r.wins == r.comparisons {
            "ahead"
        } else {
            continue;
        };
        let consequence = match fitted.reference {
            _ if r.anchor => "the others' ratings are bounded on one side only",
            Reference::Mean => {
                "it has a bound (97.5%, one-sided), not an estimate, and is in neither the mean nor the differences"
            }
            Reference::Bot(_) => {
                "it has a bound (97.5%, one-sided), not an estimate, and is not in the differences"
            }
        };
        out.push_str(&format!(
            "  ({} finished {side} in every comparison: {consequence})\n",
            bots[i]
        ));
    }
    out.push_str(&differences_table(&fitted, bots, &order));
    out
}

/// Every two bots with an estimate, the higher rated first (in the ratings table's order):
/// the difference with its 95% interval and the likelihood of superiority.
fn differences_table(fitted: &Ratings, bots: &[String], order: &[usize]) -> String {
    if fitted.differences.is_empty() {
        return String::new();
    }
    let rank = |bot: usize| order.iter().position(|&o| o == bot).unwrap_or(usize::MAX);
    let mut rows: Vec<Difference> = fitted
        .differences
        .iter()
        .map(|d| {
            if rank(d.a) <= rank(d.b) {
                *d
            } else {
                Difference {
                    a: d.b,
                    b: d.a,
                    elo: -d.elo,
                    low: -d.high,
                    high: -d.low,
                    los: 1.0 - d.los,
                }
            }
        })
        .collect();
    rows.sort_by_key(|d| (rank(d.a), rank(d.b)));
    let name = |d: &Difference| format!("{} - {}", bots[d.a], bots[d.b]);
    let width = rows.iter().map(|d| name(d).len()).max().unwrap_or(4).max(4);
    let mut out = String::from(
        "rating differences (95% interval from the ratings' covariance; LOS: likelihood that the first is stronger)\n",
    );
    out.push_str(&format!(
        "{:<width$}  {:>9}  {:>19}  {:>7}\n",
        "pair", "elo", "95% CI", "LOS %"
    ));
    for d in &rows {
        let ci = if d.low.is_nan() {
            String::new()
        } else {
            format!("{} .. {}", bound(d.low), bound(d.high))
        };
        let los = if d.los.is_nan() {
            String::new()
        } else {
            format!("{:.1}", 100.0 * d.los)
        };
        out.push_str(&format!(
            "{:<width$}  {:>9.1}  {:>19}  {:>7}\n",
            name(d),
            d.elo,
            ci,
            los
        ));
    }
    out
}
