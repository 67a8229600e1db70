//! Scripted games (JSON): parse and play; a script that plays leaves a consistent state.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(script) = serde_json::from_slice::<silver_rules::Script>(data) else {
        return;
    };
    if let Ok(game) = script.play(&mut ()) {
        game.omniscient()
            .check_invariants()
            .expect("a script that plays keeps the invariants");
    }
});
