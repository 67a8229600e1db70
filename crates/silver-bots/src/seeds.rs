//! Game setup and seeding, the one place that says how a seeded game starts: every random draw
//! of a game derives from (master seed, number, purpose) through a named generator (ChaCha8), so
//! a game's outcome depends on nothing else: not the thread that plays it, not the shard, not
//! the games played before it.
//!
//! * Deal number `deal` has one deal stream ([`deal_rng`]); its first draw is the first player
//!   ([`first_player`]), then it shuffles every round. All seat rotations of a deal share it.
//! * The bot in seat `s` of game number `game` draws from its own stream ([`bot_rng`]).
//!
//! [`GameSeeds`] gathers the three for one game; runs, replays, the terminal table and the
//! Python package all start their games from it (or from [`dealing`], when no bot plays).

use crate::BotRng;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_rules::{Seat, MAX_PLAYERS};

/// SplitMix64 finaliser: decorrelates (seed, purpose) pairs.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const DEAL: u64 = 0x6465_616c; // "deal"
const BOT: u64 = 0x626f_7400; // "bot\0" + seat
const LUCK: u64 = 0x6c75_636b; // "luck"

/// The deal stream of deal number `deal` (all seat rotations of a deal share it: the first
/// player and every round's shuffle).
pub fn deal_rng(master: u64, deal: u64) -> ChaCha8Rng {
    let mut r = ChaCha8Rng::seed_from_u64(mix(master ^ mix(DEAL)));
    r.set_stream(deal);
    r
}

/// The stream of the bot in `seat` in game `game`.
pub fn bot_rng(master: u64, game: u64, seat: Seat) -> BotRng {
    let mut r = ChaCha8Rng::seed_from_u64(mix(master ^ mix(BOT + seat as u64)));
    r.set_stream(game);
    r
}

/// The seed of game `game`'s chance-luck stream ([`silver_rules::Luck`]), which re-arranges
/// unseen cards in copies of the game: apart from the game's and its bots' streams, so
/// measuring luck changes nothing they draw.
pub fn luck_seed(master: u64, game: u64) -> u64 {
    mix(mix(master ^ mix(LUCK)) ^ game)
}

/// Who starts round 1 of a `players`-player game: the first draw of a fresh deal stream.
pub fn first_player(deals: &mut ChaCha8Rng, players: u8) -> Seat {
    deals.random_range(0..players)
}

/// Deal number `deal` of master seed `master` for `players` players: its first player, and its
/// deal stream after that draw (ready for round 1's shuffle).
pub fn dealing(master: u64, deal: u64, players: u8) -> (Seat, ChaCha8Rng) {
    let mut deals = deal_rng(master, deal);
    (first_player(&mut deals, players), deals)
}

/// Everything random about one seeded game.
#[derive(Clone, Debug)]
pub struct GameSeeds {
    /// Who starts round 1.
    pub first_player: Seat,
    /// The deal stream, after the first player's draw.
    pub deals: ChaCha8Rng,
    /// Per seat, its bot's stream.
    pub bots: [BotRng; MAX_PLAYERS],
}

impl GameSeeds {
    /// Game number `game` of master seed `master`, for `players` players, dealt as deal
    /// number `deal` (a run's seat rotations of one deal are different games of one deal).
    pub fn new(master: u64, deal: u64, game: u64, players: u8) -> GameSeeds {
        let (first_player, deals) = dealing(master, deal, players);
        GameSeeds {
            first_player,
            deals,
            bots: std::array::from_fn(|s| bot_rng(master, game, s as Seat)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_game_starts_from_its_deal_stream() {
        let seeds = GameSeeds::new(7, 3, 12, 4);
        let mut deals = deal_rng(7, 3);
        assert_eq!(seeds.first_player, deals.random_range(0..4u8));
        assert_eq!(seeds.deals.clone().random::<u64>(), deals.random::<u64>());
        assert_eq!(
            seeds.bots[2].clone().random::<u64>(),
            bot_rng(7, 12, 2).random::<u64>()
        );
    }
}
