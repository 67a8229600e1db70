//! Saved games (`silver play --save`, read by `--resume` and `silver view`): parse; resuming
//! one fails or succeeds without a panic, and one the viewer opens shows every position from
//! every seat.
#![no_main]
use libfuzzer_sys::fuzz_target;
use silver_bots::BotSpec;
use silver_table::session::{SavedGame, Session};
use silver_table::timeline::Timeline;
use silver_table::view::{scene_at, Lens};

fuzz_target!(|data: &[u8]| {
    let Ok(saved) = serde_json::from_slice::<SavedGame>(data) else {
        return;
    };
    // Resume with built-in bots in the other seats (never a program: a saved game's names are
    // not resolved here).
    let players = saved.script.players.min(8);
    let random = BotSpec::parse_inline("random").expect("a kind");
    let bots = (0..players)
        .map(|s| (s != saved.seat).then(|| ("random".to_string(), random.clone())))
        .collect();
    let _ = Session::resume(&saved, bots);
    if let Ok(t) = Timeline::from_script(&saved.script, saved.seats.clone()) {
        assert_eq!(t.steps.len(), saved.script.actions.len());
        assert_eq!(t.states.len(), t.steps.len() + 1);
        let seats = t.names.len() as u8;
        for at in 0..=t.end() {
            let _ = silver_table::scene::plain(&scene_at(&t, at, Lens::All));
            for s in 0..seats {
                let _ = silver_table::scene::plain(&scene_at(&t, at, Lens::Seat(s)));
            }
        }
    }
});
