//! Chance luck: what the cards nobody had seen gave each seat, as a control variate with mean
//! zero by construction (the chance terms of AIVAT, Burch et al., AAAI 2018).
//!
//! A card is *fresh* while no seat knows its value and no seat knows it to lie among shuffled
//! cards (B8): the deck's cards, the unseen cards of the villages and the set-aside villages.
//! Whatever the players do, they cannot tell fresh cards apart, so given everything that has
//! happened, the values of the fresh cards are a uniformly random arrangement of the values
//! left (the deal is a uniform shuffle, R-DEAL, and no decision can depend on a fresh value).
//!
//! [`Luck`] watches every applied action. The value of a state for seat `s` is
//! `v_s = total_s + estimate_s`, where `estimate_s` (in a round) is the village's sum with every
//! fresh card counted at the mean of the fresh values, less what the card the seat holds would
//! save exchanged for its highest card. `v` reads no fresh value, so it is a function of what has
//! happened. When an action reveals fresh cards (a draw, a look, a peek, a failed exchange,
//! a round's scoring), seat `s` is charged `v_s(after) − E[v_s(after)]`, the expectation over the
//! arrangements of the fresh values before the action, computed by applying the same action to
//! copies of the game:
//!
//! * one card revealed: exactly, over each value `w` the fresh cards hold (weight: how many of
//!   them hold it), the revealed card's value exchanged with a uniformly chosen fresh card of
//!   value `w` (which leaves the rest a uniform arrangement);
//! * several cards, or the round's end: the mean over [`Luck::SAMPLES`] uniform re-arrangements
//!   of all fresh values (an unbiased estimate of the expectation).
//!
//! Each charge has mean zero given the past, so the sum of a seat's charges over a game has
//! mean zero whatever the bots are, and subtracting a multiple of it from an outcome leaves the
//! outcome's mean unchanged while removing the part of its spread that the cards explain. Deals
//! themselves are not charged (seat rotations already pair them), and a bot that reads hidden
//! values (a cheating search) breaks the premise: its decisions depend on fresh cards.
//!
//! The copies use their own random stream (SplitMix64 from [`Luck::new`]'s seed), so the game
//! and the bots draw exactly what they draw without it.

use crate::action::Action;
use crate::card::{Value, CARDS, VALUES};
use crate::config::MAX_PLAYERS;
use crate::game::{Game, Stage, ToMove};
use std::fmt;

/// The chance luck of one game so far, seat by seat, in two units (see the module docs).
#[derive(Clone, Debug)]
pub struct Luck {
    /// The game before the action being applied, while one is and it has fresh cards.
    before: Option<(Game, Action)>,
    /// The fresh cards of `before` (none: no action pending, or nothing it could reveal).
    fresh0: u64,
    /// Per seat, the charges in points.
    points: [f64; MAX_PLAYERS],
    /// Per seat, the charges in places.
    places: [f64; MAX_PLAYERS],
    /// Actions that revealed fresh cards.
    events: u32,
    /// Copies of the game played to compute the charges.
    copies: u32,
    /// SplitMix64 state.
    rng: u64,
    /// The places value's terms already computed in this game (the same numbers, computed once).
    memo: Box<Memo>,
}

/// The two values of a state: per seat, points and places (module docs).
type Values = [[f64; MAX_PLAYERS]; 2];

impl Luck {
    /// Re-arrangements sampled for an action that reveals several cards or ends a round.
    pub const SAMPLES: u32 = 32;

    /// The spread, in points, of the difference of two seats' totals over one round, for the
    /// places value (a fixed constant of the model, not fitted to the bots of a run).
    pub const ROUND_SPREAD: f64 = 20.0;

    /// The model's name and version, for manifests: a change to the value functions, the
    /// sampling or the constants is a new version.
    pub const MODEL: &'static str = "chance-luck-1";

    /// No luck yet; the copies draw from a stream seeded with `seed`.
    pub fn new(seed: u64) -> Luck {
        Luck {
            before: None,
            fresh0: 0,
            points: [0.0; MAX_PLAYERS],
            places: [0.0; MAX_PLAYERS],
            events: 0,
            copies: 0,
            rng: seed,
            memo: Box::new(Memo::new()),
        }
    }

    /// Per seat, the sum of the charges so far in points of the final total (positive: the
    /// revealed cards cost the seat points it was not expected to lose).
    pub fn points(&self) -> [f64; MAX_PLAYERS] {
        self.points
    }

    /// Per seat, the sum of the charges so far in places: how many more seats the revealed
    /// cards put ahead of the seat than expected (positive: bad luck).
    pub fn places(&self) -> [f64; MAX_PLAYERS] {
        self.places
    }

    /// Actions that revealed fresh cards so far.
    pub fn events(&self) -> u32 {
        self.events
    }

    /// Copies of the game played to compute the charges so far (the cost).
    pub fn copies(&self) -> u32 {
        self.copies
    }

    /// `action` is about to be applied to `game`. The game is kept only when it has fresh
    /// cards (without them the action reveals none and charges nothing).
    #[inline]
    pub fn applying(&mut self, game: &Game, action: Action) {
        self.fresh0 = fresh(game);
        self.before = if self.fresh0 != 0 {
            Some((*game, action))
        } else {
            None
        };
    }

    /// The action announced by [`Luck::applying`] has been applied, giving `game`: charge the
    /// seats for the fresh cards it revealed.
    pub fn applied(&mut self, game: &Game) {
        let fresh0 = std::mem::take(&mut self.fresh0);
        if fresh0 == 0 {
            return;
        }
        let fresh1 = fresh(game);
        let ended = !matches!(game.to_move(), ToMove::Player(_));
        let revealed = fresh0 & !fresh1;
        if revealed == 0 && !ended {
            return;
        }
        let Some((before, action)) = self.before.take() else {
            return;
        };
        self.events += 1;
        let expected = if !ended && revealed & revealed.wrapping_sub(1) == 0 {
            self.exact(&before, action, fresh0, revealed.trailing_zeros() as usize)
        } else {
            self.sampled(&before, action, fresh0)
        };
        let now = values(game, fresh1, &mut self.memo);
        for s in 0..game.cfg.players as usize {
            self.points[s] += now[0][s] - expected[0][s];
            self.places[s] += now[1][s] - expected[1][s];
        }
    }

    /// E[v(after)] when one card, `x`, is revealed: exactly, over the values fresh cards hold.
    fn exact(&mut self, before: &Game, action: Action, fresh: u64, x: usize) -> Values {
        // Card-id bits of the fresh cards of each value.
        let mut of_value = [0u64; VALUES];
        for c in ids(fresh) {
            of_value[before.value[c] as usize] |= 1u64 << c;
        }
        let n = fresh.count_ones();
        let mut out = [[0.0; MAX_PLAYERS]; 2];
        for (w, &cards) in of_value.iter().enumerate() {
            if cards == 0 {
                continue;
            }
            // A uniformly chosen fresh card of value w (the k-th, lowest id first) changes
            // places with x's value.
            let count = cards.count_ones();
            let mut rest = cards;
            for _ in 0..self.below(count) {
                rest &= rest - 1;
            }
            let partner = rest.trailing_zeros() as usize;
            debug_assert_eq!(before.value[partner] as usize, w);
            let mut g = *before;
            g.value.swap(x, partner);
            let v = self.play(&mut g, action);
            let weight = f64::from(count) / f64::from(n);
            for (o, v) in out.iter_mut().zip(&v) {
                for s in 0..MAX_PLAYERS {
                    o[s] += weight * v[s];
                }
            }
        }
        out
    }

    /// E[v(after)] estimated over uniform re-arrangements of every fresh value.
    fn sampled(&mut self, before: &Game, action: Action, fresh: u64) -> Values {
        let mut slots = [0u8; CARDS];
        let mut vals = [0 as Value; CARDS];
        let mut n = 0usize;
        for c in ids(fresh) {
            slots[n] = c as u8;
            vals[n] = before.value[c];
            n += 1;
        }
        let mut out = [[0.0; MAX_PLAYERS]; 2];
        for _ in 0..Self::SAMPLES {
            for i in (1..n).rev() {
                let j = self.below(i as u32 + 1) as usize;
                vals.swap(i, j);
            }
            let mut g = *before;
            for i in 0..n {
                g.value[slots[i] as usize] = vals[i];
            }
            let v = self.play(&mut g, action);
            for (o, v) in out.iter_mut().zip(&v) {
                for s in 0..MAX_PLAYERS {
                    o[s] += v[s] / f64::from(Self::SAMPLES);
                }
            }
        }
        out
    }

    /// Applies `action` to the copy `g` and values the result.
    fn play(&mut self, g: &mut Game, action: Action) -> Values {
        self.copies += 1;
        g.apply_unchecked(action, &mut ());
        values(g, fresh(g), &mut self.memo)
    }

    /// A uniform integer below `n` (`n > 0`; multiply-shift, bias below 2⁻³²).
    fn below(&mut self, n: u32) -> u32 {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((u128::from(z) * u128::from(n)) >> 64) as u32
    }
}

/// The places value's term for a difference `z` (in spreads) of two seats' points: a logistic
/// approximation of the normal probability that the first finishes behind the second.
#[inline]
fn behind(z: f64) -> f64 {
    1.0 / (1.0 + (-1.702 * z).exp())
}

/// Entries of [`Memo`] (a power of two).
const MEMO: usize = 1024;

/// [`behind`] of the arguments met so far, by their exact bits (direct-mapped: a newer
/// argument replaces an older one of the same slot). A state's places value calls it for every
/// ordered pair of seats, and the copies of one action, or the states of a round's end, share
/// many differences; a remembered term is the very number `behind` returns.
#[derive(Clone)]
struct Memo {
    /// Per slot, the bits of the argument.
    keys: [u64; MEMO],
    /// Per slot, `behind` of it.
    terms: [f64; MEMO],
}

impl Memo {
    /// Every slot holds the term of 0.
    fn new() -> Memo {
        Memo {
            keys: [0.0f64.to_bits(); MEMO],
            terms: [behind(0.0); MEMO],
        }
    }

    /// `behind(z)`.
    #[inline]
    fn behind(&mut self, z: f64) -> f64 {
        let key = z.to_bits();
        let i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - MEMO.trailing_zeros())) as usize;
        if self.keys[i] != key {
            self.keys[i] = key;
            self.terms[i] = behind(z);
        }
        self.terms[i]
    }
}

impl fmt::Debug for Memo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Memo").finish_non_exhaustive()
    }
}

/// 64-bit words of the card-indexed bytes `bytes`, card `8 i + j` in byte `j` of word `i`;
/// the bytes past the last card hold `pad`.
#[inline(always)]
fn words(bytes: &[u8; CARDS], pad: u8) -> [u64; WORDS] {
    let (whole, rest) = bytes.as_chunks::<8>();
    let mut out = [0u64; WORDS];
    for (o, w) in out.iter_mut().zip(whole) {
        *o = u64::from_le_bytes(*w);
    }
    if !rest.is_empty() {
        let mut last = [pad; 8];
        last[..rest.len()].copy_from_slice(rest);
        out[WORDS - 1] = u64::from_le_bytes(last);
    }
    out
}

/// Words of [`words`].
const WORDS: usize = CARDS.div_ceil(8);

/// Bit `j` set for each zero byte `j` of `x`.
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // 0x80 in each zero byte (no carry crosses a byte), then the byte flags gathered into the
    // top byte by one multiplication (the products of different bytes land on different bits).
    let zero = !((x & LOW7).wrapping_add(LOW7) | x | LOW7);
    (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Per 8-bit pattern, the word with byte `j` all ones where bit `j` is set.
const BYTE_MASKS: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        let mut j = 0;
        while j < 8 {
            if i & (1 << j) != 0 {
                t[i] |= 0xFF << (8 * j);
            }
            j += 1;
        }
        i += 1;
    }
    t
};

// The sum of 8 values fits a byte (`value_sum` adds a word's bytes in its top byte).
const _: () = assert!(8 * (VALUES - 1) < 256);

/// The sum of the values of the cards in the card-id bits `cards` (values below `VALUES`).
#[inline]
fn value_sum(g: &Game, cards: u64) -> u32 {
    let mut sum = 0u32;
    for (i, w) in words(&g.value, 0).iter().enumerate() {
        let picked = w & BYTE_MASKS[((cards >> (8 * i)) & 0xFF) as usize];
        sum += (picked.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32;
    }
    sum
}

/// Card-id bits of the fresh cards: no seat knows the value, none can place it among shuffled
/// cards (B8). Outside a round (before a deal, at its end) nothing is fresh.
pub(crate) fn fresh(g: &Game) -> u64 {
    if !matches!(g.to_move(), ToMove::Player(_)) {
        return 0;
    }
    let mut floating = 0u64;
    for s in 0..g.cfg.players as usize {
        floating |= g.float_members[s];
    }
    // Cards no seat knows: the zero bytes of `known` (the padding is not zero).
    let mut out = 0u64;
    for (i, &w) in words(&g.known, 0xFF).iter().enumerate() {
        out |= zero_bytes(w) << (8 * i);
    }
    out & !floating & !g.face_up
}

/// The card ids of the bits of `bits`, lowest first.
fn ids(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let c = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(c)
    })
}

/// `v` of every seat in points and in places (module docs), `fresh` being `fresh(g)`; `memo`
/// remembers the places terms.
fn values(g: &Game, fresh: u64, memo: &mut Memo) -> Values {
    let players = g.cfg.players as usize;
    let mut points = [0.0; MAX_PLAYERS];
    let mut places = [0.0; MAX_PLAYERS];
    for s in 0..players {
        points[s] = f64::from(g.totals[s]);
    }
    if g.is_over() {
        for (i, &s) in g.finishing_order().iter().enumerate().take(players) {
            places[s as usize] = i as f64;
        }
        return [points, places];
    }
    let in_round = if let ToMove::Player(mover) = g.to_move() {
        estimate(g, fresh, mover, &mut points);
        true
    } else {
        false
    };
    // Rounds still to play (the current one by the share of its deck left); the points game
    // counts as many as its cap allows.
    let rounds = g.cfg.max_rounds() as f64;
    let left = if in_round {
        rounds - f64::from(g.round) + g.deck.len() as f64 / DECK_AFTER_DEAL
    } else {
        rounds - f64::from(g.round)
    };
    let spread = Luck::ROUND_SPREAD * left.max(1.0 / DECK_AFTER_DEAL).sqrt();
    for s in 0..players {
        for o in 0..players {
            if o != s {
                places[s] += memo.behind((points[s] - points[o]) / spread);
            }
        }
    }
    [points, places]
}

/// The deck's size after a deal (R-DEAL): the unit of a round's progress.
const DECK_AFTER_DEAL: f64 = 31.0;

/// Adds each seat's round estimate to `points`: its village's sum with fresh cards at the fresh
/// mean, less, for the mover holding a card (or choosing among drawn ones), what exchanging the
/// lowest of them for the village's highest card would save.
fn estimate(g: &Game, fresh: u64, mover: u8, points: &mut [f64; MAX_PLAYERS]) {
    let n = fresh.count_ones();
    let mean = if n == 0 {
        0.0
    } else {
        f64::from(value_sum(g, fresh)) / f64::from(n)
    };
    // Card ids are below 64: the shift tests `fresh & bit(c)` without `bit`'s check.
    let of = |c: u8| -> f64 {
        if fresh.wrapping_shr(u32::from(c)) & 1 != 0 {
            mean
        } else {
            f64::from(g.value[c as usize])
        }
    };
    let held = match g.stage {
        Stage::Holding { card, .. } | Stage::Selecting { card, .. } => Some(of(card)),
        Stage::KeepDrawn { cards, n } => {
            cards[..n as usize].iter().map(|&c| of(c)).reduce(f64::min)
        }
        _ => None,
    };
    for s in 0..g.cfg.players as usize {
        let (mut total, mut high) = (0.0, f64::NEG_INFINITY);
        for &c in g.village[s].as_slice() {
            let x = of(c);
            total += x;
            high = high.max(x);
        }
        if let Some(h) = held.filter(|_| s == mover as usize) {
            total -= (high - h).max(0.0);
        }
        points[s] += total;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ActionList, Config};
    use rand::{Rng, SeedableRng};

    /// Plays a seeded random game, charging luck; returns the sums and the final totals.
    fn game(
        seed: u64,
        players: u8,
    ) -> (
        [f64; MAX_PLAYERS],
        [f64; MAX_PLAYERS],
        [i32; MAX_PLAYERS],
        u32,
    ) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::new(Config::standard(players).unwrap(), 0).unwrap();
        let mut luck = Luck::new(seed ^ 0x5eed);
        let mut actions = ActionList::new();
        loop {
            match g.to_move() {
                ToMove::Deal => g.deal_random(&mut rng, &mut ()),
                ToMove::Player(_) => {
                    g.legal_actions(&mut actions);
                    let a = actions[rng.random_range(0..actions.len())];
                    luck.applying(&g, a);
                    g.apply_unchecked(a, &mut ());
                    luck.applied(&g);
                }
                ToMove::Terminal => break,
            }
        }
        (luck.points(), luck.places(), g.totals, luck.events())
    }

    #[test]
    fn value_reads_no_fresh_value() {
        // Re-arranging the fresh values leaves v unchanged (v is a function of the past).
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut g = Game::new(Config::standard(3).unwrap(), 0).unwrap();
        let mut actions = ActionList::new();
        let mut luck = Luck::new(1);
        let mut checked = 0;
        while checked < 200 {
            match g.to_move() {
                ToMove::Deal => g.deal_random(&mut rng, &mut ()),
                ToMove::Player(_) => {
                    let f = fresh(&g);
                    let mut memo = Memo::new();
                    let v0 = values(&g, f, &mut memo);
                    let mut h = g;
                    let ids: Vec<usize> = ids(f).collect();
                    for i in (1..ids.len()).rev() {
                        let j = luck.below(i as u32 + 1) as usize;
                        h.value.swap(ids[i], ids[j]);
                    }
                    h.omniscient().check_invariants().unwrap();
                    assert_eq!(values(&h, fresh(&h), &mut memo), v0);
                    checked += 1;
                    g.legal_actions(&mut actions);
                    let a = actions[rng.random_range(0..actions.len())];
                    g.apply_unchecked(a, &mut ());
                }
                ToMove::Terminal => g = Game::new(Config::standard(3).unwrap(), 0).unwrap(),
            }
        }
    }

    #[test]
    fn charges_have_mean_zero_whatever_the_players_do() {
        // Seeded random games (a policy the model knows nothing about): each unit's mean luck
        // difference between two seats is within 4 standard errors of 0.
        for players in [2u8, 4] {
            let n = 400;
            let (mut xs, mut ys) = (Vec::new(), Vec::new());
            for seed in 0..n {
                let (points, places, _, events) = game(seed, players);
                assert!(events > 0);
                xs.push(points[0] - points[1]);
                ys.push(places[0] - places[1]);
            }
            for v in [xs, ys] {
                let mean = v.iter().sum::<f64>() / n as f64;
                let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
                assert!(
                    mean.abs() < 4.0 * (var / n as f64).sqrt(),
                    "{players}p: mean {mean}, var {var}"
                );
            }
        }
    }

    /// The measurement as it was first written (one pass over the cards per question, every
    /// places term computed afresh): the figures of [`Luck`] must stay bit for bit the same.
    #[allow(clippy::needless_range_loop)]
    mod reference {
        use crate::action::Action;
        use crate::card::{Value, CARDS, VALUES};
        use crate::config::MAX_PLAYERS;
        use crate::game::{bit, Game, Stage, ToMove};

        /// The chance luck of one game so far, seat by seat, in two units (see the module docs).
        pub struct Reference {
            /// The game before the action being applied, while one is.
            before: Option<(Game, Action)>,
            /// Per seat, the charges in points.
            points: [f64; MAX_PLAYERS],
            /// Per seat, the charges in places.
            places: [f64; MAX_PLAYERS],
            /// Actions that revealed fresh cards.
            events: u32,
            /// Copies of the game played to compute the charges.
            copies: u32,
            /// SplitMix64 state.
            pub rng: u64,
        }

        /// The two values of a state: per seat, points and places (module docs).
        type Values = [[f64; MAX_PLAYERS]; 2];

        impl Reference {
            /// No luck yet; the copies draw from a stream seeded with `seed`.
            pub fn new(seed: u64) -> Reference {
                Reference {
                    before: None,
                    points: [0.0; MAX_PLAYERS],
                    places: [0.0; MAX_PLAYERS],
                    events: 0,
                    copies: 0,
                    rng: seed,
                }
            }

            /// Per seat, the sum of the charges so far in points of the final total (positive: the
            /// revealed cards cost the seat points it was not expected to lose).
            pub fn points(&self) -> [f64; MAX_PLAYERS] {
                self.points
            }

            /// Per seat, the sum of the charges so far in places: how many more seats the revealed
            /// cards put ahead of the seat than expected (positive: bad luck).
            pub fn places(&self) -> [f64; MAX_PLAYERS] {
                self.places
            }

            /// Actions that revealed fresh cards so far.
            pub fn events(&self) -> u32 {
                self.events
            }

            /// Copies of the game played to compute the charges so far (the cost).
            pub fn copies(&self) -> u32 {
                self.copies
            }

            /// `action` is about to be applied to `game`.
            #[inline]
            pub fn applying(&mut self, game: &Game, action: Action) {
                self.before = Some((*game, action));
            }

            /// The action announced by [`Luck::applying`] has been applied, giving `game`: charge the
            /// seats for the fresh cards it revealed.
            pub fn applied(&mut self, game: &Game) {
                let Some((before, action)) = self.before.take() else {
                    return;
                };
                let fresh0 = fresh(&before);
                if fresh0 == 0 {
                    return;
                }
                let fresh1 = fresh(game);
                let ended = !matches!(game.to_move(), ToMove::Player(_));
                let revealed = fresh0 & !fresh1;
                if revealed == 0 && !ended {
                    return;
                }
                self.events += 1;
                let expected = if !ended && revealed & revealed.wrapping_sub(1) == 0 {
                    self.exact(&before, action, fresh0, revealed.trailing_zeros() as usize)
                } else {
                    self.sampled(&before, action, fresh0)
                };
                let now = values(game, fresh1);
                for s in 0..game.cfg.players as usize {
                    self.points[s] += now[0][s] - expected[0][s];
                    self.places[s] += now[1][s] - expected[1][s];
                }
            }

            /// E[v(after)] when one card, `x`, is revealed: exactly, over the values fresh cards hold.
            fn exact(&mut self, before: &Game, action: Action, fresh: u64, x: usize) -> Values {
                let mut count = [0u32; VALUES];
                let mut n = 0u32;
                for c in ids(fresh) {
                    count[before.value[c] as usize] += 1;
                    n += 1;
                }
                let mut out = [[0.0; MAX_PLAYERS]; 2];
                for w in 0..VALUES {
                    if count[w] == 0 {
                        continue;
                    }
                    // A uniformly chosen fresh card of value w changes places with x's value.
                    let mut k = self.below(count[w]);
                    let mut partner = x;
                    for c in ids(fresh) {
                        if before.value[c] as usize == w {
                            if k == 0 {
                                partner = c;
                                break;
                            }
                            k -= 1;
                        }
                    }
                    let mut g = *before;
                    g.value.swap(x, partner);
                    let v = self.play(&mut g, action);
                    let weight = f64::from(count[w]) / f64::from(n);
                    for (o, v) in out.iter_mut().zip(&v) {
                        for s in 0..MAX_PLAYERS {
                            o[s] += weight * v[s];
                        }
                    }
                }
                out
            }

            /// E[v(after)] estimated over uniform re-arrangements of every fresh value.
            fn sampled(&mut self, before: &Game, action: Action, fresh: u64) -> Values {
                let mut slots = [0u8; CARDS];
                let mut vals = [0 as Value; CARDS];
                let mut n = 0usize;
                for c in ids(fresh) {
                    slots[n] = c as u8;
                    vals[n] = before.value[c];
                    n += 1;
                }
                let mut out = [[0.0; MAX_PLAYERS]; 2];
                for _ in 0..super::Luck::SAMPLES {
                    for i in (1..n).rev() {
                        let j = self.below(i as u32 + 1) as usize;
                        vals.swap(i, j);
                    }
                    let mut g = *before;
                    for i in 0..n {
                        g.value[slots[i] as usize] = vals[i];
                    }
                    let v = self.play(&mut g, action);
                    for (o, v) in out.iter_mut().zip(&v) {
                        for s in 0..MAX_PLAYERS {
                            o[s] += v[s] / f64::from(super::Luck::SAMPLES);
                        }
                    }
                }
                out
            }

            /// Applies `action` to the copy `g` and values the result.
            fn play(&mut self, g: &mut Game, action: Action) -> Values {
                self.copies += 1;
                g.apply_unchecked(action, &mut ());
                values(g, fresh(g))
            }

            /// A uniform integer below `n` (`n > 0`; multiply-shift, bias below 2⁻³²).
            fn below(&mut self, n: u32) -> u32 {
                self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = self.rng;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^= z >> 31;
                ((u128::from(z) * u128::from(n)) >> 64) as u32
            }
        }

        /// Card-id bits of the fresh cards: no seat knows the value, none can place it among shuffled
        /// cards (B8). Outside a round (before a deal, at its end) nothing is fresh.
        pub fn fresh(g: &Game) -> u64 {
            if !matches!(g.to_move(), ToMove::Player(_)) {
                return 0;
            }
            let mut floating = 0u64;
            for s in 0..g.cfg.players as usize {
                floating |= g.float_members[s];
            }
            let mut out = 0u64;
            for c in 0..CARDS {
                if g.known[c] == 0 {
                    out |= bit(c as u8);
                }
            }
            out & !floating & !g.face_up
        }

        /// The card ids of the bits of `bits`, lowest first.
        fn ids(mut bits: u64) -> impl Iterator<Item = usize> {
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(c)
            })
        }

        /// `v` of every seat in points and in places (module docs).
        pub fn values(g: &Game, fresh: u64) -> Values {
            let players = g.cfg.players as usize;
            let mut points = [0.0; MAX_PLAYERS];
            let mut places = [0.0; MAX_PLAYERS];
            for s in 0..players {
                points[s] = f64::from(g.totals[s]);
            }
            if g.is_over() {
                for (i, &s) in g.finishing_order().iter().enumerate().take(players) {
                    places[s as usize] = i as f64;
                }
                return [points, places];
            }
            let in_round = if let ToMove::Player(mover) = g.to_move() {
                estimate(g, fresh, mover, &mut points);
                true
            } else {
                false
            };
            // Rounds still to play (the current one by the share of its deck left); the points game
            // counts as many as its cap allows.
            let rounds = g.cfg.max_rounds() as f64;
            let left = if in_round {
                rounds - f64::from(g.round) + g.deck.len() as f64 / DECK_AFTER_DEAL
            } else {
                rounds - f64::from(g.round)
            };
            let spread = super::Luck::ROUND_SPREAD * left.max(1.0 / DECK_AFTER_DEAL).sqrt();
            for s in 0..players {
                for o in 0..players {
                    if o != s {
                        // A logistic approximation of the normal probability that s finishes behind o.
                        let z = (points[s] - points[o]) / spread;
                        places[s] += 1.0 / (1.0 + (-1.702 * z).exp());
                    }
                }
            }
            [points, places]
        }

        /// The deck's size after a deal (R-DEAL): the unit of a round's progress.
        const DECK_AFTER_DEAL: f64 = 31.0;

        /// Adds each seat's round estimate to `points`: its village's sum with fresh cards at the fresh
        /// mean, less, for the mover holding a card (or choosing among drawn ones), what exchanging the
        /// lowest of them for the village's highest card would save.
        fn estimate(g: &Game, fresh: u64, mover: u8, points: &mut [f64; MAX_PLAYERS]) {
            let (mut sum, mut n) = (0u32, 0u32);
            for c in ids(fresh) {
                sum += u32::from(g.value[c]);
                n += 1;
            }
            let mean = if n == 0 {
                0.0
            } else {
                f64::from(sum) / f64::from(n)
            };
            let of = |c: u8| -> f64 {
                if fresh & bit(c) != 0 {
                    mean
                } else {
                    f64::from(g.value[c as usize])
                }
            };
            let held = match g.stage {
                Stage::Holding { card, .. } | Stage::Selecting { card, .. } => Some(of(card)),
                Stage::KeepDrawn { cards, n } => {
                    cards[..n as usize].iter().map(|&c| of(c)).reduce(f64::min)
                }
                _ => None,
            };
            for s in 0..g.cfg.players as usize {
                let (mut total, mut high) = (0.0, f64::NEG_INFINITY);
                for &c in g.village[s].as_slice() {
                    let x = of(c);
                    total += x;
                    high = high.max(x);
                }
                if let Some(h) = held.filter(|_| s == mover as usize) {
                    total -= (high - h).max(0.0);
                }
                points[s] += total;
            }
        }
    }

    /// Plays seeded random games of `set` with both measurements side by side.
    fn same_as_reference(set: crate::CardSet, players: u8, seeds: std::ops::Range<u64>) {
        let mut actions = ActionList::new();
        for seed in seeds {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let cfg = Config {
                set,
                ..Config::standard(players).unwrap()
            };
            let mut g = Game::new(cfg, (seed % u64::from(players)) as u8).unwrap();
            let mut luck = Luck::new(seed ^ 0x5eed);
            let mut old = reference::Reference::new(seed ^ 0x5eed);
            loop {
                match g.to_move() {
                    ToMove::Deal => g.deal_random(&mut rng, &mut ()),
                    ToMove::Player(_) => {
                        g.legal_actions(&mut actions);
                        let a = actions[rng.random_range(0..actions.len())];
                        assert_eq!(fresh(&g), reference::fresh(&g));
                        luck.applying(&g, a);
                        old.applying(&g, a);
                        g.apply_unchecked(a, &mut ());
                        luck.applied(&g);
                        old.applied(&g);
                        let bits = |v: [f64; MAX_PLAYERS]| v.map(f64::to_bits);
                        assert_eq!(bits(luck.points()), bits(old.points()), "seed {seed}");
                        assert_eq!(bits(luck.places()), bits(old.places()), "seed {seed}");
                        assert_eq!(luck.events(), old.events());
                        assert_eq!(luck.copies(), old.copies());
                    }
                    ToMove::Terminal => break,
                }
            }
            assert_eq!(luck.rng, old.rng);
        }
    }

    #[test]
    fn same_figures_as_the_reference_measurement() {
        let mix = crate::CardSet::parse(
            "amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger/token=dagger",
        )
        .unwrap();
        for players in 2..=4 {
            same_as_reference(crate::CardSet::amulet(), players, 0..40);
            same_as_reference(mix, players, 100..130);
        }
        for set in ["bullet", "amulet+0:bullet,10:coin"] {
            same_as_reference(crate::CardSet::parse(set).unwrap(), 3, 200..220);
        }
    }

    #[test]
    fn value_sums_and_zero_bytes() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut g = Game::new(Config::standard(4).unwrap(), 0).unwrap();
        for _ in 0..2000 {
            for c in 0..CARDS {
                g.value[c] = rng.random_range(0..VALUES as Value);
                g.known[c] = if rng.random_range(0..3) == 0 {
                    0
                } else {
                    rng.random()
                };
            }
            let cards: u64 = rng.random::<u64>() & ((1u64 << CARDS) - 1);
            let slow: u32 = ids(cards).map(|c| u32::from(g.value[c])).sum();
            assert_eq!(value_sum(&g, cards), slow);
            let mut unknown = 0u64;
            for (i, w) in words(&g.known, 0xFF).iter().enumerate() {
                unknown |= zero_bytes(*w) << (8 * i);
            }
            let slow = (0..CARDS)
                .filter(|&c| g.known[c] == 0)
                .fold(0, |m, c| m | 1u64 << c);
            assert_eq!(unknown, slow);
        }
    }
}
