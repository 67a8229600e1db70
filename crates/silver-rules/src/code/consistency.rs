//! The check a decoded view must pass ([`consistent`]): a state the engine could be in.

use super::ALL_CARDS;
use crate::action::ActionList;
use crate::card::{Ability, VALUE_COUNTS};
use crate::config::{Seat, MAX_PLAYERS};
use crate::game::{AbilityStep, Game, Stage, ToMove, ALL, NONE, UNKNOWN};
use crate::view::PlayerView;
use crate::{CARDS, VALUES};

/// Checks what every consumer of a view (legal actions, the sampler, the bots, the tensor)
/// relies on and the engine keeps by construction, so that a decoded view is as safe as one
/// taken from a game: each card in exactly one place, rows and masks that agree with it,
/// knowledge that fits the deck (R-DECK), seats of this game, and a stage the engine could be
/// in. Last, a world sampled from the view must pass the engine's own invariant check.
pub(super) fn consistent(view: &PlayerView) -> Result<(), &'static str> {
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
    if g.token_card != NONE && village_cards & (1u64 << g.token_card) == 0 {
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
    // Legal actions follow from the view for the seat to move; another seat's pending
    // multi-exchange depends on the card it holds, which the sampler places as the selection
    // implies (D5, R-SWAP-MULTI: a drawn Approximator), so that world has one too unless no
    // game reaches the view.
    if let ToMove::Player(_) = world.to_move() {
        let mut legal = ActionList::new();
        world.legal_actions(&mut legal);
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
                    .all(|(i, &c)| chosen & (1u64 << i) == 0 || c != g.token_card)
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
