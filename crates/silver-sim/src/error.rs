//! The errors of running, resuming, sweeping and merging. Each error's message says what went
//! wrong where, in one line; an underlying cause (an I/O or JSON error) is its
//! [`source`](std::error::Error::source), so `{:#}` in `anyhow` or a walk of the chain prints
//! "what: cause".

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

/// A token name that is not one of the tokens.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown token `{name}`; valid tokens: {}", silver_rules::Token::ALL.map(|t| t.name()).join(", "))]
pub struct UnknownToken {
    /// The name given.
    pub name: String,
}

/// Why a card set (a set string, a card-set file or a run's recorded definition) cannot be
/// resolved.
#[derive(Debug, thiserror::Error)]
pub enum SetFileError {
    /// A set or token argument with a control character (a newline...).
    #[error("set {text:?}: control characters (such as a newline) are not allowed")]
    ControlCharacter {
        /// The argument.
        text: String,
    },
    /// A set string the engine rejects.
    #[error("set \"{text}\"")]
    String {
        /// The set string.
        text: String,
        /// The engine's reason.
        source: silver_rules::SetError,
    },
    /// A set string, parsed without naming it.
    #[error(transparent)]
    Set(#[from] silver_rules::SetError),
    /// A card-set file cannot be read.
    #[error("cannot read card-set file {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A card-set file's definition is wrong.
    #[error("{}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: SetDefError,
    },
    /// A definition is wrong (text or a recorded definition, without a file).
    #[error(transparent)]
    Definition(#[from] SetDefError),
    /// A token override is not a token.
    #[error("token = \"{text}\"")]
    Token {
        /// The token given.
        text: String,
        /// The cause.
        source: UnknownToken,
    },
    /// A token override contradicts the token the set names itself.
    #[error(
        "token = \"{text}\" conflicts with the token `{named}` that set \"{set}\" names; name \
         the token once"
    )]
    TokenConflict {
        /// The token given.
        text: String,
        /// The token the set names.
        named: String,
        /// The set.
        set: String,
    },
}

/// A problem in a card-set definition, at its line when the definition is a file's text.
#[derive(Debug, thiserror::Error)]
pub enum SetDefError {
    /// At a line of the file.
    #[error("line {line}")]
    AtLine {
        /// 1-based line.
        line: usize,
        /// The problem.
        source: SetDefProblem,
    },
    /// In the definition as a whole.
    #[error(transparent)]
    Whole(#[from] SetDefProblem),
}

impl SetDefError {
    /// The problem, at `line` when it is known.
    pub(crate) fn at(line: Option<usize>, problem: SetDefProblem) -> SetDefError {
        match line {
            Some(line) => SetDefError::AtLine {
                line,
                source: problem,
            },
            None => SetDefError::Whole(problem),
        }
    }
}

/// What is wrong in a card-set definition.
#[derive(Debug, thiserror::Error)]
pub enum SetDefProblem {
    /// Not valid TOML of a card-set file (the TOML parser's message).
    #[error("{0}")]
    Toml(String),
    /// `base` is not a set string.
    #[error("base = \"{text}\"")]
    Base {
        /// The base given.
        text: String,
        /// The engine's reason.
        source: silver_rules::SetError,
    },
    /// `token` is not a token.
    #[error("token = \"{text}\"")]
    Token {
        /// The token given.
        text: String,
        /// The cause.
        source: UnknownToken,
    },
    /// A key of `[values]` that is not a number.
    #[error("`{key}` is not a card value; the keys of [values] are the values 0-13")]
    NotAValue {
        /// The key.
        key: String,
    },
    /// A value above 13.
    #[error("value {value} is outside 0-13")]
    OutOfRange {
        /// The value.
        value: usize,
    },
    /// A value given twice.
    #[error("value {value} is given twice")]
    Twice {
        /// The value.
        value: usize,
    },
    /// A value's edition is not an edition.
    #[error(
        "value {value}: unknown edition `{name}`; valid editions: amulet, bullet, coin, dagger \
         (or a custom character {{ name = \"...\", kind = \"...\" }})"
    )]
    UnknownEdition {
        /// The value.
        value: usize,
        /// The name given.
        name: String,
    },
    /// `custom` given as an edition name.
    #[error(
        "value {value}: a custom character is a table: {{ name = \"...\", kind = \"...\", \
         count = N }}"
    )]
    CustomNotTable {
        /// The value.
        value: usize,
    },
    /// The edition has no character of this value (the engine's message lists those it has).
    #[error(transparent)]
    Edition(silver_rules::SetError),
    /// A custom character without a one-line name.
    #[error(
        "value {value}: a custom character needs a one-line `name`, without control characters"
    )]
    CustomName {
        /// The value.
        value: usize,
    },
    /// A custom character's ability is wrong.
    #[error("value {value} ({name})")]
    CustomAbility {
        /// The value.
        value: usize,
        /// The character's name.
        name: String,
        /// What is wrong with the ability.
        source: CustomAbilityError,
    },
    /// Neither `base` nor `token`.
    #[error(
        "without `base` the file must name its token (token = \"amulet\", bullet, coin or \
         dagger) and give every value 0-13 (or start from a preset: base = \"amulet\")"
    )]
    NoToken,
    /// Values missing without a `base`.
    #[error(
        "{} {} {}: without `base` every value 0-13 must be given under [values] (or start \
         from a preset: base = \"amulet\")",
        if values.len() == 1 { "value" } else { "values" },
        values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "),
        if values.len() == 1 { "is missing" } else { "are missing" }
    )]
    Missing {
        /// The values not given.
        values: Vec<usize>,
    },
    /// The engine rejects the mix.
    #[error(transparent)]
    Mix(silver_rules::SetError),
    /// A recorded definition without 14 values.
    #[error("a set record has {values} values, not {}", silver_rules::VALUES)]
    RecordLength {
        /// Values in the record.
        values: usize,
    },
}

/// What is wrong with a custom character's ability.
#[derive(Debug, thiserror::Error)]
pub enum CustomAbilityError {
    /// Not an ability kind, or a count the kind does not take (the engine's message lists
    /// the kinds).
    #[error(transparent)]
    Kind(silver_rules::AbilityKindError),
    /// A `count` for a kind without one.
    #[error("ability kind `{kind}` has no `count` parameter")]
    NoCount {
        /// The kind.
        kind: String,
    },
    /// A `count` outside the kind's range.
    #[error("ability `{kind}`: count {count} is outside {low}-{high}")]
    CountRange {
        /// The kind.
        kind: String,
        /// The count given.
        count: i64,
        /// Smallest count.
        low: u8,
        /// Largest count.
        high: u8,
    },
}

impl From<SetFileError> for SpecError {
    fn from(e: SetFileError) -> SpecError {
        SpecError::Set(Box::new(e))
    }
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

/// Why a bot name cannot be resolved.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// An `exec` bot whose program is not there.
    #[error("bot `{name}`: no program `{program}` (not a file, nor on PATH)")]
    NoProgram {
        /// The bot as typed.
        name: String,
        /// The program.
        program: String,
    },
    /// An `exec` bot whose program is a file that may not be run (no execute permission).
    #[error("bot `{name}`: program `{program}` cannot be started: it is not executable")]
    NotExecutable {
        /// The bot as typed.
        name: String,
        /// The program.
        program: String,
    },
    /// A built-in kind with bad parameters.
    #[error("bot `{name}`")]
    Inline {
        /// The name as typed.
        name: String,
        /// What is wrong.
        source: silver_bots::SpecError,
    },
    /// Neither a built-in kind nor a profile.
    #[error(
        "unknown bot `{name}`; built-in kinds: {}; profiles in {}: {}",
        silver_bots::KINDS.join(", "),
        dir.display(),
        if profiles.is_empty() { "(none)".to_string() } else { profiles.join(", ") }
    )]
    Unknown {
        /// The name.
        name: String,
        /// The profiles directory.
        dir: PathBuf,
        /// The profiles there.
        profiles: Vec<String>,
    },
    /// A profile cannot be read.
    #[error("cannot read {}", path.display())]
    Read {
        /// The profile.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// Two different bots with one name (tables with the same `name`).
    #[error("two different bots are named `{name}`: give each its own `name`")]
    SameName {
        /// The name.
        name: String,
    },
    /// An exec bot whose command was read from a file, without the user's permission.
    #[error(
        "{}: bot `{name}` would start a program: {command}; programs named in files start \
         only with --allow-exec (allow_exec=True in Python)",
        file.display()
    )]
    ExecNotAllowed {
        /// The file the command was read from.
        file: PathBuf,
        /// The bot's name.
        name: String,
        /// The command.
        command: String,
    },
    /// A name or command with a control character.
    #[error("bot {name:?}: control characters (such as a newline) are not allowed")]
    ControlCharacter {
        /// The name or command.
        name: String,
    },
    /// A profile named like a built-in kind that declares another kind.
    #[error(
        "{}: a profile named `{name}` must be of kind `{name}`, not `{kind}` (it would replace \
         the built-in kind); rename the file",
        path.display()
    )]
    Shadow {
        /// The profile.
        path: PathBuf,
        /// The kind it is named like.
        name: String,
        /// The kind it declares.
        kind: String,
    },
    /// A profile is not a valid bot spec.
    #[error("{}", path.display())]
    Profile {
        /// The profile.
        path: PathBuf,
        /// What is wrong.
        source: silver_bots::SpecError,
    },
}

/// Why an experiment spec cannot be read or resolved into a plan.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// The spec file cannot be read.
    #[error("cannot read {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A spec file's text is wrong.
    #[error("{}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: Box<SpecError>,
    },
    /// Not valid TOML of a spec, at a line.
    #[error("line {line}: {message}")]
    TomlAt {
        /// 1-based line.
        line: usize,
        /// The TOML parser's message.
        message: String,
    },
    /// Not valid TOML of a spec.
    #[error("{message}")]
    Toml {
        /// The TOML parser's message.
        message: String,
    },
    /// A run name that is not one plain path component.
    #[error("name = {name:?}: a run name names a directory under results/: give a plain name, without / or \\ or control characters (and not `.` or `..`)")]
    BadName {
        /// The name given.
        name: String,
    },
    /// Not 2–4 players.
    #[error("players = {0}: Silver is for 2, 3 or 4 players")]
    Players(u8),
    /// `games = 0`.
    #[error("games must be at least 1")]
    NoGames,
    /// More games than a run can index.
    #[error(
        "games = {games}: at most {} games in one run",
        crate::limits::MAX_GAMES
    )]
    TooManyGames {
        /// The number given.
        games: u64,
    },
    /// An empty bot list.
    #[error("bots: list at least one bot")]
    NoBots,
    /// More bots than seats without round-robin seating.
    #[error(
        "{listed} bots listed for {seats} seats (use seating = \"round-robin\" to pair them up)"
    )]
    TooManyBots {
        /// Bots listed.
        listed: usize,
        /// Seats.
        seats: usize,
    },
    /// Round-robin or gauntlet seating with one bot.
    #[error("{seating} seating needs at least 2 bots")]
    NeedsTwoBots {
        /// The seating.
        seating: &'static str,
    },
    /// The card set.
    #[error(transparent)]
    Set(Box<SetFileError>),
    /// A bot.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// The game configuration.
    #[error(transparent)]
    Config(#[from] silver_rules::ConfigError),
    /// A game index outside the plan (replay).
    #[error("game {index} is outside this plan ({games} games: 0 to {})", games - 1)]
    NoSuchGame {
        /// The index asked for.
        index: u64,
        /// Games in the plan.
        games: u64,
    },
    /// A `sprt` that is not a test.
    #[error(transparent)]
    Sprt(crate::sprt::SprtSpecError),
    /// A test without a candidate and a baseline at one rotated table.
    #[error(
        "--sprt tests the first bot against the second: list at least two different bots, with all-seats seating"
    )]
    SprtLineup,
    /// A test in a balance sweep.
    #[error("sprt and [balance] cannot be combined: a sweep plays every set for all its games")]
    SprtBalance,
    /// A test whose games cap is not whole blocks.
    #[error("--sprt: games ({games}) must be a multiple of the {rotations} seat rotations of a deal (each block is a deal with all its rotations)")]
    SprtGames {
        /// Games given.
        games: u64,
        /// Rotations per deal.
        rotations: u8,
    },
    /// A balance sweep of a spec without `[balance]`.
    #[error("this spec has no [balance] table")]
    NoBalance,
    /// `[balance] base` is not a set.
    #[error("[balance] base = \"{text}\"")]
    BalanceBase {
        /// The base given.
        text: String,
        /// The cause.
        source: Box<SetFileError>,
    },
    /// Both `sweep` and `sets`.
    #[error("[balance]: give either sweep or sets, not both")]
    SweepAndSets,
    /// Neither `sweep` nor `sets`.
    #[error(
        "[balance]: give sweep = \"one-swap\" (every set one value away from the base) or sets = \
         [...] (an explicit list); valid sweeps: {}",
        valid.join(", ")
    )]
    NoSweep {
        /// The sweeps there are.
        valid: &'static [&'static str],
    },
    /// An unknown sweep kind.
    #[error(
        "[balance] sweep = \"{kind}\": unknown sweep; valid sweeps: {}",
        valid.join(", ")
    )]
    UnknownSweep {
        /// The sweep given.
        kind: String,
        /// The sweeps there are.
        valid: &'static [&'static str],
    },
    /// The sweep cannot be generated.
    #[error("[balance] sweep")]
    Sweep {
        /// The engine's reason.
        source: silver_rules::SetError,
    },
    /// `sets = []`.
    #[error("[balance] sets: list at least one set to compare with the base")]
    EmptySets,
    /// A listed set is not a set.
    #[error("[balance] sets: `{text}`")]
    ListedSet {
        /// The set given.
        text: String,
        /// The cause.
        source: Box<SetFileError>,
    },
    /// The same set listed twice.
    #[error("[balance] sets: `{first}` and `{second}` are the same set ({name})")]
    SameSet {
        /// The first listing.
        first: String,
        /// The second.
        second: String,
        /// The set's canonical name.
        name: String,
    },
}
