//! Statistics that merge by addition.

use silver_sim::Stats;

#[test]
fn merge_adds() {
    let mut a = Stats::new(2, 2);
    a.games = 3;
    a.census(5, 7, true);
    let mut b = Stats::new(2, 2);
    b.games = 4;
    b.census(9, 2, false);
    a.merge(&b);
    assert_eq!(a.games, 7);
    assert_eq!(a.census_by_turn[5].success, 1);
    assert_eq!(a.census_by_turn[9].calls, 1);
    assert_eq!(a.census_by_sum[2].calls, 1);
}
