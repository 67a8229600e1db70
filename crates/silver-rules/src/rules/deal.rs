//! Dealing a round: the chance event between rounds (R-DEAL, R-PEEK0), and the engine's
//! deterministic chance source for the shuffles inside a round (B8).

use crate::card::Ability;
use crate::config::MAX_PLAYERS;
use crate::event::{EventSink, GameEvent, Hidden, PileReason};
use crate::game::{CardId, DealOrder, Game, Stage, ALL, NONE, VILLAGE_CARDS};

/// SplitMix64 step (the engine's deterministic chance source for B8 shuffles).
#[inline]
pub(crate) fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Game {
    /// R-DEAL, R-PEEK0: deal a round from an explicit order (a stacked deck, or a shuffle).
    /// Panics if the game is not waiting for a deal (see [`Game::to_move`]). The engine's
    /// chance source for B8 shuffles is derived from the order; see [`Game::deal_with_chance`].
    pub fn deal<S: EventSink>(&mut self, order: &DealOrder, sink: &mut S) {
        let mut h = 0x9E37_79B9_7F4A_7C15u64 ^ self.round as u64;
        for &v in order.values().iter() {
            h = splitmix(h ^ v as u64);
        }
        self.deal_with_chance(order, h, sink);
    }

    /// [`Game::deal`] with an explicit seed for the chance events inside the round (B8 Thing
    /// shuffles). The seed is never part of a [`crate::PlayerView`].
    pub fn deal_with_chance<S: EventSink>(&mut self, order: &DealOrder, chance: u64, sink: &mut S) {
        assert_eq!(self.stage, Stage::Deal, "deal() called when no deal is due");
        let n = self.cfg.players;
        let values = order.values();
        self.value = *values;
        self.known = [0; crate::card::CARDS];
        self.tally = 0;
        self.public_plain = 0;
        self.face_up = 0;
        self.helpers_up = 0;
        self.roles_up = [0; crate::game::UpRole::COUNT];
        self.guard = [NONE; crate::card::CARDS];
        self.shield = 0;
        self.aside_len = 0;
        for s in 0..MAX_PLAYERS {
            let row = &mut self.village[s];
            *row = crate::game::Row::EMPTY;
            for i in 0..5 {
                let c = (s * 5 + i) as CardId;
                if (s as u8) < n {
                    row.push(c);
                } else {
                    self.aside[self.aside_len as usize] = c;
                    self.aside_len += 1;
                }
            }
        }
        self.deck = crate::game::Row::EMPTY;
        for c in (VILLAGE_CARDS + 1..crate::card::CARDS).rev() {
            self.deck.push(c as CardId);
        }
        self.pile = crate::game::Row::EMPTY;
        self.display_len = 0;
        self.display = [NONE; 4];
        self.round += 1;
        self.token_used = false;
        self.token_card = NONE;
        self.caller = NONE;
        self.extra_left = 0;
        self.extra_done = 0;
        self.rotated = 0;
        self.reversed = false; // E-DIRECTION: each round starts clockwise
        self.skip_next = false;
        self.float_members = [0; MAX_PLAYERS];
        self.float_values = [[0; crate::card::VALUES]; MAX_PLAYERS];
        self.chance = chance;
        self.turn = crate::game::Turn::new(self.start, 0);
        sink.event(&GameEvent::RoundStarted {
            round: self.round,
            start: self.start,
            token_holder: self.holder,
            order: values.map(|v| Hidden::new(v, 0)),
        });
        // R-DEAL: the first discard is turned up from the deck. D4 (ruling): a Zombie turned
        // up goes face-up under the deck and the next card is turned up instead.
        let mut first = VILLAGE_CARDS as CardId;
        while self.ability_of(first) == Ability::Zombie
            && self
                .deck
                .as_slice()
                .iter()
                .any(|&c| self.ability_of(c) != Ability::Zombie)
        {
            self.learn(first, ALL);
            sink.event(&GameEvent::ToDeckBottom {
                value: self.value[first as usize],
            });
            self.deck.insert_bottom(first);
            first = self.deck.pop();
        }
        self.pile.push(first);
        self.learn(first, ALL);
        sink.event(&GameEvent::ToPile {
            value: self.value[first as usize],
            reason: PileReason::Deal,
        });
        self.stage = Stage::OpeningPeek {
            seat: self.start,
            left: 2,
        };
    }

    /// Deals a uniformly shuffled deck (R-DEAL). With a B8 ability in the set, one more
    /// number is drawn from `rng` to seed the round's shuffles.
    pub fn deal_random<R: rand::Rng + ?Sized, S: EventSink>(&mut self, rng: &mut R, sink: &mut S) {
        let order = DealOrder::shuffled(rng);
        let chance = if self.cfg.set.has_kind(Ability::ShuffleVillage.kind()) {
            rng.random()
        } else {
            0
        };
        self.deal_with_chance(&order, chance, sink);
    }
}
