use silver_sim::{catch_game, in_game, panic_text, record_game_panic};

#[test]
fn the_flag_is_set_only_inside_a_caught_game() {
    assert!(!in_game());
    assert!(catch_game(in_game).unwrap());
    let prev = std::panic::take_hook();
    // A hook as the command's: a game's panic is left to its catcher, with its location.
    std::panic::set_hook(Box::new(|info| record_game_panic(info.location())));
    let line = line!() + 3;
    let seen = catch_game(|| {
        if in_game() {
            panic!("inside");
        }
    });
    // A bot program's failure comes back as it was raised.
    let failure = silver_bots::BotFailure {
        command: "false".into(),
        seat: 1,
        what: "it exited".into(),
        forfeit: false,
    };
    let bot = catch_game(|| std::panic::panic_any(failure.clone()));
    std::panic::set_hook(prev);
    assert_eq!(
        panic_text(&*seen.unwrap_err()),
        format!("inside (at {}:{line})", file!())
    );
    assert_eq!(
        bot.unwrap_err().downcast_ref::<silver_bots::BotFailure>(),
        Some(&failure)
    );
    assert!(!in_game(), "reset after a panic");
}
