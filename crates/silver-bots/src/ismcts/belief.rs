//! Belief-weighted determinization ([`BeliefSpec`]): worlds drawn in proportion to how likely
//! the opponents' decisions of the round are in them.
//!
//! # The evidence
//!
//! The searcher keeps, for the current round, its own view just before every decision another
//! seat made with a choice (the game loop shows it: [`crate::Bot::decision_seen`]), the
//! decision, and the cards the decider knew there that the searcher did not. Given a world `W`
//! (a hypothesis about every hidden value), decision `i` (seat `o` chose `a` at moment `t`)
//! has the likelihood
//!
//! ```text
//! p_i(W) = (1 − floor) · softmax(scores / temperature)[a] + floor / n
//! ```
//!
//! where the moment's world is the view then with its unknown values taken from `W`
//! ([`PlayerView::world_before`]: values belong to card ids for the whole round), `n` and the
//! legal list are that world's (an action not legal there makes `p = 0`: this is how a visibly
//! mismatched selection tells that the held card is an Approximator), and `scores` are the
//! greedy player's action scores from seat `o`'s view of it, in points. The evidence is the
//! last [`BeliefSpec::window`] such decisions; its likelihood `L(W)` is the product.
//!
//! # The worlds
//!
//! The target is the uniform distribution over the worlds consistent with the searcher's
//! information set, times `L`. The likelihood is sharp (with greedy opponents the true world
//! is typically more likely than 95% of uniformly sampled ones by a factor of e^20), so
//! reweighting a sample from the information set degenerates to a handful of worlds; instead
//! the bot runs [`BeliefSpec::worlds`] Metropolis–Hastings chains. A chain starts from a world
//! sampled as the plain search samples it, and each step proposes to exchange the values of
//! two cards the searcher cannot place, at least one of them a card some decider knew
//! ([`PlayerView::swap_unknown`]: the proposal is symmetric and keeps the world consistent
//! with the information set), accepted with probability `min(1, L(W') / L(W))`. Only the
//! decisions whose decider knew one of the two cards are re-evaluated, and a decision's
//! likelihood is remembered for the round by the values of the cards its decider knew (it
//! depends on nothing else of the world). Each chain takes
//! [`BeliefSpec::burn_in`] steps when a decision starts; then every iteration of the search
//! takes the next chain in turn, advances it [`BeliefSpec::steps`] steps, deals the values of
//! the cards no decision turns on afresh among those cards (the likelihood does not depend on
//! them, so this is an exact Gibbs move: every iteration sees another deck order, as in the
//! plain search) and searches a copy of its world. Everything reads only the searcher's own views, the public decisions and the
//! sampled worlds: no hidden value enters.
//!
//! With no decision on record (the round's first turn) or none whose decider knew a card the
//! searcher cannot place, worlds are sampled as in the plain search. A B8 shuffle of cards the
//! searcher knew clears the record: the decisions before it were made on values that now sit
//! on other card ids.

use crate::spec::BeliefSpec;
use crate::{BotRng, GreedyBot, GreedyParams};
use rand::Rng;
use silver_rules::{
    Action, ActionList, CardId, CardMask, Game, PlayerView, Seat, Stage, CARDS, MAX_ACTIONS, VALUES,
};
use std::collections::HashMap;

/// Pseudo-worlds drawn from the viewer's own marginal added to the worlds' counts when
/// [`BeliefScore`] estimates the probability of a card's true value.
const SMOOTHING: f64 = 1.0;

/// How much the worlds of one decision knew of the hidden cards (an omniscient diagnostic; the
/// bot never sees it). For each card the viewer cannot place, the probability of its true
/// value is estimated from the worlds the search used (the share giving it that value,
/// smoothed with one pseudo-world drawn from the viewer's marginal), and compared with the
/// viewer's marginal itself (`uniform`: what uniform sampling gives every card). Scores are
/// mean natural logs of those probabilities per card (higher is better; 0 is certainty), over
/// every card the viewer cannot place and over those some opponent knows (where the
/// opponents' decisions say most).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BeliefScore {
    /// Cards the viewer could not place.
    pub cards: u32,
    /// Of those, cards some other seat knew.
    pub known_cards: u32,
    /// Mean log-probability of a card's true value under the viewer's marginal.
    pub uniform: f64,
    /// The same under the search's worlds.
    pub belief: f64,
    /// [`BeliefScore::uniform`] over the cards some other seat knew.
    pub known_uniform: f64,
    /// [`BeliefScore::belief`] over the cards some other seat knew.
    pub known_belief: f64,
    /// Share of the chains' proposals accepted in the decision.
    pub acceptance: f64,
}

/// A decision another seat made, with the searcher's view just before it.
struct Seen {
    view: PlayerView,
    actor: Seat,
    action: Action,
    /// Cards the actor knew there and the searcher did not.
    knew: u64,
    /// The decision's log-likelihood by the values of the `knew` cards (it depends on nothing
    /// else of a world), packed four bits a card in increasing card order; kept for the round.
    memo: HashMap<u64, f64>,
}

/// Most `knew` cards whose values pack into a memo key.
const MEMO_CARDS: u32 = 16;

/// The chains and the record they are drawn by (one per searching bot).
pub(super) struct Belief {
    spec: BeliefSpec,
    /// The round's decisions of other seats, oldest first.
    seen: Vec<Seen>,
    /// The round the record is for, and the searcher's floating cards (B8) at its last entry.
    round: u16,
    floating: u64,
    /// The opponent model.
    model: GreedyBot,
    /// This decision's window (`seen[first..]`) and its state.
    first: usize,
    state: State,
    /// The cards a proposal exchanges: `keys` (some decider knew them) with any of `free`;
    /// `rest` are the free cards that are not keys (no decision turns on them).
    keys: Vec<CardId>,
    free: Vec<CardId>,
    rest: Vec<CardId>,
    /// The chains' worlds, their per-decision log-likelihoods (`window` per chain, `0` for a
    /// decision whose moment is not a world) and totals.
    chains: Vec<Game>,
    terms: Vec<f64>,
    totals: Vec<f64>,
    /// The chain the next iteration advances.
    next: usize,
    /// Proposals made and accepted this decision.
    proposed: u64,
    accepted: u64,
    /// How often each card had each value in the worlds handed to the search.
    counts: Box<[[u32; VALUES]; CARDS]>,
    handed: u32,
    /// Scratch: a replayed moment's legal actions and their scores; a proposal's new terms.
    legal: Box<ActionList>,
    scores: Box<[f64; MAX_ACTIONS]>,
    fresh: Vec<(usize, f64)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// The chains are built on the decision's first world.
    Pending,
    /// No usable evidence: plain sampling.
    Off,
    /// Worlds come from the chains.
    On,
}

impl Belief {
    pub(super) fn new(spec: BeliefSpec) -> Belief {
        Belief {
            spec,
            seen: Vec::new(),
            round: 0,
            floating: 0,
            model: GreedyBot::new(GreedyParams::default()),
            first: 0,
            state: State::Off,
            keys: Vec::with_capacity(CARDS),
            free: Vec::with_capacity(CARDS),
            rest: Vec::with_capacity(CARDS),
            chains: Vec::with_capacity(spec.worlds as usize),
            terms: Vec::new(),
            totals: Vec::with_capacity(spec.worlds as usize),
            next: 0,
            proposed: 0,
            accepted: 0,
            counts: Box::new([[0; VALUES]; CARDS]),
            handed: 0,
            legal: Box::new(ActionList::new()),
            scores: Box::new([0.0; MAX_ACTIONS]),
            fresh: Vec::new(),
        }
    }

    /// Forgets the game.
    pub(super) fn reset(&mut self) {
        self.seen.clear();
        self.round = 0;
        self.floating = 0;
        self.state = State::Off;
    }

    /// Starts a new record when `view` is of a new round or a shuffle moved values the viewer
    /// knew (its floating cards grew); the entries before are then unusable.
    fn sync(&mut self, view: &PlayerView) {
        let floating = view.floating().0 .0;
        if view.round() != self.round || floating & !self.floating != 0 {
            self.seen.clear();
            self.round = view.round();
        }
        self.floating = floating;
    }

    /// Records another seat's decision, seen from `view` just before it.
    pub(super) fn note(&mut self, view: &PlayerView, actor: Seat, action: Action) {
        self.sync(view);
        // R-PEEK0: every unknown own card is alike to the model; such a choice says nothing.
        if matches!(view.stage(), Stage::OpeningPeek { .. }) {
            return;
        }
        self.seen.push(Seen {
            view: *view,
            actor,
            action,
            knew: view.known_only_by(actor).0,
            memo: HashMap::new(),
        });
    }

    /// Called at the start of each decision from `view`: the chains are built on the first
    /// world asked for.
    pub(super) fn start(&mut self, view: &PlayerView) {
        self.sync(view);
        self.state = State::Pending;
        self.proposed = 0;
        self.accepted = 0;
        self.handed = 0;
        self.counts.iter_mut().for_each(|c| *c = [0; VALUES]);
    }

    /// This iteration's world (`sample` draws one as the plain search would).
    pub(super) fn world<S: FnMut(&mut BotRng) -> Game>(
        &mut self,
        view: &PlayerView,
        rng: &mut BotRng,
        mut sample: S,
    ) -> Game {
        if self.state == State::Pending {
            self.state = if self.build(view, rng, &mut sample) {
                State::On
            } else {
                State::Off
            };
        }
        if self.state == State::Off {
            return sample(rng);
        }
        let j = self.next;
        self.next = (self.next + 1) % self.chains.len();
        for _ in 0..self.spec.steps {
            self.step(view, j, rng);
        }
        self.shuffle_rest(view, j, rng);
        let w = self.chains[j];
        for c in 0..CARDS {
            self.counts[c][w.omniscient().value(c as CardId) as usize] += 1;
        }
        self.handed += 1;
        w
    }

    /// Starts the chains; false if no decision on record turns on a card the viewer cannot
    /// place.
    fn build<S: FnMut(&mut BotRng) -> Game>(
        &mut self,
        view: &PlayerView,
        rng: &mut BotRng,
        sample: &mut S,
    ) -> bool {
        self.first = self.seen.len().saturating_sub(self.spec.window as usize);
        let knew = self.seen[self.first..].iter().fold(0u64, |m, s| m | s.knew);
        let free = view.exchangeable();
        self.free.clear();
        self.free.extend(free.iter());
        self.keys.clear();
        self.keys.extend(CardMask(free.0 & knew).iter());
        self.rest.clear();
        self.rest.extend(CardMask(free.0 & !knew).iter());
        if self.keys.is_empty() || self.free.len() < 2 {
            return false;
        }
        let window = self.seen.len() - self.first;
        let n = self.spec.worlds as usize;
        self.chains.clear();
        self.totals.clear();
        self.terms.clear();
        self.terms.resize(n * window, 0.0);
        self.next = 0;
        for j in 0..n {
            let w = sample(rng);
            let mut total = 0.0;
            for i in 0..window {
                let t = self.log_likelihood(self.first + i, &w);
                self.terms[j * window + i] = t;
                total += t;
            }
            self.chains.push(w);
            self.totals.push(total);
        }
        for j in 0..n {
            for _ in 0..self.spec.burn_in {
                self.step(view, j, rng);
            }
        }
        true
    }

    /// Deals the values of the cards no decision turns on afresh among them (uniformly, as the
    /// plain search would: the likelihood does not depend on them), so that every iteration
    /// searches another deck order and other unknown cards.
    fn shuffle_rest(&mut self, view: &PlayerView, j: usize, rng: &mut BotRng) {
        let w = &mut self.chains[j];
        for i in (1..self.rest.len()).rev() {
            let k = rng.random_range(0..=i);
            view.swap_unknown(w, self.rest[i], self.rest[k]);
        }
    }

    /// One Metropolis–Hastings step of chain `j`.
    fn step(&mut self, view: &PlayerView, j: usize, rng: &mut BotRng) {
        let a = self.keys[rng.random_range(0..self.keys.len())];
        let b = loop {
            let b = self.free[rng.random_range(0..self.free.len())];
            if b != a {
                break b;
            }
        };
        self.proposed += 1;
        let o = self.chains[j].omniscient();
        if o.value(a) == o.value(b) {
            // The same world.
            self.accepted += 1;
            return;
        }
        let mut w = self.chains[j];
        if !view.swap_unknown(&mut w, a, b) {
            return;
        }
        let window = self.seen.len() - self.first;
        let touched = (1u64 << a) | (1u64 << b);
        self.fresh.clear();
        let mut delta = 0.0;
        for i in 0..window {
            if self.seen[self.first + i].knew & touched != 0 {
                let t = self.log_likelihood(self.first + i, &w);
                delta += t - self.terms[j * window + i];
                self.fresh.push((i, t));
            }
        }
        let total = self.totals[j] + delta;
        let accept = if self.totals[j] == f64::NEG_INFINITY {
            total > f64::NEG_INFINITY
        } else {
            delta >= 0.0 || rng.random::<f64>() < delta.exp()
        };
        if accept {
            self.accepted += 1;
            self.chains[j] = w;
            for &(i, t) in &self.fresh {
                self.terms[j * window + i] = t;
            }
            // Re-added from the terms, so that an impossible term once left leaves no NaN.
            self.totals[j] = self.terms[j * window..(j + 1) * window].iter().sum();
        }
    }

    /// Log-likelihood of recorded decision `i` if `world` is the truth (0 when its moment is
    /// not a world: a shuffle came in between).
    fn log_likelihood(&mut self, i: usize, world: &Game) -> f64 {
        let knew = self.seen[i].knew;
        if knew.count_ones() > MEMO_CARDS {
            return self.evaluate(i, world);
        }
        let o = world.omniscient();
        let key = CardMask(knew)
            .iter()
            .fold(0u64, |k, c| k << 4 | u64::from(o.value(c)));
        if let Some(&l) = self.seen[i].memo.get(&key) {
            return l;
        }
        let l = self.evaluate(i, world);
        self.seen[i].memo.insert(key, l);
        l
    }

    /// [`Belief::log_likelihood`], computed.
    fn evaluate(&mut self, i: usize, world: &Game) -> f64 {
        let seen = &self.seen[i];
        let Some(then) = seen.view.world_before(world) else {
            return 0.0;
        };
        then.legal_actions(&mut self.legal);
        let n = self.legal.len();
        let Some(k) = self.legal.iter().position(|&a| a == seen.action) else {
            return f64::NEG_INFINITY;
        };
        if n == 1 {
            return 0.0;
        }
        self.model.start_rollout(then.config());
        self.model.forget_plan();
        let scores = &mut self.scores[..n];
        self.model
            .scores(then.view_ref(seen.actor), &self.legal, scores);
        let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let tau = self.spec.temperature;
        let z: f64 = scores.iter().map(|&s| ((s - top) / tau).exp()).sum();
        let floor = self.spec.floor;
        ((1.0 - floor) * ((scores[k] - top) / tau).exp() / z + floor / n as f64).ln()
    }

    /// See [`BeliefScore`]: `view` is the view the last decision was made from, `truth` the
    /// true game then. `None` if the decision used no chains.
    pub(super) fn score(&self, view: &PlayerView, truth: &Game) -> Option<BeliefScore> {
        if self.state != State::On || self.handed == 0 {
            return None;
        }
        let marginal = view.unknown_counts();
        let unknown: u32 = marginal.iter().map(|&n| u32::from(n)).sum();
        let mut others = CardMask::EMPTY;
        for s in 0..view.players() {
            if s != view.viewer() {
                others.0 |= view.known_only_by(s).0;
            }
        }
        let m = f64::from(self.handed);
        let o = truth.omniscient();
        let mut sums = [[0.0; 2]; 2];
        let mut cards = [0u32; 2];
        for c in 0..CARDS as CardId {
            if view.value_of(c).is_some() {
                continue;
            }
            let v = o.value(c) as usize;
            let prior = f64::from(marginal[v]) / f64::from(unknown.max(1));
            let hits = f64::from(self.counts[c as usize][v]);
            let belief = ((hits + SMOOTHING * prior) / (m + SMOOTHING)).ln();
            for k in 0..=usize::from(others.contains(c)) {
                sums[k][0] += prior.ln();
                sums[k][1] += belief;
                cards[k] += 1;
            }
        }
        let mean = |k: usize, x: usize| sums[k][x] / f64::from(cards[k].max(1));
        (cards[0] > 0).then(|| BeliefScore {
            cards: cards[0],
            known_cards: cards[1],
            uniform: mean(0, 0),
            belief: mean(0, 1),
            known_uniform: mean(1, 0),
            known_belief: mean(1, 1),
            acceptance: self.accepted as f64 / self.proposed.max(1) as f64,
        })
    }
}
