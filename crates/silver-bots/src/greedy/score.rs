//! How the greedy player scores an action: the main actions, and each ability's steps by
//! ability kind.

use super::{opening_peek_score, selecting_score, Ctx, GreedyBot, NEVER};
use crate::estimate::village_mean;
use silver_rules::{Ability, AbilityStep, Action, Stage, Value};

/// How much the player values using a discard ability (by kind, so custom characters too).
pub(super) fn discard_value(ctx: &Ctx, ability: Ability) -> f64 {
    let unknown_own = (0..ctx.own.n)
        .filter(|&i| ctx.own.known[i].is_none())
        .count() as f64;
    match ability {
        Ability::BeholdOwn { count } => 0.3 * count as f64,
        Ability::LookAllOwn => 0.3 * unknown_own,
        Ability::ExposeOwn | Ability::LookAny | Ability::WitchDeckTop => 0.4,
        Ability::LookOpponent { count } => 0.2 * count as f64,
        Ability::RevealOpponent | Ability::RobberSwap | Ability::SwapAny => 0.2,
        Ability::MasterTakePile => 0.3,
        Ability::FlipAny | Ability::UseFaceUp | Ability::UseUnderneath => 0.3,
        Ability::DiscardOwn { count } => {
            ctx.worst_own().map_or(0.0, |(_, v)| v / 2.0) * count as f64
        }
        // In a stuck round no Gremlin: joining a village keeps it above the census limit, and
        // two players sending Gremlins back and forth never end the round.
        Ability::GremlinJoin if ctx.stuck => 0.0,
        Ability::GremlinJoin => 1.0,
        Ability::ShuffleVillage => 0.1,
        _ => 0.0,
    }
}

impl GreedyBot {
    pub(super) fn score(&self, ctx: &Ctx, stage: Stage, a: Action, census: bool) -> f64 {
        let p = &ctx.p;
        let view = ctx.view;
        match (stage, a) {
            // R-PEEK0: all cards are unknown; look at the first ones.
            (_, Action::OpeningPeek { slot }) => opening_peek_score(slot),
            (_, Action::CallCensus) => {
                if census {
                    1000.0
                } else {
                    NEVER
                }
            }
            (
                _,
                Action::EmpathPeek { .. }
                | Action::GuardPlace { .. }
                | Action::PlaceToken { .. }
                | Action::Flip { .. }
                | Action::Rotate { .. }
                | Action::DiscardRotated { .. }
                | Action::UsePileTop
                | Action::TokenFlip { .. }
                | Action::TokenReverse,
            ) => {
                if census {
                    NEVER // any free action forbids the census
                } else {
                    ctx.free_action(a)
                }
            }
            (_, Action::GuardLift { .. }) => NEVER,
            (_, Action::EndTurn) => 0.0,
            (Stage::Turn, Action::DrawDeck { extra }) => 10.0 + extra as f64,
            // D4: handing the Zombie on sheds 4 points for sure.
            (Stage::Turn, Action::GiveZombie { .. }) => 12.0,
            // D4: the only way to place a card when nothing can leave.
            (_, Action::AddToVillage) => 0.0,
            (Stage::Turn, Action::TakeDiscard) => {
                let t = view.discard_top().expect("take needs a card") as f64;
                let g = ctx.best_exchange(t).0;
                if g >= p.take_gain {
                    20.0 + g
                } else {
                    NEVER / 2.0
                }
            }
            (Stage::Turn, Action::DrawDisplay { index }) => {
                let d = view.display().nth(index as usize).expect("display card") as f64;
                let g = ctx.best_exchange(d).0;
                if g >= p.take_gain {
                    20.0 + g
                } else {
                    NEVER / 2.0
                }
            }
            (Stage::KeepDrawn { cards, n }, Action::KeepDrawn { index }) => {
                debug_assert!(index < n);
                let v = view.value_of(cards[index as usize]).unwrap_or(13);
                let g = ctx.best_exchange(v as f64).0;
                g.max(self.discard_value(ctx, v)) - 0.001 * index as f64
            }
            (Stage::Holding { card, .. }, _) => {
                let h = ctx.held;
                match a {
                    Action::Discard => {
                        let v = view.value_of(card).unwrap_or(0);
                        p.exchange_gain + self.discard_value(ctx, v)
                    }
                    Action::Exchange { slot } if ctx.own.frozen[slot as usize] => NEVER / 2.0,
                    Action::Exchange { slot } => {
                        if self.plan == 1u64 << slot {
                            ctx.own.value[slot as usize] - h
                        } else {
                            ctx.own.value[slot as usize] - h - 0.01
                        }
                    }
                    // The plan's gain (computed with the plan for this decision).
                    Action::Select { slot } => {
                        if self.plan.count_ones() >= 2 && self.plan.trailing_zeros() == slot as u32
                        {
                            self.plan_gain
                        } else {
                            NEVER
                        }
                    }
                    _ => NEVER,
                }
            }
            (Stage::Selecting { chosen, .. }, _) => selecting_score(self.plan, chosen, a),
            (Stage::Ability { src, step, .. }, _) => self.ability_score(ctx, src, step, a),
            _ => NEVER,
        }
    }

    /// How much the player values discarding a drawn card of value `v` for its ability.
    fn discard_value(&self, ctx: &Ctx, v: Value) -> f64 {
        if !ctx.p.use_abilities {
            return 0.0;
        }
        discard_value(ctx, ctx.ability(v))
    }

    fn ability_score(&self, ctx: &Ctx, src: Value, step: AbilityStep, a: Action) -> f64 {
        let view = ctx.view;
        let me = ctx.me;
        if !ctx.p.use_abilities {
            return if matches!(
                a,
                Action::SkipAbility | Action::StopLooking | Action::WitchLeave
            ) {
                0.0
            } else {
                NEVER
            };
        }
        let ability = ctx.ability(src);
        match (step, a) {
            (_, Action::SkipAbility) | (_, Action::StopLooking) => 0.0,
            (AbilityStep::Choose, Action::Target { seat, slot }) => match ability {
                // R-A5: turn up a face-down helper (2–4) first, else learn an unknown card.
                Ability::ExposeOwn => ctx.flip_own_score(slot).unwrap_or(NEVER),
                // R-A6 / R-A8: learn an opponent's card (the leader's first).
                Ability::RevealOpponent | Ability::LookOpponent { .. } => {
                    ctx.opponent_unknown_score(seat, slot)
                }
                // R-A7: own unknown cards.
                Ability::BeholdOwn { .. } => {
                    if ctx.own_unknown(slot) {
                        1.0
                    } else {
                        NEVER
                    }
                }
                // R-A9: own unknown cards first, then the leader's.
                Ability::LookAny => {
                    if seat == me {
                        if ctx.own_unknown(slot) {
                            5.0
                        } else {
                            NEVER
                        }
                    } else {
                        ctx.opponent_unknown_score(seat, slot)
                    }
                }
                // R-A12 / D12: the best trade of an opponent's card for our worst.
                Ability::RobberSwap => {
                    let x = ctx.card_value(seat, slot);
                    let worst = ctx.worst_own().map_or(f64::NEG_INFINITY, |w| w.1);
                    let g = worst - x;
                    if g >= ctx.p.take_gain {
                        g
                    } else {
                        NEVER
                    }
                }
                // B6: own face-down helpers or unknown cards up; an opponent's unknown card up.
                Ability::FlipAny => {
                    if seat == me {
                        if ctx.own.up[slot as usize] {
                            NEVER
                        } else {
                            ctx.flip_own_score(slot).unwrap_or(NEVER)
                        }
                    } else {
                        ctx.opponent_unknown_score(seat, slot)
                    }
                }
                // B11: first pick our worst card, if an opponent card is clearly better.
                Ability::SwapAny => {
                    if seat != me {
                        return NEVER;
                    }
                    let g = ctx.own.value[slot as usize] - ctx.best_opponent_card();
                    let worst = ctx.worst_own().map(|w| w.0);
                    if g >= ctx.p.take_gain && worst == Some(slot as usize) {
                        g
                    } else {
                        NEVER
                    }
                }
                // B9: copy the most valuable ability in reach.
                Ability::UseFaceUp => {
                    let v = view
                        .card(seat, slot)
                        .value
                        .expect("face-up cards are public");
                    discard_value(ctx, ctx.ability(v)) + 0.01
                }
                // C8: discard the highest own cards.
                Ability::DiscardOwn { .. } => {
                    let v = ctx.own.value[slot as usize];
                    if v >= 1.0 {
                        v
                    } else {
                        NEVER
                    }
                }
                _ => NEVER,
            },
            (AbilityStep::MoreLooks { .. }, Action::Target { seat, slot }) => {
                if seat == me {
                    if ctx.own_unknown(slot) {
                        1.0
                    } else {
                        NEVER
                    }
                } else {
                    ctx.opponent_unknown_score(seat, slot)
                }
            }
            (AbilityStep::MoreDiscards { .. }, Action::Target { slot, .. }) => {
                let v = ctx.own.value[slot as usize];
                if v >= 1.0 {
                    v
                } else {
                    NEVER
                }
            }
            // B11: the second card: the lowest expected opponent card.
            (AbilityStep::SwapWith { .. }, Action::Target { seat, slot }) => {
                if seat == me {
                    NEVER
                } else {
                    20.0 - ctx.card_value(seat, slot)
                }
            }
            (AbilityStep::Choose, Action::UseAbility) => match ability {
                Ability::LookAllOwn => 1.0,
                // B10: end the round sooner only while leading.
                Ability::DeckToPile { .. } => {
                    let mine = village_mean(view, me, &ctx.u);
                    let lead = village_mean(view, ctx.leader(), &ctx.u);
                    if mine < lead {
                        1.0
                    } else {
                        NEVER
                    }
                }
                // B5: worth it when the deck's bottom card is known and low.
                Ability::ReverseDeck => match view.deck_card(view.deck_len() - 1) {
                    Some((_, Some(v))) if v <= 3 => 1.0,
                    _ => NEVER,
                },
                // D11: with 3–4 players the direction hardly matters to a greedy player.
                _ => NEVER,
            },
            // B8: shuffle away what the leader knows; B12: the Gremlin goes to the leader.
            (AbilityStep::Choose, Action::ChooseVillage { seat }) => match ability {
                Ability::ShuffleVillage => {
                    if seat == me {
                        NEVER
                    } else if seat == ctx.leader() {
                        1.0
                    } else {
                        0.5
                    }
                }
                Ability::GremlinJoin if ctx.stuck => -1.0,
                Ability::GremlinJoin => {
                    if seat == ctx.leader() {
                        2.0
                    } else {
                        1.0
                    }
                }
                _ => NEVER,
            },
            // B4: the exchanged-out card whose ability is worth most.
            (AbilityStep::Mortician { .. }, Action::PickDiscard { index }) => {
                let v = view.discard_card(index as usize).expect("pile card");
                let d = discard_value(ctx, ctx.ability(v));
                if d > 0.0 {
                    d
                } else {
                    NEVER
                }
            }
            // R-A12: give the worst own card.
            (AbilityStep::Give { .. }, Action::Give { slot }) => ctx.own.value[slot as usize],
            // R-A10: the pile card with the best exchange.
            (AbilityStep::Choose, Action::PickDiscard { index }) => {
                let v = view.discard_card(index as usize).expect("pile card");
                let g = ctx.exchange_gain(v);
                if g >= ctx.p.take_gain {
                    g
                } else {
                    NEVER
                }
            }
            // R-A11: looking is free information.
            (AbilityStep::Choose, Action::WitchLook) => 1.0,
            (AbilityStep::WitchLooked, _) => {
                let t = ctx.witch_top();
                match a {
                    Action::WitchExchangeOwn => {
                        let g = ctx.best_exchange(t).0;
                        if g >= ctx.p.exchange_gain {
                            g
                        } else {
                            NEVER
                        }
                    }
                    Action::Target { seat, slot } => {
                        if t < ctx.p.witch_give_min as f64 || seat != ctx.leader() {
                            return NEVER;
                        }
                        // Hurting one opponent is worth half a point per point.
                        let x = ctx.u.value(&view.card(seat, slot));
                        let g = 0.5 * (t - x);
                        if g > 0.5 {
                            g
                        } else {
                            NEVER
                        }
                    }
                    // Leaving a low card on top feeds the next player.
                    Action::WitchLeave => {
                        if t <= 4.0 {
                            -0.5
                        } else {
                            0.0
                        }
                    }
                    _ => NEVER,
                }
            }
            _ => NEVER,
        }
    }
}
