//! Legal actions and their resolution: RULES.md §1–§5 for the Amulet edition.
//!
//! Every ability is resolved in this one file, by matching on [`Ability`]. Timing rulings that
//! RULES.md leaves open are listed in `docs/rulings.md` and cited here as "ruling:".

use crate::action::{Action, ActionList, Slot};
use crate::card::{Ability, Token, Value};
use crate::config::{GameModel, Seat, MAX_PLAYERS};
use crate::event::{CardSource, EventSink, GameEvent, Hidden, PileReason, RoundEnd};
use crate::game::{AbilityStep, CardId, DealOrder, Game, Stage, ToMove, ALL, NONE, VILLAGE_CARDS};
use std::fmt;

/// An action that is not legal in the current state. The state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    /// The rejected action.
    pub action: Action,
    /// The stage the game was in.
    pub stage: Stage,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal action {:?} at {:?}", self.action, self.stage)
    }
}

impl std::error::Error for IllegalAction {}

/// What happens after an action's own effects.
enum Next {
    /// The stage was set by the action.
    Continue,
    /// The turn's main action is complete (R-DRAW / R-TAKE and any ability).
    MainDone,
    /// The whole turn is over (R-CENSUS, or end of turn).
    EndTurn,
}

impl Game {
    // =====================================================================================
    // Dealing (chance)
    // =====================================================================================

    /// R-DEAL, R-PEEK0: deal a round from an explicit order (a stacked deck, or a shuffle).
    /// Panics if the game is not waiting for a deal (see [`Game::to_move`]).
    pub fn deal<S: EventSink>(&mut self, order: &DealOrder, sink: &mut S) {
        assert_eq!(self.stage, Stage::Deal, "deal() called when no deal is due");
        let n = self.cfg.players;
        let values = order.values();
        self.value = *values;
        self.known = [0; crate::card::CARDS];
        self.face_up = 0;
        self.guard = [NONE; crate::card::CARDS];
        self.shield = 0;
        self.aside_len = 0;
        for s in 0..MAX_PLAYERS {
            let row = &mut self.village[s];
            *row = crate::game::Row::EMPTY;
            for i in 0..5 {
                let c = (s * 5 + i) as CardId;
                if (s as u8) < n {
                    row.push(c);
                } else {
                    self.aside[self.aside_len as usize] = c;
                    self.aside_len += 1;
                }
            }
        }
        self.deck = crate::game::Row::EMPTY;
        for c in (VILLAGE_CARDS + 1..crate::card::CARDS).rev() {
            self.deck.push(c as CardId);
        }
        self.pile = crate::game::Row::EMPTY;
        self.display_len = 0;
        self.display = [NONE; 4];
        self.round += 1;
        self.token_used = false;
        self.amulet = NONE;
        self.caller = NONE;
        self.extra_left = 0;
        self.turn = crate::game::Turn {
            player: self.start,
            number: 0,
            empath_used: 0,
            guards_used: 0,
            free_used: false,
        };
        sink.event(&GameEvent::RoundStarted {
            round: self.round,
            start: self.start,
            token_holder: self.holder,
            order: values.map(|v| Hidden::new(v, 0)),
        });
        // R-DEAL: the first discard is turned up from the deck.
        let first = VILLAGE_CARDS as CardId;
        self.pile.push(first);
        self.known[first as usize] = ALL;
        sink.event(&GameEvent::ToPile {
            value: self.value[first as usize],
            reason: PileReason::Deal,
        });
        self.stage = Stage::OpeningPeek {
            seat: self.start,
            left: 2,
        };
    }

    /// Deals a uniformly shuffled deck (R-DEAL).
    pub fn deal_random<R: rand::Rng + ?Sized, S: EventSink>(&mut self, rng: &mut R, sink: &mut S) {
        let order = DealOrder::shuffled(rng);
        self.deal(&order, sink);
    }

    // =====================================================================================
    // Legal actions
    // =====================================================================================

    /// All legal actions at this point, in a fixed order, into `out` (cleared first).
    /// Empty when the game waits for a deal or is over.
    pub fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let p = self.turn.player;
        match self.stage {
            Stage::Deal | Stage::GameOver => {}
            Stage::OpeningPeek { seat, .. } => {
                // R-PEEK0: two different cards of your own village.
                for (i, &c) in self.village[seat as usize].as_slice().iter().enumerate() {
                    if !self.knows_card(seat, c) {
                        out.push(Action::OpeningPeek { slot: i as Slot });
                    }
                }
            }
            Stage::Turn => {
                // R-DRAW with R-A4 extras (never more cards than the deck holds).
                let rascals = self.count_up(p, Ability::RascalDraw) as usize;
                let max_extra = rascals.min(self.deck.len().saturating_sub(1));
                if !self.deck.as_slice().is_empty() {
                    for extra in 0..=max_extra {
                        out.push(Action::DrawDeck { extra: extra as u8 });
                    }
                }
                // R-A1: draw from the display instead.
                for index in 0..self.display_len {
                    out.push(Action::DrawDisplay { index });
                }
                // R-TAKE (needs a card that may leave the village: R-AMULET).
                if self.pile.len() > 0 && self.has_exchangeable(p) {
                    out.push(Action::TakeDiscard);
                }
                if self.census_allowed() {
                    out.push(Action::CallCensus);
                }
                self.push_free_actions(p, out);
            }
            Stage::KeepDrawn { n, .. } => {
                for index in 0..n {
                    out.push(Action::KeepDrawn { index });
                }
            }
            Stage::Holding { from, .. } => {
                if matches!(from, CardSource::Deck | CardSource::Display) {
                    out.push(Action::Discard);
                }
                self.push_exchange_starts(p, out);
                // Ruling: free actions are also usable while holding the turn's drawn card.
                if matches!(
                    from,
                    CardSource::Deck | CardSource::Display | CardSource::Discard
                ) {
                    self.push_free_actions(p, out);
                }
            }
            Stage::Selecting { chosen, .. } => {
                let last = 63 - chosen.leading_zeros() as usize;
                for (i, &c) in self.village[p as usize].as_slice().iter().enumerate() {
                    if i > last && c != self.amulet {
                        out.push(Action::Select { slot: i as Slot });
                    }
                }
                if chosen.count_ones() >= 2 {
                    out.push(Action::ConfirmExchange);
                }
            }
            Stage::Ability { card, step } => self.push_ability_actions(p, card, step, out),
            Stage::EndOfTurn => {
                self.push_free_actions(p, out);
                out.push(Action::EndTurn);
            }
        }
    }

    /// Validated apply: an illegal action returns an error and leaves the state unchanged.
    pub fn apply<S: EventSink>(
        &mut self,
        action: Action,
        sink: &mut S,
    ) -> Result<(), IllegalAction> {
        let mut legal = ActionList::new();
        self.legal_actions(&mut legal);
        if !legal.contains(&action) {
            return Err(IllegalAction {
                action,
                stage: self.stage,
            });
        }
        self.apply_unchecked(action, sink);
        Ok(())
    }

    /// True if `action` is legal now.
    pub fn is_legal(&self, action: Action) -> bool {
        let mut legal = ActionList::new();
        self.legal_actions(&mut legal);
        legal.contains(&action)
    }

    /// R-CENSUS: village of 4 or fewer, nobody called yet, and nothing else done this turn
    /// (no ability of any card, no token placement).
    fn census_allowed(&self) -> bool {
        let p = self.turn.player;
        self.caller == NONE && self.village[p as usize].len() <= 4 && !self.turn.free_used
    }

    /// A card of `p`'s village that may leave it by exchange (everything but the Amulet card).
    #[inline]
    fn has_exchangeable(&self, p: Seat) -> bool {
        self.village[p as usize]
            .as_slice()
            .iter()
            .any(|&c| c != self.amulet)
    }

    fn push_exchange_starts(&self, p: Seat, out: &mut ActionList) {
        let row = self.village[p as usize].as_slice();
        // R-SWAP-ONE: any card but the Amulet's (R-AMULET).
        for (i, &c) in row.iter().enumerate() {
            if c != self.amulet {
                out.push(Action::Exchange { slot: i as Slot });
            }
        }
        // R-SWAP-MULTI: start a selection with a slot that has a later eligible slot, so every
        // set of 2+ slots is reached by exactly one increasing sequence of selections.
        let mut later = false;
        let mut starts = [false; crate::card::CARDS];
        for (i, &c) in row.iter().enumerate().rev() {
            if c != self.amulet {
                starts[i] = later;
                later = true;
            }
        }
        for (i, &s) in starts[..row.len()].iter().enumerate() {
            if s {
                out.push(Action::Select { slot: i as Slot });
            }
        }
    }

    /// Free actions "at any moment of your own turn": R-A2 Empath, R-A3 Bodyguard, R-AMULET.
    fn push_free_actions(&self, p: Seat, out: &mut ActionList) {
        let row = self.village[p as usize].as_slice();
        let (empaths, guards) = self.own_helpers(p);
        if self.turn.empath_used < empaths {
            for (i, &c) in row.iter().enumerate() {
                if !self.up(c) && c != self.amulet {
                    out.push(Action::EmpathPeek { slot: i as Slot });
                }
            }
        }
        if guards {
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
        if self.token_available(p) {
            for i in 0..row.len() {
                out.push(Action::PlaceToken { slot: i as Slot });
            }
        }
    }

    /// Face-up Empaths in `p`'s village, and whether a Bodyguard there may still move this turn.
    #[inline]
    fn own_helpers(&self, p: Seat) -> (u8, bool) {
        let mut empaths = 0;
        let mut guards = false;
        if self.face_up == 0 {
            return (0, false);
        }
        for &c in self.village[p as usize].as_slice() {
            if self.up(c) {
                match self.ability_of(c) {
                    Ability::EmpathPeek => empaths += 1,
                    Ability::Bodyguard => guards |= self.movable_guard(c),
                    _ => {}
                }
            }
        }
        (empaths, guards)
    }

    /// R-A3: a face-up Bodyguard not under the Amulet and not yet moved this turn.
    #[inline]
    fn movable_guard(&self, c: CardId) -> bool {
        self.up(c)
            && c != self.amulet
            && self.ability_of(c) == Ability::Bodyguard
            && self.turn.guards_used & (1u64 << c) == 0
    }

    fn token_available(&self, p: Seat) -> bool {
        self.cfg.set.token() == Token::Amulet
            && self.holder == Some(p)
            && !self.token_used
            && !self.village[p as usize].as_slice().is_empty()
    }

    /// Same condition as `push_free_actions` producing at least one action.
    fn has_free_actions(&self, p: Seat) -> bool {
        let row = self.village[p as usize].as_slice();
        let (empaths, guards) = self.own_helpers(p);
        (self.turn.empath_used < empaths && row.iter().any(|&c| !self.up(c) && c != self.amulet))
            || (guards && row.len() >= 2)
            || self.token_available(p)
    }

    /// R-NO-ABILITY-TARGET: may another player's ability touch this card? Not under the Amulet,
    /// not a placed Bodyguard, not a card a Bodyguard protects (R-A3).
    #[inline]
    fn shielded(&self, _owner: Seat, c: CardId) -> bool {
        c == self.amulet || self.shield & (1u64 << c) != 0
    }

    /// Targets of "one of your own face-down cards" (R-A5, R-A7, R-A9): not under the Amulet.
    fn push_own_face_down(&self, p: Seat, skip: Option<Slot>, out: &mut ActionList) {
        for (i, &c) in self.village[p as usize].as_slice().iter().enumerate() {
            if !self.up(c) && c != self.amulet && skip != Some(i as Slot) {
                out.push(Action::Target {
                    seat: p,
                    slot: i as Slot,
                });
            }
        }
    }

    /// Opponents' cards an ability may touch (R-NO-ABILITY-TARGET); `face_down_only` for
    /// looks and flips.
    fn push_opponent_cards(&self, p: Seat, face_down_only: bool, out: &mut ActionList) {
        for o in 0..self.cfg.players {
            if o == p {
                continue;
            }
            for (i, &c) in self.village[o as usize].as_slice().iter().enumerate() {
                if (!face_down_only || !self.up(c)) && !self.shielded(o, c) {
                    out.push(Action::Target {
                        seat: o,
                        slot: i as Slot,
                    });
                }
            }
        }
    }

    fn push_ability_actions(&self, p: Seat, card: CardId, step: AbilityStep, out: &mut ActionList) {
        match step {
            AbilityStep::Choose => {
                match self.ability_of(card) {
                    Ability::ExposeOwn | Ability::BeholdOwn { .. } => {
                        self.push_own_face_down(p, None, out)
                    }
                    Ability::RevealOpponent | Ability::LookOpponent { .. } => {
                        self.push_opponent_cards(p, true, out)
                    }
                    Ability::LookAny => {
                        self.push_own_face_down(p, None, out);
                        self.push_opponent_cards(p, true, out);
                    }
                    Ability::MasterTakePile => {
                        // R-A10: any pile card under the Master itself (ruling: the Master
                        // cannot take itself), if something can be exchanged out.
                        if self.has_exchangeable(p) {
                            for index in 0..self.pile.len().saturating_sub(1) {
                                out.push(Action::PickDiscard { index: index as u8 });
                            }
                        }
                    }
                    Ability::WitchDeckTop => {
                        if self.deck.len() > 0 {
                            out.push(Action::WitchLook);
                        }
                    }
                    Ability::RobberSwap => {
                        if self.has_exchangeable(p) {
                            self.push_opponent_cards(p, false, out);
                        }
                    }
                    _ => {}
                }
                out.push(Action::SkipAbility);
            }
            AbilityStep::SecondLook { first } => {
                self.push_own_face_down(p, Some(first), out);
                out.push(Action::StopLooking);
            }
            AbilityStep::Give { .. } => {
                for (i, &c) in self.village[p as usize].as_slice().iter().enumerate() {
                    if c != self.amulet {
                        out.push(Action::Give { slot: i as Slot });
                    }
                }
            }
            AbilityStep::WitchLooked => {
                self.push_opponent_cards(p, false, out);
                if self.has_exchangeable(p) {
                    out.push(Action::WitchExchangeOwn);
                }
                out.push(Action::WitchLeave);
            }
        }
    }

    /// True if a discarded card's ability has at least one legal target (R-NO-ABILITY-TARGET).
    fn ability_has_target(&self, p: Seat, card: CardId) -> bool {
        let mut out = ActionList::new();
        self.push_ability_actions(p, card, AbilityStep::Choose, &mut out);
        out.len() > 1 // more than SkipAbility
    }

    // =====================================================================================
    // Resolution
    // =====================================================================================

    /// Applies a legal action without checking it (for search). An illegal action may corrupt
    /// the state or panic; use [`Game::apply`] for untrusted input.
    pub fn apply_unchecked<S: EventSink>(&mut self, action: Action, sink: &mut S) {
        let p = match self.to_move() {
            ToMove::Player(p) => p,
            _ => panic!("apply at {:?}: no player to move", self.stage),
        };
        sink.event(&GameEvent::Acted { seat: p, action });
        let next = self.resolve(p, action, sink);
        // R-A0 / R-END (c): two face-up Villagers end the round after the current action.
        if self.in_round() && self.count_up_all(Ability::VillagerPair) >= 2 {
            self.end_round(RoundEnd::Villagers, sink);
            return;
        }
        match next {
            Next::Continue => {}
            Next::MainDone => {
                if self.has_free_actions(p) {
                    self.stage = Stage::EndOfTurn;
                } else {
                    self.end_turn(sink);
                }
            }
            Next::EndTurn => self.end_turn(sink),
        }
    }

    fn in_round(&self) -> bool {
        !matches!(self.stage, Stage::Deal | Stage::GameOver)
    }

    fn resolve<S: EventSink>(&mut self, p: Seat, action: Action, sink: &mut S) -> Next {
        match (self.stage, action) {
            (Stage::OpeningPeek { seat, left }, Action::OpeningPeek { slot }) => {
                self.look(seat, seat, slot, sink);
                if left > 1 {
                    self.stage = Stage::OpeningPeek { seat, left: 1 };
                } else {
                    let next = (seat + 1) % self.cfg.players;
                    if next == self.start {
                        self.stage = Stage::Turn;
                        sink.event(&GameEvent::TurnStarted {
                            seat: self.turn.player,
                            turn: 0,
                        });
                    } else {
                        self.stage = Stage::OpeningPeek {
                            seat: next,
                            left: 2,
                        };
                    }
                }
                Next::Continue
            }
            (Stage::Turn, Action::DrawDeck { extra }) => {
                let n = extra as usize + 1;
                let mut cards = [NONE; 5];
                for slot in cards.iter_mut().take(n) {
                    let c = self.deck.pop();
                    self.known[c as usize] |= 1 << p;
                    sink.event(&GameEvent::Drew {
                        seat: p,
                        from: CardSource::Deck,
                        value: self.hidden(c),
                    });
                    *slot = c;
                }
                self.stage = if n == 1 {
                    Stage::Holding {
                        card: cards[0],
                        from: CardSource::Deck,
                    }
                } else {
                    Stage::KeepDrawn { cards, n: n as u8 }
                };
                Next::Continue
            }
            (Stage::KeepDrawn { cards, n }, Action::KeepDrawn { index }) => {
                // R-A4, ruling: the others go back so that their original order is restored
                // (the first-drawn card ends on top).
                for i in (0..n).rev() {
                    if i != index {
                        self.deck.push(cards[i as usize]);
                    }
                }
                sink.event(&GameEvent::ReturnedToDeck {
                    seat: p,
                    count: n - 1,
                });
                self.stage = Stage::Holding {
                    card: cards[index as usize],
                    from: CardSource::Deck,
                };
                Next::Continue
            }
            (Stage::Turn, Action::DrawDisplay { index }) => {
                let i = index as usize;
                let c = self.display[i];
                let len = self.display_len as usize;
                self.display.copy_within(i + 1..len, i);
                self.display_len -= 1;
                self.display[self.display_len as usize] = NONE;
                sink.event(&GameEvent::Drew {
                    seat: p,
                    from: CardSource::Display,
                    value: self.hidden(c),
                });
                self.stage = Stage::Holding {
                    card: c,
                    from: CardSource::Display,
                };
                Next::Continue
            }
            (Stage::Turn, Action::TakeDiscard) => {
                let c = self.pile.pop();
                sink.event(&GameEvent::Drew {
                    seat: p,
                    from: CardSource::Discard,
                    value: self.hidden(c),
                });
                self.stage = Stage::Holding {
                    card: c,
                    from: CardSource::Discard,
                };
                Next::Continue
            }
            (Stage::Turn, Action::CallCensus) => {
                self.caller = p;
                self.extra_left = self.cfg.players - 1;
                sink.event(&GameEvent::CensusCalled {
                    seat: p,
                    turn: self.turn.number,
                    deck_left: self.deck.len() as u8,
                    village: self.village[p as usize].len() as u8,
                    sum: Hidden::new(self.village_sum(p) as Value, 0),
                });
                Next::EndTurn
            }
            (Stage::Holding { card, from }, Action::Discard) => {
                self.put_on_pile(card, PileReason::DiscardDrawn, sink);
                let ability = self.ability_of(card);
                let offered = ability.is_discard_ability() && self.ability_has_target(p, card);
                sink.event(&GameEvent::Discarded {
                    seat: p,
                    value: self.value[card as usize],
                    ability_offered: offered,
                });
                let _ = from;
                if offered {
                    self.stage = Stage::Ability {
                        card,
                        step: AbilityStep::Choose,
                    };
                    Next::Continue
                } else {
                    if ability.is_discard_ability() {
                        sink.event(&GameEvent::AbilityNoTarget {
                            seat: p,
                            value: self.value[card as usize],
                        });
                    }
                    Next::MainDone
                }
            }
            (Stage::Holding { card, from }, Action::Exchange { slot }) => {
                self.exchange(p, card, from, 1u64 << slot, sink);
                Next::MainDone
            }
            (Stage::Holding { card, from }, Action::Select { slot }) => {
                self.stage = Stage::Selecting {
                    card,
                    from,
                    chosen: 1u64 << slot,
                };
                Next::Continue
            }
            (Stage::Selecting { card, from, chosen }, Action::Select { slot }) => {
                self.stage = Stage::Selecting {
                    card,
                    from,
                    chosen: chosen | 1u64 << slot,
                };
                Next::Continue
            }
            (Stage::Selecting { card, from, chosen }, Action::ConfirmExchange) => {
                self.exchange(p, card, from, chosen, sink);
                Next::MainDone
            }
            (Stage::Ability { card, step }, a) => self.resolve_ability(p, card, step, a, sink),
            (_, Action::EmpathPeek { slot }) => {
                // R-A2
                self.look(p, p, slot, sink);
                self.turn.empath_used += 1;
                self.turn.free_used = true;
                Next::Continue
            }
            (_, Action::GuardPlace { guard, target }) => {
                // R-A3
                let row = &self.village[p as usize];
                let (g, t) = (row.get(guard as usize), row.get(target as usize));
                self.guard[g as usize] = t;
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
            (_, Action::GuardLift { guard }) => {
                let g = self.village[p as usize].get(guard as usize);
                self.guard[g as usize] = NONE;
                self.refresh_shield();
                self.turn.guards_used |= 1u64 << g;
                self.turn.free_used = true;
                sink.event(&GameEvent::GuardLifted { seat: p, guard });
                Next::Continue
            }
            (_, Action::PlaceToken { slot }) => {
                // R-AMULET
                self.amulet = self.village[p as usize].get(slot as usize);
                self.token_used = true;
                self.turn.free_used = true;
                sink.event(&GameEvent::TokenPlaced { seat: p, slot });
                Next::Continue
            }
            (Stage::EndOfTurn, Action::EndTurn) => Next::EndTurn,
            (stage, a) => panic!("apply_unchecked: {a:?} is not legal at {stage:?}"),
        }
    }

    fn resolve_ability<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        step: AbilityStep,
        action: Action,
        sink: &mut S,
    ) -> Next {
        let value = self.value[card as usize];
        let ability = self.ability_of(card);
        if step == AbilityStep::Choose {
            if action == Action::SkipAbility {
                return Next::MainDone;
            }
            sink.event(&GameEvent::AbilityUsed {
                seat: p,
                value,
                ability,
            });
        }
        match (step, action) {
            (AbilityStep::Choose, Action::Target { seat, slot }) => match ability {
                Ability::ExposeOwn | Ability::RevealOpponent => {
                    // R-A5 / R-A6
                    let c = self.village[seat as usize].get(slot as usize);
                    self.set_up(c, true);
                    self.known[c as usize] = ALL;
                    sink.event(&GameEvent::Flipped {
                        seat: p,
                        owner: seat,
                        slot,
                        value: self.value[c as usize],
                    });
                    Next::MainDone
                }
                Ability::BeholdOwn { .. } => {
                    // R-A7: up to two; the second is offered only if another target exists.
                    self.look(p, seat, slot, sink);
                    let another = self.village[p as usize]
                        .as_slice()
                        .iter()
                        .enumerate()
                        .any(|(i, &c)| i != slot as usize && !self.up(c) && c != self.amulet);
                    if another {
                        self.stage = Stage::Ability {
                            card,
                            step: AbilityStep::SecondLook { first: slot },
                        };
                        Next::Continue
                    } else {
                        Next::MainDone
                    }
                }
                Ability::LookOpponent { .. } | Ability::LookAny => {
                    // R-A8 / R-A9
                    self.look(p, seat, slot, sink);
                    Next::MainDone
                }
                Ability::RobberSwap => {
                    // R-A12: the victim's card is chosen first, then the card given for it.
                    self.stage = Stage::Ability {
                        card,
                        step: AbilityStep::Give { owner: seat, slot },
                    };
                    Next::Continue
                }
                other => panic!("Target is not an action of {other:?}"),
            },
            (AbilityStep::SecondLook { .. }, Action::Target { seat, slot }) => {
                self.look(p, seat, slot, sink);
                Next::MainDone
            }
            (AbilityStep::SecondLook { .. }, Action::StopLooking) => Next::MainDone,
            (AbilityStep::Choose, Action::PickDiscard { index }) => {
                // R-A10: the chosen card leaves the pile; the Master stays, exchanged cards go
                // on top of it.
                let i = index as usize;
                let c = self.pile.remove(i);
                sink.event(&GameEvent::Drew {
                    seat: p,
                    from: CardSource::Master,
                    value: self.hidden(c),
                });
                self.stage = Stage::Holding {
                    card: c,
                    from: CardSource::Master,
                };
                Next::Continue
            }
            (AbilityStep::Choose, Action::WitchLook) => {
                // R-A11: look at the deck's top card.
                let c = self.deck.top().expect("WitchLook needs a deck card");
                self.known[c as usize] |= 1 << p;
                sink.event(&GameEvent::Drew {
                    seat: p,
                    from: CardSource::Witch,
                    value: self.hidden(c),
                });
                self.stage = Stage::Ability {
                    card,
                    step: AbilityStep::WitchLooked,
                };
                Next::Continue
            }
            (AbilityStep::WitchLooked, Action::Target { seat, slot }) => {
                // R-A11 / R-PLACE: the deck card takes the opponent card's slot and orientation;
                // the replaced card goes to the discard pile.
                let c = self.deck.pop();
                let row = &mut self.village[seat as usize];
                let old = row.get(slot as usize);
                row.cards[slot as usize] = c;
                let up = self.up(old);
                self.release(seat, old);
                self.set_up(old, false);
                self.set_up(c, up);
                if up {
                    self.known[c as usize] = ALL;
                }
                sink.event(&GameEvent::WitchReplaced {
                    seat: p,
                    owner: seat,
                    slot,
                    incoming: self.hidden(c),
                });
                self.put_on_pile(old, PileReason::WitchReplaced, sink);
                Next::MainDone
            }
            (AbilityStep::WitchLooked, Action::WitchExchangeOwn) => {
                let c = self.deck.pop();
                self.stage = Stage::Holding {
                    card: c,
                    from: CardSource::Witch,
                };
                Next::Continue
            }
            (AbilityStep::WitchLooked, Action::WitchLeave) => Next::MainDone,
            (AbilityStep::Give { owner, slot }, Action::Give { slot: mine }) => {
                // R-A12: swap; both keep their orientation; the Robber looks at the new card.
                let theirs = self.village[owner as usize].get(slot as usize);
                let own = self.village[p as usize].get(mine as usize);
                self.release(p, own);
                self.release(owner, theirs);
                self.village[owner as usize].cards[slot as usize] = own;
                self.village[p as usize].cards[mine as usize] = theirs;
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
            (step, a) => panic!("apply_unchecked: {a:?} is not legal at ability step {step:?}"),
        }
    }

    /// `seat` looks at the card in `(owner, slot)`.
    fn look<S: EventSink>(&mut self, seat: Seat, owner: Seat, slot: Slot, sink: &mut S) {
        let c = self.village[owner as usize].get(slot as usize);
        self.known[c as usize] |= 1 << seat;
        sink.event(&GameEvent::Peeked {
            seat,
            owner,
            slot,
            value: self.hidden(c),
        });
    }

    #[inline]
    fn hidden(&self, c: CardId) -> Hidden {
        Hidden::new(self.value[c as usize], self.known[c as usize])
    }

    /// Puts a card face-up on the discard pile: public from now on.
    fn put_on_pile<S: EventSink>(&mut self, c: CardId, reason: PileReason, sink: &mut S) {
        self.set_up(c, false);
        self.known[c as usize] = ALL;
        self.pile.push(c);
        sink.event(&GameEvent::ToPile {
            value: self.value[c as usize],
            reason,
        });
    }

    /// R-A3: a card leaving `owner`'s village ends every Bodyguard relation it is part of.
    fn release(&mut self, owner: Seat, c: CardId) {
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

    /// R-SWAP-ONE, R-SWAP-MULTI, R-SWAP-FAIL, R-SWAP-CRIT, R-DISCARD-ORDER.
    fn exchange<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        from: CardSource,
        chosen: u64,
        sink: &mut S,
    ) {
        // R-DRAW / R-TAKE / R-A1 / R-A10: cards from the deck enter face-down, cards that were
        // face-up (discard pile, display) enter face-up. The Witch's card comes from the deck.
        let enters_up = matches!(
            from,
            CardSource::Discard | CardSource::Display | CardSource::Master
        );
        let row_len = self.village[p as usize].len();
        let n = chosen.count_ones();
        if n == 1 {
            let slot = chosen.trailing_zeros() as usize;
            let out = self.village[p as usize].get(slot);
            self.release(p, out);
            self.village[p as usize].cards[slot] = card;
            self.set_up(card, enters_up);
            if enters_up {
                self.known[card as usize] = ALL;
            }
            self.put_on_pile(out, PileReason::ExchangedOut, sink);
            sink.event(&GameEvent::Exchanged {
                seat: p,
                from,
                incoming: self.hidden(card),
                slots: chosen,
                success: true,
                placed_at: slot as Slot,
                face_up: enters_up,
            });
            return;
        }
        // R-SWAP-MULTI: every chosen card is revealed to everybody first.
        let mut out = [NONE; crate::card::CARDS];
        let mut k = 0;
        for i in 0..row_len {
            if chosen & (1u64 << i) != 0 {
                let c = self.village[p as usize].get(i);
                self.known[c as usize] = ALL;
                sink.event(&GameEvent::Shown {
                    owner: p,
                    slot: i as Slot,
                    value: self.value[c as usize],
                });
                out[k] = c;
                k += 1;
            }
        }
        let out = &mut out[..k];
        if self.set_matches(out) {
            let first = chosen.trailing_zeros() as usize;
            for &c in out.iter() {
                self.release(p, c);
            }
            // The new card takes the first freed slot (ruling); the row closes up.
            let row = &mut self.village[p as usize];
            row.cards[first] = card;
            for i in (first + 1..row_len).rev() {
                if chosen & (1u64 << i) != 0 {
                    row.remove(i);
                }
            }
            self.set_up(card, enters_up);
            if enters_up {
                self.known[card as usize] = ALL;
            }
            // R-DISCARD-ORDER: wild cards first, the lowest value ends on top.
            let set = self.cfg.set;
            let value = self.value;
            out.sort_by_key(|&c| {
                let v = value[c as usize];
                (set.ability(v) != Ability::Wild, std::cmp::Reverse(v))
            });
            for &c in out.iter() {
                self.put_on_pile(c, PileReason::ExchangedOut, sink);
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
        } else {
            // R-SWAP-FAIL: back face-down (known to all now); the new card joins the row's end.
            for &c in out.iter() {
                self.set_up(c, false);
                // A Bodyguard turned face-down no longer guards (R-A3 needs it face-up).
                self.guard[c as usize] = NONE;
            }
            self.refresh_shield();
            self.village[p as usize].push(card);
            self.set_up(card, enters_up);
            if enters_up {
                self.known[card as usize] = ALL;
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
                let d = self.deck.pop();
                self.village[p as usize].push(d);
                self.set_up(d, false);
                sink.event(&GameEvent::PenaltyCard {
                    seat: p,
                    value: self.hidden(d),
                });
            }
        }
    }

    /// R-SWAP-MULTI with R-A13: all non-wild cards share one value.
    fn set_matches(&self, cards: &[CardId]) -> bool {
        let mut seen: Option<Value> = None;
        for &c in cards {
            let v = self.value[c as usize];
            if self.cfg.set.ability(v) == Ability::Wild {
                continue;
            }
            match seen {
                None => seen = Some(v),
                Some(s) if s != v => return false,
                Some(_) => {}
            }
        }
        true
    }

    // =====================================================================================
    // End of turn, end of round, end of game
    // =====================================================================================

    fn end_turn<S: EventSink>(&mut self, sink: &mut S) {
        let p = self.turn.player;
        // R-A1: refill the display up to the number of face-up Squires (never remove cards).
        let squires = self.count_up_all(Ability::SquireDisplay);
        while self.display_len < squires && self.deck.len() > 0 {
            let c = self.deck.pop();
            self.known[c as usize] = ALL;
            self.display[self.display_len as usize] = c;
            self.display_len += 1;
            sink.event(&GameEvent::DisplayFilled {
                value: self.value[c as usize],
            });
        }
        self.turn.number += 1;
        // R-END (a): after the last extra turn following a census.
        if self.caller != NONE && p != self.caller {
            self.extra_left -= 1;
            if self.extra_left == 0 {
                self.end_round(RoundEnd::Census, sink);
                return;
            }
        }
        // R-END (b): the deck became empty during this turn.
        if self.deck.len() == 0 {
            self.end_round(RoundEnd::Deck, sink);
            return;
        }
        // Termination cap (docs/rulings.md).
        if self.turn.number >= self.cfg.max_turns_per_round {
            self.end_round(RoundEnd::TurnCap, sink);
            return;
        }
        let next = (p + 1) % self.cfg.players;
        self.turn = crate::game::Turn {
            player: next,
            number: self.turn.number,
            empath_used: 0,
            guards_used: 0,
            free_used: false,
        };
        self.stage = Stage::Turn;
        sink.event(&GameEvent::TurnStarted {
            seat: next,
            turn: self.turn.number,
        });
    }

    fn end_round<S: EventSink>(&mut self, reason: RoundEnd, sink: &mut S) {
        let n = self.cfg.players as usize;
        // R-SCORE: reveal everything.
        let mut sums = [0i32; MAX_PLAYERS];
        let mut sizes = [0u8; MAX_PLAYERS];
        for s in 0..n {
            for (i, &c) in self.village[s].as_slice().iter().enumerate() {
                sink.event(&GameEvent::FinalCard {
                    owner: s as Seat,
                    slot: i as Slot,
                    value: self.value[c as usize],
                });
            }
            sums[s] = self.village_sum(s as Seat);
            sizes[s] = self.village[s].len() as u8;
        }
        let mut scores = sums;
        if self.caller != NONE {
            let c = self.caller as usize;
            let lowest = (0..n).all(|s| sums[c] <= sums[s]);
            scores[c] = if lowest { 0 } else { sums[c] + 10 };
        }
        // R-GAME-100 kamikaze: exactly 12, 12, 13, 13.
        let mut kamikaze = None;
        if let GameModel::Points { kamikaze: true, .. } = self.cfg.model {
            for s in 0..n {
                let row = self.village[s].as_slice();
                if row.len() == 4 {
                    let mut v = [0u8; 4];
                    for (slot, &c) in v.iter_mut().zip(row) {
                        *slot = self.value[c as usize];
                    }
                    v.sort_unstable();
                    if v == [12, 12, 13, 13] {
                        kamikaze = Some(s as Seat);
                    }
                }
            }
            if let Some(k) = kamikaze {
                for (s, score) in scores.iter_mut().enumerate().take(n) {
                    *score = if s == k as usize { 0 } else { 50 };
                }
            }
        }
        let mut bounced = 0u8;
        for s in 0..n {
            self.totals[s] += scores[s];
            if let GameModel::Points {
                target,
                bounce: true,
                ..
            } = self.cfg.model
            {
                // R-GAME-100 bounce: exactly the target becomes half of it, once per player.
                if self.totals[s] == target && self.bounced & (1 << s) == 0 {
                    self.totals[s] = target / 2;
                    self.bounced |= 1 << s;
                    bounced |= 1 << s;
                }
            }
        }
        self.last_scores = scores;
        // R-TOKEN-WIN
        let min = scores[..n].iter().copied().min().unwrap_or(0);
        let (next_start, next_holder) = match self.holder {
            Some(h) if scores[h as usize] == min => (h, Some(h)),
            _ => {
                let first = (0..n as u8)
                    .map(|i| (self.start + i) % n as u8)
                    .find(|&s| scores[s as usize] == min)
                    .expect("some seat has the minimum");
                let holds = (self.caller == first).then_some(first);
                (first, holds)
            }
        };
        let caller = (self.caller != NONE).then_some(self.caller);
        sink.event(&GameEvent::RoundEnded {
            round: self.round,
            reason,
            caller,
            sums,
            scores,
            totals: self.totals,
            sizes,
            turns: self.turn.number,
            kamikaze,
            bounced,
            next_start,
            next_holder,
        });
        self.start = next_start;
        self.holder = next_holder;
        self.turn.player = next_start;
        let over = match self.cfg.model {
            GameModel::Rounds { rounds } => self.round >= rounds as u16,
            GameModel::Points {
                target, max_rounds, ..
            } => self.totals[..n].iter().any(|&t| t >= target) || self.round >= max_rounds,
        };
        if over {
            self.winner = self.decide_winner();
            self.stage = Stage::GameOver;
            sink.event(&GameEvent::GameEnded {
                totals: self.totals,
                winner: self.winner,
                rounds: self.round,
            });
        } else {
            self.stage = Stage::Deal;
        }
    }

    /// R-GAME-4 / R-GAME-100 tie-breaks.
    fn decide_winner(&self) -> Seat {
        let n = self.cfg.players as usize;
        let min = self.totals[..n].iter().copied().min().unwrap_or(0);
        let mut tied: u8 = 0;
        for s in 0..n {
            if self.totals[s] == min {
                tied |= 1 << s;
            }
        }
        if let GameModel::Points { .. } = self.cfg.model {
            // R-GAME-100: the tied player with the lowest last-round score; if that ties too,
            // the R-GAME-4 rule decides among them (ruling).
            let low = (0..n)
                .filter(|&s| tied & (1 << s) != 0)
                .map(|s| self.last_scores[s])
                .min()
                .unwrap_or(0);
            for s in 0..n {
                if tied & (1 << s) != 0 && self.last_scores[s] != low {
                    tied &= !(1 << s);
                }
            }
        }
        // R-GAME-4: the token holder if tied; else the first tied player clockwise from the
        // holder (from the would-be start player of another round if nobody holds it).
        if let Some(h) = self.holder {
            if tied & (1 << h) != 0 {
                return h;
            }
        }
        let from = self.holder.unwrap_or(self.start);
        (0..n as u8)
            .map(|i| (from + i) % n as u8)
            .find(|&s| tied & (1 << s) != 0)
            .expect("someone has the lowest total")
    }
}
