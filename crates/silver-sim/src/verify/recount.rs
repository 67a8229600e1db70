//! The recounts of a deep check: what the per-game files (`games.csv`, `rounds.csv`,
//! `census.csv`, `forfeits.csv`) determine, recounted and compared with the manifest's statistics.

use super::inconsistent;
use crate::error::RunError;
use crate::manifest::Manifest;
use crate::output::OutputFile;
use crate::stats::{BotStats, CensusCell, SeatStats};
use silver_rules::RoundEnd;
use std::path::Path;

/// A CSV reader of a file's first `len` bytes (what the manifest vouches for).
pub(super) fn csv_reader(
    path: &Path,
    len: u64,
) -> Result<csv::Reader<std::io::Take<std::fs::File>>, RunError> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(crate::output::io(path))?;
    Ok(csv::ReaderBuilder::new()
        .buffer_capacity(1 << 16)
        .from_reader(file.take(len)))
}

/// One CSV row: field `i` as text or parsed (a one-line error naming the file and column).
struct Fields<'a> {
    dir: &'a Path,
    file: &'static str,
    header: Vec<&'static str>,
    row: csv::StringRecord,
}

impl Fields<'_> {
    fn text(&self, i: usize) -> &str {
        self.row.get(i).unwrap_or("")
    }

    fn num<T: std::str::FromStr>(&self, i: usize) -> Result<T, RunError> {
        let t = self.text(i);
        t.parse().map_err(|_| {
            inconsistent(
                self.dir,
                format!(
                    "{}: {} `{t}` is not a number",
                    self.file,
                    self.header.get(i).unwrap_or(&"?")
                ),
            )
        })
    }
}

/// Runs `each` over every row of the first `len` bytes of `file` (a per-game CSV).
fn each_row(
    dir: &Path,
    file: OutputFile,
    path: &Path,
    len: u64,
    mut each: impl FnMut(&Fields) -> Result<(), RunError>,
) -> Result<(), RunError> {
    let mut reader = csv_reader(path, len)?;
    let name = file.name();
    let mut f = Fields {
        dir,
        file: name,
        header: file.header().unwrap_or("").trim_end().split(',').collect(),
        row: csv::StringRecord::new(),
    };
    loop {
        match reader.read_record(&mut f.row) {
            Ok(true) => each(&f)?,
            Ok(false) => return Ok(()),
            Err(e) => return Err(inconsistent(dir, format!("{name}: {e}"))),
        }
    }
}

/// The index of a bot named in a CSV row.
fn bot_index(dir: &Path, file: &str, m: &Manifest, name: &str) -> Result<usize, RunError> {
    m.bots.iter().position(|b| b == name).ok_or_else(|| {
        inconsistent(
            dir,
            format!("{file} names a bot the manifest does not: {name:?}"),
        )
    })
}

/// Compares recounted values with the manifest's, naming the first that differs.
fn compare<T: PartialEq + std::fmt::Display>(
    dir: &Path,
    file: &str,
    items: impl IntoIterator<Item = (String, T, T)>,
) -> Result<(), RunError> {
    for (what, found, recorded) in items {
        if found != recorded {
            return Err(inconsistent(
                dir,
                format!("{file} gives {what} {found} but the manifest records {recorded}"),
            ));
        }
    }
    Ok(())
}

/// The forfeited games (game index → the seat that forfeited) from `forfeits.csv`, and every
/// bot's forfeits against the statistics.
pub(super) fn recount_forfeits(
    dir: &Path,
    m: &Manifest,
    path: &Path,
    len: u64,
) -> Result<Forfeits, RunError> {
    let name = OutputFile::Forfeits.name();
    let mut found = vec![0u64; m.bots.len()];
    let mut games = Forfeits::new();
    each_row(dir, OutputFile::Forfeits, path, len, |f| {
        let b = bot_index(dir, name, m, f.text(5))?;
        found[b] += 1;
        if games.insert(f.num(1)?, f.num(4)?).is_some() {
            return Err(inconsistent(
                dir,
                format!("{name} lists game {} twice", f.text(1)),
            ));
        }
        Ok(())
    })?;
    compare(
        dir,
        name,
        found
            .iter()
            .zip(&m.stats.bots)
            .enumerate()
            .map(|(i, (f, r))| (format!("{}'s forfeits", m.bots[i]), *f, r.forfeits)),
    )?;
    Ok(games)
}

/// Every game's luck per seat from `luck.csv` (fixed point, as the statistics add it), for
/// [`recount_games`] to recount the variance-reduced estimates' sums.
pub(super) fn recount_luck(
    dir: &Path,
    m: &Manifest,
    path: &Path,
    len: u64,
) -> Result<LuckRows, RunError> {
    let name = OutputFile::Luck.name();
    let mut games = LuckRows::new();
    each_row(dir, OutputFile::Luck, path, len, |f| {
        bot_index(dir, name, m, f.text(5))?;
        let fixed = |i: usize, scale: f64| -> Result<i64, RunError> {
            let x: f64 = f.num(i)?;
            Ok((x * scale).round() as i64)
        };
        let seat: usize = f.num(4)?;
        let row = games.entry(f.num(1)?).or_default();
        if seat != row.len() {
            return Err(inconsistent(
                dir,
                format!("{name}: seat {seat} where seat {} was due", row.len()),
            ));
        }
        row.push((
            fixed(6, silver_stats::LUCK_POINTS)?,
            fixed(7, silver_stats::LUCK_PLACES)?,
        ));
        Ok(())
    })?;
    Ok(games)
}

/// Per game index, each seat's luck (points, places) in fixed point.
pub(super) type LuckRows = std::collections::BTreeMap<u64, Vec<(i64, i64)>>;

/// Forfeited games: game index → the seat that forfeited.
pub(super) type Forfeits = std::collections::BTreeMap<u64, usize>;

/// Every bot's games, wins, totals and squared totals, and every seat's games and wins, from
/// `games.csv` against the statistics; `forfeits` are the forfeited games (their other seats
/// are not compared with each other).
pub(super) fn recount_games(
    dir: &Path,
    m: &Manifest,
    path: &Path,
    len: u64,
    forfeits: &Forfeits,
    luck: Option<&LuckRows>,
) -> Result<(), RunError> {
    let name = OutputFile::Games.name();
    let players = m.stats.seats.len();
    let mut bots = vec![BotStats::default(); m.bots.len()];
    let mut seats = vec![SeatStats::default(); players];
    let mut pairs = PairRecount::default();
    // The game being read: its deal and every seat's bot and total.
    let mut game: Vec<(usize, i64)> = Vec::with_capacity(players);
    each_row(dir, OutputFile::Games, path, len, |f| {
        let b = bot_index(dir, name, m, f.text(5))?;
        let seat: usize = f.num(4)?;
        let total: i64 = f.num(6)?;
        let won: u64 = f.num(8)?;
        if seat != game.len() {
            return Err(inconsistent(
                dir,
                format!("{name}: seat {seat} where seat {} was due", game.len()),
            ));
        }
        game.push((b, total));
        if game.len() == players {
            let index: u64 = f.num(1)?;
            let forfeiter = forfeits.get(&index).copied();
            let luck = match luck {
                None => None,
                Some(rows) => match rows.get(&index) {
                    Some(seats) if seats.len() == players => Some(seats.as_slice()),
                    _ => {
                        return Err(inconsistent(
                            dir,
                            format!(
                                "{} has no row for every seat of game {index}",
                                OutputFile::Luck.name()
                            ),
                        ))
                    }
                },
            };
            pairs.game(f.num(2)?, &game, forfeiter, luck);
            game.clear();
        }
        let bot = &mut bots[b];
        bot.games += 1;
        bot.wins += won;
        bot.total_sum += total;
        bot.total_sq += (total * total) as u64;
        let st = seats.get_mut(seat).ok_or_else(|| {
            inconsistent(
                dir,
                format!("{name}: seat {seat} in a game of {players} players"),
            )
        })?;
        st.games += 1;
        st.wins += won;
        Ok(())
    })?;
    let s = &m.stats;
    for (i, (found, rec)) in bots.iter().zip(&s.bots).enumerate() {
        let bot = &m.bots[i];
        compare(
            dir,
            name,
            [
                (format!("{bot}'s games"), found.games, rec.games),
                (format!("{bot}'s wins"), found.wins, rec.wins),
                (
                    format!("{bot}'s squared totals summing to"),
                    found.total_sq,
                    rec.total_sq,
                ),
            ],
        )?;
        compare(
            dir,
            name,
            [(
                format!("{bot}'s totals summing to"),
                found.total_sum,
                rec.total_sum,
            )],
        )?;
    }
    for (i, (found, rec)) in seats.iter().zip(&s.seats).enumerate() {
        compare(
            dir,
            name,
            [
                (format!("seat {i}'s games"), found.games, rec.games),
                (format!("seat {i}'s wins"), found.wins, rec.wins),
            ],
        )?;
    }
    pairs.close();
    let recorded = &s.pairs;
    compare(
        dir,
        name,
        [(
            "blocks with a head-to-head comparison".to_string(),
            pairs.blocks as i64,
            recorded.blocks as i64,
        )],
    )?;
    let met: Vec<(u32, u32)> = pairs.sums.keys().copied().collect();
    let listed: Vec<(u32, u32)> = recorded.pairs.iter().map(|p| (p.a, p.b)).collect();
    if met != listed {
        return Err(inconsistent(
            dir,
            format!("{name} gives the pairs of bots that met as {met:?} but the manifest records {listed:?}"),
        ));
    }
    for p in &recorded.pairs {
        let f = &pairs.sums[&(p.a, p.b)];
        let who = format!("{} and {}", m.bots[p.a as usize], m.bots[p.b as usize]);
        compare(
            dir,
            name,
            [
                (format!("{who} blocks"), f.blocks as i64, p.blocks as i64),
                (format!("{who} games"), f.games, p.games),
                (format!("{who} comparisons"), f.n, p.n),
                (format!("{who} margins summing to"), f.m, p.m),
                (format!("{who} squared comparisons summing to"), f.nn, p.nn),
                (format!("{who} squared margins summing to"), f.mm, p.mm),
                (
                    format!("{who} comparison-margin products summing to"),
                    f.nm,
                    p.nm,
                ),
            ],
        )?;
        // The luck's sums (its products with the wins rest on the checksum, as the wins do).
        let (found, recorded) = (f.luck.unwrap_or_default(), p.luck.unwrap_or_default());
        if f.luck.is_some() != p.luck.is_some() {
            return Err(inconsistent(
                dir,
                format!("{who}: luck is recorded in only one of the manifest and luck.csv"),
            ));
        }
        compare(
            dir,
            OutputFile::Luck.name(),
            [
                (
                    format!("{who} luck in points summing to"),
                    found.p,
                    recorded.p,
                ),
                (
                    format!("{who} squared luck in points summing to"),
                    found.pp,
                    recorded.pp,
                ),
                (
                    format!("{who} comparison-luck products summing to"),
                    found.np,
                    recorded.np,
                ),
                (
                    format!("{who} margin-luck products summing to"),
                    found.mp,
                    recorded.mp,
                ),
                (
                    format!("{who} luck in places summing to"),
                    found.q,
                    recorded.q,
                ),
                (
                    format!("{who} squared luck in places summing to"),
                    found.qq,
                    recorded.qq,
                ),
                (
                    format!("{who} comparison-place luck products summing to"),
                    found.nq,
                    recorded.nq,
                ),
            ],
        )?;
    }
    Ok(())
}

/// The head-to-head sums that `games.csv` determines (as [`crate::pairs::PairTable`] adds
/// them, by deal): every pair's blocks, games, comparisons and margins with their squares and
/// products. Who finished ahead among tied totals is not in the file, so the wins rest on
/// the manifest's checksum.
#[derive(Default)]
struct PairRecount {
    blocks: u64,
    sums: std::collections::BTreeMap<(u32, u32), crate::pairs::PairSums>,
    /// The open deal and its pairs' counts.
    open: Option<(u64, BlockCounts)>,
}

/// One deal's (games, comparisons, margins, luck in points and places) per pair of bots (the
/// luck `None` when the run measures none).
type BlockCounts = std::collections::BTreeMap<(u32, u32), (i64, i64, i64, Option<(i64, i64)>)>;

impl PairRecount {
    /// Adds a game of `deal`: every seat's bot and total, and the seat that forfeited it
    /// (only its comparisons count).
    fn game(
        &mut self,
        deal: u64,
        seats: &[(usize, i64)],
        forfeiter: Option<usize>,
        luck: Option<&[(i64, i64)]>,
    ) {
        if self.open.as_ref().is_some_and(|(d, _)| *d != deal) {
            self.close();
        }
        let (_, block) = self
            .open
            .get_or_insert_with(|| (deal, std::collections::BTreeMap::new()));
        let mut met = std::collections::BTreeSet::new();
        for (i, &(bi, ti)) in seats.iter().enumerate() {
            for (j, &(bj, tj)) in seats.iter().enumerate() {
                if bi >= bj || forfeiter.is_some_and(|x| x != i && x != j) {
                    continue;
                }
                let e = block.entry((bi as u32, bj as u32)).or_default();
                if met.insert((bi, bj)) {
                    e.0 += 1;
                }
                e.1 += 1;
                e.2 += tj - ti;
                if let Some(l) = luck {
                    let (p, q) = e.3.get_or_insert((0, 0));
                    *p += l[j].0 - l[i].0;
                    *q += l[j].1 - l[i].1;
                }
            }
        }
    }

    fn close(&mut self) {
        let Some((_, block)) = self.open.take() else {
            return;
        };
        if block.is_empty() {
            return;
        }
        self.blocks += 1;
        for ((a, b), (games, n, m, luck)) in block {
            let s = self.sums.entry((a, b)).or_default();
            if let Some((p, q)) = luck {
                let l = s.luck.get_or_insert_with(Default::default);
                l.p += p;
                l.q += q;
                l.pp += p * p;
                l.qq += q * q;
                l.np += n * p;
                l.nq += n * q;
                l.mp += m * p;
            }
            s.blocks += 1;
            s.games += games;
            s.n += n;
            s.m += m;
            s.nn += n * n;
            s.mm += m * m;
            s.nm += n * m;
        }
    }
}

/// Rounds, turns, end reasons, every bot's rounds and round scores, and census calls by the
/// caller's sum, from `rounds.csv` against the statistics.
pub(super) fn recount_rounds(
    dir: &Path,
    m: &Manifest,
    path: &Path,
    len: u64,
) -> Result<(), RunError> {
    let name = OutputFile::Rounds.name();
    let players = m.stats.seats.len();
    let mut bots = vec![BotStats::default(); m.bots.len()];
    let (mut rounds, mut turns, mut turns_sq) = (0u64, 0u64, 0u64);
    let mut round_end = [0u64; 4];
    let mut by_sum: Vec<CensusCell> = Vec::new();
    // One round's rows (sum, score, called the census), complete when every seat is in.
    let mut round: Vec<(i64, i64, bool)> = Vec::with_capacity(players);
    let reasons = [
        RoundEnd::Census,
        RoundEnd::Deck,
        RoundEnd::Villagers,
        RoundEnd::TurnCap,
    ];
    each_row(dir, OutputFile::Rounds, path, len, |f| {
        let b = bot_index(dir, name, m, f.text(4))?;
        let (sum, score): (i64, i64) = (f.num(5)?, f.num(6)?);
        let called: u8 = f.num(9)?;
        let bot = &mut bots[b];
        bot.rounds += 1;
        bot.round_score_sum += score;
        bot.round_score_sq += (score * score) as u64;
        let seat: usize = f.num(3)?;
        if seat != round.len() {
            return Err(inconsistent(
                dir,
                format!("{name}: seat {seat} where seat {} was due", round.len()),
            ));
        }
        round.push((sum, score, called == 1));
        if seat == 0 {
            let t: u64 = f.num(10)?;
            rounds += 1;
            turns += t;
            turns_sq += t * t;
            let reason = f.text(8);
            let k = reasons
                .iter()
                .position(|r| r.name() == reason)
                .ok_or_else(|| inconsistent(dir, format!("{name}: no end reason `{reason}`")))?;
            round_end[k] += 1;
        }
        if round.len() == players {
            if let Some(c) = round.iter().position(|r| r.2) {
                let (sum, score, _) = round[c];
                let success = score == 0 && round.iter().all(|o| sum <= o.0);
                let k = sum.max(0) as usize;
                if by_sum.len() <= k {
                    by_sum.resize(k + 1, CensusCell::default());
                }
                by_sum[k].calls += 1;
                by_sum[k].success += success as u64;
            }
            round.clear();
        }
        Ok(())
    })?;
    let s = &m.stats;
    let mut totals = vec![
        ("rounds".to_string(), rounds, s.rounds),
        ("turns summing to".to_string(), turns, s.turns),
        ("squared turns summing to".to_string(), turns_sq, s.turns_sq),
    ];
    for (k, r) in reasons.iter().enumerate() {
        totals.push((
            format!("rounds ended by {}:", r.name()),
            round_end[k],
            s.round_end[k],
        ));
    }
    compare(dir, name, totals)?;
    for (i, (found, rec)) in bots.iter().zip(&s.bots).enumerate() {
        let bot = &m.bots[i];
        compare(
            dir,
            name,
            [
                (format!("{bot}'s rounds"), found.rounds, rec.rounds),
                (
                    format!("{bot}'s squared round scores summing to"),
                    found.round_score_sq,
                    rec.round_score_sq,
                ),
            ],
        )?;
        compare(
            dir,
            name,
            [(
                format!("{bot}'s round scores summing to"),
                found.round_score_sum,
                rec.round_score_sum,
            )],
        )?;
    }
    compare_cells(
        dir,
        name,
        "census calls with the caller's sum",
        &by_sum,
        &s.census_by_sum,
    )
}

/// Two census tables, equal up to trailing empty cells.
fn compare_cells(
    dir: &Path,
    file: &str,
    what: &str,
    found: &[CensusCell],
    recorded: &[CensusCell],
) -> Result<(), RunError> {
    for k in 0..found.len().max(recorded.len()) {
        let (a, b) = (
            found.get(k).copied().unwrap_or_default(),
            recorded.get(k).copied().unwrap_or_default(),
        );
        compare(
            dir,
            file,
            [
                (format!("{what} {k}:"), a.calls, b.calls),
                (format!("successful {what} {k}:"), a.success, b.success),
            ],
        )?;
    }
    Ok(())
}

/// Every bot's census calls and successes, and calls by turn, from `census.csv` against the
/// statistics.
pub(super) fn recount_census(
    dir: &Path,
    m: &Manifest,
    path: &Path,
    len: u64,
) -> Result<(), RunError> {
    let name = OutputFile::Census.name();
    let mut bots = vec![BotStats::default(); m.bots.len()];
    let mut by_turn: Vec<CensusCell> = Vec::new();
    each_row(dir, OutputFile::Census, path, len, |f| {
        let b = bot_index(dir, name, m, f.text(6))?;
        let turn: usize = f.num(3)?;
        let success: u64 = f.num(11)?;
        bots[b].census_calls += 1;
        bots[b].census_success += success;
        if by_turn.len() <= turn {
            by_turn.resize(turn + 1, CensusCell::default());
        }
        by_turn[turn].calls += 1;
        by_turn[turn].success += success;
        Ok(())
    })?;
    for (i, (found, rec)) in bots.iter().zip(&m.stats.bots).enumerate() {
        let bot = &m.bots[i];
        compare(
            dir,
            name,
            [
                (
                    format!("{bot}'s census calls"),
                    found.census_calls,
                    rec.census_calls,
                ),
                (
                    format!("{bot}'s successful census calls"),
                    found.census_success,
                    rec.census_success,
                ),
            ],
        )?;
    }
    compare_cells(
        dir,
        name,
        "census calls after turn",
        &by_turn,
        &m.stats.census_by_turn,
    )
}
