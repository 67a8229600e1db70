//! The recorder and its collectors in simulator games.

use silver_bots::{Bot, BotRng, Player, RandomBot};
use silver_rules::{Action, Config, Event, GameEvent, Observation, PlayerView, Seat};
use silver_sim::{play, ExperimentSpec, ModelSpec, Outputs, Rows, Seating, Stats, Worker};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// An external bot that plays at random and counts what it observes.
struct Counting {
    seen: Arc<AtomicUsize>,
    seat: Seat,
    mine: Arc<AtomicUsize>,
}

impl Bot for Counting {
    fn reset(&mut self, seat: Seat, _config: &Config) {
        self.seat = seat;
    }
    fn wants_observations(&self) -> bool {
        true
    }
    fn observe(&mut self, observation: &Observation) {
        self.seen.fetch_add(1, Ordering::Relaxed);
        // Its own draws are shown to it: the observation carries the value.
        if let silver_rules::GameEvent::Drew { seat, value, .. } = observation {
            if *seat == self.seat && value.is_some() {
                self.mine.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    fn decide(&mut self, view: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action {
        RandomBot::new().decide(view, legal, rng)
    }
}

/// Every event is observed, redacted, by an external bot that asks for observations, in a
/// simulator game (the one game loop, `silver_bots::play_game_with`).
#[test]
fn an_external_bot_that_wants_observations_gets_every_event() {
    let spec = ExperimentSpec {
        name: Some("t".into()),
        players: 3,
        bots: vec!["random".into()],
        seating: Seating::Rotate,
        set: "amulet".into(),
        token: None,
        model: ModelSpec::default(),
        games: 4,
        seed: 1,
        max_turns_per_round: 400,
        outputs: Outputs::default(),
        balance: None,
        design: None,
        sprt: None,
        variance_reduction: false,
    };
    let bots_dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots"));
    let plan = silver_sim::resolve(&spec, bots_dir).unwrap();
    let mut worker = Worker::new(&plan);
    let (seen, mine) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    // Seat 1's player (bot 0) is the external bot.
    worker.set_player(
        1,
        0,
        Player::External(Box::new(Counting {
            seen: seen.clone(),
            seat: 0,
            mine: mine.clone(),
        })),
    );
    let mut stats = Stats::new(plan.bots.len(), 3);
    let mut rows = Rows::default();
    let mut events: Vec<Event> = Vec::new();
    play(&plan, 0, &mut worker, &mut stats, &mut rows, &mut events);
    assert!(events.len() > 100);
    assert_eq!(seen.load(Ordering::Relaxed), events.len());
    let own_draws = events
        .iter()
        .filter(|e| matches!(e, GameEvent::Drew { seat: 1, .. }))
        .count();
    assert!(own_draws > 0);
    assert_eq!(mine.load(Ordering::Relaxed), own_draws);
}
