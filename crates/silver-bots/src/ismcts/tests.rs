//! The search's rollouts and rewards.

use super::*;
use crate::test_states::{for_each_decision, three_sets};

/// The greedy rollout takes forced steps without asking the greedy player: the rollouts
/// must be the very games a greedy player asked at every step would play (same final
/// state and scores), from decision points of three sets, forced steps among them.
#[test]
fn greedy_rollout_skipping_forced_steps_plays_the_same_games() {
    let params = IsmctsParams {
        rollout: RolloutPolicy::Greedy,
        rollout_laps: 0,
        rollout_turns: 0,
        ..IsmctsParams::default()
    };
    let mut search = Search::new(params);
    let mut asked = GreedyBot::new(GreedyParams::default());
    let mut legal = ActionList::new();
    let (mut rollouts, mut forced, mut k) = (0, 0, 0u64);
    for_each_decision(24, 3, three_sets, |g, _| {
        k += 1;
        if k % 5 != 0 {
            return;
        }
        let round = g.round();
        let mut fast = *g;
        let scores = search.rollout(&mut fast, round, &mut BotRng::seed_from_u64(k));
        // The reference: the greedy player asked at every step.
        let mut slow = *g;
        let mut rng = BotRng::seed_from_u64(k);
        asked.start_rollout(slow.config());
        let start = slow.turn_number();
        while !at_horizon(&slow, round)
            && slow.turn_number().wrapping_sub(start) < ROLLOUT_MAX_TURNS
        {
            let ToMove::Player(p) = slow.to_move() else {
                unreachable!("checked by at_horizon")
            };
            slow.legal_actions(&mut legal);
            forced += usize::from(legal.len() == 1);
            let a = asked.decide(&slow.view(p), &legal, &mut rng);
            slow.apply_unchecked(a, &mut ());
        }
        let expected = if at_horizon(&slow, round) {
            slow.last_round_scores()
        } else {
            scores_as_they_stand(&slow)
        };
        assert!(fast == slow, "rollout {k}: a different game");
        assert_eq!(scores, expected, "rollout {k}");
        rollouts += 1;
    });
    assert!(
        rollouts > 200 && forced > 100,
        "{rollouts} rollouts, {forced} forced steps"
    );
}

#[test]
fn margin_and_own_rewards() {
    let s = [10, 20, 30, 0];
    let r = rewards(RewardKind::Margin, &s, 3);
    assert!((r[0] - (0.5 + (25.0 - 10.0) / 100.0)).abs() < 1e-12);
    assert!((r[1] - 0.5).abs() < 1e-12);
    assert!((r[2] - (0.5 + (15.0 - 30.0) / 100.0)).abs() < 1e-12);
    let r = rewards(RewardKind::Own, &[0, 90, 0, 0], 2);
    assert_eq!(r[0], 1.0);
    assert_eq!(r[1], 0.0);
    let r = rewards(RewardKind::Margin, &[0, 200, 0, 0], 2);
    assert_eq!((r[0], r[1]), (1.0, 0.0));
}
