//! Belief-weighted worlds: legal and reproducible play, and weights that know more of the hidden
//! cards than the unweighted worlds do.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use silver_bots::{BotRng, BotSpec, EventsOnly, Match, Player, SeatSet};
use silver_rules::{CardSet, Config, Seat};

/// Per decision of seat 0 that used the chains: (turn of the round, cards the seat could not
/// place that an opponent knew, mean log-probability of their true values under the seat's
/// marginal and under the search's worlds, the chains' acceptance).
type Row = (u16, u32, f64, f64, f64);

/// A game of `players` players with `spec` at seat 0 and greedy at the others, `first` to play
/// first, the deal drawn from `deal_seed` and seat `s`'s stream seeded `bot_seed ^ s`.
fn belief_match(
    spec: &BotSpec,
    players: u8,
    set: CardSet,
    first: Seat,
    deal_seed: u64,
    bot_seed: u64,
) -> Match<Vec<Player>, ChaCha8Rng, Vec<BotRng>> {
    let greedy = BotSpec::parse_inline("greedy").unwrap();
    let mut cfg = Config::standard(players).unwrap();
    cfg.set = set;
    let seats: Vec<Player> = (0..players)
        .map(|s| Player::from_spec(if s == 0 { spec } else { &greedy }))
        .collect();
    let rngs: Vec<BotRng> = (0..u64::from(players))
        .map(|s| BotRng::seed_from_u64(bot_seed ^ s))
        .collect();
    Match::new(
        cfg,
        first,
        seats,
        ChaCha8Rng::seed_from_u64(deal_seed),
        rngs,
    )
    .unwrap()
}

/// Plays `games` games of `players` players, seat 0 the belief searcher `spec`, the others
/// greedy, and scores seat 0's pools against the true cards.
fn scored_games(spec: &str, players: u8, set: CardSet, games: u64, seed: u64) -> Vec<Row> {
    let spec = BotSpec::parse_inline(spec).unwrap();
    let mut rows = Vec::new();
    for g in 0..games {
        let first = (g % u64::from(players)) as Seat;
        let (deal, bots) = (seed ^ (g << 8) ^ 0xDEA1, seed ^ (g << 8));
        let mut m = belief_match(&spec, players, set, first, deal, bots);
        while let Some(seat) = m.step_until(SeatSet::only(0), &mut EventsOnly(&mut ())) {
            assert_eq!(seat, 0);
            let truth = *m.game();
            let view = truth.view(0);

            m.play_turn(&mut EventsOnly(&mut ())).unwrap();
            let Player::Ismcts(bot) = &m.players()[0] else {
                unreachable!("seat 0 is the searcher")
            };
            if let Some(s) = bot.belief_score(&view, &truth) {
                rows.push((
                    truth.turn_number(),
                    s.known_cards,
                    s.known_uniform,
                    s.known_belief,
                    s.acceptance,
                ));
            }
        }
    }
    rows
}

/// The moves of one game with the belief searcher at seat 0 (its decisions see the others').
fn moves(players: u8, set: CardSet, seed: u64) -> Vec<silver_rules::Action> {
    struct Log(Vec<silver_rules::Action>);
    impl silver_rules::EventSink for Log {
        fn event(&mut self, _: &silver_rules::Event) {}
    }
    impl silver_bots::Watch for Log {
        fn decided(&mut self, _: Seat, a: silver_rules::Action, _: &Player) {
            self.0.push(a);
        }
    }
    let spec =
        BotSpec::parse_inline("ismcts:iterations=30,belief.worlds=4,belief.burn_in=5").unwrap();
    let mut m = belief_match(&spec, players, set, 1, seed, seed);
    let mut log = Log(Vec::new());
    assert!(m.step_until(SeatSet::NONE, &mut log).is_none());
    log.0
}

/// The same seeds give the same game; another bot seed another (the chains draw from the
/// bot's stream).
#[test]
fn belief_search_is_reproducible() {
    let set = CardSet::parse("amulet+4:dagger,5:dagger,8:coin").unwrap();
    let a = moves(3, set, 9);
    assert!(a.len() > 100);
    assert_eq!(a, moves(3, set, 9));
    assert_ne!(a, moves(3, set, 10));
}

/// No hidden value reaches the belief searcher: two searchers that saw the same decisions of
/// the round from the same views decide alike in two true worlds that differ only in cards
/// seat 0 cannot place (sampled from its view), with the same stream.
#[test]
fn belief_search_reads_no_hidden_value() {
    let spec =
        BotSpec::parse_inline("ismcts:iterations=30,belief.worlds=4,belief.burn_in=5").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut checked, mut differing, mut weighed) = (0, 0, 0);
    for game in 0..12u64 {
        let start = || belief_match(&spec, 3, CardSet::amulet(), 1, game, game);
        let (mut a, mut b) = (start(), start());
        // Both to the same decision of seat 0, deep in the first round.
        for _ in 0..(3 + game % 5) {
            let sa = a.step_until(SeatSet::only(0), &mut EventsOnly(&mut ()));
            let sb = b.step_until(SeatSet::only(0), &mut EventsOnly(&mut ()));
            assert_eq!(sa, sb);
            a.play_turn(&mut EventsOnly(&mut ())).unwrap();
            b.play_turn(&mut EventsOnly(&mut ())).unwrap();
        }
        if a.step_until(SeatSet::only(0), &mut EventsOnly(&mut ()))
            .is_none()
        {
            continue;
        }
        b.step_until(SeatSet::only(0), &mut EventsOnly(&mut ()));
        let view = a.game().view(0);
        let w1 = view.sample_world(&mut rng);
        let w2 = view.sample_world(&mut rng);
        differing += usize::from(w1 != w2);
        let legal = a.legal().to_vec();
        let da = a.players_mut()[0].decide(&w1, 0, &legal, &mut BotRng::seed_from_u64(game));
        let db = b.players_mut()[0].decide(&w2, 0, &legal, &mut BotRng::seed_from_u64(game));
        assert_eq!(da, db, "game {game}");
        checked += 1;
        // The decision did weigh its worlds by the decisions seen.
        if let Player::Ismcts(bot) = &a.players()[0] {
            weighed += usize::from(bot.belief_score(&view, &w1).is_some());
        }
    }
    assert!(
        checked >= 10 && differing >= 10,
        "{checked} checked, {differing} differing"
    );
    assert!(
        weighed >= 8,
        "{weighed} of {checked} decisions used the chains"
    );
}

/// Belief needs every decision it saw: a forgetful searcher with it is refused, and so are
/// parameters out of range.
#[test]
fn belief_parameters_are_checked() {
    for (spec, error) in [
        (
            "ismcts:belief.worlds=8,memory.capacity=2",
            "belief.worlds needs perfect memory",
        ),
        (
            "ismcts:belief.worlds=8,belief.window=0",
            "belief.window = 0 must be 1-1,000",
        ),
        (
            "ismcts:belief.worlds=8,belief.temperature=0",
            "belief.temperature = 0 must be a positive number",
        ),
        (
            "ismcts:belief.worlds=8,belief.floor=0",
            "belief.floor = 0 must be in (0, 1]",
        ),
        ("ismcts:belief.chains=8", "chains"),
    ] {
        let e = BotSpec::parse_inline(spec).unwrap_err().to_string();
        assert!(e.contains(error), "{spec}: {e}");
    }
    // Off by default: the plain search's parameters print as they did without the table (a
    // run's fingerprint is their Debug text).
    let plain = BotSpec::parse_inline("ismcts").unwrap();
    assert!(!format!("{plain:?}").contains("belief"));
    let on = BotSpec::parse_inline("ismcts:belief.worlds=8").unwrap();
    assert!(format!("{on:?}").contains("belief: BeliefSpec { worlds: 8"));
}

#[test]
fn belief_weights_make_the_true_hidden_cards_more_probable() {
    let rows = scored_games(
        "ismcts:iterations=200,belief.worlds=16",
        3,
        CardSet::amulet(),
        12,
        5,
    );
    let n = rows.len() as f64;
    let gain: Vec<f64> = rows.iter().map(|r| r.3 - r.2).collect();
    let mean = gain.iter().sum::<f64>() / n;
    let sd = (gain.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let acc = rows.iter().map(|r| r.4).sum::<f64>() / n;
    eprintln!(
        "{} scored decisions: mean gain {mean:.4} nats/card (se {:.4}), acceptance {acc:.3}",
        rows.len(),
        sd / n.sqrt()
    );
    for depth in [(0, 5), (5, 10), (10, 20), (20, 200)] {
        let d: Vec<&Row> = rows
            .iter()
            .filter(|r| (depth.0..depth.1).contains(&r.0))
            .collect();
        let k = d.len() as f64;
        let (uniform, weighted) = (
            d.iter().map(|r| r.2).sum::<f64>() / k,
            d.iter().map(|r| r.3).sum::<f64>() / k,
        );
        eprintln!(
            "turns {depth:?}: {} decisions, uniform {uniform:.4}, weighted {weighted:.4}",
            d.len()
        );
        // At every depth of the round the weighted worlds know more.
        assert!(d.len() > 50 && weighted > uniform + 0.1, "turns {depth:?}");
    }
    assert!(rows.len() > 100, "{} scored decisions", rows.len());
    assert!(mean > 3.0 * sd / n.sqrt(), "mean gain {mean}");
}
