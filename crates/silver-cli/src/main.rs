//! The `silver` command. Parses what was typed (clap: the commands here, shared arguments in
//! [`args`]), then hands it to its command
//! ([`cmd`]: one module per command), which resolves it into a plan (`silver_sim::resolve`) and
//! runs it. This file only dispatches, and turns a command's result into the exit code.

use anyhow::Result;
use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

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

mod args;
mod cmd;
mod execute;
mod panic_hook;
mod progress;

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
    Run(cmd::run::RunArgs),
    /// Run bots against each other without a spec file.
    Tournament(cmd::tournament::TournamentArgs),
    /// The design card of one card set: skill, luck, seat fairness, excitement, length, the
    /// value of hidden information and memory, and per value what it is worth (restricted
    /// play), each with its 95% interval.
    Design(cmd::design::DesignArgs),
    /// Search a space of card-set mixes for the best by declared objectives: screen every
    /// set on few deals, keep the best on more (successive halving on common deals), certify
    /// the finalists on fresh deals (a spec's `[search]` table).
    Search(cmd::search::SearchArgs),
    /// Merge the directories of a sharded run (`--shard K/N`) into one.
    Merge(cmd::merge::MergeArgs),
    /// Print the full event trace of one game as JSON lines.
    Replay(cmd::replay::ReplayArgs),
    /// List the built-in bot kinds and the profiles in the bots directory.
    Bots(cmd::bots::BotsArgs),
    /// List the built-in characters, tokens and ability kinds, or the characters of one set.
    Cards(cmd::cards::CardsArgs),
    /// A finished run's (or sweep's) report: one self-contained HTML page with plots
    /// (DIR/report.html), and its tables as text, CSV or JSON.
    Report(cmd::report::ReportArgs),
    /// The sequential probability ratio test from pentanomial (or trinomial) counts, as
    /// fastchess computes it.
    Sprt(cmd::sprt::SprtArgs),
    /// Check a run, merged run or balance sweep against its manifest: file lengths and
    /// checksums, row counts, statistics and summaries (exit 0 if sound, 2 if not).
    Verify(cmd::verify::VerifyArgs),
    /// Play against the bots in the terminal: a full-screen table showing exactly your
    /// information set (--plain: text on standard input and output).
    Play(cmd::play::PlayArgs),
    /// Step through a recorded game (a run's game, a saved game or a script) by decision, turn
    /// and round, as the omniscient observer or from one seat.
    View(cmd::view::ViewArgs),
    /// Belief diagnostics of an `ismcts` bot with `belief.worlds > 0`: per decision of seat 0,
    /// how probable the true hidden cards were under its search's worlds and under uniform
    /// worlds (a CSV with --out), summarised by turn with 95% intervals over games.
    Beliefs(cmd::beliefs::BeliefsArgs),
}

/// A failed write to standard output, as an error (a closed pipe is recognised by its kind).
pub(crate) fn stdout_error(e: std::io::Error) -> anyhow::Error {
    anyhow::Error::new(e).context("cannot write to standard output")
}

fn main() -> ExitCode {
    panic_hook::install();
    // The hook has said what a panic was; unwinding out of `command` only sets the exit code.
    let code = std::panic::catch_unwind(command).unwrap_or(ExitCode::from(101));
    panic_hook::exit_code().unwrap_or(code)
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
        Command::Run(a) => cmd::run::run_cmd(&a),
        Command::Tournament(a) => cmd::tournament::tournament_cmd(&a),
        Command::Design(a) => cmd::design::design_cmd(&a),
        Command::Search(a) => cmd::search::search_cmd(&a),
        Command::Merge(a) => cmd::merge::merge_cmd(&a),
        Command::Replay(a) => cmd::replay::replay_cmd(&a),
        Command::Bots(a) => cmd::bots::bots_cmd(&a),
        Command::Cards(a) => cmd::cards::cards_cmd(&a),
        Command::Report(a) => cmd::report::report_cmd(&a),
        Command::Sprt(a) => cmd::sprt::sprt_cmd(&a),
        Command::Verify(a) => cmd::verify::verify_cmd(&a),
        Command::Play(a) => cmd::play::play_cmd(&a),
        Command::View(a) => cmd::view::view_cmd(&a),
        Command::Beliefs(a) => cmd::beliefs::beliefs_cmd(&a),
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
