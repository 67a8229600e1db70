//! The design card's part of the page: `design.csv` read strictly (a malformed file is an error
//! naming the file and the line), the ladder's pairings as a win-rate matrix, the per-value
//! restricted-play values as sorted bars with their intervals, and every other metric as a
//! table (observational rates labelled as such; a sweep's differences from the base beside).
//! A design card's directory (`design.json` and `design.csv`) gets a page of its own; a
//! sweep's directory holding a `design.csv` gets a section per set after its own.

pub(crate) mod charts;

use crate::charts::Interval;
use crate::{At, Block, Report, ReportError, Result, Section, Table};
use charts::Estimate;
use std::path::{Path, PathBuf};

/// The card's table of metrics.
pub(crate) const FILE: &str = silver_sim::design::DESIGN_CSV;
/// The card's manifest: its presence makes a directory a design card's.
pub(crate) const MANIFEST: &str = silver_sim::design::DESIGN_MANIFEST;

/// `design.csv`'s columns; a sweep appends [`DIFF_COLUMNS`].
const COLUMNS: [&str; 10] = [
    "set", "players", "metric", "key", "unit", "value", "low95", "high95", "games", "blocks",
];
/// The paired difference from the base set, in a sweep.
const DIFF_COLUMNS: [&str; 3] = ["d_value", "d_low95", "d_high95"];
use silver_sim::design::card::{REDUCED_COLUMNS, REDUCED_DIFF_COLUMNS};

/// Metrics drawn as the ladder's matrix and the restricted-play bars (their numbers are in
/// a table of their own).
const LADDER: &str = "ladder_share";
const RESTRICTED: &str = "restricted_value";
/// Whether a metric is a per-value rate read off self-play: biased (strong players keep good
/// cards), so labelled ([`silver_sim::design::card::METRICS`] says which).
fn observational(metric: &str) -> bool {
    silver_sim::design::card::METRICS
        .iter()
        .any(|d| d.name == metric && d.observational)
}

/// One row of `design.csv`: its cells as written and the numbers the plots need.
struct Line {
    /// Its line in the file (the header is line 1).
    line: u64,
    cells: Vec<String>,
    est: Estimate,
    /// In a sweep: this set minus the base (NaN: unknown, or not a sweep).
    diff: Estimate,
}

impl Line {
    fn metric(&self) -> &str {
        &self.cells[2]
    }
    fn key(&self) -> &str {
        &self.cells[3]
    }
}

/// The rows of one set and player count, in the file's order.
struct Card {
    set: String,
    players: u8,
    lines: Vec<Line>,
}

/// A whole `design.csv`.
struct DesignCsv {
    /// Whether the file has the sweep's difference columns.
    diff: bool,
    /// Whether the file has the variance-reduced columns.
    reduced: bool,
    cards: Vec<Card>,
}

impl At<'_> {
    /// A finite number.
    fn num(&self, column: &str, cell: &str) -> Result<f64> {
        cell.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| self.err(format!("{column} `{cell}` is not a number")))
    }

    /// An interval: both ends empty (unknown) or both numbers, the lower not above the upper.
    fn interval(&self, columns: [&str; 2], low: &str, high: &str) -> Result<(f64, f64)> {
        match (low.is_empty(), high.is_empty()) {
            (true, true) => Ok((f64::NAN, f64::NAN)),
            (false, false) => {
                let (a, b) = (self.num(columns[0], low)?, self.num(columns[1], high)?);
                if a > b {
                    return Err(self.err(format!(
                        "{} {low} is above {} {high}",
                        columns[0], columns[1]
                    )));
                }
                Ok((a, b))
            }
            _ => Err(self.err(format!(
                "{} and {} must be both empty or both numbers",
                columns[0], columns[1]
            ))),
        }
    }
}

/// The number of card values (0 to 13), as the card's per-value counts have them.
fn values() -> usize {
    silver_sim::design::DesignRow::default().drawn.len()
}

/// Reads `design.csv` strictly: its header, and every field in its form.
fn read(path: &Path) -> Result<DesignCsv> {
    let bytes = std::fs::read(path).map_err(|source| ReportError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse(path, &bytes)
}

/// Parses the bytes of `design.csv` (read from `path`) strictly: its header, and every field
/// in its form.
fn parse(path: &Path, bytes: &[u8]) -> Result<DesignCsv> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut header: Option<Vec<String>> = None;
    let mut cards: Vec<Card> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for rec in reader.records() {
        let rec = rec.map_err(|e| ReportError::Csv {
            path: path.to_path_buf(),
            problem: e.to_string(),
        })?;
        let at = At {
            path,
            line: rec.position().map_or(0, |p| p.line()),
        };
        let cells: Vec<String> = rec.iter().map(str::to_string).collect();
        let Some(columns) = &header else {
            let diff = cells
                .get(COLUMNS.len())
                .is_some_and(|c| c == DIFF_COLUMNS[0]);
            let reduced = cells.iter().any(|c| c == REDUCED_COLUMNS[0]);
            if cells != header_of(diff, reduced) {
                return Err(at.err(format!(
                    "the header is not design.csv's (`{}`; in a sweep `,{}`; with variance \
                     reduction `,{}`, and `,{}` in a sweep)",
                    COLUMNS.join(","),
                    DIFF_COLUMNS.join(","),
                    REDUCED_COLUMNS.join(","),
                    REDUCED_DIFF_COLUMNS.join(",")
                )));
            }
            header = Some(cells);
            continue;
        };
        let (players, line) = parse_line(&at, columns, cells)?;
        let (set, metric, key) = (&line.cells[0], line.metric(), line.key());
        if !seen.insert((set.clone(), players, metric.to_string(), key.to_string())) {
            return Err(at.err(format!("a second row for {metric} `{key}`")));
        }
        let same_card = cards
            .last()
            .is_some_and(|c| c.set == *set && c.players == players);
        if !same_card {
            if cards.iter().any(|c| c.set == *set && c.players == players) {
                return Err(at.err(format!(
                    "set {set} with {players} players again after another card's rows"
                )));
            }
            cards.push(Card {
                set: set.clone(),
                players,
                lines: Vec::new(),
            });
        }
        if let Some(card) = cards.last_mut() {
            card.lines.push(line);
        }
    }
    let Some(header) = header else {
        return Err(At { path, line: 1 }.err("empty file, no header"));
    };
    if cards.is_empty() {
        return Err(At { path, line: 2 }.err("no rows"));
    }
    Ok(DesignCsv {
        diff: header
            .get(COLUMNS.len())
            .is_some_and(|c| c == DIFF_COLUMNS[0]),
        reduced: header.iter().any(|c| c == REDUCED_COLUMNS[0]),
        cards,
    })
}

/// `design.csv`'s header with the sweep's and the variance-reduced columns as asked.
fn header_of(diff: bool, reduced: bool) -> Vec<String> {
    let mut names: Vec<&str> = COLUMNS.to_vec();
    if diff {
        names.extend(DIFF_COLUMNS);
    }
    if reduced {
        names.extend(REDUCED_COLUMNS);
        if diff {
            names.extend(REDUCED_DIFF_COLUMNS);
        }
    }
    names.into_iter().map(String::from).collect()
}

/// One row of `design.csv` (as many fields as the header `columns`), each field in its form:
/// its player count and the row.
fn parse_line(at: &At, columns: &[String], cells: Vec<String>) -> Result<(u8, Line)> {
    let width = columns.len();
    if cells.len() != width {
        return Err(at.err(format!("{} fields, the header has {}", cells.len(), width)));
    }
    let (set, metric, key, unit) = (&cells[0], &cells[2], &cells[3], &cells[4]);
    if set.is_empty() || unit.is_empty() {
        return Err(at.err("empty set or unit"));
    }
    if metric.is_empty()
        || !metric
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        return Err(at.err(format!("metric `{metric}` is not a metric's name")));
    }
    let players = cells[1]
        .parse::<u8>()
        .ok()
        .filter(|&p| p >= 2)
        .ok_or_else(|| at.err(format!("players `{}` is not a player count", cells[1])))?;
    let value = at.num("value", &cells[5])?;
    let (low, high) = at.interval(["low95", "high95"], &cells[6], &cells[7])?;
    let count = |i: usize| {
        cells[i]
            .parse::<u64>()
            .map_err(|_| at.err(format!("{} `{}` is not a count", COLUMNS[i], cells[i])))
    };
    let (games, blocks) = (count(8)?, count(9)?);
    if blocks > games {
        return Err(at.err(format!("{blocks} blocks but {games} games")));
    }
    let mut diff = Estimate {
        value: f64::NAN,
        low: f64::NAN,
        high: f64::NAN,
    };
    // The variance-reduced cells: numbers or empty, each interval whole and in order.
    if let Some(at_vr) = columns.iter().position(|c| c == REDUCED_COLUMNS[0]) {
        let r = &cells[at_vr..];
        for (k, name) in REDUCED_COLUMNS
            .iter()
            .chain(&REDUCED_DIFF_COLUMNS)
            .enumerate()
        {
            if k < r.len() && !r[k].is_empty() {
                at.num(name, &r[k])?;
            }
        }
        at.interval(["low95_vr", "high95_vr"], &r[1], &r[2])?;
        if r.len() > REDUCED_COLUMNS.len() {
            at.interval(["d_low95_vr", "d_high95_vr"], &r[5], &r[6])?;
        }
    }
    if columns
        .get(COLUMNS.len())
        .is_some_and(|c| c == DIFF_COLUMNS[0])
    {
        let d = &cells[COLUMNS.len()..];
        if !d[0].is_empty() {
            diff.value = at.num("d_value", &d[0])?;
        } else if !(d[1].is_empty() && d[2].is_empty()) {
            return Err(at.err("an interval for an empty d_value"));
        }
        (diff.low, diff.high) = at.interval(["d_low95", "d_high95"], &d[1], &d[2])?;
    }
    match metric.as_str() {
        LADDER if !key.contains('>') => {
            return Err(at.err(format!("{LADDER} key `{key}` is not `UPPER>LOWER`")));
        }
        m if (m == RESTRICTED || observational(m))
            && key.parse::<usize>().map_or(true, |v| v >= values()) =>
        {
            return Err(at.err(format!("{metric} key `{key}` is not a card value")));
        }
        "seat_advantage" if key.parse::<u8>().map_or(true, |s| s >= players) => {
            return Err(at.err(format!("seat_advantage key `{key}` is not a seat offset")));
        }
        _ => {}
    }
    Ok((
        players,
        Line {
            line: at.line,
            est: Estimate { value, low, high },
            diff,
            cells,
        },
    ))
}

/// A card's ladder, read off its `ladder_share` rows.
struct Ladder {
    /// The rungs' bot names, weakest first.
    rungs: Vec<String>,
    /// Per `ladder_share` row, in the file's order: the (upper, lower) rungs it compares.
    pairs: Vec<(usize, usize)>,
}

/// The ladder's rungs, weakest first, from the `ladder_share` rows: the card writes the
/// adjacent pairings first (`r1>r0`, `r2>r1`, ...), so the chain of their keys gives the
/// order even when a bot's name holds a `>`. Then every other row must be a pairing of two
/// rungs, upper first.
fn ladder(path: &Path, lines: &[&Line]) -> Result<Ladder> {
    let m = lines.len();
    if m == 0 {
        return Ok(Ladder {
            rungs: Vec::new(),
            pairs: Vec::new(),
        });
    }
    // m = k (k - 1) / 2 pairings of k rungs.
    let k = (2..=m + 1).find(|k| k * (k - 1) / 2 >= m).unwrap_or(m + 1);
    let at = |i: usize| At {
        path,
        line: lines[i].line,
    };
    if k * (k - 1) / 2 != m {
        return Err(at(m - 1).err(format!(
            "{m} {LADDER} rows are not every pairing of a ladder's rungs"
        )));
    }
    let splits = |key: &str| -> Vec<usize> { key.match_indices('>').map(|(i, _)| i).collect() };
    let first = lines[0].key();
    // The second rung: a name before a `>` of the first key and after a `>` of the second.
    let second = match lines.get(1).filter(|_| k >= 3) {
        Some(next) => splits(first)
            .into_iter()
            .map(|i| &first[..i])
            .find(|r1| {
                next.key()
                    .strip_suffix(r1)
                    .is_some_and(|rest| rest.ends_with('>'))
            })
            .ok_or_else(|| {
                at(1).err(format!(
                    "{LADDER} `{}` does not continue the ladder after `{first}` (adjacent rungs first)",
                    next.key()
                ))
            })?,
        None => splits(first).first().map_or(first, |&i| &first[..i]),
    };
    let mut rungs = vec![first[second.len() + 1..].to_string(), second.to_string()];
    for i in 1..k - 1 {
        let key = lines[i].key();
        let below = format!(">{}", rungs[i]);
        let upper = key.strip_suffix(below.as_str()).ok_or_else(|| {
            at(i).err(format!(
                "{LADDER} `{key}` does not continue the ladder after `{}` (adjacent rungs first)",
                rungs[i]
            ))
        })?;
        rungs.push(upper.to_string());
    }
    let mut pairs = Vec::with_capacity(m);
    for (i, l) in lines.iter().enumerate() {
        let pair = (1..k)
            .flat_map(|u| (0..u).map(move |d| (u, d)))
            .find(|&(u, d)| l.key() == format!("{}>{}", rungs[u], rungs[d]))
            .ok_or_else(|| {
                at(i).err(format!(
                    "{LADDER} `{}` is not a pairing of the ladder {} (upper rung first)",
                    l.key(),
                    rungs.join(", ")
                ))
            })?;
        pairs.push(pair);
    }
    let distinct: std::collections::BTreeSet<_> = pairs.iter().collect();
    if distinct.len() != m {
        return Err(at(m - 1).err(format!(
            "the {LADDER} rows repeat a pairing of the ladder {}",
            rungs.join(", ")
        )));
    }
    Ok(Ladder { rungs, pairs })
}

/// The character names of each set's values, from the manifests of the runs in a directory
/// (a card's arms, or a sweep's sets and their arms): each manifest is read once, and only
/// until the asked set is found.
struct Labels {
    /// Runs not read yet, in reading order (reversed, to pop).
    pending: Vec<PathBuf>,
    /// The names per set of the runs read so far.
    found: std::collections::BTreeMap<String, Vec<String>>,
}

impl Labels {
    fn new(dir: &Path) -> Labels {
        let subdirs = |d: PathBuf| -> Vec<PathBuf> {
            let mut v: Vec<PathBuf> = std::fs::read_dir(d)
                .into_iter()
                .flatten()
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .collect();
            v.sort();
            v
        };
        let mut runs = subdirs(dir.join(silver_sim::design::ARMS_DIR));
        for set in subdirs(dir.join(silver_sim::SETS_DIR)) {
            runs.push(set.clone());
            runs.extend(subdirs(set.join(silver_sim::design::ARMS_DIR)));
        }
        runs.reverse();
        Labels {
            pending: runs,
            found: Default::default(),
        }
    }

    /// The set's names, or None when no run of the set is in the directory (or none can be
    /// read: the names are a label, not a figure, so the page goes on with the values).
    fn of(&mut self, set: &str) -> Option<&[String]> {
        while !self.found.contains_key(set) {
            let run = self.pending.pop()?;
            let Some(named) = silver_sim::read_manifest(&run)
                .ok()
                .and_then(|m| m.card_set().ok())
            else {
                continue;
            };
            self.found
                .entry(named.name)
                .or_insert_with(|| named.labels.to_vec());
        }
        self.found.get(set).map(Vec::as_slice)
    }
}

/// The table of some of a card's rows: metric, key, value, interval, unit, a note on what
/// kind of rate it is, the sweep's difference, games and blocks (cells as written).
fn rows_table(id: &str, title: &str, csv: &DesignCsv, lines: &[&Line]) -> Table {
    let (diff, reduced) = (csv.diff, csv.reduced);
    let mut columns = vec!["metric", "key", "value", "95% interval", "unit", "note"];
    if diff {
        columns.extend(["difference from base", "difference 95% interval"]);
    }
    if reduced {
        columns.extend(["reduced", "reduced 95% interval", "variance ratio"]);
        if diff {
            columns.extend([
                "reduced difference",
                "its 95% interval",
                "its variance ratio",
            ]);
        }
    }
    columns.extend(["games", "blocks"]);
    let mut table = Table::new(id, title, &columns);
    let interval = |low: &str, high: &str| {
        if low.is_empty() {
            String::new()
        } else {
            format!("[{low}, {high}]")
        }
    };
    for l in lines {
        let c = &l.cells;
        let note = if observational(l.metric()) {
            "observational"
        } else {
            ""
        };
        let mut row = vec![
            c[2].clone(),
            c[3].clone(),
            c[5].clone(),
            interval(&c[6], &c[7]),
            c[4].clone(),
            note.to_string(),
        ];
        if diff {
            row.push(c[10].clone());
            row.push(interval(&c[11], &c[12]));
        }
        if reduced {
            let r = &c[COLUMNS.len() + if diff { DIFF_COLUMNS.len() } else { 0 }..];
            row.push(r[0].clone());
            row.push(interval(&r[1], &r[2]));
            row.push(r[3].clone());
            if diff {
                row.push(r[4].clone());
                row.push(interval(&r[5], &r[6]));
                row.push(r[7].clone());
            }
        }
        row.push(c[8].clone());
        row.push(c[9].clone());
        table.rows.push(row);
    }
    table
}

/// The sections of every card in `design.csv`: ids end in `-i` (the card's place in the
/// file) when the file holds more than one card.
fn sections(dir: &Path, path: &Path, csv: &DesignCsv) -> Result<Vec<Section>> {
    let mut out = Vec::new();
    let several = csv.cards.len() > 1;
    let mut labels = Labels::new(dir);
    for (i, card) in csv.cards.iter().enumerate() {
        let suffix = if several {
            format!("-{i}")
        } else {
            String::new()
        };
        let mut section = Section::new(
            &format!("design{suffix}"),
            &format!("Design card: {}, {} players", card.set, card.players),
        );
        let of = |metric: &str| -> Vec<&Line> {
            card.lines.iter().filter(|l| l.metric() == metric).collect()
        };
        let ladder_lines = of(LADDER);
        let Ladder { rungs, pairs } = ladder(path, &ladder_lines)?;
        if !rungs.is_empty() {
            let mut cells = vec![vec![None; rungs.len()]; rungs.len()];
            for (l, &(u, d)) in ladder_lines.iter().zip(&pairs) {
                let e = &l.est;
                cells[d][u] = Some(Estimate {
                    value: 100.0 - e.value,
                    low: 100.0 - e.high,
                    high: 100.0 - e.low,
                });
                cells[u][d] = Some(e.clone());
            }
            let id = format!("design-ladder{suffix}");
            section.figure(
                &id,
                "The ladder's win-rate matrix: percent of comparisons in which the row's bot finished ahead of the column's (ladder_share), with its 95% interval over blocks beneath and on hover; rungs weakest first; the colour is centred at 50 (blue: the row finishes ahead more often).",
                charts::win_matrix(&id, "Ladder: row ahead of column (%)", &rungs, &cells)?,
            );
        }
        let mut restricted: Vec<(usize, &Line)> = of(RESTRICTED)
            .into_iter()
            .map(|l| (l.key().parse().unwrap_or(usize::MAX), l))
            .collect();
        if !restricted.is_empty() {
            // Largest value first; equal values by card value.
            restricted.sort_by(|a, b| b.1.est.value.total_cmp(&a.1.est.value).then(a.0.cmp(&b.0)));
            let names = labels.of(&card.set);
            let label = |v: usize| {
                let name = names.as_ref().and_then(|n| n.get(v));
                name.map_or(v.to_string(), |n| format!("{v} {n}"))
            };
            let bars: Vec<(String, Estimate)> = restricted
                .iter()
                .map(|(v, l)| (label(*v), l.est.clone()))
                .collect();
            let unit = restricted[0].1.cells[4].clone();
            let id = format!("design-restricted{suffix}");
            section.figure(
                &id,
                "Restricted play: what each value is worth to its holder (restricted_value: 100 × (share of comparisons the unrestricted reference bot finished ahead of itself forbidden to keep, take or use the value − ½)), with 95% intervals over blocks; sorted, largest first; the line is zero.",
                charts::bars_with_whiskers(
                    &id,
                    "Restricted play: value of each card",
                    &format!("restricted-play value ({unit})"),
                    &unit,
                    &bars,
                )?,
            );
            // A sweep's set: how each value's worth moved from the base set, on the same deals.
            let mut moved: Vec<Interval> = restricted
                .iter()
                .filter(|(_, l)| l.diff.value.is_finite())
                .map(|(v, l)| Interval {
                    label: label(*v),
                    value: l.diff.value,
                    low: l.diff.low,
                    high: l.diff.high,
                    flagged: false,
                })
                .collect();
            if !moved.is_empty() {
                // The largest at the top (the plot draws its first row at the bottom); equal
                // differences keep their order (a stable sort).
                moved.sort_by(|a, b| a.value.total_cmp(&b.value));
                let id = format!("design-restricted-diff{suffix}");
                section.figure(
                    &id,
                    "Restricted play in this set minus the base set (d_value of restricted_value), with the paired 95% interval over the same deals; sorted, the largest at the top; the dashed line is no difference.",
                    crate::charts::dot_whisker(
                        &id,
                        "Restricted play: this set minus the base",
                        &format!("difference ({unit})"),
                        &moved,
                        Some(0.0),
                    )?,
                );
            }
        }
        let (drawn, rest): (Vec<&Line>, Vec<&Line>) = card
            .lines
            .iter()
            .partition(|l| l.metric() == LADDER || l.metric() == RESTRICTED);
        section.blocks.push(Block::Table(rows_table(
            &format!("design-table{suffix}"),
            "The card's metrics (design.csv; observational rates are read off self-play and biased: strong players keep good cards)",
            csv,
            &rest,
        )));
        if !drawn.is_empty() {
            section.blocks.push(Block::Table(rows_table(
                &format!("design-figures-table{suffix}"),
                "The figures' numbers (design.csv)",
                csv,
                &drawn,
            )));
        }
        out.push(section);
    }
    Ok(out)
}

/// A sweep's design cards, when its directory holds `design.csv`: appended to its page.
pub(crate) fn append(dir: &Path, report: &mut Report) -> Result<()> {
    let path = dir.join(FILE);
    if !path.is_file() {
        return Ok(());
    }
    let csv = read(&path)?;
    report.sections.extend(sections(dir, &path, &csv)?);
    Ok(())
}

/// The page of a design card's directory: a finished card only, read through the simulator's
/// checks (`design.json`'s checksum, and `design.csv` against the length and CRC-32 it records).
pub(crate) fn card(dir: &Path) -> Result<Report> {
    let (manifest, bytes) = silver_sim::design::read_finished_design(dir)?;
    let path = dir.join(FILE);
    let csv = parse(&path, &bytes)?;
    let first = &csv.cards[0];
    let mut report = Report::new(format!(
        "Silver design card: {}, {} players",
        first.set, first.players
    ));
    let mut about = Table::new("run", "The design card", &["key", "value"]);
    let mut kv = |k: &str, v: String| about.rows.push(vec![k.to_string(), v]);
    kv("kind", "design card".into());
    for card in &csv.cards {
        kv("set", format!("{} ({} players)", card.set, card.players));
    }
    kv(
        "complete",
        if manifest.complete { "yes" } else { "no" }.into(),
    );
    // Each arm's directory under arms/ and what it plays, as design.json lists them.
    for (dir, plays) in &manifest.arms {
        kv(&format!("arm {dir}"), plays.clone());
    }
    kv(
        "metrics",
        csv.cards
            .iter()
            .map(|c| c.lines.len())
            .sum::<usize>()
            .to_string(),
    );
    let mut intro = Section::new("about", "The design card");
    intro.blocks.push(Block::Table(about));
    report.sections.push(intro);
    report.sections.extend(sections(dir, &path, &csv)?);
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(keys: &[&str]) -> Vec<Line> {
        keys.iter()
            .enumerate()
            .map(|(i, k)| Line {
                line: i as u64 + 2,
                cells: ["s", "4", LADDER, k, "%", "50", "", "", "2", "1"]
                    .iter()
                    .map(|c| c.to_string())
                    .collect(),
                est: Estimate {
                    value: 50.0,
                    low: f64::NAN,
                    high: f64::NAN,
                },
                diff: Estimate {
                    value: f64::NAN,
                    low: f64::NAN,
                    high: f64::NAN,
                },
            })
            .collect()
    }

    fn read_ladder(keys: &[&str]) -> Result<Ladder> {
        let l = lines(keys);
        let refs: Vec<&Line> = l.iter().collect();
        ladder(Path::new("design.csv"), &refs)
    }

    #[test]
    fn the_ladder_is_read_off_the_adjacent_pairings_even_with_a_name_holding_a_gt() {
        // Rungs a, `exec:command=x>y`, c: adjacent pairings first, then (c, a).
        let l = read_ladder(&["exec:command=x>y>a", "c>exec:command=x>y", "c>a"]).unwrap();
        assert_eq!(l.rungs, ["a", "exec:command=x>y", "c"]);
        assert_eq!(l.pairs, [(1, 0), (2, 1), (2, 0)]);
        // Four rungs, the non-adjacent pairings in any order.
        let l = read_ladder(&["b>a", "c>b", "d>c", "d>a", "c>a", "d>b"]).unwrap();
        assert_eq!(l.rungs, ["a", "b", "c", "d"]);
        assert_eq!(l.pairs[3..], [(3, 0), (2, 0), (3, 1)]);
        // Two rungs: one pairing, split at its first `>`.
        let l = read_ladder(&["b>a"]).unwrap();
        assert_eq!(l.rungs, ["a", "b"]);
        assert_eq!(l.pairs, [(1, 0)]);
        // Not every pairing, a chain broken, a pairing twice, a lower rung first.
        for (keys, want) in [
            (
                &["b>a", "c>b"][..],
                "line 3: 2 ladder_share rows are not every pairing",
            ),
            (
                &["b>a", "c>x", "c>a"],
                "line 3: ladder_share `c>x` does not continue",
            ),
            (
                &["b>a", "c>b", "b>a"],
                "line 4: the ladder_share rows repeat a pairing",
            ),
            (
                &["b>a", "c>b", "a>c"],
                "line 4: ladder_share `a>c` is not a pairing",
            ),
        ] {
            let e = read_ladder(keys).err().map(|e| e.to_string());
            assert!(
                e.as_ref().is_some_and(|e| e.contains(want)),
                "{keys:?}: {e:?}"
            );
        }
    }
}
