//! The greedy player: a sound one-step heuristic a good human would recognise.
//!
//! At every decision it scores each *legal* action and plays the best (ties: the first in the
//! engine's order), so it can never play an illegal action. Unknown cards count at the mean of
//! the values the player cannot place ([`Unknowns`]). In short:
//!
//! * keeps low cards, replaces its highest (expected) card, builds and cashes matching sets
//!   (a known Doppelganger matches anything, so `13 + any card` is always a safe pair);
//! * takes the discard (or a display card, or a Master pick) only for a clear gain;
//! * looks at unknown cards with every peek, Empath and look ability; turns its own face-down
//!   helpers (Empath, Bodyguard, Rascal) face-up with the Exposer;
//! * Witch: keeps a low deck card, gives a high one to the leading opponent; Robber: trades its
//!   worst card for an opponent's best when that gains points;
//! * guards its lowest known card with a Bodyguard and puts the token on a known low card
//!   (the Bullet token on its highest known card: it is removed at scoring);
//! * plays the other editions' characters by ability kind (so custom characters too): looks
//!   at unknown cards (Insomniac, Priest, more looks), turns its own helpers face-up
//!   (Instigator, Priest), discards its highest cards (Assassin, Curator rotate-then-discard),
//!   swaps its worst card for an opponent's best (Troublemaker, Master Thief), sends the
//!   Gremlin and shuffles (Thing) against the leader, copies the best ability in reach
//!   (Marksman, Vampire, C4, Mortician), ends the round early with The Count only when it
//!   leads, hands its Zombie on, uses the Approximator on its two worst cards and the Dagger
//!   token to take an extra turn with 2 players;
//! * calls census by an explicit rule: when its estimated sum S is at most `census_threshold`,
//!   or when P(lowest) > 10 / (S + 10) + `census_margin` (the break-even of gaining S with
//!   probability P against the +10 penalty), with each opponent's sum lowered by
//!   `opponent_improvement` for their extra turn, and an opponent's face-down cards that it has
//!   seen and kept counted at `opponent_kept_value` (a kept card is probably low; who looked at
//!   which card is public).

mod score;
#[cfg(test)]
mod tests;

use crate::estimate::{p_lowest_while, village_mean, Unknowns};
use crate::kinds::as_bot;
use crate::memory::Memory;
use crate::restrict::Restriction;
use crate::spec::GreedyParams;
use crate::{Bot, BotRng, Choice, Kind, SpecError};
use score::discard_value;
use silver_rules::{
    Ability, Action, CardSet, CardSource, Config, Game, PlayerView, Seat, Slot, Stage, Token,
    Value, ViewRef, CARDS, VALUES,
};

/// Score of an action the player does not want to take unless nothing else is legal.
const NEVER: f64 = -1.0e9;

/// The greedy heuristic player.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    params: GreedyParams,
    memory: Memory,
    /// Slots of the multi-exchange being selected.
    plan: u64,
    /// Expected points the plan gains (set with `plan` when holding a card).
    plan_gain: f64,
    estimate: Option<f64>,
    set: CardSet,
    /// The own village as seen at the current decision, rebuilt in place at each (a buffer,
    /// so that no decision clears 52 slots it does not use).
    own: Own,
    /// [`Ctx::exchange_gain`]'s buffer.
    gains: [std::cell::Cell<f64>; VALUES],
    /// The reduced legal list of a restricted player (`forbid`); `None` for the others.
    restriction: Option<Box<Restriction>>,
    /// The scores of the last decision's actions, kept only while [`GreedyBot::scores`] asks
    /// (`recording`).
    recorded: Vec<f64>,
    recording: bool,
}

impl GreedyBot {
    /// A greedy bot with these parameters.
    pub fn new(params: GreedyParams) -> GreedyBot {
        GreedyBot {
            params,
            memory: Memory::new(params.memory),
            plan: 0,
            plan_gain: NEVER,
            estimate: None,
            set: CardSet::amulet(),
            own: Own::EMPTY,
            gains: Default::default(),
            restriction: Restriction::of(params.forbid),
            recorded: Vec::new(),
            recording: false,
        }
    }

    /// The parameters.
    pub fn params(&self) -> &GreedyParams {
        &self.params
    }

    /// Used as a rollout policy: forget any multi-exchange plan and play `config`'s set.
    pub(crate) fn start_rollout(&mut self, config: &Config) {
        self.plan = 0;
        self.set = config.set;
    }
}

/// What the player sees of its own village, per slot (slots `0..n`; entries beyond are left
/// from earlier decisions and never read), and the parts of [`Ctx::best_exchange`] that do not
/// depend on the incoming card, gathered in the same pass.
#[derive(Clone, Debug)]
struct Own {
    n: usize,
    value: [f64; CARDS],
    known: [Option<Value>; CARDS],
    up: [bool; CARDS],
    frozen: [bool; CARDS],
    /// The first movable slot of the highest expected value (the best single exchange, and
    /// the card most worth getting rid of).
    top: Option<usize>,
    /// The same among the movable slots that are not known wild cards.
    top_plain: Option<usize>,
    /// Movable known cards by value (not wild), a bit per slot, and a bit per value present.
    by_value: [u64; VALUES],
    values: u16,
    /// Movable known wild cards (R-A13), and the sum of their values in slot order.
    wild_mask: u64,
    wild_sum: f64,
}

impl Own {
    const EMPTY: Own = Own {
        n: 0,
        value: [0.0; CARDS],
        known: [None; CARDS],
        up: [false; CARDS],
        frozen: [false; CARDS],
        top: None,
        top_plain: None,
        by_value: [0; VALUES],
        values: 0,
        wild_mask: 0,
        wild_sum: 0.0,
    };

    /// Rebuilds it for `view`'s viewer.
    fn fill(&mut self, view: ViewRef<'_>, u: &Unknowns, set: &CardSet) {
        let me = view.viewer();
        self.n = view.village_len(me);
        self.top = None;
        self.top_plain = None;
        // A few wide stores: cheaper than clearing the last decision's values one by one.
        self.by_value = [0; VALUES];
        self.values = 0;
        self.wild_mask = 0;
        self.wild_sum = 0.0;
        for (i, c) in view.village(me).enumerate() {
            let x = u.value(&c);
            self.value[i] = x;
            self.known[i] = c.value;
            self.up[i] = c.face_up;
            let ability = c.value.map(|v| set.ability(v));
            // Cards it cannot exchange out: under the token, and a known Zombie (D4: it never
            // lies on top of the discard pile, so exchanging it out fails and it stays).
            let frozen = c.under_token || ability == Some(Ability::Zombie);
            self.frozen[i] = frozen;
            if frozen {
                continue;
            }
            // Strictly higher: ties go to the first slot.
            if self.top.is_none_or(|t| x > self.value[t]) {
                self.top = Some(i);
            }
            match c.value {
                Some(v) if ability == Some(Ability::Wild) => {
                    self.wild_mask |= 1 << i;
                    self.wild_sum += v as f64;
                }
                known => {
                    if self.top_plain.is_none_or(|t| x > self.value[t]) {
                        self.top_plain = Some(i);
                    }
                    if let Some(v) = known {
                        self.by_value[v as usize] |= 1 << i;
                        self.values |= 1 << v;
                    }
                }
            }
        }
    }
}

struct Ctx<'a> {
    /// The player's information set, borrowed (no copy of the game per decision).
    view: ViewRef<'a>,
    /// The round has lasted `patience` completed turns.
    stuck: bool,
    me: Seat,
    u: Unknowns,
    /// Borrowed, not moved in: moving it copied its per-slot arrays at every decision.
    own: &'a Own,
    p: &'a GreedyParams,
    set: &'a CardSet,
    leader: std::cell::Cell<Option<Seat>>,
    /// R-A11: the deck's top card as the Witch's user sees it (asked once per decision).
    witch_top: std::cell::Cell<Option<f64>>,
    /// The held card's expected value when holding or selecting (0 at other decisions): read
    /// once per decision, not once per scored action.
    held: f64,
    /// [`Ctx::lowest_known`], once asked (every Bodyguard placement asks it).
    lowest: std::cell::Cell<Option<Option<(usize, Value)>>>,
    /// [`Ctx::exchange_gain`]'s answers at this decision: a bit per value asked, and the gains
    /// (a buffer of the bot's, so that no decision clears it).
    gains_asked: std::cell::Cell<u16>,
    gains: &'a [std::cell::Cell<f64>; VALUES],
}

impl Ctx<'_> {
    fn ability(&self, v: Value) -> Ability {
        self.set.ability(v)
    }

    /// Best exchange for a held Approximator (D5): the better of the normal exchanges and
    /// replacing the two highest cards.
    fn best_approximator_exchange(&self, h: f64) -> (f64, u64) {
        let normal = self.best_exchange(h);
        let o = &self.own;
        // The two highest movable cards (ties to the left), without allocating.
        let mut top: [Option<usize>; 2] = [None, None];
        for i in (0..o.n).filter(|&i| !o.frozen[i]) {
            let better = |j: Option<usize>| j.is_none_or(|j| o.value[i] > o.value[j]);
            if better(top[0]) {
                top[1] = top[0];
                top[0] = Some(i);
            } else if better(top[1]) {
                top[1] = Some(i);
            }
        }
        let (Some(a), Some(b)) = (top[0], top[1]) else {
            return normal;
        };
        let g = o.value[a] + o.value[b] - h;
        if g > normal.0 {
            (g, 1u64 << a | 1u64 << b)
        } else {
            normal
        }
    }

    /// Best single-card or multi-card exchange for an incoming card of value `h`:
    /// (expected points gained, slots). Every candidate gains a part that does not depend on
    /// `h`, minus `h`, so the best slots of each kind come from [`Own::fill`]; each gain is
    /// computed here as a scan over all slots would (same expressions, same order of the kinds).
    fn best_exchange(&self, h: f64) -> (f64, u64) {
        let o = &self.own;
        let mut best = (NEVER, 0u64);
        // The best single slot.
        if let Some(i) = o.top {
            best = (o.value[i] - h, 1u64 << i);
        }
        // Known matching sets, with every known wild card (values in increasing order).
        let (wild_mask, wild_sum) = (o.wild_mask, o.wild_sum);
        let mut values = o.values;
        while values != 0 {
            let w = values.trailing_zeros() as usize;
            values &= values - 1;
            let m = o.by_value[w];
            let mask = m | wild_mask;
            if mask.count_ones() >= 2 {
                let g = w as f64 * m.count_ones() as f64 + wild_sum - h
                    + self.shrink_credit(mask.count_ones());
                if g > best.0 {
                    best = (g, mask);
                }
            }
        }
        if wild_mask != 0 {
            // Wild cards with any single other card always match: the best such card.
            if let Some(i) = o.top_plain {
                let mask = wild_mask | 1 << i;
                let g = wild_sum + o.value[i] - h + self.shrink_credit(mask.count_ones());
                if g > best.0 {
                    best = (g, mask);
                }
            }
            if wild_mask.count_ones() >= 2 {
                let g = wild_sum - h + self.shrink_credit(wild_mask.count_ones());
                if g > best.0 {
                    best = (g, wild_mask);
                }
            }
        }
        best
    }

    /// The gain of the best exchange for an incoming card of value `v` (the first element of
    /// [`Ctx::best_exchange`]), worked out once per value at a decision (a Master's pick
    /// scores every pile card, and the pile repeats values).
    fn exchange_gain(&self, v: Value) -> f64 {
        let bit = 1u16 << v;
        let cell = &self.gains[v as usize];
        if self.gains_asked.get() & bit != 0 {
            return cell.get();
        }
        let g = self.best_exchange(v as f64).0;
        cell.set(g);
        self.gains_asked.set(self.gains_asked.get() | bit);
        g
    }

    /// The lowest own card worth protecting: (slot, value).
    fn lowest_known(&self) -> Option<(usize, Value)> {
        if let Some(l) = self.lowest.get() {
            return l;
        }
        let l = (0..self.own.n)
            .filter_map(|i| self.own.known[i].map(|v| (i, v)))
            .min_by_key(|&(i, v)| (v, i));
        self.lowest.set(Some(l));
        l
    }

    /// The opponent with the lowest estimated sum (the leader this round).
    fn leader(&self) -> Seat {
        if let Some(l) = self.leader.get() {
            return l;
        }
        let l = self.compute_leader();
        self.leader.set(Some(l));
        l
    }

    /// R-A11: the value of the deck's top card, or the unknown mean (as the Witch sees it).
    fn witch_top(&self) -> f64 {
        if let Some(t) = self.witch_top.get() {
            return t;
        }
        let t = self
            .view
            .deck_card(0)
            .and_then(|(_, v)| v)
            .map_or(self.u.mean, |v| v as f64);
        self.witch_top.set(Some(t));
        t
    }

    fn compute_leader(&self) -> Seat {
        let mut est = [0.0f64; silver_rules::MAX_PLAYERS];
        for s in 0..self.view.players() {
            if s != self.me {
                est[s as usize] = village_mean(self.view, s, &self.u);
            }
        }
        (0..self.view.players())
            .filter(|&s| s != self.me)
            .min_by(|&a, &b| {
                // Ties go to the next opponent clockwise, so no seat is singled out.
                est[a as usize]
                    .total_cmp(&est[b as usize])
                    .then(self.clockwise(a).cmp(&self.clockwise(b)))
            })
            .expect("at least two players")
    }

    /// Seats clockwise from the player to `s` (1 = next player).
    fn clockwise(&self, s: Seat) -> u8 {
        // `(s + n - me) % n` without a division: both seats are below `n`.
        let n = self.view.players();
        let d = s + n - self.me;
        if d >= n {
            d - n
        } else {
            d
        }
    }

    /// The census rule, with `s` the player's estimated sum (`village_mean` of its village).
    /// Out of line: it is asked at a few decisions only, and inlined its estimates made the
    /// decision's code longer.
    #[inline(never)]
    fn census_wanted(&self, s: f64) -> bool {
        if self.own.n > 4 {
            return false;
        }
        if s <= self.p.census_threshold {
            return true;
        }
        // The census test fails for every chance below one that fails it, so the estimate
        // stops at the first opponent that makes it fail (`p_lowest_while`).
        let wanted =
            |p: f64| p > 10.0 / (s + 10.0) + self.p.census_margin || (self.stuck && p >= 0.5);
        let p = p_lowest_while(
            self.view,
            self.me,
            &self.u,
            self.p.opponent_improvement,
            self.p.opponent_kept_value,
            wanted,
        );
        wanted(p)
    }

    /// In a stuck round, the credit for an exchange of `cards` cards out for one in: 10 points
    /// for each card it sheds down to the census limit of 4.
    fn shrink_credit(&self, cards: u32) -> f64 {
        if !self.stuck || self.own.n <= 4 || cards < 2 {
            return 0.0;
        }
        10.0 * ((cards - 1) as usize).min(self.own.n - 4) as f64
    }

    /// Value of a free action (Empath look, Bodyguard, token, Priest, Curator, C4).
    fn free_action(&self, a: Action) -> f64 {
        let token = self.set.token();
        match a {
            // R-A2: look at an unknown own card.
            Action::EmpathPeek { slot } => {
                if self.own.known[slot as usize].is_none() {
                    30.0
                } else {
                    NEVER
                }
            }
            // R-A3: protect the lowest known card.
            Action::GuardPlace { guard, target } => match self.lowest_known() {
                Some((i, v)) if i == target as usize && i != guard as usize && v <= 4 => 25.0,
                _ => NEVER,
            },
            // R-AMULET: freeze a known low card. E-BULLET: the card is removed at scoring,
            // so the highest known card.
            Action::PlaceToken { slot } => match self.own.known[slot as usize] {
                Some(v) if token == Token::Bullet && v >= 6 => 20.0 + v as f64,
                Some(v) if token != Token::Bullet && v <= self.p.token_max_value => 20.0 - v as f64,
                _ => NEVER,
            },
            // B2: turn up a face-down helper, else learn an unknown card.
            Action::Flip { slot } => self.flip_own_score(slot).map_or(NEVER, |x| 20.0 + x),
            // C2: rotate the highest known card (to discard it later), discard a rotated card.
            Action::Rotate { slot } => match self.own.known[slot as usize] {
                Some(v) if v >= 5 => 15.0 + v as f64 / 10.0,
                _ => NEVER,
            },
            Action::DiscardRotated { slot } => {
                let v = self.own.value[slot as usize];
                if v >= 1.0 {
                    22.0 + v
                } else {
                    NEVER
                }
            }
            // C4: the pile top's ability, if worth anything.
            Action::UsePileTop => {
                let top = self.view.discard_top().expect("C4 needs a pile card");
                let d = discard_value(self, self.ability(top));
                if d > 0.0 {
                    10.0 + d
                } else {
                    NEVER
                }
            }
            // E-COIN: learn the leader's unknown face-down card.
            Action::TokenFlip { seat, slot } => {
                if seat != self.me && seat == self.leader() {
                    let c = self.view.card(seat, slot);
                    if !c.face_up && c.value.is_none() {
                        return 15.0;
                    }
                }
                NEVER
            }
            // E-DAGGER: with 2 players it is an extra turn.
            Action::TokenReverse => {
                if self.view.players() == 2 {
                    15.0
                } else {
                    NEVER
                }
            }
            _ => NEVER,
        }
    }

    /// Turning one of the player's own face-down cards face-up (B2, B6, R-A5): a face-down
    /// helper first (its power then works), else learning an unknown card.
    fn flip_own_score(&self, slot: Slot) -> Option<f64> {
        match self.own.known[slot as usize] {
            Some(v) => match self.ability(v) {
                Ability::EmpathPeek
                | Ability::Bodyguard
                | Ability::RascalDraw
                | Ability::PriestFlip
                | Ability::Curator
                | Ability::LycanBump
                | Ability::Mortician
                | Ability::UsePileTop => Some(3.0),
                Ability::HunterRemove => Some(4.0),
                _ => None,
            },
            None => Some(1.0),
        }
    }

    /// Expected value of an opponent's card as the player sees it.
    fn card_value(&self, seat: Seat, slot: Slot) -> f64 {
        self.u.value(&self.view.card(seat, slot))
    }

    /// The own card most worth getting rid of: (slot, expected value).
    fn worst_own(&self) -> Option<(usize, f64)> {
        // The highest movable card, ties to the left (`Own::fill`).
        self.own.top.map(|i| (i, self.own.value[i]))
    }

    /// The lowest expected opponent card the player's ability may take.
    fn best_opponent_card(&self) -> f64 {
        let mut best = f64::INFINITY;
        for s in 0..self.view.players() {
            if s == self.me {
                continue;
            }
            for c in self.view.village(s) {
                if !c.under_token && !c.guarded {
                    best = best.min(self.u.value(&c));
                }
            }
        }
        best
    }

    /// An opponent's face-down card the player does not know, preferring the leader's.
    fn opponent_unknown_score(&self, seat: Seat, slot: Slot) -> f64 {
        let c = self.view.card(seat, slot);
        if c.value.is_some() || c.face_up {
            return NEVER;
        }
        if seat == self.leader() {
            2.0
        } else {
            1.0
        }
    }

    fn own_unknown(&self, slot: Slot) -> bool {
        self.own.known[slot as usize].is_none()
    }
}

impl Bot for GreedyBot {
    fn reset(&mut self, _seat: Seat, config: &Config) {
        self.memory.reset();
        self.plan = 0;
        self.estimate = None;
        self.set = config.set;
    }

    fn decide(&mut self, full: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action {
        legal[self.decide_index(full, legal, rng)]
    }

    fn sum_estimate(&self) -> Option<f64> {
        self.estimate
    }
}

impl Kind for GreedyBot {
    type Params = GreedyParams;

    fn build(params: &GreedyParams) -> GreedyBot {
        GreedyBot::new(*params)
    }

    fn validate(params: &GreedyParams) -> Result<(), SpecError> {
        params.validate()
    }

    #[inline]
    fn decide_in(
        &mut self,
        game: &Game,
        seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
        _scratch: &mut PlayerView,
    ) -> Choice {
        // The game read through the seat's knowledge mask: no view is copied.
        Choice::Index(self.decide_index(game.view_ref(seat), legal, rng))
    }

    as_bot!();
}

impl GreedyBot {
    /// [`Bot::decide`] as a position in `legal` (the best-scoring action, ties to the first;
    /// for a restricted player, among the actions that involve no forbidden value if any).
    pub fn decide_index<'a>(
        &mut self,
        full: impl Into<ViewRef<'a>>,
        legal: &[Action],
        rng: &mut BotRng,
    ) -> usize {
        let full = full.into();
        if self.restriction.is_none() {
            return self.decide_among(full, legal, rng);
        }
        self.decide_restricted(full, legal, rng)
    }

    /// [`GreedyBot::decide_index`] of a restricted player (out of line: the others never
    /// come here).
    #[inline(never)]
    fn decide_restricted(
        &mut self,
        full: ViewRef<'_>,
        legal: &[Action],
        rng: &mut BotRng,
    ) -> usize {
        let view = full.to_view();
        let mut r = self
            .restriction
            .take()
            .expect("called for a restricted player only");
        let reduced = r.reduce(legal, |a| view.restricted_values(a));
        let i = self.decide_among(full, reduced, rng);
        let position = r.position(i);
        self.restriction = Some(r);
        position
    }

    /// The best-scoring action of `legal` (ties to the first), as a position.
    fn decide_among(&mut self, full: ViewRef<'_>, legal: &[Action], rng: &mut BotRng) -> usize {
        // With perfect memory the game is read through the view's mask (no copy).
        if self.memory.spec().is_perfect() {
            return self.decide_seen(full, legal);
        }
        let recalled = self.memory.recall(&full.to_view(), rng);
        let best = self.decide_seen(recalled.by_ref(), legal);
        self.memory.note_action(&recalled, legal[best]);
        best
    }

    /// The score of every action of `legal` at this decision, as the player sees it (`out[i]`
    /// for `legal[i]`; actions it would not take unless forced score about -1e9): the scores
    /// [`GreedyBot::decide_seen`] compares, recorded as it goes (one body for both, so the
    /// game's hot path keeps its code). The player's state that outlives a decision (a planned
    /// multi-exchange) is set as deciding would, so a model asked about another seat's
    /// decisions should start each from [`GreedyBot::forget_plan`].
    pub(crate) fn scores(&mut self, view: ViewRef<'_>, legal: &[Action], out: &mut [f64]) {
        self.recording = true;
        self.recorded.clear();
        self.recorded.resize(legal.len(), 0.0);
        self.decide_seen(view, legal);
        self.recording = false;
        out.copy_from_slice(&self.recorded);
    }

    /// Forgets the planned multi-exchange.
    pub(crate) fn forget_plan(&mut self) {
        self.plan = 0;
    }

    /// [`GreedyBot::decide_among`] from the view the player recalls.
    fn decide_seen(&mut self, view: ViewRef<'_>, legal: &[Action]) -> usize {
        let stage = view.stage();
        // Decisions that need no estimate: the opening peeks, and the next step of a planned
        // multi-exchange (the same scores as `score` gives them, without building a context).
        let light = match stage {
            Stage::OpeningPeek { .. } => true,
            Stage::Selecting { chosen, .. } => self.plan & chosen == chosen,
            _ => false,
        };
        if light {
            let mut best = 0;
            let mut best_score = f64::NEG_INFINITY;
            for (i, &a) in legal.iter().enumerate() {
                let s = match (stage, a) {
                    (_, Action::OpeningPeek { slot }) => opening_peek_score(slot),
                    (Stage::Selecting { chosen, .. }, _) => selecting_score(self.plan, chosen, a),
                    _ => NEVER,
                };
                if self.recording {
                    self.recorded[i] = s;
                }
                if s > best_score {
                    best = i;
                    best_score = s;
                }
            }
            return best;
        }
        let me = view.viewer();
        let u = Unknowns::of(view);
        self.own.fill(view, &u, &self.set);
        let held = match stage {
            Stage::Holding { card, .. } | Stage::Selecting { card, .. } => {
                view.value_of(card).map_or(u.mean, |v| v as f64)
            }
            _ => 0.0,
        };
        let ctx = Ctx {
            view,
            stuck: view.turn_number() >= self.params.patience,
            me,
            u,
            own: &self.own,
            p: &self.params,
            set: &self.set,
            leader: std::cell::Cell::new(None),
            witch_top: std::cell::Cell::new(None),
            held,
            lowest: std::cell::Cell::new(None),
            gains_asked: std::cell::Cell::new(0),
            gains: &self.gains,
        };
        // The estimate reported with a census call (`Bot::sum_estimate`); census is called at
        // the start of a turn, so other decisions need not compute it.
        let mine = (stage == Stage::Turn).then(|| village_mean(view, me, &ctx.u));
        if mine.is_some() {
            self.estimate = mine;
        }
        // Plan a multi-exchange when holding a card.
        if let Stage::Holding { card, from } = stage {
            let h = ctx.held;
            (self.plan_gain, self.plan) = if approximator_held(view, card, from, &ctx) {
                ctx.best_approximator_exchange(h)
            } else {
                ctx.best_exchange(h)
            };
        }
        if let Stage::Selecting { card, from, chosen } = stage {
            if self.plan & chosen != chosen {
                // A selection this bot did not plan (a search's hint, a rollout that starts
                // mid-selection): plan it now; if the best plan does not extend it, confirm.
                let h = ctx.held;
                let plan = if approximator_held(view, card, from, &ctx) {
                    ctx.best_approximator_exchange(h).1
                } else {
                    ctx.best_exchange(h).1
                };
                self.plan = if plan & chosen == chosen {
                    plan
                } else {
                    chosen
                };
            }
        }
        // The census rule is asked only if an action's score depends on it (a census call, or a
        // free action, which it forbids).
        let census = match mine {
            Some(s) if legal.iter().any(|&a| census_matters(a)) => ctx.census_wanted(s),
            _ => false,
        };
        let mut best = 0;
        let mut best_score = f64::NEG_INFINITY;
        for (i, &a) in legal.iter().enumerate() {
            // Equal scores for cards of different opponents go to the next opponent clockwise
            // (the engine lists seats in absolute order, which would favour some seats).
            let tie = match a {
                Action::Target { seat, .. } => 1e-7 * ctx.clockwise(seat) as f64,
                _ => 0.0,
            };
            let s = self.score(&ctx, stage, a, census) - tie;
            if self.recording {
                self.recorded[i] = s;
            }
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        best
    }
}

/// True if `a`'s score depends on the census rule (`GreedyBot::score`): a census call, and
/// the free actions (any of them forbids the census).
fn census_matters(a: Action) -> bool {
    matches!(
        a,
        Action::CallCensus
            | Action::EmpathPeek { .. }
            | Action::GuardPlace { .. }
            | Action::PlaceToken { .. }
            | Action::Flip { .. }
            | Action::Rotate { .. }
            | Action::DiscardRotated { .. }
            | Action::UsePileTop
            | Action::TokenFlip { .. }
            | Action::TokenReverse
    )
}

/// True if the held card is a drawn Approximator (D5).
fn approximator_held(
    view: ViewRef<'_>,
    card: silver_rules::CardId,
    from: CardSource,
    ctx: &Ctx,
) -> bool {
    matches!(
        from,
        CardSource::Deck | CardSource::Display | CardSource::Witch
    ) && view
        .value_of(card)
        .is_some_and(|v| ctx.ability(v) == Ability::Approximator)
}

/// R-PEEK0: all cards are unknown; look at the first ones.
fn opening_peek_score(slot: Slot) -> f64 {
    -(slot as f64)
}

/// R-SWAP-MULTI: the next slot of the `plan`ned multi-exchange (`chosen` so far), then confirm.
fn selecting_score(plan: u64, chosen: u64, a: Action) -> f64 {
    match a {
        Action::Select { slot } => {
            let next = plan & !chosen;
            if next != 0 && next.trailing_zeros() == slot as u32 {
                1.0
            } else {
                NEVER
            }
        }
        Action::ConfirmExchange => {
            if plan & !chosen == 0 {
                1.0
            } else {
                0.0
            }
        }
        // D5: always at least as good as a two-card exchange.
        Action::Approximate => {
            if plan & !chosen == 0 {
                2.0
            } else {
                0.5
            }
        }
        _ => NEVER,
    }
}
