//! Abilities that use another card's discard ability: B4 Mortician (an exchanged-out card's),
//! B9 Marksman (a face-up village card's) and C10 Vampire (the card it was discarded onto). A
//! copied ability is never itself a copy (docs/rulings.md), so copying always ends. C4 (the
//! pile's top card) is a free action: `free`.

use super::super::Next;
use crate::action::{Action, ActionList, Slot};
use crate::card::{Ability, Value};
use crate::config::Seat;
use crate::event::{EventSink, GameEvent};
use crate::game::{AbilityStep, CardId, Game, Stage};

impl Game {
    // ----- B4 Mortician -----

    /// B4: card-id bits of the face-up Morticians in `p`'s village.
    #[inline]
    pub(in crate::rules) fn face_up_morticians(&self, p: Seat) -> u64 {
        self.face_up_with(p, self.masks.mortician)
    }

    /// B4: after an exchange, a face-up Mortician offers the ability of one exchanged-out card
    /// that has a discard ability (once per turn; the ability used through it does not trigger
    /// the Mortician again).
    #[inline]
    pub(in crate::rules) fn after_exchange(&mut self, p: Seat, outs: u64, morticians: u64) -> Next {
        // Ruling: a Mortician face-up before the exchange and still face-up in the village
        // after it (not one exchanged in or out by this exchange).
        let still = morticians & self.face_up & self.village[p as usize].mask() != 0;
        if outs == 0 || self.turn.mortician_used || !still {
            return Next::MainDone;
        }
        self.mortician_offer(p, outs)
    }

    /// B4: offer the ability of one of the exchanged-out cards `outs` that has a target.
    fn mortician_offer(&mut self, p: Seat, outs: u64) -> Next {
        let mut cards = 0u64;
        for &c in self.pile.as_slice() {
            if outs & (1u64 << c) != 0 {
                let a = self.ability_of(c);
                if a.is_discard_ability() && self.ability_has_target(p, c, self.value[c as usize]) {
                    cards |= 1u64 << c;
                }
            }
        }
        if cards == 0 {
            return Next::MainDone;
        }
        self.turn.mortician_used = true;
        let first = cards.trailing_zeros() as CardId;
        self.stage = Stage::Ability {
            card: first,
            src: self.value[first as usize],
            copied: true,
            step: AbilityStep::Mortician { cards },
        };
        Next::Continue
    }

    /// B4: one of the eligible exchanged-out cards (card-id bits `cards`) on the pile.
    pub(super) fn push_mortician_picks(&self, cards: u64, out: &mut ActionList) {
        for (index, &c) in self.pile.as_slice().iter().enumerate() {
            if cards & (1u64 << c) != 0 {
                out.push(Action::PickDiscard { index: index as u8 });
            }
        }
    }

    /// B4: use the ability of pile card `index`.
    pub(super) fn mortician_pick<S: EventSink>(
        &mut self,
        p: Seat,
        index: u8,
        sink: &mut S,
    ) -> Next {
        // B4: use the ability of the chosen exchanged-out card.
        let c = self.pile.get(index as usize);
        let own = self.village[p as usize]
            .as_slice()
            .iter()
            .copied()
            .find(|&m| self.up(m) && self.ability_of(m) == Ability::Mortician)
            .expect("the Mortician is face-up in the village");
        sink.event(&GameEvent::AbilityUsed {
            seat: p,
            value: self.value[own as usize],
            ability: Ability::Mortician,
        });
        self.stage = Stage::Ability {
            card: c,
            src: self.value[c as usize],
            copied: true,
            step: AbilityStep::Choose,
        };
        Next::Continue
    }

    // ----- B9 Marksman -----

    /// B9: a face-up village card whose discard ability has a target now.
    pub(super) fn push_face_up_abilities(&self, p: Seat, card: CardId, out: &mut ActionList) {
        // B9: a face-up village card with a (non-copy) discard ability that has
        // a target now.
        for o in 0..self.cfg.players {
            for (i, &c) in self.village[o as usize].as_slice().iter().enumerate() {
                if self.up(c) {
                    let a = self.ability_of(c);
                    if a.is_discard_ability()
                        && !a.is_copy()
                        && self.ability_has_target(p, card, self.value[c as usize])
                    {
                        out.push(Action::Target {
                            seat: o,
                            slot: i as Slot,
                        });
                    }
                }
            }
        }
    }

    /// B9: use the discard ability of the face-up card in `(seat, slot)`.
    pub(super) fn use_face_up(&mut self, card: CardId, seat: Seat, slot: Slot) -> Next {
        // B9: use the chosen face-up card's discard ability.
        let c = self.village[seat as usize].get(slot as usize);
        self.stage = Stage::Ability {
            card,
            src: self.value[c as usize],
            copied: true,
            step: AbilityStep::Choose,
        };
        Next::Continue
    }

    // ----- C10 Vampire -----

    /// R-DRAW: which ability discarding `card` (just put onto the pile, over `under`) offers,
    /// as the value whose ability it is, and whether it is offered (a discard ability with a
    /// legal target, R-NO-ABILITY-TARGET). C10: the Vampire offers the ability of the card it
    /// was discarded onto.
    pub(in crate::rules) fn discard_offer(
        &self,
        p: Seat,
        card: CardId,
        under: Option<CardId>,
    ) -> (Value, bool) {
        let v = self.value[card as usize];
        let ability = self.ability_of(card);
        // C10: the Vampire uses the ability of the card it was discarded onto.
        if ability == Ability::UseUnderneath {
            match under {
                Some(u) => {
                    let (uv, ua) = (self.value[u as usize], self.ability_of(u));
                    let ok = ua.is_discard_ability()
                        && !ua.is_copy()
                        && self.ability_has_target(p, card, uv);
                    (uv, ok)
                }
                None => (v, false),
            }
        } else {
            (
                v,
                ability.is_discard_ability() && self.ability_has_target(p, card, v),
            )
        }
    }
}
