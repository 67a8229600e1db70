//! Checking a run directory against its manifest before anything trusts it (`--resume`,
//! `merge`, `silver verify`): every per-game file holds the bytes the manifest vouches for (its
//! recorded length, exactly once the run is complete, with the recorded CRC-32), and the
//! manifest's parts agree with each other and with the files: the blocks done with the games
//! counted, the games with the rows of `games.csv`, `rounds.csv`, `census.csv` and `sprt.csv`,
//! and (a deep check) every bot's games, wins and totals with `games.csv` itself, and the
//! summary files with the statistics.

use crate::error::RunError;
use crate::manifest::Manifest;
use crate::output::{read_prefix, OutputFile};
use std::collections::HashMap;
use std::path::Path;

/// How much to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Depth {
    /// Files must be exactly their recorded length (a complete run), not just at least.
    pub(crate) exact: bool,
    /// Recount every bot's games, wins and totals from `games.csv`, and regenerate the
    /// summary files.
    pub(crate) deep: bool,
}

fn inconsistent(dir: &Path, problem: String) -> RunError {
    RunError::Inconsistent {
        dir: dir.to_path_buf(),
        problem,
    }
}

/// The games a manifest's blocks hold.
fn games_of_blocks(m: &Manifest) -> u64 {
    let total = m.end_game.saturating_sub(m.first_game);
    if m.block_games == 0 {
        // A merged run: all its games.
        total
    } else {
        m.blocks_done.saturating_mul(m.block_games).min(total)
    }
}

/// Checks `dir` against its manifest `m`.
pub(crate) fn check(dir: &Path, m: &Manifest, depth: Depth) -> Result<(), RunError> {
    let s = &m.stats;
    // The manifest's own parts.
    if m.blocks_done > m.blocks_total {
        return Err(inconsistent(
            dir,
            format!(
                "the manifest records {} of {} blocks done",
                m.blocks_done, m.blocks_total
            ),
        ));
    }
    let expected = games_of_blocks(m);
    if s.games != expected {
        return Err(inconsistent(
            dir,
            format!(
                "the manifest records {} blocks done ({expected} games) but statistics of {} games",
                m.blocks_done, s.games
            ),
        ));
    }
    let stopped = m
        .sprt
        .as_ref()
        .is_some_and(|t| t.decision != crate::sprt::Decision::Continue);
    if m.complete && m.block_games > 0 && m.blocks_done != m.blocks_total && !stopped {
        return Err(inconsistent(
            dir,
            format!(
                "the manifest says complete with {} of {} blocks done",
                m.blocks_done, m.blocks_total
            ),
        ));
    }
    let players = s.seats.len() as u64;
    let bot_games: u64 = s.bots.iter().map(|b| b.games).sum();
    if bot_games != s.games * players {
        return Err(inconsistent(
            dir,
            format!(
                "the statistics count {} games but {bot_games} seat-games of bots ({players} players)",
                s.games
            ),
        ));
    }
    let wins: u64 = s.bots.iter().map(|b| b.wins).sum();
    if wins != s.games {
        return Err(inconsistent(
            dir,
            format!("the statistics count {} games but {wins} wins", s.games),
        ));
    }
    // The files: bytes and rows.
    let census: u64 = s.bots.iter().map(|b| b.census_calls).sum();
    for (name, len, crc) in &m.files {
        let path = dir.join(name);
        let prefix = read_prefix(&path, *len)?;
        if depth.exact && prefix.file_len != *len {
            return Err(inconsistent(
                dir,
                format!(
                    "{name} has {} bytes but the finished run recorded {len}: rows were added after it finished",
                    prefix.file_len
                ),
            ));
        }
        if prefix.crc != *crc {
            return Err(RunError::Checksum { path, len: *len });
        }
        let rows = match OutputFile::from_name(name) {
            Some(OutputFile::Games) => s.games * players,
            Some(OutputFile::Rounds) => s.rounds * players,
            Some(OutputFile::Census) => census,
            Some(OutputFile::Sprt) => m.blocks_done,
            _ => continue,
        };
        if prefix.lines != rows + 1 {
            return Err(inconsistent(
                dir,
                format!(
                    "{name} holds {} rows where the manifest's statistics make {rows}",
                    prefix.lines.saturating_sub(1)
                ),
            ));
        }
    }
    if depth.deep {
        if let Some((name, len, _)) = m
            .files
            .iter()
            .find(|(n, _, _)| n == OutputFile::Games.name())
        {
            recount_games(dir, m, &dir.join(name), *len)?;
        }
    }
    Ok(())
}

/// Every bot's games, wins and total from `games.csv` against the statistics.
fn recount_games(dir: &Path, m: &Manifest, path: &Path, len: u64) -> Result<(), RunError> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(crate::output::io(path))?;
    let mut reader = csv::Reader::from_reader(file.take(len));
    let mut counts: HashMap<String, (u64, u64, i64)> = HashMap::new();
    for row in reader.records() {
        let row = row.map_err(|e| inconsistent(dir, format!("games.csv: {e}")))?;
        let field = |i: usize| row.get(i).unwrap_or("");
        let total: i64 = field(6).parse().map_err(|_| {
            inconsistent(
                dir,
                format!("games.csv: total `{}` is not a number", field(6)),
            )
        })?;
        let e = counts.entry(field(5).to_string()).or_default();
        e.0 += 1;
        e.1 += (field(8) == "1") as u64;
        e.2 += total;
    }
    for (i, b) in m.stats.bots.iter().enumerate() {
        let name = m.bots.get(i).cloned().unwrap_or_default();
        let (games, wins, total) = counts.remove(&name).unwrap_or_default();
        if (games, wins, total) != (b.games, b.wins, b.total_sum) {
            return Err(inconsistent(
                dir,
                format!(
                    "games.csv gives {name} {games} games, {wins} wins and totals summing to {total}; the manifest {}, {} and {}",
                    b.games, b.wins, b.total_sum
                ),
            ));
        }
    }
    if let Some(name) = counts.keys().next() {
        return Err(inconsistent(
            dir,
            format!("games.csv names a bot the manifest does not: {name}"),
        ));
    }
    Ok(())
}

/// What [`verify_dir`] checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The run directories checked (one, or every set of a balance sweep).
    pub runs: Vec<std::path::PathBuf>,
    /// Games in them.
    pub games: u64,
    /// Files checked (per-game and summary files).
    pub files: usize,
    /// Runs that are not complete (checked as far as they got).
    pub unfinished: usize,
}

/// `silver verify DIR`: checks a run, a merged run or a balance sweep (every set's run) in
/// depth: the per-game files against the manifest (lengths, checksums, rows), the manifest's
/// parts against each other, every bot's games, wins and totals against `games.csv`, and the
/// summary files against the statistics they were written from.
pub fn verify_dir(dir: &Path) -> Result<Verified, RunError> {
    let sweep = dir.join(crate::output::BALANCE_MANIFEST);
    let runs: Vec<std::path::PathBuf> = if sweep.is_file() {
        let sets = dir.join(crate::output::SETS_DIR);
        let mut v: Vec<_> = std::fs::read_dir(&sets)
            .map_err(crate::output::io(&sets))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        v.sort();
        v
    } else {
        vec![dir.to_path_buf()]
    };
    let mut out = Verified {
        runs: Vec::new(),
        games: 0,
        files: 0,
        unfinished: 0,
    };
    for run in runs {
        let m = crate::manifest::read_manifest(&run)?;
        m.check_version(&run)?;
        check(
            &run,
            &m,
            Depth {
                exact: m.complete,
                deep: true,
            },
        )?;
        out.files += m.files.len();
        if m.complete {
            let set = m.card_set()?;
            for (file, bytes) in crate::summary::summaries(&m.stats, &m.bots, &set, m.outputs.cards)
            {
                let path = run.join(file.name());
                let on_disk = std::fs::read(&path).map_err(crate::output::io(&path))?;
                if on_disk != bytes {
                    return Err(inconsistent(
                        &run,
                        format!(
                            "{} differs from the statistics the manifest records",
                            file.name()
                        ),
                    ));
                }
                out.files += 1;
            }
        } else {
            out.unfinished += 1;
        }
        out.games += m.stats.games;
        out.runs.push(run);
    }
    Ok(out)
}
