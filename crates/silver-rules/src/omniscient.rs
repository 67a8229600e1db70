//! The omniscient lens: every hidden value of a [`Game`], for statistics, traces and tests, and
//! the state invariants ([`Omniscient::check_invariants`]). The third lens beside the public
//! [`crate::Table`] and a seat's [`crate::PlayerView`]; bots are never given it.

use crate::action::Slot;
use crate::card::{Ability, Value, CARDS, VALUES, VALUE_COUNTS};
use crate::config::{Seat, MAX_PLAYERS};
use crate::game::{shuffle_batched, CardId, Game, Row, Stage, ALL, NONE};

impl Game {
    /// The explicitly named omniscient observer: every hidden value, for statistics, traces
    /// and tests. Bots are never given a [`Game`]; they get a [`crate::PlayerView`].
    pub fn omniscient(&self) -> Omniscient<'_> {
        Omniscient(self)
    }
}

/// A broken state invariant, found by [`Omniscient::check_invariants`]: a bug in the engine (or
/// a state built by hand), never a consequence of legal play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvariantViolation {
    /// A card id is not below 52.
    #[error("card id {0} out of range")]
    CardIdOutOfRange(CardId),
    /// A card lies in two places (R-DECK).
    #[error("card {0} is in two places")]
    CardTwice(CardId),
    /// Not every card is accounted for (R-DECK).
    #[error("{0} cards accounted for, not 52")]
    CardCount(usize),
    /// A seat beyond the player count has a village.
    #[error("empty seat {0} has a village")]
    EmptySeatVillage(Seat),
    /// A card's value is not 0–13.
    #[error("value {0} out of range")]
    ValueOutOfRange(Value),
    /// The values are not a deck's (R-DECK): how many of each value there are.
    #[error("values are not a full deck: {0:?}")]
    NotAFullDeck([u8; VALUES]),
    /// A card outside the villages is marked face-up.
    #[error("a face-up mark on a card outside the villages")]
    FaceUpOutsideVillages,
    /// The face-up role marks (helpers, Villagers, Squires, ...) disagree with the face-up cards
    /// and the set.
    #[error("the face-up role marks disagree with the face-up cards")]
    HelpersUp,
    /// A row's card-id bits (a village, the deck or the pile) disagree with its cards.
    #[error("the card marks of a village, the deck or the pile disagree with its cards")]
    RowMask,
    /// The marks of the cards every seat knows disagree with the knowledge (R-SWAP-MULTI).
    #[error("the marks of the cards known to all disagree with the knowledge")]
    PublicMarks,
    /// The seats' tallies of the cards they know disagree with the knowledge and the values.
    #[error("the seats' tallies of known cards disagree with the knowledge")]
    Tally,
    /// A public card (face-up, on the pile, in the display) is not known to every seat.
    #[error("public card {0} is not known to everybody")]
    PublicNotKnown(CardId),
    /// A card guards but is not a face-up Bodyguard (R-A3).
    #[error("card {0} guards but is not a face-up Bodyguard")]
    GuardNotFaceUpBodyguard(CardId),
    /// A Bodyguard guards a card outside its own village (R-A3).
    #[error("Bodyguard {0} guards a card outside its village")]
    GuardsOutsideVillage(CardId),
    /// A card outside the villages still guards (R-A3).
    #[error("card {0} outside the villages still guards")]
    GuardOutsideVillages(CardId),
    /// The Bodyguard shield mask disagrees with the guard relations.
    #[error("the Bodyguard shield mask is stale")]
    StaleShield,
    /// The token lies on a card outside the villages (R-AMULET).
    #[error("the token lies on a card outside the villages")]
    TokenOutsideVillages,
    /// The display or the deck holds more cards than it can.
    #[error("display or deck over capacity")]
    OverCapacity,
    /// A Zombie lies on top of the discard pile (D4).
    #[error("a Zombie lies on top of the discard pile (D4)")]
    ZombieOnPile,
    /// A card outside the villages is marked rotated (C2).
    #[error("a rotation mark on a card outside the villages")]
    RotationOutsideVillages,
    /// A seat knows where a card is that it counts among its floating cards (B8).
    #[error("seat {seat} places floating card {card}")]
    FloatingCardPlaced {
        /// The seat.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A seat floats more values than it has floating cards (B8).
    #[error("seat {0} floats more values than cards")]
    FloatsTooManyValues(Seat),
    /// A seat floats a value that none of its floating cards has (B8).
    #[error("seat {0}'s floating values are not among its floating cards")]
    FloatingValuesElsewhere(Seat),
    /// A shortcut of legal-action generation disagrees with the listing it stands for
    /// ([`Omniscient::check_shortcuts`]).
    #[error("seat {seat}: the shortcut for {what} disagrees with the listed actions")]
    Shortcut {
        /// The seat.
        seat: Seat,
        /// What was checked: a discard ability's target, or the B1 selection starts.
        what: String,
    },
}

/// Read access to every hidden value of a game, for omniscient consumers only (statistics,
/// traces, tests, and search on a sampled world). Obtain it with [`Game::omniscient`].
#[derive(Clone, Copy)]
pub struct Omniscient<'g>(&'g Game);

impl Omniscient<'_> {
    /// The value of any card id.
    pub fn value(&self, card: CardId) -> Value {
        self.0.value[card as usize]
    }

    /// The value in a village slot.
    pub fn value_at(&self, seat: Seat, slot: Slot) -> Value {
        self.value(self.0.card_at(seat, slot))
    }

    /// A village's values, left to right.
    pub fn village(&self, seat: Seat) -> Vec<Value> {
        self.0.village[seat as usize]
            .as_slice()
            .iter()
            .map(|&c| self.value(c))
            .collect()
    }

    /// A village's true sum (printed values).
    pub fn village_sum(&self, seat: Seat) -> i32 {
        self.0.village_sum(seat)
    }

    /// A village's sum as it would score now: the E-SCORING-ORDER effects (Bullet token, B0
    /// Hunters, B13 Copycats) applied; equal to [`Omniscient::village_sum`] in Amulet.
    pub fn scoring_sum(&self, seat: Seat) -> i32 {
        self.0.scoring_sum(seat)
    }

    /// The deck's values from the top.
    pub fn deck(&self) -> Vec<Value> {
        self.0
            .deck
            .as_slice()
            .iter()
            .rev()
            .map(|&c| self.value(c))
            .collect()
    }

    /// The set-aside villages' values.
    pub fn set_aside(&self) -> Vec<Value> {
        self.0.aside[..self.0.aside_len as usize]
            .iter()
            .map(|&c| self.value(c))
            .collect()
    }

    /// The knowledge mask of a card (bit `s` set if seat `s` knows its value).
    pub fn known_mask(&self, card: CardId) -> u8 {
        self.0.known[card as usize]
    }

    /// The cards whose value `seat` knows.
    pub fn known_by(&self, seat: Seat) -> crate::CardMask {
        let bit = 1u8 << seat;
        let mut m = 0u64;
        for (c, &k) in self.0.known.iter().enumerate() {
            m |= u64::from(k & bit != 0) << c;
        }
        crate::CardMask(m)
    }

    /// A research oracle's world for `viewer`: this game with the values of some of the cards
    /// *nobody* knows dealt again at random among themselves, and the engine's chance source
    /// for B8 shuffles redrawn; every other card (every card some seat knows, a card in hand,
    /// the public cards) keeps its true value. The cards dealt again are those nobody knows in
    /// the deck, among the set-aside cards and in `viewer`'s own village, and also those in the
    /// other villages unless `other_villages` is false (then every card in another seat's
    /// village is as it truly is).
    ///
    /// No seat's decision can depend on a card nobody knows, so with `other_villages` true
    /// the world is what a perfect belief about the cards some seat knows leaves unknown;
    /// with it false, a perfect belief about the opponents' whole villages. B8 floating cards
    /// only exchange values with cards floating for the same seats, so every seat's knowledge
    /// holds in the result; values move only between cards no seat knows, so the tallies,
    /// marks and knowledge are unchanged (every seat's view is the true game's).
    pub fn unseen_reshuffled<R: rand::Rng + ?Sized>(
        &self,
        viewer: Seat,
        other_villages: bool,
        rng: &mut R,
    ) -> Game {
        let g = self.0;
        let mut world = *g;
        let players = g.cfg.players as usize;
        // The cards to deal again, each with the seats whose floating set holds it.
        let mut cards = [0 as CardId; CARDS];
        let mut class = [0u8; CARDS];
        let mut n = 0;
        let villages = g.village[..players]
            .iter()
            .enumerate()
            .filter(|&(s, _)| other_villages || s == viewer as usize)
            .flat_map(|(_, v)| v.as_slice());
        for &c in g
            .deck
            .as_slice()
            .iter()
            .chain(&g.aside[..g.aside_len as usize])
            .chain(villages)
        {
            if g.known[c as usize] == 0 {
                cards[n] = c;
                class[n] = (0..players).fold(0u8, |m, s| {
                    m | (u8::from(g.float_members[s] >> c & 1 != 0) << s)
                });
                n += 1;
            }
        }
        // One shuffle of the values per class (in the common case a single class: no seat
        // has floating cards).
        let mut done = 0u64;
        let mut vals = [0 as Value; CARDS];
        let mut ids = [0 as CardId; CARDS];
        for i in 0..n {
            if done >> i & 1 != 0 {
                continue;
            }
            let mut k = 0;
            for j in i..n {
                if class[j] == class[i] {
                    done |= 1 << j;
                    ids[k] = cards[j];
                    vals[k] = g.value[cards[j] as usize];
                    k += 1;
                }
            }
            shuffle_batched(&mut vals[..k], rng);
            for (&c, &v) in ids[..k].iter().zip(&vals[..k]) {
                world.value[c as usize] = v;
            }
        }
        world.chance = rng.random();
        world
    }

    /// Checks the state's invariants (what a fuzzer or property test asserts after every
    /// action): all 52 cards accounted for exactly once (R-DECK), the values form a full deck,
    /// face-up marks only on village cards, public cards known to everybody, Bodyguard and token
    /// marks on cards that can carry them, and the fixed capacities respected.
    pub fn check_invariants(&self) -> Result<(), InvariantViolation> {
        let g = self.0;
        let mut seen = 0u64;
        let mut count = 0usize;
        let mut village_mask = 0u64;
        for c in self.all_card_ids() {
            if c as usize >= CARDS {
                return Err(InvariantViolation::CardIdOutOfRange(c));
            }
            if seen & (1u64 << c) != 0 {
                return Err(InvariantViolation::CardTwice(c));
            }
            seen |= 1u64 << c;
            count += 1;
        }
        if g.stage != Stage::Deal && g.round > 0 && count != CARDS {
            return Err(InvariantViolation::CardCount(count));
        }
        for s in 0..g.cfg.players as usize {
            for &c in g.village[s].as_slice() {
                village_mask |= 1u64 << c;
            }
        }
        let rows = g.village.iter().chain([&g.deck, &g.pile]);
        if rows.into_iter().any(|r| {
            let (cards, len) = r.parts();
            r.mask() != Row::from_parts(*cards, len).mask()
        }) {
            return Err(InvariantViolation::RowMask);
        }
        for s in g.cfg.players as usize..MAX_PLAYERS {
            if g.village[s].len() != 0 {
                return Err(InvariantViolation::EmptySeatVillage(s as Seat));
            }
        }
        if g.round == 0 {
            return Ok(());
        }
        let mut counts = [0u8; VALUES];
        for &v in &g.value {
            if v as usize >= VALUES {
                return Err(InvariantViolation::ValueOutOfRange(v));
            }
            counts[v as usize] += 1;
        }
        if counts != VALUE_COUNTS {
            return Err(InvariantViolation::NotAFullDeck(counts));
        }
        if g.face_up & !village_mask != 0 {
            return Err(InvariantViolation::FaceUpOutsideVillages);
        }
        if (g.helpers_up, g.roles_up) != g.up_roles() {
            return Err(InvariantViolation::HelpersUp);
        }
        if g.public_plain != g.derive_public_plain() {
            return Err(InvariantViolation::PublicMarks);
        }
        if g.tally != g.derive_tally() {
            return Err(InvariantViolation::Tally);
        }
        let mut public = g.face_up;
        for &c in g.pile.as_slice() {
            public |= 1u64 << c;
        }
        for &c in &g.display[..g.display_len as usize] {
            public |= 1u64 << c;
        }
        for c in 0..CARDS {
            if public & (1u64 << c) != 0 && g.known[c] != ALL {
                return Err(InvariantViolation::PublicNotKnown(c as CardId));
            }
        }
        for s in 0..g.cfg.players as usize {
            let row = g.village[s].as_slice();
            for &c in row {
                let t = g.guard[c as usize];
                if t != NONE {
                    if !g.up(c) || g.ability_of(c) != Ability::Bodyguard {
                        return Err(InvariantViolation::GuardNotFaceUpBodyguard(c));
                    }
                    if !row.contains(&t) || t == c {
                        return Err(InvariantViolation::GuardsOutsideVillage(c));
                    }
                }
            }
        }
        let mut shield = 0u64;
        for c in 0..CARDS {
            if g.guard[c] != NONE {
                if village_mask & (1u64 << c) == 0 {
                    return Err(InvariantViolation::GuardOutsideVillages(c as CardId));
                }
                shield |= 1u64 << c | 1u64 << g.guard[c];
            }
        }
        if shield != g.shield {
            return Err(InvariantViolation::StaleShield);
        }
        if g.token_card != NONE && village_mask & (1u64 << g.token_card) == 0 {
            return Err(InvariantViolation::TokenOutsideVillages);
        }
        if g.display_len as u32 > 4 || g.deck.len() > CARDS - 1 {
            return Err(InvariantViolation::OverCapacity);
        }
        if let Some(top) = g.pile.top() {
            if g.ability_of(top) == Ability::Zombie {
                return Err(InvariantViolation::ZombieOnPile);
            }
        }
        if g.rotated & !village_mask != 0 {
            return Err(InvariantViolation::RotationOutsideVillages);
        }
        for s in 0..MAX_PLAYERS {
            let m = g.float_members[s];
            let total: u32 = g.float_values[s].iter().map(|&n| n as u32).sum();
            let mut unknown = 0;
            let mut have = [0u8; VALUES];
            for c in 0..CARDS {
                if m & (1u64 << c) != 0 {
                    if g.known[c] & (1 << s) != 0 {
                        return Err(InvariantViolation::FloatingCardPlaced {
                            seat: s as Seat,
                            card: c as CardId,
                        });
                    }
                    unknown += 1;
                    have[g.value[c] as usize] += 1;
                }
            }
            if total > unknown {
                return Err(InvariantViolation::FloatsTooManyValues(s as Seat));
            }
            if (0..VALUES).any(|v| g.float_values[s][v] > have[v]) {
                return Err(InvariantViolation::FloatingValuesElsewhere(s as Seat));
            }
        }
        Ok(())
    }

    /// Checks that the engine's shortcuts answer what listing the actions would (slower than
    /// [`Omniscient::check_invariants`]: it lists every discard ability's targets for every
    /// seat): whether a discard ability has a target (R-NO-ABILITY-TARGET), answered by card
    /// masks, and the multi-exchange starts with face-up Lycans (R-SWAP-MULTI with B1),
    /// answered in one pass over the village.
    pub fn check_shortcuts(&self) -> Result<(), InvariantViolation> {
        match self.0.shortcut_disagreement() {
            None => Ok(()),
            Some((seat, Some(v))) => Err(InvariantViolation::Shortcut {
                seat,
                what: format!(
                    "whether value {v}'s ability ({:?}) has a target",
                    self.0.cfg.set.ability(v)
                ),
            }),
            Some((seat, None)) => Err(InvariantViolation::Shortcut {
                seat,
                what: "the B1 multi-exchange starts".into(),
            }),
        }
    }

    /// Every card id with its location, for conservation checks: villages, deck, pile,
    /// display, set-aside, and a card held in hand (drawn but not yet placed).
    pub fn all_card_ids(&self) -> Vec<CardId> {
        let g = self.0;
        let mut v = Vec::with_capacity(CARDS);
        for s in 0..g.cfg.players as usize {
            v.extend_from_slice(g.village[s].as_slice());
        }
        v.extend_from_slice(g.deck.as_slice());
        v.extend_from_slice(g.pile.as_slice());
        v.extend_from_slice(&g.display[..g.display_len as usize]);
        v.extend_from_slice(&g.aside[..g.aside_len as usize]);
        match g.stage {
            Stage::Holding { card, .. } | Stage::Selecting { card, .. } => v.push(card),
            Stage::KeepDrawn { cards, n } => v.extend_from_slice(&cards[..n as usize]),
            _ => {}
        }
        v
    }
}
