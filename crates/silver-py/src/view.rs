//! `silver.View`: one seat's information set, from a protocol code or a game.

use crate::game::Game;
use crate::{action_name, floats, guarded, json, tensor};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use silver_rules::{ActionList, CardSet, Config, GameModel, PlayerView};

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
