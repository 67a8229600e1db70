//! A player's view as a compact text code, so a program outside the engine (a bot speaking the
//! JSON-lines protocol) can hand it back to the engine's library (the Python package) and
//! search from it: sample worlds, list legal actions, ask the built-in bots.
//!
//! The code holds the view's state only (hidden values are already erased: RULES.md §6), in a
//! fixed field order, as hex, after a format byte, and ends with a checksum. The game's
//! configuration is not in the code: the decoder is given it (the protocol's `game` message
//! names it). [`PlayerView::code`] and [`PlayerView::from_code`] are inverse; a code that was
//! altered, cut or made by another format is refused.

use crate::action::ActionList;
use crate::card::{Ability, VALUE_COUNTS};
use crate::config::{Config, Seat, MAX_PLAYERS};
use crate::event::CardSource;
use crate::game::{AbilityStep, Game, Row, Stage, ToMove, Turn, ValueMasks, ALL, NONE, UNKNOWN};
use crate::view::PlayerView;
use crate::{CARDS, VALUES};

/// The code format (first byte).
const FORMAT: u8 = 1;

/// Why a code cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Not hex, or an odd length.
    #[error("a view code is hex digits")]
    NotHex,
    /// Another format.
    #[error("view code format {0}: this build reads format {FORMAT}")]
    Format(u8),
    /// The checksum does not match: the code was altered or cut.
    #[error("the view code is damaged (its checksum does not match)")]
    Checksum,
    /// The fields do not read as a view of this configuration.
    #[error("the view code does not fit this game ({0})")]
    Fields(&'static str),
    /// The fields read, but no game of this configuration is in that state (a code made by
    /// hand or by a buggy encoder): refused, since every consumer of a view relies on it.
    #[error("the view code holds an impossible state ({0})")]
    State(&'static str),
}

fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ 0x5349_4c56_4552; // "SILVER"
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

struct W(Vec<u8>);

impl W {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn bool(&mut self, v: bool) {
        self.0.push(v as u8);
    }
    fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn i32(&mut self, v: i32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn bytes(&mut self, v: &[u8]) {
        self.0.extend_from_slice(v);
    }
    fn opt(&mut self, v: Option<u8>) {
        self.u8(v.unwrap_or(0xFF));
    }
    fn row(&mut self, r: &Row) {
        let (cards, len) = r.parts();
        self.u8(len);
        self.bytes(cards);
    }
    fn source(&mut self, s: CardSource) {
        self.u8(match s {
            CardSource::Deck => 0,
            CardSource::Display => 1,
            CardSource::Discard => 2,
            CardSource::Master => 3,
            CardSource::Witch => 4,
        });
    }
    fn stage(&mut self, s: &Stage) {
        match *s {
            Stage::Deal => self.u8(0),
            Stage::OpeningPeek { seat, left } => {
                self.u8(1);
                self.u8(seat);
                self.u8(left);
            }
            Stage::Turn => self.u8(2),
            Stage::KeepDrawn { cards, n } => {
                self.u8(3);
                self.bytes(&cards);
                self.u8(n);
            }
            Stage::Holding { card, from } => {
                self.u8(4);
                self.u8(card);
                self.source(from);
            }
            Stage::Selecting { card, from, chosen } => {
                self.u8(5);
                self.u8(card);
                self.source(from);
                self.u64(chosen);
            }
            Stage::Ability {
                card,
                src,
                copied,
                step,
            } => {
                self.u8(6);
                self.u8(card);
                self.u8(src);
                self.bool(copied);
                match step {
                    AbilityStep::Choose => self.u8(0),
                    AbilityStep::MoreLooks { looked, left } => {
                        self.u8(1);
                        self.u64(looked);
                        self.u8(left);
                    }
                    AbilityStep::Give { owner, slot } => {
                        self.u8(2);
                        self.u8(owner);
                        self.u8(slot);
                    }
                    AbilityStep::WitchLooked => self.u8(3),
                    AbilityStep::SwapWith { owner, slot } => {
                        self.u8(4);
                        self.u8(owner);
                        self.u8(slot);
                    }
                    AbilityStep::MoreDiscards { left } => {
                        self.u8(5);
                        self.u8(left);
                    }
                    AbilityStep::Mortician { cards } => {
                        self.u8(6);
                        self.u64(cards);
                    }
                }
            }
            Stage::EndOfTurn => self.u8(7),
            Stage::GameOver => self.u8(8),
        }
    }
    fn turn(&mut self, t: &Turn) {
        self.u8(t.player);
        self.u16(t.number);
        self.u8(t.empath_used);
        self.u64(t.guards_used);
        self.bool(t.free_used);
        self.u8(t.priest_used);
        self.u8(t.curator_used);
        self.bool(t.pile_top_used);
        self.bool(t.mortician_used);
        self.bool(t.deck_emptied);
        self.bool(t.before_main);
    }
}

struct R<'a>(&'a [u8]);

type Read<T> = Result<T, CodeError>;

impl R<'_> {
    fn u8(&mut self) -> Read<u8> {
        let (&b, rest) = self.0.split_first().ok_or(CodeError::Fields("too short"))?;
        self.0 = rest;
        Ok(b)
    }
    fn bool(&mut self) -> Read<bool> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(CodeError::Fields("a flag")),
        }
    }
    fn array<const N: usize>(&mut self) -> Read<[u8; N]> {
        if self.0.len() < N {
            return Err(CodeError::Fields("too short"));
        }
        let (a, rest) = self.0.split_at(N);
        self.0 = rest;
        let mut out = [0u8; N];
        out.copy_from_slice(a);
        Ok(out)
    }
    fn u16(&mut self) -> Read<u16> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    fn u64(&mut self) -> Read<u64> {
        Ok(u64::from_le_bytes(self.array()?))
    }
    fn i32(&mut self) -> Read<i32> {
        Ok(i32::from_le_bytes(self.array()?))
    }
    fn opt(&mut self) -> Read<Option<u8>> {
        Ok(match self.u8()? {
            0xFF => None,
            v => Some(v),
        })
    }
    fn card(&mut self) -> Read<u8> {
        let c = self.u8()?;
        if c as usize >= CARDS && c != crate::game::NONE {
            return Err(CodeError::Fields("a card id"));
        }
        Ok(c)
    }
    fn cards<const N: usize>(&mut self) -> Read<[u8; N]> {
        let a: [u8; N] = self.array()?;
        if a.iter()
            .any(|&c| c as usize >= CARDS && c != crate::game::NONE)
        {
            return Err(CodeError::Fields("a card id"));
        }
        Ok(a)
    }
    fn row(&mut self) -> Read<Row> {
        let len = self.u8()?;
        let cards = self.cards::<CARDS>()?;
        if len as usize > CARDS || cards[..len as usize].contains(&crate::game::NONE) {
            return Err(CodeError::Fields("a row of cards"));
        }
        Ok(Row::from_parts(cards, len))
    }
    fn seat(&mut self) -> Read<u8> {
        let s = self.u8()?;
        if s as usize >= MAX_PLAYERS {
            return Err(CodeError::Fields("a seat"));
        }
        Ok(s)
    }
    fn source(&mut self) -> Read<CardSource> {
        Ok(match self.u8()? {
            0 => CardSource::Deck,
            1 => CardSource::Display,
            2 => CardSource::Discard,
            3 => CardSource::Master,
            4 => CardSource::Witch,
            _ => return Err(CodeError::Fields("a card source")),
        })
    }
    fn stage(&mut self) -> Read<Stage> {
        Ok(match self.u8()? {
            0 => Stage::Deal,
            1 => Stage::OpeningPeek {
                seat: self.seat()?,
                left: self.u8()?,
            },
            2 => Stage::Turn,
            3 => Stage::KeepDrawn {
                cards: self.cards()?,
                n: self.u8()?,
            },
            4 => Stage::Holding {
                card: self.card()?,
                from: self.source()?,
            },
            5 => Stage::Selecting {
                card: self.card()?,
                from: self.source()?,
                chosen: self.u64()?,
            },
            6 => {
                let card = self.card()?;
                let src = self.u8()?;
                if src as usize >= VALUES {
                    return Err(CodeError::Fields("a value"));
                }
                let copied = self.bool()?;
                let step = match self.u8()? {
                    0 => AbilityStep::Choose,
                    1 => AbilityStep::MoreLooks {
                        looked: self.u64()?,
                        left: self.u8()?,
                    },
                    2 => AbilityStep::Give {
                        owner: self.seat()?,
                        slot: self.u8()?,
                    },
                    3 => AbilityStep::WitchLooked,
                    4 => AbilityStep::SwapWith {
                        owner: self.seat()?,
                        slot: self.u8()?,
                    },
                    5 => AbilityStep::MoreDiscards { left: self.u8()? },
                    6 => AbilityStep::Mortician { cards: self.u64()? },
                    _ => return Err(CodeError::Fields("an ability step")),
                };
                Stage::Ability {
                    card,
                    src,
                    copied,
                    step,
                }
            }
            7 => Stage::EndOfTurn,
            8 => Stage::GameOver,
            _ => return Err(CodeError::Fields("a stage")),
        })
    }
    fn turn(&mut self) -> Read<Turn> {
        Ok(Turn {
            player: self.seat()?,
            number: self.u16()?,
            empath_used: self.u8()?,
            guards_used: self.u64()?,
            free_used: self.bool()?,
            priest_used: self.u8()?,
            curator_used: self.u8()?,
            pile_top_used: self.bool()?,
            mortician_used: self.bool()?,
            deck_emptied: self.bool()?,
            before_main: self.bool()?,
        })
    }
}

impl PlayerView {
    /// This view as a code (see the module docs).
    pub fn code(&self) -> String {
        let g = &self.game;
        let mut w = W(Vec::with_capacity(720));
        w.u8(FORMAT);
        w.u8(self.viewer);
        w.bytes(&g.value);
        w.bytes(&g.known);
        w.u64(g.face_up);
        w.u64(g.helpers_up);
        w.bytes(&g.guard);
        w.u64(g.shield);
        for r in &g.village {
            w.row(r);
        }
        w.row(&g.deck);
        w.row(&g.pile);
        w.bytes(&g.display);
        w.u8(g.display_len);
        w.bytes(&g.aside);
        w.u8(g.aside_len);
        w.stage(&g.stage);
        w.turn(&g.turn);
        w.u16(g.round);
        w.u8(g.start);
        w.opt(g.holder);
        w.bool(g.token_used);
        w.u8(g.amulet);
        w.u64(g.rotated);
        w.bool(g.reversed);
        w.bool(g.skip_next);
        w.u8(g.extra_done);
        for s in 0..MAX_PLAYERS {
            w.u64(g.float_members[s]);
            w.bytes(&g.float_values[s]);
        }
        w.u8(g.caller);
        w.u8(g.extra_left);
        for s in 0..MAX_PLAYERS {
            w.i32(g.totals[s]);
            w.i32(g.last_scores[s]);
        }
        w.u8(g.bounced);
        w.u8(g.winner);
        let sum = checksum(&w.0);
        w.u64(sum);
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut text = String::with_capacity(w.0.len() * 2);
        for &b in &w.0 {
            text.push(HEX[(b >> 4) as usize] as char);
            text.push(HEX[(b & 15) as usize] as char);
        }
        text
    }

    /// The view a code holds, in a game of `config` (the configuration the code was made in).
    pub fn from_code(code: &str, config: Config) -> Result<PlayerView, CodeError> {
        config
            .validate()
            .map_err(|_| CodeError::Fields("the configuration"))?;
        let code = code.trim().as_bytes();
        let nibble = |c: u8| match c {
            b'0'..=b'9' => Ok(c - b'0'),
            b'a'..=b'f' => Ok(c - b'a' + 10),
            b'A'..=b'F' => Ok(c - b'A' + 10),
            _ => Err(CodeError::NotHex),
        };
        if !code.len().is_multiple_of(2) {
            return Err(CodeError::NotHex);
        }
        let bytes: Vec<u8> = code
            .chunks_exact(2)
            .map(|p| Ok(nibble(p[0])? << 4 | nibble(p[1])?))
            .collect::<Result<_, CodeError>>()?;
        match bytes.first() {
            Some(&FORMAT) => {}
            Some(&f) => return Err(CodeError::Format(f)),
            None => return Err(CodeError::Fields("empty")),
        }
        if bytes.len() < 9 {
            return Err(CodeError::Checksum);
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let sum = u64::from_le_bytes(sum.try_into().map_err(|_| CodeError::Checksum)?);
        if checksum(body) != sum {
            return Err(CodeError::Checksum);
        }
        let mut r = R(&body[1..]);
        let viewer = r.seat()?;
        if viewer >= config.players {
            return Err(CodeError::Fields("the viewer's seat"));
        }
        let mut g = Game::new(config, 0).map_err(|_| CodeError::Fields("the configuration"))?;
        g.masks = ValueMasks::of(&config.set);
        g.value = r.array()?;
        if g.value
            .iter()
            .any(|&v| v as usize >= VALUES && v != crate::game::UNKNOWN)
        {
            return Err(CodeError::Fields("a value"));
        }
        g.known = r.array()?;
        g.face_up = r.u64()?;
        g.helpers_up = r.u64()?;
        g.guard = r.cards()?;
        g.shield = r.u64()?;
        for s in 0..MAX_PLAYERS {
            g.village[s] = r.row()?;
        }
        g.deck = r.row()?;
        g.pile = r.row()?;
        g.display = r.cards()?;
        g.display_len = r.u8()?;
        g.aside = r.cards()?;
        g.aside_len = r.u8()?;
        if g.display_len > 4 || g.aside_len > 10 {
            return Err(CodeError::Fields("the display or the cards set aside"));
        }
        g.stage = r.stage()?;
        g.turn = r.turn()?;
        g.round = r.u16()?;
        g.start = r.seat()?;
        g.holder = r.opt()?;
        g.token_used = r.bool()?;
        g.amulet = r.card()?;
        g.rotated = r.u64()?;
        g.reversed = r.bool()?;
        g.skip_next = r.bool()?;
        g.extra_done = r.u8()?;
        for s in 0..MAX_PLAYERS {
            g.float_members[s] = r.u64()?;
            g.float_values[s] = r.array()?;
        }
        g.caller = r.u8()?;
        g.extra_left = r.u8()?;
        for s in 0..MAX_PLAYERS {
            g.totals[s] = r.i32()?;
            g.last_scores[s] = r.i32()?;
        }
        g.bounced = r.u8()?;
        g.winner = r.u8()?;
        if !r.0.is_empty() {
            return Err(CodeError::Fields("too long"));
        }
        if g.holder.is_some_and(|h| h >= config.players)
            || g.start >= config.players
            || g.turn.player >= config.players
        {
            return Err(CodeError::Fields("a seat"));
        }
        if (g.face_up | g.helpers_up | g.shield | g.rotated) & !ALL_CARDS != 0 {
            return Err(CodeError::Fields("a card mask"));
        }
        // The face-up role marks follow from the face-up cards (the helpers' are in the code).
        let (helpers, roles) = g.up_roles();
        if helpers != g.helpers_up {
            return Err(CodeError::Fields("the face-up marks"));
        }
        g.roles_up = roles;
        g.public_plain = g.derive_public_plain();
        // A view keeps no chance state (B8 shuffles are redrawn in sampled worlds).
        g.chance = 0;
        let view = PlayerView { viewer, game: g };
        consistent(&view).map_err(CodeError::State)?;
        Ok(view)
    }
}

/// Card-id bits of every card id.
const ALL_CARDS: u64 = (1u64 << CARDS) - 1;

/// Checks what every consumer of a view (legal actions, the sampler, the bots, the tensor)
/// relies on and the engine keeps by construction, so that a decoded view is as safe as one
/// taken from a game: each card in exactly one place, rows and masks that agree with it,
/// knowledge that fits the deck (R-DECK), seats of this game, and a stage the engine could be
/// in. Last, a world sampled from the view must pass the engine's own invariant check.
fn consistent(view: &PlayerView) -> Result<(), &'static str> {
    let g = &view.game;
    let n = g.cfg.players;
    let me = 1u8 << view.viewer;
    let everyone = (1u8 << n) - 1;
    // Rows: their cards, then `NONE`s (every row operation keeps that layout).
    for r in g.village.iter().chain([&g.deck, &g.pile]) {
        let (cards, len) = r.parts();
        if cards[len as usize..].iter().any(|&c| c != NONE) {
            return Err("a row of cards");
        }
    }
    if g.village[n as usize..].iter().any(|r| r.len() != 0) {
        return Err("a village of an empty seat");
    }
    if g.deck.len() >= CARDS {
        return Err("the deck");
    }
    let (display, aside) = (g.display_len as usize, g.aside_len as usize);
    if g.display[display..].iter().any(|&c| c != NONE)
        || g.aside[aside..].iter().any(|&c| c != NONE)
    {
        return Err("the display or the cards set aside");
    }
    // R-DEAL: every card in exactly one place (or none before the first deal).
    let mut seen = 0u64;
    let mut count = 0usize;
    let mut place = |c: u8| {
        if c as usize >= CARDS || seen & (1u64 << c) != 0 {
            return Err("a card in two places, or none");
        }
        seen |= 1u64 << c;
        count += 1;
        Ok(())
    };
    let villages = g.village[..n as usize].iter().flat_map(|r| r.as_slice());
    for &c in villages
        .chain(g.deck.as_slice())
        .chain(g.pile.as_slice())
        .chain(&g.display[..display])
        .chain(&g.aside[..aside])
    {
        place(c)?;
    }
    match g.stage {
        Stage::Holding { card, .. } | Stage::Selecting { card, .. } => place(card)?,
        Stage::KeepDrawn { cards, n: drawn } => {
            // R-A4: one card drawn and up to four more with face-up Rascals.
            if !(2..=5).contains(&drawn) || cards[drawn as usize..].iter().any(|&c| c != NONE) {
                return Err("the drawn cards");
            }
            for &c in &cards[..drawn as usize] {
                place(c)?;
            }
        }
        _ => {}
    }
    if count != CARDS && !(count == 0 && g.stage == Stage::Deal && g.round == 0) {
        return Err("cards missing");
    }
    let village_cards = g.village[..n as usize]
        .iter()
        .fold(0u64, |m, r| m | r.mask());
    // Knowledge: the viewer knows exactly the values in the code, no value more often than the
    // deck has it, and every public card is known to all (RULES.md §6).
    let mut counts = [0u8; VALUES];
    for c in 0..CARDS {
        let v = g.value[c];
        if (v != UNKNOWN) != (g.known[c] & me != 0) {
            return Err("the viewer's knowledge");
        }
        if v != UNKNOWN {
            counts[v as usize] += 1;
            if counts[v as usize] > VALUE_COUNTS[v as usize] {
                return Err("more cards of a value than the deck has");
            }
        }
    }
    if count == 0 {
        // Before the first deal nothing has happened: the view is a new game's.
        let fresh = Game::new(g.cfg, g.start).map_err(|_| "the configuration")?;
        return if *view == fresh.view(view.viewer) {
            Ok(())
        } else {
            Err("a game before its first deal")
        };
    }
    let public = view.public_cards().0;
    if (0..CARDS).any(|c| public & (1u64 << c) != 0 && g.known[c] != ALL) {
        return Err("a public card not known to all");
    }
    // Card marks: face-up and rotated cards lie in villages (C2), the token on a village card.
    if g.face_up & !village_cards != 0 || g.rotated & !village_cards != 0 {
        return Err("a face-up or rotated card outside the villages");
    }
    if g.amulet != NONE && village_cards & (1u64 << g.amulet) == 0 {
        return Err("the token's card");
    }
    // R-A3: a placed Bodyguard is a face-up Bodyguard guarding another card of its village.
    let mut shield = 0u64;
    for c in 0..CARDS as u8 {
        let t = g.guard[c as usize];
        if t == NONE {
            continue;
        }
        let row = g.village[..n as usize].iter().find(|r| r.contains(c));
        if !row.is_some_and(|r| r.contains(t))
            || t == c
            || !g.up(c)
            || g.ability_of(c) != Ability::Bodyguard
        {
            return Err("a Bodyguard");
        }
        shield |= 1u64 << c | 1u64 << t;
    }
    if shield != g.shield {
        return Err("the Bodyguards' marks");
    }
    // B8: only the viewer's floating knowledge is in a view, about cards it cannot place,
    // with values the deck still has for them.
    for s in 0..MAX_PLAYERS {
        let (members, values) = (g.float_members[s], g.float_values[s]);
        if s != view.viewer as usize {
            if members != 0 || values != [0; VALUES] {
                return Err("another seat's floating cards");
            }
            continue;
        }
        let placed = (0..CARDS).any(|c| members & (1u64 << c) != 0 && g.known[c] & me != 0);
        let total: u32 = values.iter().map(|&k| k as u32).sum();
        if members & !ALL_CARDS != 0
            || placed
            || total > members.count_ones()
            || (0..VALUES).any(|v| values[v] > VALUE_COUNTS[v] - counts[v])
        {
            return Err("the floating cards");
        }
    }
    // Seats and counters of the round.
    let seat = |s: u8| s < n;
    if !(g.caller == NONE || seat(g.caller))
        || !(g.winner == NONE || seat(g.winner))
        || g.bounced & !everyone != 0
        || g.extra_done & !everyone != 0
        || g.extra_left > n
        || g.round == 0
        || g.turn.guards_used & !ALL_CARDS != 0
    {
        return Err("the round's bookkeeping");
    }
    if g.stage == Stage::GameOver && g.winner == NONE {
        return Err("a game over without a winner");
    }
    stage_fits(g)?;
    // The engine's own invariants on a world the view allows (a fixed seed: the same code is
    // always accepted or refused), and a decision with something to decide.
    let world = view.sample_world(&mut Fixed(0));
    let check = world.omniscient();
    if check.check_invariants().is_err() || check.check_shortcuts().is_err() {
        return Err("the cards' marks");
    }
    // Legal actions follow from the view only for the seat to move (another seat's pending
    // multi-exchange depends on what that seat knows).
    if world.to_move() == ToMove::Player(view.viewer) {
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err("a decision without a legal action");
        }
    }
    Ok(())
}

/// SplitMix64 (the engine's chance source) as a random stream: the check's fixed sample.
struct Fixed(u64);

impl rand::RngCore for Fixed {
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        crate::rules::splitmix(self.0)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        rand::rand_core::impls::fill_bytes_via_next(self, dst)
    }
}

/// The pending stage is one the engine could be in: its seats, slots and cards exist and a
/// pending ability step belongs to the ability it continues.
fn stage_fits(g: &Game) -> Result<(), &'static str> {
    let n = g.cfg.players;
    let len = |s: Seat| g.village[s as usize].len();
    let p = g.turn.player;
    // The player to move knows the cards it holds or acts through (it drew or took them, or
    // they are public): the rules read their values.
    let knows = |c: u8| (c as usize) < CARDS && g.known[c as usize] & (1 << p) != 0;
    let ok = match g.stage {
        Stage::Deal | Stage::Turn | Stage::EndOfTurn | Stage::GameOver => true,
        Stage::KeepDrawn { cards, n: drawn } => cards[..drawn as usize].iter().all(|&c| knows(c)),
        Stage::Holding { card, .. } => knows(card),
        Stage::OpeningPeek { seat, left } => seat < n && (1..=2).contains(&left),
        // R-SWAP-MULTI: a selection starts with one card, never the token's (R-AMULET).
        Stage::Selecting { card, chosen, .. } => {
            let row = g.village[p as usize].as_slice();
            knows(card)
                && chosen != 0
                && row.len() < 64
                && chosen >> row.len() == 0
                && row
                    .iter()
                    .enumerate()
                    .all(|(i, &c)| chosen & (1u64 << i) == 0 || c != g.amulet)
        }
        Stage::Ability {
            card, src, step, ..
        } => {
            let ability = g.cfg.set.ability(src);
            knows(card)
                && match step {
                    AbilityStep::Choose => true,
                    AbilityStep::MoreLooks { looked, left } => {
                        looked & !ALL_CARDS == 0
                            && matches!(ability,
                                Ability::BeholdOwn { count } | Ability::LookOpponent { count }
                                    if left < count)
                    }
                    AbilityStep::Give { owner, slot } => {
                        ability == Ability::RobberSwap && owner < n && (slot as usize) < len(owner)
                    }
                    AbilityStep::WitchLooked => {
                        ability == Ability::WitchDeckTop && g.deck.top().is_some_and(knows)
                    }
                    AbilityStep::SwapWith { owner, slot } => {
                        ability == Ability::SwapAny && owner < n && (slot as usize) < len(owner)
                    }
                    AbilityStep::MoreDiscards { left } => {
                        matches!(ability, Ability::DiscardOwn { count } if left < count)
                    }
                    // B4: offered once a turn by a face-up Mortician of the player's.
                    AbilityStep::Mortician { cards } => {
                        g.turn.mortician_used
                            && g.village[p as usize]
                                .as_slice()
                                .iter()
                                .any(|&m| g.up(m) && g.ability_of(m) == Ability::Mortician)
                            && cards != 0
                            && cards & !g.pile.mask() == 0
                            && cards & (1u64 << card) != 0
                    }
                }
        }
    };
    if ok {
        Ok(())
    } else {
        Err("the pending decision")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn a_view() -> (PlayerView, Config) {
        let cfg = Config::standard(3).unwrap();
        let mut g = Game::new(cfg, 1).unwrap();
        g.deal_random(&mut rand_chacha::ChaCha8Rng::seed_from_u64(4), &mut ());
        (g.view(2), cfg)
    }

    #[test]
    fn codes_give_their_view_back() {
        let (view, cfg) = a_view();
        let code = view.code();
        assert_eq!(PlayerView::from_code(&code, cfg), Ok(view));
        // The same view, the same code.
        assert_eq!(view.code(), code);
    }

    #[test]
    fn damaged_codes_are_refused() {
        let (view, cfg) = a_view();
        let code = view.code();
        let mut flipped = code.clone().into_bytes();
        flipped[40] = if flipped[40] == b'0' { b'1' } else { b'0' };
        let flipped = String::from_utf8(flipped).unwrap();
        assert_eq!(
            PlayerView::from_code(&flipped, cfg),
            Err(CodeError::Checksum)
        );
        assert_eq!(
            PlayerView::from_code(&code[..code.len() - 2], cfg),
            Err(CodeError::Checksum)
        );
        assert_eq!(PlayerView::from_code("xyz", cfg), Err(CodeError::NotHex));
        assert_eq!(
            PlayerView::from_code(&format!("02{}", &code[2..]), cfg),
            Err(CodeError::Format(2))
        );
        // A code of a 3-player game does not fit a 2-player one (the viewer is seat 2).
        assert!(PlayerView::from_code(&code, Config::standard(2).unwrap()).is_err());
    }

    /// The view of the seat to move, a few decisions into a game.
    fn a_turn() -> (PlayerView, Config) {
        let cfg = Config::standard(3).unwrap();
        let mut g = Game::new(cfg, 0).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut actions = ActionList::new();
        crate::random_playout(&mut g, &mut rng, &mut (), &mut actions, 20);
        while g.stage != Stage::Turn {
            crate::random_playout(&mut g, &mut rng, &mut (), &mut actions, 1);
        }
        (g.view(g.turn.player), cfg)
    }

    /// Codes of impossible states, their checksums right, are refused with a typed error (each
    /// was accepted before, and a consumer of the view then indexed out of bounds, drew from
    /// an empty range or tripped an assertion).
    #[test]
    fn impossible_states_are_refused() {
        let (view, cfg) = a_turn();
        assert_eq!(PlayerView::from_code(&view.code(), cfg), Ok(view));
        let p = view.game.turn.player;
        let refused = |change: &dyn Fn(&mut Game)| {
            let mut v = view;
            change(&mut v.game);
            let e = PlayerView::from_code(&v.code(), cfg).unwrap_err();
            assert!(
                matches!(e, CodeError::State(_) | CodeError::Fields(_)),
                "{e:?}"
            );
            e
        };
        let top = view.game.deck.top().unwrap();
        // A card in two places: the deck's top also on the discard pile.
        refused(&|g| {
            let (cards, len) = g.pile.parts();
            let (mut cards, len) = (*cards, len);
            cards[len as usize] = top;
            g.pile = Row::from_parts(cards, len + 1);
        });
        // A card in no place.
        refused(&|g| {
            g.deck.pop();
        });
        // More cards of a value than the deck has, as far as the viewer knows.
        refused(&|g| {
            for c in 0..CARDS {
                g.value[c] = 0;
                g.known[c] |= 1 << p;
            }
        });
        // A card mark beyond the last card.
        assert_eq!(
            refused(&|g| g.face_up |= 1 << 60),
            CodeError::Fields("a card mask")
        );
        // A multi-exchange with no card chosen, and a held card its holder does not know.
        let holding = |chosen: u64, known: u8| {
            move |g: &mut Game| {
                let c = g.deck.pop();
                g.known[c as usize] = known;
                g.value[c as usize] = if known & 1 << p != 0 { 5 } else { UNKNOWN };
                g.stage = Stage::Selecting {
                    card: c,
                    from: CardSource::Deck,
                    chosen,
                };
            }
        };
        refused(&holding(0, 1 << p));
        refused(&holding(1, 0));
        // A step of another ability: the Robber's gift after a card without that ability.
        refused(&|g| {
            let card = g.pile.top().unwrap();
            let src = (0..VALUES as u8)
                .find(|&v| g.cfg.set.ability(v) != Ability::RobberSwap)
                .unwrap();
            g.stage = Stage::Ability {
                card,
                src,
                copied: false,
                step: AbilityStep::Give { owner: 0, slot: 0 },
            };
        });
        // A pending decision of a seat this game does not have.
        refused(&|g| g.stage = Stage::OpeningPeek { seat: 3, left: 1 });
        // B4's offer without a face-up Mortician (found by the `view_code` fuzz target).
        refused(&|g| {
            let card = g.pile.top().unwrap();
            g.turn.mortician_used = true;
            g.stage = Stage::Ability {
                card,
                src: g.value[card as usize],
                copied: true,
                step: AbilityStep::Mortician { cards: 1 << card },
            };
        });
    }

    /// Before the first deal only a new game's view is possible (found by the `view_code`
    /// fuzz target: floating values there emptied the sampler's pool).
    #[test]
    fn a_view_before_the_first_deal_is_a_new_games() {
        let cfg = Config::standard(2).unwrap();
        let view = Game::new(cfg, 1).unwrap().view(0);
        assert_eq!(PlayerView::from_code(&view.code(), cfg), Ok(view));
        let mut floats = view;
        floats.game.float_values[0][3] = 2;
        let mut totals = view;
        totals.game.totals[1] = 7;
        for v in [floats, totals] {
            assert_eq!(
                PlayerView::from_code(&v.code(), cfg),
                Err(CodeError::State("a game before its first deal"))
            );
        }
    }
}
