//! Looking at cards and turning them over: R-A5 Exposer, R-A6 Revealer, R-A7 Beholder, R-A8
//! Apprentice Seer, R-A9 Seer, B6 Instigator and B7 Insomniac, with the look and the flip that
//! R-PEEK0, R-A2, R-A12, B2 and E-COIN use too.

use super::super::Next;
use crate::action::{Action, ActionList, Slot};
use crate::card::{Ability, Value};
use crate::config::Seat;
use crate::event::{EventSink, GameEvent};
use crate::game::{AbilityStep, CardId, Game, Stage, ALL, NONE};

impl Game {
    // ----- Legal actions -----

    /// R-A9: one face-down card in any village (own cards first).
    pub(super) fn push_look_any(&self, p: Seat, out: &mut ActionList) {
        self.push_own_face_down(p, 0, out);
        self.push_opponent_cards(p, true, 0, out);
    }

    /// B7: usable if `p` has a face-down card to look at (not under the Amulet).
    pub(super) fn push_look_all_own(&self, p: Seat, out: &mut ActionList) {
        let any = self.village[p as usize]
            .as_slice()
            .iter()
            .any(|&c| !self.up(c) && c != self.token_card);
        if any {
            out.push(Action::UseAbility);
        }
    }

    /// R-A7 / R-A8: the cards a further look may choose (`looked`: card ids already seen).
    pub(super) fn push_look_targets(
        &self,
        p: Seat,
        ability: Ability,
        looked: u64,
        out: &mut ActionList,
    ) {
        if matches!(ability, Ability::LookOpponent { .. }) {
            self.push_opponent_cards(p, true, looked, out);
        } else {
            self.push_own_face_down(p, looked, out);
        }
    }

    // ----- Resolution -----

    /// `seat` looks at the card in `(owner, slot)`.
    pub(in crate::rules) fn look<S: EventSink>(
        &mut self,
        seat: Seat,
        owner: Seat,
        slot: Slot,
        sink: &mut S,
    ) {
        let c = self.village[owner as usize].get(slot as usize);
        self.learn(c, 1 << seat);
        sink.event(&GameEvent::Peeked {
            seat,
            owner,
            slot,
            value: self.hidden(c),
        });
    }

    /// Turns a village card over (B2, B6, E-COIN). Face-up: everybody learns it. Face-down:
    /// it stays known to all; a Bodyguard turned face-down stops guarding (R-A3).
    pub(in crate::rules) fn flip<S: EventSink>(
        &mut self,
        p: Seat,
        owner: Seat,
        slot: Slot,
        sink: &mut S,
    ) {
        let c = self.village[owner as usize].get(slot as usize);
        if self.up(c) {
            self.set_up(c, false);
            if self.guard[c as usize] != NONE {
                self.guard[c as usize] = NONE;
                self.refresh_shield();
            }
            sink.event(&GameEvent::TurnedDown {
                seat: p,
                owner,
                slot,
            });
        } else {
            self.set_up(c, true);
            self.learn(c, ALL);
            sink.event(&GameEvent::Flipped {
                seat: p,
                owner,
                slot,
                value: self.value[c as usize],
            });
        }
    }

    /// R-A7 / R-A8: `p` looks at `(seat, slot)`, one of `left` looks; `looked` holds the card
    /// ids already looked at.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn look_then_more<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        src: Value,
        ability: Ability,
        looked: u64,
        left: u8,
        seat: Seat,
        slot: Slot,
        sink: &mut S,
    ) -> Next {
        self.look(p, seat, slot, sink);
        let c = self.village[seat as usize].get(slot as usize);
        self.more_looks(p, card, src, ability, looked | 1u64 << c, left - 1)
    }

    /// R-A7 / R-A8: offer another look if looks are left and a target exists.
    fn more_looks(
        &mut self,
        p: Seat,
        card: CardId,
        src: Value,
        ability: Ability,
        looked: u64,
        left: u8,
    ) -> Next {
        if left == 0 {
            return Next::MainDone;
        }
        let mut out = ActionList::new();
        self.push_look_targets(p, ability, looked, &mut out);
        if out.is_empty() {
            return Next::MainDone;
        }
        self.stage = Stage::Ability {
            card,
            src,
            copied: true,
            step: AbilityStep::MoreLooks { looked, left },
        };
        Next::Continue
    }

    /// B7: look at all of `p`'s face-down cards (not under the Amulet).
    pub(super) fn look_all_own<S: EventSink>(&mut self, p: Seat, sink: &mut S) {
        for i in 0..self.village[p as usize].len() {
            let c = self.village[p as usize].get(i);
            if !self.up(c) && c != self.token_card {
                self.look(p, p, i as Slot, sink);
            }
        }
    }
}
