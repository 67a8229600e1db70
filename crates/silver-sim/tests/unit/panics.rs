use silver_sim::{catch_game, in_game, panic_text};

#[test]
fn the_flag_is_set_only_inside_a_caught_game() {
    assert!(!in_game());
    assert!(catch_game(in_game).unwrap());
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let seen = catch_game(|| {
        if in_game() {
            panic!("inside");
        }
    });
    std::panic::set_hook(prev);
    assert_eq!(panic_text(&*seen.unwrap_err()), "inside");
    assert!(!in_game(), "reset after a panic");
}
