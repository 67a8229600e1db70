//! Which panics are a game's: a game that panics on a worker is caught ([`catch_game`]) and
//! reported with its index and replay command, so a panic hook need not print it; any other
//! panic is a bug the hook must report ([`in_game`] tells them apart). No panic is silenced:
//! the hook hands a game's panic location to [`record_game_panic`], and the caught panic's
//! text ([`panic_text`]) says where it was raised.

use std::cell::{Cell, RefCell};
use std::panic::{catch_unwind, Location, UnwindSafe};

thread_local! {
    static IN_GAME: Cell<bool> = const { Cell::new(false) };
    /// Where the panic being caught on this thread was raised, as the panic hook saw it.
    static PANIC_AT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `f` (a game), catching its panic; while it runs, [`in_game`] is true on this thread.
/// A panic whose location the hook recorded ([`record_game_panic`]) comes back as its text
/// with ` (at FILE:LINE)` appended; a bot program's failure
/// ([`silver_bots::BotFailure`]) comes back as it was raised.
pub fn catch_game<R>(f: impl FnOnce() -> R + UnwindSafe) -> std::thread::Result<R> {
    let outer = IN_GAME.with(|g| g.replace(true));
    PANIC_AT.with(|at| at.take());
    let res = catch_unwind(f);
    IN_GAME.with(|g| g.set(outer));
    res.map_err(|payload| {
        let at = PANIC_AT.with(|at| at.take());
        match at {
            Some(at) if !payload.is::<silver_bots::BotFailure>() => {
                Box::new(format!("{} (at {at})", panic_text(&*payload))) as _
            }
            _ => payload,
        }
    })
}

/// True inside [`catch_game`] on this thread: a panic here is caught and reported by the caller.
pub fn in_game() -> bool {
    IN_GAME.with(Cell::get)
}

/// For a panic hook, on a panic inside [`catch_game`] ([`in_game`]): where it was raised, which
/// the caught panic's text then names (only a hook sees a panic's location).
pub fn record_game_panic(location: Option<&Location<'_>>) {
    if let Some(l) = location {
        PANIC_AT.with(|at| *at.borrow_mut() = Some(format!("{}:{}", l.file(), l.line())));
    }
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
