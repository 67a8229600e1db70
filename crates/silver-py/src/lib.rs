//! The `silver` Python package's native module: the engine, information-set views and
//! tensors, the Rust bots, a batched environment and tournaments, behind a small Python API
//! (see `python/silver/__init__.py`).
//!
//! * `game`: `silver.Game`, a game every seat of which Python plays;
//! * `view`: `silver.View`, one seat's information set;
//! * `bot`: `silver.Bot`, a Rust bot deciding for Python;
//! * `vec_env`: `silver.VecEnv`, many games stepped at once against Rust opponents;
//! * `runs`: tournaments and experiments run from Python;
//! * `tensor`: observation tensors and action masks.
//!
//! Games are the game loop's `Match` (silver-bots), seeded as runs seed them
//! (`silver_bots::seeds`).

mod bot;
mod game;
mod runs;
mod tensor;
mod vec_env;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_rules::{
    Action, CardSet, Config, GameModel, ACTION_IDS, DEFAULT_MAX_ROUNDS, DEFAULT_MAX_TURNS,
    MAX_DECISIONS_PER_TURN,
};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs the engine code of an exported function or method. Input is checked before it reaches
/// the engine, so a panic here is a bug: it becomes a RuntimeError naming it, never a
/// `PanicException` (a BaseException that `except Exception` misses) or an abort.
pub(crate) fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|panic| Err(panic_error(&*panic)))
}

/// The RuntimeError a caught panic becomes (its message's first line); a bot program's
/// failure is the program's, not the engine's.
pub(crate) fn panic_error(panic: &(dyn std::any::Any + Send)) -> PyErr {
    let what = silver_sim::panic_text(panic);
    let line = what.lines().next().unwrap_or_default();
    if panic.is::<silver_bots::BotFailure>() {
        return PyRuntimeError::new_err(line.to_string());
    }
    PyRuntimeError::new_err(format!(
        "internal error in the silver engine (please report it): {line}"
    ))
}

pub(crate) fn json<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?
        .call_method1("loads", (value.to_string(),))
}

pub(crate) fn config(players: u8, set: &str, model: &str) -> PyResult<Config> {
    let set =
        CardSet::parse(set).map_err(|e| PyValueError::new_err(format!("set {set:?}: {e}")))?;
    let model = match model {
        "rounds" => GameModel::Rounds { rounds: 4 },
        "points" => GameModel::Points {
            target: 100,
            bounce: true,
            kamikaze: true,
            max_rounds: DEFAULT_MAX_ROUNDS,
        },
        other => {
            return Err(PyValueError::new_err(format!(
                "model {other:?}: expected \"rounds\" or \"points\""
            )))
        }
    };
    let cfg = Config {
        players,
        set,
        model,
        max_turns_per_round: DEFAULT_MAX_TURNS,
    };
    cfg.validate()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(cfg)
}

/// float32 values as Python bytes (native endian), written in place: one copy.
pub(crate) fn floats<'py>(py: Python<'py>, values: &[f32]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, values.len() * 4, |bytes| {
        for (b, v) in bytes.chunks_exact_mut(4).zip(values) {
            b.copy_from_slice(&v.to_ne_bytes());
        }
        Ok(())
    })
}

/// The readable name of action id `id` (the engine's JSON: `{"do":"exchange","slot":2}`).
#[pyfunction]
pub(crate) fn action_name(id: u16) -> PyResult<String> {
    let action = Action::from_id(id).ok_or_else(|| {
        PyValueError::new_err(format!("no action {id}: ids are 0-{}", ACTION_IDS - 1))
    })?;
    serde_json::to_string(&action).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// The id of an action given by its name (`'{"do":"exchange","slot":2}'`).
#[pyfunction]
fn action_id(name: &str) -> PyResult<u16> {
    let action: Action = serde_json::from_str(name)
        .map_err(|e| PyValueError::new_err(format!("action {name:?}: {e}")))?;
    action
        .id()
        .ok_or_else(|| PyValueError::new_err(format!("action {name:?} is never legal")))
}

/// An upper bound on the players' decisions in one game of this configuration (deals are not
/// decisions): the engine's `Config::max_decisions`, rounds (or the points game's round cap)
/// x (two opening peeks per seat + the turn cap x `MAX_DECISIONS_PER_TURN`).
#[pyfunction]
#[pyo3(signature = (players=2, set="amulet", model="rounds"))]
fn max_decisions(players: u8, set: &str, model: &str) -> PyResult<u64> {
    Ok(config(players, set, model)?.max_decisions())
}

/// A seed for a new game, drawn from `seed` (helpers for reproducible loops in Python).
#[pyfunction]
fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    r.set_stream(index);
    r.random()
}

#[pymodule]
fn _silver(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::Game>()?;
    m.add_class::<bot::Bot>()?;
    m.add_class::<game::View>()?;
    m.add_class::<vec_env::VecEnv>()?;
    m.add_function(wrap_pyfunction!(action_name, m)?)?;
    m.add_function(wrap_pyfunction!(action_id, m)?)?;
    m.add("ACTION_IDS", ACTION_IDS)?;
    m.add("OBSERVATION_SIZE", tensor::SIZE)?;
    m.add(
        "OBSERVATION_PARTS",
        (
            tensor::VILLAGES,
            tensor::SLOTS,
            tensor::CARD,
            tensor::GLOBAL,
        ),
    )?;
    m.add_function(wrap_pyfunction!(runs::run_tournament, m)?)?;
    m.add_function(wrap_pyfunction!(runs::run_experiment, m)?)?;
    m.add_function(wrap_pyfunction!(derive_seed, m)?)?;
    m.add_function(wrap_pyfunction!(max_decisions, m)?)?;
    m.add("MAX_DECISIONS_PER_TURN", MAX_DECISIONS_PER_TURN)?;
    m.add("PROTOCOL", silver_bots::PROTOCOL)?;
    Ok(())
}
