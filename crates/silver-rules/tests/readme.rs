//! The README's examples stay true: its JSON script parses and plays as described.

use silver_rules::*;

#[test]
fn readme_script_plays_three_tens_for_a_four() {
    let readme = include_str!("../../../README.md");
    let start = readme.find("```json\n").expect("README has a JSON example") + 8;
    let len = readme[start..].find("```").unwrap();
    let script: Script = serde_json::from_str(&readme[start..start + len]).unwrap();
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
