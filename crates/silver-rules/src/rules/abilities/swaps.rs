//! Moving cards between villages, or within one: R-A12 Robber and D12 Master Thief (swap with
//! an opponent, then look), B11 Troublemaker (swap between any two villages), B12 Gremlin
//! (joins another village) and B8 Thing (shuffles one village's face-down cards).

use super::super::{splitmix, Next};
use crate::action::{Action, ActionList, Slot};
use crate::card::Value;
use crate::config::Seat;
use crate::event::{EventSink, GameEvent};
use crate::game::{two_or_more, AbilityStep, CardId, Game, Stage, NONE};

impl Game {
    // ----- R-A12 Robber, D12 Master Thief -----

    /// R-A12: an opponent's card to take, if `p` has a card that may leave.
    pub(super) fn push_robber_targets(&self, p: Seat, out: &mut ActionList) {
        if self.has_exchangeable(p) {
            self.push_opponent_cards(p, false, 0, out);
        }
    }

    /// R-A12: `p` takes the card in `(seat, slot)`; the card to give is chosen next
    /// (`AbilityStep::Give`).
    pub(super) fn robber_take(
        &mut self,
        card: CardId,
        src: Value,
        copied: bool,
        seat: Seat,
        slot: Slot,
    ) -> Next {
        // R-A12 / D12: the victim's card is chosen first, then the card given.
        self.stage = Stage::Ability {
            card,
            src,
            copied,
            step: AbilityStep::Give { owner: seat, slot },
        };
        Next::Continue
    }

    /// R-A12: any own card but the token's may be given.
    pub(super) fn push_robber_gifts(&self, p: Seat, out: &mut ActionList) {
        for (i, &c) in self.village[p as usize].as_slice().iter().enumerate() {
            if c != self.token_card {
                out.push(Action::Give { slot: i as Slot });
            }
        }
    }

    /// R-A12: `p` gives its card in slot `mine` for `owner`'s card in `slot`.
    pub(super) fn robber_give<S: EventSink>(
        &mut self,
        p: Seat,
        owner: Seat,
        slot: Slot,
        mine: Slot,
        sink: &mut S,
    ) -> Next {
        // R-A12: swap; both keep their orientation; the Robber looks at the new card.
        let theirs = self.village[owner as usize].get(slot as usize);
        let own = self.village[p as usize].get(mine as usize);
        self.release(p, own);
        self.release(owner, theirs);
        self.village[owner as usize].set(slot as usize, own);
        self.village[p as usize].set(mine as usize, theirs);
        sink.event(&GameEvent::Swapped {
            seat: p,
            own_slot: mine,
            owner,
            slot,
        });
        if !self.up(theirs) {
            self.look(p, p, mine, sink);
        }
        Next::MainDone
    }

    // ----- B11 Troublemaker -----

    /// B11: the first card of the swap.
    pub(super) fn push_swap_any_firsts(&self, p: Seat, out: &mut ActionList) {
        // B11: a first card that has a partner in another village.
        for o in 0..self.cfg.players {
            let partner = (0..self.cfg.players).any(|o2| {
                o2 != o
                    && self.village[o2 as usize]
                        .as_slice()
                        .iter()
                        .any(|&c| !self.protected_from(p, o2, c))
            });
            if !partner {
                continue;
            }
            for (i, &c) in self.village[o as usize].as_slice().iter().enumerate() {
                if !self.protected_from(p, o, c) {
                    out.push(Action::Target {
                        seat: o,
                        slot: i as Slot,
                    });
                }
            }
        }
    }

    /// B11: the first card is chosen; the second is any card of another village
    /// (`AbilityStep::SwapWith`).
    pub(super) fn swap_any_first(
        &mut self,
        card: CardId,
        src: Value,
        copied: bool,
        seat: Seat,
        slot: Slot,
    ) -> Next {
        // B11: choose the second card.
        self.stage = Stage::Ability {
            card,
            src,
            copied,
            step: AbilityStep::SwapWith { owner: seat, slot },
        };
        Next::Continue
    }

    /// B11: the cards in `(owner, slot)` and `(seat, slot2)` change places.
    pub(super) fn swap_any<S: EventSink>(
        &mut self,
        p: Seat,
        owner: Seat,
        slot: Slot,
        seat: Seat,
        slot2: Slot,
        sink: &mut S,
    ) -> Next {
        // B11: both keep their orientation; knowledge moves with the cards.
        let a = self.village[owner as usize].get(slot as usize);
        let b = self.village[seat as usize].get(slot2 as usize);
        self.release(owner, a);
        self.release(seat, b);
        // B11: two different villages (so each row's card marks follow from `set`).
        debug_assert_ne!(owner, seat);
        self.village[owner as usize].set(slot as usize, b);
        self.village[seat as usize].set(slot2 as usize, a);
        sink.event(&GameEvent::SwappedAny {
            seat: p,
            a_owner: owner,
            a_slot: slot,
            b_owner: seat,
            b_slot: slot2,
        });
        Next::MainDone
    }

    // ----- B12 Gremlin -----

    /// B12: another player's village, if the Gremlin is the card just discarded.
    pub(super) fn push_gremlin_villages(
        &self,
        p: Seat,
        card: CardId,
        src: Value,
        out: &mut ActionList,
    ) {
        // B12: only the Gremlin just discarded can join (it is the card).
        if self.pile.top() == Some(card) && self.value[card as usize] == src {
            for o in 0..self.cfg.players {
                if o != p {
                    out.push(Action::ChooseVillage { seat: o });
                }
            }
        }
    }

    /// B12: the Gremlin joins `seat`'s village.
    pub(super) fn gremlin_join<S: EventSink>(&mut self, p: Seat, seat: Seat, sink: &mut S) -> Next {
        // B12: the Gremlin leaves the pile's top and joins face-up (E-ADDITIVE).
        let c = self.pile.pop();
        self.settle_pile(sink);
        self.village[seat as usize].push(c);
        self.set_up(c, true);
        sink.event(&GameEvent::Joined {
            seat: p,
            owner: seat,
            value: self.value[c as usize],
        });
        Next::MainDone
    }

    // ----- B8 Thing -----

    /// B8: the cards of `owner`'s village a Thing shuffle moves: face-down, not protected from
    /// `p`, not rotated (rotated cards are recognisable, ruling).
    fn shufflable(&self, p: Seat, owner: Seat) -> u64 {
        let mut m = 0u64;
        for &c in self.village[owner as usize].as_slice() {
            if !self.up(c) && !self.protected_from(p, owner, c) && self.rotated & (1u64 << c) == 0 {
                m |= 1u64 << c;
            }
        }
        m
    }

    /// Whether [`Game::push_shuffle_villages`] pushes anything: the cards `shufflable`
    /// visits one by one, by masks (face-down, within reach, not rotated).
    pub(in crate::rules) fn has_shuffle_village(&self, p: Seat) -> bool {
        (0..self.cfg.players)
            .any(|o| two_or_more(self.in_reach(p, o) & !self.face_up & !self.rotated))
    }

    /// B8: a village with at least two cards to shuffle.
    pub(super) fn push_shuffle_villages(&self, p: Seat, out: &mut ActionList) {
        for o in 0..self.cfg.players {
            if self.shufflable(p, o).count_ones() >= 2 {
                out.push(Action::ChooseVillage { seat: o });
            }
        }
    }

    /// B8: shuffle the shufflable face-down cards of `owner`'s village among their slots.
    ///
    /// Implemented by permuting the *values* among the fixed card ids (so no card id can carry
    /// a seat's old knowledge of a position): afterwards nobody knows any of them, and each
    /// seat keeps, as floating knowledge, the multiset of values it knew among them.
    pub(super) fn shuffle_village<S: EventSink>(&mut self, p: Seat, owner: Seat, sink: &mut S) {
        let members = self.shufflable(p, owner);
        let mut ids = [NONE; crate::card::CARDS];
        let mut vals = [0u8; crate::card::CARDS];
        let mut n = 0;
        let mut slots = 0u64;
        for (i, &c) in self.village[owner as usize].as_slice().iter().enumerate() {
            if members & (1u64 << c) != 0 {
                ids[n] = c;
                vals[n] = self.value[c as usize];
                n += 1;
                slots |= 1u64 << i;
            }
        }
        for s in 0..self.cfg.players as usize {
            for &c in &ids[..n] {
                if self.known[c as usize] & (1 << s) != 0 {
                    self.float_values[s][self.value[c as usize] as usize] += 1;
                }
            }
            self.float_members[s] |= members;
        }
        // Fisher–Yates with the engine's chance source.
        for i in (1..n).rev() {
            self.chance = splitmix(self.chance);
            let j = (self.chance % (i as u64 + 1)) as usize;
            vals.swap(i, j);
        }
        for k in 0..n {
            let c = ids[k] as usize;
            // Nobody knows the card any more: out of every seat's tally at its old value.
            self.tally -=
                crate::game::tally_lanes(self.known[c]) * crate::game::tally_weight(self.value[c]);
            self.value[c] = vals[k];
            self.known[c] = 0;
            self.public_plain &= !(1u64 << ids[k]);
        }
        sink.event(&GameEvent::Shuffled {
            seat: p,
            owner,
            slots,
        });
    }
}
