//! The `silver` Python package's native module: the engine, information-set views, the Rust
//! bots and tournaments, behind a small Python API (see `python/silver/__init__.py`).

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_bots::{BotRng, Player};
use silver_rules::{
    Action, ActionList, CardSet, Config, Event, Game as Engine, GameModel, Seat, ToMove,
    DEFAULT_MAX_ROUNDS, DEFAULT_MAX_TURNS,
};
use std::path::PathBuf;

fn json<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?
        .call_method1("loads", (value.to_string(),))
}

fn config(players: u8, set: &str, model: &str) -> PyResult<Config> {
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

/// A game of Silver. Deals (the only chance events) are played automatically from the game's
/// seed, so the game is always at a player's decision or over.
#[pyclass(module = "silver")]
#[derive(Clone)]
struct Game {
    game: Engine,
    cfg: Config,
    rng: ChaCha8Rng,
    events: Vec<Event>,
    legal: ActionList,
}

impl Game {
    /// Plays deals until a player must decide or the game is over.
    fn settle(&mut self) {
        while self.game.to_move() == ToMove::Deal {
            self.game.deal_random(&mut self.rng, &mut self.events);
        }
        self.legal.clear();
        if matches!(self.game.to_move(), ToMove::Player(_)) {
            self.game.legal_actions(&mut self.legal);
        }
    }
}

#[pymethods]
impl Game {
    /// A new game: `players` 2–4, a set string (`"amulet"`, `"bullet"`, mixes), `model`
    /// `"rounds"` (4 rounds) or `"points"` (to 100), the deal seed, and who starts.
    #[new]
    #[pyo3(signature = (players=2, set="amulet", model="rounds", seed=0, first_player=0))]
    fn new(players: u8, set: &str, model: &str, seed: u64, first_player: u8) -> PyResult<Self> {
        let cfg = config(players, set, model)?;
        let game =
            Engine::new(cfg, first_player).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut g = Game {
            game,
            cfg,
            rng: ChaCha8Rng::seed_from_u64(seed),
            events: Vec::new(),
            legal: ActionList::new(),
        };
        g.settle();
        Ok(g)
    }

    /// The seat to move, or -1 once the game is over.
    fn current_player(&self) -> i32 {
        match self.game.to_move() {
            ToMove::Player(s) => s as i32,
            _ => -1,
        }
    }

    /// True once the game is over.
    fn is_terminal(&self) -> bool {
        self.game.to_move() == ToMove::Terminal
    }

    /// The number of players.
    fn num_players(&self) -> u8 {
        self.cfg.players
    }

    /// The legal actions, as indices 0..n into `action_names()` (empty when over).
    fn legal_actions(&self) -> Vec<usize> {
        (0..self.legal.len()).collect()
    }

    /// The legal actions as readable JSON (the engine's own form: `{"do":"exchange","slot":2}`).
    fn action_names(&self) -> PyResult<Vec<String>> {
        self.legal
            .iter()
            .map(|a| serde_json::to_string(a).map_err(|e| PyRuntimeError::new_err(e.to_string())))
            .collect()
    }

    /// Applies legal action `index`. An index outside the legal actions raises ValueError and
    /// leaves the game unchanged.
    fn apply(&mut self, index: usize) -> PyResult<()> {
        let Some(&action) = self.legal.get(index) else {
            return Err(PyValueError::new_err(format!(
                "action {index} is not legal here ({} legal actions)",
                self.legal.len()
            )));
        };
        self.apply_action(action)
    }

    /// A copy of the game (deal seed stream included).
    fn clone(&self) -> Game {
        Clone::clone(self)
    }

    /// The totals so far, per seat.
    fn totals(&self) -> Vec<i32> {
        self.game.totals()[..self.cfg.players as usize].to_vec()
    }

    /// The winner once the game is over (the tie-breaks decide), else None.
    fn winner(&self) -> Option<u8> {
        self.game.winner()
    }

    /// Per seat: 1 for the winner, 0 for the others (once over; zeros before).
    fn returns(&self) -> Vec<f64> {
        let w = self.game.winner();
        (0..self.cfg.players)
            .map(|s| if Some(s) == w { 1.0 } else { 0.0 })
            .collect()
    }

    /// The current round (1-based).
    fn round(&self) -> u16 {
        self.game.round()
    }

    /// What `seat` may see, as a dict (the same view `exec:` bots get: docs/protocol.md).
    fn view<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
        if seat >= self.cfg.players {
            return Err(PyValueError::new_err(format!("no seat {seat}")));
        }
        json(py, &silver_bots::view_json(&self.game.view(seat)))
    }

    /// Every event so far, omniscient, as dicts (`silver replay`'s form); `seat` redacts them
    /// to what that seat observed.
    #[pyo3(signature = (seat=None))]
    fn events<'py>(&self, py: Python<'py>, seat: Option<u8>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for e in &self.events {
            let value = match seat {
                Some(s) => serde_json::to_value(e.observe(s)),
                None => serde_json::to_value(e),
            }
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
            list.append(json(py, &value)?)?;
        }
        Ok(list)
    }
}

impl Game {
    fn apply_action(&mut self, action: Action) -> PyResult<()> {
        self.game
            .apply(action, &mut self.events)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.settle();
        Ok(())
    }
}

/// One of the Rust bots (a kind, a profile of `bots_dir`, or an inline spec such as
/// `"ismcts:iterations=500"`), deciding from a seat's view.
#[pyclass(module = "silver", unsendable)]
struct Bot {
    name: String,
    player: Player,
    rng: BotRng,
    seat: Option<Seat>,
}

#[pymethods]
impl Bot {
    #[new]
    #[pyo3(signature = (name, seed=0, bots_dir="bots"))]
    fn new(name: &str, seed: u64, bots_dir: &str) -> PyResult<Self> {
        let spec = silver_sim::resolve_bot(name, &PathBuf::from(bots_dir))
            .map_err(|e| PyValueError::new_err(silver_sim::message(&e)))?;
        Ok(Bot {
            name: name.to_string(),
            player: Player::from_spec(&spec),
            rng: BotRng::seed_from_u64(seed),
            seat: None,
        })
    }

    /// The bot's name as given.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The index (into `game.legal_actions()`) the bot chooses for the seat to move. A bot
    /// that keeps state is reset whenever it is asked about another seat or a new game.
    fn step(&mut self, game: &Game) -> PyResult<usize> {
        let ToMove::Player(seat) = game.game.to_move() else {
            return Err(PyValueError::new_err("the game is over"));
        };
        if self.seat != Some(seat) || game.game.round() == 1 && game.game.table().turn_number() == 0
        {
            self.player.reset(seat, &game.cfg);
            self.seat = Some(seat);
        }
        let action = self
            .player
            .decide(&game.game, seat, &game.legal, &mut self.rng);
        game.legal
            .iter()
            .position(|&a| a == action)
            .ok_or_else(|| PyRuntimeError::new_err("the bot chose an illegal action"))
    }
}

/// Runs a tournament (as `silver tournament`) into `out` and returns its summary, head-to-head
/// and ratings as lists of dicts (the Python wrapper turns them into DataFrames when pandas is
/// installed).
#[pyfunction]
#[pyo3(signature = (bots, out, players=2, games=100, seed=1, set="amulet", seating="rotate", threads=0, bots_dir="bots"))]
#[allow(clippy::too_many_arguments)]
fn run_tournament<'py>(
    py: Python<'py>,
    bots: Vec<String>,
    out: PathBuf,
    players: u8,
    games: u64,
    seed: u64,
    set: &str,
    seating: &str,
    threads: usize,
    bots_dir: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let seating = match seating {
        "rotate" | "all-seats" => silver_sim::Seating::Rotate,
        "round-robin" => silver_sim::Seating::RoundRobin,
        "gauntlet" => silver_sim::Seating::Gauntlet,
        "fixed" => silver_sim::Seating::Fixed,
        other => return Err(PyValueError::new_err(format!("seating {other:?}"))),
    };
    let spec = silver_sim::ExperimentSpec {
        name: Some("python".into()),
        players,
        bots,
        seating,
        set: set.to_string(),
        token: None,
        model: silver_sim::ModelSpec::default(),
        games,
        seed,
        max_turns_per_round: DEFAULT_MAX_TURNS,
        outputs: silver_sim::Outputs::default(),
        balance: None,
        sprt: None,
    };
    let plan = silver_sim::resolve(&spec, &PathBuf::from(bots_dir))
        .map_err(|e| PyValueError::new_err(silver_sim::message(&e)))?;
    let opts = silver_sim::RunOptions {
        out: out.clone(),
        threads,
        shard: None,
        resume: false,
        force: false,
        command: Some("python: silver.tournament".into()),
    };
    let interrupted = std::sync::atomic::AtomicBool::new(false);
    py.allow_threads(|| silver_sim::run(&plan, &opts, &mut |_: u64, _: u64| {}, &interrupted))
        .map_err(|e| PyRuntimeError::new_err(silver_sim::message(&e)))?;
    let mut tables = serde_json::Map::new();
    for name in ["summary", "pairs", "ratings"] {
        let path = out.join(format!("{name}.csv"));
        if !path.is_file() {
            continue;
        }
        let mut r = csv_reader(&path)?;
        let header: Vec<String> = r.0.clone();
        let rows: Vec<serde_json::Value> =
            r.1.drain(..)
                .map(|row| {
                    serde_json::Value::Object(
                        header
                            .iter()
                            .cloned()
                            .zip(row.into_iter().map(serde_json::Value::String))
                            .collect(),
                    )
                })
                .collect();
        tables.insert(name.to_string(), serde_json::Value::Array(rows));
    }
    json(py, &serde_json::Value::Object(tables))
}

/// A CSV file's header and rows.
fn csv_reader(path: &std::path::Path) -> PyResult<(Vec<String>, Vec<Vec<String>>)> {
    let err = |e: csv::Error| PyRuntimeError::new_err(format!("{}: {e}", path.display()));
    let mut r = csv::Reader::from_path(path).map_err(err)?;
    let header = r
        .headers()
        .map_err(err)?
        .iter()
        .map(str::to_string)
        .collect();
    let rows = r
        .records()
        .map(|rec| rec.map(|rec| rec.iter().map(str::to_string).collect()))
        .collect::<Result<_, _>>()
        .map_err(err)?;
    Ok((header, rows))
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
    m.add_class::<Game>()?;
    m.add_class::<Bot>()?;
    m.add_function(wrap_pyfunction!(run_tournament, m)?)?;
    m.add_function(wrap_pyfunction!(derive_seed, m)?)?;
    m.add("PROTOCOL", silver_bots::PROTOCOL)?;
    Ok(())
}
