//! Events: everything that happens, pushed into a caller-supplied [`EventSink`].
//!
//! An engine [`Event`] carries hidden values as [`Hidden`], which remembers who saw the value;
//! [`Event::observe`] turns it into the [`Observation`] one viewer is entitled to. That function
//! is the one exhaustive `match` deciding what each event reveals to each viewer (RULES.md §6).
//! With the `()` sink nothing is built or stored.

use crate::action::{Action, Slot};
use crate::card::{Ability, Value, CARDS};
use crate::config::{Seat, MAX_PLAYERS};

/// A card value together with the set of seats that saw it when the event happened.
///
/// The value is private: a viewer gets it through [`Hidden::seen_by`] / [`Event::observe`], and
/// only an omniscient consumer (statistics, traces) through [`Hidden::omniscient`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Hidden {
    value: Value,
    seen: u8,
}

impl Hidden {
    pub(crate) fn new(value: Value, seen: u8) -> Hidden {
        Hidden { value, seen }
    }

    /// The value, if `viewer` saw it.
    #[inline]
    pub fn seen_by(self, viewer: Seat) -> Option<Value> {
        (self.seen & (1 << viewer) != 0).then_some(self.value)
    }

    /// The true value, for omniscient observers only (statistics, traces, tests). Bots never
    /// receive engine events, only [`Observation`]s.
    #[inline]
    pub fn omniscient(self) -> Value {
        self.value
    }

    /// Bit mask of the seats that saw the value.
    pub fn seen_mask(self) -> u8 {
        self.seen
    }
}

/// Where a drawn or taken card came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum CardSource {
    /// R-DRAW: the deck's top card.
    Deck,
    /// R-A1: a display card.
    Display,
    /// R-TAKE: the discard pile's top card.
    Discard,
    /// R-A10: a card taken from the discard pile by the Master.
    Master,
    /// R-A11: the deck's top card, by the Witch.
    Witch,
}

/// Why a round ended (R-END and the turn cap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RoundEnd {
    /// R-END (a): the census's extra turns are over.
    Census,
    /// R-END (b): the deck became empty.
    Deck,
    /// R-END (c), R-A0: two Villagers face-up in villages.
    Villagers,
    /// The configured turn cap was reached (docs/rulings.md).
    TurnCap,
}

impl RoundEnd {
    /// Lower-case name for outputs.
    pub const fn name(self) -> &'static str {
        match self {
            RoundEnd::Census => "census",
            RoundEnd::Deck => "deck",
            RoundEnd::Villagers => "villagers",
            RoundEnd::TurnCap => "turn-cap",
        }
    }
}

/// Why a card went onto the discard pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum PileReason {
    /// The start of the round (R-DEAL).
    Deal,
    /// A drawn card discarded (R-DRAW).
    DiscardDrawn,
    /// Exchanged out of a village (R-SWAP-ONE / R-SWAP-MULTI).
    ExchangedOut,
    /// Replaced by the Witch's card in an opponent's village (R-A11).
    WitchReplaced,
    /// Discarded from a village with nothing replacing it (C2 Curator, C8 Assassin).
    DiscardedOwn,
    /// Moved from the deck by B10 The Count.
    FromDeck,
    /// The drawn card discarded instead of a Zombie that cannot leave (D4).
    ZombieStayed,
}

/// One thing that happened. `V` is [`Hidden`] in engine events and `Option<Value>` in a
/// viewer's [`Observation`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "kebab-case"))]
pub enum GameEvent<V> {
    /// R-DEAL: a round was dealt. `order` is the deal order (villages seat by seat, then the
    /// first discard, then the deck from the top): nobody sees any of it.
    RoundStarted {
        /// 1-based round number.
        round: u16,
        /// R-START / R-TOKEN-WIN: who plays first.
        start: Seat,
        /// Who holds the token this round.
        token_holder: Option<Seat>,
        /// The dealt card order.
        #[cfg_attr(feature = "serde", serde(serialize_with = "ser_cards"))]
        order: [V; CARDS],
    },
    /// A card went face-up onto the discard pile.
    ToPile {
        /// Its value (always public).
        value: Value,
        /// Why.
        reason: PileReason,
    },
    /// A player's turn started.
    TurnStarted {
        /// Whose turn.
        seat: Seat,
        /// Completed turns before this one in the round.
        turn: u16,
    },
    /// A player made a decision (every decision is public; values are not).
    Acted {
        /// Who.
        seat: Seat,
        /// What.
        action: Action,
    },
    /// `seat` looked at a card in `owner`'s village.
    Peeked {
        /// Who looked.
        seat: Seat,
        /// Village owner.
        owner: Seat,
        /// Slot.
        slot: Slot,
        /// The value (seen by `seat` and whoever knew it already).
        value: V,
    },
    /// `seat` took a card into their hand (deck draw, display, discard pile, Master, Witch).
    Drew {
        /// Who.
        seat: Seat,
        /// From where.
        from: CardSource,
        /// The card.
        value: V,
    },
    /// R-A4: `count` drawn cards went back on top of the deck.
    ReturnedToDeck {
        /// Who.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// R-DRAW: a drawn card was discarded; `ability_offered` if its ability may now be used.
    Discarded {
        /// Who.
        seat: Seat,
        /// Value.
        value: Value,
        /// True if an ability with a legal target is now offered.
        ability_offered: bool,
    },
    /// A discard ability was used (its effects follow as their own events).
    AbilityUsed {
        /// Who.
        seat: Seat,
        /// Value of the card whose ability it is.
        value: Value,
        /// The ability.
        ability: Ability,
    },
    /// R-NO-ABILITY-TARGET: a discarded card's ability had no legal target.
    AbilityNoTarget {
        /// Who.
        seat: Seat,
        /// Value.
        value: Value,
    },
    /// A village card was shown to everybody during a multi-exchange (R-SWAP-MULTI).
    Shown {
        /// Village owner.
        owner: Seat,
        /// Slot.
        slot: Slot,
        /// Value (public).
        value: Value,
    },
    /// An exchange was resolved (R-SWAP-ONE / MULTI / FAIL).
    Exchanged {
        /// Who.
        seat: Seat,
        /// Where the incoming card came from.
        from: CardSource,
        /// The incoming card.
        incoming: V,
        /// Bit mask of the chosen slots (before the row closed up).
        slots: u64,
        /// False for R-SWAP-FAIL.
        success: bool,
        /// The slot the incoming card now occupies.
        placed_at: Slot,
        /// Whether the incoming card is face-up in the village.
        face_up: bool,
    },
    /// R-SWAP-CRIT: the deck's top card was added, unseen, to `seat`'s village.
    PenaltyCard {
        /// Who.
        seat: Seat,
        /// The card (seen only by whoever knew it already).
        value: V,
    },
    /// A village card was turned face-up (R-A5, R-A6).
    Flipped {
        /// Who used the ability.
        seat: Seat,
        /// Village owner.
        owner: Seat,
        /// Slot.
        slot: Slot,
        /// Value (public now).
        value: Value,
    },
    /// R-A11: the Witch's deck card replaced an opponent's card.
    WitchReplaced {
        /// Who.
        seat: Seat,
        /// Victim.
        owner: Seat,
        /// Victim's slot.
        slot: Slot,
        /// The card put in (seen by the Witch player; by all if the slot is face-up).
        incoming: V,
    },
    /// R-A12: two cards changed places between villages.
    Swapped {
        /// Who.
        seat: Seat,
        /// Slot in `seat`'s village.
        own_slot: Slot,
        /// The other village.
        owner: Seat,
        /// Slot there.
        slot: Slot,
    },
    /// R-A1: a deck card was dealt face-up into the display.
    DisplayFilled {
        /// Value (public).
        value: Value,
    },
    /// A village card was turned face-down (B6, E-COIN, D4): its value stays known to all.
    TurnedDown {
        /// Who.
        seat: Seat,
        /// Village owner.
        owner: Seat,
        /// Slot.
        slot: Slot,
    },
    /// B3: a card went face-up to the bottom of the deck instead of onto the discard pile.
    ToDeckBottom {
        /// Its value (public).
        value: Value,
    },
    /// B5: the deck's order was reversed.
    DeckReversed {
        /// Who.
        seat: Seat,
    },
    /// B8: the face-down cards in `slots` of `owner`'s village were shuffled among themselves.
    Shuffled {
        /// Who.
        seat: Seat,
        /// Village owner.
        owner: Seat,
        /// Slot bits of the shuffled cards.
        slots: u64,
    },
    /// B11: two cards of two villages changed places (orientation kept).
    SwappedAny {
        /// Who.
        seat: Seat,
        /// First village.
        a_owner: Seat,
        /// First slot.
        a_slot: Slot,
        /// Second village.
        b_owner: Seat,
        /// Second slot.
        b_slot: Slot,
    },
    /// B12: the Gremlin joined `owner`'s village face-up, at the right end.
    Joined {
        /// Who.
        seat: Seat,
        /// Receiving village.
        owner: Seat,
        /// Value (public).
        value: Value,
    },
    /// D4: a face-up Zombie was handed face-down to `to` (at the right end of the village).
    ZombieGiven {
        /// Who.
        seat: Seat,
        /// Slot it left.
        slot: Slot,
        /// Receiving player.
        to: Seat,
    },
    /// A held card that had to enter the village (D4) was added at the right end, because no
    /// card could leave: face-down from the deck (or a Witch), face-up from the discard pile,
    /// the display (R-A1) or a Master.
    Added {
        /// Who.
        seat: Seat,
        /// The card.
        value: V,
    },
    /// C2: a card was rotated 90° (public).
    Rotated {
        /// Who.
        seat: Seat,
        /// Slot.
        slot: Slot,
    },
    /// D11 / E-DAGGER: the direction of play was reversed.
    DirectionReversed {
        /// Who.
        seat: Seat,
        /// True if play now runs counter-clockwise.
        counter_clockwise: bool,
    },
    /// E-DAGGER with 2 players: this seat's turn was skipped.
    TurnSkipped {
        /// The skipped player.
        seat: Seat,
    },
    /// At scoring (E-BULLET, B0): a card was removed and does not count.
    ScoringRemoved {
        /// Village owner.
        owner: Seat,
        /// Slot (in the revealed village).
        slot: Slot,
        /// Value.
        value: Value,
    },
    /// At scoring (B13): a Copycat counts as `counts_as`.
    Copied {
        /// Village owner.
        owner: Seat,
        /// Slot.
        slot: Slot,
        /// The value it counts as.
        counts_as: Value,
    },
    /// R-A3: a Bodyguard was placed on a card (or moved).
    GuardPlaced {
        /// Who.
        seat: Seat,
        /// Bodyguard slot.
        guard: Slot,
        /// Protected slot.
        target: Slot,
    },
    /// R-A3: a Bodyguard was lifted.
    GuardLifted {
        /// Who.
        seat: Seat,
        /// Bodyguard slot.
        guard: Slot,
    },
    /// R-AMULET: the token was placed.
    TokenPlaced {
        /// Who.
        seat: Seat,
        /// Slot.
        slot: Slot,
    },
    /// R-CENSUS: census was called.
    CensusCalled {
        /// Caller.
        seat: Seat,
        /// Completed turns in the round before this one.
        turn: u16,
        /// Cards left in the deck.
        deck_left: u8,
        /// Caller's village size.
        village: u8,
        /// Caller's true sum as it would score at the call (E-SCORING-ORDER effects applied),
        /// visible only to omniscient observers (the caller may not know it).
        sum: V,
    },
    /// R-SCORE: a card revealed at the end of the round.
    FinalCard {
        /// Village owner.
        owner: Seat,
        /// Slot.
        slot: Slot,
        /// Value (public at scoring).
        value: Value,
    },
    /// R-END / R-SCORE: the round is over and scored.
    RoundEnded {
        /// 1-based round number.
        round: u16,
        /// Why it ended.
        reason: RoundEnd,
        /// Who called census, if anyone.
        caller: Option<Seat>,
        /// Village sums.
        sums: [i32; MAX_PLAYERS],
        /// Round scores (R-SCORE, R-GAME-100 kamikaze).
        scores: [i32; MAX_PLAYERS],
        /// Totals after this round (after any bounce).
        totals: [i32; MAX_PLAYERS],
        /// Village sizes.
        sizes: [u8; MAX_PLAYERS],
        /// Completed turns in the round.
        turns: u16,
        /// R-GAME-100: the kamikaze player, if any.
        kamikaze: Option<Seat>,
        /// Bit mask of seats whose total bounced from 100 to 50.
        bounced: u8,
        /// R-TOKEN-WIN: who starts the next round.
        next_start: Seat,
        /// R-TOKEN-WIN: who holds the token next round.
        next_holder: Option<Seat>,
    },
    /// The game is over (R-GAME-4 / R-GAME-100).
    GameEnded {
        /// Final totals.
        totals: [i32; MAX_PLAYERS],
        /// The winner after tie-breaks.
        winner: Seat,
        /// Rounds played.
        rounds: u16,
    },
}

#[cfg(feature = "serde")]
fn ser_cards<V: serde::Serialize, S: serde::Serializer>(
    cards: &[V; CARDS],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(cards.iter())
}

/// An engine event (omniscient: hidden values are [`Hidden`]).
pub type Event = GameEvent<Hidden>;

/// What one viewer observed of an event: hidden values they did not see are `None`.
pub type Observation = GameEvent<Option<Value>>;

impl Event {
    /// What `viewer` observes of this event (RULES.md §6). Exhaustive on purpose: a new event
    /// kind must decide here what it reveals.
    pub fn observe(&self, viewer: Seat) -> Observation {
        let h = |v: Hidden| v.seen_by(viewer);
        match *self {
            GameEvent::RoundStarted {
                round,
                start,
                token_holder,
                order,
            } => GameEvent::RoundStarted {
                round,
                start,
                token_holder,
                order: order.map(h),
            },
            GameEvent::ToPile { value, reason } => GameEvent::ToPile { value, reason },
            GameEvent::TurnStarted { seat, turn } => GameEvent::TurnStarted { seat, turn },
            GameEvent::Acted { seat, action } => GameEvent::Acted { seat, action },
            GameEvent::Peeked {
                seat,
                owner,
                slot,
                value,
            } => GameEvent::Peeked {
                seat,
                owner,
                slot,
                value: h(value),
            },
            GameEvent::Drew { seat, from, value } => GameEvent::Drew {
                seat,
                from,
                value: h(value),
            },
            GameEvent::ReturnedToDeck { seat, count } => GameEvent::ReturnedToDeck { seat, count },
            GameEvent::Discarded {
                seat,
                value,
                ability_offered,
            } => GameEvent::Discarded {
                seat,
                value,
                ability_offered,
            },
            GameEvent::AbilityUsed {
                seat,
                value,
                ability,
            } => GameEvent::AbilityUsed {
                seat,
                value,
                ability,
            },
            GameEvent::AbilityNoTarget { seat, value } => {
                GameEvent::AbilityNoTarget { seat, value }
            }
            GameEvent::Shown { owner, slot, value } => GameEvent::Shown { owner, slot, value },
            GameEvent::Exchanged {
                seat,
                from,
                incoming,
                slots,
                success,
                placed_at,
                face_up,
            } => GameEvent::Exchanged {
                seat,
                from,
                incoming: h(incoming),
                slots,
                success,
                placed_at,
                face_up,
            },
            GameEvent::PenaltyCard { seat, value } => GameEvent::PenaltyCard {
                seat,
                value: h(value),
            },
            GameEvent::Flipped {
                seat,
                owner,
                slot,
                value,
            } => GameEvent::Flipped {
                seat,
                owner,
                slot,
                value,
            },
            GameEvent::WitchReplaced {
                seat,
                owner,
                slot,
                incoming,
            } => GameEvent::WitchReplaced {
                seat,
                owner,
                slot,
                incoming: h(incoming),
            },
            GameEvent::Swapped {
                seat,
                own_slot,
                owner,
                slot,
            } => GameEvent::Swapped {
                seat,
                own_slot,
                owner,
                slot,
            },
            GameEvent::TurnedDown { seat, owner, slot } => {
                GameEvent::TurnedDown { seat, owner, slot }
            }
            GameEvent::ToDeckBottom { value } => GameEvent::ToDeckBottom { value },
            GameEvent::DeckReversed { seat } => GameEvent::DeckReversed { seat },
            GameEvent::Shuffled { seat, owner, slots } => {
                GameEvent::Shuffled { seat, owner, slots }
            }
            GameEvent::SwappedAny {
                seat,
                a_owner,
                a_slot,
                b_owner,
                b_slot,
            } => GameEvent::SwappedAny {
                seat,
                a_owner,
                a_slot,
                b_owner,
                b_slot,
            },
            GameEvent::Joined { seat, owner, value } => GameEvent::Joined { seat, owner, value },
            GameEvent::ZombieGiven { seat, slot, to } => GameEvent::ZombieGiven { seat, slot, to },
            GameEvent::Added { seat, value } => GameEvent::Added {
                seat,
                value: value.seen_by(viewer),
            },
            GameEvent::Rotated { seat, slot } => GameEvent::Rotated { seat, slot },
            GameEvent::DirectionReversed {
                seat,
                counter_clockwise,
            } => GameEvent::DirectionReversed {
                seat,
                counter_clockwise,
            },
            GameEvent::TurnSkipped { seat } => GameEvent::TurnSkipped { seat },
            GameEvent::ScoringRemoved { owner, slot, value } => {
                GameEvent::ScoringRemoved { owner, slot, value }
            }
            GameEvent::Copied {
                owner,
                slot,
                counts_as,
            } => GameEvent::Copied {
                owner,
                slot,
                counts_as,
            },
            GameEvent::DisplayFilled { value } => GameEvent::DisplayFilled { value },
            GameEvent::GuardPlaced {
                seat,
                guard,
                target,
            } => GameEvent::GuardPlaced {
                seat,
                guard,
                target,
            },
            GameEvent::GuardLifted { seat, guard } => GameEvent::GuardLifted { seat, guard },
            GameEvent::TokenPlaced { seat, slot } => GameEvent::TokenPlaced { seat, slot },
            GameEvent::CensusCalled {
                seat,
                turn,
                deck_left,
                village,
                sum,
            } => GameEvent::CensusCalled {
                seat,
                turn,
                deck_left,
                village,
                sum: h(sum),
            },
            GameEvent::FinalCard { owner, slot, value } => {
                GameEvent::FinalCard { owner, slot, value }
            }
            GameEvent::RoundEnded {
                round,
                reason,
                caller,
                sums,
                scores,
                totals,
                sizes,
                turns,
                kamikaze,
                bounced,
                next_start,
                next_holder,
            } => GameEvent::RoundEnded {
                round,
                reason,
                caller,
                sums,
                scores,
                totals,
                sizes,
                turns,
                kamikaze,
                bounced,
                next_start,
                next_holder,
            },
            GameEvent::GameEnded {
                totals,
                winner,
                rounds,
            } => GameEvent::GameEnded {
                totals,
                winner,
                rounds,
            },
        }
    }
}

/// Receives engine events. Implement it for statistics, traces or per-viewer redaction.
pub trait EventSink {
    /// Called once per event, in order.
    fn event(&mut self, event: &Event);
}

/// The no-op sink: costs nothing.
impl EventSink for () {
    #[inline(always)]
    fn event(&mut self, _: &Event) {}
}

/// Collects events (tests, traces).
impl EventSink for Vec<Event> {
    fn event(&mut self, event: &Event) {
        self.push(*event);
    }
}

impl<S: EventSink + ?Sized> EventSink for &mut S {
    #[inline]
    fn event(&mut self, event: &Event) {
        (**self).event(event)
    }
}

/// Adapts a closure into a sink.
pub struct FnSink<F>(pub F);

impl<F: FnMut(&Event)> EventSink for FnSink<F> {
    #[inline]
    fn event(&mut self, event: &Event) {
        (self.0)(event)
    }
}

/// A reusable per-viewer buffer of observations: what one player saw since it was last cleared
/// (typically: since that player last acted). Allocates only while growing to its high-water mark.
#[derive(Clone, Debug, Default)]
pub struct ObservationLog {
    viewer: Seat,
    items: Vec<Observation>,
}

impl ObservationLog {
    /// An empty log for `viewer`.
    pub fn new(viewer: Seat) -> ObservationLog {
        ObservationLog {
            viewer,
            items: Vec::new(),
        }
    }

    /// The viewer this log redacts for.
    pub fn viewer(&self) -> Seat {
        self.viewer
    }

    /// Observations since the last [`ObservationLog::clear`].
    pub fn observations(&self) -> &[Observation] {
        &self.items
    }

    /// Forget the buffered observations (keeps the capacity).
    pub fn clear(&mut self) {
        self.items.clear();
    }
}

impl EventSink for ObservationLog {
    fn event(&mut self, event: &Event) {
        self.items.push(event.observe(self.viewer));
    }
}
