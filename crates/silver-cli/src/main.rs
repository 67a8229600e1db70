//! The `silver` command. Parses what was typed (clap), resolves it into a plan
//! (`silver_sim::resolve`), then runs it.

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use silver_sim::{
    merge, read_manifest, replay, resolve_set, resolve_with, run, summary_table, ExecPolicy,
    ExperimentSpec, ModelSpec, Outputs, Plan, RunError, RunOptions, Seating, Shard, SpecError,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// `print!` that returns a failed write as an error (`print!` panics on one): standard output
/// may be a full disk or a closed pipe.
macro_rules! out {
    ($($arg:tt)*) => {
        std::io::Write::write_fmt(&mut std::io::stdout(), format_args!($($arg)*))
            .map_err($crate::stdout_error)
    };
}

/// `println!` that returns a failed write as an error, as [`out!`].
macro_rules! outln {
    ($($arg:tt)*) => {
        out!("{}\n", format_args!($($arg)*))
    };
}

/// A line on standard error that cannot fail: progress and status lines must never stop a run
/// (standard error may be a full disk or a closed pipe; then the line is lost, nothing else).
macro_rules! note {
    ($($arg:tt)*) => {{
        let _ = std::io::Write::write_fmt(
            &mut std::io::stderr(),
            format_args!("{}\n", format_args!($($arg)*)),
        );
    }};
}

mod balance;
mod progress;
mod table;

#[derive(Parser)]
#[command(
    name = "silver",
    version,
    about = "Seeded self-play runs for the Silver card games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run an experiment spec (TOML): `silver run experiments/quickstart.toml`.
    Run(RunArgs),
    /// Run bots against each other without a spec file.
    Tournament(TournamentArgs),
    /// Merge the directories of a sharded run (`--shard K/N`) into one.
    Merge(MergeArgs),
    /// Print the full event trace of one game as JSON lines.
    Replay(ReplayArgs),
    /// List the built-in bot kinds and the profiles in the bots directory.
    Bots(BotsArgs),
    /// List the built-in characters, tokens and ability kinds, or the characters of one set.
    Cards(CardsArgs),
    /// A finished run's (or sweep's) report: one self-contained HTML page with plots
    /// (DIR/report.html), and its tables as text, CSV or JSON.
    Report(ReportArgs),
    /// The sequential probability ratio test from pentanomial (or trinomial) counts, as
    /// fastchess computes it.
    Sprt(SprtArgs),
    /// Check a run, merged run or balance sweep against its manifest: file lengths and
    /// checksums, row counts, statistics and summaries (exit 0 if sound, 2 if not).
    Verify(VerifyArgs),
    /// Play against the bots in the terminal: a full-screen table showing exactly your
    /// information set (--plain: text on standard input and output).
    Play(table::PlayArgs),
    /// Step through a recorded game (a run's game, a saved game or a script) by decision, turn
    /// and round, as the omniscient observer or from one seat.
    View(table::ViewArgs),
}

#[derive(Args)]
struct VerifyArgs {
    /// The run's (or sweep's) output directory.
    dir: PathBuf,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    /// Lines for people.
    Text,
    /// One JSON object.
    Json,
}

#[derive(Args)]
struct SprtArgs {
    /// Counts of game pairs LL,LD,DD,WD,WW (both lost; one lost one drawn; both drawn or one
    /// won one lost; one won one drawn; both won), or of games L,D,W.
    #[arg(long, value_name = "LL,LD,DD,WD,WW")]
    counts: String,
    /// nElo under H0 (negative values as `--elo0=-5` or `--elo0 -5`).
    #[arg(long, allow_negative_numbers = true)]
    elo0: f64,
    /// nElo under H1.
    #[arg(long, allow_negative_numbers = true)]
    elo1: f64,
    /// False-positive rate.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// False-negative rate.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
}

#[derive(Clone, Copy, ValueEnum)]
enum ReportFormat {
    /// The text tables, and the HTML page written to --html.
    Text,
    /// The page's tables as CSV (each after a `# id: title` line).
    Csv,
    /// The page's tables as one JSON object.
    Json,
}

#[derive(Args)]
struct ReportArgs {
    /// The run's (or sweep's) output directory.
    dir: PathBuf,
    /// Where to write the HTML page (default: DIR/report.html).
    #[arg(long)]
    html: Option<PathBuf>,
    /// What to print.
    #[arg(long, value_enum, default_value = "text")]
    format: ReportFormat,
    /// Width of the turn buckets in the census table (1 or more).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    turn_bucket: u64,
}

#[derive(Args, Clone)]
struct Common {
    /// Card set (overrides the spec's `set` and `token`): a preset (`bullet`), a mix
    /// (`amulet+0:bullet,10:coin/token=coin`) or a card-set file (`experiments/sets/X.toml`).
    #[arg(long)]
    set: Option<String>,
    /// Number of games (overrides the spec).
    #[arg(long)]
    games: Option<u64>,
    /// Master seed (overrides the spec).
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads (default: one per core). Output does not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Output directory (default: results/NAME).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Run only shard K of N (1-based), e.g. 2/3, or `auto` / `auto/N` to take it from a job
    /// array's environment (Slurm, Kubernetes, AWS Batch, GNU parallel); join shards with
    /// `silver merge`.
    #[arg(long)]
    shard: Option<String>,
    /// Continue an interrupted run in the output directory.
    #[arg(long)]
    resume: bool,
    /// Replace a finished run in the output directory (an unfinished run, or files that are
    /// not a run's, are never replaced).
    #[arg(long)]
    force: bool,
    /// Write only summary.csv (and the manifest), no per-game files.
    #[arg(long)]
    summary_only: bool,
    /// No header and no progress lines on stderr (errors still are).
    #[arg(long)]
    quiet: bool,
    /// Where bot profiles are looked up.
    #[arg(long, default_value = "bots")]
    bots_dir: PathBuf,
    /// Let exec bots named in files (the spec, a bot profile) start their programs; each
    /// command is printed before it starts. Without it they are refused.
    #[arg(long)]
    allow_exec: bool,
}

#[derive(Args)]
struct RunArgs {
    /// The experiment spec.
    experiment: PathBuf,
    #[command(flatten)]
    common: Common,
}

#[derive(Clone, Copy, ValueEnum)]
enum SeatingArg {
    /// Every deal once per seat rotation (duplicate format).
    AllSeats,
    /// Every pair of bots at its own table, all seats.
    RoundRobin,
    /// The first bot against each of the others: one seat each, the first bot in the rest.
    Gauntlet,
    /// Bots keep their seats.
    Fixed,
}

#[derive(Clone, Copy, ValueEnum)]
enum ModelArg {
    /// The standard 4-round game.
    Rounds,
    /// The points game to 100 (bounce, kamikaze).
    Points,
}

#[derive(Args)]
struct TournamentArgs {
    /// Bots, comma-separated: profile names, kinds, or inline specs
    /// (`greedy,ismcts:iterations=1000,exploration=0.5`).
    #[arg(long)]
    bots: String,
    /// Players per game (2-4).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// How bots are seated.
    #[arg(long, value_enum, default_value = "all-seats")]
    seating: SeatingArg,
    /// Game model.
    #[arg(long, value_enum, default_value = "rounds")]
    model: ModelArg,
    /// Run name (the output directory defaults to results/NAME; without a name, to a
    /// directory named after the bots, players, set and seed).
    #[arg(long)]
    name: Option<String>,
    /// Test the first bot against the second and stop as soon as the test decides:
    /// `elo0=0,elo1=10[,alpha=0.05,beta=0.05]` (nElo bounds; --games is the cap).
    #[arg(long, value_name = "elo0=E0,elo1=E1[,alpha=A,beta=B]")]
    sprt: Option<String>,
    #[command(flatten)]
    common: Common,
}

#[derive(Args)]
struct MergeArgs {
    /// Output directory for the merged files.
    #[arg(long)]
    out: PathBuf,
    /// Replace a finished run in the output directory.
    #[arg(long)]
    force: bool,
    /// The shard directories.
    #[arg(required = true)]
    shards: Vec<PathBuf>,
}

#[derive(Args)]
struct ReplayArgs {
    /// The experiment spec the game belongs to (or use --bots/--players).
    experiment: Option<PathBuf>,
    /// Game index.
    #[arg(long)]
    game: u64,
    /// Master seed (overrides the spec).
    #[arg(long)]
    seed: Option<u64>,
    /// Bots, as for `tournament` (instead of a spec).
    #[arg(long)]
    bots: Option<String>,
    /// Players, as for `tournament`.
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// Seating, as for `tournament`.
    #[arg(long, value_enum, default_value = "all-seats")]
    seating: SeatingArg,
    /// Games in the run (default: the spec's, or 1,000 as for `tournament`): the game must be
    /// one of them.
    #[arg(long)]
    games: Option<u64>,
    /// Card set, as for `run` and `tournament` (overrides the spec's).
    #[arg(long)]
    set: Option<String>,
    /// Where bot profiles are looked up.
    #[arg(long, default_value = "bots")]
    bots_dir: PathBuf,
    /// Let exec bots named in files (the spec, a bot profile) start their programs, as for
    /// `run`.
    #[arg(long)]
    allow_exec: bool,
}

#[derive(Args)]
struct CardsArgs {
    /// List the 14 characters of this set instead (a set string or a card-set file).
    #[arg(long)]
    set: Option<String>,
}

#[derive(Args)]
struct BotsArgs {
    /// Where bot profiles are looked up.
    #[arg(long, default_value = "bots")]
    bots_dir: PathBuf,
    /// Print one bot's resolved parameters (a profile, a kind or an inline spec) as TOML.
    #[arg(long, value_name = "NAME")]
    show: Option<String>,
}

/// A failed write to standard output, as an error (a closed pipe is recognised by its kind).
pub(crate) fn stdout_error(e: std::io::Error) -> anyhow::Error {
    anyhow::Error::new(e).context("cannot write to standard output")
}

/// Set by the panic hook when it reported a panic outside a game: the process then exits
/// non-zero, even when the panic was on a thread whose end did not stop the command.
static INTERNAL_PANIC: AtomicBool = AtomicBool::new(false);

/// Set by the panic hook when a bot program failed outside a run (exit code 3, as in runs).
static BOT_FAILED: AtomicBool = AtomicBool::new(false);

/// The one line a panic outside a game prints.
fn internal_error_line(info: &std::panic::PanicHookInfo) -> String {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("a panic without a message");
    let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = info
        .location()
        .map(|l| format!(" (at {}:{})", l.file(), l.line()))
        .unwrap_or_default();
    format!("error: internal error: {message}{at}; this is a bug, please report it")
}

/// Panics inside a game on a worker are caught and reported with the game's index and replay
/// command: the hook keeps quiet about them. Any other panic is a bug, reported in one line
/// (standard error may be unwritable: then only the exit code tells), and the process exits
/// non-zero ([`INTERNAL_PANIC`]).
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        if silver_sim::in_game() {
            return;
        }
        // A bot program's failure where no run catches it (the terminal table's opponents):
        // the bot's error, not ours.
        if let Some(failure) = info.payload().downcast_ref::<silver_bots::BotFailure>() {
            BOT_FAILED.store(true, Ordering::SeqCst);
            let _ = writeln!(std::io::stderr(), "error: {failure}");
            return;
        }
        INTERNAL_PANIC.store(true, Ordering::SeqCst);
        let _ = writeln!(std::io::stderr(), "{}", internal_error_line(info));
    }));
}

/// Splits `a,b:x=1,y=2,c` into bots: a segment with `=` but no `:` continues the previous
/// bot's inline overrides.
/// A throughput with about three significant digits (slow search runs make < 1 game/s).
pub(crate) fn rate(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

fn split_bots(s: &str) -> Result<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for part in s.split(',').map(str::trim) {
        if part.is_empty() {
            bail!("--bots {s}: an empty entry (a trailing or doubled comma)");
        }
        match out.last_mut() {
            Some(prev) if part.contains('=') && !part.contains(':') && prev.contains(':') => {
                prev.push(',');
                prev.push_str(part);
            }
            _ => out.push(part.to_string()),
        }
    }
    Ok(out)
}

fn seating(s: SeatingArg) -> Seating {
    match s {
        SeatingArg::AllSeats => Seating::Rotate,
        SeatingArg::RoundRobin => Seating::RoundRobin,
        SeatingArg::Gauntlet => Seating::Gauntlet,
        SeatingArg::Fixed => Seating::Fixed,
    }
}

fn load_spec(path: &Path) -> Result<ExperimentSpec> {
    Ok(ExperimentSpec::from_file(path)?)
}

/// Resolves a spec read from `path`: its errors name the file (once: a program refused for
/// want of --allow-exec names it already), and so does every program it names.
pub(crate) fn resolve_file(
    spec: &ExperimentSpec,
    path: &Path,
    bots_dir: &Path,
    allow_exec: bool,
) -> Result<Plan> {
    let mut policy = ExecPolicy::file(path, allow_exec);
    let plan = resolve_with(spec, bots_dir, &mut policy).map_err(|e| in_file(e, path))?;
    announce(&policy);
    Ok(plan)
}

/// An error of the spec `path`, named after it unless its message starts with it already.
pub(crate) fn in_file(e: SpecError, path: &Path) -> anyhow::Error {
    let file = path.display().to_string();
    if silver_sim::message(&e).starts_with(&file) {
        anyhow::Error::new(e)
    } else {
        anyhow::Error::new(e).context(file)
    }
}

/// Says on stderr, before they start, which programs named in files will run.
pub(crate) fn announce(policy: &ExecPolicy) {
    for p in policy.from_files() {
        note!("{}", p.notice());
    }
}

/// `--set` replaces the spec's set and token (a set string names its own token).
fn apply_set(spec: &mut ExperimentSpec, set: &Option<String>) {
    if let Some(s) = set {
        spec.set = s.clone();
        spec.token = None;
    }
}

fn apply_common(spec: &mut ExperimentSpec, c: &Common) {
    apply_set(spec, &c.set);
    if let Some(g) = c.games {
        spec.games = g;
    }
    if let Some(s) = c.seed {
        spec.seed = s;
    }
    if c.summary_only {
        spec.outputs = Outputs::NONE;
    }
}

fn tournament_spec(
    bots: &str,
    players: u8,
    seat: SeatingArg,
    model: ModelArg,
    name: &str,
) -> Result<ExperimentSpec> {
    Ok(ExperimentSpec {
        name: Some(name.to_string()),
        players,
        bots: split_bots(bots)?,
        seating: seating(seat),
        set: "amulet".into(),
        token: None,
        model: match model {
            ModelArg::Rounds => ModelSpec::Rounds { rounds: 4 },
            ModelArg::Points => ModelSpec::Points {
                target: 100,
                bounce: true,
                kamikaze: true,
                max_rounds: silver_rules::DEFAULT_MAX_ROUNDS,
            },
        },
        games: 1000,
        seed: 1,
        max_turns_per_round: silver_rules::DEFAULT_MAX_TURNS,
        outputs: Outputs::default(),
        balance: None,
        sprt: None,
    })
}

/// This invocation's command line, quoted where a shell would need it.
fn shell_words() -> String {
    std::env::args()
        .enumerate()
        .map(|(i, a)| {
            if i == 0 {
                "silver".to_string()
            } else if a.is_empty()
                || a.contains(|c: char| c.is_whitespace() || "'\"$&|;<>()*?!`\\".contains(c))
            {
                format!("'{}'", a.replace('\'', "'\\''"))
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The command that replays game `game` of this invocation.
fn replay_command(game: u64, seed: u64) -> String {
    let args: Vec<String> = std::env::args().collect();
    let mut out = vec!["silver".to_string(), "replay".to_string()];
    match args.get(1).map(String::as_str) {
        Some("run") => {
            if let Some(exp) = args.get(2) {
                out.push(exp.clone());
            }
            let mut i = 3;
            while i < args.len() {
                if ["--set", "--bots-dir"].contains(&args[i].as_str()) && i + 1 < args.len() {
                    out.push(args[i].clone());
                    out.push(format!("'{}'", args[i + 1]));
                    i += 2;
                } else {
                    i += 1;
                }
            }
        }
        Some("tournament") => {
            let mut i = 2;
            while i < args.len() {
                if ["--bots", "--players", "--seating", "--bots-dir", "--set"]
                    .contains(&args[i].as_str())
                    && i + 1 < args.len()
                {
                    out.push(args[i].clone());
                    out.push(format!("'{}'", args[i + 1]));
                    i += 2;
                } else {
                    i += 1;
                }
            }
        }
        _ => {}
    }
    if args.iter().any(|a| a == "--allow-exec") {
        out.push("--allow-exec".into());
    }
    out.push(format!("--seed {seed} --game {game}"));
    out.join(" ")
}

/// The default output directory of a tournament without `--name`: named after its bots,
/// players, set and seed, so different tournaments do not overwrite each other (characters
/// other than letters, digits, `.`, `_` and `-` become `_`; a long name is cut and given the
/// plan's fingerprint).
fn tournament_dir(plan: &Plan) -> String {
    let clean = |t: &str| -> String {
        t.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || "._-".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    let bots: Vec<String> = plan.bot_names().iter().map(|b| clean(b)).collect();
    let tail = format!("{}p-{}-s{}", plan.players, clean(&plan.set.name), plan.seed);
    let name = format!("{}-{tail}", bots.join("-vs-"));
    if name.len() <= 100 {
        return name;
    }
    let head: String = bots.join("-vs-").chars().take(60).collect();
    format!("{head}-{tail}-{}", &plan.fingerprint()[..8])
}

/// Runs a resolved plan (resolved once, by the caller, which knows how to name its errors)
/// into `--out`, or `default_out`.
fn execute(plan: Plan, common: &Common, default_out: PathBuf) -> Result<ExitCode> {
    let shard = common
        .shard
        .as_deref()
        .map(|t| Shard::parse_with_env(t, |k| std::env::var(k).ok()))
        .transpose()?;
    let out = common.out.clone().unwrap_or(default_out);
    let opts = RunOptions {
        out: out.clone(),
        threads: common.threads,
        shard,
        resume: common.resume,
        force: common.force,
        command: Some(shell_words()),
    };
    let interrupted = progress::interrupt_flag("finishing the blocks in progress, then saving...")?;
    let threads = progress::threads(common.threads);
    let mut reporter = progress::Reporter::new(
        format!(
            "{}: {} games, {} players, set {}, seed {}, {} threads -> {}",
            plan.name,
            plan.games,
            plan.players,
            plan.set.name,
            plan.seed,
            threads,
            out.display()
        ),
        common.quiet,
    );
    let result = run(&plan, &opts, &mut reporter, &interrupted);
    reporter.finish();
    match result {
        Ok(outcome) => {
            out!("{}", plan.set.summary_lines())?;
            let names = plan.bot_names();
            out!("{}", summary_table(&outcome.stats, &names))?;
            out!("{}", comparisons(&outcome.stats, &names))?;
            if let Some(t) = &outcome.sprt {
                out!("{}", t.summary(&outcome.stats.pairs, &names))?;
            }
            outln!(
                "{} games in {:.2} s: {} games/s on {} threads; files in {}",
                outcome.games_played,
                outcome.seconds,
                rate(outcome.games_played as f64 / outcome.seconds.max(1e-9)),
                threads,
                out.display()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(RunError::Interrupted { done, total }) => {
            note!(
                "interrupted after {done} of {total} games; the completed games are in {}. Continue with the same command and --resume",
                out.display()
            );
            Ok(ExitCode::from(130))
        }
        Err(RunError::Panic(p)) => {
            note!(
                "error: {p}\nreplay it with: {}",
                replay_command(p.game, p.seed)
            );
            Ok(ExitCode::from(3))
        }
        // The program's fault: no replay command.
        Err(e @ RunError::BotFailed { .. }) => {
            eprintln!("error: {e}");
            Ok(ExitCode::from(3))
        }
        Err(e) => Err(e.into()),
    }
}

fn main() -> ExitCode {
    install_panic_hook();
    // The hook has said what a panic was; unwinding out of `command` only sets the exit code.
    let code = std::panic::catch_unwind(command).unwrap_or(ExitCode::from(101));
    if INTERNAL_PANIC.load(Ordering::SeqCst) {
        return ExitCode::from(101);
    }
    if BOT_FAILED.load(Ordering::SeqCst) {
        return ExitCode::from(3);
    }
    code
}

/// A panic on purpose, for the integration tests of the panic hook only (no known input makes
/// the tool panic outside a game, so the hook's end-to-end test needs one): `main` panics on
/// the main thread, `thread` on a thread whose end does not stop the command.
fn test_panic() {
    match std::env::var("SILVER_TEST_PANIC").as_deref() {
        Ok("main") => panic!("SILVER_TEST_PANIC=main"),
        Ok("thread") => {
            let _ = std::thread::spawn(|| panic!("SILVER_TEST_PANIC=thread")).join();
        }
        _ => {}
    }
}

/// Runs the command line: its exit code.
fn command() -> ExitCode {
    test_panic();
    // Bad arguments are one line, as every other error (clap's own message ends with usage
    // and a hint on further lines); --help and --version print as usual.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) if e.use_stderr() => {
            // The message is the text before clap's usage block, on one line.
            let text = e.to_string();
            let message: Vec<&str> = text
                .lines()
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with("tip:"))
                .collect();
            note!("{} (see silver --help)", message.join(" "));
            return ExitCode::from(2);
        }
        // --help and --version.
        Err(e) => return finish(e.print().map_err(stdout_error).map(|()| ExitCode::SUCCESS)),
    };
    let result = match cli.command {
        Command::Run(a) => load_spec(&a.experiment).and_then(|mut spec| {
            // A bad `--set` is the command line's error, not the file's.
            if let Some(s) = &a.common.set {
                resolve_set(s).context("--set")?;
            }
            if let (Some(_), Some(base)) = (
                &a.common.set,
                spec.balance.as_ref().and_then(|b| b.base.as_ref()),
            ) {
                bail!(
                    "--set: {} names its own [balance] base ({base}), which --set would not change; edit base in the spec",
                    a.experiment.display()
                );
            }
            apply_common(&mut spec, &a.common);
            if spec.balance.is_some() {
                return balance::run(spec, &a.experiment, &a.common);
            }
            // Errors in the spec's values (players, bots, set...) name the file.
            let plan = resolve_file(
                &spec,
                &a.experiment,
                &a.common.bots_dir,
                a.common.allow_exec,
            )?;
            let out = PathBuf::from("results").join(&plan.name);
            execute(plan, &a.common, out)
        }),
        Command::Tournament(a) => {
            let name = a.name.as_deref().unwrap_or("tournament");
            tournament_spec(&a.bots, a.players, a.seating, a.model, name).and_then(|mut spec| {
                spec.sprt = a.sprt.clone();
                apply_common(&mut spec, &a.common);
                let mut policy = ExecPolicy::typed(a.common.allow_exec);
                let plan = resolve_with(&spec, &a.common.bots_dir, &mut policy)?;
                announce(&policy);
                let out = match &a.name {
                    Some(n) => PathBuf::from("results").join(n),
                    None => PathBuf::from("results").join(tournament_dir(&plan)),
                };
                execute(plan, &a.common, out)
            })
        }
        Command::Merge(a) => merge_cmd(&a),
        Command::Replay(a) => replay_cmd(&a),
        Command::Bots(a) => bots_cmd(&a),
        Command::Cards(a) => cards_cmd(&a),
        Command::Report(a) => report_cmd(&a),
        Command::Sprt(a) => sprt_cmd(&a),
        Command::Verify(a) => verify_cmd(&a),
        Command::Play(a) => table::play_cmd(&a),
        Command::View(a) => table::view_cmd(&a),
    };
    finish(result)
}

/// The exit code of a command's result, its error (if any) reported in one line. What is
/// still buffered for standard output is written first: a failure to write it is an error too.
fn finish(result: Result<ExitCode>) -> ExitCode {
    let result = result.and_then(|code| {
        std::io::stdout().flush().map_err(stdout_error)?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        // Output piped into `head` and the like: the reader is gone, not an error of ours.
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            note!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn merge_cmd(a: &MergeArgs) -> Result<ExitCode> {
    for d in &a.shards {
        read_manifest(d)?;
    }
    let m = merge(&a.out, &a.shards, a.force)?;
    let set = m.card_set()?;
    out!("{}", set.summary_lines())?;
    out!("{}", summary_table(&m.stats, &m.bots))?;
    out!("{}", comparisons(&m.stats, &m.bots))?;
    outln!(
        "merged {} shards ({} games) into {}",
        a.shards.len(),
        m.stats.games,
        a.out.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn replay_cmd(a: &ReplayArgs) -> Result<ExitCode> {
    let mut spec = match (&a.experiment, &a.bots) {
        (Some(p), None) => load_spec(p)?,
        (None, Some(b)) => tournament_spec(b, a.players, a.seating, ModelArg::Rounds, "replay")?,
        (Some(_), Some(_)) => bail!("give either an experiment file or --bots, not both"),
        (None, None) => bail!("give the experiment file the game belongs to, or --bots"),
    };
    apply_set(&mut spec, &a.set);
    if let Some(s) = a.seed {
        spec.seed = s;
    }
    // The game must be one the run played: the spec's games (or the tournament's 1,000 by
    // default), unless --games says otherwise.
    if let Some(g) = a.games {
        spec.games = g;
    }
    let plan = match &a.experiment {
        Some(p) => resolve_file(&spec, p, &a.bots_dir, a.allow_exec)?,
        None => {
            let mut policy = ExecPolicy::typed(a.allow_exec);
            let plan = resolve_with(&spec, &a.bots_dir, &mut policy)?;
            announce(&policy);
            plan
        }
    };
    let slot = plan.slot(a.game);
    let seats: Vec<String> = (0..plan.players)
        .map(|s| plan.bots[plan.bot_at(slot, s)].name.clone())
        .collect();
    // A game that panics (a program bot that fails, say) is the game's failure, as in a run.
    let events = silver_sim::catch_game(std::panic::AssertUnwindSafe(|| replay(&plan, a.game)))
        .map_err(|p| {
        anyhow::anyhow!(
            "game {} (seed {}) failed: {}",
            a.game,
            plan.seed,
            silver_sim::panic_text(&*p)
        )
    })??;
    let mut out = std::io::stdout().lock();
    let mut print = || -> std::io::Result<()> {
        writeln!(
            out,
            "{}",
            serde_json::json!({"game": a.game, "seed": plan.seed, "set": plan.set.name, "deal": slot.deal, "rotation": slot.rotation, "seats": seats})
        )?;
        for e in &events {
            writeln!(
                out,
                "{}",
                serde_json::to_string(e).map_err(std::io::Error::other)?
            )?;
        }
        out.flush()
    };
    print().map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

fn report_cmd(a: &ReportArgs) -> Result<ExitCode> {
    let report = silver_report::build(&a.dir)?;
    match a.format {
        ReportFormat::Csv => {
            out!("{}", report.csv())?;
            return Ok(ExitCode::SUCCESS);
        }
        ReportFormat::Json => {
            outln!("{}", report.json())?;
            return Ok(ExitCode::SUCCESS);
        }
        ReportFormat::Text => {}
    }
    let html = a.html.clone().unwrap_or_else(|| a.dir.join("report.html"));
    // Never a page into a run's directory while another process writes there.
    let page_dir = html
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let _lock = silver_sim::lock_run_dir(page_dir)?;
    let tmp = html.with_extension("html.tmp");
    // The page replaces a regular file only: renaming over a FIFO, a symlink or a device
    // would replace it.
    for p in [&html, &tmp] {
        silver_sim::check_replaceable(p).with_context(|| p.display().to_string())?;
    }
    std::fs::write(&tmp, report.html()).with_context(|| tmp.display().to_string())?;
    std::fs::rename(&tmp, &html).with_context(|| html.display().to_string())?;
    if a.dir.join("balance.json").is_file() {
        outln!("report: {}", html.display())?;
        return Ok(ExitCode::SUCCESS);
    }
    let m = read_manifest(&a.dir)?;
    let set = m.card_set().with_context(|| a.dir.display().to_string())?;
    if !m.complete {
        note!(
            "note: this run is not complete ({} of {} blocks); figures cover the completed games",
            m.blocks_done,
            m.blocks_total
        );
    }
    out!("{}", set.summary_lines())?;
    out!("{}", summary_table(&m.stats, &m.bots))?;
    out!("{}", comparisons(&m.stats, &m.bots))?;
    if let Some(t) = &m.sprt {
        out!("{}", t.summary(&m.stats.pairs, &m.bots))?;
    }
    outln!("games {}", m.stats.games)?;
    out!(
        "{}",
        silver_sim::census_tables(&m.stats, a.turn_bucket as usize)
    )?;
    outln!("report: {}", html.display())?;
    Ok(ExitCode::SUCCESS)
}

/// The crosstable and ratings of a run with two or more bots (empty otherwise).
fn comparisons(stats: &silver_sim::Stats, bots: &[String]) -> String {
    if bots.len() < 2 || stats.pairs.pairs.is_empty() {
        return String::new();
    }
    format!(
        "{}{}",
        silver_sim::crosstable(&stats.pairs, bots),
        silver_sim::ratings_table(&stats.pairs, bots)
    )
}

fn verify_cmd(a: &VerifyArgs) -> Result<ExitCode> {
    let v = silver_sim::verify_dir(&a.dir)?;
    let what = if v.runs.len() == 1 {
        "run".to_string()
    } else {
        format!("sweep of {} sets", v.runs.len())
    };
    let unfinished = match v.unfinished {
        0 => String::new(),
        n => format!(" ({n} unfinished, checked as far as it got)"),
    };
    outln!(
        "{}: {what} verified{unfinished}: {} games, {} files match the manifest",
        a.dir.display(),
        v.games,
        v.files
    )?;
    Ok(ExitCode::SUCCESS)
}

fn sprt_cmd(a: &SprtArgs) -> Result<ExitCode> {
    let counts: Vec<u64> = a
        .counts
        .split(',')
        .map(|c| {
            c.trim().parse::<u64>().map_err(|_| {
                anyhow::anyhow!("--counts {}: `{}` is not a count", a.counts, c.trim())
            })
        })
        .collect::<Result<_>>()?;
    let Some((scores, cells, games)) = silver_sim::count_cells(&counts) else {
        bail!(
            "--counts {}: give 5 pentanomial counts LL,LD,DD,WD,WW or 3 counts L,D,W (got {})",
            a.counts,
            counts.len()
        );
    };
    if counts.iter().all(|&c| c == 0) {
        bail!("--counts {}: every count is zero", a.counts);
    }
    let spec = silver_sim::SprtSpec::new(a.elo0, a.elo1, a.alpha, a.beta)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let llr = spec.llr(&scores, &cells, games);
    let decision = spec.decide(llr);
    let e = silver_sim::score_estimate(&scores, &cells, games);
    match a.format {
        FormatArg::Json => outln!(
            "{}",
            serde_json::json!({
                "llr": llr,
                "lower": spec.lower(),
                "upper": spec.upper(),
                "decision": decision.name(),
                "elo0": spec.elo0,
                "elo1": spec.elo1,
                "alpha": spec.alpha,
                "beta": spec.beta,
                "blocks": e.blocks,
                "games_per_block": games,
                "score": e.score,
                "score_low95": e.score_low,
                "score_high95": e.score_high,
                "nelo": e.nelo,
                "nelo_error95": e.nelo_error,
                "elo": e.elo,
                "elo_error95": e.elo_error,
                "los": e.los,
            })
        )?,
        FormatArg::Text => {
            let what = if games == 2 { "pairs" } else { "games" };
            outln!(
                "{} {what}: score {:.4} [{:.4}, {:.4}]  nElo {:.2} ± {:.2}  Elo {:.2} ± {:.2}  LOS {:.2}%",
                e.blocks, e.score, e.score_low, e.score_high, e.nelo, e.nelo_error, e.elo, e.elo_error, 100.0 * e.los
            )?;
            outln!(
                "LLR {:.4} ({:.4}, {:.4}) [{}, {}]: {}",
                llr,
                spec.lower(),
                spec.upper(),
                spec.elo0,
                spec.elo1,
                match decision {
                    silver_sim::Decision::H0 => "H0 accepted",
                    silver_sim::Decision::H1 => "H1 accepted",
                    silver_sim::Decision::Continue => "continue",
                }
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn bots_cmd(a: &BotsArgs) -> Result<ExitCode> {
    if let Some(name) = &a.show {
        // Describing a bot starts nothing: any program may be shown.
        let (_, spec) =
            silver_sim::resolve_bot_with(name, &a.bots_dir, &mut ExecPolicy::typed(true))?;
        let base = name.split(':').next().unwrap_or(name).trim();
        let file = a.bots_dir.join(format!("{base}.toml"));
        let source = if file.is_file() {
            format!("profile {}", file.display())
        } else {
            "built-in kind".to_string()
        };
        outln!("# {name}: {source}, resolved")?;
        out!("{}", toml::to_string(&spec)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    outln!("built-in kinds: {}", silver_bots::KINDS.join(", "))?;
    let profiles = silver_sim::list_profiles(&a.bots_dir);
    if profiles.is_empty() {
        outln!("no profiles in {}", a.bots_dir.display())?;
    }
    for p in profiles {
        match silver_sim::resolve_bot_with(&p, &a.bots_dir, &mut ExecPolicy::typed(true)) {
            Ok((_, spec)) if silver_bots::KINDS.contains(&p.as_str()) => outln!(
                "{p:<16} {} (this profile is what `{p}` means here)",
                spec.kind()
            )?,
            Ok((_, spec)) => outln!("{p:<16} {}", spec.kind())?,
            Err(e) => outln!("{p:<16} INVALID: {}", silver_sim::message(&e))?,
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn cards_cmd(a: &CardsArgs) -> Result<ExitCode> {
    let text = match &a.set {
        Some(s) => resolve_set(s)?.listing(),
        None => silver_sim::list_cards(),
    };
    out!("{text}")?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tournaments_without_a_name_get_their_own_directory() {
        let plan = |bots: &str, players: u8, seed: u64| {
            let mut spec =
                tournament_spec(bots, players, SeatingArg::AllSeats, ModelArg::Rounds, "t")
                    .unwrap();
            spec.seed = seed;
            silver_sim::resolve(
                &spec,
                Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots")),
            )
            .unwrap()
        };
        assert_eq!(
            tournament_dir(&plan("greedy,random", 2, 1)),
            "greedy-vs-random-2p-amulet-s1"
        );
        assert_eq!(
            tournament_dir(&plan("ismcts:iterations=100,greedy", 3, 9)),
            "ismcts_iterations_100-vs-greedy-3p-amulet-s9"
        );
        assert_ne!(
            tournament_dir(&plan("greedy,random", 2, 1)),
            tournament_dir(&plan("greedy,random", 2, 2))
        );
        let long = plan(
            "ismcts:iterations=100,exploration=0.4,ismcts:iterations=200,exploration=0.4,greedy",
            3,
            1,
        );
        let d = tournament_dir(&long);
        assert!(
            d.len() <= 100 && d.ends_with(&long.fingerprint()[..8]),
            "{d}"
        );
    }

    #[test]
    fn bots_split_keeps_inline_overrides() {
        assert_eq!(
            split_bots("greedy,ismcts:iterations=1000,exploration=0.5,random").unwrap(),
            vec!["greedy", "ismcts:iterations=1000,exploration=0.5", "random"]
        );
        assert_eq!(split_bots("a, b").unwrap(), vec!["a", "b"]);
        for bad in ["greedy,,random", "greedy,", ",greedy", ""] {
            let e = split_bots(bad).unwrap_err().to_string();
            assert!(e.contains("empty entry"), "{bad}: {e}");
        }
    }
}
