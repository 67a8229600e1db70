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
    assert_eq!(t.states[t.end()].totals(), s.game().totals());
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

/// Every shipped script (the rulebook examples) opens in the viewer: one that ends at a round's
/// end shows its last state (the next round's deal is needed only to go on), and the end says
/// where the recording stops.
#[test]
fn every_shipped_script_opens_and_says_where_it_ends() {
    use silver_table::timeline::Ending;
    use silver_table::view::{scene_at, Lens};
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../silver-rules/tests/scripts");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 9, "{files:?}");
    let mut endings = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let script: silver_rules::Script = serde_json::from_str(&text).unwrap();
        let t = Timeline::from_script(&script, Vec::new())
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(t.steps.len(), script.actions.len(), "{}", f.display());
        let end = scene_at(&t, t.end(), Lens::All).pending.join("\n");
        let expected = match t.ending() {
            Ending::Over => "the game is over".to_string(),
            Ending::RoundEnd(r) => format!("the recording stops here, after round {r}"),
            Ending::MidRound(r) => format!("the recording stops here, in round {r}"),
        };
        assert!(end.contains(&expected), "{}: {end}", f.display());
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        endings.push((name, t.ending()));
    }
    let ending = |name: &str| endings.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(ending("full-game-tie-break.json"), Ending::Over);
    assert_eq!(ending("census-failure.json"), Ending::RoundEnd(1));
    assert_eq!(ending("token-tie-rules.json"), Ending::RoundEnd(3));
    assert_eq!(ending("swap-multi-three-tens.json"), Ending::MidRound(1));
}

/// A script that goes on after a round's end still needs that round's deal.
#[test]
fn a_script_that_plays_into_an_undealt_round_is_refused() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../silver-rules/tests/scripts");
    let text = std::fs::read_to_string(format!("{dir}/census-failure.json")).unwrap();
    let mut script: silver_rules::Script = serde_json::from_str(&text).unwrap();
    let last = *script.actions.last().unwrap();
    script.actions.push(last);
    let e = Timeline::from_script(&script, Vec::new()).err().unwrap();
    assert!(
        matches!(e, silver_table::timeline::TimelineError::MissingDeal(2)),
        "{e}"
    );
    assert!(e.to_string().contains("needs a deal for round 2"), "{e}");
}
