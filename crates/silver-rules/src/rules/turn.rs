//! The turn's main actions, what is legal and what each does: R-PEEK0 (the opening peeks),
//! R-DRAW with R-A4 extras, R-A1 display draws, R-TAKE, R-CENSUS, D4's Zombie hand-off, and the
//! held card's fate (discarded, with its ability offered; or kept: `exchange`); then the end of
//! a turn (R-A1 refill, R-END).

use super::Next;
use crate::action::{Action, ActionList, Slot};
use crate::card::{Ability, Value};
use crate::config::Seat;
use crate::event::{CardSource, EventSink, GameEvent, Hidden, PileReason, RoundEnd};
use crate::game::{bit, AbilityStep, CardId, Game, Stage, UpRole, ALL, NONE};

impl Game {
    // ----- Legal actions -----

    /// R-PEEK0: two different cards of your own village.
    pub(super) fn push_opening_peeks(&self, seat: Seat, out: &mut ActionList) {
        for (i, &c) in self.village[seat as usize].as_slice().iter().enumerate() {
            if !self.knows_card(seat, c) {
                out.push(Action::OpeningPeek { slot: i as Slot });
            }
        }
    }

    /// The start of a turn: draw, take, census, the D4 hand-off, or a free action.
    pub(super) fn push_turn_actions(&self, p: Seat, out: &mut ActionList) {
        // R-DRAW with R-A4 extras (never more cards than the deck holds).
        let rascals = self.up_in(p, UpRole::Rascal).count_ones() as usize;
        let max_extra = rascals.min(self.deck.len().saturating_sub(1)).min(4);
        if !self.deck.as_slice().is_empty() {
            for extra in 0..=max_extra {
                out.push(Action::DrawDeck { extra: extra as u8 });
            }
        }
        // R-A1: draw from the display instead.
        for index in 0..self.display_len {
            out.push(Action::DrawDisplay { index });
        }
        // R-TAKE (needs a card that may leave the village: R-AMULET).
        if self.pile.len() > 0 && self.has_exchangeable(p) {
            out.push(Action::TakeDiscard);
        }
        if self.census_allowed() {
            out.push(Action::CallCensus);
        }
        // D4: hand a face-up Zombie to the previous player (the whole turn).
        let zombies = self.up_in(p, UpRole::Zombie) & !bit(self.token_card);
        if !self.turn.free_used && zombies != 0 {
            for (i, &c) in self.village[p as usize].as_slice().iter().enumerate() {
                if zombies & (1u64 << c) != 0 {
                    out.push(Action::GiveZombie { slot: i as Slot });
                }
            }
        }
        self.push_free_actions(p, true, out);
    }

    /// R-A4: keep one of the `n` drawn cards.
    pub(super) fn push_keep_drawn(&self, n: u8, out: &mut ActionList) {
        for index in 0..n {
            out.push(Action::KeepDrawn { index });
        }
    }

    /// Holding a card: discard it (deck and display cards only), exchange it in, or add it.
    pub(super) fn push_holding_actions(
        &self,
        p: Seat,
        card: CardId,
        from: CardSource,
        out: &mut ActionList,
    ) {
        // D4: a drawn Zombie must be exchanged in; it can never be discarded.
        let zombie = self.ability_of(card) == Ability::Zombie;
        if matches!(from, CardSource::Deck | CardSource::Display) && !zombie {
            out.push(Action::Discard);
        }
        let before = out.len();
        if self.has_exchangeable(p) {
            self.push_exchange_starts(p, card, out);
        }
        if out.len() == before
            && (zombie || !matches!(from, CardSource::Deck | CardSource::Display))
        {
            // Nothing can leave (E-EMPTY, only the token's card, or a held Zombie
            // facing only face-up Zombies): the card joins.
            out.push(Action::AddToVillage);
        }
        // Ruling: free actions are also usable while holding the turn's drawn card.
        if matches!(
            from,
            CardSource::Deck | CardSource::Display | CardSource::Discard
        ) {
            self.push_free_actions(p, false, out);
        }
    }

    /// R-CENSUS: village of 4 or fewer (an empty village may call, E-EMPTY), nobody called
    /// yet, and nothing else done this turn (no ability of any card, no token power).
    fn census_allowed(&self) -> bool {
        let p = self.turn.player;
        self.caller == NONE && self.village[p as usize].len() <= 4 && !self.turn.free_used
    }

    /// R-DRAW, R-A1, R-TAKE: can `p` still do a turn's main action (census aside)?
    pub(super) fn has_main_action(&self, p: Seat) -> bool {
        self.deck.len() > 0
            || self.display_len > 0
            || (self.pile.len() > 0 && self.has_exchangeable(p))
    }

    // ----- Resolution -----

    /// R-PEEK0: `seat` looks at one of its cards; after its second look the next seat peeks,
    /// and after the last seat the first turn starts.
    pub(super) fn opening_peek<S: EventSink>(
        &mut self,
        seat: Seat,
        left: u8,
        slot: Slot,
        sink: &mut S,
    ) -> Next {
        self.look(seat, seat, slot, sink);
        if left > 1 {
            self.stage = Stage::OpeningPeek { seat, left: 1 };
        } else {
            let next = (seat + 1) % self.cfg.players;
            if next == self.start {
                self.stage = Stage::Turn;
                sink.event(&GameEvent::TurnStarted {
                    seat: self.turn.player,
                    turn: 0,
                });
            } else {
                self.stage = Stage::OpeningPeek {
                    seat: next,
                    left: 2,
                };
            }
        }
        Next::Continue
    }

    /// R-DRAW (R-A4: `extra` more cards with face-up Rascals).
    pub(super) fn draw_deck<S: EventSink>(&mut self, p: Seat, extra: u8, sink: &mut S) -> Next {
        let n = extra as usize + 1;
        let mut cards = [NONE; 5];
        for slot in cards.iter_mut().take(n) {
            let c = self.pop_deck();
            self.learn(c, 1 << p);
            sink.event(&GameEvent::Drew {
                seat: p,
                from: CardSource::Deck,
                value: self.hidden(c),
            });
            *slot = c;
        }
        self.stage = if n == 1 {
            Stage::Holding {
                card: cards[0],
                from: CardSource::Deck,
            }
        } else {
            Stage::KeepDrawn { cards, n: n as u8 }
        };
        Next::Continue
    }

    /// R-A4: keep drawn card `index`.
    pub(super) fn keep_drawn<S: EventSink>(
        &mut self,
        p: Seat,
        cards: [CardId; 5],
        n: u8,
        index: u8,
        sink: &mut S,
    ) -> Next {
        // R-A4, ruling: the others go back so that their original order is restored
        // (the first-drawn card ends on top).
        for i in (0..n).rev() {
            if i != index {
                self.deck.push(cards[i as usize]);
            }
        }
        sink.event(&GameEvent::ReturnedToDeck {
            seat: p,
            count: n - 1,
        });
        self.stage = Stage::Holding {
            card: cards[index as usize],
            from: CardSource::Deck,
        };
        Next::Continue
    }

    /// R-A1: take display card `index` instead of drawing from the deck.
    pub(super) fn draw_display<S: EventSink>(&mut self, p: Seat, index: u8, sink: &mut S) -> Next {
        let i = index as usize;
        let c = self.display[i];
        let len = self.display_len as usize;
        self.display.copy_within(i + 1..len, i);
        self.display_len -= 1;
        self.display[self.display_len as usize] = NONE;
        sink.event(&GameEvent::Drew {
            seat: p,
            from: CardSource::Display,
            value: self.hidden(c),
        });
        self.stage = Stage::Holding {
            card: c,
            from: CardSource::Display,
        };
        Next::Continue
    }

    /// R-TAKE: take the top card of the discard pile.
    pub(super) fn take_discard<S: EventSink>(&mut self, p: Seat, sink: &mut S) -> Next {
        let c = self.pile.pop();
        self.settle_pile(sink);
        sink.event(&GameEvent::Drew {
            seat: p,
            from: CardSource::Discard,
            value: self.hidden(c),
        });
        self.stage = Stage::Holding {
            card: c,
            from: CardSource::Discard,
        };
        Next::Continue
    }

    /// R-CENSUS: the whole turn; every other player gets one extra turn.
    pub(super) fn call_census<S: EventSink>(&mut self, p: Seat, sink: &mut S) -> Next {
        self.caller = p;
        self.extra_left = self.cfg.players - 1;
        self.extra_done = 0;
        sink.event(&GameEvent::CensusCalled {
            seat: p,
            turn: self.turn.number,
            deck_left: self.deck.len() as u8,
            village: self.village[p as usize].len() as u8,
            sum: Hidden::new(self.scoring_sum(p).clamp(0, 255) as Value, 0),
        });
        Next::EndTurn
    }

    /// D4: hand the face-up Zombie in `slot` to the previous player.
    pub(super) fn give_zombie<S: EventSink>(&mut self, p: Seat, slot: Slot, sink: &mut S) -> Next {
        // D4: the whole turn; the Zombie goes face-down to the previous player's
        // village (right end). It was face-up, so everybody still knows it.
        let c = self.village[p as usize].get(slot as usize);
        self.release(p, c);
        self.village[p as usize].remove(slot as usize);
        self.set_up(c, false);
        let to = self.prev_seat(p);
        self.village[to as usize].push(c);
        sink.event(&GameEvent::ZombieGiven { seat: p, slot, to });
        Next::EndTurn
    }

    /// R-DRAW: the held card goes face-up onto the pile; its discard ability is offered if it
    /// has a legal target (R-NO-ABILITY-TARGET; C10: see `discard_offer`).
    pub(super) fn discard_drawn<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        sink: &mut S,
    ) -> Next {
        let under = self.pile.top();
        self.send_to_pile(p, card, PileReason::DiscardDrawn, sink);
        let v = self.value[card as usize];
        let ability = self.ability_of(card);
        let (src, offered) = self.discard_offer(p, card, under);
        sink.event(&GameEvent::Discarded {
            seat: p,
            value: v,
            ability_offered: offered,
        });
        if offered {
            self.stage = Stage::Ability {
                card,
                src,
                copied: false,
                step: AbilityStep::Choose,
            };
            Next::Continue
        } else {
            if ability.is_discard_ability() {
                sink.event(&GameEvent::AbilityNoTarget { seat: p, value: v });
            }
            Next::MainDone
        }
    }

    /// D4 / E-EMPTY: the held card joins the village because no card can leave it.
    pub(super) fn add_to_village<S: EventSink>(
        &mut self,
        p: Seat,
        card: CardId,
        from: CardSource,
        sink: &mut S,
    ) -> Next {
        // D4 / E-EMPTY: nothing can leave, so the card joins at the right end.
        let up = super::enters_face_up(from);
        self.village[p as usize].push(card);
        self.set_up(card, up);
        // Ruling: the card is shown (only a Zombie or a taken card is ever added).
        self.learn(card, ALL);
        sink.event(&GameEvent::Added {
            seat: p,
            value: self.hidden(card),
        });
        Next::MainDone
    }

    // =====================================================================================
    // End of turn
    // =====================================================================================

    pub(super) fn end_turn<S: EventSink>(&mut self, sink: &mut S) {
        let p = self.turn.player;
        // R-A1: refill the display up to the number of face-up Squires (never remove cards).
        let squires = (self.roles_up[UpRole::Squire as usize].count_ones() as u8).min(4);
        while self.display_len < squires && self.deck.len() > 0 {
            let c = self.deck.pop();
            self.learn(c, ALL);
            self.display[self.display_len as usize] = c;
            self.display_len += 1;
            sink.event(&GameEvent::DisplayFilled {
                value: self.value[c as usize],
            });
        }
        self.turn.number += 1;
        // R-END (a): after the last extra turn following a census. With E-DIRECTION the extra
        // turns follow the current direction; the caller never plays again (ruling).
        if self.caller != NONE && p != self.caller {
            self.extra_done |= 1 << p;
            self.extra_left = self.extra_left.saturating_sub(1);
            if self.extra_left == 0 {
                self.end_round(RoundEnd::Census, sink);
                return;
            }
        }
        // R-END (b): the deck became empty during this turn, even if a card was put back
        // under it later in the turn (B3 sends discards to the deck's bottom).
        if self.deck.len() == 0 || self.turn.deck_emptied {
            self.end_round(RoundEnd::Deck, sink);
            return;
        }
        // Termination cap (docs/rulings.md).
        if self.turn.number >= self.cfg.max_turns_per_round {
            self.end_round(RoundEnd::TurnCap, sink);
            return;
        }
        let mut next = self.next_seat(p);
        if self.skip_next {
            // E-DAGGER with 2 players: the opponent's next turn is skipped.
            self.skip_next = false;
            sink.event(&GameEvent::TurnSkipped { seat: next });
            next = p;
        }
        if self.caller != NONE {
            while next == self.caller || self.extra_done & (1 << next) != 0 {
                next = self.next_seat(next);
            }
        }
        self.turn = crate::game::Turn::new(next, self.turn.number);
        self.stage = Stage::Turn;
        sink.event(&GameEvent::TurnStarted {
            seat: next,
            turn: self.turn.number,
        });
    }
}
