//! Information-set Monte Carlo tree search (ISMCTS; Cowling, Powley & Whitehouse 2012), and the
//! cheating baseline that runs the same search on the true state.
//!
//! # The search
//!
//! One decision runs [`IsmctsParams::iterations`] iterations (optionally cut short by
//! [`IsmctsParams::time_limit_ms`], off by default because it breaks reproducibility). Each
//! iteration:
//!
//! 1. **Determinizes**: samples a fresh world from the bot's information set
//!    ([`PlayerView::sample_world_skewed`] on the view its [`Memory`] still recalls, so a
//!    forgetful bot samples the cards it forgot too). With [`IsmctsParams::kept_low`] > 0 the
//!    sample is skewed, consistently with the bot's knowledge, towards low values for the cards
//!    opponents have seen and kept (uniform sampling makes them look average, which over-values
//!    census calls). With [`IsmctsParams::belief`] on, worlds come instead from Markov chains
//!    that weigh them by how likely the opponents' decisions of the round are in them (the
//!    `belief` module). [`CheatingIsmcts`] copies the true [`Game`] instead.
//! 2. **Selects** down the tree. What the tree holds is [`IsmctsParams::tree`]:
//!    * [`TreeScope::Turn`] (the default): the searcher's own decisions of its current turn
//!      (the draw, the exchange and its slots, the ability's targets, free actions). The first
//!      decision of another player, or of a later turn, ends the descent: the rest belongs to
//!      the rollout, where every player decides from *its own view of the sampled world*, as
//!      it would at the table. The opponents are modelled by the rollout policy, knowing their
//!      own cards.
//!    * [`TreeScope::Round`]: every player's decisions up to the end of the round
//!      (single-observer ISMCTS). An opponent's node is shared by all worlds, so the tree
//!      chooses the opponent's moves blind to the opponent's own cards (strategy fusion);
//!      measured against greedy this is much weaker (see `benches/results/`).
//!
//!    With [`IsmctsParams::observations`], an action of the searcher that reveals something
//!    to it (a drawn card, a looked-at value) leads to one *observation node* per thing seen
//!    (keyed by the values it came to know), and its next decisions hang under that node: the
//!    tree is keyed by what the searcher's own seat sees, as information-set search
//!    prescribes, instead of pooling the results for different cards in one node. Selection
//!    at the action still reads the action's statistics over all observations.
//!
//!    At each node the world's legal actions are computed; every child whose action is legal
//!    in this world has its *availability* count incremented (legal sets differ between
//!    worlds). The next action is chosen by [`IsmctsParams::prior`]:
//!    * [`PriorKind::Greedy`] (the default): PUCT with the greedy player's choice at the node
//!      as the prior. Every legal action scores `Q + c · P · sqrt(N + 1) / (1 + n)`: `P` is
//!      [`IsmctsParams::prior_share`] for the action the greedy bot would play there (computed
//!      once per node, in the world of its first visit) and the rest shared equally by the
//!      others, `Q` the action's mean reward for the acting seat (an untried action: the mean
//!      of its tried siblings, 0.5 before any), `n` its visits, `N` the node's, `c` =
//!      [`IsmctsParams::exploration`]. With a tiny budget the search plays greedy's move; more
//!      iterations let the statistics overrule it. An untried action chosen this way is
//!      **expanded**.
//!    * [`PriorKind::None`]: UCB1 with availability. If some legal action has no child yet, one
//!      of those untried actions is chosen uniformly and expanded; otherwise the child
//!      maximising `mean + c · sqrt(ln(avail) / visits)` is followed.
//!
//!    `mean` and `Q` are always the average reward *of the seat that chose that action* (each
//!    node stores its acting seat).
//! 3. **Rolls out** with [`IsmctsParams::rollout`]: the greedy heuristic deciding from each
//!    player's view of the rollout world (the default), or uniformly random play (ending the
//!    turn as soon as the main action is done; its draws come from a PCG-64 generator seeded
//!    from the bot's stream at the start of each rollout, a few instructions a draw).
//! 4. **Backpropagates** the per-seat rewards: every node on the path gets one visit and the
//!    reward of its acting seat.
//!
//! The final move is the most visited child of the root (ties go to the first action in the
//! order of the legal list). A decision with a single legal action is returned without search,
//! and with [`IsmctsParams::shortcuts`] (the default) two more are: the opening peeks (every
//! unknown own card is alike: the leftmost is looked at), and the later steps of a
//! multi-exchange the search chose (its most visited line of selections and the confirmation is
//! kept as a plan for the rest of the turn).
//!
//! # Horizon and reward
//!
//! The search horizon is the **end of the current round**: an iteration stops when the round is
//! scored (the game then waits for a deal, or is over). Rounds are dealt independently and a
//! game's result is the sum of its round scores, so the round score is the quantity a decision
//! influences directly; searching through the next deal would only add chance noise. A rollout
//! is cut after [`IsmctsParams::rollout_laps`] laps (every player one turn; default 1) or
//! [`IsmctsParams::rollout_turns`] turns, whichever comes first (0 = no such limit), and the
//! round is then scored *as it stands* in the sampled world: true village sums, and the census
//! rule for a caller (0 if lowest or tied, else sum + 10). A short horizon is less noisy than
//! playing to the round's end and several times cheaper; measured against greedy it is also
//! stronger (the dated files in `benches/results/` have the figures).
//!
//! The round scores become rewards in [0, 1] per seat, by [`IsmctsParams::reward`]:
//!
//! * [`RewardKind::Margin`] (the default): `0.5 + (mean of the others' round scores − own) / 100`,
//!   clamped. The game is won by the lowest total, so what matters is the own score *relative
//!   to the table*: a point shed by us and a point added to the opponents are worth the same,
//!   which lets the search value the Robber, the Witch's gift and census calls correctly.
//!   Round scores differ by well under 50 in practice, so the clamp rarely bites and the reward
//!   stays linear in the margin.
//! * [`RewardKind::Own`]: `1 − own / 60`, clamped: the own round score alone (60 is about the
//!   worst plausible round: a high village plus the failed-census penalty).
//!
//! In the tree, opponents' nodes (with [`TreeScope::Round`]) accumulate *their* reward, so the
//! search models them as trying to do well for themselves.
//!
//! The search before these changes (every player in the tree, UCB1 without a prior, greedy
//! rollouts to the round's end, no shortcuts) is `tree = "round", prior = "none", shortcuts =
//! false, rollout_laps = 0`: the `ismcts-classic` profile.
//!
//! # Determinism and allocation
//!
//! Everything is driven by the caller's [`BotRng`]: the same seed gives the same decisions
//! (there is no hash map anywhere; children are visited in a fixed order). Nodes live in an
//! arena (`Vec`) reused across decisions and games, with children as first-child /
//! next-sibling `u32` indices. One iteration adds at most one node, so the arena reserves
//! `iterations + 1` nodes (at most 2^20 up front; bigger trees grow it) and keeps that
//! capacity. The legal-action buffer is a fixed-capacity [`ActionList`] and worlds are `Copy`,
//! so after the first decision a search allocates nothing (with random rollouts; the greedy
//! rollout policy's own allocations are its business). Belief-weighted worlds are the
//! exception: the round's record of decisions seen, and each decision's remembered
//! likelihoods, grow as the round goes.

mod belief;
mod bots;
#[cfg(test)]
mod tests;

pub use belief::BeliefScore;
pub use bots::{CheatingIsmcts, IsmctsBot};

use crate::restrict::retain_allowed;
use crate::spec::{GreedyParams, IsmctsParams, PriorKind, RewardKind, RolloutPolicy, TreeScope};
use crate::{Bot, BotRng, GreedyBot};
use rand::{Rng, RngCore, SeedableRng};
use silver_rules::{
    Action, ActionList, CardMask, Game, PlayerView, Seat, Stage, ToMove, ValueSet, MAX_ACTIONS,
    MAX_PLAYERS,
};
use std::time::{Duration, Instant};

/// "No node".
/// The longest rollout, in turns, before it is cut and scored as the round stands (rounds of
/// greedy self-play last about 15–35 turns; see `rollout`).
pub const ROLLOUT_MAX_TURNS: u16 = 100;

const NIL: u32 = u32::MAX;

/// How often (in iterations) the clock is read when a time limit is set.
const CLOCK_EVERY: u32 = 64;

/// Size of the table of logarithms used by UCB1.
const LN_TABLE: usize = 4096;

/// Most nodes reserved up front for one decision (32 bytes each); bigger trees grow the arena.
const RESERVE_CAP: usize = 1 << 20;

/// One node of the search tree: reached from its parent by `action`, chosen by `actor`.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Sum of the rewards of `actor` over the iterations through this node.
    reward: f64,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    /// Iterations through this node.
    visits: u32,
    /// Iterations in which this node's action was legal at its parent (availability).
    avail: u32,
    /// The action leading here from the parent.
    action: Action,
    /// The seat that chose `action` (the player to move at the parent).
    actor: Seat,
    /// With the greedy prior: the greedy player's choice at this node, computed in the world
    /// of the node's first visit (`hinted` once set).
    hint: Action,
    hinted: bool,
    /// With [`IsmctsParams::observations`]: an observation node's key (what the searcher saw
    /// its action reveal: the values of the cards it came to know, packed), 0 for a decision's
    /// node. The children of an action that reveals something are observation nodes, one per
    /// observation; the searcher's next decisions hang under them.
    obs: u32,
}

const _: () = assert!(std::mem::size_of::<Node>() <= 48);

/// Most steps of a planned multi-exchange (the slots, then the confirmation).
const PLAN_LEN: usize = 16;

impl Node {
    fn root(me: Seat) -> Node {
        Node {
            reward: 0.0,
            parent: NIL,
            first_child: NIL,
            next_sibling: NIL,
            visits: 0,
            avail: 0,
            action: Action::EndTurn,
            actor: me,
            hint: Action::EndTurn,
            hinted: false,
            obs: 0,
        }
    }
}

/// An observation's key: the values of the cards in `new` (those the searcher came to know),
/// four bits a card in increasing card order, plus one so that no observation is 0; the
/// first seven cards (no action of a turn reveals more).
fn observation_key(world: &Game, new: silver_rules::CardMask) -> u32 {
    let o = world.omniscient();
    new.iter()
        .take(7)
        .fold(0u32, |k, c| k << 4 | u32::from(o.value(c)))
        + 1
}

/// True when the search must stop: the round `round` has been scored (or another began).
#[inline]
fn at_horizon(world: &Game, round: u16) -> bool {
    !matches!(world.to_move(), ToMove::Player(_)) || world.round() != round
}

/// The round scored as it stands: village sums, plus the census rule for the caller.
fn scores_as_they_stand(world: &Game) -> [i32; MAX_PLAYERS] {
    let n = world.players() as usize;
    let mut sums = [0i32; MAX_PLAYERS];
    let o = world.omniscient();
    for (s, sum) in sums.iter_mut().enumerate().take(n) {
        *sum = o.scoring_sum(s as Seat);
    }
    let mut scores = sums;
    if let Some(c) = world.census_caller() {
        let c = c as usize;
        let lowest = sums[..n].iter().all(|&s| sums[c] <= s);
        scores[c] = if lowest { 0 } else { sums[c] + 10 };
    }
    scores
}

/// Per-seat rewards in [0, 1] from round scores (see the module docs).
fn rewards(kind: RewardKind, scores: &[i32; MAX_PLAYERS], players: usize) -> [f64; MAX_PLAYERS] {
    let mut r = [0.0; MAX_PLAYERS];
    let total: i32 = scores[..players].iter().sum();
    for s in 0..players {
        let own = scores[s] as f64;
        r[s] = match kind {
            RewardKind::Margin => {
                let others = (total - scores[s]) as f64 / (players - 1) as f64;
                0.5 + (others - own) / 100.0
            }
            RewardKind::Own => 1.0 - own / 60.0,
        }
        .clamp(0.0, 1.0);
    }
    r
}

/// The search machinery shared by the honest and the cheating bot.
struct Search {
    params: IsmctsParams,
    /// The tree arena; node 0 is the root.
    nodes: Vec<Node>,
    /// Legal actions of the current world (reused; boxed, like `compatible`, to keep the bot
    /// small to move).
    buf: Box<ActionList>,
    /// Children of the current node whose action is legal in the current world.
    compatible: Box<[u32; MAX_ACTIONS]>,
    /// Per legal action of the current node (`buf`'s order): its child, or `NIL`.
    child_at: Box<[u32; MAX_ACTIONS]>,
    /// The greedy player that gives the prior's hints.
    hinter: GreedyBot,
    /// The rest of the multi-exchange the last search planned, and the (round, turn) it is for.
    plan: [Action; PLAN_LEN],
    plan_len: usize,
    plan_pos: usize,
    plan_key: (u16, u16),
    /// `ln(i)` for small `i` (UCB1 reads it for every available child).
    ln_table: Vec<f64>,
    /// The greedy rollout policy.
    greedy: GreedyBot,
    /// Sum of the searcher's true village sum over this decision's worlds.
    sum_total: f64,
    /// Worlds sampled in this decision.
    worlds: u32,
    /// The rollout's scratch view (greedy rollouts).
    view: Option<Box<PlayerView>>,
}

impl Search {
    fn new(params: IsmctsParams) -> Search {
        Search {
            params,
            nodes: Vec::new(),
            buf: Box::new(ActionList::new()),
            compatible: Box::new([NIL; MAX_ACTIONS]),
            child_at: Box::new([NIL; MAX_ACTIONS]),
            hinter: GreedyBot::new(GreedyParams::default()),
            plan: [Action::EndTurn; PLAN_LEN],
            plan_len: 0,
            plan_pos: 0,
            plan_key: (0, 0),
            ln_table: (0..LN_TABLE).map(|i| (i as f64).ln()).collect(),
            greedy: GreedyBot::new(GreedyParams::default()),
            sum_total: 0.0,
            worlds: 0,
            view: None,
        }
    }

    /// `ln(x)`, from the table when `x` is small.
    #[inline]
    fn ln(&self, x: u32) -> f64 {
        match self.ln_table.get(x as usize) {
            Some(&l) => l,
            None => (x as f64).ln(),
        }
    }

    /// Forgets everything of the last game: the estimate and any planned multi-exchange (a
    /// plan is keyed by round and turn, which repeat from game to game).
    fn reset(&mut self) {
        self.sum_total = 0.0;
        self.worlds = 0;
        self.plan_len = 0;
        self.plan_pos = 0;
    }

    /// Mean own village sum over the last decision's worlds.
    fn estimate(&self) -> Option<f64> {
        (self.worlds > 0).then(|| self.sum_total / self.worlds as f64)
    }

    /// Runs one decision for `me`; `world_of` gives each iteration's world.
    fn run<F: FnMut(&mut BotRng) -> Game>(
        &mut self,
        me: Seat,
        legal: &[Action],
        rng: &mut BotRng,
        mut world_of: F,
    ) -> Action {
        assert!(!legal.is_empty(), "decide called without legal actions");
        self.sum_total = 0.0;
        self.worlds = 0;
        if legal.len() == 1 {
            return legal[0];
        }
        self.nodes.clear();
        // One iteration adds at most one node. Reserve the whole budget up front (capped: a
        // huge budget cut short by a time limit should not reserve gigabytes); the capacity is
        // kept for later decisions.
        self.nodes
            .reserve((self.params.iterations as usize + 1).min(RESERVE_CAP));
        self.nodes.push(Node::root(me));
        let mut hinter_ready = false;
        let clock = self
            .params
            .time_limit_ms
            .map(|ms| (Instant::now(), Duration::from_millis(ms)));
        for i in 0..self.params.iterations {
            if let Some((start, limit)) = clock {
                if i > 0 && i % CLOCK_EVERY == 0 && start.elapsed() >= limit {
                    break;
                }
            }
            let world = world_of(rng);
            debug_assert_eq!(world.to_move(), ToMove::Player(me));
            if !hinter_ready {
                // The hints are greedy decisions on this decision's card set.
                self.hinter.start_rollout(world.config());
                hinter_ready = true;
            }
            self.sum_total += world.omniscient().village_sum(me) as f64;
            self.worlds += 1;
            self.iterate(world, rng);
        }
        self.most_visited(legal)
    }

    /// The most visited root child, ties to the first in `legal`'s order.
    fn most_visited(&self, legal: &[Action]) -> Action {
        let mut best = legal[0];
        let mut best_visits = 0u32;
        for &a in legal {
            let mut ch = self.nodes[0].first_child;
            while ch != NIL {
                let node = &self.nodes[ch as usize];
                if node.action == a {
                    if node.visits > best_visits {
                        best_visits = node.visits;
                        best = a;
                    }
                    break;
                }
                ch = node.next_sibling;
            }
        }
        best
    }

    /// One iteration on `world`: select, expand, roll out, backpropagate.
    fn iterate(&mut self, mut world: Game, rng: &mut BotRng) {
        let round = world.round();
        let (me, turn) = (self.nodes[0].actor, world.turn_number());
        let mut node = 0u32;
        while !at_horizon(&world, round) {
            let actor = match world.to_move() {
                ToMove::Player(p) => p,
                _ => unreachable!("checked by at_horizon"),
            };
            if self.params.tree == TreeScope::Turn && (actor != me || world.turn_number() != turn) {
                // The rest is the rollout's: other players, later turns.
                break;
            }
            world.legal_actions(&mut self.buf);
            let forbid = self.params.forbid.0;
            if actor == me && !forbid.is_empty() {
                retain_allowed(forbid, &mut self.buf, |a| world.restricted_values(a));
            }
            let n = self.buf.len();
            self.child_at[..n].fill(NIL);
            // Mark the legal actions that have a child; those children are available now.
            let mut found = 0usize;
            let mut ch = self.nodes[node as usize].first_child;
            while ch != NIL {
                let child = &mut self.nodes[ch as usize];
                if let Some(j) = self.buf.iter().position(|&a| a == child.action) {
                    self.child_at[j] = ch;
                    self.compatible[found] = ch;
                    found += 1;
                    child.avail += 1;
                }
                ch = child.next_sibling;
            }
            let step = match self.params.prior {
                PriorKind::None => self.select_ucb(found, n, rng),
                PriorKind::Greedy => self.select_puct(node, &world, actor, n, rng),
            };
            // What the searcher knows before its action, if its observations branch the tree.
            let knew =
                (self.params.observations && actor == me).then(|| world.omniscient().known_by(me));
            match step {
                Step::Follow(child) => {
                    world.apply_unchecked(self.nodes[child as usize].action, &mut ());
                    node = child;
                    if let Some(knew) = knew {
                        let new = CardMask(world.omniscient().known_by(me).0 & !knew.0);
                        if !new.is_empty() {
                            let key = observation_key(&world, new);
                            match self.find_child(node, |c| c.obs == key) {
                                Some(o) => node = o,
                                None => {
                                    node = self.push_node(node, Action::EndTurn, actor, key);
                                    break;
                                }
                            }
                        }
                    }
                }
                Step::Expand(j) => {
                    let action = self.buf[j];
                    let idx = self.push_node(node, action, actor, 0);
                    self.nodes[idx as usize].avail = 1;
                    world.apply_unchecked(action, &mut ());
                    node = idx;
                    break;
                }
            }
        }
        let scores = self.rollout(&mut world, round, rng);
        let r = rewards(self.params.reward, &scores, world.players() as usize);
        let mut n = node;
        loop {
            let nd = &mut self.nodes[n as usize];
            nd.visits += 1;
            if nd.parent == NIL {
                break;
            }
            nd.reward += r[nd.actor as usize];
            n = nd.parent;
        }
    }

    /// Adds a child of `parent` (first in its list) and returns it.
    fn push_node(&mut self, parent: u32, action: Action, actor: Seat, obs: u32) -> u32 {
        let idx = self.nodes.len() as u32;
        let next = self.nodes[parent as usize].first_child;
        self.nodes[parent as usize].first_child = idx;
        self.nodes.push(Node {
            reward: 0.0,
            parent,
            first_child: NIL,
            next_sibling: next,
            visits: 0,
            avail: 0,
            action,
            actor,
            hint: Action::EndTurn,
            hinted: false,
            obs,
        });
        idx
    }

    /// The first child of `node` that `is` picks.
    fn find_child(&self, node: u32, is: impl Fn(&Node) -> bool) -> Option<u32> {
        let mut ch = self.nodes[node as usize].first_child;
        while ch != NIL {
            if is(&self.nodes[ch as usize]) {
                return Some(ch);
            }
            ch = self.nodes[ch as usize].next_sibling;
        }
        None
    }

    /// UCB1 with availability (no prior): an untried action, chosen uniformly, if there is
    /// one; else the available child maximising `mean + c · sqrt(ln(avail) / visits)` (ties
    /// to the first in sibling order).
    fn select_ucb(&self, found: usize, n: usize, rng: &mut BotRng) -> Step {
        if found < n {
            let mut k = rng.random_range(0..n - found);
            let mut j = 0;
            loop {
                if self.child_at[j] == NIL {
                    if k == 0 {
                        return Step::Expand(j);
                    }
                    k -= 1;
                }
                j += 1;
            }
        }
        let c = self.params.exploration;
        let mut best = NIL;
        let mut best_score = f64::NEG_INFINITY;
        for &ch in &self.compatible[..found] {
            let child = &self.nodes[ch as usize];
            let visits = child.visits as f64;
            let score = child.reward / visits + c * (self.ln(child.avail) / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = ch;
            }
        }
        Step::Follow(best)
    }

    /// PUCT with the greedy prior: every legal action `a` scores
    /// `Q(a) + c · P(a) · sqrt(N + 1) / (1 + n(a))`, where `P` mixes the greedy player's choice
    /// at this node (weight [`IsmctsParams::prior_share`]) with the uniform distribution over
    /// the legal actions (the rest of the weight), `Q` is the
    /// action's mean reward for the acting seat (an untried action: the mean of its tried
    /// siblings, 0.5 if none), `n` its visits and `N` the node's. Ties go to the first legal
    /// action.
    fn select_puct(
        &mut self,
        node: u32,
        world: &Game,
        actor: Seat,
        n: usize,
        rng: &mut BotRng,
    ) -> Step {
        if !self.nodes[node as usize].hinted {
            let hint = self.hinter.decide(&world.view(actor), &self.buf[..n], rng);
            let nd = &mut self.nodes[node as usize];
            nd.hint = hint;
            nd.hinted = true;
        }
        let nd = &self.nodes[node as usize];
        let (hint, sqrt_n) = (nd.hint, (nd.visits as f64 + 1.0).sqrt());
        // The prior: `share` on greedy's move plus the rest spread uniformly over all moves,
        // so greedy's move always has the largest prior.
        let share = self.params.prior_share;
        let other = (1.0 - share) / n as f64;
        let hinted = share + other;
        let (mut q_sum, mut q_n) = (0.0, 0u32);
        for &ch in &self.child_at[..n] {
            if ch != NIL {
                let child = &self.nodes[ch as usize];
                q_sum += child.reward / child.visits as f64;
                q_n += 1;
            }
        }
        let fpu = if q_n > 0 { q_sum / q_n as f64 } else { 0.5 };
        let c = self.params.exploration;
        let mut best = 0usize;
        let mut best_score = f64::NEG_INFINITY;
        for j in 0..n {
            let p = if self.buf[j] == hint { hinted } else { other };
            let ch = self.child_at[j];
            let (q, visits) = if ch == NIL {
                (fpu, 0.0)
            } else {
                let child = &self.nodes[ch as usize];
                (child.reward / child.visits as f64, child.visits as f64)
            };
            let score = q + c * p * sqrt_n / (1.0 + visits);
            if score > best_score {
                best_score = score;
                best = j;
            }
        }
        match self.child_at[best] {
            NIL => Step::Expand(best),
            ch => Step::Follow(ch),
        }
    }

    /// The searcher's planned line after choosing `first` at the root: the most visited
    /// continuation through its own multi-exchange steps (selections, then the confirmation).
    fn plan_exchange(&mut self, me: Seat, first: Action, key: (u16, u16)) {
        self.plan_len = 0;
        self.plan_pos = 0;
        self.plan_key = key;
        let mut node = self.child_of(0, first);
        while let Some(at) = node {
            let mut best: Option<u32> = None;
            let mut ch = self.nodes[at as usize].first_child;
            while ch != NIL {
                let c = &self.nodes[ch as usize];
                let step = matches!(c.action, Action::Select { .. } | Action::ConfirmExchange);
                if c.actor == me
                    && step
                    && best.is_none_or(|b| c.visits > self.nodes[b as usize].visits)
                {
                    best = Some(ch);
                }
                ch = c.next_sibling;
            }
            let Some(b) = best else { break };
            if self.plan_len == PLAN_LEN {
                break;
            }
            let action = self.nodes[b as usize].action;
            self.plan[self.plan_len] = action;
            self.plan_len += 1;
            if action == Action::ConfirmExchange {
                break;
            }
            node = Some(b);
        }
    }

    /// The child of `node` reached by `action`.
    fn child_of(&self, node: u32, action: Action) -> Option<u32> {
        self.find_child(node, |c| c.action == action)
    }

    /// The next planned step of the multi-exchange being selected, if it is for this turn and
    /// still legal.
    fn planned(&mut self, key: (u16, u16), legal: &[Action]) -> Option<Action> {
        if self.plan_key != key || self.plan_pos >= self.plan_len {
            return None;
        }
        let a = self.plan[self.plan_pos];
        if !legal.contains(&a) {
            self.plan_len = 0;
            return None;
        }
        self.plan_pos += 1;
        Some(a)
    }

    /// One decision with the shortcuts ([`IsmctsParams::shortcuts`]): the answer without a
    /// search where it is known, else [`Search::run`].
    fn decide<F: FnMut(&mut BotRng) -> Game>(
        &mut self,
        me: Seat,
        stage: Stage,
        key: (u16, u16),
        legal: &[Action],
        rng: &mut BotRng,
        world_of: F,
    ) -> Action {
        if self.params.shortcuts && legal.len() > 1 {
            match stage {
                Stage::OpeningPeek { .. } => {
                    // R-PEEK0: every unknown own card is alike; look at the leftmost.
                    self.sum_total = 0.0;
                    self.worlds = 0;
                    return legal[0];
                }
                Stage::Selecting { .. } => {
                    if let Some(a) = self.planned(key, legal) {
                        return a;
                    }
                }
                _ => {}
            }
        }
        let action = self.run(me, legal, rng, world_of);
        if self.params.shortcuts && matches!(action, Action::Select { .. }) && legal.len() > 1 {
            self.plan_exchange(me, action, key);
        }
        action
    }

    /// Plays `world` to the horizon (or the turn limit) and returns the round's scores.
    fn rollout(&mut self, world: &mut Game, round: u16, rng: &mut BotRng) -> [i32; MAX_PLAYERS] {
        let start_turn = world.turn_number();
        // A rollout never plays more than ROLLOUT_MAX_TURNS turns: some lines of play never
        // end a round (e.g. two face-up B3 cards recycle every discard), and playing them to
        // the engine's turn cap would cost hundreds of turns per iteration.
        let laps = self
            .params
            .rollout_laps
            .saturating_mul(world.players() as u16);
        let limit = [self.params.rollout_turns, laps]
            .into_iter()
            .filter(|&n| n > 0)
            .fold(ROLLOUT_MAX_TURNS, u16::min);
        // The rollout policy starts afresh (no plan from an earlier rollout) on this set.
        self.greedy.start_rollout(world.config());
        // Random rollouts draw from a small generator seeded from the bot's stream once per
        // rollout: a draw costs a few instructions instead of ChaCha8's few dozen, and the
        // search stays a function of the bot's seed.
        if self.params.rollout == RolloutPolicy::Random {
            let mut fast = RolloutRng::seed_from_u64(rng.next_u64());
            let forbid = self.params.forbid.0;
            let own = (
                if forbid.is_empty() {
                    0
                } else {
                    self.nodes[0].actor
                },
                forbid,
            );
            return random_rollout(
                world,
                round,
                start_turn,
                limit,
                own,
                &mut self.buf,
                &mut fast,
            );
        }
        loop {
            if at_horizon(world, round) {
                return world.last_round_scores();
            }
            if world.turn_number().wrapping_sub(start_turn) >= limit {
                return scores_as_they_stand(world);
            }
            let actor = match world.to_move() {
                ToMove::Player(p) => p,
                _ => unreachable!("checked by at_horizon"),
            };
            world.legal_actions(&mut self.buf);
            let forbid = self.params.forbid.0;
            if !forbid.is_empty() && actor == self.nodes[0].actor {
                retain_allowed(forbid, &mut self.buf, |a| world.restricted_values(a));
            }
            if self.buf.len() == 1 {
                // A forced step: the greedy player could only take it. Not asking it leaves
                // the same games: its only state that outlives a decision, the planned
                // multi-exchange, is set again by the next holding decision (a forced one is
                // never a selection) or re-planned by the selection step that finds it stale,
                // as the skipped step would have done.
                world.apply_unchecked(self.buf[0], &mut ());
                continue;
            }
            // The deciding player's view, rebuilt in place (allocated once per bot).
            let view = match &mut self.view {
                Some(v) => {
                    world.view_into(actor, v);
                    v
                }
                None => self.view.insert(Box::new(world.view(actor))),
            };
            let action = self.greedy.decide(view, &self.buf, rng);
            world.apply_unchecked(action, &mut ());
        }
    }
}

/// The random rollout policy: uniform over the legal actions, but the end of a turn ends it
/// (free actions left at the end of a turn are not taken). Its own loop, so that the engine's
/// steps are compiled into it. `own` is the searcher and its forbidden values: its moves avoid
/// them as its decisions do.
fn random_rollout(
    world: &mut Game,
    round: u16,
    start_turn: u16,
    limit: u16,
    own: (Seat, ValueSet),
    buf: &mut ActionList,
    fast: &mut RolloutRng,
) -> [i32; MAX_PLAYERS] {
    loop {
        if at_horizon(world, round) {
            return world.last_round_scores();
        }
        if world.turn_number().wrapping_sub(start_turn) >= limit {
            return scores_as_they_stand(world);
        }
        let action = if world.stage() == Stage::EndOfTurn {
            Action::EndTurn
        } else {
            world.legal_actions(buf);
            let (me, forbid) = own;
            if !forbid.is_empty() && world.to_move() == ToMove::Player(me) {
                retain_allowed(forbid, buf, |a| world.restricted_values(a));
            }
            buf[fast.random_range(0..buf.len())]
        };
        world.apply_unchecked(action, &mut ());
    }
}

/// The random rollout policy's generator (PCG-64 MCG: a 128-bit multiply per draw), seeded
/// from the bot's [`BotRng`] at the start of each rollout.
type RolloutRng = rand_pcg::Pcg64Mcg;

/// One step down the tree.
enum Step {
    /// Follow an existing child.
    Follow(u32),
    /// Expand the legal action at this index of the buffer.
    Expand(usize),
}
