//! A batched environment: many games stepped in Rust, in parallel, with the GIL released.
//!
//! Either every seat is played from Python (self-play: each step acts for the seat to move in
//! each game), or one learner seat per game is, and Rust bots (`opponents`) play the others
//! between its decisions. Each game is the game loop's `Match`, stopping at Python's seats: the
//! bots' actions are checked and their observations delivered as in runs. A finished game is
//! replaced at once by the next (its observation is the one returned); the step reports the
//! finished game's returns, totals and `done`.
//!
//! Seeding follows `silver` runs: environment `i`'s `j`-th game is game number
//! `g = j * num_envs + i`, dealt by the run's deal stream `g` of `seed` (the same first player
//! and shuffles as `Game.from_run(seed, g)`), with the bots' streams of game `g`. The learner
//! sits in seat `g % players` unless `learner_seat` fixes it. Results do not depend on the
//! number of threads.

use crate::{guarded, tensor};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use silver_bots::seeds::GameSeeds;
use silver_bots::{BotSpec, Match, Player, SeatSet, Seats};
use silver_rules::{Action, Config, Seat, ToMove, ACTION_IDS};
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

/// The batch's games, through `&mut` (no locking; a poisoned lock only means a caught panic).
macro_rules! envs {
    ($self:expr) => {
        $self.envs.get_mut().unwrap_or_else(PoisonError::into_inner)
    };
}

/// The players of one game: Python's seats (the learner's, or every seat in self-play) and
/// the opponents' bots.
struct Opponents {
    /// The seat Python plays (with opponents).
    learner: Seat,
    players: u8,
    /// The opponents' bots: `bots[k - 1]` plays the `k`-th seat after the learner's (empty in
    /// self-play).
    bots: Vec<Player>,
}

impl Seats for Opponents {
    #[inline]
    fn player(&mut self, seat: Seat) -> Option<&mut Player> {
        if seat == self.learner {
            return None;
        }
        let k = (seat + self.players - self.learner) % self.players;
        self.bots.get_mut(k as usize - 1)
    }
}

/// One game of the batch: a match that stops at Python's seats.
struct Env {
    m: Match<Opponents, ChaCha8Rng>,
    /// Game number (see the module docs).
    number: u64,
}

/// Shared settings of the batch.
struct Setup {
    cfg: Config,
    seed: u64,
    num_envs: u64,
    learner_seat: Option<Seat>,
    opponents: Option<Vec<BotSpec>>,
}

impl Setup {
    fn new_game(&self, number: u64, bots: &mut Vec<Player>) -> Env {
        let n = self.cfg.players;
        let learner = self.learner_seat.unwrap_or((number % n as u64) as Seat);
        if let Some(specs) = &self.opponents {
            // Opponent `k` (the `k`-th seat after the learner's) is the `k`-th bot listed
            // (cycling through the list).
            if bots.is_empty() {
                bots.extend(
                    (1..n).map(|k| Player::from_spec(&specs[(k as usize - 1) % specs.len()])),
                );
            }
        }
        let seeds = GameSeeds::new(self.seed, number, number, n);
        // The match resets the opponents to their seats (relative to this game's learner).
        let players = Opponents {
            learner,
            players: n,
            bots: std::mem::take(bots),
        };
        let mut env = Env {
            m: Match::new(
                self.cfg,
                seeds.first_player,
                players,
                seeds.deals,
                seeds.bots,
            )
            .expect("a validated config"),
            number,
        };
        env.advance();
        env
    }
}

impl Env {
    /// Deals and plays the Rust bots' turns (checked and observed as in runs) until Python
    /// must act or the game is over.
    fn advance(&mut self) {
        self.m.step_until(SeatSet::NONE, &mut ());
    }

    fn to_move(&self) -> Seat {
        self.m.to_move().unwrap_or(self.m.players().learner)
    }

    /// Writes the observation and mask of the seat to move.
    fn write(&self, obs: &mut [f32], mask: &mut [u8]) {
        tensor::encode(&self.m.game().view(self.to_move()), obs);
        tensor::mask(self.m.legal(), mask);
    }

    /// The opponents' bots, taken for the next game.
    fn take_bots(&mut self) -> Vec<Player> {
        std::mem::take(&mut self.m.players_mut().bots)
    }
}

/// The most games one `VecEnv` holds: each keeps its observation (about 22 kB) and game, so
/// this bounds its memory near 1.5 GB; a larger batch is refused rather than allocated.
pub const MAX_ENVS: usize = 65_536;

/// Many games at once (see the Python `silver.VecEnv`, which returns numpy arrays).
#[pyclass(module = "silver")]
pub struct VecEnv {
    setup: Setup,
    /// The games (in a mutex only so that the class may move between threads, as Python
    /// objects do: every method holds the batch exclusively, so it is never locked).
    envs: Mutex<Vec<Env>>,
    pool: rayon::ThreadPool,
    obs: Vec<f32>,
    mask: Vec<u8>,
    rewards: Vec<f32>,
    totals: Vec<f32>,
    dones: Vec<u8>,
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (num_envs, players=2, set="amulet", model="rounds", seed=0, opponents=None, learner_seat=None, threads=0, bots_dir="bots"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        num_envs: usize,
        players: u8,
        set: &str,
        model: &str,
        seed: u64,
        opponents: Option<Vec<String>>,
        learner_seat: Option<u8>,
        threads: usize,
        bots_dir: &str,
    ) -> PyResult<Self> {
        if num_envs == 0 || num_envs > MAX_ENVS {
            return Err(PyValueError::new_err(format!(
                "num_envs {num_envs}: between 1 and {MAX_ENVS}"
            )));
        }
        // The runs' cap: a thread each is started at once.
        if threads > silver_sim::limits::MAX_THREADS {
            return Err(PyValueError::new_err(format!(
                "threads {threads}: at most {}",
                silver_sim::limits::MAX_THREADS
            )));
        }
        let cfg = crate::config(players, set, model)?;
        if let Some(s) = learner_seat {
            if s >= players {
                return Err(PyValueError::new_err(format!(
                    "learner_seat {s}: seats are 0-{}",
                    players - 1
                )));
            }
        }
        let opponents = match opponents {
            None => None,
            Some(names) if names.is_empty() => {
                return Err(PyValueError::new_err(
                    "opponents: give at least one bot (or None for self-play)",
                ))
            }
            Some(names) => Some(
                names
                    .iter()
                    .map(|name| {
                        // Programs are refused below: no permission is asked.
                        let policy = &mut silver_sim::ExecPolicy::typed(true);
                        let (_, spec) =
                            silver_sim::resolve_bot_with(name, &PathBuf::from(bots_dir), policy)
                                .map_err(|e| PyValueError::new_err(silver_sim::message(&e)))?;
                        if matches!(spec, BotSpec::Exec(_)) {
                            return Err(PyValueError::new_err(format!(
                                "opponent {name:?}: programs are not batched opponents"
                            )));
                        }
                        Ok(spec)
                    })
                    .collect::<PyResult<Vec<_>>>()?,
            ),
        };
        if learner_seat.is_some() && opponents.is_none() {
            return Err(PyValueError::new_err(
                "learner_seat needs opponents (in self-play Python plays every seat)",
            ));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| PyValueError::new_err(format!("threads: {e}")))?;
        let setup = Setup {
            cfg,
            seed,
            num_envs: num_envs as u64,
            learner_seat,
            opponents,
        };
        let n = players as usize;
        guarded(|| {
            let mut env = VecEnv {
                envs: Mutex::new(Vec::new()),
                pool,
                obs: vec![0.0; num_envs * tensor::SIZE],
                mask: vec![0; num_envs * ACTION_IDS],
                rewards: vec![0.0; num_envs * n],
                totals: vec![0.0; num_envs * n],
                dones: vec![0; num_envs],
                setup,
            };
            env.reset_all();
            Ok(env)
        })
    }

    /// The number of games.
    #[getter]
    fn num_envs(&mut self) -> usize {
        envs!(self).len()
    }

    /// Starts every game afresh from game numbers `0..num_envs` (as at construction).
    /// Returns the observations and masks (as bytes; the Python wrapper makes arrays).
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        py.allow_threads(|| {
            guarded(|| {
                self.reset_all();
                Ok(())
            })
        })?;
        Ok((crate::floats(py, &self.obs)?, PyBytes::new(py, &self.mask)))
    }

    /// The seat each game waits for (the learner's with opponents).
    fn current_players(&mut self) -> Vec<u32> {
        envs!(self).iter().map(|e| e.to_move() as u32).collect()
    }

    /// The game number each game is playing.
    fn game_numbers(&mut self) -> Vec<u64> {
        envs!(self).iter().map(|e| e.number).collect()
    }

    /// The current observations and masks, as `reset` returns them.
    fn observe<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        Ok((crate::floats(py, &self.obs)?, PyBytes::new(py, &self.mask)))
    }

    /// Applies one action id per game (for the seat each waits for) and steps every game to
    /// its next decision. An action that is not legal in its game raises ValueError naming
    /// the game, and nothing is applied. Returns (observations, masks, rewards, totals, dones)
    /// as bytes: rewards and totals are per game and seat (float32), non-zero only where the
    /// game just ended (rewards: 1 for the winner, 0 for the others; totals: its final
    /// totals); dones are one byte per game.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: Vec<u16>,
    ) -> PyResult<(
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
    )> {
        let envs = envs!(self);
        if actions.len() != envs.len() {
            return Err(PyValueError::new_err(format!(
                "step needs one action per game: got {}, there are {}",
                actions.len(),
                envs.len()
            )));
        }
        let mut chosen = Vec::with_capacity(actions.len());
        for (i, (&id, env)) in actions.iter().zip(&*envs).enumerate() {
            match Action::from_id(id).filter(|a| env.m.legal().contains(a)) {
                Some(a) => chosen.push(a),
                None => {
                    return Err(PyValueError::new_err(format!(
                        "game {i}: action {id} is not legal there (see the mask)"
                    )))
                }
            }
        }
        py.allow_threads(|| {
            guarded(|| {
                self.step_all(&chosen);
                Ok(())
            })
        })?;
        Ok((
            crate::floats(py, &self.obs)?,
            PyBytes::new(py, &self.mask),
            crate::floats(py, &self.rewards)?,
            crate::floats(py, &self.totals)?,
            PyBytes::new(py, &self.dones),
        ))
    }
}

impl VecEnv {
    fn reset_all(&mut self) {
        let setup = &self.setup;
        let old: Vec<Vec<Player>> = envs!(self)
            .drain(..)
            .map(|mut e| e.take_bots())
            .chain(std::iter::repeat_with(Vec::new))
            .take(setup.num_envs as usize)
            .collect();
        *envs!(self) = self.pool.install(|| {
            old.into_par_iter()
                .enumerate()
                .map(|(i, mut bots)| setup.new_game(i as u64, &mut bots))
                .collect()
        });
        let (obs, mask) = (&mut self.obs, &mut self.mask);
        self.pool.install(|| {
            envs!(self)
                .par_iter_mut()
                .zip(obs.par_chunks_mut(tensor::SIZE))
                .zip(mask.par_chunks_mut(ACTION_IDS))
                .for_each(|((env, o), m)| env.write(o, m));
        });
        self.rewards.fill(0.0);
        self.totals.fill(0.0);
        self.dones.fill(0);
    }

    fn step_all(&mut self, actions: &[Action]) {
        let setup = &self.setup;
        let n = setup.cfg.players as usize;
        let (obs, mask) = (&mut self.obs, &mut self.mask);
        let (rewards, totals, dones) = (&mut self.rewards, &mut self.totals, &mut self.dones);
        self.pool.install(|| {
            envs!(self)
                .par_iter_mut()
                .zip(actions)
                .zip(obs.par_chunks_mut(tensor::SIZE))
                .zip(mask.par_chunks_mut(ACTION_IDS))
                .zip(rewards.par_chunks_mut(n))
                .zip(totals.par_chunks_mut(n))
                .zip(dones.par_iter_mut())
                .for_each(|((((((env, &a), o), m), r), t), d)| {
                    if let Err(e) = env.m.apply(a, &mut ()) {
                        // `step` checked every action against its game's legal actions.
                        unreachable!("{e}");
                    }
                    env.advance();
                    r.fill(0.0);
                    t.fill(0.0);
                    *d = 0;
                    if env.m.game().to_move() == ToMove::Terminal {
                        let winner = env.m.game().winner();
                        let final_totals = env.m.game().totals();
                        for s in 0..n {
                            r[s] = (winner == Some(s as Seat)) as u8 as f32;
                            t[s] = final_totals[s] as f32;
                        }
                        *d = 1;
                        let mut bots = env.take_bots();
                        *env = setup.new_game(env.number + setup.num_envs, &mut bots);
                    }
                    env.write(o, m);
                });
        });
    }
}
