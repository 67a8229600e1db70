//! `silver.Game`: a game stepped from Python, every seat Python's (a [`Match`] without
//! players: it deals, then waits for Python at every decision); and `silver.View`: one seat's
//! information set, from a protocol code or a game (the two name each other: a game gives a
//! seat's view, a view samples a game).

use crate::{action_name, config, floats, guarded, json, tensor};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use silver_bots::{Match, NoPlayers, SeatSet};
use silver_rules::{
    Action, ActionList, CardSet, Config, Event, Game as Engine, GameModel, PlayerView, Seat,
    ToMove, ACTION_IDS,
};
use std::sync::atomic::{AtomicU64, Ordering};

/// A game whose every seat Python plays, its rounds dealt from a random stream.
type Stepped = Match<NoPlayers, ChaCha8Rng, [silver_bots::BotRng; 0]>;

/// A game of Silver. Deals (the only chance events) are played automatically from the game's
/// seed, so the game is always at a player's decision or over.
#[pyclass(module = "silver")]
pub(crate) struct Game {
    /// The game, its deal stream and the legal actions of the seat to move.
    m: Stepped,
    pub(crate) cfg: Config,
    events: Vec<Event>,
    /// The legal actions' ids, ascending.
    pub(crate) ids: Vec<u16>,
    /// Tells games apart for `Bot` (a new number for every game, clone and sampled world).
    pub(crate) serial: u64,
}

/// The next game serial.
fn serial() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Game {
    /// `game` as it stands, later rounds dealt from `rng`.
    pub(crate) fn start(game: Engine, cfg: Config, rng: ChaCha8Rng) -> Game {
        let mut g = Game {
            m: Match::from_game(game, NoPlayers, rng, []),
            cfg,
            events: Vec::new(),
            ids: Vec::new(),
            serial: serial(),
        };
        g.settle();
        g
    }

    /// The engine's game.
    pub(crate) fn engine(&self) -> &Engine {
        self.m.game()
    }

    /// The legal actions of the seat to move (empty once over).
    pub(crate) fn legal(&self) -> &[Action] {
        self.m.legal()
    }

    /// Plays deals until a player must decide or the game is over.
    fn settle(&mut self) {
        self.m.step_until(SeatSet::ALL, &mut self.events);
        self.ids = tensor::ids(self.m.legal());
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
        let (first, rng) = silver_bots::seeds::dealing(seed, deal, players);
        let game = Engine::new(cfg, first).map_err(|e| PyValueError::new_err(e.to_string()))?;
        guarded(|| Ok(Game::start(game, cfg, rng)))
    }

    /// The seat to move, or -1 once the game is over.
    fn current_player(&self) -> i32 {
        match self.engine().to_move() {
            ToMove::Player(s) => s as i32,
            _ => -1,
        }
    }

    /// True once the game is over.
    fn is_terminal(&self) -> bool {
        self.engine().to_move() == ToMove::Terminal
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
        tensor::mask(self.m.legal(), &mut mask);
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
            self.m
                .apply(action, &mut self.events)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            self.settle();
            Ok(())
        })
    }

    /// A copy of the game (deal seed stream and events included).
    fn clone(&self) -> Game {
        Game {
            m: self.m.clone(),
            cfg: self.cfg,
            events: self.events.clone(),
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
            let world = self.engine().view(seat).sample_world(&mut rng);
            rng.set_stream(1);
            Ok(Game::start(world, self.cfg, rng))
        })
    }

    /// The totals so far, per seat.
    fn totals(&self) -> Vec<i32> {
        self.engine().totals()[..self.cfg.players as usize].to_vec()
    }

    /// The winner once the game is over (the tie-breaks decide), else None.
    fn winner(&self) -> Option<u8> {
        self.engine().winner()
    }

    /// Per seat: 1 for the winner, 0 for the others (once over; zeros before).
    fn returns(&self) -> Vec<f64> {
        let w = self.engine().winner();
        (0..self.cfg.players)
            .map(|s| if Some(s) == w { 1.0 } else { 0.0 })
            .collect()
    }

    /// Once over: the seats from first to last (the tie-breaks make the order strict).
    fn finishing_order(&self) -> PyResult<Vec<u32>> {
        if !self.is_terminal() {
            return Err(PyValueError::new_err("the game is not over"));
        }
        Ok(self.engine().finishing_order()[..self.cfg.players as usize]
            .iter()
            .map(|&s| s as u32)
            .collect())
    }

    /// The current round (1-based).
    fn round(&self) -> u16 {
        self.engine().round()
    }

    /// What `seat` may see, as a dict (the same view `exec:` bots get: docs/protocol.md).
    fn view<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.check_seat(seat)?;
        guarded(|| json(py, &silver_bots::view_json(&self.engine().view(seat))))
    }

    /// `seat`'s information set as a `View` (what a protocol bot decodes from its `code`).
    fn player_view(&self, seat: u8) -> PyResult<View> {
        let seat = self.check_seat(seat)?;
        guarded(|| Ok(View::of(self.engine().view(seat), self.cfg)))
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
            tensor::encode(&self.engine().view(seat), &mut out);
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
        let view = self.engine().view(seat);
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
pub(crate) struct View {
    pub(crate) view: PlayerView,
    pub(crate) cfg: Config,
    pub(crate) legal: ActionList,
    pub(crate) ids: Vec<u16>,
}

impl View {
    pub(crate) fn of(view: PlayerView, cfg: Config) -> View {
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
