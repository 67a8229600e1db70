//! The errors of running, resuming, sweeping and merging. Each error's message says what went
//! wrong where, in one line; an underlying cause (an I/O or JSON error) is its
//! [`source`](std::error::Error::source), so `{:#}` in `anyhow` or a walk of the chain prints
//! "what: cause".

mod sets;
mod spec;

pub use sets::{CustomAbilityError, SetDefError, SetDefProblem, SetFileError, UnknownToken};
pub use spec::{BotError, ManifestPlanError, SpecError};
use std::path::PathBuf;

/// A game that panicked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game} (seed {seed}) panicked: {message}")]
pub struct GamePanic {
    /// Game index.
    pub game: u64,
    /// Master seed.
    pub seed: u64,
    /// Panic message.
    pub message: String,
}

/// Why a run, a sweep or a merge stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// Reading or writing a file failed.
    #[error("{}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A file cannot be created.
    #[error("cannot write {}", path.display())]
    Create {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The output directory cannot be created.
    #[error("cannot create output directory {}", path.display())]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A manifest cannot be encoded.
    #[error("{}: cannot encode the manifest", path.display())]
    Encode {
        /// The manifest.
        path: PathBuf,
        /// The cause.
        source: serde_json::Error,
    },
    /// The directory has no readable manifest.
    #[error("cannot read {} (is this a run's output directory?)", path.display())]
    NotARun {
        /// The manifest looked for.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The manifest is not valid JSON of a manifest.
    #[error("{}: not a valid manifest", path.display())]
    BadManifest {
        /// The manifest.
        path: PathBuf,
        /// The cause.
        source: serde_json::Error,
    },
    /// A sealed document (a manifest, a sweep's `balance.json`) whose checksum is missing or
    /// does not match its content.
    #[error("{}: {problem}: it was edited or damaged after silver wrote it", path.display())]
    Edited {
        /// The document.
        path: PathBuf,
        /// What is wrong with its checksum.
        problem: &'static str,
    },
    /// The manifest names a file this version does not write.
    #[error("{}: the manifest names a file silver does not write", path.display())]
    UnknownFile {
        /// The file.
        path: PathBuf,
    },
    /// The run was written by another version (other CSV columns).
    #[error(
        "{}: the run there was written by another version of silver (manifest version \
         {found}, this one writes {expected}; the CSV columns differ); run it again into a new \
         --out",
        dir.display()
    )]
    Version {
        /// The run's directory.
        dir: PathBuf,
        /// Its manifest version.
        found: u32,
        /// The version this build writes.
        expected: u32,
    },
    /// `--resume` of the same plan as another shard than the run on disk.
    #[error("{}: the run there is {found}, not {expected}; resume it with the --shard it was started with", dir.display())]
    ShardMismatch {
        /// The directory.
        dir: PathBuf,
        /// The shard on disk.
        found: String,
        /// The shard asked for.
        expected: String,
    },
    /// `--resume` with another plan than the run on disk.
    #[error(
        "{}: the run there has a different plan (fingerprint {found} vs \
         {expected}); resume with the same spec and options",
        path.display()
    )]
    PlanMismatch {
        /// The manifest.
        path: PathBuf,
        /// The fingerprint on disk.
        found: String,
        /// This plan's fingerprint.
        expected: String,
    },
    /// `--shard` with `--sprt`.
    #[error("--sprt cannot be sharded: whether to play a block depends on every block before it (run the test on one machine; --threads uses its cores)")]
    SprtShard,
    /// `--resume` of a complete run.
    #[error("{}: that run is already complete", dir.display())]
    AlreadyComplete {
        /// The run's directory.
        dir: PathBuf,
    },
    /// A file shorter than its manifest records.
    #[error("{}: {found} bytes, but the manifest records {recorded}: the file was cut short or replaced", path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Its length.
        found: u64,
        /// The length recorded.
        recorded: u64,
    },
    /// A file whose bytes differ from what the manifest records.
    #[error("{}: its first {len} bytes do not match the checksum the manifest records: the file was changed", path.display())]
    Checksum {
        /// The file.
        path: PathBuf,
        /// The length checked.
        len: u64,
    },
    /// A run directory whose parts disagree.
    #[error("{}: {problem}", dir.display())]
    Inconsistent {
        /// The directory.
        dir: PathBuf,
        /// What disagrees.
        problem: String,
    },
    /// Another process holds the output directory's lock.
    #[error("{} is in use by another run ({holder}); wait for it or choose another --out", dir.display())]
    Locked {
        /// The directory.
        dir: PathBuf,
        /// What the lock file says about its holder.
        holder: String,
    },
    /// A new run into a directory holding a finished one.
    #[error(
        "{} holds a finished run; choose another --out, or add --force to replace it",
        dir.display()
    )]
    Finished {
        /// The directory.
        dir: PathBuf,
    },
    /// A new run into a directory holding files this tool did not write.
    #[error(
        "{} holds files that are not a run's (such as {file}); choose an empty or new --out",
        dir.display()
    )]
    Foreign {
        /// The directory.
        dir: PathBuf,
        /// One of the files.
        file: String,
    },
    /// A new run into a directory holding an unfinished one.
    #[error(
        "{} holds an unfinished run ({done} of {total} blocks); continue it with --resume or \
         choose another --out",
        dir.display()
    )]
    Unfinished {
        /// The directory.
        dir: PathBuf,
        /// Blocks done.
        done: u64,
        /// Blocks in that run.
        total: u64,
    },
    /// More worker threads than a run may start.
    #[error(
        "--threads {threads}: at most {} worker threads",
        crate::limits::MAX_THREADS
    )]
    TooManyThreads {
        /// Threads asked for.
        threads: usize,
    },
    /// The worker threads cannot be started.
    #[error("cannot start {threads} threads")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// The cause.
        source: rayon::ThreadPoolBuildError,
    },
    /// The card set a manifest records cannot be rebuilt.
    #[error("the manifest's card set")]
    ManifestSet {
        /// The cause.
        source: SetFileError,
    },
    /// A manifest's set name and definition disagree.
    #[error("the manifest's card set `{name}` does not match its definition (`{definition}`)")]
    SetMismatch {
        /// The recorded name.
        name: String,
        /// The name of the recorded definition.
        definition: String,
    },
    /// `merge` without directories.
    #[error("merge: name the shard directories to merge")]
    NoShards,
    /// `merge` of shards of different runs.
    #[error(
        "{} and {} are shards of different runs (fingerprints {} and {})",
        first.0.display(),
        other.0.display(),
        first.1,
        other.1
    )]
    DifferentRuns {
        /// The first shard's directory and fingerprint.
        first: (PathBuf, String),
        /// The other shard's.
        other: (PathBuf, String),
    },
    /// `merge` of an unfinished shard.
    #[error("{}: this shard is not complete; finish it with --resume", dir.display())]
    ShardIncomplete {
        /// The shard's directory.
        dir: PathBuf,
    },
    /// `merge` of a run that is not a shard.
    #[error("{}: not a shard (run with --shard K/N)", dir.display())]
    NotAShard {
        /// The directory.
        dir: PathBuf,
    },
    /// `merge` of an incomplete or repeated set of shards.
    #[error("merge: need shards 1/{count} to {count}/{count} exactly once; got {got}")]
    ShardSet {
        /// Shards of the run.
        count: u32,
        /// The shards given (`K/N, ...`).
        got: String,
    },
    /// A shard's CSV file does not start with the header.
    #[error("{}: unexpected header", path.display())]
    Header {
        /// The file.
        path: PathBuf,
    },
    /// The directory has no readable sweep manifest.
    #[error("cannot read {} (is this a balance sweep's output directory?)", path.display())]
    NotASweep {
        /// The sweep manifest looked for.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The sweep manifest is not valid.
    #[error("{}: not a valid balance manifest", path.display())]
    BadSweepManifest {
        /// The sweep manifest.
        path: PathBuf,
        /// The cause.
        source: serde_json::Error,
    },
    /// `--resume` of a sweep with another plan.
    #[error(
        "{}: the sweep there has a different plan (fingerprint {found} vs {expected}); resume \
         with the same spec and options",
        path.display()
    )]
    SweepPlanMismatch {
        /// The sweep manifest.
        path: PathBuf,
        /// The fingerprint on disk.
        found: String,
        /// This sweep's fingerprint.
        expected: String,
    },
    /// A new sweep into a directory holding an unfinished one.
    #[error(
        "{} holds an unfinished balance sweep ({done} of {total} sets); continue it with \
         --resume or choose another --out",
        dir.display()
    )]
    SweepUnfinished {
        /// The directory.
        dir: PathBuf,
        /// Sets done.
        done: usize,
        /// Sets in that sweep.
        total: usize,
    },
    /// The directory has no readable design card manifest.
    #[error("cannot read {} (is this a design card's output directory?)", path.display())]
    NotADesign {
        /// The card's manifest looked for.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The design card's manifest is not valid.
    #[error("{}: not a valid design card manifest", path.display())]
    BadDesignManifest {
        /// The card's manifest.
        path: PathBuf,
        /// The cause.
        source: serde_json::Error,
    },
    /// `--resume` of a design card with other options.
    #[error(
        "{}: the design card there has a different plan (fingerprint {found} vs {expected}); \
         resume with the same options",
        path.display()
    )]
    DesignPlanMismatch {
        /// The card's manifest.
        path: PathBuf,
        /// The fingerprint on disk.
        found: String,
        /// This card's fingerprint.
        expected: String,
    },
    /// A new design card into a directory holding an unfinished one.
    #[error(
        "{} holds an unfinished design card ({done} of {total} arms); continue it with \
         --resume or choose another --out",
        dir.display()
    )]
    DesignUnfinished {
        /// The directory.
        dir: PathBuf,
        /// Arms done.
        done: usize,
        /// Arms of that card.
        total: usize,
    },
    /// Interrupted: completed blocks are on disk; `--resume` continues.
    #[error(
        "interrupted after {done} of {total} games; completed games are saved, continue with \
         --resume"
    )]
    Interrupted {
        /// Games completed.
        done: u64,
        /// Games in the run.
        total: u64,
    },
    /// A game panicked.
    #[error(transparent)]
    Panic(GamePanic),
    /// A bot program failed (its own fault: no replay of the engine helps). The games before
    /// it are saved; `--resume` continues once the program is fixed.
    #[error(
        "{}game {game}: {failure}; the games before it are saved: fix the bot, then continue \
         with --resume",
        set.as_ref().map_or(String::new(), |s| format!("set {s}, "))
    )]
    BotFailed {
        /// The set being played, in a balance sweep.
        set: Option<String>,
        /// The game.
        game: u64,
        /// What the program did.
        failure: silver_bots::BotFailure,
    },
}

/// The whole message of an error: its own, then every cause's, joined by `": "` (what
/// `anyhow`'s `{:#}` prints), on one line.
pub fn message(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        out.push_str(": ");
        out.push_str(&c.to_string());
        cause = c.source();
    }
    out
}
