//! Which cards an ability may touch: R-NO-ABILITY-TARGET (other players' Bodyguards and the
//! cards they guard, and the token's card, are out of reach) and R-AMULET (the token's card
//! never moves), with the target lists the discard abilities share.

use crate::action::{Action, ActionList, Slot};
use crate::card::Ability;
use crate::config::Seat;
use crate::game::{CardId, Game};

impl Game {
    /// R-NO-ABILITY-TARGET: may another player's ability touch this card? Not under the Amulet,
    /// not a face-up Bodyguard (placed on a card or not: R-A3 "nobody but you can move your
    /// Bodyguard"), not a card a Bodyguard is placed on.
    #[inline]
    pub(in crate::rules) fn shielded(&self, _owner: Seat, c: CardId) -> bool {
        c == self.amulet
            || self.shield & (1u64 << c) != 0
            || (self.up(c) && self.ability_of(c) == Ability::Bodyguard)
    }

    /// May `p`'s ability (or token power) touch card `c` of `owner`'s village? Own cards: all
    /// but the token's card (R-AMULET); other players' cards: R-NO-ABILITY-TARGET.
    #[inline]
    pub(in crate::rules) fn protected_from(&self, p: Seat, owner: Seat, c: CardId) -> bool {
        if owner == p {
            c == self.amulet
        } else {
            self.shielded(owner, c)
        }
    }

    /// Targets of "one of your own face-down cards" (R-A5, R-A7, R-A9): not under the Amulet.
    pub(in crate::rules) fn push_own_face_down(&self, p: Seat, skip: u64, out: &mut ActionList) {
        for (i, &c) in self.village[p as usize].as_slice().iter().enumerate() {
            if !self.up(c) && c != self.amulet && skip & (1u64 << c) == 0 {
                out.push(Action::Target {
                    seat: p,
                    slot: i as Slot,
                });
            }
        }
    }

    /// Opponents' cards an ability may touch (R-NO-ABILITY-TARGET); `face_down_only` for
    /// looks and flips; `skip` holds card ids already used.
    pub(in crate::rules) fn push_opponent_cards(
        &self,
        p: Seat,
        face_down_only: bool,
        skip: u64,
        out: &mut ActionList,
    ) {
        for o in 0..self.cfg.players {
            if o == p {
                continue;
            }
            for (i, &c) in self.village[o as usize].as_slice().iter().enumerate() {
                if (!face_down_only || !self.up(c))
                    && !self.shielded(o, c)
                    && skip & (1u64 << c) == 0
                {
                    out.push(Action::Target {
                        seat: o,
                        slot: i as Slot,
                    });
                }
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
