//! Deal orders ([`DealOrder`], R-DEAL) and the shuffles that make them and sample worlds.

use super::VILLAGE_CARDS;
use crate::card::{Value, CARDS, VALUES, VALUE_COUNTS};
use crate::config::MAX_PLAYERS;

/// A complete 52-card deal order (R-DEAL): cards 0–19 are the four villages seat by seat (slot
/// 0 first; the villages of empty seats are set aside), card 20 starts the discard pile, cards
/// 21–51 are the deck from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealOrder([Value; CARDS]);

impl DealOrder {
    /// Checks that `values` is a full deck (R-DECK).
    pub fn new(values: [Value; CARDS]) -> Result<DealOrder, DealError> {
        let mut counts = [0u8; VALUES];
        for &v in &values {
            if v as usize >= VALUES {
                return Err(DealError::BadValue(v));
            }
            counts[v as usize] += 1;
        }
        for v in 0..VALUES {
            if counts[v] != VALUE_COUNTS[v] {
                return Err(DealError::WrongCount {
                    value: v as u8,
                    found: counts[v],
                    expected: VALUE_COUNTS[v],
                });
            }
        }
        Ok(DealOrder(values))
    }

    /// From a slice (e.g. parsed JSON).
    pub fn from_slice(values: &[Value]) -> Result<DealOrder, DealError> {
        let arr: [Value; CARDS] = values
            .try_into()
            .map_err(|_| DealError::Length(values.len()))?;
        DealOrder::new(arr)
    }

    /// A uniformly shuffled deck.
    pub fn shuffled<R: rand::Rng + ?Sized>(rng: &mut R) -> DealOrder {
        let mut v = SORTED_DECK;
        shuffle(&mut v, rng);
        DealOrder(v)
    }

    /// Builds a deal from the parts a scenario cares about; the rest of the deck is filled from
    /// the unused cards in ascending order. `villages[s]` lists seat `s`'s five cards, `first`
    /// is the first discard and `deck_top` the top of the deck (top first).
    pub fn stacked(
        villages: &[[Value; 5]],
        first_discard: Value,
        deck_top: &[Value],
    ) -> Result<DealOrder, DealError> {
        let mut counts = VALUE_COUNTS;
        let mut out = [0u8; CARDS];
        let mut fixed = [false; CARDS];
        let mut take = |pos: usize, v: Value, out: &mut [u8; CARDS]| -> Result<(), DealError> {
            if v as usize >= VALUES {
                return Err(DealError::BadValue(v));
            }
            if counts[v as usize] == 0 {
                return Err(DealError::WrongCount {
                    value: v,
                    found: VALUE_COUNTS[v as usize] + 1,
                    expected: VALUE_COUNTS[v as usize],
                });
            }
            counts[v as usize] -= 1;
            out[pos] = v;
            fixed[pos] = true;
            Ok(())
        };
        if villages.len() > MAX_PLAYERS || 21 + deck_top.len() > CARDS {
            return Err(DealError::Length(villages.len() * 5 + 1 + deck_top.len()));
        }
        for (s, row) in villages.iter().enumerate() {
            for (i, &v) in row.iter().enumerate() {
                take(s * 5 + i, v, &mut out)?;
            }
        }
        take(VILLAGE_CARDS, first_discard, &mut out)?;
        for (i, &v) in deck_top.iter().enumerate() {
            take(VILLAGE_CARDS + 1 + i, v, &mut out)?;
        }
        // Fill the rest: deck positions first, so set-aside villages get the highest leftovers.
        let mut rest = counts
            .iter()
            .enumerate()
            .flat_map(|(v, &n)| std::iter::repeat_n(v as u8, n as usize));
        let order: Vec<usize> = (VILLAGE_CARDS + 1..CARDS).chain(0..VILLAGE_CARDS).collect();
        for pos in order {
            if !fixed[pos] {
                out[pos] = rest.next().expect("counts add up to 52");
            }
        }
        DealOrder::new(out)
    }

    /// The 52 values in deal order.
    pub fn values(&self) -> &[Value; CARDS] {
        &self.0
    }
}

/// Every card of a deck in ascending order.
pub(crate) const SORTED_DECK: [Value; CARDS] = {
    let mut out = [0u8; CARDS];
    let mut i = 0;
    let mut v = 0;
    while v < VALUES {
        let mut k = 0;
        while k < VALUE_COUNTS[v] {
            out[i] = v as u8;
            i += 1;
            k += 1;
        }
        v += 1;
    }
    out
};

/// Fisher–Yates shuffle (allocation-free).
#[inline]
pub(crate) fn shuffle<T, R: rand::Rng + ?Sized>(s: &mut [T], rng: &mut R) {
    for i in (1..s.len()).rev() {
        let j = rng.random_range(0..=i);
        s.swap(i, j);
    }
}

/// Fisher–Yates shuffle drawing up to four indices from each 64-bit random number
/// (Brackett-Rozinsky & Lemire, "Batched ranged random integer generation", 2024): exactly
/// uniform like [`shuffle`], several times cheaper, but a different use of the random stream,
/// so deals (whose order is part of every run's output) keep [`shuffle`]; the world sampler
/// uses this. Slices of at most 64 elements.
#[inline]
pub(crate) fn shuffle_batched<T, R: rand::Rng + ?Sized>(s: &mut [T], rng: &mut R) {
    debug_assert!(s.len() <= 64);
    let mut i = s.len();
    // Four indices per draw while five or more elements are left: the bounds i, i-1, i-2,
    // i-3 multiply to at most 64^4 = 2^24, so a draw is rejected with probability below
    // 2^-40 (and the division of the exact test is almost never needed).
    while i > 4 {
        let b = [i as u64, i as u64 - 1, i as u64 - 2, i as u64 - 3];
        let j = batch(b, rng);
        s.swap(i - 1, j[0]);
        s.swap(i - 2, j[1]);
        s.swap(i - 3, j[2]);
        s.swap(i - 4, j[3]);
        i -= 4;
    }
    // The last 1 to 3 swaps in one more draw (bounds i, ..., 2; a bound of 1 draws 0).
    if i > 1 {
        let b = [i as u64, (i as u64 - 1).max(1), (i as u64 - 2).max(1), 1];
        let j = batch(b, rng);
        for (d, &jd) in j.iter().enumerate().take(i - 1) {
            s.swap(i - 1 - d, jd);
        }
    }
}

/// Four uniform indices below the four `bounds` from one 64-bit draw each try (Lemire's
/// nearly divisionless method, batched): each multiply's high half is an index and its low
/// half the randomness left for the next one.
#[inline]
fn batch<R: rand::Rng + ?Sized>(bounds: [u64; 4], rng: &mut R) -> [usize; 4] {
    let product = bounds[0] * bounds[1] * bounds[2] * bounds[3];
    loop {
        let mut r = rng.next_u64();
        let mut j = [0usize; 4];
        for (jd, &b) in j.iter_mut().zip(&bounds) {
            let m = u128::from(r) * u128::from(b);
            *jd = (m >> 64) as usize;
            r = m as u64;
        }
        // Unbiased unless the leftover falls below 2^64 mod product.
        if r >= product || r >= product.wrapping_neg() % product {
            return j;
        }
    }
}

/// An invalid deal order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// Not 52 cards.
    #[error("a deal order has 52 cards, not {0}")]
    Length(usize),
    /// A value outside 0–13.
    #[error("card value {0} is outside 0-13")]
    BadValue(u8),
    /// A value appears the wrong number of times (R-DECK).
    #[error("value {value} appears {found} times; a deck has {expected}")]
    WrongCount {
        /// The value.
        value: u8,
        /// How often it appears.
        found: u8,
        /// How often it must appear.
        expected: u8,
    },
}

#[cfg(test)]
mod tests {
    use super::{shuffle, shuffle_batched};
    use rand::SeedableRng;

    /// Both shuffles give every permutation of 5 elements equally often (chi-square, failing
    /// at p < 1e-6), and the batched one puts each of 7 values equally often at each position
    /// (several batches, the last one short; bounds at 5.4 standard deviations).
    #[test]
    fn batched_shuffle_is_uniform() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for batched in [false, true] {
            let mut counts = std::collections::HashMap::new();
            let n = 120_000;
            for _ in 0..n {
                let mut a = [0u8, 1, 2, 3, 4];
                if batched {
                    shuffle_batched(&mut a, &mut rng);
                } else {
                    shuffle(&mut a, &mut rng);
                }
                *counts.entry(a).or_insert(0u32) += 1;
            }
            assert_eq!(counts.len(), 120, "every permutation appears");
            let expected = n as f64 / 120.0;
            let chi2: f64 = counts
                .values()
                .map(|&c| (c as f64 - expected).powi(2) / expected)
                .sum();
            // 119 degrees of freedom: mean 119, p = 1e-6 at about 210.
            assert!(chi2 < 210.0, "chi-square {chi2} (batched: {batched})");
        }
        // Longer slices (several batches, the last one short): each value equally often at
        // each position.
        let mut at = [[0u32; 7]; 7];
        for _ in 0..70_000 {
            let mut a = [0usize, 1, 2, 3, 4, 5, 6];
            shuffle_batched(&mut a, &mut rng);
            for (pos, &v) in a.iter().enumerate() {
                at[pos][v] += 1;
            }
        }
        for row in at {
            for c in row {
                assert!(
                    (9_500..10_500).contains(&c),
                    "{c} of 70,000 (expected 10,000)"
                );
            }
        }
    }
}
