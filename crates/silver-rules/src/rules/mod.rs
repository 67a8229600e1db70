//! Legal actions and their resolution: RULES.md §1–§5 for the Amulet edition, and EDITIONS.md.
//!
//! [`Game::legal_actions`] and [`Game::apply_unchecked`] are dispatchers: they match on the
//! stage (and on the action) and hand each decision to the module that owns it. Each module
//! holds what is legal *and* what it does, side by side:
//!
//! * `deal`: dealing a round (chance);
//! * `turn`: the turn's main actions (R-PEEK0, R-DRAW with R-A4, R-A1, R-TAKE, R-CENSUS, the
//!   D4 hand-off, discarding the held card) and the end of a turn;
//! * `exchange`: keeping the held card (R-SWAP-ONE, the multi-exchange selection, R-SWAP-MULTI /
//!   FAIL / CRIT, with R-A13, B1, D4 and D5);
//! * `pile`: taking from the deck and putting on the discard pile (R-END b, B3, D4);
//! * `abilities`: every character ability, by family; each ability is resolved by matching on
//!   [`Ability`], with no `_` arm, so a new ability fails to compile until it is handled;
//! * `scoring`: the end of the round, scoring (E-SCORING-ORDER) and the winner.
//!
//! Timing rulings that RULES.md leaves open are listed in `docs/rulings.md` and cited here as
//! "ruling:".

mod abilities;
mod deal;
mod exchange;
mod pile;
mod scoring;
mod turn;

pub(crate) use deal::splitmix;

use crate::action::{Action, ActionList};
use crate::config::Seat;
use crate::event::{CardSource, EventSink, GameEvent, Hidden, RoundEnd};
use crate::game::{two_or_more, CardId, Game, Stage, ToMove, UpRole};

/// An action that is not legal in the current state. The state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {action:?} at {stage:?}")]
pub struct IllegalAction {
    /// The rejected action.
    pub action: Action,
    /// The stage the game was in.
    pub stage: Stage,
}

/// R-DRAW / R-TAKE / R-A1 / R-A10: a card from the deck enters a village face-down (the Witch's
/// card comes from the deck too); one that was face-up (discard pile, display) enters face-up.
#[inline]
fn enters_face_up(from: CardSource) -> bool {
    match from {
        CardSource::Discard | CardSource::Display | CardSource::Master => true,
        CardSource::Deck | CardSource::Witch => false,
    }
}

/// What happens after an action's own effects.
enum Next {
    /// The stage was set by the action.
    Continue,
    /// The turn's main action is complete (R-DRAW / R-TAKE and any ability).
    MainDone,
    /// The whole turn is over (R-CENSUS, or end of turn).
    EndTurn,
}

impl Game {
    // =====================================================================================
    // Legal actions
    // =====================================================================================

    /// All legal actions at this point, in a fixed order, into `out` (cleared first).
    /// Empty when the game waits for a deal or is over.
    pub fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let p = self.turn.player;
        match self.stage {
            Stage::Deal | Stage::GameOver => {}
            Stage::OpeningPeek { seat, .. } => self.push_opening_peeks(seat, out),
            Stage::Turn => self.push_turn_actions(p, out),
            Stage::KeepDrawn { n, .. } => self.push_keep_drawn(n, out),
            Stage::Holding { card, from } => self.push_holding_actions(p, card, from, out),
            Stage::Selecting { card, from, chosen } => {
                self.push_selections(p, card, from, chosen, out)
            }
            Stage::Ability {
                card, src, step, ..
            } => self.push_ability_actions(p, card, src, step, out),
            Stage::EndOfTurn => {
                self.push_free_actions(p, true, out);
                out.push(Action::EndTurn);
            }
        }
    }

    /// Validated apply: an illegal action returns an error and leaves the state unchanged.
    pub fn apply<S: EventSink>(
        &mut self,
        action: Action,
        sink: &mut S,
    ) -> Result<(), IllegalAction> {
        let mut legal = ActionList::new();
        self.legal_actions(&mut legal);
        if !legal.contains(&action) {
            return Err(IllegalAction {
                action,
                stage: self.stage,
            });
        }
        self.apply_unchecked(action, sink);
        Ok(())
    }

    /// True if `action` is legal now.
    pub fn is_legal(&self, action: Action) -> bool {
        let mut legal = ActionList::new();
        self.legal_actions(&mut legal);
        legal.contains(&action)
    }

    // =====================================================================================
    // Resolution
    // =====================================================================================

    /// Applies a legal action without checking it (for search). An illegal action may corrupt
    /// the state or panic; use [`Game::apply`] for untrusted input.
    #[inline]
    pub fn apply_unchecked<S: EventSink>(&mut self, action: Action, sink: &mut S) {
        let p = match self.to_move() {
            ToMove::Player(p) => p,
            _ => panic!("apply at {:?}: no player to move", self.stage),
        };
        sink.event(&GameEvent::Acted { seat: p, action });
        let next = self.resolve(p, action, sink);
        // R-A0 / R-END (c): two face-up Villagers end the round after the current action.
        // Ruling: while a card is in hand (a free action taken while holding the drawn card,
        // B2/E-COIN), the end waits until the card is placed.
        let holding = matches!(next, Next::Continue)
            && matches!(
                self.stage,
                Stage::Holding { .. } | Stage::Selecting { .. } | Stage::KeepDrawn { .. }
            );
        if self.in_round() && !holding && two_or_more(self.roles_up[UpRole::Villager as usize]) {
            self.end_round(RoundEnd::Villagers, sink);
            return;
        }
        match next {
            Next::Continue => {}
            Next::MainDone if self.turn.before_main => {
                // C4 used before the main action: the turn goes on with it. If the copied
                // ability emptied the deck and no main action is left, the turn is over (and
                // with it the round, R-END b).
                self.turn.before_main = false;
                if self.has_main_action(p) {
                    self.stage = Stage::Turn;
                } else if self.has_free_actions(p) {
                    self.stage = Stage::EndOfTurn;
                } else {
                    self.end_turn(sink);
                }
            }
            Next::MainDone => {
                if self.has_free_actions(p) {
                    self.stage = Stage::EndOfTurn;
                } else {
                    self.end_turn(sink);
                }
            }
            Next::EndTurn => self.end_turn(sink),
        }
    }

    fn in_round(&self) -> bool {
        !matches!(self.stage, Stage::Deal | Stage::GameOver)
    }

    #[inline]
    fn resolve<S: EventSink>(&mut self, p: Seat, action: Action, sink: &mut S) -> Next {
        match (self.stage, action) {
            (Stage::OpeningPeek { seat, left }, Action::OpeningPeek { slot }) => {
                self.opening_peek(seat, left, slot, sink)
            }
            (Stage::Turn, Action::DrawDeck { extra }) => self.draw_deck(p, extra, sink),
            (Stage::KeepDrawn { cards, n }, Action::KeepDrawn { index }) => {
                self.keep_drawn(p, cards, n, index, sink)
            }
            (Stage::Turn, Action::DrawDisplay { index }) => self.draw_display(p, index, sink),
            (Stage::Turn, Action::TakeDiscard) => self.take_discard(p, sink),
            (Stage::Turn, Action::CallCensus) => self.call_census(p, sink),
            (Stage::Turn, Action::GiveZombie { slot }) => self.give_zombie(p, slot, sink),
            (Stage::Holding { card, .. }, Action::Discard) => self.discard_drawn(p, card, sink),
            (Stage::Holding { card, from }, Action::Exchange { slot }) => {
                self.exchange_in(p, card, from, 1u64 << slot, false, sink)
            }
            (Stage::Holding { card, from }, Action::AddToVillage) => {
                self.add_to_village(p, card, from, sink)
            }
            (Stage::Holding { card, from }, Action::Select { slot }) => {
                self.select(card, from, 0, slot)
            }
            (Stage::Selecting { card, from, chosen }, Action::Select { slot }) => {
                self.select(card, from, chosen, slot)
            }
            (Stage::Selecting { card, from, chosen }, Action::ConfirmExchange) => {
                self.exchange_in(p, card, from, chosen, false, sink)
            }
            (Stage::Selecting { card, from, chosen }, Action::Approximate) => {
                self.exchange_in(p, card, from, chosen, true, sink)
            }
            (
                Stage::Ability {
                    card,
                    src,
                    copied,
                    step,
                },
                a,
            ) => self.resolve_ability(p, card, src, copied, step, a, sink),
            (_, Action::EmpathPeek { slot }) => self.empath_peek(p, slot, sink),
            (_, Action::GuardPlace { guard, target }) => self.guard_place(p, guard, target, sink),
            (_, Action::GuardLift { guard }) => self.guard_lift(p, guard, sink),
            (_, Action::PlaceToken { slot }) => self.place_token(p, slot, sink),
            (_, Action::Flip { slot }) => self.priest_flip(p, slot, sink),
            (_, Action::Rotate { slot }) => self.rotate(p, slot, sink),
            (_, Action::DiscardRotated { slot }) => self.discard_rotated(p, slot, sink),
            (_, Action::UsePileTop) => self.use_pile_top(p, sink),
            (_, Action::TokenFlip { seat, slot }) => self.token_flip(p, seat, slot, sink),
            (_, Action::TokenReverse) => self.token_reverse(p, sink),
            (Stage::EndOfTurn, Action::EndTurn) => Next::EndTurn,
            (stage, a) => panic!("apply_unchecked: {a:?} is not legal at {stage:?}"),
        }
    }

    /// A card's value with the seats that know it, for events.
    #[inline]
    fn hidden(&self, c: CardId) -> Hidden {
        Hidden::new(self.value[c as usize], self.known[c as usize])
    }
}
