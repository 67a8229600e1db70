//! The public table (RULES.md §6): what every player sees of a game — seats, scores, the
//! round, whose turn, face-up cards and their values, the pile, the display, the deck's size,
//! the token, rotations, Bodyguards and who knows which card. One lens, read the same way from
//! the true [`Game`] ([`Game::table`]) and from a player's view
//! ([`crate::PlayerView::table`]), so the two can never drift apart. Hidden values are not
//! here: they are the view's ([`crate::PlayerView::value_of`]) or the omniscient observer's.

use crate::action::Slot;
use crate::card::Value;
use crate::config::{Seat, MAX_PLAYERS};
use crate::game::{CardId, Game, NONE};

/// The public table of a game (see the module docs).
#[derive(Clone, Copy)]
pub struct Table<'a>(pub(crate) &'a Game);

impl<'a> Table<'a> {
    /// Number of players.
    #[inline]
    pub fn players(self) -> u8 {
        self.0.cfg.players
    }

    /// Current round, 1-based (0 before the first deal).
    #[inline]
    pub fn round(self) -> u16 {
        self.0.round
    }

    /// Whose turn it is (or was last).
    #[inline]
    pub fn turn_player(self) -> Seat {
        self.0.turn.player
    }

    /// Completed turns in the current round.
    #[inline]
    pub fn turn_number(self) -> u16 {
        self.0.turn.number
    }

    /// Who started the current round (at `Stage::Deal`: who will start the next one).
    #[inline]
    pub fn start_player(self) -> Seat {
        self.0.start
    }

    /// R-TOKEN-WIN: the token holder this round.
    #[inline]
    pub fn token_holder(self) -> Option<Seat> {
        self.0.holder
    }

    /// R-AMULET / E-TOKEN: the token power was used this round.
    #[inline]
    pub fn token_used(self) -> bool {
        self.0.token_used
    }

    /// R-AMULET: `(seat, slot)` of the card under the token.
    pub fn token_slot(self) -> Option<(Seat, Slot)> {
        self.0.locate_in_villages(self.0.token_card)
    }

    /// R-CENSUS: who called census this round.
    #[inline]
    pub fn census_caller(self) -> Option<Seat> {
        (self.0.caller != NONE).then_some(self.0.caller)
    }

    /// Scores added up over rounds (R-SCORE).
    #[inline]
    pub fn totals(self) -> [i32; MAX_PLAYERS] {
        self.0.totals
    }

    /// Scores of the last completed round.
    #[inline]
    pub fn last_round_scores(self) -> [i32; MAX_PLAYERS] {
        self.0.last_scores
    }

    /// The winner, once the game is over (R-GAME-4 / R-GAME-100 tie-breaks applied).
    #[inline]
    pub fn winner(self) -> Option<Seat> {
        (self.0.winner != NONE).then_some(self.0.winner)
    }

    /// E-DIRECTION: true while play runs counter-clockwise.
    #[inline]
    pub fn counter_clockwise(self) -> bool {
        self.0.reversed
    }

    /// Cards in `seat`'s village.
    #[inline]
    pub fn village_len(self, seat: Seat) -> usize {
        self.0.village[seat as usize].len()
    }

    /// The card id in a village slot.
    #[inline]
    pub fn card_at(self, seat: Seat, slot: Slot) -> CardId {
        self.0.village[seat as usize].get(slot as usize)
    }

    /// True if the card in that slot is face-up.
    #[inline]
    pub fn is_face_up(self, seat: Seat, slot: Slot) -> bool {
        self.0.up(self.card_at(seat, slot))
    }

    /// The value of a face-up village card (public); `None` if face-down.
    #[inline]
    pub fn face_up_value(self, seat: Seat, slot: Slot) -> Option<Value> {
        let c = self.card_at(seat, slot);
        self.0.up(c).then(|| self.0.value[c as usize])
    }

    /// C2: is the card in that slot rotated (public)?
    #[inline]
    pub fn is_rotated(self, seat: Seat, slot: Slot) -> bool {
        self.0.rotated & (1u64 << self.card_at(seat, slot)) != 0
    }

    /// R-A3: for the card in `(seat, slot)`, the slot it guards if it is a placed Bodyguard.
    pub fn guarding(self, seat: Seat, slot: Slot) -> Option<Slot> {
        let g = self.0.guard[self.card_at(seat, slot) as usize];
        (g != NONE).then(|| {
            self.0.village[seat as usize]
                .position(g)
                .expect("a guarded card lies in its Bodyguard's village") as Slot
        })
    }

    /// RULES.md §6: does `viewer` know the value of the card in `(seat, slot)`? (Who looks at
    /// which card is seen by everybody.)
    #[inline]
    pub fn knows(self, viewer: Seat, seat: Seat, slot: Slot) -> bool {
        self.0.known[self.card_at(seat, slot) as usize] & (1 << viewer) != 0
    }

    /// Cards left in the deck.
    #[inline]
    pub fn deck_len(self) -> usize {
        self.0.deck.len()
    }

    /// The discard pile's values, bottom first (all public).
    pub fn discard_pile(self) -> impl Iterator<Item = Value> + 'a {
        let g = self.0;
        g.pile.as_slice().iter().map(move |&c| g.value[c as usize])
    }

    /// The discard pile's value at position `i`, bottom first (the `i`-th of
    /// [`Table::discard_pile`], without walking the pile to it).
    #[inline]
    pub fn discard_card(self, i: usize) -> Option<Value> {
        let g = self.0;
        g.pile.as_slice().get(i).map(|&c| g.value[c as usize])
    }

    /// The top of the discard pile.
    #[inline]
    pub fn discard_top(self) -> Option<Value> {
        self.0.pile.top().map(|c| self.0.value[c as usize])
    }

    /// R-A1: the display's values (public).
    pub fn display(self) -> impl Iterator<Item = Value> + 'a {
        let g = self.0;
        g.display[..g.display_len as usize]
            .iter()
            .map(move |&c| g.value[c as usize])
    }
}

/// The public-table accessors of a [`Game`]: each reads its [`Table`], so the game and every
/// [`crate::PlayerView`] answer them with one implementation (they are defined here, with the
/// table, so that the game's state type does not depend on its lens).
impl Game {
    /// The public table: what every player sees of this game ([`Table`]).
    #[inline]
    pub fn table(&self) -> Table<'_> {
        Table(self)
    }

    /// The winner, once the game is over (R-GAME-4 / R-GAME-100 tie-breaks applied).
    #[inline]
    pub fn winner(&self) -> Option<Seat> {
        self.table().winner()
    }

    /// Current round, 1-based (0 before the first deal).
    #[inline]
    pub fn round(&self) -> u16 {
        self.table().round()
    }

    /// Whose turn it is (or was last).
    #[inline]
    pub fn turn_player(&self) -> Seat {
        self.table().turn_player()
    }

    /// Completed turns in the current round.
    #[inline]
    pub fn turn_number(&self) -> u16 {
        self.table().turn_number()
    }

    /// Who started the current round (at `Stage::Deal`: who will start the next one).
    #[inline]
    pub fn start_player(&self) -> Seat {
        self.table().start_player()
    }

    /// R-TOKEN-WIN: the token holder this round.
    #[inline]
    pub fn token_holder(&self) -> Option<Seat> {
        self.table().token_holder()
    }

    /// R-CENSUS: who called census this round.
    #[inline]
    pub fn census_caller(&self) -> Option<Seat> {
        self.table().census_caller()
    }

    /// Scores added up over rounds (R-SCORE).
    #[inline]
    pub fn totals(&self) -> [i32; MAX_PLAYERS] {
        self.table().totals()
    }

    /// Scores of the last completed round.
    #[inline]
    pub fn last_round_scores(&self) -> [i32; MAX_PLAYERS] {
        self.table().last_round_scores()
    }

    /// Cards in `seat`'s village.
    #[inline]
    pub fn village_len(&self, seat: Seat) -> usize {
        self.table().village_len(seat)
    }

    /// The card id in a village slot.
    #[inline]
    pub fn card_at(&self, seat: Seat, slot: Slot) -> CardId {
        self.table().card_at(seat, slot)
    }

    /// True if the card in that slot is face-up.
    #[inline]
    pub fn is_face_up(&self, seat: Seat, slot: Slot) -> bool {
        self.table().is_face_up(seat, slot)
    }

    /// The value of a face-up village card (public); `None` if face-down.
    #[inline]
    pub fn face_up_value(&self, seat: Seat, slot: Slot) -> Option<Value> {
        self.table().face_up_value(seat, slot)
    }

    /// Cards left in the deck.
    #[inline]
    pub fn deck_len(&self) -> usize {
        self.table().deck_len()
    }

    /// The discard pile's values, bottom first (all public).
    #[inline]
    pub fn discard_pile(&self) -> impl Iterator<Item = Value> + '_ {
        self.table().discard_pile()
    }

    /// The top of the discard pile.
    #[inline]
    pub fn discard_top(&self) -> Option<Value> {
        self.table().discard_top()
    }

    /// R-A1: the display's values (public).
    #[inline]
    pub fn display(&self) -> impl Iterator<Item = Value> + '_ {
        self.table().display()
    }

    /// R-AMULET: `(seat, slot)` of the card under the token.
    #[inline]
    pub fn token_slot(&self) -> Option<(Seat, Slot)> {
        self.table().token_slot()
    }

    /// C2: is the card in that slot rotated (public)?
    #[inline]
    pub fn is_rotated(&self, seat: Seat, slot: Slot) -> bool {
        self.table().is_rotated(seat, slot)
    }

    /// E-DIRECTION: true while play runs counter-clockwise.
    #[inline]
    pub fn counter_clockwise(&self) -> bool {
        self.table().counter_clockwise()
    }

    /// R-AMULET / E-TOKEN: the token power was used this round.
    #[inline]
    pub fn token_used(&self) -> bool {
        self.table().token_used()
    }

    /// R-A3: for the card in `(seat, slot)`, the slot it guards if it is a placed Bodyguard.
    #[inline]
    pub fn guarding(&self, seat: Seat, slot: Slot) -> Option<Slot> {
        self.table().guarding(seat, slot)
    }

    /// RULES.md §6: does `viewer` know the value of the card in `(seat, slot)`?
    #[inline]
    pub fn knows(&self, viewer: Seat, seat: Seat, slot: Slot) -> bool {
        self.table().knows(viewer, seat, slot)
    }
}
