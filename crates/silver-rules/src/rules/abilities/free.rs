//! Free actions "at any moment of your own turn": the abilities of face-up cards in your own
//! village (R-A2 Empath, R-A3 Bodyguard, B2 Priest, C2 Curator, C4), what is offered and what
//! each does. The token powers are free actions too (`tokens`).

use super::super::Next;
use crate::action::{Action, ActionList, Slot};
use crate::card::{Ability, Helper};
use crate::config::Seat;
use crate::event::{EventSink, GameEvent};
use crate::game::{bit, AbilityStep, CardId, Game, Stage, NONE};

/// Face-up helpers in one village (see `Game::own_helpers`).
#[derive(Default, Clone, Copy)]
struct Helpers {
    empaths: u8,
    guards: bool,
    priests: u8,
    curators: u8,
    pile_top: bool,
}

impl Game {
    // ----- Legal actions -----

    /// Face-up helpers in `p`'s own village (abilities "face-up in your village").
    #[inline(always)]
    fn own_helpers(&self, p: Seat) -> Helpers {
        // `helpers_up` holds exactly the face-up cards with a helper value (an invariant the
        // omniscient check verifies): only the village's helpers are visited, and a village
        // without any (the usual case) costs two loads.
        let up = self.helpers_up & self.village[p as usize].mask();
        if up == 0 {
            return Helpers::default();
        }
        self.helpers_among(up)
    }

    /// The helpers among the face-up helper cards `up` (card-id bits) of one village.
    #[inline(never)]
    fn helpers_among(&self, mut up: u64) -> Helpers {
        let mut h = Helpers::default();
        while up != 0 {
            let c = up.trailing_zeros() as CardId;
            up &= up - 1;
            match self.ability_of(c).helper() {
                Some(Helper::EmpathPeek) => h.empaths += 1,
                Some(Helper::Bodyguard) => h.guards |= self.movable_guard(c),
                Some(Helper::PriestFlip) => h.priests += 1,
                Some(Helper::Curator) => h.curators += 1,
                Some(Helper::UsePileTop) => h.pile_top = true,
                // `helpers_up` holds only helpers (the omniscient check verifies it).
                None => {}
            }
        }
        h
    }

    /// Free actions "at any moment of your own turn": R-A2 Empath, R-A3 Bodyguard, B2 Priest,
    /// C2 Curator, the token (R-AMULET, E-TOKEN), and C4 before or after the main action
    /// (`pile_top`: not while a drawn card is in hand, ruling).
    pub(in crate::rules) fn push_free_actions(
        &self,
        p: Seat,
        pile_top: bool,
        out: &mut ActionList,
    ) {
        let row = self.village[p as usize].as_slice();
        let h = self.own_helpers(p);
        if self.turn.empath_used < h.empaths {
            let excluded = self.face_up | bit(self.token_card);
            self.push_slots_except(p, excluded, out, |slot| Action::EmpathPeek { slot });
        }
        if h.guards {
            for (g, &gc) in row.iter().enumerate() {
                if self.movable_guard(gc) {
                    for (t, &tc) in row.iter().enumerate() {
                        if t != g && self.guard[gc as usize] != tc {
                            out.push(Action::GuardPlace {
                                guard: g as Slot,
                                target: t as Slot,
                            });
                        }
                    }
                    if self.guard[gc as usize] != NONE {
                        out.push(Action::GuardLift { guard: g as Slot });
                    }
                }
            }
        }
        if self.turn.priest_used < h.priests {
            let excluded = self.face_up | bit(self.token_card);
            self.push_slots_except(p, excluded, out, |slot| Action::Flip { slot });
        }
        if self.turn.curator_used < h.curators {
            for (i, &c) in row.iter().enumerate() {
                if c != self.token_card && self.rotated & (1u64 << c) == 0 {
                    out.push(Action::Rotate { slot: i as Slot });
                }
            }
            for (i, &c) in row.iter().enumerate() {
                // D4: a face-up Zombie cannot go onto the pile (a face-down one may be tried).
                if c != self.token_card
                    && self.rotated & (1u64 << c) != 0
                    && !(self.up(c) && self.zombie_stuck(c))
                {
                    out.push(Action::DiscardRotated { slot: i as Slot });
                }
            }
        }
        if pile_top && h.pile_top && !self.turn.pile_top_used {
            if let Some(top) = self.pile.top() {
                let a = self.ability_of(top);
                if a.is_discard_ability()
                    && !a.is_copy()
                    && self.ability_has_target(p, top, self.value[top as usize])
                {
                    out.push(Action::UsePileTop);
                }
            }
        }
        self.push_token_actions(p, out);
    }

    /// R-A3: a face-up Bodyguard not under the Amulet and not yet moved this turn.
    #[inline]
    fn movable_guard(&self, c: CardId) -> bool {
        self.up(c)
            && c != self.token_card
            && self.ability_of(c) == Ability::Bodyguard
            && self.turn.guards_used & (1u64 << c) == 0
    }

    /// Same condition as `push_free_actions(p, true, ..)` producing at least one action.
    pub(in crate::rules) fn has_free_actions(&self, p: Seat) -> bool {
        let token = self.holder == Some(p) && !self.token_used;
        if !token {
            // Fast path: no face-up helper that could still act, no token power.
            let h = self.own_helpers(p);
            let helpers = self.turn.empath_used < h.empaths
                || h.guards
                || self.turn.priest_used < h.priests
                || self.turn.curator_used < h.curators
                || (h.pile_top && !self.turn.pile_top_used);
            if !helpers {
                return false;
            }
        }
        let mut out = ActionList::new();
        self.push_free_actions(p, true, &mut out);
        !out.is_empty()
    }

    // ----- Resolution -----

    /// R-A2: look at the face-down card in `slot`.
    pub(in crate::rules) fn empath_peek<S: EventSink>(
        &mut self,
        p: Seat,
        slot: Slot,
        sink: &mut S,
    ) -> Next {
        // R-A2
        self.look(p, p, slot, sink);
        self.turn.empath_used += 1;
        self.turn.free_used = true;
        Next::Continue
    }

    /// R-A3: place (or move) the Bodyguard in slot `guard` onto the card in slot `target`.
    pub(in crate::rules) fn guard_place<S: EventSink>(
        &mut self,
        p: Seat,
        guard: Slot,
        target: Slot,
        sink: &mut S,
    ) -> Next {
        // R-A3
        let row = &self.village[p as usize];
        let (g, t) = (row.get(guard as usize), row.get(target as usize));
        self.guard[g as usize] = t;
        self.shield |= 1u64 << g | 1u64 << t;
        self.refresh_shield();
        self.turn.guards_used |= 1u64 << g;
        self.turn.free_used = true;
        sink.event(&GameEvent::GuardPlaced {
            seat: p,
            guard,
            target,
        });
        Next::Continue
    }

    /// R-A3: lift the Bodyguard in slot `guard` off its card.
    pub(in crate::rules) fn guard_lift<S: EventSink>(
        &mut self,
        p: Seat,
        guard: Slot,
        sink: &mut S,
    ) -> Next {
        let g = self.village[p as usize].get(guard as usize);
        self.guard[g as usize] = NONE;
        self.refresh_shield();
        self.turn.guards_used |= 1u64 << g;
        self.turn.free_used = true;
        sink.event(&GameEvent::GuardLifted { seat: p, guard });
        Next::Continue
    }

    /// R-A3: a card leaving `owner`'s village ends every Bodyguard relation it is part of.
    pub(in crate::rules) fn release(&mut self, owner: Seat, c: CardId) {
        if self.shield & (1u64 << c) == 0 {
            return; // neither a placed Bodyguard nor protected by one
        }
        self.guard[c as usize] = NONE;
        for &g in self.village[owner as usize].as_slice() {
            if self.guard[g as usize] == c {
                self.guard[g as usize] = NONE;
            }
        }
        self.refresh_shield();
    }

    /// B2: turn the face-down card in `slot` face-up.
    pub(in crate::rules) fn priest_flip<S: EventSink>(
        &mut self,
        p: Seat,
        slot: Slot,
        sink: &mut S,
    ) -> Next {
        // B2
        self.flip(p, p, slot, sink);
        self.turn.priest_used += 1;
        self.turn.free_used = true;
        Next::Continue
    }

    /// C2: rotate the card in `slot`.
    pub(in crate::rules) fn rotate<S: EventSink>(
        &mut self,
        p: Seat,
        slot: Slot,
        sink: &mut S,
    ) -> Next {
        // C2: rotation is public and stays with the card.
        let c = self.village[p as usize].get(slot as usize);
        self.rotated |= 1u64 << c;
        self.turn.curator_used += 1;
        self.turn.free_used = true;
        sink.event(&GameEvent::Rotated { seat: p, slot });
        Next::Continue
    }

    /// C2: discard the rotated card in `slot`.
    pub(in crate::rules) fn discard_rotated<S: EventSink>(
        &mut self,
        p: Seat,
        slot: Slot,
        sink: &mut S,
    ) -> Next {
        // C2: a rotated card goes to the discard pile; nothing replaces it (E-EMPTY).
        self.discard_own(p, slot, sink);
        self.turn.curator_used += 1;
        self.turn.free_used = true;
        Next::Continue
    }

    /// C4: use the discard ability of the discard pile's top card.
    pub(in crate::rules) fn use_pile_top<S: EventSink>(&mut self, p: Seat, sink: &mut S) -> Next {
        // C4: the top card's discard ability, before or after the main action.
        self.turn.before_main = self.stage == Stage::Turn;
        let top = self.pile.top().expect("UsePileTop needs a pile card");
        let own = self.village[p as usize]
            .as_slice()
            .iter()
            .copied()
            .find(|&c| self.up(c) && self.ability_of(c) == Ability::UsePileTop)
            .expect("UsePileTop needs a face-up C4");
        sink.event(&GameEvent::AbilityUsed {
            seat: p,
            value: self.value[own as usize],
            ability: Ability::UsePileTop,
        });
        self.turn.pile_top_used = true;
        self.turn.free_used = true;
        self.stage = Stage::Ability {
            card: top,
            src: self.value[top as usize],
            copied: true,
            step: AbilityStep::Choose,
        };
        Next::Continue
    }
}
