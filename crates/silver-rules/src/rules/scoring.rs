//! The end of a round and of the game: R-SCORE (reveal and sums, with the E-SCORING-ORDER
//! effects of B0 Hunters, B13 Copycats and the Bullet token), census adjustments, R-GAME-100
//! kamikaze and bounce, R-TOKEN-WIN, and the winner's tie-breaks (R-GAME-4 / R-GAME-100).

use crate::action::Slot;
use crate::card::{Ability, Scoring, Token, Value};
use crate::config::{GameModel, Seat, MAX_PLAYERS};
use crate::event::{EventSink, GameEvent, RoundEnd};
use crate::game::{CardId, Game, Stage, NONE};

impl Game {
    /// `seat`'s village sum as it would score now (E-SCORING-ORDER effects applied).
    pub(crate) fn scoring_sum(&self, seat: Seat) -> i32 {
        if self.scoring_abilities() {
            self.score_villages(&mut ())[seat as usize]
        } else {
            self.village_sum(seat)
        }
    }

    /// True if the set scores with E-SCORING-ORDER abilities (B0, B13) or the Bullet token.
    fn scoring_abilities(&self) -> bool {
        self.cfg.set.has_scoring_effects()
    }

    /// E-SCORING-ORDER: the round's scoring values of every village. `up` holds the cards that
    /// were face-up before the reveal. Returns, per seat, the sum and emits the scoring events
    /// (removals, Copycats). Scoring abilities resolve by value from lowest to highest; equal
    /// values from the token holder (else the start player) in the current direction of play.
    /// Each effect acts on its own village only, so the order decides the order of the events,
    /// never a sum. The Bullet token's
    /// card is removed first (ruling).
    fn score_villages<S: EventSink>(&self, sink: &mut S) -> [i32; MAX_PLAYERS] {
        let n = self.cfg.players as usize;
        let up = self.face_up;
        // Per seat: effective values and a removed mask, by slot.
        let mut eff = [[0u8; crate::card::CARDS]; MAX_PLAYERS];
        let mut removed = [0u64; MAX_PLAYERS];
        for s in 0..n {
            for (i, &c) in self.village[s].as_slice().iter().enumerate() {
                eff[s][i] = self.value[c as usize];
            }
        }
        if self.cfg.set.token() == Token::Bullet {
            if let Some((s, slot)) = self.locate_in_villages(self.token_card) {
                removed[s as usize] |= 1u64 << slot;
                sink.event(&GameEvent::ScoringRemoved {
                    owner: s,
                    slot,
                    value: self.value[self.token_card as usize],
                });
            }
        }
        let first = self.holder.unwrap_or(self.start);
        for v in 0..crate::card::VALUES as Value {
            let Some(effect) = self.cfg.set.ability(v).scoring() else {
                continue;
            };
            for k in 0..n {
                // Equal values: from the token holder (else the start player) in the current
                // direction of play (E-SCORING-ORDER, E-DIRECTION).
                let s = if self.reversed {
                    (first as usize + n - k) % n
                } else {
                    (first as usize + k) % n
                };
                let row = self.village[s].as_slice();
                for (i, &c) in row.iter().enumerate() {
                    if self.value[c as usize] != v || removed[s] & (1u64 << i) != 0 {
                        continue;
                    }
                    match effect {
                        Scoring::HunterRemove if up & (1u64 << c) != 0 => {
                            // B0 (ruling): the owner removes the card that leaves the lowest
                            // sum, counting Copycats still to resolve; never the Amulet's card.
                            let mut best: Option<(i32, usize)> = None;
                            for j in 0..row.len() {
                                if removed[s] & (1u64 << j) != 0 || row[j] == self.token_card {
                                    continue;
                                }
                                let sum =
                                    self.projected_sum(row, &eff[s], removed[s] | 1u64 << j, v);
                                if best.is_none_or(|(b, _)| sum < b) {
                                    best = Some((sum, j));
                                }
                            }
                            if let Some((_, j)) = best {
                                removed[s] |= 1u64 << j;
                                sink.event(&GameEvent::ScoringRemoved {
                                    owner: s as Seat,
                                    slot: j as Slot,
                                    value: self.value[row[j] as usize],
                                });
                            }
                        }
                        Scoring::CopyLowest => {
                            // B13: the lowest other card of its village (13 if alone).
                            let low = (0..row.len())
                                .filter(|&j| j != i && removed[s] & (1u64 << j) == 0)
                                .map(|j| eff[s][j])
                                .min()
                                .unwrap_or(13);
                            eff[s][i] = low;
                            sink.event(&GameEvent::Copied {
                                owner: s as Seat,
                                slot: i as Slot,
                                counts_as: low,
                            });
                        }
                        // B0 face-down before the reveal: no effect.
                        Scoring::HunterRemove => {}
                    }
                }
            }
        }
        let mut sums = [0i32; MAX_PLAYERS];
        for s in 0..n {
            for i in 0..self.village[s].len() {
                if removed[s] & (1u64 << i) == 0 {
                    sums[s] += eff[s][i] as i32;
                }
            }
        }
        sums
    }

    /// B0 helper: the sum of a village after `removed`, with the Copycats of value above
    /// `after` resolved (in slot order).
    fn projected_sum(&self, row: &[CardId], eff: &[u8], removed: u64, after: Value) -> i32 {
        let mut e = [0u8; crate::card::CARDS];
        e[..row.len()].copy_from_slice(&eff[..row.len()]);
        for (i, &c) in row.iter().enumerate() {
            let v = self.value[c as usize];
            if v > after
                && removed & (1u64 << i) == 0
                && self.cfg.set.ability(v) == Ability::CopyLowest
            {
                e[i] = (0..row.len())
                    .filter(|&j| j != i && removed & (1u64 << j) == 0)
                    .map(|j| e[j])
                    .min()
                    .unwrap_or(13);
            }
        }
        (0..row.len())
            .filter(|&i| removed & (1u64 << i) == 0)
            .map(|i| e[i] as i32)
            .sum()
    }

    pub(in crate::rules) fn end_round<S: EventSink>(&mut self, reason: RoundEnd, sink: &mut S) {
        let n = self.cfg.players as usize;
        // R-SCORE: reveal everything.
        let mut sizes = [0u8; MAX_PLAYERS];
        for s in 0..n {
            for (i, &c) in self.village[s].as_slice().iter().enumerate() {
                sink.event(&GameEvent::FinalCard {
                    owner: s as Seat,
                    slot: i as Slot,
                    value: self.value[c as usize],
                });
            }
            sizes[s] = self.village[s].len() as u8;
        }
        let sums = if self.scoring_abilities() {
            self.score_villages(sink)
        } else {
            let mut sums = [0i32; MAX_PLAYERS];
            for s in 0..n {
                sums[s] = self.village_sum(s as Seat);
            }
            sums
        };
        let mut scores = sums;
        if self.caller != NONE {
            let c = self.caller as usize;
            let lowest = (0..n).all(|s| sums[c] <= sums[s]);
            scores[c] = if lowest { 0 } else { sums[c] + 10 };
        }
        // R-GAME-100 kamikaze: exactly 12, 12, 13, 13.
        let mut kamikaze = None;
        if let GameModel::Points { kamikaze: true, .. } = self.cfg.model {
            for s in 0..n {
                let row = self.village[s].as_slice();
                if row.len() == 4 {
                    let mut v = [0u8; 4];
                    for (slot, &c) in v.iter_mut().zip(row) {
                        *slot = self.value[c as usize];
                    }
                    v.sort_unstable();
                    if v == [12, 12, 13, 13] {
                        kamikaze = Some(s as Seat);
                    }
                }
            }
            if let Some(k) = kamikaze {
                for (s, score) in scores.iter_mut().enumerate().take(n) {
                    *score = if s == k as usize { 0 } else { 50 };
                }
            }
        }
        let mut bounced = 0u8;
        for s in 0..n {
            self.totals[s] += scores[s];
            if let GameModel::Points {
                target,
                bounce: true,
                ..
            } = self.cfg.model
            {
                // R-GAME-100 bounce: exactly the target becomes half of it, once per player.
                if self.totals[s] == target && self.bounced & (1 << s) == 0 {
                    self.totals[s] = target / 2;
                    self.bounced |= 1 << s;
                    bounced |= 1 << s;
                }
            }
        }
        self.last_scores = scores;
        // R-TOKEN-WIN
        let min = scores[..n].iter().copied().min().unwrap_or(0);
        let (next_start, next_holder) = match self.holder {
            Some(h) if scores[h as usize] == min => (h, Some(h)),
            _ => {
                let first = (0..n as u8)
                    .map(|i| (self.start + i) % n as u8)
                    .find(|&s| scores[s as usize] == min)
                    .expect("some seat has the minimum");
                let holds = (self.caller == first).then_some(first);
                (first, holds)
            }
        };
        let caller = (self.caller != NONE).then_some(self.caller);
        sink.event(&GameEvent::RoundEnded {
            round: self.round,
            reason,
            caller,
            sums,
            scores,
            totals: self.totals,
            sizes,
            turns: self.turn.number,
            kamikaze,
            bounced,
            next_start,
            next_holder,
        });
        self.start = next_start;
        self.holder = next_holder;
        self.turn.player = next_start;
        let over = match self.cfg.model {
            GameModel::Rounds { rounds } => self.round >= rounds as u16,
            GameModel::Points {
                target, max_rounds, ..
            } => self.totals[..n].iter().any(|&t| t >= target) || self.round >= max_rounds,
        };
        if over {
            self.winner = self.decide_winner();
            self.stage = Stage::GameOver;
            sink.event(&GameEvent::GameEnded {
                totals: self.totals,
                winner: self.winner,
                rounds: self.round,
            });
        } else {
            self.stage = Stage::Deal;
        }
    }

    /// R-GAME-4 / R-GAME-100 tie-breaks: the winner is the first of the finishing order.
    fn decide_winner(&self) -> Seat {
        self.finishing_order()[0]
    }

    /// The order in which the players finished (R-GAME-4 / R-GAME-100), winner first: by
    /// total, lowest first; among equal totals in the points game, by the last round's score,
    /// lowest first; then the token holder, then clockwise from the holder (from the would-be
    /// start player of another round if nobody holds it). The order is strict: every two
    /// players are ranked, as the winner is. Meaningful once the game is over (entries past
    /// the player count are unused).
    pub fn finishing_order(&self) -> [Seat; MAX_PLAYERS] {
        let n = self.cfg.players as usize;
        let points = matches!(self.cfg.model, GameModel::Points { .. });
        let from = self.holder.unwrap_or(self.start) as usize;
        let key = |s: usize| {
            (
                self.totals[s],
                if points { self.last_scores[s] } else { 0 },
                (s + n - from) % n,
            )
        };
        let mut order: [Seat; MAX_PLAYERS] = std::array::from_fn(|s| s as Seat);
        order[..n].sort_unstable_by_key(|&s| key(s as usize));
        order
    }
}
