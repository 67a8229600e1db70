//! The character abilities, by family. This module is the dispatcher: it matches each
//! discard ability ([`Ability`]) to what it may target now and to what choosing a target does,
//! with no `_` arm, so a new ability fails to compile until both are decided. The families,
//! each with the legality and the effect of its abilities side by side:
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
//! D5) are part of the rule they change: `turn`, `exchange`, `pile` and `scoring`.

mod copies;
mod deck;
mod free;
mod looks;
mod swaps;
mod targets;
mod tokens;

use super::Next;
use crate::action::{Action, ActionList};
use crate::card::{Ability, Value};
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
                match ability {
                    // Looks and flips (`looks`).
                    Ability::ExposeOwn | Ability::BeholdOwn { .. } => {
                        self.push_own_face_down(p, 0, out)
                    }
                    Ability::RevealOpponent | Ability::LookOpponent { .. } => {
                        self.push_opponent_cards(p, true, 0, out)
                    }
                    Ability::LookAny => self.push_look_any(p, out),
                    Ability::LookAllOwn => self.push_look_all_own(p, out),
                    Ability::FlipAny => self.push_any_cards(p, None, out),
                    // Moving cards (`swaps`).
                    Ability::RobberSwap => self.push_robber_targets(p, out),
                    Ability::SwapAny => self.push_swap_any_firsts(p, out),
                    Ability::GremlinJoin => self.push_gremlin_villages(p, card, src, out),
                    Ability::ShuffleVillage => self.push_shuffle_villages(p, out),
                    // The deck and the discard pile (`deck`).
                    Ability::MasterTakePile => self.push_master_picks(p, card, out),
                    Ability::WitchDeckTop => self.push_witch_look(out),
                    Ability::ReverseDeck => self.push_reverse_deck(out),
                    Ability::DeckToPile { .. } => self.push_deck_to_pile(out),
                    Ability::DiscardOwn { .. } => self.push_own_discardable(p, out),
                    // Copies (`copies`).
                    Ability::UseFaceUp => self.push_face_up_abilities(p, card, out),
                    // D11 (`tokens`): always possible.
                    Ability::ReverseDirection => out.push(Action::UseAbility),
                    // C10 is resolved when the Vampire is discarded (the copied ability is
                    // offered directly); the others are not discard abilities. No `_` arm: a
                    // new ability must say here what it targets.
                    Ability::UseUnderneath
                    | Ability::VillagerPair
                    | Ability::SquireDisplay
                    | Ability::EmpathPeek
                    | Ability::Bodyguard
                    | Ability::RascalDraw
                    | Ability::Wild
                    | Ability::HunterRemove
                    | Ability::LycanBump
                    | Ability::PriestFlip
                    | Ability::DiscardToDeckBottom
                    | Ability::Mortician
                    | Ability::CopyLowest
                    | Ability::Curator
                    | Ability::UsePileTop
                    | Ability::Zombie
                    | Ability::Approximator
                    | Ability::Plain => {}
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
        let has = match ability {
            Ability::ExposeOwn | Ability::BeholdOwn { .. } | Ability::LookAllOwn => {
                self.has_own_face_down(p)
            }
            Ability::RevealOpponent | Ability::LookOpponent { .. } => {
                self.has_opponent_card_in_reach(p, true)
            }
            Ability::LookAny => {
                self.has_own_face_down(p) || self.has_opponent_card_in_reach(p, true)
            }
            // B6: any village card within reach, face-up or not.
            Ability::FlipAny => {
                self.has_exchangeable(p) || self.has_opponent_card_in_reach(p, false)
            }
            // B11: cards within reach in two different villages.
            Ability::SwapAny => self.villages_in_reach(p) >= 2,
            // R-A12: something to give, and an opponent's card to take.
            Ability::RobberSwap => {
                self.has_exchangeable(p) && self.has_opponent_card_in_reach(p, false)
            }
            // B12: the Gremlin just discarded lies on the pile (there is always another
            // village).
            Ability::GremlinJoin => {
                self.pile.top() == Some(card) && self.value[card as usize] == src
            }
            // B8: a village with two cards to shuffle.
            Ability::ShuffleVillage => self.has_shuffle_village(p),
            // R-A10: something to exchange out, and a pile card other than the Master.
            Ability::MasterTakePile => {
                self.has_exchangeable(p) && self.pile.mask() & !bit(card) != 0
            }
            // R-A11, B10: a deck card; B5: two.
            Ability::WitchDeckTop | Ability::DeckToPile { .. } => self.deck.len() > 0,
            Ability::ReverseDeck => self.deck.len() >= 2,
            // C8: an own card but the token's, and not a face-up Zombie (D4).
            Ability::DiscardOwn { .. } => {
                self.village[p as usize].mask()
                    & !(bit(self.amulet) | self.up_in(p, crate::game::UpRole::Zombie))
                    != 0
            }
            // B9: a face-up village card whose own (non-copy) discard ability has a target.
            Ability::UseFaceUp => {
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
            Ability::ReverseDirection => true,
            // C10 is offered as the copied ability itself; the others are not discard
            // abilities. No `_` arm: a new ability must say here whether it has a target.
            Ability::UseUnderneath
            | Ability::VillagerPair
            | Ability::SquireDisplay
            | Ability::EmpathPeek
            | Ability::Bodyguard
            | Ability::RascalDraw
            | Ability::Wild
            | Ability::HunterRemove
            | Ability::LycanBump
            | Ability::PriestFlip
            | Ability::DiscardToDeckBottom
            | Ability::Mortician
            | Ability::CopyLowest
            | Ability::Curator
            | Ability::UsePileTop
            | Ability::Zombie
            | Ability::Approximator
            | Ability::Plain => false,
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
            (AbilityStep::Choose, Action::Target { seat, slot }) => match ability {
                Ability::ExposeOwn | Ability::RevealOpponent => {
                    // R-A5 / R-A6
                    self.flip(p, seat, slot, sink);
                    Next::MainDone
                }
                Ability::BeholdOwn { count } | Ability::LookOpponent { count } => {
                    // R-A7 / R-A8: up to `count` looks; another is offered only if another
                    // target exists.
                    self.look_then_more(p, card, src, ability, 0, count, seat, slot, sink)
                }
                Ability::LookAny => {
                    // R-A9
                    self.look(p, seat, slot, sink);
                    Next::MainDone
                }
                Ability::RobberSwap => self.robber_take(card, src, copied, seat, slot),
                Ability::FlipAny => {
                    // B6
                    self.flip(p, seat, slot, sink);
                    Next::MainDone
                }
                Ability::SwapAny => self.swap_any_first(card, src, copied, seat, slot),
                Ability::UseFaceUp => self.use_face_up(card, seat, slot),
                Ability::DiscardOwn { count } => {
                    // C8
                    self.discard_own_then_more(p, card, src, slot, count, sink)
                }
                // No `_` arm: a new ability must say here whether it takes a target.
                other @ (Ability::VillagerPair
                | Ability::SquireDisplay
                | Ability::EmpathPeek
                | Ability::Bodyguard
                | Ability::RascalDraw
                | Ability::MasterTakePile
                | Ability::WitchDeckTop
                | Ability::Wild
                | Ability::HunterRemove
                | Ability::LycanBump
                | Ability::PriestFlip
                | Ability::DiscardToDeckBottom
                | Ability::Mortician
                | Ability::ReverseDeck
                | Ability::LookAllOwn
                | Ability::ShuffleVillage
                | Ability::DeckToPile { .. }
                | Ability::GremlinJoin
                | Ability::CopyLowest
                | Ability::Curator
                | Ability::UsePileTop
                | Ability::UseUnderneath
                | Ability::Zombie
                | Ability::Approximator
                | Ability::ReverseDirection
                | Ability::Plain) => {
                    panic!("Target is not an action of {other:?}")
                }
            },
            (AbilityStep::MoreLooks { looked, left }, Action::Target { seat, slot }) => {
                self.look_then_more(p, card, src, ability, looked, left, seat, slot, sink)
            }
            (AbilityStep::MoreLooks { .. }, Action::StopLooking) => Next::MainDone,
            (AbilityStep::MoreDiscards { left }, Action::Target { slot, .. }) => {
                self.discard_own_then_more(p, card, src, slot, left, sink)
            }
            (AbilityStep::MoreDiscards { .. }, Action::StopLooking) => Next::MainDone,
            (AbilityStep::Choose, Action::UseAbility) => {
                match ability {
                    Ability::ReverseDeck => self.reverse_deck(p, sink),
                    Ability::LookAllOwn => self.look_all_own(p, sink),
                    Ability::DeckToPile { count } => self.deck_to_pile(count, sink),
                    Ability::ReverseDirection => self.reverse_direction(p, sink),
                    // No `_` arm: a new ability must say here whether it needs no target.
                    other @ (Ability::VillagerPair
                    | Ability::SquireDisplay
                    | Ability::EmpathPeek
                    | Ability::Bodyguard
                    | Ability::RascalDraw
                    | Ability::ExposeOwn
                    | Ability::RevealOpponent
                    | Ability::BeholdOwn { .. }
                    | Ability::LookOpponent { .. }
                    | Ability::LookAny
                    | Ability::MasterTakePile
                    | Ability::WitchDeckTop
                    | Ability::RobberSwap
                    | Ability::Wild
                    | Ability::HunterRemove
                    | Ability::LycanBump
                    | Ability::PriestFlip
                    | Ability::DiscardToDeckBottom
                    | Ability::Mortician
                    | Ability::FlipAny
                    | Ability::ShuffleVillage
                    | Ability::UseFaceUp
                    | Ability::SwapAny
                    | Ability::GremlinJoin
                    | Ability::CopyLowest
                    | Ability::Curator
                    | Ability::UsePileTop
                    | Ability::DiscardOwn { .. }
                    | Ability::UseUnderneath
                    | Ability::Zombie
                    | Ability::Approximator
                    | Ability::Plain) => {
                        panic!("UseAbility is not an action of {other:?}")
                    }
                }
                Next::MainDone
            }
            (AbilityStep::Choose, Action::ChooseVillage { seat }) => match ability {
                Ability::ShuffleVillage => {
                    self.shuffle_village(p, seat, sink);
                    Next::MainDone
                }
                Ability::GremlinJoin => self.gremlin_join(p, seat, sink),
                // No `_` arm: a new ability must say here whether it chooses a village.
                other @ (Ability::VillagerPair
                | Ability::SquireDisplay
                | Ability::EmpathPeek
                | Ability::Bodyguard
                | Ability::RascalDraw
                | Ability::ExposeOwn
                | Ability::RevealOpponent
                | Ability::BeholdOwn { .. }
                | Ability::LookOpponent { .. }
                | Ability::LookAny
                | Ability::MasterTakePile
                | Ability::WitchDeckTop
                | Ability::RobberSwap
                | Ability::Wild
                | Ability::HunterRemove
                | Ability::LycanBump
                | Ability::PriestFlip
                | Ability::DiscardToDeckBottom
                | Ability::Mortician
                | Ability::ReverseDeck
                | Ability::FlipAny
                | Ability::LookAllOwn
                | Ability::UseFaceUp
                | Ability::DeckToPile { .. }
                | Ability::SwapAny
                | Ability::CopyLowest
                | Ability::Curator
                | Ability::UsePileTop
                | Ability::DiscardOwn { .. }
                | Ability::UseUnderneath
                | Ability::Zombie
                | Ability::Approximator
                | Ability::ReverseDirection
                | Ability::Plain) => {
                    panic!("ChooseVillage is not an action of {other:?}")
                }
            },
            (AbilityStep::SwapWith { owner, slot }, Action::Target { seat, slot: slot2 }) => {
                self.swap_any(p, owner, slot, seat, slot2, sink)
            }
            (AbilityStep::Choose, Action::PickDiscard { index })
                if ability == Ability::MasterTakePile =>
            {
                self.master_take(p, index, sink)
            }
            (AbilityStep::Mortician { .. }, Action::PickDiscard { index }) => {
                self.mortician_pick(p, index, sink)
            }
            (AbilityStep::Mortician { .. }, Action::SkipAbility) => Next::MainDone,
            (AbilityStep::Choose, Action::WitchLook) => self.witch_look(p, card, src, copied, sink),
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
}
