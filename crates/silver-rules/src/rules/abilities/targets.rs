//! Which cards an ability may touch: R-NO-ABILITY-TARGET (other players' Bodyguards and the
//! cards they guard, and the token's card, are out of reach) and R-AMULET (the token's card
//! never moves), with the target lists the discard abilities share.

use crate::action::{Action, ActionList, Slot};
use crate::card::Ability;
use crate::config::Seat;
use crate::game::{bit, CardId, Game};

impl Game {
    /// R-NO-ABILITY-TARGET: may another player's ability touch this card? Not under the Amulet,
    /// not a face-up Bodyguard (placed on a card or not: R-A3 "nobody but you can move your
    /// Bodyguard"), not a card a Bodyguard is placed on.
    #[inline]
    pub(in crate::rules) fn shielded(&self, _owner: Seat, c: CardId) -> bool {
        c == self.token_card
            || self.shield & (1u64 << c) != 0
            || (self.up(c) && self.ability_of(c) == Ability::Bodyguard)
    }

    /// May `p`'s ability (or token power) touch card `c` of `owner`'s village? Own cards: all
    /// but the token's card (R-AMULET); other players' cards: R-NO-ABILITY-TARGET.
    #[inline]
    pub(in crate::rules) fn protected_from(&self, p: Seat, owner: Seat, c: CardId) -> bool {
        if owner == p {
            c == self.token_card
        } else {
            self.shielded(owner, c)
        }
    }

    /// Targets of "one of your own face-down cards" (R-A5, R-A7, R-A9): not under the Amulet.
    pub(in crate::rules) fn push_own_face_down(&self, p: Seat, skip: u64, out: &mut ActionList) {
        let excluded = self.face_up | bit(self.token_card) | skip;
        self.push_slots_except(p, excluded, out, |slot| Action::Target { seat: p, slot });
    }

    /// Whether [`Game::push_own_face_down`]`(p, 0, ..)` pushes anything: a face-down card of
    /// `p`'s village that is not the token's.
    #[inline]
    pub(in crate::rules) fn has_own_face_down(&self, p: Seat) -> bool {
        self.village[p as usize].mask() & !(self.face_up | bit(self.token_card)) != 0
    }

    /// Card-id bits of `o`'s cards another player's ability may not touch
    /// (R-NO-ABILITY-TARGET, the [`Game::shielded`] test by masks), with the face-up ones if
    /// `face_down_only`, and `skip`.
    #[inline]
    fn out_of_reach(&self, o: Seat, face_down_only: bool, skip: u64) -> u64 {
        let mut m = bit(self.token_card) | self.shield | skip;
        if face_down_only {
            // Face-up Bodyguards are face-up.
            m |= self.face_up;
        } else {
            // Face-up Bodyguards, among the village's few face-up helpers.
            let mut up = self.helpers_up & self.village[o as usize].mask();
            while up != 0 {
                let c = up.trailing_zeros() as CardId;
                up &= up - 1;
                m |= bit(c) * u64::from(self.has(self.masks.bodyguard, c));
            }
        }
        debug_assert!(self.village[o as usize].as_slice().iter().all(|&c| {
            let reach =
                (!face_down_only || !self.up(c)) && !self.shielded(o, c) && skip & bit(c) == 0;
            reach == (m & bit(c) == 0)
        }));
        m
    }

    /// Whether [`Game::push_opponent_cards`]`(p, face_down_only, 0, ..)` pushes anything.
    #[inline]
    pub(in crate::rules) fn has_opponent_card_in_reach(
        &self,
        p: Seat,
        face_down_only: bool,
    ) -> bool {
        (0..self.cfg.players).any(|o| {
            o != p
                && self.village[o as usize].mask() & !self.out_of_reach(o, face_down_only, 0) != 0
        })
    }

    /// Card-id bits of the cards of `o`'s village that `p`'s ability may touch
    /// ([`Game::protected_from`] by masks): all but the token's card in `p`'s own village,
    /// R-NO-ABILITY-TARGET in the others.
    #[inline]
    pub(in crate::rules) fn in_reach(&self, p: Seat, o: Seat) -> u64 {
        let out = if o == p {
            bit(self.token_card)
        } else {
            self.out_of_reach(o, false, 0)
        };
        self.village[o as usize].mask() & !out
    }

    /// B11: how many villages hold a card `p`'s ability may touch.
    pub(in crate::rules) fn villages_in_reach(&self, p: Seat) -> u32 {
        (0..self.cfg.players)
            .map(|o| u32::from(self.in_reach(p, o) != 0))
            .sum()
    }

    /// Opponents' cards an ability may touch (R-NO-ABILITY-TARGET); `face_down_only` for
    /// looks and flips; `skip` holds card ids already used. A village with no card out of
    /// reach is pushed without a test per card.
    pub(in crate::rules) fn push_opponent_cards(
        &self,
        p: Seat,
        face_down_only: bool,
        skip: u64,
        out: &mut ActionList,
    ) {
        for o in 0..self.cfg.players {
            if o != p {
                let excluded = self.out_of_reach(o, face_down_only, skip);
                self.push_slots_except(o, excluded, out, |slot| Action::Target { seat: o, slot });
            }
        }
    }

    /// Every village card `p`'s ability may touch (B6, B11), except those in village `except`.
    pub(in crate::rules) fn push_any_cards(
        &self,
        p: Seat,
        except: Option<Seat>,
        out: &mut ActionList,
    ) {
        for o in 0..self.cfg.players {
            if Some(o) == except {
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
}
