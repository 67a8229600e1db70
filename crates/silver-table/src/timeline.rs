//! A recorded game as a timeline: the state before every decision (and the final state), the
//! decision taken there, and the events it caused, for stepping forwards and backwards.

use silver_rules::{
    Action, Config, ConfigError, DealError, DealOrder, Event, Game, IllegalAction, Script,
    ScriptError, Seat, ToMove,
};

/// Why a recorded game cannot be laid out as a timeline.
#[derive(Debug, thiserror::Error)]
pub enum TimelineError {
    /// The game's configuration is not valid.
    #[error("{0}")]
    Config(#[from] ConfigError),
    /// A script's configuration is not valid.
    #[error("{0}")]
    Script(#[from] ScriptError),
    /// A script's deal is not a deck.
    #[error("deal {deal}: {error}")]
    Deal {
        /// The deal (1-based).
        deal: usize,
        /// What is wrong with it.
        error: DealError,
    },
    /// A script stops dealing before its actions do.
    #[error("the game needs a deal for round {0}")]
    MissingDeal(usize),
    /// A decision by a seat that is not to move.
    #[error("decision {decision}: seat {seat} is not to move ({to_move:?})")]
    NotToMove {
        /// The decision (0-based).
        decision: usize,
        /// The seat recorded as deciding.
        seat: Seat,
        /// What the game waits for instead.
        to_move: ToMove,
    },
    /// A decision that is not legal.
    #[error("decision {decision}: {error}")]
    Decision {
        /// The decision (0-based).
        decision: usize,
        /// Why it is not legal.
        error: IllegalAction,
    },
    /// A script's action after the game is over.
    #[error("action {0} comes after the game is over")]
    AfterTheEnd(usize),
    /// A script's action that is not legal.
    #[error("action {action}: {error}")]
    Action {
        /// The action (0-based).
        action: usize,
        /// Why it is not legal.
        error: IllegalAction,
    },
    /// A run's game that cannot be replayed.
    #[error("{}", silver_sim::message(.0))]
    Run(silver_sim::SpecError),
}

/// Where a recorded game's deals come from.
pub enum Deals<'a> {
    /// A run's deal stream (as the run dealt: [`Game::deal_random`]).
    Stream(Box<rand_chacha::ChaCha8Rng>),
    /// A script's card orders ([`Game::deal`]).
    Orders(&'a [DealOrder]),
}

/// How a timeline ends ([`Timeline::ending`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game is over.
    Over,
    /// The recording stops after round N (the next round is not dealt).
    RoundEnd(u16),
    /// The recording stops in the middle of round N.
    MidRound(u16),
}

/// One decision of the timeline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// Who decided.
    pub seat: Seat,
    /// What.
    pub action: Action,
    /// The bot's sum estimate then, if it keeps one (reported at census calls).
    pub estimate: Option<f64>,
}

/// A game, decision by decision.
pub struct Timeline {
    /// Per seat, who played it.
    pub names: Vec<String>,
    /// `states[i]`: the game before decision `i`; the last is the final state.
    pub states: Vec<Game>,
    /// The decisions.
    pub steps: Vec<Step>,
    /// `events[i]`: the events that led to `states[i]` (the first deal for `i = 0`; then
    /// decision `i - 1` and any deal after it).
    pub events: Vec<Vec<Event>>,
}

impl Timeline {
    /// Replays `steps` from the start of a game of `config` (round 1 started by `first`). A
    /// script needs a deal for every round it plays into: one that ends at a round's end, before
    /// the next deal, ends there (its last state awaits that deal).
    pub fn build(
        config: Config,
        first: Seat,
        mut deals: Deals<'_>,
        steps: Vec<Step>,
        names: Vec<String>,
    ) -> Result<Timeline, TimelineError> {
        let mut game = Game::new(config, first)?;
        let mut next_deal = 0usize;
        let mut deal = |game: &mut Game, events: &mut Vec<Event>| -> Result<(), TimelineError> {
            while game.to_move() == ToMove::Deal {
                match &mut deals {
                    Deals::Stream(rng) => game.deal_random(&mut **rng, events),
                    Deals::Orders(orders) => {
                        let order = orders
                            .get(next_deal)
                            .ok_or(TimelineError::MissingDeal(next_deal + 1))?;
                        next_deal += 1;
                        game.deal(order, events);
                    }
                }
            }
            Ok(())
        };
        let mut first_events = Vec::new();
        deal(&mut game, &mut first_events)?;
        let mut states = vec![game];
        let mut events = vec![first_events];
        // The missing deal after the last decision matters only if another decision follows.
        let mut missing_deal = None;
        for (i, step) in steps.iter().enumerate() {
            if let Some(e) = missing_deal.take() {
                return Err(e);
            }
            if game.to_move() != ToMove::Player(step.seat) {
                return Err(TimelineError::NotToMove {
                    decision: i,
                    seat: step.seat,
                    to_move: game.to_move(),
                });
            }
            let mut e = Vec::new();
            game.apply(step.action, &mut e)
                .map_err(|error| TimelineError::Decision { decision: i, error })?;
            missing_deal = deal(&mut game, &mut e).err();
            states.push(game);
            events.push(e);
        }
        Ok(Timeline {
            names,
            states,
            steps,
            events,
        })
    }

    /// A script's game (its players named by `names`, or `P0`…).
    pub fn from_script(script: &Script, names: Vec<String>) -> Result<Timeline, TimelineError> {
        let config = script.config()?;
        let orders = script
            .deals
            .iter()
            .enumerate()
            .map(|(i, d)| {
                d.order()
                    .map_err(|error| TimelineError::Deal { deal: i + 1, error })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut game = Game::new(config, script.first_player)?;
        // The seats of the actions: replay once to know who took each.
        let mut steps = Vec::new();
        let mut d = 0;
        for (i, &action) in script.actions.iter().enumerate() {
            while game.to_move() == ToMove::Deal {
                let order = orders.get(d).ok_or(TimelineError::MissingDeal(d + 1))?;
                d += 1;
                game.deal(order, &mut ());
            }
            let ToMove::Player(seat) = game.to_move() else {
                return Err(TimelineError::AfterTheEnd(i));
            };
            game.apply(action, &mut ())
                .map_err(|error| TimelineError::Action { action: i, error })?;
            steps.push(Step {
                seat,
                action,
                estimate: None,
            });
        }
        let names = if names.len() == config.players as usize {
            names
        } else {
            (0..config.players).map(|s| format!("P{s}")).collect()
        };
        Timeline::build(
            config,
            script.first_player,
            Deals::Orders(&orders),
            steps,
            names,
        )
    }

    /// Game `index` of a run's plan, as the run played it: its recorded first player, and its
    /// deals from the run's deal stream ([`silver_bots::seeds`]).
    pub fn from_run(plan: &silver_sim::Plan, index: u64) -> Result<Timeline, TimelineError> {
        let rec = silver_sim::record_game(plan, index).map_err(TimelineError::Run)?;
        let (_, deals) =
            silver_bots::seeds::dealing(plan.seed, plan.slot(index).deal, plan.players);
        let steps = rec
            .decisions
            .iter()
            .map(|d| Step {
                seat: d.seat,
                action: d.action,
                estimate: d.estimate,
            })
            .collect();
        Timeline::build(
            rec.config,
            rec.first_player,
            Deals::Stream(Box::new(deals)),
            steps,
            rec.seats,
        )
    }

    /// The last position (the final state).
    pub fn end(&self) -> usize {
        self.states.len() - 1
    }

    /// How the recording ends: the game over, or a script stopped before it (at a round's end,
    /// or in the middle of a round).
    pub fn ending(&self) -> Ending {
        let last = &self.states[self.end()];
        match last.to_move() {
            ToMove::Terminal => Ending::Over,
            ToMove::Deal => Ending::RoundEnd(last.round()),
            ToMove::Player(_) => Ending::MidRound(last.round()),
        }
    }

    /// The next position after `at` where `key` changes (or the end).
    fn next_by<K: PartialEq>(&self, at: usize, key: impl Fn(&Game) -> K) -> usize {
        let k = key(&self.states[at]);
        (at + 1..=self.end())
            .find(|&i| key(&self.states[i]) != k)
            .unwrap_or(self.end())
    }

    /// The first position of the stretch (same `key`) before the one at `at`, or of this
    /// stretch if `at` is inside it.
    fn prev_by<K: PartialEq>(&self, at: usize, key: impl Fn(&Game) -> K) -> usize {
        let start = |i: usize| {
            let k = key(&self.states[i]);
            (0..=i)
                .rev()
                .take_while(|&j| key(&self.states[j]) == k)
                .last()
                .unwrap_or(i)
        };
        let here = start(at);
        if here < at || at == 0 {
            here
        } else {
            start(at - 1)
        }
    }

    /// The next position after `at` where a new turn starts (or the end).
    pub fn next_turn(&self, at: usize) -> usize {
        self.next_by(at, |g| (g.round(), g.table().turn_number()))
    }

    /// The start of the turn before the one at `at` (or of this turn, if `at` is inside it).
    pub fn prev_turn(&self, at: usize) -> usize {
        self.prev_by(at, |g| (g.round(), g.table().turn_number()))
    }

    /// The next position where a new round starts (or the end).
    pub fn next_round(&self, at: usize) -> usize {
        self.next_by(at, Game::round)
    }

    /// The start of the round before the one at `at` (or of this round, inside it).
    pub fn prev_round(&self, at: usize) -> usize {
        self.prev_by(at, Game::round)
    }
}
