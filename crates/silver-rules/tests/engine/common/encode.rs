//! A small, stable byte encoding of engine events, for the golden digests (`golden.rs`).
//!
//! Unlike the `Debug` form it does not change when a type is renamed or its derived formatting
//! changes; it changes only when an event's content does. Every `match` below is exhaustive and
//! names every field, so a new event, field, action or ability fails to compile here until its
//! encoding is decided (append new variants with the next free tag; never reuse one).
//!
//! An event is one tag byte (its variant's position in `GameEvent`, from 0), then its fields in
//! declaration order:
//!
//! * `u8`, `Seat`, `Slot`, `Value`: 1 byte; `bool`: 1 byte, 0 or 1;
//! * `u16`, `i32`, `u64`: 2, 4, 8 bytes, little-endian (`i32` two's complement);
//! * `Option<Seat>`: 0 for `None`, else 1 and the seat;
//! * `Hidden`: the value, then the mask of the seats that saw it (the digest is omniscient);
//! * a fixed-size array: its elements in order, no length;
//! * `CardSource`, `PileReason`, `RoundEnd`: 1 byte, the variant's position;
//! * `Action`: 1 byte, the variant's position in `Action`, then its fields (1 byte each);
//! * `Ability`: 1 byte, the variant's position in `Ability`, then its `count` if it has one.

use silver_rules::*;

/// Appends the encoding of `event` to `out`.
pub fn encode(event: &Event, out: &mut Vec<u8>) {
    let mut w = Writer(out);
    match *event {
        GameEvent::RoundStarted {
            round,
            start,
            token_holder,
            order,
        } => {
            w.u8(0);
            w.u16(round);
            w.u8(start);
            w.opt(token_holder);
            for v in order {
                w.hidden(v);
            }
        }
        GameEvent::ToPile { value, reason } => {
            w.u8(1);
            w.u8(value);
            w.reason(reason);
        }
        GameEvent::TurnStarted { seat, turn } => {
            w.u8(2);
            w.u8(seat);
            w.u16(turn);
        }
        GameEvent::Acted { seat, action } => {
            w.u8(3);
            w.u8(seat);
            w.action(action);
        }
        GameEvent::Peeked {
            seat,
            owner,
            slot,
            value,
        } => {
            w.u8(4);
            w.u8(seat);
            w.u8(owner);
            w.u8(slot);
            w.hidden(value);
        }
        GameEvent::Drew { seat, from, value } => {
            w.u8(5);
            w.u8(seat);
            w.source(from);
            w.hidden(value);
        }
        GameEvent::ReturnedToDeck { seat, count } => {
            w.u8(6);
            w.u8(seat);
            w.u8(count);
        }
        GameEvent::Discarded {
            seat,
            value,
            ability_offered,
        } => {
            w.u8(7);
            w.u8(seat);
            w.u8(value);
            w.bool(ability_offered);
        }
        GameEvent::AbilityUsed {
            seat,
            value,
            ability,
        } => {
            w.u8(8);
            w.u8(seat);
            w.u8(value);
            w.ability(ability);
        }
        GameEvent::AbilityNoTarget { seat, value } => {
            w.u8(9);
            w.u8(seat);
            w.u8(value);
        }
        GameEvent::Shown { owner, slot, value } => {
            w.u8(10);
            w.u8(owner);
            w.u8(slot);
            w.u8(value);
        }
        GameEvent::Exchanged {
            seat,
            from,
            incoming,
            slots,
            success,
            placed_at,
            face_up,
        } => {
            w.u8(11);
            w.u8(seat);
            w.source(from);
            w.hidden(incoming);
            w.u64(slots);
            w.bool(success);
            w.u8(placed_at);
            w.bool(face_up);
        }
        GameEvent::PenaltyCard { seat, value } => {
            w.u8(12);
            w.u8(seat);
            w.hidden(value);
        }
        GameEvent::Flipped {
            seat,
            owner,
            slot,
            value,
        } => {
            w.u8(13);
            w.u8(seat);
            w.u8(owner);
            w.u8(slot);
            w.u8(value);
        }
        GameEvent::WitchReplaced {
            seat,
            owner,
            slot,
            incoming,
        } => {
            w.u8(14);
            w.u8(seat);
            w.u8(owner);
            w.u8(slot);
            w.hidden(incoming);
        }
        GameEvent::Swapped {
            seat,
            own_slot,
            owner,
            slot,
        } => {
            w.u8(15);
            w.u8(seat);
            w.u8(own_slot);
            w.u8(owner);
            w.u8(slot);
        }
        GameEvent::DisplayFilled { value } => {
            w.u8(16);
            w.u8(value);
        }
        GameEvent::TurnedDown { seat, owner, slot } => {
            w.u8(17);
            w.u8(seat);
            w.u8(owner);
            w.u8(slot);
        }
        GameEvent::ToDeckBottom { value } => {
            w.u8(18);
            w.u8(value);
        }
        GameEvent::DeckReversed { seat } => {
            w.u8(19);
            w.u8(seat);
        }
        GameEvent::Shuffled { seat, owner, slots } => {
            w.u8(20);
            w.u8(seat);
            w.u8(owner);
            w.u64(slots);
        }
        GameEvent::SwappedAny {
            seat,
            a_owner,
            a_slot,
            b_owner,
            b_slot,
        } => {
            w.u8(21);
            w.u8(seat);
            w.u8(a_owner);
            w.u8(a_slot);
            w.u8(b_owner);
            w.u8(b_slot);
        }
        GameEvent::Joined { seat, owner, value } => {
            w.u8(22);
            w.u8(seat);
            w.u8(owner);
            w.u8(value);
        }
        GameEvent::ZombieGiven { seat, slot, to } => {
            w.u8(23);
            w.u8(seat);
            w.u8(slot);
            w.u8(to);
        }
        GameEvent::Added { seat, value } => {
            w.u8(24);
            w.u8(seat);
            w.hidden(value);
        }
        GameEvent::Rotated { seat, slot } => {
            w.u8(25);
            w.u8(seat);
            w.u8(slot);
        }
        GameEvent::DirectionReversed {
            seat,
            counter_clockwise,
        } => {
            w.u8(26);
            w.u8(seat);
            w.bool(counter_clockwise);
        }
        GameEvent::TurnSkipped { seat } => {
            w.u8(27);
            w.u8(seat);
        }
        GameEvent::ScoringRemoved { owner, slot, value } => {
            w.u8(28);
            w.u8(owner);
            w.u8(slot);
            w.u8(value);
        }
        GameEvent::Copied {
            owner,
            slot,
            counts_as,
        } => {
            w.u8(29);
            w.u8(owner);
            w.u8(slot);
            w.u8(counts_as);
        }
        GameEvent::GuardPlaced {
            seat,
            guard,
            target,
        } => {
            w.u8(30);
            w.u8(seat);
            w.u8(guard);
            w.u8(target);
        }
        GameEvent::GuardLifted { seat, guard } => {
            w.u8(31);
            w.u8(seat);
            w.u8(guard);
        }
        GameEvent::TokenPlaced { seat, slot } => {
            w.u8(32);
            w.u8(seat);
            w.u8(slot);
        }
        GameEvent::CensusCalled {
            seat,
            turn,
            deck_left,
            village,
            sum,
        } => {
            w.u8(33);
            w.u8(seat);
            w.u16(turn);
            w.u8(deck_left);
            w.u8(village);
            w.hidden(sum);
        }
        GameEvent::FinalCard { owner, slot, value } => {
            w.u8(34);
            w.u8(owner);
            w.u8(slot);
            w.u8(value);
        }
        GameEvent::RoundEnded {
            round,
            reason,
            caller,
            sums,
            scores,
            totals,
            sizes,
            turns,
            kamikaze,
            bounced,
            next_start,
            next_holder,
        } => {
            w.u8(35);
            w.u16(round);
            w.round_end(reason);
            w.opt(caller);
            for x in sums {
                w.i32(x);
            }
            for x in scores {
                w.i32(x);
            }
            for x in totals {
                w.i32(x);
            }
            for x in sizes {
                w.u8(x);
            }
            w.u16(turns);
            w.opt(kamikaze);
            w.u8(bounced);
            w.u8(next_start);
            w.opt(next_holder);
        }
        GameEvent::GameEnded {
            totals,
            winner,
            rounds,
        } => {
            w.u8(36);
            for x in totals {
                w.i32(x);
            }
            w.u8(winner);
            w.u16(rounds);
        }
    }
}

/// Appends fixed-width little-endian fields.
struct Writer<'a>(&'a mut Vec<u8>);

impl Writer<'_> {
    fn u8(&mut self, x: u8) {
        self.0.push(x);
    }

    fn bool(&mut self, x: bool) {
        self.u8(x as u8);
    }

    fn u16(&mut self, x: u16) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }

    fn i32(&mut self, x: i32) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }

    fn u64(&mut self, x: u64) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }

    fn opt(&mut self, x: Option<Seat>) {
        match x {
            None => self.u8(0),
            Some(s) => {
                self.u8(1);
                self.u8(s);
            }
        }
    }

    fn hidden(&mut self, h: Hidden) {
        self.u8(h.omniscient());
        self.u8(h.seen_mask());
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

    fn reason(&mut self, r: PileReason) {
        self.u8(match r {
            PileReason::Deal => 0,
            PileReason::DiscardDrawn => 1,
            PileReason::ExchangedOut => 2,
            PileReason::WitchReplaced => 3,
            PileReason::DiscardedOwn => 4,
            PileReason::FromDeck => 5,
            PileReason::ZombieStayed => 6,
        });
    }

    fn round_end(&mut self, r: RoundEnd) {
        self.u8(match r {
            RoundEnd::Census => 0,
            RoundEnd::Deck => 1,
            RoundEnd::Villagers => 2,
            RoundEnd::TurnCap => 3,
        });
    }

    fn action(&mut self, a: Action) {
        match a {
            Action::OpeningPeek { slot } => {
                self.u8(0);
                self.u8(slot);
            }
            Action::DrawDeck { extra } => {
                self.u8(1);
                self.u8(extra);
            }
            Action::DrawDisplay { index } => {
                self.u8(2);
                self.u8(index);
            }
            Action::TakeDiscard => self.u8(3),
            Action::CallCensus => self.u8(4),
            Action::KeepDrawn { index } => {
                self.u8(5);
                self.u8(index);
            }
            Action::Discard => self.u8(6),
            Action::Exchange { slot } => {
                self.u8(7);
                self.u8(slot);
            }
            Action::Select { slot } => {
                self.u8(8);
                self.u8(slot);
            }
            Action::ConfirmExchange => self.u8(9),
            Action::SkipAbility => self.u8(10),
            Action::Target { seat, slot } => {
                self.u8(11);
                self.u8(seat);
                self.u8(slot);
            }
            Action::StopLooking => self.u8(12),
            Action::PickDiscard { index } => {
                self.u8(13);
                self.u8(index);
            }
            Action::WitchLook => self.u8(14),
            Action::WitchExchangeOwn => self.u8(15),
            Action::WitchLeave => self.u8(16),
            Action::Give { slot } => {
                self.u8(17);
                self.u8(slot);
            }
            Action::EmpathPeek { slot } => {
                self.u8(18);
                self.u8(slot);
            }
            Action::GuardPlace { guard, target } => {
                self.u8(19);
                self.u8(guard);
                self.u8(target);
            }
            Action::GuardLift { guard } => {
                self.u8(20);
                self.u8(guard);
            }
            Action::PlaceToken { slot } => {
                self.u8(21);
                self.u8(slot);
            }
            Action::EndTurn => self.u8(22),
            Action::UseAbility => self.u8(23),
            Action::ChooseVillage { seat } => {
                self.u8(24);
                self.u8(seat);
            }
            Action::Flip { slot } => {
                self.u8(25);
                self.u8(slot);
            }
            Action::Rotate { slot } => {
                self.u8(26);
                self.u8(slot);
            }
            Action::DiscardRotated { slot } => {
                self.u8(27);
                self.u8(slot);
            }
            Action::UsePileTop => self.u8(28),
            Action::GiveZombie { slot } => {
                self.u8(29);
                self.u8(slot);
            }
            Action::AddToVillage => self.u8(30),
            Action::TokenFlip { seat, slot } => {
                self.u8(31);
                self.u8(seat);
                self.u8(slot);
            }
            Action::TokenReverse => self.u8(32),
            Action::Approximate => self.u8(33),
        }
    }

    fn ability(&mut self, a: Ability) {
        match a {
            Ability::VillagerPair => self.u8(0),
            Ability::SquireDisplay => self.u8(1),
            Ability::EmpathPeek => self.u8(2),
            Ability::Bodyguard => self.u8(3),
            Ability::RascalDraw => self.u8(4),
            Ability::ExposeOwn => self.u8(5),
            Ability::RevealOpponent => self.u8(6),
            Ability::BeholdOwn { count } => {
                self.u8(7);
                self.u8(count);
            }
            Ability::LookOpponent { count } => {
                self.u8(8);
                self.u8(count);
            }
            Ability::LookAny => self.u8(9),
            Ability::MasterTakePile => self.u8(10),
            Ability::WitchDeckTop => self.u8(11),
            Ability::RobberSwap => self.u8(12),
            Ability::Wild => self.u8(13),
            Ability::HunterRemove => self.u8(14),
            Ability::LycanBump => self.u8(15),
            Ability::PriestFlip => self.u8(16),
            Ability::DiscardToDeckBottom => self.u8(17),
            Ability::Mortician => self.u8(18),
            Ability::ReverseDeck => self.u8(19),
            Ability::FlipAny => self.u8(20),
            Ability::LookAllOwn => self.u8(21),
            Ability::ShuffleVillage => self.u8(22),
            Ability::UseFaceUp => self.u8(23),
            Ability::DeckToPile { count } => {
                self.u8(24);
                self.u8(count);
            }
            Ability::SwapAny => self.u8(25),
            Ability::GremlinJoin => self.u8(26),
            Ability::CopyLowest => self.u8(27),
            Ability::Curator => self.u8(28),
            Ability::UsePileTop => self.u8(29),
            Ability::DiscardOwn { count } => {
                self.u8(30);
                self.u8(count);
            }
            Ability::UseUnderneath => self.u8(31),
            Ability::Zombie => self.u8(32),
            Ability::Approximator => self.u8(33),
            Ability::ReverseDirection => self.u8(34),
            Ability::Plain => self.u8(35),
        }
    }
}
