//! The process's one panic hook: no panic goes unsaid. A panic inside a game is the game's
//! failure, which the run (or replay) that caught it reports; a bot program's failure outside
//! a run is the bot's error (exit code 3); any other panic is a bug, reported in one line with
//! its location (exit code 101).

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the panic hook when it reported a panic outside a game: the process then exits
/// non-zero, even when the panic was on a thread whose end did not stop the command.
static INTERNAL_PANIC: AtomicBool = AtomicBool::new(false);

/// Set by the panic hook when a bot program failed outside a run (exit code 3, as in runs).
static BOT_FAILED: AtomicBool = AtomicBool::new(false);

/// The one line a panic outside a game prints.
fn internal_error_line(info: &std::panic::PanicHookInfo) -> String {
    let message = silver_sim::panic_text(info.payload());
    let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = info
        .location()
        .map(|l| format!(" (at {}:{})", l.file(), l.line()))
        .unwrap_or_default();
    format!("error: internal error: {message}{at}; this is a bug, please report it")
}

/// Panics inside a game on a worker are caught and reported with the game's index, location
/// and replay command: the hook leaves them to the catcher. Any other panic is a bug,
/// reported in one line (standard error may be unwritable: then only the exit code tells), and
/// the process exits non-zero ([`INTERNAL_PANIC`]).
pub(crate) fn install() {
    std::panic::set_hook(Box::new(|info| {
        // The game's catcher reports it (as that game's failure, with this location).
        if silver_sim::in_game() {
            silver_sim::record_game_panic(info.location());
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

/// The exit code a panic reported by the hook imposes on the command, if any: 101 for a bug
/// (even one on a thread whose end did not stop the command), 3 for a bot program's failure.
pub(crate) fn exit_code() -> Option<ExitCode> {
    if INTERNAL_PANIC.load(Ordering::SeqCst) {
        return Some(ExitCode::from(101));
    }
    if BOT_FAILED.load(Ordering::SeqCst) {
        return Some(ExitCode::from(3));
    }
    None
}
