//! A borrowed information set: [`ViewRef`] reads the game through the viewer's knowledge mask
//! instead of copying it, for a bot that decides at every turn of long runs.
//!
//! It answers exactly as the [`PlayerView`] of the same viewer would (a subset of its
//! accessors, with the same results: tested against it at every decision of seeded games), so
//! a bot that reads one can read the other. A hidden value is masked at every read: a card's
//! value is returned only if the viewer's bit is set in the card's knowledge mask, and no
//! accessor reaches the values, the chance source or the other seats' floating knowledge
//! otherwise.

use crate::action::Slot;
use crate::card::{Value, CARDS, DECK_SUM, VALUES};
use crate::config::{Config, Seat};
use crate::game::{CardId, Game, Stage, UNKNOWN};
use crate::table::Table;
use crate::view::{CardView, PlayerView};

/// One player's information set, borrowed: the game read through the viewer's knowledge (see
/// the module docs). Built by [`Game::view_ref`] (no copy) or [`PlayerView::by_ref`].
#[derive(Clone, Copy)]
pub struct ViewRef<'a> {
    viewer: Seat,
    /// `1 << viewer`.
    bit: u8,
    game: &'a Game,
}

impl std::fmt::Debug for ViewRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The hidden values are not printed: the view's copy is.
        f.debug_tuple("ViewRef").field(&self.to_view()).finish()
    }
}

impl Game {
    /// The information set of `viewer`, borrowed (no copy of the game): the same answers as
    /// [`Game::view`]'s, hidden values masked at every read.
    #[inline]
    pub fn view_ref(&self, viewer: Seat) -> ViewRef<'_> {
        ViewRef {
            viewer,
            bit: 1 << viewer,
            game: self,
        }
    }
}

impl PlayerView {
    /// This view as a [`ViewRef`] (its own erased copy, read through the same mask).
    #[inline]
    pub fn by_ref(&self) -> ViewRef<'_> {
        self.game.view_ref(self.viewer)
    }
}

impl<'a> From<&'a PlayerView> for ViewRef<'a> {
    #[inline]
    fn from(view: &'a PlayerView) -> ViewRef<'a> {
        view.by_ref()
    }
}

impl<'a> ViewRef<'a> {
    /// The same information set as a [`PlayerView`] (a copy of the game, erased).
    pub fn to_view(&self) -> PlayerView {
        self.game.view(self.viewer)
    }

    /// Whose information set this is.
    #[inline]
    pub fn viewer(&self) -> Seat {
        self.viewer
    }

    /// The game's configuration (public).
    #[inline]
    pub fn config(&self) -> &'a Config {
        &self.game.cfg
    }

    /// See [`PlayerView::has_scoring_effects`].
    #[inline]
    pub fn has_scoring_effects(&self) -> bool {
        self.game.masks.scoring_effects
    }

    /// Number of players.
    #[inline]
    pub fn players(&self) -> u8 {
        self.game.cfg.players
    }

    /// The pending decision (card ids only; values through [`ViewRef::value_of`]).
    #[inline]
    pub fn stage(&self) -> Stage {
        self.game.stage
    }

    /// The value of a card id, if the viewer knows it.
    #[inline]
    pub fn value_of(&self, c: CardId) -> Option<Value> {
        let v = self.game.value[c as usize];
        (self.game.known[c as usize] & self.bit != 0 && v != UNKNOWN).then_some(v)
    }

    /// Cards in a village.
    #[inline]
    pub fn village_len(&self, seat: Seat) -> usize {
        self.game.village[seat as usize].len()
    }

    /// See [`PlayerView::known_sum`].
    #[inline]
    pub fn known_sum(&self, seat: Seat) -> (u32, u32) {
        let mut sum = 0;
        let mut unknown = 0;
        for &c in self.game.village[seat as usize].as_slice() {
            // `value_of` without a branch per card.
            let v = self.game.value[c as usize];
            let seen = self.game.known[c as usize] & self.bit != 0 && v != UNKNOWN;
            sum += if seen { u32::from(v) } else { 0 };
            unknown += u32::from(!seen);
        }
        (sum, unknown)
    }

    /// A village card as the viewer sees it (see [`PlayerView::card`]).
    #[inline(always)]
    pub fn card(&self, seat: Seat, slot: Slot) -> CardView {
        let g = self.game;
        let c = g.card_at(seat, slot);
        // The value through the mask, for the Bodyguard test too (a face-up card's value is
        // public, but no accessor reads a value past the mask).
        let value = self.value_of(c);
        let bodyguard = value.is_some_and(|v| (g.masks.bodyguard >> (v & 15)) & 1 != 0);
        let guarded = (g.shield & (1u64 << c) != 0) | (g.up(c) & bodyguard);
        CardView {
            id: c,
            value,
            face_up: g.up(c),
            under_token: g.token_card == c,
            guarded,
            known_by: g.known[c as usize],
        }
    }

    /// A village's cards, left to right.
    #[inline]
    pub fn village(&self, seat: Seat) -> impl Iterator<Item = CardView> + 'a {
        let me = *self;
        (0..self.village_len(seat)).map(move |i| me.card(seat, i as Slot))
    }

    /// The public table (see [`PlayerView::table`]).
    #[inline]
    pub fn table(&self) -> Table<'a> {
        Table(self.game)
    }

    /// Completed turns in this round.
    #[inline]
    pub fn turn_number(&self) -> u16 {
        self.table().turn_number()
    }

    /// Cards left in the deck.
    #[inline]
    pub fn deck_len(&self) -> usize {
        self.table().deck_len()
    }

    /// The deck's card at depth `i` from the top (0 = top), with its value if known.
    pub fn deck_card(&self, i: usize) -> Option<(CardId, Option<Value>)> {
        let d = self.game.deck.as_slice();
        (i < d.len()).then(|| {
            let c = d[d.len() - 1 - i];
            (c, self.value_of(c))
        })
    }

    /// The discard pile's values, bottom first (all public).
    #[inline]
    pub fn discard_pile(&self) -> impl Iterator<Item = Value> + 'a {
        self.table().discard_pile()
    }

    /// The discard pile's value at position `i`, bottom first (public; see
    /// [`Table::discard_card`]).
    #[inline]
    pub fn discard_card(&self, i: usize) -> Option<Value> {
        self.table().discard_card(i)
    }

    /// The top of the discard pile.
    #[inline]
    pub fn discard_top(&self) -> Option<Value> {
        self.table().discard_top()
    }

    /// R-A1: the display (public).
    #[inline]
    pub fn display(&self) -> impl Iterator<Item = Value> + 'a {
        self.table().display()
    }

    /// See [`PlayerView::unknown_counts`].
    pub fn unknown_counts(&self) -> [u8; VALUES] {
        // The values as the viewer sees them (branch-free: vector instructions), then counted
        // as the view counts its own.
        let bit = self.bit;
        let mut masked = [UNKNOWN; CARDS];
        for ((m, &v), &k) in masked
            .iter_mut()
            .zip(&self.game.value)
            .zip(&self.game.known)
        {
            *m = if k & bit == 0 { UNKNOWN } else { v };
        }
        crate::view::unknown_counts_of(&masked)
    }

    /// See [`PlayerView::unknown_total`].
    #[inline]
    pub fn unknown_total(&self) -> (u32, u32) {
        // The viewer's tally of the cards it knows, kept by the game as knowledge changes
        // (`Game::tally`): no pass over the cards. The totals rest on R-DECK: `CARDS` cards
        // whose values add up to `DECK_SUM`.
        let (known, sum) = self.game.tally_of(self.viewer);
        debug_assert_eq!(
            (known, sum),
            (0..CARDS as CardId)
                .filter_map(|c| self.value_of(c))
                .fold((0, 0), |(n, s), v| (n + 1, s + u32::from(v))),
            "the viewer's tally against its cards"
        );
        (CARDS as u32 - known, DECK_SUM - sum)
    }
}
