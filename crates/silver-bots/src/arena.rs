//! Playing games between players: the one loop that the simulator, replay, tests, benchmarks,
//! the terminal table and the Python package share.
//!
//! A [`Match`] owns one game and what plays it: the game, the players of its seats
//! ([`Seats`]), where its rounds are dealt from ([`Dealer`]), the bots' random streams, the
//! legal actions of the seat to move and the observer fan-out. It deals rounds, asks the
//! player to move for a decision (from its own view, unless the decision is forced), checks it
//! is legal (a player that answers with a position in the legal list, [`Choice::Index`], is
//! legal by construction) and applies it. Every event goes to the caller's [`Watch`] and,
//! redacted to each seat's observation, to the players that want observations
//! ([`Bot::wants_observations`](crate::Bot::wants_observations)); nobody else pays for the
//! redaction. The caller's [`Watch`] also sees each player's decision with the player that
//! made it (the simulator records a caller's census estimate that way).
//!
//! Stepping a match:
//! * [`Match::step_until`] plays deals, forced moves and the players' decisions until a seat
//!   of a given [`SeatSet`] or a seat without a player (the caller's: a person, Python) must
//!   decide, and returns that seat (its legal actions in [`Match::legal`]), or None once the
//!   game is over. It stops at that seat's decisions even when they are forced.
//! * [`Match::apply`] applies the caller's action for the seat to move (checked against the
//!   legal list); [`Match::play_turn`] lets the seat's player decide instead.
//! * [`play_game_with`] is a match stepped to its end (every seat has a player): the hot loop
//!   of every run.
//!
//! Where a game's seeds come from (first player, deal and bot streams) is [`crate::seeds`].
//!
//! A person (seat 0) against a greedy bot, seeded as game 0 of master seed 1:
//!
//! ```
//! use silver_bots::{seeds::GameSeeds, BotSpec, Match, Player, SeatSet};
//! use silver_rules::Config;
//!
//! let cfg = Config::standard(2).unwrap();
//! let greedy = Player::from_spec(&BotSpec::parse_inline("greedy").unwrap());
//! let players = vec![None, Some(greedy)];
//! let seeds = GameSeeds::new(1, 0, 0, cfg.players);
//! let mut m = Match::new(cfg, seeds.first_player, players, seeds.deals, seeds.bots).unwrap();
//! let mut events = Vec::new();
//! while let Some(seat) = m.step_until(SeatSet::NONE, &mut events) {
//!     assert_eq!(seat, 0);
//!     let choice = m.legal()[0]; // the person's choice
//!     m.apply(choice, &mut events).unwrap();
//! }
//! assert!(m.game().is_over());
//! ```

use crate::{BotRng, Choice, Player};
use silver_rules::{
    Action, ActionList, Config, ConfigError, Event, EventSink, Game, PlayerView, Seat, Stage,
    ToMove, MAX_PLAYERS,
};
use std::borrow::BorrowMut;

/// The players of a game's seats, however the caller stores them.
pub trait Seats {
    /// The player of `seat`, or None if the caller decides for that seat (a [`Match`] stops
    /// there and waits for [`Match::apply`]).
    fn player(&mut self, seat: Seat) -> Option<&mut Player>;
}

impl Seats for [Player] {
    #[inline]
    fn player(&mut self, seat: Seat) -> Option<&mut Player> {
        Some(&mut self[seat as usize])
    }
}

impl Seats for [Option<Player>] {
    #[inline]
    fn player(&mut self, seat: Seat) -> Option<&mut Player> {
        self[seat as usize].as_mut()
    }
}

impl<T> Seats for Vec<T>
where
    [T]: Seats,
{
    #[inline]
    fn player(&mut self, seat: Seat) -> Option<&mut Player> {
        self.as_mut_slice().player(seat)
    }
}

impl<S: Seats + ?Sized> Seats for &mut S {
    #[inline]
    fn player(&mut self, seat: Seat) -> Option<&mut Player> {
        (**self).player(seat)
    }
}

/// No players: the caller decides for every seat.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPlayers;

impl Seats for NoPlayers {
    #[inline]
    fn player(&mut self, _seat: Seat) -> Option<&mut Player> {
        None
    }
}

/// Where a match's rounds are dealt from.
pub trait Dealer {
    /// Deals the round `game` waits for, its events to `sink`.
    fn deal<S: EventSink>(&mut self, game: &mut Game, sink: &mut S);
}

/// A random stream deals as runs do ([`Game::deal_random`]).
impl<R: rand::Rng + ?Sized> Dealer for R {
    #[inline]
    fn deal<S: EventSink>(&mut self, game: &mut Game, sink: &mut S) {
        game.deal_random(self, sink)
    }
}

/// What the caller of a [`Match`] watches: every event (omniscient), and every decision of a
/// player with the player that made it, just before it is applied (the caller's own actions,
/// [`Match::apply`], it knows already).
pub trait Watch: EventSink {
    /// `seat`'s `player` chose the legal `action`.
    #[inline]
    fn decided(&mut self, seat: Seat, action: Action, player: &Player) {
        let _ = (seat, action, player);
    }

    /// `action` is about to be applied to `game` (every decision's action, forced ones and
    /// the caller's included; deals are not actions).
    #[inline]
    fn applying(&mut self, game: &Game, action: Action) {
        let _ = (game, action);
    }

    /// The action announced by [`Watch::applying`] has been applied, giving `game`.
    #[inline]
    fn applied(&mut self, game: &Game) {
        let _ = game;
    }
}

impl Watch for () {}

impl Watch for Vec<Event> {}

/// Any [`EventSink`] as a [`Watch`] that ignores decisions.
pub struct EventsOnly<'a, S: ?Sized>(pub &'a mut S);

impl<S: EventSink + ?Sized> EventSink for EventsOnly<'_, S> {
    #[inline]
    fn event(&mut self, e: &Event) {
        self.0.event(e)
    }
}

impl<S: EventSink + ?Sized> Watch for EventsOnly<'_, S> {}

/// A set of seats (a bit per seat).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const NONE: SeatSet = SeatSet(0);
    /// Every seat.
    pub const ALL: SeatSet = SeatSet((1 << MAX_PLAYERS) - 1);

    /// `seat` alone.
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat)
    }

    /// This set and `seat`.
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat)
    }

    /// True if `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat) != 0
    }
}

/// Why a match cannot take a decision.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum MatchError {
    /// A player chose an action that is not legal (a bug of that player).
    #[error("seat {seat} chose the illegal action {action:?} at {stage:?}")]
    IllegalChoice {
        /// The seat.
        seat: Seat,
        /// What it chose.
        action: Action,
        /// Where.
        stage: Stage,
    },
    /// The caller's action is not legal (or no seat is waiting for a decision).
    #[error("{0:?} is not legal here")]
    Illegal(Action),
    /// [`Match::play_turn`] at a seat without a player, or when no seat is to decide.
    #[error("no player of the match is to decide")]
    NoPlayer,
}

/// Forwards events to the caller and, redacted, to the players that want observations.
struct Fanout<'a, W: ?Sized, P: ?Sized> {
    watch: &'a mut W,
    players: &'a mut P,
    /// Seats whose player wants observations (bit per seat); 0 costs one test per event.
    observers: u8,
}

impl<W: Watch + ?Sized, P: Seats + ?Sized> EventSink for Fanout<'_, W, P> {
    #[inline]
    fn event(&mut self, e: &Event) {
        self.watch.event(e);
        if self.observers != 0 {
            self.observe(e);
        }
    }
}

impl<W: ?Sized, P: Seats + ?Sized> Fanout<'_, W, P> {
    /// The redacted event to each observing player (out of line: most players observe
    /// nothing, and the event path then saves no registers for this loop).
    #[cold]
    #[inline(never)]
    fn observe(&mut self, e: &Event) {
        for seat in 0..MAX_PLAYERS as Seat {
            if self.observers & (1 << seat) != 0 {
                if let Some(p) = self.players.player(seat) {
                    p.observe(&e.observe(seat));
                }
            }
        }
    }
}

/// One game and what plays it (see the module docs): `P` the players ([`Seats`]), `D` the
/// dealer, `B` the bots' streams (seat `s` draws from `B[s]`), `L` the legal-action list.
#[derive(Clone)]
pub struct Match<P, D, B = [BotRng; MAX_PLAYERS], L = ActionList> {
    game: Game,
    players: P,
    dealer: D,
    bot_rngs: B,
    /// The legal actions of the seat to move, listed where [`Match::step_until`] stopped
    /// (empty otherwise: at a deal, once over, and after a decision).
    legal: L,
    /// Seats whose player wants observations (bit per seat).
    observers: u8,
    /// Seats whose player wants to see the other seats' decisions with its view (bit per seat).
    deciders: u8,
    /// The deciding seat's view, rebuilt in place at each decision.
    view: PlayerView,
}

impl<P: Seats, D: Dealer, B: AsMut<[BotRng]>> Match<P, D, B> {
    /// A new game of `config`, round 1 started by `first_player` (see [`Match::from_game`]).
    /// An invalid configuration or first player is an error.
    pub fn new(
        config: Config,
        first_player: Seat,
        players: P,
        dealer: D,
        bot_rngs: B,
    ) -> Result<Self, ConfigError> {
        let game = Game::new(config, first_player)?;
        Ok(Match::with_list(
            game,
            players,
            dealer,
            bot_rngs,
            ActionList::new(),
        ))
    }

    /// A match from `game` as it stands (a new game, or one in progress: a sampled world, say).
    /// The players are reset to their seats and observe from here on. Panics if a seat with a
    /// player has no stream in `bot_rngs`.
    pub fn from_game(game: Game, players: P, dealer: D, bot_rngs: B) -> Self {
        Match::with_list(game, players, dealer, bot_rngs, ActionList::new())
    }
}

impl<P, D, B, L> Match<P, D, B, L>
where
    P: Seats,
    D: Dealer,
    B: AsMut<[BotRng]>,
    L: BorrowMut<ActionList>,
{
    /// [`Match::from_game`] listing the legal actions in `legal`.
    fn with_list(game: Game, mut players: P, dealer: D, mut bot_rngs: B, legal: L) -> Self {
        let config = *game.config();
        let n = config.players as usize;
        let mut observers = 0u8;
        let mut deciders = 0u8;
        for s in 0..n as Seat {
            if let Some(p) = players.player(s) {
                assert!(
                    bot_rngs.as_mut().len() > s as usize,
                    "seat {s} has a player but no bot stream"
                );
                p.reset(s, &config);
                if p.wants_observations() {
                    observers |= 1 << s;
                }
                if p.wants_decisions() {
                    deciders |= 1 << s;
                }
            }
        }
        let mut m = Match {
            view: game.view(0),
            game,
            players,
            dealer,
            bot_rngs,
            legal,
            observers,
            deciders,
        };
        m.legal.borrow_mut().clear();
        m
    }

    /// The game.
    #[inline]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The players.
    pub fn players(&self) -> &P {
        &self.players
    }

    /// The players (replacing one mid-game leaves it unreset and unobserved).
    pub fn players_mut(&mut self) -> &mut P {
        &mut self.players
    }

    /// The dealer.
    pub fn dealer(&self) -> &D {
        &self.dealer
    }

    /// The legal actions of the seat [`Match::step_until`] stopped at (empty at the end).
    #[inline]
    pub fn legal(&self) -> &[Action] {
        self.legal.borrow()
    }

    /// The seat to move, if a player is to decide.
    pub fn to_move(&self) -> Option<Seat> {
        match self.game.to_move() {
            ToMove::Player(s) => Some(s),
            _ => None,
        }
    }

    /// Deals, takes forced moves and the players' decisions, until a seat in `stop` or a seat
    /// without a player must decide (returned; its legal actions in [`Match::legal`]) or the
    /// game is over (None). Panics if a player chooses an illegal action.
    pub fn step_until<W: Watch + ?Sized>(&mut self, stop: SeatSet, watch: &mut W) -> Option<Seat> {
        match self.try_step_until(stop, watch) {
            Ok(seat) => seat,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`Match::step_until`], with a player's illegal choice as an error.
    pub fn try_step_until<W: Watch + ?Sized>(
        &mut self,
        stop: SeatSet,
        watch: &mut W,
    ) -> Result<Option<Seat>, MatchError> {
        loop {
            match self.game.to_move() {
                ToMove::Deal => {
                    let mut f = Fanout {
                        watch: &mut *watch,
                        players: &mut self.players,
                        observers: self.observers,
                    };
                    self.dealer.deal(&mut self.game, &mut f)
                }
                ToMove::Player(seat) => {
                    self.game.legal_actions(self.legal.borrow_mut());
                    if stop.contains(seat) || self.players.player(seat).is_none() {
                        return Ok(Some(seat));
                    }
                    self.decide(seat, watch)?;
                }
                ToMove::Terminal => {
                    self.legal.borrow_mut().clear();
                    return Ok(None);
                }
            }
        }
    }

    /// The player of the seat to move decides (a forced decision is taken without asking) and
    /// its action is applied; returns it. An error if that seat has no player, no seat is to
    /// decide (call [`Match::step_until`] first), or the player chose an illegal action.
    pub fn play_turn<W: Watch + ?Sized>(&mut self, watch: &mut W) -> Result<Action, MatchError> {
        match self.game.to_move() {
            ToMove::Player(seat) if !self.legal.borrow().is_empty() => self.decide(seat, watch),
            _ => Err(MatchError::NoPlayer),
        }
    }

    /// Applies the caller's `action` for the seat to move, if it is one of the legal actions
    /// [`Match::step_until`] listed (the game is unchanged otherwise).
    pub fn apply<W: Watch + ?Sized>(
        &mut self,
        action: Action,
        watch: &mut W,
    ) -> Result<(), MatchError> {
        if !self.legal.borrow().contains(&action) {
            return Err(MatchError::Illegal(action));
        }
        if self.deciders != 0 && self.legal.borrow().len() > 1 {
            if let ToMove::Player(seat) = self.game.to_move() {
                self.show_decision(seat, action);
            }
        }
        self.legal.borrow_mut().clear();
        watch.applying(&self.game, action);
        let mut f = Fanout {
            watch: &mut *watch,
            players: &mut self.players,
            observers: self.observers,
        };
        self.game.apply_unchecked(action, &mut f);
        watch.applied(&self.game);
        Ok(())
    }

    /// `seat`'s player decides from the listed legal actions; the action is applied.
    #[inline]
    fn decide<W: Watch + ?Sized>(
        &mut self,
        seat: Seat,
        watch: &mut W,
    ) -> Result<Action, MatchError> {
        let actions: &ActionList = self.legal.borrow();
        let Some(player) = self.players.player(seat) else {
            return Err(MatchError::NoPlayer);
        };
        let a = if actions.len() == 1 {
            actions[0]
        } else {
            match player.decide_in(
                &self.game,
                seat,
                actions,
                &mut self.bot_rngs.as_mut()[seat as usize],
                &mut self.view,
            ) {
                // A position in the list: legal by construction (bounds-checked).
                Choice::Index(i) => actions[i],
                Choice::Action(a) => {
                    if !actions.contains(&a) {
                        return Err(MatchError::IllegalChoice {
                            seat,
                            action: a,
                            stage: self.game.stage(),
                        });
                    }
                    a
                }
            }
        };
        watch.decided(seat, a, player);
        if self.deciders & !(1 << seat) != 0 && self.legal.borrow().len() > 1 {
            self.show_decision(seat, a);
        }
        self.legal.borrow_mut().clear();
        watch.applying(&self.game, a);
        let mut f = Fanout {
            watch: &mut *watch,
            players: &mut self.players,
            observers: self.observers,
        };
        self.game.apply_unchecked(a, &mut f);
        watch.applied(&self.game);
        Ok(a)
    }

    /// Shows `seat`'s coming `action` to the other players that want decisions, each with its
    /// own view of the game before the action.
    #[cold]
    #[inline(never)]
    fn show_decision(&mut self, seat: Seat, action: Action) {
        for s in 0..self.game.players() {
            if s != seat && self.deciders & (1 << s) != 0 {
                if let Some(p) = self.players.player(s) {
                    self.game.view_into(s, &mut self.view);
                    p.decision_seen(&self.view, seat, action);
                }
            }
        }
    }

    /// The game, once the match is over.
    pub fn into_game(self) -> Game {
        self.game
    }
}

/// Plays a whole game: `players[s]` plays seat `s` with `bot_rngs[s]`; rounds are dealt from
/// `deal_rng`. Every event goes to `sink`. Players are reset first. `actions` is a reusable
/// buffer. The shorthand of [`play_game_with`] for players in a slice and any event sink.
pub fn play_game<R: rand::Rng, S: EventSink>(
    config: Config,
    first_player: Seat,
    players: &mut [Player],
    deal_rng: &mut R,
    bot_rngs: &mut [BotRng],
    sink: &mut S,
    actions: &mut ActionList,
) -> Game {
    assert!(players.len() >= config.players as usize);
    play_game_with(
        config,
        first_player,
        players,
        deal_rng,
        bot_rngs,
        &mut EventsOnly(sink),
        actions,
    )
}

/// Plays a whole game (a [`Match`] stepped to its end): the player of seat `s` (from
/// `players`, which must have a player for every seat) decides with `bot_rngs[s]`; rounds are
/// dealt from `deal_rng`; `watch` sees every event and every decision. Players are reset first
/// and observe what their seat sees if they want to. A forced decision (one legal action) is
/// taken without asking the player. The legal actions are listed in `actions`. Panics if a
/// player chooses an illegal action.
pub fn play_game_with<R, P, W>(
    config: Config,
    first_player: Seat,
    players: &mut P,
    deal_rng: &mut R,
    bot_rngs: &mut [BotRng],
    watch: &mut W,
    actions: &mut ActionList,
) -> Game
where
    R: rand::Rng,
    P: Seats + ?Sized,
    W: Watch + ?Sized,
{
    let n = config.players as usize;
    assert!(bot_rngs.len() >= n && n <= MAX_PLAYERS);
    let game = Game::new(config, first_player).expect("a validated config");
    let mut m = Match::with_list(game, players, deal_rng, bot_rngs, actions);
    if let Some(seat) = m.step_until(SeatSet::NONE, watch) {
        panic!("seat {seat} has no player");
    }
    m.into_game()
}
