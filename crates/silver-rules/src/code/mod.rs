//! A player's view as a compact text code, so a program outside the engine (a bot speaking the
//! JSON-lines protocol) can hand it back to the engine's library (the Python package) and
//! search from it: sample worlds, list legal actions, ask the built-in bots.
//!
//! The code holds the view's state only (hidden values are already erased: RULES.md §6), in a
//! fixed field order, as hex, after a format byte, and ends with a checksum. The game's
//! configuration is not in the code: the decoder is given it (the protocol's `game` message
//! names it). [`PlayerView::code`] and [`PlayerView::from_code`] are inverse; a code that was
//! altered, cut or made by another format is refused.
//!
//! * `wire`: the writer and reader of the fields, in their fixed order;
//! * `consistency`: the check a decoded view must pass (a state the engine could be in).

mod consistency;
mod wire;

use crate::config::{Config, MAX_PLAYERS};
use crate::game::{Game, ValueMasks};
use crate::view::PlayerView;
use crate::{CARDS, VALUES};
use consistency::consistent;
use wire::{R, W};

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

/// Card-id bits of every card id.
const ALL_CARDS: u64 = (1u64 << CARDS) - 1;

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
        w.u8(g.token_card);
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
        g.token_card = r.card()?;
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
        // A view's tally: the viewer's lane only (as `Game::view` leaves it).
        g.tally = g.derive_tally() & 0xFFFF << (16 * u32::from(viewer));
        // A view keeps no chance state (B8 shuffles are redrawn in sampled worlds).
        g.chance = 0;
        let view = PlayerView { viewer, game: g };
        consistent(&view).map_err(CodeError::State)?;
        Ok(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::ActionList;
    use crate::card::Ability;
    use crate::event::CardSource;
    use crate::game::{AbilityStep, Row, Stage, UNKNOWN};
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
