//! Seeding: every random draw of a game derives from (master seed, index, purpose) through a
//! named generator (ChaCha8), so a game's outcome depends on nothing else: not the thread that
//! plays it, not the shard, not the games played before it.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use silver_rules::Seat;

/// SplitMix64 finaliser: decorrelates (seed, purpose) pairs.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const DEAL: u64 = 0x6465_616c; // "deal"
const BOT: u64 = 0x626f_7400; // "bot\0" + seat

/// The deal stream of deal number `deal` (all seat rotations of a deal share it: the first
/// player and every round's shuffle).
pub fn deal_rng(master: u64, deal: u64) -> ChaCha8Rng {
    let mut r = ChaCha8Rng::seed_from_u64(mix(master ^ mix(DEAL)));
    r.set_stream(deal);
    r
}

/// The stream of the bot in `seat` in game `game`.
pub fn bot_rng(master: u64, game: u64, seat: Seat) -> ChaCha8Rng {
    let mut r = ChaCha8Rng::seed_from_u64(mix(master ^ mix(BOT + seat as u64)));
    r.set_stream(game);
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn streams_are_distinct_and_stable() {
        let a: u64 = deal_rng(1, 0).random();
        let b: u64 = deal_rng(1, 1).random();
        let c: u64 = deal_rng(2, 0).random();
        let d: u64 = bot_rng(1, 0, 0).random();
        let e: u64 = bot_rng(1, 0, 1).random();
        assert!(a != b && a != c && a != d && d != e);
        assert_eq!(a, deal_rng(1, 0).random::<u64>());
    }
}
