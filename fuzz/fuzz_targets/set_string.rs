//! Set strings (`--set`, `set = "..."`): parse, and a set that parses names itself again.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(set) = silver_sim::NamedSet::parse(text) {
        let again = silver_sim::NamedSet::parse(&set.name).expect("a canonical name parses");
        assert_eq!(again.set, set.set, "canonical name of {text:?}");
        let _ = set.listing();
    }
    let _ = silver_rules::CardSet::parse(text);
});
