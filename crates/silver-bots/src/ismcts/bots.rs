//! The two bots the search drives: [`IsmctsBot`] (from its information set) and the
//! [`CheatingIsmcts`] baseline (from the true state), with their [`Kind`]s.

use super::belief::{Belief, BeliefScore};
use super::Search;
use crate::kinds::as_bot;
use crate::memory::Memory;
use crate::restrict::Restriction;
#[allow(unused_imports)] // rustdoc links
use crate::spec::RewardKind;
use crate::spec::{IsmctsParams, Sees};
use crate::{Bot, BotRng, Choice, Kind, SpecError};
use silver_rules::{Action, Config, Game, Observation, PlayerView, Seat, ToMove};

/// ISMCTS (Cowling, Powley & Whitehouse 2012) deciding from its own information set.
///
/// Every iteration searches a fresh world sampled from what the bot remembers; the tree holds
/// the decisions [`IsmctsParams::tree`] says (by default the bot's own of this turn), each node
/// scoring the reward of the seat that acts there; children are chosen by PUCT with the greedy
/// prior or by UCB1 ([`IsmctsParams::prior`]), with availability counts; rollouts are cut
/// after [`IsmctsParams::rollout_laps`] laps and scored as the round stands; the reward is the
/// round result normalised to [0, 1] as [`RewardKind`] says (default [`RewardKind::Margin`]:
/// own round score against the table mean, since the lowest total wins); the final move is the
/// most visited root child. Deterministic for a given [`BotRng`] seed unless
/// [`IsmctsParams::time_limit_ms`] is set. The module documentation has the details.
///
/// Reusable across decisions and games: the node arena and buffers keep their capacity, and a
/// decision after the first allocates nothing (with random rollouts).
pub struct IsmctsBot {
    search: Search,
    memory: Memory,
    /// The reduced legal list of a restricted searcher (`forbid`); `None` for the others.
    restriction: Option<Box<Restriction>>,
    /// Belief-weighted worlds ([`IsmctsParams::belief`]); `None` when off.
    belief: Option<Box<Belief>>,
}

impl IsmctsBot {
    /// A bot with these parameters (its memory model is `params.memory`).
    pub fn new(params: IsmctsParams) -> IsmctsBot {
        IsmctsBot {
            search: Search::new(params),
            memory: Memory::new(params.memory),
            restriction: Restriction::of(params.forbid),
            belief: (!params.belief.is_off()).then(|| Box::new(Belief::new(params.belief))),
        }
    }

    /// The parameters.
    pub fn params(&self) -> &IsmctsParams {
        &self.search.params
    }

    /// An omniscient diagnostic of the last decision's belief-weighted worlds: how probable they
    /// made the true values of the cards the bot could not place, against uniform sampling
    /// ([`BeliefScore`]). `view` is the view the bot decided from and `truth` the true game at
    /// that decision. `None` when the decision sampled its worlds as the plain search does.
    pub fn belief_score(&self, view: &PlayerView, truth: &Game) -> Option<BeliefScore> {
        self.belief.as_ref().and_then(|b| b.score(view, truth))
    }
}

impl Bot for IsmctsBot {
    fn reset(&mut self, _seat: Seat, _config: &Config) {
        self.memory.reset();
        self.search.reset();
        if let Some(b) = &mut self.belief {
            b.reset();
        }
    }

    fn wants_decisions(&self) -> bool {
        self.belief.is_some()
    }

    fn decision_seen(&mut self, view: &PlayerView, actor: Seat, action: Action) {
        if let Some(b) = &mut self.belief {
            b.note(view, actor, action);
        }
    }

    fn decide(&mut self, view: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action {
        let view = self.memory.recall(view, rng);
        let me = view.viewer();
        let skew = self.search.params.kept_low;
        let key = (view.round(), view.turn_number());
        let legal = match &mut self.restriction {
            Some(r) => r.reduce(legal, |a| view.restricted_values(a)),
            None => legal,
        };
        let sample =
            |rng: &mut BotRng| view.sample_world_skewed(silver_rules::CardMask::EMPTY, skew, rng);
        let action = match &mut self.belief {
            None => self
                .search
                .decide(me, view.stage(), key, legal, rng, sample),
            Some(b) => {
                b.start(&view);
                self.search
                    .decide(me, view.stage(), key, legal, rng, |rng| {
                        b.world(&view, rng, sample)
                    })
            }
        };
        self.memory.note_action(&view, action);
        action
    }

    /// The mean, over the last decision's sampled worlds, of the bot's own village sum in those
    /// worlds (`None` if the last decision did not search: a single legal action).
    fn sum_estimate(&self) -> Option<f64> {
        self.search.estimate()
    }
}

impl Kind for IsmctsBot {
    type Params = IsmctsParams;

    fn build(params: &IsmctsParams) -> IsmctsBot {
        IsmctsBot::new(*params)
    }

    fn validate(params: &IsmctsParams) -> Result<(), SpecError> {
        params.validate()?;
        match params.sees {
            Sees::All => Ok(()),
            Sees::Hands => Err(SpecError::SeesForHonest("hands")),
            Sees::Known => Err(SpecError::SeesForHonest("known")),
        }
    }

    fn decide_in(
        &mut self,
        game: &Game,
        seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
        scratch: &mut PlayerView,
    ) -> Choice {
        game.view_into(seat, scratch);
        Choice::Action(Bot::decide(self, scratch, legal, rng))
    }

    as_bot!();
}

/// **Research baseline that cheats**: the same search as [`IsmctsBot`], run on the *true*
/// state (every iteration copies the real [`Game`] instead of sampling a world), so it knows
/// every hidden card. Its only use is to measure what hidden information is worth; it is never
/// a fair opponent, and it does not implement [`Bot`] (which only ever receives a view).
///
/// With [`IsmctsParams::sees`] = [`Sees::Hands`] or [`Sees::Known`] it is the oracle of a
/// perfect belief: every iteration searches the true state with the cards nobody knows dealt
/// again at random (those in the deck, set aside and its own village; with `Known` those in
/// the other villages too), so it knows every card some player knows but not the order of the
/// unseen deck.
pub struct CheatingIsmcts {
    search: Search,
    /// The reduced legal list of a restricted searcher (`forbid`); `None` for the others.
    restriction: Option<Box<Restriction>>,
}

impl CheatingIsmcts {
    /// A cheating searcher with these parameters (`params.memory` is ignored: it sees all).
    pub fn new(params: IsmctsParams) -> CheatingIsmcts {
        CheatingIsmcts {
            search: Search::new(params),
            restriction: Restriction::of(params.forbid),
        }
    }

    /// The parameters.
    pub fn params(&self) -> &IsmctsParams {
        &self.search.params
    }

    /// Called before every game (nothing carries over between games but buffers).
    pub fn reset(&mut self, _seat: Seat, _config: &Config) {
        self.search.reset();
    }

    /// Chooses one of `legal` for `seat`, the player to move in `game`, by searching the true
    /// state.
    pub fn decide_omniscient(
        &mut self,
        game: &Game,
        seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Action {
        debug_assert_eq!(game.to_move(), ToMove::Player(seat));
        let key = (game.round(), game.turn_number());
        let legal = match &mut self.restriction {
            Some(r) => r.reduce(legal, |a| game.restricted_values(a)),
            None => legal,
        };
        match self.search.params.sees {
            Sees::All => {
                let world = *game;
                self.search
                    .decide(seat, game.stage(), key, legal, rng, |_| world)
            }
            sees => {
                let truth = game.omniscient();
                let other_villages = sees == Sees::Known;
                self.search
                    .decide(seat, game.stage(), key, legal, rng, |rng| {
                        truth.unseen_reshuffled(seat, other_villages, rng)
                    })
            }
        }
    }
}

impl Kind for CheatingIsmcts {
    type Params = IsmctsParams;

    fn build(params: &IsmctsParams) -> CheatingIsmcts {
        CheatingIsmcts::new(*params)
    }

    fn validate(params: &IsmctsParams) -> Result<(), SpecError> {
        params.validate()?;
        if params.memory.is_perfect() {
            Ok(())
        } else {
            Err(SpecError::CheatingWithMemory)
        }
    }

    fn reset(&mut self, seat: Seat, config: &Config) {
        CheatingIsmcts::reset(self, seat, config)
    }

    /// It sees every event in the true state it searches.
    fn wants_observations(&self) -> bool {
        false
    }

    fn observe(&mut self, _observation: &Observation) {}

    /// It reads the other seats' cards in the true state; their decisions add nothing.
    fn wants_decisions(&self) -> bool {
        false
    }

    fn decision_seen(&mut self, _: &PlayerView, _: Seat, _: Action) {}

    /// It reads the true state, never a view.
    fn decide_in(
        &mut self,
        game: &Game,
        seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
        _scratch: &mut PlayerView,
    ) -> Choice {
        Choice::Action(self.decide_omniscient(game, seat, legal, rng))
    }

    /// A view is not enough: it needs the true state.
    fn decide_view(&mut self, _: &PlayerView, _: &[Action], _: &mut BotRng) -> Option<Action> {
        None
    }

    /// Its search knows the true sum: it estimates nothing.
    fn sum_estimate(&self) -> Option<f64> {
        None
    }
}
