//! The character abilities, by family. This module is the dispatcher: it matches each
//! chosen discard ability (`Chosen`, the abilities of the table's `Chosen` rows:
//! `card/ability.rs`) to what it may target now and to what choosing a target does, with no
//! `_` arm, so a new one fails to compile until both are decided. The families, each with the
//! legality and the effect of its abilities side by side:
//!
//! * `targets`: which cards an ability may touch (R-NO-ABILITY-TARGET, R-AMULET);
//! * `looks`: looking at cards and turning them over (R-A5–R-A9, B6, B7);
//! * `swaps`: moving cards between or within villages (R-A12, D12, B8, B11, B12);
//! * `deck`: the deck and the discard pile (R-A10, R-A11, B5, B10, C8);
//! * `copies`: using another card's discard ability (B4, B9, C10);
//! * `free`: the free actions of face-up cards in your own village (R-A2, R-A3, B2, C2, C4);
//! * `tokens`: the token powers (R-AMULET, E-BULLET, E-COIN, E-DAGGER) and E-DIRECTION (D11).
//!
//! Abilities that work without being chosen (R-A0, R-A1, R-A4, R-A13, B0, B1, B3, B13, D4,
//! D5) are part of the rule they change: `turn`, `exchange`, `pile` and `scoring` (which
//! matches the `Scoring` family).

mod copies;
mod deck;
mod free;
mod looks;
mod swaps;
mod targets;
mod tokens;

use super::Next;
use crate::action::{Action, ActionList};
use crate::card::{Ability, Chosen, Value};
use crate::config::Seat;
use crate::event::{EventSink, GameEvent};
use crate::game::{bit, AbilityStep, CardId, Game};

impl Game {
    // ----- Legal actions -----

    /// The choices of a discard ability's current step (the ability of value `src`, triggered
    /// by `card`).
    pub(in crate::rules) fn push_ability_actions(
        &self,
        p: Seat,
        card: CardId,
        src: Value,
        step: AbilityStep,
        out: &mut ActionList,
    ) {
        let ability = self.cfg.set.ability(src);
        match step {
            AbilityStep::Choose => {
                // Only a chosen ability has targets: the others are not used by a discard
                // (C10 is offered as the copied ability itself, `copies`).
                if let Some(chosen) = ability.chosen() {
                    match chosen {
                        // Looks and flips (`looks`).
                        Chosen::ExposeOwn | Chosen::BeholdOwn { .. } => {
                            self.push_own_face_down(p, 0, out)
                        }
                        Chosen::RevealOpponent | Chosen::LookOpponent { .. } => {
                            self.push_opponent_cards(p, true, 0, out)
                        }
                        Chosen::LookAny => self.push_look_any(p, out),
                        Chosen::LookAllOwn => self.push_look_all_own(p, out),
                        Chosen::FlipAny => self.push_any_cards(p, None, out),
                        // Moving cards (`swaps`).
                        Chosen::RobberSwap => self.push_robber_targets(p, out),
                        Chosen::SwapAny => self.push_swap_any_firsts(p, out),
                        Chosen::GremlinJoin => self.push_gremlin_villages(p, card, src, out),
                        Chosen::ShuffleVillage => self.push_shuffle_villages(p, out),
                        // The deck and the discard pile (`deck`).
                        Chosen::MasterTakePile => self.push_master_picks(p, card, out),
                        Chosen::WitchDeckTop => self.push_witch_look(out),
                        Chosen::ReverseDeck => self.push_reverse_deck(out),
                        Chosen::DeckToPile { .. } => self.push_deck_to_pile(out),
                        Chosen::DiscardOwn { .. } => self.push_own_discardable(p, out),
                        // Copies (`copies`).
                        Chosen::UseFaceUp => self.push_face_up_abilities(p, card, out),
                        // D11 (`tokens`): always possible.
                        Chosen::ReverseDirection => out.push(Action::UseAbility),
                    }
                }
                out.push(Action::SkipAbility);
            }
            AbilityStep::MoreLooks { looked, .. } => {
                self.push_look_targets(p, ability, looked, out);
                out.push(Action::StopLooking);
            }
            AbilityStep::Give { .. } => self.push_robber_gifts(p, out),
            AbilityStep::WitchLooked => self.push_witch_choices(p, out),
            AbilityStep::SwapWith { owner, .. } => self.push_any_cards(p, Some(owner), out),
            AbilityStep::MoreDiscards { .. } => {
                self.push_own_discardable(p, out);
                out.push(Action::StopLooking);
            }
            AbilityStep::Mortician { cards } => {
                self.push_mortician_picks(cards, out);
                out.push(Action::SkipAbility);
            }
        }
    }

    /// True if the ability of value `src`, triggered by `card`, has at least one legal target
    /// (R-NO-ABILITY-TARGET).
    ///
    /// Answered by card-id masks and counts, without listing the targets (a discard, an
    /// exchange with a face-up Mortician and a B9 or C4 copy all ask it); debug builds check
    /// every answer against the listed targets (`ability_has_listed_target`), and
    /// [`crate::Omniscient::check_shortcuts`] does in any build. Out of line: it is asked at
    /// discards, not at every decision.
    #[inline(never)]
    pub(in crate::rules) fn ability_has_target(&self, p: Seat, card: CardId, src: Value) -> bool {
        let ability = self.cfg.set.ability(src);
        // Only a chosen ability has targets (C10 is offered as the copied ability itself).
        let Some(chosen) = ability.chosen() else {
            debug_assert!(!self.ability_has_listed_target(p, card, src));
            return false;
        };
        let has = match chosen {
            Chosen::ExposeOwn | Chosen::BeholdOwn { .. } | Chosen::LookAllOwn => {
                self.has_own_face_down(p)
            }
            Chosen::RevealOpponent | Chosen::LookOpponent { .. } => {
                self.has_opponent_card_in_reach(p, true)
            }
            Chosen::LookAny => {
                self.has_own_face_down(p) || self.has_opponent_card_in_reach(p, true)
            }
            // B6: any village card within reach, face-up or not.
            Chosen::FlipAny => {
                self.has_exchangeable(p) || self.has_opponent_card_in_reach(p, false)
            }
            // B11: cards within reach in two different villages.
            Chosen::SwapAny => self.villages_in_reach(p) >= 2,
            // R-A12: something to give, and an opponent's card to take.
            Chosen::RobberSwap => {
                self.has_exchangeable(p) && self.has_opponent_card_in_reach(p, false)
            }
            // B12: the Gremlin just discarded lies on the pile (there is always another
            // village).
            Chosen::GremlinJoin => {
                self.pile.top() == Some(card) && self.value[card as usize] == src
            }
            // B8: a village with two cards to shuffle.
            Chosen::ShuffleVillage => self.has_shuffle_village(p),
            // R-A10: something to exchange out, and a pile card other than the Master.
            Chosen::MasterTakePile => {
                self.has_exchangeable(p) && self.pile.mask() & !bit(card) != 0
            }
            // R-A11, B10: a deck card; B5: two.
            Chosen::WitchDeckTop | Chosen::DeckToPile { .. } => self.deck.len() > 0,
            Chosen::ReverseDeck => self.deck.len() >= 2,
            // C8: an own card but the token's, and not a face-up Zombie (D4).
            Chosen::DiscardOwn { .. } => {
                self.village[p as usize].mask()
                    & !(bit(self.token_card) | self.up_in(p, crate::game::UpRole::Zombie))
                    != 0
            }
            // B9: a face-up village card whose own (non-copy) discard ability has a target.
            Chosen::UseFaceUp => {
                let mut up = self.face_up;
                let mut any = false;
                while up != 0 && !any {
                    let c = up.trailing_zeros() as CardId;
                    up &= up - 1;
                    let a = self.ability_of(c);
                    any = a.is_discard_ability()
                        && !a.is_copy()
                        && self.ability_has_target(p, card, self.value[c as usize]);
                }
                any
            }
            // D11: always possible.
            Chosen::ReverseDirection => true,
        };
        debug_assert_eq!(
            has,
            self.ability_has_listed_target(p, card, src),
            "targets of {ability:?}"
        );
        has
    }

    /// [`Game::ability_has_target`] by listing the targets: the reference its masks are
    /// checked against.
    pub(in crate::rules) fn ability_has_listed_target(
        &self,
        p: Seat,
        card: CardId,
        src: Value,
    ) -> bool {
        let mut out = ActionList::new();
        self.push_ability_actions(p, card, src, AbilityStep::Choose, &mut out);
        out.len() > 1 // more than SkipAbility
    }

    // ----- Resolution -----

    /// Resolves a choice of a discard ability's current step (see
    /// [`Game::push_ability_actions`]).
    #[allow(clippy::too_many_arguments)]
    pub(in crate::rules) fn resolve_ability<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        src: Value,
        copied: bool,
        step: AbilityStep,
        action: Action,
        sink: &mut S,
    ) -> Next {
        let ability = self.cfg.set.ability(src);
        if step == AbilityStep::Choose {
            if action == Action::SkipAbility {
                return Next::MainDone;
            }
            if !copied {
                let v = self.value[card as usize];
                sink.event(&GameEvent::AbilityUsed {
                    seat: p,
                    value: v,
                    ability: self.cfg.set.ability(v),
                });
            }
        }
        match (step, action) {
            (AbilityStep::Choose, action) => {
                self.resolve_choice(p, card, src, copied, ability, action, sink)
            }
            (AbilityStep::MoreLooks { looked, left }, Action::Target { seat, slot }) => {
                self.look_then_more(p, card, src, ability, looked, left, seat, slot, sink)
            }
            (AbilityStep::MoreLooks { .. }, Action::StopLooking) => Next::MainDone,
            (AbilityStep::MoreDiscards { left }, Action::Target { slot, .. }) => {
                self.discard_own_then_more(p, card, src, slot, left, sink)
            }
            (AbilityStep::MoreDiscards { .. }, Action::StopLooking) => Next::MainDone,
            (AbilityStep::SwapWith { owner, slot }, Action::Target { seat, slot: slot2 }) => {
                self.swap_any(p, owner, slot, seat, slot2, sink)
            }
            (AbilityStep::Mortician { .. }, Action::PickDiscard { index }) => {
                self.mortician_pick(p, index, sink)
            }
            (AbilityStep::Mortician { .. }, Action::SkipAbility) => Next::MainDone,
            (AbilityStep::WitchLooked, Action::Target { seat, slot }) => {
                self.witch_replace(p, seat, slot, sink)
            }
            (AbilityStep::WitchLooked, Action::WitchExchangeOwn) => self.witch_exchange_own(),
            (AbilityStep::WitchLooked, Action::WitchLeave) => Next::MainDone,
            (AbilityStep::Give { owner, slot }, Action::Give { slot: mine }) => {
                self.robber_give(p, owner, slot, mine, sink)
            }
            (step, a) => panic!("apply_unchecked: {a:?} is not legal at ability step {step:?}"),
        }
    }

    /// Resolves the first choice of a chosen ability (after the `AbilityUsed` event): one arm
    /// per ability, each taking the action its targets are offered as.
    #[allow(clippy::too_many_arguments)]
    fn resolve_choice<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        src: Value,
        copied: bool,
        ability: Ability,
        action: Action,
        sink: &mut S,
    ) -> Next {
        let Some(chosen) = ability.chosen() else {
            not_offered(action, ability)
        };
        let target = || match action {
            Action::Target { seat, slot } => (seat, slot),
            other => not_offered(other, ability),
        };
        let village = || match action {
            Action::ChooseVillage { seat } => seat,
            other => not_offered(other, ability),
        };
        let use_ability = || {
            if action != Action::UseAbility {
                not_offered(action, ability)
            }
        };
        match chosen {
            Chosen::ExposeOwn | Chosen::RevealOpponent | Chosen::FlipAny => {
                // R-A5 / R-A6 / B6
                let (seat, slot) = target();
                self.flip(p, seat, slot, sink);
                Next::MainDone
            }
            Chosen::BeholdOwn { count } | Chosen::LookOpponent { count } => {
                // R-A7 / R-A8: up to `count` looks; another is offered only if another target
                // exists.
                let (seat, slot) = target();
                self.look_then_more(p, card, src, ability, 0, count, seat, slot, sink)
            }
            Chosen::LookAny => {
                // R-A9
                let (seat, slot) = target();
                self.look(p, seat, slot, sink);
                Next::MainDone
            }
            Chosen::RobberSwap => {
                let (seat, slot) = target();
                self.robber_take(card, src, copied, seat, slot)
            }
            Chosen::SwapAny => {
                let (seat, slot) = target();
                self.swap_any_first(card, src, copied, seat, slot)
            }
            Chosen::UseFaceUp => {
                let (seat, slot) = target();
                self.use_face_up(card, seat, slot)
            }
            Chosen::DiscardOwn { count } => {
                // C8
                let (_, slot) = target();
                self.discard_own_then_more(p, card, src, slot, count, sink)
            }
            Chosen::ReverseDeck => {
                use_ability();
                self.reverse_deck(p, sink);
                Next::MainDone
            }
            Chosen::LookAllOwn => {
                use_ability();
                self.look_all_own(p, sink);
                Next::MainDone
            }
            Chosen::DeckToPile { count } => {
                use_ability();
                self.deck_to_pile(count, sink);
                Next::MainDone
            }
            Chosen::ReverseDirection => {
                use_ability();
                self.reverse_direction(p, sink);
                Next::MainDone
            }
            Chosen::ShuffleVillage => {
                // B8
                self.shuffle_village(p, village(), sink);
                Next::MainDone
            }
            Chosen::GremlinJoin => self.gremlin_join(p, village(), sink),
            Chosen::MasterTakePile => {
                let Action::PickDiscard { index } = action else {
                    not_offered(action, ability)
                };
                self.master_take(p, index, sink)
            }
            Chosen::WitchDeckTop => {
                if action != Action::WitchLook {
                    not_offered(action, ability)
                }
                self.witch_look(p, card, src, copied, sink)
            }
        }
    }
}

/// An action the first step of `ability` never offers (a caller's bug: `apply_unchecked`).
#[cold]
fn not_offered(action: Action, ability: Ability) -> ! {
    panic!("apply_unchecked: {action:?} is not an action of {ability:?}")
}
