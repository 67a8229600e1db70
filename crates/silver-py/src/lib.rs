//! The `silver` Python package's native module: the engine, information-set views and
//! tensors, the Rust bots, a batched environment and tournaments, behind a small Python API
//! (see `python/silver/__init__.py`).

mod tensor;
mod vec_env;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_bots::{BotRng, Player};
use silver_rules::PlayerView;
use silver_rules::{
    Action, ActionList, CardSet, Config, Event, Game as Engine, GameModel, Seat, ToMove,
    ACTION_IDS, DEFAULT_MAX_ROUNDS, DEFAULT_MAX_TURNS,
};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// Runs the engine code of an exported function or method. Input is checked before it reaches
/// the engine, so a panic here is a bug: it becomes a RuntimeError naming it, never a
/// `PanicException` (a BaseException that `except Exception` misses) or an abort.
pub(crate) fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|panic| Err(panic_error(&*panic)))
}

/// The RuntimeError a caught panic becomes (its message's first line); a bot program's
/// failure is the program's, not the engine's.
fn panic_error(panic: &(dyn std::any::Any + Send)) -> PyErr {
    let what = silver_sim::panic_text(panic);
    let line = what.lines().next().unwrap_or_default();
    if panic.is::<silver_bots::BotFailure>() {
        return PyRuntimeError::new_err(line.to_string());
    }
    PyRuntimeError::new_err(format!(
        "internal error in the silver engine (please report it): {line}"
    ))
}

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
struct Game {
    game: Engine,
    cfg: Config,
    rng: ChaCha8Rng,
    events: Vec<Event>,
    legal: ActionList,
    /// The legal actions' ids, ascending.
    ids: Vec<u16>,
    /// Tells games apart for `Bot` (a new number for every game, clone and sampled world).
    serial: u64,
}

/// The next game serial.
fn serial() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Game {
    fn start(game: Engine, cfg: Config, rng: ChaCha8Rng) -> Game {
        let mut g = Game {
            game,
            cfg,
            rng,
            events: Vec::new(),
            legal: ActionList::new(),
            ids: Vec::new(),
            serial: serial(),
        };
        g.settle();
        g
    }

    /// Plays deals until a player must decide or the game is over.
    fn settle(&mut self) {
        while self.game.to_move() == ToMove::Deal {
            self.game.deal_random(&mut self.rng, &mut self.events);
        }
        self.legal.clear();
        if matches!(self.game.to_move(), ToMove::Player(_)) {
            self.game.legal_actions(&mut self.legal);
        }
        self.ids = tensor::ids(&self.legal);
    }

    fn check_seat(&self, seat: u8) -> PyResult<Seat> {
        if seat >= self.cfg.players {
            return Err(PyValueError::new_err(format!(
                "no seat {seat}: this game has {} players (seats 0-{})",
                self.cfg.players,
                self.cfg.players - 1
            )));
        }
        Ok(seat)
    }

    /// The legal action with id `id`, or a ValueError.
    fn legal_action(&self, id: u16) -> PyResult<Action> {
        if self.ids.binary_search(&id).is_err() {
            return Err(PyValueError::new_err(format!(
                "action {id} is not legal here (legal: {:?})",
                self.ids
            )));
        }
        Action::from_id(id).ok_or_else(|| PyValueError::new_err(format!("no action {id}")))
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
        guarded(|| Ok(Game::start(game, cfg, ChaCha8Rng::seed_from_u64(seed))))
    }

    /// The game a `silver` run with master seed `seed` deals as deal number `deal` (its seat
    /// rotations share it): the same first player and shuffles. With `Bot(..., stream=(seed,
    /// game, seat))` for each seat, a Python loop plays exactly the run's game (as `silver
    /// replay --seed SEED --game GAME` prints it).
    #[staticmethod]
    #[pyo3(signature = (seed, deal, players=2, set="amulet", model="rounds"))]
    fn from_run(seed: u64, deal: u64, players: u8, set: &str, model: &str) -> PyResult<Self> {
        let cfg = config(players, set, model)?;
        let mut rng = silver_sim::deal_rng(seed, deal);
        let first = rng.random_range(0..players);
        let game = Engine::new(cfg, first).map_err(|e| PyValueError::new_err(e.to_string()))?;
        guarded(|| Ok(Game::start(game, cfg, rng)))
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

    /// The legal actions' ids, ascending (empty when over). An id names the same action in
    /// every state (`action_name`); ids lie in `0..ACTION_IDS`.
    fn legal_actions(&self) -> Vec<u16> {
        self.ids.clone()
    }

    /// The legal actions as a mask over all `ACTION_IDS` ids (bytes, 1 = legal).
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut mask = vec![0u8; ACTION_IDS];
        tensor::mask(&self.legal, &mut mask);
        PyBytes::new(py, &mask)
    }

    /// The legal actions' readable names, in the order of `legal_actions()`.
    fn action_names(&self) -> PyResult<Vec<String>> {
        self.ids.iter().map(|&id| action_name(id)).collect()
    }

    /// Applies the legal action with id `action`. An action that is not legal raises
    /// ValueError and leaves the game unchanged.
    fn apply(&mut self, action: u16) -> PyResult<()> {
        let action = self.legal_action(action)?;
        guarded(|| {
            self.game
                .apply(action, &mut self.events)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            self.settle();
            Ok(())
        })
    }

    /// A copy of the game (deal seed stream and events included).
    fn clone(&self) -> Game {
        Game {
            game: self.game,
            cfg: self.cfg,
            rng: self.rng.clone(),
            events: self.events.clone(),
            legal: self.legal.clone(),
            ids: self.ids.clone(),
            serial: serial(),
        }
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// A complete world consistent with what `seat` knows (the engine's sampler, as the search
    /// bots use it): every card the seat cannot place gets a value drawn from the values it
    /// cannot place, the rest is this game. Later deals come from `seed` too. The world has no
    /// event history.
    fn sample_world(&self, seat: u8, seed: u64) -> PyResult<Game> {
        let seat = self.check_seat(seat)?;
        guarded(|| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let world = self.game.view(seat).sample_world(&mut rng);
            rng.set_stream(1);
            Ok(Game::start(world, self.cfg, rng))
        })
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

    /// Once over: the seats from first to last (the tie-breaks make the order strict).
    fn finishing_order(&self) -> PyResult<Vec<u32>> {
        if !self.is_terminal() {
            return Err(PyValueError::new_err("the game is not over"));
        }
        Ok(self.game.finishing_order()[..self.cfg.players as usize]
            .iter()
            .map(|&s| s as u32)
            .collect())
    }

    /// The current round (1-based).
    fn round(&self) -> u16 {
        self.game.round()
    }

    /// What `seat` may see, as a dict (the same view `exec:` bots get: docs/protocol.md).
    fn view<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.check_seat(seat)?;
        guarded(|| json(py, &silver_bots::view_json(&self.game.view(seat))))
    }

    /// `seat`'s information set as a `View` (what a protocol bot decodes from its `code`).
    fn player_view(&self, seat: u8) -> PyResult<View> {
        let seat = self.check_seat(seat)?;
        guarded(|| Ok(View::of(self.game.view(seat), self.cfg)))
    }

    /// `seat`'s information state as a string: its view as JSON (sorted keys), then ` #` and a
    /// 128-bit digest of the engine's whole view (which also holds what the JSON leaves to the
    /// legal actions, such as the free actions used this turn). Two states give the same
    /// string exactly when the seat cannot tell them apart (up to a digest collision).
    fn information_state_string(&self, seat: u8) -> PyResult<String> {
        let seat = self.check_seat(seat)?;
        guarded(|| self.information_state(seat))
    }

    /// `seat`'s observation tensor: `OBSERVATION_SIZE` float32 values as bytes (the Python
    /// `observation_tensor` makes it a numpy array; the layout is in its docs).
    fn observation<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyBytes>> {
        let seat = self.check_seat(seat)?;
        guarded(|| {
            let mut out = vec![0f32; tensor::SIZE];
            tensor::encode(&self.game.view(seat), &mut out);
            floats(py, &out)
        })
    }

    /// Every event so far, omniscient, as dicts (`silver replay`'s form); `seat` redacts them
    /// to what that seat observed.
    #[pyo3(signature = (seat=None))]
    fn events<'py>(&self, py: Python<'py>, seat: Option<u8>) -> PyResult<Bound<'py, PyList>> {
        if let Some(s) = seat {
            self.check_seat(s)?;
        }
        guarded(|| self.event_list(py, seat))
    }
}

impl Game {
    /// See `information_state_string`.
    fn information_state(&self, seat: Seat) -> PyResult<String> {
        let view = self.game.view(seat);
        let digest = |salt: u64| {
            let mut h = std::hash::DefaultHasher::new();
            std::hash::Hash::hash(&salt, &mut h);
            std::hash::Hash::hash(&view, &mut h);
            std::hash::Hasher::finish(&h)
        };
        Ok(format!(
            "{} #{:016x}{:016x}",
            silver_bots::view_json(&view),
            digest(1),
            digest(2)
        ))
    }

    /// See `events`.
    fn event_list<'py>(&self, py: Python<'py>, seat: Option<u8>) -> PyResult<Bound<'py, PyList>> {
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

/// float32 values as Python bytes (native endian), written in place: one copy.
fn floats<'py>(py: Python<'py>, values: &[f32]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, values.len() * 4, |bytes| {
        for (b, v) in bytes.chunks_exact_mut(4).zip(values) {
            b.copy_from_slice(&v.to_ne_bytes());
        }
        Ok(())
    })
}

/// The readable name of action id `id` (the engine's JSON: `{"do":"exchange","slot":2}`).
#[pyfunction]
fn action_name(id: u16) -> PyResult<String> {
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

/// The game message of the bot protocol (`{"type": "game", ...}`): the configuration.
#[derive(serde::Deserialize)]
struct GameMessage {
    players: u8,
    set: String,
    model: GameModel,
    max_turns_per_round: u16,
}

/// One seat's information set, decoded from the bot protocol's `code` (or taken from a
/// `Game` with `player_view`): its legal actions, worlds sampled from it, its tensor, and the
/// Rust bots deciding from it.
#[pyclass(module = "silver")]
struct View {
    view: PlayerView,
    cfg: Config,
    legal: ActionList,
    ids: Vec<u16>,
}

impl View {
    fn of(view: PlayerView, cfg: Config) -> View {
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let ids = tensor::ids(&legal);
        View {
            view,
            cfg,
            legal,
            ids,
        }
    }
}

#[pymethods]
impl View {
    /// The view a protocol `code` holds, in the game the protocol's `game` message (a dict)
    /// describes. A damaged code, or one of another game, raises ValueError.
    #[new]
    fn new(py: Python<'_>, code: &str, game: &Bound<'_, PyAny>) -> PyResult<View> {
        let text: String = py
            .import("json")?
            .call_method1("dumps", (game,))?
            .extract()?;
        let m: GameMessage = serde_json::from_str(&text)
            .map_err(|e| PyValueError::new_err(format!("not a game message: {e}")))?;
        let set = CardSet::parse(&m.set)
            .map_err(|e| PyValueError::new_err(format!("set {:?}: {e}", m.set)))?;
        let cfg = Config {
            players: m.players,
            set,
            model: m.model,
            max_turns_per_round: m.max_turns_per_round,
        };
        cfg.validate()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        guarded(|| {
            let view = PlayerView::from_code(code, cfg)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            Ok(View::of(view, cfg))
        })
    }

    /// Whose view.
    #[getter]
    fn seat(&self) -> u8 {
        self.view.viewer()
    }

    /// The legal actions' ids, ascending (empty unless this seat is to move).
    fn legal_actions(&self) -> Vec<u16> {
        self.ids.clone()
    }

    /// The legal actions' names, in the order of `legal_actions()`.
    fn action_names(&self) -> PyResult<Vec<String>> {
        self.ids.iter().map(|&id| action_name(id)).collect()
    }

    /// A complete world consistent with this view (the engine's sampler); later deals come
    /// from `seed` too.
    fn sample_world(&self, seed: u64) -> PyResult<Game> {
        guarded(|| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let world = self.view.sample_world(&mut rng);
            rng.set_stream(1);
            Ok(Game::start(world, self.cfg, rng))
        })
    }

    /// The view as a dict (the protocol's `view`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        guarded(|| json(py, &silver_bots::view_json(&self.view)))
    }

    /// The observation tensor (bytes of float32; `silver.observation_tensor` makes an array).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        guarded(|| {
            let mut out = vec![0f32; tensor::SIZE];
            tensor::encode(&self.view, &mut out);
            floats(py, &out)
        })
    }

    /// The view's code (as the protocol sends it).
    fn code(&self) -> PyResult<String> {
        guarded(|| Ok(self.view.code()))
    }
}

/// One of the Rust bots (a kind, a profile of `bots_dir`, or an inline spec such as
/// `"ismcts:iterations=500"`), deciding from a seat's view. A bot may be used from any thread;
/// it decides with the GIL released, one decision at a time (a second caller waits).
#[pyclass(module = "silver")]
struct Bot {
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
                Some((run_seed, game, seat)) => silver_sim::bot_rng(run_seed, game, seat),
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
        let ToMove::Player(seat) = game.game.to_move() else {
            return Err(PyValueError::new_err("the game is over"));
        };
        // The decision runs without the GIL on a copy of what it reads.
        let (state, cfg, serial, legal) = (game.game, game.cfg, game.serial, game.legal.clone());
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

/// Runs a tournament (as `silver tournament`) into `out` and returns its summary, head-to-head
/// and ratings as lists of dicts (the Python wrapper turns them into DataFrames when pandas is
/// installed).
#[pyfunction]
#[pyo3(signature = (bots, out, players=2, games=100, seed=1, set="amulet", seating="rotate", threads=0, bots_dir="bots", allow_exec=false))]
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
    allow_exec: bool,
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
    // The names were passed in the call: `exec:COMMAND` is the caller's own, a profile's
    // program needs allow_exec.
    run_spec(
        py,
        &spec,
        out,
        threads,
        bots_dir,
        "python: silver.tournament",
        silver_sim::ExecPolicy::typed(allow_exec),
    )
}

/// Runs the experiment spec file `path` (as `silver run PATH`, balance sweeps excepted) into
/// `out` and returns its tables as `run_tournament` does.
#[pyfunction]
#[pyo3(signature = (path, out, threads=0, bots_dir="bots", allow_exec=false))]
fn run_experiment<'py>(
    py: Python<'py>,
    path: PathBuf,
    out: PathBuf,
    threads: usize,
    bots_dir: &str,
    allow_exec: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let text = std::fs::read_to_string(&path)
        .map_err(|e| PyValueError::new_err(format!("{}: {e}", path.display())))?;
    let spec = silver_sim::ExperimentSpec::from_toml(&text).map_err(|e| {
        PyValueError::new_err(format!("{}: {}", path.display(), silver_sim::message(&e)))
    })?;
    if spec.balance.is_some() {
        return Err(PyValueError::new_err(format!(
            "{}: a balance sweep: run it with `silver run {}`",
            path.display(),
            path.display()
        )));
    }
    let policy = silver_sim::ExecPolicy::file(&path, allow_exec);
    run_spec(
        py,
        &spec,
        out,
        threads,
        bots_dir,
        "python: silver.experiment",
        policy,
    )
}

/// Resolves and runs a spec into `out` (its exec bots asked of `policy`; the programs read
/// from files announced on `sys.stderr` before they start), and reads its tables back.
#[allow(clippy::too_many_arguments)]
fn run_spec<'py>(
    py: Python<'py>,
    spec: &silver_sim::ExperimentSpec,
    out: PathBuf,
    threads: usize,
    bots_dir: &str,
    command: &str,
    mut policy: silver_sim::ExecPolicy,
) -> PyResult<Bound<'py, PyAny>> {
    if threads > silver_sim::limits::MAX_THREADS {
        return Err(PyValueError::new_err(format!(
            "threads {threads}: at most {}",
            silver_sim::limits::MAX_THREADS
        )));
    }
    let plan = guarded(|| {
        silver_sim::resolve_with(spec, &PathBuf::from(bots_dir), &mut policy)
            .map_err(|e| PyValueError::new_err(silver_sim::message(&e)))
    })?;
    let stderr = py.import("sys")?.getattr("stderr")?;
    for p in policy.from_files() {
        stderr.call_method1("write", (format!("{}\n", p.notice()),))?;
    }
    let opts = silver_sim::RunOptions {
        out: out.clone(),
        threads,
        shard: None,
        resume: false,
        force: false,
        command: Some(command.into()),
    };
    run_interruptibly(py, &plan, &opts)?;
    let mut tables = serde_json::Map::new();
    for name in ["summary", "pairs", "ratings"] {
        let path = out.join(format!("{name}.csv"));
        if !path.is_file() {
            continue;
        }
        let (header, rows) = csv_reader(&path)?;
        let rows: Vec<serde_json::Value> = rows
            .into_iter()
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

/// How often a run started from Python looks for a signal (Ctrl-C, a Jupyter interrupt).
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// Runs `plan` on a thread of its own while this one, with the GIL released between looks,
/// watches for signals: on one (KeyboardInterrupt) the run stops between windows as `silver`
/// does on Ctrl-C, completed games saved and `--resume` able to continue, and the signal's
/// exception is raised once it has stopped.
fn run_interruptibly(
    py: Python<'_>,
    plan: &silver_sim::Plan,
    opts: &silver_sim::RunOptions,
) -> PyResult<()> {
    let interrupted = AtomicBool::new(false);
    let (done, finished) = std::sync::mpsc::channel();
    // (In a mutex only to be shared with the GIL-free waits: one thread receives.)
    let finished = Mutex::new(finished);
    let wait = |timeout: Option<Duration>| {
        let finished = finished.lock().unwrap_or_else(|e| e.into_inner());
        match timeout {
            Some(t) => finished.recv_timeout(t),
            None => finished
                .recv()
                .map_err(|_| std::sync::mpsc::RecvTimeoutError::Disconnected),
        }
    };
    std::thread::scope(|scope| {
        let interrupted = &interrupted;
        scope.spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(|| {
                silver_sim::run(plan, opts, &mut |_: u64, _: u64| {}, interrupted)
            }));
            // The receiver waits for this message: it cannot be gone.
            let _ = done.send(result);
        });
        let mut signal = None;
        let result = loop {
            match py.allow_threads(|| wait(Some(SIGNAL_CHECK))) {
                Ok(result) => break Some(result),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        interrupted.store(true, Ordering::SeqCst);
                        signal = Some(e);
                        break py.allow_threads(|| wait(None).ok());
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break None,
            }
        };
        if let Some(e) = signal {
            return Err(e);
        }
        match result {
            Some(Ok(Ok(_))) => Ok(()),
            Some(Ok(Err(e))) => Err(PyRuntimeError::new_err(silver_sim::message(&e))),
            Some(Err(panic)) => Err(panic_error(&*panic)),
            None => Err(PyRuntimeError::new_err(
                "the run's thread ended without a result",
            )),
        }
    })
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
    m.add_class::<View>()?;
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
    m.add_function(wrap_pyfunction!(run_tournament, m)?)?;
    m.add_function(wrap_pyfunction!(run_experiment, m)?)?;
    m.add_function(wrap_pyfunction!(derive_seed, m)?)?;
    m.add("PROTOCOL", silver_bots::PROTOCOL)?;
    Ok(())
}
