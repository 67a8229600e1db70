//! Information sets (RULES.md §6): what one player may see, and worlds sampled from it.
//!
//! A [`PlayerView`] is a copy of the game in which every value the viewer does not know has
//! been *erased*, so it cannot leak through any accessor, bug or debug print: the data is not
//! there. Legal actions are computed from the view alone (they never depend on hidden values),
//! and [`PlayerView::sample_world`] fills the erased values to give a complete [`Game`]
//! consistent with the viewer's knowledge (determinization, for ISMCTS).
//!
//! Knowledge includes what legality implies. Legal actions read only values known to all,
//! except the mover's own card in hand (D4, D5); so a seat that cannot see that card still
//! knows it is a drawn Approximator (D5) when the mover's pending selection is legal only with
//! one (R-SWAP-MULTI: a pair everybody can see does not match, or a first slot with no partner
//! everybody can see to match), and its worlds place an Approximator there, drawn as the
//! unconditioned sampler would given that it is one. Every sampled world of every seat's view
//! therefore leaves the mover a legal action. (The mover knows its card: its own sampling
//! never needs this.)

use crate::action::{ActionList, Slot};
use crate::card::{Value, CARDS, DECK_SUM, VALUES, VALUE_COUNTS};
use crate::config::{Config, Seat, MAX_PLAYERS};
use crate::game::{shuffle_batched, CardId, Game, Stage, ToMove, UNKNOWN};
use crate::table::Table;

/// A set of card ids (bit `c` for card `c`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardMask(pub u64);

impl CardMask {
    /// No cards.
    pub const EMPTY: CardMask = CardMask(0);

    /// True if `c` is in the set.
    #[inline]
    pub fn contains(self, c: CardId) -> bool {
        self.0 & (1u64 << c) != 0
    }

    /// Adds `c`.
    #[inline]
    pub fn insert(&mut self, c: CardId) {
        self.0 |= 1u64 << c;
    }

    /// Removes `c`.
    #[inline]
    pub fn remove(&mut self, c: CardId) {
        self.0 &= !(1u64 << c);
    }

    /// Number of cards.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True if empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Card ids in increasing order.
    pub fn iter(self) -> impl Iterator<Item = CardId> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let c = m.trailing_zeros() as CardId;
                m &= m - 1;
                c
            })
        })
    }
}

/// What one card looks like to a viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardView {
    /// The card's identity this round.
    pub id: CardId,
    /// The value, if the viewer knows it.
    pub value: Option<Value>,
    /// Face-up in the village.
    pub face_up: bool,
    /// R-AMULET: under the token.
    pub under_token: bool,
    /// R-A3: a face-up Bodyguard (placed or not) or the card one is placed on: other players'
    /// abilities cannot touch it.
    pub guarded: bool,
    /// Bit mask of the seats that know the value (public: every look is seen being made).
    pub known_by: u8,
}

/// One player's information set: the public table plus exactly the values this player knows.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerView {
    pub(crate) viewer: Seat,
    pub(crate) game: Game,
}

impl std::fmt::Debug for PlayerView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlayerView")
            .field("viewer", &self.viewer)
            .field("game", &self.game)
            .finish()
    }
}

impl Game {
    /// The information set of `viewer` (RULES.md §6).
    #[inline]
    pub fn view(&self, viewer: Seat) -> PlayerView {
        let mut view = PlayerView {
            viewer,
            game: *self,
        };
        view.game.erase_for(viewer);
        view
    }

    /// [`Game::view`] written into an existing view: one copy of the game, straight into
    /// place (`view` returns through a temporary, so the compiler copies the game twice), for
    /// loops that build a view at every decision, such as a search's rollouts.
    #[inline]
    pub fn view_into(&self, viewer: Seat, out: &mut PlayerView) {
        out.viewer = viewer;
        out.game = *self;
        out.game.erase_for(viewer);
    }

    /// Erases what `viewer` does not know (for [`Game::view`] and [`Game::view_into`]). Kept
    /// out of line: inlined, the compiler copied the game field by field through the stack
    /// (measured: 1% more instructions per greedy game).
    #[inline(never)]
    fn erase_for(&mut self, viewer: Seat) {
        let bit = 1u8 << viewer;
        // Branch-free, so the compiler turns it into a few vector instructions (a bot builds a
        // view at every decision, a search at every rollout decision).
        for (v, &k) in self.value.iter_mut().zip(&self.known) {
            *v = if k & bit == 0 { UNKNOWN } else { *v };
        }
        // The engine's chance source (B8) would predict shuffles; other seats' floating
        // knowledge is theirs. Only the viewer's own floating knowledge stays.
        self.chance = 0;
        // The viewer's tally is unchanged (only cards it does not know were erased); the
        // other seats' lanes would tell what those seats know.
        debug_assert_eq!(
            self.tally & (0xFFFF << (16 * u32::from(viewer))),
            self.derive_tally() & (0xFFFF << (16 * u32::from(viewer))),
            "the viewer's tally before erasing"
        );
        self.tally &= 0xFFFF << (16 * u32::from(viewer));
        for s in 0..MAX_PLAYERS {
            if s != viewer as usize {
                self.float_members[s] = 0;
                self.float_values[s] = [0; VALUES];
            }
        }
    }
}

impl PlayerView {
    /// Whose information set this is.
    pub fn viewer(&self) -> Seat {
        self.viewer
    }

    /// The game's configuration (public).
    pub fn config(&self) -> &Config {
        &self.game.cfg
    }

    /// True if the card set has scoring-time effects (E-SCORING-ORDER): the same as
    /// `config().set.has_scoring_effects()`, without looking through the set.
    #[inline]
    pub fn has_scoring_effects(&self) -> bool {
        self.game.masks.scoring_effects
    }

    /// Number of players.
    pub fn players(&self) -> u8 {
        self.game.cfg.players
    }

    /// Who must act.
    pub fn to_move(&self) -> ToMove {
        self.game.to_move()
    }

    /// The pending decision (card ids only; values through [`PlayerView::value_of`]).
    pub fn stage(&self) -> Stage {
        self.game.stage
    }

    /// The viewer's legal actions (computed without hidden values): the same list as
    /// [`Game::legal_actions`] when the viewer is to move, and **empty** otherwise (a view of a
    /// player who is not to move has no decision; `out` is cleared either way).
    pub fn legal_actions(&self, out: &mut ActionList) {
        if self.game.to_move() == ToMove::Player(self.viewer) {
            self.game.legal_actions(out)
        } else {
            out.clear()
        }
    }

    /// The value of a card id, if the viewer knows it.
    #[inline]
    pub fn value_of(&self, c: CardId) -> Option<Value> {
        let v = self.game.value[c as usize];
        (v != UNKNOWN).then_some(v)
    }

    /// Cards in a village.
    pub fn village_len(&self, seat: Seat) -> usize {
        self.table().village_len(seat)
    }

    /// The value of a village card, if the viewer knows it (cheaper than [`PlayerView::card`]).
    #[inline]
    pub fn value_at(&self, seat: Seat, slot: Slot) -> Option<Value> {
        self.value_of(self.game.village[seat as usize].get(slot as usize))
    }

    /// The viewer's knowledge of a village: (sum of the known values, number of unknown cards).
    #[inline]
    pub fn known_sum(&self, seat: Seat) -> (u32, u32) {
        let mut sum = 0;
        let mut unknown = 0;
        for &c in self.game.village[seat as usize].as_slice() {
            match self.game.value[c as usize] {
                UNKNOWN => unknown += 1,
                v => sum += v as u32,
            }
        }
        (sum, unknown)
    }

    /// A village card as the viewer sees it.
    #[inline(always)]
    pub fn card(&self, seat: Seat, slot: Slot) -> CardView {
        let g = &self.game;
        let c = g.card_at(seat, slot);
        // R-A3: a face-up Bodyguard protects itself, placed or not, and the card it is on.
        // (By the set's masks, which cannot fail, so a caller that reads no `guarded` pays
        // nothing for it; both halves evaluated, so a caller that does pays no branch.)
        let guarded = (g.shield & (1u64 << c) != 0) | (g.up(c) & g.has(g.masks.bodyguard, c));
        CardView {
            id: c,
            value: self.value_of(c),
            face_up: g.up(c),
            under_token: g.token_card == c,
            guarded,
            known_by: g.known[c as usize],
        }
    }

    /// A village's cards, left to right.
    #[inline]
    pub fn village(&self, seat: Seat) -> impl Iterator<Item = CardView> + '_ {
        (0..self.village_len(seat)).map(move |i| self.card(seat, i as Slot))
    }

    /// The public table of the viewer's game: everything every player sees, including the
    /// direction of play, rotations, Bodyguards and who knows which card ([`Table`]).
    #[inline]
    pub fn table(&self) -> Table<'_> {
        Table(&self.game)
    }

    /// Cards left in the deck.
    pub fn deck_len(&self) -> usize {
        self.table().deck_len()
    }

    /// The deck's card at depth `i` from the top (0 = top), with its value if known (R-A4, R-A11).
    pub fn deck_card(&self, i: usize) -> Option<(CardId, Option<Value>)> {
        let d = self.game.deck.as_slice();
        (i < d.len()).then(|| {
            let c = d[d.len() - 1 - i];
            (c, self.value_of(c))
        })
    }

    /// The discard pile's values, bottom first (all public).
    pub fn discard_pile(&self) -> impl Iterator<Item = Value> + '_ {
        self.table().discard_pile()
    }

    /// The top of the discard pile.
    pub fn discard_top(&self) -> Option<Value> {
        self.table().discard_top()
    }

    /// R-A1: the display (public).
    pub fn display(&self) -> impl Iterator<Item = Value> + '_ {
        self.table().display()
    }

    /// The card the player to move is holding, with its value if the viewer knows it.
    pub fn holding(&self) -> Option<(CardId, Option<Value>)> {
        match self.game.stage {
            Stage::Holding { card, .. } | Stage::Selecting { card, .. } => {
                Some((card, self.value_of(card)))
            }
            _ => None,
        }
    }

    /// Round number (1-based).
    pub fn round(&self) -> u16 {
        self.table().round()
    }

    /// Whose turn.
    pub fn turn_player(&self) -> Seat {
        self.table().turn_player()
    }

    /// Completed turns in this round.
    pub fn turn_number(&self) -> u16 {
        self.table().turn_number()
    }

    /// Start player of this round.
    pub fn start_player(&self) -> Seat {
        self.table().start_player()
    }

    /// Token holder this round.
    pub fn token_holder(&self) -> Option<Seat> {
        self.table().token_holder()
    }

    /// R-AMULET: has the token been placed this round?
    pub fn token_used(&self) -> bool {
        self.table().token_used()
    }

    /// Census caller this round.
    pub fn census_caller(&self) -> Option<Seat> {
        self.table().census_caller()
    }

    /// Totals so far.
    pub fn totals(&self) -> [i32; MAX_PLAYERS] {
        self.table().totals()
    }

    /// How many cards of each value the viewer cannot place: the multiset unknown cards are
    /// drawn from.
    pub fn unknown_counts(&self) -> [u8; VALUES] {
        unknown_counts_of(&self.game.value)
    }

    /// How many cards the viewer cannot place, and the sum of their values: the totals of
    /// [`PlayerView::unknown_counts`] (`(Σ pool[v], Σ v·pool[v])`), several times cheaper (one
    /// pass of word-wide arithmetic, no histogram). Enough for the mean of an unknown card.
    pub fn unknown_total(&self) -> (u32, u32) {
        // Eight values per word, added lane by lane: a byte's top bit says it is unknown
        // (values are below 14, UNKNOWN is 0xFF) and its low four bits are its value (15 when
        // unknown). At most eight words add at most 8 · 15 per byte lane: no lane overflows.
        // The totals rest on R-DECK: `VALUE_COUNTS` adds up to `CARDS` cards and `DECK_SUM`.
        const _: () = assert!(UNKNOWN == 0xFF && VALUES <= 16 && CARDS < 8 * 8);
        const ONES: u64 = 0x0101_0101_0101_0101;
        const LOW: u64 = 0x0F0F_0F0F_0F0F_0F0F;
        let (mut low, mut top) = (0u64, 0u64);
        let mut chunks = self.game.value.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            low += w & LOW;
            top += (w >> 7) & ONES;
        }
        // The rest, padded with zero bytes (no value, not unknown).
        let mut rest = [0u8; 8];
        rest[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        let w = u64::from_le_bytes(rest);
        low += w & LOW;
        top += (w >> 7) & ONES;
        // The sum of the eight byte lanes (each at most 120) through four 16-bit lanes.
        let lanes = |x: u64| {
            const PAIRS: u64 = 0x00FF_00FF_00FF_00FF;
            let pairs = (x & PAIRS) + ((x >> 8) & PAIRS);
            (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
        };
        let n = lanes(top);
        // Unknown bytes added 15 each to the low bits.
        let s = lanes(low) - 15 * n;
        (n, DECK_SUM - s)
    }

    /// Card ids whose value the viewer knows although the card is hidden (face-down in a
    /// village, in the deck, set aside) and not every player knows it. These are the facts a
    /// memory model may forget (see [`PlayerView::forget`]).
    pub fn hidden_known(&self) -> CardMask {
        let public = self.unforgettable();
        let mut m = CardMask::EMPTY;
        for c in 0..CARDS as CardId {
            if self.game.value[c as usize] != UNKNOWN && !public.contains(c) {
                m.insert(c);
            }
        }
        m
    }

    /// The same view after forgetting the hidden facts in `forgotten` (a memory-limited
    /// player): their values are erased. Public cards (face-up, discard pile, display) and
    /// cards every player knows (shown to all) are never forgotten: the table can always
    /// remind a player of them, and R-SWAP-MULTI's legality depends on them. The result is a
    /// subset of this view's knowledge, as RULES.md §6 requires.
    pub fn forget(&self, forgotten: CardMask) -> PlayerView {
        let mut out = *self;
        // Bits above the last card id name no card.
        let m = forgotten.0 & !self.unforgettable().0 & ((1u64 << CARDS) - 1);
        let lane = crate::game::tally_lanes(1 << self.viewer);
        for c in CardMask(m).iter() {
            // Out of the viewer's tally if it counted there (known and not yet forgotten).
            let known = out.game.known[c as usize] >> self.viewer & 1;
            out.game.tally -=
                lane * u64::from(known) * crate::game::tally_weight(out.game.value[c as usize]);
            out.game.value[c as usize] = UNKNOWN;
        }
        out
    }

    /// Card ids whose value `seat` knows and the viewer does not (who looked at which card is
    /// public): the cards a hypothesis about `seat`'s decisions turns on.
    pub fn known_only_by(&self, seat: Seat) -> CardMask {
        self.known_only_by_mask(1 << seat)
    }

    /// Cards the viewer does not know that some seat of `seats` knows.
    fn known_only_by_mask(&self, seats: u8) -> CardMask {
        let mut m = CardMask::EMPTY;
        for c in 0..CARDS {
            if self.game.value[c] == UNKNOWN && self.game.known[c] & seats != 0 {
                m.insert(c as CardId);
            }
        }
        m
    }

    /// The cards whose values [`PlayerView::swap_unknown`] may exchange: those the viewer
    /// cannot place, less its B8 floating cards and a card in hand it cannot see.
    pub fn exchangeable(&self) -> CardMask {
        let mut m = CardMask::EMPTY;
        for c in 0..CARDS as CardId {
            if self.is_exchangeable(c) {
                m.insert(c);
            }
        }
        m
    }

    /// True if `c` is [`PlayerView::exchangeable`].
    #[inline]
    fn is_exchangeable(&self, c: CardId) -> bool {
        let g = &self.game;
        let held = match g.stage {
            Stage::Holding { card, .. } | Stage::Selecting { card, .. } => card == c,
            _ => false,
        };
        (c as usize) < CARDS
            && g.value[c as usize] == UNKNOWN
            && g.float_members[self.viewer as usize] & (1u64 << c) == 0
            && !held
    }

    /// Exchanges the values of cards `a` and `b` in `world`, a world sampled from this view, if
    /// both are [`PlayerView::exchangeable`]: the result is another world consistent with the
    /// view, exactly as likely under uniform sampling. False, and `world` unchanged, otherwise.
    pub fn swap_unknown(&self, world: &mut Game, a: CardId, b: CardId) -> bool {
        if a == b || !self.is_exchangeable(a) || !self.is_exchangeable(b) {
            return false;
        }
        let (a, b) = (a as usize, b as usize);
        let (va, vb) = (world.value[a], world.value[b]);
        let (la, lb) = (
            crate::game::tally_lanes(world.known[a]),
            crate::game::tally_lanes(world.known[b]),
        );
        world.tally =
            world.tally - la * crate::game::tally_weight(va) - lb * crate::game::tally_weight(vb)
                + la * crate::game::tally_weight(vb)
                + lb * crate::game::tally_weight(va);
        world.value[a] = vb;
        world.value[b] = va;
        true
    }

    /// B8: how many values the viewer knows to lie among shuffled cards it cannot place.
    pub fn floating_count(&self) -> u32 {
        self.game.float_values[self.viewer as usize]
            .iter()
            .map(|&n| n as u32)
            .sum()
    }

    /// B8: the shuffled cards the viewer cannot place, and the value counts it knows to lie
    /// among them (EDITIONS.md B8: the set of values is still known to whoever knew them).
    pub fn floating(&self) -> (CardMask, [u8; VALUES]) {
        let s = self.viewer as usize;
        (
            CardMask(self.game.float_members[s]),
            self.game.float_values[s],
        )
    }

    /// Cards everybody sees: face-up village cards, the discard pile, the display.
    pub fn public_cards(&self) -> CardMask {
        let g = &self.game;
        let mut m = CardMask(g.face_up);
        for &c in g.pile.as_slice() {
            m.insert(c);
        }
        for &c in &g.display[..g.display_len as usize] {
            m.insert(c);
        }
        m
    }

    /// What a memory-limited player never forgets: the public cards, the hidden cards that
    /// every player knows (shown to all, e.g. by a failed exchange) and the cards in its hand
    /// (the legal actions depend on them: D4, D5, R-SWAP-MULTI).
    fn unforgettable(&self) -> CardMask {
        let g = &self.game;
        let everyone = (1u8 << g.cfg.players) - 1;
        let mut m = self.public_cards();
        for c in 0..CARDS {
            if g.known[c] & everyone == everyone {
                m.insert(c as CardId);
            }
        }
        match g.stage {
            Stage::Holding { card, .. } | Stage::Selecting { card, .. } => m.insert(card),
            Stage::KeepDrawn { cards, n } => {
                for &c in &cards[..n as usize] {
                    m.insert(c);
                }
            }
            _ => {}
        }
        m
    }

    /// Samples a complete world consistent with the viewer's knowledge: every unknown card
    /// gets a value drawn uniformly from the multiset the viewer cannot place. Allocation-free.
    pub fn sample_world<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Game {
        self.sample_world_forgetting(CardMask::EMPTY, rng)
    }

    /// Like [`PlayerView::sample_world`] for a viewer who has forgotten the hidden cards in
    /// `forgotten` (a memory-limited player): those are treated as unknown too, and the viewer
    /// no longer knows them in the sampled world. Public cards and cards every player knows
    /// are never forgotten.
    pub fn sample_world_forgetting<R: rand::Rng + ?Sized>(
        &self,
        forgotten: CardMask,
        rng: &mut R,
    ) -> Game {
        let mut g = self.game;
        self.sample_world_holes(&mut g, forgotten, rng);
        g
    }

    /// [`PlayerView::sample_world_forgetting`], also giving the cards that took values from
    /// the pool other than the viewer's B8 floating cards (`holes[..n]`), for the skew.
    #[inline]
    fn sample_world_holes<R: rand::Rng + ?Sized>(
        &self,
        g: &mut Game,
        forgotten: CardMask,
        rng: &mut R,
    ) -> ([CardId; CARDS], usize) {
        // `g` is this view's game (filled in place: returning a world by value beside the
        // holes cost a copy of the game per sample).
        debug_assert!(g.value == self.game.value && g.known == self.game.known);
        let forget = if forgotten.is_empty() {
            CardMask::EMPTY
        } else {
            CardMask(forgotten.0 & !self.unforgettable().0)
        };
        let mut pool = VALUE_COUNTS;
        let mut holes = [0u8; CARDS];
        let mut nh = 0usize;
        // B8: values the viewer knows to lie among its floating cards are placed there first.
        let me = self.viewer as usize;
        let members = self.game.float_members[me];
        let mut floats = self.game.float_values[me];
        let mut fm = [0u8; CARDS];
        let mut nf = 0usize;
        for c in 0..CARDS {
            let v = g.value[c];
            if v == UNKNOWN || forget.contains(c as CardId) {
                if members & (1u64 << c) != 0 {
                    fm[nf] = c as CardId;
                    nf += 1;
                } else {
                    holes[nh] = c as CardId;
                    nh += 1;
                }
                if v != UNKNOWN {
                    g.known[c] &= !(1 << self.viewer);
                    g.public_plain &= !(1u64 << c);
                }
            } else {
                pool[v as usize] -= 1;
            }
        }
        // D5, R-SWAP-MULTI: a pending selection that is legal only with a drawn Approximator
        // in hand tells every seat what the held card is. (The mover knows its own card, so
        // its own sampling never runs the check.)
        if let Stage::Selecting { card, .. } = self.game.stage {
            if g.value[card as usize] == UNKNOWN && self.game.selection_needs_approximator() {
                let member = members & (1u64 << card) != 0;
                if let Some((v, floating)) =
                    self.held_approximator(&pool, &floats, member, nf, nh, rng)
                {
                    g.value[card as usize] = v;
                    pool[v as usize] -= 1;
                    if floating {
                        floats[v as usize] -= 1;
                    }
                    // Out of the cards still to fill (order does not matter: their values
                    // are shuffled).
                    let (list, n) = if member {
                        (&mut fm, &mut nf)
                    } else {
                        (&mut holes, &mut nh)
                    };
                    if let Some(i) = list[..*n].iter().position(|&c| c == card) {
                        list[i] = list[*n - 1];
                        *n -= 1;
                    }
                }
            }
        }
        let plain_holes = nh;
        if nf > 0 {
            shuffle_batched(&mut fm[..nf], rng);
            let mut k = 0;
            for (v, &n) in floats.iter().enumerate() {
                for _ in 0..n {
                    g.value[fm[k] as usize] = v as Value;
                    pool[v] -= 1;
                    k += 1;
                }
            }
            // The other floating cards take values from the pool like any unknown card.
            for &c in &fm[k..nf] {
                holes[nh] = c;
                nh += 1;
            }
        }
        // The pool's values in increasing order, each as many times as it is left: a fixed
        // four-byte store per value (no value has more than four cards), which the next one
        // overwrites past its count, so no loop on the count.
        const WIDTH: usize = 4;
        const _: () = {
            let mut v = 0;
            while v < VALUES {
                assert!(VALUE_COUNTS[v] as usize <= WIDTH);
                v += 1;
            }
        };
        let mut vals = [0u8; CARDS + WIDTH];
        let mut k = 0;
        for (v, &n) in pool.iter().enumerate() {
            vals[k..k + WIDTH].fill(v as Value);
            k += n as usize;
        }
        debug_assert_eq!(k, nh);
        let vals = &mut vals[..nh];
        shuffle_batched(vals, rng);
        for i in 0..nh {
            g.value[holes[i] as usize] = vals[i];
        }
        g.chance = rng.random();
        // A world: every seat's tally, from its values and knowledge.
        g.tally = g.derive_tally();
        (holes, plain_holes)
    }

    /// D5, R-SWAP-MULTI: the value of a held card the viewer cannot see but that must be a
    /// drawn Approximator ([`Game::selection_needs_approximator`]), drawn exactly as
    /// [`PlayerView::sample_world_holes`] would give it one, given that it is one. `pool`: the
    /// values of the cards the viewer cannot place (its B8 floating values `floats` still
    /// among them); `member`: whether the held card is one of the viewer's `nf` floating
    /// cards; `nh`: the other unknown cards. The sampler gives the floating cards the values
    /// `floats` (`k` of them) at random, then every other unknown card (`m = nh + nf - k`) a
    /// value of what is left (`pool - floats`) at random, so the held card gets Approximator
    /// value `v` as one of the floating values with probability `floats[v] / nf` and from
    /// what is left with probability `(nf - k) / nf · (pool - floats)[v] / m` (or
    /// `(pool - floats)[v] / m` if it is not floating). Returns the value and whether it is
    /// one of the floating values, or `None` if no Approximator is left to place (a view no
    /// game reaches).
    #[cold]
    #[inline(never)]
    fn held_approximator<R: rand::Rng + ?Sized>(
        &self,
        pool: &[u8; VALUES],
        floats: &[u8; VALUES],
        member: bool,
        nf: usize,
        nh: usize,
        rng: &mut R,
    ) -> Option<(Value, bool)> {
        let set = &self.game.cfg.set;
        let k: usize = floats.iter().map(|&n| n as usize).sum();
        let m = (nh + nf).saturating_sub(k) as u64;
        // Weights scaled by `nf · m`: (floating, left). (With `m = 0` every unknown card is a
        // floating card with a floating value: only the first weight is left, scaled by 1.)
        let scale = m.max(1);
        let weight = |v: usize| -> (u64, u64) {
            if set.ability(v as Value) != crate::card::Ability::Approximator {
                return (0, 0);
            }
            let left = u64::from(pool[v].saturating_sub(floats[v]));
            if member {
                (
                    u64::from(floats[v]) * scale,
                    nf.saturating_sub(k) as u64 * left,
                )
            } else {
                (0, left)
            }
        };
        let total: u64 = (0..VALUES)
            .map(|v| {
                let (a, b) = weight(v);
                a + b
            })
            .sum();
        if total == 0 {
            return None;
        }
        let mut r = rng.random_range(0..total);
        for v in 0..VALUES {
            let (a, b) = weight(v);
            if r < a {
                return Some((v as Value, true));
            }
            r -= a;
            if r < b {
                return Some((v as Value, false));
            }
            r -= b;
        }
        None
    }

    /// This view's moment as it would have been if `later` is the truth: every value the viewer
    /// does not know here is taken from `later`, a complete world consistent with a *later*
    /// view of the same seat in the same round. Card values belong to card ids for the whole
    /// round except across a B8 shuffle, so `later`'s values are a hypothesis about this
    /// moment too, and an opponent model can replay the decisions made here. `None` when that
    /// is not a world: `later` is of another round, or the values do not make up the deck
    /// (a shuffle of cards the viewer knew here came in between). The other seats' floating
    /// knowledge (B8) is not restored: the view never had it.
    pub fn world_before(&self, later: &Game) -> Option<Game> {
        if later.round != self.game.round {
            return None;
        }
        let mut g = self.game;
        let mut counts = [0u8; VALUES];
        for c in 0..CARDS {
            if g.value[c] == UNKNOWN {
                g.value[c] = later.value[c];
            }
            let v = g.value[c] as usize;
            if v >= VALUES {
                return None;
            }
            counts[v] += 1;
        }
        if counts != VALUE_COUNTS {
            return None;
        }
        g.chance = later.chance;
        g.tally = g.derive_tally();
        Some(g)
    }

    /// Like [`PlayerView::sample_world_forgetting`], then skews the sample: each unknown card
    /// that its owner has seen (an opponent's face-down card the opponent looked at and kept —
    /// public, since every look is seen) is, with probability `kept_low`, swapped with the
    /// lowest of three random unknown cards if that one is lower. Players tend to keep the low cards they see, so
    /// this is a cheap opponent model. The sample stays consistent with the viewer's knowledge
    /// (only unknown cards exchange values; the multiset is unchanged); only the weights differ
    /// from uniform. `kept_low = 0` is exactly `sample_world_forgetting`.
    pub fn sample_world_skewed<R: rand::Rng + ?Sized>(
        &self,
        forgotten: CardMask,
        kept_low: f64,
        rng: &mut R,
    ) -> Game {
        let mut g = self.game;
        let (holes, nh) = self.sample_world_holes(&mut g, forgotten, rng);
        if kept_low <= 0.0 {
            return g;
        }
        let forget = if forgotten.is_empty() {
            CardMask::EMPTY
        } else {
            CardMask(forgotten.0 & !self.unforgettable().0)
        };
        let members = self.game.float_members[self.viewer as usize];
        if nh < 2 {
            return g;
        }
        for s in 0..self.game.cfg.players {
            if s == self.viewer {
                continue;
            }
            for &c in self.game.village[s as usize].as_slice() {
                let unknown = (self.game.value[c as usize] == UNKNOWN || forget.contains(c))
                    && members & (1u64 << c) == 0;
                if unknown
                    && self.game.known[c as usize] & (1 << s) != 0
                    && rng.random_bool(kept_low.min(1.0))
                {
                    // The lowest of three random unknown cards, if lower.
                    let mut best = c as usize;
                    for _ in 0..3 {
                        let other = holes[rng.random_range(0..nh)] as usize;
                        if g.value[other] < g.value[best] {
                            best = other;
                        }
                    }
                    g.value.swap(best, c as usize);
                }
            }
        }
        // The swaps moved values between cards other seats may know.
        g.tally = g.derive_tally();
        g
    }
}

/// [`PlayerView::unknown_counts`] of a viewer's values ([`UNKNOWN`] where it does not know).
#[inline]
pub(crate) fn unknown_counts_of(values: &[Value; CARDS]) -> [u8; VALUES] {
    // Counts packed 4 bits per value in one register (no value has more than 15 cards):
    // one table load and add per pair of cards, no memory round trip (a histogram in
    // memory serialises on the repeated UNKNOWN bucket and costs several times more).
    // `PAIR[a | b << 4]` counts the values a and b (low 4 bits; UNKNOWN's 15 counts 0).
    const _: () = assert!(VALUES * 4 <= 64 && UNKNOWN & 15 >= VALUES as u8);
    const fn one(v: usize) -> u64 {
        if v < VALUES {
            1 << (4 * v)
        } else {
            0
        }
    }
    const PAIR: [u64; 256] = {
        let mut t = [0u64; 256];
        let mut i = 0;
        while i < 256 {
            t[i] = one(i & 15) + one(i >> 4);
            i += 1;
        }
        t
    };
    // Two sums, so the adds of neighbouring pairs do not wait for each other.
    let (mut even, mut odd) = (0u64, 0u64);
    for quad in values.chunks_exact(4) {
        even += PAIR[((quad[0] & 15) | (quad[1] << 4)) as usize];
        odd += PAIR[((quad[2] & 15) | (quad[3] << 4)) as usize];
    }
    const _: () = assert!(CARDS.is_multiple_of(4));
    let packed = even + odd;
    let mut pool = VALUE_COUNTS;
    for (v, p) in pool.iter_mut().enumerate() {
        *p -= ((packed >> (4 * v)) & 15) as u8;
    }
    pool
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Ability, CardSet};
    use rand::SeedableRng;

    /// Views of seats other than the mover whose pending selection needs a drawn Approximator
    /// in hand (D5, R-SWAP-MULTI), with the held card, from random play of the Coin and
    /// Dagger mix: with eight unknown cards or more, among them three 5s (the Approximator)
    /// or more, so that where the held card's 5 comes from shows.
    fn implied_views(count: usize) -> Vec<(PlayerView, CardId)> {
        let set =
            CardSet::parse("amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger")
                .expect("a valid set");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut actions = ActionList::new();
        let mut out = Vec::new();
        while out.len() < count {
            let mut cfg = Config::standard(3).expect("a valid player count");
            cfg.set = set;
            let mut g = Game::new(cfg, 0).expect("a valid configuration");
            while crate::random_playout(&mut g, &mut rng, &mut (), &mut actions, 1) > 0 {
                if let Stage::Selecting { card, .. } = g.stage {
                    let viewer = (g.turn.player + 1) % 3;
                    let view = g.view(viewer);
                    if view.game.value[card as usize] == UNKNOWN
                        && view.unknown_total().0 >= 8
                        && view.unknown_counts()[5] >= 3
                        && view.game.selection_needs_approximator()
                    {
                        assert_eq!(g.ability_of(card), Ability::Approximator);
                        out.push((view, card));
                    }
                }
            }
        }
        out
    }

    /// The sampler conditioned on the implied Approximator draws exactly what rejection does:
    /// worlds of the unconditioned sampler (the same view with the card still held, before any
    /// selection) kept when the held card is an Approximator. Compared (two-sample
    /// chi-square) on the value of an unknown card beside the held one, and with B8 floating
    /// knowledge (a 5, the Approximator, among the held card and half the other unknown cards)
    /// on how many 5s the other floating cards got: it tells whether the held card took the
    /// floating 5 or one of the others.
    #[test]
    fn implied_approximator_is_exact_conditioning() {
        type Statistic<'a> = dyn Fn(&Game) -> usize + 'a;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        for (view, held) in implied_views(2) {
            let Stage::Selecting { card, from, .. } = view.game.stage else {
                unreachable!()
            };
            let unknown: Vec<CardId> = (0..CARDS as CardId)
                .filter(|&c| c != held && view.game.value[c as usize] == UNKNOWN)
                .collect();
            let mut floating = view;
            let me = view.viewer as usize;
            let members = unknown[..unknown.len() / 2]
                .iter()
                .fold(1u64 << held, |m, &c| m | 1u64 << c);
            floating.game.float_members[me] = members;
            floating.game.float_values[me] = [0; VALUES];
            floating.game.float_values[me][5] = 1;
            let watched = unknown[unknown.len() - 1];
            let value_of_watched = |w: &Game| w.value[watched as usize] as usize;
            let fives_floating = |w: &Game| {
                (0..CARDS)
                    .filter(|&c| c != held as usize && members & (1u64 << c) != 0)
                    .filter(|&c| w.value[c] == 5)
                    .count()
            };
            let cases: [(PlayerView, &Statistic); 2] =
                [(view, &value_of_watched), (floating, &fives_floating)];
            for (v, stat) in cases {
                let mut plain = v;
                plain.game.stage = Stage::Holding { card, from };
                let n = 40_000;
                let (mut a, mut b) = ([0u32; VALUES], [0u32; VALUES]);
                for _ in 0..n {
                    let w = v.sample_world(&mut rng);
                    assert_eq!(w.ability_of(held), Ability::Approximator);
                    a[stat(&w)] += 1;
                }
                let mut kept = 0;
                while kept < n {
                    let w = plain.sample_world(&mut rng);
                    if w.ability_of(held) == Ability::Approximator {
                        b[stat(&w)] += 1;
                        kept += 1;
                    }
                }
                let mut chi2 = 0.0;
                for x in 0..VALUES {
                    let (p, q) = (f64::from(a[x]), f64::from(b[x]));
                    if p + q > 0.0 {
                        chi2 += (p - q).powi(2) / (p + q);
                    }
                }
                // The 99.9th percentile of chi-square with 13 degrees of freedom.
                assert!(chi2 < 34.5, "chi-square {chi2:.1}: {a:?} vs {b:?}");
            }
        }
    }
}
