//! Card values and the deck they make (R-DECK).

/// A card value, 0–13 (R-DECK).
pub type Value = u8;

/// Number of distinct values (0–13).
pub const VALUES: usize = 14;

/// Number of cards in a deck (R-DECK).
pub const CARDS: usize = 52;

/// How many cards of each value a deck holds (R-DECK): two 0s, four each of 1–12, two 13s.
pub const VALUE_COUNTS: [u8; VALUES] = [2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2];

/// Sum of all card values in a deck (R-DECK).
pub const DECK_SUM: u32 = 338;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_deck_counts_and_sum() {
        let n: u32 = VALUE_COUNTS.iter().map(|&c| c as u32).sum();
        assert_eq!(n, CARDS as u32);
        let s: u32 = VALUE_COUNTS
            .iter()
            .enumerate()
            .map(|(v, &c)| v as u32 * c as u32)
            .sum();
        assert_eq!(s, DECK_SUM);
    }
}
