//! The ratings as files (`ratings.csv`, `ratings-pairs.csv`) and as the table printed after a
//! run.

use super::{fit_from, fit_reduced, variance_ratio, Difference, Rating, Ratings, Reference};
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

/// A rating's estimate and bounds for CSV: `elo` empty for a bot with only a bound,
/// `inf`/`-inf` for an unbounded side, all empty without a rating.
fn rating_cells(r: &Rating) -> [String; 3] {
    [
        r.elo
            .filter(|_| !r.separated)
            .map_or(String::new(), |e| cell(e, 2)),
        r.elo.map_or(String::new(), |_| cell(r.low, 2)),
        r.elo.map_or(String::new(), |_| cell(r.high, 2)),
    ]
}

/// `ratings.csv`: one row per bot, in plan order, measured from the mean of the bots with an
/// estimate (`elo` empty for a bot with only a bound; `inf`/`-inf` for an unbounded side).
/// With `reduced` (the [variance-reduced ratings](super::fit_reduced) of a run that measured
/// luck), also `elo_vr`, `elo_vr_low95`, `elo_vr_high95` and `elo_variance_ratio`.
pub fn ratings_csv(
    ratings: &[Rating],
    reduced: Option<&[Rating]>,
    bots: &[String],
    set: &str,
) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec![
        "set",
        "bot",
        "elo",
        "elo_low95",
        "elo_high95",
        "comparisons",
        "anchor",
    ];
    if reduced.is_some() {
        header.extend([
            "elo_vr",
            "elo_vr_low95",
            "elo_vr_high95",
            "elo_variance_ratio",
        ]);
    }
    w.write_record(&header).expect("in-memory write");
    for (i, r) in ratings.iter().enumerate() {
        let mut row = vec![set.to_string(), bots.get(i).cloned().unwrap_or_default()];
        row.extend(rating_cells(r));
        row.extend([r.comparisons.to_string(), (r.anchor as u8).to_string()]);
        if let Some(reduced) = reduced {
            match reduced.get(i) {
                Some(v) => {
                    row.extend(rating_cells(v));
                    let ratio = if r.separated || v.separated || v.elo.is_none() {
                        f64::NAN
                    } else {
                        variance_ratio((r.low, r.high), (v.low, v.high))
                    };
                    row.push(cell(ratio, 4));
                }
                None => row.extend(std::iter::repeat_n(String::new(), 4)),
            }
        }
        w.write_record(&row).expect("in-memory write");
    }
    w.into_inner().expect("in-memory write")
}

/// `ratings-pairs.csv`: one row per two bots with an estimate, in plan order: the difference
/// of their ratings with its interval and the likelihood of superiority (a probability). With
/// `reduced` (the [variance-reduced ratings](super::fit_reduced)), also `elo_diff_vr`,
/// `diff_vr_low95`, `diff_vr_high95`, `los_vr` and `variance_ratio` (the plain difference's
/// variance over the reduced one's).
pub fn ratings_pairs_csv(
    ratings: &Ratings,
    reduced: Option<&Ratings>,
    bots: &[String],
    set: &str,
) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec![
        "set",
        "bot_a",
        "bot_b",
        "elo_diff",
        "diff_low95",
        "diff_high95",
        "los",
    ];
    if reduced.is_some() {
        header.extend([
            "elo_diff_vr",
            "diff_vr_low95",
            "diff_vr_high95",
            "los_vr",
            "variance_ratio",
        ]);
    }
    w.write_record(&header).expect("in-memory write");
    for d in &ratings.differences {
        let mut row = vec![
            set.to_string(),
            bots.get(d.a).cloned().unwrap_or_default(),
            bots.get(d.b).cloned().unwrap_or_default(),
            cell(d.elo, 2),
            cell(d.low, 2),
            cell(d.high, 2),
            cell(d.los, 4),
        ];
        if let Some(reduced) = reduced {
            match reduced
                .differences
                .iter()
                .find(|v| (v.a, v.b) == (d.a, d.b))
            {
                Some(v) => row.extend([
                    cell(v.elo, 2),
                    cell(v.low, 2),
                    cell(v.high, 2),
                    cell(v.los, 4),
                    cell(variance_ratio((d.low, d.high), (v.low, v.high)), 4),
                ]),
                None => row.extend(std::iter::repeat_n(String::new(), 5)),
            }
        }
        w.write_record(&row).expect("in-memory write");
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

/// A rating as printed: the estimate (or its bound) and the interval.
fn rating_text(r: &Rating) -> (String, String) {
    match r.elo {
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
    }
}

/// The ratings' order in the printed tables: highest first, bots without a rating last.
fn rating_order(ratings: &[Rating]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (ratings[a].elo, ratings[b].elo);
        y.unwrap_or(f64::NEG_INFINITY)
            .total_cmp(&x.unwrap_or(f64::NEG_INFINITY))
            .then(a.cmp(&b))
    });
    order
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
    let order = rating_order(ratings);
    for &i in &order {
        let r = &ratings[i];
        let (elo, ci) = rating_text(r);
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

/// The differences of a fit, each with the higher rated of `order` first, in that order.
fn oriented(fitted: &Ratings, order: &[usize]) -> Vec<Difference> {
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
    rows
}

/// Every two bots with an estimate, the higher rated first (in the ratings table's order):
/// the difference with its 95% interval and the likelihood of superiority.
fn differences_table(fitted: &Ratings, bots: &[String], order: &[usize]) -> String {
    if fitted.differences.is_empty() {
        return String::new();
    }
    let rows = oriented(fitted, order);
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

/// An interval as printed (empty when unknown).
fn interval_text(low: f64, high: f64) -> String {
    if low.is_nan() || high.is_nan() {
        String::new()
    } else {
        format!("{} .. {}", bound(low), bound(high))
    }
}

/// The variance-reduced ratings printed after the plain ones in a run whose sums allow them
/// ([`fit_reduced`]; empty otherwise): each rating and difference (in the plain tables' order,
/// from the same reference) with its interval, the plain interval beside it and the variance
/// ratio, and each difference's LOS.
pub fn reduced_ratings_table(table: &PairTable, bots: &[String], anchor: Option<usize>) -> String {
    let asked = anchor.map_or(Reference::Mean, Reference::Bot);
    let Some(reduced) = fit_reduced(table, bots.len(), asked) else {
        return String::new();
    };
    let plain = fit_from(table, bots.len(), asked);
    let order = rating_order(&plain.ratings);
    let width = bots.iter().map(|n| n.len()).max().unwrap_or(3).max(3);
    let zero = match reduced.reference {
        Reference::Bot(b) => format!("{} = 0", bots[b]),
        Reference::Mean => format!(
            "0 = mean of {} rated bots",
            reduced
                .ratings
                .iter()
                .filter(|r| r.elo.is_some() && !r.separated)
                .count()
        ),
    };
    let mut out = format!(
        "variance-reduced ratings (chance luck as a control variate per pair, {zero}; 95% over blocks; ratio: the plain estimate's variance over the reduced one's)\n"
    );
    out.push_str(&format!(
        "{:<width$}  {:>9}  {:>19}  {:>19}  {:>5}\n",
        "bot", "elo", "95% CI", "plain 95% CI", "ratio"
    ));
    for &i in &order {
        let (r, p) = (&reduced.ratings[i], &plain.ratings[i]);
        let (elo, ci) = rating_text(r);
        let (_, plain_ci) = rating_text(p);
        let ratio = variance_ratio((p.low, p.high), (r.low, r.high));
        let ratio = if r.separated || r.anchor || !ratio.is_finite() {
            String::new()
        } else {
            format!("{ratio:.2}")
        };
        out.push_str(&format!(
            "{:<width$}  {:>9}  {:>19}  {:>19}  {:>5}\n",
            bots[i], elo, ci, plain_ci, ratio
        ));
    }
    let plain_rows = oriented(&plain, &order);
    let rows = oriented(&reduced, &order);
    if rows.is_empty() {
        return out;
    }
    let name = |d: &Difference| format!("{} - {}", bots[d.a], bots[d.b]);
    let width = rows.iter().map(|d| name(d).len()).max().unwrap_or(4).max(4);
    out.push_str(&format!(
        "{:<width$}  {:>9}  {:>19}  {:>19}  {:>5}  {:>7}\n",
        "pair", "elo", "95% CI", "plain 95% CI", "ratio", "LOS %"
    ));
    for d in &rows {
        let p = plain_rows.iter().find(|p| (p.a, p.b) == (d.a, d.b));
        let plain_ci = p.map_or(String::new(), |p| interval_text(p.low, p.high));
        let ratio = p
            .map(|p| variance_ratio((p.low, p.high), (d.low, d.high)))
            .filter(|r| r.is_finite())
            .map_or(String::new(), |r| format!("{r:.2}"));
        let los = if d.los.is_nan() {
            String::new()
        } else {
            format!("{:.1}", 100.0 * d.los)
        };
        out.push_str(&format!(
            "{:<width$}  {:>9.1}  {:>19}  {:>19}  {:>5}  {:>7}\n",
            name(d),
            d.elo,
            interval_text(d.low, d.high),
            plain_ci,
            ratio,
            los
        ));
    }
    out
}
