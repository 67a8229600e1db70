//! [`Row`]: a row of card ids (a village, the deck, the discard pile) with its card-id bits.

use super::{CardId, NONE};
use crate::card::CARDS;
use std::fmt;

/// A row of card ids with a length (a village, the deck, the discard pile), and the card-id
/// bits of its cards (`mask`), kept by every change, so that "is card `c` here" and "which of
/// these cards are in this village" are one bit operation instead of a scan.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Row {
    /// The cards in order, then `NONE`s (private, like `len` and `mask`: every change goes
    /// through the methods below, which keep `mask`).
    cards: [CardId; CARDS],
    len: u8,
    /// Card-id bits of `cards[..len]`.
    mask: u64,
}

impl Row {
    pub(crate) const EMPTY: Row = Row {
        cards: [NONE; CARDS],
        len: 0,
        mask: 0,
    };

    /// The whole array (the cards, then `NONE`s) and the length, as a view code stores them.
    pub(crate) fn parts(&self) -> (&[CardId; CARDS], u8) {
        (&self.cards, self.len)
    }

    /// A row of `cards[..len]` (the rest must be `NONE`).
    pub(crate) fn from_parts(cards: [CardId; CARDS], len: u8) -> Row {
        let mask = cards[..len as usize]
            .iter()
            .fold(0u64, |m, &c| m | 1u64 << c);
        Row { cards, len, mask }
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[CardId] {
        &self.cards[..self.len as usize]
    }
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }
    /// Card-id bits of the row's cards.
    #[inline]
    pub(crate) fn mask(&self) -> u64 {
        self.mask
    }
    /// True if card `c` lies in this row.
    #[inline]
    pub(crate) fn contains(&self, c: CardId) -> bool {
        c != NONE && self.mask & (1u64 << c) != 0
    }
    #[inline]
    pub(crate) fn get(&self, i: usize) -> CardId {
        debug_assert!(i < self.len());
        self.cards[i]
    }
    /// Puts card `c` in place of the card at index `i`.
    #[inline]
    pub(crate) fn set(&mut self, i: usize, c: CardId) {
        debug_assert!(i < self.len() && (self.cards[i] == c || !self.contains(c)));
        self.mask &= !(1u64 << self.cards[i]);
        self.cards[i] = c;
        self.mask |= 1u64 << c;
    }
    #[inline]
    pub(crate) fn push(&mut self, c: CardId) {
        self.cards[self.len as usize] = c;
        self.len += 1;
        self.mask |= 1u64 << c;
    }
    #[inline]
    pub(crate) fn pop(&mut self) -> CardId {
        self.len -= 1;
        let c = self.cards[self.len as usize];
        self.cards[self.len as usize] = NONE;
        self.mask &= !(1u64 << c);
        c
    }
    #[inline]
    pub(crate) fn top(&self) -> Option<CardId> {
        (self.len > 0).then(|| self.cards[self.len as usize - 1])
    }
    /// Removes index `i`, closing the row up.
    pub(crate) fn remove(&mut self, i: usize) -> CardId {
        let c = self.cards[i];
        self.cards.copy_within(i + 1..self.len as usize, i);
        self.len -= 1;
        self.cards[self.len as usize] = NONE;
        self.mask &= !(1u64 << c);
        c
    }
    /// Puts a card under all others (index 0: the bottom of the deck).
    pub(crate) fn insert_bottom(&mut self, c: CardId) {
        let n = self.len as usize;
        self.cards.copy_within(0..n, 1);
        self.cards[0] = c;
        self.len += 1;
        self.mask |= 1u64 << c;
    }
    /// Reverses the row (B5: the deck's order).
    pub(crate) fn reverse(&mut self) {
        let n = self.len as usize;
        self.cards[..n].reverse();
    }
    /// Index of card `c`, if it lies in this row.
    #[inline]
    pub(crate) fn position(&self, c: CardId) -> Option<usize> {
        if !self.contains(c) {
            return None;
        }
        self.as_slice().iter().position(|&x| x == c)
    }
}

impl fmt::Debug for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::{Row, NONE};
    use rand::{Rng, SeedableRng};

    /// Every change to a row keeps its card-id bits equal to the bits of its cards.
    #[test]
    fn row_card_marks_follow_every_change() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut row = Row::EMPTY;
        let mut outside: Vec<u8> = (0..52).collect();
        for step in 0..20_000 {
            match rng.random_range(0..6) {
                0 | 1 if !outside.is_empty() => {
                    let c = outside.swap_remove(rng.random_range(0..outside.len()));
                    if step % 2 == 0 {
                        row.push(c);
                    } else {
                        row.insert_bottom(c);
                    }
                }
                2 if row.len() > 0 => outside.push(row.pop()),
                3 if row.len() > 0 => outside.push(row.remove(rng.random_range(0..row.len()))),
                4 if row.len() > 0 && !outside.is_empty() => {
                    let i = rng.random_range(0..row.len());
                    let c = outside.swap_remove(rng.random_range(0..outside.len()));
                    outside.push(row.get(i));
                    row.set(i, c);
                }
                _ => row.reverse(),
            }
            let expected = Row::from_parts(row.cards, row.len);
            assert_eq!(row.mask(), expected.mask(), "after step {step}");
            assert!(row.cards[row.len()..].iter().all(|&c| c == NONE));
            for c in 0..52u8 {
                assert_eq!(row.contains(c), row.as_slice().contains(&c));
                assert_eq!(row.position(c), row.as_slice().iter().position(|&x| x == c));
            }
        }
        assert!(!row.contains(NONE));
    }
}
