//! Playing one game between players: the one loop that the simulator, replay, tests and
//! benchmarks share.
//!
//! The loop deals rounds, asks the player to move for a decision (from its own view, unless the
//! decision is forced), checks it is legal (a player that answers with a position in the
//! legal list, [`Choice::Index`], is legal by construction) and applies it. Every event goes to the caller's
//! [`Watch`] and, redacted to each seat's observation, to the players that want observations
//! ([`Bot::wants_observations`](crate::Bot::wants_observations)); nobody else pays for the
//! redaction. The caller's [`Watch`] also sees each decision with the player that made it (the
//! simulator records a caller's census estimate that way).

use crate::{BotRng, Choice, Player};
use silver_rules::{Action, ActionList, Config, Event, EventSink, Game, Seat, ToMove, MAX_PLAYERS};

/// The players of a game's seats, however the caller stores them.
pub trait Seats {
    /// The player of `seat`.
    fn player(&mut self, seat: Seat) -> &mut Player;
}

impl Seats for [Player] {
    #[inline]
    fn player(&mut self, seat: Seat) -> &mut Player {
        &mut self[seat as usize]
    }
}

/// What the caller of [`play_game_with`] watches: every event (omniscient), and every decision
/// with the player that made it, just before it is applied.
pub trait Watch: EventSink {
    /// `seat`'s `player` chose the legal `action`.
    #[inline]
    fn decided(&mut self, seat: Seat, action: Action, player: &Player) {
        let _ = (seat, action, player);
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
            for seat in 0..MAX_PLAYERS as Seat {
                if self.observers & (1 << seat) != 0 {
                    self.players.player(seat).observe(&e.observe(seat));
                }
            }
        }
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

/// Plays a whole game: the player of seat `s` (from `players`) decides with `bot_rngs[s]`;
/// rounds are dealt from `deal_rng`; `watch` sees every event and every decision. Players are
/// reset first and observe what their seat sees if they want to. A forced decision (one legal
/// action) is taken without asking the player. Panics if a player chooses an illegal action.
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
    let mut observers = 0u8;
    for s in 0..n as Seat {
        let p = players.player(s);
        p.reset(s, &config);
        if p.wants_observations() {
            observers |= 1 << s;
        }
    }
    let mut game = Game::new(config, first_player).expect("a validated config");
    // The deciding seat's view, rebuilt in place at each decision.
    let mut view = game.view(first_player);
    loop {
        match game.to_move() {
            ToMove::Deal => {
                let mut f = Fanout {
                    watch: &mut *watch,
                    players: &mut *players,
                    observers,
                };
                game.deal_random(deal_rng, &mut f)
            }
            ToMove::Player(seat) => {
                game.legal_actions(actions);
                let player = players.player(seat);
                let a = if actions.len() == 1 {
                    actions[0]
                } else {
                    match player.decide_in(
                        &game,
                        seat,
                        actions,
                        &mut bot_rngs[seat as usize],
                        &mut view,
                    ) {
                        // A position in the list: legal by construction (bounds-checked).
                        Choice::Index(i) => actions[i],
                        Choice::Action(a) => {
                            assert!(
                                actions.contains(&a),
                                "seat {seat} chose the illegal action {a:?} at {:?}",
                                game.stage()
                            );
                            a
                        }
                    }
                };
                watch.decided(seat, a, player);
                let mut f = Fanout {
                    watch: &mut *watch,
                    players: &mut *players,
                    observers,
                };
                game.apply_unchecked(a, &mut f);
            }
            ToMove::Terminal => return game,
        }
    }
}
