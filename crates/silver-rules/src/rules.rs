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

/// SplitMix64 step (the engine's deterministic chance source for B8 shuffles).
#[inline]
pub(crate) fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Face-up helpers in one village (see `Game::own_helpers`).
#[derive(Default, Clone, Copy)]
struct Helpers {
    empaths: u8,
    guards: bool,
    priests: u8,
    curators: u8,
    pile_top: bool,
}

/// R-DRAW / R-TAKE / R-A1 / R-A10: a card from the deck enters a village face-down (the Witch's
/// card comes from the deck too); one that was face-up (discard pile, display) enters face-up.
#[inline]
fn enters_face_up(from: CardSource) -> bool {
    match from {
        CardSource::Discard | CardSource::Display | CardSource::Master => true,
        CardSource::Deck | CardSource::Witch => false,
    }
}

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
    /// Panics if the game is not waiting for a deal (see [`Game::to_move`]). The engine's
    /// chance source for B8 shuffles is derived from the order; see [`Game::deal_with_chance`].
    pub fn deal<S: EventSink>(&mut self, order: &DealOrder, sink: &mut S) {
        let mut h = 0x9E37_79B9_7F4A_7C15u64 ^ self.round as u64;
        for &v in order.values().iter() {
            h = splitmix(h ^ v as u64);
        }
        self.deal_with_chance(order, h, sink);
    }

    /// [`Game::deal`] with an explicit seed for the chance events inside the round (B8 Thing
    /// shuffles). The seed is never part of a [`crate::PlayerView`].
    pub fn deal_with_chance<S: EventSink>(&mut self, order: &DealOrder, chance: u64, sink: &mut S) {
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
        self.extra_done = 0;
        self.rotated = 0;
        self.reversed = false; // E-DIRECTION: each round starts clockwise
        self.skip_next = false;
        self.float_members = [0; MAX_PLAYERS];
        self.float_values = [[0; crate::card::VALUES]; MAX_PLAYERS];
        self.chance = chance;
        self.turn = crate::game::Turn::new(self.start, 0);
        sink.event(&GameEvent::RoundStarted {
            round: self.round,
            start: self.start,
            token_holder: self.holder,
            order: values.map(|v| Hidden::new(v, 0)),
        });
        // R-DEAL: the first discard is turned up from the deck. D4 (ruling): a Zombie turned
        // up goes face-up under the deck and the next card is turned up instead.
        let mut first = VILLAGE_CARDS as CardId;
        while self.ability_of(first) == Ability::Zombie
            && self
                .deck
                .as_slice()
                .iter()
                .any(|&c| self.ability_of(c) != Ability::Zombie)
        {
            self.learn(first, ALL);
            sink.event(&GameEvent::ToDeckBottom {
                value: self.value[first as usize],
            });
            self.deck.insert_bottom(first);
            first = self.deck.pop();
        }
        self.pile.push(first);
        self.learn(first, ALL);
        sink.event(&GameEvent::ToPile {
            value: self.value[first as usize],
            reason: PileReason::Deal,
        });
        self.stage = Stage::OpeningPeek {
            seat: self.start,
            left: 2,
        };
    }

    /// Deals a uniformly shuffled deck (R-DEAL). With a B8 ability in the set, one more
    /// number is drawn from `rng` to seed the round's shuffles.
    pub fn deal_random<R: rand::Rng + ?Sized, S: EventSink>(&mut self, rng: &mut R, sink: &mut S) {
        let order = DealOrder::shuffled(rng);
        let chance = if self.cfg.set.has_kind(Ability::ShuffleVillage.kind()) {
            rng.random()
        } else {
            0
        };
        self.deal_with_chance(&order, chance, sink);
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
                let max_extra = rascals.min(self.deck.len().saturating_sub(1)).min(4);
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
                // D4: hand a face-up Zombie to the previous player (the whole turn).
                if !self.turn.free_used && self.face_up != 0 {
                    for (i, &c) in self.village[p as usize].as_slice().iter().enumerate() {
                        if self.up(c) && c != self.amulet && self.ability_of(c) == Ability::Zombie {
                            out.push(Action::GiveZombie { slot: i as Slot });
                        }
                    }
                }
                self.push_free_actions(p, true, out);
            }
            Stage::KeepDrawn { n, .. } => {
                for index in 0..n {
                    out.push(Action::KeepDrawn { index });
                }
            }
            Stage::Holding { card, from } => {
                // D4: a drawn Zombie must be exchanged in; it can never be discarded.
                let zombie = self.ability_of(card) == Ability::Zombie;
                if matches!(from, CardSource::Deck | CardSource::Display) && !zombie {
                    out.push(Action::Discard);
                }
                let before = out.len();
                if self.has_exchangeable(p) {
                    self.push_exchange_starts(p, card, out);
                }
                if out.len() == before
                    && (zombie || !matches!(from, CardSource::Deck | CardSource::Display))
                {
                    // Nothing can leave (E-EMPTY, only the token's card, or a held Zombie
                    // facing only face-up Zombies): the card joins.
                    out.push(Action::AddToVillage);
                }
                // Ruling: free actions are also usable while holding the turn's drawn card.
                if matches!(
                    from,
                    CardSource::Deck | CardSource::Display | CardSource::Discard
                ) {
                    self.push_free_actions(p, false, out);
                }
            }
            Stage::Selecting { card, from, chosen } => {
                // R-SWAP-MULTI: a slot is offered only if the set can still match as far as
                // everybody knows, so every selection can be confirmed. D5: with a drawn
                // Approximator any second card may be chosen (then only `Approximate` may be).
                let approximator = chosen.count_ones() == 1 && self.approximator(card, from);
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
                                    None => {
                                        self.set_possible(p, chosen | 1u64 << i, public, lycans)
                                    }
                                }));
                    if ok && c != self.amulet {
                        out.push(Action::Select { slot: i as Slot });
                    }
                }
                if chosen.count_ones() >= 2 && possible {
                    out.push(Action::ConfirmExchange);
                }
                if chosen.count_ones() == 2 && self.approximator(card, from) {
                    out.push(Action::Approximate);
                }
            }
            Stage::Ability {
                card, src, step, ..
            } => self.push_ability_actions(p, card, src, step, out),
            Stage::EndOfTurn => {
                self.push_free_actions(p, true, out);
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

    /// R-CENSUS: village of 4 or fewer (an empty village may call, E-EMPTY), nobody called
    /// yet, and nothing else done this turn (no ability of any card, no token power).
    fn census_allowed(&self) -> bool {
        let p = self.turn.player;
        self.caller == NONE && self.village[p as usize].len() <= 4 && !self.turn.free_used
    }

    /// R-DRAW, R-A1, R-TAKE: can `p` still do a turn's main action (census aside)?
    fn has_main_action(&self, p: Seat) -> bool {
        self.deck.len() > 0
            || self.display_len > 0
            || (self.pile.len() > 0 && self.has_exchangeable(p))
    }

    /// A card of `p`'s village that may leave it by exchange (everything but the token's card).
    #[inline]
    fn has_exchangeable(&self, p: Seat) -> bool {
        self.village[p as usize]
            .as_slice()
            .iter()
            .any(|&c| c != self.amulet)
    }

    fn push_exchange_starts(&self, p: Seat, held: CardId, out: &mut ActionList) {
        let row = self.village[p as usize].as_slice();
        let held_zombie = self.ability_of(held) == Ability::Zombie;
        // R-SWAP-ONE: any card but the token's (R-AMULET). D4: a lone Zombie cannot be swapped
        // for a held Zombie (the held card would have to go onto the pile).
        for (i, &c) in row.iter().enumerate() {
            if c != self.amulet
                && !(held_zombie && self.up(c) && self.ability_of(c) == Ability::Zombie)
            {
                out.push(Action::Exchange { slot: i as Slot });
            }
        }
        // R-SWAP-MULTI: start a selection with a slot that has a later eligible slot it can
        // match with as far as everybody knows (any later slot for a drawn Approximator, D5),
        // so every set of 2+ slots is reached by exactly one increasing sequence of
        // selections and no selection is a dead end.
        let mut starts = [false; crate::card::CARDS];
        let approximator = match self.stage {
            Stage::Holding { from, .. } => self.approximator(held, from),
            _ => false,
        };
        let (public, lycans) = if approximator {
            (0, 0)
        } else {
            self.public_slots(p)
        };
        // Scanning from the right: is there any eligible later slot, one not known to all, and
        // which values known to all lie later (a bit per value)?
        let (mut later, mut later_unknown, mut later_values) = (false, false, 0u32);
        for i in (0..row.len()).rev() {
            let c = row[i];
            if c == self.amulet {
                continue;
            }
            let is_public = public & (1u64 << i) != 0;
            // A pair with at most one card known to all can always match as far as everybody
            // knows; a slot known to all needs a partner of its value (or, with a face-up
            // Lycan, one the set check accepts).
            starts[i] = if !is_public || public.count_ones() < 2 {
                later
            } else if lycans == 0 {
                later_unknown || later_values & (1u32 << self.value[c as usize]) != 0
            } else {
                (i + 1..row.len()).any(|j| {
                    row[j] != self.amulet
                        && self.set_possible(p, 1u64 << i | 1u64 << j, public, lycans)
                })
            };
            later = true;
            if is_public {
                later_values |= 1u32 << self.value[c as usize];
            } else {
                later_unknown = true;
            }
        }
        for (i, &s) in starts[..row.len()].iter().enumerate() {
            if s {
                out.push(Action::Select { slot: i as Slot });
            }
        }
    }

    /// D5: the held card is a drawn Approximator (deck, display or the Witch's deck card), so
    /// it may replace any two cards.
    #[inline]
    fn approximator(&self, held: CardId, from: CardSource) -> bool {
        matches!(
            from,
            CardSource::Deck | CardSource::Display | CardSource::Witch
        ) && self.ability_of(held) == Ability::Approximator
    }

    /// R-SWAP-MULTI: what every player knows of `p`'s village for choosing a multi-exchange:
    /// the slots holding a non-wild card known to all (face-up, or shown to all earlier), and
    /// the slots of its face-up B1 Lycans (face-up cards are known to all).
    #[inline]
    fn public_slots(&self, p: Seat) -> (u64, u64) {
        let everyone = (1u8 << self.cfg.players) - 1;
        let mut slots = 0u64;
        let mut lycans = 0u64;
        let row = self.village[p as usize].as_slice();
        if row.len() < 2 {
            return (0, 0);
        }
        for (i, &c) in row.iter().enumerate() {
            if self.known[c as usize] & everyone == everyone {
                match self.ability_of(c) {
                    Ability::Wild => {}
                    Ability::LycanBump => {
                        slots |= 1u64 << i;
                        if self.up(c) {
                            lycans |= 1u64 << i;
                        }
                    }
                    _ => slots |= 1u64 << i,
                }
            }
        }
        (slots, lycans)
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
        if known.count_ones() < 2 {
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

    /// Face-up helpers in `p`'s own village (abilities "face-up in your village").
    #[inline]
    fn own_helpers(&self, p: Seat) -> Helpers {
        let mut h = Helpers::default();
        if self.face_up == 0 {
            return h;
        }
        for &c in self.village[p as usize].as_slice() {
            if self.up(c) {
                match self.ability_of(c) {
                    Ability::EmpathPeek => h.empaths += 1,
                    Ability::Bodyguard => h.guards |= self.movable_guard(c),
                    Ability::PriestFlip => h.priests += 1,
                    Ability::Curator => h.curators += 1,
                    Ability::UsePileTop => h.pile_top = true,
                    // Not free actions of the owner's turn (no `_` arm: a new ability must be
                    // placed here or above).
                    Ability::VillagerPair
                    | Ability::SquireDisplay
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
                    | Ability::DiscardToDeckBottom
                    | Ability::Mortician
                    | Ability::ReverseDeck
                    | Ability::FlipAny
                    | Ability::LookAllOwn
                    | Ability::ShuffleVillage
                    | Ability::UseFaceUp
                    | Ability::DeckToPile { .. }
                    | Ability::SwapAny
                    | Ability::GremlinJoin
                    | Ability::CopyLowest
                    | Ability::DiscardOwn { .. }
                    | Ability::UseUnderneath
                    | Ability::Zombie
                    | Ability::Approximator
                    | Ability::ReverseDirection
                    | Ability::Plain => {}
                }
            }
        }
        h
    }

    /// Free actions "at any moment of your own turn": R-A2 Empath, R-A3 Bodyguard, B2 Priest,
    /// C2 Curator, the token (R-AMULET, E-TOKEN), and C4 before or after the main action
    /// (`pile_top`: not while a drawn card is in hand, ruling).
    fn push_free_actions(&self, p: Seat, pile_top: bool, out: &mut ActionList) {
        let row = self.village[p as usize].as_slice();
        let h = self.own_helpers(p);
        if self.turn.empath_used < h.empaths {
            for (i, &c) in row.iter().enumerate() {
                if !self.up(c) && c != self.amulet {
                    out.push(Action::EmpathPeek { slot: i as Slot });
                }
            }
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
            for (i, &c) in row.iter().enumerate() {
                if !self.up(c) && c != self.amulet {
                    out.push(Action::Flip { slot: i as Slot });
                }
            }
        }
        if self.turn.curator_used < h.curators {
            for (i, &c) in row.iter().enumerate() {
                if c != self.amulet && self.rotated & (1u64 << c) == 0 {
                    out.push(Action::Rotate { slot: i as Slot });
                }
            }
            for (i, &c) in row.iter().enumerate() {
                // D4: a face-up Zombie cannot go onto the pile (a face-down one may be tried).
                if c != self.amulet
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
        if self.holder == Some(p) && !self.token_used {
            match self.cfg.set.token() {
                Token::Amulet | Token::Bullet => {
                    for i in 0..row.len() {
                        out.push(Action::PlaceToken { slot: i as Slot });
                    }
                }
                Token::Coin => {
                    for o in 0..self.cfg.players {
                        for (i, &c) in self.village[o as usize].as_slice().iter().enumerate() {
                            if !self.protected_from(p, o, c) {
                                out.push(Action::TokenFlip {
                                    seat: o,
                                    slot: i as Slot,
                                });
                            }
                        }
                    }
                }
                Token::Dagger => out.push(Action::TokenReverse),
            }
        }
    }

    /// R-A3: a face-up Bodyguard not under the Amulet and not yet moved this turn.
    #[inline]
    fn movable_guard(&self, c: CardId) -> bool {
        self.up(c)
            && c != self.amulet
            && self.ability_of(c) == Ability::Bodyguard
            && self.turn.guards_used & (1u64 << c) == 0
    }

    /// Same condition as `push_free_actions(p, true, ..)` producing at least one action.
    fn has_free_actions(&self, p: Seat) -> bool {
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

    /// R-NO-ABILITY-TARGET: may another player's ability touch this card? Not under the Amulet,
    /// not a face-up Bodyguard (placed on a card or not: R-A3 "nobody but you can move your
    /// Bodyguard"), not a card a Bodyguard is placed on.
    #[inline]
    fn shielded(&self, _owner: Seat, c: CardId) -> bool {
        c == self.amulet
            || self.shield & (1u64 << c) != 0
            || (self.up(c) && self.ability_of(c) == Ability::Bodyguard)
    }

    /// May `p`'s ability (or token power) touch card `c` of `owner`'s village? Own cards: all
    /// but the token's card (R-AMULET); other players' cards: R-NO-ABILITY-TARGET.
    #[inline]
    fn protected_from(&self, p: Seat, owner: Seat, c: CardId) -> bool {
        if owner == p {
            c == self.amulet
        } else {
            self.shielded(owner, c)
        }
    }

    /// D4: a Zombie can never be put on top of the discard pile on its own.
    #[inline]
    fn zombie_stuck(&self, c: CardId) -> bool {
        self.ability_of(c) == Ability::Zombie
    }

    /// Targets of "one of your own face-down cards" (R-A5, R-A7, R-A9): not under the Amulet.
    fn push_own_face_down(&self, p: Seat, skip: u64, out: &mut ActionList) {
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
    fn push_opponent_cards(&self, p: Seat, face_down_only: bool, skip: u64, out: &mut ActionList) {
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
    fn push_any_cards(&self, p: Seat, except: Option<Seat>, out: &mut ActionList) {
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

    /// Cards of `p`'s village that C8 may discard (not the token's card; a face-down Zombie
    /// may be chosen, it then stays: `discard_own`).
    fn push_own_discardable(&self, p: Seat, out: &mut ActionList) {
        for (i, &c) in self.village[p as usize].as_slice().iter().enumerate() {
            if c != self.amulet && !(self.up(c) && self.zombie_stuck(c)) {
                out.push(Action::Target {
                    seat: p,
                    slot: i as Slot,
                });
            }
        }
    }

    // One arm per ability kind reads clearer than guards folded into the patterns.
    #[allow(clippy::collapsible_match)]
    fn push_ability_actions(
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
                    Ability::ExposeOwn | Ability::BeholdOwn { .. } | Ability::LookAllOwn => {
                        if ability == Ability::LookAllOwn {
                            let any = self.village[p as usize]
                                .as_slice()
                                .iter()
                                .any(|&c| !self.up(c) && c != self.amulet);
                            if any {
                                out.push(Action::UseAbility);
                            }
                        } else {
                            self.push_own_face_down(p, 0, out)
                        }
                    }
                    Ability::RevealOpponent | Ability::LookOpponent { .. } => {
                        self.push_opponent_cards(p, true, 0, out)
                    }
                    Ability::LookAny => {
                        self.push_own_face_down(p, 0, out);
                        self.push_opponent_cards(p, true, 0, out);
                    }
                    Ability::MasterTakePile => {
                        // R-A10: any pile card but the one whose ability this is (ruling: the
                        // Master cannot take itself), if something can be exchanged out.
                        if self.has_exchangeable(p) {
                            for (index, &c) in self.pile.as_slice().iter().enumerate() {
                                if c != card {
                                    out.push(Action::PickDiscard { index: index as u8 });
                                }
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
                            self.push_opponent_cards(p, false, 0, out);
                        }
                    }
                    Ability::ReverseDeck => {
                        if self.deck.len() >= 2 {
                            out.push(Action::UseAbility);
                        }
                    }
                    Ability::DeckToPile { .. } => {
                        if self.deck.len() > 0 {
                            out.push(Action::UseAbility);
                        }
                    }
                    Ability::ReverseDirection => out.push(Action::UseAbility),
                    Ability::FlipAny => self.push_any_cards(p, None, out),
                    Ability::ShuffleVillage => {
                        for o in 0..self.cfg.players {
                            if self.shufflable(p, o).count_ones() >= 2 {
                                out.push(Action::ChooseVillage { seat: o });
                            }
                        }
                    }
                    Ability::GremlinJoin => {
                        // B12: only the Gremlin just discarded can join (it is the card).
                        if self.pile.top() == Some(card) && self.value[card as usize] == src {
                            for o in 0..self.cfg.players {
                                if o != p {
                                    out.push(Action::ChooseVillage { seat: o });
                                }
                            }
                        }
                    }
                    Ability::SwapAny => {
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
                    Ability::UseFaceUp => {
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
                    Ability::DiscardOwn { .. } => self.push_own_discardable(p, out),
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
                if matches!(ability, Ability::LookOpponent { .. }) {
                    self.push_opponent_cards(p, true, looked, out);
                } else {
                    self.push_own_face_down(p, looked, out);
                }
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
                self.push_opponent_cards(p, false, 0, out);
                if self.has_exchangeable(p) {
                    out.push(Action::WitchExchangeOwn);
                }
                out.push(Action::WitchLeave);
            }
            AbilityStep::SwapWith { owner, .. } => self.push_any_cards(p, Some(owner), out),
            AbilityStep::MoreDiscards { .. } => {
                self.push_own_discardable(p, out);
                out.push(Action::StopLooking);
            }
            AbilityStep::Mortician { cards } => {
                for (index, &c) in self.pile.as_slice().iter().enumerate() {
                    if cards & (1u64 << c) != 0 {
                        out.push(Action::PickDiscard { index: index as u8 });
                    }
                }
                out.push(Action::SkipAbility);
            }
        }
    }

    /// True if the ability of value `src`, triggered by `card`, has at least one legal target
    /// (R-NO-ABILITY-TARGET).
    fn ability_has_target(&self, p: Seat, card: CardId, src: Value) -> bool {
        let mut out = ActionList::new();
        self.push_ability_actions(p, card, src, AbilityStep::Choose, &mut out);
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
        // Ruling: while a card is in hand (a free action taken while holding the drawn card,
        // B2/E-COIN), the end waits until the card is placed.
        let holding = matches!(next, Next::Continue)
            && matches!(
                self.stage,
                Stage::Holding { .. } | Stage::Selecting { .. } | Stage::KeepDrawn { .. }
            );
        if self.in_round() && !holding && self.count_up_all(Ability::VillagerPair) >= 2 {
            self.end_round(RoundEnd::Villagers, sink);
            return;
        }
        match next {
            Next::Continue => {}
            Next::MainDone if self.turn.before_main => {
                // C4 used before the main action: the turn goes on with it. If the copied
                // ability emptied the deck and no main action is left, the turn is over (and
                // with it the round, R-END b).
                self.turn.before_main = false;
                if self.has_main_action(p) {
                    self.stage = Stage::Turn;
                } else if self.has_free_actions(p) {
                    self.stage = Stage::EndOfTurn;
                } else {
                    self.end_turn(sink);
                }
            }
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

    /// `seat`'s village sum as it would score now (E-SCORING-ORDER effects applied).
    pub(crate) fn scoring_sum(&self, seat: Seat) -> i32 {
        if self.scoring_abilities() {
            self.score_villages(&mut ())[seat as usize]
        } else {
            self.village_sum(seat)
        }
    }

    /// True if the set scores with E-SCORING-ORDER abilities (B0, B13) or the Bullet token.
    fn scoring_abilities(&self) -> bool {
        self.cfg.set.has_scoring_effects()
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
                    let c = self.pop_deck();
                    self.learn(c, 1 << p);
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
                self.settle_pile(sink);
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
                self.extra_done = 0;
                sink.event(&GameEvent::CensusCalled {
                    seat: p,
                    turn: self.turn.number,
                    deck_left: self.deck.len() as u8,
                    village: self.village[p as usize].len() as u8,
                    sum: Hidden::new(self.scoring_sum(p).clamp(0, 255) as Value, 0),
                });
                Next::EndTurn
            }
            (Stage::Turn, Action::GiveZombie { slot }) => {
                // D4: the whole turn; the Zombie goes face-down to the previous player's
                // village (right end). It was face-up, so everybody still knows it.
                let c = self.village[p as usize].get(slot as usize);
                self.release(p, c);
                self.village[p as usize].remove(slot as usize);
                self.set_up(c, false);
                let to = self.prev_seat(p);
                self.village[to as usize].push(c);
                sink.event(&GameEvent::ZombieGiven { seat: p, slot, to });
                Next::EndTurn
            }
            (Stage::Holding { card, .. }, Action::Discard) => {
                let under = self.pile.top();
                self.send_to_pile(p, card, PileReason::DiscardDrawn, sink);
                let v = self.value[card as usize];
                let ability = self.ability_of(card);
                // C10: the Vampire uses the ability of the card it was discarded onto.
                let (src, offered) = if ability == Ability::UseUnderneath {
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
                };
                sink.event(&GameEvent::Discarded {
                    seat: p,
                    value: v,
                    ability_offered: offered,
                });
                if offered {
                    self.stage = Stage::Ability {
                        card,
                        src,
                        copied: false,
                        step: AbilityStep::Choose,
                    };
                    Next::Continue
                } else {
                    if ability.is_discard_ability() {
                        sink.event(&GameEvent::AbilityNoTarget { seat: p, value: v });
                    }
                    Next::MainDone
                }
            }
            (Stage::Holding { card, from }, Action::Exchange { slot }) => {
                let morticians = self.face_up_morticians(p);
                let outs = self.exchange(p, card, from, 1u64 << slot, false, sink);
                self.after_exchange(p, outs, morticians)
            }
            (Stage::Holding { card, from }, Action::AddToVillage) => {
                // D4 / E-EMPTY: nothing can leave, so the card joins at the right end.
                let up = enters_face_up(from);
                self.village[p as usize].push(card);
                self.set_up(card, up);
                // Ruling: the card is shown (only a Zombie or a taken card is ever added).
                self.learn(card, ALL);
                sink.event(&GameEvent::Added {
                    seat: p,
                    value: self.hidden(card),
                });
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
                let morticians = self.face_up_morticians(p);
                let outs = self.exchange(p, card, from, chosen, false, sink);
                self.after_exchange(p, outs, morticians)
            }
            (Stage::Selecting { card, from, chosen }, Action::Approximate) => {
                let morticians = self.face_up_morticians(p);
                let outs = self.exchange(p, card, from, chosen, true, sink);
                self.after_exchange(p, outs, morticians)
            }
            (
                Stage::Ability {
                    card,
                    src,
                    copied,
                    step,
                },
                a,
            ) => self.resolve_ability(p, card, src, copied, step, a, sink),
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
                // R-AMULET / E-BULLET
                self.amulet = self.village[p as usize].get(slot as usize);
                self.token_used = true;
                self.turn.free_used = true;
                sink.event(&GameEvent::TokenPlaced { seat: p, slot });
                Next::Continue
            }
            (_, Action::Flip { slot }) => {
                // B2
                self.flip(p, p, slot, sink);
                self.turn.priest_used += 1;
                self.turn.free_used = true;
                Next::Continue
            }
            (_, Action::Rotate { slot }) => {
                // C2: rotation is public and stays with the card.
                let c = self.village[p as usize].get(slot as usize);
                self.rotated |= 1u64 << c;
                self.turn.curator_used += 1;
                self.turn.free_used = true;
                sink.event(&GameEvent::Rotated { seat: p, slot });
                Next::Continue
            }
            (_, Action::DiscardRotated { slot }) => {
                // C2: a rotated card goes to the discard pile; nothing replaces it (E-EMPTY).
                self.discard_own(p, slot, sink);
                self.turn.curator_used += 1;
                self.turn.free_used = true;
                Next::Continue
            }
            (_, Action::UsePileTop) => {
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
            (_, Action::TokenFlip { seat, slot }) => {
                // E-COIN
                self.flip(p, seat, slot, sink);
                self.token_used = true;
                self.turn.free_used = true;
                Next::Continue
            }
            (_, Action::TokenReverse) => {
                // E-DAGGER: with 2 players the opponent's next turn is skipped.
                self.reverse_direction(p, sink);
                self.token_used = true;
                self.turn.free_used = true;
                Next::Continue
            }
            (Stage::EndOfTurn, Action::EndTurn) => Next::EndTurn,
            (stage, a) => panic!("apply_unchecked: {a:?} is not legal at {stage:?}"),
        }
    }

    /// B4: after an exchange, a face-up Mortician offers the ability of one exchanged-out card
    /// that has a discard ability (once per turn; the ability used through it does not trigger
    /// the Mortician again).
    fn after_exchange(&mut self, p: Seat, outs: u64, morticians: u64) -> Next {
        // Ruling: a Mortician face-up before the exchange and still face-up in the village
        // after it (not one exchanged in or out by this exchange).
        let still = self.village[p as usize]
            .as_slice()
            .iter()
            .any(|&c| morticians & (1u64 << c) != 0 && self.up(c));
        if outs == 0 || self.turn.mortician_used || !still {
            return Next::MainDone;
        }
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

    /// B4: card-id bits of the face-up Morticians in `p`'s village.
    fn face_up_morticians(&self, p: Seat) -> u64 {
        if self.face_up == 0 {
            return 0;
        }
        let mut m = 0u64;
        for &c in self.village[p as usize].as_slice() {
            if self.up(c) && self.ability_of(c) == Ability::Mortician {
                m |= 1u64 << c;
            }
        }
        m
    }

    /// B3: does `p` have a face-up Goth Girl now?
    #[inline]
    fn deck_bottom(&self, p: Seat) -> bool {
        self.face_up != 0 && self.count_up(p, Ability::DiscardToDeckBottom) > 0
    }

    /// Turns a village card over (B2, B6, E-COIN). Face-up: everybody learns it. Face-down:
    /// it stays known to all; a Bodyguard turned face-down stops guarding (R-A3).
    fn flip<S: EventSink>(&mut self, p: Seat, owner: Seat, slot: Slot, sink: &mut S) {
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

    /// E-DIRECTION: reverse the direction of play (E-DAGGER, D11). With 2 players a reversal
    /// means the reverser plays again: the opponent's next turn is skipped (RULES.md §7). Two
    /// reversals in one turn skip that one next turn (ruling).
    fn reverse_direction<S: EventSink>(&mut self, p: Seat, sink: &mut S) {
        self.reversed = !self.reversed;
        if self.cfg.players == 2 {
            self.skip_next = true;
        }
        sink.event(&GameEvent::DirectionReversed {
            seat: p,
            counter_clockwise: self.reversed,
        });
    }

    #[allow(clippy::too_many_arguments)]
    fn resolve_ability<S: EventSink>(
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
                    self.look(p, seat, slot, sink);
                    let looked = 1u64 << self.village[seat as usize].get(slot as usize);
                    self.more_looks(p, card, src, ability, looked, count - 1)
                }
                Ability::LookAny => {
                    // R-A9
                    self.look(p, seat, slot, sink);
                    Next::MainDone
                }
                Ability::RobberSwap => {
                    // R-A12 / D12: the victim's card is chosen first, then the card given.
                    self.stage = Stage::Ability {
                        card,
                        src,
                        copied,
                        step: AbilityStep::Give { owner: seat, slot },
                    };
                    Next::Continue
                }
                Ability::FlipAny => {
                    // B6
                    self.flip(p, seat, slot, sink);
                    Next::MainDone
                }
                Ability::SwapAny => {
                    // B11: choose the second card.
                    self.stage = Stage::Ability {
                        card,
                        src,
                        copied,
                        step: AbilityStep::SwapWith { owner: seat, slot },
                    };
                    Next::Continue
                }
                Ability::UseFaceUp => {
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
                Ability::DiscardOwn { count } => {
                    // C8
                    self.discard_own(p, slot, sink);
                    self.more_discards(p, card, src, count - 1)
                }
                other => panic!("Target is not an action of {other:?}"),
            },
            (AbilityStep::MoreLooks { looked, left }, Action::Target { seat, slot }) => {
                self.look(p, seat, slot, sink);
                let c = self.village[seat as usize].get(slot as usize);
                self.more_looks(p, card, src, ability, looked | 1u64 << c, left - 1)
            }
            (AbilityStep::MoreLooks { .. }, Action::StopLooking) => Next::MainDone,
            (AbilityStep::MoreDiscards { left }, Action::Target { slot, .. }) => {
                self.discard_own(p, slot, sink);
                self.more_discards(p, card, src, left - 1)
            }
            (AbilityStep::MoreDiscards { .. }, Action::StopLooking) => Next::MainDone,
            (AbilityStep::Choose, Action::UseAbility) => {
                match ability {
                    Ability::ReverseDeck => {
                        // B5: knowledge of deck cards moves with them.
                        self.deck.reverse();
                        sink.event(&GameEvent::DeckReversed { seat: p });
                    }
                    Ability::LookAllOwn => {
                        // B7
                        for i in 0..self.village[p as usize].len() {
                            let c = self.village[p as usize].get(i);
                            if !self.up(c) && c != self.amulet {
                                self.look(p, p, i as Slot, sink);
                            }
                        }
                    }
                    Ability::DeckToPile { count } => {
                        // B10: face-up onto the pile one by one, in deck order. D4 (ruling): the
                        // order is never changed for a Zombie; one that ends on top goes
                        // face-up under the deck, as an uncovered one does.
                        let n = (count as usize).min(self.deck.len());
                        for _ in 0..n {
                            let c = self.pop_deck();
                            self.put_on_pile(c, PileReason::FromDeck, sink);
                        }
                        self.settle_pile(sink);
                    }
                    Ability::ReverseDirection => self.reverse_direction(p, sink),
                    other => panic!("UseAbility is not an action of {other:?}"),
                }
                Next::MainDone
            }
            (AbilityStep::Choose, Action::ChooseVillage { seat }) => match ability {
                Ability::ShuffleVillage => {
                    self.shuffle_village(p, seat, sink);
                    Next::MainDone
                }
                Ability::GremlinJoin => {
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
                other => panic!("ChooseVillage is not an action of {other:?}"),
            },
            (AbilityStep::SwapWith { owner, slot }, Action::Target { seat, slot: slot2 }) => {
                // B11: both keep their orientation; knowledge moves with the cards.
                let a = self.village[owner as usize].get(slot as usize);
                let b = self.village[seat as usize].get(slot2 as usize);
                self.release(owner, a);
                self.release(seat, b);
                self.village[owner as usize].cards[slot as usize] = b;
                self.village[seat as usize].cards[slot2 as usize] = a;
                sink.event(&GameEvent::SwappedAny {
                    seat: p,
                    a_owner: owner,
                    a_slot: slot,
                    b_owner: seat,
                    b_slot: slot2,
                });
                Next::MainDone
            }
            (AbilityStep::Choose, Action::PickDiscard { index })
                if ability == Ability::MasterTakePile =>
            {
                // R-A10: the chosen card leaves the pile; the Master stays, exchanged cards go
                // on top of it.
                let i = index as usize;
                let c = self.pile.remove(i);
                self.settle_pile(sink);
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
            (AbilityStep::Mortician { .. }, Action::PickDiscard { index }) => {
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
            (AbilityStep::Mortician { .. }, Action::SkipAbility) => Next::MainDone,
            (AbilityStep::Choose, Action::WitchLook) => {
                // R-A11: look at the deck's top card.
                let c = self.deck.top().expect("WitchLook needs a deck card");
                self.learn(c, 1 << p);
                sink.event(&GameEvent::Drew {
                    seat: p,
                    from: CardSource::Witch,
                    value: self.hidden(c),
                });
                self.stage = Stage::Ability {
                    card,
                    src,
                    copied,
                    step: AbilityStep::WitchLooked,
                };
                Next::Continue
            }
            (AbilityStep::WitchLooked, Action::Target { seat, slot }) => {
                // R-A11 / R-PLACE: the deck card takes the opponent card's slot and orientation;
                // the replaced card goes to the discard pile. D4 (ruling): a Zombie cannot go
                // onto the pile alone: it is shown and stays, the deck card stays on the deck.
                let target = self.village[seat as usize].get(slot as usize);
                if self.zombie_stuck(target) {
                    self.learn(target, ALL);
                    sink.event(&GameEvent::Shown {
                        owner: seat,
                        slot,
                        value: self.value[target as usize],
                    });
                    return Next::MainDone;
                }
                let c = self.pop_deck();
                let row = &mut self.village[seat as usize];
                let old = row.get(slot as usize);
                row.cards[slot as usize] = c;
                let up = self.up(old);
                self.release(seat, old);
                self.set_up(old, false);
                self.rotated &= !(1u64 << old);
                self.set_up(c, up);
                if up {
                    self.learn(c, ALL);
                }
                sink.event(&GameEvent::WitchReplaced {
                    seat: p,
                    owner: seat,
                    slot,
                    incoming: self.hidden(c),
                });
                self.send_to_pile(p, old, PileReason::WitchReplaced, sink);
                Next::MainDone
            }
            (AbilityStep::WitchLooked, Action::WitchExchangeOwn) => {
                let c = self.pop_deck();
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
        if matches!(ability, Ability::LookOpponent { .. }) {
            self.push_opponent_cards(p, true, looked, &mut out);
        } else {
            self.push_own_face_down(p, looked, &mut out);
        }
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

    /// C8 with a count above 1: offer another discard if one is left and possible.
    fn more_discards(&mut self, p: Seat, card: CardId, src: Value, left: u8) -> Next {
        if left == 0 {
            return Next::MainDone;
        }
        let mut out = ActionList::new();
        self.push_own_discardable(p, &mut out);
        if out.is_empty() {
            return Next::MainDone;
        }
        self.stage = Stage::Ability {
            card,
            src,
            copied: true,
            step: AbilityStep::MoreDiscards { left },
        };
        Next::Continue
    }

    /// C2 / C8: one of `p`'s cards goes to the discard pile; nothing replaces it (E-EMPTY).
    /// D4 (ruling): a Zombie cannot go onto the pile alone: it is shown to everybody and stays.
    fn discard_own<S: EventSink>(&mut self, p: Seat, slot: Slot, sink: &mut S) {
        let c = self.village[p as usize].get(slot as usize);
        if self.zombie_stuck(c) {
            self.learn(c, ALL);
            sink.event(&GameEvent::Shown {
                owner: p,
                slot,
                value: self.value[c as usize],
            });
            return;
        }
        self.release(p, c);
        self.village[p as usize].remove(slot as usize);
        self.send_to_pile(p, c, PileReason::DiscardedOwn, sink);
    }

    /// B8: shuffle the shufflable face-down cards of `owner`'s village among their slots.
    ///
    /// Implemented by permuting the *values* among the fixed card ids (so no card id can carry
    /// a seat's old knowledge of a position): afterwards nobody knows any of them, and each
    /// seat keeps, as floating knowledge, the multiset of values it knew among them.
    fn shuffle_village<S: EventSink>(&mut self, p: Seat, owner: Seat, sink: &mut S) {
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
            self.value[ids[k] as usize] = vals[k];
            self.known[ids[k] as usize] = 0;
        }
        sink.event(&GameEvent::Shuffled {
            seat: p,
            owner,
            slots,
        });
    }

    /// Takes the deck's top card during a turn; R-END (b): an emptied deck ends the round at
    /// the end of this turn, whatever later returns to the deck.
    #[inline]
    fn pop_deck(&mut self) -> CardId {
        let c = self.deck.pop();
        if self.deck.len() == 0 {
            self.turn.deck_emptied = true;
        }
        c
    }

    /// `seat` looks at the card in `(owner, slot)`.
    fn look<S: EventSink>(&mut self, seat: Seat, owner: Seat, slot: Slot, sink: &mut S) {
        let c = self.village[owner as usize].get(slot as usize);
        self.learn(c, 1 << seat);
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

    /// D4 (ruling): a Zombie uncovered on top of the discard pile (the card above it was
    /// taken) goes face-up under the deck, as a Zombie turned up at the deal does.
    fn settle_pile<S: EventSink>(&mut self, sink: &mut S) {
        while let Some(top) = self.pile.top() {
            if !self.zombie_stuck(top) {
                break;
            }
            self.pile.pop();
            self.deck.insert_bottom(top);
            sink.event(&GameEvent::ToDeckBottom {
                value: self.value[top as usize],
            });
        }
    }

    /// Puts a card face-up on the discard pile: public from now on. Rotation ends (C2).
    fn put_on_pile<S: EventSink>(&mut self, c: CardId, reason: PileReason, sink: &mut S) {
        self.set_up(c, false);
        self.rotated &= !(1u64 << c);
        self.learn(c, ALL);
        self.pile.push(c);
        sink.event(&GameEvent::ToPile {
            value: self.value[c as usize],
            reason,
        });
    }

    /// A card `p` sends to the discard pile: with a face-up B3 in `p`'s village it goes
    /// face-up (public) to the bottom of the deck instead.
    fn send_to_pile<S: EventSink>(&mut self, p: Seat, c: CardId, reason: PileReason, sink: &mut S) {
        let bottom = self.deck_bottom(p);
        self.send_to_pile_as(c, reason, bottom, sink);
    }

    /// [`Game::send_to_pile`] with the B3 decision already taken (`bottom`).
    fn send_to_pile_as<S: EventSink>(
        &mut self,
        c: CardId,
        reason: PileReason,
        bottom: bool,
        sink: &mut S,
    ) {
        if bottom {
            self.set_up(c, false);
            self.rotated &= !(1u64 << c);
            self.learn(c, ALL);
            self.deck.insert_bottom(c);
            sink.event(&GameEvent::ToDeckBottom {
                value: self.value[c as usize],
            });
        } else {
            self.put_on_pile(c, reason, sink);
        }
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
            self.village[p as usize].cards[slot] = card;
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
        for i in 0..row_len {
            if chosen & (1u64 << i) != 0 {
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
            row.cards[first] = card;
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
                if self.pile.as_slice().contains(&c) {
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
            for &c in out.iter() {
                self.set_up(c, false);
                // A Bodyguard turned face-down no longer guards (R-A3 needs it face-up).
                self.guard[c as usize] = NONE;
            }
            self.refresh_shield();
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
        if self.face_up == 0 {
            return 0;
        }
        let mut n = 0;
        for (i, &c) in self.village[p as usize].as_slice().iter().enumerate() {
            if chosen & (1u64 << i) == 0 && self.up(c) && self.ability_of(c) == Ability::LycanBump {
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

    // =====================================================================================
    // End of turn, end of round, end of game
    // =====================================================================================

    fn end_turn<S: EventSink>(&mut self, sink: &mut S) {
        let p = self.turn.player;
        // R-A1: refill the display up to the number of face-up Squires (never remove cards).
        let squires = self.count_up_all(Ability::SquireDisplay).min(4);
        while self.display_len < squires && self.deck.len() > 0 {
            let c = self.deck.pop();
            self.learn(c, ALL);
            self.display[self.display_len as usize] = c;
            self.display_len += 1;
            sink.event(&GameEvent::DisplayFilled {
                value: self.value[c as usize],
            });
        }
        self.turn.number += 1;
        // R-END (a): after the last extra turn following a census. With E-DIRECTION the extra
        // turns follow the current direction; the caller never plays again (ruling).
        if self.caller != NONE && p != self.caller {
            self.extra_done |= 1 << p;
            self.extra_left = self.extra_left.saturating_sub(1);
            if self.extra_left == 0 {
                self.end_round(RoundEnd::Census, sink);
                return;
            }
        }
        // R-END (b): the deck became empty during this turn, even if a card was put back
        // under it later in the turn (B3 sends discards to the deck's bottom).
        if self.deck.len() == 0 || self.turn.deck_emptied {
            self.end_round(RoundEnd::Deck, sink);
            return;
        }
        // Termination cap (docs/rulings.md).
        if self.turn.number >= self.cfg.max_turns_per_round {
            self.end_round(RoundEnd::TurnCap, sink);
            return;
        }
        let mut next = self.next_seat(p);
        if self.skip_next {
            // E-DAGGER with 2 players: the opponent's next turn is skipped.
            self.skip_next = false;
            sink.event(&GameEvent::TurnSkipped { seat: next });
            next = p;
        }
        if self.caller != NONE {
            while next == self.caller || self.extra_done & (1 << next) != 0 {
                next = self.next_seat(next);
            }
        }
        self.turn = crate::game::Turn::new(next, self.turn.number);
        self.stage = Stage::Turn;
        sink.event(&GameEvent::TurnStarted {
            seat: next,
            turn: self.turn.number,
        });
    }

    /// E-SCORING-ORDER: the round's scoring values of every village. `up` holds the cards that
    /// were face-up before the reveal. Returns, per seat, the sum and emits the scoring events
    /// (removals, Copycats). Scoring abilities resolve by value from lowest to highest; equal
    /// values from the token holder (else the start player) in the current direction of play.
    /// Each effect acts on its own village only, so the order decides the order of the events,
    /// never a sum. The Bullet token's
    /// card is removed first (ruling).
    fn score_villages<S: EventSink>(&self, sink: &mut S) -> [i32; MAX_PLAYERS] {
        let n = self.cfg.players as usize;
        let up = self.face_up;
        // Per seat: effective values and a removed mask, by slot.
        let mut eff = [[0u8; crate::card::CARDS]; MAX_PLAYERS];
        let mut removed = [0u64; MAX_PLAYERS];
        for s in 0..n {
            for (i, &c) in self.village[s].as_slice().iter().enumerate() {
                eff[s][i] = self.value[c as usize];
            }
        }
        if self.cfg.set.token() == Token::Bullet {
            if let Some((s, slot)) = self.locate_in_villages(self.amulet) {
                removed[s as usize] |= 1u64 << slot;
                sink.event(&GameEvent::ScoringRemoved {
                    owner: s,
                    slot,
                    value: self.value[self.amulet as usize],
                });
            }
        }
        let first = self.holder.unwrap_or(self.start);
        for v in 0..crate::card::VALUES as Value {
            let ability = self.cfg.set.ability(v);
            if !matches!(ability, Ability::HunterRemove | Ability::CopyLowest) {
                continue;
            }
            for k in 0..n {
                // Equal values: from the token holder (else the start player) in the current
                // direction of play (E-SCORING-ORDER, E-DIRECTION).
                let s = if self.reversed {
                    (first as usize + n - k) % n
                } else {
                    (first as usize + k) % n
                };
                let row = self.village[s].as_slice();
                for (i, &c) in row.iter().enumerate() {
                    if self.value[c as usize] != v || removed[s] & (1u64 << i) != 0 {
                        continue;
                    }
                    match ability {
                        Ability::HunterRemove if up & (1u64 << c) != 0 => {
                            // B0 (ruling): the owner removes the card that leaves the lowest
                            // sum, counting Copycats still to resolve; never the Amulet's card.
                            let mut best: Option<(i32, usize)> = None;
                            for j in 0..row.len() {
                                if removed[s] & (1u64 << j) != 0 || row[j] == self.amulet {
                                    continue;
                                }
                                let sum =
                                    self.projected_sum(row, &eff[s], removed[s] | 1u64 << j, v);
                                if best.is_none_or(|(b, _)| sum < b) {
                                    best = Some((sum, j));
                                }
                            }
                            if let Some((_, j)) = best {
                                removed[s] |= 1u64 << j;
                                sink.event(&GameEvent::ScoringRemoved {
                                    owner: s as Seat,
                                    slot: j as Slot,
                                    value: self.value[row[j] as usize],
                                });
                            }
                        }
                        Ability::CopyLowest => {
                            // B13: the lowest other card of its village (13 if alone).
                            let low = (0..row.len())
                                .filter(|&j| j != i && removed[s] & (1u64 << j) == 0)
                                .map(|j| eff[s][j])
                                .min()
                                .unwrap_or(13);
                            eff[s][i] = low;
                            sink.event(&GameEvent::Copied {
                                owner: s as Seat,
                                slot: i as Slot,
                                counts_as: low,
                            });
                        }
                        _ => {}
                    }
                }
            }
        }
        let mut sums = [0i32; MAX_PLAYERS];
        for s in 0..n {
            for i in 0..self.village[s].len() {
                if removed[s] & (1u64 << i) == 0 {
                    sums[s] += eff[s][i] as i32;
                }
            }
        }
        sums
    }

    /// B0 helper: the sum of a village after `removed`, with the Copycats of value above
    /// `after` resolved (in slot order).
    fn projected_sum(&self, row: &[CardId], eff: &[u8], removed: u64, after: Value) -> i32 {
        let mut e = [0u8; crate::card::CARDS];
        e[..row.len()].copy_from_slice(&eff[..row.len()]);
        for (i, &c) in row.iter().enumerate() {
            let v = self.value[c as usize];
            if v > after
                && removed & (1u64 << i) == 0
                && self.cfg.set.ability(v) == Ability::CopyLowest
            {
                e[i] = (0..row.len())
                    .filter(|&j| j != i && removed & (1u64 << j) == 0)
                    .map(|j| e[j])
                    .min()
                    .unwrap_or(13);
            }
        }
        (0..row.len())
            .filter(|&i| removed & (1u64 << i) == 0)
            .map(|i| e[i] as i32)
            .sum()
    }

    fn end_round<S: EventSink>(&mut self, reason: RoundEnd, sink: &mut S) {
        let n = self.cfg.players as usize;
        // R-SCORE: reveal everything.
        let mut sizes = [0u8; MAX_PLAYERS];
        for s in 0..n {
            for (i, &c) in self.village[s].as_slice().iter().enumerate() {
                sink.event(&GameEvent::FinalCard {
                    owner: s as Seat,
                    slot: i as Slot,
                    value: self.value[c as usize],
                });
            }
            sizes[s] = self.village[s].len() as u8;
        }
        let sums = if self.scoring_abilities() {
            self.score_villages(sink)
        } else {
            let mut sums = [0i32; MAX_PLAYERS];
            for s in 0..n {
                sums[s] = self.village_sum(s as Seat);
            }
            sums
        };
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
