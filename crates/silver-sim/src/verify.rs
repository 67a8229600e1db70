//! Checking a run directory against its manifest before anything trusts it (`--resume`,
//! `merge`, `silver verify`): every per-game file holds the bytes the manifest vouches for (its
//! recorded length, exactly once the run is complete, with the recorded CRC-32), and the
//! manifest's parts agree with each other and with the files: the blocks done with the games
//! counted, the games with the rows of `games.csv`, `rounds.csv`, `census.csv` and `sprt.csv`,
//! and (a deep check) every bot's games, wins and totals with `games.csv` itself, and the
//! summary files with the statistics. A design card's directory is checked in `design`: its
//! arms as runs, and its own files against them.

mod design;
mod recount;

use crate::error::RunError;
use crate::manifest::Manifest;
use crate::output::{read_prefix, OutputFile};
use recount::{
    csv_reader, recount_census, recount_forfeits, recount_games, recount_luck, recount_rounds,
};
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
    // A forfeited game has a winner only with two players (the other seat).
    let forfeited: u64 = s.bots.iter().map(|b| b.forfeits).sum();
    if forfeited > 0 && !m.gates().forfeit {
        return Err(inconsistent(
            dir,
            format!("the statistics count {forfeited} forfeited games but no bot forfeits"),
        ));
    }
    let unwon = if players > 2 { forfeited } else { 0 };
    let wins: u64 = s.bots.iter().map(|b| b.wins).sum();
    if wins + unwon != s.games {
        return Err(inconsistent(
            dir,
            format!(
                "the statistics count {} games but {wins} wins and {unwon} forfeited games without a winner",
                s.games
            ),
        ));
    }
    // The files the plan's outputs make, each exactly once and in order: a list with an entry
    // removed would leave that file unchecked (and unmerged).
    let expected: Vec<&str> = OutputFile::PER_GAME
        .into_iter()
        .filter(|f| f.enabled(&m.outputs, m.gates()))
        .map(|f| f.name())
        .collect();
    let recorded: Vec<&str> = m.files.iter().map(|(n, _, _)| n.as_str()).collect();
    if recorded != expected {
        let list = |v: &[&str]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(", ")
            }
        };
        return Err(inconsistent(
            dir,
            format!(
                "the manifest lists the files {} but the run writes {}",
                list(&recorded),
                list(&expected)
            ),
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
            Some(OutputFile::Forfeits) => forfeited,
            Some(OutputFile::Luck) => s.games * players,
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
    check_sprt(dir, m)?;
    if depth.deep {
        let file = |f: OutputFile| {
            m.files
                .iter()
                .find(|(n, _, _)| n == f.name())
                .map(|(n, len, _)| (dir.join(n), *len))
        };
        let forfeits = match file(OutputFile::Forfeits) {
            Some((path, len)) => recount_forfeits(dir, m, &path, len)?,
            None => Default::default(),
        };
        let luck = match file(OutputFile::Luck) {
            Some((path, len)) => Some(recount_luck(dir, m, &path, len)?),
            None => None,
        };
        if let Some((path, len)) = file(OutputFile::Games) {
            recount_games(dir, m, &path, len, &forfeits, luck.as_ref())?;
        }
        if let Some((path, len)) = file(OutputFile::Rounds) {
            recount_rounds(dir, m, &path, len)?;
        }
        if let Some((path, len)) = file(OutputFile::Census) {
            recount_census(dir, m, &path, len)?;
        }
    }
    Ok(())
}

/// An SPRT run's recorded state against its pair sums (the LLR and decision they give) and
/// against `sprt.csv`'s last row.
fn check_sprt(dir: &Path, m: &Manifest) -> Result<(), RunError> {
    let Some(test) = &m.sprt else {
        return Ok(());
    };
    let mut again = test.clone();
    if m.blocks_done > 0 {
        again.update(&m.stats.pairs);
    }
    if again.llr.to_bits() != test.llr.to_bits() || again.decision != test.decision {
        return Err(inconsistent(
            dir,
            format!(
                "the manifest records the SPRT at LLR {} ({}), but its head-to-head sums give {} ({})",
                test.llr,
                test.decision.name(),
                again.llr,
                again.decision.name()
            ),
        ));
    }
    let Some((name, len, _)) = m
        .files
        .iter()
        .find(|(n, _, _)| n == OutputFile::Sprt.name())
    else {
        return Ok(());
    };
    if m.blocks_done == 0 {
        return Ok(());
    }
    let path = dir.join(name);
    let mut reader = csv_reader(&path, *len)?;
    let mut last = None;
    for row in reader.records() {
        last = Some(row.map_err(|e| inconsistent(dir, format!("{name}: {e}")))?);
    }
    let last = last.unwrap_or_default();
    let (llr, decision) = (last.get(3).unwrap_or(""), last.get(6).unwrap_or(""));
    let (want_llr, want) = (format!("{:.6}", test.llr), test.decision.name());
    if llr != want_llr || decision != want {
        return Err(inconsistent(
            dir,
            format!(
                "{name} ends at LLR {llr} ({decision}) but the manifest records {want_llr} ({want})"
            ),
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
    /// Runs that are not complete (checked as far as they got); of a design card, the arms
    /// not done.
    pub unfinished: usize,
    /// A design card's arms (done or not); `None` for a run or a sweep.
    pub arms: Option<usize>,
}

/// Checks one run directory in depth (a run, a merged run or a sweep's set): the per-game
/// files, the recounts, and the summary files of a complete run. Returns its games, the files
/// checked and whether it is complete.
fn verify_run(run: &Path, m: &Manifest) -> Result<(u64, usize, bool), RunError> {
    m.check_version(run)?;
    check(
        run,
        m,
        Depth {
            exact: m.complete,
            deep: true,
        },
    )?;
    let mut files = m.files.len();
    if m.complete {
        let set = m.card_set()?;
        for (file, bytes) in crate::summary::summaries(&m.stats, &m.bots, &set, m.outputs.cards) {
            let path = run.join(file.name());
            let on_disk = std::fs::read(&path).map_err(crate::output::io(&path))?;
            if on_disk != bytes {
                return Err(inconsistent(
                    run,
                    format!(
                        "{} differs from the statistics the manifest records",
                        file.name()
                    ),
                ));
            }
            files += 1;
        }
    }
    Ok((m.stats.games, files, m.complete))
}

/// A balance sweep's finished set, checked as [`verify_dir`] checks it (and its
/// `game-metrics.csv` against its statistics, with luck in every row if `luck_rows`): the
/// per-game counts `balance.csv` is made of.
pub(crate) fn check_set(
    dir: &Path,
    m: &Manifest,
    luck_rows: bool,
) -> Result<Vec<crate::balance::metrics::GameRow>, RunError> {
    verify_run(dir, m)?;
    crate::balance::metrics::checked_metrics(dir, m, luck_rows)
}

/// `silver verify DIR`: checks a run, a merged run or a balance sweep in depth: the per-game
/// files against the manifest (lengths, checksums, rows), the manifest's own checksum and its
/// parts against each other, the statistics recountable from the per-game files against them
/// (see the manifest section of docs/guide/reports-and-files.md), and the summary files against the statistics they
/// were written from. A sweep's `balance.json` is checked too, every finished set's directory
/// (one missing is an error) with its `game-metrics.csv`, and a finished sweep's `balance.csv`
/// against the length and CRC-32 `balance.json` records. A design card's `design.json` is
/// checked likewise, every arm it counts done as a sweep's set (with its `design-games.csv`),
/// and a finished card's `design.csv` against its recorded length and CRC-32 and against the
/// card its arms' rows make.
pub fn verify_dir(dir: &Path) -> Result<Verified, RunError> {
    let mut out = Verified {
        runs: Vec::new(),
        games: 0,
        files: 0,
        unfinished: 0,
        arms: None,
    };
    if dir.join(crate::design::DESIGN_MANIFEST).is_file() {
        return design::verify_design(dir);
    }
    if dir.join(crate::search::store::SEARCH_MANIFEST).is_file() {
        // Its outputs follow from its chunks by its spec's objectives, which only the spec
        // holds.
        return Err(inconsistent(
            dir,
            format!(
                "a balance search: verify it with its spec, `silver search SPEC --out {} --verify`",
                dir.display()
            ),
        ));
    }
    let sweep_path = dir.join(crate::output::BALANCE_MANIFEST);
    if !sweep_path.is_file() {
        let m = crate::manifest::read_manifest(dir)?;
        let (games, files, complete) = verify_run(dir, &m)?;
        out.games = games;
        out.files = files;
        out.unfinished = (!complete) as usize;
        out.runs.push(dir.to_path_buf());
        return Ok(out);
    }
    let sweep = crate::balance::record::read_sweep_manifest(&sweep_path)?;
    sweep.check_version(dir)?;
    out.files += 1;
    if sweep.sets_done > sweep.sets.len() || (sweep.complete && sweep.sets_done < sweep.sets.len())
    {
        return Err(inconsistent(
            dir,
            format!(
                "balance.json records {} of {} sets done{}",
                sweep.sets_done,
                sweep.sets.len(),
                if sweep.complete {
                    " and the sweep complete"
                } else {
                    ""
                }
            ),
        ));
    }
    let sets = dir.join(crate::output::SETS_DIR);
    for (i, (name, _)) in sweep.sets.iter().enumerate() {
        let run = sets.join(name);
        if i >= sweep.sets_done {
            // Not finished yet (the sweep was stopped): nothing vouches for it.
            out.unfinished += 1;
            continue;
        }
        if !run.is_dir() {
            return Err(inconsistent(
                dir,
                format!("the set directory {} is missing", run.display()),
            ));
        }
        let m = crate::manifest::read_manifest(&run)?;
        if !m.complete {
            return Err(inconsistent(
                &run,
                "balance.json counts this set done but its run is not complete".into(),
            ));
        }
        let (games, files, _) = verify_run(&run, &m)?;
        crate::balance::metrics::checked_metrics(&run, &m, m.luck.is_some())?;
        out.files += files + 1;
        out.games += games;
        out.runs.push(run);
    }
    if sweep.complete {
        let path = dir.join(crate::output::BALANCE_CSV);
        let (len, crc) = sweep
            .balance
            .ok_or_else(|| inconsistent(dir, "balance.json records no balance.csv".into()))?;
        crate::output::read_recorded(path, len, crc)?;
        out.files += 1;
    }
    verify_sweep_cards(dir, &sweep, &mut out)?;
    Ok(out)
}

/// A sweep's design cards (`cards/NN-NAME/`, one per finished set, each checked as a card),
/// and a finished sweep's `design.csv` against its record and against the cards' rows, every
/// set paired with the base set's card as the sweep made it.
fn verify_sweep_cards(
    dir: &Path,
    sweep: &crate::balance::record::SweepManifest,
    out: &mut Verified,
) -> Result<(), RunError> {
    let cards = dir.join(crate::balance::sweep::CARDS_DIR);
    let designed = sweep.design.is_some() || cards.is_dir();
    if !designed {
        return Ok(());
    }
    let mut finished = Vec::new();
    for (name, _) in sweep.sets.iter().take(sweep.sets_done) {
        let card = cards.join(name);
        if !card.join(crate::design::DESIGN_MANIFEST).is_file() {
            return Err(inconsistent(
                dir,
                format!("the design card {} is missing", card.display()),
            ));
        }
        let (v, data) = design::check_design(&card)?;
        let data = data.ok_or_else(|| {
            inconsistent(
                &card,
                "balance.json counts this set done but its design card is not finished".into(),
            )
        })?;
        out.files += v.files;
        out.games += v.games;
        out.runs.extend(v.runs);
        finished.push(data);
    }
    if !sweep.complete {
        return Ok(());
    }
    let (len, crc) = sweep.design.ok_or_else(|| {
        inconsistent(
            dir,
            "balance.json records no design.csv, but cards/ holds design cards".into(),
        )
    })?;
    let path = dir.join(crate::design::DESIGN_CSV);
    let bytes = crate::output::read_recorded(path, len, crc)?;
    let base = finished.first().map(|(_, arms)| arms.as_slice());
    let rows: Vec<(String, Vec<crate::design::CardRow>)> = finished
        .iter()
        .enumerate()
        .map(|(i, (dp, arms))| {
            let pairing = if i == 0 { None } else { base };
            (
                dp.set.name.clone(),
                crate::design::card::card_rows(dp, arms, pairing),
            )
        })
        .collect();
    let players = finished.first().map_or(0, |(dp, _)| dp.players);
    let made = crate::design::card::sweep_design_csv(
        players,
        rows.iter().map(|(set, r)| (set.as_str(), r.as_slice())),
    );
    if bytes != made {
        return Err(inconsistent(
            dir,
            "design.csv differs from the cards its sets' games make".into(),
        ));
    }
    out.files += 1;
    Ok(())
}
