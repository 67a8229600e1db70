//! A [`Match`] stepped by a caller that plays some seats itself gives the game the whole loop
//! gives, and it checks the caller's actions.

use rand::SeedableRng;
use silver_bots::{play_game, BotRng, BotSpec, Match, MatchError, NoPlayers, Player, SeatSet};
use silver_rules::{Action, ActionList, Config, Event, Game, ToMove};

fn greedy() -> Player {
    Player::from_spec(&BotSpec::parse_inline("greedy").unwrap())
}

fn random() -> Player {
    Player::from_spec(&BotSpec::parse_inline("random").unwrap())
}

/// Seat 1 played by the caller with the same bot and stream as the loop's: the same events
/// and the same final game as `play_game`.
#[test]
fn a_seat_played_by_the_caller_gives_the_loops_game() {
    let cfg = Config::standard(3).unwrap();
    for seed in 0..20u64 {
        let rngs = || -> Vec<BotRng> {
            (0..3)
                .map(|s| BotRng::seed_from_u64(seed * 8 + s))
                .collect()
        };
        let mut whole: Vec<Event> = Vec::new();
        let mut ps = vec![greedy(), greedy(), random()];
        let expected = play_game(
            cfg,
            (seed % 3) as u8,
            &mut ps,
            &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed),
            &mut rngs(),
            &mut whole,
            &mut ActionList::new(),
        );

        let mut mine = greedy();
        mine.reset(1, &cfg);
        let mut my_rng = rngs()[1].clone();
        let players = vec![Some(greedy()), None, Some(random())];
        let deals = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut m = Match::new(cfg, (seed % 3) as u8, players, deals, rngs()).unwrap();
        let mut events: Vec<Event> = Vec::new();
        let mut decisions = 0;
        while let Some(seat) = m.step_until(SeatSet::NONE, &mut events) {
            assert_eq!(seat, 1);
            assert_eq!(m.play_turn(&mut events), Err(MatchError::NoPlayer));
            let legal = m.legal().to_vec();
            let a = if legal.len() == 1 {
                legal[0]
            } else {
                mine.decide(m.game(), seat, &legal, &mut my_rng)
            };
            m.apply(a, &mut events).unwrap();
            decisions += 1;
        }
        assert!(decisions > 0);
        assert_eq!(events, whole);
        let game: Game = m.into_game();
        assert_eq!(game.totals(), expected.totals());
        assert!(game.is_over());
    }
}

/// Stopping at every seat, one turn at a time, plays the same game too.
#[test]
fn turn_by_turn_is_the_same_game() {
    let cfg = Config::standard(2).unwrap();
    let rngs = || -> Vec<BotRng> { (0..2).map(BotRng::seed_from_u64).collect() };
    let mut whole: Vec<Event> = Vec::new();
    play_game(
        cfg,
        1,
        &mut [greedy(), random()],
        &mut rand_chacha::ChaCha8Rng::seed_from_u64(5),
        &mut rngs(),
        &mut whole,
        &mut ActionList::new(),
    );
    let deals = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut m = Match::new(cfg, 1, vec![greedy(), random()], deals, rngs()).unwrap();
    let mut events: Vec<Event> = Vec::new();
    while m.step_until(SeatSet::ALL, &mut events).is_some() {
        m.play_turn(&mut events).unwrap();
    }
    assert_eq!(events, whole);
}

/// The caller's action is checked against the legal actions; a refused one changes nothing.
#[test]
fn an_illegal_action_of_the_caller_is_refused() {
    let cfg = Config::standard(2).unwrap();
    let deals = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut m = Match::new(cfg, 0, NoPlayers, deals, [] as [BotRng; 0]).unwrap();
    assert_eq!(m.step_until(SeatSet::NONE, &mut ()), Some(0));
    let before = *m.game();
    assert!(!m.legal().contains(&Action::CallCensus));
    assert_eq!(
        m.apply(Action::CallCensus, &mut ()),
        Err(MatchError::Illegal(Action::CallCensus))
    );
    assert!(m.game() == &before);
    let a = m.legal()[0];
    m.apply(a, &mut ()).unwrap();
    // Applied: nothing is legal until the match is stepped again.
    assert!(m.legal().is_empty());
    assert_eq!(m.apply(a, &mut ()), Err(MatchError::Illegal(a)));
    assert_ne!(m.game().to_move(), ToMove::Terminal);
}
