//! The token powers, free actions of the token holder once per round: R-AMULET and E-BULLET
//! (put the token on an own card), E-COIN (turn any village card over), E-DAGGER (reverse the
//! direction of play); and E-DIRECTION's reversal, which D11 Reverser uses too.

use super::super::Next;
use crate::action::{Action, ActionList, Slot};
use crate::card::Token;
use crate::config::Seat;
use crate::event::{EventSink, GameEvent};
use crate::game::Game;

impl Game {
    /// The token power, if `p` holds the token and has not used it this round.
    pub(super) fn push_token_actions(&self, p: Seat, out: &mut ActionList) {
        if self.holder == Some(p) && !self.token_used {
            match self.cfg.set.token() {
                Token::Amulet | Token::Bullet => {
                    for i in 0..self.village[p as usize].len() {
                        out.push(Action::PlaceToken { slot: i as Slot });
                    }
                }
                Token::Coin => {
                    for o in 0..self.cfg.players {
                        for (i, &c) in self.village[o as usize].as_slice().iter().enumerate() {
                            if !self.protected_from(p, o, c) {
                                out.push(Action::TokenFlip {
                                    seat: o,
                                    slot: i as Slot,
                                });
                            }
                        }
                    }
                }
                Token::Dagger => out.push(Action::TokenReverse),
            }
        }
    }

    /// R-AMULET / E-BULLET: the token goes on the card in `slot` of `p`'s village.
    pub(in crate::rules) fn place_token<S: EventSink>(
        &mut self,
        p: Seat,
        slot: Slot,
        sink: &mut S,
    ) -> Next {
        // R-AMULET / E-BULLET
        self.token_card = self.village[p as usize].get(slot as usize);
        self.token_used = true;
        self.turn.free_used = true;
        sink.event(&GameEvent::TokenPlaced { seat: p, slot });
        Next::Continue
    }

    /// E-COIN: turn the card in `(seat, slot)` over.
    pub(in crate::rules) fn token_flip<S: EventSink>(
        &mut self,
        p: Seat,
        seat: Seat,
        slot: Slot,
        sink: &mut S,
    ) -> Next {
        // E-COIN
        self.flip(p, seat, slot, sink);
        self.token_used = true;
        self.turn.free_used = true;
        Next::Continue
    }

    /// E-DAGGER: reverse the direction of play.
    pub(in crate::rules) fn token_reverse<S: EventSink>(&mut self, p: Seat, sink: &mut S) -> Next {
        // E-DAGGER: with 2 players the opponent's next turn is skipped.
        self.reverse_direction(p, sink);
        self.token_used = true;
        self.turn.free_used = true;
        Next::Continue
    }

    /// E-DIRECTION: reverse the direction of play (E-DAGGER, D11). With 2 players a reversal
    /// means the reverser plays again: the opponent's next turn is skipped (RULES.md §7). Two
    /// reversals in one turn skip that one next turn (ruling).
    pub(super) fn reverse_direction<S: EventSink>(&mut self, p: Seat, sink: &mut S) {
        self.reversed = !self.reversed;
        if self.cfg.players == 2 {
            self.skip_next = true;
        }
        sink.event(&GameEvent::DirectionReversed {
            seat: p,
            counter_clockwise: self.reversed,
        });
    }
}
