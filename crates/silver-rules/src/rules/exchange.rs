//! Keeping the held card by exchange, what is legal and what it does: R-SWAP-ONE, the
//! multi-exchange selection (R-SWAP-MULTI: a slot is offered only while the set can still
//! match as far as everybody knows), and its resolution (R-SWAP-MULTI, R-SWAP-FAIL,
//! R-SWAP-CRIT, R-DISCARD-ORDER), with R-A13 wild cards, B1 Lycans, D4 Zombies and the D5
//! Approximator.

use super::{enters_face_up, Next};
use crate::action::{Action, ActionList, Slot};
use crate::card::Ability;
use crate::config::Seat;
use crate::event::{CardSource, EventSink, GameEvent, PileReason};
use crate::game::{bit, two_or_more, CardId, Game, Stage, UpRole, ALL, NONE};

impl Game {
    // ----- Legal actions -----

    /// A card of `p`'s village that may leave it by exchange (everything but the token's card).
    #[inline]
    pub(in crate::rules) fn has_exchangeable(&self, p: Seat) -> bool {
        self.village[p as usize].mask() & !bit(self.token_card) != 0
    }

    pub(super) fn push_exchange_starts(&self, p: Seat, held: CardId, out: &mut ActionList) {
        let row = self.village[p as usize].as_slice();
        // R-SWAP-ONE: any card but the token's (R-AMULET). D4: a lone Zombie cannot be swapped
        // for a held Zombie (the held card would have to go onto the pile).
        let mut excluded = bit(self.token_card);
        if self.ability_of(held) == Ability::Zombie {
            excluded |= self.up_in(p, UpRole::Zombie);
        }
        self.push_slots_except(p, excluded, out, |slot| Action::Exchange { slot });
        // R-SWAP-MULTI: start a selection with a slot that has a later eligible slot it can
        // match with as far as everybody knows (any later slot for a drawn Approximator, D5),
        // so every set of 2+ slots is reached by exactly one increasing sequence of
        // selections and no selection is a dead end.
        let approximator = match self.stage {
            Stage::Holding { from, .. } => self.approximator(held, from),
            _ => false,
        };
        let (public, lycans) = if approximator {
            (0, 0)
        } else {
            self.public_slots(p)
        };
        let (eligible, mut starts) = self.eligible_slots(p);
        if two_or_more(public) && lycans == 0 {
            // A slot known to all needs a later partner it can match as far as everybody
            // knows: one not known to all, or one known to all of its value. From the right,
            // without branches on the cards (as good as random to a branch predictor).
            let unknown = eligible & !public;
            let mut known = eligible & public;
            let mut later_values = 0u32; // a bit per value known to all further right
            while known != 0 {
                let i = 63 - known.leading_zeros();
                known &= !(1u64 << i);
                let v = u32::from(self.value[row[i as usize] as usize]);
                let later_unknown = unknown & !((2u64 << i) - 1) != 0;
                let partner = later_unknown | ((later_values >> v) & 1 != 0);
                starts &= !(u64::from(!partner) << i);
                later_values |= 1 << v;
            }
        } else if two_or_more(public) {
            starts = self.lycan_starts(row, eligible, starts, public, lycans);
            debug_assert!(self.lycan_starts_agree(p), "B1 selection starts");
        }
        out.extend(std::iter::from_fn(|| {
            (starts != 0).then(|| {
                let slot = starts.trailing_zeros() as Slot;
                starts &= starts - 1;
                Action::Select { slot }
            })
        }));
    }

    /// R-SWAP-MULTI: the eligible slots of `p`'s village (all but the token's, a bit per slot)
    /// and the slots that start a selection as far as their position goes: a slot not known to
    /// all (and, with at most one slot known to all, every slot) starts one if an eligible slot
    /// follows it, so every eligible slot but the last.
    #[inline]
    fn eligible_slots(&self, p: Seat) -> (u64, u64) {
        let village = &self.village[p as usize];
        let mut eligible = (1u64 << village.len()) - 1; // at most 52 cards
        if let Some(i) = village.position(self.token_card) {
            eligible &= !(1u64 << i);
        }
        let starts = match eligible {
            0 => 0,
            e => e & !(1u64 << (63 - e.leading_zeros())),
        };
        (eligible, starts)
    }

    /// R-SWAP-MULTI with B1: the selection starts (`starts`, from the eligible slots) when
    /// face-up Lycans lie in the village. Out of line: only Bullet sets reach it, and inlined
    /// it changed how the compiler laid out the common path.
    #[inline(never)]
    fn lycan_starts(
        &self,
        row: &[CardId],
        eligible: u64,
        mut starts: u64,
        public: u64,
        lycans: u64,
    ) -> u64 {
        // B1: with face-up Lycans (slots `lycans`, all known to all), a slot known to all
        // needs a later partner the set check accepts for the pair: one not known to all,
        // one of the same value, or one a value apart while a face-up Lycan other than the
        // two stays in the village. From the right, as `push_exchange_starts` does without
        // Lycans, with the later values split by whether a face-up Lycan holds them (a pair
        // with a Lycan in it has one Lycan fewer left to count).
        let all_lycans = lycans.count_ones();
        let unknown = eligible & !public;
        let mut known = eligible & public;
        let mut later_values = 0u32; // a bit per value known to all further right
        let mut later_plain = 0u32; // the same, not on a face-up Lycan
        let mut later_lycan = 0u32; // the same, on a face-up Lycan
        while known != 0 {
            let i = 63 - known.leading_zeros();
            known &= !(1u64 << i);
            let v = u32::from(self.value[row[i as usize] as usize]);
            let i_lycan = (lycans >> i) & 1 != 0;
            // Lycans that stay besides the pair, before counting the partner.
            let staying = all_lycans - u32::from(i_lycan);
            let apart = (2u32 << v) | ((1u32 << v) >> 1); // values v + 1 and v - 1
            let partner = unknown & !((2u64 << i) - 1) != 0
                || (later_values >> v) & 1 != 0
                || (staying >= 1 && later_plain & apart != 0)
                || (staying >= 2 && later_lycan & apart != 0);
            if !partner {
                starts &= !(1u64 << i);
            }
            later_values |= 1 << v;
            if i_lycan {
                later_lycan |= 1 << v;
            } else {
                later_plain |= 1 << v;
            }
        }
        starts
    }

    /// R-SWAP-MULTI with B1: whether the linear pass (`lycan_starts`) gives `p`'s village the
    /// starts the pair-by-pair set check does (true when no face-up Lycan constrains them).
    pub(in crate::rules) fn lycan_starts_agree(&self, p: Seat) -> bool {
        let (public, lycans) = self.public_slots(p);
        if !two_or_more(public) || lycans == 0 {
            return true;
        }
        let row = self.village[p as usize].as_slice();
        let (eligible, starts) = self.eligible_slots(p);
        self.lycan_starts(row, eligible, starts, public, lycans)
            == self.lycan_starts_by_pairs(p, eligible, starts, public, lycans)
    }

    /// The selection starts with face-up Lycans found pair by pair with the set check: the
    /// reference the linear pass `lycan_starts` is checked against (`lycan_starts_agree`).
    fn lycan_starts_by_pairs(
        &self,
        p: Seat,
        eligible: u64,
        mut starts: u64,
        public: u64,
        lycans: u64,
    ) -> u64 {
        let mut known = eligible & public & starts;
        while known != 0 {
            let i = known.trailing_zeros();
            known &= known - 1;
            let mut later = eligible & !((2u64 << i) - 1);
            let mut partner = false;
            while later != 0 && !partner {
                let j = later.trailing_zeros();
                partner = self.set_possible(p, 1u64 << i | 1u64 << j, public, lycans);
                later &= later - 1;
            }
            if !partner {
                starts &= !(1u64 << i);
            }
        }
        starts
    }

    /// R-SWAP-MULTI: the next slot of a multi-exchange, confirming it, or (D5) approximating.
    #[inline]
    pub(super) fn push_selections(
        &self,
        p: Seat,
        card: CardId,
        from: CardSource,
        chosen: u64,
        out: &mut ActionList,
    ) {
        self.push_selections_holding(p, self.approximator(card, from), chosen, out)
    }

    /// D5, R-SWAP-MULTI: whether the pending selection leaves the mover a legal action only if
    /// the held card is a drawn Approximator: a started selection whose first slot has no
    /// partner everybody can see to match, or a pair everybody can see does not match. Then
    /// the held card *is* a drawn Approximator (the selection was legal), even to a seat that
    /// cannot see it: the world sampler places one there. Reads only public values (and
    /// where the held card came from), so it answers on any seat's view. False at every
    /// other stage.
    #[cold]
    #[inline(never)]
    pub(crate) fn selection_needs_approximator(&self) -> bool {
        let Stage::Selecting { from, chosen, .. } = self.stage else {
            return false;
        };
        let drawn = matches!(
            from,
            CardSource::Deck | CardSource::Display | CardSource::Witch
        );
        let mut out = ActionList::new();
        self.push_selections_holding(self.turn.player, false, chosen, &mut out);
        drawn && out.is_empty()
    }

    /// [`Game::push_selections`] with `held_approximator` saying whether the held card is a drawn
    /// Approximator (D5).
    #[inline(always)]
    fn push_selections_holding(
        &self,
        p: Seat,
        held_approximator: bool,
        chosen: u64,
        out: &mut ActionList,
    ) {
        // R-SWAP-MULTI: a slot is offered only if the set can still match as far as
        // everybody knows, so every selection can be confirmed. D5: with a drawn
        // Approximator any second card may be chosen (then only `Approximate` may be).
        let approximator = held_approximator && chosen.count_ones() == 1;
        let (public, lycans) = self.public_slots(p);
        let row = self.village[p as usize].as_slice();
        // Without a Lycan, a slot known to all may join only cards of its value.
        let known = chosen & public;
        let value = (known != 0 && lycans == 0)
            .then(|| self.value[row[known.trailing_zeros() as usize] as usize]);
        // (A pair only an Approximator may take can grow no further.)
        let possible = self.set_possible(p, chosen, public, lycans);
        let last = 63 - chosen.leading_zeros() as usize;
        for (i, &c) in row.iter().enumerate().skip(last + 1) {
            let ok = approximator
                || (possible
                    && (public & (1u64 << i) == 0
                        || match value {
                            Some(v) => self.value[c as usize] == v,
                            None => self.set_possible(p, chosen | 1u64 << i, public, lycans),
                        }));
            if ok && c != self.token_card {
                out.push(Action::Select { slot: i as Slot });
            }
        }
        if two_or_more(chosen) && possible {
            out.push(Action::ConfirmExchange);
        }
        if held_approximator && chosen.count_ones() == 2 {
            out.push(Action::Approximate);
        }
    }

    /// D5: the held card is a drawn Approximator (deck, display or the Witch's deck card), so
    /// it may replace any two cards.
    #[inline]
    fn approximator(&self, held: CardId, from: CardSource) -> bool {
        // Both halves evaluated (`&`): where the card came from is as good as random to a
        // branch predictor, while "an Approximator" is almost always false.
        let drawn = matches!(
            from,
            CardSource::Deck | CardSource::Display | CardSource::Witch
        );
        drawn & (self.ability_of(held) == Ability::Approximator)
    }

    /// R-SWAP-MULTI: what every player knows of `p`'s village for choosing a multi-exchange:
    /// the slots holding a non-wild card known to all (face-up, or shown to all earlier), and
    /// the slots of its face-up B1 Lycans (face-up cards are known to all).
    #[inline]
    fn public_slots(&self, p: Seat) -> (u64, u64) {
        let mut slots = 0u64;
        let mut lycans = 0u64;
        let row = &self.village[p as usize];
        // Fewer than two such cards cannot constrain a set: no slot scan.
        if !two_or_more(self.public_plain & row.mask()) {
            return (0, 0);
        }
        let row = row.as_slice();
        // `public_plain`: the cards known to all that are not wild, one bit per card id.
        let plain = self.public_plain;
        for (i, &c) in row.iter().enumerate() {
            slots |= ((plain >> c) & 1) << i;
        }
        let up_lycans = self.lycans_up(p);
        if up_lycans != 0 {
            let mut m = slots;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                lycans |= ((up_lycans >> row[i]) & 1) << i;
            }
        }
        (slots, lycans)
    }

    /// B1: card-id bits of the face-up Lycans in `p`'s village.
    #[inline]
    fn lycans_up(&self, p: Seat) -> u64 {
        self.face_up_with(p, self.masks.lycan)
    }

    /// R-SWAP-MULTI: can the cards in the `chosen` slots of `p`'s village still match, as far
    /// as every player knows (`public`, `lycans`: [`Game::public_slots`])? Not if the cards
    /// whose values are known to all already fail to match (R-A13 wild cards, B1 Lycans
    /// staying in the village counted): such a set is a public breach, not an attempt. Cards
    /// not known to all could be anything, so they never make a set impossible. Reads only
    /// public values.
    #[inline]
    fn set_possible(&self, p: Seat, chosen: u64, public: u64, lycans: u64) -> bool {
        let known = chosen & public;
        if !two_or_more(known) {
            return true;
        }
        let row = self.village[p as usize].as_slice();
        // B1: the face-up Lycans that stay in the village (not chosen).
        let staying = (lycans & !chosen).count_ones() as u8;
        if staying == 0 {
            // Without a Lycan the known cards must share one value.
            let v = self.value[row[known.trailing_zeros() as usize] as usize];
            let mut m = known;
            while m != 0 {
                if self.value[row[m.trailing_zeros() as usize] as usize] != v {
                    return false;
                }
                m &= m - 1;
            }
            return true;
        }
        let mut cards = [NONE; crate::card::CARDS];
        let mut k = 0;
        let mut m = known;
        while m != 0 {
            cards[k] = row[m.trailing_zeros() as usize];
            k += 1;
            m &= m - 1;
        }
        self.set_matches(&cards[..k], staying)
    }

    // ----- Resolution -----

    /// R-SWAP-MULTI: add `slot` to the `chosen` slots of a multi-exchange (none yet when the
    /// held card is still in hand).
    pub(super) fn select(
        &mut self,
        card: CardId,
        from: CardSource,
        chosen: u64,
        slot: Slot,
    ) -> Next {
        self.stage = Stage::Selecting {
            card,
            from,
            chosen: chosen | 1u64 << slot,
        };
        Next::Continue
    }

    /// Exchanges the held card for the `chosen` slots (R-SWAP-ONE for one slot, else
    /// R-SWAP-MULTI; `approximator` for D5), then offers a B4 Mortician's ability.
    pub(super) fn exchange_in<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        from: CardSource,
        chosen: u64,
        approximator: bool,
        sink: &mut S,
    ) -> Next {
        let morticians = self.face_up_morticians(p);
        let outs = self.exchange(p, card, from, chosen, approximator, sink);
        self.after_exchange(p, outs, morticians)
    }

    /// R-SWAP-ONE, R-SWAP-MULTI, R-SWAP-FAIL, R-SWAP-CRIT, R-DISCARD-ORDER, with B1 (Lycan),
    /// D4 (Zombie) and D5 (Approximator). Returns the card-id bits of the cards that left the
    /// village for the discard pile (for B4).
    fn exchange<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        from: CardSource,
        chosen: u64,
        approximator: bool,
        sink: &mut S,
    ) -> u64 {
        let enters_up = enters_face_up(from);
        let row_len = self.village[p as usize].len();
        let n = chosen.count_ones();
        // B3 (ruling): decided by the village before the exchange (a Goth Girl exchanged in
        // does not act on it; one exchanged out does).
        let bottom = self.deck_bottom(p);
        if n == 1 {
            let slot = chosen.trailing_zeros() as usize;
            let out = self.village[p as usize].get(slot);
            if self.zombie_stuck(out) {
                // D4: the Zombie goes back face-down (now known to all) and the held card is
                // discarded instead (no ability).
                self.learn(out, ALL);
                sink.event(&GameEvent::Shown {
                    owner: p,
                    slot: slot as Slot,
                    value: self.value[out as usize],
                });
                if self.up(out) {
                    self.set_up(out, false);
                    if self.guard[out as usize] != NONE {
                        self.guard[out as usize] = NONE;
                        self.refresh_shield();
                    }
                }
                self.zombie_stayed(p, card, from, chosen, slot as Slot, bottom, sink);
                return 0;
            }
            self.release(p, out);
            self.village[p as usize].set(slot, card);
            self.set_up(card, enters_up);
            if enters_up {
                self.learn(card, ALL);
            }
            self.send_to_pile_as(out, PileReason::ExchangedOut, bottom, sink);
            sink.event(&GameEvent::Exchanged {
                seat: p,
                from,
                incoming: self.hidden(card),
                slots: chosen,
                success: true,
                placed_at: slot as Slot,
                face_up: enters_up,
            });
            return if self.pile.top() == Some(out) {
                1u64 << out
            } else {
                0
            };
        }
        // R-SWAP-MULTI: every chosen card is revealed to everybody first.
        let mut out = [NONE; crate::card::CARDS];
        let mut k = 0;
        let mut slots = chosen;
        while slots != 0 {
            let i = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let c = self.village[p as usize].get(i);
            self.learn(c, ALL);
            sink.event(&GameEvent::Shown {
                owner: p,
                slot: i as Slot,
                value: self.value[c as usize],
            });
            out[k] = c;
            k += 1;
        }
        let out = &mut out[..k];
        let lycans = self.lycans_staying(p, chosen);
        let matches = self.set_matches(out, lycans);
        if approximator {
            // D5 (ruling): using the Approximator's power shows it to everybody.
            self.learn(card, ALL);
        }
        if approximator || matches {
            // R-DISCARD-ORDER: wild cards first, the lowest value ends on top. D4: the order is
            // never changed for a Zombie; a Zombie that would end on top stays in the village,
            // shown and face-down, as when exchanged out alone (then the next card would be on
            // top, and so on).
            let set = self.cfg.set;
            let value = self.value;
            out.sort_by_key(|&c| {
                let v = value[c as usize];
                (set.ability(v) != Ability::Wild, std::cmp::Reverse(v))
            });
            let mut go = out.len();
            while go > 0 && self.zombie_stuck(out[go - 1]) {
                go -= 1;
            }
            for &c in out[go..].iter() {
                // A Zombie is never a Bodyguard: nothing guards through it.
                self.set_up(c, false);
            }
            if go == 0 {
                // D4: only Zombies would go down: the held card is discarded instead.
                let first = chosen.trailing_zeros() as Slot;
                self.zombie_stayed(p, card, from, chosen, first, bottom, sink);
                return 0;
            }
            let mut stay = 0u64;
            for &c in out[go..].iter() {
                stay |= 1u64 << c;
            }
            let mut leaving = 0u64;
            for i in 0..row_len {
                let c = self.village[p as usize].get(i);
                if chosen & (1u64 << i) != 0 && stay & (1u64 << c) == 0 {
                    leaving |= 1u64 << i;
                    self.release(p, c);
                }
            }
            // The new card takes the first freed slot (ruling); the row closes up.
            let first = leaving.trailing_zeros() as usize;
            let row = &mut self.village[p as usize];
            row.set(first, card);
            for i in (first + 1..row_len).rev() {
                if leaving & (1u64 << i) != 0 {
                    row.remove(i);
                }
            }
            self.set_up(card, enters_up);
            if enters_up {
                self.learn(card, ALL);
            }
            let mut outs = 0u64;
            for &c in out[..go].iter() {
                self.send_to_pile_as(c, PileReason::ExchangedOut, bottom, sink);
                if self.pile.contains(c) {
                    outs |= 1u64 << c;
                }
            }
            sink.event(&GameEvent::Exchanged {
                seat: p,
                from,
                incoming: self.hidden(card),
                slots: chosen,
                success: true,
                placed_at: first as Slot,
                face_up: enters_up,
            });
            outs
        } else {
            // R-SWAP-FAIL: back face-down (known to all now); the new card joins the row's end.
            let mut unguarded = false;
            for &c in out.iter() {
                self.set_up(c, false);
                // A Bodyguard turned face-down no longer guards (R-A3 needs it face-up).
                unguarded |= self.guard[c as usize] != NONE;
                self.guard[c as usize] = NONE;
            }
            if unguarded {
                self.refresh_shield();
            }
            self.village[p as usize].push(card);
            self.set_up(card, enters_up);
            if enters_up {
                self.learn(card, ALL);
            }
            sink.event(&GameEvent::Exchanged {
                seat: p,
                from,
                incoming: self.hidden(card),
                slots: chosen,
                success: false,
                placed_at: row_len as Slot,
                face_up: enters_up,
            });
            // R-SWAP-CRIT: 3+ chosen: the deck's top card joins, unseen (skip if no deck).
            if n >= 3 && self.deck.len() > 0 {
                let d = self.pop_deck();
                self.village[p as usize].push(d);
                self.set_up(d, false);
                sink.event(&GameEvent::PenaltyCard {
                    seat: p,
                    value: self.hidden(d),
                });
            }
            0
        }
    }

    /// D4: the exchanged-out Zombies stayed (the exchange did not happen: `Exchanged` with
    /// `success: false` at `placed_at`), so the held card is discarded instead, without its
    /// ability; a held Zombie cannot be discarded either (ruling): it joins the village at the
    /// right end, shown to everybody.
    #[allow(clippy::too_many_arguments)]
    fn zombie_stayed<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        from: CardSource,
        chosen: u64,
        placed_at: Slot,
        bottom: bool,
        sink: &mut S,
    ) {
        sink.event(&GameEvent::Exchanged {
            seat: p,
            from,
            incoming: self.hidden(card),
            slots: chosen,
            success: false,
            placed_at,
            face_up: false,
        });
        let enters_up = enters_face_up(from);
        if self.zombie_stuck(card) {
            self.village[p as usize].push(card);
            self.set_up(card, enters_up);
            self.learn(card, ALL);
            sink.event(&GameEvent::Added {
                seat: p,
                value: self.hidden(card),
            });
        } else {
            self.send_to_pile_as(card, PileReason::ZombieStayed, bottom, sink);
        }
    }

    /// B1: face-up Lycans of `p` that stay in the village (not among the chosen slots).
    fn lycans_staying(&self, p: Seat, chosen: u64) -> u8 {
        let up_lycans = self.lycans_up(p);
        if up_lycans == 0 {
            return 0;
        }
        let mut n = 0;
        for (i, &c) in self.village[p as usize].as_slice().iter().enumerate() {
            if chosen & (1u64 << i) == 0 && up_lycans & (1u64 << c) != 0 {
                n += 1;
            }
        }
        n
    }

    /// R-SWAP-MULTI with R-A13 (wild cards) and B1: all non-wild cards share one value, where
    /// each of `lycans` face-up Lycans may count one card (a different card each, ruling) as 1
    /// higher.
    fn set_matches(&self, cards: &[CardId], lycans: u8) -> bool {
        let mut lo = u8::MAX;
        let mut hi = 0u8;
        for &c in cards {
            let v = self.value[c as usize];
            if self.cfg.set.ability(v) != Ability::Wild {
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
        if lo == u8::MAX || lo == hi {
            return true;
        }
        if lycans == 0 || hi != lo + 1 {
            return false;
        }
        let low = cards
            .iter()
            .filter(|&&c| {
                let v = self.value[c as usize];
                v == lo && self.cfg.set.ability(v) != Ability::Wild
            })
            .count();
        low <= lycans as usize
    }
}
