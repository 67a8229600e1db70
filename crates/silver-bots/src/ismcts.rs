//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley &
//! Whitehouse 2012), and the cheating baseline that runs the same search on the true state.
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
//!    census calls). [`CheatingIsmcts`] copies the true [`Game`] instead.
//! 2. **Selects** down the single tree, which holds *every* player's decisions. At each node the
//!    world's legal actions are computed; every child whose action is legal in this world has
//!    its *availability* count incremented (legal sets differ between worlds: after a discard
//!    the ability stage depends on the drawn card's value, another player's options depend on
//!    what it holds…). If some legal action has no child yet, one of those untried actions is
//!    chosen uniformly and **expanded**. Otherwise the child maximising UCB1 with availability,
//!    `mean + c · sqrt(ln(avail) / visits)` (`c` = [`IsmctsParams::exploration`]), is followed,
//!    where `mean` is the average reward *of the seat that chose that action* (each node stores
//!    its acting seat).
//! 3. **Rolls out** with [`IsmctsParams::rollout`]: uniformly random play (ending the turn as
//!    soon as the main action is done) or the greedy heuristic deciding from the rollout world's
//!    views.
//! 4. **Backpropagates** the per-seat rewards: every node on the path gets one visit and the
//!    reward of its acting seat.
//!
//! The final move is the most visited child of the root (ties go to the first action in the
//! order of the legal list). A decision with a single legal action is returned without search.
//!
//! # Horizon and reward
//!
//! The search horizon is the **end of the current round**: an iteration stops when the round is
//! scored (the game then waits for a deal, or is over). Rounds are dealt independently and a
//! game's result is the sum of its round scores, so the round score is the quantity a decision
//! influences directly; searching through the next deal would only add chance noise. With
//! [`IsmctsParams::rollout_turns`] `> 0` a rollout stops after that many completed turns and
//! the round is scored *as it stands* in the sampled world: true village sums, and the census
//! rule for a caller (0 if lowest or tied, else sum + 10).
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
//! Opponents' nodes accumulate *their* reward, so the search models them as trying to do well
//! for themselves (a paranoid or cooperative model would need a different reward per node).
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
//! rollout policy's own allocations are its business).

use crate::memory::Memory;
use crate::spec::{GreedyParams, IsmctsParams, RewardKind, RolloutPolicy};
use crate::{Bot, BotRng, GreedyBot};
use rand::Rng;
use silver_rules::{
    Action, ActionList, Config, Game, PlayerView, Seat, Stage, ToMove, MAX_ACTIONS, MAX_PLAYERS,
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
}

const _: () = assert!(std::mem::size_of::<Node>() == 32);

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
        }
    }
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
    /// Bit `j`: `buf[j]` already has a child at the current node.
    tried: [u64; MAX_ACTIONS.div_ceil(64)],
    /// Children of the current node whose action is legal in the current world.
    compatible: Box<[u32; MAX_ACTIONS]>,
    /// `ln(i)` for small `i` (UCB1 reads it for every available child).
    ln_table: Vec<f64>,
    /// The greedy rollout policy.
    greedy: GreedyBot,
    /// Sum of the searcher's true village sum over this decision's worlds.
    sum_total: f64,
    /// Worlds sampled in this decision.
    worlds: u32,
}

impl Search {
    fn new(params: IsmctsParams) -> Search {
        Search {
            params,
            nodes: Vec::new(),
            buf: Box::new(ActionList::new()),
            tried: [0; MAX_ACTIONS.div_ceil(64)],
            compatible: Box::new([NIL; MAX_ACTIONS]),
            ln_table: (0..LN_TABLE).map(|i| (i as f64).ln()).collect(),
            greedy: GreedyBot::new(GreedyParams::default()),
            sum_total: 0.0,
            worlds: 0,
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
        let c = self.params.exploration;
        let mut node = 0u32;
        while !at_horizon(&world, round) {
            let actor = match world.to_move() {
                ToMove::Player(p) => p,
                _ => unreachable!("checked by at_horizon"),
            };
            world.legal_actions(&mut self.buf);
            let n = self.buf.len();
            let words = n.div_ceil(64);
            self.tried[..words].fill(0);
            // Mark the legal actions that have a child; those children are available now.
            let mut found = 0usize;
            let mut ch = self.nodes[node as usize].first_child;
            while ch != NIL {
                let child = &mut self.nodes[ch as usize];
                if let Some(j) = self.buf.iter().position(|&a| a == child.action) {
                    self.tried[j / 64] |= 1u64 << (j % 64);
                    self.compatible[found] = ch;
                    found += 1;
                    child.avail += 1;
                }
                ch = child.next_sibling;
            }
            if found < n {
                // Expand one untried action, chosen uniformly.
                let mut k = rng.random_range(0..n - found);
                let mut j = 0;
                loop {
                    if self.tried[j / 64] & (1u64 << (j % 64)) == 0 {
                        if k == 0 {
                            break;
                        }
                        k -= 1;
                    }
                    j += 1;
                }
                let action = self.buf[j];
                let idx = self.nodes.len() as u32;
                let next = self.nodes[node as usize].first_child;
                self.nodes[node as usize].first_child = idx;
                self.nodes.push(Node {
                    reward: 0.0,
                    parent: node,
                    first_child: NIL,
                    next_sibling: next,
                    visits: 0,
                    avail: 1,
                    action,
                    actor,
                });
                world.apply_unchecked(action, &mut ());
                node = idx;
                break;
            }
            // Every legal action has a child: UCB1 with availability among them (ties to the
            // first in sibling order).
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
            let action = self.nodes[best as usize].action;
            world.apply_unchecked(action, &mut ());
            node = best;
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

    /// Plays `world` to the horizon (or the turn limit) and returns the round's scores.
    fn rollout(&mut self, world: &mut Game, round: u16, rng: &mut BotRng) -> [i32; MAX_PLAYERS] {
        let start_turn = world.turn_number();
        // A rollout never plays more than ROLLOUT_MAX_TURNS turns: some lines of play never
        // end a round (e.g. two face-up B3 cards recycle every discard), and playing them to
        // the engine's turn cap would cost hundreds of turns per iteration.
        let limit = match self.params.rollout_turns {
            0 => ROLLOUT_MAX_TURNS,
            n => n.min(ROLLOUT_MAX_TURNS),
        };
        // The rollout policy starts afresh (no plan from an earlier rollout) on this set.
        self.greedy.start_rollout(world.config());
        loop {
            if at_horizon(world, round) {
                return world.last_round_scores();
            }
            if world.turn_number().wrapping_sub(start_turn) >= limit {
                return scores_as_they_stand(world);
            }
            let action = match self.params.rollout {
                RolloutPolicy::Random => {
                    if world.stage() == Stage::EndOfTurn {
                        Action::EndTurn
                    } else {
                        world.legal_actions(&mut self.buf);
                        self.buf[rng.random_range(0..self.buf.len())]
                    }
                }
                RolloutPolicy::Greedy => {
                    let actor = match world.to_move() {
                        ToMove::Player(p) => p,
                        _ => unreachable!("checked by at_horizon"),
                    };
                    world.legal_actions(&mut self.buf);
                    self.greedy.decide(&world.view(actor), &self.buf, rng)
                }
            };
            world.apply_unchecked(action, &mut ());
        }
    }
}

/// Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012) deciding from its own
/// information set.
///
/// Every iteration searches a fresh world sampled from what the bot remembers; one tree holds
/// every player's decisions, each node scoring the reward of the seat that acts there; children
/// are chosen by UCB1 with availability counts; the horizon is the end of the current round
/// (optionally a rollout is cut after [`IsmctsParams::rollout_turns`] turns); the reward is the
/// round result normalised to [0, 1] as [`RewardKind`] says (default [`RewardKind::Margin`]:
/// own round score against the table mean, since the lowest total wins); the final move is the
/// most visited root child. Deterministic for a given [`BotRng`] seed unless
/// [`IsmctsParams::time_limit_ms`] is set.
///
/// Reusable across decisions and games: the node arena and buffers keep their capacity, and a
/// decision after the first allocates nothing (with random rollouts).
pub struct IsmctsBot {
    search: Search,
    memory: Memory,
}

impl IsmctsBot {
    /// A bot with these parameters (its memory model is `params.memory`).
    pub fn new(params: IsmctsParams) -> IsmctsBot {
        IsmctsBot {
            search: Search::new(params),
            memory: Memory::new(params.memory),
        }
    }

    /// The parameters.
    pub fn params(&self) -> &IsmctsParams {
        &self.search.params
    }
}

impl Bot for IsmctsBot {
    fn reset(&mut self, _seat: Seat, _config: &Config) {
        self.memory.reset();
        self.search.sum_total = 0.0;
        self.search.worlds = 0;
    }

    fn decide(&mut self, view: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action {
        let view = self.memory.recall(view, rng);
        let me = view.viewer();
        let skew = self.search.params.kept_low;
        let action = self.search.run(me, legal, rng, |rng| {
            view.sample_world_skewed(silver_rules::CardMask::EMPTY, skew, rng)
        });
        self.memory.note_action(&view, action);
        action
    }

    /// The mean, over the last decision's sampled worlds, of the bot's own village sum in those
    /// worlds (`None` if the last decision did not search: a single legal action).
    fn sum_estimate(&self) -> Option<f64> {
        self.search.estimate()
    }
}

/// **Research baseline that cheats**: the same search as [`IsmctsBot`], run on the *true*
/// state (every iteration copies the real [`Game`] instead of sampling a world), so it knows
/// every hidden card. Its only use is to measure what hidden information is worth; it is never
/// a fair opponent, and it does not implement [`Bot`] (which only ever receives a view).
pub struct CheatingIsmcts {
    search: Search,
}

impl CheatingIsmcts {
    /// A cheating searcher with these parameters (`params.memory` is ignored: it sees all).
    pub fn new(params: IsmctsParams) -> CheatingIsmcts {
        CheatingIsmcts {
            search: Search::new(params),
        }
    }

    /// The parameters.
    pub fn params(&self) -> &IsmctsParams {
        &self.search.params
    }

    /// Called before every game (nothing carries over between games but buffers).
    pub fn reset(&mut self, _seat: Seat, _config: &Config) {
        self.search.sum_total = 0.0;
        self.search.worlds = 0;
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
        let world = *game;
        self.search.run(seat, legal, rng, |_| world)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margin_and_own_rewards() {
        let s = [10, 20, 30, 0];
        let r = rewards(RewardKind::Margin, &s, 3);
        assert!((r[0] - (0.5 + (25.0 - 10.0) / 100.0)).abs() < 1e-12);
        assert!((r[1] - 0.5).abs() < 1e-12);
        assert!((r[2] - (0.5 + (15.0 - 30.0) / 100.0)).abs() < 1e-12);
        let r = rewards(RewardKind::Own, &[0, 90, 0, 0], 2);
        assert_eq!(r[0], 1.0);
        assert_eq!(r[1], 0.0);
        let r = rewards(RewardKind::Margin, &[0, 200, 0, 0], 2);
        assert_eq!((r[0], r[1]), (1.0, 0.0));
    }
}
