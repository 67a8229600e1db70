//! Restricted play: which card values an action keeps, takes or uses, as the deciding player
//! knows them ([`PlayerView::restricted_values`], [`Game::restricted_values`]). A restricted
//! bot (`greedy:forbid=7`) avoids the actions that involve a forbidden value; what the value
//! is worth is then measured by playing it against the unrestricted bot on the same deals.
//!
//! # The table
//!
//! An action involves these values (only values the deciding player knows count; every card
//! named here is known to it, except an opponent's card a Robber takes):
//!
//! | family | actions | values |
//! |---|---|---|
//! | take | `TakeDiscard` | the discard pile's top card |
//! | take | `DrawDisplay{index}` | that display card |
//! | take | `KeepDrawn{index}` (R-A4) | that drawn card |
//! | take | `PickDiscard{index}` of a Master (R-A10) | that pile card, and the Master's value (use) |
//! | take | `WitchExchangeOwn` (R-A11) | the deck's top card (looked at), and the Witch's value (use) |
//! | take | `Target` of a Robber (R-A12) | the taken card if known, and the Robber's value (use) |
//! | keep | `Exchange`, `Select`, `AddToVillage` while holding; `Select`, `ConfirmExchange`, `Approximate` while selecting | the held card |
//! | use | any action of a discard ability's resolution but `SkipAbility` and `StopLooking` | the value whose ability it is, and the card that grants it when that is another (the discarded Vampire, C10; the discarded Marksman, B9) |
//! | use | `Target` of a Marksman (B9) | also the face-up card whose ability it uses |
//! | use | `PickDiscard{index}` of a Mortician (B4) | the face-up Morticians of the player, and that pile card (whose ability is used) |
//! | use | `UsePileTop` (C4) | the player's face-up C4 cards, and the pile's top card (whose ability is used) |
//! | use | `DrawDeck{extra}` with `extra > 0` (R-A4) | the player's face-up Rascals |
//! | use | `EmpathPeek` (R-A2), `Flip` (B2), `Rotate`, `DiscardRotated` (C2) | the player's face-up cards with that ability |
//! | use | `GuardPlace`, `GuardLift` (R-A3) | the Bodyguard moved |
//! | use | `GiveZombie{slot}` (D4) | that Zombie |
//! | none | `OpeningPeek`, `DrawDeck{extra: 0}`, `CallCensus`, `Discard`, `SkipAbility`, `StopLooking`, `EndTurn`, `PlaceToken`, `TokenFlip`, `TokenReverse` | — |
//!
//! Dealt cards are not kept by choice: a restricted player may hold a dealt value, and
//! discarding a card (`Discard`, an exchange sending it out) never involves it. The token
//! powers belong to no value. When several face-up cards of the player give the same free
//! action, the action involves all of their values. Once a copying ability has chosen the
//! ability it uses (B4, C4), the later steps count that ability's value alone: the copying
//! card was counted when it was chosen.

use crate::action::Action;
use crate::card::{Ability, Chosen, Helper, Value, VALUES};
use crate::config::Seat;
use crate::game::{AbilityStep, CardId, Game, Stage, UpRole, UNKNOWN};
use crate::view::PlayerView;

/// A set of card values 0–13 (bit `v` for value `v`): small and `Copy`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueSet(u16);

const _: () = assert!(VALUES <= 16);

impl ValueSet {
    /// No value.
    pub const EMPTY: ValueSet = ValueSet(0);

    /// The set of the values whose bits are set in `bits` (bits above 13 are dropped).
    pub const fn from_bits(bits: u16) -> ValueSet {
        ValueSet(bits & ((1 << VALUES) - 1))
    }

    /// The bits (bit `v` for value `v`).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// True if `v` is in the set.
    #[inline]
    pub const fn contains(self, v: Value) -> bool {
        (v as usize) < VALUES && self.0 & (1 << v) != 0
    }

    /// Adds `v`; a value above 13 (or an unknown one) is not a value and is ignored.
    #[inline]
    pub fn insert(&mut self, v: Value) {
        if (v as usize) < VALUES {
            self.0 |= 1 << v;
        }
    }

    /// True if no value is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if the two sets share a value.
    #[inline]
    pub const fn intersects(self, other: ValueSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Number of values.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The values in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Value> {
        (0..VALUES as Value).filter(move |&v| self.contains(v))
    }
}

impl FromIterator<Value> for ValueSet {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> ValueSet {
        let mut s = ValueSet::EMPTY;
        for v in iter {
            s.insert(v);
        }
        s
    }
}

impl PlayerView {
    /// The values `action` keeps, takes or uses (the table of [`crate::restricted`]), as
    /// this view's player knows them. Meant for the viewer's own legal actions.
    pub fn restricted_values(&self, action: Action) -> ValueSet {
        self.game.restricted_values_as(self.viewer, action)
    }
}

impl Game {
    /// [`PlayerView::restricted_values`] for the player to move (a search deciding for its own
    /// seat on a sampled world): only values that player knows count, so the answer is the
    /// one its view gives, without copying the game.
    pub fn restricted_values(&self, action: Action) -> ValueSet {
        match self.to_move() {
            crate::ToMove::Player(p) => self.restricted_values_as(p, action),
            crate::ToMove::Deal | crate::ToMove::Terminal => ValueSet::EMPTY,
        }
    }

    /// The values of `action` known to `seat` (the table of the module docs).
    fn restricted_values_as(&self, seat: Seat, action: Action) -> ValueSet {
        let mut out = ValueSet::EMPTY;
        // A card's value if `seat` knows it (in a view, unknown values are erased; a forgetful
        // view erases a value but keeps its knowledge bit: both are checked).
        let known = |c: CardId| -> Option<Value> {
            let v = self.value[c as usize];
            (v != UNKNOWN && self.known[c as usize] & (1 << seat) != 0).then_some(v)
        };
        let mut add = |c: Option<CardId>| {
            if let Some(v) = c.and_then(known) {
                out.insert(v);
            }
        };
        let village = self.village[seat as usize].as_slice();
        let at = |slot: u8| village.get(slot as usize).copied();
        // The player's face-up cards whose ability gives this free action.
        let helpers = |h: Helper| {
            let mut s = ValueSet::EMPTY;
            for &c in village {
                if self.up(c) && self.ability_of(c).helper() == Some(h) {
                    s.insert(self.value[c as usize]);
                }
            }
            s
        };
        let held = match self.stage {
            Stage::Holding { card, .. } | Stage::Selecting { card, .. } => Some(card),
            _ => None,
        };
        let extra = match action {
            // Nothing kept, taken or used.
            Action::OpeningPeek { .. }
            | Action::CallCensus
            | Action::Discard
            | Action::SkipAbility
            | Action::StopLooking
            | Action::EndTurn
            | Action::PlaceToken { .. }
            | Action::TokenFlip { .. }
            | Action::TokenReverse => ValueSet::EMPTY,
            // R-A4: the extra cards are the face-up Rascals' ability.
            Action::DrawDeck { extra } => {
                let mut s = ValueSet::EMPTY;
                if extra > 0 {
                    let mut up = self.up_in(seat, UpRole::Rascal);
                    while up != 0 {
                        let c = up.trailing_zeros() as CardId;
                        up &= up - 1;
                        s.insert(self.value[c as usize]);
                    }
                }
                s
            }
            // Take.
            Action::DrawDisplay { index } => {
                if index < self.display_len {
                    add(Some(self.display[index as usize]));
                }
                ValueSet::EMPTY
            }
            Action::TakeDiscard => {
                add(self.pile.top());
                ValueSet::EMPTY
            }
            Action::KeepDrawn { index } => {
                if let Stage::KeepDrawn { cards, n } = self.stage {
                    if index < n {
                        add(Some(cards[index as usize]));
                    }
                }
                ValueSet::EMPTY
            }
            // Keep: the held card enters the village.
            Action::Exchange { .. }
            | Action::Select { .. }
            | Action::ConfirmExchange
            | Action::AddToVillage
            | Action::Approximate => {
                add(held);
                ValueSet::EMPTY
            }
            // Use: free actions of the player's face-up cards.
            Action::EmpathPeek { .. } => helpers(Helper::EmpathPeek),
            Action::Flip { .. } => helpers(Helper::PriestFlip),
            Action::Rotate { .. } | Action::DiscardRotated { .. } => helpers(Helper::Curator),
            Action::UsePileTop => {
                add(self.pile.top());
                helpers(Helper::UsePileTop)
            }
            Action::GuardPlace { guard, .. } | Action::GuardLift { guard } => {
                add(at(guard));
                ValueSet::EMPTY
            }
            Action::GiveZombie { slot } => {
                add(at(slot));
                ValueSet::EMPTY
            }
            // Use: a discard ability's resolution.
            Action::Target { .. }
            | Action::PickDiscard { .. }
            | Action::WitchLook
            | Action::WitchExchangeOwn
            | Action::WitchLeave
            | Action::Give { .. }
            | Action::UseAbility
            | Action::ChooseVillage { .. } => self.ability_values(seat, action, &mut add),
        };
        ValueSet(out.0 | extra.0)
    }

    /// The values an action of a discard ability's resolution involves (see the table):
    /// `add` receives the cards whose value counts if `seat` knows it; the values returned
    /// count as they are (face-up Morticians).
    fn ability_values(
        &self,
        seat: Seat,
        action: Action,
        add: &mut impl FnMut(Option<CardId>),
    ) -> ValueSet {
        let Stage::Ability {
            card, src, step, ..
        } = self.stage
        else {
            return ValueSet::EMPTY;
        };
        let mut s = ValueSet::EMPTY;
        if let AbilityStep::Mortician { .. } = step {
            // B4: the Mortician is used, on the chosen pile card's ability.
            if let Action::PickDiscard { index } = action {
                for &c in self.village[seat as usize].as_slice() {
                    if self.up(c) && self.ability_of(c) == Ability::Mortician {
                        s.insert(self.value[c as usize]);
                    }
                }
                add(self.pile.as_slice().get(index as usize).copied());
            }
            return s;
        }
        s.insert(src);
        // C10, B9: the card that triggered the ability grants another value's ability.
        if self.value[card as usize] != src {
            add(Some(card));
        }
        let chosen = self.cfg.set.ability(src).chosen();
        match (step, action) {
            // R-A10: the taken pile card.
            (AbilityStep::Choose, Action::PickDiscard { index }) => {
                add(self.pile.as_slice().get(index as usize).copied())
            }
            // B9: the face-up card whose ability is used; R-A12: the card taken.
            (AbilityStep::Choose, Action::Target { seat: o, slot })
                if matches!(chosen, Some(Chosen::UseFaceUp | Chosen::RobberSwap)) =>
            {
                add(self.village[o as usize]
                    .as_slice()
                    .get(slot as usize)
                    .copied())
            }
            // R-A11: the looked-at deck card.
            (AbilityStep::WitchLooked, Action::WitchExchangeOwn) => add(self.deck.top()),
            _ => {}
        }
        s
    }
}
