//! Play and watch Silver in a terminal.
//!
//! * [`session`]: a person's game against bots, saved as a script and resumed;
//! * [`timeline`]: a recorded game (a run's game or a script) as states, one per decision;
//! * [`scene`]: what one screen shows, built from a seat's information set only, and its plain
//!   text; [`tui`]: the same screen drawn with ratatui; [`text`]: words for actions, events
//!   and cards;
//! * [`play`] and [`view`]: the `silver play` and `silver view` commands (full screen, or
//!   `--plain` text on standard input and output), failing with an [`error::TableError`].

pub mod error;
pub mod play;
pub mod scene;
pub mod session;
pub mod text;
pub mod timeline;
pub mod tui;
pub mod view;
