//! The game state ([`Game`]): cards, villages, piles, knowledge, and the stage of the turn.
//!
//! This module owns the *data*; `rules/` owns legal-action generation and action resolution.
//! Nothing public here returns a face-down value: hidden values are reachable only through a
//! viewer-scoped [`crate::PlayerView`] or the explicitly named [`crate::Omniscient`] observer.
//!
//! Cards are identified by a [`CardId`] (their position in the round's deal order), and each
//! card carries its value and the set of seats that know it (RULES.md §6). Knowledge therefore
//! travels with the card when it moves, as the rules require.
//!
//! * `row`: `Row`, the card container of villages, the deck and the discard pile;
//! * `deal_order`: [`DealOrder`] (R-DEAL) and the shuffles.

use crate::action::Slot;
pub(crate) use crate::card::UpRole;
use crate::card::{Ability, SetRole, Value, CARDS, VALUES};
use crate::config::{Config, ConfigError, Seat, MAX_PLAYERS};
use crate::event::CardSource;
use std::fmt;

mod deal_order;
mod row;

pub(crate) use deal_order::shuffle_batched;
pub use deal_order::{DealError, DealOrder};
pub(crate) use row::Row;

/// Identity of a physical card within a round: its index in the deal order.
pub type CardId = u8;

/// Marks "no card" in card-id fields.
pub(crate) const NONE: u8 = 0xFF;

/// True if `bits` has two or more bits set (no population count: baseline x86-64 has no
/// instruction for it, and these tests are on hot paths).
#[inline(always)]
pub(crate) fn two_or_more(bits: u64) -> bool {
    bits & bits.wrapping_sub(1) != 0
}

/// The card-id bit of card `c`; none for `NONE`.
#[inline(always)]
pub(crate) fn bit(c: CardId) -> u64 {
    1u64.checked_shl(u32::from(c)).unwrap_or(0)
}
/// One card in a seat's lane of `Game::tally` (below it, the sum of the values: at most
/// `DECK_SUM`, 338, under 512).
pub(crate) const TALLY_CARD: u64 = 512;
/// The lowest bit of each seat's lane of `Game::tally`.
pub(crate) const TALLY_LANES: u64 = 0x0001_0001_0001_0001;
const _: () = assert!(
    crate::card::DECK_SUM < TALLY_CARD as u32
        && (CARDS as u64 + 1) * TALLY_CARD < 1 << 16
        && MAX_PLAYERS == 4
);

/// A lane of `Game::tally` for each seat in `seats` (bit `s` moved to bit `16 s`): one
/// multiplication, as the products of different seats' bits land on different bits.
#[inline(always)]
pub(crate) fn tally_lanes(seats: u8) -> u64 {
    (u64::from(seats) * 0x0000_2000_4000_8001) & TALLY_LANES
}

/// What one card adds to the lanes of the seats that know it: nothing if its value is
/// `UNKNOWN` (a view's hidden or forgotten card).
#[inline(always)]
pub(crate) fn tally_weight(v: Value) -> u64 {
    if v == UNKNOWN {
        0
    } else {
        TALLY_CARD + u64::from(v)
    }
}

/// A value the viewer does not know (only inside a [`crate::PlayerView`]).
pub(crate) const UNKNOWN: Value = 0xFF;
/// Knowledge mask meaning "every seat".
pub(crate) const ALL: u8 = (1 << MAX_PLAYERS) - 1;

/// Cards dealt into villages (4 villages of 5, R-DEAL).
pub const VILLAGE_CARDS: usize = 20;

/// Which step of a discard ability is pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbilityStep {
    /// Use it (choose a target) or skip.
    Choose,
    /// R-A7 / R-A8 with more looks left (the Beholder's optional second look): `looked` holds
    /// the card ids already looked at, `left` the looks still allowed.
    MoreLooks {
        /// Card-id bits of the cards looked at so far.
        looked: u64,
        /// Looks left.
        left: u8,
    },
    /// R-A12: the Robber took a card; choose which own card to give.
    Give {
        /// Victim.
        owner: Seat,
        /// Victim's slot.
        slot: Slot,
    },
    /// R-A11: the Witch looked at the deck's top card; choose what to do with it.
    WitchLooked,
    /// B11: the first card of the Troublemaker's swap is chosen; choose the second.
    SwapWith {
        /// Village of the first card.
        owner: Seat,
        /// Its slot.
        slot: Slot,
    },
    /// C8 with a count above 1: more own cards may be discarded.
    MoreDiscards {
        /// Discards left.
        left: u8,
    },
    /// B4: the Mortician lets the player use the ability of one exchanged-out card (on the
    /// discard pile, card-id bits in `cards`), or skip.
    Mortician {
        /// Card-id bits of the eligible exchanged-out cards.
        cards: u64,
    },
}

/// The decision the game is waiting for. Card ids are public; values are not part of a stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Chance: the next round must be dealt ([`Game::deal`]).
    Deal,
    /// R-PEEK0: `seat` looks at `left` more of its cards.
    OpeningPeek {
        /// Who peeks.
        seat: Seat,
        /// Peeks left (2 or 1).
        left: u8,
    },
    /// Start of a turn: draw, take, census, or a free action.
    Turn,
    /// R-A4: choose which of the `n` drawn cards to keep.
    KeepDrawn {
        /// Drawn cards in draw order.
        cards: [CardId; 5],
        /// How many.
        n: u8,
    },
    /// Holding a card: discard it (deck/display only) or exchange it in.
    Holding {
        /// The held card.
        card: CardId,
        /// Where it came from.
        from: CardSource,
    },
    /// Choosing the slots of a multi-exchange.
    Selecting {
        /// The held card.
        card: CardId,
        /// Where it came from.
        from: CardSource,
        /// Chosen slots.
        chosen: u64,
    },
    /// A discard ability is being resolved: the ability of value `src`, triggered by `card`
    /// (the discarded card on the pile, or the copied card for C4 and B4). `copied` is true
    /// when the ability is used through another card (B4, B9, C4, C10).
    Ability {
        /// The card that triggered the ability (a discard-pile card; R-A10 cannot take it).
        card: CardId,
        /// The value whose ability is used.
        src: Value,
        /// Used through another card's ability.
        copied: bool,
        /// Which step.
        step: AbilityStep,
    },
    /// After the main action: optional free actions, then end the turn.
    EndOfTurn,
    /// The game is over.
    GameOver,
}

/// Who must act next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToMove {
    /// A player decides.
    Player(Seat),
    /// Chance: deal the next round.
    Deal,
    /// The game is over.
    Terminal,
}

/// Per-turn bookkeeping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Turn {
    /// Whose turn.
    pub(crate) player: Seat,
    /// Completed turns in this round.
    pub(crate) number: u16,
    /// R-A2: Empath looks used this turn.
    pub(crate) empath_used: u8,
    /// R-A3: Bodyguards (card-id bits) repositioned this turn.
    pub(crate) guards_used: u64,
    /// Any free action (Empath, Bodyguard, token, Priest, Curator, C4) used this turn: census
    /// is then illegal.
    pub(crate) free_used: bool,
    /// B2: Priest flips used this turn.
    pub(crate) priest_used: u8,
    /// C2: Curator actions used this turn.
    pub(crate) curator_used: u8,
    /// C4: the pile-top ability was used this turn.
    pub(crate) pile_top_used: bool,
    /// B4: the Mortician was used this turn (at most once: no chains).
    pub(crate) mortician_used: bool,
    /// R-END (b): the deck was empty at some moment of this turn.
    pub(crate) deck_emptied: bool,
    /// C4 used at the start of the turn: when its ability is resolved, the turn's main action
    /// is still to come.
    pub(crate) before_main: bool,
}

impl Turn {
    pub(crate) const fn new(player: Seat, number: u16) -> Turn {
        Turn {
            player,
            number,
            empath_used: 0,
            guards_used: 0,
            free_used: false,
            priest_used: 0,
            curator_used: 0,
            pile_top_used: false,
            mortician_used: false,
            deck_emptied: false,
            before_main: false,
        }
    }
}

/// The whole game. `Copy`, so search can clone it for the price of a memcpy.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    pub(crate) cfg: Config,
    /// The card set's values by the roles the hot paths ask about (public, from `cfg`).
    pub(crate) masks: ValueMasks,
    /// Value of each card. Inside a view, unknown values are `UNKNOWN`.
    pub(crate) value: [Value; CARDS],
    /// Bit mask of the seats that know each card's value (RULES.md §6).
    pub(crate) known: [u8; CARDS],
    /// Card-id bits of the cards whose value every seat knows and is not wild (R-A13): what
    /// R-SWAP-MULTI's selection may rely on (`public_slots`). Derived from `known`, kept by
    /// `learn` and by every loss of knowledge.
    pub(crate) public_plain: u64,
    /// Per seat, a 16-bit lane (seat `s` at bit `16 s`): `TALLY_CARD` times the number of
    /// cards whose value the seat knows, plus the sum of their values (a card counts when its
    /// `known` bit is set and its value is not `UNKNOWN`): what the seat cannot place, without
    /// a pass over the cards ([`crate::ViewRef::unknown_total`]). Derived from `value` and
    /// `known` (`derive_tally`), kept by `learn` and by every loss of knowledge; inside a view
    /// only the viewer's lane is kept (the others are zero: what another seat knows is not
    /// the viewer's to count).
    pub(crate) tally: u64,
    /// Card-id bits of the cards lying face-up in villages.
    pub(crate) face_up: u64,
    /// Card-id bits of the face-up cards whose value is a turn helper (`masks.helper`; public,
    /// as face-up cards are): lets `own_helpers` answer "none" without scanning a village.
    pub(crate) helpers_up: u64,
    /// Per [`UpRole`], card-id bits of the face-up cards with that role (`masks.role`;
    /// public, like `helpers_up`): the rules that count face-up cards of one ability count
    /// bits instead of visiting cards.
    pub(crate) roles_up: [u64; UpRole::COUNT],
    /// R-A3: for a placed Bodyguard, the card it protects (same village), else `NONE`.
    pub(crate) guard: [CardId; CARDS],
    /// R-A3: card-id bits of every placed Bodyguard and every card one protects (derived from
    /// `guard`, kept up to date by `refresh_shield`).
    pub(crate) shield: u64,
    pub(crate) village: [Row; MAX_PLAYERS],
    /// The deck; the top is the last element.
    pub(crate) deck: Row,
    /// The discard pile; the top is the last element.
    pub(crate) pile: Row,
    /// R-A1: the Squire display.
    pub(crate) display: [CardId; 4],
    pub(crate) display_len: u8,
    /// R-DEAL: villages of empty seats, set aside unseen.
    pub(crate) aside: [CardId; 10],
    pub(crate) aside_len: u8,
    pub(crate) stage: Stage,
    pub(crate) turn: Turn,
    /// 1-based number of the current (or last) round; 0 before the first deal.
    pub(crate) round: u16,
    /// R-START / R-TOKEN-WIN: who starts the current round (or the next, at `Stage::Deal`).
    pub(crate) start: Seat,
    /// R-TOKEN-WIN: who holds the token (and so has its power) this round.
    pub(crate) holder: Option<Seat>,
    /// R-AMULET / E-TOKEN: the token power was used this round.
    pub(crate) token_used: bool,
    /// R-AMULET / E-TOKEN: the card under the token, whichever the token (frozen under the
    /// Amulet, removed at scoring under the Bullet), or `NONE`.
    pub(crate) token_card: CardId,
    /// C2: card-id bits of rotated cards (public; only village cards stay rotated).
    pub(crate) rotated: u64,
    /// E-DIRECTION: play currently runs counter-clockwise.
    pub(crate) reversed: bool,
    /// E-DAGGER with 2 players: the next opponent turn is skipped.
    pub(crate) skip_next: bool,
    /// R-CENSUS with E-DIRECTION: seats that have had their extra turn after the call.
    pub(crate) extra_done: u8,
    /// State of the engine's own chance source for B8 shuffles (derived from the deal;
    /// erased in views, redrawn in sampled worlds).
    pub(crate) chance: u64,
    /// B8: per seat, card-id bits of shuffled cards whose values the seat cannot place, and
    /// (below) the multiset of values the seat knows to be among them (EDITIONS.md B8: the
    /// set of values is still known to whoever knew them). See `docs/rulings.md`.
    pub(crate) float_members: [u64; MAX_PLAYERS],
    /// B8: per seat, value counts known to lie among `float_members`.
    pub(crate) float_values: [[u8; VALUES]; MAX_PLAYERS],
    /// R-CENSUS: who called census this round, or `NONE`.
    pub(crate) caller: u8,
    /// R-CENSUS: extra turns still to be played after the call.
    pub(crate) extra_left: u8,
    pub(crate) totals: [i32; MAX_PLAYERS],
    pub(crate) last_scores: [i32; MAX_PLAYERS],
    /// R-GAME-100: seats that already bounced.
    pub(crate) bounced: u8,
    pub(crate) winner: u8,
}

const _: () = assert!(
    std::mem::size_of::<Game>() <= 912,
    "Game must stay small: search copies it every iteration"
);

impl fmt::Debug for Game {
    /// Deliberately shows no values: debugging output must not become a leak.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("round", &self.round)
            .field("stage", &self.stage)
            .field("turn", &self.turn)
            .field("villages", &&self.village[..self.cfg.players as usize])
            .field("deck_len", &self.deck.len())
            .field("pile_len", &self.pile.len())
            .field("totals", &self.totals)
            .finish_non_exhaustive()
    }
}

impl Game {
    /// A new game waiting for its first deal; `first_player` starts round 1 (R-START).
    pub fn new(cfg: Config, first_player: Seat) -> Result<Game, ConfigError> {
        cfg.validate()?;
        if first_player >= cfg.players {
            return Err(ConfigError::Players(cfg.players));
        }
        Ok(Game {
            cfg,
            masks: ValueMasks::of(&cfg.set),
            value: [0; CARDS],
            known: [0; CARDS],
            public_plain: 0,
            tally: 0,
            face_up: 0,
            helpers_up: 0,
            roles_up: [0; UpRole::COUNT],
            guard: [NONE; CARDS],
            shield: 0,
            village: [Row::EMPTY; MAX_PLAYERS],
            deck: Row::EMPTY,
            pile: Row::EMPTY,
            display: [NONE; 4],
            display_len: 0,
            aside: [NONE; 10],
            aside_len: 0,
            stage: Stage::Deal,
            turn: Turn::new(first_player, 0),
            round: 0,
            start: first_player,
            holder: None,
            token_used: false,
            token_card: NONE,
            rotated: 0,
            reversed: false,
            skip_next: false,
            extra_done: 0,
            chance: 0,
            float_members: [0; MAX_PLAYERS],
            float_values: [[0; VALUES]; MAX_PLAYERS],
            caller: NONE,
            extra_left: 0,
            totals: [0; MAX_PLAYERS],
            last_scores: [0; MAX_PLAYERS],
            bounced: 0,
            winner: NONE,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// Number of players.
    #[inline]
    pub fn players(&self) -> u8 {
        self.cfg.players
    }

    /// Who must act.
    #[inline]
    pub fn to_move(&self) -> ToMove {
        match self.stage {
            Stage::Deal => ToMove::Deal,
            Stage::GameOver => ToMove::Terminal,
            Stage::OpeningPeek { seat, .. } => ToMove::Player(seat),
            _ => ToMove::Player(self.turn.player),
        }
    }

    /// The pending decision.
    #[inline]
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// True when the game is over.
    pub fn is_over(&self) -> bool {
        self.stage == Stage::GameOver
    }

    // ----- crate-internal helpers -----

    #[inline]
    pub(crate) fn up(&self, c: CardId) -> bool {
        self.face_up & (1u64 << c) != 0
    }
    #[inline]
    pub(crate) fn set_up(&mut self, c: CardId, up: bool) {
        if up {
            self.face_up |= 1u64 << c;
            let b = 1u64 << c;
            self.helpers_up |= b * u64::from(self.has(self.masks.helper, c));
            for (up, &mask) in self.roles_up.iter_mut().zip(&self.masks.role) {
                *up |= b * u64::from((mask >> (self.value[c as usize] & 15)) & 1 != 0);
            }
        } else {
            let keep = !(1u64 << c);
            self.face_up &= keep;
            self.helpers_up &= keep;
            for up in &mut self.roles_up {
                *up &= keep;
            }
        }
    }

    /// Pushes `action(slot)` for every slot of `seat`'s village whose card is not among the
    /// card-id bits `excluded`, in slot order. When no card is excluded (the usual case) the
    /// loop has no data-dependent branch.
    #[inline]
    pub(crate) fn push_slots_except(
        &self,
        seat: Seat,
        excluded: u64,
        out: &mut crate::action::ActionList,
        action: impl Fn(Slot) -> crate::action::Action,
    ) {
        let row = &self.village[seat as usize];
        // `extend` keeps the list's length in a register over the loop (a `push` per slot
        // stores it each time).
        if row.mask() & excluded == 0 {
            out.extend((0..row.len()).map(|i| action(i as Slot)));
        } else {
            out.extend(
                row.as_slice()
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| excluded & (1u64 << c) == 0)
                    .map(|(i, _)| action(i as Slot)),
            );
        }
    }

    /// Card-id bits of the face-up cards in `seat`'s village whose value is among `values`
    /// (a [`ValueMasks`] mask): none at once when the set has no such value, else only the
    /// village's face-up cards are visited.
    #[inline]
    pub(crate) fn face_up_with(&self, seat: Seat, values: u16) -> u64 {
        if values == 0 {
            return 0;
        }
        let mut up = self.face_up & self.village[seat as usize].mask();
        let mut m = 0u64;
        while up != 0 {
            let c = up.trailing_zeros() as CardId;
            up &= up - 1;
            m |= u64::from(self.has(values, c)) << c;
        }
        m
    }

    /// Card-id bits of the face-up cards with `role` in `seat`'s village.
    #[inline]
    pub(crate) fn up_in(&self, seat: Seat, role: UpRole) -> u64 {
        self.roles_up[role as usize] & self.village[seat as usize].mask()
    }

    /// `public_plain` as it follows from `known` and the values.
    pub(crate) fn derive_public_plain(&self) -> u64 {
        let everyone = (1u8 << self.cfg.players) - 1;
        (0..CARDS as CardId)
            .filter(|&c| {
                self.known[c as usize] & everyone == everyone && !self.has(self.masks.wild, c)
            })
            .fold(0, |m, c| m | 1u64 << c)
    }

    /// `tally` as it follows from `known` and the values (every seat's lane).
    pub(crate) fn derive_tally(&self) -> u64 {
        self.value
            .iter()
            .zip(&self.known)
            .map(|(&v, &k)| tally_lanes(k) * tally_weight(v))
            .sum()
    }

    /// Seat `seat`'s lane of `tally`: (cards whose value it knows, the sum of their values).
    #[inline(always)]
    pub(crate) fn tally_of(&self, seat: Seat) -> (u32, u32) {
        let lane = (self.tally >> (16 * u32::from(seat))) & 0xFFFF;
        ((lane / TALLY_CARD) as u32, (lane % TALLY_CARD) as u32)
    }

    /// The face-up role marks (`helpers_up`, `roles_up`) as they follow from `face_up` and
    /// the set: for decoding a view and for the invariant check.
    pub(crate) fn up_roles(&self) -> (u64, [u64; UpRole::COUNT]) {
        let (mut helpers, mut roles) = (0u64, [0u64; UpRole::COUNT]);
        let mut m = self.face_up;
        while m != 0 {
            let c = m.trailing_zeros() as CardId;
            m &= m - 1;
            helpers |= u64::from(self.has(self.masks.helper, c)) << c;
            for (r, &mask) in roles.iter_mut().zip(&self.masks.role) {
                *r |= u64::from(self.has(mask, c)) << c;
            }
        }
        (helpers, roles)
    }
    /// Ability of a card whose value the caller is entitled to read (face-up or public).
    #[inline]
    pub(crate) fn ability_of(&self, c: CardId) -> Ability {
        self.cfg.set.ability(self.value[c as usize])
    }
    /// Recomputes `shield` after Bodyguard relations ended (or after `shield` was given the
    /// bits of a new one): only the cards of the old shield can still be part of one.
    pub(crate) fn refresh_shield(&mut self) {
        let mut old = self.shield;
        let mut m = 0u64;
        while old != 0 {
            let c = old.trailing_zeros() as usize;
            old &= old - 1;
            let t = self.guard[c];
            if t != NONE {
                m |= 1u64 << c | 1u64 << t;
            }
        }
        self.shield = m;
    }

    /// The seats in `seats` learn card `c`'s value (RULES.md §6). Every knowledge gain goes
    /// through here so that B8 floating knowledge stays exact: a seat that places a shuffled
    /// card no longer counts it among the cards it cannot place.
    #[inline]
    pub(crate) fn learn(&mut self, c: CardId, seats: u8) {
        let new = seats & !self.known[c as usize];
        self.known[c as usize] |= seats;
        self.tally += tally_lanes(new) * tally_weight(self.value[c as usize]);
        // Without branches: whether a card becomes known to all is as good as random.
        let everyone = (1u8 << self.cfg.players) - 1;
        let public =
            (self.known[c as usize] & everyone == everyone) & !self.has(self.masks.wild, c);
        self.public_plain |= u64::from(public) << c;
        if self.float_members.iter().any(|&m| m != 0) && new != 0 {
            let v = self.value[c as usize] as usize;
            for s in 0..MAX_PLAYERS {
                if new & (1 << s) != 0 && self.float_members[s] & (1u64 << c) != 0 {
                    self.float_members[s] &= !(1u64 << c);
                    if self.float_values[s][v] > 0 {
                        self.float_values[s][v] -= 1;
                    }
                }
            }
        }
    }

    /// E-DIRECTION: the player after `p` in the current direction.
    #[inline]
    pub(crate) fn next_seat(&self, p: Seat) -> Seat {
        let n = self.cfg.players;
        if self.reversed {
            (p + n - 1) % n
        } else {
            (p + 1) % n
        }
    }

    /// E-DIRECTION: the player before `p` in the current direction.
    #[inline]
    pub(crate) fn prev_seat(&self, p: Seat) -> Seat {
        let n = self.cfg.players;
        if self.reversed {
            (p + 1) % n
        } else {
            (p + n - 1) % n
        }
    }

    #[inline]
    pub(crate) fn knows_card(&self, seat: Seat, c: CardId) -> bool {
        self.known[c as usize] & (1 << seat) != 0
    }

    pub(crate) fn locate_in_villages(&self, c: CardId) -> Option<(Seat, Slot)> {
        if c == NONE {
            return None;
        }
        (0..self.cfg.players)
            .find_map(|s| self.village[s as usize].position(c).map(|i| (s, i as Slot)))
    }

    /// Sum of a village (crate-internal: hidden values).
    pub(crate) fn village_sum(&self, seat: Seat) -> i32 {
        self.village[seat as usize]
            .as_slice()
            .iter()
            .map(|&c| self.value[c as usize] as i32)
            .sum()
    }

    /// True if card `c`'s value is in `mask` (a [`ValueMasks`] field). Only for cards whose
    /// value the caller may read; an unknown value is in no mask.
    #[inline]
    pub(crate) fn has(&self, mask: u16, c: CardId) -> bool {
        (mask >> (self.value[c as usize] & 15)) & 1 != 0
    }
}

/// Per-value bitmasks (bit `v`: value `v` has the role) of the card set, so that the hot
/// paths classify a face-up card with one shift instead of an ability lookup and a match.
/// Derived from the set alone (public): a view carries the same masks as the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ValueMasks {
    /// Face-up helpers of their owner's turn (R-A2, R-A3, B2, C2, C4): see `own_helpers`.
    pub(crate) helper: u16,
    /// `SetRole::Wild` (R-A13).
    pub(crate) wild: u16,
    /// `SetRole::Lycan` (B1).
    pub(crate) lycan: u16,
    /// Per [`UpRole`]: the values with that role.
    pub(crate) role: [u16; UpRole::COUNT],
    /// B4 Morticians.
    pub(crate) mortician: u16,
    /// R-A3 Bodyguards.
    pub(crate) bodyguard: u16,
    /// [`crate::CardSet::has_scoring_effects`], answered once.
    pub(crate) scoring_effects: bool,
}

impl ValueMasks {
    /// The masks of a card set.
    pub(crate) fn of(set: &crate::CardSet) -> ValueMasks {
        let mask = |f: &dyn Fn(Ability) -> bool| -> u16 {
            (0..VALUES as Value)
                .filter(|&v| f(set.ability(v)))
                .fold(0, |m, v| m | 1 << v)
        };
        ValueMasks {
            helper: mask(&|a| a.is_turn_helper()),
            wild: mask(&|a| a.set_role() == SetRole::Wild),
            lycan: mask(&|a| a.set_role() == SetRole::Lycan),
            role: UpRole::ALL.map(|r| mask(&|a| a.descriptor().up == Some(r))),
            mortician: mask(&|a| a == Ability::Mortician),
            bodyguard: mask(&|a| a == Ability::Bodyguard),
            scoring_effects: set.has_scoring_effects(),
        }
    }
}
