//! Playing one game between players: the loop every runner, test and benchmark shares.

use crate::{BotRng, Player};
use silver_rules::{ActionList, Config, Event, EventSink, Game, Seat, ToMove, MAX_PLAYERS};

/// Forwards events to the caller's sink and, redacted, to the players that want observations.
struct Fanout<'a, S> {
    inner: &'a mut S,
    players: &'a mut [Player],
    any: bool,
}

impl<S: EventSink> EventSink for Fanout<'_, S> {
    #[inline]
    fn event(&mut self, e: &Event) {
        self.inner.event(e);
        if self.any {
            for (seat, p) in self.players.iter_mut().enumerate() {
                if p.wants_observations() {
                    p.observe(&e.observe(seat as Seat));
                }
            }
        }
    }
}

/// Plays a whole game: `players[s]` plays seat `s` with `bot_rngs[s]`; rounds are dealt from
/// `deal_rng`. Every event goes to `sink`. Players are reset first. `actions` is a reusable
/// buffer.
#[allow(clippy::too_many_arguments)]
pub fn play_game<R: rand::Rng, S: EventSink>(
    config: Config,
    first_player: Seat,
    players: &mut [Player],
    deal_rng: &mut R,
    bot_rngs: &mut [BotRng],
    sink: &mut S,
    actions: &mut ActionList,
) -> Game {
    let n = config.players as usize;
    assert!(players.len() >= n && bot_rngs.len() >= n && n <= MAX_PLAYERS);
    for (s, p) in players.iter_mut().enumerate().take(n) {
        p.reset(s as Seat, &config);
    }
    let mut game = Game::new(config, first_player).expect("a validated config");
    let any = players[..n].iter().any(|p| p.wants_observations());
    loop {
        match game.to_move() {
            ToMove::Deal => {
                let mut f = Fanout {
                    inner: sink,
                    players: &mut players[..n],
                    any,
                };
                game.deal_random(deal_rng, &mut f)
            }
            ToMove::Player(seat) => {
                game.legal_actions(actions);
                let s = seat as usize;
                let a = if actions.len() == 1 {
                    actions[0]
                } else {
                    players[s].decide(&game, seat, actions, &mut bot_rngs[s])
                };
                debug_assert!(actions.contains(&a), "bot chose an illegal action");
                let mut f = Fanout {
                    inner: sink,
                    players: &mut players[..n],
                    any,
                };
                game.apply(a, &mut f)
                    .unwrap_or_else(|e| panic!("seat {seat} chose an illegal action: {e}"));
            }
            ToMove::Terminal => return game,
        }
    }
}
