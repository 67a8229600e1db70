//! Which panics are a game's: a game that panics on a worker is caught ([`catch_game`]) and
//! reported with its index and replay command, so a panic hook should keep it quiet; any
//! other panic is a bug the hook should report ([`in_game`] tells them apart).

use std::cell::Cell;
use std::panic::{catch_unwind, UnwindSafe};

thread_local! {
    static IN_GAME: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` (a game), catching its panic; while it runs, [`in_game`] is true on this thread.
pub fn catch_game<R>(f: impl FnOnce() -> R + UnwindSafe) -> std::thread::Result<R> {
    let outer = IN_GAME.with(|g| g.replace(true));
    let res = catch_unwind(f);
    IN_GAME.with(|g| g.set(outer));
    res
}

/// True inside [`catch_game`] on this thread: a panic here is caught and reported by the caller.
pub fn in_game() -> bool {
    IN_GAME.with(Cell::get)
}

/// The text of a caught panic's payload.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .or_else(|| {
            payload
                .downcast_ref::<silver_bots::BotFailure>()
                .map(ToString::to_string)
        })
        .unwrap_or_else(|| "a panic without a message".into())
}
