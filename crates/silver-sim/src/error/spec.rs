//! The errors of reading an experiment spec and resolving it into a plan, its bots included.

use super::SetFileError;
use std::path::PathBuf;

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
    /// Variance reduction with a bot that reads hidden values.
    #[error(
        "bot {bot} reads hidden cards, so chance luck is not a fair control variate with it: leave variance reduction (and an SPRT's vr=on) off"
    )]
    LuckWithHiddenValues {
        /// The bot.
        bot: String,
    },
    /// A bot whose failure forfeits the game, where every game must be played out.
    #[error(
        "bot {bot}: on_error = \"forfeit\" is for runs and tournaments; {what} needs every game played out (leave on_error out: a failure stops it, and --resume goes on)"
    )]
    ForfeitHere {
        /// The bot.
        bot: String,
        /// What refuses it ("a balance sweep", "a design card").
        what: &'static str,
    },
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
    /// A `[design]` table in a spec without `[balance]`.
    #[error("[design] belongs to a balance sweep: add a [balance] table (for one set's card, run silver design --set SET)")]
    DesignWithoutBalance,
    /// Both `[balance] design` and a `[design]` table.
    #[error("[balance] design and a [design] table: give one (the table alone turns the design cards on)")]
    DesignTwice,
    /// A `[design]` count that must be positive is 0.
    #[error("[design] {what} must be at least 1")]
    DesignZero {
        /// Which key.
        what: &'static str,
    },
    /// A `[design]` ladder of fewer than two rungs.
    #[error("[design] ladder: list at least two rungs, weakest first ([\"random\", \"greedy\"]); it has {rungs}")]
    DesignLadder {
        /// Rungs given.
        rungs: usize,
    },
    /// The design cards do not resolve (a bot of the ladder or the reference, a value).
    #[error("[design]")]
    Design {
        /// The cause.
        source: Box<crate::design::DesignError>,
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

impl From<SetFileError> for SpecError {
    fn from(e: SetFileError) -> SpecError {
        SpecError::Set(Box::new(e))
    }
}

/// Why a run's manifest does not give back the plan of its games ([`crate::Plan::from_manifest`]).
#[derive(Debug, thiserror::Error)]
pub enum ManifestPlanError {
    /// The manifest has no games record.
    #[error("the run's manifest does not record its games (written by an older build)")]
    NoGames,
    /// The manifest has no card-set definition.
    #[error("the run's manifest does not record its card set")]
    NoSet,
    /// The recorded card set does not resolve.
    #[error("the run's card set: {0}")]
    Set(SetFileError),
    /// Fewer bot specs than bots.
    #[error("the run's manifest does not record its bots' parameters")]
    NoBotParameters,
    /// No seed.
    #[error("the run's manifest does not record its seed")]
    NoSeed,
    /// The recorded parts give another fingerprint than the one recorded.
    #[error("the run's manifest does not describe its games exactly (fingerprint {computed} is not the run's {recorded})")]
    Fingerprint {
        /// The fingerprint of the plan the parts give.
        computed: String,
        /// The manifest's.
        recorded: String,
    },
    /// Lineups that cannot be games of these players and bots.
    #[error("the run's manifest records lineups that are not games of its {players} players and {bots} bots")]
    Lineups {
        /// Players.
        players: u8,
        /// Bots.
        bots: usize,
    },
}
