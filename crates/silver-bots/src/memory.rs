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
            // B7: the Insomniac looks at every own face-down card.
            (Stage::Ability { src, .. }, Action::UseAbility)
                if view.config().set.ability(src) == silver_rules::Ability::LookAllOwn =>
            {
                for c in view.village(me) {
                    if !c.face_up {
                        self.refresh.insert(c.id);
                    }
                }
                None
            }
            _ => None,
        };
        if let Some(c) = card {
            self.refresh.insert(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use silver_rules::{Config, DealOrder, Game, Slot};

    /// Seat 0 looked at slots 0 and 1 (opening peeks); seat 1 at its slots 0 and 1.
    fn game() -> Game {
        let order = DealOrder::stacked(&[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], 11, &[7, 12]).unwrap();
        let mut g = Game::new(Config::standard(2).unwrap(), 0).unwrap();
        g.deal(&order, &mut ());
        for slot in [0, 1, 0, 1] {
            g.apply(Action::OpeningPeek { slot }, &mut ()).unwrap();
        }
        g
    }

    fn known(v: &PlayerView, seat: u8) -> Vec<bool> {
        (0..v.village_len(seat))
            .map(|i| v.card(seat, i as Slot).value.is_some())
            .collect()
    }

    #[test]
    fn perfect_recall_is_the_engine_view() {
        let g = game();
        let mut m = Memory::new(MemorySpec::default());
        let mut rng = BotRng::seed_from_u64(1);
        assert!(m.recall(&g.view(0), &mut rng) == g.view(0));
    }

    #[test]
    fn capacity_keeps_the_most_recent_facts() {
        let mut g = game();
        let mut m = Memory::new(MemorySpec {
            capacity: Some(2),
            forget_per_turn: 0.0,
        });
        let mut rng = BotRng::seed_from_u64(1);
        let v = m.recall(&g.view(0), &mut rng);
        assert_eq!(known(&v, 0), [true, true, false, false, false]);
        // Draw the Beholder (7) and look at slots 2 and 3: two newer facts push out the old.
        g.apply(Action::DrawDeck { extra: 0 }, &mut ()).unwrap();
        let v = m.recall(&g.view(0), &mut rng);
        // The card in hand is never forgotten (the legal actions depend on it), nor does it
        // take a place in the memory: both peeks are still remembered.
        assert_eq!(known(&v, 0), [true, true, false, false, false]);
        assert_eq!(v.holding().unwrap().1, Some(7));
        g.apply(Action::Discard, &mut ()).unwrap();
        for slot in [2u8, 3] {
            let a = Action::Target { seat: 0, slot };
            m.note_action(&g.view(0), a);
            g.apply(a, &mut ()).unwrap();
        }
        // The discarded Beholder is public now; the two newest facts are slots 2 and 3.
        let v = g.view(0);
        assert_eq!(known(&v, 0), [true, true, true, true, false]);
        // (seat 1 is to move; recall for seat 0 at its next decision)
        let v = m.recall(&v, &mut rng);
        assert_eq!(known(&v, 0), [false, false, true, true, false]);
        assert_eq!(v.discard_top(), Some(7), "public cards are never forgotten");
    }

    #[test]
    fn forgetting_per_turn_and_relearning() {
        let mut g = game();
        let mut m = Memory::new(MemorySpec {
            capacity: None,
            forget_per_turn: 1.0,
        });
        let mut rng = BotRng::seed_from_u64(1);
        // Facts learned in this decision are kept this turn.
        let v = m.recall(&g.view(0), &mut rng);
        assert_eq!(known(&v, 0), [true, true, false, false, false]);
        // End seat 0's turn and seat 1's, then seat 0 decides again: all old facts are gone.
        for _ in 0..2 {
            g.apply(Action::DrawDeck { extra: 0 }, &mut ()).unwrap();
            g.apply(Action::Discard, &mut ()).unwrap();
            if matches!(g.stage(), silver_rules::Stage::Ability { .. }) {
                g.apply(Action::SkipAbility, &mut ()).unwrap();
            }
        }
        let v = m.recall(&g.view(0), &mut rng);
        assert_eq!(known(&v, 0), [false, false, false, false, false]);
        // Looking again at a forgotten card re-learns it: the last look is the newest fact.
        let mut m2 = Memory::new(MemorySpec {
            capacity: Some(1),
            forget_per_turn: 0.0,
        });
        let g = game();
        let v = m2.recall(&g.view(0), &mut rng);
        assert_eq!(known(&v, 0), [false, true, false, false, false]);
        m2.note_action(&v, Action::OpeningPeek { slot: 0 });
        let v = m2.recall(&g.view(0), &mut rng);
        assert_eq!(known(&v, 0), [true, false, false, false, false]);
    }
}
