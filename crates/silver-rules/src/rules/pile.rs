//! The deck and the discard pile as every rule uses them: taking the deck's top card (R-END b
//! remembers that the deck ran out), and sending cards to the discard pile, which a face-up B3
//! diverts to the bottom of the deck and on top of which a D4 Zombie never stays.

use crate::card::Ability;
use crate::config::Seat;
use crate::event::{EventSink, GameEvent, PileReason};
use crate::game::{CardId, Game, UpRole, ALL};

impl Game {
    /// Takes the deck's top card during a turn; R-END (b): an emptied deck ends the round at
    /// the end of this turn, whatever later returns to the deck.
    #[inline]
    pub(in crate::rules) fn pop_deck(&mut self) -> CardId {
        let c = self.deck.pop();
        if self.deck.len() == 0 {
            self.turn.deck_emptied = true;
        }
        c
    }

    /// B3: does `p` have a face-up Goth Girl now?
    #[inline]
    pub(in crate::rules) fn deck_bottom(&self, p: Seat) -> bool {
        self.up_in(p, UpRole::DeckBottom) != 0
    }

    /// D4: a Zombie can never be put on top of the discard pile on its own.
    #[inline]
    pub(in crate::rules) fn zombie_stuck(&self, c: CardId) -> bool {
        self.ability_of(c) == Ability::Zombie
    }

    /// D4 (ruling): a Zombie uncovered on top of the discard pile (the card above it was
    /// taken) goes face-up under the deck, as a Zombie turned up at the deal does.
    pub(in crate::rules) fn settle_pile<S: EventSink>(&mut self, sink: &mut S) {
        while let Some(top) = self.pile.top() {
            if !self.zombie_stuck(top) {
                break;
            }
            self.pile.pop();
            self.deck.insert_bottom(top);
            sink.event(&GameEvent::ToDeckBottom {
                value: self.value[top as usize],
            });
        }
    }

    /// Puts a card face-up on the discard pile: public from now on. Rotation ends (C2).
    pub(in crate::rules) fn put_on_pile<S: EventSink>(
        &mut self,
        c: CardId,
        reason: PileReason,
        sink: &mut S,
    ) {
        self.set_up(c, false);
        self.rotated &= !(1u64 << c);
        self.learn(c, ALL);
        self.pile.push(c);
        sink.event(&GameEvent::ToPile {
            value: self.value[c as usize],
            reason,
        });
    }

    /// A card `p` sends to the discard pile: with a face-up B3 in `p`'s village it goes
    /// face-up (public) to the bottom of the deck instead.
    pub(in crate::rules) fn send_to_pile<S: EventSink>(
        &mut self,
        p: Seat,
        c: CardId,
        reason: PileReason,
        sink: &mut S,
    ) {
        let bottom = self.deck_bottom(p);
        self.send_to_pile_as(c, reason, bottom, sink);
    }

    /// [`Game::send_to_pile`] with the B3 decision already taken (`bottom`).
    pub(in crate::rules) fn send_to_pile_as<S: EventSink>(
        &mut self,
        c: CardId,
        reason: PileReason,
        bottom: bool,
        sink: &mut S,
    ) {
        if bottom {
            self.set_up(c, false);
            self.rotated &= !(1u64 << c);
            self.learn(c, ALL);
            self.deck.insert_bottom(c);
            sink.event(&GameEvent::ToDeckBottom {
                value: self.value[c as usize],
            });
        } else {
            self.put_on_pile(c, reason, sink);
        }
    }
}
