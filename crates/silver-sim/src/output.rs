//! The files of a run directory: which there are ([`OutputFile`]), the one writer of the
//! per-game CSV files ([`CsvFiles`], used by runs and sweeps alike), and atomic writes of the
//! files a run writes whole (summaries, manifests).

use crate::error::RunError;
use crate::record::{Rows, CENSUS_HEADER, GAMES_HEADER, ROUNDS_HEADER};
use crate::spec::Outputs;
use crate::sprt::SPRT_HEADER;
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
    /// `report.html`: `silver report`'s page (written later, replaced with the run).
    Report,
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
    pub(crate) const ALL: [OutputFile; 11] = [
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
        OutputFile::Report,
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
            OutputFile::Report => "report.html",
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
            | OutputFile::Manifest
            | OutputFile::Report => None,
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
            | OutputFile::Manifest
            | OutputFile::Report => true,
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
            | OutputFile::Manifest
            | OutputFile::Report => &[],
        }
    }
}

/// A balance sweep's comparison of its sets.
pub const BALANCE_CSV: &str = "balance.csv";
/// A balance sweep's own progress record.
pub const BALANCE_MANIFEST: &str = "balance.json";
/// The directory of a sweep's per-set runs.
pub const SETS_DIR: &str = "sets";

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

/// An output directory owned by this process until dropped (an OS advisory lock on its
/// `.silver.lock`, released by the OS however the process ends).
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

/// Takes the lock of `dir` if it is a run's or a sweep's directory (it holds a manifest or a
/// lock file), so that nothing else (`silver report`'s page, say) is written there while a
/// run, merge or sweep writes it; `None` for any other directory.
pub fn lock_run_dir(dir: &Path) -> Result<Option<DirLock>, RunError> {
    let ours = [LOCK_FILE, OutputFile::Manifest.name(), BALANCE_MANIFEST]
        .iter()
        .any(|f| dir.join(f).is_file());
    if ours {
        lock(dir).map(Some)
    } else {
        Ok(None)
    }
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

/// Writes a whole file atomically and durably: a temporary file, synced to the disk, renamed
/// over it, and the directory synced (so after a crash the file is the old one or the new one,
/// whole). A target (or temporary file) that is not a regular file is refused before anything
/// is written: the rename would replace a FIFO, symlink or device with a regular file.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), RunError> {
    check_atomic_target(path)?;
    let tmp = path.with_extension("tmp");
    let mut file = File::create(&tmp).map_err(io(&tmp))?;
    file.write_all(bytes).map_err(io(&tmp))?;
    file.sync_all().map_err(io(&tmp))?;
    drop(file);
    fs::rename(&tmp, path).map_err(io(path))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // Directories cannot be synced everywhere; where they can, the rename is made durable.
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// An error unless [`write_atomic`] may replace `path` (and use its temporary file): checked
/// before anything is removed or written, so a refused write loses nothing.
pub(crate) fn check_atomic_target(path: &Path) -> Result<(), RunError> {
    let tmp = path.with_extension("tmp");
    crate::files::check_replaceable(path).map_err(io(path))?;
    crate::files::check_replaceable(&tmp).map_err(io(&tmp))
}

/// The bytes of the file at `path`, checked against the length and CRC-32 a manifest records
/// for it.
pub(crate) fn read_recorded(path: PathBuf, len: u64, crc: u32) -> Result<Vec<u8>, RunError> {
    let bytes = fs::read(&path).map_err(io(&path))?;
    if bytes.len() as u64 != len {
        return Err(RunError::Truncated {
            path,
            found: bytes.len() as u64,
            recorded: len,
        });
    }
    if crc32fast::hash(&bytes) != crc {
        return Err(RunError::Checksum { path, len });
    }
    Ok(bytes)
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

/// What a manifest records of one per-game file: its name, its length after the completed
/// blocks, and the CRC-32 of those bytes.
pub type FileRecord = (String, u64, u32);

/// One open per-game file: its kind, handle, running checksum and length.
struct Open {
    kind: OutputFile,
    file: File,
    crc: crc32fast::Hasher,
    len: u64,
}

impl Open {
    fn write(&mut self, bytes: &[u8], dir: &Path) -> Result<(), RunError> {
        self.file
            .write_all(bytes)
            .map_err(io(&dir.join(self.kind.name())))?;
        self.crc.update(bytes);
        self.len += bytes.len() as u64;
        Ok(())
    }
}

/// A file's first bytes, as verification needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Prefix {
    /// Their CRC-32.
    pub(crate) crc: u32,
    /// Rows among them, header included (newlines outside quoted fields).
    pub(crate) lines: u64,
    /// The whole file's length.
    pub(crate) file_len: u64,
}

/// Reads a file's first `len` bytes: their CRC-32 and newlines, or why they cannot be had (the
/// file is missing or shorter).
pub(crate) fn read_prefix(path: &Path, len: u64) -> Result<Prefix, RunError> {
    use std::io::Read;
    let file = File::open(path).map_err(io(path))?;
    let file_len = file.metadata().map_err(io(path))?.len();
    if file_len < len {
        return Err(RunError::Truncated {
            path: path.to_path_buf(),
            found: file_len,
            recorded: len,
        });
    }
    let mut crc = crc32fast::Hasher::new();
    let mut lines = 0u64;
    // A quoted field (a bot or set name) may hold a newline: rows end only outside quotes (a
    // doubled quote inside one toggles twice).
    let mut quoted = false;
    let mut reader = file.take(len);
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = reader.read(&mut buf).map_err(io(path))?;
        if n == 0 {
            break;
        }
        crc.update(&buf[..n]);
        for &b in &buf[..n] {
            match b {
                b'"' => quoted = !quoted,
                b'\n' if !quoted => lines += 1,
                _ => {}
            }
        }
    }
    Ok(Prefix {
        crc: crc.finalize(),
        lines,
        file_len,
    })
}

/// The open per-game CSV files of a run, appended block by block in game order, each with
/// its running length and CRC-32.
pub(crate) struct CsvFiles {
    dir: PathBuf,
    files: Vec<Open>,
}

impl CsvFiles {
    /// Creates the per-game files `outputs` enables (and `sprt.csv` for a test), each holding
    /// its header.
    pub(crate) fn create(dir: &Path, outputs: &Outputs, sprt: bool) -> Result<CsvFiles, RunError> {
        let mut files = Vec::new();
        for f in OutputFile::PER_GAME {
            if !f.enabled(outputs, sprt) {
                continue;
            }
            let p = dir.join(f.name());
            let file = File::create(&p).map_err(|source| RunError::Create {
                path: p.clone(),
                source,
            })?;
            let mut open = Open {
                kind: f,
                file,
                crc: crc32fast::Hasher::new(),
                len: 0,
            };
            open.write(f.header().expect("a per-game file").as_bytes(), dir)?;
            files.push(open);
        }
        Ok(CsvFiles {
            dir: dir.to_path_buf(),
            files,
        })
    }

    /// What [`CsvFiles::create`] will have written: the records of the per-game files holding
    /// their headers.
    pub(crate) fn header_records(outputs: &Outputs, sprt: bool) -> Vec<FileRecord> {
        OutputFile::PER_GAME
            .into_iter()
            .filter(|f| f.enabled(outputs, sprt))
            .map(|f| {
                let h = f.header().expect("a per-game file").as_bytes();
                (f.name().to_string(), h.len() as u64, crc32fast::hash(h))
            })
            .collect()
    }

    /// Reopens the files a manifest records (verified first, [`crate::verify::check`]), cut
    /// back to their recorded lengths (what later, unrecorded blocks wrote goes), to append
    /// the next blocks.
    pub(crate) fn reopen(dir: &Path, records: &[FileRecord]) -> Result<CsvFiles, RunError> {
        let mut files = Vec::new();
        for (name, len, crc) in records {
            let p = dir.join(name);
            let f = OutputFile::from_name(name)
                .filter(|f| f.header().is_some())
                .ok_or_else(|| RunError::UnknownFile { path: p.clone() })?;
            let found = *crc;
            let mut file = OpenOptions::new().write(true).open(&p).map_err(io(&p))?;
            file.set_len(*len).map_err(io(&p))?;
            file.seek(SeekFrom::End(0)).map_err(io(&p))?;
            // The running checksum continues from the verified prefix.
            files.push(Open {
                kind: f,
                file,
                crc: crc32fast::Hasher::new_with_initial_len(found, *len),
                len: *len,
            });
        }
        Ok(CsvFiles {
            dir: dir.to_path_buf(),
            files,
        })
    }

    /// Appends one block's rows.
    pub(crate) fn append(&mut self, rows: &Rows) -> Result<(), RunError> {
        for open in &mut self.files {
            let bytes = open.kind.rows(rows);
            open.write(bytes, &self.dir)?;
        }
        Ok(())
    }

    /// Flushes every file to the disk (so a manifest saved next vouches only for bytes that
    /// are there) and returns their records.
    pub(crate) fn records(&mut self) -> Result<Vec<FileRecord>, RunError> {
        let mut out = Vec::with_capacity(self.files.len());
        for open in &mut self.files {
            let p = self.dir.join(open.kind.name());
            open.file.flush().map_err(io(&p))?;
            open.file.sync_data().map_err(io(&p))?;
            out.push((
                open.kind.name().to_string(),
                open.len,
                open.crc.clone().finalize(),
            ));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_counted_outside_quoted_fields() {
        let dir = std::env::temp_dir().join(format!("silver-prefix-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let p = dir.join("games.csv");
        let text = "set,bot\namulet,\"a\nb, \"\"c\"\"\"\namulet,\"x\"\n";
        fs::write(&p, text).unwrap();
        let prefix = read_prefix(&p, text.len() as u64).unwrap();
        assert_eq!(prefix.lines, 3);
        assert_eq!(prefix.crc, crc32fast::hash(text.as_bytes()));
        let _ = fs::remove_dir_all(&dir);
    }
}
