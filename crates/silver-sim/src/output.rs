//! The files of a run directory: which there are ([`OutputFile`]), the one writer of the
//! per-game CSV files ([`CsvFiles`], used by runs and sweeps alike), and atomic writes of the
//! files a run writes whole (summaries, manifests).

use crate::error::RunError;
use crate::record::{Rows, CENSUS_HEADER, GAMES_HEADER, ROUNDS_HEADER};
use crate::spec::Outputs;
use crate::sprt::SPRT_HEADER;
use serde::Serialize;
use std::fs::{self, File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// A file of a run directory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OutputFile {
    /// `games.csv`: one row per game and seat.
    Games,
    /// `rounds.csv`: one row per round and seat.
    Rounds,
    /// `census.csv`: one row per census call.
    Census,
    /// `summary.csv`: per bot and per seat.
    Summary,
    /// `cards.csv`: per value of the set.
    Cards,
    /// `pairs.csv`: head-to-head, per pair of bots that met.
    Pairs,
    /// `ratings.csv`: per bot, Elo with its interval.
    Ratings,
    /// `sprt.csv`: the LLR after every block of an SPRT run.
    Sprt,
    /// `game-metrics.csv` (a balance sweep's set): one row of integer counts per game.
    GameMetrics,
    /// `manifest.json`: the run's record of itself.
    Manifest,
}

impl OutputFile {
    /// The per-game CSV files, in the order a run writes them.
    pub(crate) const PER_GAME: [OutputFile; 4] = [
        OutputFile::Games,
        OutputFile::Rounds,
        OutputFile::Census,
        OutputFile::Sprt,
    ];

    /// Every file a run or a sweep's set may write.
    pub(crate) const ALL: [OutputFile; 10] = [
        OutputFile::Games,
        OutputFile::Rounds,
        OutputFile::Census,
        OutputFile::Summary,
        OutputFile::Cards,
        OutputFile::Pairs,
        OutputFile::Ratings,
        OutputFile::Sprt,
        OutputFile::GameMetrics,
        OutputFile::Manifest,
    ];

    /// The file name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            OutputFile::Games => "games.csv",
            OutputFile::Rounds => "rounds.csv",
            OutputFile::Census => "census.csv",
            OutputFile::Summary => "summary.csv",
            OutputFile::Cards => "cards.csv",
            OutputFile::Pairs => "pairs.csv",
            OutputFile::Ratings => "ratings.csv",
            OutputFile::Sprt => "sprt.csv",
            OutputFile::GameMetrics => "game-metrics.csv",
            OutputFile::Manifest => "manifest.json",
        }
    }

    /// The file of a name (as recorded in a manifest).
    pub(crate) fn from_name(name: &str) -> Option<OutputFile> {
        OutputFile::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The CSV header of a per-game file.
    pub(crate) fn header(self) -> Option<&'static str> {
        match self {
            OutputFile::Games => Some(GAMES_HEADER),
            OutputFile::Rounds => Some(ROUNDS_HEADER),
            OutputFile::Census => Some(CENSUS_HEADER),
            OutputFile::Sprt => Some(SPRT_HEADER),
            OutputFile::Summary
            | OutputFile::Cards
            | OutputFile::Pairs
            | OutputFile::Ratings
            | OutputFile::GameMetrics
            | OutputFile::Manifest => None,
        }
    }

    /// Whether a run with these outputs (and an SPRT or not) writes this file.
    pub(crate) fn enabled(self, outputs: &Outputs, sprt: bool) -> bool {
        match self {
            OutputFile::Games => outputs.games,
            OutputFile::Rounds => outputs.rounds,
            OutputFile::Census => outputs.census,
            OutputFile::Cards => outputs.cards,
            OutputFile::Sprt => sprt,
            OutputFile::Summary
            | OutputFile::Pairs
            | OutputFile::Ratings
            | OutputFile::GameMetrics
            | OutputFile::Manifest => true,
        }
    }

    /// This per-game file's rows of a block.
    fn rows(self, rows: &Rows) -> &[u8] {
        match self {
            OutputFile::Games => &rows.games,
            OutputFile::Rounds => &rows.rounds,
            OutputFile::Census => &rows.census,
            OutputFile::Sprt => &rows.sprt,
            OutputFile::Summary
            | OutputFile::Cards
            | OutputFile::Pairs
            | OutputFile::Ratings
            | OutputFile::GameMetrics
            | OutputFile::Manifest => &[],
        }
    }
}

/// An I/O error on `path`.
pub(crate) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> RunError + '_ {
    move |source| RunError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The lock file of an output directory: its OS lock is held by the one process writing
/// there, and it names that process.
pub(crate) const LOCK_FILE: &str = ".silver.lock";

/// An output directory owned by this process until dropped (an OS advisory lock on
/// [`LOCK_FILE`], released by the OS however the process ends).
#[derive(Debug)]
pub(crate) struct DirLock {
    _file: File,
}

/// Takes `dir`'s lock, or fails naming the process that holds it.
pub(crate) fn lock(dir: &Path) -> Result<DirLock, RunError> {
    use std::io::Read;
    let path = dir.join(LOCK_FILE);
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(io(&path))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            let holder = holder.trim();
            return Err(RunError::Locked {
                dir: dir.to_path_buf(),
                holder: if holder.is_empty() {
                    "a process that has not yet written its name".into()
                } else {
                    holder.to_string()
                },
            });
        }
        Err(fs::TryLockError::Error(e)) => return Err(io(&path)(e)),
    }
    let args: Vec<String> = std::env::args().collect();
    file.set_len(0).map_err(io(&path))?;
    file.seek(SeekFrom::Start(0)).map_err(io(&path))?;
    write!(file, "pid {}: {}", std::process::id(), args.join(" ")).map_err(io(&path))?;
    file.flush().map_err(io(&path))?;
    Ok(DirLock { _file: file })
}

/// Refuses a directory that holds anything but the lock file, the names in `ours` and their
/// leftover `.tmp` files: a directory without a run of ours must be empty (or hold only what
/// a run of ours could have left before its manifest).
pub(crate) fn check_foreign(dir: &Path, ours: &[&str]) -> Result<(), RunError> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(());
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            let tmp_of = |o: &str| {
                n.strip_suffix(".tmp")
                    .is_some_and(|stem| o.rsplit_once('.').is_some_and(|(s, _)| s == stem))
            };
            n != LOCK_FILE && !ours.iter().any(|o| o == n || tmp_of(o))
        })
        .collect();
    names.sort();
    match names.first() {
        None => Ok(()),
        Some(f) => Err(RunError::Foreign {
            dir: dir.to_path_buf(),
            file: f.clone(),
        }),
    }
}

/// Creates a directory (and its parents).
pub(crate) fn create_dir(path: &Path) -> Result<(), RunError> {
    fs::create_dir_all(path).map_err(|source| RunError::CreateDir {
        path: path.to_path_buf(),
        source,
    })
}

/// Writes a whole file atomically (a temporary file renamed over it).
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), RunError> {
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, bytes).map_err(io(&tmp))?;
    fs::rename(&tmp, path).map_err(io(path))
}

/// Writes a JSON document atomically (pretty-printed).
pub(crate) fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), RunError> {
    let bytes = serde_json::to_vec_pretty(value).map_err(|source| RunError::Encode {
        path: path.to_path_buf(),
        source,
    })?;
    write_atomic(path, &bytes)
}

/// Removes the files of `files` that exist in `dir`.
pub(crate) fn remove(dir: &Path, files: &[OutputFile]) -> Result<(), RunError> {
    for f in files {
        let p = dir.join(f.name());
        if p.exists() {
            fs::remove_file(&p).map_err(io(&p))?;
        }
    }
    Ok(())
}

/// The open per-game CSV files of a run, appended block by block in game order.
pub(crate) struct CsvFiles {
    dir: PathBuf,
    files: Vec<(OutputFile, File)>,
}

impl CsvFiles {
    /// Creates the per-game files `outputs` enables, each holding its header.
    pub(crate) fn create(dir: &Path, outputs: &Outputs, sprt: bool) -> Result<CsvFiles, RunError> {
        let mut files = Vec::new();
        for f in OutputFile::PER_GAME {
            if !f.enabled(outputs, sprt) {
                continue;
            }
            let p = dir.join(f.name());
            let mut file = File::create(&p).map_err(|source| RunError::Create {
                path: p.clone(),
                source,
            })?;
            let header = f.header().expect("a per-game file");
            file.write_all(header.as_bytes()).map_err(io(&p))?;
            files.push((f, file));
        }
        Ok(CsvFiles {
            dir: dir.to_path_buf(),
            files,
        })
    }

    /// Reopens the files a manifest records, cut back to their recorded lengths (what the
    /// completed blocks wrote), to append the next blocks.
    pub(crate) fn reopen(dir: &Path, lengths: &[(String, u64)]) -> Result<CsvFiles, RunError> {
        let mut files = Vec::new();
        for (name, len) in lengths {
            let p = dir.join(name);
            let f = OutputFile::from_name(name)
                .filter(|f| f.header().is_some())
                .ok_or_else(|| RunError::UnknownFile { path: p.clone() })?;
            let mut file = OpenOptions::new().write(true).open(&p).map_err(io(&p))?;
            file.set_len(*len).map_err(io(&p))?;
            file.seek(SeekFrom::End(0)).map_err(io(&p))?;
            files.push((f, file));
        }
        Ok(CsvFiles {
            dir: dir.to_path_buf(),
            files,
        })
    }

    /// Appends one block's rows.
    pub(crate) fn append(&mut self, rows: &Rows) -> Result<(), RunError> {
        for (f, file) in &mut self.files {
            file.write_all(f.rows(rows))
                .map_err(io(&self.dir.join(f.name())))?;
        }
        Ok(())
    }

    /// Flushes every file and returns their lengths, as a manifest records them.
    pub(crate) fn lengths(&mut self) -> Result<Vec<(String, u64)>, RunError> {
        let mut out = Vec::with_capacity(self.files.len());
        for (f, file) in &mut self.files {
            let p = self.dir.join(f.name());
            file.flush().map_err(io(&p))?;
            out.push((f.name().to_string(), file.metadata().map_err(io(&p))?.len()));
        }
        Ok(out)
    }
}
