//! Timelines: a saved game replays to the same end, and the viewer's steps by turn and round
//! land on turn and round starts.

use rand::{Rng, SeedableRng};
use silver_bots::BotSpec;
use silver_rules::{CardSet, Config, GameModel, DEFAULT_MAX_TURNS};
use silver_table::session::Session;
use silver_table::timeline::Timeline;

#[test]
fn a_saved_game_replays_and_steps_by_turn_and_round() {
    let config = Config {
        players: 3,
        set: CardSet::parse("bullet").unwrap(),
        model: GameModel::STANDARD,
        max_turns_per_round: DEFAULT_MAX_TURNS,
    };
    let bots = (0..3)
        .map(|s| {
            (s != 1).then(|| {
                (
                    "greedy".to_string(),
                    BotSpec::parse_inline("greedy").unwrap(),
                )
            })
        })
        .collect();
    let mut s = Session::new(config, 1, bots, 17).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    while s.to_move().is_some() {
        if !s.step_bot() {
            let legal = s.legal().to_vec();
            s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
    }
    let saved = s.saved();
    let t = Timeline::from_script(&saved.script, saved.seats.clone()).unwrap();
    assert_eq!(t.steps.len(), saved.script.actions.len());
    assert_eq!(t.states[t.end()].totals(), s.game.totals());
    assert_eq!(t.names, ["greedy", "you", "greedy"]);
    let turn = |i: usize| (t.states[i].round(), t.states[i].table().turn_number());
    let mut at = 0;
    let mut turns = 0;
    while at < t.end() {
        let next = t.next_turn(at);
        assert!(next > at);
        assert!(
            next == t.end() || turn(next) != turn(next - 1),
            "a turn starts at {next}"
        );
        // Back from a turn's start goes to the previous turn's start.
        if next < t.end() {
            assert_eq!(t.prev_turn(next), at);
        }
        at = next;
        turns += 1;
    }
    let mut rounds = 0;
    let mut at = 0;
    while at < t.end() {
        let next = t.next_round(at);
        assert!(next == t.end() || t.states[next].round() == t.states[at].round() + 1);
        at = next;
        rounds += 1;
    }
    assert_eq!(rounds, 4);
    assert!(turns > 20);
    assert_eq!(t.prev_round(0), 0);
    assert_eq!(t.prev_turn(0), 0);
}
