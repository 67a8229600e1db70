//! `silver.Bot`: a Rust bot deciding for Python.

use crate::game::Game;
use crate::game::View;
use crate::guarded;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rand::SeedableRng;
use silver_bots::{BotRng, Player};
use silver_rules::{ActionList, Seat, ToMove};
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

/// One of the Rust bots (a kind, a profile of `bots_dir`, or an inline spec such as
/// `"ismcts:iterations=500"`), deciding from a seat's view. A bot may be used from any thread;
/// it decides with the GIL released, one decision at a time (a second caller waits).
#[pyclass(module = "silver")]
pub(crate) struct Bot {
    name: String,
    state: Mutex<BotState>,
}

/// What a decision changes.
struct BotState {
    player: Player,
    rng: BotRng,
    /// The game and seat the bot was last reset for.
    playing: Option<(u64, Seat)>,
}

impl Bot {
    /// The bot's state. After a panic (a RuntimeError) the bot is reset before its next
    /// decision, so a half-made decision leaves nothing behind.
    fn state(&self) -> MutexGuard<'_, BotState> {
        match self.state.lock() {
            Ok(state) => state,
            Err(poisoned) => {
                self.state.clear_poison();
                let mut state = poisoned.into_inner();
                state.playing = None;
                state
            }
        }
    }
}

#[pymethods]
impl Bot {
    /// `seed` seeds the bot's random stream; `stream=(run_seed, game, seat)` takes instead the
    /// stream a `silver` run gives that seat in that game (see `Game.from_run`).
    #[new]
    #[pyo3(signature = (name, seed=0, bots_dir="bots", stream=None))]
    fn new(
        name: &str,
        seed: u64,
        bots_dir: &str,
        stream: Option<(u64, u64, u8)>,
    ) -> PyResult<Self> {
        // A Bot is never a program (refused below), so no permission is asked.
        let policy = &mut silver_sim::ExecPolicy::typed(true);
        let (_, spec) = silver_sim::resolve_bot_with(name, &PathBuf::from(bots_dir), policy)
            .map_err(|e| PyValueError::new_err(silver_sim::message(&e)))?;
        if matches!(spec, silver_bots::BotSpec::Exec(_)) {
            return Err(PyValueError::new_err(format!(
                "bot {name:?} is a program: from Python, call it directly (silver.tournament runs it)"
            )));
        }
        if let Some((_, _, seat)) = stream {
            if seat as usize >= silver_rules::MAX_PLAYERS {
                return Err(PyValueError::new_err(format!(
                    "stream seat {seat}: seats are 0-{}",
                    silver_rules::MAX_PLAYERS - 1
                )));
            }
        }
        guarded(|| {
            let rng = match stream {
                Some((run_seed, game, seat)) => silver_bots::seeds::bot_rng(run_seed, game, seat),
                None => BotRng::seed_from_u64(seed),
            };
            Ok(Bot {
                name: name.to_string(),
                state: Mutex::new(BotState {
                    player: Player::from_spec(&spec),
                    rng,
                    playing: None,
                }),
            })
        })
    }

    /// The bot's name as given.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The id of the action the bot chooses for the seat to move. A single legal action is
    /// returned without asking the bot (as `silver` runs do). The bot is reset when it is
    /// first asked about a game (or another seat of it).
    fn step(&self, py: Python<'_>, game: &Game) -> PyResult<u16> {
        let ToMove::Player(seat) = game.engine().to_move() else {
            return Err(PyValueError::new_err("the game is over"));
        };
        // The decision runs without the GIL on a copy of what it reads.
        let (state, cfg, serial, legal) = (
            *game.engine(),
            game.cfg,
            game.serial,
            game.legal().iter().copied().collect::<ActionList>(),
        );
        let action = py.allow_threads(|| {
            guarded(|| {
                let mut bot = self.state();
                if bot.playing != Some((serial, seat)) {
                    bot.player.reset(seat, &cfg);
                    bot.playing = Some((serial, seat));
                }
                Ok(if legal.len() == 1 {
                    legal[0]
                } else {
                    let BotState { player, rng, .. } = &mut *bot;
                    player.decide(&state, seat, &legal, rng)
                })
            })
        })?;
        action
            .id()
            .filter(|id| game.ids.binary_search(id).is_ok())
            .ok_or_else(|| PyRuntimeError::new_err("the bot chose an illegal action"))
    }

    /// The id of the action the bot chooses from `view` (a `View` whose seat is to move). The
    /// bot is reset when its seat changes and by `reset()` (call it at each new game).
    fn decide(&self, py: Python<'_>, view: &View) -> PyResult<u16> {
        if view.legal.is_empty() {
            return Err(PyValueError::new_err("this view's seat is not to move"));
        }
        let (pv, cfg, legal) = (view.view, view.cfg, view.legal.clone());
        let seat = pv.viewer();
        let action = py.allow_threads(|| {
            guarded(|| {
                let mut bot = self.state();
                if bot.playing.map(|(_, s)| s) != Some(seat) {
                    bot.player.reset(seat, &cfg);
                    bot.playing = Some((u64::MAX, seat));
                }
                if legal.len() == 1 {
                    return Ok(legal[0]);
                }
                let BotState { player, rng, .. } = &mut *bot;
                player.decide_view(&pv, &legal, rng).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "bot {:?} needs the true state (Bot.step with a Game)",
                        self.name
                    ))
                })
            })
        })?;
        action
            .id()
            .filter(|id| view.ids.binary_search(id).is_ok())
            .ok_or_else(|| PyRuntimeError::new_err("the bot chose an illegal action"))
    }

    /// Forgets the game the bot was playing (the next decision resets it).
    fn reset(&self, py: Python<'_>) {
        py.allow_threads(|| self.state().playing = None)
    }
}
