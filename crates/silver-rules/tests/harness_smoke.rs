mod common;
use common::T;
use silver_rules::*;

#[test]
fn harness_deals_and_plays() {
    let mut t = T::stacked(2, 0, &[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], 0, &[11, 12]);
    assert_eq!(t.village(0), vec![1, 2, 3, 4, 5]);
    assert_eq!(t.pile(), vec![0]);
    assert_eq!(t.deck()[..2], [11, 12]);
    t.peeks();
    assert_eq!(t.game.to_move(), ToMove::Player(0));
    t.draw_discard();
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}
