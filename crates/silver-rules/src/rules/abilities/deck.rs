//! Abilities that work the deck and the discard pile: R-A10 Master (take a pile card), R-A11
//! Witch (the deck's top card), B5 Cow (reverse the deck), B10 The Count (deck to pile) and C8
//! Assassin (discard own cards; its discard is C2's too).

use super::super::Next;
use crate::action::{Action, ActionList, Slot};
use crate::card::Value;
use crate::config::Seat;
use crate::event::{CardSource, EventSink, GameEvent, PileReason};
use crate::game::{AbilityStep, CardId, Game, Stage, ALL};

impl Game {
    // ----- R-A10 Master -----

    /// R-A10: a discard-pile card to take.
    pub(super) fn push_master_picks(&self, p: Seat, card: CardId, out: &mut ActionList) {
        // R-A10: any pile card but the one whose ability this is (ruling: the
        // Master cannot take itself), if something can be exchanged out.
        if self.has_exchangeable(p) {
            for (index, &c) in self.pile.as_slice().iter().enumerate() {
                if c != card {
                    out.push(Action::PickDiscard { index: index as u8 });
                }
            }
        }
    }

    /// R-A10: take pile card `index` into the hand; it must be exchanged in.
    pub(super) fn master_take<S: EventSink>(&mut self, p: Seat, index: u8, sink: &mut S) -> Next {
        // R-A10: the chosen card leaves the pile; the Master stays, exchanged cards go
        // on top of it.
        let i = index as usize;
        let c = self.pile.remove(i);
        self.settle_pile(sink);
        sink.event(&GameEvent::Drew {
            seat: p,
            from: CardSource::Master,
            value: self.hidden(c),
        });
        self.stage = Stage::Holding {
            card: c,
            from: CardSource::Master,
        };
        Next::Continue
    }

    // ----- R-A11 Witch -----

    /// R-A11: needs a deck card to look at.
    pub(super) fn push_witch_look(&self, out: &mut ActionList) {
        if self.deck.len() > 0 {
            out.push(Action::WitchLook);
        }
    }

    /// R-A11: the Witch's first step.
    pub(super) fn witch_look<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        src: Value,
        copied: bool,
        sink: &mut S,
    ) -> Next {
        // R-A11: look at the deck's top card.
        let c = self.deck.top().expect("WitchLook needs a deck card");
        self.learn(c, 1 << p);
        sink.event(&GameEvent::Drew {
            seat: p,
            from: CardSource::Witch,
            value: self.hidden(c),
        });
        self.stage = Stage::Ability {
            card,
            src,
            copied,
            step: AbilityStep::WitchLooked,
        };
        Next::Continue
    }

    /// R-A11: after the look, the deck card may replace an opponent's card (R-NO-ABILITY-TARGET)
    /// or be exchanged into `p`'s village, or stay.
    pub(super) fn push_witch_choices(&self, p: Seat, out: &mut ActionList) {
        self.push_opponent_cards(p, false, 0, out);
        if self.has_exchangeable(p) {
            out.push(Action::WitchExchangeOwn);
        }
        out.push(Action::WitchLeave);
    }

    /// R-A11: the deck card replaces the card in `(seat, slot)`.
    pub(super) fn witch_replace<S: EventSink>(
        &mut self,
        p: Seat,
        seat: Seat,
        slot: Slot,
        sink: &mut S,
    ) -> Next {
        // R-A11 / R-PLACE: the deck card takes the opponent card's slot and orientation;
        // the replaced card goes to the discard pile. D4 (ruling): a Zombie cannot go
        // onto the pile alone: it is shown and stays, the deck card stays on the deck.
        let target = self.village[seat as usize].get(slot as usize);
        if self.zombie_stuck(target) {
            self.learn(target, ALL);
            sink.event(&GameEvent::Shown {
                owner: seat,
                slot,
                value: self.value[target as usize],
            });
            return Next::MainDone;
        }
        let c = self.pop_deck();
        let row = &mut self.village[seat as usize];
        let old = row.get(slot as usize);
        row.set(slot as usize, c);
        let up = self.up(old);
        self.release(seat, old);
        self.set_up(old, false);
        self.rotated &= !(1u64 << old);
        self.set_up(c, up);
        if up {
            self.learn(c, ALL);
        }
        sink.event(&GameEvent::WitchReplaced {
            seat: p,
            owner: seat,
            slot,
            incoming: self.hidden(c),
        });
        self.send_to_pile(p, old, PileReason::WitchReplaced, sink);
        Next::MainDone
    }

    /// R-A11: the deck card is taken into the hand, to be exchanged in by R-SWAP.
    pub(super) fn witch_exchange_own(&mut self) -> Next {
        let c = self.pop_deck();
        self.stage = Stage::Holding {
            card: c,
            from: CardSource::Witch,
        };
        Next::Continue
    }

    // ----- B5 Cow -----

    /// B5: reversing needs two deck cards.
    pub(super) fn push_reverse_deck(&self, out: &mut ActionList) {
        if self.deck.len() >= 2 {
            out.push(Action::UseAbility);
        }
    }

    /// B5: reverse the deck's order.
    pub(super) fn reverse_deck<S: EventSink>(&mut self, p: Seat, sink: &mut S) {
        // B5: knowledge of deck cards moves with them.
        self.deck.reverse();
        sink.event(&GameEvent::DeckReversed { seat: p });
    }

    // ----- B10 The Count -----

    /// B10: needs a deck card.
    pub(super) fn push_deck_to_pile(&self, out: &mut ActionList) {
        if self.deck.len() > 0 {
            out.push(Action::UseAbility);
        }
    }

    /// B10: the top `count` deck cards (fewer if the deck is short) go onto the pile.
    pub(super) fn deck_to_pile<S: EventSink>(&mut self, count: u8, sink: &mut S) {
        // B10: face-up onto the pile one by one, in deck order. D4 (ruling): the
        // order is never changed for a Zombie; one that ends on top goes
        // face-up under the deck, as an uncovered one does.
        let n = (count as usize).min(self.deck.len());
        for _ in 0..n {
            let c = self.pop_deck();
            self.put_on_pile(c, PileReason::FromDeck, sink);
        }
        self.settle_pile(sink);
    }

    // ----- C8 Assassin -----

    /// Cards of `p`'s village that C8 may discard (not the token's card; a face-down Zombie
    /// may be chosen, it then stays: `discard_own`).
    pub(super) fn push_own_discardable(&self, p: Seat, out: &mut ActionList) {
        for (i, &c) in self.village[p as usize].as_slice().iter().enumerate() {
            if c != self.token_card && !(self.up(c) && self.zombie_stuck(c)) {
                out.push(Action::Target {
                    seat: p,
                    slot: i as Slot,
                });
            }
        }
    }

    /// C2 / C8: one of `p`'s cards goes to the discard pile; nothing replaces it (E-EMPTY).
    /// D4 (ruling): a Zombie cannot go onto the pile alone: it is shown to everybody and stays.
    pub(in crate::rules) fn discard_own<S: EventSink>(
        &mut self,
        p: Seat,
        slot: Slot,
        sink: &mut S,
    ) {
        let c = self.village[p as usize].get(slot as usize);
        if self.zombie_stuck(c) {
            self.learn(c, ALL);
            sink.event(&GameEvent::Shown {
                owner: p,
                slot,
                value: self.value[c as usize],
            });
            return;
        }
        self.release(p, c);
        self.village[p as usize].remove(slot as usize);
        self.send_to_pile(p, c, PileReason::DiscardedOwn, sink);
    }

    /// C8: discard the card in `slot`, then offer another if `left` discards remain.
    pub(super) fn discard_own_then_more<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        src: Value,
        slot: Slot,
        left: u8,
        sink: &mut S,
    ) -> Next {
        self.discard_own(p, slot, sink);
        self.more_discards(p, card, src, left - 1)
    }

    /// C8 with a count above 1: offer another discard if one is left and possible.
    fn more_discards(&mut self, p: Seat, card: CardId, src: Value, left: u8) -> Next {
        if left == 0 {
            return Next::MainDone;
        }
        let mut out = ActionList::new();
        self.push_own_discardable(p, &mut out);
        if out.is_empty() {
            return Next::MainDone;
        }
        self.stage = Stage::Ability {
            card,
            src,
            copied: true,
            step: AbilityStep::MoreDiscards { left },
        };
        Next::Continue
    }
}
