//! The errors of the terminal table's commands (`silver play`, `silver view`).

use crate::session::SessionError;
use std::io;
use std::path::PathBuf;

/// Why `silver play` or `silver view` stops with an error.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Standard input or output, or the terminal, failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The full screen was asked for without a terminal.
    #[error("not a terminal: the full-screen table needs one (use --plain for text)")]
    NotATerminal,
    /// The terminal cannot be put in full-screen mode.
    #[error("cannot use the terminal: {0} (try --plain)")]
    Terminal(io::Error),
    /// A saved game cannot be written as JSON.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// A saved game cannot be written.
    #[error("cannot save {}: {error}", path.display())]
    Save {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A saved game cannot be read.
    #[error("{}: {error}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A file that is not a saved game.
    #[error("{}: not a saved game: {error}", path.display())]
    NotASavedGame {
        /// The file.
        path: PathBuf,
        /// Why.
        error: serde_json::Error,
    },
    /// The plain-text input ended in the middle of the game, saved to this file.
    #[error("input ended before the game did (saved to {}; --resume it)", .0.display())]
    InputEndedSaved(PathBuf),
    /// The plain-text input ended in the middle of the game, with nowhere to save it.
    #[error("input ended before the game did (not saved: no --save)")]
    InputEnded,
    /// The game cannot go on.
    #[error(transparent)]
    Session(#[from] SessionError),
}
