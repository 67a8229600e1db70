//! The files of a run directory, declared once ([`output_files!`]'s table: [`OutputFile`],
//! [`Outputs`]), the one CSV writer ([`CsvRow`]), the one writer of the per-game CSV files
//! ([`CsvFiles`], used by runs and sweeps alike), and atomic writes of the files a run writes
//! whole (summaries, manifests).
//!
//! # Adding an output file
//!
//! 1. Add its row to the `output_files!` table below: its variant, file name, what a row is,
//!    how it is made ([`Made`]: a per-game file gives its header) and what writes it: `always`,
//!    `sprt` (an SPRT run), `forfeit` (a run with a bot whose failure forfeits the game),
//!    `luck` (a run that measures chance luck and writes `games.csv`), or
//!    `switch KEY`, which adds `KEY` to [`Outputs`] (the `[outputs]` table of a spec, on by
//!    default) and to manifests.
//! 2. Produce its bytes: a per-game file's rows come from a collector (`collect.rs` says how to
//!    add one) writing [`CsvRow`]s into [`Rows::file`]; a summary file is its arm of
//!    `summary::summaries`, made from [`crate::Stats`].
//!
//! Everything else follows from the row: runs create, record, resume, replace and merge the
//! file, and `silver verify` expects it.

use crate::error::RunError;
use crate::sprt::SPRT_HEADER;
use serde::{Deserialize, Serialize};
use std::fs::{self, File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// How a file of a run directory is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Made {
    /// Appended block by block in game order (starting with this CSV header), recorded with
    /// its length and checksum in the manifest at every checkpoint.
    PerGame(&'static str),
    /// Made whole from the run's statistics when it finishes (`summary::summaries`).
    Summary,
    /// Written whole by a balance sweep into each set's directory.
    SweepSet,
    /// The run's record of itself.
    Manifest,
    /// Written later by `silver report`, and replaced with the run.
    Report,
}

/// What the plan itself decides of the files a run writes, beyond its [`Outputs`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Gates {
    /// An SPRT run.
    pub(crate) sprt: bool,
    /// A bot's failure forfeits the game (`on_error = "forfeit"`).
    pub(crate) forfeit: bool,
    /// The run measures chance luck (`variance_reduction`).
    pub(crate) luck: bool,
}

/// What decides whether a run writes a file (see [`OutputFile::enabled`]).
macro_rules! written {
    (always; $outputs:ident, $gates:ident) => {
        true
    };
    (sprt; $outputs:ident, $gates:ident) => {
        $gates.sprt
    };
    (forfeit; $outputs:ident, $gates:ident) => {
        $gates.forfeit
    };
    (luck; $outputs:ident, $gates:ident) => {
        $gates.luck && $outputs.games
    };
    (switch $key:ident; $outputs:ident, $gates:ident) => {
        $outputs.$key
    };
}

/// Generates [`OutputFile`] (its list, names, headers, what writes each) and [`Outputs`] (one
/// switch per `switch KEY` row) from the one table of files below.
macro_rules! output_files {
    ($(
        $variant:ident = $name:literal, $what:literal: $made:expr, $gate:ident $($key:ident)?;
    )*) => {
        /// A file of a run directory.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum OutputFile {
            $(
                #[doc = concat!("`", $name, "`: ", $what, ".")]
                $variant,
            )*
        }

        impl OutputFile {
            /// Every file a run or a sweep's set may write.
            pub(crate) const ALL: [OutputFile; [$($name),*].len()] = [$(OutputFile::$variant),*];

            /// The file name.
            pub(crate) const fn name(self) -> &'static str {
                match self {
                    $(OutputFile::$variant => $name,)*
                }
            }

            /// How it is made.
            pub(crate) const fn made(self) -> Made {
                match self {
                    $(OutputFile::$variant => $made,)*
                }
            }

            /// Whether a run with these outputs and gates writes this file.
            #[allow(unused_variables)]
            pub(crate) fn enabled(self, outputs: &Outputs, gates: Gates) -> bool {
                match self {
                    $(OutputFile::$variant => written!($gate $($key)?; outputs, gates),)*
                }
            }
        }

        /// Which optional files to write (the `[outputs]` table of a spec; every switch is on
        /// by default). The other files are always written.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields, default)]
        pub struct Outputs {
            $($(
                #[doc = concat!("`", $name, "`: ", $what, ".")]
                pub $key: bool,
            )?)*
        }

        impl Default for Outputs {
            fn default() -> Self {
                Outputs { $($($key: true,)?)* }
            }
        }

        impl Outputs {
            /// Only the files that are always written.
            pub const NONE: Outputs = Outputs { $($($key: false,)?)* };
        }
    };
}

/// Header of `games.csv`. Every row of a per-game file starts with the set's canonical name.
pub const GAMES_HEADER: &str = "set,game,deal,rotation,seat,bot,total,rank,won\n";
/// Header of `rounds.csv`.
pub const ROUNDS_HEADER: &str =
    "set,game,round,seat,bot,sum,score,village_size,end_reason,called_census,turns\n";
/// Header of `census.csv`.
pub const CENSUS_HEADER: &str = "set,game,round,turn,deck_left,caller_seat,caller_bot,village_size,true_sum,estimate,lowest_other_sum,success,score\n";
/// Header of `luck.csv`.
pub const LUCK_HEADER: &str = "set,game,deal,rotation,seat,bot,luck_points,luck_places\n";
/// Header of `forfeits.csv`.
pub const FORFEITS_HEADER: &str = "set,game,deal,rotation,seat,bot,error\n";

output_files! {
    Games = "games.csv", "one row per game and seat": Made::PerGame(GAMES_HEADER), switch games;
    Rounds = "rounds.csv", "one row per round and seat": Made::PerGame(ROUNDS_HEADER), switch rounds;
    Census = "census.csv", "one row per census call": Made::PerGame(CENSUS_HEADER), switch census;
    Summary = "summary.csv", "per bot and per seat": Made::Summary, always;
    Cards = "cards.csv", "card-set balance per value": Made::Summary, switch cards;
    Pairs = "pairs.csv", "head-to-head, per pair of bots that met": Made::Summary, always;
    Ratings = "ratings.csv", "per bot, Elo with its interval": Made::Summary, always;
    RatingsPairs = "ratings-pairs.csv", "per two bots with a rating, their difference with its interval and LOS": Made::Summary, always;
    Sprt = "sprt.csv", "the LLR after every block of an SPRT run": Made::PerGame(SPRT_HEADER), sprt;
    Forfeits = "forfeits.csv", "one row per forfeited game: who failed and how": Made::PerGame(FORFEITS_HEADER), forfeit;
    Luck = "luck.csv", "one row per game and seat: its chance luck in points and places": Made::PerGame(LUCK_HEADER), luck;
    GameMetrics = "game-metrics.csv", "a balance sweep's set: one row of integer counts per game": Made::SweepSet, always;
    Manifest = "manifest.json", "the run's record of itself": Made::Manifest, always;
    Report = "report.html", "`silver report`'s page": Made::Report, always;
}

/// How many per-game files there are.
const PER_GAME_COUNT: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < OutputFile::ALL.len() {
        if OutputFile::ALL[i].header().is_some() {
            n += 1;
        }
        i += 1;
    }
    n
};

impl OutputFile {
    /// The per-game CSV files, in the order a run writes them.
    pub(crate) const PER_GAME: [OutputFile; PER_GAME_COUNT] = {
        let mut out = [OutputFile::Games; PER_GAME_COUNT];
        let (mut i, mut k) = (0, 0);
        while i < OutputFile::ALL.len() {
            if OutputFile::ALL[i].header().is_some() {
                out[k] = OutputFile::ALL[i];
                k += 1;
            }
            i += 1;
        }
        out
    };

    /// The file of a name (as recorded in a manifest).
    pub(crate) fn from_name(name: &str) -> Option<OutputFile> {
        OutputFile::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The CSV header of a per-game file.
    pub(crate) const fn header(self) -> Option<&'static str> {
        match self.made() {
            Made::PerGame(header) => Some(header),
            Made::Summary | Made::SweepSet | Made::Manifest | Made::Report => None,
        }
    }

    /// This per-game file's position in [`OutputFile::PER_GAME`] (and in [`Rows`]).
    const fn per_game_slot(self) -> usize {
        let mut i = 0;
        while i < PER_GAME_COUNT {
            if OutputFile::PER_GAME[i] as u8 == self as u8 {
                return i;
            }
            i += 1;
        }
        panic!("not a per-game file")
    }

    /// The files a new run replaces: everything a run (or its report) writes, except the
    /// manifest, which is written over atomically.
    pub(crate) fn replaced_by_a_run() -> Vec<OutputFile> {
        OutputFile::ALL
            .into_iter()
            .filter(|f| match f.made() {
                Made::PerGame(_) | Made::Summary | Made::Report => true,
                Made::SweepSet | Made::Manifest => false,
            })
            .collect()
    }
}

/// One block's rows of every per-game file (in the order of the per-game files).
#[derive(Default)]
pub struct Rows([Vec<u8>; PER_GAME_COUNT]);

impl Rows {
    /// The rows of per-game file `f` (a file without a header has none: a panic).
    #[inline]
    pub(crate) fn file(&mut self, f: OutputFile) -> &mut Vec<u8> {
        &mut self.0[f.per_game_slot()]
    }

    fn get(&self, f: OutputFile) -> &[u8] {
        &self.0[f.per_game_slot()]
    }

    /// How long each file's rows are now (to [`Rows::truncate`] back to).
    pub(crate) fn lens(&self) -> [usize; PER_GAME_COUNT] {
        std::array::from_fn(|i| self.0[i].len())
    }

    /// Takes back every row appended since [`Rows::lens`] returned `lens`.
    pub(crate) fn truncate(&mut self, lens: [usize; PER_GAME_COUNT]) {
        for (rows, len) in self.0.iter_mut().zip(lens) {
            rows.truncate(len);
        }
    }
}

/// Appends one CSV row field by field, allocating nothing beyond the buffer's growth: the one
/// CSV writer of every file silver writes. Text fields are quoted as the `csv` crate's reader
/// (and its writer's necessary-quotes style) expects.
pub(crate) struct CsvRow<'a> {
    buf: &'a mut Vec<u8>,
    first: bool,
}

impl<'a> CsvRow<'a> {
    /// A row appended to `buf`.
    pub(crate) fn new(buf: &'a mut Vec<u8>) -> Self {
        CsvRow { buf, first: true }
    }

    fn sep(&mut self) -> &mut Vec<u8> {
        if !self.first {
            self.buf.push(b',');
        }
        self.first = false;
        self.buf
    }

    /// A number.
    pub(crate) fn num(&mut self, x: impl Into<i64>) -> &mut Self {
        let _ = write!(self.sep(), "{}", x.into());
        self
    }

    /// An unsigned count.
    pub(crate) fn count(&mut self, x: u64) -> &mut Self {
        let _ = write!(self.sep(), "{x}");
        self
    }

    /// A float with the fixed precision of every CSV file (deterministic output).
    pub(crate) fn float(&mut self, x: f64) -> &mut Self {
        let _ = write!(self.sep(), "{x:.4}");
        self
    }

    /// An empty field.
    pub(crate) fn empty(&mut self) -> &mut Self {
        self.sep();
        self
    }

    /// A text field, quoted when it holds a comma, a quote or a line break (bot and set names
    /// may; a bare carriage return would end the row for a CSV reader).
    pub(crate) fn text(&mut self, t: &str) -> &mut Self {
        let buf = self.sep();
        if t.contains([',', '"', '\n', '\r']) {
            buf.push(b'"');
            for b in t.bytes() {
                if b == b'"' {
                    buf.push(b'"');
                }
                buf.push(b);
            }
            buf.push(b'"');
        } else {
            buf.extend_from_slice(t.as_bytes());
        }
        self
    }

    /// Ends the row.
    pub(crate) fn end(&mut self) {
        self.buf.push(b'\n');
    }
}

/// A header row of `names`.
pub(crate) fn csv_header(names: &[&str]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut row = CsvRow::new(&mut out);
    for n in names {
        row.text(n);
    }
    row.end();
    out
}

/// A balance sweep's comparison of its sets.
pub const BALANCE_CSV: &str = "balance.csv";
/// A balance sweep's own progress record.
pub const BALANCE_MANIFEST: &str = "balance.json";
/// The directory of a sweep's per-set runs.
pub const SETS_DIR: &str = "sets";
/// A design card's metrics.
pub const DESIGN_CSV: &str = "design.csv";
/// A design card's own progress record.
pub const DESIGN_MANIFEST: &str = "design.json";
/// The directory of a design card's per-arm runs.
pub const ARMS_DIR: &str = "arms";
/// An arm of a design card: one row of the card's counts per game.
pub const DESIGN_GAMES_CSV: &str = "design-games.csv";

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
    let ours = [
        LOCK_FILE,
        OutputFile::Manifest.name(),
        BALANCE_MANIFEST,
        DESIGN_MANIFEST,
    ]
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
pub struct Prefix {
    /// Their CRC-32.
    pub crc: u32,
    /// Rows among them, header included (newlines outside quoted fields).
    pub lines: u64,
    /// The whole file's length.
    pub file_len: u64,
}

/// Reads a file's first `len` bytes: their CRC-32 and newlines, or why they cannot be had (the
/// file is missing or shorter).
pub fn read_prefix(path: &Path, len: u64) -> Result<Prefix, RunError> {
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
    /// Creates the per-game files `outputs` and `gates` enable, each holding its header.
    pub(crate) fn create(
        dir: &Path,
        outputs: &Outputs,
        gates: Gates,
    ) -> Result<CsvFiles, RunError> {
        let mut files = Vec::new();
        for f in OutputFile::PER_GAME {
            if !f.enabled(outputs, gates) {
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
    pub(crate) fn header_records(outputs: &Outputs, gates: Gates) -> Vec<FileRecord> {
        OutputFile::PER_GAME
            .into_iter()
            .filter(|f| f.enabled(outputs, gates))
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
            open.write(rows.get(open.kind), &self.dir)?;
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
