//! Shared helpers for the scenario tests: stacked deals, checked actions, omniscient reads.
#![allow(dead_code)]

mod encode;

pub use encode::encode;
use silver_rules::*;

/// A game under test with every event recorded.
pub struct T {
    pub game: Game,
    pub events: Vec<Event>,
}

impl T {
    /// A game of `players` players, `first` starting, dealt from a stacked deck: `villages[s]`
    /// is seat s's five cards (slot 0 first), then the first discard, then the deck from the
    /// top. Missing cards are filled in ascending order (see `DealOrder::stacked`).
    pub fn stacked(
        players: u8,
        first: Seat,
        villages: &[[Value; 5]],
        first_discard: Value,
        deck_top: &[Value],
    ) -> T {
        let cfg = Config::standard(players).unwrap();
        T::with_config(cfg, first, villages, first_discard, deck_top)
    }

    /// Like `stacked` with an explicit configuration (points game, turn cap…).
    pub fn with_config(
        cfg: Config,
        first: Seat,
        villages: &[[Value; 5]],
        first_discard: Value,
        deck_top: &[Value],
    ) -> T {
        let mut game = Game::new(cfg, first).unwrap();
        let mut events = Vec::new();
        let order = DealOrder::stacked(villages, first_discard, deck_top).unwrap();
        game.deal(&order, &mut events);
        T { game, events }
    }

    /// Deals the next round from a stacked deck (the game must be at `ToMove::Deal`).
    pub fn deal_next(&mut self, villages: &[[Value; 5]], first_discard: Value, deck_top: &[Value]) {
        assert_eq!(self.game.to_move(), ToMove::Deal);
        let order = DealOrder::stacked(villages, first_discard, deck_top).unwrap();
        self.game.deal(&order, &mut self.events);
    }

    /// Every player peeks at slots 0 and 1 (R-PEEK0), in turn order.
    pub fn peeks(&mut self) {
        while let Stage::OpeningPeek { left, .. } = self.game.stage() {
            let slot = if left == 2 { 0 } else { 1 };
            self.act(Action::OpeningPeek { slot });
        }
    }

    /// Applies a legal action; panics with the legal list if it is illegal.
    pub fn act(&mut self, a: Action) {
        if let Err(e) = self.game.apply(a, &mut self.events) {
            panic!("{e}; legal: {:?}", self.legal());
        }
    }

    /// Applies several actions.
    pub fn acts(&mut self, actions: &[Action]) {
        for &a in actions {
            self.act(a);
        }
    }

    /// Asserts `a` is illegal and that trying it leaves the state unchanged.
    pub fn illegal(&mut self, a: Action) {
        let before = self.game;
        assert!(
            self.game.apply(a, &mut self.events).is_err(),
            "{a:?} should be illegal; legal: {:?}",
            self.legal()
        );
        assert!(self.game == before, "a rejected action changed the state");
    }

    /// The legal actions now.
    pub fn legal(&self) -> Vec<Action> {
        let mut l = ActionList::new();
        self.game.legal_actions(&mut l);
        l.to_vec()
    }

    /// True if `a` is legal now.
    pub fn is_legal(&self, a: Action) -> bool {
        self.legal().contains(&a)
    }

    /// Seat `s`'s village values (omniscient).
    pub fn village(&self, s: Seat) -> Vec<Value> {
        self.game.omniscient().village(s)
    }

    /// Seat `s`'s face-up flags.
    pub fn face_up(&self, s: Seat) -> Vec<bool> {
        (0..self.game.village_len(s))
            .map(|i| self.game.is_face_up(s, i as Slot))
            .collect()
    }

    /// The discard pile, bottom first.
    pub fn pile(&self) -> Vec<Value> {
        self.game.discard_pile().collect()
    }

    /// The deck from the top (omniscient).
    pub fn deck(&self) -> Vec<Value> {
        self.game.omniscient().deck()
    }

    /// The events recorded since index `from`.
    pub fn events_since(&self, from: usize) -> &[Event] {
        &self.events[from..]
    }

    /// The last `RoundEnded` event.
    pub fn last_round_end(&self) -> Event {
        *self
            .events
            .iter()
            .rev()
            .find(|e| matches!(e, GameEvent::RoundEnded { .. }))
            .expect("no round ended")
    }

    /// Ends the current turn: `EndTurn` if offered, else nothing.
    pub fn end_turn_if_offered(&mut self) {
        if self.game.stage() == Stage::EndOfTurn {
            self.act(Action::EndTurn);
        }
    }

    /// The current player draws the deck's top card and discards it, skipping any ability.
    pub fn draw_discard(&mut self) {
        self.act(Action::DrawDeck { extra: 0 });
        self.act(Action::Discard);
        if matches!(self.game.stage(), Stage::Ability { .. }) {
            self.act(Action::SkipAbility);
        }
        self.end_turn_if_offered();
    }
}

// ---------------------------------------------------------------------------------------------
// Small helpers shared by the scenario test files
// ---------------------------------------------------------------------------------------------

/// An ability target.
pub fn tg(seat: Seat, slot: Slot) -> Action {
    Action::Target { seat, slot }
}

/// `v`, sorted.
pub fn sorted<X: Ord>(mut v: Vec<X>) -> Vec<X> {
    v.sort();
    v
}

/// Asserts the legal actions are exactly `expected` (in any order).
pub fn assert_legal(t: &T, expected: Vec<Action>) {
    assert_eq!(sorted(t.legal()), sorted(expected));
}

/// `Target`s on every listed slot of `seat`.
pub fn targets(seat: Seat, slots: &[Slot]) -> Vec<Action> {
    slots.iter().map(|&s| tg(seat, s)).collect()
}

/// `v` followed by `more`.
pub fn with(mut v: Vec<Action>, more: &[Action]) -> Vec<Action> {
    v.extend_from_slice(more);
    v
}

/// How many events since `from` match `f`.
pub fn count(t: &T, from: usize, f: impl Fn(&Event) -> bool) -> usize {
    t.events_since(from).iter().filter(|e| f(e)).count()
}

/// Asserts a turn of `seat` is starting.
pub fn assert_turn_of(t: &T, seat: Seat) {
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.turn_player(), seat);
}

/// Whether the discard since `from` offered its ability (`None` if nothing was discarded).
pub fn discarded_offered(t: &T, from: usize) -> Option<bool> {
    t.events_since(from).iter().find_map(|e| match e {
        GameEvent::Discarded {
            ability_offered, ..
        } => Some(*ability_offered),
        _ => None,
    })
}

/// True once any round has ended.
pub fn round_ended(t: &T) -> bool {
    t.events
        .iter()
        .any(|e| matches!(e, GameEvent::RoundEnded { .. }))
}
