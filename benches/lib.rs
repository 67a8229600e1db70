//! Benchmarks live in the bench targets of this package; this library holds what several of
//! them share.

use silver_bots::{IsmctsParams, PriorKind, RolloutPolicy, TreeScope};

/// The plain search with random rollouts to the round's end: every player in the tree, UCB1
/// without a prior, no shortcuts, no rollout cut. The configuration OpenSpiel's ISMCTS with a
/// random-rollout evaluator runs, so iterations per second compare with its own.
pub fn plain_random_ismcts(iterations: u32) -> IsmctsParams {
    IsmctsParams {
        iterations,
        rollout: RolloutPolicy::Random,
        rollout_turns: 0,
        rollout_laps: 0,
        tree: TreeScope::Round,
        prior: PriorKind::None,
        shortcuts: false,
        ..IsmctsParams::default()
    }
}
