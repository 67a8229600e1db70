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

    /// Where a shortcut of legal-action generation disagrees with the listing it replaces:
    /// whether each discard ability of the set has a target, for every seat (triggered by the
    /// pile's top card, else card 0), and the B1 selection starts of every village. `None`
    /// if they all agree; else the seat and, for an ability, its value.
    pub(crate) fn shortcut_disagreement(&self) -> Option<(Seat, Option<crate::card::Value>)> {
        if !self.in_round() {
            return None;
        }
        let card = self.pile.top().unwrap_or(0);
        for p in 0..self.cfg.players {
            for v in 0..crate::card::VALUES as crate::card::Value {
                if self.cfg.set.ability(v).is_discard_ability()
                    && self.ability_has_target(p, card, v)
                        != self.ability_has_listed_target(p, card, v)
                {
                    return Some((p, Some(v)));
                }
            }
            if !self.lycan_starts_agree(p) {
                return Some((p, None));
            }
        }
        None
    }

    /// A card's value with the seats that know it, for events.
    #[inline]
    fn hidden(&self, c: CardId) -> Hidden {
        Hidden::new(self.value[c as usize], self.known[c as usize])
    }
}

#[cfg(test)]
mod tests {
    use crate::action::ActionList;
    use crate::card::CardSet;
    use crate::config::Config;
    use crate::game::{Game, Row};
    use rand::SeedableRng;

    /// R-NO-ABILITY-TARGET, R-SWAP-MULTI with B1: the shortcuts agree with the listings in
    /// the states of random play and in the rarer states made from them by emptying villages
    /// (E-EMPTY) or the deck, keeping only a village's face-up cards, or shielding every card
    /// of one (R-A3): a village alone in reach (B11), no opponent in reach (B6, R-A12), only
    /// face-up Zombies to discard (C8 with D4), no deck card (R-A11, B5, B10). Both
    /// sides read the same state, so a state made by hand is as good a witness as a dealt one.
    #[test]
    fn shortcuts_agree_with_listings_in_made_states() {
        let sets = [
            CardSet::bullet(),
            CardSet::parse("amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger")
                .expect("a valid set"),
            CardSet::parse("bullet+3:amulet,10:amulet,11:amulet,4:coin").expect("a valid set"),
            // B8 beside C2's rotations, C8 beside D4's Zombies.
            CardSet::parse("bullet+2:coin,4:dagger")
                .expect("a valid set")
                .with_custom(5, crate::card::Ability::DiscardOwn { count: 1 }),
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let mut actions = ActionList::new();
        let mut checked = 0u64;
        for set in sets {
            for players in 2..=4u8 {
                for _ in 0..8 {
                    let mut cfg = Config::standard(players).expect("a valid player count");
                    cfg.set = set;
                    let mut g = Game::new(cfg, 0).expect("a valid configuration");
                    // One decision at a time (with the deals before it).
                    while crate::random_playout(&mut g, &mut rng, &mut (), &mut actions, 1) > 0 {
                        let mut variants = vec![g];
                        for o in 0..players as usize {
                            let mut emptied = g;
                            empty_village(&mut emptied, o);
                            variants.push(emptied);
                            let mut alone = g;
                            for k in (0..players as usize).filter(|&k| k != o) {
                                empty_village(&mut alone, k);
                            }
                            variants.push(alone);
                            let mut up_only = g;
                            for i in (0..g.village[o].len()).rev() {
                                if !g.up(g.village[o].get(i)) {
                                    up_only.village[o].remove(i);
                                }
                            }
                            variants.push(up_only);
                            let mut shielded = g;
                            shielded.shield |= g.village[o].mask();
                            variants.push(shielded);
                        }
                        let mut no_deck = g;
                        no_deck.deck = Row::EMPTY;
                        variants.push(no_deck);
                        for v in &variants {
                            assert_eq!(
                                v.shortcut_disagreement(),
                                None,
                                "{} with {players} players",
                                set.canonical_name()
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000);
    }

    /// Takes village `o`'s cards off the table (their face-up marks with them, so that the
    /// face-up marks stay those of village cards).
    fn empty_village(g: &mut Game, o: usize) {
        let gone = !g.village[o].mask();
        g.village[o] = Row::EMPTY;
        g.face_up &= gone;
        g.helpers_up &= gone;
        for r in &mut g.roles_up {
            *r &= gone;
        }
    }
}
