//! The docs' examples stay true: the JSON script of `docs/dev/engine.md` parses and plays as
//! described. (That page's Rust example runs as a doctest of the crate: `EngineDoctests` in
//! `lib.rs`.) Also the strictness of scripts, which the page promises.

use silver_rules::*;

#[test]
fn engine_page_script_plays_three_tens_for_a_four() {
    // Read when the test runs, not compiled in, so editing the page rebuilds nothing.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/dev/engine.md");
    let page = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let start = page
        .find("```json\n")
        .expect("the engine page has a JSON example")
        + 8;
    let len = page[start..].find("```").unwrap();
    let script: Script = serde_json::from_str(&page[start..start + len]).unwrap();
    let mut events: Vec<Event> = Vec::new();
    let game = script.play(&mut events).unwrap();
    // R-SWAP-MULTI: the 4 took the first freed slot and the row closed up.
    assert_eq!(game.omniscient().village(0), vec![4, 1, 2]);
    assert_eq!(game.discard_pile().collect::<Vec<_>>(), vec![0, 10, 10, 10]);
    assert_eq!(game.to_move(), ToMove::Player(1));
}

#[test]
fn script_stacked_deal_rejects_unknown_keys() {
    let bad = r#"{"players": 2, "deals": [{"villages": [[1,2,3,4,5],[1,2,3,4,5]], "first_discard": 0, "deck_tpo": [4]}]}"#;
    assert!(serde_json::from_str::<Script>(bad).is_err());
    let good = bad.replace("deck_tpo", "deck_top");
    assert!(serde_json::from_str::<Script>(&good).is_ok());
}

/// Every action survives a JSON round trip, and any key an action does not have is an error.
#[test]
fn script_actions_are_strict() {
    let all = [
        Action::OpeningPeek { slot: 1 },
        Action::DrawDeck { extra: 2 },
        Action::DrawDisplay { index: 1 },
        Action::TakeDiscard,
        Action::CallCensus,
        Action::KeepDrawn { index: 1 },
        Action::Discard,
        Action::Exchange { slot: 3 },
        Action::Select { slot: 2 },
        Action::ConfirmExchange,
        Action::SkipAbility,
        Action::Target { seat: 1, slot: 4 },
        Action::StopLooking,
        Action::PickDiscard { index: 5 },
        Action::WitchLook,
        Action::WitchExchangeOwn,
        Action::WitchLeave,
        Action::Give { slot: 0 },
        Action::EmpathPeek { slot: 2 },
        Action::GuardPlace {
            guard: 1,
            target: 3,
        },
        Action::GuardLift { guard: 1 },
        Action::PlaceToken { slot: 0 },
        Action::EndTurn,
    ];
    for a in all {
        let text = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&text).unwrap(), a, "{text}");
    }
    for (bad, why) in [
        (r#"{"do":"discard","slot":1}"#, "has no field `slot`"),
        (r#"{"do":"select"}"#, "needs the field `slot`"),
        (
            r#"{"do":"select","slot":1,"slto":2}"#,
            "unknown field `slto`",
        ),
        (r#"{"do":"dicsard"}"#, "unknown action `dicsard`"),
    ] {
        let e = serde_json::from_str::<Action>(bad).unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
}
