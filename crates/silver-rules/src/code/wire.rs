//! The code's bytes: a writer ([`W`]) and a reader ([`R`]) of the fields in their fixed order.

use super::CodeError;
use crate::config::MAX_PLAYERS;
use crate::event::CardSource;
use crate::game::{AbilityStep, Row, Stage, Turn};
use crate::{CARDS, VALUES};

pub(super) struct W(pub(super) Vec<u8>);

impl W {
    pub(super) fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    pub(super) fn bool(&mut self, v: bool) {
        self.0.push(v as u8);
    }
    pub(super) fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn i32(&mut self, v: i32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn bytes(&mut self, v: &[u8]) {
        self.0.extend_from_slice(v);
    }
    pub(super) fn opt(&mut self, v: Option<u8>) {
        self.u8(v.unwrap_or(0xFF));
    }
    pub(super) fn row(&mut self, r: &Row) {
        let (cards, len) = r.parts();
        self.u8(len);
        self.bytes(cards);
    }
    pub(super) fn source(&mut self, s: CardSource) {
        self.u8(match s {
            CardSource::Deck => 0,
            CardSource::Display => 1,
            CardSource::Discard => 2,
            CardSource::Master => 3,
            CardSource::Witch => 4,
        });
    }
    pub(super) fn stage(&mut self, s: &Stage) {
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
    pub(super) fn turn(&mut self, t: &Turn) {
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

pub(super) struct R<'a>(pub(super) &'a [u8]);

pub(super) type Read<T> = Result<T, CodeError>;

impl R<'_> {
    pub(super) fn u8(&mut self) -> Read<u8> {
        let (&b, rest) = self.0.split_first().ok_or(CodeError::Fields("too short"))?;
        self.0 = rest;
        Ok(b)
    }
    pub(super) fn bool(&mut self) -> Read<bool> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(CodeError::Fields("a flag")),
        }
    }
    pub(super) fn array<const N: usize>(&mut self) -> Read<[u8; N]> {
        if self.0.len() < N {
            return Err(CodeError::Fields("too short"));
        }
        let (a, rest) = self.0.split_at(N);
        self.0 = rest;
        let mut out = [0u8; N];
        out.copy_from_slice(a);
        Ok(out)
    }
    pub(super) fn u16(&mut self) -> Read<u16> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    pub(super) fn u64(&mut self) -> Read<u64> {
        Ok(u64::from_le_bytes(self.array()?))
    }
    pub(super) fn i32(&mut self) -> Read<i32> {
        Ok(i32::from_le_bytes(self.array()?))
    }
    pub(super) fn opt(&mut self) -> Read<Option<u8>> {
        Ok(match self.u8()? {
            0xFF => None,
            v => Some(v),
        })
    }
    pub(super) fn card(&mut self) -> Read<u8> {
        let c = self.u8()?;
        if c as usize >= CARDS && c != crate::game::NONE {
            return Err(CodeError::Fields("a card id"));
        }
        Ok(c)
    }
    pub(super) fn cards<const N: usize>(&mut self) -> Read<[u8; N]> {
        let a: [u8; N] = self.array()?;
        if a.iter()
            .any(|&c| c as usize >= CARDS && c != crate::game::NONE)
        {
            return Err(CodeError::Fields("a card id"));
        }
        Ok(a)
    }
    pub(super) fn row(&mut self) -> Read<Row> {
        let len = self.u8()?;
        let cards = self.cards::<CARDS>()?;
        if len as usize > CARDS || cards[..len as usize].contains(&crate::game::NONE) {
            return Err(CodeError::Fields("a row of cards"));
        }
        Ok(Row::from_parts(cards, len))
    }
    pub(super) fn seat(&mut self) -> Read<u8> {
        let s = self.u8()?;
        if s as usize >= MAX_PLAYERS {
            return Err(CodeError::Fields("a seat"));
        }
        Ok(s)
    }
    pub(super) fn source(&mut self) -> Read<CardSource> {
        Ok(match self.u8()? {
            0 => CardSource::Deck,
            1 => CardSource::Display,
            2 => CardSource::Discard,
            3 => CardSource::Master,
            4 => CardSource::Witch,
            _ => return Err(CodeError::Fields("a card source")),
        })
    }
    pub(super) fn stage(&mut self) -> Read<Stage> {
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
    pub(super) fn turn(&mut self) -> Read<Turn> {
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
