//! Memory models: what a bot still remembers of the hidden cards it has seen.
//!
//! The engine tracks perfect-recall knowledge (RULES.md §6). A [`Memory`] keeps, per bot, which
//! of those *facts about hidden cards* (a face-down village card, a deck card) it still
//! remembers, and produces the forgetful view the bot decides on: always a subset of the
//! perfect-recall view. Public cards are never forgotten.

use crate::spec::MemorySpec;
use crate::BotRng;
use rand::Rng;
use silver_rules::{Action, CardId, CardMask, PlayerView, Stage, CARDS};

/// One bot's memory of hidden facts.
#[derive(Clone, Debug)]
pub struct Memory {
    spec: MemorySpec,
    /// Recency stamp of each remembered fact (0 = not remembered).
    stamp: [u32; CARDS],
    clock: u32,
    /// Hidden facts the engine said we knew at the last decision.
    known_before: CardMask,
    /// Cards we looked at by our own last action (re-learned even if forgotten).
    refresh: CardMask,
    /// (round, turn) of the last decision, to detect a new turn.
    last_turn: (u16, u16),
}

impl Memory {
    /// A memory following `spec`.
    pub fn new(spec: MemorySpec) -> Memory {
        Memory {
            spec,
            stamp: [0; CARDS],
            clock: 0,
            known_before: CardMask::EMPTY,
            refresh: CardMask::EMPTY,
            last_turn: (0, u16::MAX),
        }
    }

    /// The spec.
    pub fn spec(&self) -> &MemorySpec {
        &self.spec
    }

    /// Forget everything (new game).
    pub fn reset(&mut self) {
        *self = Memory::new(self.spec);
    }

    /// Updates the memory for a decision and returns the view the bot may use.
    pub fn recall(&mut self, view: &PlayerView, rng: &mut BotRng) -> PlayerView {
        if self.spec.is_perfect() {
            return *view;
        }
        let key = (view.round(), view.turn_number());
        if key.0 != self.last_turn.0 {
            // A new round: new cards, nothing carries over.
            self.stamp = [0; CARDS];
            self.known_before = CardMask::EMPTY;
            self.refresh = CardMask::EMPTY;
        }
        let hidden = view.hidden_known();
        // Facts that became hidden-known since the last decision, and re-looked cards.
        let fresh = CardMask((hidden.0 & !self.known_before.0) | (self.refresh.0 & hidden.0));
        for c in fresh.iter() {
            self.clock += 1;
            self.stamp[c as usize] = self.clock;
        }
        // Facts about cards that became public are no longer facts to remember.
        for c in 0..CARDS as CardId {
            if !hidden.contains(c) {
                self.stamp[c as usize] = 0;
            }
        }
        self.known_before = hidden;
        self.refresh = CardMask::EMPTY;
        // Per-turn forgetting, once at the start of each of our turns (not for facts just
        // learned in this decision).
        if key != self.last_turn && self.spec.forget_per_turn > 0.0 {
            for c in hidden.iter() {
                let s = self.stamp[c as usize];
                if s != 0 && !fresh.contains(c) && rng.random::<f64>() < self.spec.forget_per_turn {
                    self.stamp[c as usize] = 0;
                }
            }
        }
        self.last_turn = key;
        // Capacity: keep the most recent facts.
        if let Some(cap) = self.spec.capacity {
            let mut remembered: u32 = self.stamp.iter().filter(|&&s| s != 0).count() as u32;
            while remembered > cap as u32 {
                let (oldest, _) = self
                    .stamp
                    .iter()
                    .enumerate()
                    .filter(|(_, &s)| s != 0)
                    .min_by_key(|(_, &s)| s)
                    .expect("remembered > 0");
                self.stamp[oldest] = 0;
                remembered -= 1;
            }
        }
        let mut forgotten = CardMask::EMPTY;
        for c in hidden.iter() {
            if self.stamp[c as usize] == 0 {
                forgotten.insert(c);
            }
        }
        view.forget(forgotten)
    }

    /// Tells the memory which action the bot took, so that cards it looks at are re-learned
    /// even if they had been forgotten.
    pub fn note_action(&mut self, view: &PlayerView, action: Action) {
        if self.spec.is_perfect() {
            return;
        }
        let me = view.viewer();
        let card = match (view.stage(), action) {
            (_, Action::OpeningPeek { slot }) | (_, Action::EmpathPeek { slot }) => {
                Some(view.card(me, slot).id)
            }
            (Stage::Ability { .. }, Action::Target { seat, slot }) => {
                Some(view.card(seat, slot).id)
            }
            // R-A11: the Witch looks at the deck's top card.
            (_, Action::WitchLook) => view.deck_card(0).map(|(c, _)| c),
            _ => None,
        };
        if let Some(c) = card {
            self.refresh.insert(c);
        }
    }
}
