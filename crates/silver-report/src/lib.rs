//! # silver-report
//!
//! `silver report DIR`: one self-contained HTML page for a finished run, merged run,
//! tournament or balance sweep — inline SVG plots drawn with plotters' SVG backend (no
//! JavaScript, no network, no font library), HTML tables, and the same tables as CSV or JSON
//! for machines. Everything comes from the run directory: the manifest's integer statistics
//! (bots, seats, head-to-head, ratings, the SPRT, census timing, cards, round ends) and, where
//! the run wrote them, `rounds.csv` (round lengths), `census.csv` (estimate calibration),
//! `sprt.csv` (the LLR's path) and a sweep's `balance.csv` (forest plots). A design card's
//! directory (`design.json`, `design.csv`), or a sweep's holding a `design.csv`, gets the
//! design card: the ladder's win-rate matrix, the restricted-play values as sorted bars and
//! the other metrics as a table. A balance search's directory (`search.json`, `search.csv`,
//! `ranking.csv`) gets its stages, each objective's distribution per stage, the ranking with
//! its paired intervals, the finalists side by side and, for two objectives, the Pareto front.
//!
//! The page is XHTML (well-formed XML), so any XML parser reads it and every SVG in it; each
//! figure and table has an `id`.
#![deny(missing_docs)]

mod charts;
mod design;
mod page;
mod search;

pub use charts::PlotError;
pub use page::{Block, Report, Section, Table};

use charts::Interval;
use silver_sim::{read_manifest, wilson, Manifest, RunError};
use silver_stats::ratio;
use std::path::{Path, PathBuf};

/// Why a report cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The directory is not a run (or the run cannot be read).
    #[error(transparent)]
    Run(#[from] RunError),
    /// A file of the run cannot be read.
    #[error("{}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A CSV file of the run is not what this build writes.
    #[error("{}: {problem}", path.display())]
    Csv {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// A JSON file of the run is not what this build writes.
    #[error("{}: {problem}", path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// A plot failed.
    #[error(transparent)]
    Plot(#[from] PlotError),
}

type Result<T> = std::result::Result<T, ReportError>;

/// Where in a file a problem is: its path and 1-based line.
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
}

/// A CSV file as a header and rows of strings.
struct Csv {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Csv {
    fn read(path: &Path) -> Result<Option<Csv>> {
        if !path.is_file() {
            return Ok(None);
        }
        let bad = |problem: String| ReportError::Csv {
            path: path.to_path_buf(),
            problem,
        };
        let mut r = csv::Reader::from_path(path).map_err(|e| bad(e.to_string()))?;
        let header: Vec<String> = r
            .headers()
            .map_err(|e| bad(e.to_string()))?
            .iter()
            .map(str::to_string)
            .collect();
        let mut rows = Vec::new();
        for rec in r.records() {
            let rec = rec.map_err(|e| bad(e.to_string()))?;
            rows.push(rec.iter().map(str::to_string).collect());
        }
        Ok(Some(Csv { header, rows }))
    }

    fn col(&self, name: &str, path: &Path) -> Result<usize> {
        self.header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| ReportError::Csv {
                path: path.to_path_buf(),
                problem: format!("no `{name}` column"),
            })
    }
}

/// A table from CSV bytes (one of the run's summary files), keeping rows `keep` accepts.
fn csv_table(
    id: &str,
    title: &str,
    bytes: &[u8],
    keep: impl Fn(&[String]) -> bool,
) -> Result<Table> {
    let bad = |problem: String| ReportError::Csv {
        path: PathBuf::from(title),
        problem,
    };
    let mut r = csv::Reader::from_reader(bytes);
    let columns: Vec<String> = r
        .headers()
        .map_err(|e| bad(e.to_string()))?
        .iter()
        .map(str::to_string)
        .collect();
    let mut table = Table {
        id: id.to_string(),
        title: title.to_string(),
        columns,
        rows: Vec::new(),
    };
    for rec in r.records() {
        let row: Vec<String> = rec
            .map_err(|e| bad(e.to_string()))?
            .iter()
            .map(str::to_string)
            .collect();
        if keep(&row) {
            table.rows.push(row);
        }
    }
    Ok(table)
}

/// A float as summary.csv writes it.
fn f4(x: f64) -> String {
    format!("{x:.4}")
}

/// The report of the run, merged run, tournament, sweep, design card or balance search in
/// `dir`.
pub fn build(dir: &Path) -> Result<Report> {
    if dir.join(search::MANIFEST).is_file() {
        return search::page(dir);
    }
    if dir.join("balance.json").is_file() {
        return sweep(dir);
    }
    if dir.join(design::MANIFEST).is_file() {
        return design::card(dir);
    }
    let m = read_manifest(dir)?;
    run(dir, &m)
}

fn run(dir: &Path, m: &Manifest) -> Result<Report> {
    let set = m.card_set()?;
    let s = &m.stats;
    let players = s.seats.len();
    let mut report = Report::new(format!("Silver report: {}", m.name));
    // The tables are the run's own summary files, made from the manifest as `finish` makes
    // them (so they hold exactly the numbers of summary.csv, cards.csv, pairs.csv, ratings.csv).
    let files = silver_sim::summary_files(m)?;
    let file = |name: &str| -> &[u8] {
        files
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(&[][..], |(_, b)| b.as_slice())
    };

    // 1. The run.
    let kind = if m.shard.is_some() {
        "shard of a run"
    } else if m.block_games == 0 && m.blocks_total == 0 {
        "merged run"
    } else if m.sprt.is_some() {
        "SPRT run"
    } else {
        "run"
    };
    let mut header = Table::new("run", "The run", &["key", "value"]);
    let mut kv = |k: &str, v: String| header.rows.push(vec![k.to_string(), v]);
    kv("name", m.name.clone());
    kv("kind", kind.into());
    kv("set", set.name.clone());
    kv(
        "provenance",
        set.notice()
            .unwrap_or_else(|| "every rule official".to_string()),
    );
    kv("bots", m.bots.join(", "));
    for (name, spec) in m.bots.iter().zip(&m.bot_specs) {
        kv(
            &format!("bot {name}"),
            serde_json::to_string(spec).unwrap_or_default(),
        );
    }
    kv("players", players.to_string());
    kv("games", s.games.to_string());
    kv("rounds", s.rounds.to_string());
    kv(
        "seed",
        m.seed.map_or("not recorded".into(), |x| x.to_string()),
    );
    kv(
        "complete",
        if m.complete {
            "yes".into()
        } else {
            format!("no: {} of {} blocks", m.blocks_done, m.blocks_total)
        },
    );
    kv(
        "command",
        m.command.clone().unwrap_or_else(|| "not recorded".into()),
    );
    kv(
        "throughput",
        m.speed.map_or("not recorded (a merged run)".into(), |sp| {
            format!(
                "{} games in {:.2} s on {} threads: {:.1} games/s",
                sp.games,
                sp.seconds,
                sp.threads,
                sp.games as f64 / sp.seconds.max(1e-9)
            )
        }),
    );
    let mut intro = Section::new("about", "The run");
    intro.blocks.push(Block::Table(header));
    report.sections.push(intro);

    // 2. Bots.
    let mut bots = Section::new("bots", "Bots");
    let mut rows = Vec::new();
    let mut totals = Vec::new();
    for (i, b) in s.bots.iter().enumerate() {
        let name = m.bots.get(i).cloned().unwrap_or_default();
        let (lo, hi) = wilson(b.wins, b.games);
        let p = ratio(b.wins as f64, b.games as f64);
        rows.push(Interval {
            label: name.clone(),
            value: p,
            low: lo,
            high: hi,
            flagged: false,
        });
        let (mean, sd) = b.total_mean_sd();
        let half = 1.96 * sd / (b.games.max(1) as f64).sqrt();
        totals.push(Interval {
            label: name.clone(),
            value: mean,
            low: mean - half,
            high: mean + half,
            flagged: false,
        });
    }
    let table = csv_table(
        "bots-table",
        "Bots (summary.csv)",
        file("summary.csv"),
        |r| r.get(1).is_some_and(|k| k == "bot"),
    )?;
    bots.figure(
        "win-share",
        "Share of seat-games won, with 95% Wilson intervals; the dashed line is parity (1 / players).",
        charts::dot_whisker(
            "win-share",
            "Win share by bot",
            "share of seat-games won",
            &rows,
            Some(1.0 / players.max(1) as f64),
        )?,
    );
    bots.figure(
        "mean-total",
        "Mean final total (lower is better) with a 95% normal interval over seat-games.",
        charts::dot_whisker(
            "mean-total",
            "Mean final total by bot",
            "final total (points)",
            &totals,
            None,
        )?,
    );
    bots.blocks.push(Block::Table(table));
    if m.bots.len() >= 2 && !s.pairs.pairs.is_empty() {
        compare(
            &mut bots,
            m,
            file("pairs.csv"),
            file("ratings.csv"),
            file("ratings-pairs.csv"),
        )?;
    }
    if let Some(t) = &m.sprt {
        sprt(&mut bots, dir, m, t)?;
    }
    report.sections.push(bots);

    // 3. Seats.
    let mut seats = Section::new("seats", "Seats");
    let mut rows = Vec::new();
    for (i, st) in s.seats.iter().enumerate() {
        let (lo, hi) = wilson(st.wins, st.games);
        let p = ratio(st.wins as f64, st.games as f64);
        rows.push(Interval {
            label: format!("seat {i}"),
            value: p,
            low: lo,
            high: hi,
            flagged: false,
        });
    }
    let table = csv_table(
        "seats-table",
        "Seats (summary.csv)",
        file("summary.csv"),
        |r| r.get(1).is_some_and(|k| k == "seat"),
    )?;
    seats.figure(
        "seat-advantage",
        "Share of games won from each seat (seat 0 deals first; rotations spread the bots over the seats), 95% Wilson intervals; dashed: parity.",
        charts::dot_whisker(
            "seat-advantage",
            "Wins by seat",
            "share of games won",
            &rows,
            Some(1.0 / players.max(1) as f64),
        )?,
    );
    seats.blocks.push(Block::Table(table));
    report.sections.push(seats);

    // 4. Census timing.
    let mut census = Section::new("census", "Census timing");
    for (id, title, x_label, cells, what) in [
        (
            "census-by-turn",
            "Census success by turn of the call",
            "completed turns in the round before the call",
            &s.census_by_turn,
            "turns",
        ),
        (
            "census-by-sum",
            "Census success by the caller's true sum",
            "the caller's sum at the call",
            &s.census_by_sum,
            "sum",
        ),
    ] {
        let points: Vec<(f64, f64, f64, f64, u64)> = cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.calls > 0)
            .map(|(k, c)| {
                let (lo, hi) = wilson(c.success, c.calls);
                (
                    k as f64,
                    ratio(c.success as f64, c.calls as f64),
                    lo,
                    hi,
                    c.calls,
                )
            })
            .collect();
        let mut table = Table::new(
            &format!("{id}-table"),
            title,
            &[
                what,
                "calls",
                "successes",
                "rate",
                "rate_low95",
                "rate_high95",
            ],
        );
        for p in &points {
            table.rows.push(vec![
                (p.0 as u64).to_string(),
                p.4.to_string(),
                ((p.1 * p.4 as f64).round() as u64).to_string(),
                f4(p.1),
                f4(p.2),
                f4(p.3),
            ]);
        }
        if !points.is_empty() {
            census.figure(
                id,
                &format!(
                    "{title}: the rate with its 95% Wilson band, and the number of calls beneath."
                ),
                charts::rate_with_counts(id, title, x_label, &points)?,
            );
        }
        census.blocks.push(Block::Table(table));
    }
    calibration(&mut census, dir)?;
    report.sections.push(census);

    // 5. Cards.
    let mut cards = Section::new("cards", "Cards");
    let mut uses = Vec::new();
    let mut effect = Vec::new();
    for (v, c) in s.cards.iter().enumerate() {
        let label = format!("{v} {}", set.labels.get(v).cloned().unwrap_or_default());
        uses.push((format!("{v}"), c.ability_used as f64));
        let used = ratio(c.used_score_sum as f64, c.used_rounds as f64);
        let unused = ratio(c.unused_score_sum as f64, c.unused_rounds as f64);
        if c.used_rounds > 0 {
            effect.push(Interval {
                label,
                value: used - unused,
                low: f64::NAN,
                high: f64::NAN,
                flagged: false,
            });
        }
    }
    let table = csv_table(
        "cards-table",
        "Cards by value (cards.csv)",
        file("cards.csv"),
        |_| true,
    )?;
    cards.figure(
        "ability-uses",
        "How often each value's discard ability was used.",
        charts::bars("ability-uses", "Ability uses by value", "uses", &uses)?,
    );
    if !effect.is_empty() {
        cards.figure(
            "ability-score",
            "Mean round score of player-rounds that used the value's ability minus those that did not (lower is better; a comparison of rounds, not a causal effect).",
            charts::dot_whisker(
                "ability-score",
                "Round score with the ability used, minus without",
                "difference in mean round score (points)",
                &effect,
                Some(0.0),
            )?,
        );
    }
    cards.blocks.push(Block::Table(table));
    report.sections.push(cards);

    // 6. Rounds.
    let mut rounds = Section::new("rounds", "Rounds");
    let names = ["census", "deck", "villagers", "turn cap"];
    let mut table = Table::new(
        "end-reasons-table",
        "How rounds ended",
        &["reason", "rounds", "share"],
    );
    let mut shares = Vec::new();
    for (k, name) in names.iter().enumerate() {
        let c = s.round_end[k];
        let share = ratio(c as f64, s.rounds as f64);
        shares.push((name.to_string(), 100.0 * share));
        table
            .rows
            .push(vec![name.to_string(), c.to_string(), f4(share)]);
    }
    rounds.figure(
        "end-reasons",
        "Share of rounds by what ended them.",
        charts::bars("end-reasons", "How rounds ended", "% of rounds", &shares)?,
    );
    rounds.blocks.push(Block::Table(table));
    round_lengths(&mut rounds, dir)?;
    report.sections.push(rounds);
    Ok(report)
}

/// Head-to-head heatmap and ratings, with pairs.csv, ratings.csv and ratings-pairs.csv as their
/// tables.
fn compare(
    section: &mut Section,
    m: &Manifest,
    pairs: &[u8],
    ratings_csv: &[u8],
    differences_csv: &[u8],
) -> Result<()> {
    let s = &m.stats;
    let k = m.bots.len();
    let mut cells = vec![vec![None; k]; k];
    for p in &s.pairs.pairs {
        let h = p.head_to_head();
        let (a, b) = (p.a as usize, p.b as usize);
        if a < k && b < k {
            cells[a][b] = Some((h.share.value, h.share.low, h.share.high));
            cells[b][a] = Some((1.0 - h.share.value, 1.0 - h.share.high, 1.0 - h.share.low));
        }
    }
    let table = csv_table("pairs-table", "Head to head (pairs.csv)", pairs, |_| true)?;
    section.figure(
        "head-to-head",
        "Percent of comparisons in which the row's bot finished ahead of the column's, with the 95% interval over blocks (a deal with its seat rotations); blue: the row does better.",
        charts::heatmap("head-to-head", "Head to head", &m.bots, &cells)?,
    );
    section.blocks.push(Block::Table(table));
    let ratings = silver_sim::fit_ratings(&s.pairs, k);
    let mut rows = Vec::new();
    for (i, r) in ratings.iter().enumerate() {
        let name = m.bots.get(i).cloned().unwrap_or_default();
        let value = match r.elo {
            Some(e) if !r.separated => e,
            _ if r.separated => {
                if r.low == f64::NEG_INFINITY {
                    r.high
                } else {
                    r.low
                }
            }
            _ => f64::NAN,
        };
        rows.push(Interval {
            label: if r.separated {
                format!("{name} (bound)")
            } else {
                name.clone()
            },
            value,
            low: r.low,
            high: r.high,
            flagged: r.anchor,
        });
    }
    let table = csv_table(
        "ratings-table",
        "Ratings (ratings.csv)",
        ratings_csv,
        |_| true,
    )?;
    section.figure(
        "ratings",
        "Bradley–Terry ratings on the Elo scale with 95% intervals over blocks, 0 being the mean of the bots with a rating (a bot that lost or won every comparison shows its one-sided bound, and is not in the mean; orange: the bot rated 0 when no bot has a rating).",
        charts::dot_whisker(
            "ratings",
            "Ratings",
            "Elo (0 = mean of the rated bots)",
            &rows,
            Some(0.0),
        )?,
    );
    section.blocks.push(Block::Table(table));
    let table = csv_table(
        "ratings-pairs-table",
        "Rating differences: A's rating minus B's, with its 95% interval and the likelihood that A is stronger (ratings-pairs.csv)",
        differences_csv,
        |_| true,
    )?;
    section.blocks.push(Block::Table(table));
    Ok(())
}

/// The SPRT's decision and its LLR path.
fn sprt(section: &mut Section, dir: &Path, m: &Manifest, t: &silver_sim::SprtRecord) -> Result<()> {
    let mut table = Table::new("sprt-table", "Sequential test", &["key", "value"]);
    for line in t.summary(&m.stats.pairs, &m.bots).lines() {
        table.rows.push(vec!["sprt".into(), line.to_string()]);
    }
    table.rows.push(vec!["llr".into(), format!("{:.6}", t.llr)]);
    table
        .rows
        .push(vec!["decision".into(), t.decision.name().into()]);
    let path = dir.join("sprt.csv");
    if let Some(csv) = Csv::read(&path)? {
        let (b, l) = (csv.col("block", &path)?, csv.col("llr", &path)?);
        let points: Vec<(f64, f64)> = csv
            .rows
            .iter()
            .filter_map(|r| Some((r[b].parse::<f64>().ok()? + 1.0, r[l].parse().ok()?)))
            .collect();
        section.figure(
            "sprt-llr",
            "The log-likelihood ratio after every block, with the bounds at which the test stops.",
            charts::trajectory(
                "sprt-llr",
                "SPRT: log-likelihood ratio",
                "blocks (deals with all their rotations)",
                "LLR",
                &points,
                &[(t.spec.upper(), "H1"), (t.spec.lower(), "H0")],
            )?,
        );
    }
    section.blocks.push(Block::Table(table));
    Ok(())
}

/// Mean estimate against the true sum at the call, per bot that keeps an estimate.
fn calibration(section: &mut Section, dir: &Path) -> Result<()> {
    let path = dir.join("census.csv");
    let Some(csv) = Csv::read(&path)? else {
        return Ok(());
    };
    let (bot, truth, est) = (
        csv.col("caller_bot", &path)?,
        csv.col("true_sum", &path)?,
        csv.col("estimate", &path)?,
    );
    let mut by_bot: std::collections::BTreeMap<
        String,
        std::collections::BTreeMap<i64, (f64, u64)>,
    > = Default::default();
    for r in &csv.rows {
        let (Ok(t), Ok(e)) = (r[truth].parse::<i64>(), r[est].parse::<f64>()) else {
            continue;
        };
        let cell = by_bot
            .entry(r[bot].clone())
            .or_default()
            .entry(t)
            .or_default();
        cell.0 += e;
        cell.1 += 1;
    }
    for (i, (name, cells)) in by_bot.iter().enumerate() {
        let points: Vec<(f64, f64, u64)> = cells
            .iter()
            .map(|(&t, &(sum, n))| (t as f64, sum / n as f64, n))
            .collect();
        let id = format!("calibration-{i}");
        section.figure(
            &id,
            &format!("{name}: its mean estimate of its own sum at its census calls against the true sum (dot area: calls; dashed: a perfect estimate)."),
            charts::calibration(&id, &format!("Estimate calibration: {name}"), &points)?,
        );
    }
    Ok(())
}

/// A histogram of round lengths from rounds.csv.
fn round_lengths(section: &mut Section, dir: &Path) -> Result<()> {
    let path = dir.join("rounds.csv");
    let Some(csv) = Csv::read(&path)? else {
        return Ok(());
    };
    let (seat, turns) = (csv.col("seat", &path)?, csv.col("turns", &path)?);
    let mut counts: std::collections::BTreeMap<u32, u64> = Default::default();
    for r in csv.rows.iter().filter(|r| r[seat] == "0") {
        if let Ok(t) = r[turns].parse::<u32>() {
            *counts.entry(t).or_default() += 1;
        }
    }
    let counts: Vec<(u32, u64)> = counts.into_iter().collect();
    if !counts.is_empty() {
        section.figure(
            "round-lengths",
            "Completed turns per round.",
            charts::histogram(
                "round-lengths",
                "Round lengths",
                "completed turns in the round",
                &counts,
            )?,
        );
    }
    Ok(())
}

/// The headline metrics of a sweep: (balance.csv column, title, scale, unit).
const HEADLINES: [(&str, &str, f64, &str); 6] = [
    ("mean_round_score", "Mean round score", 1.0, "points"),
    ("mean_round_turns", "Mean round length", 1.0, "turns"),
    ("census_call_rate", "Census calls per round", 1.0, "calls"),
    ("census_success_rate", "Census success", 100.0, "%"),
    ("start_win_rate", "First player's win rate", 100.0, "%"),
    (
        "win_spread",
        "Win-rate spread between bots",
        100.0,
        "points of %",
    ),
];

fn sweep(dir: &Path) -> Result<Report> {
    let path = dir.join("balance.csv");
    let csv = Csv::read(&path)?.ok_or_else(|| ReportError::Read {
        path: path.clone(),
        source: std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no balance.csv: the sweep has not finished",
        ),
    })?;
    let set_col = csv.col("set", &path)?;
    let unofficial = csv.col("unofficial", &path)?;
    let games = csv.col("games", &path)?;
    let base = csv
        .rows
        .first()
        .map(|r| r[set_col].clone())
        .unwrap_or_default();
    let mut report = Report::new(format!("Silver balance sweep: base {base}"));
    let mut intro = Section::new("about", "The sweep");
    let mut t = Table::new("run", "The sweep", &["key", "value"]);
    t.rows.push(vec!["kind".into(), "balance sweep".into()]);
    t.rows.push(vec!["base".into(), base.clone()]);
    t.rows.push(vec!["sets".into(), csv.rows.len().to_string()]);
    t.rows.push(vec![
        "games per set".into(),
        csv.rows
            .first()
            .map(|r| r[games].clone())
            .unwrap_or_default(),
    ]);
    intro.blocks.push(Block::Table(t));
    report.sections.push(intro);
    let mut forest = Section::new("balance", "Differences from the base set");
    for (col, title, scale, unit) in HEADLINES {
        let (d, lo, hi) = (
            csv.col(&format!("d_{col}"), &path)?,
            csv.col(&format!("d_{col}_low95"), &path)?,
            csv.col(&format!("d_{col}_high95"), &path)?,
        );
        let num = |x: &str| x.parse::<f64>().unwrap_or(f64::NAN) * scale;
        let mut rows: Vec<Interval> = csv
            .rows
            .iter()
            .skip(1)
            .map(|r| Interval {
                label: if r[unofficial].is_empty() {
                    r[set_col].clone()
                } else {
                    format!("{} (unofficial: {})", r[set_col], r[unofficial])
                },
                value: num(&r[d]),
                low: num(&r[lo]),
                high: num(&r[hi]),
                flagged: !r[unofficial].is_empty(),
            })
            .collect();
        if rows
            .iter()
            .all(|r| r.value == 0.0 && r.low == 0.0 && r.high == 0.0)
        {
            continue;
        }
        rows.sort_by(|a, b| a.value.total_cmp(&b.value));
        let id = format!("forest-{}", col.replace('_', "-"));
        forest.figure(
            &id,
            &format!("{title}: each set minus the base ({unit}), with its paired 95% interval over the same deals; sorted; the dashed line is no difference; orange: the set has unofficial (reconstructed) characters."),
            charts::dot_whisker(
                &id,
                &format!("{title}: set minus base"),
                &format!("set minus base ({unit})"),
                &rows,
                Some(0.0),
            )?,
        );
    }
    report.sections.push(forest);
    let mut full = Section::new("balance-all", "Every set (balance.csv)");
    let mut table = Table::new(
        "balance-table",
        "balance.csv",
        &csv.header.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    table.rows = csv.rows.clone();
    full.blocks.push(Block::Table(table));
    report.sections.push(full);
    design::append(dir, &mut report)?;
    Ok(report)
}
