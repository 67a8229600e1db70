//! A search's files: its record (`search.json`: what it plays, so another plan's directory is
//! refused), each stage's directory of chunk files (`stages/NN-KIND/chunk-CCCCCC.csv`: one row
//! of integer sums per set and deal), and how a stage's sets are cut into chunks (a fixed run
//! of sets, so every shard and every resumed run cuts them the same way).

use super::run::SearchRunError;
use super::{FidelityKind, SearchPlan, Stage};
use crate::error::RunError;
use crate::output::{create_dir, io, CsvRow, LOCK_FILE};
use serde::{Deserialize, Serialize};
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// A search's record of what it plays.
pub const SEARCH_MANIFEST: &str = "search.json";
/// Every set of every stage, evaluated.
pub const SEARCH_CSV: &str = "search.csv";
/// The certified finalists and the base, best first.
pub const RANKING_CSV: &str = "ranking.csv";
/// The directory of the stages' chunk files.
pub const STAGES_DIR: &str = "stages";
/// The version of the files a search writes.
pub const SEARCH_VERSION: u32 = 1;
/// At most about this many games make a chunk (a chunk holds at least one set).
pub const CHUNK_GAMES: u64 = 4096;
/// A stage of enough sets is cut into at least this many chunks (to keep every thread and
/// shard busy).
pub const MIN_CHUNKS: u64 = 64;

/// `search.json`: the search's name, the fingerprint of its plan and its schedule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchManifest {
    /// [`SEARCH_VERSION`] of the writer.
    pub version: u32,
    /// The search's name.
    pub name: String,
    /// The fingerprint of its plan: a directory holds one plan's files only.
    pub fingerprint: String,
    /// Its stages.
    pub stages: Vec<StageRecord>,
}

/// One stage of `search.json`'s schedule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageRecord {
    /// 1-based number.
    pub number: usize,
    /// `screen`, `certify` or `confirm`.
    pub fidelity: String,
    /// Sets it plays (known from the schedule).
    pub sets: u64,
    /// First deal.
    pub first_deal: u64,
    /// One past its last deal.
    pub end_deal: u64,
    /// Games it plays.
    pub games: u64,
}

impl SearchManifest {
    /// The record of `plan`, whose fingerprint is `fingerprint`.
    pub fn new(plan: &SearchPlan, fingerprint: String) -> SearchManifest {
        SearchManifest {
            version: SEARCH_VERSION,
            name: plan.name.clone(),
            fingerprint,
            stages: plan
                .stages
                .iter()
                .map(|s| StageRecord {
                    number: s.number,
                    fidelity: plan.fidelities[s.fidelity].kind.name().into(),
                    sets: s.set_count,
                    first_deal: s.deals.start,
                    end_deal: s.deals.end,
                    games: s.games,
                })
                .collect(),
        }
    }

    fn bytes(&self) -> Vec<u8> {
        // A record of strings and integers always encodes.
        let mut b = serde_json::to_vec_pretty(self).unwrap_or_default();
        b.push(b'\n');
        b
    }
}

/// The directory of a stage under the search's `stages/`: `NN-KIND`.
pub fn stage_dir_name(stage: &Stage, kind: FidelityKind) -> String {
    format!("{:02}-{}", stage.number, kind.name())
}

/// The file of chunk `c`.
pub fn chunk_name(c: usize) -> String {
    format!("chunk-{c:06}.csv")
}

/// Writes a whole file atomically: a temporary file of this writer, synced, renamed over the
/// target (shards of one search, on one machine or several, may write the same record at
/// once; each renames its own temporary file, named by its process, a count and the time).
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> Result<(), RunError> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    crate::files::check_replaceable(path).map_err(io(path))?;
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    let tmp = path.with_extension(format!("{}-{n}-{nanos}.tmp", std::process::id()));
    let mut file = File::create(&tmp).map_err(io(&tmp))?;
    file.write_all(bytes).map_err(io(&tmp))?;
    file.sync_all().map_err(io(&tmp))?;
    drop(file);
    fs::rename(&tmp, path).map_err(io(path))
}

/// How a stage's sets are cut into chunks: `per_chunk` sets each, in the stage's set order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The stage's sets (space indices), ascending.
    pub sets: Vec<u64>,
    /// Sets per chunk.
    pub per_chunk: usize,
}

impl Layout {
    /// The chunks of `sets`, each set playing `games_per_set` games in the stage: at most
    /// [`CHUNK_GAMES`] games and at most `1 / MIN_CHUNKS` of the sets each, at least one set.
    pub fn new(sets: Vec<u64>, games_per_set: u64) -> Layout {
        let share = (sets.len() as u64).div_ceil(MIN_CHUNKS);
        let per_chunk = (CHUNK_GAMES / games_per_set.max(1)).min(share).max(1) as usize;
        Layout { sets, per_chunk }
    }

    /// Number of chunks.
    pub fn chunks(&self) -> usize {
        self.sets.len().div_ceil(self.per_chunk)
    }

    /// The sets of chunk `c`.
    pub fn chunk_sets(&self, c: usize) -> &[u64] {
        let a = c * self.per_chunk;
        &self.sets[a..(a + self.per_chunk).min(self.sets.len())]
    }
}

/// The header of a chunk file of `measures` measures: `set,deal,m0_y,m0_x,m1_y,...`.
fn chunk_header(measures: usize) -> String {
    let mut h = String::from("set,deal");
    for m in 0..measures {
        h.push_str(&format!(",m{m}_y,m{m}_x"));
    }
    h.push('\n');
    h
}

/// A chunk file: one row per set and deal, `data` holding `2 * measures` sums per row, rows by
/// set then deal.
pub(crate) fn chunk_bytes(measures: usize, sets: &[u64], deals: &[u64], data: &[u64]) -> Vec<u8> {
    let mut out = chunk_header(measures).into_bytes();
    let w = 2 * measures;
    let mut k = 0;
    for &s in sets {
        for &d in deals {
            let mut row = CsvRow::new(&mut out);
            row.count(s).count(d);
            for &x in &data[k * w..(k + 1) * w] {
                row.count(x);
            }
            row.end();
            k += 1;
        }
    }
    out
}

/// The sums of a chunk file, if it is exactly what [`chunk_bytes`] writes for these sets and
/// deals; `None` otherwise (it is played again).
pub(crate) fn parse_chunk(
    text: &str,
    measures: usize,
    sets: &[u64],
    deals: &[u64],
) -> Option<Vec<u64>> {
    let body = text.strip_prefix(chunk_header(measures).as_str())?;
    let w = 2 * measures;
    let mut data = Vec::with_capacity(sets.len() * deals.len() * w);
    let mut lines = body.split_terminator('\n');
    for &s in sets {
        for &d in deals {
            let line = lines.next()?;
            let mut fields = line.split(',');
            let mut next = || -> Option<u64> {
                let f = fields.next()?;
                // Written back, the numbers give the same bytes (no signs, spaces or zeros).
                let x: u64 = f.parse().ok()?;
                (x.to_string() == f).then_some(x)
            };
            if next()? != s || next()? != d {
                return None;
            }
            for _ in 0..w {
                data.push(next()?);
            }
            if fields.next().is_some() {
                return None;
            }
        }
    }
    (lines.next().is_none() && (body.is_empty() || body.ends_with('\n'))).then_some(data)
}

/// Reads chunk `c` of a stage, if it is there and valid.
pub(crate) fn read_chunk(
    dir: &Path,
    c: usize,
    measures: usize,
    sets: &[u64],
    deals: &[u64],
) -> Result<Option<Vec<u64>>, RunError> {
    let path = dir.join(chunk_name(c));
    match fs::read_to_string(&path) {
        Ok(text) => Ok(parse_chunk(&text, measures, sets, deals)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io(&path)(e)),
    }
}

/// What a search's files in `out` are, for [`open_dir`].
pub(crate) struct OpenMode {
    /// `--resume`: continue the search there.
    pub(crate) resume: bool,
    /// `--force`: replace another plan's (or a finished) search.
    pub(crate) force: bool,
    /// `--stage`: play one stage (or a shard of it) into a search that may already be there.
    pub(crate) joining: bool,
}

/// Removes every file of a search in `out`.
fn remove_search(out: &Path) -> Result<(), RunError> {
    for name in [STAGES_DIR, SEARCH_CSV, RANKING_CSV, SEARCH_MANIFEST] {
        let path = out.join(name);
        if path.is_dir() {
            fs::remove_dir_all(&path).map_err(io(&path))?;
        } else if path.exists() {
            fs::remove_file(&path).map_err(io(&path))?;
        }
    }
    Ok(())
}

/// Refuses a directory without a search's record that holds anything but what a search (or
/// another shard of it, starting at the same time) may have written before its record: the
/// lock file, the stages' directory and temporary records.
fn check_no_foreign(out: &Path) -> Result<(), RunError> {
    let Ok(entries) = fs::read_dir(out) else {
        return Ok(());
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            let tmp = n.starts_with("search.") && n.ends_with(".tmp");
            !(tmp || [LOCK_FILE, SEARCH_MANIFEST, STAGES_DIR].contains(&n.as_str()))
        })
        .collect();
    names.sort();
    match names.into_iter().next() {
        None => Ok(()),
        Some(file) => Err(RunError::Foreign {
            dir: out.to_path_buf(),
            file,
        }),
    }
}

/// Opens `out` for `manifest`'s search: a new directory gets its record; a directory holding
/// the same search is continued with `--resume` (or joined by `--stage`); another plan's
/// search, or this one without `--resume`, is refused unless `--force` (then its files are
/// removed first); a directory holding anything else is refused.
pub(crate) fn open_dir(
    out: &Path,
    manifest: &SearchManifest,
    mode: &OpenMode,
) -> Result<(), SearchRunError> {
    let path = out.join(SEARCH_MANIFEST);
    let old = match fs::read_to_string(&path) {
        Ok(text) => Some(
            serde_json::from_str::<SearchManifest>(&text)
                .map_err(|_| SearchRunError::BadManifest { path: path.clone() }),
        ),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(&path)(e).into()),
    };
    match old {
        Some(Ok(old)) if old == *manifest => {
            if !(mode.resume || mode.joining) {
                if !mode.force {
                    return Err(SearchRunError::Exists {
                        dir: out.to_path_buf(),
                    });
                }
                remove_search(out)?;
            }
        }
        Some(old) => {
            if !mode.force {
                return Err(match old {
                    Ok(old) if old.version != SEARCH_VERSION => SearchRunError::Version {
                        dir: out.to_path_buf(),
                        found: old.version,
                    },
                    Ok(old) => SearchRunError::PlanMismatch {
                        path,
                        found: old.fingerprint,
                        expected: manifest.fingerprint.clone(),
                    },
                    Err(e) => e,
                });
            }
            remove_search(out)?;
        }
        None if mode.resume => {
            return Err(SearchRunError::NotASearch { path });
        }
        None => check_no_foreign(out)?,
    }
    if !path.is_file() {
        create_dir(out)?;
        write_file(&path, &manifest.bytes())?;
    }
    Ok(())
}

/// The directory of a stage in `out`, created if `create` (a stage this run plays).
pub(crate) fn stage_dir(
    out: &Path,
    stage: &Stage,
    kind: FidelityKind,
    create: bool,
) -> Result<PathBuf, RunError> {
    let dir = out.join(STAGES_DIR).join(stage_dir_name(stage, kind));
    if create {
        create_dir(&dir)?;
    }
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunk_reads_back_exactly_what_was_written() {
        let (sets, deals) = ([0u64, 5], [3u64, 4]);
        let data: Vec<u64> = (0..8).collect();
        let bytes = chunk_bytes(1, &sets, &deals, &data);
        let text = String::from_utf8(bytes).unwrap();
        assert_eq!(
            text,
            "set,deal,m0_y,m0_x\n0,3,0,1\n0,4,2,3\n5,3,4,5\n5,4,6,7\n"
        );
        assert_eq!(parse_chunk(&text, 1, &sets, &deals), Some(data));
        // Another set list, a row missing, an extra row, a leading zero: not this chunk.
        assert_eq!(parse_chunk(&text, 1, &[0, 6], &deals), None);
        assert_eq!(parse_chunk(&text[..text.len() - 8], 1, &sets, &deals), None);
        assert_eq!(
            parse_chunk(&format!("{text}5,5,1,1\n"), 1, &sets, &deals),
            None
        );
        assert_eq!(
            parse_chunk(&text.replace(",6,7", ",06,7"), 1, &sets, &deals),
            None
        );
    }

    #[test]
    fn chunks_cut_the_sets_into_fixed_runs() {
        let l = Layout::new((0..1000).collect(), CHUNK_GAMES / 4);
        assert_eq!(l.per_chunk, 4);
        assert_eq!(l.chunks(), 250);
        assert_eq!(l.chunk_sets(249), &[996, 997, 998, 999]);
        assert_eq!(Layout::new(vec![1, 2], CHUNK_GAMES * 3).per_chunk, 1);
        // Few sets: one a chunk; many cheap sets: a 64th of them a chunk.
        assert_eq!(Layout::new((0..12).collect(), 4).chunks(), 12);
        let l = Layout::new((0..6400).collect(), 1);
        assert_eq!((l.per_chunk, l.chunks()), (100, 64));
    }
}
